"""Static checks: ruff, with the rules ``ruff.toml`` selects, over all the project's Python."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_no_errors() -> None:
    """ruff (pinned in requirements-test.txt) over py/, tools/ and tests/: pyflakes, pycodestyle, bugbear,
    pyupgrade, simplify, ruff's own rules and import order, as ``ruff.toml`` selects them."""
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--config", "ruff.toml", "py", "tools", "tools/golden",
         "tests"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_two_test_files_share_a_name() -> None:
    """The test folders are not packages, so pytest imports each test file by its base name: two files of one
    name in different folders stop the whole run at collection (tests/view and tests/e2e once both had a
    ``test_first_paint.py``)."""
    names = sorted(p.name for p in (ROOT / "tests").rglob("test_*.py"))
    assert [n for i, n in enumerate(names) if i and names[i - 1] == n] == []
