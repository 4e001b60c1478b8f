"""What a failed jump comes to: a failed high jump falls short by the Jump Modifier a point (J5); a failed long
jump scatters the Jump Modifier a point in a d8 direction, undershoots past the maximum and never lands
closer than the minimum (J6).

Lengths are feet from the takeoff.  A long jump's landing is given along the jump and across it (+ to the
right of the jump); a diagonal direction gives components with √2, held exactly (:class:`.surd.Surd`).

Source: ``003_d3aa233771e16bb9.txt`` › Attempting a Jump ("If a character fails a High Jump…"), › Scatter;
rulings J5, J6, J11.

Rulings restated in ``docs/rules.md``: ``#j5-a-failed-high-jump``, ``#j6-a-failed-long-jump-scatters``,
``#j11-the-check-is-the-tables``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo.lengths import show
from vertigo.verdict import Step

from .distances import Figures, JumpError
from .feet import feet, number
from .surd import HALF_ROOT_2, Surd

__all__ = ["DIRECTIONS", "HighOutcome", "LongOutcome", "high_outcome", "long_outcome", "check_fail_by",
           "check_direction"]

_ZERO, _ONE = Surd(Fraction(0)), Surd(Fraction(1))
_H = HALF_ROOT_2
DIRECTIONS: dict[int, tuple[str, Surd, Surd]] = {
    1: ("straight ahead", _ONE, _ZERO),
    2: ("ahead and to the right", _H, _H),
    3: ("to the right", _ZERO, _ONE),
    4: ("back and to the right", _ZERO - _H, _H),
    5: ("straight back", _ZERO - _ONE, _ZERO),
    6: ("back and to the left", _ZERO - _H, _ZERO - _H),
    7: ("to the left", _ZERO, _ZERO - _ONE),
    8: ("ahead and to the left", _H, _ZERO - _H),
}
"""d8 face → (words, along, across): 1 straight ahead, then clockwise; across is + to the right (J6)."""


def check_fail_by(fail_by: int) -> None:
    """Refuse a failure margin that is not a whole number from 0 (a success) to its cap.

    Raises:
        JumpError: not whole, negative, or over :data:`vertigo.limits.MAX_FAIL_BY`.
    """
    from vertigo.limits import MAX_FAIL_BY
    if isinstance(fail_by, bool) or not isinstance(fail_by, int) or not 0 <= fail_by <= MAX_FAIL_BY:
        raise JumpError(f"must be a whole number of points failed by, from 0 (a success) to {MAX_FAIL_BY}: "
                        f"{fail_by!r}")


def check_direction(direction: int) -> None:
    """Refuse a d8 face that is not 1 … 8.

    Raises:
        JumpError: not a whole number from 1 to 8.
    """
    if isinstance(direction, bool) or not isinstance(direction, int) or direction not in DIRECTIONS:
        raise JumpError(f"must be a d8 face, 1 (straight ahead) to 8, clockwise: {direction!r}")


@dataclass(frozen=True, slots=True)
class HighOutcome:
    """A high jump's height reached (J5).

    Attributes:
        intended: the height meant, feet.
        fail_by: the points the check failed by (0: success).
        reached: the height reached, feet: the intended height, less the Jump Modifier a point, never below the
            minimum.
        at_minimum: the floor stopped it.
        steps: the explanation.
    """

    intended: Fraction
    fail_by: int
    reached: Fraction
    at_minimum: bool
    steps: tuple[Step, ...]

    @property
    def made(self) -> bool:
        """Whether it reached the height meant."""
        return self.reached >= self.intended

    def to_json(self) -> dict[str, Any]:
        """The ``jump_outcome`` keys of a high jump."""
        return {**feet("reached", self.reached), "at_minimum": self.at_minimum, "made": self.made}


def high_outcome(figures: Figures, intended: Fraction, fail_by: int) -> HighOutcome:
    """The height a high jump reaches when its check failed by ``fail_by`` (J5): for every point, the Jump
    Modifier less, until it hits the minimum.

    Raises:
        JumpError: a bad ``fail_by`` (:func:`check_fail_by`).
    """
    check_fail_by(fail_by)
    if fail_by == 0:
        return HighOutcome(intended, 0, intended, False, (Step("J11", "The check succeeded: it jumps as high as "
                                                                      f"it meant, {show(intended, 'feet')}."),))
    short = intended - fail_by * figures.modifier
    reached = max(short, min(figures.minimum, intended))
    floor = reached != short
    text = (f"Failed by {fail_by}: {show(intended, 'feet')} − {fail_by} × {show(figures.modifier, 'feet')} = "
            f"{show(short, 'feet')}" + (f", never below the minimum: {show(reached, 'feet')}." if floor else "."))
    return HighOutcome(intended, fail_by, reached, floor, (Step("J5", text),))


@dataclass(frozen=True, slots=True)
class LongOutcome:
    """Where a long jump lands, from its takeoff (J6).

    Attributes:
        intended: the distance meant, feet.
        fail_by: the points the check failed by (0: success).
        direction: the d8 face (1 straight ahead, clockwise), or None for a success.
        scatter: fail_by × the Jump Modifier, feet.
        along: feet along the jump from the takeoff, exactly (√2 on a diagonal).
        sideways: feet across it, + to the right of the jump.
        undershoot: the scatter would have carried it past the maximum: it lands the scatter short, on the line.
        at_minimum: it would have landed closer than the minimum: it lands at the minimum, on the line.
        steps: the explanation.
    """

    intended: Fraction
    fail_by: int
    direction: int | None
    scatter: Fraction
    along: Surd
    sideways: Surd
    undershoot: bool
    at_minimum: bool
    steps: tuple[Step, ...]

    @property
    def along_ft(self) -> Fraction:
        """The landing along the jump, rounded to 1/100 ft: where the side view puts it."""
        return self.along.hundredths()

    def _length(self, name: str, value: Surd) -> dict[str, Any]:
        exact = value.rational
        if exact is not None:
            return feet(name, exact)
        return {name: number(value.hundredths())}

    def to_json(self) -> dict[str, Any]:
        """The ``jump_outcome`` keys of a long jump."""
        return {**feet("scatter_ft", self.scatter), "direction": self.direction,
                **self._length("landing_along", self.along), **self._length("landing_sideways", self.sideways),
                "undershoot": self.undershoot, "at_minimum": self.at_minimum}

    @property
    def sideways_words(self) -> str:
        """The part across the jump in words: ``"1.41 ft to the right"``, or ``""`` for none."""
        if self.sideways.sign == 0:
            return ""
        side = "right" if self.sideways.sign > 0 else "left"
        return f"{show(abs(self.sideways.hundredths()), 'feet')} to the {side} of the jump"


def _dist2(along: Surd, sideways: Surd) -> Surd:
    return along * along + sideways * sideways


def long_outcome(figures: Figures, intended: Fraction, fail_by: int, direction: int | None) -> LongOutcome:
    """Where a long jump lands when its check failed by ``fail_by``, scattered in d8 ``direction`` (J6).

    The scatter is ``fail_by`` × the Jump Modifier in that direction (1 straight ahead, clockwise).  Past the
    maximum, measured straight from the takeoff, it undershoots: the scatter short of the target, on the line.
    Closer than the minimum (or behind the takeoff) it lands at the minimum, on the line.  Worked example
    (J6): intended 24 ft, scatter 8 ft straight ahead past a 30-ft maximum: 16 ft.

    Raises:
        JumpError: a bad ``fail_by`` or, for a failure, a ``direction`` that is not 1 … 8.
    """
    check_fail_by(fail_by)
    zero = Surd(Fraction(0))
    if fail_by == 0:
        step = Step("J11", f"The check succeeded: it lands where it meant, {show(intended, 'feet')} from the "
                           "takeoff.")
        return LongOutcome(intended, 0, None, Fraction(0), Surd(intended), zero, False, False, (step,))
    if direction is None:
        raise JumpError("a failed long jump needs its d8 direction, 1 (straight ahead) to 8, clockwise")
    check_direction(direction)
    scatter = fail_by * figures.modifier
    words, cos, sin = DIRECTIONS[direction]
    along, sideways = Surd(intended) + cos.scaled(scatter), sin.scaled(scatter)
    steps = [Step("J6", f"Failed by {fail_by}: it scatters {fail_by} × {show(figures.modifier, 'feet')} = "
                        f"{show(scatter, 'feet')} {words} (d8: {direction}).")]
    under = at_min = False
    if Surd(figures.maximum * figures.maximum) < _dist2(along, sideways):
        under = True
        along, sideways = Surd(intended - scatter), zero
        steps.append(Step("J6", f"That is past its maximum of {show(figures.maximum, 'feet')}: it undershoots, "
                                f"{show(scatter, 'feet')} short of the target on the line: "
                                f"{show(along.a, 'feet')}."))
    if along.sign < 0 or _dist2(along, sideways) < Surd(figures.minimum * figures.minimum):
        at_min = True
        along, sideways = Surd(figures.minimum), zero
        steps.append(Step("J6", f"That is closer than its minimum of {show(figures.minimum, 'feet')}: it lands "
                                "at the minimum, on the line."))
    out = LongOutcome(intended, fail_by, direction, scatter, along, sideways, under, at_min, ())
    if not (under or at_min):
        across = out.sideways_words
        steps.append(Step("J6", f"It lands {show(out.along_ft, 'feet')} along the jump from the takeoff"
                                + (f" and {across}" if across else "") + "."))
    return LongOutcome(intended, fail_by, direction, scatter, along, sideways, under, at_min, tuple(steps))
