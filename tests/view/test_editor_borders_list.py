"""Issue 26: "add borders … the rule sets' pieces (stated border Heights and kinds, ladders)": the side view's
border lines take no click, so a selected section's form lists its borders, each a button that selects the border
and shows its own form (kind, x, stated Height)."""

from __future__ import annotations

import json
from pathlib import Path

from vertigo_page.editor import Editor
from vertigo_view import panels
from vertigo_view.edit_panel import editor_panel

ROOT = Path(__file__).resolve().parents[2]


def _tower_and_wood() -> Editor:
    return Editor(json.loads((ROOT / "static" / "scenarios" / "tower-and-wood.json").read_text(encoding="utf-8")))


def test_a_selected_section_lists_its_borders_in_document_order() -> None:
    """The Tower floor has three borders in Tower and wood: to the West field, up its ladder to the Tower top,
    and to the Rocks."""
    e = _tower_and_wood()
    e.select(("section", "tower-floor"))
    assert e.panel_state().borders == (
        ("border:0", "Tower floor – West field"), ("border:1", "Tower floor – Tower top"),
        ("border:3", "Tower floor – Rocks"))
    html = panels.to_html(editor_panel(e.panel_state()))
    assert 'data-action="edit-go" data-arg="border:1"' in html


def test_following_a_listed_border_selects_it_with_its_own_form() -> None:
    """edit-go border:1 selects the ladder: its form shows kind "ladder" and its x 3.5."""
    e = _tower_and_wood()
    e.select(("section", "tower-floor"))
    up = e.action("edit-go", "border:1")
    assert up is not None and e.selected == ("border", "1")
    rows = {r.control.key: r.value for r in e.panel_state().rows}
    assert (rows["kind"], rows["x"], rows["id"]) == ("ladder", "3.5", "ladder")
    assert e.panel_state().borders == ()


def test_no_border_list_for_a_fighter_or_a_damaged_border_list() -> None:
    """Only a section lists borders; a draft whose borders are not a list lists none (the importer says why)."""
    e = _tower_and_wood()
    e.select(("fighter", "archer"))
    assert e.panel_state().borders == ()
    doc = json.loads((ROOT / "static" / "scenarios" / "tower-and-wood.json").read_text(encoding="utf-8"))
    doc["borders"] = 7
    d = Editor(doc)
    d.select(("section", "hall"))
    assert d.panel_state().borders == ()
