"""The battlefield editor's state and drawing: the draft, its history, the selection, and what Edit mode draws
and lists for it (issue 26).  :class:`vertigo_page.editor.Editor` adds what each event does.

Pure Python, no DOM; imported only once the page is ready (the memory snapshot's heap is fixed).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo.editing import (
    Checked,
    Control,
    History,
    Piece,
    Problem,
    border_ends,
    check,
    controls,
    drawable,
    named_rules,
    proposed_borders,
    shown,
)
from vertigo.editing.edits import length_of
from vertigo.rules import REGISTRY
from vertigo.scenario import Scenario
from vertigo.table import Table
from vertigo_view import panels
from vertigo_view.edit_marks import edit_marks
from vertigo_view.edit_panel import FormRow, PanelState, editor_panel
from vertigo_view.side_view import render

__all__ = ["EditUpdate", "EditorBase", "STEPS", "doc_text"]

STEPS = {"height": Fraction(1), "feet": Fraction(1), "inches": Fraction(1, 2)}
"""The snap step a draft starts with, in its unit: one Height level (and one unit across), 1 ft, ½ in."""

ADD_WIDTH = {"height": 3, "feet": 10, "inches": 4}
"""How wide a section added with nothing to place it beside is, in the draft's unit."""


def doc_text(doc: dict[str, Any]) -> str:
    """A draft as the JSON text kept on this device and exported (two-space indent, keys in document order)."""
    return json.dumps(doc, ensure_ascii=False, indent=2)


def _num(v: Fraction | int | float) -> int | float:
    """A number as a JSON document holds it: whole → int, else float."""
    f = Fraction(v)
    return int(f) if f.denominator == 1 else float(f)


@dataclass(frozen=True)
class EditUpdate:
    """What to write into the page after an editor event.

    Attributes:
        svg: the whole side view with the editor's marks, when the drawing changed; None keeps it.
        panel: HTML of the side panel.
        status: one line for the live status region.
        draft: the draft's JSON text to keep on this device (IndexedDB), when the draft changed.
        play: a table to put in play and leave Edit mode with (the full check passed).
        leave: leave Edit mode without a new table (back to the table in play).
        focus: id of the element to focus after writing, if any.
        error: a message for the error box (None clears it).
        quiet: written without being announced (a field typed in, key by key: the status line is a live region).
    """

    svg: str | None
    panel: str
    status: str
    draft: str | None = None
    play: Table | None = None
    leave: bool = False
    focus: str | None = None
    error: str | None = None
    quiet: bool = False


def _dom_id(piece: Piece | None) -> str | None:
    """The side view's element for a piece (a section's or a fighter's group), or None."""
    if piece is None:
        return None
    kind, key = piece
    return f"section-{key}" if kind == "section" else f"fighter-{key}" if kind == "fighter" else None

class EditorBase:
    """Edit mode's state: the draft and its history, the selection, snapping, refused border proposals.

    Attributes:
        history: the draft now, and the drafts Undo edit and Redo edit go back and forth to.
        selected: the piece the form, the keys and Delete act on, or None.
        snap: whether drops and keys snap to :attr:`step`.
        step: the snap step, in the draft's unit (Height levels, feet or inches).
        refused: pairs of section ids whose proposed border the referee refused.
        asking: a section whose deletion waits for the referee to say what becomes of its fighters.
        draft_note: whether the draft is kept on this device, as the panel says it.
    """

    def __init__(self, doc: dict[str, Any]) -> None:
        """Start editing ``doc`` (a scenario document, never mutated)."""
        self.history = History(doc)
        self.selected: Piece | None = None
        units = doc.get("units", "height")
        self.snap = True
        self.step = STEPS.get(units if isinstance(units, str) else "height", Fraction(1))
        self.refused: frozenset[frozenset[str]] = frozenset()
        self.asking: str | None = None
        self.draft_note = "Draft saved on this device."
        self._last: Scenario | None = None
        self._checked: Checked | None = None
        self._proposed: tuple[dict[str, Any], frozenset[frozenset[str]], tuple[Any, ...]] | None = None

    # -- the draft ----------------------------------------------------------------------------------------

    @property
    def doc(self) -> dict[str, Any]:
        """The draft now."""
        return self.history.present

    @property
    def units(self) -> str:
        """The draft's unit system (``height``, ``feet``, ``inches``)."""
        units = self.doc.get("units", "height")
        return units if isinstance(units, str) and units in STEPS else "height"

    @property
    def checked(self) -> Checked:
        """The importer's verdict on the draft now (kept until the draft changes)."""
        if self._checked is None:
            self._checked = check(self.doc)
        return self._checked

    def _edit(self, doc: dict[str, Any], label: str, merge: str | None = None, *, select: Piece | None = None,
              keep: bool = False) -> EditUpdate:
        """Make ``doc`` the draft (an Undo edit step called ``label``) and draw it."""
        if doc == self.doc:
            return self.draw(f"{label}: nothing changed.")
        self.history = self.history.do(doc, label, merge)
        self._checked = None
        if select is not None:
            self.selected = select
        elif not keep and self.selected is not None and not self._exists(self.selected):
            self.selected = None
        return self.draw(f"{label}.", draft=True)

    def _list(self, key: str) -> list[Any]:
        """One of the draft's lists (``sections``, ``fighters``, ``borders``); empty where a damaged draft holds
        something else there (the importer says what, at its place)."""
        items = self.doc.get(key)
        return items if isinstance(items, list) else []

    def _exists(self, piece: Piece) -> bool:
        """Whether a piece is still in the draft."""
        return self._where(piece) is not None

    def _where(self, piece: Piece) -> tuple[str, int] | None:
        """The list and index of a piece in the draft (``("sections", 3)``), or None."""
        kind, key = piece
        if kind in ("section", "fighter"):
            items = self.doc.get(kind + "s")
            if isinstance(items, list):
                for i, item in enumerate(items):
                    if isinstance(item, dict) and item.get("id") == key:
                        return kind + "s", i
            return None
        if kind == "scenario":
            return "", 0
        listed = self.doc.get("borders" if kind == "border" else kind)
        if key.isdigit() and isinstance(listed, list) and int(key) < len(listed):
            return ("borders" if kind == "border" else kind), int(key)
        return None

    def _obj(self, piece: Piece) -> Any:
        """The selected piece's object in the draft (a border written as a pair reads as ``{"between": …}``)."""
        where = self._where(piece)
        if where is None:
            return None
        key, i = where
        if key == "":
            return self.doc
        obj = self.doc[key][i]
        return {"between": obj} if isinstance(obj, list) else obj

    # -- drawing ------------------------------------------------------------------------------------------

    def draw(self, status: str, *, draft: bool = False, svg: bool = True, focus: str | None = None,
             error: str | None = None) -> EditUpdate:
        """The side view and the panel for the draft now."""
        drawing = None
        if svg:
            # The importer's scenario, when the draft loads (the panel's check loads it anyway): the same one a
            # second load would give (drawable), and the same object the renderer's memo knows.
            loaded = self.checked.scenario
            scenario = loaded if loaded is not None else drawable(self.doc, self._last)
            if scenario is not None:
                self._last = scenario
                table = Table.start(scenario, "Editing")
                grid = self.step if self.snap else None
                shown = self._drawn_selection(scenario)
                if self.selected is not None and self.selected[0] in ("section", "fighter") and shown is None:
                    # Left out of the drawing by a problem: said, so it does not look deleted.
                    status = (f"{status} {self._name(self.selected)} is not drawn while it has a problem (listed "
                              "under Problems).")
                marks = edit_marks(table, shown, self._proposals(), grid)
                text = render(table)
                drawing = (text[:4] + f' data-snap="{_num(self.step) if self.snap else ""}"' + text[4:-6] + marks
                           + "</svg>")
        return EditUpdate(drawing, panels.to_html(editor_panel(self.panel_state())), status,
                          draft=doc_text(self.doc) if draft else None, focus=focus, error=error)

    def _drawn_selection(self, scenario: Scenario) -> Piece | None:
        """The selection, when the drawing holds it (a piece the draft's problems keep out of it is not drawn)."""
        if self.selected is None:
            return None
        kind, key = self.selected
        if kind == "section" and any(s.id == key for s in scenario.field.sections):
            return self.selected
        if kind == "fighter" and any(f.id == key for f in scenario.fighters):
            return self.selected
        return None

    def _proposals(self) -> tuple[Any, ...]:
        """The borders the editor proposes for the draft now, less the refused ones: worked out once per draft and
        refusals (the drawing's marks and the panel's list both read them; a draft is never changed in place, so
        the draft object is the key)."""
        doc, refused, kept = self.doc, self.refused, self._proposed
        if kept is None or kept[0] is not doc or kept[1] != refused:
            kept = (doc, refused, proposed_borders(doc, refused))
            self._proposed = kept
        return kept[2]

    def panel_state(self) -> PanelState:
        """What the side panel shows: the selected piece's form, proposals, problems, warnings."""
        checked = self.checked
        piece = self.selected or ("scenario", "")
        kind = piece[0]
        obj = self._obj(piece)
        rows: tuple[FormRow, ...] = ()
        if obj is not None:
            prefix = self._prefix(piece)
            mine = [p for p in checked.problems if prefix is not None and _belongs(p.place, prefix)]
            form = controls(self.doc, kind)
            rows = tuple(FormRow(c, shown(obj, c), tuple(p.message for p in mine if _at(p, form) == c.key))
                         for c in form)
        sections = tuple((s["id"], str(s.get("name", s["id"]))) for s in self._list("sections")
                         if isinstance(s, dict) and isinstance(s.get("id"), str))
        names = self._fighters_on(self.asking) if self.asking else ()
        h = self.history
        return PanelState(
            units=self.units, title=str(self.doc.get("title", "")), selected=self.selected,
            selected_name=self._name(self.selected), rows=rows, proposals=self._proposals(),
            problems=checked.problems, warnings=checked.warnings, snap=self.snap, step=str(_num(self.step)),
            undo_label=h.undo_label if h.can_undo else None, redo_label=h.redo_label if h.can_redo else None,
            draft_note=self.draft_note, asking_delete=names, sections=sections, pieces=self._piece_kinds(),
            borders=self._borders_of(self.selected))

    def _piece_kinds(self) -> tuple[tuple[str, str], ...]:
        """The rule sets' top-level pieces the draft may hold (``features``), each with a label."""
        named = named_rules(self.doc)  # those it names, or its unit's default ones; a damaged list names none
        out: list[tuple[str, str]] = []
        for rule_set in REGISTRY.values():
            if rule_set.id in named:
                for key in rule_set.pieces:
                    if key not in [k for k, _ in out]:
                        out.append((key, key.rstrip("s").replace("_", " ")))
        return tuple(out)

    def _prefix(self, piece: Piece) -> str | None:
        """The document path of a piece (``sections[3]``; the scenario's is ``""``)."""
        where = self._where(piece)
        if where is None:
            return None
        key, i = where
        return "" if key == "" else f"{key}[{i}]"

    def _name(self, piece: Piece | None) -> str:
        """A piece as the panel names it (``Section Hall``)."""
        if piece is None:
            return "Battlefield"
        obj = self._obj(piece)
        kind, key = piece
        if kind == "border" and isinstance(obj, dict):
            pair = obj.get("between")
            if isinstance(pair, list) and len(pair) == 2:
                return f"Border {self._section_name(pair[0])} – {self._section_name(pair[1])}"
        if isinstance(obj, dict) and (kind in ("section", "fighter") or (kind != "scenario" and "name" in obj)):
            word = kind if kind in ("section", "fighter") else kind.rstrip("s").replace("_", " ")  # features: feature
            name = str(obj.get("name", key))
            if len(name) > 60:  # a status line, a title: the name's start is enough
                name = name[:59] + "…"
            return name if name.lower().startswith(word) else f"{word.capitalize()} {name}"
        if kind == "scenario":
            return "the battlefield"
        return f"{kind.capitalize()} {key}"

    def _section_name(self, sid: Any) -> str:
        """A section's name from its id."""
        for s in self._list("sections"):
            if isinstance(s, dict) and s.get("id") == sid:
                return str(s.get("name", sid))
        return str(sid)

    def _borders_of(self, piece: Piece | None) -> tuple[tuple[str, str], ...]:
        """A selected section's borders, each as ``("border:<index>", "Hall – Loft")``, to select one (the side
        view's border lines take no click)."""
        borders = self.doc.get("borders")
        if piece is None or piece[0] != "section" or not isinstance(borders, list):
            return ()
        out = []
        for i, b in enumerate(borders):
            pair = b.get("between") if isinstance(b, dict) else b
            if isinstance(pair, list) and len(pair) == 2 and piece[1] in pair:
                other = pair[1] if pair[0] == piece[1] else pair[0]
                out.append((f"border:{i}", f"{self._section_name(piece[1])} – {self._section_name(other)}"))
        return tuple(out)

    def _fighters_on(self, sid: str) -> tuple[str, ...]:
        """The names of the fighters a section's deletion takes with it (:func:`vertigo.editing.delete_section`):
        those standing on it, and those up a ladder on one of its borders."""
        ladders = {b["id"] for b in self._list("borders") if isinstance(b, dict) and isinstance(b.get("id"), str)
                   and sid in (border_ends(b) or ())}
        return tuple(str(f.get("name", f.get("id"))) for f in self._list("fighters") if isinstance(f, dict) and (
            (f.get("section") == sid and "ladder" not in f) or ("ladder" in f and f.get("ladder") in ladders)))

    def _len(self, value: Any) -> Fraction:
        """A length of the draft (a number, or a length text in feet or inches) as a number in its unit."""
        return Fraction(length_of(self.doc, value, "a length"))

    def _unit_word(self) -> str:
        """The draft's unit as a word (``Height level``, ``ft``, ``in``)."""
        return {"height": "Height level", "feet": "ft", "inches": "in"}[self.units]

    def _snapped(self, v: Fraction | float) -> Fraction:
        """A length snapped to the step when snapping is on (else to 1/100 of the unit)."""
        f = Fraction(v).limit_denominator(10_000)
        if self.snap:
            return round(f / self.step) * self.step
        return Fraction(round(f * 100), 100)


def _piece(text: str) -> Piece:
    """``"kind:id"`` as a piece (``"section:hall"`` → ``("section", "hall")``; the scenario's is ``"scenario:"``)."""
    kind, _, key = text.partition(":")
    return kind, key


def _at(problem: Problem, form: tuple[Control, ...]) -> str:
    """The key of the control a problem stands at (:attr:`Problem.key`); a piece's span (``features[0].x[0]``,
    ``features[0].x``), which its form edits as two ends, at ``x0`` or ``x1`` as a section's is."""
    if problem.key == "x" and "x" not in [c.key for c in form] and "x0" in [c.key for c in form]:
        return "x0" if problem.place.endswith(".x[0]") else "x1"
    return problem.key


def _belongs(place: str, prefix: str) -> bool:
    """Whether a problem's place (``sections[3].x[1]``) is at or under a piece's path (``sections[3]``)."""
    if prefix == "":
        return not re.match(r"(sections|fighters|borders)\[", place)
    return place == prefix or place.startswith(prefix + ".") or place.startswith(prefix + "[")
