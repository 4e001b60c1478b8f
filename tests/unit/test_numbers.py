"""How numbers are written in explanations and messages (``vertigo.numbers``): H1 decimals, exact lengths
shown rounded (issue 6), absurd numbers kept readable (issue 5)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from vertigo.numbers import fmt, hundredths, rounded


@pytest.mark.parametrize(("value", "text"), [
    (3, "3"), (-6, "-6"), (10**15, "1.00e+15"), (-12345678901234567, "-1.23e+16"),
    (999_999_999_999_999, "999999999999999"),
    (1.5, "1.5"), (2.0, "2"), (-0.25, "-0.25"), (1e15, "1e+15"), (999999999999999.0, "999999999999999"),
    (Fraction(3, 2), "1.5"), (Fraction(87, 20), "4.35"), (Fraction(6), "6"), (Fraction(2, 3), "0.67"),
    (Fraction(-2, 3), "-0.67"), (Fraction(-1, 1000), "-0.001"), (Fraction(-1, 3000), "0"),
    (Fraction(1, 10**20), "0"), (Fraction(10**16 + 1, 2), "5e+15"),
])
def test_fmt_writes_heights_and_lengths_the_way_the_rules_do(value, text):
    """H1: "usually a whole number, but decimals are accepted": whole values without a point, decimals in the
    shortest form; an exact length no decimal holds is rounded to hundredths (2/3 → 0.67, never "-0");
    magnitudes of 10^15 and more in short scientific form."""
    assert fmt(value) == text


@pytest.mark.parametrize(("value", "exact", "text"), [
    (Fraction(1, 8), Fraction(13, 100), "0.13"), (Fraction(-1, 8), Fraction(-13, 100), "−0.13"),
    (Fraction(0), Fraction(0), "0"), (Fraction(-1, 300), Fraction(0), "0"), (Fraction(5, 2), Fraction(5, 2), "2.5"),
    (Fraction(1001, 100), Fraction(1001, 100), "10.01"), (7, Fraction(7), "7"),
])
def test_hundredths_round_halves_away_from_zero(value, exact, text):
    """Issue 6: lengths "shown rounded": to the nearest hundredth, halves away from zero, with the minus sign of
    the explanations and no trailing zeros."""
    assert rounded(value) == exact
    assert hundredths(value) == text
    assert hundredths(value, "-") == text.replace("\u2212", "-")


def test_hundredths_in_whole_numbers_agree_with_exact_fraction_arithmetic():
    """Issue 6's rounding, done in whole numbers (explanations show many lengths): for every hundredth's
    neighbourhood from −3 to 3 in 1/600ths, and for floats, it is floor(|v| × 100 + 1/2) with v's sign."""
    values = [Fraction(n, 600) for n in range(-1800, 1801)] + [0.125, -0.125, 2.675, -1e-9, 3]
    for v in values:
        exact = Fraction(v)
        whole = math.floor(abs(exact) * 100 + Fraction(1, 2))
        assert rounded(v) == Fraction(whole if exact >= 0 else -whole, 100), v
        shown = hundredths(v, "-")
        assert Fraction(shown) == rounded(v), v
        assert shown != "-0", v  # a value that rounds to 0 is 0
