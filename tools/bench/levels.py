"""Levels click -> panel: the click that shows Combat at Different Levels' panel, on feet battlefields at
and past the section cap, in the page's Pyodide and in CPython.

levels
    click -> panel for Combat at Different Levels on feet battlefields of 250 sections (the section cap) and
    500 sections (built in memory, past the cap a document may have), 50 fighters, stairs every tenth
    section: with one fighter selected, the time of ``Controller.click_fighter(other)`` — the levels verdict
    in both directions, the panel HTML and the overlay SVG with its dimension line — in the page's own
    Pyodide (through PyScript's hooks) and in a CPython child; median and worst over ``--reps`` clicks,
    each pair of fighters different; goal: median <= 16 ms.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from typing import Any

from .common import CPYTHON_TIMEOUT_S, ROOT, BenchError, summary, verdict
from .importing import open_python_page

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
