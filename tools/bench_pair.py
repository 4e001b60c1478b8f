"""Benchmark two builds of the Vertigo page against each other: paired, interleaved runs of the same
measurements, to show that a change keeps the page as fast as it was.  It prints figures and a verdict for
each; it measures nothing of its own.

It takes two checkouts of the repository (``--before``, default ``/work/base``; ``--after``, default this
repository) and builds each one's site once with that checkout's own ``tools/site.py`` (in a child Python,
so the two checkouts' ``vertigo`` packages never meet in one interpreter) into ``bench-results/pair-before/``
and ``bench-results/pair-after/`` of this repository (git-ignored), adding the bench's bare PyScript hello
page as ``tools/bench.py`` does.  A checkout without ``node_modules/`` borrows this repository's for its
build (a symlink, removed after).  Each build's memory snapshot size is read from ``tools/snapshot.mjs``'s
report: the build fails when the heap grew past its fixed size, so a build that finishes kept within it.

Then it serves both sites and runs ``--pairs`` rounds.  A round runs every chosen measurement on both
builds, one after the other, each in its own browser (never two at once); the order turns every round
(before, after; then after, before; ...) so that a drift of the machine's load weighs on both alike.  The
measurements are ``tools/bench.py``'s own (the ``RUNNERS`` of the package ``tools/bench/`` it runs, imported),
with small repetition counts per round, and each round gives one figure per build:

load
    cold ready of the app (Python from the build's memory snapshot) / cold ready of the bare hello page:
    the ratio of their medians over ``--loads`` interleaved cold loads (bench.py's ``cold_load.ratio``:
    "ready against a bare page").  The section also times repeat visits, which are kept in the JSON only.
zoom
    click -> frame painted on the 500-section feet battlefield at zoom 4x, median over ``--zoom-reps``
    clicks (bench.py's ``zoom.view.median``).  The battlefield is bench.py's, built by a version of its
    ``FEET_FIELD`` (``tools/bench/levels.py``) that runs on the page's Python before and after the rule sets
    became packages (the weapon class moved, and a fighter's rule-set fields became ``Fighter.values``).
actions
    every action at the caps, on each cap battlefield: its median over ``--action-reps`` action rounds
    (bench.py's ``actions.fields[].actions[label].median``), stopped early after ``--action-budget`` s.

For every figure the table gives the median of the per-round figures of each build, the median of the
per-round ratios after / before, and PASS when that ratio is at most ``--limit`` (1.05), else FAIL.  The
raw figures of every round, each section's time and bench.py's result of each run go to
``bench-results/pair.json``.

It exits 0 when every figure passes, 1 when one fails or could not be measured (a build failed, a page never
became ready, a section failed in every round).

Usage (with the project's venv, which has Playwright):
    .venv/bin/python tools/bench_pair.py [--before DIR] [--after DIR] [--pairs 8] [--only load,zoom,actions]
        [--loads 3] [--zoom-reps 12] [--action-reps 6] [--action-budget 30] [--limit 1.05] [--no-build]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import importlib.util
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = ROOT / "bench-results"
RESULTS = RESULTS_DIR / "pair.json"
BUILDS = ("before", "after")
DEFAULT_CHECKOUT = {"before": Path("/work/base"), "after": ROOT}
SECTIONS = ("load", "zoom", "actions")
LIMIT = 1.05
"""The largest median of the per-round ratios after / before a figure may have."""
SNAPSHOT_LINE = re.compile(r"snapshot: (\d+) bytes \(heap (\d+)\), (\d+) gzip-compressed")
"""tools/snapshot.mjs's report of the snapshot it wrote."""

# Builds one checkout's site in a child Python: argv[1] the checkout, argv[2] the folder to build in.
BUILD_CHILD = r"""
import importlib.util, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("vertigo_site_tool", Path(sys.argv[1]) / "tools" / "site.py")
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
print(module.build(Path(sys.argv[2])))
"""

# bench.py's 500-section feet battlefield (tools/bench/levels.py's FEET_FIELD: the same sections, borders,
# fighters and weapons),
# for the page's Python of either layout: the Weapon class in vertigo.reach or in the levels rule set's
# package, and a fighter's Size Modifier and weapons as Fighter fields or as Fighter.values.
ZOOM_SETUP = r'''
def _bench_feet_table(n_sections, n_fighters):
    """A feet battlefield of n_sections (grounds, slabs, stairs) and n_fighters with three weapons each."""
    import dataclasses
    from fractions import Fraction
    from vertigo.battlefield import Battlefield, Section, Stairs
    from vertigo.scenario import Fighter, Scenario
    from vertigo.table import Table
    try:
        from vertigo.rules.levels.rules.reach import Weapon
    except ImportError:
        from vertigo.reach import Weapon
    sections = [Section(f"s{i}", f"Section {i}", Fraction((i * 7) % 13, 2), Fraction(4 * i), Fraction(4 * i + 4),
                        "slab" if i % 7 == 3 else "ground",
                        Stairs(Fraction(2, 3), Fraction(1)) if i % 10 == 5 else None) for i in range(n_sections)]
    field = Battlefield.build(sections, [(f"s{i}", f"s{i + 1}") for i in range(n_sections - 1)])
    weapons = (Weapon.parse("Spear, reach 1,2"), Weapon.parse("Knife, reach C"), Weapon.parse("Bow, range 150"))
    as_values = "values" in {f.name for f in dataclasses.fields(Fighter)}

    def fighter(j):
        at = dict(id=f"f{j}", name=f"Fighter {j}", side="Red" if j % 2 else "Blue",
                  section=f"s{j * n_sections // n_fighters}", x=None)
        if as_values:
            return Fighter(**at, values=(("sm", j % 3), ("weapons", weapons)))
        return Fighter(**at, moves=(), height=None, actions=(), sm=j % 3, weapons=weapons)

    fighters = tuple(fighter(j) for j in range(n_fighters))
    return Table.start(Scenario("Bench", "feet", 1, field, fighters, ("levels",), ()))
'''

# bench.py's action round (tools/bench/actions.py, and saved.py's moves) asks the page for the sections the overlay
# marks with `window.__benchAct.reachable()`; if the package's source calls that helper by another name, the page is
# given the name (see patch_bench).
REACHABLE_CALL = "window.__benchAct.reachable()"
REACHABLE_LIKE = re.compile(r'page\.evaluate\("([A-Za-z_][\w.]*)\(window\.__benchAct,\s*\)"\)')


BENCH_PACKAGE = ROOT / "tools" / "bench"
"""The package tools/bench.py runs: its measurements, one module each."""


def load_bench() -> Any:
    """This repository's bench, the package tools/bench/ (what tools/bench.py runs), imported as
    ``vertigo_bench``: its ``RUNNERS`` and helpers, with its modules as ``vertigo_bench.zoom`` and so on."""
    spec = importlib.util.spec_from_file_location("vertigo_bench", BENCH_PACKAGE / "__init__.py",
                                                  submodule_search_locations=[str(BENCH_PACKAGE)])
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def bench_modules(bench: Any, name: str) -> list[Any]:
    """The modules of the bench package that have ``name``: the one that defines it, whose functions read it as
    a global (ZOOM_SETUP in zoom.py, STORE_PROBE in actions.py), and any that imported it.  None is an error
    (the bench changed)."""
    prefix = bench.__name__ + "."
    where = [m for n, m in sorted(sys.modules.items())
             if (n == bench.__name__ or n.startswith(prefix)) and name in getattr(m, "__dict__", {})]
    if not where:
        raise AttributeError(f"no module of the bench package {bench.__name__} has {name}")
    return where


def set_in_bench(bench: Any, name: str, value: Any) -> None:
    """Set ``name`` to ``value`` in every module of the bench package that has it, where its runners read it."""
    for m in bench_modules(bench, name):
        setattr(m, name, value)


def patch_bench(bench: Any) -> list[str]:
    """Make the bench's zoom and actions runners measure both builds alike; return what was changed.

    The zoom battlefield is built by ZOOM_SETUP, set in the module the zoom runner reads it from
    (tools/bench/zoom.py).  Where the action round calls the overlay helper as ``name(window.__benchAct, )``
    (anywhere in the package's source), a name no page defines, an init script of the action pages (the
    STORE_PROBE of tools/bench/actions.py) defines it as ``window.__benchAct.reachable()``, so the round
    measures as it was written to."""
    notes = ["zoom: the 500-section feet battlefield is built by bench_pair's ZOOM_SETUP (both layouts)"]
    set_in_bench(bench, "ZOOM_SETUP", ZOOM_SETUP)
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(BENCH_PACKAGE.glob("*.py")))
    names = sorted(set(REACHABLE_LIKE.findall(source)))
    if names:
        defs = []
        for name in names:
            head, _, last = name.rpartition(".")
            obj = f"window.{head}" if head else "window"
            prep = f"{obj} = {obj} || {{}}; " if head else ""
            defs.append(f"{prep}{obj}.{last} = (act) => act.reachable();")
        probe = bench_modules(bench, "STORE_PROBE")[0].STORE_PROBE
        set_in_bench(bench, "STORE_PROBE", probe + "\n" + "\n".join(defs) + "\n")
        notes.append(f"actions: tools/bench/ calls {', '.join(n + '(window.__benchAct, )' for n in names)} in "
                     f"the page, which no page defines; defined there as {REACHABLE_CALL}")
    return notes


# --- builds ------------------------------------------------------------------------------------------------

class CheckoutSite:
    """A checkout's tools/site.py build, run in a child Python; bench.build_site() adds the hello page."""

    def __init__(self, checkout: Path) -> None:
        self.checkout = checkout
        self.snapshot: dict[str, int] | None = None
        self.log = ""

    def build(self, where: Path) -> Path:
        linked = None
        if not (self.checkout / "node_modules").exists():
            linked = self.checkout / "node_modules"
            linked.symlink_to(ROOT / "node_modules")
        try:
            run = subprocess.run([sys.executable, "-c", BUILD_CHILD, str(self.checkout), str(where)],
                                 cwd=self.checkout, capture_output=True, text=True, check=False)
        finally:
            if linked is not None:
                linked.unlink()
        self.log = run.stdout + run.stderr
        if run.returncode != 0:
            raise BuildError(f"the build of {self.checkout} failed (exit {run.returncode}):\n  "
                             + "\n  ".join(self.log.strip().splitlines()[-12:]))
        m = SNAPSHOT_LINE.search(self.log)
        if m:
            snapshot_file = where / "static" / "python.snapshot.gz"
            self.snapshot = {"bytes": int(m[1]), "heap": int(m[2]), "gzip": int(m[3]),
                             "file": snapshot_file.stat().st_size if snapshot_file.is_file() else 0}
        return where


class BuildError(Exception):
    """A checkout's site did not build."""


def snapshot_of(site: Path) -> dict[str, int] | None:
    """The size of a built site's memory snapshot, read from the file (the heap's size is not in it)."""
    path = site / "static" / "python.snapshot.gz"
    if not path.is_file():
        return None
    data = path.read_bytes()
    return {"bytes": len(gzip.decompress(data)), "gzip": len(data), "file": len(data)}


def commit_of(checkout: Path) -> str:
    """The checkout's commit, with "+changes" when its working tree differs from it."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(checkout), *args], capture_output=True, text=True,
                              check=False).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "?"
    return head + ("+changes" if git("status", "--porcelain", "--untracked-files=no") else "")


# --- figures of one run ------------------------------------------------------------------------------------

def figures(name: str, res: dict[str, Any]) -> dict[str, float]:
    """The per-round figures of one measurement, from the result dict bench.py's runner filled."""
    out: dict[str, float] = {}
    if name == "load" and "cold_load" in res:
        out["load: app ready / hello ready"] = res["cold_load"]["ratio"]
    elif name == "zoom" and "zoom" in res and res["zoom"]["view"]["n"]:
        out["zoom: click -> painted, 500 sections (ms)"] = res["zoom"]["view"]["median"]
    elif name == "actions" and "actions" in res:
        for field in res["actions"]["fields"]:
            for label, row in field.get("actions", {}).items():
                out[f"actions: {field['name']}: {label} (ms)"] = row["median"]
    return out


def brief(runs: dict[str, Any]) -> str:
    """One build's figures of a round in a line: load and zoom, and how many action figures."""
    figs = {k: v for run in runs.values() for k, v in run["figures"].items()}
    shown = [f"{k.split(' (')[0]} {v:.3g}" for k, v in figs.items() if not k.startswith("actions:")]
    actions = sum(k.startswith("actions:") for k in figs)
    return ", ".join(shown + ([f"{actions} action medians"] if actions else []))


def run_one(bench: Any, pw: Any, name: str, url: str, site: Path, args: argparse.Namespace) -> dict[str, Any]:
    """One bench.py measurement of one build in its own browser, as bench.main() runs it."""
    res: dict[str, Any] = {"url": url, "site": str(site), "only": [name], "errors": {},
                           "versions": bench.versions(), "cpus": os.cpu_count()}
    started = time.perf_counter()
    browser = None
    try:
        browser = bench.launch(pw)
        bench.RUNNERS[name](browser, url, args, res)
    except Exception as e:  # BenchError, Playwright errors: recorded, the other runs go on
        why = str(e) if isinstance(e, bench.BenchError) else f"{type(e).__name__}: {e}"
        res["errors"][name] = why.strip().splitlines()[0][:400] if why.strip() else type(e).__name__
        print(f"bench_pair: {name} failed: {why}", file=sys.stderr, flush=True)
    finally:
        if browser is not None:
            with contextlib.suppress(Exception):
                browser.close()
    if name == "actions":
        for field in res.get("actions", {}).get("fields", []):
            if "error" in field:
                res["errors"].setdefault(name, f"{field['name']}: {field['error']}")
    return {"s": time.perf_counter() - started, "figures": figures(name, res), "errors": res["errors"],
            "result": res}


# --- report ------------------------------------------------------------------------------------------------

def compare(rounds: list[dict[str, Any]], limit: float) -> list[dict[str, Any]]:
    """Per figure: each build's median of its per-round figures, the median of the per-round ratios, verdict."""
    names: list[str] = []
    for rnd in rounds:
        for build in BUILDS:
            for run in rnd[build].values():
                names.extend(n for n in run["figures"] if n not in names)
    rows = []
    for fig in names:
        before, after, ratios = [], [], []
        for rnd in rounds:
            b = next((run["figures"][fig] for run in rnd["before"].values() if fig in run["figures"]), None)
            a = next((run["figures"][fig] for run in rnd["after"].values() if fig in run["figures"]), None)
            if b is not None:
                before.append(b)
            if a is not None:
                after.append(a)
            if a is not None and b:
                ratios.append(a / b)
        ratio = statistics.median(ratios) if ratios else None
        rows.append({"figure": fig, "pairs": len(ratios), "before": statistics.median(before) if before else None,
                     "after": statistics.median(after) if after else None, "ratio": ratio, "ratios": ratios,
                     "verdict": "PASS" if ratio is not None and ratio <= limit else "FAIL"})
    return rows


def print_report(out: dict[str, Any]) -> None:
    w = print
    w("")
    w("=" * 112)
    w(f"Vertigo paired benchmark — before {out['builds']['before']['commit']} ({out['builds']['before']['checkout']})"
      f" vs after {out['builds']['after']['commit']} ({out['builds']['after']['checkout']})")
    w(f"  {out['pairs']} rounds, order turning each round; per round: {out['reps']}")
    w("=" * 112)
    for build in BUILDS:
        snap = out["builds"][build].get("snapshot")
        if snap:
            heap = (f"heap {snap['heap']:,d}, fixed: the build checks it did not grow" if "heap" in snap
                    else "built earlier, heap not reported")
            w(f"  memory snapshot, {build:<6}: {snap['bytes']:,d} bytes ({heap}), {snap['file']:,d} bytes "
              "gzip-compressed")
        else:
            w(f"  memory snapshot, {build:<6}: size not reported by the build")
    w("")
    w(f"  {'figure':<62}{'pairs':>6}{'before':>11}{'after':>11}{'after/before':>14}   goal ≤ {out['limit']:g}")
    for row in out["table"]:
        fmt = lambda v: f"{v:11.3f}" if v is not None else f"{'-':>11}"  # noqa: E731
        ratio = f"{row['ratio']:14.3f}" if row["ratio"] is not None else f"{'-':>14}"
        w(f"  {row['figure']:<62}{row['pairs']:>6}{fmt(row['before'])}{fmt(row['after'])}{ratio}   {row['verdict']}")
    w("  (before, after: median of the per-round figures; after/before: median of the per-round ratios)")
    for name, why in out["errors"].items():
        w(f"  {name}: {why}")
    for note in out["notes"]:
        w(f"  note: {note}")
    la0, la1 = out["loadavg_start"][0], out["loadavg_end"][0]
    w(f"Load average (1 min) at start {la0:.1f}, at end {la1:.1f} on {out['cpus']} CPUs")
    w(f"Figures written to {RESULTS.relative_to(ROOT)}   (total {out['elapsed_s']:.0f} s)")


# --- main --------------------------------------------------------------------------------------------------

def parse_only(text: str) -> tuple[str, ...]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in SECTIONS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"--only takes a comma-separated list of {', '.join(SECTIONS)}: {text!r}")
    return tuple(n for n in SECTIONS if n in names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, default=DEFAULT_CHECKOUT["before"],
                        help=f"checkout of the build before (default {DEFAULT_CHECKOUT['before']})")
    parser.add_argument("--after", type=Path, default=DEFAULT_CHECKOUT["after"],
                        help="checkout of the build after (default this repository)")
    parser.add_argument("--pairs", type=int, default=8, help="rounds, each running both builds (default 8)")
    parser.add_argument("--only", type=parse_only, default=SECTIONS,
                        help=f"measurements, comma-separated (default {','.join(SECTIONS)})")
    parser.add_argument("--loads", type=int, default=3, help="load: cold loads of each page per round (default 3)")
    parser.add_argument("--zoom-reps", type=int, default=12, help="zoom: clicks per round (default 12)")
    parser.add_argument("--action-reps", type=int, default=6,
                        help="actions: action rounds per cap battlefield per round (default 6; at least 3 run)")
    parser.add_argument("--action-budget", type=float, default=30.0,
                        help="actions: seconds per cap battlefield after which later action rounds are left out "
                             "(default 30)")
    parser.add_argument("--limit", type=float, default=LIMIT,
                        help=f"largest median ratio after / before that passes (default {LIMIT})")
    parser.add_argument("--no-build", action="store_true",
                        help="serve the sites already in bench-results/pair-before/ and pair-after/")
    args = parser.parse_args(argv)
    if args.pairs < 1:
        parser.error("--pairs takes a whole number from 1")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench_pair: Playwright is missing; run with the project's venv:"
              " .venv/bin/python tools/bench_pair.py", file=sys.stderr)
        return 1

    started = time.perf_counter()
    bench = load_bench()
    notes = patch_bench(bench)
    # The arguments bench.py's runners read (bench.main()'s names), with this run's repetition counts.
    bench_args = argparse.Namespace(loads=args.loads, reps=args.zoom_reps, action_reps=args.action_reps,
                                    action_budget=args.action_budget)
    checkouts = {"before": args.before.resolve(), "after": args.after.resolve()}
    out: dict[str, Any] = {
        "limit": args.limit, "pairs": args.pairs, "only": list(args.only), "cpus": os.cpu_count(),
        "reps": f"{args.loads} cold loads of each page, {args.zoom_reps} zoom clicks, {args.action_reps} action "
                f"rounds per cap battlefield ({args.action_budget:g} s budget)",
        "builds": {b: {"checkout": str(checkouts[b]), "commit": commit_of(checkouts[b])} for b in BUILDS},
        "notes": notes, "errors": {}, "loadavg_start": os.getloadavg(), "rounds": []}
    sites: dict[str, Path] = {}
    for build in BUILDS:
        site = RESULTS_DIR / f"pair-{build}"
        if args.no_build:
            if not (site / "index.html").is_file() or not (site / bench.HELLO_DIR / "index.html").is_file():
                print(f"bench_pair: --no-build, but {site} holds no built site", file=sys.stderr)
                return 1
            sites[build] = site
            out["builds"][build]["snapshot"] = snapshot_of(site)
            continue
        print(f"building the {build} site from {checkouts[build]} into {site.relative_to(ROOT)}...", flush=True)
        t = time.perf_counter()
        builder = CheckoutSite(checkouts[build])
        try:
            sites[build] = bench.build_site(builder, site)
        except (BuildError, bench.BenchError) as e:
            print(f"bench_pair: {e}", file=sys.stderr)
            return 1
        out["builds"][build].update(snapshot=builder.snapshot, build_s=time.perf_counter() - t)
        snap = builder.snapshot
        print(f"  built in {time.perf_counter() - t:.0f} s" + (
            f"; memory snapshot {snap['bytes']:,d} bytes (heap {snap['heap']:,d}), {snap['file']:,d} gzipped"
            if snap else ""), flush=True)

    servers = {}
    urls = {}
    site_mod = bench.load_site_module()
    for build in BUILDS:
        servers[build], urls[build] = site_mod.serve_in_thread(sites[build])
        print(f"serving {build} {sites[build]} at {urls[build]}", flush=True)
    try:
        with sync_playwright() as pw:
            for r in range(args.pairs):
                order = BUILDS if r % 2 == 0 else BUILDS[::-1]
                rnd: dict[str, Any] = {"round": r + 1, "order": list(order), "before": {}, "after": {}}
                for name in args.only:
                    for build in order:
                        print(f"round {r + 1}/{args.pairs}: {name}, {build}", flush=True)
                        rnd[build][name] = run_one(bench, pw, name, urls[build], sites[build], bench_args)
                out["rounds"].append(rnd)
                print(f"round {r + 1}/{args.pairs} done: " + "; ".join(f"{b} {brief(rnd[b])}" for b in BUILDS),
                      flush=True)
    finally:
        for server in servers.values():
            server.shutdown()
            server.server_close()

    for rnd in out["rounds"]:
        for build in BUILDS:
            for name, run in rnd[build].items():
                for why in run["errors"].values():
                    out["errors"].setdefault(f"{name}, {build}", f"round {rnd['round']}: {why}")
    out["table"] = compare(out["rounds"], args.limit)
    missing = [name for name in args.only if not any(row["figure"].startswith(f"{name}:") for row in out["table"])]
    for name in missing:
        out["errors"].setdefault(name, "not measured in any round")
    out["elapsed_s"] = time.perf_counter() - started
    out["loadavg_end"] = os.getloadavg()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(out, indent=1, default=str) + "\n")
    print_report(out)
    ok = not missing and all(row["verdict"] == "PASS" for row in out["table"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
