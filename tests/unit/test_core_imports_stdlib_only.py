"""The rules core imports the standard library and itself, nothing else.

Source: STYLE 1 ("``py/<package>/`` rules core (stdlib only) ... A unit test
walks the core's imports and fails on anything outside the stdlib") and the
package docstring ("no ``pyscript`` and no ``js`` import, so every module runs
the same under CPython and inside Pyodide").
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import vertigo

PACKAGE = Path(vertigo.__file__).resolve().parent
PAGE_PARTS = ("view", "mode")
"""A rule set's parts that are not the core (``rules/<id>/view/``, ``rules/<id>/mode/``): they may import the
renderer and the page (tests/unit/test_page_names_no_rule_set.py checks their imports)."""
MODULES = sorted(p for p in PACKAGE.rglob("*.py")
                 if not (p.relative_to(PACKAGE).parts[:1] == ("rules",) and len(p.relative_to(PACKAGE).parts) > 3
                         and p.relative_to(PACKAGE).parts[2] in PAGE_PARTS))
FORBIDDEN = {"pyscript", "js", "pyodide", "_pyodide", "pyodide_js", "micropip"}
"""Browser-only modules, refused even where an interpreter lists them as stdlib."""


def import_problems(source: str, relative_path: str) -> list[str]:
    """Every import of ``source`` that is not stdlib or a relative import that stays
    inside the package; ``relative_path`` is the module's path in the package
    (``"dice.py"``, ``"sub/x.py"``), which fixes how far ``..`` may climb."""
    depth = relative_path.count("/")  # 0 for a module at the top of the package
    found: list[str] = []

    def absolute(name: str, line: int) -> None:
        top = name.split(".")[0]
        if top in FORBIDDEN:
            found.append(f"{relative_path}:{line}: browser-only import {name!r}")
        elif top == "vertigo":
            return  # the core itself (a rule set's core part imports the shared core by its full name)
        elif top not in sys.stdlib_module_names:
            found.append(f"{relative_path}:{line}: import outside the standard library {name!r}")

    for node in ast.walk(ast.parse(source, relative_path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                absolute(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                absolute(node.module or "", node.lineno)
            elif node.level - 1 > depth:
                found.append(f"{relative_path}:{node.lineno}: relative import leaves the package")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("__import__", "import_module") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    absolute(arg.value, node.lineno)
                else:
                    found.append(f"{relative_path}:{node.lineno}: dynamic import")
    return found


def test_the_core_has_its_modules():
    """STYLE 1: "A unit test walks the core's imports" — the walk covers the whole
    core, the thirteen rules modules at least."""
    names = {p.name for p in MODULES}
    assert {"errors.py", "limits.py", "numbers.py", "verdict.py", "dice.py", "moves.py", "actions.py",
            "battlefield.py", "falling.py", "movement.py", "ranged.py", "scenario.py", "table.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_core_module_imports_only_the_standard_library(path):
    """STYLE 1: "A unit test walks the core's imports and fails on anything outside
    the stdlib" — and on ``pyscript``, ``js`` or ``pyodide`` in particular."""
    relative = path.relative_to(PACKAGE).as_posix()
    assert import_problems(path.read_text(encoding="utf-8"), relative) == []


@pytest.mark.parametrize(
    "source, problem",
    [("import pyscript", "x.py:1: browser-only import 'pyscript'"),
     ("from js import document", "x.py:1: browser-only import 'js'"),
     ("import pyodide.ffi", "x.py:1: browser-only import 'pyodide.ffi'"),
     ("import numpy as np", "x.py:1: import outside the standard library 'numpy'"),
     ("from vertigo_view import render", "x.py:1: import outside the standard library 'vertigo_view'"),
     ("def f():\n    import yaml", "x.py:2: import outside the standard library 'yaml'"),
     ("from .. import app", "x.py:1: relative import leaves the package"),
     ("import importlib\nimportlib.import_module('js')", "x.py:2: browser-only import 'js'"),
     ("__import__(name)", "x.py:1: dynamic import")],
)
def test_the_check_catches_what_it_must(source, problem):
    """STYLE 1: the check "fails on anything outside the stdlib" — non-stdlib,
    browser-only (``pyscript``, ``js``, ``pyodide``) and escaping imports."""
    assert import_problems(source, "x.py") == [problem]


def test_the_check_allows_stdlib_and_imports_within_the_package():
    """STYLE 1: "``py/<package>/`` rules core (stdlib only)" — stdlib and relative
    imports inside the core pass."""
    source = "from __future__ import annotations\nimport json, re\nfrom collections.abc import Mapping\n" \
             "from .dice import roll\nfrom . import scenario\n"
    assert import_problems(source, "x.py") == []
    assert import_problems("from ..dice import roll", "sub/x.py") == []


UNIT_TESTS = Path(__file__).resolve().parent
PAGE_PACKAGES = ("vertigo_view", "vertigo_page", "app", "app_dom")
SCANS_THE_PAGE = ("test_core_imports_stdlib_only.py", "test_page_names_no_rule_set.py")
"""The unit tests that read the page's packages as text to check them (they import none of their code)."""


def test_the_unit_tests_import_only_the_core() -> None:
    """``tests/unit/`` tests the core alone, as ``tools/mutate`` runs it (a copy of ``py/vertigo/`` and no page):
    a test of the renderer or the page belongs in ``tests/view/``."""
    found = []
    for test in sorted(UNIT_TESTS.glob("*.py")):
        if test.name in SCANS_THE_PAGE:
            continue
        for node in ast.walk(ast.parse(test.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            found += [f"{test.name}:{node.lineno}: {name}" for name in names
                      if name.split(".")[0] in PAGE_PACKAGES]
    assert found == []
