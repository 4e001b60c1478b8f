"""How the Jumping rules draw a section's footing: difficult terrain or poor footing is a dashed brown line on top
of its surface (clear of the Jump mode's shading, which runs under it), and its title and accessible name say what
it is and what a landing on it costs (J8).

Registered with the renderer (:func:`vertigo_view.looks.register`) when the Jumping rules' view is imported.

Source: ``003_d3aa233771e16bb9.txt`` › Landing in Terrain Features; ruling J8.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from vertigo.battlefield import Section
from vertigo.rules.jumping.rules import RULE_SET
from vertigo.rules.jumping.rules.fields import FOOTING
from vertigo_view.looks import Look, Place, TerrainLooks

__all__ = ["LOOKS", "FOOTING_COLOUR", "footing_note"]

FOOTING_COLOUR = "#6b4a2b"
"""The footing line's colour (mud brown)."""


def footing_note(section: Section) -> str:
    """What a section's footing is to a jumper, for its title: ``"poor footing (2 Move points): a landing
    checks again (J8)"``; "" for firm ground."""
    f = section[FOOTING]
    return "" if f is None else f"{f.words}: a landing checks again (J8)"


def _section(section: Section, place: Place) -> Look | None:
    f = section[FOOTING]
    if f is None:
        return None
    line = ET.Element("line", {"class": "footing-line", "x1": str(round(place.x0 + 1, 2)),
                               "x2": str(round(place.x1 - 1, 2)), "y1": str(round(place.top - 2, 2)),
                               "y2": str(round(place.top - 2, 2)), "stroke": FOOTING_COLOUR, "stroke-width": "4",
                               "stroke-dasharray": "6 4", "vector-effect": "non-scaling-stroke"})
    return Look((f"footing-{f.kind}",), footing_note(section), marks=(line,))


LOOKS = TerrainLooks(RULE_SET.id, section=_section)
"""The Jumping rules' looks: a section's footing (J8)."""
