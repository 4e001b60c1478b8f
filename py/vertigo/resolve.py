"""The resolve step: a verdict and its dice in, the outcome out.

A verdict says what the rules allow; resolving it rolls the dice the rules
roll and says where the fighter ends up.  The dice come from a callable the
caller supplies (the table rolls from its seed and roll number, so a saved
table replays exactly; a test passes fixed dice), so resolving has no state
of its own.  A rule set's verdict resolves itself (:class:`Resolvable`): a
Height move to its destination and its falling dice (H2, H8); a later rule
set the same way — a jump can scatter before it falls (J6, J7).

Source: issue 6 (the resolve step); rulings H2, H7, H8
(``docs/rules.md#h8-falling-dice``).

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h7-the-dms-override``,
``#h8-falling-dice``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from .dice import DicePool, DiceRoll
from .verdict import Step

__all__ = ["Outcome", "Roller", "Resolvable"]

Roller = Callable[[DicePool], DiceRoll]
"""Rolls a pool: ``roller(pool) -> roll`` (every die kept)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a verdict came to.

    Attributes:
        moved: whether the fighter left where it stood.
        section: id of the section it ends on (where it started when it did not move).
        x: where on that section, in the scenario's unit; None for the section's default place.
        roll: the dice rolled (falling damage for a move), or None when none were rolled.
        steps: the explanation of what happened, after the verdict's own steps.
    """

    moved: bool
    section: str
    x: Fraction | None
    roll: DiceRoll | None
    steps: tuple[Step, ...]

    @property
    def damage(self) -> int:
        """The total of the dice rolled, 0 when none were."""
        return 0 if self.roll is None else self.roll.total


class Resolvable(Protocol):
    """A verdict the table can carry out (:meth:`vertigo.table.Table.move`): where from, where to, its
    explanation, and what it comes to when rolled for."""

    @property
    def start(self) -> str:
        """Id of the section the fighter stands on."""

    @property
    def dest(self) -> str:
        """Id of the section asked for."""

    @property
    def how(self) -> str:
        """How the fighter goes, for the log's headline (``"with Move 1 (Height 2)"``)."""

    @property
    def summary(self) -> str:
        """The verdict in one line."""

    @property
    def steps(self) -> tuple[Step, ...]:
        """The verdict's explanation."""

    def resolve(self, roller: Roller) -> Outcome:
        """What the verdict comes to: where the fighter ends, and the dice rolled with ``roller``."""
