"""The referee's entries for a planned jump, on the page (mixed into the Jump mode): the table's check as Success
or Failed by N (J11), J8's second check and the Move points left, and the DM's ruling on Knocked Down (H7).

Each entry is judged again at once: the panel and the side view show what it comes to before Confirm (the d8 the
table will roll, the landing, any fall, Knocked Down).

Source: ``003_d3aa233771e16bb9.txt`` › Attempting a Jump, › Landing in Terrain Features; rulings J8, J11, H7;
issue 25 ("The referee enters success or "failed by N" (and J8's second check)").
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from vertigo.lengths import show
from vertigo.limits import MAX_FAIL_BY, MAX_MOVE_POINTS
from vertigo.rules.jumping.rules.planner import JumpPlan
from vertigo.rules.jumping.rules.scatter import LongOutcome
from vertigo.rules.jumping.view.outcome import Entered, Preview, preview
from vertigo.text import isolate

if TYPE_CHECKING:
    from vertigo_page.controller import Controller, Update

__all__ = ["Entries", "MOST_FAIL_BY", "MOST_MP"]

MOST_FAIL_BY = MAX_FAIL_BY
"""The most points a check is entered as failed by (J11)."""
MOST_MP = min(MAX_MOVE_POINTS, 100)
"""The most Move points left the − / + take (J8); a Move of 50 tiles leaves at most 50."""


class Entries:
    """The check, J8's check and the DM's J8 ruling entered for the jump on show (mixed into the Jump mode)."""

    plan: JumpPlan | None
    entered: Entered
    done: bool
    _seen: tuple[object, Preview] | None

    def seen(self, ctl: Controller) -> Preview:
        """What the entries come to on the table in play (kept while the plan, the entries and the rolls stay)."""
        assert self.plan is not None
        key = (self.plan, self.entered, ctl.table.rolls)
        if self._seen is None or self._seen[0] != key:
            self._seen = (key, preview(ctl.table, self.plan, self.entered))
        return self._seen[1]

    def _entered(self, ctl: Controller, entered: Entered) -> Update:
        """Keep a new entry and say what it comes to."""
        self.entered = entered
        seen = self.seen(ctl)
        if seen.problem:
            return ctl.update(f"{seen.problem}.")
        if seen.owes_check:
            return ctl.update("The check is not entered yet: Success, or Failed by N.")
        words = self._outcome_words(ctl, seen)
        if seen.owes_landing:
            return ctl.update(f"{words} Enter the landing check (J8).")
        return ctl.update(f"{words} Confirm carries it out.")

    def _outcome_words(self, ctl: Controller, seen: Preview) -> str:
        """``"Failed by 3: d8 will show 5; lands on Alley at 34 ft, falls 30 ft (3d6)."``"""
        assert self.plan is not None and seen.landing is not None
        n = self.entered.fail_by or 0
        head = "Success" if n == 0 or not self.plan.needs_roll else f"Failed by {n}"
        if not self.plan.needs_roll:
            head = "No roll" if self.plan.override is None else "Allowed by the DM"
        d8 = f"d8 will show {seen.direction}; " if seen.direction is not None else ""
        landing = seen.landing
        fall = ""
        if landing.fall is not None:
            dice = landing.fall.pool.notation if landing.fall.pool.count else "no dice"
            fall = f", falls {show(landing.drop, 'feet')} ({dice})"
        down = "; Knocked Down" if seen.knocked_down else ""
        if isinstance(seen.result, LongOutcome) and seen.result.sideways_words:
            fall = f", {seen.result.sideways_words}{fall}"
        return f"{head}: {d8}lands on {isolate(landing.section.name)} at {show(landing.x, 'feet')}{fall}{down}."

    def _open(self, ctl: Controller) -> Update | None:
        """None while a jump is on show and not carried out; else the status line saying there is none."""
        if self.plan is None or self.done:
            return ctl.update("No jump planned: click where the selected fighter should land.")
        return None

    def enter_check(self, ctl: Controller, fail_by: int) -> Update:
        """Success (0) or Failed by ``fail_by`` (J11), within 0 … :data:`MOST_FAIL_BY`."""
        closed = self._open(ctl)
        if closed is not None:
            return closed
        assert self.plan is not None
        if not self.plan.needs_roll:
            return ctl.update("This jump needs no roll.")
        return self._entered(ctl, replace(self.entered, fail_by=min(MOST_FAIL_BY, max(0, fail_by))))

    def step_check(self, ctl: Controller, more: int) -> Update:
        """− / +: failed by one less or one more (not entered yet: + is failed by 1)."""
        return self.enter_check(ctl, (self.entered.fail_by or 0) + more)

    def enter_landing(self, ctl: Controller, fail_by: int) -> Update:
        """J8's second check: Landed (0) or failed by ``fail_by``."""
        closed = self._open(ctl)
        if closed is not None:
            return closed
        if self.seen(ctl).footing is None:
            return ctl.update("It lands on firm ground: no landing check (J8).")
        return self._entered(ctl, replace(self.entered, landing_fail_by=min(MOST_FAIL_BY, max(0, fail_by)),
                                          knocked_down=None))

    def step_landing(self, ctl: Controller, more: int) -> Update:
        """− / +: the landing check failed by one less or one more."""
        return self.enter_landing(ctl, (self.entered.landing_fail_by or 0) + more)

    def step_mp(self, ctl: Controller, more: int) -> Update:
        """− / +: one Move point left less or more (J8: the referee's count)."""
        closed = self._open(ctl)
        if closed is not None:
            return closed
        mp = min(self.most_mp(), max(0, self.entered.mp_left + more))
        return self._entered(ctl, replace(self.entered, mp_left=mp, knocked_down=None))

    def most_mp(self) -> int:
        """The most Move points left the referee may enter: the jumper's Full Move in points, under its Move
        fraction (J8: no more than it has in a round)."""
        if self.plan is None:
            return MOST_MP
        j = self.plan.table.jumper
        return min(MOST_MP, math.floor(j.move_tiles * j.move_fraction))

    def override_j8(self, ctl: Controller, down: bool | None) -> Update:
        """The DM's ruling on J8's result (H7): Knocked Down or stays up; None takes it back.  Logged, with both
        answers."""
        closed = self._open(ctl)
        if closed is not None:
            return closed
        seen = self.seen(ctl)
        if seen.check is None or seen.landing is None:
            return ctl.update("No landing check entered to override.")
        was = self.entered.knocked_down
        self.entered = replace(self.entered, knocked_down=down)
        assert self.plan is not None
        rules = "Knocked Down" if seen.check.knocked_down else "stays up"
        who = f"{isolate(self.plan.name)}'s landing on {isolate(seen.landing.section.name)} (J8)"
        if down is None:
            head = f"DM override taken back — {who}: the DM had {'Knocked Down' if was else 'stays up'}; the " \
                   f"rules' answer stands: {rules}"
        else:
            head = f"DM override — {who}: rules: {rules}; DM: {'Knocked Down' if down else 'stays up'}"
        assert seen.footing is not None and self.entered.landing_fail_by is not None
        ctl.table = ctl.table.note_verdict(head, (seen.check,), asked={
            "ask": "jump_landing", "footing_mp": seen.footing.mp, "fail_by": self.entered.landing_fail_by,
            "mp_left": self.entered.mp_left})
        return ctl.update(f"{head}.", save=True)

    def entry_action(self, ctl: Controller, action: str, arg: str | None) -> Update | None:
        """The entries' buttons; None: not one of them."""
        steps = {"fail-by": self.step_check, "landing-by": self.step_landing, "mp-left": self.step_mp}
        if action in steps and arg in ("1", "-1"):
            return steps[action](ctl, int(arg))
        if action == "check":
            return self.enter_check(ctl, 0)
        if action == "landing":
            return self.enter_landing(ctl, 0)
        if action == "override-j8" and arg in ("up", "down"):
            return self.override_j8(ctl, arg == "down")
        if action == "take-back-j8":
            return self.override_j8(ctl, None)
        return None
