"""Exact lengths in a scenario's unit: parsed with a bounded guard, shown rounded.

Every coordinate of a scenario — a section's elevation and horizontal
extent, a border's position, a fighter's offset on its section, a stair's
rise and tread — is a :class:`fractions.Fraction` in the scenario's unit
system (:data:`UNITS`): abstract Height levels, feet, or inches.  Nothing is
a binary float, so band edges are exact: nine 8-inch steps are exactly 6 ft
(``docs/rules.md#g1``), not 6.000000000000001.

In a scenario document a length is a JSON number in the scenario's unit
(``2.5``) or text with units and fractions (``"8 in"``, ``"2 ft 8 in"``,
``"2/3 ft"``, ``"1 1/2 in"``).  The text is checked before any number is
built — at most :data:`MAX_LENGTH_TEXT` characters, :data:`MAX_DIGITS`
digits per number, no exponent, denominators at most
:data:`MAX_DENOMINATOR` — so a hostile length costs microseconds
(``Fraction("1e-5000000")`` alone takes seconds).

Source: issue 6 (real lengths); rulings G1 (feet), T6/T8 (inches), J1
(feet and 5-ft tiles), H1 (Height levels, decimals allowed).

Rulings restated in ``docs/rules.md``: ``#g1-the-vertical-difference``,
``#h1-elevation-and-border-height``.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from .errors import LengthError, LimitError
from .numbers import hundredths
from .text import entry_text, quote

__all__ = ["Length", "UNITS", "UNIT_SIGN", "MAX_LENGTH_TEXT", "MAX_DIGITS", "MAX_DENOMINATOR",
           "length", "exact", "show", "number", "to_json"]

Length = Fraction
"""A length in the scenario's unit, exact."""

UNITS = ("height", "feet", "inches")
"""Unit systems: abstract Height levels (000), feet (001, 003) and inches (002)."""

UNIT_SIGN = {"height": "", "feet": "ft", "inches": "in"}
"""How a length of each unit system is written after its number (Height is written before it)."""

_PER_UNIT: dict[str, dict[str, Fraction]] = {
    "height": {},
    "feet": {"ft": Fraction(1), "in": Fraction(1, 12), "yd": Fraction(3)},
    "inches": {"in": Fraction(1), "ft": Fraction(12), "yd": Fraction(36)},
}
"""For each unit system, what one of each written unit is worth in it."""

_SPELLINGS = {"ft": "ft", "foot": "ft", "feet": "ft", "'": "ft", "in": "in", "inch": "in", "inches": "in",
              '"': "in", "yd": "yd", "yard": "yd", "yards": "yd"}

MAX_LENGTH_TEXT = 40
"""Longest length text read, in characters."""
MAX_DIGITS = 12
"""Most digits in one number of a length text (before or after the point, or either side of a fraction bar)."""
MAX_DENOMINATOR = 1_000_000
"""Largest denominator a length may have once reduced (exact to a millionth of its unit)."""

_TERM = re.compile(
    r"\s*(?P<num>-?(?:[0-9]+\s+[0-9]+\s*/\s*[0-9]+|[0-9]+\s*/\s*[0-9]+|[0-9]+(?:\.[0-9]+)?|\.[0-9]+))\s*"
    r"(?P<unit>feet|foot|ft|inches|inch|in|yards|yard|yd|'|\")?\s*")
"""One term of a length text: a number (whole, decimal, fraction or mixed ``1 1/2``) and an optional unit.

Digits are ASCII ``0``–``9`` only: a regex digit class would also match the digits of every other
script (U+0663 ARABIC-INDIC DIGIT THREE, U+FF13 FULLWIDTH DIGIT THREE, or a mix of scripts), which
``int`` and ``Fraction`` then quietly read as numbers the document does not show."""
_DIGIT_RUN = re.compile(r"[0-9]+")


def _term_value(text: str) -> Fraction:
    """The exact value of one number of a length text (already matched, digits already counted)."""
    negative = text.startswith("-")
    body = text.lstrip("-").strip()
    if "/" in body:
        head, _, den = body.rpartition("/")
        parts = head.split()
        whole = int(parts[0]) if len(parts) == 2 else 0
        num = int(parts[-1])
        d = int(den)
        if d == 0:
            raise ZeroDivisionError
        value = whole + Fraction(num, d)
    else:
        value = Fraction(body)
    return -value if negative else value


def exact(value: int | float | Fraction) -> Fraction:
    """A number as an exact Fraction: a float is read as the decimal its shortest text writes (``0.1`` → 1/10).

    For values built in code (a test's sections, a Move entry's Height);
    a document's lengths go through :func:`length`, which also bounds them.
    """
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def length(value: object, units: str, what: str = "length", *, low: Fraction | int | None = None,
           high: Fraction | int | None = None) -> Fraction:
    """A length of a scenario document as an exact Fraction in the scenario's unit.

    Args:
        value: a JSON number (int, or float read as the decimal it was
            written as: ``0.1`` is one tenth) or text: terms of a number and
            an optional unit (``ft``/``feet``/``'``, ``in``/``inches``/``"``,
            ``yd``), added up: ``"2 ft 8 in"``, ``"2/3 ft"``, ``"1 1/2 in"``.
            A term without a unit is in the scenario's unit; a Height
            scenario takes no units at all.
        units: the scenario's unit system, one of :data:`UNITS`.
        what: the field's name, for messages.
        low, high: the inclusive bounds in the scenario's unit, if any.

    Returns:
        The length, exact, in the scenario's unit.

    Raises:
        LengthError: not a number or a length text, a unit the unit system
            does not take, a division by zero (the text quoted).
        LimitError: text over :data:`MAX_LENGTH_TEXT` characters, a number
            of more than :data:`MAX_DIGITS` digits, text whose value has a
            denominator over :data:`MAX_DENOMINATOR`, or outside
            ``low``..``high``.  (A JSON number is bounded by the float it
            decodes to: at most 17 significant digits.)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Fraction)):
        raise LengthError(f"{what} must be a length (a number, or text such as \"2 ft 8 in\"): {quote(value)}")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise LengthError(f"{what} must be a finite number: {value}")
        # The shortest text that reads back as this float: the decimal the author wrote.  A float's
        # exponent is at most 308, so this Fraction is cheap (unlike one of hostile text).
        number = Fraction(repr(value))
    elif isinstance(value, int):
        if len(str(abs(value))) > MAX_DIGITS:
            raise LimitError(f"{what} has more than {MAX_DIGITS} digits")
        number = Fraction(value)
    elif isinstance(value, Fraction):
        number = value
    else:
        number = _text(value, units, what)
    if isinstance(value, str) and number.denominator > MAX_DENOMINATOR:
        raise LimitError(f"{what} must be exact to 1/{MAX_DENOMINATOR:,} of its unit: {quote(str(number), 40)}")
    if (low is not None and number < low) or (high is not None and number > high):
        lo = "" if low is None else show(Fraction(low), units)
        hi = "" if high is None else show(Fraction(high), units)
        bounds = f"from {lo} to {hi}" if lo and hi else (f"at least {lo}" if lo else f"at most {hi}")
        raise LimitError(f"{what} must be {bounds}: {show(number, units)}")
    return number


def _text(value: str, units: str, what: str) -> Fraction:
    """A length text read term by term (see :func:`length`)."""
    entry_text(value, MAX_LENGTH_TEXT, what)
    runs = _DIGIT_RUN.findall(value)
    if any(len(r) > MAX_DIGITS for r in runs):
        raise LimitError(f"{what} has a number of more than {MAX_DIGITS} digits: {quote(value)}")
    worth = _PER_UNIT[units]
    total = Fraction(0)
    pos = 0
    terms = 0
    unitless = False  # a number without a unit stands alone: "1 1" is not a length
    while pos < len(value):
        m = _TERM.match(value, pos)
        if m is None or m.end() == pos:
            break
        unit = m.group("unit")
        if unit is not None and units == "height":
            raise LengthError(f"{what}: a Height scenario's lengths are plain numbers of Height levels, "
                              f"without units: {quote(value)}")
        if unit is not None and _SPELLINGS[unit] not in worth:
            raise LengthError(f"{what}: {quote(unit)} is not a unit this scenario takes: {quote(value)}")
        try:
            n = _term_value(m.group("num"))
        except ZeroDivisionError:
            raise LengthError(f"{what} must not divide by zero: {quote(value)}") from None
        unitless = unitless or unit is None
        total += n * (worth[_SPELLINGS[unit]] if unit is not None else 1)
        pos = m.end()
        terms += 1
    if pos != len(value) or terms == 0 or (terms > 1 and unitless):
        example = "2.5, \"2/3\"" if units == "height" else (
            "\"8 in\", \"2 ft 8 in\", \"2/3 ft\"" if units == "feet" else "\"0.5 in\", \"1 1/2 in\", \"1 ft\"")
        raise LengthError(f"{what} must be a number or a length such as {example}: {quote(value)}")
    return total


def number(value: Fraction) -> str:
    """A length's number rounded to hundredths, halves away from zero: ``6``, ``2.5``, ``0.67``, ``−3``.

    A value that rounds to 0 is ``0``, never ``−0``.
    """
    return hundredths(value)


def show(value: Fraction, units: str) -> str:
    """A length as explanations write it, with its unit: ``"3 ft"``, ``"0.5 in"``, ``"Height 2"``.

    Args:
        value: exact, in the unit system's unit.
        units: one of :data:`UNITS`.
    """
    if units == "height":
        return f"Height {number(value)}"
    return f"{number(value)} {UNIT_SIGN[units]}"


def to_json(value: Fraction) -> int | float | str:
    """A length as a scenario document writes it, so that :func:`length` reads it back exactly.

    Whole values as ints (``3``), values a JSON number holds exactly as
    floats (``1.5``, ``4.35``, ``1e-05``), anything else as fraction text
    (``"2/3"``, in the scenario's unit).  A value read from a JSON number is
    always written back as one, exponent and all: a Height scenario takes no
    text, and ``1e-300`` as text would be over the digit and denominator caps.
    """
    if value.denominator == 1:
        return int(value)
    f = float(value)
    if math.isfinite(f) and Fraction(repr(f)) == value:
        return f
    return f"{value.numerator}/{value.denominator}"
