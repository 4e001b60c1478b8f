"""The cliff: the seed's Move 1 (Height 2) fall, Fly, Teleport, Reach and a Height property, in the page."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from vertigo.dice import DicePool, rng_for, roll

from harness import App, open_app

CLIFF_SEED = 11  # static/scenarios/cliff.json "dice_seed"


def test_the_goat_dropping_across_a_height_3_border_with_move_1_height_2_rolls_1d6(app: App) -> None:
    """000 › Combat: "if an entity moves downward across a Height 3 section border with a Move 1 (Height 2)
    entry, the entity would suffer falling damage from Height 1" — shown as 1d6 before, each die after."""
    app.load_scenario("cliff.json")
    app.tap("goat")
    badge = app.page.locator("#overlay .dice-badge[data-section='cliff-foot']")
    expect(badge).to_have_text("1d6")
    expect(app.page.locator("#overlay .reachable[data-section='cliff-foot']")).to_have_class("reachable dice-1 risky")
    # The overhang is up Height 2 = the Move's Height: climbable, no dice (H2 boundary).
    expect(app.page.locator("#overlay .dice-badge[data-section='overhang']")).to_have_text("safe")
    app.section("cliff-foot").click()
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text("Allowed: falls, 1d6: 1–6, mean 3.5")
    expect(app.page.locator("[data-testid=pool]")).to_have_text("Falling dice before the roll: 1d6: 1–6, mean 3.5")
    expect(app.page.locator("[data-testid=verdict]")).to_contain_text(
        "Cliff top → Foot of the cliff: down Height 3 — falls Height 1 (1d6)")
    app.page.get_by_role("button", name="Confirm move and roll 1d6").click()
    expected = roll(DicePool(1), rng_for(CLIFF_SEED, 0))
    dice = app.page.locator("[data-testid=roll] .die")
    expect(dice).to_have_text([str(d) for d in expected.dice])
    expect(app.page.locator("[data-testid=roll]")).to_contain_text(f"= {expected.total} damage")
    expect(app.page.locator("#seed")).to_have_text(f"dice seed {CLIFF_SEED} · 1 roll")
    expect(app.page.locator("#log > li").last).to_contain_text(f"moved, fell: {expected.total} damage")
    # The goat now stands on the foot of the cliff.
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Foot of the cliff")


def test_undo_puts_the_goat_back_and_rewinds_the_dice(app: App) -> None:
    """Undo of the last action: position and roll counter restored; the same move rolls the same die again."""
    app.load_scenario("cliff.json")
    for _ in range(2):
        app.tap("goat")
        app.section("cliff-foot").click()
        app.page.get_by_role("button", name="Confirm move and roll 1d6").click()
        expect(app.page.locator("#seed")).to_have_text(f"dice seed {CLIFF_SEED} · 1 roll")
        first = app.page.locator("[data-testid=roll] .die").all_inner_texts()
        assert first == [str(d) for d in roll(DicePool(1), rng_for(CLIFF_SEED, 0)).dice]
        app.page.click("#undo")
        expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Cliff top")
        expect(app.page.locator("#seed")).to_have_text(f"dice seed {CLIFF_SEED} · 0 rolls")


def test_the_goat_cannot_climb_back_up_a_height_3_border(app: App) -> None:
    """000 › Combat: "An entity cannot Move upward if the Height value of the Move entry is less than the Height
    value of the section border" (H2)."""
    app.load_scenario("cliff.json")
    app.tap("kestrel")
    app.tap("kestrel")  # deselect
    app.tap("spearman")
    app.section("cliff-top").click()
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text("Not allowed.")
    expect(app.page.locator("[data-testid=verdict]")).to_contain_text(
        "Foot of the cliff → Cliff top: up Height 3 needs a Move Height ≥ 3; Move 2 moves with Height 0.")
    expect(app.page.locator("#overlay .destination.refused[data-section='cliff-top']")).to_have_count(1)


def test_the_kestrel_flies_up_the_spire_with_no_fall(app: App) -> None:
    """000 › Combat: "The special movement type Fly ignores Height values" (H4)."""
    app.load_scenario("cliff.json")
    app.tap("kestrel")
    app.page.get_by_role("button", name="Fly 3").click()
    expect(app.page.locator("#overlay .dice-badge[data-section='spire']")).to_have_text("safe")
    app.section("spire").click()
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text("Allowed.")
    expect(app.page.locator("[data-testid=verdict]")).to_contain_text(
        "Path: Cliff top → Foot of the cliff → Boulder → Spire")


def test_the_blinker_teleports_exactly_as_far_as_its_range(app: App) -> None:
    """000 › Combat: Phase and Teleport "must have a range equal to or greater than the Height value" (H4):
    Teleport 4 reaches the spire (2 steps, up exactly 4) but not the overhang (2 steps, up 5); Phase 2 reaches
    the boulder (1 step, up 1) but not the spire (up 4)."""
    app.load_scenario("cliff.json")
    app.tap("blinker")
    app.page.get_by_role("button", name="Teleport 4").click()
    app.section("spire").click()
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text("Allowed.")
    expect(app.page.locator("[data-testid=verdict]")).to_contain_text(
        "Spire is 2 steps away, net change in Height 4: within 4.")
    app.section("overhang").click()
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text("Not allowed.")
    expect(app.page.locator("[data-testid=verdict]")).to_contain_text(
        "Net change in Height 5: Teleport 4 needs range ≥ 5.")
    app.page.get_by_role("button", name="Phase 2").click()
    expect(app.page.locator("#overlay .reachable[data-section='boulder']")).to_have_count(1)
    expect(app.page.locator("#overlay .reachable[data-section='spire']")).to_have_count(0)


def test_the_spearman_reaches_across_a_height_1_border_but_not_further(app: App) -> None:
    """H6: "Reach 1 crosses one border of Height 0 or 1, not Height 2" — the ogre stands one step up Height 1."""
    app.load_scenario("cliff.json")
    app.tap("spearman")
    app.tap("ogre")
    shots = app.page.locator("[data-testid=shot] .summary")
    expect(shots.nth(0)).to_have_text("Spear, range 0, Reach: reaches (needs range 1)")
    expect(shots.nth(1)).to_have_text("Javelin, range 2: reaches (needs range 1)")


def test_the_climbers_height_property_lets_its_plain_move_climb_height_1(app: App) -> None:
    """000 › Combat: "If an entity gains a Height property, it applies to any of their Moves that don't have other
    Height values listed" — Climber (Height 1) climbs nothing higher with Move 2, but its Move 1 (Height 3) does."""
    app.load_scenario("cliff.json")
    app.tap("climber")
    app.section("cliff-foot").click()
    expect(app.page.locator("[data-testid=verdict]")).to_contain_text(
        "Move 2 moves up to 2 steps with Height 1 (the fighter's Height property)")
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text("Allowed.")
    app.section("spire").click()
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text("Not allowed.")
    app.page.get_by_role("button", name="Move 1 (Height 3)").click()
    app.section("spire").click()
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text("Allowed.")


def test_a_targeted_enemy_can_be_selected_instead(app: App) -> None:
    """Clicking a fighter of another side checks the actions against it; "Select … instead" selects it."""
    app.load_scenario("cliff.json")
    app.tap("spearman")
    app.tap("ogre")
    expect(app.page.locator("[data-testid=verdict] h2")).to_have_text("Actions against Ogre")
    app.page.get_by_role("button", name="Select Ogre instead").click()
    expect(app.page.locator(".fighter-title")).to_have_text("Ogre")
    expect(app.page.locator("#overlay .shot")).to_have_count(0)


def test_double_clicking_a_fighter_selects_it_once(app: App) -> None:
    """A double-click is one click in the side view: the goat is selected (its card shown, its reach drawn),
    not selected and at once deselected by the second click."""
    app.load_scenario("cliff.json")
    app.fighter("goat").dblclick()
    expect(app.page.locator("[data-testid=fighter-card] h2")).to_have_text("Mountain goat")
    expect(app.page.locator("#overlay .dice-badge[data-section='cliff-foot']")).to_have_text("1d6")
    app.tap("goat")  # a single click still takes the selection back
    expect(app.page.locator("[data-testid=fighter-card]")).to_have_count(0)


def test_on_a_phone_the_verdict_and_confirm_are_on_screen_after_choosing_a_move_entry(
        browser: Browser, site_url: str) -> None:
    """Issue 7, "Fit and zoom": "On a phone the verdict for the last click and its Confirm are visible together with
    the field".  The climber's second Move entry is chosen in the sheet under the view, then a highlighted
    section is tapped: the sheet shows the new verdict from its top with Confirm on screen.  The chosen entry's
    button keeps the keyboard's focus as the panel is written again, but giving it back no longer scrolled the
    sheet down to it (297 px, the verdict and Confirm above the sheet's top); the tap on the section then takes
    the focus to the section, scrolling nothing either."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    app = open_app(ctx, site_url)
    page = app.page
    app.load_scenario("cliff.json")
    app.tap("climber")
    entry = page.locator("#panel button[data-action=entry][data-arg='1']")
    entry.click()
    expect(entry).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#panel button[data-action=entry][data-arg='1']")).to_be_focused()
    reachable = page.locator("#overlay .reachable").first.get_attribute("data-section")
    app.section(str(reachable)).click()
    expect(page.locator("[data-testid=verdict-summary]")).to_be_in_viewport()
    expect(page.locator("#panel button[data-action=confirm]")).to_be_in_viewport()
    assert page.evaluate("() => document.querySelector('.side').scrollTop") == 0
    expect(page.locator(f"#section-{reachable}")).to_be_focused()
    problems = app.watch.problems
    ctx.close()
    assert not problems, "\n".join(problems)
