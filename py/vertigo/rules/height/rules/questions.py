"""The Height rules' ``ask`` questions: ``move``, ``reachable``, ``options``, ``attack``, ``push`` and
``climb_fails``.

Source: the Height rules ``000_519d8b8e373365db.txt`` (rulings H2–H8; ``options`` compares every Move
entry at once, :mod:`.options`); ``docs/api.md``; issue 27 (``attack`` takes the DM's ``override`` on one
``action``, so a record of an overridden shot checks again).

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h8-falling-dice``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vertigo import questions as q
from vertigo.battlefield import Border
from vertigo.errors import QuestionError, RulesError
from vertigo.ruleset import Answer, Question
from vertigo.text import quote
from vertigo.verdict import explanation, rule_ids

from . import carried, play
from .fields import CLIMBING, MOVES
from .movement import MoveVerdict
from .options import judge_options
from .push import MAX_PUSH, PushVerdict

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["QUESTIONS", "entry", "action"]


def entry(table: Table, fighter_id: str, question: Mapping[str, Any]) -> int:
    """The question's ``entry``: the index of one of the fighter's Move entries, 0-based as in its list.

    Raises:
        QuestionError: missing, not a whole number, or past the fighter's entries (the message counts them).
    """
    moves = table.scenario.fighter(fighter_id)[MOVES]
    n = len(moves)
    has = f'fighter "{fighter_id}" has ' + (
        "no Move entries" if n == 0 else f"{n} Move entr{'y' if n == 1 else 'ies'} (0 to {n - 1})")
    value = q.missing(question, "entry", f"give the index of a Move entry; {has}")
    index = q.whole(value)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
        raise QuestionError(f"question.entry: {has}: {quote(value)}")
    return index


def _ask_move(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Can the fighter move there with this Move entry, and how far does it fall? (H2–H4, H7, H8)"""
    return _move(q.ruled(table), question)[1].to_json()


def _act_move(table: Table, question: Mapping[str, Any]) -> Table:
    """Carry out the move the question asks, as the page's Confirm does (H2–H4, H7, H8, H10)."""
    fighter, verdict = _move(table, question)
    return table.move(fighter, verdict, asked=question)[0]


def _move(t: Table, question: Mapping[str, Any]) -> tuple[str, MoveVerdict]:
    """The fighter and the move verdict of a ``move`` question (its override applied)."""
    fighter = q.fighter(t, question, "fighter")
    index = entry(t, fighter, question)
    dest = q.section(t, q.missing(question, "to", q.sections_listed(t)), "question.to")
    override = q.override(question)
    verdict = play.move_verdict(t, fighter, index, dest, at=carried.x_on(t, dest, question))
    if override is not None:
        verdict = verdict.overridden(override.allowed, override.note)
    return fighter, verdict


def _ask_reachable(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Every section the Move entry reaches, with the fewest falling dice to each (H3, H4)."""
    t = q.ruled(table)
    fighter = q.fighter(t, question, "fighter")
    index = entry(t, fighter, question)
    return play.reach(t, fighter, index).to_json()


def _ask_options(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Every Move entry's answer for every section some entry of the fighter reaches (H2–H4, H8)."""
    t = q.ruled(table)
    return judge_options(t, q.fighter(t, question, "fighter")).to_json()


def action(count: int, fighter_id: str, question: Mapping[str, Any]) -> int | None:
    """The question's ``action``: the 0-based index of one of the fighter's ``count`` actions, or None when
    the question has none.

    Raises:
        QuestionError: not a whole number, or past the fighter's actions (the message counts them).
    """
    if "action" not in question:
        return None
    value = question["action"]
    index = q.whole(value)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
        has = f'fighter "{fighter_id}" has ' + (
            "no actions" if count == 0 else f"{count} action{'' if count == 1 else 's'} (0 to {count - 1})")
        raise QuestionError(f"question.action: {has}: {quote(value)}")
    return index


def _ask_attack(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Whether each action of the fighter reaches the target, and why (H5, H6); with ``override``, the DM's
    ruling on the action ``action`` names, applied as the page's override button applies it (H7)."""
    t = q.ruled(table)
    fighter, target = q.pair(t, question)
    override = q.override(question)
    if override is not None and "action" not in question:
        raise QuestionError("question.override: needs action, the index of the action the DM rules on (0-based, "
                            "as in the answer's actions)")
    shots = play.attack(t, fighter, target)
    index = action(len(shots), fighter, question)
    if override is not None and index is not None:
        shots = (*shots[:index], shots[index].overridden(override.allowed, override.note), *shots[index + 1:])
    steps = [s for v in shots for s in v.steps]
    return {
        "actions": [v.to_json() for v in shots],
        "summary": "; ".join(v.summary for v in shots) or "no actions",
        "rules": rule_ids(steps),
        "explanation": explanation(steps),
    }


def _ask_push(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Where a push of up to ``steps`` steps towards ``to`` takes the fighter, and its falls (H12, H7, H8)."""
    return _push(q.ruled(table), question)[1].to_json()


def _act_push(table: Table, question: Mapping[str, Any]) -> Table:
    """Carry out the push the question asks, as the page's Confirm does (H12, H8)."""
    fighter, verdict = _push(table, question)
    return play.push_out(table, fighter, verdict, asked=question)[0]


def _push(t: Table, question: Mapping[str, Any]) -> tuple[str, PushVerdict]:
    """The fighter and the push verdict of a ``push`` question (its override applied)."""
    fighter = q.fighter(t, question, "fighter")
    to = q.section(t, q.missing(question, "to", q.sections_listed(t)), "question.to")
    steps = q.whole(q.missing(question, "steps", f"give how many steps the push moves the fighter, 1 to {MAX_PUSH}"))
    if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= MAX_PUSH:
        raise QuestionError(f"question.steps: a push moves 1 to {MAX_PUSH} steps: {quote(steps)}")
    override = q.override(question)
    verdict = play.push(t, fighter, to, steps)
    if override is not None:
        verdict = verdict.overridden(override.allowed, override.note)
    return fighter, verdict


def border(table: Table, value: Any, place: str) -> Border:
    """The border a question names: its ``id``, or its two section ids ``["a", "b"]`` in either order.

    Raises:
        QuestionError: neither names a border of the battlefield.
    """
    field = table.scenario.field
    if isinstance(value, str):
        found = next((b for b in field.borders if b.id == value), None)
    elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        found = field.border_between(value[0], value[1])
    else:
        found = None
    if found is None:
        named = [b.id for b in field.borders if b.id is not None]
        ids = f"; the borders with an id are {', '.join(named)}" if named else ""
        raise QuestionError(f'{place}: must name a border, by its id or as ["a", "b"]: {quote(value)}{ids}')
    return found


def _ask_climb_fails(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """The fall when a Climbing obstacle's Reaction takes effect on the fighter (H9, H8)."""
    t = q.ruled(table)
    fighter = q.fighter(t, question, "fighter")
    at = border(t, q.missing(question, "border", 'give the border, by its id or as ["a", "b"]'), "question.border")
    if at[CLIMBING] is None:
        raise QuestionError(f"question.border: the border {at.a} – {at.b} has no Climbing obstacle (\"climbing\")")
    downward = q.missing(question, "downward", "true to climb down past the obstacle, false to climb up")
    if not isinstance(downward, bool):
        raise QuestionError(f"question.downward: must be true or false: {quote(downward)}")
    start = t.position(fighter)
    if start not in (at.a, at.b):
        raise QuestionError(f"question.border: {quote(fighter)} stands on {quote(start)}, not beside the border "
                            f"{at.a} – {at.b} (give positions)")
    other = at.b if start == at.a else at.a
    if (t.scenario.field.rise(start, other) < 0) != downward:
        side, way = ("higher", "down") if downward else ("lower", "up")
        raise QuestionError(f"question.downward: {quote(fighter)} stands on the {'lower' if downward else 'higher'} "
                            f"side of the border; climbing {way} starts on the {side} side (give positions)")
    index = entry(t, fighter, question) if "entry" in question or downward else None
    try:
        verdict = play.climb(t, fighter, at, took_effect=True, entry_index=index)
    except RulesError as e:
        raise QuestionError(f"question.border: {e}") from None
    return verdict.to_json()


QUESTIONS = (
    Question("move", ("fighter", "entry", "to", "x", "positions", "override"), _ask_move, act=_act_move,
             text="can FIGHTER move TO (at X on it) with its Move entry ENTRY, and how far does it fall (H2-H4, H7, "
                  "H8, H10)"),
    Question("reachable", ("fighter", "entry", "positions"), _ask_reachable,
             text="every section FIGHTER's Move entry ENTRY reaches, with its fewest falling dice (H3, H4)"),
    Question("options", ("fighter", "positions"), _ask_options,
             text="every Move entry of FIGHTER against every section one of them reaches: no, safe or Nd6 (H2-H4)"),
    Question("attack", ("fighter", "target", "positions", "action", "override"), _ask_attack,
             text="does each action of FIGHTER reach TARGET: range needed, blocked or not (H5, H6, H10, H11, H14); "
                  "override on ACTION (0-based) is the DM's (H7)"),
    Question("push", ("fighter", "to", "steps", "positions", "override"), _ask_push, act=_act_push,
             text="where a push of STEPS steps towards TO takes FIGHTER, and what it falls (H12)"),
    Question("climb_fails", ("fighter", "entry", "border", "downward", "positions"), _ask_climb_fails,
             text="the fall when a Climbing obstacle's Reaction takes effect on FIGHTER (H9)"),
    Question("climb", ("fighter", "border", "how", "took_effect", "entry", "positions"), carried.ask_climb,
             act=carried.act_climb,
             text="FIGHTER climbs past the obstacle at BORDER, its Reaction TOOK_EFFECT or not, or HOW \"move\" down "
                  "across it (H9)"),
    Question("step_along", ("fighter", "x", "positions"), carried.ask_step_along, act=carried.act_step_along,
             text="FIGHTER steps along its own section to X: no border, no fall (H10)"),
)
"""The Height rules' questions, in the order ``--help`` lists them."""
