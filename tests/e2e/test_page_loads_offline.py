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
    labels = page.locator("#borders .border-label").all_text_contents()
    assert sorted(labels) == sorted(["H1", "H2", "H6", "H6", "H1", "H2", "H2", "H1"])
