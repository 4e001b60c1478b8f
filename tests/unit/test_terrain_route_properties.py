"""Properties of moves in inches over generated battlefields (Terrain features, T1, T2, T5, T7, T8):
a route never costs less than its horizontal distance, no move ends inside an obstacle, and the shaded
stretches agree with the route verdict at sampled points.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vertigo import scenario
from vertigo.features import inside
from vertigo.rules.terrain.rules import moves
from vertigo.rules.terrain.rules.kinds import OBSTACLE
from vertigo.stand import Stand
from vertigo.table import Table

QUARTERS = st.integers(0, 16).map(lambda q: F(q, 4))


@st.composite
def battlefields(draw: Any) -> tuple[Table, list[tuple[str, F]]]:
    """A chain of 2–4 ground sections (elevations 0–4 in), maybe a slab with a ladder, features on the
    ground (low or obstacles, some with openings), one fighter with Move 0–15 in; and points to try."""
    n = draw(st.integers(2, 4))
    sections, borders, features = [], [], []
    x = F(0)
    for i in range(n):
        w = draw(st.integers(2, 8))
        sections.append({"id": f"g{i}", "name": f"G{i}", "elevation": str(draw(QUARTERS)), "x": [str(x), str(x + w)]})
        if i:
            borders.append([f"g{i - 1}", f"g{i}"])
        fx = x + F(draw(st.integers(0, 2 * w - 2)), 2)
        if draw(st.booleans()) and fx + F(1, 2) <= x + w:
            h = draw(st.integers(1, 12)) * F(1, 4)
            f: dict[str, Any] = {"id": f"f{i}", "name": f"F{i}", "on": f"g{i}", "x": [str(fx), str(fx + F(1, 2))],
                                 "height": str(h)}
            if h >= OBSTACLE and draw(st.booleans()):
                f["opening"] = draw(st.sampled_from(["door-closed", "door-open", "archway"]))
            features.append(f)
        x += w
    if draw(st.booleans()):
        g = sections[0]
        top = F(g["elevation"]) + 3
        sections.append({"id": "s", "name": "Slab", "elevation": str(top), "x": [g["x"][0], g["x"][1]],
                         "kind": "slab"})
        borders.append({"between": ["g0", "s"], "x": g["x"][1], "id": "lad", "kind": "ladder"})
    doc = {"vertigo": 2, "title": "t", "units": "inches", "rules": ["terrain"], "sections": sections,
           "borders": borders, "features": features,
           "fighters": [{"id": "a", "name": "A", "side": "x", "section": "g0", "x": "0",
                         "move": str(draw(st.integers(0, 30)) * F(1, 2))}]}
    sc = scenario.load(doc)
    points = []
    for _ in range(6):
        s = draw(st.sampled_from(sc.field.sections))
        points.append((s.id, s.x0 + (s.x1 - s.x0) * F(draw(st.integers(0, 16)), 16)))
    return Table.start(sc), points


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields(), st.booleans())
def test_routes_and_stretches_agree(made: tuple[Table, list[tuple[str, F]]], drops: bool) -> None:
    """T8: a route costs its horizontal inches at least; T1: it never ends inside an obstacle; the stretches
    shaded for the fighter hold exactly the points a route within its Move reaches."""
    table, points = made
    field = table.scenario.field
    shaded = moves.reachable(table, "a", drops)
    start = table.stand_of("a")
    for sid, x in points:
        v = moves.route(table, "a", Stand(sid, x), drops)
        if v.found:
            assert v.cost >= abs(x - (start.x or 0))
        walled = inside(field.features, sid, x)
        in_wall = walled is not None and walled.height >= OBSTACLE
        if v.allowed:
            assert not in_wall
        if not in_wall:
            assert shaded.holds(sid, x) == v.allowed, (sid, x, v.summary, shaded)
