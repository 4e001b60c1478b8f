"""A move in inches asked of a table in play: its route, the stretches a fighter reaches, and carrying it
out (T2, T5, T6, T7, T8, H7).

The table (:class:`vertigo.table.Table`) holds where everyone stands; these read it and call
:mod:`.moving`.  Each refuses a table whose scenario the Terrain features rules do not referee.

Source: ``002_c9100305c0bcca6b.txt`` › Obstacles, Stairs and ladders, Archways and doors; rulings T2, T5,
T6, T7, T8, H7, H8.

Rulings restated in ``docs/rules.md``: ``#t7-dropping-down``, ``#t8-movement-in-inches``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vertigo.dice import DicePool
from vertigo.lengths import show, to_json
from vertigo.resolve import Outcome, Rolled, Roller
from vertigo.stand import Stand, up_ladder_words
from vertigo.text import isolate
from vertigo.verdict import Step

from .fields import MOVE, SCALE
from .moving import RouteVerdict, Stretches, judge_route, stretches

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["ruled", "route", "reachable", "move", "resolve_route", "route_asked"]


def ruled(table: Table) -> None:
    """Refuse a table the Terrain features rules do not referee.

    Raises:
        RuleSetError: the scenario does not name them.
    """
    from . import RULE_SET  # the package's own rule set (imported here: the package imports this module)
    table.scenario.require(RULE_SET)


def route(table: Table, fighter_id: str, to: Stand, drops: bool = False) -> RouteVerdict:
    """Whether the fighter can move to ``to`` (a section and x, or a ladder and up), by which route (T8).

    Raises:
        UnknownFighterError, UnknownSectionError (no such section or ladder), LengthError (off the section
        or the ladder), RuleSetError (the Terrain features rules do not referee the table).
    """
    ruled(table)
    sc = table.scenario
    f = sc.fighter(fighter_id)
    return judge_route(sc.field, fighter_id, f.name, table.stand_of(fighter_id), to, f[MOVE], drops,
                       sc.option(SCALE.key))


def reachable(table: Table, fighter_id: str, drops: bool = False) -> Stretches:
    """The stretches the fighter reaches within its Move (T8), from the same search as :func:`route`.

    Raises:
        UnknownFighterError, RuleSetError.
    """
    ruled(table)
    sc = table.scenario
    return stretches(sc.field, table.stand_of(fighter_id), sc.fighter(fighter_id)[MOVE], drops,
                     sc.option(SCALE.key))


def resolve_route(verdict: RouteVerdict, roller: Roller) -> Outcome:
    """What a route verdict comes to: allowed, the fighter goes to its point and rolls the route's falling
    dice together (T6, H8); allowed only by the DM, it goes there with no fall (H7); not allowed, it stays.
    """
    if not verdict.final:
        return Outcome(False, verdict.start, (), ())
    if not verdict.allowed or verdict.fall_dice == 0:
        why = "the DM's ruling: no fall" if not verdict.allowed else "no fall"
        return Outcome(True, verdict.to, (), (Step("H7" if not verdict.allowed else "T8", f"Moved, {why}."),))
    dice = roller(DicePool(verdict.fall_dice))
    return Outcome(True, verdict.to, (Rolled(dice, "H8", "falling damage", "fell"),),
                   (Step("H8", f"Falls {verdict.fall_dice}d6: {dice.total} damage."),))


def route_asked(verdict: RouteVerdict, drops: bool) -> dict[str, Any]:
    """The ``route`` question that judges ``verdict`` (issue 27): ``{"ask": "route", "fighter", "to": {"section",
    "x"?} or {"ladder", "up"}, "drops"?, "override"?: {"allowed", "note"?}}``."""
    to = verdict.to
    where: dict[str, Any] = ({"ladder": to.ladder, "up": to_json(to.up)} if to.ladder is not None and to.up is not None
                             else {"section": to.section, **({} if to.x is None else {"x": to_json(to.x)})})
    o = verdict.override
    return {"ask": "route", "fighter": verdict.fighter, "to": where, **({"drops": True} if drops else {}),
            **({} if o is None else {"override": {"allowed": o.allowed, **({"note": o.note} if o.note else {})}})}


def move(table: Table, verdict: RouteVerdict, *, asked: Mapping[str, Any] | None = None) -> tuple[Table, Outcome]:
    """Carry out a route verdict on the table: logged, its dice rolled, undoable as one action (T8, H7);
    ``asked``: its question (:func:`route_asked`), kept in the log.

    Raises:
        LimitError: the table can roll no more dice (:meth:`vertigo.table.Table.apply`).
    """
    ruled(table)
    name = isolate(verdict.name)
    head = f"{name}: moved in inches to {_place(table, verdict.to)}"
    return table.apply(verdict.fighter, lambda roller: resolve_route(verdict, roller), head,
                       (verdict.summary, *map(str, verdict.steps)), asked=asked)


def _place(table: Table, to: Stand) -> str:
    field = table.scenario.field
    if to.ladder is not None and to.up is not None:
        return up_ladder_words(field, to, "inches")
    sec = field.section(to.section)
    return f"{isolate(sec.name)}" + ("" if to.x is None else f" at {show(to.x, 'inches')}")
