"""Terrain features (002) on the page's controller: selecting a fighter shades the stretches it reaches, a click on
a point judges the move there in inches with its route drawn, Confirm moves and Undo restores, the Allow drops
switch judges again, the DM's override, the keys (Shift+←/→ along a section, ↑/↓ up a ladder), Hit by an attack…
(the check owed near an edge or on a ladder, Pass / Fail / Roll, the fall) and melee through a closed door.

Source: issue 24, "In the page"; rulings T1–T8, H7, H8.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction as F
from pathlib import Path

import pytest

from vertigo import scenario as scenario_mod
from vertigo.dice import DicePool, rng_for, roll
from vertigo.rules.terrain.rules.fields import MOVE
from vertigo.stand import Stand
from vertigo.table import Table
from vertigo_page.controller import Controller
from vertigo_view.side_view import fighter_groups, render_fighters

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"

DOC = """{
  "vertigo": 2, "title": "A house", "units": "inches", "dice_seed": 7,
  "sections": [
    {"id": "out", "name": "Outside", "elevation": 0, "x": [-8, 0]},
    {"id": "ground", "name": "Ground floor", "elevation": 0, "x": [0, 12]},
    {"id": "yard", "name": "Yard", "elevation": 0, "x": [12, 24]},
    {"id": "upper", "name": "Upper floor", "elevation": 3, "x": [0, 8], "kind": "slab"},
    {"id": "roof", "name": "Roof", "elevation": 6, "x": [4, 12], "kind": "slab"}
  ],
  "borders": [
    {"between": ["ground", "upper"], "x": 7, "id": "ladder", "kind": "ladder"},
    ["ground", "yard"],
    {"between": ["upper", "roof"], "x": 8},
    ["out", "ground"]
  ],
  "features": [
    {"id": "left-wall", "name": "Left wall", "on": "ground", "x": [0, 0.5], "height": 4, "opening": "door-closed"},
    {"id": "right-wall", "name": "Right wall", "on": "ground", "x": [11.5, 12], "height": 4},
    {"id": "rubble", "name": "Rubble", "on": "yard", "x": [13.5, 14.5], "height": 0.75},
    {"id": "railing", "name": "Railing", "on": "upper", "x": [0, 0.5], "height": 1.25}
  ],
  "fighters": [
    {"id": "krag", "name": "Krag", "side": "Goliaths", "ladder": "ladder", "up": 1.5, "move": 4},
    {"id": "vera", "name": "Vera", "side": "Eschers", "section": "roof", "x": 4.25, "move": 5,
     "move_check": {"dice": "2d6", "pass": "at_most", "target": 7}},
    {"id": "grok", "name": "Grok", "side": "Goliaths", "section": "yard", "x": 15, "move": 4},
    {"id": "sela", "name": "Sela", "side": "Eschers", "section": "out", "x": -2, "move": 6},
    {"id": "ada", "name": "Ada", "side": "Eschers", "section": "ground", "x": 9, "move": 6},
    {"id": "post", "name": "Sentry", "side": "Goliaths", "section": "ground", "x": 3},
    {"id": "bram", "name": "Bram", "side": "Goliaths", "section": "ground", "x": 1.25, "move": 4}
  ]
}"""


def controller() -> Controller:
    return Controller(Table.start(scenario_mod.loads(DOC)))


def panel(c: Controller) -> ET.Element:
    return ET.fromstring(f"<div>{c.update('').panel}</div>")


def by_testid(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f".//*[@data-testid='{name}']")
    assert found is not None, name
    return found


def text(e: ET.Element) -> str:
    return " ".join("".join(e.itertext()).split())


def test_selecting_a_fighter_shades_what_it_reaches_within_its_move_and_up_the_ladder() -> None:
    """T8: Ada (Move 6 in) at 9 in on the ground floor walks 6 in either way, stopped at 11.5 in by the right wall's
    face (T8: no passing through an obstacle), and up the ladder at 7 in: 2 in walked + 3 in climbed leaves 1 in on
    the upper floor, 6–8 in.  The overlay shades those stretches and the ladder to its top (3 in)."""
    c = controller()
    up = c.click_fighter("ada")
    assert up.status == "Ada selected at Ground floor at 9 in: Move 6 in. Click a point to judge a move there."
    hl = c._highlights()
    assert hl.stretches == (("ground", ((F(3), F(23, 2)),)), ("upper", ((F(6), F(8)),)))
    assert hl.ladder_reach == (("ladder", F(3)),)
    svg = ET.fromstring(f"<svg>{c.drawn_overlay()}</svg>")
    bands = [(r.get("data-section"), r.get("data-from"), r.get("data-to")) for r in svg.iter("rect")
             if "stretch" in (r.get("class") or "").split() and r.get("data-section")]
    assert bands == [("ground", "3", "23/2"), ("upper", "6", "8")]
    assert [r.get("data-up") for r in svg.iter("rect") if "ladder-reach" in (r.get("class") or "")] == ["3"]
    card = panel(c)
    assert text(by_testid(card, "fighter-move")) == "Move 6 in. T8"
    assert text(by_testid(card, "fighter-reach")) == (
        "Reaches within its Move: Ground floor 3–11.5 in; Upper floor 6–8 in; 3 in up the ladder from Ground floor "
        "to Upper floor.")
    assert by_testid(card, "drops").get("aria-pressed") == "false"
    assert text(by_testid(card, "attacked")) == "Hit by an attack…"


def test_a_fighter_without_a_move_says_it_cannot_move_and_shades_nothing() -> None:
    """Issue 24: "its fighters without ``move`` cannot move (their card says so)" (T8)."""
    c = controller()
    up = c.click_fighter("post")
    assert up.status == "Sentry selected at Ground floor at 3 in: it cannot move (no Move in inches)."
    assert text(by_testid(panel(c), "fighter-move")) == "Cannot move: no Move in inches. T8"
    hl = c._highlights()
    assert (hl.stretches, hl.ladder_reach) == ((), ())
    c.click_section("ground", 4)
    assert c.mode.pending is not None and not c.mode.pending.allowed
    assert c.mode.pending.summary == "not allowed: 1 in of no Move"


def test_a_click_judges_the_point_on_the_quarter_inch_and_the_route_steps_over_low_terrain_for_nothing() -> None:
    """T1: low terrain (the 0.75 in rubble) is part of the floor, its height costs nothing; T8: Grok at 15 in clicks
    the yard at 13.1 in, judged at 13 in: 2 in walked of Move 4 in.  The route is drawn over the rubble's top (its
    note "low 0.75 in") and the point is marked."""
    c = controller()
    c.click_fighter("grok")
    up = c.click_section("yard", 13.1)
    assert up.status == "Move to Yard at 13 in: allowed: 2 in of Move 4 in."
    v = c.mode.pending
    assert v is not None and (v.to, v.cost, v.vertical) == (Stand("yard", F(13)), F(2), F(0))
    assert [(x.kind, x.feature) for x in v.crossings] == [("low", "rubble")]
    hl = c._highlights()
    assert hl.route_points == ((F(15), F(0)), (F(29, 2), F(0)), (F(29, 2), F(3, 4)), (F(27, 2), F(3, 4)),
                               (F(27, 2), F(0)), (F(13), F(0)))
    assert hl.route_notes == ((F(14), F(3, 4), "low 0.75 in"),)
    assert (hl.spot, hl.destination_ok) == ((F(13), F(0)), True)
    box = panel(c)
    assert text(by_testid(box, "verdict-summary")) == "allowed: 2 in of Move 4 in"
    assert text(by_testid(box, "route-cost")) == "Inches: 2 in walked + 0 in climbed = 2 in, against its Move of 4 in."
    assert text(by_testid(box, "crossings")) == ("low terrain — Rubble, 0.75 in: part of the floor, its height costs "
                                              "nothing T1")


def test_a_route_through_the_closed_door_costs_its_thickness_straight_through_its_centre() -> None:
    """T5: "Distance through a door or archway is measured straight through its centre; a closed door does not stop
    movement": Sela at −2 in outside goes to 2 in on the ground floor: 2 in + 0.5 in through the left wall's door
    + 1.5 in = 4 in of Move 6 in, drawn straight through at the floor."""
    c = controller()
    c.click_fighter("sela")
    c.click_section("ground", 2)
    v = c.mode.pending
    assert v is not None and v.summary == "allowed: 4 in of Move 6 in"
    assert [(x.kind, x.opening, x.across) for x in v.crossings] == [("door", "door-closed", F(1, 2))]
    hl = c._highlights()
    assert hl.route_points == ((F(-2), F(0)), (F(0), F(0)), (F(1, 2), F(0)), (F(2), F(0)))
    assert hl.route_notes == ((F(1, 4), F(0), "door 0.5 in"),)
    assert "door — Left wall, a closed door: 0.5 in straight through its centre T5" in text(by_testid(panel(c),
                                                                                             "crossings"))


def test_a_route_over_a_wall_climbs_its_faces_and_is_stopped_by_the_inches_over() -> None:
    """T2, T8: Grok at 15 in to the ground floor at 10 in climbs the right wall (4 in up, 0.5 in across, 4 in
    down): 5 in walked + 8 in climbed = 13 in, 9 in over its Move of 4 in; the drawn route goes up the wall's
    near face (12 in), across its top at 4 in and down its far face (11.5 in)."""
    c = controller()
    c.click_fighter("grok")
    up = c.click_section("ground", 10)
    assert up.status == "Move to Ground floor at 10 in: not allowed: 13 in of Move 4 in."
    v = c.mode.pending
    assert v is not None and (v.horizontal, v.vertical, v.stop) == (F(5), F(8), "9 in over its Move")
    pts = c._highlights().route_points
    assert ((F(12), F(4)), (F(23, 2), F(4))) == pts[pts.index((F(12), F(4))):pts.index((F(12), F(4))) + 2]
    box = panel(c)
    assert text(by_testid(box, "route-stop")) == "What stops it: 9 in over its Move."
    assert box.find(".//*[@data-action='confirm']") is None
    assert c._highlights().destination_ok is False


def test_confirm_moves_up_the_ladder_and_undo_puts_the_fighter_back() -> None:
    """T4, T8: Ada at 9 in to the upper floor at 6 in: 2 in walked, 3 in up the ladder, 1 in walked = 6 in of Move 6
    in; Confirm moves her there (logged), Undo puts her back at 9 in on the ground floor."""
    c = controller()
    c.click_fighter("ada")
    c.click_section("upper", 6)
    v = c.mode.pending
    assert v is not None and v.summary == "allowed: 6 in of Move 6 in"
    assert [(x.kind, x.up) for x in v.crossings] == [("ladder", F(3))]
    assert c._highlights().route_notes == ((F(7), F(3, 2), "ladder 3 in"),)
    up = c.panel_action("confirm")
    assert up.status == "Ada moved to Upper floor at 6 in."
    assert c.table.stand_of("ada") == Stand("upper", F(6))
    assert c.table.log[-1].text == "Ada: moved in inches to Upper floor at 6 in — moved"
    assert c.mode.pending_done and c.panel_action("confirm").status == "Nothing to confirm."
    # From where she now stands the stretches are shaded again.
    assert c._highlights().route_points == ()
    up = c.undo()
    assert up.status == "Undone: Ada: moved in inches to Upper floor at 6 in"
    assert c.table.stand_of("ada") == Stand("ground", F(9))


def test_allow_drops_judges_the_verdict_again_and_confirm_rolls_the_fall() -> None:
    """T7: "The path finder only drops where the user allows drops, and the verdict shows the fall's dice before the
    move is confirmed"; T6: a 3 in drop at one Height per 3 in is Height 1, 1d6 (H8).  Vera at 4.25 in on the roof
    to the upper floor at 4 in: without drops the cheapest route, 0.25 in, is stopped by its drop; with drops she
    drops off the roof's open edge: 0.25 in and 1d6, rolled on Confirm (seed 7, roll #0), and Undo takes the move
    and its roll back."""
    c = controller()
    c.click_fighter("vera")
    c.click_section("upper", 4)
    assert c.mode.pending is not None and c.mode.pending.summary == "not allowed: 0.25 in of Move 5 in, 1d6 falling"
    assert c.mode.pending.stop == "a drop of 3 in from Roof → Upper floor, and drops are not allowed"
    up = c.panel_action("drops")
    assert up.status == ("Move to Upper floor at 4 in: allowed: 0.25 in of Move 5 in, 1d6 falling. Drops allowed: "
                         "a route may drop from an unenclosed edge, for a fall (T7).")
    box = panel(c)
    assert by_testid(box, "drops").get("aria-pressed") == "true"
    assert text(by_testid(box, "pool")) == "Falling dice before the roll: 1d6: 1–6, mean 3.5"
    assert text(by_testid(box, "confirm")) == "Confirm move and roll 1d6"
    assert c._highlights().route_notes == ((F(4), F(9, 2), "drop 3 in · 1d6"),)
    expected = roll(DicePool(1), rng_for(7, 0))
    up = c.panel_action("confirm")
    assert up.status == f"Vera moved to Upper floor at 4 in. Rolled {expected}."
    assert (c.table.rolls, c.table.stand_of("vera")) == (1, Stand("upper", F(4)))
    c.undo()
    assert (c.table.rolls, c.table.stand_of("vera")) == (0, Stand("roof", F(17, 4)))
    c.click_fighter("vera")
    assert c.mode.drops is False  # a new selection starts with drops off


def test_the_dm_overrides_a_move_and_it_goes_with_no_fall_then_takes_an_override_back() -> None:
    """H7: "The referee can override any verdict; the result then says 'overridden by the DM' and the log keeps
    both"; a move allowed only by the DM moves with no fall.  Grok's 13 in move over the wall, allowed by the DM,
    moves him with no roll; a forbid on an allowed move is taken back and the rules' answer stands."""
    c = controller()
    c.click_fighter("grok")
    c.click_section("ground", 10)
    up = c.panel_action("override", "allow")
    assert up.status == "DM override — move: allowed: 13 in of Move 4 in."
    assert c.table.log[-1].text == ("DM override: Grok's move from Yard at 15 in to Ground floor at 10 in — rules: not "
                                    "allowed; DM: allowed")
    assert "overridden by the DM" in text(by_testid(panel(c), "verdict-summary"))
    up = c.panel_action("confirm")
    assert up.status == "Grok moved to Ground floor at 10 in."
    assert (c.table.rolls, c.table.stand_of("grok")) == (0, Stand("ground", F(10)))
    c.undo()
    c.click_fighter("grok")
    c.click_section("yard", 13)
    c.panel_action("override", "forbid")
    assert c.mode.pending is not None and not c.mode.pending.final
    up = c.panel_action("take-back")
    assert up.status == "DM override taken back — move: allowed: 2 in of Move 4 in."
    assert c.table.log[-1].text == ("DM override taken back: Grok's move from Yard at 15 in to Yard at 13 in — the "
                                    "rules' answer stands: allowed")
    assert c.mode.pending.final


def test_enter_judges_a_sections_centre_and_enter_again_confirms() -> None:
    """Issue 24, "Enter judges a section's centre": Ada, Enter on the ground floor judges 6 in (its centre): 3 in of
    Move 6 in; Enter again carries it out."""
    c = controller()
    c.click_fighter("ada")
    up = c.enter_section("ground")
    assert up.status == "Move to Ground floor at 6 in: allowed: 3 in of Move 6 in. Enter again to confirm."
    up = c.enter_section("ground")
    assert up.status == "Ada moved to Ground floor at 6 in."


def test_shift_arrows_move_the_point_half_an_inch_along_its_section() -> None:
    """Issue 24, "Shift+←/→ moves the destination ½"": from Ada's own place (9 in) Shift+→ judges 9.5 in, again
    10 in, Shift+← 9.5 in; at the section's end the point stays and the status says so."""
    c = controller()
    c.click_fighter("ada")
    assert c.takes_key("ArrowRight", True)
    assert c.key("ArrowRight", True).status == ("Move to Ground floor at 9.5 in: allowed: 0.5 in of Move 6 in. "
                                                "Enter confirms.")
    assert c.key("ArrowRight", True).status == ("Move to Ground floor at 10 in: allowed: 1 in of Move 6 in. "
                                                "Enter confirms.")
    assert c.key("ArrowLeft", True).status == ("Move to Ground floor at 9.5 in: allowed: 0.5 in of Move 6 in. "
                                               "Enter confirms.")
    c.click_section("ground", 12)
    assert c.key("ArrowRight", True).status == ("The point is at the right end of Ground floor; click another section "
                                                "to go on.")


def test_shift_arrows_stop_at_a_ladder_on_the_way_so_the_keys_reach_it() -> None:
    """Issue 24 (every ladder reachable by keyboard): from 6.75 in on the ground floor Shift+→ stops at the ladder's
    7 in, not 7.25 in, and ↑ then takes the point up the ladder."""
    c = controller()
    c.click_fighter("ada")
    c.mode.judge(c, Stand("ground", F(27, 4)))  # a point off the half-inch grid (a click would put it at the ladder)
    assert c.key("ArrowRight", True).status == (
        "Move to Ground floor at 7 in: allowed: 2 in of Move 6 in. ↑/↓ take the point up or down the ladder. "
        "Enter confirms.")
    assert c.takes_key("ArrowUp", False)


@pytest.mark.parametrize(("at", "ladder"), [(7.1, True), (6.8, True), (7.3, False)])
def test_a_click_within_a_quarter_inch_of_a_ladder_puts_the_point_at_it(at: float, ladder: bool) -> None:
    """Issue 24 (a ladder is targeted from its ends): a click within ¼ in of the ladder's x (7 in) on the ground floor
    puts the point at 7 in, where ↑ takes it up the ladder; 7.3 in is judged at 7.25 in, at no ladder."""
    c = controller()
    c.click_fighter("ada")
    c.click_section("ground", at)
    assert c.mode.pending is not None
    assert c.mode.pending.to.x == (F(7) if ladder else F(29, 4))
    assert c.takes_key("ArrowUp", False) is ladder
    assert c.takes_key("ArrowDown", False) is False


def test_up_and_down_arrows_move_the_point_half_an_inch_up_and_down_the_ladder() -> None:
    """T4 ("A fighter may end part way up"), issue 24 ("on a ladder ↑/↓ move it ½""): from the ladder's foot (Ada,
    ground floor at 7 in) ↑ judges 0.5 in up the ladder (2 in walked + 0.5 in climbed), ↑ again 1 in up; ↓ back to
    0.5 in and then the foot; from the top (the upper floor at 7 in) ↓ judges 2.5 in up (2 in walked + 2.5 in
    climbed).  Confirm leaves her part way up, where the stand keeps her (T4)."""
    c = controller()
    c.click_fighter("ada")
    c.click_section("ground", 7)
    up = c.key("ArrowUp", False)
    assert up.status == ("Move to 0.5 in up the ladder from Ground floor to Upper floor: allowed: 2.5 in of Move 6 in. "
                         "Enter confirms.")
    assert c.key("ArrowUp", False).status.startswith("Move to 1 in up the ladder from Ground floor to Upper floor")
    assert c.takes_key("ArrowDown", False) and c.takes_key("ArrowUp", False)
    c.key("ArrowDown", False)
    up = c.key("ArrowDown", False)
    assert up.status == ("Move to Ground floor at 7 in: allowed: 2 in of Move 6 in. ↑/↓ take the point up or down "
                         "the ladder. Enter confirms.")
    c.click_section("upper", 7)
    assert c.takes_key("ArrowDown", False) and not c.takes_key("ArrowUp", False)
    up = c.key("ArrowDown", False)
    assert up.status == ("Move to 2.5 in up the ladder from Ground floor to Upper floor: allowed: 4.5 in of Move 6 in. "
                         "Enter confirms.")
    box = panel(c)
    assert [text(b) for b in box.iter("button") if b.get("data-action") == "ladder-step"] == [
        "½ in up the ladder (↑)", "½ in down the ladder (↓)"]
    c.panel_action("ladder-step", "-1")
    c.panel_action("confirm")
    assert c.table.stand_of("ada") == Stand("ground", F(7), "ladder", F(2))


def test_the_arrow_keys_step_through_the_sections_reached_and_the_fighters_of_other_sides() -> None:
    """The keyboard order with Ada selected: herself, the sections she reaches and the fighters of the other side,
    left to right."""
    c = controller()
    c.click_fighter("ada")
    assert c.keyboard_order() == ("fighter-bram", "fighter-post", "section-upper", "section-ground", "fighter-krag",
                                  "fighter-ada", "fighter-grok")


def test_hit_near_an_unenclosed_edge_owes_a_move_check_and_a_failure_falls_and_is_undone_whole() -> None:
    """T3: "a fighter within ½ in of an unenclosed edge owes a Move check ... A failure falls to the surface below";
    T6: 3 in at one Height per 3 in is 1d6 (H8).  Vera, 0.25 in from the roof's open left edge at 4 in, hit for 2
    damage: a Move check; Fail shows the 1d6 before Confirm; Confirm rolls it (seed 7, roll #0) and she lands on the
    upper floor at 4 in; Undo puts her back on the roof with no roll made."""
    c = controller()
    c.click_fighter("vera")
    up = c.panel_action("attacked")
    assert up.focus == "attack-more"
    assert up.status == ("Vera hit by an attack: set the damage (0 for a miss). Owes a Move check (T3): failing, "
                         "falls 3 in to Upper floor, 1d6: 1–6, mean 3.5.")
    box = panel(c)
    assert text(by_testid(box, "damage")) == "1 damage"
    assert text(by_testid(box, "attack-owed")) == "Owes a Move check (T3): damaged within ½ in of an unenclosed edge."
    assert "the left side of Roof, 0.25 in away (within ½ in), not enclosed; it drops 3 in to Upper floor" in text(
        by_testid(box, "attack-facts"))
    assert [text(b) for b in box.iter("button") if b.get("data-action") == "attack-check"] == [
        "Pass", "Fail", "Roll 2d6, at most 7"]
    assert box.find(".//*[@data-testid='attack-confirm']") is None  # nothing entered yet
    c.panel_action("damage", "1")
    up = c.panel_action("attack-check", "fail")
    assert up.status == "Move check failed: falls 3 in to Upper floor, 1d6: 1–6, mean 3.5."
    box = panel(c)
    assert text(by_testid(box, "pool")) == "Falling dice before the roll, on a failure: 1d6: 1–6, mean 3.5"
    assert text(by_testid(box, "attack-confirm")) == "Confirm the fall and roll 1d6"
    hl = c._highlights()
    assert (hl.route_points, hl.spot, hl.route_notes) == (
        ((F(17, 4), F(6)), (F(4), F(6)), (F(4), F(3))), (F(4), F(3)), ((F(4), F(9, 2), "fall 3 in · 1d6"),))
    expected = roll(DicePool(1), rng_for(7, 0))
    up = c.panel_action("attack-confirm")
    assert up.status == f"Vera: hit, 2 damage — moved, fell: {expected.total} damage."
    assert (c.table.stand_of("vera"), c.table.rolls) == (Stand("upper", F(4)), 1)
    c.undo()
    assert (c.table.stand_of("vera"), c.table.rolls) == (Stand("roof", F(17, 4)), 0)


def test_a_miss_near_the_edge_owes_nothing() -> None:
    """T3: "The damage must come from an attack action": with 0 damage (a miss) Vera at the edge owes no check, and
    Confirm only logs the attack."""
    c = controller()
    c.click_fighter("vera")
    c.panel_action("attacked")
    up = c.panel_action("damage", "-1")
    assert up.status == "0 damage (a miss): No check owed."
    assert text(by_testid(panel(c), "attack-confirm")) == "Confirm: log the attack"
    c.panel_action("attack-confirm")
    assert c.table.log[-1].text == "Vera: attacked, missed"
    assert c.table.stand_of("vera") == Stand("roof", F(17, 4))


def test_an_attack_on_the_ladder_owes_a_falling_test_hit_or_miss_entered_by_the_referee() -> None:
    """T4: "Any attack action that targets it there triggers a falling test after the attack, hit or miss"; Krag
    1.5 in up the ladder, missed: a falling test; he has no move_check, so there is no Roll (the referee enters
    it), and a Fail drops him 1.5 in to the ground floor: Height 0.5 at 3 in a level, no dice (T6, H8)."""
    c = controller()
    c.click_fighter("krag")
    c.panel_action("attacked")
    c.panel_action("damage", "-1")
    box = panel(c)
    assert text(by_testid(box, "attack-owed")) == ("Owes a falling test (T4): attacked part way up a ladder or stairs, "
                                                   "hit or miss; its Move check.")
    assert "1.5 in up the ladder from Ground floor to Upper floor" in text(by_testid(box, "attack-facts"))
    assert [b.get("data-arg") for b in box.iter("button") if b.get("data-action") == "attack-check"] == [
        "pass", "fail"]
    assert c.panel_action("attack-check", "roll").status == ("This fighter has no Move check to roll: enter pass or "
                                                             "fail.")
    c.panel_action("attack-check", "fail")
    up = c.panel_action("attack-confirm")
    assert up.status == "Krag: attacked, missed — moved."
    assert (c.table.stand_of("krag"), c.table.rolls) == (Stand("ground", F(7)), 0)


def test_melee_through_the_closed_door_needs_both_within_an_inch_of_its_faces() -> None:
    """T5: "Melee through a closed door: attacker within 1" of the door, target within 1" of its other side".  Sela
    outside at −2 in is 2 in from the left wall's outer face: no melee on Bram, 0.75 in inside; moved to −1 in, 1 in
    from it, she may strike him.  Both distances are in the panel and drawn."""
    c = controller()
    c.click_fighter("sela")
    up = c.click_fighter("bram")
    assert up.status == ("Sela against Bram: No melee through the closed door in Left wall: the attacker 2 in from it, "
                         "the target 0.75 in (each at most 1 in).")
    c.click_section("out", -1)
    c.panel_action("confirm")
    up = c.click_fighter("bram")
    assert up.status == ("Sela against Bram: Melee through the closed door in Left wall: the attacker 1 in from it, "
                         "the target 0.75 in (each at most 1 in).")
    box = panel(c)
    assert [text(e) for e in by_testid(box, "door-facts")] == [
        "Door (T5)", "Left wall, closed", "Attacker to its face (T5)", "1 in: within 1 in",
        "Target to the far face (T5)", "0.75 in: within 1 in"]
    hl = c._highlights()
    assert (hl.target, hl.destination_ok) == ("bram", True)
    assert hl.route_notes == ((F(-1, 2), F(0), "1 in"), (F(7, 8), F(0), "0.75 in"))
    assert c.takes_key("s", False)
    assert c.key("s", False).status.startswith("Bram selected")


@pytest.mark.parametrize("name", ["ruined-house.json", "gantries.json"])
def test_after_each_move_in_inches_and_undo_the_fighters_redrawn_read_as_a_whole_redraw(name: str) -> None:
    """T8: every fighter with a Move of the bundled inches battlefields, moved to the middle of each stretch it
    reaches, then undone: the fighters' groups the page is sent (only those whose drawing changed), written over
    what it showed, give exactly the whole fighters group drawn afresh, a fighter up a ladder included."""
    c = Controller(Table.start(scenario_mod.loads((SCENARIOS / name).read_text())))
    c.show()
    shown = fighter_groups(c.table)
    checked = 0
    for f in c.table.scenario.fighters:
        c.escape()
        c.click_fighter(f.id)
        if f[MOVE] is None:
            continue
        for sid, spans in c.mode.reached(c).sections:
            for a, b in spans:
                c.click_section(sid, (a + b) / 2)
                if c.mode.pending is None or not c.mode.pending.final or c.mode.pending.to == c.mode.pending.start:
                    continue
                for act in (lambda: c.panel_action("confirm"), c.undo):
                    up = act()
                    assert up.fighters is not None or up.fighter_groups is not None
                    changed = dict(up.fighter_groups or ())
                    now = up.fighters if up.fighters is not None else (
                        '<g id="fighters">' + "".join(changed.get(fid, text) for fid, text in shown) + "</g>")
                    assert now == render_fighters(c.table), (f.id, sid)
                    shown = fighter_groups(c.table)
                    checked += 1
                c.click_fighter(f.id)
    assert checked >= 10


def test_a_fighter_part_way_up_a_ladder_is_named_so():
    """T4: "fighters … can remain part way up"; the token's accessible name says where: Krag 1.5 in up the
    ladder, not merely on the ground floor at its foot."""
    table = Table.start(scenario_mod.loads((SCENARIOS / "ruined-house.json").read_text()))
    group = ET.fromstring(render_fighters(table)).find(".//*[@data-fighter='climber']")
    assert group is not None
    assert group.get("aria-label") == "Krag (on the ladder) (Goliaths) 1.5 in up the ladder from Ground floor"


def test_enter_confirms_a_point_the_keys_judged() -> None:
    """README's keys ("Enter confirms a move judged allowed"): a point judged by Shift+←/→ leaves the focus on
    the fighter, where Enter would deselect it; while that point stands, Enter confirms the move instead."""
    c = controller()
    c.click_fighter("ada")
    assert not c.takes_key("Enter", False)
    c.key("ArrowRight", True)
    assert c.takes_key("Enter", False)
    up = c.key("Enter", False)
    assert up.status == "Ada moved to Ground floor at 9.5 in."
    assert not c.takes_key("Enter", False)
    c.click_section("ground", 11)
    assert not c.takes_key("Enter", False)  # judged by a click: Enter keeps its meaning on what has the focus
