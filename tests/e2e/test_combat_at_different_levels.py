"""Combat at Different Levels (001) clicked in the page: the three feet battlefields, the strange position,
placing by hand, the DM's override.  Each test names the ruling it checks (G1–G7, H7 in docs/rules.md) and reads
exact values off the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from harness import ROOT, App, open_app

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

STAIRCASE_PAIRS = [
    # climber, the difference with its arithmetic (G1: 8-in steps, the Nth step up stands N × 2/3 ft up), band (G2)
    ("step-1", "0.67 ft (upper surface 0.67 ft − lower surface 0 ft)", "1 ft or less"),
    ("step-3", "2 ft (upper surface 2 ft − lower surface 0 ft)", "up to 2 ft"),
    ("step-4", "2.67 ft (upper surface 2.67 ft − lower surface 0 ft)", "up to 3 ft"),
    ("step-6", "4 ft (upper surface 4 ft − lower surface 0 ft)", "up to 4 ft"),
    ("step-9", "6 ft (upper surface 6 ft − lower surface 0 ft)", "up to 6 ft"),
    ("step-10", "6.67 ft (upper surface 6.67 ft − lower surface 0 ft)", "over 6 ft"),
]


def direction(app: App, attacker: str):  # type: ignore[no-untyped-def]
    return app.page.locator(f"[data-testid=direction][data-attacker='{attacker}']")


def location_rows(app: App, attacker: str) -> list[list[str]]:
    rows = direction(app, attacker).locator("[data-testid=locations] tbody tr")
    return [[c.strip() for c in rows.nth(i).locator("th, td").all_inner_texts()] for i in range(rows.count())]


def click_at(app: App, section: str, x: float) -> None:
    """Click a section at scenario x (the SVG's data-per-unit, else 48 SVG units per unit), low in its body."""
    point = app.page.evaluate(
        """([sid, x]) => {
            const svg = document.querySelector('#view svg');
            const per = parseFloat(svg.getAttribute('data-per-unit') || '48');
            const body = document.querySelector(`#terrain [data-section="${sid}"] .body`).getBoundingClientRect();
            const pt = svg.createSVGPoint();
            pt.x = x * per; pt.y = 0;
            const screen = pt.matrixTransform(svg.getScreenCTM());
            return [screen.x, body.bottom - 4];
        }""", [section, x])
    app.page.mouse.click(point[0], point[1])


def test_g1_g2_the_staircase_six_pairs_read_off_the_page(app: App) -> None:
    """G1 (the difference between standing surfaces, 8-in steps) and G2 (its band): the warden on the hall floor
    against each climber: ignored, locations only, ±1, ±2, head/legs only, impossible."""
    app.load_scenario("staircase.json")
    seen = []
    for climber, _, _ in STAIRCASE_PAIRS:
        app.page.keyboard.press("Escape")
        app.tap("warden")
        app.tap(climber)
        expect(app.page.locator("[data-testid=levels]")).to_have_count(1)
        expect(direction(app, climber)).to_have_count(1)
        seen.append((climber, app.page.locator("[data-testid=levels-difference]").inner_text(),
                     app.page.locator("[data-testid=levels-band]").inner_text()))
    assert seen == STAIRCASE_PAIRS
    # The last pair, over 6 ft: impossible, and the strange position is offered (G2, G3).
    expect(app.page.locator("[data-testid=levels-impossible]")).to_have_text(
        "Combat is impossible at this difference unless the upper fighter lies down at the edge (G3).")
    expect(app.page.locator("#log > li").last).to_contain_text(
        "Warden ↔ Fir (10 steps): levels judged — d = 6.67 ft (over 6 ft): combat impossible")


def test_g2_g5_g6_the_four_steps_climber_both_directions_at_once(app: App) -> None:
    """G2 up to 3 ft: Cedar (upper) defends at +1, the warden at −1; the 2-ft location modifiers; G5: 4 ft apart
    is 1 yd, the spear (1,2) reaches, the knife (C) does not; G6: base / level / net."""
    app.load_scenario("staircase.json")
    app.tap("warden")
    app.tap("step-4")
    expect(app.page.locator("[data-testid=levels-summary]")).to_have_text("d = 2.67 ft (up to 3 ft): combat possible")
    expect(app.page.locator("[data-testid=levels-upper]")).to_have_text("Cedar (4 steps)")
    expect(direction(app, "warden").locator("[data-testid=direction-summary]")).to_have_text(
        "Possible; Cedar (4 steps) defends at +1.")
    expect(direction(app, "step-4").locator("[data-testid=direction-summary]")).to_have_text(
        "Possible; Warden defends at −1.")
    expect(direction(app, "warden").locator("[data-testid=weapons] tbody tr")).to_have_text(
        ["Spear1,21 ydreaches", "KnifeC1 ydout of reach"])
    assert location_rows(app, "warden")[0] == ["Eyes", "−9", "−2", "−11"]
    assert location_rows(app, "warden")[-2:] == [["Leg", "−2", "+2", "+0"], ["Foot", "−4", "+2", "−2"]]
    assert location_rows(app, "step-4")[-2:] == [["Leg", "−2", "−2", "−4"], ["Foot", "−4", "−2", "−6"]]


def test_g3_the_ogre_at_the_wall_lying_down_at_the_edge(app: App) -> None:
    """G3: 8 ft is impossible; the sentry lies down at the edge: 8 − 3 = 5 ft, up to 5 ft, and the ogre (SM +1:
    its knife's C becomes 1, G4) may strike only skull, face, eyes and arm.  The toggle turns it off again."""
    app.load_scenario("ogre-at-the-wall.json")
    app.tap("ogre")
    app.tap("sentry")
    summary = app.page.locator("[data-testid=levels-summary]")
    expect(summary).to_have_text("d = 8 ft (over 6 ft): combat impossible")
    toggle = app.page.get_by_role("button", name="Upper fighter lies down at the edge")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(summary).to_have_text("d = 8 ft, 5 ft lying down (up to 5 ft): combat possible")
    expect(app.page.locator("[data-testid=levels-band]")).to_have_text("up to 5 ft")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(toggle).to_be_focused()
    struck = [r for r in location_rows(app, "ogre") if r[3] != "not allowed"]
    assert struck == [["Eyes", "−9", "−2", "−11"], ["Skull", "−7", "−2", "−9"], ["Face", "−5", "−2", "−7"],
                      ["Arm", "−2", "+0", "−2"]]
    expect(direction(app, "ogre").locator("[data-testid=weapons] tbody tr")).to_have_text(
        ["Club11 ydreaches", "KnifeC → 11 ydreaches"])
    expect(direction(app, "ogre").locator("[data-testid=direction-summary]")).to_have_text(
        "Possible; Sentry defends at +3.")
    expect(app.page.locator("#log > li").last).to_contain_text(
        "Ogre ↔ Sentry: Sentry lies down at the edge — d = 8 ft, 5 ft lying down (up to 5 ft): combat possible")
    toggle.click()
    expect(summary).to_have_text("d = 8 ft (over 6 ft): combat impossible")


def test_g2_the_table_top_brawl(app: App) -> None:
    """G2: the brawler on the 3-ft table over the guard: up to 3 ft, the guard defends at −1, the brawler at +1;
    the guard's staff (1,2) reaches 3 ft away (1 yd, G5)."""
    app.load_scenario("table-top-brawl.json")
    app.tap("brawler")
    app.tap("guard")
    expect(app.page.locator("[data-testid=levels-summary]")).to_have_text("d = 3 ft (up to 3 ft): combat possible")
    expect(direction(app, "brawler").locator("[data-testid=direction-summary]")).to_have_text(
        "Possible; Guard defends at −1.")
    expect(direction(app, "guard").locator("[data-testid=weapons] tbody tr")).to_have_text(["Staff1,21 ydreaches"])


def test_h7_the_dm_lets_the_impossible_strike_happen(app: App) -> None:
    """H7: "Let it happen" on the ogre's strike at the sentry 8 ft up; the other direction stays impossible; the
    log keeps both answers."""
    app.load_scenario("ogre-at-the-wall.json")
    app.tap("ogre")
    app.tap("sentry")
    direction(app, "ogre").get_by_role("button", name="Let it happen: DM override on Ogre striking Sentry").click()
    expect(direction(app, "ogre").locator("[data-testid=direction-summary]")).to_have_text(
        "Possible — overridden by the DM (the rules say impossible); Sentry defends at +0.")
    expect(direction(app, "sentry").locator("[data-testid=direction-summary]")).to_have_text("Impossible.")
    expect(direction(app, "ogre").locator("button[data-action=override-levels]")).to_have_count(0)
    last = app.page.locator("#log > li").last
    expect(last.locator(".log-text")).to_have_text(
        "DM override — Ogre strikes Sentry: the rules say impossible; the DM let it happen")
    expect(last.locator("details li").last).to_have_text("[H7] Rules say not allowed; overridden by the DM: allowed.")


def test_g1_placing_by_hand_then_undo_and_the_keyboard_nudge(app: App) -> None:
    """Levels has no movement rules: a click on the stair places the selected warden on the centre of the step
    clicked (7.3 ft → the fourth step, 7.5 ft, 2.67 ft up, G1); Undo puts it back; Shift+→ nudges ½ ft and
    Ctrl+Z takes it back; a placement survives a reload."""
    app.load_scenario("staircase.json")
    app.tap("warden")
    expect(app.page.locator("[data-testid=fighter-card]")).to_contain_text("No Move entries here")
    click_at(app, "stair", 7.3)
    expect(app.page.locator("#status")).to_have_text("Warden placed on Stair at x = 7.5 ft, standing surface 2.67 ft.")
    expect(app.fighter("warden")).to_have_attribute("aria-label", "Warden (Defenders) on Stair")
    expect(app.page.locator("#log > li").last.locator(".log-text")).to_have_text(
        "Warden placed: Hall floor → Stair at x = 7.5 ft")
    app.page.click("#undo")
    expect(app.fighter("warden")).to_have_attribute("aria-label", "Warden (Defenders) on Hall floor")
    expect(app.page.locator("#log > li").last.locator(".log-text")).to_have_text(
        "Undone: Warden placed: Hall floor → Stair at x = 7.5 ft")
    app.tap("warden")
    app.fighter("warden").focus()
    app.page.keyboard.press("Shift+ArrowLeft")
    expect(app.page.locator("#status")).to_have_text("Warden placed on Hall floor at x = 3 ft, standing surface 0 ft.")
    expect(app.fighter("warden")).to_be_focused()
    app.page.keyboard.press("Control+z")
    expect(app.page.locator("#log > li").last.locator(".log-text")).to_have_text(
        "Undone: Warden placed: Hall floor → Hall floor at x = 3 ft")
    # Enter on a section places at its centre (on stairs, the step under it: 9 ft → [9, 10), 9.5 ft, 4 ft up).
    app.tap("warden")
    app.page.locator("#terrain [data-section='stair']").focus()
    app.page.keyboard.press("Enter")
    expect(app.page.locator("#status")).to_have_text("Warden placed on Stair at x = 9.5 ft, standing surface 4 ft.")
    app.reload()
    expect(app.fighter("warden")).to_have_attribute("aria-label", "Warden (Defenders) on Stair")
    # Dogwood stands on the same step and is drawn over half of the warden: select it from the keyboard.
    app.fighter("warden").focus()
    app.page.keyboard.press("Enter")
    expect(app.page.locator("[data-testid=fighter-stand]")).to_have_text(
        "Defenders · on Stair at x = 9.5 ft · standing surface 4 ft")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_levels_panel_fits_the_screen(app: App, width: int, height: int) -> None:
    """The levels panel at a desktop and a phone width: nothing wider than the panel (no sideways scrolling)."""
    app.page.set_viewport_size({"width": width, "height": height})
    app.load_scenario("ogre-at-the-wall.json")
    app.tap("ogre")
    app.tap("sentry")
    app.page.get_by_role("button", name="Upper fighter lies down at the edge").click()
    expect(app.page.locator("[data-testid=levels-summary]")).to_contain_text("lying down")
    overflow = app.page.evaluate("""() => {
        const p = document.querySelector('#panel');
        return [p.scrollWidth, p.clientWidth, document.documentElement.scrollWidth, window.innerWidth];
    }""")
    assert overflow[0] <= overflow[1] and overflow[2] <= overflow[3], overflow


def test_axe_finds_no_serious_or_critical_violation_in_the_levels_panel(app: App) -> None:
    """axe-core scan with a levels verdict on screen (tables, the toggle, the per-direction overrides)."""
    app.load_scenario("staircase.json")
    app.tap("warden")
    app.tap("step-9")
    expect(app.page.locator("[data-testid=levels-band]")).to_have_text("up to 6 ft")
    app.page.add_script_tag(path=str(AXE))
    result = app.page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    bad = [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
           for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == []


def test_a_new_levels_verdict_is_read_from_its_start_on_a_phone(browser: Browser, site_url: str) -> None:
    """On an upright phone the verdict is a sheet under the view with its own scroll: scrolled down to the
    second direction of one verdict, a click on another fighter shows the next verdict from its top (the sheet
    is put back before the verdict is written, so the click does not lay the new panel out inside it)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    app = open_app(ctx, site_url)
    page = app.page
    app.load_scenario("staircase.json")
    app.tap("warden")
    app.tap("step-4")
    expect(page.locator("[data-testid=levels-summary]")).to_have_text("d = 2.67 ft (up to 3 ft): combat possible")
    scrolled = page.evaluate("() => { const s = document.querySelector('.side'); s.scrollTop = s.scrollHeight; "
                             "return s.scrollTop; }")
    assert scrolled > 200
    app.tap("step-6")
    expect(page.locator("[data-testid=levels-summary]")).to_have_text("d = 4 ft (up to 4 ft): combat possible")
    assert page.evaluate("() => document.querySelector('.side').scrollTop") == 0
    problems = app.watch.problems
    ctx.close()
    assert not problems, "\n".join(problems)


def test_a_levels_verdict_is_saved_once_its_frame_is_drawn_without_a_reload(app: App) -> None:
    """The log line a levels click writes reaches the browser's storage on its own, once the click is drawn
    (the save waits for the browser to be idle, at most 250 ms): a reload is not what saves it."""
    app.load_scenario("staircase.json")
    app.tap("warden")
    app.tap("step-4")
    expect(app.page.locator("#log > li").last).to_contain_text("Warden ↔ Cedar (4 steps): levels judged")
    app.page.wait_for_function(
        "() => (localStorage.getItem('vertigo.table.v1') || '').includes('Cedar (4 steps): levels judged')",
        timeout=5000)
