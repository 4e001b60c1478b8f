"""The battlefields at the caps, which the clicks, actions, saved and import measurements play or read: the caps
of ``py/vertigo/limits.py`` read at run time, the generated battlefield at the section cap the clicks are timed
on, the shared repro files cut down to the caps (``cut_to_caps``, ``fit_document``), the worst-case grid
(``grid_field``), the two cap battlefields of the action round (``cap_battlefields``) and valid scenarios of a
given size (``sized_document``).  It measures nothing itself.
"""

from __future__ import annotations

import importlib
import json
import math
import random
import re
import sys
from collections import deque
from pathlib import Path
from typing import Any

from .common import ROOT, BenchError

# --- caps, repro files and generated documents --------------------------------------------------------

KB = 1000
"""Sizes are in characters; a KB here is 1000 of them (every generated text is ASCII)."""
REPRO_DIRS = (ROOT.parent / "shared" / "repro" / "reliability", Path("/work/shared/repro/reliability"))
R3_FILE = "R3-cap-field-export-not-reimportable.json"
R13_FILE = "R13-big-fall-34000d6.json"
WORK_DIR = ROOT / "bench-results" / "_docs"
"""Generated and cut-down battlefields, written for the page's Import (git-ignored with bench-results/)."""


# --- the generated battlefield ------------------------------------------------------------------------

def generate_field(n_sections: int = 250, n_fighters: int = 50, seed: int = 500) -> dict[str, Any]:
    """A scenario document: a long chain of ground sections (elevation 0..6) with slabs over some.

    Slabs come in side-by-side pairs, each above a ground section (2-3 levels up) with a border down
    to it and a border to its partner.  Fighters alternate between two sides along the whole field,
    every fifth one on a slab, with Move 3 / Move 2 (Height 1) / Fly 3 entries and range actions.
    """
    rng = random.Random(seed)
    n_slabs = (n_sections // 6) // 2 * 2              # 500 -> 82 slabs in 41 pairs
    n_ground = n_sections - n_slabs
    sections: list[dict[str, Any]] = []
    borders: list[list[str]] = []
    elev = 2
    for i in range(n_ground):
        elev = min(6, max(0, elev + rng.choice((-2, -1, -1, 0, 0, 0, 1, 1, 2))))
        sections.append({"id": f"g{i:03d}", "name": f"Ground {i}", "elevation": elev,
                        "x": [2 * i, 2 * i + 2], "kind": "ground"})
        if i:
            borders.append([f"g{i - 1:03d}", f"g{i:03d}"])
    starts = sorted(rng.sample(range(1, n_ground // 3 - 1), n_slabs // 2))
    slab_over: list[int] = []
    for k in starts:
        slab_over += [3 * k, 3 * k + 1]               # pairs never touch each other
    for n, j in enumerate(slab_over):
        under = sections[j]
        sid = f"s{j:03d}"
        sections.append({"id": sid, "name": f"Slab over {j}", "elevation": under["elevation"] + rng.choice((2, 3)),
                         "x": [2 * j + 0.3, 2 * j + 1.7], "kind": "slab"})
        borders.append([sid, under["id"]])
        if n % 2:
            borders.append([f"s{slab_over[n - 1]:03d}", sid])
    moves = (["Move 3"], ["Move 2 (Height 1)", "Move 3"], ["Fly 3", "Move 3"],
             ["Move 3", "Fly 3"], ["Move 2 (Height 1)"])
    actions = (["Longbow, range 6", "Dagger, range 0"], ["Sling, range 3", "Spear, range 0, Reach"],
               ["Javelin, range 2", "Glaive, range 0, Reach 2"], ["Crossbow, range 5"])
    fighters = []
    step = n_ground / n_fighters
    for k in range(n_fighters):
        side = ("Blue", "Red")[k % 2]
        g = min(n_ground - 1, int(k * step + rng.random() * step))
        section = f"g{g:03d}"
        if k % 5 == 4:
            section = f"s{slab_over[(k // 5) % len(slab_over)]:03d}"
        f: dict[str, Any] = {
            "id": f"{side.lower()}-{k // 2 + 1:02d}", "name": f"{side} {k // 2 + 1}", "side": side, "section": section,
            "moves": moves[k % len(moves)], "actions": actions[(k // 2) % len(actions)],
        }
        if k % 7 == 3:
            f["height"] = 1
        fighters.append(f)
    return {"vertigo": 1, "title": f"Generated field ({len(sections)} sections)", "units": "height", "dice_seed": 7,
            "sections": sections, "borders": borders, "fighters": fighters}


def saved_table(doc: dict[str, Any]) -> str:
    """The localStorage text of a fresh saved table for a scenario document."""
    return json.dumps({"table": 1, "scenario": doc, "positions": {f["id"]: f["section"] for f in doc["fighters"]},
                       "rolls": 0, "log": [], "history": []})


def _steps_from(adj: dict[str, list[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in adj[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def click_plan(doc: dict[str, Any], reps: int, seed: int = 3) -> list[tuple[str, str, str]]:
    """(fighter, section 3-5 steps away, enemy fighter) per repetition; enemies alternate near / far."""
    rng = random.Random(seed)
    adj: dict[str, list[str]] = {s["id"]: [] for s in doc["sections"]}
    for a, b in doc["borders"]:
        adj[a].append(b)
        adj[b].append(a)
    blue = [f for f in doc["fighters"] if f["side"] == "Blue"]
    red = [f for f in doc["fighters"] if f["side"] == "Red"]
    plan = []
    for r in range(reps):
        me = blue[(r * 7) % len(blue)]
        dist = _steps_from(adj, me["section"])
        dest = rng.choice(sorted(s for s, d in dist.items() if 3 <= d <= 5))
        enemy = rng.choice(red) if r % 2 else min(red, key=lambda f: (dist.get(f["section"], 10**9), f["id"]))
        plan.append((me["id"], dest, enemy["id"]))
    return plan


def read_limits() -> dict[str, Any]:
    """Every upper-case number of ``py/vertigo/limits.py`` as the working tree has it now."""
    sys.path.insert(0, str(ROOT / "py"))
    write_bytecode, sys.dont_write_bytecode = sys.dont_write_bytecode, True   # leave py/ as it was
    try:
        mod = importlib.import_module("vertigo.limits")
    finally:
        sys.path.pop(0)
        sys.dont_write_bytecode = write_bytecode
    return {k: v for k, v in vars(mod).items() if k.isupper()
            and isinstance(v, (int, float)) and not isinstance(v, bool)}


def document_limit(lim: dict[str, Any]) -> tuple[str, int]:
    """(name, value) of the largest scenario document: MAX_DOCUMENT_CHARS, else MAX_DOCUMENT_BYTES."""
    for name in ("MAX_DOCUMENT_CHARS", "MAX_DOCUMENT_BYTES"):
        if name in lim:
            return name, int(lim[name])
    raise BenchError("py/vertigo/limits.py has neither MAX_DOCUMENT_CHARS nor MAX_DOCUMENT_BYTES")


def table_budget(lim: dict[str, Any]) -> tuple[str, int] | None:
    """The saved-table budget constant of limits.py (TABLE_BUDGET, else any *BUDGET* name), if it has one."""
    if "TABLE_BUDGET" in lim:
        return "TABLE_BUDGET", int(lim["TABLE_BUDGET"])
    for name in sorted(lim):
        if "BUDGET" in name:
            return name, int(lim[name])
    return None


def need_caps(lim: dict[str, Any]) -> dict[str, int]:
    names = ("MAX_SECTIONS", "MAX_BORDERS", "MAX_FIGHTERS", "MAX_ENTRIES", "MAX_DISTANCE", "MAX_ELEVATION", "MAX_NAME")
    missing = [n for n in names if n not in lim]
    if missing:
        raise BenchError(f"py/vertigo/limits.py has no {', '.join(missing)}")
    return {n: int(lim[n]) for n in names}


def repro_file(name: str) -> Path | None:
    """A file of the shared repro folder (../shared/repro/reliability/ beside the repository, or /work/shared/...)."""
    for folder in REPRO_DIRS:
        if (folder / name).is_file():
            return folder / name
    return None


def _border_ends(b: Any) -> tuple[str, str] | None:
    if isinstance(b, dict):
        b = b.get("between")
    if isinstance(b, list) and len(b) == 2 and all(isinstance(e, str) for e in b):
        return b[0], b[1]
    return None


_ENTRY_HEAD = re.compile(r"^\s*([A-Za-z]+)\s+(\d+)")
_NUMBERS_OVER = re.compile(r"(\b(?:Move|Fly|Phase|Teleport|range|Reach)\s+)(\d+)")


def cut_to_caps(doc: dict[str, Any], lim: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A scenario document cut down to the caps, and what was cut.

    The first MAX_SECTIONS sections, the borders among them up to MAX_BORDERS, the fighters standing
    on them up to MAX_FIGHTERS, each with at most MAX_ENTRIES Move entries and actions; distances and
    ranges above MAX_DISTANCE, elevations above MAX_ELEVATION and names above MAX_NAME are brought
    down to the cap.
    """
    caps = need_caps(lim)
    notes: list[str] = []
    sections = doc["sections"][:caps["MAX_SECTIONS"]]
    if len(sections) < len(doc["sections"]):
        notes.append(f"sections {len(doc['sections'])} -> {len(sections)}")
    ids = {s["id"] for s in sections}
    borders = [b for b in doc.get("borders", []) if (e := _border_ends(b)) and e[0] in ids and e[1] in ids]
    kept_borders = borders[:caps["MAX_BORDERS"]]
    if len(kept_borders) < len(doc.get("borders", [])):
        notes.append(f"borders {len(doc.get('borders', []))} -> {len(kept_borders)}")
    fighters = [f for f in doc.get("fighters", []) if f.get("section") in ids][:caps["MAX_FIGHTERS"]]
    if len(fighters) < len(doc.get("fighters", [])):
        notes.append(f"fighters {len(doc.get('fighters', []))} -> {len(fighters)}")
    elev, dist, name_cap = caps["MAX_ELEVATION"], caps["MAX_DISTANCE"], caps["MAX_NAME"]
    clamped = {"entries": 0, "elevations": 0, "names": 0}

    def name(text: Any) -> Any:
        if isinstance(text, str) and len(text) > name_cap:
            clamped["names"] += 1
            return text[:name_cap]
        return text

    def entry(text: str) -> str:
        def down(m: re.Match[str]) -> str:
            if int(m.group(2)) <= dist:
                return m.group(0)
            clamped["entries"] += 1
            return f"{m.group(1)}{dist}"
        out = _NUMBERS_OVER.sub(down, text)
        return re.sub(r"\(\s*Height\s+(\d+(?:\.\d+)?)\s*\)",
                      lambda m: f"(Height {min(float(m.group(1)), elev):g})", out)

    new_sections = []
    for s in sections:
        s = dict(s, name=name(s.get("name", s["id"])))
        if isinstance(s.get("elevation"), (int, float)) and abs(s["elevation"]) > elev:
            clamped["elevations"] += 1
            s["elevation"] = max(-elev, min(elev, s["elevation"]))
        new_sections.append(s)
    new_fighters = []
    for f in fighters:
        moves, actions = f.get("moves", []), f.get("actions", [])
        if len(moves) > caps["MAX_ENTRIES"] or len(actions) > caps["MAX_ENTRIES"]:
            clamped["entries"] += 1
        new_fighters.append(dict(f, name=name(f.get("name")), moves=[entry(m) for m in moves[:caps["MAX_ENTRIES"]]],
                                 actions=[entry(a) for a in actions[:caps["MAX_ENTRIES"]]]))
    notes += [f"{n} {what} brought down to the caps" for what, n in clamped.items() if n]
    return dict(doc, sections=new_sections, borders=kept_borders, fighters=new_fighters), notes


def fit_document(doc: dict[str, Any], limit: int) -> tuple[str, list[str]]:
    """Compact JSON text of `doc` within the document limit: names shortened, then fighters dropped, if needed."""
    notes: list[str] = []
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    if len(text) > limit:
        doc = dict(doc, sections=[dict(s, name=s["id"]) for s in doc["sections"]],
                   fighters=[dict(f, name=f["id"]) for f in doc["fighters"]])
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        notes.append(f"names replaced by ids to fit the {limit:,}-character document limit")
    while len(text) > limit and len(doc["fighters"]) > 1:
        keep = max(1, int(len(doc["fighters"]) * limit / len(text)) - 1)
        notes.append(f"fighters {len(doc['fighters'])} -> {keep} to fit the document limit")
        doc = dict(doc, fighters=doc["fighters"][:keep])
        text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    return text, notes


def grid_field(lim: dict[str, Any], *, n_sections: int | None = None, n_fighters: int | None = None,
               seed: int = 2000, long_names: bool = False) -> dict[str, Any]:
    """A worst case for path search at the caps, as a scenario document.

    Sections in a rectangular grid (side by side in the drawing, one column after another), borders
    between 4-neighbours, then diagonal neighbours while MAX_BORDERS allows.  Elevations alternate
    like a checkerboard between a climb and a drop of random size up to MAX_ELEVATION (fixed seed), so
    every step is a big drop or a big climb and the cheapest route keeps changing.  Each fighter has
    MAX_ENTRIES Move entries — ``Move {MAX_DISTANCE} (Height h)`` with h from MAX_ELEVATION down to 0,
    then ``Fly`` and ``Teleport`` of MAX_DISTANCE — and MAX_ENTRIES actions of range MAX_DISTANCE.
    """
    caps = need_caps(lim)
    n = caps["MAX_SECTIONS"] if n_sections is None else max(2, n_sections)
    nf = caps["MAX_FIGHTERS"] if n_fighters is None else max(1, n_fighters)
    elev, dist, k, name_cap = caps["MAX_ELEVATION"], caps["MAX_DISTANCE"], caps["MAX_ENTRIES"], caps["MAX_NAME"]
    rng = random.Random(seed)
    cols = max(1, math.isqrt(n))
    rows = math.ceil(n / cols)

    def name(text: str) -> str:
        return (text + " " + "of the long fall " * 8)[:name_cap].rstrip() if long_names else text

    cell = {}
    sections = []
    for i in range(n):
        r, c = i % rows, i // rows
        cell[(r, c)] = f"c{i}"
        sign = 1 if (r + c) % 2 else -1
        sections.append({"id": f"c{i}", "name": name(f"Cell {r}.{c}"), "elevation": sign * rng.randint(0, elev),
                         "x": [i, i + 0.9], "kind": "ground"})
    borders: list[list[str]] = []
    for steps in (((0, 1), (1, 0)), ((1, 1), (1, -1))):
        for (r, c), sid in cell.items():
            for dr, dc in steps:
                other = cell.get((r + dr, c + dc))
                if other and len(borders) < caps["MAX_BORDERS"]:
                    borders.append([sid, other])
    n_moves = max(1, k - 2) if k >= 3 else k
    heights = [round(elev * (1 - j / max(1, n_moves - 1))) for j in range(n_moves)]
    moves = [f"Move {dist} (Height {h})" for h in heights] + ([f"Fly {dist}", f"Teleport {dist}"] if k >= 3 else [])
    fighters = []
    for j in range(nf):
        side = ("Blue", "Red")[j % 2]
        actions = [f"{name(f'Bow {a}')[:name_cap - 20]}, range {dist}"
                   if a % 3 else f"Glaive {a}, range {dist}, Reach {dist}"
                   for a in range(k)]
        fighters.append({"id": f"f{j}", "name": name(f"{side} {j // 2 + 1}"), "side": side,
                         "section": f"c{rng.randrange(n)}", "moves": list(moves), "actions": actions})
    return {"vertigo": 1, "title": f"Worst-case grid ({n} sections, {len(borders)} borders, {nf} fighters)",
            "units": "height", "dice_seed": 11, "sections": sections, "borders": borders, "fighters": fighters}


def sized_document(lim: dict[str, Any], chars: int) -> tuple[str, str]:
    """A valid scenario of exactly `chars` characters (indented as Export writes it), and how it was made.

    The worst-case grid with long names, scaled until it fits; where the caps leave it shorter, wider
    indentation, then trailing white space, make up the rest (said in the note).
    """
    caps = need_caps(lim)
    per_fighter = caps["MAX_FIGHTERS"] / caps["MAX_SECTIONS"]

    def make(n: int, indent: int = 2, nf: int | None = None) -> str:
        nf = max(1, round(n * per_fighter)) if nf is None else nf
        doc = grid_field(lim, n_sections=n, n_fighters=nf, seed=chars, long_names=True)
        return json.dumps(doc, indent=indent, ensure_ascii=False)

    n = caps["MAX_SECTIONS"]
    text = make(n)
    indent = 2
    if len(text) < chars:
        for wider in (4, 8, 16, 32, 64):
            t = make(n, wider)
            if len(t) > chars:
                break
            text, indent = t, wider
    while len(text) > chars and n > 2:
        n = max(2, min(n - 1, int(n * chars / len(text) * 0.995)))
        text = make(n)
    nf = max(1, round(n * per_fighter))
    for _ in range(60):                 # then section by section, as close under `chars` as it goes
        if n >= caps["MAX_SECTIONS"] or len(bigger := make(n + 1, indent, nf)) > chars:
            break
        n, text = n + 1, bigger
    note = f"{n} sections, {nf} fighters, indent {indent}"
    if len(text) < chars:
        pad = chars - len(text)
        if pad > chars // 100:
            note += f", +{pad:,} chars of trailing white space"
        text += "\n" * pad if pad < 2 else "\n" + " " * (pad - 1)
    return text, note


def cap_battlefields(lim: dict[str, Any], limit: int) -> list[dict[str, Any]]:
    """The two battlefields at the caps: R3 cut down to them, and the worst-case grid; each written for Import."""
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    out = []
    r3 = repro_file(R3_FILE)
    if r3 is None:
        out.append({"name": "R3 cut to caps", "missing": f"{R3_FILE}"
                                               f" not found in " + " or ".join(map(str, REPRO_DIRS))})
    else:
        doc, notes = cut_to_caps(json.loads(r3.read_text(encoding="utf-8")), lim)
        text, more = fit_document(doc, limit)
        path = WORK_DIR / "r3-caps.json"
        path.write_text(text, encoding="utf-8")
        out.append({"name": "R3 cut to caps", "source": str(r3), "path": path, "doc": doc, "chars": len(text),
                    "notes": (notes + more) or ["already within the caps"]})
    doc = grid_field(lim)
    text, notes = fit_document(doc, limit)
    path = WORK_DIR / "grid-caps.json"
    path.write_text(text, encoding="utf-8")
    out.append({"name": "worst-case grid", "path": path, "doc": doc, "chars": len(text), "notes": notes})
    return out
