"""What a rule set adds to the drawing of the terrain: marks on a section, a border or a terrain feature, a
border's or a feature's tag, and its lines of the drawing's key in the Rules glossary.

The renderer names no rule set (``docs/design.md``): a rule set whose fields change how terrain is drawn builds
one :class:`TerrainLooks` in its ``view`` part and hands it to :func:`register` when that part is imported (the
page imports every rule set's mode, and so its view, before it draws anything).  The renderer then asks every
registered look about each section, border and feature (:func:`section_look`, :func:`border_look`,
:func:`feature_look`) and draws what they answer in that section's, border's or feature's group; a look that has
nothing to say answers None.

Each mark is an ElementTree element in the drawing's units (``Place``), so every text in it is escaped; a mark
that should keep its width in CSS px while the view zooms goes in :func:`across_px`.

Source: issue 23 ("Sight-blocking sections are drawn as such (hatched woods or smoke), stairs as stairs,
ladders as ladders. The Rules glossary explains each").
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction

from vertigo.battlefield import Battlefield, Border, Section
from vertigo.features import Feature

__all__ = ["Place", "Look", "KeyEntry", "TerrainLooks", "register", "registered", "adding", "on_change",
           "section_look", "border_look", "feature_look", "terrain_defs", "drawing_key", "across_px", "SHARED_KEY"]


@dataclass(frozen=True, slots=True)
class Place:
    """Where a section, a border or a terrain feature is drawn, SVG units (y grows downward).

    Attributes:
        x0: a section's left end; a border's x; a feature's left face.
        x1: a section's right end; a border's x again; a feature's right face.
        top: the y of a section's highest surface; of the higher surface a border meets; of a feature's top (its
            height over its section's surface at its centre).
        bottom: the y of a section's body's foot (ground: the view's bottom; a slab: under its plate); of the
            lower surface a border meets; of a feature's foot (the lowest surface of its section under it).
        per_level: SVG units per unit of the scenario up (a Height level, a foot).
        short: a length as a Height tag writes it (``"H3"``, ``"8 ft"``).
    """

    x0: float
    x1: float
    top: float
    bottom: float
    per_level: float
    short: Callable[[Fraction], str]


@dataclass(frozen=True, slots=True)
class Look:
    """What one rule set adds to one section or border.

    Attributes:
        classes: added to the group's ``class`` (``"sight-blocking"``), for the page's style and for tests.
        note: added to the title and the accessible name, after a semicolon (``"blocks sight (H11)"``); a
            feature's title is its name, a dash and the note (``"West wall — obstacle, 4 in, closed door"``).
        tag: a border's tag in place of its Height (``"H1 ladder"``); None keeps the Height; "" drops the tag.  A
            feature's tag, over its top (``"T1 obstacle 4 in"``); None or "": none.
        marks: elements drawn in the group, over what the renderer draws there.
    """

    classes: tuple[str, ...] = ()
    note: str = ""
    tag: str | None = None
    marks: tuple[ET.Element, ...] = ()


@dataclass(frozen=True, slots=True)
class KeyEntry:
    """One line of the drawing's key, under the Rules glossary.

    Attributes:
        swatch: the class of the small picture the key shows (``static/style.css``: ``.swatch.<swatch>``).
        term: what the drawing shows, in a word or two (``"Hatched"``, ``"H1 ladder"``).
        text: what it means, one sentence or two.
        rule: the ruling it comes from (``"H11"``), a link to its glossary entry; "" for none.
    """

    swatch: str
    term: str
    text: str
    rule: str = ""


def _no_section(section: Section, place: Place) -> Look | None:
    return None


def _no_border(border: Border, difference: Fraction, place: Place) -> Look | None:
    return None


def _no_defs(field: Battlefield) -> Sequence[ET.Element]:
    return ()


def _no_feature(feature: Feature, place: Place) -> Look | None:
    return None


@dataclass(frozen=True)
class TerrainLooks:
    """A rule set's part of the terrain's drawing.

    Attributes:
        owner: who registers it (its rule set's id); a second registration under the same owner replaces it.
        section: the look of one section at its place, or None.
        border: the look of one border, given the Height difference of the surfaces it meets, or None.
        defs: elements for the drawing's ``<defs>`` (a ``<pattern>`` a mark fills with), given the battlefield:
            none where nothing on it needs them.
        key: its lines of the drawing's key.
        feature: the look of one terrain feature (:class:`vertigo.features.Feature`) at its place, or None: what
            it is to the rule set (classes, a note, a tag) and how it is drawn (its marks; where no look draws
            any, the renderer draws a plain box).
    """

    owner: str
    section: Callable[[Section, Place], Look | None] = _no_section
    border: Callable[[Border, Fraction, Place], Look | None] = _no_border
    defs: Callable[[Battlefield], Sequence[ET.Element]] = _no_defs
    key: tuple[KeyEntry, ...] = ()
    feature: Callable[[Feature, Place], Look | None] = _no_feature


_REGISTERED: dict[str, TerrainLooks] = {}
_CHANGED: list[Callable[[], None]] = []
"""What to call when the looks change: the renderer's memo forgets the tags it worked out with the old ones."""


def register(looks: TerrainLooks) -> None:
    """Add a rule set's looks (in place of those it registered before, keeping their order)."""
    _REGISTERED[looks.owner] = looks
    for changed in _CHANGED:
        changed()


@contextmanager
def adding(looks: TerrainLooks) -> Iterator[None]:
    """Register ``looks`` inside a ``with`` block (a test's rule set), then put back what was registered before.

    Raises:
        ValueError: looks are registered under that owner already.
    """
    if looks.owner in _REGISTERED:
        raise ValueError(f"looks are registered for {looks.owner!r} already")
    register(looks)
    try:
        yield
    finally:
        del _REGISTERED[looks.owner]
        for changed in _CHANGED:
            changed()


def registered() -> tuple[TerrainLooks, ...]:
    """Every registered look, in the order they were first registered."""
    return tuple(_REGISTERED.values())


def on_change(call: Callable[[], None]) -> None:
    """Call ``call`` whenever a look is registered (the renderer's memo)."""
    _CHANGED.append(call)


def _merged(looks: Sequence[Look]) -> Look | None:
    if not looks:
        return None
    if len(looks) == 1:
        return looks[0]
    tags = [look.tag for look in looks if look.tag is not None]
    return Look(tuple(c for look in looks for c in look.classes), "; ".join(look.note for look in looks if look.note),
                tags[0] if tags else None, tuple(m for look in looks for m in look.marks))


def section_look(section: Section, place: Place) -> Look | None:
    """What every registered look adds to a section, together (classes, notes and marks in order), or None."""
    return _merged([look for r in _REGISTERED.values() if (look := r.section(section, place)) is not None])


def border_look(border: Border, difference: Fraction, place: Place) -> Look | None:
    """What every registered look adds to a border, together (the first look's tag that gives one), or None."""
    return _merged([look for r in _REGISTERED.values()
                    if (look := r.border(border, difference, place)) is not None])


def feature_look(feature: Feature, place: Place) -> Look | None:
    """What every registered look adds to a terrain feature, together (the first look's tag that gives one), or
    None."""
    return _merged([look for r in _REGISTERED.values() if (look := r.feature(feature, place)) is not None])


def terrain_defs(field: Battlefield) -> list[ET.Element]:
    """Every registered look's ``<defs>`` elements for this battlefield."""
    return [e for r in _REGISTERED.values() for e in r.defs(field)]


SHARED_KEY = (
    KeyEntry("height-tag", "H3", "A border's tag: its Height, the difference of the two surfaces it meets; a "
             "border between two sections at the same height has none.", "H1"),
    KeyEntry("stair", "Stair", "A border of kind stair, drawn as a flight of treads from the lower floor to the "
             "upper; it keeps its Height tag."),
    KeyEntry("ladder", "Ladder", "A border of kind ladder, drawn as two rails and rungs; it keeps its Height tag."),
)
"""The renderer's own lines of the drawing's key: what it draws whatever rule sets referee the battlefield."""


def drawing_key() -> tuple[KeyEntry, ...]:
    """The drawing's key: the renderer's own lines (:data:`SHARED_KEY`), then every registered look's."""
    return SHARED_KEY + tuple(k for r in _REGISTERED.values() for k in r.key)


def across_px(x: float, y: float, cls: str = "") -> tuple[ET.Element, ET.Element]:
    """A group at SVG point (x, y) whose x is drawn in CSS px at every zoom and whose y stays in SVG units: a
    mark as wide on screen at every zoom (a ladder's rails) that still reaches from one surface to another.

    ``<g transform="translate(x y)"><g class="px-across …">…</g></g>``: ``static/style.css`` scales
    ``.px-across`` across by the page's ``--k`` (SVG units per CSS px) and not up.

    Returns:
        (the outer group, to add to the drawing; the inner group, to draw in).
    """
    outer = ET.Element("g", {"transform": f"translate({round(x, 2) + 0.0} {round(y, 2) + 0.0})"})  # no "-0.0"
    return outer, ET.SubElement(outer, "g", {"class": f"px-across {cls}".strip()})
