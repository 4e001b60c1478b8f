"""``python -m vertigo replay FILE``, run as a user runs it: a new process, its exit status and output.

Source: issue 27, "Ruling records and replays": "``python -m vertigo replay FILE`` checks every step with the same
dice", with ask's exit codes (0 every step agrees, 1 a step differs, 2 bad input).  At the top of ``tests/`` (not
``tests/unit``): it starts processes, which the suite inside Pyodide cannot.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from vertigo_command import run  # noqa: E402

from vertigo import replay, scenario  # noqa: E402  (py/ on the path first, as tests/unit's conftest puts it)
from vertigo.rules.height.rules import play  # noqa: E402
from vertigo.table import Table  # noqa: E402

CLIFF = ROOT / "static" / "scenarios" / "cliff.json"
USAGE = "python -m vertigo replay FILE (FILE a replay, or - for standard input)"


def cliff_replay() -> dict[str, Any]:
    """The cliff: the first fighter moves with its first Move entry (H2), then the move is undone and made again."""
    t = Table.start(scenario.loads(CLIFF.read_text(encoding="utf-8")))
    goat = t.scenario.fighters[0].id
    dest = next(s.id for s in t.scenario.field.sections if s.id != t.position(goat))
    question = {"ask": "move", "fighter": goat, "entry": 0, "to": dest}
    t = t.move(goat, play.move_verdict(t, goat, 0, dest), asked=question)[0]
    t = t.undo(asked={"ask": "undo"})
    t = t.move(goat, play.move_verdict(t, goat, 0, dest), asked=question)[0]
    return replay.build(t)


def write(tmp_path: Path, doc: Any) -> str:
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_a_replay_that_agrees_exits_0_with_every_step_counted(tmp_path: Path):
    """Exit 0: {"replay": 1, "steps": 3, "agrees": true}, nothing on standard error."""
    assert run("replay", write(tmp_path, cliff_replay())) == (0, '{"replay": 1, "steps": 3, "agrees": true}\n', "")


def test_a_replay_read_from_standard_input(tmp_path: Path):
    """``-`` reads the replay from standard input."""
    assert run("replay", "-", stdin=json.dumps(cliff_replay())) == (
        0, '{"replay": 1, "steps": 3, "agrees": true}\n', "")


def test_a_step_that_differs_exits_1_naming_the_step_and_the_path(tmp_path: Path):
    """Exit 1: the first step that differs, its path, the value recorded and the value now."""
    doc = cliff_replay()
    doc["actions"][2]["result"]["rolls"] = 7
    code, out, err = run("replay", write(tmp_path, doc))
    assert (code, err) == (1, "")
    assert json.loads(out) == {"replay": 1, "steps": 3, "agrees": False, "first_difference": {
        "step": 2, "path": "$.actions[2].result.rolls", "recorded": 7, "now": 0}}


def test_bad_input_exits_2_with_one_line_naming_the_place(tmp_path: Path):
    """Exit 2, one line ``error: <place>: <message>`` and nothing on standard output."""
    doc = cliff_replay()
    doc["actions"][1]["ask"] = "fly"
    assert run("replay", write(tmp_path, doc)) == (
        2, "", 'error: replay.actions[1].ask: no action "fly"; the actions here are place, undo, move, push, climb, '
               "step_along\n")
    assert run("replay", str(tmp_path / "none.json")) == (
        2, "", f'error: replay: no such file: "{tmp_path / "none.json"}"\n')
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    code, out, err = run("replay", str(bad))
    assert (code, out) == (2, "") and err.startswith("error: replay: ") and err.count("\n") == 1
    assert run("replay") == (2, "", f"error: replay takes one replay file; usage: {USAGE}\n")
    assert run("replay", "--fast") == (2, "", f'error: unknown option "--fast"; usage: {USAGE}\n')


def test_help_says_what_it_checks_and_exits_0():
    """-h and --help print the usage and the exit codes."""
    code, out, err = run("replay", "--help")
    assert (code, err) == (0, "")
    assert out.startswith(f"usage: {USAGE}\n") and "exit status: 0 every step agrees; 1 a step differs" in out
    assert run("replay", "-h")[1] == out


def test_a_replay_given_to_ask_is_pointed_to_replay(tmp_path: Path) -> None:
    """Issue 27: a replay is checked by ``replay``, not ``ask``; ``ask`` on one says so (exit 2, one line)."""
    path = tmp_path / "replay.json"
    path.write_text(json.dumps({"replay": 1, "scenario": json.loads(CLIFF.read_text(encoding="utf-8")),
                                "actions": []}), encoding="utf-8")
    code, out, err = run("ask", str(path))
    assert (code, out) == (2, "")
    assert err == "error: question.ask: missing; this is a replay: python -m vertigo replay FILE checks it\n"
