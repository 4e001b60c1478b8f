"""The Height rules' fighter fields: Move entries, actions and the Height property (H2, H5, H6).

Source: ``000_519d8b8e373365db.txt`` › Combat (Move entries with a Height, actions with a range);
rulings H2, H5, H6.

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h6-range-0-and-reach``.
"""

from __future__ import annotations

from fractions import Fraction

from vertigo.fields import Entries, Field, Length
from vertigo.limits import MAX_ELEVATION

from .actions import Action
from .moves import MoveEntry

__all__ = ["MOVES", "ACTIONS", "HEIGHT", "FIELDS"]

MOVES: Field[tuple[MoveEntry, ...]] = Field(
    "moves", "fighter", (), "Move entries",
    'how it moves, each "Move 1 (Height 2)", "Fly 2", "Phase 1" or "Teleport 3" (H2, H4)',
    kind=Entries(MoveEntry.parse, "Move 1 (Height 2)"), always=True)
"""Its Move entries, as parsed values (``str`` gives the text back)."""
ACTIONS: Field[tuple[Action, ...]] = Field(
    "actions", "fighter", (), "Actions",
    'what it attacks with, each "Shortbow, range 3" or "Spear, range 0, Reach" (H5, H6)',
    kind=Entries(Action.parse, "Shortbow, range 3"), always=True)
"""Its actions with range or Reach (H5, H6)."""
HEIGHT: Field[Fraction | None] = Field(
    "height", "fighter", None, "Height property",
    "the Height its Moves that list none climb and fall, in Height levels (H2)",
    kind=Length(0, MAX_ELEVATION))
"""Its Height property in Height levels (H2), or None."""

FIELDS = (MOVES, ACTIONS, HEIGHT)
"""The Height rules' fields, in the order a document writes them."""
