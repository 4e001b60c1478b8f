"""Falling: Height fallen to d6 of damage (H2, H8, H9).

Source: ``000_519d8b8e373365db.txt`` › Falling ("1d6 damage for each Height
value fallen"), › Combat ("subtract the two and use the resulting number as
the # for falling damage"), › Exploration (Climbing obstacles); rulings H2,
H8, H9.

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h8-falling-dice``,
``#h9-climbing-obstacles-exploration``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .dice import DicePool
from .errors import LimitError
from .fields import Field, Scale
from .lengths import exact, show
from .limits import MAX_ELEVATION
from .numbers import fmt
from .verdict import Step

__all__ = ["Fall", "fall", "drop", "in_height", "FALL_SCALE", "crossing_fall", "fall_across",
           "climbing_obstacle_fall"]


@dataclass(frozen=True, slots=True)
class Fall:
    """A fall and its dice.

    Attributes:
        height: Height levels fallen, ≥ 0 (after the Move's Height is taken off).
        pool: the d6 to roll: one per whole Height fallen (H8).
        steps: the explanation.
    """

    height: Fraction
    pool: DicePool
    steps: tuple[Step, ...]


def fall(height: Fraction | int | float) -> Fall:
    """The dice for falling ``height`` Height levels (H8).

    Args:
        height: Height levels fallen, 0 … 2 × MAX_ELEVATION (the highest border
            between elevations −MAX_ELEVATION and +MAX_ELEVATION); a fraction
            rounds down.

    Returns:
        The fall with ``floor(height)`` d6.

    Raises:
        LimitError: height negative or above 2 × MAX_ELEVATION.
    """
    height = exact(height)
    if not 0 <= height <= 2 * MAX_ELEVATION:
        raise LimitError(f"a fall must be 0 to {2 * MAX_ELEVATION} Height: {fmt(height)}")
    count = math.floor(height)
    pool = DicePool(count)
    text = f"Falling Height {fmt(height)} deals 1d6 per whole Height fallen: {pool}."
    if count != height:
        text = f"Falling Height {fmt(height)} rounds down to {count}: {pool}."
    return Fall(height, pool, (Step("H8", text),))


_INCHES = {"feet": 12, "inches": 1}
"""Inches in one unit of a feet or inches battlefield."""

FALL_SCALE = "fall_scale"
"""The option key of a fall scale (a :class:`~vertigo.fields.Scale`): one key for every rule set whose falls
are measured on the table, so that a battlefield refereed by two of them sets its scale once."""


def fall_scale(default: Fraction, help: str) -> Field[Fraction]:
    """The fall-scale option a rule set declares: key :data:`FALL_SCALE`, its default in inches (3 for
    skirmish terrain, T6; 120 = 10 ft for a storey, J12), read and written as a length with its unit.

    Source: issue 20 (typed options carry a length); ``RULINGS.md`` T6, J12.
    """
    return Field(FALL_SCALE, "scenario", Fraction(default), "Fall scale", help, kind=Scale())


def in_height(distance: Fraction | int, units: str, scale: Fraction | None) -> Fraction:
    """A drop's Height levels: ``distance`` in the battlefield's unit over the fall scale (T6, J12).

    Args:
        distance: how far the fighter drops, ≥ 0, in the scenario's unit (Height levels, feet or inches).
        units: the scenario's unit system (:data:`vertigo.lengths.UNITS`).
        scale: inches of drop to one Height level (a :class:`~vertigo.fields.Scale`'s value); None on a
            Height battlefield, whose drops are Height levels already (scale 1).

    Raises:
        ValueError: a scale on a Height battlefield, or none on a feet or inches one (a rule set's bug: the
            scenario reader refuses the first and always supplies the default of the second).
    """
    distance = exact(distance)
    if units == "height":
        if scale is not None:
            raise ValueError("a Height battlefield falls in Height levels: it has no fall scale")
        return distance
    if scale is None:
        raise ValueError(f"a {units} battlefield needs a fall scale to turn a drop into Height")
    return distance * _INCHES[units] / scale


def drop(distance: Fraction | int, units: str, scale: Fraction | None, cause: str, rule: str) -> Fall:
    """The fall of a drop straight down: its distance turned into Height through the scale (T6, J12), then
    into dice (H8), with the fall's cause in the explanation (``"fell from the ladder"``, ``"pushed"``,
    ``"missed the jump"``).

    Args:
        distance, units, scale: as :func:`in_height`.
        cause: what made the fighter fall, as the explanation says it.
        rule: the ruling id that converts the drop, as the rule set names it (T6 for inches, J12 for feet);
            unused on a Height battlefield.  The rule set that emits it gives it a glossary entry.

    Returns:
        The fall: its Height, its d6 (H8) and its steps (the conversion, then H8).

    Raises:
        LimitError: a negative drop, or one past Height 2 × MAX_ELEVATION at the scale (a battlefield that
            allows one is refused at load, :func:`vertigo.reading.fall_depth`).
    """
    height = in_height(distance, units, scale)
    cause = cause[:1].upper() + cause[1:]  # str.capitalize would lower a name inside it ("off Roof")
    if distance < 0:
        raise LimitError(f"a drop must be 0 or more: {show(exact(distance), units)}")
    result = fall(height)
    if units == "height":
        why = Step("H8", f"{cause}: a drop of Height {fmt(height)}.")
    else:
        assert scale is not None
        why = Step(rule, f"{cause}: a drop of {show(exact(distance), units)} at "
                         f"{Scale().write(scale)} to a Height level is Height {fmt(height)}.")
    return Fall(result.height, result.pool, (why, *result.steps))


def crossing_fall(rise: Fraction, move_height: Fraction, *, fly: bool = False) -> Fraction | None:
    """The Height fallen crossing one border, or None when the crossing is not allowed (H2, H4).

    The one home of the crossing rule: upward across a border higher than the
    Move's Height is not allowed; downward, the fall is the border's Height
    less the Move's Height, never below 0; Fly ignores Height.

    Args:
        rise: signed change of elevation across the border, Height levels (+ up).
        move_height: the Height value the Move moves with, Height levels (≥ 0).
        fly: the entry is Fly.

    Returns:
        Height levels fallen (≥ 0; its d6 are :func:`math.floor` of it, H8), or
        None for a climb the entry cannot make.

    Source: ``000_519d8b8e373365db.txt`` › Combat; rulings H2, H4.
    """
    rise, move_height = exact(rise), exact(move_height)
    if fly:
        return Fraction(0)
    if rise > move_height:
        return None
    return max(Fraction(0), -rise - move_height)


def fall_across(border_height: Fraction, move_height: Fraction) -> Fall:
    """The fall for moving downward across a border (H2).

    Args:
        border_height: the border's Height, Height levels (≥ 0).
        move_height: the Move entry's Height value, Height levels (≥ 0).

    Returns:
        A fall of ``max(0, border_height − move_height)``; 0 dice when the
        Move's Height covers the border.
    """
    fallen = crossing_fall(-border_height, move_height)
    assert fallen is not None  # downward crossings are always allowed (H2)
    return fall(fallen)


def climbing_obstacle_fall(obstacle_height: Fraction | int | float, move_height: Fraction | int | float = 0,
                           downward: bool = False) -> Fall:
    """The fall when a Climbing obstacle's Reaction takes effect (H9).

    Args:
        obstacle_height: the obstacle's Height, Height levels.
        move_height: the Height value of the Move used (only counts downward).
        downward: True when the actor traverses the obstacle downward.

    Returns:
        A fall of the obstacle's Height, less the Move's Height when moving down.
    """
    obstacle_height, move_height = exact(obstacle_height), exact(move_height)
    fallen = max(Fraction(0), obstacle_height - move_height) if downward else obstacle_height
    result = fall(fallen)
    why = Step(
        "H9",
        f"Climbing obstacle of Height {fmt(obstacle_height)}"
        + (f" traversed downward with Height {fmt(move_height)}" if downward else "")
        + f": falls Height {fmt(fallen)}.",
    )
    return Fall(result.height, result.pool, (why, *result.steps))
