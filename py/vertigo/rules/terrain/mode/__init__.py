"""What the page does under Terrain features (002): a fighter's reachable stretches are shaded, a click on a point
of a section (or a ladder, reached from its ends with ↑/↓) judges the move there in inches — its route drawn
through its climbs, drops and openings, its cost against the Move, each crossing and the fall's dice — and
Confirm carries it out (T1, T2, T4, T5, T7, T8); Allow drops lets routes drop from unenclosed edges (T7); the DM
overrides a verdict or takes the override back (H7).

Keys: Enter on a section judges its centre (Enter again confirms), Shift+←/→ moves the point ½ in along its
section, ↑/↓ move a point at or on a ladder ½ in up or down it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from vertigo.dice import DiceRoll
from vertigo.lengths import show
from vertigo.rules.terrain.rules import RULE_SET, moves
from vertigo.rules.terrain.rules.fields import MOVE
from vertigo.rules.terrain.rules.moving import RouteVerdict, Stretches
from vertigo.rules.terrain.view.panels import card_body, card_hint, place_words, route_verdict
from vertigo.rules.terrain.view.route import drawn_route, point_of, route_notes
from vertigo.stand import Stand
from vertigo.text import isolate
from vertigo_page.mode import Mode
from vertigo_view import panels
from vertigo_view.overlay import Highlights

from . import points
from .attacked import Attacked

if TYPE_CHECKING:
    from vertigo_page.controller import Controller, Update

__all__ = ["TerrainMode"]

def show_in(v: Fraction) -> str:
    """A length in inches (``"4.25 in"``)."""
    return show(v, "inches")


_HELP = ("Select a fighter (click or Enter): the stretches it reaches within its Move are shaded. Click a point "
         "on a section to judge a move there in inches (Enter on a section: its centre; Enter again confirms); "
         "Shift+←/→ moves the point ½ in. A click within ¼ in of a ladder puts the point at the ladder: ↑/↓ then "
         "take it ½ in up or down the ladder. Allow drops and Hit by an attack… are on the fighter card. Escape "
         "clears, Ctrl+Z undoes.")


class TerrainMode(Attacked, Mode):
    """Terrain features on the page: the drops switch, the move verdict pending, its roll; an attack being entered
    and a door melee verdict (:class:`.attacked.Attacked`)."""

    rule_id = RULE_SET.id
    card_action = ("Move in inches", "Click a point to move there in inches; Hit by an attack… on the card")

    def __init__(self) -> None:
        self.drops = False
        self.pending: RouteVerdict | None = None
        self.pending_done = False
        self.keyed = False
        self.roll: DiceRoll | None = None
        self._reach_key: tuple[object, str, bool] | None = None
        self._reach: Stretches | None = None
        self.attack_clear()

    def help(self, ctl: Controller) -> str:
        return _HELP

    def clear(self) -> None:
        self.drops = False
        self.pending = self.roll = None
        self.pending_done = False
        self.keyed = False
        self.attack_clear()

    def drop_move(self, ctl: Controller) -> None:
        self.pending = self.roll = None
        self.pending_done = False
        ctl.target = None

    def click_fighter(self, ctl: Controller, fighter_id: str) -> Update | None:
        """A fighter of another side: melee through a closed door between them (T5); one of the same side: None
        (the page selects it instead)."""
        return self.door_melee(ctl, fighter_id)

    def reached(self, ctl: Controller) -> Stretches:
        """What the selected fighter reaches within its Move (T8), drops as the switch says; once per place."""
        assert ctl.selected is not None
        key = (ctl.table.stands, ctl.selected, self.drops)
        if self._reach is None or self._reach_key is None or self._reach_key[0] is not key[0] \
                or self._reach_key[1:] != key[1:]:
            self._reach_key, self._reach = key, moves.reachable(ctl.table, ctl.selected, self.drops)
        return self._reach

    def on_select(self, ctl: Controller, fighter_id: str) -> str:
        f = ctl.table.scenario.fighter(fighter_id)
        where = place_words(ctl.table, ctl.table.stand_of(fighter_id))
        move = f[MOVE]
        if move is None:
            return f"{isolate(f.name)} selected at {where}: it cannot move (no Move in inches)."
        return f"{isolate(f.name)} selected at {where}: Move {show_in(move)}. Click a point to judge a move there."

    # -- judging a point ---------------------------------------------------
    def judge(self, ctl: Controller, to: Stand, more: str = "") -> Update:
        """Judge the selected fighter's move to ``to`` (T8) and show it."""
        assert ctl.selected is not None
        ctl.target = None
        self.attack_clear()
        self.roll = None
        self.pending_done = False
        self.keyed = False
        self.pending = moves.route(ctl.table, ctl.selected, to, self.drops)
        if to.ladder is None and points.ladders_at(ctl.table.scenario.field, to.section, to.x):
            more = " ↑/↓ take the point up or down the ladder." + more
        return ctl.update(f"Move to {place_words(ctl.table, self.pending.to)}: {self.pending.summary}.{more}")

    def click_section(self, ctl: Controller, section_id: str, at: float | Fraction | None) -> Update:
        """Judge the selected fighter's move to the point clicked (T8); with none selected, say who stands there."""
        field = ctl.table.scenario.field
        section = field.section(section_id)
        if ctl.selected is None:
            names = ", ".join(isolate(ctl.table.name(x)) for x in ctl.table.fighters_on(section_id)) or "nobody"
            return ctl.update(f"{isolate(section.name)}, {show_in(section.elevation)}: {names}. "
                              "Select a fighter to move.")
        return self.judge(ctl, Stand(section_id, points.snapped(field, section_id, at)))

    def _confirmable_on(self, section_id: str) -> bool:
        return self._confirmable() and self.pending is not None and self.pending.to.section == section_id

    def enter_section(self, ctl: Controller, section_id: str) -> Update:
        """Enter on a section: judge its centre — or, when a move to a point on it was just judged allowed, carry
        it out (Enter twice = judge, then Confirm)."""
        if ctl.selected is not None and self._confirmable_on(section_id):
            return self.confirm(ctl)
        up = self.click_section(ctl, section_id, None)
        if self._confirmable_on(section_id):
            up = replace(up, status=up.status.rstrip(".") + ". Enter again to confirm.")
        return up

    def confirm(self, ctl: Controller) -> Update:
        """Carry out the pending move: logged, its falling dice rolled, undoable whole (T8, H7, H8)."""
        v = self.pending
        if v is None or self.pending_done or ctl.selected is None or not v.final:
            return ctl.update("Nothing to confirm.")
        fid = ctl.selected
        ctl.table, outcome = moves.move(ctl.table, v, asked=moves.route_asked(v, self.drops))
        self.pending_done, self.roll = True, outcome.roll
        name = isolate(ctl.table.name(fid))
        rolled = f" Rolled {outcome.roll.brief(12)}." if outcome.roll else ""
        return ctl.update(f"{name} moved to {place_words(ctl.table, v.to)}.{rolled}", moved=True, save=True,
                          focus=f"fighter-{fid}")

    def toggle_drops(self, ctl: Controller) -> Update:
        """The Allow drops switch (T7): the stretches and the verdict on show are judged again."""
        if ctl.selected is None:
            return ctl.update("Select a fighter first.")
        self.drops = not self.drops
        said = "Drops allowed: a route may drop from an unenclosed edge, for a fall (T7)." if self.drops else \
            "Drops not allowed: routes stay on their feet (T7)."
        if self.pending is not None and not self.pending_done:
            return self.judge(ctl, self.pending.to, " " + said)
        return ctl.update(said)

    # -- the DM's override (H7) ---------------------------------------------
    def _headline(self, ctl: Controller, v: RouteVerdict, taken_back: bool = False) -> str:
        """The log line of an override or of taking it back: who, from where to where, both answers."""
        who = (f"{isolate(v.name)}'s move from {place_words(ctl.table, v.start)} to "
               f"{place_words(ctl.table, v.to)}")
        rules = "allowed" if v.allowed else "not allowed"
        if taken_back:
            return f"DM override taken back: {who} — the rules' answer stands: {rules}"
        return f"DM override: {who} — rules: {rules}; DM: {'allowed' if v.final else 'not allowed'}"

    def override(self, ctl: Controller, allowed: bool) -> Update:
        """The DM overrides the pending move (H7): allowed, it moves with no fall; ruled out, it cannot."""
        if self.pending is None or self.pending_done or not self.pending.found:
            return ctl.update("No verdict to override.")
        self.pending = self.pending.overridden(allowed)
        ctl.table = ctl.table.note_verdict(self._headline(ctl, self.pending), (self.pending,),
                                           asked=moves.route_asked(self.pending, self.drops))
        return ctl.update(f"DM override — move: {self.pending.summary}.", save=True)

    def take_back(self, ctl: Controller) -> Update:
        """The DM takes back the override on the pending move: the rules' answer stands again (H7); logged."""
        if self.pending is None or self.pending_done or self.pending.override is None:
            return ctl.update("No override to take back.")
        self.pending = self.pending.taken_back()
        ctl.table = ctl.table.note_verdict(self._headline(ctl, self.pending, taken_back=True), (self.pending,),
                                           asked=moves.route_asked(self.pending, self.drops))
        return ctl.update(f"DM override taken back — move: {self.pending.summary}.", save=True)

    # -- keys ------------------------------------------------------------
    def _point(self, ctl: Controller) -> Stand:
        """The point the keys move: the pending move's, else where the selected fighter stands."""
        assert ctl.selected is not None
        if self.pending is not None and not self.pending_done:
            return self.pending.to
        return ctl.table.stand_of(ctl.selected)

    def along(self, ctl: Controller, direction: int) -> Update | None:
        """Shift+←/→: the point ½ in along its section (off a ladder, along the ladder's foot section)."""
        if ctl.selected is None:
            return None
        field = ctl.table.scenario.field
        at = self._point(ctl)
        to = points.along(field, at, direction)
        if to is None:
            edge = "right" if direction > 0 else "left"
            return ctl.update(f"The point is at the {edge} end of {isolate(field.section(at.section).name)}; "
                              "click another section to go on.")
        return self._keyed(ctl, to)

    def _keyed(self, ctl: Controller, to: Stand) -> Update:
        """Judge a point reached by the keys: while it stands, Enter confirms it (the focus stays on the fighter,
        where Enter would otherwise deselect)."""
        up = self.judge(ctl, to)
        self.keyed = True
        if self._confirmable():
            up = replace(up, status=up.status.rstrip(".") + ". Enter confirms.")
        return up

    def _confirmable(self) -> bool:
        p = self.pending
        return p is not None and not self.pending_done and p.final and p.to != p.start

    def ladder_steps(self, ctl: Controller) -> tuple[bool, bool]:
        """Whether the pending point can go up, and down, a ladder (↑, ↓)."""
        if self.pending is None or self.pending_done:
            return False, False
        field = ctl.table.scenario.field
        return (points.up_or_down(field, self.pending.to, 1) is not None,
                points.up_or_down(field, self.pending.to, -1) is not None)

    def ladder_step(self, ctl: Controller, direction: int) -> Update:
        """↑ / ↓ (or the verdict's ladder buttons): the point ½ in up or down the ladder (T4)."""
        if ctl.selected is None or self.pending is None or self.pending_done:
            return ctl.update("Judge a point at a ladder first: click within ¼ in of it.")
        to = points.up_or_down(ctl.table.scenario.field, self.pending.to, direction)
        if to is None:
            return ctl.update("The point can go no further " + ("up." if direction > 0 else "down."))
        return self._keyed(ctl, to)

    def focus_moved(self, ctl: Controller) -> None:
        self.keyed = False

    def takes_key(self, ctl: Controller, key: str, shift: bool) -> bool:
        if key == "Enter" and not shift:
            return self.keyed and self._confirmable()
        if key in ("ArrowUp", "ArrowDown") and not shift:
            up, down = self.ladder_steps(ctl)
            return up if key == "ArrowUp" else down
        return super().takes_key(ctl, key, shift)

    def key(self, ctl: Controller, key: str, shift: bool) -> Update:
        if key == "Enter":
            return self.confirm(ctl)
        if key in ("ArrowUp", "ArrowDown"):
            return self.ladder_step(ctl, 1 if key == "ArrowUp" else -1)
        return super().key(ctl, key, shift)

    def keyboard_targets(self, ctl: Controller) -> tuple[list[str], list[str]]:
        assert ctl.selected is not None
        sc = ctl.table.scenario
        me = sc.fighter(ctl.selected)
        sections = [sid for sid, _ in self.reached(ctl).sections] if me[MOVE] is not None else []
        return sections, [f.id for f in sc.fighters if f.side != me.side]

    def keyboard_key(self) -> object:
        return self.drops

    def judged_at(self, ctl: Controller, element_id: str) -> bool:
        if self.pending is not None and not self.pending_done and element_id == f"section-{self.pending.to.section}":
            return True
        return super().judged_at(ctl, element_id)

    # -- the panel, the overlay --------------------------------------------
    def panel_action(self, ctl: Controller, action: str, arg: str | None) -> Update | None:
        simple = {"confirm": self.confirm, "take-back": self.take_back, "drops": self.toggle_drops}
        if action in simple:
            return simple[action](ctl)
        if action == "override" and arg is not None:
            return self.override(ctl, arg == "allow")
        if action == "ladder-step" and arg in ("1", "-1"):
            return self.ladder_step(ctl, int(arg))
        return self.attack_action(ctl, action, arg)

    def panel_parts(self, ctl: Controller) -> list[ET.Element]:
        parts: list[ET.Element] = self.attacked_parts(ctl)
        if self.pending is not None:
            parts.append(route_verdict(ctl.table, self.pending, self.roll, self.pending_done, self.ladder_steps(ctl)))
        if ctl.selected is None:
            return parts
        f = ctl.table.scenario.fighter(ctl.selected)
        reached = self.reached(ctl) if f[MOVE] is not None else None
        body = [*card_body(ctl.table, f, reached, self.drops), *ctl.card_actions(), card_hint(f)]
        parts.append(panels.fighter_card(f, body))
        return parts

    def highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        if ctl.selected is not None and ctl.table.scenario.fighter(ctl.selected)[MOVE] is not None:
            r = self.reached(ctl)
            hl = replace(hl, stretches=r.sections, ladder_reach=r.ladders)
        v = self.pending
        if v is not None and not self.pending_done:
            field = ctl.table.scenario.field
            hl = replace(hl, destination_ok=v.final, route_points=drawn_route(field, v),
                         route_notes=route_notes(field, v), spot=point_of(field, v.to.section, v.to.x, v.to.up))
        return self.attacked_highlights(ctl, hl)

    def verdict_on_target(self) -> bool:
        return self.door is not None
