"""The resolve step: a verdict and its dice in, the outcome out.

A verdict says what the rules allow; resolving it rolls the dice the rules
roll and says where the fighter ends up.  The dice come from a callable the
caller supplies (the table rolls from its seed and roll number, so a saved
table replays exactly; a test passes fixed dice), so resolving has no state
of its own.  A move resolves to its destination and its falling dice
(H2, H8); a later rule set resolves the same way — a jump can scatter before
it falls (J6, J7) — by adding its own ``resolve_*`` function here.

Source: issue 6 (the resolve step); rulings H2, H7, H8
(``docs/rules.md#h8-falling-dice``).

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h7-the-dms-override``,
``#h8-falling-dice``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .dice import DicePool, DiceRoll
from .movement import MoveVerdict
from .verdict import Step

__all__ = ["Outcome", "Roller", "resolve_move"]

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


def resolve_move(verdict: MoveVerdict, roller: Roller) -> Outcome:
    """Carry out a move verdict (H2, H7, H8).

    A verdict that is finally not allowed (by the rules, or by the DM's
    override) leaves the fighter where it stands and rolls nothing.  An
    allowed move ends on its destination, at the section's default place,
    and rolls its falling dice when it has any.  A move allowed only by the
    DM's override (the rules found no route) goes straight there with no
    fall (``docs/rules.md#open-rulings``).

    Args:
        verdict: the verdict, overridden or not.
        roller: rolls the falling dice.

    Returns:
        The outcome; ``roll`` is None when there was nothing to roll.
    """
    if not verdict.final:
        return Outcome(False, verdict.start, None, None, ())
    if not (verdict.allowed and verdict.pool.count):
        return Outcome(True, verdict.dest, None, None, ())
    dice = roller(verdict.pool)
    return Outcome(True, verdict.dest, None, dice,
                   (Step("H8", f"Rolled {dice.brief()} falling damage."),))
