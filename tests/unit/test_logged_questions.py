"""Each log entry keeps the question it answers (issue 27, "Ruling records and replays": "Each log entry keeps the
question it answers (its fields and positions), for the verdicts logged since the battlefield was loaded").

Every verdict or action the page logs is driven here through the page's controller, on a bundled battlefield, and
its logged question is asked again of ``ask`` on the battlefield as it stood (the scenario with ``dice_rolls`` the
rolls before and the states where they were, the logged positions): the answer's summary is the summary the page
showed.  The question's JSON shape is checked exactly, and a saved table keeps it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vertigo import ask
from vertigo import scenario as scenario_mod
from vertigo.errors import RuleSetError, ScenarioError
from vertigo.storage import TableEncoder, restore
from vertigo.table import LogEntry, Table

controller = pytest.importorskip("vertigo_page.controller", reason="the page's modules are not staged here")
Controller = controller.Controller

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"


def page(name: str) -> Any:
    """The page's controller on a bundled battlefield, as loaded."""
    return Controller(Table.start(scenario_mod.loads((SCENARIOS / name).read_text())))


def new_entries(before: Table, after: Table) -> list[LogEntry]:
    """The log entries ``after`` wrote since ``before``."""
    return [e for e in after.log if e.number > before.logged]


def asked_of(entry: LogEntry) -> dict[str, Any]:
    """The entry's question as JSON."""
    assert entry.asked is not None, entry.text
    out: dict[str, Any] = json.loads(entry.asked)
    return out


def answer_again(table: Table, entry: LogEntry) -> dict[str, Any]:
    """``ask``'s answer to the entry's question, on the battlefield as the question found it."""
    question = asked_of(entry)
    positions = question.pop("positions")
    rolls = question.pop("rolls")
    states = question.pop("states", {})
    doc = scenario_mod.dump(table.scenario, rolls=rolls, states={f: tuple(v.items()) for f, v in states.items()})
    return ask.answer({"scenario": doc, **question, "positions": positions})


def one_new(before: Table, after: Table) -> LogEntry:
    """The one entry with a question that ``after`` wrote since ``before``."""
    found = [e for e in new_entries(before, after) if e.asked is not None]
    assert len(found) == 1, [e.text for e in new_entries(before, after)]
    return found[0]


# -- the Height rules ------------------------------------------------------------

def test_an_attack_logs_its_attack_question_and_ask_gives_the_same_summary():
    """H5, H6: the archer clicks the thief; the log keeps {"ask": "attack", "fighter", "target"} with every
    fighter's place and the rolls, and ask answers with the summary the page showed."""
    c = page("tower-and-wood.json")
    c.click_fighter("archer")
    before = c.table
    c.click_fighter("thief")
    e = one_new(before, c.table)
    q = asked_of(e)
    assert list(q)[:3] == ["ask", "fighter", "target"] and q["ask"] == "attack"
    assert (q["fighter"], q["target"], q["rolls"]) == ("archer", "thief", 0)
    assert q["positions"]["archer"] == {"section": "loft", "x": 11}
    assert q["positions"]["hunter"] == "hill-w"
    assert list(q["positions"]) == [f.id for f in c.table.scenario.fighters]
    assert "states" not in q
    assert answer_again(c.table, e)["summary"] == "; ".join(v.summary for v in c.mode.shots)


def test_a_move_confirmed_at_a_clicked_x_logs_move_with_x_and_its_fall():
    """H2, H8, H10: the hunter judged onto the Wood at 19.3 (snapped to 19.5) and confirmed; the question keeps
    the entry, the section and the x; ask gives the verdict the page confirmed."""
    c = page("tower-and-wood.json")
    c.click_fighter("hunter")
    c.click_section("wood", 19.3)
    shown = c.mode.pending.summary
    before = c.table
    c.panel_action("confirm")
    e = one_new(before, c.table)
    q = asked_of(e)
    assert {k: q[k] for k in ("ask", "fighter", "entry", "to", "x")} == {
        "ask": "move", "fighter": "hunter", "entry": 0, "to": "wood", "x": 19.5}
    assert q["positions"]["hunter"] == "hill-w"
    assert answer_again(before, e)["summary"] == shown


def test_the_dms_override_on_a_move_and_taking_it_back_log_the_move_question():
    """H7: an override logs the move question with "override": {"allowed"}; taking it back logs it without."""
    c = page("tower-and-wood.json")
    c.click_fighter("hunter")
    c.click_section("wood", None)
    before = c.table
    c.panel_action("override", "forbid")
    e = one_new(before, c.table)
    assert asked_of(e)["override"] == {"allowed": False}
    assert answer_again(c.table, e)["summary"] == c.mode.pending.summary
    before = c.table
    c.panel_action("take-back")
    e = one_new(before, c.table)
    assert "override" not in asked_of(e)
    assert answer_again(c.table, e)["summary"] == c.mode.pending.summary


def test_the_dms_override_on_one_action_logs_attack_with_action_and_override():
    """H7: an override on the archer's first action logs {"ask": "attack", ..., "action": 0, "override"}; ask
    gives that action's verdict as the page shows it; taken back, the plain attack question."""
    c = page("tower-and-wood.json")
    c.click_fighter("archer")
    c.click_fighter("thief")
    before = c.table
    c.panel_action("override-shot", "0:forbid")
    e = one_new(before, c.table)
    q = asked_of(e)
    assert (q["action"], q["override"]) == (0, {"allowed": False})
    assert answer_again(c.table, e)["actions"][0]["summary"] == c.mode.shots[0].summary
    before = c.table
    c.panel_action("take-back-shot", "0")
    e = one_new(before, c.table)
    assert "override" not in asked_of(e)
    assert answer_again(c.table, e)["actions"][0]["summary"] == c.mode.shots[0].summary


def test_a_push_confirmed_and_overridden_logs_the_push_question():
    """H12, H7: a push of 2 steps towards the Ditch logs {"ask": "push", "fighter", "to", "steps": 2}."""
    c = page("tower-and-wood.json")
    c.click_fighter("hunter")
    c.panel_action("push-start")
    c.panel_action("push-steps", "1")
    c.click_section("ditch", None)
    before = c.table
    c.panel_action("push-override")
    e = one_new(before, c.table)
    assert {k: v for k, v in asked_of(e).items() if k not in ("positions", "rolls")} == {
        "ask": "push", "fighter": "hunter", "to": "ditch", "steps": 2, "override": {"allowed": False}}
    assert answer_again(c.table, e)["summary"] == c.mode.push.summary
    c.panel_action("push-take-back")
    shown = c.mode.push.summary
    before = c.table
    c.panel_action("push-confirm")
    e = one_new(before, c.table)
    assert {k: v for k, v in asked_of(e).items() if k not in ("positions", "rolls")} == {
        "ask": "push", "fighter": "hunter", "to": "ditch", "steps": 2}
    assert answer_again(before, e)["summary"] == shown


@pytest.mark.parametrize("took_effect", [True, False])
def test_a_climb_confirmed_logs_the_climb_question_with_the_referees_entry(took_effect: bool):
    """H9: the climber climbs the wall from the Ditch; the Reaction took effect or not, as entered."""
    c = page("tower-and-wood.json")
    c.click_fighter("climber")
    wall = next(i for i, b in enumerate(c.table.scenario.field.borders) if b.id == "wall")
    c.panel_action("climb", f"climb:{wall}")
    c.panel_action("climb-reaction", "yes" if took_effect else "no")
    shown = c.mode.climb.summary
    before = c.table
    c.panel_action("climb-confirm")
    e = one_new(before, c.table)
    assert {k: v for k, v in asked_of(e).items() if k not in ("positions", "rolls")} == {
        "ask": "climb", "fighter": "climber", "border": "wall", "how": "climb", "took_effect": took_effect,
        "entry": 0}
    assert answer_again(before, e)["summary"] == shown


def test_a_step_along_its_section_logs_step_along_with_the_x():
    """H10: Shift+→ steps the hunter half a unit along the West hill; ask's step_along names the same x."""
    c = page("tower-and-wood.json")
    c.click_fighter("hunter")
    before = c.table
    c.key("ArrowRight", True)
    e = one_new(before, c.table)
    q = asked_of(e)
    assert (q["ask"], q["fighter"], q["x"]) == ("step_along", "hunter", 17)
    assert answer_again(before, e)["summary"] == "Hunter steps along West hill to x = 17."


# -- Terrain features ------------------------------------------------------------

def test_a_move_in_inches_and_its_override_log_the_route_question():
    """T8, H7: the foreman judged to a point on the deck, overridden, taken back and confirmed: each logs
    {"ask": "route", "fighter", "to": {"section", "x"}} (with its override), and ask agrees."""
    c = page("gantries.json")
    c.click_fighter("foreman")
    c.click_section("deck-w", 8)
    before = c.table
    c.panel_action("override", "forbid")
    e = one_new(before, c.table)
    assert {k: v for k, v in asked_of(e).items() if k not in ("positions", "rolls")} == {
        "ask": "route", "fighter": "foreman", "to": {"section": "deck-w", "x": 8}, "override": {"allowed": False}}
    assert answer_again(c.table, e)["summary"] == c.mode.pending.summary
    c.panel_action("take-back")
    shown = c.mode.pending.summary
    before = c.table
    c.panel_action("confirm")
    e = one_new(before, c.table)
    assert asked_of(e)["to"] == {"section": "deck-w", "x": 8} and "override" not in asked_of(e)
    assert answer_again(before, e)["summary"] == shown


def test_an_attack_entered_and_confirmed_logs_after_attack():
    """T3, T4: the sump-edge ganger is hit for 2, fails its check; the log keeps {"ask": "after_attack",
    "target", "damage": 2, "check": "fail"}."""
    c = page("gantries.json")
    c.click_fighter("sump-edge")
    c.panel_action("attacked")
    c.panel_action("damage", "1")
    c.panel_action("attack-check", "fail")
    shown = c.mode.attack.summary
    before = c.table
    c.panel_action("attack-confirm")
    e = one_new(before, c.table)
    assert {k: v for k, v in asked_of(e).items() if k not in ("positions", "rolls")} == {
        "ask": "after_attack", "target": "sump-edge", "damage": 2, "check": "fail"}
    assert answer_again(before, e)["summary"] == shown


# -- Combat at Different Levels, placing by hand --------------------------------------

def test_a_levels_verdict_its_strange_position_and_override_log_the_levels_question():
    """G1–G7, H7: the brawler on the table against the guard; lies down at the edge; the DM overrides one
    direction: each logs {"ask": "levels", ...} and ask gives the page's summary."""
    c = page("table-top-brawl.json")
    c.click_fighter("brawler")
    before = c.table
    c.click_fighter("guard")
    e = one_new(before, c.table)
    assert {k: v for k, v in asked_of(e).items() if k not in ("positions", "rolls")} == {
        "ask": "levels", "fighter": "brawler", "target": "guard"}
    assert answer_again(c.table, e)["summary"] == c.mode.levels.summary
    before = c.table
    c.panel_action("override-levels", "guard:allow")
    e = one_new(before, c.table)
    assert asked_of(e)["override"] == {"attacker": "guard", "allowed": True}
    assert answer_again(c.table, e)["summary"] == c.mode.levels.summary
    before = c.table
    c.panel_action("take-back-levels", "guard")
    e = one_new(before, c.table)
    assert "override" not in asked_of(e)
    assert answer_again(c.table, e)["summary"] == c.mode.levels.summary


def test_placing_by_hand_logs_the_place_question():
    """Issue 27: "placing by hand {"ask": "place", "fighter", "to", "x"}"; Undo logs {"ask": "undo"}."""
    c = page("table-top-brawl.json")
    c.click_fighter("guard")
    before = c.table
    c.click_section("floor", 1.2)
    q = asked_of(one_new(before, c.table))
    assert q == {"ask": "place", "fighter": "guard", "to": "floor", "x": 1,
                 "positions": {"brawler": {"section": "table", "x": 6}, "guard": {"section": "floor", "x": 3},
                               "cutpurse": {"section": "floor", "x": 8.5}}, "rolls": 0}
    before = c.table
    c.undo()
    q = asked_of(one_new(before, c.table))
    assert q == {"ask": "undo", "positions": {"brawler": {"section": "table", "x": 6},
                                              "guard": {"section": "floor", "x": 1},
                                              "cutpurse": {"section": "floor", "x": 8.5}}, "rolls": 0}


# -- Jumping ---------------------------------------------------------------------

def ravine_jump_to_mud(c: Any) -> None:
    """The ranger plans a jump from the West rim across to the Mud bank at 64 ft (J1–J4)."""
    c.click_fighter("ranger")
    c.panel_action("mode", "jumping")
    c.click_section("mud-bank", 64)


def test_a_jump_overridden_logs_jump_plan_and_ask_agrees():
    """H7: the DM rules the ranger's jump out: {"ask": "jump_plan", "fighter", "to": {"section", "x"},
    "override"}."""
    c = page("the-ravine.json")
    ravine_jump_to_mud(c)
    before = c.table
    c.panel_action("override", "forbid")
    e = one_new(before, c.table)
    assert {k: v for k, v in asked_of(e).items() if k not in ("positions", "rolls")} == {
        "ask": "jump_plan", "fighter": "ranger", "to": {"section": "mud-bank", "x": 64},
        "override": {"allowed": False}}
    assert answer_again(c.table, e)["summary"] == c.mode.plan.summary


def test_a_jump_confirmed_with_its_checks_then_stands_up_logs_jump_made_and_stand_up():
    """J8, J11: the ranger's jump with the check entered (failed by 0), J8's check on the mud failed by 5 with
    1 Move point left: Knocked Down; the log keeps {"ask": "jump_made", ...}; then Stands up logs
    {"ask": "stand_up", "fighter"} with the state before ({"ranger": {"knocked_down": true}})."""
    c = page("the-ravine.json")
    ravine_jump_to_mud(c)
    plan = c.mode.plan
    if plan.needs_roll:
        c.panel_action("check")
    for _ in range(5):
        c.panel_action("landing-by", "1")
    while c.mode.entered.mp_left > 1:
        c.panel_action("mp-left", "-1")
    before = c.table
    j8 = c.mode.seen(c)
    assert j8.check is not None and j8.check.knocked_down
    c.panel_action("override-j8", "up")
    e = one_new(before, c.table)
    assert {k: v for k, v in asked_of(e).items() if k not in ("positions", "rolls")} == {
        "ask": "jump_landing", "footing_mp": 2, "fail_by": 5, "mp_left": 1}
    assert answer_again(c.table, e)["summary"] == j8.check.summary
    c.panel_action("take-back-j8")
    before = c.table
    c.panel_action("confirm")
    e = one_new(before, c.table)
    q = asked_of(e)
    assert {k: v for k, v in q.items() if k not in ("positions", "rolls")} == {
        "ask": "jump_made", "fighter": "ranger", "to": {"section": "mud-bank", "x": 64},
        **({"fail_by": 0} if plan.needs_roll else {}), "landing_fail_by": 5, "mp_left": 1}
    again = answer_again(before, e)
    assert again["summary"] == plan.summary and again["knocked_down"] is True
    assert again["explanation"] == list(e.details[1:len(again["explanation"]) + 1])
    before = c.table
    c.panel_action("stand-up")
    e = one_new(before, c.table)
    q = asked_of(e)
    assert (q["ask"], q["fighter"], q["states"]) == ("stand_up", "ranger", {"ranger": {"knocked_down": True}})
    assert answer_again(before, e)["summary"] == "Ranger stands up."


# -- the table and the saved table ---------------------------------------------------

def test_a_question_must_name_its_ask_and_be_json():
    """A logged question without an "ask" name, or with a value JSON cannot hold, is refused."""
    t = Table.start(scenario_mod.loads((SCENARIOS / "table-top-brawl.json").read_text()))
    with pytest.raises(RuleSetError, match="needs its \"ask\" name"):
        t.note_verdict("x", (), asked={"fighter": "guard"})
    with pytest.raises(RuleSetError, match="must be JSON"):
        t.note_verdict("x", (), asked={"ask": "levels", "x": object()})


def test_a_saved_table_keeps_each_question_and_refuses_a_malformed_one():
    """Issue 27: "an entry saved with details also saves asked"; restore reads it back strictly."""
    c = page("table-top-brawl.json")
    c.click_fighter("brawler")
    c.click_fighter("guard")
    c.click_section("table", 5)
    text = TableEncoder().encode(c.table)
    back = restore(text)
    assert [e.asked for e in back.log] == [e.asked for e in c.table.log]
    assert back.log[-1].asked is not None
    doc = json.loads(text)
    for bad, message in [
        ("levels", 'saved table.log: has a question that is not an object with its "ask" name: "levels"'),
        ({"ask": "levels", "positions": {"brawler": "roof"}, "rolls": 0},
         "saved table.log: has a question whose positions places fighter 'brawler' on no section: 'roof'"),
        ({**doc["log"][-1]["asked"], "rolls": -1},
         "saved table.log: has a question whose rolls must be a whole number from 0 to 4503599627370496: -1"),
        ({**doc["log"][-1]["asked"], "positions": {**doc["log"][-1]["asked"]["positions"], "zed": "floor"}},
         "saved table.log: has a question whose positions places no fighter: \"zed\""),
    ]:
        broken = json.loads(text)
        broken["log"][-1]["asked"] = bad
        with pytest.raises(ScenarioError) as e:
            restore(json.dumps(broken))
        assert e.value.problems == (message,)


def test_an_actions_mark_is_saved_and_must_be_true():
    """An action's entry (one Undo takes it back) saves "action": true; anything else there is refused."""
    c = page("table-top-brawl.json")
    c.click_fighter("guard")
    c.click_section("floor", 2)
    text = TableEncoder().encode(c.table)
    assert [e.action for e in restore(text).log] == [False, True]
    broken = json.loads(text)
    broken["log"][-1]["action"] = "yes"
    with pytest.raises(ScenarioError) as e:
        restore(json.dumps(broken))
    assert e.value.problems == ('saved table.log: has an action mark that is not true: "yes"',)
