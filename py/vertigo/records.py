"""Ruling records: a question file that keeps the answer given, so anyone can check the ruling again.

A record is an ``ask`` question plus the answer it was given::

    {"scenario": <the battlefield, with dice_rolls = the rolls before the verdict and the fighters' states>,
     "ask": "move", "fighter": "goat", "entry": 0, "to": "cliff-foot", "positions": {...},
     "about": "<the log's headline>", "answer": {"ask": "move", ..., "rules": [...], "explanation": [...]}}

The DM's override, if any, is the question's own ``override`` field.  :func:`check` answers the question
again and compares (what ``ask`` does with a question that has ``answer``, and what the page calls when it
imports a record); :func:`difference` finds the first place two answers differ; :func:`build` makes a record
from a logged entry that keeps its question (:attr:`vertigo.table.LogEntry.asked`).

Source: issue 27, "Ruling records and replays" ("Any such verdict exports as a question file in the ``ask``
format: the scenario, the dice seed and roll count, the question, the answer given and any DM override";
"``python -m vertigo ask`` checks a record and exits 0 when it agrees; 1 when it differs, with
``"agrees": false`` and the JSON path of the first difference"); ``docs/api.md``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from . import ask
from . import scenario as scenario_mod
from .errors import QuestionError, RecordError
from .questions import MAX_NOTE
from .ruleset import Answer, Question
from .text import quote

if TYPE_CHECKING:
    from .scenario import Scenario
    from .table import LogEntry

__all__ = ["Difference", "Checked", "NOT_RULINGS", "difference", "check", "build"]

NOT_RULINGS = ("undo", "place")
"""Logged questions that are no ruling (an undo, a placing by hand): :func:`build` makes no record of them."""

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
"""A key written ``.key`` in a path; any other key is written ``["key"]``."""
_KEPT_APART = ("ask", "scenario", "positions", "rolls", "states", "about", "answer")
"""Keys of a logged question that are not the question's own fields: a record places them itself."""
_ISOLATES = str.maketrans("", "", "\u2068\u2069")
"""The FSI … PDI pairs :func:`vertigo.text.isolate` puts round names in a headline (an ``about`` holds none)."""


@dataclass(frozen=True, slots=True)
class Difference:
    """The first place where a recorded answer and the answer now differ.

    Attributes:
        path: where, JSON-path-like: ``$`` the answer itself, ``.key`` (``["key"]`` for a key that is not an
            ASCII identifier, written as a JSON string), ``[i]`` a 0-based list index — ``"$.explanation[2]"``.
        recorded: the recorded value there (plain JSON), None when the recorded answer has nothing there.
        now: the value there now (plain JSON), None when the answer now has nothing there.
        missing: ``"recorded"`` or ``"now"``: the side that has nothing at ``path`` (a key or a list item only
            one side has); None when both have a value and the values differ.
    """

    path: str
    recorded: Any
    now: Any
    missing: Literal["recorded", "now"] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"path", "recorded", "now"}``, and ``"missing"`` after them when one side has nothing there."""
        out = {"path": self.path, "recorded": self.recorded, "now": self.now}
        if self.missing is not None:
            out["missing"] = self.missing
        return out


@dataclass(frozen=True, slots=True)
class Checked:
    """A record checked again: does the answer now agree with the one recorded?

    Attributes:
        agrees: True when the two answers are the same JSON (objects compared key by key, in any key order;
            lists item by item; numbers by value, ``true`` never equal to ``1``).
        difference: the first difference (:func:`difference`), None when they agree.
        answer: the answer now, as :func:`vertigo.ask.answer` gives it without the record's ``answer``.
    """

    agrees: bool
    difference: Difference | None
    answer: Answer

    def to_json(self) -> Answer:
        """What ``ask`` prints for a record: ``{"ask": name, "agrees": bool, "difference": {…} (only when it
        differs), …the answer now}`` (the answer's own keys after ``ask``, in its order)."""
        out: Answer = {"ask": self.answer.get("ask"), "agrees": self.agrees}
        if self.difference is not None:
            out["difference"] = self.difference.to_json()
        out.update((k, v) for k, v in self.answer.items() if k != "ask")
        return out


# -- comparing ------------------------------------------------------------

def _key(path: str, key: str) -> str:
    """``path`` followed by one object key: ``.key``, or ``["key"]`` when it is not an identifier."""
    if _IDENTIFIER.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _same_scalar(a: Any, b: Any) -> bool:
    """Two JSON scalars are the same: numbers by value (``1`` and ``1.0`` alike), everything else by type and
    value (``true`` is not ``1``)."""
    if _number(a) and _number(b):
        return bool(a == b)
    return type(a) is type(b) and bool(a == b)


def difference(recorded: Any, now: Any, path: str = "$") -> Difference | None:
    """The first place where two JSON values differ, or None when they are the same.

    The recorded value is walked in its own document order: an object's keys in the recorded order (a key
    missing now is a difference there), then the keys only the answer now has, in its order; a list's items
    in turn, then the first item only one side has.  Objects are equal whatever their key order.

    Args:
        recorded: the answer recorded (decoded JSON: dict, list, str, int, float, bool, None).
        now: the answer now.
        path: the path of these two values (``"$"`` for whole answers).

    Returns:
        The first :class:`Difference`, or None.  Recursion is as deep as the values, which the JSON decoder
        (:func:`vertigo.scenario.decode`) bounds.

    Source: issue 27 ("with ``"agrees": false`` and the JSON path of the first difference").
    """
    if isinstance(recorded, Mapping) and isinstance(now, Mapping):
        for key, value in recorded.items():
            here = _key(path, str(key))
            if key not in now:
                return Difference(here, value, None, "now")
            found = difference(value, now[key], here)
            if found is not None:
                return found
        for key, value in now.items():
            if key not in recorded:
                return Difference(_key(path, str(key)), None, value, "recorded")
        return None
    if isinstance(recorded, list) and isinstance(now, list):
        for i, (a, b) in enumerate(zip(recorded, now, strict=False)):
            found = difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
        n = min(len(recorded), len(now))
        if len(recorded) > n:
            return Difference(f"{path}[{n}]", recorded[n], None, "now")
        if len(now) > n:
            return Difference(f"{path}[{n}]", None, now[n], "recorded")
        return None
    if isinstance(recorded, (Mapping, list)) or isinstance(now, (Mapping, list)) or not _same_scalar(recorded, now):
        return Difference(path, recorded, now)
    return None


def check(record: Any, base_dir: str | os.PathLike[str] = ".", *,
          questions: Mapping[str, Question] | None = None) -> Checked:
    """Answer a record's question again and compare with the answer it recorded.

    Args:
        record: a question with an ``answer`` field (already decoded from JSON): ``{"scenario", "ask", …,
            "answer": {…}}``.
        base_dir: the folder a ``scenario`` path is relative to (the record file's folder).
        questions: the registry to answer from (:func:`vertigo.ask.answer`'s).

    Returns:
        :class:`Checked`: whether the answers agree, the first difference, and the answer now.

    Raises:
        QuestionError: not an object; ``answer`` missing or not a JSON object (``question.answer: …``); or
            the question itself refused, as :func:`vertigo.ask.answer` refuses it.

    Source: issue 27 ("``python -m vertigo ask`` checks a record"; "The page imports a record and shows the
    same verdict").
    """
    if not isinstance(record, Mapping):
        raise QuestionError(f"question: must be a JSON object: {quote(record)}")
    if ask.RECORD_FIELD not in record:
        raise QuestionError("question.answer: missing; a record holds the answer it was given, a JSON object")
    recorded = record[ask.RECORD_FIELD]
    if not isinstance(recorded, Mapping):
        raise QuestionError(f"question.answer: must be a JSON object, the answer recorded: {quote(recorded)}")
    now = ask.answer({k: v for k, v in record.items() if k != ask.RECORD_FIELD}, base_dir, questions=questions)
    found = difference(recorded, now)
    return Checked(found is None, found, now)


# -- making one -----------------------------------------------------------

def _about(headline: str) -> str:
    """A log headline as a record's ``about`` line: without the isolates round names (``about`` is checked
    like a name, which refuses them), cut to :data:`~vertigo.questions.MAX_NOTE` characters with ``…``."""
    text = headline.translate(_ISOLATES)
    return text if len(text) <= MAX_NOTE else text[:MAX_NOTE - 1] + "…"


def _asked(entry: LogEntry) -> dict[str, Any]:
    """The question a log entry keeps, decoded; RecordError when it keeps none or keeps no ruling."""
    text = entry.asked
    if text is None:
        raise RecordError(f"record: the log entry {quote(entry.text, 80)} keeps no question (it was logged before "
                          "the battlefield was loaded, or by a page that kept none); only a verdict logged since "
                          "makes a record")
    try:
        asked = json.loads(text)
    except ValueError:
        asked = None
    if not isinstance(asked, dict) or not isinstance(asked.get("ask"), str):
        raise RecordError(f"record: the log entry {quote(entry.text, 80)} keeps a question that is not an object "
                          f"with an \"ask\": {quote(text, 80)}")
    if asked["ask"] in NOT_RULINGS:
        what = "an undo" if asked["ask"] == "undo" else "a placing by hand"
        raise RecordError(f"record: the log entry {quote(entry.text, 80)} is {what}, not a ruling; only a "
                          "verdict makes a record")
    return asked


def build(scenario: Scenario, entry: LogEntry, *, answer_now: bool = True) -> dict[str, Any]:
    """The ruling record of a logged verdict: the question it answered, with the battlefield as it stood.

    Args:
        scenario: the table's scenario (``table.scenario``): the battlefield, its dice seed and rule sets.
        entry: the log entry; its ``asked`` is the question as the page asked it, with every fighter's
            place, the roll count and the states before the verdict.
        answer_now: add ``answer``, worked out by :func:`vertigo.ask.answer` — the same code the page's
            verdict came from; False leaves it out (a plain question file).

    Returns:
        ``{"scenario": <scenario.dump with dice_rolls = the rolls before the verdict and the states then>,
        "ask": name, …the question's fields in the order asked, "positions": {fighter: place} (when the
        question reads positions), "about": <the headline, without isolates, at most MAX_NOTE characters>,
        "answer": {…}}``, keys in that order.

    Raises:
        RecordError: the entry keeps no question, or keeps an undo or a placing by hand (no ruling).
        QuestionError: the question kept is refused now (:func:`vertigo.ask.answer`), with ``answer_now``.

    Source: issue 27 ("Any such verdict exports as a question file in the ``ask`` format: the scenario, the
    dice seed and roll count, the question, the answer given and any DM override").
    """
    asked = _asked(entry)
    name = asked["ask"]
    states = asked.get("states")
    doc = scenario_mod.dump(
        scenario, rolls=asked.get("rolls"),
        states=None if not isinstance(states, Mapping) else
        {fid: tuple(kept.items()) for fid, kept in states.items() if isinstance(kept, Mapping)})
    question: dict[str, Any] = {"scenario": doc, "ask": name}
    question.update((k, v) for k, v in asked.items() if k not in _KEPT_APART)
    kind = ask.registered_questions().get(name)
    if "positions" in asked and (kind is None or "positions" in kind.fields):
        question["positions"] = asked["positions"]
    record = {**question, "about": _about(entry.text)}
    if answer_now:
        record["answer"] = ask.answer(question)
    return record
