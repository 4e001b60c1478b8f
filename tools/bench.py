"""Benchmark the Vertigo page: cold start, click latency, import time per KB, every action at the caps,
and the size of the saved table.  It prints figures; it is not a test.

A run builds the site with ``tools/site.py``'s ``build()`` and copies the bare PyScript + Pyodide hello
page (``tools/bench_hello/``: the same ``static/vendor/pyscript/core.js`` and self-hosted
``pyodide.mjs``) into it as ``bench-hello/``.  The site is built in ``bench-results/_site/`` (git-
ignored) rather than ``_site/``, so a test run rebuilding ``_site/`` at the same time cannot delete
files from under a measurement, nor the bench from under the tests; ``--site _site`` builds the usual
folder instead.  Then it runs these measurements (``--only load,clicks,...`` picks some; each runs in
its own browser, and one that fails prints why while the others go on):

load
    loads the app (Python started from the build's memory snapshot), the app with ``?snapshot=off`` and
    the hello page cold (a fresh browser context each, no cache), interleaved, after one discarded
    warm-up round, and times navigation start -> ``body[data-ready=true]`` (``performance.now()`` taken
    by a MutationObserver at the moment the attribute is set, the same probe on every page); an app load
    that took the other start (``<html data-python-start>``) is an error, not a figure.  It counts the
    bytes each cold load transfers (each file gzip -6 as a host sends it, already compressed types as
    they are), and times a repeat visit of each app start from the service worker's cache with the
    network off, against the hello page's cold ready and the app's own: both visits in a new browser
    profile on disk (``launch_persistent_context``), as a returning visitor's browser keeps one, and
    for comparison in a fresh context, which Chromium keeps off the record like a private window (no
    compiled code of the page's scripts is kept between its visits).
clicks
    times clicks in the page, from ``dispatchEvent`` to the handler's return (the handlers run
    synchronously on the main thread; a MutationObserver on ``#view`` confirms the SVG changed, and the
    overlay is checked for the expected mark), then a forced style + layout: on "The four shots" and
    on a generated battlefield at the section cap (250 sections, 50 fighters) put in localStorage before the page loads.
    Diagnostic passes (separate page loads, never the timed ones) wrap DOM calls and the controller so
    a click splits into controller, saved() JSON, DOM writes, scrollIntoView, localStorage.setItem and
    the rest, and PyScript's hooks tell when the interpreter was ready and the page's Python started;
    plus the same clicks on the controller in this CPython.
import
    ``vertigo.scenario.loads(text)`` in the page's own Pyodide (reached through PyScript's hooks, the
    text handed over in a JS global) and in a CPython child process, on valid scenarios of 10 KB up to
    the document limit (``MAX_DOCUMENT_CHARS``, else ``MAX_DOCUMENT_BYTES``, read from
    ``py/vertigo/limits.py``) and on hostile texts of the same sizes; ms and µs per KB, and the ratio
    of the largest size's µs/KB to the smallest's (1 = linear).  Once a size of a kind takes longer
    than ``--import-skip`` seconds (or the sizes before predict a long one), its larger sizes are
    skipped, so a quadratic case cannot hold the run.
actions
    two battlefields at the caps read from ``limits.py`` at run time — the shared repro
    ``R3-cap-field-export-not-reimportable.json`` cut down to the caps, and a generated worst-case
    grid — each put in play through the page's own Import, then reloaded (reload to ready is printed,
    outside the goal).  Each user action (select, choose a Move entry, judge a move, DM overrides,
    Confirm, Ctrl+Z, check actions, Escape) is timed from the event to the next paint with the page's
    save included: dispatch at t0; a ``setTimeout(0)`` queued after the dispatch runs after the save
    the handler queued; then the next animation frame and a MessageChannel task after it, t1.
    ``Storage.prototype.setItem`` is wrapped to tell how long the saves took and how much they wrote.
    Median and worst per action; anything over 100 ms is flagged.  Repetitions stop early once
    ``--action-budget`` seconds are spent on a battlefield.
levels
    click -> panel for Combat at Different Levels on feet battlefields of 250 sections (the section cap) and
    500 sections (built in memory, past the cap a document may have), 50 fighters, stairs every tenth
    section: with one fighter selected, the time of ``Controller.click_fighter(other)`` — the levels verdict
    in both directions, the panel HTML and the overlay SVG with its dimension line — in the page's own
    Pyodide (through PyScript's hooks) and in a CPython child; median and worst over ``--reps`` clicks,
    each pair of fighters different; goal: median <= 16 ms.
paint
    cold loads of the app and the hello page (fresh context, no service worker), interleaved: when the
    battlefield is first painted (the animation frame after the one in which ``#view`` first holds it) and
    first-contentful-paint, as ms and as a share of ready, and app vs hello ready; then, each round, a
    first visit with the service worker on and a second visit with the network off
    (``context.set_offline``), in a browser profile and in a private context as under load: its ready
    against the cold ready (goal <= 0.6).
saved
    the length of every localStorage value the page wrote, after N = 0, 1, 10, 25, 100 confirmed moves
    on the cap battlefield, and after N confirm + undo cycles of the 34,000-d6 fall of
    ``R13-big-fall-34000d6.json``; beside them the budget constant of ``limits.py`` if it has one and
    the quota of one value measured in this browser.  A battlefield stops early once
    ``--saved-budget`` seconds are spent on it.

The in-page probes use only DOM behaviour: ``body[data-ready=true]``, ``#fighters [data-fighter]``,
``#terrain [data-section]``, ``#overlay [data-section]``, panel buttons with ``data-action``,
``#import-file``, ``#error``.  Every figure goes to ``bench-results/bench.json`` too.

It exits 0 when a target is missed, and 1 when something could not be measured (a page never becomes
ready within 60 s, a click does not update the view, a battlefield does not import, ...).

Usage (with the project's venv, which has Playwright):
    .venv/bin/python tools/bench.py [--only load,clicks,import,actions,saved] [--loads 5] [--reps 30]
        [--split-reps 12] [--action-reps 25] [--action-budget 60] [--saved-moves 0,1,10,25,100]
        [--saved-budget 90] [--import-skip 5] [--site DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import json
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HELLO_SRC = Path(__file__).resolve().parent / "bench_hello"
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

TARGET_RATIO = 1.10
SNAPSHOT_TARGET_RATIO = 0.5
"""Issue 8: cold ready of the app (Python from the build's snapshot) / the bare PyScript page's, same run."""
REPEAT_TARGET_RATIO = 0.3
"""Issue 8: a repeat visit from the service worker's cache / the bare page's cold ready."""
BYTES_TARGET_RATIO = 2.0
"""Issue 8: bytes of a cold load with the snapshot / without it."""
TARGET_MEDIAN_MS = 16.0
TARGET_WORST_MS = 50.0

KINDS = ("select", "section", "enemy")
KIND_LABEL = {"select": "select fighter", "section": "judge a move", "enemy": "check shots"}

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

# Click helpers, installed after the page is ready.  click(): dispatch a click, time until the
# (synchronous) handler returns, confirm #view mutated, then force style + layout and time that too.
CLICK_HELPERS = """
(() => {
  const view = () => document.getElementById("view");
  const observed = (fn) => {
    const obs = new MutationObserver(() => {});
    obs.observe(view(), {subtree: true, childList: true, attributes: true, characterData: true});
    const dom = window.__benchDom;
    if (dom) for (const k of Object.keys(dom)) dom[k] = 0;
    const t0 = performance.now();
    fn();
    const t1 = performance.now();
    const mutations = obs.takeRecords().length;
    obs.disconnect();
    view().getBoundingClientRect();
    void document.body.offsetHeight;        // force style recalc + layout of what changed
    const t2 = performance.now();
    const ov = document.getElementById("overlay");
    const err = document.getElementById("error");
    return {
      ms: t1 - t0, layout_ms: t2 - t1, mutations,
      selected: !!(ov && ov.querySelector(".selected-ring")),
      destination: !!(ov && ov.querySelector(".destination")),
      target: !!(ov && ov.querySelector(".target-ring")),
      error: err && !err.hidden ? err.textContent : null,
      dom: dom ? {...dom} : null,
    };
  };
  window.__bench = {
    click(selector) {
      const el = document.querySelector(selector);
      if (!el) return {missing: selector};
      return observed(() => el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window})));
    },
    escape() {
      return observed(() => document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape", bubbles: true})));
    },
    counts() {
      return {
        sections: document.querySelectorAll("#terrain [data-section]").length,
        fighters: document.querySelectorAll("#fighters [data-fighter]").length,
        title: (document.getElementById("view-title") || {}).textContent || null,
        error: document.getElementById("error").hidden ? null : document.getElementById("error").textContent,
      };
    },
  };
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

# Run in the page's own Python namespace (diagnostic pass only): time the controller's click methods
# and saved() (the JSON written to localStorage) into the same accumulators.
PY_TIMERS = """
import time as _bench_time
import __main__ as _bench_main
from js import window as _bench_window

def _bench_timed(fn, key):
    acc = _bench_window.__benchDom
    def timed(*args, **kwargs):
        t = _bench_time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            setattr(acc, key, getattr(acc, key) + (_bench_time.perf_counter() - t) * 1000)
    return timed

for _bench_name in ("click_fighter", "click_section", "escape"):
    setattr(_bench_main.ctl, _bench_name, _bench_timed(getattr(_bench_main.ctl, _bench_name), "controller"))
_bench_main.ctl.saved = _bench_timed(_bench_main.ctl.saved, "saved")
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


# --- the generated battlefield ------------------------------------------------------------------------

def generate_field(n_sections: int = 250, n_fighters: int = 50, seed: int = 500) -> dict[str, Any]:
    """A scenario document: a long chain of ground sections (elevation 0..6) with slabs over some.

    Slabs come in side-by-side pairs, each above a ground section (2-3 levels up) with a border down
    to it and a border to its partner.  Fighters alternate between two sides along the whole field,
    every fifth one on a slab, with Move 3 / Move 2 (Height 1) / Fly 3 entries and range actions.
    """
    rng = random.Random(seed)
    n_slabs = (n_sections // 6) // 2 * 2              # 500 -> 82 slabs in 41 pairs
    n_ground = n_sections - n_slabs
    sections: list[dict[str, Any]] = []
    borders: list[list[str]] = []
    elev = 2
    for i in range(n_ground):
        elev = min(6, max(0, elev + rng.choice((-2, -1, -1, 0, 0, 0, 1, 1, 2))))
        sections.append({"id": f"g{i:03d}", "name": f"Ground {i}", "elevation": elev,
                        "x": [2 * i, 2 * i + 2], "kind": "ground"})
        if i:
            borders.append([f"g{i - 1:03d}", f"g{i:03d}"])
    starts = sorted(rng.sample(range(1, n_ground // 3 - 1), n_slabs // 2))
    slab_over: list[int] = []
    for k in starts:
        slab_over += [3 * k, 3 * k + 1]               # pairs never touch each other
    for n, j in enumerate(slab_over):
        under = sections[j]
        sid = f"s{j:03d}"
        sections.append({"id": sid, "name": f"Slab over {j}", "elevation": under["elevation"] + rng.choice((2, 3)),
                         "x": [2 * j + 0.3, 2 * j + 1.7], "kind": "slab"})
        borders.append([sid, under["id"]])
        if n % 2:
            borders.append([f"s{slab_over[n - 1]:03d}", sid])
    moves = (["Move 3"], ["Move 2 (Height 1)", "Move 3"], ["Fly 3", "Move 3"],
             ["Move 3", "Fly 3"], ["Move 2 (Height 1)"])
    actions = (["Longbow, range 6", "Dagger, range 0"], ["Sling, range 3", "Spear, range 0, Reach"],
               ["Javelin, range 2", "Glaive, range 0, Reach 2"], ["Crossbow, range 5"])
    fighters = []
    step = n_ground / n_fighters
    for k in range(n_fighters):
        side = ("Blue", "Red")[k % 2]
        g = min(n_ground - 1, int(k * step + rng.random() * step))
        section = f"g{g:03d}"
        if k % 5 == 4:
            section = f"s{slab_over[(k // 5) % len(slab_over)]:03d}"
        f: dict[str, Any] = {
            "id": f"{side.lower()}-{k // 2 + 1:02d}", "name": f"{side} {k // 2 + 1}", "side": side, "section": section,
            "moves": moves[k % len(moves)], "actions": actions[(k // 2) % len(actions)],
        }
        if k % 7 == 3:
            f["height"] = 1
        fighters.append(f)
    return {"vertigo": 1, "title": f"Generated field ({len(sections)} sections)", "units": "height", "dice_seed": 7,
            "sections": sections, "borders": borders, "fighters": fighters}


def saved_table(doc: dict[str, Any]) -> str:
    """The localStorage text of a fresh saved table for a scenario document."""
    return json.dumps({"table": 1, "scenario": doc, "positions": {f["id"]: f["section"] for f in doc["fighters"]},
                       "rolls": 0, "log": [], "history": []})


def _steps_from(adj: dict[str, list[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in adj[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def click_plan(doc: dict[str, Any], reps: int, seed: int = 3) -> list[tuple[str, str, str]]:
    """(fighter, section 3-5 steps away, enemy fighter) per repetition; enemies alternate near / far."""
    rng = random.Random(seed)
    adj: dict[str, list[str]] = {s["id"]: [] for s in doc["sections"]}
    for a, b in doc["borders"]:
        adj[a].append(b)
        adj[b].append(a)
    blue = [f for f in doc["fighters"] if f["side"] == "Blue"]
    red = [f for f in doc["fighters"] if f["side"] == "Red"]
    plan = []
    for r in range(reps):
        me = blue[(r * 7) % len(blue)]
        dist = _steps_from(adj, me["section"])
        dest = rng.choice(sorted(s for s, d in dist.items() if 3 <= d <= 5))
        enemy = rng.choice(red) if r % 2 else min(red, key=lambda f: (dist.get(f["section"], 10**9), f["id"]))
        plan.append((me["id"], dest, enemy["id"]))
    return plan


FOUR_SHOTS_PLAN = ("shooter-1", "terrace-mid", "target-1")


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


def diag_clicks(browser: Any, url: str, what: str, plan: list[tuple[str, str, str]],
                init: tuple[str, ...] = ()) -> dict[str, Any]:
    """The diagnostic pass: load with DIAG_PROBE, time the controller from inside, click through `plan`."""
    context, page, _ = open_ready(browser, url, what, (*init, DIAG_PROBE, HOOK_PROBE))
    try:
        marks = diag_marks(page)
        python_timed = bool(page.evaluate("!!window.__benchPy"))
        if python_timed:
            page.evaluate("(code) => window.__benchPy.runPython(code)", PY_TIMERS)
        page.evaluate(CLICK_HELPERS)
        runs = run_clicks(page, plan, f"{what} (diagnostic pass)")
    finally:
        context.close()
    return {"marks": marks, "python_timed": python_timed, "reps": len(plan), "split": split_summary(runs, python_timed)}


def resource_marks(page: Any) -> dict[str, float | None]:
    """When (ms since navigation start) the runtime's big pieces and the app's own files finished loading."""
    return page.evaluate("""() => {
      const rs = performance.getEntriesByType("resource");
      const end = (test) => { const m = rs.filter(r => test(r.name)).map(r => r.responseEnd);
      return m.length ? Math.max(...m) : null; };
      return {
        core_js: end(n => n.includes("/vendor/pyscript/core")),
        pyodide_wasm: end(n => n.endsWith("pyodide.asm.wasm")),
        python_stdlib: end(n => n.endsWith("python_stdlib.zip")),
        page_files: end(n => n.includes("/py/") || n.includes("/scenarios/")),
        resources: rs.length,
      };
    }""")


SNAPSHOT_OFF = "?snapshot=off"
"""The app's URL switch that starts Python without the build's memory snapshot (static/python.mjs)."""
LOAD_PAGES = ("app", "app_fresh", "hello")
LOAD_LABEL = {"app": "app", "app_fresh": "app, no snapshot", "hello": "hello"}
PRECOMPRESSED = (".zip", ".gz", ".png", ".jpg", ".webp", ".woff2")
"""Files a server sends as they are; every other file is counted gzip-compressed (-6), as GitHub Pages sends
text and WebAssembly."""


def transfer_bytes(site: Path, urls: list[str], base: str) -> dict[str, int]:
    """The bytes a cold load of these site URLs transfers, each file as the host would compress it: its size
    gzip -6, or as it is for an already compressed type.  URLs outside the site (data:, blob:) count 0."""
    import gzip

    sizes: dict[str, int] = {}
    for url in urls:
        if not url.startswith(base):
            continue
        rel = url[len(base):].split("?", 1)[0].split("#", 1)[0] or "index.html"
        path = site / rel
        if rel in sizes or not path.is_file():
            continue
        data = path.read_bytes()
        sizes[rel] = len(data) if rel.endswith(PRECOMPRESSED) else len(gzip.compress(data, compresslevel=6))
    return sizes


def cold_loads(browser: Any, urls: dict[str, str], loads: int, site: Path, base: str) -> dict[str, Any]:
    """Cold loads of every page in ``urls``, interleaved (the order turns each round), after one discarded
    warm-up round: ready ms, resource marks, the start Python took (``<html data-python-start>``) and, from
    the first measured round, the bytes each page transferred."""
    names = list(urls)
    times: dict[str, list[float]] = {n: [] for n in names}
    marks: dict[str, list[dict[str, Any]]] = {n: [] for n in names}
    bytes_by_page: dict[str, dict[str, int]] = {}
    for r in range(-1, loads):                       # round -1: warm-up (OS file cache, server), discarded
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            context, page, ready = open_ready(browser, urls[name], f"the {name} page")
            try:
                start = page.evaluate("document.documentElement.dataset.pythonStart ?? null")
                want = {"app": "snapshot", "app_fresh": "fresh"}.get(name)
                if want and start != want:
                    note = page.evaluate("document.documentElement.dataset.pythonStartNote ?? null")
                    raise BenchError(f"the {name} page started Python {start!r}, not {want!r} ({note})")
                if r >= 0:
                    times[name].append(ready)
                    marks[name].append(resource_marks(page))
                if r == 0:
                    urls_loaded = page.evaluate("[location.href.split('?')[0], "
                                                "...performance.getEntriesByType('resource').map(r => r.name)]")
                    bytes_by_page[name] = transfer_bytes(site, urls_loaded, base)
            finally:
                context.close()
        if r >= 0:
            print(f"  load round {r + 1}/{loads}: " + "   ".join(
                f"{LOAD_LABEL[n]} {times[n][-1]:7.0f} ms" for n in names), flush=True)
    return {"times_ms": times, "marks": marks, "bytes": bytes_by_page}


def run_clicks(page: Any, plan: list[tuple[str, str, str]], label: str) -> dict[str, list[dict[str, Any]]]:
    """Per repetition: Escape (untimed reset), then select, judge a move, check shots."""
    out: dict[str, list[dict[str, Any]]] = {k: [] for k in KINDS}
    expect = {"select": "selected", "section": "destination", "enemy": "target"}
    for rep, (fighter, section, enemy) in enumerate(plan):
        page.evaluate("window.__bench.escape()")
        selectors = {
            "select": f'#fighters [data-fighter="{fighter}"]',
            "section": f'#terrain [data-section="{section}"]',
            "enemy": f'#fighters [data-fighter="{enemy}"]',
        }
        for kind in KINDS:
            res = page.evaluate("(s) => window.__bench.click(s)", selectors[kind])
            if "missing" in res:
                raise BenchError(f"{label}: no element {res['missing']} in the page")
            if not res["mutations"]:
                raise BenchError(f"{label}, repetition {rep + 1}: clicking {selectors[kind]} did not change #view "
                                 "synchronously (is the handler still synchronous?)")
            if not res[expect[kind]]:
                raise BenchError(f"{label}, repetition {rep + 1}: after clicking {selectors[kind]}"
                                 f" the overlay shows no "
                                 f".{expect[kind]} mark (error box: {res['error']!r})")
            if res["error"]:
                raise BenchError(f"{label}, repetition {rep + 1}: clicking {selectors[kind]}"
                                 f" showed an error: {res['error']}")
            res["rep"] = rep
            out[kind].append(res)
    return out


# --- CPython reference -------------------------------------------------------------------------------------

def cpython_controller(text: str, plan: list[tuple[str, str, str]]) -> dict[str, Any]:
    """The same clicks on the pure-Python controller (no DOM), and its start-up pieces, in this CPython."""
    sys.path.insert(0, str(ROOT / "py"))
    write_bytecode, sys.dont_write_bytecode = sys.dont_write_bytecode, True   # leave py/ as it was
    try:
        from vertigo_page.controller import Controller
    finally:
        sys.path.pop(0)
        sys.dont_write_bytecode = write_bytecode
    t = time.perf_counter()
    ctl = Controller(Controller.restore(text))
    restore = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    svg_chars = len(ctl.show().svg or "")
    show = (time.perf_counter() - t) * 1000
    times: dict[str, list[float]] = {k: [] for k in KINDS}
    save: list[float] = []
    for fighter, section, enemy in plan:
        ctl.escape()
        for kind, call in (("select", partial(ctl.click_fighter, fighter)),
                           ("section", partial(ctl.click_section, section)),
                           ("enemy", partial(ctl.click_fighter, enemy))):
            t = time.perf_counter()
            up = call()
            _ = up.panel  # written on first read
            times[kind].append((time.perf_counter() - t) * 1000)
            if up.save:
                t = time.perf_counter()
                ctl.saved()
                save.append((time.perf_counter() - t) * 1000)
    return {"python": platform.python_version(), "restore_ms": restore, "first_render_ms": show,
            "svg_chars": svg_chars,
            "clicks_ms": {k: summary(v) for k, v in times.items()}, "saved_json_ms": summary(save),
            "saved_json_chars": len(ctl.saved())}


# --- caps, repro files and generated documents --------------------------------------------------------

KB = 1000
"""Sizes are in characters; a KB here is 1000 of them (every generated text is ASCII)."""
IMPORT_SIZES = (10_000, 50_000, 100_000, 250_000, 500_000, 1_000_000)
"""Document sizes for the import timings, below the document limit; the limit itself is added."""
IMPORT_SKIP_S = 5.0
"""Once one size of a kind takes longer than this, its larger sizes are skipped (--import-skip)."""
IMPORT_PREDICT_S = 10.0
"""...and so is a size that the previous ones predict (time ∝ size^k) to take longer than this."""
IMPORT_REPS = 5
IMPORT_REP_BUDGET_S = 1.0
"""A measurement is repeated (up to IMPORT_REPS times) while the repetitions so far took less than this."""
CPYTHON_TIMEOUT_S = 90
REPRO_DIRS = (ROOT.parent / "shared" / "repro" / "reliability", Path("/work/shared/repro/reliability"))
R3_FILE = "R3-cap-field-export-not-reimportable.json"
R13_FILE = "R13-big-fall-34000d6.json"
ACTION_GOAL_MS = 100.0
ACTION_REPS = 25
ACTION_MIN_REPS = 3
ACTION_BUDGET_S = 60.0
IMPORT_VIEW_TIMEOUT_MS = 180_000
SAVED_CHECKPOINTS = (0, 1, 10, 25, 100)
SAVED_BUDGET_S = 90.0
WORK_DIR = ROOT / "bench-results" / "_docs"
"""Generated and cut-down battlefields, written for the page's Import (git-ignored with bench-results/)."""


def read_limits() -> dict[str, Any]:
    """Every upper-case number of ``py/vertigo/limits.py`` as the working tree has it now."""
    sys.path.insert(0, str(ROOT / "py"))
    write_bytecode, sys.dont_write_bytecode = sys.dont_write_bytecode, True   # leave py/ as it was
    try:
        mod = importlib.import_module("vertigo.limits")
    finally:
        sys.path.pop(0)
        sys.dont_write_bytecode = write_bytecode
    return {k: v for k, v in vars(mod).items() if k.isupper()
            and isinstance(v, (int, float)) and not isinstance(v, bool)}


def document_limit(lim: dict[str, Any]) -> tuple[str, int]:
    """(name, value) of the largest scenario document: MAX_DOCUMENT_CHARS, else MAX_DOCUMENT_BYTES."""
    for name in ("MAX_DOCUMENT_CHARS", "MAX_DOCUMENT_BYTES"):
        if name in lim:
            return name, int(lim[name])
    raise BenchError("py/vertigo/limits.py has neither MAX_DOCUMENT_CHARS nor MAX_DOCUMENT_BYTES")


def table_budget(lim: dict[str, Any]) -> tuple[str, int] | None:
    """The saved-table budget constant of limits.py (TABLE_BUDGET, else any *BUDGET* name), if it has one."""
    if "TABLE_BUDGET" in lim:
        return "TABLE_BUDGET", int(lim["TABLE_BUDGET"])
    for name in sorted(lim):
        if "BUDGET" in name:
            return name, int(lim[name])
    return None


def need_caps(lim: dict[str, Any]) -> dict[str, int]:
    names = ("MAX_SECTIONS", "MAX_BORDERS", "MAX_FIGHTERS", "MAX_ENTRIES", "MAX_DISTANCE", "MAX_ELEVATION", "MAX_NAME")
    missing = [n for n in names if n not in lim]
    if missing:
        raise BenchError(f"py/vertigo/limits.py has no {', '.join(missing)}")
    return {n: int(lim[n]) for n in names}


def repro_file(name: str) -> Path | None:
    """A file of the shared repro folder (../shared/repro/reliability/ beside the repository, or /work/shared/...)."""
    for folder in REPRO_DIRS:
        if (folder / name).is_file():
            return folder / name
    return None


def _border_ends(b: Any) -> tuple[str, str] | None:
    if isinstance(b, dict):
        b = b.get("between")
    if isinstance(b, list) and len(b) == 2 and all(isinstance(e, str) for e in b):
        return b[0], b[1]
    return None


_ENTRY_HEAD = re.compile(r"^\s*([A-Za-z]+)\s+(\d+)")
_NUMBERS_OVER = re.compile(r"(\b(?:Move|Fly|Phase|Teleport|range|Reach)\s+)(\d+)")


def cut_to_caps(doc: dict[str, Any], lim: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A scenario document cut down to the caps, and what was cut.

    The first MAX_SECTIONS sections, the borders among them up to MAX_BORDERS, the fighters standing
    on them up to MAX_FIGHTERS, each with at most MAX_ENTRIES Move entries and actions; distances and
    ranges above MAX_DISTANCE, elevations above MAX_ELEVATION and names above MAX_NAME are brought
    down to the cap.
    """
    caps = need_caps(lim)
    notes: list[str] = []
    sections = doc["sections"][:caps["MAX_SECTIONS"]]
    if len(sections) < len(doc["sections"]):
        notes.append(f"sections {len(doc['sections'])} -> {len(sections)}")
    ids = {s["id"] for s in sections}
    borders = [b for b in doc.get("borders", []) if (e := _border_ends(b)) and e[0] in ids and e[1] in ids]
    kept_borders = borders[:caps["MAX_BORDERS"]]
    if len(kept_borders) < len(doc.get("borders", [])):
        notes.append(f"borders {len(doc.get('borders', []))} -> {len(kept_borders)}")
    fighters = [f for f in doc.get("fighters", []) if f.get("section") in ids][:caps["MAX_FIGHTERS"]]
    if len(fighters) < len(doc.get("fighters", [])):
        notes.append(f"fighters {len(doc.get('fighters', []))} -> {len(fighters)}")
    elev, dist, name_cap = caps["MAX_ELEVATION"], caps["MAX_DISTANCE"], caps["MAX_NAME"]
    clamped = {"entries": 0, "elevations": 0, "names": 0}

    def name(text: Any) -> Any:
        if isinstance(text, str) and len(text) > name_cap:
            clamped["names"] += 1
            return text[:name_cap]
        return text

    def entry(text: str) -> str:
        def down(m: re.Match[str]) -> str:
            if int(m.group(2)) <= dist:
                return m.group(0)
            clamped["entries"] += 1
            return f"{m.group(1)}{dist}"
        out = _NUMBERS_OVER.sub(down, text)
        return re.sub(r"\(\s*Height\s+(\d+(?:\.\d+)?)\s*\)",
                      lambda m: f"(Height {min(float(m.group(1)), elev):g})", out)

    new_sections = []
    for s in sections:
        s = dict(s, name=name(s.get("name", s["id"])))
        if isinstance(s.get("elevation"), (int, float)) and abs(s["elevation"]) > elev:
            clamped["elevations"] += 1
            s["elevation"] = max(-elev, min(elev, s["elevation"]))
        new_sections.append(s)
    new_fighters = []
    for f in fighters:
        moves, actions = f.get("moves", []), f.get("actions", [])
        if len(moves) > caps["MAX_ENTRIES"] or len(actions) > caps["MAX_ENTRIES"]:
            clamped["entries"] += 1
        new_fighters.append(dict(f, name=name(f.get("name")), moves=[entry(m) for m in moves[:caps["MAX_ENTRIES"]]],
                                 actions=[entry(a) for a in actions[:caps["MAX_ENTRIES"]]]))
    notes += [f"{n} {what} brought down to the caps" for what, n in clamped.items() if n]
    return dict(doc, sections=new_sections, borders=kept_borders, fighters=new_fighters), notes


def fit_document(doc: dict[str, Any], limit: int) -> tuple[str, list[str]]:
    """Compact JSON text of `doc` within the document limit: names shortened, then fighters dropped, if needed."""
    notes: list[str] = []
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    if len(text) > limit:
        doc = dict(doc, sections=[dict(s, name=s["id"]) for s in doc["sections"]],
                   fighters=[dict(f, name=f["id"]) for f in doc["fighters"]])
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        notes.append(f"names replaced by ids to fit the {limit:,}-character document limit")
    while len(text) > limit and len(doc["fighters"]) > 1:
        keep = max(1, int(len(doc["fighters"]) * limit / len(text)) - 1)
        notes.append(f"fighters {len(doc['fighters'])} -> {keep} to fit the document limit")
        doc = dict(doc, fighters=doc["fighters"][:keep])
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    return text, notes


def grid_field(lim: dict[str, Any], *, n_sections: int | None = None, n_fighters: int | None = None,
               seed: int = 2000, long_names: bool = False) -> dict[str, Any]:
    """A worst case for path search at the caps, as a scenario document.

    Sections in a rectangular grid (side by side in the drawing, one column after another), borders
    between 4-neighbours, then diagonal neighbours while MAX_BORDERS allows.  Elevations alternate
    like a checkerboard between a climb and a drop of random size up to MAX_ELEVATION (fixed seed), so
    every step is a big drop or a big climb and the cheapest route keeps changing.  Each fighter has
    MAX_ENTRIES Move entries — ``Move {MAX_DISTANCE} (Height h)`` with h from MAX_ELEVATION down to 0,
    then ``Fly`` and ``Teleport`` of MAX_DISTANCE — and MAX_ENTRIES actions of range MAX_DISTANCE.
    """
    caps = need_caps(lim)
    n = caps["MAX_SECTIONS"] if n_sections is None else max(2, n_sections)
    nf = caps["MAX_FIGHTERS"] if n_fighters is None else max(1, n_fighters)
    elev, dist, k, name_cap = caps["MAX_ELEVATION"], caps["MAX_DISTANCE"], caps["MAX_ENTRIES"], caps["MAX_NAME"]
    rng = random.Random(seed)
    cols = max(1, math.isqrt(n))
    rows = math.ceil(n / cols)

    def name(text: str) -> str:
        return (text + " " + "of the long fall " * 8)[:name_cap].rstrip() if long_names else text

    cell = {}
    sections = []
    for i in range(n):
        r, c = i % rows, i // rows
        cell[(r, c)] = f"c{i}"
        sign = 1 if (r + c) % 2 else -1
        sections.append({"id": f"c{i}", "name": name(f"Cell {r}.{c}"), "elevation": sign * rng.randint(0, elev),
                         "x": [i, i + 0.9], "kind": "ground"})
    borders: list[list[str]] = []
    for steps in (((0, 1), (1, 0)), ((1, 1), (1, -1))):
        for (r, c), sid in cell.items():
            for dr, dc in steps:
                other = cell.get((r + dr, c + dc))
                if other and len(borders) < caps["MAX_BORDERS"]:
                    borders.append([sid, other])
    n_moves = max(1, k - 2) if k >= 3 else k
    heights = [round(elev * (1 - j / max(1, n_moves - 1))) for j in range(n_moves)]
    moves = [f"Move {dist} (Height {h})" for h in heights] + ([f"Fly {dist}", f"Teleport {dist}"] if k >= 3 else [])
    fighters = []
    for j in range(nf):
        side = ("Blue", "Red")[j % 2]
        actions = [f"{name(f'Bow {a}')[:name_cap - 20]}, range {dist}"
                   if a % 3 else f"Glaive {a}, range {dist}, Reach {dist}"
                   for a in range(k)]
        fighters.append({"id": f"f{j}", "name": name(f"{side} {j // 2 + 1}"), "side": side,
                         "section": f"c{rng.randrange(n)}", "moves": list(moves), "actions": actions})
    return {"vertigo": 1, "title": f"Worst-case grid ({n} sections, {len(borders)} borders, {nf} fighters)",
            "units": "height", "dice_seed": 11, "sections": sections, "borders": borders, "fighters": fighters}


def sized_document(lim: dict[str, Any], chars: int) -> tuple[str, str]:
    """A valid scenario of exactly `chars` characters (indented as Export writes it), and how it was made.

    The worst-case grid with long names, scaled until it fits; where the caps leave it shorter, wider
    indentation, then trailing white space, make up the rest (said in the note).
    """
    caps = need_caps(lim)
    per_fighter = caps["MAX_FIGHTERS"] / caps["MAX_SECTIONS"]

    def make(n: int, indent: int = 2, nf: int | None = None) -> str:
        nf = max(1, round(n * per_fighter)) if nf is None else nf
        doc = grid_field(lim, n_sections=n, n_fighters=nf, seed=chars, long_names=True)
        return json.dumps(doc, indent=indent, ensure_ascii=False)

    n = caps["MAX_SECTIONS"]
    text = make(n)
    indent = 2
    if len(text) < chars:
        for wider in (4, 8, 16, 32, 64):
            t = make(n, wider)
            if len(t) > chars:
                break
            text, indent = t, wider
    while len(text) > chars and n > 2:
        n = max(2, min(n - 1, int(n * chars / len(text) * 0.995)))
        text = make(n)
    nf = max(1, round(n * per_fighter))
    for _ in range(60):                 # then section by section, as close under `chars` as it goes
        if n >= caps["MAX_SECTIONS"] or len(bigger := make(n + 1, indent, nf)) > chars:
            break
        n, text = n + 1, bigger
    note = f"{n} sections, {nf} fighters, indent {indent}"
    if len(text) < chars:
        pad = chars - len(text)
        if pad > chars // 100:
            note += f", +{pad:,} chars of trailing white space"
        text += "\n" * pad if pad < 2 else "\n" + " " * (pad - 1)
    return text, note


HOSTILE: dict[str, Any] = {
    # an unterminated string of \" (the nesting pre-scan's string pattern retries from every quote)
    "escaped quotes": lambda n: '"' + '\\"' * ((n - 1) // 2),
    "deep nesting": lambda n: "[" * n,
    # one flat list of empty strings (the literal '["",' * n would nest, and stop at the depth check)
    "tiny strings": lambda n: "[" + '"",' * ((n - 4) // 3) + '""]',
    # one flat list of empty lists, decoded to the end
    "[] pairs": lambda n: "[" + "[]," * ((n - 4) // 3) + "[]]",
    # an unterminated string of backslashes
    "backslashes": lambda n: '"' + "\\" * (n - 1),
}
IMPORT_KINDS = ("valid scenario", *HOSTILE)


# --- levels: click -> panel on a feet battlefield ------------------------------------------------------------

# Defines _bench_levels(n_sections, n_fighters, reps) in whichever Python runs it: builds a feet battlefield in
# memory (past the section cap when asked: the core has no cap of its own, only documents do), then times the
# click on a second fighter that shows the levels panel.
FEET_FIELD = r'''
def _bench_feet_table(n_sections, n_fighters):
    """A feet battlefield of n_sections (grounds, slabs, stairs) and n_fighters with three weapons each."""
    from fractions import Fraction
    from vertigo.battlefield import Battlefield, Section, Stairs
    from vertigo.rules.levels.rules.reach import Weapon
    from vertigo.scenario import Fighter, Scenario
    from vertigo.table import Table
    sections = [Section(f"s{i}", f"Section {i}", Fraction((i * 7) % 13, 2), Fraction(4 * i), Fraction(4 * i + 4),
                        "slab" if i % 7 == 3 else "ground",
                        Stairs(Fraction(2, 3), Fraction(1)) if i % 10 == 5 else None) for i in range(n_sections)]
    field = Battlefield.build(sections, [(f"s{i}", f"s{i + 1}") for i in range(n_sections - 1)])
    weapons = (Weapon.parse("Spear, reach 1,2"), Weapon.parse("Knife, reach C"), Weapon.parse("Bow, range 150"))
    fighters = tuple(Fighter(f"f{j}", f"Fighter {j}", "Red" if j % 2 else "Blue", f"s{j * n_sections // n_fighters}",
                             None, (("sm", j % 3), ("weapons", weapons))) for j in range(n_fighters))
    return Table.start(Scenario("Bench", "feet", 1, field, fighters, ("levels",), ()))
'''

LEVELS_TIMER = FEET_FIELD + r'''
def _bench_levels(n_sections, n_fighters, reps):
    import time
    from vertigo_page.controller import Controller
    table = _bench_feet_table(n_sections, n_fighters)
    fighters = table.scenario.fighters
    c = Controller(table)
    t = time.perf_counter()
    c.show()
    first = (time.perf_counter() - t) * 1000
    times = []
    for r in range(reps):
        a, b = fighters[r % n_fighters], fighters[(r * 7 + 1) % n_fighters]
        if a.id == b.id:
            b = fighters[(r + 1) % n_fighters]
        c.escape()
        c.click_fighter(a.id)
        t = time.perf_counter()
        up = c.click_fighter(b.id)
        panel = up.panel  # written on first read (the page reads it a frame after the view's change)
        times.append((time.perf_counter() - t) * 1000)
        assert " ft" in panel, "the click did not show a levels panel"
    return {"ms": times, "first_paint_ms": first}
'''

LEVELS_CHILD = LEVELS_TIMER + r'''
import json, sys
sys.path.insert(0, sys.argv[1])
sys.dont_write_bytecode = True
print(json.dumps(_bench_levels(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))))
'''
LEVELS_SIZES = (250, 500)
LEVELS_FIGHTERS = 50
LEVELS_GOAL_MS = 16.0


def section_levels(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """Levels click -> panel in the page's Pyodide and in CPython, at 250 and 500 sections."""
    out: dict[str, Any] = {}
    context, page = open_python_page(browser, url)
    try:
        page.evaluate("(code) => window.__benchPy.runPython(code)", LEVELS_TIMER)
        for n in LEVELS_SIZES:
            print(f"levels: {n} sections in the page...", flush=True)
            raw = page.evaluate("(code) => window.__benchPy.runPython(code)",
                                f"_bench_json.dumps(_bench_levels({n}, {LEVELS_FIGHTERS}, {args.reps}))")
            out[f"pyodide-{n}"] = json.loads(raw)
    finally:
        context.close()
    for n in LEVELS_SIZES:
        print(f"levels: {n} sections in CPython...", flush=True)
        proc = subprocess.run([sys.executable, "-c", LEVELS_CHILD, str(ROOT / "py"), str(n), str(LEVELS_FIGHTERS),
                               str(args.reps)], capture_output=True, text=True, timeout=CPYTHON_TIMEOUT_S)
        if proc.returncode:
            raise BenchError((proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1][:300])
        out[f"cpython-{n}"] = json.loads(proc.stdout)
    for row in out.values():
        row.update(summary(row["ms"]))
    res["levels"] = out
    worst_median = max(row["median"] for key, row in out.items() if key.startswith("pyodide"))
    res.setdefault("verdicts", {})["levels_click"] = verdict(worst_median <= LEVELS_GOAL_MS)


def print_levels(res: dict[str, Any]) -> None:
    """One row per runtime and size: median, worst, first draw of the whole view."""
    print(f"Levels click -> panel (Controller.click_fighter on a second fighter; goal median <= {LEVELS_GOAL_MS:g} ms)")
    print(f"  {'where':<10} {'sections':>8} {'clicks':>6} {'median ms':>10} {'worst ms':>9} {'first draw ms':>14}")
    for key, row in res["levels"].items():
        where, n = key.split("-")
        print(f"  {where:<10} {n:>8} {row['n']:>6} {row['median']:>10.2f} {row['worst']:>9.2f} "
              f"{row['first_paint_ms']:>14.1f}")
    print(f"  goal met in the page: {res['verdicts']['levels_click']}")


# --- click -> updated view, zoomed in -----------------------------------------------------------------

# Runs in the page's own Python namespace (app.py's globals: ctl, run): the levels bench's 500-section
# feet battlefield (built in memory: documents are capped at 250 sections) is put in play through the
# controller, as Load would.
ZOOM_SETUP = FEET_FIELD

# Each click is a real one (Playwright's mouse, a trusted event through the page's own click handler) on a
# fighter's token, with the view zoomed 4x about that token.  Timed in the page: from the click event's
# timeStamp (when the input reached the page) to the end of the frame that shows the result, taken by a
# message posted from a requestAnimationFrame callback (queued as the click reaches the document, before
# the handler), which runs once that frame's style, layout and paint are done; the parts: the handler (the
# page's Python and its DOM writes, between a capturing and a bubbling listener on the document), and
# static/view.js's refresh (--k, the labels' level of detail, the edge signs, read from window.vertigoView).
# Then the side panel: the end of the frame after the one in which it was written.
ZOOM_PROBE = r"""() => {
  const v = window.vertigoView;
  window.__zoomClick = null;
  const mark = {};
  // After a frame: a message posted from a requestAnimationFrame callback arrives once that frame is done.
  const afterFrame = (then) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => then(performance.now());
    ch.port2.postMessage(0);
  });
  const done = () => {
    if (mark.view !== undefined && mark.panel !== undefined) {
      window.__zoomClick = {painted: mark.view - mark.t0, panel: mark.panel - mark.t0, python_dom: mark.out - mark.in,
                            wait: mark.in - mark.t0, lod: v.lodMs,
                            refreshed: v.refreshes !== mark.seen ? v.refreshed - mark.t0 : null};
    }
  };
  // The side panel's new verdict is written in the click's handler or (py/app.py's panel_later) just after
  // the frame that shows the click in the side view: timed to the end of the frame that first shows it.
  new MutationObserver(() => {
    if (mark.t0 !== undefined && mark.panel === undefined && mark.panelSeen === undefined) {
      mark.panelSeen = true;
      afterFrame((t) => { mark.panel = t; done(); });
    }
  }).observe(document.getElementById("panel"), {childList: true});
  document.addEventListener("click", (e) => {
    for (const k of ["view", "panel", "panelSeen"]) delete mark[k];
    mark.t0 = e.timeStamp; mark.in = performance.now(); mark.seen = v.refreshes;
    // Queued before the handler's own: the message is the first task after the click's frame (a task the
    // handler queues from that frame, the panel's, runs after the frame too, and would otherwise come first).
    afterFrame((t) => { mark.view = t; done(); });
  }, true);
  document.addEventListener("click", () => {
    mark.out = performance.now();
  });
}"""
# Before each click: select the first fighter (through the page's Python, untimed), zoom 4x about the
# second fighter's token, and return the token's centre on screen for the mouse.
ZOOM_AIM = r"""async ([a, b, zoom]) => {
  const py = window.__benchPy, v = window.vertigoView;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  py.runPython(`run(ctl.escape)\nrun(lambda: ctl.click_fighter("${a}"))`);
  // The whole field in the window (panzoom's scale 1: a very wide field's Fit starts further in), then 4x that
  // about b's token.
  v.panzoom().zoom(1, {animate: false, force: true});
  v.panzoom().pan(0, 0, {animate: false, force: true});
  for (let i = 0; i < 2; i++) await frame();
  let t = document.querySelector(`#fighter-${b} .token`).getBoundingClientRect();
  v.panzoom().zoomToPoint(zoom, {clientX: t.left + t.width / 2, clientY: t.top + t.height / 2}, {animate: false});
  for (let i = 0; i < 3; i++) await frame();
  t = document.querySelector(`#fighter-${b} .token`).getBoundingClientRect();
  window.__zoomClick = null;
  // A point of the token that is the token's own (a neighbour's may overlap it at this zoom), else null.
  const hit = (x, y) => { const e = document.elementFromPoint(x, y), f = e && e.closest("[data-fighter]");
                          return f && f.getAttribute("data-fighter") === b; };
  const cx = t.left + t.width / 2, cy = t.top + t.height / 2, d = t.width / 3;
  for (const [x, y] of [[cx, cy], [cx - d, cy], [cx + d, cy], [cx, cy - d], [cx, cy + d]]) {
    if (hit(x, y)) return [x, y, v.panzoom().getScale()];
  }
  return null;
}"""
ZOOM_SECTIONS = 500
ZOOM_FIGHTERS = 50
ZOOM_SCALE = 4
ZOOM_GOAL_MS = 16.0


def section_zoom(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """Click -> updated view on the 500-section field at zoom 4x, in the page (levels click: a second fighter)."""
    context, page = open_python_page(browser, url)
    clicks: list[dict[str, Any]] = []
    try:
        print(f"zoom: {ZOOM_SECTIONS} sections in play, zoom {ZOOM_SCALE}x...", flush=True)
        page.evaluate("(code) => window.__benchPy.runPython(code)", ZOOM_SETUP + (
            f"\nrun(lambda: ctl.load(_bench_feet_table({ZOOM_SECTIONS}, {ZOOM_FIGHTERS}), 'Bench'))"))
        page.wait_for_function("() => document.querySelectorAll('#view [data-section]').length > 0")
        page.evaluate(ZOOM_PROBE)
        n = ZOOM_FIGHTERS
        scale = 0.0
        hidden = 0
        for r in range(args.reps):
            a = f"f{r % n}"
            b = f"f{(r * 7 + 1) % n if (r * 7 + 1) % n != r % n else (r + 1) % n}"
            aim = page.evaluate(ZOOM_AIM, [a, b, ZOOM_SCALE])
            if aim is None:  # b's token wholly under a neighbour's at this zoom: not a click a referee can make
                hidden += 1
                continue
            x, y, scale = aim
            page.mouse.click(x, y)
            page.wait_for_function("() => window.__zoomClick !== null", polling=10)
            got = page.evaluate("() => window.__zoomClick")
            drawn = f"#overlay .levels-dimension[data-levels='{a}|{b}']"
            if not page.evaluate("(sel) => !!document.querySelector(sel)", drawn):
                raise BenchError(f"the click on {b} with {a} selected drew no levels dimension")
            clicks.append(got)
        labels = page.evaluate("() => [document.querySelectorAll('#view .lbl').length, "
                               "document.querySelectorAll('#view .lbl:not(.lod-off)').length]")
    finally:
        context.close()
    row = {"view_ms": [c["painted"] for c in clicks], "panel_ms": [c["panel"] for c in clicks],
           "python_dom_ms": [c["python_dom"] for c in clicks],
           "lod_ms": [c["lod"] for c in clicks], "wait_ms": [c["wait"] for c in clicks],
           "refresh_ms": [c["refreshed"] for c in clicks if c["refreshed"] is not None], "scale": scale,
           "labels": labels[0], "shown": labels[1], "hidden_tokens": hidden}
    for key in ("view", "panel", "python_dom", "lod", "wait", "refresh"):
        row[key] = summary(row[f"{key}_ms"])
    res["zoom"] = row
    res.setdefault("verdicts", {})["zoom_click"] = verdict(row["view"]["median"] <= ZOOM_GOAL_MS)


def print_zoom(res: dict[str, Any]) -> None:
    """Click -> updated view at zoom 4x: the whole path, its Python + DOM part, and the labels' pass."""
    r = res["zoom"]
    print(f"Click -> updated view, {ZOOM_SECTIONS} sections, zoom {r['scale']:.2f}x the whole field's fit "
          f"(levels click in the page; goal median <= {ZOOM_GOAL_MS:g} ms)")
    print(f"  {'part':<28} {'clicks':>6} {'median ms':>10} {'worst ms':>9}")
    for key, what in (("view", "click -> frame painted"), ("wait", "  input to handler"),
                      ("python_dom", "  handler: Python + DOM"), ("refresh", "  click -> view.js refreshed"),
                      ("lod", "  labels' level of detail"), ("panel", "click -> side panel painted")):
        print(f"  {what:<28} {r[key]['n']:>6} {r[key]['median']:>10.2f} {r[key]['worst']:>9.2f}")
    if r.get("hidden_tokens"):
        print(f"  {r['hidden_tokens']} pairs skipped: the second token wholly under a neighbour's at this zoom")
    print(f"  labels: {r['shown']} shown of {r['labels']}; goal met: {res['verdicts']['zoom_click']}")


# --- import time per KB -------------------------------------------------------------------------------

# Defines _bench_loads(text, reps, budget_s) in whichever Python runs it (the page's, or a CPython
# child): times vertigo.scenario.loads(text), at least `reps` times while under budget_s, and calls
# that are too quick for the page's clock (0.1 ms) until they add up to 20 ms; the outcome is
# "accepted" or the first problem given.
LOADS_TIMER = r'''
def _bench_loads(text, reps, budget_s):
    import time
    from vertigo import scenario
    times, outcome = [], None
    while True:
        t = time.perf_counter()
        try:
            scenario.loads(text)
            outcome = "accepted"
        except Exception as e:
            problems = getattr(e, "problems", None)
            outcome = "refused: " + (str(problems[0]) if problems else f"{type(e).__name__}: {e}")
        times.append((time.perf_counter() - t) * 1000)
        if sum(times) >= budget_s * 1000 or len(times) >= 2000 or (len(times) >= reps and sum(times) >= 20):
            break
    return {"ms": times, "outcome": " ".join(outcome.split())[:200]}
'''

CPYTHON_CHILD = LOADS_TIMER + r'''
import json, sys
sys.path.insert(0, sys.argv[1])
sys.dont_write_bytecode = True
with open(sys.argv[2], encoding="utf-8") as f:
    text = f.read()
print(json.dumps(_bench_loads(text, int(sys.argv[3]), float(sys.argv[4]))))
'''


class Ladder:
    """The sizes of one kind measured so far in one runtime, and whether the next is worth measuring."""

    def __init__(self, skip_s: float) -> None:
        self.done: list[tuple[int, float]] = []     # (size, seconds of one load)
        self.skip_s = skip_s
        self.stop: str | None = None

    def reason_to_skip(self, size: int) -> str | None:
        if self.stop or not self.done:
            return self.stop
        s1, t1 = self.done[-1]
        if t1 > self.skip_s:
            self.stop = f"skipped (previous size took {t1:.1f} s)"
            return self.stop
        k = 2.0                                     # until two sizes tell: assume quadratic
        if len(self.done) >= 2 and self.done[-2][1] > 0.05:
            s0, t0 = self.done[-2]
            k = min(3.0, max(1.0, math.log(t1 / t0) / math.log(s1 / s0)))
        predicted = t1 * (size / s1) ** k
        if t1 > 0.2 and predicted > IMPORT_PREDICT_S:
            self.stop = f"skipped (the previous sizes predict ≈{predicted:.0f} s)"
        return self.stop

    def took(self, size: int, seconds: float) -> None:
        self.done.append((size, seconds))

    def probe_size(self, wanted: int) -> int | None:
        """When only one size was measured before the kind stopped: a size in between, predicted (as if
        quadratic) to take about the skip time, so that the kind still gets a µs/KB ratio."""
        if len(self.done) != 1 or self.done[0][1] <= 0:
            return None
        s1, t1 = self.done[0]
        size = int(s1 * (self.skip_s / t1) ** 0.5) // KB * KB
        return size if 1.5 * s1 <= size < wanted else None


def page_loads(page: Any, text: str) -> dict[str, Any]:
    """_bench_loads in the page's Python, the text handed over through a JS global."""
    page.evaluate("(t) => { window.__benchText = t; }", text)
    try:
        out = page.evaluate("(code) => window.__benchPy.runPython(code)",
                            f"_bench_json.dumps(_bench_loads(_bench_window.__benchText"
                            f", {IMPORT_REPS}, {IMPORT_REP_BUDGET_S}))")
    finally:
        page.evaluate("() => { delete window.__benchText; }")
    return json.loads(out)


def cpython_loads(text: str, where: Path) -> dict[str, Any]:
    """_bench_loads in a CPython child of this one (killed after CPYTHON_TIMEOUT_S)."""
    where.write_text(text, encoding="utf-8")
    try:
        proc = subprocess.run([sys.executable, "-c", CPYTHON_CHILD, str(ROOT / "py"), str(where), str(IMPORT_REPS),
                               str(IMPORT_REP_BUDGET_S)], capture_output=True, text=True, timeout=CPYTHON_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {CPYTHON_TIMEOUT_S} s"}
    finally:
        where.unlink(missing_ok=True)
    if proc.returncode:
        return {"error": (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1][:200]}
    return json.loads(proc.stdout)


def open_python_page(browser: Any, url: str) -> tuple[Any, Any]:
    context, page, _ = open_ready(browser, url, "the app", (HOOK_PROBE,))
    if not page.evaluate("!!window.__benchPy"):
        context.close()
        raise BenchError(f"the page's interpreter was not reached through PyScript's hooks "
                         f"({page.evaluate('JSON.stringify(window.__benchDiag || {})')})")
    page.evaluate("(code) => window.__benchPy.runPython(code)",
                  LOADS_TIMER + "\nimport json as _bench_json\nfrom js import window as _bench_window\n")
    return context, page


def section_import(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """vertigo.scenario.loads on valid and hostile texts of growing size, in the page and in CPython."""
    lim = read_limits()
    limit_name, limit = document_limit(lim)
    sizes = sorted({s for s in IMPORT_SIZES if s < limit} | {limit})
    out: dict[str, Any] = {"limit_name": limit_name, "limit": limit, "sizes": sizes, "kb_chars": KB,
                           "cpython": platform.python_version(), "skip_s": args.import_skip, "rows": []}
    res["import"] = out
    print(f"import timings: {len(IMPORT_KINDS)} kinds × {len(sizes)} sizes up to {limit_name} = {limit:,} chars, "
          f"in the page and in CPython...", flush=True)
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    scratch = WORK_DIR / "import-text.json"
    context, page = open_python_page(browser, url)

    def measure(where: str, text: str) -> dict[str, Any]:
        nonlocal context, page
        try:
            m = page_loads(page, text) if where == "page" else cpython_loads(text, scratch)
        except Exception as e:   # a broken page: note it, open a fresh one for what follows
            m = {"error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:200]}
            if where == "page":
                context.close()
                context, page = open_python_page(browser, url)
        if "ms" in m:
            # a median of a few; the mean of many quick calls (each one near the clock's resolution)
            m["median_ms"] = statistics.median(m["ms"]) if len(m["ms"]) <= IMPORT_REPS else statistics.fmean(m["ms"])
            m["us_per_kb"] = m["median_ms"] * 1000 / (len(text) / KB)
            best_ms = min(m["ms"]) if len(m["ms"]) <= IMPORT_REPS else m["median_ms"]
            m["best_us_per_kb"] = best_ms * 1000 / (len(text) / KB)
            m["n"] = len(m["ms"])
            if m["n"] > 20:
                m["ms"] = m["ms"][:20]
        return m

    def report(row: dict[str, Any]) -> None:
        def show(m: dict[str, Any]) -> str:
            return (f"{m['median_ms']:9.1f} ms" if "median_ms" in m else "   skipped" if "skipped" in m
                    else "    failed" if "error" in m else "         —")
        print(f"  {row['kind']:<16}{row['size'] / KB:7.0f} KB  page{show(row.get('page', {}))}   "
              f"CPython{show(row.get('cpython', {}))}", flush=True)

    try:
        out["pyodide_python"] = page.evaluate("(code) => window.__benchPy.runPython(code)",
                                              "import platform as _p; _p.python_version()")
        for kind in IMPORT_KINDS:
            ladders = {"page": Ladder(args.import_skip), "cpython": Ladder(args.import_skip)}
            for size in sizes:
                row: dict[str, Any] = {"kind": kind, "size": size}
                try:
                    if kind == "valid scenario":
                        text, row["note"] = sized_document(lim, size)
                    else:
                        text = HOSTILE[kind](size)
                except Exception as e:
                    row["error"] = f"could not make the text: {type(e).__name__}: {e}"
                    out["rows"].append(row)
                    continue
                row["chars"] = len(text)
                for where, ladder in ladders.items():
                    already_stopped = ladder.stop is not None
                    skip = ladder.reason_to_skip(size)
                    if skip:
                        row[where] = {"skipped": skip}
                        probe = None if already_stopped or "predict" not in skip else ladder.probe_size(size)
                        if probe:
                            extra = {"kind": kind, "size": probe, "probe": True}
                            t = sized_document(lim, probe)[0] if kind == "valid scenario" else HOSTILE[kind](probe)
                            extra["chars"] = len(t)
                            extra[where] = measure(where, t)
                            out["rows"].append(extra)
                            report(extra)
                        continue
                    row[where] = measure(where, text)
                    if "ms" in row[where]:
                        ladder.took(size, row[where]["ms"][0] / 1000)
                    else:
                        ladder.stop = f"skipped (the previous size failed: {row[where].get('error', '?')[:60]})"
                out["rows"].append(row)
                report(row)
            out.setdefault("ratios", {})[kind] = {w: _ratio(out["rows"], kind, w) for w in ("page", "cpython")}
    finally:
        context.close()


def _ratio(rows: list[dict[str, Any]], kind: str, where: str) -> dict[str, Any] | None:
    """µs/KB of the largest measured size over that of the smallest, for one kind in one runtime (the
    fastest call of each size: other work on the machine only ever adds time)."""
    got = [(r["size"], r[where]["best_us_per_kb"])
            for r in rows if r["kind"] == kind and "best_us_per_kb" in r.get(where, {})]
    if len(got) < 2:
        return None
    (s0, u0), (s1, u1) = got[0], got[-1]
    return {"ratio": u1 / u0 if u0 else None, "smallest": s0, "largest": s1}


def print_import(res: dict[str, Any]) -> None:
    w = print
    imp = res["import"]
    w(f"Import: vertigo.scenario.loads(text), in the page (Pyodide, Python {imp.get('pyodide_python', '?')}) and in "
      f"CPython {imp['cpython']}; KB = {KB} characters")
    w(f"  ms = median of up to {IMPORT_REPS} calls (within {IMPORT_REP_BUDGET_S:g} s),"
      f" or the mean of as many quick calls "
      "as add up to 20 ms")
    w(f"  document limit {imp['limit_name']} = {imp['limit']:,}; a kind stops once one size took > {imp['skip_s']:g} s "
      f"(or the sizes before predict > {IMPORT_PREDICT_S:g} s)")
    w(f"  {'kind':<16}{'size':>9}{'page ms':>11}{'µs/KB':>9}{'CPython ms':>12}{'µs/KB':>9}   outcome")
    names = {"page": "page", "cpython": "CPython"}
    for kind in IMPORT_KINDS:
        rows = [r for r in imp["rows"] if r["kind"] == kind]
        head = kind
        skipped: list[int] = []
        reasons: dict[str, tuple[int, str]] = {}
        for r in rows:
            if "error" in r:
                w(f"  {head:<16}{r['size'] / KB:7.0f}KB   {r['error']}")
                head = ""
                continue
            for where in names:
                why = r.get(where, {}).get("skipped")
                if why and where not in reasons:
                    reasons[where] = (r["size"], why)
            if not any("median_ms" in r.get(where, {}) or "error" in r.get(where, {}) for where in names):
                skipped.append(r["size"])
                continue
            cells = []
            for where, width in (("page", 9), ("cpython", 10)):
                m = r.get(where, {})
                if "median_ms" in m:
                    cells.append(f"{m['median_ms']:{width}.1f}ms{m['us_per_kb']:9.1f}")
                else:
                    word = "skipped" if "skipped" in m else "failed" if "error" in m else "—"
                    cells.append(f"{word:>{width + 2}}{'':9}")
            outcome = r.get("page", {}).get("outcome") or r.get("cpython", {}).get("outcome") or ""
            if r.get("note"):
                outcome += f" ({r['note']})"
            if r.get("probe"):
                outcome = "[in-between size: the next was predicted too slow] " + outcome
            w(f"  {head:<16}{r['size'] / KB:7.0f}KB{cells[0]}{cells[1]}   {outcome[:100]}")
            for where in names:
                if "error" in r.get(where, {}):
                    w(f"  {'':<25}{names[where]} failed: {r[where]['error']}")
            head = ""
        if skipped:
            w(f"  {head:<16}{skipped[0] / KB:7.0f}KB … {skipped[-1] / KB:.0f} KB: not measured")
        for where, (size, why) in reasons.items():
            w(f"  {'':<25}{names[where]}, from {size / KB:.0f} KB on: {why}")
    w("  µs/KB of the largest measured size ÷ that of the smallest, fastest call of each (1 = linear; 5 = 5× slower "
      "per byte):")
    for kind in IMPORT_KINDS:
        rat = imp.get("ratios", {}).get(kind, {})
        parts = []
        for where, label in (("page", "page"), ("cpython", "CPython")):
            q = rat.get(where)
            parts.append(f"{label} {q['ratio']:6.2f} ({q['smallest'] / KB:.0f}→{q['largest'] / KB:.0f} KB)"
                         if q and q.get("ratio") else f"{label} {'—':>6} (fewer than two sizes measured)")
        w(f"    {kind:<16}{parts[0]:<30}{parts[1]}")


# --- in-page probes for the cap battlefields ---------------------------------------------------------

# Installed before any page script: records every Storage.setItem — key, characters written (JS
# string length, UTF-16 code units), how long it took, whether it threw.
STORE_PROBE = """
(() => {
  const st = window.__benchStore = {writes: [], keys: {}};
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const rec = {key: String(key), chars: String(value).length, ok: true, err: null, ms: 0,
                 local: this === window.localStorage};
    const t = performance.now();
    try { return setItem.call(this, key, value); }
    catch (e) { rec.ok = false; rec.err = (e && e.name) || String(e); throw e; }
    finally { rec.ms = performance.now() - t; st.writes.push(rec); if (rec.local) st.keys[rec.key] = rec; }
  };
})();
"""

# Installed after the page is ready.  Every action: dispatch the event (t0); the handler runs
# synchronously and queues the page's save with setTimeout(0); a setTimeout(0) queued after the
# dispatch runs after that save; then the next animation frame and a MessageChannel task after it
# (the frame has been painted): t1.  Only DOM behaviour is used: ids, data-* attributes, #error.
ACT_HELPERS = """
(() => {
  const st = window.__benchStore || {writes: [], keys: {}};
  const q = (s) => document.querySelector(s);
  const errorText = () => { const e = document.getElementById("error"); return e && !e.hidden ? e.textContent : null; };
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => {
    const ch = new MessageChannel(); ch.port1.onmessage = () => resolve(); ch.port2.postMessage(null);
  }));
  const timed = async (dispatch) => {
    const w0 = st.writes.length;
    const t0 = performance.now();
    dispatch();
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, 0));
    const t2 = performance.now();
    await painted();
    // The side panel follows the view's frame (py/app.py's panel_later): the answer is whole once it is painted.
    if (document.getElementById("panel").hasAttribute("aria-busy")) {
      while (document.getElementById("panel").hasAttribute("aria-busy")) await new Promise((r) => setTimeout(r, 0));
      await painted();
    }
    const t3 = performance.now();
    const writes = st.writes.slice(w0);
    return {ms: t3 - t0, handler_ms: t1 - t0, save_ms: t2 - t1, paint_ms: t3 - t2,
            set_item_ms: writes.reduce((a, x) => a + x.ms, 0), chars: writes.reduce((a, x) => a + x.chars, 0),
            writes: writes.length,
            failed: writes.filter((x) => !x.ok).map((x) => `${x.key}: ${x.err} (${x.chars} chars)`),
            error: errorText()};
  };
  window.__benchAct = {
    click(selector) {
      const el = q(selector);
      if (!el) return Promise.resolve({missing: selector});
      return timed(() => el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window})));
    },
    key(key, ctrl) {
      return timed(() => document.body.dispatchEvent(
        new KeyboardEvent("keydown", {key, ctrlKey: !!ctrl, bubbles: true, cancelable: true})));
    },
    async settle() {
      await new Promise((r) => setTimeout(r, 0));
      while (document.getElementById("panel").hasAttribute("aria-busy")) await new Promise((r) => setTimeout(r, 0));
      await painted();
    },
    has(selector) { return !!q(selector); },
    panelText() { const p = document.getElementById("panel"); return p ? p.textContent : ""; },
    reachable() {
      const seen = new Map();
      for (const el of document.querySelectorAll("#overlay [data-section]")) {
        const id = el.getAttribute("data-section");
        const m = /(\\d+)\\s*d6/.exec(el.textContent || "");
        const dice = m ? Number(m[1]) : (/safe/i.test(el.textContent || "") ? 0 : null);
        if (!seen.has(id) || (seen.get(id) === null && dice !== null)) seen.set(id, dice);
      }
      return [...seen].map(([id, dice]) => ({id, dice}));
    },
    counts() {
      return {sections: document.querySelectorAll("#terrain [data-section]").length,
              fighters: document.querySelectorAll("#fighters [data-fighter]").length, error: errorText()};
    },
    stored() {
      const present = {};
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        present[k] = (localStorage.getItem(k) || "").length;
      }
      const last = {};
      for (const [k, x] of Object.entries(st.keys)) last[k] = {chars: x.chars, ok: x.ok, err: x.err};
      return {present, last, error: errorText(), writes: st.writes.length};
    },
  };
})();
"""


def _adjacency(doc: dict[str, Any]) -> dict[str, list[str]]:
    adj: dict[str, list[str]] = {s["id"]: [] for s in doc["sections"]}
    for b in doc.get("borders", []):
        ends = _border_ends(b)
        if ends and ends[0] in adj and ends[1] in adj:
            adj[ends[0]].append(ends[1])
            adj[ends[1]].append(ends[0])
    return adj


def import_battlefield(browser: Any, url: str, path: Path,
                     doc: dict[str, Any], what: str) -> tuple[Any, Any, dict[str, Any]]:
    """A fresh page that has imported `path` through its own Import control, its save done."""
    context, page, _ = open_ready(browser, url, "the app", (STORE_PROBE,))
    try:
        page.evaluate(ACT_HELPERS)
        want = [len(doc["sections"]), len(doc["fighters"])]
        t = time.perf_counter()
        page.set_input_files("#import-file", str(path))
        page.wait_for_function(
            "([n, f]) => { const c = window.__benchAct.counts(); "
            "return (c.sections === n && c.fighters === f) || !!c.error; }",
            arg=want, timeout=IMPORT_VIEW_TIMEOUT_MS, polling=100)
        import_s = time.perf_counter() - t
        counts = page.evaluate("window.__benchAct.counts()")
        if counts["error"] or [counts["sections"], counts["fighters"]] != want:
            raise BenchError(f"{what}: the page did not show the imported battlefield ({counts['sections']} sections, "
                             f"{counts['fighters']} fighters): {(counts['error'] or '')[:300]}")
        page.evaluate("window.__benchAct.settle()")
        stored = page.evaluate("window.__benchAct.stored()")
    except Exception:
        context.close()
        raise
    return context, page, {"import_s": import_s, "stored_after_import": stored}


def reload_ready(page: Any, doc: dict[str, Any]) -> dict[str, Any]:
    """Reload the page; navigation start -> body[data-ready=true], and whether the battlefield came back."""
    page.reload(wait_until="commit", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("window.__benchReady !== undefined", timeout=READY_TIMEOUT_MS, polling=50)
    ready = float(page.evaluate("window.__benchReady"))
    page.evaluate(ACT_HELPERS)
    counts = page.evaluate("window.__benchAct.counts()")
    restored = counts["sections"] == len(doc["sections"]) and counts["fighters"] == len(doc["fighters"])
    return {"ready_ms": ready, "restored": restored, "error": counts["error"]}


def _event(page: Any, how: str, arg: Any) -> dict[str, Any]:
    if how == "click":
        return page.evaluate("(s) => window.__benchAct.click(s)", arg)
    return page.evaluate("([k, c]) => window.__benchAct.key(k, c)", arg)


FIGHTER = '#fighters [data-fighter="{}"]'
SECTION = '#terrain [data-section="{}"]'
PANEL = '#panel [data-action="{}"]'
ACTION_LABELS = ("select fighter", "choose Move entry", "judge a move", "DM override (move)", "Confirm",
                 "Ctrl+Z (undo)", "check actions", "DM override (action)", "Escape")


def action_plan(doc: dict[str, Any], reps: int, seed: int = 5) -> list[dict[str, Any]]:
    """Per repetition: a fighter, one of its longest Move entries (not the first, which selecting already
    draws), and an enemy — the nearest one and a random one in turn."""
    rng = random.Random(seed)
    adj = _adjacency(doc)
    fighters = [f for f in doc["fighters"] if f.get("moves")]
    plan = []
    for r in range(reps):
        f = fighters[(r * 37 + 11) % len(fighters)]
        parsed = [(i, int(m.group(2))) for i, t in enumerate(f["moves"]) if (m := _ENTRY_HEAD.match(t))]
        longest = max((d for _, d in parsed), default=0)
        entries = [i for i, d in parsed if d == longest and i] or [i for i, _ in parsed if i] or [0]
        enemies = [g for g in doc["fighters"] if g["side"] != f["side"]]
        enemy = None
        if enemies:
            if r % 2:
                enemy = rng.choice(enemies)
            else:
                dist = _steps_from(adj, f["section"])
                enemy = min(enemies, key=lambda g: (dist.get(g["section"], 10**9), g["id"]))
        plan.append({"fighter": f["id"], "section": f["section"], "entry": entries[r % len(entries)],
                     "enemy": enemy["id"] if enemy else None})
    return plan


class Skip(Exception):
    """This repetition cannot go on (an element is missing, the move is refused, ...)."""


def _judge_somewhere(page: Any, rng: random.Random, adj: dict[str, list[str]], start: str, record: Any,
                     prefer_dice: bool = False) -> str:
    """Click a section the chosen entry reaches (read from the overlay) until the verdict offers Confirm."""
    reach = [c for c in page.evaluate("window.__benchAct.reachable()") if c["id"] != start]
    if prefer_dice:
        reach.sort(key=lambda c: (-(c["dice"] or 0), c["id"]))
        order = [c["id"] for c in reach]
    else:
        order = [c["id"] for c in reach]
        rng.shuffle(order)
    if not order:
        order = sorted(adj.get(start, []))
    for dest in order[:4]:
        record("judge a move", _event(page, "click", SECTION.format(dest)))
        if page.evaluate("(s) => window.__benchAct.has(s)", PANEL.format("confirm")):
            return dest
    raise Skip("no section offered Confirm" + ("" if reach else " (the overlay marked no reachable section)"))


def run_actions(page: Any, doc: dict[str, Any], plan: list[dict[str, Any]], budget_s: float) -> dict[str, Any]:
    """The action round, repeated: every event timed to the next paint, its save included."""
    rng = random.Random(9)
    adj = _adjacency(doc)
    samples: dict[str, list[dict[str, Any]]] = {k: [] for k in ACTION_LABELS}
    notes: list[str] = []
    failed_saves: list[str] = []
    started = time.perf_counter()
    done = 0

    def record(label: str, r: dict[str, Any]) -> None:
        if "missing" in r:
            raise Skip(f"{label}: no {r['missing']} in the page")
        samples[label].append(r)
        if r["failed"]:
            failed_saves.extend(f"{label}: {x}" for x in r["failed"])

    for rep, item in enumerate(plan):
        if rep >= ACTION_MIN_REPS and time.perf_counter() - started > budget_s:
            notes.append(f"stopped after {rep} of {len(plan)} repetitions: the {budget_s:g} s budget was spent")
            break
        try:
            record("Escape", _event(page, "key", ["Escape", False]))
            record("select fighter", _event(page, "click", FIGHTER.format(item["fighter"])))
            record("choose Move entry", _event(page, "click", f'{PANEL.format("entry")}[data-arg="{item["entry"]}"]'))
            dest = _judge_somewhere(page, rng, adj, item["section"], record)
            if page.evaluate("(s) => window.__benchAct.has(s)", PANEL.format("override")):
                record("DM override (move)", _event(page, "click", PANEL.format("override")))
                record("judge a move", _event(page, "click", SECTION.format(dest)))
            record("Confirm", _event(page, "click", PANEL.format("confirm")))
            record("Ctrl+Z (undo)", _event(page, "key", ["z", True]))
            if item["enemy"]:
                record("select fighter", _event(page, "click", FIGHTER.format(item["fighter"])))
                record("check actions", _event(page, "click", FIGHTER.format(item["enemy"])))
                if page.evaluate("(s) => window.__benchAct.has(s)", PANEL.format("override-shot")):
                    record("DM override (action)", _event(page, "click", PANEL.format("override-shot")))
            done += 1
        except Skip as e:
            notes.append(f"repetition {rep + 1}: {e}")
        if (rep + 1) % 5 == 0:
            print(f"    {rep + 1} repetitions, {time.perf_counter() - started:.0f} s", flush=True)
    if failed_saves:
        notes.append(f"{len(failed_saves)} saves failed, e.g. {failed_saves[0]}")
    errors = sorted({r["error"].splitlines()[0][:120] for v in samples.values() for r in v if r.get("error")})
    if errors:
        notes.append("error box seen: " + " | ".join(errors[:3]))
    table = {}
    for label, rows in samples.items():
        if not rows:
            continue
        ms = [r["ms"] for r in rows]
        table[label] = {**summary(ms), "over_goal": sum(x > ACTION_GOAL_MS for x in ms),
                        "handler_median": statistics.median(r["handler_ms"] for r in rows),
                        "save_median": statistics.median(r["save_ms"] for r in rows),
                        "paint_median": statistics.median(r["paint_ms"] for r in rows),
                        "set_item_median": statistics.median(r["set_item_ms"] for r in rows),
                        "set_item_worst": max(r["set_item_ms"] for r in rows),
                        "chars_written_max": max(r["chars"] for r in rows),
                        "samples_ms": [round(x, 2) for x in ms]}
    return {"reps_done": done, "reps_planned": len(plan), "elapsed_s": time.perf_counter() - started,
            "actions": table, "notes": notes}


def cap_battlefields(lim: dict[str, Any], limit: int) -> list[dict[str, Any]]:
    """The two battlefields at the caps: R3 cut down to them, and the worst-case grid; each written for Import."""
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    out = []
    r3 = repro_file(R3_FILE)
    if r3 is None:
        out.append({"name": "R3 cut to caps", "missing": f"{R3_FILE}"
                                               f" not found in " + " or ".join(map(str, REPRO_DIRS))})
    else:
        doc, notes = cut_to_caps(json.loads(r3.read_text(encoding="utf-8")), lim)
        text, more = fit_document(doc, limit)
        path = WORK_DIR / "r3-caps.json"
        path.write_text(text, encoding="utf-8")
        out.append({"name": "R3 cut to caps", "source": str(r3), "path": path, "doc": doc, "chars": len(text),
                    "notes": (notes + more) or ["already within the caps"]})
    doc = grid_field(lim)
    text, notes = fit_document(doc, limit)
    path = WORK_DIR / "grid-caps.json"
    path.write_text(text, encoding="utf-8")
    out.append({"name": "worst-case grid", "path": path, "doc": doc, "chars": len(text), "notes": notes})
    return out


def section_actions(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """Every action's median and worst on the two cap battlefields, save included; reload to ready."""
    lim = read_limits()
    caps = need_caps(lim)
    _, limit = document_limit(lim)
    out: dict[str, Any] = {"caps": caps, "goal_ms": ACTION_GOAL_MS, "fields": []}
    res["actions"] = out
    for field in cap_battlefields(lim, limit):
        entry: dict[str, Any] = {"name": field["name"]}
        out["fields"].append(entry)
        if "missing" in field:
            entry["skipped"] = field["missing"]
            print(f"  {field['name']}: skipped — {field['missing']}", flush=True)
            continue
        doc = field["doc"]
        entry.update(sections=len(doc["sections"]), borders=len(doc["borders"]), fighters=len(doc["fighters"]),
                     document_chars=field["chars"], notes=list(field["notes"]))
        print(f"actions on {field['name']}: {entry['sections']} sections, {entry['borders']} borders, "
              f"{entry['fighters']} fighters, {field['chars'] / KB:.0f} KB; importing...", flush=True)
        try:
            context, page, info = import_battlefield(browser, url, field["path"], doc, field["name"])
        except Exception as e:
            entry["error"] = f"import failed: {str(e).splitlines()[0][:300]}"
            print(f"  {entry['error']}", flush=True)
            continue
        try:
            entry["import_s"] = info["import_s"]
            entry["saved_after_import"] = info["stored_after_import"]["last"]
            rl = reload_ready(page, doc)
            entry["reload"] = rl
            if not rl["restored"]:
                entry["notes"].append(f"the reload did not restore the battlefield"
                                      f" ({(rl['error'] or 'no message')[:160]}); "
                                      "imported again")
                context.close()
                context, page, _ = import_battlefield(browser, url, field["path"], doc, field["name"])
            print(f"  imported in {info['import_s']:.1f} s, reload to ready {rl['ready_ms'] / 1000:.1f} s; "
                  f"up to {args.action_reps} repetitions ({args.action_budget:g} s budget)...", flush=True)
            entry.update(run_actions(page, doc, action_plan(doc, args.action_reps), args.action_budget))
        except Exception as e:
            entry["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}"
            print(f"  failed: {entry['error']}", flush=True)
        finally:
            context.close()


def print_actions(res: dict[str, Any]) -> None:
    w = print
    a = res["actions"]
    caps = a["caps"]
    w(f"Actions at the caps: event -> page's save (setTimeout 0) -> next paint, ms   goal ≤ {a['goal_ms']:g} ms")
    w(f"  caps now: {caps['MAX_SECTIONS']} sections, {caps['MAX_BORDERS']} borders, {caps['MAX_FIGHTERS']} fighters, "
      f"{caps['MAX_ENTRIES']} entries/actions, distance {caps['MAX_DISTANCE']}, elevation ±{caps['MAX_ELEVATION']}")
    w(f"  {'action':<22}{'n':>4}{'median':>9}{'worst':>9}{'>goal':>7}{'handler':>9}{'→save':>8}{'paint':>7}"
      f"{'setItem':>9}{'written':>11}")
    over: dict[str, list[str]] = {}
    for f in a["fields"]:
        head = f"  {f['name']}"
        if "sections" in f:
            head += f": {f['sections']} sections, {f['borders']} borders, {f['fighters']} fighters"
            head += f", {f['document_chars'] / KB:.0f} KB"
        w(head)
        for n in f.get("notes", []):
            w(f"    ({n})")
        if "skipped" in f:
            w(f"    skipped: {f['skipped']}")
            continue
        if "error" in f and not f.get("actions"):
            w(f"    NOT MEASURED: {f['error']}")
            continue
        for label in ACTION_LABELS:
            s = f.get("actions", {}).get(label)
            if not s:
                w(f"    {label:<20}{0:>4}   (not reached)")
                continue
            flag = "  ✗" if s["worst"] > a["goal_ms"] else ""
            if s["worst"] > a["goal_ms"]:
                over.setdefault(f["name"], []).append(label)
            w(f"    {label:<20}{s['n']:>4}{s['median']:9.1f}{s['worst']:9.1f}"
              f"{s['over_goal']:>7}{s['handler_median']:9.1f}"
              f"{s['save_median']:8.1f}{s['paint_median']:7.1f}{s['set_item_median']:9.1f}{s['chars_written_max']:>11,}{flag}")
        rl = f.get("reload")
        extra = f"; import (file chosen -> view shows it) {f['import_s']:.1f} s" if "import_s" in f else ""
        if rl:
            w(f"    reload to ready {rl['ready_ms']:.0f} ms (informational, not held to the goal)"
              + ("" if rl["restored"] else " — the battlefield did not come back") + extra)
        if "reps_done" in f:
            w(f"    {f['reps_done']} of {f['reps_planned']} repetitions complete in {f['elapsed_s']:.0f} s")
        if "error" in f:
            w(f"    stopped: {f['error']}")
    w("  (medians of: handler = dispatch until the handler returned; →save = then until the page's setTimeout(0)")
    w("   save had run, a frame the browser renders in between included; paint = then to the next frame; setItem =")
    w("   inside Storage.setItem.  >goal = how many took over the goal; written = most characters one action saved;")
    w("   ✗ = worst over the goal)")
    w("  worst over the goal: " +
                        ("; ".join(f"{name}: {', '.join(labels)}" for name, labels in over.items()) or "none"))


# --- saved-table size after N moves ----------------------------------------------------------------------

def measure_quota(browser: Any, url: str) -> int | None:
    """The longest value localStorage takes under a one-character key here (binary search, empty origin)."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    try:
        page = context.new_page()
        page.goto(url + HELLO_DIR + "/", wait_until="commit")
        return page.evaluate("""() => {
          localStorage.clear();
          let lo = 0, hi = 64 * 1024 * 1024;
          while (hi - lo > 1) {
            const mid = Math.floor((lo + hi) / 2);
            try { localStorage.setItem("q", "x".repeat(mid)); lo = mid; } catch (e) { hi = mid; }
            localStorage.removeItem("q");
          }
          return lo;
        }""")
    except Exception:  # informational only
        return None
    finally:
        context.close()


def _first_entry(page: Any, record: Any) -> None:
    """Selecting a fighter draws what its first Move entry reaches; choose that entry only if it did not."""
    if not page.evaluate("window.__benchAct.reachable()"):
        record("entry", _event(page, "click", f'{PANEL.format("entry")}[data-arg="0"]'))


def _checkpoint(page: Any, n: int, started: float) -> dict[str, Any]:
    st = page.evaluate("window.__benchAct.stored()")
    return {"n": n, "elapsed_s": time.perf_counter() - started, **st}


def _at_stop(page: Any, n: int, points: list[dict[str, Any]], started: float) -> dict[str, Any] | None:
    """Where a run stopped short of a checkpoint: the sizes there, and how much each move added on average."""
    if not points or points[-1]["n"] == n:
        return None
    here = _checkpoint(page, n, started)
    first = points[0]
    if n > first["n"]:
        here["growth_per_move"] = {k: (v - first["present"][k]) / (n - first["n"])
                                   for k, v in here["present"].items() if k in first["present"]}
    return here


def saved_moves(page: Any, doc: dict[str, Any], checkpoints: list[int], budget_s: float) -> dict[str, Any]:
    """Confirmed moves by fighter after fighter (never undone); the stored sizes at each checkpoint."""
    rng = random.Random(13)
    adj = _adjacency(doc)
    fighters = [f for f in doc["fighters"] if f.get("moves")]
    where = {f["id"]: f["section"] for f in doc["fighters"]}
    started = time.perf_counter()
    points = [_checkpoint(page, 0, started)] if 0 in checkpoints else []
    moved = attempts = 0
    notes: list[str] = []
    goal = max(checkpoints)

    def record(label: str, r: dict[str, Any]) -> None:
        if "missing" in r:
            raise Skip(f"{label}: no {r['missing']} in the page")

    while moved < goal:
        if time.perf_counter() - started > budget_s:
            notes.append(f"stopped after {moved} moves: the {budget_s:g} s budget was spent")
            break
        if attempts > 3 * goal + 10:
            notes.append(f"stopped after {moved} moves: too many fighters could not move")
            break
        f = fighters[(attempts * 37 + 3) % len(fighters)]
        attempts += 1
        try:
            record("Escape", _event(page, "key", ["Escape", False]))
            record("select", _event(page, "click", FIGHTER.format(f["id"])))
            _first_entry(page, record)
            dest = _judge_somewhere(page, rng, adj, where[f["id"]], record)
            r = _event(page, "click", PANEL.format("confirm"))
            record("confirm", r)
        except Skip as e:
            if len(notes) < 5:
                notes.append(f"{f['id']}: {e}")
            continue
        where[f["id"]] = dest
        moved += 1
        if moved in checkpoints:
            points.append(_checkpoint(page, moved, started))
        if moved in checkpoints or moved % 10 == 0:
            print(f"    {moved} moves, {time.perf_counter() - started:.0f} s", flush=True)
    return {"mode": "confirmed moves", "moves": moved, "checkpoints": points, "notes": notes,
            "at_stop": _at_stop(page, moved, points, started), "elapsed_s": time.perf_counter() - started}


def saved_cycles(page: Any, doc: dict[str, Any], checkpoints: list[int], budget_s: float) -> dict[str, Any]:
    """The one fighter's biggest fall confirmed and undone, again and again; the stored sizes at each checkpoint."""
    rng = random.Random(17)
    adj = _adjacency(doc)
    f = next(f for f in doc["fighters"] if f.get("moves"))
    started = time.perf_counter()
    points = [_checkpoint(page, 0, started)] if 0 in checkpoints else []
    cycles = 0
    notes: list[str] = []
    dest = None
    dice: int | None = None

    def record(label: str, r: dict[str, Any]) -> None:
        if "missing" in r:
            raise Skip(f"{label}: no {r['missing']} in the page")

    while cycles < max(checkpoints):
        if time.perf_counter() - started > budget_s:
            notes.append(f"stopped after {cycles} cycles: the {budget_s:g} s budget was spent")
            break
        try:
            record("Escape", _event(page, "key", ["Escape", False]))
            record("select", _event(page, "click", FIGHTER.format(f["id"])))
            _first_entry(page, record)
            if dest is None:
                dest = _judge_somewhere(page, rng, adj, f["section"], record, prefer_dice=True)
            else:
                record("judge", _event(page, "click", SECTION.format(dest)))
            record("confirm", _event(page, "click", PANEL.format("confirm")))
            if dice is None:
                m = re.search(r"Rolled (\d+)d6", page.evaluate("window.__benchAct.panelText()"))
                dice = int(m.group(1)) if m else None
            record("undo", _event(page, "key", ["z", True]))
        except Skip as e:
            notes.append(f"cycle {cycles + 1}: {e}")
            break
        cycles += 1
        if cycles in checkpoints:
            points.append(_checkpoint(page, cycles, started))
        if cycles in checkpoints or cycles % 10 == 0:
            print(f"    {cycles} cycles, {time.perf_counter() - started:.0f} s", flush=True)
    return {"mode": "confirm + undo cycles", "moves": cycles, "destination": dest, "dice_per_move": dice,
            "checkpoints": points, "notes": notes, "at_stop": _at_stop(page, cycles, points, started),
            "elapsed_s": time.perf_counter() - started}


def section_saved(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """localStorage sizes after N confirmed moves on the cap battlefield, and after N big falls undone (R13)."""
    lim = read_limits()
    _, limit = document_limit(lim)
    checkpoints = args.saved_moves
    out: dict[str, Any] = {"budget": table_budget(lim), "checkpoints": checkpoints, "fields": []}
    res["saved"] = out
    out["quota_chars"] = measure_quota(browser, url)
    fields = cap_battlefields(lim, limit)
    cap = next((f for f in fields if "missing" not in f), None)
    todo: list[tuple[dict[str, Any], Any]] = []
    if cap:
        todo.append((cap, saved_moves))
    r13 = repro_file(R13_FILE)
    if r13 is None:
        out["fields"].append({"name": "R13 big fall", "skipped": f"{R13_FILE} not found"})
    else:
        doc, notes = cut_to_caps(json.loads(r13.read_text(encoding="utf-8")), lim)
        text, more = fit_document(doc, limit)
        path = WORK_DIR / "r13.json"
        path.write_text(text, encoding="utf-8")
        todo.append(({"name": "R13 big fall", "path": path, "doc": doc, "chars": len(text), "notes": notes + more},
                     saved_cycles))
    for field, how in todo:
        entry: dict[str, Any] = {"name": field["name"], "notes": list(field["notes"])}
        out["fields"].append(entry)
        print(f"saved sizes on {field['name']} ({'moves' if how is saved_moves else 'confirm + undo cycles'} up to "
              f"{max(checkpoints)}, {args.saved_budget:g} s budget)...", flush=True)
        try:
            context, page, _ = import_battlefield(browser, url, field["path"], field["doc"], field["name"])
        except Exception as e:
            entry["error"] = f"import failed: {str(e).splitlines()[0][:300]}"
            print(f"  {entry['error']}", flush=True)
            continue
        try:
            entry.update(how(page, field["doc"], checkpoints, args.saved_budget))
        except Exception as e:
            entry["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}"
            print(f"  failed: {entry['error']}", flush=True)
        finally:
            context.close()


def print_saved(res: dict[str, Any]) -> None:
    w = print
    s = res["saved"]
    budget = f"{s['budget'][0]} = {s['budget'][1]:,}" if s.get("budget") else "none in limits.py"
    quota = f"{s['quota_chars']:,}" if s.get("quota_chars") else "?"
    w("Saved table after N moves: length of every localStorage value the page wrote (JS string length = UTF-16 units)")
    w(f"  budget constant: {budget};   this browser's quota for one value (measured): {quota} chars")
    ns = s["checkpoints"]
    w(f"  {'battlefield / key':<40}" + "".join(f"{'N=' + str(n):>12}" for n in ns))
    for f in s["fields"]:
        mode = f" ({f['mode']})" if "mode" in f else ""
        w(f"  {f['name']}{mode}")
        for n in f.get("notes", []):
            w(f"    ({n})")
        if "skipped" in f or ("error" in f and not f.get("checkpoints")):
            w(f"    {'skipped' if 'skipped' in f else 'NOT MEASURED'}: {f.get('skipped') or f.get('error')}")
            continue
        points = {p["n"]: p for p in f.get("checkpoints", [])}
        keys = sorted({k for p in points.values() for k in (*p["present"], *p["last"])})
        for key in keys:
            cells = []
            for n in ns:
                p = points.get(n)
                if p is None:
                    cells.append(f"{'—':>12}")
                    continue
                have = p["present"].get(key)
                last = p["last"].get(key)
                mark = "*" if last and not last["ok"] else " "
                cells.append(f"{(f'{have:,}' if have is not None else 'absent'):>11}{mark}")
            w(f"    {key:<38}" + "".join(cells))
        for n in ns:
            p = points.get(n)
            if p and any(not x["ok"] for x in p["last"].values()):
                bad = [f"{k}: {x['err']} writing {x['chars']:,}" for k, x in p["last"].items() if not x["ok"]]
                w(f"    * N={n}: the last write failed — {'; '.join(bad)}")
                if p.get("error"):
                    w(f"      error box: {' '.join(p['error'].split())[:150]}")
                break
        stop = f.get("at_stop")
        if stop:
            sizes = ", ".join(f"{k} {v:,}" for k, v in stop["present"].items())
            growth = ", ".join(f"{k} {v:+,.0f}" for k, v in stop.get("growth_per_move", {}).items())
            since = f"; per move since N={min(points)}: {growth}" if growth and points else ""
            w(f"    where it stopped, N={stop['n']}: {sizes}{since}")
        if f.get("dice_per_move") is not None:
            w(f"    each move rolled {f['dice_per_move']:,} d6 (to {f.get('destination')})")
        if "moves" in f:
            w(f"    {f['moves']} {'moves' if f['mode'] == 'confirmed moves' else 'cycles'} in {f['elapsed_s']:.0f} s")
        if "error" in f:
            w(f"    stopped: {f['error']}")
    w("  (— = not reached; * = the value still stored is older: the page's last write to this key failed)")


# --- figures ---------------------------------------------------------------------------------------------------

def summary(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    return {"n": len(values), "median": statistics.median(values), "worst": max(values), "best": min(values),
            "mean": statistics.fmean(values)}


def click_summary(runs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    every: list[float] = []
    every_layout: list[float] = []
    for kind in KINDS:
        ms = [r["ms"] for r in runs[kind]]
        with_layout = [r["ms"] + r["layout_ms"] for r in runs[kind]]
        every += ms
        every_layout += with_layout
        worst = max(runs[kind], key=lambda r: r["ms"])
        out[kind] = {**summary(ms), "with_layout": summary(with_layout), "worst_rep": worst["rep"] + 1,
                     "first": runs[kind][0]["ms"], "samples_ms": [round(x, 3) for x in ms]}
    out["all"] = {**summary(every), "with_layout": summary(every_layout)}
    return out


def split_summary(runs: dict[str, list[dict[str, Any]]], python_timed: bool) -> dict[str, Any]:
    """Medians per click kind: total, and its parts as far as the wrappers can tell."""
    out = {}
    for kind in KINDS:
        rows = runs[kind]
        parts = {
            "total": [r["ms"] for r in rows],
            "controller": [r["dom"]["controller"] for r in rows] if python_timed else None,
            "saved_json": [r["dom"]["saved"] for r in rows] if python_timed else None,
            "dom_write": [r["dom"]["write"] for r in rows],
            "scroll_into_view": [r["dom"]["scroll"] for r in rows],
            "local_storage": [r["dom"]["store"] for r in rows],
            "other": [r["ms"] - sum(r["dom"].values()) for r in rows],
            "style_layout_after": [r["layout_ms"] for r in rows],
        }
        out[kind] = {k: (statistics.median(v) if v is not None else None) for k, v in parts.items()}
        out[kind]["first"] = {k: (v[0] if v is not None else None) for k, v in parts.items()}
    return out


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def print_header(res: dict[str, Any]) -> None:
    print("")
    print("=" * 92)
    print(f"Vertigo benchmark — {res.get('browser', 'Chromium')} headless, PyScript {res['versions']['pyscript']}, "
          f"Pyodide {res['versions']['pyodide']}, {res['cpus']} CPUs   (measured: {', '.join(res['only'])})")
    print("=" * 92)


def print_load(res: dict[str, Any]) -> None:
    w = print
    loads = res["cold_load"]
    hello = loads["hello"]["median"]
    w(f"Cold load, navigation start -> body[data-ready=true]  ({loads['n']} loads each, interleaved, fresh context)")
    w(f"  {'page':<18}{'median':>10}{'min':>10}{'max':>10}  {'/ hello':>8}   {'wasm loaded':>12}{'stdlib':>9}"
      f"{'page files':>12}{'bytes':>12}")
    for name in LOAD_PAGES:
        s = loads[name]
        m = loads["marks_median"][name]
        fmt_m = lambda v: f"{v:9.0f}" if v is not None else f"{'-':>9}"  # noqa: E731
        w(f"  {LOAD_LABEL[name]:<18}{s['median']:8.0f}ms{s['best']:8.0f}ms{s['worst']:8.0f}ms"
          f"  {s['median'] / hello:8.3f}   {fmt_m(m['pyodide_wasm'])}ms{fmt_m(m['python_stdlib'])}ms"
          f"{fmt_m(m['page_files'])}ms"
          f"{loads['bytes_total'][name]:12,d}")
    w(f"  ratio app/hello = {loads['ratio']:.3f}   (paired median {loads['paired_ratio_median']:.3f}, fastest loads "
      f"{loads['min_ratio']:.3f})      goal ≤ {SNAPSHOT_TARGET_RATIO}   "
      f"{verdict(loads['ratio'] <= SNAPSHOT_TARGET_RATIO)}")
    w(f"  without the snapshot: app/hello = {loads['fresh_ratio']:.3f}   (paired median "
      f"{loads['fresh_paired_ratio_median']:.3f}; was ≤ {TARGET_RATIO:.2f} before the snapshot)")
    w("  repeat visit, service worker's cache, network off (in a browser profile, as a returning visitor's "
      "browser keeps one):")
    for name, label in (("app", LOAD_LABEL["app"]), ("app_fresh", LOAD_LABEL["app_fresh"]),
                        ("app_private", "app, private context (no compiled-code cache kept between visits)")):
        if name not in loads["warm_ms"]:
            continue
        wm = loads["warm_ms"][name]
        w(f"    {label}: ready {wm['median']:.0f} ms "
          f"(min {wm['best']:.0f}, max {wm['worst']:.0f}) = {loads['warm_to_hello'][name]:.3f} of the hello page's "
          f"cold ready, {loads['warm_to_cold'][name]:.3f} of its own cold ready")
    w(f"    goals: app ≤ {REPEAT_TARGET_RATIO} of hello cold "
      f"{verdict(loads['warm_to_hello']['app'] <= REPEAT_TARGET_RATIO)}, ≤ {WARM_GOAL_RATIO} of its own cold "
      f"{verdict(loads['warm_to_cold']['app'] <= WARM_GOAL_RATIO)}")
    snap = {k: v for k, v in loads["bytes"].get("app", {}).items() if k not in loads["bytes"].get("app_fresh", {})}
    ratio = loads["bytes_ratio"]
    w(f"  bytes of a cold load (gzip -6 where a host compresses): app {loads['bytes_total']['app']:,d}, without the "
      f"snapshot {loads['bytes_total']['app_fresh']:,d} = {ratio:.2f}x; the snapshot adds "
      f"{', '.join(f'{k} {v:,d}' for k, v in sorted(snap.items()))}      goal ≤ {BYTES_TARGET_RATIO}x   "
      f"{verdict((ratio or 0) <= BYTES_TARGET_RATIO)}")
    w("  one instrumented load each (PyScript hooks): interpreter ready -> page Python starts -> ready  (Python run)")
    rows = [("hello", res.get("hello_diagnostic", {}).get("marks"))]
    for key, label in (("four_shots", "app"), ("big_field", "app, cap field")):
        rows.append((label, res.get(key, {}).get("diagnostic", {}).get("marks")))
    for label, marks in rows:
        if not marks:
            continue
        if "python_starts" in marks and "interpreter_ready" in marks:
            w(f"    {label:<15}{marks['interpreter_ready']:7.0f} ms -> {marks['python_starts']:7.0f} ms"
              f" -> {marks['ready']:7.0f} ms"
              f"   ({marks['python_run_ms']:.0f} ms)")
        else:
            w(f"    {label:<15}hooks unavailable ({marks.get('hook_error', 'not called')})"
              f"; ready {marks['ready']:.0f} ms")


def print_clicks(res: dict[str, Any]) -> None:
    w = print
    w("Click -> updated SVG, in page: dispatchEvent -> handler returned (#view mutated); "
      "'+layout' adds a forced style+layout")
    w(f"  {'field':<16}{'click':<16}{'n':>4}{'median':>9}{'worst':>9}"
      f"{'first':>9}{'+layout med':>13}{'+layout worst':>15}")
    for key, title in (("four_shots", "The four shots"), ("big_field", "cap field")):
        c = res[key]["clicks"]
        for i, kind in enumerate((*KINDS, "all")):
            s = c[kind]
            first = f"{s['first']:7.1f}ms" if "first" in s else f"{'':9}"
            w(f"  {(title if i == 0 else ''):<16}{KIND_LABEL.get(kind, 'all clicks'):<16}{s['n']:>4}"
              f"{s['median']:7.1f}ms"
              f"{s['worst']:7.1f}ms{first}{s['with_layout']['median']:11.1f}ms{s['with_layout']['worst']:13.1f}ms")
    big = res["big_field"]["clicks"]["all"]
    w(f"  targets on the cap field: median ≤ {TARGET_MEDIAN_MS:g} ms   {big['median']:.1f} ms   "
      f"{verdict(big['median'] <= TARGET_MEDIAN_MS)}")
    w(f"                                    worst  ≤ {TARGET_WORST_MS:g} ms   {big['worst']:.1f} ms   "
      f"{verdict(big['worst'] <= TARGET_WORST_MS)}")
    if "diagnostic" not in res["big_field"]:
        return
    w("")
    w("Where a click goes (diagnostic pass: DOM calls and controller wrapped; medians, ms)")
    w(f"  {'field':<16}{'click':<16}{'total':>7}{'control.':>9}{'saved()':>9}{'DOM wr.':>9}{'scrollIV':>9}"
      f"{'setItem':>9}{'other':>7}{'+layout':>9}")
    for key, title in (("four_shots", "The four shots"), ("big_field", "cap field")):
        sp = res[key]["diagnostic"]["split"]
        for i, kind in enumerate(KINDS):
            s = sp[kind]
            f = lambda v: f"{v:9.2f}" if v is not None else f"{'-':>9}"  # noqa: E731
            w(f"  {(title if i == 0 else ''):<16}{KIND_LABEL[kind]:<16}{s['total']:7.2f}{f(s['controller'])}"
              f"{f(s['saved_json'])}"
              f"{f(s['dom_write'])}{f(s['scroll_into_view'])}{f(s['local_storage'])}{s['other']:7.2f}{f(s['style_layout_after'])}")
    first = res["big_field"]["diagnostic"]["split"]["enemy"]["first"]
    w(f"  {'':<16}{'(first of them)':<16}{first['total']:7.2f}"
      + "".join(f"{v:9.2f}" if v is not None else f"{'-':>9}" for v in (first["controller"], first["saved_json"],
                first["dom_write"], first["scroll_into_view"], first["local_storage"]))
      + f"{first['other']:7.2f}{first['style_layout_after']:9.2f}")
    w("  (control. = the controller method: rules, overlay SVG, panel HTML; saved() = table JSON for localStorage;"
      " other = event")
    w("   dispatch, Python<->JS calls and string conversion, the rest of apply())")
    cp = res["big_field"].get("cpython")
    if cp:
        w(f"  controller alone in CPython {cp['python']} (no DOM): "
          + ", ".join(f"{KIND_LABEL[k]} {cp['clicks_ms'][k]['median']:.2f}" for k in KINDS)
          + f"; saved() JSON {cp['saved_json_ms']['median']:.2f} ({cp['saved_json_chars'] // 1000} kB);"
          f" restore {cp['restore_ms']:.0f},"
          f" first render {cp['first_render_ms']:.0f} ({cp['svg_chars'] // 1000} kB SVG)")


PRINTERS = {"load": print_load, "clicks": print_clicks, "import": print_import, "actions": print_actions,
            "saved": print_saved, "levels": print_levels, "zoom": print_zoom}


def print_report(res: dict[str, Any]) -> None:
    """Every table of the sections that ran; a section that failed prints why."""
    print_header(res)
    for name in res["only"]:
        if name in res["errors"]:
            print(f"{SECTION_TITLE[name]}: NOT MEASURED — {res['errors'][name]}")
        else:
            try:
                PRINTERS[name](res)
            except Exception as e:  # a figure missing from a partial run must not hide the other tables
                print(f"{SECTION_TITLE[name]}: cannot print ({type(e).__name__}: {e})")
        print("")
    la0, la1 = res["loadavg_start"][0], res["loadavg_end"][0]
    busy = "  — the machine was busy, figures are noisy" if max(la0, la1) > 0.5 * (res["cpus"] or 1) else ""
    print(f"Load average (1 min) at start {la0:.1f}, at end {la1:.1f} on {res['cpus']} CPUs{busy}")
    print(f"Figures written to {RESULTS.relative_to(ROOT)}   (total {res['elapsed_s']:.0f} s)")


# --- main --------------------------------------------------------------------------------------------------------

SECTIONS = ("load", "clicks", "import", "actions", "saved", "levels", "paint", "zoom")
SECTION_TITLE = {"load": "Cold load", "clicks": "Clicks", "import": "Import time per KB",
                 "actions": "Actions at the caps", "saved": "Saved-table size", "levels": "Levels click -> panel",
                 "paint": "First paint and offline second visit", "zoom": "Click -> updated view at zoom 4x"}


def section_load(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """Cold loads of the app (Python from the build's snapshot, and with ``?snapshot=off``) and of the bare hello
    page, the bytes each transfers, a repeat visit of each app start from the service worker's cache with the
    network off, and one instrumented load of the hello page."""
    print(f"cold loads ({args.loads} of each page, after one discarded warm-up round)...", flush=True)
    hello_url = f"{url}{HELLO_DIR}/"
    urls = {"app": url, "app_fresh": url + SNAPSHOT_OFF, "hello": hello_url}
    cl = cold_loads(browser, urls, args.loads, Path(res["site"]), url)
    stats = {name: summary(cl["times_ms"][name]) for name in LOAD_PAGES}
    marks_median = {
        name: {k: (statistics.median([m[k] for m in cl["marks"][name] if m[k] is not None])
                   if any(m[k] is not None for m in cl["marks"][name]) else None)
               for k in ("core_js", "pyodide_wasm", "python_stdlib", "page_files")}
        for name in LOAD_PAGES
    }
    hello = stats["hello"]["median"]
    pairs = [x / y for x, y in zip(cl["times_ms"]["app"], cl["times_ms"]["hello"], strict=False)]
    fresh_pairs = [x / y for x, y in zip(cl["times_ms"]["app_fresh"], cl["times_ms"]["hello"], strict=False)]
    print(f"repeat visits from the service worker's cache, network off ({args.loads} of each start)...", flush=True)
    warm: dict[str, list[float]] = {"app": [], "app_fresh": [], "app_private": []}
    for r in range(args.loads):
        runs = [("app", "app", True), ("app_fresh", "app_fresh", True), ("app_private", "app", False)]
        for key, name, profile in (runs if r % 2 == 0 else runs[::-1]):
            warm[key].append(warm_offline(browser, urls[name], profile=profile)["ready"])
        print(f"  repeat visit {r + 1}/{args.loads}: app {warm['app'][-1]:7.0f} ms"
              f"   app, no snapshot {warm['app_fresh'][-1]:7.0f} ms"
              f"   app, private context {warm['app_private'][-1]:7.0f} ms", flush=True)
    total = {name: sum(cl["bytes"].get(name, {}).values()) for name in LOAD_PAGES}
    res["cold_load"] = {
        "n": args.loads, **stats, "ratio": stats["app"]["median"] / hello,
        "fresh_ratio": stats["app_fresh"]["median"] / hello,
        "paired_ratio_median": statistics.median(pairs), "fresh_paired_ratio_median": statistics.median(fresh_pairs),
        "min_ratio": stats["app"]["best"] / stats["hello"]["best"],
        "samples_ms": cl["times_ms"], "marks_median": marks_median, "marks": cl["marks"],
        "warm_ms": {name: summary(v) for name, v in warm.items()}, "warm_samples_ms": warm,
        "warm_to_hello": {name: statistics.median(v) / hello for name, v in warm.items()},
        "warm_to_cold": {name: statistics.median(v) / stats[name.replace("_private", "")]["median"]
                         for name, v in warm.items()},
        "bytes": cl["bytes"], "bytes_total": total,
        "bytes_ratio": total["app"] / total["app_fresh"] if total["app_fresh"] else None,
    }
    res.setdefault("verdicts", {}).update({
        "snapshot_ratio": verdict(res["cold_load"]["ratio"] <= SNAPSHOT_TARGET_RATIO),
        "repeat_visit": verdict(res["cold_load"]["warm_to_hello"]["app"] <= REPEAT_TARGET_RATIO),
        "bytes": verdict((res["cold_load"]["bytes_ratio"] or 0) <= BYTES_TARGET_RATIO)})
    context, page, _ = open_ready(browser, hello_url, "the hello page", (DIAG_PROBE, HOOK_PROBE))
    res["hello_diagnostic"] = {"marks": diag_marks(page)}
    context.close()


def section_clicks(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """Clicks on The four shots and on the generated field at the caps, their diagnostic passes, CPython."""
    print(f"clicks on The four shots ({args.reps} repetitions)...", flush=True)
    context, page, ready = open_ready(browser, url, "the app")
    page.evaluate(CLICK_HELPERS)
    counts = page.evaluate("window.__bench.counts()")
    if counts["title"] != "Side view: The four shots":
        raise BenchError(f"expected the default scenario The four shots, the page shows {counts['title']!r}")
    runs = run_clicks(page, [FOUR_SHOTS_PLAN] * args.reps, "The four shots")
    context.close()
    res["four_shots"] = {"ready_ms": ready, "counts": counts, "clicks": click_summary(runs)}

    doc = generate_field()
    text = saved_table(doc)
    plan = click_plan(doc, args.reps)
    seed_store = f"localStorage.setItem({json.dumps(STORE)}, {json.dumps(text)});"
    print(f"clicks on the generated field: {len(doc['sections'])} sections, {len(doc['borders'])} borders, "
          f"{len(doc['fighters'])} fighters, saved table {len(text) // 1000} kB ({args.reps} repetitions)...",
          flush=True)
    context, page, ready = open_ready(browser, url, "the app with the cap-field table", (seed_store,))
    page.evaluate(CLICK_HELPERS)
    counts = page.evaluate("window.__bench.counts()")
    if counts["sections"] != len(doc["sections"]) or counts["fighters"] != len(doc["fighters"]) or counts["error"]:
        raise BenchError(f"the generated table did not load as expected: {counts}")
    runs = run_clicks(page, plan, "generated field")
    context.close()
    res["big_field"] = {
        "ready_ms": ready, "counts": counts, "sections": len(doc["sections"]), "borders": len(doc["borders"]),
        "fighters": len(doc["fighters"]), "saved_table_chars": len(text), "plan": plan,
        "clicks": click_summary(runs),
    }
    big = res["big_field"]["clicks"]["all"]
    res.setdefault("verdicts", {}).update({
        "click_median_500": verdict(big["median"] <= TARGET_MEDIAN_MS),
        "click_worst_500": verdict(big["worst"] <= TARGET_WORST_MS),
    })

    n = min(args.split_reps, args.reps)
    print(f"diagnostic passes ({n} repetitions each, DOM calls and controller wrapped)...", flush=True)
    res["four_shots"]["diagnostic"] = diag_clicks(browser, url, "the app", [FOUR_SHOTS_PLAN] * n)
    res["big_field"]["diagnostic"] = diag_clicks(browser, url, "the app with the cap-field table", plan[:n],
                                                 (seed_store,))
    res["big_field"]["cpython"] = cpython_controller(text, plan)


# --- first paint and the offline second visit (issue 7) -----------------------------------------------------------

PAINT_GOAL_MS = 300.0
WARM_GOAL_RATIO = 0.6

# Installed before any page script: the first animation frame after the one in which #view first holds the
# battlefield (the pre-rendered <svg>, or the kept picture's <img> once decoded) — that frame has been painted
# by then — in ms since navigation start; and first-contentful-paint.
PAINT_PROBE = """
(() => {
  const seen = () => {
    const v = document.getElementById("view");
    if (!v) return false;
    const img = v.querySelector(":scope > img.side-view-picture");
    return !!v.querySelector(":scope > svg") || !!(img && img.complete && img.naturalWidth > 0);
  };
  let shown = false;
  const frame = () => {
    if (window.__benchPaint !== undefined) return;
    if (shown) { window.__benchPaint = performance.now(); return; }
    shown = seen();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""
FCP = "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null"


def paint_load(browser: Any, url: str, what: str) -> dict[str, float | None]:
    """One cold load (fresh context, no worker): battlefield painted, FCP and ready, ms since navigation."""
    context, page, ready = open_ready(browser, url, what, (PAINT_PROBE,))
    try:
        page.wait_for_function("window.__benchPaint !== undefined || !document.getElementById('view')",
                               timeout=READY_TIMEOUT_MS)
        paint = page.evaluate("window.__benchPaint ?? null")
        return {"ready": ready, "paint": paint, "fcp": page.evaluate(FCP)}
    finally:
        context.close()


def warm_offline(browser: Any, url: str, profile: bool = False) -> dict[str, float]:
    """A first visit with the service worker on (it precaches the build), then a second visit with the network
    off: ready (and battlefield painted) of that second visit, every file from the worker's cache.

    ``profile``: both visits in a browser profile kept on disk (a new, empty one), as a returning visitor's
    browser has. Otherwise in a fresh context, which Chromium keeps off the record like a private window: there
    it keeps no compiled code of the page's scripts between visits, so every visit compiles the runtime's
    JavaScript again."""
    where = tempfile.mkdtemp(prefix="vertigo-bench-profile-") if profile else None
    if where is not None:
        kwargs: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS, "viewport": VIEWPORT,
                                  "service_workers": "allow"}
        if os.path.exists(CHROMIUM):
            kwargs["executable_path"] = CHROMIUM
        context = browser.browser_type.launch_persistent_context(where, **kwargs)
    else:
        context = browser.new_context(viewport=VIEWPORT, service_workers="allow")
    try:
        context.add_init_script(READY_PROBE)
        context.add_init_script(PAINT_PROBE)
        page = context.new_page()
        page.goto(url, wait_until="commit", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("window.__benchReady !== undefined", timeout=READY_TIMEOUT_MS, polling=50)
        page.evaluate("""navigator.serviceWorker.ready.then(r => r.active.state === 'activated' ? 1 : new Promise(
            done => r.active.addEventListener('statechange', e => e.target.state === 'activated' && done(1))))""")
        page.close()
        context.set_offline(True)
        page = context.new_page()
        page.goto(url, wait_until="commit", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("window.__benchReady !== undefined", timeout=READY_TIMEOUT_MS, polling=50)
        if not page.evaluate("!!navigator.serviceWorker.controller"):
            raise BenchError("the second visit was not served by the service worker")
        return {"ready": float(page.evaluate("window.__benchReady")),
                "paint": page.evaluate("window.__benchPaint ?? null")}
    finally:
        context.close()
        if where is not None:
            shutil.rmtree(where, ignore_errors=True)


def section_paint(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """Cold first paint of the battlefield, app vs hello ready, and the warm offline second visit."""
    hello_url = url + HELLO_DIR + "/"
    cold: dict[str, list[dict[str, Any]]] = {"app": [], "hello": []}
    warm: list[dict[str, float]] = []      # in a browser profile, as a returning visitor's browser keeps one
    private: list[dict[str, float]] = []   # in a private (off-the-record) context: no compiled-code cache
    for r in range(-1, args.loads):                       # round -1: warm-up, discarded
        order = ("app", "hello") if r % 2 == 0 else ("hello", "app")
        row = {name: paint_load(browser, url if name == "app" else hello_url, f"the {name} page") for name in order}
        w = warm_offline(browser, url, profile=True)
        wp = warm_offline(browser, url)
        if r >= 0:
            for name in order:
                cold[name].append(row[name])
            warm.append(w)
            private.append(wp)
            print(f"  paint round {r + 1}/{args.loads}: app painted {row['app']['paint']:6.0f} ms, ready "
                  f"{row['app']['ready']:6.0f} ms   hello ready {row['hello']['ready']:6.0f} ms   "
                  f"offline second visit ready {w['ready']:6.0f} ms (private context {wp['ready']:6.0f} ms)",
                  flush=True)
    med = lambda rows, k: statistics.median(x[k] for x in rows if x[k] is not None)  # noqa: E731
    app_ready, hello_ready = med(cold["app"], "ready"), med(cold["hello"], "ready")
    paint = med(cold["app"], "paint")
    res["paint"] = {
        "n": args.loads, "samples": {"cold": cold, "warm_offline": warm, "warm_offline_private": private},
        "cold_paint_ms": paint, "cold_fcp_ms": med(cold["app"], "fcp"), "cold_paint_worst_ms":
            max(x["paint"] for x in cold["app"]),
        "app_ready_ms": app_ready, "hello_ready_ms": hello_ready, "ready_ratio": app_ready / hello_ready,
        "paint_to_ready": paint / app_ready, "warm_ready_ms": med(warm, "ready"), "warm_paint_ms": med(warm, "paint"),
        "warm_to_cold": med(warm, "ready") / app_ready,
        "private_ready_ms": med(private, "ready"), "private_to_cold": med(private, "ready") / app_ready,
    }
    res.setdefault("verdicts", {}).update({"first_paint": verdict(paint <= PAINT_GOAL_MS),
                                           "warm_offline": verdict(res["paint"]["warm_to_cold"] <= WARM_GOAL_RATIO)})


def print_paint(res: dict[str, Any]) -> None:
    p = res["paint"]
    w = print
    w(f"First paint and the offline second visit  ({p['n']} rounds, interleaved, fresh contexts)")
    w(f"  cold: battlefield painted {p['cold_paint_ms']:.0f} ms median (worst {p['cold_paint_worst_ms']:.0f}; "
      f"first contentful paint {p['cold_fcp_ms']:.0f}) = {p['paint_to_ready']:.3f} of ready"
      f"      goal ≤ {PAINT_GOAL_MS:.0f} ms   {verdict(p['cold_paint_ms'] <= PAINT_GOAL_MS)}")
    w(f"  cold: ready, app {p['app_ready_ms']:.0f} ms / bare PyScript page {p['hello_ready_ms']:.0f} ms = "
      f"{p['ready_ratio']:.3f}   (app − hello = {p['app_ready_ms'] - p['hello_ready_ms']:.0f} ms; must not grow)")
    w(f"  warm, network off, from the service worker, in a browser profile: ready {p['warm_ready_ms']:.0f} ms "
      f"(battlefield painted {p['warm_paint_ms']:.0f} ms) = {p['warm_to_cold']:.3f} of the cold ready"
      f"      goal ≤ {WARM_GOAL_RATIO}   {verdict(p['warm_to_cold'] <= WARM_GOAL_RATIO)}")
    if "private_ready_ms" in p:
        w(f"  the same in a private context (no compiled-code cache between visits): ready "
          f"{p['private_ready_ms']:.0f} ms = {p['private_to_cold']:.3f} of the cold ready")


PRINTERS["paint"] = print_paint
RUNNERS = {"load": section_load, "clicks": section_clicks, "import": section_import, "actions": section_actions,
           "saved": section_saved, "levels": section_levels, "paint": section_paint, "zoom": section_zoom}


def parse_only(text: str) -> tuple[str, ...]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in SECTIONS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"--only takes a comma-separated list of {', '.join(SECTIONS)}: {text!r}")
    return tuple(n for n in SECTIONS if n in names)       # always in the usual order


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", type=parse_only, default=SECTIONS,
                        help=f"measurements to run, comma-separated (default all: {','.join(SECTIONS)})")
    parser.add_argument("--loads", type=int, default=5, help="load: cold loads of each page (default 5)")
    parser.add_argument("--reps", type=int, default=30, help="clicks: repetitions of each click kind (default 30)")
    parser.add_argument("--split-reps", type=int, default=12,
                        help="clicks: repetitions in the diagnostic pass (default 12)")
    parser.add_argument("--action-reps", type=int, default=ACTION_REPS,
                        help=f"actions: repetitions of the action round"
                              f" on each cap battlefield (default {ACTION_REPS})")
    parser.add_argument("--action-budget", type=float, default=ACTION_BUDGET_S,
                        help="actions: seconds of repetitions per battlefield; later repetitions are left out once "
                             f"it is spent (default {ACTION_BUDGET_S:g}; at least {ACTION_MIN_REPS} run)")
    parser.add_argument("--saved-moves", default=",".join(map(str, SAVED_CHECKPOINTS)),
                        help="saved: after how many confirmed moves to read the stored sizes (default "
                             f"{','.join(map(str, SAVED_CHECKPOINTS))})")
    parser.add_argument("--saved-budget", type=float, default=SAVED_BUDGET_S,
                        help=f"saved: seconds of moves per battlefield"
                              f" before it stops early (default {SAVED_BUDGET_S:g})")
    parser.add_argument("--import-skip", type=float, default=IMPORT_SKIP_S,
                        help="import: once one size of a kind takes longer than this many seconds, larger sizes "
                             f"of that kind are skipped (default {IMPORT_SKIP_S:g})")
    parser.add_argument("--site", default=str(BENCH_SITE),
                        help="folder to build the site in (default bench-results/_site"
                              "; the hello page goes in its bench-hello/)")
    args = parser.parse_args(argv)
    try:
        args.saved_moves = sorted({int(x) for x in args.saved_moves.split(",") if x.strip()})
    except ValueError:
        parser.error(f"--saved-moves takes whole numbers separated by commas: {args.saved_moves!r}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench: Playwright is missing; run with the project's venv:"
              " .venv/bin/python tools/bench.py", file=sys.stderr)
        return 1

    started = time.perf_counter()
    site_mod = load_site_module()
    print("building the site...", flush=True)
    try:
        site = build_site(site_mod, Path(args.site).resolve())
    except BenchError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1
    server, url = site_mod.serve_in_thread(site)
    print(f"serving {site} at {url}", flush=True)
    res: dict[str, Any] = {"versions": versions(), "cpus": os.cpu_count(), "url": url, "site": str(site),
                           "reps": args.reps,
                           "only": list(args.only), "errors": {}, "loadavg_start": os.getloadavg(),
                           "targets": {"ready_ratio_max": TARGET_RATIO, "click_median_ms_max": TARGET_MEDIAN_MS,
                                       "click_worst_ms_max": TARGET_WORST_MS, "action_ms_max": ACTION_GOAL_MS}}
    try:
        with sync_playwright() as pw:
            for name in args.only:
                t = time.perf_counter()
                browser = None
                try:
                    browser = launch(pw)        # one browser per measurement: a crash stays in its measurement
                    res["browser"] = f"Chromium {browser.version}"
                    RUNNERS[name](browser, url, args, res)
                except Exception as e:  # BenchError, Playwright errors, bugs: say why and go on with the next
                    why = str(e) if isinstance(e, BenchError) else f"{type(e).__name__}: {e}"
                    res["errors"][name] = why.strip().splitlines()[0][:400] if why.strip() else type(e).__name__
                    print(f"bench: {SECTION_TITLE[name]} failed: {why}", file=sys.stderr, flush=True)
                finally:
                    if browser is not None:
                        with contextlib.suppress(Exception):  # already gone with a crash
                            browser.close()
                res.setdefault("section_s", {})[name] = time.perf_counter() - t
    finally:
        server.shutdown()
        server.server_close()

    if "cold_load" in res:
        res.setdefault("verdicts", {})["ready_ratio"] = verdict(res["cold_load"]["fresh_ratio"] <= TARGET_RATIO)
    res["elapsed_s"] = time.perf_counter() - started
    res["loadavg_end"] = os.getloadavg()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(res, indent=1, default=str) + "\n")
    print_report(res)
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
