"""Share links in the page: a table shared by link opens the same in a fresh browser, after asking; a damaged, a
hostile and an over-long link change nothing.

Source: issue 27, "Share links" ("Opening a link asks before it replaces the table in play. A fragment over 8,000
characters is refused unread ... A damaged, hostile or newer-format link gets the importer's own message and
changes nothing, and its names are shown as text only").
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, expect

from vertigo import share

from harness import ROOT, App, open_app

CLIFF_SEED = 11  # static/scenarios/cliff.json "dice_seed"


def _share(app: App) -> str:
    """Press Share… and read the link from its field (the clipboard holds the same where the page may use it)."""
    app.page.click("#share")
    field = app.page.locator("#share-link")
    expect(field).not_to_have_value("")
    expect(app.page.locator("#share-note")).to_contain_text("characters.")
    link = field.input_value()
    app.page.click("#share-close")
    return link


def _fresh(browser: Browser, link: str) -> tuple[BrowserContext, App]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True,
                              service_workers="block")
    base, _, fragment = link.partition("#")
    return ctx, open_app(ctx, base, "#" + fragment)


def _fragment(payload: object) -> str:
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "#v1=" + base64.urlsafe_b64encode(c.compress(raw) + c.flush()).decode().rstrip("=")


def test_a_bundled_table_shared_by_link_opens_the_same_in_a_fresh_browser_after_asking(app: App,
                                                                                        browser: Browser) -> None:
    """Issue 27: "Links to bundled battlefields stay short: the battlefield's name, a hash of its file's content and
    the positions" — the goat's fall is carried out, the link shared, and a fresh browser context opened on it asks,
    then shows the goat at the foot of the cliff with the one roll made."""
    app.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.load_scenario("cliff.json")
    app.tap("goat")
    app.section("cliff-foot").click()
    app.page.get_by_role("button", name="Confirm move and roll 1d6").click()
    expect(app.page.locator("#seed")).to_have_text(f"dice seed {CLIFF_SEED} · 1 roll")
    link = _share(app)
    assert app.page.evaluate("navigator.clipboard.readText()") == link
    assert link.startswith(app.url) and "#v1=" in link
    assert share.payload_of("#" + link.partition("#")[2])["bundled"] == "cliff.json"
    assert len(link) - len(app.url) < 200
    ctx, other = _fresh(browser, link)
    try:
        dialog = other.page.locator("#link-offer")
        expect(dialog).to_be_visible()
        expect(other.page.locator("#link-offer-text")).to_contain_text("Open “The cliff” from the link")
        other.page.reload()  # not answered yet: the link is still in the address, and asks again
        other.page.wait_for_selector("body[data-ready=true]")
        expect(dialog).to_be_visible()
        other.page.click("#link-open")
        expect(dialog).to_be_hidden()
        expect(other.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Foot of the cliff")
        expect(other.page.locator("#seed")).to_have_text(f"dice seed {CLIFF_SEED} · 1 roll")
        assert "#" not in other.page.url  # answered: a reload does not ask again
        assert other.page.evaluate("!!document.activeElement.closest('#view')")
    finally:
        ctx.close()


def test_an_imported_table_shares_the_whole_battlefield_and_keep_this_table_changes_nothing(
        app: App, browser: Browser, tmp_path: Path) -> None:
    """Issue 27: a battlefield that is not bundled travels whole in the link; "Keep this table" leaves the table in
    play as it was."""
    doc = json.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text(encoding="utf-8"))
    doc["title"] = "Ada's own cliff"
    path = tmp_path / "own.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    app.page.set_input_files("#import-file", str(path))
    expect(app.page.locator("#status")).to_contain_text("Imported “Ada's own cliff”")
    link = _share(app)
    assert "scenario" in share.payload_of("#" + link.partition("#")[2])
    ctx, other = _fresh(browser, link)
    try:
        expect(other.page.locator("#link-offer-text")).to_contain_text("Open “Ada's own cliff” from the link")
        other.page.click("#link-keep")
        expect(other.page.locator("#link-offer")).to_be_hidden()
        expect(other.page.locator("#status")).to_have_text("The table in play was kept; the link was not opened.")
        expect(other.page.locator("#scenario option:checked")).not_to_have_text("Ada's own cliff")
        other.page.goto(link)
        expect(other.page.locator("#link-offer")).to_be_visible()
        other.page.click("#link-open")
        expect(other.page.locator("#scenario option:checked")).to_have_text("Ada's own cliff (imported)")
    finally:
        ctx.close()


def _refused(app: App, fragment: str, message: str) -> None:
    """The page at ``fragment``: no question asked, the error box says ``message``, the table unchanged."""
    before = app.page.locator("#view").inner_html()
    app.page.evaluate("f => { location.hash = f; }", fragment)
    expect(app.page.locator("#error")).to_contain_text(message)
    expect(app.page.locator("#link-offer")).to_be_hidden()
    assert app.page.locator("#view").inner_html() == before
    expect(app.page.locator("#error script, #error img")).to_have_count(0)


def test_a_damaged_link_is_refused_with_its_message_and_changes_nothing(app: App) -> None:
    """Issue 27: "A damaged ... link gets the importer's own message and changes nothing"."""
    good = _fragment({"share": 1, "bundled": "cliff.json", "sha256": "0" * 16, "positions": {}, "rolls": 0})
    _refused(app, good[:-7] + "!!!", "link: ")


def test_an_over_long_link_is_refused_unread(app: App) -> None:
    """Issue 27: "A fragment over 8,000 characters is refused unread"."""
    _refused(app, "#v1=" + "A" * 8000, "8,000")


def test_a_newer_links_format_is_refused_and_its_message_goes_with_the_next_links_question(app: App) -> None:
    """Issue 27: "A ... newer-format link gets the importer's own message"; the next link's question does not show
    beside that refusal, which was not its own."""
    _refused(app, _fragment({"share": 2}), "made by a newer Vertigo")
    fragment = _fragment({"share": 1, "bundled": "cliff.json", "sha256": "0" * 16, "positions": {}, "rolls": 0})
    app.page.evaluate("f => { location.hash = f; }", fragment)
    expect(app.page.locator("#link-offer")).to_be_visible()
    expect(app.page.locator("#error")).to_be_hidden()


def test_a_hostile_link_shows_its_names_as_text_only(app: App) -> None:
    """Issue 27: "its names are shown as text only" — a battlefield titled with markup is asked about by that very
    text, and nothing of it becomes an element."""
    doc = json.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text(encoding="utf-8"))
    doc["title"] = '<img src=x onerror="document.body.dataset.owned=1">'
    app.page.evaluate("f => { location.hash = f; }", _fragment({"share": 1, "scenario": doc}))
    expect(app.page.locator("#link-offer-text")).to_contain_text('Open “<img src=x onerror=')
    expect(app.page.locator("#link-offer img")).to_have_count(0)
    app.page.click("#link-open")
    expect(app.page.locator("#status")).to_contain_text("<img src=x")
    assert app.page.evaluate("document.body.dataset.owned") is None
    expect(app.page.locator("img[src=x]")).to_have_count(0)


def test_where_the_clipboard_cannot_be_used_the_link_is_in_a_selected_field(context: BrowserContext,
                                                                            site_url: str) -> None:
    """Issue 27: "Where the clipboard is unavailable (plain HTTP), the link is shown in a selectable text field" —
    the page told it is not a secure context says so, and the field holds the link, selected."""
    context.add_init_script("Object.defineProperty(window, 'isSecureContext', {value: false})")
    app = open_app(context, site_url)
    app.page.click("#share")
    expect(app.page.locator("#share-note")).to_contain_text("Select it and copy it")
    field = app.page.locator("#share-link")
    expect(field).to_be_focused()
    link = field.input_value()
    assert link.startswith(site_url + "#v1=")
    assert app.page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [
        0, len(link)]
    app.page.keyboard.press("Escape")
    expect(app.page.locator("#share-dialog")).to_be_hidden()


def test_a_short_link_to_a_bundled_battlefield_changed_since_says_so_and_places_what_it_can(app: App) -> None:
    """Issue 27: "When the file has changed since, the page says so and offers what it can reproduce" — a short
    link whose hash is not the cliff file's, placing the goat at the foot of the cliff and a fighter the file does
    not have."""
    fragment = _fragment({"share": 1, "bundled": "cliff.json", "sha256": "0" * 16,
                          "positions": {"goat": "cliff-foot", "wyvern": "spire"}, "rolls": 1})
    app.page.evaluate("f => { location.hash = f; }", fragment)
    notes = app.page.locator("#link-offer-notes li")
    expect(notes.first).to_contain_text("has changed since this link was made")
    expect(notes).to_have_count(2)
    expect(notes.nth(1)).to_contain_text("wyvern")
    app.page.click("#link-open")
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Foot of the cliff")
    expect(app.page.locator("#seed")).to_have_text(f"dice seed {CLIFF_SEED} · 1 roll")


def test_a_table_whose_link_would_be_over_8000_characters_offers_the_file(app: App, tmp_path: Path) -> None:
    """Issue 27: "Any link is at most 8,000 characters; past that the button says so and offers the file"."""
    doc = json.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text(encoding="utf-8"))
    r = random.Random(27)
    base = doc["sections"][2]
    doc["sections"] += [{**base, "id": f"s{i}", "x": [1000 + 10 * i, 1010 + 10 * i],
                         "name": "".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(60))}
                        for i in range(240)]
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    app.page.set_input_files("#import-file", str(path))
    expect(app.page.locator("#status")).to_contain_text("Imported “The cliff”")
    app.page.click("#share")
    expect(app.page.locator("#share-note")).to_contain_text("a link holds at most 8,000: share the file instead")
    expect(app.page.locator("#share-link")).to_be_disabled()
    offer = app.page.locator("#share-file")
    expect(offer).to_be_focused()
    with app.page.expect_download() as info:
        offer.click()
    assert info.value.suggested_filename == "The-cliff.json"
    expect(app.page.locator("#share-dialog")).to_be_hidden()


def test_a_link_opened_in_edit_mode_waits_and_the_draft_stays(app: App) -> None:
    """Issue 27 with the standard "never loses the user's current work": in Edit mode a pasted link asks nothing
    and replaces nothing; the status line says how to open it."""
    app.page.click("#edit")
    expect(app.page.locator("#edit")).to_have_attribute("aria-pressed", "true")
    fragment = _fragment({"share": 1, "bundled": "cliff.json", "sha256": share.file_hash(
        (ROOT / "static" / "scenarios" / "cliff.json").read_text(encoding="utf-8")), "positions": {}, "rolls": 0})
    app.page.evaluate("f => { location.hash = f; }", fragment)
    expect(app.page.locator("#status")).to_have_text(
        "A shared link was opened while Edit mode is on: leave Edit mode, then reload the page to open it.")
    expect(app.page.locator("#link-offer")).to_be_hidden()
    expect(app.page.locator("#edit")).to_have_attribute("aria-pressed", "true")
    assert app.page.evaluate("location.hash") == fragment
