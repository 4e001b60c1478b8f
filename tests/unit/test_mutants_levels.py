"""Combat at different levels, pinned where mutation testing (tools/mutate) found it loose (G1–G7, H7).

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels; rulings G1–G7 and H7 of ``RULINGS.md``.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from vertigo.errors import EntryError, LengthError, LimitError, UnknownFighterError
from vertigo.rules.levels.rules.bands import FEET_OR_LEGS, HEAD, _without, band, distance_yd, feet
from vertigo.rules.levels.rules.levels import Fighter, judge_levels


def spear_verdict():
    """Ann, 6 ft up with a Spear of reach 1,2, against Bob on the ground 3 ft away (1 yd)."""
    return judge_levels(Fighter("ann", "Ann", 6, 0, 0, ["Spear, reach 1,2"]), Fighter("bob", "Bob", 0, 3))


def test_g2_the_bands_bar_exactly_the_named_locations():
    """G2: "≤ 4 ... the upper fighter cannot strike feet/legs"; "≤ 5 ... the lower cannot strike the head":
    the locations left, in verdict order (G6)."""
    assert _without(FEET_OR_LEGS) == ("eyes", "skull", "face", "neck", "torso", "vitals", "groin", "arm", "hand")
    assert _without(HEAD, FEET_OR_LEGS) == ("neck", "torso", "vitals", "groin", "arm", "hand")
    assert _without() == ("eyes", "skull", "face", "neck", "torso", "vitals", "groin", "arm", "hand", "leg", "foot")


def test_g1_whole_feet_are_json_ints_and_fractions_are_rounded_floats():
    """G1: d in feet, exact; the JSON writes a whole length as an int (``6``, not ``6.0``) and a fraction
    rounded to hundredths (17/3 ft → 5.67), with the exact value beside it."""
    doc = spear_verdict().to_json()
    assert json.dumps([doc["difference_ft"], doc["effective_ft"]]) == "[6, 6]"
    third = judge_levels(Fighter("ann", "Ann", Fraction(17, 3), 0), Fighter("bob", "Bob", 0, 0)).to_json()
    assert (third["difference_ft"], third["difference_ft_exact"]) == (5.67, "17/3")


def test_g3_the_json_keeps_the_difference_and_the_reduced_difference_apart():
    """G3: lying down, "d is reduced by 3 ft": 8 ft becomes 5 ft; both are in the JSON, exact and rounded."""
    doc = judge_levels(Fighter("ann", "Ann", 8, 0), Fighter("bob", "Bob", 0, 0), strange_position=True).to_json()
    assert {k: doc[k] for k in ("difference_ft", "difference_ft_exact", "effective_ft", "effective_ft_exact")} \
        == {"difference_ft": 8, "difference_ft_exact": "8", "effective_ft": 5, "effective_ft_exact": "5"}


def test_g4_g5_the_json_names_every_field_of_a_fighter_and_of_a_weapon_row():
    """G4, G5: each weapon row says its reach, the SM bonus, the reach with it, the distance in yards and
    whether it reaches; the fighters carry their weapons as text."""
    doc = spear_verdict().to_json()
    assert (doc["ask"], doc["rule_set"]) == ("levels", "levels")
    assert doc["fighters"][0] == {"id": "ann", "name": "Ann", "elevation_ft": 6, "elevation_ft_exact": "6",
                                  "x_ft": 0, "x_ft_exact": "0", "sm": 0, "weapons": ["Spear, reach 1,2"]}
    assert doc["directions"][0]["weapons"] == [
        {"name": "Spear", "melee": True, "reach": "1,2", "reach_bonus": 0, "reach_with_bonus": "1,2",
         "distance_yd": 1, "reaches": True, "why": "Spear, reach 1,2: at 1 yd: reaches.", "rule": "G5"}]


def test_h7_asking_for_a_fighter_not_in_the_verdict_names_both_fighters():
    """H7: the DM overrides one direction, named by its attacker; an unknown id is refused with the two ids
    the verdict has."""
    with pytest.raises(UnknownFighterError) as e:
        spear_verdict().direction("zed")
    assert str(e.value) == 'no fighter with id "zed" in this verdict (fighters: "ann", "bob")'


def test_h7_an_override_without_a_note_has_an_empty_note():
    """H7: the DM's reason "may be empty": left out, it is ``""`` and the line names no reason."""
    direction = spear_verdict().overridden("ann", False).directions[0]
    assert direction.override is not None
    assert (direction.override.allowed, direction.override.note) == (False, "")
    assert str(direction.steps[-1]) == "[H7] Rules say allowed; overridden by the DM: not allowed."


def test_g7_without_hit_locations_every_row_but_the_torso_is_barred_by_g7():
    """G7: "the ≤ 2 ft band changes nothing and no location modifier is shown ... elsewhere hits go to the
    torso": at d = 0 only the torso is allowed, and every row cites G7."""
    rows = judge_levels(Fighter("ann", "Ann", 0, 0), Fighter("bob", "Bob", 0, 0), hit_locations=False).directions[0]
    assert [(r.name, r.allowed, r.rule) for r in rows.locations] == [
        (name, name == "torso", "G7") for name in
        ("eyes", "skull", "face", "neck", "torso", "vitals", "groin", "arm", "hand", "leg", "foot")]
    assert rows.locations[0].why == "Eyes: hit locations are off: hits go to the torso."


def test_g1_g5_with_no_upper_fighter_the_directions_name_no_sides():
    """G1: "one foot or less" — no upper fighter, so the lines name no side ("Ann → Bob", not "Ann (None)");
    G5: the distance is |2 ft − 5 ft| = 3 ft = 1 yd; a ranged weapon gets no levels answer ("001 governs melee
    only"), its row named and at that distance."""
    verdict = judge_levels(Fighter("ann", "Ann", 0, 2, 0, ["Bow, range 150"]), Fighter("bob", "Bob", 0, 5))
    ann = verdict.directions[0]
    assert str(ann.steps[0]) == "[G2] Ann → Bob: Bob defends at +0 (1 ft or less)."
    assert [str(s) for s in ann.steps[1:12]] == [
        f"[G6] {name}: {base} normal, no level modifier = {base}." for name, base in
        (("Eyes", "−9"), ("Skull", "−7"), ("Face", "−5"), ("Neck", "−5"), ("Torso", "+0"), ("Vitals", "−3"),
         ("Groin", "−3"), ("Arm", "−2"), ("Hand", "−4"), ("Leg", "−2"), ("Foot", "−4"))]
    assert [str(s) for s in ann.steps[12:]] == [
        "[G5] Horizontal distance: |2 ft − 5 ft| = 3 ft ÷ 3 = 1 yd → 1 yd (nearest yard, halves up); the vertical "
        "difference does not change reach.",
        "[G5] Bow, range 150: 001 governs melee only; see Firing Upward and Downward."]
    assert [(w.name, w.melee, w.distance_yd, w.reaches) for w in ann.weapons] == [("Bow", False, 1, None)]


def test_g3_lying_down_the_lower_fighter_strikes_only_head_and_arm_by_g3():
    """G3: 8 ft less 3 ft lying down is the "up to 5 ft" band; "the lower fighter may strike only his head and
    arm" — every other row is barred by G3, and the head keeps the 2-ft band's −2 from below (G2, G6)."""
    verdict = judge_levels(Fighter("ann", "Ann", 8, 0), Fighter("bob", "Bob", 0, 0), strange_position=True)
    bob = verdict.directions[1]
    assert str(bob.steps[0]) == ("[G3] Bob (lower) → Ann (upper): Ann defends at +3 "
                                 "(upper fighter, up to 5 ft, lying down).")
    assert [(r.name, r.allowed, r.net, r.rule) for r in bob.locations] == [
        ("eyes", True, -11, "G2, G6"), ("skull", True, -9, "G2, G6"), ("face", True, -7, "G2, G6"),
        ("neck", False, None, "G3"), ("torso", False, None, "G3"), ("vitals", False, None, "G3"),
        ("groin", False, None, "G3"), ("arm", True, -2, "G6"), ("hand", False, None, "G3"),
        ("leg", False, None, "G3"), ("foot", False, None, "G3")]


def test_g7_up_to_6_ft_without_hit_locations_the_head_keeps_its_normal_penalty():
    """G7: "Where a band allows only some locations (≤ 6 ft ...), the attack is made at one of them with its
    normal penalty": the upper fighter's eyes, skull and face at −9, −7, −5 by G7; the rest barred by G2."""
    ann = judge_levels(Fighter("ann", "Ann", 6, 0), Fighter("bob", "Bob", 0, 0), hit_locations=False).directions[0]
    assert [(r.name, r.allowed, r.net, r.rule) for r in ann.locations] == [
        ("eyes", True, -9, "G7"), ("skull", True, -7, "G7"), ("face", True, -5, "G7")] + [
        (name, False, None, "G2") for name in ("neck", "torso", "vitals", "groin", "arm", "hand", "leg", "foot")]


def test_g2_up_to_2_ft_the_rows_with_a_level_modifier_cite_g2_and_g6():
    """G2 (≤ 2 ft: the upper fighter −2 to hit feet or legs, +1 the head or neck) added to G6's normal
    penalties: the rows with a level modifier cite "G2, G6", the others "G6"."""
    ann = judge_levels(Fighter("ann", "Ann", 2, 0), Fighter("bob", "Bob", 0, 0)).directions[0]
    assert [(r.name, r.level, r.net, r.rule) for r in ann.locations] == [
        ("eyes", 1, -8, "G2, G6"), ("skull", 1, -6, "G2, G6"), ("face", 1, -4, "G2, G6"), ("neck", 1, -4, "G2, G6"),
        ("torso", 0, 0, "G6"), ("vitals", 0, -3, "G6"), ("groin", 0, -3, "G6"), ("arm", 0, -2, "G6"),
        ("hand", 0, -4, "G6"), ("leg", -2, -4, "G2, G6"), ("foot", -2, -6, "G2, G6")]


def shared_steps(upper, **options) -> list[str]:
    """The explanation both directions share: Ann ``upper`` ft up, Bob on the ground, side by side."""
    return [str(s) for s in judge_levels(Fighter("ann", "Ann", upper, 0), Fighter("bob", "Bob", 0, 0),
                                         **options).steps]


def test_g3_lying_down_at_exactly_3_ft_reaches_0_ft_without_clamping():
    """G3: "d is reduced by 3 ft": 3 ft − 3 ft is 0 ft, no clamp needed; 2 ft − 3 ft is clamped ("not below
    0"); either way the band line says the lower fighter strikes the head and arm instead."""
    lying = ("[G3] Strange position: Ann lies down at the edge and reaches over, 3 ft closer: {0} ft − 3 ft = 0 ft{1}; "
             "Bob may strike only Ann's head and arm. Posture penalties for lying down are the GM's. The text places "
             "the strange position over 6 ft of difference; asked at {0} ft, it is answered all the same.")
    band = ("[G3] Band: 1 ft or less (0 ft ≤ 1 ft): the difference is ignored (lying down, the lower fighter strikes "
            "the head and arm instead).")
    assert shared_steps(3, strange_position=True)[2:4] == [lying.format(3, ""), band]
    assert shared_steps(2, strange_position=True)[2:4] == [lying.format(2, " (not below 0)"), band]


def test_g7_hit_locations_off_is_explained_once_for_both_directions():
    """G7: "a scenario may switch hit locations off; then the ≤ 2 ft band changes nothing and no location
    modifier is shown, but the defense modifiers and the ... restrictions on what may be struck still apply"."""
    assert shared_steps(0, hit_locations=False) == [
        "[G1] Difference: 0 ft (both surfaces at 0 ft).",
        "[G1] No upper fighter: the difference is 1 ft or less.",
        "[G2] Band: 1 ft or less (0 ft ≤ 1 ft): the difference is ignored.",
        "[G7] Hit locations off: no location modifier; the defense modifiers and the limits on what may be struck "
        "still apply; where only some locations may be struck, the attack is made at one of them with its normal "
        "penalty, elsewhere hits go to the torso.",
    ]


FLOAT = ("must be exact feet, an int or a Fraction (a float is a binary approximation; write it as text, "
         'e.g. "6.5"): 1.5')


@pytest.mark.parametrize("make, error, message", [
    (lambda: distance_yd(1.5), LengthError, "dx_ft " + FLOAT),
    (lambda: band(1.5), LengthError, "difference_ft " + FLOAT),
    (lambda: band(-1), LengthError, 'a vertical difference must be ≥ 0 ft: "-1"'),
    (lambda: band(Fraction(-1, 10**35)), LengthError,
     'a vertical difference must be ≥ 0 ft: "-1/1' + "0" * 32 + "..."),
    (lambda: Fighter("a" * 81, "A", 0, 0), LimitError, "the fighter's id must be at most 80 characters: 81"),
    (lambda: Fighter("a\n", "A", 0, 0), EntryError,
     "the fighter's id must not contain control characters (U+000A): \"a\\n\""),
])
def test_g1_g5_lengths_and_fighters_are_refused_with_the_field_named(make, error, message):
    """G1 (d in feet, exact, ≥ 0) and G5 (|Δx| in feet): a float, a negative difference, an over-long id or
    one with a control character is refused, naming the field and quoting the value (a length in at most 40
    characters)."""
    with pytest.raises(error) as e:
        make()
    assert str(e.value) == message


def test_g7_the_verdict_says_hit_locations_are_off():
    """G7: "A scenario may switch hit locations off": the verdict and its JSON say so, ``false``."""
    verdict = judge_levels(Fighter("ann", "Ann", 0, 0), Fighter("bob", "Bob", 0, 0), hit_locations=False)
    assert verdict.hit_locations is False
    assert verdict.to_json()["hit_locations"] is False


def test_g4_g5_a_fighter_carries_a_list_of_at_most_20_weapons():
    """G4, G5 judge each of a fighter's weapons: they come as a list (one text alone is refused, quoted), at
    most MAX_ENTRIES (20) of them."""
    assert len(Fighter("ann", "Ann", 0, 0, 0, ["Spear, reach 1"] * 20).weapons) == 20
    with pytest.raises(LimitError) as e:
        Fighter("ann", "Ann", 0, 0, 0, ["Spear, reach 1"] * 21)
    assert str(e.value) == "a fighter may carry at most 20 weapons: 21"
    with pytest.raises(EntryError) as e:
        Fighter("ann", "Ann", 0, 0, 0, "Spear, reach 1")  # type: ignore[arg-type]
    assert str(e.value) == 'a fighter\'s weapons must be a list of weapons: "Spear, reach 1"'


def test_g1_lengths_reach_every_cap_and_stop_there():
    """G1 (d in feet, exact): a length may be 40 characters of text, exact to 1/1,000,000 ft and up to
    10,000 ft either way; each is kept at the cap."""
    assert feet("1".rjust(40)) == 1
    assert feet(Fraction(1, 1_000_000)) == Fraction(1, 1_000_000)
    assert (feet(10_000), feet(-10_000)) == (10_000, -10_000)


@pytest.mark.parametrize("value, error, message", [
    ([1], LengthError, "length must be a length in feet, an int or a Fraction: [1]"),
    ("1/0", LengthError, 'length must not divide by zero: "1/0"'),
    ("1".rjust(41), LimitError, "length must be at most 40 characters: 41"),
    (Fraction(1, 1_000_001), LimitError, 'length must be exact to 1/1,000,000 ft: "1/1000001"'),
    (Fraction(10**30 + 7, 10**6 + 3), LimitError,
     'length must be exact to 1/1,000,000 ft: "1' + "0" * 29 + "7/1000..."),
    (10_001, LimitError, 'length must be between −10,000 and 10,000 ft: "10001"'),
    (Fraction(10**31 + 1, 999_983), LimitError,
     'length must be between −10,000 and 10,000 ft: "1' + "0" * 30 + '1/999...'),
])
def test_g1_a_length_past_a_cap_is_refused_and_quoted_in_at_most_40_characters(value, error, message):
    """G1: a length that is not a number, divides by zero, or passes a cap (40 characters, 1/1,000,000 ft,
    10,000 ft) is refused; the value is quoted in at most 40 characters."""
    with pytest.raises(error) as e:
        feet(value)
    assert str(e.value) == message


def test_g1_the_difference_is_measured_between_surfaces_whatever_the_size():
    """G1 ("vertical difference in feet between the two fighters' standing surfaces"): with an SM other than 0
    on either side, the verdict says that size does not count, naming both sizes in id order."""
    ogre = Fighter("ogre", "Ogre", 0, 9, sm=1)
    troll = Fighter("troll", "Troll", 8, 10, sm=2)
    verdict = judge_levels(troll, ogre)
    sized = [s for s in verdict.steps if "whatever the fighters' size" in s.text]
    assert [(s.rule, s.text) for s in sized] == [(
        "G1", "Measured between the standing surfaces whatever the fighters' size (Ogre is SM +1 and Troll is SM "
              "+2): a taller fighter is not counted higher.")]
    plain = judge_levels(Fighter("a", "A", 0, 0), Fighter("b", "B", 8, 1))
    assert not any("whatever the fighters' size" in s.text for s in plain.steps)


def test_g1_standing_a_difference_over_9_ft_rounds_as_usual():
    """G1, G2: standing (no strange position), 9 ft and a millionth is over every band edge (6 ft): it is shown
    rounded, "9 ft"; only lying down (G3, edges up to 9 ft) would it need its exact fraction."""
    verdict = judge_levels(Fighter("a", "A", 0, 0), Fighter("b", "B", Fraction(9_000_001, 1_000_000), 1))
    assert str(verdict.steps[0]) == "[G1] Difference: 9 ft (upper surface 9 ft \u2212 lower surface 0 ft)."
