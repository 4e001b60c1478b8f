"""The Height rules' fields: a fighter's Move entries, actions and Height property (H2, H5, H6); a section
that blocks sight (H11); a border's stated Height (H15) and Climbing obstacle (H9).

Source: ``000_519d8b8e373365db.txt`` › Combat (Move entries with a Height, actions with a range), Exploration
(Climbing obstacles); rulings H2, H5, H6, H9, H11, H15.

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h6-range-0-and-reach``,
``#h9-climbing-obstacles-exploration``, ``#h11-terrain-that-hides``, ``#h15-stairs-and-ladders``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from vertigo import lengths
from vertigo.battlefield import Battlefield
from vertigo.fields import Entries, Field, Flag, Length
from vertigo.limits import MAX_ELEVATION

from .actions import Action
from .moves import MoveEntry

__all__ = ["MOVES", "ACTIONS", "HEIGHT", "BLOCKS_SIGHT", "STATED", "CLIMBING", "FIELDS", "stated_heights"]

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

BLOCKS_SIGHT: Field[bool] = Field(
    "blocks_sight", "section", False, "Blocks sight",
    "woods, smoke or a curtain wall: a shot whose line passes through it is blocked (H11)", kind=Flag())
"""Whether the section hides what is beyond it (H11)."""
STATED: Field[Fraction | None] = Field(
    "height", "border", None, "Stated Height",
    "a stair, ladder or ramp: the Height moves and falls use across it, at most its sections' difference (H15)",
    kind=Length(0, MAX_ELEVATION))
"""The border's own Height for movement and falls (H15), or None: the difference of the elevations (H1)."""
CLIMBING: Field[Fraction | None] = Field(
    "climbing", "border", None, "Climbing obstacle",
    "the Height of a Climbing obstacle at the border, which any fighter may try to climb (H9)",
    kind=Length(0, MAX_ELEVATION))
"""The Height of the Climbing obstacle at the border (H9), or None: no obstacle."""

FIELDS = (MOVES, ACTIONS, HEIGHT, BLOCKS_SIGHT, STATED, CLIMBING)
"""The Height rules' fields, in the order a document writes them."""


def stated_heights(field: Battlefield, units: str) -> Iterator[str]:
    """Each border whose stated Height is more than the difference of its two sections' elevations, as
    ``"borders[i].height: …"`` (H15: a stair or ladder never adds Height).

    Source: ``RULINGS.md`` H15 ("at most the difference of its two sections' elevations"); issue 23.
    """
    for i, border in enumerate(field.borders):
        stated = border[STATED]
        if stated is None:
            continue
        difference = field.border_height(border.a, border.b)
        if stated > difference:
            yield (f"borders[{i}].height: must be from 0 to the difference of its sections' elevations, "
                   f"{lengths.show(difference, units)}: {lengths.show(stated, units)}")
