"""The saved table: it replays exactly, stays within its budget, and names its damage.

Source: ruling H8 (seeded dice replay exactly), STYLE 4; issue 5 ("The saved table outgrows browser
storage": keep the saved table within one budget the docs state in UTF-16 code units; store what cannot
be rebuilt, dice replay from the seed; "Also check: re-encoding the whole table on every action").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.dice import DiceRoll
from vertigo.errors import ScenarioError
from vertigo.fields import Field
from vertigo.limits import (
    MAX_FIGHTERS,
    MAX_LOG,
    MAX_SCENARIO_CHARS,
    PICTURE_BUDGET,
    STORAGE_QUOTA,
    TABLE_BUDGET,
    utf16_length,
)
from vertigo.rules import REGISTRY
from vertigo.rules.height.rules import play as height_play
from vertigo.ruleset import RuleSet
from vertigo.storage import MAX_STATE_FIELDS, SAVED_DETAILS, STATE_ROOM, TableEncoder, restore
from vertigo.table import MAX_HEADLINE, MAX_STATE_TEXT, LogEntry, Table

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
REPRO = Path(__file__).resolve().parents[3] / "shared" / "repro" / "reliability"


def cliff() -> Table:
    return Table.start(scenario.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8")))


def played() -> Table:
    t0 = cliff()
    t1, _ = t0.move("goat", height_play.move_verdict(t0, "goat", 0, "cliff-foot"))
    t2, _ = t1.move("kestrel", height_play.move_verdict(t1, "kestrel", 0, "cliff-foot"))
    t3 = t2.undo()
    return t3.note_verdict("Spearman attacks", height_play.attack(t3, "spearman", "goat"))


def test_a_saved_table_restores_equal_and_rolls_the_same_next_dice():
    """H8: "Dice are rolled with a seedable generator"; STYLE 4: "Seeded rolls replay exactly." A saved
    table — positions, rolls, log, undo — comes back equal, and its next roll is the same."""
    table = played()
    restored = restore(TableEncoder().encode(table))
    assert restored == table
    _, dice = restored.move("kestrel", height_play.move_verdict(restored, "kestrel", 0, "cliff-foot"))
    _, dice_original = table.move("kestrel", height_play.move_verdict(table, "kestrel", 0, "cliff-foot"))
    assert dice == dice_original
    assert restored.undo().position("goat") == "cliff-top"
    assert restored.dice_of(restored.log[1]) == table.dice_of(table.log[1])


def test_the_budget_holds_the_table_a_damaged_copy_and_a_picture_within_the_quota():
    """Issue 5: "the live table, one damaged copy and ... a first-paint picture ... (about 0.5 M) fit
    together inside 5,242,880"."""
    assert STORAGE_QUOTA == 5_242_880
    assert 2 * TABLE_BUDGET + PICTURE_BUDGET <= STORAGE_QUOTA - 100
    assert TABLE_BUDGET == 2_300_000


def r13(distance: int = 50) -> dict:
    """The battlefield of ``R13-big-fall-34000d6.json``: 101 sections z0 … z100 at elevations 1000, −1000,
    0 in turn (drops of Height 2000 and 1000), a chain of borders, and one fighter on z0 with
    ``Move {distance} (Height 1000)``.  Built here so the suite also runs where the file is not."""
    return {"vertigo": 1, "title": "Big fall", "dice_seed": 5,
            "sections": [{"id": f"z{i}", "elevation": (1000, -1000, 0)[i % 3], "x": [i, i + 0.9]} for i in range(101)],
            "borders": [[f"z{i}", f"z{i + 1}"] for i in range(100)],
            "fighters": [{"id": "f", "name": "Faller", "side": "A", "section": "z0",
                          "moves": [f"Move {distance} (Height 1000)"], "actions": []}]}


def test_the_r13_file_is_refused_at_its_place_under_the_caps():
    """Issue 5: "bring the caps down"; the 34,000-die file's Move 100 is past MAX_DISTANCE = 50."""
    path = REPRO / "R13-big-fall-34000d6.json"
    doc = json.loads(path.read_text(encoding="utf-8")) if path.exists() else r13(100)
    assert doc == r13(100)
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    assert info.value.problems == ("fighters[0].moves[0]: Move entry distance must be ≤ 50: 100",)


def test_a_17000_die_fall_confirmed_and_undone_25_times_stays_small():
    """Issue 5 R13: "25 legal 34,000-dice falls confirmed and undone, and every later save fails" — dice
    are not stored (they replay from the seed), so 25 such falls add a few kilobytes, and each replays."""
    table = Table.start(scenario.load(r13()))
    verdict = height_play.move_verdict(table, "f", 0, "z50")
    assert verdict.pool.count == 17000
    encoder = TableEncoder()
    base = utf16_length(encoder.encode(table))
    for _ in range(25):
        table, dice = table.move("f", verdict)
        assert dice is not None and len(dice.dice) == 17000
        table = table.undo()
    text = encoder.encode(table)
    # Each fall adds its explanation (50 crossings, ~4 K); its 17,000 faces (~51 K) are not stored.
    assert utf16_length(text) - base < 25 * 5000
    again = restore(text)
    moves = [e for e in again.log if e.roll_index is not None]
    assert len(moves) == 25 and all(e.dice_count == 17000 for e in moves)
    assert again.dice_of(moves[3]) == table.dice_of(table.log[table.log.index(moves[3])])


def test_the_log_gives_way_oldest_first_to_keep_the_budget():
    """Issue 5: the saved table stays within its budget whatever the log holds: older entries give way;
    explanation lines are kept for the newest SAVED_DETAILS entries only."""
    table = cliff()
    long_line = "x" * 2000
    for i in range(MAX_LOG):
        table = table.note_verdict(f"check {i} {long_line}", ())
    text = TableEncoder(budget=500_000).encode(table)
    assert utf16_length(text) <= 500_000
    kept = restore(text).log
    assert kept[-1].text.startswith(f"check {MAX_LOG - 1} ")
    assert 0 < len(kept) < MAX_LOG
    assert [e.number for e in kept] == list(range(kept[0].number, table.logged + 1))


def test_only_the_newest_entries_keep_their_explanations():
    """Issue 5: store what cannot be rebuilt — the explanation lines of old entries are dropped first."""
    table = cliff()
    for i in range(SAVED_DETAILS + 5):
        table = table.note_verdict(f"check {i}", height_play.attack(table, "spearman", "goat"))
    kept = restore(TableEncoder().encode(table)).log
    assert kept[-1].details and kept[-SAVED_DETAILS].details
    assert not kept[-SAVED_DETAILS - 1].details


def test_the_encoder_reencodes_only_new_log_entries():
    """Issue 5: "Also check: re-encoding the whole table on every action" — the scenario is encoded once
    per battlefield and each log entry once (counted, not timed)."""
    encoder = TableEncoder()
    table = played()
    encoder.encode(table)
    scenario_json = encoder._scenario_json
    cached = dict(encoder._entries)
    table = table.note_verdict("one more", ())
    encoder.encode(table)
    assert encoder._scenario_json is scenario_json
    assert all(encoder._entries[k] is v for k, v in cached.items() if k in encoder._entries)
    assert len(set(encoder._entries) - set(cached)) <= 2  # the new entry (and its neighbour's detail change)


def test_a_version_1_saved_table_still_restores():
    """Issue 5 keeps every saved table restorable: a version-1 save (every die stored) restores with its
    log numbered from 1 and its rolls counted from the stored dice."""
    t = played()
    v1 = {"table": 1, "scenario": scenario.dump(t.scenario), "positions": dict(t.positions), "rolls": t.rolls,
          "log": [{"text": e.text, "details": list(e.details),
                   "dice": list(d.dice) if (d := t.dice_of(e)) else [], "roll_index": e.roll_index} for e in t.log],
          "history": [{"fighter": s.fighter, "section": s.stand.section, "rolls": s.rolls, "label": s.label}
                      for s in t.history]}
    again = restore(json.dumps(v1))
    assert again.positions == t.positions and again.rolls == t.rolls
    assert [e.number for e in again.log] == list(range(1, len(t.log) + 1))
    assert again.dice_of(again.log[1]) == t.dice_of(t.log[1])


def test_d6_rolls_save_as_version_2_always_did_and_replay_the_same_faces():
    """H8: "Dice are rolled with a seedable generator" — a table of falls (d6) saves its rolls as
    ``[index, count]``, the version-2 format, so version-2 tables saved before NdS+M pools restore unchanged
    and replay the faces they showed: the cliff (seed 11) rolled 1d6 (5), then 3d6 (1, 5, 1).  The table
    itself is version 3 (issue 20: places became Stands); its rolls are written as version 2 wrote them."""
    table = played()
    text = TableEncoder().encode(table)
    doc = json.loads(text)
    assert doc["table"] == 3
    assert [e.get("roll") for e in doc["log"]] == [None, [0, 1], [1, 3], None, None]
    again = restore(text)
    assert again == table
    assert [again.dice_of(e) for e in again.log] == [None, DiceRoll((5,)), DiceRoll((1, 5, 1)), None, None]


def with_other_dice() -> Table:
    """played() with three more rolls in its log: a scatter direction (1d8, J6), a GURPS 3d6+1 (001) and
    a 2d6-1, at roll indexes 1, 2 and 3 of the cliff's seed 11."""
    t = played()
    n = t.logged
    extra = (LogEntry("Scatter direction", (), n + 1, 1, 1, dice_sides=8),
             LogEntry("GURPS roll", (), n + 2, 2, 3, dice_modifier=1),
             LogEntry("Less one", (), n + 3, 3, 2, dice_sides=6, dice_modifier=-1))
    return Table(t.scenario, t.stands, 4, t.log + extra, t.history)


def test_other_dice_save_their_sides_and_modifier_and_replay_exactly():
    """J6 (scatter direction on a d8), 001 (GURPS 3d6 with a modifier), H8 (seeded rolls replay): a roll
    of other dice saves ``[index, count, sides]``, with a modifier ``[index, count, sides, modifier]``,
    and replays the same faces after a restore."""
    table = with_other_dice()
    text = TableEncoder().encode(table)
    assert [e.get("roll") for e in json.loads(text)["log"]][-3:] == [[1, 1, 8], [2, 3, 6, 1], [3, 2, 6, -1]]
    again = restore(text)
    assert again == table
    assert [str(again.dice_of(e)) for e in again.log[-3:]] == [
        "1d8 (2) = 2", "3d6+1 (6, 4, 1) + 1 = 12", "2d6-1 (4, 6) − 1 = 9"]
    assert [again.dice_of(e) for e in again.log[-3:]] == [table.dice_of(e) for e in table.log[-3:]]


def damaged_dice(roll) -> str:
    doc = json.loads(TableEncoder().encode(with_other_dice()))
    doc["log"][-1]["roll"] = roll
    return json.dumps(doc)


@pytest.mark.parametrize(
    "roll, message",
    [([3, 2, 1], "saved table.log: has a roll whose dice sides must be a whole number from 2 to 1000: 1"),
     ([3, 2, 1001], "saved table.log: has a roll whose dice sides must be a whole number from 2 to 1000: 1001"),
     ([3, 2, "d8"], 'saved table.log: has a roll whose dice sides must be a whole number from 2 to 1000: "d8"'),
     ([3, 2, 6, 1001],
      "saved table.log: has a roll whose modifier must be a whole number from -1000 to 1000: 1001"),
     ([3, 2, 6, 1.5], "saved table.log: has a roll whose modifier must be a whole number from -1000 to 1000: 1.5"),
     ([3, 100001], "saved table.log: must be a whole number from 0 to 100000: 100001"),
     ([3, 2, 6, 0, 1], "saved table.log: must have a roll of [index, count], [index, count, sides] or "
                       "[index, count, sides, modifier]: [3, 2, 6, 0, 1]"),
     ([3], "saved table.log: must have a roll of [index, count], [index, count, sides] or "
           "[index, count, sides, modifier]: [3]")],
)
def test_damaged_dice_are_refused_with_the_bounds_of_a_pool(roll, message):
    """STYLE 5–6: a restored roll is held to the bounds of a pool (count ≤ MAX_DICE, sides 2 … MAX_SIDES,
    |modifier| ≤ MAX_DICE_MODIFIER), as a ScenarioError naming the field — never replayed as other dice."""
    with pytest.raises(ScenarioError) as info:
        restore(damaged_dice(roll))
    assert info.value.problems == (message,)


def damaged(change) -> str:
    doc = json.loads(TableEncoder().encode(played()))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    "text, message",
    [("null", "saved table: not a saved Vertigo table"),
     ("[]", "saved table: not a saved Vertigo table"),
     (damaged(lambda d: d.update(table=4)), "saved table: not a saved Vertigo table"),
     (damaged(lambda d: d.update(table=True)), "saved table: not a saved Vertigo table"),
     (damaged(lambda d: d["scenario"].update(title="")), "saved table.scenario.title: must be non-empty text"),
     (damaged(lambda d: d["scenario"].update(vertigo=True)),
      "saved table.scenario.vertigo: must be the format version"),
     (damaged(lambda d: d.pop("scenario")), "saved table.scenario: must be a JSON object: null"),
     (damaged(lambda d: d["positions"].update(goat=["x"])),
      "saved table.positions: places fighter 'goat' on no section"),
     (damaged(lambda d: d.update(history=[1, 2])), "saved table.history: must be a list of objects: 1"),
     (damaged(lambda d: d["log"][0].update(text="Goat\u202e fell")),
      "saved table.log: has a text with control characters"),
     (damaged(lambda d: d["log"][-1].update(n=2**52 + 1)),
      "saved table.log: must be a whole number from 1 to 4503599627370496"),
     (damaged(lambda d: d["positions"].pop("goat")),
      "saved table.positions: places fighter 'goat' on no section: None"),
     (damaged(lambda d: d["positions"].update(goat="nowhere")),
      "saved table.positions: places fighter 'goat' on no section: 'nowhere'"),
     (damaged(lambda d: d.update(positions=[])), "saved table.positions: must map fighter ids to places"),
     (damaged(lambda d: d.update(rolls="many")),
      'saved table.rolls: must be a whole number from 0 to 4503599627370496: "many"'),
     (damaged(lambda d: d.update(rolls=10**300)),
      "saved table.rolls: must be a whole number from 0 to 4503599627370496: 1.00e+300"),
     (damaged(lambda d: d.update(rolls=-5)),
      "saved table.rolls: must be a whole number from 0 to 4503599627370496: -5"),
     (damaged(lambda d: d["log"][0].pop("text")), "saved table.log: must have a text"),
     (damaged(lambda d: d["log"][1].update(roll=["six", 1])), "saved table.log: must be a whole number from 0 to"),
     (damaged(lambda d: d["log"][1].update(n=1)), "saved table.log: must number its entries in increasing order"),
     (damaged(lambda d: d["history"][0].update(section="nowhere")),
      "saved table.history: undoes a move of no fighter or to no section: 'goat', 'nowhere'"),
     (damaged(lambda d: d.update(history="x")), "saved table.history: must be a list"),
     ('"' + "x" * (TABLE_BUDGET + 1) + '"', f"saved table: is {TABLE_BUDGET + 3} characters; at most")],
    ids=lambda v: v[:40] if isinstance(v, str) else None,
)
def test_damaged_saves_are_scenario_errors_naming_the_field(text, message):
    """STYLE 6: "Errors: one base error for the core ... messages name the field" — a damaged save is a
    ScenarioError naming the damage, never another crash."""
    with pytest.raises(ScenarioError) as info:
        restore(text)
    assert len(info.value.problems) == 1
    assert info.value.problems[0].startswith(message)


def test_a_saved_table_with_a_duplicate_key_is_refused_at_its_place():
    """Fault: duplicate JSON keys were accepted silently (the last one won).  A saved table goes through
    the same decoder, and its places start with its name."""
    text = TableEncoder().encode(cliff()).replace('"title":', '"title":"Twice","title":', 1)
    with pytest.raises(ScenarioError) as info:
        restore(text)
    assert info.value.problems == (
        'saved table.scenario: has the key "title" twice; a key may appear only once in an object',)


def test_the_largest_states_and_their_undo_stay_within_their_stated_room():
    """Issue 19 (the table saves a rule set's per-fighter state) within issue 5's budget: with the most
    fighters, MAX_STATE_FIELDS state fields each at the longest value, and a full undo of state changes
    with the longest labels, the states and the undo take at most STATE_ROOM, which fits beside the
    largest scenario."""
    keys = [f"k{i:02d}" + "k" * 37 for i in range(MAX_STATE_FIELDS)]
    declared = tuple(Field(k, "fighter", "", f"State {i}", state=True) for i, k in enumerate(keys))
    wide = RuleSet("wide", "Wide test rules", "test", ("inches",), fields=declared)
    ladder = "l" * 40
    ids = [f"{i:02d}" + "f" * 38 for i in range(MAX_FIGHTERS)]
    # Every fighter part way up the tallest ladder there can be (issue 20), at the longest "up" a length
    # writes: a place longer than any spot on a section.
    doc = {"vertigo": 2, "title": "Crowd", "units": "inches", "rules": ["wide"],
           "sections": [{"id": "s" * 40, "name": "Pit", "elevation": -120_000, "x": [0, 10000]},
                        {"id": "t" * 40, "name": "Peak", "elevation": 120_000, "x": [10000, 20000]}],
           "borders": [{"between": ["s" * 40, "t" * 40], "id": ladder, "kind": "ladder"}],
           "fighters": [{"id": f, "name": f"F{i}", "side": "A", "ladder": ladder, "up": "239999999999/1000000"}
                        for i, f in enumerate(ids)]}
    longest = ['"' * (MAX_STATE_TEXT // 2 - 1), "\U0001d4b3" * (MAX_STATE_TEXT // 2 - 1)]
    headline = '"' * MAX_HEADLINE
    with REGISTRY.adding(wide):
        table = Table.start(scenario.load(doc))
        for f in ids:
            for d in declared:
                table = table.set_state(f, d, longest[0], headline)
        for f in ids[:5]:  # the whole undo: changes from one longest value to the other
            for d in declared:
                table = table.set_state(f, d, longest[1], headline)
        text = TableEncoder().encode(table)
        states = text[text.index('"states":'):text.index('"rolls":')]
        history = text[text.index('"history":') + len('"history":'):text.index(',"log":[')]
        used = utf16_length(states) + utf16_length(history) - 1  # the history's own brackets once, as "[]"
        assert 0.99 * STATE_ROOM < used <= STATE_ROOM
        again = restore(text)  # the log gives way, oldest first (its entries are long here); nothing else does
        assert (again.states, again.history, again.stands) == (table.states, table.history, table.stands)
        assert len(again.states) == MAX_FIGHTERS * MAX_STATE_FIELDS
    assert MAX_SCENARIO_CHARS + STATE_ROOM < TABLE_BUDGET
