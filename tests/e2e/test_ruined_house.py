"""The ruined house (issue 24), played in the page: a climb up the ladder (T4, T8), a route over a wall and
through the closed door and melee through it (T2, T5, H7), a hit at the roof's open edge with a failed Move check
and its fall (T3, T6, H8), an attack on the ladder with its falling test rolled (T4), the keyboard, and an axe
scan."""

from __future__ import annotations

from playwright.sync_api import expect

from vertigo.dice import DicePool, rng_for, roll

from harness import ROOT, App, serious_axe_violations

SCENARIO = "ruined-house.json"
SEED = 29  # static/scenarios/ruined-house.json "dice_seed"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

SUMMARY = "[data-testid=verdict-summary]"


def log_texts(app: App):  # type: ignore[no-untyped-def]
    return app.page.locator("#log > li .log-text")


def test_krag_climbs_the_ladder_onto_the_upper_floor_and_undo_puts_him_back(app: App) -> None:
    """T4, T8: Krag, 1.5 in up the ladder (Move 4 in), reaches the upper floor 4.5–7.5 in and the ladder's top
    (3 in), shaded; a click on the upper floor at 6 in: 1.5 in climbed + 1 in walked = 2.5 in, the route drawn up
    the ladder with its note; Confirm moves him, logged; Ctrl+Z puts him back on the ladder."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("climber")
    expect(page.locator("#status")).to_have_text(
        "Krag (on the ladder) selected at 1.5 in up the ladder from Ground floor to Upper floor: Move 4 in. Click a "
        "point to judge a move there.")
    expect(page.locator("[data-testid=fighter-move]")).to_have_text("Move 4 in. T8")
    expect(page.locator("#overlay .reachable.stretch[data-section='upper']")).to_have_attribute("data-from", "9/2")
    expect(page.locator("#overlay .ladder-reach[data-ladder='ladder']")).to_have_attribute("data-up", "3")
    app.click_at("upper", 6, 3)
    expect(page.locator(SUMMARY)).to_have_text("allowed: 2.5 in of Move 4 in")
    expect(page.locator("[data-testid=route-cost]")).to_have_text(
        "Inches: 1 in walked + 1.5 in climbed = 2.5 in, against its Move of 4 in.")
    expect(page.locator("[data-testid=crossings] li")).to_have_text([
        "ladder — Ground floor → Upper floor, 3 in: up 1.5 in T4, T8"])
    expect(page.locator("#overlay .route-points.allowed")).to_have_count(1)
    expect(page.locator("#overlay .route-note")).to_have_text(["ladder 1.5 in"])
    page.get_by_role("button", name="Confirm move").click()
    expect(page.locator("#status")).to_have_text("Krag (on the ladder) moved to Upper floor at 6 in.")
    expect(log_texts(app).last).to_have_text("Krag (on the ladder): moved in inches to Upper floor at 6 in — moved")
    expect(app.fighter("climber")).to_have_attribute("aria-label", "Krag (on the ladder) (Goliaths) on Upper floor")
    page.keyboard.press("Control+z")
    expect(page.locator("#status")).to_have_text("Undone: Krag (on the ladder): moved in inches to Upper floor at 6 in")
    app.tap("climber")
    expect(page.locator("[data-testid=fighter-stand]")).to_contain_text("1.5 in up the ladder")


def test_grok_goes_round_through_the_door_by_the_dms_leave_and_strikes_mira_through_it(app: App) -> None:
    """T2, T5, T8, H7: Grok in the yard (Move 4 in) to the lane at −1 in: over the rubble (low terrain), over the
    east wall (4 in up and down) and through the west wall's closed door at its centre, 24 in: not allowed, the
    route drawn through the door; the DM allows it and Grok goes with no fall.  Mira, allowed by the DM to 1.25 in
    inside, and Grok 1 in outside the door: melee through the closed door, 1 in and 0.75 in (each at most 1 in)."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("yard-1")
    app.click_at("lane", -1, 0)
    expect(page.locator(SUMMARY)).to_have_text("not allowed: 24 in of Move 4 in")
    expect(page.locator("[data-testid=crossings] li .crossing-kind")).to_have_text(["low terrain", "climb", "door"])
    expect(page.locator("[data-testid=route-stop]")).to_have_text("What stops it: 20 in over its Move.")
    expect(page.locator("#overlay .route-note")).to_have_text(["low 0.75 in", "climb 8 in", "door 0.5 in"])
    page.get_by_role("button", name="DM override: allow").click()
    expect(page.locator(SUMMARY)).to_have_text("allowed: 24 in of Move 4 in (overridden by the DM)")
    expect(log_texts(app).last).to_have_text(
        "DM override: Grok's move from Yard at 15 in to Lane at −1 in — rules: not allowed; DM: allowed")
    page.get_by_role("button", name="Confirm move", exact=True).click()
    expect(page.locator("#status")).to_have_text("Grok moved to Lane at −1 in.")
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 0 rolls")
    page.keyboard.press("Escape")
    app.tap("behind-railing")
    app.click_at("house", 1.25, 0)
    expect(page.locator(SUMMARY)).to_have_text("not allowed: 8.5 in of Move 5 in, 1d6 falling")
    page.get_by_role("button", name="DM override: allow").click()
    page.get_by_role("button", name="Confirm move", exact=True).click()
    page.keyboard.press("Escape")
    app.tap("yard-1")
    app.tap("behind-railing")
    expect(page.locator(SUMMARY)).to_have_text(
        "Melee through the closed door in West wall: the attacker 1 in from it, the target 0.75 in (each at most "
        "1 in).")
    expect(page.locator("[data-testid=door-facts] dd")).to_have_text(
        ["West wall, closed", "1 in: within 1 in", "0.75 in: within 1 in"])
    expect(page.locator("#overlay .route-note")).to_have_text(["1 in", "0.75 in"])
    expect(log_texts(app).last).to_have_text(
        "Grok → Mira (behind the railing): Melee through the closed door in West wall: the attacker 1 in from it, "
        "the target 0.75 in (each at most 1 in).")


def test_vera_hit_at_the_roofs_open_edge_fails_her_move_check_and_falls_to_the_upper_floor(app: App) -> None:
    """T3: Vera, 0.25 in from the roof's open left edge (nothing encloses it), hit for 2 damage: a Move check; the
    referee enters Fail, and the fall's dice show before Confirm: 3 in at one Height per 3 in, 1d6 (T6, H8).
    Confirm rolls it (seed 29, roll #0), she lands on the upper floor at 4 in; Ctrl+Z takes it back whole."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("roof-edge")
    page.get_by_role("button", name="Hit by an attack…").click()
    expect(page.locator("#attack-more")).to_be_focused()
    page.keyboard.press("Enter")  # + 1: 2 damage
    expect(page.locator("[data-testid=damage]")).to_have_text("2 damage")
    expect(page.locator("[data-testid=attack-owed]")).to_have_text(
        "Owes a Move check (T3): damaged within ½ in of an unenclosed edge.")
    expect(page.locator("[data-testid=attack-facts] dd").first).to_have_text(
        "the left side of Roof, 0.25 in away (within ½ in), not enclosed; it drops 3 in to Upper floor")
    expect(page.get_by_role("button", name="Roll 2d6, at most 7")).to_be_visible()
    page.get_by_role("button", name="Fail", exact=True).click()
    expect(page.locator(SUMMARY)).to_have_text("Move check failed: falls 3 in to Upper floor, 1d6: 1–6, mean 3.5.")
    expect(page.locator("[data-testid=pool]")).to_have_text(
        "Falling dice before the roll, on a failure: 1d6: 1–6, mean 3.5")
    expect(page.locator("#overlay .route-note")).to_have_text(["fall 3 in · 1d6"])
    expected = roll(DicePool(1), rng_for(SEED, 0))
    page.get_by_role("button", name="Confirm the fall and roll 1d6").click()
    expect(page.locator("#status")).to_have_text(
        f"Vera (at the roof's edge): hit, 2 damage — moved, fell: {expected.total} damage.")
    expect(page.locator("[data-testid=roll] .die")).to_have_text([str(d) for d in expected.dice])
    expect(app.fighter("roof-edge")).to_have_attribute("aria-label",
                                                       "Vera (at the roof's edge) (Eschers) on Upper floor")
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 1 roll")
    page.keyboard.press("Control+z")
    expect(app.fighter("roof-edge")).to_have_attribute("aria-label", "Vera (at the roof's edge) (Eschers) on Roof")
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 0 rolls")


def test_krag_attacked_on_the_ladder_rolls_his_falling_test_hit_or_miss(app: App) -> None:
    """T4: "Any attack action that targets it there triggers a falling test after the attack, hit or miss": Krag
    1.5 in up the ladder, missed (0 damage), owes a falling test, his Move check 2d6, at most 7; Roll, then
    Confirm rolls it (seed 29, roll #0) and he stays on the ladder when it passes."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("climber")
    page.get_by_role("button", name="Hit by an attack…").click()
    page.get_by_role("button", name="− 1 damage").click()
    expect(page.locator("[data-testid=damage]")).to_have_text("0 damage (a miss)")
    expect(page.locator("[data-testid=attack-owed]")).to_have_text(
        "Owes a falling test (T4): attacked part way up a ladder or stairs, hit or miss; its Move check.")
    page.get_by_role("button", name="Roll 2d6, at most 7").click()
    expect(page.get_by_role("button", name="Roll 2d6, at most 7")).to_have_attribute("aria-pressed", "true")
    expected = roll(DicePool(2), rng_for(SEED, 0))
    passed = expected.total <= 7
    page.get_by_role("button", name="Confirm and roll 2d6").click()
    expect(page.locator("[data-testid=roll] .die")).to_have_text([str(d) for d in expected.dice])
    verb = "passed" if passed else "failed"
    expect(log_texts(app).last).to_contain_text("Krag (on the ladder): attacked, missed — ")
    expect(log_texts(app).last).to_contain_text(f"{verb} the falling test: {expected.total}")
    expect(page.locator(SUMMARY)).to_contain_text(f"Falling test {verb} (rolled {expected}; at most 7 passes)")


def test_the_ruined_house_by_keyboard_a_move_judged_stepped_and_confirmed_and_a_point_up_the_ladder(app: App) -> None:
    """Issue 24, keyboard: Enter selects Grok; → to the yard, Enter judges its centre (18 in: 3 in of Move 4 in),
    Shift+← moves the point to 17.5 in, Enter (the focus still on Grok) confirms.  Mira: → to the ground floor,
    Enter judges its centre (6 in); Shift+→ twice to the ladder (7 in), ↑ takes the point ½ in up it, Enter
    confirms: she stays part way up (T4)."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.fighter("yard-1").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".fighter-title")).to_have_text("Grok")
    page.locator("#section-yard").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_text(
        "Move to Yard at 18 in: allowed: 3 in of Move 4 in. Enter again to confirm.")
    page.keyboard.press("Shift+ArrowLeft")
    expect(page.locator("#status")).to_have_text(
        "Move to Yard at 17.5 in: allowed: 2.5 in of Move 4 in. Enter confirms.")
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_text("Grok moved to Yard at 17.5 in.")
    page.keyboard.press("Escape")
    app.fighter("behind-railing").focus()
    page.keyboard.press("Enter")
    page.locator("#section-house").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_text(
        "Move to Ground floor at 6 in: allowed: 4.25 in of Move 5 in. Enter again to confirm.")
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator("#status")).to_have_text(
        "Move to Ground floor at 6.5 in: allowed: 3.75 in of Move 5 in. Enter confirms.")
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator("#status")).to_have_text(
        "Move to Ground floor at 7 in: allowed: 3.25 in of Move 5 in. ↑/↓ take the point up or down the ladder. "
        "Enter confirms.")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#status")).to_have_text(
        "Move to 0.5 in up the ladder from Ground floor to Upper floor: allowed: 2.75 in of Move 5 in. "
        "Enter confirms.")
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_text(
        "Mira (behind the railing) moved to 0.5 in up the ladder from Ground floor to Upper floor.")


def test_axe_finds_no_serious_violation_with_a_route_and_with_the_attack_box(app: App) -> None:
    """axe-core over the page with a route verdict on show, then with Hit by an attack… open."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("yard-1")
    app.click_at("house", 10, 0)
    expect(page.locator(SUMMARY)).to_be_visible()
    assert serious_axe_violations(page, AXE) == []
    page.keyboard.press("Escape")
    app.tap("roof-edge")
    page.get_by_role("button", name="Hit by an attack…").click()
    page.get_by_role("button", name="Fail", exact=True).click()
    assert serious_axe_violations(page, AXE) == []
