"""A push (H12) and a Climbing obstacle (H9) on the page, and stepping along a section (H10): the Height rules'
mode's part for moving a fighter other than by its Move entries.

A push is set up from the fighter card: how many steps (− / +), then a click (or Enter) on the section to push
towards; the panel shows each crossing's fall and where the push stops, and Confirm rolls the falls.  A climb is
offered on the card beside each Climbing obstacle on the fighter's section's borders: the referee enters
whether the obstacle's Reaction took effect, and Confirm carries the climb out.  Shift+←/→ steps the selected
fighter half a unit along its own section.  Each is logged and taken back whole by Undo.

Each is logged with its ``ask`` question (issue 27): ``{"ask": "push", "fighter", "to", "steps", "override"?}``,
``{"ask": "climb", "fighter", "border", "how", "took_effect"?, "entry"?}`` and ``{"ask": "step_along", "fighter",
"x"}``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vertigo.battlefield import Border
from vertigo.dice import DiceRoll
from vertigo.errors import LengthError
from vertigo.lengths import to_json
from vertigo.numbers import fmt
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.carried import border_json, entry_of
from vertigo.rules.height.rules.climbing import ClimbVerdict, climbs_at
from vertigo.rules.height.rules.fields import CLIMBING, HEIGHT, MOVES
from vertigo.rules.height.rules.push import MAX_PUSH, PushVerdict
from vertigo.rules.height.view.forced import climb_ask, climb_offers, climb_verdict, push_ask, push_verdict
from vertigo.text import isolate
from vertigo_page.placing import NUDGE
from vertigo_view.overlay import Highlights
from vertigo_view.panels import button, el

from .verdicts import overridden

if TYPE_CHECKING:
    from vertigo_page.controller import Controller, Update

__all__ = ["Forced"]


class Forced:
    """The push, the climb and the step along a section (mixed into the Height mode)."""

    entry: int | None
    pending: Any
    pending_done: bool
    roll: DiceRoll | None
    shots: Any

    def _drop_verdicts(self, ctl: Controller) -> None:
        """A push or a climb starts: the move or shots verdict on show goes (its buttons would act on it)."""
        self.pending = self.roll = self.shots = None
        self.pending_done = False
        ctl.target = None

    def forced_clear(self) -> None:
        """Nothing pushed or climbed."""
        self.push_steps: int | None = None
        self.push: PushVerdict | None = None
        self.push_done = False
        self.push_roll: DiceRoll | None = None
        self.climb_at: int | None = None
        self.climb: ClimbVerdict | None = None
        self.climb_done = False
        self.climb_roll: DiceRoll | None = None

    @property
    def forcing(self) -> bool:
        """Whether a push or a climb is being set up or shown."""
        return self.push_steps is not None or self.push is not None or self.climb_at is not None \
            or self.climb is not None

    # -- the push (H12) ----------------------------------------------------
    def push_start(self, ctl: Controller) -> Update:
        """The card's Push: set up a push of 1 step; the next click on a section says where to."""
        if ctl.selected is None:
            return ctl.update("Select a fighter first.")
        self.forced_clear()
        self._drop_verdicts(ctl)
        self.push_steps = 1
        # Back to the battlefield: the arrow keys step through the sections to push towards, Enter judges.
        return ctl.update(f"Push {isolate(ctl.table.name(ctl.selected))}: up to 1 step. Set the steps, then click "
                          "the section to push it towards (or ←/→ and Enter).", focus=f"fighter-{ctl.selected}")

    def push_more(self, ctl: Controller, more: int) -> Update:
        """− / +: one step fewer or more (1 to 50); a push already judged is judged again."""
        if self.push_steps is None or ctl.selected is None:
            return ctl.update("No push is being set up.")
        self.push_steps = min(MAX_PUSH, max(1, self.push_steps + more))
        if self.push is not None and not self.push_done:
            return self.push_to(ctl, self.push.to)
        return ctl.update(f"Push up to {self.push_steps} step{'s' if self.push_steps != 1 else ''}.")

    def push_enter(self, ctl: Controller, section_id: str) -> Update:
        """Enter on a section while a push is set up: judge the push there, or, when that very push was just judged
        and moves the fighter, carry it out (Enter twice = judge, then Confirm, as for a move)."""
        v = self.push
        if v is not None and not self.push_done and v.to == section_id and v.final and len(v.path) > 1:
            return self.push_confirm(ctl)
        up = self.push_to(ctl, section_id)
        v = self.push
        if v is not None and v.final and len(v.path) > 1:
            up = replace(up, status=up.status.rstrip(".") + ". Enter again to confirm.")
        return up

    def push_to(self, ctl: Controller, section_id: str) -> Update:
        """The section to push towards: judge the push (H12)."""
        assert ctl.selected is not None and self.push_steps is not None
        self.push = height_play.push(ctl.table, ctl.selected, section_id, self.push_steps)
        self.push_done, self.push_roll = False, None
        return ctl.update(f"Push towards {isolate(ctl.table.scenario.field.section(section_id).name)}: "
                          f"{self.push.summary}")

    def push_confirm(self, ctl: Controller) -> Update:
        """Carry the push out: the fighter goes along its path and rolls the falls; logged "pushed"."""
        v = self.push
        if v is None or self.push_done or ctl.selected is None or not v.final or len(v.path) < 2:
            return ctl.update("Nothing to confirm.")
        fid = ctl.selected
        name = isolate(ctl.table.name(fid))
        ctl.table, outcome = height_play.push_out(ctl.table, fid, v, asked=self._push_asked(fid, v))
        self.push_done, self.push_roll, self.push_steps = True, outcome.roll, None
        rolled = f" Rolled {outcome.roll.brief(12)}." if outcome.roll else ""
        return ctl.update(f"{name} pushed.{rolled}", moved=True, save=True, focus=f"fighter-{fid}")

    def push_override(self, ctl: Controller, take_back: bool) -> Update:
        """The DM rules the push out, or takes that back (H7); logged with both answers."""
        if self.push is None or self.push_done or ctl.selected is None:
            return ctl.update("No push to override.")
        self.push = self.push.taken_back() if take_back else self.push.overridden(False)
        who = isolate(ctl.table.name(ctl.selected))
        head = (f"DM override taken back: {who}'s push — the rules' answer stands" if take_back
                else f"DM override: {who}'s push — rules: pushed; DM: not pushed")
        ctl.table = ctl.table.note_verdict(head, (self.push,), asked=self._push_asked(ctl.selected, self.push))
        return ctl.update(f"{head}.", save=True)

    @staticmethod
    def _push_asked(fighter: str, v: PushVerdict) -> dict[str, Any]:
        """The ``push`` question of a push verdict (issue 27)."""
        return {"ask": "push", "fighter": fighter, "to": v.to, "steps": v.limit, **overridden(v.override)}

    # -- Climbing obstacles (H9) ---------------------------------------------
    def climbs_here(self, ctl: Controller, fighter_id: str) -> list[tuple[int, Border]]:
        """The Climbing obstacles on the borders of the fighter's section, with their place in the document (each
        battlefield's found once: the card asks at every click)."""
        return list(climbs_at(ctl.table.scenario.field, ctl.table.position(fighter_id)))

    def climb_choose(self, ctl: Controller, arg: str) -> Update:
        """A climb on the card (``climb:<border>``: asks the Reaction) or a move down across (``move:<border>``:
        judged at once)."""
        if ctl.selected is None:
            return ctl.update("Select a fighter first.")
        how, _, index = arg.partition(":")
        borders = ctl.table.scenario.field.borders
        if not index.isdigit() or int(index) >= len(borders) or how not in ("climb", "move"):
            return ctl.update("No such Climbing obstacle.")
        self.forced_clear()
        self._drop_verdicts(ctl)
        if how == "climb":
            self.climb_at = int(index)
            return ctl.update("Play the action against the Climbing obstacle: did its Reaction take effect?")
        self.climb = height_play.climb(ctl.table, ctl.selected, borders[int(index)], how="move",
                                       entry_index=self._entry_of(ctl))
        return ctl.update(self.climb.summary)

    def _entry_of(self, ctl: Controller) -> int | None:
        assert ctl.selected is not None
        moves = ctl.table.scenario.fighter(ctl.selected)[MOVES]
        return self.entry if self.entry is not None and self.entry < len(moves) else None

    def climb_reaction(self, ctl: Controller, took_effect: bool) -> Update:
        """The referee's entry: the obstacle's Reaction took effect, or not (H9)."""
        if self.climb_at is None or ctl.selected is None:
            return ctl.update("No climb is waiting for the Reaction.")
        border = ctl.table.scenario.field.borders[self.climb_at]
        self.climb = height_play.climb(ctl.table, ctl.selected, border, took_effect=took_effect,
                                       entry_index=self._entry_of(ctl))
        self.climb_at, self.climb_done, self.climb_roll = None, False, None
        return ctl.update(self.climb.summary)

    def climb_confirm(self, ctl: Controller) -> Update:
        """Carry the climb out: the fighter ends where the verdict says and rolls its fall; logged."""
        v = self.climb
        if v is None or self.climb_done or ctl.selected is None:
            return ctl.update("Nothing to confirm.")
        fid, f = ctl.selected, ctl.table.scenario.field
        name = isolate(ctl.table.name(fid))
        border = next(b for b in ctl.table.scenario.field.borders if {b.a, b.b} == {v.start, v.other}
                      and b[CLIMBING] is not None)
        took = {} if v.manner == "move" else {"took_effect": v.took_effect}
        asked = {"ask": "climb", "fighter": fid, "border": border_json(border), "how": v.manner, **took,
                 **entry_of(ctl.table, fid, self._entry_of(ctl))}
        ctl.table, outcome = height_play.climb_out(ctl.table, fid, v, asked=asked)
        self.climb_done, self.climb_roll = True, outcome.roll
        rolled = f" Rolled {outcome.roll.brief(12)}." if outcome.roll else ""
        done = "stays" if v.dest == v.start else f"ends on {isolate(f.section(v.dest).name)}"
        return ctl.update(f"{name} {done}.{rolled}", moved=True, save=True, focus=f"fighter-{fid}")

    # -- stepping along a section (H10) ---------------------------------------
    def step_along(self, ctl: Controller, direction: int) -> Update:
        """Shift+←/→: the selected fighter steps :data:`~vertigo_page.placing.NUDGE` along its own section."""
        if ctl.selected is None:
            return ctl.update("Select a fighter to step it along its section.")
        sid, x = ctl.table.stand(ctl.selected)
        to = x + NUDGE * (1 if direction > 0 else -1)
        try:
            ctl.table = height_play.step_along(ctl.table, ctl.selected, to, asked={
                "ask": "step_along", "fighter": ctl.selected, "x": to_json(to)})
        except LengthError:
            section = ctl.table.scenario.field.section(sid)
            edge = "right" if direction > 0 else "left"
            return ctl.update(f"{isolate(ctl.table.name(ctl.selected))} is at the {edge} end of "
                              f"{isolate(section.name)}.")
        self.forced_clear()
        return ctl.update(f"{isolate(ctl.table.name(ctl.selected))} steps along to x = {fmt(to)}.", moved=True,
                          save=True)

    # -- the panel and the overlay ------------------------------------------------
    def forced_actions(self, ctl: Controller, fighter_id: str) -> list[ET.Element]:
        """The fighter card's Push button and the climbs it may try."""
        row = el(None, "div", class_="buttons")
        button(row, "Push…", "push-start", data_testid="push-start",
               title="Push this fighter up to N steps towards a section (H12)")
        parts = [row]
        climbs = self.climbs_here(ctl, fighter_id)
        if climbs:
            f = ctl.table.scenario.fighter(fighter_id)
            entry = self._entry_of(ctl)
            h = f[MOVES][entry].height_with(f[HEIGHT]) if entry is not None else Fraction(0)
            parts.append(climb_offers(ctl.table, fighter_id, climbs, f"Height {fmt(h)}"))
        return parts

    def forced_parts(self, ctl: Controller) -> list[ET.Element]:
        """The push or climb on show, first in the panel."""
        if ctl.selected is None:
            return []
        if self.push is not None:
            # The verdict and its Confirm first (on a phone, at the top of the sheet), the steps after it.
            parts = [push_verdict(ctl.table, self.push, self.push_roll, self.push_done)]
            if self.push_steps is not None and not self.push_done:
                parts.append(push_ask(ctl.table, ctl.selected, self.push_steps))
            return parts
        if self.push_steps is not None:
            return [push_ask(ctl.table, ctl.selected, self.push_steps)]
        if self.climb_at is not None:
            return [climb_ask(ctl.table, ctl.selected, ctl.table.scenario.field.borders[self.climb_at])]
        if self.climb is not None:
            return [climb_verdict(ctl.table, self.climb, self.climb_roll, self.climb_done)]
        return []

    def forced_highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        """The push's path and where it ends; every section a target while a push waits for one."""
        if self.push is not None and not self.push_done:
            return replace(hl, route=self.push.path, destination=self.push.path[-1],
                           destination_ok=self.push.final)
        if self.push_steps is not None:  # every section a target; the Move entry's shading is not the push's
            return replace(hl, placing=True, reachable={})
        if self.climb_at is not None and ctl.selected is not None:  # the obstacle being climbed
            border = ctl.table.scenario.field.borders[self.climb_at]
            return replace(hl, route=(border.a, border.b) if ctl.table.position(ctl.selected) == border.a
                           else (border.b, border.a))
        if self.climb is not None and not self.climb_done:
            return replace(hl, destination=self.climb.dest, destination_ok=not self.climb.took_effect,
                           route=(self.climb.start, self.climb.other))
        return hl

    def forced_action(self, ctl: Controller, action: str, arg: str | None) -> Update | None:
        """A panel button of the push or the climb; None: not one of theirs."""
        if action == "push-start":
            return self.push_start(ctl)
        if action == "push-steps" and arg is not None:
            return self.push_more(ctl, int(arg))
        if action == "push-confirm":
            return self.push_confirm(ctl)
        if action in ("push-override", "push-take-back"):
            return self.push_override(ctl, action == "push-take-back")
        if action in ("push-cancel", "climb-cancel"):
            self.forced_clear()
            return ctl.update("Cancelled.")
        if action == "climb" and arg is not None:
            return self.climb_choose(ctl, arg)
        if action == "climb-reaction" and arg is not None:
            return self.climb_reaction(ctl, arg == "yes")
        if action == "climb-confirm":
            return self.climb_confirm(ctl)
        return None
