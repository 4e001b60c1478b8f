"""The battlefield editor in the page (issue 26), end to end in Chromium: the issue's table built from blank by
mouse and then by keyboard only, played one move, exported and imported again; a draft kept over a reload, a second
tab kept out, a draft with a problem never played, a section's fighter asked about before the section goes, and axe
in Edit mode.

Source: issue 26 ("Your own battlefield in five minutes: an editor on the side view that referees as you build"),
Tests and figures: "e2e in Chromium, by mouse and then by keyboard: build this table from blank, play one move on it,
export it, import it again: a street at 0 from 0 to 6; a house's ground floor at 0 from 6 to 14 and its upper floor
a slab at 3 from 6 to 14, joined by a stair at 8; a balcony slab at 3 from 14 to 16; a garden wall section at 2 from
16 to 17; a courtyard at 0 from 17 to 24; a tower at 5 from 24 to 26 with a ladder; a ditch at −2 from 26 to 30; a
far bank at 1 from 30 to 36; six fighters: two on the street, one upstairs, one on the balcony, one in the
courtyard, one on the tower."
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from harness import ROOT, App, open_app, serious_axe_violations

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
STATUS = "#status"
PANEL = "#panel"
FORM_TITLE = "#edit-form-title"

SECTIONS = json.loads((ROOT / "tests" / "issue-26-sections.json").read_text(encoding="utf-8"))
"""The issue's sections as the editor writes them, built the same way by mouse and by keyboard (the Height template's
ground renamed Street, then each added in turn)."""
BORDERS = [
    {"between": ["section-2", "section-3"], "kind": "stair", "x": 8},
    {"between": ["section-6", "section-7"], "kind": "ladder"},
    ["ground", "section-2"],
    ["section-3", "section-4"],
    ["section-4", "section-5"],
    ["section-5", "section-6"],
    ["section-7", "section-8"],
    ["section-8", "section-9"],
]
"""The proposed borders as accepted: the stair and the ladder first (each accepted on its own, then given its kind),
then the other six with Accept all.  The ground floor and the balcony are not proposed: the upper floor meets the
balcony between them."""

# Where a press on a piece lands: a point of the element (inside the side view) that the page answers with it, or
# null (a grip under another, a section hidden behind the zoom bar).
POINT_ON = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const r = el.getBoundingClientRect(), v = document.getElementById('view').getBoundingClientRect();
  const l = Math.max(r.left, v.left), rt = Math.min(r.right, v.right);
  const t = Math.max(r.top, v.top), b = Math.min(r.bottom, v.bottom);
  for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    const x = l + (rt - l) * fx, y = t + (b - t) * fy, hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return {x, y};
  }
  return null;
}"""
# CSS px per scenario unit across and per Height level up on the side view now (its matrix; data-per-unit and
# data-level: SVG units per unit and per level).
SCALE = """() => {
  const svg = document.querySelector('#view svg'), m = svg.getScreenCTM();
  const per = +svg.dataset.perUnit || 1, level = +svg.dataset.level || per;
  return {across: m.a * per, up: m.d * level};
}"""
FOCUSED = "(sel) => !!document.activeElement && document.activeElement.matches(sel)"


# -- helpers --------------------------------------------------------------------------------------------------


def said(page: Page, status: str) -> None:
    """The status line says ``status`` (each editor event writes it last: the view and the panel are written)."""
    expect(page.locator(STATUS)).to_have_text(status)


def draft(page: Page) -> dict[str, Any]:
    """The draft kept on this device (IndexedDB, ``static/edit.js``).  Read after the event that changed it
    (:func:`said`): its save's transaction was opened then, and IndexedDB runs a later read after it."""
    expect(page.locator("[data-testid=draft-note]")).to_have_text("Draft saved on this device.")
    text = page.evaluate("vertigoEdit.loadDraft()")
    assert isinstance(text, str)
    return json.loads(text)  # type: ignore[no-any-return]


def drag(page: Page, selector: str, across: float, up: float) -> None:
    """A real mouse drag of the element at ``selector`` in the side view by ``across`` scenario units and ``up``
    Height levels (page.mouse down, moves, up: Pointer Events), from a point of it the page answers with it."""
    at = page.evaluate(POINT_ON, selector)
    assert at, f"nothing of {selector} to press in the side view"
    scale = page.evaluate(SCALE)
    to_x, to_y = at["x"] + across * scale["across"], at["y"] - up * scale["up"]
    page.mouse.move(at["x"], at["y"])
    page.mouse.down()
    page.mouse.move((at["x"] + to_x) / 2, (at["y"] + to_y) / 2, steps=3)
    page.mouse.move(to_x, to_y, steps=3)
    page.mouse.up()


def grip(page: Page, which: str, across: float, up: float) -> None:
    """Drag the selected section's grip ``x0``, ``x1`` (its ends) or ``y`` (its elevation)."""
    drag(page, f"#view .grip[data-grip={which}]", across, up)


def field(page: Page, key: str, piece: str):  # type: ignore[no-untyped-def]
    """The form's field ``key`` of ``piece`` (``"section:ground"``)."""
    return page.locator(f"{PANEL} [data-edit='{key}'][data-piece='{piece}']")


def click_add(page: Page, what: str) -> None:
    page.locator(f"{PANEL} [data-action=edit-add][data-arg='{what}']").click()


def export(page: Page, tmp: Path, name: str, keyboard: bool = False) -> tuple[Path, dict[str, Any]]:
    """Export the table in play — a click on the toolbar's Export, or with ``keyboard`` Tab to the toolbar, → to
    Export and Enter — and the file it downloads, kept as ``tmp / name``."""
    with page.expect_download() as info:
        if keyboard:
            toolbar_to(page, "export")
            keys(page, "Enter")
        else:
            page.locator("#export").click()
    path = tmp / name
    info.value.save_as(path)
    return path, json.loads(path.read_text(encoding="utf-8"))


def import_again(page: Page, path: Path, tmp: Path, keyboard: bool = False) -> dict[str, Any]:
    """Import ``path`` (the file chooser's input), then Export again: the imported battlefield as the page holds
    it."""
    page.locator("#import-file").set_input_files(str(path))
    said(page, "Imported “New battlefield”. Undo brings back the previous battlefield.")
    return export(page, tmp, "again.json", keyboard)[1]


def tab_to(page: Page, selector: str, back: bool = False, limit: int = 80) -> None:
    """Tab (or Shift+Tab) until the element at ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate(FOCUSED, selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{limit} × {'Shift+Tab' if back else 'Tab'} never reached {selector}")


def keys(page: Page, *presses: str) -> None:
    for key in presses:
        page.keyboard.press(key)


def toolbar_to(page: Page, control: str) -> None:
    """Tab to the toolbar (one Tab stop), then ←/→ along it to ``control``."""
    tab_to(page, ".bar #scenario, .bar #load, .bar #undo, .bar #export, .bar #import-file, .bar #edit, "
                 ".bar #hide-seed", back=True)
    for key in ("ArrowRight",) * 8 + ("ArrowLeft",) * 8:
        if page.evaluate(FOCUSED, f"#{control}"):
            return
        keys(page, key)
    expect(page.locator(f"#{control}")).to_be_focused()


def start_blank(page: Page) -> None:
    """Edit, then the blank battlefield in Height levels, by mouse."""
    page.locator("#edit").click()
    page.locator(f"{PANEL} [data-action=edit-start][data-arg='template:blank-height']").click()
    said(page, "Editing: click a piece to select it, drag it to move it; the keys are listed in the panel.")
    expect(page.locator("body")).to_have_class("editing")


# -- 1. by mouse ----------------------------------------------------------------------------------------------


def build_by_mouse(app: App) -> None:
    """The issue's sections from the blank Height battlefield by mouse: the Add buttons, clicks to select, drags of
    sections and grips for every end and elevation; names typed."""
    page = app.page
    app.section("ground").click()
    said(page, "Section Ground selected.")
    field(page, "name", "section:ground").fill("Street")
    said(page, "Name of Section Ground.")
    grip(page, "x1", -6, 0)                                       # 0–12 → 0–6
    said(page, "Resize Section Street.")
    steps: list[tuple[str, str, list[tuple[str, float, float, str]]]] = [
        # (Add what, name, [(grip or "section", across, up, status)])
        ("ground", "Ground floor", [("x1", 5, 0, "Resize")]),                          # 6–9 → 6–14
        ("slab", "Upper floor", [("y", 0, 1, "Move")]),                                # over it at 2 → 3
        ("slab", "Balcony", [("section", 8, -2, "Move"), ("x1", -6, 0, "Resize")]),    # 6–14 at 5 → 14–16 at 3
        ("ground", "Garden wall", [("x1", -2, 0, "Resize"), ("y", 0, 2, "Move")]),     # 16–19 → 16–17 at 2
        ("ground", "Courtyard", [("x1", 4, 0, "Resize")]),                             # 17–20 → 17–24
        ("ground", "Tower", [("x1", -1, 0, "Resize"), ("y", 0, 5, "Move")]),           # 24–27 → 24–26 at 5
        ("ground", "Ditch", [("x1", 1, 0, "Resize"), ("y", 0, -2, "Move")]),           # 26–29 → 26–30 at −2
        ("ground", "Far bank", [("x1", 3, 0, "Resize"), ("y", 0, 1, "Move")]),         # 30–33 → 30–36 at 1
    ]
    for n, (what, name, moves) in enumerate(steps, start=2):
        sid = f"section-{n}"
        click_add(page, what)
        said(page, f"Add {what} section.")
        expect(page.locator(FORM_TITLE)).to_have_text(f"Section {n}")
        field(page, "name", f"section:{sid}").fill(name)
        said(page, f"Name of Section {n}.")
        for which, across, up, verb in moves:
            if which == "section":
                drag(page, f"#view #section-{sid}", across, up)
            else:
                grip(page, which, across, up)
            said(page, f"{verb} Section {name}.")
    assert draft(page)["sections"] == SECTIONS


def borders_by_mouse(page: Page) -> None:
    """The stair and the ladder accepted one by one and given their kinds, then the rest with Accept all."""
    page.locator(f"{PANEL} [data-action=edit-accept][data-arg='section-2|section-3']").click()
    said(page, "Add border section-2 – section-3.")
    expect(page.locator(FORM_TITLE)).to_have_text("Border Ground floor – Upper floor")
    field(page, "kind", "border:0").select_option("stair")
    said(page, "Kind of Border Ground floor – Upper floor.")
    # Typed: a border has no grip to drag (its x is where its sections meet until one is written).
    field(page, "x", "border:0").fill("8")
    said(page, "Across of Border Ground floor – Upper floor.")
    page.locator(f"{PANEL} [data-action=edit-accept][data-arg='section-6|section-7']").click()
    expect(page.locator(FORM_TITLE)).to_have_text("Border Courtyard – Tower")
    field(page, "kind", "border:1").select_option("ladder")
    said(page, "Kind of Border Courtyard – Tower.")
    page.get_by_role("button", name="Accept all 6 proposed borders").click()
    said(page, "Add 6 proposed borders.")
    expect(page.locator("[data-testid=edit-proposals]")).to_have_count(0)
    assert draft(page)["borders"] == BORDERS


def fighters_by_mouse(app: App) -> None:
    """Six fighters added with Add fighter on a section clicked, two of them dragged: Ash along the street to 1,
    Eli from the street into the courtyard at 20; Ash given the Move entry "Move 2" (typed: a list of entries has
    nothing to drag)."""
    page = app.page
    app.section("ground").click()
    said(page, "Section Street selected.")
    for n, name, on in ((1, "Ash", None), (2, "Bex", None), (3, "Eli", None), (4, "Cai", "section-3"),
                        (5, "Dov", "section-4"), (6, "Fen", "section-7")):
        if on:
            app.section(on).click()
            said(page, f"Section {next(s['name'] for s in SECTIONS if s['id'] == on)} selected.")
        click_add(page, "fighter")
        said(page, "Add fighter.")
        fid = f"fighter-{n}"
        field(page, "name", f"fighter:{fid}").fill(name)
        said(page, f"Name of Fighter {n}.")
        if name == "Ash":
            field(page, "moves", f"fighter:{fid}").fill("Move 2")
            said(page, "Move entries of Fighter Ash.")
            drag(page, f"#view #fighter-{fid}", -2, 0)
            said(page, "Move Fighter Ash.")
        if name == "Eli":
            drag(page, f"#view #fighter-{fid}", 17, 0)
            said(page, "Move Fighter Eli.")
    assert draft(page)["fighters"] == [
        {"id": "fighter-1", "name": "Ash", "side": "A", "section": "ground", "x": 1, "moves": ["Move 2"]},
        {"id": "fighter-2", "name": "Bex", "side": "A", "section": "ground"},
        {"id": "fighter-3", "name": "Eli", "side": "A", "section": "section-6", "x": 20},
        {"id": "fighter-4", "name": "Cai", "side": "A", "section": "section-3"},
        {"id": "fighter-5", "name": "Dov", "side": "A", "section": "section-4"},
        {"id": "fighter-6", "name": "Fen", "side": "A", "section": "section-7"},
    ]


def test_the_issue_table_built_by_mouse_is_played_one_move_exported_and_imported_again(
        app: App, tmp_path: Path) -> None:
    """Issue 26, Tests: "e2e in Chromium, by mouse …: build this table from blank, play one move on it, export it,
    import it again" — Edit, the blank Height battlefield, every section added with the panel's buttons and set by
    dragging it and its grips, the proposed borders accepted (the stair at 8, the ladder), six fighters (two
    dragged); Play this battlefield; Ash walks from the street into the ground floor with Move 2; Export, Import the
    file, and the same sections, borders and fighters come back."""
    page = app.page
    start_blank(page)
    build_by_mouse(app)
    borders_by_mouse(page)
    fighters_by_mouse(app)
    page.get_by_role("button", name="Play this battlefield").click()
    said(page, "Playing the edited battlefield “New battlefield”. Undo brings back the previous battlefield.")
    expect(page.locator("body")).not_to_have_class("editing")
    app.tap("fighter-1")
    said(page, "Ash selected on Street: Move 2.")
    entry = page.locator(f"{PANEL} [data-action=entry][data-arg='0']")
    entry.click()
    expect(entry).to_have_attribute("aria-pressed", "true")
    app.section("section-2").click()
    said(page, "Move to Ground floor: Allowed.")
    page.get_by_role("button", name="Confirm move", exact=True).click()
    said(page, "Ash moved.")
    expect(page.locator("#log > li .log-text").last).to_have_text("Ash: Street → Ground floor with Move 2 — moved")
    path, exported = export(page, tmp_path, "exported.json")
    assert (exported["sections"], exported["borders"]) == (SECTIONS, BORDERS)
    assert [(f["name"], f["section"], f.get("x")) for f in exported["fighters"]] == [
        ("Ash", "section-2", 10), ("Bex", "ground", None), ("Eli", "section-6", 20), ("Cai", "section-3", None),
        ("Dov", "section-4", None), ("Fen", "section-7", None)]
    again = import_again(page, path, tmp_path)
    assert {k: again[k] for k in ("sections", "borders", "fighters")} == {
        k: exported[k] for k in ("sections", "borders", "fighters")}


# -- 2. by keyboard -------------------------------------------------------------------------------------------


def type_into(page: Page, key: str, piece: str, text: str, back: bool = False) -> None:
    """Tab to a form field, select what it holds (Ctrl+A) and type ``text``."""
    tab_to(page, f"{PANEL} [data-edit='{key}'][data-piece='{piece}']", back)
    keys(page, "Control+a")
    page.keyboard.type(text)


def press_button(page: Page, action: str, arg: str | None = None, back: bool = False) -> None:
    """Tab to a panel button (``data-action``, ``data-arg``) and press Enter on it."""
    tab_to(page, f"{PANEL} [data-action='{action}']" + (f"[data-arg='{arg}']" if arg else ""), back)
    keys(page, "Enter")


def piece(page: Page, element_id: str, back: bool = True) -> None:
    """Tab to a piece of the side view (``section-ground``, ``fighter-fighter-1``) and select it with Enter."""
    tab_to(page, f"#view #{element_id}", back)
    keys(page, "Enter")


def add_by_keyboard(page: Page, what: str, n: int, name: str) -> str:
    """Shift+Tab back to Add ``what``, Enter; Tab on to the new section's Name and type it; its id."""
    press_button(page, "edit-add", what, back=True)
    said(page, f"Add {what} section.")
    sid = f"section-{n}"
    type_into(page, "name", f"section:{sid}", name)
    expect(page.locator(FORM_TITLE)).to_have_text(f"Section {name}")  # the status names it as it was a key ago
    return sid


def build_by_keyboard(page: Page) -> None:
    """The issue's sections by keyboard only: Enter on the Add buttons, ends and elevations typed into the form
    or set with Shift+arrows and PageUp/PageDown on the focused section; S, Ctrl+Z, Ctrl+Shift+Z and Delete on the
    way."""
    piece(page, "section-ground")
    said(page, "Section Ground selected.")
    keys(page, *["Shift+ArrowLeft"] * 6)                          # 0–12 → 0–6
    said(page, "Resize Section Ground.")
    expect(page.locator("#view #section-ground")).to_be_focused()  # the focused piece keeps the focus
    type_into(page, "name", "section:ground", "Street")
    expect(page.locator(FORM_TITLE)).to_have_text("Section Street")
    sid = add_by_keyboard(page, "ground", 2, "Ground floor")      # 6–9
    type_into(page, "x1", f"section:{sid}", "14")
    said(page, "Right end of Section Ground floor.")
    press_button(page, "edit-add", "slab", back=True)              # over the ground floor, 2 up
    said(page, "Add slab section.")
    tab_to(page, "#view #section-section-3", back=True)
    keys(page, "PageUp")                                          # at 3
    said(page, "Move Section 3.")
    type_into(page, "name", "section:section-3", "Upper floor")
    expect(page.locator(FORM_TITLE)).to_have_text("Section Upper floor")
    sid = add_by_keyboard(page, "slab", 4, "Balcony")            # over the upper floor: 6–14 at 5
    type_into(page, "x1", f"section:{sid}", "16")
    type_into(page, "x0", f"section:{sid}", "14", back=True)
    type_into(page, "elevation", f"section:{sid}", "3")
    said(page, "Elevation of Section Balcony.")
    sid = add_by_keyboard(page, "ground", 5, "Garden wall")      # 16–19
    tab_to(page, f"#view #section-{sid}", back=True)
    keys(page, "Shift+ArrowLeft", "Shift+ArrowLeft", "PageUp", "PageUp")  # 16–17 at 2
    said(page, "Move Section Garden wall.")
    keys(page, "s")
    said(page, "Snapping off.")
    keys(page, "s")
    said(page, "Snapping on, every 1 Height level.")
    keys(page, "Control+z")
    said(page, "Undone: Move Section Garden wall.")
    expect(page.locator("#view #section-section-5")).to_have_attribute("aria-label", "Section Garden wall, Height 1")
    keys(page, "Control+Shift+Z")
    said(page, "Redone: Move Section Garden wall.")
    expect(page.locator("#view #section-section-5")).to_have_attribute("aria-label", "Section Garden wall, Height 2")
    sid = add_by_keyboard(page, "ground", 6, "Courtyard")        # 17–20
    type_into(page, "x1", f"section:{sid}", "24")
    sid = add_by_keyboard(page, "ground", 7, "Tower")            # 24–27
    type_into(page, "elevation", f"section:{sid}", "5")
    tab_to(page, f"#view #section-{sid}", back=True)
    keys(page, "Shift+ArrowLeft")                                  # 24–26
    said(page, "Resize Section Tower.")
    sid = add_by_keyboard(page, "ground", 8, "Ditch")            # 26–29
    tab_to(page, f"#view #section-{sid}", back=True)
    keys(page, "Shift+ArrowRight", "PageDown", "PageDown")        # 26–30 at −2
    said(page, "Move Section Ditch.")
    sid = add_by_keyboard(page, "ground", 9, "Far bank")         # 30–33
    type_into(page, "x1", f"section:{sid}", "36")
    tab_to(page, f"#view #section-{sid}", back=True)
    keys(page, "PageUp")                                          # at 1
    said(page, "Move Section Far bank.")
    press_button(page, "edit-add", "ground")                       # one too many …
    said(page, "Add ground section.")
    tab_to(page, "#view #section-section-10", back=True)
    keys(page, "Delete")                                          # … and Delete takes it away
    said(page, "Delete Section 10.")
    assert draft(page)["sections"] == SECTIONS


def borders_by_keyboard(page: Page) -> None:
    """The stair and the ladder accepted with Enter, their kinds chosen with ↓ in the Kind field and the stair's x
    typed; Enter on Accept all."""
    press_button(page, "edit-accept", "section-2|section-3")
    said(page, "Add border section-2 – section-3.")
    tab_to(page, f"{PANEL} [data-edit=kind][data-piece='border:0']")
    keys(page, "ArrowDown")                                       # (default) → stair
    said(page, "Kind of Border Ground floor – Upper floor.")
    type_into(page, "x", "border:0", "8")
    said(page, "Across of Border Ground floor – Upper floor.")
    press_button(page, "edit-accept", "section-6|section-7")
    said(page, "Add border section-6 – section-7.")
    tab_to(page, f"{PANEL} [data-edit=kind][data-piece='border:1']")
    keys(page, "ArrowDown", "ArrowDown")                          # (default) → stair → ladder
    expect(field(page, "kind", "border:1")).to_have_value("ladder")
    press_button(page, "edit-accept-all")
    said(page, "Add 6 proposed borders.")
    assert draft(page)["borders"] == BORDERS


def fighters_by_keyboard(page: Page) -> None:
    """Six fighters: Enter on a section, Enter on Add fighter, the name typed; Ash moved along the street with ←,
    Cai carried up from the ground floor with ↑, Eli put in the courtyard with its Section field."""
    piece(page, "section-ground")
    for n, name in enumerate(("Ash", "Bex", "Eli"), start=1):
        press_button(page, "edit-add", "fighter", back=n > 1)
        said(page, "Add fighter.")
        type_into(page, "name", f"fighter:fighter-{n}", name)
        expect(page.locator(FORM_TITLE)).to_have_text(f"Fighter {name}")
    tab_to(page, f"{PANEL} [data-edit=section][data-piece='fighter:fighter-3']")
    keys(page, *["ArrowDown"] * 5)                                # Street → … → Courtyard
    said(page, "Section of Fighter Eli.")
    expect(field(page, "section", "fighter:fighter-3")).to_have_value("section-6")
    piece(page, "fighter-fighter-1")
    type_into(page, "moves", "fighter:fighter-1", "Move 2")
    said(page, "Move entries of Fighter Ash.")
    tab_to(page, "#view #fighter-fighter-1", back=True)
    keys(page, "ArrowLeft", "ArrowLeft")                          # at 1 of the street
    said(page, "Move Fighter Ash.")
    for n, name, on in ((4, "Cai", "section-2"), (5, "Dov", "section-4"), (6, "Fen", "section-7")):
        piece(page, f"section-{on}")
        press_button(page, "edit-add", "fighter")
        said(page, "Add fighter.")
        type_into(page, "name", f"fighter:fighter-{n}", name)
        expect(page.locator(FORM_TITLE)).to_have_text(f"Fighter {name}")
    tab_to(page, "#view #fighter-fighter-4", back=True)
    keys(page, "ArrowUp")                                         # Cai: the ground floor → upstairs
    said(page, "Move Fighter Cai.")
    assert [(f["name"], f["section"], f.get("x")) for f in draft(page)["fighters"]] == [
        ("Ash", "ground", 1), ("Bex", "ground", None), ("Eli", "section-6", None), ("Cai", "section-3", 10),
        ("Dov", "section-4", None), ("Fen", "section-7", None)]


def test_the_issue_table_built_by_keyboard_only_is_played_one_move_exported_and_imported_again(
        app: App, tmp_path: Path) -> None:
    """Issue 26, Tests: "e2e in Chromium … by keyboard: build this table from blank, play one move on it, export
    it, import it again", and "Everything in the editor works from the keyboard": Tab and Enter to Edit and the
    blank Height battlefield; the Add buttons with Enter; ends and elevations typed into the form or set with
    Shift+arrows and PageUp/PageDown on the focused section; S, Ctrl+Z, Ctrl+Shift+Z and Delete; borders and
    fighters likewise; then a move as the page's keys line says (Tab to the battlefield, ←/→ pick a fighter, Enter
    selects, ←/→ pick where it goes, Enter judges, Enter again confirms); Enter on Export; the file imported, the
    same sections, borders and fighters."""
    page = app.page
    keys(page, "Tab")
    toolbar_to(page, "edit")
    keys(page, "Enter")
    said(page, "Edit mode: choose what to start from.")
    press_button(page, "edit-start", "template:blank-height")
    said(page, "Editing: click a piece to select it, drag it to move it; the keys are listed in the panel.")
    build_by_keyboard(page)
    borders_by_keyboard(page)
    fighters_by_keyboard(page)
    press_button(page, "edit-done")
    said(page, "Playing the edited battlefield “New battlefield”. Undo brings back the previous battlefield.")
    expect(page.locator("#keys")).to_contain_text("Tab to the battlefield; ←/→ pick a fighter")
    tab_to(page, "#view [data-fighter]")
    for _ in range(8):
        if page.evaluate(FOCUSED, "#fighter-fighter-1"):
            break
        keys(page, "ArrowLeft")
    keys(page, "Enter")
    said(page, "Ash selected on Street: Move 2.")
    keys(page, "ArrowRight")
    expect(page.locator("#view #section-section-2")).to_be_focused()
    keys(page, "Enter")
    said(page, "Move to Ground floor: Allowed. Enter again to confirm.")
    keys(page, "Enter")
    said(page, "Ash moved.")
    path, exported = export(page, tmp_path, "exported.json", keyboard=True)
    assert (exported["sections"], exported["borders"]) == (SECTIONS, BORDERS)
    assert [(f["name"], f["section"], f.get("x")) for f in exported["fighters"]] == [
        ("Ash", "section-2", None), ("Bex", "ground", None), ("Eli", "section-6", None), ("Cai", "section-3", 10),
        ("Dov", "section-4", None), ("Fen", "section-7", None)]
    again = import_again(page, path, tmp_path, keyboard=True)
    assert {k: again[k] for k in ("sections", "borders", "fighters")} == {
        k: exported[k] for k in ("sections", "borders", "fighters")}


# -- 3. drafts, tabs, problems, deletions, axe ----------------------------------------------------------------


def click_piece(page: Page, selector: str) -> None:
    """A real click on a point of a piece of the side view that the page answers with it (not a fighter over it)."""
    at = page.evaluate(POINT_ON, selector)
    assert at, f"nothing of {selector} to click in the side view"
    page.mouse.click(at["x"], at["y"])


def test_a_draft_survives_a_reload_and_a_second_tab_is_told_another_tab_is_editing(
        app: App, context: BrowserContext, site_url: str) -> None:
    """Issue 26: "Nothing is lost on reload: the draft is kept in IndexedDB" and "A second tab opening the editor
    says another tab is editing": a second page of the same browser pressing Edit is told so and stays out of Edit
    mode; the first, reloaded mid-edit, offers "Resume the draft" on Edit, and resumes the same draft."""
    page = app.page
    start_blank(page)
    app.section("ground").click()
    field(page, "name", "section:ground").fill("Kept street")
    said(page, "Name of Section Ground.")
    click_add(page, "slab")
    said(page, "Add slab section.")
    kept = draft(page)
    assert kept["sections"] == [{"id": "ground", "name": "Kept street", "elevation": 0, "x": [0, 12]},
                                {"id": "section-2", "name": "Section 2", "elevation": 2, "x": [0, 12], "kind": "slab"}]
    other = open_app(context, site_url)
    other.page.locator("#edit").click()
    said(other.page, "Another tab is editing a battlefield: finish there, or close that tab, then press Edit again.")
    expect(other.page.locator("body")).not_to_have_class("editing")
    expect(other.page.locator("#edit")).to_have_attribute("aria-pressed", "false")
    expect(other.page.locator("[data-testid=edit-start]")).to_have_count(0)
    assert other.watch.problems == []
    other.page.close()
    app.reload()
    page.locator("#edit").click()
    resume = page.get_by_role("button", name="Resume the draft")
    expect(resume).to_be_focused()
    resume.click()
    said(page, "Editing: click a piece to select it, drag it to move it; the keys are listed in the panel.")
    expect(page.locator("#view #section-ground")).to_have_attribute("aria-label", "Section Kept street, Height 0")
    expect(page.locator("#view #section-section-2")).to_have_attribute("aria-label", "Section Section 2, Height 2")
    assert draft(page) == kept


def test_leaving_with_a_problem_lists_it_as_a_link_to_its_piece_and_does_not_play(app: App) -> None:
    """Issue 26: "Leaving Edit mode runs the full check and never puts an invalid battlefield in play; the problems
    are listed, each a link to its piece", with "the importer's own messages at their place": an elevation typed
    "abc" is the importer's message at the field; Play this battlefield says it is not played and lists it; the
    link selects the section again.  Axe finds nothing serious on the start panel and with the problem shown."""
    page = app.page
    page.locator("#edit").click()
    expect(page.locator("[data-testid=edit-start]")).to_be_visible()
    assert serious_axe_violations(page, AXE) == []
    page.locator(f"{PANEL} [data-action=edit-start][data-arg='template:blank-height']").click()
    said(page, "Editing: click a piece to select it, drag it to move it; the keys are listed in the panel.")
    click_add(page, "ground")
    said(page, "Add ground section.")
    elevation = field(page, "elevation", "section:section-2")
    elevation.fill("abc")
    said(page, "Elevation of Section 2. Section 2 is not drawn while it has a problem (listed under Problems).")
    message = 'must be a number from -1000 to 1000: "abc"'
    expect(elevation).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#problem-elevation")).to_have_text(message)
    app.section("ground").click()
    said(page, "Section Ground selected.")
    page.get_by_role("button", name="Play this battlefield").click()
    said(page, "Not played: 1 problem to mend first, each listed with a link to its piece.")
    link = page.locator("[data-testid=edit-problems] [data-action=edit-go]")
    expect(link).to_have_text([f"sections[1].elevation: {message}"])
    expect(link).to_be_focused()
    expect(page.locator("body")).to_have_class("editing")
    expect(page.locator("#view #edit-marks")).to_have_count(1)   # the editor's drawing, not the table in play
    assert serious_axe_violations(page, AXE) == []
    link.click()
    said(page, "Section 2 selected. Section 2 is not drawn while it has a problem (listed under Problems).")
    expect(page.locator(FORM_TITLE)).to_have_text("Section 2")
    expect(field(page, "elevation", "section:section-2")).to_have_value("abc")
    expect(field(page, "elevation", "section:section-2")).to_be_focused()  # on to the field the problem is at
    page.get_by_role("button", name="Back to the table in play").click()
    expect(page.locator("body")).not_to_have_class("editing")
    expect(page.locator("#view #section-section-2")).to_have_count(0)
    expect(page.locator("#scenario")).to_have_value("four-shots.json")


def test_deleting_a_section_a_fighter_stands_on_asks_and_moves_it_to_the_surface_below(app: App) -> None:
    """Issue 26: "Deleting a section that a fighter stands on asks what to do: move the fighter to the surface
    below, or delete it too. No fighter is left floating without a word": a slab over the ground with a fighter on
    it; Delete asks, naming the fighter, with the focus on "Move them to the surface below"; that answer leaves the
    fighter on the ground.  Axe finds nothing serious in Edit mode with a section selected (its outline and grips),
    a proposed border listed and the question asked, nor with Escape pressed in a field."""
    page = app.page
    start_blank(page)
    app.section("ground").click()
    click_add(page, "slab")
    said(page, "Add slab section.")
    click_add(page, "fighter")
    said(page, "Add fighter.")
    assert draft(page)["fighters"] == [{"id": "fighter-1", "name": "Fighter 1", "side": "A", "section": "section-2"}]
    click_piece(page, "#view #section-section-2")
    said(page, "Section 2 selected.")
    expect(page.locator("#view .grip")).to_have_count(3)
    expect(page.locator("[data-testid=edit-proposals] li")).to_have_text(
        ["Ground – Section 2: stacked over x 0–12AcceptRefuse"])
    assert serious_axe_violations(page, AXE) == []
    page.get_by_role("button", name="Delete Section 2").click()
    said(page, "Section 2 has fighters on it: move them to the surface below, or delete them too?")
    question = page.locator("[data-testid=edit-delete-question]")
    expect(question.locator("[role=alert]")).to_have_text("Fighter 1 stands on it. What becomes of it?")
    below = question.get_by_role("button", name="Move them to the surface below")
    expect(below).to_be_focused()
    assert serious_axe_violations(page, AXE) == []
    below.click()
    said(page, "Delete Section 2.")
    kept = draft(page)
    assert kept["sections"] == [{"id": "ground", "name": "Ground", "elevation": 0, "x": [0, 12]}]
    assert kept["fighters"] == [{"id": "fighter-1", "name": "Fighter 1", "side": "A", "section": "ground", "x": 6}]
    expect(page.locator("#view #fighter-fighter-1")).to_have_attribute("aria-label", "Fighter 1 (A) on Ground")
    click_piece(page, "#view #fighter-fighter-1")
    field(page, "name", "fighter:fighter-1").focus()
    page.keyboard.press("Escape")                      # selects nothing; the focus goes back to the fighter
    said(page, "Nothing selected: the form is the battlefield's.")
    expect(page.locator("#view #fighter-fighter-1")).to_be_focused()
    expect(page.locator(FORM_TITLE)).to_have_text("Battlefield")
