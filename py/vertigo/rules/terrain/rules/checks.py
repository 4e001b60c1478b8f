"""The Terrain features rules' checks across a battlefield's pieces: openings only in obstacles, ladders
only between different heights, no fighter inside an obstacle (T1, T4, T5).

Source: ``002_c9100305c0bcca6b.txt`` › Obstacles, Stairs and ladders, Archways and doors; rulings T1, T4,
T5; issue 24 (Bad input).

Rulings restated in ``docs/rules.md``: ``#t1-kinds``, ``#t4-ladders-and-stairs``, ``#t5-doors``.
"""

from __future__ import annotations

from collections.abc import Iterator

from vertigo.battlefield import Battlefield
from vertigo.features import inside
from vertigo.lengths import show
from vertigo.stand import Stand
from vertigo.text import quote

from .kinds import feature_kind

__all__ = ["openings", "ladders", "not_in_obstacle"]


def openings(field: Battlefield, units: str) -> Iterator[str]:
    """An opening (door or archway) only in an obstacle: a feature under 1 in is low terrain, walked over
    (T1, T5)."""
    for i, f in enumerate(field.features):
        if f.opening is not None and not feature_kind(f).obstacle:
            yield (f"features[{i}].opening: only an obstacle (1 in or taller) has a door or an archway; "
                   f"{quote(f.id)} {feature_kind(f).why}")


def ladders(field: Battlefield, units: str) -> Iterator[str]:
    """A ladder joins two surfaces of different heights (T4): one at its foot, one at its top."""
    for i, b in enumerate(field.borders):
        if b.kind == "ladder":
            low, high = field.border_surfaces(b)
            if low == high:
                yield (f"borders[{i}].kind: a ladder joins surfaces of different heights; both of its sections "
                       f"are at {show(low, units)} where it stands")


def not_in_obstacle(field: Battlefield, stand: Stand) -> str | None:
    """Why a fighter may not stand at ``stand``: inside an obstacle (a feature 1 in or taller, its x strictly
    between the feature's faces), T1; None where it may.  A fighter on a ladder stands on the ladder."""
    if stand.ladder is not None:
        return None
    x = field.section(stand.section).centre if stand.x is None else stand.x
    f = inside(field.features, stand.section, x)
    if f is None or not feature_kind(f).obstacle:
        return None
    where = "its section's centre" if stand.x is None else show(x, "inches")
    return (f"stands inside the obstacle {quote(f.id)} ({show(f.x0, 'inches')} to {show(f.x1, 'inches')}) at "
            f"{where}; a fighter stands on a side of it (T1)")
