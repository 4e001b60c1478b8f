"""Where a jumper comes down and what the landing costs: the surface below a landing point and the fall to
it (J7, J10, J12, H8), and the second check on bad footing (J8).

Source: ``003_d3aa233771e16bb9.txt`` › Scatter ("If a character would not land on a tile within 10 feet of
their origin, see Falling"), › Landing in Terrain Features; rulings J7, J8, J10, J12, H8.

Rulings restated in ``docs/rules.md``: ``#j7-landing-where-there-is-no-surface``,
``#j8-landing-on-bad-footing``, ``#j12-falls-in-feet``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vertigo.falling import Fall, drop
from vertigo.lengths import show
from vertigo.limits import MAX_MOVE_POINTS
from vertigo.numbers import signed
from vertigo.verdict import Step, rule_ids

from .distances import JumpError
from .scatter import check_fail_by

if TYPE_CHECKING:
    from vertigo.battlefield import Battlefield, Section

__all__ = ["Landing", "LandingCheck", "land", "judge_landing", "check_mp_left"]


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a jumper comes down (J7, J10, J12).

    Attributes:
        section: the section it lands on.
        x: where, feet (rounded to 1/100 ft for a scattered landing, J6).
        surface: the height of that surface, feet.
        drop: how far it falls from the height it came down at, feet ≥ 0 (0: it lands on its feet).
        fall: the fall's Height and d6 (J12, H8); None when it drops nothing.
        steps: the explanation.
    """

    section: Section
    x: Fraction
    surface: Fraction
    drop: Fraction
    fall: Fall | None
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"lands_on", "fall"}`` as the ``jump_plan`` and ``jump_outcome`` answers write them."""
        from .feet import feet
        fall = None
        if self.fall is not None:
            fall = {**feet("drop_ft", self.drop), "height": float(self.fall.height)
                    if self.fall.height.denominator != 1 else int(self.fall.height), "dice": self.fall.pool.notation}
        return {"lands_on": self.section.id, **feet("landing_x", self.x), "fall": fall}


def land(field: Battlefield, x: Fraction, height: Fraction, scale: Fraction, cause: str) -> Landing:
    """Where a jumper coming down at ``x`` from ``height`` lands, and the fall (J7, J10, J12, H8).

    It lands on the highest surface at ``x`` at or below ``height`` (:meth:`~vertigo.battlefield.Battlefield.below`);
    the drop to it turns into Height through the scale (J12) and d6 (H8): a drop under one storey rolls none.

    Args:
        field: the battlefield (feet).
        x: where it comes down, feet.
        height: the height it comes down at, feet (the takeoff's height for a long jump, J10).
        scale: inches of drop to one Height level (the ``fall_scale`` option, 120 = 10 ft by default).
        cause: what the fall's explanation says made it fall (``"Kestrel missed the jump"``).

    Raises:
        JumpError: there is no surface at ``x`` at or below ``height`` (a landing off the battlefield).
    """
    below = field.below(x, height)
    if below is None:
        raise JumpError(f"there is no surface at {show(x, 'feet')} at or below {show(height, 'feet')} to land on")
    surface = below.surface(x)
    dropped = height - surface
    if dropped == 0:
        return Landing(below, x, surface, dropped, None, (Step("J7", f"It lands on {below.name} at "
                                                                     f"{show(x, 'feet')}."),))
    fall = drop(dropped, "feet", scale, cause, "J12")
    why = Step("J7", f"It comes down at {show(x, 'feet')} and falls {show(dropped, 'feet')} to {below.name} "
                     f"({show(surface, 'feet')}).")
    return Landing(below, x, surface, dropped, fall, (why, *fall.steps))


def check_mp_left(mp_left: int) -> None:
    """Refuse Move points left that are not a whole number from 0 to :data:`vertigo.limits.MAX_MOVE_POINTS`.

    Raises:
        JumpError: anything else.
    """
    if isinstance(mp_left, bool) or not isinstance(mp_left, int) or not 0 <= mp_left <= MAX_MOVE_POINTS:
        raise JumpError(f"must be the Move points it has left, a whole number from 0 to {MAX_MOVE_POINTS}: "
                        f"{mp_left!r}")


@dataclass(frozen=True, slots=True)
class LandingCheck:
    """J8's second check on landing in difficult terrain or on poor footing.

    Attributes:
        footing_mp: the terrain's Move-point cost: the check's penalty.
        fail_by: the points the second check failed by (0: success).
        mp_left: the Move points the jumper had left, as the referee enters them.
        penalty: −footing_mp.
        mp_lost: 2 a point of failure.
        mp_after: mp_left − mp_lost.
        knocked_down: it lost points and has 0 or fewer left.
        steps: the explanation.
    """

    footing_mp: int
    fail_by: int
    mp_left: int
    penalty: int
    mp_lost: int
    mp_after: int
    knocked_down: bool
    steps: tuple[Step, ...]

    @property
    def summary(self) -> str:
        """``"Failed by 3: −6 Move points, 4 → −2: Knocked Down."``"""
        if self.fail_by == 0:
            return f"The landing check at {signed(self.penalty)} succeeded: it keeps its {self.mp_left} Move points."
        after = signed(self.mp_after) if self.mp_after < 0 else str(self.mp_after)
        return (f"The landing check at {signed(self.penalty)} failed by {self.fail_by}: −{self.mp_lost} Move points, "
                f"{self.mp_left} → {after}" + (": Knocked Down." if self.knocked_down else "."))

    def to_json(self) -> dict[str, Any]:
        """The ``jump_landing`` answer (``docs/api.md``)."""
        return {"footing_mp": self.footing_mp, "fail_by": self.fail_by, "mp_left": self.mp_left,
                "penalty": self.penalty, "mp_lost": self.mp_lost, "mp_after": self.mp_after,
                "knocked_down": self.knocked_down, "summary": self.summary, "rules": rule_ids(self.steps),
                "explanation": [str(s) for s in self.steps]}


def judge_landing(footing_mp: int, fail_by: int, mp_left: int) -> LandingCheck:
    """J8's second check: at −``footing_mp``; each point failed by costs 2 Move points; at 0 or fewer after a
    loss the jumper is Knocked Down (footing 2, failed by 3, 4 left: −6, −2, Knocked Down).

    Raises:
        JumpError: a footing cost outside 0 … :data:`vertigo.limits.MAX_FOOTING_MP`, a bad ``fail_by``, or
            bad Move points left.
    """
    from vertigo.limits import MAX_FOOTING_MP
    if isinstance(footing_mp, bool) or not isinstance(footing_mp, int) or not 0 <= footing_mp <= MAX_FOOTING_MP:
        raise JumpError(f"must be the footing's Move-point cost, a whole number from 0 to {MAX_FOOTING_MP}: "
                        f"{footing_mp!r}")
    check_fail_by(fail_by)
    check_mp_left(mp_left)
    lost = 2 * fail_by
    after = mp_left - lost
    down = fail_by > 0 and after <= 0
    steps = [Step("J8", f"Landing on bad footing takes a second check like the jump's, at −{footing_mp} (its "
                        "Move-point cost).")]
    if fail_by:
        left = signed(after) if after < 0 else str(after)
        steps.append(Step("J8", f"Failed by {fail_by}: 2 Move points a point, −{lost}: {mp_left} → {left}"
                                + (", 0 or less: Knocked Down." if down else ".")))
    else:
        steps.append(Step("J8", "It succeeded: no Move points lost."))
    return LandingCheck(footing_mp, fail_by, mp_left, -footing_mp, lost, after, down, tuple(steps))
