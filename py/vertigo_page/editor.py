"""The battlefield editor's state: what Edit mode shows after each edit — pure Python, no DOM (issue 26).

The page's glue for Edit mode (``py/app_edit.py``) turns one event (a click, a key, a drop at the end of a drag,
a form field typed in, a panel button) into one call here and writes the returned :class:`EditUpdate` into the
page.  The draft is a scenario document (:mod:`vertigo.editing`), every edit a new document kept in a
:class:`vertigo.editing.History` for Undo edit and Redo edit; the side view draws the draft through the same
renderer as play (:func:`vertigo_view.side_view.render`) with the editor's marks over it
(:func:`vertigo_view.edit_marks.edit_marks`), and the side panel is :func:`vertigo_view.edit_panel.editor_panel`.

Imported only once the page is ready (the first press of **Edit**): the memory snapshot's heap is fixed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from vertigo.editing import (
    EditError,
    Piece,
    add_border,
    add_fighter,
    add_piece,
    add_section,
    controls,
    delete_border,
    delete_fighter,
    delete_piece,
    delete_section,
    move_fighter,
    move_section,
    new_piece,
    proposed_borders,
    read,
    resize_section,
    section_at,
    set_value,
)
from vertigo.table import Table
from vertigo.text import isolate

from .edit_state import ADD_WIDTH, EditorBase, EditUpdate, _dom_id, _num, _piece

__all__ = ["Editor", "EditUpdate"]


class Editor(EditorBase):
    """Edit mode: the draft's state (:class:`~vertigo_page.edit_state.EditorBase`) and what each event does to it:
    a click, a key, a drop, a form field, a panel button.  Each returns the :class:`EditUpdate` to write."""

    # -- events -------------------------------------------------------------------------------------------

    def select(self, piece: Piece | None) -> EditUpdate:
        """Select a piece (a click on it, Enter on it, a problem's link) or nothing."""
        self.selected = piece if piece is None or self._exists(piece) else None
        self.asking = None
        what = self._name(self.selected) if self.selected else "Nothing"
        return self.draw(f"{what} selected." if self.selected else "Nothing selected: the form is the "
                         "battlefield's.", focus=_dom_id(self.selected))

    def undo(self) -> EditUpdate:
        """Undo edit: the draft before the last edit."""
        if not self.history.can_undo:
            return self.draw("Nothing to undo in the editor.", svg=False)
        label = self.history.undo_label
        self.history = self.history.undo()
        return self._after_history(f"Undone: {label}.")

    def redo(self) -> EditUpdate:
        """Redo edit: the edit last undone."""
        if not self.history.can_redo:
            return self.draw("Nothing to redo in the editor.", svg=False)
        label = self.history.redo_label
        self.history = self.history.redo()
        return self._after_history(f"Redone: {label}.")

    def _after_history(self, status: str) -> EditUpdate:
        """Draw after Undo edit or Redo edit (the selection kept when its piece is still there)."""
        self._checked = None
        self.asking = None
        if self.selected is not None and not self._exists(self.selected):
            self.selected = None
        return self.draw(status, draft=True)

    def toggle_snap(self) -> EditUpdate:
        """S, or the Snap button: snapping on or off."""
        self.snap = not self.snap
        return self.draw(f"Snapping {'on' if self.snap else 'off'}"
                         + (f", every {_num(self.step)} {self._unit_word()}." if self.snap else "."))

    def set_step(self, text: str) -> EditUpdate:
        """The snap step typed in (a positive number in the draft's unit)."""
        try:
            step = Fraction(text.strip())
        except (ValueError, ZeroDivisionError):
            step = Fraction(-1)
        if not 0 < step <= 100:
            return self.draw(f"The snap step must be a number above 0 and at most 100: {text!r}.", svg=False,
                             error=f"Snap step not changed: it must be a number above 0 and at most 100, not "
                                   f"{text[:40]!r}.")
        self.step = step
        return self.draw(f"Snapping every {_num(step)} {self._unit_word()}.")

    def typed(self, piece_text: str, key: str, text: str) -> EditUpdate:
        """A form field typed in or changed: written to the draft as read (:func:`vertigo.editing.read`), checked
        at once; the importer's messages show at the field.  Typing into one field is one Undo edit step."""
        piece = _piece(piece_text)
        obj = self._obj(piece)
        kind = piece[0]
        if obj is None:
            return self.draw("That piece is no longer in the draft.", svg=False)
        control = next((c for c in controls(self.doc, kind) if c.key == key), None)
        if control is None:
            return self.draw(f"No field {key!r} here.", svg=False)
        try:
            doc = set_value(self.doc, piece, key, read(control, text))
        except EditError as e:  # a new id another piece has: said, the draft unchanged
            return self.draw(f"Not changed: {e}", svg=False, error=f"Not changed: {e}")
        new_piece = piece
        if key == "id" and kind in ("section", "fighter") and isinstance(read(control, text), str):
            new_piece = (kind, read(control, text))
        up = self._edit(doc, f"{control.label} of {self._name(piece)}", merge=f"{piece_text}/{key}",
                        select=new_piece if self.selected is not None else None)
        # Typing is not announced key by key (quiet: the page turns the status line's live region off for it); the
        # field shows the importer's message at once.
        return replace(up, quiet=True)

    def click(self, kind: str, key: str) -> EditUpdate:
        """A click on a section or a fighter of the side view selects it."""
        return self.select((kind, key))

    def drop(self, what: str, key: str, grip: str, dx: float, dy: float, x: float, y: float) -> EditUpdate:
        """The end of a drag (``static/edit.js``): ``dx``, ``dy`` the move and ``x``, ``y`` the drop point, in the
        draft's unit (across; up in Height levels or the unit)."""
        try:
            if what == "fighter":
                target = section_at(self.doc, x, y)
                if target is None:
                    return self.draw("No section under that point: the fighter stays where it was.")
                doc = move_fighter(self.doc, key, target, _num(self._snapped(x)))
                return self._edit(doc, f"Move {self._name(('fighter', key))}", select=("fighter", key))
            sec = self._obj(("section", key))
            if not isinstance(sec, dict):
                return self.draw("That section is no longer in the draft.")
            if what == "grip" and grip in ("x0", "x1"):
                x0, x1 = (self._len(v) for v in sec["x"])
                if grip == "x0":
                    x0 = self._snapped(x0 + Fraction(dx).limit_denominator(10_000))
                else:
                    x1 = self._snapped(x1 + Fraction(dx).limit_denominator(10_000))
                doc = resize_section(self.doc, key, _num(x0), _num(x1))
                return self._edit(doc, f"Resize {self._name(('section', key))}", select=("section", key))
            ddx = Fraction(0) if grip == "y" else self._snapped(dx)
            ddy = self._snapped(dy)
            doc = move_section(self.doc, key, _num(ddx), _num(ddy))
            return self._edit(doc, f"Move {self._name(('section', key))}", select=("section", key))
        except (EditError, KeyError, ValueError, TypeError) as e:
            return self.draw(f"Not changed: {e}", error=f"Not changed: {e}")

    def key(self, key: str, shift: bool) -> EditUpdate | None:
        """A key in Edit mode with the side view focused (None: not an editor key).  Arrows move the selected
        piece one snap step, Shift+←/→ narrow or widen a section at its right end, PageUp/PageDown raise or lower
        it one step, Delete removes it, S toggles snapping."""
        if key in ("s", "S") and not shift:
            return self.toggle_snap()
        if key in ("Delete", "Backspace"):
            return self.delete() if self.selected else self.draw("Select a piece to delete first.", svg=False)
        step, zero = self.step, Fraction(0)
        moves: dict[str, tuple[Fraction, Fraction]] = {"ArrowLeft": (-step, zero), "ArrowRight": (step, zero),
            "ArrowUp": (zero, step), "ArrowDown": (zero, -step), "PageUp": (zero, step), "PageDown": (zero, -step)}
        if key not in moves:
            return None
        if self.selected is None:
            return self.draw("Select a section or a fighter first (a click, or Tab to it).", svg=False)
        dx, dy = moves[key]
        kind, ident = self.selected
        try:
            if kind == "fighter":
                return self._nudge_fighter(ident, dx, dy)
            if kind != "section":
                return self.draw("The arrow keys move sections and fighters.", svg=False)
            if shift and key in ("ArrowLeft", "ArrowRight"):
                sec = self._obj(self.selected)
                x0, x1 = (self._len(v) for v in sec["x"])
                doc = resize_section(self.doc, ident, _num(x0), _num(x1 + dx))
                return self._edit(doc, f"Resize {self._name(self.selected)}")
            doc = move_section(self.doc, ident, _num(dx), _num(dy))
            return self._edit(doc, f"Move {self._name(self.selected)}")
        except (EditError, ValueError, TypeError) as e:
            return self.draw(f"Not changed: {e}", svg=False, error=f"Not changed: {e}")

    def _nudge_fighter(self, ident: str, dx: Fraction, dy: Fraction) -> EditUpdate:
        """A fighter moved by a key: along its section, or up/down onto the surface above or below its x."""
        f = self._obj(("fighter", ident))
        section = f.get("section")
        sec = self._obj(("section", section)) if isinstance(section, str) else None
        if not isinstance(sec, dict):
            return self.draw("Put the fighter on a section first (its Section field).", svg=False)
        x = self._len(f["x"]) if f.get("x") is not None else (self._len(sec["x"][0]) + self._len(sec["x"][1])) / 2
        if dy:
            target = self._next_surface(x, self._len(sec.get("elevation", 0)), up=dy > 0)
            if target is None:
                return self.draw(f"No surface {'above' if dy > 0 else 'below'} at x {_num(x)}.", svg=False)
            return self._edit(move_fighter(self.doc, ident, target, _num(x)), f"Move {self._name(('fighter', ident))}")
        x0, x1 = self._len(sec["x"][0]), self._len(sec["x"][1])
        nx = min(max(x + dx, x0), x1)
        return self._edit(move_fighter(self.doc, ident, section, _num(nx)), f"Move {self._name(('fighter', ident))}")

    def _next_surface(self, x: Fraction, height: Fraction, *, up: bool) -> str | None:
        """The section over ``x`` whose elevation is the next above (or below) ``height``, document order on ties."""
        best: tuple[Fraction, str] | None = None
        for s in self._list("sections"):
            if not (isinstance(s, dict) and isinstance(s.get("x"), list) and isinstance(s.get("id"), str)):
                continue
            try:
                x0, x1, e = self._len(s["x"][0]), self._len(s["x"][1]), self._len(s.get("elevation", 0))
            except (EditError, ValueError, TypeError, KeyError, IndexError):
                continue
            if x0 <= x <= x1 and (e > height if up else e < height) and (
                    best is None or (e < best[0] if up else e > best[0])):
                best = (e, s["id"])
        return best[1] if best else None

    def add(self, what: str) -> EditUpdate:
        """Add a piece next to the selection: a section (``ground``, ``slab``, ``stairs``), a fighter, a border,
        or a rule set's top-level piece (a key of :attr:`vertigo.ruleset.RuleSet.pieces`)."""
        try:
            if what in ("ground", "slab", "stairs"):
                return self._add_section(what)
            if what == "fighter":
                return self._add_fighter()
            if what == "border":
                return self._add_border()
            if what in [k for k, _ in self._piece_kinds()]:
                # On the selected section (or the one the selected piece stands on), else the first.
                sel = self._obj(self.selected) if self.selected else None
                on = self.selected[1] if self.selected and self.selected[0] == "section" else (
                    sel.get("on") if isinstance(sel, dict) and isinstance(sel.get("on"), str) else None)
                doc = add_piece(self.doc, what, new_piece(self.doc, what, on))
                index = len(self.doc.get(what, []))
                return self._edit(doc, f"Add {what.rstrip('s')}", select=(what, str(index)))
        except (EditError, ValueError, TypeError) as e:
            return self.draw(f"Not added: {e}", svg=False, error=f"Not added: {e}")
        return self.draw(f"Nothing to add called {what!r}.", svg=False)

    def _extent(self) -> tuple[Fraction, Fraction]:
        """The draft's leftmost and rightmost section ends (0, 0 with none readable)."""
        ends = []
        for s in self._list("sections"):
            try:
                ends += [self._len(s["x"][0]), self._len(s["x"][1])]
            except (EditError, KeyError, TypeError, ValueError, IndexError):
                continue
        return (min(ends), max(ends)) if ends else (Fraction(0), Fraction(0))

    def _add_section(self, what: str) -> EditUpdate:
        """A new section: a slab over the selected section, 2 steps above it; else at the right end, at 0."""
        sel = self._obj(self.selected) if self.selected and self.selected[0] == "section" else None
        width = Fraction(ADD_WIDTH[self.units])
        if what == "slab" and isinstance(sel, dict):
            x0, x1 = self._len(sel["x"][0]), self._len(sel["x"][1])
            elevation = self._len(sel.get("elevation", 0)) + 2 * self.step
        else:
            _, right = self._extent()
            x0, x1, elevation = right, right + width, Fraction(0)
        doc, sid = add_section(self.doc, x0=_num(x0), x1=_num(x1), elevation=_num(elevation),
                               kind="slab" if what == "slab" else "ground")
        if what == "stairs":
            doc = set_value(doc, ("section", sid), "stairs", {"rise": _num(self.step), "tread": _num(self.step)})
        return self._edit(doc, f"Add {what} section", select=("section", sid))

    def _add_fighter(self) -> EditUpdate:
        """A new fighter on the selected section (else the first), at its middle."""
        sid = self.selected[1] if self.selected and self.selected[0] == "section" else None
        if sid is None:
            first = next((s for s in self._list("sections") if isinstance(s, dict) and "id" in s), None)
            if first is None:
                return self.draw("Add a section first: a fighter stands on one.", svg=False)
            sid = first["id"]
        doc, fid = add_fighter(self.doc, sid)
        return self._edit(doc, "Add fighter", select=("fighter", fid))

    def _add_border(self) -> EditUpdate:
        """A border from the selected section to the first section it meets or overlaps that it has none with."""
        if not self.selected or self.selected[0] != "section":
            return self.draw("Select a section first: a border joins it to another.", svg=False)
        sid = self.selected[1]
        for p in proposed_borders(self.doc):
            if sid in (p.a, p.b):
                return self._edit(add_border(self.doc, p.a, p.b), f"Add border {p.a} – {p.b}",
                                  select=self._next_border())
        return self.draw("No section meets or overlaps this one without a border already.", svg=False)

    def accept(self, pair: str) -> EditUpdate:
        """Accept one proposed border (``"a|b"``)."""
        a, _, b = pair.partition("|")
        for p in self._proposals():
            if (p.a, p.b) == (a, b):
                return self._edit(add_border(self.doc, a, b), f"Add border {a} – {b}", select=self._next_border())
        return self.draw("That border is no longer proposed.", svg=False)

    def _next_border(self) -> Piece:
        """The border a new one is (the end of ``borders``): selected once added, so its form (kind, x, stated
        Height) is at hand — the side view draws no border to click."""
        borders = self.doc.get("borders")
        return "border", str(len(borders) if isinstance(borders, list) else 0)

    def accept_all(self) -> EditUpdate:
        """Accept every proposed border, in one Undo edit step."""
        doc = self.doc
        proposals = self._proposals()
        for p in proposals:
            doc = add_border(doc, p.a, p.b)
        return self._edit(doc, f"Add {len(proposals)} proposed borders")

    def refuse(self, pair: str) -> EditUpdate:
        """Refuse one proposed border: not proposed again while this draft is edited."""
        a, _, b = pair.partition("|")
        self.refused = self.refused | {frozenset((a, b))}
        return self.draw(f"Border {a} – {b} refused.")

    def delete(self) -> EditUpdate:
        """Delete the selected piece; a section with fighters on it asks what becomes of them first."""
        if self.selected is None:
            return self.draw("Select a piece to delete first.", svg=False)
        kind, key = self.selected
        name = self._name(self.selected)
        try:
            if kind == "section":
                if self._fighters_on(key):
                    self.asking = key
                    return self.draw(f"{name} has fighters on it: move them to the surface below, or delete "
                                     "them too?", svg=False, focus="edit-delete-below")
                doc = delete_section(self.doc, key)
            elif kind == "fighter":
                doc = delete_fighter(self.doc, key)
            elif kind == "border":
                doc = delete_border(self.doc, int(key))
            else:
                doc = delete_piece(self.doc, kind, int(key))
        except (EditError, ValueError) as e:
            return self.draw(f"Not deleted: {e}", svg=False, error=f"Not deleted: {e}")
        self.selected = None
        return self._edit(doc, f"Delete {name}")

    def delete_answer(self, how: str | None) -> EditUpdate:
        """The answer to "what becomes of its fighters": ``below``, ``delete``, or None (cancel)."""
        sid, self.asking = self.asking, None
        if sid is None or how is None:
            return self.draw("Nothing deleted.", svg=False)
        name = self._name(("section", sid))
        try:
            doc = delete_section(self.doc, sid, fighters=how)
        except EditError as e:
            return self.draw(f"Not deleted: {e}", svg=False, error=f"Not deleted: {e}")
        self.selected = None
        return self._edit(doc, f"Delete {name}" + (" and its fighters" if how == "delete" else ""))

    def done(self) -> EditUpdate:
        """Play this battlefield: the full check; a draft with problems stays in Edit mode with them listed."""
        checked = self.checked
        if checked.problems or checked.scenario is None:
            n = len(checked.problems)
            return self.draw(f"Not played: {n} problem{'s' if n != 1 else ''} to mend first, each listed with a "
                             "link to its piece.", svg=False, focus="edit-problems")
        table = Table.start(checked.scenario, "Edited")
        warned = len(checked.warnings)
        return EditUpdate(None, "", f"Playing “{isolate(checked.scenario.title)}”"
                          + (f" ({warned} warning{'s' if warned != 1 else ''} noted)." if warned else "."),
                          play=table)

    def action(self, action: str, arg: str | None) -> EditUpdate | None:
        """A panel button of Edit mode (``data-action``, ``data-arg``); None: not one of the editor's."""
        simple: dict[str, Callable[[], EditUpdate]] = {
                  "edit-undo": self.undo, "edit-redo": self.redo, "edit-snap": self.toggle_snap,
                  "edit-delete": self.delete, "edit-accept-all": self.accept_all, "edit-done": self.done,
                  "edit-delete-cancel": lambda: self.delete_answer(None),
                  "edit-delete-below": lambda: self.delete_answer("below"),
                  "edit-delete-with": lambda: self.delete_answer("delete")}
        if action in simple:
            return simple[action]()
        if action == "edit-leave":
            return EditUpdate(None, "", "Back to the table in play; the draft stays kept on this device.",
                              leave=True)
        if action == "edit-add" and arg:
            return self.add(arg)
        if action == "edit-accept" and arg:
            return self.accept(arg)
        if action == "edit-refuse" and arg:
            return self.refuse(arg)
        if action == "edit-go" and arg:
            return self.select(_piece(arg))
        return None
