"""Terrain that hides: a section marked ``blocks_sight`` blocks every shot whose line passes through it (H11).

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("the terrain must not obstruct the entity's ability to
see the target"); ruling H11 of ``RULINGS.md`` ("A section may be marked as blocking sight (woods, smoke, a
curtain wall). A shot whose path passes through such a section strictly between the two ends is blocked,
whatever its elevation; the sections the two fighters stand on never block their own shot."); issue 23 (*Terrain
that hides*, *Bad input*, the Hypothesis property "marking a section as sight-blocking never makes a blocked shot
clear"); ``shared/repro/real-cases/case-33.json``.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vertigo import scenario
from vertigo.ask import answer
from vertigo.battlefield import Battlefield, Section
from vertigo.errors import ScenarioError
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.fields import BLOCKS_SIGHT
from vertigo.rules.height.rules.ranged import judge_action, line_of_shot
from vertigo.table import Table

from builders import SCENARIOS

REAL_CASES = Path(__file__).resolve().parents[3] / "shared" / "repro" / "real-cases"
"""``shared/repro/real-cases/``, beside the repository; absent inside Pyodide and on another checkout."""

QUESTIONS = Path(__file__).resolve().parents[2] / "docs" / "questions"
"""The example question files of ``docs/api.md`` (not staged inside Pyodide)."""

FAST = settings(max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def texts(verdict) -> list[str]:
    return [str(s) for s in verdict.steps]


def hiding(field: Battlefield, *ids: str) -> Battlefield:
    """``field`` with the sections ``ids`` marked ``blocks_sight`` (H11)."""
    return Battlefield(tuple(replace(s, values=(*s.values, ("blocks_sight", True))) if s.id in ids else s
                             for s in field.sections), field.borders)


def row(*elevations: float) -> Battlefield:
    """Sections ``s0``, ``s1``, … (names ``S0``, …) in a row, each bordering the next."""
    sections = [Section(f"s{i}", f"S{i}", e, i, i + 1) for i, e in enumerate(elevations)]
    return Battlefield.build(sections, [(f"s{i}", f"s{i + 1}") for i in range(len(elevations) - 1)])


def tower() -> Table:
    return Table.start(scenario.loads((SCENARIOS / "tower-and-wood.json").read_text(encoding="utf-8")))


# -- the wood between, and at each end --------------------------------------------

def test_the_wood_between_the_two_hills_blocks_the_hunters_shot():
    """H11: "A shot whose path passes through such a section strictly between the two ends is blocked, whatever
    its elevation": on *Tower and wood* the wood (1) is lower than both hills (2), so H5 alone would let the
    Longbow through (range needed 2)."""
    (longbow,) = height_play.attack(tower(), "hunter", "poacher")
    assert longbow.summary == "Longbow, range 5: cannot reach (needs range 2, blocked)"
    assert longbow.line is not None and (longbow.line.blocked_by, longbow.line.blocked_rule) == ("wood", "H11")
    assert texts(longbow) == [
        "[H5] East hill is d = 2 steps from West hill along West hill → Wood → East hill; Height changes across "
        "the borders: -1 then 1; net Δh = 0.",
        "[H11] Blocked: Wood blocks sight, between the two ends.",
        "[H14] No line of at most 5 steps from West hill to East hill is clear; the shortest is judged, with its "
        "first blocker.",
        "[H5] Range needed = max(d, |Δh|) = max(2, 0) = 2; Longbow has range 5, but the line is blocked: no range "
        "reaches past it.",
    ]


def test_a_fighter_in_the_wood_can_be_shot_at():
    """H11: "the sections the two fighters stand on never block their own shot" — the wood is the target's end."""
    (longbow,) = height_play.attack(tower(), "hunter", "scout")
    assert longbow.summary == "Longbow, range 5: reaches (needs range 1)"
    assert texts(longbow) == [
        "[H5] Wood is d = 1 step from West hill along West hill → Wood; Height changes across the borders: -1; "
        "net Δh = -1.",
        "[H5] Range needed = max(d, |Δh|) = max(1, 1) = 1; Longbow has range 5 — enough.",
    ]


def test_a_fighter_in_the_wood_shoots_out_of_it():
    """H11: "the sections the two fighters stand on never block their own shot" — the wood is the shooter's end:
    the scout's Spear (Reach, judged as range 1, H6) reaches the poacher on the east hill."""
    (spear,) = height_play.attack(tower(), "scout", "poacher")
    assert spear.summary == "Spear, range 0, Reach: reaches (needs range 1)"
    assert texts(spear) == [
        "[H6] Spear, range 0, Reach: Reach 1 is judged like a ranged action of range 1.",
        "[H5] East hill is d = 1 step from Wood along Wood → East hill; Height changes across the borders: 1; "
        "net Δh = 1.",
        "[H5] Range needed = max(d, |Δh|) = max(1, 1) = 1; Spear has Reach 1 — enough.",
    ]


@pytest.mark.parametrize("hidden", ["s0", "s2"])
def test_a_hiding_section_at_either_end_of_a_longer_line_never_blocks(hidden):
    """H11: "strictly between the two ends" — smoke on the shooter's section or on the target's, two steps apart
    over level ground, leaves the line clear both ways."""
    f = hiding(row(0, 0, 0), hidden)
    for a, b in (("s0", "s2"), ("s2", "s0")):
        line = line_of_shot(f, a, b)
        assert line is not None and (line.path[1], line.blocked_by, line.blocked_rule) == ("s1", None, None)


@pytest.mark.parametrize("middle", [-3, 0, 1, 5])
def test_whatever_its_elevation_a_hiding_section_between_blocks(middle):
    """H11: "blocked, whatever its elevation" — below both ends, level with them or higher than both; on one
    section H11 is named before H5 (issue 23: "H11 before H5")."""
    f = hiding(row(1, middle, 1), "s1")
    line = line_of_shot(f, "s0", "s2")
    assert line is not None and (line.blocked_by, line.blocked_rule) == ("s1", "H11")
    verdict = judge_action(f, "s0", "s2", Action.parse("Bow, range 5"), line)
    assert verdict.allowed is False
    assert texts(verdict)[1] == "[H11] Blocked: S1 blocks sight, between the two ends."


@pytest.mark.parametrize("elevations, hidden, first, rule", [
    ((0, 0, 3, 0), "s1", "s1", "H11"),   # the wood first, a crag after it
    ((0, 3, 0, 0), "s2", "s1", "H5"),    # a crag first, the wood after it
])
def test_the_first_blocker_along_the_line_is_named(elevations, hidden, first, rule):
    """H14: "With no clear line at all, the answer gives the shortest line and its first blocker along the line",
    whichever ruling blocks it (H11 or H5)."""
    line = line_of_shot(hiding(row(*elevations), hidden), "s0", "s3")
    assert line is not None and (line.blocked_by, line.blocked_rule) == (first, rule)


def test_a_section_not_marked_does_not_hide():
    """H11: only a section "marked as blocking sight" hides; the field's default is false."""
    f = row(0, 0, 0)
    assert f.section("s1")[BLOCKS_SIGHT] is False
    line = line_of_shot(f, "s0", "s2")
    assert line is not None and line.blocked_by is None


# -- the real case -------------------------------------------------------------------

def case_33(blocks_sight: bool | None) -> Table:
    """``case-33.json``, as a version-2 document when the forest is marked ``blocks_sight`` (a field of version 2),
    as it was filed (version 1) when ``blocks_sight`` is None."""
    doc = json.loads((REAL_CASES / "case-33.json").read_text(encoding="utf-8"))
    if blocks_sight is not None:
        doc["vertigo"] = 2
        for s in doc["sections"]:
            if s["id"] == "forest":
                s["blocks_sight"] = blocks_sight
    return Table.start(scenario.load(doc))


@pytest.mark.skipif(not (REAL_CASES / "case-33.json").is_file(), reason="shared/repro/real-cases is not here")
def test_case_33_the_crossbow_shot_across_the_woods_is_blocked_when_the_woods_hide():
    """``case-33.json``: "flat, woods, hill: a crossbow shot across the woods reaches"; expected "blocked when the
    woods hide (H11)". With ``"blocks_sight": true`` on the forest the Crossbow (range 2) is blocked; without the
    mark (as filed, or false) H5 alone decides and it reaches."""
    (crossbow,) = height_play.attack(case_33(True), "xbow", "tercio")
    assert crossbow.summary == "Crossbow, range 2: cannot reach (needs range 2, blocked)"
    assert texts(crossbow) == [
        "[H5] Hill is d = 2 steps from Flat along Flat → Forest → Hill; Height changes across the borders: 0 then 1; "
        "net Δh = 1.",
        "[H11] Blocked: Forest blocks sight, between the two ends.",
        "[H14] No line of at most 2 steps from Flat to Hill is clear; the shortest is judged, with its first "
        "blocker.",
        "[H5] Range needed = max(d, |Δh|) = max(2, 1) = 2; Crossbow has range 2, but the line is blocked: no range "
        "reaches past it.",
    ]
    for unmarked in (None, False):
        (crossbow,) = height_play.attack(case_33(unmarked), "xbow", "tercio")
        assert crossbow.summary == "Crossbow, range 2: reaches (needs range 2)"


# -- bad input --------------------------------------------------------------------

WOOD_DOC = json.loads((SCENARIOS / "tower-and-wood.json").read_text(encoding="utf-8"))
WOOD = next(i for i, s in enumerate(WOOD_DOC["sections"]) if s["id"] == "wood")


@pytest.mark.parametrize("value, shown", [("yes", '"yes"'), ("true", '"true"'), (1, "1"), (0, "0"),
                                          (None, "null"), ([True], "[true]")])
def test_blocks_sight_that_is_not_true_or_false_is_refused_at_its_place(value, shown):
    """Issue 23, *Bad input*: "``blocks_sight`` that is not true or false" is "refused at its place" — the one
    problem, and the document it was read from is left as it was."""
    doc = copy.deepcopy(WOOD_DOC)
    doc["sections"][WOOD]["blocks_sight"] = value
    before = copy.deepcopy(doc)
    with pytest.raises(ScenarioError) as caught:
        scenario.load(doc)
    assert caught.value.problems == (f"sections[{WOOD}].blocks_sight: must be true or false: {shown}",)
    assert doc == before


def test_blocks_sight_is_a_field_of_version_2():
    """A version-1 document (``case-33.json`` as filed) that marks a section is told to write version 2."""
    doc = {"vertigo": 1, "title": "Old", "sections": [{"id": "a", "elevation": 0, "x": [0, 1], "blocks_sight": True}]}
    with pytest.raises(ScenarioError) as caught:
        scenario.load(doc)
    assert caught.value.problems == ('sections[0].blocks_sight: is not a field in version 1 (write "vertigo": 2)',)


# -- Hypothesis: marking a section never clears a shot -----------------------------

@st.composite
def battlefields(draw) -> tuple[Battlefield, str, Fraction, str, Fraction]:
    """A random connected battlefield of 3 to 8 sections (some of them slabs, some already hiding): a random tree
    of borders and up to 6 more, and a shooter and a target on two different sections, with their x."""
    n = draw(st.integers(3, 8))
    sections = []
    for i in range(n):
        x0 = draw(st.integers(0, 8))
        sections.append(Section(f"s{i}", f"S{i}", draw(st.integers(-3, 3)), x0, x0 + draw(st.integers(1, 4)),
                                draw(st.sampled_from(["ground", "ground", "slab"])),
                                values=(("blocks_sight", True),) if draw(st.integers(0, 3)) == 0 else ()))
    pairs = {(draw(st.integers(0, i - 1)), i) for i in range(1, n)}
    pairs |= set(draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] < p[1]),
                               max_size=6)))
    field = Battlefield.build(sections, [(f"s{a}", f"s{b}") for a, b in sorted(pairs)])
    source, target = draw(st.lists(st.sampled_from(sections), min_size=2, max_size=2, unique_by=lambda s: s.id))

    def at(s: Section) -> Fraction:
        return s.x0 + (s.x1 - s.x0) * Fraction(draw(st.integers(0, 4)), 4)

    return field, source.id, at(source), target.id, at(target)


@FAST
@given(case=battlefields(), marked=st.integers(0, 7), longest=st.one_of(st.none(), st.integers(0, 6)))
def test_marking_a_section_as_sight_blocking_never_makes_a_blocked_shot_clear(case, marked, longest):
    """Issue 23's property: "marking a section as sight-blocking never makes a blocked shot clear" (H11 only adds
    a reason to block; H14: the clear line used is the one with the fewest steps, so it never gets shorter
    either), and an action that did not reach does not reach after."""
    field, source, sx, target, tx = case
    sid = field.sections[marked % len(field.sections)].id
    before = line_of_shot(field, source, target, sx, tx, longest)
    after = line_of_shot(hiding(field, sid), source, target, sx, tx, longest)
    if before is None:
        assert after is None
        return
    assert after is not None
    if before.blocked_by is not None:
        assert after.blocked_by is not None
    if after.blocked_by is None:
        assert before.blocked_by is None and after.steps >= before.steps
    bow = Action("Bow", 6 if longest is None else longest)
    if not judge_action(field, source, target, bow, before).allowed:
        assert not judge_action(hiding(field, sid), source, target, bow, after).allowed


@pytest.mark.skipif(not QUESTIONS.is_dir(), reason="docs/questions/ is not staged here")
def test_the_question_file_has_the_wood_hide_the_poacher():
    """docs/api.md › ``attack``: ``docs/questions/wood-hides-the-poacher.json`` — the Longbow is blocked by the wood
    (``blocked_rule`` "H11")."""
    path = QUESTIONS / "wood-hides-the-poacher.json"
    data = answer(json.loads(path.read_text(encoding="utf-8")), path.parent)
    (longbow,) = data["actions"]
    assert (longbow["reaches"], longbow["range_needed"], longbow["blocked_by"], longbow["blocked_rule"]) == (
        False, 2, "wood", "H11")
    assert longbow["line"]["path"] == ["hill-w", "wood", "hill-e"]
    assert data["rules"] == ["H5", "H11", "H14"]
