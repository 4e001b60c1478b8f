"""Combat at Different Levels in the page, under CPython: the controller's flows on the three feet battlefields.

Each test names the ruling it checks (G1–G7, H7; ``/work/shared/RULINGS.md``) and asserts the exact values
the rules give: the staircase's six climbers (8-in steps, so the Nth step up stands N × 2/3 ft above the hall),
the SM +1 ogre under the 8-ft wall, and the referee placing fighters by hand (no movement rules).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_page.controller import Controller, help_line

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"

STAIRCASE_PAIRS = (
    # climber, difference as the panel shows it, band (G1, G2: 8-in steps, the Nth step up is N × 2/3 ft)
    ("step-1", "0.67 ft (upper surface 0.67 ft − lower surface 0 ft)", "1 ft or less"),
    ("step-3", "2 ft (upper surface 2 ft − lower surface 0 ft)", "up to 2 ft"),
    ("step-4", "2.67 ft (upper surface 2.67 ft − lower surface 0 ft)", "up to 3 ft"),
    ("step-6", "4 ft (upper surface 4 ft − lower surface 0 ft)", "up to 4 ft"),
    ("step-9", "6 ft (upper surface 6 ft − lower surface 0 ft)", "up to 6 ft"),
    ("step-10", "6.67 ft (upper surface 6.67 ft − lower surface 0 ft)", "over 6 ft"),
)


def controller(name: str, **changes: object) -> Controller:
    doc = json.loads((SCENARIOS / name).read_text())
    doc.update(changes)
    c = Controller(Table.start(scenario_mod.load(doc)))
    c.show()
    return c


def panel(c: Controller) -> ET.Element:
    """The panel's HTML as a tree (ElementTree wrote it, so it parses as XML)."""
    return ET.fromstring(f"<div>{c._panel()}</div>")


def by_testid(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("data-testid") == name]


def text(e: ET.Element) -> str:
    return "".join(e.itertext())


def table_rows(section: ET.Element, name: str) -> list[list[str]]:
    (t,) = by_testid(section, name)
    return [[text(cell) for cell in tr] for tr in t.iter("tr") if tr.find("td") is not None]


def directions(c: Controller) -> dict[str, ET.Element]:
    return {d.get("data-attacker", ""): d for d in by_testid(panel(c), "direction")}


@pytest.mark.parametrize(("climber", "difference", "band"), STAIRCASE_PAIRS)
def test_g1_g2_the_staircase_pairs_show_their_difference_and_band(climber: str, difference: str, band: str) -> None:
    """G1, G2: the warden on the hall floor against each climber: the difference between the two standing
    surfaces with its arithmetic, and the band it falls in."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    up = c.click_fighter(climber)
    root = panel(c)
    assert [text(e) for e in by_testid(root, "levels-difference")] == [difference]
    assert [text(e) for e in by_testid(root, "levels-band")] == [band]
    assert up.save and up.status.startswith("Warden and ")
    assert c._highlights().levels == ("warden", climber)


def test_g2_warden_against_the_four_steps_climber_both_directions_at_once() -> None:
    """G2 (up to 3 ft: defense ±1, the 2-ft location modifiers), G5 (4 ft apart = 1 yd), G6 (base / level / net):
    the warden strikes Cedar and Cedar strikes the warden, both in one panel."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    c.click_fighter("step-4")
    root = panel(c)
    assert text(by_testid(root, "levels-summary")[0]) == "d = 2.67 ft (up to 3 ft): combat possible"
    assert text(by_testid(root, "levels-upper")[0]) == "Cedar (4 steps)"
    d = directions(c)
    assert list(d) == ["warden", "step-4"]
    assert text(d["warden"].find("h3")) == "Warden (lower) strikes Cedar (4 steps)"  # type: ignore[arg-type]
    assert text(by_testid(d["warden"], "direction-summary")[0]) == "Possible; Cedar (4 steps) defends at +1."
    assert text(by_testid(d["step-4"], "direction-summary")[0]) == "Possible; Warden defends at −1."
    assert table_rows(d["warden"], "weapons") == [["Spear", "1,2", "1 yd", "reaches"],
                                                  ["Knife", "C", "1 yd", "out of reach"]]
    assert table_rows(d["warden"], "locations") == [
        ["Eyes", "−9", "−2", "−11"], ["Skull", "−7", "−2", "−9"], ["Face", "−5", "−2", "−7"],
        ["Neck", "−5", "+0", "−5"], ["Torso", "+0", "+0", "+0"], ["Vitals", "−3", "+0", "−3"],
        ["Groin", "−3", "+0", "−3"], ["Arm", "−2", "+0", "−2"], ["Hand", "−4", "+0", "−4"],
        ["Leg", "−2", "+2", "+0"], ["Foot", "−4", "+2", "−2"]]
    assert table_rows(d["step-4"], "locations")[:4] == [
        ["Eyes", "−9", "+1", "−8"], ["Skull", "−7", "+1", "−6"], ["Face", "−5", "+1", "−4"], ["Neck", "−5", "+1", "−4"]]
    assert table_rows(d["step-4"], "locations")[-2:] == [["Leg", "−2", "−2", "−4"], ["Foot", "−4", "−2", "−6"]]
    # Logged like a shot: the headline and every step, both directions.
    entry = c.table.log[-1]
    assert entry.text == "Warden ↔ Cedar (4 steps): levels judged — d = 2.67 ft (up to 3 ft): combat possible"
    assert "[G2] Warden (lower) → Cedar (4 steps) (upper): Cedar (4 steps) defends at +1 (upper fighter, up to 3 ft)." \
        in entry.details


def test_g2_over_six_feet_is_impossible_and_offers_the_strange_position() -> None:
    """G2: the tenth step is 6.67 ft up: combat is impossible; the panel says so and offers the toggle (G3)."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    c.click_fighter("step-10")
    root = panel(c)
    assert text(by_testid(root, "levels-impossible")[0]) == (
        "Combat is impossible at this difference unless the upper fighter lies down at the edge (G3).")
    (toggle,) = by_testid(root, "strange")
    assert text(toggle) == "Upper fighter lies down at the edge" and toggle.get("aria-pressed") == "false"
    summaries = [text(by_testid(x, "direction-summary")[0]) for x in directions(c).values()]
    assert summaries == ["Impossible.", "Impossible."]


def test_g3_the_ogre_at_the_wall_impossible_then_five_feet_lying_down() -> None:
    """G3: the ogre (SM +1, G1 measures surfaces, not size) is 8 ft below the sentry: impossible; the sentry lies
    down at the edge: 8 − 3 = 5 ft, up to 5 ft, defense ±3, and the ogre may strike only skull, face, eyes and
    arm; its knife's reach C becomes 1 with SM +1 (G4) and 1.5 ft is 1 yd (G5)."""
    c = controller("ogre-at-the-wall.json")
    c.click_fighter("ogre")
    c.click_fighter("sentry")
    assert c.mode.levels is not None and not c.mode.levels.possible
    assert text(by_testid(panel(c), "levels-summary")[0]) == "d = 8 ft (over 6 ft): combat impossible"
    up = c.panel_action("strange")
    assert up.status == "Ogre and Sentry: d = 8 ft, 5 ft lying down (up to 5 ft): combat possible."
    root = panel(c)
    assert text(by_testid(root, "levels-band")[0]) == "up to 5 ft"
    assert by_testid(root, "strange")[0].get("aria-pressed") == "true"
    assert text(by_testid(root, "levels-strange")[0]).startswith("Sentry lies down at the edge and reaches over, "
                                                              "3 ft closer: 8 ft − 3 ft = 5 ft")
    d = directions(c)
    ogre = table_rows(d["ogre"], "locations")
    assert [r[0] for r in ogre if r[3] != "not allowed"] == ["Eyes", "Skull", "Face", "Arm"]
    assert [r for r in ogre if r[3] != "not allowed"] == [
        ["Eyes", "−9", "−2", "−11"], ["Skull", "−7", "−2", "−9"], ["Face", "−5", "−2", "−7"], ["Arm", "−2", "+0", "−2"]]
    assert table_rows(d["ogre"], "weapons") == [["Club", "1", "1 yd", "reaches"], ["Knife", "C → 1", "1 yd", "reaches"]]
    assert text(by_testid(d["ogre"], "direction-summary")[0]) == "Possible; Sentry defends at +3."
    assert text(by_testid(d["sentry"], "direction-summary")[0]) == "Possible; Ogre defends at −3."
    sentry = table_rows(d["sentry"], "locations")
    assert [r[0] for r in sentry if r[3] == "not allowed"] == ["Leg", "Foot"]
    assert c.table.log[-1].text.startswith("Ogre ↔ Sentry: Sentry lies down at the edge — d = 8 ft, 5 ft lying down")
    c.panel_action("strange")
    assert c.mode.levels is not None and not c.mode.levels.strange_position and not c.mode.levels.possible
    assert c.table.log[-1].text.startswith("Ogre ↔ Sentry: Sentry stands up again — d = 8 ft (over 6 ft)")


def test_g3_the_toggle_is_offered_only_over_6_ft() -> None:
    """Ruling G3: "The text describes the position for differences over 6 ft, so the page offers it only there"
    (issue 22, "G3 in the page"): offered at 6.67 ft (the tenth step), not at 6 ft (the ninth), 2 ft (the third)
    or 0.67 ft (the first, no upper fighter); asked for anyway, the status line says why not."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    c.click_fighter("step-10")
    assert [text(b) for b in by_testid(panel(c), "strange")] == ["Upper fighter lies down at the edge"]
    for climber, status in (
            ("step-9", "The strange position is for differences over 6 ft (G3); this one is 6 ft."),
            ("step-3", "The strange position is for differences over 6 ft (G3); this one is 2 ft."),
            ("step-1", "No upper fighter to lie down: the difference is 1 ft or less.")):
        c.select("warden")
        c.click_fighter(climber)
        assert by_testid(panel(c), "strange") == []
        assert c.panel_action("strange").status == status
        assert c.mode.levels is not None and not c.mode.levels.strange_position


def test_g7_hit_locations_off_shows_no_location_modifiers() -> None:
    """G7: with hit locations off, up to 3 ft changes only the defenses: hits go to the torso, no modifier shown;
    where only some locations may be struck (up to 6 ft) they are listed at their normal penalty, no level."""
    c = controller("staircase.json", options={"hit_locations": False})
    c.click_fighter("warden")
    c.click_fighter("step-4")
    d = directions(c)
    assert by_testid(d["warden"], "locations") == []
    assert text(by_testid(d["warden"], "locations-off")[0]) == "Hit locations off: the attack hits the torso, +0."
    assert text(by_testid(d["warden"], "direction-summary")[0]) == "Possible; Cedar (4 steps) defends at +1."
    verdict = c._panel().split('<details class="glossary"')[0]  # the glossary names "Combat At Different Levels"
    assert "Level" not in verdict and "Hit locations are off in this scenario (G7)" in verdict
    c.select("warden")
    c.click_fighter("step-9")
    d = directions(c)
    assert table_rows(d["warden"], "locations") == [["Leg", "−2"], ["Foot", "−4"]]
    assert table_rows(d["step-9"], "locations") == [["Eyes", "−9"], ["Skull", "−7"], ["Face", "−5"]]


def test_g2_the_log_keeps_one_line_per_direction_by_the_fighters_names() -> None:
    """G2: "> 6 impossible" — the log's line for each direction names the fighters (Ogre, Sentry; not the ids
    ogre, sentry) and, impossible, says why and nothing of reach; lying down (G3: 8 − 3 = 5 ft, defense ±3) it
    is possible, with the weapons that reach; ruled out by the DM (H7), impossible, "overridden by the DM"."""
    c = controller("ogre-at-the-wall.json")
    c.click_fighter("ogre")
    c.click_fighter("sentry")
    assert [line for line in c.table.log[-1].details if not line.startswith("[")] == [
        "d = 8 ft (over 6 ft): combat impossible",
        "Ogre → Sentry: impossible (over 6 ft)",
        "Sentry → Ogre: impossible (over 6 ft)"]
    c.panel_action("strange")
    assert [line for line in c.table.log[-1].details if not line.startswith("[")] == [
        "d = 8 ft, 5 ft lying down (up to 5 ft): combat possible",
        "Ogre → Sentry: possible; Sentry defends at +3; reaches with Club, Knife",
        "Sentry → Ogre: possible; Ogre defends at −3; reaches with Spear, Shortsword"]
    c.panel_action("override-levels", "sentry:forbid")
    assert c.table.log[-1].details[0] == "Sentry → Ogre: impossible — overridden by the DM"


def test_h7_the_dm_overrides_one_direction_and_the_log_keeps_both_answers() -> None:
    """H7: "Let it happen" on the impossible ogre → sentry strike (8 ft) turns that direction only; the log says
    what the rules said and what the DM ruled; "Rule it out" on a possible one the other way round."""
    c = controller("ogre-at-the-wall.json")
    c.click_fighter("ogre")
    c.click_fighter("sentry")
    buttons = [b for b in panel(c).iter("button") if b.get("data-action") == "override-levels"]
    assert [(text(b), b.get("data-arg")) for b in buttons] == [("Let it happen", "ogre:allow"),
                                                               ("Let it happen", "sentry:allow")]
    up = c.panel_action("override-levels", "ogre:allow")
    assert up.save and up.status == "DM override — Ogre strikes Sentry: rules say impossible, the DM let it happen."
    d = directions(c)
    assert text(by_testid(d["ogre"], "direction-summary")[0]) == (
        "Possible — overridden by the DM (the rules say impossible); Sentry defends at +0.")
    assert text(by_testid(d["sentry"], "direction-summary")[0]) == "Impossible."
    entry = c.table.log[-1]
    assert entry.text == "DM override — Ogre strikes Sentry: the rules say impossible; the DM let it happen"
    assert entry.details[-1] == "[H7] Rules say not allowed; overridden by the DM: allowed."
    c.panel_action("strange")
    c.panel_action("override-levels", "sentry:forbid")
    assert c.table.log[-1].text == "DM override — Sentry strikes Ogre: the rules say possible; the DM ruled it out"
    assert c.table.log[-1].details[-1] == "[H7] Rules say allowed; overridden by the DM: not allowed."


def test_taking_back_a_levels_override_restores_that_direction_and_logs_it() -> None:
    """Product owner's list, "Taking back a DM override" (H7 on G1): the DM lets the ogre strike the sentry 8 ft
    up, then takes it back: that direction is impossible again, with its "Let it happen" button; the log keeps
    the override and adds a line saying it was taken back."""
    c = controller("ogre-at-the-wall.json")
    c.click_fighter("ogre")
    c.click_fighter("sentry")
    assert c.mode.levels is not None
    rules = c.mode.levels
    c.panel_action("override-levels", "ogre:allow")
    buttons = [(b.get("data-action"), b.get("data-arg"), text(b), b.get("aria-label")) for b in panel(c).iter("button")
               if (b.get("data-action") or "").endswith("levels")]
    assert buttons == [("take-back-levels", "ogre", "Take back the override",
                        "Take back the override: DM override on Ogre striking Sentry"),
                       ("override-levels", "sentry:allow", "Let it happen", "Let it happen: DM override on Sentry "
                        "striking Ogre")]
    up = c.panel_action("take-back-levels", "ogre")
    assert c.mode.levels == rules
    assert up.save and up.status == "DM override taken back — Ogre strikes Sentry: impossible, as the rules say."
    assert text(by_testid(directions(c)["ogre"], "direction-summary")[0]) == "Impossible."
    assert [b.get("data-arg") for b in panel(c).iter("button") if b.get("data-action") == "override-levels"] == [
        "ogre:allow", "sentry:allow"]
    assert [e.text for e in c.table.log[-2:]] == [
        "DM override — Ogre strikes Sentry: the rules say impossible; the DM let it happen",
        "DM override taken back — Ogre strikes Sentry: the DM had let it happen; the rules' answer stands: "
        "impossible"]
    assert c.panel_action("take-back-levels", "sentry").status == "No override to take back."


def test_placing_a_fighter_by_hand_snaps_logs_and_undoes() -> None:
    """Levels has no movement rules: with a fighter selected, a click on a section places it there — on the half
    foot nearest the click, on the centre of the step clicked on stairs, at the centre from the keyboard;
    logged, undoable; Shift+→ nudges it ½ ft (the third step up: 2 ft, G1). Issue 22, "the panel's words": the
    place reads "at x = 6.5 ft", not "6.5 ft across"."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    assert c._highlights().placing
    up = c.click_section("stair", 6.2)  # the third step, [6, 7): its centre
    assert up.status == "Warden placed on Stair at x = 6.5 ft, standing surface 2 ft."
    assert up.save and (up.fighters is not None or up.fighter_groups)
    assert c.table.stand("warden") == ("stair", Fraction(13, 2))
    assert c.table.log[-1].text == "Warden placed: Hall floor → Stair at x = 6.5 ft"
    assert c.selected == "warden"
    c.click_section("hall", 1.26)
    assert c.table.stand("warden") == ("hall", Fraction(3, 2))
    c.click_section("hall", 3.76)
    assert c.table.stand("warden") == ("hall", Fraction(4))
    c.click_section("landing")  # the keyboard: the centre
    assert c.table.stand("warden") == ("landing", Fraction(16))
    c.click_section("stair")  # the keyboard on stairs: the step under the centre, 9 ft → [9, 10)
    assert c.table.stand("warden") == ("stair", Fraction(19, 2)) and c.table.surface("warden") == 4
    up = c.key("ArrowRight", True)
    assert up.status == "Warden placed on Stair at x = 10 ft, standing surface 4.67 ft."
    up = c.undo()
    assert up.status == "Undone: Warden placed: Stair → Stair at x = 10 ft"
    assert c.table.stand("warden") == ("stair", Fraction(19, 2))
    for _ in range(5):
        c.undo()
    assert c.table.stand("warden") == ("hall", Fraction(7, 2))
    assert c.undo().status == "Nothing to undo."


def test_a_nudge_stops_at_the_end_of_the_section() -> None:
    """The hall floor runs 0–4 ft; the warden at 3.5 ft goes to 4 ft, then no further."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    c.key("ArrowRight", True)
    assert c.table.stand("warden") == ("hall", Fraction(4))
    up = c.key("ArrowRight", True)
    assert up.status == "Warden is at the right end of Hall floor; click another section to place it there."
    assert c.table.stand("warden") == ("hall", Fraction(4))


def test_g1_placing_the_warden_up_the_stairs_changes_the_verdict() -> None:
    """G1: placed on the sixth step (4 ft), the warden is 2 ft under Elm on the ninth (6 ft): up to 2 ft."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    c.click_section("stair", 9.9)
    c.click_fighter("step-9")
    assert c.mode.levels is not None and c.mode.levels.summary == "d = 2 ft (up to 2 ft): combat possible"


def test_export_writes_placed_fighters_where_they_stand_and_reimports() -> None:
    """Export writes format version 2 with each placed fighter's section and place; it loads back exactly."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    c.click_section("stair", 7.3)
    text = c.export_text()
    doc = json.loads(text)
    assert doc["vertigo"] == 2 and doc["rules"] == ["levels"]
    assert doc["fighters"][0] == {"id": "warden", "name": "Warden", "side": "Defenders", "section": "stair",
                                  "x": 7.5, "weapons": ["Spear, reach 1,2", "Knife, reach C"]}
    again = Table.start(scenario_mod.loads(text))
    assert again.stand("warden") == ("stair", Fraction(15, 2)) and again.surface("warden") == Fraction(8, 3)
    restored = Controller.restore(c.saved())
    assert restored.stand("warden") == ("stair", Fraction(15, 2))


def test_the_fighter_card_and_help_say_what_to_do_in_a_levels_scenario() -> None:
    """No Move entries in a levels scenario: the card lists where the fighter stands, its SM and weapons (with the
    SM reach bonus, G4), and says to click a section to place it and another fighter to judge."""
    c = controller("ogre-at-the-wall.json")
    assert "no Move entries" not in help_line(c.table) and "Shift+←/→ nudges it ½ ft" in help_line(c.table)
    assert help_line(controller("cliff.json").table).startswith("Select a fighter (click or Enter), choose a Move")
    up = c.click_fighter("ogre")
    assert up.status == ("Ogre selected on Field at x = 9 ft, standing surface 0 ft. Click another fighter to judge "
                         "melee across levels; click a section to place it there.")
    root = panel(c)
    assert text(by_testid(root, "fighter-stand")[0]) == "Raiders · on Field at x = 9 ft · standing surface 0 ft"
    assert text(by_testid(root, "fighter-sm")[0]) == "Size Modifier +1 (G4: adds to its melee reach)"
    assert [text(li) for li in by_testid(root, "fighter-weapons")[0]] == [
        "Club, reach 1", "Knife, reach C → reach 1 with SM +1"]
    assert "<h3>Move entries</h3>" not in c._panel()
    assert "No Move entries here: the referee places fighters." in c._panel()


def test_the_table_top_brawl_judges_friend_and_foe_alike() -> None:
    """G1: the brawler on the 3-ft table against the guard on the floor: up to 3 ft; any other fighter may be
    clicked, so the two watchmen can be compared too (both on the floor: 0 ft, 1 ft or less)."""
    c = controller("table-top-brawl.json")
    c.click_fighter("brawler")
    c.click_fighter("guard")
    assert c.mode.levels is not None and c.mode.levels.summary == "d = 3 ft (up to 3 ft): combat possible"
    c.select("guard")
    c.click_fighter("cutpurse")
    assert c.mode.levels is not None and c.mode.levels.summary == "d = 0 ft (1 ft or less): combat possible"


def test_height_scenarios_are_unchanged() -> None:
    """The Height rules still move fighters: no placing, the goat's click on a section judges a move (H2)."""
    c = controller("cliff.json")
    c.click_fighter("goat")
    assert not c._highlights().placing
    up = c.click_section("cliff-foot", 3.3)
    assert up.status == "Move to Foot of the cliff: Allowed: falls, 1d6: 1–6, mean 3.5"
    # Shift+→ steps the selected fighter along its own section (H10 is judged on x), logged, no border crossed.
    assert c.takes_key("ArrowRight", True)
    assert re.search(r"Move entries", c._panel())


def test_g3_the_dimension_line_names_the_difference_that_counts_lying_down() -> None:
    """G3 drawn honestly: the dimension line keeps the true difference between the surfaces (8 ft) and, with the
    sentry lying at the edge, names the one that counts (8 − 3 = 5 ft); standing up again drops it."""
    import re

    c = controller("ogre-at-the-wall.json")
    c.click_fighter("ogre")
    c.click_fighter("sentry")
    label = re.compile(r'class="levels-dimension-label"[^>]*>([^<]*)<')
    assert label.findall(c.drawn_overlay()) == ["8 ft"]
    c.panel_action("strange")
    assert label.findall(c.drawn_overlay()) == ["8 ft, 5 ft lying down"]
    c.panel_action("strange")
    assert label.findall(c.drawn_overlay()) == ["8 ft"]


def test_a_direction_no_weapon_reaches_is_not_shown_as_a_possible_strike() -> None:
    """G4 and G5 (reach by SM against the horizontal distance in yards): on *The staircase* Elm stands 9 steps
    up, 3 yd from the warden. The difference allows melee both ways, but the warden's Spear (1,2) and Knife (C)
    fall short, so his line says so in the refused colour; Elm's Halberd (2,3) reaches, so hers stays
    "Possible". The status line and the log name the side that cannot reach after the band's answer."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    up = c.click_fighter("step-9")
    assert up.status == "Warden and Elm (9 steps): d = 6 ft (up to 6 ft): combat possible; no weapon of Warden reaches."
    assert c.table.log[-1].text == (
        "Warden ↔ Elm (9 steps): levels judged — d = 6 ft (up to 6 ft): combat possible; no weapon of Warden reaches")
    d = directions(c)
    assert text(by_testid(d["warden"], "direction-summary")[0]) == (
        "Possible at this difference, but no weapon of Warden reaches 3 yd (G4, G5); Elm (9 steps) defends at +3.")
    assert d["warden"].get("class") == "direction refused"
    assert table_rows(d["warden"], "weapons") == [["Spear", "1,2", "3 yd", "out of reach"],
                                                  ["Knife", "C", "3 yd", "out of reach"]]
    assert text(by_testid(d["step-9"], "direction-summary")[0]) == "Possible; Warden defends at −3."
    assert d["step-9"].get("class") == "direction allowed"


def test_the_facts_of_a_levels_verdict_link_their_rule_tags_to_the_glossary() -> None:
    """Issue 7, "link each rule tag to its rule": Difference (G1), Band (G2) and Lying down (G3) above the two
    directions are links to the glossary's entries, as the tags in the steps are."""
    c = controller("ogre-at-the-wall.json")
    c.click_fighter("ogre")
    c.click_fighter("sentry")
    c.panel_action("strange")
    terms = panel(c).iter("dt")
    shown = {text(dt): [a.get("href") for a in dt.iter("a")] for dt in terms}
    assert shown == {"Difference (G1)": ["#rule-g1"], "Band (G2)": ["#rule-g2"], "Upper fighter": [],
                     "Lying down (G3)": ["#rule-g3"]}


def test_issue_22_the_levels_panel_leads_with_one_line_per_direction_before_the_tables() -> None:
    """Issue 22, "Both directions at once on a phone": the levels verdict leads with one line per direction
    (G2 at 2.67 ft, the 3-ft band: Cedar, upper, defends at +1, the warden −1), each the direction's own summary,
    before the facts and the tables; the two directions' tables sit in one ``div.directions`` (side by side on a
    wide screen)."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    c.click_fighter("step-4")
    root = panel(c)
    (ways,) = by_testid(root, "levels-both-ways")
    assert [(text(li), li.get("class")) for li in ways] == [
        ("Warden → Cedar (4 steps): possible; Cedar (4 steps) defends at +1; reaches with Spear", "allowed"),
        ("Cedar (4 steps) → Warden: possible; Warden defends at −1; reaches with Spear", "allowed")]
    (levels,) = by_testid(root, "levels")
    order = [e.get("data-testid") or e.get("class") for e in levels]
    assert order[:4] == [None, "levels-summary", "levels-both-ways", "facts"]
    (pair,) = [e for e in levels if e.get("class") == "directions"]
    assert [d.get("data-attacker") for d in pair] == ["warden", "step-4"]
    c = controller("ogre-at-the-wall.json")
    c.click_fighter("ogre")
    c.click_fighter("sentry")
    assert [text(li) for li in by_testid(panel(c), "levels-both-ways")[0]] == [
        "Ogre → Sentry: impossible (over 6 ft)", "Sentry → Ogre: impossible (over 6 ft)"]


def test_g3_the_upper_fighter_is_drawn_lying_at_the_edge() -> None:
    """G3 ("the upper fighter lies down at the edge and reaches over"), issue 22 ("the lying-down position is not
    drawn"): with the option on, the overlay draws the sentry (6 ft, drawn 180 SVG units tall at 30 a foot) lying
    along the wall top (8 ft up, x 10–13 ft: SVG 300–390) with its head (radius 0.07 × 180 = 12.6) at the edge
    facing the ogre (x 300) and its body inland to the wall's far end (390: the wall, 90 wide, is narrower than the
    figure), 30.6 thick (its width standing); standing up again takes it away."""
    c = controller("ogre-at-the-wall.json")
    c.click_fighter("ogre")
    c.click_fighter("sentry")
    assert "lying-down" not in c.drawn_overlay()
    c.panel_action("strange")
    root = ET.fromstring(f"<svg>{c.drawn_overlay()}</svg>")
    (lying,) = [g for g in root.iter("g") if g.get("class") == "lying-down"]
    assert lying.get("data-fighter") == "sentry"
    assert lying.findtext("title") == "Sentry lies down at the edge (G3)"
    body = lying.find("rect")
    head = lying.find("circle")
    assert body is not None and head is not None
    assert (body.get("x"), body.get("width"), body.get("height")) == ("327.9", "62.1", "30.6")
    assert (head.get("cx"), head.get("r")) == ("312.6", "12.6")
    c.panel_action("strange")
    assert "lying-down" not in c.drawn_overlay()


def test_g3_on_stairs_the_upper_fighter_lies_at_the_edge_of_its_own_step() -> None:
    """G3, issue 22 (found by a fresh user: Fir's lying figure was drawn at the foot of the stair, 6 ft up in the
    air over Ash, Birch and Cedar): on the staircase (a stair from x 4 to 14 ft, ten 1-ft treads, 40 SVG units a
    foot) Fir stands at 13½ ft on the top tread (13–14 ft); facing the Warden (to the left) it lies with its head
    (radius 0.07 × 240 = 16.8) at that tread's edge (x 13 ft: SVG 520, head centre 536.8), its body from the neck
    (520 + 33.6 + 3.6 = 557.2) inland as long as it is tall (240: to 760), on its own surface (feet at −266.67, body
    40.8 thick: top at −307.47)."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    c.click_fighter("step-10")
    c.panel_action("strange")
    root = ET.fromstring(f"<svg>{c.drawn_overlay()}</svg>")
    (lying,) = [g for g in root.iter("g") if g.get("class") == "lying-down"]
    body, head = lying.find("rect"), lying.find("circle")
    assert body is not None and head is not None
    assert (body.get("x"), body.get("y"), body.get("width")) == ("557.2", "-307.47", "202.8")
    assert (head.get("cx"), head.get("cy")) == ("536.8", "-283.47")


def test_the_dimension_line_carries_the_height_tag_of_the_border_it_repeats() -> None:
    """Issue 22 ("two "3 ft" tags stand side by side at the brawl table"): the guard on the floor and the brawler
    on the 3-ft table are measured across the table's border; the dimension line's tag says "3 ft" and names the
    border whose tag it repeats (``data-carries``), which the page then hides.  Between the brawler and the
    cutpurse (x 8½ ft, past the table's far end with no border there) the same 3 ft carries no border's tag."""
    c = controller("table-top-brawl.json")
    c.click_fighter("guard")
    c.click_fighter("brawler")
    dim = re.compile(r'<g class="levels-dimension" data-levels="([^"]*)" data-difference="3"( data-carries="[^"]*")?')
    assert dim.findall(c.drawn_overlay()) == [("guard|brawler", ' data-carries="floor|table"')]
    c.escape()
    c.click_fighter("cutpurse")
    c.click_fighter("brawler")
    assert dim.findall(c.drawn_overlay()) == [("cutpurse|brawler", "")]
