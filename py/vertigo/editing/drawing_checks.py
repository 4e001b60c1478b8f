"""Warnings about how a battlefield is drawn: advice for the referee, never a reason to refuse a document.

A scenario that loads is a valid battlefield, but it can still be drawn in a way nobody meant: a fighter
standing through a balcony, a staircase built the wrong way round, a slab buried in a wall.  The importer says
nothing about these (the rules measure between standing surfaces, G1, and never look at a drawing), so the
editor and Import list them as warnings, each at its place in the document (``fighters[2]``, ``sections[4]``),
which the editor maps to the piece to select:

1. **A figure through a slab** (battlefields drawn to scale: feet, inches): a fighter whose figure, as tall as
   the side view draws it (:func:`vertigo.figures.figure_size`), reaches through a slab over its x: a slab
   whose surface there is above the fighter's feet and below the top of its figure.
2. **Stairs that run against their borders**: a staircase (``stairs.rise`` ≠ 0, two steps or more) whose low
   end (its lowest step) meets a surface at or above its highest step, whose high end meets one at or below
   its lowest step, or whose low end meets a surface higher than the one its high end meets: it was built the
   wrong way round.
3. **Two sections whose drawn areas intersect**: ground is drawn from its surface down to the bottom of the
   view, a slab as its surface (a staircase as its step tops).  Two grounds that overlap in x; a slab below a
   ground's top somewhere over their overlap; two slabs at the same height somewhere over their overlap.

Source: issue 26 ("Warnings, in the editor and on Import: on battlefields drawn to scale, a figure whose height
crosses a slab over its x; stairs whose rise runs against their borders; two sections whose drawn areas
intersect (ground drawn down to the bottom)"); restated in ``docs/rules.md#drawing-warnings``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from vertigo.battlefield import Battlefield, Border, Section
from vertigo.figures import figure_size
from vertigo.lengths import number, show
from vertigo.scenario import Fighter, Scenario
from vertigo.stand import ladder
from vertigo.text import isolate

__all__ = ["DrawingWarning", "drawing_warnings"]


@dataclass(frozen=True, slots=True)
class DrawingWarning:
    """One warning about how a battlefield is drawn.

    Attributes:
        place: where in the document, in its path form: ``"fighters[2]"`` or ``"sections[4]"`` (0-based, document
            order), so the editor can select the piece; ``"sections"`` for a limit of the checks reached.
        message: one sentence for the referee, names as text (isolated, never markup): the page escapes it.
    """

    place: str
    message: str

    def __str__(self) -> str:
        """``"fighters[2]: Archer's figure (6 ft) reaches through …"``, as the importer writes its problems."""
        return f"{self.place}: {self.message}"


def drawing_warnings(scenario: Scenario) -> tuple[DrawingWarning, ...]:
    """Every drawing warning of a scenario, in document order: the sections' (each section's stairs warning,
    then its intersections with sections before it), then the borders' (drawn past both their sections), then
    the fighters'.

    Bounded work: at most :data:`MAX_CROSSINGS` intersecting pairs are listed and at most :data:`MAX_STRETCHES`
    stretches of stairs compared; past either, a warning at ``"sections"`` says so, after the sections' own.

    Args:
        scenario: a scenario that loaded (:func:`vertigo.scenario.load`); lengths in its unit.

    Returns:
        The warnings, empty when the battlefield is drawn as meant.  The same scenario always gives the same
        warnings in the same order (nothing depends on hashing).

    Source: issue 26 (the three warnings); ``docs/rules.md#drawing-warnings``.
    """
    field, units = scenario.field, scenario.units
    by_section: list[list[DrawingWarning]] = [[] for _ in field.sections]
    borders_of: dict[str, list[Border]] = {}
    for border in field.borders:
        if border.a != border.b:
            borders_of.setdefault(border.a, []).append(border)
            borders_of.setdefault(border.b, []).append(border)
    for i, s in enumerate(field.sections):
        against = _stairs_against(field, s, borders_of.get(s.id, []), units)
        if against is not None:
            by_section[i].append(DrawingWarning(f"sections[{i}]", against))
    crossed = _intersections(field.sections, units)
    for j, message in crossed:
        if j < len(by_section):
            by_section[j].append(DrawingWarning(f"sections[{j}]", message))
    out = [w for warnings in by_section for w in warnings]
    out += [DrawingWarning("sections", message) for j, message in crossed if j == len(by_section)]
    for k, border in enumerate(field.borders):
        astray = _border_astray(field, border)
        if astray is not None:
            out.append(DrawingWarning(f"borders[{k}]", astray))
    for k, f in enumerate(scenario.fighters):
        through = _through_slab(field, f, units)
        if through is not None:
            out.append(DrawingWarning(f"fighters[{k}]", through))
    return tuple(out)


def _border_astray(field: Battlefield, border: Border) -> str | None:
    """Why a border is drawn where neither of its sections is (its ``x`` past both their ends), or None: a stair
    or a ladder typed at 40 for 4 is drawn off in the sky and no click finds it.  Source: issue 26."""
    a, b = field.section(border.a), field.section(border.b)
    lo, hi = min(a.x0, b.x0), max(a.x1, b.x1)
    if lo <= border.x <= hi:
        return None
    what = f"the {border.kind}" if border.kind else "the border"
    return (f"{what} {isolate(a.name)} – {isolate(b.name)} is drawn at x {number(border.x)}, past both its "
            f"sections (x {number(lo)}–{number(hi)}); move it between them")


# -- 1. a figure through a slab ---------------------------------------------------------------------------------

def _through_slab(field: Battlefield, f: Fighter, units: str) -> str | None:
    """Why a fighter's figure reaches through a slab, or None.

    The figure stands at the fighter's x (its section's centre when the document gives none) with its feet on
    its standing surface (on a ladder: the ladder's foot plus how far up it is, T4), as tall as
    :func:`vertigo.figures.figure_size` (0 in a Height scenario: no warning).  A slab reaches through it when
    the slab holds that x strictly inside its ends (a slab ending at the fighter's x is beside it) and its
    surface there is above the feet and below the figure's top; the fighter's own section, and a ladder's two
    sections, never count.  Of several, the lowest (the first in the document among equals) is named.
    """
    tall = figure_size(f, units)
    if tall <= 0:
        return None
    home = field.section(f.section)
    x = home.centre if f.x is None else f.x
    own = {f.section}
    if f.ladder is not None and f.up is not None:
        rungs = ladder(field, f.ladder)
        feet = min(field.border_surfaces(rungs)) + f.up
        own |= {rungs.a, rungs.b}
    else:
        feet = home.surface(x)
    crossed = [(s.surface(x), n, s) for n, s in enumerate(field.sections)
               if s.kind == "slab" and s.id not in own and s.x0 < x < s.x1 and feet < s.surface(x) < feet + tall]
    if not crossed:
        return None
    at, _, slab = min(crossed, key=lambda c: (c[0], c[1]))
    return (f"{isolate(f.name)}'s figure ({show(tall, units)}) reaches through the slab {isolate(slab.name)} at "
            f"{show(at, units)} over x {number(x)}; move it or the slab")


# -- 2. stairs that run against their borders -------------------------------------------------------------------

def _stairs_against(field: Battlefield, s: Section, borders: list[Border], units: str) -> str | None:
    """Why a staircase runs against its borders, or None.

    Each of its ``borders`` (document order) meets one of its steps
    (:meth:`~vertigo.battlefield.Section.surface_at_border`); the borders at its low end (its lowest step: the
    leftmost when the rise is positive) and at its high end are compared with the surfaces their neighbours meet
    there.  The stairs run against their borders when a
    low-end neighbour is at or above the highest step, a high-end neighbour is at or below the lowest step, or
    the highest low-end neighbour is above the lowest high-end one.  Flat sections, stairs with no rise and a
    single step never do.
    """
    if s.stairs is None or s.stairs.rise == 0 or s.steps < 2:
        return None
    low_step = 0 if s.stairs.rise > 0 else s.steps - 1
    high_step = s.steps - 1 - low_step
    low_end: list[tuple[Fraction, str]] = []
    high_end: list[tuple[Fraction, str]] = []
    for border in borders:
        other = field.section(border.b if border.a == s.id else border.a)
        step = (s.surface_at_border(border.x, other) - s.elevation) / s.stairs.rise
        there = (other.surface_at_border(border.x, s), other.name)
        if step == low_step:
            low_end.append(there)
        elif step == high_step:
            high_end.append(there)
    highest_low = max(low_end, key=lambda t: t[0], default=None)
    lowest_high = min(high_end, key=lambda t: t[0], default=None)
    crossed = highest_low is not None and lowest_high is not None and highest_low[0] > lowest_high[0]
    bad_low = highest_low is not None and (highest_low[0] >= s.top or crossed)
    bad_high = lowest_high is not None and (lowest_high[0] <= s.bottom or crossed)
    if not (bad_low or bad_high):
        return None
    ends = []
    if bad_low and highest_low is not None:
        ends.append(f"their low end meets {isolate(highest_low[1])} at {show(highest_low[0], units)}")
    if bad_high and lowest_high is not None:
        ends.append(f"their high end meets {isolate(lowest_high[1])} at {show(lowest_high[0], units)}")
    way = "right" if s.stairs.rise > 0 else "left"
    last = s.elevation + s.stairs.rise * (s.steps - 1)
    return (f"the stairs {isolate(s.name)} climb to the {way}, from {show(s.bottom, units)} to "
            f"{show(s.top, units)}, but {' and '.join(ends)}: they run against their borders; turn them round "
            f"(rise {show(-s.stairs.rise, units)}, elevation {show(last, units)})")


# -- 3. sections whose drawn areas intersect --------------------------------------------------------------------

MAX_STRETCHES = 5_000
"""The most stretches of x at which two staircases, or a staircase and a flat section, are compared in one
battlefield (bounded work: 250 staircases of 200 steps laid over each other would be millions).  Past it the
comparing stops and a last warning says so."""


MAX_CROSSINGS = 100
"""The most pairs of intersecting sections listed, the first in document order; a last warning counts the rest
(250 grounds laid over one another would be 31,125 warnings)."""


class _Budget:
    """The stretches still to compare (:data:`MAX_STRETCHES`), spent by every pair with stairs."""

    def __init__(self) -> None:
        self.left = MAX_STRETCHES


def _intersections(sections: tuple[Section, ...], units: str) -> list[tuple[int, str]]:
    """``(j, message)`` for each pair of sections ``i < j`` (document places) whose drawn areas intersect, sorted
    by ``(j, i)``, at most :data:`MAX_CROSSINGS`; then ``(len(sections), message)`` for each limit reached: more
    pairs than that, or :data:`MAX_STRETCHES` spent.

    A sweep over the sections sorted by left edge (ties by document place) looks only at pairs that overlap
    in x, so a battlefield of side-by-side sections costs one pass.  Edges and elevations are compared by their
    rank among the battlefield's distinct values (the same order, exactly, at the cost of an int comparison):
    a tower of 250 floors over one another is 31,125 pairs.
    """
    n = len(sections)
    left, right = _ranks([s.x0 for s in sections], [s.x1 for s in sections])
    (level,) = _ranks([s.elevation for s in sections])
    order = sorted(range(n), key=lambda k: (left[k], k))
    flat = [s.stairs is None for s in sections]
    slab = [s.kind == "slab" for s in sections]
    budget = _Budget()
    found: list[tuple[int, int, tuple[Fraction, Fraction]]] = []
    for k, a in enumerate(order):
        end = right[a]
        for b in order[k + 1:]:
            if left[b] >= end:
                break
            i, j = (a, b) if a < b else (b, a)
            if flat[i] and flat[j] and _apart(level[i], slab[i], level[j], slab[j]):
                continue
            if budget.left < 0 and (slab[i] or slab[j]) and not (flat[i] and flat[j]):
                continue  # stairs beside a slab, past the budget: no longer compared
            tops = _meet(sections[i], sections[j], budget)
            if tops is not None:
                found.append((j, i, tops))
    found.sort(key=lambda w: (w[0], w[1]))
    out = [(j, _crossing(sections[i], sections[j], tops, units)) for j, i, tops in found[:MAX_CROSSINGS]]
    if len(found) > MAX_CROSSINGS:
        out.append((n, f"{len(found) - MAX_CROSSINGS} more pairs of sections are drawn over each other; only the "
                       f"first {MAX_CROSSINGS} are listed"))
    if budget.left < 0:
        out.append((n, f"the sections overlap over more than {MAX_STRETCHES} stretches of stairs, so they were "
                       "compared only in part: the warnings above may not be all"))
    return out


def _apart(level_a: int, slab_a: bool, level_b: int, slab_b: bool) -> bool:
    """Whether two flat sections that overlap in x are drawn apart, by their elevations' ranks: two slabs at
    different heights (storeys), or a slab at or above a ground's top (a floor over a street)."""
    if slab_a and slab_b:
        return level_a != level_b
    if slab_a or slab_b:
        return (level_a >= level_b) if slab_a else (level_b >= level_a)
    return False


def _ranks(*columns: list[Fraction]) -> tuple[list[int], ...]:
    """Each value of each column replaced by its rank among all the columns' distinct values (equal values, equal
    ranks; a smaller value, a smaller rank)."""
    rank = {v: r for r, v in enumerate(sorted({v for column in columns for v in column}))}
    return tuple([rank[v] for v in column] for column in columns)


def _meet(a: Section, b: Section, budget: _Budget) -> tuple[Fraction, Fraction] | None:
    """Where the drawn areas of two sections that overlap in x first intersect, left to right: their two surfaces
    there, ``(a's, b's)``; None when they do not."""
    lo, hi = max(a.x0, b.x0), min(a.x1, b.x1)
    if lo >= hi:
        return None
    if a.kind == "ground" and b.kind == "ground":
        return a.top, b.top
    for top_a, top_b in _tops(a, b, lo, hi, budget):
        if a.kind == b.kind:  # two slabs: one surface
            if top_a == top_b:
                return top_a, top_b
        elif (top_a < top_b) if a.kind == "slab" else (top_b < top_a):  # a slab below a ground's top
            return top_a, top_b
    return None


def _crossing(a: Section, b: Section, tops: tuple[Fraction, Fraction], units: str) -> str:
    """The warning for two sections whose drawn areas intersect (``a`` first in the document; ``tops``: their
    surfaces where they first meet, from :func:`_meet`)."""
    over = _over(max(a.x0, b.x0), min(a.x1, b.x1))
    if a.kind == "ground" and b.kind == "ground":
        return (f"the ground {isolate(a.name)} and the ground {isolate(b.name)} overlap {over}: ground is drawn down "
                "to the bottom, so one is drawn inside the other; make them meet at an edge, or make one a slab")
    if a.kind == "slab" and b.kind == "slab":
        return (f"the slabs {isolate(a.name)} and {isolate(b.name)} lie on each other at {show(tops[0], units)} "
                f"{over}; make them meet at an edge, or move one up or down")
    (ground, g_top), (slab, s_top) = ((a, tops[0]), (b, tops[1])) if a.kind == "ground" else ((b, tops[1]),
                                                                                              (a, tops[0]))
    return (f"the slab {isolate(slab.name)} at {show(s_top, units)} runs into the ground {isolate(ground.name)}, "
            f"whose top is at {show(g_top, units)}, {over}: ground is drawn down to the bottom; raise the slab, or "
            "narrow one of them")


def _over(lo: Fraction, hi: Fraction) -> str:
    """``"over x 6–14"``: an overlap in x, as the warnings write it."""
    return f"over x {number(lo)}–{number(hi)}"


def _tops(a: Section, b: Section, lo: Fraction, hi: Fraction, budget: _Budget) -> Iterator[tuple[Fraction, Fraction]]:
    """The two surfaces over each stretch of ``(lo, hi)`` over which neither section changes step, left to right:
    one stretch when both are flat; else one more per tread edge inside, all spent from ``budget`` before any is
    compared (none once it is spent)."""
    if a.stairs is None and b.stairs is None:
        yield a.elevation, b.elevation
        return
    if budget.left < 0:
        return
    edges_a, edges_b = _step_edges(a, lo, hi), _step_edges(b, lo, hi)
    budget.left -= len(edges_a) + len(edges_b) + 1
    if budget.left < 0:
        return
    cuts = sorted({lo, hi, *(a.x0 + a.stairs.tread * k for k in edges_a if a.stairs is not None),
                   *(b.x0 + b.stairs.tread * k for k in edges_b if b.stairs is not None)})
    for left, right in pairwise(cuts):
        mid = (left + right) / 2
        yield a.surface(mid), b.surface(mid)


def _step_edges(s: Section, lo: Fraction, hi: Fraction) -> range:
    """Which edges between two of a staircase's steps lie strictly inside ``(lo, hi)``: edge ``k`` is at
    ``x0 + k × tread``, between steps ``k − 1`` and ``k`` (none when flat)."""
    if s.stairs is None:
        return range(0)
    tread = s.stairs.tread
    return range(max(1, math.floor((lo - s.x0) / tread) + 1), min(s.steps - 1, math.ceil((hi - s.x0) / tread) - 1) + 1)
