"""The Height rules' fighter fields: Move entries, the Height property and actions (H2, H5, H6).

Source: ``000_519d8b8e373365db.txt`` › Combat (Move entries with a Height, actions with a range);
rulings H2, H5, H6.

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h6-range-0-and-reach``.
"""

from __future__ import annotations

from fractions import Fraction

from vertigo.fields import Field

from .actions import Action
from .moves import MoveEntry

__all__ = ["MOVES", "HEIGHT", "ACTIONS", "FIELDS"]

MOVES: Field[tuple[MoveEntry, ...]] = Field(
    "moves", "fighter", (), "Move entries",
    'how it moves, each "Move 1 (Height 2)", "Fly 2", "Phase 1" or "Teleport 3" (H2, H4)')
"""Its Move entries, as parsed values (``str`` gives the text back)."""
HEIGHT: Field[Fraction | None] = Field(
    "height", "fighter", None, "Height property",
    "the Height its Moves that list none climb and fall, in Height levels (H2)")
"""Its Height property in Height levels (H2), or None."""
ACTIONS: Field[tuple[Action, ...]] = Field(
    "actions", "fighter", (), "Actions",
    'what it attacks with, each "Shortbow, range 3" or "Spear, range 0, Reach" (H5, H6)')
"""Its actions with range or Reach (H5, H6)."""

FIELDS = (MOVES, HEIGHT, ACTIONS)
"""The Height rules' fields, in the order a document writes them."""
