"""``ask after_attack`` and ``ask door_melee`` on *The ruined house*: the verdicts' own JSON, lengths rounded
with their exact text beside them, and one error line (exit 2) for a bad question.

Source: ``002_c9100305c0bcca6b.txt`` › Platforms (Falling Off Platform), › Stairs and ladders, › Archways and
doors; rulings T3, T4, T5, T6, H8; ``docs/api.md`` (the two questions, their fields, answers and errors).
"""

from __future__ import annotations

import io
import json

import pytest

from vertigo import __main__ as cli
from vertigo.ask import answer
from vertigo.dice import DicePool, rng_for, roll
from vertigo.errors import QuestionError

from builders import SCENARIOS

HOUSE = "ruined-house.json"
FIGHTERS = "climber, roof-edge, behind-railing, yard-1, yard-2, yard-3"


def after(**fields: object) -> dict:
    return answer({"scenario": HOUSE, "ask": "after_attack", **fields}, SCENARIOS)


def test_vera_hit_at_the_roofs_open_edge_owes_a_move_check_and_would_fall_1d6():
    """T3, T6, H8: Vera stands 0.25 in from the roof's open left edge, which drops 3 in to the upper floor; hit
    for 1, she owes a Move check; failing, she falls 3 in, Height 1, 1d6, landing at the edge's x."""
    a = after(target="roof-edge", damage=1)
    assert list(a) == ["ask", "target", "damage", "move_check", "falling_test", "edge", "climbing", "fall", "summary",
                       "rules", "explanation"]
    assert (a["move_check"], a["falling_test"], a["climbing"]) == (True, False, None)
    assert a["edge"] == {"section": "roof", "side": "left", "x_in": 4, "x_in_exact": "4", "distance_in": 0.25,
                         "distance_in_exact": "1/4", "enclosed": False, "by": None, "below": "upper", "drop_in": 3,
                         "drop_in_exact": "3"}
    assert a["fall"] == {"from": "edge", "to": "upper", "x_in": 4, "x_in_exact": "4", "height_in": 3,
                         "height_in_exact": "3", "height": 1, "height_exact": "1", "dice": 1}
    assert a["summary"] == "Owes a Move check (T3): failing, falls 3 in to Upper floor, 1d6: 1–6, mean 3.5."
    assert a["rules"] == ["H8", "T3", "T4", "T6"]


def test_with_check_fail_the_answer_says_where_she_ends():
    """T3: with a check the answer also gives passed, roll (null when entered) and where the fighter ends."""
    a = after(target="roof-edge", damage=1, check="fail")
    assert {k: a[k] for k in ("check", "passed", "roll", "ends")} == {
        "check": "fail", "passed": False, "roll": None, "ends": {"section": "upper", "x_in": 4, "x_in_exact": "4"}}
    assert a["summary"] == "Move check failed: falls 3 in to Upper floor, 1d6: 1–6, mean 3.5."


def test_with_check_roll_the_tables_first_roll_decides():
    """T3, H8: "roll" rolls Vera's move_check (2d6, at most 7) as the table's roll #1 (seed 29)."""
    a = after(target="roof-edge", damage=1, check="roll")
    check = roll(DicePool(2), rng_for(29, 0))
    passed = check.total <= 7
    assert a["roll"] == {"dice": "2d6", "faces": list(check.dice), "total": check.total, "pass": "at_most",
                         "target": 7}
    assert a["passed"] is passed
    assert a["ends"] == ({"section": "roof", "x_in": 4.25, "x_in_exact": "17/4"} if passed else
                         {"section": "upper", "x_in": 4, "x_in_exact": "4"})


def test_a_miss_on_the_ladder_owes_the_falling_test():
    """T4: Krag is 1.5 in up the ladder; a miss (damage 0) still owes the falling test: 1.5 in to the ground
    floor, Height 0.5, no dice."""
    a = after(target="climber", damage=0)
    assert (a["move_check"], a["falling_test"], a["edge"]) == (False, True, None)
    assert a["climbing"] == {"ladder": "ladder", "up_in": 1.5, "up_in_exact": "3/2"}
    assert a["fall"] == {"from": "ladder", "to": "house", "x_in": 7, "x_in_exact": "7", "height_in": 1.5,
                         "height_in_exact": "3/2", "height": 0.5, "height_exact": "1/2", "dice": 0}


def test_behind_the_railing_at_half_an_inch_the_edge_is_enclosed():
    """T3: Mira at 7.5 in, 0.5 in from the upper floor's edge, with the railing (1.25 in) between: no check."""
    a = after(target="behind-railing", damage=3, positions={"behind-railing": {"section": "upper", "x": 7.5}})
    assert (a["move_check"], a["edge"]["distance_in"], a["edge"]["enclosed"], a["edge"]["by"], a["fall"]) == (
        False, 0.5, True, "railing", None)
    assert a["summary"] == "No check owed."


def test_door_melee_from_the_lane_through_the_west_walls_door():
    """T5: Grok in the lane 0.5 in from the west wall's closed door, Brak inside 1 in from its far face."""
    a = answer({"scenario": HOUSE, "ask": "door_melee", "fighter": "yard-1", "target": "yard-2",
                "positions": {"yard-1": {"section": "lane", "x": -0.5}, "yard-2": {"section": "house", "x": 1.5}}},
               SCENARIOS)
    assert {k: a[k] for k in list(a)[:10]} == {
        "ask": "door_melee", "fighter": "yard-1", "target": "yard-2", "melee": True, "door": "west-wall",
        "state": "door-closed", "attacker_to_door_in": 0.5, "attacker_to_door_in_exact": "1/2",
        "target_to_door_in": 1, "target_to_door_in_exact": "1"}
    assert a["rules"] == ["T5"]


def test_door_melee_with_no_door_between():
    """T5: two fighters in the yard have no closed door between them."""
    a = answer({"scenario": HOUSE, "ask": "door_melee", "fighter": "yard-1", "target": "yard-2"}, SCENARIOS)
    assert (a["melee"], a["door"], a["state"], a["attacker_to_door_in"], a["target_to_door_in"]) == (
        False, None, None, None, None)


AFTER = {"scenario": HOUSE, "ask": "after_attack", "target": "roof-edge", "damage": 1}


@pytest.mark.parametrize(("question", "message"), [
    ({**AFTER, "damage": None}, "question.damage: must be a whole number, 0 or more (0 for a miss): null"),
    ({k: v for k, v in AFTER.items() if k != "damage"},
     "question.damage: missing; give the attack action's damage, a whole number, 0 for a miss"),
    ({**AFTER, "damage": -1}, "question.damage: must be a whole number, 0 or more (0 for a miss): -1"),
    ({**AFTER, "damage": 1.5}, "question.damage: must be a whole number, 0 or more (0 for a miss): 1.5"),
    ({**AFTER, "damage": "2"}, 'question.damage: must be a whole number, 0 or more (0 for a miss): "2"'),
    ({**AFTER, "damage": True}, "question.damage: must be a whole number, 0 or more (0 for a miss): true"),
    ({**AFTER, "check": "maybe"}, 'question.check: must be "pass", "fail" or "roll": "maybe"'),
    ({**AFTER, "check": None}, 'question.check: must be "pass", "fail" or "roll": null'),
    ({**AFTER, "target": "yard-3", "check": "roll", "positions": {"yard-3": {"section": "roof", "x": 4.25}}},
     'question.check: fighter "yard-3" has no move_check (its dice and target) to roll: the referee enters pass or '
     "fail"),
    ({**AFTER, "target": "zed"}, f'question.target: no fighter "zed"; the fighters are {FIGHTERS}'),
    ({**AFTER, "entry": 0}, 'question: unknown field "entry" for ask "after_attack"; its fields are ask, scenario, '
                            "about, target, damage, check, positions"),
    ({"scenario": HOUSE, "ask": "door_melee", "fighter": "yard-1", "target": "yard-1"},
     'question.target: "yard-1" is the fighter itself; a target is another fighter'),
    ({"scenario": HOUSE, "ask": "door_melee", "fighter": "yard-1"},
     f"question.target: missing; the fighters are {FIGHTERS}"),
    ({"scenario": "cliff.json", "ask": "after_attack", "target": "goat", "damage": 1},
     "scenario.rules: the question 'after_attack' is answered by Terrain features ('terrain'), which this scenario "
     "does not name (its rules: 'height')"),
])
def test_a_bad_question_is_refused_with_its_place(question, message):
    """docs/api.md: a bad field is refused in one line naming its place."""
    with pytest.raises(QuestionError) as info:
        answer(question, SCENARIOS)
    assert str(info.value) == message


def test_the_command_exits_2_with_one_error_line(tmp_path):
    """docs/api.md: exit 2, nothing on standard output, one line on standard error."""
    path = tmp_path / "q.json"
    path.write_text(json.dumps({**AFTER, "scenario": str(SCENARIOS / HOUSE), "damage": -1}), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["ask", str(path)], stdout=out, stderr=err) == 2
    assert (out.getvalue(), err.getvalue()) == (
        "", "error: question.damage: must be a whole number, 0 or more (0 for a miss): -1\n")
