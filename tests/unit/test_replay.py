"""Replays (issue 27, "Ruling records and replays": "A replay file holds the battlefield as loaded, then every
action since, with its inputs (entries, checks entered, overrides), up to 1,000 actions.  ``python -m vertigo
replay FILE`` checks every step with the same dice").

On each rule set's bundled battlefield a sequence of real actions is played through the page's controller (select,
click a section, Confirm, push, climb, step along, a jump with its check entered, Stands up, Undo, placing by hand
where no rule set moves fighters); the replay built from its log checks again step by step and agrees; a result
tampered with differs at its exact path; 1,001 actions and a log that lost its head are refused; a saved table
keeps what a replay needs.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from vertigo import replay
from vertigo import scenario as scenario_mod
from vertigo.errors import ReplayError
from vertigo.storage import TableEncoder, restore
from vertigo.table import Table

controller = pytest.importorskip("vertigo_page.controller", reason="the page's modules are not staged here")
Controller = controller.Controller

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"


def page(name: str) -> Any:
    """The page's controller on a bundled battlefield, as loaded."""
    return Controller(Table.start(scenario_mod.loads((SCENARIOS / name).read_text())))


def checked(c: Any) -> tuple[dict[str, Any], tuple[replay.Step, ...]]:
    """The replay of the controller's table, through JSON text as a file holds it, and its steps checked."""
    doc = json.loads(json.dumps(replay.build(c.table)))
    return doc, replay.check(doc)


def height_play() -> Any:
    """Tower and wood: a move to a clicked x, a shot checked (no action), a climb whose Reaction took effect,
    Undo, a push of 2 steps, a step along the section."""
    c = page("tower-and-wood.json")
    c.click_fighter("hunter")
    c.click_section("wood", 19.3)
    c.panel_action("confirm")
    c.click_fighter("archer")
    c.click_fighter("thief")
    c.click_fighter("climber")
    wall = next(i for i, b in enumerate(c.table.scenario.field.borders) if b.id == "wall")
    c.panel_action("climb", f"climb:{wall}")
    c.panel_action("climb-reaction", "yes")
    c.panel_action("climb-confirm")
    c.undo()
    c.escape()
    c.click_fighter("poacher")
    c.panel_action("push-start")
    c.panel_action("push-steps", "1")
    c.click_section("ditch", None)
    c.panel_action("push-confirm")
    c.key("ArrowRight", True)
    return c


def test_a_height_table_replays_move_climb_undo_push_and_step_agreeing_at_every_step():
    """H2, H8, H9, H10, H12: the five actions replay with the same dice; the shot checked is no action."""
    doc, steps = checked(height_play())
    assert [a["ask"] for a in doc["actions"]] == ["move", "climb", "undo", "push", "step_along"]
    assert doc["actions"][0] == {**doc["actions"][0], "fighter": "hunter", "entry": 0, "to": "wood", "x": 19.5}
    assert doc["actions"][0]["result"]["positions"]["hunter"] == {"section": "wood", "x": 19.5}
    assert [a["result"]["rolls"] for a in doc["actions"]] == [1, 2, 1, 2, 2]
    assert [s.agrees for s in steps] == [True] * 5
    assert [s.headline for s in steps] == [
        "Hunter: West hill → Wood with Move 2 — moved, fell: 4 damage",
        "Climber: climbing up, Ditch → Rampart — stayed, fell: 5 damage",
        "Undone: Climber: climbing up, Ditch → Rampart",
        "Poacher: pushed 1 step, East hill → Ditch — moved, fell: 5 damage",
        "Poacher: steps along Ditch to x = 27 — moved",
    ]
    assert steps[-1].table.stands == height_play().table.stands


def test_a_terrain_table_replays_a_move_in_inches_and_an_attack_with_its_check():
    """T3, T8, H8: a move to a point, then a fighter hit for 2 that fails its Move check and falls; Undo."""
    c = page("gantries.json")
    c.click_fighter("foreman")
    c.click_section("deck-w", 8)
    c.panel_action("confirm")
    c.click_fighter("sump-edge")
    c.panel_action("attacked")
    c.panel_action("damage", "1")
    c.panel_action("attack-check", "fail")
    c.panel_action("attack-confirm")
    c.undo()
    c.click_fighter("sump-edge")
    c.panel_action("attacked")
    c.panel_action("damage", "1")
    c.panel_action("attack-check", "roll")
    c.panel_action("attack-confirm")
    doc, steps = checked(c)
    assert [a["ask"] for a in doc["actions"]] == ["route", "after_attack", "undo", "after_attack"]
    assert doc["actions"][3]["check"] == "roll"
    assert all(s.agrees for s in steps) and len(steps) == 4
    assert steps[-1].table.stands == c.table.stands and steps[-1].table.rolls == c.table.rolls


def test_a_table_without_movement_rules_replays_placings_and_an_undo():
    """Issue 27: placing by hand ({"ask": "place"}) and Undo ({"ask": "undo"}) are the core's actions; a levels
    verdict checked between them is not in the replay."""
    c = page("table-top-brawl.json")
    c.click_fighter("guard")
    c.click_section("floor", 1.2)
    c.click_fighter("brawler")
    c.click_fighter("guard")
    c.escape()
    c.click_fighter("cutpurse")
    c.click_section("table", 5)
    c.undo()
    c.click_fighter("cutpurse")
    c.click_section("floor", 11)
    doc, steps = checked(c)
    assert [{k: v for k, v in a.items() if k != "result"} for a in doc["actions"]] == [
        {"ask": "place", "fighter": "guard", "to": "floor", "x": 1},
        {"ask": "place", "fighter": "cutpurse", "to": "table", "x": 5},
        {"ask": "undo"},
        {"ask": "place", "fighter": "cutpurse", "to": "floor", "x": 11},
    ]
    assert [a["result"]["positions"]["cutpurse"] for a in doc["actions"]] == [
        {"section": "floor", "x": 8.5}, {"section": "table", "x": 5}, {"section": "floor", "x": 8.5},
        {"section": "floor", "x": 11}]
    assert [s.agrees for s in steps] == [True] * 4
    assert steps[2].headline == "Undone: Cutpurse placed: Tavern floor → Table at x = 5 ft"


def jumping_play() -> Any:
    """The ravine: the ranger's jump to the Mud bank with the check entered (success) and J8's failed by 5 with 1
    Move point left: Knocked Down; Stands up; Undo; a jump planned then placed by hand instead."""
    c = page("the-ravine.json")
    c.click_fighter("ranger")
    c.panel_action("mode", "jumping")
    c.click_section("mud-bank", 64)
    c.panel_action("check")
    for _ in range(5):
        c.panel_action("landing-by", "1")
    while c.mode.entered.mp_left > 1:
        c.panel_action("mp-left", "-1")
    c.panel_action("confirm")
    c.panel_action("stand-up")
    c.undo()
    c.click_fighter("goblin")
    c.click_section("east-rim", 80)
    c.panel_action("place-here")
    return c


def test_a_jumping_table_replays_a_jump_with_its_checks_stands_up_undo_and_a_placing():
    """J8, J11: the jump leaves the ranger Knocked Down (the result's states), Stands up clears it, Undo puts it
    back; each step agrees."""
    c = jumping_play()
    doc, steps = checked(c)
    assert [a["ask"] for a in doc["actions"]] == ["jump_made", "stand_up", "undo", "place"]
    jump = doc["actions"][0]
    assert {k: jump[k] for k in ("fighter", "to", "fail_by", "landing_fail_by", "mp_left")} == {
        "fighter": "ranger", "to": {"section": "mud-bank", "x": 64}, "fail_by": 0, "landing_fail_by": 5, "mp_left": 1}
    assert jump["result"]["states"] == {"ranger": {"knocked_down": True}}
    assert "states" not in doc["actions"][1]["result"]
    assert doc["actions"][2]["result"]["states"] == {"ranger": {"knocked_down": True}}
    assert [s.agrees for s in steps] == [True] * 4
    assert steps[-1].table.states == c.table.states


def test_a_result_tampered_with_differs_at_its_exact_path():
    """Issue 27: "checks every step": a place changed in step 3's result is the first difference, with the
    value recorded and the value now; the steps before agree."""
    doc, _ = checked(page_with_placings())
    tampered = copy.deepcopy(doc)
    tampered["actions"][2]["result"]["positions"]["guard"] = "table"
    steps = replay.check(tampered)
    assert [s.agrees for s in steps] == [True, True, False]
    d = steps[2].difference
    assert d is not None
    assert (d.path, d.recorded, d.now) == ("$.actions[2].result.positions.guard", "table",
                                           {"section": "floor", "x": 2})
    tampered = copy.deepcopy(doc)
    tampered["actions"][0]["result"]["rolls"] = 3
    d = replay.check(tampered)[0].difference
    assert d is not None and (d.path, d.recorded, d.now) == ("$.actions[0].result.rolls", 3, 0)


def page_with_placings(n: int = 3) -> Any:
    """Table-top brawl with the guard placed ``n`` times along the floor, ½ ft at a time from x = 1."""
    c = page("table-top-brawl.json")
    c.click_fighter("guard")
    for i in range(n):
        c.click_section("floor", 1 + i / 2)
    return c


def test_a_replay_of_1001_actions_is_refused():
    """Issue 27: "up to 1,000 actions"."""
    doc, _ = checked(page_with_placings(1))
    doc["actions"] = doc["actions"] * 1001
    with pytest.raises(ReplayError) as e:
        replay.read(doc)
    assert str(e.value) == "replay.actions: holds 1001 actions; a replay holds at most 1000"
    doc["actions"] = doc["actions"][:1000]
    assert len(replay.read(doc).actions) == 1000


def test_a_log_that_lost_its_first_entries_makes_no_replay():
    """Past MAX_LOG (1000) the oldest log entries give way, the load line first: the actions since the load are
    no longer all there, so no replay is made."""
    c = page_with_placings(1000)
    assert c.table.log[0].number == 2
    with pytest.raises(ReplayError) as e:
        replay.build(c.table)
    assert str(e.value) == ("replay: the log no longer starts where the battlefield was loaded: its first 1 entry "
                            "gave way to newer ones (the log keeps 1,000); a replay needs every action since the "
                            "load, at most 1,000")
    c = page_with_placings(999)
    assert len(replay.build(c.table)["actions"]) == 999


def test_an_action_whose_question_was_not_kept_makes_no_replay():
    """A table saved before log entries kept their questions has an action with no question: a replay cannot carry
    it out, and says which entry."""
    c = page_with_placings(3)
    old = replace(c.table, log=tuple(replace(e, asked=None) if e.number == 2 else e for e in c.table.log))
    with pytest.raises(ReplayError) as e:
        replay.build(restore(TableEncoder().encode(old)))
    assert str(e.value) == ('replay: log entry 2 ("Guard placed: Tavern floor → Tavern floor at x = 1 ft") is an '
                            "action whose question was not kept (a table saved by a Vertigo that kept none); no "
                            "replay can carry it out")


def test_a_saved_table_round_trip_keeps_every_question_a_replay_needs():
    """Issue 27: the saved table keeps "asked" (and each action's mark): the restored table's replay is the
    replay of the table in play."""
    c = jumping_play()
    back = restore(TableEncoder().encode(c.table))
    assert [(e.asked, e.action) for e in back.log] == [(e.asked, e.action) for e in c.table.log]
    assert replay.build(back) == replay.build(c.table)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(replay=2), "replay.replay: made by a newer Vertigo (replay version 2); this one reads "
                                   "version 1"),
    (lambda d: d.update(replay="1"), 'replay.replay: must be 1, the replay format: "1"'),
    (lambda d: d.update(extra=1), 'replay: unknown field "extra"; its fields are replay, scenario, actions'),
    (lambda d: d["scenario"].update(title=""), 'replay.scenario.title: must be non-empty text: ""'),
    (lambda d: d.update(actions={}), "replay.actions: must be a list of actions: {}"),
    (lambda d: d.pop("scenario"), "replay.scenario: missing; a replay holds the battlefield as loaded, a scenario "
                                  "document"),
    (lambda d: d["actions"][0].update(ask="fly"), 'replay.actions[0].ask: no action "fly"; the actions here are '
                                                  "place, undo"),
    (lambda d: d["actions"][0].update(ask="levels"),
     'replay.actions[0].ask: no action "levels" (a question only answered: it changes no table); the actions '
     "here are place, undo"),
    (lambda d: d["actions"][0].update(positions={}), 'replay.actions[0]: unknown field "positions" for action '
                                                     '"place"; its fields are ask, fighter, to, x, result'),
    (lambda d: d["actions"][0].pop("result"), 'replay.actions[0].result: must be {"positions", "rolls", '
                                               '"states"?}: null'),
    (lambda d: d["actions"][0]["result"].update(rolls=-1),
     "replay.actions[0].result.rolls: must be the roll count, a whole number, 0 or more: -1"),
])
def test_a_replay_file_is_read_strictly_naming_the_place(change: Any, message: str):
    """Bad input is refused with one line naming its place (exit 2 on the command line)."""
    doc, _ = checked(page_with_placings(1))
    change(doc)
    with pytest.raises(ReplayError) as e:
        replay.check(doc)
    assert str(e.value) == message


def test_an_action_refused_now_names_its_field():
    """A field the rules refuse is the action's place: ``replay.actions[0].fighter: …``."""
    doc, _ = checked(page_with_placings(1))
    doc["actions"][0]["fighter"] = "zed"
    with pytest.raises(ReplayError) as e:
        replay.check(doc)
    assert str(e.value).startswith('replay.actions[0].fighter: no fighter "zed"; ')


def test_a_saved_table_keeps_the_question_of_every_action_past_the_newest_hundred_entries():
    """Issue 27: "A replay file holds the battlefield as loaded, then every action since ... up to 1,000 actions" —
    after a reload too: 150 actions (the goat's fall and its Undo, 75 times) save every action's question, not only
    the newest 100 entries' (``vertigo.storage``), so the restored table's replay is the table's own."""
    c = page("cliff.json")
    for _ in range(75):
        c.click_fighter("goat")
        c.click_section("cliff-foot", None)
        c.panel_action("confirm")
        c.undo()
    back = restore(TableEncoder().encode(c.table))
    doc = replay.build(back)
    assert len(doc["actions"]) == 150
    assert doc == replay.build(c.table)
    assert [a["ask"] for a in doc["actions"][:2]] == ["move", "undo"]
