"""Hostile storage, full storage, long logs and spoofing names: the page never freezes, loses the table or
lies about what happened.

Source: issue 5 ("Holds up under attack"), faults 1 (a stored text holds start-up hostage), 2 (the log stops
showing new lines at its cap), 4 (a failed save is said once and then forgotten), 5 (a damaged saved table
can be lost) and 6 (bidi spoofing); the inputs of ``shared/repro/reliability/`` (R1, R10, R11, R4).
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from vertigo import scenario
from vertigo.storage import SAVED_VERSION, TableEncoder
from vertigo.table import Table

from harness import ROOT, App

STORE = "vertigo.table.v1"
DAMAGED = STORE + ".damaged"
QUOTA = 5_242_880


def _fill_storage(app: App, leave: int) -> None:
    """Fill the origin's storage (as another site of the same owner could) until ``leave`` chars are free."""
    app.page.evaluate(
        """([leave, quota]) => {
            let used = 0;
            for (let i = 0; i < localStorage.length; i++) {
                const k = localStorage.key(i); used += k.length + localStorage.getItem(k).length;
            }
            localStorage.setItem('other-site', 'x'.repeat(quota - used - 'other-site'.length - leave));
        }""", [leave, QUOTA])


def test_a_stored_unterminated_string_of_escaped_quotes_does_not_hold_start_up(app: App) -> None:
    """R1-redos-storage.js: the text that took the old pre-scan ~6 s is refused as not JSON, at once, and kept
    aside; the page starts on the default battlefield."""
    app.page.evaluate("localStorage.setItem('vertigo.table.v1', '\"' + '\\\\\"'.repeat(200000))")
    app.reload()
    expect(app.page.locator("#error")).to_contain_text("The saved table could not be restored: ")
    expect(app.page.locator("#error")).to_contain_text("line 1, column 1: not valid JSON (Unterminated string")
    expect(app.page.locator("#terrain .section")).to_have_count(12)
    assert app.page.evaluate(f"localStorage.getItem('{DAMAGED}').length") == 400001


def test_the_newest_log_line_shows_after_the_log_reaches_its_cap(app: App) -> None:
    """Fault 2: "the page's log stops showing new lines at 2000 entries ... after restoring a 100,000-entry log
    too": a saved table whose log ran to entry 100,000 (its newest 50,000 stored) restores with its newest
    lines, and the next move's line appears at the end; old lines give way."""
    table = Table.start(scenario.loads((ROOT / "static" / "scenarios" / "four-shots.json").read_text()))
    saved = json.loads(TableEncoder().encode(table))
    saved["log"] = [{"n": n, "text": f"check {n}"} for n in range(50_001, 100_001)]  # its newest 50,000
    app.page.evaluate(f"t => localStorage.setItem('{STORE}', t)", json.dumps(saved, separators=(",", ":")))
    app.reload()
    log = app.page.locator("#log > li")
    expect(log.last).to_contain_text("check 100000")
    cap = log.count()
    assert cap == 1000
    app.tap("shooter-2")
    app.section("chasm").click()
    app.page.get_by_role("button", name="Confirm move and roll 6d6").click()
    expect(log.last).to_contain_text("Bram: West rim → Chasm floor with Move 2 — moved, fell: ")
    assert log.count() == cap
    assert log.last.get_attribute("value") == "100001"


def test_a_damaged_table_near_the_quota_stays_where_it_is_and_saving_waits(app: App) -> None:
    """R10-damaged-copy-lost-near-quota.js: the copy aside cannot be made, so the original stays under its key
    (it used to be lost from both), a lasting notice says the table in play is not saved, and the user can
    download the damaged table or discard it — after which saving resumes."""
    damaged = '{"table": 1, "scenario": {"vertigo": 1, "title": "Lost'
    app.page.evaluate("localStorage.clear()")
    app.page.evaluate(f"t => localStorage.setItem('{STORE}', t)", damaged)
    _fill_storage(app, 4)
    app.reload()
    expect(app.page.locator("#error")).to_contain_text(f"it is left under {STORE}")
    expect(app.page.locator("#error")).not_to_contain_text("older damaged copy")  # there was none
    assert app.page.evaluate(f"localStorage.getItem('{STORE}')") == damaged
    notice = app.page.locator("#saving")
    expect(notice).to_be_visible()
    app.tap("shooter-1")
    app.page.keyboard.press("Escape")
    expect(notice).to_be_visible()
    assert app.page.evaluate(f"localStorage.getItem('{STORE}')") == damaged
    with app.page.expect_download() as info:
        app.page.click("#damaged-download")
    assert Path(info.value.path()).read_text() == damaged
    app.page.evaluate("localStorage.removeItem('other-site')")
    app.page.click("#damaged-discard")
    expect(notice).to_be_hidden()
    app.page.wait_for_function(f"(localStorage.getItem('{STORE}') || '').startsWith('{{\"table\":{SAVED_VERSION},')")


def test_a_second_damaged_table_replaces_the_first_copy_and_says_so(app: App) -> None:
    """R11-damaged-copy-overwritten.js: only the newest damaged copy is kept, and the message says the older
    one was replaced (it used to vanish without a word)."""
    app.page.evaluate(f"localStorage.setItem('{DAMAGED}', 'FIRST damaged table, kept aside by an earlier start')")
    app.page.evaluate(f"localStorage.setItem('{STORE}', '{{\"table\": 1, \"scen')")
    app.reload()
    expect(app.page.locator("#error")).to_contain_text(f"It is kept as {DAMAGED}. An older damaged copy that was "
                                                       "kept there has been replaced.")
    assert app.page.evaluate(f"localStorage.getItem('{DAMAGED}')") == '{"table": 1, "scen'
    assert app.page.evaluate(f"localStorage.getItem('{STORE}')") is None


def test_a_save_that_fails_is_said_until_a_save_succeeds(app: App) -> None:
    """Fault 4: "A full storage before a move shows 'could not be saved' once; Escape hides it; a reload
    silently puts the fighter back" — now the notice stays (Escape does not hide it) until a save succeeds."""
    app.page.evaluate(f"localStorage.removeItem('{STORE}')")
    _fill_storage(app, 10)
    app.tap("shooter-2")
    app.section("chasm").click()
    app.page.get_by_role("button", name="Confirm move and roll 6d6").click()
    notice = app.page.locator("#saving")
    expect(notice).to_contain_text("Not saved: the browser refused to store the table")
    app.page.keyboard.press("Escape")
    expect(notice).to_be_visible()
    app.tap("shooter-1")
    expect(notice).to_be_visible()
    app.page.evaluate("localStorage.removeItem('other-site')")
    app.tap("shooter-1")
    app.tap("shooter-4")
    app.section("slope").click()
    app.page.get_by_role("button", name="Confirm move and roll 2d6").click()
    expect(notice).to_be_hidden()
    app.reload()
    expect(app.fighter("shooter-2")).to_have_attribute("aria-label", "Bram (Heroes) on Chasm floor")


def _x_of(app: App, text: str) -> float:
    """Left edge, in CSS px, of where ``text`` is drawn inside the newest log line."""
    return app.page.evaluate(
        """text => {
            const li = [...document.querySelectorAll('#log > li')].pop().querySelector('.log-text');
            const node = li.firstChild, at = node.textContent.indexOf(text);
            const range = document.createRange();
            range.setStart(node, at); range.setEnd(node, at + text.length);
            return range.getBoundingClientRect().left;
        }""", text)


def test_a_right_to_left_name_does_not_reorder_the_log_line_after_it(app: App, tmp_path: Path) -> None:
    """Fault 6: "a legitimate Hebrew or Arabic name must not reorder the text after it"; the rendered line
    reads in order: the name, then "moved", then "fell:", then the damage."""
    doc = json.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text())
    doc["fighters"][0]["name"] = "עז ההרים 2"
    path = tmp_path / "hebrew.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    app.page.set_input_files("#import-file", str(path))
    expect(app.page.locator("#terrain .section")).to_have_count(7)
    app.tap("goat")
    app.section("cliff-foot").click()
    app.page.get_by_role("button", name="Confirm move and roll 1d6").click()
    expect(app.page.locator("#log > li").last).to_contain_text("moved, fell:")
    name, moved, fell, damage = (_x_of(app, t) for t in ("ההרים", "moved", "fell:", "damage"))
    assert name < moved < fell < damage


def test_a_name_with_a_right_to_left_override_is_refused_at_its_place(app: App, tmp_path: Path) -> None:
    """R4-rtl-override.json: "Goat\u202e dewolla ton" would make "— moved, fell: 5 damage" read as ending
    ":not allowed"; bidi override controls are refused in names, with their place."""
    path = Path(__file__).resolve().parents[3] / "shared" / "repro" / "reliability" / "R4-rtl-override.json"
    doc = json.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text())
    doc["fighters"][0]["name"] = "Goat\u202e dewolla ton"
    text = path.read_text(encoding="utf-8") if path.exists() else json.dumps(doc)
    file = tmp_path / "r4.json"
    file.write_text(text, encoding="utf-8")
    app.page.set_input_files("#import-file", str(file))
    expect(app.page.locator("#error")).to_contain_text(
        "fighters[0].name: must not contain bidirectional control characters (U+202E)")
    expect(app.page.locator("#terrain .section")).to_have_count(12)
