"""Where the line of a shot and the route of a move are drawn: over the tops of the sections the core used.

A straight line between two fighters says nothing the rules decided and can
cut through terrain the rules call clear (H5 only asks whether a section
between stands higher than both ends).  So the side view draws both as a
polyline over the surfaces of the sections the core named, in the core's
order: along each section a little above its surface, then up or down beside
the border to the next one, on the side where the climb or drop meets no solid
terrain.

Pure geometry: a battlefield, a list of section ids and two end points in,
SVG points out.  The side view turns the points into a ``<polyline>``
(``data-sections`` names the sections); tests parse them and check them
against the terrain.

SVG units throughout: x grows to the right, y grows *downward*, a section's
surface at elevation e is at ``y = -e × sy``.  What is solid (see
:func:`solids`): ground fills everything under its surface; a slab only its
thickness.

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("the terrain must
not obstruct the entity's ability to see the target"); rulings H5, H7, H13
(``docs/rules.md#h5-ranged-actions-range-needed-and-blocking``); issue 7
(honest lines).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from vertigo.battlefield import Battlefield, Section

__all__ = ["Point", "Solid", "solids", "over_tops", "GAP", "TIGHT"]

Point = tuple[float, float]
"""(x, y) in SVG units, y downward."""

GAP = 20.0
"""How far beside a border (or beside a higher section's edge) a line climbs or drops, SVG units: clear of
the border's Height tag (at least 30 wide, centred on the border), so the line does not run through it."""
TIGHT = 6.0
"""How far beside a border a line climbs where :data:`GAP` would meet terrain (a slab a few units from the
border), SVG units."""

_EPS = 0.01
"""Touching a solid's edge is not entering it, SVG units (points are rounded to hundredths)."""


@dataclass(frozen=True, slots=True)
class Solid:
    """The solid part of one section, SVG units: ``x0 < x < x1`` and ``top < y < bottom``.

    Attributes:
        section: the section's id.
        x0: left edge.
        x1: right edge.
        top: y of the top surface (its highest surface for stairs).
        bottom: y of the underside: ``math.inf`` for ground (solid all the way
            down), the slab's thickness below ``top`` for a slab.
    """

    section: str
    x0: float
    x1: float
    top: float
    bottom: float

    def hit(self, a: Point, b: Point) -> bool:
        """Whether the segment a–b passes through the inside of this solid (its edges do not count).

        Clips the segment to the open box shrunk by :data:`_EPS` (Liang–Barsky); a
        segment that only runs along a face or touches a corner does not hit.
        """
        x0, x1 = self.x0 + _EPS, self.x1 - _EPS
        y0, y1 = self.top + _EPS, self.bottom - _EPS
        if x0 >= x1 or y0 >= y1:
            return False
        (ax, ay), (bx, by) = a, b
        dx, dy = bx - ax, by - ay
        lo, hi = 0.0, 1.0
        for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
            if p == 0:
                if q <= 0:
                    return False
                continue
            t = q / p
            if p < 0:
                lo = max(lo, t)
            else:
                hi = min(hi, t)
            if lo >= hi:
                return False
        return True


def solids(field: Battlefield, *, sx: float, sy: float, slab: float) -> tuple[Solid, ...]:
    """The solid part of every section, in document order.

    Args:
        field: the battlefield.
        sx: SVG units per unit across.
        sy: SVG units per unit up.
        slab: a slab's thickness, SVG units.

    Returns:
        One :class:`Solid` per section: ground from its top surface down
        forever, a slab ``slab`` thick under its top surface.
    """
    out = []
    for s in field.sections:
        top = -float(s.top) * sy
        out.append(Solid(s.id, float(s.x0) * sx, float(s.x1) * sx, top, math.inf if s.kind == "ground" else top + slab))
    return tuple(out)


class _Near:
    """The solids of one battlefield, sorted by left edge, to find those over an x range without a full scan.

    A click redraws the overlay on a battlefield of up to hundreds of sections; a line's checks ask only
    about the few solids under each of its segments (bounded work).
    """

    def __init__(self, field: Battlefield, blocks: Sequence[Solid]) -> None:
        self.field = field
        self.blocks = sorted(blocks, key=lambda b: (b.x0, b.x1, b.section))
        self.lefts = [b.x0 for b in self.blocks]
        self.widest = max((b.x1 - b.x0 for b in self.blocks), default=0.0)
        self.borders: dict[tuple[str, str], float] = {}
        for border in reversed(field.borders):  # the first in document order wins
            self.borders[border.a, border.b] = self.borders[border.b, border.a] = float(border.x)

    def border_x(self, a: str, b: str) -> float:
        """Where the border between ``a`` and ``b`` is drawn (drawing units): the first such border in document
        order; sections that share none (a Teleport's two ends): the edge of ``a`` toward ``b``."""
        if (a, b) in self.borders:
            return self.borders[a, b]
        sa, sb = self.field.section(a), self.field.section(b)
        return float(sa.x1 if sa.centre <= sb.centre else sa.x0)

    def over(self, lo: float, hi: float) -> list[Solid]:
        """The solids whose span overlaps ``lo``..``hi`` (SVG units), left to right."""
        i = bisect.bisect_left(self.lefts, lo - self.widest)
        j = bisect.bisect_right(self.lefts, hi)
        return [b for b in self.blocks[i:j] if b.x1 > lo and b.x0 < hi]

    def clean(self, points: Sequence[Point]) -> bool:
        """Whether the polyline through ``points`` enters no solid."""
        return not any(b.hit(p, q) for p, q in pairwise(points)
                       for b in self.over(min(p[0], q[0]), max(p[0], q[0])))


_KEPT: list[tuple[Battlefield, tuple[float, float, float], _Near]] = []
"""The last few battlefields' solids (found by identity: a battlefield is immutable), for the next click."""


def _near(field: Battlefield, sx: float, sy: float, slab: float) -> _Near:
    for kept, scale, near in _KEPT:
        if kept is field and scale == (sx, sy, slab):
            return near
    near = _Near(field, solids(field, sx=sx, sy=sy, slab=slab))
    _KEPT.insert(0, (field, (sx, sy, slab), near))
    del _KEPT[4:]
    return near


def _clean(points: Sequence[Point]) -> tuple[Point, ...]:
    """The points rounded to hundredths; repeats and the middle of three in a row on one level left out.

    The corners of a climb past several levels stay: each is where the line passes a section's level.
    """
    out: list[Point] = []
    for x, y in points:
        p = (round(x, 2), round(y, 2))
        if out and out[-1] == p:
            continue
        if len(out) >= 2:
            (_, ay), (_, by) = out[-2], out[-1]
            if ay == by == p[1]:
                out[-1] = p
                continue
        out.append(p)
    return tuple(out)


def _run(x1: float, x2: float, y: float, blocks: _Near, clearance: float) -> list[Point]:
    """A level run from x1 to x2 at height y, stepping over any solid it would enter.

    Solids the level line would pass through are grouped where they touch
    (or lie within 2 × :data:`GAP` of each other); the run climbs
    :data:`GAP` before each group to ``clearance`` above the group's highest
    top (at once if the group reaches back to x1), runs over it and drops
    back to y :data:`GAP` after it.  A solid the climb, the drop or the
    raised run would meet (a slab beside the group) joins the group, until
    nothing is met (at most once per solid).

    Returns:
        The points after ``(x1, y)``, the last one ``(x2, y)``.
    """
    lo, hi = min(x1, x2), max(x1, x2)
    sign = 1.0 if x2 >= x1 else -1.0

    def ends(g0: float, g1: float) -> tuple[float, float]:
        """Where the run climbs before a group and drops after it, in walking order; never behind x1 (a group
        that starts there is climbed at once)."""
        if sign > 0:
            return max(x1, g0 - GAP), g1 + GAP
        return min(x1, g1 + GAP), g0 - GAP

    met = {b for b in blocks.over(lo, hi) if b.hit((lo, y), (hi, y))}
    groups: list[list[float]] = []  # [x0, x1, top]
    for _ in range(len(blocks.blocks) + 1):
        groups = []
        for b in sorted(met, key=lambda b: (b.x0, b.x1, b.section)):
            if groups and b.x0 - GAP <= groups[-1][1] + GAP:
                groups[-1][1] = max(groups[-1][1], b.x1)
                groups[-1][2] = min(groups[-1][2], b.top)
            else:
                groups.append([b.x0, b.x1, b.top])
        more: set[Solid] = set()
        for g0, g1, top in groups:
            up, (a, z) = top - clearance, ends(g0, g1)
            for p, q in (((a, y), (a, up)), ((a, up), (z, up)), ((z, up), (z, y))):
                more.update(b for b in blocks.over(min(p[0], q[0]), max(p[0], q[0])) if b not in met and b.hit(p, q))
        if not more:
            break
        met |= more
    if sign < 0:  # walking leftward: the groups from right to left
        groups.reverse()
    out: list[Point] = []
    for g0, g1, top in groups:
        up, (a, z) = top - clearance, ends(g0, g1)
        out += [(a, y), (a, up), (z, up), (z, y)]
    return [*out, (x2, y)]


def over_tops(field: Battlefield, path: Sequence[str], start: Point, end: Point, *, sx: float, sy: float,
              clearance: float, slab: float, shot: bool = False) -> tuple[Point, ...]:
    """The polyline of a shot or a move over the sections of ``path``, from ``start`` to ``end``.

    Along each section of the path the line runs ``clearance`` above its top
    surface.  At each border it climbs or drops vertically :data:`GAP` beside
    the border (:data:`TIGHT` where that meets terrain), on the lower
    section's side, so it never cuts the higher section's face nor the
    border's Height tag.  Where that would pass through solid terrain (a border
    drawn inside a slab, such as a ladder through a hatch), it tries the
    other side, then beside the higher section's near and far edges, then
    just inside the lower section's edges (a Teleport's landing), and takes
    the first way that meets no solid (:func:`solids`); none clean: the
    first way.  A level run that would pass through a section off the path
    (a Teleport's or Phase's two ends, sections drawn between two
    neighbours) steps over it (:func:`_run`).

    Args:
        field: the battlefield.
        path: section ids in the core's order, first the shooter's (mover's)
            own, last the target's (destination); one id for the same section.
        start: the first point (the shooter's token), SVG units.
        end: the last point (the target's token, the destination), SVG units.
        sx: SVG units per drawing unit across.
        sy: SVG units per Height level (or scenario unit) up.
        clearance: how far above each surface the line runs, SVG units.
        slab: a slab's thickness, SVG units.
        shot: a line of shot, not a move's route: between a slab and a section under it, the line passes the
            slab's edge nearer the fighter on the lower side first, not the border (a stair at the far end): a
            floor hides what is under it (H10), so a clear shot past its edge is never drawn beneath it.

    Returns:
        The points, ``start`` first and ``end`` last, rounded to hundredths,
        with no repeated point and no point in the middle of a level run.
        Between the climbs and drops beside its borders, the line runs at
        each section's own level (``-top × sy - clearance``).

    Source: ruling H5 (the sections a line of shot crosses); issue 7.
    """
    if not path:
        return _clean([start, end])
    blocks = _near(field, sx, sy, slab)

    def level(s: Section) -> float:
        return -float(s.top) * sy - clearance

    first = field.section(path[0])
    x, y = start[0], level(first)
    points: list[Point] = [start, (x, y)]
    for a, b in pairwise(path):
        sa, sb = field.section(a), field.section(b)
        ya, yb = level(sa), level(sb)
        if ya == yb:
            continue
        bx = blocks.border_x(a, b) * sx
        high, low = (sa, sb) if ya < yb else (sb, sa)
        hx0, hx1, hc = float(high.x0) * sx, float(high.x1) * sx, float(high.centre) * sx
        lx0, lx1 = float(low.x0) * sx, float(low.x1) * sx
        # The lower side of the border first (away from the higher section's middle), then the other side,
        # then beside the higher section's edges, then just inside the lower section's edges, nearer first.
        outward = -1.0 if hc > bx else 1.0
        gaps = (GAP, TIGHT)
        edges = [e for g in gaps for e in sorted((hx0 - g, hx1 + g), key=lambda e: (abs(e - bx), e))]
        inside = [e for g in gaps for e in sorted((lx0 + g, lx1 - g), key=lambda e: (abs(e - bx), e))]
        near = [bx + side * g for side in (outward, -outward) for g in gaps]
        order = (*near, *edges, *inside)
        if shot and high.kind == "slab" and hx0 < lx1 and lx0 < hx1:
            # Stacked: past the slab's edge nearer the lower side's fighter (H10), then the usual ways.
            below = end[0] if high is sa else x
            order = (*sorted(edges, key=lambda e: (abs(e - below), e)), *near, *inside)
        tries = ([(x, y), *_run(x, w, ya, blocks, clearance), (w, yb)] for w in order)
        fallback = way = next(tries)
        while not blocks.clean(way):
            way = next(tries, fallback)  # none clean: the first way
            if way is fallback:
                break
        points += way[1:]
        x, y = way[-1]
    points += [*_run(x, end[0], y, blocks, clearance), end]
    return _clean(points)
