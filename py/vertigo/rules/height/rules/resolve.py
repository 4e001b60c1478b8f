"""Carrying out a Height move: where the fighter ends and the falling dice it rolls (H2, H7, H8).

Source: ``000_519d8b8e373365db.txt`` › Combat (falling); rulings H2, H7, H8
(``docs/rules.md#h8-falling-dice``).

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h7-the-dms-override``,
``#h8-falling-dice``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vertigo.resolve import Outcome, Rolled, Roller
from vertigo.stand import Stand
from vertigo.verdict import Step

if TYPE_CHECKING:
    from .movement import MoveVerdict

__all__ = ["resolve_move"]


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
        The outcome; its ``rolls`` are empty when there was nothing to roll, else the falling dice.
    """
    if not verdict.final:
        return Outcome(False, Stand(verdict.start, None), (), ())
    if not (verdict.allowed and verdict.pool.count):
        return Outcome(True, Stand(verdict.dest, verdict.at), (), ())
    dice = roller(verdict.pool)
    return Outcome(True, Stand(verdict.dest, verdict.at), (Rolled(dice, "H8", "falling damage", "fell"),),
                   (Step("H8", f"Rolled {dice.brief()} falling damage."),))
