"""How the Height rules' terrain fields are drawn: a section that blocks sight is hatched (H11), a border that
states its own Height is tagged with it (H15), a Climbing obstacle is drawn as a wall with holds (H9); and their
lines of the drawing's key, with the floor that hides (H10).

Registered with the renderer (:func:`vertigo_view.looks.register`) when the Height rules' view is imported.

Source: ``000_519d8b8e373365db.txt`` › Exploration (Climbing obstacles); rulings H9, H10, H11, H15; issue 23
("Sight-blocking sections are drawn as such (hatched woods or smoke), stairs as stairs, ladders as ladders. The
Rules glossary explains each").
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from fractions import Fraction

from vertigo.battlefield import Battlefield, Border, Section
from vertigo.numbers import fmt
from vertigo.rules.height.rules import RULE_SET
from vertigo.rules.height.rules.fields import BLOCKS_SIGHT, CLIMBING, STATED
from vertigo_view.looks import KeyEntry, Look, Place, TerrainLooks, across_px

__all__ = ["LOOKS", "HATCH", "SCREEN", "border_tag"]

HATCH = "sight-hatch"
"""The id of the ``<pattern>`` a sight-blocking section's screen is filled with."""
SCREEN = Fraction(3, 4)
"""How tall a sight-blocking section's hatched screen stands over its surface, Height levels (trees, smoke)."""
HOLDS_EVERY = 10.0
"""A climbing wall's holds are this far apart or a little more, SVG units."""


def _hatch(field: Battlefield) -> Sequence[ET.Element]:
    """The hatch pattern, where a section of the battlefield blocks sight (none elsewhere)."""
    if not any(s[BLOCKS_SIGHT] for s in field.sections):
        return ()
    pattern = ET.Element("pattern", {"id": HATCH, "patternUnits": "userSpaceOnUse", "width": "8", "height": "8",
                                     "patternTransform": "rotate(45)"})
    ET.SubElement(pattern, "rect", {"width": "8", "height": "8", "fill": "#3d7a3a", "fill-opacity": "0.3"})
    ET.SubElement(pattern, "line", {"x1": "0", "y1": "0", "x2": "0", "y2": "8", "stroke": "#23521f",
                                    "stroke-width": "3"})
    return (pattern,)


def _section(section: Section, place: Place) -> Look | None:
    """A section that blocks sight (H11): ``.sight-blocking``, a hatched screen (``rect.screen``) :data:`SCREEN`
    levels tall standing on its surface (trees, smoke), and "blocks sight (H11)" in its name."""
    if not section[BLOCKS_SIGHT]:
        return None
    tall = round(float(SCREEN) * place.per_level, 2)
    screen = ET.Element("rect", {"class": "screen", "x": str(place.x0), "y": str(round(place.top - tall, 2)),
                                 "width": str(round(place.x1 - place.x0, 2)), "height": str(tall),
                                 "fill": f"url(#{HATCH})"})
    return Look(("sight-blocking",), "blocks sight (H11)", marks=(screen,))


def border_tag(border: Border, difference: Fraction, place: Place) -> str | None:
    """A border's tag where the Height rules' fields change it, else None (the renderer's Height tag).

    A stated Height (H15) with the border's kind: ``"H1 ladder"``, ``"H0 stair"``; without a kind,
    ``"H1 stated"``.  A Climbing obstacle (H9) adds ``"climb 2"`` after the Height (``"H2 · climb 2"``), or
    stands alone on a border between sections at the same height.
    """
    stated, climbing = border[STATED], border[CLIMBING]
    if stated is None and climbing is None:
        return None
    tag = place.short(difference) if difference else ""
    if stated is not None:
        tag = f"{place.short(stated)} {border.kind or 'stated'}"
    if climbing is not None:
        tag = f"{tag} · climb {fmt(climbing)}" if tag else f"climb {fmt(climbing)}"
    return tag


def _wall(climbing: Fraction, place: Place) -> ET.Element:
    """A Climbing obstacle: a wall 6 px wide (``rect.climb-wall``) from the lower surface up its Height, with
    holds on alternate sides (``line.hold``)."""
    tall = round(float(climbing) * place.per_level, 2)
    outer, g = across_px(place.x0, place.bottom, "climbing-marks")
    ET.SubElement(g, "rect", {"class": "climb-wall", "x": "-3", "y": str(-tall), "width": "6", "height": str(tall)})
    n = max(1, min(60, int(tall // HOLDS_EVERY)))
    for i in range(n):
        y = str(round(-tall * (i + 0.5) / n, 2))
        x1, x2 = ("-7", "-3") if i % 2 else ("3", "7")
        ET.SubElement(g, "line", {"class": "hold", "x1": x1, "y1": y, "x2": x2, "y2": y})
    return outer


def _border(border: Border, difference: Fraction, place: Place) -> Look | None:
    """A border with a stated Height (``.stated``, H15) or a Climbing obstacle (``.climbing`` and its wall, H9):
    its tag (:func:`border_tag`) and what its title adds."""
    stated, climbing = border[STATED], border[CLIMBING]
    if stated is None and climbing is None:
        return None
    classes: list[str] = []
    notes: list[str] = []
    marks: list[ET.Element] = []
    if stated is not None:
        classes.append("stated")
        notes.append(f"moves and falls across it use its stated Height {fmt(stated)} (H15)")
    if climbing is not None:
        classes.append("climbing")
        notes.append(f"a Climbing obstacle of Height {fmt(climbing)} (H9)")
        marks.append(_wall(climbing, place))
    return Look(tuple(classes), "; ".join(notes), border_tag(border, difference, place), tuple(marks))


KEY = (
    KeyEntry("sight-blocking", "Hatched", "Woods, smoke or a curtain wall: a shot whose line passes through it is "
             "blocked, whatever its Height; the sections the two fighters stand on never block their own shot.",
             "H11"),
    KeyEntry("floor", "Floor", "A floor, roof or balcony (a plate on posts) hides a fighter strictly under it from "
             "a fighter on it or above it; a fighter beyond its edge can be seen.", "H10"),
    KeyEntry("stated", "H1 ladder", "A stair, ladder or ramp that states its own Height: moves, falls and pushes "
             "across it use that Height (H0 stair: no fall), range and sight still the elevations.", "H15"),
    KeyEntry("climbing", "climb 2", "A Climbing obstacle of that Height, a wall with holds: any fighter may try to "
             "climb it; if its Reaction takes effect, the fighter falls its Height.", "H9"),
)
"""The Height rules' lines of the drawing's key."""

LOOKS = TerrainLooks(RULE_SET.id, _section, _border, _hatch, KEY)
"""The Height rules' part of the terrain's drawing."""
