"""Combat at different levels, pinned where mutation testing (tools/mutate) found it loose (G1–G7, H7).

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels; rulings G1–G7 and H7 of ``RULINGS.md``.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from vertigo.errors import UnknownFighterError
from vertigo.levels import FEET_OR_LEGS, HEAD, Fighter, _without, judge_levels


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
