"""Jumping (003) on the page's controller, under CPython: Jump on the fighter card, every surface shaded by the band
its jump needs (the same band as the planner's at every sample), a click planning the jump to a point, the check
entered as Success or Failed by N with what a failure comes to drawn before Confirm (the d8 the table will roll),
Confirm and Undo, J8's second check and Knocked Down on the card and the token, Stands up, the DM's override on
the jump and on J8, the keys, and a hostile name escaped.

Each test names the ruling it checks (J1–J12, H7, H8; ``/work/shared/RULINGS.md``) and asserts the exact values
the rules give on a small battlefield of rooftops: a Medium runner with Move 12 (running jump 20 ft: no roll to
10 ft, at most 30 ft, Jump Modifier 2 ft, 30 ft of run-up, 6 Move points), a Large beast with Move 10 (running
25 ft, Jump Modifier 2.5 ft), a Small thief with Tumbling and Move 10, a Tiny mudlark in the mud.  The dice seed
is 8, whose first d8 shows 5 (straight back).

Source: issue 25, "In the page"; rulings J1–J12, H7, H8.
"""

from __future__ import annotations

import copy
import json
import time
import xml.etree.ElementTree as ET
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

from vertigo import scenario as scenario_mod
from vertigo.rules.jumping.rules import play
from vertigo.rules.jumping.view.shading import band_at, band_of, jump_shading, samples
from vertigo.table import Table
from vertigo_page.controller import Controller, Update
from vertigo_view.side_view import fighter_groups

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"

DOC: dict[str, Any] = {
    "vertigo": 2, "title": "Rooftops", "units": "feet", "rules": ["levels", "jumping"], "dice_seed": 8,
    "sections": [
        {"id": "parapet", "name": "Parapet", "elevation": 33, "x": [-4, 0]},
        {"id": "a", "name": "Roof A", "elevation": 30, "x": [0, 40]},
        {"id": "alley", "name": "Alley", "elevation": 0, "x": [40, 48]},
        {"id": "b", "name": "Roof B", "elevation": 30, "x": [48, 70]},
        {"id": "street", "name": "Street", "elevation": 0, "x": [70, 85]},
        {"id": "sign", "name": "Sign", "elevation": 40, "x": [74, 80], "kind": "slab"},
        {"id": "c", "name": "Roof C", "elevation": 30, "x": [85, 110]},
        {"id": "mud", "name": "Mud bank", "elevation": 26, "x": [110, 130], "footing": {"kind": "poor", "mp": 2}},
        {"id": "stairs", "name": "Fire stairs", "elevation": 27, "x": [130, 136], "stairs": {"rise": 1, "tread": 1}},
        {"id": "tower", "name": "Tower", "elevation": 34, "x": [136, 150]},
    ],
    "borders": [],
    "fighters": [
        {"id": "runner", "name": "Runner", "side": "Chasers", "section": "a", "x": 35, "size": "Medium",
         "move_tiles": 12},
        {"id": "beast", "name": "Beast", "side": "Chasers", "section": "b", "x": 60, "size": "Large", "move_tiles": 10},
        {"id": "thief", "name": "Thief", "side": "Thieves", "section": "c", "x": 100, "size": "Small",
         "move_tiles": 10, "tumbling": True},
        {"id": "mudlark", "name": "Mudlark", "side": "Thieves", "section": "mud", "x": 120, "size": "Tiny",
         "move_tiles": 8},
    ],
}


def controller(doc: dict[str, Any] | None = None) -> Controller:
    c = Controller(Table.start(scenario_mod.load(doc or DOC)))
    c.show()
    return c


def jumping(fid: str, doc: dict[str, Any] | None = None) -> Controller:
    """A controller with ``fid`` selected and Jump chosen on its card."""
    c = controller(doc)
    c.click_fighter(fid)
    c.panel_action("mode", "jumping")
    return c


def panel(c: Controller) -> ET.Element:
    """The panel's HTML as a tree (ElementTree wrote it, so it parses as XML)."""
    return ET.fromstring(f"<div>{c._panel()}</div>")


def by_testid(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f".//*[@data-testid='{name}']")
    assert found is not None, name
    return found


def text(e: ET.Element) -> str:
    return " ".join("".join(e.itertext()).split())


def facts(root: ET.Element) -> dict[str, str]:
    """The plan's facts, by their ``data-fact``."""
    return {dd.get("data-fact", ""): text(dd) for dd in by_testid(root, "jump-facts").iter("dd")}


def overlay(c: Controller) -> ET.Element:
    return ET.fromstring(f'<svg xmlns:xlink="x">{c.drawn_overlay()}</svg>')


def fighter_group(c: Controller, fid: str) -> ET.Element:
    return ET.fromstring(dict(fighter_groups(c.table))[fid])


# -- Jump on the card, the plan -------------------------------------------------------------------------------------

def test_the_card_offers_jump_and_choosing_it_makes_the_jump_mode_active() -> None:
    """Issue 25: "Jump on the fighter card switches to the jump mode"; with Jump off a click means what the levels
    rules say (placing by hand, G1)."""
    c = controller()
    c.click_fighter("runner")
    buttons = {b.get("data-arg"): (text(b), b.get("aria-pressed")) for b in by_testid(panel(c), "modes")}
    assert buttons == {"levels": ("Melee across levels", "true"), "jumping": ("Jump", "false")}
    up = c.click_section("b", 64.1)  # levels: places the runner by hand
    assert up.status == "Runner placed on Roof B at x = 64 ft, standing surface 30 ft."
    c.undo()
    c.click_fighter("runner")
    up = c.panel_action("mode", "jumping")
    assert up.status == ("Runner selected on Roof A at x = 35 ft, standing surface 30 ft. Click where it should "
                         "land to plan a jump.")
    assert c.mode.rule_id == "jumping"
    assert by_testid(panel(c), "modes").find("*[@data-arg='jumping']").get("aria-pressed") == "true"  # type: ignore[union-attr]


def test_j1_the_card_shows_the_runners_whole_jump_table() -> None:
    """J1, J2, J3: the seed's Medium human with Move 12: running 20 ft (no roll to 10 ft, at most 30 ft), 30 ft of
    run-up, a jump costs 6 Move points; the other three jumps by the Medium row."""
    c = jumping("runner")
    root = panel(c)
    rows = [[text(td) for td in tr] for tr in by_testid(root, "jump-table").iter("tr") if tr.find("td") is not None]
    assert rows == [["Running jump", "20 ft", "10 ft", "30 ft", "2 ft"],
                    ["Standing long jump", "7.5 ft", "3.75 ft", "11.25 ft", "0.75 ft"],
                    ["High jump", "4 ft", "2 ft", "6 ft", "0.4 ft"],
                    ["Standing high jump", "3 ft", "1.5 ft", "4.5 ft", "0.3 ft"]]
    assert text(by_testid(root, "jump-costs")) == "Run-up 30 ft; a jump costs 6 Move points. J2, J3"
    assert [li.get("data-band") for li in by_testid(root, "jump-key")] == [
        "none", "free", "p1", "p2", "p3", "p4", "p5", "impossible"]


def test_j4_a_click_plans_the_jump_and_the_panel_says_kind_penalty_cost_and_roll_at_once() -> None:
    """J2, J4, J10, J3: the runner clicks Roof B at 64.1 ft, planned at 64 ft (½ ft): a running jump from Roof A's
    edge at 40 ft (40 ft of level surface behind it), 24 ft across, 4 ft past its base: −2; 6 Move points."""
    c = jumping("runner")
    up = c.click_section("b", 64.1)
    assert up.status == ("Jump to Roof B at 64 ft (−2): Runner: running jump of 24 ft: a Hard Strength or Dexterity "
                         "Feat, at −2. Enter the table's check in the panel.")
    root = panel(c)
    assert text(by_testid(root, "verdict").find("h2")) == "Jump: Runner → Roof B at 64 ft"  # type: ignore[arg-type]
    assert facts(root) == {
        "jump": "running jump (long)",
        "takeoff": "Roof A at 40 ft, running: 40 ft of level surface behind it, at least the 30 ft of run-up",
        "distance": "24 ft across",
        "its-figures": "minimum 10 ft · base 20 ft · maximum 30 ft · Jump Modifier 2 ft",
        "penalty": "−2",
        "roll": "a Hard Strength or Dexterity Feat, at −2",
        "cost": "6 Move points",
        "on-a-success": "on Roof B at 64 ft",
    }
    assert text(by_testid(root, "fail-by")) == "not entered"
    steps = [text(li) for li in by_testid(root, "verdict").find("ol").iter("li")]  # type: ignore[union-attr]
    assert steps[2] == ("J4 A running jump (after a run-up) of 24 ft is 4 ft past its base of 20 ft: 4 ft ÷ 2 ft "
                        "(10 % of base) = 2 step(s), a started one in full: −2.")
    assert by_testid(root, "verdict").find(".//*[@data-testid='confirm']") is None  # the check comes first
    # The side view: the arc from the takeoff to the point, the minimum, base and maximum along the jump.
    hl = c._highlights()
    assert (hl.route_points[0], hl.route_points[-1], hl.spot) == ((F(40), F(30)), (F(64), F(30)), (F(64), F(30)))
    assert hl.ruler == ((F(40), F(30), ""), (F(50), F(30), "min 10 ft"), (F(60), F(30), "base 20 ft"),
                        (F(70), F(30), "max 30 ft"))
    svg = overlay(c)
    assert [t.text for t in svg.iter("text") if "ruler-note" in (t.get("class") or "")] == [
        "min 10 ft", "base 20 ft", "max 30 ft"]


def test_j10_a_jump_down_to_the_alley_needs_no_roll_and_falls_thirty_feet() -> None:
    """J4, J7, J10, J12: 4 ft down into the alley is under the 10-ft minimum (no roll); it comes down at the
    takeoff's height and falls 30 ft: Height 3 at 10 ft a Height, 3d6 (H8)."""
    c = jumping("runner")
    up = c.click_section("alley", 44)
    assert up.status == ("Jump to Alley at 44 ft (no roll): Runner: running jump of 4 ft: no roll needed; on landing "
                         "it falls 3d6.")
    root = panel(c)
    assert facts(root)["on-a-success"] == "comes down at 44 ft and falls 30 ft to Alley: Height 3, 3d6"
    assert text(by_testid(root, "confirm")) == "Confirm the jump and roll 3d6"
    hl = c._highlights()
    assert hl.route_points[-2:] == ((F(44), F(30)), (F(44), F(0)))
    assert hl.route_notes == ((F(44), F(15), "fall 30 ft · 3d6"),)


def test_j10_a_high_jump_onto_the_parapet_and_a_blocked_one() -> None:
    """J10: up onto the parapet (3 ft higher, its foot at Roof A's end) is a high jump of 3 ft, running from its
    foot; the ruler stands up its face.  A landing under the surface it stands on is blocked: impossible."""
    c = jumping("runner")
    c.click_section("parapet", -2)
    root = panel(c)
    assert facts(root)["jump"] == "high jump (high)" and facts(root)["distance"] == "3 ft up onto a higher surface"
    assert c._highlights().ruler == ((F(0), F(30), ""), (F(0), F(32), "min 2 ft"), (F(0), F(34), "base 4 ft"),
                                     (F(0), F(36), "max 6 ft"))
    up = c.click_section("c", 95)
    assert up.status == ("Jump to Roof C at 95 ft (impossible): Runner: running jump of 55 ft: impossible, past its "
                         "maximum.")
    assert facts(panel(c))["roll"] == "none: impossible — past its maximum of 30 ft"
    assert c._highlights().destination_ok is False


# -- the shading -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ran", [False, True])
@pytest.mark.parametrize("fid", ["runner", "beast", "thief", "mudlark"])
def test_j4_the_shading_is_the_planners_band_at_every_sample(fid: str, ran: bool) -> None:
    """J2, J4, J10: at every point a click plans to (each ½ ft; a step's centre on stairs), the shading's band is
    the band of the planner's own verdict there (``play.plan``), blocked counting as impossible; the point straight
    above or below the jumper has none."""
    table = Table.start(scenario_mod.load(DOC))
    shading = jump_shading(table, fid, ran)
    assert shading is not None
    seen = 0
    for s in table.scenario.field.sections:
        for x, _, _ in samples(s):
            try:
                want: str | None = band_of(play.plan(table, fid, s.id, x, ran))
            except ValueError:
                want = None
            assert band_at(shading, s.id, x) == want, (s.id, x)
            seen += 1
    assert seen == 323


BUNDLED = {"rooftop-chase.json": ("runner", "beast", "thief"), "the-ravine.json": ("ranger", "bear", "goblin")}


@pytest.mark.parametrize("ran", [False, True])
@pytest.mark.parametrize(("name", "fid"), [(n, f) for n, fs in BUNDLED.items() for f in fs])
def test_j4_the_shading_of_the_bundled_battlefields_is_the_planners_band(name: str, fid: str, ran: bool) -> None:
    """J2, J4, J10 on *Rooftop chase* and *The ravine*: every fighter's shading, run or not, is the planner's band
    at every sample of every section."""
    doc = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    table = Table.start(scenario_mod.load(doc))
    shading = jump_shading(table, fid, ran)
    assert shading is not None
    for s in table.scenario.field.sections:
        for x, _, _ in samples(s):
            try:
                want: str | None = band_of(play.plan(table, fid, s.id, x, ran))
            except ValueError:
                want = None
            assert band_at(shading, s.id, x) == want, (s.id, x)


def test_j4_the_runners_shading_on_roof_b_exactly() -> None:
    """J4: from Roof A's edge at 40 ft, Roof B (48–70 ft) is no roll to 10 ft (50 ft), no penalty to 20 ft (60 ft),
    then −1 … −5 each 2 ft to the 30-ft maximum (70 ft); each ½-ft sample stands for ¼ ft either side."""
    c = jumping("runner")
    runs = dict(c._highlights().shading.stretches)  # type: ignore[union-attr]
    assert runs["b"] == ((F(48), F(201, 4), "none"), (F(201, 4), F(241, 4), "free"), (F(241, 4), F(249, 4), "p1"),
                         (F(249, 4), F(257, 4), "p2"), (F(257, 4), F(265, 4), "p3"), (F(265, 4), F(273, 4), "p4"),
                         (F(273, 4), F(70), "p5"))
    assert runs["street"] == ((F(70), F(281, 4), "p5"), (F(281, 4), F(85), "impossible"))
    bands = [r.get("data-grade") for r in overlay(c).iter("rect") if r.get("data-section") == "b"]
    assert bands == ["none", "free", "p1", "p2", "p3", "p4", "p5"]


def test_the_shading_is_built_once_per_selection_not_per_click() -> None:
    """Issue 25 (bench: "the shading built once per selection"): clicks keep the same shading object, and the page
    redraws only the overlay's marks; a jump carried out shades again from the new place."""
    c = jumping("runner")
    first = c._highlights().shading
    up = c.click_section("b", 60)
    assert c._highlights().shading is first
    assert (up.overlay, up.marks is not None) == (None, True)
    c.panel_action("check", "0")
    c.panel_action("confirm")
    assert c._highlights().shading is not first


def test_the_shading_of_250_sections_takes_well_under_300_ms() -> None:
    """Issue 25 (bench: 250 sections): the shading at select for a fighter on a 250-section field of roofs, walls and
    streets is worked out in well under 300 ms under CPython, and agrees with the planner near the fighter."""
    sections, x, i = [], 0, 0
    while len(sections) < 250:
        width = (20, 30, 40)[i % 3]
        sections.append({"id": f"r{i}", "name": f"Roof {i}", "elevation": (20, 30, 40)[i % 4 % 3], "x": [x, x + width]})
        x += width
        if i % 4 == 1:
            sections.append({"id": f"w{i}", "name": f"Wall {i}", "elevation": 34, "x": [x, x + 2]})
            x += 2
        gap = (4, 8, 15, 23, 28)[i % 5]
        sections.append({"id": f"s{i}", "name": f"Street {i}", "elevation": 0, "x": [x, x + gap],
                         **({"footing": {"kind": "poor", "mp": 2}} if i % 5 == 2 else {})})
        x += gap
        i += 1
    roof = next(s for s in sections if s["id"] == "r40")
    doc = {**DOC, "sections": sections[:250], "fighters": [
        {"id": "big", "name": "Big", "side": "A", "section": "r40", "x": roof["x"][0] + 5, "size": "Large",
         "move_tiles": 14}]}
    table = Table.start(scenario_mod.load(doc))
    start = time.perf_counter()
    shading = jump_shading(table, "big")
    assert time.perf_counter() - start < 0.3
    assert shading is not None and len(shading.stretches) == 250
    _, here = table.stand("big")
    for s in table.scenario.field.sections:
        if abs(s.centre - here) > 120:
            continue
        for xs, _, _ in samples(s):
            try:
                want: str | None = band_of(play.plan(table, "big", s.id, xs))
            except ValueError:
                want = None
            assert band_at(shading, s.id, xs) == want, (s.id, xs)


# -- the check, the preview, Confirm and Undo ------------------------------------------------------------------------

def entered(c: Controller, fail_by: int) -> Update:
    up = c.panel_action("check", "0")
    for _ in range(fail_by):
        up = c.panel_action("fail-by", "1")
    return up


def test_j6_failed_by_three_draws_the_scatter_from_the_d8_the_table_will_roll_and_confirm_lands_there() -> None:
    """J6, J11: the runner's 24-ft jump failed by 3 scatters 3 × 2 ft = 6 ft; the table's next d8 (seed 8, roll #1)
    shows 5, straight back: it lands 18 ft along, at 58 ft on Roof B, drawn before Confirm.  Confirm rolls that d8,
    puts the runner there and logs the check and the d8."""
    c = jumping("runner")
    c.click_section("b", 64)
    assert play.next_direction(c.table) == 5
    up = entered(c, 3)
    assert up.status == "Failed by 3: d8 will show 5; lands on Roof B at 58 ft. Confirm carries it out."
    root = panel(c)
    assert text(by_testid(root, "fail-by")) == "failed by 3"
    assert text(by_testid(root, "d8")).startswith("d8 will show 5: the table's next roll (#1)")
    assert text(by_testid(root, "jump-lands")) == "Lands on Roof B at 58 ft."
    hl = c._highlights()
    assert (hl.route_points[-1], hl.spot, hl.destination_ok) == ((F(58), F(30)), (F(58), F(30)), False)
    assert hl.route_notes == ((F(49), F(69, 2), "d8 5: 6 ft straight back"), (F(64), F(30), "aimed here"))
    assert text(by_testid(root, "confirm")) == "Confirm the jump and roll the d8"
    up = c.panel_action("confirm")
    assert c.table.stand("runner") == ("b", F(58))
    assert c.table.rolls == 1
    entry = c.table.log[-1]
    assert entry.text == "Runner jumps: Roof A → Roof B, running jump of 24 ft, failed by 3 — moved, scattered: 5"
    assert entry.details[-1] == "[J6] Rolled 1d8 (5) = 5 scatter direction (seed 8, roll #1)."
    assert up.status == ("Runner jumps: Roof A → Roof B, running jump of 24 ft, failed by 3 — moved, scattered: 5. "
                         "It lands on Roof B at 58 ft.")
    assert up.fighter_groups is not None and [fid for fid, _ in up.fighter_groups] == ["runner"]
    up = c.undo()
    assert (c.table.stand("runner"), c.table.rolls) == (("a", F(35)), 0)
    assert up.status == "Undone: Runner jumps: Roof A → Roof B, running jump of 24 ft, failed by 3"


def test_j7_j12_a_failed_jump_that_falls_to_the_street_rolls_the_d8_then_3d6_and_undo_takes_both_back() -> None:
    """J2 (the referee's word that it ran), J6, J7, J12, H8: the beast runs from Roof B's edge at 70 ft for Roof C
    at 94 ft, 24 ft (no penalty); failed by 4 it scatters 4 × 2.5 ft = 10 ft straight back (d8 5): 14 ft along, at
    84 ft, over the street: it falls 30 ft, Height 3, 3d6."""
    c = jumping("beast")
    assert facts_after(c, "c", 94)["takeoff"].endswith("standing: 22 ft of level surface behind it, less than the "
                                                      "25 ft of run-up")
    up = c.panel_action("ran")
    assert up.status.startswith("It ran last round without stopping: a running jump from where it stands (J2).")
    assert facts(panel(c))["takeoff"] == "Roof B at 70 ft, running: the referee says it ran last round without stopping"
    up = entered(c, 4)
    assert up.status == ("Failed by 4: d8 will show 5; lands on Street at 84 ft, falls 30 ft (3d6). Confirm carries "
                         "it out.")
    hl = c._highlights()
    assert hl.route_points[-2:] == ((F(84), F(30)), (F(84), F(0)))
    assert hl.route_notes[0] == (F(84), F(15), "fall 30 ft · 3d6")
    assert text(by_testid(panel(c), "confirm")) == "Confirm the jump and roll the d8 and 3d6"
    c.panel_action("confirm")
    assert c.table.stand("beast") == ("street", F(84)) and c.table.rolls == 2
    texts = [e.text for e in c.table.log[-2:]]
    assert texts[0] == "Beast jumps: Roof B → Roof C, running jump of 24 ft, failed by 4 — moved, scattered: 5"
    assert texts[1].startswith("Beast: fell: ")
    c.undo()
    assert (c.table.stand("beast"), c.table.rolls) == (("b", F(60)), 0)


def facts_after(c: Controller, sid: str, x: float) -> dict[str, str]:
    c.click_section(sid, x)
    return facts(panel(c))


def test_j5_a_failed_high_jump_reaches_its_floor_and_comes_back_down_where_it_took_off() -> None:
    """J5: the runner's 3-ft high jump onto the parapet failed by 4 reaches 3 − 4 × 0.4 = 1.4 ft, never below its
    2-ft minimum: 2 ft; it comes back down at its takeoff, the parapet's foot at 0 ft on Roof A."""
    c = jumping("runner")
    c.click_section("parapet", -2)
    entered(c, 4)
    assert text(by_testid(panel(c), "jump-lands")) == "Lands on Roof A at 0 ft."
    notes = c._highlights().route_notes
    assert notes == ((F(1, 4), F(32), "reaches 2 ft of 3 ft"),)
    c.panel_action("confirm")
    assert c.table.stand("runner") == ("a", F(0))
    assert c.table.log[-1].text == "Runner jumps: Roof A → Parapet, high jump of 3 ft, failed by 4 — moved"


# -- J8, Knocked Down, Stands up -------------------------------------------------------------------------------------

def test_j8_landing_in_the_mud_knocks_the_thief_down_on_the_card_and_the_token_and_stands_up() -> None:
    """J8: the thief's 10-ft running jump into the mud (poor footing, 2 Move points) succeeds; the second check at −2
    fails by 3: −6 Move points, 5 → −1: Knocked Down — on its card (with Stands up) and its token.  Stands up is
    logged and undone; Undo of the jump takes Knocked Down back too."""
    c = jumping("thief")
    c.click_section("mud", 120)
    c.panel_action("check", "0")
    root = panel(c)
    assert text(by_testid(root, "landing-owed")) == ("It lands on Mud bank, poor footing (2 Move points): a second "
                                                     "check at −2. J8")
    assert text(by_testid(root, "mp-left")) == "5"
    assert root.find(".//*[@data-testid='confirm']") is None
    up = c.panel_action("landing", "0")
    for _ in range(3):
        up = c.panel_action("landing-by", "1")
    assert up.status == ("Success: lands on Mud bank at 120 ft, falls 4 ft (no dice); Knocked Down. Confirm carries "
                         "it out.")
    assert text(by_testid(panel(c), "landing-summary")) == ("The landing check at −2 failed by 3: −6 Move points, "
                                                            "5 → −1: Knocked Down.")
    up = c.panel_action("confirm")
    assert play.knocked_down(c.table, "thief") and c.table.stand("thief") == ("mud", F(120))
    assert "Knocked Down: no → yes." in c.table.log[-1].details
    card = panel(c)
    assert text(by_testid(card, "knocked-down")) == "Knocked Down J8"
    g = fighter_group(c, "thief")
    assert g.get("aria-label") == "Thief (Thieves) on Mud bank; Knocked Down"
    assert [t.text for t in g.iter("text") if t.text == "KD"] == ["KD"]
    c.panel_action("mode", "levels")  # the card says it under the levels rules' mode too (issue 25: "its card")
    assert text(by_testid(panel(c), "fighter-stand")).endswith(" · Knocked Down")
    c.panel_action("mode", "jumping")
    up = c.panel_action("stand-up")
    assert up.status == "Thief stands up." and not play.knocked_down(c.table, "thief")
    assert not text(by_testid(panel(c), "fighter-stand")).endswith("Knocked Down")
    assert c.table.log[-1].text == "Thief stands up"
    assert fighter_group(c, "thief").get("aria-label") == "Thief (Thieves) on Mud bank"
    assert up.fighter_groups is not None and [fid for fid, _ in up.fighter_groups] == ["thief"]
    c.undo()
    assert play.knocked_down(c.table, "thief")
    c.undo()
    assert not play.knocked_down(c.table, "thief") and c.table.stand("thief") == ("c", F(100))


def test_h7_the_dm_overrides_j8_and_the_thief_stays_up() -> None:
    """H7 on J8: the rules say Knocked Down; the DM says it stays up: logged with both answers, and Confirm leaves
    it standing."""
    c = jumping("thief")
    c.click_section("mud", 120)
    c.panel_action("check", "0")
    c.panel_action("landing-by", "1")
    c.panel_action("landing-by", "1")
    c.panel_action("landing-by", "1")
    up = c.panel_action("override-j8", "up")
    assert up.status == ("DM override — Thief's landing on Mud bank (J8): rules: Knocked Down; DM: stays up.")
    c.panel_action("confirm")
    assert not play.knocked_down(c.table, "thief")


def test_h7_the_dm_allows_an_impossible_jump_and_takes_an_override_back() -> None:
    """H7: a 55-ft jump past the runner's 30-ft maximum, allowed by the DM, lands where aimed with no roll and no
    fall; the override is logged with both answers, and can be taken back."""
    c = jumping("runner")
    c.click_section("c", 95)
    up = c.panel_action("override", "allow")
    assert up.status == "DM override — Runner: running jump of 55 ft: allowed by the DM."
    assert c.table.log[-1].text == ("DM override: Runner's jump to Roof C at 95 ft — rules: not allowed; DM: allowed")
    up = c.panel_action("take-back")
    assert c.table.log[-1].text == ("DM override taken back: Runner's jump to Roof C at 95 ft — the rules' answer "
                                    "stands: not allowed")
    c.panel_action("override", "allow")
    c.panel_action("confirm")
    assert c.table.stand("runner") == ("c", F(95)) and c.table.rolls == 0
    assert c.table.log[-1].text == ("Runner jumps: Roof A → Roof C, running jump of 55 ft, allowed by the DM — moved")


# -- the keys, escaping ----------------------------------------------------------------------------------------------

def test_the_keys_enter_plans_the_centre_shift_arrows_move_the_point_and_enter_confirms() -> None:
    """Issue 25 ("all of it by keyboard too"): Enter on the alley plans its centre (44 ft, no roll) and Enter again
    carries it out; Shift+→ moves a planned point ½ ft, and once the check is entered Enter confirms it."""
    c = jumping("runner")
    up = c.enter_section("alley")
    assert up.status == ("Jump to Alley at 44 ft (no roll): Runner: running jump of 4 ft: no roll needed; on landing "
                         "it falls 3d6. Enter again to confirm.")
    c.enter_section("alley")
    assert c.table.stand("runner") == ("alley", F(44)) and c.table.rolls == 1
    c.undo()
    c.click_fighter("runner")
    c.enter_section("b")
    assert c.takes_key("ArrowRight", True)
    up = c.key("ArrowRight", True)
    assert up.status.startswith("Jump to Roof B at 59.5 ft (roll, no penalty): Runner: running jump of 19.5 ft")
    assert not c.takes_key("Enter", False)  # the check is not entered yet
    c.panel_action("check", "0")
    assert c.takes_key("Enter", False)
    c.key("Enter", False)
    assert c.table.stand("runner") == ("b", F(119, 2))
    order = c.keyboard_order()
    assert "section-b" in order and "fighter-thief" in order


def test_a_focus_moved_by_the_arrows_takes_back_what_enter_confirms() -> None:
    """Issue 25 ("all of it by keyboard too"), found by a fresh user: with a point judged by Shift+→ and its check
    entered, the arrows moved the focus to another fighter and Enter there carried out the stale jump.  Now the focus
    moved by the arrows ends what Enter confirms: Enter means what it says where the focus is."""
    c = jumping("runner")
    c.enter_section("b")
    c.key("ArrowRight", True)
    c.panel_action("check", "0")
    assert c.takes_key("Enter", False)
    assert c.arrow("section-b", "ArrowLeft") is not None
    assert not c.takes_key("Enter", False)
    assert c.table.stand("runner") == ("a", F(35)) and c.table.rolls == 0  # where it stands: no jump was made


def test_every_panel_control_is_a_button_with_an_accessible_name() -> None:
    """Issue 25 (keyboard): the plan's controls are buttons, each named by its text or its aria-label."""
    c = jumping("thief")
    c.click_section("mud", 120)
    c.panel_action("check", "0")
    for b in panel(c).iter("button"):
        assert b.get("type") == "button" and (text(b) or b.get("aria-label")), ET.tostring(b)
        assert b.get("data-action")


def test_a_hostile_fighter_name_is_escaped_in_the_panel_the_status_and_the_drawing() -> None:
    """Every user string is text: a fighter named like markup stays its literal text in the panel, the status line,
    the log and its token's name."""
    doc = copy.deepcopy(DOC)
    hostile = '<img src=x onerror="alert(1)"> & </div>'
    doc["fighters"][0]["name"] = hostile
    doc["sections"][3]["name"] = "<b>Roof B</b>"
    c = jumping("runner", doc)
    up = c.click_section("b", 64)
    root = panel(c)
    assert root.find(".//img") is None and root.find(".//b") is None
    assert text(by_testid(root, "verdict").find("h2")) == f"Jump: {hostile} → <b>Roof B</b> at 64 ft"  # type: ignore[arg-type]
    assert "<img" not in c._panel() and "&lt;img" in c._panel()
    assert hostile in up.status
    g = fighter_group(c, "runner")
    assert g.find(".//img") is None and g.get("aria-label", "").startswith(hostile)
    assert overlay(c).find(".//img") is None


def test_every_button_of_the_plan_is_named_starting_with_what_it_shows() -> None:
    """WCAG 2.5.3 (Label in Name), as every panel of the page: a button's aria-label starts with its visible text,
    through the check, J8's check and the DM's J8 override."""
    c = jumping("thief")
    c.click_section("mud", 120)
    c.panel_action("check", "0")
    c.panel_action("landing-by", "1")
    c.panel_action("landing-by", "1")
    c.panel_action("landing-by", "1")
    root = panel(c)
    assert root.find(".//*[@data-action='override-j8']") is not None
    for b in root.iter("button"):
        label = b.get("aria-label")
        assert label is None or label.startswith(text(b)), (text(b), label)


def test_j7_a_scatter_that_comes_down_where_there_is_no_surface_is_not_confirmed() -> None:
    """J6, J7: on a field with nothing between 40 and 55 ft, the runner's 24-ft jump failed by 6 scatters 12 ft
    back (d8 5) and comes down at 52 ft, over no surface: the panel says so and offers no Confirm; the DM places the
    fighter by hand (Place here instead)."""
    doc = copy.deepcopy(DOC)
    doc["sections"] = [{"id": "a", "name": "Roof A", "elevation": 30, "x": [0, 40]},
                       {"id": "b", "name": "Roof B", "elevation": 30, "x": [55, 75]}]
    doc["fighters"] = [DOC["fighters"][0]]
    c = jumping("runner", doc)
    c.click_section("b", 64)
    up = entered(c, 6)
    assert up.status == ("There is no surface at 52 ft at or below 30 ft to land on: the DM places it (Place here "
                         "instead).")
    root = panel(c)
    assert text(by_testid(root, "jump-problem")) == up.status
    assert root.find(".//*[@data-testid='confirm']") is None
    assert c.panel_action("confirm").status == "Nothing to confirm: " + up.status
    c.panel_action("place-here")
    assert c.table.stand("runner") == ("b", F(64))


def test_j8_the_move_points_left_go_no_higher_than_the_jumpers_move() -> None:
    """J8 (the referee enters the Move points left), found by a fresh user: + went on to 100 for a fighter with Move
    10.  The thief (Move 10, a jump costs 5) starts at 5 left and + stops at its Move, 10."""
    c = jumping("thief")
    c.click_section("mud", 120)
    c.panel_action("check", "0")
    assert text(by_testid(panel(c), "mp-left")) == "5"
    for _ in range(12):
        c.panel_action("mp-left", "1")
    assert text(by_testid(panel(c), "mp-left")) == "10"
