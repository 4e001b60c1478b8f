"""The side view: a table in, SVG text out.

A terrain cross-section: sky, ground filled down to the bottom of the view,
slabs (floors, roofs, balconies) drawn as plates with open space beneath,
stairs as steps, every border with its height label, a scale, and the
fighters.  The overlay (selection, reachable sections, the route, the line of
a shot, a blocking section, the dimension line of a levels verdict, the
sections a fighter may be placed on) is a separate group that can be redrawn
alone, so a click redraws only what changed.

Two frames, picked once per unit system by :data:`SYSTEMS`:

* **Height** (abstract): :data:`UX` SVG units per drawing unit across,
  :data:`UH` per Height level up, a Height axis, fighters as round tokens
  spread along their section.
* **True scale** (feet, inches): one scale both ways (1 ft across is 1 ft
  up on screen), a length bar (``5 ft``), fighters as standing figures as
  tall as their Size Modifier makes them (:data:`SIZE_BY_SM`), each at its own
  place (:meth:`vertigo.table.Table.stand`) with its feet on its standing
  surface (:meth:`vertigo.table.Table.surface`).

The root ``<svg>`` carries what the page needs to turn a click into a place:

* ``data-units``: the scenario's unit system (``height``, ``feet``, ``inches``);
* ``data-per-unit``: SVG user units per scenario unit across, so a click at
  user x stands at scenario x = ``user_x / data-per-unit`` (and at scenario
  height = ``-user_y / data-per-unit`` in a true-scale view).

Sections are ``g.section[data-section]``, fighters ``g.fighter[data-fighter]``.

Built with :mod:`xml.etree.ElementTree`, so every name and title is escaped
as text; nothing from a scenario reaches the SVG as markup.  Written out by
:func:`vertigo_view.markup.to_xml` (ElementTree's text, without the cost of
its serialiser).
"""

from __future__ import annotations

import html
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeVar, cast

from vertigo import lengths
from vertigo.battlefield import Section
from vertigo.numbers import fmt
from vertigo.rules.levels.rules.fields import SM
from vertigo.scenario import Fighter
from vertigo.table import Table
from vertigo.text import isolate

from .lines import over_tops
from .markup import to_xml

__all__ = ["Highlights", "OverlayParts", "render", "render_fighters", "render_overlay", "overlay_parts",
           "figure_height", "SIDE_COLOURS", "SIZE_BY_SM", "SYSTEMS", "System", "UX", "UH", "TRUE_SCALE"]

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
TOKEN_R = 14.0
"""Radius of a fighter token, CSS px at every zoom (a marker: see :func:`_pin`)."""
MIN_TAP = 28.0
"""Smallest side of a fighter's click target, CSS px at every zoom."""
LINE_CLEARANCE = 12.0
"""How far above the tops of the sections it crosses a line of shot is drawn, SVG units (Height frame: it
leaves and reaches each fighter that far above its section, inside the token at the usual zooms)."""
MIN_TREAD = 3.0
"""Narrowest a stair's tread is drawn as its own step, SVG units (narrower: the flight is drawn as a ramp)."""
MAX_DRAWN_STEPS = 2000
"""Most steps drawn one by one in a view; a battlefield with more draws its stairs as ramps (bounded work)."""


SIDE_COLOURS = ("#b3261e", "#1f5fae", "#1e7b47", "#7b3fa0", "#a0620b", "#0b7a7a", "#6d4c41", "#455a64")
"""Token colours by side, in order of first appearance (cycled)."""

SIZE_BY_SM: Mapping[int, Fraction] = {
    -10: Fraction(1, 8), -9: Fraction(1, 6), -8: Fraction(1, 4), -7: Fraction(5, 12), -6: Fraction(2, 3),
    -5: Fraction(1), -4: Fraction(3, 2), -3: Fraction(2), -2: Fraction(3), -1: Fraction(9, 2), 0: Fraction(6),
    1: Fraction(9), 2: Fraction(15), 3: Fraction(21), 4: Fraction(30), 5: Fraction(45), 6: Fraction(60),
    7: Fraction(90), 8: Fraction(150), 9: Fraction(210), 10: Fraction(300),
}
"""How tall a fighter is drawn, in feet, by Size Modifier: the longest dimension of the GURPS Size and
Speed/Range table (SM 0: 2 yd; −2: 1 yd; +1: 3 yd … +10: 100 yd; −3: 2 ft … −10: 1.5 in).  Drawing only:
no rule reads it (the levels rules measure between standing surfaces, G1)."""

# The parts of a standing figure, as fractions of its height.
_HEAD_R = 0.07
_BODY_W = 0.17
_CROTCH = 0.45


@dataclass(frozen=True)
class Highlights:
    """What the overlay marks.

    Attributes:
        selected: id of the selected fighter, or None.
        reachable: section id → minimum falling d6 to get there (H3).
        destination: section id being judged, or None.
        destination_ok: the verdict on it (True allowed, False not).
        route: section ids of the chosen route.
        target: id of the fighter targeted, or None.
        shot_ok: whether any action reaches (None: no shot judged).
        blocked_by: id of the section that blocks the shot, or None.
        levels: (attacker id, defender id) of a levels verdict: a dimension
            line between their standing surfaces, labelled with the
            difference (G1); None for none.
        levels_effective: with the strange position (G3), the difference
            that counts once the upper fighter lies down (d − 3 ft); the
            label then reads "8 ft, 5 ft lying down".  None: standing.
        placing: the referee is placing the selected fighter by hand: every
            section is marked as a place target (``.place-target``).
        shot_path: section ids of the line of shot the core judged, shooter to
            target (:attr:`vertigo.ranged.Line.path`); the shot is drawn over
            their tops (:func:`vertigo_view.lines.over_tops`).  Empty: no line
            (not connected), none drawn.
        shot_overridden: the shot's drawn answer (``shot_ok``) is the DM's, not
            the rules' (H7): the line is drawn ``.overridden`` and a blocking
            section is no longer said to block it.
    """

    selected: str | None = None
    reachable: Mapping[str, int] = field(default_factory=dict)
    destination: str | None = None
    destination_ok: bool | None = None
    route: tuple[str, ...] = ()
    target: str | None = None
    shot_ok: bool | None = None
    blocked_by: str | None = None
    levels: tuple[str, str] | None = None
    levels_effective: Fraction | None = None
    placing: bool = False
    shot_path: tuple[str, ...] = ()
    shot_overridden: bool = False


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
    """

    true_scale: bool
    per_x: float
    per_y: float
    foot: Fraction
    length: Callable[[Fraction], str]
    short: Callable[[Fraction], str]
    desc: str


def _system(units: str, foot: Fraction, desc: str) -> System:
    def show(v: Fraction) -> str:
        return lengths.show(v, units)

    return System(True, TRUE_SCALE, TRUE_SCALE, foot, show, show, desc)


SYSTEMS: Mapping[str, System] = {
    "height": System(False, UX, UH, Fraction(0), lambda v: f"Height {fmt(v)}", lambda v: f"H{fmt(v)}",
                     "Elevations in Height levels."),
    "feet": _system("feet", Fraction(1), "Lengths in feet, drawn to scale."),
    "inches": _system("inches", Fraction(5, 24), "Lengths in inches, drawn to scale; fighters as miniatures."),
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
_GAP = 30.0
"""Narrowest gap between two figures that a dimension line is drawn in, SVG units."""


def figure_height(sm: int) -> Fraction:
    """How tall a fighter of Size Modifier ``sm`` is drawn, in feet (:data:`SIZE_BY_SM`, clamped to its ends)."""
    return SIZE_BY_SM[min(max(SIZE_BY_SM), max(min(SIZE_BY_SM), sm))]


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


def _profile(s: Section, frame: _Frame) -> list[tuple[Fraction, Fraction]]:
    """(x, height) along a section's surface, left to right: two points when flat, two per step on stairs.

    Stairs whose treads would be drawn under :data:`MIN_TREAD` wide are drawn as a ramp from the first
    step to the last (two points): a battlefield of a thousand feet does not need 200 hairline steps.  So are
    all stairs of a battlefield of more than :data:`MAX_DRAWN_STEPS` steps in all.
    """
    if s.stairs is None:
        return [(s.x0, s.elevation), (s.x1, s.elevation)]
    if not frame.steps or float(s.stairs.tread) * frame.sx < MIN_TREAD:
        return [(s.x0, s.surface(s.x0)), (s.x1, s.surface(s.x1))]
    points: list[tuple[Fraction, Fraction]] = []
    for i in range(s.steps):
        a = s.x0 + s.stairs.tread * i
        b = min(s.x1, a + s.stairs.tread)
        h = s.elevation + s.stairs.rise * i
        points += [(a, h), (b, h)]
    return points


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
    never be stale.
    """

    KEPT = 4
    """Objects remembered per part."""

    def __init__(self) -> None:
        self._parts: dict[str, list[tuple[object, Any]]] = {}

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
        hi = float(max(s.top for s in sections))
        tallest = float(max((figure_height(f[SM]) * system.foot for f in scenario.fighters), default=0))
        wide, tall = x1 - x0, max(hi + tallest - lo, 1e-6)
        per = _nice_floor(min(system.per_x, (_FIT_W - _LEFT - _RIGHT) / wide, (_FIT_H - _TOP - _BOTTOM) / tall))
        # The view is as wide as the page: a tall narrow battlefield gets sky either side, not a page of scrolling.
        spare = max(0.0, _ASPECT * (tall * per + _TOP + _BOTTOM) - (wide * per + _LEFT + _RIGHT)) / 2
        steps = sum(s.steps for s in sections if s.stairs is not None) <= MAX_DRAWN_STEPS
        return _Frame(x0 - (_LEFT + spare) / per, x1 + (_RIGHT + spare) / per, hi + tallest + _TOP / per,
                      lo - _BOTTOM / per, system, per, per, steps)

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


def _side_colour(table: Table) -> dict[str, str]:
    return {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(table.scenario.sides)}


def token_positions(table: Table) -> Mapping[str, tuple[float, float]]:
    """SVG point of every fighter's token (Height frame): on its section's top, spread evenly along it.

    The token is a marker drawn :data:`TOKEN_R` + 1 px above that point at every zoom (:func:`_pin`).
    Worked out once per positions tuple (:data:`_MEMO`, as :func:`_figures`): a click asks for it more than once.
    """
    return _MEMO.get("tokens", table.positions, lambda: MappingProxyType(_token_positions(table)))


def _token_positions(table: Table) -> dict[str, tuple[float, float]]:
    field_ = table.scenario.field
    out: dict[str, tuple[float, float]] = {}
    frame = _Frame.of(table)
    for sid, fids in table.crowds.items():
        s = field_.section(sid)
        n = len(fids)
        for i, fid in enumerate(fids):
            cx = s.x0 + (s.x1 - s.x0) * (i + 1) / (n + 1)
            out[fid] = (frame.x(cx), frame.y(s.elevation))
    return out


@dataclass(frozen=True)
class _Figure:
    """Where a fighter is drawn, SVG units: its centre line, feet, height and width (0 for a token)."""

    cx: float
    feet: float
    h: float
    w: float

    @property
    def mid(self) -> float:
        """The y of the middle of the figure (a token's centre)."""
        return round(self.feet - self.h / 2, 2)


def _figures(table: Table, frame: _Frame) -> dict[str, _Figure]:
    """Where every fighter is drawn.

    Height frame: tokens as :func:`token_positions` spreads them.  True
    scale: each at its own place with its feet on its standing surface; two
    at the very same place are drawn side by side, a little apart.
    """
    # Kept by the positions tuple, not the table: a verdict or an override logs a line (a new table) but
    # moves no one.  A move, a placing or an undo makes a new positions tuple (offsets change only with
    # one), and a tuple belongs to one scenario's tables.
    return _MEMO.get("figures", table.positions, lambda: _figures_of(table, frame))


def _figures_of(table: Table, frame: _Frame) -> dict[str, _Figure]:
    if not frame.system.true_scale:
        return {fid: _Figure(cx, cy, 0.0, 0.0) for fid, (cx, cy) in token_positions(table).items()}
    out: dict[str, _Figure] = {}
    seen: dict[tuple[float, float], int] = {}
    for f in table.scenario.fighters:
        _, x = table.stand(f.id)
        cx, feet = frame.x(x), frame.y(table.surface(f.id))
        h = round(float(figure_height(f[SM]) * frame.system.foot) * frame.sy, 2)
        w = round(h * _BODY_W, 2)
        k = seen.get((cx, feet), 0)
        seen[(cx, feet)] = k + 1
        # The k-th fighter at one spot stands half a body (at least half a tap target, in SVG units) aside,
        # right then left.
        step = max(MIN_TAP / 2, w / 2)
        cx = round(cx + step * ((k + 1) // 2) * (1 if k % 2 else -1), 2)
        out[f.id] = _Figure(cx, feet, h, w)
    return out


def _text_width(text: str, size: float = 10.5) -> float:
    """A generous estimate of how wide a line of text is drawn, SVG units."""
    return round(len(text) * size * 0.6 + 4, 2)


def _defs(svg: ET.Element, frame: _Frame) -> None:
    defs = _el(svg, "defs")
    # In user space, from the frame's top to its bottom: the sky and the earth reach past the frame.
    sky = _el(defs, "linearGradient", id="sky", gradientUnits="userSpaceOnUse", x1=0, y1=frame.y(frame.top), x2=0,
              y2=frame.y(frame.bottom))
    _el(sky, "stop", offset="0", stop_color="#8fc1e6")
    _el(sky, "stop", offset="1", stop_color="#e6f1f8")
    earth = _el(defs, "linearGradient", id="earth", gradientUnits="userSpaceOnUse", x1=0, y1=frame.y(frame.top), x2=0,
                y2=frame.y(frame.bottom))
    _el(earth, "stop", offset="0", stop_color="#8a7252")
    _el(earth, "stop", offset="1", stop_color="#5e4a33")


def _section_label(s: Section, frame: _Frame) -> str:
    length = frame.system.length
    if s.stairs is None:
        return f"Section {isolate(s.name)}, {length(s.elevation)}"
    return (f"Section {isolate(s.name)}, {s.steps} steps from {length(s.surface(s.x0))} "
            f"to {length(s.surface(s.x1))}")


def _terrain(svg: ET.Element, table: Table, frame: _Frame) -> None:
    g = _el(svg, "g", id="terrain")
    field_ = table.scenario.field
    # Ground first so slabs, which stand above it, are drawn over it; left to right
    # within each, which is also the keyboard's Tab order.
    ordered = sorted(field_.sections, key=lambda s: (s.kind != "ground", s.x0, s.elevation))
    thick = SLAB * UH
    for s in ordered:
        label = _section_label(s, frame)
        sg = _el(g, "g", id=f"section-{s.id}", class_=f"section {s.kind}" + (" stairs" if s.stairs else ""),
                 data_section=s.id, role="button", tabindex=0, aria_label=label)
        _el(sg, "title", label)
        x0, x1 = frame.x(s.x0), frame.x(s.x1)
        top = frame.y(s.elevation)
        low = frame.y(_low(s))
        if s.kind == "ground":
            bottom = frame.y(frame.bottom)
            if s.stairs is None:
                _el(sg, "rect", class_="body", x=x0, y=top, width=round(x1 - x0, 2), height=round(bottom - top, 2))
            else:
                pts = [(s.x0, Fraction(frame.bottom)), *_profile(s, frame), (s.x1, Fraction(frame.bottom))]
                _el(sg, "polygon", class_="body", points=_points(frame, pts))
        else:
            high = frame.y(s.top)
            # A thin slab is hard to hit: its name below it answers clicks too.
            _el(sg, "rect", class_="hit", x=x0, y=high, width=round(x1 - x0, 2),
                height=round(low - high + thick + 18, 2))
            below = _support_below(field_.sections, s, frame)
            for px in (x0 + 3, x1 - 9):
                _el(sg, "rect", class_="post", x=round(px, 2), y=low + thick, width=6,
                    height=round(max(0.0, frame.y(below) - low - thick), 2))
            if s.stairs is None:
                _el(sg, "rect", class_="body", x=x0, y=top, width=round(x1 - x0, 2), height=round(thick, 2))
            else:
                prof = _profile(s, frame)
                _el(sg, "polygon", class_="body",
                    points=_points(frame, prof) + " " + _points(frame, prof[::-1], thick))
        if s.stairs is None:
            _el(sg, "line", class_="surface", x1=x0, y1=top, x2=x1, y2=top)
        else:
            _stairs(sg, s, frame)


def _stairs(sg: ET.Element, s: Section, frame: _Frame) -> None:
    """Each tread as a ``line.surface.tread`` at its step's surface (``data-step``, 0 = leftmost), risers between."""
    prof = _profile(s, frame)
    if len(prof) == 2:  # drawn as a ramp
        (a, ha), (b, hb) = prof
        _el(sg, "line", class_="surface", x1=frame.x(a), y1=frame.y(ha), x2=frame.x(b), y2=frame.y(hb))
        return
    for i in range(0, len(prof), 2):
        (a, h), (b, _) = prof[i], prof[i + 1]
        y = frame.y(h)
        if i:
            _el(sg, "line", class_="riser", x1=frame.x(a), y1=frame.y(prof[i - 1][1]), x2=frame.x(a), y2=y,
                stroke="#3f3427", stroke_width=1.5)
        _el(sg, "line", class_="surface tread", data_step=i // 2, x1=frame.x(a), y1=y, x2=frame.x(b), y2=y)


def _support_below(sections: tuple[Section, ...], slab: Section, frame: _Frame) -> float:
    """Height of the highest surface under a slab's middle (where its posts stand).

    With nothing under it: one Height level down in the Height frame, the bottom of the view at true scale.
    """
    mid = slab.centre
    floor = _low(slab)
    under = [s.surface(mid) for s in sections if s is not slab and s.x0 <= mid <= s.x1 and s.surface(mid) < floor]
    if under:
        return float(max(under))
    return frame.bottom if frame.system.true_scale else float(slab.elevation - 1)


@dataclass(frozen=True)
class _BorderMark:
    """Where a border and its label are drawn, SVG units."""

    h: Fraction
    x: float
    lo: float
    hi: float
    label_y: float
    text: str
    w: float


def _border_marks(table: Table, frame: _Frame) -> list[_BorderMark]:
    """Every border's line and label, in document order (once per scenario and frame, :data:`_MEMO`)."""
    return _MEMO.get("borders", frame, lambda: _border_marks_of(table, frame))


def _border_marks_of(table: Table, frame: _Frame) -> list[_BorderMark]:
    field_ = table.scenario.field
    out = []
    for b in field_.borders:
        a, c = field_.section(b.a), field_.section(b.b)
        # Measured where the border is drawn: a flight of stairs meets its neighbours at its end steps.
        ha, hc = a.surface(b.x), c.surface(b.x)
        h = abs(ha - hc)
        lo, hi = sorted((ha, hc))
        ly = (frame.y(hi) + frame.y(lo)) / 2 if h else frame.y(hi) - 14
        # A border between two sections at the same height gets no tag: "H0" / "0 ft" says nothing the eye
        # does not already see.  Its line and its title stay.
        text = frame.system.short(h) if h else ""
        out.append(_BorderMark(h, frame.x(b.x), frame.y(lo), frame.y(hi), ly, text,
                               max(30.0, _text_width(text, 11) + 4) if text else 0.0))
    return out


def _borders(svg: ET.Element, table: Table, frame: _Frame) -> None:
    g = _el(svg, "g", id="borders")
    field_ = table.scenario.field
    for b, m in zip(field_.borders, _border_marks(table, frame), strict=True):
        a, c = field_.section(b.a), field_.section(b.b)
        x, h = m.x, m.h
        bg = _el(g, "g", id=f"border-{b.a}--{b.b}", class_="border" + (" flat" if h == 0 else ""),
                 data_border=f"{b.a}|{b.b}", data_height=fmt(h))
        _el(bg, "title", f"Border {isolate(a.name)} – {isolate(c.name)}: {frame.system.length(h)}")
        _el(bg, "line", class_="border-line",
            x1=x, y1=m.hi - (6 if h == 0 else 0), x2=x, y2=m.lo + (6 if h == 0 else 0))


def _labels(table: Table, frame: _Frame) -> ET.Element:
    """The ``<g id="labels">`` group: every section's name and every border's Height tag, as markers.

    Drawn last, over the overlay and the fighters, so no line of a move or a shot and no figure hides a
    label.  Each is a ``.lbl`` with a
    ``data-rank`` (Height tags 2, section names 3; fighters' names are 1, the overlay's labels 0): where
    the page cannot show two without overlap at the current zoom, the higher rank gives way
    (``static/view.js``) and comes back as the view zooms in.
    """
    g = ET.Element("g", {"id": "labels", "aria-hidden": "true"})
    field_ = table.scenario.field
    thick = SLAB * UH
    for b, m in zip(field_.borders, _border_marks(table, frame), strict=True):
        if not m.text:
            continue
        px = _pin(g, m.x, m.label_y, "border-mark", rank=2, data_border=f"{b.a}|{b.b}")
        px.set("data-slide", "v")  # may slide along its border's line to make room
        _el(px, "rect", class_="border-tag", x=round(-m.w / 2, 2), y=-9, width=fmt(m.w), height=16, rx=4)
        _el(px, "text", m.text, class_="border-label", x=0, y=3.5)
    for s in sorted(field_.sections, key=lambda s: (s.kind != "ground", s.x0, s.elevation)):
        low = frame.y(_low(s))
        cx = round((frame.x(s.x0) + frame.x(s.x1)) / 2, 2)
        if s.kind == "ground":
            px = _pin(g, cx, low, "section-mark")
            y = BAND + 14
        else:
            px = _pin(g, cx, low + thick, "section-mark")
            y = 13.0
        _el(px, "text", _short(s.name, 30), class_="section-name lbl", data_rank=3, data_section=s.id, x=0, y=y)
    return g


def _scale(svg: ET.Element, table: Table, frame: _Frame) -> None:
    g = _el(svg, "g", id="scale", aria_hidden="true")
    if frame.system.true_scale:
        _length_bar(g, table, frame)
        return
    x = frame.x(frame.left + 0.7)
    lo, hi = math.ceil(frame.bottom), math.floor(frame.top - 1)
    step = max(1, math.ceil((hi - lo) / 16))
    _el(g, "line", class_="scale-axis", x1=x, y1=frame.y(lo), x2=x, y2=frame.y(hi))
    for level in range(lo, hi + 1):
        if level % step:
            continue
        y = frame.y(level)
        _el(g, "line", class_="scale-tick", x1=x - 4, y1=y, x2=x + 4, y2=y)
        _el(_pin(g, x, y, rank=4), "text", str(level), class_="scale-label", x=-8, y=4)
    _el(_pin(g, x, frame.y(hi), rank=4), "text", "Height", class_="scale-title", x=0, y=-10)


def _bar_length(frame_height: float, per: float) -> Fraction:
    """The length bar of a true-scale view, in scenario units: 1, 2 or 5 × a power of ten, at most 200 SVG
    units and under half the view's height."""
    room = min(200.0, frame_height * 0.45) / per
    k = math.floor(math.log10(room))
    best = Fraction(10) ** k
    for m in (5, 2):
        if Fraction(m) * Fraction(10) ** k <= Fraction(room):
            best = Fraction(m) * Fraction(10) ** k
            break
    return best


def _length_bar(g: ET.Element, table: Table, frame: _Frame) -> None:
    """A vertical bar left of the battlefield, standing on the lowest surface, labelled with its length (``5 ft``).

    Across and up share one scale, so it measures both ways.
    """
    size = _bar_length(frame.height, frame.sy)
    base = frame.bottom + _BOTTOM / frame.sy
    x = round(frame.x(min(s.x0 for s in table.scenario.field.sections)) - 22, 2)
    y0, y1 = frame.y(base), round(frame.y(base) - float(size) * frame.sy, 2)
    g.set("data-length", str(size))
    _el(g, "line", class_="scale-axis", x1=x, y1=y0, x2=x, y2=y1)
    for y in (y0, y1):
        _el(g, "line", class_="scale-tick", x1=x - 5, y1=y, x2=x + 5, y2=y)
    _el(_pin(g, x, round((y0 + y1) / 2, 2), rank=4), "text", frame.system.length(size), class_="scale-label", x=-7,
        y=4)
    _el(_pin(g, x, y1, rank=4), "text", "Scale", class_="scale-title", x=0, y=-10)


def _fighters(table: Table) -> ET.Element:
    """The ``<g id="fighters">`` group: one token or figure, name and click target per fighter.

    Tokens and names are markers (:func:`_pin`): the same size in px at every zoom, a token
    :data:`TOKEN_R` px in radius standing on its section's top.  Fighters sharing a section
    alternate their names' heights so long names clear each other; a name the page cannot fit
    without overlapping another label gives way (``.lbl``, ``data-rank``: ``static/view.js``).
    """
    g = ET.Element("g", {"id": "fighters"})
    frame = _Frame.of(table)
    if frame.system.true_scale:
        _standing(g, table, frame)
        return g
    colours = _side_colour(table)
    where = token_positions(table)
    stagger: dict[str, int] = {}
    for sid in sorted({sid for _, sid in table.positions}):
        for i, fid in enumerate(table.fighters_on(sid)):
            stagger[fid] = i
    for f in table.scenario.fighters:
        cx, cy = where[f.id]
        fg = _fighter_group(g, table, f)
        lift = 13 * (stagger.get(f.id, 0) % 2)
        _token(fg, cx, cy, f, colours[f.side], lift)
    return g


def _short(name: str, most: int = 18) -> str:
    """A name as a label shows it: at most ``most`` characters, cut with an ellipsis (the full name is in the
    fighter's accessible name and tooltip)."""
    return name if len(name) <= most else name[:most - 1].rstrip() + "…"


def _token(fg: ET.Element, x: float, y: float, f: Fighter, colour: str, lift: float = 0.0,
           name_at: tuple[float, float] | None = None) -> None:
    """A token marker: a hit target, the disc and the initial, and the fighter's name (``.lbl``, rank 1).

    Height frame: the disc stands on SVG point (x, y) and the name is above it (``lift`` px higher).
    True scale: the disc is centred on (x, y), the middle of the figure, and the name stands on
    ``name_at``, the top of the figure's head.
    """
    px = _pin(fg, x, y)
    cy = -TOKEN_R - 1 if name_at is None else 0.0
    _el(px, "rect", class_="hit", x=-MIN_TAP / 2, y=round(cy - MIN_TAP / 2, 2), width=MIN_TAP, height=MIN_TAP)
    _el(px, "circle", class_="token", cx=0, cy=cy, r=TOKEN_R, fill=colour)
    _el(px, "text", f.name[:1].upper(), class_="token-initial", x=0, y=round(cy + 4.5, 2))
    if name_at is None:
        name = px
        name_y = cy - TOKEN_R - 5 - lift
        _el(px, "rect", class_="hit", x=-MIN_TAP / 2, y=round(name_y - 12, 2), width=MIN_TAP,
            height=round(cy - MIN_TAP / 2 - name_y + 12, 2))
    else:
        name, name_y = _pin(fg, *name_at), -6.0
    # A figure's name may slide sideways over its head where a neighbour's head stands (static/view.js).
    slide = {} if name_at is None else {"data_slide": "h"}
    _el(name, "text", _short(f.name), class_="token-name lbl", data_rank=1, x=0, y=round(name_y, 2), **slide)


def _fighter_group(g: ET.Element, table: Table, f: Fighter) -> ET.Element:
    """A fighter's ``g.fighter`` (a keyboard button named for the fighter and where it stands)."""
    sec = table.scenario.field.section(table.position(f.id))
    label = f"{isolate(f.name)} ({isolate(f.side)}) on {isolate(sec.name)}"
    fg = _el(g, "g", id=f"fighter-{f.id}", class_="fighter", data_fighter=f.id, data_side=f.side,
             role="button", tabindex=0, aria_label=label)
    _el(fg, "title", label)
    return fg


def _standing(g: ET.Element, table: Table, frame: _Frame) -> None:
    """True scale: each fighter a standing figure of its size — a head and a body in its side's colour —
    with its token marker (:func:`_token`) on its middle, so a fighter is a tap target of at least
    :data:`MIN_TAP` px and its name (over its head) reads however small the figure is drawn.

    The ``g.fighter.figure`` also carries ``data-sm`` (its Size Modifier),
    ``data-feet`` and ``data-top`` (SVG y of its feet and of the top of its
    head).
    """
    colours = _side_colour(table)
    figures = _figures(table, frame)
    # Drawn tallest-reaching first: a name stands over its own figure's head, where a taller neighbour's head
    # often is, and a group drawn later paints over one drawn before (an SVG has no z-index). So the lower
    # names come after the higher heads. Ties keep the document's order.
    fighters = table.scenario.fighters
    order = sorted(range(len(fighters)), key=lambda i: (figures[fighters[i].id].feet - figures[fighters[i].id].h, i))
    for f in (fighters[i] for i in order):
        fig = figures[f.id]
        fg = _fighter_group(g, table, f)
        fg.set("class", "fighter figure")
        fg.set("data-sm", str(f[SM]))
        fg.set("data-feet", fmt(fig.feet))
        fg.set("data-top", fmt(round(fig.feet - fig.h, 2)))
        # The figure answers clicks too, however thin it is drawn.
        half = fig.w / 2 + 2
        _el(fg, "rect", class_="hit", x=round(fig.cx - half, 2), y=round(fig.feet - fig.h, 2),
            width=round(2 * half, 2), height=round(fig.h, 2))
        _figure(fg, fig, colours[f.side])
        _token(fg, fig.cx, fig.mid, f, colours[f.side], name_at=(fig.cx, round(fig.feet - fig.h, 2)))


def _figure(fg: ET.Element, fig: _Figure, colour: str) -> None:
    """The figure: a head touching the top, a body from the neck to the feet with two legs."""
    h, w, cx, feet = fig.h, fig.w, fig.cx, fig.feet
    r = h * _HEAD_R
    _el(fg, "circle", class_="token figure-head", cx=cx, cy=round(feet - h + r, 2), r=round(r, 2), fill=colour)
    neck = feet - h + 2 * r + h * 0.015
    s = w * 0.3  # shoulder rounding
    gap = w * 0.07
    crotch = feet - h * _CROTCH
    left, right = cx - w / 2, cx + w / 2

    def p(x: float, y: float) -> str:
        return f"{round(x, 2)},{round(y, 2)}"

    d = (f"M{p(left, feet)}L{p(left, neck + s)}Q{p(left, neck)} {p(left + s, neck)}L{p(right - s, neck)}"
         f"Q{p(right, neck)} {p(right, neck + s)}L{p(right, feet)}L{p(cx + gap, feet)}L{p(cx + gap, crotch)}"
         f"L{p(cx - gap, crotch)}L{p(cx - gap, feet)}Z")
    _el(fg, "path", class_="token figure-body", d=d, fill=colour)


def _overlay(table: Table, hl: Highlights, frame: _Frame) -> ET.Element:
    g = ET.Element("g", {"id": "overlay"})
    field_ = table.scenario.field
    figures = _figures(table, frame)
    where = token_positions(table) if not frame.system.true_scale else {
        fid: (fig.cx, fig.mid) for fid, fig in figures.items()}

    def surface(sid: str, cls: str, pad: float = 0.0) -> ET.Element:
        # A band just under the surface line, so the fighters standing on it stay clear.
        s = field_.section(sid)
        x0, x1, y = frame.x(s.x0), frame.x(s.x1), frame.y(s.elevation)
        return _el(g, "rect", class_=cls, data_section=sid, x=round(x0 + 2 - pad, 2),
                   y=round(y + 1.5 - pad, 2), width=round(x1 - x0 - 4 + 2 * pad, 2), height=round(BAND + 2 * pad, 2),
                   rx=3)

    if hl.destination:
        ok = "allowed" if hl.destination_ok else "refused"
        surface(hl.destination, f"destination {ok}", pad=3)
    def over(path: tuple[str, ...], start: tuple[float, float], end: tuple[float, float],
             clearance: float) -> str:
        pts = over_tops(field_, path, start, end, sx=frame.sx, sy=frame.sy, clearance=clearance, slab=SLAB * UH)
        return " ".join(f"{x},{y}" for x, y in pts)

    if len(hl.route) > 1:
        # Over the surfaces of the route the core chose (H3), from the mover to the destination's middle.
        last = field_.section(hl.route[-1])
        mover = where.get(hl.selected) if hl.selected is not None else None
        start = (mover[0] if mover is not None else frame.x(field_.section(hl.route[0]).centre),
                 frame.y(field_.section(hl.route[0]).elevation) - 4)
        _el(g, "polyline", class_="route", data_sections=" ".join(hl.route),
            points=over(hl.route, start, (frame.x(last.centre), frame.y(last.elevation) - 4), 4))
    if hl.blocked_by:
        s = field_.section(hl.blocked_by)
        mark = _pin(g, frame.x(s.centre), frame.y(s.elevation), rank=0)
        if hl.shot_overridden:  # H7: the DM let it through; the log keeps the rules' answer
            surface(hl.blocked_by, "blocker overridden", pad=3)
            _el(mark, "text", "blocks by the rules; overridden by the DM", class_="blocker-label overridden", x=0,
                y=-36)
        else:
            surface(hl.blocked_by, "blocker", pad=3)
            _el(mark, "path", class_="blocker-mark", d="M-9,-31L9,-13M-9,-13L9,-31")
            _el(mark, "text", "blocks the shot", class_="blocker-label", x=0, y=-36)
    if hl.levels is not None and all(fid in where for fid in hl.levels):
        _dimension(g, table, frame, figures, *hl.levels, lying=hl.levels_effective)
        # The other fighter of the verdict is marked as a shot's target is: the dimension line alone left a
        # referee guessing which figure it measured to on a crowded stair.
        for fid in hl.levels:
            if fid != hl.selected and fid != hl.target:
                _ring(g, frame, where, figures, fid, "target-ring", 6)
    if hl.selected and hl.target and hl.selected in where and hl.target in where:
        if hl.shot_overridden:
            state = ("clear" if hl.shot_ok else "refused") + " overridden"
        else:
            state = "clear" if hl.shot_ok else ("blocked" if hl.blocked_by else "short")
        if hl.shot_path:  # over the tops of the sections of the line the core judged (H5), never through them
            ends = [where[fid] if frame.system.true_scale else (where[fid][0], where[fid][1] - LINE_CLEARANCE)
                    for fid in (hl.selected, hl.target)]
            shot = _el(g, "polyline", class_=f"shot {state}", data_sections=" ".join(hl.shot_path),
                       points=over(hl.shot_path, ends[0], ends[1], LINE_CLEARANCE))
            names = " → ".join(isolate(field_.section(sid).name) for sid in hl.shot_path)
            _el(shot, "title", f"Line of shot: {names}" + (" (overridden by the DM)" if hl.shot_overridden else ""))
        _ring(g, frame, where, figures, hl.target, "target-ring", 6)
    if hl.selected and hl.selected in where:
        _ring(g, frame, where, figures, hl.selected, "selected-ring", 5)
    return g


def _ring(g: ET.Element, frame: _Frame, where: Mapping[str, tuple[float, float]], figures: Mapping[str, _Figure],
          fid: str, cls: str, pad: float) -> None:
    """A ring round a token (in px, like the token), and a rounded frame round a figure."""
    if not frame.system.true_scale:
        (x, y), cy = where[fid], -TOKEN_R - 1
    else:
        fig = figures[fid]
        x, y, cy = fig.cx, fig.mid, 0.0
        half = fig.w / 2 + pad
        _el(g, "rect", class_=cls, data_fighter=fid, x=round(fig.cx - half, 2), y=round(fig.feet - fig.h - pad, 2),
            width=round(2 * half, 2), height=round(fig.h + 2 * pad, 2), rx=3)
    _el(_pin(g, x, y), "circle", class_=cls, data_fighter=fid, cx=0, cy=cy, r=TOKEN_R + pad)


def _dimension(g: ET.Element, table: Table, frame: _Frame, figures: Mapping[str, _Figure], a: str, b: str,
               lying: Fraction | None = None) -> None:
    """The dimension line of a levels verdict: the vertical difference between two standing surfaces (G1).

    A vertical line between the two fighters (in the gap between their
    bodies when there is room, else beside them), a tick at each surface, a dashed guide from
    each fighter's feet to it, and the exact difference as a label.
    """
    ends = {fid: (figures[fid], frame.y(table.surface(fid))) for fid in (a, b)}
    (la, lb) = sorted((a, b), key=lambda fid: (figures[fid].cx, fid))
    fl, fr = figures[la], figures[lb]
    inner_l, inner_r = fl.cx + fl.w / 2, fr.cx - fr.w / 2
    if inner_r - inner_l >= _GAP:
        x = round((inner_l + inner_r) / 2, 2)
    else:
        # Too close to see a line between them: beside the right one, else beside the left one.
        x = round(fr.cx + fr.w / 2 + _GAP / 2, 2)
        if x + 60 > frame.x(frame.right):
            x = round(fl.cx - fl.w / 2 - _GAP / 2, 2)
    diff = abs(table.surface(a) - table.surface(b))
    ya, yb = ends[a][1], ends[b][1]
    dg = _el(g, "g", class_="levels-dimension", data_levels=f"{a}|{b}", data_difference=str(diff))
    colour = "#26313b"
    for fid in (a, b):
        fig, y = ends[fid]
        _el(dg, "line", class_="levels-dimension-guide", data_fighter=fid, x1=fig.cx, y1=y, x2=x, y2=y,
            stroke=colour, stroke_width=1.5, stroke_dasharray="4 3")
        _el(dg, "line", class_="levels-dimension-tick", data_fighter=fid, x1=round(x - 7, 2), y1=y,
            x2=round(x + 7, 2), y2=y, stroke=colour, stroke_width=2.5)
    _el(dg, "line", class_="levels-dimension-line", x1=x, y1=ya, x2=x, y2=yb, stroke=colour, stroke_width=2.5)
    text = frame.system.length(diff)
    if lying is not None:  # G3: the drawing keeps the true difference and names the one that counts
        text += f", {frame.system.length(lying)} lying down"
    w = _text_width(text, 12) + 6
    # The label beside the line, in px: the verdict's measure, placed before every label but a focused one's own
    # name (a Height tag or name it would cover gives way), sliding along its line off a figure it would cover,
    # and shown even where nothing is free (static/view.js).
    tag = _pin(dg, x, round((ya + yb) / 2, 2), rank=0)
    tag.set("data-slide", "v")
    _el(tag, "rect", class_="levels-dimension-tag", x=8, y=-10, width=round(w, 2), height=19, rx=4,
        fill="#fffbe6", stroke=colour, stroke_width=1)
    _el(tag, "text", text, class_="levels-dimension-label", x=round(8 + w / 2, 2), y=4.5,
        text_anchor="middle", font_size=12, font_weight=700, fill="#111")


def _reachable(table: Table, hl: Highlights, frame: _Frame) -> str:
    """The reachable sections' bands and dice badges, as SVG text.

    A band under each reachable section's surface and a badge with its
    fewest falling dice (H3).  Up to every section of the battlefield is
    marked on each click, so this one layer is written as text directly
    rather than through ElementTree: the only values from the scenario are
    section ids, escaped all the same.  Each section's band for a number of
    dice is written once per frame (:data:`_MEMO`).
    """
    field_ = table.scenario.field
    start = table.position(hl.selected) if hl.selected else None
    bands: dict[tuple[str, int], str] = _MEMO.get("bands", frame, dict)
    parts = []
    for sid, dice in hl.reachable.items():
        if sid == start:
            continue
        text = bands.get((sid, dice))
        if text is None:
            text = bands[sid, dice] = _band(field_.section(sid), dice, frame)
        parts.append(text)
    return "".join(parts)


def _band(s: Section, dice: int, frame: _Frame) -> str:
    """One reachable section's band and dice badge (:func:`_reachable`)."""
    band = "safe" if dice == 0 else ("risky" if dice <= 2 else "deadly")
    x0, x1, y = frame.x(s.x0), frame.x(s.x1), frame.y(s.elevation)
    quoted = html.escape(s.id, quote=True)
    return (f'<rect class="reachable dice-{min(dice, 3)} {band}" data-section="{quoted}" '
            f'x="{round(x0 + 2, 2)}" y="{round(y + 1.5, 2)}" width="{round(x1 - x0 - 4, 2)}" height="{BAND}" rx="3" />'
            f'<g class="pin" transform="translate({frame.x(s.centre)} {y})"><g class="px"><g class="lbl" data-rank="0">'
            f'<text class="dice-badge {band}" data-section="{quoted}" x="0" y="{BAND + 0.5}">'
            f'{f"{dice}d6" if dice else "safe"}</text></g></g></g>')


def _place_targets(table: Table, frame: _Frame) -> str:
    """A place target along every section's surface (``.place-target``, ``data-section``), as SVG text.

    The same for every click while the referee places fighters, so it is
    written once per battlefield and frame (:data:`_MEMO`).
    """
    def make() -> str:
        g = ET.Element("g")
        for s in table.scenario.field.sections:
            _el(g, "polyline", class_="place-target", data_section=s.id, points=_points(frame, _profile(s, frame), 5),
                fill="none", stroke="#1f5fae", stroke_width=8, stroke_opacity=0.45, stroke_linejoin="round")
        return to_xml(g)[len("<g>"):-len("</g>")]
    return _MEMO.get("places", frame, make)


@dataclass(frozen=True)
class OverlayParts:
    """The overlay group's two layers, as SVG text without their ``<g>`` wrappers.

    Attributes:
        base: the layer that changes only with the selected fighter, its Move entry or a move: the place
            targets and the reachable sections' bands and dice badges (``#overlay-base``).
        marks: what the last click judged: the selection ring, destination, route, target, line of shot,
            levels dimension (``#overlay-marks``).

    The page redraws only ``marks`` when ``base`` is what it already shows (:func:`overlay_parts`), so a
    click on a large battlefield does not replace a band and a badge for every section.
    """

    base: str
    marks: str

    def text(self) -> str:
        """The whole ``<g id="overlay">`` group."""
        return f'<g id="overlay"><g id="overlay-base">{self.base}</g>{self.marks_text()}</g>'

    def marks_text(self) -> str:
        """Only the ``<g id="overlay-marks">`` layer."""
        return f'<g id="overlay-marks">{self.marks}</g>'


def overlay_parts(table: Table, highlights: Highlights) -> OverlayParts:
    """The overlay of ``table`` with ``highlights``, in its two layers (:class:`OverlayParts`)."""
    frame = _Frame.of(table)
    marks = "".join(to_xml(mark) for mark in _overlay(table, highlights, frame))
    places = _place_targets(table, frame) if highlights.placing else ""
    return OverlayParts(places + _reachable(table, highlights, frame), marks)


def render(table: Table, highlights: Highlights | None = None) -> str:
    """The whole side view of a table as SVG text.

    Args:
        table: the scenario in play (positions are read from it).
        highlights: what the overlay marks; None for nothing.

    Returns:
        One ``<svg>`` element (``data-units``, ``data-per-unit``: see the
        module's docstring), in drawing order: ``#terrain`` (one ``.section``
        group per section, ``data-section`` = id), ``#borders`` (one
        ``.border`` line per border), ``#scale``, ``#overlay``, ``#fighters``
        (one ``.fighter`` per fighter, ``data-fighter`` = id, with its name)
        and ``#labels`` (section names and Height tags).
    """
    field_ = table.scenario.field
    frame = _Frame.of(table)
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": frame.view_box,
        "preserveAspectRatio": "xMidYMax meet",  # a window taller than the field shows more sky
        "role": "group",
        "aria-labelledby": "view-title view-desc",
        "class": "side-view",
        "data-units": table.scenario.units,
        "data-per-unit": fmt(frame.sx),
    })
    _el(svg, "title", f"Side view: {isolate(table.scenario.title)}", id="view-title")
    _el(svg, "desc", f"{len(field_.sections)} sections, {len(field_.borders)} borders, "
                     f"{len(table.scenario.fighters)} fighters. {frame.system.desc}", id="view-desc")
    _defs(svg, frame)
    # The sky reaches well past the frame: a window of another shape shows sky, not a blank, round the field.
    _el(svg, "rect", class_="sky", x=round(frame.x(frame.left) - 4 * frame.width, 2),
        y=round(frame.y(frame.top) - 4 * frame.height, 2), width=round(9 * frame.width, 2),
        height=round(5 * frame.height, 2))
    _el(svg, "rect", class_="bedrock", x=round(frame.x(frame.left) - 4 * frame.width, 2), y=frame.y(frame.bottom),
        width=round(9 * frame.width, 2), height=round(4 * frame.height, 2), fill="#5e4a33")
    _terrain(svg, table, frame)
    _borders(svg, table, frame)
    _scale(svg, table, frame)
    text = to_xml(svg)
    assert text.endswith("</svg>")
    # Over the terrain: the overlay, the fighters, then the labels (no line or figure hides one).
    labels = _MEMO.get("labels", frame, lambda: to_xml(_labels(table, frame)))
    return (text[:-len("</svg>")] + overlay_parts(table, highlights or Highlights()).text()
            + render_fighters(table) + labels + "</svg>")


def fighter_groups(table: Table) -> tuple[tuple[str, str], ...]:
    """Each fighter's ``g.fighter`` as SVG text, in drawing order: ``((fighter id, text), ...)``.

    :func:`render_fighters` joins them; after a move the page redraws only the groups whose text changed.
    Worked out once per positions tuple (:data:`_MEMO`, as :func:`_figures`: names, sides and sections belong to
    the scenario that tuple belongs to).
    """
    return _MEMO.get("groups", table.positions,
                     lambda: tuple((fg.get("data-fighter", ""), to_xml(fg)) for fg in _fighters(table)))


def render_fighters(table: Table) -> str:
    """Only the ``<g id="fighters">`` group, for redrawing after a move or an undo."""
    return '<g id="fighters">' + "".join(text for _, text in fighter_groups(table)) + "</g>"


def render_overlay(table: Table, highlights: Highlights) -> str:
    """Only the ``<g id="overlay">`` group, for redrawing after a click (both layers: :class:`OverlayParts`)."""
    return overlay_parts(table, highlights).text()
