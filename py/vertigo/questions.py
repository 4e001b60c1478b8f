"""What every ``ask`` question reads the same way: a fighter, a section, a pair, a note, the DM's override.

A rule set's questions (``rules/<id>/rules/questions.py``) read their fields with these, so a bad field
gets the same one-line message whichever rule set asks (``question.fighter: no fighter "zed"; the
fighters are …``).  The question type itself is :class:`vertigo.ruleset.Question`; :func:`vertigo.ask.answer`
dispatches to it.

Source: ``docs/api.md``; ruling H7 (the DM's override).

Rulings restated in ``docs/rules.md``: ``#h7-the-dms-override``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import QuestionError, RulesError
from .text import check_name, quote
from .verdict import Override

if TYPE_CHECKING:
    from .table import Table

__all__ = ["MAX_NOTE", "LISTED", "listing", "fighters_listed", "sections_listed", "missing", "fighter", "section",
           "whole", "note", "override", "pair", "ruled"]

MAX_NOTE = 200
"""Longest DM's note of an override, and longest ``about`` line, in characters."""
LISTED = 20
"""Ids listed in a message that names the choices (``the fighters are …``); past these, a count."""


def listing(ids: list[str], what: str) -> str:
    """``"the fighters are ada, bram"``; past :data:`LISTED` ids, the first ones and a count."""
    if not ids:
        return f"the scenario has no {what}"
    shown = ", ".join(ids[:LISTED])
    if len(ids) > LISTED:
        shown += f", … ({len(ids)} in all)"
    return f"the {what} are {shown}"


def fighters_listed(table: Table) -> str:
    return listing([f.id for f in table.scenario.fighters], "fighters")


def sections_listed(table: Table) -> str:
    return listing([s.id for s in table.scenario.field.sections], "sections")


def missing(question: Mapping[str, Any], key: str, hint: str) -> Any:
    if key not in question:
        raise QuestionError(f"question.{key}: missing; {hint}")
    return question[key]


def fighter(table: Table, question: Mapping[str, Any], key: str) -> str:
    """The id of a fighter of the scenario named by ``question[key]``."""
    value = missing(question, key, fighters_listed(table))
    if not isinstance(value, str) or not any(f.id == value for f in table.scenario.fighters):
        raise QuestionError(f"question.{key}: no fighter {quote(value)}; {fighters_listed(table)}")
    return value


def section(table: Table, value: Any, place: str) -> str:
    """The id of a section of the battlefield, or a QuestionError naming ``place``."""
    if not isinstance(value, str) or value not in table.scenario.field:
        raise QuestionError(f"{place}: no section {quote(value)}; {sections_listed(table)}")
    return value


def whole(value: Any) -> Any:
    """A JSON number that is a whole number, as an int (JSON does not tell ``2`` from ``2.0``); else as given."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


def note(value: Any, place: str) -> str:
    """Free text of at most :data:`MAX_NOTE` characters, checked like a name; empty allowed."""
    if value == "":
        return ""
    try:
        return check_name(value, MAX_NOTE)
    except RulesError as e:
        raise QuestionError(f"{place}: {e}" + ("" if isinstance(value, str) else f": {quote(value)}")) from None


def override(question: Mapping[str, Any]) -> Override | None:
    """The DM's override of the question (H7), or None."""
    if "override" not in question:
        return None
    value = question["override"]
    if not isinstance(value, Mapping):
        raise QuestionError(f'question.override: must be {{"allowed": true or false, "note": text}}: {quote(value)}')
    for key in value:
        if key not in ("allowed", "note"):
            raise QuestionError(f"question.override: unknown field {quote(key)}; its fields are allowed, note")
    allowed = value.get("allowed")
    if not isinstance(allowed, bool):
        raise QuestionError(f"question.override.allowed: must be true or false: {quote(allowed)}")
    return Override(allowed, note(value.get("note", ""), "question.override.note"))


def ruled(table: Table | None) -> Table:
    """The table of a question that needs one (:attr:`Question.needs_scenario`)."""
    assert table is not None  # answer() refuses a question without the scenario it needs
    return table


def pair(table: Table, question: Mapping[str, Any]) -> tuple[str, str]:
    """The question's ``fighter`` and ``target``: two different fighters of the scenario.

    Raises:
        QuestionError: either is missing or names no fighter, or both are the same.
    """
    one = fighter(table, question, "fighter")
    other = fighter(table, question, "target")
    if other == one:
        raise QuestionError(f'question.target: "{other}" is the fighter itself; a target is another fighter')
    return one, other
