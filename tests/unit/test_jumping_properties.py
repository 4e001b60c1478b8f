"""Properties of the Jumping rules over generated jumpers, jumps and tables: the penalty never shrinks as the jump
grows (J4), a failed long jump never lands closer than the minimum nor past the maximum (J6, measured exactly
along the straight line), the d8 the planner shows is the one the table rolls (J6, J11, H8), and the exact sign
and rounding of a + b√2 agree with a 200-digit evaluation.

Source: ``003_d3aa233771e16bb9.txt`` › Attempting a Jump, › Scatter; rulings J4, J6, J9, J11, H8; issue 25
(*Tests and figures*: "a longer intended jump never gets a smaller penalty; a landing is never closer than the
minimum; the same seed and roll number give the same d8").
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction as F
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vertigo import scenario
from vertigo.rules.jumping.rules import play
from vertigo.rules.jumping.rules.distances import Jumper, judge_jump, jump_table
from vertigo.rules.jumping.rules.scatter import long_outcome
from vertigo.rules.jumping.rules.surd import Surd
from vertigo.table import Table

FAST = settings(max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

KINDS = ("running", "standing_long", "high", "standing_high")
LONG = ("running", "standing_long")

jumpers = st.builds(
    Jumper,
    size=st.sampled_from(("Tiny", "Small", "Medium", "Large")),
    move_tiles=st.integers(1, 50),
    move_fraction=st.sampled_from((F(1), F(1, 2), F(3, 4), F(1, 3), F(2), F(4))),
    mp_cost_per_tile=st.integers(0, 9),
)
"""Any jumper the fields allow (Size, Move 1–50, a Move fraction, 0–9 Move points of its own: J1, J9)."""

hundredths = st.integers(0, 400_000).map(lambda n: F(n, 100))
"""A distance in feet, to 1/100 ft, 0 to 4000 ft: past every maximum at the caps."""


@FAST
@given(jumpers, st.sampled_from(KINDS), hundredths, hundredths)
def test_a_longer_jump_never_gets_a_smaller_penalty(jumper: Jumper, kind: str, a: F, b: F) -> None:
    """J4: "For every 10% they increase their Base Jump by, they suffer a -1 penalty" — the penalty of a possible
    jump never rises (toward 0) as the distance grows; a longer jump is never more possible, and never the one
    that needs no roll when the shorter needs one."""
    short, long = sorted((a, b))
    table = jump_table(jumper)
    s, t = judge_jump(table, kind, short), judge_jump(table, kind, long)
    if t.possible:
        assert s.possible
        assert t.penalty <= s.penalty, (short, long, s.penalty, t.penalty)
    if t.auto_success:
        assert s.auto_success
    assert -5 <= t.penalty <= 0


@FAST
@given(jumpers, st.sampled_from(LONG), st.integers(0, 100), st.integers(1, 8), st.integers(0, 10_000))
def test_a_failed_long_jump_lands_between_the_minimum_and_the_maximum(jumper: Jumper, kind: str, fail_by: int,
                                                                     direction: int, per_mille: int) -> None:
    """Seed, *Scatter*: "A character cannot fall closer to their origin than their Minimum Jump Distance"; J6: past
    the maximum it undershoots — for any possible jump (intended 0 … maximum), the landing's straight-line
    distance² from the takeoff, exactly in Q(√2), lies between minimum² and maximum²."""
    f = jump_table(jumper).of(kind)
    intended = f.maximum * F(per_mille, 10_000)
    out = long_outcome(f, intended, fail_by, direction)
    dist2 = out.along * out.along + out.sideways * out.sideways
    assert Surd(f.minimum * f.minimum) <= dist2 or (fail_by == 0 and intended < f.minimum)
    assert dist2 <= Surd(f.maximum * f.maximum)
    assert out.along.sign >= 0
    if out.undershoot or out.at_minimum:
        assert out.sideways.sign == 0


def _flat(seed: int, made: int) -> Table:
    """A 400-ft flat roof with the runner (Medium, Move 12) at its middle; the table has made ``made`` rolls."""
    doc: dict[str, Any] = {
        "vertigo": 2, "title": "Flat", "units": "feet", "rules": ["levels", "jumping"], "dice_seed": seed,
        "sections": [{"id": "roof", "name": "Roof", "elevation": 0, "x": [0, 400]}],
        "fighters": [{"id": "runner", "name": "Runner", "side": "A", "section": "roof", "x": 200, "size": "Medium",
                      "move_tiles": 12}]}
    if made:
        doc["dice_rolls"] = made
    return Table.start(scenario.load(doc))


@FAST
@given(st.integers(0, 2**31 - 1), st.integers(0, 1000), st.integers(1, 20), st.booleans())
def test_the_d8_shown_is_the_d8_rolled(seed: int, made: int, fail_by: int, right: bool) -> None:
    """J6, J11: the d8 comes "from the table's seed" as its next roll, shown before Confirm (H8: seed and roll
    number make the roll): ``next_direction`` on two tables of the same seed and count is the same face, and the
    jump carried out rolls exactly it, as roll #made + 1."""
    t0 = _flat(seed, made)
    shown = play.next_direction(t0)
    assert shown == play.next_direction(_flat(seed, made))
    to = F(224) if right else F(176)  # 24 ft from the takeoff at 200: a running jump, −2
    p = play.plan(t0, "runner", "roof", to)
    assert p.needs_roll
    t1, outcome = play.jump(t0, p.attempt(fail_by))
    assert outcome.rolls[0].roll.total == shown
    assert (t1.log[-1].roll_index, t1.log[-1].dice_sides) == (made, 8)
    assert t1.rolls == made + 1


rationals = st.builds(F, st.integers(-10**15, 10**15), st.integers(1, 10**9))


def _decimal(a: F, b: F) -> Decimal:
    with localcontext() as c:
        c.prec = 200
        return (Decimal(a.numerator) / Decimal(a.denominator)
                + Decimal(b.numerator) / Decimal(b.denominator) * Decimal(2).sqrt())


@st.composite
def near_zero(draw: Any) -> tuple[F, F]:
    """a + b√2 with a² close to 2b²: a solution of x² − 2y² = ±1 (x − y√2 ≈ ±1/(2x)), scaled and signed."""
    x, y = 1, 1
    for _ in range(draw(st.integers(0, 40))):
        x, y = x + 2 * y, x + y
    k = F(draw(st.integers(1, 10**6)), draw(st.integers(1, 10**6)))
    s = draw(st.sampled_from((1, -1)))
    return s * k * x, -s * k * y


@FAST
@given(st.one_of(st.tuples(rationals, rationals), near_zero()))
def test_surd_sign_agrees_with_200_digits(ab: tuple[F, F]) -> None:
    """Issue 25: "the sign of a + b√2 is decidable" — the exact sign agrees with the value to 200 digits, also for
    a and b of opposite signs with a² within one of 2b² (Pell pairs up to 16 digits, scaled)."""
    a, b = ab
    value = _decimal(a, b)
    assert Surd(a, b).sign == (value > 0) - (value < 0)
    assert (Surd(a) < Surd(F(0), -b)) == (value < 0)


@FAST
@given(rationals, rationals.filter(lambda b: b != 0))
def test_surd_hundredths_agrees_with_200_digits(a: F, b: F) -> None:
    """Issue 25: "store the landing x rounded to 1/100 ft": an irrational a + b√2 rounds to the hundredth its
    200-digit value rounds to (it is never a tie)."""
    expected = _decimal(a, b).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)
    assert Surd(a, b).hundredths() == F(expected)
