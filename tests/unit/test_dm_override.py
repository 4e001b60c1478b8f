"""The DM's exception to any verdict (H7).

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("The DM can make
exception for special circumstances in which these rules are too simple to
accurately model the terrain."); ruling H7 of ``RULINGS.md``.
"""

from __future__ import annotations

from vertigo import scenario
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.movement import judge_move
from vertigo.rules.height.rules.moves import MoveEntry
from vertigo.rules.height.rules.ranged import judge_action
from vertigo.table import Table
from vertigo.verdict import Override

from builders import SCENARIOS, chain


def cliff_table() -> Table:
    return Table.start(scenario.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8")))


def test_override_step_records_both_answers():
    """H7: "The referee can override any verdict; the result then says "overridden
    by the DM" and the log keeps both.\""""
    assert str(Override(True, "a rope").step(False)) == (
        "[H7] Rules say not allowed; overridden by the DM: allowed (a rope).")
    assert str(Override(False).step(True)) == "[H7] Rules say allowed; overridden by the DM: not allowed."


def test_dm_allows_a_climb_the_rules_forbid():
    """H7 on H2: "An entity cannot Move upward if the Height value of the Move entry
    is less than the Height value of the section border" — unless the DM says so."""
    rules = judge_move(chain(0, 3), "s0", "s1", MoveEntry.parse("Move 1"))
    dm = rules.overridden(True, "a rope hangs there")
    assert (rules.allowed, rules.final, rules.override) == (False, False, None)
    assert (dm.allowed, dm.final) == (False, True)
    assert dm.route is None
    assert dm.summary == "Allowed — overridden by the DM."
    assert dm.steps[:-1] == rules.steps
    assert str(dm.steps[-1]) == "[H7] Rules say not allowed; overridden by the DM: allowed (a rope hangs there)."


def test_dm_forbids_a_fall_the_rules_allow():
    """H7: "The referee can override any verdict; the result then says "overridden
    by the DM"" — here a drop the rules allow with 3d6 (H2, H8) is forbidden."""
    rules = judge_move(chain(3, 0), "s0", "s1", MoveEntry.parse("Move 1"))
    assert rules.summary == "Allowed: falls, 3d6: 3–18, mean 10.5"
    dm = rules.overridden(False)
    assert (dm.allowed, dm.final) == (True, False)
    assert dm.summary == "Not allowed — overridden by the DM."
    assert str(dm.steps[-1]) == "[H7] Rules say allowed; overridden by the DM: not allowed."


def test_dm_lets_a_blocked_shot_through():
    """H7 on the seed's third example: "This attack cannot be made because the shot
    is blocked by the terrain" — "The DM can make exception for special circumstances"."""
    rules = judge_action(chain(0, 1, -1), "s0", "s2", Action.parse("Shortbow, range 3"))
    dm = rules.overridden(True, "the wall is a low hedge")
    assert not rules.final and dm.final and not dm.allowed
    assert dm.summary == "Shortbow, range 3: reaches — overridden by the DM (rules: needs range 2, blocked)"
    assert dm.line == rules.line
    assert str(dm.steps[-1]) == (
        "[H7] Rules say not allowed; overridden by the DM: allowed (the wall is a low hedge)."
    )


def test_dm_refuses_a_shot_in_range():
    """H7: "The referee can override any verdict" — also a shot the rules allow."""
    rules = judge_action(chain(0, 0), "s0", "s1", Action.parse("Sling, range 2"))
    dm = rules.overridden(False, "fog")
    assert rules.final and not dm.final
    assert dm.summary == "Sling, range 2: cannot reach — overridden by the DM (rules: needs range 1)"


def test_table_log_keeps_both_answers_of_an_overridden_move():
    """H7: "the log keeps both". The Kestrel (Move 1) cannot climb from the Cliff top
    (3) to the Overhang (5); the DM lets it. It moves there with no fall (no border
    was crossed by the rules)."""
    table = cliff_table()
    rules = height_play.move_verdict(table, "kestrel", 0, "overhang")
    assert not rules.allowed
    after, dice = table.move("kestrel", rules.overridden(True, "a ledge to grab"))
    assert dice is None
    assert after.position("kestrel") == "overhang"
    assert after.rolls == 0
    entry = after.log[-1]
    assert entry.text == "Kestrel: Cliff top → Overhang with Move 1 — moved"
    assert entry.details[0] == "Allowed — overridden by the DM."
    assert ("[H2] Cliff top → Overhang: up Height 2 needs a Move Height ≥ 2; Move 1 moves with Height 0."
            in entry.details)
    assert entry.details[-1] == "[H7] Rules say not allowed; overridden by the DM: allowed (a ledge to grab)."


def test_table_does_not_move_or_roll_when_the_dm_forbids():
    """H7: an override to "not allowed" stops the move and its falling dice (H8);
    the log keeps the rules' answer and the DM's."""
    table = cliff_table()
    rules = height_play.move_verdict(table, "goat", 0, "cliff-foot")
    assert rules.allowed and rules.pool.count == 1
    after, dice = table.move("goat", rules.overridden(False))
    assert dice is None
    assert after.position("goat") == "cliff-top"
    assert after.rolls == 0 and not after.can_undo
    assert after.log[-1].text == (
        "Mountain goat: Cliff top → Foot of the cliff with Move 1 (Height 2) — not allowed, no move")
    assert after.log[-1].details[-1] == "[H7] Rules say allowed; overridden by the DM: not allowed."


def test_table_notes_an_overridden_shot_with_both_answers():
    """H7: "the log keeps both" — for ranged verdicts written with ``note_verdict``."""
    table = Table.start(scenario.loads((SCENARIOS / "four-shots.json").read_text(encoding="utf-8")))
    bow = height_play.attack(table, "shooter-3", "target-3")[0].overridden(True)
    after = table.note_verdict("Cleo shoots at Bandit 3", (bow,))
    entry = after.log[-1]
    assert entry.text == "Cleo shoots at Bandit 3"
    assert entry.details[0] == "Shortbow, range 3: reaches — overridden by the DM (rules: needs range 2, blocked)"
    assert "[H5] Blocked: Ridge stands at Height 1, higher than both ends (max 0)." in entry.details
    assert entry.details[-1] == "[H7] Rules say not allowed; overridden by the DM: allowed."


def test_taking_back_an_override_restores_the_rules_verdict_exactly():
    """Product owner's list, "Taking back a DM override" (H7): withdrawn, the override and its H7 step go and
    the verdict is the rules' own again; a verdict with no override is unchanged."""
    rules = judge_move(chain(0, 3), "s0", "s1", MoveEntry.parse("Move 1"))
    dm = rules.overridden(True, "a rope hangs there")
    back = dm.taken_back()
    assert back == rules
    assert (back.allowed, back.final, back.override) == (False, False, None)
    assert [s.rule for s in dm.steps][-1] == "H7" and [s.rule for s in back.steps] == [s.rule for s in rules.steps]
    assert rules.taken_back() is rules


def test_h7_taking_back_an_override_restores_the_rules_verdict_exactly():
    """H7: the DM's exception can be withdrawn; the verdict is then the rules' own again, step for step, for a
    move and for one direction of a levels verdict (the other direction keeps its override)."""
    from vertigo.rules.height.rules.movement import judge_move
    from vertigo.rules.height.rules.moves import MoveEntry
    from vertigo.rules.levels.rules.levels import Fighter, judge_levels

    from builders import chain

    move = judge_move(chain(0, 3), "s0", "s1", MoveEntry.parse("Move 1 (Height 2)"))
    assert move.overridden(True, "nimble").taken_back() == move
    assert move.taken_back() is move
    levels = judge_levels(Fighter("ogre", "Ogre", 0, 9, sm=1), Fighter("sentry", "Sentry", 8, 10))
    both = levels.overridden("ogre", True, "it jumps").overridden("sentry", True, "spear down")
    back = both.taken_back("ogre")
    assert back.directions[0] == levels.directions[0]
    assert back.directions[1] == both.directions[1] and back.directions[1].override is not None
    assert back.taken_back("sentry") == levels
