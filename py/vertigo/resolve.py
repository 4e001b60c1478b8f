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
from typing import Any, Protocol

from .dice import DicePool, DiceRoll
from .fields import Field
from .stand import Stand
from .verdict import Step

__all__ = ["Rolled", "Outcome", "Roller", "Resolve", "Resolvable"]

Roller = Callable[[DicePool], DiceRoll]
"""Rolls a pool: ``roller(pool) -> roll`` (every die kept).  The table's roller rolls the table's next roll
each time it is called (:meth:`vertigo.table.Table.apply`)."""


@dataclass(frozen=True, slots=True)
class Rolled:
    """One roll an action made, and what it was for.

    Attributes:
        roll: the dice, as the roller gave them.
        rule: the ruling id that rolled them (``"H8"`` for falling damage).
        what: what the dice are, for the log's detail line (``"falling damage"``).
        verb: what the fighter did, for the log's headline (``"fell"``: "fell: 3 damage").
        damage: whether the total is damage (the headline then says "3 damage", and
            :attr:`Outcome.damage` counts it).
    """

    roll: DiceRoll
    rule: str
    what: str
    verb: str
    damage: bool = True

    @property
    def headline(self) -> str:
        """The roll in the log's headline: ``"fell: 3 damage"``, ``"scattered: 5"``."""
        return f"{self.verb}: {self.roll.total}{' damage' if self.damage else ''}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a verdict came to.

    Attributes:
        moved: whether the fighter left where it stood.
        to: where it ends (where it stood when it did not move): a section and an x on it (None: the
            section's default place), or a height up a ladder (:class:`vertigo.stand.Stand`).
        rolls: every roll the action made, in the order the roller made them (a Height move: its falling
            dice, or none; a failed jump: its scatter die, then its falling dice).
        steps: the explanation of what happened, after the verdict's own steps.
        state: ``(field, value)``: one per-fighter state the action sets with the move (a jumper Knocked Down
            where it lands, J8), taken back with it by one Undo; None: it sets none.
    """

    moved: bool
    to: Stand
    rolls: tuple[Rolled, ...]
    steps: tuple[Step, ...]
    state: tuple[Field[Any], object] | None = None

    @property
    def roll(self) -> DiceRoll | None:
        """The first roll's dice (a Height move's falling damage), or None when nothing was rolled."""
        return self.rolls[0].roll if self.rolls else None

    @property
    def damage(self) -> int:
        """The total of the rolls that are damage, 0 when there are none."""
        return sum(r.roll.total for r in self.rolls if r.damage)


Resolve = Callable[[Roller], Outcome]
"""What an action comes to, given the table's roller: ``resolve(roller) -> Outcome``
(:meth:`vertigo.table.Table.apply`)."""


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
