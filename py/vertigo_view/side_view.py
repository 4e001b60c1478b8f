"""The side view: a table in, SVG text out.

A terrain cross-section: sky, ground filled down to the bottom of the view,
slabs (floors, roofs, balconies) drawn as plates with open space beneath,
every border with its Height label, a Height scale, and fighters as named
tokens in their side's colour.  The overlay (selection, reachable sections,
the route, the line of a shot, a blocking section) is a separate group that
can be redrawn alone, so a click redraws only what changed.

Built with :mod:`xml.etree.ElementTree`, so every name and title is escaped
as text; nothing from a scenario reaches the SVG as markup.  Coordinates are
model units through the ``viewBox``: :data:`UX` per drawing unit across,
:data:`UH` per Height level up.
"""

from __future__ import annotations

import html
import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from vertigo.battlefield import Section
from vertigo.numbers import fmt
from vertigo.table import Table
from vertigo.text import isolate

__all__ = ["Highlights", "render", "render_fighters", "render_overlay", "SIDE_COLOURS", "UX", "UH"]

UX = 48.0
"""SVG units per drawing unit (horizontal)."""
UH = 40.0
"""SVG units per Height level (vertical)."""
SLAB = 0.3
"""Thickness of a slab, in Height levels."""
BAND = 11.0
"""Height of the highlight band under a section's surface, SVG units (fits in a slab)."""
TOKEN_R = 11.0
"""Radius of a fighter token, SVG units."""

MIN_SCALE = 0.5
"""Smallest on-screen scale of the view (px per SVG unit) before it scrolls."""

SIDE_COLOURS = ("#b3261e", "#1f5fae", "#1e7b47", "#7b3fa0", "#a0620b", "#0b7a7a", "#6d4c41", "#455a64")
"""Token colours by side, in order of first appearance (cycled)."""


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
        levels: (fighter, fighter) whose vertical difference is judged (a
            dimension line labelled with it), or None.
        placing: whether a click on a section places the selected fighter
            (rule sets without movement rules).
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
    placing: bool = False


@dataclass(frozen=True)
class _Frame:
    """Model-to-SVG mapping for one table."""

    left: float
    right: float
    top: float
    bottom: float

    @staticmethod
    def of(sections: tuple[Section, ...]) -> _Frame:
        lo = float(min(s.elevation for s in sections))
        hi = float(max(s.elevation for s in sections))
        return _Frame(
            float(min(s.x0 for s in sections)) - 1.6,
            float(max(s.x1 for s in sections)) + 0.4,
            hi + 2.2,
            lo - 1.2,
        )

    def x(self, units: float | Fraction) -> float:
        return round(float(units) * UX, 2)

    def y(self, height: float | Fraction) -> float:
        return round(-float(height) * UH, 2)

    @property
    def view_box(self) -> str:
        w = (self.right - self.left) * UX
        h = (self.top - self.bottom) * UH
        return f"{self.x(self.left)} {self.y(self.top)} {round(w, 2)} {round(h, 2)}"


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    e = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()})
    if text is not None:
        e.text = text
    return e


def _side_colour(table: Table) -> dict[str, str]:
    return {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(table.scenario.sides)}


def token_positions(table: Table) -> dict[str, tuple[float, float]]:
    """SVG centre of every fighter's token: spread evenly along its section's top."""
    field_ = table.scenario.field
    out: dict[str, tuple[float, float]] = {}
    frame = _Frame.of(field_.sections)
    by_section: dict[str, list[str]] = {}
    for fid, sid in table.positions:
        by_section.setdefault(sid, []).append(fid)
    for sid, fids in by_section.items():
        s = field_.section(sid)
        n = len(fids)
        for i, fid in enumerate(fids):
            cx = s.x0 + (s.x1 - s.x0) * (i + 1) / (n + 1)
            out[fid] = (frame.x(cx), frame.y(s.elevation) - TOKEN_R - 1)
    return out


def _defs(svg: ET.Element) -> None:
    defs = _el(svg, "defs")
    sky = _el(defs, "linearGradient", id="sky", x1=0, y1=0, x2=0, y2=1)
    _el(sky, "stop", offset="0", stop_color="#8fc1e6")
    _el(sky, "stop", offset="1", stop_color="#e6f1f8")
    earth = _el(defs, "linearGradient", id="earth", x1=0, y1=0, x2=0, y2=1)
    _el(earth, "stop", offset="0", stop_color="#8a7252")
    _el(earth, "stop", offset="1", stop_color="#5e4a33")


def _terrain(svg: ET.Element, table: Table, frame: _Frame) -> None:
    g = _el(svg, "g", id="terrain")
    field_ = table.scenario.field
    # Ground first so slabs, which stand above it, are drawn over it; left to right
    # within each, which is also the keyboard's Tab order.
    ordered = sorted(field_.sections, key=lambda s: (s.kind != "ground", s.x0, s.elevation))
    for s in ordered:
        label = f"Section {isolate(s.name)}, Height {fmt(s.elevation)}"
        sg = _el(g, "g", id=f"section-{s.id}", class_=f"section {s.kind}", data_section=s.id,
                 role="button", tabindex=0, aria_label=label)
        _el(sg, "title", label)
        x0, x1 = frame.x(s.x0), frame.x(s.x1)
        top = frame.y(s.elevation)
        if s.kind == "ground":
            bottom = frame.y(frame.bottom)
            _el(sg, "rect", class_="body", x=x0, y=top, width=round(x1 - x0, 2), height=round(bottom - top, 2))
        else:
            thick = SLAB * UH
            # A thin slab is hard to hit: its name below it answers clicks too.
            _el(sg, "rect", class_="hit", x=x0, y=top, width=round(x1 - x0, 2), height=round(thick + 18, 2))
            for px in (x0 + 3, x1 - 9):
                below = _support_below(field_.sections, s)
                _el(sg, "rect", class_="post", x=round(px, 2), y=top + thick, width=6,
                    height=round(max(0.0, frame.y(below) - top - thick), 2))
            _el(sg, "rect", class_="body", x=x0, y=top, width=round(x1 - x0, 2), height=round(thick, 2))
        _el(sg, "line", class_="surface", x1=x0, y1=top, x2=x1, y2=top)
        name_y = top + (BAND + 14 if s.kind == "ground" else SLAB * UH + 13)
        _el(sg, "text", s.name, class_="section-name", x=round((x0 + x1) / 2, 2), y=round(name_y, 2))


def _support_below(sections: tuple[Section, ...], slab: Section) -> float:
    """Elevation of the highest surface under a slab's middle (where its posts stand)."""
    mid = slab.centre
    under = [s.elevation for s in sections if s is not slab and s.x0 <= mid <= s.x1 and s.elevation < slab.elevation]
    return float(max(under) if under else slab.elevation - 1)


def _borders(svg: ET.Element, table: Table, frame: _Frame) -> None:
    g = _el(svg, "g", id="borders")
    field_ = table.scenario.field
    for b in field_.borders:
        a, c = field_.section(b.a), field_.section(b.b)
        h = abs(a.elevation - c.elevation)
        lo, hi = sorted((a.elevation, c.elevation))
        x = frame.x(b.x)
        bg = _el(g, "g", id=f"border-{b.a}--{b.b}", class_="border" + (" flat" if h == 0 else ""),
                 data_border=f"{b.a}|{b.b}", data_height=fmt(h))
        _el(bg, "title", f"Border {isolate(a.name)} – {isolate(c.name)}: Height {fmt(h)}")
        _el(bg, "line", class_="border-line",
            x1=x, y1=frame.y(hi) - (6 if h == 0 else 0), x2=x, y2=frame.y(lo) + (6 if h == 0 else 0))
        ly = (frame.y(hi) + frame.y(lo)) / 2 if h else frame.y(hi) - 14
        _el(bg, "rect", class_="border-tag", x=round(x - 15, 2), y=round(ly - 9, 2), width=30, height=16, rx=4)
        _el(bg, "text", f"H{fmt(h)}", class_="border-label", x=x, y=round(ly + 3.5, 2))


def _scale(svg: ET.Element, frame: _Frame) -> None:
    g = _el(svg, "g", id="scale", aria_hidden="true")
    x = frame.x(frame.left + 0.7)
    lo, hi = math.ceil(frame.bottom), math.floor(frame.top - 1)
    step = max(1, math.ceil((hi - lo) / 16))
    _el(g, "line", class_="scale-axis", x1=x, y1=frame.y(lo), x2=x, y2=frame.y(hi))
    for level in range(lo, hi + 1):
        if level % step:
            continue
        y = frame.y(level)
        _el(g, "line", class_="scale-tick", x1=x - 4, y1=y, x2=x + 4, y2=y)
        _el(g, "text", str(level), class_="scale-label", x=round(x - 8, 2), y=round(y + 4, 2))
    _el(g, "text", "Height", class_="scale-title", x=x, y=round(frame.y(hi) - 10, 2))


def _fighters(table: Table) -> ET.Element:
    """The ``<g id="fighters">`` group: one token, name and click target per fighter."""
    g = ET.Element("g", {"id": "fighters"})
    colours = _side_colour(table)
    where = token_positions(table)
    field_ = table.scenario.field
    stagger: dict[str, int] = {}
    spacing: dict[str, float] = {}
    for sid in {sid for _, sid in table.positions}:
        on = table.fighters_on(sid)
        s = field_.section(sid)
        for i, fid in enumerate(on):
            stagger[fid] = i
            spacing[fid] = (s.x1 - s.x0) * UX / (len(on) + 1)
    for f in table.scenario.fighters:
        cx, cy = where[f.id]
        sec = field_.section(table.position(f.id))
        label = f"{isolate(f.name)} ({isolate(f.side)}) on {isolate(sec.name)}"
        fg = _el(g, "g", id=f"fighter-{f.id}", class_="fighter", data_fighter=f.id, data_side=f.side,
                 role="button", tabindex=0, aria_label=label)
        _el(fg, "title", label)
        lift = 12 * (stagger.get(f.id, 0) % 2)
        top = cy - TOKEN_R - 16 - lift
        # One click target over the token and its name, gaps included.
        half = max(TOKEN_R, min(2 * TOKEN_R, spacing.get(f.id, 4 * TOKEN_R) / 2))
        _el(fg, "rect", class_="hit", x=round(cx - half, 2), y=round(top, 2), width=round(2 * half, 2),
            height=round(cy + TOKEN_R - top, 2))
        _el(fg, "circle", class_="token", cx=cx, cy=cy, r=TOKEN_R, fill=colours[f.side])
        _el(fg, "text", f.name[:1].upper(), class_="token-initial", x=cx, y=round(cy + 4, 2))
        # Neighbours on one section alternate their name's height so long names do not overlap.
        _el(fg, "text", f.name, class_="token-name", x=cx, y=round(cy - TOKEN_R - 5 - lift, 2))
    return g


def _overlay(table: Table, hl: Highlights, frame: _Frame) -> ET.Element:
    g = ET.Element("g", {"id": "overlay"})
    field_ = table.scenario.field
    where = token_positions(table)

    def surface(sid: str, cls: str, pad: float = 0.0) -> ET.Element:
        # A band just under the surface line, so the fighters standing on it stay clear.
        s = field_.section(sid)
        x0, x1, y = frame.x(s.x0), frame.x(s.x1), frame.y(s.elevation)
        return _el(g, "rect", class_=cls, data_section=sid, x=round(x0 + 2 - pad, 2), y=round(y + 1.5 - pad, 2),
                   width=round(x1 - x0 - 4 + 2 * pad, 2), height=round(BAND + 2 * pad, 2), rx=3)

    if hl.destination:
        ok = "allowed" if hl.destination_ok else "refused"
        surface(hl.destination, f"destination {ok}", pad=3)
    if len(hl.route) > 1:
        pts = " ".join(f"{frame.x(field_.section(s).centre)},{frame.y(field_.section(s).elevation) - 4}"
                       for s in hl.route)
        _el(g, "polyline", class_="route", points=pts)
    if hl.blocked_by:
        s = field_.section(hl.blocked_by)
        surface(hl.blocked_by, "blocker", pad=3)
        cx, cy = frame.x(s.centre), frame.y(s.elevation) - 22
        _el(g, "path", class_="blocker-mark",
            d=f"M{cx - 9},{cy - 9}L{cx + 9},{cy + 9}M{cx - 9},{cy + 9}L{cx + 9},{cy - 9}")
        _el(g, "text", "blocks the shot", class_="blocker-label", x=cx, y=round(cy - 14, 2))
    if hl.selected and hl.target and hl.selected in where and hl.target in where:
        (x1, y1), (x2, y2) = where[hl.selected], where[hl.target]
        state = "clear" if hl.shot_ok else ("blocked" if hl.blocked_by else "short")
        _el(g, "line", class_=f"shot {state}", x1=x1, y1=y1, x2=x2, y2=y2)
        _el(g, "circle", class_="target-ring", cx=x2, cy=y2, r=TOKEN_R + 6)
    if hl.selected and hl.selected in where:
        x, y = where[hl.selected]
        _el(g, "circle", class_="selected-ring", cx=x, cy=y, r=TOKEN_R + 5)
    return g


def _reachable(table: Table, hl: Highlights, frame: _Frame) -> str:
    """The reachable sections' bands and dice badges, as SVG text.

    A band under each reachable section's surface and a badge with its
    fewest falling dice (H3).  Up to every section of the battlefield is
    marked on each click, so this one layer is written as text directly
    rather than through ElementTree: the only values from the scenario are
    section ids, escaped all the same.
    """
    field_ = table.scenario.field
    start = table.position(hl.selected) if hl.selected else None
    parts = []
    for sid, dice in hl.reachable.items():
        if sid == start:
            continue
        s = field_.section(sid)
        band = "safe" if dice == 0 else ("risky" if dice <= 2 else "deadly")
        x0, x1, y = frame.x(s.x0), frame.x(s.x1), frame.y(s.elevation)
        quoted = html.escape(sid, quote=True)
        parts.append(
            f'<rect class="reachable dice-{min(dice, 3)} {band}" data-section="{quoted}" x="{round(x0 + 2, 2)}" '
            f'y="{round(y + 1.5, 2)}" width="{round(x1 - x0 - 4, 2)}" height="{BAND}" rx="3" />'
            f'<text class="dice-badge {band}" data-section="{quoted}" x="{frame.x(s.centre)}" '
            f'y="{round(y + BAND - 1, 2)}">{f"{dice}d6" if dice else "safe"}</text>')
    return "".join(parts)


def _overlay_text(table: Table, hl: Highlights, frame: _Frame) -> str:
    """The ``<g id="overlay">`` group as text: the reachable layer first, then the rest."""
    rest = "".join(ET.tostring(mark, encoding="unicode") for mark in _overlay(table, hl, frame))
    return '<g id="overlay">' + _reachable(table, hl, frame) + rest + "</g>"


def render(table: Table, highlights: Highlights | None = None) -> str:
    """The whole side view of a table as SVG text.

    Args:
        table: the scenario in play (positions are read from it).
        highlights: what the overlay marks; None for nothing.

    Returns:
        One ``<svg>`` element: ``#terrain`` (one ``.section`` group per
        section, ``data-section`` = id), ``#borders`` (one ``.border`` per
        border with its ``H`` label), ``#scale``, ``#fighters`` (one
        ``.fighter`` per fighter, ``data-fighter`` = id) and ``#overlay``.
    """
    field_ = table.scenario.field
    frame = _Frame.of(field_.sections)
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": frame.view_box,
        "preserveAspectRatio": "xMidYMid meet",
        "role": "group",
        "aria-labelledby": "view-title view-desc",
        "class": "side-view",
        # Below half scale labels get too small to read: scroll sideways instead.
        "style": f"min-width: {round((frame.right - frame.left) * UX * MIN_SCALE)}px",
    })
    _el(svg, "title", f"Side view: {isolate(table.scenario.title)}", id="view-title")
    _el(svg, "desc", f"{len(field_.sections)} sections, {len(field_.borders)} borders, "
                     f"{len(table.scenario.fighters)} fighters. Elevations in Height levels.", id="view-desc")
    _defs(svg)
    _el(svg, "rect", class_="sky", x=frame.x(frame.left), y=frame.y(frame.top),
        width=round((frame.right - frame.left) * UX, 2), height=round((frame.top - frame.bottom) * UH, 2))
    _terrain(svg, table, frame)
    _borders(svg, table, frame)
    _scale(svg, frame)
    svg.append(_fighters(table))
    text = ET.tostring(svg, encoding="unicode")
    assert text.endswith("</svg>")
    return text[:-len("</svg>")] + _overlay_text(table, highlights or Highlights(), frame) + "</svg>"


def render_fighters(table: Table) -> str:
    """Only the ``<g id="fighters">`` group, for redrawing after a move or an undo."""
    return ET.tostring(_fighters(table), encoding="unicode")


def render_overlay(table: Table, highlights: Highlights) -> str:
    """Only the ``<g id="overlay">`` group, for redrawing after a click."""
    frame = _Frame.of(table.scenario.field.sections)
    return _overlay_text(table, highlights, frame)
