"""The four jumps and the Size table: each base as a fraction of the Full Move in feet (J1).

Source: ``003_d3aa233771e16bb9.txt`` › Jumping Distance & Height (the table by Size), › Jumping Distance;
ruling J1.

Rulings restated in ``docs/rules.md``: ``#j1-full-move-and-the-four-jumps``.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["SIZES", "KINDS", "LONG", "HIGH", "RUNNING", "TITLES", "BASES", "SIZE_WORDS", "fraction_of_move"]

SIZES = ("Tiny", "Small", "Medium", "Large")
"""The rows of the seed's table, smallest first: ``Tiny`` stands for "Tiny or smaller", ``Large`` for "Large or
larger"."""

SIZE_WORDS = {"Tiny": "Tiny or smaller", "Small": "Small", "Medium": "Medium", "Large": "Large or larger"}
"""How the seed's table names each row."""

KINDS = ("running", "standing_long", "high", "standing_high")
"""The four jumps, in the table's column order: running (long), standing long, (running) high, standing high."""

LONG = frozenset({"running", "standing_long"})
"""The long jumps: across (J6 scatters them)."""
HIGH = frozenset({"high", "standing_high"})
"""The high jumps: up (J5 shortens them)."""
RUNNING = frozenset({"running", "high"})
"""The jumps that need a run-up (J2)."""

TITLES = {"running": "running jump", "standing_long": "standing long jump", "high": "high jump",
          "standing_high": "standing high jump"}
"""Each kind as the text names it."""

_F = Fraction
BASES: dict[str, tuple[Fraction, Fraction, Fraction, Fraction]] = {
    "Tiny": (_F(1, 3), _F(1, 10), _F(1, 15), _F(1, 30)),
    "Small": (_F(1, 3), _F(1, 8), _F(1, 15), _F(1, 20)),
    "Medium": (_F(1, 3), _F(1, 8), _F(1, 15), _F(1, 20)),
    "Large": (_F(1, 2), _F(1, 5), _F(1, 10), _F(1, 15)),
}
"""Size → each kind's base as a fraction of the Full Move in feet, in :data:`KINDS` order (J1)."""


def fraction_of_move(size: str, kind: str) -> Fraction:
    """The base of ``kind`` for a fighter of ``size``, as a fraction of its Full Move in feet (J1).

    Raises:
        KeyError: a size not in :data:`SIZES` or a kind not in :data:`KINDS` (the readers refuse both first).
    """
    return BASES[size][KINDS.index(kind)]
