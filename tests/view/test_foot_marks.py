"""A fighter's foot mark stands at the x the rules judge it at (issue 23, H10): "A token's foot mark is drawn
at the rules' x; the token itself may be offset where tokens part, and the rules never read the drawn offset."
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

from vertigo import scenario as scenario_mod
from vertigo.rules.height.rules import play as height_play
from vertigo.table import Table
from vertigo_view.frame import UX
from vertigo_view.side_view import render
from vertigo_view.tokens import token_positions

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"


def bundled(name: str) -> Table:
    return Table.start(scenario_mod.load(json.loads((SCENARIOS / name).read_text())))


def foot_x(svg: str, fid: str) -> float:
    """The x (SVG units) of the pin holding the fighter's foot mark."""
    root = ET.fromstring(svg)
    for g in root.iter():
        if g.get("class", "").startswith("pin") and any(
                e.get("data-foot") == fid for e in g.iter()):
            return float((g.get("transform") or "").removeprefix("translate(").split()[0])
    raise AssertionError(f"no foot mark for {fid}")


def test_a_fighter_at_an_x_has_its_token_and_its_foot_mark_there():
    """H10: the Thief stands in the hall at x 10.5, under the loft (x 9 to 12), the Lookout at 13.5 beyond its
    edge: token and foot mark at those x, so the drawing shows who is under the floor."""
    t = bundled("tower-and-wood.json")
    svg = render(t)
    assert (foot_x(svg, "thief"), foot_x(svg, "lookout")) == (10.5 * UX, 13.5 * UX)
    where = token_positions(t)
    assert (where["thief"][0], where["lookout"][0]) == (10.5 * UX, 13.5 * UX)


def test_fighters_at_the_default_place_stand_at_the_centre_and_the_page_parts_them():
    """Two fighters at the default place of the cliff top (x 0 to 5), under the Overhang (H10): both tokens and
    both foot marks at the centre, 2.5, where the rules judge them; the page parts the tokens sideways
    (static/view.js, ``data-parted``), never the foot marks."""
    t = bundled("cliff.json")
    on = t.fighters_on("cliff-top")
    assert len(on) == 2
    svg = render(t)
    assert [foot_x(svg, fid) for fid in on] == [2.5 * UX, 2.5 * UX]
    assert [token_positions(t)[fid][0] for fid in on] == [2.5 * UX, 2.5 * UX]


def test_a_step_along_moves_the_foot_mark_and_the_token():
    """H10: Shift+→ steps the Thief half a unit along the hall, to x 11: its token and foot mark follow."""
    t = height_play.step_along(bundled("tower-and-wood.json"), "thief", Fraction(11))
    assert foot_x(render(t), "thief") == 11 * UX
    assert token_positions(t)["thief"][0] == 11 * UX
