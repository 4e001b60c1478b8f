"""The editor's form, built from the shared keys and the fields the rule sets declare (issue 26: "edit a
fighter's fields … in a form built from the declared fields"; "the editor offers every piece and field that
the rule sets declare, with their own labels, bounds and messages, so a rule set added later appears in it
with no editor code")."""

from __future__ import annotations

import pytest

from vertigo.editing import Control, blank, controls, read, shown, templates
from vertigo.rules import REGISTRY, default_rules


def keys(doc, on):
    return [(c.key, c.kind) for c in controls(doc, on)]


def test_a_height_section_has_its_shared_controls_then_the_declared_ones():
    """Issue 26: name, kind, ends and elevation (numbers in Height levels), no stairs (Height measures sections,
    not steps), then the rule sets' own (Blocks sight)."""
    doc = blank("height", default_rules("height"))
    assert keys(doc, "section") == [("name", "text"), ("kind", "choice"), ("x0", "number"), ("x1", "number"),
                                    ("elevation", "number"), ("blocks_sight", "flag")]
    sight = controls(doc, "section")[-1]
    assert (sight.label, sight.rule) == ("Blocks sight", "the Height rules")
    assert controls(doc, "section")[1].choices == ("ground", "slab")


def test_a_feet_section_has_stairs_and_lengths():
    """Issue 26 "sections (ground, slab, stairs)": stairs in feet and inches; lengths take their unit."""
    doc = blank("feet", default_rules("feet"))
    assert keys(doc, "section") == [("name", "text"), ("kind", "choice"), ("x0", "length"), ("x1", "length"),
                                    ("elevation", "length"), ("stairs.rise", "length"), ("stairs.tread", "length")]


def test_fighter_border_and_scenario_controls():
    """Issue 26: a fighter's name, side, section and x, then its Move entries, actions and Height; a border's
    kind, x and id, then its stated Height and Climbing obstacle; the scenario's title and dice seed, then
    options."""
    doc = blank("height", default_rules("height"))
    assert keys(doc, "fighter") == [("name", "text"), ("side", "text"), ("section", "section"), ("x", "number"),
                                    ("moves", "entries"), ("actions", "entries"), ("height", "number")]
    height = controls(doc, "fighter")[-1]
    assert (height.low, height.high, height.label) == (0, 1000, "Height property")
    assert keys(doc, "border") == [("kind", "choice"), ("x", "number"), ("id", "text"), ("height", "number"),
                                   ("climbing", "number")]
    assert controls(doc, "border")[0].choices == ("", "stair", "ladder")
    inches = blank("inches", default_rules("inches"))
    assert keys(inches, "scenario") == [("title", "text"), ("dice_seed", "whole"), ("options.fall_scale", "length")]
    assert controls(inches, "scenario")[1].high == 2**53 - 1


def test_declared_kinds_map_to_control_kinds():
    """fields.py's kinds: Whole → whole with its bounds; Choice → its choices ("" first when unset);
    Flag → flag; another kind (a Move fraction, a footing) → text."""
    jumping = next(t.doc for t in templates() if t.key.startswith("rules-") and t.doc["units"] == "feet"
                   and any(c.key == "size" for c in controls(t.doc, "fighter")))
    by_key = {c.key: c for c in controls(jumping, "fighter")}
    assert (by_key["move_tiles"].kind, by_key["move_tiles"].low, by_key["move_tiles"].high) == ("whole", 1, 50)
    assert by_key["size"].choices == ("", "Tiny", "Small", "Medium", "Large")
    assert (by_key["athletics"].kind, by_key["move_fraction"].kind) == ("flag", "text")


@pytest.mark.parametrize("rule_id", list(REGISTRY))
def test_every_declared_field_of_every_rule_set_has_a_control(rule_id):
    """Issue 26: "every declared field of every rule set has a form control", in a draft naming it."""
    r = REGISTRY[rule_id]
    doc = blank(r.units[0], (rule_id,))
    for d in (*r.fields, *r.options):
        key = f"options.{d.key}" if d.on == "scenario" else d.key
        assert key in [c.key for c in controls(doc, d.on)], (rule_id, d.key)


def test_shown_gives_the_inputs_text():
    """Issue 26 "checked as you type": the text an input shows for the current value."""
    section = {"id": "s", "name": "Hall", "elevation": 2.5, "x": [0, "2 ft 8 in"], "stairs": {"rise": 1}}
    assert shown(section, Control("x0", "", "", "length")) == "0"
    assert shown(section, Control("x1", "", "", "length")) == "2 ft 8 in"
    assert shown(section, Control("elevation", "", "", "number")) == "2.5"
    assert shown(section, Control("stairs.rise", "", "", "length")) == "1"
    assert shown(section, Control("stairs.tread", "", "", "length")) == ""
    fighter = {"moves": ["Move 1", "Fly 2"], "athletics": True, "footing": {"kind": "poor", "mp": 2}}
    assert shown(fighter, Control("moves", "", "", "entries")) == "Move 1\nFly 2"
    assert shown(fighter, Control("athletics", "", "", "flag")) == "true"
    assert shown(fighter, Control("footing", "", "", "text", rule="r")) == '{"kind": "poor", "mp": 2}'
    assert shown(["a", "b"], Control("kind", "", "", "choice")) == ""
    assert shown({"options": {"fall_scale": "5 ft"}}, Control("options.fall_scale", "", "", "length")) == "5 ft"


@pytest.mark.parametrize("kind, rule, text, value", [
    ("number", "", "2", 2), ("number", "", " 2.5 ", 2.5), ("number", "", "2.0", 2), ("number", "", "abc", "abc"),
    ("length", "", "2 ft 8 in", "2 ft 8 in"), ("whole", "", "7", 7), ("number", "", "", None),
    ("text", "", "  ", None), ("text", "", "12", "12"), ("flag", "r", "true", True), ("flag", "r", "off", False),
    ("flag", "r", "maybe", "maybe"), ("entries", "r", "Move 1\n\n Fly 2 \n", ["Move 1", "Fly 2"]),
    ("text", "r", '{"kind": "poor", "mp": 2}', {"kind": "poor", "mp": 2}), ("text", "r", "1/2", "1/2"),
    ("text", "r", "0.5", 0.5), ("choice", "r", "Medium", "Medium"), ("number", "", "nan", "nan")])
def test_read_gives_the_json_value_to_write(kind, rule, text, value):
    """Issue 26: "the importer's own messages at their place": the value as typed when it is not one of the
    control's kind, for the importer to report; empty text removes the key."""
    got = read(Control("k", "", "", kind, rule=rule), text)
    assert got == value and type(got) is type(value)
