"""Placing fighters by hand: the shared mode of a battlefield none of whose rule sets moves fighters.

A click on a section places the selected fighter there (on the grid :func:`snap` gives), Shift+←/→ nudges it
:data:`NUDGE` along its section; every placing is logged and undoable.  A rule set that judges fighters
placed this way (Combat at Different Levels) builds its mode on this one.

A placing is logged with its question (issue 27), ``{"ask": "place", "fighter", "to": section id, "x": length}``,
the core's shared action (:data:`vertigo.replay.SHARED_ACTIONS`).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from vertigo import lengths
from vertigo.battlefield import Section
from vertigo.text import isolate
from vertigo_view import panels
from vertigo_view.overlay import Highlights

from .mode import Mode

if TYPE_CHECKING:
    from .controller import Controller, Update

__all__ = ["NUDGE", "snap", "PlacingMode"]

NUDGE = Fraction(1, 2)
"""How far Shift+←/→ moves a placed fighter, and the grid a click places it on, in the scenario's unit."""

_HELP = ("Select a fighter (click or Enter); no rule set here judges attacks or moves. Click a section (or "
         "Enter on it) to place the selected fighter there, Shift+←/→ nudges it ½ ft. Escape clears, "
         "Ctrl+Z undoes.")
_CARD_HINT = ("No Move entries here: the referee places fighters. Click a section (or Enter on it) to place "
              "this fighter there; Shift+←/→ nudges it ½ ft.")


def snap(section: Section, at: float | Fraction | None) -> Fraction:
    """Where a click at ``at`` (scenario units; None: the keyboard) places a fighter on ``section``.

    On stairs, the centre of the step under ``at`` (the centre step for the keyboard); elsewhere ``at`` to
    the nearest half unit (halves up), or the section's centre.  Never off the section.
    """
    x = section.centre if at is None else Fraction(at)
    x = min(section.x1, max(section.x0, x))
    if section.stairs is not None:
        step = section.step_at(x)
        lo = section.x0 + section.stairs.tread * step
        hi = min(section.x1, lo + section.stairs.tread)
        return (lo + hi) / 2
    if at is None:
        return x
    grid = Fraction(math.floor(x / NUDGE + Fraction(1, 2))) * NUDGE
    return min(section.x1, max(section.x0, grid))


class PlacingMode(Mode):
    """The referee places fighters by hand; no verdict of its own."""

    select_more = " Click a section to place it there."
    """What the status line adds when a fighter is selected."""
    card_more = ""
    """What the fighter card's hint adds to :data:`_CARD_HINT`."""

    def help(self, ctl: Controller) -> str:
        return _HELP

    def on_select(self, ctl: Controller, fighter_id: str) -> str:
        table = ctl.table
        sc = table.scenario
        f = sc.fighter(fighter_id)
        where = sc.field.section(table.position(fighter_id)).name
        _, x = table.stand(fighter_id)
        return (f"{isolate(f.name)} selected on {isolate(where)} at x = {lengths.show(x, sc.units)}, standing "
                f"surface {lengths.show(table.surface(fighter_id), sc.units)}." + self.select_more)

    def click_section(self, ctl: Controller, section_id: str, at: float | Fraction | None) -> Update:
        sc = ctl.table.scenario
        section = sc.field.section(section_id)
        if ctl.selected is not None:
            return self.place(ctl, section_id, snap(section, at))
        names = ", ".join(isolate(ctl.table.name(x)) for x in ctl.table.fighters_on(section_id)) or "nobody"
        return ctl.update(f"{isolate(section.name)}, {lengths.show(section.elevation, sc.units)}: "
                          f"{names}. Select a fighter to place it here.")

    def placed(self) -> None:
        """A fighter was placed: a verdict on where it stood is dropped."""

    def place(self, ctl: Controller, section_id: str, x: Fraction) -> Update:
        """Place the selected fighter by hand: logged, undoable; a verdict on show is dropped."""
        assert ctl.selected is not None
        fid, sc = ctl.selected, ctl.table.scenario
        ctl.table = ctl.table.place(fid, section_id, x, asked={"ask": "place", "fighter": fid, "to": section_id,
                                                               "x": lengths.to_json(x)})
        ctl.target = None
        self.placed()
        where = sc.field.section(section_id).name
        return ctl.update(f"{isolate(ctl.table.name(fid))} placed on {isolate(where)} "
                          f"at x = {lengths.show(x, sc.units)}, standing surface "
                          f"{lengths.show(ctl.table.surface(fid), sc.units)}.",
                          moved=True, save=True)

    def nudge(self, ctl: Controller, direction: int) -> Update:
        """Shift+←/→: move the selected fighter :data:`NUDGE` along its section."""
        if ctl.selected is None:
            return ctl.update("Select a fighter to nudge it (only where fighters are placed by hand).")
        sid, x = ctl.table.stand(ctl.selected)
        section = ctl.table.scenario.field.section(sid)
        to = x + NUDGE * (1 if direction > 0 else -1)
        if not section.x0 <= to <= section.x1:
            edge = "right" if direction > 0 else "left"
            return ctl.update(f"{isolate(ctl.table.name(ctl.selected))} is at the {edge} end of "
                              f"{isolate(section.name)}; click another section to place it there.")
        return self.place(ctl, sid, to)

    def keyboard_targets(self, ctl: Controller) -> tuple[list[str], list[str]]:
        return [s.id for s in ctl.table.scenario.field.sections], []

    def card_parts(self, ctl: Controller, fighter_id: str) -> list[ET.Element]:
        """What the fighter card shows between where the fighter stands and its hint."""
        return []

    def panel_parts(self, ctl: Controller) -> list[ET.Element]:
        if ctl.selected is None:
            return []
        f = ctl.table.scenario.fighter(ctl.selected)
        body = [panels.placed_stand(ctl.table, f), *self.card_parts(ctl, f.id), *ctl.card_actions(),
                panels.hint(_CARD_HINT + self.card_more)]
        return [panels.fighter_card(f, body)]

    def highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        return replace(hl, placing=True) if ctl.selected is not None else hl

    def along(self, ctl: Controller, direction: int) -> Update | None:
        return self.nudge(ctl, direction)
