"""Shared set-up of the reliability suite: the rules core on ``sys.path`` and
the hostile documents, each built at most once per session.

The large documents (2 MB, one past every cap) are generated in memory; none
is kept on disk.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parents[2] / "py"
"""``py/``, which holds the ``vertigo`` package."""

if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))


class Documents:
    """Builds each case's document on first use and keeps it for the session."""

    def __init__(self) -> None:
        self._built: dict[str, object] = {}

    def __call__(self, case) -> object:
        if case not in self._built:
            self._built[case] = case.make()
        return self._built[case]


@pytest.fixture(scope="session")
def documents() -> Documents:
    """The documents of the hostile cases, built once per session."""
    return Documents()
