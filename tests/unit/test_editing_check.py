"""The editor's check (issue 26: "checked as you type, with the importer's own messages at their place";
"Leaving Edit mode runs the full check and never puts an invalid battlefield in play; the problems are
listed, each a link to its piece")."""

from __future__ import annotations

import copy

from vertigo.editing import Problem, blank, check, drawable, key_at, piece_at, set_value
from vertigo.rules import default_rules

DOC = {
    "vertigo": 2, "title": "House", "units": "height", "dice_seed": 1,
    "sections": [{"id": "street", "name": "Street", "elevation": 0, "x": [0, 6]},
                 {"id": "hall", "name": "Hall", "elevation": 0, "x": [6, 14]},
                 {"id": "loft", "name": "Loft", "elevation": 3, "x": [6, 14], "kind": "slab"}],
    "borders": [["street", "hall"], {"between": ["hall", "loft"], "x": 8, "kind": "stair"}],
    "fighters": [{"id": "a", "name": "Archer", "side": "A", "section": "loft", "x": 10},
                 {"id": "b", "name": "Brute", "side": "B", "section": "street"}],
}


def test_a_draft_that_loads_has_no_problems():
    """Issue 26: the importer accepts it; the scenario is kept to draw and play."""
    checked = check(DOC)
    assert checked.problems == () and checked.scenario is not None
    assert [s.id for s in checked.scenario.field.sections] == ["street", "hall", "loft"]


def test_problems_are_the_importers_at_their_place_and_piece():
    """Issue 26: the importer's own messages, each at its place, each mapped to its piece."""
    before = copy.deepcopy(DOC)
    doc = set_value(DOC, ("section", "loft"), "x1", 5)
    doc = set_value(doc, ("fighter", "b"), "x", 9)
    doc = set_value(doc, ("border", "1"), "kind", "rope")
    doc = set_value(doc, ("scenario", ""), "dice_seed", -1)
    checked = check(doc)
    assert checked.scenario is None
    assert checked.problems == (
        Problem("dice_seed", "must be a whole number from 0 to 2^53 − 1: -1", ("scenario", "")),
        Problem("sections[2].x", "right edge must be greater than left edge: [6, 5]", ("section", "loft")),
        Problem("borders[1].kind", 'must be one of stair, ladder: "rope"', ("border", "1")),
        Problem("fighters[1].x", "must stand on its section, from 0 to 6: 9", ("fighter", "b")))
    assert [p.key for p in checked.problems] == ["dice_seed", "x1", "kind", "x"]
    assert before == DOC


def test_places_map_to_pieces_and_controls():
    """check.py: a place names its piece and the form control it stands at."""
    assert piece_at(DOC, "sections[1].elevation") == ("section", "hall")
    assert piece_at(DOC, "fighters[0].moves[2]") == ("fighter", "a")
    assert piece_at(DOC, "features[3].x") == ("features", "3")
    assert piece_at(DOC, "options.fall_scale") == ("scenario", "")
    assert piece_at(DOC, "document") is None
    assert piece_at(DOC, "sections[9].x") is None
    assert [key_at(p) for p in ("sections[0].x[0]", "sections[0].x[1]", "sections[0].stairs",
                                "sections[0].stairs.tread", "fighters[2].moves[0]", "fighters[2]",
                                "options.fall_scale", "title", "document")] == [
        "x0", "x1", "stairs.rise", "stairs.tread", "moves", "", "options.fall_scale", "title", ""]


def test_drawable_leaves_out_the_pieces_in_trouble():
    """Issue 26: what to draw while the draft does not load: the draft without the pieces its problems name."""
    doc = set_value(DOC, ("section", "loft"), "elevation", "high")
    doc = set_value(doc, ("fighter", "b"), "x", 9)
    drawn = drawable(doc)
    assert drawn is not None
    assert [s.id for s in drawn.field.sections] == ["street", "hall"]
    assert [f.id for f in drawn.fighters] == []
    assert [(b.a, b.b) for b in drawn.field.borders] == [("street", "hall")]


def test_drawable_keeps_the_last_when_nothing_can_be_left_out():
    """Issue 26: a problem of the whole scenario (its title) leaves the last drawn scenario up."""
    last = check(DOC).scenario
    doc = set_value(DOC, ("scenario", ""), "title", None)
    assert drawable(doc, last) is last
    assert drawable(blank("height", default_rules("height"))) is not None
