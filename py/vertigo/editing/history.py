"""Undo and redo of a draft's edits: a value holding the draft now, the drafts before it and after it.

Source: issue 26 ("Undo and redo every edit"; "Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo edits").
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from .edits import Doc

__all__ = ["History", "MAX_EDITS"]

MAX_EDITS = 500
"""Most edits a history keeps to undo (the oldest go first), so a long session's memory stays bounded."""


def _same(a: Any, b: Any) -> bool:
    """Whether two drafts are the same document, as JSON writes them (``1`` and ``1.0`` differ)."""
    return a is b or (a == b and json.dumps(a, sort_keys=False) == json.dumps(b, sort_keys=False))


@dataclass(frozen=True)
class History:
    """A draft's edits.

    Attributes:
        present: the draft now (a scenario document as plain JSON values; never mutated).
        past: ``(draft, label)`` of each edit that can be undone, oldest first: the draft before the edit
            and what the edit was (``"Move Hall"``); at most :data:`MAX_EDITS`.
        future: ``(draft, label)`` of each undone edit that can be redone, the next one first: the draft
            after the edit and its label.
        merge: the merge key of the last edit (:meth:`do`), or None.
    """

    present: Doc
    past: tuple[tuple[Doc, str], ...] = ()
    future: tuple[tuple[Doc, str], ...] = ()
    merge: str | None = None

    def do(self, doc: Doc, label: str, merge: str | None = None) -> History:
        """The history with ``doc`` as the draft after an edit called ``label``; the redo list is cleared.

        An edit that changes nothing is not recorded (the same history comes back).  With a ``merge`` key
        equal to the last edit's, the edit replaces that one (typing in one field is one edit to undo).
        """
        if _same(doc, self.present):
            return self
        if merge is not None and merge == self.merge and self.past:
            return History(doc, self.past, (), merge)
        return History(doc, (*self.past, (self.present, label))[-MAX_EDITS:], (), merge)

    def undo(self) -> History:
        """The history one edit back; unchanged when there is nothing to undo."""
        if not self.past:
            return self
        before, label = self.past[-1]
        return History(before, self.past[:-1], ((self.present, label), *self.future), None)

    def redo(self) -> History:
        """The history one undone edit forward; unchanged when there is nothing to redo."""
        if not self.future:
            return self
        after, label = self.future[0]
        return History(after, (*self.past, (self.present, label))[-MAX_EDITS:], self.future[1:], None)

    def reset(self, doc: Doc) -> History:
        """A new history starting at ``doc`` (a new draft): nothing to undo or redo."""
        return replace(self, present=doc, past=(), future=(), merge=None)

    @property
    def can_undo(self) -> bool:
        """Whether an edit can be undone."""
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        """Whether an undone edit can be redone."""
        return bool(self.future)

    @property
    def undo_label(self) -> str | None:
        """What Undo would undo (``"Move Hall"``), or None."""
        return self.past[-1][1] if self.past else None

    @property
    def redo_label(self) -> str | None:
        """What Redo would redo, or None."""
        return self.future[0][1] if self.future else None
