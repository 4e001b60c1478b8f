"""What a click means: the page asks the active mode of the battlefield's rule sets.

A :class:`Mode` holds the state of one rule set's play on the page (a Move entry chosen, a verdict on show)
and answers the controller's questions: what a click on a fighter or a section does, which side-view elements
the arrow keys step through, what the panel shows, what the overlay marks and what the panel's buttons and
the keys do.  The controller (:mod:`vertigo_page.controller`) keeps only what every mode shares: the table,
the selected fighter, the fighter a verdict was asked against, the log and the drawing.  Each rule set's mode
lives in its package (``vertigo.rules.<id>.mode``) and is listed by :mod:`vertigo_page.modes`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import TYPE_CHECKING

from vertigo.table import Table
from vertigo_view.overlay import Highlights

if TYPE_CHECKING:
    from .controller import Controller, Update

__all__ = ["Mode", "repeat_note"]


def repeat_note(before: Table, after: Table) -> str:
    """The status line's note when a check repeated the newest log line and so wrote nothing (else "")."""
    return " The same as the last line of the log: not logged again." if after is before else ""


class Mode:
    """One rule set's play on the page.  Every method takes the controller it serves (``ctl``); the defaults
    are what a mode that does not say otherwise does.

    Attributes:
        rule_id: the id of the rule set whose mode this is ("" for the shared placing mode).
        card_action: the fighter card's button that makes this the active mode, as (its label, the title that
            says what the mode does), shown where the battlefield has more than one mode; None: none.
    """

    rule_id = ""
    card_action: tuple[str, str] | None = None

    def help(self, ctl: Controller) -> str:
        """The panel's hint when nothing is selected: what to do on this battlefield."""
        raise NotImplementedError

    def clear(self) -> None:
        """Its state back to nothing selected."""

    def on_select(self, ctl: Controller, fighter_id: str) -> str:
        """A fighter was just selected (``ctl.selected``): its state for that fighter; returns the status line."""
        raise NotImplementedError

    def click_fighter(self, ctl: Controller, fighter_id: str) -> Update | None:
        """A click on another fighter while one is selected.  None: the shared default (select it instead)."""
        return None

    def click_section(self, ctl: Controller, section_id: str, at: float | Fraction | None) -> Update:
        """A click on a section (``at``: where on it, scenario units; None: from the keyboard)."""
        raise NotImplementedError

    def enter_section(self, ctl: Controller, section_id: str) -> Update:
        """Enter on a section; by default what a click on it does."""
        return self.click_section(ctl, section_id, None)

    def keyboard_targets(self, ctl: Controller) -> tuple[list[str], list[str]]:
        """With a fighter selected: the section ids and the fighter ids the arrow keys step through besides it."""
        return [], []

    def keyboard_key(self) -> object:
        """What besides the positions and the selection changes :meth:`keyboard_targets` (a Move entry chosen)."""
        return None

    def focus_moved(self, ctl: Controller) -> None:
        """The arrow keys moved the side view's focus: a point the keys judged (Shift+←/→) is no longer what Enter
        confirms, so that Enter on where the focus is now means what it says there."""

    def judged_at(self, ctl: Controller, element_id: str) -> bool:
        """Whether the verdict on show was asked of this side-view element (``section-<id>``, ``fighter-<id>``)."""
        return ctl.target is not None and element_id == f"fighter-{ctl.target}"

    def panel_parts(self, ctl: Controller) -> list[ET.Element]:
        """The side panel: its verdicts first, then the selected fighter's card and what follows it."""
        return []

    def highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        """What the overlay marks, from the shared ``hl`` (the selection)."""
        return hl

    def panel_action(self, ctl: Controller, action: str, arg: str | None) -> Update | None:
        """A panel button (``data-action``, ``data-arg``) of this mode; None: not one of its own."""
        return None

    def verdict_on_target(self) -> bool:
        """Whether a verdict against ``ctl.target`` is on show (the S key then selects that fighter instead)."""
        return False

    def along(self, ctl: Controller, direction: int) -> Update | None:
        """Shift+← (``direction`` −1) / Shift+→ (+1): move the selected fighter half a unit along its section;
        None: this mode does not (the page then leaves the key alone)."""
        return None

    def takes_key(self, ctl: Controller, key: str, shift: bool) -> bool:
        """Whether :meth:`key` acts on this key (``KeyboardEvent.key``) now, so the page leaves it alone.  By
        default S, while a verdict against another fighter is on show, and Shift+←/→ with a fighter selected in a
        mode that moves it along its section (:meth:`along`)."""
        if shift and key in ("ArrowLeft", "ArrowRight"):
            return ctl.selected is not None and type(self).along is not Mode.along
        return key in ("s", "S") and ctl.target is not None and self.verdict_on_target()

    def key(self, ctl: Controller, key: str, shift: bool) -> Update:
        """A key this mode takes (:meth:`takes_key`): Shift+←/→ (:meth:`along`), or S: select the targeted
        fighter instead."""
        if key in ("ArrowLeft", "ArrowRight"):
            up = self.along(ctl, 1 if key == "ArrowRight" else -1)
            assert up is not None  # takes_key took it only where along answers
            return up
        return ctl.select_instead()
