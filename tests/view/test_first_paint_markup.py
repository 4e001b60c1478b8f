"""First paint before Python (issue 7): what is shown before the page's Python is ready is what it then draws.

* First visit: ``tools/site.py build`` writes the controller's first full render of the first bundled scenario
  into ``index.html`` (the e2e test ``test_first_paint.py`` checks the built page against the live one).
* Return visit: ``py/app.py`` keeps ``side_view.render(table)`` when the page is hidden; a reload restores the
  saved table and draws exactly that first.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_page.controller import Controller
from vertigo_view import panels, side_view

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "static" / "scenarios"


def test_the_build_prerenders_the_first_bundled_scenario_as_the_controller_draws_it_first(
        site_tool: ModuleType) -> None:
    first = json.loads((SCENARIOS / "index.json").read_text())[0]["file"]
    svg = Controller(Table.start(scenario_mod.loads((SCENARIOS / first).read_text()))).show().svg
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    built = site_tool.prerender(page)
    assert f'<div id="view" class="view">{svg}</div>' in built
    assert '<option value="four-shots.json">The four shots</option>' in built
    assert built.count("<option ") == len(json.loads((SCENARIOS / "index.json").read_text()))
    # The Rules glossary is in the page from the first paint, the one the page's Python would write.
    assert f'<div id="rules" class="panel">{panels.to_html(panels.glossary())}</div>' in built
    assert built.count('data-testid="glossary"') == 1


def test_the_kept_picture_is_what_a_reload_draws_first_whatever_was_selected() -> None:
    """The picture is the table with nothing selected: a reload restores no selection, so no flash."""
    c = Controller(Table.start(scenario_mod.loads((SCENARIOS / "cliff.json").read_text())))
    c.show()
    c.click_fighter("goat")
    c.click_section("cliff-foot")
    c.panel_action("confirm")  # the goat stays selected, its Move entry chosen and its reachable sections shown
    assert c.selected == "goat"
    picture = side_view.render(c.table)
    again = Controller(Controller.restore(c.saved()))
    assert again.show().svg == picture
