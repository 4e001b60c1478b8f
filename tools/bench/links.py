"""Share links: how long a shared link takes from opening to the table in play, against a plain load.

links
    cold loads (a fresh context each, no cache, no service worker) of the app at a share link, interleaved with
    cold loads of the app with no fragment, after one discarded warm-up round: navigation start -> ready
    (``body[data-ready=true]``), ready -> the question "Open a shared table?" on show (``#link-offer[open]``:
    the sharing code imported after ready, the link read and checked, the table built), and the click on
    **Open the shared table** -> its battlefield drawn (the status line says "Opened from a link").  The link
    total is navigation -> offer + click -> drawn (the time the referee takes to answer left out).  Three links:
    a bundled battlefield's short link (The cliff after the goat's fall), a full link of the largest bundled
    battlefield (Ruined street, 1.6 k characters) and a full link near the 8,000-character cap.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from typing import Any

from .common import READY_TIMEOUT_MS, ROOT, BenchError, open_ready, summary

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


def _open_link(browser: Any, url: str, fragment: str) -> dict[str, float]:
    """One cold load at a link: ready, offer on show, and the click on Open -> the table drawn (ms)."""
    context, page, ready = open_ready(browser, url + fragment, "the app at a share link")
    try:
        page.wait_for_selector("#link-offer[open]", timeout=READY_TIMEOUT_MS)
        offer = float(page.evaluate("performance.now()"))
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


def section_links(browser: Any, url: str, args: Any, res: dict[str, Any]) -> None:
    """Cold loads at each link, interleaved with plain cold loads (see the module's docstring)."""
    links = _links()
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in links}
    plain: list[float] = []
    for round_ in range(LINK_LOADS + 1):
        for name, fragment in links.items():
            got = _open_link(browser, url, fragment)
            if round_:
                rows[name].append(got)
        context, _page, ready = open_ready(browser, url, "the app")
        context.close()
        if round_:
            plain.append(ready)
    if not plain:
        raise BenchError("no load measured")
    res["links"] = {"plain_ready": summary(plain), "lengths": {n: len(f) for n, f in links.items()},
                    "links": {n: {k: summary([r[k] for r in rs]) for k in rs[0]} for n, rs in rows.items()}}


def print_links(res: dict[str, Any]) -> None:
    got = res.get("links")
    if not got:
        return
    print(f"  plain cold load -> ready: median {got['plain_ready']['median']:.0f} ms (n={got['plain_ready']['n']})")
    for name, row in got["links"].items():
        print(f"  {name}, {got['lengths'][name]:,} characters: ready {row['ready_ms']['median']:.0f} ms, "
              f"ready -> asked {row['after_ready_ms']['median']:.0f} ms, Open -> drawn {row['open_ms']['median']:.0f}"
              f" ms; link total {row['link_total_ms']['median']:.0f} ms "
              f"(+{row['link_total_ms']['median'] - statistics.median([got['plain_ready']['median']]):.0f} ms "
              f"over a plain load)")
