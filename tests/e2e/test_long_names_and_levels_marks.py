"""Issue 22's leftovers from earlier newcomers: an 80-character name on a phone, and a levels verdict's marks.

An 80-character section name (legal: ``MAX_NAME``) once filled three lines of the phone's sheet in the status line,
the verdict's heading and its path, and pushed Confirm below the screen; a levels dimension line stood beside the
border tag that said the same "3 ft"; the strange position (G3) was not drawn.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, expect

from harness import ROOT, App, open_app

LONG_SECTION = "Northwesternmostpinnacleofthecrumblinggreatbasaltcliffabovethewhisperingravine".ljust(80, "x")
LONG_FIGHTER = "Mountain goat with the crooked horns and the stubbornest will of all highlands".ljust(80, "y")
PANEL_WIDTHS = """() => { const vw = document.documentElement.clientWidth;
  return [...document.querySelectorAll('#status, #status *, #panel, #panel *')]
    .map((e) => [e.tagName + '.' + e.className, e.getBoundingClientRect()])
    .filter(([, r]) => r.width > vw || r.left < 0 || r.right > vw)
    .map(([n, r]) => `${n}: ${Math.round(r.left)}-${Math.round(r.right)}`); }"""


def test_an_80_character_name_on_a_360_phone_keeps_confirm_on_screen(browser: Browser, site_url: str,
                                                                     tmp_path: Path) -> None:
    """Issue 22: the cliff imported with its foot and its goat named with 80 characters (one a single word), at
    360 × 740: the goat selected, the foot clicked, Confirm's box lies inside the viewport, no element of the
    status line or the panel is wider than the viewport or runs past it, and each long name is drawn cut
    (``.long-name``) with the whole name in its text and its tooltip."""
    doc = json.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text())
    for s in doc["sections"]:
        if s["id"] == "cliff-foot":
            s["name"] = LONG_SECTION
    for f in doc["fighters"]:
        if f["id"] == "goat":
            f["name"] = LONG_FIGHTER
    path = tmp_path / "long-names.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                              service_workers="block")
    app = open_app(ctx, site_url)
    page = app.page
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#status")).to_contain_text("Imported")
    app.tap("goat")
    app.section("cliff-foot").click()
    confirm = page.locator("#panel [data-action='confirm']")
    expect(confirm).to_be_visible()
    box = confirm.bounding_box()
    assert box is not None
    inside = (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    assert min(inside) >= 0 and inside[2] <= 360 and inside[3] <= 740, box
    assert page.evaluate(PANEL_WIDTHS) == []
    cut = page.locator("#status .long-name")
    expect(cut).to_have_count(1)
    expect(cut).to_have_attribute("title", LONG_SECTION)
    expect(cut).to_have_text(LONG_SECTION)
    assert cut.evaluate("e => e.getBoundingClientRect().width < e.scrollWidth")  # drawn cut, not whole
    assert page.locator("#panel .verdict h2 .long-name").get_attribute("title") == LONG_SECTION
    problems = app.watch.problems
    ctx.close()
    assert not problems, "\n".join(problems)


def test_the_brawls_table_tag_gives_way_to_the_dimension_line_saying_the_same_3_ft(app: App) -> None:
    """Issue 22 ("two "3 ft" tags stand side by side at the brawl table"): the guard on the floor judged against
    the brawler on the 3-ft table: the dimension line's tag reads "3 ft" and the table border's own "3 ft" tag is
    hidden; Escape drops the verdict and the border's tag comes back."""
    app.load_scenario("table-top-brawl.json")
    page = app.page
    border_tag = page.locator("#labels .border-mark[data-border='floor|table']")
    expect(border_tag).to_be_visible()
    app.tap("guard")
    app.tap("brawler")
    expect(page.locator("#overlay .levels-dimension .levels-dimension-label")).to_have_text("3 ft")
    expect(border_tag).to_have_class("px border-mark given-way")
    expect(border_tag).to_be_hidden()
    page.keyboard.press("Escape")
    expect(border_tag).to_be_visible()


def test_g3_the_sentry_is_drawn_lying_at_the_wall_top_edge(app: App) -> None:
    """G3 (the upper fighter lies down at the edge), issue 22 ("the lying-down position is not drawn"): with
    "Upper fighter lies down" on, the sentry is drawn lying along the wall top and its standing figure faint
    (opacity 0.3); pressed again, it stands up and both go."""
    app.load_scenario("ogre-at-the-wall.json")
    page = app.page
    app.tap("ogre")
    app.tap("sentry")
    page.click("#panel [data-action='strange']")
    expect(page.locator("#overlay .lying-down[data-fighter='sentry']")).to_have_count(1)
    sentry = app.fighter("sentry")
    expect(sentry).to_have_class("fighter figure lying")
    assert sentry.locator(".figure-body").evaluate("e => getComputedStyle(e).opacity") == "0.3"
    page.click("#panel [data-action='strange']")
    expect(page.locator("#overlay .lying-down")).to_have_count(0)
    expect(sentry).to_have_class("fighter figure")


STATUS_LINES = """() => { window.__lines = []; new MutationObserver(() => {
  const t = document.querySelector('#status').textContent; if (window.__lines.at(-1) !== t) window.__lines.push(t); })
  .observe(document.querySelector('#status'), {childList: true, characterData: true, subtree: true}); }"""


def test_an_import_goes_in_three_steps_a_frame_apart_and_says_which_step_it_is_on(app: App, tmp_path: Path) -> None:
    """Issue 22 ("importing the largest battlefield the limits allow blocks the page for 1.2-1.5 s"): an import
    reads and checks the file, sets up the table, then draws it, each in a task of its own with a frame drawn
    between them, the status line naming the step ("Importing cliff.json… (step 2 of 3: setting up the table)"),
    and the picker, Load and Import off meanwhile; each step leaves a performance measure."""
    page = app.page
    page.evaluate(STATUS_LINES)
    path = tmp_path / "cliff.json"
    path.write_text((ROOT / "static" / "scenarios" / "cliff.json").read_text(), encoding="utf-8")
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#status")).to_contain_text("Imported “The cliff”")
    assert page.evaluate("window.__lines") == [
        "Importing cliff.json… (step 1 of 3: reading and checking the file)",
        "Importing cliff.json… (step 2 of 3: setting up the table)",
        "Importing cliff.json… (step 3 of 3: drawing the battlefield)",
        "Imported “The cliff”. Undo brings back the previous battlefield.",
    ]
    assert page.evaluate("performance.getEntriesByType('measure').map((m) => m.name)"
                         ".filter((n) => n.startsWith('vertigo import'))") == [
        "vertigo import: 1 parse and validate", "vertigo import: 2 build the table and its drawing",
        "vertigo import: 3 draw: controller and DOM"]
    for control in ("#import-file", "#load", "#scenario"):
        expect(page.locator(control)).to_be_enabled()
