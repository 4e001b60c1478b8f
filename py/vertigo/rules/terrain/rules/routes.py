"""The route graph of a battlefield in inches, and the search over it (T2, T5, T7, T8).

A fighter is a point.  It walks along a section's surface (stairs: the rises it climbs count, T8), crosses
low terrain for its horizontal distance only (T1), climbs over an obstacle (up its height, across its
thickness, down again, T2), goes through a door or an archway straight through its centre (its thickness,
T5), climbs a border face or a ladder (its height, up or down, T8) and, where the user allows drops, drops
from an unenclosed edge to the surface below for no inches and a fall (T7).

The graph is built once per battlefield (:meth:`vertigo.battlefield.Battlefield.derived`): its nodes are
points on the sections (their ends, the borders' x, the features' faces, where a drop lands), in document
order then left to right, so a search's ties fall the same way on every interpreter (H13).  A search from a
fighter's place keeps, at each node, every label not beaten on all of (pieces that stop the route, falling
dice, inches); the route to a point is then the best of the labels at its two neighbouring nodes.

Source: ``002_c9100305c0bcca6b.txt`` › Obstacles, Low terrain, Stairs and ladders, Archways and doors;
rulings T1, T2, T5, T7, T8, H13.

Rulings restated in ``docs/rules.md``: ``#t2-climbing-cost``, ``#t5-doors``, ``#t7-dropping-down``,
``#t8-movement-in-inches``.
"""

from __future__ import annotations

import dataclasses
import heapq
import math
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo.battlefield import Battlefield, Section
from vertigo.features import Feature
from vertigo.stand import Stand

from .edges import edge_below
from .kinds import OBSTACLE

__all__ = ["Crossing", "Edge", "RouteGraph", "Label", "Search", "graph_of", "search", "walk_cost", "HEADROOM"]

HEADROOM = Fraction(1)
"""A feature cannot be climbed over when its top comes within this many inches of a slab above it (issue 24)."""
ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class Crossing:
    """One piece a route crosses.

    Attributes:
        kind: ``"low"`` (low terrain, T1), ``"obstacle"`` (climbed over or up/down a face, T2), ``"ladder"``
            (T8), ``"door"`` or ``"archway"`` (through its centre, T5), ``"drop"`` (T7).
        border: the border's index in the document (a face, a ladder), or None.
        feature: the feature's id, or None.
        name: what the explanation calls it (a feature's name, or ``"A → B"`` for a border).
        x: where it is crossed, in inches.
        height: the piece's height, in inches (a face's or a ladder's: the difference of its surfaces).
        up: inches climbed up; down: inches climbed down; drop: inches dropped (a fall), all ≥ 0.
        across: inches walked across it (an obstacle's or an opening's thickness).
        opening: the feature's opening (``"door-closed"``), or None.
    """

    kind: str
    border: int | None
    feature: str | None
    name: str
    x: Fraction
    height: Fraction
    up: Fraction = ZERO
    down: Fraction = ZERO
    drop: Fraction = ZERO
    across: Fraction = ZERO
    opening: str | None = None

    def reversed(self) -> Crossing:
        """The same piece crossed the other way (up and down swap; a drop has no reverse)."""
        return Crossing(self.kind, self.border, self.feature, self.name, self.x, self.height, self.down, self.up,
                        self.drop, self.across, self.opening)


@dataclass(frozen=True, slots=True)
class Edge:
    """One step of the graph from a node to another.

    Attributes:
        to: the node reached.
        horizontal: inches walked; vertical: inches climbed (up and down), both counted against the Move.
        crossing: the piece crossed, or None for a plain walk along a surface.
        stop: why this step cannot be taken (no headroom over an obstacle), or None; a drop's step is
            stopped only when drops are not allowed (checked at search time).
    """

    to: int
    horizontal: Fraction
    vertical: Fraction
    crossing: Crossing | None = None
    stop: str | None = None

    @property
    def inches(self) -> Fraction:
        """What it costs of the Move: horizontal plus vertical inches (T8)."""
        return self.horizontal + self.vertical


def walk_cost(section: Section, xa: Fraction, xb: Fraction) -> tuple[Fraction, Fraction]:
    """``(horizontal, vertical)`` inches of walking from ``xa`` to ``xb`` along a section: the distance, and
    on stairs the rises climbed or descended between (T8; a step boundary belongs to the step on its
    right, :meth:`~vertigo.battlefield.Section.surface`)."""
    return abs(xb - xa), abs(section.surface(xb) - section.surface(xa))


@dataclass(frozen=True)
class RouteGraph:
    """The route graph of one battlefield (built by :func:`graph_of`).

    Attributes:
        field: the battlefield.
        section_of: each node's section index (document order); x: each node's x, in inches.
        edges: each node's edges, in the order built.
        first: each section's first node index; its nodes run left to right up to the next section's first.
        ladders: border index → (foot node, top node, Height in inches) for each ladder.
    """

    field: Battlefield
    section_of: tuple[int, ...]
    x: tuple[Fraction, ...]
    edges: tuple[tuple[Edge, ...], ...]
    first: tuple[int, ...]
    ladders: dict[int, tuple[int, int, Fraction]]
    unit: int = 1
    _weights: dict[tuple[int, Fraction], tuple[tuple[tuple[int, int, int], ...], ...]] = dataclasses.field(
        default_factory=dict, repr=False, compare=False)

    def weights(self, unit: int, scale: Fraction) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """Per node, per edge: ``(cost in 1/unit inches, falling dice or -1 for no drop, 1 if stopped)``,
        worked out once per unit and fall scale (T6, T8)."""
        key = (unit, scale)
        known = self._weights.get(key)
        if known is None:
            known = self._weights[key] = tuple(
                tuple((int(e.inches * unit), _dice(e.crossing.drop, scale)
                       if e.crossing is not None and e.crossing.kind == "drop" else -1, 0 if e.stop is None else 1)
                      for e in node_edges) for node_edges in self.edges)
        return known

    def nodes_of(self, section_index: int) -> range:
        """The nodes on a section, left to right."""
        end = self.first[section_index + 1] if section_index + 1 < len(self.first) else len(self.x)
        return range(self.first[section_index], end)

    def node_at(self, section_index: int, x: Fraction) -> int | None:
        """The node on a section exactly at ``x``, or None."""
        nodes = self.nodes_of(section_index)
        xs = self.x[nodes.start:nodes.stop]
        i = bisect_left(xs, x)
        return nodes.start + i if i < len(xs) and xs[i] == x else None

    def around(self, section_index: int, x: Fraction) -> tuple[int | None, int | None]:
        """The nearest nodes left and right of ``x`` on a section (either None at its ends)."""
        nodes = self.nodes_of(section_index)
        xs = self.x[nodes.start:nodes.stop]
        i = bisect_left(xs, x)
        left = nodes.start + i - 1 if i > 0 else None
        right = nodes.start + i if i < len(xs) else None
        return left, right

    def obstacle_between(self, section_index: int, xa: Fraction, xb: Fraction) -> Feature | None:
        """An obstacle on the section whose span lies between ``xa`` and ``xb`` (a fighter at one would have
        to cross it to reach the other), or None."""
        sid = self.field.sections[section_index].id
        lo, hi = min(xa, xb), max(xa, xb)
        for f in self.field.features:
            if f.on == sid and f.height >= OBSTACLE and lo < f.x1 and f.x0 < hi:
                return f
        return None


def _feature_edge(f: Feature, field: Battlefield) -> tuple[Fraction, str | None]:
    """``(vertical inches, why it cannot be climbed)`` of crossing a solid obstacle ``f``: up and down its
    height (T2), unless a slab above overlaps it with less than 1 in of headroom over its top."""
    on = field.section(f.on)
    top = on.surface(f.centre) + f.height
    for s in field.sections:
        if s.kind == "slab" and s.x0 < f.x1 and f.x0 < s.x1 and s.id != f.on:
            gap = s.elevation - top
            if s.elevation > on.surface(f.centre) and gap < HEADROOM:
                return 2 * f.height, (f"{f.name} cannot be climbed over: its top is within 1 in of "
                                      f"{s.name} above it")
    return 2 * f.height, None


def _across(piece: Feature, field: Battlefield, horizontal: Fraction, vertical: Fraction
            ) -> tuple[Fraction, Fraction, Crossing, str | None]:
    """``(horizontal, vertical, crossing, stop)`` of going across a feature: low terrain walked (T1), an
    opening gone through its centre (T5), a solid obstacle climbed over (T2) unless it has no headroom."""
    if piece.height < OBSTACLE:
        return horizontal, vertical, Crossing("low", None, piece.id, piece.name, piece.centre, piece.height,
                                              across=horizontal), None
    if piece.opening is not None:
        kind = "archway" if piece.opening == "archway" else "door"
        return horizontal, ZERO, Crossing(kind, None, piece.id, piece.name, piece.centre, piece.height,
                                          across=horizontal, opening=piece.opening), None
    climb, stop = _feature_edge(piece, field)
    return horizontal, climb, Crossing("obstacle", None, piece.id, piece.name, piece.centre, piece.height,
                                       piece.height, piece.height, across=horizontal), stop


def graph_of(field: Battlefield) -> RouteGraph:
    """The battlefield's route graph, built once (:meth:`~vertigo.battlefield.Battlefield.derived`).

    Source: rulings T1, T2, T5, T7, T8 (``docs/rules.md#t8-movement-in-inches``).
    """
    return field.derived("terrain.routes", _build)


def _build(field: Battlefield) -> RouteGraph:
    sections = field.sections
    index = {s.id: i for i, s in enumerate(sections)}
    points: list[set[Fraction]] = [{s.x0, s.x1} for s in sections]
    for b in field.borders:
        for end in (b.a, b.b):
            s = sections[index[end]]
            points[index[end]].add(min(max(b.x, s.x0), s.x1))
    for f in field.features:
        points[index[f.on]].update((f.x0, f.x1))
    drops: list[tuple[int, Fraction, int]] = []
    for i, s in enumerate(sections):
        for side in (s.x0, s.x1):
            below = edge_below(field, s, side)
            if below is not None:
                points[index[below.id]].add(side)
                drops.append((i, side, index[below.id]))
    section_of: list[int] = []
    xs: list[Fraction] = []
    first: list[int] = []
    for i, pts in enumerate(points):
        first.append(len(xs))
        for x in sorted(pts):
            section_of.append(i)
            xs.append(x)
    edges: list[list[Edge]] = [[] for _ in xs]
    by_section = {s.id: [f for f in field.features if f.on == s.id] for s in sections}

    def node(i: int, x: Fraction) -> int:
        end = first[i + 1] if i + 1 < len(first) else len(xs)
        return bisect_left(xs, x, first[i], end)

    def both(a: int, b: int, h: Fraction, v: Fraction, c: Crossing | None, stop: str | None = None) -> None:
        edges[a].append(Edge(b, h, v, c, stop))
        edges[b].append(Edge(a, h, v, None if c is None else c.reversed(), stop))

    for i, s in enumerate(sections):
        nodes = range(first[i], first[i + 1] if i + 1 < len(first) else len(xs))
        for a in nodes[:-1]:
            xa, xb = xs[a], xs[a + 1]
            piece = next((piece for piece in by_section[s.id] if piece.x0 <= xa and xb <= piece.x1), None)
            horizontal, vertical = walk_cost(s, xa, xb)
            if piece is None:
                both(a, a + 1, horizontal, vertical, None)
            else:
                both(a, a + 1, *_across(piece, field, horizontal, vertical))
    ladders: dict[int, tuple[int, int, Fraction]] = {}
    for k, b in enumerate(field.borders):
        ia, ib = index[b.a], index[b.b]
        sa, sb = sections[ia], sections[ib]
        na, nb = node(ia, min(max(b.x, sa.x0), sa.x1)), node(ib, min(max(b.x, sb.x0), sb.x1))
        low, high = field.border_surfaces(b)
        rise = high - low
        height = abs(rise)
        name = f"{sa.name} → {sb.name}"
        if b.kind == "ladder":
            foot, top = (na, nb) if rise >= 0 else (nb, na)
            ladders[k] = (foot, top, height)
            both(foot, top, ZERO, height, Crossing("ladder", k, None, name, b.x, height, up=height))
            continue
        if height == 0:
            both(na, nb, ZERO, ZERO, None)
            continue
        up_c = Crossing("low" if height < OBSTACLE else "obstacle", k, None, name, b.x, height,
                        up=height if height >= OBSTACLE else ZERO)
        climb = height if height >= OBSTACLE else ZERO
        lower, upper = (na, nb) if rise > 0 else (nb, na)
        edges[lower].append(Edge(upper, ZERO, climb, up_c))
        edges[upper].append(Edge(lower, ZERO, climb, up_c.reversed()))
    for i, side, j in drops:
        s = sections[i]
        top = node(i, side)
        land = node(j, side)
        fall = s.surface(side) - sections[j].surface(side)
        edges[top].append(Edge(land, ZERO, ZERO, Crossing("drop", None, None, f"{s.name} → {sections[j].name}",
                                                          side, fall, drop=fall)))
    unit = math.lcm(1, *(x.denominator for node_edges in edges for e in node_edges
                            for x in (e.horizontal, e.vertical)))
    return RouteGraph(field, tuple(section_of), tuple(xs), tuple(tuple(e) for e in edges), tuple(first), ladders,
                      unit)


Raw = tuple[int, int, int, int, Any, Any]
"""A label as the search keeps it: ``(stops, dice, cost, node, back, edge)``, the cost in 1/unit inches."""


@dataclass(frozen=True, slots=True)
class Label:
    """One way of reaching a node: its costs, and where it came from.

    Attributes:
        stops: how many pieces on the way stop the route (no headroom; a drop where drops are not allowed).
        dice: falling dice on the way (T6, H8).
        inches: inches of Move spent (T8).
        node: the node reached; -1 for the start, -2 for a point between nodes.
        back: the label it came from (a Label, or a search's raw label), None at the start.
        edge: the step taken from it, None at the start.
    """

    stops: int
    dice: int
    inches: Fraction
    node: int
    back: Label | Raw | None
    edge: Edge | None

    def edges(self) -> list[Edge]:
        """The steps from the start to here, in order."""
        out: list[Edge] = [] if self.edge is None else [self.edge]
        at = self.back
        while at is not None:
            if isinstance(at, Label):
                edge, at = at.edge, at.back
            else:
                edge, at = at[5], at[4]
            if edge is not None:
                out.append(edge)
        out.reverse()
        return out


@dataclass(frozen=True)
class Search:
    """Every label a search from one place keeps (:func:`search`).

    Attributes:
        graph: the graph searched.
        start: the place searched from.
        drops: whether drops were allowed.
        raw: per node, its labels in the order they were settled (the first is the best by stops, dice,
            inches), costs in 1/:attr:`unit` inches.
        unit: the costs' denominator: every edge's inches times it is whole.
    """

    graph: RouteGraph
    start: Stand
    drops: bool
    raw: tuple[tuple[Raw, ...], ...]
    unit: int

    def at(self, node: int) -> tuple[Label, ...]:
        """The labels kept at a node."""
        return tuple(Label(r[0], r[1], Fraction(r[2], self.unit), node, r, None) for r in self.raw[node])

    def least(self) -> list[Fraction | None]:
        """Per node, the fewest inches of a route nothing stops, or None (no such route)."""
        out: list[Fraction | None] = []
        for labs in self.raw:
            costs = [r[2] for r in labs if r[0] == 0]
            out.append(Fraction(min(costs), self.unit) if costs else None)
        return out


def _dice(drop: Fraction, scale: Fraction) -> int:
    """Whole Height levels in a drop of ``drop`` inches at ``scale`` inches a level (T6, H8)."""
    return math.floor(drop / scale)


def start_edges(graph: RouteGraph, stand: Stand) -> tuple[Edge, ...]:
    """The steps from a fighter's place onto the graph: to the nodes either side of it on its section, or up
    and down its ladder (T4, T8)."""
    field = graph.field
    if stand.ladder is not None and stand.up is not None:
        k = next(i for i, b in enumerate(field.borders) if b.id == stand.ladder)
        foot, top, height = graph.ladders[k]
        b = field.borders[k]
        name = f"{field.section(b.a).name} → {field.section(b.b).name}"
        return (Edge(foot, ZERO, stand.up, Crossing("ladder", k, None, name, b.x, height, down=stand.up)),
                Edge(top, ZERO, height - stand.up, Crossing("ladder", k, None, name, b.x, height,
                                                            up=height - stand.up)))
    i = field.order(stand.section)
    s = field.sections[i]
    x = s.centre if stand.x is None else stand.x
    at = graph.node_at(i, x)
    if at is not None:
        return (Edge(at, ZERO, ZERO),)
    out = []
    for n in graph.around(i, x):
        if n is not None:
            h, v = walk_cost(s, x, graph.x[n])
            out.append(Edge(n, h, v, _low_between(graph, i, x, graph.x[n])))
    return tuple(out)


def _low_between(graph: RouteGraph, i: int, xa: Fraction, xb: Fraction) -> Crossing | None:
    """Low terrain a walk from ``xa`` to ``xb`` on section ``i`` is inside (a fighter may stand on it, T1)."""
    sid = graph.field.sections[i].id
    lo, hi = min(xa, xb), max(xa, xb)
    for f in graph.field.features:
        if f.on == sid and f.x0 <= lo and hi <= f.x1 and f.height < OBSTACLE:
            return Crossing("low", None, f.id, f.name, f.centre, f.height, across=hi - lo)
    return None


def search(graph: RouteGraph, stand: Stand, drops: bool, scale: Fraction) -> Search:
    """Search every route from ``stand`` (T2, T5, T7, T8): at each node, every label not beaten on all of
    (stops, falling dice, inches), at most one stop per route.  Costs are counted in whole 1/unit inches
    (the least common denominator of every step's inches), so the search adds integers.

    Args:
        graph: the battlefield's route graph (:func:`graph_of`).
        stand: where the fighter stands (a section and x, or a ladder and up).
        drops: whether the route may drop from an unenclosed edge (T7); if not, a drop counts as a stop.
        scale: the fall scale, inches to a Height level (T6).

    Returns:
        The search, whose labels :mod:`.moving` reads for a route to any point and for the stretches.

    Source: rulings T7, T8, H13 (ties by the graph's order: document order, then left to right).
    """
    edges0 = start_edges(graph, stand)
    unit = math.lcm(graph.unit, *(e.inches.denominator for e in edges0))
    weights = graph.weights(unit, scale)
    settled: list[list[Raw]] = [[] for _ in graph.x]
    order = graph.section_of  # equal labels settle with the section first in the document first (H13)
    heap: list[tuple[int, int, int, int, int, Raw]] = []
    seq = 0
    begin: Raw = (0, 0, 0, -1, None, None)
    for e in edges0:
        lab: Raw = (0, 0, int(e.inches * unit), e.to, begin, e)
        heapq.heappush(heap, (0, 0, lab[2], order[e.to], seq, lab))
        seq += 1
    edges = graph.edges
    while heap:
        stops, dice, cost, _, _, lab = heapq.heappop(heap)
        node = lab[3]
        here = settled[node]
        if any(o[0] <= stops and o[1] <= dice and o[2] <= cost for o in here):
            continue
        here.append(lab)
        for e, (w, more_dice, stop) in zip(edges[node], weights[node], strict=True):
            s2 = stops + stop + (1 if more_dice >= 0 and not drops else 0)
            if s2 > 1:
                continue
            d2 = dice + max(more_dice, 0)
            c2 = cost + w
            to = e.to
            if any(o[0] <= s2 and o[1] <= d2 and o[2] <= c2 for o in settled[to]):
                continue
            nxt: Raw = (s2, d2, c2, to, lab, e)
            heapq.heappush(heap, (s2, d2, c2, order[to], seq, nxt))
            seq += 1
    return Search(graph, stand, drops, tuple(tuple(s) for s in settled), unit)
