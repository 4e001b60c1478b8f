"""Where a fighter can move with one Move entry (H2, H3, H4).

Source: ``000_519d8b8e373365db.txt`` › Combat ("An entity cannot Move upward
if the Height value of the Move entry is less than the Height value of the
section border"; Fly ignores Height; Phase and Teleport need range ≥ Height);
rulings H2, H3, H4, H7.

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``,
``#h3-choice-of-path-and-highlighting``, ``#h4-fly-phase-teleport``, ``#h7-the-dms-override``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from fractions import Fraction
from heapq import heappop, heappush
from itertools import islice, pairwise
from typing import Any

from vertigo.battlefield import Battlefield
from vertigo.dice import DicePool
from vertigo.falling import crossing_fall
from vertigo.numbers import count, fmt, json_number
from vertigo.resolve import Outcome, Roller
from vertigo.text import isolate
from vertigo.verdict import Overridable, Override, Step, explanation, rule_ids

from .moves import MoveEntry
from .ranged import range_needed
from .resolve import resolve_move
from .stairs import describe_crossing, move_rise, moving_graph

__all__ = ["Crossing", "Route", "Reach", "MoveVerdict", "crossing_fall", "search", "reachable", "judge_move"]


@dataclass(frozen=True, slots=True)
class Crossing:
    """One border crossed on a route.

    Attributes:
        source: section id left.
        dest: section id entered.
        rise: signed Height crossed, Height levels (+ up, − down): the border's stated Height where it
            states one (H15), else the change of elevation (H1).
        fall: Height levels fallen on this crossing (H2), ≥ 0.
        dice: d6 for this crossing: ``floor(fall)`` (H8).
    """

    source: str
    dest: str
    rise: Fraction
    fall: Fraction
    dice: int

    def to_json(self) -> dict[str, Any]:
        """``{"from", "to", "rise", "fall", "dice"}``, in that order: section ids, then Height levels
        (whole numbers as ints) and the d6 of this crossing."""
        return {"from": self.source, "to": self.dest, "rise": json_number(self.rise),
                "fall": json_number(self.fall), "dice": self.dice}


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
        at: where on ``dest`` the move ends, drawing units (a clicked x, H10), or None: the section's centre.
    """

    start: str
    dest: str
    entry: MoveEntry
    move_height: Fraction
    allowed: bool
    route: Route | None
    steps: tuple[Step, ...]
    override: Override | None = None
    at: Fraction | None = None

    @property
    def pool(self) -> DicePool:
        """The falling dice to roll on confirmation (0 when none or not allowed)."""
        return DicePool(self.route.dice if self.route is not None else 0)

    @property
    def already_there(self) -> bool:
        """Whether the fighter asks for the section it stands on: nothing moves (H3: the route is the start
        alone, no border, no fall), unless the DM has overridden it (H7)."""
        return self.dest == self.start and self.route is not None and self.override is None

    @property
    def summary(self) -> str:
        """One line: the answer and the dice, ``"Allowed: falls, 1d6: 1–6, mean 3.5"``; on the fighter's own
        section (:attr:`already_there`) ``"Already there: the fighter is on that section, nothing moves."``."""
        if self.already_there:
            return "Already there: the fighter is on that section, nothing moves."
        head = "Allowed" if self.final else "Not allowed"
        if self.override is not None:
            head += " — overridden by the DM"
        if self.final and self.route is not None and self.route.dice:
            return f"{head}: falls, {self.pool}"
        return f"{head}."

    @property
    def how(self) -> str:
        """How the fighter goes, for the log's headline: ``"with Move 1 (Height 2)"``."""
        return f"with {self.entry}"

    def resolve(self, roller: Roller) -> Outcome:
        """What the verdict comes to when carried out (:func:`.resolve.resolve_move`, H2, H7, H8)."""
        return resolve_move(self, roller)

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values, keys in a fixed order (the answer of ``ask move``).

        ``allowed``, ``fall_dice``, ``path`` and ``crossings`` are the rules'
        answer and its route; ``final`` and ``override`` are the DM's (H7).
        An override never invents a route: a move the DM allows without one
        goes straight there with no dice, and a legal move the DM forbids is
        not made, though its route is still shown (``docs/rules.md``, *Open
        rulings*).  Whole numbers are written as ints.

        Returns:
            A dict: ``allowed`` (bool), ``final`` (bool), ``fall_dice``
            (d6 of the route, 0 when not allowed, H8), ``path`` (section ids,
            start first; ``[]`` when not allowed), ``crossings`` (each
            :meth:`Crossing.to_json`), ``start``, ``dest`` (section ids),
            ``entry`` (its text), ``move_height`` (Height levels, H2),
            ``override`` (``{"allowed", "note"}`` or null), ``summary`` (the
            page's one line), ``rules`` (sorted ruling ids of the steps) and
            ``explanation`` (the steps, one ``"[H2] …"`` line each).
        """
        route = self.route
        return {
            "allowed": self.allowed,
            "final": self.final,
            "fall_dice": route.dice if route is not None else 0,
            "path": list(route.path) if route is not None else [],
            "crossings": [c.to_json() for c in route.crossings] if route is not None else [],
            "start": self.start,
            "dest": self.dest,
            "entry": str(self.entry),
            "move_height": json_number(self.move_height),
            "override": None if self.override is None else self.override.to_json(),
            "summary": self.summary,
            "rules": rule_ids(self.steps),
            "explanation": explanation(self.steps),
        }



def _entry_step(entry: MoveEntry, fighter_height: Fraction | None) -> Step:
    """The first line of every move explanation: what the entry allows (H2, H4)."""
    if entry.kind == "Move":
        source = "its own" if entry.height is not None else (
            "the fighter's Height property" if fighter_height is not None else "none listed: 0")
        return Step("H2", f"{entry} moves up to {count(entry.distance, 'step')} with Height "
                          f"{fmt(entry.height_with(fighter_height))} ({source}).")
    if entry.kind == "Fly":
        return Step("H4", f"{entry}: Fly ignores Height — any climb, no fall, up to {count(entry.distance, 'step')}.")
    return Step("H4", f"{entry}: reaches a section ≤ {count(entry.distance, 'step')} away with net change "
                      f"in Height ≤ {entry.distance}; no borders are crossed, so no fall.")


def _crossing(field: Battlefield, a: str, b: str, entry: MoveEntry, h: Fraction) -> Crossing | None:
    """The crossing a → b with ``entry`` at Height ``h``, or None if not allowed (H2/H4)."""
    rise = move_rise(field, a, b)
    fallen = crossing_fall(rise, h, fly=entry.kind == "Fly")
    if fallen is None:
        return None
    return Crossing(a, b, rise, fallen, math.floor(fallen))


class _LazyPaths(Mapping[str, tuple[str, ...]]):
    """Section id → path, each built from the search's parent labels only when asked for."""

    def __init__(self, labels: dict[str, int], build: Callable[[int], tuple[str, ...]]) -> None:
        self._labels, self._build = labels, build

    def __getitem__(self, sid: str) -> tuple[str, ...]:
        return self._build(self._labels[sid])

    def __iter__(self) -> Iterator[str]:
        return iter(self._labels)

    def __len__(self) -> int:
        return len(self._labels)


@dataclass(frozen=True)
class Reach:
    """Every section one Move entry reaches from a start, with the best route to each (H3, H13).

    Attributes:
        start: section id the fighter stands on.
        dice: section id → the fewest falling d6 of a legal route there, in
            the order the search settled them (fewest dice, then fewest
            steps, then document order: the same on every interpreter, H13).
            Includes ``start`` (0 d6, no move).
    """

    start: str
    dice: Mapping[str, int]
    _paths: Mapping[str, tuple[str, ...]] = dc_field(repr=False, compare=False)
    _field: Battlefield = dc_field(repr=False, compare=False)
    _entry: MoveEntry = dc_field(repr=False, compare=False)
    _height: Fraction = dc_field(repr=False, compare=False)
    _fighter_height: Fraction | None = dc_field(default=None, repr=False, compare=False)

    @property
    def summary(self) -> str:
        """One line, as the page's status says it: ``"Move 1 (Height 2): 1 section reachable."``."""
        return f"{self._entry}: {count(len(self.dice) - 1, 'section')} reachable."

    @property
    def steps(self) -> tuple[Step, ...]:
        """The explanation of the highlight: what the entry allows, then each section reached but the start (H3)."""
        f = self._field
        marks = [Step("H3", f"{isolate(f.section(sid).name)}: {'safe' if d == 0 else f'{d}d6'}.")
                 for sid, d in self.dice.items() if sid != self.start]
        head = Step("H3", f"{count(len(marks), 'section')} reachable from {isolate(f.section(self.start).name)}, "
                          "each marked with the fewest falling dice of a legal route there (safe: none).")
        return (_entry_step(self._entry, self._fighter_height), head, *marks)

    def to_json(self) -> dict[str, Any]:
        """The reach as plain JSON values, keys in a fixed order (the answer of ``ask reachable``).

        Returns:
            A dict: ``start`` (section id), ``entry`` (its text),
            ``move_height`` (Height levels, H2), ``sections`` (section id →
            fewest falling d6, in :attr:`dice` order, the start included with
            0: the page's highlight), ``summary``, ``rules`` and
            ``explanation`` (:attr:`steps`, one ``"[H3] …"`` line each).
        """
        steps = self.steps
        return {
            "start": self.start,
            "entry": str(self._entry),
            "move_height": json_number(self._height),
            "sections": dict(self.dice),
            "summary": self.summary,
            "rules": rule_ids(steps),
            "explanation": explanation(steps),
        }

    def route(self, dest: str) -> Route | None:
        """The chosen route to ``dest`` (fewest dice, then fewest steps, H3), or None when out of reach."""
        path = self._paths.get(dest)
        if path is None:
            return None
        if self._entry.kind in ("Phase", "Teleport"):
            return Route(path)
        crossings = []
        for a, b in pairwise(path):
            c = _crossing(self._field, a, b, self._entry, self._height)
            assert c is not None  # the search only follows allowed crossings
            crossings.append(c)
        return Route(path, tuple(crossings))


def search(field: Battlefield, start: str, entry: MoveEntry, fighter_height: Fraction | None = None) -> Reach:
    """Every section the entry reaches from ``start``, each with its best route (H3, H4, H13).

    Move and Fly: at most N steps, each border judged on its own (H2; Fly
    ignores Height, H4).  The best route has the fewest falling dice, then the
    fewest steps.  The search settles routes in that order (a heap of
    (dice, steps, document order of the section)) and keeps a route to a
    section only when it takes fewer steps than every route settled there
    before with fewer dice: a costlier but shorter route may still lead on
    within N steps.  Ties go to the route settled first, a fixed order, so
    every interpreter gives the same route (H13).

    Phase r and Teleport r: any section at most r steps away whose net change
    in Height is at most r, no borders crossed (H4).

    Args:
        field: the battlefield.
        start: section id the fighter stands on.
        entry: the Move entry used.
        fighter_height: the fighter's Height property, Height levels, or None.

    Returns:
        The reach: minimum dice per reachable section, and routes on demand.

    Raises:
        UnknownSectionError: ``start`` is not on the battlefield.
    """
    h = entry.height_with(fighter_height)
    if entry.kind in ("Phase", "Teleport"):
        dist = field.steps_from(start)
        jumps: dict[str, tuple[str, ...]] = {
            sid: (start,) if sid == start else (start, sid) for sid, d in dist.items()
            if range_needed(d, field.rise(start, sid)) <= entry.distance}
        return Reach(start, {sid: 0 for sid in jumps}, jumps, field, entry, h, fighter_height)
    fly = entry.kind == "Fly"
    limit = entry.distance
    graph, rises = moving_graph(field)  # a stated border Height counts for moves (H15)
    sections = field.sections
    # A label is one route: (place of its section, parent label); the heap orders (dice, steps, place, label).
    # The place (document order) breaks ties between equally good routes (H13).
    origin = field.order(start)
    places: list[int] = [origin]
    parents: list[int] = [-1]
    heap: list[tuple[int, int, int, int]] = [(0, 0, origin, 0)]
    fewest_steps = [limit + 1] * len(sections)
    settled: dict[int, int] = {}
    dice: dict[str, int] = {}
    unknown = -1
    fall_dice: list[int | None] = [unknown] * len(rises)  # the crossing rule, once per distinct rise
    while heap:
        d, steps, here, label = heappop(heap)
        if steps >= fewest_steps[here]:
            continue  # a route with no more dice and no more steps is already settled here
        fewest_steps[here] = steps
        if here not in settled:
            settled[here] = label
            dice[sections[here].id] = d
        if steps == limit:
            continue
        for there, rise, kind in graph[here]:
            if steps + 1 >= fewest_steps[there]:
                continue
            more = fall_dice[kind]
            if more == unknown:
                fallen = crossing_fall(rise, h, fly=fly)
                more = fall_dice[kind] = None if fallen is None else math.floor(fallen)
            if more is None:
                continue
            places.append(there)
            parents.append(label)
            heappush(heap, (d + more, steps + 1, there, len(places) - 1))

    def path_of(label: int) -> tuple[str, ...]:
        path = []
        while label >= 0:
            path.append(sections[places[label]].id)
            label = parents[label]
        return tuple(reversed(path))

    paths = _LazyPaths({sections[p].id: label for p, label in settled.items()}, path_of)
    return Reach(start, dice, paths, field, entry, h, fighter_height)


def reachable(field: Battlefield, start: str, entry: MoveEntry,
              fighter_height: Fraction | None = None) -> dict[str, Route]:
    """Every section the entry reaches from ``start``, each with its best route (H3, H4).

    The same search as :func:`search`, with every route built.

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
    reach = search(field, start, entry, fighter_height)
    return {sid: route for sid in reach.dice if (route := reach.route(sid)) is not None}


def _why_not(field: Battlefield, start: str, dest: str, entry: MoveEntry, h: Fraction) -> list[Step]:
    """Explain why ``dest`` is out of reach."""
    name = isolate(field.section(dest).name)
    dist = field.steps_from(start)
    if dest not in dist:
        return [Step("H1", f"{name} shares no border, direct or indirect, with {isolate(field.section(start).name)}.")]
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
    blockers = list(islice((  # the first four only: the rest would be written and thrown away
        Step("H2", f"{describe_crossing(field, a, b)} needs a Move Height ≥ {fmt(move_rise(field, a, b))}; "
                   f"{entry} moves with Height {fmt(h)}.")
        for a, steps in sorted(legal.items(), key=lambda item: item[1])
        for b in field.neighbours(a)
        if move_rise(field, a, b) > h and steps + 1 + to_dest.get(b, entry.distance + 1) <= entry.distance), 4))
    return blockers or [
        Step("H2", f"No path within {count(entry.distance, 'step')} avoids a border too high to climb.")]


def judge_move(
    field: Battlefield, start: str, dest: str, entry: MoveEntry, fighter_height: Fraction | None = None,
    reach: Reach | None = None, at: Fraction | None = None,
) -> MoveVerdict:
    """The verdict for moving from ``start`` to ``dest`` with ``entry`` (H2–H4).

    Args:
        field: the battlefield.
        start: section id the fighter stands on.
        dest: section id asked for.
        entry: the Move entry used.
        fighter_height: the fighter's Height property, Height levels, or None.
        reach: :func:`search` of the same start and entry, if the caller has it.
        at: where on ``dest`` the move ends, drawing units (H10: sight is judged on x); None: its centre.

    Returns:
        A verdict with the route, every crossing and fall explained.

    Raises:
        UnknownSectionError: ``start`` or ``dest`` is not on the battlefield.
    """
    field.section(dest)
    h = entry.height_with(fighter_height)
    steps: list[Step] = [_entry_step(entry, fighter_height)]
    if reach is None or reach.start != start or reach._entry != entry:
        reach = search(field, start, entry, fighter_height)
    route = reach.route(dest)
    if route is None:
        steps.extend(_why_not(field, start, dest, entry, h))
        return MoveVerdict(start, dest, entry, h, False, None, tuple(steps), at=at)
    if dest == start:
        steps.append(Step("H3", f"Already on {isolate(field.section(dest).name)}: nothing moves."))
    for c in route.crossings:
        text = describe_crossing(field, c.source, c.dest)
        if c.rise > 0:
            text += f" — climbs (Height {fmt(c.rise)} ≤ {fmt(h)})" if entry.kind == "Move" else " — flies up"
        elif c.rise < 0 and entry.kind == "Move":
            text += f" — falls Height {fmt(c.fall)} ({c.dice}d6)" if c.fall else " — no fall (Move Height covers it)"
        elif c.rise < 0:
            text += " — flies down, no fall (Fly ignores Height)"
        steps.append(Step("H2" if entry.kind == "Move" else "H4", text + "."))
    if entry.kind in ("Phase", "Teleport") and dest != start:
        net = field.rise(start, dest)
        away = count(field.steps_from(start)[dest], "step")
        steps.append(Step("H4", f"{isolate(field.section(dest).name)} is {away} away, "
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
            steps.append(Step("H3", f"Route chosen: fewest falling dice ({route.dice}), "
                                    f"then fewest steps ({route.steps})."))
    return MoveVerdict(start, dest, entry, h, True, route, tuple(steps), at=at)
