"""Click -> updated view, zoomed in: a real click on a fighter's token on the levels bench's 500-section
battlefield with the view zoomed 4x, timed in the page to the end of the frame that shows it.

zoom
    click -> painted view on the 500-section feet battlefield of ``levels`` (built in memory, past the cap a
    document may have), 50 fighters, put in play through the page's controller: with one fighter selected, a
    real click (Playwright's mouse, a trusted event) on another fighter's token, the view zoomed 4x about that
    token; timed in the page from the click event's timeStamp to the end of the frame that shows the result,
    and its parts: the wait for the handler, the handler (the page's Python and its DOM writes),
    ``static/view.js``'s refresh and the labels' level of detail; then the side panel, painted a frame later.
    Median and worst over ``--reps`` clicks (a pair whose token lies wholly under a neighbour's is skipped);
    goal: median <= 16 ms.
"""

from __future__ import annotations

import argparse
from typing import Any

from .common import BenchError, summary, verdict
from .importing import open_python_page
from .levels import FEET_FIELD

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
                            wait: mark.in - mark.t0, lod: v.lodMs, taps: v.tapMs,
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
           "taps_ms": [c["taps"] for c in clicks if c.get("taps") is not None],
           "refresh_ms": [c["refreshed"] for c in clicks if c["refreshed"] is not None], "scale": scale,
           "labels": labels[0], "shown": labels[1], "hidden_tokens": hidden}
    for key in ("view", "panel", "python_dom", "lod", "wait", "refresh", "taps"):
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
                      ("lod", "  labels' level of detail"), ("taps", "    of which the tap squares"),
                      ("panel", "click -> side panel painted")):
        print(f"  {what:<28} {r[key]['n']:>6} {r[key]['median']:>10.2f} {r[key]['worst']:>9.2f}")
    if r.get("hidden_tokens"):
        print(f"  {r['hidden_tokens']} pairs skipped: the second token wholly under a neighbour's at this zoom")
    print(f"  labels: {r['shown']} shown of {r['labels']}; goal met: {res['verdicts']['zoom_click']}")
