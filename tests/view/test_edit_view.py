"""The editor's renderer (issue 26): its marks over the side view and the side panel in Edit mode.

Source: issue 26 ("An Edit mode on the same side view, with the same zoom and pan"; "add borders, or let the
editor propose them … each proposal listed to accept or refuse"; "edit a fighter's fields … in a form built
from the declared fields, checked as you type, with the importer's own messages at their place"; "Snap to a
grid in the scenario's unit, with an adjustable step"; "Deleting a section that a fighter stands on asks what
to do"; "the problems are listed, each a link to its piece"; "Everything in the editor works from the keyboard
and has accessible names").  Structure is asserted on the parsed SVG and on the panel's element tree, not on
bytes.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from vertigo import scenario as scenario_mod
from vertigo.editing import Control, Problem, Proposal, Template, blank, controls, shown
from vertigo.editing.form import KINDS
from vertigo.lengths import UNITS
from vertigo.rules import REGISTRY
from vertigo.table import Table
from vertigo_view.edit_marks import GRIP_LONG_PX, GRIP_PX, MAX_GRID_LINES, edit_marks, grid_lines
from vertigo_view.edit_panel import FormRow, PanelState, editor_panel, start_panel
from vertigo_view.frame import _Frame
from vertigo_view.panels import to_html
from vertigo_view.side_view import render

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
NS = "{http://www.w3.org/2000/svg}"
HOSTILE = '<script>alert(1)</script> "&<>'


def table(name: str = "cliff.json", doc: dict[str, Any] | None = None) -> Table:
    return Table.start(scenario_mod.load(doc or json.loads((SCENARIOS / name).read_text(encoding="utf-8"))))


def marks(t: Table, selected: tuple[str, str] | None = None, proposals: tuple[Proposal, ...] = (),
          grid: Fraction | None = None) -> ET.Element:
    return ET.fromstring(edit_marks(t, selected, proposals, grid))


def classed(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def state(**changes: Any) -> PanelState:
    base: dict[str, Any] = dict(units="height", title="Cliff", selected=None, selected_name="Battlefield", rows=(),
                                proposals=(), problems=(), warnings=(), snap=True, step="1", undo_label=None,
                                redo_label=None, draft_note="Draft saved on this device.")
    base.update(changes)
    return PanelState(**base)


def buttons(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter("button")]


def actions(root: ET.Element) -> list[tuple[str | None, str | None]]:
    return [(b.get("data-action"), b.get("data-arg")) for b in buttons(root)]


def by_action(root: ET.Element, action: str) -> list[ET.Element]:
    return [b for b in buttons(root) if b.get("data-action") == action]


def text(e: ET.Element) -> str:
    return "".join(e.itertext())


# -- the marks over the side view ---------------------------------------------------------------------------


def test_the_marks_are_one_group_that_closes_the_side_view() -> None:
    """The page inserts the marks just before ``</svg>``: one ``g#edit-marks.edit-marks``, the view's last child."""
    t = table()
    text_ = edit_marks(t, ("section", "cliff-top"), (), Fraction(1))
    drawing = render(t)
    root = ET.fromstring(drawing[: -len("</svg>")] + text_ + "</svg>")
    last = root[-1]
    assert (last.tag, last.get("id"), last.get("class")) == (f"{NS}g", "edit-marks", "edit-marks")
    assert ET.fromstring(text_).tag == "g"


def test_a_selected_section_has_its_outline_and_three_grips_at_its_ends_and_middle() -> None:
    """The selected section is outlined, with a grip on each end (on its surface there) and one for its elevation
    under the middle of its surface; each grip is hidden from assistive technology (the keys do the same)."""
    t = table()
    frame = _Frame.of(t)
    s = t.scenario.field.section("cliff-top")
    root = marks(t, ("section", "cliff-top"))
    outline = classed(root, "edit-selected")
    assert [(e.tag, e.get("data-section"), e.get("x"), e.get("width"), e.get("y")) for e in outline] == [
        ("rect", "cliff-top", str(frame.x(0)), str(frame.x(5)), str(frame.y(3)))]
    grips = classed(root, "grip")
    assert [(g.tag, g.get("data-grip"), g.get("data-section"), g.get("aria-hidden")) for g in grips] == [
        ("rect", "x0", "cliff-top", "true"), ("rect", "x1", "cliff-top", "true"), ("rect", "y", "cliff-top", "true")]
    top = frame.y(s.elevation)
    # (left, top, width, height) at one SVG unit per px: the ends' grips centred on each end of the surface,
    # the elevation's hanging under the middle of it.
    assert [tuple(float(g.get(k, "nan")) for k in ("x", "y", "width", "height")) for g in grips] == [
        (frame.x(0) - GRIP_PX / 2, top - GRIP_LONG_PX / 2, GRIP_PX, GRIP_LONG_PX),
        (frame.x(5) - GRIP_PX / 2, top - GRIP_LONG_PX / 2, GRIP_PX, GRIP_LONG_PX),
        (frame.x(s.centre) - GRIP_LONG_PX / 2, top, GRIP_LONG_PX, GRIP_PX)]


def test_a_grip_keeps_its_css_px_size_at_every_zoom() -> None:
    """A grip is a tap target of at least 24 CSS px either way at every zoom: its box is worked out from
    ``--k`` (across) and ``--ky`` (up), the SVG units per CSS px the page sets, and it is not inside a ``.px``
    marker group, so a drag's ``transform`` on it is in SVG units."""
    root = marks(table(), ("section", "cliff-foot"))
    grip = classed(root, "grip")[0]
    style = grip.get("style", "")
    assert "width: calc(24px * var(--k, 1))" in style
    assert "height: calc(32px * var(--ky, var(--k, 1)))" in style
    assert re.search(r"x: calc\(240px - 12px \* var\(--k, 1\)\)", style)
    assert min(GRIP_PX, GRIP_LONG_PX) >= 24
    parents = {c: p for p in root.iter() for c in p}
    assert parents[grip] is root


def test_a_stair_sections_grips_stand_on_its_end_steps() -> None:
    """Stairs: the left grip on the lowest step's surface at its left end, the right one on the top step."""
    t = table("staircase.json")
    frame = _Frame.of(t)
    s = t.scenario.field.section("stair")
    x0, x1 = classed(marks(t, ("section", "stair")), "grip")[:2]
    assert float(x0.get("y", "")) == frame.y(s.surface(s.x0)) - GRIP_LONG_PX / 2
    assert float(x1.get("y", "")) == frame.y(s.surface(s.x1)) - GRIP_LONG_PX / 2
    assert s.surface(s.x0) != s.surface(s.x1)


def test_a_selected_fighter_is_ringed_and_nothing_else_is_marked() -> None:
    root = marks(table(), ("fighter", "goat"))
    rings = classed(root, "edit-ring")
    assert rings and {r.get("data-fighter") for r in rings} == {"goat"}
    assert classed(root, "grip") == classed(root, "edit-selected") == []


@pytest.mark.parametrize("selected", [None, ("section", "no-such"), ("fighter", "no-such"), ("border", "0"),
                                      ("scenario", "")])
def test_a_selection_the_drawing_lacks_marks_nothing(selected: tuple[str, str] | None) -> None:
    root = marks(table(), selected)
    assert list(root) == []


def test_the_grid_draws_a_line_every_step_across_the_field() -> None:
    """Snap to a grid in the scenario's unit: the cliff's sections run from 0 to 20, so a step of 1 draws 21
    lines from the view's top to its bottom, a step of 2.5 draws 9 (0, 2.5 … 20)."""
    t = table()
    frame = _Frame.of(t)
    lo = min(s.x0 for s in t.scenario.field.sections)
    hi = max(s.x1 for s in t.scenario.field.sections)
    assert (lo, hi) == (0, 20)
    (grid,) = classed(marks(t, grid=Fraction(1)), "edit-grid")
    (path,) = list(grid)  # one path of hairlines: the drawing is rewritten on every edit
    moves = re.findall(r"M(-?[\d.]+) (-?[\d.]+)v(-?[\d.]+)", path.get("d", ""))
    assert len(moves) == 21 == int(path.get("data-lines", ""))
    assert [float(x) for x, _, _ in moves] == [round(frame.x(i), 2) for i in range(21)]
    assert {(float(y), float(v)) for _, y, v in moves} == {
        (round(frame.y(frame.top), 2), round(frame.y(frame.bottom) - frame.y(frame.top), 2))}
    assert (grid.get("data-step"), grid.get("data-asked"), grid.get("aria-hidden")) == ("1", "1", "true")
    (coarse,) = classed(marks(t, grid=Fraction(5, 2)), "edit-grid")
    assert coarse[0].get("data-lines") == "9"


@pytest.mark.parametrize("grid", [None, Fraction(0), Fraction(-1)])
def test_no_grid_without_a_step_above_zero(grid: Fraction | None) -> None:
    assert classed(marks(table(), grid=grid), "edit-grid") == []


def test_a_fine_grid_over_a_wide_field_is_drawn_coarser_within_the_cap() -> None:
    """At most MAX_GRID_LINES lines: a step of 1/1000 over the cliff's 20 would be 20 001 lines; it is drawn at
    the smallest whole multiple of the step that keeps to the cap (51/1000: 393 lines)."""
    assert grid_lines(Fraction(0), Fraction(10), Fraction(1)) == (Fraction(1), tuple(Fraction(i) for i in range(11)))
    step, xs = grid_lines(Fraction(0), Fraction(1000), Fraction(1))
    assert (step, len(xs), xs[0], xs[-1]) == (3, 334, 0, 999)
    step, xs = grid_lines(Fraction(-6), Fraction(24), Fraction(1, 2))
    assert (step, len(xs), xs[0]) == (Fraction(1, 2), 61, -6)
    (grid,) = classed(marks(table(), grid=Fraction(1, 1000)), "edit-grid")
    assert int(grid[0].get("data-lines", "")) == 393 <= MAX_GRID_LINES
    assert (grid.get("data-step"), grid.get("data-asked")) == ("0.051", "0.001")
    with pytest.raises(ValueError, match="above 0"):
        grid_lines(Fraction(0), Fraction(1), Fraction(0))


def test_each_proposal_is_a_dashed_line_between_the_two_surfaces_titled_with_both_names() -> None:
    """A proposed border is drawn at its x from one section's surface to the other's; its title names both."""
    t = table()
    frame = _Frame.of(t)
    root = marks(t, proposals=(Proposal("cliff-top", "overhang", 3, "stacked over x 1–3"),
                               Proposal("cliff-top", "gone", 5, "side by side at x 5")))
    (line,) = classed(root, "proposal")
    assert (line.tag, line.get("x1"), line.get("x2"), line.get("y1"), line.get("y2")) == (
        "line", str(frame.x(3)), str(frame.x(3)), str(frame.y(3)), str(frame.y(5)))
    assert line.findtext("title") == "Proposed border: Cliff top – Overhang (stacked over x 1–3)"
    assert (line.get("data-a"), line.get("data-b")) == ("cliff-top", "overhang")
    assert classed(root, "proposal-dot") == []


def test_a_proposal_between_two_surfaces_at_one_height_has_a_dot_as_well() -> None:
    """Side by side at one height the line has no length: a dot in CSS px marks the proposal."""
    t = table("ruined-street.json")
    frame = _Frame.of(t)
    root = marks(t, proposals=(Proposal("west-gate", "market-west", 3, "side by side at x 3"),
                               Proposal("market-west", "fountain", 5.5, "side by side at x 5.5")))
    assert len(classed(root, "proposal")) == 2
    (dot,) = classed(root, "proposal-dot")
    assert (dot.get("data-a"), dot.get("data-b")) == ("west-gate", "market-west")
    assert root.find("g[@class='pin']").get("transform") == f"translate({frame.x(3)} {frame.y(0)})"  # type: ignore[union-attr]


def test_hostile_names_reach_the_marks_as_text() -> None:
    """A section named ``<script>…`` is drawn in a proposal's and a grip's title as text, never as markup."""
    doc = json.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8"))
    doc["sections"][0]["name"] = HOSTILE
    t = table(doc=doc)
    out = edit_marks(t, ("section", "cliff-top"), (Proposal("cliff-top", "overhang", 3, HOSTILE),), None)
    assert "<script>" not in out
    root = ET.fromstring(out)
    assert not [e for e in root.iter() if e.tag == "script"]
    (line,) = classed(root, "proposal")
    assert line.findtext("title") == f"Proposed border: {HOSTILE} – Overhang ({HOSTILE})"
    assert classed(root, "grip")[0].findtext("title") == f"Drag to move the left end of {HOSTILE}"


# -- the panel ------------------------------------------------------------------------------------------------


def test_the_panel_parts_come_in_order_with_their_headings() -> None:
    """Tools, the draft's note, the form, the delete question, the proposals, the problems, the warnings, then the
    two ways out, last."""
    s = state(selected=("section", "hall"), selected_name="Section Hall", asking_delete=("Archer",),
              proposals=(Proposal("hall", "loft", 6, "stacked over x 6–14"),),
              problems=(Problem("sections[0].x", "x must be 2 numbers", ("section", "hall")),),
              warnings=(Problem("fighters[0]", "Archer stands through Loft", ("fighter", "archer")),),
              rows=(FormRow(Control("name", "Name", "what it is called", "text"), "Hall"),))
    root = editor_panel(s)
    assert (root.tag, root.get("data-testid")) == ("div", "edit-panel")
    assert [c.get("data-testid") for c in root] == [
        None, "edit-tools", None, "draft-note", "edit-form", "edit-delete-question", "edit-proposals",
        "edit-problems", "edit-warnings", None]
    assert [h.text for h in root.iter() if h.tag in ("h2", "h3")] == [
        "Editing Cliff", "Section Hall", "Delete Section Hall?", "Proposed borders", "Problems (1)", "Warnings (1)"]
    assert actions(root[-1]) == [("edit-done", None), ("edit-leave", None), ("edit-export", None)]
    assert [b.text for b in buttons(root[-1])] == [
        "Play this battlefield", "Back to the table in play", "Export the draft"]


def test_the_tools_offer_each_add_and_stairs_only_at_true_scale() -> None:
    """Add ground, slab, (stairs in feet and inches), fighter, border, then each rule set's piece."""
    pieces = (("features", "feature"),)
    height = [a for a in actions(editor_panel(state(pieces=pieces))) if a[0] == "edit-add"]
    assert height == [("edit-add", "ground"), ("edit-add", "slab"), ("edit-add", "fighter"), ("edit-add", "border"),
                      ("edit-add", "features")]
    for units in ("feet", "inches"):
        adds = [a for a in actions(editor_panel(state(units=units))) if a[0] == "edit-add"]
        assert adds == [("edit-add", "ground"), ("edit-add", "slab"), ("edit-add", "stairs"), ("edit-add", "fighter"),
                        ("edit-add", "border")]
    adds = by_action(editor_panel(state(pieces=pieces)), "edit-add")
    (feature,) = [b for b in adds if b.get("data-arg") == "features"]
    assert feature.text == "Add feature"


def test_add_border_waits_for_a_selected_section() -> None:
    def border(s: PanelState) -> ET.Element:
        return next(b for b in by_action(editor_panel(s), "edit-add") if b.get("data-arg") == "border")

    assert border(state()).get("disabled") == "disabled"
    assert border(state(selected=("fighter", "a"), selected_name="Fighter A")).get("disabled") == "disabled"
    assert border(state(selected=("section", "hall"), selected_name="Section Hall")).get("disabled") is None


def test_delete_is_offered_only_with_a_piece_selected_and_names_it() -> None:
    assert by_action(editor_panel(state()), "edit-delete") == []
    assert by_action(editor_panel(state(selected=("scenario", ""))), "edit-delete") == []
    (delete,) = by_action(editor_panel(state(selected=("fighter", "archer"), selected_name="Fighter Archer")),
                          "edit-delete")
    assert (delete.text, delete.get("aria-label"), delete.get("aria-keyshortcuts")) == (
        "Delete", "Delete Fighter Archer", "Delete")


def test_undo_and_redo_say_what_they_take_back_and_wait_when_there_is_nothing() -> None:
    root = editor_panel(state(undo_label="Move Section Hall"))
    (undo,), (redo,) = by_action(root, "edit-undo"), by_action(root, "edit-redo")
    assert (undo.text, undo.get("aria-label"), undo.get("title"), undo.get("disabled")) == (
        "Undo edit", "Undo edit: Move Section Hall", "Undo edit: Move Section Hall", None)
    assert (redo.text, redo.get("aria-label"), redo.get("disabled")) == (
        "Redo edit", "Redo edit (nothing to redo)", "disabled")
    assert undo.get("aria-keyshortcuts") == "Control+Z"


@pytest.mark.parametrize("snap", [True, False])
def test_the_snap_toggle_says_whether_it_is_on_and_its_step_is_a_labelled_field(snap: bool) -> None:
    root = editor_panel(state(snap=snap, step="0.5", units="feet"))
    (toggle,) = by_action(root, "edit-snap")
    assert (toggle.get("aria-pressed"), toggle.get("aria-keyshortcuts")) == (str(snap).lower(), "S")
    (step,) = [e for e in root.iter("input") if e.get("id") == "edit-step"]
    assert (step.get("value"), step.get("data-edit-step")) == ("0.5", "")
    assert [lb.text for lb in root.iter("label") if lb.get("for") == "edit-step"] == ["Step"]


def test_a_draft_that_is_not_saved_says_so_as_an_alert() -> None:
    saved = next(e for e in editor_panel(state()).iter() if e.get("data-testid") == "draft-note")
    assert (saved.text, saved.get("role")) == ("Draft saved on this device.", None)
    note = "Draft NOT saved: the browser's storage is full."
    unsaved = next(e for e in editor_panel(state(draft_note=note)).iter() if e.get("data-testid") == "draft-note")
    assert (unsaved.text, unsaved.get("role")) == (note, "alert")


ROW_KINDS = {
    "text": ("input", "text"), "number": ("input", "text"), "whole": ("input", "text"), "length": ("input", "text"),
    "flag": ("input", "checkbox"), "choice": ("select", None), "section": ("select", None),
    "entries": ("textarea", None),
}


def form_state(*rows: FormRow, **changes: Any) -> PanelState:
    return state(selected=("fighter", "archer"), selected_name="Fighter Archer", rows=rows,
                 sections=(("hall", "Hall"), ("loft", "Loft")), **changes)


@pytest.mark.parametrize("kind", KINDS)
def test_every_control_kind_is_its_own_field_with_its_label(kind: str) -> None:
    """Every kind of control the core builds is drawn as its element, labelled (``<label for>``), and carries
    its key and piece for the page (``data-edit``, ``data-piece``)."""
    assert set(ROW_KINDS) == set(KINDS)
    control = Control("moves", "Move entries", "one a line", kind, choices=("walk", "run"))
    root = editor_panel(form_state(FormRow(control, "")))
    (field,) = [e for e in root.iter() if e.get("data-edit") == "moves"]
    assert (field.tag, field.get("type")) == ROW_KINDS[kind]
    assert (field.get("id"), field.get("data-piece")) == ("edit-field-moves", "fighter:archer")
    labels = [lb for lb in root.iter("label") if lb.get("for") == field.get("id")]
    assert [text(lb) for lb in labels] == ["Move entries"]
    if kind == "flag":  # the check box inside its label, before the words
        assert list(labels[0]) == [field] and field.tail == "Move entries"
    (hint,) = [e for e in root.iter("p") if e.get("id") == "edit-help-moves"]
    assert hint.text == "one a line" and field.get("aria-describedby") == "edit-help-moves"


@pytest.mark.parametrize("units", UNITS)
@pytest.mark.parametrize("on", ["fighter", "section", "border", "scenario"])
def test_every_control_the_rule_sets_declare_is_a_labelled_field(units: str, on: str) -> None:
    """The form the core builds from the declared fields (every rule set that measures in the unit) is drawn
    whole: one field per control, each labelled with the control's own label."""
    doc = blank(units, tuple(r.id for r in REGISTRY.values() if units in r.units))
    built = controls(doc, on)
    obj = doc if on == "scenario" else doc["sections"][0]
    root = editor_panel(form_state(*(FormRow(c, shown(obj, c)) for c in built), units=units))
    fields = [e for e in root.iter() if e.get("data-edit")]
    assert [f.get("data-edit") for f in fields] == [c.key for c in built]
    labels = {lb.get("for"): text(lb) for lb in root.iter("label")}
    assert [labels[f.get("id")] for f in fields] == [c.label for c in built]


def test_each_field_shows_the_drafts_value() -> None:
    rows = (FormRow(Control("name", "Name", "", "text"), "Archer"),
            FormRow(Control("up", "Up", "", "flag"), "true"),
            FormRow(Control("down", "Down", "", "flag"), "false"),
            FormRow(Control("kind", "Kind", "", "choice", choices=("", "stair", "ladder")), "ladder"),
            FormRow(Control("section", "Section", "", "section"), "loft"),
            FormRow(Control("moves", "Moves", "", "entries"), "Move 1\nMove 2 (Height 2)"),
            FormRow(Control("odd", "Odd", "", "choice", choices=("a", "b")), "zz"))
    root = editor_panel(form_state(*rows))
    field = {e.get("data-edit"): e for e in root.iter() if e.get("data-edit")}
    assert field["name"].get("value") == "Archer"
    assert (field["up"].get("checked"), field["down"].get("checked")) == ("checked", None)
    assert [(o.get("value"), o.text, o.get("selected")) for o in field["kind"]] == [
        ("", "(default)", None), ("stair", "stair", None), ("ladder", "ladder", "selected")]
    assert [(o.get("value"), o.text, o.get("selected")) for o in field["section"]] == [
        ("hall", "Hall", None), ("loft", "Loft", "selected")]
    assert field["moves"].text == "Move 1\nMove 2 (Height 2)"
    assert [(o.get("value"), o.get("selected")) for o in field["odd"]] == [("zz", "selected"), ("a", None), ("b", None)]


def test_a_number_field_gives_its_bounds_and_a_keypad_when_none_is_negative() -> None:
    """A number is typed as text (a typed ``-`` or ``1.`` is kept as typed, where a number input reads it as
    empty), with its bounds in ``data-min`` / ``data-max`` and in its hint."""
    rows = (FormRow(Control("dice_seed", "Dice seed", "every roll derives from it", "whole", 0, 99), "7"),
            FormRow(Control("elevation", "Elevation", "in Height levels", "number", -5, None), "-2"))
    root = editor_panel(form_state(*rows))
    field = {e.get("data-edit"): e for e in root.iter() if e.get("data-edit")}
    seed, elevation = field["dice_seed"], field["elevation"]
    assert (seed.get("type"), seed.get("inputmode"), seed.get("data-min"), seed.get("data-max")) == (
        "text", "numeric", "0", "99")
    assert (elevation.get("inputmode"), elevation.get("data-min"), elevation.get("data-max")) == (None, "-5", None)
    hints = {e.get("id"): e.text for e in root.iter("p") if e.get("class") == "hint"}
    assert hints["edit-help-dice_seed"] == "every roll derives from it. From 0 to 99."
    assert hints["edit-help-elevation"] == "in Height levels. At least -5."


def test_the_importers_messages_stand_at_their_field() -> None:
    """The importer's own messages at a field: ``.edit-problem#problem-<key>``, describing its field, which is
    marked invalid; a field without one is not."""
    rows = (FormRow(Control("x", "Across", "in feet", "length"), "12 parsecs", ("x must be a length: '12 parsecs'",)),
            FormRow(Control("name", "Name", "", "text"), "Archer"))
    root = editor_panel(form_state(*rows))
    (problem,) = [e for e in root.iter() if "edit-problem" in (e.get("class") or "").split()]
    assert (problem.get("id"), problem.text) == ("problem-x", "x must be a length: '12 parsecs'")
    field = {e.get("data-edit"): e for e in root.iter() if e.get("data-edit")}
    assert field["x"].get("aria-describedby") == "edit-help-x problem-x"
    assert field["x"].get("aria-invalid") == "true"
    assert (field["name"].get("aria-describedby"), field["name"].get("aria-invalid")) == (None, None)


def test_a_rule_sets_fields_are_grouped_under_its_title() -> None:
    rows = (FormRow(Control("name", "Name", "", "text"), "A"),
            FormRow(Control("sm", "Size Modifier", "", "whole", rule="Some rules"), "0"),
            FormRow(Control("move", "Move", "", "number", rule="Other rules"), "5"),
            FormRow(Control("weapons", "Weapons", "", "entries", rule="Some rules"), ""))
    form = next(e for e in editor_panel(form_state(*rows)).iter() if e.get("data-testid") == "edit-form")
    sets = list(form.iter("fieldset"))
    assert [s.findtext("legend") for s in sets] == ["Some rules", "Other rules"]
    assert [[e.get("data-edit") for e in s.iter() if e.get("data-edit")] for s in sets] == [["sm", "weapons"],
                                                                                          ["move"]]


def test_the_delete_question_asks_only_while_asking() -> None:
    assert [a for a in actions(editor_panel(state())) if a[0] and a[0].startswith("edit-delete-")] == []
    root = editor_panel(state(selected=("section", "hall"), selected_name="Section Hall",
                              asking_delete=("Archer", "Scout")))
    question = next(e for e in root.iter() if e.get("data-testid") == "edit-delete-question")
    assert [(b.get("data-action"), b.text) for b in buttons(question)] == [
        ("edit-delete-below", "Move them to the surface below"), ("edit-delete-with", "Delete them too"),
        ("edit-delete-cancel", "Keep the section")]
    (said,) = [p for p in question.iter("p") if p.get("role") == "alert"]
    assert said.text == "Archer and Scout stand on it. What becomes of them?"


def test_each_proposal_is_accepted_or_refused_by_its_pair() -> None:
    proposals = (Proposal("hall", "loft", 6, "stacked over x 6–14"), Proposal("loft", "yard", 14, "side by side"))
    root = editor_panel(state(proposals=proposals, sections=(("hall", "Hall"), ("loft", "Loft"))))
    part = next(e for e in root.iter() if e.get("data-testid") == "edit-proposals")
    assert actions(part) == [("edit-accept", "hall|loft"), ("edit-refuse", "hall|loft"), ("edit-accept", "loft|yard"),
                             ("edit-refuse", "loft|yard"), ("edit-accept-all", None)]
    assert [b.get("aria-label") for b in buttons(part)] == [
        "Accept the border Hall – Loft", "Refuse the border Hall – Loft", "Accept the border Loft – yard",
        "Refuse the border Loft – yard", "Accept all 2 proposed borders"]
    assert [e.text for e in part.iter("span") if e.get("class") == "proposal-text"] == [
        "Hall – Loft: stacked over x 6–14", "Loft – yard: side by side"]
    assert not [e for e in editor_panel(state()).iter() if e.get("data-testid") == "edit-proposals"]


def test_each_problem_and_warning_is_a_button_to_its_piece() -> None:
    """The problems are listed, each a link to its piece: ``edit-go`` with ``"kind:id"``, reading ``"place:
    message"``; one that names no piece is plain text."""
    problems = (Problem("sections[0].x", "x must be 2 numbers", ("section", "hall")),
                Problem("vertigo", "this is not a version 2 document", None))
    warnings = (Problem("fighters[1]", "Archer stands through Loft", ("fighter", "archer")),)
    root = editor_panel(state(problems=problems, warnings=warnings))
    found = {e.get("data-testid"): e for e in root.iter() if e.get("data-testid") in ("edit-problems", "edit-warnings")}
    assert [(b.get("data-action"), b.get("data-arg"), b.text) for b in buttons(found["edit-problems"])] == [
        ("edit-go", "section:hall", "sections[0].x: x must be 2 numbers")]
    assert [text(li) for li in found["edit-problems"].iter("li")] == [
        "sections[0].x: x must be 2 numbers", "vertigo: this is not a version 2 document"]
    assert [(b.get("data-arg"), b.text) for b in buttons(found["edit-warnings"])] == [
        ("fighter:archer", "fighters[1]: Archer stands through Loft")]


def test_with_no_problem_the_panel_says_so_and_shows_no_warnings_part() -> None:
    root = editor_panel(state())
    part = next(e for e in root.iter() if e.get("data-testid") == "edit-problems")
    assert part.findtext("h3") == "Problems"
    assert part.findtext("p") == "No problems: this battlefield can be played."
    assert not [e for e in root.iter() if e.get("data-testid") == "edit-warnings"]


def test_hostile_strings_reach_the_panel_as_text() -> None:
    """A title, a name, a value, a message, a choice and a section's name that read as markup are written as
    text: the HTML holds no ``<script>`` tag, and each reads back whole."""
    rows = (FormRow(Control("name", HOSTILE, HOSTILE, "text"), HOSTILE, (HOSTILE,)),
            FormRow(Control("kind", "Kind", "", "choice", choices=(HOSTILE,)), HOSTILE),
            FormRow(Control("section", "Section", "", "section"), "hall"),
            FormRow(Control("notes", "Notes", "", "entries"), HOSTILE))
    s = state(title=HOSTILE, selected=("section", "hall"), selected_name=HOSTILE, rows=rows,
              sections=(("hall", HOSTILE),), asking_delete=(HOSTILE,),
              proposals=(Proposal("hall", "loft", 1, HOSTILE),), problems=(Problem(HOSTILE, HOSTILE, None),),
              warnings=(Problem("x", HOSTILE, ("section", "hall")),), undo_label=HOSTILE, draft_note=HOSTILE)
    root = editor_panel(s)
    html = to_html(root)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert root.findtext("h2") == f"Editing {HOSTILE}"
    assert not [e for e in root.iter() if e.tag == "script"]
    field = {e.get("data-edit"): e for e in root.iter() if e.get("data-edit")}
    assert field["name"].get("value") == HOSTILE
    assert field["notes"].text == HOSTILE
    assert [o.text for o in field["section"]] == [HOSTILE]
    assert by_action(root, "edit-undo")[0].get("aria-label") == f"Undo edit: {HOSTILE}"
    start = start_panel((), (("x.json", HOSTILE),), False, HOSTILE)
    assert "<script>" not in to_html(start)
    assert [b.text for b in by_action(start, "edit-start")][-1] == HOSTILE


def test_every_button_is_named_by_its_text_and_every_field_has_a_label() -> None:
    """Keyboard and screen readers: every button is a ``<button type="button">`` whose accessible name starts
    with its visible text (WCAG 2.5.3), every field has a ``<label for>`` and a unique id."""
    rows = tuple(FormRow(Control(f"k-{kind}", f"Label {kind}", "", kind, choices=("a",)), "") for kind in KINDS)
    s = state(selected=("section", "hall"), selected_name="Section Hall", rows=rows, asking_delete=("A",),
              proposals=(Proposal("hall", "loft", 1, "side by side"),), pieces=(("features", "feature"),),
              problems=(Problem("x", "bad", ("section", "hall")),), undo_label="Move", redo_label="Add")
    for root in (editor_panel(s), start_panel(
            (Template("blank-feet", "Blank, in feet", {}),), (("cliff.json", "The cliff"),), True, "A draft.")):
        for b in buttons(root):
            assert b.get("type") == "button" and b.text
            assert (b.get("aria-label") or b.text).startswith(b.text), b.text
        fields = [e for e in root.iter() if e.tag in ("input", "select", "textarea")]
        ids = [f.get("id") for f in fields]
        assert len(set(ids)) == len(ids) and None not in ids
        labelled = {lb.get("for") for lb in root.iter("label")}
        assert set(ids) <= labelled


def test_the_start_panel_offers_the_draft_this_battlefield_each_bundled_one_and_each_template() -> None:
    templates = (Template("blank-feet", "Blank, in feet", {}), Template("rules-x", "A rule set's battlefield", {}))
    bundled = (("cliff.json", "The cliff"), ("staircase.json", "The staircase"))
    root = start_panel(templates, bundled, True, "A draft is kept on this device.")
    assert root.get("data-testid") == "edit-start"
    assert [(b.get("data-arg"), b.text) for b in by_action(root, "edit-start")] == [
        ("draft", "Resume the draft"), ("current", "This battlefield"), ("bundled:cliff.json", "The cliff"),
        ("bundled:staircase.json", "The staircase"), ("template:blank-feet", "Blank, in feet"),
        ("template:rules-x", "A rule set's battlefield")]
    assert root.findtext("p") == "A draft is kept on this device."
    assert actions(root)[-1] == ("edit-leave", None)
    bare = start_panel(templates, (), False, "")
    assert [b.get("data-arg") for b in by_action(bare, "edit-start")] == [
        "current", "template:blank-feet", "template:rules-x"]
    assert bare.findtext("p") is None
