"""Clicks: how long a click in the page takes, from the event to the handler's return, on the default
scenario and on a generated battlefield at the section cap, where that time goes, and the same clicks on the
controller in CPython.

clicks
    times clicks in the page, from ``dispatchEvent`` to the handler's return (the handlers run
    synchronously on the main thread; a MutationObserver on ``#view`` confirms the SVG changed, and the
    overlay is checked for the expected mark), then a forced style + layout: on "The four shots" and
    on a generated battlefield at the section cap (250 sections, 50 fighters) put in localStorage before the page loads.
    Diagnostic passes (separate page loads, never the timed ones) wrap DOM calls and the controller so
    a click splits into controller, saved() JSON, DOM writes, scrollIntoView, localStorage.setItem and
    the rest, and PyScript's hooks tell when the interpreter was ready and the page's Python started;
    plus the same clicks on the controller in this CPython.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from functools import partial
from typing import Any

from .caps import click_plan, generate_field, saved_table
from .common import DIAG_PROBE, HOOK_PROBE, ROOT, STORE, BenchError, diag_marks, open_ready, summary, verdict

TARGET_MEDIAN_MS = 16.0
TARGET_WORST_MS = 50.0

KINDS = ("select", "section", "enemy")
KIND_LABEL = {"select": "select fighter", "section": "judge a move", "enemy": "check shots"}


# --- in-page probes ---------------------------------------------------------------------------------

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


FOUR_SHOTS_PLAN = ("shooter-1", "terrace-mid", "target-1")


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


# --- figures ---------------------------------------------------------------------------------------------------

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


# --- the section -------------------------------------------------------------------------------------------

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
