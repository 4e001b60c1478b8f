"""How the Terrain features rules' ``ask`` answers write a length: a number rounded to hundredths, and the
exact value as text beside it (``"cost_in": 6.33, "cost_in_exact": "19/3"``), as the levels answers do.

Source: issue 24 (``ask`` questions: "a number rounded to hundredths, and ``<name>_exact`` text beside
every length").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from vertigo.numbers import rounded

__all__ = ["inches"]


def inches(name: str, value: Fraction | None) -> dict[str, Any]:
    """``{name: rounded, name + "_exact": "n/d"}`` for a length in inches (both None for None)."""
    if value is None:
        return {name: None, f"{name}_exact": None}
    r = rounded(value)
    return {name: r.numerator if r.denominator == 1 else float(r), f"{name}_exact": str(value)}
