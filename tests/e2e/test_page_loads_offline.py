"""The page loads from its own sub-path alone and shows a loading state first."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, expect

from harness import READY, READY_TIMEOUT_MS, App, Watch


def test_loading_state_is_shown_and_announced_before_the_rules_engine_is_ready(
    context: BrowserContext, site_url: str) -> None:
    """While Pyodide loads, a visible role=status message says so; then the ready marker appears."""
    page = context.new_page()
    watch = Watch(site_url)
    page.on("request", watch.on_request)
    page.goto(site_url, wait_until="domcontentloaded")
    loading = page.locator("#loading")
    expect(loading).to_be_visible()
    expect(loading).to_have_attribute("role", "status")
    expect(loading).to_contain_text("Loading the rules engine")
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    expect(loading).to_be_hidden()
    assert not watch.problems


def test_every_request_stays_inside_the_sub_path_and_the_runtime_is_self_hosted(app: App) -> None:
    """Issue 2: "Not one request may leave the site" — Pyodide and PyScript come from ./static/vendor/."""
    reqs = app.watch.requests
    assert all(r.startswith(app.url) for r in reqs), [r for r in reqs if not r.startswith(app.url)]
    assert any(r.endswith("/vertigo/static/vendor/pyodide/pyodide.asm.wasm") for r in reqs)
    assert any(r.endswith("/vertigo/static/vendor/pyscript/core.js") for r in reqs)
    assert any(r.endswith("/vertigo/static/vertigo-py.zip") for r in reqs)


def test_the_site_answers_404_outside_its_sub_path(app: App) -> None:
    """The test server behaves like a GitHub Pages project site: nothing at the origin's root."""
    origin = app.url.split("/vertigo/")[0]
    response = app.page.request.get(origin + "/index.html")
    assert response.status == 404
    response = app.page.request.get(app.url + "index.html")
    assert response.status == 200


def test_the_side_view_draws_every_section_border_and_fighter_of_the_default_battlefield(app: App) -> None:
    """The four shots: 12 sections, 8 borders each labelled with its Height, 8 fighters."""
    page = app.page
    expect(page.locator("#terrain .section")).to_have_count(12)
    expect(page.locator("#borders .border")).to_have_count(8)
    expect(page.locator("#fighters .fighter")).to_have_count(8)
    labels = page.locator("#labels .border-label").all_text_contents()
    assert sorted(labels) == sorted(["H1", "H2", "H6", "H6", "H1", "H2", "H2", "H1"])


def test_the_controls_are_disabled_and_take_no_click_until_python_is_ready(
    context: BrowserContext, site_url: str) -> None:
    """Product owner's list, "Loading": while Python loads, Battlefield, Load, Undo, Export and Import… are
    disabled and the side view takes no click; a click then is not queued and replayed once ready."""
    page = context.new_page()
    watch = Watch(site_url)
    page.on("request", watch.on_request)
    held = []
    page.route("**/vertigo/static/vertigo-py.zip", lambda route: held.append(route))  # the page's Python, held back
    page.goto(site_url, wait_until="domcontentloaded")
    controls = ["#scenario", "#load", "#undo", "#export", "#import-file"]
    assert [page.locator(c).is_disabled() for c in controls] == [True] * 5
    label = page.locator("label[for='import-file']")
    assert label.evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    assert label.evaluate("e => getComputedStyle(e).opacity") == "0.55"
    assert page.locator("#view").evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    box = page.locator("#load").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a click while loading
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    assert [page.locator(c).is_disabled() for c in controls] == [False, False, True, False, False]
    assert label.evaluate("e => getComputedStyle(e).pointerEvents") == "auto"
    assert label.evaluate("e => getComputedStyle(e).opacity") == "1"
    assert page.locator("#view").evaluate("e => getComputedStyle(e).pointerEvents") == "auto"
    page.wait_for_timeout(300)  # a replayed click would have loaded the battlefield again by now
    expect(page.locator("#status")).to_have_text("The four shots: ready.")  # item 2: the instructions once,
    expect(page.locator("#panel .hint")).to_have_text(  # in the panel's hint
        "Select a fighter (click or Enter), choose a Move entry, then click a section to see the verdict; click an "
        "enemy to check each action; Push… and the climbs are on the fighter card. Shift+←/→ steps the fighter "
        "along its section. Escape clears, Ctrl+Z undoes.")
    expect(page.locator("#log li")).to_have_count(1)  # the start's own line; no second load
    expect(page.locator("#log li")).to_contain_text("Loaded “The four shots”, dice seed 4.")
    assert not watch.problems
