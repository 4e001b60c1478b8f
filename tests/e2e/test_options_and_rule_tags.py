"""Every option at a border and the rule tags' glossary, in the page (issue 7).

Source: ``000_519d8b8e373365db.txt`` › Combat (Move entries with a Height, falling: 1d6 per Height), rulings
H2, H4, H5, H8; issue 7 ("Every option at a border"; "rule tags (H2, H5, H8) are never explained on the page
(link each to its rule)").
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from harness import READY, READY_TIMEOUT_MS, App, serious_axe_violations

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def rows(app: App) -> list[list[str]]:
    table = app.page.locator("[data-testid=options-table]")
    expect(table).to_be_visible()
    return [[c.strip() for c in r] for r in table.locator("tr").evaluate_all(
        "rows => rows.map(r => Array.from(r.cells, c => c.textContent))")]


def test_selecting_dov_on_the_four_shots_shows_every_option_with_its_dice(app: App) -> None:
    """H2: Move 2 moves with Height 0 and falls the whole Height going down: Hilltop → Slope is down 2 (2d6),
    on to the Valley floor down 1 more (falls add up: 3d6, H8)."""
    app.tap("shooter-4")
    options = app.page.locator("[data-testid=options]")
    expect(options.locator("caption")).to_have_text(
        "Dov: 2 sections reachable with 1 Move entry. Each cell: that move's verdict — no, safe, or the falling "
        "dice.")
    assert rows(app) == [["Section", "Move 2"], ["Slope", "2d6 H2"], ["Valley floor", "3d6 H2"]]
    expect(options.locator("tr[data-section=slope] td.falls .answer")).to_have_text("2d6")


def test_selecting_bram_and_ada_shows_the_chasm_and_a_fighter_that_reaches_nothing(app: App) -> None:
    """H2: Bram's Move 2 drops Height 6 into the chasm (6d6) but cannot climb out; Ada's cannot climb the
    Height 1 border beside her."""
    app.tap("shooter-2")
    assert rows(app) == [["Section", "Move 2"], ["Chasm floor", "6d6 H2"]]
    app.tap("shooter-1")
    expect(app.page.locator("[data-testid=options-none]")).to_have_text(
        "No Move entry of Ada reaches another section from Lower terrace.")


def test_the_climber_compares_both_entries_at_once(app: App) -> None:
    """H2: the climber (Height 1 of its own) can go down to the foot with either entry, but only Move 1
    (Height 3) climbs the Height 3 border to the spire."""
    app.load_scenario("cliff.json")
    app.tap("climber")
    assert rows(app) == [["Section", "Move 2", "Move 1 (Height 3)"],
                         ["Foot of the cliff", "safe H2", "safe H2"],
                         ["Spire", "no H2", "safe H2"]]


def test_a_rule_tag_link_opens_its_glossary_entry(app: App) -> None:
    """Issue 7: each tag links to its rule. H5 on the blocked third shot opens the Rules glossary at H5, whose
    statement is the link's description and tooltip."""
    app.tap("shooter-3")
    app.tap("target-3")
    glossary = app.page.locator("[data-testid=glossary]")
    expect(glossary).not_to_have_attribute("open", "")
    link = app.page.locator("[data-testid=shot]").nth(0).locator("a.rule-link", has_text="H5").first
    expect(link).to_have_attribute("title", re.compile(r"^H5 Ranged actions: Range needed = max\(steps"))
    expect(link).to_have_accessible_description(re.compile(r"^Range needed = max\(steps, \|net Height change\|\)"))
    link.click()
    entry = app.page.locator("#rule-h5")
    expect(entry).to_be_visible()
    expect(entry).to_contain_text("H5 Ranged actions: Range needed = max(steps, |net Height change|); blocked by a "
                                  "section between that stands higher than both ends.")
    expect(glossary).to_have_attribute("open", "")
    expect(entry).to_be_focused()
    assert app.page.evaluate("location.hash") == ""  # a reload opens on the verdict, not the glossary
    # The glossary is written once under the panel: the next click redraws the verdict, not the glossary,
    # which stays open as the referee left it.
    app.tap("target-1")  # on the near bank: no line from the upper terrace (H5)
    expect(app.page.locator("[data-testid=shot]").first).to_contain_text("with Near bank: no line.")
    expect(glossary).to_have_attribute("open", "")
    assert app.page.locator("[data-testid=glossary]").count() == 1


def test_axe_finds_no_serious_or_critical_violation_with_the_options_and_the_glossary_open(app: App) -> None:
    """axe-core scan with the options table (a scrolling region) and the opened glossary on screen."""
    app.load_scenario("cliff.json")
    app.tap("kestrel")  # "no", "safe" and a 3d6 fall, each in its colour
    expect(app.page.locator("[data-testid=options-table] td.falls")).to_have_count(1)
    app.page.locator("[data-testid=glossary] summary").click()
    bad = serious_axe_violations(app.page, AXE)
    assert bad == []


def test_a_rule_tag_followed_from_the_keyboard_focuses_its_entry_and_escape_goes_back(app: App) -> None:
    """At 1280×800: Tab to the first H5 tag of a checked shot, Enter: the focus is on the glossary entry (not
    the page's body), scrolled into view within the side panel, and the URL has no #rule-h5 (a reload would open
    scrolled to the glossary); Escape from there goes back to the side view, as from the panel, with the side
    panel back at its top."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    app.tap("shooter-3")  # Cleo
    app.tap("target-3")  # Bandit 3
    url = page.url
    link = page.locator("#panel a.rule-link", has_text="H5").first
    link.focus()
    page.keyboard.press("Enter")
    entry = page.locator("#rule-h5")
    expect(entry).to_be_focused()
    expect(entry).to_be_in_viewport()
    side = page.locator(".side")
    assert side.evaluate("(s) => s.scrollTop") > 0
    box, pane = entry.bounding_box(), side.bounding_box()
    assert box and pane and pane["y"] <= box["y"] and box["y"] + box["height"] <= pane["y"] + pane["height"] + 1
    assert page.url == url
    page.keyboard.press("Escape")
    expect(page.locator(".fighter-title")).to_have_count(0)
    expect(page.locator("#fighters .fighter:focus")).to_have_count(1)
    # A second fresh user: the side panel stayed scrolled down to the glossary, away from the status line.
    assert side.evaluate("(s) => s.scrollTop") == 0


def test_a_reload_with_a_rule_hash_opens_on_the_verdict(app: App) -> None:
    """A URL still ending in #rule-h5 (left by an older page, or a tag opened in a new tab): the hash is
    dropped at start-up, the rest of the URL kept, and the side panel is at its top."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(app.url + "?x=1#rule-h5")
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    assert page.evaluate("location.hash") == ""
    assert page.evaluate("location.search") == "?x=1"
    assert page.locator(".side").evaluate("(s) => s.scrollTop") == 0
