"""Undo and redo of the editor's edits (issue 26: "Undo and redo every edit"; "Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y
undo and redo edits")."""

from __future__ import annotations

from vertigo.editing import MAX_EDITS, History, blank, move_section, set_value

START = blank("height", ())


def test_undo_and_redo_walk_the_edits_with_their_labels():
    """Issue 26: each edit undone gives the draft before it back; redo gives it again."""
    moved = move_section(START, "ground", 1)
    named = set_value(moved, ("section", "ground"), "name", "Field")
    h = History(START).do(moved, "Move Ground").do(named, "Rename Ground")
    assert (h.present, h.undo_label, h.redo_label, h.can_undo, h.can_redo) == (
        named, "Rename Ground", None, True, False)
    h = h.undo()
    assert (h.present, h.undo_label, h.redo_label) == (moved, "Move Ground", "Rename Ground")
    h = h.undo()
    assert (h.present, h.can_undo, h.redo_label) == (START, False, "Move Ground")
    assert h.undo() == h
    h = h.redo().redo()
    assert (h.present, h.can_redo) == (named, False)
    assert h.redo() == h


def test_a_new_edit_clears_the_redo_list():
    """Issue 26: an edit after an undo starts a new line of edits."""
    h = History(START).do(move_section(START, "ground", 1), "Move").undo()
    h = h.do(move_section(START, "ground", 2), "Move again")
    assert (h.can_redo, h.undo_label, h.present["sections"][0]["x"]) == (False, "Move again", [2, 14])


def test_typing_in_one_field_is_one_edit():
    """Issue 26 "checked as you type": the same merge key replaces the last edit, so one undo takes it all."""
    h = History(START)
    for text in ("F", "Fi", "Field"):
        h = h.do(set_value(START, ("section", "ground"), "name", text), "Rename Ground", merge="ground:name")
    assert (len(h.past), h.present["sections"][0]["name"]) == (1, "Field")
    assert h.undo().present == START


def test_an_edit_that_changes_nothing_is_not_kept():
    """Issue 26: an undo always undoes something the referee did."""
    h = History(START)
    assert h.do(blank("height", ()), "Nothing") is h


def test_at_most_max_edits_are_kept():
    """Bounded work: the oldest edits go past MAX_EDITS (500)."""
    h = History(START)
    for i in range(1, MAX_EDITS + 3):
        h = h.do(move_section(START, "ground", i), f"Move {i}")
    assert len(h.past) == MAX_EDITS == 500
    assert h.past[0][1] == "Move 3"
