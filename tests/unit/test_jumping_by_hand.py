"""Five jumps worked from the text of ``003_d3aa233771e16bb9.txt`` (Jumping) and rulings J1–J12.

Each jump below is worked out in full in its docstring or comments, from the seed's
headings *Jumping Distance*, the *Jumping Distance & Height* table, *Move Modifiers*,
*Attempting a Jump*, *Scatter* and *Landing in Terrain Features*, with the conventions
of issue 25 (d8 1 = straight ahead, clockwise; a diagonal's components are
scatter × √2/2; "past the maximum" and "closer than the minimum" are measured as the
straight-line distance from the takeoff). The answers are asked through
:func:`vertigo.ask.answer` with the fighter given by its numbers (no scenario).

The five jumps:

1. The seed's worked example: a Medium human, Move 12 — the whole table; a 24-ft running
   jump (−2) that fails by 3 and scatters on the diagonals.
2. A Large beast, Move 15 — its table (odd Move: the cost rounds up, run-up 37.5 ft);
   a 45-ft running jump on a step boundary (−2) and just past it (46 ft: −3); failed, it
   lands exactly on the maximum, or undershoots past it (straight ahead and on a diagonal).
3. The Medium human's 5-ft high jump, failed: J5's floor at the minimum height.
4. The Medium human burdened (J9): +2 Move points per tile (−20 %), and at half Move;
   a failed running jump scattered back lands at the minimum.
5. A Small thief with Tumbling, Move 10 — jump distances in thirds; a 20-ft running
   jump exactly on a step boundary, landing in mud (poor footing, 2 MP): J8's second check.
"""

from __future__ import annotations

import pytest

from vertigo.ask import answer
from vertigo.errors import QuestionError

KINDS = ("running", "standing_long", "high", "standing_high")
FIGURES = ("base", "minimum", "maximum", "modifier")

HUMAN = {"size": "Medium", "move_tiles": 12}
BEAST = {"size": "Large", "move_tiles": 15}
THIEF = {"size": "Small", "move_tiles": 10, "tumbling": True}
BURDENED = {**HUMAN, "mp_cost_per_tile": 2}


def table(fighter: dict) -> dict:
    return answer({"ask": "jump_table", **fighter})


def jump(fighter: dict, kind: str, distance) -> dict:
    return answer({"ask": "jump", **fighter, "kind": kind, "distance": distance})


def outcome(fighter: dict, kind: str, intended, fail_by: int, direction: int = 1) -> dict:
    return answer({"ask": "jump_outcome", **fighter, "kind": kind, "intended": intended, "fail_by": fail_by,
                   "direction": direction})


def length(data: dict, name: str, number, exact: str | None) -> None:
    """``data[name]`` is ``number`` (feet to hundredths); ``exact`` is its ``_exact`` text, or None for a
    length with √2 in it, which has only the number."""
    assert data[name] == number, (name, data[name], number)
    if exact is None:
        assert f"{name}_exact" not in data, (name, data.get(f"{name}_exact"))
    else:
        assert data[f"{name}_exact"] == exact, (name, data[f"{name}_exact"], exact)


def figures(data: dict, base, minimum, maximum, modifier) -> None:
    """The four figures of one jump kind, each ``(number, exact)``."""
    for name, (number, exact) in zip(FIGURES, (base, minimum, maximum, modifier), strict=True):
        length(data, name, number, exact)


def answered(data: dict, *rulings: str) -> None:
    assert data["summary"] and data["explanation"]
    for ruling in rulings:
        assert ruling in data["rules"], (ruling, data["rules"])


# --- Jump 1: the seed's worked example, a Medium human with Move 12 ------------------------------------------------

def test_jump_1_the_seed_worked_example_whole_table():
    """Seed, *Jumping Distance* and its example; J1, J2, J3.

    Full Move in feet = 12 tiles × 5 = 60 ft. Medium row of *Jumping Distance & Height*:
      running        1/3 × 60 = 20;      minimum ½ × 20 = 10;     maximum 1.5 × 20 = 30;   modifier 10 % = 2
      standing long  1/8 × 60 = 15/2;    minimum 15/4 (3.75);     maximum 45/4 (11.25);    modifier 3/4 (0.75)
      high           1/15 × 60 = 4;      minimum 2;               maximum 6;               modifier 2/5 (0.4)
      standing high  1/20 × 60 = 3;      minimum 3/2 (1.5);       maximum 9/2 (4.5);       modifier 3/10 (0.3)
    Run-up (J2): ½ Move = 6 tiles × 5 = 30 ft ("would have to move at least 30 feet").
    Cost (J3): ½ of 12 Full Move points = 6.
    """
    data = table(HUMAN)
    length(data, "full_move_ft", 60, "60")
    length(data, "run_up_ft", 30, "30")
    assert data["cost_mp"] == 6
    figures(data["running"], (20, "20"), (10, "10"), (30, "30"), (2, "2"))
    figures(data["standing_long"], (7.5, "15/2"), (3.75, "15/4"), (11.25, "45/4"), (0.75, "3/4"))
    figures(data["high"], (4, "4"), (2, "2"), (6, "6"), (0.4, "2/5"))
    figures(data["standing_high"], (3, "3"), (1.5, "3/2"), (4.5, "9/2"), (0.3, "3/10"))
    answered(data, "J1")


# J4 on base 20, modifier 2: one step of 10 % is 2 ft; a started step counts in full.
#   10 ≤ minimum → no roll;  10.5 → roll, 0;  20 = base → 0;  21 → 1/2 step → −1;  22 → 1 step exactly → −1;
#   22.5 → 1.25 steps → −2;  24 → 2 steps → −2 (J4's own example);  30 = maximum → 5 steps → −5;  30.5 → impossible.
HUMAN_RUNNING = [
    (10, True, True, 0),
    (10.5, True, False, 0),
    (20, True, False, 0),
    (21, True, False, -1),
    (22, True, False, -1),
    (22.5, True, False, -2),
    (24, True, False, -2),
    (30, True, False, -5),
]


@pytest.mark.parametrize(("distance", "possible", "auto", "penalty"), HUMAN_RUNNING)
def test_jump_1_running_penalty_steps(distance, possible, auto, penalty):
    """Seed, *Attempting a Jump*: no roll at or below the minimum; −1 per 10 % of base beyond base (J4: a started
    step counts in full: 22 ft is one whole step, −1; 22.5 ft starts a second, −2); seed example: "a Running Jump of
    up to 10 feet without having to roll and the furthest they could jump is 30 feet"."""
    data = jump(HUMAN, "running", distance)
    assert (data["possible"], data["auto_success"], data["penalty"]) == (possible, auto, penalty)
    assert data["cost_mp"] == 6
    figures(data, (20, "20"), (10, "10"), (30, "30"), (2, "2"))
    assert data["distance_ft"] == distance
    answered(data, "J4")


def test_jump_1_past_the_maximum_is_impossible():
    """J4: above the maximum (30 ft) a jump is impossible: 30.5 ft."""
    data = jump(HUMAN, "running", 30.5)
    assert data["possible"] is False
    assert data["auto_success"] is False


def test_jump_1_the_check_names_the_feat_and_the_skill():
    """Seed, *Attempting a Jump*: a Hard Strength or Dexterity Feat; Athletics or Tumbling instead, one step
    easier (J4) — the check names the skill the fighter has, and neither skill when it has none."""
    plain = jump(HUMAN, "running", 24)["check"]
    assert "Strength" in plain and "Dexterity" in plain and "Feat" in plain
    assert "Athletics" not in plain and "Tumbling" not in plain
    athlete = jump({**HUMAN, "athletics": True}, "running", 24)["check"]
    assert "Athletics" in athlete and "Feat" in athlete


# J6 for the 24-ft running jump failed by 3: scatter 3 × 2 = 6 ft; a diagonal component is 6 × √2/2 = 3√2
# = 4.242640… Landings, feet from the takeoff (along, sideways + right); straight-line distance checked against
# minimum 10 and maximum 30:
#   1 ahead        along 24 + 6 = 30, sideways 0;   straight line 30 — not past the maximum (equal), lands at 30
#   2 ahead-right  along 24 + 3√2 = 28.2426… → 28.24, sideways +4.24; straight line √(612 + 144√2) ≈ 28.56 ≤ 30
#   3 right        along 24, sideways +6; straight line √612 ≈ 24.74
#   4 back-right   along 24 − 3√2 = 19.7573… → 19.76, sideways +4.24; straight line ≈ 20.21 ≥ 10
#   5 back         along 18, sideways 0
#   6 back-left    along 19.76, sideways −4.24
#   7 left         along 24, sideways −6
#   8 ahead-left   along 28.24, sideways −4.24
HUMAN_SCATTER = [
    (1, (30, "30"), (0, "0")),
    (2, (28.24, None), (4.24, None)),
    (3, (24, "24"), (6, "6")),
    (4, (19.76, None), (4.24, None)),
    (5, (18, "18"), (0, "0")),
    (6, (19.76, None), (-4.24, None)),
    (7, (24, "24"), (-6, "-6")),
    (8, (28.24, None), (-4.24, None)),
]


@pytest.mark.parametrize(("direction", "along", "sideways"), HUMAN_SCATTER)
def test_jump_1_failed_by_3_scatters_6_ft(direction, along, sideways):
    """Seed, *Scatter*; J6: failed by 3 → 3 × Jump Modifier 2 = 6 ft in the d8 direction; a diagonal's
    components are 3√2 (no exact text); 24 + 6 straight ahead is exactly the maximum, not past it."""
    data = outcome(HUMAN, "running", 24, 3, direction)
    length(data, "scatter_ft", 6, "6")
    assert data["direction"] == direction
    length(data, "landing_along", *along)
    length(data, "landing_sideways", *sideways)
    assert (data["undershoot"], data["at_minimum"]) == (False, False)
    answered(data, "J6")


def test_jump_1_a_success_lands_where_intended():
    """Seed, *Attempting a Jump*: "On a success, a character jumps as high or as long as they intended" —
    fail_by 0 lands at 24 ft on the line."""
    data = outcome(HUMAN, "running", 24, 0, 5)
    length(data, "scatter_ft", 0, "0")
    length(data, "landing_along", 24, "24")
    length(data, "landing_sideways", 0, "0")
    assert (data["undershoot"], data["at_minimum"]) == (False, False)


def test_jump_1_j6_own_example_undershoots_to_16_ft():
    """J6's own example: intended 24 ft, scatter 8 ft ahead (failed by 4 × 2) → 32 ft, past the 30-ft maximum:
    the jumper lands 8 ft short of the target on the line, at 24 − 8 = 16 ft (≥ minimum 10)."""
    data = outcome(HUMAN, "running", 24, 4, 1)
    length(data, "scatter_ft", 8, "8")
    length(data, "landing_along", 16, "16")
    length(data, "landing_sideways", 0, "0")
    assert (data["undershoot"], data["at_minimum"]) == (True, False)


# --- Jump 2: a Large beast with Move 15 -------------------------------------------------------------------------

def test_jump_2_large_beast_table():
    """Seed, *Jumping Distance & Height*, row "Large or Larger"; J1, J2, J3.

    Full Move 15 × 5 = 75 ft.
      running        1/2 × 75 = 75/2 (37.5);  minimum 75/4 (18.75);  maximum 225/4 (56.25);  modifier 15/4 (3.75)
      standing long  1/5 × 75 = 15;           minimum 15/2 (7.5);    maximum 45/2 (22.5);    modifier 3/2 (1.5)
      high           1/10 × 75 = 15/2 (7.5);  minimum 15/4 (3.75);   maximum 45/4 (11.25);   modifier 3/4 (0.75)
      standing high  1/15 × 75 = 5;           minimum 5/2 (2.5);     maximum 15/2 (7.5);     modifier 1/2 (0.5)
    Run-up: ½ Move × 5 ft = 7.5 × 5 = 75/2 ft (37.5). Cost: ½ × 15 = 7.5, rounded up → 8.
    """
    data = table(BEAST)
    length(data, "full_move_ft", 75, "75")
    length(data, "run_up_ft", 37.5, "75/2")
    assert data["cost_mp"] == 8
    figures(data["running"], (37.5, "75/2"), (18.75, "75/4"), (56.25, "225/4"), (3.75, "15/4"))
    figures(data["standing_long"], (15, "15"), (7.5, "15/2"), (22.5, "45/2"), (1.5, "3/2"))
    figures(data["high"], (7.5, "15/2"), (3.75, "15/4"), (11.25, "45/4"), (0.75, "3/4"))
    figures(data["standing_high"], (5, "5"), (2.5, "5/2"), (7.5, "15/2"), (0.5, "1/2"))
    answered(data, "J1", "J3")


# J4 on base 75/2, modifier 15/4:
#   18.75 = minimum → no roll;  19 → roll, 0;  45 → (45 − 37.5) / 3.75 = 2 steps exactly → −2;
#   46 → 8.5 / 3.75 = 2.27 steps → −3;  56.25 = maximum → 5 steps → −5;  56.5 → impossible.
BEAST_RUNNING = [
    (18.75, True, True, 0),
    (19, True, False, 0),
    (45, True, False, -2),
    (46, True, False, -3),
    (56.25, True, False, -5),
]


@pytest.mark.parametrize(("distance", "possible", "auto", "penalty"), BEAST_RUNNING)
def test_jump_2_large_running_on_and_past_a_step_boundary(distance, possible, auto, penalty):
    """Seed, *Attempting a Jump*; J4: 45 ft is exactly two 10 % steps past the 37.5-ft base (−2), 46 ft has
    started a third (−3); the maximum 56.25 ft is −5 and still possible; J3: cost 8."""
    data = jump(BEAST, "running", distance)
    assert (data["possible"], data["auto_success"], data["penalty"]) == (possible, auto, penalty)
    assert data["cost_mp"] == 8
    figures(data, (37.5, "75/2"), (18.75, "75/4"), (56.25, "225/4"), (3.75, "15/4"))
    answered(data, "J4")


def test_jump_2_large_just_past_the_maximum_is_impossible():
    """J4: 56.5 ft is beyond the 56.25-ft maximum."""
    assert jump(BEAST, "running", 56.5)["possible"] is False


def test_jump_2_failed_by_3_lands_exactly_on_the_maximum():
    """Seed, *Scatter*; J6: 45 ft failed by 3 → scatter 3 × 15/4 = 45/4 (11.25) straight ahead → 45 + 11.25 =
    56.25, exactly the maximum: not *further than* it, so the beast lands there."""
    data = outcome(BEAST, "running", 45, 3, 1)
    length(data, "scatter_ft", 11.25, "45/4")
    length(data, "landing_along", 56.25, "225/4")
    length(data, "landing_sideways", 0, "0")
    assert (data["undershoot"], data["at_minimum"]) == (False, False)


def test_jump_2_failed_by_4_straight_ahead_undershoots():
    """Seed, *Scatter* ("they instead undershoot and are scattered directly between them and their target"); J6:
    45 ft failed by 4 → scatter 15 ft; 45 + 15 = 60 > 56.25 → lands 15 ft short on the line: 30 ft."""
    data = outcome(BEAST, "running", 45, 4, 1)
    length(data, "scatter_ft", 15, "15")
    length(data, "landing_along", 30, "30")
    length(data, "landing_sideways", 0, "0")
    assert (data["undershoot"], data["at_minimum"]) == (True, False)


def test_jump_2_failed_by_3_ahead_right_stays_inside():
    """J6 on a diagonal: scatter 45/4; components 45/4 × √2/2 = 45√2/8 = 7.95495…
    along 45 + 7.95495 = 52.95495 → 52.95; sideways +7.95.
    Straight line² = (45 + 45√2/8)² + (45√2/8)² = 2025 + 2·45·(45√2/8) + 2·(45√2/8)²
                   = 2025 + 506.25√2 + 126.5625 = 2151.5625 + 506.25√2 ≈ 2867.50 → 53.55 ft ≤ 56.25:
    no undershoot."""
    data = outcome(BEAST, "running", 45, 3, 2)
    length(data, "scatter_ft", 11.25, "45/4")
    length(data, "landing_along", 52.95, None)
    length(data, "landing_sideways", 7.95, None)
    assert (data["undershoot"], data["at_minimum"]) == (False, False)


def test_jump_2_failed_by_4_ahead_right_undershoots_by_the_straight_line():
    """J6 with the issue's convention (past the maximum is the straight-line distance from the takeoff):
    scatter 15 ft ahead-right; components 15√2/2 = 10.6066…; along 45 + 10.6066 = 55.61 — the component
    alone is short of the 56.25 maximum, but the straight line² = (45 + 7.5√2)² + (7.5√2)² = 2250 + 675√2
    ≈ 3204.59 > 56.25² = 3164.0625 (√ ≈ 56.61): past the maximum, so the beast undershoots to 45 − 15 = 30 ft
    on the line."""
    data = outcome(BEAST, "running", 45, 4, 2)
    length(data, "scatter_ft", 15, "15")
    length(data, "landing_along", 30, "30")
    length(data, "landing_sideways", 0, "0")
    assert (data["undershoot"], data["at_minimum"]) == (True, False)


# --- Jump 3: the human's high jump, failed to J5's floor -------------------------------------------------------

# High jump, Medium Move 12: base 4, minimum 2, maximum 6, modifier 2/5. Intended 5 ft: (5 − 4) / 0.4 = 2.5 steps
# → −3. Failed: reached = 5 − N × 2/5, never below 2:
#   N 0 → 5;  N 3 → 5 − 6/5 = 19/5 (3.8);  N 7 → 5 − 14/5 = 11/5 (2.2);  N 8 → 5 − 16/5 = 9/5 < 2 → 2;  N 20 → 2.
HUMAN_HIGH = [
    (0, 5, "5"),
    (3, 3.8, "19/5"),
    (7, 2.2, "11/5"),
    (8, 2, "2"),
    (20, 2, "2"),
]


def test_jump_3_high_jump_of_5_ft_is_minus_3():
    """Seed, *Attempting a Jump*; J4: 5 ft is 1 ft (2.5 steps of 0.4 ft) over the 4-ft base: −3."""
    data = jump(HUMAN, "high", 5)
    assert (data["possible"], data["auto_success"], data["penalty"]) == (True, False, -3)
    figures(data, (4, "4"), (2, "2"), (6, "6"), (0.4, "2/5"))
    length(data, "distance_ft", 5, "5")
    assert data["cost_mp"] == 6


@pytest.mark.parametrize(("fail_by", "reached", "exact"), HUMAN_HIGH)
def test_jump_3_failed_high_jump_stops_at_the_minimum(fail_by, reached, exact):
    """Seed, *Attempting a Jump* ("decrease the height of the jump the Jump Modifier 10% until it hits Minimum
    Height"); J5: reached = intended − margin × modifier, never below the minimum (2 ft)."""
    data = outcome(HUMAN, "high", 5, fail_by, 1)
    length(data, "reached", reached, exact)
    if fail_by:
        answered(data, "J5")


# --- Jump 4: the human burdened (J9) -----------------------------------------------------------------------------

def test_jump_4_two_move_points_per_tile_is_minus_20_percent():
    """Seed, *Move Modifiers*; J9: +2 Move points per tile of the character's own → −10 % × 2 = −20 %, added, not
    compounded (J9's example: 20 ft → 16 ft). Every distance × 4/5:
      running        20 → 16;       minimum 8;        maximum 24;       modifier 8/5 (1.6)
      standing long  15/2 → 6;      minimum 3;        maximum 9;        modifier 3/5 (0.6)
      high           4 → 16/5;      minimum 8/5;      maximum 24/5;     modifier 8/25 (0.32)
      standing high  3 → 12/5;      minimum 6/5;      maximum 18/5;     modifier 6/25 (0.24)
    """
    data = table(BURDENED)
    figures(data["running"], (16, "16"), (8, "8"), (24, "24"), (1.6, "8/5"))
    figures(data["standing_long"], (6, "6"), (3, "3"), (9, "9"), (0.6, "3/5"))
    figures(data["high"], (3.2, "16/5"), (1.6, "8/5"), (4.8, "24/5"), (0.32, "8/25"))
    figures(data["standing_high"], (2.4, "12/5"), (1.2, "6/5"), (3.6, "18/5"), (0.24, "6/25"))
    answered(data, "J9")


def test_jump_4_half_move_halves_every_distance():
    """Seed, *Move Modifiers* ("Anything that modifies Move by a fraction ... similarly modifies Jump distance");
    J9: move_fraction 1/2 → running 10, minimum 5, maximum 15, modifier 1; high 2, 1, 3, 1/5.
    With one Move point per tile as well: running 20 × 1/2 × 9/10 = 9, minimum 9/2, maximum 27/2, modifier 9/10."""
    for fraction in ("1/2", 0.5):
        data = table({**HUMAN, "move_fraction": fraction})
        figures(data["running"], (10, "10"), (5, "5"), (15, "15"), (1, "1"))
        figures(data["high"], (2, "2"), (1, "1"), (3, "3"), (0.2, "1/5"))
    data = table({**HUMAN, "move_fraction": "1/2", "mp_cost_per_tile": 1})
    figures(data["running"], (9, "9"), (4.5, "9/2"), (13.5, "27/2"), (0.9, "9/10"))


# Burdened running, base 16, modifier 8/5: 20 ft → 4 / 1.6 = 2.5 steps → −3; 24 = maximum → −5; 24.5 impossible;
# 8 = minimum → no roll; 12 → roll, 0.
BURDENED_RUNNING = [
    (8, True, True, 0),
    (12, True, False, 0),
    (20, True, False, -3),
    (24, True, False, -5),
    (24.5, False, False, None),
]


@pytest.mark.parametrize(("distance", "possible", "auto", "penalty"), BURDENED_RUNNING)
def test_jump_4_burdened_running_penalties(distance, possible, auto, penalty):
    """J9 then J4: the burdened human's base is 16 ft, so 20 ft is 2.5 steps of 1.6 ft: −3; 24 ft the maximum."""
    data = jump(BURDENED, "running", distance)
    assert (data["possible"], data["auto_success"]) == (possible, auto)
    if penalty is not None:
        assert data["penalty"] == penalty
    figures(data, (16, "16"), (8, "8"), (24, "24"), (1.6, "8/5"))


def test_jump_4_scattered_back_lands_at_the_minimum():
    """Seed, *Scatter* ("A character cannot fall closer to their origin than their Minimum Jump Distance"); J6, J9:
    a 12-ft burdened running jump failed by 5 → scatter 5 × 8/5 = 8 ft, direction 5 (back) → 12 − 8 = 4 < 8, the
    minimum → lands at 8 ft on the line."""
    data = outcome(BURDENED, "running", 12, 5, 5)
    length(data, "scatter_ft", 8, "8")
    length(data, "landing_along", 8, "8")
    length(data, "landing_sideways", 0, "0")
    assert (data["undershoot"], data["at_minimum"]) == (False, True)


def test_jump_4_scattered_back_not_below_the_minimum_stays():
    """J6: the same jump failed by 2 → scatter 16/5 (3.2) back → 12 − 3.2 = 44/5 (8.8) ≥ 8: lands at 8.8 ft."""
    data = outcome(BURDENED, "running", 12, 2, 5)
    length(data, "scatter_ft", 3.2, "16/5")
    length(data, "landing_along", 8.8, "44/5")
    assert (data["undershoot"], data["at_minimum"]) == (False, False)


# --- Jump 5: a Small thief with Tumbling, into the mud ----------------------------------------------------------

def test_jump_5_small_thief_table_in_thirds():
    """Seed, *Jumping Distance & Height*, row "Small"; J1–J3. Full Move 10 × 5 = 50 ft.
      running        1/3 × 50 = 50/3 (16.67);  minimum 25/3 (8.33);  maximum 25;         modifier 5/3 (1.67)
      standing long  1/8 × 50 = 25/4 (6.25);   minimum 25/8;         maximum 75/8;       modifier 5/8
      high           1/15 × 50 = 10/3 (3.33);  minimum 5/3 (1.67);   maximum 5;          modifier 1/3 (0.33)
      standing high  1/20 × 50 = 5/2 (2.5);    minimum 5/4 (1.25);   maximum 15/4 (3.75); modifier 1/4 (0.25)
    Run-up 5 tiles × 5 = 25 ft; cost ½ × 10 = 5.
    """
    data = table(THIEF)
    length(data, "full_move_ft", 50, "50")
    length(data, "run_up_ft", 25, "25")
    assert data["cost_mp"] == 5
    figures(data["running"], (16.67, "50/3"), (8.33, "25/3"), (25, "25"), (1.67, "5/3"))
    sl = data["standing_long"]
    assert (sl["base"], sl["base_exact"]) == (6.25, "25/4")
    assert (sl["minimum_exact"], sl["maximum_exact"], sl["modifier_exact"]) == ("25/8", "75/8", "5/8")
    figures(data["high"], (3.33, "10/3"), (1.67, "5/3"), (5, "5"), (0.33, "1/3"))
    figures(data["standing_high"], (2.5, "5/2"), (1.25, "5/4"), (3.75, "15/4"), (0.25, "1/4"))


# Base 50/3, step 5/3: 20 − 50/3 = 10/3 = exactly 2 steps → −2; 21 − 50/3 = 13/3 = 2.6 steps → −3;
# 25/3 (the minimum, given as the length text "25/3 ft") → no roll; 9 → roll; 25 → −5.
THIEF_RUNNING = [
    ("25/3 ft", True, True, 0),
    (9, True, False, 0),
    (20, True, False, -2),
    (21, True, False, -3),
    (25, True, False, -5),
]


@pytest.mark.parametrize(("distance", "possible", "auto", "penalty"), THIEF_RUNNING)
def test_jump_5_thief_running_in_thirds(distance, possible, auto, penalty):
    """Seed, *Attempting a Jump*; J4 with a base in thirds: 20 ft is exactly two steps of 5/3 ft (−2), 21 ft has
    started a third (−3); the check is Tumbling (the fighter has it), one step easier — when there is a roll at
    all: at or below the minimum "they succeed without a roll", so no skill is named there."""
    data = jump(THIEF, "running", distance)
    assert (data["possible"], data["auto_success"], data["penalty"]) == (possible, auto, penalty)
    if not auto:
        assert "Tumbling" in data["check"]
    assert data["cost_mp"] == 5


def test_jump_5_thief_lands_the_20_ft_jump():
    """Seed, *Attempting a Jump*: success (fail_by 0) → lands at 20 ft, on the line."""
    data = outcome(THIEF, "running", 20, 0, 3)
    length(data, "landing_along", 20, "20")
    length(data, "landing_sideways", 0, "0")
    assert (data["undershoot"], data["at_minimum"]) == (False, False)


# J8 in the mud (poor footing, 2 MP): the second check at −2; each point of failure costs 2 MP; 0 or less: down.
#   failed by 3, 4 MP left → loses 6, −2 → Knocked Down
#   failed by 2, 4 MP left → loses 4, 0 → Knocked Down (0 or less)
#   failed by 1, 4 MP left → loses 2, 2 → stands
#   success (0), 4 MP left → loses 0, 4 → stands
THIEF_MUD = [
    (3, 6, -2, True),
    (2, 4, 0, True),
    (1, 2, 2, False),
    (0, 0, 4, False),
]


@pytest.mark.parametrize(("fail_by", "lost", "after", "down"), THIEF_MUD)
def test_jump_5_landing_in_the_mud(fail_by, lost, after, down):
    """Seed, *Landing in Terrain Features*; J8: a penalty equal to the footing's Move-point cost (2 → −2); 2 Move
    points lost per point of failure; "If they drop to 0 or less, they are Knocked Down"."""
    data = answer({"ask": "jump_landing", "footing_mp": 2, "fail_by": fail_by, "mp_left": 4})
    assert (data["penalty"], data["mp_lost"], data["mp_after"], data["knocked_down"]) == (-2, lost, after, down)
    answered(data, "J8")


# --- Bad input ---------------------------------------------------------------------------------------------------

BAD = [
    ("a size off the table", {"ask": "jump_table", "size": "Huge", "move_tiles": 12}, "question.size"),
    ("move_tiles 0", {"ask": "jump_table", "size": "Medium", "move_tiles": 0}, "question.move_tiles"),
    ("move_tiles -3", {"ask": "jump_table", "size": "Medium", "move_tiles": -3}, "question.move_tiles"),
    ("move_fraction 0", {"ask": "jump_table", **HUMAN, "move_fraction": 0}, "question.move_fraction"),
    ("mp_cost_per_tile 10", {"ask": "jump_table", **HUMAN, "mp_cost_per_tile": 10}, "question.mp_cost_per_tile"),
    ("direction 9", {"ask": "jump_outcome", **HUMAN, "kind": "running", "intended": 24, "fail_by": 3,
                     "direction": 9}, "question.direction"),
    ("fail_by -1", {"ask": "jump_outcome", **HUMAN, "kind": "running", "intended": 24, "fail_by": -1,
                    "direction": 1}, "question.fail_by"),
    ("fail_by 101", {"ask": "jump_outcome", **HUMAN, "kind": "running", "intended": 24, "fail_by": 101,
                     "direction": 1}, "question.fail_by"),
    ("a distance that is not a length", {"ask": "jump", **HUMAN, "kind": "running", "distance": "far"},
     "question.distance"),
]


@pytest.mark.parametrize(("case", "question", "place"), BAD, ids=[c[0] for c in BAD])
def test_bad_input_is_refused_at_its_place(case, question, place):
    """Issue 25, *Bad input*: refused at its place (``question.direction: …``)."""
    with pytest.raises(QuestionError) as caught:
        answer(question)
    assert str(caught.value).startswith(place + ":"), str(caught.value)


def test_a_size_off_the_table_names_the_choices():
    """Issue 25, *Bad input*: "with the choices named" — the four sizes of the table."""
    with pytest.raises(QuestionError) as caught:
        answer({"ask": "jump_table", "size": "Huge", "move_tiles": 12})
    message = str(caught.value)
    for size in ("Tiny", "Small", "Medium", "Large"):
        assert size in message, message
