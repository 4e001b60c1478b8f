"""Screenshots of the page at the five sizes of issue 7's matrix, for the README.

Builds the site, serves it under /vertigo/ and, in headless Chromium (Debian's when present), loads
*The cliff*, selects the mountain goat and judges its drop to the foot of the cliff, then saves the
window as ``docs/screens/cliff-<W>x<H>.png``; then *Ruined street* on a 390 × 844 touch screen with Sergeant Vela's
first move with a fall judged, as ``docs/screens/ruined-street-390x844.png`` (the README's second picture).

Usage:
    .venv/bin/python tools/screenshots.py [--out docs/screens]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402

from harness import READY, READY_TIMEOUT_MS, launch, load_site_tool  # noqa: E402

SIZES = ((360, 740), (390, 844), (1280, 800), (1920, 1080), (2560, 1440))
SETTLED = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"


def _shoot(browser: Any, url: str, context_args: dict[str, Any], file: str, fighter: str,
           section: Callable[[Any], str], path: Path) -> None:
    """Load ``file``, select ``fighter``, judge its move to the section ``section(page)`` names, save the window."""
    context = browser.new_context(service_workers="block", **context_args)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    page.select_option("#scenario", file)
    page.click("#load")
    page.locator(f"#fighters .fighter[data-fighter='{fighter}']").dispatch_event("click")
    page.locator(f"#terrain [data-section='{section(page)}']").dispatch_event("click")
    page.wait_for_selector("[data-testid=verdict]")
    page.evaluate(SETTLED)
    page.screenshot(path=str(path))
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    site_tool = load_site_tool()
    server, url = site_tool.serve_in_thread(site_tool.build())
    try:
        with sync_playwright() as p:
            browser = launch(p)
            for w, h in SIZES:
                _shoot(browser, url, {"viewport": {"width": w, "height": h}}, "cliff.json", "goat",
                       lambda page: "cliff-foot", out / f"cliff-{w}x{h}.png")
            # The README's second picture: Ruined street on a phone, held upright, a move of the sergeant's judged
            # (its route, its dice badge and the verdict's sheet): the first section her Move entry reaches with a
            # fall (its dice badge names dice), else the first.
            _shoot(browser, url, {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
                   "ruined-street.json", "vela", lambda page: page.evaluate("""() => {
                     const badges = [...document.querySelectorAll('#overlay .dice-badge')];
                     const fall = badges.find((b) => /d6/.test(b.textContent)) || badges[0];
                     return fall ? fall.dataset.section : null; }"""), out / "ruined-street-390x844.png")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
