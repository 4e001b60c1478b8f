"""A fighter's place: on a section at an x, or part way up a ladder.

Terrain features (002) let a fighter stand on a ladder between two sections, so a place is more than a
section and an x.  :class:`Stand` is the one value every part of the table keeps for a fighter's place: the
table, its undo snapshots, the saved table, Export, ``ask``'s ``positions`` and the renderer.

Source: issue 20 ("``Stand(section, x, ladder=None, up=None)``, a required value type, is a fighter's place
everywhere"); ``002`` › Stairs and ladders, ruling T4 (a fighter may end part way up; its height on the ladder is kept
and drawn).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .battlefield import Battlefield, Border
from .errors import UnknownSectionError
from .lengths import show, to_json
from .text import isolate, quote

__all__ = ["Stand", "ladder", "on_ladder", "up_ladder_words", "place_json"]


@dataclass(frozen=True, slots=True)
class Stand:
    """Where a fighter stands.

    Attributes:
        section: id of the section it stands on; on a ladder, the section at the ladder's foot (the lower
            of the surfaces the ladder's border meets; of two at one height, the border's first).
        x: where on the section, in the scenario's unit; None is the section's default place (its centre).
            On a ladder, the ladder's x.
        ladder: id of the ladder (a border of kind ``"ladder"``) it is on, or None off ladders.
        up: on a ladder, how far above the ladder's foot it is, in the scenario's unit, from 0 to the
            ladder's Height; None off ladders.
    """

    section: str
    x: Fraction | None
    ladder: str | None = None
    up: Fraction | None = None


def ladder(field: Battlefield, ladder_id: str) -> Border:
    """The ladder with this id: a border of kind ``"ladder"``.

    Raises:
        UnknownSectionError: no border has that id, or it is not a ladder (the message lists the ladders).
    """
    for border in field.borders:
        if border.id == ladder_id:
            if border.kind == "ladder":
                return border
            break
    ladders = [b.id for b in field.borders if b.kind == "ladder" and b.id is not None]
    listed = f"its ladders: {', '.join(ladders)}" if ladders else "the battlefield has no ladder with an id"
    raise UnknownSectionError(f"no ladder {quote(ladder_id)}; {listed}")


def on_ladder(field: Battlefield, ladder_id: str, up: Fraction, units: str) -> Stand:
    """A place ``up`` (scenario's unit) above the foot of a ladder.

    Returns:
        The stand: the foot's section, the ladder's x, the ladder's id and ``up``.

    Raises:
        UnknownSectionError: no ladder with that id (:func:`ladder`).
        ValueError: ``up`` below 0 or above the ladder's Height (the difference of the surfaces its border
            meets, never past :data:`~vertigo.limits.MAX_LADDER_UP`); the message gives the range with its
            unit.

    Source: issue 20 (``{"ladder", "up"}``); ruling T4.
    """
    border = ladder(field, ladder_id)
    low, high = field.border_surfaces(border)
    foot = border.a if low <= high else border.b
    height = abs(high - low)
    if not 0 <= up <= height:
        raise ValueError(f"must be on the ladder, from {show(Fraction(0), units)} to {show(height, units)} above "
                         f"its foot: {show(up, units)}")
    return Stand(foot, border.x, ladder_id, up)


def up_ladder_words(field: Battlefield, stand: Stand, units: str) -> str:
    """A place part way up a ladder in words, the ladder named by the sections it joins: ``"1.5 in up the
    ladder from Ground floor to Upper floor"`` (names isolated, as text).

    Raises:
        UnknownSectionError: ``stand`` is on no ladder of the battlefield.
    """
    if stand.ladder is None or stand.up is None:
        raise UnknownSectionError("the place is on no ladder")
    border = ladder(field, stand.ladder)
    top = border.b if border.a == stand.section else border.a
    return (f"{show(stand.up, units)} up the ladder from {isolate(field.section(stand.section).name)} to "
            f"{isolate(field.section(top).name)}")


def place_json(stand: Stand) -> str | dict[str, Any]:
    """A place as the saved table, a log entry's question and ``ask``'s ``positions`` write it: ``"section id"``
    (its default place), ``{"section": id, "x": length}`` or ``{"ladder": id, "up": length}``, a length exact
    in the scenario's unit (:func:`vertigo.lengths.to_json`).

    Source: issue 20 (the place forms); issue 27 (a log entry keeps its question's positions).
    """
    if stand.ladder is not None and stand.up is not None:
        return {"ladder": stand.ladder, "up": to_json(stand.up)}
    if stand.x is None:
        return stand.section
    return {"section": stand.section, "x": to_json(stand.x)}
