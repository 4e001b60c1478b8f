"""The table: moves with their falls rolled, the log, undo (H2–H8).

Source: ``000_519d8b8e373365db.txt`` › Combat (the Move 1 (Height 2) example),
› Falling; rulings H2 (falls), H7 (the log keeps both answers), H8 (seeded
dice, every die shown); STYLE 4 (seeded rolls replay exactly).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.dice import DicePool, rng_for, roll
from vertigo.errors import LimitError, RuleSetError, UndoError, UnknownFighterError
from vertigo.limits import MAX_LOG, MAX_ROLLS
from vertigo.rules.height.rules import play as height_play
from vertigo.table import LogEntry, Table

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
GOAT_HEAD = "Mountain goat: Cliff top → Foot of the cliff with Move 1 (Height 2)"


def cliff() -> Table:
    """The bundled cliff: the Goat (Move 1 (Height 2)) and the Kestrel (Move 1,
    Fly 3) on the Cliff top (3), next to the Foot of the cliff (0); dice seed 11."""
    return Table.start(scenario.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8")))


def goat_falls(table: Table):
    return table.move("goat", height_play.move_verdict(table, "goat", 0, "cliff-foot"))


def test_a_fresh_table_puts_everyone_on_their_start():
    """H8: "Dice are rolled with a seedable generator" — a fresh table has made no
    roll yet, logs its seed, and every fighter stands on its starting section."""
    table = cliff()
    assert table.position("goat") == "cliff-top"
    assert table.fighters_on("cliff-foot") == ("blinker", "spearman")
    assert table.rolls == 0 and not table.can_undo
    assert table.log == (LogEntry("Loaded “The cliff”, dice seed 11.", number=1),)
    with pytest.raises(UnknownFighterError, match="'nobody'"):
        table.position("nobody")


def test_the_goat_falls_height_1_and_rolls_1d6():
    """Combat: "if an entity moves downward across a Height 3 section border with a
    Move 1 (Height 2) entry, the entity would suffer falling damage from Height 1."
    H8: 1d6, rolled from the table's seed (roll #1 = generator (11, 0))."""
    table, dice = goat_falls(cliff())
    assert dice is not None
    assert len(dice.dice) == 1 and 1 <= dice.total <= 6
    assert dice == roll(DicePool(1), rng_for(11, 0))
    assert table.position("goat") == "cliff-foot"
    assert table.rolls == 1 and table.can_undo
    entry = table.log[-1]
    assert entry.text == f"{GOAT_HEAD} — moved, fell: {dice.total} damage"
    assert table.dice_of(entry) == dice
    assert entry.roll_index == 0 and entry.dice_count == 1
    assert entry.details[0] == "Allowed: falls, 1d6: 1–6, mean 3.5"
    assert "[H2] Cliff top → Foot of the cliff: down Height 3 — falls Height 1 (1d6)." in entry.details
    assert entry.details[-1] == f"[H8] Rolled {dice} falling damage (seed 11, roll #1)."


def test_a_move_without_a_fall_rolls_nothing():
    """Combat: "An entity that makes such a Move in a downward direction suffers no
    falling damage." The Kestrel flies down (Fly ignores Height, H4): no roll."""
    table = cliff()
    after, dice = table.move("kestrel", height_play.move_verdict(table, "kestrel", 1, "cliff-foot"))
    assert dice is None
    assert after.rolls == 0
    assert after.position("kestrel") == "cliff-foot"
    assert after.log[-1].text == "Kestrel: Cliff top → Foot of the cliff with Fly 3 — moved"
    assert after.log[-1].roll_index is None


def test_a_move_the_rules_forbid_changes_nothing_but_the_log():
    """Combat: "An entity cannot Move upward if the Height value of the Move entry is
    less than the Height value of the section border." The Kestrel's Move 1
    (Height 0) cannot climb from the Cliff top (3) to the Overhang (5)."""
    table = cliff()
    verdict = height_play.move_verdict(table, "kestrel", 0, "overhang")
    after, dice = table.move("kestrel", verdict)
    assert dice is None
    assert after.positions == table.positions
    assert (after.rolls, after.history) == (0, ())
    assert after.log[-1].text == "Kestrel: Cliff top → Overhang with Move 1 — not allowed, no move"


def test_seeded_rolls_replay_exactly_on_a_second_table():
    """H8: "Dice are rolled with a seedable generator" — the same scenario and the
    same moves give the same dice (roll #1, then #2)."""
    def play():
        table, first = goat_falls(cliff())
        table, second = table.move("kestrel", height_play.move_verdict(table, "kestrel", 0, "cliff-foot"))
        return first, second, table
    a1, a2, ta = play()
    b1, b2, tb = play()
    assert (a1, a2) == (b1, b2)
    assert len(a2.dice) == 3  # Kestrel's Move 1 down Height 3: 3d6
    assert a2 == roll(DicePool(3), rng_for(11, 1))
    assert ta == tb


def test_undo_rewinds_position_and_dice():
    """H8: "Dice are rolled with a seedable generator"; STYLE 4: "Seeded rolls
    replay exactly." Undoing a fall puts the fighter back and rewinds the dice,
    so the same move rolls the same dice and another move takes that roll."""
    table, dice = goat_falls(cliff())
    back = table.undo()
    assert back.position("goat") == "cliff-top"
    assert back.rolls == 0 and not back.can_undo
    assert back.log[-1].text == f"Undone: {GOAT_HEAD}"
    assert len(back.log) == 3  # loaded, moved, undone: the log keeps everything
    _, dice_again = goat_falls(back)
    assert dice_again == dice
    other, kestrel = back.move("kestrel", height_play.move_verdict(back, "kestrel", 0, "cliff-foot"))
    assert kestrel == roll(DicePool(3), rng_for(11, 0))
    assert other.log[-1].roll_index == 0


def test_undo_steps_back_one_move_at_a_time():
    """STYLE 4: "Seeded rolls replay exactly" — undo rewinds the last move (and its
    roll) first; with nothing left it is an UndoError."""
    t1, _ = goat_falls(cliff())
    t2, k = t1.move("kestrel", height_play.move_verdict(t1, "kestrel", 0, "cliff-foot"))
    assert t2.rolls == 2
    u1 = t2.undo()
    assert (u1.position("kestrel"), u1.position("goat"), u1.rolls) == ("cliff-top", "cliff-foot", 1)
    _, k_again = u1.move("kestrel", height_play.move_verdict(u1, "kestrel", 0, "cliff-foot"))
    assert k_again == k
    u2 = u1.undo()
    assert (u2.position("goat"), u2.rolls) == ("cliff-top", 0)
    with pytest.raises(UndoError, match=r"^nothing to undo$"):
        u2.undo()


def test_judge_attack_gives_one_verdict_per_action():
    """H5: "the range needed is max(d, |Δh|)"; H6: "An action with Reach r ... is
    judged like a ranged action of range r". The Spearman's Spear (Reach 1) and
    Javelin (range 2) against the Goat, Height 3 above: neither reaches."""
    table = cliff()
    verdicts = height_play.attack(table, "spearman", "goat")
    assert [str(v.action) for v in verdicts] == ["Spear, range 0, Reach", "Javelin, range 2"]
    assert [v.allowed for v in verdicts] == [False, False]
    assert verdicts[1].summary == "Javelin, range 2: cannot reach (needs range 3)"


def test_the_same_check_twice_writes_one_log_line():
    """Issue 7's leftovers, item 1: checking the same enemy again with nothing written in between gives the
    same answer, so the log keeps one line for it; a check after anything else is written again."""
    table = cliff()
    verdicts = height_play.attack(table, "spearman", "goat")
    once = table.note_verdict("Spearman → Mountain goat: actions checked", verdicts)
    again = height_play.attack(table, "spearman", "goat")
    twice = once.note_verdict("Spearman → Mountain goat: actions checked", again)
    assert twice is once
    assert [e.text for e in twice.log] == ["Loaded “The cliff”, dice seed 11.",
                                           "Spearman → Mountain goat: actions checked"]
    other = twice.note_verdict("Spearman → Mountain goat: actions checked", verdicts[:1])
    assert [e.number for e in other.log] == [1, 2, 3]
    again = other.note_verdict("Spearman → Mountain goat: actions checked", verdicts)
    assert [e.number for e in again.log] == [1, 2, 3, 4]


def test_reachable_lists_the_highlighted_sections():
    """H3: "it highlights every reachable section with that minimum" — the Goat's
    Move 1 (Height 2) from the Cliff top: the Overhang (up 2), the Foot (1d6)."""
    routes = height_play.routes(cliff(), "goat", 0)
    assert {sid: r.dice for sid, r in routes.items()} == {"cliff-top": 0, "overhang": 0, "cliff-foot": 1}


def test_height_rules_refuse_a_scenario_in_feet():
    """H1: "Every section has an elevation in Height units" — moves, reach and
    attacks in a scenario in feet are a RuleSetError."""
    doc = scenario.dump(cliff().scenario)
    doc["units"] = "feet"
    del doc["rules"]  # the default rule set of feet: Combat at Different Levels
    table = Table.start(scenario.load(doc))
    with pytest.raises(RuleSetError):
        height_play.move_verdict(table, "goat", 0, "cliff-foot")
    with pytest.raises(RuleSetError):
        height_play.attack(table, "goat", "ogre")
    with pytest.raises(RuleSetError):
        height_play.routes(table, "goat", 0)


def test_the_log_keeps_at_most_max_log_entries():
    """STYLE 5: "Bounded work" — the log keeps the newest MAX_LOG entries; the oldest
    give way, and numbering goes on past the cap (issue 5: the page's log kept showing
    the old lines at the cap)."""
    table = replace(cliff(), log=tuple(LogEntry(str(i), number=i + 1) for i in range(MAX_LOG)))
    after = table.note_verdict("one more", ())
    assert len(after.log) == MAX_LOG
    assert after.log[0].text == "1"
    assert after.log[-1].text == "one more"
    assert after.log[-1].number == MAX_LOG + 1
    assert after.logged == MAX_LOG + 1


def test_a_table_at_the_roll_cap_refuses_a_fall_and_stays_as_it_was():
    """H8 and limits.MAX_ROLLS (2^52): a scenario may start with dice_rolls = 2^52; a fall from there would make
    roll 2^52 + 1, a count no saved table or export may hold, so the move is refused with a LimitError and the
    table is unchanged (it still saves, exports and imports again); a move with no fall still goes."""
    import json

    doc = json.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8"))
    doc["vertigo"], doc["dice_rolls"] = 2, MAX_ROLLS
    table = Table.start(scenario.loads(json.dumps(doc)))
    with pytest.raises(LimitError, match=r"has made 4,503,599,627,370,496 rolls, the most a table counts \(2\^52\)"):
        goat_falls(table)
    assert table.rolls == MAX_ROLLS and table.position("goat") == "cliff-top"
    exported = scenario.dumps(table.scenario, dict(table.stands),
                              rolls=table.rolls)
    assert scenario.loads(exported).dice_rolls == MAX_ROLLS
    flown, dice = table.move("kestrel", height_play.move_verdict(table, "kestrel", 1, "cliff-foot"))  # Fly 3: no fall
    assert dice is None and flown.rolls == MAX_ROLLS and flown.position("kestrel") == "cliff-foot"
