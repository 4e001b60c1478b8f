"""No verdict changes: every answer of the bundled battlefields and question scenarios, from their start
positions, is the one ``tests/golden/verdicts.jsonl`` records.

It guards the rule-set plug-in refactor (issue 19): moving the Height and Levels rules into plug-ins must not
change one verdict, message or explanation line.  The cases are the ones ``tools/golden`` asks (its docstring
lists them: every ``move``, ``reachable``, ``options``, ``attack`` and ``levels`` question of each scenario, by the
rule sets it names, the Terrain features and Jumping questions of theirs, ``sm_reach`` from -10 to +10 and the
jumping questions over a grid of jumpers by their numbers); this test regenerates them in-process and compares line by
line.  When a change alters answers on purpose, run ``tools/golden --write`` and list each changed line, with
its reason, in the commit message.

``VERTIGO_GOLDEN_PY`` names another ``py/`` folder to import ``vertigo`` from (default: the repository's own
``py/``); ``tools/golden`` sets aside any ``vertigo`` the session imported already and puts it back afterwards.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_FILE = Path(__file__).resolve().parent / "verdicts.jsonl"
SHOWN = 5
"""Differences the failure message shows, each by its case."""


def _tool() -> ModuleType:
    """``tools/golden``, imported as a module (it has no ``.py`` suffix), without writing its bytecode."""
    loader = importlib.machinery.SourceFileLoader("vertigo_golden_tool", str(ROOT / "tools" / "golden"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    saved = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    try:
        loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = saved
    return module


def test_no_verdict_changed() -> None:
    """Each regenerated line equals the golden line of its case: none differs, none is missing or extra."""
    golden = _tool()
    py = Path(os.environ.get("VERTIGO_GOLDEN_PY") or ROOT / "py")
    before = golden.read_golden(GOLDEN_FILE)
    assert before, f"no golden verdicts in {GOLDEN_FILE}: run tools/golden --write"
    now = golden.lines(py, ROOT)
    found = golden.compare(before, now)
    counts = {k: sum(1 for f in found if f[0] == k) for k in ("differs", "missing", "extra", "order")}
    shown = "\n".join(f"  {kind}: {case}" for kind, case, _, _ in found[:SHOWN])
    more = f"\n  … and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    if found:
        pytest.fail(
            f"{', '.join(f'{n} {k}' for k, n in counts.items() if n)} of {len(before)} golden verdicts "
            f"(vertigo from {py}):\n{shown}{more}\n"
            "tools/golden prints each line; if the change is on purpose, run tools/golden --write and list each "
            "changed line with its reason in the commit", pytrace=False)
