"""The editor's edits of a draft (issue 26): sections, borders, fighters and pieces added, moved, resized and
deleted; a value written; never the draft itself changed; and the issue's own table built with them.

Source: issue 26 ("add, move, resize and delete sections (ground, slab, stairs)"; "add borders, or let the
editor propose them"; "place fighters by dragging"; "Deleting a section that a fighter stands on asks what to
do: move the fighter to the surface below, or delete it too. No fighter is left floating without a word.").
"""

from __future__ import annotations

import copy
import json
import re

import pytest

from vertigo import scenario
from vertigo.editing import (
    EditError,
    add_border,
    add_fighter,
    add_piece,
    add_section,
    blank,
    check,
    delete_border,
    delete_fighter,
    delete_piece,
    delete_section,
    move_fighter,
    move_section,
    proposed_borders,
    resize_section,
    section_at,
    set_value,
)
from vertigo.rules import default_rules


def says(message, whole=True):
    """``pytest.raises`` of an EditError whose message is ``message`` (or starts with it)."""
    return pytest.raises(EditError, match=f"^{re.escape(message)}{'$' if whole else ''}")


HOUSE = {
    "vertigo": 2, "title": "House", "units": "height", "rules": [], "dice_seed": 1,
    "sections": [{"id": "street", "name": "Street", "elevation": 0, "x": [0, 6]},
                 {"id": "hall", "name": "Hall", "elevation": 0, "x": [6, 14]},
                 {"id": "loft", "name": "Loft", "elevation": 3, "x": [6, 14], "kind": "slab"}],
    "borders": [["street", "hall"], {"between": ["hall", "loft"], "x": 8, "kind": "stair"}],
    "fighters": [{"id": "a", "name": "Archer", "side": "A", "section": "loft", "x": 10},
                 {"id": "b", "name": "Brute", "side": "B", "section": "street"}],
}


@pytest.fixture
def house():
    """The house draft, and a check afterwards that no edit changed it."""
    before = copy.deepcopy(HOUSE)
    yield HOUSE
    assert before == HOUSE and json.dumps(before) == json.dumps(HOUSE)


def test_add_section_gives_the_next_id_and_name(house):
    """Issue 26 "add … sections": a new id ``section-N`` and name ``Section N``; ground is not written."""
    doc, sid = add_section(house, x0=14, x1=16.5, elevation=3, kind="slab")
    assert sid == "section-4"
    assert doc["sections"][-1] == {"id": "section-4", "name": "Section 4", "elevation": 3, "x": [14, 16.5],
                                   "kind": "slab"}
    doc, sid = add_section(doc, x0=0, x1=1, elevation=0, name="Crate")
    assert (sid, doc["sections"][-1]) == ("section-5", {"id": "section-5", "name": "Crate", "elevation": 0,
                                                       "x": [0, 1]})


def test_add_section_refuses_a_right_end_left_of_the_left(house):
    """Issue 26: an edit that cannot be made says so in one sentence."""
    with says("A section's right end must be right of its left end."):
        add_section(house, x0=3, x1=3, elevation=0)
    with says('A section is ground or slab, not "wall".'):
        add_section(house, x0=0, x1=3, elevation=0, kind="wall")


def test_move_section_carries_its_fighters(house):
    """Issue 26 "move … sections": x and elevation move; a fighter at a written x keeps its place on it."""
    doc = move_section(house, "loft", 0.5, -1)
    assert doc["sections"][2]["x"] == [6.5, 14.5] and doc["sections"][2]["elevation"] == 2
    assert doc["fighters"][0]["x"] == 10.5
    assert doc["fighters"][1] == HOUSE["fighters"][1] and doc["borders"] == HOUSE["borders"]


def test_move_section_is_exact(house):
    """Issue 26 "snap to a grid": 0.1 + 0.2 across is written 0.3, not 0.30000000000000004."""
    doc = move_section(move_section(house, "street", 0.1), "street", 0.2)
    assert doc["sections"][0]["x"] == [0.3, 6.3]


def test_resize_section_clamps_fighters(house):
    """Issue 26 "resize … sections": a fighter off the new ends moves to the nearer end."""
    doc = resize_section(house, "loft", 6, 9)
    assert doc["sections"][2]["x"] == [6, 9] and doc["fighters"][0]["x"] == 9
    with pytest.raises(EditError, match="right end must be right"):
        resize_section(house, "loft", 9, 6)


def test_set_value_writes_x_ends_and_stairs():
    """Issue 26 "set elevations by … typing": the form's keys x0, x1, stairs.rise write into x and stairs."""
    doc = blank("feet", ())
    doc = set_value(doc, ("section", "ground"), "x1", "20 ft")
    assert doc["sections"][0]["x"] == [0, "20 ft"]
    doc = set_value(doc, ("section", "ground"), "stairs.rise", 1)
    assert doc["sections"][0]["stairs"] == {"rise": 1}
    doc = set_value(doc, ("section", "ground"), "stairs.tread", 2)
    assert doc["sections"][0]["stairs"] == {"rise": 1, "tread": 2}
    doc = set_value(doc, ("section", "ground"), "stairs.rise", None)
    assert "stairs" not in doc["sections"][0]


def test_renaming_a_section_renames_every_reference(house):
    """Issue 26: an id renamed is renamed in the borders and the fighters."""
    doc = set_value(house, ("section", "hall"), "id", "room")
    assert doc["borders"] == [["street", "room"], {"between": ["room", "loft"], "x": 8, "kind": "stair"}]
    assert doc["sections"][1]["id"] == "room"
    with says('Another section is called "loft".'):
        set_value(house, ("section", "hall"), "id", "loft")


def test_a_border_left_with_between_only_is_written_as_a_pair(house):
    """docs/rules.md › Scenario format: a border that carries nothing else is ``["a", "b"]``."""
    doc = set_value(house, ("border", "0"), "kind", "stair")
    assert doc["borders"][0] == {"between": ["street", "hall"], "kind": "stair"}
    assert set_value(doc, ("border", "0"), "kind", None)["borders"][0] == ["street", "hall"]


def test_renaming_a_ladder_renames_its_fighters_ladder(house):
    """Issue 20's ladder places: a fighter up a ladder names its id, renamed with it."""
    doc = set_value(house, ("border", "1"), "id", "steps")
    doc = {**doc, "fighters": [{"id": "c", "name": "Climber", "side": "A", "ladder": "steps", "up": 1}]}
    assert set_value(doc, ("border", "1"), "id", "ladder-1")["fighters"][0]["ladder"] == "ladder-1"


def test_scenario_options_are_written_and_an_empty_object_goes():
    """Issue 26 "edit … fields": ``options.<key>`` writes a rule-set option; the last one removed takes the
    object with it."""
    doc = blank("feet", ())
    doc = set_value(doc, ("scenario", ""), "options.fall_scale", "5 ft")
    assert doc["options"] == {"fall_scale": "5 ft"}
    assert "options" not in set_value(doc, ("scenario", ""), "options.fall_scale", None)


def test_setting_a_fighters_section_leaves_its_ladder(house):
    """A fighter given a section stands on it: its ladder and up go, and an x off the new section."""
    doc = {**house, "fighters": [{"id": "c", "name": "Climber", "side": "A", "ladder": "steps", "up": 1}]}
    assert set_value(doc, ("fighter", "c"), "section", "hall")["fighters"][0] == {
        "id": "c", "name": "Climber", "side": "A", "section": "hall"}
    assert set_value(house, ("fighter", "a"), "section", "street")["fighters"][0] == {
        "id": "a", "name": "Archer", "side": "A", "section": "street"}


def test_deleting_a_section_with_a_fighter_asks(house):
    """Issue 26: "Deleting a section that a fighter stands on asks what to do"; the message names them."""
    with says("Archer stands on Loft: move them below or delete them with it."):
        delete_section(house, "loft")


def test_deleting_a_section_moves_its_fighters_below(house):
    """Issue 26: "move the fighter to the surface below": the Archer at x 10 on the loft drops to the hall;
    the loft's border goes."""
    doc = delete_section(house, "loft", "below")
    assert [s["id"] for s in doc["sections"]] == ["street", "hall"]
    assert doc["borders"] == [["street", "hall"]]
    assert doc["fighters"][0] == {"id": "a", "name": "Archer", "side": "A", "section": "hall", "x": 10}
    assert check(doc).problems == ()


def test_deleting_a_section_deletes_its_fighters_too(house):
    """Issue 26: "or delete it too"."""
    doc = delete_section(house, "loft", "delete")
    assert [f["id"] for f in doc["fighters"]] == ["b"]


def test_a_fighter_with_nothing_below_is_named(house):
    """Issue 26: "No fighter is left floating without a word"."""
    with says("There is no surface below Brute: delete it with the section", whole=False):
        delete_section(house, "street", "below")


def test_a_ladder_fighter_goes_with_its_ladders_section(house):
    """A fighter up a ladder of a deleted section is asked about too, and moved to the ladder's foot."""
    doc = set_value(house, ("border", "1"), "id", "steps")
    doc = {**doc, "fighters": [{"id": "c", "name": "Climber", "side": "A", "ladder": "steps", "up": 1}]}
    with says("Climber stands on Loft", whole=False):
        delete_section(doc, "loft")
    assert delete_section(doc, "loft", "below")["fighters"] == [
        {"id": "c", "name": "Climber", "side": "A", "section": "hall", "x": 8}]


def test_add_border_refuses_what_cannot_be(house):
    """Issue 26 "add borders": to itself, to no section, or twice is refused."""
    assert add_border(house, "street", "loft")["borders"][-1] == ["street", "loft"]
    assert add_border(house, "street", "loft", x=6, kind="ladder")["borders"][-1] == {
        "between": ["street", "loft"], "x": 6, "kind": "ladder"}
    with says("A border joins two different sections."):
        add_border(house, "hall", "hall")
    with says('There is no section "attic" on this battlefield.'):
        add_border(house, "hall", "attic")
    with says('"loft" and "hall" share a border already.'):
        add_border(house, "loft", "hall")


def test_delete_border(house):
    """Issue 26: a border deleted; an index past the end is refused."""
    assert delete_border(house, 0)["borders"] == [HOUSE["borders"][1]]
    with pytest.raises(EditError):
        delete_border(house, 2)


def test_fighters_added_moved_and_deleted(house):
    """Issue 26 "place fighters by dragging": added with an id, moved onto a section (clamped onto it),
    deleted."""
    doc, fid = add_fighter(house, "hall", 7)
    assert (fid, doc["fighters"][-1]) == ("fighter-3", {"id": "fighter-3", "name": "Fighter 3", "side": "A",
                                                        "section": "hall", "x": 7})
    doc = move_fighter(doc, "fighter-3", "street", 99)
    assert doc["fighters"][-1] == {"id": "fighter-3", "name": "Fighter 3", "side": "A", "section": "street",
                                   "x": 6}
    assert [f["id"] for f in delete_fighter(doc, "a")["fighters"]] == ["b", "fighter-3"]
    with says('There is no fighter "z" on this battlefield.'):
        delete_fighter(doc, "z")


def test_a_rule_sets_pieces_are_added_moved_and_deleted():
    """Issue 26 "add the rule sets' pieces (… features and openings …)": a piece a registered rule set reads
    is added, moves with its section, goes with it, and is deleted."""
    doc = blank("inches", ())
    wall = {"id": "w", "name": "Wall", "on": "ground", "x": [10, 11], "height": 3}
    doc = add_piece(doc, "features", wall)
    assert doc["features"] == [wall]
    assert move_section(doc, "ground", 2)["features"][0]["x"] == [12, 13]
    assert delete_section(doc, "ground", "delete")["features"] == []
    assert "features" not in delete_piece(doc, "features", 0)
    with says('No rule set reads pieces called "tables".'):
        add_piece(doc, "tables", {})


def test_section_at_finds_the_surface_at_or_below_a_drop(house):
    """Issue 26 "place fighters by dragging": the drop lands on the nearest surface at or below it."""
    assert section_at(house, 10, 5) == "loft"
    assert section_at(house, 10, 2) == "hall"
    assert section_at(house, 3, 0) == "street"
    assert section_at(house, 6, 0) == "street"  # both only touch x 6: the first in the document
    assert section_at(house, 6.5, 0) == "hall"
    assert section_at(house, 3, -1) is None


def test_proposals_skip_joined_and_refused_pairs(house):
    """Issue 26: "each proposal listed to accept or refuse": a pair joined or refused is not proposed again."""
    doc = {**house, "borders": []}
    assert [(p.a, p.b, p.x, p.why) for p in proposed_borders(doc)] == [
        ("street", "hall", 6, "side by side at x 6"), ("hall", "loft", 6, "stacked over x 6–14")]
    assert [(p.a, p.b) for p in proposed_borders(doc, frozenset({frozenset({"hall", "street"})}))] == [
        ("hall", "loft")]
    assert proposed_borders(house) == ()


def test_a_section_between_two_stacked_ones_stops_their_proposal():
    """Issue 26 "stacked ones that overlap in x": a floor between a cellar and a roof over the whole overlap
    means the roof is proposed with the floor, not with the cellar; in feet the why gives the unit."""
    doc = blank("feet", ())
    doc, floor = add_section(doc, x0=0, x1=20, elevation=10, kind="slab")
    doc, roof = add_section(doc, x0=5, x1=15, elevation=20, kind="slab")
    assert [(p.a, p.b, p.why) for p in proposed_borders(doc)] == [
        ("ground", floor, "stacked over x 0 ft–20 ft"), (floor, roof, "stacked over x 5 ft–15 ft")]


def test_nothing_is_proposed_under_a_ground_section():
    """proposals.py: a ground section is solid down to the bottom, so a slab under it is no stacked pair."""
    doc = blank("height", ())
    doc, _ = add_section(doc, x0=2, x1=4, elevation=-1, kind="slab")
    assert proposed_borders(doc) == ()


# ------------------------------------------------------------------------------------------ the issue's table
TABLE = [("Street", 0, 6, 0, "ground"), ("Ground floor", 6, 14, 0, "ground"), ("Upper floor", 6, 14, 3, "slab"),
         ("Balcony", 14, 16, 3, "slab"), ("Garden wall", 16, 17, 2, "ground"), ("Courtyard", 17, 24, 0, "ground"),
         ("Tower", 24, 26, 5, "ground"), ("Ditch", 26, 30, -2, "ground"), ("Far bank", 30, 36, 1, "ground")]


def build_the_issue_table():
    """The issue's table, built with the edit functions from a blank Height draft; returns (doc, proposals)."""
    doc = set_value(blank("height", default_rules("height")), ("scenario", ""), "title", "The ruined house")
    doc = set_value(doc, ("section", "ground"), "name", "Street")
    doc = set_value(doc, ("section", "ground"), "id", "street")
    doc = resize_section(doc, "street", 0, 6)
    for name, x0, x1, elevation, kind in TABLE[1:]:
        doc, _ = add_section(doc, x0=x0, x1=x1, elevation=elevation, kind=kind, name=name)
    proposals = proposed_borders(doc)
    for p in proposals:
        doc = add_border(doc, p.a, p.b)
    stair = next(i for i, b in enumerate(doc["borders"]) if b == ["section-2", "section-3"])
    doc = set_value(doc, ("border", str(stair)), "x", 8)
    doc = set_value(doc, ("border", str(stair)), "kind", "stair")
    ladder = next(i for i, b in enumerate(doc["borders"]) if b == ["section-6", "section-7"])
    doc = set_value(doc, ("border", str(ladder)), "kind", "ladder")
    doc = set_value(doc, ("border", str(ladder)), "id", "tower-ladder")
    for section, x in (("street", 2), ("street", 4), ("section-3", 10), ("section-4", 15), ("section-6", 20),
                       ("section-7", 25)):
        doc, _ = add_fighter(doc, section, x)
    return doc, proposals


def test_the_issue_table_is_built_with_the_edits_and_passes_the_check():
    """Issue 26's table: "a street at 0 from 0 to 6; a house's ground floor at 0 from 6 to 14 and its upper floor
    a slab at 3 from 6 to 14, joined by a stair at 8; a balcony slab at 3 from 14 to 16; a garden wall section
    at 2 from 16 to 17; a courtyard at 0 from 17 to 24; a tower at 5 from 24 to 26 with a ladder; a ditch at
    −2 from 26 to 30; a far bank at 1 from 30 to 36; six fighters: two on the street, one upstairs, one on the
    balcony, one in the courtyard, one on the tower."  Every border comes from the proposals: the street
    meets the ground floor (not the upper floor above it), the ground and upper floors are stacked, the
    balcony meets the upper floor (not the ground floor, the upper floor stands between)."""
    doc, proposals = build_the_issue_table()
    assert [(p.a, p.b, p.x, p.why) for p in proposals] == [
        ("street", "section-2", 6, "side by side at x 6"),
        ("section-2", "section-3", 6, "stacked over x 6–14"),
        ("section-3", "section-4", 14, "side by side at x 14"),
        ("section-4", "section-5", 16, "side by side at x 16"),
        ("section-5", "section-6", 17, "side by side at x 17"),
        ("section-6", "section-7", 24, "side by side at x 24"),
        ("section-7", "section-8", 26, "side by side at x 26"),
        ("section-8", "section-9", 30, "side by side at x 30")]
    assert proposed_borders(doc) == ()
    checked = check(doc)
    assert checked.problems == ()
    sc = checked.scenario
    assert sc is not None and sc.units == "height" and sc.rules == ("height",)
    assert [(s.name, s.x0, s.x1, s.elevation, s.kind) for s in sc.field.sections] == TABLE
    assert [(b.a, b.b, b.x, b.kind, b.id) for b in sc.field.borders if b.kind] == [
        ("section-2", "section-3", 8, "stair", None), ("section-6", "section-7", 24, "ladder", "tower-ladder")]
    assert [(f.name, f.section) for f in sc.fighters] == [
        ("Fighter 1", "street"), ("Fighter 2", "street"), ("Fighter 3", "section-3"), ("Fighter 4", "section-4"),
        ("Fighter 5", "section-6"), ("Fighter 6", "section-7")]
    assert scenario.load(scenario.dump(sc)) == sc
