"""Floors block sight: a slab hides the fighter beneath it from the fighter on it or above it (H10).

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("the terrain must not obstruct the entity's ability to
see the target"); ruling H10 of ``RULINGS.md`` ("A slab (floor, roof, balcony) blocks the shot between a fighter
standing on it or above it and a fighter beneath it whose position lies under the slab's horizontal extent. A
fighter beneath but beyond the slab's edge can be seen. H5 still decides everything else."); issue 23 (*Floors
block sight*: "x0 < x < x1 ... At an edge, or beyond it, the fighter beneath can be seen. A fighter is above a
slab when it stands on it, or on a section whose top is higher than the slab and whose x lies inside the slab's
extent"); ``shared/repro/real-cases/case-25.json``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.ask import answer
from vertigo.battlefield import Battlefield, Section
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.ranged import floors_between, judge_action, line_of_shot
from vertigo.table import Table

from builders import SCENARIOS

REAL_CASES = Path(__file__).resolve().parents[3] / "shared" / "repro" / "real-cases"
"""``shared/repro/real-cases/``, beside the repository; absent inside Pyodide and on another checkout."""

QUESTIONS = Path(__file__).resolve().parents[2] / "docs" / "questions"
"""The example question files of ``docs/api.md`` (not staged inside Pyodide)."""

BOW = Action.parse("Bow, range 5")

HALL = Battlefield.build(
    [Section("hall", "Hall", 0, 0, 10), Section("loft", "Loft", 2, 0, 6, "slab"), Section("roof", "Roof", 4, 4, 8)],
    [("hall", "loft"), ("loft", "roof"), ("hall", "roof")])
"""A hall (0, x 0 to 10) under a loft (slab, 2, x 0 to 6), and a roof (4, x 4 to 8) higher than the loft."""


def texts(verdict) -> list[str]:
    return [str(s) for s in verdict.steps]


def shot(source: str, source_x: Fraction | None, target: str, target_x: Fraction | None):
    """The Bow's verdict from ``source`` at ``source_x`` on the hall battlefield, and the line it judged."""
    line = line_of_shot(HALL, source, target, source_x, target_x, BOW.range)
    return judge_action(HALL, source, target, BOW, line), line


# -- beneath: strictly inside the slab's extent ---------------------------------

@pytest.mark.parametrize("x, hidden", [
    (Fraction(3), True),       # under the middle of the loft
    (Fraction(1, 2), True),    # just inside the left edge
    (Fraction(11, 2), True),   # just inside the right edge
    (Fraction(0), False),      # exactly at the left edge
    (Fraction(6), False),      # exactly at the right edge
    (Fraction(13, 2), False),  # just beyond it
    (Fraction(10), False),     # at the far end of the hall
])
def test_a_fighter_beneath_is_hidden_only_strictly_inside_the_slabs_extent(x, hidden):
    """Issue 23: "a fighter beneath it whose x lies strictly inside the slab's extent (x0 < x < x1). At an edge,
    or beyond it, the fighter beneath can be seen." The loft runs from 0 to 6; the archer stands on it."""
    assert floors_between(HALL, "loft", None, "hall", x) == (("loft",) if hidden else ())
    verdict, line = shot("loft", None, "hall", x)
    assert line is not None
    assert (line.blocked_by, line.blocked_rule) == (("loft", "H10") if hidden else (None, None))
    assert verdict.allowed is not hidden


def test_under_the_loft_the_shot_is_blocked_and_says_by_which_floor():
    """H10: "A slab ... blocks the shot between a fighter standing on it ... and a fighter beneath it": the lines
    name the floor, who stands on it, who is beneath it and its extent; H14: no other line is clear."""
    verdict, _ = shot("loft", None, "hall", Fraction(3))
    assert verdict.summary == "Bow, range 5: cannot reach (needs range 2, blocked)"
    assert texts(verdict) == [
        "[H5] Hall is d = 1 step from Loft along Loft → Hall; Height changes across the borders: -2; net Δh = -2.",
        "[H10] Blocked: the floor of Loft (Height 2) is between them: the fighter on Loft stands on it, and the "
        "fighter on Hall is beneath it, inside its extent 0 to 6.",
        "[H14] No line of at most 5 steps from Loft to Hall is clear; the shortest is judged, with its first "
        "blocker.",
        "[H5] Range needed = max(d, |Δh|) = max(1, 2) = 2; Bow has range 5, but the line is blocked: no range "
        "reaches past it.",
    ]


def test_at_the_edge_of_the_loft_the_fighter_beneath_is_seen():
    """Issue 23: "At an edge, or beyond it, the fighter beneath can be seen" — x = 6, the loft's right edge: H5
    alone decides (d = 1, Δh = −2)."""
    verdict, _ = shot("loft", None, "hall", Fraction(6))
    assert verdict.summary == "Bow, range 5: reaches (needs range 2)"
    assert texts(verdict) == [
        "[H5] Hall is d = 1 step from Loft along Loft → Hall; Height changes across the borders: -2; net Δh = -2.",
        "[H5] Range needed = max(d, |Δh|) = max(1, 2) = 2; Bow has range 5 — enough.",
    ]


def test_beyond_the_edge_h5_still_decides_the_range():
    """H10: "H5 still decides everything else": the fighter just beyond the loft's edge is seen, but a Sling of
    range 1 does not cover Δh = −2."""
    line = line_of_shot(HALL, "loft", "hall", None, Fraction(13, 2), 1)
    verdict = judge_action(HALL, "loft", "hall", Action.parse("Sling, range 1"), line)
    assert verdict.allowed is False
    assert verdict.summary == "Sling, range 1: cannot reach (needs range 2)"


def test_the_floor_hides_both_ways():
    """H10: the slab "blocks the shot between" the two fighters — from beneath, shooting up at the one on the loft,
    the same floor is named."""
    verdict, line = shot("hall", Fraction(3), "loft", None)
    assert line is not None and (line.blocked_by, line.blocked_rule) == ("loft", "H10")
    assert texts(verdict)[1] == (
        "[H10] Blocked: the floor of Loft (Height 2) is between them: the fighter on Loft stands on it, and the "
        "fighter on Hall is beneath it, inside its extent 0 to 6.")


# -- above: on the slab, or higher with its x inside the extent --------------------

@pytest.mark.parametrize("x, above", [
    (Fraction(5), True),       # over the loft
    (Fraction(6), True),       # over its edge: edges included for the fighter above
    (Fraction(13, 2), False),  # beyond it
    (Fraction(8), False),
])
def test_a_fighter_higher_than_the_slab_is_above_it_only_over_its_extent(x, above):
    """Issue 23: "A fighter is above a slab when it stands on it, or on a section whose top is higher than the slab
    and whose x lies inside the slab's extent" (``docs/rules.md`` › H10: "edges included"): the roof (4) over the
    loft (2, x 0 to 6), shooting at the thief under the loft at x 3."""
    assert floors_between(HALL, "roof", x, "hall", Fraction(3)) == (("loft",) if above else ())
    verdict, _ = shot("roof", x, "hall", Fraction(3))
    assert verdict.allowed is not above


def test_from_above_the_slab_the_floor_is_named_with_the_fighter_standing_above_it():
    """H10: "a fighter standing on it or above it": the roof's fighter at x 5 stands above the loft."""
    verdict, _ = shot("roof", Fraction(5), "hall", Fraction(3))
    assert texts(verdict) == [
        "[H5] Hall is d = 1 step from Roof along Roof → Hall; Height changes across the borders: -4; net Δh = -4.",
        "[H10] Blocked: the floor of Loft (Height 2) is between them: the fighter on Roof stands above it, and the "
        "fighter on Hall is beneath it, inside its extent 0 to 6.",
        "[H14] No line of at most 5 steps from Roof to Hall is clear; the shortest is judged, with its first "
        "blocker.",
        "[H5] Range needed = max(d, |Δh|) = max(1, 4) = 4; Bow has range 5, but the line is blocked: no range "
        "reaches past it.",
    ]


def test_two_fighters_beneath_the_same_slab_see_each_other():
    """H10 hides a fighter beneath a slab from one on it or above it; two fighters both beneath it are neither."""
    assert floors_between(HALL, "hall", Fraction(1), "hall", Fraction(5)) == ()
    line = line_of_shot(HALL, "hall", "hall", Fraction(1), Fraction(5))
    assert line is not None and line.blocked_by is None


# -- Tower and wood: the archer on the loft -------------------------------------

def tower() -> Table:
    return Table.start(scenario.loads((SCENARIOS / "tower-and-wood.json").read_text(encoding="utf-8")))


def test_the_archer_on_the_loft_cannot_shoot_the_thief_under_it_but_hits_the_lookout_past_its_edge():
    """H10 on *Tower and wood*: the loft runs from 9 to 12 over the hall; the thief (x 10.5) is under it, the
    lookout (x 13.5) beyond its edge. The archer's Shortbow (range 3) needs range 2 for either."""
    t = tower()
    thief = height_play.attack(t, "archer", "thief")[0]
    assert thief.summary == "Shortbow, range 3: cannot reach (needs range 2, blocked)"
    assert texts(thief)[1] == (
        "[H10] Blocked: the floor of Loft (Height 2) is between them: the fighter on Loft stands on it, and the "
        "fighter on Hall is beneath it, inside its extent 9 to 12.")
    lookout = height_play.attack(t, "archer", "lookout")[0]
    assert lookout.summary == "Shortbow, range 3: reaches (needs range 2)"


def test_a_thief_who_steps_along_the_hall_to_the_lofts_edge_is_seen():
    """Issue 23, *Fighters' x*: "H10 is judged on x"; ``step_along`` moves the thief along the hall to x 12, the
    loft's edge: no border, no fall, logged — and the archer's Shortbow now reaches."""
    t = height_play.step_along(tower(), "thief", Fraction(12))
    assert t.stand("thief") == ("hall", Fraction(12))
    assert t.log[-1].text == "Thief: steps along Hall to x = 12 — moved"
    assert t.log[-1].details == ("[H10] Along its own section: no border, no fall; where it stands on it decides "
                                 "what a floor hides.",)
    assert height_play.attack(t, "archer", "thief")[0].summary == "Shortbow, range 3: reaches (needs range 2)"
    assert t.undo().stand("thief") == ("hall", Fraction(21, 2))


@pytest.mark.parametrize("x, blocked_by, reaches", [(11.5, "loft", False), (12, None, True), (13, None, True)])
def test_ask_attack_judges_the_x_that_positions_gives(x, blocked_by, reaches):
    """Issue 23: "a scenario or ``ask``'s ``positions`` may give a fighter's x"; the answer's action and its line
    name the floor and ``blocked_rule`` "H10" (docs/api.md › ``attack``)."""
    data = answer({"scenario": "tower-and-wood.json", "ask": "attack", "fighter": "archer", "target": "thief",
                   "positions": {"thief": {"section": "hall", "x": x}}}, SCENARIOS)
    shortbow = data["actions"][0]
    rule = None if blocked_by is None else "H10"
    assert (shortbow["reaches"], shortbow["blocked_by"], shortbow["blocked_rule"]) == (reaches, blocked_by, rule)
    assert shortbow["line"] == {"path": ["loft", "hall"], "steps": 1, "rise": -2, "blocked_by": blocked_by,
                                "blocked_rule": rule}


# -- the real case ----------------------------------------------------------------

@pytest.mark.skipif(not (REAL_CASES / "case-25.json").is_file(), reason="shared/repro/real-cases is not here")
def test_case_25_the_caster_on_the_upper_floor_cannot_hit_the_foe_in_the_hall_beneath():
    """``case-25.json``: "a caster on the upper floor shoots a foe in the hall beneath: reaches"; expected
    "blocked by the floor (H10)". The upper floor (3, x 0 to 8) lies over the whole hall; the foe stands at its
    centre, x 4; the Fire bolt (range 3) would have the range."""
    doc = json.loads((REAL_CASES / "case-25.json").read_text(encoding="utf-8"))
    t = Table.start(scenario.load(doc))
    (bolt,) = height_play.attack(t, "caster", "target")
    assert bolt.allowed is False
    assert bolt.summary == "Fire bolt, range 3: cannot reach (needs range 3, blocked)"
    assert texts(bolt) == [
        "[H5] Hall is d = 1 step from Upper floor along Upper floor → Hall; Height changes across the borders: -3; "
        "net Δh = -3.",
        "[H10] Blocked: the floor of Upper floor (Height 3) is between them: the fighter on Upper floor stands on "
        "it, and the fighter on Hall is beneath it, inside its extent 0 to 8.",
        "[H14] No line of at most 3 steps from Upper floor to Hall is clear; the shortest is judged, with its "
        "first blocker.",
        "[H5] Range needed = max(d, |Δh|) = max(1, 3) = 3; Fire bolt has range 3, but the line is blocked: no "
        "range reaches past it.",
    ]


@pytest.mark.skipif(not QUESTIONS.is_dir(), reason="docs/questions/ is not staged here")
def test_the_question_file_has_the_loft_hide_the_thief():
    """docs/api.md › ``attack``: ``docs/questions/archer-cannot-see-under-the-loft.json`` — the Shortbow is blocked
    by the loft's floor (``blocked_rule`` "H10", on the action and on its line)."""
    path = QUESTIONS / "archer-cannot-see-under-the-loft.json"
    data = answer(json.loads(path.read_text(encoding="utf-8")), path.parent)
    shortbow = data["actions"][0]
    assert (shortbow["reaches"], shortbow["range_needed"], shortbow["blocked_by"], shortbow["blocked_rule"]) == (
        False, 2, "loft", "H10")
    assert shortbow["line"]["blocked_rule"] == "H10"
    assert data["rules"] == ["H5", "H6", "H10", "H14"]
