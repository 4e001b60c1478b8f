"""One question format for anyone scripting a game: a question in, the verdict's own JSON out.

A question is one JSON object that holds everything needed to answer it::

    {"scenario": "../../static/scenarios/cliff.json",
     "ask": "move", "fighter": "goat", "entry": 0, "to": "cliff-foot"}

``scenario`` is a scenario document or the path of one, relative to the
question's folder; ``ask`` names the question; the other fields are the
question's own.  :func:`answer` returns ``{"ask": <name>, ...}`` followed by
the verdict's ``to_json()`` (so a question file is also a record of a ruling
that anyone can check again), or raises :class:`QuestionError` with one line
that names the place of the problem.  Every answer has ``rules`` (the sorted
ruling ids its steps used) and ``explanation`` (the steps, one
``"[H2] …"`` line each).  ``python -m vertigo ask FILE`` prints it
(``docs/api.md``).

The questions are a registry, :data:`QUESTIONS`: name → :class:`Question`,
which lists the question's fields and the function that answers it.  A later
rule set adds its own questions the same way (``levels`` for Combat at
Different Levels), or a caller passes its own registry to :func:`answer`.

Source: the Height rules ``000_519d8b8e373365db.txt`` (rulings H2–H8; ``options`` compares every Move
entry at once, :mod:`vertigo.options`) and the
SM / Reach table of ``001_cbc7fc1b49bd2ff2.txt`` (ruling G4).

Rulings restated in ``docs/rules.md``: ``#g4-reach-by-size-modifier``,
``#h2-move-entries-and-falls``, ``#h8-falling-dice``.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import IO, Any

from . import lengths, rulesets
from . import scenario as scenario_mod
from .errors import QuestionError, RulesError, RuleSetError, ScenarioError, SizeModifierError
from .limits import MAX_DOCUMENT_CHARS
from .options import judge_options
from .reach import judge_reach_bonus
from .scenario import Scenario
from .table import Table
from .text import check_name, quote
from .verdict import Override, explanation, rule_ids

__all__ = ["Question", "QUESTIONS", "COMMON_FIELDS", "MAX_NOTE", "answer", "answer_text", "answer_file",
           "answer_stream", "read_text", "read_stream"]

Answer = dict[str, Any]
"""An answer: plain JSON values, ``"ask"`` first."""

COMMON_FIELDS = ("ask", "scenario", "about")
"""Fields every question may have: which question, the battlefield, and a free line saying what it records."""
MAX_NOTE = 200
"""Longest DM's note of an override, and longest ``about`` line, in characters."""
LISTED = 20
"""Ids listed in a message that names the choices (``the fighters are …``); past these, a count."""


@dataclass(frozen=True, slots=True)
class Question:
    """One kind of question: its name, its fields and the function that answers it.

    Attributes:
        name: the value of ``"ask"`` (``"move"``).
        fields: the question's own fields, besides :data:`COMMON_FIELDS`;
            any other field is refused (a misspelt field would otherwise be
            silently ignored).
        run: ``run(table, question) -> answer``: the table is the scenario
            in play with the question's positions, or None when the question
            gave no scenario and needs none; the answer is the verdict's
            ``to_json()`` (or a dict shaped like one), without ``"ask"``.
            Raises :class:`QuestionError` for a bad field.
        needs_scenario: whether ``scenario`` is required.
        text: what it asks, one line (``--help`` lists it).
    """

    name: str
    fields: tuple[str, ...]
    run: Callable[[Table | None, Mapping[str, Any]], Answer]
    needs_scenario: bool = True
    text: str = ""


# -- reading --------------------------------------------------------------

def read_stream(stream: IO[str], what: str) -> str:
    """At most :data:`~vertigo.limits.MAX_DOCUMENT_CHARS` characters of text from ``stream``.

    Reads one character past the limit, never the whole of a huge input.

    Raises:
        QuestionError: the text is longer than the limit (``"<what>: is over …"``).
    """
    text = stream.read(MAX_DOCUMENT_CHARS + 1)
    if len(text) > MAX_DOCUMENT_CHARS:
        raise QuestionError(f"{what}: is over {MAX_DOCUMENT_CHARS} characters; at most {MAX_DOCUMENT_CHARS} are "
                            "allowed")
    return text


def read_text(path: str | os.PathLike[str], what: str, *, missing: str | None = None,
              shown: str | None = None) -> str:
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

    Raises:
        QuestionError: no such file, a folder, unreadable, or over the size limit.
    """
    where = missing or what
    shown = shown or quote(os.fspath(path), 200)
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as f:
            return read_stream(f, what)
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


def _scenario(value: Any, base_dir: Path) -> Scenario:
    """The scenario a question names: a document, or a path relative to the question's folder."""
    if isinstance(value, str):
        shown = quote(value, 200)
        if not Path(value).is_absolute():
            shown += f" (from the question's folder {quote(os.path.abspath(base_dir), 200)})"
        text = read_text(base_dir / value, "scenario", missing="question.scenario", shown=shown)
        try:
            return scenario_mod.load(scenario_mod.decode(text, "scenario"))
        except ScenarioError as e:
            raise QuestionError(_one_line("scenario", e.problems)) from None
    if isinstance(value, Mapping):
        try:
            return scenario_mod.load(value)
        except ScenarioError as e:
            raise QuestionError(_one_line("scenario", e.problems)) from None
    raise QuestionError(f"question.scenario: must be a scenario document (an object) or the path of one, "
                        f"relative to the question's folder: {quote(value)}")


# -- the fields -----------------------------------------------------------

def _listing(ids: list[str], what: str) -> str:
    """``"the fighters are ada, bram"``; past :data:`LISTED` ids, the first ones and a count."""
    if not ids:
        return f"the scenario has no {what}"
    shown = ", ".join(ids[:LISTED])
    if len(ids) > LISTED:
        shown += f", … ({len(ids)} in all)"
    return f"the {what} are {shown}"


def _fighters(table: Table) -> str:
    return _listing([f.id for f in table.scenario.fighters], "fighters")


def _sections(table: Table) -> str:
    return _listing([s.id for s in table.scenario.field.sections], "sections")


def _missing(question: Mapping[str, Any], key: str, hint: str) -> Any:
    if key not in question:
        raise QuestionError(f"question.{key}: missing; {hint}")
    return question[key]


def _fighter(table: Table, question: Mapping[str, Any], key: str) -> str:
    """The id of a fighter of the scenario named by ``question[key]``."""
    value = _missing(question, key, _fighters(table))
    if not isinstance(value, str) or not any(f.id == value for f in table.scenario.fighters):
        raise QuestionError(f"question.{key}: no fighter {quote(value)}; {_fighters(table)}")
    return value


def _section(table: Table, value: Any, place: str) -> str:
    """The id of a section of the battlefield, or a QuestionError naming ``place``."""
    if not isinstance(value, str) or value not in table.scenario.field:
        raise QuestionError(f"{place}: no section {quote(value)}; {_sections(table)}")
    return value


def _whole(value: Any) -> Any:
    """A JSON number that is a whole number, as an int (JSON does not tell ``2`` from ``2.0``); else as given."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


def _entry(table: Table, fighter_id: str, question: Mapping[str, Any]) -> int:
    """The index of one of the fighter's Move entries, 0-based as in its list."""
    moves = table.scenario.fighter(fighter_id).moves
    n = len(moves)
    has = f'fighter "{fighter_id}" has ' + (
        "no Move entries" if n == 0 else f"{n} Move entr{'y' if n == 1 else 'ies'} (0 to {n - 1})")
    value = _missing(question, "entry", f"give the index of a Move entry; {has}")
    index = _whole(value)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
        raise QuestionError(f"question.entry: {has}: {quote(value)}")
    return index


def _note(value: Any, place: str) -> str:
    """Free text of at most :data:`MAX_NOTE` characters, checked like a name; empty allowed."""
    if value == "":
        return ""
    try:
        return check_name(value, MAX_NOTE)
    except RulesError as e:
        raise QuestionError(f"{place}: {e}" + ("" if isinstance(value, str) else f": {quote(value)}")) from None


def _override(question: Mapping[str, Any]) -> Override | None:
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
    return Override(allowed, _note(value.get("note", ""), "question.override.note"))


def _placed(table: Table, value: Any) -> Table:
    """The table with fighters standing where ``positions`` says.

    Each fighter id maps to a section id, or to ``{"section": id, "x":
    length}`` (a place on the section, in the scenario's unit).
    """
    if not isinstance(value, Mapping):
        raise QuestionError(f"question.positions: must be an object, fighter id → section id: {quote(value)}")
    ids = {f.id for f in table.scenario.fighters}
    where: dict[str, str] = {}
    offsets = dict(table.offsets)
    for fid, spot in value.items():
        if fid not in ids:
            raise QuestionError(f"question.positions: no fighter {quote(fid)}; {_fighters(table)}")
        place = f"question.positions.{fid}"
        x = None
        if isinstance(spot, Mapping):
            for key in spot:
                if key not in ("section", "x"):
                    raise QuestionError(f"{place}: unknown field {quote(key)}; its fields are section, x")
            if "x" in spot:
                try:
                    x = lengths.length(spot["x"], table.scenario.units, "x")
                except RulesError as e:
                    raise QuestionError(f"{place}.x: {str(e).removeprefix('x ')}") from None
            spot = spot.get("section")
            place += ".section"
        sid = _section(table, spot, place)
        section = table.scenario.field.section(sid)
        if x is not None and not section.x0 <= x <= section.x1:
            units = table.scenario.units
            raise QuestionError(f"question.positions.{fid}.x: must stand on its section, from "
                                f"{lengths.show(section.x0, units)} to {lengths.show(section.x1, units)}: "
                                f"{lengths.show(x, units)}")
        where[fid] = sid
        offsets.pop(fid, None)
        if x is not None:
            offsets[fid] = x
    return replace(table, positions=tuple((fid, where.get(fid, sid)) for fid, sid in table.positions),
                   offsets=tuple((f.id, offsets[f.id]) for f in table.scenario.fighters if f.id in offsets))


def _ruled(table: Table | None) -> Table:
    """The table of a question that needs one (:attr:`Question.needs_scenario`)."""
    assert table is not None  # answer() refuses a question without the scenario it needs
    return table


# -- the questions --------------------------------------------------------

def _ask_move(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Can the fighter move there with this Move entry, and how far does it fall? (H2–H4, H7, H8)"""
    t = _ruled(table)
    fighter = _fighter(t, question, "fighter")
    index = _entry(t, fighter, question)
    dest = _section(t, _missing(question, "to", _sections(t)), "question.to")
    override = _override(question)
    verdict = t.judge_move(fighter, index, dest)
    if override is not None:
        verdict = verdict.overridden(override.allowed, override.note)
    return verdict.to_json()


def _ask_reachable(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Every section the Move entry reaches, with the fewest falling dice to each (H3, H4)."""
    t = _ruled(table)
    fighter = _fighter(t, question, "fighter")
    index = _entry(t, fighter, question)
    return t.reach(fighter, index).to_json()


def _ask_options(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Every Move entry's answer for every section some entry of the fighter reaches (H2–H4, H8)."""
    t = _ruled(table)
    return judge_options(t, _fighter(t, question, "fighter")).to_json()


def _pair(table: Table, question: Mapping[str, Any]) -> tuple[str, str]:
    """The question's ``fighter`` and ``target``: two different fighters of the scenario.

    Raises:
        QuestionError: either is missing or names no fighter, or both are the same.
    """
    fighter = _fighter(table, question, "fighter")
    target = _fighter(table, question, "target")
    if target == fighter:
        raise QuestionError(f'question.target: "{target}" is the fighter itself; a target is another fighter')
    return fighter, target


def _ask_attack(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Whether each action of the fighter reaches the target, and why (H5, H6)."""
    t = _ruled(table)
    fighter, target = _pair(t, question)
    shots = t.judge_attack(fighter, target)
    steps = [s for v in shots for s in v.steps]
    return {
        "actions": [v.to_json() for v in shots],
        "summary": "; ".join(v.summary for v in shots) or "no actions",
        "rules": rule_ids(steps),
        "explanation": explanation(steps),
    }


def _ask_sm_reach(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """The reach bonus of a fighter of this Size Modifier (G4)."""
    value = _missing(question, "sm", "give a Size Modifier, a whole number up to +10")
    try:
        return judge_reach_bonus(_whole(value)).to_json()
    except SizeModifierError as e:
        raise QuestionError(f"question.sm: {e}") from None


def _ask_levels(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Melee between two fighters across their vertical difference, both directions at once (G1–G7, H7)."""
    t = _ruled(table)
    fighter, target = _pair(t, question)
    strange = question.get("strange_position", False)
    if not isinstance(strange, bool):
        raise QuestionError(f"question.strange_position: must be true or false: {quote(strange)}")
    verdict = t.judge_levels(fighter, target, strange_position=strange)
    if "override" in question:
        raw = question["override"]
        who = raw.get("attacker", fighter) if isinstance(raw, Mapping) else fighter
        if who not in (fighter, target):
            raise QuestionError(f"question.override.attacker: must be the fighter or the target: {quote(who)}")
        rest = {k: v for k, v in raw.items() if k != "attacker"} if isinstance(raw, Mapping) else raw
        override = _override({"override": rest})
        assert override is not None
        verdict = verdict.overridden(who, override.allowed, override.note)
    return verdict.to_json()


QUESTIONS: Mapping[str, Question] = MappingProxyType({q.name: q for q in (
    Question("move", ("fighter", "entry", "to", "positions", "override"), _ask_move,
             text="can FIGHTER move TO with its Move entry ENTRY, and how far does it fall (H2-H4, H7, H8)"),
    Question("reachable", ("fighter", "entry", "positions"), _ask_reachable,
             text="every section FIGHTER's Move entry ENTRY reaches, with its fewest falling dice (H3, H4)"),
    Question("options", ("fighter", "positions"), _ask_options,
             text="every Move entry of FIGHTER against every section one of them reaches: no, safe or Nd6 (H2-H4)"),
    Question("attack", ("fighter", "target", "positions"), _ask_attack,
             text="does each action of FIGHTER reach TARGET: range needed, blocked or not (H5, H6)"),
    Question("levels", ("fighter", "target", "strange_position", "positions", "override"), _ask_levels,
             text="melee between FIGHTER and TARGET across their vertical difference, both directions (G1-G7)"),
    Question("sm_reach", ("sm",), _ask_sm_reach, needs_scenario=False,
             text="the reach bonus of Size Modifier SM (G4); needs no scenario"),
)})
"""The questions ``ask`` answers, by name, in the order messages list them."""


# -- answering ------------------------------------------------------------

def answer(question: Any, base_dir: str | os.PathLike[str] = ".", *,
           questions: Mapping[str, Question] = QUESTIONS) -> Answer:
    """The answer to a question (already decoded from JSON).

    Args:
        question: the question: ``{"scenario": …, "ask": …, …}``.
        base_dir: the folder a ``scenario`` path is relative to (the
            question file's folder).
        questions: the registry to answer from.

    Returns:
        ``{"ask": <name>, …}``: the question's name, then the verdict's own
        ``to_json()``; it always has ``rules`` and ``explanation``.

    Raises:
        QuestionError: a bad question or scenario; the message is one line
            naming the place (``question.fighter: no fighter "zed"; …``).
    """
    if not isinstance(question, Mapping):
        raise QuestionError(f"question: must be a JSON object: {quote(question)}")
    names = ", ".join(questions)
    if "ask" not in question:
        raise QuestionError(f"question.ask: missing; the questions are {names}")
    name = question["ask"]
    kind = questions.get(name) if isinstance(name, str) else None
    if kind is None:
        raise QuestionError(f"question: unknown ask {quote(name)}; the questions are {names}")
    known = (*COMMON_FIELDS, *kind.fields)
    for key in question:
        if key not in known:
            raise QuestionError(f"question: unknown field {quote(key)} for ask \"{name}\"; its fields are "
                                f"{', '.join(known)}")
    if "about" in question:
        _note(question["about"], "question.about")
    table = None
    if "scenario" in question:
        table = Table.start(_scenario(question["scenario"], Path(base_dir)))
    elif kind.needs_scenario:
        raise QuestionError("question.scenario: missing; give a scenario document or the path of one, relative "
                            "to the question's folder")
    if table is not None and kind.needs_scenario:
        try:
            rulesets.answering(table.scenario.rules, name)
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
                questions: Mapping[str, Question] = QUESTIONS) -> Answer:
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


def answer_file(path: str | os.PathLike[str], *, questions: Mapping[str, Question] = QUESTIONS) -> Answer:
    """The answer to the question in a file; a ``scenario`` path in it is relative to the file's folder.

    Raises:
        QuestionError: the file cannot be read, or :func:`answer_text` refuses it.
    """
    return answer_text(read_text(path, "question"), Path(path).parent, questions=questions)


def answer_stream(stream: IO[bytes], base_dir: str | os.PathLike[str] = ".", *,
                  questions: Mapping[str, Question] = QUESTIONS) -> Answer:
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
