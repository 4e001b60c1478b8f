"""The rooftop chase (issue 25), played in the page: a jump with no roll (J2, J4), one at −2 entered as failed by 3
with its scatter drawn from the d8 the table will roll (J6, J11), one that falls to the street (J7, J10, J12, H8),
the keyboard, and an axe scan.

The expected values are worked from the seed's rules by hand: the runner is Medium with Move 12, so its running jump
has a base of 20 ft, no roll to 10 ft, at most 30 ft, a Jump Modifier of 2 ft and 30 ft of run-up (J1); each started
2 ft past the base is −1 (J4).  The dice are cross-checked with ``vertigo.dice`` from the battlefield's seed."""

from __future__ import annotations

import math

from playwright.sync_api import expect

from vertigo.dice import DicePool, rng_for, roll

from harness import ROOT, App, serious_axe_violations

SCENARIO = "rooftop-chase.json"
SEED = 25  # static/scenarios/rooftop-chase.json "dice_seed"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
STATUS, SUMMARY = "#status", "[data-testid=verdict-summary]"
CONFIRM = "[data-testid=confirm]"
JUMP = "#panel [data-action=mode][data-arg=jumping]"


def arrow_to(app: App, start: str, element_id: str) -> None:
    """From ``start`` (a fighter or section of the side view), → until ``element_id`` has the focus: the view pans
    to what the keyboard focuses."""
    app.page.locator(f"#{start}").focus()
    for _ in range(12):
        if app.page.evaluate("() => document.activeElement.id") == element_id:
            return
        app.page.keyboard.press("ArrowRight")
    expect(app.page.locator(f"#{element_id}")).to_be_focused()


def log_texts(app: App):  # type: ignore[no-untyped-def]
    return app.page.locator("#log > li .log-text")


def jumping_runner(app: App) -> None:
    """The runner selected, on Warehouse roof at 4 ft, and Jump chosen on its card."""
    app.load_scenario(SCENARIO)
    app.tap("runner")
    app.page.locator(JUMP).click()
    expect(app.page.locator(JUMP)).to_have_attribute("aria-pressed", "true")
    expect(app.page.locator(STATUS)).to_have_text("Runner selected on Warehouse roof at x = 4 ft, standing surface "
                                                  "30 ft. Click where it should land to plan a jump.")


def test_j2_j4_a_running_jump_under_its_minimum_needs_no_roll_and_undo_puts_the_runner_back(app: App) -> None:
    """J1, J2, J4, J10: the runner (36 ft of roof behind the edge at 36 ft, at least its 30 ft of run-up: running)
    clicks Tenement roof at 45 ft, 9 ft across the 8-ft gap: at or under its 10-ft minimum, no roll.  Confirm: it
    stands on Tenement roof at 45 ft, its token there, the jump logged; Undo puts it back on Warehouse roof."""
    jumping_runner(app)
    page = app.page
    at = app.click_at("roof-2", 45, 30)
    expect(page.locator(STATUS)).to_have_text(
        "Jump to Tenement roof at 45 ft (no roll): Runner: running jump of 9 ft: no roll needed.")
    expect(page.locator("[data-fact=takeoff]")).to_have_text(
        "Warehouse roof at 36 ft, running: 36 ft of level surface behind it, at least the 30 ft of run-up")
    expect(page.locator("[data-fact=its-figures]")).to_have_text(
        "minimum 10 ft · base 20 ft · maximum 30 ft · Jump Modifier 2 ft")
    expect(page.locator("[data-fact=roll]")).to_have_text("none: at or under its minimum, it succeeds")
    expect(page.locator("#overlay .ruler-note")).to_have_text(["min 10 ft", "base 20 ft", "max 30 ft"])
    expect(page.locator("#overlay .route-points.allowed")).to_have_count(1)
    page.locator(CONFIRM).click()
    expect(page.locator(STATUS)).to_have_text("Runner jumps: Warehouse roof → Tenement roof, running jump of 9 ft, no "
                                              "roll — moved. It lands on Tenement roof at 45 ft.")
    expect(log_texts(app).last).to_have_text(
        "Runner jumps: Warehouse roof → Tenement roof, running jump of 9 ft, no roll — moved")
    expect(app.fighter("runner")).to_have_attribute("aria-label", "Runner (Watch) on Tenement roof")
    box = app.fighter("runner").locator(".px .token").bounding_box()
    assert box and abs(box["x"] + box["width"] / 2 - at) < 2, (box, at)
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 0 rolls")
    page.locator("#undo").click()
    expect(page.locator(STATUS)).to_have_text(
        "Undone: Runner jumps: Warehouse roof → Tenement roof, running jump of 9 ft, no roll")
    expect(app.fighter("runner")).to_have_attribute("aria-label", "Runner (Watch) on Warehouse roof")


def test_j6_across_the_23_ft_gap_at_minus_2_failed_by_3_scatters_where_the_preview_drew_it(app: App) -> None:
    """J2, J4, J6, J11: the runner placed by hand on Chapel roof at 85 ft (12 ft of roof: too short a run-up, so the
    referee's "Ran last round", J2) jumps from its edge at 91 ft for Counting-house roof at 115 ft: 24 ft, 4 ft past its
    base, −2.  Failed by 3 it scatters 3 × 2 ft =
    6 ft; before Confirm the panel says the d8 the table will roll (seed 25, roll #1: 8, ahead and to the left), so
    it lands 24 + 6/√2 ft along, at 119.24 ft, 4.24 ft to the left, drawn with the point aimed at.  Confirm rolls
    that d8 and lands there, logged; Ctrl+Z takes back the jump and its roll, then the placing."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("runner")
    app.click_at("roof-3", 85, 30)  # Jump off: a click places the fighter by hand
    expect(page.locator(STATUS)).to_have_text("Runner placed on Chapel roof at x = 85 ft, standing surface 30 ft.")
    page.locator(JUMP).click()
    expect(page.locator(STATUS)).to_contain_text("Click where it should land to plan a jump.")
    page.locator("[data-testid=ran]").click()  # J2: the referee's word that it ran last round without stopping
    expect(page.locator("[data-testid=ran]")).to_have_attribute("aria-pressed", "true")
    arrow_to(app, "fighter-runner", "section-roof-4")  # Counting-house roof lies off screen to the right
    app.click_at("roof-4", 115, 30)
    penalty = -math.ceil((115 - 91 - 20) / 2)
    assert penalty == -2
    expect(page.locator(STATUS)).to_have_text(
        "Jump to Counting-house roof at 115 ft (−2): Runner: running jump of 24 ft: a Hard Strength or Dexterity "
        "Feat, at −2. Enter the table's check in the panel.")
    expect(page.locator(CONFIRM)).to_have_count(0)  # the check comes first
    d8 = roll(DicePool(1, 8), rng_for(SEED, 0)).total
    assert d8 == 8  # ahead and to the left: 1 is straight ahead, then clockwise
    along, across = 24 + 6 / math.sqrt(2), 6 / math.sqrt(2)
    lands = f"{91 + along:.2f}"
    assert (lands, f"{across:.2f}") == ("119.24", "4.24") and 10 <= math.hypot(along, across) <= 30
    for n in (1, 2, 3):
        page.locator("#jump-fail-more").click()
        expect(page.locator("[data-testid=fail-by]")).to_have_text(f"failed by {n}")
    expect(page.locator(STATUS)).to_have_text(
        f"Failed by 3: d8 will show {d8}; lands on Counting-house roof at {lands} ft, 4.24 ft to the left of the jump. "
        "Confirm carries it out.")
    expect(page.locator("[data-testid=d8]")).to_have_text(
        f"d8 will show {d8}: the table's next roll (#1) gives the scatter's direction, 1 straight ahead, clockwise.")
    expect(page.locator("[data-testid=jump-lands]")).to_have_text(f"Lands on Counting-house roof at {lands} ft.")
    expect(page.locator("#overlay .route-note")).to_have_text([f"d8 {d8}: 6 ft ahead and to the left", "aimed here"])
    expect(page.locator("#overlay .route-points.refused")).to_have_count(1)
    expect(page.locator("#overlay [data-x]:has(.spot)")).to_have_attribute("data-x", "2981/25")  # 119.24
    expect(page.locator(CONFIRM)).to_have_text("Confirm the jump and roll the d8")
    page.locator(CONFIRM).click()
    headline = ("Runner jumps: Chapel roof → Counting-house roof, running jump of 24 ft, failed by 3 — moved, "
                f"scattered: {d8}")
    expect(page.locator(STATUS)).to_have_text(f"{headline}. It lands on Counting-house roof at {lands} ft.")
    expect(log_texts(app).last).to_have_text(headline)
    expect(page.locator("#log > li").last.locator("details li").last).to_have_text(
        f"[J6] Rolled 1d8 ({d8}) = {d8} scatter direction (seed {SEED}, roll #1).")
    expect(app.fighter("runner")).to_have_attribute("aria-label", "Runner (Watch) on Counting-house roof")
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 1 roll")
    page.keyboard.press("Control+z")
    expect(page.locator(STATUS)).to_have_text(
        "Undone: Runner jumps: Chapel roof → Counting-house roof, running jump of 24 ft, failed by 3")
    expect(app.fighter("runner")).to_have_attribute("aria-label", "Runner (Watch) on Chapel roof")
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 0 rolls")
    page.keyboard.press("Control+z")
    expect(app.fighter("runner")).to_have_attribute("aria-label", "Runner (Watch) on Warehouse roof")


def test_j12_a_jump_down_to_the_street_needs_no_roll_and_confirm_rolls_the_fall(app: App) -> None:
    """J7, J10, J12, H8: the runner clicks the street at 40 ft: a running jump of 4 ft (no roll) that comes down at
    the roof's height and falls 30 ft, Height 3 at the default 10 ft a Height: 3d6, shown before Confirm.  Confirm
    rolls it (seed 25, roll #1) and the log says the falling damage."""
    jumping_runner(app)
    page = app.page
    app.click_at("street-1", 40, 0)
    expect(page.locator(STATUS)).to_have_text(
        "Jump to Street at 40 ft (no roll): Runner: running jump of 4 ft: no roll needed; on landing it falls 3d6.")
    expect(page.locator("[data-fact=distance]")).to_have_text("4 ft across, landing 30 ft lower (a long jump, then a "
                                                              "fall)")
    expect(page.locator("[data-fact=on-a-success]")).to_have_text(
        "comes down at 40 ft and falls 30 ft to Street: Height 3, 3d6")
    expect(page.locator("#overlay .route-note")).to_have_text(["fall 30 ft · 3d6"])
    fall = roll(DicePool(3), rng_for(SEED, 0))
    page.get_by_role("button", name="Confirm the jump and roll 3d6").click()
    headline = ("Runner jumps: Warehouse roof → Street, running jump of 4 ft, no roll — moved, fell: "
                f"{fall.total} damage")
    expect(page.locator(STATUS)).to_have_text(f"{headline}. It lands on Street at 40 ft.")
    expect(log_texts(app).last).to_have_text(headline)
    expect(page.locator("#log > li").last.locator("details li").last).to_have_text(
        f"[H8] Rolled 3d6 ({', '.join(map(str, fall.dice))}) = {fall.total} falling damage (seed {SEED}, roll #1).")
    expect(page.locator("[data-testid=roll] .die")).to_have_text([str(d) for d in fall.dice])
    expect(app.fighter("runner")).to_have_attribute("aria-label", "Runner (Watch) on Street")
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 1 roll")


def test_a_jump_by_keyboard_enter_plans_shift_arrows_move_the_point_tab_to_the_panel_and_enter_confirms(
        app: App) -> None:
    """J4, J11, issue 25 ("all of it by keyboard too"): Enter selects the runner, Enter on Jump; Enter on Tenement
    roof plans its centre, 54 ft (18 ft: a roll, no penalty); Shift+→ twice moves the point to 55 ft (19 ft); Tab
    reaches the
    check's Success, Enter enters it; Enter on "+ 1" and "− 1" presses them, never confirms; Tab to Confirm, Enter
    carries it out; Ctrl+Z takes it back."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.fighter("runner").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".fighter-title")).to_have_text("Runner")
    page.locator(JUMP).focus()
    page.keyboard.press("Enter")
    expect(page.locator(JUMP)).to_have_attribute("aria-pressed", "true")
    page.locator("#section-roof-2").focus()
    page.keyboard.press("Enter")
    expect(page.locator(STATUS)).to_have_text(
        "Jump to Tenement roof at 54 ft (roll, no penalty): Runner: running jump of 18 ft: a Hard Strength or "
        "Dexterity Feat, no penalty. Enter the table's check in the panel.")
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator(STATUS)).to_contain_text("Jump to Tenement roof at 54.5 ft (roll, no penalty)")
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator(STATUS)).to_have_text(
        "Jump to Tenement roof at 55 ft (roll, no penalty): Runner: running jump of 19 ft: a Hard Strength or "
        "Dexterity Feat, no penalty. Enter the table's check in the panel.")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Success", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(STATUS)).to_have_text("Success: lands on Tenement roof at 55 ft. Confirm carries it out.")
    expect(page.locator("[data-testid=fail-by]")).to_have_text("success")
    # Enter on a focused button presses that button, never the planned jump's Enter: "+ 1" enters failed by 1
    # and "− 1" takes it back to a success; neither carries the jump out.
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="+ 1").first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=fail-by]")).to_have_text("failed by 1")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=fail-by]")).to_have_text("success")
    expect(page.locator("#log > li .log-text").last).not_to_contain_text("moved")
    for _ in range(5):
        if page.evaluate("() => document.activeElement.dataset.testid") == "confirm":
            break
        page.keyboard.press("Tab")
    expect(page.locator(CONFIRM)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(STATUS)).to_have_text("Runner jumps: Warehouse roof → Tenement roof, running jump of 19 ft, "
                                              "success — moved. It lands on Tenement roof at 55 ft.")
    expect(app.fighter("runner")).to_be_focused()
    page.keyboard.press("Control+z")
    expect(app.fighter("runner")).to_have_attribute("aria-label", "Runner (Watch) on Warehouse roof")


def test_axe_finds_no_serious_violation_with_a_jump_planned_and_a_failure_previewed(app: App) -> None:
    """Axe-core over the page in the Jump mode with the shading and a −2 jump planned (J4), then with it entered as
    failed by 3 and its scatter drawn (J6)."""
    jumping_runner(app)
    page = app.page
    app.click_at("roof-2", 59, 30)
    expect(page.locator(SUMMARY)).to_have_text(
        "Runner: running jump of 23 ft: a Hard Strength or Dexterity Feat, at −2.")
    assert serious_axe_violations(page, AXE) == []
    for n in (1, 2, 3):
        page.locator("#jump-fail-more").click()
        expect(page.locator("[data-testid=fail-by]")).to_have_text(f"failed by {n}")
    expect(page.locator("[data-testid=d8]")).to_be_visible()
    expect(page.locator("#overlay .route-note")).to_have_count(2)
    assert serious_axe_violations(page, AXE) == []
