"""The Height rules asked of a table in play: what a Move entry reaches, a move's verdict, each action's shot.

The table (:class:`vertigo.table.Table`) holds where everyone stands; these read it and call the rules
modules (:mod:`.movement`, :mod:`.ranged`).  Each refuses a table whose scenario the Height rules do not
referee.

Source: ``000_519d8b8e373365db.txt`` › Height and Range, Combat; rulings H2–H6.

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h3-choice-of-path-and-highlighting``,
``#h5-ranged-across-height``, ``#h6-range-0-and-reach``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vertigo import lengths
from vertigo.battlefield import Border
from vertigo.errors import LengthError, RulesError
from vertigo.resolve import Outcome, Roller
from vertigo.stand import Stand
from vertigo.text import isolate, quote
from vertigo.verdict import Step

from .climbing import ClimbVerdict, judge_climb
from .fields import ACTIONS, HEIGHT, MOVES
from .movement import MoveVerdict, Reach, Route, judge_move, reachable, search
from .push import PushVerdict, judge_push
from .ranged import ShotVerdict, judge_action, line_of_shot

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["ruled", "reach", "routes", "move_verdict", "attack", "push", "climb", "step_along", "ALONG", "push_out",
           "climb_out"]

ALONG = Step("H10", "Along its own section: no border, no fall; where it stands on it decides what a floor hides.")
"""The one step of a fighter's step along its own section (:func:`step_along`)."""


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
                 known: Reach | None = None, at: Fraction | None = None) -> MoveVerdict:
    """The verdict for moving a fighter to ``dest`` with one of its Move entries (H2–H4).

    Args:
        table: the table in play.
        fighter_id: the fighter.
        entry_index: which of its Move entries (0-based).
        dest: the section asked for.
        known: :func:`reach` of the same fighter and entry at the same
            positions, when the caller already has it (saves a search).
        at: where on ``dest`` the move ends, drawing units (H10); None: its centre.

    Raises:
        UnknownFighterError, UnknownSectionError, IndexError, RuleSetError.
    """
    ruled(table)
    f = table.scenario.fighter(fighter_id)
    return judge_move(table.scenario.field, table.position(fighter_id), dest, f[MOVES][entry_index], f[HEIGHT], known,
                      at)


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


def push(table: Table, fighter_id: str, to: str, steps: int) -> PushVerdict:
    """The verdict for pushing a fighter up to ``steps`` steps towards section ``to`` (H12).

    Raises:
        UnknownFighterError, UnknownSectionError, RuleSetError; RulesError: ``steps`` not 1 to 50.
    """
    ruled(table)
    return judge_push(table.scenario.field, table.position(fighter_id), to, steps)


def push_out(table: Table, fighter_id: str, v: PushVerdict, *,
             asked: Mapping[str, Any] | None = None) -> tuple[Table, Outcome]:
    """Carry out a push verdict: the fighter goes along its path and rolls the falls, logged ``"Hunter: pushed,
    West hill → Ditch"`` (``(towards …)`` when it stops short) and undone whole (H12, H8); ``asked``: its
    question, kept in the log.

    Raises:
        LimitError: a roll past the table's count.
    """
    f = table.scenario.field
    short = "" if v.dest == v.to else f" (towards {isolate(f.section(v.to).name)})"
    head = (f"{isolate(table.name(fighter_id))}: {v.how}, {isolate(f.section(v.start).name)} → "
            f"{isolate(f.section(v.dest).name)}{short}")
    return table.apply(fighter_id, v.resolve, head, (v.summary, *map(str, v.steps)), asked=asked)


def climb_out(table: Table, fighter_id: str, v: ClimbVerdict, *,
              asked: Mapping[str, Any] | None = None) -> tuple[Table, Outcome]:
    """Carry out a climb verdict: the fighter ends where it says and rolls its fall, logged ``"Climber: climbing
    up, Ditch → Rampart"`` and undone whole (H9, H8); ``asked``: its question, kept in the log.

    Raises:
        LimitError: a roll past the table's count.
    """
    f = table.scenario.field
    head = f"{isolate(table.name(fighter_id))}: {v.how}, {isolate(f.section(v.start).name)} → " \
           f"{isolate(f.section(v.other).name)}"
    return table.apply(fighter_id, v.resolve, head, (v.summary, *map(str, v.steps)), asked=asked)


def climb(table: Table, fighter_id: str, border: Border, *, how: str = "climb", took_effect: bool | None = None,
          entry_index: int | None = None) -> ClimbVerdict:
    """The verdict for a fighter going past the Climbing obstacle at ``border`` from where it stands (H9):
    going down, with the Height of its Move entry ``entry_index`` (its Height property where the entry lists
    none, H2; 0 without an entry).

    Raises:
        UnknownFighterError, IndexError, RuleSetError; RulesError: no obstacle there, the fighter does not stand
            beside it, or what :func:`.climbing.judge_climb` refuses.
    """
    ruled(table)
    f = table.scenario.fighter(fighter_id)
    h = f[MOVES][entry_index].height_with(f[HEIGHT]) if entry_index is not None else 0
    start = table.position(fighter_id)
    if start not in (border.a, border.b):
        raise RulesError(f"{quote(f.id)} stands on {quote(start)}, not beside the border {border.a} – {border.b}")
    return judge_climb(table.scenario.field, start, border, how=how, took_effect=took_effect, move_height=h)


def step_along(table: Table, fighter_id: str, x: Fraction, *, asked: Mapping[str, Any] | None = None) -> Table:
    """The fighter steps along its own section to ``x`` (drawing units): no border crossed, so no Move entry
    is spent and nothing falls (H2); where it stands on its section matters to sight (H10).  Logged, and taken
    back by Undo.  ``asked``: the question logged with it (:meth:`vertigo.table.Table.apply`; the page's is
    ``{"ask": "step_along", "fighter", "x"}``).

    Raises:
        UnknownFighterError, RuleSetError; LengthError: ``x`` off the section.
    """
    ruled(table)
    sid = table.position(fighter_id)
    section = table.scenario.field.section(sid)
    if not section.x0 <= x <= section.x1:
        raise LengthError(f"{isolate(section.name)} runs from {lengths.number(section.x0)} to "
                          f"{lengths.number(section.x1)}: {lengths.number(x)}")
    name = isolate(table.name(fighter_id))
    head = f"{name}: steps along {isolate(section.name)} to x = {lengths.number(x)}"

    def resolve(roller: Roller) -> Outcome:
        return Outcome(True, Stand(sid, x), (), ())

    return table.apply(fighter_id, resolve, head, (str(ALONG),), asked=asked)[0]
