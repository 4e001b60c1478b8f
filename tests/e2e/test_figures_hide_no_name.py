"""No fighter's figure hides another fighter's name on a true-scale battlefield.

Source: issue 7, "Layering and names: labels are drawn over the overlay and the fighters, so no line or figure
hides one". A fresh user found *The staircase* breaking it at every size: each name stands over its own
figure's head, a taller neighbour's head is often there, and that neighbour, drawn after, painted over it
("Elm (9 ste…" under Fir's head, "Birch (3 st…" under Cedar's, "Warden" under Ash's).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from harness import open_app

# Every name on show, and every figure's head or body drawn after it (paint order) whose box meets the name's.
HIDDEN = """() => {
  const names = [...document.querySelectorAll("#fighters .token-name")].filter(
    (t) => t.getClientRects().length > 0 && getComputedStyle(t).display !== "none");
  const shapes = [...document.querySelectorAll("#fighters .figure-head, #fighters .figure-body")];
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = [];
  for (const t of names) {
    const box = t.getBoundingClientRect();
    const own = t.closest("[data-fighter]").getAttribute("data-fighter");
    for (const s of shapes) {
      const who = s.closest("[data-fighter]").getAttribute("data-fighter");
      if (who === own || !(t.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      if (meets(box, s.getBoundingClientRect())) out.push(`${t.textContent} under ${who}'s ${s.getAttribute("class")}`);
    }
  }
  return {shown: names.length, hidden: out};
}"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 800), (2560, 1440)])
def test_no_figure_is_drawn_over_another_fighters_name_on_the_staircase(
        browser: Browser, site_url: str, size: tuple[int, int]) -> None:
    """Issue 7: on *The staircase* (seven figures of rising height, side by side) at a phone, a laptop and a wall
    screen, no figure drawn after a name covers it."""
    app = open_app(browser.new_context(viewport={"width": size[0], "height": size[1]}), site_url)
    try:
        app.load_scenario("staircase.json")
        got = app.page.evaluate(HIDDEN)
        assert got["shown"] >= 4, got  # the names are on show (the check is not vacuous)
        assert got["hidden"] == []
    finally:
        app.page.context.close()


@pytest.mark.parametrize("file", ["ogre-at-the-wall.json", "table-top-brawl.json"])
def test_no_figure_is_drawn_over_another_fighters_name_on_the_other_feet_battlefields(
        browser: Browser, site_url: str, file: str) -> None:
    """Issue 7: the same on the other bundled battlefields drawn to scale, at a laptop's size."""
    app = open_app(browser.new_context(viewport={"width": 1280, "height": 800}), site_url)
    try:
        app.load_scenario(file)
        got = app.page.evaluate(HIDDEN)
        assert got["shown"] >= 2, got
        assert got["hidden"] == []
    finally:
        app.page.context.close()
