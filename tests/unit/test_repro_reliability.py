"""Each input of ``shared/repro/reliability/`` that failed under attack, with the right answer now.

Source: issue 5 ("Holds up under attack"; "make each input a test with the right answer") and
``shared/repro/README.md``.  The files live beside the repository (``../shared``); where they are absent
(inside Pyodide, on another checkout) these tests are skipped, and the reliability suite
(``tests/reliability/``) covers each fault's whole kind with documents it makes itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.errors import ScenarioError

REPRO = Path(__file__).resolve().parents[3] / "shared" / "repro" / "reliability"

TRUNCATED = ("line 1, column 1: not valid JSON (Unterminated string starting at line 1, column 1; the text ends "
             "before the JSON does: is the file cut short?)")
"""An unterminated string: its place, and that the text ends before the JSON does (issue 22)."""

EXPECTED = {
    "R1-redos-40KB.json": (TRUNCATED,),
    "R1-redos-80KB.json": (TRUNCATED,),
    "R3-cap-field-export-not-reimportable.json": (
        "sections: has 2000 entries; at most 250 are allowed",
        "borders: has 8000 entries; at most 1000 are allowed",
        "fighters: has 500 entries; at most 50 are allowed"),
    "R4-rtl-override.json": (
        "sections[2].name: must not contain bidirectional control characters (U+202E)",
        "fighters[0].name: must not contain bidirectional control characters (U+202E)"),
    "R5-version-true.json": ("vertigo: must be the format version, the number 2 (or 1 for an older file): true",),
    "R6-c1-controls-and-del-in-names.json": (
        "sections[0].name: must not contain control characters (U+007F)",
        "fighters[0].name: must not contain control characters (U+0085)"),
    "R6-control-chars-in-action-name.json": (
        "fighters[0].actions[0]: the action's name must not contain control characters (U+0000): "
        '"Horns\\u0000\\n\\u001b[31m"',),
    "R7-zero-width-only-names.json": (
        "sections[0].name: must have at least one visible character",
        "fighters[0].name: must have at least one visible character"),
    "R8-long-integer-no-place.json":
        ("sections[0].elevation: must be a number from -1000 to 1000: a 5001-digit number",),
    "R9-2001-sections-16501-line-message.json": (
        "sections: has 2001 entries; at most 250 are allowed",
        "borders: has 8000 entries; at most 1000 are allowed",
        "fighters: has 500 entries; at most 50 are allowed"),
    "R13-big-fall-34000d6.json": ("fighters[0].moves[0]: Move entry distance must be ≤ 50: 100",),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_attack_input_is_refused_with_its_real_problem_at_its_place(name):
    """R1 (refused like any bad JSON, not after seconds), R3/R9 (the real problem, not its cascade of 16,501
    lines), R4/R6/R7 (bidi, control and invisible names), R5 (`true` is not version 1), R8 (a place for a
    5001-digit number), R13 (past the cap on Move N)."""
    path = REPRO / name
    if not path.exists():
        pytest.skip(f"{path} is not beside this checkout")
    with pytest.raises(ScenarioError) as info:
        scenario.loads(path.read_text(encoding="utf-8"))
    assert info.value.problems == EXPECTED[name]
