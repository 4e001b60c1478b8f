"""The editor's page state (issue 26): what each Edit-mode event does to the draft, under CPython.

:class:`vertigo_page.editor.Editor` turns one event (a key, a drop at the end of a drag, a form field typed in, a
panel button) into an :class:`~vertigo_page.edit_state.EditUpdate`; these tests drive it as the page's glue does
and read the draft, the panel's state and the drawing it returns, with exact values.

Source: issue 26 ("Your own battlefield in five minutes: an editor on the side view that referees as you
build"): "Keys in Edit mode: arrows move the selected piece one snap step, Shift+arrows resize it,
PageUp/PageDown change its elevation, Delete removes it, S toggles snapping"; "add, move, resize and delete
sections"; "set elevations by dragging or typing"; "place fighters by dragging"; "Undo and redo every edit";
"checked as you type, with the importer's own messages at their place"; "Leaving Edit mode runs the full check
and never puts an invalid battlefield in play"; "Deleting a section that a fighter stands on asks what to do";
"let the editor propose them … each proposal listed to accept or refuse"; "a template for each rule set"; and
the table the issue asks to be built, played one move, exported and imported again.
"""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from vertigo import scenario as scenario_mod
from vertigo.editing import Proposal, Template, templates
from vertigo.rules import REGISTRY
from vertigo.rules.height.rules import play as height_play
from vertigo.table import Table
from vertigo_page.edit_state import doc_text
from vertigo_page.editor import Editor, EditUpdate

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
NS = "{http://www.w3.org/2000/svg}"
HOSTILE = '<script>alert(1)</script> "&<>'
TEMPLATES = {t.key: t for t in templates()}
HEIGHT = TEMPLATES["rules-height"]
"""The Height rules' template: one ground section ``ground`` at 0 from 0 to 12, Height levels, step 1."""
ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown")


def editor(template: Template = HEIGHT) -> Editor:
    """An editor on a template's draft (itself: the editor never changes the document it starts from)."""
    return Editor(template.doc)


def section(e: Editor, sid: str) -> dict[str, Any]:
    return next(s for s in e.doc["sections"] if s["id"] == sid)


def fighter(e: Editor, fid: str) -> dict[str, Any]:
    return next(f for f in e.doc["fighters"] if f["id"] == fid)


def svg_of(up: EditUpdate) -> ET.Element:
    assert up.svg is not None
    return ET.fromstring(up.svg)


def with_slab() -> Editor:
    """The Height template with a slab ``section-2`` at 3 over the ground's whole width (0 to 12)."""
    e = editor()
    e.select(("section", "ground"))
    e.add("slab")
    e.key("PageUp", False)
    assert section(e, "section-2") == {"id": "section-2", "name": "Section 2", "elevation": 3, "x": [0, 12],
                                       "kind": "slab"}
    return e


class _Html(HTMLParser):
    """Every start tag, attribute value and text of an HTML fragment, as the browser's parser reads them."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.values: list[str] = []
        self.texts: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.values += [v for _, v in attrs if v is not None]

    def handle_data(self, data: str) -> None:
        self.texts.append(data)


# -- keys in Edit mode ----------------------------------------------------------------------------------------


def test_arrows_move_the_selected_section_one_snap_step() -> None:
    """Issue 26, keys in Edit mode: "arrows move the selected piece one snap step" (a section across, by the
    step in the draft's unit), each an edit drawn and kept as the draft."""
    e = editor()
    e.select(("section", "ground"))
    up = e.key("ArrowRight", False)
    assert up is not None
    assert (up.status, section(e, "ground")["x"]) == ("Move Section Ground.", [1, 13])
    assert up.draft == doc_text(e.doc) and up.svg is not None and up.error is None
    assert e.key("ArrowLeft", False) is not None and e.key("ArrowLeft", False) is not None
    assert section(e, "ground") == {"id": "ground", "name": "Ground", "elevation": 0, "x": [-1, 11]}
    assert e.set_step("0.5").status == "Snapping every 0.5 Height level."
    e.key("ArrowRight", False)
    assert section(e, "ground")["x"] == [-0.5, 11.5]


def test_up_down_and_page_keys_change_the_elevation_one_step() -> None:
    """Issue 26, keys in Edit mode: "PageUp/PageDown change its elevation" (ArrowUp/ArrowDown too): one step,
    its ends unchanged."""
    e = editor()
    e.select(("section", "ground"))
    seen = []
    for key in ("ArrowUp", "PageUp", "PageUp", "ArrowDown", "PageDown"):
        e.key(key, False)
        seen.append(section(e, "ground")["elevation"])
    assert seen == [1, 2, 3, 2, 1]
    assert section(e, "ground")["x"] == [0, 12]
    assert e.history.undo_label == "Move Section Ground" and len(e.history.past) == 5


def test_shift_arrows_widen_and_narrow_the_section_at_its_right_end() -> None:
    """Issue 26, keys in Edit mode: "Shift+arrows resize it" (Shift+→ widens the right end, Shift+← narrows
    it); a narrowing that would leave nothing is refused with the edit's own sentence."""
    e = editor()
    e.select(("section", "ground"))
    up = e.key("ArrowRight", True)
    assert up is not None and (up.status, section(e, "ground")["x"]) == ("Resize Section Ground.", [0, 13])
    e.key("ArrowLeft", True)
    e.key("ArrowLeft", True)
    assert section(e, "ground")["x"] == [0, 11]
    e.set_step("11")
    before = e.doc
    refused = e.key("ArrowLeft", True)
    message = "Not changed: A section's right end must be right of its left end."
    assert refused is not None and (refused.status, refused.error, refused.svg) == (message, message, None)
    assert e.doc is before
    assert section(e, "ground")["elevation"] == 0  # Shift+↑ is no resize: it raises the section
    e.key("ArrowUp", True)
    assert section(e, "ground") == {"id": "ground", "name": "Ground", "elevation": 11, "x": [0, 11]}


def test_delete_key_removes_the_selected_section() -> None:
    """Issue 26, keys in Edit mode: "Delete removes it" (Backspace likewise); nothing is left selected."""
    e = with_slab()
    e.select(("section", "section-2"))
    up = e.key("Delete", False)
    assert up is not None and up.status == "Delete Section 2."
    assert [s["id"] for s in e.doc["sections"]] == ["ground"] and e.selected is None
    e.undo()
    e.select(("section", "section-2"))
    e.key("Backspace", False)
    assert [s["id"] for s in e.doc["sections"]] == ["ground"]


def test_s_toggles_snapping_and_the_drawing_says_the_step() -> None:
    """Issue 26, keys in Edit mode: "S toggles snapping"; "Snap to a grid in the scenario's unit, with an
    adjustable step": the drawing carries the step for the page's drags (``data-snap``, a decimal number in
    the unit, empty when off) and the grid lines only while snapping."""
    e = editor()
    off = e.key("s", False)
    assert off is not None and (off.status, e.snap) == ("Snapping off.", False)
    root = svg_of(off)
    assert root.get("data-snap") == ""
    assert not [g for g in root.iter(f"{NS}g") if "edit-grid" in (g.get("class") or "")]
    on = e.key("S", False)
    assert on is not None and (on.status, e.snap) == ("Snapping on, every 1 Height level.", True)
    root = svg_of(on)
    assert root.get("data-snap") == "1"
    assert [g for g in root.iter(f"{NS}g") if "edit-grid" in (g.get("class") or "")]
    assert e.doc == HEIGHT.doc and not e.history.can_undo  # snapping is no edit of the draft
    inches = editor(TEMPLATES["blank-inches"])
    assert svg_of(inches.select(None)).get("data-snap") == "0.5"  # ½ in, as a number the page can read
    assert inches.key("s", False) is not None
    assert inches.toggle_snap().status == "Snapping on, every 0.5 in."
    assert svg_of(inches.set_step("0.25")).get("data-snap") == "0.25"


def test_a_fighter_moves_along_its_section_and_to_the_surface_above_or_below() -> None:
    """Issue 26, keys in Edit mode: "arrows move the selected piece one snap step": a fighter ←/→ along its
    section (from its centre when it has no x; held at the section's ends), ↑/↓ to the nearest surface above
    or below its x; none there says so and changes nothing."""
    e = with_slab()
    e.select(("section", "ground"))
    e.add("fighter")
    assert e.selected == ("fighter", "fighter-1")
    assert fighter(e, "fighter-1") == {"id": "fighter-1", "name": "Fighter 1", "side": "A", "section": "ground"}
    up = e.key("ArrowLeft", False)
    assert up is not None and up.status == "Move Fighter 1."
    assert fighter(e, "fighter-1") == {"id": "fighter-1", "name": "Fighter 1", "side": "A", "section": "ground",
                                       "x": 5}
    e.key("ArrowRight", False)
    e.key("ArrowRight", False)
    assert (fighter(e, "fighter-1")["section"], fighter(e, "fighter-1")["x"]) == ("ground", 7)
    e.key("ArrowUp", False)
    assert (fighter(e, "fighter-1")["section"], fighter(e, "fighter-1")["x"]) == ("section-2", 7)
    before = e.doc
    none_above = e.key("PageUp", False)
    assert none_above is not None and (none_above.status, none_above.svg) == ("No surface above at x 7.", None)
    assert e.doc is before
    e.key("PageDown", False)
    assert (fighter(e, "fighter-1")["section"], fighter(e, "fighter-1")["x"]) == ("ground", 7)
    after = e.doc
    none_below = e.key("ArrowDown", False)
    assert none_below is not None and none_below.status == "No surface below at x 7." and e.doc is after
    e.set_step("100")
    e.key("ArrowRight", False)
    assert fighter(e, "fighter-1")["x"] == 12
    held = e.key("ArrowRight", False)
    assert held is not None and held.status == "Move Fighter 1: nothing changed."


@pytest.mark.parametrize("key", [*ARROWS, "Delete", "Backspace"])
def test_keys_with_nothing_selected_change_nothing_and_say_so(key: str) -> None:
    """Issue 26, keys in Edit mode: the arrow, Page and Delete keys act on the selected piece; with nothing
    selected they change nothing, draw nothing new and say what to do."""
    e = editor()
    up = e.key(key, False)
    said = ("Select a piece to delete first." if key in ("Delete", "Backspace")
            else "Select a section or a fighter first (a click, or Tab to it).")
    assert up is not None and (up.status, up.svg, up.draft) == (said, None, None)
    assert e.doc == HEIGHT.doc and not e.history.can_undo


@pytest.mark.parametrize("key,shift", [("a", False), ("Enter", False), ("Tab", False), ("Escape", False),
                                       ("Home", False), ("z", False), ("S", True), ("F5", False)])
def test_a_key_the_editor_does_not_take_returns_none(key: str, shift: bool) -> None:
    """Issue 26: "Outside Edit mode every key keeps today's meaning" — a key that is not one of the editor's
    returns None (the page leaves it to the browser and the other handlers), selected piece or not."""
    e = editor()
    assert e.key(key, shift) is None
    e.select(("section", "ground"))
    assert e.key(key, shift) is None
    assert e.doc == HEIGHT.doc


# -- drops at the end of a drag -------------------------------------------------------------------------------


def test_a_section_dragged_snaps_to_the_step() -> None:
    """Issue 26: "add, move, resize and delete sections"; "set elevations by dragging"; "Snap to a grid": a
    section dropped after a drag of (dx, dy) moves by the nearest whole steps; with snapping off, by the drag
    to 1/100 of the unit."""
    e = editor()
    up = e.drop("section", "ground", "", 1.4, 0.6, 7.4, 0.6)
    assert up.status == "Move Section Ground." and up.draft is not None
    assert section(e, "ground") == {"id": "ground", "name": "Ground", "elevation": 1, "x": [1, 13]}
    assert e.selected == ("section", "ground")
    e.set_step("0.5")
    e.drop("section", "ground", "", -0.8, 1.3, 0, 0)
    assert section(e, "ground") == {"id": "ground", "name": "Ground", "elevation": 2.5, "x": [0, 12]}
    e.toggle_snap()
    e.drop("section", "ground", "", 0.123, -0.456, 0, 0)
    assert section(e, "ground") == {"id": "ground", "name": "Ground", "elevation": 2.04, "x": [0.12, 12.12]}


def test_grips_resize_and_the_elevation_grip_only_raises() -> None:
    """Issue 26: "add, move, resize … sections"; "set elevations by dragging": the x0 and x1 grips move one end
    to the step; the y grip changes only the elevation, whatever the drag across; an end dragged past the
    other is refused with the edit's own sentence and the draft unchanged."""
    e = editor()
    e.drop("grip", "ground", "x0", 2.3, 0.9, 2.3, 0)
    assert section(e, "ground")["x"] == [2, 12]
    e.drop("grip", "ground", "x1", -3.6, 0, 8.4, 0)
    assert section(e, "ground") == {"id": "ground", "name": "Ground", "elevation": 0, "x": [2, 8]}
    e.drop("grip", "ground", "y", 4.2, 2.7, 9, 2.7)
    assert section(e, "ground") == {"id": "ground", "name": "Ground", "elevation": 3, "x": [2, 8]}
    before = e.doc
    up = e.drop("grip", "ground", "x1", -7, 0, 1, 0)
    message = "Not changed: A section's right end must be right of its left end."
    assert (up.status, up.error) == (message, message) and e.doc is before
    assert [label for _, label in e.history.past] == ["Resize Section Ground", "Resize Section Ground",
                                                      "Move Section Ground"]


def test_a_fighter_dropped_lands_on_the_section_under_it() -> None:
    """Issue 26: "place fighters by dragging": a fighter dropped on a point stands on the section whose surface
    is nearest at or below it, at the snapped x; a drop over nothing leaves it where it was."""
    e = with_slab()
    e.add("fighter")
    assert fighter(e, "fighter-1") == {"id": "fighter-1", "name": "Fighter 1", "side": "A", "section": "section-2"}
    up = e.drop("fighter", "fighter-1", "", -1.4, -3, 4.6, 2.9)
    assert up.status == "Move Fighter 1." and e.selected == ("fighter", "fighter-1")
    assert fighter(e, "fighter-1") == {"id": "fighter-1", "name": "Fighter 1", "side": "A", "section": "ground",
                                       "x": 5}
    e.drop("fighter", "fighter-1", "", 4.7, 3, 9.3, 3.2)
    assert fighter(e, "fighter-1") == {"id": "fighter-1", "name": "Fighter 1", "side": "A", "section": "section-2",
                                       "x": 9}
    before = e.doc
    for x, y in ((20, 1), (5, -1)):
        missed = e.drop("fighter", "fighter-1", "", 0, 0, x, y)
        assert missed.status == "No section under that point: the fighter stays where it was."
        assert e.doc is before


# -- Undo edit and Redo edit ----------------------------------------------------------------------------------


def test_n_edits_then_n_undos_give_back_the_start_and_redo_replays() -> None:
    """Issue 26: "Undo and redo every edit": after N edits of every kind, N undos give back the starting draft
    exactly (the same JSON text), each undo naming the edit it takes back; N redos give the last draft again."""
    e = editor()
    start = doc_text(e.doc)
    e.select(("section", "ground"))
    e.key("ArrowRight", False)                               # 1 move
    e.key("ArrowLeft", True)                                 # 2 resize
    e.add("slab")                                            # 3 add a section
    e.drop("grip", "section-2", "y", 0, 1, 0, 0)             # 4 raise it
    e.add("fighter")                                         # 5 a fighter on it
    e.drop("fighter", "fighter-1", "", 0, 0, 2, 0)           # 6 dropped on the ground
    e.accept("ground|section-2")                             # 7 a border
    e.typed("fighter:fighter-1", "moves", "Move 2")          # 8 a declared field
    e.select(("section", "section-2"))
    e.key("Delete", False)                                   # 9 delete the slab
    end = doc_text(e.doc)
    labels = [label for _, label in e.history.past]
    assert labels == ["Move Section Ground", "Resize Section Ground", "Add slab section", "Move Section 2",
                      "Add fighter", "Move Fighter 1", "Add border ground – section-2",
                      "Move entries of Fighter 1", "Delete Section 2"]
    said = [e.undo().status for _ in labels]
    assert said == [f"Undone: {label}." for label in reversed(labels)]
    assert doc_text(e.doc) == start and e.doc == HEIGHT.doc
    assert e.undo().status == "Nothing to undo in the editor."
    replayed = [e.redo().status for _ in labels]
    assert replayed == [f"Redone: {label}." for label in labels]
    assert doc_text(e.doc) == end
    assert e.redo().status == "Nothing to redo in the editor."


def test_typing_into_one_field_is_one_undo_step() -> None:
    """Issue 26: "Undo and redo every edit" with the form "checked as you type": each keystroke in one field
    is written at once, and the typing is one Undo edit step; another field starts another."""
    e = editor()
    e.select(("section", "ground"))
    for text in ("S", "St", "Str", "Street"):
        e.typed("section:ground", "name", text)
    assert section(e, "ground")["name"] == "Street"
    assert [label for _, label in e.history.past] == ["Name of Section Ground"]
    e.typed("section:ground", "elevation", "2")
    assert len(e.history.past) == 2 and e.history.undo_label == "Elevation of Section Street"
    e.undo()
    e.undo()
    assert e.doc == HEIGHT.doc
    e.redo()
    assert section(e, "ground") == {"id": "ground", "name": "Street", "elevation": 0, "x": [0, 12]}


# -- typed values and the full check --------------------------------------------------------------------------


def test_a_bad_value_is_written_and_the_importer_says_so_at_its_field() -> None:
    """Issue 26: "checked as you type, with the importer's own messages at their place"; "Leaving Edit mode
    runs the full check and never puts an invalid battlefield in play; the problems are listed": a bad value is
    written as typed, the importer's message stands at its row and in the check, Play refuses with the count
    and plays nothing; mended, it plays."""
    e = editor()
    e.select(("section", "ground"))
    e.typed("section:ground", "elevation", "abc")
    e.typed("section:ground", "x1", "-3")
    assert section(e, "ground") == {"id": "ground", "name": "Ground", "elevation": "abc", "x": [0, -3]}
    rows = {r.control.key: r for r in e.panel_state().rows}
    assert rows["elevation"].value == "abc"
    assert rows["elevation"].problems == ('must be a number from -1000 to 1000: "abc"',)
    assert rows["x1"].problems == ("right edge must be greater than left edge: [0, -3]",)
    assert rows["x0"].problems == rows["name"].problems == ()
    assert [(p.place, p.message, p.piece) for p in e.checked.problems] == [
        ("sections[0].elevation", 'must be a number from -1000 to 1000: "abc"', ("section", "ground")),
        ("sections[0].x", "right edge must be greater than left edge: [0, -3]", ("section", "ground"))]
    refused = e.done()
    assert refused.status == "Not played: 2 problems to mend first, each listed with a link to its piece."
    assert (refused.play, refused.svg, refused.focus, refused.leave) == (None, None, "edit-problems", False)
    panel = _Html(refused.panel)
    assert 'must be a number from -1000 to 1000: "abc"' in "".join(panel.texts)
    e.typed("section:ground", "elevation", "1")
    assert e.done().status == "Not played: 1 problem to mend first, each listed with a link to its piece."
    e.typed("section:ground", "x1", "10")
    played = e.done()
    assert played.status == "Playing “New battlefield”." and isinstance(played.play, Table)
    assert played.play.scenario.field.sections[0].x1 == 10 and played.play.scenario.field.sections[0].elevation == 1


def test_an_id_another_piece_has_is_refused_and_a_new_one_follows_its_ladder() -> None:
    """Issue 26: "add the rule sets' pieces (… ladders …)" with the form "checked as you type": a border's id
    that another border has is refused with the edit's own sentence, the draft unchanged (no exception out of
    the event); a new id is written, and the fighter up that ladder follows it."""
    e = Editor(json.loads((SCENARIOS / "ruined-house.json").read_text(encoding="utf-8")))
    e.select(("border", "2"))
    before = e.doc
    up = e.typed("border:2", "id", "ladder")
    message = 'Not changed: Another border is called "ladder".'
    assert (up.status, up.error, up.draft) == (message, message, None) and e.doc is before
    e.select(("border", "1"))
    e.typed("border:1", "id", "west-ladder")
    assert e.doc["borders"][1] == {"between": ["house", "upper"], "x": 7, "id": "west-ladder", "kind": "ladder"}
    assert fighter(e, "climber")["ladder"] == "west-ladder" and e.checked.problems == ()


def test_a_problem_links_to_its_piece() -> None:
    """Issue 26: "the problems are listed, each a link to its piece": ``edit-go`` with a problem's piece selects
    it and focuses it in the side view; a piece no longer there selects nothing."""
    e = with_slab()
    e.typed("section:section-2", "elevation", "high")
    e.select(None)
    (problem,) = e.checked.problems
    assert (problem.place, problem.piece) == ("sections[1].elevation", ("section", "section-2"))
    up = e.action("edit-go", "section:section-2")
    assert up is not None and (up.status, up.focus) == (
        "Section 2 selected. Section 2 is not drawn while it has a problem (listed under Problems).",
        "section-section-2")
    assert e.selected == ("section", "section-2")
    assert [r.problems for r in e.panel_state().rows if r.control.key == "elevation"] == [
        ('must be a number from -1000 to 1000: "high"',)]
    gone = e.action("edit-go", "section:nowhere")
    assert gone is not None and e.panel_state().selected is None
    assert gone.status == "Nothing selected: the form is the battlefield's."
    assert e.action("zoom-in", None) is None  # not one of the editor's buttons


# -- deleting a section fighters stand on ---------------------------------------------------------------------


def slab_with_two() -> Editor:
    """:func:`with_slab` with two fighters on the slab, ``Ash`` at 4 and ``Bex`` at its centre (6)."""
    e = with_slab()
    e.select(("section", "section-2"))
    e.add("fighter")
    e.typed("fighter:fighter-1", "name", "Ash")
    e.key("ArrowLeft", False)
    e.key("ArrowLeft", False)
    e.select(("section", "section-2"))
    e.add("fighter")
    e.typed("fighter:fighter-2", "name", "Bex")
    e.select(("section", "section-2"))
    return e


def test_deleting_a_section_with_fighters_asks_first() -> None:
    """Issue 26: "Deleting a section that a fighter stands on asks what to do … No fighter is left floating
    without a word": Delete asks, naming the fighters, and changes nothing yet."""
    e = slab_with_two()
    before = e.doc
    up = e.key("Delete", False)
    assert up is not None
    assert up.status == "Section 2 has fighters on it: move them to the surface below, or delete them too?"
    assert (up.svg, up.draft, up.focus) == (None, None, "edit-delete-below")
    assert e.asking == "section-2" and e.panel_state().asking_delete == ("Ash", "Bex")
    assert e.doc is before
    html = _Html(up.panel)
    assert "Delete Section 2?" in html.texts and "Ash and Bex stand on it. What becomes of them?" in html.texts


def test_delete_answer_below_moves_the_fighters_to_the_surface_below() -> None:
    """Issue 26: "Deleting a section that a fighter stands on asks what to do: move the fighter to the surface
    below": each stands on the highest surface under its x, its x written."""
    e = slab_with_two()
    e.delete()
    up = e.delete_answer("below")
    assert up.status == "Delete Section 2." and e.asking is None and e.selected is None
    assert [s["id"] for s in e.doc["sections"]] == ["ground"]
    assert e.doc["fighters"] == [{"id": "fighter-1", "name": "Ash", "side": "A", "section": "ground", "x": 4},
                                 {"id": "fighter-2", "name": "Bex", "side": "A", "section": "ground", "x": 6}]
    e.undo()
    assert [f["section"] for f in e.doc["fighters"]] == ["section-2", "section-2"]


def test_delete_answer_delete_removes_the_fighters_too() -> None:
    """Issue 26: "… or delete it too" (the panel's ``edit-delete-with``): the section and its fighters go in one
    Undo edit step."""
    e = slab_with_two()
    e.action("edit-delete", None)
    up = e.action("edit-delete-with", None)
    assert up is not None and up.status == "Delete Section 2 and its fighters."
    assert ([s["id"] for s in e.doc["sections"]], e.doc["fighters"]) == (["ground"], [])
    e.undo()
    assert [f["name"] for f in e.doc["fighters"]] == ["Ash", "Bex"]


def test_delete_answer_none_cancels_and_changes_nothing() -> None:
    """Issue 26: "asks what to do": cancelling (``edit-delete-cancel``) deletes nothing and asks no more."""
    e = slab_with_two()
    before = e.doc
    e.delete()
    up = e.action("edit-delete-cancel", None)
    assert up is not None and (up.status, up.draft) == ("Nothing deleted.", None)
    assert e.doc is before and e.asking is None and e.panel_state().asking_delete == ()
    assert e.delete_answer("below").status == "Nothing deleted."  # no question open: nothing to answer
    assert e.doc is before


def test_a_fighter_with_no_surface_below_is_named_and_stays() -> None:
    """Issue 26: "No fighter is left floating without a word": moving below where there is no surface is
    refused, naming the fighter; nothing is deleted."""
    e = with_slab()
    e.select(("section", "ground"))
    e.add("fighter")
    e.select(("section", "ground"))
    e.delete()
    before = e.doc
    up = e.delete_answer("below")
    message = ("Not deleted: There is no surface below Fighter 1: delete it with the section, or add one below "
               "first.")
    assert (up.status, up.error) == (message, message) and e.doc is before


def test_a_fighter_up_a_ladder_is_asked_about_with_its_section() -> None:
    """Issue 26: "Deleting a section that a fighter stands on asks what to do"; the deletion also takes the
    fighters up a ladder on its borders (docs: ``delete_section``), so they are asked about too, by name — not
    refused without the question (*The ruined house*: Krag on the ladder from the ground floor)."""
    e = Editor(json.loads((SCENARIOS / "ruined-house.json").read_text(encoding="utf-8")))
    e.select(("section", "house"))
    up = e.delete()
    assert up.status == "Section Ground floor has fighters on it: move them to the surface below, or delete them too?"
    assert e.asking == "house" and e.panel_state().asking_delete == ("Krag (on the ladder)",)
    e.select(("section", "upper"))
    e.delete()
    assert e.panel_state().asking_delete == ("Krag (on the ladder)", "Mira (behind the railing)")
    gone = e.delete_answer("delete")
    assert gone.status == "Delete Section Upper floor and its fighters."
    assert [f["id"] for f in e.doc["fighters"]] == ["roof-edge", "yard-1", "yard-2", "yard-3"]


# -- proposed borders -----------------------------------------------------------------------------------------


@dataclass
class Built:
    """The issue's table as the editor builds it: the editor and the sections' ids by name."""

    e: Editor
    ids: dict[str, str]


def build_sections() -> Built:
    """The issue's sections, built from the Height template through the editor's events only (add, keys,
    drops, typing): a street at 0 from 0 to 6; a house's ground floor at 0 from 6 to 14 and its upper floor a
    slab at 3 from 6 to 14; a balcony slab at 3 from 14 to 16; a garden wall at 2 from 16 to 17; a courtyard
    at 0 from 17 to 24; a tower at 5 from 24 to 26; a ditch at −2 from 26 to 30; a far bank at 1 from 30 to
    36."""
    e = editor()
    ids = {"Street": "ground"}
    e.select(("section", "ground"))
    e.typed("section:ground", "name", "Street")
    for _ in range(6):
        e.key("ArrowLeft", True)                                          # 0–12 → 0–6

    def added(kind: str, name: str) -> str:
        e.add(kind)
        assert e.selected is not None
        sid = e.selected[1]
        e.typed(f"section:{sid}", "name", name)
        ids[name] = sid
        return sid

    floor = added("ground", "Ground floor")                               # 6–9 at 0
    e.drop("grip", floor, "x1", 5.2, 0, 14.2, 0)                          # 6–14
    added("slab", "Upper floor")                                          # over it, 2 steps up
    e.key("PageUp", False)                                                # at 3
    balcony = added("ground", "Balcony")                                  # 14–17 at 0
    e.typed(f"section:{balcony}", "kind", "slab")
    e.typed(f"section:{balcony}", "elevation", "3")
    e.typed(f"section:{balcony}", "x1", "16")
    added("ground", "Garden wall")                                        # 16–19
    e.key("ArrowLeft", True)
    e.key("ArrowLeft", True)                                              # 16–17
    e.key("PageUp", False)
    e.key("ArrowUp", False)                                               # at 2
    yard = added("ground", "Courtyard")                                   # 17–20
    e.drop("grip", yard, "x1", 3.8, 0, 23.8, 0)                           # 17–24
    tower = added("ground", "Tower")                                      # 24–27
    e.key("ArrowLeft", True)                                              # 24–26
    e.drop("grip", tower, "y", 0.4, 4.8, 25, 4.8)                         # at 5
    added("ground", "Ditch")                                              # 26–29
    e.key("ArrowRight", True)                                             # 26–30
    e.key("PageDown", False)
    e.key("PageDown", False)                                              # at −2
    bank = added("ground", "Far bank")                                    # 30–33
    e.drop("section", bank, "", 0.3, 1.2, 31.8, 1.2)                      # at 1
    e.typed(f"section:{bank}", "x1", "36")                                # 30–36
    return Built(e, ids)


SECTIONS = json.loads((Path(__file__).resolve().parents[1] / "issue-26-sections.json").read_text(encoding="utf-8"))
"""The issue's table as the editor writes its sections (the e2e test builds it in the page, the view test
through the Editor; both end at these)."""
"""The issue's sections as the editor writes them."""
PROPOSED = (
    Proposal("ground", "section-2", 6, "side by side at x 6"),
    Proposal("section-2", "section-3", 6, "stacked over x 6–14"),
    Proposal("section-3", "section-4", 14, "side by side at x 14"),
    Proposal("section-4", "section-5", 16, "side by side at x 16"),
    Proposal("section-5", "section-6", 17, "side by side at x 17"),
    Proposal("section-6", "section-7", 24, "side by side at x 24"),
    Proposal("section-7", "section-8", 26, "side by side at x 26"),
    Proposal("section-8", "section-9", 30, "side by side at x 30"),
)
"""What the editor proposes for them: every neighbour, the house's two floors stacked; the ground floor and the
balcony are not proposed (the upper floor meets the balcony between them)."""


def test_the_issue_sections_are_built_by_the_editor_and_proposed_borders() -> None:
    """Issue 26: "add, move, resize and delete sections … set elevations by dragging or typing"; "let the editor
    propose them: side-by-side sections whose x-ranges meet, and stacked ones that overlap in x"."""
    b = build_sections()
    assert b.e.doc["sections"] == SECTIONS
    assert b.e.panel_state().proposals == PROPOSED
    assert b.e.checked.problems == () and b.e.checked.warnings == ()


def test_a_proposal_accepted_is_a_border_and_one_refused_is_not_proposed_again() -> None:
    """Issue 26: "each proposal listed to accept or refuse": accepting adds the border (an Undo edit step);
    refusing takes the proposal off the list for good, with no edit of the draft."""
    e = build_sections().e
    up = e.action("edit-accept", "ground|section-2")
    assert up is not None and up.status == "Add border ground – section-2."
    assert e.doc["borders"] == [["ground", "section-2"]]
    assert e.panel_state().proposals == PROPOSED[1:]
    before = e.doc
    refused = e.action("edit-refuse", "section-7|section-8")
    assert refused is not None and refused.status == "Border section-7 – section-8 refused."
    assert e.doc is before and refused.draft is None and e.history.undo_label == "Add border ground – section-2"
    assert e.panel_state().proposals == (*PROPOSED[1:6], PROPOSED[7])
    assert e.accept("section-7|section-8").status == "That border is no longer proposed."
    e.accept_all()
    assert e.panel_state().proposals == ()
    e.undo()
    e.undo()
    assert e.panel_state().proposals == (*PROPOSED[:6], PROPOSED[7])  # still refused after Undo edit


def test_accept_all_is_one_undo_step() -> None:
    """Issue 26: "each proposal listed to accept or refuse" (all at once: ``edit-accept-all``) and "Undo and
    redo every edit": every proposal becomes a border, in one Undo edit step."""
    e = build_sections().e
    before = e.doc
    up = e.action("edit-accept-all", None)
    assert up is not None and up.status == "Add 8 proposed borders."
    assert e.doc["borders"] == [[p.a, p.b] for p in PROPOSED]
    assert e.history.undo_label == "Add 8 proposed borders"
    e.undo()
    assert e.doc == before and e.doc["borders"] == []


# -- templates ------------------------------------------------------------------------------------------------


def required(t: Template) -> list[tuple[str, str]]:
    """The problems the importer gives a template's draft with one fighter: each required fighter field of
    its rule sets, at its place, in the importer's words."""
    out = []
    for rule_id in t.doc["rules"]:
        r = REGISTRY[rule_id]
        for d in r.fields:
            if d.required and d.on == "fighter":
                what = d.kind.describe() if d.kind is not None else d.label
                out.append((f"fighters[0].{d.key}", f"{r.title} ({r.id!r}) needs it on every fighter: {what}"))
    return out


@pytest.mark.parametrize("t", templates(), ids=lambda t: t.key)
def test_every_template_opens_in_the_editor_and_draws(t: Template) -> None:
    """Issue 26: "Start from blank … or from a template for each rule set (units and rules chosen first)"; "An
    Edit mode on the same side view": every template opens, is drawn with the editor's marks and its snap step;
    with a fighter added it plays, or Play lists the fields its rule sets require, in the importer's words."""
    start = copy.deepcopy(t.doc)
    e = Editor(t.doc)
    up = e.select(("section", "ground"))
    assert up.svg is not None and 'id="edit-marks"' in up.svg and "data-snap" in up.svg
    root = ET.fromstring(up.svg)
    assert root.get("data-snap") == {"inches": "0.5"}.get(t.doc["units"], "1")
    assert root.find(f".//{NS}g[@id='section-ground']") is not None
    assert [g.get("id") for g in root][-1] == "edit-marks"
    assert [r.control.key for r in e.panel_state().rows][:5] == ["name", "kind", "x0", "x1", "elevation"]
    e.add("fighter")
    needed = required(t)
    assert [(p.place, p.message) for p in e.checked.problems] == needed
    played = e.done()
    if needed:
        n = len(needed)
        assert played.play is None and played.status == (
            f"Not played: {n} problem{'s' if n != 1 else ''} to mend first, each listed with a link to its piece.")
        for key in [place.rpartition(".")[2] for place, _ in needed]:
            control = next(c for c in e.panel_state().rows if c.control.key == key).control
            assert control.kind in ("choice", "whole"), control
            e.typed("fighter:fighter-1", key, control.choices[-1] if control.kind == "choice" else str(control.low))
        played = e.done()
    assert isinstance(played.play, Table) and played.status == f"Playing “{t.doc['title']}”."
    assert played.play.position("fighter-1") == "ground"
    assert t.doc == start  # the template's draft is never changed


def test_a_template_whose_rules_require_fighter_fields_lists_them() -> None:
    """Issue 26: "from a template for each rule set" with "the importer's own messages at their place": the
    Jumping rules require a fighter's Size and Move in tiles, so their template with a fighter added is not
    played, and the two messages stand at those two fields of its form."""
    (t,) = [t for t in templates() if required(t)]
    e = Editor(t.doc)
    e.add("fighter")
    assert [(p.place, p.message) for p in e.checked.problems] == [
        ("fighters[0].size", "Jumping ('jumping') needs it on every fighter: Tiny, Small, Medium or Large"),
        ("fighters[0].move_tiles", "Jumping ('jumping') needs it on every fighter: a whole number from 1 to 50")]
    rows = {r.control.key: r.problems for r in e.panel_state().rows if r.problems}
    assert rows == {"size": ("Jumping ('jumping') needs it on every fighter: Tiny, Small, Medium or Large",),
                    "move_tiles": ("Jumping ('jumping') needs it on every fighter: a whole number from 1 to 50",)}
    assert e.done().status == "Not played: 2 problems to mend first, each listed with a link to its piece."


def test_the_height_template_plays_after_adding_a_fighter() -> None:
    """Issue 26: "from a template for each rule set": the Height rules' template, with one fighter added,
    passes the full check and is put in play as it stands."""
    e = editor()
    e.add("fighter")
    assert e.checked.problems == ()
    played = e.done()
    assert played.play is not None
    assert [s.id for s in played.play.scenario.field.sections] == ["ground"]
    assert played.play.stands == (("fighter-1", played.play.scenario.fighters[0].start),)
    assert played.play.scenario.rules == tuple(HEIGHT.doc["rules"])


# -- hostile names --------------------------------------------------------------------------------------------


def test_a_hostile_title_or_name_never_reaches_the_page_as_markup() -> None:
    """Issue 26, the editor's form writes user text into the draft: a title, a section's name, a fighter's name
    and side holding markup reach the side view and the panel as text only (no element, no broken attribute),
    also in the delete question."""
    e = editor()
    e.typed("scenario:", "title", HOSTILE)
    e.select(("section", "ground"))
    e.typed("section:ground", "name", HOSTILE)
    e.add("fighter")
    e.typed("fighter:fighter-1", "name", HOSTILE)
    e.typed("fighter:fighter-1", "side", HOSTILE)
    drawn = e.select(("section", "ground"))
    asked = e.delete()
    assert (e.doc["title"], section(e, "ground")["name"], fighter(e, "fighter-1")["name"]) == (HOSTILE,) * 3
    root = svg_of(drawn)
    assert not [x for x in root.iter() if x.tag.split("}")[-1].lower() in ("script", "foreignobject")]
    texts = "".join(root.itertext())
    assert HOSTILE in texts
    assert any(HOSTILE in v for x in root.iter() for v in x.attrib.values())
    for panel in (drawn.panel, asked.panel):
        html = _Html(panel)
        assert "script" not in html.tags
        assert HOSTILE in "".join(html.texts)
        assert HOSTILE in html.values  # the form's field holds it as its value
    assert f"{HOSTILE} stands on it. What becomes of it?" in _Html(asked.panel).texts


# -- the issue's table ----------------------------------------------------------------------------------------


def build_table() -> Built:
    """The issue's whole table through the editor's events: :func:`build_sections`, the proposed borders
    accepted, the stair (at 8) and the ladder given their kind and a stated Height of 0, and six fighters: two
    on the street, one upstairs, one on the balcony, one in the courtyard, one on the tower."""
    b = build_sections()
    e, ids = b.e, b.ids
    e.accept_all()
    stair = next(i for i, p in enumerate(PROPOSED) if p.why.startswith("stacked"))
    ladder = next(i for i, p in enumerate(PROPOSED) if (p.a, p.b) == (ids["Courtyard"], ids["Tower"]))
    e.select(("border", str(stair)))
    e.typed(f"border:{stair}", "kind", "stair")
    e.typed(f"border:{stair}", "x", "8")
    e.typed(f"border:{stair}", "height", "0")
    e.typed(f"border:{ladder}", "kind", "ladder")
    e.typed(f"border:{ladder}", "height", "0")

    def placed(on: str, name: str, side: str) -> str:
        e.select(("section", ids[on]))
        e.add("fighter")
        assert e.selected is not None
        fid = e.selected[1]
        e.typed(f"fighter:{fid}", "name", name)
        e.typed(f"fighter:{fid}", "side", side)
        e.typed(f"fighter:{fid}", "moves", "Move 1 (Height 1)")
        return fid

    ash = placed("Street", "Ash", "Red")
    e.key("ArrowLeft", False)
    e.key("ArrowLeft", False)                                  # at 1 of the street
    placed("Street", "Bex", "Red")                            # at its centre, 3
    cai = placed("Ground floor", "Cai", "Blue")
    e.key("ArrowUp", False)                                    # upstairs, at 10
    placed("Balcony", "Dov", "Blue")
    eli = placed("Street", "Eli", "Blue")
    e.drop("fighter", eli, "", 17, 0, 20.2, 0.4)               # dragged into the courtyard, at 20
    fen = placed("Courtyard", "Fen", "Red")
    e.drop("fighter", fen, "", 4, 5, 25.4, 5.5)                # dragged up onto the tower, at 25
    assert (ash, cai) == ("fighter-1", "fighter-3")
    return b


BORDERS = [
    ["ground", "section-2"],
    {"between": ["section-2", "section-3"], "x": 8, "kind": "stair", "height": 0},
    ["section-3", "section-4"],
    ["section-4", "section-5"],
    ["section-5", "section-6"],
    {"between": ["section-6", "section-7"], "kind": "ladder", "height": 0},
    ["section-7", "section-8"],
    ["section-8", "section-9"],
]
FIGHTERS = [
    {"id": "fighter-1", "name": "Ash", "side": "Red", "section": "ground", "x": 1, "moves": ["Move 1 (Height 1)"]},
    {"id": "fighter-2", "name": "Bex", "side": "Red", "section": "ground", "moves": ["Move 1 (Height 1)"]},
    {"id": "fighter-3", "name": "Cai", "side": "Blue", "section": "section-3", "x": 10,
     "moves": ["Move 1 (Height 1)"]},
    {"id": "fighter-4", "name": "Dov", "side": "Blue", "section": "section-4", "moves": ["Move 1 (Height 1)"]},
    {"id": "fighter-5", "name": "Eli", "side": "Blue", "section": "section-6", "x": 20,
     "moves": ["Move 1 (Height 1)"]},
    {"id": "fighter-6", "name": "Fen", "side": "Red", "section": "section-7", "x": 25,
     "moves": ["Move 1 (Height 1)"]},
]


def test_the_issue_table_is_built_played_exported_and_imported_again() -> None:
    """Issue 26, Tests: "build this table from blank, play one move on it, export it, import it again" — the
    street, the house's two floors joined by a stair at 8, the balcony, the garden wall, the courtyard, the
    tower with a ladder, the ditch, the far bank and six fighters, built through the editor's events only;
    played (the full check passes); Cai walks down the stair with its stated Height 0 (no fall, H15); exported
    and loaded again, the same document."""
    b = build_table()
    e = b.e
    assert e.doc["sections"] == SECTIONS
    assert e.doc["borders"] == BORDERS
    assert e.doc["fighters"] == FIGHTERS
    assert e.checked.problems == () and e.checked.warnings == () and e.panel_state().proposals == ()
    assert HEIGHT.doc == {t.key: t for t in templates()}["rules-height"].doc  # the template was never changed
    played = e.done()
    table = played.play
    assert table is not None and played.status == "Playing “New battlefield”."
    assert table.positions == (("fighter-1", "ground"), ("fighter-2", "ground"), ("fighter-3", "section-3"),
                                ("fighter-4", "section-4"), ("fighter-5", "section-6"), ("fighter-6", "section-7"))
    verdict = height_play.move_verdict(table, "fighter-3", 0, b.ids["Ground floor"])
    assert verdict.allowed
    assert [str(s) for s in verdict.steps] == [
        "[H2] Move 1 (Height 1) moves up to 1 step with Height 1 (its own).",
        "[H2] Upper floor → Ground floor: down Height 0 by the stair (stated; the elevations are 3 apart, H15).",
        "[H8] No falling dice.",
        "[H3] Route chosen: fewest falling dice (0), then fewest steps (1)."]
    moved, roll = table.move("fighter-3", verdict)
    assert roll is None and moved.position("fighter-3") == "section-2"
    assert moved.log[-1].text == "Cai: Upper floor → Ground floor with Move 1 (Height 1) — moved"
    text = scenario_mod.dumps(moved.scenario, dict(moved.stands), rolls=moved.rolls, states=moved.export_states())
    again = scenario_mod.loads(text)
    assert scenario_mod.dumps(again) == text
    assert again.field == moved.scenario.field
    assert [(f.id, f.start) for f in again.fighters] == [(fid, moved.stand_of(fid)) for fid, _ in moved.positions]
    doc = json.loads(text)
    assert doc["fighters"][2] == {"id": "fighter-3", "name": "Cai", "side": "Blue", "section": "section-2",
                                  "moves": ["Move 1 (Height 1)"], "actions": []}
    reopened = Editor(doc)
    assert reopened.checked.problems == () and reopened.done().play is not None
