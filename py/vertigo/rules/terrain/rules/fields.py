"""The Terrain features rules' fields: a fighter's Move in inches and its Move check (T3, T4, T8), and the
fall scale (T6).

Source: ``002_c9100305c0bcca6b.txt`` › Falling Off Platform, Stairs and ladders; rulings T3, T4, T6, T8;
issue 24 (the format's ``move`` and ``move_check``).

Rulings restated in ``docs/rules.md``: ``#t3-edges``, ``#t6-falls-in-inches``, ``#t8-movement-in-inches``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo.dice import DicePool
from vertigo.errors import RulesError
from vertigo.falling import fall_scale
from vertigo.fields import BAD, Checks, Field, Kind, Length
from vertigo.limits import MAX_MOVE_IN

__all__ = ["MoveCheck", "MOVE", "MOVE_CHECK", "SCALE", "FIELDS", "OPTIONS", "PASSES"]

PASSES = ("at_most", "at_least")
"""How a Move check's roll passes: at most its target, or at least it."""


@dataclass(frozen=True, slots=True)
class MoveCheck:
    """A fighter's Move check, rolled by the product when the referee asks it to (T3, T4).

    Attributes:
        pool: the dice rolled (``2d6``).
        at_most: True when a roll at most :attr:`target` passes, False when at least it passes.
        target: the number the roll is compared with.
    """

    pool: DicePool
    at_most: bool
    target: int

    def passes(self, total: int) -> bool:
        """Whether a roll totalling ``total`` passes."""
        return total <= self.target if self.at_most else total >= self.target

    @property
    def text(self) -> str:
        """``"2d6, at most 7"``."""
        return f"{self.pool.notation}, {'at most' if self.at_most else 'at least'} {self.target}"


class MoveCheckKind(Kind):
    """``{"dice": "2d6", "pass": "at_most" | "at_least", "target": 7}`` (T3, T4)."""

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        if raw is None:
            return None
        shape = '{"dice": "2d6", "pass": "at_most" or "at_least", "target": a whole number}'
        if not isinstance(raw, Mapping) or set(raw) != {"dice", "pass", "target"}:
            c.add(where, f"must be {shape}: {c.show(raw)}")
            return BAD
        dice, passing, target = raw["dice"], raw["pass"], raw["target"]
        if not isinstance(dice, str):
            c.add(f"{where}.dice", f'must be dice text such as "2d6": {c.show(dice)}')
            return BAD
        try:
            pool = DicePool.parse(dice)
        except RulesError as e:
            c.add(f"{where}.dice", str(e))
            return BAD
        if pool.count == 0:
            c.add(f"{where}.dice", f"must roll at least one die: {c.show(dice)}")
            return BAD
        if passing not in PASSES:
            c.add(f"{where}.pass", f"must be at_most or at_least: {c.show(passing)}")
            return BAD
        if isinstance(target, bool) or not isinstance(target, int) or not -1000 <= target <= 1000:
            c.add(f"{where}.target", f"must be a whole number from -1000 to 1000: {c.show(target)}")
            return BAD
        return MoveCheck(pool, passing == "at_most", target)

    def write(self, value: Any) -> Any:
        if value is None:
            return None
        return {"dice": value.pool.notation, "pass": "at_most" if value.at_most else "at_least",
                "target": value.target}

    def describe(self) -> str:
        return 'dice, how it passes and a target: {"dice": "2d6", "pass": "at_most", "target": 7}'


MOVE: Field[Fraction | None] = Field(
    "move", "fighter", None, "Move (inches)",
    "how far it moves in one move action, in inches; without it the fighter cannot move (T8)",
    kind=Length(0, MAX_MOVE_IN))
"""Its Move in inches (T8); None: it cannot move."""
MOVE_CHECK: Field[MoveCheck | None] = Field(
    "move_check", "fighter", None, "Move check",
    "the dice its Move check rolls and how it passes, for the automatic roll (T3, T4)", kind=MoveCheckKind())
"""Its Move check, for the product's roll (T3, T4); None: the referee enters pass or fail."""
SCALE: Field[Fraction] = fall_scale(Fraction(3), "the drop on the table that is one Height level fallen, 3 in "
                                                 "(one storey of skirmish terrain) by default (T6)")
"""The fall scale option, one Height per 3 in by default (T6)."""

FIELDS = (MOVE, MOVE_CHECK)
"""The fighter fields, in the order a document writes them."""
OPTIONS = (SCALE,)
"""The scenario options."""
