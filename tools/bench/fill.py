"""The side view at its fit on every bundled battlefield at five window sizes: how much of its box the
battlefield fills, the smallest tap region of any section or fighter, the smallest label and the labels that
overlap (issue 22).  It prints figures; the e2e tests check the same rules.

fill
    for each window size (360x740, 390x844, 1280x800, 1920x1080, 2560x1440), one fresh page and one
    ``page.evaluate`` that loads each bundled battlefield in turn (the picker and Load, as a referee would),
    waits two frames and measures, in CSS px:
    - fill: the band from the lowest surface's line 8 px down to the top of the highest name shown (a
      fighter's or a section's), clipped to the view, divided by the view's height (goal >= 0.70 on every
      Height battlefield);
    - tap: for every section and fighter, the side of the largest square (24, 20, 16, 12, 8 or 4 px) in which
      every point (a 5x5 grid) hit-tests to it (a section's tap region counts as the section), searched
      around its token (every px up to 6 across, every 2 up to 4 up), its tap region and over its drawn body;
      the smallest over the battlefield, with its id (goal >= 24).  A piece off screen at the fit (a battlefield
      wider than the window starts at its left end) is measured with the view dragged to it, a window at a time;
      ``off`` lists any still not reached;
    - labels: the smallest rendered text of a name, tag, badge or axis number (goal >= 11 px) and the pairs of
      shown labels whose boxes overlap by more than 10 % of the smaller (goal 0).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .common import READY_PROBE, READY_TIMEOUT_MS, ROOT, BenchError, verdict

SIZES = ((360, 740), (390, 844), (1280, 800), (1920, 1080), (2560, 1440))
FILL_GOAL = 0.70
TAP_GOAL = 24.0

MEASURE_ALL = r"""async (titles) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const out = [];
  for (const title of titles) {
    const picker = document.getElementById("scenario");
    const option = [...picker.options].find((o) => o.text === title);
    picker.value = option.value;
    picker.dispatchEvent(new Event("change", {bubbles: true}));
    document.getElementById("load").click();
    for (let i = 0; i < 200; i++) {
      const t = document.querySelector("#view svg title");
      if (t && t.textContent.endsWith(title) && document.querySelector("#view svg #fighters")) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await settled();
    const row = measure(title);
    // A battlefield wider than its fit (a rooftop chase on a phone) starts at its left end, the rest off screen:
    // each piece off screen there is measured where a referee finds it, the view dragged along a window at a time.
    const pz = window.vertigoView && window.vertigoView.panzoom();
    for (let step = 0; row.off.length && pz && step < 12; step++) {
      const w = document.getElementById("view").getBoundingClientRect().width;
      const before = document.querySelector("#view svg #terrain").getBoundingClientRect().left;
      pz.pan(-w * 0.6 / pz.getScale(), 0, {relative: true, animate: false});
      await settled();
      if (document.querySelector("#view svg #terrain").getBoundingClientRect().left === before) break;
      const again = measure(title);
      for (const t of again.taps) {
        const kept = row.taps.find((k) => k.id === t.id);
        if (kept && t.px > kept.px) kept.px = t.px;
      }
      row.off = row.off.filter((id) => again.off.includes(id));
    }
    row.tap = Math.min(...row.taps.map((t) => t.px));
    row.tap_id = (row.taps.find((t) => t.px === row.tap) || {id: ""}).id;
    row.small = row.taps.filter((t) => t.px < 24).map((t) => `${t.id} ${t.px}`);
    delete row.taps;
    out.push(row);
  }
  return out;

  async function settled() {
    // No pass of static/view.js for three frames running.
    for (let quiet = 0, seen = -1, i = 0; quiet < 3 && i < 120; i++) {
      await frame();
      const n = window.vertigoView ? window.vertigoView.refreshes : 0;
      quiet = n === seen ? quiet + 1 : 0;
      seen = n;
    }
  }

  function measure(title) {
    const svg = document.querySelector("#view svg.side-view"), view = document.getElementById("view");
    const a = view.getBoundingClientRect();
    const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 &&
      getComputedStyle(el).visibility === "visible" && !el.closest(".lod-off, .off"); };
    // Fill: the lowest surface 8 px down to the top of the highest name on show.
    const surfaces = [...svg.querySelectorAll("#terrain .surface")].map((e) => e.getBoundingClientRect());
    const lowest = Math.max(...surfaces.map((r) => (r.top + r.bottom) / 2));
    const names = [...svg.querySelectorAll("#fighters .token-name, #labels .section-name")].filter(shown)
      .map((e) => e.getBoundingClientRect().top);
    const top = Math.max(a.top, Math.min(...names, ...surfaces.map((r) => r.top)));
    const fill = (Math.min(a.bottom, lowest + 8) - top) / a.height;
    // Tap regions.
    const owner = (x, y) => {
      const e = document.elementFromPoint(x, y);
      const t = e && e.closest && e.closest("#view [data-fighter], #view [data-section]");
      if (!t || t.closest("#overlay")) return null;
      return t.dataset.fighter ? "f:" + t.dataset.fighter : "s:" + t.dataset.section;
    };
    const square = (key, cx, cy, side) => {
      for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) {
        const x = cx - side / 2 + 0.5 + (side - 1) * i / 4, y = cy - side / 2 + 0.5 + (side - 1) * j / 4;
        if (x < a.left || x > a.right || y < a.top || y > a.bottom || owner(x, y) !== key) return false;
      }
      return true;
    };
    const best = (key, centres) => {
      for (const side of [24, 20, 16, 12, 8, 4]) {
        if (centres.some(([x, y]) => square(key, x, y, side))) return side;
      }
      return 0;
    };
    // Centres over a box, every `step` px from 12 px inside each edge, and the middle across and up.
    const axis = (lo, hi, step) => {
      const out = [(lo + hi) / 2];
      for (let v = lo + 12; v <= hi - 12; v += step) out.push(v);
      return out;
    };
    const grid = (r, step) => {
      const xs = axis(Math.max(r.left, a.left), Math.min(r.right, a.right), step);
      const ys = axis(Math.max(r.top, a.top), Math.min(r.bottom, a.bottom), step);
      return xs.flatMap((x) => ys.map((y) => [x, y]));
    };
    const taps = [];
    for (const f of svg.querySelectorAll("#fighters .fighter")) {
      const t = f.querySelector(".px .token").getBoundingClientRect();
      const cx = (t.left + t.right) / 2, cy = (t.top + t.bottom) / 2;
      const centres = [];
      for (let dy = -4; dy <= 4; dy += 2) for (let dx = -6; dx <= 6; dx += 1) centres.push([cx + dx, cy + dy]);
      taps.push({id: "f:" + f.dataset.fighter, px: best("f:" + f.dataset.fighter, centres),
                 off: t.right < a.left || t.left > a.right});
    }
    for (const s of svg.querySelectorAll("#terrain .section[data-section]")) {
      const key = "s:" + s.dataset.section, centres = [];
      const sel = `#taps .tap.tap-on[data-section="${CSS.escape(s.dataset.section)}"] .tap-area`;
      const region = svg.querySelector(sel);
      if (region) {
        const r = region.getBoundingClientRect();
        centres.push([(r.left + r.right) / 2, (r.top + r.bottom) / 2]);
      }
      const body = s.querySelector(".body").getBoundingClientRect();
      centres.push(...grid(body, 4));
      taps.push({id: key, px: best(key, centres), off: body.right < a.left || body.left > a.right});
    }
    const least = taps.reduce((m, t) => (t.px < m.px ? t : m), {px: Infinity, id: ""});
    // Labels.
    const texts = [...svg.querySelectorAll("text")].filter(shown).filter((t) => !t.classList.contains("token-initial"));
    const px = texts.map((t) => {
      const m = t.getScreenCTM();
      return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.c, m.d);
    });
    const boxes = texts.map((t) => t.getBoundingClientRect()).filter((r) => r.bottom > a.top && r.top < a.bottom &&
                                                                        r.right > a.left && r.left < a.right);
    const overlaps = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const p = boxes[i], q = boxes[j];
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 0 && h > 0 && w * h > 0.1 * Math.min(p.width * p.height, q.width * q.height)) overlaps.push([i, j]);
    }
    return {title, units: svg.dataset.units, fill, tap: least.px, tap_id: least.id,
            small: taps.filter((t) => t.px < 24).map((t) => `${t.id} ${t.px}`),
            label_min: Math.min(...px), overlaps: overlaps.length,
            taps: taps.map((t) => ({id: t.id, px: t.px})), off: taps.filter((t) => t.off).map((t) => t.id)};
  }
}"""


def bundled_titles() -> list[str]:
    """The bundled battlefields' titles, in the picker's order (``static/scenarios/index.json``)."""
    return [e["title"] for e in json.loads((ROOT / "static" / "scenarios" / "index.json").read_text())]


def section_fill(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """Fill, tap regions and labels at the fit, every bundled battlefield at every size, one evaluate per size."""
    titles = bundled_titles()
    rows: list[dict[str, Any]] = []
    for w, h in SIZES:
        print(f"fill: {w}x{h}, {len(titles)} battlefields...", flush=True)
        context = browser.new_context(viewport={"width": w, "height": h}, service_workers="block")
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        try:
            page.goto(url, wait_until="commit", timeout=READY_TIMEOUT_MS)
            page.wait_for_function("window.__benchReady !== undefined", timeout=READY_TIMEOUT_MS, polling=50)
            for row in page.evaluate(MEASURE_ALL, titles):
                rows.append({"size": f"{w}x{h}", **row})
        except Exception as e:  # playwright errors
            raise BenchError(f"fill at {w}x{h}: {type(e).__name__}: {str(e).splitlines()[0]}") from None
        finally:
            context.close()
    res["fill"] = {"rows": rows}
    height = [r for r in rows if r["units"] == "height"]
    res.setdefault("verdicts", {})["fill"] = verdict(all(r["fill"] >= FILL_GOAL for r in height))
    res["verdicts"]["tap"] = verdict(all(r["tap"] >= TAP_GOAL for r in rows))
    res["verdicts"]["labels"] = verdict(all(r["label_min"] >= 11 - 0.01 and r["overlaps"] == 0 for r in rows))


def print_fill(res: dict[str, Any]) -> None:
    """One line per size and battlefield, then the goals."""
    print(f"Side view at its fit (goals: fill >= {FILL_GOAL} on Height battlefields, tap >= {TAP_GOAL:g} px, "
          "labels >= 11 px, 0 overlaps)")
    print(f"  {'size':<10} {'battlefield':<22} {'units':<7} {'fill':>5} {'tap px':>7} {'smallest':<22} "
          f"{'label px':>8} {'overlaps':>8}")
    for r in res["fill"]["rows"]:
        print(f"  {r['size']:<10} {r['title'][:22]:<22} {r['units']:<7} {r['fill']:>5.2f} {r['tap']:>7g} "
              f"{r['tap_id'][:22]:<22} {r['label_min']:>8.1f} {r['overlaps']:>8}")
        if len(r["small"]) > 1:
            print(f"  {'':<10} under 24 px: {', '.join(r['small'])}")
    v = res["verdicts"]
    print(f"  fill: {v['fill']}; tap: {v['tap']}; labels: {v['labels']}")
