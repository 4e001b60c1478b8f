"""The form and the new piece of a rule set's top-level pieces (a Terrain feature: a wall, a railing, rubble),
built from the keys the piece's reader declares (``vertigo.features.FORM``).

Source: issue 26 ("add the rule sets' pieces (sight-blocking, stated border Heights and kinds, climbing
obstacles, features and openings, ladders, footing)"; "the editor offers every piece and field that the rule
sets declare … so a rule set added later appears in it with no editor code"; "checked as you type, with the
importer's own messages at their place"); ``docs/rules.md`` › Scenario format › Feature.
"""

from __future__ import annotations

import sys
import types
from fractions import Fraction

import pytest

from vertigo import features
from vertigo.editing import (
    EditError,
    add_piece,
    add_section,
    blank,
    check,
    controls,
    new_piece,
    piece_declaration,
    piece_keys,
    read,
    set_value,
    shown,
    templates,
)
from vertigo.features import Feature, PieceKey
from vertigo.rules import REGISTRY
from vertigo.ruleset import RuleSet

READER = next(r for r in REGISTRY.values() if "features" in r.pieces)
"""The rule set that reads features (Terrain features)."""
TERRAIN = next(t.doc for t in templates() if t.doc.get("rules") == [READER.id])
"""Its template: one ground section ``ground`` at 0 from 0 to 48 in."""
FEATURE = ("features", "0")


def by_key(doc):
    return {c.key: c for c in controls(doc, "features")}


def test_the_rule_set_that_reads_features_is_terrain_in_inches():
    """``docs/rules.md`` › Feature: "Terrain features, version 2"; its template measures in inches."""
    assert READER.id == "terrain" and TERRAIN["units"] == "inches"
    assert TERRAIN["sections"] == [{"id": "ground", "name": "Ground", "elevation": 0, "x": [0, 48]}]


def test_a_feature_has_a_control_for_each_of_its_keys():
    """``docs/rules.md`` › Feature: ``{"id", "name", "on", "x": [left, right], "height", "opening"}``: its id and
    name as text, the section it stands on, its two faces and its height as lengths in inches, its opening one of
    the three or none."""
    assert [(c.key, c.label, c.kind, c.rule) for c in controls(TERRAIN, "features")] == [
        ("id", "Id", "text", ""), ("name", "Name", "text", ""), ("on", "Section", "section", ""),
        ("x0", "Left face", "length", ""), ("x1", "Right face", "length", ""), ("height", "Height", "length", ""),
        ("opening", "Opening", "choice", "")]
    form = by_key(TERRAIN)
    assert form["opening"].choices == ("", "door-closed", "door-open", "archway") == ("", *features.OPENINGS)
    assert "in inches" in form["x0"].help and "in inches" in form["height"].help
    assert "1 in or more is an obstacle" in form["height"].help and "right of its left face" in form["x1"].help


def test_every_key_a_feature_writes_has_a_control_and_every_piece_key_a_form():
    """Issue 26 "the editor offers every piece … that the rule sets declare": each key of a feature (its ``x`` as
    two ends) has a control, and each registered piece key has a declared form."""
    keys = {c.key for c in controls(TERRAIN, "features")}
    assert {"x" if k in ("x0", "x1") else k for k in keys} == set(features.FEATURE_KEYS)
    for key in piece_keys():
        assert piece_declaration(key) and controls(TERRAIN, key), key
    assert piece_declaration("tables") == () and controls(TERRAIN, "tables") == ()


def test_a_height_battlefields_piece_lengths_are_numbers():
    """On a Height battlefield a length is a number (across in drawing units, up in Height levels), as a
    section's is."""
    form = by_key(blank("height", ()))
    assert (form["x0"].kind, form["height"].kind) == ("number", "number")
    assert "drawing units" in form["x0"].help and "Height levels" in form["height"].help


@pytest.mark.parametrize("key, text, value", [
    ("id", "north-wall", "north-wall"), ("name", "North wall", "North wall"), ("on", "yard", "yard"),
    ("x0", "12.5", 12.5), ("x1", "13 1/4 in", "13 1/4 in"), ("height", "2", 2), ("opening", "archway", "archway")])
def test_shown_read_and_set_value_round_trip(key, text, value):
    """Issue 26 "checked as you type": a typed field is written as read (a number when it is one, else the text
    for the importer to read), and the field shows it back as typed."""
    doc = add_piece(TERRAIN, "features", {"id": "w", "name": "Wall", "on": "ground", "x": [10, 11], "height": 1})
    control = by_key(doc)[key]
    new = set_value(doc, FEATURE, key, read(control, text))
    obj = new["features"][0]
    assert (obj["x"][0 if key == "x0" else 1] if key in ("x0", "x1") else obj[key]) == value
    assert shown(obj, control) == text
    assert set_value(new, FEATURE, key, read(control, shown(doc["features"][0], control))) == doc
    assert doc["features"][0]["x"] == [10, 11] and TERRAIN.get("features") is None  # never mutated


def test_an_emptied_opening_goes_and_an_end_of_an_unwritten_span_is_written_alone():
    """``opening`` left empty removes the key (a solid feature); an end typed where no ``x`` is written yet starts
    ``[left, null]``, for the importer to ask for the other end."""
    doc = add_piece(TERRAIN, "features", {"id": "w", "opening": "door-open"})
    opening = by_key(doc)["opening"]
    assert shown(doc["features"][0], opening) == "door-open"
    assert set_value(doc, FEATURE, "opening", read(opening, ""))["features"] == [{"id": "w"}]
    assert set_value(doc, FEATURE, "x0", 3)["features"] == [{"id": "w", "opening": "door-open", "x": [3, None]}]
    with pytest.raises(EditError, match='There is no features "1" on this battlefield'):
        set_value(doc, ("features", "1"), "name", "Gate")


def test_a_feature_built_entirely_through_the_form_imports_with_no_problems():
    """Issue 26: "any document the editor accepts imports again": an empty feature has the importer's five
    "missing" problems; each field typed clears its own, and the feature read is the one typed."""
    doc = add_piece(TERRAIN, "features", {})
    assert [(p.place, p.message, p.piece) for p in check(doc).problems] == [
        ("features[0]", f"missing {k!r}", FEATURE) for k in ("id", "name", "on", "x", "height")]
    typed = {"id": "gate-wall", "name": "Gate wall", "on": "ground", "x0": "20", "x1": "20 1/2 in",
             "height": "1.5", "opening": "door-closed"}
    form = by_key(doc)
    for key, text in typed.items():
        doc = set_value(doc, FEATURE, key, read(form[key], text))
    assert doc["features"] == [{"id": "gate-wall", "name": "Gate wall", "on": "ground", "x": [20, "20 1/2 in"],
                                "height": 1.5, "opening": "door-closed"}]
    checked = check(doc)
    assert checked.problems == () and checked.scenario is not None
    assert checked.scenario.field.features == (
        Feature("gate-wall", "Gate wall", "ground", Fraction(20), Fraction(41, 2), Fraction(3, 2), "door-closed"),)


def test_a_new_feature_is_a_small_wall_in_the_middle_of_its_section():
    """Issue 26, a piece added "starts valid": a wall 1/2 in thick and 1 in high (an obstacle, T1) in the middle
    of the section it is added on, numbered after the features there are."""
    wall = new_piece(TERRAIN, "features")
    assert wall == {"id": "feature-1", "name": "Wall 1", "on": "ground", "x": [23.75, 24.25], "height": 1}
    doc = add_piece(TERRAIN, "features", wall)
    assert check(doc).problems == ()
    doc, yard = add_section(doc, x0=48, x1=60, elevation=0)
    on_yard = new_piece(doc, "features", yard)
    assert on_yard == {"id": "feature-2", "name": "Wall 2", "on": "section-2", "x": [53.75, 54.25], "height": 1}
    assert new_piece(doc, "features", "nowhere")["on"] == "ground"  # no such section: the first


def test_a_new_feature_stands_clear_of_the_others_on_its_section():
    """``docs/rules.md`` › Feature: "not overlapping another feature on the same section": a new one goes in the
    clear gap nearest the middle, narrowed to the widest gap when none holds it, and its id skips one taken."""
    doc = TERRAIN
    for _ in range(3):
        doc = add_piece(doc, "features", new_piece(doc, "features"))
    assert [f["x"] for f in doc["features"]] == [[23.75, 24.25], [23.25, 23.75], [24.25, 24.75]]
    assert check(doc).problems == ()
    narrow = set_value(TERRAIN, ("section", "ground"), "x", [0, 1])
    narrow = add_piece(narrow, "features", {"id": "feature-2", "name": "Post", "on": "ground", "x": [0.25, 0.75],
                                            "height": 2})
    squeezed = new_piece(narrow, "features")
    assert (squeezed["id"], squeezed["x"]) == ("feature-3", [0, 0.25])  # the first of two gaps as wide
    assert check(add_piece(narrow, "features", squeezed)).problems == ()


def test_a_new_feature_without_a_section_leaves_its_place_to_the_importer():
    """With no section to stand on, ``on`` and ``x`` are left out, for the importer to ask for."""
    doc = {**TERRAIN, "sections": []}
    assert new_piece(doc, "features") == {"id": "feature-1", "name": "Wall 1", "height": 1}
    assert new_piece(TERRAIN, "tables") == {}


def test_a_feet_battlefields_new_feature_is_in_feet_exactly():
    """The declared lengths carry their unit (1/2 in, 1 in): in feet they are written exactly, as fraction text
    where no float holds them."""
    doc = blank("feet", ())
    assert new_piece(doc, "features") == {"id": "feature-1", "name": "Wall 1", "on": "ground",
                                          "x": ["1439/48", "1441/48"], "height": "1/12"}


def test_a_piece_declared_the_same_way_later_has_a_form_and_a_new_piece_with_no_editor_code(monkeypatch):
    """Issue 26 "a rule set added later appears in it with no editor code": a rule set reading a new piece
    kind, whose reader module declares ``FORM`` as features do, gets its controls and its new piece."""
    reader = types.ModuleType("vertigo.beacons")
    reader.FORM = (  # type: ignore[attr-defined]
        PieceKey("id", "Id", "its id", "id", new="beacon"),
        PieceKey("on", "Section", "where it burns", "section"),
        PieceKey("x", "edge", "across, in {unit}", "span", new="2 ft"),
        PieceKey("glow", "Glow", "how far it lights, in {unit}", "length", new="10 ft"),
        PieceKey("colour", "Colour", "its flame", "choice", choices=("red", "white"), new="red"))
    monkeypatch.setitem(sys.modules, "vertigo.beacons", reader)
    rule_set = RuleSet("beacons-test", "Beacons", "none.txt", ("feet",), pieces=("beacons",))
    with REGISTRY.adding(rule_set):
        doc = blank("feet", ("beacons-test",))
        assert [(c.key, c.label, c.kind) for c in controls(doc, "beacons")] == [
            ("id", "Id", "text"), ("on", "Section", "section"), ("x0", "Left edge", "length"),
            ("x1", "Right edge", "length"), ("glow", "Glow", "length"), ("colour", "Colour", "choice")]
        assert new_piece(doc, "beacons") == {"id": "beacon-1", "on": "ground", "x": [29, 31], "glow": 10,
                                             "colour": "red"}
    assert controls(doc, "beacons") == ()
