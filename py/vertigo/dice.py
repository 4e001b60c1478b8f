"""Falling dice: d6 pools rolled from an injected, seedable generator (H8).

Source: ``000_519d8b8e373365db.txt`` › Falling ("1d6 damage for each Height
value fallen"), ruling H8 (every die shown, seedable generator).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .errors import LimitError
from .limits import MAX_DICE
from .numbers import fmt

__all__ = ["DicePool", "DiceRoll", "roll", "rng_for"]

SIDES = 6


@dataclass(frozen=True, slots=True)
class DicePool:
    """``count`` d6, before the roll.

    Attributes:
        count: number of d6 (0 … MAX_DICE).

    Raises:
        LimitError: count below 0 or above :data:`vertigo.limits.MAX_DICE`.
    """

    count: int

    def __post_init__(self) -> None:
        if not 0 <= self.count <= MAX_DICE:
            raise LimitError(f"dice count must be 0 to {MAX_DICE}: {self.count}")

    @property
    def low(self) -> int:
        """Smallest total (``count``)."""
        return self.count

    @property
    def high(self) -> int:
        """Largest total (``6 × count``)."""
        return SIDES * self.count

    @property
    def mean(self) -> float:
        """Expected total (``3.5 × count``)."""
        return 3.5 * self.count

    def __str__(self) -> str:
        """``"3d6: 3–18, mean 10.5"``; ``"no dice"`` for 0."""
        if self.count == 0:
            return "no dice"
        return f"{self.count}d6: {self.low}–{self.high}, mean {fmt(self.mean)}"


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """A rolled pool that keeps every die.

    Attributes:
        dice: each die's face (1–6), in roll order.
    """

    dice: tuple[int, ...]

    @property
    def total(self) -> int:
        """Sum of the dice (falling damage)."""
        return sum(self.dice)

    def brief(self, shown: int = 60) -> str:
        """:meth:`__str__` for up to ``shown`` dice; a larger roll as ``"34000d6 = 119210"`` (its faces replay from
        the seed, so a log line need not carry them)."""
        return str(self) if len(self.dice) <= shown else f"{len(self.dice)}d6 = {self.total}"

    def __str__(self) -> str:
        """``"3d6 (2, 5, 6) = 13"``; ``"0d6 = 0"`` for an empty pool."""
        if not self.dice:
            return "0d6 = 0"
        faces = ", ".join(str(d) for d in self.dice)
        return f"{len(self.dice)}d6 ({faces}) = {self.total}"


def rng_for(seed: int, index: int) -> random.Random:
    """The generator for roll number ``index`` of a table seeded ``seed``.

    Deriving each roll's generator from (seed, index) makes every roll
    replay exactly, undo rewind the dice, and no state hide in the core.

    Args:
        seed: the scenario's dice seed.
        index: how many rolls the table made before this one (0-based).
    """
    return random.Random(f"vertigo/{seed}/{index}")


def roll(pool: DicePool, rng: random.Random) -> DiceRoll:
    """Roll ``pool`` with ``rng``.

    Args:
        pool: how many d6.
        rng: the injected generator (see :func:`rng_for`).

    Returns:
        The roll, every die kept.
    """
    return DiceRoll(tuple(rng.randint(1, SIDES) for _ in range(pool.count)))
