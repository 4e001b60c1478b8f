"""What the page does under Jumping (003): with Jump chosen on the fighter card, every section's surface is shaded
by the band a jump there needs from where the selected fighter stands, a click on a surface plans the jump to that
point (snapped to ½ ft) — which jump, its takeoff, distance, minimum, base and maximum, the penalty, the Move cost,
whether it needs a roll, the landing and any fall, its arc on the side view — the referee enters the table's check
and J8's, sees what a failure comes to (the d8 the table will roll, the scatter, the fall) and Confirm carries it
out, logged and undone whole (J1–J12); the DM overrides the jump's verdict and J8's result (H7).  Knocked Down
shows on the card, with Stands up (J8).

Each is logged with its ``ask`` question (issue 27): a jump carried out with ``jump_made`` (the plan and every
entry), an override on the jump with ``jump_plan``, J8's override with ``jump_landing`` (the check the rules gave:
the DM's word is in the headline), Stands up with ``stand_up``, a placing with ``place``.

The rule set has no walking rules: fighters are placed by hand, as under the levels rules (the shared placing
mode), and "Place here instead" places the fighter at the point planned.

Keys: Enter on a section plans a jump to its centre (Enter again confirms a jump that needs nothing entered),
Shift+←/→ moves the point ½ ft along its section.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from vertigo.errors import RulesError
from vertigo.resolve import Rolled
from vertigo.rules.jumping.rules import RULE_SET, play
from vertigo.rules.jumping.rules.planner import JumpPlan
from vertigo.rules.jumping.view.marks import drawn
from vertigo.rules.jumping.view.outcome import NOTHING, Entered
from vertigo.rules.jumping.view.panels import card_parts, jump_verdict, place_words
from vertigo.rules.jumping.view.shading import BAND_WORDS, band_of, jump_shading
from vertigo.text import isolate
from vertigo_page.placing import NUDGE, PlacingMode, snap
from vertigo_view import panels
from vertigo_view.overlay import Highlights, Shading

from .entry import MOST_FAIL_BY, MOST_MP, Entries

if TYPE_CHECKING:
    from vertigo_page.controller import Controller, Update

__all__ = ["JumpingMode"]

_HELP = ("Select a fighter (click or Enter), then Jump on its card: every surface is shaded by the band a jump "
         "there needs (no roll, no penalty, −1 … −5, impossible). Click a point to plan the jump (Enter on a "
         "section: its centre; Shift+←/→ moves the point ½ ft), enter the table's check, then Confirm. Escape "
         "clears, Ctrl+Z undoes.")
_CARD_HINT = ("Click a point on a surface to plan a jump there (Enter on a section: its centre; Shift+←/→ moves "
              "the point ½ ft). Place here instead, in the plan, places it by hand. A click on a fighter selects "
              "it.")


class JumpingMode(Entries, PlacingMode):
    """Placing by hand, and a jump planned, checked and carried out (J1–J12, H7)."""

    rule_id = RULE_SET.id
    card_action = ("Jump", "Click where the selected fighter should land: which jump, its distances, the penalty, "
                   "the Move cost and the risk")
    select_more = " Click where it should land to plan a jump."

    rolls: tuple[Rolled, ...]
    keyed: bool

    def __init__(self) -> None:
        self.ran = False
        self._shade: tuple[tuple[object, str, bool], Shading | None] | None = None
        self.clear()

    def help(self, ctl: Controller) -> str:
        return _HELP

    def clear(self) -> None:
        self.plan = None
        self.entered = Entered()
        self.done = False
        self.rolls = ()
        self.keyed = False
        self.ran = False
        self._seen = None

    def placed(self) -> None:
        ran = self.ran
        self.clear()
        self.ran = ran

    def shading(self, ctl: Controller) -> Shading | None:
        """The selected fighter's shading from where it stands: worked out once per place and Ran last round."""
        assert ctl.selected is not None
        key = (ctl.table.stands, ctl.selected, self.ran)
        kept = self._shade
        if kept is None or kept[0][0] is not key[0] or kept[0][1:] != key[1:]:
            self._shade = kept = (key, jump_shading(ctl.table, ctl.selected, self.ran))
        return kept[1]

    # -- planning -----------------------------------------------------------
    def plan_to(self, ctl: Controller, section_id: str, x: Fraction, keyed: bool = False) -> Update:
        """Plan the selected fighter's jump to ``x`` on a section and show it (J1–J4, J9, J10)."""
        assert ctl.selected is not None
        self.plan, self.done, self.rolls, self.keyed, self._seen = None, False, (), keyed, None
        try:
            plan = play.plan(ctl.table, ctl.selected, section_id, x, self.ran)
        except RulesError as e:
            return ctl.update(f"No jump there: {e}.")
        self.plan = plan
        j = plan.table.jumper
        self.entered = Entered(mp_left=min(MOST_MP, max(0, math.floor(j.move_tiles * j.move_fraction)
                                                        - plan.table.cost_mp)))
        band = BAND_WORDS[band_of(plan)]
        more = ""
        if plan.final and plan.needs_roll:
            more = " Enter the table's check in the panel."
        elif plan.final and keyed and self.seen(ctl).ready:
            more = " Enter confirms."
        where = place_words(ctl.table, section_id, x)
        return ctl.update(f"Jump to {where} ({band}): {plan.summary}{more}")

    def click_section(self, ctl: Controller, section_id: str, at: float | Fraction | None) -> Update:
        """Plan a jump to the point clicked (½ ft); with no fighter selected, say who stands there."""
        if ctl.selected is None:
            return super().click_section(ctl, section_id, at)
        return self.plan_to(ctl, section_id, snap(ctl.table.scenario.field.section(section_id), at))

    def _confirmable_on(self, ctl: Controller, section_id: str) -> bool:
        return (self.plan is not None and not self.done and self.plan.to_section == section_id
                and self.seen(ctl).ready)

    def enter_section(self, ctl: Controller, section_id: str) -> Update:
        """Enter on a section: plan a jump to its centre — or, when the jump planned there needs nothing more
        entered, carry it out (Enter twice)."""
        if ctl.selected is not None and self._confirmable_on(ctl, section_id):
            return self.confirm(ctl)
        up = self.click_section(ctl, section_id, None)
        if ctl.selected is not None and self._confirmable_on(ctl, section_id):
            up = replace(up, status=up.status.rstrip(".") + ". Enter again to confirm.")
        return up

    def along(self, ctl: Controller, direction: int) -> Update | None:
        """Shift+←/→: the point planned ½ ft along its section (none planned: from where the fighter stands)."""
        if ctl.selected is None:
            return None
        field = ctl.table.scenario.field
        if self.plan is not None and not self.done:
            sid, x = self.plan.to_section, self.plan.to_x
        else:
            sid, x = ctl.table.stand(ctl.selected)
        section = field.section(sid)
        to = x + NUDGE * (1 if direction > 0 else -1)
        if not section.x0 <= to <= section.x1:
            edge = "right" if direction > 0 else "left"
            return ctl.update(f"The point is at the {edge} end of {isolate(section.name)}; click another section "
                              "to go on.")
        return self.plan_to(ctl, sid, to, keyed=True)

    def toggle_ran(self, ctl: Controller) -> Update:
        """Ran last round (J2): the referee's word; the shading and the jump on show are judged again."""
        if ctl.selected is None:
            return ctl.update("Select a fighter first.")
        self.ran = not self.ran
        said = ("It ran last round without stopping: a running jump from where it stands (J2)." if self.ran else
                "It did not run last round: a running jump needs its run-up on the surface (J2).")
        if self.plan is not None and not self.done:
            up = self.plan_to(ctl, self.plan.to_section, self.plan.to_x, self.keyed)
            return replace(up, status=f"{said} {up.status}")
        return ctl.update(said)

    # -- carrying it out ------------------------------------------------------
    def confirm(self, ctl: Controller) -> Update:
        """Carry out the jump on show: the d8 of a failed long jump, the fall's d6, Knocked Down (J6–J8, H8);
        logged, one Undo takes it all back."""
        if self.plan is None or self.done or ctl.selected is None:
            return ctl.update("Nothing to confirm.")
        seen = self.seen(ctl)
        if not seen.ready or seen.attempt is None:
            return ctl.update("Nothing to confirm: " + (
                "the jump is not allowed." if not self.plan.final else f"{seen.problem}." if seen.problem else
                "enter the table's check first." if seen.owes_check else "enter the landing check (J8) first."))
        fid, logged = ctl.selected, ctl.table.logged
        ctl.table, outcome = play.jump(ctl.table, seen.attempt, asked=play.jump_asked(seen.attempt, self.ran))
        self.done, self.rolls = True, outcome.rolls
        said = "; ".join(e.text for e in ctl.table.log if e.number > logged)
        lands = place_words(ctl.table, outcome.to.section, outcome.to.x if outcome.to.x is not None else Fraction(0))
        return ctl.update(f"{said}. It lands on {lands}.", moved=True, save=True, focus=f"fighter-{fid}")

    def stand_up(self, ctl: Controller) -> Update:
        """The referee's Stands up: Knocked Down cleared, logged, undoable (J8)."""
        if ctl.selected is None:
            return ctl.update("Select a fighter first.")
        fid = ctl.selected
        if not play.knocked_down(ctl.table, fid):
            return ctl.update(f"{isolate(ctl.table.name(fid))} is not Knocked Down.")
        ctl.table = play.stand_up(ctl.table, fid, asked={"ask": "stand_up", "fighter": fid})
        return ctl.update(f"{isolate(ctl.table.name(fid))} stands up.", moved=True, save=True)

    def place_here(self, ctl: Controller) -> Update:
        """Place the fighter at the point planned, by hand, with no jump."""
        if self.plan is None or self.done or ctl.selected is None:
            return ctl.update("No point planned to place the fighter at.")
        return self.place(ctl, self.plan.to_section, self.plan.to_x)

    # -- the DM's override (H7) -----------------------------------------------
    def _headline(self, ctl: Controller, plan: JumpPlan, taken_back: bool = False) -> str:
        who = f"{isolate(plan.name)}'s jump to {place_words(ctl.table, plan.to_section, plan.to_x)}"
        rules = "allowed" if plan.allowed else "not allowed"
        if taken_back:
            return f"DM override taken back: {who} — the rules' answer stands: {rules}"
        return f"DM override: {who} — rules: {rules}; DM: {'allowed' if plan.final else 'not allowed'}"

    def override(self, ctl: Controller, allowed: bool) -> Update:
        """The DM overrides the jump (H7): allowed, it lands where aimed with no roll and no fall; ruled out, it
        cannot be made.  Logged with both answers."""
        if self.plan is None or self.done:
            return ctl.update("No jump to override.")
        self.plan = self.plan.overridden(allowed)
        ctl.table = ctl.table.note_verdict(self._headline(ctl, self.plan), (self.plan,),
                                           asked=play.plan_asked(self.plan, self.ran))
        return ctl.update(f"DM override — {self.plan.summary}", save=True)

    def take_back(self, ctl: Controller) -> Update:
        """The DM takes back the override: the rules' answer stands again (H7); logged."""
        if self.plan is None or self.done or self.plan.override is None:
            return ctl.update("No override to take back.")
        self.plan = self.plan.taken_back()
        ctl.table = ctl.table.note_verdict(self._headline(ctl, self.plan, taken_back=True), (self.plan,),
                                           asked=play.plan_asked(self.plan, self.ran))
        return ctl.update(f"DM override taken back — {self.plan.summary}", save=True)

    # -- keys, the panel, the overlay ------------------------------------------
    def panel_action(self, ctl: Controller, action: str, arg: str | None) -> Update | None:
        simple = {"confirm": self.confirm, "take-back": self.take_back, "ran": self.toggle_ran,
                  "stand-up": self.stand_up, "place-here": self.place_here}
        if action in simple:
            return simple[action](ctl)
        if action == "override" and arg in ("allow", "forbid"):
            return self.override(ctl, arg == "allow")
        return self.entry_action(ctl, action, arg)

    def focus_moved(self, ctl: Controller) -> None:
        self.keyed = False

    def takes_key(self, ctl: Controller, key: str, shift: bool) -> bool:
        if key == "Enter" and not shift:
            return (self.keyed and self.plan is not None and not self.done and ctl.selected is not None
                    and self.seen(ctl).ready)
        return super().takes_key(ctl, key, shift)

    def key(self, ctl: Controller, key: str, shift: bool) -> Update:
        if key == "Enter":
            return self.confirm(ctl)
        return super().key(ctl, key, shift)

    def keyboard_targets(self, ctl: Controller) -> tuple[list[str], list[str]]:
        sections, _ = super().keyboard_targets(ctl)
        return sections, [f.id for f in ctl.table.scenario.fighters if f.id != ctl.selected]

    def judged_at(self, ctl: Controller, element_id: str) -> bool:
        if self.plan is not None and not self.done and element_id == f"section-{self.plan.to_section}":
            return True
        return super().judged_at(ctl, element_id)

    def card_parts(self, ctl: Controller, fighter_id: str) -> list[ET.Element]:
        table = ctl.table
        jumps = play.figures(table, fighter_id) if table.stand_of(fighter_id).ladder is None else None
        return card_parts(table, fighter_id, jumps, self.ran, play.knocked_down(table, fighter_id))

    def panel_parts(self, ctl: Controller) -> list[ET.Element]:
        parts: list[ET.Element] = []
        if self.plan is not None:
            seen = self.seen(ctl) if not self.done else NOTHING
            parts.append(jump_verdict(ctl.table, self.plan, self.entered, seen, self.done, self.rolls, MOST_FAIL_BY,
                                      self.most_mp()))
        if ctl.selected is None:
            return parts
        f = ctl.table.scenario.fighter(ctl.selected)
        body = [panels.placed_stand(ctl.table, f), *self.card_parts(ctl, f.id), *ctl.card_actions(),
                panels.hint(_CARD_HINT)]
        return [*parts, panels.fighter_card(f, body)]

    def highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        if ctl.selected is None:
            return hl
        hl = replace(hl, shading=self.shading(ctl))
        if self.plan is not None and not self.done:
            d = drawn(self.plan, self.seen(ctl))
            hl = replace(hl, route_points=d.route_points, route_notes=d.route_notes, spot=d.spot, destination_ok=d.ok,
                         ruler=d.ruler)
        return hl

