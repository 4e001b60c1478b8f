"""``falling.drop``: a drop straight down in the scenario's unit, turned into Height through the fall scale
(T6, J12), then into dice (H8), with its cause; and the ``Scale`` kind on a Height battlefield.

Source: issue 20, "One fall function turns a drop in the scenario's unit into Height through the scale (T6,
J12), then into dice (H8), and logs the fall's cause"; "The Height rules use scale 1"; ``RULINGS.md`` T6
(one Height per 3"), J12 (one Height per 10 ft); ruling H8.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from vertigo.errors import LimitError
from vertigo.falling import FALL_SCALE, drop, fall_scale, in_height
from vertigo.fields import BAD, Scale
from vertigo.reading import Checker


def test_t6_a_drop_of_7_in_at_3_in_is_height_7_3_and_2d6() -> None:
    """T6: 7" at one Height per 3" is Height 7/3, rounded down to 2d6 (H8); the cause leads the step."""
    fall = drop(7, "inches", Fraction(3), "fell from the ladder", "T6")
    assert (fall.height, fall.pool.count) == (Fraction(7, 3), 2)
    assert [s.rule for s in fall.steps] == ["T6", "H8"]
    assert fall.steps[0].text == "Fell from the ladder: a drop of 7 in at 3 in to a Height level is Height 2.33."


def test_j12_a_drop_of_25_ft_at_10_ft_is_height_2_5_and_2d6() -> None:
    """J12: 25 ft at one Height per 10 ft (120 in) is Height 2.5: 2d6."""
    fall = drop(25, "feet", Fraction(120), "missed the jump", "J12")
    assert (fall.height, fall.pool.count) == (Fraction(5, 2), 2)
    assert fall.steps[0].text == "Missed the jump: a drop of 25 ft at 10 ft to a Height level is Height 2.5."


def test_the_height_rules_use_scale_1() -> None:
    """Issue 20: on a Height battlefield a drop is in Height levels already: 3 is Height 3, 3d6 (H8)."""
    fall = drop(3, "height", None, "pushed", "H8")
    assert (fall.height, fall.pool.count) == (3, 3)
    assert fall.steps[0].text == "Pushed: a drop of Height 3."
    assert [s.rule for s in fall.steps] == ["H8", "H8"]
    assert in_height(Fraction(5, 2), "height", None) == Fraction(5, 2)


def test_a_scale_and_its_unit_must_agree() -> None:
    """A scale on a Height battlefield, or none on a feet one, is a rule set's bug, not a user's input."""
    with pytest.raises(ValueError) as height:
        in_height(1, "height", Fraction(3))
    assert str(height.value) == "a Height battlefield falls in Height levels: it has no fall scale"
    with pytest.raises(ValueError) as feet:
        in_height(1, "feet", None)
    assert str(feet.value) == "a feet battlefield needs a fall scale to turn a drop into Height"


def test_a_negative_drop_and_one_past_height_2000_are_refused() -> None:
    """H8's cap (2 × MAX_ELEVATION): 20,001 ft at 10 ft is Height 2000.1; a drop is never negative."""
    with pytest.raises(LimitError, match="a drop must be 0 or more: −1 ft"):
        drop(-1, "feet", Fraction(120), "pushed", "J12")
    with pytest.raises(LimitError, match=re.escape("a fall must be 0 to 2000 Height: 2000.1")):
        drop(20001, "feet", Fraction(120), "pushed", "J12")


def test_a_height_battlefield_refuses_a_fall_scale_at_its_place() -> None:
    """Issue 20: "a length in the wrong unit is refused at its place" — a Height battlefield has none."""
    c = Checker("height")
    assert Scale().read(c, "options.fall_scale", "3 in") is BAD
    assert c.problems == ['options.fall_scale: a Height battlefield falls in Height levels (scale 1); a fall '
                          'scale is written only on a feet or inches battlefield: "3 in"']


def test_a_drop_of_nothing_is_no_fall() -> None:
    """H8: a drop of 0 is Height 0, no dice, and is not refused (only a negative drop is)."""
    fall = drop(0, "inches", Fraction(3), "stepped off the kerb", "T6")
    assert (fall.height, fall.pool.count) == (0, 0)
    assert fall.steps[0].text == "Stepped off the kerb: a drop of 0 in at 3 in to a Height level is Height 0."


def test_a_rule_set_declares_its_fall_scale_as_one_shared_option() -> None:
    """Issue 20 ("Typed options carry a length"): every rule set whose falls are measured on the table declares
    the same option, ``fall_scale`` on the scenario, a :class:`Scale` with its own default in inches and help."""
    option = fall_scale(Fraction(3), "One Height level per 3 in of drop (T6).")
    assert (option.key, option.on, option.default, option.label, option.help) == (
        FALL_SCALE, "scenario", Fraction(3), "Fall scale", "One Height level per 3 in of drop (T6).")
    assert FALL_SCALE == "fall_scale"
    assert isinstance(option.kind, Scale)
