"""The side view's keyboard order: which fighters and sections the arrow keys step through, left to right, and
the roving Tab stops.  What the selected fighter can act on is the active mode's answer
(:meth:`vertigo_page.mode.Mode.keyboard_targets`)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from vertigo.errors import RulesError
from vertigo.scenario import Scenario

if TYPE_CHECKING:
    from .controller import Controller

__all__ = ["Keyboard"]


class Keyboard:
    """The keyboard order of one controller's side view, worked out once per position and selection."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self._order_of: tuple[object, dict[str, tuple[Fraction, int, int]]] | None = None
        self._order_memo: tuple[object, tuple[object, ...], tuple[str, ...]] | None = None

    def x(self, element_id: str) -> tuple[Fraction, int, int]:
        """Where a side-view element stands, left to right: (x in the scenario's unit, 0 for a section or 1 for a
        fighter, its place among equals) — a fighter with no place of its own is drawn spread along its section
        like the renderer's tokens."""
        kind, _, ident = element_id.partition("-")
        if kind == "section":
            return self._section_keys()[ident]
        table = self.ctl.table
        sid = table.position(ident)
        x = table.offset(ident)
        on = table.fighters_on(sid)
        i = on.index(ident)
        if x is None:
            s = table.scenario.field.section(sid)
            x = s.x0 + (s.x1 - s.x0) * Fraction(i + 1, len(on) + 1)
        return x, 1, i

    def order(self) -> tuple[str, ...]:
        """The side-view element ids the arrow keys step through, left to right.

        No fighter selected: every fighter (``fighter-<id>``).  A fighter selected: that fighter and what the
        active mode lets it act on (``section-<id>``, ``fighter-<id>``): under the Height rules the sections
        its chosen Move entry reaches (its own excluded) and the enemies (another side); where fighters are
        placed by hand, every section and every other fighter (levels) or every section (placing only).  A
        battlefield with no fighter gives its sections.
        """
        ctl = self.ctl
        sc = ctl.table.scenario
        # Asked on every click (the Tab stops) and every arrow key; it changes only with the battlefield, a
        # move or placing (a new stands tuple), the mode, the selection or the mode's own choice.
        key = (ctl.table.stands, ctl.selected, ctl.mode, ctl.mode.keyboard_key())
        if self._order_memo is not None and self._order_memo[0] is sc and self._order_memo[1] == key:
            return self._order_memo[2]
        order = self._order(sc)
        self._order_memo = (sc, key, order)
        return order

    def _order(self, sc: Scenario) -> tuple[str, ...]:
        ctl = self.ctl
        ids: list[str]
        if ctl.selected is None:
            ids = [f"fighter-{f.id}" for f in sc.fighters] or [f"section-{s.id}" for s in sc.field.sections]
        else:
            sections, others = ctl.mode.keyboard_targets(ctl)
            ids = [f"fighter-{ctl.selected}", *(f"section-{s}" for s in sections), *(f"fighter-{f}" for f in others)]

        def key(element_id: str) -> tuple[float, Fraction, int, int]:
            # The float orders all but exact ties at the cost of a float's compare (rounding keeps the order of
            # unequal values or makes them equal, never swaps them); the Fraction settles those.
            x, kind, i = self.x(element_id)
            return float(x), x, kind, i
        return tuple(sorted(ids, key=key))

    def _section_keys(self) -> dict[str, tuple[Fraction, int, int]]:
        """Each section's :meth:`x` (its centre, 0, its place in the document), worked out once per scenario
        (found by identity): the keyboard sorts hundreds of sections per click."""
        sc = self.ctl.table.scenario
        if self._order_of is None or self._order_of[0] is not sc:
            self._order_of = (sc, {s.id: (s.centre, 0, i) for i, s in enumerate(sc.field.sections)})
        return self._order_of[1]

    def arrow(self, current: str | None, key: str) -> str | None:
        """Where an arrow key (or Home / End) takes the focus in the side view from ``current`` (an element id;
        None or unknown: from the start); None when there is nowhere to go.  → goes right and ← left, stopping
        at the ends (no wrap); ↓ and ↑ do the same, except that with no fighter selected they go to the next
        (previous) fighter of the focused fighter's side — the next one of the side whose turn it is."""
        order = self.order()
        if not order:
            return None
        sc = self.ctl.table.scenario
        if (self.ctl.selected is None and key in ("ArrowDown", "ArrowUp") and current in order
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
            at = self.x(current) if current else None
        except (RulesError, ValueError, KeyError):
            at = None
        if at is None:
            return order[0] if forward else order[-1]
        after = [e for e in order if self.x(e) > at]
        before = [e for e in order if self.x(e) < at]
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
        ctl = self.ctl
        order = self.order()
        if focused is not None:
            current = focused
        elif last in order:
            current = last
        elif ctl.selected is not None:
            current = f"fighter-{ctl.selected}"
        else:
            current = order[0] if order else ""
        stops = [current] if current else []
        me = f"fighter-{ctl.selected}" if ctl.selected is not None else None
        if me is not None and current == me and focused == me and me in order and len(order) > 1:
            i = order.index(me)
            stops.append(order[i + 1] if i + 1 < len(order) else order[i - 1])
        elif me is not None and current != me and not ctl.mode.judged_at(ctl, current):
            stops.append(me)
        return tuple(stops)
