"""End-to-end harness: the built site under a sub-path, a real headless Chromium.

Shared by the fixtures in ``conftest.py`` and the tests (``from harness import App``).

Every test page fails its test on a console error, an uncaught page error, a
Python traceback, or any request outside the site's own sub-path.  Tests
wait on the app's ready marker (``body[data-ready=true]``), never on sleeps.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

DEBIAN_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
READY = "body[data-ready='true']"
READY_TIMEOUT_MS = 90_000


def load_site_tool() -> ModuleType:
    """``tools/site.py`` as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location("vertigo_site_tool", ROOT / "tools" / "site.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def launch(playwright_obj) -> Browser:  # type: ignore[no-untyped-def]
    """Debian's chromium when present, Playwright's own browser elsewhere."""
    kwargs: dict[str, object] = {"args": CHROMIUM_ARGS}
    if os.path.exists(DEBIAN_CHROMIUM):
        kwargs["executable_path"] = DEBIAN_CHROMIUM
    return playwright_obj.chromium.launch(**kwargs)


@dataclass
class Watch:
    """What a page did that a test must not let pass."""

    allowed_prefix: str
    problems: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def on_request(self, request) -> None:  # type: ignore[no-untyped-def]
        url = request.url
        self.requests.append(url)
        if url.startswith(("data:", "blob:" + self.allowed_prefix.split("/vertigo/")[0])):
            return
        if not url.startswith(self.allowed_prefix):
            self.problems.append(f"request outside the site: {url}")

    def on_console(self, message) -> None:  # type: ignore[no-untyped-def]
        text = message.text
        if message.type == "error" or "Traceback (most recent call last)" in text:
            self.problems.append(f"console {message.type}: {text[:2000]}")

    def on_page_error(self, error) -> None:  # type: ignore[no-untyped-def]
        self.problems.append(f"page error: {error}")


@dataclass
class App:
    """A loaded Vertigo page and its watcher."""

    page: Page
    url: str
    watch: Watch

    def reload(self) -> None:
        self.page.reload()
        self.page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)

    def load_scenario(self, file: str) -> None:
        self.page.select_option("#scenario", file)
        self.page.click("#load")
        self.page.wait_for_selector("#view svg")

    def fighter(self, fighter_id: str):  # type: ignore[no-untyped-def]
        return self.page.locator(f"#fighters .fighter[data-fighter='{fighter_id}']")

    def tap(self, fighter_id: str) -> None:
        """Click a fighter on its token, as a referee taps it.  Not the middle of its group: on a battlefield drawn
        to scale the group also holds the figure's name, which may stand to one side over a neighbour (a
        crowded stair), and the middle of the group can then be the neighbour's body."""
        self.fighter(fighter_id).locator(".px .token").click()

    def section(self, section_id: str):  # type: ignore[no-untyped-def]
        """Where a referee taps a section: its tap region while the page has it on (a section drawn under 24 px
        either way, issue 22: the region lies over the section's own body), else its visible body (a slab's group
        also spans the open space under it)."""
        return self.page.locator(f"#terrain [data-section='{section_id}'] .body, "
                                 f"#taps .tap-on[data-section='{section_id}'] .tap-area").last


def serious_axe_violations(page: Page, axe: Path) -> list[str]:
    """axe-core (the pinned copy at ``axe``) run over the page: its serious and critical violations, a line each."""
    page.add_script_tag(path=str(axe))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def open_app(context: BrowserContext, url: str, query: str = "") -> App:
    """A new page of ``context`` at the site ``url`` (plus ``query``, such as ``?snapshot=off``), once ready,
    with its watcher."""
    page = context.new_page()
    watch = Watch(url)
    page.on("request", watch.on_request)
    page.on("console", watch.on_console)
    page.on("pageerror", watch.on_page_error)
    page.on("dialog", lambda d: (watch.problems.append(f"dialog opened: {d.message}"), d.dismiss()))
    page.goto(url + query)
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    return App(page, url, watch)
