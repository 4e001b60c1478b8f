"""Terrain features: walls, railings, rubble and debris standing on a section (the document's ``features``).

A feature stands on one section, from its ``x`` left face to its right face, and rises ``height`` from that
section's surface; it may have an opening (a closed or open door, an archway).  It is not a place to stand:
a crate's top is a section.  What a feature *is* to the rules (an obstacle or low terrain, passable by its
opening or climbed) is the rule set's to say; this module reads, checks and writes the piece, the same for
every rule set that reads features (:attr:`vertigo.ruleset.RuleSet.pieces`).

Source: ``002_c9100305c0bcca6b.txt`` › Obstacles, Low terrain, Archways and doors; issue 24 (the format's
``features``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from . import lengths
from .lengths import exact
from .limits import MAX_EXTENT, MAX_FEATURES

if TYPE_CHECKING:
    from .battlefield import Section
    from .reading import Checker

__all__ = ["Feature", "OPENINGS", "FEATURE_KEYS", "PieceKey", "FORM", "read", "write", "inside"]

OPENINGS = ("door-closed", "door-open", "archway")
"""What an opening in a feature may be: a closed door, an open door, an archway (002 › Archways and doors)."""
FEATURE_KEYS = ("id", "name", "on", "x", "height", "opening")
"""The keys of a feature object."""


@dataclass(frozen=True, slots=True)
class PieceKey:
    """One key of a document's top-level piece as a form edits it, declared by the piece's reader (as
    :data:`FORM`) so the editor builds the piece's form and a new piece from it, with no code of its own.

    Attributes:
        key: the piece's key it writes (``"name"``, ``"height"``).
        label: what the form calls it (``"Height"``); for a span, what each end is (``"face"``: the form's
            "Left face" and "Right face").
        help: one line on what it takes; ``{unit}`` stands for the scenario's unit in words (``"inches"``).
        kind: ``"id"`` (an id, unique among the pieces of its kind), ``"text"``, ``"section"`` (the id of the
            section it stands on), ``"span"`` (the piece's ``x``, ``[left, right]``, edited as its two ends
            ``x0`` and ``x1``), ``"length"`` (in the scenario's unit) or ``"choice"``.
        choices: a choice's words, ``""`` first when it may be left out.
        new: what a new piece starts with: an id's stem (``"feature"`` → ``"feature-3"``), a text's
            (``"Wall"`` → ``"Wall 3"``), a length with its unit (``"1 in"``; for a span, its width, placed
            in the middle of its section); None: left out.

    Source: issue 26 ("add the rule sets' pieces (… features and openings …)").
    """

    key: str
    label: str
    help: str
    kind: str
    choices: tuple[str, ...] = ()
    new: str | None = None


FORM = (
    PieceKey("id", "Id", "its own id: 1–40 letters, digits, _, - or ., unique among the features", "id", new="feature"),
    PieceKey("name", "Name", "what the feature is called (a wall, a railing, rubble), shown as text", "text",
             new="Wall"),
    PieceKey("on", "Section", "the section it stands on", "section"),
    PieceKey("x", "face", "across, in {unit}, within its section's ends, clear of the other features there", "span",
             new="1/2 in"),
    PieceKey("height", "Height", "how far it rises above its section's surface, in {unit}, more than 0: 1 in or "
                                 "more is an obstacle, under 1 in low terrain, part of its floor (T1)", "length",
             new="1 in"),
    PieceKey("opening", "Opening", "a closed or open door or an archway, only in an obstacle (T5); empty: solid",
             "choice", choices=("", *OPENINGS)),
)
"""A feature's keys as the editor's form shows them, in order; a new one is a small wall, 1/2 in thick and 1 in
high (an obstacle, T1), in the middle of its section."""


@dataclass(frozen=True, slots=True)
class Feature:
    """A terrain feature standing on a section.

    Attributes:
        id: stable identifier, unique among the features.
        name: shown to the user, as text only.
        on: id of the section it stands on.
        x0: its left face, in the scenario's unit (inches).
        x1: its right face, in the scenario's unit; ``x1 > x0``.
        height: how far it rises above the section's surface, in the scenario's unit (> 0).
        opening: one of :data:`OPENINGS`, or None for a solid feature.
    """

    id: str
    name: str
    on: str
    x0: Fraction
    x1: Fraction
    height: Fraction
    opening: str | None = None

    def __post_init__(self) -> None:
        for name in ("x0", "x1", "height"):
            object.__setattr__(self, name, exact(getattr(self, name)))

    @property
    def centre(self) -> Fraction:
        """The horizontal centre, where a move goes through its opening (T5)."""
        return (self.x0 + self.x1) / 2

    @property
    def thickness(self) -> Fraction:
        """Its width across, ``x1 − x0``, in the scenario's unit."""
        return self.x1 - self.x0


def read(c: Checker, raw: Any, sections: list[Section], listed: set[str] | None) -> tuple[Feature, ...]:
    """The document's ``features``, each checked at its place (``features[3].on: names no section: "loft"``).

    A feature must stand on a listed section, within its extent, not overlapping another feature on the
    same section; its height is more than 0; an opening is one of :data:`OPENINGS` (whether a feature may
    have one is the rule set's check, T1).  With ``listed`` None (no usable section list) the section is not
    checked.

    Returns:
        The features that were read, in document order.
    """
    by_id = {s.id: s for s in sections}
    out: list[Feature] = []
    ids: set[str] = set()
    for i, f in enumerate(c.items("features", raw, MAX_FEATURES)):
        at = f"features[{i}]"
        if not isinstance(f, Mapping):
            c.add(at, f'must be a feature, {{"id", "name", "on", "x": [left, right], "height"}}: {c.show(f)}')
            continue
        before = len(c.problems)
        c.unknown(at, f, FEATURE_KEYS)
        for key in ("id", "name", "on", "x", "height"):
            if key not in f:
                c.add(at, f"missing {key!r}")
        if len(c.problems) > before:
            continue
        ident = c.ident(f"{at}.id", f["id"])
        if ident is not None and ident in ids:
            c.add(f"{at}.id", f"repeats the feature id {ident!r}")
            ident = None
        if ident is not None:
            ids.add(ident)
        name = c.text(f"{at}.name", f["name"])
        on = f["on"]
        section = by_id.get(on) if isinstance(on, str) else None
        if listed is not None and (not isinstance(on, str) or on not in listed):
            c.add(f"{at}.on", f"names no section: {c.show(on)}")
        span = f["x"]
        x0 = x1 = None
        if not (isinstance(span, list) and len(span) == 2):
            c.add(f"{at}.x", f"must be [left, right], two lengths: {c.show(span)}")
        else:
            x0 = c.number(f"{at}.x[0]", span[0], -MAX_EXTENT, MAX_EXTENT)
            x1 = c.number(f"{at}.x[1]", span[1], -MAX_EXTENT, MAX_EXTENT)
            if x0 is not None and x1 is not None and x1 <= x0:
                c.add(f"{at}.x", f"right must be more than left: [{lengths.show(x0, c.units)}, "
                                 f"{lengths.show(x1, c.units)}]")
                x0 = None
        height = c.number(f"{at}.height", f["height"], 0, MAX_EXTENT)
        if height is not None and height == 0:
            c.add(f"{at}.height", "must be more than 0")
            height = None
        opening = f.get("opening")
        if opening is not None and opening not in OPENINGS:
            c.add(f"{at}.opening", f"must be one of {', '.join(OPENINGS)}: {c.show(opening)}")
        if section is not None and x0 is not None and x1 is not None and not (
                section.x0 <= x0 and x1 <= section.x1):
            c.add(f"{at}.x", f"must lie on its section {section.id!r}, from {lengths.show(section.x0, c.units)} "
                             f"to {lengths.show(section.x1, c.units)}: [{lengths.show(x0, c.units)}, "
                             f"{lengths.show(x1, c.units)}]")
            continue
        if None in (ident, name, x0, x1, height) or section is None or (
                opening is not None and opening not in OPENINGS):
            continue
        assert ident is not None and name is not None and x0 is not None and x1 is not None and height is not None
        feature = Feature(ident, name, section.id, x0, x1, height, opening)
        for other in out:
            if other.on == feature.on and other.x0 < feature.x1 and feature.x0 < other.x1:
                c.add(f"{at}.x", f"overlaps the feature {other.id!r} on the same section")
                break
        else:
            out.append(feature)
    return tuple(out)


def write(feature: Feature) -> dict[str, Any]:
    """A feature as the document writes it (:func:`read` reads it back to the same value)."""
    exact_ = lengths.to_json
    out: dict[str, Any] = {"id": feature.id, "name": feature.name, "on": feature.on,
                           "x": [exact_(feature.x0), exact_(feature.x1)], "height": exact_(feature.height)}
    if feature.opening is not None:
        out["opening"] = feature.opening
    return out


def inside(features: tuple[Feature, ...], section_id: str, x: Fraction) -> Feature | None:
    """The feature on ``section_id`` whose span holds ``x`` strictly between its faces, or None."""
    for f in features:
        if f.on == section_id and f.x0 < x < f.x1:
            return f
    return None

