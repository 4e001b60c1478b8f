"""The side view draws a fighter part way up a ladder at its height, and tags a staircase's border with the step
at the border — what the core keeps (``tests/unit/test_stand.py``, ``tests/unit/test_stairs_at_border.py``).

Source: issue 20 ("``Stand`` ... is a fighter's place everywhere: ... and the renderer"; "the border graph,
``Battlefield.rise`` and the border tags use the step whose tread contains the border's x"); ruling T4 ("its
height on the ladder is kept and drawn"), H1 (the Height of a border).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

from vertigo import scenario
from vertigo.table import Table
from vertigo_view.frame import _Frame
from vertigo_view.side_view import render
from vertigo_view.tokens import _figures, token_positions

NS = "{http://www.w3.org/2000/svg}"


def loft(up: int = 4) -> dict[str, Any]:
    """A feet battlefield: a floor, a loft 10 ft up, a ladder "rope" between them at x 10 ft; Ann ``up`` ft up
    the ladder, Bo on the floor at 3 ft."""
    return {"vertigo": 2, "title": "Loft", "units": "feet", "rules": ["levels"],
            "sections": [{"id": "floor", "name": "Floor", "elevation": 0, "x": [0, 10]},
                         {"id": "loft", "name": "Loft", "elevation": 10, "x": [10, 20]}],
            "borders": [{"between": ["floor", "loft"], "id": "rope", "kind": "ladder"}],
            "fighters": [{"id": "a", "name": "Ann", "side": "A", "ladder": "rope", "up": up},
                         {"id": "b", "name": "Bo", "side": "B", "section": "floor", "x": 3}]}


def _feet_y(t: Table, fid: str) -> float:
    """Where the fighter's feet are drawn, in SVG units (smaller is higher)."""
    return _figures(t, _Frame.of(t))[fid].feet


def test_a_fighter_up_a_ladder_is_drawn_at_its_height() -> None:
    """T4: Ann 4 ft up the rope is drawn higher than Bo on the floor, and higher again 6 ft up."""
    t = Table.start(scenario.load(loft()))
    assert _feet_y(t, "a") < _feet_y(t, "b")
    assert _feet_y(Table.start(scenario.load(loft(up=6))), "a") < _feet_y(t, "a")
    assert 'data-fighter="a"' in render(t)


def test_on_a_height_battlefield_a_fighter_up_a_ladder_is_drawn_at_the_ladder() -> None:
    """T4 on a Height battlefield: a fighter 1 Height up a ladder of Height 2 is drawn at the ladder's x,
    halfway between its foot and its top, while the foot's other fighter keeps the section's middle."""
    doc = {"vertigo": 2, "title": "Rungs", "rules": ["height"],
           "sections": [{"id": "low", "name": "Low", "elevation": 0, "x": [0, 4]},
                        {"id": "high", "name": "High", "elevation": 2, "x": [4, 8]}],
           "borders": [{"between": ["low", "high"], "id": "rungs", "kind": "ladder"}],
           "fighters": [{"id": "a", "name": "A", "side": "A", "ladder": "rungs", "up": 1},
                        {"id": "b", "name": "B", "side": "B", "section": "low"}]}
    t = Table.start(scenario.load(doc))
    frame = _Frame.of(t)
    where = token_positions(t)
    assert where["a"] == (frame.x(Fraction(4)), frame.y(Fraction(1)))
    assert where["b"] == (frame.x(Fraction(2)), frame.y(Fraction(0)))


DOWN_FILE = Path(__file__).resolve().parents[1] / "unit" / "down-to-the-hall.json"
"""The staircase of ``tests/unit/test_stairs_at_border.py``: 11 one-foot treads going down to the right, its
bottom step 0.75 ft over the hall; the shelf's edge at x 6 on the boundary of the 6.75 ft and 6 ft steps."""


def test_the_side_view_tags_a_staircases_border_with_the_step_at_the_border() -> None:
    """The drawing's tags, as the graph has them: 0.75 ft at the hall, 0.25 ft at the shelf's edge (the step on
    its side, not the step to the right of x 6)."""
    root = ET.fromstring(render(Table.start(scenario.loads(DOWN_FILE.read_text(encoding="utf-8")))))
    border = root.find(f".//{NS}g[@id='border-stair--hall']")
    assert border is not None and border.get("data-height") == "0.75"
    shelf = root.find(f".//{NS}g[@id='border-shelf--stair']")
    assert shelf is not None and shelf.get("data-height") == "0.25"
