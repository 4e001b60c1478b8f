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
from collections.abc import Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from fractions import Fraction
from typing import Any, TypeVar, cast

from . import features as feature_pieces
from . import lengths, reading
from .battlefield import Battlefield, Border, Section, default_border_x
from .document import MAX_NESTING, decode, key_place, nesting, show
from .errors import RuleSetError, ScenarioError, UnknownFighterError, UnknownSectionError
from .fields import Field
from .limits import (
    MAX_DICE,
    MAX_DISTANCE,
    MAX_ELEVATION,
    MAX_EXTENT,
    MAX_FIGHTERS,
    MAX_LADDER_UP,
    MAX_ROLLS,
    MAX_SCENARIO_CHARS,
    MAX_SECTIONS,
    MAX_STATE_TEXT,
    utf16_length,
)
from .reading import ABSENT, ELEVATION_LIMIT, MAX_STEPS
from .rules import REGISTRY, default_rules
from .ruleset import RuleSet
from .stand import Stand
from .text import quote

__all__ = ["FORMAT_VERSION", "VERSIONS", "UNITS", "MAX_NESTING", "ELEVATION_LIMIT", "MAX_STEPS", "Fighter",
           "Scenario", "decode", "nesting", "load", "loads", "dump", "dumps", "export_size", "default_rules"]

FORMAT_VERSION = 2
"""The document version this core writes (key ``"vertigo"``)."""
VERSIONS = (1, 2)
"""The document versions this core reads."""

UNITS = lengths.UNITS
"""Unit systems: abstract Height levels (the Height rules), feet (Combat at
Different Levels, Jumping) and inches (Terrain features)."""

_KEYS_V1 = ("vertigo", "title", "units", "dice_seed", "sections", "borders", "fighters")
_KEYS = (*_KEYS_V1, "rules", "options", "dice_rolls", "features")
_V = TypeVar("_V")
"""A declared field's value."""


@dataclass(frozen=True, slots=True)
class Fighter:
    """A fighter standing on the battlefield.

    Attributes:
        id: stable identifier, unique in the scenario.
        name: shown as text only.
        side: the side it fights for (free text; the colour follows the side).
        section: id of the section it starts on (on a ladder: the section at the ladder's foot).
        x: where it starts on its section, in the scenario's unit; None is
            the centre (on a ladder: the ladder's x).
        values: ``(key, value)`` of every field the rule sets declare on a fighter
            (:mod:`vertigo.fields`), in the registry's order; a rule set reads its own with
            ``fighter[FIELD]``.
        ladder: id of the ladder it starts on (a border of kind ``"ladder"``), or None.
        up: on a ladder, how far above its foot, in the scenario's unit; None off ladders.
    """

    id: str
    name: str
    side: str
    section: str
    x: Fraction | None = None
    values: tuple[tuple[str, Any], ...] = ()
    ladder: str | None = None
    up: Fraction | None = None

    @property
    def start(self) -> Stand:
        """Where the fighter starts, as the table keeps a place (issue 20)."""
        return Stand(self.section, self.x, self.ladder, self.up)

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
    options: tuple[tuple[str, Any], ...] = ()
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

    def option(self, name: str) -> Any:
        """A rule-set option's value: the document's, else the default of the rule set that declares it.

        Raises:
            KeyError: no rule set of the scenario has that option.
        """
        for key, value in self.options:
            if key == name:
                return value
        for r in self.rule_sets:
            for declared in r.options:
                if declared.key == name:
                    return declared.default
        raise KeyError(name)

    @property
    def has_movement(self) -> bool:
        """Whether a rule set of the scenario has movement rules; without one the referee places fighters."""
        return any(r.moves for r in self.rule_sets)

    @property
    def sides(self) -> tuple[str, ...]:
        """Sides in order of first appearance."""
        return tuple(dict.fromkeys(f.side for f in self.fighters))


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
        raise ScenarioError([f"document: must be a JSON object: {show(doc)}"])
    version = doc.get("vertigo")
    # A JSON number equal to 1 or 2 (2, 2.0, 2e0: JSON does not tell them apart); never true, "2" or null.
    known_version = not isinstance(version, bool) and isinstance(version, (int, float)) and version in VERSIONS
    c = reading.Checker(version=1 if known_version and version == 1 else 2)
    if not known_version:
        c.add("vertigo", f"must be the format version, the number {FORMAT_VERSION} (or 1 for an older file): "
                         f"{show(version)}")
    _top_keys(c, doc)
    title = c.text("title", doc["title"]) if "title" in doc else None
    if "title" not in doc:
        c.add("title", "missing: every scenario has one")
    units = doc.get("units", "height")
    if units not in UNITS:
        c.add("units", f"must be one of {', '.join(UNITS)}: {show(units)}")
    else:
        c.units = units
    rules = reading.rules(c, doc.get("rules", ABSENT), units if units in UNITS else None)
    options = reading.options(c, doc.get("options", {}), rules)
    seed = doc.get("dice_seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**53:
        c.add("dice_seed", f"must be a whole number from 0 to 2^53 − 1: {show(seed)}")
    rolls = doc.get("dice_rolls", 0)
    if isinstance(rolls, bool) or not isinstance(rolls, int) or not 0 <= rolls <= MAX_ROLLS:
        c.add("dice_rolls", f"must be the number of rolls already made, a whole number from 0 to 2^52: "
                            f"{show(rolls)}")
    raw_sections = doc.get("sections")
    sections = reading.sections(c, raw_sections)
    # The ids every other part may name.  When the list itself is unusable (not a list, empty, over the
    # cap, not one section object with an id in it) that problem is the real one: no border or fighter is
    # reported for naming a section.
    listed: set[str] | None = None
    if isinstance(raw_sections, list) and 0 < len(raw_sections) <= MAX_SECTIONS:
        listed = {s["id"] for s in raw_sections if isinstance(s, Mapping) and isinstance(s.get("id"), str)} or None
    borders = reading.borders(c, doc.get("borders", []), sections, listed)
    raw_fighters = reading.fighters(c, doc.get("fighters", []), listed, sections)
    _required(c, doc.get("fighters", []), rules)
    features = _features(c, doc, sections, listed, rules)
    field: Battlefield | None = None
    # The rule sets' checks across objects run on the sections and borders that were read, whatever else is
    # wrong, so every problem is listed at once (a stated border Height with a bad blocks_sight elsewhere).
    try:
        read = Battlefield(tuple(sections), tuple(borders), features)
    except UnknownSectionError:  # a border names a section that was refused: that problem is already listed
        read = None
    if read is not None:
        reading.relations(c, read)
        # A fighter's place on a section is checked whatever else is wrong (one inside a wall is listed with the
        # rest); one up a ladder once the battlefield is whole, where its ladder is found.
        _stands(c, read, raw_fighters, rules)
    if not c.problems:
        assert read is not None
        field = read
        raw_fighters = reading.ladder_places(c, field, raw_fighters)
    if not c.problems:
        reading.fall_depth(c, sections, rules, options)
    if c.problems:
        raise ScenarioError(c.problems)
    assert title is not None and field is not None  # a None title, or no battlefield, recorded a problem
    fighters = tuple(Fighter(*f) for f in raw_fighters)
    scenario = Scenario(title, units, seed, field, fighters, rules, options, rolls)
    size = export_size(scenario)
    if size > MAX_SCENARIO_CHARS:
        raise ScenarioError([f"document: as Export writes it (every fighter on the section with the longest id), "
                             f"this battlefield takes {size} characters; at most {MAX_SCENARIO_CHARS} are allowed, "
                             "so that it can always be saved, exported and imported again"])
    return scenario


def _stands(c: reading.Checker, field: Battlefield, raw: list[Any], rules: tuple[str, ...]) -> None:
    """Each fighter's place on a section asked of the rule sets that say where a fighter may not stand
    (:attr:`~vertigo.ruleset.RuleSet.stand_check`: not inside an obstacle), refused at its place."""
    checks = [REGISTRY[r].stand_check for r in rules if REGISTRY[r].stand_check is not None]
    for i, (_fid, _name, _side, section, x, _values, ladder_id, up) in enumerate(raw):
        if ladder_id is not None or section not in field:
            continue  # up a ladder: checked with its ladder; on no section: that problem is listed already
        for check in checks:
            assert check is not None
            why = check(field, Stand(section, x, ladder_id, up))
            if why is not None:
                c.add(f"fighters[{i}]" + (".x" if x is not None and ladder_id is None else ""), why)


def _required(c: reading.Checker, raw: Any, rules: tuple[str, ...]) -> None:
    """Each fighter field a rule set of the scenario requires (:attr:`~vertigo.fields.Field.required`: a jumper's
    Size), refused at its place when a fighter leaves it out, naming the rule set and what it takes."""
    needed = [(r, d) for r in (REGISTRY[x] for x in rules) for d in r.fields if d.required and d.on == "fighter"]
    if not needed or not isinstance(raw, list):
        return
    for i, f in enumerate(raw[:MAX_FIGHTERS]):
        if not isinstance(f, Mapping):
            continue
        for r, d in needed:
            if d.key not in f:
                what = d.kind.describe() if d.kind is not None else d.label
                c.add(f"fighters[{i}].{d.key}", f"{r.title} ({r.id!r}) {r.verb('needs')} it on every fighter: {what}")


def _features(c: reading.Checker, doc: Mapping[str, Any], sections: list[Section], listed: set[str] | None,
              rules: tuple[str, ...]) -> tuple[feature_pieces.Feature, ...]:
    """The document's ``features`` (:mod:`vertigo.features`), when one of its rule sets reads them
    (:attr:`~vertigo.ruleset.RuleSet.pieces`); else ``features`` is refused, naming the rule sets that do."""
    if "features" not in doc or c.version == 1 or doc["features"] == []:
        return ()
    if not any("features" in REGISTRY[r].pieces for r in rules):
        readers = [f"{r.title} ({r.id!r})" for r in REGISTRY.values() if "features" in r.pieces]
        c.add("features", f"no rule set of this scenario reads features; {' and '.join(readers) or 'none'} "
                          f"{'does' if len(readers) == 1 else 'do'}")
        return ()
    return feature_pieces.read(c, doc["features"], sections, listed)


def _top_keys(c: reading.Checker, doc: Mapping[str, Any]) -> None:
    """Refuse the top-level keys the format does not have (a version-2 key in a version-1 file says so), each
    at its own place, with the nearest known key as a suggestion (``"titel": is not a scenario field; did you
    mean "title"?``); past :data:`vertigo.reading.SUGGESTED` of them, without one."""
    keys = _KEYS_V1 if c.version == 1 else _KEYS
    for key in sorted(set(doc) - set(keys)):
        c.unknowns += 1
        near = get_close_matches(key, sorted(keys), n=1, cutoff=0.6) \
            if c.unknowns <= reading.SUGGESTED and len(key) <= 40 else []
        hint = (" in version 1 (write \"vertigo\": 2)" if key in _KEYS
                else f"; did you mean {quote(near[0])}?" if near else "")
        c.add(key_place(key), "is not a scenario field" + hint)


def loads(text: str | bytes) -> Scenario:
    """Decode and validate a scenario from JSON text.

    Raises:
        ScenarioError: too large, too deeply nested, not JSON (with line and
            column), a key written twice in one object, or invalid.
    """
    return load(decode(text))


States = Mapping[str, tuple[tuple[str, Any], ...]]
"""Fighter id → ``(key, JSON value)`` of its per-fighter state as it is now
(:meth:`vertigo.table.Table.export_states`)."""
Where = Mapping[str, Stand]
"""Fighter id → where it stands now: a section id, or (section id, offset or None for the default)."""


def dump(scenario: Scenario, positions: Where | None = None, *, rolls: int | None = None,
         states: States | None = None) -> dict[str, Any]:
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
        positions: fighter id → :class:`~vertigo.stand.Stand`, to write every fighter where it stands now
            instead of where it started (Export: ``dict(table.stands)``); None keeps the starting places.
        rolls: the rolls made so far, written as ``dice_rolls`` so that the
            document rolls on from there (Export, H8); None writes the
            scenario's own :attr:`Scenario.dice_rolls`.  0 is left out.
        states: each fighter's per-fighter state as it is now, written in place of the document's own
            (Export); None writes the document's.

    Returns:
        A JSON-ready dict.
    """
    f = scenario.field
    where = positions or {}
    exact = lengths.to_json
    fields = reading.declared("fighter")
    on_sections, on_borders = reading.declared("section"), reading.declared("border")
    written = {d.key for r in scenario.rule_sets for d in r.fields if d.always}
    current = states or {}

    def section(s: Section) -> dict[str, Any]:
        out: dict[str, Any] = {"id": s.id, "name": s.name, "elevation": exact(s.elevation),
                               "x": [exact(s.x0), exact(s.x1)]}
        if s.kind != "ground":
            out["kind"] = s.kind
        if s.stairs is not None:
            out["stairs"] = {"rise": exact(s.stairs.rise), "tread": exact(s.stairs.tread)}
        out.update(written_values(s.values, on_sections))
        return out

    def border(b: Border) -> Any:
        drawn = b.x == default_border_x(f.section(b.a), f.section(b.b))
        if drawn and b.id is None and b.kind is None and not b.values:
            return [b.a, b.b]
        out: dict[str, Any] = {"between": [b.a, b.b]}
        if not drawn:
            out["x"] = exact(b.x)
        if b.id is not None:
            out["id"] = b.id
        if b.kind is not None:
            out["kind"] = b.kind
        out.update(written_values(b.values, on_borders))
        return out

    def fighter(x: Fighter) -> dict[str, Any]:
        now = where.get(x.id, x.start)
        out: dict[str, Any] = {"id": x.id, "name": x.name, "side": x.side}
        if now.ladder is not None and now.up is not None:
            out.update(ladder=now.ladder, up=exact(now.up))
        else:
            out["section"] = now.section
            if now.x is not None:
                out["x"] = exact(now.x)
        now_state = dict(current.get(x.id, ()))
        for d in fields:
            if d.key in now_state:
                if now_state[d.key] != d.write(d.default) or d.key in written:
                    out[d.key] = now_state[d.key]
                continue
            value = x[d]
            if value != d.default or d.key in written:
                out[d.key] = d.write(value)
        return out

    doc: dict[str, Any] = {
        "vertigo": FORMAT_VERSION,
        "title": scenario.title,
        "units": scenario.units,
        "rules": list(scenario.rules),
    }
    if scenario.options:
        declared = {o.key: o for r in scenario.rule_sets for o in r.options}
        doc["options"] = {key: declared[key].write(value) for key, value in scenario.options}
    doc["dice_seed"] = scenario.dice_seed
    made = scenario.dice_rolls if rolls is None else rolls
    if made:
        doc["dice_rolls"] = made
    doc.update({
        "sections": [section(s) for s in f.sections],
        "borders": [border(b) for b in f.borders],
    })
    if f.features:
        doc["features"] = [feature_pieces.write(x) for x in f.features]
    doc["fighters"] = [fighter(x) for x in scenario.fighters]
    return doc


def written_values(values: tuple[tuple[str, Any], ...], fields: tuple[Field[Any], ...]) -> dict[str, Any]:
    """A section's or a border's declared values as the document writes them (each by its field's kind)."""
    by_key = {d.key: d for d in fields}
    return {key: by_key[key].write(value) for key, value in values if key in by_key}


def dumps(scenario: Scenario, positions: Where | None = None, *, rolls: int | None = None,
          states: States | None = None) -> str:
    """:func:`dump` as the text Export writes: one line per key, per section, per border, per fighter.

    Compact enough that the largest scenario :func:`load` accepts is written
    in at most :data:`vertigo.limits.MAX_SCENARIO_CHARS`, and readable in a
    text editor.
    """
    doc = dump(scenario, positions, rolls=rolls, states=states)
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

    :func:`dumps` with every fighter moved to the section with the longest id, at the longest offset, or
    up the ladder with the longest id at the longest ``up``: fighters move in play (by a rule set's moves,
    which may end at an x or part way up a ladder, or placed by the referee), and Export writes where they
    stand.

    Source: issue 20 ("``export_size`` counts the offsets and ladder places of rule sets that have
    movement").
    """
    longest = max(len(s.id) for s in scenario.field.sections)
    # A fighter may stand anywhere on a section (placed by the referee, or where a move ends): an offset of
    # up to _OFFSET_TEXT more characters each; or on a ladder, written instead of its section.
    ladders = [len(b.id) for b in scenario.field.borders if b.kind == "ladder" and b.id is not None]
    up_ladder = (len(', "ladder": "", "up": ') + max(ladders) + _UP_TEXT - len(', "section": ""') - longest
                 if ladders else 0)
    placed = max(_OFFSET_TEXT, up_ladder)
    # A fighter that starts on a ladder is written without a section: moved off it, it gains one.
    off_ladder = len(', "section": ""') + longest
    # Export writes the rolls made so far: at most _ROLLS_TEXT characters more than the document's own count.
    rolls = _ROLLS_TEXT - (len(f'  "dice_rolls": {scenario.dice_rolls},\n') if scenario.dice_rolls else 0)
    # Export writes each fighter's per-fighter state as it is now (its rule sets' fields with state=True).
    state = sum(len(f', "{d.key}": ') + MAX_STATE_TEXT for r in scenario.rule_sets for d in r.fields if d.state)
    return (utf16_length(dumps(scenario)) + rolls
            + sum(longest - len(x.section) + placed + state + (off_ladder if x.ladder is not None else 0)
                  for x in scenario.fighters))


_OFFSET_TEXT = len(', "x": ""') + 2 * len(str(MAX_EXTENT * lengths.MAX_DENOMINATOR)) + 2
"""The most characters a fighter's written offset adds to its line (``, "x": "-n/d"``)."""
_UP_TEXT = len(str(MAX_LADDER_UP * lengths.MAX_DENOMINATOR)) + len(str(lengths.MAX_DENOMINATOR)) + 3
"""The most characters a ladder fighter's ``up`` takes (``"n/d"``)."""
_ROLLS_TEXT = len(f'  "dice_rolls": {MAX_ROLLS},\n')
"""The most characters Export's ``dice_rolls`` line takes."""


assert MAX_DICE >= 2 * MAX_ELEVATION * MAX_DISTANCE  # the falls of the longest Move fit the dice cap
