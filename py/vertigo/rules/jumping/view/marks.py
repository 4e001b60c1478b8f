"""How a planned jump is drawn on the side view, in feet, through the overlay's fields for a route through points
(:class:`vertigo_view.overlay.Highlights`): the arc from the takeoff to the landing, the minimum, base and maximum
marked along a ruler from the takeoff (J1, J4), and the landing point; once a failure is entered, the arc to
where it really comes down (the scatter's part along the jump, J6; the height a high jump reaches, J5), the point
aimed at, and any fall to the surface below with its dice (J7, J12, H8).

Source: ``003_d3aa233771e16bb9.txt`` › Jumping Distance, › Scatter; rulings J1, J4–J7, J10, J12; issue 25 (In the
page: "The planner draws its arc and the minimum / base / maximum marks along it, and after a failure the
scatter, the landing point and any fall, all on the side view, before anything is confirmed").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from vertigo.lengths import show
from vertigo.rules.jumping.rules.landing import Landing
from vertigo.rules.jumping.rules.planner import JumpPlan
from vertigo.rules.jumping.rules.scatter import DIRECTIONS, HighOutcome, LongOutcome

from .outcome import Preview

__all__ = ["Drawn", "drawn", "arc", "ARC_POINTS"]

Point = tuple[Fraction, Fraction]
"""A point of the drawing in feet: (x, height)."""
Note = tuple[Fraction, Fraction, str]
"""A note on the drawing in feet: (x, height, text)."""
ARC_POINTS = 16
"""Segments an arc is drawn with."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """A jump's marks for the overlay (:class:`vertigo_view.overlay.Highlights`' fields of the same names).

    Attributes:
        route_points: the arc and any fall, takeoff to landing, feet.
        route_notes: the notes along it (the fall and its dice, the scatter, the point aimed at).
        spot: where it lands.
        ok: whether it is drawn as allowed (a jump the rules or the DM allow, not yet failed).
        ruler: the minimum, base and maximum from the takeoff, along the jump (or up a high jump's face).
    """

    route_points: tuple[Point, ...]
    route_notes: tuple[Note, ...]
    spot: Point
    ok: bool
    ruler: tuple[Note, ...]


def _ft(v: Fraction) -> str:
    return show(v, "feet")


def _r(v: Fraction) -> Fraction:
    """To hundredths of a foot: the drawing needs no more."""
    return Fraction(round(v * 100), 100)


def arc(a: Point, b: Point) -> tuple[Point, ...]:
    """A jump's arc from ``a`` to ``b``: a parabola over the chord, its middle a quarter of the span (at least
    1 ft) and half the rise above it, in :data:`ARC_POINTS` segments."""
    (xa, ya), (xb, yb) = a, b
    lift = max(Fraction(1), abs(xb - xa) / 4) + abs(yb - ya) / 2
    out = []
    for i in range(ARC_POINTS + 1):
        u = Fraction(i, ARC_POINTS)
        out.append((_r(xa + (xb - xa) * u), _r(ya + (yb - ya) * u + 4 * lift * u * (1 - u))))
    return tuple(out)


def _fall(landing: Landing, x: Fraction, top: Fraction) -> tuple[tuple[Point, ...], tuple[Note, ...]]:
    """The drop from ``top`` at ``x`` to where it lands, and its note with the dice (J7, J12, H8)."""
    if landing.drop <= 0:
        return (), ()
    dice = f"{landing.fall.pool.count}d6" if landing.fall is not None and landing.fall.pool.count else "no dice"
    return ((x, landing.surface),), ((x, landing.surface + landing.drop / 2, f"fall {_ft(landing.drop)} · {dice}"),)


def _ruler(plan: JumpPlan) -> tuple[Note, ...]:
    """The jump's figures from its takeoff: along a long jump at the takeoff's height, up a high jump's face."""
    t, f = plan.takeoff, plan.verdict.figures
    marks = ((f.minimum, "min"), (f.base, "base"), (f.maximum, "max"))
    if t.long:
        return ((t.x, t.height, ""), *((t.x + t.direction * d, t.height, f"{w} {_ft(d)}") for d, w in marks))
    target = plan.field.section(plan.to_section)
    face = target.x0 if t.direction > 0 else target.x1
    return ((face, t.height, ""), *((face, t.height + d, f"{w} {_ft(d)}") for d, w in marks))


def _planned(plan: JumpPlan, landing: Landing) -> tuple[tuple[Point, ...], tuple[Note, ...]]:
    """The arc of the jump as planned, to the point asked for, then down any fall (J10, J7)."""
    t = plan.takeoff
    end = plan.to_x, (t.height if t.long and t.rise <= 0 and plan.override is None else landing.surface)
    pts = arc((t.x, t.height), end)
    drop, notes = _fall(landing, plan.to_x, end[1])
    return pts + drop, notes


def _failed_long(plan: JumpPlan, far: LongOutcome, landing: Landing,
                 direction: int | None) -> tuple[tuple[Point, ...], tuple[Note, ...]]:
    """The arc to where a failed long jump comes down (the scatter along the jump, J6), the fall, the notes."""
    t = plan.takeoff
    pts = arc((t.x, t.height), (landing.x, t.height))
    drop, notes = _fall(landing, landing.x, t.height)
    if far.undershoot:
        what = f"undershoots {_ft(far.scatter)}"
    elif far.at_minimum:
        what = "at its minimum"
    else:
        what = f"{_ft(far.scatter)} {DIRECTIONS[far.direction or 1][0]}"
    d8 = f"d8 {direction}: " if direction is not None else ""
    top = pts[ARC_POINTS // 2]  # over the arc's middle, clear of the tokens standing where it lands
    out = (*notes, (top[0], top[1], d8 + what))
    if landing.x != plan.to_x:
        out += ((plan.to_x, plan.field.section(plan.to_section).surface(plan.to_x), "aimed here"),)
    return pts + drop, out


def _failed_high(plan: JumpPlan, high: HighOutcome, landing: Landing) -> tuple[tuple[Point, ...], tuple[Note, ...]]:
    """Up to the height a failed high jump reaches at the face it meant to climb, and back down (J5)."""
    t = plan.takeoff
    target = plan.field.section(plan.to_section)
    face = target.x0 if t.direction > 0 else target.x1
    peak = (face - t.direction * Fraction(1, 4), t.height + high.reached)
    up = arc((t.x, t.height), peak) if peak[0] != t.x else ((t.x, t.height), peak)
    pts = (*up, (landing.x, landing.surface))
    note = (peak[0], peak[1], f"reaches {_ft(high.reached)} of {_ft(high.intended)}")
    return pts, (note,)


def drawn(plan: JumpPlan, seen: Preview) -> Drawn:
    """The jump's marks: as planned (its success) until a failure is entered, then as that failure comes down
    (the d8 the table will roll, J6)."""
    ruler = _ruler(plan)
    landing = seen.landing
    if isinstance(seen.result, LongOutcome) and landing is not None:
        pts, notes = _failed_long(plan, seen.result, landing, seen.direction)
        return Drawn(pts, notes, (landing.x, landing.surface), False, ruler)
    if isinstance(seen.result, HighOutcome) and landing is not None:
        pts, notes = _failed_high(plan, seen.result, landing)
        return Drawn(pts, notes, (landing.x, landing.surface), False, ruler)
    if not plan.final:  # blocked or past its maximum: the arc to the point asked for, drawn refused
        to = (plan.to_x, plan.field.section(plan.to_section).surface(plan.to_x))
        return Drawn(arc((plan.takeoff.x, plan.takeoff.height), to), (), to, False, ruler)
    if landing is None:
        landing = plan.success()
    pts, notes = _planned(plan, landing)
    return Drawn(pts, notes, (plan.to_x, landing.surface), plan.final, ruler)
