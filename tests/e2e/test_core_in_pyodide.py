"""The core's unit suite, run once inside Pyodide in the browser (Python 3.14 there, 3.11 here).

It runs on the interpreter the page runs: started by the site's ``static/python.mjs`` from the build's memory
snapshot (issue 8), with the page's Python archive unpacked where the page unpacks it, so the modules under
test are the ones the snapshot already imported.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from harness import ROOT, load_site_tool

WHEELS = ROOT / ".cache" / "pyodide-wheels"
RUNNER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>core tests in Pyodide</title></head>
<body><pre id="out"></pre><script type="module">
import { loadPyodide } from "./static/python.mjs";
const lines = [];
try {
  const py = await loadPyodide({ stdout: (s) => lines.push(s), stderr: (s) => lines.push(s) });
  lines.push("start " + document.documentElement.dataset.pythonStart);
  const archive = new Uint8Array(await (await fetch("./static/vertigo-py.zip")).arrayBuffer());
  py.unpackArchive(archive, "zip", { extractDir: "/home/pyodide" });
  const files = await (await fetch("./files.json")).json();
  for (const f of files) {
    const data = new Uint8Array(await (await fetch("./" + f)).arrayBuffer());
    py.FS.mkdirTree("/home/pyodide/run/" + f.split("/").slice(0, -1).join("/"));
    py.FS.writeFile("/home/pyodide/run/" + f, data);
  }
  const code = await py.runPythonAsync(`
import os, sys, zipfile, glob
os.chdir("/home/pyodide/run")
for wheel in sorted(glob.glob("wheels/*.whl")):
    zipfile.ZipFile(wheel).extractall("site")
sys.path[:0] = ["/home/pyodide/run/site", "/home/pyodide/run/py"]
import pytest
print("python", sys.version.split()[0], "vertigo from", sys.modules["vertigo"].__file__)
pytest.main(["-q", "-p", "no:cacheprovider", "tests/unit"])
`);
  window.testResult = { code: Number(code), lines };
} catch (e) {
  window.testResult = { code: -1, lines: lines.concat([String(e)]) };
}
</script></body></html>
"""


def _stage(folder: Path, built: Path) -> None:
    """Lay out the runner page, the built site's interpreter (``static/``: python.mjs, the snapshot, the page's
    Python archive and the vendored Pyodide), the wheels, py/ and tests/unit/ in one folder."""
    static = folder / "static"
    static.mkdir(parents=True)
    for name in ("python.mjs", "python.snapshot.gz", "vertigo-py.zip"):
        shutil.copy2(built / "static" / name, static / name)
    shutil.copytree(built / "static" / "vendor" / "pyodide", static / "vendor" / "pyodide")
    files = []
    for src, dest in ((ROOT / "py", "py"), (ROOT / "tests" / "unit", "tests/unit"),
                     (ROOT / "static" / "scenarios", "static/scenarios")):
        for f in sorted(src.rglob("*")):
            if f.is_file() and f.suffix in (".py", ".json") and "__pycache__" not in f.parts and f.name != "app.py":
                rel = f"{dest}/{f.relative_to(src).as_posix()}"
                (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(f, folder / rel)
                files.append(rel)
    (folder / "wheels").mkdir()
    for wheel in sorted(WHEELS.glob("*.whl")):
        shutil.copy2(wheel, folder / "wheels" / wheel.name)
        files.append(f"wheels/{wheel.name}")
    (folder / "files.json").write_text(json.dumps(files))
    (folder / "index.html").write_text(RUNNER)


def test_the_core_unit_suite_passes_inside_pyodide(context: BrowserContext, tmp_path: Path, site_url: str) -> None:
    """Issue 2: "The core's unit tests also pass inside Pyodide in the browser, once per run"; issue 8: "The
    in-Pyodide unit run of `tests/unit` passes on the snapshot path"."""
    if not list(WHEELS.glob("pytest-*.whl")):
        pytest.fail(f"no wheels in {WHEELS}: run tools/test, which downloads them (requirements-pyodide.txt)")
    _stage(tmp_path / "run", ROOT / "_site")  # site_url has built it
    site = load_site_tool()
    server, url = site.serve_in_thread(tmp_path / "run")
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.testResult !== undefined", timeout=600_000)
        result = page.evaluate("window.testResult")
    finally:
        server.shutdown()
    output = "\n".join(result["lines"])
    print(output[-3000:])
    assert "start snapshot" in output
    assert "python 3.14" in output and "vertigo from /home/pyodide/vertigo/__init__.py" in output
    assert result["code"] == 0, output[-6000:]
    assert " passed" in output and " failed" not in output
