"""Importing a battlefield whose Height fields are bad keeps the one in play (issue 23, *Bad input*).

Source: issue 23, *Bad input* ("Refused at its place, with nothing in play changed: ``blocks_sight`` that is not
true or false; a border ``height`` below 0 or above the difference; a ``climbing`` below 0 or above the elevation
cap"); rulings H9, H11, H15 of ``RULINGS.md``.  The exact messages of each field alone:
``tests/unit/test_terrain_that_hides.py``, ``test_stairs_and_ladders.py``, ``test_climbing_obstacles.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_page.controller import Controller

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
TOWER = json.loads((SCENARIOS / "tower-and-wood.json").read_text(encoding="utf-8"))


def index_of(items: list, key: str, value: str) -> int:
    return next(i for i, item in enumerate(items) if isinstance(item, dict) and item.get(key) == value)


WOOD = index_of(TOWER["sections"], "id", "wood")
LADDER = index_of(TOWER["borders"], "id", "ladder")
WALL = index_of(TOWER["borders"], "id", "wall")


@pytest.mark.parametrize("where, index, key, value, problem", [
    ("sections", WOOD, "blocks_sight", "yes", f'sections[{WOOD}].blocks_sight: must be true or false: "yes"'),
    ("borders", LADDER, "height", -1, f"borders[{LADDER}].height: must be 0 to 1000: -1"),
    ("borders", LADDER, "height", 4, f"borders[{LADDER}].height: must be from 0 to the difference of its "
                                     "sections' elevations, Height 3: Height 4"),
    ("borders", WALL, "climbing", -1, f"borders[{WALL}].climbing: must be 0 to 1000: -1"),
    ("borders", WALL, "climbing", 1001, f"borders[{WALL}].climbing: must be 0 to 1000: 1001"),
])
def test_a_bad_height_field_is_refused_at_its_place_and_the_battlefield_in_play_stays(where, index, key, value,
                                                                                     problem):
    """Issue 23, *Bad input*: the import is refused, the error names the field's place, and the table in play (with
    its fighters where they stood) is the one kept; nothing is saved."""
    c = Controller(Table.start(scenario_mod.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8"))))
    c.click_fighter("goat")
    c.click_section("cliff-foot")
    c.panel_action("confirm")
    before = c.table
    doc = json.loads(json.dumps(TOWER))
    doc[where][index][key] = value
    up = c.import_text(json.dumps(doc), "tower.json")
    assert c.table is before and c.table.position("goat") == "cliff-foot"
    assert up.error == f"tower.json was not loaded; the current battlefield is unchanged.\n{problem}"
    assert not up.save
