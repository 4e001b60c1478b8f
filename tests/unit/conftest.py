"""Shared set-up of the unit suite: the rules core on ``sys.path``.

The suite runs under CPython and inside Pyodide; it needs nothing beyond the
standard library, pytest and Hypothesis, and leaves no files behind: every
Hypothesis test sets ``database=None``, and Hypothesis's own caches (source
constants, Unicode tables), which it would otherwise write to ``./.hypothesis``,
go to a temporary directory that is removed when the session ends.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"
"""``py/``, which holds the ``vertigo`` package."""

if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))

try:
    from hypothesis.configuration import set_hypothesis_home_dir
except ImportError:  # pragma: no cover - Hypothesis is a test requirement
    _HYPOTHESIS_HOME = None
else:
    # Set at import, before Hypothesis's pytest plugin scans the collected modules.
    _HYPOTHESIS_HOME = tempfile.mkdtemp(prefix="vertigo-hypothesis-")
    set_hypothesis_home_dir(_HYPOTHESIS_HOME)


def pytest_unconfigure(config):
    """Remove Hypothesis's temporary caches."""
    if _HYPOTHESIS_HOME is not None:
        set_hypothesis_home_dir(None)
        shutil.rmtree(_HYPOTHESIS_HOME, ignore_errors=True)
