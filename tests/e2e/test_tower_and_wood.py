"""Tower and wood (issue 23), played in the page: a push off the tower (H12) and down its ladder (H15), a floor
that hides (H10), a wood that hides (H11), a stair walked down (H15), a climb that fails (H9), a shot that goes
round a ridge (H14), and the keyboard's push and step along a section."""

from __future__ import annotations

from playwright.sync_api import expect

from vertigo.dice import DicePool, rng_for, roll

from harness import App

SCENARIO = "tower-and-wood.json"
SEED = 23  # static/scenarios/tower-and-wood.json "dice_seed"

VERDICT = "[data-testid=verdict]"
SUMMARY = "[data-testid=verdict-summary]"


def shots(app: App):  # type: ignore[no-untyped-def]
    return app.page.locator("[data-testid=shot] .summary")


def log_texts(app: App):  # type: ignore[no-untyped-def]
    return app.page.locator("#log > li .log-text")


# Whether a fighter's foot mark stands at a slab's right edge on screen (within 1.5 px).
AT_EDGE = """([fighter, section]) => {
  const foot = document.querySelector(`#view .foot[data-foot="${fighter}"]`).getBoundingClientRect();
  const slab = document.querySelector(`#terrain [data-section="${section}"] .body`).getBoundingClientRect();
  return Math.abs(foot.left + foot.width / 2 - slab.right) <= 1.5;
}"""


def foot_x(app: App, fighter_id: str) -> float:
    """Where the fighter's foot mark (the x the rules judge it at) is on screen, CSS px."""
    box = app.page.locator(f"#view .foot[data-foot='{fighter_id}']").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2


def test_a_push_off_the_tower_top_falls_its_full_height_and_undo_takes_it_back_whole(app: App) -> None:
    """H12: "Each downward crossing falls the border's full Height: a Move's Height does not apply … Falls add
    up as in H2, roll as in H8, and the log says 'pushed' … Undo takes it back whole."  The dazed guard (Move 0)
    pushed 1 step off the Tower top (Height 3) onto the Rocks: 3d6, rolled on Confirm and logged "pushed"; Ctrl+Z
    puts it back on the Tower top with no roll made, and the same push rolls the same dice again."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("dazed")
    page.locator("[data-action=push-start]").click()
    expect(page.locator("#status")).to_have_text(
        "Push Dazed guard: up to 1 step. Set the steps, then click the section to push it towards (or ←/→ and "
        "Enter).")
    expect(page.locator("[data-testid=push-count]")).to_have_text("1 step")
    # The − button cannot go below 1 step (H12: 1 to 50).
    expect(page.locator("[data-action=push-steps][data-arg='-1']")).to_be_disabled()
    app.section("rocks").click()
    expect(page.locator(SUMMARY)).to_have_text("Pushed 1 step to Rocks: falls, 3d6: 3–18, mean 10.5")
    expect(page.locator("#status")).to_have_text(
        "Push towards Rocks: Pushed 1 step to Rocks: falls, 3d6: 3–18, mean 10.5")
    verdict = page.locator(VERDICT)
    expect(verdict.locator("h2")).to_have_text("Push towards Rocks")
    expect(verdict.locator(".path")).to_have_text("Path: Tower top → Rocks")
    expect(page.locator("[data-testid=pool]")).to_have_text("Falling dice before the roll: 3d6: 3–18, mean 10.5")
    expect(verdict.locator("ol > li")).to_have_text([
        "H12 Pushed up to 1 step towards Rocks, along the path of fewest steps (H13); a Move's Height does not "
        "apply.",
        "H12 Tower top → Rocks: down Height 3 — falls its full Height 3 (3d6).",
        "H8 Falling dice: 3d6: 3–18, mean 10.5.",
    ])
    # The push's path is drawn and where it ends is marked.
    expect(page.locator("#overlay .destination[data-section='rocks']")).to_have_count(1)
    expected = roll(DicePool(3), rng_for(SEED, 0))
    for attempt in range(2):
        page.get_by_role("button", name="Confirm push and roll 3d6").click()
        expect(page.locator("[data-testid=roll] .die")).to_have_text([str(d) for d in expected.dice])
        expect(page.locator("[data-testid=roll]")).to_contain_text(f"= {expected.total} damage")
        expect(page.locator("#status")).to_have_text(f"Dazed guard pushed. Rolled {expected}.")
        expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 1 roll")
        expect(log_texts(app).last).to_have_text(
            f"Dazed guard: pushed 1 step, Tower top → Rocks — moved, fell: {expected.total} damage")
        expect(app.fighter("dazed")).to_have_attribute("aria-label", "Dazed guard (Keep) on Rocks")
        page.keyboard.press("Control+z")
        expect(page.locator("#status")).to_have_text("Undone: Dazed guard: pushed 1 step, Tower top → Rocks")
        expect(app.fighter("dazed")).to_have_attribute("aria-label", "Dazed guard (Keep) on Tower top")
        expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 0 rolls")
        expect(log_texts(app).last).to_have_text("Undone: Dazed guard: pushed 1 step, Tower top → Rocks")
        if attempt == 0:  # the same push again: the same dice
            app.tap("dazed")
            page.locator("[data-action=push-start]").click()
            app.section("rocks").click()
            expect(page.locator(SUMMARY)).to_have_text("Pushed 1 step to Rocks: falls, 3d6: 3–18, mean 10.5")


def test_a_push_down_the_ladder_set_up_and_aimed_from_the_keyboard_falls_its_stated_height(app: App) -> None:
    """H12 with H15: "a Move's Height does not apply, but a stated Height (H15) does" — the dazed guard pushed 2
    steps towards the West field goes down the tower's ladder (stated Height 1, the elevations 3 apart): 1d6, not
    3d6.  All by keyboard (issue 23, "All of it works by keyboard too"): Enter selects, Enter on Push… and on
    "+ 1 step" sets the push up, the arrow keys go from the fighter to the West field, Enter judges the push
    there, Enter on Confirm rolls it."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.fighter("dazed").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".fighter-title")).to_have_text("Dazed guard")
    page.locator("[data-action=push-start]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=push-count]")).to_have_text("1 step")
    page.locator("[data-action=push-steps][data-arg='1']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=push-count]")).to_have_text("2 steps")
    expect(page.locator("#status")).to_have_text("Push up to 2 steps.")
    # While a push waits for its section, the arrow keys go through every section, left to right.
    app.fighter("dazed").focus()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#section-tower-floor")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#section-field")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(SUMMARY)).to_have_text("Pushed 2 steps to West field: falls, 1d6: 1–6, mean 3.5")
    expect(page.locator("#status")).to_have_text(
        "Push towards West field: Pushed 2 steps to West field: falls, 1d6: 1–6, mean 3.5. Enter again to confirm.")
    verdict = page.locator(VERDICT)
    expect(verdict.locator(".path")).to_have_text("Path: Tower top → Tower floor → West field")
    expect(verdict.locator("ol > li")).to_have_text([
        "H12 Pushed up to 2 steps towards West field, along the path of fewest steps (H13); a Move's Height does "
        "not apply.",
        "H12 Tower top → Tower floor: down Height 1 by the ladder (stated; the elevations are 3 apart, H15) — "
        "falls its full Height 1 (1d6).",
        "H12 Tower floor → West field: Height 0 (no Height) — no fall.",
        "H8 Falling dice: 1d6: 1–6, mean 3.5.",
    ])
    confirm = page.get_by_role("button", name="Confirm push and roll 1d6")
    confirm.focus()
    page.keyboard.press("Enter")
    expected = roll(DicePool(1), rng_for(SEED, 0))
    expect(page.locator("[data-testid=roll] .die")).to_have_text([str(d) for d in expected.dice])
    expect(log_texts(app).last).to_have_text(
        f"Dazed guard: pushed 2 steps, Tower top → West field — moved, fell: {expected.total} damage")
    expect(app.fighter("dazed")).to_have_attribute("aria-label", "Dazed guard (Keep) on West field")
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 1 roll")


def test_the_loft_floor_hides_the_thief_under_it_but_not_the_lookout_beyond_its_edge(app: App) -> None:
    """H10: "A slab blocks the shot between a fighter above it and a fighter beneath it whose x lies strictly
    inside the slab's extent … At an edge, or beyond it, the fighter beneath can be seen."  The archer on the
    Loft (x 9–12) shoots at the thief in the Hall at x 10.5: blocked by the floor of the Loft, its mark saying so
    (H10); at the lookout at x 13.5, beyond the edge: the Shortbow reaches.  The log's lines give each outcome."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("archer")
    app.tap("thief")
    expect(shots(app)).to_have_text(["Shortbow, range 3: cannot reach (needs range 2, blocked)",
                                     "Dagger, range 0: cannot reach (range 0: its own section only)"])
    shot = page.locator("[data-testid=shot]").nth(0)
    expect(shot.locator("ol > li")).to_have_text([
        "H5 Hall is d = 1 step from Loft along Loft → Hall; Height changes across the borders: -2; net Δh = -2.",
        "H10 Blocked: the floor of Loft (Height 2) is between them: the fighter on Loft stands on it, and the "
        "fighter on Hall is beneath it, inside its extent 9 to 12.",
        "H14 No line of at most 3 steps from Loft to Hall is clear; the shortest is judged, with its first "
        "blocker.",
        "H5 Range needed = max(d, |Δh|) = max(1, 2) = 2; Shortbow has range 3, but the line is blocked: no range "
        "reaches past it.",
    ])
    line = page.locator("#overlay .shot")
    expect(line).to_have_class("shot blocked")
    expect(line).to_have_attribute("data-sections", "loft hall")
    expect(page.locator("#overlay .blocker")).to_have_attribute("data-section", "loft")
    label = page.locator("#overlay .blocker-label")
    expect(label).to_have_text("the floor of Loft is between them (H10)")
    expect(label).to_be_visible()  # what blocks a shot and why never gives way to another label
    expect(log_texts(app).last).to_have_text("Archer → Thief: Shortbow and Dagger cannot reach")
    app.tap("lookout")
    expect(shots(app).nth(0)).to_have_text("Shortbow, range 3: reaches (needs range 2)")
    expect(page.locator("[data-testid=shot]").nth(0).locator("ol > li")).to_have_text([
        "H5 Hall is d = 1 step from Loft along Loft → Hall; Height changes across the borders: -2; net Δh = -2.",
        "H5 Range needed = max(d, |Δh|) = max(1, 2) = 2; Shortbow has range 3 — enough.",
    ])
    expect(line).to_have_class("shot clear")
    expect(page.locator("#overlay .blocker")).to_have_count(0)
    expect(page.locator("#overlay .blocker-label")).to_have_count(0)
    expect(log_texts(app).last).to_have_text("Archer → Lookout: Shortbow reaches, Dagger cannot")


def test_the_wood_between_the_hills_hides_each_hunter_from_the_other_but_not_from_one_inside_it(app: App) -> None:
    """H11: "A shot whose line passes through such a section strictly between the two ends is blocked, whatever
    its elevation.  The sections the two fighters stand on never block their own shot."  The hunter on the West
    hill and the poacher on the East hill, the Wood (Height 1, below both) between them: blocked both ways, the
    mark saying "Wood blocks sight (H11)"; the scout standing in the Wood is seen."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("hunter")
    app.tap("poacher")
    expect(shots(app)).to_have_text(["Longbow, range 5: cannot reach (needs range 2, blocked)"])
    expect(page.locator("[data-testid=shot] ol > li")).to_have_text([
        "H5 East hill is d = 2 steps from West hill along West hill → Wood → East hill; Height changes across the "
        "borders: -1 then 1; net Δh = 0.",
        "H11 Blocked: Wood blocks sight, between the two ends.",
        "H14 No line of at most 5 steps from West hill to East hill is clear; the shortest is judged, with its "
        "first blocker.",
        "H5 Range needed = max(d, |Δh|) = max(2, 0) = 2; Longbow has range 5, but the line is blocked: no range "
        "reaches past it.",
    ])
    line = page.locator("#overlay .shot")
    expect(line).to_have_class("shot blocked")
    expect(line).to_have_attribute("data-sections", "hill-w wood hill-e")
    expect(page.locator("#overlay .blocker")).to_have_attribute("data-section", "wood")
    expect(page.locator("#overlay .blocker-label")).to_have_text("Wood blocks sight (H11)")
    expect(page.locator("#overlay .blocker-label")).to_be_visible()
    expect(log_texts(app).last).to_have_text("Hunter → Poacher: Longbow cannot reach")
    app.tap("scout")
    expect(shots(app)).to_have_text(["Longbow, range 5: reaches (needs range 1)"])
    expect(line).to_have_class("shot clear")
    expect(line).to_have_attribute("data-sections", "hill-w wood")
    expect(page.locator("#overlay .blocker")).to_have_count(0)
    page.keyboard.press("Escape")
    app.tap("poacher")
    app.tap("hunter")
    expect(shots(app)).to_have_text(["Shortbow, range 3: cannot reach (needs range 2, blocked)"])
    expect(page.locator("#overlay .blocker-label")).to_have_text("Wood blocks sight (H11)")
    expect(log_texts(app).last).to_have_text("Poacher → Hunter: Shortbow cannot reach")


def test_the_archer_walks_down_the_loft_stair_with_no_falling_dice(app: App) -> None:
    """H15: "Movement and falls (H2, H3, H12) use the stated Height" — the Loft's stair states Height 1 where the
    floors are 2 apart, so the archer's Move 2 (Height 1) walks down it: no fall, no dice, nothing rolled."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("archer")
    expect(page.locator("#overlay .dice-badge[data-section='hall']")).to_have_text("safe")
    app.section("hall").click()
    expect(page.locator(SUMMARY)).to_have_text("Allowed.")
    expect(page.locator(VERDICT).locator("ol > li")).to_have_text([
        "H2 Move 2 (Height 1) moves up to 2 steps with Height 1 (its own).",
        "H2 Loft → Hall: down Height 1 by the stair (stated; the elevations are 2 apart, H15) — no fall (Move "
        "Height covers it).",
        "H8 No falling dice.",
        "H3 Route chosen: fewest falling dice (0), then fewest steps (1).",
    ])
    expect(page.locator("[data-testid=pool]")).to_have_count(0)
    page.get_by_role("button", name="Confirm move", exact=True).click()
    expect(page.locator("#status")).to_have_text("Archer moved.")
    expect(page.locator("[data-testid=roll]")).to_have_count(0)
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 0 rolls")
    expect(log_texts(app).last).to_have_text("Archer: Loft → Hall with Move 2 (Height 1) — moved")
    expect(app.fighter("archer")).to_have_attribute("aria-label", "Archer (Keep) on Hall")


def test_a_climb_up_the_rampart_wall_whose_reaction_takes_effect_rolls_2d6_and_the_climber_stays(app: App) -> None:
    """H9: "Any fighter may try to climb it upward by playing an action against it, whatever its Move's Height.
    The referee enters whether the obstacle's Reaction took effect … If it did, the fighter stays where it started
    and falls Height c."  The climber in the Ditch, whose Move 2 climbs nothing, tries the wall (climbing 2) up to
    the Rampart; its Reaction takes effect: 2d6, rolled on Confirm, and the climber is still in the Ditch."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("climber")
    climb = page.locator("[data-testid=climb]")
    expect(climb).to_have_text(["Climb up to Rampart (obstacle Height 2)"])
    expect(page.locator("[data-testid=climb-move]")).to_have_count(0)  # going up, there is no plain Move across
    climb.click()
    ask = page.locator("[data-testid=climb-ask]")
    expect(ask.locator("h2")).to_have_text("Climber climbs up to Rampart")
    expect(ask.locator("p")).to_have_text(
        "The Climbing obstacle (Height 2) is marked on the view. The fighter plays its action against the obstacle "
        "and the obstacle's Reaction is rolled at the table: did the Reaction take effect (H9)?")
    # The wall being climbed is marked: the route across it, Ditch to Rampart.
    expect(page.locator("#overlay .route[data-sections='ditch rampart']")).to_have_count(1)
    page.locator("[data-testid=reaction-yes]").click()
    verdict = page.locator(VERDICT)
    expect(verdict.locator("h2")).to_have_text("Climbing obstacle: Ditch → Rampart")
    expect(page.locator(SUMMARY)).to_have_text("The obstacle's Reaction takes effect: falls, 2d6: 2–12, mean 7.")
    expect(verdict.locator(".path")).to_have_text("Ends on Ditch.")
    expect(page.locator("[data-testid=pool]")).to_have_text("Falling dice before the roll: 2d6: 2–12, mean 7")
    expect(verdict.locator("ol > li").nth(1)).to_have_text(
        "H9 The obstacle's Reaction took effect: the climb fails, and the fighter falls back where it started.")
    expect(verdict.locator("ol > li").nth(2)).to_have_text("H9 Climbing obstacle of Height 2: falls Height 2.")
    # The climb is drawn as refused: it ends where it started.
    expect(page.locator("#overlay .destination.refused[data-section='ditch']")).to_have_count(1)
    page.get_by_role("button", name="Confirm and roll 2d6").click()
    expected = roll(DicePool(2), rng_for(SEED, 0))
    expect(page.locator("[data-testid=roll] .die")).to_have_text([str(d) for d in expected.dice])
    expect(page.locator("[data-testid=roll]")).to_contain_text(f"= {expected.total} damage")
    expect(page.locator("#seed")).to_have_text(f"dice seed {SEED} · 1 roll")
    expect(log_texts(app).last).to_have_text(
        f"Climber: climbing up, Ditch → Rampart — stayed, fell: {expected.total} damage")
    expect(app.fighter("climber")).to_have_attribute("aria-label", "Climber (Keep) on Ditch")


def test_the_rangers_shot_goes_round_the_ridge_through_the_pass(app: App) -> None:
    """H14: "A shot may follow any line of sections from shooter to target, and d in H5 is that line's step
    count.  Among the clear lines (H5, H10, H11), the line used is the one with the fewest steps … Where a clear
    line exists but needs more range than the action has, the action cannot reach, and it says the range the
    clear line needs."  The shortest line from the West vale over the Ridge (Height 4) is blocked (H5); the line
    through the pass, 3 steps, is clear: the Longbow (range 5) reaches, the Sling (range 2) cannot, needing 3.
    The line drawn is the one used: through the pass, not over the ridge."""
    app.load_scenario(SCENARIO)
    page = app.page
    app.tap("ranger")
    app.tap("bandit")
    expect(shots(app)).to_have_text(["Longbow, range 5: reaches (needs range 3)",
                                     "Sling, range 2: cannot reach (needs range 3)"])
    expect(page.locator("[data-testid=shot]").nth(0).locator("ol > li")).to_have_text([
        "H5 East vale is d = 3 steps from West vale along West vale → Pass, west → Pass, east → East vale; Height "
        "changes across the borders: 0 then 0 then 0; net Δh = 0.",
        "H14 The shortest line, 2 steps along West vale → Ridge → East vale, is blocked by Ridge (H5); the shot "
        "goes round by the clear line with the fewest steps, 3.",
        "H5 Line clear: no section between stands higher than both ends (max 1) — Pass, west at Height 1, Pass, "
        "east at Height 1.",
        "H5 Range needed = max(d, |Δh|) = max(3, 0) = 3; Longbow has range 5 — enough.",
    ])
    expect(page.locator("[data-testid=shot]").nth(1).locator("ol > li").last).to_have_text(
        "H5 Range needed = max(d, |Δh|) = max(3, 0) = 3; Sling has range 2 — too short.")
    line = page.locator("#overlay .shot")
    expect(line).to_have_count(1)
    expect(line).to_have_class("shot clear")
    expect(line).to_have_attribute("data-sections", "vale-w pass-w pass-e vale-e")
    expect(line.locator("title")).to_have_text("Line of shot: West vale → Pass, west → Pass, east → East vale")
    expect(page.locator("#overlay .blocker")).to_have_count(0)
    expect(log_texts(app).last).to_have_text("Ranger → Bandit: Longbow reaches, Sling cannot")


def test_shift_right_steps_the_thief_out_from_under_the_loft_to_its_edge_where_the_archer_sees_it(app: App) -> None:
    """Issue 23, "Fighters' x in Height battlefields": "Shift+←/→ nudges ½ unit", each step logged and taken
    back by Undo; with H10's "At an edge, or beyond it, the fighter beneath can be seen": the thief, stepped from
    x 10.5 to 12 (the Loft's edge) in three presses, is no longer hidden from the archer on the Loft."""
    app.load_scenario(SCENARIO)
    page = app.page
    loft = app.section("loft").bounding_box()
    assert loft is not None
    left, right = loft["x"], loft["x"] + loft["width"]
    # The thief's foot mark is drawn at the x the rules judge it at: under the Loft, 1.5 units from its edge.
    assert left < foot_x(app, "thief") < right - 20
    app.fighter("thief").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".fighter-title")).to_have_text("Thief")
    for x in ("11", "11.5", "12"):
        page.keyboard.press("Shift+ArrowRight")
        expect(page.locator("#status")).to_have_text(f"Thief steps along to x = {x}.")
        expect(log_texts(app).last).to_have_text(f"Thief: steps along Hall to x = {x} — moved")
    expect(app.fighter("thief")).to_be_focused()
    expect(app.fighter("thief")).to_have_attribute("aria-label", "Thief (Raiders) on Hall")
    # The foot mark followed it to the Loft's edge.
    page.wait_for_function(AT_EDGE, arg=["thief", "loft"])
    page.keyboard.press("Escape")
    app.tap("archer")
    app.tap("thief")
    expect(shots(app).nth(0)).to_have_text("Shortbow, range 3: reaches (needs range 2)")
    expect(page.locator("#overlay .shot")).to_have_class("shot clear")
    expect(log_texts(app).last).to_have_text("Archer → Thief: Shortbow reaches, Dagger cannot")
    # Undo takes back the last step (the shot's line is no move): the thief at 11.5 is under the floor again.
    page.keyboard.press("Escape")
    page.keyboard.press("Control+z")
    expect(page.locator("#status")).to_have_text("Undone: Thief: steps along Hall to x = 12")
    app.tap("archer")
    app.tap("thief")
    expect(shots(app).nth(0)).to_have_text("Shortbow, range 3: cannot reach (needs range 2, blocked)")
    expect(page.locator("#overlay .blocker-label")).to_have_text("the floor of Loft is between them (H10)")
