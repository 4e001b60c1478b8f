"""GURPS reach notation, weapon entries and reach by Size Modifier (G4, G5).

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels (the SM /
Reach table and its note: "A reach "C" weapon increases to reach 1, but there
are no other effects"; "This rule is for melee combat. For ranged weapons, see
Firing Upward and Downward"); rulings G4 and G5 of ``RULINGS.md``.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vertigo.errors import EntryError, LimitError, RulesError, SizeModifierError
from vertigo.limits import MAX_NAME, MAX_REACH, MAX_REACH_TEXT, MAX_WEAPON_RANGE
from vertigo.rules.levels.rules.reach import REACH_BY_SM, Weapon, WeaponReach, reach_bonus

# -- the notation --------------------------------------------------------

@pytest.mark.parametrize(
    "text, values, canonical",
    [("C", (0,), "C"), ("c", (0,), "C"), ("1", (1,), "1"), ("C,1", (0, 1), "C,1"), ("1,2", (1, 2), "1,2"),
     ("1-3", (1, 2, 3), "1-3"), (" C , 1 ", (0, 1), "C,1"), (" 1 - 3 ", (1, 2, 3), "1-3"),
     ("1\u20133", (1, 2, 3), "1-3"), ("C-2", (0, 1, 2), "C-2"), ("1-2", (1, 2), "1,2"),
     ("1,2,3", (1, 2, 3), "1-3"), ("1,3,5-7", (1, 3, 5, 6, 7), "1,3,5-7"), ("100", (100,), "100")],
)
def test_reach_notation_parses_and_prints_canonically(text, values, canonical):
    """G5: "its reach values (``C``, ``1``, ``2``, lists like ``C,1`` or ``1,2``, ranges
    like ``1-3``)" — C is distance 0; the formatter writes the canonical form, and it
    reads back the same."""
    reach = WeaponReach.parse(text)
    assert reach.values == values
    assert str(reach) == canonical
    assert WeaponReach.parse(str(reach)) == reach
    assert eval(repr(reach), {"WeaponReach": WeaponReach}) == reach


@pytest.mark.parametrize(
    "text, error, message",
    [("", EntryError, '"" is not a reach'),
     ("x", EntryError, '"x" is not a reach'),
     ("1,,2", EntryError, '"1,,2" is not a reach'),
     ("3-1", EntryError, 'a reach range must run upward (e.g. 1-3): "3-1"'),
     ("2-2", EntryError, 'a reach range must run upward (e.g. 1-3): "2-2"'),
     ("2,1", EntryError, 'reach values must rise from left to right, each once: "2,1"'),
     ("1-3,2", EntryError, 'reach values must rise from left to right, each once: "1-3,2"'),
     ("101", LimitError, f'a reach value must be at most {MAX_REACH} yards: "101"'),
     ("C-101", LimitError, f'a reach value must be at most {MAX_REACH} yards: "C-101"'),
     ("1," * 30, LimitError, f"a reach must be at most {MAX_REACH_TEXT} characters: 60")],
)
def test_bad_reach_notation_is_refused_with_the_text_quoted(text, error, message):
    """G5 and STYLE 6 ("messages name the field, the constraint and the value"):
    what is not reach notation, or beyond the cap, is refused, never guessed."""
    with pytest.raises(error) as caught:
        WeaponReach.parse(text)
    assert message in str(caught.value)
    assert isinstance(caught.value, RulesError) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize("values", [(), (2, 1), (1, 1), (-1,), (True,)])
def test_a_reach_value_holds_rising_whole_yards(values):
    """G5: reach values are distances in whole yards, 0 (C) and up, each once."""
    with pytest.raises(EntryError):
        WeaponReach(values)


def test_a_reach_value_is_bounded():
    """STYLE 5 ("Bounded work"): a reach beyond the written cap plus the largest SM bonus is refused."""
    assert WeaponReach((MAX_REACH + 30,)).values == (130,)
    with pytest.raises(LimitError):
        WeaponReach((MAX_REACH + 31,))


# -- reach by SM (G4) ------------------------------------------------------

@pytest.mark.parametrize("sm, bonus", [(1, 0), (2, 1), (3, 2), (4, 3), (5, 5), (6, 7), (7, 10), (8, 15), (9, 20),
                                       (10, 30)])
def test_every_row_of_the_sm_table(sm, bonus):
    """The SM / Reach table: "+1 +0*, +2 +1, +3 +2, +4 +3, +5 +5, +6 +7, +7 +10,
    +8 +15, +9 +20, +10 +30" (G4: "The bonus adds to every reach value")."""
    assert REACH_BY_SM[sm] == bonus
    assert reach_bonus(sm) == bonus
    assert WeaponReach.parse("1,2").with_size(sm).values == (1 + bonus, 2 + bonus)


@pytest.mark.parametrize("sm", [0, -1, -2, -10])
def test_sm_zero_or_below_adds_nothing(sm):
    """G4: "SM ≤ 0 gives +0"."""
    assert reach_bonus(sm) == 0
    for text in ("C", "C,1", "1-3"):
        assert str(WeaponReach.parse(text).with_size(sm)) == text


@pytest.mark.parametrize("text, held", [("C", "1"), ("C,1", "1"), ("C-2", "1,2"), ("1", "1"), ("1,2", "1,2"),
                                        ("2-4", "2-4")])
def test_sm_1_turns_reach_c_into_1_and_does_nothing_else(text, held):
    """The table's note: "A reach "C" weapon increases to reach 1, but there are no
    other effects." (G4: "SM +1 makes a reach "C" weapon reach 1 and nothing else")."""
    assert str(WeaponReach.parse(text).with_size(1)) == held


@pytest.mark.parametrize("text, held", [("C", "1"), ("1", "2"), ("1,2", "2,3"), ("C,1", "1,2"), ("1-3", "2-4")])
def test_sm_2_adds_1_to_every_value_with_c_as_0(text, held):
    """G4: "The bonus adds to every reach value of a weapon, with C counting as 0
    (SM +2: C → 1, 1 → 2, "1,2" → "2,3")"."""
    assert str(WeaponReach.parse(text).with_size(2)) == held


def test_sm_above_10_is_an_error_not_a_guess():
    """G4: "SM above +10 is outside the table: a clear error, not a guess"."""
    with pytest.raises(SizeModifierError) as caught:
        reach_bonus(11)
    assert str(caught.value) == "SM must be at most +10, the reach table covers SM ≤ 0 to +10: +11"
    assert isinstance(caught.value, RulesError) and isinstance(caught.value, ValueError)
    with pytest.raises(SizeModifierError):
        WeaponReach.parse("C").with_size(11)


@pytest.mark.parametrize("sm", [1.5, True, "2", None])
def test_sm_must_be_a_whole_number(sm):
    """G4: the table is indexed by whole Size Modifiers."""
    with pytest.raises(SizeModifierError, match="SM must be a whole number"):
        reach_bonus(sm)


# -- weapon entries --------------------------------------------------------

@pytest.mark.parametrize(
    "text, name, reach, rng",
    [("Broadsword, reach 1", "Broadsword", (1,), None), ("Spear, reach 1,2", "Spear", (1, 2), None),
     ("Knife, reach C", "Knife", (0,), None), ("Bow, range 150", "Bow", None, 150),
     ("  Great axe , REACH 1 , 2 ", "Great axe", (1, 2), None)],
)
def test_weapon_entries_parse_and_print(text, name, reach, rng):
    """G5: a weapon's reach in GURPS notation; 001: "This rule is for melee combat.
    For ranged weapons, see Firing Upward and Downward" — a ranged entry (range in
    yards) parses as its own kind."""
    weapon = Weapon.parse(text)
    assert weapon.name == name
    assert (weapon.reach.values if weapon.reach else None) == reach
    assert weapon.range == rng
    assert weapon.melee is (reach is not None)
    assert Weapon.parse(str(weapon)) == weapon
    assert eval(repr(weapon), {"Weapon": Weapon, "WeaponReach": WeaponReach}) == weapon


def test_canonical_weapon_text():
    """Parsers and formatters come in pairs (STYLE 2): ``str`` writes the canonical entry."""
    assert str(Weapon.parse("Spear,reach 1 - 2")) == "Spear, reach 1,2"
    assert str(Weapon.parse("Bow,range 150")) == "Bow, range 150"


@pytest.mark.parametrize(
    "text, error, message",
    [("Sword", EntryError, '"Sword" is not a weapon'),
     ("Sword, reach", EntryError, '"Sword, reach" is not a weapon'),
     ("Sword, reach 3-1", EntryError, '"Sword, reach 3-1": a reach range must run upward (e.g. 1-3): "3-1"'),
     ("Sword, reach 500", LimitError, '"Sword, reach 500": a reach value must be at most 100 yards'),
     ("Bow, range 0", EntryError, "a weapon's range must be whole yards ≥ 1: 0"),
     ("Bow, range 10001", LimitError, f"a weapon's range must be at most {MAX_WEAPON_RANGE} yards: 10001"),
     ("Bo\u202ew, reach 1", EntryError, "bidirectional control characters (U+202E)"),
     ("A" * (MAX_NAME + 1) + ", reach 1", LimitError, f"the weapon's name must be at most {MAX_NAME} characters"),
     ("Bow, reach 1" + " " * 200, LimitError, "a weapon must be at most 200 characters: 212")],
)
def test_bad_weapon_entries_are_refused(text, error, message):
    """G5 and STYLE 6: refusals name the constraint and quote the text; weapon names
    go through ``vertigo.text.check_name``."""
    with pytest.raises(error) as caught:
        Weapon.parse(text)
    assert message in str(caught.value)


def test_a_weapon_has_a_reach_or_a_range():
    """001 governs melee (reach); a ranged weapon has a range instead: one or the other."""
    with pytest.raises(EntryError, match="either a reach"):
        Weapon("Stick")
    with pytest.raises(EntryError, match="either a reach"):
        Weapon("Stick", WeaponReach((1,)), 10)


@settings(max_examples=300, deadline=None, database=None)
@given(st.text(alphabet=st.sampled_from("Cc0123456789,-\u2013 xrangeach\u202e"), max_size=30))
def test_any_text_is_a_weapon_or_a_rules_error(tail):
    """STYLE 10: "any input gives a verdict or a ``RulesError``" — and what parses
    prints back to the same weapon."""
    for text in (tail, f"Sword, reach {tail}", f"Bow, range {tail}"):
        try:
            weapon = Weapon.parse(text)
        except RulesError:
            continue
        assert Weapon.parse(str(weapon)) == weapon
