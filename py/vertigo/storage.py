"""The saved table: what is kept in the browser, within one stated budget.

A saved table is one JSON object (version ``"table": 3``)::

    {"table": 3, "scenario": {...canonical scenario...}, "positions": {fighter: place},
     "rolls": N, "history": [{"fighter", "section", "rolls", "label"}],
     "log": [{"n": number, "text": headline, "details": [...], "roll": [index, count]}]}

A place (:class:`vertigo.stand.Stand`) is a section id (the section's default place), ``{"section": id,
"x": length}`` (a chosen spot on it) or ``{"ladder": id, "up": length}`` (part way up a ladder), a length as
a scenario writes it, in the scenario's unit.  An undo snapshot adds ``"x"`` at a chosen spot, and
``"ladder"`` and ``"up"`` on a ladder (its ``"section"`` the ladder's foot).  Version 2 wrote a section id
in ``"positions"`` and the spots in ``"offsets": {fighter: length}``; versions 1 and 2 still restore
(issue 20).

A rule set's per-fighter state (:attr:`vertigo.table.Table.states`: only values that differ from where the
scenario starts them) adds ``"states": {fighter: {field key: value}}`` (a value as
:func:`vertigo.table.state_json` writes it), and the undo snapshot of a state change a
``"state": [field key, value before]``; a table without them saves as before, and a table saved before
they existed restores as it did.

A roll of other dice than d6 adds its sides, and a modifier adds both:
``[index, count, sides]``, ``[index, count, sides, modifier]`` (``"roll": [4, 1, 8]`` is the
fifth roll, 1d8; ``[5, 3, 6, 1]`` is 3d6+1).  A d6 roll keeps ``[index, count]``, so a table
of falls saves as version 2 always did, and every version-2 table restores unchanged.

An entry saved with its explanation lines (the newest :data:`SAVED_DETAILS`), and every action's entry (one Undo
takes back, :attr:`~vertigo.table.LogEntry.action`, which adds ``"action": true``), also saves ``"asked"``: the
question it answers (:attr:`vertigo.table.LogEntry.asked`) as a JSON object, ``{"ask", ...fields, "positions",
"rolls", "states"?}``, so a replay (:mod:`vertigo.replay`) can still be made of every action since the battlefield
was loaded after a reload; :func:`restore` checks its positions, rolls and states as the table's own and refuses a
malformed one with that field's message (``saved table.log: has a question whose positions …``).  Cost (issue 27):
a question is its fields and every fighter's place, the roll count and the states before the change — 321
characters on Ruined street (11 fighters); ``tools/saved_questions_size.py`` prints what 1000 log lines cost there
with and without their questions, as checks (the newest 100 keep theirs) and as actions (all keep theirs).  Worst
case, one question takes up to 2 × (6,350 for 50 fighters' places up ladders + 246,300 for every state at its
longest) code units: the log then keeps fewer of its older entries (as it does for long explanations), and a save is
never refused for them.

Only what cannot be rebuilt is stored: dice are replayed from the scenario's
seed and each roll's index (:meth:`vertigo.table.Table.dice_of`), so a fall
of 34,000 d6 costs a few characters, not 100,000.  The whole text stays within
:data:`vertigo.limits.TABLE_BUDGET` UTF-16 code units: the scenario (at most
:data:`~vertigo.limits.MAX_SCENARIO_CHARS`), positions and undo always fit,
and the log keeps as many of its newest entries as the rest of the budget
holds (explanations for the newest :data:`SAVED_DETAILS`).  States always fit too: each value is at most
:data:`~vertigo.table.MAX_STATE_TEXT` characters and each state-change label at most
:data:`~vertigo.table.MAX_HEADLINE`, so with at most :data:`MAX_STATE_FIELDS` state fields the states and
their undo take at most :data:`STATE_ROOM` of the room the scenario leaves.

:class:`TableEncoder` re-encodes only what changed since the last save: the
scenario's JSON once per battlefield, each log entry once.  Version-1 saved
tables (``"table": 1``, every die stored) still restore.

Source: issue 5 (the saved table outgrows browser storage; re-encoding the
whole table on every action).
"""

from __future__ import annotations

import difflib
import json
import unicodedata
from collections.abc import Mapping
from fractions import Fraction
from itertools import pairwise
from typing import Any

from . import lengths
from . import scenario as scenario_mod
from .dice import SIDES
from .errors import RulesError, ScenarioError
from .fields import Field
from .fighter_state import states_doc
from .limits import (
    MAX_DICE,
    MAX_DICE_MODIFIER,
    MAX_EXTENT,
    MAX_FIGHTERS,
    MAX_LADDER_UP,
    MAX_LOG,
    MAX_ROLLS,
    MAX_SCENARIO_CHARS,
    MAX_SIDES,
    TABLE_BUDGET,
    utf16_length,
)
from .numbers import fmt
from .rules import REGISTRY
from .scenario import Scenario
from .stand import Stand, on_ladder, place_json
from .table import (
    MAX_HEADLINE,
    MAX_STATE_TEXT,
    UNDO_DEPTH,
    LogEntry,
    Snapshot,
    Table,
    checked_state,
    state_fields,
    state_json,
    states_in_order,
)
from .text import quote

__all__ = ["SAVED_VERSION", "RESTORED_VERSIONS", "SAVED_DETAILS", "MAX_STATE_FIELDS", "STATE_ROOM", "TableEncoder",
           "place_json", "restore"]

SAVED_VERSION = 3
"""The saved-table version written (``"table"``); versions 1 and 2 still restore."""
RESTORED_VERSIONS = (1, 2, SAVED_VERSION)
"""The saved-table versions :func:`restore` reads."""
SAVED_DETAILS = 100
"""Newest log entries saved with their explanation lines; older ones keep their headline only."""
MAX_STATE_FIELDS = 20
"""Most per-fighter state fields the registered rule sets declare together (checked below for the core's):
the bound :data:`STATE_ROOM` is worked out for."""
_KEY_TEXT = 40
"""Longest id or field key (a document's ids and keys are at most 40 characters)."""
_X_TEXT = 2 * len(str(MAX_EXTENT * lengths.MAX_DENOMINATOR)) + 2
"""The most characters an offset takes once written (``"-n/d"``, or a float's shortest text)."""
_UP_TEXT = len(str(MAX_LADDER_UP * lengths.MAX_DENOMINATOR)) + len(str(lengths.MAX_DENOMINATOR)) + 3
"""The most characters a ladder place's ``up`` takes once written (``"n/d"``)."""
_PLACE_TEXT = max(len(',"x":') + _X_TEXT, len(',"ladder":"","up":') + _KEY_TEXT + _UP_TEXT)
"""The most characters an undo snapshot's place adds to its section: a spot's ``"x"``, or a ladder's id and
``"up"`` (the longer, up a ladder of an inches battlefield)."""
_STATE_SNAPSHOT = (len('{"fighter":"","section":"","rolls":,"label":"","state":["",]},') + 3 * _KEY_TEXT
                   + len(str(MAX_ROLLS)) + 2 * MAX_HEADLINE + _PLACE_TEXT + MAX_STATE_TEXT)
"""The most characters one state change's undo snapshot takes."""
STATE_ROOM = (len('"states":{},') + MAX_FIGHTERS * (_KEY_TEXT + len('"":{},')
                                                   + MAX_STATE_FIELDS * (_KEY_TEXT + len('"":,') + MAX_STATE_TEXT))
              + UNDO_DEPTH * _STATE_SNAPSHOT)
"""The most UTF-16 code units the states and the undo snapshots of state changes take in a saved table
(374,112): every fighter's ``"id":{"key":value,...},`` (ids and keys are plain, a value at most
:data:`~vertigo.table.MAX_STATE_TEXT`) and every undo snapshot of a state change, its label at most
:data:`~vertigo.table.MAX_HEADLINE` characters and its place up the longest ladder (:data:`_PLACE_TEXT`), each
at most two code units once written (an escaped quote or backslash, a character beyond U+FFFF; control
characters are refused).  It fits in the room the largest scenario leaves (TABLE_BUDGET − MAX_SCENARIO_CHARS
= 800,000) with the positions beside it."""


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class TableEncoder:
    """Encodes tables for browser storage within :data:`~vertigo.limits.TABLE_BUDGET`.

    Holds caches, never the table: the scenario's JSON (rebuilt when the
    scenario object changes) and each log entry's JSON by its number.
    """

    def __init__(self, budget: int = TABLE_BUDGET) -> None:
        """Args: budget: the largest text :meth:`encode` returns, in UTF-16 code units."""
        self.budget = budget
        self._scenario: Scenario | None = None
        self._scenario_json = ""
        self._entries: dict[tuple[int, bool], tuple[str, int]] = {}

    def _entry(self, e: LogEntry, details: bool) -> tuple[str, int]:
        key = (e.number, details)
        hit = self._entries.get(key)
        if hit is None:
            doc: dict[str, Any] = {"n": e.number, "text": e.text}
            if details and e.details:
                doc["details"] = list(e.details)
            if (details or e.action) and e.asked is not None:  # an action's question: a replay needs every one
                doc["asked"] = json.loads(e.asked)
            if e.action:
                doc["action"] = True
            if e.roll_index is not None:
                doc["roll"] = [e.roll_index, e.dice_count]
                if e.dice_modifier or e.dice_sides != SIDES:  # only what a d6 roll need not say
                    doc["roll"].append(e.dice_sides)
                if e.dice_modifier:
                    doc["roll"].append(e.dice_modifier)
            text = _compact(doc)
            hit = self._entries[key] = (text, utf16_length(text))
        return hit

    def encode(self, table: Table) -> str:
        """The saved-table text of ``table``, at most ``budget`` UTF-16 code units.

        Raises:
            ScenarioError: the table cannot fit even with an empty log (a
                scenario over :data:`~vertigo.limits.MAX_SCENARIO_CHARS`,
                which :func:`vertigo.scenario.load` never accepts).
        """
        if table.scenario is not self._scenario:
            self._scenario = table.scenario
            self._scenario_json = _compact(scenario_mod.dump(table.scenario))
            self._entries.clear()
        states = f'"states":{_compact(states_doc(table.states))},' if table.states else ""
        head = (f'{{"table":{SAVED_VERSION},"scenario":{self._scenario_json},'
                f'"positions":{_compact({f: place_json(at) for f, at in table.stands})},{states}'
                f'"rolls":{table.rolls},'
                f'"history":{_compact([_snapshot(s) for s in table.history])},"log":[')
        room = self.budget - utf16_length(head) - 2
        if room < 0:
            raise ScenarioError([f"saved table: the battlefield alone takes {self.budget - room} characters; "
                                 f"at most {self.budget} fit"])
        kept: list[str] = []
        newest = len(table.log)
        for i in range(newest - 1, -1, -1):
            text, size = self._entry(table.log[i], details=newest - i <= SAVED_DETAILS)
            if size + 1 > room:
                break
            kept.append(text)
            room -= size + 1
        live = {e.number for e in table.log}
        for key in [k for k in self._entries if k[0] not in live]:
            del self._entries[key]
        return head + ",".join(reversed(kept)) + "]}"


COUNT_CAP = MAX_ROLLS
"""Largest roll count, roll index and log number restored (:data:`vertigo.limits.MAX_ROLLS`)."""


def logged_text(value: Any, what: str) -> str:
    """A log line or undo label from storage, if it is text the page itself could have written.

    Raises:
        ValueError: not text, or holding a control character or a bidirectional embedding, override or
            isolate opener (the page writes only balanced FSI … PDI around names, :func:`vertigo.text.isolate`).
    """
    if not isinstance(value, str):
        raise ValueError(f"has {what} that is not text: {quote(value)}")
    if any(unicodedata.category(c) == "Cc" or c in _REFUSED_IN_LOG for c in value):
        raise ValueError(f"has {what} with control characters: {quote(value)}")
    return value


_REFUSED_IN_LOG = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067")


def _number(value: Any) -> str:
    """A refused count as a message shows it: short (``fmt``) for numbers, quoted for anything else."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return fmt(value)
    return quote(value)


def _inside(problem: str) -> str:
    """A scenario problem's place, read inside the saved table (``title: …`` → ``saved table.scenario.title: …``)."""
    if problem.startswith("document:"):
        return "saved table.scenario" + problem[len("document"):]
    if problem.startswith("line "):
        return "saved table.scenario: " + problem
    return "saved table.scenario." + problem


def _snapshot(s: Snapshot) -> dict[str, Any]:
    at = s.stand
    out: dict[str, Any] = {"fighter": s.fighter, "section": at.section, "rolls": s.rolls, "label": s.label}
    if at.ladder is not None and at.up is not None:
        out.update(ladder=at.ladder, up=lengths.to_json(at.up))
    elif at.x is not None:
        out["x"] = lengths.to_json(at.x)
    if s.state is not None:
        out["state"] = [s.state[0], state_json(s.state[1])]
    return out


def restore(text: str) -> Table:
    """A table from its saved text (version 2, or version 1 of earlier builds).

    Args:
        text: what :meth:`TableEncoder.encode` wrote (or version 1's JSON).

    Returns:
        The table, its log numbered as saved (version 1: from 1).

    Raises:
        ScenarioError: too large, not JSON, not a saved table, or a field
            that is wrong; the message names the field
            (``saved table.positions: places fighter 'goat' on no section``).
    """
    try:
        doc = scenario_mod.decode(text, "saved table", TABLE_BUDGET)
    except ScenarioError as e:
        raise ScenarioError(e.problems, "the saved table") from None
    version = doc.get("table") if isinstance(doc, Mapping) else None
    if isinstance(version, bool) or version not in RESTORED_VERSIONS:
        raise ScenarioError(["saved table: not a saved Vertigo table"], "the saved table")
    try:
        sc = scenario_mod.load(doc.get("scenario"))
    except ScenarioError as e:  # the scenario's places, inside the saved table
        raise ScenarioError([_inside(p) for p in e.problems], "the saved table") from None
    ids = [f.id for f in sc.fighters]
    where = "saved table"

    def whole(value: Any, low: int = 0, high: int = COUNT_CAP) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}: {_number(value)}")
        return value

    def positions(raw: Any) -> tuple[tuple[str, Stand], ...]:
        if not isinstance(raw, dict):
            raise ValueError("must map fighter ids to places")
        out = []
        for fid in ids:
            at = raw.get(fid)
            if isinstance(at, dict) and version >= 3:
                out.append((fid, place(fid, at)))
                continue
            if not isinstance(at, str) or at not in sc.field:
                raise ValueError(f"places fighter {fid!r} on no section: {at!r}")
            out.append((fid, Stand(at, None)))
        return tuple(out)

    def place(fighter: str, raw: dict[str, Any]) -> Stand:
        """A version-3 place object: ``{"section", "x"}`` or ``{"ladder", "up"}``."""
        if set(raw) == {"section", "x"}:
            section = raw["section"]
            if not isinstance(section, str) or section not in sc.field:
                raise ValueError(f"places fighter {fighter!r} on no section: {section!r}")
            return Stand(section, spot(fighter, section, raw["x"]))
        if set(raw) == {"ladder", "up"} and isinstance(raw["ladder"], str):
            return up_ladder(fighter, raw["ladder"], raw["up"])
        raise ValueError(f'places fighter {fighter!r} nowhere: a place is a section id, {{"section", "x"}} or '
                         f'{{"ladder", "up"}}: {quote(raw)}')

    def up_ladder(fighter: str, ladder_id: str, raw: Any) -> Stand:
        """A fighter's place part way up a ladder, within the ladder."""
        try:
            return on_ladder(sc.field, ladder_id, lengths.length(raw, sc.units, "up"), sc.units)
        except (RulesError, ValueError) as e:
            raise ValueError(f"places fighter {fighter!r} on a ladder: {e}") from None

    def snapshot(s: Any) -> Snapshot:
        if not isinstance(s, dict):
            raise ValueError(f"must be a list of objects: {quote(s)}")
        fighter, section = s.get("fighter"), s.get("section")
        if not isinstance(fighter, str) or not isinstance(section, str):
            raise ValueError(f"undoes a move of no fighter or to no section: {quote(fighter)}, {quote(section)}")
        if fighter not in ids or section not in sc.field:
            raise ValueError(f"undoes a move of no fighter or to no section: {fighter!r}, {section!r}")
        label = logged_text(s.get("label", ""), "a label")
        if s.get("ladder") is not None and version >= 3:
            if not isinstance(s["ladder"], str):
                raise ValueError(f"undoes a move of {fighter!r} to no ladder: {quote(s['ladder'])}")
            at = up_ladder(fighter, s["ladder"], s.get("up"))
            if at.section != section:
                raise ValueError(f"undoes a move of {fighter!r} to ladder {at.ladder!r}, whose foot is "
                                 f"{at.section!r}, not {section!r}")
        else:
            at = Stand(section, None if s.get("x") is None else spot(fighter, section, s["x"]))
        return Snapshot(fighter, at, whole(s.get("rolls")), label, changed(fighter, s.get("state")))

    def spot(fighter: str, section: str, raw: Any) -> Fraction:
        """A fighter's offset on a section, exact, within the section."""
        x = lengths.length(raw, sc.units, "an offset")
        s = sc.field.section(section)
        if not s.x0 <= x <= s.x1:
            raise ValueError(f"places fighter {fighter!r} off its section {section!r}: {lengths.show(x, sc.units)}")
        return x

    def offsets(raw: Any, now: tuple[tuple[str, Stand], ...]) -> tuple[tuple[str, Stand], ...]:
        """Version 2's ``"offsets"``: each spot set on the fighter's place."""
        if raw is None:
            return now
        if version >= 3:
            raise ValueError('is version 2\'s field: version 3 writes a spot in "positions"')
        if not isinstance(raw, dict):
            raise ValueError("must map fighter ids to offsets")
        for fid in raw:
            if fid not in ids:
                raise ValueError(f"places no fighter: {quote(fid)}")
        return tuple((fid, Stand(at.section, spot(fid, at.section, raw[fid])) if fid in raw else at)
                     for fid, at in now)

    declared = {d.key: d for d in state_fields(sc)}

    def state_field(fighter: str, key: str) -> Field[Any]:
        """The state field ``key`` of this scenario's rule sets; the message suggests the nearest key."""
        found = declared.get(key)
        if found is not None:
            return found
        near = difflib.get_close_matches(key, list(declared), n=1, cutoff=0.6)
        hint = (f'; did you mean "{near[0]}"?' if near else
                f" (its state fields: {', '.join(declared)})" if declared else
                "; the rule sets of this scenario keep no state")
        raise ValueError(f"fighter {fighter!r} has no state {quote(key)}{hint}")

    def state_value(fighter: str, key: str, raw: Any) -> object:
        """A state value from its JSON, as :meth:`Table.set_state` would take it (a length read exactly)."""
        d = state_field(fighter, key)
        try:
            value = (lengths.length(raw, sc.units, f"the state {key!r}") if isinstance(d.default, Fraction)
                     else raw)
            return checked_state(d, value)
        except ValueError as problem:
            raise ValueError(f"fighter {fighter!r}: {problem}") from None

    def states(raw: Any) -> tuple[tuple[str, str, object], ...]:
        if raw is None:
            return ()
        if not isinstance(raw, dict):
            raise ValueError(f"must map fighter ids to their state: {quote(raw)}")
        values: dict[tuple[str, str], object] = {}
        for fid, held in raw.items():
            if fid not in ids:
                raise ValueError(f"holds the state of no fighter: {quote(fid)}")
            if not isinstance(held, dict):
                raise ValueError(f"must map fighter {fid!r}'s state fields to values: {quote(held)}")
            for key, value in held.items():
                values[fid, key] = state_value(fid, key, value)
        return states_in_order(sc, values)

    def changed(fighter: str, raw: Any) -> tuple[str, object] | None:
        """A snapshot's ``"state": [key, value before]``."""
        if raw is None:
            return None
        if not (isinstance(raw, list) and len(raw) == 2 and isinstance(raw[0], str)):
            raise ValueError(f"undoes a state change that is not [field key, value]: {quote(raw)}")
        return raw[0], state_value(fighter, raw[0], raw[1])

    def entry(i: int, e: Any) -> LogEntry:
        if not isinstance(e, dict) or not isinstance(e.get("text"), str):
            raise ValueError("must have a text")
        logged_text(e["text"], "a text")
        details = e.get("details", [])
        if not isinstance(details, list) or not all(isinstance(d, str) for d in details):
            raise ValueError("must have a list of texts as details")
        for d in details:
            logged_text(d, "a detail")
        question = asked(e["asked"]) if "asked" in e and version >= 3 else None
        action = e.get("action", False)
        if action is not True and "action" in e:
            raise ValueError(f"has an action mark that is not true: {quote(action)}")
        if version == 1:
            dice = e.get("dice", [])
            if not isinstance(dice, list) or len(dice) > MAX_DICE:
                raise ValueError(f"must have a list of at most {MAX_DICE} dice")
            index = e.get("roll_index")
            roll = None if index is None else (whole(index), len(dice), SIDES, 0)
            number = i + 1
        else:
            roll = rolled(e.get("roll"))
            number = whole(e.get("n"), 1)
        if roll is None:
            return LogEntry(e["text"], tuple(details), number, asked=question, action=action)
        return LogEntry(e["text"], tuple(details), number, *roll, asked=question, action=action)

    def asked(raw: Any) -> str:
        """An entry's question: ``{"ask": name, ...fields, "positions", "rolls", "states"?}`` (issue 27), checked
        as the saved table's own positions, rolls and states are, and kept as compact JSON text."""
        if not isinstance(raw, dict) or not isinstance(raw.get("ask"), str) or not raw["ask"]:
            raise ValueError(f"has a question that is not an object with its \"ask\" name: {quote(raw)}")
        def placed(value: Any) -> None:
            positions(value)
            for fid in value:
                if fid not in ids:
                    raise ValueError(f"places no fighter: {quote(fid)}")

        checks = (("positions", placed), ("rolls", whole), ("states", states))
        for key, check in checks:
            try:
                check(raw.get(key))
            except ValueError as problem:
                raise ValueError(f"has a question whose {key} {problem}") from None
        return _compact(raw)

    def rolled(raw: Any) -> tuple[int, int, int, int] | None:
        """``[index, count, sides = 6, modifier = 0]`` as (index, count, sides, modifier), within DicePool's bounds."""
        if raw is None:
            return None
        if not (isinstance(raw, list) and 2 <= len(raw) <= 4):
            raise ValueError(f"must have a roll of [index, count], [index, count, sides] or "
                             f"[index, count, sides, modifier]: {quote(raw)}")
        index, count = whole(raw[0]), whole(raw[1], 0, MAX_DICE)
        try:
            sides = whole(raw[2], 2, MAX_SIDES) if len(raw) > 2 else SIDES
        except ValueError as problem:
            raise ValueError(f"has a roll whose dice sides {problem}") from None
        try:
            modifier = whole(raw[3], -MAX_DICE_MODIFIER, MAX_DICE_MODIFIER) if len(raw) > 3 else 0
        except ValueError as problem:
            raise ValueError(f"has a roll whose modifier {problem}") from None
        return index, count, sides, modifier

    try:
        where = "saved table.positions"
        current = positions(doc.get("positions"))
        where = "saved table.offsets"
        placed = offsets(doc.get("offsets"), current)
        where = "saved table.states"
        kept = states(doc.get("states"))
        where = "saved table.rolls"
        rolls = whole(doc.get("rolls"))
        where = "saved table.log"
        raw_log = doc.get("log", [])
        if not isinstance(raw_log, list):
            raise ValueError("must be a list")
        log = tuple(entry(i, e) for i, e in enumerate(raw_log))[-MAX_LOG:]
        if any(b.number <= a.number for a, b in pairwise(log)):
            raise ValueError("must number its entries in increasing order")
        where = "saved table.history"
        raw_history = doc.get("history", [])
        if not isinstance(raw_history, list):
            raise ValueError("must be a list")
        history = tuple(snapshot(s) for s in raw_history)
    except (AttributeError, TypeError, ValueError) as e:
        raise ScenarioError([f"{where}: {e}"], "the saved table") from None
    return Table(sc, placed, rolls, log, history[-UNDO_DEPTH:], kept)


assert sum(1 for r in REGISTRY.values() for d in r.fields if d.state) <= MAX_STATE_FIELDS
assert MAX_SCENARIO_CHARS + STATE_ROOM + 100_000 <= TABLE_BUDGET  # the states fit beside the largest scenario
