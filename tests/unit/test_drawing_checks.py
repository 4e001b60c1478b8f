"""The editor's and Import's drawing warnings: a figure through a slab, stairs that run against their borders,
two sections whose drawn areas intersect.

Source: issue 26, "Warnings, in the editor and on Import: on battlefields drawn to scale, a figure whose height
crosses a slab over its x; stairs whose rise runs against their borders; two sections whose drawn areas
intersect (ground drawn down to the bottom)"; restated in ``docs/rules.md#drawing-warnings``.  The warnings
are advice: every document here loads.
"""

from __future__ import annotations

import ast
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from vertigo import scenario
from vertigo.editing.drawing_checks import DrawingWarning, drawing_warnings
from vertigo.figures import FIGURE_FOOT, figure_height, figure_size

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(p for p in (ROOT / "static" / "scenarios").glob("*.json") if p.name != "index.json")


def doc(units: str, sections: list[Any], borders: list[Any] | None = None, fighters: list[Any] | None = None,
        rules: list[str] | None = None) -> dict[str, Any]:
    """A scenario document: the levels rules in feet, the terrain rules in inches, the Height rules in Height."""
    named = rules or {"feet": ["levels"], "inches": ["terrain"], "height": ["height"]}[units]
    return {"vertigo": 2, "title": "Drawn", "units": units, "rules": named, "sections": sections,
            "borders": borders or [], "fighters": fighters or []}


def warned(d: dict[str, Any]) -> list[str]:
    """The warnings of a document, as the page writes them (``place: message``)."""
    return [str(w) for w in drawing_warnings(scenario.load(d))]


def ground(sid: str, name: str, elevation: Any, x0: Any, x1: Any, **more: Any) -> dict[str, Any]:
    return {"id": sid, "name": name, "elevation": elevation, "x": [x0, x1], **more}


def slab(sid: str, name: str, elevation: Any, x0: Any, x1: Any, **more: Any) -> dict[str, Any]:
    return {"id": sid, "name": name, "elevation": elevation, "x": [x0, x1], "kind": "slab", **more}


def fighter(fid: str, name: str, section: str, x: Any = None, **more: Any) -> dict[str, Any]:
    out = {"id": fid, "name": name, "side": "A", "section": section, **more}
    if x is not None:
        out["x"] = x
    return out


# -- the bundled battlefields -------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_a_bundled_battlefield_has_no_drawing_warning(path: Path) -> None:
    """Issue 26: the warnings are for battlefields drawn in a way nobody meant; every bundled one is drawn as
    meant, so none of them warns (a negative for all three warnings at once, in all three units)."""
    assert drawing_warnings(scenario.loads(path.read_text(encoding="utf-8"))) == ()


def test_the_bundled_battlefields_cover_every_unit() -> None:
    """The negatives above reach every unit system, so each warning's unit handling is tried."""
    units = {scenario.loads(p.read_text(encoding="utf-8")).units for p in BUNDLED}
    assert units == {"height", "feet", "inches"}


def test_a_warning_is_a_frozen_place_and_message() -> None:
    """Issue 26: ``DrawingWarning(place, message)``, frozen, written ``place: message`` as the importer writes."""
    w = DrawingWarning("sections[4]", "a message")
    assert str(w) == "sections[4]: a message"
    with pytest.raises(AttributeError):
        w.place = "fighters[0]"  # type: ignore[misc]


# -- 1. a figure through a slab ------------------------------------------------------------------------------------

STREET = ground("street", "Street", 0, 0, 20)


def test_a_figure_reaching_through_a_balcony_is_warned_of() -> None:
    """Issue 26 ("a fighter standing through a balcony, imported without a word"): a 6-ft figure (SM 0) on the
    street at x 14.5 under a balcony at 5 ft over 12–18 reaches through it."""
    d = doc("feet", [STREET, slab("balcony", "Balcony", 5, 12, 18)],
            fighters=[fighter("a", "Bowman", "street", 2), fighter("b", "Keeper", "balcony", 16),
                      fighter("c", "Archer", "street", 14.5)])
    assert warned(d) == [
        "fighters[2]: Archer's figure (6 ft) reaches through the slab Balcony at 5 ft over x 14.5; move it or the slab"]


@pytest.mark.parametrize("elevation, x, sm, warns", [
    (6, 14.5, 0, False),     # the slab at the figure's very top: it touches, it does not reach through
    (5.9, 14.5, 0, True),
    (7, 14.5, 0, False),     # above the figure
    (5, 12, 0, False),       # the fighter stands under the slab's end: beside it, not under it
    (5, 18, 0, False),
    (5, 14.5, -2, False),    # SM −2 is drawn 3 ft tall
    (2, 14.5, -2, True),
    (8, 14.5, 1, True),      # SM +1 is drawn 9 ft tall
    (0, 14.5, 0, False),     # at the fighter's feet: a floor beside it, not above it
])
def test_a_slab_warns_only_between_the_feet_and_the_figures_top(elevation: Any, x: Any, sm: int, warns: bool) -> None:
    """Issue 26: the slab must be over the fighter's x (strictly inside its ends) and above its feet, lower than
    the top of its figure as the side view draws it (the height of :data:`vertigo.figures.SIZE_BY_SM`)."""
    d = doc("feet", [STREET, slab("balcony", "Balcony", elevation, 12, 18)],
            fighters=[fighter("c", "Archer", "street", x, sm=sm)])
    assert bool(warned(d)) is warns


def test_a_large_figure_names_its_height_and_the_lowest_slab() -> None:
    """Issue 26: an ogre (SM +1, drawn 9 ft) under two floors at 5 and 8 ft: the warning names the lower one."""
    d = doc("feet", [STREET, slab("loft", "Loft", 8, 10, 20), slab("floor", "Floor", 5, 10, 20)],
            fighters=[fighter("o", "Ogre", "street", 11, sm=1)])
    assert warned(d) == [
        "fighters[0]: Ogre's figure (9 ft) reaches through the slab Floor at 5 ft over x 11; move it or the slab"]


def test_a_fighter_with_no_x_stands_at_its_sections_centre() -> None:
    """Issue 26: a fighter the document places at no x stands at its section's centre (x 10 of 0–20)."""
    d = doc("feet", [STREET, slab("arch", "Arch", 4, 8, 12)], fighters=[fighter("c", "Archer", "street")])
    assert warned(d) == [
        "fighters[0]: Archer's figure (6 ft) reaches through the slab Arch at 4 ft over x 10; move it or the slab"]


def test_a_figure_on_a_stair_stands_on_its_step() -> None:
    """Issue 26 with G1 (a fighter stands on its step): on the 4th step (3 ft up) of steps rising 1 ft, 1 ft
    deep, a ceiling at 8 ft is within its 6-ft figure; on the 1st step (0 ft) it is not."""
    stair = ground("stair", "Stair", 0, 0, 5, stairs={"rise": 1, "tread": 1})
    ceiling = slab("ceiling", "Ceiling", 8, 0, 5)
    assert warned(doc("feet", [stair, ceiling], fighters=[fighter("c", "Climber", "stair", 0.5)])) == []
    assert warned(doc("feet", [stair, ceiling], fighters=[fighter("c", "Climber", "stair", 3.5)])) == [
        "fighters[0]: Climber's figure (6 ft) reaches through the slab Ceiling at 8 ft over x 3.5; move it or the "
        "slab"]


def test_in_inches_a_figure_is_a_miniature() -> None:
    """Issue 26 ("battlefields drawn to scale", feet and inches): in inches a 6-ft figure is drawn 1.25 in tall,
    so a walkway 1 in above it reaches through it and one 2 in above does not."""
    sections = [ground("deck", "Deck", 0, 0, 10), slab("low", "Low walkway", 1, 2, 6), slab("high", "High walkway",
                                                                                            2, 6, 10)]
    d = doc("inches", sections, fighters=[fighter("a", "Dorn", "deck", 4), fighter("b", "Kell", "deck", 8)])
    assert warned(d) == ["fighters[0]: Dorn's figure (1.25 in) reaches through the slab Low walkway at 1 in over "
                         "x 4; move it or the slab"]


def test_a_height_battlefield_draws_tokens_so_no_figure_warns() -> None:
    """Issue 26: only battlefields drawn to scale warn of figures: a Height battlefield draws tokens."""
    d = doc("height", [ground("yard", "Yard", 0, 0, 4), slab("roof", "Roof", 1, 0, 4)],
            fighters=[fighter("c", "Archer", "yard", 2)])
    assert warned(d) == []


LADDERED = [ground("deck", "Deck", 0, 0, 30), slab("walk", "Walkway", 4, 14, 26), slab("pipes", "Pipe run", 3, 24, 27)]


def test_a_fighter_part_way_up_a_ladder_stands_at_its_height_on_it() -> None:
    """Issue 26 with T4 (a fighter part way up a ladder is drawn there): 2 in up a ladder at x 25, its figure
    (2 in to 3.25 in) reaches through a pipe run at 3 in."""
    borders = [{"between": ["deck", "walk"], "x": 25, "id": "ladder", "kind": "ladder"}]
    d = doc("inches", LADDERED, borders, [{"id": "v", "name": "Vane", "side": "A", "ladder": "ladder", "up": 2}])
    assert warned(d) == [
        "fighters[0]: Vane's figure (1.25 in) reaches through the slab Pipe run at 3 in over x 25; move it or the slab"]


def test_the_slab_a_ladder_climbs_through_is_not_warned_of() -> None:
    """Issue 26: a ladder up through a hatch in the middle of a walkway: a fighter near its top crosses the
    walkway it climbs to, which is the ladder's own section, not a slab it stands through."""
    borders = [{"between": ["deck", "walk"], "x": 20, "id": "ladder", "kind": "ladder"}]
    d = doc("inches", LADDERED, borders, [{"id": "v", "name": "Vane", "side": "A", "ladder": "ladder", "up": 3.5}])
    assert warned(d) == []


def test_the_figure_height_is_the_renderers() -> None:
    """Issue 26: one definition of how tall a figure is drawn: the side view's frame imports the core's table
    and function and defines none of its own (read as text: the unit tests import no renderer)."""
    tree = ast.parse((ROOT / "py" / "vertigo_view" / "frame.py").read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "vertigo.figures"
                for a in n.names}
    assert {"SIZE_BY_SM", "figure_height", "figure_size", "FIGURE_FOOT"} <= imported
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)} | {
        t.id for n in ast.walk(tree) if isinstance(n, ast.Assign | ast.AnnAssign)
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
    assert not defined & {"SIZE_BY_SM", "figure_height", "figure_size", "FIGURE_FOOT"}
    assert [figure_height(sm) for sm in (-11, -2, 0, 1, 11)] == [Fraction(1, 8), 3, 6, 9, 300]
    s = scenario.load(doc("inches", [STREET], fighters=[fighter("c", "Archer", "street", 1)]))
    assert figure_size(s.fighters[0], "inches") == Fraction(5, 4) == FIGURE_FOOT["inches"] * 6
    assert figure_size(s.fighters[0], "height") == 0


# -- 2. stairs that run against their borders -------------------------------------------------------------------

HALL = ground("hall", "Hall floor", 0, 0, 4)
LANDING = slab("landing", "Landing", "6 ft 8 in", 14, 18)
THE_STAIRS = [["hall", "stair"], ["stair", "landing"]]


def stair(elevation: Any, rise: Any, x0: Any = 4, x1: Any = 14, tread: Any = "1 ft") -> dict[str, Any]:
    return ground("stair", "Stair", elevation, x0, x1, stairs={"rise": rise, "tread": tread})


def test_the_staircase_as_bundled_runs_with_its_borders() -> None:
    """Issue 26: ten 8-in steps up to the right from the hall (0 ft) to the landing (6 ft 8 in) is the right
    way round: no warning."""
    assert warned(doc("feet", [HALL, stair("8 in", "8 in"), LANDING], THE_STAIRS)) == []


def test_stairs_built_the_wrong_way_round_are_warned_of() -> None:
    """Issue 26 ("Stairs built the wrong way round ... imported without a word"): the same steps rising to the
    left: their low end (the landing's side) meets the landing at 6.67 ft, their high end the hall at 0 ft."""
    d = doc("feet", [HALL, stair("6 ft 8 in", "-8 in"), LANDING], THE_STAIRS)
    assert warned(d) == [
        "sections[1]: the stairs Stair climb to the left, from 0.67 ft to 6.67 ft, but their low end meets Landing at "
        "6.67 ft and their high end meets Hall floor at 0 ft: they run against their borders; turn them round (rise "
        "0.67 ft, elevation 0.67 ft)"]


def test_turned_round_as_the_warning_says_they_run_with_their_borders() -> None:
    """Issue 26: the fix the warning gives (rise 8 in from 8 in) is the bundled staircase: no warning."""
    assert warned(doc("feet", [HALL, stair("8 in", "8 in"), LANDING], THE_STAIRS)) == []
    assert scenario.load(doc("feet", [HALL, stair("6 ft 8 in", "-8 in"), LANDING], THE_STAIRS)).field.section(
        "stair").surface(Fraction(13)) == Fraction(2, 3)


def test_stairs_with_one_border_warn_when_it_is_at_the_wrong_end() -> None:
    """Issue 26: with a border at one end only, stairs whose low end meets a surface at or above their highest
    step, or whose high end meets one at or below their lowest step, are the wrong way round."""
    up_from_hall = doc("feet", [HALL, stair(1, 1)], [["hall", "stair"]])
    assert warned(up_from_hall) == []
    down_from_hall = doc("feet", [HALL, stair(10, -1)], [["hall", "stair"]])  # steps 10 … 1 ft, right-hand end low
    assert warned(down_from_hall) == [
        "sections[1]: the stairs Stair climb to the left, from 1 ft to 10 ft, but their high end meets Hall floor at "
        "0 ft: they run against their borders; turn them round (rise 1 ft, elevation 1 ft)"]
    roof = slab("roof", "Roof", 10, 14, 18)
    assert warned(doc("feet", [stair(1, 1), roof], [["stair", "roof"]])) == []
    assert warned(doc("feet", [stair(10, -1), roof], [["stair", "roof"]])) == [
        "sections[0]: the stairs Stair climb to the left, from 1 ft to 10 ft, but their low end meets Roof at 10 ft: "
        "they run against their borders; turn them round (rise 1 ft, elevation 1 ft)"]


def test_stairs_that_climb_toward_the_lower_neighbour_are_warned_of() -> None:
    """Issue 26: stairs 2–8 ft up to the right from a floor at 6 ft to one at 4 ft: neither end is past the
    other's step, but the low end meets the higher neighbour, so they climb against their borders."""
    d = doc("feet", [ground("west", "West floor", 6, 0, 4), stair(2, "2/3", 4, 14),
                     ground("east", "East floor", 4, 14, 18)], [["west", "stair"], ["stair", "east"]])
    assert warned(d) == [
        "sections[1]: the stairs Stair climb to the right, from 2 ft to 8 ft, but their low end meets West floor at "
        "6 ft and their high end meets East floor at 4 ft: they run against their borders; turn them round (rise "
        "−0.67 ft, elevation 8 ft)"]


def test_stairs_down_to_a_cellar_run_with_their_borders() -> None:
    """Issue 26: stairs going down to the right, from the hall to a cellar, are the right way round."""
    d = doc("feet", [ground("hall", "Hall", 0, 0, 4), stair(-1, -1, 4, 12), ground("cellar", "Cellar", -9, 12, 18)],
            [["hall", "stair"], ["stair", "cellar"]])
    assert warned(d) == []


def test_a_single_step_never_warns() -> None:
    """Issue 26: stairs of one step only have no low and high end to run against (stairs with no rise are
    refused by the importer)."""
    d = doc("feet", [ground("hall", "Hall", 10, 0, 4), stair(0, 5, 4, 5)], [["hall", "stair"]])
    assert warned(d) == []


def test_a_border_at_a_middle_step_is_not_an_end() -> None:
    """Issue 26: a border that meets a step between the ends (a slab reaching the stairs part way up) says
    nothing about which way they run."""
    d = doc("feet", [HALL, stair("8 in", "8 in"), LANDING, slab("shelf", "Shelf", 0, 7, 9)],
            [*THE_STAIRS, {"between": ["shelf", "stair"], "x": 8}])
    assert [w for w in warned(d) if "stairs" in w] == []


# -- 3. sections whose drawn areas intersect ----------------------------------------------------------------------

def test_two_grounds_that_overlap_are_warned_of() -> None:
    """Issue 26 ("ground drawn down to the bottom"): two grounds over x 8–10 are drawn one inside the other,
    whatever their heights; the later one is the warning's place."""
    d = doc("height", [ground("yard", "Yard", 0, 0, 10), ground("wall", "Wall", 2, 8, 12)])
    assert warned(d) == [
        "sections[1]: the ground Yard and the ground Wall overlap over x 8–10: ground is drawn down to the bottom, "
        "so one is drawn inside the other; make them meet at an edge, or make one a slab"]


def test_grounds_that_meet_at_an_edge_do_not_intersect() -> None:
    """Issue 26: side by side, sharing only the edge x 10, two grounds are drawn apart."""
    assert warned(doc("height", [ground("yard", "Yard", 0, 0, 10), ground("wall", "Wall", 2, 10, 12)])) == []


@pytest.mark.parametrize("elevation, warns", [(2, True), (5, False), (6, False), (4.9, True)])
def test_a_slab_below_a_grounds_top_runs_into_it(elevation: Any, warns: bool) -> None:
    """Issue 26: a slab is drawn as its surface; below the top of a ground it overlaps, it is drawn inside the
    ground; at or above the top it is not."""
    d = doc("feet", [ground("tower", "Tower", 5, 10, 14), slab("balcony", "Balcony", elevation, 12, 16)])
    assert bool(warned(d)) is warns


def test_a_slab_in_a_wall_names_both_heights() -> None:
    """Issue 26: the message names both sections, their heights and the x overlap."""
    d = doc("feet", [slab("balcony", "Balcony", 3, 14, 16), ground("tower", "Tower", 5, 15, 20)])
    assert warned(d) == [
        "sections[1]: the slab Balcony at 3 ft runs into the ground Tower, whose top is at 5 ft, over x 15–16: "
        "ground is drawn down to the bottom; raise the slab, or narrow one of them"]


def test_a_slab_under_a_stair_is_compared_step_by_step() -> None:
    """Issue 26 ("for stairs use their step tops"): the test battlefield of ``down-to-the-hall.json`` has a shelf
    at 7 ft over x 1–6 under a staircase whose steps over x 3–5 are at 8.25 and 7.5 ft: the shelf is drawn
    inside the stair's ground (a real finding in that fixture, which tests only where a border meets a step)."""
    text = (ROOT / "tests" / "unit" / "down-to-the-hall.json").read_text(encoding="utf-8")
    assert [str(w) for w in drawing_warnings(scenario.loads(text))] == [
        "sections[3]: the slab Shelf at 7 ft runs into the ground Stair, whose top is at 8.25 ft, over x 3–6: ground "
        "is drawn down to the bottom; raise the slab, or narrow one of them"]


def test_a_slab_beside_stairs_is_compared_with_the_step_over_it() -> None:
    """Issue 26: steps 1, 2, 3 ft over x 0–3 and a slab at 0.5 ft over x 2.5–4: it is below the step over it
    (3 ft), so it warns; at 3.5 ft it is above every step it overlaps, so it does not."""
    stairs = ground("stair", "Stair", 1, 0, 3, stairs={"rise": 1, "tread": 1})
    assert warned(doc("feet", [stairs, slab("s", "Sill", "1/2", "5/2", 4)])) != []
    assert warned(doc("feet", [stairs, slab("s", "Sill", "7/2", 2, 4)])) == []
    assert warned(doc("feet", [stairs, slab("s", "Sill", 2, 1, 2)])) == []  # on the step's top, not below it


def test_two_slabs_at_one_height_lie_on_each_other() -> None:
    """Issue 26: two slabs drawn as the same surface over x 6–8 are one on the other; at different heights, or
    meeting at an edge, they are apart."""
    floor = slab("floor", "Floor", 3, 0, 8)
    assert warned(doc("height", [floor, slab("loft", "Loft", 3, 6, 10)])) == [
        "sections[1]: the slabs Floor and Loft lie on each other at Height 3 over x 6–8; make them meet at an edge, "
        "or move one up or down"]
    assert warned(doc("height", [floor, slab("loft", "Loft", 4, 6, 10)])) == []
    assert warned(doc("height", [floor, slab("loft", "Loft", 3, 8, 10)])) == []


def test_a_stair_slab_crossing_a_slab_at_one_of_its_steps_lies_on_it() -> None:
    """Issue 26: slab stairs with steps at 1, 2, 3 ft over x 0–3 and a flat slab at 2 ft over x 1.5–5: the
    middle step and the slab are drawn as one surface over x 1.5–2."""
    steps = slab("steps", "Steps", 1, 0, 3, stairs={"rise": 1, "tread": 1})
    assert warned(doc("feet", [steps, slab("flat", "Flat", 2, "3/2", 5)])) == [
        "sections[1]: the slabs Steps and Flat lie on each other at 2 ft over x 1.5–3; make them meet at an edge, "
        "or move one up or down"]
    assert warned(doc("feet", [steps, slab("flat", "Flat", "5/2", "3/2", 5)])) == []


def test_warnings_come_in_document_order() -> None:
    """Issue 26: document order, whatever order the sections lie in across the field: sections by the later of
    each pair (stairs first), then fighters; the same battlefield always warns the same way."""
    d = doc("feet", [
        ground("east", "East", 0, 20, 30),
        ground("west", "West", 0, 0, 10),
        ground("mid", "Middle", 0, 8, 22),
        slab("roof", "Roof", 4, 0, 30),
    ], fighters=[fighter("b", "Bo", "east", 25), fighter("a", "Al", "west", 5)])
    places = [w.split(":")[0] for w in warned(d)]
    assert places == ["sections[2]", "sections[2]", "fighters[0]", "fighters[1]"]
    assert warned(d)[0].startswith("sections[2]: the ground East and the ground Middle overlap over x 20–22")
    assert warned(d)[1].startswith("sections[2]: the ground West and the ground Middle overlap over x 8–10")
    assert warned(d) == warned(d)


def test_past_a_hundred_intersecting_pairs_the_rest_are_counted() -> None:
    """Issue 26 with the product's bounded work (``docs/rules.md`` › Limits): twenty grounds laid over one
    another are 190 pairs; the first 100 in document order are listed, and one last warning counts the rest."""
    d = doc("height", [ground(f"g{k}", f"G{k}", 0, k, 40 + k) for k in range(20)])
    out = drawing_warnings(scenario.load(d))
    assert len(out) == 101
    assert [w.place for w in out[:3]] == ["sections[1]", "sections[2]", "sections[2]"]
    assert str(out[1]).startswith("sections[2]: the ground G0 and the ground G2 overlap over x 2–40")
    assert str(out[-1]) == ("sections: 90 more pairs of sections are drawn over each other; only the first 100 are "
                            "listed")


def test_stairs_laid_over_stairs_are_compared_within_a_bound() -> None:
    """Issue 26 with the product's bounded work: 250 slab staircases of 200 steps, all over x 0–100, would be
    millions of stretches; the comparing stops past 5000 and the last warning says the list may not be all."""
    d = doc("feet", [slab(f"s{k}", f"S{k}", k + 0.5, 0, 100, stairs={"rise": 1, "tread": 0.5}) for k in range(250)])
    out = drawing_warnings(scenario.load(d))
    assert [str(w) for w in out] == [
        "sections: the sections overlap over more than 5000 stretches of stairs, so they were compared only in part: "
        "the warnings above may not be all"]


def test_a_border_drawn_past_both_its_sections_is_warned_of() -> None:
    """Issue 26, from a fresh user's walk-through: a stair typed at x 40 for 4, where its sections span 3–6, gave
    "No problems" and was drawn off in the sky; it is a warning at the border's place, naming it and where its
    sections are.  A border at either end of the span is not warned of."""
    doc = json.loads((ROOT / "static" / "scenarios" / "tower-and-wood.json").read_text(encoding="utf-8"))
    doc["borders"][1]["x"] = 40
    assert [str(w) for w in drawing_warnings(scenario.load(doc))] == [
        "borders[1]: the ladder Tower floor – Tower top is drawn at x 40, past both its sections (x 3–6); move it "
        "between them"]
    for x in (3, 6):
        doc["borders"][1]["x"] = x
        assert drawing_warnings(scenario.load(doc)) == ()
