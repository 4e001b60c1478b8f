"""The lantern rule set's marks and panel pieces: a ring of light round each lit lantern, and the verdict."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping

from lantern.rules import HOODED, LANTERN, SeenVerdict
from vertigo.table import Table
from vertigo_view import panels

__all__ = ["light_mark", "verdict_panel"]


def light_mark(table: Table, where: Mapping[str, tuple[float, float]]) -> ET.Element | None:
    """A ``g.lantern-light`` with a circle round each fighter whose lantern is lit (SVG units), or None."""
    lit = [f.id for f in table.scenario.fighters if f[LANTERN] and not table.state(f.id, HOODED) and f.id in where]
    if not lit:
        return None
    g = ET.Element("g", {"class": "lantern-light"})
    for fid in lit:
        x, y = where[fid]
        ET.SubElement(g, "circle", {"cx": f"{x:g}", "cy": f"{y:g}", "r": "30", "data-fighter": fid})
    return g


def verdict_panel(verdict: SeenVerdict, hooded: bool) -> ET.Element:
    """The verdict's panel section, with the button that hoods or unhoods the selected fighter's lantern."""
    section = ET.Element("section", {"class": "verdict", "data-testid": "lantern-verdict"})
    ET.SubElement(section, "p").text = f"{verdict.target}: {verdict.summary}"
    panels.button(section, "Unhood my lantern" if hooded else "Hood my lantern", "hood", None)
    return section
