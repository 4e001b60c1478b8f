"""The Height rules' ``ask`` questions: ``move``, ``reachable``, ``options`` and ``attack``.

Source: the Height rules ``000_519d8b8e373365db.txt`` (rulings H2–H8; ``options`` compares every Move
entry at once, :mod:`.options`); ``docs/api.md``.

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h8-falling-dice``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vertigo import questions as q
from vertigo.errors import QuestionError
from vertigo.ruleset import Answer, Question
from vertigo.text import quote
from vertigo.verdict import explanation, rule_ids

from . import play
from .fields import MOVES
from .options import judge_options

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["QUESTIONS", "entry"]


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
    t = q.ruled(table)
    fighter = q.fighter(t, question, "fighter")
    index = entry(t, fighter, question)
    dest = q.section(t, q.missing(question, "to", q.sections_listed(t)), "question.to")
    override = q.override(question)
    verdict = play.move_verdict(t, fighter, index, dest)
    if override is not None:
        verdict = verdict.overridden(override.allowed, override.note)
    return verdict.to_json()


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


def _ask_attack(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Whether each action of the fighter reaches the target, and why (H5, H6)."""
    t = q.ruled(table)
    fighter, target = q.pair(t, question)
    shots = play.attack(t, fighter, target)
    steps = [s for v in shots for s in v.steps]
    return {
        "actions": [v.to_json() for v in shots],
        "summary": "; ".join(v.summary for v in shots) or "no actions",
        "rules": rule_ids(steps),
        "explanation": explanation(steps),
    }


QUESTIONS = (
    Question("move", ("fighter", "entry", "to", "positions", "override"), _ask_move,
             text="can FIGHTER move TO with its Move entry ENTRY, and how far does it fall (H2-H4, H7, H8)"),
    Question("reachable", ("fighter", "entry", "positions"), _ask_reachable,
             text="every section FIGHTER's Move entry ENTRY reaches, with its fewest falling dice (H3, H4)"),
    Question("options", ("fighter", "positions"), _ask_options,
             text="every Move entry of FIGHTER against every section one of them reaches: no, safe or Nd6 (H2-H4)"),
    Question("attack", ("fighter", "target", "positions"), _ask_attack,
             text="does each action of FIGHTER reach TARGET: range needed, blocked or not (H5, H6)"),
)
"""The Height rules' questions, in the order ``--help`` lists them."""
