"""Dice: d6 pools for falls and NdS+M pools, seeded rolls that replay, every die kept (H8, J6).

Source: ``000_519d8b8e373365db.txt`` › Falling ("1d6 damage for each Height
value fallen"); ruling H8 ("Dice are rolled with a seedable generator; every
die is shown"); ``001_cbc7fc1b49bd2ff2.txt`` (GURPS rolls 3d6); ``003_d3aa233771e16bb9.txt`` › Jumping,
ruling J6 (scatter direction on a d8); STYLE 4–5 (injected randomness, bounded work).
"""

from __future__ import annotations

import random

import pytest

from vertigo.dice import DicePool, DiceRoll, rng_for, roll
from vertigo.errors import EntryError, LimitError, RulesError
from vertigo.limits import MAX_DICE, MAX_DICE_MODIFIER, MAX_DICE_TEXT, MAX_SIDES


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


# -- pools NdS+M ---------------------------------------------------------------------------------------------
# Sources: 000 › Falling and H8 (falls roll d6, every die shown, seeded); 001 (GURPS rolls 3d6); 003 › Jumping
# and J6 (a failed long jump scatters in a direction rolled on a d8, 1 = straight ahead, clockwise).


def test_a_d6_pool_rolls_the_faces_the_d6_only_builds_rolled():
    """H8: "Dice are rolled with a seedable generator" — saved tables replay: the same (seed, roll index)
    gives the faces the d6-only dice drew (one ``randint(1, 6)`` per die, in order), pinned here."""
    d6_only = random.Random("vertigo/2026/4")
    expected = tuple(d6_only.randint(1, 6) for _ in range(6))
    assert expected == (1, 4, 2, 2, 2, 2)
    assert roll(DicePool(6), rng_for(2026, 4)).dice == expected
    assert roll(DicePool(6, sides=6, modifier=0), rng_for(2026, 4)) == DiceRoll(expected)
    assert roll(DicePool.parse("6d6"), rng_for(2026, 4)) == DiceRoll(expected)
    assert roll(DicePool(1), rng_for(11, 0)) == DiceRoll((5,))  # the cliff's first fall (seed 11)


def test_other_dice_draw_from_the_same_stream_in_order():
    """J6: the scatter direction is a d8 — drawn from the same generator, ``randint(1, 8)`` per die."""
    stream = random.Random("vertigo/2026/4")
    assert tuple(stream.randint(1, 8) for _ in range(3)) == (1, 8, 4)
    assert roll(DicePool.parse("3d8"), rng_for(2026, 4)) == DiceRoll((1, 8, 4), sides=8)
    assert roll(DicePool.parse("d8"), rng_for(11, 0)) == DiceRoll((7,), sides=8)
    assert str(roll(DicePool.parse("d8"), rng_for(11, 0))) == "1d8 (7) = 7"


def test_a_d8_rolls_every_direction_and_no_other():
    """J6: "d8, 1 = straight ahead, clockwise" — 2000 d8 show each of 1 … 8, nothing else."""
    result = roll(DicePool(2000, 8), random.Random(3))
    assert set(result.dice) == set(range(1, 9))
    assert result.total == sum(result.dice)
    assert DicePool(1, 8).low == 1 and DicePool(1, 8).high == 8 and DicePool(1, 8).mean == 4.5


def test_the_modifier_is_added_to_the_total_and_shown():
    """001: GURPS rolls 3d6 and adds a modifier ("3d6+1"); H8: every die is shown, then the total."""
    plus = roll(DicePool.parse("3d6+1"), rng_for(2026, 4))
    assert plus == DiceRoll((1, 4, 2), 6, 1)
    assert plus.total == 8
    assert str(plus) == "3d6+1 (1, 4, 2) + 1 = 8"
    minus = roll(DicePool.parse("2d6-1"), rng_for(2026, 4))
    assert (minus.dice, minus.modifier, minus.total) == ((1, 4), -1, 4)
    assert str(minus) == "2d6-1 (1, 4) − 1 = 4"
    assert str(DiceRoll((1,), 6, -3)) == "1d6-3 (1) − 3 = −2"
    assert str(DiceRoll((), 6, 2)) == "0d6+2 = 2"
    assert plus.pool == DicePool(3, 6, 1)


def test_a_large_roll_is_brief_with_its_notation():
    """H8: a large fall's log line carries the notation and total, the faces replay from the seed."""
    big = roll(DicePool(100, 8, 2), rng_for(1, 1))
    assert big.brief() == "100d8+2 = 420"
    assert big.total == 420 == sum(big.dice) + 2
    assert DiceRoll((3,) * 61).brief() == "61d6 = 183"
    assert DiceRoll((2, 5, 6), 6, 1).brief() == "3d6+1 (2, 5, 6) + 1 = 14"


@pytest.mark.parametrize(
    "text, pool, shown",
    [("3d6+1", DicePool(3, 6, 1), "3d6+1: 4–19, mean 11.5"),
     ("3d6", DicePool(3), "3d6: 3–18, mean 10.5"),
     ("d8", DicePool(1, 8), "1d8: 1–8, mean 4.5"),
     ("2d6-1", DicePool(2, 6, -1), "2d6-1: 1–11, mean 6"),
     ("2d6−1", DicePool(2, 6, -1), "2d6-1: 1–11, mean 6"),
     (" 3D6 + 1 ", DicePool(3, 6, 1), "3d6+1: 4–19, mean 11.5"),
     ("1d6-3", DicePool(1, 6, -3), "1d6-3: −2 to 3, mean 0.5"),
     ("0d6", DicePool(0), "no dice"),
     ("0d6+2", DicePool(0, 6, 2), "0d6+2: always 2"),
     ("4d1000+1000", DicePool(4, 1000, 1000), "4d1000+1000: 1004–5000, mean 3002"),
     ("1d2-1000", DicePool(1, 2, -1000), "1d2-1000: −999 to −998, mean −998.5")],
)
def test_dice_notation_reads_as_the_pool(text, pool, shown):
    """H8 (d6 falls), 001 (3d6+M), J6 (a d8): NdS+M, N omitted is one die; low = N + M, high = N × S + M,
    mean = N × (S + 1) / 2 + M; the notation reads back as the same pool."""
    assert DicePool.parse(text) == pool
    assert str(pool) == shown
    assert (pool.low, pool.high, pool.mean) == (
        pool.count + pool.modifier, pool.count * pool.sides + pool.modifier,
        pool.count * (pool.sides + 1) / 2 + pool.modifier)
    assert DicePool.parse(pool.notation) == pool


@pytest.mark.parametrize(
    "text, message",
    [("3x6", '"3x6" is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")'),
     ("", '"" is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")'),
     ("-1d6", '"-1d6" is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")'),
     ("3 d6", '"3 d6" is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")'),
     ("3d6+", '"3d6+" is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")'),
     ("3d6\n+1", '"3d6\\n+1" is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")'),
     ("d", '"d" is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")'),
     ("٣d6", '"٣d6" is not dice (expected NdS+M, e.g. "3d6", "d8", "2d6-1")'),
     (36, "dice must be text: 36")],
)
def test_text_that_is_not_dice_is_refused_quoting_it(text, message):
    """STYLE 6: one error per kind of failure, the message naming the value — text that is not NdS+M is an
    EntryError quoting it (J6 and H8 read dice only from notation they understand)."""
    with pytest.raises(EntryError) as info:
        DicePool.parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "text, message",
    [("100001d6", '"100001d6": dice count must be 0 to 100000: 100001'),
     ("3d1", '"3d1": dice sides must be 2 to 1000: 1'),
     ("3d1001", '"3d1001": dice sides must be 2 to 1000: 1001'),
     ("1d6+1001", '"1d6+1001": dice modifier must be −1000 to +1000: 1001'),
     ("1d6-1001", '"1d6-1001": dice modifier must be −1000 to +1000: −1001'),
     ("1" * 41, "dice must be at most 40 characters: 41")],
)
def test_dice_past_a_cap_are_refused_naming_the_cap(text, message):
    """STYLE 5: "caps on dice counts ... with a specific error when exceeded" — count ≤ MAX_DICE, sides
    2 … MAX_SIDES, |modifier| ≤ MAX_DICE_MODIFIER, text ≤ MAX_DICE_TEXT: a LimitError quoting the text."""
    with pytest.raises(LimitError) as info:
        DicePool.parse(text)
    assert str(info.value) == message


def test_dice_cap_boundaries_of_sides_modifier_and_text():
    """STYLE 5: each cap itself is allowed, one past it is not (the d8 of J6 and 3d6 of 001 sit well within)."""
    assert (MAX_SIDES, MAX_DICE_MODIFIER, MAX_DICE_TEXT) == (1000, 1000, 40)
    assert DicePool(1, 2).sides == 2 and DicePool(1, MAX_SIDES).sides == 1000
    assert DicePool(1, 6, MAX_DICE_MODIFIER).high == 1006 and DicePool(1, 6, -MAX_DICE_MODIFIER).low == -999
    assert DicePool.parse("3d6+1".center(MAX_DICE_TEXT)) == DicePool(3, 6, 1)
    assert DicePool.parse(f"{MAX_DICE}d{MAX_SIDES}+{MAX_DICE_MODIFIER}").high == 100_001_000
    refusals = []
    for build in (lambda: DicePool(1, 1), lambda: DiceRoll((1,), sides=1001), lambda: DiceRoll((1,), modifier=1001)):
        with pytest.raises(LimitError) as info:
            build()
        refusals.append(str(info.value))
    assert refusals == ["dice sides must be 2 to 1000: 1", "dice sides must be 2 to 1000: 1001",
                        "dice modifier must be −1000 to +1000: 1001"]
