"""Replays: the battlefield as loaded, then every action since, each checked again step by step with the same dice.

A replay is one JSON object::

    {"replay": 1, "scenario": <the battlefield as loaded: scenario.dump(table.scenario)>,
     "actions": [{"ask": "move", "fighter": "goat", "entry": 0, "to": "cliff-foot",
                  "result": {"positions": {fighter: place, ...}, "rolls": 1, "states": {...}}}, ...]}

Each action is the question its log entry kept (:attr:`vertigo.table.LogEntry.asked`) without the table it was
asked of (``positions``, ``rolls``, ``states``), and ``result`` is the table it left: every fighter's place
(:func:`vertigo.stand.place_json`, document order), the roll count and the states that differ from the start
(``states`` left out when none).  The fighters start where the scenario puts them and the dice roll on from its
``dice_rolls`` with its seed, so every roll of the replay is the roll the table made (H8).  Only actions that
change the table are in it — moves, pushes, climbs, jumps, placings, state changes, undos
(:attr:`vertigo.table.LogEntry.action`); a verdict only checked is not.  At most :data:`MAX_REPLAY_ACTIONS`.

An action is carried out by its question's ``act`` (:attr:`vertigo.ruleset.Question.act`), declared by the rule
set that owns it next to the question, or by one of the core's :data:`SHARED_ACTIONS` (``place``, ``undo``).
:func:`build` makes the replay of a table; :func:`step` carries one action out and compares its result;
:func:`check` reads a replay file strictly and checks every step (``python -m vertigo replay``,
:mod:`vertigo.replay_cli`; the page plays one back step by step with :func:`read` and :func:`step`).

Source: issue 27, "Ruling records and replays" ("A replay file holds the battlefield as loaded, then every action
since, with its inputs (entries, checks entered, overrides), up to 1,000 actions.  ``python -m vertigo replay
FILE`` checks every step with the same dice"); ``docs/api.md#replays``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from . import lengths
from . import questions as q
from . import scenario as scenario_mod
from .errors import QuestionError, ReplayError, RulesError, ScenarioError
from .fighter_state import states_doc
from .limits import MAX_LOG
from .records import Difference, difference
from .rules import REGISTRY, answering
from .ruleset import Answer, Question
from .scenario import Scenario
from .stand import place_json
from .table import LogEntry, Table
from .text import quote

__all__ = ["REPLAY_VERSION", "MAX_REPLAY_ACTIONS", "MAX_REPLAY_CHARS", "SHARED_ACTIONS", "Step", "Replay", "build",
           "result_of", "actions", "read", "step", "check"]

REPLAY_VERSION = 1
"""The replay format written (``"replay"``) and read."""
MAX_REPLAY_ACTIONS = 1000
"""The most actions a replay holds (issue 27: "up to 1,000 actions")."""
MAX_REPLAY_CHARS = 16_000_000
"""The longest replay file read, in characters: the largest scenario (1,500,000) and 1,000 actions of up to about
14,000 characters each (a question and the places of 50 fighters)."""
_TABLE_KEYS = ("positions", "rolls", "states")
"""A logged question's keys that say where the table stood, not what was asked."""


# -- the core's shared actions ------------------------------------------------------

def _not_asked(_table: Table | None, question: Mapping[str, Any]) -> Answer:
    raise QuestionError(f"question.ask: {quote(question.get('ask'))} is an action of a replay, not a question")


def _place(table: Table, question: Mapping[str, Any]) -> Table:
    """``{"ask": "place", "fighter", "to": section id, "x"?: length}``: the referee places a fighter by hand
    (:meth:`vertigo.table.Table.place`), where no rule set of the scenario has movement rules."""
    fighter = q.fighter(table, question, "fighter")
    to = q.section(table, q.missing(question, "to", q.sections_listed(table)), "question.to")
    x: Fraction | None = None
    if "x" in question:
        try:
            x = lengths.length(question["x"], table.scenario.units, "x")
        except RulesError as e:
            raise QuestionError(f"question.x: {str(e).removeprefix('x ')}") from None
    return table.place(fighter, to, x, asked=question)


def _undo(table: Table, question: Mapping[str, Any]) -> Table:
    """``{"ask": "undo"}``: the last action taken back, its dice rewound (:meth:`vertigo.table.Table.undo`)."""
    return table.undo(asked=question)


SHARED_ACTIONS: Mapping[str, Question] = MappingProxyType({
    "place": Question("place", ("fighter", "to", "x"), _not_asked, act=_place,
                      text="the referee places FIGHTER on section TO, at X on it (no movement rules)"),
    "undo": Question("undo", (), _not_asked, needs_scenario=False, act=_undo, text="the last action taken back"),
})
"""The actions no rule set owns, by name: placing by hand and undo (like :data:`vertigo.ask.SHARED`, the
questions no rule set owns)."""


def _action_kinds(sc: Scenario) -> Mapping[str, Question]:
    """Every action a replay of ``sc`` may hold: the shared ones, then each question with ``act`` of the
    scenario's rule sets (the first rule set that answers a name, as ``ask`` picks it)."""
    found: dict[str, Question] = dict(SHARED_ACTIONS)
    for rule_id in sc.rules:
        for kind in REGISTRY[rule_id].questions if rule_id in REGISTRY else ():
            if kind.act is not None:
                found.setdefault(kind.name, kind)
    return found


# -- a table's state, as a result ----------------------------------------------------

def result_of(table: Table) -> dict[str, Any]:
    """What an action left: ``{"positions": {every fighter: place}, "rolls": N, "states"?: {fighter: {key:
    value}}}`` (``states`` only when some state differs from the start)."""
    out: dict[str, Any] = {"positions": {fid: place_json(s) for fid, s in table.stands}, "rolls": table.rolls}
    if table.states:
        out["states"] = states_doc(table.states)
    return out


# -- building a table's replay ------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Logged:
    """An entry's question, decoded: what was asked, and the table it was asked of."""

    question: dict[str, Any]
    before: dict[str, Any]


def _logged(entry: LogEntry) -> _Logged | None:
    if entry.asked is None:
        return None
    doc = json.loads(entry.asked)
    before = {k: doc[k] for k in _TABLE_KEYS if k in doc}
    return _Logged({k: v for k, v in doc.items() if k not in _TABLE_KEYS}, before)


def _entry(e: LogEntry) -> str:
    return f"log entry {e.number} ({quote(e.text, 80)})"


def actions(table: Table) -> tuple[dict[str, Any], ...]:
    """Every action of the table's log since the battlefield was loaded, as a replay writes them: the question
    (``"ask"`` and its fields) and ``"result"`` (:func:`result_of` of the table it left: the table the next
    logged question was asked of, or the table now after the last).

    Raises:
        ReplayError: the log no longer starts at its load line (older entries gave way,
            :data:`vertigo.limits.MAX_LOG`); an action whose question was not kept (logged by a page that kept
            none, or saved without its details); an entry asked of a table that is not where the log left it
            (something changed the table without its question); more than :data:`MAX_REPLAY_ACTIONS`.
    """
    log = table.log
    if not log or log[0].number != 1:
        first = log[0].number if log else 0
        gone = f"its first {first - 1} entr{'y' if first - 1 == 1 else 'ies'} gave way to newer ones (the log keeps " \
            f"{MAX_LOG:,})"
        raise ReplayError(f"replay: the log no longer starts where the battlefield was loaded: {gone}; a replay needs "
                          f"every action since the load, at most {MAX_REPLAY_ACTIONS:,}")
    state: dict[str, Any] | None = result_of(Table.start(table.scenario))
    out: list[dict[str, Any]] = []
    for e in log[1:]:
        kept = _logged(e)
        if kept is None:
            if e.action:
                raise ReplayError(f"replay: {_entry(e)} is an action whose question was not kept (a table saved by a "
                                  "Vertigo that kept none); no replay can carry it out")
            continue
        if state is None:
            out[-1]["result"] = kept.before
        elif kept.before != state:
            raise ReplayError(f"replay: {_entry(e)} was asked of a table the log does not lead to: something changed "
                              "it without its question")
        state = kept.before
        if e.action:
            if len(out) == MAX_REPLAY_ACTIONS:
                raise ReplayError(f"replay: more than {MAX_REPLAY_ACTIONS} actions; a replay holds at most "
                                  f"{MAX_REPLAY_ACTIONS}")
            out.append({**kept.question, "result": None})
            state = None
    now = result_of(table)
    if state is None:
        out[-1]["result"] = now
    elif now != state:
        raise ReplayError("replay: the table is not where its log leaves it: something changed it without its "
                          "question")
    return tuple(out)


def build(table: Table) -> dict[str, Any]:
    """The replay of a table: its battlefield as loaded and every action since (:func:`actions`).

    Returns:
        ``{"replay": 1, "scenario": scenario.dump(table.scenario), "actions": [...]}``.

    Raises:
        ReplayError: as :func:`actions`.
    """
    return {"replay": REPLAY_VERSION, "scenario": scenario_mod.dump(table.scenario), "actions": list(actions(table))}


# -- reading and checking a replay ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Step:
    """One action of a replay carried out again.

    Attributes:
        table: the table after it.
        agrees: whether the table it left is the one recorded (``result``: places, rolls, states).
        difference: the first difference (:func:`vertigo.records.difference`), its path from the replay's root
            (``"$.actions[3].result.positions.goat"``); None when it agrees.
        headline: the log line the action wrote now (``"Goat: Cliff top → Foot of the cliff with Move 1 (Height
            2) — moved, fell: 3 damage"``); "" when it wrote none.
    """

    table: Table
    agrees: bool
    difference: Difference | None
    headline: str


@dataclass(frozen=True, slots=True)
class Replay:
    """A replay file read: the table it starts from and its actions, their shape checked (:func:`read`).

    Attributes:
        start: the battlefield as loaded, in play: every fighter at its start, the dice at ``dice_rolls``.
        actions: the actions, in order, as the file has them.
    """

    start: Table
    actions: tuple[Mapping[str, Any], ...]


def _fail(place: str, message: str) -> ReplayError:
    return ReplayError(f"{place}: {message}")


def _asked_place(e: QuestionError, place: str) -> ReplayError:
    """A question's refusal, placed in the replay: ``question.fighter: …`` → ``replay.actions[4].fighter: …``."""
    text = str(e)
    for prefix in ("question.", "question:"):
        if text.startswith(prefix):
            return ReplayError(place + text[len("question"):])
    return ReplayError(f"{place}: {text}")


def _result_shape(raw: Any, place: str) -> None:
    """A result is ``{"positions": {...}, "rolls": N, "states"?: {...}}``; its values are compared, not read."""
    if not isinstance(raw, Mapping):
        raise _fail(place, f'must be {{"positions", "rolls", "states"?}}: {quote(raw, 80)}')
    for key in raw:
        if key not in _TABLE_KEYS:
            raise _fail(place, f"unknown field {quote(key)}; its fields are positions, rolls, states")
    if not isinstance(raw.get("positions"), Mapping):
        raise _fail(f"{place}.positions", f"must map fighter ids to places: {quote(raw.get('positions'), 80)}")
    rolls = q.whole(raw.get("rolls"))
    if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 0:
        raise _fail(f"{place}.rolls", f"must be the roll count, a whole number, 0 or more: {quote(raw.get('rolls'))}")
    if "states" in raw and not isinstance(raw["states"], Mapping):
        raise _fail(f"{place}.states", f"must map fighter ids to their states: {quote(raw['states'], 80)}")


def read(doc: Any) -> Replay:
    """A replay file's document (decoded JSON), checked strictly: its version, its scenario (loaded by the
    importer), at most :data:`MAX_REPLAY_ACTIONS` actions, each an object naming an action of the scenario's rule
    sets or a shared one, with only that action's fields and a ``result``.  The fields' values are read when the
    action is carried out (:func:`step`).

    Raises:
        ReplayError: the first problem, one line naming its place (``replay.actions[4].ask: …``,
            ``replay.scenario.fighters[0].section: …``).
    """
    if not isinstance(doc, Mapping):
        raise _fail("replay", f"must be a JSON object: {quote(doc, 80)}")
    version = doc.get("replay")
    if isinstance(version, int) and not isinstance(version, bool) and version > REPLAY_VERSION:
        raise _fail("replay.replay", f"made by a newer Vertigo (replay version {version}); this one reads version "
                                     f"{REPLAY_VERSION}")
    if version != REPLAY_VERSION or isinstance(version, bool):
        raise _fail("replay.replay", f"must be {REPLAY_VERSION}, the replay format: {quote(version)}")
    for key in doc:
        if key not in ("replay", "scenario", "actions"):
            raise _fail("replay", f"unknown field {quote(key)}; its fields are replay, scenario, actions")
    if "scenario" not in doc:
        raise _fail("replay.scenario", "missing; a replay holds the battlefield as loaded, a scenario document")
    try:
        sc = scenario_mod.load(doc.get("scenario"))
    except ScenarioError as e:
        p = e.problems[0]
        where = p.removeprefix("document") if p.startswith("document:") else f".{p}"
        more = f" (and {len(e.problems) - 1} more problems)" if len(e.problems) > 1 else ""
        raise ReplayError(f"replay.scenario{where}{more}") from None
    raw = doc.get("actions")
    if not isinstance(raw, list):
        raise _fail("replay.actions", f"must be a list of actions: {quote(raw, 80)}")
    if len(raw) > MAX_REPLAY_ACTIONS:
        raise _fail("replay.actions", f"holds {len(raw)} actions; a replay holds at most {MAX_REPLAY_ACTIONS}")
    kinds = _action_kinds(sc)
    for i, a in enumerate(raw):
        place = f"replay.actions[{i}]"
        if not isinstance(a, Mapping):
            raise _fail(place, f"must be an object: {quote(a, 80)}")
        name = a.get("ask")
        kind = kinds.get(name) if isinstance(name, str) else None
        if kind is None:
            why = ""
            if isinstance(name, str) and name in {k.name for k in REGISTRY.questions}:
                try:
                    answering(sc.rules, name)
                    why = " (a question only answered: it changes no table)"
                except RulesError as e:
                    why = f" ({e})"
            raise _fail(f"{place}.ask", f"no action {quote(name)}{why}; the actions here are {', '.join(kinds)}")
        known = ("ask", *(f for f in kind.fields if f != "positions"), "result")
        for key in a:
            if key not in known:
                raise _fail(place, f"unknown field {quote(key)} for action \"{name}\"; its fields are "
                                   f"{', '.join(known)}")
        _result_shape(a.get("result"), f"{place}.result")
    return Replay(Table.start(sc), tuple(raw))


def step(table: Table, action: Mapping[str, Any], index: int = 0) -> Step:
    """Carry out one action of a replay on ``table`` and compare the table it leaves with its ``result``.

    Args:
        table: the table before it (the replay's start, or the previous step's table).
        action: the action, as :func:`read` checked it: ``"ask"``, its fields, ``"result"``.
        index: its place in the replay's actions, for the difference's path and the messages.

    Returns:
        The step: the table after, whether it agrees, the first difference, the log line written.

    Raises:
        ReplayError: an action no rule set of the table's scenario carries out, or a field or an action the rules
            refuse now (``replay.actions[4].fighter: no fighter "zed"; …``).
    """
    place = f"replay.actions[{index}]"
    kind = _action_kinds(table.scenario).get(str(action.get("ask")))
    if kind is None or kind.act is None:
        raise _fail(f"{place}.ask", f"no action {quote(action.get('ask'))} on this battlefield")
    question = {k: v for k, v in action.items() if k != "result"}
    try:
        after = kind.act(table, question)
    except QuestionError as e:
        raise _asked_place(e, place) from None
    except RulesError as e:
        raise _fail(place, str(e)) from None
    written = [e.text for e in after.log if e.number > table.logged]
    found = difference(action.get("result"), result_of(after), f"$.actions[{index}].result")
    return Step(after, found is None, found, written[0] if written else "")


def check(doc: Any) -> tuple[Step, ...]:
    """Every step of a replay file's document, carried out in turn from its start with the same dice.

    A step that differs does not stop the replay: the next step starts from the table the action left now.

    Raises:
        ReplayError: the document refused (:func:`read`) or an action refused (:func:`step`).
    """
    replay = read(doc)
    table = replay.start
    steps: list[Step] = []
    for i, action in enumerate(replay.actions):
        steps.append(step(table, action, i))
        table = steps[-1].table
    return tuple(steps)
