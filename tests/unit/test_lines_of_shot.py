"""Several lines of shot: the shot takes the clear line with the fewest steps, and goes round what blocks the
shortest (H14).

Source: ``000_519d8b8e373365db.txt`` › Height and Range; ruling H14 of ``RULINGS.md`` ("A shot may follow any
line of sections from shooter to target; d in H5 is that line's step count. The shot reaches when some line
within the action's range is clear (H5, H10, H11); the product names the line needing the least range (then
H13). With no clear line it reports the shortest line and what blocks it."), H13 ("A clear line always beats a
blocked one"); issue 23 (*Several lines of shot*: "Where a clear line exists but needs more range than the
action has, the action cannot reach, and it says the range the clear line needs ... H10 is named before H11, and
H11 before H5"; "Bound the line search"); ``docs/rules.md`` › H14 ("The search is bounded").
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.ask import answer
from vertigo.battlefield import Battlefield, Section
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.ranged import judge_action, line_of_shot
from vertigo.table import Table

from builders import SCENARIOS, field

QUESTIONS = Path(__file__).resolve().parents[2] / "docs" / "questions"
"""The example question files of ``docs/api.md`` (not staged inside Pyodide)."""


def texts(verdict) -> list[str]:
    return [str(s) for s in verdict.steps]


def hiding(f: Battlefield, *ids: str) -> Battlefield:
    """``f`` with the sections ``ids`` marked ``blocks_sight`` (H11)."""
    return Battlefield(tuple(replace(s, values=(("blocks_sight", True),)) if s.id in ids else s for s in f.sections),
                       f.borders)


# -- two lines of equal steps ----------------------------------------------------

CRAG_FIRST = field({"s": 0, "crag": 3, "gap": 0, "t": 0}, [("s", "crag"), ("crag", "t"), ("s", "gap"), ("gap", "t")])
"""Two 2-step lines from S to T: over the Crag (3, higher than both ends: blocked, H5), first in document order of
the sections and of the borders, and through the Gap (0, clear)."""


def test_of_two_lines_of_equal_steps_the_clear_one_is_used_though_the_blocked_one_comes_first():
    """H13: "A clear line always beats a blocked one; ties are broken only among equals"; H14: the line used is
    the clear line with the fewest steps — S → Gap → T, d = 2, not the line over the Crag. Nothing goes round:
    both lines are the shortest, so no H14 step."""
    line = line_of_shot(CRAG_FIRST, "s", "t")
    assert line is not None
    assert (line.path, line.steps, line.shortest, line.blocked_by, line.blocked_rule, line.detour) == (
        ("s", "gap", "t"), 2, 2, None, None, None)
    verdict = judge_action(CRAG_FIRST, "s", "t", Action.parse("Sling, range 2"), line)
    assert verdict.summary == "Sling, range 2: reaches (needs range 2)"
    assert texts(verdict) == [
        "[H5] T is d = 2 steps from S along S → Gap → T; Height changes across the borders: 0 then 0; net Δh = 0.",
        "[H5] Line clear: no section between stands higher than both ends (max 0) — Gap at Height 0.",
        "[H5] Range needed = max(d, |Δh|) = max(2, 0) = 2; Sling has range 2 — enough.",
    ]


def test_of_two_lines_of_equal_steps_the_one_through_no_wood_is_used():
    """H14: "clear (H5, H10, H11)" — the same with a wood (level with both ends, H11) in place of the crag."""
    f = hiding(field({"s": 0, "wood": 0, "gap": 0, "t": 0}, [("s", "wood"), ("wood", "t"), ("s", "gap"), ("gap", "t")]),
               "wood")
    line = line_of_shot(f, "s", "t")
    assert line is not None and (line.path, line.blocked_by) == (("s", "gap", "t"), None)


# -- a longer clear line -----------------------------------------------------------

ROUND = {
    "vertigo": 2, "title": "Round the crag", "rules": ["height"],
    "sections": [{"id": "s", "name": "Near field", "elevation": 0, "x": [0, 1]},
                 {"id": "crag", "name": "Crag", "elevation": 3, "x": [1, 2]},
                 {"id": "a", "name": "Lane A", "elevation": 0, "x": [1, 2]},
                 {"id": "b", "name": "Lane B", "elevation": 0, "x": [2, 3]},
                 {"id": "c", "name": "Lane C", "elevation": 0, "x": [3, 4]},
                 {"id": "t", "name": "Far field", "elevation": 0, "x": [4, 5]}],
    "borders": [["s", "crag"], ["crag", "t"], ["s", "a"], ["a", "b"], ["b", "c"], ["c", "t"]],
    "fighters": [
        {"id": "archer", "name": "Archer", "side": "A", "section": "s", "moves": [],
         "actions": ["Longbow, range 5", "Sling, range 2"]},
        {"id": "slinger", "name": "Slinger", "side": "A", "section": "s", "moves": [], "actions": ["Sling, range 2"]},
        {"id": "foe", "name": "Foe", "side": "B", "section": "t", "moves": [], "actions": []}],
}
"""The shortest line, 2 steps over the Crag, is blocked (H5); the clear line through the lanes is 4 steps."""

ROUND_LINE = ["[H5] Far field is d = 4 steps from Near field along Near field → Lane A → Lane B → Lane C → Far field; "
              "Height changes across the borders: 0 then 0 then 0 then 0; net Δh = 0.",
              "[H14] The shortest line, 2 steps along Near field → Crag → Far field, is blocked by Crag (H5); the shot "
              "goes round by the clear line with the fewest steps, 4.",
              "[H5] Line clear: no section between stands higher than both ends (max 0) — Lane A at Height 0, Lane B "
              "at Height 0, Lane C at Height 0."]


def round_the_crag() -> Table:
    return Table.start(scenario.load(ROUND))


def test_a_longer_clear_line_within_range_reaches_and_d_is_its_step_count():
    """H14: "d in H5 is that line's step count. The shot reaches when some line within the action's range is
    clear": the Longbow (range 5) goes round by the 4-step line, range needed 4, and says what it goes round."""
    longbow, _ = height_play.attack(round_the_crag(), "archer", "foe")
    assert longbow.summary == "Longbow, range 5: reaches (needs range 4)"
    assert texts(longbow) == [*ROUND_LINE,
                              "[H5] Range needed = max(d, |Δh|) = max(4, 0) = 4; Longbow has range 5 — enough."]
    assert longbow.line is not None and longbow.line.detour == (("s", "crag", "t"), "crag", "H5")


def test_a_longer_clear_line_beyond_the_actions_range_cannot_reach_and_says_the_range_it_needs():
    """Issue 23: "Where a clear line exists but needs more range than the action has, the action cannot reach,
    and it says the range the clear line needs" — the archer's Sling (range 2) would cover the blocked 2-step line
    but not the clear 4-step one: range needed 4, not blocked."""
    _, sling = height_play.attack(round_the_crag(), "archer", "foe")
    assert sling.summary == "Sling, range 2: cannot reach (needs range 4)"
    assert texts(sling) == [*ROUND_LINE,
                            "[H5] Range needed = max(d, |Δh|) = max(4, 0) = 4; Sling has range 2 — too short."]
    data = sling.to_json()
    assert (data["range_needed"], data["blocked_by"], data["blocked_rule"]) == (4, None, None)


def test_the_search_looks_no_further_than_the_shooters_longest_range():
    """``docs/rules.md`` › H14, "The search is bounded": "A line never needs more steps than the longest range
    among the shooter's actions ... With no clear line within that bound, the answer says so and gives the
    shortest line's blocker." The slinger's only action has range 2, so the 4-step line is not looked for: the
    2-step line over the Crag is judged, blocked.  (Issue 23 asks, for a clear line beyond the action's range,
    for "the range the clear line needs"; the archer's own Sling above does so because the archer's Longbow sets
    the bound.)"""
    (sling,) = height_play.attack(round_the_crag(), "slinger", "foe")
    assert sling.summary == "Sling, range 2: cannot reach (needs range 2, blocked)"
    assert texts(sling) == [
        "[H5] Far field is d = 2 steps from Near field along Near field → Crag → Far field; Height changes across "
        "the borders: 3 then -3; net Δh = 0.",
        "[H5] Blocked: Crag stands at Height 3, higher than both ends (max 0).",
        "[H14] No line of at most 2 steps from Near field to Far field is clear; the shortest is judged, with its "
        "first blocker.",
        "[H5] Range needed = max(d, |Δh|) = max(2, 0) = 2; Sling has range 2, but the line is blocked: no range "
        "reaches past it.",
    ]
    unbounded = line_of_shot(round_the_crag().scenario.field, "s", "t")
    assert unbounded is not None and (unbounded.steps, unbounded.blocked_by) == (4, None)


def test_going_round_the_range_needed_is_the_larger_of_the_detours_steps_and_the_ends_height():
    """H5 along the H14 line: "the range needed is max(d, |Δh|)", d the line's steps and Δh the ends' difference:
    the target stands 3 up, the detour is 3 steps: range 3 (4 steps would need 4)."""
    f = field({"s": 0, "crag": 5, "a": 0, "b": 0, "t": 3}, [("s", "crag"), ("crag", "t"), ("s", "a"), ("a", "b"),
                                                               ("b", "t")])
    line = line_of_shot(f, "s", "t")
    assert line is not None and (line.path, line.steps, line.rise, line.range_needed) == (
        ("s", "a", "b", "t"), 3, 3, 3)
    assert texts(judge_action(f, "s", "t", Action.parse("Bow, range 3"), line))[-1] == (
        "[H5] Range needed = max(d, |Δh|) = max(3, 3) = 3; Bow has range 3 — enough.")


# -- Tower and wood: the ranger and the bandit ---------------------------------------

def tower() -> Table:
    return Table.start(scenario.loads((SCENARIOS / "tower-and-wood.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("shooter, target, names", [
    ("ranger", "bandit", ("West vale", "Pass, west", "Pass, east", "East vale")),
    ("bandit", "ranger", ("East vale", "Pass, east", "Pass, west", "West vale"))])
def test_the_shot_between_the_vales_goes_round_the_ridge_through_the_pass(shooter, target, names):
    """H14 on *Tower and wood*: the shortest line between the vales crosses the Ridge (4, higher than both ends,
    H5); the clear line runs through the pass under it, 3 steps, both ways."""
    first = height_play.attack(tower(), shooter, target)[0]
    assert first.allowed is True
    assert texts(first)[:3] == [
        f"[H5] {names[3]} is d = 3 steps from {names[0]} along {' → '.join(names)}; Height changes across the "
        "borders: 0 then 0 then 0; net Δh = 0.",
        f"[H14] The shortest line, 2 steps along {names[0]} → Ridge → {names[3]}, is blocked by Ridge (H5); the "
        "shot goes round by the clear line with the fewest steps, 3.",
        f"[H5] Line clear: no section between stands higher than both ends (max 1) — {names[1]} at Height 1, "
        f"{names[2]} at Height 1.",
    ]


def test_the_rangers_sling_cannot_reach_round_the_ridge():
    """Issue 23: a clear line that "needs more range than the action has": the Sling (range 2) needs the pass's 3."""
    longbow, sling = height_play.attack(tower(), "ranger", "bandit")
    assert (longbow.summary, sling.summary) == ("Longbow, range 5: reaches (needs range 3)",
                                                "Sling, range 2: cannot reach (needs range 3)")


def test_ask_attack_gives_the_line_used_and_its_blocked_rule():
    """Issue 23, ``ask`` questions: "``line.path`` is the line used, ``range_needed`` is that line's ... Each
    action, and its ``line``, also gets ``blocked_rule``" — here null: the line through the pass is clear."""
    data = answer({"scenario": "tower-and-wood.json", "ask": "attack", "fighter": "ranger", "target": "bandit"},
                  SCENARIOS)
    longbow = data["actions"][0]
    assert list(longbow) == ["name", "action", "range", "reaches", "final", "override", "source", "target",
                             "range_needed", "blocked_by", "blocked_rule", "line", "summary", "rules", "explanation"]
    assert (longbow["range_needed"], longbow["blocked_by"], longbow["blocked_rule"]) == (3, None, None)
    assert longbow["line"] == {"path": ["vale-w", "pass-w", "pass-e", "vale-e"], "steps": 3, "rise": 0,
                               "blocked_by": None, "blocked_rule": None}
    assert data["rules"] == ["H5", "H14"]


# -- which blocker is named ----------------------------------------------------------

def test_a_floor_between_the_fighters_is_named_before_a_wood_on_the_line():
    """Issue 23: "where several rules block the same section, H10 is named before H11, and H11 before H5";
    ``docs/rules.md`` › H10: a floor between two fighters "blocks every line (H14), and it is named first along the
    line". The archer on the loft, the target beneath it (x 5); the shortest line runs through smoke (H11), the
    other through an open yard: the floor is named."""
    f = hiding(Battlefield.build(
        [Section("loft", "Loft", 2, 0, 10, "slab"), Section("smoke", "Smoke", 1, 10, 12),
         Section("hall", "Hall", 0, 0, 10), Section("yard", "Yard", 0, 12, 14)],
        [("loft", "smoke"), ("smoke", "hall"), ("loft", "yard"), ("yard", "hall")]), "smoke")
    line = line_of_shot(f, "loft", "hall", None, Fraction(5), 5)
    assert line is not None
    assert (line.path, line.blocked_by, line.blocked_rule, line.bound) == (("loft", "smoke", "hall"), "loft", "H10", 5)
    verdict = judge_action(f, "loft", "hall", Action.parse("Bow, range 5"), line)
    assert texts(verdict)[1:3] == [
        "[H10] Blocked: the floor of Loft (Height 2) is between them: the fighter on Loft stands on it, and the "
        "fighter on Hall is beneath it, inside its extent 0 to 10.",
        "[H14] No line of at most 5 steps from Loft to Hall is clear; the shortest is judged, with its first "
        "blocker.",
    ]


@pytest.mark.skipif(not QUESTIONS.is_dir(), reason="docs/questions/ is not staged here")
def test_the_question_file_has_the_ranger_shoot_round_the_ridge():
    """docs/api.md › ``attack``: ``docs/questions/ranger-shoots-round-the-ridge.json`` — the line used is the pass's,
    3 steps: the Longbow reaches, the Sling needs range 3 (H14)."""
    path = QUESTIONS / "ranger-shoots-round-the-ridge.json"
    data = answer(json.loads(path.read_text(encoding="utf-8")), path.parent)
    assert [(a["reaches"], a["range_needed"], a["blocked_rule"]) for a in data["actions"]] == [
        (True, 3, None), (False, 3, None)]
    assert {tuple(a["line"]["path"]) for a in data["actions"]} == {("vale-w", "pass-w", "pass-e", "vale-e")}
