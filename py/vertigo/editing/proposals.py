"""Borders the editor proposes from the draft's geometry, each to accept or refuse.

Which sections share a border is listed in the document, never guessed at play (``vertigo.battlefield``); the
editor only proposes, from where the sections are drawn:

- **side by side**: one section ends at the x where another starts.  Several sections may meet at one x (a
  street beside a house's ground floor and, above it, its upper floor): a pair is proposed only when no
  other section meeting at that x has a surface there between theirs, nearer the one across from it.  So
  the street (0) meets the ground floor (0) but not the upper floor (3) above it, and a balcony (3) beside
  the upper floor (3) meets it but not the ground floor (0) below it: the upper floor stands between.
- **stacked**: two sections overlap in x (over a positive width) at different surfaces, the upper one a slab
  (a ground section is solid down to the bottom of the view, so nothing under it is reached), with no
  section across the whole overlap whose surface is between theirs.

Surfaces are measured where the sections meet (the end step of a stair) or at the overlap's centre.  A
proposal's x is where the border would be drawn (:func:`vertigo.battlefield.default_border_x`), so accepting
it is ``add_border(doc, p.a, p.b)``.

Source: issue 26 ("add borders, or let the editor propose them: side-by-side sections whose x-ranges meet, and
stacked ones that overlap in x, each proposal listed to accept or refuse").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo import lengths
from vertigo.battlefield import SECTION_KINDS, Section, Stairs, default_border_x
from vertigo.errors import RulesError
from vertigo.numbers import fmt

__all__ = ["Proposal", "proposed_borders", "geometry", "border_ends", "highest"]


@dataclass(frozen=True)
class Proposal:
    """A border the editor proposes.

    Attributes:
        a, b: the two sections' ids, ``a`` first in the document.
        x: where the border would be drawn, in the scenario's unit (an int when whole, else a float).
        why: ``"side by side at x 6"`` or ``"stacked over x 6–14"`` (in feet and inches the unit follows
            the numbers: ``"side by side at x 6 ft"``).
    """

    a: str
    b: str
    x: float | int
    why: str


def geometry(doc: Mapping[str, Any]) -> tuple[Section, ...]:
    """The draft's sections that can be measured, in document order: id, elevation, ends, kind and stairs
    read leniently (a section whose id, ends or elevation cannot be read is left out; a stair it cannot
    read is taken as flat).  Used to find surfaces (drops, deletes, proposals) in a draft that may not load.
    """
    units = doc.get("units", "height")
    units = units if units in lengths.UNITS else "height"
    out: list[Section] = []
    raw = doc.get("sections")
    for s in raw if isinstance(raw, list) else ():
        if not isinstance(s, Mapping) or not isinstance(s.get("id"), str):
            continue
        x = s.get("x")
        try:
            if not (isinstance(x, list) and len(x) == 2):
                continue
            x0, x1 = (lengths.length(v, units) for v in x)
            elevation = lengths.length(s.get("elevation"), units)
        except RulesError:
            continue
        if x1 <= x0:
            continue
        stairs = None
        raw_stairs = s.get("stairs")
        if isinstance(raw_stairs, Mapping) and units != "height":
            try:
                rise = lengths.length(raw_stairs.get("rise"), units)
                tread = lengths.length(raw_stairs.get("tread", 1 if units == "feet" else 12), units)
                stairs = Stairs(rise, tread) if tread > 0 and (x1 - x0) / tread <= 10_000 else None
            except RulesError:
                stairs = None
        kind = s.get("kind", "ground")
        out.append(Section(s["id"], str(s.get("name", s["id"])), elevation, x0, x1,
                           kind if kind in SECTION_KINDS else "ground", stairs))
    return tuple(out)


def border_ends(border: Any) -> tuple[Any, Any] | None:
    """The two section ids a border names (``["a", "b"]`` or ``{"between": ["a", "b"], …}``), or None when
    it names no two."""
    between = border.get("between") if isinstance(border, Mapping) else border
    if isinstance(between, list) and len(between) == 2:
        return between[0], between[1]
    return None


def highest(sections: tuple[Section, ...], x: Fraction, height: Fraction, skip: str | None = None
             ) -> Section | None:
    """The section whose surface over ``x`` is highest at or below ``height``: one that holds ``x`` inside
    before one that only touches it at an end, then document order."""
    best: Section | None = None
    best_key: tuple[Fraction, int] | None = None
    for s in sections:
        if s.id == skip or not s.x0 <= x <= s.x1:
            continue
        surface = s.surface(x)
        if surface > height:
            continue
        key = (surface, 1 if s.x0 < x < s.x1 else 0)
        if best_key is None or key > best_key:
            best, best_key = s, key
    return best


def _shown(value: Fraction, units: str) -> str:
    if units in ("feet", "inches"):
        return lengths.show(value, units)
    return fmt(value)


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _meets(a: Section, b: Section, sections: tuple[Section, ...]) -> Fraction | None:
    """The x where ``a`` and ``b`` meet side by side with no other section meeting there between them, or
    None."""
    if a.x1 == b.x0:
        left, right = a, b
    elif b.x1 == a.x0:
        left, right = b, a
    else:
        return None
    x = left.x1
    low, high = left.surface(x), right.surface(x)
    for c in sections:
        if c is left or c is right:
            continue
        if c.x1 == x:  # on the left, beside `left`: between when nearer `right`
            s, gap = c.surface(x), abs(low - high)
            if min(low, high) <= s <= max(low, high) and abs(s - high) < gap:
                return None
        if c.x0 == x:
            s, gap = c.surface(x), abs(low - high)
            if min(low, high) <= s <= max(low, high) and abs(s - low) < gap:
                return None
    return x


def _stacked(a: Section, b: Section, sections: tuple[Section, ...]) -> tuple[Fraction, Fraction] | None:
    """The overlap ``(x0, x1)`` of ``a`` and ``b`` stacked with nothing between them, or None."""
    o0, o1 = max(a.x0, b.x0), min(a.x1, b.x1)
    if o1 <= o0:
        return None
    mid = (o0 + o1) / 2
    sa, sb = a.surface(mid), b.surface(mid)
    if sa == sb:
        return None
    upper = a if sa > sb else b
    if upper.kind == "ground":
        return None
    low, high = min(sa, sb), max(sa, sb)
    for c in sections:
        if c is a or c is b or c.x0 > o0 or c.x1 < o1:
            continue
        if low < c.surface(mid) < high:
            return None
    return o0, o1


def _joined(doc: Mapping[str, Any]) -> frozenset[frozenset[Any]]:
    borders = doc.get("borders")
    pairs = (border_ends(b) for b in (borders if isinstance(borders, list) else ()))
    return frozenset(frozenset(p) for p in pairs if p is not None and all(isinstance(e, str) for e in p))


def proposed_borders(doc: Mapping[str, Any], refused: frozenset[frozenset[str]] = frozenset()
                     ) -> tuple[Proposal, ...]:
    """The borders to propose for a draft, pairs in document order (by the first section, then the second),
    skipping pairs that share a border already or that the referee refused.

    Args:
        doc: the draft (sections that cannot be measured are left out: :func:`geometry`).
        refused: the pairs refused, each ``frozenset({a, b})``.

    Returns:
        The proposals; the same draft always gives the same ones in the same order.
    """
    units = doc.get("units", "height")
    sections = geometry(doc)
    skip = _joined(doc) | refused
    near = _touching(sections)
    out: list[Proposal] = []
    for i, j in sorted((m, n) for m in range(len(sections)) for n in near[m] if n > m):
        a, b = sections[i], sections[j]
        if a.id == b.id or frozenset((a.id, b.id)) in skip:
            continue
        # Only a section that touches both can stand between them (at the x where they meet, or over the whole
        # overlap of a stacked pair).
        between = tuple(sections[k] for k in sorted(near[i] & near[j]))
        x = _meets(a, b, between)
        if x is not None:
            out.append(Proposal(a.id, b.id, _number(x), f"side by side at x {_shown(x, units)}"))
            continue
        over = _stacked(a, b, between)
        if over is not None:
            out.append(Proposal(a.id, b.id, _number(default_border_x(a, b)),
                                f"stacked over x {_shown(over[0], units)}–{_shown(over[1], units)}"))
    return tuple(out)


def _touching(sections: tuple[Section, ...]) -> list[set[int]]:
    """For each section (by index), the others whose x-ranges meet or overlap its own: a sweep across x, so a
    battlefield of 250 sections side by side asks about some 500 pairs, not 31,125."""
    near: list[set[int]] = [set() for _ in sections]
    active: list[int] = []
    for k in sorted(range(len(sections)), key=lambda k: (sections[k].x0, k)):
        active = [j for j in active if sections[j].x1 >= sections[k].x0]
        for j in active:
            near[j].add(k)
            near[k].add(j)
        active.append(k)
    return near
