"""Invariants of Combat at Different Levels on random exact lengths (Hypothesis).

``test_levels.py`` already checks the mirror on direction objects and the
monotony of defenses with the lower fighter on the ground, on lengths in 24ths of
a foot. These properties draw lengths that crowd the band edges (a whole foot
plus or minus a few millionths), place both fighters anywhere, and check the
mirror on the JSON answer, monotony by role (with the impossible band ranked
beyond every possible one), and the band, yard, strange-position and
hit-locations-off rules against their own statements.

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels; rulings G1,
G2, G3, G5, G6, G7 of ``RULINGS.md``.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from vertigo.limits import MAX_FEET_DENOMINATOR
from vertigo.rules.levels.rules.levels import Fighter, band, judge_levels

EPS = Fraction(1, MAX_FEET_DENOMINATOR)
"""The finest step of an elevation: 1/1,000,000 ft."""
PROPERTY = settings(max_examples=200, deadline=None, database=None)

# Exact lengths, bounded: a whole foot near a band edge plus a tiny offset (down to the model's 1/1,000,000 ft),
# or any fraction with a denominator up to 1000.
_near_edge = st.builds(lambda whole, num, den: whole + Fraction(num, den), st.integers(-12, 12),
                       st.integers(-3, 3), st.sampled_from([1, 2, 3, 12, 1000, 999_999, 1_000_000]))
lengths = st.one_of(_near_edge, st.fractions(min_value=-20, max_value=20, max_denominator=1000))
positions = st.one_of(lengths, st.integers(-40, 40).map(lambda halves: Fraction(halves, 2)))
"""Horizontal positions: often whole half-feet, so that |Δx| lands on G5's halves (1.5 ft, 4.5 ft, ...)."""
_DIVIDES_A_MILLION = [1, 2, 4, 8, 1000, 1_000_000]
"""Denominators that divide 10**6: a base plus a difference drawn from them stays within 1/1,000,000 ft."""


@st.composite
def stances(draw, count: int = 1):
    """A base elevation and ``count`` differences ≥ 0 whose sums with it are exact feet the model takes
    (denominators ≤ 1,000,000): all on a grid dividing a million (whole feet ± a few millionths), or all
    with denominators ≤ 1000 (so any sum's denominator is ≤ 1000 × 1000)."""
    if draw(st.booleans()):
        fine = st.builds(lambda whole, num, den: whole + Fraction(num, den), st.integers(0, 10),
                         st.integers(-3, 3), st.sampled_from(_DIVIDES_A_MILLION))
        base = draw(st.integers(-12, 12)) + Fraction(draw(st.integers(-3, 3)), draw(st.sampled_from([1, 8, 1000])))
        first = max(Fraction(0), draw(fine))
        den = draw(st.sampled_from(_DIVIDES_A_MILLION))
    else:
        base = draw(st.fractions(min_value=-20, max_value=20, max_denominator=1000))
        first = draw(st.fractions(min_value=0, max_value=12, max_denominator=1000))
        den = first.denominator
    # Later differences a few steps of the same grid from the first, so neighbouring bands meet often.
    return base, [first, *(first + Fraction(draw(st.integers(0, 3 * den)), den) for _ in range(count - 1))]


weapon_texts = st.lists(st.sampled_from(["Knife, reach C", "Broadsword, reach 1", "Spear, reach 1,2",
                                         "Whip, reach 1-5", "Bow, range 150"]), max_size=3)

HEAD_AND_ARM = {"eyes", "skull", "face", "arm"}
# 001, "Up to two feet": "The lower fighter has ... -2 to hit the head" (and G6: head = skull, face, eyes).
LOWER_HEAD_LEVEL = {"eyes": -2, "skull": -2, "face": -2, "arm": 0}


def pair(upper_ft: Fraction, lower_ft: Fraction, *, upper_attacks: bool = True, **options):
    """The verdict of two fighters, "up" standing on ``upper_ft`` and "down" on ``lower_ft``;
    returns (verdict, up's direction, down's direction)."""
    up, down = Fighter("up", "Up", upper_ft, 0), Fighter("down", "Down", lower_ft, 0)
    verdict = judge_levels(up, down, **options) if upper_attacks else judge_levels(down, up, **options)
    return verdict, verdict.direction("up"), verdict.direction("down")


def struck(direction) -> set[str]:
    return {r.name for r in direction.locations if r.allowed}


# -- (a) mirror --------------------------------------------------------------

@PROPERTY
@given(ea=lengths, eb=lengths, xa=lengths, xb=lengths, sma=st.integers(-2, 10), smb=st.integers(-2, 10),
       wa=weapon_texts, wb=weapon_texts, strange=st.booleans(), hit_locations=st.booleans())
def test_the_json_answer_for_a_and_b_mirrors_b_and_a(ea, eb, xa, xb, sma, smb, wa, wb, strange, hit_locations):
    """G1: d is the difference between "the two fighters' standing surfaces", G5 the
    horizontal |Δx| — nothing depends on who asks, so the JSON answer for A↔B is the one
    for B↔A with its two directions (and the two fighters) swapped, and everything
    shared identical, explanation lines included."""
    a, b = Fighter("a", "Ann", ea, xa, sma, wa), Fighter("b", "Bob", eb, xb, smb, wb)
    ab = judge_levels(a, b, strange_position=strange, hit_locations=hit_locations).to_json()
    ba = judge_levels(b, a, strange_position=strange, hit_locations=hit_locations).to_json()
    assert ab["directions"] == ba["directions"][::-1]
    assert ab["fighters"] == ba["fighters"][::-1]
    shared = [key for key in ab if key not in ("fighters", "directions", "explanation")]
    assert [ab[k] for k in shared] == [ba[k] for k in shared]
    assert sorted(ab["explanation"]) == sorted(ba["explanation"])
    assert [d["attacker"] for d in ab["directions"]] == ["a", "b"]


# -- (b) monotony ------------------------------------------------------------

@PROPERTY
@given(stance=stances(count=2), upper_attacks=st.booleans())
@example(stance=(Fraction(0), [Fraction(1), 1 + EPS]), upper_attacks=True)
@example(stance=(Fraction(-1), [Fraction(2), 2 + EPS]), upper_attacks=False)
@example(stance=(Fraction(0), [Fraction(3), 3 + EPS]), upper_attacks=True)
@example(stance=(Fraction(5, 8), [Fraction(4), 4 + EPS]), upper_attacks=False)
@example(stance=(Fraction(0), [Fraction(5), 5 + EPS]), upper_attacks=True)
@example(stance=(Fraction(0), [Fraction(6), 6 + EPS]), upper_attacks=False)
def test_a_larger_difference_never_favours_the_lower_fighter(stance, upper_attacks):
    """001's bands in order give the upper fighter +0, +0, +1, +2, +3, +3 to defend and the
    lower fighter the negatives, and each band strikes at no more locations than the one
    before ("cannot strike", "may only strike"). Without the strange position, a larger
    difference never gives the upper fighter a smaller bonus, the lower a smaller penalty,
    nor either fighter more locations to strike, wherever the two stand and whoever asks.

    Over 6 ft "Combat is impossible": there is no attack, so no defense modifier means
    anything there (the verdict shows +0). The impossible band is ranked beyond every
    possible one: possibility never returns at a larger difference, and once impossible
    neither direction is allowed and no location may be struck — the defense comparison is
    made only when the larger difference is still possible."""
    base, (d1, d2) = stance
    small, large = sorted((d1, d2))
    near, near_up, near_down = pair(base + small, base, upper_attacks=upper_attacks)
    far, far_up, far_down = pair(base + large, base, upper_attacks=upper_attacks)
    assert (near.difference_ft, far.difference_ft) == (small, large)
    assert near.possible or not far.possible
    if far.possible:
        # A direction's defense_modifier is its DEFENDER's: "down" attacking tells the upper fighter's.
        assert near_down.defense_modifier <= far_down.defense_modifier
        assert near_up.defense_modifier >= far_up.defense_modifier
    else:
        assert large > 6
        assert not far_up.allowed and not far_down.allowed
    assert struck(far_up) <= struck(near_up)
    assert struck(far_down) <= struck(near_down)


# -- the band (G1, G2) ----------------------------------------------------------

@PROPERTY
@given(upper=lengths, lower=lengths)
def test_the_band_is_the_first_whole_foot_at_or_above_d(upper, lower):
    """G1: ""Up to N feet" means d ≤ N; "one foot or less" d ≤ 1" — so the band of d is the
    smallest whole N ≥ d (at least 1), and over 6 ft there is none: impossible (G2)."""
    verdict = judge_levels(Fighter("a", "A", upper, 0), Fighter("b", "B", lower, 0))
    d = abs(upper - lower)
    n = max(1, math.ceil(d))
    assert verdict.difference_ft == d
    assert n - 1 < d <= n or (n == 1 and d <= 1)
    if n <= 6:
        assert verdict.band.label == ("1 ft or less" if n == 1 else f"up to {n} ft")
        assert verdict.possible and verdict.band.limit_ft == n
    else:
        assert (verdict.band.label, verdict.possible) == ("over 6 ft", False)
    assert verdict.band is band(d)
    assert verdict.upper == (None if d <= 1 else ("a" if upper > lower else "b"))


# -- yards (G5) ----------------------------------------------------------------

@PROPERTY
@given(xa=positions, xb=positions, ea=lengths, eb=lengths)
@example(xa=Fraction(3, 2), xb=Fraction(0), ea=Fraction(0), eb=Fraction(6))
@example(xa=Fraction(-1), xb=Fraction(13, 2), ea=Fraction(0), eb=Fraction(0))
def test_the_distance_is_the_nearest_yard_halves_up(xa, xb, ea, eb):
    """G5: "|Δx| in feet ÷ 3, rounded to the nearest whole yard, halves up" — n yards
    means n − ½ ≤ |Δx| ÷ 3 < n + ½; the same both ways; "The vertical difference never
    lengthens or shortens reach"."""
    verdict = judge_levels(Fighter("a", "A", ea, xa), Fighter("b", "B", eb, xb))
    n = verdict.directions[0].distance_yd
    yards = abs(xa - xb) / 3
    assert n - Fraction(1, 2) <= yards < n + Fraction(1, 2)
    assert verdict.directions[1].distance_yd == n
    level = judge_levels(Fighter("a", "A", 0, xa), Fighter("b", "B", 0, xb))
    assert level.directions[0].distance_yd == n


# -- the strange position (G3) ---------------------------------------------------

@PROPERTY
@given(stance=stances(), hit_locations=st.booleans())
def test_lying_down_is_the_band_of_d_minus_3_with_head_and_arm_for_the_lower(stance, hit_locations):
    """G3: "d is reduced by 3 ft ... The reduced d sets the band for both defenses, for what
    the upper fighter may strike and for the location modifiers; the lower fighter's "head
    and arm" replaces whatever that band would let it strike. Over 6 ft after the reduction
    it is still impossible." Compared with the same pair standing d − 3 ft apart (not below
    0, the core's Open ruling). With d ≤ 1 there is no upper fighter and nothing changes."""
    base, (d,) = stance
    if d <= 1:  # no upper fighter to lie down: shift by whole feet, keeping the denominator
        d += 2
    lying, lying_up, lying_down = pair(base + d, base, strange_position=True, hit_locations=hit_locations)
    reduced = max(Fraction(0), d - 3)
    standing, standing_up, standing_down = pair(base + reduced, base, hit_locations=hit_locations)
    assert lying.effective_ft == reduced and lying.strange_position
    assert (lying.band, lying.possible) == (standing.band, standing.possible)
    assert lying.possible is (reduced <= 6)
    assert (lying_up.defense_modifier, lying_down.defense_modifier) == (
        standing_up.defense_modifier, standing_down.defense_modifier)
    assert [(r.name, r.allowed, r.base, r.level, r.net) for r in lying_up.locations] == [
        (r.name, r.allowed, r.base, r.level, r.net) for r in standing_up.locations]
    assert struck(lying_down) == (HEAD_AND_ARM if lying.possible else set())
    if lying.possible and hit_locations:
        modified = 1 < reduced <= 5  # the 2-ft band's modifiers, which G2 carries to ≤ 5 ft
        assert {r.name: r.level for r in lying_down.locations if r.allowed} == {
            loc: LOWER_HEAD_LEVEL[loc] if modified else 0 for loc in HEAD_AND_ARM}


# -- hit locations off (G7) --------------------------------------------------------

@PROPERTY
@given(upper=lengths, lower=lengths, strange=st.booleans())
def test_hit_locations_off_keeps_defenses_and_restrictions(upper, lower, strange):
    """G7: "no location modifier is shown, but the defense modifiers and the ≤ 4 … ≤ 6 ft
    restrictions on what may be struck still apply"; where only some locations may be
    struck the attack is made at one of them with its normal penalty, elsewhere hits go
    to the torso."""
    on = judge_levels(Fighter("a", "A", upper, 0), Fighter("b", "B", lower, 0), strange_position=strange)
    off = judge_levels(Fighter("a", "A", upper, 0), Fighter("b", "B", lower, 0), strange_position=strange,
                       hit_locations=False)
    assert (on.possible, on.band) == (off.possible, off.band)
    for with_, without in zip(on.directions, off.directions, strict=True):
        assert with_.defense_modifier == without.defense_modifier
        assert all(r.level is None for r in without.locations)
        may = struck(with_)
        assert struck(without) == ({"torso"} if "torso" in may else may)
        assert all(r.net == r.base for r in without.locations if r.allowed)
        assert {r.name for r in without.locations if "not allowed" in r.why} == {
            r.name for r in with_.locations if not r.allowed}


# -- the explanation's numbers ----------------------------------------------------

_BAND_LINE = re.compile(r"Band: .*?\((\S+) ft (≤|>) (\d) ft\)")
_YARD_LINE = re.compile(r"= (\S+) yd → (\d+) yd \(nearest yard, halves up")
_DIFFERENCE_LINE = re.compile(r"^\[G1\] Difference: (\S+) ft")


@PROPERTY
@given(ea=lengths, eb=lengths, xa=positions, xb=positions, strange=st.booleans())
@example(ea=6 + EPS, eb=Fraction(0), xa=Fraction(0), xb=Fraction(3, 2) - EPS, strange=False)
@example(ea=1 + EPS, eb=Fraction(0), xa=Fraction(9, 2) - EPS, xb=Fraction(0), strange=False)
@example(ea=Fraction(0), eb=9 + EPS, xa=Fraction(0), xb=Fraction(0), strange=True)
def test_the_explanation_s_arithmetic_holds_for_the_numbers_it_shows(ea, eb, xa, xb, strange):
    """G1 ("Up to N feet" means d ≤ N), G2 and G5 ("nearest whole yard, halves up"): the
    numbers an explanation shows are rounded for reading, but never so that its own
    comparison or rounding reads false — a d shown beside "≤ N" is at most N, beside "> 6"
    more than 6, a fighter named upper stands more than 1 ft higher, and the yards shown
    round, halves up, to the yards it gives."""
    verdict = judge_levels(Fighter("a", "A", ea, xa), Fighter("b", "B", eb, xb), strange_position=strange)
    lines = verdict.to_json()["explanation"]
    shown_d = Fraction(_DIFFERENCE_LINE.match(lines[0]).group(1))
    assert (shown_d > 1) is (verdict.upper is not None)
    [(value, sign, edge)] = [m.groups() for line in lines if (m := _BAND_LINE.search(line))]
    assert Fraction(value) <= int(edge) if sign == "≤" else Fraction(value) > int(edge)
    for line in lines:
        if m := _YARD_LINE.search(line):
            assert math.floor(Fraction(m.group(1)) + Fraction(1, 2)) == int(m.group(2))
