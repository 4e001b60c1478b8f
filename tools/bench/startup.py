"""Start-up: how long the page takes to become ready and to paint the battlefield, cold and on a repeat
visit, against the bare PyScript hello page, and the bytes a cold load transfers.

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
paint
    cold loads of the app and the hello page (fresh context, no service worker), interleaved: when the
    battlefield is first painted (the animation frame after the one in which ``#view`` first holds it) and
    first-contentful-paint, as ms and as a share of ready, and app vs hello ready; then, each round, a
    first visit with the service worker on and a second visit with the network off
    (``context.set_offline``), in a browser profile and in a private context as under load: its ready
    against the cold ready (goal <= 0.6).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from .common import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DIAG_PROBE,
    HELLO_DIR,
    HOOK_PROBE,
    READY_PROBE,
    READY_TIMEOUT_MS,
    VIEWPORT,
    BenchError,
    diag_marks,
    open_ready,
    summary,
    verdict,
)

TARGET_RATIO = 1.10
SNAPSHOT_TARGET_RATIO = 0.5
"""Issue 8: cold ready of the app (Python from the build's snapshot) / the bare PyScript page's, same run."""
REPEAT_TARGET_RATIO = 0.3
"""Issue 8: a repeat visit from the service worker's cache / the bare page's cold ready."""
BYTES_TARGET_RATIO = 2.0
"""Issue 8: bytes of a cold load with the snapshot / without it."""


# --- cold loads -----------------------------------------------------------------------------------------

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
