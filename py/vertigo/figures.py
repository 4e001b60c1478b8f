"""How tall a fighter's figure is drawn on a battlefield drawn to scale (feet, inches).

No rule reads a figure's height (the rules measure between standing surfaces, G1): the side view draws each
fighter as a figure this tall, and the editor's warnings (:mod:`vertigo.editing.drawing_checks`) say when a
figure so drawn reaches through a slab.  Both read it here, so the drawing and the warning cannot disagree.

A fighter's Size Modifier is the document's fighter key ``"sm"`` (``docs/rules.md`` › Scenario format), held in
the fighter's declared values whichever rule set declares it (:attr:`vertigo.scenario.Fighter.values`); a
fighter without one is SM 0.

Source: issue 6 (figures drawn to scale: "the longest dimension of the GURPS Size and Speed/Range table");
issue 26 ("on battlefields drawn to scale, a figure whose height crosses a slab over its x").
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .scenario import Fighter

__all__ = ["SIZE_BY_SM", "FIGURE_FOOT", "SIZE_KEY", "figure_height", "size_modifier", "figure_size"]

SIZE_BY_SM: Mapping[int, Fraction] = {
    -10: Fraction(1, 8), -9: Fraction(1, 6), -8: Fraction(1, 4), -7: Fraction(5, 12), -6: Fraction(2, 3),
    -5: Fraction(1), -4: Fraction(3, 2), -3: Fraction(2), -2: Fraction(3), -1: Fraction(9, 2), 0: Fraction(6),
    1: Fraction(9), 2: Fraction(15), 3: Fraction(21), 4: Fraction(30), 5: Fraction(45), 6: Fraction(60),
    7: Fraction(90), 8: Fraction(150), 9: Fraction(210), 10: Fraction(300),
}
"""How tall a fighter is drawn, in feet, by Size Modifier: the longest dimension of the GURPS Size and
Speed/Range table (SM 0: 2 yd; −2: 1 yd; +1: 3 yd … +10: 100 yd; −3: 2 ft … −10: 1.5 in).  Drawing only:
no rule reads it (the levels rules measure between standing surfaces, G1)."""

FIGURE_FOOT: Mapping[str, Fraction] = {"height": Fraction(0), "feet": Fraction(1), "inches": Fraction(5, 24)}
"""Scenario units one real foot of a figure is drawn as, by unit system: 1 in a feet scenario; in an inches
scenario (tabletop skirmish, 002) figures are miniatures, 6 ft drawn as 1.25 in; 0 in the Height frame, which
draws tokens, not figures."""

SIZE_KEY = "sm"
"""The document's fighter key that holds a fighter's Size Modifier (a whole number, −10 … +10)."""


def figure_height(sm: int) -> Fraction:
    """How tall a fighter of Size Modifier ``sm`` is drawn, in feet (:data:`SIZE_BY_SM`, clamped to its ends)."""
    return SIZE_BY_SM[min(max(SIZE_BY_SM), max(min(SIZE_BY_SM), sm))]


def size_modifier(fighter: Fighter) -> int:
    """A fighter's Size Modifier (:data:`SIZE_KEY` among its declared values; 0 when it has none)."""
    for key, value in fighter.values:
        if key == SIZE_KEY and isinstance(value, int) and not isinstance(value, bool):
            return value
    return 0


def figure_size(fighter: Fighter, units: str) -> Fraction:
    """How tall a fighter's figure is drawn, in the scenario's unit: :func:`figure_height` of its Size
    Modifier times :data:`FIGURE_FOOT` (0 in a Height scenario, which draws tokens).

    Raises:
        KeyError: ``units`` is not a unit system (:data:`vertigo.lengths.UNITS`).
    """
    return figure_height(size_modifier(fighter)) * FIGURE_FOOT[units]
