"""Saved-table size: the length of every value the page writes to localStorage after N moves, on the cap
battlefield and on a big fall confirmed and undone, beside the budget and this browser's quota.

saved
    the length of every localStorage value the page wrote, after N = 0, 1, 10, 25, 100 confirmed moves
    on the cap battlefield, and after N confirm + undo cycles of the 34,000-d6 fall of
    ``R13-big-fall-34000d6.json``; beside them the budget constant of ``limits.py`` if it has one and
    the quota of one value measured in this browser.  A battlefield stops early once
    ``--saved-budget`` seconds are spent on it.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time
from typing import Any

from .actions import FIGHTER, PANEL, SECTION, Skip, _adjacency, _event, _judge_somewhere, import_battlefield
from .caps import (
    R13_FILE,
    WORK_DIR,
    cap_battlefields,
    cut_to_caps,
    document_limit,
    fit_document,
    read_limits,
    repro_file,
    table_budget,
)
from .common import HELLO_DIR, VIEWPORT

SAVED_CHECKPOINTS = (0, 1, 10, 25, 100)
SAVED_BUDGET_S = 90.0


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
