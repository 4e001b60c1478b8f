"""Sections, the borders between them, and their Height (ruling H1).

A battlefield is a graph: sections are nodes, borders are edges.  Each
section has an elevation (Height levels) and a horizontal extent (drawing
units), so the side view can show side-by-side and stacked sections; which
sections share a border is listed explicitly, never guessed from geometry.

Source: ``000_519d8b8e373365db.txt`` › Combat ("Height is a somewhat abstract
method of denoting the vertical distance between two sections at that
crossing"), ruling H1.

Rulings restated in ``docs/rules.md``: ``#h1-elevation-and-border-height``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .errors import UnknownSectionError
from .lengths import exact
from .numbers import fmt
from .text import isolate

if TYPE_CHECKING:
    from .features import Feature
    from .fields import Field

_V = TypeVar("_V")

__all__ = ["Section", "Stairs", "Border", "Battlefield", "SECTION_KINDS", "BORDER_KINDS"]

SECTION_KINDS = ("ground", "slab")
"""``ground``: solid down to the bottom of the view; ``slab``: a floor, roof
or balcony drawn as a thick plate with open space beneath it."""


@dataclass(frozen=True, slots=True)
class Stairs:
    """A flight of steps across a whole section (feet and inches scenarios).

    Attributes:
        rise: each step's rise over the one to its left, in the scenario's
            unit; negative for stairs that go down to the right.
        tread: each step's depth, in the scenario's unit (> 0); the last
            step takes what is left of the section.

    Source: issue 6 ("Stairs have 1-ft treads unless the scenario says
    otherwise"); ``001_cbc7fc1b49bd2ff2.txt`` ("fight your way up a
    staircase"), ruling G1.
    """

    rise: Fraction
    tread: Fraction

    def __post_init__(self) -> None:
        object.__setattr__(self, "rise", exact(self.rise))
        object.__setattr__(self, "tread", exact(self.tread))


@dataclass(frozen=True, slots=True)
class Section:
    """One section of the battlefield.

    Attributes:
        id: stable identifier, unique in the scenario.
        name: shown to the user, as text only.
        elevation: top surface, in Height levels (decimals allowed, H1).
        x0: left edge, in drawing units (one unit ≈ one section width).
        x1: right edge, in drawing units; ``x1 > x0``.
        kind: one of :data:`SECTION_KINDS`.
        stairs: the steps across it, or None for a flat surface; with
            stairs, ``elevation`` is the top of the leftmost step.
        values: ``(key, value)`` of the fields the rule sets declare on a section that the document sets
            (:mod:`vertigo.fields`); a rule set reads its own with ``section[FIELD]``.
    """

    id: str
    name: str
    elevation: Fraction
    x0: Fraction
    x1: Fraction
    kind: str = "ground"
    stairs: Stairs | None = None
    values: tuple[tuple[str, Any], ...] = ()

    def __getitem__(self, declared: Field[_V]) -> _V:
        """The value of a declared section field (its default when the document does not set it)."""
        return _value_of(self.values, declared)

    def __post_init__(self) -> None:
        # Lengths are exact whatever built the section: a float is read as the decimal it was written as.
        for name in ("elevation", "x0", "x1"):
            object.__setattr__(self, name, exact(getattr(self, name)))

    @property
    def centre(self) -> Fraction:
        """Horizontal centre, in the scenario's unit (drawing units in a Height scenario)."""
        return (self.x0 + self.x1) / 2

    @property
    def steps(self) -> int:
        """How many steps the section holds: 1 when flat, else its width ÷ tread, a part step counting in full."""
        if self.stairs is None:
            return 1
        return math.ceil((self.x1 - self.x0) / self.stairs.tread)

    def step_at(self, x: Fraction) -> int:
        """Which step (0 = leftmost) the horizontal position ``x`` stands on; positions off the section clamp."""
        if self.stairs is None:
            return 0
        return min(self.steps - 1, max(0, math.floor((x - self.x0) / self.stairs.tread)))

    def surface(self, x: Fraction | None = None) -> Fraction:
        """Height of the surface a fighter standing at ``x`` stands on, in the scenario's unit.

        Flat sections: the elevation everywhere.  Stairs: the elevation plus
        one rise per step to the left of ``x`` (G1: differences are measured
        between standing surfaces).  ``x`` None means the centre.
        """
        if self.stairs is None:
            return self.elevation
        return self.elevation + self.stairs.rise * self.step_at(self.centre if x is None else x)

    def surface_at_border(self, x: Fraction, other: Section) -> Fraction:
        """The surface a border drawn at ``x`` meets on this section, toward ``other`` (H1, G1).

        Flat: the elevation.  Stairs: the step whose tread holds ``x``; at a step boundary the step on the
        border's side, toward ``other`` (its centre left of ``x``: the step to the left); a border drawn off
        the section meets its nearer end step.

        Source: issue 20 ("The border graph, ``Battlefield.rise`` and the border tags use the step whose
        tread contains the border's x, or at a step boundary the step on the border's side").
        """
        if self.stairs is None:
            return self.elevation
        at = (exact(x) - self.x0) / self.stairs.tread
        step = math.floor(at)
        if step == at and other.centre < x:
            step -= 1
        return self.elevation + self.stairs.rise * min(self.steps - 1, max(0, step))

    @property
    def top(self) -> Fraction:
        """The highest surface of the section (its elevation when flat)."""
        if self.stairs is None:
            return self.elevation
        return self.elevation + max(Fraction(0), self.stairs.rise * (self.steps - 1))

    @property
    def bottom(self) -> Fraction:
        """The lowest surface of the section (its elevation when flat; a staircase's lowest step)."""
        if self.stairs is None:
            return self.elevation
        return self.elevation + min(Fraction(0), self.stairs.rise * (self.steps - 1))


BORDER_KINDS = ("stair", "ladder")
"""The kinds a border may be: a stair or a ladder (issue 19: one border object for every rule set)."""


@dataclass(frozen=True, slots=True)
class Border:
    """A border shared by two sections.

    Attributes:
        a: id of one section.
        b: id of the other.
        x: where the border is drawn, in drawing units.
        id: its own id, for a rule set that names borders (a ladder), or None.
        kind: what the border is, where a rule set tells borders apart: one of :data:`BORDER_KINDS`, or
            None for a plain border.
        values: ``(key, value)`` of the fields the rule sets declare on a border that the document sets
            (:mod:`vertigo.fields`); a rule set reads its own with ``border[FIELD]``.
    """

    a: str
    b: str
    x: Fraction
    id: str | None = None
    kind: str | None = None
    values: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "x", exact(self.x))

    def __getitem__(self, declared: Field[_V]) -> _V:
        """The value of a declared border field (its default when the document does not set it)."""
        return _value_of(self.values, declared)


def _value_of(values: tuple[tuple[str, Any], ...], declared: Field[_V]) -> _V:
    """The value of ``declared`` among ``values``, else its default."""
    for key, value in values:
        if key == declared.key:
            return cast(_V, value)
    return declared.default


def default_border_x(a: Section, b: Section) -> Fraction:
    """Where to draw the border of two sections (drawing units).

    Side by side: the gap or the touching edge between them.  Stacked or
    overlapping: the edge of the higher section nearer the other's centre.
    """
    if a.x1 <= b.x0:
        return (a.x1 + b.x0) / 2
    if b.x1 <= a.x0:
        return (b.x1 + a.x0) / 2
    upper, lower = (a, b) if a.elevation >= b.elevation else (b, a)
    return upper.x0 if abs(upper.x0 - lower.centre) <= abs(upper.x1 - lower.centre) else upper.x1


@dataclass(frozen=True)
class Battlefield:
    """The sections and borders of a scenario, with graph queries.

    Attributes:
        sections: every section, in document order.
        borders: every border, in document order.
        features: every terrain feature (:class:`vertigo.features.Feature`), in document order; only a
            rule set that reads features (``RuleSet.pieces``) gives them meaning.

    Raises:
        UnknownSectionError: a border names a section that is not listed.
    """

    sections: tuple[Section, ...]
    borders: tuple[Border, ...]
    features: tuple[Feature, ...] = ()
    _by_id: Mapping[str, Section] = field(init=False, repr=False, compare=False)
    _adjacent: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _links: Mapping[str, tuple[tuple[str, Fraction], ...]] = field(init=False, repr=False, compare=False)
    _order: Mapping[str, int] = field(init=False, repr=False, compare=False)
    _graph: tuple[tuple[tuple[int, Fraction, int], ...], ...] = field(init=False, repr=False, compare=False)
    _rises: tuple[Fraction, ...] = field(init=False, repr=False, compare=False)
    _steps: dict[str, dict[str, int]] = field(init=False, repr=False, compare=False)
    _first_rise: Mapping[tuple[str, str], Fraction] = field(init=False, repr=False, compare=False)
    _pairs: Mapping[tuple[str, str], Border] = field(init=False, repr=False, compare=False)
    _derived: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_id = {s.id: s for s in self.sections}
        adjacent: dict[str, list[str]] = {s.id: [] for s in self.sections}
        for border in self.borders:
            for end in (border.a, border.b):
                if end not in by_id:
                    raise UnknownSectionError(f"border names an unknown section: {end!r}")
            adjacent[border.a].append(border.b)
            adjacent[border.b].append(border.a)
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_adjacent", {k: tuple(v) for k, v in adjacent.items()})
        links: dict[str, list[tuple[str, Fraction]]] = {s.id: [] for s in self.sections}
        first: dict[tuple[str, str], Fraction] = {}
        for border in self.borders:
            low, high = self.border_surfaces(border, by_id)
            links[border.a].append((border.b, high - low))
            links[border.b].append((border.a, low - high))
            first.setdefault((border.a, border.b), high - low)
            first.setdefault((border.b, border.a), low - high)
        object.__setattr__(self, "_links", {k: tuple(v) for k, v in links.items()})
        object.__setattr__(self, "_first_rise", first)
        object.__setattr__(self, "_order", {s.id: i for i, s in enumerate(self.sections)})
        order = self._order
        rises: dict[Fraction, int] = {}
        object.__setattr__(self, "_graph", tuple(
            tuple((order[b], rise, rises.setdefault(rise, len(rises))) for b, rise in self._links[s.id])
            for s in self.sections))
        object.__setattr__(self, "_rises", tuple(rises))
        object.__setattr__(self, "_steps", {})
        pairs: dict[tuple[str, str], Border] = {}
        for border in self.borders:
            pairs.setdefault((border.a, border.b), border)
            pairs.setdefault((border.b, border.a), border)
        object.__setattr__(self, "_pairs", pairs)
        object.__setattr__(self, "_derived", {})

    @classmethod
    def build(cls, sections: Iterable[Section], pairs: Iterable[tuple[str, str]]) -> Battlefield:
        """Battlefield from sections and (a, b) border pairs, border x computed.

        Raises:
            UnknownSectionError: a pair names a section that is not listed.
        """
        sections = tuple(sections)
        by_id = {s.id: s for s in sections}
        borders = []
        for a, b in pairs:
            for end in (a, b):
                if end not in by_id:
                    raise UnknownSectionError(f"border names an unknown section: {end!r}")
            borders.append(Border(a, b, default_border_x(by_id[a], by_id[b])))
        return cls(sections, tuple(borders))

    def section(self, section_id: str) -> Section:
        """The section with this id.

        Raises:
            UnknownSectionError: no such section.
        """
        try:
            return self._by_id[section_id]
        except KeyError:
            raise UnknownSectionError(f"no section with id {section_id!r}") from None

    def __contains__(self, section_id: object) -> bool:
        return section_id in self._by_id

    def neighbours(self, section_id: str) -> tuple[str, ...]:
        """Ids of the sections that share a border with this one."""
        self.section(section_id)
        return self._adjacent[section_id]

    def links(self, section_id: str) -> tuple[tuple[str, Fraction], ...]:
        """``(neighbour id, rise)`` for every border of a section, in document order of the borders.

        The rise is :meth:`rise` (Height levels, + up), computed once per battlefield, so a path
        search does no arithmetic on elevations of its own.
        """
        self.section(section_id)
        return self._links[section_id]

    @property
    def graph(self) -> tuple[tuple[tuple[int, Fraction, int], ...], ...]:
        """:meth:`links` of every section by place: ``graph[i]`` holds ``(neighbour's place, rise, the rise's
        place in`` :attr:`rises` ``)`` for the section at place ``i`` (document order) — the form a path search
        walks fastest (a rule worked out per distinct rise is found by that number, not by hashing the
        Fraction)."""
        return self._graph

    @property
    def rises(self) -> tuple[Fraction, ...]:
        """Every distinct rise across a border (Height levels, or feet), in the order :attr:`graph` first meets
        them."""
        return self._rises

    def order(self, section_id: str) -> int:
        """Where the section stands in the document (0-based): the fixed order that breaks ties (H13)."""
        self.section(section_id)
        return self._order[section_id]

    def below(self, x: Fraction | int, height: Fraction | int) -> Section | None:
        """The section whose surface at ``x`` is the highest at or below ``height``: where a fighter dropped
        straight down from (x, height) lands (an edge fall, a missed jump).

        A section holds ``x`` from its left edge to its right edge, both included, so at an x two sections
        share both are looked at; of surfaces at the same height the one first in the document wins (H13).  A
        staircase's surface at ``x`` is its step there (:meth:`Section.surface`; at a step boundary, the
        step to the right).

        Args:
            x: the horizontal place, in the scenario's unit (drawing units in a Height scenario).
            height: the height to drop from, in the unit of the sections' elevations (Height levels, feet
                or inches); a surface exactly at it counts.

        Returns:
            The section, or None when no section's surface at ``x`` is at or below ``height``; what nothing
            below means is the rule set's to decide.

        Source: issue 20 ("``Battlefield.below(x, height)`` is the highest section top at x that is at or
        below the height"); ruling H13 (ties by document order).
        """
        x, height = exact(x), exact(height)
        best: Section | None = None
        best_top = Fraction(0)
        for s in self.sections:
            if s.x0 <= x <= s.x1:
                top = s.surface(x)
                if top <= height and (best is None or top > best_top):
                    best, best_top = s, top
        return best

    def border_between(self, a: str, b: str) -> Border | None:
        """The border of sections ``a`` and ``b`` (in either order), or None when they share none; of two
        borders of the same pair, the first in the document (H13)."""
        return self._pairs.get((a, b))

    def derived(self, name: str, build: Callable[[Battlefield], _V]) -> _V:
        """What a rule set works out once from this battlefield and keeps with it: ``build(self)`` the first
        time ``name`` is asked for, the same value after (the battlefield is immutable, so it never goes
        stale).  A rule set names its own entries (``"height.moving"``), so that no two collide.

        Source: issue 23 (a stated border Height changes the Height rules' movement graph, H15).
        """
        known = self._derived.get(name)
        if known is None:
            known = self._derived[name] = build(self)
        return cast(_V, known)

    def border_height(self, a: str, b: str) -> Fraction:
        """Height of the border a → b, Height levels, always ≥ 0 (H1)."""
        return abs(self.rise(a, b))

    def border_surfaces(self, border: Border, by_id: Mapping[str, Section] | None = None
                        ) -> tuple[Fraction, Fraction]:
        """The surfaces a border meets on its two sections, ``(on a, on b)``, in the elevations' unit: each
        section's :meth:`Section.surface_at_border` at the border's x (a staircase's step there).

        Raises:
            UnknownSectionError: the border names a section that is not listed.
        """
        sections = self._by_id if by_id is None else by_id
        try:
            a, b = sections[border.a], sections[border.b]
        except KeyError as e:
            raise UnknownSectionError(f"border names an unknown section: {e.args[0]!r}") from None
        return a.surface_at_border(border.x, b), b.surface_at_border(border.x, a)

    def rise(self, a: str, b: str) -> Fraction:
        """Signed change of height from a to b, Height levels or the scenario's unit (+ up, − down).

        Across a border: between the surfaces it meets (:meth:`border_surfaces`; of two borders of the same
        pair, the first in the document, H13).  Between sections with no border: their elevations.

        Raises:
            UnknownSectionError: either id is not a section.

        Source: ruling H1; issue 20 (stairs measured at the border).
        """
        across = self._first_rise.get((a, b))
        if across is not None:
            return across
        return self.section(b).elevation - self.section(a).elevation

    def steps_from(self, start: str) -> dict[str, int]:
        """Fewest borders crossed from ``start`` to each connected section (BFS), in the order the search
        reached them; a new dict each call.

        Each start's search runs once per battlefield (the battlefield is immutable): comparing every Move
        entry at every section (:func:`vertigo.options.judge_options`) asks for the same starts thousands of
        times.

        Raises:
            UnknownSectionError: no such section.
        """
        self.section(start)
        known = self._steps.get(start)
        if known is None:
            known = self._steps[start] = self._search_steps(start)
        return dict(known)

    def _search_steps(self, start: str) -> dict[str, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self._adjacent[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    def describe_border(self, a: str, b: str) -> str:
        """``"Street → Ledge: up Height 3"`` (names as text)."""
        rise = self.rise(a, b)
        names = f"{isolate(self.section(a).name)} → {isolate(self.section(b).name)}"
        if rise == 0:
            return f"{names}: Height 0 (no Height)"
        return f"{names}: {'up' if rise > 0 else 'down'} Height {fmt(abs(rise))}"
