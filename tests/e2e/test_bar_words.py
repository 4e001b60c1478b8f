"""The bar's words in the page (issue 22, "the panel's words"): the note beside the Battlefield picker and the
Hide dice seed switch."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from harness import App

CLIFF_SEED = 11  # static/scenarios/cliff.json "dice_seed"


def test_a_battlefield_chosen_in_the_picker_but_not_loaded_says_load_to_play_it(app: App) -> None:
    """Issue 22: "a battlefield chosen in the picker but not loaded gets 'Load to play it' beside the picker";
    Load, or choosing the battlefield in play again, takes the note away."""
    note = app.page.locator("#picker-note")
    expect(note).to_have_text("")
    app.page.select_option("#scenario", "cliff.json")
    expect(note).to_have_text("Load to play it")
    app.page.select_option("#scenario", "four-shots.json")  # the one in play
    expect(note).to_have_text("")
    app.page.select_option("#scenario", "cliff.json")
    app.page.click("#load")
    expect(app.page.locator("#status")).to_have_text("Loaded “The cliff”. Undo brings back the previous battlefield.")
    expect(note).to_have_text("")
    app.page.click("#undo")
    expect(app.page.locator("#scenario")).to_have_value("four-shots.json")
    expect(note).to_have_text("")


def test_hide_dice_seed_hides_it_everywhere_is_remembered_and_export_still_carries_it(app: App,
                                                                                     tmp_path: Path) -> None:
    """Issue 22: "a 'Hide dice seed' switch hides the seed in the log, the panel and the status line, is
    remembered, and says that Export still carries it" (H8: the rolls replay from the seed). The cliff's goat
    falls 1d6 (roll #1 of seed 11); with the switch on, the log's lines, the bar's dice line and the status line
    show no seed, a reload keeps it so, and the exported file still holds seed 11; off again, it is back."""
    app.load_scenario("cliff.json")
    app.tap("goat")
    app.section("cliff-foot").click()
    app.page.get_by_role("button", name="Confirm move and roll 1d6").click()
    seed, status, log = (app.page.locator(s) for s in ("#seed", "#status", "#log"))
    expect(seed).to_have_text(f"dice seed {CLIFF_SEED} · 1 roll")
    switch = app.page.get_by_label("Hide dice seed")
    switch.check()
    expect(status).to_have_text("Dice seed hidden in the log, the panel and the status line. Export still carries "
                                "it (the battlefield's file keeps the seed and the rolls made).")
    expect(seed).to_have_text("dice seed hidden (Export still carries it) · 1 roll")
    expect(log.locator(":scope > li .log-text").first).to_have_text("Loaded “The cliff”, dice seed hidden.")
    expect(log).to_contain_text("(seed hidden, roll #1).")
    assert f"seed {CLIFF_SEED}" not in log.text_content() + app.page.locator("#panel").text_content()
    app.reload()
    expect(app.page.get_by_label("Hide dice seed")).to_be_checked()
    expect(seed).to_have_text("dice seed hidden (Export still carries it) · 1 roll")
    assert f"seed {CLIFF_SEED}" not in log.text_content()
    with app.page.expect_download() as download:
        app.page.click("#export")
    path = tmp_path / "export.json"
    download.value.save_as(path)
    assert (json.loads(path.read_text())["dice_seed"], json.loads(path.read_text())["dice_rolls"]) == (CLIFF_SEED, 1)
    app.page.get_by_label("Hide dice seed").uncheck()
    expect(status).to_have_text(f"Dice seed shown again: {CLIFF_SEED}.")
    expect(seed).to_have_text(f"dice seed {CLIFF_SEED} · 1 roll")
    expect(log.locator(":scope > li .log-text").first).to_have_text(f"Loaded “The cliff”, dice seed {CLIFF_SEED}.")
