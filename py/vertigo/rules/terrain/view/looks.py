"""How the Terrain features rules draw a feature: an obstacle as a solid wall, low terrain as a speckled heap
(T1), an opening in an obstacle as a door leaf, a door swung open or an arched gap (T5); each with its title, its
tag and the drawing's key.

A feature is drawn from its left face to its right and up its height over the surface of the section it stands
on, in that section's group: it is not a place to stand, so a click on it is a click on its section.  An opening
is drawn in the lower part of its feature, :data:`OPENING_TALL` tall, or :data:`OPENING_SHARE` of a lower
feature's height, so some wall always stands over it and it reads as a gap in a wall.

Registered with the renderer (:func:`vertigo_view.looks.register`) when the Terrain features rules' view is
imported.

Source: ``002_c9100305c0bcca6b.txt`` › Obstacles, Low terrain, Archways and doors; rulings T1, T5; issue 24
("Drawn: features (obstacle or low terrain), openings, ladders, fighters part way up. The new pieces meet the side
view's tap-region and label rules").
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from fractions import Fraction

from vertigo.battlefield import Battlefield
from vertigo.features import Feature
from vertigo.rules.terrain.rules import RULE_SET
from vertigo.rules.terrain.rules.kinds import feature_kind
from vertigo_view.looks import KeyEntry, Look, Place, TerrainLooks

__all__ = ["LOOKS", "RUBBLE", "OPENING_TALL", "OPENING_SHARE", "OPENING_WORDS", "feature_note", "feature_tag"]

RUBBLE = "rubble-speckle"
"""The id of the ``<pattern>`` low terrain is filled with."""
OPENING_TALL = Fraction(2)
"""How tall an opening is drawn at the foot of its feature, in inches, at most."""
OPENING_SHARE = Fraction(3, 4)
"""The most of its feature's height an opening is drawn (a 1 1/2 in bulkhead: an arch 1 1/8 in tall)."""
OPENING_WORDS = {"door-closed": "closed door", "door-open": "open door", "archway": "archway"}
"""An opening as a title names it."""
_TAG_WORDS = {"door-closed": "door", "door-open": "open door", "archway": "archway"}


def _r(v: float) -> str:
    """An SVG number: hundredths, never ``-0.0``."""
    return str(round(v, 2) + 0.0)


def feature_note(feature: Feature, place: Place) -> str:
    """What a feature is, after its name in its title (T1, T5): ``"obstacle, 4 in, closed door"``,
    ``"low terrain, 0.75 in"``."""
    kind = feature_kind(feature)
    opening = f", {OPENING_WORDS[feature.opening]}" if feature.opening in OPENING_WORDS else ""
    return f"{kind.name}, {place.short(feature.height)}{opening}"


def feature_tag(feature: Feature, place: Place) -> str:
    """A feature's tag over its top: ``"T1 obstacle 4 in"``, ``"T1 low 0.75 in"``; an obstacle with an opening,
    ``"T1 4 in · T5 door"`` (``open door``, ``archway``)."""
    height = place.short(feature.height)
    if feature.opening in _TAG_WORDS:
        return f"T1 {height} · T5 {_TAG_WORDS[feature.opening]}"
    return f"T1 {'obstacle' if feature_kind(feature).obstacle else 'low'} {height}"


def _rubble(field: Battlefield) -> Sequence[ET.Element]:
    """The speckle pattern, where a feature of the battlefield is low terrain (none elsewhere)."""
    if not any(not feature_kind(f).obstacle for f in field.features):
        return ()
    pattern = ET.Element("pattern", {"id": RUBBLE, "patternUnits": "userSpaceOnUse", "width": "7", "height": "7"})
    ET.SubElement(pattern, "rect", {"width": "7", "height": "7", "fill": "#c8b28c"})
    for cx, cy, r, fill in (("1.5", "1.5", "1.2", "#6e5a3e"), ("5", "3", "0.9", "#8c7350"),
                            ("2.5", "5.5", "1", "#5a4a33"), ("6", "6.2", "0.6", "#6e5a3e")):
        ET.SubElement(pattern, "circle", {"cx": cx, "cy": cy, "r": r, "fill": fill})
    return (pattern,)


def _opening(feature: Feature, place: Place) -> list[ET.Element]:
    """An obstacle with an opening: the wall above its gap (``.feature-body``, with an arched underside for an
    archway), the gap's outline (``.doorway``), and a closed door's leaf filling the gap with its knob, or an open
    door's leaf swung aside at its right face (``.door-leaf``, ``.door-knob``)."""
    x0, x1, top, foot = place.x0, place.x1, place.top, place.bottom
    w = x1 - x0
    gap = float(min(OPENING_TALL, feature.height * OPENING_SHARE)) * place.per_level
    lintel = foot - gap  # the y of the gap's top
    out: list[ET.Element] = []
    if feature.opening == "archway":
        rise = min(w / 2, gap / 2)
        spring = lintel + rise
        out.append(ET.Element("path", {"class": "feature-body", "d": (
            f"M{_r(x0)} {_r(top)} H{_r(x1)} V{_r(spring)} A{_r(w / 2)} {_r(rise)} 0 0 0 {_r(x0)} {_r(spring)} Z")}))
        out.append(ET.Element("path", {"class": "doorway", "d": (
            f"M{_r(x0)} {_r(foot)} V{_r(spring)} A{_r(w / 2)} {_r(rise)} 0 0 1 {_r(x1)} {_r(spring)} V{_r(foot)}")}))
        return out
    if lintel > top:
        out.append(ET.Element("rect", {"class": "feature-body", "x": _r(x0), "y": _r(top), "width": _r(w),
                                       "height": _r(lintel - top)}))
    out.append(ET.Element("rect", {"class": "doorway", "x": _r(x0), "y": _r(lintel), "width": _r(w),
                                   "height": _r(gap)}))
    if feature.opening == "door-closed":
        out.append(ET.Element("rect", {"class": "door-leaf", "x": _r(x0), "y": _r(lintel), "width": _r(w),
                                       "height": _r(gap)}))
        out.append(ET.Element("circle", {"class": "door-knob", "cx": _r(x0 + w * 0.75), "cy": _r(foot - gap * 0.45),
                                         "r": _r(max(0.5, min(w / 6, gap / 12)))}))
    else:  # open: the leaf swung out of the gap, hinged at the right face and seen from the side
        reach = gap * 0.4
        out.append(ET.Element("polygon", {"class": "door-leaf swung", "points": " ".join(
            f"{_r(x)},{_r(y)}" for x, y in ((x1, lintel), (x1 + reach, lintel + gap * 0.1), (x1 + reach, foot),
                                            (x1, foot)))}))
    return out


def _feature(feature: Feature, place: Place) -> Look:
    """A feature (T1, T5): ``.obstacle`` or ``.low-terrain`` and its opening's kind (``.door-closed``,
    ``.door-open``, ``.archway``) as classes; its note and tag (:func:`feature_note`, :func:`feature_tag`); a
    solid wall from its top to its foot (``rect.feature-body``), a speckled heap for low terrain, and its opening
    (:func:`_opening`)."""
    obstacle = feature_kind(feature).obstacle
    classes = ("obstacle" if obstacle else "low-terrain", *([feature.opening] if feature.opening else []))
    marks: list[ET.Element]
    if obstacle and feature.opening in OPENING_WORDS:
        marks = _opening(feature, place)
    elif obstacle:
        marks = [ET.Element("rect", {"class": "feature-body", "x": _r(place.x0), "y": _r(place.top),
                                     "width": _r(place.x1 - place.x0), "height": _r(place.bottom - place.top)})]
    else:
        tall = place.bottom - place.top
        marks = [ET.Element("rect", {"class": "feature-body", "x": _r(place.x0), "y": _r(place.top),
                                     "width": _r(place.x1 - place.x0), "height": _r(tall),
                                     "rx": _r(min(place.x1 - place.x0, tall) / 4), "fill": f"url(#{RUBBLE})"})]
    return Look(classes, feature_note(feature, place), feature_tag(feature, place), tuple(marks))


KEY = (
    KeyEntry("obstacle", "T1 obstacle 4 in", "A wall, railing or other feature rising 1 in or more from the floor "
             "it stands on, drawn solid: no fighter walks through it; one climbs over it, and the inches climbed "
             "count against the move.", "T1"),
    KeyEntry("low-terrain", "T1 low 0.75 in", "Rubble or debris under 1 in tall, speckled: part of the floor it "
             "stands on; crossing it costs only the inches across.", "T1"),
    KeyEntry("door", "T5 door", "An opening at the foot of an obstacle: a closed door (its leaf fills the gap), an "
             "open door (its leaf swung aside) or an archway (an arched gap). A fighter goes straight through its "
             "centre, a closed door too; a melee attack reaches through a closed door, 1 in either side.", "T5"),
)
"""The Terrain features rules' lines of the drawing's key."""

LOOKS = TerrainLooks(RULE_SET.id, key=KEY, defs=_rubble, feature=_feature)
"""The Terrain features rules' part of the terrain's drawing."""
