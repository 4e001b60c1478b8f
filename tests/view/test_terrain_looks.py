"""The side view draws what the terrain is: a section that blocks sight hatched (H11), a stair border as a flight of
treads and a ladder border as rails and rungs, each with its Height tag, the tag showing a border's stated Height
(H15), a Climbing obstacle as a wall with holds (H9); and the Rules glossary's key explains each, with the floor
that hides (H10).

Source: issue 23 ("Sight-blocking sections are drawn as such (hatched woods or smoke), stairs as stairs, ladders
as ladders. The Rules glossary explains each"); rulings H9 ("A Climbing obstacle has a Height"), H10 ("A slab
... blocks the shot between a fighter standing on it or above it and a fighter beneath it"), H11 ("A section may
be marked as blocking sight"), H15 ("A border may state its own Height ... Movement and falls use the stated
Height"), ``RULINGS.md``.  The Height rules' fields are drawn from their own view
(``vertigo.rules.height.view.looks``); the renderer offers the hook (``vertigo_view.looks``) and names no rule set.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import vertigo.rules.height.view  # noqa: F401  (registers the Height rules' looks, as the page's import of its mode does)
from vertigo import scenario as scenario_mod
from vertigo.battlefield import Border, Section
from vertigo.table import Table
from vertigo_view import looks
from vertigo_view.panels import glossary, to_html
from vertigo_view.side_view import render

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
NS = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(1)</script>"


def table(name: str, **changes: object) -> Table:
    doc = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    doc.update(changes)
    return Table.start(scenario_mod.load(doc))


def drawn(t: Table) -> ET.Element:
    return ET.fromstring(render(t))


def classes(e: ET.Element) -> list[str]:
    return (e.get("class") or "").split()


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in classes(e)]


def border(root: ET.Element, a: str, b: str) -> ET.Element:
    found = root.find(f".//{NS}g[@id='border-{a}--{b}']")
    assert found is not None, (a, b)
    return found


def tag(root: ET.Element, a: str, b: str) -> list[str | None]:
    """The texts of a border's Height tag in the labels layer ([] where it has none)."""
    return [e.text for g in root.iter(f"{NS}g") if g.get("data-border") == f"{a}|{b}" and "border-mark" in classes(g)
            for e in g.iter(f"{NS}text")]


def title(e: ET.Element) -> str | None:
    t = e.find(f"{NS}title")
    return None if t is None else t.text


def test_a_sight_blocking_section_is_hatched_and_says_so() -> None:
    """H11: Tower and wood's Wood carries ``blocks_sight``: its group is ``.sight-blocking``, a screen 3/4 of a
    Height level tall (30 SVG units) stands on its surface filled with the hatch pattern, and its name says it
    blocks sight; no other section is hatched."""
    root = drawn(table("tower-and-wood.json"))
    (wood,) = by_class(root, "sight-blocking")
    assert wood.get("data-section") == "wood" and classes(wood) == ["section", "ground", "sight-blocking"]
    assert wood.get("aria-label") == title(wood) == "Section Wood, Height 1; blocks sight (H11)"
    (screen,) = by_class(wood, "screen")
    assert screen.attrib == {"class": "screen", "x": "864.0", "y": "-70.0", "width": "192.0", "height": "30.0",
                             "fill": "url(#sight-hatch)"}
    pattern = root.find(f"{NS}defs/{NS}pattern")
    assert pattern is not None and pattern.get("id") == "sight-hatch"


def test_a_battlefield_with_no_sight_blocking_section_draws_no_hatch() -> None:
    """H11: where nothing blocks sight, neither the pattern nor a screen is drawn (Ruined street)."""
    root = drawn(table("ruined-street.json"))
    assert root.find(f"{NS}defs/{NS}pattern") is None
    assert by_class(root, "sight-blocking") == [] and by_class(root, "screen") == []


def test_a_ladder_draws_two_rails_and_rungs_and_its_tag_shows_its_stated_height() -> None:
    """H15: the tower's ladder, between the tower floor (0) and the tower top (3), states Height 1: two rails from
    the floor to the top (120 SVG units), 9 rungs, a tag "H1 ladder"; its title keeps the difference and adds
    what moves and falls use."""
    root = drawn(table("tower-and-wood.json"))
    g = border(root, "tower-floor", "tower-top")
    assert classes(g) == ["border", "ladder", "stated"] and g.get("data-height") == "3"
    assert title(g) == ("Border Tower floor – Tower top: Height 3, a ladder; moves and falls across it use its "
                        "stated Height 1 (H15)")
    rails = by_class(g, "ladder-rail")
    assert [(e.get("x1"), e.get("y1"), e.get("x2"), e.get("y2")) for e in rails] == [
        ("-4", "0", "-4", "-120.0"), ("4", "0", "4", "-120.0")]
    rungs = by_class(g, "ladder-rung")
    assert len(rungs) == 9 and rungs[0].get("y1") == "-6.67" and rungs[-1].get("y1") == "-113.33"
    (across,) = by_class(g, "px-across")
    assert "ladder-marks" in classes(across)
    assert tag(root, "tower-floor", "tower-top") == ["H1 ladder"]


def test_a_stair_draws_a_flight_of_treads_rising_toward_the_upper_floor() -> None:
    """H15: the stair up to the loft (Height 2 apart, stated 1) is a flight of 5 treads 24 px wide, from the hall
    floor left of the border (the loft lies to its right) up to the loft at the border; its tag is "H1 stair"."""
    root = drawn(table("tower-and-wood.json"))
    g = border(root, "hall", "loft")
    assert classes(g) == ["border", "stair", "stated"] and g.get("data-height") == "2"
    (flight,) = by_class(g, "stair-mark")
    assert flight.tag == f"{NS}polygon"
    assert flight.get("points") == ("-24.0,0.0 -24.0,-16.0 -19.2,-16.0 -19.2,-32.0 -14.4,-32.0 -14.4,-48.0 "
                                    "-9.6,-48.0 -9.6,-64.0 -4.8,-64.0 -4.8,-80.0 0.0,-80.0 0.0,0.0")
    assert tag(root, "hall", "loft") == ["H1 stair"]


def test_ruined_streets_bakery_stair_is_tagged_h0_stair() -> None:
    """H15 on Ruined street: the bakery's inner stair states Height 0, so its tag says "H0 stair" where it said
    "H2"; the border still measures 2 (``data-height``), which range and sight use."""
    root = drawn(table("ruined-street.json"))
    g = border(root, "bakery-floor", "bakery-upper")
    assert classes(g) == ["border", "stair", "stated"] and g.get("data-height") == "2"
    assert len(by_class(g, "stair-mark")) == 1
    assert tag(root, "bakery-floor", "bakery-upper") == ["H0 stair"]
    assert tag(root, "bakery-upper", "bakery-roof") == ["H2"]


def test_a_climbing_obstacle_is_a_wall_with_holds_and_a_climb_tag() -> None:
    """H9: the wall between the ditch (0) and the rampart (2) is a Climbing obstacle of Height 2: a wall 6 px wide
    and 80 SVG units tall from the ditch up, 8 holds on alternate sides, the tag "H2 · climb 2"."""
    root = drawn(table("tower-and-wood.json"))
    g = border(root, "ditch", "rampart")
    assert classes(g) == ["border", "climbing"]
    assert title(g) == "Border Ditch – Rampart: Height 2; a Climbing obstacle of Height 2 (H9)"
    (wall,) = by_class(g, "climb-wall")
    assert (wall.get("x"), wall.get("y"), wall.get("width"), wall.get("height")) == ("-3", "-80.0", "6", "80.0")
    holds = by_class(g, "hold")
    assert len(holds) == 8 and [h.get("x1") for h in holds[:2]] == ["3", "-7"]
    assert tag(root, "ditch", "rampart") == ["H2 · climb 2"]


def test_a_climbing_wall_on_level_ground_stands_its_own_height_and_is_tagged() -> None:
    """H9: a wall of Height 3 between two fields at the same height — no Height tag of its own (H1), but a wall
    3 levels tall (120 SVG units) from the ground and the tag "climb 3"."""
    doc: dict[str, Any] = {
        "vertigo": 2, "title": "Wall", "rules": ["height"],
        "sections": [{"id": "a", "name": "A", "elevation": 0, "x": [0, 4]},
                     {"id": "b", "name": "B", "elevation": 0, "x": [4, 8]}],
        "borders": [{"between": ["a", "b"], "climbing": 3}]}
    root = drawn(Table.start(scenario_mod.load(doc)))
    g = border(root, "a", "b")
    assert classes(g) == ["border", "flat", "climbing"]
    (wall,) = by_class(g, "climb-wall")
    assert (wall.get("y"), wall.get("height")) == ("-120.0", "120.0")
    assert tag(root, "a", "b") == ["climb 3"]


def test_a_stated_height_without_a_kind_is_tagged_stated() -> None:
    """H15: a border that states a Height and has no kind says "H1 stated"; one of kind stair that states none
    keeps its plain Height tag and is still drawn as a stair."""
    doc: dict[str, Any] = {
        "vertigo": 2, "title": "Ramps", "rules": ["height"],
        "sections": [{"id": "a", "name": "A", "elevation": 0, "x": [0, 4]},
                     {"id": "b", "name": "B", "elevation": 3, "x": [4, 8]},
                     {"id": "c", "name": "C", "elevation": 1, "x": [8, 12]}],
        "borders": [{"between": ["a", "b"], "height": 1}, {"between": ["b", "c"], "kind": "stair"}]}
    root = drawn(Table.start(scenario_mod.load(doc)))
    assert tag(root, "a", "b") == ["H1 stated"] and classes(border(root, "a", "b")) == ["border", "stated"]
    assert tag(root, "b", "c") == ["H2"] and classes(border(root, "b", "c")) == ["border", "stair"]
    (flight,) = by_class(border(root, "b", "c"), "stair-mark")
    # C lies right of the border and is the lower: the flight's foot is on C's side, rising to the left.
    assert flight.get("points", "").startswith("24.0,0.0 24.0,")


def test_a_ladder_is_drawn_by_its_kind_on_a_feet_battlefield_too() -> None:
    """The renderer draws a border's kind whatever rule sets referee it: the levels rules' loft ladder, 10 ft, has
    its rails and rungs and keeps its "10 ft" tag (no Height rules' field on it)."""
    doc = {"vertigo": 2, "title": "Loft", "units": "feet", "rules": ["levels"],
           "sections": [{"id": "floor", "name": "Floor", "elevation": 0, "x": [0, 10]},
                        {"id": "loft", "name": "Loft", "elevation": 10, "x": [10, 20]}],
           "borders": [{"between": ["floor", "loft"], "id": "rope", "kind": "ladder"}]}
    root = drawn(Table.start(scenario_mod.load(doc)))
    g = border(root, "floor", "loft")
    assert classes(g) == ["border", "ladder"] and len(by_class(g, "ladder-rail")) == 2
    assert len(by_class(g, "ladder-rung")) >= 2
    assert tag(root, "floor", "loft") == ["10 ft"]


def test_a_hostile_name_on_a_sight_blocking_section_stays_text() -> None:
    """Every user string escaped: a wood named like a script is drawn as text in its title and accessible name."""
    doc = json.loads((SCENARIOS / "tower-and-wood.json").read_text(encoding="utf-8"))
    assert doc["sections"][7]["id"] == "wood"
    doc["sections"][7]["name"] = HOSTILE
    svg = render(Table.start(scenario_mod.load(doc)))
    assert "<script>" not in svg
    (wood,) = by_class(ET.fromstring(svg), "sight-blocking")
    assert title(wood) == wood.get("aria-label") == f"Section {HOSTILE}, Height 1; blocks sight (H11)"


def text(e: ET.Element) -> str:
    return "".join(e.itertext()).strip()


def test_the_rules_glossary_has_the_drawings_key() -> None:
    """H1, H9, H10, H11, H15: under the rules, "In the side view" lists the Height tag, the stair, the ladder,
    the hatch, the floor, the stated Height and the climbing wall, each with a small picture and its rule linked to
    its glossary entry.  (Other rule sets' lines, registered when their views are imported, are left out.)"""
    root = ET.fromstring(to_html(glossary()))
    (key,) = [e for e in root.iter("dl") if e.get("data-testid") == "drawing-key"]
    ours = ["height-tag", "stair", "ladder", "sight-blocking", "floor", "stated", "climbing"]
    rows = [(dt, dd) for dt, dd in zip(key.iter("dt"), key.iter("dd"), strict=True) if dt.get("data-swatch") in ours]
    terms = [text(dt) for dt, _ in rows]
    assert terms == ["H3", "Stair", "Ladder", "Hatched", "Floor", "H1 ladder", "climb 2"]
    assert [dt.get("data-swatch") for dt, _ in rows] == ours
    swatches = [span for dt, _ in rows for span in dt.iter("span") if "swatch" in classes(span)]
    assert len(swatches) == 7 and all(s.get("aria-hidden") == "true" for s in swatches)
    links = [[a.get("href") for a in dd.iter("a")] for _, dd in rows]
    assert links == [["#rule-h1"], [], [], ["#rule-h11"], ["#rule-h10"], ["#rule-h15"], ["#rule-h9"]]
    hatched = rows[3][1]
    assert text(hatched) == ("Woods, smoke or a curtain wall: a shot whose line passes through it is blocked, "
                             "whatever its Height; the sections the two fighters stand on never block their own "
                             "shot. H11")


def _test_look(section: Section, place: looks.Place) -> looks.Look | None:
    return looks.Look(("test-mark",), "a test mark") if section.id == "field" else None


def _test_tag(b: Border, difference: Fraction, place: looks.Place) -> looks.Look | None:
    return looks.Look(tag="T!") if (b.a, b.b) == ("rocks", "hall") else None


def test_a_rule_set_adds_its_looks_through_the_renderers_hook() -> None:
    """The renderer's hook names no rule set: a look registered under another owner marks a section, tags a flat
    border and adds its key line; once it is gone, the drawing of the same table is as before (the renderer's
    memo forgets the tags it worked out with it)."""
    t = table("tower-and-wood.json")
    before = render(t)
    owners = [r.owner for r in looks.registered()]
    assert "height" in owners
    extra = looks.TerrainLooks("test-owner", _test_look, _test_tag, key=(looks.KeyEntry("test", "Test", "A test."),))
    with looks.adding(extra):
        root = drawn(t)
        field = root.find(f".//{NS}g[@id='section-field']")
        assert field is not None and "test-mark" in classes(field)
        assert title(field) == "Section West field, Height 0; a test mark"
        assert tag(root, "rocks", "hall") == ["T!"]
        assert looks.drawing_key()[-1].term == "Test"
        with pytest.raises(ValueError, match="test-owner"), looks.adding(extra):
            pass
    assert render(t) == before
    assert [r.owner for r in looks.registered()] == owners
