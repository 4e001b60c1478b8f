"""The Jumping questions of ``python -m vertigo ask`` — ``jump_table``, ``jump``, ``jump_outcome``, ``jump_plan`` and
``jump_landing`` — in the process (:func:`vertigo.ask.answer`) and through the command, with their example files
of ``docs/questions/``; every bad input of issue 25 refused at its place with exit 2; the scenario document's
jumping fields refused at their place, kept where jumping does not referee, and exported so that they import
again.

Source: ``003_d3aa233771e16bb9.txt``; rulings J1–J12, H7; issue 25 (*``ask`` questions*, *Bad input*, *Format*);
``docs/api.md`` (the questions, their fields and answers, exit codes and error lines).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_ask import QUESTION_FILES, ask_file, needs_docs, needs_processes, run, write_question

from vertigo import scenario
from vertigo.ask import answer
from vertigo.errors import QuestionError, ScenarioError

HUMAN = {"size": "Medium", "move_tiles": 12}
"""The seed's worked example: a Medium human with Move 12 (60 ft)."""

STREET: dict[str, Any] = {
    "vertigo": 2, "title": "Across the street", "units": "feet", "rules": ["levels", "jumping"], "dice_seed": 8,
    "sections": [{"id": "warehouse", "name": "Warehouse roof", "elevation": 30, "x": [0, 40]},
                 {"id": "street", "name": "Street", "elevation": 0, "x": [40, 60]},
                 {"id": "tenement", "name": "Tenement roof", "elevation": 30, "x": [60, 100]}],
    "fighters": [{"id": "runner", "name": "Runner", "side": "Watch", "section": "warehouse", "x": 4, **HUMAN},
                 {"id": "thief", "name": "Thief", "side": "Thieves", "section": "tenement", "x": 70, "size": "Small",
                  "move_tiles": 10, "tumbling": True}]}
"""Two 30-ft roofs with a 20-ft street between, the runner 36 ft back from the warehouse's edge; dice seed 8,
whose first d8 is a 5."""


def ask(**question: Any) -> dict[str, Any]:
    return answer(question)


def street(**question: Any) -> dict[str, Any]:
    return answer({"scenario": STREET, **question})


# -- jump_table ------------------------------------------------------------------------------------------------


def test_jump_table_the_seeds_worked_example():
    """Seed, *Jumping Distance*: the Medium human with Move 12: running 20 ft, no roll to 10 ft, at most 30 ft, 30 ft
    of run-up (J1, J2); cost 6 (J3); lengths as numbers with their exact text (issue 25)."""
    data = ask(ask="jump_table", **HUMAN)
    assert list(data) == ["ask", "full_move_ft", "full_move_ft_exact", "running", "standing_long", "high",
                          "standing_high", "run_up_ft", "run_up_ft_exact", "cost_mp", "summary", "rules",
                          "explanation"]
    assert data["running"] == {"base": 20, "base_exact": "20", "minimum": 10, "minimum_exact": "10", "maximum": 30,
                               "maximum_exact": "30", "modifier": 2, "modifier_exact": "2"}
    assert data["standing_long"] == {"base": 7.5, "base_exact": "15/2", "minimum": 3.75, "minimum_exact": "15/4",
                                     "maximum": 11.25, "maximum_exact": "45/4", "modifier": 0.75,
                                     "modifier_exact": "3/4"}
    assert (data["high"]["base"], data["standing_high"]["base"]) == (4, 3)
    assert (data["full_move_ft"], data["run_up_ft"], data["cost_mp"]) == (60, 30, 6)
    assert data["rules"] == ["J1", "J2", "J3"]
    assert data["explanation"][:2] == ["[J1] Move 12 × 5 ft = 60 ft Full Move.",
                                       "[J1] Medium running jump: 1/3 of the Full Move = 20 ft; minimum 10 ft, maximum "
                                       "30 ft, Jump Modifier 2 ft."]


def test_jump_table_in_thirds_and_with_move_modifiers():
    """J1 with thirds, shown to hundredths with the exact fraction beside: a Small thief with Move 10 runs 50/3 ft
    (16.67); J9: at ½ Move with 1 point of its own, the human's running base is 9 ft, its table explained."""
    thief = ask(ask="jump_table", size="small", move_tiles=10, tumbling=True)
    assert (thief["running"]["base"], thief["running"]["base_exact"]) == (16.67, "50/3")
    assert (thief["standing_long"]["minimum"], thief["standing_long"]["minimum_exact"]) == (3.13, "25/8")
    slowed = ask(ask="jump_table", **HUMAN, move_fraction="1/2", mp_cost_per_tile=1)
    assert (slowed["running"]["base"], slowed["full_move_ft"], slowed["run_up_ft"], slowed["cost_mp"]) == (9, 30, 15, 3)
    assert slowed["rules"] == ["J1", "J2", "J3", "J9"]
    assert slowed["explanation"][:2] == ["[J1] Move 12 × 5 ft = 60 ft Full Move, × 1/2 for its Move fraction = 30 ft.",
                                         "[J9] 1 Move point(s) a tile of its own: −10 % of every distance (× 0.9)."]


def test_jump_table_of_a_fighter_of_a_scenario():
    """Issue 25: "or as a ``fighter`` of a ``scenario``" — the thief's own numbers from the document."""
    assert street(ask="jump_table", fighter="thief") == ask(ask="jump_table", size="Small", move_tiles=10,
                                                            tumbling=True)


# -- jump ------------------------------------------------------------------------------------------------------


def test_jump_running_24_ft():
    """J4's example: base 20 ft, 24 ft is −2; a roll; cost 6 (J3); the kind's four figures."""
    data = ask(ask="jump", **HUMAN, kind="running", distance=24)
    assert data == {
        "ask": "jump", "kind": "running", "distance_ft": 24, "distance_ft_exact": "24", "possible": True,
        "auto_success": False, "penalty": -2, "check": "a Hard Strength or Dexterity Feat", "cost_mp": 6, "base": 20,
        "base_exact": "20", "minimum": 10, "minimum_exact": "10", "maximum": 30, "maximum_exact": "30", "modifier": 2,
        "modifier_exact": "2", "summary": "A running jump of 24 ft needs a Hard Strength or Dexterity Feat at −2.",
        "rules": ["J4"],
        "explanation": ["[J4] A running jump (after a run-up) of 24 ft is 4 ft past its base of 20 ft: 4 ft ÷ 2 ft "
                        "(10 % of base) = 2 step(s), a started one in full: −2.",
                        "[J4] The check: a Hard Strength or Dexterity Feat."]}


@pytest.mark.parametrize(("distance", "possible", "auto", "penalty"), [
    (10, True, True, 0), ("10.01", True, False, 0), (20, True, False, 0), ("20.01", True, False, -1),
    ("30 ft", True, False, -5), ("30.01", False, False, 0), ("8 yd", True, False, -2), ("2/3 ft", True, True, 0)])
def test_jump_at_its_boundaries_and_with_length_text(distance, possible, auto, penalty):
    """J4 at the minimum, the base and the maximum and a hundredth past each; a distance is a length: "30 ft",
    "8 yd" (24 ft), "2/3 ft"."""
    data = ask(ask="jump", **HUMAN, kind="running", distance=distance)
    assert (data["possible"], data["auto_success"], data["penalty"]) == (possible, auto, penalty)


# -- jump_outcome ---------------------------------------------------------------------------------------------


def test_jump_outcome_a_diagonal_scatter_has_only_the_number():
    """J6: 24 ft failed by 3 scatters 6 ft; a 2 lands it 24 + 3√2 = 28.24 ft along and 3√2 = 4.24 ft to the right;
    a length with √2 in it has no ``_exact`` (issue 25)."""
    data = ask(ask="jump_outcome", **HUMAN, kind="running", intended=24, fail_by=3, direction=2)
    assert data == {
        "ask": "jump_outcome", "kind": "running", "intended": 24, "intended_exact": "24", "fail_by": 3,
        "scatter_ft": 6, "scatter_ft_exact": "6", "direction": 2, "landing_along": 28.24, "landing_sideways": 4.24,
        "undershoot": False, "at_minimum": False, "summary": "It lands 28.24 ft along the jump from the takeoff.",
        "rules": ["J6"],
        "explanation": ["[J6] Failed by 3: it scatters 3 × 2 ft = 6 ft ahead and to the right (d8: 2).",
                        "[J6] It lands 28.24 ft along the jump from the takeoff and 4.24 ft to the right of the jump."]}


def test_jump_outcome_the_rulings_undershoot_and_the_minimum():
    """J6: "intended 24 ft, scatter 8 ft ahead past a 30-ft maximum: 16 ft"; 12 ft failed by 2 back lands at the
    10-ft minimum."""
    under = ask(ask="jump_outcome", **HUMAN, kind="running", intended=24, fail_by=4, direction=1)
    assert (under["landing_along"], under["landing_along_exact"], under["undershoot"]) == (16, "16", True)
    floor = ask(ask="jump_outcome", **HUMAN, kind="running", intended=12, fail_by=2, direction=5)
    assert (floor["landing_along"], floor["at_minimum"], floor["landing_sideways"]) == (10, True, 0)


def test_jump_outcome_a_failed_high_jump():
    """J5: the human's 5-ft high jump failed by 3 reaches 5 − 1.2 = 3.8 ft; failed by 9, the 2-ft minimum."""
    data = ask(ask="jump_outcome", **HUMAN, kind="high", intended=5, fail_by=3)
    assert {k: data[k] for k in ("reached", "reached_exact", "at_minimum", "made")} == {
        "reached": 3.8, "reached_exact": "19/5", "at_minimum": False, "made": False}
    assert ask(ask="jump_outcome", **HUMAN, kind="standing_high", intended=4, fail_by=9)["reached"] == 1.5


def test_jump_outcome_on_the_battlefield_lands_in_the_street_and_falls():
    """J6, J7, J12: the runner's 23-ft jump failed by 3 with a 5 scatters 6 ft back: 17 ft out, at 57 ft over the
    street; from the takeoff's 30 ft it falls 30 ft: Height 3 at 10 ft, 3d6."""
    data = street(ask="jump_outcome", fighter="runner", to={"section": "tenement", "x": 63}, fail_by=3, direction=5)
    keys = ("kind", "intended", "direction", "landing_along", "lands_on", "landing_x", "fall")
    assert {k: data[k] for k in keys} == {
        "kind": "running", "intended": 23, "direction": 5, "landing_along": 17, "lands_on": "street", "landing_x": 57,
        "fall": {"drop_ft": 30, "drop_ft_exact": "30", "height": 3, "dice": "3d6"}}
    assert data["summary"] == "Runner lands on Street and falls 30 ft."
    assert data["rules"] == ["H8", "J6", "J7", "J12"]


def test_jump_outcome_with_a_scenario_rolls_the_tables_next_d8():
    """J6, J11: "``direction`` (1–8; required without a scenario, else rolled)": seed 8's first d8 is a 5 — the
    answer without a direction is the answer with 5."""
    rolled = street(ask="jump_outcome", fighter="runner", to={"section": "tenement", "x": 63}, fail_by=3)
    assert rolled == street(ask="jump_outcome", fighter="runner", to={"section": "tenement", "x": 63}, fail_by=3,
                            direction=5)
    numbers = street(ask="jump_outcome", size="Medium", move_tiles=12, kind="running", intended=23, fail_by=3)
    assert (numbers["direction"], numbers["landing_along"]) == (5, 17)


def test_jump_outcome_a_success_and_a_jump_that_needs_no_roll():
    """J11: "0 is a success": the runner lands where it aimed; a jump down into the street (5 ft, no roll) ignores
    the failure entered, and falls 30 ft."""
    made = street(ask="jump_outcome", fighter="runner", to={"section": "tenement", "x": 63}, fail_by=0)
    assert (made["lands_on"], made["landing_x"], made["fall"], made["fail_by"]) == ("tenement", 63, None, 0)
    down = street(ask="jump_outcome", fighter="runner", to={"section": "street", "x": 45}, fail_by=4)
    assert (down["fail_by"], down["lands_on"], down["landing_x"], down["fall"]["dice"]) == (0, "street", 45, "3d6")


@pytest.mark.parametrize(("kind", "intended", "landed"), [("running", 8, "landing_along"), ("high", 1, "reached")])
def test_jump_outcome_by_numbers_of_a_jump_that_needs_no_roll_ignores_a_failure(kind, intended, landed):
    """Seed: "If the distance is equal to or less than their Minimum Jump distance, they succeed without a roll";
    J11 in docs/rules.md: "A jump of at most the minimum needs no check, and none is asked for" — by its numbers,
    as on the battlefield (``fail_by`` 0 there), an 8-ft running jump (minimum 10 ft) or a 1-ft high jump
    (minimum 2 ft) entered as failed by 3 lands where it was meant, with no scatter; J4 says why."""
    data = ask(ask="jump_outcome", **HUMAN, kind=kind, intended=intended, fail_by=3, direction=1)
    assert (data["fail_by"], data[landed]) == (0, intended)
    assert data["rules"] == ["J4", "J11"]
    assert "succeeds with no roll" in data["explanation"][0]


def test_jump_outcome_by_numbers_of_an_impossible_jump_is_refused():
    """J4: "Above maximum: impossible" — there is no check to enter for a 35-ft running jump (maximum 30 ft): it is
    refused at ``question.intended``, naming the maximum, as the battlefield refuses it at ``question.to``."""
    with pytest.raises(QuestionError) as e:
        ask(ask="jump_outcome", **HUMAN, kind="running", intended=35, fail_by=0)
    assert str(e.value).startswith("question.intended: ")
    assert "30 ft" in str(e.value)


def test_jump_outcome_the_landing_is_stored_as_it_is_shown():
    """Issue 25: "store the landing x rounded to 1/100 ft (shown as hundredths, exported exactly as that
    fraction)": a jump to 63 1/8 ft (23.125 ft from the edge at 40 ft) failed by 1 to the right lands 23.125 ft
    along; shown, that is 23.13 ft (halves away from zero, as every length is shown), so it lands at 40 + 23.13 =
    63.13 ft, and the explanation says the same number."""
    data = street(ask="jump_outcome", fighter="runner", to={"section": "tenement", "x": "63 1/8"}, fail_by=1,
                  direction=3)
    assert (data["landing_along"], data["landing_along_exact"]) == (23.13, "185/8")
    assert (data["landing_x"], data["landing_x_exact"]) == (63.13, "6313/100")
    assert data["explanation"][1] == ("[J6] It lands 23.13 ft along the jump from the takeoff and 2 ft to the right "
                                      "of the jump.")


# -- jump_plan ------------------------------------------------------------------------------------------------


def test_jump_plan_across_the_street():
    """J2, J10, J4: 40 ft of roof behind the edge — a running jump from the edge at 40 ft to 63 ft, 23 ft, −2; it
    lands on the tenement roof, no fall, no footing."""
    data = street(ask="jump_plan", fighter="runner", to={"section": "tenement", "x": 63})
    assert list(data)[:9] == ["ask", "kind", "distance_ft", "distance_ft_exact", "possible", "auto_success",
                              "penalty", "check", "cost_mp"]
    assert {k: data[k] for k in ("kind", "takeoff", "running", "run_up_ft", "distance_ft", "drop_ft", "lands_on",
                                 "fall", "footing", "penalty", "allowed", "final", "blocked")} == {
        "kind": "running", "takeoff": {"section": "warehouse", "x": 40, "x_exact": "40"}, "running": True,
        "run_up_ft": 30, "distance_ft": 23, "drop_ft": 0, "lands_on": "tenement", "fall": None, "footing": None,
        "penalty": -2, "allowed": True, "final": True, "blocked": None}
    assert data["summary"] == "Runner: running jump of 23 ft: a Hard Strength or Dexterity Feat, at −2."
    assert data["rules"] == ["J2", "J3", "J4", "J10"]


def test_jump_plan_down_into_the_street():
    """J10: down is a long jump (5 ft, no roll) plus a fall of the drop: 30 ft, 3d6 at 10 ft (J12)."""
    data = street(ask="jump_plan", fighter="runner", to={"section": "street", "x": 45})
    assert (data["distance_ft"], data["auto_success"], data["drop_ft"], data["lands_on"]) == (5, True, 30, "street")
    assert data["fall"] == {"drop_ft": 30, "drop_ft_exact": "30", "height": 3, "dice": "3d6"}
    assert data["summary"] == "Runner: running jump of 5 ft: no roll needed; on landing it falls 3d6."


def test_jump_plan_from_a_position_and_with_ran():
    """J2: placed 5 ft from the edge (``positions``) the runner has 35 ft of roof behind it still — the run-up
    counts the stretch, not the fighter's place; the thief on the tenement roof at 95 ft has 35 ft behind its left
    edge, and at 65 ft a jump along the roof is standing unless the referee says it ran."""
    moved = street(ask="jump_plan", fighter="runner", to={"section": "tenement", "x": 63},
                   positions={"runner": {"section": "warehouse", "x": 35}})
    assert (moved["kind"], moved["distance_ft"]) == ("running", 23)
    along = street(ask="jump_plan", fighter="thief", to={"section": "tenement", "x": 75},
                   positions={"thief": {"section": "tenement", "x": 65}})
    assert (along["kind"], along["takeoff"]["x"], along["distance_ft"], along["possible"]) == (
        "standing_long", 65, 10, False)
    ran = street(ask="jump_plan", fighter="thief", to={"section": "tenement", "x": 75}, ran=True,
                 positions={"thief": {"section": "tenement", "x": 65}})
    assert (ran["kind"], ran["takeoff"]["x"], ran["distance_ft"], ran["penalty"]) == ("running", 65, 10, 0)


def test_jump_plan_the_dm_allows_an_impossible_jump():
    """H7 on a jump: 55 ft is past the 30-ft maximum; the DM allows it — ``allowed`` stays the rules' answer,
    ``final`` is the DM's, and the log's line says both."""
    data = street(ask="jump_plan", fighter="runner", to={"section": "tenement", "x": 95},
                  override={"allowed": True, "note": "a rope"})
    assert (data["possible"], data["allowed"], data["final"], data["override"]) == (
        False, False, True, {"allowed": True, "note": "a rope"})
    assert data["explanation"][-1] == "[H7] Rules say not allowed; overridden by the DM: allowed (a rope)."


# -- jump_landing -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("fail_by", "left", "lost", "after", "down"), [(2, 5, 4, 1, False), (3, 5, 6, -1, True)])
def test_jump_landing_on_the_mud_bank(fail_by, left, lost, after, down):
    """docs/rules.md, J8: "On the mud bank, with 5 points left: failed by 2 it loses 4 and keeps 1; failed by 3 it
    loses 6, is at −1 and is Knocked Down"."""
    data = ask(ask="jump_landing", footing_mp=2, fail_by=fail_by, mp_left=left)
    assert list(data) == ["ask", "footing_mp", "fail_by", "mp_left", "penalty", "mp_lost", "mp_after",
                          "knocked_down", "summary", "rules", "explanation"]
    assert (data["penalty"], data["mp_lost"], data["mp_after"], data["knocked_down"]) == (-2, lost, after, down)


# -- the example files, through the command ---------------------------------------------------------------------

EXAMPLES = {
    "jump-table-medium-human.json": ("jump_table", lambda d: (d["running"]["base"], d["run_up_ft"]), (20, 30)),
    "jump-runner-24-ft.json": ("jump", lambda d: (d["penalty"], d["possible"]), (-2, True)),
    "jump-outcome-failed-by-3.json": ("jump_outcome", lambda d: (d["landing_along"], d["landing_sideways"]),
                                      (28.24, 4.24)),
    "jump-plan-rooftop-23-ft-gap.json": ("jump_plan", lambda d: (d["kind"], d["takeoff"]["x"], d["distance_ft"],
                                                                 d["penalty"]), ("running", 91, 23, -2)),
    "jump-outcome-rooftop-falls-to-the-street.json": ("jump_outcome", lambda d: (d["landing_x"], d["lands_on"],
                                                                                 d["fall"]["dice"]),
                                                      (108, "street-3", "3d6")),
    "jump-plan-ravine-to-the-mud-bank.json": ("jump_plan", lambda d: (d["distance_ft"], d["penalty"], d["footing"]),
                                              (22, -1, {"kind": "poor", "mp": 2})),
    "jump-landing-mud-bank.json": ("jump_landing", lambda d: (d["mp_after"], d["knocked_down"]), (-1, True)),
}


@needs_processes
@needs_docs
@pytest.mark.parametrize("name", list(EXAMPLES))
def test_each_example_file_through_the_command(name):
    """docs/api.md: each Jumping example of ``docs/questions/`` is answered by the command with exit 0, as in the
    process, with the numbers its ``about`` line states."""
    path = QUESTION_FILES / name
    question = json.loads(path.read_text(encoding="utf-8"))
    asked, pick, expected = EXAMPLES[name]
    assert question["ask"] == asked and question["about"]
    data = ask_file(path)
    assert data == answer(question, path.parent)
    assert pick(data) == expected


@needs_processes
def test_a_question_with_a_scenario_file_through_the_command(tmp_path: Path):
    """docs/api.md: a scenario path is read relative to the question file."""
    (tmp_path / "street.json").write_text(json.dumps(STREET), encoding="utf-8")
    path = write_question(tmp_path, {"scenario": "street.json", "ask": "jump_plan", "fighter": "runner",
                                     "to": {"section": "street", "x": 45}})
    assert ask_file(path) == street(ask="jump_plan", fighter="runner", to={"section": "street", "x": 45})


# -- bad input: exit 2, one line, at its place -------------------------------------------------------------------

NUMBERS_REFUSED = [
    ("a size off the table", {"ask": "jump_table", "size": "Huge", "move_tiles": 12},
     'question.size: must be a Size: Tiny, Small, Medium or Large: "Huge"'),
    ("no size", {"ask": "jump_table", "move_tiles": 12},
     "question.size: missing; give its Size: Tiny, Small, Medium, Large (or a fighter of a scenario)"),
    ("move_tiles 0", {"ask": "jump_table", "size": "Medium", "move_tiles": 0},
     "question.move_tiles: must be a whole number of 5-ft tiles from 1 to 50: 0"),
    ("move_tiles -3", {"ask": "jump_table", "size": "Medium", "move_tiles": -3},
     "question.move_tiles: must be a whole number of 5-ft tiles from 1 to 50: -3"),
    ("move_tiles 51", {"ask": "jump_table", "size": "Medium", "move_tiles": 51},
     "question.move_tiles: must be a whole number of 5-ft tiles from 1 to 50: 51"),
    ("move_fraction 0", {"ask": "jump_table", **HUMAN, "move_fraction": 0},
     'question.move_fraction: must be a number or fraction text such as "1/2", above 0 and at most 4: 0'),
    ("mp_cost_per_tile 10", {"ask": "jump_table", **HUMAN, "mp_cost_per_tile": 10},
     "question.mp_cost_per_tile: must be the Move points per tile of its own, a whole number from 0 to 9: 10"),
    ("mp_cost_per_tile -1", {"ask": "jump_table", **HUMAN, "mp_cost_per_tile": -1},
     "question.mp_cost_per_tile: must be the Move points per tile of its own, a whole number from 0 to 9: -1"),
    ("athletics yes", {"ask": "jump_table", **HUMAN, "athletics": "yes"},
     'question.athletics: must be true or false: "yes"'),
    ("a kind off the table", {"ask": "jump", **HUMAN, "kind": "long", "distance": 10},
     'question.kind: must be one of running, standing_long, high, standing_high: "long"'),
    ("a distance that is not a length", {"ask": "jump", **HUMAN, "kind": "running", "distance": "far"},
     'question.distance: distance must be a number or a length such as "8 in", "2 ft 8 in", "2/3 ft": "far"'),
    ("a negative distance", {"ask": "jump", **HUMAN, "kind": "running", "distance": -1},
     "question.distance: distance must be from 0 ft to 1000 ft: −1 ft"),
    ("direction 9", {"ask": "jump_outcome", **HUMAN, "kind": "running", "intended": 24, "fail_by": 3,
                     "direction": 9},
     "question.direction: must be a d8 face, 1 (straight ahead) to 8, clockwise: 9"),
    ("no direction without a scenario", {"ask": "jump_outcome", **HUMAN, "kind": "running", "intended": 24,
                                         "fail_by": 3},
     "question.direction: missing; give the d8 face, 1 (straight ahead) to 8, clockwise (a question with a scenario "
     "rolls it)"),
    ("fail_by -1", {"ask": "jump_outcome", **HUMAN, "kind": "running", "intended": 24, "fail_by": -1,
                    "direction": 1},
     "question.fail_by: must be a whole number of points failed by, from 0 (a success) to 100: -1"),
    ("fail_by 101", {"ask": "jump_outcome", **HUMAN, "kind": "running", "intended": 24, "fail_by": 101,
                     "direction": 1},
     "question.fail_by: must be a whole number of points failed by, from 0 (a success) to 100: 101"),
    ("footing_mp -1", {"ask": "jump_landing", "footing_mp": -1, "fail_by": 0, "mp_left": 3},
     "question.footing_mp: must be the footing's Move-point cost, a whole number from 0 to 20: -1"),
    ("footing_mp 21", {"ask": "jump_landing", "footing_mp": 21, "fail_by": 0, "mp_left": 3},
     "question.footing_mp: must be the footing's Move-point cost, a whole number from 0 to 20: 21"),
    ("a fighter without its scenario", {"ask": "jump_table", "fighter": "runner"},
     "question.fighter: a fighter needs its scenario; or give its numbers (size, move_tiles)"),
    ("jump_plan without a scenario", {"ask": "jump_plan", "fighter": "runner", "to": {"section": "street"}},
     "question.scenario: missing; give a scenario document or the path of one, relative to the question's folder"),
]

SCENARIO_REFUSED = [
    ("a fighter's numbers and the fighter", {"ask": "jump_table", "fighter": "runner", "size": "Large"},
     "question.size: give the fighter's numbers or a fighter of the scenario, not both"),
    ("a landing point that is a section id", {"ask": "jump_plan", "fighter": "runner", "to": "tenement"},
     'question.to: must be {"section": id, "x": feet}: "tenement"'),
    ("a landing on no section", {"ask": "jump_plan", "fighter": "runner", "to": {"section": "moon"}},
     'question.to.section: no section "moon"; the sections are warehouse, street, tenement'),
    ("a landing off its section", {"ask": "jump_plan", "fighter": "runner", "to": {"section": "tenement", "x": 101}},
     "question.to: must be on Tenement roof, from 60 ft to 100 ft: 101 ft"),
    ("ran yes", {"ask": "jump_plan", "fighter": "runner", "to": {"section": "tenement"}, "ran": "yes"},
     'question.ran: must be true or false: "yes"'),
    ("the wrong kind for the point", {"ask": "jump_outcome", "fighter": "runner", "kind": "high", "fail_by": 3,
                                      "to": {"section": "tenement", "x": 63}},
     'question.kind: the jump to that point is a running jump: "high"'),
    ("an outcome of an impossible jump", {"ask": "jump_outcome", "fighter": "runner", "fail_by": 3,
                                          "to": {"section": "tenement", "x": 95}},
     "question.to: Runner: running jump of 55 ft: impossible, past its maximum."),
    ("a Move entry", {"ask": "jump_plan", "fighter": "runner", "to": {"section": "tenement"}, "entry": 0},
     'question: unknown field "entry" for ask "jump_plan"; its fields are ask, scenario, about, fighter, to, ran, '
     "positions, override"),
]


def fighter(doc: dict[str, Any], i: int, **fields: Any) -> dict[str, Any]:
    """``doc`` with fighter ``i`` changed (a key set to None is taken out)."""
    out = json.loads(json.dumps(doc))
    out["fighters"][i].update(fields)
    out["fighters"][i] = {k: v for k, v in out["fighters"][i].items() if v is not None}
    return out


THREE = {**STREET, "fighters": [*STREET["fighters"], {"id": "beast", "name": "Beast", "side": "Wild",
                                                      "section": "street", "size": "Large", "move_tiles": 15}]}
"""The street with a third fighter, a Large beast (Move 15) in the street."""
MUDDY = {**STREET, "sections": [STREET["sections"][0], {**STREET["sections"][1], "footing": {"kind": "poor", "mp": 2}},
                                STREET["sections"][2]]}
"""The street made a mud of poor footing (2 Move points)."""

DOCUMENT_REFUSED = [
    ("a size off the table", fighter(THREE, 2, size="Huge"),
     'scenario: fighters[2].size: must be a Size: Tiny, Small, Medium or Large: "Huge"'),
    ("no size on a jumping battlefield", fighter(THREE, 2, size=None),
     "scenario: fighters[2].size: Jumping ('jumping') needs it on every fighter: Tiny, Small, Medium or Large"),
    ("no move_tiles on a jumping battlefield", fighter(THREE, 2, move_tiles=None),
     "scenario: fighters[2].move_tiles: Jumping ('jumping') needs it on every fighter: a whole number from 1 to 50"),
    ("move_tiles 0", fighter(THREE, 2, move_tiles=0),
     "scenario: fighters[2].move_tiles: must be a whole number of 5-ft tiles from 1 to 50: 0"),
    ("move_fraction 0", fighter(THREE, 2, move_fraction=0),
     'scenario: fighters[2].move_fraction: must be a number or fraction text such as "1/2", above 0 and at most 4: 0'),
    ("mp_cost_per_tile 10", fighter(THREE, 2, mp_cost_per_tile=10),
     "scenario: fighters[2].mp_cost_per_tile: must be the Move points per tile of its own, a whole number from 0 to "
     "9: 10"),
    ("a negative footing.mp", {**MUDDY, "sections": [MUDDY["sections"][0], {**MUDDY["sections"][1],
                                                                           "footing": {"kind": "poor", "mp": -1}},
                                                     MUDDY["sections"][2]]},
     "scenario: sections[1].footing.mp: must be its Move-point cost, a whole number from 0 to 20: -1"),
    ("footing.mp 21", {**MUDDY, "sections": [MUDDY["sections"][0], {**MUDDY["sections"][1],
                                                                    "footing": {"kind": "difficult", "mp": 21}},
                                             MUDDY["sections"][2]]},
     "scenario: sections[1].footing.mp: must be its Move-point cost, a whole number from 0 to 20: 21"),
    ("a footing of another kind", {**MUDDY, "sections": [MUDDY["sections"][0], {**MUDDY["sections"][1],
                                                                                "footing": {"kind": "ice", "mp": 2}},
                                                         MUDDY["sections"][2]]},
     'scenario: sections[1].footing.kind: must be difficult or poor: "ice"'),
]


@pytest.mark.parametrize(("case", "question", "message"), NUMBERS_REFUSED, ids=[c[0] for c in NUMBERS_REFUSED])
def test_a_bad_number_is_refused_at_its_place(case, question, message):
    """Issue 25, *Bad input*: "refused at its place (``question.direction: …``), with the choices named"."""
    with pytest.raises(QuestionError) as e:
        answer(question)
    assert str(e.value) == message


@pytest.mark.parametrize(("case", "question", "message"), SCENARIO_REFUSED, ids=[c[0] for c in SCENARIO_REFUSED])
def test_a_bad_question_about_the_battlefield_is_refused_at_its_place(case, question, message):
    """Issue 25, *Bad input*, and docs/api.md: a fighter of a scenario, a landing point, ``ran``, a kind that is
    not the point's, an impossible jump's outcome."""
    with pytest.raises(QuestionError) as e:
        answer({"scenario": STREET, **question})
    assert str(e.value) == message


@pytest.mark.parametrize(("case", "doc", "message"), DOCUMENT_REFUSED, ids=[c[0] for c in DOCUMENT_REFUSED])
def test_a_bad_jumping_field_of_the_document_is_refused_at_its_place(case, doc, message):
    """Issue 25, *Bad input*: "refused at its place (``fighters[2].size: …``)"; ``size`` and ``move_tiles`` "are
    required on a jumping battlefield"; ``footing.mp`` 0 to 20 (``limits.py``)."""
    with pytest.raises(QuestionError) as e:
        answer({"scenario": doc, "ask": "jump_landing", "footing_mp": 2, "fail_by": 0, "mp_left": 3})
    assert str(e.value) == message
    with pytest.raises(ScenarioError) as s:
        scenario.load(doc)
    assert s.value.problems == (message.removeprefix("scenario: "),)


@needs_processes
@pytest.mark.parametrize(("case", "question", "message"), [
    *NUMBERS_REFUSED,
    *(((c, {"scenario": STREET, **q}, m) for c, q, m in SCENARIO_REFUSED)),
    *((c, {"scenario": d, "ask": "jump_landing", "footing_mp": 2, "fail_by": 0, "mp_left": 3}, m)
      for c, d, m in DOCUMENT_REFUSED),
], ids=[c[0] for c in (*NUMBERS_REFUSED, *SCENARIO_REFUSED, *DOCUMENT_REFUSED)])
def test_the_command_refuses_with_one_line_and_exit_2(tmp_path, case, question, message):
    """docs/api.md: "exit 2 with ONE line ``error: <message naming the place>``" and nothing on standard output."""
    assert run("ask", str(write_question(tmp_path, question))) == (2, "", f"error: {message}\n")


# -- the document: kept where jumping does not referee, and every export imports again ---------------------------


def test_a_size_on_a_feet_battlefield_without_jumping_is_kept_and_exported():
    """Issue 25: "A ``size`` on a feet battlefield without ``jumping`` is kept, as every declared field is": a levels
    battlefield with the fighters' jumping fields loads, exports them unchanged, and imports again; its jumping
    questions are refused, naming the rule set (a question that needs the scenario at ``scenario.rules``, one that
    asks of a fighter at ``question``)."""
    doc = {**MUDDY, "rules": ["levels"]}
    loaded = scenario.load(doc)
    out = scenario.dump(loaded)
    assert out["fighters"][0] == {"id": "runner", "name": "Runner", "side": "Watch", "section": "warehouse", "x": 4,
                                  "size": "Medium", "move_tiles": 12}
    assert out["fighters"][1]["tumbling"] is True
    assert out["sections"][1]["footing"] == {"kind": "poor", "mp": 2}
    assert scenario.load(out) == loaded
    with pytest.raises(QuestionError) as e:
        answer({"scenario": doc, "ask": "jump_plan", "fighter": "runner", "to": {"section": "street"}})
    assert str(e.value) == ("scenario.rules: the question 'jump_plan' is answered by Jumping ('jumping'), which "
                            "this scenario does not name (its rules: 'levels')")
    with pytest.raises(QuestionError) as e:
        answer({"scenario": doc, "ask": "jump_table", "fighter": "runner"})
    assert str(e.value) == ("question: Jumping does not referee “Across the street”: it is refereed by Combat at "
                            "Different Levels")


@pytest.mark.parametrize("doc", [
    STREET, MUDDY, THREE,
    {**STREET, "options": {"fall_scale": "5 ft"}},
    fighter(STREET, 0, size="large", move_fraction="1/2", mp_cost_per_tile=3, athletics=True, knocked_down=True),
    {**MUDDY, "rules": ["levels"]},
], ids=["street", "mud", "three fighters", "fall scale", "every fighter field", "levels only"])
def test_every_export_imports_again(doc):
    """Issue 25: "every export imports again": the canonical document of each loads to the same scenario, and
    writes the same text again; a Size in any case is written as the table's ("large" → "Large")."""
    loaded = scenario.load(doc)
    text = scenario.dumps(loaded)
    again = scenario.loads(text)
    assert again == loaded
    assert scenario.dumps(again) == text
    if doc["fighters"][0].get("size") == "large":
        written = json.loads(text)["fighters"][0]
        assert {k: written[k] for k in ("size", "move_fraction", "mp_cost_per_tile", "athletics", "knocked_down")} == {
            "size": "Large", "move_fraction": 0.5, "mp_cost_per_tile": 3, "athletics": True, "knocked_down": True}
    if "options" in doc:
        assert json.loads(text)["options"] == {"fall_scale": "5 ft"}
