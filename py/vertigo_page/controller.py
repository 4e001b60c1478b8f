"""What the page shows after each user action — pure Python, no DOM.

The page layer (``py/app.py``) turns an event into one call here and writes
the returned :class:`Update` into the document.  This module holds the
selection and the log and drawing the page shows; what a click means is the
active mode's answer (:mod:`vertigo_page.mode`, one per rule set of the
battlefield, :mod:`vertigo_page.modes`), the rules live in the core and the
drawing in :mod:`vertigo_view`.  Runs the same under CPython (tests) and in
Pyodide.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property

from vertigo import scenario as scenario_mod
from vertigo import storage
from vertigo.errors import RulesError, ScenarioError
from vertigo.limits import MAX_DOCUMENT_CHARS, MAX_LOG
from vertigo.numbers import count
from vertigo.storage import TableEncoder
from vertigo.table import Table
from vertigo.text import isolate, shown_name
from vertigo_view import panels
from vertigo_view.side_view import Highlights, OverlayParts, fighter_groups, overlay_parts, render, render_fighters

from . import modes
from .keyboard import Keyboard
from .mode import Mode

__all__ = ["Update", "StaleUpdate", "Controller"]


MAX_IMPORT_BYTES = 4 * MAX_DOCUMENT_CHARS
"""The largest file Import reads (bytes): a scenario is at most MAX_DOCUMENT_CHARS characters, and UTF-8 takes at
most 4 bytes for one. A larger file is refused unread (:meth:`Controller.import_too_large`)."""


@dataclass(frozen=True)
class Update:
    """What to write into the page.

    Attributes:
        svg: the whole side view, when the battlefield changed.
        overlay: only the overlay group, when just the highlights changed.
        marks: only the overlay's marks layer (``#overlay-marks``), when its base layer (bands, badges,
            place targets) is what the page already shows; then ``overlay`` is None.
        panel_source: HTML of the side panel, or a function that writes it on first read of :attr:`panel`.
        status: one line for the live status region.
        log_items: HTML ``<li>`` to append to the log.
        log_reset: clear the log before appending.
        fighters: the fighters group, when a fighter moved (with ``overlay``) and the fighters are drawn in
            another order than the page shows them.
        fighter_groups: when a fighter moved and the fighters are drawn in the order the page shows them: only
            the fighters' groups (``g.fighter``, ``id="fighter-<id>"``) whose drawing changed, as ``(fighter id,
            SVG text)``; then ``fighters`` is None.
        log_keep: the most log lines the page keeps; older ones give way.
        error: a message to show in the error box (None clears it).
        save: whether the table changed and should be stored.
        focus: id of the element to focus after the redraw, if any.
    """

    svg: str | None
    overlay: str | None
    panel_source: str | Callable[[], str] = field(repr=False)
    status: str
    log_items: tuple[str, ...] = ()
    log_reset: bool = False
    error: str | None = None
    save: bool = False
    focus: str | None = None
    fighters: str | None = None
    log_keep: int = MAX_LOG
    marks: str | None = None
    fighter_groups: tuple[tuple[str, str], ...] | None = None

    @cached_property
    def panel(self) -> str:
        """HTML of the side panel (str).  The controller writes it on first read, so a click's view can be drawn
        before its panel (a levels verdict's panel is most of the click's Python): read it before the next call
        on the controller that made this update, else :class:`StaleUpdate` is raised."""
        return self.panel_source() if callable(self.panel_source) else self.panel_source


class StaleUpdate(RuntimeError):
    """An update's panel was read after its controller had moved on to another update: that panel is gone."""


REPLACED_KEPT = 20
"""Battlefields replaced by a load or import that undo can still bring back."""


def without_seed(text: str, seed: int) -> str:
    """``text`` with the table's dice seed hidden where the table writes it: ``"dice seed 11"`` (a Load's or an
    Import's log line) becomes ``"dice seed hidden"``, ``"(seed 11, roll #2)"`` (a roll's line, H8) becomes
    ``"(seed hidden, roll #2)"``; any other number is left as it is (``"dice seed 112"`` is not seed 11)."""
    n = re.escape(str(seed))
    return re.sub(rf"\(seed {n}, ", "(seed hidden, ", re.sub(rf"\bdice seed {n}(?!\d)", "dice seed hidden", text))


SEED_HIDDEN = ("Dice seed hidden in the log, the panel and the status line. Export still carries it (the "
               "battlefield's file keeps the seed and the rolls made).")
"""The status line when the Hide dice seed switch is turned on (issue 22)."""


def help_line(table: Table) -> str:
    """What to do on this battlefield (its first mode's hint): move by the rules, or place by hand and judge
    across levels."""
    ctl = Controller(table)
    return ctl.mode.help(ctl)


class Controller:
    """The page's state between events: the table, what is selected, and the battlefield's modes."""

    def __init__(self, table: Table, *, seed_hidden: bool = False) -> None:
        self.table = table
        self.seed_hidden = seed_hidden
        """Whether the log, the panel and the status line hide the dice seed (the Hide dice seed switch)."""
        self._relog = False
        """Whether the next update writes the whole log again (the seed was hidden or shown)."""
        self._updates = 0
        """Updates made so far: an update's panel is written on first read, only while this is still its count."""
        self.selected: str | None = None
        self.target: str | None = None
        """The fighter the verdict on show was asked against (an enemy shot at, the other fighter of a levels
        verdict), or None."""
        self.replaced: list[Table] = []
        self.logged = 0
        self.encoder = TableEncoder()
        self.keys = Keyboard(self)
        self._modes: tuple[object, tuple[Mode, ...]] | None = None
        self._active = ""
        """The rule-set id of the mode chosen on the fighter card ("": the battlefield's first)."""
        self._drawn: OverlayParts | None = None
        """The overlay as the page last drew it (None: nothing drawn yet, draw the whole overlay)."""
        self._groups: tuple[tuple[str, str], ...] | None = None
        """The fighters' groups as the page last drew them (None: draw the whole fighters group)."""

    # -- the modes -------------------------------------------------------
    @property
    def modes(self) -> tuple[Mode, ...]:
        """The battlefield's modes, in its rule-set order (new ones, with no state, for a new battlefield)."""
        sc = self.table.scenario
        if self._modes is None or self._modes[0] is not sc:
            self._modes = (sc, modes.modes_for(sc))
            self._active = ""
        return self._modes[1]

    @property
    def mode(self) -> Mode:
        """The active mode: the one chosen on the fighter card, else the battlefield's first."""
        found = self.modes
        return next((m for m in found if m.rule_id == self._active), found[0])

    def card_actions(self) -> list[ET.Element]:
        """The fighter card's buttons that switch the mode (``data-action="mode"``, ``data-arg``: its rule-set
        id), one per mode that offers one, where the battlefield has more than one mode; else none."""
        offered = [m for m in self.modes if m.card_action is not None]
        if len(self.modes) < 2 or not offered:
            return []
        row = panels.el(None, "div", class_="buttons modes", role="group", aria_label="Modes",
                        data_testid="modes")
        active = self.mode
        for m in offered:
            assert m.card_action is not None
            label, title = m.card_action
            panels.button(row, label, "mode", m.rule_id, title=title, aria_pressed=str(m is active).lower())
        return [row]

    def choose_mode(self, rule_id: str) -> Update:
        """A card action: make that rule set's mode the active one; the selected fighter stays selected."""
        chosen = next((m for m in self.modes if m.rule_id == rule_id), None)
        if chosen is None:
            return self.update("No such mode on this battlefield.")
        fid = self.selected
        self._clear()
        self._active = rule_id
        if fid is None:
            return self.update(f"{chosen.card_action[0] if chosen.card_action else rule_id}.")
        self.selected = fid
        return self.update(chosen.on_select(self, fid))

    # -- helpers ---------------------------------------------------------
    def _clear(self) -> None:
        self.selected = self.target = None
        for m in self.modes:
            m.clear()

    def _highlights(self) -> Highlights:
        return self.mode.highlights(self, Highlights(selected=self.selected))

    def _later_panel(self) -> Callable[[], str]:
        """The side panel of the update being made, written when first read and only while this controller is
        still at that update (every update counts one more)."""
        self._updates += 1
        at = self._updates

        def panel() -> str:
            if self._updates != at:
                raise StaleUpdate("this update's panel was read after a later update: read it before the next call")
            return self._panel()

        return panel

    def _panel(self) -> str:
        parts = [panels.to_html(p) for p in self.mode.panel_parts(self)]
        if not parts:
            parts.append(f'<p class="hint">{html.escape(self.mode.help(self))}</p>')
        # The Rules glossary the tags link to is not here: the page writes it once, under the panel.
        return self._shown("".join(parts))

    def _shown(self, text: str) -> str:
        """``text`` as the page shows it: without the dice seed while the switch hides it (:func:`without_seed`)."""
        return without_seed(text, self.table.scenario.dice_seed) if self.seed_hidden else text

    def seed_line(self) -> str:
        """The bar's dice line: ``"dice seed 11 · 1 roll"``, or with the seed hidden ``"dice seed hidden (Export
        still carries it) · 1 roll"`` (H8: the rolls replay from the seed and the roll number)."""
        seed = "hidden (Export still carries it)" if self.seed_hidden else str(self.table.scenario.dice_seed)
        return f"dice seed {seed} · {count(self.table.rolls, 'roll')}"

    def hide_seed(self, hidden: bool) -> Update:
        """The Hide dice seed switch: the log (written again whole), the panel and the status line show the
        table's dice seed or not.  Export still carries it, and the rolls still replay from it (H8)."""
        self.seed_hidden = hidden
        self._relog = True
        seed = self.table.scenario.dice_seed
        return self.update(SEED_HIDDEN if hidden else f"Dice seed shown again: {seed}.")

    def _new_log(self) -> tuple[tuple[str, ...], bool]:
        """The log lines the page has not shown yet (by entry number), and whether to clear it first."""
        log = self.table.log
        reset = self.logged > self.table.logged or self._relog
        self._relog = False
        shown = 0 if reset else self.logged
        new = [e for e in log if e.number > shown]
        if self.seed_hidden:
            new = [replace(e, text=self._shown(e.text), details=tuple(self._shown(d) for d in e.details))
                   for e in new]
        items = tuple(panels.to_html(li) for li in panels.log_items(new))
        self.logged = self.table.logged
        return items, reset

    def update(self, status: str, *, moved: bool = False, save: bool = False, error: str | None = None,
               focus: str | None = None) -> Update:
        """What the page writes after an event: the overlay (or only its marks), the fighters that moved, the
        panel (written on first read), the new log lines, and ``status`` in the status line."""
        hl = self._highlights()
        items, reset = self._new_log()
        parts = overlay_parts(self.table, hl)
        same_base = self._drawn is not None and parts.base == self._drawn.base
        self._drawn = parts
        fighters, changed = None, None
        if moved:
            groups, old = fighter_groups(self.table), self._groups
            if old is not None and [fid for fid, _ in old] == [fid for fid, _ in groups]:
                changed = tuple(g for g, was in zip(groups, old, strict=True) if g[1] != was[1])
            else:
                fighters = render_fighters(self.table)
            self._groups = groups
        return Update(
            svg=None,
            overlay=None if same_base else parts.text(),
            marks=parts.marks_text() if same_base else None,
            panel_source=self._later_panel(),
            status=self._shown(status),
            log_items=items,
            log_reset=reset,
            error=error,
            save=save,
            focus=focus,
            fighters=fighters,
            fighter_groups=changed,
        )

    def drawn_overlay(self) -> str:
        """The ``<g id="overlay">`` group as the page shows it after the last update (both layers), or ""."""
        return self._drawn.text() if self._drawn is not None else ""

    # -- keyboard --------------------------------------------------------
    def keyboard_order(self) -> tuple[str, ...]:
        """The side-view element ids the arrow keys step through, left to right (:meth:`Keyboard.order`)."""
        return self.keys.order()

    def arrow(self, current: str | None, key: str) -> str | None:
        """Where an arrow key (or Home / End) takes the focus from ``current`` (:meth:`Keyboard.arrow`); the active
        mode hears that the focus moved (:meth:`Mode.focus_moved`)."""
        to = self.keys.arrow(current, key)
        if to is not None and to != current:
            self.mode.focus_moved(self)
        return to

    def tab_stops(self, focused: str | None, last: str | None) -> tuple[str, ...]:
        """The side view's Tab stops (:meth:`Keyboard.tab_stops`)."""
        return self.keys.tab_stops(focused, last)

    def takes_key(self, key: str, shift: bool) -> bool:
        """Whether the active mode acts on this key now (S, Shift+←/→ …; ``key`` as ``KeyboardEvent.key``)."""
        return self.mode.takes_key(self, key, shift)

    def key(self, key: str, shift: bool) -> Update:
        """A key the active mode takes (:meth:`takes_key`)."""
        if not self.mode.takes_key(self, key, shift):
            return self.update("That key does nothing here.")
        return self.mode.key(self, key, shift)

    def enter_section(self, section_id: str) -> Update:
        """Enter on a section: what the active mode does (under the Height rules: judge the move there, or
        carry out the move just judged there)."""
        return self.mode.enter_section(self, section_id)

    def select_instead(self) -> Update:
        """The S key: select the fighter whose verdict is shown (the fighter just targeted) instead."""
        if self.target is None or not self.mode.verdict_on_target():
            return self.update("No targeted fighter to select instead.")
        return self.select(self.target)

    # -- events ----------------------------------------------------------
    def show(self) -> Update:
        """Draw everything from scratch (start-up, after a load)."""
        self.logged = 0
        items, _ = self._new_log()
        hl = self._highlights()
        self._drawn = overlay_parts(self.table, hl)
        self._groups = fighter_groups(self.table)
        self._updates += 1  # a panel not yet read from an earlier update is gone
        # The instructions are in the panel's hint; the status line only says the battlefield is ready.
        return Update(render(self.table, hl), None, self._panel(),
                      self._shown(f"{isolate(self.table.scenario.title)}: ready."), items, True)

    def click_fighter(self, fighter_id: str) -> Update:
        """A fighter was clicked: select it, deselect it, or what the active mode makes of it (target it); a
        click that selects it in place of the selected fighter says that the selection changed."""
        f = self.table.scenario.fighter(fighter_id)
        if self.selected == fighter_id:
            self._clear()
            return self.update(f"{isolate(f.name)} deselected.")
        changed = ""
        if self.selected is not None:
            up = self.mode.click_fighter(self, fighter_id)
            if up is not None:
                return up
            # Not a target here (under the Height rules, a fighter of the same side): the click selects it
            # instead, and the status line says so before anything else (issue 22).
            changed = (f"Selection changed from {isolate(self.table.name(self.selected))} to {isolate(f.name)}. ")
        self._clear()
        self.selected = fighter_id
        return self.update(changed + self.mode.on_select(self, fighter_id))

    def select(self, fighter_id: str) -> Update:
        """Select a fighter outright (even one of another side than the selected one)."""
        self._clear()
        return self.click_fighter(fighter_id)

    def click_section(self, section_id: str, at: float | Fraction | None = None) -> Update:
        """A section was clicked: what the active mode does (judge the selected fighter's move there, or place
        it there).

        Args:
            section_id: the section.
            at: where on it the click fell, in the scenario's unit (None: from the keyboard).
        """
        return self.mode.click_section(self, section_id, at)

    def panel_action(self, action: str, arg: str | None = None) -> Update:
        """A button of the side panel (``data-action``, ``data-arg``): select another fighter, switch the mode,
        or the active mode's own (Confirm, a DM override …)."""
        if action == "select" and arg is not None:
            return self.select(arg)
        if action == "mode" and arg is not None:
            return self.choose_mode(arg)
        up = self.mode.panel_action(self, action, arg)
        return up if up is not None else self.update("That button does nothing here.")

    def escape(self) -> Update:
        """Clear the selection and any verdict."""
        self._clear()
        return self.update("Selection cleared.")

    def undo(self) -> Update:
        """Undo the last move, or the last scenario load."""
        if self.table.can_undo:
            self._clear()
            self.table = self.table.undo(asked={"ask": "undo"})
            return self.update(self.table.log[-1].text, moved=True, save=True)
        if self.replaced:
            self.table = self.replaced.pop()
            title = self.table.scenario.title
            self._clear()
            up = self.show()
            return replace(up, status=f"Back to “{isolate(title)}”.", save=True)
        return self.update("Nothing to undo.")

    def load(self, table: Table, how: str) -> Update:
        """Put a new table in play; the old one can be brought back with undo."""
        self.replaced = [*self.replaced, self.table][-REPLACED_KEPT:]
        self.table = table
        self._clear()
        up = self.show()
        return replace(up, status=f"{how} “{isolate(table.scenario.title)}”. Undo brings back the previous "
                                  "battlefield.", save=True)

    def play_back(self, table: Table, status: str) -> Update:
        """A replay's step (issue 27): the table as that step left it, drawn anew; Undo then takes back the step's
        action as it takes back any other."""
        self.table = table
        self._clear()
        return replace(self.show(), status=status, save=True)

    def import_too_large(self, filename: str, size: int) -> Update:
        """Refuse a file of ``size`` bytes that cannot hold a scenario (over :data:`MAX_IMPORT_BYTES`) before the
        page reads it: reading tens of megabytes into Python held the tab for seconds. The battlefield is kept."""
        name = shown_name(filename)
        msg = (f"{name} was not loaded; the current battlefield is unchanged.\n"
               f"document: {size} bytes; at most {MAX_IMPORT_BYTES} are allowed (a scenario is at most "
               f"{MAX_DOCUMENT_CHARS} characters of at most 4 bytes each)")
        return self.update(f"{name} was not loaded.", error=msg)

    def import_text(self, text: str, filename: str) -> Update:
        """Import a scenario file; on any problem keep the current battlefield and say why."""
        try:
            scenario = scenario_mod.loads(text)
        except ScenarioError as e:
            return self.import_refused(filename, e)
        return self.load(Table.start(scenario, "Imported"), "Imported")

    def import_refused(self, filename: str, error: ScenarioError) -> Update:
        """A file that is no valid scenario (``error``: every problem found, with its path): the battlefield is
        kept and the error box says why (the page's import in steps, ``py/app_dom.py``, reads and checks the
        file itself, then calls this or :meth:`load`)."""
        name = shown_name(filename)
        msg = f"{name} was not loaded; the current battlefield is unchanged.\n" + "\n".join(error.problems)
        return self.update(f"{name} was not loaded.", error=msg)

    def export_text(self) -> str:
        """The scenario with every fighter where it stands now — its section and, where it was placed, its
        place on that section, or its height up a ladder (:attr:`vertigo.table.Table.stands`) — and the rolls
        made so far (``dice_rolls``: an import rolls on from there, H8), as format-version-2 JSON text
        (:func:`vertigo.scenario.dumps`)."""
        t = self.table
        return scenario_mod.dumps(t.scenario, dict(t.stands), rolls=t.rolls, states=t.export_states())

    def export_name(self) -> str:
        """The file name Export offers: the battlefield's title, kept to letters, digits, ``-`` and ``_``.

        Everything else (spaces, punctuation, anything a name could use to fake an extension or a path)
        becomes ``-``; at most 60 characters; ``vertigo-scenario.json`` when nothing is left.
        """
        kept = "".join(c if (c.isalnum() and c.isprintable()) or c in "-_" else "-" for c in self.table.scenario.title)
        stem = "-".join(part for part in kept.split("-") if part)[:60].strip("-")
        return f"{stem or 'vertigo-scenario'}.json"

    def saved(self) -> str:
        """The table as text for browser storage, within :data:`vertigo.limits.TABLE_BUDGET`."""
        return self.encoder.encode(self.table)

    @staticmethod
    def restore(text: str) -> Table:
        """A table from browser storage (:func:`vertigo.storage.restore`).

        Raises:
            ScenarioError: the stored text is not a valid saved table.
        """
        return storage.restore(text)

    def error(self, e: RulesError) -> Update:
        """Any rules error from an event: shown; the selection is cleared, the table kept."""
        self._clear()
        return self.update(str(e), error=str(e))
