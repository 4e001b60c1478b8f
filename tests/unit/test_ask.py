"""``python -m vertigo ask``: one question in, the verdict's own JSON out, or one error line.

The command is run for real (``sys.executable -m vertigo ask``) on a question
file of each kind, among them the example files of ``docs/questions/``; those
runs are skipped inside Pyodide, which cannot start a process.  The same
questions are then answered in the process by :func:`vertigo.ask.answer`,
which runs everywhere.

Source: the Height rules' worked examples (``000_519d8b8e373365db.txt`` ›
Combat: the ``Move 1 (Height 2)`` fall; › Height and Range: the four shots),
rulings H2–H8; the SM / Reach table of ``001_cbc7fc1b49bd2ff2.txt``, ruling G4;
``docs/api.md`` (the question envelope, exit codes and error lines).
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from vertigo import __main__ as cli
from vertigo.ask import QUESTIONS, answer, answer_text
from vertigo.errors import QuestionError, RulesError

from builders import SCENARIOS

ROOT = Path(__file__).resolve().parents[2]
QUESTION_FILES = ROOT / "docs" / "questions"
"""The example question files of ``docs/api.md``."""

needs_processes = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a process")
needs_docs = pytest.mark.skipif(not QUESTION_FILES.is_dir(), reason="docs/questions/ is not staged here")

CLIFF_FIGHTERS = "goat, kestrel, blinker, spearman, climber, ogre, archer"
QUESTION_NAMES = ("move, reachable, options, attack, push, climb_fails, climb, step_along, levels, sm_reach, route, "
                  "stretches, after_attack, door_melee, jump_table, jump, jump_outcome, jump_plan, jump_landing, "
                  "jump_made, stand_up, check")


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> tuple[int, str, str]:
    """``python -m vertigo *args`` in a new process: (exit status, stdout, stderr)."""
    import subprocess  # here, not at the top: the module must import inside Pyodide

    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    done = subprocess.run([sys.executable, "-m", "vertigo", *args], input=stdin, capture_output=True,
                          encoding="utf-8", env=env, cwd=cwd, timeout=60)
    return done.returncode, done.stdout, done.stderr


def ask_file(path: Path) -> dict:
    """The answer the command prints for a question file; exit 0 and nothing on stderr asserted."""
    code, out, err = run("ask", str(path))
    assert (code, err) == (0, "")
    return json.loads(out)


def write_question(folder: Path, question: object, name: str = "q.json") -> Path:
    path = folder / name
    path.write_text(question if isinstance(question, str) else json.dumps(question), encoding="utf-8")
    return path


def cliff(**fields: object) -> dict:
    """A question about the bundled cliff, read from ``static/scenarios/`` (answered with base_dir SCENARIOS)."""
    return {"scenario": "cliff.json", **fields}


def shots(n: int) -> dict:
    """The attack question of the seed's worked ranged example ``n`` (*The four shots*)."""
    return {"scenario": "four-shots.json", "ask": "attack", "fighter": f"shooter-{n}", "target": f"target-{n}"}


# -- the command, on the example files of docs/questions/ -------------------

@needs_processes
@needs_docs
def test_the_goat_falls_1d6_from_the_cliff():
    """H2 worked example: "with ``Move 1 (Height 2)``, a fighter going down a border of
    Height 3 falls 3 − 2 = Height 1, which is **1d6**"."""
    data = ask_file(QUESTION_FILES / "goat-falls-from-the-cliff.json")
    assert data["ask"] == "move"
    assert (data["allowed"], data["final"], data["fall_dice"]) == (True, True, 1)
    assert data["path"] == ["cliff-top", "cliff-foot"]
    assert data["crossings"] == [{"from": "cliff-top", "to": "cliff-foot", "rise": -3, "fall": 1, "dice": 1}]
    assert {"H2", "H8"} <= set(data["rules"])
    assert data["rules"] == ["H2", "H3", "H8"]
    assert data["explanation"][1] == "[H2] Cliff top → Foot of the cliff: down Height 3 — falls Height 1 (1d6)."


@needs_processes
@needs_docs
def test_the_goat_cannot_climb_back():
    """H2 worked example: "With the same entry the fighter cannot climb that border,
    because 2 < 3" — the goat placed at the foot by ``positions``."""
    data = ask_file(QUESTION_FILES / "goat-cannot-climb-back.json")
    assert (data["allowed"], data["final"], data["fall_dice"], data["path"]) == (False, False, 0, [])
    assert data["start"] == "cliff-foot"
    assert data["explanation"][-1] == ("[H2] Foot of the cliff → Cliff top: up Height 3 needs a Move Height ≥ 3; "
                                       "Move 1 (Height 2) moves with Height 2.")


@needs_processes
@needs_docs
def test_the_dm_lets_the_goat_climb():
    """H7: "The DM can override any move verdict ... either way"; "it goes to the log,
    so the log keeps both the rules' answer and the DM's"."""
    data = ask_file(QUESTION_FILES / "dm-lets-the-goat-climb.json")
    assert (data["allowed"], data["final"]) == (False, True)
    assert data["override"] == {"allowed": True, "note": "a rope hangs down the cliff"}
    assert data["rules"] == ["H2", "H7"]
    assert data["explanation"][-1] == ("[H7] Rules say not allowed; overridden by the DM: allowed "
                                       "(a rope hangs down the cliff).")


@needs_processes
@needs_docs
def test_the_goats_highlight():
    """H3: "the side view marks every section that entry can reach. Each mark shows the
    least falling dice needed to get there"."""
    data = ask_file(QUESTION_FILES / "goat-reachable.json")
    assert data["ask"] == "reachable"
    assert data["sections"] == {"cliff-top": 0, "overhang": 0, "cliff-foot": 1}
    assert list(data["sections"]) == ["cliff-top", "overhang", "cliff-foot"]
    assert data["rules"] == ["H2", "H3"]


@needs_processes
@needs_docs
@pytest.mark.parametrize("name, needed, blocked, shortbow, sling", [
    ("shot-1-up-1-then-2.json", 3, None, True, False),
    ("shot-2-across-the-chasm.json", 2, None, True, True),
    ("shot-3-blocked-by-the-ridge.json", 2, "ridge", False, False),
    ("shot-4-down-2-then-1.json", 3, None, True, False)])
def test_the_four_shots(name, needed, blocked, shortbow, sling):
    """H5, the seed's four worked examples: +1 then +2 needs range 3; −6 then +6 (a
    chasm) needs range 2; +1 then −2 is blocked by the middle section; −2 then −1 needs
    range 3 — range 3 and range 2 actions per docs/rules.md's table."""
    data = ask_file(QUESTION_FILES / name)
    assert data["ask"] == "attack"
    assert [a["name"] for a in data["actions"]] == ["Shortbow", "Sling", "Dagger"]
    assert {a["range_needed"] for a in data["actions"]} == {needed}
    assert {a["blocked_by"] for a in data["actions"]} == {blocked}
    assert [a["reaches"] for a in data["actions"]] == [shortbow, sling, False]
    assert data["rules"] == (["H5", "H6", "H14"] if blocked else ["H5", "H6"])  # H14: no clear line


@needs_processes
@needs_docs
def test_sm_plus_2_adds_a_yard():
    """G4, the SM / Reach table: SM +2 adds 1 yd of reach; the question needs no scenario."""
    data = ask_file(QUESTION_FILES / "sm-plus-2-reach.json")
    assert data == {"ask": "sm_reach", "sm": 2, "reach_bonus": 1, "summary": "SM +2: reach bonus +1 yd",
                    "rules": ["G4"], "explanation": ["[G4] SM +2: +1 yd to every reach value of its weapons, "
                                                     "C counting as 0 (the SM / Reach table)."]}


@needs_processes
@needs_docs
def test_every_example_question_is_answered_as_in_the_process():
    """docs/api.md: "a question file is also a record of a ruling anyone can re-check"
    — every example answers with exit 0, and the printed answer is the one
    :func:`vertigo.ask.answer` gives."""
    files = sorted(QUESTION_FILES.glob("*.json"))
    assert len(files) >= 8
    for path in files:
        question = json.loads(path.read_text(encoding="utf-8"))
        assert ask_file(path) == answer(question, path.parent), path.name


@needs_processes
def test_whole_numbers_print_as_json_ints(tmp_path):
    """H1: a border's Height is a number of Height levels; the answer writes ``-3``,
    not ``-3.0``, and a decimal fall as it is (H8: "Height 2.5 is 2d6")."""
    scenario = {"vertigo": 1, "title": "Drop", "sections": [
        {"id": "a", "elevation": 2.5, "x": [0, 1]}, {"id": "b", "elevation": 0, "x": [1, 2]}],
        "borders": [["a", "b"]],
        "fighters": [{"id": "f", "name": "F", "side": "S", "section": "a", "moves": ["Move 1"]}]}
    path = write_question(tmp_path, {"scenario": scenario, "ask": "move", "fighter": "f", "entry": 0, "to": "b"})
    code, out, err = run("ask", str(path))
    assert (code, err) == (0, "")
    assert '"rise": -2.5,' in out and '"fall": 2.5,' in out and '"dice": 2' in out
    assert '"move_height": 0,' in out


@needs_processes
def test_a_question_on_standard_input_takes_paths_from_the_current_folder():
    """docs/api.md: "``-`` reads the question from standard input"; a scenario path is
    then relative to the current folder."""
    question = json.dumps(cliff(ask="move", fighter="goat", entry=0, to="cliff-foot"))
    code, out, err = run("ask", "-", stdin=question, cwd=SCENARIOS)
    assert (code, err) == (0, "")
    assert json.loads(out)["fall_dice"] == 1


@needs_processes
def test_help_says_how_to_ask():
    """docs/api.md: ``--help`` lists the questions; exit 0."""
    code, out, err = run("ask", "--help")
    assert (code, err) == (0, "")
    assert out.startswith("usage: python -m vertigo ask QUESTION.json")
    for name in QUESTIONS:
        assert f"  {name} " in out


# -- exit 2: one line on stderr, nothing on stdout --------------------------

BAD_SCENARIO = {"vertigo": 1, "title": "Bad", "sections": [{"id": "a", "elevation": "high", "x": [0, 1]}]}

REFUSED = [
    ("a bad scenario", {"scenario": BAD_SCENARIO, "ask": "sm_reach", "sm": 1},
     'scenario: sections[0].elevation: must be a number from -1000 to 1000: "high"'),
    ("an unknown fighter", cliff(ask="move", fighter="zed", entry=0, to="cliff-foot"),
     f'question.fighter: no fighter "zed"; the fighters are {CLIFF_FIGHTERS}'),
    ("an entry out of range", cliff(ask="move", fighter="goat", entry=3, to="cliff-foot"),
     'question.entry: fighter "goat" has 1 Move entry (0 to 0): 3'),
    ("an unknown ask", cliff(ask="fly"), f'question: unknown ask "fly"; the questions are {QUESTION_NAMES}'),
    ("SM +11", {"ask": "sm_reach", "sm": 11},
     "question.sm: SM must be at most +10, the reach table covers SM ≤ 0 to +10: +11"),
]


@needs_processes
@pytest.mark.parametrize("case, question, message", REFUSED, ids=[c[0] for c in REFUSED])
def test_the_command_refuses_with_one_line(tmp_path, case, question, message):
    """docs/api.md: "exit 2 with ONE line ``error: <message naming the place>``" and
    nothing on standard output."""
    path = write_question(tmp_path, {**question, "scenario": str(SCENARIOS / question["scenario"])}
                          if isinstance(question.get("scenario"), str) else question)
    assert run("ask", str(path)) == (2, "", f"error: {message}\n")


@needs_processes
def test_the_command_refuses_text_that_is_not_json(tmp_path):
    """docs/api.md: a question that is not JSON is refused with its line and column, as
    a scenario file is."""
    path = write_question(tmp_path, "{not json")
    assert run("ask", str(path)) == (
        2, "", "error: question: line 1, column 2: not valid JSON (Expecting property name enclosed in double "
               "quotes)\n")


@needs_processes
def test_the_command_refuses_a_scenario_path_that_does_not_exist(tmp_path):
    """docs/api.md: ``scenario`` may be "a path relative to the question file"; one
    that names no file is refused at ``question.scenario``, with the folder it was
    looked for in."""
    path = write_question(tmp_path, {"scenario": "missing.json", "ask": "reachable", "fighter": "goat", "entry": 0})
    folder = json.dumps(str(tmp_path), ensure_ascii=False)
    assert run("ask", str(path)) == (
        2, "", f'error: question.scenario: no such file: "missing.json" (from the question\'s folder {folder})\n')


@needs_processes
def test_the_command_refuses_a_question_file_that_does_not_exist(tmp_path):
    """docs/api.md: a question file that cannot be read is exit 2, one line."""
    missing = tmp_path / "nope.json"
    assert run("ask", str(missing)) == (2, "", f"error: question: no such file: {json.dumps(str(missing))}\n")


@needs_processes
@pytest.mark.parametrize("args, message", [
    ((), "usage: python -m vertigo ask QUESTION.json (or - to read the question from standard input); "
         "--help says more"),
    (("fly",), 'unknown command "fly"; usage: python -m vertigo ask QUESTION.json (or - to read the question '
               "from standard input); --help says more"),
    (("ask",), "ask takes one question file; usage: python -m vertigo ask QUESTION.json (or - to read the "
               "question from standard input)")])
def test_the_command_refuses_a_bad_command_line(args, message):
    """docs/api.md: a bad command line is exit 2 with one error line, as a bad question."""
    assert run(*args) == (2, "", f"error: {message}\n")


# -- in the process: vertigo.ask.answer -----------------------------------

def test_answer_moves_the_goat_in_the_process():
    """H2 worked example, answered by :func:`vertigo.ask.answer`: the goat falls 1d6;
    the answer is ``ask`` followed by the verdict's own JSON."""
    data = answer(cliff(ask="move", fighter="goat", entry=0, to="cliff-foot"), SCENARIOS)
    assert list(data) == ["ask", "allowed", "final", "fall_dice", "path", "crossings", "start", "dest", "entry",
                          "move_height", "override", "summary", "rules", "explanation"]
    assert (data["allowed"], data["fall_dice"], data["path"]) == (True, 1, ["cliff-top", "cliff-foot"])
    assert data["rules"] == ["H2", "H3", "H8"]


def test_answer_to_the_fighters_own_section_says_it_is_already_there():
    """Issue 22 (H3: the route to the start is the start alone): ``ask move`` to the section the goat stands on
    answers as the page does, "already there, nothing moves", not "Allowed"; the rules' ``allowed`` stays true
    (staying put breaks no rule) with no dice and a path of the start alone."""
    data = answer(cliff(ask="move", fighter="goat", entry=0, to="cliff-top"), SCENARIOS)
    assert (data["allowed"], data["final"], data["fall_dice"], data["path"]) == (True, True, 0, ["cliff-top"])
    assert data["summary"] == "Already there: the fighter is on that section, nothing moves."
    assert data["explanation"] == ["[H2] Move 1 (Height 2) moves up to 1 step with Height 2 (its own).",
                                   "[H3] Already on Cliff top: nothing moves."]


def test_answer_takes_a_scenario_document_too():
    """docs/api.md: ``scenario`` is "a scenario document, or a path relative to the
    question file"; both give the same answer."""
    document = json.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8"))
    question = {"ask": "move", "fighter": "goat", "entry": 0, "to": "cliff-foot"}
    assert answer({"scenario": document, **question}) == answer(cliff(**question), SCENARIOS)


def test_answer_applies_the_dm_override():
    """H7: the DM forbids the goat's legal drop; the rules' answer, path and dice stay
    as they were, ``final`` is the DM's."""
    data = answer(cliff(ask="move", fighter="goat", entry=0, to="cliff-foot", override={"allowed": False}),
                  SCENARIOS)
    assert (data["allowed"], data["final"], data["fall_dice"]) == (True, False, 1)
    assert data["summary"] == "Not allowed — overridden by the DM."
    assert data["explanation"][-1] == "[H7] Rules say allowed; overridden by the DM: not allowed."


def test_answer_places_fighters_where_they_stand_now():
    """H5: d and Δh are measured from where the fighters stand; ``positions`` moves the
    archer to the cliff top, 2 steps and Height 3 above the spearman: range 3 needed."""
    data = answer(cliff(ask="attack", fighter="spearman", target="archer", positions={"archer": "cliff-top"}),
                  SCENARIOS)
    javelin = data["actions"][1]
    assert (javelin["target"], javelin["range_needed"], javelin["reaches"]) == ("cliff-top", 3, False)


def test_answer_lists_the_highlight():
    """H3 on Fly: "Fly N ignores Height" (H4) — the kestrel's Fly 3 reaches every section within 3 steps, all safe."""
    data = answer(cliff(ask="reachable", fighter="kestrel", entry=1), SCENARIOS)
    assert data["sections"] == {"cliff-top": 0, "overhang": 0, "cliff-foot": 0, "boulder": 0, "spire": 0}
    assert data["rules"] == ["H3", "H4"]


@pytest.mark.parametrize("n, needed, blocked", [(1, 3, None), (2, 2, None), (3, 2, "ridge"), (4, 3, None)])
def test_answer_judges_the_four_shots(n, needed, blocked):
    """H5, the seed's four worked examples, in the process: range needed 3, 2, blocked,
    3; the Shortbow (range 3) reaches all but the blocked one."""
    data = answer(shots(n), SCENARIOS)
    shortbow = data["actions"][0]
    assert (shortbow["range_needed"], shortbow["blocked_by"], shortbow["reaches"]) == (needed, blocked, blocked is None)
    assert data["explanation"] == [line for a in data["actions"] for line in a["explanation"]]


def test_answer_of_sm_reach_needs_no_scenario():
    """G4: the SM / Reach table depends on nothing but the SM."""
    assert answer({"ask": "sm_reach", "sm": 5})["reach_bonus"] == 5
    assert answer({"ask": "sm_reach", "sm": 5.0})["sm"] == 5


IN_PROCESS_REFUSED = [
    *REFUSED,
    ("a scenario path that does not exist", {"scenario": "missing.json", "ask": "sm_reach", "sm": 1},
     f'question.scenario: no such file: "missing.json" (from the question\'s folder '
     f'{json.dumps(str(SCENARIOS), ensure_ascii=False)})'),
    ("a question that is not an object", [1, 2], "question: must be a JSON object: [1, 2]"),
    ("no ask", cliff(), f"question.ask: missing; the questions are {QUESTION_NAMES}"),
    ("a misspelt field", cliff(ask="move", fighter="goat", entrys=0),
     'question: unknown field "entrys" for ask "move"; its fields are ask, scenario, about, fighter, entry, to, '
     "x, positions, override"),
    ("no scenario", {"ask": "move"},
     "question.scenario: missing; give a scenario document or the path of one, relative to the question's folder"),
    ("no entry", cliff(ask="reachable", fighter="goat"),
     'question.entry: missing; give the index of a Move entry; fighter "goat" has 1 Move entry (0 to 0)'),
    ("an entry that is not a number", cliff(ask="reachable", fighter="blinker", entry="Fly 3"),
     'question.entry: fighter "blinker" has 3 Move entries (0 to 2): "Fly 3"'),
    ("a negative entry", cliff(ask="reachable", fighter="goat", entry=-1),
     'question.entry: fighter "goat" has 1 Move entry (0 to 0): -1'),
    ("an unknown section", cliff(ask="move", fighter="goat", entry=0, to="moon"),
     'question.to: no section "moon"; the sections are cliff-top, overhang, cliff-foot, boulder, spire, ravine, '
     "far-bank"),
    ("a fighter aiming at itself", cliff(ask="attack", fighter="ogre", target="ogre"),
     'question.target: "ogre" is the fighter itself; a target is another fighter'),
    ("a position on no section", cliff(ask="attack", fighter="ogre", target="goat", positions={"goat": "moon"}),
     'question.positions.goat: no section "moon"; the sections are cliff-top, overhang, cliff-foot, boulder, '
     "spire, ravine, far-bank"),
    ("an override that is not true or false", cliff(ask="move", fighter="goat", entry=0, to="cliff-foot",
                                                    override={"allowed": "yes"}),
     'question.override.allowed: must be true or false: "yes"'),
    ("SM 2.5", {"ask": "sm_reach", "sm": 2.5}, "question.sm: SM must be a whole number: 2.5"),
    ("a scenario in feet", {"scenario": {"vertigo": 1, "title": "Feet", "units": "feet",
                                         "sections": [{"id": "a", "elevation": 0, "x": [0, 1]}]},
                            "ask": "reachable", "fighter": "x", "entry": 0},
     "scenario.rules: the question 'reachable' is answered by the Height rules ('height'), which this scenario does "
     "not name (its rules: 'levels')"),
]


@pytest.mark.parametrize("case, question, message", IN_PROCESS_REFUSED, ids=[c[0] for c in IN_PROCESS_REFUSED])
def test_answer_refuses_with_the_place(case, question, message):
    """docs/api.md: every refusal is a :class:`QuestionError` (a ``RulesError`` and a
    ``ValueError``) whose message is one line naming the place."""
    with pytest.raises(QuestionError) as caught:
        answer(question, SCENARIOS)
    assert str(caught.value) == message
    assert isinstance(caught.value, RulesError) and isinstance(caught.value, ValueError)


def test_answer_lists_every_problem_of_a_scenario_on_one_line():
    """docs/rules.md, *Scenario format*: "Loading checks the whole document and lists
    every problem at once, each with its place" — here on one line."""
    bad = {**BAD_SCENARIO, "sections": [*BAD_SCENARIO["sections"], {"id": "b", "elevation": 0, "x": [1, 0]}]}
    with pytest.raises(QuestionError) as caught:
        answer({"scenario": bad, "ask": "sm_reach", "sm": 0})
    assert str(caught.value) == (
        'scenario: 2 problems: sections[0].elevation: must be a number from -1000 to 1000: "high"; '
        "sections[1].x: right edge must be greater than left edge: [1, 0]")


def test_answer_keeps_a_scenario_with_many_problems_to_one_line():
    """docs/rules.md, *Limits*: "When a document has more than 50 problems, the first
    50 are listed and one line counts the rest" — the count stays on the one line."""
    bad = {**BAD_SCENARIO, "sections": [{"id": f"a{i}", "elevation": "high", "x": [0, 1]} for i in range(60)]}
    with pytest.raises(QuestionError) as caught:
        answer({"scenario": bad, "ask": "sm_reach", "sm": 0})
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith('scenario: more than 50 problems: sections[0].elevation: must be a number')
    assert message.endswith('sections[49].elevation: must be a number from -1000 to 1000: "high"; 10 more problems '
                            "not listed; mend the ones above and load it again to see them")


@pytest.mark.parametrize("text, message", [
    ("{not json", "question: line 1, column 2: not valid JSON (Expecting property name enclosed in double quotes)"),
    ("", "question: is empty"),
    ("[" * 17 + "]" * 17, "question: nests arrays and objects more than 16 deep; at most 16 are allowed")])
def test_answer_text_uses_the_scenarios_guard(text, message):
    """docs/rules.md, *Limits*: "A file is read only up to 2,000,000 characters, nested
    at most 16 arrays or objects deep" — a question file too."""
    with pytest.raises(QuestionError) as caught:
        answer_text(text)
    assert str(caught.value) == message


def test_main_prints_the_answer_and_exits_0(tmp_path):
    """docs/api.md: exit 0 for every answered question, allowed or not; the answer is
    one JSON object on standard output."""
    path = write_question(tmp_path, {**cliff(ask="move", fighter="goat", entry=0, to="cliff-top"),
                                     "scenario": str(SCENARIOS / "cliff.json"), "positions": {"goat": "cliff-foot"}})
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["ask", str(path)], stdout=out, stderr=err) == 0
    assert err.getvalue() == ""
    assert json.loads(out.getvalue())["allowed"] is False


def test_main_refuses_with_one_line_and_exit_2(tmp_path):
    """docs/api.md: "exit 2 with ONE line ``error: <message naming the place>``" and
    nothing on standard output."""
    path = write_question(tmp_path, {"ask": "fly"})
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["ask", str(path)], stdout=out, stderr=err) == 2
    assert (out.getvalue(), err.getvalue()) == ("", f'error: question: unknown ask "fly"; the questions are '
                                                    f"{QUESTION_NAMES}\n")
