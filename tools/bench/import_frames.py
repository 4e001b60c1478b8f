"""How long an import of the largest battlefields the caps allow holds the page, step by step (issue 22).

    python3 -m tools.bench.import_frames [--site DIR] [--reps N]

Builds the site (or uses ``--site``, such as an older build), writes the two cap battlefields of
``caps.cap_battlefields`` (R3 cut to the caps, the worst-case grid) and the largest valid document
(``caps.sized_document`` at the document limit), and imports each through the page's file input, on a fresh
page and then again on the same page.  Prints, per import: the wall time from choosing the file to the
"Imported" status, the page's own measures (``vertigo import: …``, one per step, where the page has them), and
the long tasks (over 50 ms) the browser saw meanwhile, the longest first: a long task is a frame the page
could not draw.  Run beside nothing else: two cores.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from .caps import WORK_DIR, cap_battlefields, document_limit, read_limits, sized_document
from .common import CHROMIUM, CHROMIUM_ARGS, ROOT

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__longTasks.push([e.startTime, e.duration]); }).observe({type: "longtask", buffered: true});
"""


def _import(page: Any, path: Path) -> dict[str, Any]:
    page.evaluate("() => { window.__longTasks.length = 0; performance.clearMeasures(); window.__t0 = performance.now();"
                  " document.querySelector('#status').textContent = ''; }")
    t0 = time.perf_counter()
    page.set_input_files("#import-file", str(path))
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Imported')"
                           " || !document.querySelector('#error').hidden", timeout=120_000, polling=20)
    wall = (time.perf_counter() - t0) * 1000
    page.wait_for_timeout(1500)  # the view's fit and labels pass, and any save, run in the frames after
    out = page.evaluate("""() => ({
      measures: performance.getEntriesByType('measure').filter((m) => m.name.startsWith('vertigo import'))
        .map((m) => [m.name, Math.round(m.duration), Math.round(m.startTime - window.__t0)]),
      long: window.__longTasks.filter(([s]) => s >= window.__t0).map(([, d]) => Math.round(d)),
      timeline: window.__longTasks.filter(([s]) => s >= window.__t0)
        .map(([s, d]) => [Math.round(s - window.__t0), Math.round(d)]),
      status: document.querySelector('#status').textContent.slice(0, 80),
      error: document.querySelector('#error').hidden ? ''
        : document.querySelector('#error').textContent.slice(0, 200)})""")
    out["wall_ms"] = round(wall)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build _site/ now)")
    parser.add_argument("--reps", type=int, default=2, help="imports per fresh page (default 2)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from playwright.sync_api import sync_playwright

    from harness import load_site_tool

    tool = load_site_tool()
    site = args.site or tool.build()
    server, url = tool.serve_in_thread(site)
    lim = read_limits()
    name, limit = document_limit(lim)
    files = [(b["name"], b["path"]) for b in cap_battlefields(lim, limit) if "path" in b]
    text, note = sized_document(lim, limit)
    largest = WORK_DIR / "largest.json"
    largest.write_text(text, encoding="utf-8")
    files.append((f"largest document ({name} = {limit:,} chars: {note})", largest))
    results: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for label, path in files:
                ctx = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
                ctx.add_init_script(LONG_TASKS)
                page = ctx.new_page()
                page.goto(url)
                page.wait_for_selector("body[data-ready='true']", timeout=120_000)
                rows = []
                for rep in range(args.reps):
                    r = _import(page, path)
                    rows.append(r)
                    print(f"{label} — {'fresh page' if rep == 0 else f'import {rep + 1}'}: wall {r['wall_ms']} ms; "
                          f"long tasks {sorted(r['long'], reverse=True)} ms; steps {r['measures']}; "
                          f"long tasks at [start, ms] {r['timeline']}"
                          + (f"; ERROR {r['error']}" if r["error"] else ""), flush=True)
                results[label] = rows
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
    out = ROOT / "bench-results" / "import_frames.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
