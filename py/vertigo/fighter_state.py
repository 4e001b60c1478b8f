"""A rule set's per-fighter state as the table keeps it: which fields are state, how a value is checked and
written as JSON, and the order the table keeps the values in.

A per-fighter state is a declared fighter field with ``state=True`` (:class:`vertigo.fields.Field`: say,
lying down).  The table (:class:`vertigo.table.Table`) keeps only the values that differ from where the
scenario starts them; the saved table and Export write them as :func:`state_json` gives them.

Source: issue 19 (rule sets as plug-ins: "its per-fighter state where it has any (say, lying down), which the
table saves, undoes and exports").
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from . import lengths, limits
from .errors import LimitError, RuleSetError
from .fields import Field
from .limits import MAX_ROLLS, utf16_length
from .numbers import fmt
from .rules import REGISTRY
from .scenario import Scenario
from .text import quote

__all__ = ["MAX_STATE_TEXT", "StateJSON", "state_fields", "state_json", "checked_state", "states_in_order",
           "same_state", "text_problem", "states_doc"]

MAX_STATE_TEXT = limits.MAX_STATE_TEXT
"""Longest compact JSON text of one state value (:data:`vertigo.limits.MAX_STATE_TEXT`)."""

StateJSON = bool | int | float | str | None
"""A state value as a document or a saved table writes it (a length: :func:`vertigo.lengths.to_json`)."""

_REFUSED_IN_TEXT = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067")
"""Bidirectional embeddings, overrides and isolate openers: refused in a state text and a headline, as a
saved table refuses them in its log (:func:`vertigo.storage.logged_text`)."""


def state_fields(scenario: Scenario) -> tuple[Field[Any], ...]:
    """The per-fighter state fields of a scenario: the fighter fields with ``state=True`` that its rule sets
    declare, rule sets in the registry's order (:data:`vertigo.rules.REGISTRY`), each one's fields in its own
    order; a key two rule sets declare counts once, the first's.

    Source: issue 19 ("its per-fighter state ... which the table saves, undoes and exports").
    """
    found: dict[str, Field[Any]] = {}
    for r in REGISTRY.values():
        if r.id in scenario.rules:
            for f in r.fields:
                if f.state and f.on == "fighter":
                    found.setdefault(f.key, f)
    return tuple(found.values())


def state_json(value: object) -> StateJSON:
    """A state value as JSON: true/false, whole numbers, text and None as they are, a length (a Fraction)
    as a document writes it (:func:`vertigo.lengths.to_json`).

    Raises:
        RuleSetError: a value of another kind (the table keeps no other kind yet).
    """
    if isinstance(value, Fraction):
        return lengths.to_json(value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise RuleSetError(f"the table keeps state that is true or false, a whole number, text or a length: "
                       f"{quote(value)}")


def text_problem(value: str) -> bool:
    """Whether a text holds a control character, a lone surrogate or a bidirectional embedding or override."""
    return any(unicodedata.category(c) in ("Cc", "Cs") or c in _REFUSED_IN_TEXT for c in value)


def checked_state(declared: Field[Any], value: object) -> object:
    """``value`` as a state of ``declared`` holds it, if it is one: of the kind of the field's default (true or
    false; a whole number from −2^52 to 2^52; text without control characters; a length, a whole number
    read as one), its JSON text at most :data:`MAX_STATE_TEXT` UTF-16 code units.

    Args:
        declared: a per-fighter state field.
        value: the value (a length in the scenario's unit).

    Returns:
        The value, a length as a Fraction.

    Raises:
        RuleSetError: a value of another kind, or a field whose default is of a kind the table keeps none of.
        LimitError: a whole number or a JSON text over its bound.

    Source: issue 19 (the table saves and exports a rule set's per-fighter state).
    """
    kind = type(declared.default)
    what = f"the state {declared.key!r}" + (f" ({declared.label})" if declared.label else "")
    if kind is bool:
        if not isinstance(value, bool):
            raise RuleSetError(f"{what} must be true or false: {quote(value)}")
    elif kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError(f"{what} must be a whole number: {quote(value)}")
        if abs(value) > MAX_ROLLS:
            raise LimitError(f"{what} must be a whole number from -2^52 to 2^52: {fmt(value)}")
    elif kind is str:
        if not isinstance(value, str):
            raise RuleSetError(f"{what} must be text: {quote(value)}")
        if text_problem(value):
            raise RuleSetError(f"{what} must be text without control characters: {quote(value)}")
    elif kind is Fraction:
        if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
            raise RuleSetError(f"{what} must be a length: {quote(value)}")
        value = Fraction(value)
    else:
        raise RuleSetError(f"{what} starts as {quote(declared.default)}: the table keeps state that is "
                           "true or false, a whole number, text or a length")
    size = utf16_length(json.dumps(state_json(value), ensure_ascii=False, separators=(",", ":")))
    if size > MAX_STATE_TEXT:
        raise LimitError(f"{what} must be written in at most {MAX_STATE_TEXT} characters: {size}")
    return value


def same_state(a: object, b: object) -> bool:
    """Whether two state values are the same value (true is not 1)."""
    return isinstance(a, bool) == isinstance(b, bool) and a == b


def states_in_order(scenario: Scenario,
                    values: Mapping[tuple[str, str], object]) -> tuple[tuple[str, str, object], ...]:
    """:attr:`Table.states` of ``values`` (``{(fighter id, field key): value}``): only the values that differ
    from the fighter's starting value, fighters in document order, keys in :func:`state_fields` order.

    Keys that are not a state field of the scenario, and fighters it does not have, are left out (the caller
    checks them first).
    """
    fields = state_fields(scenario)
    return tuple((f.id, d.key, values[f.id, d.key]) for f in scenario.fighters for d in fields
                 if (f.id, d.key) in values and not same_state(values[f.id, d.key], f[d]))


def states_doc(states: tuple[tuple[str, str, object], ...]) -> dict[str, dict[str, StateJSON]]:
    """``{fighter: {field key: value}}`` of :attr:`Table.states` (values by :func:`state_json`), in its order:
    what a saved table and a log entry's question write.

    Raises:
        RuleSetError: a value of a kind the table keeps none of.
    """
    out: dict[str, dict[str, StateJSON]] = {}
    for fid, key, value in states:
        out.setdefault(fid, {})[key] = state_json(value)
    return out
