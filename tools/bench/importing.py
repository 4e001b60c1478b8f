"""Import time per KB: ``vertigo.scenario.loads`` on valid and hostile texts of growing size, in the page's
Pyodide and in CPython.  Also opens the page with its interpreter reached (``open_python_page``), for the
measurements that run Python in it.

import
    ``vertigo.scenario.loads(text)`` in the page's own Pyodide (reached through PyScript's hooks, the
    text handed over in a JS global) and in a CPython child process, on valid scenarios of 10 KB up to
    the document limit (``MAX_DOCUMENT_CHARS``, else ``MAX_DOCUMENT_BYTES``, read from
    ``py/vertigo/limits.py``) and on hostile texts of the same sizes; ms and µs per KB, and the ratio
    of the largest size's µs/KB to the smallest's (1 = linear).  Once a size of a kind takes longer
    than ``--import-skip`` seconds (or the sizes before predict a long one), its larger sizes are
    skipped, so a quadratic case cannot hold the run.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from .caps import KB, WORK_DIR, document_limit, read_limits, sized_document
from .common import CPYTHON_TIMEOUT_S, HOOK_PROBE, ROOT, BenchError, open_ready

IMPORT_SIZES = (10_000, 50_000, 100_000, 250_000, 500_000, 1_000_000)
"""Document sizes for the import timings, below the document limit; the limit itself is added."""
IMPORT_SKIP_S = 5.0
"""Once one size of a kind takes longer than this, its larger sizes are skipped (--import-skip)."""
IMPORT_PREDICT_S = 10.0
"""...and so is a size that the previous ones predict (time ∝ size^k) to take longer than this."""
IMPORT_REPS = 5
IMPORT_REP_BUDGET_S = 1.0
"""A measurement is repeated (up to IMPORT_REPS times) while the repetitions so far took less than this."""


HOSTILE: dict[str, Any] = {
    # an unterminated string of \" (the nesting pre-scan's string pattern retries from every quote)
    "escaped quotes": lambda n: '"' + '\\"' * ((n - 1) // 2),
    "deep nesting": lambda n: "[" * n,
    # one flat list of empty strings (the literal '["",' * n would nest, and stop at the depth check)
    "tiny strings": lambda n: "[" + '"",' * ((n - 4) // 3) + '""]',
    # one flat list of empty lists, decoded to the end
    "[] pairs": lambda n: "[" + "[]," * ((n - 4) // 3) + "[]]",
    # an unterminated string of backslashes
    "backslashes": lambda n: '"' + "\\" * (n - 1),
}
IMPORT_KINDS = ("valid scenario", *HOSTILE)


# --- import time per KB -------------------------------------------------------------------------------

# Defines _bench_loads(text, reps, budget_s) in whichever Python runs it (the page's, or a CPython
# child): times vertigo.scenario.loads(text), at least `reps` times while under budget_s, and calls
# that are too quick for the page's clock (0.1 ms) until they add up to 20 ms; the outcome is
# "accepted" or the first problem given.
LOADS_TIMER = r'''
def _bench_loads(text, reps, budget_s):
    import time
    from vertigo import scenario
    times, outcome = [], None
    while True:
        t = time.perf_counter()
        try:
            scenario.loads(text)
            outcome = "accepted"
        except Exception as e:
            problems = getattr(e, "problems", None)
            outcome = "refused: " + (str(problems[0]) if problems else f"{type(e).__name__}: {e}")
        times.append((time.perf_counter() - t) * 1000)
        if sum(times) >= budget_s * 1000 or len(times) >= 2000 or (len(times) >= reps and sum(times) >= 20):
            break
    return {"ms": times, "outcome": " ".join(outcome.split())[:200]}
'''

CPYTHON_CHILD = LOADS_TIMER + r'''
import json, sys
sys.path.insert(0, sys.argv[1])
sys.dont_write_bytecode = True
with open(sys.argv[2], encoding="utf-8") as f:
    text = f.read()
print(json.dumps(_bench_loads(text, int(sys.argv[3]), float(sys.argv[4]))))
'''


class Ladder:
    """The sizes of one kind measured so far in one runtime, and whether the next is worth measuring."""

    def __init__(self, skip_s: float) -> None:
        self.done: list[tuple[int, float]] = []     # (size, seconds of one load)
        self.skip_s = skip_s
        self.stop: str | None = None

    def reason_to_skip(self, size: int) -> str | None:
        if self.stop or not self.done:
            return self.stop
        s1, t1 = self.done[-1]
        if t1 > self.skip_s:
            self.stop = f"skipped (previous size took {t1:.1f} s)"
            return self.stop
        k = 2.0                                     # until two sizes tell: assume quadratic
        if len(self.done) >= 2 and self.done[-2][1] > 0.05:
            s0, t0 = self.done[-2]
            k = min(3.0, max(1.0, math.log(t1 / t0) / math.log(s1 / s0)))
        predicted = t1 * (size / s1) ** k
        if t1 > 0.2 and predicted > IMPORT_PREDICT_S:
            self.stop = f"skipped (the previous sizes predict ≈{predicted:.0f} s)"
        return self.stop

    def took(self, size: int, seconds: float) -> None:
        self.done.append((size, seconds))

    def probe_size(self, wanted: int) -> int | None:
        """When only one size was measured before the kind stopped: a size in between, predicted (as if
        quadratic) to take about the skip time, so that the kind still gets a µs/KB ratio."""
        if len(self.done) != 1 or self.done[0][1] <= 0:
            return None
        s1, t1 = self.done[0]
        size = int(s1 * (self.skip_s / t1) ** 0.5) // KB * KB
        return size if 1.5 * s1 <= size < wanted else None


def page_loads(page: Any, text: str) -> dict[str, Any]:
    """_bench_loads in the page's Python, the text handed over through a JS global."""
    page.evaluate("(t) => { window.__benchText = t; }", text)
    try:
        out = page.evaluate("(code) => window.__benchPy.runPython(code)",
                            f"_bench_json.dumps(_bench_loads(_bench_window.__benchText"
                            f", {IMPORT_REPS}, {IMPORT_REP_BUDGET_S}))")
    finally:
        page.evaluate("() => { delete window.__benchText; }")
    return json.loads(out)


def cpython_loads(text: str, where: Path) -> dict[str, Any]:
    """_bench_loads in a CPython child of this one (killed after CPYTHON_TIMEOUT_S)."""
    where.write_text(text, encoding="utf-8")
    try:
        proc = subprocess.run([sys.executable, "-c", CPYTHON_CHILD, str(ROOT / "py"), str(where), str(IMPORT_REPS),
                               str(IMPORT_REP_BUDGET_S)], capture_output=True, text=True, timeout=CPYTHON_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {CPYTHON_TIMEOUT_S} s"}
    finally:
        where.unlink(missing_ok=True)
    if proc.returncode:
        return {"error": (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1][:200]}
    return json.loads(proc.stdout)


def open_python_page(browser: Any, url: str) -> tuple[Any, Any]:
    context, page, _ = open_ready(browser, url, "the app", (HOOK_PROBE,))
    if not page.evaluate("!!window.__benchPy"):
        context.close()
        raise BenchError(f"the page's interpreter was not reached through PyScript's hooks "
                         f"({page.evaluate('JSON.stringify(window.__benchDiag || {})')})")
    page.evaluate("(code) => window.__benchPy.runPython(code)",
                  LOADS_TIMER + "\nimport json as _bench_json\nfrom js import window as _bench_window\n")
    return context, page


def section_import(browser: Any, url: str, args: argparse.Namespace, res: dict[str, Any]) -> None:
    """vertigo.scenario.loads on valid and hostile texts of growing size, in the page and in CPython."""
    lim = read_limits()
    limit_name, limit = document_limit(lim)
    sizes = sorted({s for s in IMPORT_SIZES if s < limit} | {limit})
    out: dict[str, Any] = {"limit_name": limit_name, "limit": limit, "sizes": sizes, "kb_chars": KB,
                           "cpython": platform.python_version(), "skip_s": args.import_skip, "rows": []}
    res["import"] = out
    print(f"import timings: {len(IMPORT_KINDS)} kinds × {len(sizes)} sizes up to {limit_name} = {limit:,} chars, "
          f"in the page and in CPython...", flush=True)
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    scratch = WORK_DIR / "import-text.json"
    context, page = open_python_page(browser, url)

    def measure(where: str, text: str) -> dict[str, Any]:
        nonlocal context, page
        try:
            m = page_loads(page, text) if where == "page" else cpython_loads(text, scratch)
        except Exception as e:   # a broken page: note it, open a fresh one for what follows
            m = {"error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:200]}
            if where == "page":
                context.close()
                context, page = open_python_page(browser, url)
        if "ms" in m:
            # a median of a few; the mean of many quick calls (each one near the clock's resolution)
            m["median_ms"] = statistics.median(m["ms"]) if len(m["ms"]) <= IMPORT_REPS else statistics.fmean(m["ms"])
            m["us_per_kb"] = m["median_ms"] * 1000 / (len(text) / KB)
            best_ms = min(m["ms"]) if len(m["ms"]) <= IMPORT_REPS else m["median_ms"]
            m["best_us_per_kb"] = best_ms * 1000 / (len(text) / KB)
            m["n"] = len(m["ms"])
            if m["n"] > 20:
                m["ms"] = m["ms"][:20]
        return m

    def report(row: dict[str, Any]) -> None:
        def show(m: dict[str, Any]) -> str:
            return (f"{m['median_ms']:9.1f} ms" if "median_ms" in m else "   skipped" if "skipped" in m
                    else "    failed" if "error" in m else "         —")
        print(f"  {row['kind']:<16}{row['size'] / KB:7.0f} KB  page{show(row.get('page', {}))}   "
              f"CPython{show(row.get('cpython', {}))}", flush=True)

    try:
        out["pyodide_python"] = page.evaluate("(code) => window.__benchPy.runPython(code)",
                                              "import platform as _p; _p.python_version()")
        for kind in IMPORT_KINDS:
            ladders = {"page": Ladder(args.import_skip), "cpython": Ladder(args.import_skip)}
            for size in sizes:
                row: dict[str, Any] = {"kind": kind, "size": size}
                try:
                    if kind == "valid scenario":
                        text, row["note"] = sized_document(lim, size)
                    else:
                        text = HOSTILE[kind](size)
                except Exception as e:
                    row["error"] = f"could not make the text: {type(e).__name__}: {e}"
                    out["rows"].append(row)
                    continue
                row["chars"] = len(text)
                for where, ladder in ladders.items():
                    already_stopped = ladder.stop is not None
                    skip = ladder.reason_to_skip(size)
                    if skip:
                        row[where] = {"skipped": skip}
                        probe = None if already_stopped or "predict" not in skip else ladder.probe_size(size)
                        if probe:
                            extra = {"kind": kind, "size": probe, "probe": True}
                            t = sized_document(lim, probe)[0] if kind == "valid scenario" else HOSTILE[kind](probe)
                            extra["chars"] = len(t)
                            extra[where] = measure(where, t)
                            out["rows"].append(extra)
                            report(extra)
                        continue
                    row[where] = measure(where, text)
                    if "ms" in row[where]:
                        ladder.took(size, row[where]["ms"][0] / 1000)
                    else:
                        ladder.stop = f"skipped (the previous size failed: {row[where].get('error', '?')[:60]})"
                out["rows"].append(row)
                report(row)
            out.setdefault("ratios", {})[kind] = {w: _ratio(out["rows"], kind, w) for w in ("page", "cpython")}
    finally:
        context.close()


def _ratio(rows: list[dict[str, Any]], kind: str, where: str) -> dict[str, Any] | None:
    """µs/KB of the largest measured size over that of the smallest, for one kind in one runtime (the
    fastest call of each size: other work on the machine only ever adds time)."""
    got = [(r["size"], r[where]["best_us_per_kb"])
            for r in rows if r["kind"] == kind and "best_us_per_kb" in r.get(where, {})]
    if len(got) < 2:
        return None
    (s0, u0), (s1, u1) = got[0], got[-1]
    return {"ratio": u1 / u0 if u0 else None, "smallest": s0, "largest": s1}


def print_import(res: dict[str, Any]) -> None:
    w = print
    imp = res["import"]
    w(f"Import: vertigo.scenario.loads(text), in the page (Pyodide, Python {imp.get('pyodide_python', '?')}) and in "
      f"CPython {imp['cpython']}; KB = {KB} characters")
    w(f"  ms = median of up to {IMPORT_REPS} calls (within {IMPORT_REP_BUDGET_S:g} s),"
      f" or the mean of as many quick calls "
      "as add up to 20 ms")
    w(f"  document limit {imp['limit_name']} = {imp['limit']:,}; a kind stops once one size took > {imp['skip_s']:g} s "
      f"(or the sizes before predict > {IMPORT_PREDICT_S:g} s)")
    w(f"  {'kind':<16}{'size':>9}{'page ms':>11}{'µs/KB':>9}{'CPython ms':>12}{'µs/KB':>9}   outcome")
    names = {"page": "page", "cpython": "CPython"}
    for kind in IMPORT_KINDS:
        rows = [r for r in imp["rows"] if r["kind"] == kind]
        head = kind
        skipped: list[int] = []
        reasons: dict[str, tuple[int, str]] = {}
        for r in rows:
            if "error" in r:
                w(f"  {head:<16}{r['size'] / KB:7.0f}KB   {r['error']}")
                head = ""
                continue
            for where in names:
                why = r.get(where, {}).get("skipped")
                if why and where not in reasons:
                    reasons[where] = (r["size"], why)
            if not any("median_ms" in r.get(where, {}) or "error" in r.get(where, {}) for where in names):
                skipped.append(r["size"])
                continue
            cells = []
            for where, width in (("page", 9), ("cpython", 10)):
                m = r.get(where, {})
                if "median_ms" in m:
                    cells.append(f"{m['median_ms']:{width}.1f}ms{m['us_per_kb']:9.1f}")
                else:
                    word = "skipped" if "skipped" in m else "failed" if "error" in m else "—"
                    cells.append(f"{word:>{width + 2}}{'':9}")
            outcome = r.get("page", {}).get("outcome") or r.get("cpython", {}).get("outcome") or ""
            if r.get("note"):
                outcome += f" ({r['note']})"
            if r.get("probe"):
                outcome = "[in-between size: the next was predicted too slow] " + outcome
            w(f"  {head:<16}{r['size'] / KB:7.0f}KB{cells[0]}{cells[1]}   {outcome[:100]}")
            for where in names:
                if "error" in r.get(where, {}):
                    w(f"  {'':<25}{names[where]} failed: {r[where]['error']}")
            head = ""
        if skipped:
            w(f"  {head:<16}{skipped[0] / KB:7.0f}KB … {skipped[-1] / KB:.0f} KB: not measured")
        for where, (size, why) in reasons.items():
            w(f"  {'':<25}{names[where]}, from {size / KB:.0f} KB on: {why}")
    w("  µs/KB of the largest measured size ÷ that of the smallest, fastest call of each (1 = linear; 5 = 5× slower "
      "per byte):")
    for kind in IMPORT_KINDS:
        rat = imp.get("ratios", {}).get(kind, {})
        parts = []
        for where, label in (("page", "page"), ("cpython", "CPython")):
            q = rat.get(where)
            parts.append(f"{label} {q['ratio']:6.2f} ({q['smallest'] / KB:.0f}→{q['largest'] / KB:.0f} KB)"
                         if q and q.get("ratio") else f"{label} {'—':>6} (fewer than two sizes measured)")
        w(f"    {kind:<16}{parts[0]:<30}{parts[1]}")
