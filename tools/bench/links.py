"""Share links: how long a shared link takes from opening to the table in play, against a plain load.

links
    cold loads (a fresh context each, no cache, no service worker) of the app at a share link, interleaved with
    cold loads of the app with no fragment, after one discarded warm-up round: navigation start -> ready
    (``body[data-ready=true]``), ready -> the question "Open a shared table?" on show (``#link-offer[open]``:
    the sharing code imported after ready, the link read and checked, the table built), and the click on
    **Open the shared table** -> its battlefield drawn (the status line says "Opened from a link").  The link
    total is navigation -> offer + click -> drawn (the time the referee takes to answer left out).  Three links:
    a bundled battlefield's short link (The cliff after the goat's fall), a full link of the largest bundled
    battlefield (Ruined street, 1.6 k characters) and a full link near the 8,000-character cap.  What sets the
    floor under ready -> asked, each round: how long after ready a task queued at ready runs in a plain load (the
    page's own work then), and the link's Python in a ready page with no link, split into its imports, reading
    the bundled files, and reading, checking and building the table.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from typing import Any

from .common import HOOK_PROBE, READY_TIMEOUT_MS, ROOT, BenchError, open_ready, summary

LINK_LOADS = 7
"""Cold loads of each link (and as many plain loads, interleaved)."""


def _links() -> dict[str, str]:
    """The links measured, by name: each ``#v1=…`` fragment, made by the core's own codec."""
    sys.path.insert(0, str(ROOT / "py"))
    from vertigo import scenario as scenario_mod
    from vertigo import share
    from vertigo.rules.height.rules import play
    from vertigo.table import Table

    folder = ROOT / "static" / "scenarios"
    cliff_text = (folder / "cliff.json").read_text(encoding="utf-8")
    cliff = Table.start(scenario_mod.loads(cliff_text))
    cliff, _ = cliff.move("goat", play.move_verdict(cliff, "goat", 0, "cliff-foot"))
    street = Table.start(scenario_mod.loads((folder / "ruined-street.json").read_text(encoding="utf-8")))
    doc = json.loads(cliff_text)
    r = random.Random(27)
    base = doc["sections"][2]
    n = 0
    while True:  # sections with names no compression shortens, up to just under the cap
        more = {**doc, "sections": [*doc["sections"], *({**base, "id": f"s{i}", "x": [1000 + 10 * i, 1010 + 10 * i],
                                                          "name": "".join(r.choice("abcdefghijklmnopqrstuvwxyz")
                                                                          for _ in range(40))}
                                                         for i in range(n, n + 10))]}
        try:
            near = share.fragment(share.full_payload(Table.start(scenario_mod.load(more))))
        except Exception:
            break
        doc, n, last = more, n + 10, near
    return {"bundled, short (The cliff)": share.link_for(cliff, ("cliff.json", cliff_text)),
            "full (Ruined street)": share.link_for(street, None),
            "full, near the cap": last}


ASKED_PROBE = """
(() => {
  new MutationObserver((_, o) => {
    const d = document.getElementById("link-offer");
    if (d && d.open && window.__benchAsked === undefined) { window.__benchAsked = performance.now(); o.disconnect(); }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["open"]});
})();
"""
"""Installed before the page's scripts: ``performance.now()`` when the question "Open a shared table?" opens, taken
in the mutation callback of that moment (not after a round trip to the driver)."""


def _open_link(browser: Any, url: str, fragment: str) -> dict[str, float]:
    """One cold load at a link: ready, offer on show, and the click on Open -> the table drawn (ms)."""
    context, page, ready = open_ready(browser, url + fragment, "the app at a share link", (ASKED_PROBE,))
    try:
        page.wait_for_function("window.__benchAsked !== undefined", timeout=READY_TIMEOUT_MS, polling=50)
        offer = float(page.evaluate("window.__benchAsked"))
        start = float(page.evaluate("""() => new Promise(done => {
          const t = performance.now();
          new MutationObserver((_, o) => {
            if (document.getElementById("status").textContent.includes("Opened from a link")) {
              o.disconnect(); done(performance.now() - t);
            }
          }).observe(document.getElementById("status"), {childList: true, characterData: true, subtree: true});
          document.getElementById("link-open").click();
        })"""))
    finally:
        context.close()
    return {"ready_ms": ready, "offer_ms": offer, "after_ready_ms": offer - ready, "open_ms": start,
            "link_total_ms": offer + start}


AFTER_READY_PROBE = """
(() => {
  new MutationObserver((_, o) => {
    if (document.body && document.body.dataset.ready === "true") {
      o.disconnect();
      const t = performance.now();
      setTimeout(() => { window.__benchAfterReady = performance.now() - t; }, 0);
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
})();
"""
"""Installed in the plain loads: how long after ready a task queued at ready runs (the page's own work then, which a
link's question waits behind: the floor under ready -> asked)."""

SPLIT = """
import time
t0 = time.perf_counter()
import vertigo.share
t1 = time.perf_counter()
import app_share
t2 = time.perf_counter()
from vertigo_page import sharing
files = app_share._bundled_files()
t3 = time.perf_counter()
sharing.offer(FRAGMENT, files, __import__("app").ctl.table)
t4 = time.perf_counter()
f"{(t1 - t0) * 1000} {(t2 - t1) * 1000} {(t3 - t2) * 1000} {(t4 - t3) * 1000}"
"""
"""Run in a ready page with no link (through PyScript's interpreter, ``HOOK_PROBE``): a link's Python, split into
importing ``vertigo.share``, the rest of sharing's modules, reading the bundled files, and reading, checking and
building the table (ms; the imports the first in the tab, as a link's are)."""


def _split(browser: Any, url: str, fragment: str) -> list[float]:
    context, page, _ready = open_ready(browser, url, "the app", (HOOK_PROBE,))
    try:
        page.wait_for_function("window.__benchPy !== undefined", timeout=READY_TIMEOUT_MS)
        code = SPLIT.replace("FRAGMENT", repr(fragment))
        return [float(x) for x in page.evaluate("code => window.__benchPy.runPython(code)", code).split()]
    finally:
        context.close()


def section_links(browser: Any, url: str, args: Any, res: dict[str, Any]) -> None:
    """Cold loads at each link, interleaved with plain cold loads (see the module's docstring)."""
    links = _links()
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in links}
    plain: list[float] = []
    after_ready: list[float] = []
    splits: list[list[float]] = []
    first = next(iter(links.values()))
    for round_ in range(LINK_LOADS + 1):
        for name, fragment in links.items():
            got = _open_link(browser, url, fragment)
            if round_:
                rows[name].append(got)
        context, page, ready = open_ready(browser, url, "the app", (AFTER_READY_PROBE,))
        try:
            page.wait_for_function("window.__benchAfterReady !== undefined", timeout=READY_TIMEOUT_MS)
            waited = float(page.evaluate("window.__benchAfterReady"))
        finally:
            context.close()
        split = _split(browser, url, first)
        if round_:
            plain.append(ready)
            after_ready.append(waited)
            splits.append(split)
    if not plain:
        raise BenchError("no load measured")
    parts = ("import vertigo.share", "import the rest of sharing", "read the bundled files", "read, check, build")
    res["links"] = {"plain_ready": summary(plain), "after_ready": summary(after_ready),
                    "python": {p: summary([sp[i] for sp in splits]) for i, p in enumerate(parts)},
                    "lengths": {n: len(f) for n, f in links.items()},
                    "links": {n: {k: summary([r[k] for r in rs]) for k in rs[0]} for n, rs in rows.items()}}


def print_links(res: dict[str, Any]) -> None:
    got = res.get("links")
    if not got:
        return
    print(f"  plain cold load -> ready: median {got['plain_ready']['median']:.0f} ms (n={got['plain_ready']['n']}); "
          f"a task queued at ready runs {got['after_ready']['median']:.0f} ms later")
    print("  a link's Python, first in the tab (median ms): " + ", ".join(
        f"{name} {row['median']:.1f}" for name, row in got["python"].items()))
    for name, row in got["links"].items():
        print(f"  {name}, {got['lengths'][name]:,} characters: ready {row['ready_ms']['median']:.0f} ms, "
              f"ready -> asked {row['after_ready_ms']['median']:.0f} ms, Open -> drawn {row['open_ms']['median']:.0f}"
              f" ms; link total {row['link_total_ms']['median']:.0f} ms "
              f"(+{row['link_total_ms']['median'] - statistics.median([got['plain_ready']['median']]):.0f} ms "
              f"over a plain load)")
