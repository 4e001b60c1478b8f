"""Where a fighter can move with one Move entry (H2, H3, H4).

Source: ``000_519d8b8e373365db.txt`` › Combat ("An entity cannot Move upward
if the Height value of the Move entry is less than the Height value of the
section border"; Fly ignores Height; Phase and Teleport need range ≥ Height);
rulings H2, H3, H4, H7.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

from .battlefield import Battlefield
from .dice import DicePool
from .moves import MoveEntry
from .numbers import clean, count, fmt
from .verdict import Overridable, Override, Step

__all__ = ["Crossing", "Route", "MoveVerdict", "reachable", "judge_move"]


@dataclass(frozen=True, slots=True)
class Crossing:
    """One border crossed on a route.

    Attributes:
        source: section id left.
        dest: section id entered.
        rise: signed change of elevation, Height levels (+ up, − down).
        fall: Height levels fallen on this crossing (H2), ≥ 0.
        dice: d6 for this crossing: ``floor(fall)`` (H8).
    """

    source: str
    dest: str
    rise: float
    fall: float
    dice: int


@dataclass(frozen=True, slots=True)
class Route:
    """A legal way to a section.

    Attributes:
        path: section ids from start to destination (start alone: no move).
        crossings: the borders crossed, in order (empty for Phase/Teleport).
    """

    path: tuple[str, ...]
    crossings: tuple[Crossing, ...] = ()

    @property
    def dice(self) -> int:
        """Falling d6 over the whole route (falls on one Move add up, H2)."""
        return sum(c.dice for c in self.crossings)

    @property
    def steps(self) -> int:
        """Section steps taken."""
        return len(self.path) - 1


@dataclass(frozen=True, slots=True)
class MoveVerdict(Overridable):
    """Can a fighter move from ``start`` to ``dest`` with ``entry``?

    Attributes:
        start: section id the fighter stands on.
        dest: section id asked for.
        entry: the Move entry used.
        move_height: the Height value the entry moves with, Height levels (H2).
        allowed: the rules' answer.
        route: the chosen route (H3: fewest falling dice, then fewest steps),
            or None when not allowed.
        steps: the explanation.
        override: the DM's exception (H7), if any.
    """

    start: str
    dest: str
    entry: MoveEntry
    move_height: float
    allowed: bool
    route: Route | None
    steps: tuple[Step, ...]
    override: Override | None = None

    @property
    def pool(self) -> DicePool:
        """The falling dice to roll on confirmation (0 when none or not allowed)."""
        return DicePool(self.route.dice if self.route is not None else 0)

    @property
    def summary(self) -> str:
        """One line: the answer and the dice."""
        head = "Allowed" if self.final else "Not allowed"
        if self.override is not None:
            head += " — overridden by the DM"
        if self.final and self.route is not None and self.route.dice:
            return f"{head}: falls, {self.pool}"
        return f"{head}."



def _crossing(field: Battlefield, a: str, b: str, entry: MoveEntry, h: float) -> Crossing | None:
    """The crossing a → b with ``entry`` at Height ``h``, or None if not allowed (H2/H4)."""
    rise = field.rise(a, b)
    if entry.kind == "Fly":
        return Crossing(a, b, rise, 0.0, 0)
    if rise > h:
        return None
    fallen = max(0.0, clean(-rise - h))
    return Crossing(a, b, rise, fallen, math.floor(fallen))


def reachable(field: Battlefield, start: str, entry: MoveEntry, fighter_height: float | None = None) -> dict[str, Route]:
    """Every section the entry reaches from ``start``, each with its best route (H3).

    Move and Fly: at most N steps, each border judged on its own (H2; Fly
    ignores Height, H4).  The best route has the fewest falling dice, then the
    fewest steps.  Phase r and Teleport r: any section at most r steps away
    whose net change in Height is at most r, no borders crossed (H4).

    Args:
        field: the battlefield.
        start: section id the fighter stands on.
        entry: the Move entry used.
        fighter_height: the fighter's Height property, Height levels, or None.

    Returns:
        ``{section id: Route}``, including ``start`` itself (no move).

    Raises:
        UnknownSectionError: ``start`` is not on the battlefield.
    """
    if entry.kind in ("Phase", "Teleport"):
        dist = field.steps_from(start)
        return {
            sid: Route((start,) if sid == start else (start, sid))
            for sid, d in dist.items()
            if d <= entry.distance and abs(field.rise(start, sid)) <= entry.distance
        }
    h = entry.height_with(fighter_height)
    best: dict[str, Route] = {start: Route((start,))}
    frontier = {start}
    for _ in range(entry.distance):
        updated: dict[str, Route] = {}
        for here in frontier:
            route = best[here]
            for there in field.neighbours(here):
                crossing = _crossing(field, here, there, entry, h)
                if crossing is None:
                    continue
                dice = route.dice + crossing.dice
                known = updated.get(there) or best.get(there)
                if known is None or dice < known.dice:
                    updated[there] = Route((*route.path, there), (*route.crossings, crossing))
        if not updated:
            break
        best.update(updated)
        frontier = set(updated)
    return best


def _why_not(field: Battlefield, start: str, dest: str, entry: MoveEntry, h: float) -> list[Step]:
    """Explain why ``dest`` is out of reach."""
    name = field.section(dest).name
    dist = field.steps_from(start)
    if dest not in dist:
        return [Step("H1", f"{name} shares no border, direct or indirect, with {field.section(start).name}.")]
    d = dist[dest]
    if entry.kind in ("Phase", "Teleport"):
        net = field.rise(start, dest)
        out = []
        if d > entry.distance:
            out.append(Step("H4", f"{name} is {count(d, 'step')} away; {entry} reaches {entry.distance}."))
        if abs(net) > entry.distance:
            out.append(Step("H4", f"Net change in Height {fmt(net)}: {entry} needs range ≥ {fmt(abs(net))}."))
        return out
    if d > entry.distance:
        return [Step("H2", f"{name} is {count(d, 'step')} away; {entry} moves at most {entry.distance}.")]
    # Within range, so every path short enough meets an upward border too high:
    # name those the fighter can actually get to, on a path short enough.
    legal = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in field.neighbours(here):
            if there not in legal and _crossing(field, here, there, entry, h) is not None:
                legal[there] = legal[here] + 1
                queue.append(there)
    to_dest = field.steps_from(dest)
    blockers = [
        Step("H2", f"{field.describe_border(a, b)} needs a Move Height ≥ {fmt(field.rise(a, b))}; "
                   f"{entry} moves with Height {fmt(h)}.")
        for a, steps in sorted(legal.items(), key=lambda item: item[1])
        for b in field.neighbours(a)
        if field.rise(a, b) > h and steps + 1 + to_dest.get(b, entry.distance + 1) <= entry.distance
    ]
    return blockers[:4] or [Step("H2", f"No path within {count(entry.distance, 'step')} avoids a border too high to climb.")]


def judge_move(
    field: Battlefield, start: str, dest: str, entry: MoveEntry, fighter_height: float | None = None
) -> MoveVerdict:
    """The verdict for moving from ``start`` to ``dest`` with ``entry`` (H2–H4).

    Args:
        field: the battlefield.
        start: section id the fighter stands on.
        dest: section id asked for.
        entry: the Move entry used.
        fighter_height: the fighter's Height property, Height levels, or None.

    Returns:
        A verdict with the route, every crossing and fall explained.

    Raises:
        UnknownSectionError: ``start`` or ``dest`` is not on the battlefield.
    """
    field.section(dest)
    h = entry.height_with(fighter_height)
    steps: list[Step] = []
    if entry.kind == "Move":
        source = "its own" if entry.height is not None else (
            "the fighter's Height property" if fighter_height is not None else "none listed: 0")
        steps.append(Step("H2", f"{entry} moves up to {count(entry.distance, 'step')} with Height {fmt(h)} ({source})."))
    elif entry.kind == "Fly":
        steps.append(Step("H4", f"{entry}: Fly ignores Height — any climb, no fall, up to {count(entry.distance, 'step')}."))
    else:
        steps.append(Step("H4", f"{entry}: reaches a section ≤ {count(entry.distance, 'step')} away with net change "
                                f"in Height ≤ {entry.distance}; no borders are crossed, so no fall."))
    route = reachable(field, start, entry, fighter_height).get(dest)
    if route is None:
        steps.extend(_why_not(field, start, dest, entry, h))
        return MoveVerdict(start, dest, entry, h, False, None, tuple(steps))
    if dest == start:
        steps.append(Step("H3", "Already there: no move."))
    for c in route.crossings:
        text = field.describe_border(c.source, c.dest)
        if c.rise > 0:
            text += f" — climbs (Height {fmt(c.rise)} ≤ {fmt(h)})" if entry.kind == "Move" else " — flies up"
        elif c.rise < 0 and entry.kind == "Move":
            text += f" — falls Height {fmt(c.fall)} ({c.dice}d6)" if c.fall else " — no fall (Move Height covers it)"
        steps.append(Step("H2" if entry.kind == "Move" else "H4", text + "."))
    if entry.kind in ("Phase", "Teleport") and dest != start:
        net = field.rise(start, dest)
        steps.append(Step("H4", f"{field.section(dest).name} is {count(field.steps_from(start)[dest], 'step')} away, "
                                f"net change in Height {fmt(net)}: within {entry.distance}."))
    if route.steps:
        falls = [c for c in route.crossings if c.dice]
        if len(falls) > 1:
            parts = " + ".join(f"{c.dice}d6" for c in falls)
            steps.append(Step("H8", f"Falls add up: {parts} = {route.dice}d6 ({DicePool(route.dice)})."))
        elif falls:
            steps.append(Step("H8", f"Falling dice: {DicePool(route.dice)}."))
        else:
            steps.append(Step("H8", "No falling dice."))
        if entry.kind in ("Move", "Fly"):
            steps.append(Step("H3", f"Route chosen: fewest falling dice ({route.dice}), then fewest steps ({route.steps})."))
    return MoveVerdict(start, dest, entry, h, True, route, tuple(steps))
