"""The side view's frame: where a model point is drawn, and the pieces every part of the view draws with.

Two frames, picked once per unit system by :data:`SYSTEMS`:

* **Height** (abstract): :data:`UX` SVG units per drawing unit across,
  :data:`UH` per Height level up.
* **True scale** (feet, inches): one scale both ways (1 ft across is 1 ft
  up on screen), as large as :data:`TRUE_SCALE` and smaller for a
  battlefield that would not fit, with room for the tallest figure
  (:data:`SIZE_BY_SM`, drawing only: no rule reads it; kept in the core, :mod:`vertigo.figures`, where the
  editor's warnings read the same heights).

A :class:`_Frame` depends on the sections and the fighters' sizes, never on where the fighters stand, and is
worked out once per scenario (:data:`_MEMO`, the renderer's memo for every part of the view).  Markers
(:func:`_pin`) keep their size in CSS px while the terrain zooms under them.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar, cast

from vertigo import lengths
from vertigo.battlefield import Section
from vertigo.figures import FIGURE_FOOT, SIZE_BY_SM, figure_height, figure_size
from vertigo.numbers import fmt
from vertigo.table import Table

__all__ = ["System", "SYSTEMS", "figure_height", "SIZE_BY_SM", "UX", "UH", "TRUE_SCALE", "SLAB", "BAND",
           "MAX_DRAWN_STEPS"]

UX = 48.0
"""SVG units per drawing unit (horizontal), Height frame."""
UH = 40.0
"""SVG units per Height level (vertical), Height frame."""
TRUE_SCALE = 40.0
"""SVG units per foot or inch (both ways) of a true-scale view that fits; a larger battlefield is drawn smaller."""
SLAB = 0.3
"""Thickness of a slab, in Height levels of the Height frame (the same SVG thickness in every frame)."""
BAND = 11.0
"""Height of the highlight band under a section's surface, SVG units (fits in a slab)."""
MAX_DRAWN_STEPS = 2000
"""Most steps drawn one by one in a view; a battlefield with more draws its stairs as ramps (bounded work)."""

@dataclass(frozen=True)
class System:
    """How one unit system is drawn.

    Attributes:
        true_scale: one scale both ways, a length bar and fighters as figures
            of their size; False: the abstract Height frame (axis, tokens).
        per_x: SVG units per scenario unit across (true scale: at most;
            a large battlefield is drawn smaller to fit).
        per_y: SVG units per scenario unit up (true scale: the same as across).
        foot: scenario units one real foot of a figure is drawn as (0 for
            tokens): 1 in a feet scenario; in an inches scenario (tabletop
            skirmish, 002) figures are miniatures, 6 ft drawn as 1.25 in.
        length: a length as titles and labels write it (``Height 3``, ``8 ft``).
        short: a border's label (``H3``, ``8 ft``).
        desc: the sentence of ``<desc>`` that says what lengths are.
        min_px: the fewest CSS px one scenario unit is fitted at (``static/view.js``): a wider battlefield starts
            zoomed in from its left end.  7 px a Height level or an inch; 4 px a foot, so that a storey (10 ft) is
            40 px and a 6-ft figure 24 px, and a rooftop chase of 150 ft fits a laptop's view.
    """

    true_scale: bool
    per_x: float
    per_y: float
    foot: Fraction
    length: Callable[[Fraction], str]
    short: Callable[[Fraction], str]
    desc: str
    min_px: float = 7


def _system(units: str, foot: Fraction, desc: str, min_px: float) -> System:
    def show(v: Fraction) -> str:
        return lengths.show(v, units)

    return System(True, TRUE_SCALE, TRUE_SCALE, foot, show, show, desc, min_px)


SYSTEMS: Mapping[str, System] = {
    "height": System(False, UX, UH, FIGURE_FOOT["height"], lambda v: f"Height {fmt(v)}", lambda v: f"H{fmt(v)}",
                     "Elevations in Height levels."),
    "feet": _system("feet", FIGURE_FOOT["feet"], "Lengths in feet, drawn to scale.", 4),
    "inches": _system("inches", FIGURE_FOOT["inches"], "Lengths in inches, drawn to scale; fighters as miniatures.",
                      7),
}
"""The one place that tells unit systems apart: how each is drawn."""

# True-scale frame: room around the battlefield, SVG units.
_LEFT = 64.0  # the length bar
_RIGHT = 24.0
_TOP = 64.0  # names above the tallest figure on the highest section, lifted clear of each other
_BOTTOM = 56.0  # section names under the lowest surface
_FIT_W = 960.0
_FIT_H = 720.0
_ASPECT = 1.25
"""Narrowest a true-scale view is drawn: its width at least this many times its height."""


def _nice_floor(value: float) -> float:
    """The largest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × a power of ten that is at most ``value``."""
    k = math.floor(math.log10(value))
    for m in (8, 6, 5, 4, 3, 2.5, 2, 1.5, 1.2, 1):
        v = round(m * 10.0 ** k, max(0, 2 - k))
        if v <= value:
            return v
    return round(10.0 ** k, max(0, 2 - k))


def _low(s: Section) -> Fraction:
    """The lowest surface of a section (its elevation when flat)."""
    return min(s.surface(s.x0), s.surface(s.x1))


_T = TypeVar("_T")


class _Memo:
    """What the renderer worked out for one battlefield, kept for the next click.

    A drawing is a pure function of the table, but parts of it depend only
    on the scenario (the frame, the border labels, the place targets) or on
    the positions (the figures), and a click redraws the overlay many times
    over one unchanged scenario.  Each part is kept for the last few
    objects it was made from, found by identity (``is``) — never by hash
    or equality, which would walk all sections of a frozen scenario on
    every click.  Tables and scenarios are immutable, so a kept part can
    never be stale.  The pieces a part is written from (each section's group, each border's, each
    fighter's) are kept apart, by value (:meth:`pieces`): the editor's every edit makes a new scenario.
    """

    KEPT = 4
    """Objects remembered per part."""

    def __init__(self) -> None:
        self._parts: dict[str, list[tuple[object, Any]]] = {}
        self._pieces: dict[str, dict[Hashable, _Pieces]] = {}

    def get(self, part: str, key: object, make: Callable[[], _T]) -> _T:
        """``make()`` for ``key``, made once while ``key`` is among the last :data:`KEPT` of this part."""
        kept = self._parts.setdefault(part, [])
        for k, value in kept:
            if k is key:
                return cast(_T, value)
        value = make()
        kept.insert(0, (key, value))
        del kept[self.KEPT:]
        return value

    def pieces(self, part: str, scale: Hashable) -> _Pieces:
        """The pieces of one part of the drawing (each section's group, each border's) drawn at ``scale``
        (:attr:`_Frame.scale`), kept by value (:class:`_Pieces`) for the last :data:`KEPT` scales of the part."""
        kept = self._pieces.setdefault(part, {})
        pieces = kept.get(scale)
        if pieces is None:
            pieces = kept[scale] = _Pieces()
            while len(kept) > self.KEPT:
                del kept[next(iter(kept))]
        return pieces

    def clear(self) -> None:
        """Forget every part (what the drawing of a battlefield looks like changed: :mod:`vertigo_view.looks`)."""
        self._parts.clear()
        self._pieces.clear()


_NONE = object()


class _Pieces:
    """Pieces of one part of the drawing at one scale, each kept by the values it is drawn from.

    The editor makes a new scenario at every edit, so the memo's parts, found by identity, are all made again;
    a piece found here by value (a section's group by the section, what stands on it and its posts) is made
    again only when one of those values changed: a drop that moves one section draws that section's group and
    its borders', not the whole battlefield's.  A key holds every value its piece is drawn from (the scale
    apart: one :class:`_Pieces` per scale), so a kept piece is exactly what making it again would give.

    Kept in two generations of at most :data:`MOST` each: when the newer is full it becomes the older, and a
    piece asked for again moves back to the newer; what no drawing asked for over a whole generation goes.
    """

    MOST = 1024
    """Pieces in a generation (a battlefield holds at most 250 sections, 1,000 borders and 500 features)."""

    __slots__ = ("_new", "_old")

    def __init__(self) -> None:
        self._new: dict[Hashable, Any] = {}
        self._old: dict[Hashable, Any] = {}

    def get(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """The piece kept for ``key``, else ``make()`` (kept); a key that cannot be hashed (a rule set's field
        holding a list) is never kept."""
        try:
            value = self._new.get(key, _NONE)
        except TypeError:
            return make()
        if value is _NONE:
            value = self._old.pop(key, _NONE)
            if value is _NONE:
                value = make()
            if len(self._new) >= self.MOST:
                self._old, self._new = self._new, {}
            self._new[key] = value
        return cast(_T, value)


_MEMO = _Memo()
"""The renderer's memo (see :class:`_Memo`)."""


@dataclass(frozen=True)
class _Frame:
    """Model-to-SVG mapping for one table: the view's edges in scenario units and the scale."""

    left: float
    right: float
    top: float
    bottom: float
    system: System = SYSTEMS["height"]
    sx: float = UX
    sy: float = UH
    steps: bool = True

    @staticmethod
    def of(table: Table) -> _Frame:
        """The frame of a table's battlefield; it depends on the sections and the fighters' sizes, never on
        where the fighters stand, so a redraw of the fighters or the overlay fits the view drawn before.
        Worked out once per scenario (:data:`_MEMO`)."""
        return _MEMO.get("frame", table.scenario, lambda: _Frame._of(table))

    @staticmethod
    def _of(table: Table) -> _Frame:
        scenario = table.scenario
        sections = scenario.field.sections
        system = SYSTEMS[scenario.units]
        if not system.true_scale:
            lo = float(min(s.elevation for s in sections))
            hi = float(max(s.elevation for s in sections))
            return _Frame(
                float(min(s.x0 for s in sections)) - 1.6,
                float(max(s.x1 for s in sections)) + 0.4,
                hi + 2.2,
                lo - 1.2,
            )
        x0 = float(min(s.x0 for s in sections))
        x1 = float(max(s.x1 for s in sections))
        lo = float(min(_low(s) for s in sections))
        # A terrain feature may stand taller than every section: its top is drawn inside the view too.
        hi = float(max([s.top for s in sections] + [scenario.field.section(f.on).surface(f.centre) + f.height
                                                    for f in scenario.field.features]))
        tallest = float(max((figure_size(f, scenario.units) for f in scenario.fighters), default=0))
        wide, tall = x1 - x0, max(hi + tallest - lo, 1e-6)
        per = _nice_floor(min(system.per_x, (_FIT_W - _LEFT - _RIGHT) / wide, (_FIT_H - _TOP - _BOTTOM) / tall))
        # The view is as wide as the page: a tall narrow battlefield gets sky either side, not a page of scrolling.
        spare = max(0.0, _ASPECT * (tall * per + _TOP + _BOTTOM) - (wide * per + _LEFT + _RIGHT)) / 2
        steps = sum(s.steps for s in sections if s.stairs is not None) <= MAX_DRAWN_STEPS
        return _Frame(x0 - (_LEFT + spare) / per, x1 + (_RIGHT + spare) / per, hi + tallest + _TOP / per,
                      lo - _BOTTOM / per, system, per, per, steps)

    @property
    def scale(self) -> tuple[System, float, float, float, bool]:
        """What every piece of the drawing but the view's box, the sky and the scale is drawn with: the unit
        system, the scales across and up, the bottom (ground is filled down to it) and whether stairs are drawn
        step by step.  Not the view's left, right and top edges, which move whenever the battlefield's extent
        does (:meth:`_Memo.pieces`)."""
        return self.system, self.sx, self.sy, self.bottom, self.steps

    def x(self, units: float | Fraction) -> float:
        return round(float(units) * self.sx, 2)

    def y(self, height: float | Fraction) -> float:
        return round(-float(height) * self.sy, 2)

    @property
    def width(self) -> float:
        """Width of the view, SVG units."""
        return (self.right - self.left) * self.sx

    @property
    def height(self) -> float:
        """Height of the view, SVG units."""
        return (self.top - self.bottom) * self.sy

    @property
    def view_box(self) -> str:
        return f"{self.x(self.left)} {self.y(self.top)} {round(self.width, 2)} {round(self.height, 2)}"


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    e = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()})
    if text is not None:
        e.text = text
    return e


def _root(tag: str, **attrs: object) -> ET.Element:
    """An element with no parent, its attributes named and written as :func:`_el` names and writes them."""
    return ET.Element(tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()})


def _pin(parent: ET.Element, x: float, y: float, cls: str = "", rank: int | None = None, **attrs: object) -> ET.Element:
    """A marker at SVG point (x, y) whose content is drawn in CSS px at every zoom; returns the px group.

    ``<g class="pin" transform="translate(x y)"><g class="px">…</g></g>``: the page sets ``--k`` (SVG
    units per CSS px) on the root ``<svg>`` and ``.px`` is scaled by it (``static/style.css``), so a
    label, a tag or a token keeps its size in px while the terrain zooms under it.  Extra ``attrs``
    go on the px group, ``cls`` joins its class.  With a ``rank``, the marker is a label that may give
    way (``static/view.js``): the group returned is a ``g.lbl[data-rank]`` inside the px group.
    """
    outer = _el(parent, "g", class_="pin", transform=f"translate({round(x, 2)} {round(y, 2)})")
    px = _el(outer, "g", None, class_=f"px {cls}".strip(), **attrs)
    return px if rank is None else _el(px, "g", class_="lbl", data_rank=rank)


def _points(frame: _Frame, pts: list[tuple[Fraction, Fraction]], dy: float = 0.0) -> str:
    return " ".join(f"{frame.x(x)},{round(frame.y(h) + dy, 2)}" for x, h in pts)


def _text_width(text: str, size: float = 10.5) -> float:
    """A generous estimate of how wide a line of text is drawn, SVG units."""
    return round(len(text) * size * 0.6 + 4, 2)


def _short(name: str, most: int = 18) -> str:
    """A name as a label shows it: at most ``most`` characters, cut with an ellipsis (the full name is in the
    fighter's accessible name and tooltip)."""
    return name if len(name) <= most else name[:most - 1].rstrip() + "…"
