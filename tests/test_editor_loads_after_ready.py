"""Issue 26: "The editor's Python is imported after the page is ready, so the memory snapshot's fixed heap is not
touched."

The snapshot holds what ``py/app.py`` imports at start-up (``tools/snapshot.mjs`` scans the module-level imports
of ``app.py`` and the page modules it imports, and imports each).  These tests ask the same of CPython: importing
everything the page imports at start-up leaves the editor's modules unimported, and ``app.py`` reaches the
editor's glue only from inside the Edit button's handler.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EDITOR_MODULES = ("vertigo.editing", "vertigo_page.editor", "vertigo_page.edit_state", "vertigo_view.edit_marks",
                  "vertigo_view.edit_panel", "app_edit")


def _top_level_imports(path: Path) -> set[str]:
    """The modules a file imports at module level (as tools/snapshot.mjs reads it: the module body only)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def _start_up() -> list[str]:
    """What app.py and app_dom.py import at module level, less the browser's ``js`` and ``pyodide``."""
    return sorted((_top_level_imports(ROOT / "py" / "app.py") | _top_level_imports(ROOT / "py" / "app_dom.py"))
                  - {"js", "pyodide.ffi", "app_dom"})


def _loaded_at_start_up(prefixes: tuple[str, ...]) -> str:
    """The modules starting with one of ``prefixes`` that importing the start-up imports loads, in a new process."""
    code = ("import sys\n" + "".join(f"import {m}\n" for m in _start_up())
            + f"print(sorted(m for m in sys.modules if m.startswith({prefixes!r})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "py", capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_the_start_up_imports_leave_the_editor_out() -> None:
    """Issue 26: importing what app.py and app_dom.py import at module level (less the browser's ``js`` and
    ``pyodide``) imports no module of the editor."""
    assert _loaded_at_start_up(EDITOR_MODULES) == "[]"
    assert "vertigo_page.controller" in _start_up()  # the scan read the real start-up imports


def test_app_imports_the_editor_only_inside_the_edit_handler() -> None:
    """Issue 26: ``app.py`` imports ``app_edit`` in the Edit button's handler, never at module level."""
    tree = ast.parse((ROOT / "py" / "app.py").read_text(encoding="utf-8"))
    assert "app_edit" not in _top_level_imports(ROOT / "py" / "app.py")
    handlers = [f.name for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                and any(isinstance(n, ast.Import) and any(a.name == "app_edit" for a in n.names) for n in ast.walk(f))]
    assert handlers == ["on_edit"]


SHARING_MODULES = ("vertigo.share", "vertigo.records", "vertigo.replay", "vertigo_page.sharing",
                   "vertigo_view.share_panel", "vertigo_view.picture", "app_share")


def test_the_start_up_imports_leave_sharing_out() -> None:
    """Issue 27: sharing's Python (links, records, replays, pictures) loads after the page is ready — the snapshot's
    heap is fixed — so the start-up imports leave every module of it unimported."""
    assert _loaded_at_start_up(SHARING_MODULES) == "[]"


def test_app_imports_sharing_only_inside_its_handlers() -> None:
    """Issue 27: ``app.py`` imports ``app_share`` only in Share…'s handler and when a link is opened, and
    ``app_dom.py`` only when Import… chose a record or a replay."""
    def importers(path: Path) -> list[str]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        return sorted(f.name for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                      and any(isinstance(n, ast.Import) and any(a.name == "app_share" for a in n.names)
                              for n in ast.walk(f)))
    start_up = _top_level_imports(ROOT / "py" / "app.py") | _top_level_imports(ROOT / "py" / "app_dom.py")
    assert "app_share" not in start_up
    assert importers(ROOT / "py" / "app.py") == ["on_link", "on_share"]
    assert importers(ROOT / "py" / "app_dom.py") == ["import_file"]
