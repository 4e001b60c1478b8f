"""The Terrain features rules asked of a table in play: what an attack leaves a fighter owing and carrying it
out (T3, T4), and melee through a closed door (T5).

The table (:class:`vertigo.table.Table`) holds where everyone stands; these read it and call the rules modules
(:mod:`.edges`, :mod:`.attacked`, :mod:`.doors`).  Each refuses a table whose scenario the Terrain features
rules do not referee.

Source: ``002_c9100305c0bcca6b.txt`` › Platforms (Falling Off Platform), › Stairs and ladders, › Archways and
doors; rulings T3, T4, T5, T6, H8.

Rulings restated in ``docs/rules.md``: ``#t3-edges``, ``#t4-ladders-and-stairs``, ``#t5-doors``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vertigo.resolve import Outcome

from .attacked import AttackedVerdict, AttackError, judge_attacked
from .doors import DoorVerdict, judge_door_melee
from .fields import MOVE_CHECK, SCALE

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["after_attack", "hit", "door_melee"]


def _ruled(table: Table) -> None:
    """Refuse a table the Terrain features rules do not referee (RuleSetError)."""
    from . import RULE_SET  # the package's own rule set (imported here: the package imports this module)
    table.scenario.require(RULE_SET)


def after_attack(table: Table, target_id: str, damage: int, check: str | None = None) -> AttackedVerdict:
    """What an attack action that did ``damage`` leaves the fighter ``target_id`` owing where it stands (T3, T4),
    and with ``check`` what the check comes to.

    Args:
        table: the table in play.
        target_id: the fighter attacked.
        damage: the attack action's damage, a whole number ≥ 0 (0 for a miss).
        check: ``"pass"``, ``"fail"`` (entered by the referee), ``"roll"`` (the product rolls the fighter's
            ``move_check`` on :func:`hit`), or None.

    Returns:
        The verdict (:class:`.attacked.AttackedVerdict`); with ``"roll"`` its roll is still to come.

    Raises:
        UnknownFighterError; RuleSetError (the Terrain features rules do not referee the table); AttackError
        (bad damage or check, or ``"roll"`` for a fighter with no ``move_check`` when a check is owed).
    """
    _ruled(table)
    sc = table.scenario
    f = sc.fighter(target_id)
    return judge_attacked(sc.field, target_id, f.name, table.stand_of(target_id), damage, sc.option(SCALE.key),
                          f[MOVE_CHECK], check)


def hit(table: Table, target_id: str, damage: int, check: str | None) -> tuple[Table, Outcome]:
    """Carry out :func:`after_attack`: roll the check when asked to, then on a failure move the fighter to where
    it lands and roll the fall's d6 (T3, T4, T6, H8), in one log entry (a further entry per further roll) that one
    Undo takes back (:meth:`vertigo.table.Table.apply`).

    A verdict that neither moves the fighter nor rolls (no check owed, a pass entered, a failure with nothing
    below) is written to the log and leaves nothing to undo.

    Args:
        table, target_id, damage, check: as :func:`after_attack`; ``check`` may be None only when no check is
            owed.

    The log keeps its question, ``{"ask": "after_attack", "target", "damage", "check"?}`` (issue 27).

    Returns:
        The new table and the outcome (its rolls: the Move check's when rolled, then the falling damage's).

    Raises:
        As :func:`after_attack`; AttackError also when a check is owed and ``check`` is None; LimitError (a
        roll past the table's count).
    """
    verdict = after_attack(table, target_id, damage, check)
    if verdict.owes and check is None:
        raise AttackError(f"{verdict.name} owes a {verdict.what}: enter pass, fail or roll")
    asked: dict[str, Any] = {"ask": "after_attack", "target": target_id, "damage": damage,
                             **({} if check is None else {"check": check})}
    if not verdict.owes or (check != "roll" and verdict.ends == verdict.stand):
        return table.note_verdict(verdict.headline, (verdict,), asked=asked), Outcome(False, verdict.stand, (), ())
    return table.apply(target_id, verdict.resolve, verdict.headline, (verdict.summary, *map(str, verdict.steps)),
                       asked=asked)


def door_melee(table: Table, fighter_id: str, target_id: str) -> DoorVerdict:
    """Whether ``fighter_id`` may make a melee attack on ``target_id`` through a closed door (T5).

    Raises:
        UnknownFighterError; RuleSetError (the Terrain features rules do not referee the table).
    """
    _ruled(table)
    sc = table.scenario
    return judge_door_melee(sc.field, fighter_id, table.name(fighter_id), table.stand_of(fighter_id), target_id,
                            table.name(target_id), table.stand_of(target_id))
