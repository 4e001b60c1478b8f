"""The Height rules asked of a table in play: what a Move entry reaches, a move's verdict, each action's shot.

The table (:class:`vertigo.table.Table`) holds where everyone stands; these read it and call the rules
modules (:mod:`.movement`, :mod:`.ranged`).  Each refuses a table whose scenario the Height rules do not
referee.

Source: ``000_519d8b8e373365db.txt`` › Height and Range, Combat; rulings H2–H6.

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h3-choice-of-path-and-highlighting``,
``#h5-ranged-across-height``, ``#h6-range-0-and-reach``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .fields import ACTIONS, HEIGHT, MOVES
from .movement import MoveVerdict, Reach, Route, judge_move, reachable, search
from .ranged import ShotVerdict, judge_action, line_of_shot

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["ruled", "reach", "routes", "move_verdict", "attack"]


def ruled(table: Table) -> None:
    """Refuse a table the Height rules do not referee.

    Raises:
        RuleSetError: the scenario does not name them (the message says which rule sets it names).
    """
    from . import RULE_SET  # the package's own rule set (imported here: the package imports this module)
    table.scenario.require(RULE_SET)


def reach(table: Table, fighter_id: str, entry_index: int) -> Reach:
    """Every section the fighter's Move entry reaches, with the fewest dice and a route to each (H3, H4).

    Args:
        table: the table in play.
        fighter_id: the fighter.
        entry_index: which of its Move entries (0-based).

    Raises:
        UnknownFighterError, IndexError, RuleSetError (the Height rules do not referee the table).
    """
    ruled(table)
    f = table.scenario.fighter(fighter_id)
    return search(table.scenario.field, table.position(fighter_id), f[MOVES][entry_index], f[HEIGHT])


def routes(table: Table, fighter_id: str, entry_index: int) -> dict[str, Route]:
    """Every section the fighter's Move entry reaches, with its route (H3, H4): section id → route.

    Raises:
        UnknownFighterError, IndexError, RuleSetError.
    """
    ruled(table)
    f = table.scenario.fighter(fighter_id)
    return reachable(table.scenario.field, table.position(fighter_id), f[MOVES][entry_index], f[HEIGHT])


def move_verdict(table: Table, fighter_id: str, entry_index: int, dest: str,
                 known: Reach | None = None) -> MoveVerdict:
    """The verdict for moving a fighter to ``dest`` with one of its Move entries (H2–H4).

    Args:
        table: the table in play.
        fighter_id: the fighter.
        entry_index: which of its Move entries (0-based).
        dest: the section asked for.
        known: :func:`reach` of the same fighter and entry at the same
            positions, when the caller already has it (saves a search).

    Raises:
        UnknownFighterError, UnknownSectionError, IndexError, RuleSetError.
    """
    ruled(table)
    f = table.scenario.fighter(fighter_id)
    return judge_move(table.scenario.field, table.position(fighter_id), dest, f[MOVES][entry_index], f[HEIGHT], known)


def attack(table: Table, fighter_id: str, target_id: str) -> tuple[ShotVerdict, ...]:
    """One verdict per action of the fighter against the target, in the order of its actions (H5, H6, H10,
    H11, H14), judged where the two stand (their sections and x).

    Raises:
        UnknownFighterError, RuleSetError.
    """
    ruled(table)
    f = table.scenario.fighter(fighter_id)
    (src, sx), (dst, tx) = table.stand(fighter_id), table.stand(target_id)
    longest = max((a.effective_range for a in f[ACTIONS]), default=0)
    # One line of shot serves every action, looked for no further than the longest of them reaches (H14).
    line = line_of_shot(table.scenario.field, src, dst, sx, tx, longest)
    return tuple(judge_action(table.scenario.field, src, dst, a, line) for a in f[ACTIONS])
