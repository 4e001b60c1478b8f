"""The Terrain features rules' ``ask`` questions: ``after_attack`` (T3, T4) and ``door_melee`` (T5).

Source: ``002_c9100305c0bcca6b.txt`` › Platforms (Falling Off Platform), › Stairs and ladders, › Archways and
doors; rulings T3, T4, T5, T6, H8; ``docs/api.md``.

Rulings restated in ``docs/rules.md``: ``#t3-edges``, ``#t4-ladders-and-stairs``, ``#t5-doors``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vertigo import questions as q
from vertigo.errors import QuestionError
from vertigo.ruleset import Answer, Question
from vertigo.text import quote

from . import play
from .attacked import CHECKS, AttackError
from .move_questions import MOVE_QUESTIONS

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["QUESTIONS"]


def _ask_after_attack(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """The checks an attack action leaves its target owing, and with ``check`` what it comes to (T3, T4)."""
    t = q.ruled(table)
    target, damage, check = _attack(t, question)
    try:
        verdict = play.after_attack(t, target, damage, check)
    except AttackError as e:
        raise QuestionError(f"question.check: {e}") from None
    if check == "roll" and verdict.owes:
        _, outcome = play.hit(t, target, damage, check)
        verdict = verdict.rolled(outcome.rolls[0].roll)
    return verdict.to_json()


def _act_after_attack(table: Table, question: Mapping[str, Any]) -> Table:
    """Carry out the attack the question enters, as the page's Confirm does: the check rolled when asked, the
    fall (T3, T4, T6, H8)."""
    target, damage, check = _attack(table, question)
    try:
        return play.hit(table, target, damage, check)[0]
    except AttackError as e:
        raise QuestionError(f"question.check: {e}") from None


def _attack(t: Table, question: Mapping[str, Any]) -> tuple[str, int, str | None]:
    """The target, damage and check of an ``after_attack`` question."""
    target = q.fighter(t, question, "target")
    damage = q.whole(q.missing(question, "damage", "give the attack action's damage, a whole number, 0 for a miss"))
    if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
        raise QuestionError(f"question.damage: must be a whole number, 0 or more (0 for a miss): {quote(damage)}")
    check = question.get("check")
    if "check" in question and check not in CHECKS:
        raise QuestionError(f'question.check: must be "pass", "fail" or "roll": {quote(check)}')
    return target, damage, check


def _ask_door_melee(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Whether the fighter may make a melee attack on the target through a closed door (T5)."""
    t = q.ruled(table)
    fighter, target = q.pair(t, question)
    return play.door_melee(t, fighter, target).to_json()


QUESTIONS = (
    *MOVE_QUESTIONS,
    Question("after_attack", ("target", "damage", "check", "positions"), _ask_after_attack, act=_act_after_attack,
             text="the check TARGET owes after an attack doing DAMAGE and its fall; CHECK pass, fail or roll (T3, T4)"),
    Question("door_melee", ("fighter", "target", "positions"), _ask_door_melee,
             text="may FIGHTER make a melee attack on TARGET through a closed door: both within 1 in of it (T5)"),
)
"""The Terrain features rules' questions, in the order ``--help`` lists them."""
