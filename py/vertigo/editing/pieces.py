"""The rule sets' top-level pieces in the editor (``features``): the keys their readers declare, and a new piece
that starts valid.

A piece's reader is the core module named after its key (:mod:`vertigo.features` reads ``features``), which
the scenario reader (:mod:`vertigo.scenario`) imports, so it is loaded wherever a draft can be checked; it
declares the piece's keys as ``FORM``, a tuple of :class:`vertigo.features.PieceKey`.  The form
(:func:`vertigo.editing.controls`) and :func:`new_piece` are built from that declaration alone, so a later
piece kind whose reader declares its keys the same way is in the editor with no code here.  Nothing here names
a rule set: which keys are pieces is the registry's (:attr:`vertigo.ruleset.RuleSet.pieces`).

Source: issue 26 ("add the rule sets' pieces (… features and openings …)"; "the editor offers every piece and
field that the rule sets declare … so a rule set added later appears in it with no editor code").
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import vertigo.scenario  # noqa: F401  (imports every piece's reader, which declares its keys)
from vertigo import lengths
from vertigo.battlefield import Section
from vertigo.errors import RulesError
from vertigo.features import PieceKey

from .edits import Doc, piece_keys, written
from .proposals import geometry

__all__ = ["piece_declaration", "new_piece"]


def piece_declaration(key: str) -> tuple[PieceKey, ...]:
    """The keys the reader of the pieces under ``key`` declares (its module's ``FORM``), in the form's order.

    Returns:
        The declaration; empty for a key no registered rule set reads, or whose reader (``vertigo.<key>``)
        is not loaded or declares nothing.
    """
    if key not in piece_keys():
        return ()
    reader = sys.modules.get(f"vertigo.{key}")  # loaded by the scenario reader; nothing is imported here
    return tuple(k for k in getattr(reader, "FORM", ()) if isinstance(k, PieceKey))


def _length(doc: Mapping[str, Any], text: str) -> Fraction:
    """A declared length with its unit (``"1/2 in"``) in the draft's unit; a Height battlefield, which takes no
    unit, reads its number as that many of its own units."""
    units = doc.get("units", "height")
    try:
        return lengths.length(text, units if units in lengths.UNITS else "height", "a new piece's length")
    except RulesError:
        return lengths.length(text, "inches", "a new piece's length")


def _number(items: list[Any], stem: str | None) -> int:
    """The smallest N from ``len(items) + 1`` whose id ``"<stem>-N"`` no item has (``len + 1`` without a stem)."""
    taken = {p.get("id") for p in items if isinstance(p, Mapping)}
    n = len(items) + 1
    while stem is not None and f"{stem}-{n}" in taken:
        n += 1
    return n


def _span(doc: Mapping[str, Any], items: list[Any], home: Section, width: Fraction) -> tuple[Fraction, Fraction]:
    """Where a new piece ``width`` wide stands across ``home``: in its middle, else in the clear gap between the
    pieces already on it nearest the middle that holds it, else in the widest gap (narrowed to fit); in the
    middle when no gap is left (the importer then says what it overlaps)."""
    units = doc.get("units", "height")
    taken: list[tuple[Fraction, Fraction]] = []
    for p in items:
        x = p.get("x") if isinstance(p, Mapping) and p.get("on") == home.id else None
        try:
            if isinstance(x, list) and len(x) == 2:
                taken.append((lengths.length(x[0], units), lengths.length(x[1], units)))
        except RulesError:
            continue
    gaps, at = [], home.x0
    for lo, hi in sorted(taken):
        if lo > at:
            gaps.append((at, min(lo, home.x1)))
        at = max(at, hi)
    if at < home.x1:
        gaps.append((at, home.x1))
    middle = home.centre
    fits = [g for g in gaps if g[1] - g[0] >= width]
    if fits:
        lo, hi = min(fits, key=lambda g: max(g[0] - middle, middle - g[1], Fraction(0)))
    elif gaps:
        lo, hi = max(gaps, key=lambda g: g[1] - g[0])
        width = hi - lo
    else:
        return middle - width / 2, middle + width / 2
    left = min(max(middle - width / 2, lo), hi - width)
    return left, left + width


def new_piece(doc: Mapping[str, Any], key: str, on: str | None = None) -> Doc:
    """A new piece to add under ``key`` (:func:`vertigo.editing.add_piece`), built from its reader's declaration
    (:func:`piece_declaration`) and valid where the draft allows: its id the declared stem's first free one
    (``"feature-1"``), its text the stem and the same number (``"Wall 1"``), on section ``on`` (else the first
    section that can be measured), its span the declared width in the clear middle of that section, its
    lengths as declared, in the draft's unit (a feature: a wall 1/2 in thick and 1 in high).  A key with no
    section to stand on is left out, for the importer to ask for.

    Args:
        doc: the draft (not changed).
        key: the pieces' key (``"features"``).
        on: the id of the section it stands on, or None for the first.

    Returns:
        The piece's object; empty when the key's reader declares nothing.
    """
    declared = piece_declaration(key)
    items = doc.get(key)
    items = items if isinstance(items, list) else []
    sections = geometry(doc)
    home = next((s for s in sections if s.id == on), sections[0] if sections else None)
    n = _number(items, next((k.new for k in declared if k.kind == "id"), None))
    out: Doc = {}
    for k in declared:
        if k.kind == "id" and k.new is not None:
            out[k.key] = f"{k.new}-{n}"
        elif k.kind == "text" and k.new is not None:
            out[k.key] = f"{k.new} {n}"
        elif k.kind == "section" and home is not None:
            out[k.key] = home.id
        elif k.kind == "span" and k.new is not None and home is not None:
            left, right = _span(doc, items, home, _length(doc, k.new))
            out[k.key] = [written(left), written(right)]
        elif k.kind in ("length", "choice") and k.new is not None:
            out[k.key] = written(_length(doc, k.new)) if k.kind == "length" else k.new
    return out
