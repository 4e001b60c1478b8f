"""Scenario documents: versioned JSON in, validated values out, and back.

A scenario is ``{"vertigo": 1, "title", "units", "dice_seed", "sections",
"borders", "fighters"}``.  :func:`load` checks the whole document and reports
every problem at once, each with its place (``fighters[2].moves[0]: "Move
one" is not a Move entry``); :func:`dump` writes the canonical document back.

Source: the data model of issue 2; Height rules ``000_519d8b8e373365db.txt``
(sections, borders, Move entries), rulings H1, H2, H6.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .battlefield import SECTION_KINDS, Battlefield, Border, Section, default_border_x
from .errors import RulesError, ScenarioError, UnknownFighterError, UnitsError
from .limits import (
    MAX_BORDERS, MAX_DICE, MAX_DISTANCE, MAX_DOCUMENT_BYTES, MAX_ELEVATION, MAX_ENTRIES, MAX_EXTENT,
    MAX_FIGHTERS, MAX_NAME, MAX_SECTIONS,
)
from .moves import MoveEntry
from .numbers import fmt

__all__ = ["FORMAT_VERSION", "UNITS", "MAX_NESTING", "Fighter", "Scenario", "decode", "load", "loads", "dump", "dumps"]

FORMAT_VERSION = 1
"""The document version this core reads and writes (key ``"vertigo"``)."""

UNITS = ("height", "feet", "inches")
"""Unit systems: abstract Height levels (the Height rules), feet (Combat at
Different Levels, Jumping) and inches (Terrain features)."""

_ID = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
_KEYS = {"vertigo", "title", "units", "dice_seed", "sections", "borders", "fighters"}


@dataclass(frozen=True, slots=True)
class Fighter:
    """A fighter standing on the battlefield.

    Attributes:
        id: stable identifier, unique in the scenario.
        name: shown as text only.
        side: the side it fights for (free text; the colour follows the side).
        section: id of the section it starts on.
        moves: its Move entries, as parsed values (``str`` gives the text back).
        height: its Height property in Height levels (H2), or None.
        actions: its actions with range or Reach (H5, H6).
    """

    id: str
    name: str
    side: str
    section: str
    moves: tuple[MoveEntry, ...]
    height: float | None
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Scenario:
    """A validated scenario.

    Attributes:
        title: shown as text only.
        units: one of :data:`UNITS`.
        dice_seed: the seed every roll of this scenario derives from.
        field: the sections and borders.
        fighters: every fighter, in document order.
    """

    title: str
    units: str
    dice_seed: int
    field: Battlefield
    fighters: tuple[Fighter, ...]

    def fighter(self, fighter_id: str) -> Fighter:
        """The fighter with this id.

        Raises:
            UnknownFighterError: no such fighter.
        """
        for f in self.fighters:
            if f.id == fighter_id:
                return f
        raise UnknownFighterError(f"no fighter with id {fighter_id!r}")

    def require_height_units(self) -> None:
        """Raise UnitsError unless the scenario is in Height levels (the Height rules' unit)."""
        if self.units != "height":
            raise UnitsError(f"the Height rules need a scenario in units 'height': {self.units!r}")

    @property
    def sides(self) -> tuple[str, ...]:
        """Sides in order of first appearance."""
        return tuple(dict.fromkeys(f.side for f in self.fighters))


class _Checker:
    """Collects problems with their place in the document."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def text(self, where: str, value: Any, *, limit: int = MAX_NAME) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.add(where, f"must be non-empty text: {_show(value)}")
            return None
        if len(value) > limit:
            self.add(where, f"must be at most {limit} characters: {len(value)}")
            return None
        if any(ord(c) < 32 for c in value):
            self.add(where, "must not contain control characters")
            return None
        return value

    def ident(self, where: str, value: Any) -> str | None:
        if not isinstance(value, str) or not _ID.match(value):
            self.add(where, f"must be an id of 1–40 letters, digits, '_', '-' or '.': {_show(value)}")
            return None
        return value

    def number(self, where: str, value: Any, low: float, high: float) -> float | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (
                isinstance(value, float) and not math.isfinite(value)):
            self.add(where, f"must be a number: {_show(value)}")
            return None
        if not low <= value <= high:
            self.add(where, f"must be {fmt(low)} to {fmt(high)}: {fmt(value)}")
            return None
        return float(value)

    def items(self, where: str, value: Any, limit: int, *, empty_ok: bool = True) -> list[Any]:
        if not isinstance(value, list):
            self.add(where, f"must be a list: {_show(value)}")
            return []
        if len(value) > limit:
            self.add(where, f"has {len(value)} entries; at most {limit} are allowed")
            return []
        if not value and not empty_ok:
            self.add(where, "must not be empty")
        return value


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, float) or math.isfinite(value) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _sections(c: _Checker, raw: Any) -> list[Section]:
    out: list[Section] = []
    seen: set[str] = set()
    for i, s in enumerate(c.items("sections", raw, MAX_SECTIONS, empty_ok=False)):
        at = f"sections[{i}]"
        if not isinstance(s, Mapping):
            c.add(at, f"must be an object: {_show(s)}")
            continue
        sid = c.ident(f"{at}.id", s.get("id"))
        if sid is not None and sid in seen:
            c.add(f"{at}.id", f"repeats the id {sid!r}")
            sid = None
        name = c.text(f"{at}.name", s.get("name", s.get("id")))
        elev = c.number(f"{at}.elevation", s.get("elevation"), -MAX_ELEVATION, MAX_ELEVATION)
        x = s.get("x")
        x0 = x1 = None
        if not (isinstance(x, list) and len(x) == 2):
            c.add(f"{at}.x", f"must be [left, right]: {_show(x)}")
        else:
            x0 = c.number(f"{at}.x[0]", x[0], -MAX_EXTENT, MAX_EXTENT)
            x1 = c.number(f"{at}.x[1]", x[1], -MAX_EXTENT, MAX_EXTENT)
            if x0 is not None and x1 is not None and x1 <= x0:
                c.add(f"{at}.x", f"right edge must be greater than left edge: {_show(x)}")
                x0 = None
        kind = s.get("kind", "ground")
        if kind not in SECTION_KINDS:
            c.add(f"{at}.kind", f"must be one of {', '.join(SECTION_KINDS)}: {_show(kind)}")
        if sid is not None:
            seen.add(sid)
        if None not in (sid, name, elev, x0, x1) and kind in SECTION_KINDS:
            out.append(Section(sid, name, elev, x0, x1, kind))  # type: ignore[arg-type]
    return out


def _borders(c: _Checker, raw: Any, sections: list[Section], all_ids: set[str]) -> list[Border]:
    by_id = {s.id: s for s in sections}
    out: list[Border] = []
    seen: set[frozenset[str]] = set()
    for i, b in enumerate(c.items("borders", raw, MAX_BORDERS)):
        at = f"borders[{i}]"
        x = None
        if isinstance(b, Mapping):
            if "x" in b:
                x = c.number(f"{at}.x", b["x"], -MAX_EXTENT, MAX_EXTENT)
            b = b.get("between")
            at += ".between"
        if not (isinstance(b, list) and len(b) == 2 and all(isinstance(e, str) for e in b)):
            c.add(at, f'must be two section ids, ["a", "b"] or {{"between": ["a", "b"]}}: {_show(b)}')
            continue
        a_id, b_id = b
        bad = False
        for j, end in enumerate((a_id, b_id)):
            if end not in all_ids:
                c.add(f"{at}[{j}]", f"names no section: {_show(end)}")
                bad = True
        if bad:
            continue
        if a_id == b_id:
            c.add(at, f"joins a section to itself: {_show(a_id)}")
            continue
        key = frozenset((a_id, b_id))
        if key in seen:
            c.add(at, f"repeats the border {a_id} – {b_id}")
            continue
        seen.add(key)
        if a_id in by_id and b_id in by_id:
            out.append(Border(a_id, b_id, x if x is not None else default_border_x(by_id[a_id], by_id[b_id])))
    return out


def _entries(c: _Checker, at: str, raw: Any, parse: Any) -> list[Any]:
    out = []
    for j, text in enumerate(c.items(at, raw, MAX_ENTRIES)):
        try:
            out.append(parse(text))
        except RulesError as e:
            c.add(f"{at}[{j}]", str(e))
    return out


def _fighters(c: _Checker, raw: Any, section_ids: set[str]) -> list[Fighter]:
    out: list[Fighter] = []
    seen: set[str] = set()
    for i, f in enumerate(c.items("fighters", raw, MAX_FIGHTERS)):
        at = f"fighters[{i}]"
        if not isinstance(f, Mapping):
            c.add(at, f"must be an object: {_show(f)}")
            continue
        before = len(c.problems)
        fid = c.ident(f"{at}.id", f.get("id"))
        if fid is not None and fid in seen:
            c.add(f"{at}.id", f"repeats the id {fid!r}")
        name = c.text(f"{at}.name", f.get("name"))
        side = c.text(f"{at}.side", f.get("side"))
        section = f.get("section")
        if not isinstance(section, str) or section not in section_ids:
            c.add(f"{at}.section", f"names no section: {_show(section)}")
        height = f.get("height")
        if height is not None:
            height = c.number(f"{at}.height", height, 0, MAX_ELEVATION)
        moves = _entries(c, f"{at}.moves", f.get("moves", []), MoveEntry.parse)
        actions = _entries(c, f"{at}.actions", f.get("actions", []), Action.parse)
        if fid is not None:
            seen.add(fid)
        if len(c.problems) == before:
            out.append(Fighter(fid, name, side, section, tuple(moves), height, tuple(actions)))  # type: ignore[arg-type]
    return out


def load(doc: Any) -> Scenario:
    """Validate a scenario document (already decoded from JSON).

    Args:
        doc: the decoded document.

    Returns:
        The scenario.

    Raises:
        ScenarioError: with every problem found, each with its place.
    """
    c = _Checker()
    if not isinstance(doc, Mapping):
        raise ScenarioError([f"document: must be a JSON object: {_show(doc)}"])
    version = doc.get("vertigo")
    if version != FORMAT_VERSION:
        c.add("vertigo", f"must be the format version {FORMAT_VERSION}: {_show(version)}")
    for key in sorted(set(doc) - _KEYS):
        c.add(str(key), "is not a scenario field")
    title = c.text("title", doc.get("title"))
    units = doc.get("units", "height")
    if units not in UNITS:
        c.add("units", f"must be one of {', '.join(UNITS)}: {_show(units)}")
    seed = doc.get("dice_seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**53:
        c.add("dice_seed", f"must be a whole number from 0 to 2^53 − 1: {_show(seed)}")
    raw_sections = doc.get("sections")
    sections = _sections(c, raw_sections)
    all_ids = {s["id"] for s in raw_sections if isinstance(s, Mapping) and isinstance(s.get("id"), str)} if isinstance(raw_sections, list) and len(raw_sections) <= MAX_SECTIONS else set()
    borders = _borders(c, doc.get("borders", []), sections, {i for i in all_ids if isinstance(i, str)})
    fighters = _fighters(c, doc.get("fighters", []), {s.id for s in sections} | {i for i in all_ids if isinstance(i, str)})
    if c.problems:
        raise ScenarioError(c.problems)
    return Scenario(title, units, seed, Battlefield(tuple(sections), tuple(borders)), tuple(fighters))  # type: ignore[arg-type]


MAX_NESTING = 32
"""Deepest nesting of JSON arrays and objects accepted; a scenario needs 4."""


def decode(text: str | bytes, what: str = "document", max_chars: int = MAX_DOCUMENT_BYTES) -> Any:
    """Decode JSON text after checking its size and nesting depth.

    The depth check runs before the decoder: a deeply nested document would
    otherwise exhaust the stack (inside Pyodide, fatally for the page).

    Args:
        text: the JSON text.
        what: how messages name the text (``"document"``, ``"saved table"``).
        max_chars: the largest text accepted, in characters.

    Raises:
        ScenarioError: too large, nested deeper than MAX_NESTING, or not JSON
            (with line and column).
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if len(text) > max_chars:
        raise ScenarioError([f"{what}: is {len(text)} bytes; at most {max_chars} are allowed"])
    depth = _nesting(text)
    if depth > MAX_NESTING:
        raise ScenarioError([f"{what}: nests arrays and objects {depth} deep; at most {MAX_NESTING} are allowed"])
    try:
        return json.loads(text)
    except ValueError as e:
        where = f"line {e.lineno}, column {e.colno}" if isinstance(e, json.JSONDecodeError) else what
        msg = e.msg if isinstance(e, json.JSONDecodeError) else "a number with too many digits"
        raise ScenarioError([f"{where}: not valid JSON ({msg})"]) from None


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _nesting(text: str) -> int:
    """Deepest bracket nesting of JSON text, strings skipped (stops early past MAX_NESTING)."""
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        if m.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_NESTING:
                    break
        else:
            depth -= 1
    return deepest


def loads(text: str | bytes) -> Scenario:
    """Decode and validate a scenario from JSON text.

    Raises:
        ScenarioError: too large, too deeply nested, not JSON (with line and
            column), or invalid.
    """
    return load(decode(text))


def dump(scenario: Scenario) -> dict[str, Any]:
    """The canonical document of a scenario (``load(dump(s)) == s``)."""
    f = scenario.field
    return {
        "vertigo": FORMAT_VERSION,
        "title": scenario.title,
        "units": scenario.units,
        "dice_seed": scenario.dice_seed,
        "sections": [
            {"id": s.id, "name": s.name, "elevation": _num(s.elevation), "x": [_num(s.x0), _num(s.x1)], "kind": s.kind}
            for s in f.sections
        ],
        "borders": [{"between": [b.a, b.b], "x": _num(b.x)} for b in f.borders],
        "fighters": [
            {
                "id": x.id, "name": x.name, "side": x.side, "section": x.section,
                "moves": [str(m) for m in x.moves],
                "height": None if x.height is None else _num(x.height),
                "actions": [str(a) for a in x.actions],
            }
            for x in scenario.fighters
        ],
    }


def dumps(scenario: Scenario) -> str:
    """:func:`dump` as indented JSON text."""
    return json.dumps(dump(scenario), indent=2, ensure_ascii=False)


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


assert MAX_DICE >= 2 * MAX_ELEVATION * MAX_DISTANCE  # the falls of the longest Move fit the dice cap
