"""The side view of feet and inches battlefields: true scale, stairs, figures of their size, the levels dimension.

Structure and exact SVG numbers, parsed; the Height battlefields keep their
abstract frame (``test_side_view.py``).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_view.side_view import SIZE_BY_SM, Highlights, figure_height, render, render_fighters, render_overlay

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
NS = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(1)</script>"
FEET = ["staircase.json", "table-top-brawl.json", "ogre-at-the-wall.json"]


def doc_of(name: str) -> dict[str, Any]:
    return dict(json.loads((SCENARIOS / name).read_text()))


def table(name: str = "staircase.json") -> Table:
    return Table.start(scenario_mod.load(doc_of(name)))


def floor(*fighters: dict[str, Any], units: str = "feet") -> Table:
    """A flat 20-unit floor with the given fighters on it."""
    doc = {"vertigo": 2, "title": "Floor", "units": units, "dice_seed": 1,
           "sections": [{"id": "floor", "name": "Floor", "elevation": 0, "x": [0, 20]}], "borders": [],
           "fighters": [{"side": "A", "section": "floor", **f} for f in fighters]}
    return Table.start(scenario_mod.load(doc))


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def fighter(root: ET.Element, fid: str) -> ET.Element:
    g = root.find(f".//{NS}g[@data-fighter='{fid}']")
    assert g is not None
    return g


def num(e: ET.Element, attr: str) -> float:
    return float(e.get(attr))  # type: ignore[arg-type]


def path_ys(d: str) -> list[float]:
    """Every y of an SVG path made of absolute ``x,y`` pairs."""
    return [float(y) for _, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", d)]


def test_the_staircase_draws_ten_steps_with_each_tread_at_its_surface() -> None:
    """G1 / issue 6: the stair (x 4–14 ft, 1-ft treads, 8-in rise from 8 in) is ten treads, step i from
    4 + i ft to 5 + i ft at (i + 1) × 8 in — 40 SVG units a foot — with a riser between each two."""
    root = ET.fromstring(render(table()))
    stair = root.find(f".//{NS}g[@data-section='stair']")
    assert stair is not None and stair.get("class") == "section ground stairs"
    treads = by_class(stair, "tread")
    assert [t.get("data-step") for t in treads] == [str(i) for i in range(10)]
    assert [(num(t, "x1"), num(t, "x2")) for t in treads] == [(160.0 + 40 * i, 200.0 + 40 * i) for i in range(10)]
    assert [(num(t, "y1"), num(t, "y2")) for t in treads] == [
        (round(-float(Fraction(80, 3) * (i + 1)), 2),) * 2 for i in range(10)]
    assert [t.get("class") for t in treads] == ["surface tread"] * 10
    risers = by_class(stair, "riser")
    assert [num(r, "x1") for r in risers] == [200.0 + 40 * i for i in range(9)]
    assert stair.get("aria-label") == "Section Stair, 10 steps from 0.67 ft to 6.67 ft"
    # Solid below like ground: the body's outline runs from the bottom of the view up the steps and back down.
    body = stair.find(f"{NS}polygon[@class='body']")
    assert body is not None
    points = body.get("points", "").split()
    assert points[0].startswith("160.0,") and points[1] == "160.0,-26.67" and points[-2] == "560.0,-266.67"
    assert points[0].split(",")[1] == points[-1].split(",")[1]


def test_one_foot_across_is_one_foot_up() -> None:
    """Issue 6 (true scale): in a feet view 1 ft is 40 SVG units both ways — a 1-ft tread is 40 across, the
    5-ft bar 200 up — and the root says so for the page (data-units, data-per-unit)."""
    root = ET.fromstring(render(table()))
    assert root.get("data-units") == "feet" and root.get("data-per-unit") == "40"
    tread = by_class(root, "tread")[0]
    assert num(tread, "x2") - num(tread, "x1") == 40.0
    scale = root.find(f".//{NS}g[@id='scale']")
    assert scale is not None and scale.get("data-length") == "5"
    axis = by_class(scale, "scale-axis")[0]
    assert num(axis, "y1") - num(axis, "y2") == 200.0 and num(axis, "x1") == num(axis, "x2")
    assert [t.text for t in scale.iter(f"{NS}text")] == ["5 ft", "Scale"]
    # The landing (a slab at 6 ft 8 in) is drawn at 6⅔ × 40 up: the same scale as the treads across.
    landing = root.find(f".//{NS}g[@data-section='landing']/{NS}rect[@class='body']")
    assert landing is not None and num(landing, "y") == -266.67


def test_a_click_turns_into_the_scenario_x_through_data_per_unit() -> None:
    """Placement (issue 6): every fighter's centre line, divided by data-per-unit, is where it stands."""
    t = table()
    root = ET.fromstring(render(t))
    per = float(root.get("data-per-unit", "0"))
    for f in t.scenario.fighters:
        hit = fighter(root, f.id).find(f"{NS}rect[@class='hit']")
        assert hit is not None
        centre = num(hit, "x") + num(hit, "width") / 2
        assert Fraction(str(round(centre / per, 6))) == t.stand(f.id)[1]


@pytest.mark.parametrize(("sm", "feet", "svg"), [(0, 6, 240.0), (1, 9, 360.0), (-1, Fraction(9, 2), 180.0)])
def test_a_figure_is_as_tall_as_its_size_modifier(sm: int, feet: Fraction, svg: float) -> None:
    """GURPS Size and Speed/Range table (drawing only, G4's SM): SM 0 is 2 yd, +1 3 yd, −1 1.5 yd tall —
    at 40 SVG units a foot, from the feet (on the floor, y 0) to the top of the head."""
    assert figure_height(sm) == feet
    t = floor({"id": "f", "name": "Fighter", "x": 10, "sm": sm})
    root = ET.fromstring(render(t))
    g = fighter(root, "f")
    assert g.get("class") == "fighter figure" and g.get("data-sm") == str(sm)
    assert (g.get("data-feet"), g.get("data-top")) == ("0", str(-svg).removesuffix(".0"))
    head = g.find(f"{NS}circle")
    body = g.find(f"{NS}path")
    assert head is not None and body is not None
    assert round(num(head, "cy") - num(head, "r"), 2) == -svg
    assert max(path_ys(body.get("d", ""))) == 0.0


def test_the_size_table_runs_from_one_and_a_half_inches_to_a_hundred_yards() -> None:
    """GURPS Size and Speed/Range table: SM −10 1.5 in … −3 2 ft, −2 1 yd … +10 100 yd, in feet."""
    assert SIZE_BY_SM[-10] == Fraction(1, 8) and SIZE_BY_SM[-6] == Fraction(2, 3) and SIZE_BY_SM[-3] == 2
    assert [SIZE_BY_SM[sm] / 3 for sm in range(-2, 11)] == [1, Fraction(3, 2), 2, 3, 5, 7, 10, 15, 20, 30, 50, 70,
                                                              100]


def test_fighters_on_stairs_stand_on_their_step() -> None:
    """G1: a fighter's feet are on its standing surface — on stairs, the step under its x (Table.surface)."""
    t = table()
    root = ET.fromstring(render(t))
    expected = {"warden": (140.0, "0"), "step-1": (180.0, "-26.67"), "step-3": (260.0, "-80"),
                "step-4": (300.0, "-106.67"), "step-9": (500.0, "-240"), "step-10": (540.0, "-266.67")}
    for fid, (cx, feet) in expected.items():
        g = fighter(root, fid)
        assert g.get("data-feet") == feet, fid
        assert float(feet) == round(-float(t.surface(fid)) * 40, 2)
        body = g.find(f"{NS}path")
        assert body is not None and max(path_ys(body.get("d", ""))) == float(feet)
        head = g.find(f"{NS}circle")
        assert head is not None and num(head, "cx") == cx


def test_a_figure_keeps_the_page_s_hooks_and_a_tap_target() -> None:
    """Issue 6, issue 7 (tokens ≥ 24 CSS px): a figure is still a named keyboard button (data-fighter,
    tabindex, aria-label, title) and, however small (SM −10: 1.5 in, 5 SVG units), its token marker is a
    click target 28 × 28 CSS px or more at every zoom (drawn in a px group)."""
    t = floor({"id": "mouse", "name": "Mouse", "x": 10, "sm": -10})
    g = fighter(ET.fromstring(render(t)), "mouse")
    assert g.get("role") == "button" and g.get("tabindex") == "0" and g.get("id") == "fighter-mouse"
    assert g.get("aria-label") == "Mouse (A) on Floor"
    assert g.find(f"{NS}title").text == "Mouse (A) on Floor"  # type: ignore[union-attr]
    hit = g.find(f"{NS}g[@class='pin']/{NS}g[@class='px']/{NS}rect[@class='hit']")
    assert hit is not None and num(hit, "width") == 28.0 and num(hit, "height") >= 28.0
    assert g.find(f"{NS}g[@class='pin']").get("transform") == "translate(400.0 -2.5)"  # type: ignore[union-attr]
    assert g.get("data-top") == "-5"


def test_fighters_at_one_spot_are_drawn_apart_with_names_clear() -> None:
    """Issue 6 (several fighters on one section): each stands at its own x; two at the very same x are
    drawn apart, and so are their token markers and names (a name that still overlaps gives way in the page,
    static/view.js).  Issue 22 (fighters on one section drawn on top of each other, only one to be clicked): the
    second stands a body and a tenth aside — a 6-ft figure at 40 SVG units a foot is 0.17 × 240 = 40.8 wide, so
    Bravo's head is at 400 + 44.88."""
    t = floor({"id": "a", "name": "Alpha", "x": 10}, {"id": "b", "name": "Bravo", "x": 10},
              {"id": "c", "name": "Charlie", "x": 5})
    root = ET.fromstring(render(t))
    heads = {fid: num(fighter(root, fid).find(f"{NS}circle"), "cx") for fid in "abc"}  # type: ignore[arg-type]
    assert heads["c"] == 200.0 and heads["a"] == 400.0 and heads["b"] != 400.0
    assert heads["b"] == 444.88
    pins = {fid: fighter(root, fid).find(f"{NS}g[@class='pin']").get("transform") for fid in "ab"}  # type: ignore[union-attr]
    assert pins["a"] == "translate(400.0 -120.0)" and pins["b"] != pins["a"]
    assert all(len(by_class(fighter(root, fid), "token-name")) == 1 for fid in "ab")


def test_the_dimension_line_of_a_levels_verdict_measures_between_standing_surfaces() -> None:
    """G1: the difference is between the two standing surfaces — Warden on the hall floor (0) and Cedar on
    the fourth step (2 ft 8 in): a line from y 0 to y −106.67 labelled 2.67 ft, ticks and guides at both."""
    t = table()
    root = ET.fromstring(render_overlay(t, Highlights(selected="warden", levels=("warden", "step-4"))))
    dims = by_class(root, "levels-dimension")
    assert len(dims) == 1 and dims[0].get("data-levels") == "warden|step-4"
    assert dims[0].get("data-difference") == "8/3"
    line = by_class(root, "levels-dimension-line")[0]
    assert (num(line, "y1"), num(line, "y2")) == (0.0, -106.67) and num(line, "x1") == num(line, "x2")
    assert [t_.text for t_ in by_class(root, "levels-dimension-label")] == ["2.67 ft"]
    assert sorted(num(e, "y1") for e in by_class(root, "levels-dimension-tick")) == [-106.67, 0.0]
    guides = {e.get("data-fighter"): e for e in by_class(root, "levels-dimension-guide")}
    assert (num(guides["warden"], "x1"), num(guides["warden"], "y1")) == (140.0, 0.0)
    assert (num(guides["step-4"], "x1"), num(guides["step-4"], "y1")) == (300.0, -106.67)
    assert num(guides["warden"], "x2") == num(line, "x1") == num(guides["step-4"], "x2")
    # Between the two, clear of both bodies.
    assert 140.0 + 20.4 < num(line, "x1") < 300.0 - 20.4


def test_a_levels_verdict_rings_the_other_fighter_as_a_target() -> None:
    """Combat at Different Levels (G1: the two fighters of a verdict): the other fighter is marked as a shot's
    target is (a dashed ring round its token and a frame round its figure); the selected one keeps its own
    ring.  Before, only the dimension line pointed at Cedar, and its guide crossed Birch's legs."""
    root = ET.fromstring(render_overlay(table(), Highlights(selected="warden", levels=("warden", "step-4"))))
    assert sorted((e.tag.removeprefix(NS), e.get("data-fighter")) for e in by_class(root, "target-ring")) == [
        ("circle", "step-4"), ("rect", "step-4")]
    assert {e.get("data-fighter") for e in by_class(root, "selected-ring")} == {"warden"}
    # With nobody selected (levels asked for two fighters), both are rung as targets.
    root = ET.fromstring(render_overlay(table(), Highlights(levels=("warden", "step-4"))))
    assert sorted(e.get("data-fighter") for e in by_class(root, "target-ring")) == ["step-4"] * 2 + ["warden"] * 2


def test_the_dimension_line_of_the_ogre_and_the_sentry_reads_8_ft() -> None:
    """G1 (the ogre at the wall): the sentry's wall top is 8 ft over the ogre's field, whatever their size."""
    root = ET.fromstring(render(table("ogre-at-the-wall.json"), Highlights(levels=("ogre", "sentry"))))
    assert [t_.text for t_ in by_class(root, "levels-dimension-label")] == ["8 ft"]
    line = by_class(root, "levels-dimension-line")[0]
    assert root.get("data-per-unit") == "30"
    assert (num(line, "y1"), num(line, "y2")) == (0.0, -240.0)


def test_placing_marks_every_section_as_a_place_target() -> None:
    """Issue 6 (the referee places a fighter by hand): every section carries a .place-target mark with its
    data-section; none without placing."""
    t = table()
    marks = by_class(ET.fromstring(render_overlay(t, Highlights(selected="warden", placing=True))), "place-target")
    assert sorted(m.get("data-section") for m in marks) == ["hall", "landing", "stair"]
    assert not by_class(ET.fromstring(render_overlay(t, Highlights(selected="warden"))), "place-target")


@pytest.mark.parametrize("name", FEET)
def test_every_feet_battlefield_draws_each_section_border_and_fighter_once(name: str) -> None:
    """Issue 6: the bundled feet battlefields render whole; the fighters group redraws alone the same."""
    t = table(name)
    svg = render(t)
    root = ET.fromstring(svg)
    assert sorted(e.get("data-section") for e in by_class(root, "section")) == sorted(
        s.id for s in t.scenario.field.sections)
    assert sorted(e.get("data-fighter") for e in by_class(root, "fighter")) == sorted(
        f.id for f in t.scenario.fighters)
    assert len(by_class(root, "border")) == len(t.scenario.field.borders)
    assert root.find(f"{NS}desc").text.endswith("Lengths in feet, drawn to scale.")  # type: ignore[union-attr]
    assert render_fighters(t) in svg


def test_a_border_is_labelled_with_its_height_in_feet() -> None:
    """G1: the wall's border reads 8 ft (a Height scenario would say H8)."""
    root = ET.fromstring(render(table("ogre-at-the-wall.json")))
    border = root.find(f".//{NS}g[@id='border-field--wall']")
    tag = root.find(f".//{NS}g[@id='labels']/{NS}g/{NS}g[@data-border='field|wall']")
    assert border is not None and tag is not None and [e.text for e in tag.iter(f"{NS}text")] == ["8 ft"]
    assert border.find(f"{NS}title").text == "Border Field – Wall top: 8 ft"  # type: ignore[union-attr]


def test_a_level_border_in_feet_has_no_0_ft_tag_but_keeps_its_line_and_title() -> None:
    """Product owner's list, "No H0 tags": the staircase's top step meets the landing at the same height, so
    its border has a line and the title "0 ft" and no "0 ft" tag."""
    root = ET.fromstring(render(table("staircase.json")))
    border = root.find(f".//{NS}g[@id='border-stair--landing']")
    assert border is not None and border.get("data-height") == "0"
    assert [e.get("class") for e in border] == [None, "border-line"]
    assert border.find(f"{NS}title").text == "Border Stair – Landing: 0 ft"  # type: ignore[union-attr]
    assert [e.text for e in border.iter(f"{NS}text")] == []
    assert "0 ft" not in [e.text for e in root.iter(f"{NS}text")]


def test_an_inches_battlefield_is_drawn_to_scale_with_miniatures() -> None:
    """Issue 6 / rulings T6, T8 (inches): one scale both ways, an inch bar, and a figure of SM 0 drawn as a
    1.25-in miniature (50 SVG units at 40 a unit)."""
    t = floor({"id": "f", "name": "Fighter", "x": 10}, units="inches")
    root = ET.fromstring(render(t))
    assert root.get("data-units") == "inches" and root.get("data-per-unit") == "40"
    assert fighter(root, "f").get("data-top") == "-50"
    scale = root.find(f".//{NS}g[@id='scale']")
    assert scale is not None and scale.get("data-length") == "1"
    assert [e.text for e in scale.iter(f"{NS}text")] == ["1 in", "Scale"]


def test_a_hostile_name_in_a_feet_battlefield_comes_out_as_text() -> None:
    """Every user string is escaped, figures and dimension labels included: <script> stays text."""
    doc = doc_of("staircase.json")
    doc["title"] = HOSTILE
    doc["sections"][1]["name"] = HOSTILE
    for f in doc["fighters"][:2]:
        f["name"] = HOSTILE
        f["side"] = HOSTILE
    t = Table.start(scenario_mod.load(doc))
    svg = render(t, Highlights(selected="warden", target="step-1", levels=("warden", "step-1"), placing=True))
    root = ET.fromstring(svg)
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    assert "<script>" not in svg
    texts = [e.text for e in root.iter() if e.text]
    assert f"Side view: {HOSTILE}" in texts and HOSTILE in texts


def test_a_height_battlefield_keeps_its_abstract_frame() -> None:
    """H1: a Height scenario is still drawn 48 across and 40 up per level, tokens and a Height axis."""
    root = ET.fromstring(render(Table.start(scenario_mod.load(doc_of("cliff.json")))))
    assert root.get("data-units") == "height" and root.get("data-per-unit") == "48"
    assert root.get("viewBox") == "-76.8 -288.0 1056.0 416.0"
    assert not by_class(root, "figure") and len(by_class(root, "token")) == 7
    assert [e.text for e in root.iter(f"{NS}text") if e.get("class") == "scale-title"] == ["Height"]


def test_hairline_steps_are_drawn_as_a_ramp() -> None:
    """Bounded work (issue 6, 200 steps a stair at most): on an 800-ft field (1 SVG unit a foot) 1-ft treads
    would be hairlines, so the stair is one surface line from its first step to its last."""
    doc = {"vertigo": 2, "title": "Long stair", "units": "feet", "dice_seed": 1,
           "sections": [{"id": "plain", "name": "Plain", "elevation": 0, "x": [0, 800]},
                        {"id": "stair", "name": "Stair", "elevation": 1, "x": [0, 200], "kind": "slab",
                         "stairs": {"rise": 1, "tread": 1}}], "borders": [], "fighters": []}
    root = ET.fromstring(render(Table.start(scenario_mod.load(doc))))
    assert root.get("data-per-unit") == "1"
    stair = root.find(f".//{NS}g[@data-section='stair']")
    assert stair is not None and not by_class(stair, "tread")
    [line] = by_class(stair, "surface")
    assert (num(line, "x1"), num(line, "y1"), num(line, "x2"), num(line, "y2")) == (0.0, -1.0, 200.0, -200.0)
