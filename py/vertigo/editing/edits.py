"""Edits of a scenario document: each takes a draft and returns a new one, the draft untouched.

A draft is a scenario document (``docs/rules.md`` › Scenario format, ``"vertigo": 2``) as plain JSON values.
No edit mutates its input: each copies what it changes and shares the rest.  Lengths are in the scenario's
unit (Height levels, feet or inches, across and up); a new number is written as an ``int`` when whole, else
as the shortest ``float`` that holds it exactly (:func:`vertigo.lengths.to_json`), so snapped values such as
0.25 stay exact.  An edit that cannot be made raises :class:`EditError` with one sentence for the referee;
anything else the draft gets wrong is left for the importer (:func:`vertigo.editing.check`) to report at its
place.

Source: issue 26 ("add, move, resize and delete sections", "add borders", "place fighters by dragging",
"Deleting a section that a fighter stands on asks what to do").
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from vertigo import lengths
from vertigo.battlefield import SECTION_KINDS, default_border_x
from vertigo.errors import RulesError
from vertigo.rules import REGISTRY
from vertigo.text import quote

from .proposals import border_ends, geometry, highest

__all__ = ["Doc", "Piece", "EditError", "add_section", "move_section", "resize_section", "set_value",
           "delete_section", "add_border", "delete_border", "add_fighter", "move_fighter", "delete_fighter",
           "add_piece", "delete_piece", "section_at", "length_of", "written", "piece_keys"]

Doc = dict[str, Any]
"""A draft: a scenario document as plain JSON values (never mutated)."""
Piece = tuple[str, str]
"""What an edit or a problem is about: ``("section", id)``, ``("fighter", id)``, ``("border", "<index>")``,
``("<piece key>", "<index>")`` (``("features", "0")``) or ``("scenario", "")``."""

_DELETE_FIGHTERS = (None, "below", "delete")


class EditError(RulesError, ValueError):
    """An edit that cannot be made (an unknown id, a border that exists, a right end left of the left end);
    ``str(e)`` is one sentence for the referee.  Source: issue 26."""


def length_of(doc: Mapping[str, Any], value: Any, what: str) -> Fraction:
    """A length of the draft (a JSON number, or length text in feet and inches) as an exact Fraction in the
    scenario's unit.

    Raises:
        EditError: the value is not a length the scenario's unit takes (the message names ``what``).
    """
    units = doc.get("units", "height")
    try:
        return lengths.length(value, units if units in lengths.UNITS else "height", what)
    except RulesError as e:
        raise EditError(f"{what} is not a length this battlefield can use: {quote(value)} ({e})") from None


def written(value: Fraction | int | float) -> int | float | str:
    """A length as the draft writes it: an int when whole, else a float that holds it exactly, else fraction
    text (which a Height document refuses, at its place)."""
    return lengths.to_json(lengths.exact(value))


def piece_keys() -> tuple[str, ...]:
    """Every top-level piece key a registered rule set reads (:attr:`vertigo.ruleset.RuleSet.pieces`), in
    registry order, without repeats."""
    return tuple(dict.fromkeys(k for r in REGISTRY.values() for k in r.pieces))


def _list(doc: Mapping[str, Any], key: str) -> list[Any]:
    value = doc.get(key, [])
    return value if isinstance(value, list) else []


def _section_index(doc: Mapping[str, Any], sid: str) -> int:
    for i, s in enumerate(_list(doc, "sections")):
        if isinstance(s, Mapping) and s.get("id") == sid:
            return i
    raise EditError(f"There is no section {quote(sid)} on this battlefield.")


def _fighter_index(doc: Mapping[str, Any], fid: str) -> int:
    for i, f in enumerate(_list(doc, "fighters")):
        if isinstance(f, Mapping) and f.get("id") == fid:
            return i
    raise EditError(f"There is no fighter {quote(fid)} on this battlefield.")


def _with(doc: Mapping[str, Any], **changes: Any) -> Doc:
    """A copy of the top level with ``changes``; the key order of ``doc`` kept, new keys last."""
    out = dict(doc)
    out.update(changes)
    return out


def _replaced(items: list[Any], i: int, item: Any) -> list[Any]:
    out = list(items)
    out[i] = item
    return out


def _name(obj: Any, fallback: str) -> str:
    name = obj.get("name") if isinstance(obj, Mapping) else None
    return name if isinstance(name, str) else fallback


def _next_id(taken: list[Any], stem: str, start: int) -> tuple[str, int]:
    """``"<stem>-N"`` for the smallest N ≥ ``start`` not taken, and N."""
    seen = frozenset(t for t in taken if isinstance(t, str))
    n = start
    while f"{stem}-{n}" in seen:
        n += 1
    return f"{stem}-{n}", n


def add_section(doc: Mapping[str, Any], *, x0: Any, x1: Any, elevation: Any, kind: str = "ground",
                name: str | None = None) -> tuple[Doc, str]:
    """Add a section at the end of ``sections``.

    Args:
        x0, x1: its left and right ends, in the scenario's unit.
        elevation: its surface, in the scenario's unit (Height levels, feet or inches).
        kind: ``"ground"`` (written only when not ground) or ``"slab"``.
        name: its name; by default ``"Section N"`` for its id ``"section-N"``.

    Returns:
        ``(new draft, new id)``; the id is ``"section-N"`` for the smallest N from the count of sections + 1
        that no section uses.

    Raises:
        EditError: ``x1`` not right of ``x0``, a kind that is not a section kind, a length it cannot read.
    """
    if kind not in SECTION_KINDS:
        raise EditError(f"A section is {' or '.join(SECTION_KINDS)}, not {quote(kind)}.")
    left, right = length_of(doc, x0, "The left end"), length_of(doc, x1, "The right end")
    height = length_of(doc, elevation, "The elevation")
    if right <= left:
        raise EditError("A section's right end must be right of its left end.")
    sections = _list(doc, "sections")
    sid, n = _next_id([s.get("id") for s in sections if isinstance(s, Mapping)], "section", len(sections) + 1)
    new: dict[str, Any] = {"id": sid, "name": name if name is not None else f"Section {n}",
                           "elevation": written(height), "x": [written(left), written(right)]}
    if kind != "ground":
        new["kind"] = kind
    return _with(doc, sections=[*sections, new]), sid


def _on_section(doc: Mapping[str, Any], sid: str) -> list[int]:
    """Indices of the fighters standing on section ``sid`` (not up a ladder)."""
    return [i for i, f in enumerate(_list(doc, "fighters"))
            if isinstance(f, Mapping) and f.get("section") == sid and "ladder" not in f]


def _shifted(doc: Mapping[str, Any], value: Any, by: Fraction, what: str) -> int | float | str:
    return written(length_of(doc, value, what) + by)


def move_section(doc: Mapping[str, Any], sid: str, dx: Any = 0, dy: Any = 0) -> Doc:
    """Move a section ``dx`` across and ``dy`` up, in the scenario's unit.

    Fighters standing on it at a written x keep their place on it (their x moves by ``dx``); the pieces a
    rule set stands on it (``"on": sid``, such as features) move with it.  Borders keep their written x.

    Raises:
        EditError: no such section, or a length of it that cannot be read.
    """
    i = _section_index(doc, sid)
    sections = _list(doc, "sections")
    s = dict(sections[i])
    across, up = length_of(doc, dx, "The move across"), length_of(doc, dy, "The move up")
    x = s.get("x")
    if across and isinstance(x, list) and len(x) == 2:
        s["x"] = [_shifted(doc, x[0], across, "The left end"), _shifted(doc, x[1], across, "The right end")]
    if up:
        s["elevation"] = _shifted(doc, s.get("elevation"), up, "The elevation")
    out = _with(doc, sections=_replaced(sections, i, s))
    if not across:
        return out
    fighters = list(_list(doc, "fighters"))
    for j in _on_section(doc, sid):
        if fighters[j].get("x") is not None:
            fighters[j] = {**fighters[j], "x": _shifted(doc, fighters[j]["x"], across, "The fighter's x")}
    out["fighters"] = fighters
    for key in piece_keys():
        if key in doc and isinstance(doc[key], list):
            out[key] = [_piece_moved(doc, p, across) if isinstance(p, Mapping) and p.get("on") == sid else p
                        for p in doc[key]]
    return out


def _piece_moved(doc: Mapping[str, Any], piece: Mapping[str, Any], by: Fraction) -> dict[str, Any]:
    x = piece.get("x")
    out = dict(piece)
    if isinstance(x, list) and len(x) == 2:
        out["x"] = [_shifted(doc, x[0], by, "The piece's x"), _shifted(doc, x[1], by, "The piece's x")]
    elif x is not None:
        out["x"] = _shifted(doc, x, by, "The piece's x")
    return out


def resize_section(doc: Mapping[str, Any], sid: str, x0: Any, x1: Any) -> Doc:
    """Give a section new ends ``x0``, ``x1`` (scenario units); fighters on it at a written x outside them are
    moved to the nearer end.

    Raises:
        EditError: no such section, ``x1`` not right of ``x0``, a length it cannot read.
    """
    i = _section_index(doc, sid)
    left, right = length_of(doc, x0, "The left end"), length_of(doc, x1, "The right end")
    if right <= left:
        raise EditError("A section's right end must be right of its left end.")
    sections = _list(doc, "sections")
    out = _with(doc, sections=_replaced(sections, i, {**sections[i], "x": [written(left), written(right)]}))
    fighters = list(_list(doc, "fighters"))
    for j in _on_section(doc, sid):
        x = fighters[j].get("x")
        if x is None:
            continue
        at = length_of(doc, x, "The fighter's x")
        if not left <= at <= right:
            fighters[j] = {**fighters[j], "x": written(min(max(at, left), right))}
    out["fighters"] = fighters
    return out


def delete_section(doc: Mapping[str, Any], sid: str, fighters: str | None = None) -> Doc:
    """Delete a section, the borders naming it and the rule sets' pieces standing on it (``"on": sid``).

    Args:
        fighters: what becomes of the fighters standing on it or up a ladder on one of its borders: None
            refuses when there are any; ``"below"`` moves each to the highest surface at or below its feet
            over its x (a ladder fighter: over the ladder's x); ``"delete"`` deletes them too.

    Raises:
        EditError: no such section; ``fighters`` None and a fighter stands there (the message names them);
            ``"below"`` and a fighter has no surface below it (the message names it).
    """
    if fighters not in _DELETE_FIGHTERS:
        raise EditError(f"Fighters on a deleted section go below or are deleted, not {quote(fighters)}.")
    i = _section_index(doc, sid)
    sections = _list(doc, "sections")
    borders = _list(doc, "borders")
    gone_borders = [j for j, b in enumerate(borders) if sid in (border_ends(b) or ())]
    ladders = {borders[j].get("id") for j in gone_borders
               if isinstance(borders[j], Mapping) and isinstance(borders[j].get("id"), str)}
    people = _list(doc, "fighters")
    standing = [j for j, f in enumerate(people) if isinstance(f, Mapping) and (
        (f.get("section") == sid and "ladder" not in f) or ("ladder" in f and f.get("ladder") in ladders))]
    if standing and fighters is None:
        names = ", ".join(_name(people[j], str(people[j].get("id"))) for j in standing)
        raise EditError(f"{names} {'stands' if len(standing) == 1 else 'stand'} on "
                        f"{_name(sections[i], sid)}: move them below or delete them with it.")
    kept_people = list(people)
    if fighters == "below":
        for j in standing:
            kept_people[j] = _below(doc, sid, people[j])
    else:
        kept_people = [f for j, f in enumerate(people) if j not in standing]
    out = _with(doc, sections=[s for j, s in enumerate(sections) if j != i],
                borders=[b for j, b in enumerate(borders) if j not in gone_borders], fighters=kept_people)
    for key in piece_keys():
        if key in doc and isinstance(doc[key], list):
            out[key] = [p for p in doc[key] if not (isinstance(p, Mapping) and p.get("on") == sid)]
    return out


def _below(doc: Mapping[str, Any], sid: str, fighter: Mapping[str, Any]) -> dict[str, Any]:
    """The fighter moved to the highest surface at or below its feet over its x, off section ``sid``."""
    sections = geometry(doc)
    by_id = {s.id: s for s in sections}
    name = _name(fighter, str(fighter.get("id")))
    x: Fraction | None = None
    feet: Fraction | None = None
    if "ladder" in fighter:
        for b in _list(doc, "borders"):
            if isinstance(b, Mapping) and b.get("id") == fighter.get("ladder"):
                ends = [by_id[e] for e in border_ends(b) or () if isinstance(e, str) and e in by_id]
                if len(ends) == 2:
                    x = length_of(doc, b["x"], "The ladder's x") if "x" in b else default_border_x(ends[0], ends[1])
                    foot = min(e.surface(x) for e in ends)
                    feet = foot + length_of(doc, fighter.get("up", 0), "How far up")
    else:
        home = by_id.get(sid)
        if home is not None:
            x = home.centre if fighter.get("x") is None else length_of(doc, fighter["x"], "The fighter's x")
            feet = home.surface(x)
    if x is None or feet is None:
        raise EditError(f"{name} has no place to be moved from: delete it with the section.")
    found = highest(sections, x, feet, skip=sid)
    if found is None:
        raise EditError(f"There is no surface below {name}: delete it with the section, or add one below first.")
    out = {k: v for k, v in fighter.items() if k not in ("ladder", "up", "section", "x")}
    return _placed(out, found.id, written(x))


def _placed(out: Mapping[str, Any], section: str, x: Any) -> dict[str, Any]:
    """``out`` with ``section`` and ``x`` written where a fighter writes them (after ``side``)."""
    placed: dict[str, Any] = {}
    for key, value in out.items():
        placed[key] = value
        if key == "side":
            placed["section"] = section
            if x is not None:
                placed["x"] = x
    if "section" not in placed:
        placed["section"] = section
        if x is not None:
            placed["x"] = x
    return placed


def section_at(doc: Mapping[str, Any], x: Any, height: Any) -> str | None:
    """The section a drop at ``(x, height)`` lands on: the one whose surface over ``x`` is nearest at or below
    ``height`` (scenario units); one that holds ``x`` inside before one it only touches at an end, then
    document order.  None when no surface is at or below it there.

    Raises:
        EditError: ``x`` or ``height`` is not a length.
    """
    return getattr(highest(geometry(doc), length_of(doc, x, "The x"), length_of(doc, height, "The height")),
                   "id", None)


def set_value(doc: Mapping[str, Any], piece: Piece, key: str, value: Any) -> Doc:
    """Write one key of a piece as given; ``value`` None removes the key.

    Keys: a section's ``id``, ``name``, ``kind``, ``elevation``, ``x`` (``[x0, x1]``), ``x0``, ``x1`` (one end of
    ``x``), ``stairs`` (an object), ``stairs.rise``, ``stairs.tread`` (``stairs.rise`` None removes the stairs)
    and declared ones; a fighter's ``id``, ``name``, ``side``, ``section`` (its ``ladder`` and ``up`` go, and an
    x off the new section), ``x`` and declared ones; a border's ``x``, ``kind``, ``id``, declared ones (a border
    left with ``between`` only is written ``["a", "b"]``); the scenario's (``("scenario", "")``) ``title``,
    ``units``, ``rules``, ``dice_seed`` and ``options.<key>`` (an empty ``options`` goes); a rule set's piece's
    keys, ``x0`` and ``x1`` one end of its ``x``.  Renaming a section renames it in borders, fighters and
    pieces; renaming a border renames the ladder its fighters stand on.

    Raises:
        EditError: no such piece; a new id that another piece of its kind has.
    """
    kind, ident = piece
    if kind == "scenario":
        return _set_scenario(doc, key, value)
    if kind == "section":
        return _set_section(doc, _section_index(doc, ident), key, value)
    if kind == "fighter":
        return _set_fighter(doc, _fighter_index(doc, ident), key, value)
    if kind not in ("border", *piece_keys()) or kind == "sections":
        raise EditError(f"There are no pieces {quote(kind)} to change on this battlefield.")
    listed = "borders" if kind == "border" else kind
    items = _list(doc, listed)
    j = _index(ident, len(items), kind)
    if kind == "border":
        return _set_border(doc, j, key, value)
    obj = items[j] if isinstance(items[j], Mapping) else {}
    return _with(doc, **{listed: _replaced(items, j, _keyed(obj, key, value))})


def _index(ident: str, count: int, what: str) -> int:
    if not ident.isdigit() or int(ident) >= count:
        raise EditError(f"There is no {what} {quote(ident)} on this battlefield.")
    return int(ident)


def _keyed(obj: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    out = dict(obj)
    if key in ("x0", "x1"):  # one end of a section's or a piece's span "x": [x0, x1]
        x = out.get("x")
        out["x"] = list(x) if isinstance(x, list) and len(x) == 2 else [None, None]
        out["x"][0 if key == "x0" else 1] = value
    elif value is None:
        out.pop(key, None)
    else:
        out[key] = value
    return out


def _set_scenario(doc: Mapping[str, Any], key: str, value: Any) -> Doc:
    if key.startswith("options."):
        options = doc.get("options", {})
        new = _keyed(options if isinstance(options, Mapping) else {}, key.removeprefix("options."), value)
        if new:
            return _with(doc, options=new)
        return {k: v for k, v in doc.items() if k != "options"}
    return _keyed(doc, key, value)


def _set_section(doc: Mapping[str, Any], i: int, key: str, value: Any) -> Doc:
    sections = _list(doc, "sections")
    s = dict(sections[i])
    if key in ("stairs.rise", "stairs.tread"):
        stairs = s.get("stairs")
        if key == "stairs.rise" and value is None:
            s.pop("stairs", None)
        else:
            s["stairs"] = _keyed(stairs if isinstance(stairs, Mapping) else {}, key.removeprefix("stairs."), value)
    elif key == "id" and value != s.get("id"):
        old = s.get("id")
        if value is not None and any(isinstance(t, Mapping) and t.get("id") == value for t in sections):
            raise EditError(f"Another section is called {quote(value)}.")
        s = _keyed(s, key, value)
        return _renamed_section(_with(doc, sections=_replaced(sections, i, s)), old, value)
    else:
        s = _keyed(s, key, value)
    return _with(doc, sections=_replaced(sections, i, s))


def _renamed_section(doc: Doc, old: Any, new: Any) -> Doc:
    """Every reference to section ``old`` (borders' ends, fighters' sections, pieces' ``on``) made ``new``."""
    if not isinstance(old, str) or new is None:
        return doc
    borders = []
    for b in _list(doc, "borders"):
        ends = border_ends(b)
        if ends is not None and old in ends:
            between = [new if e == old else e for e in ends]
            b = {**b, "between": between} if isinstance(b, Mapping) else between
        borders.append(b)
    if "borders" in doc:
        doc["borders"] = borders
    if "fighters" in doc:
        doc["fighters"] = [{**f, "section": new} if isinstance(f, Mapping) and f.get("section") == old else f
                           for f in _list(doc, "fighters")]
    for key in piece_keys():
        if key in doc and isinstance(doc[key], list):
            doc[key] = [{**p, "on": new} if isinstance(p, Mapping) and p.get("on") == old else p for p in doc[key]]
    return doc


def _set_fighter(doc: Mapping[str, Any], i: int, key: str, value: Any) -> Doc:
    people = _list(doc, "fighters")
    f = dict(people[i])
    if key == "id" and value is not None and value != f.get("id") and any(
            isinstance(t, Mapping) and t.get("id") == value for t in people):
        raise EditError(f"Another fighter is called {quote(value)}.")
    if key == "section" and value is not None:
        f.pop("ladder", None)
        f.pop("up", None)
        home = next((s for s in geometry(doc) if s.id == value), None)
        if f.get("x") is not None and home is not None:
            try:
                at: Fraction | None = length_of(doc, f["x"], "The fighter's x")
            except EditError:
                at = None
            if at is None or not home.x0 <= at <= home.x1:
                f.pop("x")
        if "section" not in f:
            x = f.pop("x", None)
            return _with(doc, fighters=_replaced(people, i, _placed(f, value, x)))
    f = _keyed(f, key, value)
    return _with(doc, fighters=_replaced(people, i, f))


def _set_border(doc: Mapping[str, Any], j: int, key: str, value: Any) -> Doc:
    borders = _list(doc, "borders")
    b = borders[j]
    obj = dict(b) if isinstance(b, Mapping) else {"between": b}
    old = obj.get("id")
    if key == "id" and value is not None and value != old and any(
            isinstance(t, Mapping) and t.get("id") == value for t in borders):
        raise EditError(f"Another border is called {quote(value)}.")
    obj = _keyed(obj, key, value)
    new: Any = obj["between"] if list(obj) == ["between"] else obj
    out = _with(doc, borders=_replaced(borders, j, new))
    if key == "id" and isinstance(old, str) and value != old:
        out["fighters"] = [_keyed(f, "ladder", value) if isinstance(f, Mapping) and f.get("ladder") == old else f
                           for f in _list(doc, "fighters")]
    return out


def add_border(doc: Mapping[str, Any], a: str, b: str, *, x: Any = None, kind: str | None = None) -> Doc:
    """Add a border between sections ``a`` and ``b`` at the end of ``borders``: ``["a", "b"]`` when it carries
    nothing else, else ``{"between": ["a", "b"], "x": x, "kind": kind}`` (x in the scenario's unit; kind
    ``"stair"`` or ``"ladder"``).

    Raises:
        EditError: ``a`` and ``b`` are the same section, one names no section, or they share a border already.
    """
    if a == b:
        raise EditError("A border joins two different sections.")
    _section_index(doc, a)
    _section_index(doc, b)
    for border in _list(doc, "borders"):
        ends = border_ends(border)
        if ends in ((a, b), (b, a)):
            raise EditError(f"{quote(a)} and {quote(b)} share a border already.")
    new: Any = [a, b]
    if x is not None or kind is not None:
        new = {"between": [a, b]}
        if x is not None:
            new["x"] = written(length_of(doc, x, "The border's x"))
        if kind is not None:
            new["kind"] = kind
    return _with(doc, borders=[*_list(doc, "borders"), new])


def delete_border(doc: Mapping[str, Any], index: int) -> Doc:
    """Delete ``borders[index]``.  A fighter up it (a ladder) is moved to the highest surface at or below its
    feet over the ladder's x.

    Raises:
        EditError: no such border; a fighter up the ladder with no surface below it.
    """
    borders = _list(doc, "borders")
    if not 0 <= index < len(borders):
        raise EditError(f"There is no border {index} on this battlefield.")
    gone = borders[index]
    ladder = gone.get("id") if isinstance(gone, Mapping) else None
    people = list(_list(doc, "fighters"))
    if isinstance(ladder, str):
        for j, f in enumerate(people):
            if isinstance(f, Mapping) and f.get("ladder") == ladder:
                people[j] = _below(doc, "", f)
    return _with(doc, borders=[b for j, b in enumerate(borders) if j != index], fighters=people)


def add_fighter(doc: Mapping[str, Any], section: str, x: Any = None, *, name: str | None = None,
                side: str | None = None) -> tuple[Doc, str]:
    """Add a fighter on ``section`` at ``x`` (scenario units; None: the section's centre).

    Returns:
        ``(new draft, new id)``: id ``"fighter-N"`` for the smallest N from the count of fighters + 1 that no
        fighter uses, name ``"Fighter N"`` unless given, side ``"A"`` unless given.

    Raises:
        EditError: no such section; an x that is not a length.
    """
    _section_index(doc, section)
    people = _list(doc, "fighters")
    fid, n = _next_id([f.get("id") for f in people if isinstance(f, Mapping)], "fighter", len(people) + 1)
    new: dict[str, Any] = {"id": fid, "name": name if name is not None else f"Fighter {n}",
                           "side": side if side is not None else "A", "section": section}
    if x is not None:
        new["x"] = written(length_of(doc, x, "The fighter's x"))
    return _with(doc, fighters=[*people, new]), fid


def move_fighter(doc: Mapping[str, Any], fid: str, section: str, x: Any) -> Doc:
    """Put a fighter on ``section`` at ``x`` (scenario units, moved onto the section's nearer end when off it;
    None: its centre); it leaves any ladder it was on.

    Raises:
        EditError: no such fighter or section; an x that is not a length.
    """
    i = _fighter_index(doc, fid)
    _section_index(doc, section)
    at = None
    if x is not None:
        value = length_of(doc, x, "The fighter's x")
        home = next((s for s in geometry(doc) if s.id == section), None)
        if home is not None:
            value = min(max(value, home.x0), home.x1)
        at = written(value)
    people = _list(doc, "fighters")
    f = people[i]
    rest = {k: v for k, v in f.items() if k not in ("ladder", "up", "section", "x")}
    return _with(doc, fighters=_replaced(people, i, _placed(rest, section, at)))


def delete_fighter(doc: Mapping[str, Any], fid: str) -> Doc:
    """Delete a fighter.

    Raises:
        EditError: no such fighter.
    """
    i = _fighter_index(doc, fid)
    return _with(doc, fighters=[f for j, f in enumerate(_list(doc, "fighters")) if j != i])


def add_piece(doc: Mapping[str, Any], key: str, obj: Mapping[str, Any]) -> Doc:
    """Add a rule set's top-level piece (a copy of ``obj``) at the end of ``doc[key]`` (``"features"``).

    Raises:
        EditError: no registered rule set reads pieces under ``key``.
    """
    if key not in piece_keys():
        raise EditError(f"No rule set reads pieces called {quote(key)}.")
    return _with(doc, **{key: [*_list(doc, key), dict(obj)]})


def delete_piece(doc: Mapping[str, Any], key: str, index: int) -> Doc:
    """Delete ``doc[key][index]``, a rule set's top-level piece; the key goes when none is left.

    Raises:
        EditError: no such piece.
    """
    items = _list(doc, key)
    if key not in piece_keys() or not 0 <= index < len(items):
        raise EditError(f"There is no {quote(key)} piece {index} on this battlefield.")
    kept = [p for j, p in enumerate(items) if j != index]
    if kept:
        return _with(doc, **{key: kept})
    return {k: v for k, v in doc.items() if k != key}

