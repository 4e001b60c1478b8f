"""Import, export and browser storage: bad files explain themselves and never lose the battlefield."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import BrowserContext, expect

from harness import READY, READY_TIMEOUT_MS, ROOT, App, open_app


def _import(app: App, tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    app.page.set_input_files("#import-file", str(path))


def _doc(**changes: object) -> dict:
    doc = json.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text())
    doc.update(changes)
    return doc


def test_a_malformed_file_names_every_problem_and_leaves_the_battlefield_untouched(app: App, tmp_path: Path) -> None:
    """Issue 2: "A malformed file gets a message that names every problem and its place in the document"."""
    before = app.page.locator("#view").inner_html()
    doc = _doc()
    doc["fighters"][2]["moves"][0] = "Move one"
    doc["sections"][1]["elevation"] = 10**9
    doc["borders"][0] = ["overhang", "nowhere"]
    _import(app, tmp_path, "broken.json", json.dumps(doc))
    error = app.page.locator("#error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("broken.json was not loaded; the current battlefield is unchanged.")
    expect(error).to_contain_text('fighters[2].moves[0]: "Move one" is not a Move entry')
    expect(error).to_contain_text("sections[1].elevation: must be -1000 to 1000: 1000000000")
    expect(error).to_contain_text('borders[0][1]: names no section: "nowhere"')
    assert app.page.locator("#view").inner_html() == before
    expect(app.page.locator("#view svg title").first).to_have_text("Side view: The four shots")
    # Said once: the status line above the message would only repeat its first sentence (issue 7, clear
    # feedback); the next action's status line comes back.
    expect(app.page.locator("#status")).to_be_hidden()
    assert app.page.locator(".side").inner_text().count("broken.json was not loaded") == 1
    app.load_scenario("cliff.json")
    expect(app.page.locator("#status")).to_be_visible()
    expect(error).to_be_hidden()


def test_a_file_that_is_not_json_says_where_it_breaks(app: App, tmp_path: Path) -> None:
    """Not JSON: the message gives line and column; the battlefield stays."""
    _import(app, tmp_path, "junk.json", '{"vertigo": 1,\n  "title": }')
    expect(app.page.locator("#error")).to_contain_text("line 2, column 12: not valid JSON")
    expect(app.page.locator("#terrain .section")).to_have_count(12)


def test_an_absurdly_large_file_is_refused_at_once(app: App, tmp_path: Path) -> None:
    """Bounded work: a million sections (~70 MB) is refused with a clear message, unread, not a hung tab."""
    sections = [{"id": f"s{i}", "name": "s", "elevation": 0, "x": [i, i + 1]} for i in range(1_000_000)]
    _import(app, tmp_path, "huge.json", json.dumps({"vertigo": 1, "title": "Huge", "sections": sections}))
    expect(app.page.locator("#error")).to_contain_text("bytes; at most 8000000 are allowed (a scenario is at most "
                                                        "2000000 characters of at most 4 bytes each)")
    expect(app.page.locator("#terrain .section")).to_have_count(12)


def test_a_hostile_name_is_shown_as_text_everywhere(app: App, tmp_path: Path) -> None:
    """Names are text, never markup: in the side view, the fighter card, the verdict and the log."""
    hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>"
    doc = _doc(title=hostile)
    doc["fighters"][0]["name"] = hostile
    doc["sections"][0]["name"] = hostile
    _import(app, tmp_path, "hostile.json", json.dumps(doc))
    expect(app.page.locator("#terrain .section")).to_have_count(7)
    app.tap("goat")
    app.section("cliff-foot").click()
    expect(app.page.locator(".fighter-title")).to_have_text(hostile)
    expect(app.page.locator("[data-testid=verdict]")).to_contain_text(hostile)
    assert app.page.locator("#app script:not([src='./static/boot.js']), #app img").count() == 0  # boot.js: ours
    assert app.page.locator("#view svg title").first.text_content() == f"Side view: {hostile}"
    expect(app.page.locator("#log > li").first).to_contain_text(hostile)
    # The picker names the imported battlefield (as text, isolated, not a choice to Load), not a blank.
    picked = app.page.locator("#scenario option:checked")
    expect(picked).to_have_text(f"{hostile} (imported)")
    expect(picked).to_be_disabled()
    app.load_scenario("cliff.json")
    expect(app.page.locator("#scenario option:disabled")).to_have_count(0)


def test_export_then_import_brings_back_the_battlefield_as_it_stands(app: App, tmp_path: Path) -> None:
    """Export writes the scenario with every fighter where it stands; importing that file restores it."""
    app.load_scenario("cliff.json")
    app.tap("kestrel")
    app.page.get_by_role("button", name="Fly 3").click()
    app.section("spire").click()
    app.page.get_by_role("button", name="Confirm move").click()
    with app.page.expect_download() as info:
        app.page.click("#export")
    path = tmp_path / "exported.json"
    info.value.save_as(path)
    doc = json.loads(path.read_text())
    assert doc["title"] == "The cliff"
    assert {f["id"]: f["section"] for f in doc["fighters"]}["kestrel"] == "spire"
    app.load_scenario("four-shots.json")
    app.page.set_input_files("#import-file", str(path))
    expect(app.fighter("kestrel")).to_have_attribute("aria-label", "Kestrel (Heroes) on Spire")
    # Same title, other places to start from: not the bundled "The cliff" (Load there put the Kestrel back on
    # its bundled start), but the imported one, greyed.
    picked = app.page.locator("#scenario option:checked")
    expect(picked).to_have_text("The cliff (imported)")  # told apart from the bundled "The cliff" below it
    expect(picked).to_be_disabled()
    # A file exported before any move is the bundled battlefield itself, and the picker says so.
    app.load_scenario("cliff.json")
    with app.page.expect_download() as info:
        app.page.click("#export")
    info.value.save_as(tmp_path / "unmoved.json")
    app.load_scenario("four-shots.json")
    app.page.set_input_files("#import-file", str(tmp_path / "unmoved.json"))
    expect(app.fighter("kestrel")).to_have_attribute("aria-label", "Kestrel (Heroes) on Cliff top")
    expect(app.page.locator("#scenario")).to_have_value("cliff.json")
    expect(app.page.locator("#scenario option:disabled")).to_have_count(0)


def test_the_table_survives_a_reload(app: App) -> None:
    """The current state survives a page reload (browser storage): battlefield, positions, dice and log."""
    app.load_scenario("cliff.json")
    app.tap("goat")
    app.section("cliff-foot").click()
    app.page.get_by_role("button", name="Confirm move and roll 1d6").click()
    log_before = app.page.locator("#log > li").count()
    app.reload()
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Foot of the cliff")
    expect(app.page.locator("#seed")).to_have_text("dice seed 11 · 1 roll")
    expect(app.page.locator("#log > li")).to_have_count(log_before)
    app.page.click("#undo")
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Cliff top")


def test_loading_another_battlefield_can_be_undone(app: App) -> None:
    """No lost work: loading a bundled battlefield over the current one is one undo away."""
    app.load_scenario("ruined-street.json")
    expect(app.page.locator("#terrain .section")).to_have_count(24)
    app.page.click("#undo")
    expect(app.page.locator("#terrain .section")).to_have_count(12)
    expect(app.page.locator("#status")).to_have_text("Back to “The four shots”.")


def test_a_damaged_saved_table_is_kept_aside_and_the_default_battlefield_loads(app: App) -> None:
    """A corrupt browser store gets a specific message; its text is kept under another key, not thrown away."""
    app.page.evaluate("localStorage.setItem('vertigo.table.v1', '{\"table\": 1, \"scenario\": {}}')")
    app.reload()
    expect(app.page.locator("#error")).to_contain_text("The saved table could not be restored")
    assert app.page.evaluate("localStorage.getItem('vertigo.table.v1.damaged')") == '{"table": 1, "scenario": {}}'
    expect(app.page.locator("#terrain .section")).to_have_count(12)


def test_deeply_nested_json_is_refused_and_import_keeps_working(app: App, tmp_path: Path) -> None:
    """Bounded work: 10,000 nested brackets get a message, not a stack overflow; the next import works."""
    _import(app, tmp_path, "deep.json", "[" * 10000 + "]" * 10000)
    expect(app.page.locator("#error")).to_contain_text(
        "document: nests arrays and objects more than 16 deep; at most 16 are allowed")
    expect(app.page.locator("#terrain .section")).to_have_count(12)
    _import(app, tmp_path, "cliff.json", (ROOT / "static" / "scenarios" / "cliff.json").read_text())
    expect(app.page.locator("#terrain .section")).to_have_count(7)
    expect(app.page.locator("#error")).to_be_hidden()


def test_a_deeply_nested_saved_table_still_lets_the_page_start(app: App) -> None:
    """A hostile browser store cannot stop the page from loading: it is kept aside with a message."""
    app.page.evaluate("localStorage.setItem('vertigo.table.v1', '['.repeat(20000) + ']'.repeat(20000))")
    app.reload()
    expect(app.page.locator("#error")).to_contain_text("saved table: nests arrays and objects more than 16 deep")
    expect(app.page.locator("#terrain .section")).to_have_count(12)


def test_each_of_several_loads_can_be_undone_in_turn(app: App) -> None:
    """No lost work: two loads in a row, then two undos, bring back the table that was in play."""
    app.load_scenario("cliff.json")
    app.tap("goat")
    app.section("cliff-foot").click()
    app.page.get_by_role("button", name="Confirm move and roll 1d6").click()
    app.load_scenario("cliff.json")
    app.load_scenario("ruined-street.json")
    app.page.click("#undo")
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Cliff top")
    expect(app.page.locator("#scenario")).to_have_value("cliff.json")
    app.page.click("#undo")
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Foot of the cliff")


def test_a_large_damaged_saved_table_is_never_lost_when_it_cannot_be_copied(app: App) -> None:
    """Issue 5, fault 5: "Keep the original until its copy is safe". A 3,000,000-character store that is no
    table cannot be copied beside itself within the quota: it stays under its key, untouched, the page starts
    with a message that says so, and the table in play is not saved over it."""
    app.page.evaluate("localStorage.setItem('vertigo.table.v1', '\"' + 'x'.repeat(3000000) + '\"')")
    app.reload()
    expect(app.page.locator("#error")).to_contain_text(
        "saved table: is 3000002 characters; at most 2300000 are allowed")
    expect(app.page.locator("#error")).to_contain_text("it is left under vertigo.table.v1")
    expect(app.page.locator("#saving")).to_be_visible()
    expect(app.page.locator("#terrain .section")).to_have_count(12)
    assert app.page.evaluate("localStorage.getItem('vertigo.table.v1').length") == 3000002
    assert app.page.evaluate("localStorage.getItem('vertigo.table.v1.damaged')") is None


def test_a_refused_import_is_seen_even_with_the_side_panel_scrolled_down(app: App, tmp_path: Path) -> None:
    """Clear feedback (README, "bad input gets a clear, specific message"): with the Rules glossary open and the
    side panel scrolled to its end, a refused import's message is brought into view, and so is the status line
    after a Load."""
    app.page.locator("[data-testid=glossary] summary").click()
    side = app.page.locator(".side")
    side.evaluate("s => { s.scrollTop = s.scrollHeight; }")
    assert side.evaluate("s => s.scrollTop") > 0
    _import(app, tmp_path, "trailing.json", '{"vertigo": 1, "sections": [1, 2,]}')
    expect(app.page.locator("#error")).to_contain_text("not valid JSON")
    expect(app.page.locator("#error")).to_be_in_viewport()
    side.evaluate("s => { s.scrollTop = s.scrollHeight; }")
    app.load_scenario("cliff.json")
    expect(app.page.locator("#status")).to_be_in_viewport()


SAVED_TITLE = "(JSON.parse(localStorage.getItem('vertigo.table.v1')) || {scenario: {}}).scenario.title"
"""The title of the table in the browser's storage (undefined before the first save)."""


def test_two_tabs_never_save_over_each_other_unasked(context: BrowserContext, site_url: str) -> None:
    """No lost work (README, "Two tabs"): once another tab saves its table, this tab stops saving and says so,
    until the referee reloads here (the other tab's table) or keeps this tab's (saved over the other, which is
    then told the same)."""
    first = open_app(context, site_url)
    second = open_app(context, site_url)
    first.load_scenario("cliff.json")
    first.page.wait_for_function(f"{SAVED_TITLE} === 'The cliff'")
    expect(second.page.locator("#saving")).to_contain_text("another tab of Vertigo has saved its own table")
    expect(second.page.locator("#other-tab-actions")).to_be_visible()
    expect(first.page.locator("#saving")).to_be_hidden()

    second.load_scenario("staircase.json")  # not saved: the first tab's table stays
    second.page.wait_for_timeout(400)  # past the latest a save waits (LATER_MS, 250 ms)
    assert second.page.evaluate(SAVED_TITLE) == "The cliff"

    second.page.click("#other-tab-keep")
    expect(second.page.locator("#saving")).to_be_hidden()
    assert second.page.evaluate(SAVED_TITLE) == "The staircase"
    expect(first.page.locator("#saving")).to_contain_text("another tab of Vertigo has saved its own table")

    with first.page.expect_navigation(timeout=READY_TIMEOUT_MS):
        first.page.click("#other-tab-reload")
    first.page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    expect(first.page.locator("#view svg title").first).to_have_text("Side view: The staircase")
    expect(first.page.locator("#saving")).to_be_hidden()
    assert first.watch.problems == [] and second.watch.problems == []
