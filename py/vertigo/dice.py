"""Dice pools NdS+M rolled from an injected, seedable generator, every die kept (H8).

A pool is N dice of S sides plus a modifier M, written ``"3d6+1"``, ``"d8"``
(one die), ``"2d6-1"`` or ``"0d6"`` (no dice).  The rules use:

- d6 for falls: ``000_519d8b8e373365db.txt`` › Falling ("1d6 damage for each
  Height value fallen"), ruling H8 (every die shown, seedable generator);
- 3d6 for GURPS success and damage rolls: ``001_cbc7fc1b49bd2ff2.txt``;
- a d8 for the direction of a failed long jump's scatter:
  ``003_d3aa233771e16bb9.txt`` › Jumping, ruling J6 (1 = straight ahead,
  clockwise).

Every die of a roll is drawn in order from one generator with
``rng.randint(1, sides)``, so a d6 pool draws exactly what the d6-only
builds drew from the same (seed, roll index): saved tables replay unchanged.

Rulings restated in ``docs/rules.md``: ``#h8-falling-dice``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from .errors import EntryError, LimitError
from .limits import MAX_DICE, MAX_DICE_MODIFIER, MAX_DICE_TEXT, MAX_SIDES
from .numbers import MINUS, fmt
from .text import entry_text, quote

__all__ = ["DicePool", "DiceRoll", "roll", "rng_for"]

SIDES = 6
"""Sides of a die when none are named: the d6 of falls (H8)."""

_NOTATION = re.compile(r" *([0-9]*)[dD]([0-9]+) *(?:([-+\u2212]) *([0-9]+))? *")
"""``NdS[±M]``: N omitted is 1; ASCII digits and plain spaces only (``int`` would read other scripts' digits,
and a line break has no place in a one-line log)."""


def _num(value: float) -> str:
    """A total, bound or mean as the explanations write it: ``3``, ``10.5``, ``−2`` (a true minus sign)."""
    text = fmt(value)
    return MINUS + text[1:] if text.startswith("-") else text


def _notation(count: int, sides: int, modifier: int) -> str:
    """``"3d6"``, ``"3d6+1"``, ``"2d6-1"`` (ASCII, as typed, so :meth:`DicePool.parse` reads it back)."""
    add = "" if modifier == 0 else f"{modifier:+d}"
    return f"{count}d{sides}{add}"


@dataclass(frozen=True, slots=True)
class DicePool:
    """``count`` dice of ``sides`` sides plus ``modifier``, before the roll (NdS+M).

    Attributes:
        count: number of dice, 0 … :data:`~vertigo.limits.MAX_DICE`.
        sides: sides of each die, 2 … :data:`~vertigo.limits.MAX_SIDES` (6: falls, H8; 8: scatter, J6).
        modifier: added to the sum of the dice, −:data:`~vertigo.limits.MAX_DICE_MODIFIER` …
            +MAX_DICE_MODIFIER.

    Raises:
        LimitError: a value outside its bounds; the message names the value and the bounds
            (``"dice count must be 0 to 100000: -1"``).
    """

    count: int
    sides: int = SIDES
    modifier: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.count <= MAX_DICE:
            raise LimitError(f"dice count must be 0 to {MAX_DICE}: {self.count}")
        if not 2 <= self.sides <= MAX_SIDES:
            raise LimitError(f"dice sides must be 2 to {MAX_SIDES}: {self.sides}")
        if not -MAX_DICE_MODIFIER <= self.modifier <= MAX_DICE_MODIFIER:
            raise LimitError(f"dice modifier must be {MINUS}{MAX_DICE_MODIFIER} to +{MAX_DICE_MODIFIER}: "
                             f"{_num(self.modifier)}")

    @classmethod
    def parse(cls, text: str) -> DicePool:
        """The pool written ``text``: ``"3d6+1"``, ``"d8"`` (one die), ``"2d6-1"``, ``"0d6"``, ``"3D6 + 1"``.

        Args:
            text: ``NdS``, ``NdS+M`` or ``NdS-M`` (``−`` also reads as minus); N
                omitted means 1; spaces allowed around the sign and at the ends.

        Returns:
            The pool.

        Raises:
            EntryError: not text, or not dice notation
                (``'"3x6" is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")'``).
            LimitError: longer than :data:`~vertigo.limits.MAX_DICE_TEXT`
                characters, or a count, sides or modifier past its bounds
                (``'"0d6+1001": dice modifier must be −1000 to +1000: 1001'``).
        """
        text = entry_text(text, MAX_DICE_TEXT, "dice")
        m = _NOTATION.fullmatch(text)
        if m is None:
            raise EntryError(f'{quote(text)} is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")')
        count, sides, sign, add = m.groups()
        modifier = 0 if add is None else int(add) * (1 if sign == "+" else -1)
        try:
            return cls(int(count) if count else 1, int(sides), modifier)
        except LimitError as e:
            raise LimitError(f"{quote(text)}: {e}") from None

    @property
    def notation(self) -> str:
        """The pool as written: ``"3d6"``, ``"3d6+1"``, ``"1d8"``, ``"2d6-1"`` (:meth:`parse` reads it back)."""
        return _notation(self.count, self.sides, self.modifier)

    @property
    def low(self) -> int:
        """Smallest total: ``count + modifier``."""
        return self.count + self.modifier

    @property
    def high(self) -> int:
        """Largest total: ``sides × count + modifier``."""
        return self.sides * self.count + self.modifier

    @property
    def mean(self) -> float:
        """Expected total: ``(sides + 1) / 2 × count + modifier`` (3.5 per d6, 4.5 per d8)."""
        return (self.sides + 1) * self.count / 2 + self.modifier

    def __str__(self) -> str:
        """``"3d6: 3–18, mean 10.5"``, ``"3d6+1: 4–19, mean 11.5"``, ``"1d6-3: −2 to 3, mean 0.5"``,
        ``"0d6+2: always 2"``; ``"no dice"`` for no dice and no modifier."""
        if self.count == 0:
            return "no dice" if self.modifier == 0 else f"{self.notation}: always {_num(self.modifier)}"
        span = f"{self.low}–{self.high}" if self.low >= 0 else f"{_num(self.low)} to {_num(self.high)}"
        return f"{self.notation}: {span}, mean {_num(self.mean)}"


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """A rolled pool that keeps every die and the modifier.

    Attributes:
        dice: each die's face (1 … sides), in roll order.
        sides: sides of each die (6 unless named).
        modifier: added to the sum of the faces (0 unless named).

    Raises:
        LimitError: more than :data:`~vertigo.limits.MAX_DICE` dice, or sides
            or modifier outside the bounds of :class:`DicePool`.
    """

    dice: tuple[int, ...]
    sides: int = SIDES
    modifier: int = 0

    def __post_init__(self) -> None:
        DicePool(len(self.dice), self.sides, self.modifier)  # refuses what a pool refuses

    @property
    def pool(self) -> DicePool:
        """The pool this roll is a roll of (``len(dice)`` dice, same sides and modifier)."""
        return DicePool(len(self.dice), self.sides, self.modifier)

    @property
    def total(self) -> int:
        """Sum of the faces plus the modifier (falling damage: the sum of the d6)."""
        return sum(self.dice) + self.modifier

    def _head(self) -> str:
        return _notation(len(self.dice), self.sides, self.modifier)

    def brief(self, shown: int = 60) -> str:
        """:meth:`__str__` for up to ``shown`` dice; a larger roll as ``"34000d6 = 119210"`` or
        ``"100d8+2 = 452"`` (its faces replay from the seed, so a log line need not carry them)."""
        return str(self) if len(self.dice) <= shown else f"{self._head()} = {_num(self.total)}"

    def __str__(self) -> str:
        """``"3d6 (2, 5, 6) = 13"``, ``"3d6+1 (2, 5, 6) + 1 = 14"``, ``"2d6-1 (3, 4) − 1 = 6"``,
        ``"1d8 (5) = 5"``; ``"0d6 = 0"`` for an empty d6 pool."""
        if not self.dice:
            return f"{self._head()} = {_num(self.total)}"
        faces = ", ".join(str(d) for d in self.dice)
        add = "" if self.modifier == 0 else f" {'+' if self.modifier > 0 else MINUS} {abs(self.modifier)}"
        return f"{self._head()} ({faces}){add} = {_num(self.total)}"


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
    """Roll ``pool`` with ``rng``: ``rng.randint(1, sides)`` per die, in order.

    A d6 pool draws exactly the faces the d6-only builds drew from the same
    generator, so saved tables replay unchanged.

    Args:
        pool: the dice, their sides and the modifier.
        rng: the injected generator (see :func:`rng_for`).

    Returns:
        The roll, every die kept, with the pool's sides and modifier.
    """
    sides = pool.sides
    return DiceRoll(tuple(rng.randint(1, sides) for _ in range(pool.count)), sides, pool.modifier)
