"""Exact lengths of the form a + b√2 (a, b rational): the components of a diagonal scatter (J6).

A d8 direction on a diagonal moves the jumper scatter × √2/2 along and across.  Whether that lands past the
maximum or closer than the minimum is decided exactly: the sign of a + b√2 is decidable (compare a² with
2b² when a and b differ in sign), so no float ever decides a landing.

Source: issue 25 ("Diagonals give components with √2: compare exactly in Q(√2)"); ruling J6.

Rulings restated in ``docs/rules.md``: ``#j6-a-failed-long-jump-scatters``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from vertigo.numbers import rounded

__all__ = ["Surd", "HALF_ROOT_2"]

_SCALE = 10 ** 40
"""The integer scale an irrational a + b√2 is rounded at: 40 digits past the point decide its hundredths, which
are never a tie (√2 is irrational)."""


@dataclass(frozen=True, slots=True)
class Surd:
    """The exact number ``a + b√2``.

    Attributes:
        a: the rational part.
        b: the coefficient of √2.
    """

    a: Fraction
    b: Fraction = Fraction(0)

    def __add__(self, other: Surd) -> Surd:
        return Surd(self.a + other.a, self.b + other.b)

    def __sub__(self, other: Surd) -> Surd:
        return Surd(self.a - other.a, self.b - other.b)

    def __mul__(self, other: Surd) -> Surd:
        return Surd(self.a * other.a + 2 * self.b * other.b, self.a * other.b + self.b * other.a)

    def scaled(self, k: Fraction) -> Surd:
        """``k × self``, k rational."""
        return Surd(self.a * k, self.b * k)

    @property
    def sign(self) -> int:
        """−1, 0 or 1, exactly."""
        sa, sb = (self.a > 0) - (self.a < 0), (self.b > 0) - (self.b < 0)
        if sa == sb or sb == 0:
            return sa
        if sa == 0:
            return sb
        # a and b differ in sign: |a| against |b|√2, squared.
        big = (self.a * self.a > 2 * self.b * self.b) - (self.a * self.a < 2 * self.b * self.b)
        return sa * big

    def __lt__(self, other: Surd) -> bool:
        return (self - other).sign < 0

    def __le__(self, other: Surd) -> bool:
        return (self - other).sign <= 0

    @property
    def rational(self) -> Fraction | None:
        """The value as a Fraction when it has no √2 in it, else None."""
        return self.a if self.b == 0 else None

    def __float__(self) -> float:
        return float(self.a) + float(self.b) * math.sqrt(2)

    def hundredths(self) -> Fraction:
        """The value rounded to the nearest hundredth, exactly: a rational one's halves away from zero, as every
        length is shown (:func:`vertigo.numbers.rounded`), so what is stored is what is shown.

        An irrational value is never a tie, so 40 digits past the point round it as exactly as its exact value
        would be rounded.
        """
        if self.b == 0:
            return rounded(self.a)
        # floor(100a + 1/2 + 100b√2), in whole numbers scaled by _SCALE: 100|b|√2 = √(20000 b²).
        b = abs(self.b)
        root = math.isqrt(20000 * b.numerator ** 2 * _SCALE ** 2) // b.denominator
        part = math.floor((100 * self.a + Fraction(1, 2)) * _SCALE)
        total = part + root if self.b > 0 else part - root - 1
        return Fraction(total // _SCALE, 100)

    def text(self) -> str:
        """``"10 + 2√2"``, ``"4√2"``, ``"−3"``: the exact value in words."""
        if self.b == 0:
            return str(self.a)
        root = f"{'' if abs(self.b) == 1 else abs(self.b)}√2"
        if self.a == 0:
            return f"{'-' if self.b < 0 else ''}{root}"
        return f"{self.a} {'-' if self.b < 0 else '+'} {root}"


HALF_ROOT_2 = Surd(Fraction(0), Fraction(1, 2))
"""√2/2: the cosine and sine of 45°."""
