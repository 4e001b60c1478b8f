"""How the Jumping rules' ``ask`` answers write a length in feet: a number rounded to hundredths and, for a
rational length, the exact value as text beside it (``"base": 6.67, "base_exact": "20/3"``), as the levels
answers do; a length with √2 in it (a diagonal scatter, J6) has only the number.

Source: issue 25 (``ask`` questions: "feet as a number rounded to hundredths, with ``<name>_exact`` text beside
every rational length").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from vertigo.numbers import rounded

__all__ = ["feet", "number"]


def number(value: Fraction) -> int | float:
    """A length in feet rounded to hundredths, as a JSON number (whole values as ints)."""
    r = rounded(value)
    return r.numerator if r.denominator == 1 else float(r)


def feet(name: str, value: Fraction | None) -> dict[str, Any]:
    """``{name: rounded, name + "_exact": "n/d"}`` for a length in feet (both None for None)."""
    if value is None:
        return {name: None, f"{name}_exact": None}
    return {name: number(value), f"{name}_exact": str(value)}
