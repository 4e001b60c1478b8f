"""The Jump mode's shading: every section's surface, sampled where a click lands on it (every ½ ft; a step's
centre on stairs), graded by the band its jump needs from where the selected fighter stands: no roll, no
penalty, −1 … −5, or impossible (blocked counts as impossible; J2, J4, J10).

Asking the planner at every sample would take seconds on a large battlefield, and the band is constant between
the points where the jump itself can change.  So, per section:

- a section wholly farther from the jumper's level stretch than its longest maximum (running or standing long)
  is impossible throughout (J4): a long jump's distance from any takeoff on the stretch is more than that, and a
  high jump goes only onto a surface whose near edge is on the stretch;
- elsewhere the planner's own takeoff (:func:`vertigo.rules.jumping.rules.takeoff.takeoff`) is asked once per
  piece of the section between the points where it can change — the jumper's x, the ends of its stretch, each
  section's edge over this one (a wall met or not), each step's edge — and at those points themselves; it says
  which jump, from where, and whether it is blocked;
- within a piece a high jump's height is constant, and a long jump's distance runs straight from its takeoff,
  so its band changes only where the distance passes one of the jumper's figures: the minimum, the base, the
  base and 1 … 4 Jump Modifiers, the maximum (J4).  The verdict (:func:`~vertigo.rules.jumping.rules.distances.
  judge_jump`) is asked once for each of those bands of distance, and every sample takes its band from it.

The answer is the planner's (:func:`vertigo.rules.jumping.rules.play.plan`) at every sample:
``tests/view/test_jumping_page.py`` compares them.

Source: ``003_d3aa233771e16bb9.txt`` › Jumping Distance, › Attempting a Jump; rulings J2, J4, J10; issue 25 (In
the page: "every section's surface, sampled every ½ ft, is shaded by the band its jump needs").
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from vertigo.rules.jumping.rules.distances import JumpError, JumpTable, JumpVerdict, judge_jump
from vertigo.rules.jumping.rules.fields import FOOTING
from vertigo.rules.jumping.rules.planner import JumpPlan
from vertigo.rules.jumping.rules.takeoff import Takeoff, stretch, takeoff
from vertigo_view.overlay import Shading

if TYPE_CHECKING:
    from vertigo.battlefield import Battlefield, Section
    from vertigo.table import Table

__all__ = ["BANDS", "BAND_WORDS", "FILLS", "GRID", "band_of", "samples", "jump_shading", "band_at"]

BANDS = ("none", "free", "p1", "p2", "p3", "p4", "p5", "impossible")
"""The bands, easiest first: no roll, a roll with no penalty, −1 … −5, impossible (J4)."""
BAND_WORDS = {"none": "no roll", "free": "roll, no penalty", "p1": "−1", "p2": "−2", "p3": "−3", "p4": "−4",
              "p5": "−5", "impossible": "impossible"}
"""Each band as the panel's key and the status line name it."""
FILLS = (("none", "#1e8c4e"), ("free", "#8fd16a"), ("p1", "#f4e04d"), ("p2", "#f6c343"), ("p3", "#f39b37"),
         ("p4", "#e8672c"), ("p5", "#cf3b26"), ("impossible", "#8a8a8a"))
"""Each band's colour on the side view: green (no roll) through yellow and orange to red (−5), grey impossible."""
GRID = Fraction(1, 2)
"""The samples' spacing, feet: a click plans a jump to the nearest ½ ft (the page's placing grid)."""


def band_of(plan: JumpPlan) -> str:
    """The band of a planned jump, by the rules (not the DM's override): ``"impossible"`` when blocked or past a
    maximum, ``"none"`` with no roll, ``"free"`` for a roll with no penalty, else ``"p1"`` … ``"p5"`` (J4)."""
    return _grade(plan.allowed, plan.auto_success, plan.penalty)


def _grade(allowed: bool, auto: bool, penalty: int) -> str:
    if not allowed:
        return "impossible"
    if auto:
        return "none"
    return "free" if penalty == 0 else f"p{-penalty}"


def _snapped(s: Section, x: Fraction) -> Fraction:
    """``x`` on the ½-ft grid, halves up, never off the section (as a click is snapped)."""
    g = Fraction(math.floor(x / GRID + Fraction(1, 2))) * GRID
    return min(s.x1, max(s.x0, g))


def samples(s: Section) -> list[tuple[Fraction, Fraction, Fraction]]:
    """Where a click on a section plans a jump to, with the stretch of surface each stands for: ``(x, from,
    to)``, left to right, covering the section.  Every ½ ft on it (each standing for ¼ ft either side; the ends
    to the section's ends); on stairs, each step's centre for its step."""
    if s.stairs is not None:
        out = []
        for i in range(s.steps):
            lo = s.x0 + s.stairs.tread * i
            hi = min(s.x1, lo + s.stairs.tread)
            out.append(((lo + hi) / 2, lo, hi))
        return out
    first, last = math.ceil(s.x0 / GRID), math.floor(s.x1 / GRID)
    xs = [k * GRID for k in range(first, last + 1)] or [_snapped(s, s.centre)]
    quarter = GRID / 2
    return [(x, s.x0 if i == 0 else x - quarter, s.x1 if i == len(xs) - 1 else x + quarter)
            for i, x in enumerate(xs)]


def _edges(field: Battlefield) -> list[Fraction]:
    """Every section's two ends, sorted (kept with the battlefield)."""
    return sorted({e for s in field.sections for e in (s.x0, s.x1)})


@dataclass(frozen=True, slots=True)
class _From:
    """Where the jumper stands, as the takeoff sees it: its section, x, level stretch and figures (J2)."""

    section: str
    x: Fraction
    s0: Fraction
    s1: Fraction
    jumps: JumpTable
    ran: bool


def _breaks(field: Battlefield, me: _From, ts: Section) -> list[Fraction]:
    """The points of ``ts`` (its ends included) where the takeoff to it can change (see the module)."""
    edges = field.derived("jumping.view.edges", _edges)
    inside = edges[bisect_right(edges, ts.x0):bisect_left(edges, ts.x1)]
    steps = [] if ts.stairs is None else [ts.x0 + ts.stairs.tread * i for i in range(1, ts.steps)]
    return sorted({ts.x0, ts.x1, *inside, *steps, *(p for p in (me.x, me.s0, me.s1) if ts.x0 < p < ts.x1)})


class _Judged:
    """The verdicts of one jumper, each asked once per kind and band of distance (J4)."""

    def __init__(self, jumps: JumpTable) -> None:
        self.jumps = jumps
        self.limits: dict[str, list[Fraction]] = {}
        self.known: dict[tuple[str, int], JumpVerdict] = {}

    def __call__(self, kind: str, distance: Fraction) -> JumpVerdict:
        limits = self.limits.get(kind)
        if limits is None:
            f = self.jumps.of(kind)
            limits = self.limits[kind] = [f.minimum, *(f.base + k * f.modifier for k in range(5)), f.maximum]
        key = (kind, bisect_left(limits, distance))
        v = self.known.get(key)
        if v is None:
            v = self.known[key] = judge_jump(self.jumps, kind, distance)
        return v


def _piece_bands(field: Battlefield, me: _From, ts: Section, xs: list[Fraction], judged: _Judged) -> list[str | None]:
    """The band at each of ``xs``, points of ``ts`` over which the takeoff does not change (None: no jump, the
    point straight above or below the jumper)."""
    try:
        t: Takeoff = takeoff(field, me.section, me.x, ts.id, xs[0], me.jumps.run_up_ft, me.ran)
    except JumpError:
        return [None] * len(xs)
    if t.blocked is not None:
        return ["impossible"] * len(xs)
    climb = judged("high" if t.running else "standing_high", t.climb) if t.climb is not None else None
    if not t.long:
        v = judged("high" if t.running else "standing_high", t.distance)
        return [_grade(v.possible, v.auto_success, v.penalty)] * len(xs)
    kind = "running" if t.running else "standing_long"
    out: list[str | None] = []
    for x in xs:
        v = judged(kind, abs(x - t.x))
        possible = v.possible and (climb is None or climb.possible)
        auto = v.auto_success and (climb is None or climb.auto_success)
        out.append(_grade(possible, auto, min(v.penalty, climb.penalty if climb else 0)))
    return out


def _section_runs(field: Battlefield, me: _From, ts: Section,
                  judged: _Judged) -> tuple[tuple[Fraction, Fraction, str], ...]:
    """One section's runs of equal band, ``(from, to, band)``, left to right."""
    reach = max(me.jumps.of("running").maximum, me.jumps.of("standing_long").maximum)
    if ts.x0 > me.s1 + reach or ts.x1 < me.s0 - reach:
        return ((ts.x0, ts.x1, "impossible"),)
    points = samples(ts)
    breaks = _breaks(field, me, ts)
    pieces: dict[tuple[int, bool], list[int]] = {}
    for i, (x, _, _) in enumerate(points):
        at = bisect_left(breaks, x)
        on = at < len(breaks) and breaks[at] == x
        pieces.setdefault((at, on), []).append(i)
    bands: list[str | None] = [None] * len(points)
    for idx in pieces.values():
        for i, band in zip(idx, _piece_bands(field, me, ts, [points[i][0] for i in idx], judged), strict=True):
            bands[i] = band
    runs: list[tuple[Fraction, Fraction, str]] = []
    for (_, lo, hi), band in zip(points, bands, strict=True):
        if band is None:
            continue
        if runs and runs[-1][2] == band and runs[-1][1] == lo:
            runs[-1] = (runs[-1][0], hi, band)
        else:
            runs.append((lo, hi, band))
    return tuple(runs)


def jump_shading(table: Table, fighter_id: str, ran: bool = False) -> Shading | None:
    """Every section's surface graded by the band of the fighter's jump there from where it stands (J2, J4,
    J10), for :attr:`vertigo_view.overlay.Highlights.shading`; None for a fighter up a ladder (it jumps from a
    surface).

    Args:
        table: the table in play (a jumping battlefield).
        fighter_id: the jumper.
        ran: the referee's word that it ran last round without stopping (J2).

    Raises:
        RuleSetError: the Jumping rules do not referee the table; UnknownFighterError.
    """
    from vertigo.rules.jumping.rules import play

    jumps = play.figures(table, fighter_id)
    start = table.stand_of(fighter_id)
    if start.ladder is not None:
        return None
    field = table.scenario.field
    sid, x = table.stand(fighter_id)
    fs = field.section(sid)
    s0, s1, _ = stretch(field, sid)
    if fs.stairs is not None or fs[FOOTING] is not None:
        s0 = s1 = x
    me = _From(sid, x, s0, s1, jumps, ran)
    judged = _Judged(jumps)
    return Shading(tuple((s.id, _section_runs(field, me, s, judged)) for s in field.sections), FILLS)


def band_at(shading: Shading, section_id: str, x: Fraction) -> str | None:
    """The band the shading gives a point of a section (None: none there)."""
    for sid, runs in shading.stretches:
        if sid == section_id:
            return next((band for lo, hi, band in runs if lo <= x <= hi), None)
    return None
