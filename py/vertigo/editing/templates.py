"""Drafts to start from: a blank battlefield per unit system and one per registered rule set.

Built from the registry alone (:data:`vertigo.rules.REGISTRY`): a rule set added later has its template
with no code here.

Source: issue 26 ("Start from blank, from a bundled battlefield, or from a template for each rule set (units
and rules chosen first)").
"""

from __future__ import annotations

from dataclasses import dataclass

from vertigo.lengths import UNITS
from vertigo.rules import REGISTRY, default_rules
from vertigo.scenario import FORMAT_VERSION

from .edits import Doc, EditError

__all__ = ["Template", "blank", "templates", "WIDTH", "UNIT_NAMES"]

WIDTH = {"height": 12, "feet": 60, "inches": 48}
"""How wide a blank battlefield's ground is, in its unit: 12 sections' widths, 60 ft (a street and two houses),
48 in (a 4-ft table)."""
UNIT_NAMES = {"height": "Height levels", "feet": "feet", "inches": "inches"}
"""How a template's title names a unit system."""


@dataclass(frozen=True)
class Template:
    """A draft to start from.

    Attributes:
        key: ``"blank-<units>"`` or ``"rules-<rule set id>"``.
        title: what the start panel shows (``"Blank, in feet"``).
        doc: the draft (never mutated: each start copies nothing, as edits never change it).
    """

    key: str
    title: str
    doc: Doc


def blank(units: str, rules: tuple[str, ...], title: str = "New battlefield") -> Doc:
    """A blank draft: one ground section ``"Ground"`` (id ``"ground"``) at 0 from 0 across
    :data:`WIDTH` of the unit, no borders, no fighters.

    Args:
        units: one of :data:`vertigo.lengths.UNITS`.
        rules: the ids of the rule sets that referee it, in order.
        title: its title.

    Raises:
        EditError: ``units`` is not a unit system.
    """
    if units not in UNITS:
        raise EditError(f"A battlefield measures in {', '.join(UNITS)}, not {units!r}.")
    return {"vertigo": FORMAT_VERSION, "title": title, "units": units, "rules": list(rules), "dice_seed": 1,
            "sections": [{"id": "ground", "name": "Ground", "elevation": 0, "x": [0, WIDTH[units]]}],
            "borders": [], "fighters": []}


def templates() -> tuple[Template, ...]:
    """One blank per unit system (refereed by the rule sets its unit defaults to), then one per registered
    rule set in registry order (in its first unit, refereed by it alone)."""
    out = [Template(f"blank-{u}", f"Blank, in {UNIT_NAMES[u]}", blank(u, default_rules(u))) for u in UNITS]
    for r in REGISTRY.values():
        title = r.title[:1].upper() + r.title[1:]
        out.append(Template(f"rules-{r.id}", f"{title}, in {UNIT_NAMES.get(r.units[0], r.units[0])}",
                            blank(r.units[0], (r.id,))))
    return tuple(out)
