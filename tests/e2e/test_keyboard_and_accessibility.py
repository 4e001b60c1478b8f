"""Keyboard use and an axe-core scan: everything clickable is reachable, named and operable."""

from __future__ import annotations

from playwright.sync_api import expect

from harness import ROOT, App

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def test_a_fighter_can_be_selected_moved_and_cleared_from_the_keyboard(app: App) -> None:
    """Tab reaches a fighter; Enter selects it; Enter on a section judges the move; Escape clears."""
    app.load_scenario("cliff.json")
    app.fighter("goat").focus()
    app.page.keyboard.press("Enter")
    expect(app.page.locator(".fighter-title")).to_have_text("Mountain goat")
    app.page.locator("#terrain [data-section='cliff-foot']").focus()
    app.page.keyboard.press("Enter")
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text("Allowed: falls, 1d6: 1–6, mean 3.5")
    confirm = app.page.get_by_role("button", name="Confirm move and roll 1d6")
    confirm.focus()
    app.page.keyboard.press("Enter")
    expect(app.page.locator("[data-testid=roll] .die")).to_have_count(1)
    app.page.keyboard.press("Escape")
    expect(app.page.locator(".fighter-title")).to_have_count(0)
    expect(app.page.locator("#overlay .selected-ring")).to_have_count(0)
    app.page.keyboard.press("Control+z")
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Cliff top")


def test_every_section_and_fighter_is_focusable_with_an_accessible_name(app: App) -> None:
    """Each clickable thing of the side view has tabindex=0, role=button and an aria-label."""
    items = app.page.locator("#view [data-section][role=button], #view [data-fighter][role=button]")
    expect(items).to_have_count(12 + 8)
    for i in range(items.count()):
        el = items.nth(i)
        assert el.get_attribute("tabindex") == "0"
        assert (el.get_attribute("aria-label") or "").strip()


def test_axe_finds_no_serious_or_critical_violation(app: App) -> None:
    """axe-core scan of the page with a fighter selected and a verdict shown."""
    app.load_scenario("cliff.json")
    app.fighter("goat").click()
    app.section("cliff-foot").click()
    app.page.add_script_tag(path=str(AXE))
    result = app.page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []


def test_choosing_a_move_entry_from_the_keyboard_keeps_the_focus_on_it(app: App) -> None:
    """Enter on a Move entry redraws the panel; the focus stays on that entry, not the top of the page."""
    app.load_scenario("cliff.json")
    app.fighter("kestrel").focus()
    app.page.keyboard.press("Enter")
    app.page.get_by_role("button", name="Fly 3").focus()
    app.page.keyboard.press("Enter")
    expect(app.page.get_by_role("button", name="Fly 3")).to_be_focused()
    expect(app.page.get_by_role("button", name="Fly 3")).to_have_attribute("aria-pressed", "true")


def test_import_shows_its_own_focus_ring_when_reached_with_tab(app: App) -> None:
    """Product owner's list, "Import… focus ring": Tab from Export focuses the hidden file input and its
    Import… label shows a 3px pale-blue ring, not the amber of the selection ring; none before."""
    page = app.page
    label = page.locator("label[for='import-file']")
    ring = "e => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }"
    assert label.evaluate(ring)[0] == "none"
    page.locator("#export").focus()
    page.keyboard.press("Tab")
    expect(page.locator("#import-file")).to_be_focused()
    assert label.evaluate(ring) == ["solid", "3px", "rgb(124, 196, 255)"]
    page.locator("#fighters .fighter[data-fighter]").first.click()
    selected = page.locator("#overlay .selected-ring")
    expect(selected).to_have_count(1)
    assert selected.evaluate("e => getComputedStyle(e).stroke") == "rgb(242, 176, 30)"
    page.locator("#export").focus()
    assert label.evaluate(ring)[0] == "none"
