"""The Jumping rules asked of a table in play: a fighter's figures, a jump planned from where it stands, the
table's next d8, the jump carried out, and Stands up (J1–J12).

Each refuses a table whose scenario the Jumping rules do not referee.

Source: ``003_d3aa233771e16bb9.txt``; rulings J1–J12, H7, H8; issue 25 (a jump is the rule set's own action;
Knocked Down is per-fighter state, undone with the jump, cleared by the referee's "Stands up").

Rulings restated in ``docs/rules.md``: ``#j6-a-failed-long-jump-scatters``, ``#j8-landing-on-bad-footing``,
``#j11-the-check-is-the-tables``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vertigo.dice import rng_for, roll
from vertigo.lengths import to_json
from vertigo.resolve import Outcome
from vertigo.text import isolate
from vertigo.verdict import Step

from .distances import Jumper, JumpError, JumpTable, jump_table
from .fields import ATHLETICS, KNOCKED_DOWN, MOVE_FRACTION, MOVE_TILES, MP_COST, SCALE, SIZE, TUMBLING
from .planner import SCATTER_DIE, Attempt, JumpPlan, plan_jump

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["jumper", "figures", "plan", "next_direction", "jump", "stand_up", "knocked_down", "plan_asked",
           "jump_asked", "jump_steps"]


def _ruled(table: Table) -> None:
    """Refuse a table the Jumping rules do not referee (RuleSetError)."""
    from . import RULE_SET  # the package's own rule set (imported here: the package imports this module)
    table.scenario.require(RULE_SET)


def jumper(table: Table, fighter_id: str) -> Jumper:
    """The fighter as the Jumping rules see it: Size, Move in tiles, Move modifiers, skills (J1, J4, J9).

    Raises:
        UnknownFighterError; RuleSetError (the Jumping rules do not referee the table).
    """
    _ruled(table)
    f = table.scenario.fighter(fighter_id)
    size, tiles = f[SIZE], f[MOVE_TILES]
    assert size is not None and tiles is not None  # required on a jumping battlefield (the reader refuses it)
    return Jumper(size, tiles, f[MOVE_FRACTION], f[MP_COST], f[ATHLETICS], f[TUMBLING])


def figures(table: Table, fighter_id: str) -> JumpTable:
    """The fighter's whole table (J1–J3, J9)."""
    return jump_table(jumper(table, fighter_id))


def plan(table: Table, fighter_id: str, to_section: str, to_x: Fraction | None = None, ran: bool = False) -> JumpPlan:
    """The jump of ``fighter_id`` from where it stands to ``to_x`` (None: the centre) on ``to_section`` (J1–J4,
    J9, J10).

    Raises:
        UnknownFighterError, UnknownSectionError, RuleSetError; JumpError (a landing straight above or below it,
        off the section, or from a ladder).
    """
    jumps = figures(table, fighter_id)
    sc = table.scenario
    target = sc.field.section(to_section)
    start = table.stand_of(fighter_id)
    _, x = table.stand(fighter_id)
    return plan_jump(sc.field, sc.option(SCALE.key), fighter_id, table.name(fighter_id), start, x, jumps,
                     to_section, target.centre if to_x is None else to_x, ran,
                     knocked_down=table.state(fighter_id, KNOCKED_DOWN))


def next_direction(table: Table) -> int:
    """The d8 face the table's next roll will show (J6): what a failed long jump confirmed now scatters with, so
    the planner can draw it before anything is confirmed.  The same seed and roll number give the same face."""
    return roll(SCATTER_DIE, rng_for(table.scenario.dice_seed, table.rolls)).total


def plan_asked(p: JumpPlan, ran: bool) -> dict[str, Any]:
    """The ``jump_plan`` question of a plan (issue 27): ``{"ask": "jump_plan", "fighter", "to": {"section", "x"},
    "ran"?: true, "override"?: {"allowed", "note"?}}``."""
    o = p.override
    return {"ask": "jump_plan", "fighter": p.fighter, "to": {"section": p.to_section, "x": to_json(p.to_x)},
            **({"ran": True} if ran else {}),
            **({} if o is None else {"override": {"allowed": o.allowed, **({"note": o.note} if o.note else {})}})}


def jump_asked(a: Attempt, ran: bool) -> dict[str, Any]:
    """The ``jump_made`` question of an attempt as Confirm carries it out (issue 27): the plan's question
    (:func:`plan_asked`) with what the referee entered: ``"fail_by"`` (a jump that needs a roll),
    ``"landing_fail_by"`` and ``"mp_left"`` (J8's check), ``"knocked_down"`` (the DM's word on J8)."""
    entered = {"fail_by": a.fail_by} if a.plan.needs_roll else {}
    if a.landing_fail_by is not None and a.mp_left is not None:
        entered |= {"landing_fail_by": a.landing_fail_by, "mp_left": a.mp_left}
    if a.knocked_down is not None:
        entered["knocked_down"] = a.knocked_down
    return {**plan_asked(a.plan, ran), "ask": "jump_made", **entered}


def jump(table: Table, attempt: Attempt, *, asked: Mapping[str, Any] | None = None) -> tuple[Table, Outcome]:
    """Carry out a jump with its check entered: move the fighter to where it lands, roll the d8 of a failed long
    jump and the fall's d6, and set Knocked Down (J8), as one action that one Undo takes back
    (:meth:`vertigo.table.Table.apply`).

    The log's entry keeps the plan's explanation and what the check came to: the scatter, the landing and its fall,
    and J8's second check; and ``asked``, its question (:func:`jump_asked`).

    Raises:
        JumpError: J8's check owed and not entered, or the plan is not this table's fighter's; LimitError (a roll
            past the table's count).
    """
    p = attempt.plan
    if table.stand_of(p.fighter) != p.start:
        raise JumpError(f"{p.name} has moved since the jump was planned: plan it again")
    # What the check entered comes to, worked out with the d8 the table will roll (the same the roller rolls), so
    # that the log keeps the scatter, the landing, J8's check and the DM's word on it, not only their dice.
    result, landing = attempt.outcome(attempt.direction or (next_direction(table) if attempt.scatters else None))
    check = attempt.landing_check(landing)
    lines = (p.summary, *map(str, jump_steps(attempt, result, landing, check)))
    return table.apply(p.fighter, attempt.resolve, attempt.headline(), lines, asked=asked)


def jump_steps(attempt: Attempt, result: Any, landing: Any, check: Any) -> tuple[Step, ...]:
    """The explanation of a jump carried out: the plan's steps, then the scatter's or the height's, the
    landing's and J8's check's (the log's lines after the plan's summary, and ``ask jump_made``'s
    explanation)."""
    happened = (*(result.steps if result is not None else ()), *landing.steps, *(check.steps if check else ()))
    return (*attempt.plan.steps, *happened)


def knocked_down(table: Table, fighter_id: str) -> bool:
    """Whether the fighter is Knocked Down (J8)."""
    _ruled(table)
    return table.state(fighter_id, KNOCKED_DOWN)


def stand_up(table: Table, fighter_id: str, *, asked: Mapping[str, Any] | None = None) -> Table:
    """The referee's "Stands up": Knocked Down cleared, logged and undoable (J8); ``asked`` (the page's:
    ``{"ask": "stand_up", "fighter"}``) is kept in the log.

    Raises:
        JumpError: the fighter is not Knocked Down.
    """
    if not knocked_down(table, fighter_id):
        raise JumpError(f"{table.name(fighter_id)} is not Knocked Down")
    return table.set_state(fighter_id, KNOCKED_DOWN, False, f"{isolate(table.name(fighter_id))} stands up",
                           asked=asked)
