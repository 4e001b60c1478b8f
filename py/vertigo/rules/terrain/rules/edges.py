"""What a fighter owes after an attack action: a Move check near an unenclosed edge (T3), a falling test on a
ladder or stairs (T4), and where a failure falls (T6, H8).

An **edge** is a side (left ``x0`` or right ``x1``) of the section a fighter stands on where the surface
straight below, just beyond that side, is at least 1 in lower: the highest surface at the side's x at or below
the section's own there, other than the section itself (:func:`edge_below`).  A side with nothing below it is
not an edge with a fall.  An obstacle feature (1 in or taller, T1) on that section standing between the
fighter and the edge encloses the edge for that fighter; low terrain does not.  After an attack action that
did damage (1 or more), a fighter within ½ in of an unenclosed edge (distance ≤ 0.5 in) owes a **Move check**.
Of the two sides, the nearer counts; when both are within ½ in, the unenclosed one, then the nearer, then the
left.

A fighter **on a ladder** (its place has a ladder and ``up`` above 0) or **on stairs** (a ``stairs`` section,
on any step but the lowest) owes a **falling test** after any attack action against it, hit or miss.  The
falling test is the fighter's Move check.  A fighter that owes both takes one check, both reasons given.

A failure falls: from a ladder, from its height to the surface below the ladder's x (:meth:`Battlefield.below`,
the foot as a rule); from stairs, to the surface below its x other than the stairs, else to the stairs' lowest
step; off an edge, from its height to the surface below the edge, landing at the edge's x.  Owing both, it
falls once: the longer fall (the ladder's or the stairs' on a tie).  With nothing below it stays where it is.
A fall in inches turns into Height through the fall scale (T6), then into d6 (H8), by
:func:`vertigo.falling.drop`.

Source: ``002_c9100305c0bcca6b.txt`` › Platforms (Falling Off Platform: "When a fighter within ½\\" of the edge of
a platform that is not enclosed by an obstacle … takes damage from an attack action … a Move check"), › Stairs
and ladders ("the target fighter must take a falling test after the attack action has been resolved");
rulings T1, T3, T4, T6, H8, H13.

Rulings restated in ``docs/rules.md``: ``#t3-edges``, ``#t4-ladders-and-stairs``, ``#t6-falls-in-inches``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo.battlefield import Battlefield, Section
from vertigo.falling import Fall, drop
from vertigo.features import Feature, inside
from vertigo.lengths import show
from vertigo.numbers import json_number, rounded
from vertigo.stand import Stand, ladder
from vertigo.text import isolate
from vertigo.verdict import Step

from .answers import inches
from .kinds import OBSTACLE, feature_kind

__all__ = ["NEAR_EDGE", "EDGE_DROP", "SIDES", "Edge", "Climbing", "Drop", "Owed", "below_other",
           "edge_below", "edges_of", "edge_for", "climbing_of", "standing_height", "edge_fall", "climbing_fall",
           "judge_owed"]

NEAR_EDGE = Fraction(1, 2)
"""Within ½ in of an edge: a distance of at most 0.5 in, in inches (T3)."""
EDGE_DROP = OBSTACLE
"""The least drop, in inches, beyond a section's side that makes it an edge: 1 in (T3, as T1's obstacle)."""
SIDES = ("left", "right")
"""A section's sides, in the order ties between them fall (T3)."""
_ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class Edge:
    """A side of a section with a drop of 1 in or more beyond it, as one fighter sees it (T3).

    Attributes:
        section: id of the section whose side it is (the fighter's).
        side: ``"left"`` (the section's ``x0``) or ``"right"`` (its ``x1``).
        x: the side's x, in inches.
        distance: from the fighter's x to the side, in inches (≥ 0).
        below: id of the section straight below, just beyond the side.
        drop: how much lower that surface is than the section's surface at the side, in inches (≥ 1).
        enclosed: whether an obstacle feature on the section stands between the fighter and the side.
        by: id of the enclosing feature nearest the fighter, or None.
    """

    section: str
    side: str
    x: Fraction
    distance: Fraction
    below: str
    drop: Fraction
    enclosed: bool
    by: str | None

    @property
    def near(self) -> bool:
        """Whether the fighter is within ½ in of it (distance ≤ 0.5 in, T3)."""
        return self.distance <= NEAR_EDGE

    def to_json(self) -> dict[str, Any]:
        """``{"section", "side", "x_in", "distance_in", "enclosed", "by", "below", "drop_in"}``, each length with
        its ``_exact`` text beside it."""
        return {"section": self.section, "side": self.side, **inches("x_in", self.x),
                **inches("distance_in", self.distance), "enclosed": self.enclosed, "by": self.by,
                "below": self.below, **inches("drop_in", self.drop)}


@dataclass(frozen=True, slots=True)
class Climbing:
    """Where a fighter is part way up a ladder or stairs (T4).

    Attributes:
        ladder: id of the ladder it is on, or None on stairs.
        section: id of the stairs section it is on, or None on a ladder.
        up: how far above the ladder's foot, or above the stairs' lowest step, it stands, in inches (> 0).
    """

    ladder: str | None
    section: str | None
    up: Fraction

    def to_json(self) -> dict[str, Any]:
        """``{"ladder", "up_in", "up_in_exact"}`` or ``{"section", "up_in", "up_in_exact"}``."""
        where = {"ladder": self.ladder} if self.ladder is not None else {"section": self.section}
        return {**where, **inches("up_in", self.up)}


@dataclass(frozen=True, slots=True)
class Drop:
    """A fall a failed check would make (T3, T4, T6, H8).

    Attributes:
        rule: the ruling whose check it follows: ``"T3"`` (off an edge) or ``"T4"`` (from a ladder or stairs).
        source: ``"edge"``, ``"ladder"`` or ``"stairs"``.
        to: id of the section it lands on.
        x: where it lands, in inches.
        distance: how far it falls, in inches (≥ 0).
        fall: its Height at the fall scale and its d6 (:func:`vertigo.falling.drop`).
    """

    rule: str
    source: str
    to: str
    x: Fraction
    distance: Fraction
    fall: Fall

    @property
    def stand(self) -> Stand:
        """Where the fighter ends after the fall."""
        return Stand(self.to, self.x)

    def to_json(self) -> dict[str, Any]:
        """``{"from", "to", "x_in", "height_in", "height", "dice"}``: where from (edge, ladder, stairs), the
        section landed on, where, the inches fallen, the Height at the fall scale (each with its ``_exact``
        text) and the d6 (a whole number)."""
        return {"from": self.source, "to": self.to, **inches("x_in", self.x), **inches("height_in", self.distance),
                "height": json_number(rounded(self.fall.height)), "height_exact": str(self.fall.height),
                "dice": self.fall.pool.count}


@dataclass(frozen=True, slots=True)
class Owed:
    """What an attack action leaves a fighter owing (T3, T4), and where a failure falls.

    Attributes:
        move_check: whether a Move check is owed: damage from the attack, within ½ in of an unenclosed edge.
        falling_test: whether a falling test is owed: on a ladder or stairs, hit or miss.
        edge: the edge that counts (the nearer, …), whether or not the fighter is near it; None when its
            section has no edge.
        climbing: where it is up a ladder or stairs, or None.
        fall: the fall a failed check makes (the longer when both are owed); None when no check is owed or
            nothing is below.
        steps: the explanation.
    """

    move_check: bool
    falling_test: bool
    edge: Edge | None
    climbing: Climbing | None
    fall: Drop | None
    steps: tuple[Step, ...]

    @property
    def owes(self) -> bool:
        """Whether any check is owed."""
        return self.move_check or self.falling_test

    @property
    def rule(self) -> str:
        """The rulings the check is owed by: ``"T3"``, ``"T4"`` or ``"T3, T4"``; ``""`` when none is owed."""
        return _owed_by(self.move_check, self.falling_test)


def _owed_by(move_check: bool, falling_test: bool) -> str:
    """``"T3"``, ``"T4"``, ``"T3, T4"`` or ``""``: the rulings a check is owed by."""
    return ", ".join(r for r, owed in (("T3", move_check), ("T4", falling_test)) if owed)


def below_other(field: Battlefield, x: Fraction, height: Fraction, skip: str) -> Section | None:
    """:meth:`Battlefield.below` over every section but ``skip``: the highest surface at ``x`` at or below
    ``height`` (inches), ties to the first in the document (H13); None when there is none."""
    return _highest(field.sections, x, height, skip)


def _highest(sections: Iterable[Section], x: Fraction, height: Fraction, skip: str) -> Section | None:
    """Of ``sections`` but ``skip``, the one whose surface at ``x`` is the highest at or below ``height``, the
    first in order among equals; None when there is none."""
    best: Section | None = None
    best_top = _ZERO
    for s in sections:
        if s.id != skip and s.x0 <= x <= s.x1:
            top = s.surface(x)
            if top <= height and (best is None or top > best_top):
                best, best_top = s, top
    return best


def edge_below(field: Battlefield, section: Section, x: Fraction) -> Section | None:
    """The section straight below the side of ``section`` at ``x``, when it is 1 in or more lower (an edge, T3);
    None when the side is no edge (nothing below, or less than 1 in lower).

    Of the sections under the side, one that runs on past it, outward, comes first: off the roof's right edge
    a fighter lands in the yard beyond, not on the house's floor that ends at the same x (then the highest, then
    H13).
    """
    top = section.surface(x)
    outward = [s for s in field.sections
               if s.id != section.id and (s.x1 > x if x == section.x1 else s.x0 < x if x == section.x0 else False)]
    below = _highest(outward, x, top, section.id)
    if below is None:
        below = below_other(field, x, top, section.id)
    if below is None or top - below.surface(x) < EDGE_DROP:
        return None
    return below


def _enclosing(features: tuple[Feature, ...], section: str, x: Fraction, side: str) -> Feature | None:
    """The obstacle feature on ``section`` between ``x`` and its ``side`` nearest ``x`` (T3), or None.  A feature
    whose face is at ``x`` stands between when it lies on the side's side of it."""
    between = [f for f in features if f.on == section and feature_kind(f).obstacle
               and (f.x0 >= x if side == "right" else f.x1 <= x)]
    return min(between, key=lambda f: f.x0 - x if side == "right" else x - f.x1, default=None)


def edges_of(field: Battlefield, section_id: str, x: Fraction) -> tuple[Edge, ...]:
    """Every edge of a section, as a fighter at ``x`` sees it: left first (T3).

    Args:
        field: the battlefield (inches).
        section_id: the section the fighter stands on.
        x: the fighter's x, in inches.

    Returns:
        0, 1 or 2 edges, each with its distance from ``x`` and whether it is enclosed for that fighter.

    Raises:
        UnknownSectionError: no such section.
    """
    s = field.section(section_id)
    out = []
    for side, at in zip(SIDES, (s.x0, s.x1), strict=True):
        below = edge_below(field, s, at)
        if below is None:
            continue
        by = _enclosing(field.features, s.id, x, side)
        out.append(Edge(s.id, side, at, abs(x - at), below.id, s.surface(at) - below.surface(at), by is not None,
                        None if by is None else by.id))
    return tuple(out)


def edge_for(field: Battlefield, section_id: str, x: Fraction) -> Edge | None:
    """The edge that counts for a fighter at ``x`` (T3): the nearer; when both are within ½ in, the unenclosed
    one, then the nearer, then the left; None when the section has no edge.

    Raises:
        UnknownSectionError: no such section.
    """
    edges = edges_of(field, section_id, x)
    near = [e for e in edges if e.near]
    if near:
        return min(near, key=lambda e: (e.enclosed, e.distance, SIDES.index(e.side)))
    return min(edges, key=lambda e: (e.distance, SIDES.index(e.side)), default=None)


def climbing_of(field: Battlefield, stand: Stand) -> Climbing | None:
    """Where the fighter is part way up a ladder or stairs (T4), or None.

    On a ladder: its place names a ladder and ``up`` is above 0.  On stairs: its section has ``stairs`` and its
    step is not the lowest surface of the staircase (``surface(x) != bottom``).

    Raises:
        UnknownSectionError: the place's section is not on the battlefield.
    """
    if stand.ladder is not None and stand.up is not None and stand.up > 0:
        return Climbing(stand.ladder, None, stand.up)
    s = field.section(stand.section)
    x = s.centre if stand.x is None else stand.x
    if s.stairs is not None and s.surface(x) != s.bottom:
        return Climbing(None, s.id, s.surface(x) - s.bottom)
    return None


def standing_height(field: Battlefield, stand: Stand) -> Fraction:
    """The height a fighter stands at, in inches: its section's surface at its x, or on a ladder its foot's
    surface plus ``up`` (as :meth:`vertigo.table.Table.surface`)."""
    if stand.ladder is not None and stand.up is not None:
        return min(field.border_surfaces(ladder(field, stand.ladder))) + stand.up
    s = field.section(stand.section)
    return s.surface(s.centre if stand.x is None else stand.x)


def edge_fall(field: Battlefield, edge: Edge, height: Fraction, scale: Fraction) -> Drop:
    """The fall off ``edge`` from ``height`` (inches): to the surface below the edge, landing at its x (T3, T6,
    H8).

    Raises:
        LimitError: a fall past the fall cap (a loaded battlefield never has one).
    """
    below = field.section(edge.below)
    distance = max(_ZERO, height - below.surface(edge.x))
    name = isolate(field.section(edge.section).name)
    fall = drop(distance, "inches", scale, f"fell off the {edge.side} edge of {name}", "T6")
    return Drop("T3", "edge", below.id, clear_of_obstacles(field, below.id, edge.x, 1 if edge.side == "right" else -1),
                distance, fall)


def clear_of_obstacles(field: Battlefield, section_id: str, x: Fraction, outward: int = 0) -> Fraction:
    """Where a fighter falling at ``x`` onto a section comes to stand: ``x``, or, where an obstacle on that
    section stands over ``x``, the obstacle's face ``outward`` (+1 its right face, −1 its left, 0 the nearer;
    T1: no fighter stands inside an obstacle, so that every place can be drawn and exported again)."""
    f = inside(field.features, section_id, x)
    if f is None or not feature_kind(f).obstacle:
        return x
    if outward == 0:
        return f.x0 if x - f.x0 <= f.x1 - x else f.x1
    return f.x1 if outward > 0 else f.x0


def _lowest_step(s: Section) -> Fraction:
    """The x of the middle of a staircase's lowest step (its first tread when it rises to the right)."""
    assert s.stairs is not None
    tread = s.stairs.tread
    i = 0 if s.stairs.rise >= 0 else s.steps - 1
    return (s.x0 + i * tread + min(s.x1, s.x0 + (i + 1) * tread)) / 2


def climbing_fall(field: Battlefield, stand: Stand, climbing: Climbing, height: Fraction,
                  scale: Fraction) -> Drop | None:
    """The fall from a ladder or stairs (T4, T6, H8), or None when nothing is below.

    From a ladder: from ``height`` to the surface below the ladder's x (:meth:`Battlefield.below`: the foot as a
    rule).  From stairs: to the surface below its x other than the stairs, or, with none, to the stairs'
    lowest step (the middle of its tread).

    Raises:
        LimitError: a fall past the fall cap (a loaded battlefield never has one).
    """
    s = field.section(stand.section)
    x = s.centre if stand.x is None else stand.x
    if climbing.ladder is not None:
        below = field.below(x, height)
        if below is None:
            return None
        distance = height - below.surface(x)
        return Drop("T4", "ladder", below.id, clear_of_obstacles(field, below.id, x), distance,
                    drop(distance, "inches", scale, "fell from the ladder", "T6"))
    other = below_other(field, x, height, s.id)
    if other is not None:
        distance = height - other.surface(x)
        return Drop("T4", "stairs", other.id, clear_of_obstacles(field, other.id, x), distance,
                    drop(distance, "inches", scale, f"fell from {isolate(s.name)}", "T6"))
    distance = height - s.bottom
    return Drop("T4", "stairs", s.id, _lowest_step(s), distance,
                drop(distance, "inches", scale, f"fell down {isolate(s.name)} to its lowest step", "T6"))


def _edge_steps(field: Battlefield, edge: Edge | None, x: Fraction, section: Section) -> list[Step]:
    """The T3 lines about the edge that counts: where it is, how far, whether enclosed (and what low terrain
    between does not do)."""
    if edge is None:
        return [Step("T3", f"{isolate(section.name)} has no edge: no side has a surface 1 in or more lower "
                           "beyond it.")]
    below = field.section(edge.below)
    lines = [Step("T3", f"The {edge.side} edge of {isolate(section.name)} at {show(edge.x, 'inches')} drops "
                        f"{show(edge.drop, 'inches')} to {isolate(below.name)}; the fighter at "
                        f"{show(x, 'inches')} is {show(edge.distance, 'inches')} from it: "
                        + ("within ½ in." if edge.near else "more than ½ in away."))]
    if edge.by is not None:
        f = next(f for f in field.features if f.id == edge.by)
        lines.append(Step("T3", f"{isolate(f.name)} stands between the fighter and the edge; it rises "
                                f"{show(f.height, 'inches')}, an obstacle (T1): it encloses the edge."))
    else:
        lows = [f for f in field.features if f.on == section.id and not feature_kind(f).obstacle
                and (f.x0 >= x if edge.side == "right" else f.x1 <= x)]
        for f in lows:
            lines.append(Step("T1", f"{isolate(f.name)} between rises {show(f.height, 'inches')}, under 1 in: low "
                                    "terrain, part of the floor, does not enclose the edge."))
        lines.append(Step("T3", "No obstacle stands between the fighter and the edge: it is not enclosed."))
    return lines


def judge_owed(field: Battlefield, stand: Stand, damage: int, scale: Fraction) -> Owed:
    """Which checks a fighter standing at ``stand`` owes after an attack action that did ``damage`` (T3, T4),
    and the fall a failure makes (T3, T4, T6, H8).

    Args:
        field: the battlefield, in inches.
        stand: where the fighter stands (a section and x, or part way up a ladder).
        damage: the damage the attack action did, a whole number ≥ 0 (0 for a miss).
        scale: the fall scale, inches to one Height level (3 in by default, T6).

    Returns:
        The checks owed, the edge that counts, where it is up a ladder or stairs, and the fall a failure makes.

    Raises:
        UnknownSectionError: the place's section or ladder is not on the battlefield.
        LimitError: a fall past the fall cap (a loaded battlefield never has one).
    """
    section = field.section(stand.section)
    x = section.centre if stand.x is None else stand.x
    height = standing_height(field, stand)
    edge = edge_for(field, section.id, x)
    climbing = climbing_of(field, stand)
    move_check = damage > 0 and edge is not None and edge.near and not edge.enclosed
    steps = _edge_steps(field, edge, x, section)
    if edge is not None and edge.near and not edge.enclosed:
        steps.append(Step("T3", f"The attack did {damage} damage: a Move check is owed." if damage > 0 else
                                "The attack did no damage: no Move check is owed for the edge."))
    if climbing is None:
        steps.append(Step("T4", "Not on a ladder or stairs: no falling test."))
    else:
        where = (f"{show(climbing.up, 'inches')} up the ladder" if climbing.ladder is not None else
                 f"on {isolate(section.name)}, {show(climbing.up, 'inches')} above its lowest step")
        steps.append(Step("T4", f"{where.capitalize()}: any attack action against it, hit or miss, calls for a "
                                "falling test, its Move check."))
    falls: list[Drop] = []
    if climbing is not None:
        falls.extend(f for f in (climbing_fall(field, stand, climbing, height, scale),) if f is not None)
    if move_check:
        assert edge is not None
        falls.append(edge_fall(field, edge, height, scale))
    fall = max(falls, key=lambda f: (f.distance, f.rule == "T4"), default=None)
    if move_check and climbing is not None:
        steps.append(Step("T3, T4", "It owes both: one check, for both reasons; failing, it falls once, the longer "
                                    "fall."))
    if move_check or climbing is not None:
        if fall is None:
            steps.append(Step(_owed_by(move_check, climbing is not None),
                              "Nothing is below: failing, it stays where it is."))
        else:
            to = field.section(fall.to)
            steps.append(Step(fall.rule, f"Failing, it falls {show(fall.distance, 'inches')} to {isolate(to.name)} "
                                         f"at {show(fall.x, 'inches')}."))
            steps.extend(fall.fall.steps)
    return Owed(move_check, climbing is not None, edge, climbing, fall, tuple(steps))
