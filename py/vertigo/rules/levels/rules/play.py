"""Combat at Different Levels asked of a table in play: melee between two fighters across their difference.

Source: ``001_cbc7fc1b49bd2ff2.txt``; rulings G1–G7.

Rulings restated in ``docs/rules.md``: ``#g1-the-vertical-difference``, ``#g7-hit-locations``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .fields import SM, WEAPONS
from .levels import Fighter, LevelsVerdict, judge_levels

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["fighter", "levels_verdict"]


def fighter(table: Table, fighter_id: str) -> Fighter:
    """The fighter as Combat at Different Levels sees it: its standing surface and position in feet, SM, weapons.

    Raises:
        UnknownFighterError, RuleSetError (the scenario is not refereed by the levels rules).
    """
    from . import RULE_SET  # the package's own rule set (imported here: the package imports this module)
    table.scenario.require(RULE_SET)
    f = table.scenario.fighter(fighter_id)
    _, x = table.stand(fighter_id)
    return Fighter(f.id, f.name, table.surface(fighter_id), x, f[SM], f[WEAPONS])


def levels_verdict(table: Table, fighter_id: str, target_id: str, *, strange_position: bool = False) -> LevelsVerdict:
    """Melee between two fighters across their vertical difference, both directions (G1–G7).

    Hit locations follow the scenario's ``hit_locations`` option (G7).

    Raises:
        UnknownFighterError, RuleSetError, EntryError (a fighter against itself).
    """
    return judge_levels(fighter(table, fighter_id), fighter(table, target_id), strange_position=strange_position,
                        hit_locations=table.scenario.option("hit_locations"))
