"""What the page shows after each user action — pure Python, no DOM.

The page layer (``py/app.py``) turns an event into one call here and writes
the returned :class:`Update` into the document.  This module holds the
selection and the verdict being looked at; the rules live in the core and the
drawing in :mod:`vertigo_view`.  Runs the same under CPython (tests) and in
Pyodide.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property

from vertigo import lengths, storage
from vertigo import scenario as scenario_mod
from vertigo.battlefield import Section
from vertigo.dice import DiceRoll
from vertigo.errors import RulesError, ScenarioError
from vertigo.limits import MAX_DOCUMENT_CHARS, MAX_LOG
from vertigo.numbers import count, fmt
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.fields import MOVES
from vertigo.rules.height.rules.movement import MoveVerdict, Reach
from vertigo.rules.height.rules.options import Options, judge_options
from vertigo.rules.height.rules.ranged import ShotVerdict
from vertigo.rules.levels.rules import play as levels_play
from vertigo.rules.levels.rules.levels import LevelsVerdict
from vertigo.scenario import Scenario
from vertigo.storage import TableEncoder
from vertigo.table import Table
from vertigo.text import isolate, shown_name
from vertigo_view import panels
from vertigo_view.side_view import Highlights, OverlayParts, fighter_groups, overlay_parts, render, render_fighters

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

_HELP = ("Select a fighter (click or Enter), choose a Move entry, then click a section to see the verdict; "
         "click an enemy to check each action. Escape clears, Ctrl+Z undoes.")
_HELP_LEVELS = ("Select a fighter (click or Enter), then click another fighter to see melee across levels, both "
                "ways. No Move entries here: click a section (or Enter on it) to place the selected fighter there, "
                "Shift+←/→ nudges it ½ ft. Escape clears, Ctrl+Z undoes.")
_HELP_PLACING = ("Select a fighter (click or Enter); no rule set here judges attacks or moves. Click a section (or "
                 "Enter on it) to place the selected fighter there, Shift+←/→ nudges it ½ ft. Escape clears, "
                 "Ctrl+Z undoes.")

OPTIONS_AUTO_WORK = 4000
"""Largest Move entries × (sections + borders) for which selecting a fighter compares every entry at once
(:func:`vertigo.options.judge_options`: one search per entry).  Past it — many long entries on a large
battlefield, where the searches would hold the page for a noticeable time — the panel offers a button
instead.  Every bundled battlefield stays far below it (Ruined street: at most 2 × 60)."""

NUDGE = Fraction(1, 2)
"""How far Shift+←/→ moves a placed fighter, and the grid a click places it on, in the scenario's unit."""


def help_line(table: Table) -> str:
    """What to do on this battlefield: move by the rules, or place by hand and judge across levels."""
    sc = table.scenario
    if sc.has_movement:
        return _HELP
    return _HELP_LEVELS if "levels" in sc.rules else _HELP_PLACING


def _repeat(before: Table, after: Table) -> str:
    """The status line's note when a check repeated the newest log line and so wrote nothing (else "")."""
    return " The same as the last line of the log: not logged again." if after is before else ""


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


class Controller:
    """The page's state between events: the table and what is selected."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._updates = 0
        """Updates made so far: an update's panel is written on first read, only while this is still its count."""
        self.selected: str | None = None
        self.entry: int | None = None
        self.pending: MoveVerdict | None = None
        self.pending_done = False
        self.roll: DiceRoll | None = None
        self.target: str | None = None
        self.shots: tuple[ShotVerdict, ...] | None = None
        self.levels: LevelsVerdict | None = None
        self.strange = False
        self.replaced: list[Table] = []
        self.logged = 0
        self.encoder = TableEncoder()
        self._reach_key: tuple[object, str, int] | None = None
        self._reach: Reach | None = None
        self._options_key: tuple[object, str] | None = None
        self._options: Options | None = None
        self._order_of: tuple[object, dict[str, tuple[Fraction, int, int]]] | None = None
        self._order_memo: tuple[object, tuple[object, ...], tuple[str, ...]] | None = None
        self.compare_all = False
        self._drawn: OverlayParts | None = None
        """The overlay as the page last drew it (None: nothing drawn yet, draw the whole overlay)."""
        self._groups: tuple[tuple[str, str], ...] | None = None
        """The fighters' groups as the page last drew them (None: draw the whole fighters group)."""

    # -- helpers ---------------------------------------------------------
    def _clear(self) -> None:
        self.selected = self.entry = self.pending = self.roll = self.target = self.shots = self.levels = None
        self.pending_done = False
        self.strange = False
        self.compare_all = False

    def _highlights(self) -> Highlights:
        hl = Highlights(selected=self.selected)
        if self.selected is not None and self.entry is not None:
            # After Confirm the entry stays chosen and a section click judges the next move from where the
            # fighter now stands, so the view shows what that entry reaches from there (agrees with the card).
            hl = replace(hl, reachable=self._reached().dice)
        if self.pending is not None and not self.pending_done:
            hl = replace(hl, destination=self.pending.dest, destination_ok=self.pending.final,
                         route=self.pending.route.path if self.pending.route else ())
        if self.target is not None and self.shots is not None:
            # Only a line a verdict judged is drawn: a blocker no explanation names is not (H6, range 0).
            line = next((v.judged_line for v in self.shots if v.judged_line is not None), None)
            ok = any(v.final for v in self.shots)
            hl = replace(hl, target=self.target, shot_ok=ok, blocked_by=line.blocked_by if line else None,
                         shot_path=line.path if line else (), shot_overridden=ok != any(v.allowed for v in self.shots))
        if self.levels is not None:
            a, b = self.levels.fighters
            hl = replace(hl, levels=(a.id, b.id),
                         levels_effective=self.levels.effective_ft if self.levels.strange_position else None)
        if self.selected is not None and not self.table.scenario.has_movement:
            hl = replace(hl, placing=True)
        return hl

    def _reached(self) -> Reach:
        """What the chosen entry reaches (fewest dice, routes); computed once per position and choice."""
        assert self.selected is not None and self.entry is not None
        # Reach depends on where the fighters stand: the positions tuple changes only with a move, undo or load.
        key = (self.table.positions, self.selected, self.entry)
        if self._reach is None or self._reach_key is None or self._reach_key[0] is not key[0] \
                or self._reach_key[1:] != key[1:]:
            self._reach_key, self._reach = key, height_play.reach(self.table, self.selected, self.entry)
        return self._reach

    def _options_at_once(self) -> bool:
        """Whether the selected fighter's options are compared without a click (:data:`OPTIONS_AUTO_WORK`)."""
        assert self.selected is not None
        sc = self.table.scenario
        work = len(sc.fighter(self.selected)[MOVES]) * (len(sc.field.sections) + len(sc.field.borders))
        return self.compare_all or work <= OPTIONS_AUTO_WORK

    def options(self) -> Options | None:
        """Every Move entry's answer at every section one reaches, for the selected fighter (H2–H4); None when
        no fighter is selected, fighters do not move by the Height rules, or the comparison waits for a click
        (:meth:`compare_options`).  Computed once per position; the chosen entry's search is shared with the
        highlight."""
        if self.selected is None or "height" not in self.table.scenario.rules or not self._options_at_once():
            return None
        key = (self.table.positions, self.selected)
        if self._options is None or self._options_key is None or self._options_key[0] is not key[0] \
                or self._options_key[1] != key[1]:
            known = {} if self.entry is None else {self.entry: self._reached()}
            self._options_key, self._options = key, judge_options(self.table, self.selected, known)
        return self._options

    def compare_options(self) -> Update:
        """The button of a large battlefield: compare every Move entry of the selected fighter now (H2–H4)."""
        if self.selected is None or "height" not in self.table.scenario.rules:
            return self._update("Select a fighter first.")
        self.compare_all = True
        o = self.options()
        assert o is not None
        return self._update(o.summary)

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
        # The verdict comes first, the selected fighter's card after it: Confirm is the first thing Tab reaches
        # from the battlefield, and on a small screen the answer to the last click is at the top.
        parts: list[str] = []
        if self.pending is not None:
            parts.append(panels.to_html(panels.move_verdict(self.table, self.pending, self.roll, self.pending_done)))
        if self.shots is not None and self.target is not None:
            parts.append(panels.to_html(panels.shot_verdicts(self.table, self.target, self.shots)))
        if self.levels is not None:
            parts.append(panels.to_html(panels.levels_verdict(self.table, self.levels)))
        if self.selected is not None:
            f = self.table.scenario.fighter(self.selected)
            reaches = None
            if self.entry is not None and self.table.scenario.has_movement:
                here = self.table.position(f.id)
                reaches = sum(1 for sid in self._reached().dice if sid != here)
            parts.append(panels.to_html(panels.fighter_card(self.table, f, self.entry, reaches)))
        options = self.options()
        if options is not None:
            parts.append(panels.to_html(panels.options_table(self.table, options)))
        elif self.selected is not None and "height" in self.table.scenario.rules:
            parts.append(panels.to_html(panels.options_offer(self.table.scenario.fighter(self.selected))))
        if not parts:
            parts.append(f'<p class="hint">{html.escape(help_line(self.table))}</p>')
        # The Rules glossary the tags link to is not here: the page writes it once, under the panel.
        return "".join(parts)

    def _new_log(self) -> tuple[tuple[str, ...], bool]:
        """The log lines the page has not shown yet (by entry number), and whether to clear it first."""
        log = self.table.log
        reset = self.logged > self.table.logged
        shown = 0 if reset else self.logged
        new = [e for e in log if e.number > shown]
        items = tuple(panels.to_html(li) for li in panels.log_items(new))
        self.logged = self.table.logged
        return items, reset

    def _update(self, status: str, *, moved: bool = False, save: bool = False, error: str | None = None,
                focus: str | None = None) -> Update:
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
            status=status,
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
    def _x(self, element_id: str) -> tuple[Fraction, int, int]:
        """Where a side-view element stands, left to right: (x in the scenario's unit, 0 for a section or 1 for a
        fighter, its place among equals) — a fighter with no place of its own is drawn spread along its section
        like the renderer's tokens."""
        kind, _, ident = element_id.partition("-")
        if kind == "section":
            return self._section_keys()[ident]
        sid = self.table.position(ident)
        x = self.table.offset(ident)
        on = self.table.fighters_on(sid)
        i = on.index(ident)
        if x is None:
            s = self.table.scenario.field.section(sid)
            x = s.x0 + (s.x1 - s.x0) * Fraction(i + 1, len(on) + 1)
        return x, 1, i

    def keyboard_order(self) -> tuple[str, ...]:
        """The side-view element ids the arrow keys step through, left to right.

        No fighter selected: every fighter (``fighter-<id>``).  A fighter selected: that fighter and what it can
        act on — the sections its chosen Move entry reaches (``section-<id>``, its own excluded) and the enemies
        (another side); where fighters are placed by hand, every section and every other fighter (levels) or
        every section (placing only).  A battlefield with no fighter gives its sections.
        """
        sc = self.table.scenario
        # Asked on every click (the Tab stops) and every arrow key; it changes only with the battlefield, a
        # move or placing (new positions or offsets), the selection or the Move entry.
        key = (self.table.positions, self.table.offsets, self.selected, self.entry)
        if self._order_memo is not None and self._order_memo[0] is sc and self._order_memo[1] == key:
            return self._order_memo[2]
        order = self._keyboard_order(sc)
        self._order_memo = (sc, key, order)
        return order

    def _keyboard_order(self, sc: Scenario) -> tuple[str, ...]:
        fighters = [f.id for f in sc.fighters]
        ids: list[str]
        if self.selected is None:
            ids = [f"fighter-{f}" for f in fighters] or [f"section-{s.id}" for s in sc.field.sections]
        else:
            me = sc.fighter(self.selected)
            if sc.has_movement:
                here = self.table.position(me.id)
                sections = [s for s in self._reached().dice if s != here] if self.entry is not None else []
                others = [f.id for f in sc.fighters if f.side != me.side]
            else:
                sections = [s.id for s in sc.field.sections]
                others = [f for f in fighters if f != me.id] if "levels" in sc.rules else []
            ids = [f"fighter-{me.id}", *(f"section-{s}" for s in sections), *(f"fighter-{f}" for f in others)]

        def key(element_id: str) -> tuple[float, Fraction, int, int]:
            # The float orders all but exact ties at the cost of a float's compare (rounding keeps the order of
            # unequal values or makes them equal, never swaps them); the Fraction settles those.
            x, kind, i = self._x(element_id)
            return float(x), x, kind, i
        return tuple(sorted(ids, key=key))

    def _section_keys(self) -> dict[str, tuple[Fraction, int, int]]:
        """Each section's :meth:`_x` (its centre, 0, its place in the document), worked out once per scenario
        (found by identity): the keyboard sorts hundreds of sections per click."""
        sc = self.table.scenario
        if self._order_of is None or self._order_of[0] is not sc:
            self._order_of = (sc, {s.id: (s.centre, 0, i) for i, s in enumerate(sc.field.sections)})
        return self._order_of[1]

    def arrow(self, current: str | None, key: str) -> str | None:
        """Where an arrow key (or Home / End) takes the focus in the side view from ``current`` (an element id;
        None or unknown: from the start); None when there is nowhere to go.  → goes right and ← left, stopping
        at the ends (no wrap); ↓ and ↑ do the same, except that with no fighter selected they go to the next
        (previous) fighter of the focused fighter's side — the next one of the side whose turn it is."""
        order = self.keyboard_order()
        if not order:
            return None
        sc = self.table.scenario
        if (self.selected is None and key in ("ArrowDown", "ArrowUp") and current in order
                and current.startswith("fighter-")):
            side = sc.fighter(current.partition("-")[2]).side
            order = tuple(e for e in order if e.startswith("fighter-") and sc.fighter(e.partition("-")[2]).side == side)
        if key == "Home":
            return order[0]
        if key == "End":
            return order[-1]
        forward = key in ("ArrowRight", "ArrowDown")
        if current in order:
            i = order.index(current) + (1 if forward else -1)
            return order[i] if 0 <= i < len(order) else current
        try:
            at = self._x(current) if current else None
        except (RulesError, ValueError, KeyError):
            at = None
        if at is None:
            return order[0] if forward else order[-1]
        after = [e for e in order if self._x(e) > at]
        before = [e for e in order if self._x(e) < at]
        if forward:
            return after[0] if after else order[-1]
        return before[-1] if before else order[0]

    def tab_stops(self, focused: str | None, last: str | None) -> tuple[str, ...]:
        """The side view's Tab stops (tabindex 0; every other element -1): a roving tabindex.

        Args:
            focused: the side-view element that has the focus (None: the focus is elsewhere).
            last: the side-view element that had it last.

        The stop is the focused element, else the last one if the arrow keys can still reach it, else the
        selected fighter, else the first element left to right.  With a fighter selected:

        - while the fighter has the focus, its nearest destination (the next one to its right, else to its
          left) is a stop too, so one key — → or Shift+Tab — reaches it;
        - while the stop is one of its destinations or enemies not yet judged, the fighter stays a stop too
          (Tab comes back to it); once judged there, it is not, so Tab goes on to the verdict's Confirm.
        """
        order = self.keyboard_order()
        if focused is not None:
            current = focused
        elif last in order:
            current = last
        elif self.selected is not None:
            current = f"fighter-{self.selected}"
        else:
            current = order[0] if order else ""
        stops = [current] if current else []
        me = f"fighter-{self.selected}" if self.selected is not None else None
        if me is not None and current == me and focused == me and me in order and len(order) > 1:
            i = order.index(me)
            stops.append(order[i + 1] if i + 1 < len(order) else order[i - 1])
        elif me is not None and current != me and not self._judged_at(current):
            stops.append(me)
        return tuple(stops)

    def _judged_at(self, element_id: str) -> bool:
        """Whether the verdict on show was asked of this side-view element (a move there, actions against it)."""
        if self.pending is not None and not self.pending_done and element_id == f"section-{self.pending.dest}":
            return True
        return self.target is not None and element_id == f"fighter-{self.target}"

    def enter_section(self, section_id: str) -> Update:
        """Enter on a section: judge the move there (as a click does) — or, when that very move was just judged
        allowed, carry it out (Enter twice = judge, then Confirm)."""
        p = self.pending
        if (p is not None and not self.pending_done and p.final and p.dest == section_id and p.dest != p.start
                and self.selected is not None):
            return self.confirm()
        up = self.click_section(section_id)
        p = self.pending
        if p is not None and not self.pending_done and p.final and p.dest == section_id and p.dest != p.start:
            up = replace(up, status=up.status.rstrip(".") + ". Enter again to confirm.")
        return up

    def select_instead(self) -> Update:
        """The S key: select the fighter whose verdict is shown (the enemy just targeted) instead."""
        if self.target is None or (self.shots is None and self.levels is None):
            return self._update("No targeted fighter to select instead.")
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
                      f"{isolate(self.table.scenario.title)}: ready.", items, True)

    def click_fighter(self, fighter_id: str) -> Update:
        """A fighter was clicked: select it, deselect it, or target it."""
        f = self.table.scenario.fighter(fighter_id)
        if self.selected == fighter_id:
            self._clear()
            return self._update(f"{isolate(f.name)} deselected.")
        sc = self.table.scenario
        if self.selected is not None and "levels" in sc.rules:
            return self._judge_levels(fighter_id)  # G1: any two fighters, friend or foe
        if self.selected is not None and f.side != sc.fighter(self.selected).side:
            return self._target(fighter_id)
        self._clear()
        self.selected = fighter_id
        where = sc.field.section(self.table.position(fighter_id)).name
        if not sc.has_movement:
            _, x = self.table.stand(fighter_id)
            at = (f"{isolate(f.name)} selected on {isolate(where)} {lengths.show(x, sc.units)} across, standing "
                  f"surface {lengths.show(self.table.surface(fighter_id), sc.units)}.")
            what = (" Click another fighter to judge melee across levels; click a section to place it there."
                    if "levels" in sc.rules else " Click a section to place it there.")
            return self._update(at + what)
        self.entry = 0 if f[MOVES] else None
        moves = ", ".join(str(m) for m in f[MOVES]) or "no Move entries"
        return self._update(f"{isolate(f.name)} selected on {isolate(where)}: {moves}.")

    def select(self, fighter_id: str) -> Update:
        """Select a fighter outright (even one of another side than the selected one)."""
        self._clear()
        return self.click_fighter(fighter_id)

    def _judge_levels(self, target_id: str) -> Update:
        """Melee between the selected fighter and another across their vertical difference, both ways (G1–G7)."""
        assert self.selected is not None
        self.pending = self.roll = self.shots = None
        self.pending_done = False
        self.target = target_id
        self.strange = False
        return self._levels_judged("levels judged")

    def _levels_judged(self, what: str) -> Update:
        """Judge the selected fighter and its target at the levels (with the strange position if chosen) and
        log it."""
        assert self.selected is not None and self.target is not None
        v = self.levels = levels_play.levels_verdict(self.table, self.selected, self.target,
                                                     strange_position=self.strange)
        me, it = isolate(self.table.name(self.selected)), isolate(self.table.name(self.target))
        # "combat possible" is the band's answer (G2); a side whose every melee weapon falls short (G4, G5) is
        # named, so the status line and the log do not read as a strike that cannot happen.
        short = "".join(f"; no weapon of {isolate(self.table.name(d.attacker))} reaches"
                        for d in v.directions if d.final and d.out_of_reach)
        before = self.table
        self.table = self.table.note_verdict(f"{me} ↔ {it}: {what} — {v.summary}{short}", (v, *v.directions))
        return self._update(f"{me} and {it}: {v.summary}{short}.{_repeat(before, self.table)}", save=True)

    def toggle_strange(self) -> Update:
        """The upper fighter lies down at the edge, or stands up again (G3): the verdict is judged again."""
        if self.levels is None or self.selected is None or self.target is None:
            return self._update("No levels verdict to change.")
        if self.levels.upper is None:
            return self._update("No upper fighter to lie down: the difference is 1 ft or less.")
        self.strange = not self.strange
        upper = isolate(self.table.name(self.levels.upper))
        return self._levels_judged(f"{upper} lies down at the edge" if self.strange
                                   else f"{upper} stands up again")

    def override_levels(self, attacker: str, allowed: bool) -> Update:
        """The DM overrides one direction of the levels verdict (H7); the log keeps both answers."""
        if self.levels is None:
            return self._update("No verdict to override.")
        self.levels = self.levels.overridden(attacker, allowed)
        d = self.levels.direction(attacker)
        a, b = isolate(self.table.name(d.attacker)), isolate(self.table.name(d.defender))
        rules = "possible" if d.allowed else "impossible"
        dm = "let it happen" if d.final else "ruled it out"
        self.table = self.table.note_verdict(f"DM override — {a} strikes {b}: the rules say {rules}; the DM {dm}",
                                             (d,))
        return self._update(f"DM override — {a} strikes {b}: rules say {rules}, the DM {dm}.", save=True)

    def take_back_levels(self, attacker: str) -> Update:
        """The DM takes back the override on one direction of the levels verdict: the rules' answer stands again
        on screen; the log keeps the override and adds that it was taken back."""
        if self.levels is None or self.levels.direction(attacker).override is None:
            return self._update("No override to take back.")
        was = self.levels.direction(attacker)
        self.levels = self.levels.taken_back(attacker)
        d = self.levels.direction(attacker)
        a, b = isolate(self.table.name(d.attacker)), isolate(self.table.name(d.defender))
        rules = "possible" if d.allowed else "impossible"
        dm = "let it happen" if was.final else "ruled it out"
        self.table = self.table.note_verdict(f"DM override taken back — {a} strikes {b}: the DM had {dm}; the "
                                             f"rules' answer stands: {rules}", (d,))
        return self._update(f"DM override taken back — {a} strikes {b}: {rules}, as the rules say.", save=True)

    def _target(self, target_id: str) -> Update:
        assert self.selected is not None
        self.pending = self.roll = None
        self.pending_done = False
        self.target = target_id
        self.shots = height_play.attack(self.table, self.selected, target_id)
        me, it = isolate(self.table.name(self.selected)), isolate(self.table.name(target_id))
        before = self.table
        self.table = self.table.note_verdict(f"{me} → {it}: actions checked", self.shots)
        summary = "; ".join(v.summary for v in self.shots) or "no actions"
        return self._update(f"{me} against {it}: {summary}.{_repeat(before, self.table)}", save=True)

    def choose_entry(self, index: int) -> Update:
        """A Move entry of the selected fighter was chosen."""
        if self.selected is None:
            return self._update("Select a fighter first.")
        f = self.table.scenario.fighter(self.selected)
        if not 0 <= index < len(f[MOVES]):
            return self._update(f"{isolate(f.name)} has no Move entry {index + 1}.")
        self.entry = index
        self.pending = self.roll = None
        self.pending_done = False
        return self._update(f"{f[MOVES][index]}: {count(len(self._reached().dice) - 1, 'section')} reachable.")

    def click_section(self, section_id: str, at: float | Fraction | None = None) -> Update:
        """A section was clicked: judge the selected fighter's move there, or place it there.

        Args:
            section_id: the section.
            at: where on it the click fell, in the scenario's unit (None: from the keyboard).  Used only
                where fighters are placed by hand (:func:`snap`).
        """
        sc = self.table.scenario
        section = sc.field.section(section_id)
        if self.selected is not None and not sc.has_movement:
            return self._place(section_id, snap(section, at))
        if self.selected is None or self.entry is None:
            here = self.table.fighters_on(section_id)
            names = ", ".join(isolate(self.table.name(x)) for x in here) or "nobody"
            if not sc.has_movement:
                return self._update(f"{isolate(section.name)}, {lengths.show(section.elevation, sc.units)}: "
                                    f"{names}. Select a fighter to place it here.")
            return self._update(f"{isolate(section.name)}, Height {fmt(section.elevation)}: {names}. "
                                "Select a fighter to move.")
        self.target = self.shots = None
        self.roll = None
        self.pending_done = False
        self.pending = height_play.move_verdict(self.table, self.selected, self.entry, section_id, self._reached())
        return self._update(f"Move to {isolate(section.name)}: {self.pending.summary}")

    def _place(self, section_id: str, x: Fraction) -> Update:
        """Place the selected fighter by hand (no movement rules): logged, undoable; the verdict is dropped."""
        assert self.selected is not None
        fid, sc = self.selected, self.table.scenario
        self.table = self.table.place(fid, section_id, x)
        self.target = self.levels = None
        self.strange = False
        where = sc.field.section(section_id).name
        return self._update(f"{isolate(self.table.name(fid))} placed on {isolate(where)} "
                            f"{lengths.show(x, sc.units)} across, standing surface "
                            f"{lengths.show(self.table.surface(fid), sc.units)}.",
                            moved=True, save=True)

    def nudge(self, direction: int) -> Update:
        """Shift+←/→: move the selected fighter :data:`NUDGE` along its section (no movement rules only)."""
        if self.selected is None or self.table.scenario.has_movement:
            return self._update("Select a fighter to nudge it (only where fighters are placed by hand).")
        sid, x = self.table.stand(self.selected)
        section = self.table.scenario.field.section(sid)
        to = x + NUDGE * (1 if direction > 0 else -1)
        if not section.x0 <= to <= section.x1:
            edge = "right" if direction > 0 else "left"
            return self._update(f"{isolate(self.table.name(self.selected))} is at the {edge} end of "
                                f"{isolate(section.name)}; click another section to place it there.")
        return self._place(sid, to)

    def confirm(self) -> Update:
        """Carry out the pending move and roll its falling dice."""
        if self.pending is None or self.pending_done or self.selected is None:
            return self._update("Nothing to confirm.")
        fid = self.selected
        self.table, self.roll = self.table.move(fid, self.pending)
        self.pending_done = True
        name = isolate(self.table.name(fid))
        rolled = f" Rolled {self.roll.brief(12)}." if self.roll else ""
        return self._update(f"{name} moved.{rolled}", moved=True, save=True, focus=f"fighter-{fid}")

    def override(self, allowed: bool) -> Update:
        """The DM overrides the pending move verdict (H7)."""
        if self.pending is None or self.pending_done:
            return self._update("No verdict to override.")
        self.pending = self.pending.overridden(allowed)
        self.table = self.table.note_verdict(self._move_headline(self.pending), (self.pending,))
        return self._update(f"DM override — move: {self.pending.summary}", save=True)

    def override_shot(self, index: int, allowed: bool) -> Update:
        """The DM overrides one action's verdict (H7)."""
        if self.shots is None or not 0 <= index < len(self.shots):
            return self._update("No verdict to override.")
        shots = list(self.shots)
        shots[index] = shots[index].overridden(allowed)
        self.shots = tuple(shots)
        self.table = self.table.note_verdict(self._override_headline(shots[index]), (shots[index],))
        return self._update(f"DM override — {shots[index].summary}", save=True)

    def _move_headline(self, v: MoveVerdict, taken_back: bool = False) -> str:
        """The log line of a DM override on a move, or of taking it back: who, with which entry, from where to
        where, and both answers — ``"DM override: Goat's Move 1 (Height 2) from Cliff top to Foot of the cliff —
        rules: allowed; DM: not allowed"``; taken back, the rules' answer that stands again."""
        assert self.selected is not None
        f = self.table.scenario.field
        who = (f"{isolate(self.table.name(self.selected))}'s {v.entry} from {isolate(f.section(v.start).name)} "
               f"to {isolate(f.section(v.dest).name)}")
        rules = "allowed" if v.allowed else "not allowed"
        if taken_back:
            return f"DM override taken back: {who} — the rules' answer stands: {rules}"
        return f"DM override: {who} — rules: {rules}; DM: {'allowed' if v.final else 'not allowed'}"

    def _override_headline(self, v: ShotVerdict, taken_back: bool = False) -> str:
        """The log line of a DM override on an action, or of taking it back: who, with what, against whom, and
        both answers — ``"DM override: Ada's Shortbow against Bandit 3 — rules: blocked; DM: reaches"``; taken
        back, the rules' answer that stands again."""
        assert self.selected is not None and self.target is not None
        me, it = isolate(self.table.name(self.selected)), isolate(self.table.name(self.target))
        blocked = v.line is not None and v.line.blocked_by is not None
        rules = "reaches" if v.allowed else "blocked" if blocked else "cannot reach"
        who = f"{me}'s {isolate(v.action.name)} against {it}"
        if taken_back:
            return f"DM override taken back: {who} — the rules' answer stands: {rules}"
        dm = "reaches" if v.final else "cannot reach"
        return f"DM override: {who} — rules: {rules}; DM: {dm}"

    def take_back(self) -> Update:
        """The DM takes back the override on the pending move: the rules' answer stands again (H7); logged."""
        if self.pending is None or self.pending_done or self.pending.override is None:
            return self._update("No override to take back.")
        self.pending = self.pending.taken_back()
        self.table = self.table.note_verdict(self._move_headline(self.pending, taken_back=True), (self.pending,))
        return self._update(f"DM override taken back — move: {self.pending.summary}", save=True)

    def take_back_shot(self, index: int) -> Update:
        """The DM takes back the override on one action's verdict: the rules' answer stands again (H7); logged."""
        if self.shots is None or not 0 <= index < len(self.shots) or self.shots[index].override is None:
            return self._update("No override to take back.")
        shots = list(self.shots)
        shots[index] = shots[index].taken_back()
        self.shots = tuple(shots)
        self.table = self.table.note_verdict(self._override_headline(shots[index], taken_back=True),
                                             (shots[index],))
        return self._update(f"DM override taken back — {shots[index].summary}", save=True)

    def escape(self) -> Update:
        """Clear the selection and any verdict."""
        self._clear()
        return self._update("Selection cleared.")

    def undo(self) -> Update:
        """Undo the last move, or the last scenario load."""
        if self.table.can_undo:
            self._clear()
            self.table = self.table.undo()
            return self._update(self.table.log[-1].text, moved=True, save=True)
        if self.replaced:
            self.table = self.replaced.pop()
            title = self.table.scenario.title
            self._clear()
            up = self.show()
            return replace(up, status=f"Back to “{isolate(title)}”.", save=True)
        return self._update("Nothing to undo.")

    def load(self, table: Table, how: str) -> Update:
        """Put a new table in play; the old one can be brought back with undo."""
        self.replaced = [*self.replaced, self.table][-REPLACED_KEPT:]
        self.table = table
        self._clear()
        up = self.show()
        return replace(up, status=f"{how} “{isolate(table.scenario.title)}”. Undo brings back the previous "
                                  "battlefield.", save=True)

    def import_too_large(self, filename: str, size: int) -> Update:
        """Refuse a file of ``size`` bytes that cannot hold a scenario (over :data:`MAX_IMPORT_BYTES`) before the
        page reads it: reading tens of megabytes into Python held the tab for seconds. The battlefield is kept."""
        name = shown_name(filename)
        msg = (f"{name} was not loaded; the current battlefield is unchanged.\n"
               f"document: {size} bytes; at most {MAX_IMPORT_BYTES} are allowed (a scenario is at most "
               f"{MAX_DOCUMENT_CHARS} characters of at most 4 bytes each)")
        return self._update(f"{name} was not loaded.", error=msg)

    def import_text(self, text: str, filename: str) -> Update:
        """Import a scenario file; on any problem keep the current battlefield and say why."""
        name = shown_name(filename)
        try:
            scenario = scenario_mod.loads(text)
        except ScenarioError as e:
            msg = f"{name} was not loaded; the current battlefield is unchanged.\n" + "\n".join(e.problems)
            return self._update(f"{name} was not loaded.", error=msg)
        return self.load(Table.start(scenario, "Imported"), "Imported")

    def export_text(self) -> str:
        """The scenario with every fighter where it stands now — its section and, where the referee placed it,
        its place on that section — and the rolls made so far (``dice_rolls``: an import rolls on from there,
        H8), as format-version-2 JSON text (:func:`vertigo.scenario.dumps`)."""
        t = self.table
        return scenario_mod.dumps(t.scenario, {fid: (sid, t.offset(fid)) for fid, sid in t.positions},
                                  rolls=t.rolls)

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
        return self._update(str(e), error=str(e))
