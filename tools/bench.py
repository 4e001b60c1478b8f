"""The entry point of the Vertigo benchmark: runs the package ``tools/bench/`` (its ``cli.main``) with the same
flags; ``--help`` describes every measurement.  It prints figures; it is not a test.

The measurements (``--only`` picks some), each in a module of ``tools/bench/``: load and paint
(``startup.py``), clicks (``clicks.py``), import (``importing.py``), actions (``actions.py``), saved
(``saved.py``), levels (``levels.py``), zoom (``zoom.py``) and the battlefield editor (``edit.py``); the
battlefields at the caps are made in ``caps.py``, what they share is in ``common.py``.

Usage (with the project's venv, which has Playwright):
    .venv/bin/python tools/bench.py [--only load,clicks,import,actions,saved,levels,paint,zoom,edit] [--loads 5]
        [--reps 30] [--split-reps 12] [--action-reps 25] [--action-budget 60] [--saved-moves 0,1,10,25,100]
        [--saved-budget 90] [--import-skip 5] [--site DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

TOOLS = str(Path(__file__).resolve().parent)
if TOOLS not in sys.path:  # run as a script, tools/ is sys.path[0]; imported from elsewhere, it may not be there
    sys.path.insert(0, TOOLS)

# The package tools/bench/ (a package comes before a module of the same name in one folder, so this is never
# this file).
from bench.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
