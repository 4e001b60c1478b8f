"""Offline and installable (issue 7): the manifest, and the service worker built by ``tools/site.py``.

These contexts let the worker run (the ``context`` fixture blocks it). With
``PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS=1`` (set in ``conftest.py``) the worker's own requests reach
``context.on("request")``, so "no request leaves the site" covers them too.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from harness import READY, READY_TIMEOUT_MS, Watch

WORKER_READY = """navigator.serviceWorker.ready.then(r => r.active.state === 'activated' ? 'activated'
    : new Promise(done => r.active.addEventListener('statechange', e => e.target.state === 'activated'
                                                    && done('activated'))))"""


class Outside:
    """Every request of a context (pages and service worker), and those that leave the site's sub-path."""

    def __init__(self, context: BrowserContext, url: str) -> None:
        self.url, self.requests, self.problems = url, [], []  # type: ignore[var-annotated]
        context.on("request", self.on_request)

    def on_request(self, request) -> None:  # type: ignore[no-untyped-def]
        self.requests.append(request.url)
        if not request.url.startswith((self.url, "data:", "blob:")):
            self.problems.append(f"request outside the site: {request.url}")


@pytest.fixture
def worker_context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="allow")
    yield ctx
    ctx.close()


def _open(context: BrowserContext, url: str) -> tuple[Page, Watch]:
    page = context.new_page()
    watch = Watch(url)
    page.on("request", watch.on_request)
    page.on("console", watch.on_console)
    page.on("pageerror", watch.on_page_error)
    page.goto(url)
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    return page, watch


def _precached(site: Path) -> dict[str, str]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const PRECACHE = (\{.*?\});", text, re.S)
    assert found
    return json.loads(found.group(1))


def _version(site: Path) -> str:
    found = re.search(r'const VERSION = "([0-9a-f]+)";', (site / "sw.js").read_text(encoding="utf-8"))
    assert found
    return found.group(1)


def _cached_urls(page: Page) -> list[str]:
    return page.evaluate("""async () => {
        const out = [];
        for (const name of await caches.keys()) {
            for (const req of await (await caches.open(name)).keys()) out.push(name + ' ' + req.url);
        }
        return out.sort();
    }""")


def test_the_page_links_a_manifest_that_makes_it_installable(app, site_url: str) -> None:  # type: ignore[no-untyped-def]
    """The manifest is linked with a relative URL, at the site root, with start_url and scope "./", standalone,
    a theme colour and 192 and 512 px PNG icons that the site serves."""
    page = app.page
    href = page.locator("link[rel=manifest]").get_attribute("href")
    assert href == "./manifest.webmanifest"
    response = page.request.get(site_url + "manifest.webmanifest")
    assert response.status == 200
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone" and manifest["theme_color"] and manifest["short_name"]
    sizes = {icon["sizes"]: icon for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= set(sizes)
    for icon in sizes.values():
        assert not icon["src"].startswith(("/", "http"))
        png = page.request.get(site_url + icon["src"])
        assert png.status == 200 and png.body()[:8] == b"\x89PNG\r\n\x1a\n"
    assert page.locator("meta[name=theme-color]").count() == 1


def test_a_second_visit_works_offline_from_the_workers_cache(worker_context: BrowserContext, site_url: str,
                                                            site_tool: ModuleType) -> None:
    """First visit: the page registers ./sw.js (scope ./) once ready and the worker precaches the build. Second
    visit with the network off: every file comes from the worker, the page reaches ready and referees a click.
    No request, the worker's included, ever leaves the site. Issue 8: the memory snapshot is precached with the
    build, and the offline visit starts Python from it."""
    outside = Outside(worker_context, site_url)
    page, watch = _open(worker_context, site_url)
    assert page.evaluate(WORKER_READY) == "activated"
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == site_url
    precached = _precached(site_tool.SITE)
    assert "static/python.snapshot.gz" in precached and "static/python.mjs" in precached
    cached = _cached_urls(page)
    version = _version(site_tool.SITE)
    kept = [*precached, site_tool.SNAPSHOT_INFLATED]  # and the snapshot inflated, made by the worker
    assert cached == sorted(f"vertigo:{site_url}:{version} {site_url}{u if u != './' else ''}" for u in kept)
    assert any(r.endswith("/vertigo/static/vendor/pyodide/pyodide.asm.wasm") for r in outside.requests)
    first = len(watch.requests)
    assert page.evaluate("navigator.serviceWorker.controller") is None  # the first visit is the network's alone
    page.close()

    worker_context.set_offline(True)
    page, watch = _open(worker_context, site_url)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == site_url + "sw.js"
    served = page.evaluate("""performance.getEntriesByType('resource').concat(
        performance.getEntriesByType('navigation')).map(e => [e.name, e.workerStart > 0 || e.deliveryType])""")
    assert served and all(how for _, how in served), served
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    assert page.evaluate("document.documentElement.dataset.pythonSnapshot") == "inflated"
    page.locator("#fighters .fighter[data-fighter='shooter-1']").click()
    page.locator("#fighters .fighter[data-fighter='target-1']").click()
    expect(page.locator("#panel")).to_contain_text("Shortbow")
    assert first > 0
    assert not watch.problems and not outside.problems, watch.problems + outside.problems


def test_a_new_build_takes_over_whole_and_never_mixes_with_the_old(
        worker_context: BrowserContext, site_tool: ModuleType, tmp_path: Path) -> None:
    """A page is served by one build's cache for its whole life: while a tab of the old build is open, a new
    tab still gets the old build whole (old page, old stylesheet), even after the new build's worker has
    installed; once every old tab is closed, the next load is the new build whole and the old cache is gone."""
    site = tmp_path / "site"
    shutil.copytree(site_tool.SITE, site)
    server, url = site_tool.serve_in_thread(site)
    try:
        outside = Outside(worker_context, url)
        old, _ = _open(worker_context, url)
        old.evaluate(WORKER_READY)
        old_version = _version(site)
        old.reload()  # now controlled by the old build's worker
        old.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)

        # Publish a new build: a changed stylesheet and page, a new sw.js.
        with (site / "static" / "style.css").open("a") as css:
            css.write("\nbody { --build: new; }\n")
        page = (site / "index.html").read_text(encoding="utf-8")
        (site / "index.html").write_text(page.replace("<title>Vertigo", "<title>Vertigo NEW"), encoding="utf-8")
        new_version = site_tool.write_service_worker(site)
        assert new_version != old_version

        old.evaluate("navigator.serviceWorker.ready.then(r => r.update())")
        old.wait_for_function("navigator.serviceWorker.getRegistration().then(r => !!(r && r.waiting))")
        second, _ = _open(worker_context, url)  # the old tab is still open
        assert not second.title().startswith("Vertigo NEW")
        assert second.evaluate("getComputedStyle(document.body).getPropertyValue('--build')") == ""
        second.close()
        old.close()

        def build_of(p: Page) -> tuple[bool, bool]:
            return (p.title().startswith("Vertigo NEW"),
                    p.evaluate("getComputedStyle(document.body).getPropertyValue('--build').trim()") == "new")

        fresh, _ = _open(worker_context, url)
        seen = build_of(fresh)
        assert seen in ((True, True), (False, False)), f"a mixed page: (new page, new stylesheet) = {seen}"
        for _ in range(20):
            if seen == (True, True):
                break
            # The load raced the new worker's activation and is the old build whole, so it holds the new worker
            # back while it is open (a reload does not release it: the old page stays until the new one is in).
            # Closed, no tab of the old build is left; the new worker takes over, and a load is the new build.
            fresh.close()
            time.sleep(0.25)
            fresh, _ = _open(worker_context, url)
            seen = build_of(fresh)
            assert seen in ((True, True), (False, False)), f"a mixed page: (new page, new stylesheet) = {seen}"
        assert seen == (True, True)
        names = {c.split(" ")[0] for c in _cached_urls(fresh)}
        assert names == {f"vertigo:{url}:{new_version}"}
        assert not outside.problems
    finally:
        server.shutdown()


def test_a_tampered_cache_entry_is_put_right_after_the_load_that_met_it(
        worker_context: BrowserContext, site_url: str, site_tool: ModuleType) -> None:
    """Every project site of the same owner shares this origin's Cache Storage: one of them writes its own
    stylesheet into this site's cache. The worker serves cached files as they are (keeping the browser's
    compiled-code cache), then checks them against the build's hashes and fetches a tampered one again."""
    page, _ = _open(worker_context, site_url)
    page.evaluate(WORKER_READY)
    css = site_url + "static/style.css"
    tamper = """async ([css, text]) => {
        const name = (await caches.keys()).find(n => n.startsWith('vertigo:'));
        await (await caches.open(name)).put(css, new Response(text, {headers: {'content-type': 'text/css'}}));
    }"""
    page.evaluate(tamper, [css, "body { --tampered: yes; }"])
    page.close()
    page, watch = _open(worker_context, site_url)
    read = "async (css) => { const r = await caches.match(css); return r ? await r.text() : null; }"
    # Polled from here: wait_for_function would take the pending promise itself for a true answer.
    deadline = time.monotonic() + 30
    while "--tampered" in (page.evaluate(read, css) or "--tampered") and time.monotonic() < deadline:
        page.wait_for_timeout(500)
    assert page.evaluate(read, css) == (site_tool.SITE / "static" / "style.css").read_text(encoding="utf-8")
    assert not watch.problems


INFLATED_SHA256 = """async (url) => {
    const r = await caches.match(url);
    if (!r) return null;
    const digest = await crypto.subtle.digest('SHA-256', await r.arrayBuffer());
    return Array.from(new Uint8Array(digest), b => b.toString(16).padStart(2, '0')).join('');
}"""


def test_the_workers_inflated_snapshot_is_checked_like_every_file(
        worker_context: BrowserContext, site_url: str, site_tool: ModuleType) -> None:
    """Issue 8, repeat visit: the worker keeps the snapshot inflated (made at install from the checked .gz) and
    the page restores that copy. Another project site of the same owner overwrites it: the page still comes up
    (Python starts as usual, one console note), and the worker puts the build's copy back after that load."""
    page, _ = _open(worker_context, site_url)
    page.evaluate(WORKER_READY)
    url = site_url + site_tool.SNAPSHOT_INFLATED
    expected = hashlib.sha256(gzip.decompress((site_tool.SITE / site_tool.SNAPSHOT).read_bytes())).hexdigest()
    assert page.evaluate(INFLATED_SHA256, url) == expected
    tamper = """async (url) => {
        const name = (await caches.keys()).find(n => n.startsWith('vertigo:'));
        await (await caches.open(name)).put(url, new Response('not a snapshot'));
    }"""
    page.evaluate(tamper, url)
    page.close()
    page, watch = _open(worker_context, site_url)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
    page.locator("#fighters .fighter[data-fighter='shooter-1']").click()
    page.locator("#fighters .fighter[data-fighter='target-1']").click()
    expect(page.locator("#panel")).to_contain_text("Shortbow")
    deadline = time.monotonic() + 30
    while page.evaluate(INFLATED_SHA256, url) != expected and time.monotonic() < deadline:
        page.wait_for_timeout(500)
    assert page.evaluate(INFLATED_SHA256, url) == expected
    assert not watch.problems
    page.close()
    page, _ = _open(worker_context, site_url)
    assert page.evaluate("[document.documentElement.dataset.pythonStart, "
                         "document.documentElement.dataset.pythonSnapshot]") == ["snapshot", "inflated"]


INSECURE = "offline copy and install need https or localhost"


def test_over_plain_http_on_a_lan_name_the_page_says_once_that_offline_and_install_need_https(
        browser: Browser, site_url: str) -> None:
    """Issue 21: served over plain http on a host name that is not localhost (as ``--host 0.0.0.0`` serves a
    tablet), the browser gives the page no service worker; the page still referees and says so, once, in the
    status line. The same page from 127.0.0.1 (a secure context) does not. A second browser of the session's
    Playwright resolves the name to this machine."""
    from harness import CHROMIUM_ARGS, DEBIAN_CHROMIUM, open_app

    lan_url = site_url.replace("127.0.0.1", "vertigo-table.test")
    kwargs: dict[str, object] = {"args": [*CHROMIUM_ARGS, "--host-resolver-rules=MAP vertigo-table.test 127.0.0.1"]}
    if Path(DEBIAN_CHROMIUM).exists():
        kwargs["executable_path"] = DEBIAN_CHROMIUM
    lan_browser = browser.browser_type.launch(**kwargs)
    try:
        lan = open_app(lan_browser.new_context(), lan_url)
        assert lan.page.evaluate("window.isSecureContext") is False
        assert lan.page.evaluate("'serviceWorker' in navigator") is False
        status = lan.page.locator("#status")
        expect(status).to_have_text(f"The four shots: ready. This page came over plain http: {INSECURE}.")
        lan.tap("shooter-1")
        expect(status).not_to_contain_text(INSECURE)  # once: the next status line is the click's own
        local = open_app(lan_browser.new_context(), site_url)
        expect(local.page.locator("#status")).to_have_text("The four shots: ready.")
        assert not lan.watch.problems + local.watch.problems
    finally:
        lan_browser.close()
