"""The Terrain features rules' ``ask`` questions about moves: ``route`` (can FIGHTER move to a point, by
which route, T2, T5, T7, T8, H7) and ``stretches`` (where FIGHTER reaches within its Move, T8).

Source: issue 24 (``ask`` questions); ``docs/api.md#route``, ``docs/api.md#stretches``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vertigo import lengths
from vertigo import questions as q
from vertigo.errors import QuestionError, RulesError, UnknownSectionError
from vertigo.ruleset import Answer, Question
from vertigo.stand import Stand
from vertigo.text import quote

from . import moves
from .moving import RouteVerdict

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["MOVE_QUESTIONS"]


def _drops(question: Mapping[str, Any]) -> bool:
    value = question.get("drops", False)
    if not isinstance(value, bool):
        raise QuestionError(f"question.drops: must be true or false: {quote(value)}")
    return value


def _length(value: Any, place: str) -> Any:
    try:
        return lengths.length(value, "inches", "length")
    except RulesError as e:
        raise QuestionError(f"{place}: {str(e).removeprefix('length ')}") from None


def _to(table: Table, question: Mapping[str, Any]) -> Stand:
    """``to``: ``{"section": id, "x": length}`` (x optional: the centre) or ``{"ladder": id, "up": length}``."""
    to = q.missing(question, "to", 'give {"section": id, "x": length} or {"ladder": id, "up": length}')
    if not isinstance(to, Mapping):
        raise QuestionError(f'question.to: must be {{"section": id, "x": length}} or {{"ladder": id, "up": length}}: '
                            f"{quote(to)}")
    if "ladder" in to:
        for key in to:
            if key not in ("ladder", "up"):
                raise QuestionError(f"question.to: unknown field {quote(key)}; a place on a ladder has ladder and up")
        up = _length(q.missing(to, "up", "how far up the ladder, a length"), "question.to.up")
        if not isinstance(to["ladder"], str):
            raise QuestionError(f"question.to.ladder: must be a ladder's id: {quote(to['ladder'])}")
        return Stand("", None, to["ladder"], up)
    for key in to:
        if key not in ("section", "x"):
            raise QuestionError(f"question.to: unknown field {quote(key)}; its fields are section and x, or ladder "
                                "and up")
    sid = q.section(table, q.missing(to, "section", q.sections_listed(table)), "question.to.section")
    x = _length(to["x"], "question.to.x") if "x" in to else None
    return Stand(sid, x)


def _ask_route(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Can FIGHTER move to a point in inches, and by which route (T2, T5, T7, T8, H7)?"""
    return _route(q.ruled(table), question).to_json()


def _act_route(table: Table, question: Mapping[str, Any]) -> Table:
    """Carry out the move the question asks, as the page's Confirm does (T8, H7, H8)."""
    return moves.move(table, _route(table, question), asked=question)[0]


def _route(t: Table, question: Mapping[str, Any]) -> RouteVerdict:
    """The route verdict of a ``route`` question (its override applied)."""
    fighter = q.fighter(t, question, "fighter")
    to = _to(t, question)
    try:
        verdict = moves.route(t, fighter, to, _drops(question))
    except (RulesError, UnknownSectionError) as e:
        raise QuestionError(f"question.to: {e}") from None
    override = q.override(question)
    if override is not None:
        verdict = verdict.overridden(override.allowed, override.note)
    return verdict


def _ask_stretches(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Where does FIGHTER reach within its Move (T8)?"""
    t = q.ruled(table)
    fighter = q.fighter(t, question, "fighter")
    return {"fighter": fighter, **moves.reachable(t, fighter, _drops(question)).to_json()}


MOVE_QUESTIONS = (
    Question("route", ("fighter", "to", "drops", "positions", "override"), _ask_route, act=_act_route,
             text="can FIGHTER move to TO (a section and x, or a ladder and up) in inches, by which route (T8)"),
    Question("stretches", ("fighter", "drops", "positions"), _ask_stretches,
             text="the stretches of each section and ladder FIGHTER reaches within its Move (T8)"),
)
"""The move questions, in the order ``--help`` lists them."""
