"""Falling damage: 1d6 per Height fallen, less the Move's Height (H8, H2, H9).

Source: ``000_519d8b8e373365db.txt`` › Falling, › Combat, › Exploration;
rulings H2, H8 and H9 of ``RULINGS.md``.
"""

from __future__ import annotations

import pytest

from vertigo.errors import LimitError, RulesError
from vertigo.falling import climbing_obstacle_fall, fall, fall_across
from vertigo.rules.height.rules.movement import Crossing, judge_move
from vertigo.rules.height.rules.moves import MoveEntry

from builders import chain


def test_falling_height_2_results_in_2d6():
    """Falling: "For instance, falling Height 2 results in 2d6 falling damage." (H8)"""
    result = fall(2)
    assert result.height == 2
    assert result.pool.count == 2
    assert str(result.pool) == "2d6: 2–12, mean 7"
    assert [str(s) for s in result.steps] == [
        "[H8] Falling Height 2 deals 1d6 per whole Height fallen: 2d6: 2–12, mean 7."
    ]


@pytest.mark.parametrize("height, dice", [(0, 0), (1, 1), (3, 3), (7, 7), (1000, 1000), (2000, 2000)])
def test_one_d6_for_each_height_value_fallen(height, dice):
    """Falling: "suffers 1d6 damage for each Height value fallen" (H8), up to the
    highest border elevations −1000 … 1000 allow (Height 2000)."""
    assert fall(height).pool.count == dice


@pytest.mark.parametrize("height, dice", [(0.5, 0), (0.99, 0), (1.5, 1), (2.5, 2), (2.999, 2)])
def test_a_fractional_height_rounds_down(height, dice):
    """H8: "1d6 per whole Height fallen (a fractional Height rounds down)"."""
    assert fall(height).pool.count == dice


def test_a_fractional_fall_says_it_rounds_down():
    """H8: "a fractional Height rounds down" — and the explanation says so."""
    assert str(fall(2.5).steps[0]) == "[H8] Falling Height 2.5 rounds down to 2: 2d6: 2–12, mean 7."


@pytest.mark.parametrize("height, fragment", [(-1, "a fall must be 0 to 2000 Height: -1"),
                                              (2001, "a fall must be 0 to 2000 Height: 2001")])
def test_a_negative_or_impossible_fall_is_a_limit_error(height, fragment):
    """H1: "The Height of the border between two sections is the absolute difference
    of their elevations" (≥ 0, and at most 2000 for elevations within ±1000);
    H8: "1d6 per whole Height fallen". A fall outside 0 … 2000 is a LimitError."""
    with pytest.raises(LimitError) as info:
        fall(height)
    assert str(info.value) == fragment
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "border, move_height, fallen, dice",
    [
        (3, 2, 1, 1),      # the seed's own example
        (3, 0, 3, 3),      # no Height on the Move: the whole border
        (2, 2, 0, 0),      # border equal to the Move's Height: no fall
        (1, 2, 0, 0),      # border below the Move's Height: no fall
        (0, 0, 0, 0),      # a border of Height 0 has no Height
        (5, 1.5, 3.5, 3),  # decimals, then H8 rounds down
        (2.5, 0, 2.5, 2),
    ],
)
def test_fall_across_a_border_subtracts_the_moves_height(border, move_height, fallen, dice):
    """Combat: "If the Height value of the section border exceeds the Height value
    in the Move entry, subtract the two and use the resulting number as the # for
    falling damage." H2: "Downward across H: a fall of max(0, H − h)"."""
    result = fall_across(border, move_height)
    assert result.height == fallen
    assert result.pool.count == dice


def test_seed_example_move_1_height_2_down_a_height_3_border_falls_height_1():
    """Combat: "if an entity moves downward across a Height 3 section border with a
    Move 1 (Height 2) entry, the entity would suffer falling damage from Height 1."
    (H2, H8: Height 1 → 1d6)."""
    field = chain(3, 0)
    verdict = judge_move(field, "s0", "s1", MoveEntry.parse("Move 1 (Height 2)"))
    assert verdict.allowed
    assert verdict.move_height == 2
    assert verdict.route is not None
    assert verdict.route.path == ("s0", "s1")
    assert verdict.route.crossings == (Crossing("s0", "s1", -3, 1, 1),)
    assert verdict.pool.count == 1
    assert verdict.summary == "Allowed: falls, 1d6: 1–6, mean 3.5"
    assert "[H2] S0 → S1: down Height 3 — falls Height 1 (1d6)." in [str(s) for s in verdict.steps]


def test_moving_down_is_free_but_falls():
    """Combat: "Any entity may freely Move across a section border with a Height value
    if the entity is moving in a downward direction. However, doing so results in
    falling." (H2, h = 0: a Height 4 border falls 4d6)."""
    verdict = judge_move(chain(4, 0), "s0", "s1", MoveEntry.parse("Move 1"))
    assert verdict.allowed
    assert verdict.pool.count == 4
    assert verdict.summary == "Allowed: falls, 4d6: 4–24, mean 14"


def test_falls_on_one_move_add_up_and_each_crossing_is_listed():
    """H2: "Each crossing is judged on its own; falls on one Move add up (list each
    crossing in the explanation)". Elevations 6 → 4 → 1 → 0 with Height 1: falls
    2−1 = 1, 3−1 = 2 and 1−1 = 0, so 1d6 + 2d6 = 3d6."""
    verdict = judge_move(chain(6, 4, 1, 0), "s0", "s3", MoveEntry.parse("Move 3 (Height 1)"))
    assert verdict.allowed
    assert verdict.route is not None
    assert [(c.fall, c.dice) for c in verdict.route.crossings] == [(1, 1), (2, 2), (0, 0)]
    assert verdict.pool.count == 3
    text = [str(s) for s in verdict.steps]
    assert "[H2] S0 → S1: down Height 2 — falls Height 1 (1d6)." in text
    assert "[H2] S1 → S2: down Height 3 — falls Height 2 (2d6)." in text
    assert "[H2] S2 → S3: down Height 1 — no fall (Move Height covers it)." in text
    assert "[H8] Falls add up: 1d6 + 2d6 = 3d6 (3d6: 3–18, mean 10.5)." in text


def test_a_decimal_height_1_border_falls_1d6():
    """H1: "The Height of the border between two sections is the absolute difference
    of their elevations" (decimals allowed): 1.15 − 0.15 is Height 1, so H8 gives
    1d6 — not 0d6 from binary rounding (0.9999999999999999)."""
    verdict = judge_move(chain(1.15, 0.15), "s0", "s1", MoveEntry.parse("Move 1"))
    assert verdict.pool.count == 1
    assert "[H2] S0 → S1: down Height 1 — falls Height 1 (1d6)." in [str(s) for s in verdict.steps]
    assert fall_across(4.35, 3.35).pool.count == 1


def test_the_highest_fall_the_scenario_limits_allow_is_a_verdict():
    """Falling: "1d6 damage for each Height value fallen" even for the largest
    border: elevation 1000 down to −1000 is Height 2000, so 2000d6 (H1, H8)."""
    verdict = judge_move(chain(1000, -1000), "s0", "s1", MoveEntry.parse("Move 1"))
    assert verdict.allowed
    assert verdict.pool.count == 2000
    assert verdict.summary == "Allowed: falls, 2000d6: 2000–12000, mean 7000"


def test_climbing_obstacle_reaction_falls_its_height():
    """Exploration: Climbing Obstacles' Height "is used to determine the amount of
    falling damage sustained by an entity ... if the Obstacle's Reaction takes
    effect". H9: "the actor falls that Height"."""
    result = climbing_obstacle_fall(3)
    assert result.pool.count == 3
    assert str(result.steps[0]) == "[H9] Climbing obstacle of Height 3: falls Height 3."
    assert result.steps[1].rule == "H8"


def test_climbing_obstacle_downward_less_the_moves_height():
    """H9: "the actor falls that Height (less the Move's Height when moving down)";
    Exploration: "When attempting to traverse downward, an entity may simply Move
    as if the Obstacle were not present, but suffers falling damage"."""
    down = climbing_obstacle_fall(3, move_height=2, downward=True)
    assert down.height == 1
    assert down.pool.count == 1
    assert str(down.steps[0]) == "[H9] Climbing obstacle of Height 3 traversed downward with Height 2: falls Height 1."
    up = climbing_obstacle_fall(3, move_height=2, downward=False)
    assert up.pool.count == 3
    assert climbing_obstacle_fall(2, move_height=5, downward=True).pool.count == 0


def test_each_crossing_rounds_down_on_its_own():
    """H2: "Each crossing is judged on its own; falls on one Move add up", with H8's
    "a fractional Height rounds down" per fall: two drops of Height 1.5 are
    1d6 + 1d6 = 2d6, not a rounded total of 3 (docs/rules.md, Open rulings)."""
    verdict = judge_move(chain(3, 1.5, 0), "s0", "s2", MoveEntry.parse("Move 2"))
    assert verdict.route is not None
    assert [(c.fall, c.dice) for c in verdict.route.crossings] == [(1.5, 1), (1.5, 1)]
    assert verdict.pool.count == 2
    assert "[H8] Falls add up: 1d6 + 1d6 = 2d6 (2d6: 2–12, mean 7)." in [str(s) for s in verdict.steps]
