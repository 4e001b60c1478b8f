"""Falling dice: d6 pools, seeded rolls that replay, every die kept (H8).

Source: ``000_519d8b8e373365db.txt`` › Falling ("1d6 damage for each Height
value fallen"); ruling H8 ("Dice are rolled with a seedable generator; every
die is shown"); STYLE 4–5 (injected randomness, bounded work).
"""

from __future__ import annotations

import random

import pytest

from vertigo.dice import DicePool, DiceRoll, rng_for, roll
from vertigo.errors import LimitError, RulesError
from vertigo.limits import MAX_DICE


@pytest.mark.parametrize(
    "count, text",
    [(3, "3d6: 3–18, mean 10.5"), (1, "1d6: 1–6, mean 3.5"), (2, "2d6: 2–12, mean 7"), (0, "no dice"),
     (99_999, "99999d6: 99999–599994, mean 349996.5")],
)
def test_pool_shows_its_range_and_mean(count, text):
    """Falling: n d6 total n … 6n, mean 3.5 n (H8: "1d6 per whole Height fallen")."""
    pool = DicePool(count)
    assert str(pool) == text
    assert (pool.low, pool.high, pool.mean) == (count, 6 * count, 3.5 * count)


def test_a_roll_keeps_every_die():
    """H8: "every die is shown" — "3d6 (2, 5, 6) = 13" (STYLE 4)."""
    assert str(DiceRoll((2, 5, 6))) == "3d6 (2, 5, 6) = 13"
    assert DiceRoll((2, 5, 6)).total == 13
    assert str(DiceRoll(())) == "0d6 = 0"


def test_rolled_dice_are_d6_and_as_many_as_the_pool():
    """Falling: "suffers 1d6 damage for each Height value fallen"; H8: "every die is
    shown" — n d6 give n faces of 1–6 and their sum."""
    result = roll(DicePool(500), random.Random(3))
    assert len(result.dice) == 500
    assert set(result.dice) == {1, 2, 3, 4, 5, 6}
    assert result.total == sum(result.dice)
    assert str(result) == f"500d6 ({', '.join(map(str, result.dice))}) = {result.total}"


def test_seeded_rolls_replay_exactly():
    """H8: "Dice are rolled with a seedable generator" — the same seed and roll
    number give the same dice, whatever the global ``random`` did in between."""
    first = roll(DicePool(6), rng_for(2026, 4))
    state = random.getstate()
    try:
        random.seed(999)
        random.random()
        again = roll(DicePool(6), rng_for(2026, 4))
    finally:
        random.setstate(state)
    assert again == first
    assert roll(DicePool(6), random.Random(11)) == roll(DicePool(6), random.Random(11))


def test_each_roll_number_has_its_own_dice():
    """H8: "Dice are rolled with a seedable generator"; roll n of a table derives
    from (seed, n), so later rolls do not repeat the first."""
    rolls = {roll(DicePool(8), rng_for(11, i)).dice for i in range(5)}
    assert len(rolls) == 5
    assert roll(DicePool(8), rng_for(11, 0)) != roll(DicePool(8), rng_for(12, 0))


def test_a_million_dice_are_refused():
    """STYLE 5: "a hard cap on work ... so hostile input cannot hang the process".
    The cap fits the largest possible Move (100000 dice: 50 crossings of Height 2000), not 10**6."""
    assert MAX_DICE == 100_000
    with pytest.raises(LimitError) as info:
        DicePool(10 ** 6)
    assert str(info.value) == "dice count must be 0 to 100000: 1000000"
    assert isinstance(info.value, RulesError)


def test_dice_cap_boundaries():
    """STYLE 5: "caps on dice counts ... with a specific error when exceeded" — the
    cap itself is allowed; one more, or fewer than none, is not."""
    assert DicePool(MAX_DICE).count == MAX_DICE
    with pytest.raises(LimitError):
        DicePool(MAX_DICE + 1)
    with pytest.raises(LimitError, match="dice count must be 0 to 100000: -1"):
        DicePool(-1)
