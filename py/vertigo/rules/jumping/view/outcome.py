"""What a planned jump comes to once the referee has entered the table's check, before anything is confirmed:
the d8 the table will roll for a failed long jump, the scatter, where it lands and any fall, the height a failed
high jump reaches, and J8's second check on footing (J5–J8, J11, J12).

Source: ``003_d3aa233771e16bb9.txt`` › Attempting a Jump, › Scatter, › Landing in Terrain Features; rulings J5–J8,
J11, J12, H7.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from vertigo.errors import RulesError
from vertigo.rules.jumping.rules import play
from vertigo.rules.jumping.rules.fields import Footing
from vertigo.rules.jumping.rules.landing import Landing, LandingCheck
from vertigo.rules.jumping.rules.planner import Attempt, JumpPlan
from vertigo.rules.jumping.rules.scatter import HighOutcome, LongOutcome

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["Entered", "Preview", "preview", "NOTHING"]


@dataclass(frozen=True, slots=True)
class Entered:
    """What the referee has entered for a planned jump (J8, J11, H7).

    Attributes:
        fail_by: the points the table's check failed by, 0 for a success; None: not entered yet.
        landing_fail_by: J8's second check, 0 for a success; None: not entered yet.
        mp_left: the Move points the jumper has left, for J8 (the referee's count: Vertigo keeps none).
        knocked_down: the DM's ruling on J8's result (H7), or None for the rules'.
    """

    fail_by: int | None = None
    landing_fail_by: int | None = None
    mp_left: int = 0
    knocked_down: bool | None = None


@dataclass(frozen=True, slots=True)
class Preview:
    """A jump as it will be carried out, drawn and listed before Confirm.

    Attributes:
        attempt: the attempt as Confirm makes it (the d8 still to roll), or None while the check is owed.
        result: a failed jump's outcome (the height reached, J5; the scatter, J6), None for a success.
        landing: where it lands, and its fall (J7, J12); None while the check is owed.
        direction: the d8 face the table's next roll will show, for a failed long jump (J6); else None.
        footing: the footing where it lands, when J8 applies; else None.
        check: J8's second check, once entered; else None.
        problem: why what is entered cannot be carried out (a scatter that comes down where there is no surface),
            or "".
    """

    attempt: Attempt | None
    result: HighOutcome | LongOutcome | None
    landing: Landing | None
    direction: int | None
    footing: Footing | None
    check: LandingCheck | None
    problem: str = ""

    @property
    def owes_check(self) -> bool:
        """Whether the table's check is still to be entered."""
        return self.attempt is None and not self.problem

    @property
    def owes_landing(self) -> bool:
        """Whether J8's second check is still to be entered."""
        return self.footing is not None and self.check is None

    @property
    def ready(self) -> bool:
        """Whether Confirm can carry it out: allowed (or allowed by the DM), every check it needs entered."""
        return self.attempt is not None and not self.owes_landing and not self.problem

    @property
    def knocked_down(self) -> bool | None:
        """Whether it ends Knocked Down (J8, the DM's word first); None before J8's check is entered or where it
        does not apply."""
        if self.check is None or self.attempt is None:
            return None
        return self.check.knocked_down if self.attempt.knocked_down is None else self.attempt.knocked_down


NOTHING = Preview(None, None, None, None, None, None)
"""Nothing entered yet, or nothing to carry out."""


def preview(table: Table, plan: JumpPlan, entered: Entered) -> Preview:
    """The jump with what is entered, as Confirm will carry it out on ``table``: the d8 is the face the table's
    next roll shows (:func:`vertigo.rules.jumping.rules.play.next_direction`), so the landing drawn is the one
    Confirm gives (J6, J11).

    A landing the rules cannot place (no surface below where a scatter comes down) is a preview with its
    :attr:`Preview.problem` and nothing to confirm.

    Raises:
        JumpError: a bad entry (the mode keeps them in bounds).
    """
    if not plan.final:
        return NOTHING
    fail_by = entered.fail_by
    if plan.needs_roll and fail_by is None:
        return NOTHING
    fail_by = fail_by or 0
    attempt = plan.attempt(fail_by, None, entered.landing_fail_by, entered.mp_left, entered.knocked_down)
    direction = play.next_direction(table) if attempt.scatters else None
    try:
        result, landing = attempt.outcome(direction)
    except RulesError as e:
        said = str(e)
        return Preview(None, None, None, direction, None, None,
                       f"{said[:1].upper()}{said[1:]}: the DM places it (Place here instead)")
    footing = attempt.footing(landing)
    check = attempt.landing_check(landing) if entered.landing_fail_by is not None else None
    return Preview(attempt, result, landing, direction, footing, check)
