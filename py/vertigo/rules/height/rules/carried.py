"""The Height rules' questions for what the page carries out besides a move and a push: a climb past a Climbing
obstacle as the referee entered it (``climb``, H9) and a step along the fighter's own section (``step_along``,
H10); and a move's chosen ``x`` on its destination (the ``move`` question's ``x``, H10).

The page logs each of these with its question (:attr:`vertigo.table.LogEntry.asked`), so that ``ask`` answers the
logged question with the verdict the page showed, and a replay carries it out again (:mod:`vertigo.replay`).

Source: issue 27 ("each log entry keeps the question it answers"); the Height rules ``000_519d8b8e373365db.txt``,
rulings H9, H10.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vertigo import lengths
from vertigo import questions as q
from vertigo.battlefield import Border
from vertigo.errors import QuestionError, RulesError
from vertigo.ruleset import Answer
from vertigo.text import isolate, quote
from vertigo.verdict import explanation, rule_ids

from . import play
from .climbing import HOW, ClimbVerdict
from .fields import CLIMBING, MOVES

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["x_on", "border_named", "climb", "ask_climb", "act_climb", "ask_step_along", "act_step_along", "step_x",
           "border_json", "entry_of"]


def x_on(table: Table, section_id: str, question: Mapping[str, Any], key: str = "x") -> Fraction | None:
    """The question's optional ``x`` (a length in the scenario's unit) on section ``section_id``; None when absent.

    Raises:
        QuestionError: not a length, or off the section.
    """
    if key not in question:
        return None
    units = table.scenario.units
    try:
        x = lengths.length(question[key], units, key)
    except RulesError as e:
        raise QuestionError(f"question.{key}: {str(e).removeprefix(key + ' ')}") from None
    s = table.scenario.field.section(section_id)
    if not s.x0 <= x <= s.x1:
        raise QuestionError(f"question.{key}: must be on {quote(section_id)}, from {lengths.show(s.x0, units)} to "
                            f"{lengths.show(s.x1, units)}: {lengths.show(x, units)}")
    return x


def border_json(border: Border) -> str | list[str]:
    """How a question names a border: its id, else its two section ids ``[a, b]``."""
    return border.id if border.id is not None else [border.a, border.b]


def border_named(table: Table, value: Any, place: str) -> Border:
    """The border a question names (its id, or ``[a, b]``) that has a Climbing obstacle.

    Raises:
        QuestionError: no such border, or no Climbing obstacle on it.
    """
    from .questions import border  # the questions module imports this one

    found = border(table, value, place)
    if found[CLIMBING] is None:
        raise QuestionError(f"{place}: the border {found.a} – {found.b} has no Climbing obstacle (\"climbing\")")
    return found


def climb(t: Table, question: Mapping[str, Any]) -> tuple[str, ClimbVerdict]:
    """The fighter and the verdict of the ``climb`` question (H9): ``how`` ``"climb"`` (the default) with
    ``took_effect`` (the referee's entry: did the obstacle's Reaction take effect?), or ``"move"`` (down across
    the obstacle as if it were not there); ``entry``: the Move entry whose Height counts going down.

    Raises:
        QuestionError: a bad field, or what the rules refuse (a move across going up, a fighter not beside it).
    """
    fighter = q.fighter(t, question, "fighter")
    at = border_named(t, q.missing(question, "border", 'give the border, by its id or as ["a", "b"]'),
                      "question.border")
    how = question.get("how", "climb")
    if how not in HOW:
        raise QuestionError(f"question.how: must be {' or '.join(map(quote, HOW))}: {quote(how)}")
    took = question.get("took_effect")
    if how == "climb" and not isinstance(took, bool):
        raise QuestionError(f"question.took_effect: a climb needs true or false (did the obstacle's Reaction take "
                            f"effect?): {quote(took)}")
    if how == "move" and "took_effect" in question:
        raise QuestionError("question.took_effect: only a climb has a Reaction; a move across has none")
    index = None
    if "entry" in question:
        from .questions import entry  # the questions module imports this one

        index = entry(t, fighter, question)
    try:
        return fighter, play.climb(t, fighter, at, how=str(how), took_effect=took, entry_index=index)
    except RulesError as e:
        raise QuestionError(f"question.border: {e}") from None


def ask_climb(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """``climb``: a climb past a Climbing obstacle as the referee entered it, or a move down across it (H9, H8)."""
    return climb(q.ruled(table), question)[1].to_json()


def act_climb(table: Table, question: Mapping[str, Any]) -> Table:
    """Carry out the climb the question asks, as the page's Confirm does (H9, H8)."""
    fighter, verdict = climb(table, question)
    return play.climb_out(table, fighter, verdict, asked=question)[0]


def act_step_along(table: Table, question: Mapping[str, Any]) -> Table:
    """Carry out the step along the fighter's own section (H10), as Shift+←/→ does."""
    fighter, x = step_x(table, question)
    return play.step_along(table, fighter, x, asked=question)


def step_x(t: Table, question: Mapping[str, Any]) -> tuple[str, Fraction]:
    """The fighter and the ``x`` of a ``step_along`` question (on the fighter's own section).

    Raises:
        QuestionError: no such fighter, no ``x``, or ``x`` off its section.
    """
    fighter = q.fighter(t, question, "fighter")
    q.missing(question, "x", "give where on its own section the fighter steps to, a length")
    x = x_on(t, t.position(fighter), question)
    assert x is not None
    return fighter, x


def ask_step_along(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """``step_along``: the fighter steps along its own section to ``x``: no border, no fall (H2, H10)."""
    t = q.ruled(table)
    fighter, x = step_x(t, question)
    section = t.scenario.field.section(t.position(fighter))
    steps = (play.ALONG,)
    return {"fighter": fighter, "to": {"section": section.id, "x": lengths.to_json(x)},
            "summary": f"{isolate(t.name(fighter))} steps along {isolate(section.name)} to x = {lengths.number(x)}.",
            "rules": rule_ids(steps), "explanation": explanation(steps)}


def entry_of(t: Table, fighter: str, index: int | None) -> dict[str, Any]:
    """``{"entry": index}`` when the fighter has that Move entry, else ``{}`` (for a logged question)."""
    return {"entry": index} if index is not None and index < len(t.scenario.fighter(fighter)[MOVES]) else {}
