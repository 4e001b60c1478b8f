"""Scenario documents: versioned JSON in, validated values out, and back.

A scenario is ``{"vertigo": 2, "title", "units", "rules", "options",
"dice_seed", "dice_rolls", "sections", "borders", "fighters"}``: its unit system, the rule
sets that referee it (:mod:`vertigo.rules`), and the battlefield in that
unit — every length exact (:mod:`vertigo.lengths`).  :func:`load` checks the
whole document and reports every problem at once, each with its place
(``fighters[2].moves[0]: "Move one" is not a Move entry``); :func:`dump`
writes the canonical version-2 document back.  A version-1 document (no
``rules``, no ``options``, Height rules only) still loads: it is read as
version 2 with the rule sets its units default to, and nothing is lost.

Source: the data model of issues 2 and 6; Height rules
``000_519d8b8e373365db.txt`` (sections, borders, Move entries), rulings H1,
H2, H6; Combat at Different Levels ``001_cbc7fc1b49bd2ff2.txt`` (SM,
weapons, standing surfaces), rulings G1, G4, G5; ``docs/rules.md#format``.

Rulings restated in ``docs/rules.md``: ``#g1-the-vertical-difference``,
``#g4-reach-by-size-modifier``, ``#g5-horizontal-distance-and-reach``,
``#h1-elevation-and-border-height``, ``#h2-move-entries-and-falls``, ``#h6-range-0-and-reach``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar, cast

from . import lengths
from .battlefield import SECTION_KINDS, Battlefield, Border, Section, Stairs, default_border_x
from .errors import RulesError, RuleSetError, ScenarioError, UnknownFighterError
from .fields import Field
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
    MAX_ROLLS,
    MAX_SCENARIO_CHARS,
    MAX_SECTIONS,
    utf16_length,
)
from .numbers import fmt
from .rules import PLANNED, REGISTRY, default_rules
from .rules.height.rules.actions import Action
from .rules.height.rules.fields import ACTIONS, HEIGHT, MOVES
from .rules.height.rules.moves import MoveEntry
from .rules.levels.rules.fields import SM, WEAPONS
from .rules.levels.rules.reach import MAX_SM, Weapon
from .ruleset import RuleSet
from .text import check_name, quote

__all__ = ["FORMAT_VERSION", "VERSIONS", "UNITS", "MAX_NESTING", "Fighter", "Scenario", "decode", "nesting", "load",
           "loads", "dump", "dumps", "export_size"]

FORMAT_VERSION = 2
"""The document version this core writes (key ``"vertigo"``)."""
VERSIONS = (1, 2)
"""The document versions this core reads."""

UNITS = lengths.UNITS
"""Unit systems: abstract Height levels (the Height rules), feet (Combat at
Different Levels, Jumping) and inches (Terrain features)."""

ELEVATION_LIMIT = {"height": MAX_ELEVATION, "feet": 10 * MAX_ELEVATION, "inches": 120 * MAX_ELEVATION}
"""Largest elevation magnitude per unit system: Height 1000, 10,000 ft, 120,000 in."""
MIN_SM = -10
"""Smallest Size Modifier a fighter may have (SM ≤ 0 gives no reach bonus, G4)."""

_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")
"""An id (matched whole: ``fullmatch``, so no trailing newline slips through as ``$`` would let it)."""
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_]{1,40}")
_KEYS_V1 = {"vertigo", "title", "units", "dice_seed", "sections", "borders", "fighters"}
_KEYS = _KEYS_V1 | {"rules", "options", "dice_rolls"}
_ABSENT: Any = object()
"""A key the document leaves out (``null`` is a value, and refused where no null is allowed)."""
_V = TypeVar("_V")
"""A declared field's value."""
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
        x: where it starts on its section, in the scenario's unit; None is
            the centre.
        values: ``(key, value)`` of every field the rule sets declare on a fighter
            (:mod:`vertigo.fields`), in the registry's order; a rule set reads its own with
            ``fighter[FIELD]``.
    """

    id: str
    name: str
    side: str
    section: str
    x: Fraction | None = None
    values: tuple[tuple[str, Any], ...] = ()

    def __getitem__(self, declared: Field[_V]) -> _V:
        """The value of a declared field (its default when the fighter has none set)."""
        for key, value in self.values:
            if key == declared.key:
                return cast(_V, value)
        return declared.default


@dataclass(frozen=True)
class Scenario:
    """A validated scenario.

    Attributes:
        title: shown as text only.
        units: one of :data:`UNITS`.
        dice_seed: the seed every roll of this scenario derives from.
        field: the sections and borders.
        fighters: every fighter, in document order.
        rules: ids of the rule sets that referee it (:data:`vertigo.rules.REGISTRY`), in document order.
        options: ``(name, value)`` of the rule-set options the document sets, sorted by name.
        dice_rolls: how many rolls were made before this document was written (0 to
            :data:`~vertigo.limits.MAX_ROLLS`): a table started from it rolls on from there, roll
            ``dice_rolls + 1``, so Export then Import keeps the dice where they were (H8).
    """

    title: str
    units: str
    dice_seed: int
    field: Battlefield
    fighters: tuple[Fighter, ...]
    rules: tuple[str, ...] = ("height",)
    options: tuple[tuple[str, bool], ...] = ()
    dice_rolls: int = 0

    def fighter(self, fighter_id: str) -> Fighter:
        """The fighter with this id.

        Raises:
            UnknownFighterError: no such fighter.
        """
        for f in self.fighters:
            if f.id == fighter_id:
                return f
        raise UnknownFighterError(f"no fighter with id {fighter_id!r}")

    @property
    def rule_sets(self) -> tuple[RuleSet, ...]:
        """The rule sets that referee it, in document order."""
        return tuple(REGISTRY[r] for r in self.rules)

    def require(self, rule_set: RuleSet) -> RuleSet:
        """``rule_set``, when this scenario names it (a rule set's operations on a table ask this first).

        Raises:
            RuleSetError: the scenario does not name it (the message says which it names).
        """
        if rule_set.id not in self.rules:
            have = ", ".join(REGISTRY[r].title for r in self.rules) or "no rule set"
            raise RuleSetError(f"{rule_set.title} {rule_set.verb('does')} not referee “{self.title}”: it is "
                               f"refereed by {have}")
        return rule_set

    def option(self, name: str) -> bool:
        """A rule-set option's value: the document's, else the default of the rule set that has it.

        Raises:
            KeyError: no rule set of the scenario has that option.
        """
        for key, value in self.options:
            if key == name:
                return value
        for r in self.rule_sets:
            for key, default in r.options:
                if key == name:
                    return default
        raise KeyError(name)

    @property
    def has_movement(self) -> bool:
        """Whether a rule set of the scenario has movement rules; without one the referee places fighters."""
        return any(r.moves for r in self.rule_sets)

    @property
    def sides(self) -> tuple[str, ...]:
        """Sides in order of first appearance."""
        return tuple(dict.fromkeys(f.side for f in self.fighters))


class _Checker:
    """Collects problems with their place in the document."""

    def __init__(self, units: str = "height") -> None:
        self.problems: list[str] = []
        self.units = units

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

    def number(self, where: str, value: Any, low: float, high: float) -> Fraction | None:
        """A length in the document's unit, exact (:func:`vertigo.lengths.length`), from ``low`` to ``high``.

        A Height document takes JSON numbers only; feet and inches documents
        also take length text (``"2 ft 8 in"``).
        """
        text_ok = isinstance(value, str) and self.units != "height"
        if not text_ok and (isinstance(value, bool) or not isinstance(value, (int, float)) or (
                isinstance(value, float) and not math.isfinite(value))):
            self.add(where, f"must be a number from {fmt(low)} to {fmt(high)}: {_show(value)}")
            return None
        if not text_ok and not low <= value <= high:
            self.add(where, f"must be {fmt(low)} to {fmt(high)}: {fmt(value)}")
            return None
        try:
            exact = lengths.length(value, self.units, "the length")
        except RulesError as e:
            self.add(where, str(e).removeprefix("the length ").removeprefix("the length: "))
            return None
        if not low <= exact <= high:
            self.add(where, f"must be {fmt(low)} to {fmt(high)}: {fmt(exact)}")
            return None
        return exact

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
        limit = ELEVATION_LIMIT[c.units]
        elev = c.number(f"{at}.elevation", s.get("elevation"), -limit, limit)
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
        stairs = _stairs(c, f"{at}.stairs", s["stairs"]) if "stairs" in s else None
        if stairs is not None and x0 is not None and x1 is not None and math.ceil((x1 - x0) / stairs.tread) > MAX_STEPS:
            c.add(f"{at}.stairs", f"holds {math.ceil((x1 - x0) / stairs.tread)} steps of its tread; at most "
                                  f"{MAX_STEPS} are allowed")
            stairs = None
        if stairs is not None and elev is not None and x0 is not None and x1 is not None:
            ends = (elev, elev + stairs.rise * (math.ceil((x1 - x0) / stairs.tread) - 1))
            if max(abs(e) for e in ends) > limit:
                c.add(f"{at}.stairs", f"its last step stands at {lengths.show(ends[1], c.units)}; every surface must "
                                      f"be within {lengths.show(Fraction(limit), c.units)} of 0")
                stairs = None
        if sid is not None:
            seen.add(sid)
        if (sid is not None and name is not None and elev is not None and x0 is not None and x1 is not None
                and kind in SECTION_KINDS and ("stairs" not in s or stairs is not None)):
            out.append(Section(sid, name, elev, x0, x1, kind, stairs))
    return out


_TREAD = {"feet": 1, "inches": 12}
"""A stair's tread when the document does not give one: 1 ft (issue 6)."""


def _stairs(c: _Checker, at: str, raw: Any) -> Stairs | None:
    """``{"rise": length, "tread": length}`` of a section in feet or inches (tread defaults to 1 ft)."""
    if c.units not in _TREAD:
        c.add(at, "stairs need a scenario in feet or inches; a Height scenario measures sections, not steps")
        return None
    if not isinstance(raw, Mapping) or "rise" not in raw or not set(raw) <= {"rise", "tread"}:
        c.add(at, f'must be {{"rise": length, "tread": length}} (tread optional, 1 ft by default): {_show(raw)}')
        return None
    limit = ELEVATION_LIMIT[c.units]
    rise = c.number(f"{at}.rise", raw["rise"], -limit, limit)
    tread = c.number(f"{at}.tread", raw.get("tread", _TREAD[c.units]), 0, MAX_EXTENT)
    if rise is not None and rise == 0:
        c.add(f"{at}.rise", "must not be 0 (a flat section needs no stairs)")
        return None
    if tread is not None and tread == 0:
        c.add(f"{at}.tread", "must be more than 0")
        return None
    if rise is None or tread is None:
        return None
    return Stairs(rise, tread)


MAX_STEPS = 200
"""Most steps one stair section may hold (its width ÷ tread), so drawing it stays cheap."""


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


def _fighters(c: _Checker, raw: Any, section_ids: set[str] | None, sections: list[Section]) -> list[Fighter]:
    """The fighters; with ``section_ids`` None (no usable section list) their sections are not checked.

    Every field is kept whichever rule sets referee the scenario (a version-1
    document loses nothing): ``moves``, ``actions`` and ``height`` are what the
    Height rules use (H2, H5, H6), ``sm`` and ``weapons`` what Combat at
    Different Levels uses (G4, G5), ``x`` every rule set.
    """
    by_id = {s.id: s for s in sections}
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
        x = None
        if f.get("x") is not None:
            x = c.number(f"{at}.x", f["x"], -MAX_EXTENT, MAX_EXTENT)
            home = by_id.get(section) if isinstance(section, str) else None
            if x is not None and home is not None and not home.x0 <= x <= home.x1:
                shown = (fmt if c.units == "height" else lambda v: lengths.show(v, c.units))
                c.add(f"{at}.x", f"must stand on its section, from {shown(home.x0)} to {shown(home.x1)}: {shown(x)}")
        sm = f.get("sm", 0)
        if isinstance(sm, bool) or not isinstance(sm, int) or not MIN_SM <= sm <= MAX_SM:
            c.add(f"{at}.sm", f"must be a whole Size Modifier from {MIN_SM} to +{MAX_SM} (the reach table of "
                              f"Combat at Different Levels ends at +{MAX_SM}): {_show(sm)}")
        weapons = _entries(c, f"{at}.weapons", f.get("weapons", []), Weapon.parse)
        if fid is not None:
            seen.add(fid)
        if len(c.problems) == before:
            # Nothing recorded, so every field is good: a None, or a section that is not text, records a problem.
            assert fid is not None and name is not None and side is not None and isinstance(section, str)
            out.append(Fighter(fid, name, side, section, x, (
                (MOVES.key, tuple(moves)), (HEIGHT.key, height), (ACTIONS.key, tuple(actions)), (SM.key, sm),
                (WEAPONS.key, tuple(weapons)))))
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
    if not isinstance(doc, Mapping):
        raise ScenarioError([f"document: must be a JSON object: {_show(doc)}"])
    c = _Checker()
    version = doc.get("vertigo")
    # A JSON number equal to 1 or 2 (2, 2.0, 2e0: JSON does not tell them apart); never true, "2" or null.
    if isinstance(version, bool) or not isinstance(version, (int, float)) or version not in VERSIONS:
        c.add("vertigo", f"must be the format version, the number {FORMAT_VERSION} (or 1 for an older file): "
                         f"{_show(version)}")
    keys = _KEYS_V1 if version == 1 and not isinstance(version, bool) else _KEYS
    for key in sorted(set(doc) - keys):
        c.add(key if _PLAIN_KEY.fullmatch(key) else quote(key if len(key) <= 40 else key[:37] + "...", 400),
              "is not a scenario field" + (" in version 1 (write \"vertigo\": 2)" if key in _KEYS else ""))
    title = c.text("title", doc["title"]) if "title" in doc else None
    if "title" not in doc:
        c.add("title", "missing: every scenario has one")
    units = doc.get("units", "height")
    if units not in UNITS:
        c.add("units", f"must be one of {', '.join(UNITS)}: {_show(units)}")
    else:
        c.units = units
    rules = _rules(c, doc.get("rules", _ABSENT), units if units in UNITS else None)
    options = _options(c, doc.get("options", {}), rules)
    seed = doc.get("dice_seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**53:
        c.add("dice_seed", f"must be a whole number from 0 to 2^53 − 1: {_show(seed)}")
    rolls = doc.get("dice_rolls", 0)
    if isinstance(rolls, bool) or not isinstance(rolls, int) or not 0 <= rolls <= MAX_ROLLS:
        c.add("dice_rolls", f"must be the number of rolls already made, a whole number from 0 to 2^52: "
                            f"{_show(rolls)}")
    raw_sections = doc.get("sections")
    sections = _sections(c, raw_sections)
    # The ids every other part may name.  When the list itself is unusable (not a list, empty, over the
    # cap, not one section object with an id in it) that problem is the real one: no border or fighter is
    # reported for naming a section.
    listed: set[str] | None = None
    if isinstance(raw_sections, list) and 0 < len(raw_sections) <= MAX_SECTIONS:
        listed = {s["id"] for s in raw_sections if isinstance(s, Mapping) and isinstance(s.get("id"), str)} or None
    borders = _borders(c, doc.get("borders", []), sections, listed)
    fighters = _fighters(c, doc.get("fighters", []), listed, sections)
    if c.problems:
        raise ScenarioError(c.problems)
    assert title is not None  # a None title recorded a problem
    scenario = Scenario(title, units, seed, Battlefield(tuple(sections), tuple(borders)), tuple(fighters),
                        rules, options, rolls)
    size = export_size(scenario)
    if size > MAX_SCENARIO_CHARS:
        raise ScenarioError([f"document: as Export writes it (every fighter on the section with the longest id), "
                             f"this battlefield takes {size} characters; at most {MAX_SCENARIO_CHARS} are allowed, "
                             "so that it can always be saved, exported and imported again"])
    return scenario


def _rules(c: _Checker, raw: Any, units: str | None) -> tuple[str, ...]:
    """The ``rules`` list: known rule-set ids, no repeats, each measuring in the scenario's units.

    Absent (and always in version 1): the rule sets the units default to
    (:func:`vertigo.rules.default_rules`).
    """
    if raw is _ABSENT:
        return default_rules(units) if units is not None else ()
    if not isinstance(raw, list) or len(raw) > len(REGISTRY) + len(PLANNED):
        c.add("rules", f"must be a list of rule-set ids ({', '.join(REGISTRY)}): {_show(raw)}")
        return ()
    out: list[str] = []
    for i, rule_id in enumerate(raw):
        at = f"rules[{i}]"
        if isinstance(rule_id, str) and rule_id in PLANNED:
            c.add(at, f"{PLANNED[rule_id][0]} ({rule_id!r}) is not refereed yet; the rule sets are "
                      f"{', '.join(REGISTRY)}")
        elif not isinstance(rule_id, str) or rule_id not in REGISTRY:
            c.add(at, f"must be one of {', '.join(REGISTRY)}: {_show(rule_id)}")
        elif rule_id in out:
            c.add(at, f"repeats {rule_id!r}")
        elif units is not None and units not in REGISTRY[rule_id].units:
            r = REGISTRY[rule_id]
            c.add(at, f"{r.title} ({rule_id!r}) {r.verb('measures')} in "
                      f"{' or '.join(r.units)}; this scenario's units are {units!r}")
        else:
            out.append(rule_id)
    return tuple(out)


def _options(c: _Checker, raw: Any, rules: tuple[str, ...]) -> tuple[tuple[str, bool], ...]:
    """The ``options`` object: each key an option of one of the scenario's rule sets, each value true or false.

    An object with more keys than every rule set has options together is refused whole, on one line (as a
    ``rules`` list longer than the rule sets is): 10,000 unknown keys are one fault, not 10,000 problems.
    """
    known = {name: r for r in (REGISTRY[x] for x in rules) for name, _ in r.options}
    if not isinstance(raw, Mapping):
        c.add("options", f"must be an object of rule-set options: {_show(raw)}")
        return ()
    every = REGISTRY.options
    if len(raw) > len(every):
        c.add("options", f"has {len(raw)} keys; the rule sets have {len(every)} option"
                         f"{'' if len(every) == 1 else 's'} in all ({', '.join(every)})")
        return ()
    out: list[tuple[str, bool]] = []
    for key in sorted(raw, key=str):
        at = f"options.{key}" if isinstance(key, str) and _PLAIN_KEY.fullmatch(key) else "options"
        if key not in known:
            names = ", ".join(sorted(known)) or "none"
            c.add(at, f"is not an option of this scenario's rule sets (theirs: {names}): {_show(key)}")
        elif not isinstance(raw[key], bool):
            c.add(at, f"must be true or false: {_show(raw[key])}")
        else:
            out.append((key, raw[key]))
    return tuple(out)


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
        ScenarioError: too large, nested deeper than MAX_NESTING, not JSON
            (with line and column), or with a key written twice in one object
            (at its place: ``fighters[1]: has the key "id" twice; ...``).
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
    repeats: list[_Doubled] = []  # the objects with a repeated key: the walk for their places only if any

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = _object(pairs)
        if isinstance(obj, _Doubled):
            repeats.append(obj)
        return obj
    try:
        try:
            doc = json.loads(text, object_pairs_hook=hook)
        except json.JSONDecodeError:
            raise
        except ValueError:  # an integer past the interpreter's digit limit: decode it again, marking it
            repeats.clear()
            doc = json.loads(text, parse_int=_parse_int, object_pairs_hook=hook)
    except json.JSONDecodeError as e:
        raise ScenarioError([f"line {e.lineno}, column {e.colno}: not valid JSON ({e.msg})"]) from None
    except RecursionError:
        raise ScenarioError([f"{what}: nests arrays and objects too deep to decode"]) from None
    if repeats:
        raise ScenarioError(_doubled_keys(doc, what))
    return doc


class _Doubled(dict[str, Any]):
    """A decoded JSON object that had a key more than once (the keys in ``doubled``)."""

    __slots__ = ("doubled",)

    def __init__(self, pairs: list[tuple[str, Any]], doubled: list[str]) -> None:
        super().__init__(pairs)
        self.doubled = doubled


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` of :func:`decode`: a dict, or a :class:`_Doubled` when a key repeats.

    JSON leaves open which of two equal keys counts (``json.loads`` keeps the
    last); a document that says two things in one place is refused instead.
    Linear in the number of pairs.
    """
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    doubled: dict[str, None] = {}  # in the order the second copies come
    for key, _ in pairs:
        if key in seen:
            doubled[key] = None
        seen.add(key)
    return _Doubled(pairs, list(doubled))


_BARE_PLACES = ("document", "scenario")
"""Names of a text that is a scenario itself: places inside it are written bare, as :func:`load` writes them."""


def _doubled_keys(doc: Any, what: str) -> list[str]:
    """Every key written twice in one object of ``doc``, each ``place: has the key "k" twice; ...``.

    A walk of the decoded document in its order, iterative and linear in its
    size.  Places read as the validator's do (``fighters[0].moves``); the
    top object is ``what``, and inside a saved table or a question the
    places start with its name (``saved table.scenario.title``).

    Args:
        doc: what :func:`decode` decoded (objects with a repeated key are :class:`_Doubled`).
        what: how messages name the whole text (``"document"``, ``"saved table"``).
    """
    problems: list[str] = []
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            if isinstance(value, _Doubled):
                where = what if not path else path if what in _BARE_PLACES else f"{what}.{path}"
                problems.extend(f"{where}: has the key {quote(key)} twice; a key may appear only once in an object"
                                for key in value.doubled)
            stack.extend((f"{path}{'.' if path else ''}{_key_place(key)}", item)
                         for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item) for i, item in reversed(list(enumerate(value))))
    return problems


def _key_place(key: str) -> str:
    """A key as a step of a place: bare when plain (``title``), quoted otherwise (``"a b"``)."""
    return key if _PLAIN_KEY.fullmatch(key) else quote(key if len(key) <= 40 else key[:37] + "...", 400)


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
            column), a key written twice in one object, or invalid.
    """
    return load(decode(text))


Where = Mapping[str, str | tuple[str, Fraction | None]]
"""Fighter id → where it stands now: a section id, or (section id, offset or None for the default)."""


def dump(scenario: Scenario, positions: Where | None = None, *, rolls: int | None = None) -> dict[str, Any]:
    """The canonical version-2 document of a scenario (``load(dump(s)) == s``).

    Defaults are left out (a ground section's kind, a fighter without a
    Height property, SM 0, a fighter at its default place, a border drawn
    where it would be drawn anyway, an option the document did not set), so
    the file holds what the author chose.  An option the document set is
    written even at its rule set's default: the Scenario holds it, so
    leaving it out would load back as a different Scenario.  Lengths are written exactly
    (:func:`vertigo.lengths.to_json`): a number, or fraction text such as
    ``"2/3"`` in the scenario's unit.

    Args:
        scenario: the scenario.
        positions: fighter id → section id or (section id, offset), to write
            every fighter where it stands now instead of where it started
            (Export); None keeps the starting places.
        rolls: the rolls made so far, written as ``dice_rolls`` so that the
            document rolls on from there (Export, H8); None writes the
            scenario's own :attr:`Scenario.dice_rolls`.  0 is left out.

    Returns:
        A JSON-ready dict.
    """
    f = scenario.field
    where = positions or {}
    exact = lengths.to_json
    written = {key for r in scenario.rule_sets for key in r.written}

    def section(s: Section) -> dict[str, Any]:
        out: dict[str, Any] = {"id": s.id, "name": s.name, "elevation": exact(s.elevation),
                               "x": [exact(s.x0), exact(s.x1)]}
        if s.kind != "ground":
            out["kind"] = s.kind
        if s.stairs is not None:
            out["stairs"] = {"rise": exact(s.stairs.rise), "tread": exact(s.stairs.tread)}
        return out

    def border(b: Border) -> Any:
        if b.x == default_border_x(f.section(b.a), f.section(b.b)):
            return [b.a, b.b]
        return {"between": [b.a, b.b], "x": exact(b.x)}

    def fighter(x: Fighter) -> dict[str, Any]:
        now = where.get(x.id, (x.section, x.x))
        sid, at = (now, None) if isinstance(now, str) else now
        out: dict[str, Any] = {"id": x.id, "name": x.name, "side": x.side, "section": sid}
        if at is not None:
            out["x"] = exact(at)
        if x[MOVES] or "moves" in written:
            out["moves"] = [str(m) for m in x[MOVES]]
        if x[ACTIONS] or "actions" in written:
            out["actions"] = [str(a) for a in x[ACTIONS]]
        height = x[HEIGHT]
        if height is not None:
            out["height"] = exact(height)
        if x[SM]:
            out["sm"] = x[SM]
        if x[WEAPONS]:
            out["weapons"] = [str(w) for w in x[WEAPONS]]
        return out

    doc: dict[str, Any] = {
        "vertigo": FORMAT_VERSION,
        "title": scenario.title,
        "units": scenario.units,
        "rules": list(scenario.rules),
    }
    if scenario.options:
        doc["options"] = dict(scenario.options)
    doc["dice_seed"] = scenario.dice_seed
    made = scenario.dice_rolls if rolls is None else rolls
    if made:
        doc["dice_rolls"] = made
    doc.update({
        "sections": [section(s) for s in f.sections],
        "borders": [border(b) for b in f.borders],
        "fighters": [fighter(x) for x in scenario.fighters],
    })
    return doc


def dumps(scenario: Scenario, positions: Where | None = None, *, rolls: int | None = None) -> str:
    """:func:`dump` as the text Export writes: one line per key, per section, per border, per fighter.

    Compact enough that the largest scenario :func:`load` accepts is written
    in at most :data:`vertigo.limits.MAX_SCENARIO_CHARS`, and readable in a
    text editor.
    """
    doc = dump(scenario, positions, rolls=rolls)
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
    # A rule set without movement lets the referee place a fighter anywhere on a section: an offset of
    # up to _OFFSET_TEXT more characters each.
    placed = 0 if scenario.has_movement else _OFFSET_TEXT
    # Export writes the rolls made so far: at most _ROLLS_TEXT characters more than the document's own count.
    rolls = _ROLLS_TEXT - (len(f'  "dice_rolls": {scenario.dice_rolls},\n') if scenario.dice_rolls else 0)
    return (utf16_length(dumps(scenario)) + rolls
            + sum(longest - len(x.section) + placed for x in scenario.fighters))


_OFFSET_TEXT = len(', "x": ""') + 2 * len(str(MAX_EXTENT * lengths.MAX_DENOMINATOR)) + 2
"""The most characters a fighter's written offset adds to its line (``, "x": "-n/d"``)."""
_ROLLS_TEXT = len(f'  "dice_rolls": {MAX_ROLLS},\n')
"""The most characters Export's ``dice_rolls`` line takes."""


assert MAX_DICE >= 2 * MAX_ELEVATION * MAX_DISTANCE  # the falls of the longest Move fit the dice cap
