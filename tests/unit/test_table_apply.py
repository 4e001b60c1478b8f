"""Table.apply: an action with several rolls, logged roll by roll, taken back by one Undo (H8).

Source: issue 20 ("``Table.apply(fighter, resolve)``, where ``resolve(roller) -> Outcome``. The table hands
over a roller bound to its roll count, and ``Outcome.rolls`` is a tuple. A move's log text and entries stay
as they are today. Each further roll of an action writes its own log entry, and one Undo takes back the
whole action."); ruling H8 (seeded dice: roll #n is the generator (seed, n − 1)).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vertigo import scenario
from vertigo.dice import DicePool, rng_for, roll
from vertigo.errors import LimitError, RuleSetError
from vertigo.limits import MAX_ACTION_ROLLS, MAX_ROLLS
from vertigo.resolve import Outcome, Rolled, Roller
from vertigo.stand import Stand
from vertigo.table import LogEntry, Table

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"


def cliff() -> Table:
    """The bundled cliff (dice seed 11): the Goat on the Cliff top."""
    return Table.start(scenario.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8")))


def jump(dest: str, pools: tuple[DicePool, ...], moved: bool = True):
    """An action that rolls ``pools`` in turn: first a d8 "scattered", then falling damage."""
    def resolve(roller: Roller) -> Outcome:
        rolled = []
        for i, pool in enumerate(pools):
            r = roller(pool)
            rolled.append(Rolled(r, "H8", "scatter direction", "scattered", damage=False) if i == 0 else
                          Rolled(r, "H8", "falling damage", "fell"))
        return Outcome(moved, Stand(dest, None), tuple(rolled), ())
    return resolve


def place_of(t: Table) -> tuple[object, ...]:
    """Everything an undo must give back: places, offsets, the roll count and the states."""
    return (t.positions, t.offsets, t.rolls, t.states)


def test_an_action_with_three_rolls_writes_three_log_entries_and_one_undo_takes_it_back():
    """Issue 20: each further roll writes its own entry; H8: roll #1, #2, #3 are the generator (11, 0…2)."""
    start = cliff()
    pools = (DicePool(1, 8), DicePool(2), DicePool(3))
    table, outcome = start.apply("goat", jump("cliff-foot", pools), "Mountain goat jumps", ("why",))
    expected = [roll(p, rng_for(11, i)) for i, p in enumerate(pools)]
    assert [r.roll for r in outcome.rolls] == expected
    assert outcome.damage == expected[1].total + expected[2].total
    assert (table.position("goat"), table.rolls, len(table.log)) == ("cliff-foot", 3, 4)
    first, second, third = table.log[-3:]
    assert first.text == f"Mountain goat jumps — moved, scattered: {expected[0].total}"
    assert first.details == ("why", f"[H8] Rolled {expected[0].brief()} scatter direction (seed 11, roll #1).",
                             f"[H8] Rolled {expected[1].brief()} falling damage (seed 11, roll #2).",
                             f"[H8] Rolled {expected[2].brief()} falling damage (seed 11, roll #3).")
    assert second == LogEntry(f"Mountain goat: fell: {expected[1].total} damage", (first.details[2],), 3, 1, 2)
    assert third == LogEntry(f"Mountain goat: fell: {expected[2].total} damage", (first.details[3],), 4, 2, 3)
    assert [table.dice_of(e) for e in (first, second, third)] == expected
    back = table.undo()
    assert place_of(back) == place_of(start)
    assert back.log[-1].text == "Undone: Mountain goat jumps" and not back.can_undo


def test_an_action_that_neither_moves_nor_rolls_is_logged_and_leaves_nothing_to_undo():
    """Issue 20 / H2: a move that is finally not allowed changes nothing but the log, as before."""
    start = cliff()
    table, outcome = start.apply("goat", jump("cliff-top", (), moved=False), "Mountain goat stays", ("no",))
    assert (outcome.rolls, table.log[-1].text, table.log[-1].details) == ((), "Mountain goat stays — not "
                                                                          "allowed, no move", ("no",))
    assert place_of(table) == place_of(start) and not table.can_undo


def test_an_outcome_that_hides_a_roll_is_refused():
    """Issue 20: ``Outcome.rolls`` are the rolls the roller made, in order; a roll left out is refused."""
    def hides(roller: Roller) -> Outcome:
        roller(DicePool(1))
        return Outcome(True, Stand("cliff-foot", None), (), ())
    with pytest.raises(RuleSetError, match=r"must list the 1 roll\(s\) it made, in order; it lists 0"):
        cliff().apply("goat", hides, "Mountain goat")


def test_the_roll_past_the_tables_count_is_refused_and_the_table_stays():
    """H8 / limits: a table counts 2^52 rolls; the second roll of an action started at 2^52 − 1 is refused."""
    start = replace(cliff(), rolls=MAX_ROLLS - 1)
    with pytest.raises(LimitError, match="has made 4,503,599,627,370,496 rolls"):
        start.apply("goat", jump("cliff-foot", (DicePool(1, 8), DicePool(1))), "Mountain goat jumps")
    assert start.rolls == MAX_ROLLS - 1


ACTION = st.tuples(st.sampled_from(["goat", "kestrel"]), st.sampled_from(["cliff-top", "cliff-foot"]),
                   st.integers(0, 3), st.booleans())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(ACTION, st.just("undo")), max_size=25))
def test_any_sequence_of_apply_and_undo_gives_back_each_earlier_table_exactly(ops):
    """Issue 20 (Hypothesis): after any sequence of actions and undos, each undo gives back exactly the
    places, offsets, roll count and states before the action it takes back, and undoing all of them gives
    back the starting table's."""
    start = table = cliff()
    before: list[tuple[object, ...]] = []
    for op in ops:
        if op == "undo":
            if before:
                table = table.undo()
                assert place_of(table) == before.pop()
            continue
        fid, dest, n, moved = op
        pools = tuple(DicePool(1, 8) if i == 0 else DicePool(i) for i in range(n))
        was = place_of(table)
        table, _ = table.apply(fid, jump(dest, pools, moved), f"{fid} acts")
        if moved or n:
            before.append(was)
        assert table.rolls == was[2] + n
    while before:
        table = table.undo()
        assert place_of(table) == before.pop()
    assert place_of(table) == place_of(start)


def test_an_action_asking_for_a_ninth_roll_is_refused_and_the_table_is_unchanged():
    """Issue 20's caps: at most MAX_ACTION_ROLLS (8) rolls per action; the ninth is a rule set's bug, refused
    before anything is logged or rolled."""
    start = cliff()
    eight, _ = start.apply("goat", jump("cliff-foot", (DicePool(1, 8),) + (DicePool(1),) * 7), "Goat jumps")
    assert (MAX_ACTION_ROLLS, eight.rolls, len(eight.log)) == (8, 8, 1 + 8)
    with pytest.raises(RuleSetError, match="at most 8 rolls; this one asked for roll 9"):
        start.apply("goat", jump("cliff-foot", (DicePool(1, 8),) + (DicePool(1),) * 8), "Goat jumps")
    assert start == cliff()
