"""Where a click, a key or a ladder button puts the point a move is judged to: on a section to the nearest ¼ in,
at a ladder's x within ¼ in of it, ½ in along a section (Shift+←/→) or up and down a ladder (↑/↓).

A ladder is reached from its two ends: a point at its x on its foot's section is at its foot (↑ takes it ½ in
up the ladder), one at its x on the section at its top is at its top (↓ takes it ½ in down); on the ladder ↑/↓
move it ½ in, and past either end it is on that end's section again (T4: a move may end part way up).

Source: issue 24 ("Keyboard: Enter judges a section's centre, Shift+←/→ moves the destination ½", and on a
ladder ↑/↓ move it ½""); ruling T4.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from vertigo.battlefield import Battlefield, Border
from vertigo.stand import Stand

__all__ = ["STEP", "GRID", "NEAR_LADDER", "Ladder", "ladders_at", "snapped", "along", "up_or_down"]

STEP = Fraction(1, 2)
"""How far Shift+←/→ and ↑/↓ move the point, inches."""
GRID = Fraction(1, 4)
"""A click's point is put on the nearest multiple of this, inches."""
NEAR_LADDER = Fraction(1, 4)
"""A click this close to a ladder's x, on one of the two sections it joins, is put at the ladder."""


@dataclass(frozen=True, slots=True)
class Ladder:
    """A ladder as the points see it: its id, its x, the section at its foot and at its top, its height."""

    id: str
    x: Fraction
    foot: str
    top: str
    height: Fraction


def _ladder(field: Battlefield, b: Border) -> Ladder | None:
    if b.kind != "ladder" or b.id is None:
        return None
    sa, sb = field.border_surfaces(b)
    foot, top = (b.a, b.b) if sa <= sb else (b.b, b.a)
    return Ladder(b.id, b.x, foot, top, abs(sb - sa))


def ladders_at(field: Battlefield, section_id: str, x: Fraction | None) -> list[Ladder]:
    """The ladders whose foot or top is on this section at exactly ``x`` (None: none)."""
    if x is None:
        return []
    out = []
    for b in field.borders:
        lad = _ladder(field, b)
        if lad is not None and lad.x == x and section_id in (lad.foot, lad.top):
            out.append(lad)
    return out


def on_ladder(field: Battlefield, ladder_id: str) -> Ladder | None:
    """The ladder with this id, or None."""
    for b in field.borders:
        if b.id == ladder_id:
            return _ladder(field, b)
    return None


def snapped(field: Battlefield, section_id: str, at: float | Fraction | None) -> Fraction:
    """A click's x on a section: its centre for None (the keyboard), else the nearest :data:`GRID` on the
    section, or a ladder's x when within :data:`NEAR_LADDER` of one that the section meets."""
    sec = field.section(section_id)
    if at is None:
        return sec.centre
    raw = min(sec.x1, max(sec.x0, Fraction(at)))
    for b in field.borders:
        lad = _ladder(field, b)
        if lad is not None and section_id in (lad.foot, lad.top) and abs(lad.x - raw) <= NEAR_LADDER \
                and sec.x0 <= lad.x <= sec.x1:
            return lad.x
    x = Fraction(math.floor(raw / GRID + Fraction(1, 2))) * GRID
    return min(sec.x1, max(sec.x0, x))


def along(field: Battlefield, at: Stand, direction: int) -> Stand | None:
    """The point :data:`STEP` along its section (a point on a ladder: along the ladder's foot section from its
    x), stopping at a ladder's x on the way, so the keys reach every ladder; None at the section's end."""
    sec = field.section(at.section)
    x = sec.centre if at.x is None else at.x
    to = x + STEP * (1 if direction > 0 else -1)
    if not sec.x0 <= to <= sec.x1:
        return None
    lo, hi = sorted((x, to))
    passed = sorted((lad.x for b in field.borders if (lad := _ladder(field, b)) is not None
                     and at.section in (lad.foot, lad.top) and lo < lad.x < hi), key=lambda lx: abs(lx - x))
    return Stand(at.section, passed[0] if passed else to)


def up_or_down(field: Battlefield, at: Stand, direction: int) -> Stand | None:
    """The point :data:`STEP` up (``direction`` +1) or down (−1) the ladder it is on or at the end of; None when
    it is at no ladder or can go no further that way.  Past the ladder's top it is on the top's section at the
    ladder's x; at or below its foot, on the foot's section."""
    if at.ladder is not None and at.up is not None:
        lad = on_ladder(field, at.ladder)
        if lad is None:
            return None
        up = at.up + STEP * direction
        if up <= 0:
            return Stand(lad.foot, lad.x)
        if up >= lad.height:
            return Stand(lad.top, lad.x)
        return Stand(lad.foot, lad.x, lad.id, up)
    for lad in ladders_at(field, at.section, at.x):
        if direction > 0 and at.section == lad.foot:
            return Stand(lad.foot, lad.x, lad.id, STEP) if lad.height > STEP else Stand(lad.top, lad.x)
        if direction < 0 and at.section == lad.top:
            return Stand(lad.foot, lad.x, lad.id, lad.height - STEP) if lad.height > STEP else Stand(lad.foot, lad.x)
    return None
