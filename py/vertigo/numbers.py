"""Number formatting shared by parsers and explanations."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["fmt", "rounded", "hundredths", "count", "signed", "json_number", "MINUS"]

MINUS = "\u2212"
"""The minus sign of every explanation that writes a signed modifier (``−2``)."""


def fmt(value: float | Fraction) -> str:
    """Format a Height, range or count the way the rules write it.

    Whole numbers print without a decimal point (``3``), others in the
    shortest form that round-trips (``1.5``).

    Args:
        value: an int, float or exact Fraction (a Fraction no decimal holds
            shows rounded to hundredths: ``2/3`` → ``"0.67"``).

    Returns:
        The text, e.g. ``"2"``, ``"-6"``, ``"1.5"``; magnitudes of 10^15 and
        more in short scientific form (``"1e+308"``), so a message quoting an
        absurd number stays readable.
    """
    if isinstance(value, int):
        if abs(value) < 10**15:
            return str(value)
        digits = str(abs(value))  # too large for a float: write the mantissa by hand
        return f"{'-' if value < 0 else ''}{digits[0]}.{digits[1:3]}e+{len(digits) - 1}"
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return fmt(int(value))
        if abs(value) >= 10**15:
            return f"{float(value):.3g}"
        shown = repr(float(value))
        return hundredths(value, "-") if "e" in shown or Fraction(shown) != value else shown
    if abs(value) >= 1e15:
        return f"{value:.3g}"
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def rounded(value: Fraction | int) -> Fraction:
    """``value`` to the nearest hundredth, halves away from zero (for showing only: 1/8 → 0.13, −1/8 → −0.13)."""
    h = _hundredths_away(value)
    return Fraction(h if value >= 0 else -h, 100)


def _hundredths_away(value: Fraction | int) -> int:
    """``floor(|value| × 100 + 1/2)`` in whole numbers (no Fraction arithmetic: explanations show many lengths)."""
    if isinstance(value, int):
        n, d = value, 1
    else:
        exact = value if isinstance(value, Fraction) else Fraction(value)
        n, d = exact.numerator, exact.denominator
    return (200 * abs(n) + d) // (2 * d)


def hundredths(value: Fraction | int, minus: str = MINUS) -> str:
    """An exact number as explanations show it: :func:`rounded`, without trailing zeros.

    ``6``, ``2.5``, ``0.67`` (2/3), ``−3``; a value that rounds to 0 is
    ``0``, never ``−0``.  ``minus`` is the sign written before a negative
    value (the typographic minus, or ``-`` where the text must read back).
    """
    h = _hundredths_away(value)
    whole, rest = divmod(h, 100)
    text = str(whole) if rest == 0 else f"{whole}.{rest:02d}".rstrip("0")
    return minus + text if value < 0 and h else text


def count(n: int, word: str) -> str:
    """``"1 step"``, ``"3 steps"``: a count with its noun (regular plural)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def signed(n: int) -> str:
    """A modifier with its sign, as GURPS writes it: ``+1``, ``−2``, ``+0``."""
    return f"+{n}" if n >= 0 else f"{MINUS}{-n}"


def json_number(value: float | Fraction) -> int | float:
    """A Height, range or count as a JSON number: whole values as ints (``3``, not ``3.0``).

    Every ``to_json`` of the core writes numbers through this, so the same
    value is the same JSON text wherever it appears.

    Args:
        value: an int, a finite float or an exact Fraction.

    Returns:
        ``int(value)`` when it is whole, else the nearest float (``1.5``).
    """
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return int(value) if float(value).is_integer() else value
