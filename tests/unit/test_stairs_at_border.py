"""Stairs measured at the border: the border graph, ``Battlefield.rise`` and ``describe_border`` use the step
whose tread holds the border's x, or at a step boundary the step on the border's side (the side view's border
tags: ``tests/view/test_ladders_and_stairs_drawn.py``).

Source: issue 20, "the border graph reads a stair's first step, not the step at the border: an imported
staircase that goes down to the right tags its border with the top step's height (8.25 ft over a hall, where
the bottom step is 0.75 ft up)"; rulings H1 (the Height of a border), G1 (differences between standing
surfaces).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from vertigo import scenario

DOWN_FILE = Path(__file__).with_name("down-to-the-hall.json")
"""A staircase of 11 one-foot treads going down to the right: its top step (x 3–4) at 8.25 ft, its bottom
step (x 13–14) at 0.75 ft over the hall; a shelf whose right edge, x 6, is the boundary of steps 2 (x 5–6,
6.75 ft) and 3 (x 6–7, 6 ft).  ``tests/view/test_ladders_and_stairs_drawn.py`` draws it."""


def field() -> Any:
    return scenario.loads(DOWN_FILE.read_text(encoding="utf-8")).field


def test_the_border_at_the_bottom_step_is_0_75_ft_not_8_25() -> None:
    """The issue's staircase: stair → hall is down 0.75 ft (its bottom step), not the top step's 8.25 ft."""
    f = field()
    assert f.rise("stair", "hall") == Fraction(-3, 4)
    assert f.rise("hall", "stair") == Fraction(3, 4)
    assert f.border_height("stair", "hall") == Fraction(3, 4)
    assert dict(f.links("hall")) == {"stair": Fraction(3, 4)}


def test_the_border_at_the_top_step_meets_8_25_ft() -> None:
    """At x 3 the gallery (9 ft) meets the top step, 8.25 ft: down 0.75 ft."""
    assert field().rise("gallery", "stair") == Fraction(-3, 4)


def test_at_a_step_boundary_the_step_on_the_borders_side_counts() -> None:
    """At x 6, between step 2 (6.75 ft) and step 3 (6 ft), the shelf lies to the left: step 2, so the shelf
    (7 ft) is 0.25 ft over the stair there, not the 1 ft over step 3."""
    f = field()
    assert f.rise("shelf", "stair") == Fraction(-1, 4)
    assert dict(f.links("stair")) == {"gallery": Fraction(3, 4), "hall": Fraction(-3, 4), "shelf": Fraction(1, 4)}
