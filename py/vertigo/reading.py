"""Reading a scenario document's objects: each checked at its place, its keys known or refused.

:class:`Checker` collects every problem with its place (``fighters[2].moves[0]: …``) in the document's
unit.  The shared objects (sections, stairs, borders, a fighter's place) are read here; the fields the rule
sets declare (:mod:`vertigo.fields`) are read from their declarations, found through the registry
(:mod:`vertigo.rules`), so nothing here names a rule set.  In a version-2 document a key that neither the
shared format nor any registered rule set declares is refused at its place, with the nearest known key
as a suggestion (:meth:`Checker.unknown`).

Source: the data model of issues 2, 6 and 19; Height rules ``000_519d8b8e373365db.txt`` (sections,
borders), rulings H1, H2; ``docs/rules.md#scenario-format``.

Rulings restated in ``docs/rules.md``: ``#h1-elevation-and-border-height``, ``#h2-move-entries-and-falls``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping
from difflib import get_close_matches
from fractions import Fraction
from typing import Any

from . import lengths
from .battlefield import BORDER_KINDS, SECTION_KINDS, Battlefield, Border, Section, Stairs, default_border_x
from .document import show
from .errors import RulesError, UnknownSectionError
from .fields import BAD, Field, Scale
from .limits import (
    MAX_BORDERS,
    MAX_ELEVATION,
    MAX_EXTENT,
    MAX_FALL_HEIGHT,
    MAX_FIGHTERS,
    MAX_LADDER_UP,
    MAX_NAME,
    MAX_SECTIONS,
)
from .numbers import fmt
from .rules import PLANNED, REGISTRY, default_rules
from .stand import on_ladder
from .text import check_name, quote

__all__ = ["Checker", "ABSENT", "SUGGESTED", "ELEVATION_LIMIT", "MAX_STEPS", "SECTION_KEYS", "BORDER_KEYS",
           "FIGHTER_KEYS", "UNKNOWN_SHOWN", "declared", "sections", "borders", "fighters", "rules", "options",
           "fall_depth", "ladder_places", "relations"]

ELEVATION_LIMIT = {"height": MAX_ELEVATION, "feet": 10 * MAX_ELEVATION, "inches": 120 * MAX_ELEVATION}
"""Largest elevation magnitude per unit system: Height 1000, 10,000 ft, 120,000 in."""
SUGGESTED = 50
"""Unknown keys in one document that get a suggestion; past them a key is refused without one."""
UNKNOWN_SHOWN = 5
"""Unknown keys of one object listed one by one; past them one line counts the rest and lists the known keys."""
ABSENT: Any = object()
"""A key the document leaves out (``null`` is a value, and refused where no null is allowed)."""
SECTION_KEYS = ("id", "name", "elevation", "x", "kind", "stairs")
"""The keys every section may have."""
BORDER_KEYS = ("between", "x", "id", "kind")
"""The keys of a border object (``{"between": [a, b], "x": …, "id"?, "kind"?}``), the same for every rule set."""
FIGHTER_KEYS = ("id", "name", "side", "section", "x", "ladder", "up")
"""The keys every fighter has, whichever rule sets referee it; the rule sets declare the rest."""
_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")
"""An id (matched whole: ``fullmatch``, so no trailing newline slips through as ``$`` would let it)."""


def declared(on: str) -> tuple[Field[Any], ...]:
    """Every field the registered rule sets declare on one kind of object (``"fighter"``), in registry order.

    Args:
        on: one of :data:`vertigo.fields.OBJECTS`.
    """
    return tuple(f for r in REGISTRY.values() for f in (*r.fields, *r.options) if f.on == on)


class Checker:
    """Collects problems with their place in the document, in its unit (:mod:`vertigo.lengths`).

    Attributes:
        problems: each ``"place: message"``, in the order found.
        units: the document's unit system, which lengths are read in.
        version: the document's format version (1 or 2): what unknown keys mean.
        unknowns: how many unknown keys were refused so far.
    """

    def __init__(self, units: str = "height", version: int = 2) -> None:
        self.problems: list[str] = []
        self.units = units
        self.version = version
        self.unknowns = 0

    def add(self, where: str, message: str) -> None:
        """Record a problem at ``where``."""
        self.problems.append(f"{where}: {message}")

    def show(self, value: Any) -> str:
        """A value as a message shows it (:func:`vertigo.document.show`)."""
        return show(value)

    def unknown(self, where: str, obj: Mapping[str, Any], known: Collection[str],
                newer: Collection[str] = ()) -> None:
        """Refuse every key of ``obj`` not in ``known``, in the document's order, with the nearest known key
        as a suggestion (``sections[3]: unknown key "kindd"; did you mean "kind"?``).

        In a version-1 document only the keys in ``newer`` (those version 2 added) are refused, with the hint
        to write version 2; any other unknown key is ignored, as version 1 always did.  Past
        :data:`UNKNOWN_SHOWN` unknown keys in one object one line counts the rest, and past
        :data:`SUGGESTED` in one document no suggestion is looked for (a hostile document of 10,000 keys
        costs no 10,000 searches).
        """
        refused = 0
        for key in obj:
            if self.version == 1:
                if key in newer:
                    self.add(f"{where}.{key}", "is not a field in version 1 (write \"vertigo\": 2)")
                continue
            if key in known:
                continue
            refused += 1
            if refused > UNKNOWN_SHOWN:
                continue
            self.unknowns += 1
            near = get_close_matches(key, sorted(known), n=1, cutoff=0.6) \
                if self.unknowns <= SUGGESTED and isinstance(key, str) and len(key) <= 40 else []
            hint = f"; did you mean {quote(near[0])}?" if near else ""
            self.add(where, f"unknown key {quote(key if len(key) <= 40 else key[:37] + '...', 400)}{hint}")
        if refused > UNKNOWN_SHOWN:
            self.add(where, f"{refused - UNKNOWN_SHOWN} more unknown keys; the keys it may have are "
                            f"{', '.join(sorted(known))}")

    def text(self, where: str, value: Any, *, limit: int = MAX_NAME) -> str | None:
        try:
            return check_name(value, limit)
        except RulesError as e:
            shown = f": {show(value)}" if not isinstance(value, str) or not value.strip() else ""
            self.add(where, f"{e}{shown}")
            return None

    def ident(self, where: str, value: Any) -> str | None:
        if not isinstance(value, str) or not _ID.fullmatch(value):
            self.add(where, f"must be an id of 1–40 letters, digits, '_', '-' or '.': {show(value)}")
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
            self.add(where, f"must be a number from {fmt(low)} to {fmt(high)}: {show(value)}")
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
            self.add(where, f"must be a list: {show(value)}")
            return []
        if len(value) > limit:
            self.add(where, f"has {len(value)} entries; at most {limit} are allowed")
            return []
        if not value and not empty_ok:
            self.add(where, "must not be empty")
        return value

def _set_values(c: Checker, at: str, obj: Mapping[str, Any], fields: tuple[Field[Any], ...]
                ) -> tuple[tuple[str, Any], ...]:
    """``(key, value)`` of each declared field ``obj`` sets to other than its default, in registry order (a
    section's or a border's: what :attr:`~vertigo.battlefield.Section.values` holds)."""
    out: list[tuple[str, Any]] = []
    for d in fields:
        if d.key in obj and c.version == 2:
            value = _value(c, f"{at}.{d.key}", obj, d)
            if value != d.default:
                out.append((d.key, value))
    return tuple(out)


def sections(c: Checker, raw: Any) -> list[Section]:
    """The sections, each with the fields the rule sets declare on a section (:func:`declared`)."""
    on_sections = declared("section")
    out: list[Section] = []
    seen: set[str] = set()
    for i, s in enumerate(c.items("sections", raw, MAX_SECTIONS, empty_ok=False)):
        at = f"sections[{i}]"
        if not isinstance(s, Mapping):
            c.add(at, f"must be an object: {show(s)}")
            continue
        c.unknown(at, s, (*SECTION_KEYS, *(d.key for d in on_sections)), ("stairs", *(d.key for d in on_sections)))
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
            c.add(f"{at}.x", f"must be [left, right]: {show(x)}")
        else:
            x0 = c.number(f"{at}.x[0]", x[0], -MAX_EXTENT, MAX_EXTENT)
            x1 = c.number(f"{at}.x[1]", x[1], -MAX_EXTENT, MAX_EXTENT)
            if x0 is not None and x1 is not None and x1 <= x0:
                c.add(f"{at}.x", f"right edge must be greater than left edge: {show(x)}")
                x0 = None
        kind = s.get("kind", "ground")
        if kind not in SECTION_KINDS:
            c.add(f"{at}.kind", f"must be one of {', '.join(SECTION_KINDS)}: {show(kind)}")
        stairs = _stairs(c, f"{at}.stairs", s["stairs"]) if "stairs" in s and c.version == 2 else None
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
            out.append(Section(sid, name, elev, x0, x1, kind, stairs, _set_values(c, at, s, on_sections)))
    return out

_TREAD = {"feet": 1, "inches": 12}
"""A stair's tread when the document does not give one: 1 ft (issue 6)."""


def _stairs(c: Checker, at: str, raw: Any) -> Stairs | None:
    """``{"rise": length, "tread": length}`` of a section in feet or inches (tread defaults to 1 ft)."""
    if c.units not in _TREAD:
        c.add(at, "stairs need a scenario in feet or inches; a Height scenario measures sections, not steps")
        return None
    if not isinstance(raw, Mapping) or "rise" not in raw:
        c.add(at, f'must be {{"rise": length, "tread": length}} (tread optional, 1 ft by default): {show(raw)}')
        return None
    before = len(c.problems)
    c.unknown(at, raw, ("rise", "tread"))
    if len(c.problems) > before:
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

def borders(c: Checker, raw: Any, sections: list[Section], all_ids: set[str] | None) -> list[Border]:
    """The borders; with ``all_ids`` None (no usable section list) their ends are not checked."""
    by_id = {s.id: s for s in sections}
    on_borders = declared("border")
    known = (*BORDER_KEYS, *(d.key for d in on_borders))
    out: list[Border] = []
    seen: set[frozenset[str]] = set()
    named: set[str] = set()
    for i, b in enumerate(c.items("borders", raw, MAX_BORDERS)):
        at = f"borders[{i}]"
        x = None
        ident = kind = None
        values: tuple[tuple[str, Any], ...] = ()
        if isinstance(b, Mapping):
            c.unknown(at, b, known, ("id", "kind", *(d.key for d in on_borders)))
            values = _set_values(c, at, b, on_borders)
            if "x" in b:
                x = c.number(f"{at}.x", b["x"], -MAX_EXTENT, MAX_EXTENT)
            if "id" in b:
                ident = c.ident(f"{at}.id", b["id"])
                if ident is not None and ident in named:
                    c.add(f"{at}.id", f"repeats the border id {ident!r}")
                    ident = None
                elif ident is not None:
                    named.add(ident)
            if "kind" in b:
                kind = b["kind"] if b["kind"] in BORDER_KINDS else None
                if kind is None:
                    c.add(f"{at}.kind", f"must be one of {', '.join(BORDER_KINDS)}: {show(b['kind'])}")
            b = b.get("between")
            at += ".between"
        if not (isinstance(b, list) and len(b) == 2 and all(isinstance(e, str) for e in b)):
            c.add(at, f'must be two section ids, ["a", "b"] or {{"between": ["a", "b"]}}: {show(b)}')
            continue
        a_id, b_id = b
        bad = False
        for j, end in enumerate((a_id, b_id)):
            if all_ids is not None and end not in all_ids:
                c.add(f"{at}[{j}]", f"names no section: {show(end)}")
                bad = True
        if bad:
            continue
        if a_id == b_id:
            c.add(at, f"joins a section to itself: {show(a_id)}")
            continue
        key = frozenset((a_id, b_id))
        if key in seen:
            c.add(at, f"repeats the border {a_id} – {b_id}")
            continue
        seen.add(key)
        if a_id in by_id and b_id in by_id:
            out.append(Border(a_id, b_id, x if x is not None else default_border_x(by_id[a_id], by_id[b_id]),
                              ident, kind, values))
    return out


def relations(c: Checker, field: Battlefield) -> None:
    """Every registered rule set's checks across the battlefield's objects (a stated border Height against
    its sections' elevations, H15), each problem at its place: the rule sets' fields are read whichever rule
    sets referee the document, so each is checked whichever they are."""
    for r in REGISTRY.values():
        for check in r.checks:
            for problem in check(field, c.units):
                c.problems.append(problem)

def rules(c: Checker, raw: Any, units: str | None) -> tuple[str, ...]:
    """The ``rules`` list: known rule-set ids, no repeats, each measuring in the scenario's units.

    Absent (and always in version 1): the rule sets the units default to
    (:func:`vertigo.rules.default_rules`).
    """
    if raw is ABSENT:
        return default_rules(units) if units is not None else ()
    if not isinstance(raw, list) or len(raw) > len(REGISTRY) + len(PLANNED):
        c.add("rules", f"must be a list of rule-set ids ({', '.join(REGISTRY)}): {show(raw)}")
        return ()
    out: list[str] = []
    for i, rule_id in enumerate(raw):
        at = f"rules[{i}]"
        if isinstance(rule_id, str) and rule_id in PLANNED:
            c.add(at, f"{PLANNED[rule_id][0]} ({rule_id!r}) is not refereed yet; the rule sets are "
                      f"{', '.join(REGISTRY)}")
        elif not isinstance(rule_id, str) or rule_id not in REGISTRY:
            c.add(at, f"must be one of {', '.join(REGISTRY)}: {show(rule_id)}")
        elif rule_id in out:
            c.add(at, f"repeats {rule_id!r}")
        elif units is not None and units not in REGISTRY[rule_id].units:
            r = REGISTRY[rule_id]
            c.add(at, f"{r.title} ({rule_id!r}) {r.verb('measures')} in "
                      f"{' or '.join(r.units)}; this scenario's units are {units!r}")
        else:
            out.append(rule_id)
    return tuple(out)

def fighters(c: Checker, raw: Any, section_ids: set[str] | None, section_list: list[Section]) -> list[Any]:
    """The fighters, as ``(id, name, side, section, x, values, ladder, up)``; with ``section_ids`` None (no usable
    section list) their sections are not checked.

    A fighter stands on a section (``"section"``, and ``"x"`` on it) or part way up a ladder (``"ladder"``, a
    ladder border's id, and ``"up"``, how far above its foot, 0 when left out): then its section is None here,
    and :func:`ladder_places` finds it from the battlefield (issue 20; ruling T4).

    Every field any registered rule set declares is kept whichever rule sets referee the scenario (a
    version-1 document loses nothing); ``values`` holds each one's value, its default where the document
    leaves it out, in registry order.
    """
    by_id = {s.id: s for s in section_list}
    fields = declared("fighter")
    known = (*FIGHTER_KEYS, *(f.key for f in fields))
    newer = ("x", "ladder", "up", *(f.key for f in fields if f.key not in _V1_FIGHTER_KEYS))
    out: list[Any] = []
    seen: set[str] = set()
    for i, f in enumerate(c.items("fighters", raw, MAX_FIGHTERS)):
        at = f"fighters[{i}]"
        if not isinstance(f, Mapping):
            c.add(at, f"must be an object: {show(f)}")
            continue
        before = len(c.problems)
        c.unknown(at, f, known, newer)
        fid = c.ident(f"{at}.id", f.get("id"))
        if fid is not None and fid in seen:
            c.add(f"{at}.id", f"repeats the id {fid!r}")
        name = c.text(f"{at}.name", f.get("name"))
        side = c.text(f"{at}.side", f.get("side"))
        section = f.get("section")
        ladder, up = f.get("ladder"), None
        if "ladder" in f:
            ladder = c.ident(f"{at}.ladder", ladder)
            for key in ("section", "x"):
                if key in f:
                    c.add(f"{at}.{key}", "a fighter on a ladder stands at the ladder's x above its foot: give "
                                         "\"ladder\" and \"up\", or \"section\" and \"x\", not both")
            raw_up = f.get("up", 0)
            if not isinstance(raw_up, bool) and isinstance(raw_up, (int, float)) and raw_up < 0:
                c.add(f"{at}.up", f"must be on the ladder, {lengths.show(Fraction(0), c.units)} or more above its "
                                  f"foot: {show(raw_up)}")
                up = None
            else:
                up = c.number(f"{at}.up", raw_up, 0, MAX_LADDER_UP)
            section = None
        elif "up" in f:
            c.add(f"{at}.up", 'is how far up a ladder the fighter stands: it needs "ladder", the ladder\'s id')
        elif not isinstance(section, str) or (section_ids is not None and section not in section_ids):
            c.add(f"{at}.section", f"names no section: {show(section)}")
        values = tuple((d.key, _value(c, f"{at}.{d.key}", f, d)) for d in fields)
        x = None
        if f.get("x") is not None and ladder is None:
            x = c.number(f"{at}.x", f["x"], -MAX_EXTENT, MAX_EXTENT)
            home = by_id.get(section) if isinstance(section, str) else None
            if x is not None and home is not None and not home.x0 <= x <= home.x1:
                shown = (fmt if c.units == "height" else lambda v: lengths.show(v, c.units))
                c.add(f"{at}.x", f"must stand on its section, from {shown(home.x0)} to {shown(home.x1)}: {shown(x)}")
        if fid is not None:
            seen.add(fid)
        if len(c.problems) == before:
            out.append((fid, name, side, section, x, values, ladder, up))
    return out


def ladder_places(c: Checker, field: Battlefield, raw: list[Any]) -> list[Any]:
    """:func:`fighters`' tuples with each ladder fighter's section and x found: the section at its ladder's
    foot and the ladder's x (:func:`vertigo.stand.on_ladder`); a ladder that is not there, or an ``up`` past
    its Height, is refused at ``fighters[i].ladder`` or ``fighters[i].up``.

    Source: issue 20 (a fighter's place with a height on a ladder); ruling T4.
    """
    out: list[Any] = []
    for i, (fid, name, side, section, x, values, ladder_id, up) in enumerate(raw):
        if ladder_id is not None and up is not None:
            try:
                at = on_ladder(field, ladder_id, up, c.units)
                section, x = at.section, at.x
            except UnknownSectionError as e:
                c.add(f"fighters[{i}].ladder", str(e))
                continue
            except ValueError as e:
                c.add(f"fighters[{i}].up", str(e))
                continue
        out.append((fid, name, side, section, x, values, ladder_id, up))
    return out


_V1_FIGHTER_KEYS = ("moves", "height", "actions")
"""The fighter keys version 1 had besides the shared ones: any other declared key needs version 2."""


def _value(c: Checker, where: str, obj: Mapping[str, Any], d: Field[Any]) -> Any:
    """The value of a declared field in ``obj``: its default when absent, else read by its kind."""
    if d.key not in obj:
        return d.default
    value = d.read(c, where, obj[d.key])
    return d.default if value is BAD else value


def options(c: Checker, raw: Any, named: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """The ``options`` object: each key an option of one of the scenario's rule sets, each value of its kind.

    An object with more keys than every rule set has options together is refused whole, on one line (as a
    ``rules`` list longer than the rule sets is): 10,000 unknown keys are one fault, not 10,000 problems.
    Returns ``(name, value)`` sorted by name.
    """
    known = {o.key: o for r in (REGISTRY[x] for x in named) for o in r.options}
    if not isinstance(raw, Mapping):
        c.add("options", f"must be an object of rule-set options: {show(raw)}")
        return ()
    every = REGISTRY.options
    if len(raw) > len(every):
        c.add("options", f"has {len(raw)} keys; the rule sets have {len(every)} option"
                         f"{'' if len(every) == 1 else 's'} in all ({', '.join(every)})")
        return ()
    out: list[tuple[str, Any]] = []
    for key in sorted(raw, key=str):
        at = f"options.{key}" if isinstance(key, str) and _PLAIN_KEY.fullmatch(key) else "options"
        if key not in known:
            names = ", ".join(sorted(known)) or "none"
            c.add(at, f"is not an option of this scenario's rule sets (theirs: {names}): {show(key)}")
            continue
        value = known[key].read(c, at, raw[key])
        if value is not BAD:
            out.append((key, value))
    return tuple(out)


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_]{1,40}")


def fall_depth(c: Checker, sections: list[Section], named: tuple[str, ...],
               options: tuple[tuple[str, Any], ...]) -> None:
    """Refuse a feet or inches battlefield whose deepest possible fall, from its highest surface to its
    lowest, passes Height :data:`~vertigo.limits.MAX_FALL_HEIGHT` at a fall scale of one of its rule sets
    (a :class:`~vertigo.fields.Scale` option, written or at its default): at ``options.<key>`` when the
    document wrote the scale, else at the highest section.  A battlefield with no scale falls along its
    borders only, whose Height the elevation caps bound.

    Source: issue 20 ("a scenario whose deepest possible fall passes Height 2000 at its scale is refused at
    load, at ``options.fall_scale`` or at the section"); ``RULINGS.md`` T6, J12; ruling H8.
    """
    if c.units not in ("feet", "inches") or not sections:
        return
    written = dict(options)
    scales = {o.key: o for r in (REGISTRY[x] for x in named) for o in r.options if isinstance(o.kind, Scale)}
    if not scales:
        return
    top = max(range(len(sections)), key=lambda i: (sections[i].top, -i))
    low = min(sections, key=lambda s: s.bottom)
    depth = sections[top].top - low.bottom
    per = 12 if c.units == "feet" else 1
    for key in sorted(scales):
        scale = written.get(key, scales[key].default)
        height = depth * per / scale
        if height <= MAX_FALL_HEIGHT:
            continue
        shown = Scale().write(scale)
        fall = (f"a fall from {sections[top].id!r} at {lengths.show(sections[top].top, c.units)} to {low.id!r} "
                f"at {lengths.show(low.bottom, c.units)} is Height {fmt(height)} at {shown} to a Height level; "
                f"falls are counted to Height {MAX_FALL_HEIGHT}")
        if key in written:
            least = Fraction(math.ceil(depth * per / MAX_FALL_HEIGHT * 100), 100)
            c.add(f"options.{key}", f"{fall}, so the scale must be at least {fmt(least)} in")
        else:
            c.add(f"sections[{top}]", f"{fall}: lower the section, or write a larger options.{key}")
