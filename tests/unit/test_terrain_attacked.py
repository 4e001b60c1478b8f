"""The check an attack leaves a fighter owing, entered or rolled, and carried out on the table (T3, T4, T6, H8):
one logged entry with its rolls, taken back by one Undo.

Source: ``002_c9100305c0bcca6b.txt`` › Platforms (Falling Off Platform), › Stairs and ladders; rulings T3 ("The
Move check is offered to the user as pass / fail, with an optional automatic roll whose target is a fighter
statistic; a failure makes the fighter fall to the surface below"), T4, T6, H8 (seeded dice: roll #n is the
generator (seed, n − 1)); issue 24 (``move_check``).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from vertigo import scenario
from vertigo.dice import DicePool, rng_for, roll
from vertigo.errors import RuleSetError
from vertigo.rules.terrain.rules.attacked import AttackError
from vertigo.rules.terrain.rules.play import after_attack, hit
from vertigo.stand import Stand
from vertigo.table import Table

SEED = 5
ALWAYS = {"dice": "2d6", "pass": "at_most", "target": 12}
"""A Move check 2d6 always passes."""
NEVER = {"dice": "2d6", "pass": "at_most", "target": 1}
"""A Move check 2d6 never passes."""


def house(**fighter) -> Table:
    """A yard (0 in, 0 to 30 in), a deck 6 in up (10 to 20 in) and a ladder at 15 in; Vera on the deck 0.25 in
    from its right side, Krag 1.5 in up the ladder, Sela in the yard; ``fighter`` changes Vera."""
    doc = {"vertigo": 2, "title": "House", "units": "inches", "rules": ["terrain"], "dice_seed": SEED,
           "sections": [{"id": "yard", "name": "Yard", "elevation": 0, "x": [0, 30]},
                        {"id": "deck", "name": "Deck", "elevation": 6, "x": [10, 20], "kind": "slab"}],
           "borders": [{"between": ["yard", "deck"], "x": 15, "id": "ladder", "kind": "ladder"}],
           "fighters": [{"id": "vera", "name": "Vera", "side": "E", "section": "deck", "x": 19.75, "move": 5,
                         **fighter},
                        {"id": "krag", "name": "Krag", "side": "G", "ladder": "ladder", "up": 1.5, "move": 4},
                        {"id": "sela", "name": "Sela", "side": "E", "section": "yard", "x": 25, "move": 4}]}
    return Table.start(scenario.loads(json.dumps(doc)))


def rolled(n: int, pool: DicePool):
    """Roll #n + 1 of the table (H8: the generator (seed, n))."""
    return roll(pool, rng_for(SEED, n))


def test_a_pass_entered_keeps_the_fighter_where_it_stands_and_leaves_nothing_to_undo():
    """T3: "The referee enters pass or fail": a pass, no dice; the log keeps the verdict."""
    t = house()
    v = after_attack(t, "vera", 2, "pass")
    assert (v.passed, v.ends, v.roll, v.summary) == (True, t.stand_of("vera"), None,
                                                     "Move check passed: it stays where it is.")
    assert str(v.steps[-1]) == "[T3] The Move check is passed (entered by the referee): it stays where it is."
    after, outcome = hit(t, "vera", 2, "pass")
    assert (outcome.moved, outcome.rolls, after.stand_of("vera"), after.rolls, after.can_undo) == (
        False, (), t.stand_of("vera"), 0, False)
    assert (after.log[-1].text, after.log[-1].details[0]) == ("Vera: hit, 2 damage", v.summary)


def test_a_fail_entered_falls_off_the_edge_rolls_the_fall_and_one_undo_takes_it_back():
    """T3, T6, H8: a failure falls 6 in to the yard at the edge's x, Height 2, 2d6 rolled as roll #1; one Undo
    puts the fighter back on the deck and rewinds the dice."""
    t = house()
    v = after_attack(t, "vera", 2, "fail")
    assert (v.passed, v.ends) == (False, Stand("yard", Fraction(20)))
    assert v.to_json()["ends"] == {"section": "yard", "x_in": 20, "x_in_exact": "20"}
    after, outcome = hit(t, "vera", 2, "fail")
    fall = rolled(0, DicePool(2))
    assert (outcome.moved, outcome.to, [r.roll for r in outcome.rolls], outcome.damage) == (
        True, Stand("yard", Fraction(20)), [fall], fall.total)
    assert (after.stand_of("vera"), after.rolls) == (Stand("yard", Fraction(20)), 1)
    assert after.log[-1].text == f"Vera: hit, 2 damage — moved, fell: {fall.total} damage"
    assert after.log[-1].details[-1] == f"[H8] Rolled {fall.brief()} falling damage (seed {SEED}, roll #1)."
    back = after.undo()
    assert (back.stand_of("vera"), back.rolls, back.log[-1].text) == (t.stand_of("vera"), 0,
                                                                       "Undone: Vera: hit, 2 damage")


def test_roll_with_move_check_rolls_it_first_then_the_fall():
    """T3: "the product rolls move_check": a failing roll is roll #1, its own entry's; the fall's 2d6 roll #2,
    logged on its own; one Undo takes back both."""
    t = house(move_check=NEVER)
    after, outcome = hit(t, "vera", 2, "roll")
    check, fall = rolled(0, DicePool(2)), rolled(1, DicePool(2))
    assert [r.roll for r in outcome.rolls] == [check, fall]
    assert [(r.rule, r.what, r.verb, r.damage) for r in outcome.rolls] == [
        ("T3", "for the Move check, at most 1 passes", "failed the Move check", False),
        ("H8", "falling damage", "fell", True)]
    assert (outcome.moved, after.stand_of("vera"), after.rolls, outcome.damage) == (
        True, Stand("yard", Fraction(20)), 2, fall.total)
    assert after.log[-2].text == f"Vera: hit, 2 damage — moved, failed the Move check: {check.total}"
    assert after.log[-2].details[-2] == (f"[T3] Rolled {check} for the Move check, at most 1 passes (seed {SEED}, "
                                         "roll #1).")
    assert after.log[-1].text == f"Vera: fell: {fall.total} damage"
    assert after.undo().stand_of("vera") == t.stand_of("vera") and after.undo().rolls == 0


def test_a_roll_that_passes_keeps_the_fighter_and_is_undone_with_its_roll():
    """T3: a passing roll: the fighter stays, the roll is logged and one Undo rewinds it."""
    t = house(move_check=ALWAYS)
    v = after_attack(t, "vera", 1, "roll")
    assert (v.passed, v.ends, v.summary) == (None, None, "Owes a Move check (T3), to be rolled (2d6, at most 12): "
                                                         "failing, falls 6 in to Yard, 2d6: 2–12, mean 7.")
    after, outcome = hit(t, "vera", 1, "roll")
    check = rolled(0, DicePool(2))
    assert (outcome.moved, [r.roll for r in outcome.rolls], after.stand_of("vera"), after.rolls) == (
        False, [check], t.stand_of("vera"), 1)
    assert after.log[-1].text == f"Vera: hit, 1 damage — stayed, passed the Move check: {check.total}"
    done = v.rolled(check)
    assert (done.passed, done.ends, done.summary) == (
        True, t.stand_of("vera"), f"Move check passed (rolled {check}; at most 12 passes): it stays where it is.")
    assert done.to_json()["roll"] == {"dice": "2d6", "faces": list(check.dice), "total": check.total,
                                      "pass": "at_most", "target": 12}
    assert after.undo().rolls == 0


def test_roll_without_move_check_is_refused_with_a_clear_message():
    """T3 (ruling): without ``move_check`` the referee must enter pass or fail."""
    with pytest.raises(AttackError, match=r'^fighter "vera" has no move_check \(its dice and target\) to roll: the '
                                          r"referee enters pass or fail$"):
        after_attack(house(), "vera", 2, "roll")


def test_roll_without_move_check_where_no_check_is_owed_is_not_refused():
    """T3: nothing owed, nothing to roll: the entry changes nothing."""
    v = after_attack(house(), "sela", 2, "roll")
    assert (v.owes, v.passed, v.ends) == (False, None, Stand("yard", Fraction(25)))
    assert str(v.steps[-1]) == '[T3, T4] No check is owed: the entry "roll" changes nothing.'
    after, outcome = hit(house(), "sela", 2, "roll")
    assert (outcome.rolls, after.rolls, after.can_undo, after.log[-1].text) == ((), 0, False, "Sela: hit, 2 damage")


def test_a_check_owed_and_none_entered_is_refused_on_the_table():
    """T3: the check follows once the attack action is resolved: confirming needs pass, fail or roll."""
    with pytest.raises(AttackError, match=r"^Vera owes a Move check: enter pass, fail or roll$"):
        hit(house(), "vera", 2, None)
    after, _ = hit(house(), "sela", 2, None)
    assert after.log[-1].details[0] == "No check owed."


def test_a_miss_on_the_ladder_failed_falls_to_its_foot_with_no_dice():
    """T4: a miss still owes the falling test; failing, Krag falls 1.5 in to the yard below the ladder's x, Height
    0.5, no dice: moved, no roll, and undone back up the ladder."""
    t = house()
    after, outcome = hit(t, "krag", 0, "fail")
    assert (outcome.moved, outcome.rolls, after.stand_of("krag")) == (True, (), Stand("yard", Fraction(15)))
    assert after.log[-1].text == "Krag: attacked, missed — moved"
    assert after.undo().stand_of("krag") == Stand("yard", Fraction(15), "ladder", Fraction(3, 2))


@pytest.mark.parametrize(("damage", "check", "message"), [
    (-1, None, "damage must be a whole number, 0 or more (0 for a miss): -1"),
    (1.5, None, "damage must be a whole number, 0 or more (0 for a miss): 1.5"),
    (True, None, "damage must be a whole number, 0 or more (0 for a miss): true"),
    (1, "maybe", 'a check is pass, fail or roll: "maybe"'),
])
def test_bad_damage_or_check_is_refused(damage, check, message):
    """T3: damage is a whole number ≥ 0; a check is pass, fail or roll."""
    with pytest.raises(AttackError) as info:
        after_attack(house(), "vera", damage, check)
    assert str(info.value) == message


def test_a_table_the_terrain_rules_do_not_referee_is_refused():
    """Rule sets as plug-ins: the Terrain features rules answer only a battlefield that names them."""
    doc = {"vertigo": 2, "title": "Feet", "units": "feet", "rules": ["levels"],
           "sections": [{"id": "floor", "name": "Floor", "elevation": 0, "x": [0, 10]}],
           "fighters": [{"id": "a", "name": "A", "side": "S", "section": "floor"}]}
    with pytest.raises(RuleSetError):
        after_attack(Table.start(scenario.loads(json.dumps(doc))), "a", 1)
