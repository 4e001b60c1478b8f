"""Ruling records (issue 27): a question file with the answer it was given, checked again by ``ask``.

Issue 27, "Ruling records and replays": "Any such verdict exports as a question file in the ``ask`` format: the
scenario, the dice seed and roll count, the question, the answer given and any DM override.  ``ask`` gains
``override`` for attacks.  ``python -m vertigo ask`` checks a record and exits 0 when it agrees; 1 when it
differs, with ``"agrees": false`` and the JSON path of the first difference; 2 for bad input, as today."

These run in the process (and inside Pyodide); ``tests/test_ask_exit_codes.py`` runs the command itself.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from vertigo import records
from vertigo.ask import answer
from vertigo.errors import QuestionError, RecordError
from vertigo.records import Checked, Difference, build, check, difference
from vertigo.rules.height.rules import play
from vertigo.scenario import loads
from vertigo.table import LogEntry, Table

from builders import SCENARIOS

FALL = {"scenario": "cliff.json", "ask": "move", "fighter": "goat", "entry": 0, "to": "cliff-foot"}
"""H2's worked example: ``Move 1 (Height 2)`` down a border of Height 3 falls Height 1, 1d6 (``static/scenarios``)."""
FALL_LINE = "[H2] Cliff top → Foot of the cliff: down Height 3 — falls Height 1 (1d6)."
"""The fall's explanation line, ``explanation[1]`` of the answer."""
RIDGE_NOTE = "the ridge is low here"


def shot(n: int, **fields: Any) -> dict[str, Any]:
    """The attack question of the seed's worked ranged example ``n`` (*The four shots*)."""
    return {"scenario": "four-shots.json", "ask": "attack", "fighter": f"shooter-{n}", "target": f"target-{n}",
            **fields}


def recorded(question: dict[str, Any]) -> dict[str, Any]:
    """The record of a question: the question and the answer it gets now, through JSON as a file keeps it."""
    return json.loads(json.dumps({**question, "answer": answer(question, SCENARIOS)}))


# -- checking a record ----------------------------------------------------

def test_a_record_that_agrees_says_so_and_answers_as_the_plain_question() -> None:
    """Issue 27: "checks a record and exits 0 when it agrees" — ``agrees`` comes right after ``ask``, then the
    answer now, the very answer the question without its record gets."""
    got = answer(recorded(FALL), SCENARIOS)
    plain = answer(FALL, SCENARIOS)
    assert list(got)[:3] == ["ask", "agrees", "allowed"]
    assert got == {"ask": "move", "agrees": True, **{k: v for k, v in plain.items() if k != "ask"}}
    assert "difference" not in got
    assert got["explanation"][1] == FALL_LINE


def test_one_explanation_line_changed_is_named_by_its_path() -> None:
    """Issue 27: "1 when it differs, with ``"agrees": false`` and the JSON path of the first difference" — one
    explanation line edited in the record: ``$.explanation[1]``, the recorded line and the line now."""
    record = recorded(FALL)
    record["answer"]["explanation"][1] = "[H2] Cliff top → Foot of the cliff: down Height 3 — no fall."
    got = answer(record, SCENARIOS)
    assert (got["ask"], got["agrees"]) == ("move", False)
    assert got["difference"] == {"path": "$.explanation[1]",
                                 "recorded": "[H2] Cliff top → Foot of the cliff: down Height 3 — no fall.",
                                 "now": FALL_LINE}
    assert list(got)[:4] == ["ask", "agrees", "difference", "allowed"]
    assert got["explanation"][1] == FALL_LINE  # the answer now, not the record's


def test_check_is_what_ask_prints() -> None:
    """Issue 27: "``records.check(record, base_dir) -> Checked`` (agrees, difference, answer) is what both ask
    and the page call"."""
    record = recorded(FALL)
    record["answer"]["fall_dice"] = 2
    got = check(record, SCENARIOS)
    assert got == Checked(False, Difference("$.fall_dice", 2, 1), answer(FALL, SCENARIOS))
    assert got.to_json() == answer(record, SCENARIOS)


@pytest.mark.parametrize("value, shown", [([], "[]"), ("allowed", '"allowed"'), (None, "null"), (1, "1")])
def test_a_recorded_answer_that_is_not_an_object_is_a_bad_question(value: Any, shown: str) -> None:
    """Issue 27: "2 for bad input, as today" — the recorded ``answer`` must be a JSON object."""
    with pytest.raises(QuestionError) as e:
        answer({**FALL, "answer": value}, SCENARIOS)
    assert str(e.value) == f"question.answer: must be a JSON object, the answer recorded: {shown}"


def test_a_record_of_a_bad_question_is_refused_as_the_question_is() -> None:
    """docs/api.md: a record is a question; its question's own problems are refused at their place."""
    with pytest.raises(QuestionError) as e:
        answer({**FALL, "fighter": "zed", "answer": {}}, SCENARIOS)
    assert str(e.value).startswith('question.fighter: no fighter "zed"; the fighters are goat,')


def test_check_wants_an_answer() -> None:
    """:func:`vertigo.records.check` is given records: a question without ``answer`` is refused."""
    with pytest.raises(QuestionError) as e:
        check(FALL, SCENARIOS)
    assert str(e.value) == "question.answer: missing; a record holds the answer it was given, a JSON object"


# -- the path of the first difference -------------------------------------

@pytest.mark.parametrize("before, after, found", [
    ({"a": {"b": [1, {"c": 2}]}}, {"a": {"b": [1, {"c": 3}]}}, Difference("$.a.b[1].c", 2, 3)),
    ([[0, 1], [2, [3, 4]]], [[0, 1], [2, [3, 5]]], Difference("$[1][1][1]", 4, 5)),
    ({"fall dice": 1}, {"fall dice": 2}, Difference('$["fall dice"]', 1, 2)),
    ({"höhe": 1}, {"höhe": 2}, Difference('$["höhe"]', 1, 2)),
    ({'say "hi"': 1}, {'say "hi"': 2}, Difference('$["say \\"hi\\""]', 1, 2)),
    ({"_x2": [1]}, {"_x2": [2]}, Difference("$._x2[0]", 1, 2)),
    ({"a": 1, "b": 2}, {"a": 1}, Difference("$.b", 2, None, "now")),
    ({"a": 1}, {"a": 1, "z": [0]}, Difference("$.z", None, [0], "recorded")),
    ([1, 2], [1, 2, 3], Difference("$[2]", None, 3, "recorded")),
    ([1, 2, 3], [1, 2], Difference("$[2]", 3, None, "now")),
    ({"a": [1]}, {"a": {"0": 1}}, Difference("$.a", [1], {"0": 1})),
    ({"a": True}, {"a": 1}, Difference("$.a", True, 1)),
    ({"a": None}, {"a": 0}, Difference("$.a", None, 0)),
    ("1", 1, Difference("$", "1", 1)),
])
def test_the_first_difference_and_its_path(before: Any, after: Any, found: Difference) -> None:
    """Issue 27: "the path is JSON-path-like (``$``, ``.key``, ``[i]``)"; a key that is no identifier is
    written ``["key"]``; a side with nothing there is null, and says which (``missing``); ``true`` is not ``1``."""
    assert difference(before, after) == found


def test_the_first_difference_in_the_recorded_documents_order() -> None:
    """Issue 27: "the first difference in document order of the recorded answer (keys in the recorded object's
    order, then keys only in the new one)"."""
    assert difference({"b": 1, "a": 1}, {"a": 2, "b": 2}) == Difference("$.b", 1, 2)
    assert difference({"a": 1}, {"z": 0, "a": 2}) == Difference("$.a", 1, 2)
    assert difference({"a": 1}, {"z": 0, "y": 1, "a": 1}) == Difference("$.z", None, 0, "recorded")
    assert difference({"a": 1, "b": 2}, {"b": 3}) == Difference("$.a", 1, None, "now")


@pytest.mark.parametrize("before, after", [
    ({"a": 1, "b": [1, {"c": None}]}, {"b": [1, {"c": None}], "a": 1}),
    ({"rise": -3}, {"rise": -3.0}),
    ([], []),
    ({}, {}),
])
def test_the_same_json_has_no_difference(before: Any, after: Any) -> None:
    """JSON objects have no key order, and ``-3`` and ``-3.0`` are one number: no difference."""
    assert difference(before, after) is None


def test_a_difference_as_json_says_the_missing_side_last() -> None:
    """docs/api.md: ``{"path", "recorded", "now"}``, then ``"missing"`` only when one side has nothing there."""
    assert list(Difference("$.a", 1, 2).to_json()) == ["path", "recorded", "now"]
    assert Difference("$[2]", None, 3, "recorded").to_json() == {"path": "$[2]", "recorded": None, "now": 3,
                                                                 "missing": "recorded"}


# -- the DM's override on an attack ---------------------------------------

def test_the_dm_lets_a_blocked_shot_reach() -> None:
    """Issue 27: "``ask`` gains ``override`` for attacks" — H5 example 3 (blocked by the ridge), the DM rules the
    Shortbow (action 0) reaches: the action, the summary, the rules and the explanation show it as the page's
    panel does, and only that action changes."""
    got = answer(shot(3, action=0, override={"allowed": True, "note": RIDGE_NOTE}), SCENARIOS)
    plain = answer(shot(3), SCENARIOS)
    bow = got["actions"][0]
    assert (bow["reaches"], bow["final"], bow["override"]) == (False, True, {"allowed": True, "note": RIDGE_NOTE})
    assert bow["summary"] == "Shortbow, range 3: reaches — overridden by the DM (rules: needs range 2, blocked)"
    assert bow["explanation"][-1] == f"[H7] Rules say not allowed; overridden by the DM: allowed ({RIDGE_NOTE})."
    assert got["actions"][1:] == plain["actions"][1:]
    assert got["summary"] == ("Shortbow, range 3: reaches — overridden by the DM (rules: needs range 2, blocked); "
                              "Sling, range 2: cannot reach (needs range 2, blocked); "
                              "Dagger, range 0: cannot reach (range 0: its own section only)")
    assert (plain["rules"], got["rules"]) == (["H5", "H6", "H14"], ["H5", "H6", "H7", "H14"])
    assert got["explanation"][4] == f"[H7] Rules say not allowed; overridden by the DM: allowed ({RIDGE_NOTE})."
    assert len(got["explanation"]) == len(plain["explanation"]) + 1


def test_the_dm_stops_a_shot_that_reaches() -> None:
    """H7, "either way": H5 example 1 (+1 then +2, range 3 reaches), the DM rules the Shortbow does not."""
    got = answer(shot(1, action=0, override={"allowed": False, "note": ""}), SCENARIOS)
    bow = got["actions"][0]
    assert (bow["reaches"], bow["final"], bow["override"]) == (True, False, {"allowed": False, "note": ""})
    assert bow["summary"] == "Shortbow, range 3: cannot reach — overridden by the DM (rules: needs range 3)"
    assert bow["explanation"][-1] == "[H7] Rules say allowed; overridden by the DM: not allowed."
    assert got["rules"] == ["H5", "H6", "H7"]


def test_the_override_is_the_page_buttons() -> None:
    """Issue 27: "the answer's actions[action] is overridden exactly as the page's override button does
    (ShotVerdict.overridden)"."""
    table = Table.start(loads((SCENARIOS / "four-shots.json").read_text(encoding="utf-8")))
    by_page = play.attack(table, "shooter-3", "target-3")[1].overridden(True)
    got = answer(shot(3, action=1, override={"allowed": True}), SCENARIOS)
    assert got["actions"][1] == by_page.to_json()


def test_action_alone_changes_nothing() -> None:
    """docs/api.md: ``action`` without ``override`` names the action and leaves the rules' answer standing (a
    logged take-back asks so)."""
    assert answer(shot(3, action=2), SCENARIOS) == answer(shot(3), SCENARIOS)


@pytest.mark.parametrize("fields, message", [
    ({"override": {"allowed": True}},
     "question.override: needs action, the index of the action the DM rules on (0-based, as in the answer's "
     "actions)"),
    ({"action": 3, "override": {"allowed": True}}, 'question.action: fighter "shooter-3" has 3 actions (0 to 2): 3'),
    ({"action": -1}, 'question.action: fighter "shooter-3" has 3 actions (0 to 2): -1'),
    ({"action": True}, 'question.action: fighter "shooter-3" has 3 actions (0 to 2): true'),
    ({"action": "0"}, 'question.action: fighter "shooter-3" has 3 actions (0 to 2): "0"'),
    ({"action": 0, "override": {"allowed": "yes"}}, 'question.override.allowed: must be true or false: "yes"'),
])
def test_a_bad_override_or_action_is_one_line(fields: dict[str, Any], message: str) -> None:
    """Issue 27: "``override`` needs ``action`` (error otherwise)"; an action past the fighter's is refused."""
    with pytest.raises(QuestionError) as e:
        answer(shot(3, **fields), SCENARIOS)
    assert str(e.value) == message


def test_a_whole_number_action_written_as_a_decimal_is_read() -> None:
    """JSON does not tell ``1`` from ``1.0``: both name the second action."""
    one = answer(shot(3, action=1, override={"allowed": True}), SCENARIOS)
    assert answer(shot(3, action=1.0, override={"allowed": True}), SCENARIOS) == one


# -- making a record from the log -----------------------------------------

def cliff() -> Table:
    return Table.start(loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8")))


GOAT_ASKED = ('{"ask":"move","fighter":"goat","entry":0,"to":"cliff-foot","positions":{"goat":"cliff-top",'
              '"kestrel":"cliff-top","blinker":"cliff-foot","spearman":"cliff-foot","climber":"boulder",'
              '"ogre":"boulder","archer":"far-bank"},"rolls":3}')
"""The question a log entry keeps for the goat's fall (issue 27's ``LogEntry.asked``), three rolls made before."""


def test_a_record_built_from_a_log_entry() -> None:
    """Issue 27: "the scenario, the dice seed and roll count, the question, the answer given" — the record's keys in
    order, the scenario with ``dice_rolls`` the rolls before the verdict, the headline as ``about`` and the answer
    the same ask code gives."""
    table = cliff()
    entry = LogEntry("Mountain goat: Cliff top → Foot of the cliff with Move 1 (Height 2) — moved, fell: 5 damage",
                     asked=GOAT_ASKED)
    record = build(table.scenario, entry)
    assert list(record) == ["scenario", "ask", "fighter", "entry", "to", "positions", "about", "answer"]
    assert (record["scenario"]["dice_seed"], record["scenario"]["dice_rolls"]) == (11, 3)
    assert record["positions"] == json.loads(GOAT_ASKED)["positions"]
    assert record["about"] == entry.text
    question = {k: v for k, v in record.items() if k not in ("about", "answer")}
    assert record["answer"] == answer(question)
    assert record["answer"]["explanation"][1] == FALL_LINE
    assert check(json.loads(json.dumps(record))).agrees


def test_a_record_without_its_answer() -> None:
    """``answer_now=False``: the question file alone, no ``answer``."""
    record = build(cliff().scenario, LogEntry("Goat moves", asked=GOAT_ASKED), answer_now=False)
    assert list(record) == ["scenario", "ask", "fighter", "entry", "to", "positions", "about"]


def test_a_record_of_an_override_on_a_shot_checks_again() -> None:
    """Issue 27: "The page logs an override on a shot with ``{"ask":"attack","fighter","target","action":i,
    "override":{...}}``" — its record holds the override and agrees with ``ask``."""
    table = Table.start(loads((SCENARIOS / "four-shots.json").read_text(encoding="utf-8")))
    asked = json.dumps({"ask": "attack", "fighter": "shooter-3", "target": "target-3", "action": 0,
                        "override": {"allowed": True, "note": ""},
                        "positions": {f.id: f.start.section for f in table.scenario.fighters}, "rolls": 0})
    record = build(table.scenario, LogEntry("DM override: Cleo's Shortbow against Bandit 3 — rules: blocked; "
                                            "DM: reaches", asked=asked))
    assert list(record)[:6] == ["scenario", "ask", "fighter", "target", "action", "override"]
    assert "dice_rolls" not in record["scenario"]
    assert record["answer"]["actions"][0]["final"] is True
    assert check(record).agrees


def test_a_record_keeps_the_states_in_its_scenario() -> None:
    """Issue 27's ``asked``: ``"states"`` (a fighter Knocked Down, J8) goes into the record's scenario, where the
    fighter's state is written."""
    table = Table.start(loads((SCENARIOS / "rooftop-chase.json").read_text(encoding="utf-8")))
    asked = json.dumps({"ask": "jump_table", "fighter": "runner",
                        "positions": {"runner": "roof-1", "beast": "roof-1", "thief": "roof-2"}, "rolls": 2,
                        "states": {"runner": {"knocked_down": True}}})
    record = build(table.scenario, LogEntry("Runner's jumps", asked=asked))
    fighters = {f["id"]: f for f in record["scenario"]["fighters"]}
    assert (fighters["runner"].get("knocked_down"), fighters["thief"].get("knocked_down")) == (True, None)
    assert record["scenario"]["dice_rolls"] == 2
    assert check(record).agrees


def test_about_is_the_headline_without_isolates_and_at_most_200_characters() -> None:
    """``about`` is read like a name (no bidirectional controls, at most MAX_NOTE = 200 characters), while a
    headline isolates right-to-left names and may run to 400: the record keeps the headline's words."""
    name = "\u05e2\u05d5\u05d6"  # a Hebrew name, which isolate() wraps in FSI … PDI
    entry = LogEntry(f"\u2068{name}\u2069: " + "x" * 300, asked=GOAT_ASKED)
    about = build(cliff().scenario, entry, answer_now=False)["about"]
    assert about == f"{name}: " + "x" * 194 + "…"
    assert len(about) == 200


@pytest.mark.parametrize("asked, message", [
    (None, 'record: the log entry "Goat moves" keeps no question (it was logged before the battlefield was '
           "loaded, or by a page that kept none); only a verdict logged since makes a record"),
    ('{"ask":"undo","positions":{},"rolls":0}',
     'record: the log entry "Goat moves" is an undo, not a ruling; only a verdict makes a record'),
    ('{"ask":"place","fighter":"goat","to":"boulder","positions":{},"rolls":0}',
     'record: the log entry "Goat moves" is a placing by hand, not a ruling; only a verdict makes a record'),
    ("[1]", 'record: the log entry "Goat moves" keeps a question that is not an object with an "ask": "[1]"'),
])
def test_no_record_of_an_entry_without_a_ruling(asked: str | None, message: str) -> None:
    """Issue 27: ``build`` "raises RecordError (a QuestionError subclass) when the entry has no asked question";
    an undo or a placing by hand is no ruling."""
    with pytest.raises(RecordError) as e:
        build(cliff().scenario, LogEntry("Goat moves", asked=asked))
    assert str(e.value) == message
    assert isinstance(e.value, QuestionError)
    assert records.NOT_RULINGS == ("undo", "place")
