"""Combat at Different Levels' fighter fields: Size Modifier and weapons (G4, G5).

Source: ``001_cbc7fc1b49bd2ff2.txt`` (the SM / Reach table, weapons' reach); rulings G4, G5.

Rulings restated in ``docs/rules.md``: ``#g4-reach-by-size-modifier``, ``#g5-horizontal-distance-and-reach``.
"""

from __future__ import annotations

from vertigo.fields import Field

from .reach import Weapon

__all__ = ["SM", "WEAPONS", "FIELDS"]

SM: Field[int] = Field(
    "sm", "fighter", 0, "Size Modifier",
    "a whole number from −10 to +10; above 0 it adds to its melee reach (G4)")
"""Its Size Modifier (G4; −10 … +10)."""
WEAPONS: Field[tuple[Weapon, ...]] = Field(
    "weapons", "fighter", (), "Weapons",
    'each "Spear, reach 1,2" (GURPS reach in yards) or "Bow, range 150" (G4, G5)')
"""Its weapons, melee with GURPS reach or ranged with a range in yards (G4, G5)."""

FIELDS = (SM, WEAPONS)
"""Combat at Different Levels' fields, in the order a document writes them."""
