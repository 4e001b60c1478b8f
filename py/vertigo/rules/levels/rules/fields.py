"""Combat at Different Levels' fields: a fighter's Size Modifier and weapons (G4, G5), and the
``hit_locations`` option (G7).

Source: ``001_cbc7fc1b49bd2ff2.txt`` (the SM / Reach table, weapons' reach, hit locations); rulings G4,
G5, G7.

Rulings restated in ``docs/rules.md``: ``#g4-reach-by-size-modifier``, ``#g5-horizontal-distance-and-reach``,
``#g7-without-hit-locations``.
"""

from __future__ import annotations

from vertigo.fields import Entries, Field, Flag, Whole

from .reach import MAX_SM, Weapon

__all__ = ["SM", "WEAPONS", "HIT_LOCATIONS", "FIELDS", "OPTIONS", "MIN_SM"]

MIN_SM = -10
"""Smallest Size Modifier a fighter may have (SM ≤ 0 gives no reach bonus, G4)."""

SM: Field[int] = Field(
    "sm", "fighter", 0, "Size Modifier",
    f"a whole number from {MIN_SM} to +{MAX_SM}; above 0 it adds to its melee reach (G4)",
    kind=Whole(MIN_SM, MAX_SM, "must be a whole Size Modifier from {low} to +{high} (the reach table of "
                               "Combat at Different Levels ends at +{high})"))
"""Its Size Modifier (G4; −10 … +10)."""
WEAPONS: Field[tuple[Weapon, ...]] = Field(
    "weapons", "fighter", (), "Weapons",
    'each "Spear, reach 1,2" (GURPS reach in yards) or "Bow, range 150" (G4, G5)',
    kind=Entries(Weapon.parse, "Spear, reach 1,2"))
"""Its weapons, melee with GURPS reach or ranged with a range in yards (G4, G5)."""
HIT_LOCATIONS: Field[bool] = Field(
    "hit_locations", "scenario", True, "Hit locations",
    "whether melee across levels names hit locations and their penalties (G6); false leaves only the bands' "
    "modifiers (G7)", kind=Flag())
"""The scenario option ``hit_locations`` (G7), true by default."""

FIELDS = (SM, WEAPONS)
"""Combat at Different Levels' fighter fields, in the order a document writes them."""
OPTIONS = (HIT_LOCATIONS,)
"""Its scenario options."""
