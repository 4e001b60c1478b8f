"""What a piece of terrain is to a moving fighter: an obstacle or low terrain, by its measured height (T1).

Source: ``002_c9100305c0bcca6b.txt`` › Obstacles ("extends vertically 1\\" or more"), Low terrain ("less
than 1\\""); ruling T1 (by measured height, never by label).

Rulings restated in ``docs/rules.md``: ``#t1-kinds``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from vertigo.features import Feature
from vertigo.lengths import show

__all__ = ["OBSTACLE", "Kind", "kind_of", "feature_kind", "face_kind"]

OBSTACLE = Fraction(1)
"""The least rise, in inches, that makes an obstacle (T1); anything lower is low terrain."""


@dataclass(frozen=True, slots=True)
class Kind:
    """A piece's kind for movement (T1).

    Attributes:
        obstacle: True for an obstacle (rises 1 in or more), False for low terrain.
        height: what it rises, in inches.
        why: the reason, for the panel (``"rises 1 1/4 in: 1 in or more is an obstacle (T1)"``).
    """

    obstacle: bool
    height: Fraction
    why: str

    @property
    def name(self) -> str:
        """``"obstacle"`` or ``"low terrain"``."""
        return "obstacle" if self.obstacle else "low terrain"


def kind_of(height: Fraction) -> Kind:
    """The kind of a piece rising ``height`` inches from its floor (T1): an obstacle at 1 in or more.

    Args:
        height: its rise above the floor or platform it stands on, in inches, ≥ 0.
    """
    if height >= OBSTACLE:
        return Kind(True, height, f"rises {show(height, 'inches')}: 1 in or more is an obstacle (T1)")
    return Kind(False, height, f"rises {show(height, 'inches')}: under 1 in is low terrain, part of its floor (T1)")


def feature_kind(feature: Feature) -> Kind:
    """A feature's kind (T1), by its ``height`` above its section."""
    return kind_of(feature.height)


def face_kind(rise: Fraction) -> Kind:
    """A border face's kind (T1), by the difference of the surfaces it meets (inches, either sign)."""
    return kind_of(abs(rise))
