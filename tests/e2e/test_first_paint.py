"""First paint before Python (issue 7): the battlefield that will be in play is on screen before Python is ready,
in the box the live view then takes, and a stored picture is never markup.

The page's Python (``static/vertigo-py.zip``) is held back so what is on screen before it is ready can be looked
at; the service worker is blocked (the ``context`` fixture), so every file comes from the network.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from harness import READY, READY_TIMEOUT_MS, Watch

PICTURE = "vertigo.picture.v1"
STORE = "vertigo.table.v1"
SIZES = [(1280, 800), (390, 844)]


def _open_held(context: BrowserContext, url: str) -> tuple[Page, Watch, list]:  # type: ignore[type-arg]
    """A page navigated to the site with its Python held back; returns the held routes to release."""
    page = context.new_page()
    watch = Watch(url)
    page.on("request", watch.on_request)
    page.on("console", watch.on_console)
    page.on("pageerror", watch.on_page_error)
    held: list = []  # type: ignore[type-arg]
    page.route("**/vertigo/static/vertigo-py.zip", lambda route: held.append(route))
    page.goto(url, wait_until="domcontentloaded")
    return page, watch, held


def _release(page: Page, held: list) -> None:  # type: ignore[type-arg]
    for _ in range(READY_TIMEOUT_MS // 100):  # Pyodide starts first; on a busy machine that takes a while
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the page never asked for its Python"
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)


DRAWN = """() => {
  // The drawing as the renderer wrote it: what static/view.js (zoom, label sizes and level of detail) and the
  // keyboard's roving Tab stops change in place is set back to what the renderer wrote.
  const svg = document.querySelector('#view > svg').cloneNode(true);
  svg.setAttribute('viewBox', svg.dataset.base || svg.getAttribute('viewBox'));
  for (const a of ['data-base', 'style']) svg.removeAttribute(a);
  for (const e of svg.querySelectorAll('[tabindex]')) e.setAttribute('tabindex', '0');
  for (const e of svg.querySelectorAll('.lbl[transform]')) e.removeAttribute('transform');
  for (const e of svg.querySelectorAll('.lod-off, .focus-shown')) e.classList.remove('lod-off', 'focus-shown');
  // The fit of a Height battlefield (issue 22): its start scale, the Height axis kept at the window's edge with
  // the numbers shown at this zoom, and the tap regions on for the sections drawn small.
  for (const a of ['data-start-scale', 'preserveAspectRatio']) svg.removeAttribute(a);
  const axis = svg.querySelector('#scale');
  if (axis) { axis.removeAttribute('transform'); axis.removeAttribute('data-state'); }
  for (const e of svg.querySelectorAll('.tick.off, .tap-on')) e.classList.remove('off', 'tap-on');
  for (const e of svg.querySelectorAll('[class=""]')) e.removeAttribute('class');
  return svg.outerHTML;
}"""


def _box(page: Page) -> dict[str, float]:
    box = page.locator("#view").bounding_box()
    assert box is not None
    return box


def _same_box(before: dict[str, float], after: dict[str, float]) -> None:
    for k in ("x", "y", "width", "height"):
        assert abs(before[k] - after[k]) <= 1, (k, before, after)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_first_visit_paints_the_default_battlefield_exactly_as_python_then_draws_it(
        browser: Browser, site_url: str, width: int, height: int) -> None:
    """The markup built into index.html is the SVG the page's Python draws first, to the character once parsed
    (no flash, and it cannot drift from the renderer); it is on screen at the first contentful paint, and the
    view's box does not move or change size when Python takes over."""
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    try:
        page, watch, held = _open_held(context, site_url)
        expect(page.locator("#view > svg.side-view")).to_be_visible()
        expect(page.locator("#view #terrain .section")).to_have_count(12)
        page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
        assert page.evaluate("document.body.dataset.ready") is None
        before_html = page.evaluate(DRAWN)
        before = _box(page)
        _release(page, held)
        assert page.evaluate(DRAWN) == before_html
        _same_box(before, _box(page))
        assert not watch.problems
    finally:
        context.close()


def _on_the_cliff(context: BrowserContext, url: str) -> Page:
    """A new page, once ready, with the cliff loaded."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    page.select_option("#scenario", "cliff.json")
    page.click("#load")
    expect(page.locator("#view #view-title")).to_contain_text("The cliff")
    return page


def _leave_on_the_cliff(context: BrowserContext, url: str) -> str | None:
    """Load the cliff in a page and leave it (which keeps its picture); returns the viewBox the renderer wrote."""
    page = _on_the_cliff(context, url)
    live_box = page.locator("#view > svg").get_attribute("data-base")
    page.goto("about:blank")  # leaving the page keeps its picture
    page.close()
    return live_box


PICTURE_K = r"""() => {
  const src = decodeURIComponent(document.querySelector('#view > img').src.split(',').slice(1).join(','));
  const m = /:root\{--k:([0-9.]+);--ky:([0-9.]+)\}/.exec(src);
  return m ? +m[1] : null;
}"""


@pytest.mark.parametrize(("width", "height"), [*SIZES, (1920, 1080)])
def test_a_kept_picture_sizes_its_markers_and_names_its_battlefield_as_the_live_view_then_does(
        browser: Browser, site_url: str, width: int, height: int) -> None:
    """Issue 7's leftovers, item 4: before Python is ready, the kept picture's tokens and labels have the size the
    live view then gives them (the same --k, SVG units per CSS px, so nothing jumps), and the Battlefield picker
    already names the picture's battlefield, not the default one."""
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    try:
        _leave_on_the_cliff(context, site_url)
        page, watch, held = _open_held(context, site_url)
        expect(page.locator("#view > img.side-view-picture")).to_be_visible()
        expect(page.locator("#scenario")).to_have_value("cliff.json")
        page.wait_for_load_state("domcontentloaded")
        kept = page.evaluate(PICTURE_K)
        _release(page, held)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
        live = float(page.evaluate("getComputedStyle(document.querySelector('#view > svg')).getPropertyValue('--k')"))
        assert kept == pytest.approx(live, rel=0.005)
        expect(page.locator("#scenario")).to_have_value("cliff.json")
        assert not watch.problems
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_return_visit_paints_the_table_last_drawn_as_an_image_in_the_live_views_box(
        browser: Browser, site_url: str, width: int, height: int) -> None:
    """The cliff was in play when the page was left: the next visit shows its kept picture (an <img>, not the
    pre-rendered four shots) before Python is ready, in the box the live SVG then fills."""
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    try:
        live_box = _leave_on_the_cliff(context, site_url)
        page, watch, held = _open_held(context, site_url)
        picture = page.locator("#view > img.side-view-picture")
        expect(picture).to_be_visible()
        expect(page.locator("#view svg")).to_have_count(0)
        assert picture.get_attribute("data-viewbox") == live_box
        assert "last in play" in (picture.get_attribute("alt") or "")
        assert (picture.get_attribute("src") or "").startswith("data:image/svg+xml;charset=utf-8,%3Csvg")
        page.wait_for_function("document.querySelector('#view > img').complete")
        assert page.evaluate("document.querySelector('#view > img').naturalWidth") > 0
        before = _box(page)
        _release(page, held)
        expect(page.locator("#view #view-title")).to_contain_text("The cliff")
        expect(page.locator("#view img")).to_have_count(0)
        _same_box(before, _box(page))
        assert not watch.problems
    finally:
        context.close()


GIVEN_WAY = ("(root) => [...root.querySelectorAll('.lbl.lod-off')].filter((l) => !l.closest('#overlay'))"
             ".map((l) => l.textContent).sort()")


@pytest.mark.parametrize("zoomed", [False, True], ids=["fitted", "zoomed-in"])
def test_the_kept_picture_is_the_drawing_as_placed_on_screen_with_its_labels_given_way(
        browser: Browser, site_url: str, zoomed: bool) -> None:
    """Issue 7, "Legible" and "First paint": the picture a reload shows first is the drawing at its fit as placed
    on screen — the labels that gave way there are given way in it too (Python's drawing shows every label, and
    on a phone the cliff's names lay over one another for the second before the live view), nothing selected,
    the whole battlefield's box.  Left zoomed in, the view goes to its fit for the moment the picture takes, then
    back to the same zoom."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        page = _on_the_cliff(context, site_url)
        page.locator("#fighters .fighter[data-fighter='goat'] .px .token").click()
        expect(page.locator("#overlay .selected-ring")).to_have_count(1)
        settled = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"
        page.evaluate(settled)
        live = page.evaluate(f"() => ({GIVEN_WAY})(document.querySelector('#view > svg'))")
        base = page.locator("#view > svg").get_attribute("data-base")
        assert live, "nothing gave way on a phone: the test would show nothing"
        if zoomed:
            page.click("#zoom-in")
            page.evaluate(settled)
            box = page.locator("#view > svg").get_attribute("viewBox")
            assert page.evaluate(f"() => ({GIVEN_WAY})(document.querySelector('#view > svg'))") != live
            page.evaluate("() => window.vertigoView.picture()")
            assert page.locator("#view > svg").get_attribute("viewBox") == box
            expect(page.locator("#zoom-level")).to_contain_text("150 %")
        page.goto("about:blank")  # leaving the page keeps its picture
        page.close()
        page = context.new_page()
        page.goto(site_url, wait_until="commit")
        kept = page.evaluate(f"""() => {{
            const svg = new DOMParser().parseFromString(localStorage.getItem('vertigo.picture.v1'), 'image/svg+xml');
            const root = svg.documentElement;
            return {{given: ({GIVEN_WAY})(root), viewBox: root.getAttribute('viewBox'),
                    selected: root.querySelectorAll('.selected-ring, .reachable').length}};
        }}""")
        assert kept["viewBox"] == base
        assert kept["selected"] == 0
        assert kept["given"] == live
        page.close()
    finally:
        context.close()


HOSTILE = [
    # An SVG that would run script, load a frame of HTML and link to javascript: if it were ever markup here.
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" onload="window.pwned=1" '
    'style="min-width: 10px;background:url(http://evil.example/x)">'
    '<script>window.pwned=2</script>'
    '<foreignObject width="100" height="50"><div xmlns="http://www.w3.org/1999/xhtml">'
    '<img src="http://evil.example/y" onerror="window.pwned=3"/><iframe src="javascript:parent.pwned=4"></iframe>'
    '</div></foreignObject>'
    '<a href="javascript:window.pwned=5"><rect id="hostile-rect" width="100" height="50"/></a>'
    '<image href="http://evil.example/z.png" width="10" height="10"/></svg>',
    # Plain HTML.
    '<img src=x onerror="window.pwned=6"><script>window.pwned=7</script><b id="hostile-b">hi</b>',
    # An SVG opening tag that tries to break out of the attributes read by regular expression.
    '<svg viewBox="0 0 1 1"><script>window.pwned=8</script></svg>"><img src=x onerror="window.pwned=9">',
]


@pytest.mark.parametrize("hostile", HOSTILE, ids=["svg", "html", "attributes"])
def test_a_hostile_stored_picture_runs_nothing_and_enters_the_page_as_no_element(
        context: BrowserContext, site_url: str, hostile: str) -> None:
    """Every project site of the same GitHub Pages owner shares this origin's storage: a picture stored by one
    of them is shown, if at all, only as an <img> of a data: URL. No script runs, nothing of it becomes an
    element of the page, and it fetches nothing."""
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    page.click("#load")  # a table is kept, so the next visit reads the picture
    page.wait_for_function(f"localStorage.getItem('{STORE}') !== null")
    page.goto(site_url + "no-such-page")  # a 404 of the same origin: the app is gone, its storage is not
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PICTURE, hostile])
    page.close()
    page, watch, held = _open_held(context, site_url)
    for phase in ("before Python", "after Python"):
        page.wait_for_timeout(500)  # time for an image's handlers, were any to run
        assert page.evaluate("window.pwned") is None, phase
        found = page.evaluate("""() => [...document.querySelectorAll(
            'script:not([src]), script[src*="evil"], foreignObject, iframe, #hostile-rect, #hostile-b, '
            + 'a[href^="javascript"]')].map(e => e.outerHTML.slice(0, 80))""")
        assert found == [], phase
        if phase == "before Python":
            imgs = page.locator("#view img")
            if hostile.startswith("<svg"):
                assert imgs.count() == 1
                assert imgs.get_attribute("class") == "side-view-picture"
                assert (imgs.get_attribute("src") or "").startswith("data:image/svg+xml;charset=utf-8,")
            else:
                assert imgs.count() == 0
            assert page.locator("#view *:not(img)").count() == 0
            _release(page, held)
    assert not any("evil" in r or r.endswith("/x") for r in watch.requests), watch.requests
    assert not watch.problems
