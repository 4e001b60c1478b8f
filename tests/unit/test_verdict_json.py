"""Every verdict serialises itself: plain JSON values, keys in a fixed order, with its rules and steps.

Source: STYLE 3 ("Verdicts explain themselves ... so the page, the log and the
tests read the same explanation"); the Height rules' worked examples
(``000_519d8b8e373365db.txt`` › Combat, › Height and Range), rulings H2–H8;
the SM / Reach table of ``001_cbc7fc1b49bd2ff2.txt``, ruling G4.
"""

from __future__ import annotations

import json

import pytest

from vertigo.errors import SizeModifierError
from vertigo.numbers import json_number
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.movement import judge_move, search
from vertigo.rules.height.rules.moves import MoveEntry
from vertigo.rules.height.rules.ranged import judge_action
from vertigo.rules.levels.rules.reach import judge_reach_bonus
from vertigo.verdict import Step, explanation, rule_ids

from builders import chain, field

MOVE_KEYS = ["allowed", "final", "fall_dice", "path", "crossings", "start", "dest", "entry", "move_height",
             "override", "summary", "rules", "explanation"]
SHOT_KEYS = ["name", "action", "range", "reaches", "final", "override", "source", "target", "range_needed",
             "blocked_by", "blocked_rule", "line", "summary", "rules", "explanation"]


def test_rule_ids_are_sorted_by_letters_then_number_each_once():
    """H-rulings are cited as anchors (``[H2]``): a verdict's ``rules`` lists each
    once, H2 before H13, and a step citing two ("G2, G6") counts for both."""
    steps = [Step("H13", "a"), Step("H2", "b"), Step("H8", "c"), Step("H2", "d"), Step("G2, G6", "e")]
    assert rule_ids(steps) == ["G2", "G6", "H2", "H8", "H13"]
    assert explanation(steps[:2]) == ["[H13] a", "[H2] b"]


@pytest.mark.parametrize("value, written", [(3.0, "3"), (-6.0, "-6"), (1.5, "1.5"), (0.0, "0"), (7, "7")])
def test_whole_numbers_are_written_as_ints(value, written):
    """H1: elevations are "usually a whole number, but decimals are accepted" — JSON
    writes a whole Height as ``3``, never ``3.0``, and keeps a decimal one."""
    assert json.dumps(json_number(value)) == written


def test_move_verdict_json_of_the_goat_example():
    """H2 worked example: "with ``Move 1 (Height 2)``, a fighter going down a border of
    Height 3 falls 3 − 2 = Height 1, which is **1d6**"."""
    verdict = judge_move(chain(3, 0), "s0", "s1", MoveEntry.parse("Move 1 (Height 2)"))
    data = verdict.to_json()
    assert list(data) == MOVE_KEYS
    assert (data["allowed"], data["final"], data["fall_dice"], data["path"]) == (True, True, 1, ["s0", "s1"])
    assert data["crossings"] == [{"from": "s0", "to": "s1", "rise": -3, "fall": 1, "dice": 1}]
    assert (data["entry"], data["move_height"], data["override"]) == ("Move 1 (Height 2)", 2, None)
    assert data["summary"] == "Allowed: falls, 1d6: 1–6, mean 3.5"
    assert data["rules"] == ["H2", "H3", "H8"]
    assert data["explanation"] == [str(s) for s in verdict.steps]
    assert json.dumps(data, ensure_ascii=False).count("-3.0") == 0


def test_move_verdict_json_when_not_allowed_has_an_empty_path():
    """H2: "Up across a border of Height H is allowed only when h ≥ H" — the same goat
    cannot climb back: no route, so no path, no crossings and no dice."""
    data = judge_move(chain(3, 0), "s1", "s0", MoveEntry.parse("Move 1 (Height 2)")).to_json()
    assert (data["allowed"], data["final"], data["fall_dice"], data["path"], data["crossings"]) == (
        False, False, 0, [], [])
    assert data["rules"] == ["H2"]


def test_move_verdict_json_keeps_both_answers_after_the_dm():
    """H7: "The verdict is then labelled "overridden by the DM" and ends with a line
    giving both answers"; the rules' answer stays in ``allowed``, the DM's in ``final``."""
    data = judge_move(chain(3, 0), "s1", "s0", MoveEntry.parse("Move 1")).overridden(True, "a rope").to_json()
    assert (data["allowed"], data["final"], data["override"]) == (False, True, {"allowed": True, "note": "a rope"})
    assert data["summary"] == "Allowed — overridden by the DM."
    assert data["rules"] == ["H2", "H7"]
    assert data["explanation"][-1] == "[H7] Rules say not allowed; overridden by the DM: allowed (a rope)."


def test_decimal_falls_stay_decimal():
    """H8: "a fraction rounds down (Height 2.5 is 2d6)" — the fall is written as it is,
    the dice as the whole number."""
    data = judge_move(chain(2.5, 0), "s0", "s1", MoveEntry.parse("Move 1")).to_json()
    assert data["crossings"] == [{"from": "s0", "to": "s1", "rise": -2.5, "fall": 2.5, "dice": 2}]
    assert data["fall_dice"] == 2


def test_reach_json_is_the_highlight_in_search_order():
    """H3: "the side view marks every section that entry can reach. Each mark shows the
    least falling dice needed to get there: "safe" for none, otherwise ``Nd6``"; H13:
    in a fixed order.  The foot is 1d6 by way of the middle, not 2d6 straight down (H3:
    "the fewest falling dice, then the fewest steps")."""
    f = field({"top": 3, "mid": 1, "foot": 0}, [("top", "mid"), ("mid", "foot"), ("top", "foot")])
    reach = search(f, "top", MoveEntry.parse("Move 2 (Height 1)"))
    data = reach.to_json()
    assert list(data) == ["start", "entry", "move_height", "sections", "summary", "rules", "explanation"]
    assert data["sections"] == {"top": 0, "mid": 1, "foot": 1}
    assert list(data["sections"]) == list(reach.dice)
    assert data["summary"] == "Move 2 (Height 1): 2 sections reachable."
    assert data["rules"] == ["H2", "H3"]
    assert data["explanation"] == [
        "[H2] Move 2 (Height 1) moves up to 2 steps with Height 1 (its own).",
        "[H3] 2 sections reachable from Top, each marked with the fewest falling dice of a legal route there "
        "(safe: none).",
        "[H3] Mid: 1d6.",
        "[H3] Foot: 1d6.",
    ]


def test_reach_json_names_the_fighters_height_property():
    """H2: "h is the entry's own Height value; if it lists none, the fighter's Height
    property; if the fighter has none, 0"."""
    assert search(chain(0, 1), "s0", MoveEntry.parse("Move 1"), 1.0).to_json()["explanation"][0] == (
        "[H2] Move 1 moves up to 1 step with Height 1 (the fighter's Height property).")
    assert search(chain(0, 1), "s0", MoveEntry.parse("Move 1")).to_json()["explanation"][0] == (
        "[H2] Move 1 moves up to 1 step with Height 0 (none listed: 0).")


def test_shot_verdict_json_of_the_third_example():
    """Height and Range, third example: "height changes of 1 and -2 across the two
    section borders. This attack cannot be made because the shot is blocked by the
    terrain." (H5)"""
    data = judge_action(chain(0, 1, -1), "s0", "s2", Action.parse("Shortbow, range 3")).to_json()
    assert list(data) == SHOT_KEYS
    assert (data["name"], data["action"], data["range"], data["reaches"], data["final"]) == (
        "Shortbow", "Shortbow, range 3", 3, False, False)
    assert (data["range_needed"], data["blocked_by"], data["blocked_rule"]) == (2, "s1", "H5")
    assert data["line"] == {"path": ["s0", "s1", "s2"], "steps": 2, "rise": -1, "blocked_by": "s1",
                            "blocked_rule": "H5"}
    assert data["rules"] == ["H5", "H14"]


def test_shot_verdict_json_without_a_line():
    """Open rulings, *Unconnected sections*: "no action has a line between them" — no
    range needed, no line."""
    f = field({"a": 0, "b": 0}, [])
    data = judge_action(f, "a", "b", Action.parse("Sling, range 2")).to_json()
    assert (data["reaches"], data["range_needed"], data["blocked_by"], data["line"]) == (False, None, None, None)


def test_reach_is_judged_with_the_larger_of_range_and_reach():
    """H6: "An action with **Reach r** is judged like a ranged action of range r"; Open
    rulings: "An action that has both uses the larger of the two"."""
    data = judge_action(chain(0, 1), "s0", "s1", Action.parse("Spear, range 0, Reach")).to_json()
    assert (data["range"], data["reaches"], data["rules"]) == (1, True, ["H5", "H6"])


@pytest.mark.parametrize("sm, bonus, summary", [
    (-2, 0, "SM \u22122: reach bonus +0 yd"), (0, 0, "SM +0: reach bonus +0 yd"),
    (1, 0, "SM +1: reach bonus +0 yd (reach C becomes 1)"), (2, 1, "SM +2: reach bonus +1 yd"),
    (7, 10, "SM +7: reach bonus +10 yd"), (10, 30, "SM +10: reach bonus +30 yd")])
def test_reach_bonus_json_follows_the_table(sm, bonus, summary):
    """G4, the SM / Reach table: SM +1 … +10 add 0, 1, 2, 3, 5, 7, 10, 15, 20, 30 yd;
    "A reach "C" weapon increases to reach 1, but there are no other effects"."""
    data = judge_reach_bonus(sm).to_json()
    assert list(data) == ["sm", "reach_bonus", "summary", "rules", "explanation"]
    assert (data["sm"], data["reach_bonus"], data["summary"], data["rules"]) == (sm, bonus, summary, ["G4"])
    assert len(data["explanation"]) == 1 and data["explanation"][0].startswith("[G4] SM ")


def test_reach_bonus_past_the_table_is_an_error():
    """G4: "an SM above +10 is an error, not a guess"."""
    with pytest.raises(SizeModifierError, match=r"at most \+10.*: \+11$"):
        judge_reach_bonus(11)
