"""A fighter attacked, and melee through a door, on the page (mixed into the Terrain features mode).

Hit by an attack… on the selected fighter's card opens a box: the attack action's damage (− / +, 0 for a miss),
the check it owes where it stands and why (a Move check within ½ in of an unenclosed edge after damage, T3; a
falling test part way up a ladder or stairs, hit or miss, T4; one check for both), Pass / Fail / Roll (Roll only
with its ``move_check``) and the fall's dice before Confirm.  Confirm carries it out
(:func:`vertigo.rules.terrain.rules.play.hit`): logged, the check and the fall rolled, undone whole by Undo.

A click on a fighter of another side judges melee through a closed door between them (T5), both distances.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from vertigo.lengths import show
from vertigo.resolve import Rolled
from vertigo.rules.terrain.rules import play
from vertigo.rules.terrain.rules.attacked import AttackedVerdict
from vertigo.rules.terrain.rules.doors import DoorVerdict
from vertigo.rules.terrain.view.attacked import DAMAGE_MORE, MAX_DAMAGE, attack_box, door_verdict
from vertigo.rules.terrain.view.route import point_of
from vertigo.text import isolate
from vertigo_page.mode import repeat_note
from vertigo_view.overlay import Highlights

if TYPE_CHECKING:
    from vertigo_page.controller import Controller, Update

__all__ = ["Attacked"]


class Attacked:
    """The attack box and the door melee verdict (mixed into the Terrain features mode)."""

    def attack_clear(self) -> None:
        """No attack being entered, no door verdict."""
        self.attack_on: str | None = None
        self.damage = 1
        self.check: str | None = None
        self.attack: AttackedVerdict | None = None
        self.attack_done = False
        self.attack_rolls: tuple[Rolled, ...] = ()
        self.door: DoorVerdict | None = None

    def drop_move(self, ctl: Controller) -> None:
        """The move verdict on show goes (the mode's; its buttons would act on it)."""
        raise NotImplementedError

    # -- Hit by an attack… (T3, T4) ----------------------------------------
    def _judge_attack(self, ctl: Controller) -> AttackedVerdict:
        assert self.attack_on is not None
        self.attack = play.after_attack(ctl.table, self.attack_on, self.damage, self.check)
        return self.attack

    def attack_start(self, ctl: Controller) -> Update:
        """The card's Hit by an attack…: the box for the selected fighter, 1 damage, nothing entered."""
        if ctl.selected is None:
            return ctl.update("Select a fighter first.")
        self.drop_move(ctl)
        self.attack_clear()
        self.attack_on = ctl.selected
        v = self._judge_attack(ctl)
        return ctl.update(f"{v.name} hit by an attack: set the damage (0 for a miss). {v.summary}",
                          focus=DAMAGE_MORE)

    def attack_damage(self, ctl: Controller, more: int) -> Update:
        """− / +: one damage less or more (0 to :data:`MAX_DAMAGE`); what is owed is judged again."""
        if self.attack_on is None or self.attack_done:
            return ctl.update("No attack is being entered.")
        self.damage = min(MAX_DAMAGE, max(0, self.damage + more))
        self.check = None  # what was entered answered the damage before; the check owed may differ now
        v = self._judge_attack(ctl)
        return ctl.update(f"{self.damage} damage{' (a miss)' if self.damage == 0 else ''}: {v.summary}")

    def attack_check(self, ctl: Controller, check: str) -> Update:
        """Pass, Fail or Roll: what the check comes to, shown before Confirm."""
        if self.attack_on is None or self.attack_done or self.attack is None or not self.attack.owes:
            return ctl.update("No check is owed.")
        if check == "roll" and self.attack.dice is None:
            return ctl.update("This fighter has no Move check to roll: enter pass or fail.")
        self.check = check
        v = self._judge_attack(ctl)
        return ctl.update(v.summary)

    def attack_confirm(self, ctl: Controller) -> Update:
        """Carry the attack out: logged, the check and the fall rolled, undone whole by Undo (T3, T4, T6, H8)."""
        v = self.attack
        if v is None or self.attack_on is None or self.attack_done or (v.owes and self.check is None):
            return ctl.update("Nothing to confirm: enter pass, fail or roll first." if v is not None and not
                              self.attack_done else "Nothing to confirm.")
        fid = self.attack_on
        ctl.table, outcome = play.hit(ctl.table, fid, self.damage, self.check)
        self.attack_done, self.attack_rolls = True, outcome.rolls
        if self.check == "roll" and outcome.rolls:  # the verdict on show says what the roll came to
            self.attack = v.rolled(outcome.rolls[0].roll)
        last = ctl.table.log[-1].text
        return ctl.update(f"{last}.", moved=True, save=True, focus=f"fighter-{fid}")

    def attack_cancel(self, ctl: Controller) -> Update:
        """Close the attack box; nothing is logged."""
        self.attack_clear()
        return ctl.update("Cancelled.")

    def attack_action(self, ctl: Controller, action: str, arg: str | None) -> Update | None:
        """The attack box's and the door verdict's buttons; None: not one of them."""
        if action == "attacked":
            return self.attack_start(ctl)
        if action == "damage" and arg in ("1", "-1"):
            return self.attack_damage(ctl, int(arg))
        if action == "attack-check" and arg in ("pass", "fail", "roll"):
            return self.attack_check(ctl, arg)
        if action == "attack-confirm":
            return self.attack_confirm(ctl)
        if action == "attack-cancel":
            return self.attack_cancel(ctl)
        return None

    # -- melee through a door (T5) -----------------------------------------
    def door_melee(self, ctl: Controller, fighter_id: str) -> Update | None:
        """A fighter of another side: melee through a closed door between them (T5), logged; None for one of the
        same side (the page selects it instead)."""
        assert ctl.selected is not None
        sc = ctl.table.scenario
        if sc.fighter(fighter_id).side == sc.fighter(ctl.selected).side:
            return None
        self.drop_move(ctl)
        self.attack_clear()
        ctl.target = fighter_id
        v = self.door = play.door_melee(ctl.table, ctl.selected, fighter_id)
        me, it = isolate(ctl.table.name(ctl.selected)), isolate(ctl.table.name(fighter_id))
        before = ctl.table
        ctl.table = ctl.table.note_verdict(f"{me} → {it}: {v.summary}", (v,), asked={
            "ask": "door_melee", "fighter": ctl.selected, "target": fighter_id})
        return ctl.update(f"{me} against {it}: {v.summary}{repeat_note(before, ctl.table)}", save=True)

    # -- the panel, the overlay --------------------------------------------
    def attacked_parts(self, ctl: Controller) -> list[ET.Element]:
        """The attack box or the door verdict, when on show."""
        if self.attack is not None and self.attack_on is not None:
            return [attack_box(ctl.table, self.attack, self.attack_done, self.attack_rolls)]
        if self.door is not None and ctl.target is not None:
            return [door_verdict(ctl.table, self.door)]
        return []

    def attacked_highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        """The fall a failure makes (a line down to where it lands, its dice) and the edge that counts; the door
        melee's line through the door with both distances."""
        field = ctl.table.scenario.field
        v = self.attack
        if v is not None and not self.attack_done and v.fall is not None:
            start = point_of(field, v.stand.section, v.at, v.stand.up)
            f = v.fall
            end = point_of(field, f.to, f.x)
            dice = f"{f.fall.pool.count}d6" if f.fall.pool.count else "no dice"
            fall = ((f.x, (start[1] + end[1]) / 2, f"fall {show_in(f.distance)} · {dice}"),)
            pts = ((start, (f.x, start[1]), end) if f.x != start[0] else (start, end))
            return replace(hl, route_points=pts, route_notes=fall, spot=end, destination_ok=False)
        d = self.door
        if d is not None and ctl.target is not None and ctl.selected is not None and d.door is not None:
            door = next(x for x in field.features if x.id == d.door)
            a, t = ctl.table.stand_of(ctl.selected), ctl.table.stand_of(ctl.target)
            pa, pt = point_of(field, a.section, a.x), point_of(field, t.section, t.x)
            near, far = (door.x0, door.x1) if pa[0] <= door.x0 else (door.x1, door.x0)
            assert d.attacker_to_door is not None and d.target_to_door is not None
            notes = (((pa[0] + near) / 2, pa[1], show_in(d.attacker_to_door)),
                     ((pt[0] + far) / 2, pt[1], show_in(d.target_to_door)))
            return replace(hl, target=ctl.target, route_points=(pa, (near, pa[1]), (far, pt[1]), pt),
                           route_notes=notes, destination_ok=d.melee)
        if d is not None and ctl.target is not None:
            return replace(hl, target=ctl.target)
        return hl


def show_in(v: Fraction) -> str:
    """A length in inches (``"0.5 in"``)."""
    return show(v, "inches")
