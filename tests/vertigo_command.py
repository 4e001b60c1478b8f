"""``python -m vertigo`` run in a new process, as a referee or a script runs it: for the command-line tests beside
this file (they start a process, so they stay out of the core suite that also runs inside Pyodide)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``python -m vertigo *args`` in a new process, with ``py/`` on its path: (exit status, stdout, stderr)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    done = subprocess.run([sys.executable, "-m", "vertigo", *args], input=stdin, capture_output=True,
                          encoding="utf-8", env=env, timeout=60)
    return done.returncode, done.stdout, done.stderr
