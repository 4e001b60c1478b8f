"""Static checks: no undefined names, unused imports or syntax errors anywhere in the project's Python."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_no_errors() -> None:
    """ruff (pinned in requirements-test.txt), pyflakes rules and syntax errors, over py/, tools/ and tests/."""
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "F,E9", "py", "tools", "tests"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
