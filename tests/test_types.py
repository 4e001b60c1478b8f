"""Static types: mypy, strict (``mypy.ini``), finds no error in the rules core, the renderers or the page controller."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Pyodide starts no subprocess; the CPython run checks the same files.
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess inside Pyodide")


def test_mypy_strict_finds_no_errors() -> None:
    """mypy (pinned in requirements-test.txt) over py/vertigo, py/vertigo_view and py/vertigo_page."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--no-incremental", "--cache-dir", "/dev/null"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
