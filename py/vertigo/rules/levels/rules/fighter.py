"""A fighter as Combat at Different Levels sees it: where it stands (the height of its standing surface and
its x, feet) and what it strikes with (its SM and weapons), each checked against its cap.

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels (rulings G1, G4, G5).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo.errors import EntryError, LimitError
from vertigo.limits import MAX_ENTRIES, MAX_NAME
from vertigo.text import check_name, quote

from .bands import _exact, feet
from .reach import Weapon, reach_bonus

__all__ = ["Fighter"]


@dataclass(frozen=True, slots=True)
class Fighter:
    """A fighter as the levels rules see it: where it stands and what it strikes with.

    ``elevation_ft`` and ``x_ft`` may be given as an int or a Fraction (taken
    as they are: a scenario's validated lengths) or text (:func:`feet`, with
    its caps) and are kept as Fractions; ``weapons`` may be
    :class:`~vertigo.reach.Weapon` values or their text and are kept as a
    tuple of weapons.

    Attributes:
        id: the fighter's id (unique in a scenario).
        name: the name shown.
        elevation_ft: the height of the surface it stands on, feet.
        x_ft: its horizontal position, feet.
        sm: its Size Modifier (≤ +10, the reach table, G4).
        weapons: its weapons, at most ``MAX_ENTRIES``.

    Raises:
        EntryError: an id or name refused by :func:`vertigo.text.check_name`,
            a weapon text that does not parse.
        LengthError: an elevation or position that is not exact feet.
        LimitError: beyond a cap (name length, ``MAX_FEET``, ``MAX_ENTRIES``).
        SizeModifierError: SM above +10 or not a whole number.
    """

    id: str
    name: str
    elevation_ft: Fraction
    x_ft: Fraction
    sm: int = 0
    weapons: tuple[Weapon, ...] = ()

    def __post_init__(self) -> None:
        for field, value in (("id", self.id), ("name", self.name)):
            try:
                check_name(value, MAX_NAME)
            except LimitError as e:
                raise LimitError(f"the fighter's {field} {e}") from None
            except EntryError as e:
                raise EntryError(f"the fighter's {field} {e}: {quote(value)}") from None
        # Exact values (a scenario's lengths, already bounded by its validator) are taken as they are;
        # text goes through feet()'s guard.
        for name in ("elevation_ft", "x_ft"):
            value = getattr(self, name)
            object.__setattr__(self, name, feet(value, name) if isinstance(value, str) else _exact(value, name))
        reach_bonus(self.sm)
        given: Any = self.weapons
        if isinstance(given, (str, Weapon)) or not isinstance(given, Iterable):
            raise EntryError(f"a fighter's weapons must be a list of weapons: {quote(given)}")
        weapons = tuple(given)
        if len(weapons) > MAX_ENTRIES:
            raise LimitError(f"a fighter may carry at most {MAX_ENTRIES} weapons: {len(weapons)}")
        object.__setattr__(self, "weapons", tuple(w if isinstance(w, Weapon) else Weapon.parse(w) for w in weapons))
