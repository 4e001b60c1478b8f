"""The four worked ranged examples of 000_519d8b8e373365db.txt › Height and Range, clicked in the page (H5)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from harness import App

# (lane, the seed's border changes, expected summaries of Shortbow range 3 and Sling range 2, blocker, the log's
# headline: the outcome, issue 22)
EXAMPLES = [
    ("1", "1 then 2", "Shortbow, range 3: reaches (needs range 3)",
     "Sling, range 2: cannot reach (needs range 3)", None, "Ada → Bandit 1: Shortbow reaches, Sling and Dagger cannot"),
    ("2", "-6 then 6", "Shortbow, range 3: reaches (needs range 2)", "Sling, range 2: reaches (needs range 2)", None,
     "Bram → Bandit 2: Shortbow and Sling reach, Dagger cannot"),
    ("3", "1 then -2", "Shortbow, range 3: cannot reach (needs range 2, blocked)",
     "Sling, range 2: cannot reach (needs range 2, blocked)", "ridge",
     "Cleo → Bandit 3: Shortbow, Sling and Dagger cannot reach"),
    ("4", "-2 then -1", "Shortbow, range 3: reaches (needs range 3)",
     "Sling, range 2: cannot reach (needs range 3)", None, "Dov → Bandit 4: Shortbow reaches, Sling and Dagger cannot"),
]


@pytest.mark.parametrize(("lane", "changes", "bow", "sling", "blocker", "logged"), EXAMPLES)
def test_clicking_shooter_then_target_gives_the_seed_verdict(app: App, lane, changes, bow, sling, blocker,
                                                              logged) -> None:
    """"The range of the Action must be equal to or greater than the total change in Height … the terrain must
    not obstruct": each worked example, with its border changes, range needed and any blocking section; the log's
    line gives the outcome (issue 22, "an attack's log line gives the outcome")."""
    app.tap(f"shooter-{lane}")
    app.tap(f"target-{lane}")
    shots = app.page.locator("[data-testid=shot] .summary")
    expect(shots.nth(0)).to_have_text(bow)
    expect(shots.nth(1)).to_have_text(sling)
    expect(app.page.locator("[data-testid=verdict]")).to_contain_text(f"Height changes across the borders: {changes}")
    line = app.page.locator("#overlay .shot")
    expect(line).to_have_count(1)
    if blocker:
        expect(app.page.locator(f"#overlay .blocker[data-section='{blocker}']")).to_have_count(1)
        expect(line).to_have_class("shot blocked")
        expect(app.page.locator("[data-testid=verdict]")).to_contain_text("Blocked: Ridge stands at Height 1")
    else:
        expect(app.page.locator("#overlay .blocker")).to_have_count(0)
        expect(line).to_have_class("shot clear")
    expect(app.page.locator("#log > li").last.locator(".log-text")).to_have_text(logged)


def test_the_dm_can_override_a_blocked_shot_and_the_log_keeps_both_answers(app: App) -> None:
    """H7: "the result then says 'overridden by the DM' and the log keeps both"."""
    app.tap("shooter-3")
    app.tap("target-3")
    app.page.locator("[data-testid=shot]").nth(0).get_by_role("button", name="DM override: allow").click()
    expect(app.page.locator("[data-testid=shot] .summary").nth(0)).to_have_text(
        "Shortbow, range 3: reaches — overridden by the DM (rules: needs range 2, blocked)")
    # The drawing follows the DM: the line drawn as overridden, the ridge no longer said to block it.
    expect(app.page.locator("#overlay .shot")).to_have_class("shot clear overridden")
    expect(app.page.locator("#overlay .blocker-label")).to_have_text("blocks by the rules; overridden by the DM")
    last = app.page.locator("#log > li").last
    expect(last.locator(".log-text")).to_have_text(
        "DM override: Cleo's Shortbow against Bandit 3 — rules: blocked; DM: reaches")
    last.locator("summary").click()
    expect(last).to_contain_text("Rules say not allowed; overridden by the DM: allowed.")


def test_clicking_the_checked_enemy_again_writes_no_second_log_line(app: App) -> None:
    """Issue 7's leftovers, item 1: the same check twice in a row gives the same answer; the log keeps one line
    and the status line says the repeat was not logged."""
    app.tap("shooter-1")
    app.tap("target-1")
    expect(app.page.locator("#log > li")).to_have_count(2)
    app.tap("target-1")
    expect(app.page.locator("#status")).to_contain_text("The same as the last line of the log: not logged again.")
    expect(app.page.locator("#log > li .log-text")).to_have_text(
        ["Loaded “The four shots”, dice seed 4.", "Ada → Bandit 1: Shortbow reaches, Sling and Dagger cannot"])


def test_the_dm_takes_back_an_override_and_the_rules_answer_stands_again(app: App) -> None:
    """Product owner's list, "Taking back a DM override" (H7): after "DM override: allow" on the blocked
    Shortbow shot, "Take back the override" shows the rules' answer again with its override button, and the
    log keeps the override and adds a line saying it was taken back."""
    app.tap("shooter-3")
    app.tap("target-3")
    shot = app.page.locator("[data-testid=shot]").nth(0)
    shot.get_by_role("button", name="DM override: allow").click()
    shot.get_by_role("button", name="Take back the override: DM override on Shortbow, range 3").click()
    expect(shot.locator(".summary")).to_have_text("Shortbow, range 3: cannot reach (needs range 2, blocked)")
    expect(shot.get_by_role("button", name="DM override: allow")).to_have_count(1)
    expect(shot.locator("button[data-action=take-back-shot]")).to_have_count(0)
    expect(app.page.locator("#status")).to_have_text(
        "DM override taken back — Shortbow, range 3: cannot reach (needs range 2, blocked)")
    texts = app.page.locator("#log > li .log-text")
    expect(texts.nth(-2)).to_have_text("DM override: Cleo's Shortbow against Bandit 3 — rules: blocked; DM: reaches")
    expect(texts.last).to_have_text(
        "DM override taken back: Cleo's Shortbow against Bandit 3 — the rules' answer stands: blocked")
