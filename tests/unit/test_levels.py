"""Combat at different levels: bands, hit locations, the strange position, reach (G1–G7).

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels; rulings
G1–G7 of ``RULINGS.md`` and H7 (the DM's override).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vertigo.errors import EntryError, LengthError, LimitError, RulesError, SizeModifierError, UnknownFighterError
from vertigo.limits import MAX_ENTRIES, MAX_FEET
from vertigo.rules.levels.rules.levels import (
    BANDS,
    FEET_OR_LEGS,
    HEAD,
    LOCATIONS,
    PENALTY,
    Fighter,
    band,
    distance_yd,
    feet,
    judge_levels,
    show_ft,
    signed,
)

ALL = ("eyes", "skull", "face", "neck", "torso", "vitals", "groin", "arm", "hand", "leg", "foot")
PROPERTY = settings(max_examples=200, deadline=None, database=None)


def fighter(fid: str, elevation, x=0, sm: int = 0, weapons=()) -> Fighter:
    """A fighter named after its id (``"ann"`` → ``"Ann"``)."""
    return Fighter(fid, fid.capitalize(), elevation, x, sm, weapons)


def levels(upper, lower=0, **options):
    """Ann on a surface ``upper`` ft high attacks Bob on one ``lower`` ft high, side by side."""
    return judge_levels(fighter("ann", upper), fighter("bob", lower), **options)


def rows(direction) -> list[tuple]:
    """(name, allowed, base, level, net) of every location row."""
    return [(r.name, r.allowed, r.base, r.level, r.net) for r in direction.locations]


def allowed(direction) -> dict[str, int | None]:
    """Location → net modifier, for the locations the attacker may strike."""
    return {r.name: r.net for r in direction.locations if r.allowed}


def texts(steps) -> list[str]:
    return [str(s) for s in steps]


# -- exact lengths ---------------------------------------------------------

def test_a_stair_of_nine_8_inch_steps_is_exactly_the_6_ft_band():
    """G1: "Up to N feet" means d ≤ N — nine 8-inch steps are exactly 6 ft, "Up to
    six feet of vertical difference", never just above it."""
    stair = Fraction(8, 12) * 9
    assert stair == 6
    assert band(stair) is BANDS[5] and band(stair).label == "up to 6 ft"
    verdict = levels(stair)
    assert (verdict.difference_ft, verdict.possible, verdict.band.label) == (6, True, "up to 6 ft")
    assert texts(verdict.steps)[0] == "[G1] Difference: 6 ft (upper surface 6 ft \u2212 lower surface 0 ft)."


@pytest.mark.parametrize(
    "value, shown",
    [(6, "6 ft"), (Fraction(5, 2), "2.5 ft"), (Fraction(2, 3), "0.67 ft"), (Fraction(17, 3), "5.67 ft"),
     (-3, "\u22123 ft"), (Fraction(1, 8), "0.13 ft"), (Fraction(-1, 1000), "0 ft"), (Fraction(1, 20), "0.05 ft"),
     (Fraction(1999, 200), "10 ft")],
)
def test_lengths_are_shown_rounded_to_hundredths(value, shown):
    """Lengths are exact, shown rounded by one formatter (STYLE: "one number formatter
    for every place a length or Height is shown"); halves away from zero."""
    assert show_ft(value) == shown


def test_modifiers_are_shown_with_their_sign():
    """001 writes modifiers signed ("+1 to hit the head", "-2 to hit the head")."""
    assert [signed(n) for n in (1, 0, -2)] == ["+1", "+0", "\u22122"]


@pytest.mark.parametrize("value, exact", [(6, Fraction(6)),
                                          (Fraction(17, 3), Fraction(17, 3)), ("6.5", Fraction(13, 2)),
                                          (" -2.25 ", Fraction(-9, 4)),
                                          ("17/3", Fraction(17, 3)), ("17\t/ 3", Fraction(17, 3)),
                                          ("0", Fraction(0))])
def test_feet_are_read_exactly(value, exact):
    """G1: d in feet; an int, a Fraction or text is read exactly."""
    assert feet(value) == exact


@pytest.mark.parametrize(
    "value, error, message",
    [(6.5, LengthError, "length must be exact feet"), (True, LengthError, "length must be a length in feet"),
     (None, LengthError, "length must be a length in feet"), ("1e5", LengthError, 'feet as a decimal or a fraction'),
     ("six", LengthError, '"six"'), ("\u0663", LengthError, "feet as a decimal"),
     ("1/0", LengthError, "must not divide by zero"),
     (MAX_FEET + 1, LimitError, f"between \u2212{MAX_FEET:,} and {MAX_FEET:,} ft: \"10001\""),
     (Fraction(1, 10**7), LimitError, "exact to 1/1,000,000 ft"), ("1" * 41, LimitError, "at most 40 characters")],
)
def test_lengths_that_are_not_exact_feet_are_refused(value, error, message):
    """G1 and STYLE 5/6: a float is not exact (0.1 ft is not a tenth in binary);
    every refusal names the value, every cap is a ``LimitError``."""
    with pytest.raises(error) as caught:
        feet(value)
    assert message in str(caught.value)
    assert isinstance(caught.value, RulesError) and isinstance(caught.value, ValueError)


def test_band_takes_a_difference_at_least_0_in_exact_feet():
    """G1: "d = vertical difference in feet" — never negative, always exact."""
    with pytest.raises(LengthError, match="must be ≥ 0 ft"):
        band(-1)
    with pytest.raises(LengthError, match="exact feet"):
        band(6.0)


# -- the bands (G1, G2) ----------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_every_band_edge_is_inclusive_and_exact(n):
    """G1: ""Up to N feet" means d ≤ N; "one foot or less" d ≤ 1" — at N the band
    is N's, an inch above it the next one."""
    assert band(n).limit_ft == n
    if n > 1:
        assert band(n - Fraction(1, 12)).limit_ft == n
    above = band(n + Fraction(1, 12))
    assert above.limit_ft == (n + 1 if n < 6 else None)
    assert above.possible is (n < 6)


def test_no_difference_is_the_first_band():
    """001: "One foot of vertical difference, or less: Ignore it." (G2: d ≤ 1 nothing)."""
    assert band(0) is BANDS[0] and band(1) is BANDS[0]


@pytest.mark.parametrize(
    "limit, upper_def, lower_def, modifiers, upper_may, lower_may",
    [(1, 0, 0, False, ALL, ALL),
     (2, 0, 0, True, ALL, ALL),
     (3, 1, -1, True, ALL, ALL),
     (4, 2, -2, True, ALL[:9], ALL),
     (5, 3, -3, True, ALL[:9], ALL[3:]),
     (6, 3, -3, False, ("eyes", "skull", "face"), ("leg", "foot")),
     (None, 0, 0, False, (), ())],
)
def test_each_band_as_the_rules_text_gives_it(limit, upper_def, lower_def, modifiers, upper_may, lower_may):
    """001 › Combat At Different Levels, each paragraph; G2: "≤ 3 adds defense ±1;
    ≤ 4 defense ±2 and the upper fighter cannot strike feet/legs; ≤ 5 defense ±3,
    the lower cannot strike the head ...; ≤ 6 only head (upper → lower) and only
    feet/legs (lower → upper), no attack modifier, defense ±3; > 6 impossible"."""
    b = BANDS[[x.limit_ft for x in BANDS].index(limit)]
    assert (b.upper_defense, b.lower_defense, b.location_modifiers) == (upper_def, lower_def, modifiers)
    assert (b.upper_targets, b.lower_targets) == (upper_may, lower_may)
    assert b.possible is (limit is not None)
    assert (b.defense("upper"), b.defense("lower")) == (upper_def, lower_def)


def test_the_2_ft_modifiers():
    """001: "the higher fighter has -2 to hit the feet or legs, and +1 to hit the head
    (skull, face, or eyes) or neck. The lower fighter has +2 to hit the feet or legs,
    and -2 to hit the head." (G6: head = skull, face, eyes; feet or legs = foot, leg)."""
    b = band(2)
    assert {loc: b.modifier("upper", loc) for loc in ALL} == {
        "eyes": 1, "skull": 1, "face": 1, "neck": 1, "torso": 0, "vitals": 0, "groin": 0, "arm": 0, "hand": 0,
        "leg": -2, "foot": -2}
    assert {loc: b.modifier("lower", loc) for loc in ALL} == {
        "eyes": -2, "skull": -2, "face": -2, "neck": 0, "torso": 0, "vitals": 0, "groin": 0, "arm": 0, "hand": 0,
        "leg": 2, "foot": 2}
    assert all(band(6).modifier(side, loc) == 0 for side in ("upper", "lower") for loc in ALL)


def test_the_eleven_hit_locations():
    """G6: "eyes −9, skull −7, face −5, neck −5, groin −3, vitals −3, arm −2, hand −4,
    leg −2, foot −4, torso 0"; "Head" means skull, face and eyes; "feet or legs"
    means foot and leg."""
    assert tuple(loc.name for loc in LOCATIONS) == ALL
    assert dict(PENALTY) == {"eyes": -9, "skull": -7, "face": -5, "neck": -5, "torso": 0, "vitals": -3,
                             "groin": -3, "arm": -2, "hand": -4, "leg": -2, "foot": -4}
    assert set(HEAD) == {"skull", "face", "eyes"} and set(FEET_OR_LEGS) == {"foot", "leg"}


# -- the verdict, band by band ----------------------------------------------

def test_one_foot_or_less_is_ignored_and_nobody_is_upper():
    """001: "One foot of vertical difference, or less: Ignore it." (G2)."""
    verdict = levels(1)
    assert (verdict.upper, verdict.possible, verdict.band.label) == (None, True, "1 ft or less")
    for d in verdict.directions:
        assert d.attacker_side is None and d.defense_modifier == 0
        assert rows(d) == [(loc.name, True, loc.penalty, 0, loc.penalty) for loc in LOCATIONS]
    assert texts(verdict.steps)[:3] == [
        "[G1] Difference: 1 ft (upper surface 1 ft \u2212 lower surface 0 ft).",
        "[G1] No upper fighter: the difference is 1 ft or less.",
        "[G2] Band: 1 ft or less (1 ft ≤ 1 ft): the difference is ignored.",
    ]
    assert levels(1 + Fraction(1, 12)).upper == "ann"
    assert levels(0, 1 + Fraction(1, 12)).upper == "bob"


def test_equal_surfaces():
    """G1: d = 0 when both stand at the same height."""
    verdict = levels(Fraction(5, 2), Fraction(5, 2))
    assert verdict.difference_ft == 0 and verdict.upper is None
    assert str(verdict.steps[0]) == "[G1] Difference: 0 ft (both surfaces at 2.5 ft)."


def test_up_to_2_ft_location_modifiers_add_to_the_normal_penalties():
    """001: "Up to two feet ... These modifiers are in addition to normal hit location
    penalties." G6: "show base, level modifier and net for every location"."""
    down, up = levels(2).directions
    assert (down.attacker_side, down.defense_modifier, up.defense_modifier) == ("upper", 0, 0)
    assert rows(down) == [("eyes", True, -9, 1, -8), ("skull", True, -7, 1, -6), ("face", True, -5, 1, -4),
                          ("neck", True, -5, 1, -4), ("torso", True, 0, 0, 0), ("vitals", True, -3, 0, -3),
                          ("groin", True, -3, 0, -3), ("arm", True, -2, 0, -2), ("hand", True, -4, 0, -4),
                          ("leg", True, -2, -2, -4), ("foot", True, -4, -2, -6)]
    assert rows(up) == [("eyes", True, -9, -2, -11), ("skull", True, -7, -2, -9), ("face", True, -5, -2, -7),
                        ("neck", True, -5, 0, -5), ("torso", True, 0, 0, 0), ("vitals", True, -3, 0, -3),
                        ("groin", True, -3, 0, -3), ("arm", True, -2, 0, -2), ("hand", True, -4, 0, -4),
                        ("leg", True, -2, 2, 0), ("foot", True, -4, 2, -2)]
    assert down.locations[0].why == "Eyes: \u22129 normal, +1 for striking from above = \u22128."
    assert up.locations[10].why == "Foot: \u22124 normal, +2 for striking from below = \u22122."
    assert down.locations[4].why == "Torso: +0 normal, no level modifier = +0."


def test_up_to_3_ft_adds_defense_1():
    """001: "Up to three feet ...: As above, but the lower fighter is at -1 to any active
    defense, while the upper fighter is at +1 to his active defenses." The modifier
    is the DEFENDER's."""
    down, up = levels(3).directions
    assert (down.defense_modifier, up.defense_modifier) == (-1, 1)
    assert str(down.steps[0]) == (
        "[G2] Ann (upper) \u2192 Bob (lower): Bob defends at \u22121 (lower fighter, up to 3 ft).")
    assert str(up.steps[0]) == "[G2] Bob (lower) \u2192 Ann (upper): Ann defends at +1 (upper fighter, up to 3 ft)."
    assert allowed(down)["leg"] == -4 and allowed(up)["skull"] == -9


def test_up_to_4_ft_the_upper_fighter_cannot_strike_feet_or_legs():
    """001: "Up to four feet ...: the lower fighter is at -2 to defend, while the upper
    fighter is at +2. The upper fighter cannot strike at the lower fighter's feet or
    legs.\""""
    down, up = levels(4).directions
    assert (down.defense_modifier, up.defense_modifier) == (-2, 2)
    assert rows(down)[9:] == [("leg", False, -2, None, None), ("foot", False, -4, None, None)]
    assert down.locations[9].why == "Leg: not allowed: the upper fighter cannot strike feet or legs."
    assert allowed(down) == {"eyes": -8, "skull": -6, "face": -4, "neck": -4, "torso": 0, "vitals": -3,
                             "groin": -3, "arm": -2, "hand": -4}
    assert allowed(up) == {"eyes": -11, "skull": -9, "face": -7, "neck": -5, "torso": 0, "vitals": -3,
                           "groin": -3, "arm": -2, "hand": -4, "leg": 0, "foot": -2}


def test_up_to_5_ft_the_2_ft_modifiers_apply_to_what_remains():
    """001: "Up to five feet ...: The lower fighter cannot strike at the upper fighter's
    head, and the upper fighter cannot strike at the lower fighter's feet or legs. The
    lower fighter is at -3 to defend, while the upper fighter is at +3." G2: "the
    location modifiers of the 2-ft band still apply to the locations that remain"."""
    down, up = levels(5).directions
    assert (down.defense_modifier, up.defense_modifier) == (-3, 3)
    assert allowed(down) == {"eyes": -8, "skull": -6, "face": -4, "neck": -4, "torso": 0, "vitals": -3,
                             "groin": -3, "arm": -2, "hand": -4}
    assert allowed(up) == {"neck": -5, "torso": 0, "vitals": -3, "groin": -3, "arm": -2, "hand": -4, "leg": 0,
                           "foot": -2}
    assert up.locations[1].why == "Skull: not allowed: the lower fighter cannot strike the head."


def test_up_to_6_ft_only_the_head_and_only_feet_or_legs_with_no_attack_modifier():
    """001: "Up to six feet ...: The upper fighter may only strike at the lower fighter's
    head. The lower fighter may only strike at the upper fighter's feet or legs.
    Neither gets any special bonus or penalty to attack. The lower fighter is at -3 to
    defend, while the upper fighter is at +3.\""""
    verdict = levels(6)
    down, up = verdict.directions
    assert (down.defense_modifier, up.defense_modifier) == (-3, 3)
    assert rows(down)[:3] == [("eyes", True, -9, 0, -9), ("skull", True, -7, 0, -7), ("face", True, -5, 0, -5)]
    assert allowed(down) == {"eyes": -9, "skull": -7, "face": -5}
    assert allowed(up) == {"leg": -2, "foot": -4}
    assert texts(verdict.explanation)[:9] == [
        "[G1] Difference: 6 ft (upper surface 6 ft \u2212 lower surface 0 ft).",
        "[G1] Ann is the upper fighter, Bob the lower.",
        "[G2] Band: up to 6 ft (6 ft ≤ 6 ft): the upper fighter +3 to defend, the lower \u22123; the upper fighter "
        "may only strike the head (skull, face, eyes), the lower only feet or legs; neither gets any bonus or "
        "penalty to attack.",
        "[G6] Hit locations on: each location's normal penalty, plus the level modifier where the band gives one.",
        "[G2] Ann (upper) \u2192 Bob (lower): Bob defends at \u22123 (lower fighter, up to 6 ft).",
        "[G6] Eyes: \u22129 normal, no level modifier = \u22129.",
        "[G6] Skull: \u22127 normal, no level modifier = \u22127.",
        "[G6] Face: \u22125 normal, no level modifier = \u22125.",
        "[G2] Neck: not allowed: the upper fighter may only strike the head.",
    ]


def test_over_6_ft_combat_is_impossible():
    """001: "Over six feet of vertical difference: Combat is impossible unless the
    fighters adopt some strange position" (G2: > 6 impossible)."""
    verdict = levels(6 + Fraction(1, 12))
    assert not verdict.possible and verdict.band.limit_ft is None
    assert verdict.summary == "d = 6.08 ft (over 6 ft): combat impossible"
    assert "[G2] Band: over 6 ft (6.08 ft > 6 ft): combat is impossible unless the fighters adopt some strange " \
           "position." in texts(verdict.steps)
    for d in verdict.directions:
        assert not d.allowed and not d.final
        assert not any(r.allowed for r in d.locations)
        assert d.locations[4].why == "Torso: not allowed: combat is impossible over 6 ft."
    assert str(verdict.directions[0].steps[0]) == "[G2] Ann (upper) \u2192 Bob (lower): impossible (over 6 ft)."


# -- the strange position (G3) ---------------------------------------------

def test_strange_position_at_7_ft_is_the_4_ft_band_with_head_and_arm_for_the_lower():
    """001: "the upper fighter lies down and reaches over the edge. In that particular
    case, he would effectively bring himself three feet closer, and his foe could strike
    at his head and arm." G3: "The reduced d sets the band for both defenses, for what
    the upper fighter may strike and for the location modifiers"."""
    verdict = levels(7, strange_position=True)
    assert (verdict.difference_ft, verdict.effective_ft, verdict.possible) == (7, 4, True)
    assert (verdict.band.label, verdict.strange_position) == ("up to 4 ft", True)
    down, up = verdict.directions
    assert (down.defense_modifier, up.defense_modifier) == (-2, 2)
    assert allowed(down) == {"eyes": -8, "skull": -6, "face": -4, "neck": -4, "torso": 0, "vitals": -3,
                             "groin": -3, "arm": -2, "hand": -4}
    assert rows(up) == [("eyes", True, -9, -2, -11), ("skull", True, -7, -2, -9), ("face", True, -5, -2, -7),
                        ("neck", False, -5, None, None), ("torso", False, 0, None, None),
                        ("vitals", False, -3, None, None), ("groin", False, -3, None, None),
                        ("arm", True, -2, 0, -2), ("hand", False, -4, None, None), ("leg", False, -2, None, None),
                        ("foot", False, -4, None, None)]
    assert up.locations[4].why == (
        "Torso: not allowed: lying down, the upper fighter may be struck only at the head and arm.")
    assert texts(verdict.steps)[2] == (
        "[G3] Strange position: Ann lies down at the edge and reaches over, 3 ft closer: 7 ft \u2212 3 ft = 4 ft; "
        "Bob may strike only Ann's head and arm. Posture penalties for lying down are the GM's.")
    assert verdict.summary == "d = 7 ft, 4 ft lying down (up to 4 ft): combat possible"


def test_strange_position_at_9_ft_is_the_6_ft_band():
    """G3: "the lower fighter's "head and arm" replaces whatever that band would let it
    strike" — at 9 − 3 = 6 ft no attack modifier, defense ±3, the upper strikes only
    the head."""
    verdict = levels(9, strange_position=True)
    assert (verdict.effective_ft, verdict.possible, verdict.band.label) == (6, True, "up to 6 ft")
    down, up = verdict.directions
    assert (down.defense_modifier, up.defense_modifier) == (-3, 3)
    assert allowed(down) == {"eyes": -9, "skull": -7, "face": -5}
    assert allowed(up) == {"eyes": -9, "skull": -7, "face": -5, "arm": -2}


def test_strange_position_at_9_5_ft_is_still_impossible():
    """G3: "Over 6 ft after the reduction it is still impossible." (9.5 − 3 = 6.5 ft)."""
    verdict = levels(Fraction(19, 2), strange_position=True)
    assert (verdict.effective_ft, verdict.possible) == (Fraction(13, 2), False)
    assert "[G3] Band: over 6 ft (6.5 ft > 6 ft): combat is impossible." in texts(verdict.steps)
    assert str(verdict.directions[1].steps[0]) == \
        "[G3] Bob (lower) \u2192 Ann (upper): impossible (over 6 ft even lying down, 3 ft closer)."
    assert not any(r.allowed for d in verdict.directions for r in d.locations)


def test_without_the_strange_position_7_ft_is_impossible():
    """G3: "Opt-in" — not asked for, 7 ft stays over 6 ft."""
    verdict = levels(7)
    assert (verdict.effective_ft, verdict.possible, verdict.strange_position) == (7, False, False)


def test_strange_position_below_3_ft_brings_the_difference_to_0_not_below():
    """G3: "d is reduced by 3 ft" — the core's reading (Open rulings): never below 0,
    and still the lower fighter strikes only the head and arm."""
    verdict = levels(2, strange_position=True)
    assert (verdict.effective_ft, verdict.band.label) == (0, "1 ft or less")
    assert "(not below 0)" in texts(verdict.steps)[2]
    assert allowed(verdict.directions[1]) == {"eyes": -9, "skull": -7, "face": -5, "arm": -2}


def test_strange_position_with_no_upper_fighter_changes_nothing():
    """G3: "the upper fighter lies down at the edge" — with d ≤ 1 there is no upper
    fighter (G1), so nothing changes, and the explanation says so."""
    plain, asked = levels(1), levels(1, strange_position=True)
    assert asked.strange_position is False and asked.directions == plain.directions
    assert "[G3] Strange position asked for, but with a difference of 1 ft or less there is no upper fighter to " \
           "lie down: it changes nothing." in texts(asked.steps)


# -- hit locations off (G7) ------------------------------------------------

def test_without_hit_locations_the_2_ft_band_changes_nothing():
    """001: "Up to two feet of vertical difference: Ignore it unless you are using hit
    locations." G7: "then the ≤ 2 ft band changes nothing and no location modifier is
    shown"; elsewhere hits go to the torso."""
    verdict = levels(2, hit_locations=False)
    for d in verdict.directions:
        assert d.defense_modifier == 0
        assert allowed(d) == {"torso": 0}
        assert all(r.level is None for r in d.locations)
        assert d.locations[0].why == "Eyes: hit locations are off: hits go to the torso."
        assert d.locations[4].why == "Torso: hit locations are off: hits go here, +0."
        assert texts(d.steps)[1] == "[G7] Hit locations off: the attack hits the torso, +0."


def test_without_hit_locations_defense_modifiers_and_restrictions_still_apply():
    """G7: "the defense modifiers and the ≤ 4 … ≤ 6 ft restrictions on what may be struck
    still apply" — at 4 ft, ±2, hits on the torso, and the upper fighter still cannot
    strike feet or legs."""
    down, up = levels(4, hit_locations=False).directions
    assert (down.defense_modifier, up.defense_modifier) == (-2, 2)
    assert allowed(down) == {"torso": 0} and allowed(up) == {"torso": 0}
    assert down.locations[10].why == "Foot: not allowed: the upper fighter cannot strike feet or legs."
    assert texts(down.steps)[1] == ("[G7] Hit locations off: the attack hits the torso, +0 (and the upper fighter "
                                    "cannot strike feet or legs).")


def test_without_hit_locations_at_6_ft_the_attack_is_made_at_an_allowed_location_at_its_normal_penalty():
    """G7: "Where a band allows only some locations (≤ 6 ft, the strange position), the
    attack is made at one of them with its normal penalty, as if hit locations were on
    for that strike"."""
    down, up = levels(6, hit_locations=False).directions
    assert (down.defense_modifier, up.defense_modifier) == (-3, 3)
    assert rows(down)[:5] == [("eyes", True, -9, None, -9), ("skull", True, -7, None, -7),
                              ("face", True, -5, None, -5), ("neck", False, -5, None, None),
                              ("torso", False, 0, None, None)]
    assert allowed(up) == {"leg": -2, "foot": -4}
    assert up.locations[9].why == ("Leg: \u22122, its normal penalty (hit locations are off, but only some "
                                   "locations may be struck: the attack is made at one of them).")


def test_without_hit_locations_in_the_strange_position():
    """G7 with G3: the lower fighter strikes the head or arm at its normal penalty; the
    upper fighter, at 7 − 3 = 4 ft, hits the torso."""
    down, up = levels(7, strange_position=True, hit_locations=False).directions
    assert allowed(up) == {"eyes": -9, "skull": -7, "face": -5, "arm": -2}
    assert allowed(down) == {"torso": 0}
    assert (down.defense_modifier, up.defense_modifier) == (-2, 2)


def test_hit_locations_on_and_off_differ_only_where_g7_says():
    """G7: the defense modifiers and the possibility do not depend on hit locations."""
    for d in (0, 1, 2, 3, 4, 5, 6, 7):
        on, off = levels(d), levels(d, hit_locations=False)
        assert on.possible == off.possible
        assert [x.defense_modifier for x in on.directions] == [x.defense_modifier for x in off.directions]


# -- horizontal distance and reach (G4, G5) ----------------------------------

@pytest.mark.parametrize(
    "dx, yards",
    [(0, 0), (Fraction(14, 10), 0), (Fraction(3, 2), 1), (3, 1), (Fraction(9, 2), 2), (Fraction(15, 2), 3),
     (Fraction(-9, 2), 2), (Fraction(449, 100), 1), (6, 2)],
)
def test_horizontal_distance_rounds_to_the_nearest_yard_halves_up(dx, yards):
    """G5: "|Δx| in feet ÷ 3, rounded to the nearest whole yard, halves up (...under 1.5 ft
    is the same hex); 0 is close combat (reach C)"."""
    assert distance_yd(dx) == yards


def test_weapons_in_both_directions_with_the_sm_bonus():
    """G5: "A weapon reaches a foe when that distance is one of its reach values"; G4:
    "The bonus adds to every reach value of a weapon, with C counting as 0"."""
    ann = fighter("ann", 3, 0, weapons=["Broadsword, reach 1", "Spear, reach 1,2", "Knife, reach C"])
    bob = fighter("bob", 0, Fraction(9, 2), sm=2, weapons=["Knife, reach C", "Halberd, reach 2,3"])
    down, up = judge_levels(ann, bob).directions
    assert (down.distance_yd, up.distance_yd) == (2, 2)
    assert [(w.name, w.reach, w.reach_bonus, w.reach_with_bonus, w.distance_yd, w.reaches) for w in down.weapons] == [
        ("Broadsword", "1", 0, "1", 2, False), ("Spear", "1,2", 0, "1,2", 2, True), ("Knife", "C", 0, "C", 2, False)]
    assert [(w.name, w.reach, w.reach_bonus, w.reach_with_bonus, w.distance_yd, w.reaches) for w in up.weapons] == [
        ("Knife", "C", 1, "1", 2, False), ("Halberd", "2,3", 1, "3,4", 2, False)]
    assert texts(down.steps)[-4:] == [
        "[G5] Horizontal distance: |0 ft \u2212 4.5 ft| = 4.5 ft ÷ 3 = 1.5 yd \u2192 2 yd (nearest yard, halves up); "
        "the vertical difference does not change reach.",
        "[G5] Broadsword, reach 1: at 2 yd: out of reach.",
        "[G5] Spear, reach 1,2: at 2 yd: reaches.",
        "[G5] Knife, reach C: at 2 yd: out of reach.",
    ]
    assert str(up.steps[-1]) == "[G4, G5] Halberd, reach 2,3: +1 for SM +2 \u2192 reach 3,4; at 2 yd: out of reach."
    assert down.summary == "Ann \u2192 Bob: possible; Bob defends at \u22121; reaches with Spear"
    assert up.summary == "Bob \u2192 Ann: possible; Ann defends at +1; no weapon reaches"


def test_sm_1_makes_reach_c_reach_1_in_a_verdict():
    """001's table note: "A reach "C" weapon increases to reach 1, but there are no other
    effects" (G4)."""
    ogre = fighter("ogre", 0, 0, sm=1, weapons=["Fist, reach C", "Club, reach 1"])
    near = judge_levels(ogre, fighter("imp", 0, 3))
    far = judge_levels(ogre, fighter("imp", 0, 0))
    assert [(w.reach_with_bonus, w.reaches) for w in near.directions[0].weapons] == [("1", True), ("1", True)]
    assert [(w.reach_with_bonus, w.reaches) for w in far.directions[0].weapons] == [("1", False), ("1", False)]
    assert str(near.directions[0].steps[-2]) == (
        "[G4, G5] Fist, reach C: SM +1 turns reach C into 1 \u2192 reach 1; at 1 yd: reaches.")
    assert str(near.directions[0].steps[-1]) == "[G4, G5] Club, reach 1: +0 for SM +1 \u2192 reach 1; at 1 yd: reaches."
    assert str(far.directions[0].steps[-3]).endswith("0 ft ÷ 3 = 0 yd \u2192 0 yd (nearest yard, halves up; 0 is close "
                                                     "combat, reach C); the vertical difference does not change reach.")
    assert str(far.directions[0].steps[-1]) == (
        "[G4, G5] Club, reach 1: +0 for SM +1 \u2192 reach 1; at 0 yd (close combat): out of reach.")


@pytest.mark.parametrize("height", [0, 3, 6, 7])
def test_the_vertical_difference_never_changes_reach(height):
    """G5: "The vertical difference never lengthens or shortens reach: 001 governs it
    through G2.\""""
    ann = fighter("ann", height, 0, weapons=["Spear, reach 1,2"])
    verdict = judge_levels(ann, fighter("bob", 0, 6))
    assert [(w.distance_yd, w.reaches) for w in verdict.directions[0].weapons] == [(2, True)]


def test_a_ranged_weapon_is_out_of_scope():
    """001: "This rule is for melee combat. For ranged weapons, see Firing Upward and
    Downward" — a ranged weapon gets no answer from a levels verdict."""
    archer = fighter("ann", 3, 0, weapons=["Bow, range 150", "Knife, reach C"])
    direction = judge_levels(archer, fighter("bob", 0, 0)).directions[0]
    bow = direction.weapons[0]
    assert (bow.melee, bow.reach, bow.reach_bonus, bow.reach_with_bonus, bow.reaches) == (False, None, None, None, None)
    assert bow.why == "Bow, range 150: 001 governs melee only; see Firing Upward and Downward."
    assert "[G5] Bow, range 150: 001 governs melee only; see Firing Upward and Downward." in texts(direction.steps)
    assert direction.summary.endswith("; reaches with Knife")


# -- fighters --------------------------------------------------------------

def test_a_fighter_keeps_exact_feet_and_parsed_weapons():
    """G1 (feet) and G5 (weapons in reach notation): inputs are normalised once."""
    f = Fighter("ann", "Ann", "6.5", 3, 2, ["Spear, reach 1,2"])
    assert (f.elevation_ft, f.x_ft) == (Fraction(13, 2), Fraction(3))
    assert str(f.weapons[0]) == "Spear, reach 1,2" and isinstance(f.weapons, tuple)


@pytest.mark.parametrize(
    "kwargs, error, message",
    [({"sm": 11}, SizeModifierError, "+11"), ({"elevation_ft": 6.5}, LengthError, "elevation_ft must be exact feet"),
     ({"x_ft": str(MAX_FEET * 2)}, LimitError, "x_ft must be between"),
     ({"weapons": "Spear, reach 1"}, EntryError, "list"),
     ({"weapons": ["Spear"]}, EntryError, '"Spear" is not a weapon'),
     ({"weapons": ["Knife, reach C"] * (MAX_ENTRIES + 1)}, LimitError, "at most 20 weapons"),
     ({"name": "A\u202eB"}, EntryError, "the fighter's name must not contain bidirectional"),
     ({"id": ""}, EntryError, "the fighter's id must be non-empty")],
)
def test_bad_fighters_are_refused(kwargs, error, message):
    """STYLE 6: one error per kind, naming the field, the constraint and the value."""
    values = {"id": "ann", "name": "Ann", "elevation_ft": 0, "x_ft": 0, "sm": 0, "weapons": ()} | kwargs
    with pytest.raises(error) as caught:
        Fighter(**values)
    assert message in str(caught.value)


def test_a_fighter_cannot_fight_itself():
    """G1: two fighters' surfaces — one fighter is not two."""
    ann = fighter("ann", 0)
    with pytest.raises(EntryError, match='both have the id "ann"'):
        judge_levels(ann, ann)


# -- the DM's override (H7) and JSON -------------------------------------------

def test_the_dm_overrides_one_direction_and_both_answers_are_kept():
    """H7: "The referee can override any verdict; the result then says "overridden by
    the DM" and the log keeps both." The override names the direction by its attacker."""
    rules = levels(7)
    dm = rules.overridden("ann", True, "Ann hangs from the beam")
    down, up = dm.directions
    assert (rules.possible, dm.possible) == (False, False)
    assert (down.allowed, down.final, up.allowed, up.final) == (False, True, False, False)
    assert up == rules.directions[1]
    assert down.steps[:-1] == rules.directions[0].steps
    assert str(down.steps[-1]) == "[H7] Rules say not allowed; overridden by the DM: allowed (Ann hangs from the beam)."
    assert down.summary == "Ann \u2192 Bob: possible \u2014 overridden by the DM; Bob defends at +0"
    assert dm.to_json()["directions"][0]["override"] == {"allowed": True, "note": "Ann hangs from the beam"}
    with pytest.raises(UnknownFighterError, match='"cid"'):
        rules.overridden("cid", True)


def test_to_json_is_plain_ordered_and_exact():
    """The verdict as JSON for the ``ask`` command: plain values, a fixed key order,
    lengths rounded for display and exact as text ("17/3")."""
    ann = fighter("ann", Fraction(17, 3), 0, weapons=["Spear, reach 1,2", "Bow, range 150"])
    verdict = judge_levels(ann, fighter("bob", 0, Fraction(9, 2)))
    data = verdict.to_json()
    assert list(data) == ["ask", "rule_set", "difference_ft", "difference_ft_exact", "effective_ft",
                          "effective_ft_exact", "band", "possible", "upper", "strange_position", "hit_locations",
                          "fighters", "directions", "steps", "summary", "rules", "explanation"]
    assert data["rules"] == ["G1", "G2", "G5", "G6"]  # the ask command's "rules": the ids the steps used
    assert data["explanation"][0] == "[G1] Difference: 5.67 ft (upper surface 5.67 ft − lower surface 0 ft)."
    assert (data["difference_ft"], data["difference_ft_exact"], data["band"], data["upper"]) == (
        5.67, "17/3", "up to 6 ft", "ann")
    assert data["fighters"][1] == {"id": "bob", "name": "Bob", "elevation_ft": 0, "elevation_ft_exact": "0",
                                   "x_ft": 4.5, "x_ft_exact": "9/2", "sm": 0, "weapons": []}
    first = data["directions"][0]
    assert list(first) == ["attacker", "defender", "attacker_side", "allowed", "final", "override",
                           "defense_modifier", "distance_yd", "locations", "weapons", "steps"]
    assert next(iter(first["locations"])) == "eyes"
    assert first["locations"]["eyes"] == {"allowed": True, "base": -9, "level": 0, "net": -9,
                                     "why": "Eyes: \u22129 normal, no level modifier = \u22129.", "rule": "G6"}
    assert first["weapons"][1]["reaches"] is None
    assert data["steps"][0] == {"rule": "G1", "text": "Difference: 5.67 ft (upper surface 5.67 ft \u2212 lower "
                                                      "surface 0 ft)."}
    text = json.dumps(data, ensure_ascii=False)
    assert json.loads(text) == data and text == json.dumps(verdict.to_json(), ensure_ascii=False)


# -- invariants (Hypothesis) ---------------------------------------------------

lengths = st.fractions(min_value=-40, max_value=40, max_denominator=24)
weapon_texts = st.lists(st.sampled_from(["Knife, reach C", "Broadsword, reach 1", "Spear, reach 1,2",
                                         "Whip, reach 1-5", "Bow, range 150"]), max_size=3)
fighters = st.builds(Fighter, st.just("x"), st.just("X"), lengths, lengths, st.integers(-3, 10), weapon_texts)


@PROPERTY
@given(a=fighters, b=fighters, strange=st.booleans(), hit_locations=st.booleans())
def test_the_answer_for_a_and_b_is_the_mirror_of_b_and_a(a, b, strange, hit_locations):
    """G1: d is the difference between "the two fighters' standing surfaces" — who asks
    changes nothing but the order: A↔B is the mirror of B↔A."""
    a = Fighter("a", "Ann", a.elevation_ft, a.x_ft, a.sm, a.weapons)
    b = Fighter("b", "Bob", b.elevation_ft, b.x_ft, b.sm, b.weapons)
    ab = judge_levels(a, b, strange_position=strange, hit_locations=hit_locations)
    ba = judge_levels(b, a, strange_position=strange, hit_locations=hit_locations)
    assert ab.directions == (ba.directions[1], ba.directions[0])
    assert (ab.difference_ft, ab.effective_ft, ab.band, ab.possible, ab.upper, ab.strange_position, ab.steps) == \
           (ba.difference_ft, ba.effective_ft, ba.band, ba.possible, ba.upper, ba.strange_position, ba.steps)
    assert ab.directions[0].allowed == ab.directions[1].allowed == ab.possible


@PROPERTY
@given(d1=st.fractions(min_value=0, max_value=8, max_denominator=24),
       d2=st.fractions(min_value=0, max_value=8, max_denominator=24))
def test_a_larger_difference_never_helps_the_lower_fighter_defend(d1, d2):
    """001's bands in order: defense +0, +0, +1, +2, +3, +3 for the upper fighter, the
    negatives for the lower — without the strange position, a larger difference never
    gives the upper fighter a smaller bonus nor the lower a smaller penalty (while
    combat is possible; past 6 ft it stays impossible)."""
    low, high = sorted((d1, d2))
    near, far = levels(low), levels(high)
    if far.possible:
        # directions[1] is Bob (on 0 ft) attacking Ann: the defender is the higher fighter
        assert near.directions[1].defense_modifier <= far.directions[1].defense_modifier
        assert near.directions[0].defense_modifier >= far.directions[0].defense_modifier
    else:
        assert high > 6 and not levels(high + 1).possible
    assert band(low).possible or not band(high).possible


@PROPERTY
@given(d=st.fractions(min_value=0, max_value=12, max_denominator=24), strange=st.booleans(),
       hit_locations=st.booleans())
def test_every_allowed_location_has_a_net_and_no_other_does(d, strange, hit_locations):
    """G6: "show base, level modifier and net for every location"; G7: "no location
    modifier is shown" with hit locations off."""
    for direction in levels(d, strange_position=strange, hit_locations=hit_locations).directions:
        assert [r.name for r in direction.locations] == list(ALL)
        for r in direction.locations:
            assert r.base == PENALTY[r.name]
            assert (r.net is not None) is r.allowed
            if hit_locations and r.allowed:
                assert r.net == r.base + r.level
            else:
                assert r.level is None


def test_a_direction_is_out_of_reach_when_every_melee_weapon_falls_short():
    """G4, G5 (reach by SM against the horizontal distance in yards): 9 ft apart (3 yd), Ann's Spear (1,2) and
    Knife (C) fall short though the 2-ft difference allows melee; Bob's Halberd (2,3) reaches. A fighter with
    only a ranged weapon has no melee to fall short (001 governs melee only)."""
    ann = fighter("ann", 2, 0, weapons=["Spear, reach 1,2", "Knife, reach C"])
    bob = fighter("bob", 0, 9, weapons=["Halberd, reach 2,3"])
    down, up = judge_levels(ann, bob).directions
    assert (down.allowed, down.out_of_reach, up.allowed, up.out_of_reach) == (True, True, True, False)
    assert down.summary.endswith("; no weapon reaches")
    assert up.summary.endswith("; reaches with Halberd")
    archer = fighter("cal", 2, 0, weapons=["Bow, range 150"])
    assert judge_levels(archer, bob).directions[0].out_of_reach is False


# -- the log's line for each direction (G2, G3, H7) ------------------------------

def at_the_wall(wall_ft, sentry="Gate Sentry", spear="Spear", **options):
    """``ogre-at-the-wall.json`` with names that are not the ids: the Gate Sentry (id ``sentry``: Spear, Shortsword)
    on a wall ``wall_ft`` high at 10.5 ft strikes Grom (id ``ogre``, SM +1: Club, Knife) on the field at 9 ft,
    1.5 ft away: 1 yd (G5), where every weapon of both reaches."""
    guard = Fighter("sentry", sentry, wall_ft, Fraction(21, 2), 0, [f"{spear}, reach 1,2", "Shortsword, reach 1"])
    grom = Fighter("ogre", "Grom", 0, 9, 1, ["Club, reach 1", "Knife, reach C"])
    return judge_levels(guard, grom, **options)


def test_g2_each_direction_s_line_names_the_fighters_not_their_ids():
    """G2: "≤ 5 defense ±3" — the line the log keeps for each direction names the fighters as the scenario
    does (Gate Sentry, Grom), not by their ids (sentry, ogre), in the summary and in "… defends at"."""
    down, up = at_the_wall(5).directions
    assert down.summary == "Gate Sentry \u2192 Grom: possible; Grom defends at \u22123; reaches with Spear, Shortsword"
    assert up.summary == "Grom \u2192 Gate Sentry: possible; Gate Sentry defends at +3; reaches with Club, Knife"


def test_g2_over_6_ft_a_direction_s_line_says_impossible_and_nothing_of_reach_or_defense():
    """G2: "> 6 impossible"; 001: "Over six feet of vertical difference: Combat is impossible" — the line
    says so and why, and nothing of which weapon reaches or of a defense modifier, though every weapon is
    1 yd from its foe (the weapon rows still say so, G5)."""
    verdict = at_the_wall(8)
    assert [d.summary for d in verdict.directions] == ["Gate Sentry \u2192 Grom: impossible (over 6 ft)",
                                                      "Grom \u2192 Gate Sentry: impossible (over 6 ft)"]
    assert [d.impossible for d in verdict.directions] == ["over 6 ft", "over 6 ft"]
    assert all(w.reaches for d in verdict.directions for w in d.weapons)


def test_g3_lying_down_over_6_ft_still_says_impossible_and_why():
    """G3: "Over 6 ft after the reduction it is still impossible": a 10-ft wall less 3 ft lying down is 7 ft."""
    verdict = at_the_wall(10, strange_position=True)
    assert [d.summary for d in verdict.directions] == [
        "Gate Sentry \u2192 Grom: impossible (over 6 ft even lying down, 3 ft closer)",
        "Grom \u2192 Gate Sentry: impossible (over 6 ft even lying down, 3 ft closer)"]


def test_g3_lying_down_within_6_ft_the_line_is_possible_with_reach():
    """G3: "d is reduced by 3 ft": an 8-ft wall is 5 ft lying down, defense ±3 (G2), and both lines say
    possible with the weapons that reach; an allowed direction has no reason to be impossible."""
    down, up = at_the_wall(8, strange_position=True).directions
    assert down.summary == "Gate Sentry \u2192 Grom: possible; Grom defends at \u22123; reaches with Spear, Shortsword"
    assert up.summary == "Grom \u2192 Gate Sentry: possible; Gate Sentry defends at +3; reaches with Club, Knife"
    assert (down.impossible, up.impossible) == ("", "")


def test_h7_an_overridden_direction_s_line_gives_the_dm_s_answer_and_says_so():
    """H7: "The referee can override any verdict; the result then says "overridden by the DM"": let happen,
    the line reads as a possible one (defense +0 over 6 ft, the weapons that reach); ruled out, it says
    impossible and nothing of reach, with the rules' own reason when they rule it out too; taken back, the
    rules' line stands again."""
    rules = at_the_wall(8)
    let = rules.overridden("ogre", True, "it climbs the ivy")
    assert [d.summary for d in let.directions] == [
        "Gate Sentry \u2192 Grom: impossible (over 6 ft)",
        "Grom \u2192 Gate Sentry: possible \u2014 overridden by the DM; Gate Sentry defends at +0; "
        "reaches with Club, Knife"]
    assert rules.overridden("sentry", False).directions[0].summary == (
        "Gate Sentry \u2192 Grom: impossible (over 6 ft) \u2014 overridden by the DM")
    assert at_the_wall(5).overridden("sentry", False).directions[0].summary == (
        "Gate Sentry \u2192 Grom: impossible \u2014 overridden by the DM")
    assert let.taken_back("ogre").directions[1].summary == "Grom \u2192 Gate Sentry: impossible (over 6 ft)"


def test_a_right_to_left_name_is_isolated_in_a_direction_s_line():
    """docs/api.md: "A right-to-left name is wrapped there in U+2068 … U+2069, as on the page" — a fighter's
    name and a weapon's, so "→" and "defends at" keep their places; nothing is escaped (the renderer does)."""
    down, up = at_the_wall(5, sentry="\u05e9\u05d5\u05de\u05e8", spear="\u05d7\u05e0\u05d9\u05ea").directions
    assert down.summary == ("\u2068\u05e9\u05d5\u05de\u05e8\u2069 \u2192 Grom: possible; Grom defends at \u22123; "
                            "reaches with \u2068\u05d7\u05e0\u05d9\u05ea\u2069, Shortsword")
    assert up.summary == ("Grom \u2192 \u2068\u05e9\u05d5\u05de\u05e8\u2069: possible; \u2068\u05e9\u05d5\u05de\u05e8"
                          "\u2069 defends at +3; reaches with Club, Knife")
    assert at_the_wall(8, sentry="<b>&").directions[0].summary == "<b>& \u2192 Grom: impossible (over 6 ft)"
