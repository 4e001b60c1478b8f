"""What the page does under the lantern rule set: a click on another fighter asks whether it is seen, and the
panel's button hoods or unhoods the selected fighter's lantern (its per-fighter state)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import TYPE_CHECKING

from lantern.rules import HOODED, RULE_SET, SeenVerdict, seen
from lantern.view import light_mark, verdict_panel
from vertigo_page.placing import PlacingMode
from vertigo_view.overlay import Highlights

if TYPE_CHECKING:
    from vertigo_page.controller import Controller, Update

__all__ = ["LanternMode"]


class LanternMode(PlacingMode):
    """Placing by hand, and who is seen by lantern light."""

    rule_id = RULE_SET.id
    card_action = ("Look", "Click another fighter to see whether it is seen by lantern light")

    def __init__(self) -> None:
        self.verdict: SeenVerdict | None = None

    def help(self, ctl: Controller) -> str:
        return "Select a fighter, then click another to see whether it is seen by lantern light."

    def clear(self) -> None:
        self.verdict = None

    def click_fighter(self, ctl: Controller, fighter_id: str) -> Update:
        assert ctl.selected is not None
        ctl.target = fighter_id
        self.verdict = seen(ctl.table, ctl.selected, fighter_id)
        ctl.table = ctl.table.note_verdict(f"{ctl.selected} looks at {fighter_id}", (self.verdict,))
        return ctl.update(f"{fighter_id}: {self.verdict.summary}.", save=True)

    def panel_action(self, ctl: Controller, action: str, arg: str | None) -> Update | None:
        if action != "hood" or ctl.selected is None:
            return None
        now = ctl.table.state(ctl.selected, HOODED)
        ctl.table = ctl.table.set_state(ctl.selected, HOODED, not now,
                                        f"{ctl.selected} {'unhoods' if now else 'hoods'} the lantern")
        if ctl.target is not None:
            self.verdict = seen(ctl.table, ctl.selected, ctl.target)
        return ctl.update("Lantern hooded." if not now else "Lantern unhooded.", moved=True, save=True)

    def panel_parts(self, ctl: Controller) -> list[ET.Element]:
        parts = super().panel_parts(ctl)
        if self.verdict is not None and ctl.selected is not None:
            parts.insert(0, verdict_panel(self.verdict, ctl.table.state(ctl.selected, HOODED)))
        return parts

    def highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        return super().highlights(ctl, replace(hl, marks=(*hl.marks, light_mark)))

    def verdict_on_target(self) -> bool:
        return self.verdict is not None
