"""End-to-end harness: the built site under a sub-path, a real headless Chromium.

Shared by the fixtures in ``conftest.py`` and the tests (``from harness import App``).

Every test page fails its test on a console error, an uncaught page error, a
Python traceback, or any request outside the site's own sub-path.  Tests
wait on the app's ready marker (``body[data-ready=true]``), never on sleeps.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
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


POINT_ON_SCREEN = """([x, h]) => {
  const svg = document.querySelector('#view svg');
  const per = +svg.getAttribute('data-per-unit');
  const p = svg.createSVGPoint();
  p.x = x * per; p.y = -h * per + 3;
  const s = p.matrixTransform(svg.getScreenCTM());
  const sx = Math.round(s.x), sy = Math.round(s.y), e = document.elementFromPoint(sx, sy);
  const owner = e && e.closest('[data-section], [data-fighter]');
  const hit = owner ? (owner.dataset.fighter ? 'fighter ' + owner.dataset.fighter : owner.dataset.section) : null;
  return {x: sx, y: sy, hit};
}"""
"""Where a point of a section is on screen, just under its surface (x and height in the scenario's unit, on a
battlefield drawn to scale), and what a click there hits: the side view's matrix and its SVG units per unit."""


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

    def click_at(self, section: str, x: float, height: float) -> float:
        """A real click on ``section`` at ``x``, just under its surface at ``height`` (both in the scenario's unit),
        once that point on screen is the section's own (the view may still be panning to it); the screen x clicked
        (a whole CSS px, as a mouse event reports it)."""
        at = None
        for _ in range(100):
            at = self.page.evaluate(POINT_ON_SCREEN, [x, height])
            if at["hit"] == section:
                self.page.mouse.click(at["x"], at["y"])
                return float(at["x"])
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{section} at {x} is not on screen: {at}")

    def tap(self, fighter_id: str) -> None:
        """Click a fighter on its token, as a referee taps it.  Not the middle of its group: on a battlefield drawn
        to scale the group also holds the figure's name, which may stand to one side over a neighbour (a
        crowded stair), and the middle of the group can then be the neighbour's body."""
        self.fighter(fighter_id).locator(".px .token").click()

    def section(self, section_id: str) -> Section:
        """A section as a referee taps it (:class:`Section`)."""
        return Section(self.page, section_id)


# The middle of what the window shows of a section: its tap region while the page has one on (a section drawn
# under 24 px either way, issue 22), else its body clipped to the view (a Height battlefield's ground runs on past
# the window's foot, so the middle of the whole body can be under the zoom bar); and what a click there hits.
AIM = """(id) => {
  const region = document.querySelector(`#taps .tap-on[data-section="${CSS.escape(id)}"] .tap-area`);
  const body = document.querySelector(`#terrain [data-section="${CSS.escape(id)}"] .body`);
  const v = document.getElementById('view').getBoundingClientRect();
  const r = (region || body).getBoundingClientRect();
  const l = Math.max(r.left, v.left), rt = Math.min(r.right, v.right), t = Math.max(r.top, v.top),
        b = Math.min(r.bottom, v.bottom);
  if (!(rt > l && b > t)) return null;
  const x = (l + rt) / 2, y = (t + b) / 2, e = document.elementFromPoint(x, y);
  const owner = e && e.closest('[data-section], [data-fighter]');
  const hit = owner ? (owner.dataset.fighter ? 'fighter ' + owner.dataset.fighter : owner.dataset.section) : null;
  return {x, y, hit};
}"""


class Section:
    """A section of the side view as a referee taps it: :meth:`click` clicks (a real mouse click) the middle of
    what the window shows of it, once that point is the section's own; :meth:`bounding_box` is its body's box."""

    def __init__(self, page: Page, section_id: str) -> None:
        self.page, self.id = page, section_id

    def click(self, timeout_ms: float = 10_000) -> None:
        """Wait until the middle of what is shown of it answers as this section, then click there."""
        self.page.locator(f"#terrain [data-section='{self.id}'] .body").wait_for(state="visible", timeout=timeout_ms)
        aim = None
        for _ in range(int(timeout_ms / 50)):
            aim = self.page.evaluate(AIM, self.id)
            if aim and aim["hit"] == self.id:
                self.page.mouse.click(aim["x"], aim["y"])
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"section {self.id}: the middle of what is shown of it is not its own ({aim})")

    def bounding_box(self):  # type: ignore[no-untyped-def]
        """The box of its body (Playwright's ``bounding_box``)."""
        return self.page.locator(f"#terrain [data-section='{self.id}'] .body").bounding_box()


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


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving(where: Path) -> Iterator[str]:
    """A folder served on a free port of 127.0.0.1 while the ``with`` block runs: its URL (``http://…/``)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(where)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
