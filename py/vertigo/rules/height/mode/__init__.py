"""What the page does under the Height rules: a fighter's Move entry is chosen, a click on a section judges the
move there (H2–H4) and Confirm carries it out (H7, H8); a click on an enemy checks each action against it
(H5, H6); the DM overrides any verdict or takes the override back (H7); every Move entry is compared at once
(the options table)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from vertigo.dice import DiceRoll
from vertigo.numbers import count, fmt
from vertigo.rules.height.rules import RULE_SET
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.fields import MOVES
from vertigo.rules.height.rules.movement import MoveVerdict, Reach
from vertigo.rules.height.rules.options import Options, judge_options
from vertigo.rules.height.rules.ranged import Line, ShotVerdict
from vertigo.rules.height.view import card_body, move_verdict, options_offer, options_table, shot_verdicts
from vertigo.text import isolate, joined
from vertigo_page.mode import Mode, repeat_note
from vertigo_page.placing import snap
from vertigo_view import panels
from vertigo_view.overlay import Highlights

from .forced import Forced
from .verdicts import Overrides

if TYPE_CHECKING:
    from vertigo_page.controller import Controller, Update

__all__ = ["HeightMode", "OPTIONS_AUTO_WORK"]

_HELP = ("Select a fighter (click or Enter), choose a Move entry, then click a section to see the verdict; "
         "click an enemy to check each action; Push… and the climbs are on the fighter card. Shift+←/→ steps "
         "the fighter along its section. Escape clears, Ctrl+Z undoes.")

OPTIONS_AUTO_WORK = 4000
"""Largest Move entries × (sections + borders) for which selecting a fighter compares every entry at once
(:func:`vertigo.rules.height.rules.options.judge_options`: one search per entry).  Past it — many long entries
on a large battlefield, where the searches would hold the page for a noticeable time — the panel offers a
button instead.  Every bundled battlefield stays far below it (Ruined street: at most 2 × 60)."""


def _outcome(shots: tuple[ShotVerdict, ...]) -> str:
    """The log's headline of an attack: which actions reach the target and which cannot (H5, H6; the DM's
    answer where an override turned one, H7): ``"Shortbow reaches, Sling and Dagger cannot"``; ``"no actions"``."""
    if not shots:
        return "no actions"
    reach = [isolate(v.action.name) for v in shots if v.final]
    cannot = [isolate(v.action.name) for v in shots if not v.final]
    parts = [f"{joined(reach)} {'reaches' if len(reach) == 1 else 'reach'}"] if reach else []
    if cannot:
        parts.append(f"{joined(cannot)} cannot" + ("" if reach else " reach"))
    return ", ".join(parts)


class HeightMode(Forced, Overrides, Mode):
    """The Height rules on the page: the chosen Move entry, the move verdict pending, the actions checked."""

    rule_id = RULE_SET.id
    card_action = ("Move and shoot", "Choose a Move entry, click a section to move; click an enemy to shoot")

    def __init__(self) -> None:
        self.entry: int | None = None
        self.pending: MoveVerdict | None = None
        self.pending_done = False
        self.roll: DiceRoll | None = None
        self.shots: tuple[ShotVerdict, ...] | None = None
        self.compare_all = False
        self._reach_key: tuple[object, str, int] | None = None
        self._reach: Reach | None = None
        self._options_key: tuple[object, str] | None = None
        self._options: Options | None = None
        self.forced_clear()

    def help(self, ctl: Controller) -> str:
        return _HELP

    def clear(self) -> None:
        self.entry = self.pending = self.roll = self.shots = None
        self.pending_done = False
        self.compare_all = False
        self.forced_clear()

    def on_select(self, ctl: Controller, fighter_id: str) -> str:
        sc = ctl.table.scenario
        f = sc.fighter(fighter_id)
        where = sc.field.section(ctl.table.position(fighter_id)).name
        self.entry = 0 if f[MOVES] else None
        self.forced_clear()
        moves = ", ".join(str(m) for m in f[MOVES]) or "no Move entries"
        return f"{isolate(f.name)} selected on {isolate(where)}: {moves}."

    # -- what the chosen entry reaches, every entry compared ---------------
    def reached(self, ctl: Controller) -> Reach:
        """What the chosen entry reaches (fewest dice, routes); computed once per position and choice."""
        assert ctl.selected is not None and self.entry is not None
        # Reach depends on where the fighters stand: the stands tuple changes only with a move, undo or load.
        key = (ctl.table.stands, ctl.selected, self.entry)
        if self._reach is None or self._reach_key is None or self._reach_key[0] is not key[0] \
                or self._reach_key[1:] != key[1:]:
            self._reach_key, self._reach = key, height_play.reach(ctl.table, ctl.selected, self.entry)
        return self._reach

    def _options_at_once(self, ctl: Controller) -> bool:
        """Whether the selected fighter's options are compared without a click (:data:`OPTIONS_AUTO_WORK`)."""
        assert ctl.selected is not None
        sc = ctl.table.scenario
        work = len(sc.fighter(ctl.selected)[MOVES]) * (len(sc.field.sections) + len(sc.field.borders))
        return self.compare_all or work <= OPTIONS_AUTO_WORK

    def options(self, ctl: Controller) -> Options | None:
        """Every Move entry's answer at every section one reaches, for the selected fighter (H2–H4); None when
        no fighter is selected or the comparison waits for a click (:meth:`compare_options`).  Computed once
        per position; the chosen entry's search is shared with the highlight."""
        if ctl.selected is None or not self._options_at_once(ctl):
            return None
        key = (ctl.table.stands, ctl.selected)
        if self._options is None or self._options_key is None or self._options_key[0] is not key[0] \
                or self._options_key[1] != key[1]:
            known = {} if self.entry is None else {self.entry: self.reached(ctl)}
            self._options_key, self._options = key, judge_options(ctl.table, ctl.selected, known)
        return self._options

    def compare_options(self, ctl: Controller) -> Update:
        """The button of a large battlefield: compare every Move entry of the selected fighter now (H2–H4)."""
        if ctl.selected is None:
            return ctl.update("Select a fighter first.")
        self.compare_all = True
        o = self.options(ctl)
        assert o is not None
        return ctl.update(o.summary)

    # -- clicks ----------------------------------------------------------
    def click_fighter(self, ctl: Controller, fighter_id: str) -> Update | None:
        """An enemy (another side) of the selected fighter: check each of its actions against it (H5, H6)."""
        assert ctl.selected is not None
        sc = ctl.table.scenario
        if sc.fighter(fighter_id).side == sc.fighter(ctl.selected).side:
            return None
        self.pending = self.roll = None
        self.pending_done = False
        self.forced_clear()
        ctl.target = fighter_id
        self.shots = height_play.attack(ctl.table, ctl.selected, fighter_id)
        me, it = isolate(ctl.table.name(ctl.selected)), isolate(ctl.table.name(fighter_id))
        before = ctl.table
        ctl.table = ctl.table.note_verdict(f"{me} → {it}: {_outcome(self.shots)}", self.shots,
                                           asked=self.attack_asked(ctl))
        summary = "; ".join(v.summary for v in self.shots) or "no actions"
        return ctl.update(f"{me} against {it}: {summary}.{repeat_note(before, ctl.table)}", save=True)

    def choose_entry(self, ctl: Controller, index: int) -> Update:
        """A Move entry of the selected fighter was chosen."""
        if ctl.selected is None:
            return ctl.update("Select a fighter first.")
        f = ctl.table.scenario.fighter(ctl.selected)
        if not 0 <= index < len(f[MOVES]):
            return ctl.update(f"{isolate(f.name)} has no Move entry {index + 1}.")
        self.entry = index
        self.pending = self.roll = None
        self.pending_done = False
        return ctl.update(f"{f[MOVES][index]}: {count(len(self.reached(ctl).dice) - 1, 'section')} reachable.")

    def click_section(self, ctl: Controller, section_id: str, at: float | Fraction | None) -> Update:
        """Judge the selected fighter's move there with its chosen Move entry (H2–H4)."""
        section = ctl.table.scenario.field.section(section_id)
        if ctl.selected is not None and self.push_steps is not None:
            return self.push_to(ctl, section_id)
        self.forced_clear()
        if ctl.selected is None or self.entry is None:
            names = ", ".join(isolate(ctl.table.name(x)) for x in ctl.table.fighters_on(section_id)) or "nobody"
            return ctl.update(f"{isolate(section.name)}, Height {fmt(section.elevation)}: {names}. "
                              "Select a fighter to move.")
        ctl.target = self.shots = None
        self.roll = None
        self.pending_done = False
        # A move ends where it was clicked on its destination, on the half unit (H10 is judged on x).
        x = None if at is None else snap(section, at)
        self.pending = height_play.move_verdict(ctl.table, ctl.selected, self.entry, section_id, self.reached(ctl), x)
        if self.pending.already_there:
            return ctl.update(f"{isolate(ctl.table.name(ctl.selected))} is already on {isolate(section.name)}: "
                              "nothing moves.")
        return ctl.update(f"Move to {isolate(section.name)}: {self.pending.summary}")

    def _confirmable_at(self, section_id: str) -> bool:
        p = self.pending
        return p is not None and not self.pending_done and p.final and p.dest == section_id and p.dest != p.start

    def enter_section(self, ctl: Controller, section_id: str) -> Update:
        """Enter on a section: judge the move there (as a click does) — or, when that very move was just judged
        allowed, carry it out (Enter twice = judge, then Confirm)."""
        if ctl.selected is not None and self.push_steps is not None:
            return self.push_enter(ctl, section_id)
        if self._confirmable_at(section_id) and ctl.selected is not None:
            return self.confirm(ctl)
        up = self.click_section(ctl, section_id, None)
        if self._confirmable_at(section_id):
            up = replace(up, status=up.status.rstrip(".") + ". Enter again to confirm.")
        return up

    def confirm(self, ctl: Controller) -> Update:
        """Carry out the pending move and roll its falling dice."""
        if self.pending is None or self.pending_done or ctl.selected is None:
            return ctl.update("Nothing to confirm.")
        fid = ctl.selected
        ctl.table, self.roll = ctl.table.move(fid, self.pending, asked=self.move_asked(ctl, self.pending))
        self.pending_done = True
        self.forced_clear()  # a move carried out ends any push or climb being set up
        name = isolate(ctl.table.name(fid))
        rolled = f" Rolled {self.roll.brief(12)}." if self.roll else ""
        return ctl.update(f"{name} moved.{rolled}", moved=True, save=True, focus=f"fighter-{fid}")

    # -- the panel, the overlay, the keyboard --------------------------------
    def panel_action(self, ctl: Controller, action: str, arg: str | None) -> Update | None:
        forced = self.forced_action(ctl, action, arg)
        if forced is not None:
            return forced
        simple = {"confirm": self.confirm, "take-back": self.take_back, "options": self.compare_options}
        if action in simple:
            return simple[action](ctl)
        if arg is None:
            return None
        if action == "entry":
            return self.choose_entry(ctl, int(arg))
        if action == "override":
            return self.override(ctl, arg == "allow")
        if action == "override-shot":
            index, verdict = arg.split(":")
            return self.override_shot(ctl, int(index), verdict == "allow")
        if action == "take-back-shot":
            return self.take_back_shot(ctl, int(arg))
        return None

    def panel_parts(self, ctl: Controller) -> list[ET.Element]:
        # The verdict comes first, the selected fighter's card after it: Confirm is the first thing Tab reaches
        # from the battlefield, and on a small screen the answer to the last click is at the top.
        parts: list[ET.Element] = self.forced_parts(ctl)
        if self.pending is not None:
            parts.append(move_verdict(ctl.table, self.pending, self.roll, self.pending_done))
        if self.shots is not None and ctl.target is not None:
            parts.append(shot_verdicts(ctl.table, ctl.target, self.shots))
        if ctl.selected is None:
            return parts
        f = ctl.table.scenario.fighter(ctl.selected)
        reaches, elsewhere = None, []
        if self.entry is not None:
            here = ctl.table.position(f.id)
            reaches = sum(1 for sid in self.reached(ctl).dice if sid != here)
            if reaches == 0:  # the card names the entries that do reach a section (issue 22)
                counts = [(str(m), sum(1 for sid in height_play.reach(ctl.table, f.id, i).dice if sid != here))
                          for i, m in enumerate(f[MOVES]) if i != self.entry]
                elsewhere = [(m, n) for m, n in counts if n]
        body = card_body(ctl.table, f, self.entry, reaches, elsewhere)
        parts.append(panels.fighter_card(f, [*body, *self.forced_actions(ctl, f.id), *ctl.card_actions()]))
        options = self.options(ctl)
        parts.append(options_table(ctl.table, options) if options is not None else options_offer(f))
        return parts

    def highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        if ctl.selected is not None and self.entry is not None:
            # After Confirm the entry stays chosen and a section click judges the next move from where the
            # fighter now stands, so the view shows what that entry reaches from there (agrees with the card).
            hl = replace(hl, reachable=self.reached(ctl).dice)
        if self.pending is not None and not self.pending_done:
            hl = replace(hl, destination=self.pending.dest, destination_ok=self.pending.final,
                         route=self.pending.route.path if self.pending.route else ())
        if ctl.target is not None and self.shots is not None:
            # Only a line a verdict judged is drawn: a blocker no explanation names is not (H6, range 0).
            line = next((v.judged_line for v in self.shots if v.judged_line is not None), None)
            ok = any(v.final for v in self.shots)
            hl = replace(hl, target=ctl.target, shot_ok=ok, blocked_by=line.blocked_by if line else None,
                         shot_path=line.path if line else (), shot_overridden=ok != any(v.allowed for v in self.shots),
                         blocked_why=_why(ctl, line), round_by=line.detour[1] if line and line.detour else None,
                         round_why=_round_why(ctl, line))
        return self.forced_highlights(ctl, hl) if self.forcing else hl

    def keyboard_targets(self, ctl: Controller) -> tuple[list[str], list[str]]:
        assert ctl.selected is not None
        sc = ctl.table.scenario
        me = sc.fighter(ctl.selected)
        here = ctl.table.position(me.id)
        if self.push_steps is not None:  # a push waits for the section to push towards: any section
            return [s.id for s in sc.field.sections if s.id != here], []
        sections = [s for s in self.reached(ctl).dice if s != here] if self.entry is not None else []
        return sections, [f.id for f in sc.fighters if f.side != me.side]

    def keyboard_key(self) -> object:
        return self.entry, self.push_steps is not None

    def along(self, ctl: Controller, direction: int) -> Update | None:
        return self.step_along(ctl, direction)

    def judged_at(self, ctl: Controller, element_id: str) -> bool:
        if self.pending is not None and not self.pending_done and element_id == f"section-{self.pending.dest}":
            return True
        return super().judged_at(ctl, element_id)

    def verdict_on_target(self) -> bool:
        return self.shots is not None


def _why(ctl: Controller, line: Line | None) -> str:
    """What the view's blocker mark says: ``"the floor of Upper hall is between them (H10)"``, ``"Thicket blocks
    sight (H11)"``, ``"Ridge is higher than both ends (H5)"``; "" for a clear line."""
    if line is None or line.blocked_by is None:
        return ""
    name = isolate(ctl.table.scenario.field.section(line.blocked_by).name)
    if line.blocked_rule == "H10":
        return f"the floor of {name} is between them (H10)"
    if line.blocked_rule == "H11":
        return f"{name} blocks sight (H11)"
    return f"{name} is higher than both ends (H5)"


def _round_why(ctl: Controller, line: Line | None) -> str:
    """What the view says of the section that blocks a clear shot's shortest line (H14): ``"the shot goes round
    (H14)"`` (short enough for a phone; the explanation names the section); "" when the shot takes the shortest
    line."""
    if line is None or line.detour is None:
        return ""
    return "the shot goes round (H14)"
