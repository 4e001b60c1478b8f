"""Combat at Different Levels' ``ask`` questions: ``levels`` and ``sm_reach``.

Source: ``001_cbc7fc1b49bd2ff2.txt`` (rulings G1–G7; the SM / Reach table, G4); ruling H7 (the DM's
override); ``docs/api.md``.

Rulings restated in ``docs/rules.md``: ``#g4-reach-by-size-modifier``, ``#h7-the-dms-override``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vertigo import questions as q
from vertigo.errors import QuestionError, SizeModifierError
from vertigo.ruleset import Answer, Question
from vertigo.text import quote

from . import play
from .reach import judge_reach_bonus

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["QUESTIONS"]


def _ask_sm_reach(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """The reach bonus of a fighter of this Size Modifier (G4)."""
    value = q.missing(question, "sm", "give a Size Modifier, a whole number up to +10")
    try:
        return judge_reach_bonus(q.whole(value)).to_json()
    except SizeModifierError as e:
        raise QuestionError(f"question.sm: {e}") from None


def _ask_levels(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Melee between two fighters across their vertical difference, both directions at once (G1–G7, H7)."""
    t = q.ruled(table)
    fighter, target = q.pair(t, question)
    strange = question.get("strange_position", False)
    if not isinstance(strange, bool):
        raise QuestionError(f"question.strange_position: must be true or false: {quote(strange)}")
    verdict = play.levels_verdict(t, fighter, target, strange_position=strange)
    if "override" in question:
        raw = question["override"]
        who = raw.get("attacker", fighter) if isinstance(raw, Mapping) else fighter
        if who not in (fighter, target):
            raise QuestionError(f"question.override.attacker: must be the fighter or the target: {quote(who)}")
        rest = {k: v for k, v in raw.items() if k != "attacker"} if isinstance(raw, Mapping) else raw
        override = q.override({"override": rest})
        assert override is not None
        verdict = verdict.overridden(who, override.allowed, override.note)
    return verdict.to_json()


QUESTIONS = (
    Question("levels", ("fighter", "target", "strange_position", "positions", "override"), _ask_levels,
             text="melee between FIGHTER and TARGET across their vertical difference, both directions (G1-G7)"),
    Question("sm_reach", ("sm",), _ask_sm_reach, needs_scenario=False,
             text="the reach bonus of Size Modifier SM (G4); needs no scenario"),
)
"""Combat at Different Levels' questions, in the order ``--help`` lists them."""
