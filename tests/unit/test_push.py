"""Forced movement: a push moves a fighter towards a section the referee picks, falling each downward border's
full Height and stopping before an upward one (H12).

Source: ``000_519d8b8e373365db.txt`` › Combat (falling across a border); ruling H12 of ``RULINGS.md`` ("A push or
knock-back moves a fighter up to N steps to a section the referee picks. Each downward crossing is a fall of the
border's full Height (a Move's Height does not apply to forced movement); an upward border of Height > 0 stops
the push on the near side. Falls add up as in H2 and roll as in H8."), H15 (a stated Height counts), H7, H13;
issue 23 (*Forced movement*, ``ask push``, *Bad input*, the Hypothesis property "a push never ends beyond an
upward border"); ``shared/repro/real-cases/case-34.json``.
"""

from __future__ import annotations

import copy
import json
import math
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vertigo import scenario
from vertigo.ask import answer
from vertigo.battlefield import Battlefield, Border, Section
from vertigo.dice import DicePool, rng_for, roll
from vertigo.errors import QuestionError, RulesError
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.push import MAX_PUSH, judge_push
from vertigo.rules.height.rules.stairs import move_rise
from vertigo.table import Table

from builders import SCENARIOS, chain

REAL_CASES = Path(__file__).resolve().parents[3] / "shared" / "repro" / "real-cases"
"""``shared/repro/real-cases/``, beside the repository; absent inside Pyodide and on another checkout."""

QUESTIONS = Path(__file__).resolve().parents[2] / "docs" / "questions"
"""The example question files of ``docs/api.md`` (not staged inside Pyodide)."""

FAST = settings(max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

TOWER = json.loads((SCENARIOS / "tower-and-wood.json").read_text(encoding="utf-8"))


def texts(verdict) -> list[str]:
    return [str(s) for s in verdict.steps]


def tower() -> Table:
    return Table.start(scenario.load(copy.deepcopy(TOWER)))


# -- falls add up, and an upward border stops the push --------------------------------

def test_a_push_falls_two_borders_and_stops_before_the_upward_one():
    """H12: "Each downward crossing is a fall of the border's full Height ...; an upward border of Height > 0 stops
    the push on the near side. Falls add up as in H2": S0 (5) → S1 (3) → S2 (1) falls 2 + 2, then S2 → S3 (2) is
    up Height 1: the push towards S4 stops on S2, with 4 steps allowed and 2 taken."""
    verdict = judge_push(chain(5, 3, 1, 2, 0), "s0", "s4", 4)
    assert (verdict.path, verdict.planned, verdict.stopped_at, verdict.dest) == (
        ("s0", "s1", "s2"), ("s0", "s1", "s2", "s3", "s4"), "s3", "s2")
    assert verdict.dice == 4
    assert verdict.summary == "Pushed 2 steps to S2, stopped before S3: falls, 4d6: 4–24, mean 14"
    assert texts(verdict) == [
        "[H12] Pushed up to 4 steps towards S4, along the path of fewest steps (H13); a Move's Height does not "
        "apply.",
        "[H12] S0 → S1: down Height 2 — falls its full Height 2 (2d6).",
        "[H12] S1 → S2: down Height 2 — falls its full Height 2 (2d6).",
        "[H12] S2 → S3: up Height 1 — an upward border with a Height: the push stops on S2.",
        "[H8] Falls add up: 2d6 + 2d6 = 4d6 (4d6: 4–24, mean 14).",
    ]
    assert [c.to_json() for c in verdict.crossings] == [
        {"from": "s0", "to": "s1", "rise": -2, "fall": 2, "dice": 2},
        {"from": "s1", "to": "s2", "rise": -2, "fall": 2, "dice": 2}]


def test_a_push_ends_after_its_n_steps():
    """H12: "moves a fighter up to N steps": pushed 1 step towards S2, it ends on S1 after one fall."""
    verdict = judge_push(chain(5, 3, 1), "s0", "s2", 1)
    assert (verdict.path, verdict.stopped_at) == (("s0", "s1"), None)
    assert texts(verdict)[1:] == [
        "[H12] S0 → S1: down Height 2 — falls its full Height 2 (2d6).",
        "[H12] 1 step taken: the push ends on S1.",
        "[H8] Falling dice: 2d6: 2–12, mean 7.",
    ]


def test_a_fractional_fall_rolls_its_whole_heights_and_a_level_border_none():
    """H12 with H8 ("1d6 per whole Height fallen (a fractional Height rounds down)"): down 1.5 is 1d6; across a
    border of Height 0 there is no fall."""
    verdict = judge_push(chain(1.5, 0, 0), "s0", "s2", 2)
    assert [c.to_json() for c in verdict.crossings] == [
        {"from": "s0", "to": "s1", "rise": -1.5, "fall": 1.5, "dice": 1},
        {"from": "s1", "to": "s2", "rise": 0, "fall": 0, "dice": 0}]
    assert texts(verdict)[1:] == [
        "[H12] S0 → S1: down Height 1.5 — falls its full Height 1.5 (1d6).",
        "[H12] S1 → S2: Height 0 (no Height) — no fall.",
        "[H8] Falling dice: 1d6: 1–6, mean 3.5.",
    ]


def test_a_push_ignores_the_fighters_move_height():
    """H12: "a Move's Height does not apply to forced movement": the climber (``Move 1 (Height 3)``) walks down the
    Height 3 cliff with no fall (H2), but pushed down it falls 3d6."""
    doc = {"vertigo": 2, "title": "Cliff", "rules": ["height"],
           "sections": [{"id": "top", "name": "Top", "elevation": 3, "x": [0, 1]},
                        {"id": "foot", "name": "Foot", "elevation": 0, "x": [1, 2]}],
           "borders": [["top", "foot"]],
           "fighters": [{"id": "climber", "name": "Climber", "side": "A", "section": "top",
                         "moves": ["Move 1 (Height 3)"]}]}
    t = Table.start(scenario.load(doc))
    assert height_play.move_verdict(t, "climber", 0, "foot").pool.count == 0
    pushed = height_play.push(t, "climber", "foot", 1)
    assert (pushed.dice, pushed.summary) == (3, "Pushed 1 step to Foot: falls, 3d6: 3–18, mean 10.5")


# -- stated Heights (H15) -----------------------------------------------------------------

def test_pushed_off_the_tower_down_the_edge_falls_3d6():
    """H12 on *Tower and wood*: the dazed guard (``Move 0``) pushed 1 step off the tower top onto the rocks falls
    the edge's full Height 3."""
    verdict = height_play.push(tower(), "dazed", "rocks", 1)
    assert verdict.summary == "Pushed 1 step to Rocks: falls, 3d6: 3–18, mean 10.5"
    assert texts(verdict) == [
        "[H12] Pushed up to 1 step towards Rocks, along the path of fewest steps (H13); a Move's Height does not "
        "apply.",
        "[H12] Tower top → Rocks: down Height 3 — falls its full Height 3 (3d6).",
        "[H8] Falling dice: 3d6: 3–18, mean 10.5.",
    ]


def test_pushed_down_the_ladder_falls_its_stated_height():
    """Issue 23: "Each downward crossing falls the border's full Height: a Move's Height does not apply, but a
    stated Height (H15) does" — towards the west field the path of fewest steps takes the ladder (stated Height
    1, the elevations 3 apart): 1d6."""
    verdict = height_play.push(tower(), "dazed", "field", 5)
    assert verdict.path == ("tower-top", "tower-floor", "field")
    assert verdict.summary == "Pushed 2 steps to West field: falls, 1d6: 1–6, mean 3.5"
    assert texts(verdict)[1:] == [
        "[H12] Tower top → Tower floor: down Height 1 by the ladder (stated; the elevations are 3 apart, H15) — "
        "falls its full Height 1 (1d6).",
        "[H12] Tower floor → West field: Height 0 (no Height) — no fall.",
        "[H8] Falling dice: 1d6: 1–6, mean 3.5.",
    ]


def test_an_upward_stair_stops_the_push_at_once():
    """H12 with H15: the stair up to the loft states Height 1 (> 0): the thief pushed towards the loft does not
    move, and the answer says what stopped it."""
    verdict = height_play.push(tower(), "thief", "loft", 2)
    assert (verdict.path, verdict.stopped_at, verdict.dice) == (("hall",), "loft", 0)
    assert verdict.summary == "Not moved, stopped before Loft."
    assert texts(verdict)[1:] == [
        "[H12] Hall → Loft: up Height 1 by the stair (stated; the elevations are 2 apart, H15) — an upward border "
        "with a Height: the push stops on Hall.",
        "[H8] No falling dice.",
    ]


def test_an_upward_border_that_states_height_0_does_not_stop_the_push():
    """H12: only "an upward border of Height > 0" stops it, and H15: the push uses the stated Height — a ramp of
    stated Height 0 up to the loft lets the thief be pushed onto it."""
    doc = copy.deepcopy(TOWER)
    stair = next(b for b in doc["borders"] if isinstance(b, dict) and b.get("id") == "stair")
    stair["height"] = 0
    verdict = height_play.push(Table.start(scenario.load(doc)), "thief", "loft", 2)
    assert (verdict.path, verdict.stopped_at, verdict.dice) == (("hall", "loft"), None, 0)
    assert texts(verdict)[1] == ("[H12] Hall → Loft: up Height 0 by the stair (stated; the elevations are 2 apart, "
                                 "H15) — no fall.")


# -- nowhere to go ------------------------------------------------------------------------

def test_a_push_to_where_the_fighter_stands_moves_nothing():
    """H12: "up to N steps to a section the referee picks" — the section it stands on: no step, no fall."""
    verdict = judge_push(chain(2, 0), "s0", "s0", 1)
    assert (verdict.allowed, verdict.path, verdict.summary) == (True, ("s0",), "Not moved.")
    assert texts(verdict)[1:] == ["[H12] Already on S0: nothing moves.", "[H8] No falling dice."]


def test_a_push_towards_an_unconnected_section_is_not_allowed():
    """H12: a push follows a path of sections (H13); with none to the section picked there is no push."""
    f = Battlefield.build([Section("a", "A", 0, 0, 1), Section("b", "B", 0, 2, 3)], [])
    verdict = judge_push(f, "a", "b", 3)
    assert (verdict.allowed, verdict.path, verdict.planned) == (False, ("a",), ())
    assert verdict.summary == "Cannot be pushed there: no line of sections leads to it."
    assert texts(verdict)[1] == "[H12] B shares no border, direct or indirect, with A: no push."


# -- the real case, rolled ----------------------------------------------------------------

@pytest.mark.skipif(not (REAL_CASES / "case-34.json").is_file(), reason="shared/repro/real-cases is not here")
def test_case_34_the_stunned_fighter_pushed_off_the_tall_roof_rolls_5d6_and_undo_takes_it_back():
    """``case-34.json``: "a stunned fighter pushed off the tall roof: no way to push; a DM override moves it with no
    fall"; expected "a push rolls the fall (H12)". ``docs/rules.md`` › H12: "pushed 2 steps to the Street falls
    Height 3 onto the Short roof, then Height 2 into the Street: 3d6 + 2d6 = 5d6", rolled with the case's seed
    (H8), and Undo takes it back whole."""
    doc = json.loads((REAL_CASES / "case-34.json").read_text(encoding="utf-8"))
    start = Table.start(scenario.load(doc))
    verdict = height_play.push(start, "stunned", "street", 2)
    assert verdict.how == "pushed 2 steps"
    assert texts(verdict)[1:] == [
        "[H12] Tall roof → Short roof: down Height 3 — falls its full Height 3 (3d6).",
        "[H12] Short roof → Street: down Height 2 — falls its full Height 2 (2d6).",
        "[H8] Falls add up: 3d6 + 2d6 = 5d6 (5d6: 5–30, mean 17.5).",
    ]
    after, rolled = start.move("stunned", verdict)
    assert rolled == roll(DicePool(5), rng_for(34, 0))
    assert (after.position("stunned"), after.rolls) == ("street", 1)
    back = after.undo()
    assert (back.position("stunned"), back.rolls) == ("tall", 0)


def test_a_push_the_dm_rules_out_moves_nothing_and_rolls_nothing():
    """H7 on H12 (issue 23: "The DM may override a push"): ruled out, the rules' path and falls stay in the
    answer, the summary says so, and carried out it leaves the guard on the tower with no roll."""
    t = tower()
    verdict = height_play.push(t, "dazed", "rocks", 1).overridden(False, "it holds the rail")
    assert (verdict.allowed, verdict.final, verdict.dice, verdict.pool.count) == (True, False, 3, 0)
    assert verdict.summary == "Not pushed — overridden by the DM."
    assert texts(verdict)[-1] == "[H7] Rules say allowed; overridden by the DM: not allowed (it holds the rail)."
    after, rolled = t.move("dazed", verdict)
    assert (after.position("dazed"), rolled, after.rolls) == ("tower-top", None, 0)


# -- ask push ------------------------------------------------------------------------------

def ask(**fields: object) -> dict:
    return answer({"scenario": "tower-and-wood.json", "ask": "push", **fields}, SCENARIOS)


def test_ask_push_answers_with_the_verdicts_json():
    """Issue 23, ``ask`` questions: "``push``: ``fighter``, ``to``, ``steps``, ``positions``, ``override`` →
    ``allowed``, ``final``, ``path``, ``stopped_at``, ``crossings`` (as ``move``'s), ``fall_dice``, ``summary``,
    ``rules``, ``explanation``" (docs/api.md › ``push``)."""
    data = ask(fighter="dazed", to="hall", steps=3)
    assert data == {
        "ask": "push", "allowed": True, "final": True, "path": ["tower-top", "rocks", "hall"], "stopped_at": None,
        "crossings": [{"from": "tower-top", "to": "rocks", "rise": -3, "fall": 3, "dice": 3},
                      {"from": "rocks", "to": "hall", "rise": 0, "fall": 0, "dice": 0}],
        "fall_dice": 3, "start": "tower-top", "to": "hall", "steps": 3, "override": None,
        "summary": "Pushed 2 steps to Hall: falls, 3d6: 3–18, mean 10.5", "rules": ["H8", "H12"],
        "explanation": [
            "[H12] Pushed up to 3 steps towards Hall, along the path of fewest steps (H13); a Move's Height does not "
            "apply.",
            "[H12] Tower top → Rocks: down Height 3 — falls its full Height 3 (3d6).",
            "[H12] Rocks → Hall: Height 0 (no Height) — no fall.",
            "[H8] Falling dice: 3d6: 3–18, mean 10.5."]}


def test_ask_push_takes_positions_and_the_dms_override():
    """docs/api.md: ``positions`` places the fighter first; ``override`` is the DM's (H7): the thief placed on the
    rocks, pushed towards the tower top, is stopped at once (up Height 3), and the DM's "not allowed" is kept."""
    data = ask(fighter="thief", to="tower-top", steps=1, positions={"thief": "rocks"},
               override={"allowed": False, "note": "held"})
    assert (data["start"], data["path"], data["stopped_at"], data["final"]) == ("rocks", ["rocks"], "tower-top", False)
    assert data["rules"] == ["H7", "H8", "H12"]


@pytest.mark.parametrize("fields, message", [
    ({"steps": 0}, "question.steps: a push moves 1 to 50 steps: 0"),
    ({"steps": 51}, "question.steps: a push moves 1 to 50 steps: 51"),
    ({"steps": 1.5}, "question.steps: a push moves 1 to 50 steps: 1.5"),
    ({"steps": True}, "question.steps: a push moves 1 to 50 steps: true"),
    ({"steps": "2"}, 'question.steps: a push moves 1 to 50 steps: "2"'),
    ({"steps": None}, "question.steps: a push moves 1 to 50 steps: null"),
    ({"to": "moon"}, 'question.to: no section "moon"; the sections are field, tower-floor, tower-top, rocks, hall, '
                     "loft, hill-w, wood, hill-e, ditch, rampart, vale-w, ridge, pass-w, pass-e, vale-e"),
    ({"to": None}, "question.to: no section null; the sections are field, tower-floor, tower-top, rocks, hall, "
                   "loft, hill-w, wood, hill-e, ditch, rampart, vale-w, ridge, pass-w, pass-e, vale-e"),
])
def test_ask_push_refuses_steps_outside_1_to_50_and_a_to_naming_no_section(fields, message):
    """Issue 23, *Bad input*: "a push with ``steps`` of 0 or over 50, or a ``to`` naming no section" is refused at
    its place, with nothing in play changed: the scenario document is as it was, and the same push with good
    fields answers as before."""
    document = copy.deepcopy(TOWER)
    good = {"scenario": document, "ask": "push", "fighter": "dazed", "to": "rocks", "steps": 2}
    first = answer(good)
    with pytest.raises(QuestionError) as caught:
        answer({**good, **fields})
    assert str(caught.value) == message
    assert document == TOWER
    assert answer(good) == first


def test_ask_push_names_what_is_missing():
    """docs/api.md: a missing field is named, with what to give."""
    with pytest.raises(QuestionError) as caught:
        ask(fighter="dazed", to="rocks")
    assert str(caught.value) == "question.steps: missing; give how many steps the push moves the fighter, 1 to 50"


@pytest.mark.parametrize("steps", [0, 51, -1, 2.0, True])
def test_judge_push_refuses_anything_but_a_whole_number_from_1_to_50(steps):
    """Issue 23: "A push moves a fighter up to N steps (1 to 50)": the core refuses the rest too, whoever calls it
    (a float, even whole, and a bool are not step counts)."""
    assert MAX_PUSH == 50
    with pytest.raises(RulesError) as caught:
        judge_push(chain(1, 0), "s0", "s1", steps)
    assert str(caught.value) == f"a push moves 1 to 50 steps: {steps!r}"


# -- Hypothesis: a push never ends beyond an upward border -----------------------------------

@st.composite
def pushes(draw) -> tuple[Battlefield, str, str, int]:
    """A random connected battlefield of 2 to 8 sections (elevations −3 to 3, some borders stating a Height from
    0 to their difference, H15), a start, another section to push towards, and N."""
    n = draw(st.integers(2, 8))
    sections = [Section(f"s{i}", f"S{i}", draw(st.integers(-3, 3)), i, i + 1) for i in range(n)]
    pairs = {(draw(st.integers(max(0, i - 2), i - 1)), i) for i in range(1, n)}  # long paths, mostly
    pairs |= set(draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] < p[1]),
                               max_size=3)))
    borders = []
    for a, b in sorted(pairs):
        difference = abs(sections[a].elevation - sections[b].elevation)
        stated = draw(st.one_of(st.none(), st.integers(0, int(difference))))
        borders.append(Border(f"s{a}", f"s{b}", Fraction(a + b + 1, 2),
                              values=() if stated is None else (("height", Fraction(stated)),)))
    start, to = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
    return Battlefield(tuple(sections), tuple(borders)), f"s{start}", f"s{to}", draw(st.integers(1, MAX_PUSH))


@FAST
@given(case=pushes())
def test_a_push_never_ends_beyond_an_upward_border(case):
    """Issue 23's property: "a push never ends beyond an upward border" — no crossing on its path rises (H12: "an
    upward border of Height > 0 stops the push on the near side", the Height a stated one where the border states
    it, H15); it follows the planned path of fewest steps, at most N steps; when stopped, the next border rises;
    and its dice are each crossing's whole Heights fallen, added (H2, H8)."""
    field, start, to, n = case
    verdict = judge_push(field, start, to, n)
    path = verdict.path
    assert all(move_rise(field, a, b) <= 0 for a, b in pairwise(path))
    assert all(c.rise <= 0 and c.fall == -c.rise for c in verdict.crossings)
    assert verdict.planned[:len(path)] == path or not verdict.allowed
    assert len(path) - 1 <= n
    if verdict.stopped_at is not None:
        assert verdict.planned[len(path)] == verdict.stopped_at
        assert move_rise(field, path[-1], verdict.stopped_at) > 0
    elif verdict.allowed:
        assert path[-1] == to or len(path) - 1 == n
    assert verdict.dice == sum(math.floor(-c.rise) for c in verdict.crossings)


@pytest.mark.skipif(not QUESTIONS.is_dir(), reason="docs/questions/ is not staged here")
def test_the_question_file_pushes_the_dazed_guard_off_the_tower():
    """docs/api.md › ``push``: ``docs/questions/push-off-the-tower.json`` — the dazed guard (``Move 0``) pushed 1 step
    off the tower top falls the edge's full Height 3: 3d6 (H12, H8)."""
    path = QUESTIONS / "push-off-the-tower.json"
    data = answer(json.loads(path.read_text(encoding="utf-8")), path.parent)
    assert (data["ask"], data["allowed"], data["final"], data["fall_dice"]) == ("push", True, True, 3)
    assert (data["path"], data["stopped_at"]) == (["tower-top", "rocks"], None)
    assert data["crossings"] == [{"from": "tower-top", "to": "rocks", "rise": -3, "fall": 3, "dice": 3}]
    assert data["summary"] == "Pushed 1 step to Rocks: falls, 3d6: 3–18, mean 10.5"
