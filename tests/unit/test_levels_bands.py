"""Combat at different levels at the edges: every band boundary, the stair, the SM
table in a verdict, the yard rounding of G5 and the strange position's edges.

``test_levels.py`` checks each band at whole feet and one inch either side of an
edge; this file checks the full verdict (band, both defenses, what each side may
strike and the location modifiers) exactly at each edge and at the smallest step
above it that the model can express.  Every expected value below is written out
from the rule text, not taken from a run of the code.

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels; rulings G1–G7
of ``RULINGS.md``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import pytest

from vertigo.errors import SizeModifierError
from vertigo.limits import MAX_FEET_DENOMINATOR
from vertigo.rules.levels.rules.levels import Fighter, band, distance_yd, judge_levels
from vertigo.rules.levels.rules.reach import WeaponReach, judge_reach_bonus, reach_bonus

EPS = Fraction(1, MAX_FEET_DENOMINATOR)
"""The smallest step one elevation can hold: 1/1,000,000 ft (finer is refused by ``feet``)."""
TINY = Fraction(1, 999_999) - EPS
"""The smallest positive difference two elevations can make: 1/999,999 − 1/1,000,000 =
1/999,999,000,000 ft (denominators at most 1,000,000; the two largest coprime ones)."""

# G6's normal penalties, written out from the ruling.
NORMAL = {"eyes": -9, "skull": -7, "face": -5, "neck": -5, "torso": 0, "vitals": -3, "groin": -3, "arm": -2,
          "hand": -4, "leg": -2, "foot": -4}
# 001, "Up to two feet": "the higher fighter has -2 to hit the feet or legs, and +1 to hit the head (skull,
# face, or eyes) or neck. The lower fighter has +2 to hit the feet or legs, and -2 to hit the head."
UPPER_LEVEL = {"eyes": 1, "skull": 1, "face": 1, "neck": 1, "leg": -2, "foot": -2}
LOWER_LEVEL = {"eyes": -2, "skull": -2, "face": -2, "leg": 2, "foot": 2}
# "These modifiers are in addition to normal hit location penalties": the nets, by hand.
UPPER_NET = {"eyes": -8, "skull": -6, "face": -4, "neck": -4, "torso": 0, "vitals": -3, "groin": -3, "arm": -2,
             "hand": -4, "leg": -4, "foot": -6}
LOWER_NET = {"eyes": -11, "skull": -9, "face": -7, "neck": -5, "torso": 0, "vitals": -3, "groin": -3, "arm": -2,
             "hand": -4, "leg": 0, "foot": -2}
# "The upper fighter cannot strike at the lower fighter's feet or legs" (≤ 4, ≤ 5 ft).
UPPER_NET_NO_LEGS = {"eyes": -8, "skull": -6, "face": -4, "neck": -4, "torso": 0, "vitals": -3, "groin": -3,
                     "arm": -2, "hand": -4}
# "The lower fighter cannot strike at the upper fighter's head" (≤ 5 ft).
LOWER_NET_NO_HEAD = {"neck": -5, "torso": 0, "vitals": -3, "groin": -3, "arm": -2, "hand": -4, "leg": 0, "foot": -2}


class Expect(NamedTuple):
    """One band as the rule text gives it."""

    label: str
    possible: bool
    upper_defends: int | None  # modifier to the upper fighter's active defenses (None: no attack to defend)
    lower_defends: int | None
    upper_strikes: dict[str, int]  # location → net modifier to hit, for the locations that may be struck
    lower_strikes: dict[str, int]
    upper_level: dict[str, int]  # the non-zero level modifiers (G2's 2-ft band)
    lower_level: dict[str, int]


BAND = {
    # "One foot of vertical difference, or less: Ignore it."
    1: Expect("1 ft or less", True, 0, 0, NORMAL, NORMAL, {}, {}),
    # "Up to two feet ...: Ignore it unless you are using hit locations."
    2: Expect("up to 2 ft", True, 0, 0, UPPER_NET, LOWER_NET, UPPER_LEVEL, LOWER_LEVEL),
    # "Up to three feet ...: As above, but the lower fighter is at -1 ... the upper fighter is at +1"
    3: Expect("up to 3 ft", True, 1, -1, UPPER_NET, LOWER_NET, UPPER_LEVEL, LOWER_LEVEL),
    # "Up to four feet ...: -2 to defend ... +2. The upper fighter cannot strike ... feet or legs."
    4: Expect("up to 4 ft", True, 2, -2, UPPER_NET_NO_LEGS, LOWER_NET, UPPER_LEVEL, LOWER_LEVEL),
    # "Up to five feet ...": G2, "the location modifiers of the 2-ft band still apply to the locations that remain".
    5: Expect("up to 5 ft", True, 3, -3, UPPER_NET_NO_LEGS, LOWER_NET_NO_HEAD, UPPER_LEVEL, LOWER_LEVEL),
    # "Up to six feet ...: only ... head ... only ... feet or legs. Neither gets any special bonus or penalty".
    6: Expect("up to 6 ft", True, 3, -3, {"eyes": -9, "skull": -7, "face": -5}, {"leg": -2, "foot": -4}, {}, {}),
    # "Over six feet of vertical difference: Combat is impossible"
    7: Expect("over 6 ft", False, None, None, {}, {}, {}, {}),
}


def fighter(fid: str, elevation, x=0, sm: int = 0, weapons=()) -> Fighter:
    return Fighter(fid, fid.capitalize(), elevation, x, sm, weapons)


def strikes(direction) -> dict[str, int | None]:
    """Location → net modifier, for the locations the attacker may strike."""
    return {r.name: r.net for r in direction.locations if r.allowed}


def levels_shown(direction) -> dict[str, int | None]:
    """Location → level modifier shown, for the locations the attacker may strike."""
    return {r.name: r.level for r in direction.locations if r.allowed}


def check(verdict, expect: Expect) -> None:
    """The verdict of Ann (upper) and Bob (lower) matches ``expect`` in both directions.

    In the strange position (G3) the lower fighter's targets are replaced by the head and arm,
    so ``lower_strikes`` / ``lower_level`` then describe that replacement."""
    down, up = verdict.directions  # Ann (upper) → Bob, Bob (lower) → Ann
    assert (verdict.band.label, verdict.possible) == (expect.label, expect.possible)
    assert (down.allowed, up.allowed) == (expect.possible, expect.possible)
    if expect.lower_defends is not None:
        assert (down.defense_modifier, up.defense_modifier) == (expect.lower_defends, expect.upper_defends)
    assert strikes(down) == expect.upper_strikes
    assert strikes(up) == expect.lower_strikes
    assert levels_shown(down) == {loc: expect.upper_level.get(loc, 0) for loc in expect.upper_strikes}
    assert levels_shown(up) == {loc: expect.lower_level.get(loc, 0) for loc in expect.lower_strikes}
    for direction in (down, up):
        for r in direction.locations:
            assert r.base == NORMAL[r.name]
            if r.allowed:  # G6: "show base, level modifier and net for every location"
                assert r.net == r.base + r.level
            else:
                assert (r.level, r.net) == (None, None)
                assert r.why.startswith(f"{r.name.capitalize()}: not allowed: ")


# -- every band boundary, at and just above (G1, G2, G6) ---------------------------

EDGES = [
    pytest.param(n, lower, n + over, n + (0 if over == 0 else 1), id=f"{n}ft{tag}")
    for n in range(1, 7)
    for lower, over, tag in ((0, Fraction(0), ""), (0, EPS, "+1e-6"), (EPS, TINY, "+tiny"))
]


@pytest.mark.parametrize("edge, lower, difference, band_key", EDGES)
def test_each_band_edge_exactly_and_just_above(edge, lower, difference, band_key):
    """G1: ""Up to N feet" means d ≤ N; "one foot or less" d ≤ 1" — exactly N ft is N's
    band; the smallest step above N (1/1,000,000 ft on one elevation, or the smallest
    difference two elevations can make) is the next band, with its defenses, targets and
    location modifiers as 001's paragraphs give them (G2, G6)."""
    verdict = judge_levels(fighter("ann", lower + difference), fighter("bob", lower))
    assert verdict.difference_ft == difference
    assert (difference > edge) is (band_key > edge)
    assert verdict.upper == (None if difference <= 1 else "ann")
    assert [d.attacker_side for d in verdict.directions] == (
        [None, None] if difference <= 1 else ["upper", "lower"])
    check(verdict, BAND[band_key])


def test_the_smallest_steps_are_what_the_model_allows():
    """G1 in exact feet: 1/1,000,000 ft is the finest elevation ``feet`` takes, and two such
    elevations differ by as little as 1/999,999,000,000 ft — still "over" an edge."""
    assert (TINY.numerator, TINY.denominator) == (1, 999_999_000_000)
    assert band(6 + TINY).label == "over 6 ft" and band(6).label == "up to 6 ft"
    assert judge_levels(fighter("ann", 6 + Fraction(1, 999_999)), fighter("bob", EPS)).difference_ft == 6 + TINY


@pytest.mark.parametrize("edge", range(1, 7))
def test_each_band_edge_with_hit_locations_off(edge):
    """G7: "no location modifier is shown, but the defense modifiers and the ≤ 4 … ≤ 6 ft
    restrictions on what may be struck still apply. Where a band allows only some
    locations (≤ 6 ft ...), the attack is made at one of them with its normal penalty ...
    elsewhere hits go to the torso" — at each edge and 1/1,000,000 ft above it."""
    for difference, key in ((Fraction(edge), edge), (edge + EPS, edge + 1)):
        expect = BAND[key]
        down, up = judge_levels(fighter("ann", difference), fighter("bob", 0), hit_locations=False).directions
        if expect.lower_defends is not None:
            assert (down.defense_modifier, up.defense_modifier) == (expect.lower_defends, expect.upper_defends)
        for direction, may in ((down, expect.upper_strikes), (up, expect.lower_strikes)):
            if "torso" in may:
                assert strikes(direction) == {"torso": 0}
            else:  # ≤ 6 ft: one of the allowed locations at its normal penalty; over 6 ft: nothing
                assert strikes(direction) == {loc: NORMAL[loc] for loc in may}
            assert all(r.level is None for r in direction.locations)
            for r in direction.locations:
                if r.name not in may:  # the band's restriction still applies, and says so
                    assert "not allowed" in r.why and "hit locations are off" not in r.why


# -- a stair of 8-inch steps (G1) ---------------------------------------------

STEP = Fraction(8, 12)
"""One 8-inch step, in feet."""


@pytest.mark.parametrize("bottom", [0, 1, 3])
def test_nine_8_inch_steps_are_the_6_ft_band_and_ten_are_impossible(bottom):
    """G1 (d ≤ 6 is "up to 6 ft") in exact feet: fighters nine 8-inch steps apart on a stair
    are 9 × 8 in = 72 in = 6 ft apart — "Up to six feet": only the head from above, only
    feet or legs from below, ±3 to defend; ten steps are 80 in = 6 2/3 ft, "Over six feet":
    impossible."""
    nine = judge_levels(fighter("ann", (bottom + 9) * STEP), fighter("bob", bottom * STEP))
    assert sum([STEP] * 9) == nine.difference_ft == 6
    check(nine, BAND[6])
    ten = judge_levels(fighter("ann", (bottom + 10) * STEP), fighter("bob", bottom * STEP))
    assert ten.difference_ft == Fraction(20, 3)
    check(ten, BAND[7])


def test_ten_steps_lying_down_are_the_4_ft_band():
    """G3: "d is reduced by 3 ft" — ten 8-inch steps, 6 2/3 ft, lying down are 3 2/3 ft:
    "Up to four feet" (±2, the upper fighter cannot strike feet or legs), and the lower
    fighter strikes the head (−2 from below) and arm."""
    verdict = judge_levels(fighter("ann", 10 * STEP), fighter("bob", 0), strange_position=True)
    assert verdict.effective_ft == Fraction(11, 3)
    check(verdict, BAND[4]._replace(lower_strikes={"eyes": -11, "skull": -9, "face": -7, "arm": -2}))


# -- the SM table in a verdict (G4, G5) ------------------------------------------

@pytest.mark.parametrize(
    "sm, bonus, knife, spear",
    [(-3, 0, "C", "1,2"), (0, 0, "C", "1,2"), (1, 0, "1", "1,2"), (2, 1, "1", "2,3"), (3, 2, "2", "3,4"),
     (4, 3, "3", "4,5"), (5, 5, "5", "6,7"), (6, 7, "7", "8,9"), (7, 10, "10", "11,12"), (8, 15, "15", "16,17"),
     (9, 20, "20", "21,22"), (10, 30, "30", "31,32")],
)
def test_every_sm_row_in_a_verdict(sm, bonus, knife, spear):
    """The SM / Reach table "+1 +0*, +2 +1, +3 +2, +4 +3, +5 +5, +6 +7, +7 +10, +8 +15,
    +9 +20, +10 +30" and its note ("A reach "C" weapon increases to reach 1, but there are
    no other effects"); G4: "SM ≤ 0 gives +0 ... The bonus adds to every reach value of a
    weapon, with C counting as 0"; G5: the foe, 3 × (bonus + 1) ft away, is bonus + 1 yd
    away, where the spear's first value lands and (but at SM +1) the knife's does not."""
    giant = fighter("ann", 0, 0, sm, ["Knife, reach C", "Spear, reach 1,2"])
    direction = judge_levels(giant, fighter("bob", 0, 3 * (bonus + 1))).directions[0]
    assert direction.distance_yd == bonus + 1
    assert [(w.reach, w.reach_bonus, w.reach_with_bonus, w.reaches) for w in direction.weapons] == [
        ("C", bonus, knife, sm == 1), ("1,2", bonus, spear, True)]


@pytest.mark.parametrize("sm", [11, 12, 1000])
def test_sm_above_10_is_the_clear_error_everywhere(sm):
    """G4: "SM above +10 is outside the table: a clear error, not a guess" — the same
    ``SizeModifierError`` (that type exactly) from the table, its explanation, a weapon's
    reach and a fighter, naming the limit and the value."""
    for attempt in (lambda: reach_bonus(sm), lambda: judge_reach_bonus(sm),
                    lambda: WeaponReach.parse("C").with_size(sm), lambda: fighter("ann", 0, sm=sm)):
        with pytest.raises(SizeModifierError) as caught:
            attempt()
        assert type(caught.value) is SizeModifierError
        message = str(caught.value)
        assert "SM" in message and "at most +10" in message and f"+{sm}" in message and "table" in message


# -- G5: yards, nearest, halves up -----------------------------------------

@pytest.mark.parametrize(
    "dx, yards",
    [(Fraction(3, 2) - EPS, 0), (Fraction(3, 2), 1), (Fraction(9, 2) - EPS, 1), (Fraction(9, 2), 2),
     (Fraction(15, 2) - EPS, 2), (Fraction(15, 2), 3), (Fraction(21, 2) - EPS, 3), (Fraction(21, 2), 4)],
)
def test_yard_rounding_at_each_half_and_which_weapons_reach(dx, yards):
    """G5: "|Δx| in feet ÷ 3, rounded to the nearest whole yard, halves up (... under
    1.5 ft is the same hex); 0 is close combat (reach C). A weapon reaches a foe when that
    distance is one of its reach values" — the halves are 1.5, 4.5, 7.5, 10.5 ft; a
    millionth of a foot below each rounds down. Either fighter may stand to the left."""
    arsenal = ["Knife, reach C", "Broadsword, reach 1", "Spear, reach 1,2", "Pike, reach 2,3"]
    reach_at = {0: [True, False, False, False], 1: [False, True, True, False],
                2: [False, False, True, True], 3: [False, False, False, True], 4: [False, False, False, False]}
    assert distance_yd(dx) == distance_yd(-dx) == yards
    for ann_x, bob_x in ((10 + dx, 10), (-dx, 0)):
        verdict = judge_levels(fighter("ann", 0, ann_x, weapons=arsenal), fighter("bob", 0, bob_x, weapons=arsenal))
        for direction in verdict.directions:
            assert direction.distance_yd == yards
            assert [w.reaches for w in direction.weapons] == reach_at[yards]


# -- the strange position at its edges (G3) ------------------------------------

HEAD_AND_ARM_NORMAL = {"eyes": -9, "skull": -7, "face": -5, "arm": -2}
HEAD_AND_ARM_FROM_BELOW = {"eyes": -11, "skull": -9, "face": -7, "arm": -2}


@pytest.mark.parametrize(
    "difference, expect",
    [pytest.param(4, BAND[1]._replace(lower_strikes=HEAD_AND_ARM_NORMAL), id="4ft->1ft"),
     pytest.param(4 + EPS, BAND[2]._replace(lower_strikes=HEAD_AND_ARM_FROM_BELOW), id="4ft+1e-6->2ft"),
     pytest.param(8, BAND[5]._replace(lower_strikes=HEAD_AND_ARM_FROM_BELOW), id="8ft->5ft"),
     pytest.param(9 + EPS, BAND[7], id="9ft+1e-6->impossible")],
)
def test_strange_position_edges(difference, expect):
    """001: lying down "he would effectively bring himself three feet closer, and his foe
    could strike at his head and arm"; G3: the reduced d sets the band for both defenses,
    what the upper fighter may strike and the location modifiers, "the lower fighter's
    "head and arm" replaces whatever that band would let it strike" (at 8 − 3 = 5 ft it
    may strike the head, −2 from below, though the band alone bars it), and "Over 6 ft
    after the reduction it is still impossible" (9 ft + 1/1,000,000)."""
    verdict = judge_levels(fighter("ann", difference), fighter("bob", 0), strange_position=True)
    assert verdict.effective_ft == difference - 3
    check(verdict, expect)


@pytest.mark.parametrize(
    "difference, possible, defends, upper_strikes",
    [(7, True, (-2, 2), {"torso": 0}), (9, True, (-3, 3), {"eyes": -9, "skull": -7, "face": -5}),
     (Fraction(19, 2), False, None, {})],
)
def test_strange_position_with_hit_locations_off(difference, possible, defends, upper_strikes):
    """G3 with G7: "the defense modifiers and the ... restrictions on what may be struck
    still apply"; the lower fighter's head and arm ("only some locations") are struck at
    their normal penalty; the upper fighter hits the torso at 7 − 3 = 4 ft, one of the
    head's locations at 9 − 3 = 6 ft; 9.5 − 3 = 6.5 ft stays impossible. No location
    modifier is shown."""
    verdict = judge_levels(fighter("ann", difference), fighter("bob", 0), strange_position=True,
                           hit_locations=False)
    down, up = verdict.directions
    assert verdict.possible is possible
    if defends is not None:
        assert (down.defense_modifier, up.defense_modifier) == defends
    assert strikes(down) == upper_strikes
    assert strikes(up) == (HEAD_AND_ARM_NORMAL if possible else {})
    assert all(r.level is None for d in verdict.directions for r in d.locations)


# -- explanations at the edges ------------------------------------------------

def explanation(verdict) -> list[str]:
    return verdict.to_json()["explanation"]


def test_an_explanation_never_rounds_a_difference_onto_the_edge_it_is_over():
    """G1: ""Up to N feet" means d ≤ N" — 6 ft and a millionth is over 6 ft, so its
    explanation may not read "6 ft > 6 ft": where rounding to hundredths would put d on a
    band edge it is not on, the lengths of that arithmetic are shown exactly (as the JSON's
    ``_exact`` fields write them), and the summary too."""
    over = judge_levels(fighter("ann", 6 + EPS), fighter("bob", 0))
    assert explanation(over)[0] == "[G1] Difference: 6000001/1000000 ft (upper surface 6000001/1000000 ft \u2212 " \
                                   "lower surface 0 ft)."
    assert explanation(over)[2].startswith("[G2] Band: over 6 ft (6000001/1000000 ft > 6 ft): ")
    assert over.summary == "d = 6000001/1000000 ft (over 6 ft): combat impossible"
    # G1: "one foot or less" — a millionth over 1 ft has an upper fighter, and the line above it says why.
    upper = judge_levels(fighter("ann", 1 + EPS), fighter("bob", 0))
    assert explanation(upper)[:3] == [
        "[G1] Difference: 1000001/1000000 ft (upper surface 1000001/1000000 ft \u2212 lower surface 0 ft).",
        "[G1] Ann is the upper fighter, Bob the lower.",
        explanation(upper)[2]]
    assert explanation(upper)[2].startswith("[G2] Band: up to 2 ft (1000001/1000000 ft ≤ 2 ft): ")
    # Exactly on the edge, or clear of one, lengths stay rounded to hundredths.
    assert explanation(judge_levels(fighter("ann", 6), fighter("bob", 0)))[2].startswith(
        "[G2] Band: up to 6 ft (6 ft ≤ 6 ft)")
    assert explanation(judge_levels(fighter("ann", Fraction(17, 3)), fighter("bob", 0)))[2].startswith(
        "[G2] Band: up to 6 ft (5.67 ft ≤ 6 ft)")


def test_an_explanation_never_rounds_the_strange_position_onto_an_edge():
    """G3: "Over 6 ft after the reduction it is still impossible" — 9 ft and a millionth
    lying down is 6 ft and a millionth, and the explanation says so exactly."""
    verdict = judge_levels(fighter("ann", 9 + EPS), fighter("bob", 0), strange_position=True)
    lines = explanation(verdict)
    assert lines[0] == ("[G1] Difference: 9000001/1000000 ft (upper surface 9000001/1000000 ft \u2212 lower "
                        "surface 0 ft).")
    assert lines[2].startswith("[G3] Strange position: Ann lies down at the edge and reaches over, 3 ft closer: "
                               "9000001/1000000 ft \u2212 3 ft = 6000001/1000000 ft; ")
    assert lines[3] == "[G3] Band: over 6 ft (6000001/1000000 ft > 6 ft): combat is impossible."
    assert verdict.summary == ("d = 9000001/1000000 ft, 6000001/1000000 ft lying down (over 6 ft): "
                               "combat impossible")


def test_an_explanation_never_rounds_a_distance_onto_the_half_yard_it_is_under():
    """G5: "rounded to the nearest whole yard, halves up (... under 1.5 ft is the same hex)"
    — 1.5 ft less a millionth is 0 yd, so the explanation may not read "0.5 yd → 0 yd";
    shown exactly instead. At exactly 1.5 ft it stays "0.5 yd → 1 yd"."""
    near = judge_levels(fighter("ann", 0, 0), fighter("bob", 0, Fraction(3, 2) - EPS))
    assert next(line for line in explanation(near) if "Horizontal" in line) == (
        "[G5] Horizontal distance: |0 ft \u2212 1499999/1000000 ft| = 1499999/1000000 ft ÷ 3 = 1499999/3000000 yd "
        "\u2192 0 yd (nearest yard, halves up; 0 is close combat, reach C); the vertical difference does not "
        "change reach.")
    half = judge_levels(fighter("ann", 0, 0), fighter("bob", 0, Fraction(3, 2)))
    assert next(line for line in explanation(half) if "Horizontal" in line) == (
        "[G5] Horizontal distance: |0 ft \u2212 1.5 ft| = 1.5 ft ÷ 3 = 0.5 yd \u2192 1 yd (nearest yard, halves "
        "up); the vertical difference does not change reach.")
