"""How a move in inches is drawn: the route through its points, over each obstacle and piece of low terrain it
climbs (T1, T2), up and down ladders and faces (T8), through doors and archways at their centre (T5) and down
its drops (T7), and a short note at each crossing.

The core's route (:attr:`vertigo.rules.terrain.rules.moving.RouteVerdict.path`) lists the points it passes on
the surfaces; a feature crossed between two of them stands between those points.  Here the drawing goes up
its near face, across its top and down its far face, so the line never passes through a wall except by its
opening, and follows the steps of stairs rather than cutting through them.

Source: ``002_c9100305c0bcca6b.txt`` › Obstacles, Low terrain, Stairs and ladders, Archways and doors; rulings
T1, T2, T5, T7, T8.
"""

from __future__ import annotations

from fractions import Fraction

from vertigo.battlefield import Battlefield, Section
from vertigo.features import Feature
from vertigo.lengths import show
from vertigo.rules.terrain.rules.moving import RouteVerdict
from vertigo.rules.terrain.rules.routes import Crossing

__all__ = ["drawn_route", "route_notes", "point_of"]

Point = tuple[Fraction, Fraction]
"""A point of the drawing in the scenario's unit: (x, height)."""


def point_of(field: Battlefield, section_id: str, x: Fraction | None, up: Fraction | None = None) -> Point:
    """Where a place is drawn: its x (the section's centre for None) and its height (the surface there, plus
    ``up`` on a ladder)."""
    sec = field.section(section_id)
    at = sec.centre if x is None else x
    return (at, sec.surface(at) + (up or Fraction(0)))


def _climbed(field: Battlefield, v: RouteVerdict) -> list[Feature]:
    """The features the route climbs over or steps over (obstacles, low terrain), in document order."""
    ids = {c.feature for c in v.crossings if c.kind in ("obstacle", "low") and c.feature is not None}
    return [f for f in field.features if f.id in ids]


def _walk(sec: Section, xa: Fraction, xb: Fraction) -> list[Point]:
    """The points strictly between ``xa`` and ``xb`` where a walk on stairs turns (each step's edge, up or down
    to the next tread); none on a flat section."""
    if sec.stairs is None or xa == xb:
        return []
    out: list[Point] = []
    lo, hi = sorted((xa, xb))
    tread = sec.stairs.tread
    k = 1
    edges = []
    while sec.x0 + k * tread < sec.x1:
        b = sec.x0 + k * tread
        if lo < b < hi:
            edges.append(b)
        k += 1
    for b in edges if xa < xb else reversed(edges):
        before = sec.surface(b - tread / 2) if xa < xb else sec.surface(b + tread / 2)
        after = sec.surface(b + tread / 2) if xa < xb else sec.surface(b - tread / 2)
        out += [(b, before), (b, after)]
    return out


def drawn_route(field: Battlefield, v: RouteVerdict) -> tuple[Point, ...]:
    """The route's line as drawn, ``(x, height)`` in inches from the fighter to the point judged: through the
    core's points, over the top of each feature climbed between two of them (up its near face, across, down its
    far face), along the steps of stairs; empty when no route was found.
    """
    if not v.path:
        return ()
    over = _climbed(field, v)
    out: list[Point] = [(v.path[0][1], v.path[0][2])]
    for (sa, xa, ha), (sb, xb, hb) in zip(v.path, v.path[1:], strict=False):
        lo, hi = sorted((xa, xb))
        crossed = sorted((f for f in over if f.on in (sa, sb) and lo <= f.x0 and f.x1 <= hi and lo < hi),
                         key=lambda f: f.x0 if xa < xb else -f.x1)
        if sa == sb and not crossed:
            out += _walk(field.section(sa), xa, xb)
        h = ha
        for f in crossed:
            near, far = (f.x0, f.x1) if xa < xb else (f.x1, f.x0)
            top = field.section(f.on).surface(f.centre) + f.height
            floor = field.section(f.on).surface(f.centre)
            out += [(near, h), (near, top), (far, top)]
            h = floor
            out.append((far, h if f is not crossed[-1] else hb))
        out.append((xb, hb))
    return tuple(p for i, p in enumerate(out) if i == 0 or p != out[i - 1])


def _note(c: Crossing, v: RouteVerdict, fall: int) -> str:
    """A crossing's note on the drawing: ``"door 0.5 in"``, ``"climb 4 in"``, ``"drop 3 in · 1d6"``."""
    if c.kind == "drop":
        dice = v.falls[fall].pool.count if fall < len(v.falls) else 0
        return f"drop {show(c.drop, 'inches')}" + (f" · {dice}d6" if dice else " · no dice")
    if c.kind in ("door", "archway"):
        what = "door" if c.kind == "door" else "archway"
        return f"{what} {show(c.across, 'inches')}"
    if c.kind == "low":
        return f"low {show(c.height, 'inches')}"
    climbed = c.up + c.down
    what = "ladder" if c.kind == "ladder" else "climb"
    return f"{what} {show(climbed, 'inches')}"


def _where(field: Battlefield, c: Crossing, v: RouteVerdict) -> Point:
    """Where a crossing's note stands: over a feature's top (an opening: over its floor), halfway up a ladder, a
    face or a drop."""
    if c.kind == "drop":  # halfway down, clear of the fighter standing at the top
        tops = [ha for (_, xa, ha), (_, xb, hb) in zip(v.path, v.path[1:], strict=False)
                if xa == xb == c.x and ha - hb == c.drop]
        if tops:
            return (c.x, tops[0] - c.drop / 2)
    if c.feature is not None:
        f = next(f for f in field.features if f.id == c.feature)
        floor = field.section(f.on).surface(f.centre)
        return (f.centre, floor + (f.height if c.kind in ("obstacle", "low") else Fraction(0)))
    if c.border is not None:
        low, high = sorted(field.border_surfaces(field.borders[c.border]))
        return (c.x, high if c.kind == "drop" else (low + high) / 2)
    return (c.x, c.height)


def route_notes(field: Battlefield, v: RouteVerdict) -> tuple[tuple[Fraction, Fraction, str], ...]:
    """A note at each crossing of the route, ``(x, height, text)`` in inches: what it crosses and how far (a
    drop with its dice, T6, T7)."""
    out = []
    fall = 0
    for c in v.crossings:
        x, h = _where(field, c, v)
        out.append((x, h, _note(c, v, fall)))
        if c.kind == "drop":
            fall += 1
    return tuple(out)
