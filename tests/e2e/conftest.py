"""Fixtures of the end-to-end suite (the harness itself is in ``harness.py``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from types import ModuleType

import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright

from harness import App, launch, load_site_tool, open_app

# The service worker's own requests reach context.on("request") too (Playwright's switch, read when the driver
# starts), so a test of the offline copy sees every request the worker makes.
os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"


@pytest.fixture(scope="session")
def site_tool() -> ModuleType:
    return load_site_tool()


@pytest.fixture(scope="session")
def site_url(site_tool: ModuleType) -> Iterator[str]:
    """Build the site and serve it under /vertigo/ (404 elsewhere) on a free port."""
    site = site_tool.build()
    server, url = site_tool.serve_in_thread(site)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh context. The service worker is blocked here: tests that hold back or route the page's files
    must see the network, not the worker's cache. ``test_offline_and_installable.py`` tests the worker."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 950}, accept_downloads=True,
                              service_workers="block")
    yield ctx
    ctx.close()


@pytest.fixture
def app(context: BrowserContext, site_url: str) -> Iterator[App]:
    """The app, loaded and ready; the test fails on any console error or outside request."""
    a = open_app(context, site_url)
    yield a
    tracebacks = a.page.locator(".py-error").count()
    problems = a.watch.problems + ([f"{tracebacks} Python error box(es) on the page"] if tracebacks else [])
    assert not problems, "\n".join(problems)
