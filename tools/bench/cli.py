"""The bench's command line, which ``tools/bench.py`` runs: its flags, the measurements by name
(``SECTIONS``, ``RUNNERS``, ``PRINTERS``), each run in its own browser, the figures written to
``bench-results/bench.json`` and the report printed.  ``--help`` is the package's docstring with each
measurement described as the docstring of its module has it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

from . import actions, clicks, edit, fill, importing, levels, links, saved, startup, zoom
from .actions import ACTION_BUDGET_S, ACTION_GOAL_MS, ACTION_MIN_REPS, ACTION_REPS, print_actions, section_actions
from .clicks import TARGET_MEDIAN_MS, TARGET_WORST_MS, print_clicks, section_clicks
from .common import BENCH_SITE, RESULTS, ROOT, BenchError, build_site, launch, load_site_module, verdict, versions
from .edit import print_edit, section_edit
from .fill import print_fill, section_fill
from .importing import IMPORT_SKIP_S, print_import, section_import
from .jumping import print_jumping, section_jumping
from .levels import print_levels, section_levels
from .links import print_links, section_links
from .saved import SAVED_BUDGET_S, SAVED_CHECKPOINTS, print_saved, section_saved
from .startup import TARGET_RATIO, print_load, print_paint, section_load, section_paint
from .terrain import print_terrain, section_terrain
from .zoom import print_zoom, section_zoom

SECTIONS = ("load", "clicks", "import", "actions", "saved", "levels", "paint", "zoom", "fill", "terrain", "jumping",
            "edit", "links")
SECTION_TITLE = {"load": "Cold load", "clicks": "Clicks", "import": "Import time per KB",
                 "actions": "Actions at the caps", "saved": "Saved-table size", "levels": "Levels click -> panel",
                 "paint": "First paint and offline second visit", "zoom": "Click -> updated view at zoom 4x",
                 "fill": "The side view at its fit: fill, taps, labels",
                 "terrain": "Terrain features at the caps",
                 "jumping": "Jumping at the caps", "edit": "Battlefield editor at the caps",
                 "links": "Share links: opening -> table in play"}


PRINTERS = {"load": print_load, "clicks": print_clicks, "import": print_import, "actions": print_actions,
            "saved": print_saved, "levels": print_levels, "zoom": print_zoom, "paint": print_paint,
            "fill": print_fill, "terrain": print_terrain, "jumping": print_jumping, "edit": print_edit,
            "links": print_links}
RUNNERS = {"load": section_load, "clicks": section_clicks, "import": section_import, "actions": section_actions,
           "saved": section_saved, "levels": section_levels, "paint": section_paint, "zoom": section_zoom,
           "fill": section_fill, "terrain": section_terrain, "jumping": section_jumping, "edit": section_edit,
           "links": section_links}


# --- help --------------------------------------------------------------------------------------------------------

HELP_ORDER = ("load", "clicks", "import", "actions", "levels", "paint", "saved", "fill", "edit", "links")
"""The measurements ``--help`` describes, in its order (all but zoom)."""


def entries(doc: str) -> dict[str, str]:
    """The measurements a module's docstring describes: each a line of its name alone, then lines indented by 4."""
    out: dict[str, str] = {}
    name = None
    for line in doc.splitlines():
        if re.fullmatch(r"[a-z]+", line):
            name = line
            out[name] = line
        elif name and line.startswith("    "):
            out[name] += "\n" + line
        else:
            name = None
    return out


def description() -> str | None:
    """``--help``'s text: the package's docstring with its paragraph on the modules replaced by what each
    measurement of HELP_ORDER does, as the docstring of its module says (None when ``python -OO`` left out the
    docstrings)."""
    if not sys.modules[__package__].__doc__:
        return None
    described: dict[str, str] = {}
    for module in (startup, clicks, zoom, importing, actions, levels, saved, fill, edit, links):
        described.update(entries(module.__doc__ or ""))
    paragraphs = (sys.modules[__package__].__doc__ or "").split("\n\n")
    return "\n\n".join([*paragraphs[:2], "\n".join(described[name] for name in HELP_ORDER), *paragraphs[3:]])


# --- report ------------------------------------------------------------------------------------------------------

def print_header(res: dict[str, Any]) -> None:
    print("")
    print("=" * 92)
    print(f"Vertigo benchmark — {res.get('browser', 'Chromium')} headless, PyScript {res['versions']['pyscript']}, "
          f"Pyodide {res['versions']['pyodide']}, {res['cpus']} CPUs   (measured: {', '.join(res['only'])})")
    print("=" * 92)


def print_report(res: dict[str, Any]) -> None:
    """Every table of the sections that ran; a section that failed prints why."""
    print_header(res)
    for name in res["only"]:
        if name in res["errors"]:
            print(f"{SECTION_TITLE[name]}: NOT MEASURED — {res['errors'][name]}")
        else:
            try:
                PRINTERS[name](res)
            except Exception as e:  # a figure missing from a partial run must not hide the other tables
                print(f"{SECTION_TITLE[name]}: cannot print ({type(e).__name__}: {e})")
        print("")
    la0, la1 = res["loadavg_start"][0], res["loadavg_end"][0]
    busy = "  — the machine was busy, figures are noisy" if max(la0, la1) > 0.5 * (res["cpus"] or 1) else ""
    print(f"Load average (1 min) at start {la0:.1f}, at end {la1:.1f} on {res['cpus']} CPUs{busy}")
    print(f"Figures written to {RESULTS.relative_to(ROOT)}   (total {res['elapsed_s']:.0f} s)")


# --- main --------------------------------------------------------------------------------------------------------

def parse_only(text: str) -> tuple[str, ...]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in SECTIONS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"--only takes a comma-separated list of {', '.join(SECTIONS)}: {text!r}")
    return tuple(n for n in SECTIONS if n in names)       # always in the usual order


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=description(), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", type=parse_only, default=SECTIONS,
                        help=f"measurements to run, comma-separated (default all: {','.join(SECTIONS)})")
    parser.add_argument("--loads", type=int, default=5, help="load: cold loads of each page (default 5)")
    parser.add_argument("--reps", type=int, default=30, help="clicks: repetitions of each click kind (default 30)")
    parser.add_argument("--split-reps", type=int, default=12,
                        help="clicks: repetitions in the diagnostic pass (default 12)")
    parser.add_argument("--action-reps", type=int, default=ACTION_REPS,
                        help=f"actions: repetitions of the action round"
                              f" on each cap battlefield (default {ACTION_REPS})")
    parser.add_argument("--action-budget", type=float, default=ACTION_BUDGET_S,
                        help="actions: seconds of repetitions per battlefield; later repetitions are left out once "
                             f"it is spent (default {ACTION_BUDGET_S:g}; at least {ACTION_MIN_REPS} run)")
    parser.add_argument("--saved-moves", default=",".join(map(str, SAVED_CHECKPOINTS)),
                        help="saved: after how many confirmed moves to read the stored sizes (default "
                             f"{','.join(map(str, SAVED_CHECKPOINTS))})")
    parser.add_argument("--saved-budget", type=float, default=SAVED_BUDGET_S,
                        help=f"saved: seconds of moves per battlefield"
                              f" before it stops early (default {SAVED_BUDGET_S:g})")
    parser.add_argument("--import-skip", type=float, default=IMPORT_SKIP_S,
                        help="import: once one size of a kind takes longer than this many seconds, larger sizes "
                             f"of that kind are skipped (default {IMPORT_SKIP_S:g})")
    parser.add_argument("--site", default=str(BENCH_SITE),
                        help="folder to build the site in (default bench-results/_site"
                              "; the hello page goes in its bench-hello/)")
    args = parser.parse_args(argv)
    try:
        args.saved_moves = sorted({int(x) for x in args.saved_moves.split(",") if x.strip()})
    except ValueError:
        parser.error(f"--saved-moves takes whole numbers separated by commas: {args.saved_moves!r}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench: Playwright is missing; run with the project's venv:"
              " .venv/bin/python tools/bench.py", file=sys.stderr)
        return 1

    started = time.perf_counter()
    site_mod = load_site_module()
    print("building the site...", flush=True)
    try:
        site = build_site(site_mod, Path(args.site).resolve())
    except BenchError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 1
    server, url = site_mod.serve_in_thread(site)
    print(f"serving {site} at {url}", flush=True)
    res: dict[str, Any] = {"versions": versions(), "cpus": os.cpu_count(), "url": url, "site": str(site),
                           "reps": args.reps,
                           "only": list(args.only), "errors": {}, "loadavg_start": os.getloadavg(),
                           "targets": {"ready_ratio_max": TARGET_RATIO, "click_median_ms_max": TARGET_MEDIAN_MS,
                                       "click_worst_ms_max": TARGET_WORST_MS, "action_ms_max": ACTION_GOAL_MS}}
    try:
        with sync_playwright() as pw:
            for name in args.only:
                t = time.perf_counter()
                browser = None
                try:
                    browser = launch(pw)        # one browser per measurement: a crash stays in its measurement
                    res["browser"] = f"Chromium {browser.version}"
                    RUNNERS[name](browser, url, args, res)
                except Exception as e:  # BenchError, Playwright errors, bugs: say why and go on with the next
                    why = str(e) if isinstance(e, BenchError) else f"{type(e).__name__}: {e}"
                    res["errors"][name] = why.strip().splitlines()[0][:400] if why.strip() else type(e).__name__
                    print(f"bench: {SECTION_TITLE[name]} failed: {why}", file=sys.stderr, flush=True)
                finally:
                    if browser is not None:
                        with contextlib.suppress(Exception):  # already gone with a crash
                            browser.close()
                res.setdefault("section_s", {})[name] = time.perf_counter() - t
    finally:
        server.shutdown()
        server.server_close()

    if "cold_load" in res:
        res.setdefault("verdicts", {})["ready_ratio"] = verdict(res["cold_load"]["fresh_ratio"] <= TARGET_RATIO)
    res["elapsed_s"] = time.perf_counter() - started
    res["loadavg_end"] = os.getloadavg()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(res, indent=1, default=str) + "\n")
    print_report(res)
    return 1 if res["errors"] else 0
