"""What the page does under Combat at Different Levels: fighters are placed by hand (the shared placing mode),
and a click on another fighter judges melee between the two across their vertical difference, both ways
(G1–G7), with the strange position (G3) and the DM's override on each direction (H7).

Each verdict is logged with its ``ask`` question (issue 27): ``{"ask": "levels", "fighter", "target",
"strange_position"?}``, and an override ``"override": {"attacker", "allowed"}`` on the direction it rules on (the
log line is that direction's; an override on the other direction is left out of the question)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from vertigo.rules.levels.rules import RULE_SET
from vertigo.rules.levels.rules import play as levels_play
from vertigo.rules.levels.rules.levels import LevelsVerdict, show_ft
from vertigo.rules.levels.view import card_parts, levels_verdict
from vertigo.text import isolate
from vertigo_page.mode import repeat_note
from vertigo_page.placing import PlacingMode
from vertigo_view.overlay import Highlights

if TYPE_CHECKING:
    from vertigo_page.controller import Controller, Update

__all__ = ["LevelsMode"]

_HELP = ("Select a fighter (click or Enter), then click another fighter to see melee across levels, both "
         "ways. No Move entries here: click a section (or Enter on it) to place the selected fighter there, "
         "Shift+←/→ nudges it ½ ft. Escape clears, Ctrl+Z undoes.")


class LevelsMode(PlacingMode):
    """Placing by hand, and the levels verdict between the selected fighter and another."""

    rule_id = RULE_SET.id
    card_action = ("Melee across levels", "Click another fighter to judge melee across levels, both ways")
    select_more = " Click another fighter to judge melee across levels; click a section to place it there."
    card_more = " Click another fighter to judge melee across levels, both ways."

    def __init__(self) -> None:
        self.levels: LevelsVerdict | None = None
        self.strange = False

    def help(self, ctl: Controller) -> str:
        return _HELP

    def clear(self) -> None:
        self.levels = None
        self.strange = False

    def placed(self) -> None:
        self.clear()

    def click_fighter(self, ctl: Controller, fighter_id: str) -> Update:
        """Melee between the selected fighter and another, both ways (G1: any two fighters, friend or foe)."""
        ctl.target = fighter_id
        self.strange = False
        return self._judged(ctl, "levels judged")

    def asked(self, ctl: Controller, attacker: str | None = None) -> dict[str, Any]:
        """The ``levels`` question of the verdict on show, with the DM's override on ``attacker``'s direction when
        it has one (issue 27)."""
        assert ctl.selected is not None and ctl.target is not None
        out: dict[str, Any] = {"ask": "levels", "fighter": ctl.selected, "target": ctl.target}
        if self.strange:
            out["strange_position"] = True
        o = None if attacker is None or self.levels is None else self.levels.direction(attacker).override
        if o is not None:
            out["override"] = {"attacker": attacker, "allowed": o.allowed, **({"note": o.note} if o.note else {})}
        return out

    def _judged(self, ctl: Controller, what: str) -> Update:
        """Judge the selected fighter and its target at the levels (with the strange position if chosen) and
        log it."""
        assert ctl.selected is not None and ctl.target is not None
        v = self.levels = levels_play.levels_verdict(ctl.table, ctl.selected, ctl.target,
                                                     strange_position=self.strange)
        me, it = isolate(ctl.table.name(ctl.selected)), isolate(ctl.table.name(ctl.target))
        # "combat possible" is the band's answer (G2); a side whose every melee weapon falls short (G4, G5) is
        # named, so the status line and the log do not read as a strike that cannot happen.
        short = "".join(f"; no weapon of {isolate(ctl.table.name(d.attacker))} reaches"
                        for d in v.directions if d.final and d.out_of_reach)
        before = ctl.table
        ctl.table = ctl.table.note_verdict(f"{me} ↔ {it}: {what} — {v.summary}{short}", (v, *v.directions),
                                           asked=self.asked(ctl))
        return ctl.update(f"{me} and {it}: {v.summary}{short}.{repeat_note(before, ctl.table)}", save=True)

    def toggle_strange(self, ctl: Controller) -> Update:
        """The upper fighter lies down at the edge, or stands up again (G3): the verdict is judged again."""
        if self.levels is None or ctl.selected is None or ctl.target is None:
            return ctl.update("No levels verdict to change.")
        if self.levels.upper is None:
            return ctl.update("No upper fighter to lie down: the difference is 1 ft or less.")
        if not self.levels.strange_offered:
            return ctl.update(f"The strange position is for differences over 6 ft (G3); this one is "
                              f"{show_ft(self.levels.difference_ft)}.")
        self.strange = not self.strange
        upper = isolate(ctl.table.name(self.levels.upper))
        return self._judged(ctl, f"{upper} lies down at the edge" if self.strange else f"{upper} stands up again")

    def override(self, ctl: Controller, attacker: str, allowed: bool) -> Update:
        """The DM overrides one direction of the levels verdict (H7); the log keeps both answers."""
        if self.levels is None:
            return ctl.update("No verdict to override.")
        self.levels = self.levels.overridden(attacker, allowed)
        d = self.levels.direction(attacker)
        a, b = isolate(ctl.table.name(d.attacker)), isolate(ctl.table.name(d.defender))
        rules = "possible" if d.allowed else "impossible"
        dm = "let it happen" if d.final else "ruled it out"
        ctl.table = ctl.table.note_verdict(f"DM override — {a} strikes {b}: the rules say {rules}; the DM {dm}",
                                           (d,), asked=self.asked(ctl, attacker))
        return ctl.update(f"DM override — {a} strikes {b}: rules say {rules}, the DM {dm}.", save=True)

    def take_back(self, ctl: Controller, attacker: str) -> Update:
        """The DM takes back the override on one direction of the levels verdict: the rules' answer stands again
        on screen; the log keeps the override and adds that it was taken back."""
        if self.levels is None or self.levels.direction(attacker).override is None:
            return ctl.update("No override to take back.")
        was = self.levels.direction(attacker)
        self.levels = self.levels.taken_back(attacker)
        d = self.levels.direction(attacker)
        a, b = isolate(ctl.table.name(d.attacker)), isolate(ctl.table.name(d.defender))
        rules = "possible" if d.allowed else "impossible"
        dm = "let it happen" if was.final else "ruled it out"
        ctl.table = ctl.table.note_verdict(f"DM override taken back — {a} strikes {b}: the DM had {dm}; the "
                                           f"rules' answer stands: {rules}", (d,), asked=self.asked(ctl))
        return ctl.update(f"DM override taken back — {a} strikes {b}: {rules}, as the rules say.", save=True)

    def panel_action(self, ctl: Controller, action: str, arg: str | None) -> Update | None:
        if action == "strange":
            return self.toggle_strange(ctl)
        if action == "override-levels" and arg is not None:
            attacker, verdict = arg.rsplit(":", 1)
            return self.override(ctl, attacker, verdict == "allow")
        if action == "take-back-levels" and arg is not None:
            return self.take_back(ctl, arg)
        return None

    def keyboard_targets(self, ctl: Controller) -> tuple[list[str], list[str]]:
        sections, _ = super().keyboard_targets(ctl)
        return sections, [f.id for f in ctl.table.scenario.fighters if f.id != ctl.selected]

    def card_parts(self, ctl: Controller, fighter_id: str) -> list[ET.Element]:
        return card_parts(ctl.table.scenario.fighter(fighter_id))

    def panel_parts(self, ctl: Controller) -> list[ET.Element]:
        verdict = [levels_verdict(ctl.table, self.levels)] if self.levels is not None else []
        return verdict + super().panel_parts(ctl)

    def highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        if self.levels is not None:
            a, b = self.levels.fighters
            hl = replace(hl, levels=(a.id, b.id),
                         levels_effective=self.levels.effective_ft if self.levels.strange_position else None)
        return super().highlights(ctl, hl)

    def verdict_on_target(self) -> bool:
        return self.levels is not None
