"""Climbing obstacles: a border a fighter climbs by playing an action against it, and the fall when the
obstacle's Reaction takes effect (H9).

A border may carry a Climbing obstacle of Height c (``"climbing": c``, :data:`.fields.CLIMBING`).  Any
fighter may try to climb it upward, whatever its Move's Height: the referee enters whether the obstacle's
Reaction took effect; if not, the fighter crosses; if it did, the fighter stays where it started and falls
Height c.  Going down, it may climb the same way (a Reaction that takes effect drops it to the foot, falling c
less its Move's Height), or simply Move across as if the obstacle were not there, falling c less its Move's
Height.

Source: ``000_519d8b8e373365db.txt`` › Exploration ("Climbing obstacle"); rulings H8, H9.

Rulings restated in ``docs/rules.md``: ``#h9-climbing-obstacles-exploration``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo.battlefield import Battlefield, Border
from vertigo.dice import DicePool
from vertigo.errors import RulesError
from vertigo.falling import Fall, climbing_obstacle_fall
from vertigo.numbers import fmt, json_number
from vertigo.resolve import Outcome, Rolled, Roller
from vertigo.stand import Stand
from vertigo.text import isolate
from vertigo.verdict import Step, explanation, rule_ids

from .fields import CLIMBING

__all__ = ["HOW", "ClimbVerdict", "judge_climb", "climbs_at", "climbing_borders"]

HOW = ("climb", "move")
"""How a fighter goes past a Climbing obstacle: ``climb`` (an action against it, with its Reaction) or
``move`` (going down only: across as if it were not there, H9)."""


def climbs_at(field: Battlefield, section_id: str) -> tuple[tuple[int, Border], ...]:
    """``(place in the document, border)`` of each border of a section that carries a Climbing obstacle, in
    document order (H9); every section's worked out once per battlefield (the page's fighter card asks at every
    click)."""
    return field.derived("height.climbs", _climbs).get(section_id, ())


def _climbs(field: Battlefield) -> dict[str, tuple[tuple[int, Border], ...]]:
    out: dict[str, list[tuple[int, Border]]] = {}
    for i, b in enumerate(field.borders):
        if b[CLIMBING] is not None:
            for sid in (b.a, b.b):
                out.setdefault(sid, []).append((i, b))
    return {sid: tuple(found) for sid, found in out.items()}


def climbing_borders(field: Battlefield, section_id: str) -> tuple[Border, ...]:
    """The borders of a section that carry a Climbing obstacle, in document order (H9)."""
    return tuple(b for _, b in climbs_at(field, section_id))


@dataclass(frozen=True, slots=True)
class ClimbVerdict:
    """What a fighter's climb past a Climbing obstacle comes to (H9).

    Attributes:
        start: section id the fighter stands on (one side of the border).
        other: section id on the border's other side.
        height: c, the obstacle's Height, Height levels.
        downward: whether the fighter goes down past it (its section is the higher one).
        manner: ``"climb"`` or ``"move"`` (:data:`HOW`).
        took_effect: whether the obstacle's Reaction took effect (a climb); None for a move across.
        move_height: h, the Height of the Move the fighter climbs down with, Height levels (0 upward).
        fall: the fall it takes: c upward when the Reaction takes effect, max(0, c − h) going down; none when
            it crosses by a climb whose Reaction did not take effect.
        steps: the explanation.
    """

    start: str
    other: str
    height: Fraction
    downward: bool
    manner: str
    took_effect: bool | None
    move_height: Fraction
    fall: Fall | None
    steps: tuple[Step, ...]

    @property
    def dest(self) -> str:
        """Where the fighter ends: across, unless it climbed up and the Reaction took effect (it stays)."""
        return self.start if self.took_effect and not self.downward else self.other

    @property
    def fall_dice(self) -> int:
        """The falling d6 (H8), 0 for no fall."""
        return 0 if self.fall is None else self.fall.pool.count

    @property
    def allowed(self) -> bool:
        """A climb is always the fighter's to try (H9): True."""
        return True

    @property
    def final(self) -> bool:
        """Always the rules' answer: a climb's outcome is entered by the referee, not overridden."""
        return True

    @property
    def summary(self) -> str:
        """One line: ``"Climbs the obstacle onto Rampart."``, ``"Falls climbing: 2d6: 2–12, mean 7"``."""
        dice = f": falls, {DicePool(self.fall_dice)}" if self.fall_dice else ""
        if self.manner == "move":
            return f"Moves down across the obstacle{dice or ', no fall'}."
        if not self.took_effect:
            return f"Climbs {'down' if self.downward else 'up'} past the obstacle."
        return f"The obstacle's Reaction takes effect{dice or ', no fall'}."

    @property
    def how(self) -> str:
        """For the log's headline: ``"climbing up"``, ``"climbing down"``, ``"moving down across the climbing
        obstacle"``."""
        if self.manner == "move":
            return "moving down across the climbing obstacle"
        return f"climbing {'down' if self.downward else 'up'}"

    def resolve(self, roller: Roller) -> Outcome:
        """Carry the climb out: the fighter ends on :attr:`dest` and rolls its fall (H8)."""
        to = Stand(self.dest, None)
        moved = self.dest != self.start
        if not self.fall_dice:
            return Outcome(moved, to, (), ())
        dice = roller(DicePool(self.fall_dice))
        return Outcome(moved, to, (Rolled(dice, "H8", "falling damage", "fell"),),
                       (Step("H8", f"Rolled {dice.brief()} falling damage."),))

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values (the answer of ``ask climb_fails``): ``fall`` (Height levels fallen,
        whole numbers as ints), ``fall_dice``, ``start``, ``dest`` (section ids: where it ends), ``downward``,
        ``summary``, ``rules`` and ``explanation``."""
        return {
            "fall": json_number(Fraction(0) if self.fall is None else self.fall.height),
            "fall_dice": self.fall_dice,
            "start": self.start,
            "dest": self.dest,
            "downward": self.downward,
            "summary": self.summary,
            "rules": rule_ids(self.steps),
            "explanation": explanation(self.steps),
        }


def judge_climb(field: Battlefield, start: str, border: Border, *, how: str = "climb",
                took_effect: bool | None = None, move_height: Fraction | int = 0) -> ClimbVerdict:
    """A fighter on ``start`` goes past the Climbing obstacle at ``border`` (H9).

    Args:
        field: the battlefield.
        start: the section the fighter stands on: one of the border's two.
        border: a border with a Climbing obstacle (:data:`.fields.CLIMBING`).
        how: ``"climb"`` (an action against the obstacle) or ``"move"`` (down only: across as if it were
            not there).
        took_effect: for a climb, whether the obstacle's Reaction took effect (the referee's entry).
        move_height: h, the Height of the Move used going down, Height levels (ignored going up).

    Raises:
        RulesError: the border has no Climbing obstacle, ``start`` is not one of its sections, ``how`` is
            not one of :data:`HOW`, a move across goes up, or a climb has no ``took_effect``.
    """
    c = border[CLIMBING]
    if c is None:
        raise RulesError(f"the border {border.a} – {border.b} has no Climbing obstacle (\"climbing\")")
    if start not in (border.a, border.b):
        raise RulesError(f"the fighter stands on {start!r}, not beside the border {border.a} – {border.b}")
    if how not in HOW:
        raise RulesError(f"a fighter goes past a Climbing obstacle by {' or '.join(HOW)}: {how!r}")
    other = border.b if start == border.a else border.a
    downward = field.rise(start, other) < 0
    if how == "move" and not downward:
        raise RulesError("only going down may a fighter Move across a Climbing obstacle as if it were not there")
    if how == "climb" and took_effect is None:
        raise RulesError("a climb needs the referee's entry: did the obstacle's Reaction take effect?")
    h = Fraction(move_height) if downward else Fraction(0)
    names = f"{isolate(field.section(start).name)} → {isolate(field.section(other).name)}"
    way = "down" if downward else "up"
    steps = [Step("H9", f"{names}: a Climbing obstacle of Height {fmt(c)}, climbed {way}"
                        + (f" with a Move of Height {fmt(h)}." if downward else ", whatever the Move's Height."))]
    fall: Fall | None = None
    if how == "move":
        steps.append(Step("H9", "Moves across as if the obstacle were not there, and takes its fall less the "
                                "Move's Height."))
        fall = climbing_obstacle_fall(c, h, downward=True)
    elif not took_effect:
        steps.append(Step("H9", f"The obstacle's Reaction did not take effect: the fighter climbs {way}, no fall."))
    else:
        stays = "falls back where it started" if not downward else "falls to the foot"
        steps.append(Step("H9", f"The obstacle's Reaction took effect: the climb fails, and the fighter {stays}."))
        fall = climbing_obstacle_fall(c, h, downward=downward)
    if fall is not None:
        steps.extend(fall.steps)
    return ClimbVerdict(start, other, c, downward, how, took_effect, h, fall, tuple(steps))
