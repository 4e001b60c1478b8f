"""Exact lengths in a scenario's unit (issue 6; rulings G1, H1): parsed bounded, computed exactly, shown rounded."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest

from vertigo import lengths
from vertigo.errors import LengthError, LimitError


@pytest.mark.parametrize(("text", "units", "value"), [
    ("8 in", "feet", Fraction(2, 3)),
    ("2 ft 8 in", "feet", Fraction(8, 3)),
    ("2/3 ft", "feet", Fraction(2, 3)),
    ("6", "feet", Fraction(6)),
    ("-2.5 ft", "feet", Fraction(-5, 2)),
    ("1 yd", "feet", Fraction(3)),
    ("6'", "feet", Fraction(6)),
    ('8"', "feet", Fraction(2, 3)),
    ("1 1/2 in", "inches", Fraction(3, 2)),
    ("0.5 in", "inches", Fraction(1, 2)),
    ("1 ft", "inches", Fraction(12)),
    ("17/3", "height", Fraction(17, 3)),
    ("2.5", "height", Fraction(5, 2)),
])
def test_length_text_reads_exactly(text, units, value):
    """Issue 6: "a length is a number in the scenario's unit or a string with units and
    fractions ("8 in", "2 ft 8 in", "2/3 ft")", computed exactly."""
    assert lengths.length(text, units) == value


def test_nine_8_inch_steps_are_exactly_6_ft():
    """G1: "up to six feet" includes 6 — a stair of nine 8-inch steps is exactly 6 ft, not 6.000000000000001."""
    step = lengths.length("8 in", "feet")
    assert sum([step] * 9) == 6


def test_a_json_number_is_the_decimal_written():
    """H1 decimals are allowed: 0.1 in a document is one tenth, and 4.35 − 3.35 is exactly 1."""
    assert lengths.length(0.1, "height") == Fraction(1, 10)
    assert lengths.length(4.35, "height") - lengths.length(3.35, "height") == 1
    assert lengths.exact(1.15) == Fraction(23, 20)


@pytest.mark.parametrize(("value", "units", "error", "message"), [
    ("2 ft", "height", LengthError, "x: a Height scenario's lengths are plain numbers of Height levels, without "
                                    'units: "2 ft"'),
    ("2 yd", "inches", None, None),
    ("1 1", "feet", LengthError, 'x must be a number or a length such as "8 in", "2 ft 8 in", "2/3 ft": "1 1"'),
    ("3 furlongs", "feet", LengthError, 'x must be a number or a length such as "8 in", "2 ft 8 in", "2/3 ft": '
                                        '"3 furlongs"'),
    ("1/0 ft", "feet", LengthError, 'x must not divide by zero: "1/0 ft"'),
    ("1e-5000000", "feet", LengthError, 'x must be a number or a length such as "8 in", "2 ft 8 in", "2/3 ft": '
                                        '"1e-5000000"'),
    ("1234567890123 ft", "feet", LimitError, 'x has a number of more than 12 digits: "1234567890123 ft"'),
    ("1/3000000 ft", "feet", LimitError, 'x must be exact to 1/1,000,000 of its unit: "1/3000000"'),
    ("9" * 41, "feet", LimitError, "x must be at most 40 characters: 41"),
    (True, "feet", LengthError, 'x must be a length (a number, or text such as "2 ft 8 in"): true'),
    (float("nan"), "feet", LengthError, "x must be a finite number: nan"),
    ("\u0663 ft", "feet", LengthError, 'x must be a number or a length such as "8 in", "2 ft 8 in", "2/3 ft": '
                                      '"\u0663 ft"'),
    ("1\uff13 in", "inches", LengthError, 'x must be a number or a length such as "0.5 in", "1 1/2 in", "1 ft": '
                                         '"1\uff13 in"'),
])
def test_bad_lengths_are_refused_with_the_field_and_the_text(value, units, error, message):
    """Issue 6: "Parsing stays bounded: cap digits, exponents and denominators before
    building a fraction"; a cap raises LimitError, a malformed length LengthError."""
    if error is None:
        assert lengths.length(value, units, "x") == 72
        return
    with pytest.raises(error) as info:
        lengths.length(value, units, "x")
    assert str(info.value) == message


def test_hostile_length_text_costs_microseconds():
    """Issue 6: ``Fraction("1e-5000000")`` alone takes seconds; the guard refuses such text first.
    Measured over many calls so one slow scheduler tick cannot decide it."""
    start = time.perf_counter()
    for text in ("1e-5000000", "9" * 40, "1/" + "9" * 38, "1 " * 20):
        for _ in range(200):
            with pytest.raises((LengthError, LimitError)):
                lengths.length(text, "feet", "x")
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize(("value", "units", "shown"), [
    (Fraction(8, 3), "feet", "2.67 ft"), (Fraction(6), "feet", "6 ft"), (Fraction(1, 2), "inches", "0.5 in"),
    (Fraction(2), "height", "Height 2"), (Fraction(-1, 1000), "feet", "0 ft"), (Fraction(1, 8), "feet", "0.13 ft"),
])
def test_lengths_are_shown_rounded_with_their_unit(value, units, shown):
    """Issue 6: "Lengths in explanations carry their unit ("3 ft", "0.5 in", "Height 2")" and are shown rounded
    to hundredths, halves away from zero, never "−0"."""
    assert lengths.show(value, units) == shown


@pytest.mark.parametrize("value", [Fraction(3), Fraction(3, 2), Fraction(87, 20), Fraction(2, 3), Fraction(-17, 3),
                                   Fraction(1, 10**5), Fraction(-3, 10**7), Fraction(1, 10**300)])
def test_to_json_reads_back_exactly(value):
    """STYLE 2: parsers and formatters come in pairs — a written length reads back to the same Fraction.
    A value a JSON number holds (``1e-300`` included) is written as that number, which a Height
    scenario also reads back (it takes no text) and which no text cap refuses."""
    written = lengths.to_json(value)
    assert lengths.length(written, "feet") == value
    assert isinstance(written, str) == (value in (Fraction(2, 3), Fraction(-17, 3)))
    if not isinstance(written, str):
        assert lengths.length(written, "height") == value
