"""A jump planned on the battlefield: which jump a landing point asks for, its figures and verdict, and — once
the table's check is entered — where the jumper lands, the fall it takes and J8's second check (J1–J12).

:func:`plan_jump` judges the jump (:class:`JumpPlan`, with the DM's override, H7); :meth:`JumpPlan.attempt` says
what an entered check comes to (:class:`Attempt`: the d8 scatter, the landing, the fall, J8), and resolves on
the table's roller (:meth:`vertigo.table.Table.apply`: the d8, then the falling d6, and Knocked Down in one
action that one Undo takes back).

Source: ``003_d3aa233771e16bb9.txt`` (all of it); rulings J1–J12, H7, H8.

Rulings restated in ``docs/rules.md``: ``#j4-the-roll-and-the-penalty``, ``#j6-a-failed-long-jump-scatters``,
``#j7-landing-where-there-is-no-surface``, ``#j10-up-across-or-down``, ``#h7-the-dms-override``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vertigo.dice import DicePool
from vertigo.lengths import show
from vertigo.numbers import signed
from vertigo.resolve import Outcome, Rolled, Roller
from vertigo.stand import Stand
from vertigo.text import isolate
from vertigo.verdict import Overridable, Override, Step, rule_ids

from .distances import JumpError, JumpTable, JumpVerdict, judge_jump
from .feet import feet
from .fields import FOOTING, KNOCKED_DOWN, Footing
from .landing import Landing, LandingCheck, judge_landing, land
from .scatter import HighOutcome, LongOutcome, check_direction, check_fail_by, high_outcome, long_outcome
from .sizes import TITLES
from .takeoff import Takeoff, stretch, takeoff, wall_between

if TYPE_CHECKING:
    from vertigo.battlefield import Battlefield

__all__ = ["JumpPlan", "Attempt", "plan_jump", "SCATTER_DIE"]

SCATTER_DIE = DicePool(1, 8)
"""The scatter direction's die (J6)."""


@dataclass(frozen=True, slots=True)
class JumpPlan(Overridable):
    """A jump from where a fighter stands to a landing point, judged (J1–J4, J9, J10; H7).

    Attributes:
        fighter, name: the jumper's id and name.
        start: where it stands.
        to_section, to_x: the landing point asked for (feet).
        takeoff: which jump, from where (:class:`.takeoff.Takeoff`).
        table: the jumper's figures (:class:`.distances.JumpTable`).
        verdict: the jump judged against its kind's figures (J4).
        climb: a long jump's rise judged as a high jump too, for a higher landing across a gap; else None.
        allowed: possible (both parts), not blocked, and the jumper not Knocked Down (it stands up first, J8).
        steps: the explanation.
        field, scale: the battlefield and its fall scale (inches a Height level, J12), for the landing.
        knocked_down: the jumper is Knocked Down (J8): no jump until it stands up.
        override: the DM's exception (H7): allowed, it lands where asked with no roll and no fall.
    """

    fighter: str
    name: str
    start: Stand
    to_section: str
    to_x: Fraction
    takeoff: Takeoff
    table: JumpTable
    verdict: JumpVerdict
    climb: JumpVerdict | None
    allowed: bool
    steps: tuple[Step, ...]
    field: Battlefield
    scale: Fraction
    knocked_down: bool = False
    override: Override | None = None

    @property
    def kind(self) -> str:
        """One of :data:`.sizes.KINDS`."""
        return self.verdict.kind

    @property
    def penalty(self) -> int:
        """The check's penalty: the worse of the two parts of a higher landing across a gap."""
        return min(self.verdict.penalty, self.climb.penalty if self.climb else 0)

    @property
    def auto_success(self) -> bool:
        """No roll: at or below the minimum (both parts)."""
        return self.verdict.auto_success and (self.climb is None or self.climb.auto_success)

    @property
    def needs_roll(self) -> bool:
        """Whether the table rolls the check: allowed by the rules, not overridden, past the minimum."""
        return self.override is None and self.allowed and not self.auto_success

    @property
    def summary(self) -> str:
        """The verdict in one line."""
        head = f"{self.name}: {TITLES[self.kind]} of {show(self.verdict.distance, 'feet')}"
        if self.override is not None:
            return f"{head}: {'allowed' if self.override.allowed else 'not allowed'} by the DM."
        if self.takeoff.blocked is not None:
            return f"{head}: blocked, {self.takeoff.blocked}."
        if self.knocked_down:
            return f"{head}: it is Knocked Down and stands up first."
        if not self.allowed:
            return f"{head}: impossible, past its maximum."
        fall = self.success().fall
        falls = "" if fall is None or not fall.pool.count else f"; on landing it falls {fall.pool.notation}"
        if self.auto_success:
            return f"{head}: no roll needed{falls}."
        penalty = f"at {signed(self.penalty)}" if self.penalty else "no penalty"
        return f"{head}: {self.table.jumper.check}, {penalty}{falls}."

    def success(self) -> Landing:
        """Where it lands when the jump succeeds (or needs no roll): the point asked for, coming down at the
        takeoff's height for a long jump (J10), so a lower landing falls (J7, J12)."""
        if not self.takeoff.long or self.takeoff.rise > 0:
            return land(self.field, self.to_x, self.field.section(self.to_section).surface(self.to_x), self.scale,
                        f"{self.name} jumped")
        return land(self.field, self.to_x, self.takeoff.height, self.scale, f"{self.name} jumped down")

    def attempt(self, fail_by: int, direction: int | None = None, landing_fail_by: int | None = None,
                mp_left: int | None = None, knocked_down: bool | None = None) -> Attempt:
        """What the entered check comes to (J5–J8, J11).

        Args:
            fail_by: the points the check failed by, 0 for a success (ignored when no roll is needed).
            direction: the d8 face of a failed long jump's scatter (1 straight ahead, clockwise); None: rolled
                by :meth:`Attempt.resolve`, then known only after.
            landing_fail_by, mp_left: J8's second check, when the landing is on footing: the points failed by
                and the Move points left; None: not entered yet (:attr:`Attempt.owes_landing`).
            knocked_down: the DM's ruling on J8's result (H7), or None for the rules'.

        Raises:
            JumpError: a jump the rules (and the DM) do not allow, a bad ``fail_by``, ``direction`` or landing
                check.
        """
        if not self.final:
            raise JumpError(f"{self.summary} Nothing to attempt")
        check_fail_by(fail_by)
        if direction is not None:
            check_direction(direction)
        if not self.needs_roll:
            fail_by = 0
        return Attempt(self, fail_by, direction, landing_fail_by, mp_left, knocked_down)

    def to_json(self) -> dict[str, Any]:
        """The ``jump_plan`` answer (``docs/api.md``)."""
        t = self.takeoff
        fall: dict[str, Any] | None = None
        lands = None
        footing = None
        if self.final:
            landing = self.success() if self.override is None else None
            if landing is not None:
                lands, fall = landing.section.id, landing.to_json()["fall"]
                f = landing.section[FOOTING]
                footing = None if f is None else {"kind": f.kind, "mp": f.mp}
            else:
                lands = self.to_section
        out = {**self.verdict.to_json(), "possible": self.verdict.possible and (self.climb is None or
                                                                               self.climb.possible),
               "blocked": t.blocked, "penalty": self.penalty, "auto_success": self.auto_success,
               "takeoff": {"section": self.start.section, **feet("x", t.x)}, "running": t.running,
               **feet("run_up_ft", self.table.run_up_ft), **feet("distance_ft", self.verdict.distance),
               **feet("drop_ft", max(Fraction(0), -t.rise)), **feet("rise_ft", max(Fraction(0), t.rise)),
               "lands_on": lands, "fall": fall, "footing": footing, "allowed": self.allowed, "final": self.final,
               "override": None if self.override is None else self.override.to_json(),
               "summary": self.summary, "rules": rule_ids(self.steps), "explanation": [str(s) for s in self.steps]}
        return out


@dataclass(frozen=True, slots=True)
class Attempt:
    """A planned jump with its check entered: where it lands and what it costs (J5–J8, J11, J12).

    Attributes:
        plan: the jump.
        fail_by: the points the table's check failed by (0: success).
        direction: the d8 face of a failed long jump, or None (a success, a high jump, or still to roll).
        landing_fail_by, mp_left: J8's second check entered, or None.
        knocked_down: the DM's ruling on J8 (H7), or None.
    """

    plan: JumpPlan
    fail_by: int
    direction: int | None
    landing_fail_by: int | None
    mp_left: int | None
    knocked_down: bool | None

    @property
    def scatters(self) -> bool:
        """Whether it rolls a d8: a failed long jump (J6)."""
        return self.fail_by > 0 and self.plan.takeoff.long

    def outcome(self, direction: int | None = None) -> tuple[HighOutcome | LongOutcome | None, Landing]:
        """The failed jump's outcome (None: a success) and the landing, for ``direction`` (or the entered one).

        Raises:
            JumpError: a failed long jump with no direction; a landing off the battlefield.
        """
        p, t = self.plan, self.plan.takeoff
        if p.override is not None:
            s = p.field.section(p.to_section)
            return None, Landing(s, p.to_x, s.surface(p.to_x), Fraction(0), None,
                                 (Step("H7", "Allowed by the DM: it lands where asked, with no roll and no fall."),))
        if self.fail_by == 0:
            return None, p.success()
        if not t.long:
            high = high_outcome(p.verdict.figures, t.distance, self.fail_by)
            back = land(p.field, t.x, t.height, p.scale, f"{p.name} missed the jump")
            why = Step("J5", f"It reaches {show(high.reached, 'feet')} of the {show(t.distance, 'feet')} it needs and "
                             f"comes back down where it took off, on {back.section.name}.")
            return high, replace(back, steps=(why,))
        far = long_outcome(p.verdict.figures, t.distance, self.fail_by, direction or self.direction)
        x = t.x + t.direction * far.along_ft
        lo = min(s.x0 for s in p.field.sections)
        hi = max(s.x1 for s in p.field.sections)
        steps: list[Step] = []
        if not lo <= x <= hi:
            x = min(max(x, lo), hi)
            steps.append(Step("J7", f"The battlefield ends at {show(x, 'feet')}: it comes down there."))
        own = stretch(p.field, p.start.section)[2]
        wall = wall_between(p.field, t.x, x, t.height, own, solid_only=True)
        if wall is not None:
            x = wall.x0 if t.direction > 0 else wall.x1
            steps.append(Step("J7", f"{wall.name} rises above the height it jumped from: it comes down at its "
                                    f"face, {show(x, 'feet')}."))
        landing = land(p.field, x, t.height, p.scale, f"{p.name} missed the jump")
        return far, replace(landing, steps=(*steps, *landing.steps))

    def footing(self, landing: Landing) -> Footing | None:
        """The footing where it lands, when J8 applies (not on a DM-allowed landing)."""
        return None if self.plan.override is not None else landing.section[FOOTING]

    def landing_check(self, landing: Landing) -> LandingCheck | None:
        """J8's second check, when the landing is on footing and the check was entered."""
        f = self.footing(landing)
        if f is None or self.landing_fail_by is None or self.mp_left is None:
            return None
        return judge_landing(f.mp, self.landing_fail_by, self.mp_left)

    def owes_landing(self, landing: Landing) -> bool:
        """Whether the landing is on footing and J8's check is still to be entered."""
        return self.footing(landing) is not None and self.landing_check(landing) is None

    def headline(self) -> str:
        """The log's headline: ``"Runner jumps: Roof A → Roof B, running jump of 24 ft, failed by 3"``."""
        p = self.plan
        names = f"{isolate(p.field.section(p.start.section).name)} → {isolate(p.field.section(p.to_section).name)}"
        check = ("no roll" if not p.needs_roll and p.override is None else "allowed by the DM"
                 if p.override is not None else "success" if self.fail_by == 0 else f"failed by {self.fail_by}")
        landing = ""
        if self.landing_fail_by is not None and self.mp_left is not None and p.override is None:
            landing = (", landing check " + ("passed" if self.landing_fail_by == 0 else
                                             f"failed by {self.landing_fail_by}"))
        return (f"{isolate(p.name)} jumps: {names}, {TITLES[p.kind]} of {show(p.verdict.distance, 'feet')}, {check}"
                f"{landing}")

    def resolve(self, roller: Roller) -> Outcome:
        """Carry the jump out on the table's roller: the d8 of a failed long jump (unless entered), the landing,
        the fall's d6 (H8), and Knocked Down (J8) as the action's state.

        Raises:
            JumpError: J8's check owed and not entered; a landing off the battlefield.
        """
        rolls: list[Rolled] = []
        direction = self.direction
        if self.scatters and direction is None:
            rolled = roller(SCATTER_DIE)
            rolls.append(Rolled(rolled, "J6", "scatter direction", "scattered", damage=False))
            direction = rolled.total
        result, landing = self.outcome(direction)
        if self.owes_landing(landing):
            raise JumpError(f"{self.plan.name} lands on {landing.section.name}, "
                            f"{self.footing(landing).words}: enter the landing check (J8)")  # type: ignore[union-attr]
        steps = [*(result.steps if result is not None else ()), *landing.steps]
        if landing.fall is not None and landing.fall.pool.count:
            rolls.append(Rolled(roller(landing.fall.pool), "H8", "falling damage", "fell"))
        state = None
        check = self.landing_check(landing)
        if check is not None:
            steps += check.steps
            down = check.knocked_down if self.knocked_down is None else self.knocked_down
            if self.knocked_down is not None and self.knocked_down != check.knocked_down:
                steps.append(Override(self.knocked_down, "").step(check.knocked_down))
            state = (KNOCKED_DOWN, down) if down else None
        return Outcome(True, Stand(landing.section.id, landing.x), tuple(rolls), tuple(steps), state)


def plan_jump(field: Battlefield, scale: Fraction, fighter: str, name: str, start: Stand, x: Fraction,
              table: JumpTable, to_section: str, to_x: Fraction, ran: bool = False,
              knocked_down: bool = False) -> JumpPlan:
    """Plan the jump of ``fighter`` (standing at ``start``, at ``x`` feet) to ``to_x`` on ``to_section`` (J1–J4,
    J9, J10).

    Args:
        field: the battlefield (feet).
        scale: the fall scale, inches to one Height level (J12).
        fighter, name: the jumper's id and name.
        start, x: where it stands and its x there (feet).
        table: its figures (:func:`.distances.jump_table`).
        to_section, to_x: the landing point (feet).
        ran: the referee's word that it ran last round without stopping (J2).
        knocked_down: the jumper is Knocked Down (J8): the jump is not allowed until it stands up (the DM may
            override it, H7).

    Raises:
        JumpError: a landing straight above or below it, or off its section; a fighter up a ladder.
    """
    target = field.section(to_section)
    if not target.x0 <= to_x <= target.x1:
        raise JumpError(f"must be on {target.name}, from {show(target.x0, 'feet')} to {show(target.x1, 'feet')}: "
                        f"{show(to_x, 'feet')}")
    if start.ladder is not None:
        raise JumpError(f"{name} is on a ladder: it jumps from a surface")
    t = takeoff(field, start.section, x, to_section, to_x, table.run_up_ft, ran)
    kind = ("running" if t.running else "standing_long") if t.long else ("high" if t.running else "standing_high")
    verdict = judge_jump(table, kind, t.distance)
    climb = None
    if t.climb is not None:
        climb = judge_jump(table, "high" if t.running else "standing_high", t.climb)
    steps = [*t.steps, *verdict.steps, *(climb.steps if climb else ())]
    if t.blocked is not None:
        steps.append(Step("J10", f"Blocked: {t.blocked}."))
    allowed = t.blocked is None and verdict.possible and (climb is None or climb.possible) and not knocked_down
    steps.append(Step("J3", f"It costs {table.cost_mp} Move points."))
    if knocked_down:
        steps.append(Step("J8", f"{name} is Knocked Down: it stands up before it jumps."))
    return JumpPlan(fighter, name, start, to_section, to_x, t, table, verdict, climb, allowed, tuple(steps), field,
                    scale, knocked_down)
