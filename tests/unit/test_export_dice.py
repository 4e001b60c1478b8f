"""Export keeps the roll count: a format-v2 document carries ``dice_rolls``, and a table started from it rolls
on from there (issue 7: "export then import replays the dice from roll 0 (keep the roll count)").

Source: ``000_519d8b8e373365db.txt`` › Falling ("1d6 damage for each Height value fallen"), ruling H8 ("Dice
are rolled with a seedable generator"); ``docs/rules.md`` › Open rulings, *Replayable dice* (each roll's
generator is built from the pair (dice seed, roll number)) and › Scenario format (``dice_rolls``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.dice import DicePool, rng_for, roll
from vertigo.errors import ScenarioError
from vertigo.limits import MAX_ROLLS
from vertigo.rules.height.rules import play as height_play
from vertigo.table import Table

from builders import SCENARIOS


def cliff() -> scenario.Scenario:
    return scenario.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8"))


def test_a_document_with_rolls_made_rolls_on_from_there():
    """H8 replayable dice: roll n uses the generator of (seed, n); with ``"dice_rolls": 3`` the goat's 1d6 drop
    is roll #4 — the die of (11, 3), not of (11, 0)."""
    doc = scenario.dump(cliff())
    doc["dice_rolls"] = 3
    t = Table.start(scenario.load(doc))
    assert t.rolls == 3
    assert t.log[0].text == "Loaded “The cliff”, dice seed 11; 3 rolls already made, the next is roll #4."
    t2, rolled = t.move("goat", height_play.move_verdict(t, "goat", 0, "cliff-foot"))
    assert rolled == roll(DicePool(1), rng_for(11, 3))
    assert (t2.rolls, t2.log[-1].roll_index) == (4, 3)
    assert "roll #4" in t2.log[-1].details[-1]


def test_one_roll_made_is_written_in_the_singular():
    doc = dict(scenario.dump(cliff()), dice_rolls=1)
    assert Table.start(scenario.load(doc)).log[0].text == ("Loaded “The cliff”, dice seed 11; 1 roll already "
                                                           "made, the next is roll #2.")


def test_documents_without_it_still_start_at_roll_0():
    """Every bundled battlefield, and every version-1 file, has no ``dice_rolls``: it loads as before."""
    sc = cliff()
    assert sc.dice_rolls == 0
    t = Table.start(sc)
    assert t.rolls == 0 and t.log[0].text == "Loaded “The cliff”, dice seed 11."
    assert "dice_rolls" not in scenario.dump(sc)


def test_dump_writes_the_rolls_after_the_seed_and_loads_them_back():
    """Format v2: ``dice_rolls`` follows ``dice_seed``; ``load(dump(s)) == s``; 0 is left out."""
    doc = scenario.dump(cliff(), rolls=7)
    keys = list(doc)
    assert keys[keys.index("dice_seed") + 1] == "dice_rolls" and doc["dice_rolls"] == 7
    sc = scenario.load(doc)
    assert sc.dice_rolls == 7 and scenario.load(scenario.dump(sc)) == sc
    assert "dice_rolls" not in scenario.dump(sc, rolls=0)
    assert '  "dice_rolls": 7,\n' in scenario.dumps(sc)


@pytest.mark.parametrize("value, shown", [
    (-1, "-1"), (MAX_ROLLS + 1, "4503599627370497"), (1.5, "1.5"), ("3", '"3"'), (True, "true"), (None, "null"),
])
def test_a_bad_count_is_refused_with_its_place_and_value(value, shown):
    """Bounded numbers with specific errors (issue 7): 0 to 2^52, a whole JSON number."""
    doc = dict(scenario.dump(cliff()), dice_rolls=value)
    with pytest.raises(ScenarioError) as e:
        scenario.load(doc)
    assert e.value.problems == (f"dice_rolls: must be the number of rolls already made, a whole number from 0 to "
                                f"2^52: {shown}",)


def test_version_1_has_no_dice_rolls():
    """A version-1 file is what earlier builds wrote: the field is version 2's, and the message says so."""
    doc = json.loads((Path(__file__).parent / "version-1" / "four-shots.json").read_text(encoding="utf-8"))
    assert doc["vertigo"] == 1
    doc["dice_rolls"] = 2
    with pytest.raises(ScenarioError) as e:
        scenario.load(doc)
    assert e.value.problems == ('dice_rolls: is not a scenario field in version 1 (write "vertigo": 2)',)


def test_the_largest_count_fits_what_export_may_write():
    """Whatever loads can be exported and imported again: the export-size bound counts the longest
    ``dice_rolls`` line."""
    sc = cliff()
    assert scenario.export_size(sc) >= len(scenario.dumps(sc, rolls=MAX_ROLLS))
    big = scenario.load(scenario.dump(sc, rolls=MAX_ROLLS))
    assert scenario.export_size(big) == scenario.export_size(sc)
