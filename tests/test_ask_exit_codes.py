"""``python -m vertigo ask`` on ruling records, run as a process: exit 0 agrees, 1 differs, 2 bad input.

Issue 27, "Ruling records and replays": "``python -m vertigo ask`` checks a record and exits 0 when it agrees; 1
when it differs, with ``"agrees": false`` and the JSON path of the first difference; 2 for bad input, as today."
At the top of ``tests/``: Pyodide, which runs ``tests/unit``, starts no process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ROOT / "docs" / "questions"
FALL = QUESTIONS / "record-goat-falls-from-the-cliff.json"
"""docs/questions' record of H2's worked example: the goat's ``Move 1 (Height 2)`` falls Height 1, 1d6."""
RIDGE = QUESTIONS / "record-dm-lets-cleo-shoot-over-the-ridge.json"
"""docs/questions' record of the DM's override on H5 example 3: Cleo's Shortbow reaches over the ridge."""
FALL_LINE = "[H2] Cliff top → Foot of the cliff: down Height 3 — falls Height 1 (1d6)."

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess inside Pyodide")


def ask(path: Path) -> tuple[int, str, str]:
    """``python -m vertigo ask PATH``: (exit status, stdout, stderr)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    done = subprocess.run([sys.executable, "-m", "vertigo", "ask", str(path)], capture_output=True,
                          encoding="utf-8", env=env, timeout=60)
    return done.returncode, done.stdout, done.stderr


def edited(tmp_path: Path, source: Path, change: Any) -> Path:
    """A copy of a record beside the original's scenario path (``scenario`` made absolute), ``change``d."""
    record = json.loads(source.read_text(encoding="utf-8"))
    record["scenario"] = str((source.parent / record["scenario"]).resolve())
    change(record)
    path = tmp_path / source.name
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return path


def test_an_agreeing_record_exits_0() -> None:
    """Issue 27: "exits 0 when it agrees" — docs/questions' record of the goat's fall."""
    code, out, err = ask(FALL)
    assert (code, err) == (0, "")
    got = json.loads(out)
    assert list(got)[:3] == ["ask", "agrees", "allowed"]
    assert (got["ask"], got["agrees"], got["fall_dice"]) == ("move", True, 1)
    assert got["explanation"][1] == FALL_LINE


def test_an_agreeing_record_of_the_dms_override_exits_0() -> None:
    """Issue 27: "any DM override" — the record of the DM's override on a shot agrees."""
    code, out, err = ask(RIDGE)
    assert (code, err) == (0, "")
    got = json.loads(out)
    assert (got["agrees"], got["actions"][0]["final"], got["actions"][0]["reaches"]) == (True, True, False)
    assert got["rules"] == ["H5", "H6", "H7", "H14"]


def test_a_record_with_one_explanation_line_changed_exits_1_with_its_path(tmp_path: Path) -> None:
    """Issue 27: "1 when it differs, with ``"agrees": false`` and the JSON path of the first difference" — the
    answer is still printed, the difference right after ``agrees``."""
    changed = "[H2] Cliff top → Foot of the cliff: down Height 3 — no fall."

    def change(record: dict[str, Any]) -> None:
        record["answer"]["explanation"][1] = changed

    code, out, err = ask(edited(tmp_path, FALL, change))
    assert (code, err) == (1, "")
    got = json.loads(out)
    assert list(got)[:4] == ["ask", "agrees", "difference", "allowed"]
    assert (got["agrees"], got["difference"]) == (False, {"path": "$.explanation[1]", "recorded": changed,
                                                          "now": FALL_LINE})


def test_a_record_without_the_dms_override_exits_1(tmp_path: Path) -> None:
    """H7: the record's answer keeps the DM's ruling; asked without the override, the first difference is the
    Shortbow's ``final``."""
    code, out, err = ask(edited(tmp_path, RIDGE, lambda r: [r.pop("override"), r.pop("action")]))
    assert (code, err) == (1, "")
    assert json.loads(out)["difference"] == {"path": "$.actions[0].final", "recorded": True, "now": False}


def test_a_record_whose_answer_is_not_an_object_exits_2(tmp_path: Path) -> None:
    """Issue 27: "2 for bad input, as today" — one error line, nothing on standard output."""
    code, out, err = ask(edited(tmp_path, FALL, lambda r: r.update(answer=["allowed"])))
    assert (code, out) == (2, "")
    assert err == 'error: question.answer: must be a JSON object, the answer recorded: ["allowed"]\n'


def test_a_plain_question_still_exits_0() -> None:
    """docs/api.md: a question without ``answer`` is answered as before, exit 0, no ``agrees``."""
    code, out, err = ask(QUESTIONS / "goat-falls-from-the-cliff.json")
    assert (code, err) == (0, "")
    assert "agrees" not in json.loads(out)
