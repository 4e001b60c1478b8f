"""Weapons and reach by Size Modifier, pinned where mutation testing (tools/mutate) found them loose (G4, G5).

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels, the SM / Reach table; rulings G4 and G5
of ``RULINGS.md``.
"""

from __future__ import annotations

import pytest

from vertigo.errors import EntryError, LimitError
from vertigo.limits import MAX_ENTRY_TEXT
from vertigo.rules.levels.rules.reach import Weapon, WeaponReach, judge_reach_bonus


@pytest.mark.parametrize("sm, text", [
    (-1, "SM −1: no reach bonus (the SM / Reach table adds nothing at SM 0 or below)."),
    (0, "SM +0: no reach bonus (the SM / Reach table adds nothing at SM 0 or below)."),
    (1, "SM +1: no reach bonus, but a reach C weapon reaches 1 (the SM / Reach table)."),
    (2, "SM +2: +1 yd to every reach value of its weapons, C counting as 0 (the SM / Reach table)."),
    (3, "SM +3: +2 yd to every reach value of its weapons, C counting as 0 (the SM / Reach table)."),
])
def test_g4_each_size_modifier_explains_its_reach_bonus(sm, text):
    """G4: "SM ≤ 0 gives +0; SM +1 makes a reach "C" weapon reach 1 and nothing else"; above, the table's
    bonus adds to every reach value, "with C counting as 0"."""
    assert [str(s) for s in judge_reach_bonus(sm).steps] == [f"[G4] {text}"]


def test_g5_a_weapon_needs_a_reach_or_a_range():
    """G5: a melee weapon has a reach, a ranged one a range (001 "is for melee combat"): neither is refused,
    the weapon named."""
    with pytest.raises(EntryError) as e:
        Weapon("Club")
    assert str(e.value) == 'a weapon has either a reach (melee) or a range (ranged): "Club"'
    with pytest.raises(EntryError) as e:
        Weapon("Club", reach="1")  # type: ignore[arg-type]
    assert str(e.value) == "a weapon's reach must be a WeaponReach: \"1\""


def test_g5_a_weapons_reach_may_be_100_yards_and_no_more():
    """G5 reach values in yards, capped at MAX_REACH (100): 100 is kept, 101 (here 100 + the SM +2 bonus,
    G4) is refused with the cap named."""
    assert Weapon("Pike", reach=WeaponReach((100,))).reach == WeaponReach((100,))
    with pytest.raises(LimitError) as e:
        Weapon("Pike", reach=WeaponReach.parse("100").with_size(2))
    assert str(e.value) == "a weapon's reach must be at most 100 yards: 101"


@pytest.mark.parametrize("text, yards", [("Sling, range 1", 1), ("Sling, range 10000", 10000)])
def test_g5_a_ranged_weapons_range_is_1_to_10000_yards(text, yards):
    """G5: a ranged weapon keeps its range (whole yards ≥ 1, at most MAX_WEAPON_RANGE) and gets no levels
    answer; the two ends of the range are accepted."""
    assert Weapon.parse(text).range == yards


@pytest.mark.parametrize("make, error, message", [
    (lambda: Weapon.parse("Sling, range 0"), EntryError, "a weapon's range must be whole yards ≥ 1: 0"),
    (lambda: Weapon("Bow", range=True), EntryError, "a weapon's range must be whole yards ≥ 1: true"),
    (lambda: Weapon.parse("Sling, range 10001"), LimitError, "a weapon's range must be at most 10000 yards: 10001"),
    (lambda: Weapon.parse(5), EntryError, "a weapon must be text: 5"),
])
def test_g5_a_range_outside_1_to_10000_yards_is_refused(make, error, message):
    """G5: a range of 0, a bool, or above MAX_WEAPON_RANGE is refused with the value quoted; so is a weapon
    that is not text."""
    with pytest.raises(error) as e:
        make()
    assert str(e.value) == message


def test_g5_a_weapon_entry_may_be_200_characters_and_no_more():
    """G5 entries are bounded by MAX_ENTRY_TEXT (200): a 200-character entry parses, 201 is refused."""
    text = "Spear, reach 1".ljust(MAX_ENTRY_TEXT)
    assert Weapon.parse(text) == Weapon("Spear", reach=WeaponReach((1,)))
    with pytest.raises(LimitError) as e:
        Weapon.parse(text + " ")
    assert str(e.value) == "a weapon must be at most 200 characters: 201"


def test_g5_a_text_that_is_not_a_weapon_is_quoted_up_to_202_characters():
    """G5: the refusal quotes the text (200 characters and its two quote marks at most): a 199-character
    line ending in a newline, 203 characters once escaped, is cut to 199 and ``...``."""
    with pytest.raises(EntryError) as e:
        Weapon.parse("x" * 199 + "\n")
    assert str(e.value) == ('"' + "x" * 198 + '... is not a weapon (expected e.g. "Broadsword, reach 1", '
                            '"Spear, reach 1,2" or "Bow, range 150")')


def test_g5_a_reach_beyond_the_cap_quotes_the_whole_entry():
    """G5: a reach value above MAX_REACH is refused, the entry quoted whole (more than the 60 characters a
    quote shows by default)."""
    text = "A" * 70 + ", reach 1-200"
    with pytest.raises(LimitError) as e:
        Weapon.parse(text)
    assert str(e.value) == f'"{text}": a reach value must be at most 100 yards: "1-200"'


@pytest.mark.parametrize("make, error, message", [
    (lambda: WeaponReach(()), EntryError, "a reach needs at least one value: []"),
    (lambda: WeaponReach((-1,)), EntryError, "reach values must be whole yards ≥ 0: [-1]"),
    (lambda: WeaponReach((131,)), LimitError, "reach values must be at most 130 yards: 131"),
    (lambda: WeaponReach((2, 1)), EntryError, "reach values must rise, each once: [2, 1]"),
    (lambda: WeaponReach.parse(5), EntryError, "a reach must be text: 5"),
    (lambda: WeaponReach.parse("1,1"), EntryError, 'reach values must rise from left to right, each once: "1,1"'),
    (lambda: WeaponReach.parse("1-C"), EntryError, 'a reach range must run upward (e.g. 1-3): "1-C"'),
    (lambda: WeaponReach.parse("C-C"), EntryError, 'a reach range must run upward (e.g. 1-3): "C-C"'),
])
def test_g5_reach_values_are_whole_yards_rising_each_once(make, error, message):
    """G5: reach values are yards, "C" counting as 0 (G4), listed rising (``C,1``, ``1,2``, ``1-3``); an empty,
    negative, too large (above 100 + the largest SM bonus, 30) or non-rising reach is refused, quoted; a range
    ending in C runs down to 0 and is refused."""
    with pytest.raises(error) as e:
        make()
    assert str(e.value) == message


def test_g5_a_reach_may_be_written_in_40_characters_and_no_more():
    """G5 reach text is bounded by MAX_REACH_TEXT (40): 40 characters parse, 41 are refused; C-2 is C, 1, 2."""
    assert WeaponReach.parse("1".ljust(40)) == WeaponReach((1,))
    assert WeaponReach.parse("C-2") == WeaponReach((0, 1, 2))
    assert WeaponReach((130,)).values == (130,)
    with pytest.raises(LimitError) as e:
        WeaponReach.parse("1".ljust(41))
    assert str(e.value) == "a reach must be at most 40 characters: 41"


TAB = '"\\t'
"""A quoted text starting with a tab, as the messages write it (two characters for one)."""


@pytest.mark.parametrize("text, error, message", [
    ("x" * 39 + "\t", EntryError,
     '"' + "x" * 38 + '... is not a reach (expected e.g. "C", "1", "C,1", "1,2" or "1-3")'),
    ("\t101" + " " * 36, LimitError, "a reach value must be at most 100 yards: " + TAB + "101" + " " * 33 + "..."),
    ("\t3-1" + " " * 36, EntryError, "a reach range must run upward (e.g. 1-3): " + TAB + "3-1" + " " * 33 + "..."),
    ("\t2,1" + " " * 36, EntryError,
     "reach values must rise from left to right, each once: " + TAB + "2,1" + " " * 33 + "..."),
])
def test_g5_a_refused_reach_is_quoted_in_at_most_42_characters(text, error, message):
    """G5: a refused reach is quoted in at most 42 characters (its 40 and two quote marks): a 40-character text
    holding a tab, 43 characters once escaped, is cut to 39 and ``...``."""
    with pytest.raises(error) as e:
        WeaponReach.parse(text)
    assert str(e.value) == message


@pytest.mark.parametrize("text, error, tail", [
    ("Spear, reach 101\t1".ljust(200), EntryError,
     '"101\\t1" is not a reach (expected e.g. "C", "1", "C,1", "1,2" or "1-3")'),
    ("Sp\tear, reach 1-200".ljust(200), LimitError, 'a reach value must be at most 100 yards: "1-200"'),
])
def test_g5_a_weapon_with_a_refused_reach_is_quoted_in_at_most_202_characters(text, error, tail):
    """G5: a weapon whose reach is refused is quoted in at most 202 characters (its 200 and two quote marks):
    a 200-character entry holding a tab, 203 characters once escaped, is cut to 199 and ``...``."""
    with pytest.raises(error) as e:
        Weapon.parse(text)
    quoted = '"' + text.replace("\t", "\\t")
    assert str(e.value) == quoted[:199] + "...: " + tail
