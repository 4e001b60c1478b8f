"""The Jumping rules' fields: a fighter's Size, Move in tiles, skills and Move modifiers (J1, J4, J9), whether
it is Knocked Down (J8, per-fighter state), a section's footing (J8), and the fall scale (J12).

Source: ``003_d3aa233771e16bb9.txt`` › Jumping Distance & Height, › Move Modifiers, › Attempting a Jump,
› Landing in Terrain Features; rulings J1, J4, J8, J9, J12; issue 25 (the format's additions).

Rulings restated in ``docs/rules.md``: ``#j1-full-move-and-the-four-jumps``, ``#j8-landing-on-bad-footing``,
``#j9-move-modifiers``, ``#j12-falls-in-feet``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo import lengths
from vertigo.errors import RulesError
from vertigo.falling import fall_scale
from vertigo.fields import BAD, Checks, Choice, Field, Flag, Kind, Whole
from vertigo.limits import MAX_FOOTING_MP, MAX_MOVE_TILES

from .sizes import SIZES

__all__ = ["Footing", "FOOTINGS", "SIZE", "MOVE_TILES", "ATHLETICS", "TUMBLING", "MOVE_FRACTION", "MP_COST",
           "KNOCKED_DOWN", "FOOTING", "SCALE", "FIELDS", "OPTIONS", "MAX_MOVE_FRACTION", "read_fraction"]

FOOTINGS = ("difficult", "poor")
"""The kinds of footing a section may have: difficult terrain or poor footing (J8)."""

MAX_MOVE_FRACTION = 4
"""The largest Move fraction a fighter may have (four times its Move)."""


@dataclass(frozen=True, slots=True)
class Footing:
    """A section's footing: difficult terrain or poor footing, and its Move-point cost (J8).

    Attributes:
        kind: one of :data:`FOOTINGS`.
        mp: its Move-point cost, 0 … :data:`vertigo.limits.MAX_FOOTING_MP`: J8's second check is at −mp.
    """

    kind: str
    mp: int

    @property
    def words(self) -> str:
        """``"poor footing (2 Move points)"``."""
        return f"{'difficult terrain' if self.kind == 'difficult' else 'poor footing'} ({self.mp} Move points)"


class FootingKind(Kind):
    """``{"kind": "difficult" | "poor", "mp": n}`` (J8)."""

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        if raw is None:
            return None
        if not isinstance(raw, Mapping) or set(raw) != {"kind", "mp"}:
            c.add(where, f'must be {{"kind": "difficult" or "poor", "mp": a whole number}}: {c.show(raw)}')
            return BAD
        kind, mp = raw["kind"], raw["mp"]
        if kind not in FOOTINGS:
            c.add(f"{where}.kind", f"must be difficult or poor: {c.show(kind)}")
            return BAD
        if isinstance(mp, bool) or not isinstance(mp, int) or not 0 <= mp <= MAX_FOOTING_MP:
            c.add(f"{where}.mp", f"must be its Move-point cost, a whole number from 0 to {MAX_FOOTING_MP}: "
                                 f"{c.show(mp)}")
            return BAD
        return Footing(kind, mp)

    def write(self, value: Any) -> Any:
        return None if value is None else {"kind": value.kind, "mp": value.mp}

    def describe(self) -> str:
        return f'difficult or poor, and its Move-point cost: {{"kind": "poor", "mp": 2}} (0 to {MAX_FOOTING_MP})'


def read_fraction(raw: Any) -> Fraction:
    """A Move fraction: a number or fraction text (``0.5``, ``"1/2"``), above 0, at most :data:`MAX_MOVE_FRACTION`.

    Raises:
        RulesError: anything else, with what it must be.
    """
    must = f"must be a number or fraction text such as \"1/2\", above 0 and at most {MAX_MOVE_FRACTION}"
    try:
        value = lengths.length(raw, "feet", "the Move fraction")
    except RulesError:
        raise RulesError(f"{must}: {raw!r}") from None
    if not 0 < value <= MAX_MOVE_FRACTION:
        raise RulesError(f"{must}: {raw!r}")
    return value


class FractionKind(Kind):
    """A Move fraction, a number or fraction text above 0 (J9)."""

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        if isinstance(raw, str) and raw.strip().endswith(("ft", "in", "'", '"')):
            c.add(where, f"must be a number or fraction text such as \"1/2\", with no unit: {c.show(raw)}")
            return BAD
        try:
            return read_fraction(raw)
        except RulesError as e:
            c.add(where, str(e).rsplit(": ", 1)[0] + f": {c.show(raw)}")
            return BAD

    def write(self, value: Any) -> Any:
        return lengths.to_json(value)

    def describe(self) -> str:
        return f'a number or fraction text such as "1/2", above 0 and at most {MAX_MOVE_FRACTION}'


SIZE: Field[str | None] = Field(
    "size", "fighter", None, "Size",
    "Tiny (or smaller), Small, Medium or Large (or larger): which row of the jumping table it uses (J1)",
    kind=Choice(SIZES, "a Size"), required=True)
"""Its Size (J1); required on a jumping battlefield."""
MOVE_TILES: Field[int | None] = Field(
    "move_tiles", "fighter", None, "Move (tiles)",
    f"its Move in 5-ft tiles, a whole number from 1 to {MAX_MOVE_TILES}: its Full Move in feet is 5 times it (J1)",
    kind=Whole(1, MAX_MOVE_TILES, "must be a whole number of 5-ft tiles from {low} to {high}"), required=True)
"""Its Move in tiles (J1); required on a jumping battlefield."""
ATHLETICS: Field[bool] = Field(
    "athletics", "fighter", False, "Athletics", "whether it has Athletics: its jump check is one step easier (J4)",
    kind=Flag())
"""Whether it has Athletics (J4)."""
TUMBLING: Field[bool] = Field(
    "tumbling", "fighter", False, "Tumbling", "whether it has Tumbling: its jump check is one step easier (J4)",
    kind=Flag())
"""Whether it has Tumbling (J4)."""
MOVE_FRACTION: Field[Fraction] = Field(
    "move_fraction", "fighter", Fraction(1), "Move fraction",
    "what a fraction of Move leaves of it (\"1/2\" slowed): every jump distance scales with it (J9)",
    kind=FractionKind())
"""The fraction its Move is under (J9); 1 by default."""
MP_COST: Field[int] = Field(
    "mp_cost_per_tile", "fighter", 0, "Move points per tile (own)",
    "the Move points per tile of its own, not the terrain's (a heavy load): −10 % of jump distance each (J9)",
    kind=Whole(0, 9, "must be the Move points per tile of its own, a whole number from {low} to {high}"))
"""Its own Move-point cost per tile (J9); 0 by default."""
KNOCKED_DOWN: Field[bool] = Field(
    "knocked_down", "fighter", False, "Knocked Down",
    "whether a landing on bad footing knocked it down (J8); the referee's Stands up clears it", kind=Flag(),
    state=True)
"""Whether it is Knocked Down (J8): per-fighter state."""
FOOTING: Field[Footing | None] = Field(
    "footing", "section", None, "Footing",
    "difficult terrain or poor footing and its Move-point cost: a jumper landing on it checks again (J8)",
    kind=FootingKind())
"""A section's footing (J8); None: firm ground."""
SCALE: Field[Fraction] = fall_scale(Fraction(120), "the drop that is one Height level fallen, 10 ft (a storey) by "
                                                   "default (J12)")
"""The fall scale option, one Height per 10 ft by default (J12)."""

FIELDS = (SIZE, MOVE_TILES, ATHLETICS, TUMBLING, MOVE_FRACTION, MP_COST, KNOCKED_DOWN, FOOTING)
"""Its fields, in the order a document writes them."""
OPTIONS = (SCALE,)
"""Its scenario options."""
