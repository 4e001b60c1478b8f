"""What every measurement of the bench shares: the paths and constants, the in-page probes installed
before a page's own scripts (ready, the diagnostic DOM-call timers, PyScript's hooks), the site's build with
the bare hello page beside it, the browser and a fresh page waited until ready, and the summaries of figures.
It measures nothing itself.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import statistics
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
HELLO_SRC = Path(__file__).resolve().parent.parent / "bench_hello"

HELLO_DIR = "bench-hello"
RESULTS = ROOT / "bench-results" / "bench.json"
BENCH_SITE = ROOT / "bench-results" / "_site"
"""Where the bench builds its site: a private copy, so tests that rebuild `_site/` meanwhile cannot
pull files from under a measurement (and the bench does not pull them from under the tests)."""
STORE = "vertigo.table.v1"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
READY_TIMEOUT_MS = 60_000
VIEWPORT = {"width": 1280, "height": 900}
CPYTHON_TIMEOUT_S = 90


# --- in-page probes ---------------------------------------------------------------------------------

# Installed before any page script: records performance.now() (ms since navigation start) in the
# mutation callback of the moment body[data-ready] becomes "true".  Same probe on both pages.
READY_PROBE = """
(() => {
  const mark = () => {
    if (window.__benchReady === undefined && document.body && document.body.dataset.ready === "true") {
      window.__benchReady = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
})();
"""


# Diagnostic passes only (never in the timed loads or clicks).  DIAG_PROBE wraps the DOM calls the
# page layer makes and accumulates their time; with HOOK_PROBE beside it, PY_TIMERS can time the
# controller calls in the page's Python.
DIAG_PROBE = """
(() => {
  const dom = window.__benchDom = {write: 0, scroll: 0, store: 0, controller: 0, saved: 0};
  const wrapSetter = (proto, prop, bucket) => {
    const d = Object.getOwnPropertyDescriptor(proto, prop);
    Object.defineProperty(proto, prop, {...d, set(v) {
      const t = performance.now(); try { d.set.call(this, v); } finally { dom[bucket] += performance.now() - t; }
    }});
  };
  const wrapMethod = (proto, name, bucket) => {
    const f = proto[name];
    proto[name] = function (...a) {
      const t = performance.now(); try { return f.apply(this, a); } finally { dom[bucket] += performance.now() - t; }
    };
  };
  wrapSetter(Element.prototype, "innerHTML", "write");
  wrapSetter(Element.prototype, "outerHTML", "write");
  wrapMethod(Element.prototype, "insertAdjacentHTML", "write");
  wrapMethod(Element.prototype, "scrollIntoView", "scroll");
  wrapMethod(Storage.prototype, "setItem", "store");
})();
"""

# Takes PyScript's hooks from the page's own core.js module at DOMContentLoaded: notes when the
# interpreter is ready and when the page's Python starts, and keeps the interpreter as
# window.__benchPy (its runPython runs code in the page's own Python namespace).
HOOK_PROBE = """
(() => {
  const diag = window.__benchDiag = window.__benchDiag || {};
  document.addEventListener("DOMContentLoaded", () => {
    const core = document.querySelector('script[type="module"][src*="pyscript/core"]');
    if (!core) { diag.hook_error = "no core.js script"; return; }
    import(core.src).then(({hooks}) => {
      hooks.main.onReady.add((wrap) => { diag.interpreter_ready = performance.now();
      window.__benchPy = wrap.interpreter; });
      const starts = () => { diag.python_starts ??= performance.now(); };
      hooks.main.onBeforeRun.add(starts);          // <script type="py" async="false">
      hooks.main.onBeforeRunAsync.add(starts);     // the default: scripts run with runAsync
    }).catch((e) => { diag.hook_error = String(e); });
  });
})();
"""


class BenchError(Exception):
    """The benchmark cannot measure (not a missed target)."""


# --- site ---------------------------------------------------------------------------------------------

def load_site_module() -> Any:
    spec = importlib.util.spec_from_file_location("vertigo_site_tool", ROOT / "tools" / "site.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_site(site_mod: Any, where: Path) -> Path:
    site = Path(site_mod.build(where))
    dest = site / HELLO_DIR
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(HELLO_SRC, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for needed in ("static/vendor/pyscript/core.js", "static/vendor/pyodide/pyodide.mjs", f"{HELLO_DIR}/index.html"):
        if not (site / needed).is_file():
            raise BenchError(f"the built site has no {needed}")
    return site


def versions() -> dict[str, str]:
    out = {}
    for name, path in (("pyscript", "node_modules/@pyscript/core/package.json"),
                       ("pyodide", "node_modules/pyodide/package.json")):
        try:
            out[name] = json.loads((ROOT / path).read_text())["version"]
        except (OSError, ValueError, KeyError):
            out[name] = "?"
    return out


# --- browser --------------------------------------------------------------------------------------------

def launch(pw: Any) -> Any:
    kwargs: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS}
    if os.path.exists(CHROMIUM):
        kwargs["executable_path"] = CHROMIUM
    return pw.chromium.launch(**kwargs)


def open_ready(browser: Any, url: str, what: str, init_scripts: tuple[str, ...] = ()) -> tuple[Any, Any, float]:
    """A fresh context and page at `url`, waited until body[data-ready=true]; returns (context, page, ready ms)."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    context.add_init_script(READY_PROBE)
    for script in init_scripts:
        context.add_init_script(script)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} ({r.failure})"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    try:
        page.goto(url, wait_until="commit", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("window.__benchReady !== undefined", timeout=READY_TIMEOUT_MS, polling=50)
    except Exception as e:  # playwright TimeoutError and navigation errors
        context.close()
        detail = "\n  ".join(problems[-8:]) or "no console errors seen"
        raise BenchError(f"{what} never became ready (body[data-ready=true]) within {READY_TIMEOUT_MS // 1000} s "
                         f"at {url}\n  {type(e).__name__}: {str(e).splitlines()[0]}\n  {detail}") from None
    return context, page, float(page.evaluate("window.__benchReady"))


def diag_marks(page: Any) -> dict[str, Any]:
    """Interpreter ready / page Python starts / ready (ms since navigation start), from DIAG_PROBE."""
    d = page.evaluate("({...(window.__benchDiag || {}), ready: window.__benchReady})")
    if "python_starts" in d:
        d["python_run_ms"] = d["ready"] - d["python_starts"]
    return d


# --- figures ---------------------------------------------------------------------------------------------------

def summary(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    return {"n": len(values), "median": statistics.median(values), "worst": max(values), "best": min(values),
            "mean": statistics.fmean(values)}


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"
