"""One question format for anyone scripting a game: a question in, the verdict's own JSON out.

A question is one JSON object that holds everything needed to answer it::

    {"scenario": "../../static/scenarios/cliff.json",
     "ask": "move", "fighter": "goat", "entry": 0, "to": "cliff-foot"}

``scenario`` is a scenario document or the path of one, relative to the
question's folder; ``ask`` names the question; the other fields are the
question's own.  :func:`answer` returns ``{"ask": <name>, ...}`` followed by
the verdict's ``to_json()`` (so a question file is also a record of a ruling
that anyone can check again: with an ``answer`` field, the answer recorded, it answers again and says whether
the two agree, :mod:`vertigo.records`), or raises :class:`QuestionError` with one line
that names the place of the problem.  Every answer has ``rules`` (the sorted
ruling ids its steps used) and ``explanation`` (the steps, one
``"[H2] …"`` line each), but ``check``'s.  ``python -m vertigo ask FILE`` prints
it (``docs/api.md``).

The questions come from the rule sets (:attr:`vertigo.ruleset.RuleSet.questions`, gathered by the
registry, :mod:`vertigo.rules`): name → :class:`~vertigo.ruleset.Question`, which lists the question's
fields and the function that answers it.  This module answers any of them the same way and names none;
a caller may pass its own registry to :func:`answer`.  Besides them, :data:`SHARED` holds the questions no
rule set owns, asked of the scenario document itself before it loads: ``check``, the battlefield editor's
check of a draft, whose problems are its answer, not a refusal.

Source: ``docs/api.md``; issue 19 (each rule set's questions in its own package); issue 26 (the editor's
check, asked as the page asks it).
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import IO, TYPE_CHECKING, Any

from . import lengths
from . import questions as q
from . import scenario as scenario_mod
from .errors import QuestionError, RulesError, RuleSetError, ScenarioError, UnknownSectionError
from .limits import MAX_DOCUMENT_CHARS
from .questions import MAX_NOTE
from .rules import REGISTRY, answering
from .ruleset import Answer, Question
from .scenario import Scenario
from .stand import Stand, on_ladder
from .table import Table
from .text import quote

if TYPE_CHECKING:
    from .editing import Problem

__all__ = ["Question", "QUESTIONS", "SHARED", "COMMON_FIELDS", "RECORD_FIELD", "MAX_NOTE", "registered_questions",
           "answer", "table_of", "answer_text", "answer_file", "answer_stream", "read_text", "read_stream"]

COMMON_FIELDS = ("ask", "scenario", "about")
"""Fields every question may have: which question, the battlefield, and a free line saying what it records."""
RECORD_FIELD = "answer"
"""The field every question may also have, making it a ruling record: the answer recorded (a JSON object), which
:func:`answer` compares with the answer now (:mod:`vertigo.records`, issue 27).  Messages that list a question's
fields leave it out: they list what a question asks."""


# -- reading --------------------------------------------------------------

def read_stream(stream: IO[str], what: str, limit: int = MAX_DOCUMENT_CHARS) -> str:
    """At most ``limit`` characters of text from ``stream`` (:data:`~vertigo.limits.MAX_DOCUMENT_CHARS` unless
    told otherwise: a replay, :data:`vertigo.replay.MAX_REPLAY_CHARS`).

    Reads one character past the limit, never the whole of a huge input.

    Raises:
        QuestionError: the text is longer than the limit (``"<what>: is over …"``).
    """
    text = stream.read(limit + 1)
    if len(text) > limit:
        raise QuestionError(f"{what}: is over {limit} characters; at most {limit} are allowed")
    return text


def read_text(path: str | os.PathLike[str], what: str, *, missing: str | None = None,
              shown: str | None = None, limit: int = MAX_DOCUMENT_CHARS) -> str:
    """The text of a question or scenario file, read as UTF-8 (a byte-order mark is skipped).

    Bytes that are not UTF-8 become U+FFFD, which the scenario's names refuse
    with a message that says so.

    Args:
        path: the file.
        what: the place that messages about the text name (``"question"``,
            ``"scenario"``).
        missing: the place a missing or unreadable file is blamed on
            (``"question.scenario"``: the field that named it); ``what``
            when None.
        shown: how messages show the file; the path, quoted, when None.
        limit: the most characters read (:func:`read_stream`).

    Raises:
        QuestionError: no such file, a folder, unreadable, or over the size limit.
    """
    where = missing or what
    shown = shown or quote(os.fspath(path), 200)
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as f:
            return read_stream(f, what, limit)
    except FileNotFoundError:
        raise QuestionError(f"{where}: no such file: {shown}") from None
    except IsADirectoryError:
        raise QuestionError(f"{where}: is a folder, not a file: {shown}") from None
    except OSError as e:
        raise QuestionError(f"{where}: cannot read {shown}: {e.strerror or type(e).__name__}") from None


def _one_line(what: str, problems: tuple[str, ...] | list[str]) -> str:
    """The problems of a document as one line, each keeping its own place: ``scenario: a: …; b: …``."""
    parts = []
    for p in problems:
        for prefix in ("document: ", f"{what}: "):
            if p.startswith(prefix):
                p = p[len(prefix):]
                break
        parts.append(p)
    if len(parts) == 1:
        head = f"{what}: "
    elif len(parts) <= ScenarioError.SHOWN:
        head = f"{what}: {len(parts)} problems: "
    else:  # the first SHOWN, and a last part that counts the rest
        head = f"{what}: more than {ScenarioError.SHOWN} problems: "
    return head + "; ".join(parts)


def _document(value: Any, base_dir: Path) -> Mapping[str, Any]:
    """The scenario document a question names, not yet loaded: the object given, or the object decoded from the
    file at a path relative to the question's folder.

    Raises:
        QuestionError: neither an object nor a path; no such file, unreadable, not JSON or not an object.
    """
    if isinstance(value, str):
        shown = quote(value, 200)
        if not Path(value).is_absolute():
            shown += f" (from the question's folder {quote(os.path.abspath(base_dir), 200)})"
        text = read_text(base_dir / value, "scenario", missing="question.scenario", shown=shown)
        try:
            value = scenario_mod.decode(text, "scenario")
        except ScenarioError as e:
            raise QuestionError(_one_line("scenario", e.problems)) from None
        if not isinstance(value, Mapping):
            raise QuestionError(f"scenario: must be a JSON object: {quote(value)}")
        return value
    if isinstance(value, Mapping):
        return value
    raise QuestionError(f"question.scenario: must be a scenario document (an object) or the path of one, "
                        f"relative to the question's folder: {quote(value)}")


def _scenario(value: Any, base_dir: Path) -> Scenario:
    """The scenario a question names, loaded: a document, or a path relative to the question's folder."""
    try:
        return scenario_mod.load(_document(value, base_dir))
    except ScenarioError as e:
        raise QuestionError(_one_line("scenario", e.problems)) from None


# -- the fields -----------------------------------------------------------

def _placed(table: Table, value: Any) -> Table:
    """The table with fighters standing where ``positions`` says.

    Each fighter id maps to a section id (its default place), to ``{"section": id, "x": length}`` (a place
    on the section) or to ``{"ladder": id, "up": length}`` (part way up a ladder, above its foot), lengths
    in the scenario's unit (issue 20).
    """
    if not isinstance(value, Mapping):
        raise QuestionError(f"question.positions: must be an object, fighter id → section id: {quote(value)}")
    ids = {f.id for f in table.scenario.fighters}
    where: dict[str, Stand] = {}
    units = table.scenario.units
    for fid, spot in value.items():
        if fid not in ids:
            raise QuestionError(f"question.positions: no fighter {quote(fid)}; {q.fighters_listed(table)}")
        place = f"question.positions.{fid}"
        if isinstance(spot, Mapping) and "ladder" in spot:
            where[fid] = _up_ladder(table, spot, place)
            continue
        x = None
        if isinstance(spot, Mapping):
            for key in spot:
                if key not in ("section", "x"):
                    raise QuestionError(f"{place}: unknown field {quote(key)}; its fields are section and x, or "
                                        "ladder and up")
            if "x" in spot:
                try:
                    x = lengths.length(spot["x"], units, "x")
                except RulesError as e:
                    raise QuestionError(f"{place}.x: {str(e).removeprefix('x ')}") from None
            spot = spot.get("section")
            place += ".section"
        sid = q.section(table, spot, place)
        section = table.scenario.field.section(sid)
        if x is not None and not section.x0 <= x <= section.x1:
            raise QuestionError(f"question.positions.{fid}.x: must stand on its section, from "
                                f"{lengths.show(section.x0, units)} to {lengths.show(section.x1, units)}: "
                                f"{lengths.show(x, units)}")
        where[fid] = Stand(sid, x)
    for fid, stand in where.items():
        for r in table.scenario.rule_sets:
            why = None if r.stand_check is None else r.stand_check(table.scenario.field, stand)
            if why is not None:
                raise QuestionError(f"question.positions.{fid}: {why}")
    return replace(table, stands=tuple((fid, where.get(fid, at)) for fid, at in table.stands))


def _up_ladder(table: Table, spot: Mapping[str, Any], place: str) -> Stand:
    """``{"ladder": id, "up": length}``: a place part way up a ladder (:func:`vertigo.stand.on_ladder`)."""
    for key in spot:
        if key not in ("ladder", "up"):
            raise QuestionError(f"{place}: unknown field {quote(key)}; a place on a ladder has the fields ladder "
                                "and up")
    ladder_id = spot["ladder"]
    if not isinstance(ladder_id, str):
        raise QuestionError(f"{place}.ladder: must be a ladder's id: {quote(ladder_id)}")
    units = table.scenario.units
    try:
        up = lengths.length(spot.get("up", 0), units, "up")
    except RulesError as e:
        raise QuestionError(f"{place}.up: {str(e).removeprefix('up ')}") from None
    try:
        return on_ladder(table.scenario.field, ladder_id, up, units)
    except UnknownSectionError as e:
        raise QuestionError(f"{place}.ladder: {e}") from None
    except ValueError as e:
        raise QuestionError(f"{place}.up: {e}") from None


# -- the questions of no rule set -------------------------------------------

def _check(_table: Table | None, question: Mapping[str, Any]) -> Answer:
    """``check``: what the battlefield editor's panel shows of a draft, from the very functions it calls.

    ``question["scenario"]`` is the draft as a document (:func:`answer` has read a path), loaded or not: its
    problems are the answer here, never a refusal.

    Returns:
        ``{"problems", "warnings", "proposed_borders", "plays"}``: the importer's problems and, once it loads,
        the drawing warnings, each ``{"place", "message", "piece"}`` (``piece``: ``[kind, id]`` or null), from
        :func:`vertigo.editing.check`; the borders :func:`vertigo.editing.proposed_borders` proposes, each
        ``{"a", "b", "x", "why"}`` (``x`` in the scenario's unit); ``plays``: whether it loads with no problem,
        so Edit mode's Play would play it.
    """
    from .editing import check, proposed_borders  # here: the editor's core stays out of what imports vertigo.ask

    doc = question["scenario"]
    checked = check(doc)

    def listed(problems: tuple[Problem, ...]) -> list[dict[str, Any]]:
        return [{"place": p.place, "message": p.message, "piece": None if p.piece is None else list(p.piece)}
                for p in problems]

    return {"problems": listed(checked.problems), "warnings": listed(checked.warnings),
            "proposed_borders": [{"a": p.a, "b": p.b, "x": p.x, "why": p.why} for p in proposed_borders(doc)],
            "plays": checked.scenario is not None and not checked.problems}


SHARED: Mapping[str, Question] = MappingProxyType({"check": Question(
    "check", (), _check, text="the editor's check of the draft SCENARIO: the importer's problems (answered, exit 0), "
                              "the drawing warnings, the proposed borders")})
"""The questions no rule set owns, by name.  :func:`answer` hands each the scenario *document* (read from its
path, never loaded) as ``question["scenario"]`` and no table, and asks no rule set of the scenario for it; a rule
set's question of the same name is shadowed."""


def registered_questions() -> Mapping[str, Question]:
    """The questions ``ask`` answers now, in the order messages list them: the rule sets registered now (a
    test's rule set included while it is registered), then :data:`SHARED`."""
    return MappingProxyType({**{q.name: q for q in REGISTRY.questions}, **SHARED})


QUESTIONS: Mapping[str, Question] = registered_questions()
"""The questions ``ask`` answers, by name, in the order messages list them: every registered rule set's
(:attr:`vertigo.rules.Registry.questions`), then the shared ones (:data:`SHARED`)."""


# -- answering ------------------------------------------------------------

def answer(question: Any, base_dir: str | os.PathLike[str] = ".", *,
           questions: Mapping[str, Question] | None = None) -> Answer:
    """The answer to a question (already decoded from JSON).

    Args:
        question: the question: ``{"scenario": …, "ask": …, …}``.
        base_dir: the folder a ``scenario`` path is relative to (the
            question file's folder).
        questions: the registry to answer from.

    Returns:
        ``{"ask": <name>, …}``: the question's name, then the verdict's own
        ``to_json()``; it always has ``rules`` and ``explanation``.  A question with ``answer`` (a ruling
        record, issue 27) gives ``{"ask": <name>, "agrees": bool, "difference": {"path", "recorded", "now",
        "missing"?} (only when it differs), …the answer now}`` (:func:`vertigo.records.check`).

    Raises:
        QuestionError: a bad question or scenario; the message is one line
            naming the place (``question.fighter: no fighter "zed"; …``); a record's ``answer`` that is not a
            JSON object (``question.answer: …``).
    """
    if questions is None:
        questions = registered_questions()
    if not isinstance(question, Mapping):
        raise QuestionError(f"question: must be a JSON object: {quote(question)}")
    names = ", ".join(questions)
    if "ask" not in question:
        if "replay" in question and "actions" in question:  # a replay file given to ask
            raise QuestionError("question.ask: missing; this is a replay: python -m vertigo replay FILE checks it")
        raise QuestionError(f"question.ask: missing; the questions are {names}")
    name = question["ask"]
    kind = questions.get(name) if isinstance(name, str) else None
    if kind is None:
        raise QuestionError(f"question: unknown ask {quote(name)}; the questions are {names}")
    known = (*COMMON_FIELDS, *kind.fields)
    for key in question:
        if key not in known and key != RECORD_FIELD:
            raise QuestionError(f"question: unknown field {quote(key)} for ask \"{name}\"; its fields are "
                                f"{', '.join(known)}")
    if "about" in question:
        q.note(question["about"], "question.about")
    if RECORD_FIELD in question:  # a ruling record: answered as usual, then compared (issue 27)
        from .records import check  # here: records answers through this module

        return check(question, base_dir, questions=questions).to_json()
    if "scenario" in question and SHARED.get(name) is kind:  # asked of the document, loaded or not
        return {"ask": name, **kind.run(None, {**question, "scenario": _document(question["scenario"],
                                                                                 Path(base_dir))})}
    table = None
    if "scenario" in question:
        table = Table.start(_scenario(question["scenario"], Path(base_dir)))
    elif kind.needs_scenario:
        raise QuestionError("question.scenario: missing; give a scenario document or the path of one, relative "
                            "to the question's folder")
    if table is not None and kind.needs_scenario:
        try:
            answering(table.scenario.rules, name)
        except RuleSetError as e:
            raise QuestionError(f"scenario.rules: {e}") from None
    if table is not None and "positions" in question and "positions" in kind.fields:
        table = _placed(table, question["positions"])
    try:
        return {"ask": name, **kind.run(table, question)}
    except QuestionError:
        raise
    except RulesError as e:  # the rules refused what the question asks: still a bad question, one line, exit 2
        raise QuestionError(f"question: {e}") from None


def answer_text(text: str, base_dir: str | os.PathLike[str] = ".", *,
                questions: Mapping[str, Question] | None = None) -> Answer:
    """The answer to a question given as JSON text, decoded with the scenario's size and nesting guard.

    Raises:
        QuestionError: not JSON, too large or too deeply nested, or a bad
            question or scenario (:func:`answer`).
    """
    try:
        question = scenario_mod.decode(text, "question")
    except ScenarioError as e:
        raise QuestionError(_one_line("question", e.problems)) from None
    return answer(question, base_dir, questions=questions)


def answer_file(path: str | os.PathLike[str], *, questions: Mapping[str, Question] | None = None) -> Answer:
    """The answer to the question in a file; a ``scenario`` path in it is relative to the file's folder.

    Raises:
        QuestionError: the file cannot be read, or :func:`answer_text` refuses it.
    """
    return answer_text(read_text(path, "question"), Path(path).parent, questions=questions)


def answer_stream(stream: IO[bytes], base_dir: str | os.PathLike[str] = ".", *,
                  questions: Mapping[str, Question] | None = None) -> Answer:
    """The answer to the question read from a byte stream (standard input), as UTF-8.

    Raises:
        QuestionError: over the size limit, or :func:`answer_text` refuses it.
    """
    reader = io.TextIOWrapper(stream, encoding="utf-8-sig", errors="replace")
    try:
        text = read_stream(reader, "question")
    finally:
        reader.detach()
    return answer_text(text, base_dir, questions=questions)


def table_of(question: Mapping[str, Any], base_dir: str | os.PathLike[str] = ".") -> Table:
    """The table a question is asked of: its scenario in play, with its fighters where ``positions`` puts them.

    What the page shows when it opens a ruling record (issue 27: "The page imports a record and shows the same
    verdict"); :func:`answer` asks of the same table.

    Raises:
        QuestionError: no scenario, or a bad scenario or ``positions`` (the message names the place).
    """
    if "scenario" not in question:
        raise QuestionError("question.scenario: missing; give a scenario document or the path of one, relative to "
                            "the question's folder")
    table = Table.start(_scenario(question["scenario"], Path(base_dir)))
    return _placed(table, question["positions"]) if "positions" in question else table
