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
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--config", "ruff.toml", "py", "tools", "tests"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
