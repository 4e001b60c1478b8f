"""The seam's proof: ``py/`` and this folder on ``sys.path``, so that the test-only rule set ``lantern``
(``tests/seam/lantern/``) imports as a package of its own, found by no registry until a test registers it."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = HERE.parents[1] / "py"
for folder in (PY, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
