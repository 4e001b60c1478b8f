"""Jumping's core, rule by rule, in exact feet: the Size table (J1), the penalty's steps, the minimum and the
maximum (J4), the Move modifiers (J9), the cost (J3), a failed high jump's floor (J5), the d8 scatter and its
undershoot and floor (J6), J8's second check, and the exact numbers a + b√2 a diagonal scatter gives.

Each test names the sentence of ``003_d3aa233771e16bb9.txt`` or the ruling it checks, and works its numbers from
the seed's table (transcribed below, not read from the code).  The planner on a battlefield (J2, J7, J10, J12)
and the table's actions are in ``test_jumping_planner.py``.

Source: ``003_d3aa233771e16bb9.txt`` › Jumping Distance, › Jumping Distance & Height, › Move Modifiers,
› Attempting a Jump, › Scatter, › Landing in Terrain Features; rulings J1, J3–J6, J8, J9, J11.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction as F

import pytest

from vertigo.rules.jumping.rules.distances import Jumper, JumpError, judge_jump, jump_table
from vertigo.rules.jumping.rules.landing import judge_landing
from vertigo.rules.jumping.rules.scatter import high_outcome, long_outcome
from vertigo.rules.jumping.rules.surd import HALF_ROOT_2, Surd

HAIR = F(1, 1000)
"""A thousandth of a foot: "just past" a boundary."""

SEED_TABLE = {
    "Tiny": (F(1, 3), F(1, 10), F(1, 15), F(1, 30)),
    "Small": (F(1, 3), F(1, 8), F(1, 15), F(1, 20)),
    "Medium": (F(1, 3), F(1, 8), F(1, 15), F(1, 20)),
    "Large": (F(1, 2), F(1, 5), F(1, 10), F(1, 15)),
}
"""The seed's *Jumping Distance & Height* table, copied from the text: Size → Base Running Jump, Base Standing
Long Jump, Base High Jump, Base Standing High Jump, each a fraction of the Move in feet."""

KINDS = ("running", "standing_long", "high", "standing_high")
"""The table's four columns, in its order."""

# Move 12 (60 ft), each Size's four jumps worked from SEED_TABLE: base = fraction × 60; minimum ½ base; maximum
# base + 50 %; Jump Modifier 10 % of base.
MOVE_12 = [
    ("Tiny", "running", 20, 10, 30, 2),
    ("Tiny", "standing_long", 6, 3, 9, F(3, 5)),
    ("Tiny", "high", 4, 2, 6, F(2, 5)),
    ("Tiny", "standing_high", 2, 1, 3, F(1, 5)),
    ("Small", "running", 20, 10, 30, 2),
    ("Small", "standing_long", F(15, 2), F(15, 4), F(45, 4), F(3, 4)),
    ("Small", "high", 4, 2, 6, F(2, 5)),
    ("Small", "standing_high", 3, F(3, 2), F(9, 2), F(3, 10)),
    ("Medium", "running", 20, 10, 30, 2),
    ("Medium", "standing_long", F(15, 2), F(15, 4), F(45, 4), F(3, 4)),
    ("Medium", "high", 4, 2, 6, F(2, 5)),
    ("Medium", "standing_high", 3, F(3, 2), F(9, 2), F(3, 10)),
    ("Large", "running", 30, 15, 45, 3),
    ("Large", "standing_long", 12, 6, 18, F(6, 5)),
    ("Large", "high", 6, 3, 9, F(3, 5)),
    ("Large", "standing_high", 4, 2, 6, F(2, 5)),
]


def figures_of(size: str, tiles: int, kind: str) -> tuple[F, F, F, F]:
    """(base, minimum, maximum, modifier) of one jump, worked from :data:`SEED_TABLE` (J1): the test's own
    arithmetic, never the code's."""
    base = SEED_TABLE[size][KINDS.index(kind)] * tiles * 5
    return base, base / 2, base * 3 / 2, base / 10


def judged(size: str, tiles: int, kind: str, distance: F):
    return judge_jump(jump_table(Jumper(size, tiles)), kind, distance)


# -- J1: the Size table ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "kind", "base", "minimum", "maximum", "modifier"), MOVE_12)
def test_every_size_and_kind_at_move_12(size, kind, base, minimum, maximum, modifier):
    """Seed, *Jumping Distance & Height* (every row and column) and *Jumping Distance*: "The Minimum Jump
    distance ... is equal to 1/2 their Base Jump", "The Maximum ... is equal to their Base Distance or Height
    +50%", "Jump Modifier is equal to 10% of Base Jump Distance" (J1); Move 12 is 60 ft."""
    table = jump_table(Jumper(size, 12))
    assert table.full_move_ft == 60
    f = table.of(kind)
    assert (f.base, f.minimum, f.maximum, f.modifier) == (base, minimum, maximum, modifier)


@pytest.mark.parametrize("size", list(SEED_TABLE))
@pytest.mark.parametrize("tiles", [1, 7, 50])
def test_every_size_at_the_smallest_an_odd_and_the_largest_move(size, tiles):
    """J1: each base is the table's fraction of Move × 5 ft, exactly (Move 1: 5 ft, a Tiny standing high jump
    of 1/6 ft; Move 7: 35 ft, thirds and eighths; Move 50, the cap: 250 ft)."""
    table = jump_table(Jumper(size, tiles))
    assert table.full_move_ft == tiles * 5
    for kind in KINDS:
        f = table.of(kind)
        assert (f.base, f.minimum, f.maximum, f.modifier) == figures_of(size, tiles, kind), kind


def test_the_seeds_worked_example():
    """Seed, *Jumping Distance*: "a Human has a Move of 12, 60 feet per round. As a Medium character, they have a
    Base Running Jump Distance of 1/3 of this - 20 feet. They could make a Running Jump of up to 10 feet without
    having to roll and the furthest they could jump is 30 feet. They would have to move at least 30 feet
    unimpeded"; J3: half of 12 Move points is 6."""
    table = jump_table(Jumper("Medium", 12))
    running = table.of("running")
    assert (running.base, running.minimum, running.maximum) == (20, 10, 30)
    assert (table.run_up_ft, table.cost_mp) == (30, 6)
    assert table.summary == ("Medium, Full Move 60 ft: running jump 20 ft (no roll to 10 ft, at most 30 ft) after "
                             "30 ft of run-up; a jump costs 6 Move points.")


def test_tiny_and_large_name_the_open_ended_rows():
    """Seed's table rows "Tiny or Smaller" and "Large or Larger": the summary names the row as the seed does."""
    assert jump_table(Jumper("Tiny", 12)).summary.startswith("Tiny or smaller, Full Move 60 ft: running jump 20 ft")
    assert jump_table(Jumper("Large", 12)).summary.startswith("Large or larger, Full Move 60 ft: running jump 30 ft")


def test_an_unknown_kind_is_refused_with_the_four_named():
    """J1: there are four jumps; any other is refused, naming them."""
    with pytest.raises(JumpError) as e:
        jump_table(Jumper("Medium", 12)).of("long")
    assert str(e.value) == "must be one of running, standing_long, high, standing_high: 'long'"


# -- J3: the cost -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tiles", "fraction", "cost"), [
    (12, F(1), 6), (7, F(1), 4), (1, F(1), 1), (15, F(1), 8), (50, F(1), 25),
    (12, F(1, 2), 3), (7, F(1, 2), 2), (1, F(1, 2), 1), (12, F(3, 2), 9)])
def test_the_cost_is_half_the_full_move_rounded_up(tiles, fraction, cost):
    """Seed, *Attempting a Jump*: "Jumping costs 1/2 of the character's Full Move points"; J3: rounded up (Move 7:
    3.5 → 4); under a Move fraction, the fraction's Full Move (open ruling: Move 12 at ½ costs 3; Move 7 at ½,
    1.75 → 2)."""
    assert jump_table(Jumper("Medium", tiles, fraction)).cost_mp == cost


# -- J2: the run-up's length ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("tiles", "fraction", "run_up"), [(12, F(1), 30), (10, F(1), 25), (13, F(1), F(65, 2)),
                                                          (12, F(1, 2), 15), (1, F(1), F(5, 2))])
def test_the_run_up_is_half_move_in_feet(tiles, fraction, run_up):
    """Seed: "a character must have moved at least their 1/2 Move in tiles" (J2): ½ Move × 5 ft, in exact feet
    (Move 13: 32.5 ft, no rounding to whole tiles — the open ruling on part tiles), under a Move fraction."""
    assert jump_table(Jumper("Medium", tiles, fraction)).run_up_ft == run_up


# -- J4: the roll and the penalty ---------------------------------------------------------------------------


SIZE_KINDS = [(size, kind) for size in SEED_TABLE for kind in KINDS]


@pytest.mark.parametrize(("size", "kind"), SIZE_KINDS)
def test_at_the_minimum_no_roll_and_a_hair_past_it_a_roll(size, kind):
    """Seed: "If the distance is equal to or less than their Minimum Jump distance, they succeed without a
    roll" (J4)."""
    _, minimum, _, _ = figures_of(size, 12, kind)
    at = judged(size, 12, kind, minimum)
    assert (at.possible, at.auto_success, at.needs_roll, at.penalty) == (True, True, False, 0)
    past = judged(size, 12, kind, minimum + HAIR)
    assert (past.possible, past.auto_success, past.needs_roll, past.penalty) == (True, False, True, 0)
    zero = judged(size, 12, kind, F(0))
    assert (zero.auto_success, zero.penalty) == (True, 0)


@pytest.mark.parametrize(("size", "kind"), SIZE_KINDS)
def test_every_penalty_step_exactly_and_just_past_it(size, kind):
    """Seed: "A character can jump up to their Base Jump distance without penalty. For every 10% they increase
    their Base Jump by, they suffer a -1 penalty"; J4: a started step counts in full — the base is 0, a hair
    past it −1, exactly k steps of the Jump Modifier past it −k, a hair further −(k + 1), up to −5 at the
    maximum."""
    base, _, maximum, modifier = figures_of(size, 12, kind)
    assert judged(size, 12, kind, base).penalty == 0
    assert judged(size, 12, kind, base + HAIR).penalty == -1
    for k in range(1, 6):
        exactly = judged(size, 12, kind, base + k * modifier)
        assert (exactly.possible, exactly.penalty) == (True, -k), k
        if k < 5:
            past = judged(size, 12, kind, base + k * modifier + HAIR)
            assert (past.possible, past.penalty) == (True, -(k + 1)), k
    assert base + 5 * modifier == maximum


@pytest.mark.parametrize(("size", "kind"), SIZE_KINDS)
def test_the_maximum_is_possible_and_a_hair_past_it_is_not(size, kind):
    """Seed: "The Maximum Jump distance or height a character can jump is equal to their Base Distance or Height
    +50%"; J4: above it, impossible (no roll, no penalty to take)."""
    _, _, maximum, _ = figures_of(size, 12, kind)
    at = judged(size, 12, kind, maximum)
    assert (at.possible, at.auto_success, at.penalty, at.needs_roll) == (True, False, -5, True)
    past = judged(size, 12, kind, maximum + HAIR)
    assert (past.possible, past.auto_success, past.penalty, past.needs_roll) == (False, False, 0, False)
    assert past.check == "none: the jump is impossible"


@pytest.mark.parametrize(("distance", "penalty"), [(21, -1), (22, -1), (24, -2), (30, -5)])
def test_j4_own_examples_on_a_20_ft_base(distance, penalty):
    """J4: "base 20 ft: 21 ft is −1, 24 ft is −2, 30 ft is −5" (and 22 ft, one whole step, −1)."""
    v = judged("Medium", 12, "running", F(distance))
    assert v.penalty == penalty
    assert v.summary == f"A running jump of {distance} ft needs a Hard Strength or Dexterity Feat at −{-penalty}."


def test_the_summary_of_each_band():
    """J4's bands, as the planner says them: no roll, a roll with no penalty, impossible."""
    assert judged("Medium", 12, "running", F(10)).summary == ("A running jump of 10 ft succeeds with no roll "
                                                              "(minimum 10 ft).")
    assert judged("Medium", 12, "running", F(20)).summary == ("A running jump of 20 ft needs a Hard Strength or "
                                                              "Dexterity Feat with no penalty.")
    assert judged("Medium", 12, "running", F(31)).summary == ("A running jump of 31 ft is impossible: past its "
                                                              "maximum of 30 ft.")


def test_a_negative_distance_is_refused():
    """J4 judges a distance of 0 ft or more."""
    with pytest.raises(JumpError) as e:
        judged("Medium", 12, "running", F(-1))
    assert str(e.value) == "a jump's distance must be 0 ft or more: −1 ft"


@pytest.mark.parametrize(("athletics", "tumbling", "check"), [
    (False, False, "a Hard Strength or Dexterity Feat"),
    (True, False, "a Hard Strength or Dexterity Feat, or an Athletics check one step easier"),
    (False, True, "a Hard Strength or Dexterity Feat, or a Tumbling check one step easier"),
    (True, True, "a Hard Strength or Dexterity Feat, or an Athletics or Tumbling check one step easier"),
])
def test_the_check_names_the_feat_and_the_skills_the_fighter_has(athletics, tumbling, check):
    """Seed: "the character makes a Hard Strength Feat or Dexterity Feat Check. Alternatively, the Character may
    make an Athletics or Tumbling Check instead - doing so lowers the effective difficulty by one step" (J4):
    the check names the Feat and each skill the fighter has, in English ("an Athletics check")."""
    jumper = Jumper("Medium", 12, athletics=athletics, tumbling=tumbling)
    assert judge_jump(jump_table(jumper), "running", F(24)).check == check


# -- J9: Move modifiers ------------------------------------------------------------------------------------


def test_j9_two_move_points_take_20_percent_not_compounded():
    """Seed, *Move Modifiers*: "Anything that modifies Move by a point cost per tile for the character ...
    modifies the distance of a Jump by 10% per point"; J9: "added up, not compounded (2 points: −20%, 20 ft →
    16 ft)" — 16 ft, not 20 × 0.9 × 0.9 = 16.2 ft."""
    running = jump_table(Jumper("Medium", 12, mp_cost_per_tile=2)).of("running")
    assert (running.base, running.minimum, running.maximum, running.modifier) == (16, 8, 24, F(8, 5))
    assert running.base != 20 * F(9, 10) * F(9, 10)


@pytest.mark.parametrize(("points", "base"), [(0, 20), (1, 18), (2, 16), (5, 10), (9, 2)])
def test_j9_each_move_point_is_ten_percent_of_the_distance(points, base):
    """J9: each point of the character's own cost per tile is −10 % of distance: 20 ft at 0 … 9 points is 20,
    18, 16, 10, 2 ft; the Move cost (J3) and the run-up (J2) are the Move's, not the distance's."""
    table = jump_table(Jumper("Medium", 12, mp_cost_per_tile=points))
    assert table.of("running").base == base
    assert (table.cost_mp, table.run_up_ft, table.full_move_ft) == (6, 30, 60)


@pytest.mark.parametrize(("fraction", "running", "high"), [(F(1, 2), 10, 2), (F(3, 4), 15, 3), (F(2), 40, 8),
                                                           (F(1, 3), F(20, 3), F(4, 3))])
def test_j9_a_fraction_of_move_scales_every_distance(fraction, running, high):
    """Seed: "Anything that modifies Move by a fraction or percentage similarly modifies Jump distance" (J9):
    Move 12 at ½ jumps 10 ft running, 2 ft high; at ¾ 15 and 3; doubled 40 and 8; at ⅓ 20/3 and 4/3."""
    table = jump_table(Jumper("Medium", 12, fraction))
    assert (table.of("running").base, table.of("high").base) == (running, high)
    assert table.full_move_ft == 60 * fraction


def test_j9_both_kinds_together():
    """J9, both modifiers: Move 12 at ½ with 1 point of its own: 20 ft × ½ × 9/10 = 9 ft; minimum 4.5, maximum
    13.5, modifier 0.9."""
    f = jump_table(Jumper("Medium", 12, F(1, 2), 1)).of("running")
    assert (f.base, f.minimum, f.maximum, f.modifier) == (9, F(9, 2), F(27, 2), F(9, 10))


def test_j9_the_penalty_steps_are_the_modified_base():
    """J9 then J4: burdened by 2 points, the human's base is 16 ft and its step 1.6 ft: 20 ft is 4 ft past, 2.5
    steps, −3; 17.6 ft exactly one step, −1."""
    table = jump_table(Jumper("Medium", 12, mp_cost_per_tile=2))
    assert judge_jump(table, "running", F(20)).penalty == -3
    assert judge_jump(table, "running", F(88, 5)).penalty == -1


# -- J5: a failed high jump ------------------------------------------------------------------------------------


HIGH = jump_table(Jumper("Medium", 12)).of("high")
"""The human's high jump: base 4 ft, minimum 2 ft, maximum 6 ft, Jump Modifier 2/5 ft."""


@pytest.mark.parametrize(("fail_by", "reached", "at_minimum"), [
    (0, 5, False), (1, F(23, 5), False), (3, F(19, 5), False), (7, F(11, 5), False), (8, 2, True), (9, 2, True),
    (100, 2, True)])
def test_j5_a_failed_high_jump_stops_at_the_minimum(fail_by, reached, at_minimum):
    """Seed: "If a character fails a High Jump, for every point they fail by, decrease the height of the jump the
    Jump Modifier 10% until it hits Minimum Height"; J5: 5 ft − N × 0.4 ft, never below 2 ft (failed by 7: 2.2
    ft; by 8: 1.8 → 2 ft)."""
    out = high_outcome(HIGH, F(5), fail_by)
    assert (out.reached, out.at_minimum, out.made) == (reached, at_minimum, fail_by == 0)


def test_j5_the_explanation_says_the_floor():
    """J5's step, worked: 5 ft − 8 × 0.4 ft = 1.8 ft, never below the minimum: 2 ft."""
    out = high_outcome(HIGH, F(5), 8)
    assert [str(s) for s in out.steps] == ["[J5] Failed by 8: 5 ft − 8 × 0.4 ft = 1.8 ft, never below the minimum: "
                                           "2 ft."]


# -- J6: a failed long jump scatters -------------------------------------------------------------------------


RUNNING = jump_table(Jumper("Medium", 12)).of("running")
"""The human's running jump: base 20 ft, minimum 10 ft, maximum 30 ft, Jump Modifier 2 ft."""
R = HALF_ROOT_2.scaled(F(4))
"""4 ft × √2/2 = 2√2: a diagonal component of a 4-ft scatter."""
ZERO = Surd(F(0))

# Intended 20 ft, failed by 2: scatter 2 × 2 = 4 ft. d8: 1 straight ahead, then clockwise seen from above.
#   (along, sideways + right, along rounded to 1/100 ft, sideways in words)
D8_FACES = [
    (1, Surd(F(24)), ZERO, F(24), ""),
    (2, Surd(F(20)) + R, R, F(2283, 100), "2.83 ft to the right of the jump"),
    (3, Surd(F(20)), Surd(F(4)), F(20), "4 ft to the right of the jump"),
    (4, Surd(F(20)) - R, R, F(1717, 100), "2.83 ft to the right of the jump"),
    (5, Surd(F(16)), ZERO, F(16), ""),
    (6, Surd(F(20)) - R, ZERO - R, F(1717, 100), "2.83 ft to the left of the jump"),
    (7, Surd(F(20)), Surd(F(-4)), F(20), "4 ft to the left of the jump"),
    (8, Surd(F(20)) + R, ZERO - R, F(2283, 100), "2.83 ft to the left of the jump"),
]


@pytest.mark.parametrize(("direction", "along", "sideways", "along_ft", "words"), D8_FACES)
def test_j6_every_d8_face_exactly(direction, along, sideways, along_ft, words):
    """Seed, *Scatter*: "For every point the character failed by, increase the distance they move from their
    target by the Jump Modifier and scatter the character in that direction"; J6: d8, 1 straight ahead,
    clockwise. 20 ft failed by 2: 4 ft; a diagonal's components are exactly 2√2 = 4 × √2/2 (compared in Q(√2),
    rounded to 1/100 ft only where it lands: 20 + 2√2 = 22.828… → 22.83)."""
    out = long_outcome(RUNNING, F(20), 2, direction)
    assert out.scatter == 4
    assert (out.along, out.sideways) == (along, sideways)
    assert (out.undershoot, out.at_minimum) == (False, False)
    assert out.along_ft == along_ft
    assert out.sideways_words == words
    assert out.direction == direction


def test_j6_a_diagonal_component_has_no_exact_text():
    """Issue 25: "a length with √2 in it has only the number" — the answer gives no ``_exact`` beside it."""
    data = long_outcome(RUNNING, F(20), 2, 2).to_json()
    assert (data["landing_along"], data["landing_sideways"]) == (22.83, 2.83)
    assert "landing_along_exact" not in data and "landing_sideways_exact" not in data
    assert (data["scatter_ft"], data["scatter_ft_exact"]) == (4, "4")


def test_j6_the_rulings_own_undershoot():
    """J6: "intended 24 ft, scatter 8 ft ahead past a 30-ft maximum: 16 ft" — failed by 4 × 2 ft."""
    out = long_outcome(RUNNING, F(24), 4, 1)
    assert (out.scatter, out.along, out.sideways, out.undershoot, out.at_minimum) == (8, Surd(F(16)), ZERO, True,
                                                                                      False)
    assert [str(s) for s in out.steps] == [
        "[J6] Failed by 4: it scatters 4 × 2 ft = 8 ft straight ahead (d8: 1).",
        "[J6] That is past its maximum of 30 ft: it undershoots, 8 ft short of the target on the line: 16 ft."]


def test_j6_exactly_at_the_maximum_is_not_past_it():
    """Seed: "If this would cause the character to be moved further than their Maximum Jump Distance" — 24 ft +
    6 ft ahead is exactly 30 ft: not further, it lands there."""
    out = long_outcome(RUNNING, F(24), 3, 1)
    assert (out.along, out.undershoot) == (Surd(F(30)), False)


def test_j6_past_the_maximum_is_the_straight_line_from_the_takeoff():
    """Issue 25: "measure 'past the maximum' ... as the straight-line distance from the takeoff": 30 ft failed by
    1 to the right lands 30 ft along and 2 ft across, √904 ≈ 30.07 ft from the takeoff — past the 30-ft maximum
    though its component along is not: it undershoots to 30 − 2 = 28 ft."""
    out = long_outcome(RUNNING, F(30), 1, 3)
    assert (out.along, out.sideways, out.undershoot) == (Surd(F(28)), ZERO, True)


@pytest.mark.parametrize(("intended", "undershoot"), [(F(2855, 100), False), (F(2856, 100), True)])
def test_j6_a_diagonal_against_the_maximum_is_decided_exactly(intended, undershoot):
    """J6 on a diagonal, exactly: intended I, failed by 1 ahead-right (2 ft): the landing is (I + √2, √2), its
    distance² I² + 4 + 2√2·I against 30² = 900; the root is I = √898 − √2 ≈ 28.5524, so 28.55 ft stays and
    28.56 ft undershoots to I − 2."""
    out = long_outcome(RUNNING, intended, 1, 2)
    assert out.undershoot is undershoot
    if undershoot:
        assert (out.along, out.sideways) == (Surd(intended - 2), ZERO)
    else:
        assert (out.along, out.sideways) == (Surd(intended, F(1)), Surd(F(0), F(1)))


def test_j6_never_closer_than_the_minimum():
    """Seed: "A character cannot fall closer to their origin than their Minimum Jump Distance; if they would,
    they land at their Minimum Jump Distance" (J6): 12 ft failed by 2 back (4 ft) → 8 ft < 10 ft → 10 ft on the
    line."""
    out = long_outcome(RUNNING, F(12), 2, 5)
    assert (out.along, out.sideways, out.undershoot, out.at_minimum) == (Surd(F(10)), ZERO, False, True)


def test_j6_the_minimum_is_the_straight_line_too():
    """Issue 25: "closer than the minimum" is the straight-line distance: 11 ft failed by 1 back-left (2 ft):
    along 11 − √2 ≈ 9.59 ft, short of 10 ft, but 1.41 ft across puts it √(123 − 22√2) ≈ 9.69 ft away — closer
    than the minimum: at 10 ft. And 12 ft failed by 1 back-left: along 12 − √2 ≈ 10.59 ft, √(148 − 24√2)
    ≈ 10.68 ft: it stays."""
    short = long_outcome(RUNNING, F(11), 1, 6)
    assert (short.along, short.sideways, short.at_minimum) == (Surd(F(10)), ZERO, True)
    stays = long_outcome(RUNNING, F(12), 1, 6)
    assert (stays.along, stays.sideways, stays.at_minimum) == (Surd(F(12), F(-1)), Surd(F(0), F(-1)), False)


def test_j6_at_right_angles_the_minimum_counts_the_sideways_part():
    """J6 with the straight line: 9.5 ft failed by 2 to the left (4 ft): along 9.5 ft, short of 10 ft, but the
    landing is √(90.25 + 16) ≈ 10.31 ft from the takeoff: not closer than the minimum, it stays."""
    out = long_outcome(RUNNING, F(19, 2), 2, 7)
    assert (out.along, out.sideways, out.at_minimum) == (Surd(F(19, 2)), Surd(F(-4)), False)


def test_j6_an_undershoot_below_the_minimum_lands_at_the_minimum():
    """J6, both at once: 24 ft failed by 8 ahead (16 ft) → 40 ft past the 30-ft maximum → undershoots to 24 − 16
    = 8 ft, closer than 10 ft → lands at the minimum."""
    out = long_outcome(RUNNING, F(24), 8, 1)
    assert (out.along, out.undershoot, out.at_minimum) == (Surd(F(10)), True, True)


def test_j6_behind_the_takeoff_lands_at_the_minimum():
    """J6: a scatter back past the takeoff itself (12 ft failed by 10 back: −8 ft) lands at the minimum, on the
    line toward the target."""
    out = long_outcome(RUNNING, F(12), 10, 5)
    assert (out.along, out.sideways, out.at_minimum) == (Surd(F(10)), ZERO, True)


def test_j6_a_success_lands_where_meant_with_no_direction():
    """Seed: "On a success, a character jumps as high or as long as they intended" (J11: failed by 0)."""
    out = long_outcome(RUNNING, F(23), 0, None)
    assert (out.along, out.sideways, out.direction, out.scatter) == (Surd(F(23)), ZERO, None, 0)


@pytest.mark.parametrize(("fail_by", "direction", "message"), [
    (3, None, "a failed long jump needs its d8 direction, 1 (straight ahead) to 8, clockwise"),
    (3, 9, "must be a d8 face, 1 (straight ahead) to 8, clockwise: 9"),
    (3, 0, "must be a d8 face, 1 (straight ahead) to 8, clockwise: 0"),
    (-1, 1, "must be a whole number of points failed by, from 0 (a success) to 100: -1"),
    (101, 1, "must be a whole number of points failed by, from 0 (a success) to 100: 101"),
    (True, 1, "must be a whole number of points failed by, from 0 (a success) to 100: True"),
])
def test_j6_a_bad_margin_or_face_is_refused(fail_by, direction, message):
    """J6, J11: the d8 has faces 1 to 8; a margin is whole, 0 (a success) to 100 (issue 25's cap)."""
    with pytest.raises(JumpError) as e:
        long_outcome(RUNNING, F(24), fail_by, direction)
    assert str(e.value) == message


# -- J8: landing on bad footing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("footing", "fail_by", "left", "penalty", "lost", "after", "down"), [
    (2, 0, 4, -2, 0, 4, False),
    (2, 1, 4, -2, 2, 2, False),
    (2, 2, 4, -2, 4, 0, True),
    (2, 3, 4, -2, 6, -2, True),
    (3, 2, 5, -3, 4, 1, False),
    (0, 0, 0, 0, 0, 0, False),
    (20, 100, 0, -20, 200, -200, True),
])
def test_j8_the_second_check(footing, fail_by, left, penalty, lost, after, down):
    """Seed, *Landing in Terrain Features*: "This new check suffers a penalty to it equal to any Move Point cost
    modifiers ... For every point the character fails by, they lose 2 Move Points. If they drop to 0 or less,
    they are Knocked Down" (J8): exactly 0 left is Knocked Down; a success loses nothing, and keeps a fighter
    with 0 points on its feet."""
    c = judge_landing(footing, fail_by, left)
    assert (c.penalty, c.mp_lost, c.mp_after, c.knocked_down) == (penalty, lost, after, down)


def test_j8_the_summary_and_steps():
    """J8 worked on the ravine's mud bank (2 Move points): failed by 3 with 4 left loses 6: −2, Knocked Down."""
    c = judge_landing(2, 3, 4)
    assert c.summary == "The landing check at −2 failed by 3: −6 Move points, 4 → −2: Knocked Down."
    assert [str(s) for s in c.steps] == [
        "[J8] Landing on bad footing takes a second check like the jump's, at −2 (its Move-point cost).",
        "[J8] Failed by 3: 2 Move points a point, −6: 4 → −2, 0 or less: Knocked Down."]


@pytest.mark.parametrize(("args", "message"), [
    ((-1, 0, 4), "must be the footing's Move-point cost, a whole number from 0 to 20: -1"),
    ((21, 0, 4), "must be the footing's Move-point cost, a whole number from 0 to 20: 21"),
    ((2, -1, 4), "must be a whole number of points failed by, from 0 (a success) to 100: -1"),
    ((2, 101, 4), "must be a whole number of points failed by, from 0 (a success) to 100: 101"),
    ((2, 1, -1), "must be the Move points it has left, a whole number from 0 to 1000: -1"),
])
def test_j8_bad_numbers_are_refused(args, message):
    """Issue 25, *Bad input*: a negative footing cost, a margin outside 0–100 (its caps in ``limits.py``)."""
    with pytest.raises(JumpError) as e:
        judge_landing(*args)
    assert str(e.value) == message


# -- Q(√2): the exact numbers of a diagonal ---------------------------------------------------------------------


def _decimal(s: Surd, digits: int = 200) -> Decimal:
    """a + b√2 to ``digits`` significant digits: the test's own evaluation."""
    with localcontext() as c:
        c.prec = digits
        return (Decimal(s.a.numerator) / Decimal(s.a.denominator)
                + Decimal(s.b.numerator) / Decimal(s.b.denominator) * Decimal(2).sqrt())


# Pell pairs x² − 2y² = ±1: x − y√2 is as close to 0 as a + b√2 with such numbers can be (±1 / (x + y√2)).
PELL = [(1, 1, -1), (3, 2, 1), (7, 5, -1), (99, 70, 1), (577, 408, 1), (665857, 470832, 1),
        (1855077841, 1311738121, -1)]


@pytest.mark.parametrize(("x", "y", "sign"), PELL)
def test_surd_sign_of_a_and_b_of_opposite_signs_with_a_squared_near_2b_squared(x, y, sign):
    """Issue 25: "the sign of a + b√2 is decidable" — x − y√2 with x² − 2y² = ±1 is within 1/(2x) of 0, and
    its sign is that of x² − 2y²; negated, the other; scaled by any positive rational, the same."""
    assert x * x - 2 * y * y == sign
    assert Surd(F(x), F(-y)).sign == sign
    assert Surd(F(-x), F(y)).sign == -sign
    assert Surd(F(x, 7), F(-y, 7)).sign == sign
    assert Surd(F(x), F(-y)).scaled(F(3, 1000)).sign == sign


def test_surd_sign_where_a_float_cannot_tell():
    """Issue 25 ("compare exactly in Q(√2)"): a Pell pair of 31 digits puts x − y√2 at about 2.4·10⁻³¹, which a
    float cannot see (it is off by some 10¹⁴); the exact sign is +1, and ≤ / < agree with it."""
    x, y = 1, 0
    for _ in range(40):  # (x + y√2)(3 + 2√2): the solutions of x² − 2y² = 1
        x, y = 3 * x + 4 * y, 2 * x + 3 * y
    assert x * x - 2 * y * y == 1 and len(str(x)) >= 30
    s = Surd(F(x), F(-y))
    assert s.sign == 1
    assert _decimal(s) > 0
    assert float(s) != float(_decimal(s))
    assert Surd(F(0), F(y)) < Surd(F(x))
    assert not Surd(F(x)) <= Surd(F(0), F(y))


@pytest.mark.parametrize(("a", "b", "sign"), [
    (0, 0, 0), (3, 0, 1), (-3, 0, -1), (0, 2, 1), (0, -2, -1), (1, 1, 1), (-1, -1, -1),
    (F(1, 3), F(-1, 5), 1), (F(-1, 3), F(1, 5), -1), (F(1, 2), F(-1, 2), -1), (F(-3, 2), F(1), -1)])
def test_surd_sign_of_simple_cases(a, b, sign):
    """The sign of a + b√2: the sign of a when b is 0 or of b's sign; of b when a is 0; otherwise |a| against
    |b|√2 (1/3 − √2/5 ≈ 0.05; 1/2 − √2/2 ≈ −0.21; −3/2 + √2 ≈ −0.09)."""
    assert Surd(F(a), F(b)).sign == sign


def test_surd_arithmetic_stays_exact():
    """(√2/2)² = 1/2 and (3 + 2√2)(3 − 2√2) = 1: the products a diagonal's distance² needs are exact."""
    assert Surd(F(1, 2)) == HALF_ROOT_2 * HALF_ROOT_2
    assert Surd(F(3), F(2)) * Surd(F(3), F(-2)) == Surd(F(1))
    assert Surd(F(20)) + HALF_ROOT_2.scaled(F(4)) == Surd(F(20), F(2))
    assert Surd(F(20), F(2)).rational is None and Surd(F(5, 2)).rational == F(5, 2)


@pytest.mark.parametrize(("surd", "hundredths"), [
    (Surd(F(20), F(2)), F(2283, 100)),
    (Surd(F(20), F(-2)), F(1717, 100)),
    (Surd(F(-20), F(-2)), F(-2283, 100)),
    (Surd(F(0), F(1)), F(141, 100)),
    (Surd(F(0), F(-1, 2)), F(-71, 100)),
    (Surd(F(45), F(45, 8)), F(5295, 100)),
    (Surd(F(10, 3)), F(333, 100)),
    (Surd(F(-2, 3)), F(-67, 100)),
    (Surd(F(1000000), F(1000000)), F(241421356, 100)),
])
def test_surd_hundredths(surd, hundredths):
    """Issue 25: "store the landing x rounded to 1/100 ft": 20 + 2√2 = 22.8284… → 22.83; 20 − 2√2 = 17.1715… →
    17.17; √2 → 1.41; 45 + 45√2/8 = 52.9549… → 52.95; 10/3 → 3.33; 10⁶(1 + √2) = 2414213.562… → 2414213.56."""
    assert surd.hundredths() == hundredths


def _near_tie(tie: Decimal, b: F, above: bool) -> Surd:
    """a + b√2 within about 10⁻²⁵ of ``tie``, on the side asked: a is ``tie − b√2`` cut to 25 decimals."""
    with localcontext() as c:
        c.prec = 100
        target = tie - Decimal(b.numerator) / Decimal(b.denominator) * Decimal(2).sqrt()
        cut = target.quantize(Decimal(10) ** -25, rounding="ROUND_CEILING" if above else "ROUND_FLOOR")
    return Surd(F(cut), b)


@pytest.mark.parametrize("b", [F(1), F(-1), F(1, 2), F(45, 8), F(-3, 7)])
@pytest.mark.parametrize("tie", ["0.005", "22.835", "-4.245"])
def test_surd_hundredths_a_hair_either_side_of_a_half_hundredth(b, tie):
    """An irrational a + b√2 is never exactly a half-hundredth, but it may be 10⁻²⁵ from one: it rounds to the
    side it is on, as its value to 200 digits says (22.835 + 10⁻²⁵ → 22.84, 22.835 − 10⁻²⁵ → 22.83)."""
    t = Decimal(tie)
    for above in (False, True):
        s = _near_tie(t, b, above)
        assert (_decimal(s) > t) is above
        assert s.hundredths() == F(t) + (F(1, 200) if above else F(-1, 200)), (tie, b, above)


def test_surd_text():
    """The exact value in words, for the explanation: ``20 + 2√2``, ``20 - 2√2``, ``√2``, ``-3√2``, ``5/2``."""
    assert [s.text() for s in (Surd(F(20), F(2)), Surd(F(20), F(-2)), Surd(F(0), F(1)), Surd(F(0), F(-3)),
                               Surd(F(5, 2)))] == ["20 + 2√2", "20 - 2√2", "√2", "-3√2", "5/2"]
