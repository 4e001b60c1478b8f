"""Stairs and ladders: a border's stated Height, which movement and falls use in place of the difference (H15).

A stair, a ladder or a ramp between a ground floor and the floor above may state its own Height
(``"height": h`` on the border, at most the difference of its sections' elevations,
:func:`.fields.stated_heights`).  Moves and falls across it (H2, H3, H12) use the stated Height; range and
sight (H5, H10, H11, H14) still use the elevations.  A border that states none has the difference (H1).

Source: ``000_519d8b8e373365db.txt`` › Combat ("Height is a somewhat abstract method of denoting the vertical
distance between two sections at that crossing"); rulings H1, H15 (``RULINGS.md``).

Rulings restated in ``docs/rules.md``: ``#h15-stairs-and-ladders``.
"""

from __future__ import annotations

from fractions import Fraction

from vertigo.battlefield import Battlefield
from vertigo.numbers import fmt
from vertigo.text import isolate

from .fields import STATED

__all__ = ["move_rise", "moving_graph", "describe_crossing"]

Graph = tuple[tuple[tuple[int, Fraction, int], ...], ...]
""":attr:`vertigo.battlefield.Battlefield.graph`'s shape: per section place, ``(neighbour's place, rise, the
rise's place in the rises)``."""


def move_rise(field: Battlefield, a: str, b: str) -> Fraction:
    """The signed Height a move from ``a`` to ``b`` crosses, Height levels (+ up, − down): the border's stated
    Height with the elevations' sign where it states one (H15), else the difference (H1,
    :meth:`~vertigo.battlefield.Battlefield.rise`).

    Raises:
        UnknownSectionError: either id is not a section.
    """
    rise = field.rise(a, b)
    border = field.border_between(a, b)
    stated = None if border is None else border[STATED]
    if stated is None or rise == 0:
        return rise
    return stated if rise > 0 else -stated


def _build(field: Battlefield) -> tuple[Graph, tuple[Fraction, ...]]:
    sections = field.sections
    if not any(b[STATED] is not None for b in field.borders):
        return field.graph, field.rises
    rises: dict[Fraction, int] = {}
    graph = tuple(
        tuple((there, r, rises.setdefault(r, len(rises)))
              for there, _, _ in field.graph[i]
              for r in (move_rise(field, s.id, sections[there].id),))
        for i, s in enumerate(sections))
    return graph, tuple(rises)


def moving_graph(field: Battlefield) -> tuple[Graph, tuple[Fraction, ...]]:
    """The border graph as moves see it (H2, H15): :attr:`~vertigo.battlefield.Battlefield.graph` with each
    stated border's rise replaced by :func:`move_rise`, and its distinct rises.  Worked out once per
    battlefield (:meth:`~vertigo.battlefield.Battlefield.derived`); the battlefield's own graph when no border
    states a Height."""
    return field.derived("height.moving", _build)


def describe_crossing(field: Battlefield, a: str, b: str) -> str:
    """A border as a move crosses it: ``"Street → Ledge: up Height 3"`` (:meth:`~vertigo.battlefield.
    Battlefield.describe_border`), and for a stated Height ``"Bakery floor → Upper floor: down Height 0 by the
    stair (stated; the elevations are 2 apart, H15)"``."""
    border = field.border_between(a, b)
    stated = None if border is None else border[STATED]
    if stated is None:
        return field.describe_border(a, b)
    rise, elevations = move_rise(field, a, b), field.rise(a, b)
    names = f"{isolate(field.section(a).name)} → {isolate(field.section(b).name)}"
    way = "" if elevations == 0 else ("up " if elevations > 0 else "down ")
    by = f" by the {border.kind}" if border is not None and border.kind is not None else ""
    return (f"{names}: {way}Height {fmt(abs(rise))}{by} (stated; the elevations are "
            f"{fmt(field.border_height(a, b))} apart, H15)")
