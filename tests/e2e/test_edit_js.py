"""``static/edit.js`` alone, in Chromium: the editor's drags on the side view, its draft in IndexedDB and its one-tab
lock, on a small page of its own (the page's view mechanics — ``static/view.js`` and the pinned zoom library — and a
hand-written drawing; no Python).

Source: issue 26 ("Drags: during a drag only the dragged piece moves, in the page's JavaScript, at display rate ...
Keep ``@panzoom/panzoom`` for zoom and pan; drags use Pointer Events"; "Nothing is lost on reload: the draft is kept
in IndexedDB ... A draft that cannot be saved says so at once. A second tab opening the editor says another tab is
editing.").
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from harness import ROOT, serving

# A drawing as the renderer writes one (py/vertigo_view/side_view.py), cut down: feet at 10 SVG units a foot, a snap
# of 1 ft.  A street (ground, 0 to 6 ft), a roof (a slab at 3 ft over 10 to 16 ft, with its tap region) and its
# grips — x0 drawn as a marker (a pin and its .px group), x1 as py/vertigo_view/edit_marks.py draws them (a rect sized
# in CSS px by --k and --ky in its style), y as a marker — and a fighter standing on the street at 3 ft (its token's
# pin and its foot mark's pin).
DRAWING = """
<svg xmlns="http://www.w3.org/2000/svg" class="side-view" viewBox="-20 -80 220 110" preserveAspectRatio="xMidYMax meet"
     data-units="feet" data-per-unit="10" data-min-unit-px="4" data-snap="1">
  <rect class="sky" x="-900" y="-900" width="2000" height="2000"/>
  <g id="terrain">
    <g id="section-street" class="section ground" data-section="street" role="button" tabindex="0" aria-label="Street">
      <rect class="body" x="0" y="0" width="60" height="30" style="fill: #7a6"/></g>
    <g id="section-roof" class="section slab" data-section="roof" role="button" tabindex="0" aria-label="Roof">
      <rect class="body" x="100" y="-30" width="60" height="4"/></g>
  </g>
  <g id="taps"><g class="pin tap" transform="translate(130 -30)" data-section="roof" data-box="100 -30 60 4">
    <g class="px tap-region"><rect class="tap-area" x="-12" y="0" width="24" height="24"/></g></g></g>
  <g id="overlay"></g>
  <g id="fighters">
    <g id="fighter-a" class="fighter" data-fighter="a" role="button" tabindex="0" aria-label="Archer">
      <g class="pin" transform="translate(30 0)"><g class="px">
        <rect class="hit" x="-14" y="-31" width="28" height="28"/>
        <circle class="token" cx="0" cy="-17" r="13" fill="#36c"/></g></g>
      <g class="pin" transform="translate(30 0)"><g class="px foot-pin">
        <path class="foot" d="M-4,-3L4,-3L0,2Z"/></g></g>
    </g>
  </g>
  <g id="edit-marks" class="edit-marks">
    <rect class="edit-selected" x="100" y="-30" width="60" height="4"/>
    <g class="pin" transform="translate(100 -28)"><g class="px">
      <rect class="grip" data-grip="x0" data-section="roof" x="-12" y="-12" width="24" height="24"/></g></g>
    <rect class="grip" data-grip="x1" data-section="roof" x="148" y="-44" width="24" height="32"
          style="x: calc(160px - 12px * var(--k, 1)); y: calc(-28px - 16px * var(--ky, var(--k, 1)));
                 width: calc(24px * var(--k, 1)); height: calc(32px * var(--ky, var(--k, 1)))"/>
    <g class="pin" transform="translate(130 -30)"><g class="px">
      <rect class="grip" data-grip="y" data-section="roof" x="-12" y="-24" width="24" height="24"/></g></g>
  </g>
</svg>
"""

PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>edit.js</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="style.css"></head>
<body data-ready="true">
<main><section class="view-wrap" aria-label="Side view">
  <div class="view-port"><div id="view" class="view">{DRAWING}</div>
    <div class="view-proxy" aria-hidden="true"></div></div>
  <div class="zoom-bar"><button type="button" id="zoom-out">-</button><button type="button" id="zoom-in">+</button>
    <button type="button" id="zoom-fit">Fit</button><span id="zoom-level"></span></div>
</section><aside class="side"><div id="panel" class="panel"></div></aside></main>
<button type="button" id="edit" aria-pressed="false">Edit</button>
<script src="panzoom.min.js"></script><script src="view.js"></script><script src="edit.js"></script>
<script>
  // What the page's Python would hear: drops (and the moved piece's transform then: this handler draws nothing
  // again, so the piece goes back after it), clicks on the side view (py/app.py, on_view_click), Escape.
  window.drops = []; window.shown = []; window.clicks = []; window.escapes = 0;
  vertigoEdit.onDrop = (...args) => {{
    drops.push(args);
    const el = document.querySelector("#view .dragging");
    shown.push((el.closest(".px") ? el.closest(".pin") : el).getAttribute("transform"));
  }};
  document.getElementById("view").addEventListener("click", (e) => {{
    const el = e.target.closest("[data-fighter],[data-section]");
    clicks.push(el ? el.id : "sky");
  }});
  document.body.addEventListener("keydown", (e) => {{ if (e.key === "Escape") escapes++; }});
</script>
</body></html>
"""

# The middle of an element on screen, and a point of the drawing (SVG user units) on screen.
MIDDLE = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""
AT = """([x, y]) => {
  const svg = document.querySelector('#view svg');
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y];
}"""
# Screen px per SVG user unit, across and up.
PX = "() => { const m = document.querySelector('#view svg').getScreenCTM(); return [m.a, m.d]; }"
PAN = "() => { const p = vertigoView.panzoom().getPan(); return [p.x, p.y]; }"
# The fighter shown 3 ft over and 3 ft up (30 SVG units each way).
MOVED_30_30 = "() => document.querySelector('#fighter-a').getAttribute('transform') === 'translate(30 -30)'"


@pytest.fixture(scope="module")
def url(site_tool: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The test page, with the page's own scripts and style sheet and the pinned zoom library, served on a free port."""
    site_tool.ensure_runtime()
    where: Path = tmp_path_factory.mktemp("edit-js")
    for name in ("edit.js", "view.js", "style.css"):
        shutil.copy(ROOT / "static" / name, where / name)
    shutil.copy(ROOT / "node_modules" / "@panzoom" / "panzoom" / "dist" / "panzoom.min.js", where / "panzoom.min.js")
    (where / "index.html").write_text(PAGE, encoding="utf-8")
    with serving(where) as served:
        yield served


@pytest.fixture
def ctx(browser: Browser) -> Iterator[BrowserContext]:
    c = browser.new_context(viewport={"width": 1000, "height": 700})
    yield c
    c.close()


def open_page(ctx: BrowserContext, url: str, init: str = "") -> Page:
    """A page at the test page; fails its test on a page error or a console error (checked by ``clean``)."""
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors  # type: ignore[attr-defined]
    if init:
        page.add_init_script(init)
    page.goto(url)
    page.wait_for_function("() => window.vertigoEdit && window.vertigoView && vertigoView.panzoom()")
    return page


def clean(page: Page) -> None:
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.fixture
def page(ctx: BrowserContext, url: str) -> Iterator[Page]:
    p = open_page(ctx, url)
    p.evaluate("vertigoEdit.start()")
    yield p
    clean(p)


def drag(page: Page, start: list[float], by: list[float], steps: int = 8, release: bool = True) -> None:
    """Press at ``start`` (client px), move by ``by`` px in ``steps`` moves, release (unless told not to)."""
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + by[0], start[1] + by[1], steps=steps)
    if release:
        page.mouse.up()


def transform(page: Page, sel: str) -> str | None:
    return page.eval_on_selector(sel, "el => el.getAttribute('transform')")  # type: ignore[no-any-return]


def test_a_dragged_fighter_moves_alone_snapped_and_its_drop_is_told_in_feet(page: Page) -> None:
    """A drag of 3.4 ft across and 3.3 ft up shows the fighter 3 ft over and 3 ft up (snap 1 ft) as a transform in SVG
    units, with the view not panned; the drop says 3 and 3, and the drop point from the fighter's feet (x 3 → 6, on
    the street's surface at 0 → 3); the click the release makes is swallowed."""
    px, py = page.evaluate(PX)
    pan = page.evaluate(PAN)
    drag(page, page.evaluate(MIDDLE, "#fighter-a .token"), [34 * px, -33 * py], release=False)
    page.wait_for_function(MOVED_30_30)
    assert page.eval_on_selector("#fighter-a", "el => el.classList.contains('dragging')")
    assert page.evaluate("vertigoEdit.dragging")
    page.mouse.up()
    assert page.evaluate(PAN) == pan
    assert page.evaluate("drops") == [["fighter", "a", "", 3, 3, 6, 3.001]]
    assert page.evaluate("shown") == ["translate(30 -30)"]
    assert page.evaluate("clicks") == []
    assert transform(page, "#fighter-a") is None  # the handler drew nothing: the fighter is back


def test_a_dropped_piece_stays_until_the_handler_is_done(page: Page) -> None:
    """A handler that answers later (a promise) finds the piece where it was dropped until then; one that draws the
    view again replaces it; one that draws nothing gets it back where it was."""
    page.evaluate("""() => vertigoEdit.onDrop = () => new Promise((done) => { window.done = done; })""")
    px, _ = page.evaluate(PX)
    drag(page, page.evaluate(AT, [20, 10]), [21 * px, 0])
    page.wait_for_function("() => window.done")
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert transform(page, "#section-street") == "translate(20 0)"
    page.evaluate("done()")
    page.wait_for_function("() => !document.querySelector('#section-street').hasAttribute('transform')")
    page.evaluate("""() => vertigoEdit.onDrop = () => {
      const v = document.getElementById('view');
      v.innerHTML = v.innerHTML.replace(/ transform="translate[(]20 0[)]"/, '');
    }""")
    drag(page, page.evaluate(AT, [20, 10]), [21 * px, 0])
    assert transform(page, "#section-street") is None
    assert page.evaluate("clicks") == []


def test_a_press_that_moves_less_than_4_px_is_a_click(page: Page) -> None:
    """A press on the street that moves 2 px is a click on the street, and no drop; nothing moved."""
    drag(page, page.evaluate(AT, [20, 10]), [2, 0], steps=2)
    assert page.evaluate("drops") == []
    assert page.evaluate("clicks") == ["section-street"]
    assert transform(page, "#section-street") is None


def test_a_section_drags_both_ways_and_a_grip_only_along_its_axis(page: Page) -> None:
    """The street dragged 2.2 ft right and 1.8 ft up moves 2 and 2; the roof's x0 grip (a marker: its pin moves)
    moves across only, its x1 grip (a rect sized by its style) too, the elevation grip up only."""
    px, py = page.evaluate(PX)
    drag(page, page.evaluate(AT, [20, 10]), [22 * px, -18 * py])
    drag(page, page.evaluate(MIDDLE, "[data-grip=x0]"), [-21 * px, -40 * py])
    drag(page, page.evaluate(MIDDLE, "[data-grip=x1]"), [16 * px, 9 * py])
    drag(page, page.evaluate(MIDDLE, "[data-grip=y]"), [30 * px, -12 * py])
    drops = page.evaluate("drops")
    assert [d[:5] for d in drops] == [["section", "street", "", 2, 2], ["grip", "roof", "x0", -2, 0],
                                      ["grip", "roof", "x1", 2, 0], ["grip", "roof", "y", 0, 1]]
    assert page.evaluate("shown") == ["translate(20 -20)", "translate(-20 0) translate(100 -28)", "translate(20 0)",
                                      "translate(0 -10) translate(130 -30)"]
    assert transform(page, ".pin:has(> .px > [data-grip=x0])") == "translate(100 -28)"
    assert page.evaluate("clicks") == []


def test_a_section_drawn_small_drags_by_its_tap_region(page: Page) -> None:
    """The roof, drawn thinner than a finger, answers a press on its tap region (static/view.js turns it on): the
    drag moves the roof's own group."""
    page.wait_for_selector("#taps .tap.tap-on")
    px, _ = page.evaluate(PX)
    drag(page, page.evaluate(MIDDLE, "#taps .tap-area"), [21 * px, 0])
    assert [d[:5] for d in page.evaluate("drops")] == [["section", "roof", "", 2, 0]]
    assert page.evaluate("shown") == ["translate(20 0)"]
    assert transform(page, "#taps .tap") == "translate(130 -30)"


def test_a_grip_is_a_finger_wide_at_every_zoom(page: Page) -> None:
    """Both ways of drawing a grip (a marker, or a rect sized in CSS px by its style) keep their size in CSS px,
    centred on their point, at the fit and zoomed in."""
    for _ in range(2):
        for sel, point, size in (("[data-grip=x0]", [100, -28], [24, 24]), ("[data-grip=x1]", [160, -28], [24, 32])):
            box = page.eval_on_selector(sel, "el => ['width', 'height'].map((k) => el.getBoundingClientRect()[k])")
            assert box == pytest.approx(size, abs=0.6)
            assert page.evaluate(MIDDLE, sel) == pytest.approx(page.evaluate(AT, point), abs=0.6)
        page.evaluate("vertigoView.zoom(1)")
        page.wait_for_timeout(100)  # the view's next frame sets --k


def test_escape_puts_a_dragged_piece_back_and_is_not_the_pages_escape(page: Page) -> None:
    """Escape during a drag puts the street back, and the page's own Escape (clear the selection) is not run; the
    release that follows is no drop and no click."""
    px, _ = page.evaluate(PX)
    drag(page, page.evaluate(AT, [20, 10]), [20 * px, 0], release=False)
    page.wait_for_function("() => document.querySelector('#section-street').hasAttribute('transform')")
    page.keyboard.press("Escape")
    assert transform(page, "#section-street") is None
    assert not page.eval_on_selector("#section-street", "el => el.classList.contains('dragging')")
    page.mouse.up()
    assert page.evaluate("[drops, clicks, escapes]") == [[], [], 0]


def test_pieces_pan_outside_edit_mode_and_the_sky_pans_in_it(page: Page) -> None:
    """Zoomed in, out of Edit mode a drag on the street pans the view and moves nothing; in Edit mode a drag on the
    sky pans it."""
    page.evaluate("vertigoView.zoom(1)")
    page.wait_for_timeout(100)
    page.evaluate("vertigoEdit.stop()")
    assert page.evaluate("document.body.classList.contains('editing')") is False
    assert page.eval_on_selector("#edit", "el => el.getAttribute('aria-pressed')") == "false"
    pan = page.evaluate(PAN)
    drag(page, page.evaluate(AT, [20, 10]), [-60, 0])
    moved = page.evaluate(PAN)
    assert moved[0] < pan[0] - 20
    assert transform(page, "#section-street") is None
    page.evaluate("vertigoEdit.start()")
    drag(page, page.evaluate(AT, [60, -60]), [60, 0])
    assert page.evaluate(PAN)[0] > moved[0] + 20
    assert page.evaluate("drops") == []


def test_without_a_snap_and_on_a_height_view_the_drop_is_in_height_levels(page: Page) -> None:
    """With data-snap empty the move is not snapped; with data-level (SVG units per Height level) up is in levels."""
    page.evaluate("""() => { const svg = document.querySelector('#view svg');
                             svg.setAttribute('data-snap', ''); svg.setAttribute('data-level', '20'); }""")
    px, py = page.evaluate(PX)
    drag(page, page.evaluate(AT, [20, 10]), [25 * px, -30 * py])
    [[what, sid, grip, dx, dy, _, _]] = page.evaluate("drops")
    assert (what, sid, grip) == ("section", "street", "")
    assert dx == pytest.approx(2.5, abs=0.02)
    assert dy == pytest.approx(1.5, abs=0.02)


def test_a_draft_is_kept_across_a_reload_and_cleared(ctx: BrowserContext, url: str) -> None:
    """saveDraft says "" and loadDraft gives the text back, after a reload too; clearDraft forgets it."""
    page = open_page(ctx, url)
    assert page.evaluate("vertigoEdit.loadDraft()") is None
    assert page.evaluate("vertigoEdit.saveDraft('{\"vertigo\": 2}')") == ""
    page.reload()
    page.wait_for_function("() => window.vertigoEdit")
    assert page.evaluate("vertigoEdit.loadDraft()") == '{"vertigo": 2}'
    page.evaluate("vertigoEdit.clearDraft()")
    assert page.evaluate("vertigoEdit.loadDraft()") is None
    clean(page)


def test_a_draft_that_cannot_be_kept_says_why(ctx: BrowserContext, url: str) -> None:
    """A full storage and a browser without IndexedDB each give their sentence, and nothing to load."""
    full = open_page(ctx, url, "IDBObjectStore.prototype.put = function () { "
                               "throw new DOMException('full', 'QuotaExceededError'); };")
    assert full.evaluate("vertigoEdit.saveDraft('x')") == "the browser's storage for this site is full"
    none = open_page(ctx, url, "delete window.indexedDB;")
    assert none.evaluate("vertigoEdit.saveDraft('x')") == "this browser keeps no drafts (private window?)"
    assert none.evaluate("vertigoEdit.loadDraft()") is None
    none.evaluate("vertigoEdit.clearDraft()")
    clean(full)
    clean(none)


@pytest.mark.parametrize("locks", ["web locks", "broadcast channel"])
def test_one_tab_edits_at_a_time(ctx: BrowserContext, url: str, locks: str) -> None:
    """Of two tabs, the first to lock edits and the second is told no, until the first unlocks (unlock's promise:
    given back); a tab closed while it edits lets the other in.  With Web Locks and, where there are none, by
    BroadcastChannel."""
    no_locks = "Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined});"
    init = no_locks if locks != "web locks" else ""
    one, two = open_page(ctx, url, init), open_page(ctx, url, init)
    assert one.evaluate("vertigoEdit.lock()") is True
    assert one.evaluate("vertigoEdit.lock()") is True  # already this tab's
    assert two.evaluate("vertigoEdit.lock()") is False
    one.evaluate("vertigoEdit.unlock()")
    assert two.evaluate("vertigoEdit.lock()") is True
    assert one.evaluate("vertigoEdit.lock()") is False
    clean(one)
    two.close()  # the browser gives a closed tab's lock back a moment later
    assert one.evaluate("""async () => {
      for (let i = 0; i < 100; i++) {
        if (await vertigoEdit.lock()) return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    }""") is True
    clean(one)


def test_a_finger_drags_a_fighter_and_the_view_does_not_pan(browser: Browser, url: str) -> None:
    """On a touch screen a finger's drag moves the fighter (the touch's own capture handed to the view is no
    cancel) and the view stays where it was; the drop is told as with a mouse; a tap is a click."""
    ctx = browser.new_context(viewport={"width": 800, "height": 600}, has_touch=True)
    try:
        page = open_page(ctx, url)
        page.evaluate("vertigoEdit.start()")
        cdp = ctx.new_cdp_session(page)
        px, py = page.evaluate(PX)
        x, y = page.evaluate(MIDDLE, "#fighter-a .token")
        pan = page.evaluate(PAN)
        page.touchscreen.tap(*page.evaluate(AT, [20, 10]))  # a tap is a click, on the piece tapped
        page.wait_for_function("() => clicks.length === 1")

        def touch(kind: str, tx: float, ty: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": tx, "y": ty, "id": 1}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch("touchStart", x, y)
        for i in range(1, 9):
            touch("touchMove", x + 34 * px * i / 8, y - 33 * py * i / 8)
        page.wait_for_function(MOVED_30_30)
        touch("touchEnd", 0, 0)
        page.wait_for_function("() => drops.length === 1")
        assert page.evaluate("drops") == [["fighter", "a", "", 3, 3, 6, 3.001]]
        assert page.evaluate(PAN) == pan
        assert page.evaluate("clicks") == ["section-street"]  # the tap's, before
        clean(page)
    finally:
        ctx.close()
