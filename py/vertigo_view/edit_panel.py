"""The side panel in Edit mode (issue 26): how to start, then the tools, the selected piece's form and the checks.

:func:`start_panel` offers what to start from; :func:`editor_panel` draws what the editor's page state
(:class:`PanelState`, filled by ``vertigo_page.editor``) holds, in this order: the tools, the draft's note, the
selected piece's form (built from the controls the rule sets declare, :func:`vertigo.editing.controls`), the
question a section's deletion asks, the proposed borders, the problems, the warnings, and the two ways out.

Buttons carry ``data-action`` and ``data-arg`` as every panel does (the actions are listed in
:func:`editor_panel`); a form field carries ``data-edit`` (its key) and ``data-piece`` (``"kind:id"``), has a
``<label for>``, and is described (``aria-describedby``) by its help and by the importer's messages at it
(``.edit-problem``, ``id="problem-<key>"``).

Pure functions of plain values, built with ElementTree: every name, title and message reaches the page as text,
names isolated (:func:`vertigo.text.isolate`) as the rest of the panel writes them.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vertigo.lengths import UNIT_SIGN
from vertigo.numbers import fmt
from vertigo.text import isolate, joined

from .frame import SYSTEMS
from .panels import button, el

if TYPE_CHECKING:
    from vertigo.editing import Control, Piece, Problem, Proposal, Template

__all__ = ["FormRow", "PanelState", "editor_panel", "start_panel", "piece_arg"]

@dataclass(frozen=True)
class FormRow:
    """One field of the selected piece's form.

    Attributes:
        control: what the field is (its key, label, help, kind, bounds, choices, rule set).
        value: the text the field shows (:func:`vertigo.editing.shown`; ``""`` when unset).
        problems: the importer's messages about this field, each one sentence.
    """

    control: Control
    value: str
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class PanelState:
    """What the side panel shows in Edit mode.

    Attributes:
        units: the draft's unit system (``"height"``, ``"feet"``, ``"inches"``).
        title: the draft's title.
        selected: the selected piece, or None.
        selected_name: the selected piece as the panel names it (``"Section Hall"``, ``"Border Hall – Loft"``).
        rows: the selected piece's form (the scenario's when nothing is selected).
        proposals: the borders the editor proposes.
        problems: the importer's problems with the draft.
        warnings: the drawn checks' warnings.
        snap: whether drags and keys snap to the grid.
        step: the snap step as text, in the unit (``"1"``, ``"0.5"``).
        undo_label: what Undo would take back, or None when nothing; redo_label likewise.
        draft_note: where the draft is kept: ``"Draft saved on this device."`` or, as an alert, any other note
            (``"Draft NOT saved: <reason>"``); ``""`` for none.
        asking_delete: the names of the fighters standing on a section being deleted (the panel asks what
            becomes of them); empty when not asking.
        sections: ``(id, name)`` of every section, for the fields that name one.
        pieces: ``(key, label)`` of the rule sets' top-level pieces the draft may add (``("features", "feature")``).
    """

    units: str
    title: str
    selected: Piece | None
    selected_name: str
    rows: tuple[FormRow, ...]
    proposals: tuple[Proposal, ...]
    problems: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    snap: bool
    step: str
    undo_label: str | None
    redo_label: str | None
    draft_note: str
    asking_delete: tuple[str, ...] = ()
    sections: tuple[tuple[str, str], ...] = ()
    pieces: tuple[tuple[str, str], ...] = ()
    borders: tuple[tuple[str, str], ...] = ()


SAVED = "Draft saved"
"""How a note saying the draft is kept begins; any other note is shown as an alert."""
_TRUE = frozenset({"true", "yes", "on", "1"})
"""The texts a flag shows when it is set."""


def piece_arg(piece: Piece | None) -> str:
    """A piece as ``data-piece`` and ``edit-go`` write it: ``"kind:id"`` (``"scenario:"`` for the scenario's, and
    for None)."""
    kind, ident = piece if piece is not None else ("scenario", "")
    return f"{kind}:{ident}"


def editor_panel(state: PanelState) -> ET.Element:
    """The side panel in Edit mode.

    Returns:
        ``<div class="edit-panel" data-testid="edit-panel">`` holding, in order: its heading (the draft's title);
        the tools (:func:`_tools`: ``edit-add`` with ``ground``, ``slab``, ``stairs`` (feet and inches only),
        ``fighter``, ``border``, each piece key; ``edit-delete``; ``edit-undo``, ``edit-redo``; ``edit-snap`` and
        the step field ``#edit-step[data-edit-step]``); the draft's note (``role="alert"`` when not saved); the
        selected piece's form (:func:`_form`); the question a deletion asks (``edit-delete-below``,
        ``edit-delete-with``, ``edit-delete-cancel``); the proposed borders (``edit-accept`` / ``edit-refuse``
        with ``"a|b"``, ``edit-accept-all``); the problems and the warnings (``edit-go`` with ``"kind:id"``);
        then ``edit-done``, ``edit-leave`` and ``edit-export``.
    """
    box = el(None, "div", class_="edit-panel", data_testid="edit-panel")
    el(box, "h2", f"Editing {isolate(state.title)}" if state.title else "Editing a battlefield")
    _tools(box, state)
    if state.draft_note:
        saved = state.draft_note.startswith(SAVED)
        el(box, "p", state.draft_note, class_="draft-note" + ("" if saved else " unsaved"),
           role=None if saved else "alert", data_testid="draft-note")
    _form(box, state)
    if state.borders:
        part = el(box, "div", class_="buttons edit-borders", role="group", aria_label="Its borders")
        el(part, "span", "Its borders:", class_="edit-borders-label")
        for arg, label in state.borders:
            button(part, label, "edit-go", arg, title=f"Select the border {label}: its kind, x and stated Height")
    if state.asking_delete:
        _delete_question(box, state)
    if state.proposals:
        _proposals(box, state)
    _findings(box, "Problems", state.problems, "edit-problems",
              "No problems: this battlefield can be played." if not state.problems else None)
    if state.warnings:
        _findings(box, "Warnings", state.warnings, "edit-warnings", None)
    end = el(box, "div", class_="buttons edit-finish", role="group", aria_label="Finish editing")
    button(end, "Play this battlefield", "edit-done", title="Check the battlefield and play it when it passes")
    button(end, "Back to the table in play", "edit-leave", title="Leave Edit mode; the draft stays saved")
    button(end, "Export the draft", "edit-export", title="Download the draft as a battlefield file, problems and all")
    return box


def _tools(box: ET.Element, state: PanelState) -> None:
    """The tools: the Add buttons, Delete, Undo and Redo, and snapping with its step."""
    row = el(box, "div", class_="buttons edit-tools", role="group", aria_label="Editing tools",
             data_testid="edit-tools")
    section = state.selected is not None and state.selected[0] == "section"
    system = SYSTEMS.get(state.units)
    kinds = [("ground", "Add ground"), ("slab", "Add slab")]
    if system is not None and system.true_scale:
        kinds.append(("stairs", "Add stairs"))
    kinds.append(("fighter", "Add fighter"))
    for arg, text in kinds:
        button(row, text, "edit-add", arg, title=f"{text} next to the selection")
    button(row, "Add border", "edit-add", "border", disabled=None if section else "disabled",
           title="Add a border from the selected section to its neighbour" if section
           else "Select a section first to add a border from it")
    for key, label in state.pieces:
        button(row, f"Add {label}", "edit-add", key, title=f"Add {label} next to the selection")
    if state.selected is not None and state.selected[0] != "scenario":
        name = isolate(state.selected_name)
        button(row, "Delete", "edit-delete", aria_label=f"Delete {name}", title=f"Delete {name}",
               aria_keyshortcuts="Delete")
    for text, action, what, keys in (("Undo edit", "edit-undo", state.undo_label, "Control+Z"),
                                     ("Redo edit", "edit-redo", state.redo_label, "Control+Shift+Z Control+Y")):
        said = f"{text}: {what}" if what else f"{text} (nothing to {text.split()[0].lower()})"
        button(row, text, action, aria_label=said, title=said, aria_keyshortcuts=keys,
               disabled=None if what else "disabled")
    snap = el(box, "div", class_="buttons edit-snap", role="group", aria_label="Snapping")
    button(snap, "Snap to grid", "edit-snap", class_="toggle", aria_pressed=str(state.snap).lower(),
           aria_keyshortcuts="S")
    el(snap, "label", "Step", for_="edit-step")
    el(snap, "input", id="edit-step", type="number", min="0", step="any", value=state.step, data_edit_step="",
       inputmode="decimal", size=5)
    unit = UNIT_SIGN.get(state.units, "")
    if unit:
        el(snap, "span", unit, class_="unit")


def _form(box: ET.Element, state: PanelState) -> None:
    """The selected piece's form: the shared fields first, then each rule set's in a ``fieldset`` whose legend is
    the rule set's title (:attr:`Control.rule`), in the order the rows come."""
    part = el(box, "section", class_="edit-form", aria_labelledby="edit-form-title", data_testid="edit-form")
    el(part, "h3", isolate(state.selected_name) if state.selected_name else "This battlefield",
       id="edit-form-title")
    if not state.rows:
        el(part, "p", "Nothing to fill in here.", class_="hint")
        return
    arg = piece_arg(state.selected)
    taken: set[str] = set()
    groups: dict[str, ET.Element] = {}
    for row in state.rows:
        rule = row.control.rule
        if rule and rule not in groups:
            groups[rule] = el(part, "fieldset", class_="edit-rule")
            el(groups[rule], "legend", rule[:1].upper() + rule[1:])
        _row(groups[rule] if rule else part, row, arg, state.sections, taken)


def _ident(key: str, taken: set[str]) -> str:
    """An element id's part for a field's key: its characters an id keeps, made unique in the form."""
    base = re.sub(r"[^A-Za-z0-9_.:-]", "-", key) or "field"
    ident, n = base, 1
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    taken.add(ident)
    return ident


def _bounds(control: Control) -> str:
    """The bounds of a number as the hint says them (``"From 0 to 20."``); ``""`` without any."""
    low, high = _num(control.low), _num(control.high)
    if low and high:
        return f"From {low} to {high}."
    if low:
        return f"At least {low}."
    return f"At most {high}." if high else ""


def _num(value: Any) -> str:
    """A bound as text (``""`` for None)."""
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**6:
        return f"{value:,}".replace(",", "\u202f")  # 9007199254740991 as 9 007 199 254 740 991, not 9.00e+15
    return fmt(value) if isinstance(value, int | float | Fraction) and not isinstance(value, bool) else str(value)


def _row(parent: ET.Element, row: FormRow, arg: str, sections: Sequence[tuple[str, str]], taken: set[str]) -> None:
    """One field: ``div.edit-row[data-kind]`` holding its label, its input, its help and its problems."""
    c = row.control
    ident = _ident(c.key, taken)
    wrap = el(parent, "div", class_="edit-row" + (" has-problem" if row.problems else ""), data_kind=c.kind)
    field_id = f"edit-field-{ident}"
    label = el(wrap, "label", c.label or c.key, for_=field_id)
    bounds = _bounds(c) if c.kind in ("number", "whole", "length") else ""
    # The help is a phrase ("every roll … derives from it"), the bounds a sentence: a full stop between them.
    help_text = f"{c.help.rstrip('.')}. {bounds}" if c.help and bounds else c.help or bounds
    described = ([f"edit-help-{ident}"] if help_text else []) + ([f"problem-{ident}"] if row.problems else [])
    common: dict[str, str | None] = {
        "id": field_id, "data_edit": c.key, "data_piece": arg,
        "aria_describedby": " ".join(described) or None, "aria_invalid": "true" if row.problems else None}
    if c.kind == "flag":
        # A check box inside its label, before the words (and named by ``for`` as every field is).
        box = el(None, "input", type="checkbox", checked="checked" if row.value.strip().lower() in _TRUE else None,
                 **common)
        box.tail, label.text = label.text, None
        label.insert(0, box)
        label.set("class", "check-label")
    elif c.kind in ("choice", "section"):
        _select(wrap, row, sections if c.kind == "section" else tuple((ch, ch) for ch in c.choices), common)
    elif c.kind == "entries":
        lines = row.value.count("\n") + 1
        el(wrap, "textarea", row.value, rows=max(3, min(12, lines + 1)), **common)
    else:
        _text_input(wrap, row, common)
    if help_text:
        el(wrap, "p", help_text, class_="hint", id=f"edit-help-{ident}")
    if row.problems:
        el(wrap, "p", " ".join(row.problems), class_="edit-problem", id=f"problem-{ident}")


def _text_input(wrap: ET.Element, row: FormRow, common: dict[str, str | None]) -> None:
    """A text field, numbers too (``data-min`` / ``data-max``: their bounds): a typed text is written to the draft
    as it is typed and the panel drawn again, so a number field must keep ``"-"`` or ``"1."`` as typed, where an
    ``<input type="number">`` reads them as empty (and keeps no caret to put back).  A keypad of digits where no
    value below 0 is allowed."""
    c = row.control
    mode = None
    if c.kind in ("number", "whole"):
        low = c.low if isinstance(c.low, int | float | Fraction) and not isinstance(c.low, bool) else None
        # A keypad without a minus sign only where no value below 0 is allowed.
        mode = ("numeric" if c.kind == "whole" else "decimal") if low is not None and low >= 0 else None
    el(wrap, "input", type="text", value=row.value, inputmode=mode, autocomplete="off", spellcheck="false",
       data_min=_num(c.low) or None, data_max=_num(c.high) or None, **common)


def _select(wrap: ET.Element, row: FormRow, options: Sequence[tuple[str, str]], common: dict[str, str | None]) -> None:
    """A drop-down of ``options`` (value, text), the field's value chosen; the choice ``""`` reads "(default)".  A
    value that is not among them (unset, or not a choice) comes first as a choice of its own, so the field shows
    what the draft holds."""
    select = el(wrap, "select", **common)
    values = [v for v, _ in options]
    named: dict[str, int] = {}
    for _, text in options:
        named[text] = named.get(text, 0) + 1
    if row.value not in values:
        text = "(default)" if row.value == "" else f"{row.value} (not a choice)"
        el(select, "option", text, value=row.value, selected="selected")
    for value, text in options:
        shown = "(default)" if value == "" else isolate(text) if named[text] == 1 else f"{isolate(text)} ({value})"
        el(select, "option", shown, value=value, selected="selected" if value == row.value else None)


def _delete_question(box: ET.Element, state: PanelState) -> None:
    """The question a section's deletion asks when fighters stand on it: move them to the surface below, delete
    them too, or keep the section."""
    part = el(box, "section", class_="edit-ask", aria_labelledby="edit-ask-title", data_testid="edit-delete-question")
    name = isolate(state.selected_name) if state.selected_name else "this section"
    el(part, "h3", f"Delete {name}?", id="edit-ask-title")
    names = [isolate(n) for n in state.asking_delete]
    verb = "stands" if len(names) == 1 else "stand"
    el(part, "p", f"{joined(names)} {verb} on it. What becomes of {'it' if len(names) == 1 else 'them'}?",
       role="alert")
    row = el(part, "div", class_="buttons")
    button(row, "Move them to the surface below", "edit-delete-below")
    button(row, "Delete them too", "edit-delete-with")
    button(row, "Keep the section", "edit-delete-cancel")


def _proposals(box: ET.Element, state: PanelState) -> None:
    """The proposed borders, each with why, Accept and Refuse; then Accept all."""
    part = el(box, "section", class_="edit-proposals", aria_labelledby="edit-proposals-title",
              data_testid="edit-proposals")
    el(part, "h3", "Proposed borders", id="edit-proposals-title")
    names = dict(state.sections)
    ul = el(part, "ul", class_="edit-list")
    for p in state.proposals:
        pair = f"{isolate(names.get(p.a, p.a))} – {isolate(names.get(p.b, p.b))}"
        li = el(ul, "li", data_a=p.a, data_b=p.b)
        el(li, "span", f"{pair}: {p.why}", class_="proposal-text")
        row = el(li, "span", class_="buttons")
        button(row, "Accept", "edit-accept", f"{p.a}|{p.b}", aria_label=f"Accept the border {pair}")
        button(row, "Refuse", "edit-refuse", f"{p.a}|{p.b}", aria_label=f"Refuse the border {pair}")
    button(part, "Accept all", "edit-accept-all",
           aria_label=f"Accept all {len(state.proposals)} proposed borders" if len(state.proposals) > 1 else None)


def _findings(box: ET.Element, title: str, found: Sequence[Problem], testid: str, none: str | None) -> None:
    """Problems or warnings, each a button that selects its piece (``edit-go``, ``"kind:id"``) reading ``"place:
    message"``; one that names no piece is plain text.  ``none``: what to say when there are none."""
    part = el(box, "section", class_=testid, aria_labelledby=f"{testid}-title", data_testid=testid)
    el(part, "h3", title if not found else f"{title} ({len(found)})", id=f"{testid}-title")
    if not found:
        if none:
            el(part, "p", none, class_="hint")
        return
    ul = el(part, "ul", class_="edit-list")
    for p in found:
        li = el(ul, "li")
        text = f"{p.place}: {p.message}" if p.place else p.message
        if p.piece is None:
            li.text = text
        else:
            button(li, text, "edit-go", piece_arg(p.piece), class_="link")


def start_panel(templates: Sequence[Template], bundled: Sequence[tuple[str, str]], has_draft: bool,
                draft_note: str) -> ET.Element:
    """How to start editing: the draft kept on this device, this battlefield, a bundled one, or a template.

    Args:
        templates: the templates (:func:`vertigo.editing.templates`), each offered by its title.
        bundled: ``(file, title)`` of each bundled battlefield.
        has_draft: a draft is kept on this device (Resume is offered first).
        draft_note: what to say of it (``""`` for nothing).

    Returns:
        ``<div class="edit-start" data-testid="edit-start">``: buttons ``data-action="edit-start"`` with
        ``data-arg`` ``"draft"``, ``"current"``, ``"bundled:<file>"``, ``"template:<key>"``, in that order, then
        ``edit-leave``.
    """
    box = el(None, "div", class_="edit-start", data_testid="edit-start")
    el(box, "h2", "Edit a battlefield")
    if draft_note:
        el(box, "p", draft_note, class_="hint")
    row = el(box, "div", class_="buttons", role="group", aria_label="Start from")
    if has_draft:
        button(row, "Resume the draft", "edit-start", "draft")
    button(row, "This battlefield", "edit-start", "current", title="Edit a copy of the battlefield in play")
    for heading, testid, items in (("A bundled battlefield", "edit-start-bundled",
                                    [(f"bundled:{file}", title) for file, title in bundled]),
                                   ("A new battlefield", "edit-start-templates",
                                    [(f"template:{t.key}", t.title) for t in templates])):
        if not items:
            continue
        part = el(box, "section", aria_labelledby=f"{testid}-title", data_testid=testid)
        el(part, "h3", heading, id=f"{testid}-title")
        group = el(part, "div", class_="buttons")
        for arg, title in items:
            button(group, isolate(title), "edit-start", arg)
    end = el(box, "div", class_="buttons")
    button(end, "Back to the table in play", "edit-leave")
    return box


def replace_question(start: str, arg: str) -> ET.Element:
    """Before a new start replaces the draft kept on this device: replace it, resume it, or export it first.

    Args:
        start: what the referee chose to start from, as its button read ("The cliff", "This battlefield").
        arg: that start's ``edit-start`` argument; Replace sends it again with ``"|replace"`` after it.

    Returns:
        ``<div class="edit-start" data-testid="edit-replace">`` with ``edit-start`` (``arg|replace``),
        ``edit-start`` (``draft``), ``edit-export-kept`` and ``edit-leave``.
    """
    box = el(None, "div", class_="edit-start", data_testid="edit-replace")
    el(box, "h2", "Replace the kept draft?", id="edit-replace-title")
    el(box, "p", f"A draft from your last edit is kept on this device. Starting from {isolate(start)} replaces it; "
                 "export it first to keep it as a file.", class_="hint")
    row = el(box, "div", class_="buttons", role="group", aria_labelledby="edit-replace-title")
    button(row, f"Replace it: start from {isolate(start)}", "edit-start", f"{arg}|replace")
    button(row, "Resume the draft instead", "edit-start", "draft")
    button(row, "Export the kept draft", "edit-export-kept", title="Download the kept draft as a battlefield file")
    button(row, "Back to the table in play", "edit-leave")
    return box
