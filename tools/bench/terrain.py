"""The Terrain features battlefield at the caps: 250 sections (ground in a chain, slabs over some with a
ladder and a border face each), the features' cap (a wall with a door, an archway or none, and a heap of
rubble on each section), 50 fighters with Move 6 in.  ``terrain_clicks`` times a fighter's selection and a
route to a point under CPython; the page's figures come from the clicks bench on this document.
"""

from __future__ import annotations

import random
import time
from statistics import median
from typing import Any


def terrain_field(n_sections: int = 250, n_features: int = 500, n_fighters: int = 50, seed: int = 24
                  ) -> dict[str, Any]:
    """A version-2 inches document at the caps (see the module's docstring)."""
    rng = random.Random(seed)
    n_slabs = n_sections // 5
    n_ground = n_sections - n_slabs
    width = 6
    sections: list[dict[str, Any]] = []
    borders: list[Any] = []
    features: list[dict[str, Any]] = []
    elev = 0.0
    for i in range(n_ground):
        elev = min(6.0, max(0.0, elev + rng.choice((-1.5, -0.5, 0, 0, 0, 0.5, 1.5))))
        sections.append({"id": f"g{i:03d}", "name": f"Ground {i}", "elevation": elev,
                         "x": [width * i, width * i + width]})
        if i:
            borders.append([f"g{i - 1:03d}", f"g{i:03d}"])
    over = sorted(rng.sample(range(1, n_ground - 1), n_slabs))
    for j in over:
        g = sections[j]
        x0 = g["x"][0] + 1
        sid = f"s{j:03d}"
        sections.append({"id": sid, "name": f"Walkway {j}", "elevation": g["elevation"] + 3,
                         "x": [x0, x0 + 4], "kind": "slab"})
        borders.append({"between": [g["id"], sid], "x": x0 + 3, "id": f"l{j:03d}", "kind": "ladder"})
    per = max(1, n_features // n_ground)
    left = n_features
    for i in range(n_ground):
        g = sections[i]
        x0 = g["x"][0]
        for k in range(per):
            if left == 0:
                break
            left -= 1
            if k % 2 == 0:
                opening = rng.choice(("door-closed", "door-open", "archway", None))
                f = {"id": f"w{i:03d}", "name": f"Wall {i}", "on": g["id"], "x": [x0 + 0.25, x0 + 0.75],
                     "height": 2}
                if opening:
                    f["opening"] = opening
            else:
                f = {"id": f"r{i:03d}", "name": f"Rubble {i}", "on": g["id"], "x": [x0 + 4.5, x0 + 5.5],
                     "height": 0.5}
            features.append(f)
    fighters = []
    for n in range(n_fighters):
        g = sections[(n * 97) % n_ground]
        fighters.append({"id": f"f{n:02d}", "name": f"Fighter {n}", "side": "AB"[n % 2], "section": g["id"],
                         "x": g["x"][0] + 2, "move": 6,
                         "move_check": {"dice": "2d6", "pass": "at_most", "target": 7}})
    return {"vertigo": 2, "title": "Terrain at the caps", "units": "inches", "rules": ["terrain"],
            "sections": sections, "borders": borders, "features": features, "fighters": fighters}


def terrain_clicks(doc: dict[str, Any], reps: int = 30) -> dict[str, float]:
    """Median ms under CPython of a fighter's selection (search and stretches) and of a route to a point."""
    from fractions import Fraction

    from vertigo import scenario
    from vertigo.rules.terrain.rules import moves
    from vertigo.stand import Stand
    from vertigo.table import Table

    sc = scenario.load(doc)
    table = Table.start(sc)
    rng = random.Random(7)
    select, route = [], []
    for n in range(reps):
        fid = sc.fighters[n % len(sc.fighters)].id
        t0 = time.perf_counter()
        moves.reachable(table, fid)
        select.append((time.perf_counter() - t0) * 1000)
        s = rng.choice(sc.field.sections)
        x = s.x0 + Fraction(rng.randint(0, 8), 8) * (s.x1 - s.x0)
        t0 = time.perf_counter()
        try:
            moves.route(table, fid, Stand(s.id, x))
        except Exception:  # a point inside an obstacle is a verdict, never an error; anything else is a bug
            raise
        route.append((time.perf_counter() - t0) * 1000)
    return {"select_ms": median(select), "route_ms": median(route), "select_max_ms": max(select),
            "route_max_ms": max(route)}
