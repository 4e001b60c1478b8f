"""The browser compiles none of the page's Python at start-up: it runs the bytecode the build made.

Source: issue 8 ("Ready in half the time of a bare PyScript page"). After the interpreter starts, PyScript
compiles the script it is given and its own ``pyscript`` package, from source, on every load (~250 ms and
~100 ms of a cold start, measured with performance marks; README, "Start-up"). So the page's script is
``py/main.py``, one import of ``py/app.py``, whose bytecode is in ``static/vertigo-py.zip``
(``tools/bundle_py.mjs``); and the archive carries checked-hash bytecode of PyScript's own package, which
Python uses only when the source PyScript writes hashes the same.
"""

from __future__ import annotations

import ast
import json
import re

from harness import ROOT, App

PYTHON = "async (code) => (await (await import('./static/python.mjs')).loadPyodide()).runPython(code)"
"""Run code in the page's own interpreter (``static/python.mjs`` hands every caller the one start)."""

BYTECODE = r"""
import importlib.util, json, pathlib, sys

def used(module):
    # Whether `module` came from bytecode Python trusts for this source: unchecked (the build's), or checked
    # and the source's hash matching.
    spec = module.__spec__
    data = pathlib.Path(spec.cached).read_bytes() if spec.cached and pathlib.Path(spec.cached).exists() else b""
    flags = int.from_bytes(data[4:8], "little") if data else None
    source = pathlib.Path(spec.origin).read_bytes()
    return {"flags": flags, "hash_matches": bool(data) and data[8:16] == importlib.util.source_hash(source)}

json.dumps({name: used(m) for name, m in sorted(sys.modules.items())
            if name == "app" or name == "pyscript" or name.startswith("pyscript.") and getattr(m, "__spec__", None)
            and getattr(m.__spec__, "origin", None) not in (None, "built-in")})
"""


def test_the_pages_script_is_one_import_of_the_bundled_page_layer() -> None:
    """Issue 8: index.html gives PyScript ``py/main.py`` (one import, nothing else to compile), not the ~600-line
    page layer."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<script type="py" src="([^"]+)"', page) == ["./py/main.py"]
    body = ast.parse((ROOT / "py" / "main.py").read_text(encoding="utf-8")).body
    assert [ast.unparse(node) for node in body[1:]] == ["from app import *"]


def test_the_page_layer_and_pyscripts_package_run_from_the_bundles_bytecode(app: App) -> None:
    """Issue 8: ``app`` is imported from the build's unchecked-hash bytecode (flags 0b01), and every module of
    PyScript's ``pyscript`` package from checked-hash bytecode (flags 0b11) whose source hash is the source
    PyScript wrote; the page's namespace keeps ``ctl`` and ``run`` for the tools."""
    got = json.loads(app.page.evaluate(PYTHON, BYTECODE))
    assert got["app"] == {"flags": 0b01, "hash_matches": True}
    pyscript = {name: v for name, v in got.items() if name.split(".")[0] == "pyscript"}
    assert len(pyscript) >= 10, pyscript  # __init__, context, display, events, fetch, ffi, ... (PyScript 0.7.31)
    assert {name: v for name, v in pyscript.items() if v != {"flags": 0b11, "hash_matches": True}} == {}
    assert app.page.evaluate(PYTHON, "type(ctl).__name__ + ' ' + run.__module__") == "Controller app"
