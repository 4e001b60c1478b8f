"""Actions at the caps: every user action on the two battlefields at the caps, from the event to the next
paint with the page's save included.  Also the in-page helpers and the Import of a battlefield that the
saved-table measurement shares.

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
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path
from typing import Any

from .caps import (
    _ENTRY_HEAD,
    KB,
    _border_ends,
    _steps_from,
    cap_battlefields,
    document_limit,
    need_caps,
    read_limits,
)
from .common import READY_TIMEOUT_MS, BenchError, open_ready, summary

ACTION_GOAL_MS = 100.0
ACTION_REPS = 25
ACTION_MIN_REPS = 3
ACTION_BUDGET_S = 60.0
IMPORT_VIEW_TIMEOUT_MS = 180_000


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
