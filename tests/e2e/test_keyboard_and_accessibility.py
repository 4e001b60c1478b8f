"""Keyboard use and an axe-core scan: everything clickable is reachable, named and operable."""

from __future__ import annotations

from playwright.sync_api import expect

from harness import ROOT, App, serious_axe_violations

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
    """Each clickable thing of the side view is a named button; one of them is the view's Tab stop (a roving
    tabindex: tabindex 0 on the first fighter, -1 on the rest, which the arrow keys reach)."""
    items = app.page.locator("#view [data-section][role=button], #view [data-fighter][role=button]")
    expect(items).to_have_count(12 + 8)
    stops = []
    for i in range(items.count()):
        el = items.nth(i)
        assert el.get_attribute("tabindex") in ("0", "-1")
        if el.get_attribute("tabindex") == "0":
            stops.append(el.get_attribute("id"))
        assert (el.get_attribute("aria-label") or "").strip()
    assert stops == ["fighter-shooter-1"]


def test_axe_finds_no_serious_or_critical_violation(app: App) -> None:
    """axe-core scan of the page with a fighter selected and a verdict shown."""
    app.load_scenario("cliff.json")
    app.tap("goat")
    app.section("cliff-foot").click()
    bad = serious_axe_violations(app.page, AXE)
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
    """Product owner's list, "Import… focus ring": → from Export focuses the hidden file input and its
    Import… label shows a 3px pale-blue ring, not the amber of the selection ring; none before.  The toolbar is
    one Tab stop, so → (not Tab) goes from Export to Import…."""
    page = app.page
    label = page.locator("label[for='import-file']")
    ring = "e => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }"
    assert label.evaluate(ring)[0] == "none"
    page.locator("#export").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#import-file")).to_be_focused()
    assert label.evaluate(ring) == ["solid", "3px", "rgb(124, 196, 255)"]
    page.locator("#fighters .fighter[data-fighter]").first.click()
    selected = page.locator("#overlay .selected-ring")
    expect(selected).to_have_count(1)
    assert selected.evaluate("e => getComputedStyle(e).stroke") == "rgb(242, 176, 30)"
    page.locator("#export").focus()
    assert label.evaluate(ring)[0] == "none"


FOCUSED = "() => document.activeElement.id || document.activeElement.textContent.trim()"


def press(app: App, keys: list[str]) -> list[str]:
    """Press each key; what has the focus after each."""
    seen = []
    for key in keys:
        app.page.keyboard.press(key)
        seen.append(app.page.evaluate(FOCUSED))
    return seen


def test_a_whole_move_on_the_four_shots_takes_seven_key_presses(app: App) -> None:
    """Issue 7, Keyboard: from the Load button (as tools/view_audit.py starts), a keyboard-only move of Bram (the
    first Hero who can move) into the Chasm floor takes 7 keys — Tab into the battlefield, ↓ to the next Hero,
    Enter selects, Shift+Tab (or →) to the nearest destination, Enter judges, Tab to Confirm, Enter."""
    expect(app.page.locator("#status")).to_have_text("The four shots: ready.")
    app.page.locator("#load").focus()
    keys = ["Tab", "ArrowDown", "Enter", "Shift+Tab", "Enter", "Tab", "Enter"]
    seen = press(app, keys)
    assert seen[:6] == ["fighter-shooter-1", "fighter-shooter-2", "fighter-shooter-2", "section-chasm",
                        "section-chasm", "Confirm move and roll 6d6"]
    assert len(keys) == 7
    expect(app.page.locator("#log > li").last).to_contain_text("falling damage (seed 4, roll #1)")
    expect(app.page.locator("#log > li").nth(1)).to_contain_text("Bram")
    expect(app.fighter("shooter-2")).to_have_attribute("aria-label", "Bram (Heroes) on Chasm floor")


def test_enter_twice_on_a_destination_judges_then_confirms(app: App) -> None:
    """→ from the selected fighter goes through its destinations; Enter judges, Enter again confirms (6 keys from
    the Load button in all); the focus comes back to the fighter that moved."""
    app.page.locator("#load").focus()
    seen = press(app, ["Tab", "ArrowDown", "Enter", "ArrowRight", "Enter"])
    assert seen[3] == "section-chasm"
    expect(app.page.locator("#status")).to_have_text(
        "Move to Chasm floor: Allowed: falls, 6d6: 6–36, mean 21. Enter again to confirm.")
    press(app, ["Enter"])
    expect(app.fighter("shooter-2")).to_have_attribute("aria-label", "Bram (Heroes) on Chasm floor")
    expect(app.fighter("shooter-2")).to_be_focused()
    expect(app.page.locator("#log > li").last).to_contain_text("falling damage")


def test_tab_from_a_fresh_load_reaches_a_fighter_in_two_presses(app: App) -> None:
    """The header toolbar is one Tab stop (the picker first), the side view the next."""
    seen = press(app, ["Tab", "Tab"])
    assert seen == ["scenario", "fighter-shooter-1"]
    assert press(app, ["Shift+Tab"]) == ["scenario"]


def test_the_picker_is_left_with_the_arrows_or_tab_and_enter_loads_from_it(app: App) -> None:
    """In the picker ↑/↓ change the battlefield, ←/→ go along the toolbar (no trap), Tab goes on to the
    battlefield, and Enter loads the battlefield chosen."""
    page = app.page
    page.locator("#scenario").focus()
    page.keyboard.press("ArrowDown")
    expect(page.locator("#scenario")).to_have_value("cliff.json")
    assert press(app, ["ArrowRight", "ArrowRight", "ArrowLeft", "ArrowLeft"]) == ["load", "export", "load",
                                                                                  "scenario"]
    expect(page.locator("#scenario")).to_have_value("cliff.json")  # ←/→ left it alone
    assert press(app, ["Tab"]) == ["fighter-shooter-1"]
    page.locator("#scenario").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_contain_text("Loaded “The cliff”")
    expect(page.locator("#scenario")).to_be_focused()


def test_the_focus_ring_is_not_the_selection_ring(app: App) -> None:
    """Focus: a blue dashed square outline round the fighter or section; selection: the solid amber circle."""
    page = app.page
    page.locator("#load").focus()
    press(app, ["Tab", "Enter"])
    fighter = app.fighter("shooter-1")
    expect(fighter).to_be_focused()
    focus = fighter.evaluate("e => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineColor]; }")
    assert focus == ["dashed", "rgb(21, 88, 176)"]
    token = fighter.locator(".token").evaluate("e => getComputedStyle(e).stroke")
    ring = page.locator("#overlay .selected-ring")
    expect(ring).to_have_count(1)
    selected = ring.evaluate("e => { const s = getComputedStyle(e); return [s.stroke, s.strokeDasharray]; }")
    assert selected == ["rgb(242, 176, 30)", "none"]
    assert focus[1] != selected[0] and token != selected[0]
    assert ring.evaluate("e => getComputedStyle(e).outlineStyle") == "none"


def test_s_selects_the_checked_enemy_instead_and_escape_returns_to_the_battlefield(app: App) -> None:
    """Enter on an enemy checks the actions (as a click does); the panel says "Select … instead (S)" and S
    does it.  Escape from the panel clears and puts the focus back on the battlefield."""
    page = app.page
    page.locator("#load").focus()
    assert press(app, ["Tab", "ArrowDown", "Enter", "ArrowRight", "ArrowRight", "Enter"])[-1] == "fighter-target-2"
    button = page.get_by_role("button", name="Select Bandit 2 instead (S)")
    expect(button).to_have_attribute("aria-keyshortcuts", "S")
    page.keyboard.press("s")
    expect(page.locator(".fighter-title")).to_have_text("Bandit 2")
    expect(app.fighter("target-2")).to_be_focused()
    page.locator("#panel button").first.focus()
    page.keyboard.press("Escape")
    expect(page.locator(".fighter-title")).to_have_count(0)
    expect(app.fighter("target-2")).to_be_focused()


def test_shift_arrows_still_nudge_a_placed_fighter(app: App) -> None:
    """Where fighters are placed by hand, Shift+→ nudges the selected fighter; plain → moves the focus."""
    app.load_scenario("staircase.json")
    first = app.fighter("warden")
    first.focus()
    app.page.keyboard.press("Enter")
    fid = first.get_attribute("data-fighter")
    before = app.page.locator("[data-testid=fighter-stand]").text_content()
    app.page.keyboard.press("Shift+ArrowRight")
    expect(app.page.locator("[data-testid=fighter-stand]")).not_to_have_text(before or "")
    expect(app.page.locator("#log > li").last).to_contain_text("Warden placed")
    app.page.keyboard.press("ArrowRight")
    assert app.page.evaluate(FOCUSED) != f"fighter-{fid}"


def test_undoing_a_load_keeps_the_focus_on_the_page(app: App) -> None:
    """Issue 7's leftovers, item 2: after Undo (the button or Ctrl+Z) takes back a Load, the focus is not lost
    to the page's body: from the battlefield it lands on the restored battlefield's first fighter (the view's
    Tab stop); from the Undo button, which turns off with nothing left to undo, on the toolbar's Tab stop."""
    page = app.page
    app.load_scenario("cliff.json")
    page.locator("#fighter-goat").focus()
    page.keyboard.press("Control+z")
    expect(page.locator("#fighter-shooter-1")).to_be_focused()
    app.load_scenario("cliff.json")
    page.click("#undo")
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#scenario")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#load")).to_be_focused()


RING = "e => [e.matches(':focus-visible'), getComputedStyle(e).outlineStyle]"
STILL = """() => { const p = vertigoView.panzoom().getPan();
  return [document.scrollingElement.scrollTop, document.querySelector('.side').scrollTop,
          document.getElementById('view').scrollTop, vertigoView.scale, Math.round(p.x), Math.round(p.y)]; }"""


def test_a_click_on_a_fighter_or_section_after_a_confirm_takes_the_keyboard_there_without_a_ring(app: App) -> None:
    """Found by a user: Confirm leaves the focus on the fighter that moved (for the keyboard to go on), but a click
    on another fighter left it there, and Enter then acted on the fighter that had moved, not on the one just
    selected.  A click or tap on a fighter or section now moves the focus there too: no focus ring (a pointer's
    focus, even after Enter on Confirm drew one), nothing scrolled or panned; Enter acts on what was clicked."""
    page = app.page
    app.load_scenario("cliff.json")
    app.tap("kestrel")
    app.section("cliff-foot").click()
    page.locator("#panel button[data-action=confirm]").focus()
    page.keyboard.press("Enter")
    expect(app.fighter("kestrel")).to_have_attribute("aria-label", "Kestrel (Heroes) on Foot of the cliff")
    expect(app.fighter("kestrel")).to_be_focused()
    assert app.fighter("kestrel").evaluate(RING) == [True, "dashed"]  # a keyboard Confirm: the ring is shown
    still = page.evaluate(STILL)
    app.tap("blinker")
    expect(page.locator(".fighter-title")).to_have_text("Blinker")
    expect(app.fighter("blinker")).to_be_focused()
    assert app.fighter("blinker").evaluate(RING) == [False, "none"]
    assert page.evaluate(STILL) == still
    page.keyboard.press("Enter")  # on Blinker, the fighter just clicked: Enter on the selected one deselects it
    expect(page.locator("#status")).to_have_text("Blinker deselected.")
    expect(page.locator(".fighter-title")).to_have_count(0)
    # Zoomed in about the goat, a click on the part of Cliff top in the window: the view stays where it is (the
    # view follows the keyboard's focus to a section's middle, not a click's).
    app.tap("goat")
    for _ in range(4):
        page.locator("#zoom-in").click()
    still = page.evaluate(STILL)
    body, view = app.section("cliff-top").bounding_box(), page.locator("#view").bounding_box()
    assert body and view and body["y"] + body["height"] > view["y"] + view["height"]  # runs past the window
    page.mouse.click(max(body["x"], view["x"]) + 20, body["y"] + 20)
    section = page.locator("#section-cliff-top")
    expect(section).to_be_focused()
    # The goat's own section: already there, nothing moves (issue 22, H3; not "Allowed").
    expect(page.locator("#status")).to_have_text("Mountain goat is already on Cliff top: nothing moves.")
    assert section.evaluate(RING) == [False, "none"]
    marks = "e => { const s = getComputedStyle(e.querySelector('.surface')); return [s.stroke, s.strokeWidth]; }"
    assert section.evaluate(marks) == page.locator("#section-cliff-foot").evaluate(marks)  # no focus mark at all
    assert page.evaluate(STILL) == still
    page.keyboard.press("ArrowRight")  # the keyboard goes on from the section clicked, with its ring again
    assert page.evaluate(FOCUSED) != "section-cliff-top"
    assert page.locator(f"#{page.evaluate(FOCUSED)}").evaluate(RING)[0] is True


def test_ctrl_z_undoes_from_the_battlefield_picker(app: App) -> None:
    """Enter in the picker loads and leaves the focus there; Ctrl+Z (⌘Z) there undoes the load, as from Load
    (the picker has no undo of its own), and the focus stays in the picker."""
    page = app.page
    picker = page.locator("#scenario")
    picker.focus()
    page.select_option("#scenario", "cliff.json")
    page.keyboard.press("Enter")
    expect(app.fighter("goat")).to_have_count(1)
    expect(picker).to_be_focused()
    page.keyboard.press("Control+z")
    expect(app.fighter("goat")).to_have_count(0)
    expect(app.fighter("shooter-1")).to_have_count(1)
    expect(picker).to_be_focused()
    expect(picker).to_have_value("four-shots.json")  # the undone load gave the picker back its battlefield
    page.select_option("#scenario", "cliff.json")
    page.keyboard.press("Enter")  # load it again, then ⌘Z
    expect(app.fighter("goat")).to_have_count(1)
    page.keyboard.press("Meta+z")
    expect(app.fighter("goat")).to_have_count(0)


def test_the_readmes_seven_keys_from_a_fresh_page_move_bram_into_the_chasm(app: App) -> None:
    """Issue 21: the README counts its keyboard move from a fresh page, not from the Load button — Tab (the
    bar), Tab (Ada), ↓ (Bram), Enter (select), → (the Chasm floor), Enter (judge), Enter (confirm): 7 keys."""
    expect(app.page.locator("#status")).to_have_text("The four shots: ready.")
    keys = ["Tab", "Tab", "ArrowDown", "Enter", "ArrowRight", "Enter", "Enter"]
    seen = press(app, keys)
    assert seen[:5] == ["scenario", "fighter-shooter-1", "fighter-shooter-2", "fighter-shooter-2", "section-chasm"]
    expect(app.fighter("shooter-2")).to_have_attribute("aria-label", "Bram (Heroes) on Chasm floor")
    expect(app.page.locator("#log > li").last).to_contain_text("falling damage (seed 4, roll #1)")
