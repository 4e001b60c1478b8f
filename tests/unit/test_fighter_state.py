"""A rule set's per-fighter state: the table keeps it, logs it, undoes it, saves it and exports it.

No bundled rule set has state yet, so each test registers a small one of its own (``lying``: one fighter
field, "Lying down", ``state=True``) with ``REGISTRY.adding`` and loads a bundled battlefield that names it.

Source: issue 19 (rule sets as plug-ins: "its per-fighter state where it has any (say, lying down), which
the table saves, undoes and exports"); STYLE 4 (a saved table replays exactly); ruling H8 (the dice rewind
with an undo).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import pytest

from vertigo import scenario
from vertigo.errors import LimitError, RuleSetError, ScenarioError
from vertigo.fields import Field
from vertigo.rules import REGISTRY
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.fields import MOVES
from vertigo.ruleset import RuleSet
from vertigo.storage import TableEncoder, restore
from vertigo.table import MAX_STATE_TEXT, Table

from builders import SCENARIOS

LYING = Field("lying", "fighter", False, "Lying down", "Whether the fighter lies on the ground.", state=True)
STANCE = Field("stance", "fighter", "standing", "Stance", "How the fighter stands.", state=True)
HURT = Field("hurt", "fighter", 0, "Wounds", "Hit points lost.", state=True)
CROUCH = Field("crouch", "fighter", Fraction(0), "Crouched by", "How far the fighter crouches, in feet.",
               state=True)
LYING_RULES = RuleSet("lying", "Lying test rules", "test", ("height", "feet"), fields=(LYING, STANCE))
"""The test's rule set: two pieces of per-fighter state, declared in this order."""
MORE_RULES = RuleSet("more", "More test rules", "test", ("feet",), fields=(HURT, CROUCH))
"""A second test rule set with state of other kinds (a whole number, a length)."""


@pytest.fixture
def registered() -> Iterator[None]:
    """The test rule sets, registered for one test."""
    with REGISTRY.adding(LYING_RULES), REGISTRY.adding(MORE_RULES):
        yield


def ogre(rules: tuple[str, ...] = ("levels", "lying")) -> Table:
    """The ogre at the wall (feet; the referee places fighters), refereed by ``rules``."""
    doc = json.loads((SCENARIOS / "ogre-at-the-wall.json").read_text(encoding="utf-8"))
    doc["rules"] = list(rules)
    return Table.start(scenario.load(doc))


def cliff() -> Table:
    """The cliff (Height rules, moves by the rules), also refereed by the test rule set."""
    doc = json.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8"))
    doc.update(vertigo=2, rules=["height", "lying"])
    return Table.start(scenario.load(doc))


def test_a_state_set_is_read_back_and_logged_with_the_callers_headline(registered):
    """Issue 19: "its per-fighter state ... (say, lying down)": the table keeps the current value, the
    document's is where it starts; the change is logged with the rule set's headline and one detail line."""
    t0 = ogre()
    assert t0.state("ogre", LYING) is False
    assert t0.states == ()
    t1 = t0.set_state("ogre", LYING, True, "Ogre lies down")
    assert t1.state("ogre", LYING) is True
    assert t1.state("sentry", LYING) is False
    assert t1.states == (("ogre", "lying", True),)
    assert (t1.log[-1].text, t1.log[-1].details, t1.log[-1].number) == ("Ogre lies down",
                                                                      ("Lying down: no → yes.",), 2)
    assert t1.positions == t0.positions and t1.offsets == t0.offsets and t1.rolls == t0.rolls
    assert t1.set_state("ogre", LYING, True, "Ogre lies down") is t1  # no change: nothing logged


def test_only_values_that_differ_from_the_start_are_kept(registered):
    """Issue 19: "the document's value is where it starts": a fighter the document starts lying keeps no
    table value until it stands, and none again once it lies back down."""
    t0 = ogre()
    ogre_was = t0.scenario.fighters[0]
    lying_ogre = replace(ogre_was, values=(*((k, v) for k, v in ogre_was.values if k != "lying"), ("lying", True)))
    t1 = Table.start(replace(t0.scenario, fighters=(lying_ogre, *t0.scenario.fighters[1:])))
    assert t1.state("ogre", LYING) is True
    t2 = t1.set_state("ogre", LYING, False, "Ogre stands up")
    assert t2.states == (("ogre", "lying", False),)
    assert t2.log[-1].details == ("Lying down: yes → no.",)
    t3 = t2.set_state("ogre", LYING, True, "Ogre lies down")
    assert t3.states == ()
    assert t3.state("ogre", LYING) is True


def test_one_undo_takes_back_one_state_change_and_nothing_else(registered):
    """Issue 19: the state "which the table ... undoes": one Undo takes back one change, a placing's undo
    keeps every state, a state change's undo keeps every place."""
    t0 = ogre()
    t1 = t0.set_state("ogre", LYING, True, "Ogre lies down")
    t2 = t1.place("sentry", "field", Fraction(2))
    t3 = t2.set_state("sentry", STANCE, "kneeling", "Sentry kneels")
    assert t3.states == (("ogre", "lying", True), ("sentry", "stance", "kneeling"))
    assert t3.log[-1].details == ("Stance: “standing” → “kneeling”.",)
    u1 = t3.undo()
    assert u1.log[-1].text == "Undone: Sentry kneels"
    assert u1.states == (("ogre", "lying", True),)
    assert u1.stand("sentry") == ("field", Fraction(2))
    u2 = u1.undo()
    assert u2.states == (("ogre", "lying", True),)
    assert u2.stand("sentry") == ("wall", Fraction(21, 2))
    u3 = u2.undo()
    assert u3.states == ()
    assert u3.state("ogre", LYING) is False
    assert not u3.can_undo
    assert (u3.positions, u3.offsets, u3.rolls) == (t0.positions, t0.offsets, t0.rolls)


def test_a_move_by_the_rules_keeps_the_state_and_its_undo_too(registered):
    """Issue 19 ("A move/place/undo keeps every state as it is except what it undoes"); H2, H8: the goat's
    fall rolls its dice with the goat lying, and undoing the fall rewinds the dice but not the state."""
    t0 = cliff()
    t1 = t0.set_state("goat", LYING, True, "Goat lies down")
    t2, dice = t1.move("goat", height_play.move_verdict(t1, "goat", 0, "cliff-foot"))
    assert dice is not None and t2.rolls == 1
    assert t2.position("goat") == "cliff-foot"
    assert t2.states == (("goat", "lying", True),)
    u1 = t2.undo()
    assert (u1.position("goat"), u1.rolls, u1.states) == ("cliff-top", 0, (("goat", "lying", True),))
    u2 = u1.undo()
    assert (u2.position("goat"), u2.rolls, u2.states) == ("cliff-top", 0, ())


def test_a_saved_table_restores_its_states_and_their_undo_exactly(registered):
    """Issue 19 ("which the table saves"); STYLE 4 ("Seeded rolls replay exactly"): a saved table with
    states and state changes to undo restores equal, and undoes the same way."""
    t0 = ogre(("levels", "lying", "more"))
    table = (t0.set_state("ogre", LYING, True, "Ogre lies down")
               .place("sentry", "field", Fraction(7, 3))
               .set_state("sentry", STANCE, "kneeling", "Sentry kneels")
               .set_state("sentry", HURT, -3, "Sentry heals")
               .set_state("ogre", CROUCH, Fraction(1, 3), "Ogre crouches"))
    text = TableEncoder().encode(table)
    doc = json.loads(text)
    assert doc["states"] == {"ogre": {"lying": True, "crouch": "1/3"}, "sentry": {"stance": "kneeling", "hurt": -3}}
    assert doc["history"][-1]["state"] == ["crouch", 0]
    assert doc["history"][0]["state"] == ["lying", False]
    assert "state" not in doc["history"][1]
    restored = restore(text)
    assert restored == table
    assert restored.state("ogre", CROUCH) == Fraction(1, 3)
    assert restored.undo() == table.undo()
    assert restored.undo().undo().undo().undo().states == (("ogre", "lying", True),)


def test_states_keep_one_order_whatever_order_they_were_set_in(registered):
    """Same table, same answer (no set or dict order, Pyodide randomizes hashes): fighters in document
    order, keys in the order the rule sets declare them; the same states save as the same text."""
    t0 = ogre(("levels", "lying", "more"))
    a = (t0.set_state("sentry", HURT, 2, "h").set_state("sentry", LYING, True, "l")
           .set_state("ogre", STANCE, "low", "s").set_state("ogre", LYING, True, "l"))
    b = (t0.set_state("ogre", LYING, True, "l").set_state("ogre", STANCE, "low", "s")
           .set_state("sentry", LYING, True, "l").set_state("sentry", HURT, 2, "h"))
    expected = (("ogre", "lying", True), ("ogre", "stance", "low"), ("sentry", "lying", True), ("sentry", "hurt", 2))
    assert a.states == b.states == expected
    saved_a, saved_b = json.loads(TableEncoder().encode(a)), json.loads(TableEncoder().encode(b))
    assert saved_a["states"] == saved_b["states"]
    assert list(saved_a["states"]["ogre"]) == ["lying", "stance"]
    assert list(a.export_states()) == ["ogre", "sentry"]


def test_export_gives_every_fighter_every_state_field_as_json(registered):
    """Issue 19 ("which the table ... exports"): ``export_states`` maps each fighter, in document order, to
    ``(key, JSON value)`` of every state field of the scenario's rule sets; a length as a document writes
    it; nothing when the rule sets keep no state."""
    t0 = ogre(("levels", "lying", "more"))
    t1 = t0.set_state("ogre", LYING, True, "l").set_state("sentry", CROUCH, Fraction(3, 2), "c")
    assert dict(t1.export_states()) == {
        "ogre": (("lying", True), ("stance", "standing"), ("hurt", 0), ("crouch", 0)),
        "sentry": (("lying", False), ("stance", "standing"), ("hurt", 0), ("crouch", 1.5)),
    }
    assert dict(ogre(("levels",)).export_states()) == {}


def test_a_field_that_is_not_state_or_not_the_scenarios_is_refused(registered):
    """Issue 19: state belongs to a rule set of the scenario; a scenario field, a misspelt or a foreign
    rule set's field is refused with its own message, and the table stays as it was."""
    t0 = ogre()
    with pytest.raises(RuleSetError) as e:
        t0.set_state("ogre", MOVES, (), "x")
    assert str(e.value) == ("'moves' (Move entries) is a field of the fighter the scenario sets, not per-fighter "
                            "state the table keeps")
    with pytest.raises(RuleSetError) as e:
        t0.set_state("ogre", HURT, 1, "x")
    assert str(e.value) == ("'hurt' (Wounds) is the state of no rule set of “The ogre at the wall”: it "
                            "is refereed by Combat at Different Levels, Lying test rules")
    lookalike = Field("lying", "fighter", False, "Lying down", state=True)
    with pytest.raises(RuleSetError) as e:
        t0.set_state("ogre", lookalike, True, "x")
    assert str(e.value).startswith("'lying' (Lying down) is the state of no rule set of")


def test_a_value_of_another_kind_or_past_its_bound_is_refused(registered):
    """Issue 19 (the table saves and exports the state, so it keeps only values it can write): each
    refusal names the field, the constraint and the value."""
    t0 = ogre(("levels", "lying", "more"))
    cases = [
        (LYING, 1, RuleSetError, "the state 'lying' (Lying down) must be true or false: 1"),
        (HURT, True, RuleSetError, "the state 'hurt' (Wounds) must be a whole number: true"),
        (HURT, 2**52 + 1, LimitError, "the state 'hurt' (Wounds) must be a whole number from -2^52 to 2^52: "
                                      "4.50e+15"),
        (STANCE, "a\u202eb", RuleSetError, 'the state \'stance\' (Stance) must be text without control characters: '
                                           '"a\\u202eb"'),
        (STANCE, "x" * (MAX_STATE_TEXT - 1), LimitError,
         f"the state 'stance' (Stance) must be written in at most {MAX_STATE_TEXT} characters: {MAX_STATE_TEXT + 1}"),
        (CROUCH, 0.5, RuleSetError, "the state 'crouch' (Crouched by) must be a length: 0.5"),
    ]
    for declared, value, error, message in cases:
        with pytest.raises(error) as e:
            t0.set_state("ogre", declared, value, "x")
        assert str(e.value) == message
    assert t0.set_state("ogre", STANCE, "x" * (MAX_STATE_TEXT - 2), "x").state("ogre", STANCE) == "x" * 198
    with pytest.raises(RuleSetError) as e:
        t0.set_state("ogre", LYING, True, "two\nlines")
    assert str(e.value) == "a state change's headline must be one line of text: \"two\\nlines\""
    with pytest.raises(LimitError) as e:
        t0.set_state("ogre", LYING, True, "x" * 401)
    assert str(e.value) == "a state change's headline must be at most 400 characters: 401"


def damaged(change) -> str:
    """The saved text of a table with states, changed by ``change(doc)``."""
    table = ogre().set_state("ogre", LYING, True, "Ogre lies down")
    doc = json.loads(TableEncoder().encode(table))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["states"]["ogre"].update(lyingg=True),
     "saved table.states: fighter 'ogre' has no state \"lyingg\"; did you mean \"lying\"?"),
    (lambda d: d["states"]["ogre"].update(zzz=True),
     "saved table.states: fighter 'ogre' has no state \"zzz\" (its state fields: lying, stance)"),
    (lambda d: d["states"]["ogre"].update(lying=1),
     "saved table.states: fighter 'ogre': the state 'lying' (Lying down) must be true or false: 1"),
    (lambda d: d["states"]["ogre"].update(stance="x" * 300),
     "saved table.states: fighter 'ogre': the state 'stance' (Stance) must be written in at most 200 "
     "characters: 302"),
    (lambda d: d["states"].update(troll={"lying": True}),
     "saved table.states: holds the state of no fighter: \"troll\""),
    (lambda d: d["states"].update(ogre=[True]),
     "saved table.states: must map fighter 'ogre''s state fields to values: [true]"),
    (lambda d: d.update(states=[["ogre", "lying", True]]),
     "saved table.states: must map fighter ids to their state: [[\"ogre\", \"lying\", true]]"),
    (lambda d: d["history"][0].update(state=["lying"]),
     "saved table.history: undoes a state change that is not [field key, value]: [\"lying\"]"),
    (lambda d: d["history"][0].update(state=["stanse", False]),
     "saved table.history: fighter 'ogre' has no state \"stanse\"; did you mean \"stance\"?"),
    (lambda d: d["history"][0].update(state=["lying", "no"]),
     "saved table.history: fighter 'ogre': the state 'lying' (Lying down) must be true or false: \"no\""),
])
def test_a_damaged_saved_state_is_refused_at_its_place(registered, change, message):
    """Issue 19 (the table saves the state); STYLE (a message names the place, the constraint and the
    value): a hostile or damaged saved state is refused, never taken in."""
    with pytest.raises(ScenarioError) as e:
        restore(damaged(change))
    assert e.value.problems == (message,)


def test_a_saved_value_back_at_its_start_is_not_kept(registered):
    """Issue 19 (the table keeps only what differs from the start): a saved state equal to the start,
    which the encoder never writes, restores as no state at all."""
    restored = restore(damaged(lambda d: d["states"]["ogre"].update(lying=False)))
    assert restored.states == ()


def test_a_table_without_state_saves_as_before(registered):
    """Issue 19 (backward compatible saved format): with no state set, the saved text has no ``states`` and
    no snapshot a ``state``, so it is the text an earlier build wrote; it restores equal."""
    t0 = ogre()
    table = t0.place("ogre", "wall", Fraction(11))
    text = TableEncoder().encode(table)
    assert '"states"' not in text and '"state"' not in text
    assert restore(text) == table
    assert restore(text).states == ()
