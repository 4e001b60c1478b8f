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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from .actions import Action
from .battlefield import SECTION_KINDS, Battlefield, Border, Section, default_border_x
from .errors import RulesError, ScenarioError, UnitsError, UnknownFighterError
from .limits import (
    MAX_BORDERS,
    MAX_DICE,
    MAX_DISTANCE,
    MAX_DOCUMENT_CHARS,
    MAX_ELEVATION,
    MAX_ENTRIES,
    MAX_EXTENT,
    MAX_FIGHTERS,
    MAX_NAME,
    MAX_SCENARIO_CHARS,
    MAX_SECTIONS,
    utf16_length,
)
from .moves import MoveEntry
from .numbers import fmt, json_number
from .text import check_name, quote

__all__ = ["FORMAT_VERSION", "UNITS", "MAX_NESTING", "Fighter", "Scenario", "decode", "nesting", "load", "loads",
           "dump", "dumps", "export_size"]

FORMAT_VERSION = 1
"""The document version this core reads and writes (key ``"vertigo"``)."""

UNITS = ("height", "feet", "inches")
"""Unit systems: abstract Height levels (the Height rules), feet (Combat at
Different Levels, Jumping) and inches (Terrain features)."""

_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")
"""An id (matched whole: ``fullmatch``, so no trailing newline slips through as ``$`` would let it)."""
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_]{1,40}")
_KEYS = {"vertigo", "title", "units", "dice_seed", "sections", "borders", "fighters"}
_E = TypeVar("_E")
"""What one entry parses to (:class:`MoveEntry`, :class:`Action`)."""


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
        try:
            return check_name(value, limit)
        except RulesError as e:
            shown = f": {_show(value)}" if not isinstance(value, str) or not value.strip() else ""
            self.add(where, f"{e}{shown}")
            return None

    def ident(self, where: str, value: Any) -> str | None:
        if not isinstance(value, str) or not _ID.fullmatch(value):
            self.add(where, f"must be an id of 1–40 letters, digits, '_', '-' or '.': {_show(value)}")
            return None
        return value

    def number(self, where: str, value: Any, low: float, high: float) -> float | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (
                isinstance(value, float) and not math.isfinite(value)):
            self.add(where, f"must be a number from {fmt(low)} to {fmt(high)}: {_show(value)}")
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
    if isinstance(value, _Huge):
        return repr(value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return quote(value)


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
        if (sid is not None and name is not None and elev is not None and x0 is not None and x1 is not None
                and kind in SECTION_KINDS):
            out.append(Section(sid, name, elev, x0, x1, kind))
    return out


def _borders(c: _Checker, raw: Any, sections: list[Section], all_ids: set[str] | None) -> list[Border]:
    """The borders; with ``all_ids`` None (no usable section list) their ends are not checked."""
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
            if all_ids is not None and end not in all_ids:
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


def _entries(c: _Checker, at: str, raw: Any, parse: Callable[[str], _E]) -> list[_E]:
    """Each entry parsed; a refused one is recorded as a problem and left out."""
    out: list[_E] = []
    for j, text in enumerate(c.items(at, raw, MAX_ENTRIES)):
        try:
            out.append(parse(text))
        except RulesError as e:
            c.add(f"{at}[{j}]", str(e))
    return out


def _fighters(c: _Checker, raw: Any, section_ids: set[str] | None) -> list[Fighter]:
    """The fighters; with ``section_ids`` None (no usable section list) their sections are not checked."""
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
        if not isinstance(section, str) or (section_ids is not None and section not in section_ids):
            c.add(f"{at}.section", f"names no section: {_show(section)}")
        height = f.get("height")
        if height is not None:
            height = c.number(f"{at}.height", height, 0, MAX_ELEVATION)
        moves = _entries(c, f"{at}.moves", f.get("moves", []), MoveEntry.parse)
        actions = _entries(c, f"{at}.actions", f.get("actions", []), Action.parse)
        if fid is not None:
            seen.add(fid)
        if len(c.problems) == before:
            # Nothing recorded, so every field is good: a None, or a section that is not text, records a problem.
            assert fid is not None and name is not None and side is not None and isinstance(section, str)
            out.append(Fighter(fid, name, side, section, tuple(moves), height, tuple(actions)))
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
    # A JSON number equal to 1 (1, 1.0, 1e0: JSON does not tell them apart); never true, "1" or null.
    if isinstance(version, bool) or not isinstance(version, (int, float)) or version != FORMAT_VERSION:
        c.add("vertigo", f"must be the format version, the number {FORMAT_VERSION}: {_show(version)}")
    for key in sorted(set(doc) - _KEYS):
        c.add(key if _PLAIN_KEY.fullmatch(key) else quote(key if len(key) <= 40 else key[:37] + "...", 400),
              "is not a scenario field")
    title = c.text("title", doc.get("title"))
    units = doc.get("units", "height")
    if units not in UNITS:
        c.add("units", f"must be one of {', '.join(UNITS)}: {_show(units)}")
    seed = doc.get("dice_seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**53:
        c.add("dice_seed", f"must be a whole number from 0 to 2^53 − 1: {_show(seed)}")
    raw_sections = doc.get("sections")
    sections = _sections(c, raw_sections)
    # The ids every other part may name.  When the list itself is unusable (not a list, empty, over the
    # cap, not one section object with an id in it) that problem is the real one: no border or fighter is
    # reported for naming a section.
    listed: set[str] | None = None
    if isinstance(raw_sections, list) and 0 < len(raw_sections) <= MAX_SECTIONS:
        listed = {s["id"] for s in raw_sections if isinstance(s, Mapping) and isinstance(s.get("id"), str)} or None
    borders = _borders(c, doc.get("borders", []), sections, listed)
    fighters = _fighters(c, doc.get("fighters", []), listed)
    if c.problems:
        raise ScenarioError(c.problems)
    assert title is not None  # a None title recorded a problem
    scenario = Scenario(title, units, seed, Battlefield(tuple(sections), tuple(borders)), tuple(fighters))
    size = export_size(scenario)
    if size > MAX_SCENARIO_CHARS:
        raise ScenarioError([f"document: as Export writes it (every fighter on the section with the longest id), "
                             f"this battlefield takes {size} characters; at most {MAX_SCENARIO_CHARS} are allowed, "
                             "so that it can always be saved, exported and imported again"])
    return scenario


MAX_NESTING = 16
"""Deepest nesting of JSON arrays and objects accepted; a scenario needs 4, a saved table 5."""


class _Huge:
    """An integer too long to convert, kept as a marker so the validator can name its place."""

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"a {self.digits}-digit number"


def _parse_int(text: str) -> int | _Huge:
    """``int(text)``, or a :class:`_Huge` marker past the interpreter's digit limit."""
    try:
        return int(text)
    except ValueError:
        return _Huge(text)


def decode(text: str | bytes, what: str = "document", max_chars: int = MAX_DOCUMENT_CHARS) -> Any:
    """Decode JSON text after checking its size and nesting depth.

    The depth check runs before the decoder: a deeply nested document would
    otherwise exhaust the stack (inside Pyodide, fatally for the page).  Both
    checks take time linear in the length of the text (:func:`nesting`).  An
    integer longer than the interpreter converts (4300 digits) decodes as a marker that the
    validator reports at its place, like any other value of the wrong kind.

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
        raise ScenarioError([f"{what}: is {len(text)} characters; at most {max_chars} are allowed"])
    if not text.strip():
        raise ScenarioError([f"{what}: is empty"])
    if nesting(text) > MAX_NESTING:
        raise ScenarioError([f"{what}: nests arrays and objects more than {MAX_NESTING} deep; "
                             f"at most {MAX_NESTING} are allowed"])
    try:
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            raise
        except ValueError:  # an integer past the interpreter's digit limit: decode it again, marking it
            return json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as e:
        raise ScenarioError([f"line {e.lineno}, column {e.colno}: not valid JSON ({e.msg})"]) from None
    except RecursionError:
        raise ScenarioError([f"{what}: nests arrays and objects too deep to decode"]) from None


_KEEP_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
"""Every byte but the four brackets (deleted by ``bytes.translate``)."""
_ONE_BRACKET = bytes.maketrans(b"{}", b"[]")
"""Objects and arrays nest alike: ``{`` counts as ``[``."""


def nesting(text: str, limit: int = MAX_NESTING) -> int:
    """How deep the arrays and objects of JSON text nest, strings skipped; exact up to ``limit``.

    Linear in the length of ``text`` whatever it holds, and in C-speed string
    operations only (no regular expression that could backtrack, no loop per
    character): escaped backslashes and escaped quotes are removed, the
    remaining quotes split strings from the rest, every byte but a bracket is
    deleted, and then at most ``limit + 1`` passes each remove the innermost
    ``[]`` pairs.  Whatever stays unmatched is counted as open to the end.

    Args:
        text: JSON text (or anything: it need not be valid JSON).
        limit: the depth past which the exact answer does not matter.

    Returns:
        The depth when it is at most ``limit``; some number above ``limit``
        otherwise (an upper bound of the depth).
    """
    raw = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(raw.split(b'"')[0::2]).translate(_ONE_BRACKET, _KEEP_BRACKETS)
    passes = 0
    while brackets and passes <= limit:
        inner = _innermost_removed(brackets)
        if len(inner) == len(brackets):
            break
        brackets, passes = inner, passes + 1
    return passes + brackets.count(b"[")


def _innermost_removed(brackets: bytes) -> bytes:
    """One pass of :func:`nesting`: every ``[]`` pair with nothing inside removed (one C-speed scan)."""
    return brackets.replace(b"[]", b"")


def loads(text: str | bytes) -> Scenario:
    """Decode and validate a scenario from JSON text.

    Raises:
        ScenarioError: too large, too deeply nested, not JSON (with line and
            column), or invalid.
    """
    return load(decode(text))


def dump(scenario: Scenario, positions: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The canonical document of a scenario (``load(dump(s)) == s``).

    Defaults are left out (a ground section's kind, a fighter without a
    Height property, a border drawn where it would be drawn anyway), so the
    file holds what the author chose.

    Args:
        scenario: the scenario.
        positions: fighter id → section id, to write every fighter where it
            stands now instead of where it started (Export); None keeps the
            starting sections.

    Returns:
        A JSON-ready dict.
    """
    f = scenario.field
    where = positions or {}

    def section(s: Section) -> dict[str, Any]:
        out: dict[str, Any] = {"id": s.id, "name": s.name, "elevation": _num(s.elevation),
                               "x": [_num(s.x0), _num(s.x1)]}
        if s.kind != "ground":
            out["kind"] = s.kind
        return out

    def border(b: Border) -> Any:
        if b.x == default_border_x(f.section(b.a), f.section(b.b)):
            return [b.a, b.b]
        return {"between": [b.a, b.b], "x": _num(b.x)}

    def fighter(x: Fighter) -> dict[str, Any]:
        out: dict[str, Any] = {"id": x.id, "name": x.name, "side": x.side, "section": where.get(x.id, x.section),
                               "moves": [str(m) for m in x.moves], "actions": [str(a) for a in x.actions]}
        if x.height is not None:
            out["height"] = _num(x.height)
        return out

    return {
        "vertigo": FORMAT_VERSION,
        "title": scenario.title,
        "units": scenario.units,
        "dice_seed": scenario.dice_seed,
        "sections": [section(s) for s in f.sections],
        "borders": [border(b) for b in f.borders],
        "fighters": [fighter(x) for x in scenario.fighters],
    }


def dumps(scenario: Scenario, positions: Mapping[str, str] | None = None) -> str:
    """:func:`dump` as the text Export writes: one line per key, per section, per border, per fighter.

    Compact enough that the largest scenario :func:`load` accepts is written
    in at most :data:`vertigo.limits.MAX_SCENARIO_CHARS`, and readable in a
    text editor.
    """
    doc = dump(scenario, positions)
    lines = ["{"]
    keys = list(doc)
    for i, key in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        value = doc[key]
        if isinstance(value, list) and value:
            lines.append(f"  {json.dumps(key)}: [")
            lines.extend(f"    {json.dumps(item, ensure_ascii=False)}{',' if j < len(value) - 1 else ''}"
                         for j, item in enumerate(value))
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def export_size(scenario: Scenario) -> int:
    """The most UTF-16 code units Export can ever write for this scenario.

    :func:`dumps` with every fighter moved to the section with the longest id:
    fighters move in play, and Export writes where they stand.
    """
    longest = max(len(s.id) for s in scenario.field.sections)
    return utf16_length(dumps(scenario)) + sum(longest - len(x.section) for x in scenario.fighters)


_num = json_number
"""Numbers in the document as JSON writes them: whole values as ints."""


assert MAX_DICE >= 2 * MAX_ELEVATION * MAX_DISTANCE  # the falls of the longest Move fit the dice cap
