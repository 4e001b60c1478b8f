"""Import shows a battlefield's drawing warnings on the status line, as text, and still puts it in play.

Source: issue 26, "Warnings, in the editor and on Import: ... stairs whose rise runs against their borders"
("Stairs built the wrong way round ... imported without a word"); ``docs/rules.md#drawing-warnings``.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from harness import ROOT, App

WARNING = ("sections[1]: the stairs Stair climb to the left, from 0.67 ft to 6.67 ft, but their low end meets "
           "Landing <b>up</b> at 6.67 ft and their high end meets Hall floor at 0 ft: they run against their borders; "
           "turn them round (rise 0.67 ft, elevation 0.67 ft)")


def test_an_import_of_stairs_built_the_wrong_way_round_says_so_under_imported(app: App, tmp_path: Path) -> None:
    """Issue 26: the bundled staircase with its steps rising the wrong way imports (a warning is advice), and the
    status line says "Imported …", then the warning, each on a line of its own; a name that looks like markup is
    shown as the text it is. The bundled staircase itself imports with no warning."""
    page = app.page
    doc = json.loads((ROOT / "static" / "scenarios" / "staircase.json").read_text(encoding="utf-8"))
    doc["sections"][1].update(elevation="6 ft 8 in", stairs={"rise": "-8 in", "tread": "1 ft"})
    doc["sections"][2]["name"] = "Landing <b>up</b>"
    path = tmp_path / "backwards.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    page.set_input_files("#import-file", str(path))
    status = page.locator("#status")
    expect(status).to_contain_text("1 drawing warning")
    assert status.evaluate("e => e.innerText").split("\n") == [
        "Imported “The staircase”. Undo brings back the previous battlefield.",
        "1 drawing warning (advice only: the battlefield is in play as it is):",
        WARNING,
    ]
    expect(status.locator("b")).to_have_count(0)
    expect(page.locator("#error")).to_be_hidden()
    expect(page.locator("#view g.section[data-section='stair']")).to_have_count(1)
    path.write_text((ROOT / "static" / "scenarios" / "staircase.json").read_text(encoding="utf-8"), encoding="utf-8")
    page.set_input_files("#import-file", str(path))
    expect(status).to_have_text("Imported “The staircase”. Undo brings back the previous battlefield.")
