"""Forced movement: a push or knock-back that moves a fighter towards a section the referee picks (H12).

A push moves the fighter up to N steps (1 to :data:`MAX_PUSH`) along the path of fewest steps to the section
picked (H13: the first in document order of the borders among equals), whatever its Move entries.  Each
downward crossing falls the border's full Height: a Move's Height does not apply, but a stated Height does
(H15).  The push stops on the near side of the first upward border of Height more than 0.  The falls add up
as in H2 and roll as in H8.

Source: ``000_519d8b8e373365db.txt`` › Combat (falling across a border); rulings H2, H7, H8, H12, H13, H15.

Rulings restated in ``docs/rules.md``: ``#h12-forced-movement``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from vertigo.battlefield import Battlefield
from vertigo.dice import DicePool
from vertigo.errors import RulesError
from vertigo.numbers import count, fmt
from vertigo.resolve import Outcome, Rolled, Roller
from vertigo.stand import Stand
from vertigo.text import isolate
from vertigo.verdict import Overridable, Override, Step, explanation, rule_ids

from .movement import Crossing
from .stairs import describe_crossing, move_rise

__all__ = ["MAX_PUSH", "PushVerdict", "judge_push", "push_path"]

MAX_PUSH = 50
"""The most steps one push moves a fighter (issue 23: "up to N steps (1 to 50)")."""


@dataclass(frozen=True, slots=True)
class PushVerdict(Overridable):
    """Where a push takes a fighter, and how far it falls on the way (H12).

    Attributes:
        start: section id the fighter stands on.
        to: section id the referee picked.
        limit: N, the most steps the push moves it (1 to :data:`MAX_PUSH`).
        allowed: whether the push can be made: ``to`` shares a border, direct or indirect, with ``start``.
        path: the sections the fighter goes through, ``start`` first and the section it ends on last (the
            start alone when the first border stops it, or when it already stands on ``to``).
        planned: the path of fewest steps to ``to`` (H13), whole; ``()`` when not allowed.
        crossings: the borders crossed, in order; each fall the border's full Height downward (H12, H15).
        stopped_at: the section beyond the upward border that stopped the push, or None when nothing stopped
            it (it reached ``to``, or went its N steps).
        steps: the explanation.
        override: the DM's exception (H7): ruled out, nothing moves.
        names: ``(section id, name as text)`` of the sections the summary may name.
    """

    start: str
    to: str
    limit: int
    allowed: bool
    path: tuple[str, ...]
    planned: tuple[str, ...]
    crossings: tuple[Crossing, ...]
    stopped_at: str | None
    steps: tuple[Step, ...]
    override: Override | None = None
    names: tuple[tuple[str, str], ...] = ()

    @property
    def dest(self) -> str:
        """Where the push ends (where it started when the rules or the DM let nothing move)."""
        return self.path[-1] if self.final and self.path else self.start

    @property
    def dice(self) -> int:
        """Falling d6 over the whole push: each crossing's own, added (H2, H8)."""
        return sum(c.dice for c in self.crossings)

    @property
    def pool(self) -> DicePool:
        """The falling dice to roll on confirmation (none when not allowed)."""
        return DicePool(self.dice if self.final else 0)

    @property
    def how(self) -> str:
        """For the log's headline: ``"pushed 2 steps"``."""
        return f"pushed {count(len(self.path) - 1, 'step')}"

    @property
    def summary(self) -> str:
        """One line: ``"Pushed 2 steps to Street: falls, 5d6: 5–30, mean 17.5"``."""
        if self.override is not None and not self.final:
            return "Not pushed — overridden by the DM."
        if not self.allowed:
            return "Cannot be pushed there: no line of sections leads to it."
        moved = len(self.path) - 1
        where = f"to {self._name(self.path[-1])}"
        stop = f", stopped before {self._name(self.stopped_at)}" if self.stopped_at is not None else ""
        head = f"Pushed {count(moved, 'step')} {where}{stop}" if moved else f"Not moved{stop}"
        if self.override is not None:
            head += " — overridden by the DM"
        return f"{head}: falls, {self.pool}" if self.dice else f"{head}."

    def _name(self, sid: str) -> str:
        return dict(self.names).get(sid, sid)

    def resolve(self, roller: Roller) -> Outcome:
        """Carry the push out: the fighter ends on :attr:`dest` (its section's default place) and rolls the falls
        (H8); a push the DM rules out, or one that goes nowhere, moves nothing."""
        if not self.final or len(self.path) < 2:
            return Outcome(False, Stand(self.start, None), (), ())
        if not self.dice:
            return Outcome(True, Stand(self.dest, None), (), ())
        dice = roller(self.pool)
        return Outcome(True, Stand(self.dest, None), (Rolled(dice, "H8", "falling damage", "fell"),),
                       (Step("H8", f"Rolled {dice.brief()} falling damage."),))

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values, keys in a fixed order (the answer of ``ask push``).

        Returns:
            A dict: ``allowed`` (the rules' answer), ``final`` (after the DM's override, H7), ``path``
            (section ids the fighter goes through, start first; the start alone when nothing moves),
            ``stopped_at`` (the section beyond the upward border that stopped it, or null), ``crossings``
            (each ``{"from", "to", "rise", "fall", "dice"}`` as ``move``'s, the rise the stated Height where a
            border states one, H15), ``fall_dice`` (d6 of every fall, added), ``start``, ``to`` (section
            ids), ``steps`` (N), ``override``, ``summary``, ``rules`` and ``explanation``.
        """
        return {
            "allowed": self.allowed,
            "final": self.final,
            "path": list(self.path),
            "stopped_at": self.stopped_at,
            "crossings": [c.to_json() for c in self.crossings],
            "fall_dice": self.dice,
            "start": self.start,
            "to": self.to,
            "steps": self.limit,
            "override": None if self.override is None else self.override.to_json(),
            "summary": self.summary,
            "rules": rule_ids(self.steps),
            "explanation": explanation(self.steps),
        }


def push_path(field: Battlefield, start: str, to: str) -> tuple[str, ...] | None:
    """The path of fewest steps from ``start`` to ``to``, whatever the borders' Heights: each section's parent
    the first found in document order of the borders (H13); ``(start,)`` when they are the same; None when
    ``to`` shares no border, direct or indirect, with ``start``.

    Raises:
        UnknownSectionError: either id is not a section.
    """
    field.section(to)
    from_start = field.steps_from(start)
    if to not in from_start:
        return None
    to_end = field.steps_from(to)
    d = from_start[to]
    path = [start]
    while path[-1] != to:
        here = path[-1]
        path.append(next(b for b in field.neighbours(here)
                         if from_start.get(b) == from_start[here] + 1 and from_start[b] + to_end.get(b, d + 1) == d))
    return tuple(path)


def judge_push(field: Battlefield, start: str, to: str, limit: int) -> PushVerdict:
    """The verdict for pushing a fighter from ``start`` up to ``limit`` steps towards ``to`` (H12).

    Args:
        field: the battlefield.
        start: the section the fighter stands on.
        to: the section the referee picks.
        limit: N, the most steps, 1 to :data:`MAX_PUSH`.

    Returns:
        The verdict, with each crossing's fall and where the push stops.

    Raises:
        RulesError: ``limit`` is not a whole number from 1 to :data:`MAX_PUSH`.
        UnknownSectionError: either id is not a section.
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_PUSH:
        raise RulesError(f"a push moves 1 to {MAX_PUSH} steps: {limit!r}")
    names = tuple((s.id, isolate(s.name)) for s in (field.section(start), field.section(to)))
    planned = push_path(field, start, to)
    head = Step("H12", f"Pushed up to {count(limit, 'step')} towards {names[1][1]}, along the path of fewest steps "
                       "(H13); a Move's Height does not apply.")
    if planned is None:
        why = Step("H12", f"{names[1][1]} shares no border, direct or indirect, with {names[0][1]}: no push.")
        return PushVerdict(start, to, limit, False, (start,), (), (), None, (head, why), names=names)
    steps = [head]
    if start == to:
        steps.append(Step("H12", f"Already on {names[0][1]}: nothing moves."))
    path = [start]
    crossings: list[Crossing] = []
    stopped: str | None = None
    for a, b in pairwise(planned):
        if len(path) > limit:
            break
        rise = move_rise(field, a, b)
        text = describe_crossing(field, a, b)
        if rise > 0:
            stopped = b
            steps.append(Step("H12", f"{text} — an upward border with a Height: the push stops on "
                                     f"{isolate(field.section(a).name)}."))
            break
        fallen = -rise
        crossings.append(Crossing(a, b, rise, fallen, math.floor(fallen)))
        path.append(b)
        steps.append(Step("H12", f"{text} — falls its full Height {fmt(fallen)} ({math.floor(fallen)}d6)."
                                 if fallen else f"{text} — no fall."))
    if stopped is None and path[-1] != to:
        steps.append(Step("H12", f"{count(limit, 'step')} taken: the push ends on "
                                 f"{isolate(field.section(path[-1]).name)}."))
    falls = [c for c in crossings if c.dice]
    total = sum(c.dice for c in crossings)
    if len(falls) > 1:
        steps.append(Step("H8", f"Falls add up: {' + '.join(f'{c.dice}d6' for c in falls)} = {total}d6 "
                                f"({DicePool(total)})."))
    elif falls:
        steps.append(Step("H8", f"Falling dice: {DicePool(total)}."))
    else:
        steps.append(Step("H8", "No falling dice."))
    every = tuple((sid, isolate(field.section(sid).name)) for sid in dict.fromkeys((*planned, to)))
    return PushVerdict(start, to, limit, True, tuple(path), planned, tuple(crossings), stopped, tuple(steps),
                       names=every)

