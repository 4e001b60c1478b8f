"""The side view draws each terrain feature on its section: an obstacle solid and low terrain speckled, by its
measured height (T1), an opening at an obstacle's foot as a closed door's leaf, an open door's swung leaf or an
arched gap (T5); each with its title, a tag over its top that gives way like the Height tags, and no click of its
own (a click on it is a click on its section).

Source: ``002_c9100305c0bcca6b.txt`` › Obstacles ("extends vertically 1\\" or more"), Low terrain ("less than
1\\""), Archways and doors; rulings T1 ("Obstacle: ... rises ≥ 1\\" from its floor; low terrain: < 1\\"") and T5
(doors and archways), ``RULINGS.md``; issue 24 ("Drawn: features (obstacle or low terrain), openings ... The new
pieces meet the side view's tap-region and label rules").  The drawing comes from the rule set's own view
(``vertigo.rules.terrain.view.looks``) through the renderer's hook (``vertigo_view.looks``).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import vertigo.rules.terrain.view  # noqa: F401  (registers the Terrain features rules' looks, as the page's import of its mode does)
from vertigo import scenario as scenario_mod
from vertigo.errors import ScenarioError
from vertigo.table import Table
from vertigo.text import FSI, PDI
from vertigo_view.panels import glossary, to_html
from vertigo_view.side_view import render

NS = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(1)</script>"


def doc(**changes: Any) -> dict[str, Any]:
    """A yard 24 in wide with a slab at 3 in over its left 8 in, a ladder up to it, and a feature of each kind:
    a 4 in wall with a closed door, a railing 1 1/4 in on the slab, a heap of rubble 3/4 in, a 3 in wall with an
    archway, a kerb exactly 1 in, a step of 0.99 in and a gate 1 1/2 in with an open door."""
    d: dict[str, Any] = {
        "vertigo": 2, "title": "Yard", "units": "inches", "rules": ["terrain"],
        "sections": [{"id": "ground", "name": "Ground", "elevation": 0, "x": [0, 24]},
                     {"id": "slab", "name": "Slab", "elevation": 3, "x": [0, 8], "kind": "slab"}],
        "borders": [{"between": ["ground", "slab"], "x": 8, "id": "ladder", "kind": "ladder"}],
        "features": [
            {"id": "wall", "name": "Left wall", "on": "ground", "x": [0, 0.5], "height": 4, "opening": "door-closed"},
            {"id": "railing", "name": "Railing", "on": "slab", "x": [7.5, 8], "height": 1.25},
            {"id": "rubble", "name": "Rubble", "on": "ground", "x": [12, 13], "height": 0.75},
            {"id": "arch", "name": "Arch wall", "on": "ground", "x": [16, 16.5], "height": 3, "opening": "archway"},
            {"id": "kerb", "name": "Kerb", "on": "ground", "x": [18, 19], "height": 1},
            {"id": "step", "name": "Step", "on": "ground", "x": [20, 21], "height": 0.99},
            {"id": "gate", "name": "Gate", "on": "ground", "x": [22, 22.5], "height": 1.5, "opening": "door-open"}],
        "fighters": [{"id": "scout", "name": "Scout", "side": "Blue", "section": "ground", "x": 10, "move": 4}]}
    d.update(changes)
    return d


def drawn(d: dict[str, Any] | None = None) -> ET.Element:
    return ET.fromstring(render(Table.start(scenario_mod.loads(json.dumps(d or doc())))))


def classes(e: ET.Element) -> list[str]:
    return (e.get("class") or "").split()


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in classes(e)]


def feature(root: ET.Element, fid: str) -> ET.Element:
    (g,) = [g for g in root.iter(f"{NS}g") if g.get("data-feature") == fid]
    return g


def title(e: ET.Element) -> str | None:
    t = e.find(f"{NS}title")
    return None if t is None else t.text


def tag(root: ET.Element, fid: str) -> list[str | None]:
    """The texts of a feature's tag in the labels layer ([] where it has none)."""
    labels = root.find(f"{NS}g[@id='labels']")
    assert labels is not None
    return [t.text for g in labels.iter(f"{NS}g") if g.get("data-feature-tag") == fid for t in g.iter(f"{NS}text")]


def surface_y(root: ET.Element, section: str) -> float:
    """The y of a flat section's surface line, SVG units."""
    sg = root.find(f".//{NS}g[@id='section-{section}']")
    assert sg is not None
    (line,) = [e for e in sg.findall(f"{NS}line") if "surface" in classes(e)]
    return float(line.get("y1", "nan"))


def test_each_feature_is_drawn_once_in_the_group_of_the_section_it_stands_on() -> None:
    """T1: every feature of the document is one ``g.feature[data-feature]``, in document order on its section:
    the wall, rubble, archway, kerb, step and gate on the ground, the railing on the slab; nowhere else in the
    drawing does an element carry ``data-feature``."""
    root = drawn()
    assert [g.get("data-feature") for g in root.iter() if g.get("data-feature") is not None] == [
        "wall", "rubble", "arch", "kerb", "step", "gate", "railing"]
    for section, ids in (("ground", ["wall", "rubble", "arch", "kerb", "step", "gate"]), ("slab", ["railing"])):
        sg = root.find(f".//{NS}g[@id='section-{section}']")
        assert sg is not None
        assert [g.get("data-feature") for g in sg.findall(f"{NS}g")] == ids


def test_one_inch_is_an_obstacle_and_just_under_it_is_low_terrain() -> None:
    """T1 at its edge: the kerb, exactly 1 in, is an obstacle, drawn solid with no pattern; the step, 0.99 in, is
    low terrain, speckled; their titles and tags say which."""
    root = drawn()
    kerb, step = feature(root, "kerb"), feature(root, "step")
    assert classes(kerb) == ["feature", "obstacle"] and classes(step) == ["feature", "low-terrain"]
    assert title(kerb) == "Kerb — obstacle, 1 in" and title(step) == "Step — low terrain, 0.99 in"
    (solid,) = by_class(kerb, "feature-body")
    (speckled,) = by_class(step, "feature-body")
    assert solid.get("fill") is None and speckled.get("fill") == "url(#rubble-speckle)"
    assert tag(root, "kerb") == ["T1 obstacle 1 in"] and tag(root, "step") == ["T1 low 0.99 in"]
    pattern = root.find(f"{NS}defs/{NS}pattern[@id='rubble-speckle']")
    assert pattern is not None


def test_every_feature_is_classed_titled_and_tagged_by_its_kind_and_opening() -> None:
    """T1, T5: the class says obstacle or low terrain and the opening; the title, the name and then the kind,
    the height and the opening; the tag, the rule and the height (and T5 with the opening)."""
    root = drawn()
    want = {
        "wall": (["feature", "obstacle", "door-closed"], "Left wall — obstacle, 4 in, closed door",
                 "T1 4 in · T5 door"),
        "railing": (["feature", "obstacle"], "Railing — obstacle, 1.25 in", "T1 obstacle 1.25 in"),
        "rubble": (["feature", "low-terrain"], "Rubble — low terrain, 0.75 in", "T1 low 0.75 in"),
        "arch": (["feature", "obstacle", "archway"], "Arch wall — obstacle, 3 in, archway", "T1 3 in · T5 archway"),
        "gate": (["feature", "obstacle", "door-open"], "Gate — obstacle, 1.5 in, open door",
                 "T1 1.5 in · T5 open door"),
    }
    for fid, (cls, name, text) in want.items():
        g = feature(root, fid)
        assert (classes(g), title(g), tag(root, fid)) == (cls, name, [text]), fid


def test_a_features_top_is_its_height_above_its_sections_surface() -> None:
    """T1 (its measured height is what it is): drawn at 30 SVG units an inch, each feature's body stands on its
    section's surface line and its top is its height above it — the wall 4 in (120 units) over the ground at 0,
    the railing 1 1/4 in (37.5) over the slab at 3 in (y −90), the rubble 3/4 in (22.5) — from its left face to
    its right."""
    root = drawn()
    assert root.get("data-per-unit") == "30"
    ground, slab = surface_y(root, "ground"), surface_y(root, "slab")
    assert (ground, slab) == (0.0, -90.0)
    railing = by_class(feature(root, "railing"), "feature-body")[0]
    assert railing.attrib == {"class": "feature-body", "x": "225.0", "y": "-127.5", "width": "15.0",
                              "height": "37.5"}
    assert slab - float(railing.get("y", "nan")) == 1.25 * 30
    rubble = by_class(feature(root, "rubble"), "feature-body")[0]
    assert (rubble.get("x"), rubble.get("y"), rubble.get("width"), rubble.get("height")) == (
        "360.0", "-22.5", "30.0", "22.5")
    wall = by_class(feature(root, "wall"), "feature-body")[0]
    assert (wall.get("y"), ground - float(wall.get("y", "nan"))) == ("-120.0", 4 * 30)
    for fid, height in (("kerb", 1), ("step", 0.99)):
        (body,) = by_class(feature(root, fid), "feature-body")
        assert float(body.get("y", "nan")) + float(body.get("height", "nan")) == ground
        assert ground - float(body.get("y", "nan")) == round(height * 30, 2)


def test_a_closed_door_fills_the_lower_two_inches_of_its_wall_with_its_leaf() -> None:
    """T5: the wall's door is 2 in tall (60 units) at its foot: the wall stands solid above it (from its top at
    −120 down to −60), the doorway's outline and a door leaf fill the gap across the wall's whole thickness
    (0 to 15), with its knob."""
    g = feature(drawn(), "wall")
    (body,) = by_class(g, "feature-body")
    assert (body.get("x"), body.get("y"), body.get("width"), body.get("height")) == ("0.0", "-120.0", "15.0", "60.0")
    (doorway,) = by_class(g, "doorway")
    (leaf,) = by_class(g, "door-leaf")
    for e in (doorway, leaf):
        assert (e.get("x"), e.get("y"), e.get("width"), e.get("height")) == ("0.0", "-60.0", "15.0", "60.0")
    (knob,) = by_class(g, "door-knob")
    assert (knob.get("cx"), knob.get("cy"), knob.get("r")) == ("11.25", "-27.0", "2.5")


def test_an_open_door_leaves_the_gap_open_and_its_leaf_swung_aside() -> None:
    """T5: the gate is 1 1/2 in tall, under 2 in, so its doorway is drawn 3/4 of its height, 1 1/8 in (33.75
    units), with a little wall over it: the gap outlined and its leaf swung out past its right face (at 675),
    13.5 units; no leaf in the gap, no knob."""
    g = feature(drawn(), "gate")
    assert by_class(g, "door-knob") == []
    (body,) = by_class(g, "feature-body")
    assert (body.get("x"), body.get("y"), body.get("width"), body.get("height")) == ("660.0", "-45.0", "15.0", "11.25")
    (doorway,) = by_class(g, "doorway")
    assert (doorway.get("x"), doorway.get("y"), doorway.get("width"), doorway.get("height")) == (
        "660.0", "-33.75", "15.0", "33.75")
    (leaf,) = by_class(g, "door-leaf")
    assert classes(leaf) == ["door-leaf", "swung"]
    assert leaf.get("points") == "675.0,-33.75 688.5,-30.38 688.5,0.0 675.0,0.0"


def test_an_archway_is_an_arched_gap_at_the_foot_of_its_wall() -> None:
    """T5: the arch wall, 3 in tall (−90), has a 2 in gap at its foot (to −60) whose top is an arch across its
    thickness (480 to 495, radius 7.5): the wall above ends in the arch, the doorway's outline follows it; no
    leaf."""
    g = feature(drawn(), "arch")
    assert by_class(g, "door-leaf") == []
    (body,) = by_class(g, "feature-body")
    assert body.get("d") == "M480.0 -90.0 H495.0 V-52.5 A7.5 7.5 0 0 0 480.0 -52.5 Z"
    (doorway,) = by_class(g, "doorway")
    assert doorway.get("d") == "M480.0 0.0 V-52.5 A7.5 7.5 0 0 1 495.0 -52.5 V0.0"


def test_a_feature_takes_no_click_from_the_section_it_stands_on() -> None:
    """Issue 24 (tap-region rules): a feature is not a place to stand, so it is drawn inside its section's
    group and is no button of its own (no role, no tab stop, no ``data-section``): a click on it finds its
    section; the tap regions are the sections' alone; the section's accessible name lists its features."""
    root = drawn()
    slab = root.find(f".//{NS}g[@id='section-slab']")
    assert slab is not None and slab.get("role") == "button"
    railing = feature(root, "railing")
    assert railing in list(slab)
    for g in by_class(root, "feature"):
        assert {"role", "tabindex", "data-section", "aria-label"}.isdisjoint(g.attrib)
    taps = root.find(f"{NS}g[@id='taps']")
    assert taps is not None and not [e for e in taps.iter() if e.get("data-feature") is not None]
    assert slab.get("aria-label") == "Section Slab, 3 in; Railing — obstacle, 1.25 in"


def test_a_wall_that_holds_up_a_floor_takes_the_place_of_its_post() -> None:
    """T1, T5: the slab's left post would stand over the left wall's door (the wall, 0 to 15 units, rises past
    the slab's underside): it is not drawn; its right post, over open ground, is (231 to 237, from under the
    plate at −78 down to the ground)."""
    slab = drawn().find(f".//{NS}g[@id='section-slab']")
    assert slab is not None
    posts = [(e.get("x"), e.get("y"), e.get("width"), e.get("height")) for e in by_class(slab, "post")]
    assert posts == [("231.0", "-78.0", "6", "78.0")]



def test_a_slabs_post_stands_on_the_feature_under_it() -> None:
    """T1: with a crate 2 in tall on the ground under the slab's right end (7.5 to 8 in), the slab's right post
    reaches down only to the crate's top (−60), not through it to the ground."""
    d = doc()
    d["features"].append({"id": "crate", "name": "Crate", "on": "ground", "x": [7.5, 8], "height": 2})
    slab = drawn(d).find(f".//{NS}g[@id='section-slab']")
    assert slab is not None
    posts = [(e.get("x"), e.get("y"), e.get("width"), e.get("height")) for e in by_class(slab, "post")]
    assert posts == [("231.0", "-78.0", "6", "18.0")]


def test_a_features_tag_stands_over_its_top_and_gives_way_first() -> None:
    """Issue 24 (label rules): each tag is a label of rank 3 in the labels layer (over the fighters, never taking
    a click), after the section names, so where two would overlap it gives way before a Height tag or a section
    name (``static/view.js``); it is pinned at the middle of its feature's top and never slides off it."""
    root = drawn()
    labels = root.find(f"{NS}g[@id='labels']")
    assert labels is not None
    ranked = [e for e in labels.iter() if "lbl" in classes(e)]
    names = [i for i, e in enumerate(ranked) if "section-name" in classes(e)]
    tags = [i for i, e in enumerate(ranked) if e.find(f"{NS}text[@class='feature-label']") is not None]
    assert len(tags) == 7 and max(names) < min(tags)
    marks = [g for g in labels.iter(f"{NS}g") if g.get("data-feature-tag")]
    assert [g.get("data-feature-tag") for g in marks] == ["wall", "railing", "rubble", "arch", "kerb", "step", "gate"]
    pins = {g.get("data-feature-tag"): pin for pin in labels for g in pin if g.get("data-feature-tag")}
    assert pins["railing"].get("transform") == "translate(232.5 -127.5)"
    assert pins["rubble"].get("transform") == "translate(375.0 -22.5)"
    for g in marks:
        (lbl,) = [e for e in g if "lbl" in classes(e)]
        assert (lbl.get("data-rank"), lbl.get("data-slide")) == ("3", None)


def test_a_hostile_feature_name_stays_text() -> None:
    """Every user string escaped: a wall named like a script is its title's text, never an element; a right-to-left
    name is isolated (FSI … PDI) so it cannot turn the words after it; a name with a bidirectional override
    (U+202E) is refused at its place."""
    d = doc()
    d["features"][0]["name"] = HOSTILE
    d["features"][1]["name"] = "מעקה"
    svg = render(Table.start(scenario_mod.loads(json.dumps(d))))
    assert "<script>" not in svg
    root = ET.fromstring(svg)
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    assert title(feature(root, "wall")) == f"{HOSTILE} — obstacle, 4 in, closed door"
    assert title(feature(root, "railing")) == f"{FSI}מעקה{PDI} — obstacle, 1.25 in"
    d["features"][2]["name"] = "evil\u202eelbbur"
    with pytest.raises(ScenarioError, match=r"features\[2\]\.name: must not contain bidirectional control "
                                            r"characters \(U\+202E\)"):
        scenario_mod.loads(json.dumps(d))


def test_a_feature_taller_than_every_section_is_inside_the_view() -> None:
    """T1: a tower 12 in tall on the ground (taller than the slab at 3 in and a miniature over it) is drawn whole:
    the view's top is above its top."""
    d = doc()
    d["features"][2].update(height=12, name="Tower")
    root = drawn(d)
    (body,) = by_class(feature(root, "rubble"), "feature-body")
    view_top = float((root.get("viewBox") or "").split()[1])
    assert float(body.get("y", "nan")) == -12 * float(root.get("data-per-unit") or "nan")
    assert view_top < float(body.get("y", "nan"))


def text(e: ET.Element) -> str:
    return "".join(e.itertext()).strip()


def test_the_rules_glossary_keys_obstacles_low_terrain_and_doors() -> None:
    """T1, T5: under the rules, the drawing's key shows the obstacle, low terrain and the door, each with its
    picture and its rule linked to its glossary entry."""
    root = ET.fromstring(to_html(glossary()))
    (key,) = [e for e in root.iter("dl") if e.get("data-testid") == "drawing-key"]
    rows = {dt.get("data-swatch"): (text(dt), [a.get("href") for a in dd.iter("a")])
            for dt, dd in zip(key.iter("dt"), key.iter("dd"), strict=True)}
    assert rows["obstacle"] == ("T1 obstacle 4 in", ["#rule-t1"])
    assert rows["low-terrain"] == ("T1 low 0.75 in", ["#rule-t1"])
    assert rows["door"] == ("T5 door", ["#rule-t5"])
