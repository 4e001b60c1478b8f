"""The side view's overlay: what a click marks, drawn over the terrain and under the fighters.

Two layers (:class:`OverlayParts`): the base (the place targets while the referee places a fighter, the
reachable sections' bands and badges with their fewest falling dice, H3, and the stretches of surface and the
places up ladders a fighter reaches where moves go to a point), which changes only with the selected fighter,
its Move entry or a move; and the marks of the last click (:class:`Highlights`): the selection ring, the
destination judged (a section, or a point), the route the core chose (H3; or a route through points), the line
of shot over the tops of the
sections the core judged (H5) with the section that blocks it, drawn as overridden where the DM overrode the
rules (H7), and the dimension line of a levels verdict between two standing surfaces (G1), naming the
difference that counts with the strange position (G3), with the upper fighter drawn lying at the edge.

Two requests to the page ride on the marks (``py/app_dom.py`` honours them after each update, ``static/style.css``
draws them): a dimension line names in ``data-carries`` the borders whose Height tag it repeats (``"floor|table"``:
that tag gives way, ``.given-way``), and ``g.lying-down[data-fighter]`` names the fighter whose standing figure is
drawn faint (``.lying``) while it lies down.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from vertigo.battlefield import Battlefield, Section
from vertigo.stand import ladder
from vertigo.table import Table
from vertigo.text import isolate

from .frame import _MEMO, BAND, SLAB, UH, _el, _Frame, _pin, _points, _text_width
from .lines import over_tops
from .looks import across_px
from .markup import to_xml
from .terrain import _border_marks, _profile
from .tokens import _CROTCH, _HEAD_R, TOKEN_R, _Figure, _figures, _side_colour, token_positions

__all__ = ["Highlights", "Mark", "Shading", "OverlayParts", "overlay_parts", "render_overlay", "LINE_CLEARANCE"]

LINE_CLEARANCE = 12.0
"""How far above the tops of the sections it crosses a line of shot is drawn, SVG units (Height frame: it
leaves and reaches each fighter that far above its section, inside the token at the usual zooms)."""
_GAP = 30.0
"""Narrowest gap between two figures that a dimension line is drawn in, SVG units."""


Mark = Callable[[Table, Mapping[str, tuple[float, float]]], "ET.Element | None"]
"""A rule set's own mark (:attr:`Highlights.marks`)."""


@dataclass(frozen=True, eq=False)
class Shading:
    """Stretches of surface graded one by one (a jump's penalty band from where the fighter stands), each a band
    under the surface in its grade's colour (``rect.reachable.shade[data-grade]``, in the base layer), written
    once per object (kept by identity: a mode that keeps it between clicks redraws none of it).

    Attributes:
        stretches: ``(section id, ((from, to, grade), …))`` in the scenario's unit, each section's stretches left to
            right.
        fills: ``(grade, colour)`` for each grade (``("none", "#1e8c4e")``).
    """

    stretches: tuple[tuple[str, tuple[tuple[Fraction, Fraction, str], ...]], ...]
    fills: tuple[tuple[str, str], ...]


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
        round_by: a clear shot that goes round (H14): the section that blocks the shortest line, marked lighter
            than a blocker, with ``round_why`` ("the shot goes round (H14)").
        blocked_why: what the blocker mark says of the blocking section (its rule set's words: "the floor of
            Upper hall is between them (H10)"); "" for the default, "blocks the shot".
        marks: a rule set's own marks (its mode's): each called with the table and where each fighter's mark
            stands (fighter id → SVG point), returning an element drawn into the marks layer, under the
            selection ring, or None for nothing.
        stretches: the stretches of surface the selected fighter reaches, ``(section id, ((from, to), …))`` in the
            scenario's unit: a band under each (``rect.reachable.stretch``, in the base layer).  For rules that
            move to a point on a section rather than to a whole section (:attr:`reachable`).
        ladder_reach: ``(ladder id, highest place up it reached)`` in the scenario's unit: a band up each ladder
            from its foot to there (``rect.stretch.ladder-reach``, in the base layer).
        route_points: a route through points ``(x, height)`` in the scenario's unit, start to end, drawn as one
            line just above them (``polyline.route.route-points``), classed by :attr:`destination_ok`; its climbs,
            drops and openings are where the points say.
        route_notes: notes along that route, ``(x, height, text)`` in the scenario's unit (what it crosses there:
            ``"door 0.5 in"``, ``"drop 3 in · 1d6"``), each a label over its point that never gives way
            (``text.route-note``).
        spot: the point judged, ``(x, height)`` in the scenario's unit (a place on a section or up a ladder),
            marked with a pin classed by :attr:`destination_ok`; None: none.
        shading: stretches of surface graded one by one (:class:`Shading`), in the base layer; None: none.
        ruler: a measure along the route, ``(x, height, text)`` in the scenario's unit: a dashed line from the
            first point to the last, and at each point with a text a tick across it and the text beside it
            (``g.ruler``, labels of rank 0 placed after the route's notes; a jump's minimum, base and maximum).
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
    blocked_why: str = ""
    round_by: str | None = None
    round_why: str = ""
    marks: tuple[Mark, ...] = ()
    stretches: tuple[tuple[str, tuple[tuple[Fraction, Fraction], ...]], ...] = ()
    ladder_reach: tuple[tuple[str, Fraction], ...] = ()
    route_points: tuple[tuple[Fraction, Fraction], ...] = ()
    route_notes: tuple[tuple[Fraction, Fraction, str], ...] = ()
    spot: tuple[Fraction, Fraction] | None = None
    shading: Shading | None = None
    ruler: tuple[tuple[Fraction, Fraction, str], ...] = ()


def _overlay(table: Table, hl: Highlights, frame: _Frame) -> ET.Element:
    """The marks of the last click (:class:`Highlights`), as the children of a ``<g id="overlay">``, in drawing
    order: the destination, the route, the blocker, the levels dimension, the line of shot and the rings."""
    g = ET.Element("g", {"id": "overlay"})
    field_ = table.scenario.field
    figures = _figures(table, frame)
    where = token_positions(table) if not frame.system.true_scale else {
        fid: (fig.cx, fig.mid) for fid, fig in figures.items()}
    if hl.destination:
        ok = "allowed" if hl.destination_ok else "refused"
        _surface(g, field_, frame, hl.destination, f"destination {ok}", pad=3)
    if len(hl.route) > 1:
        _route(g, field_, frame, hl, where)
    if len(hl.route_points) > 1:
        _route_points(g, frame, hl)
    if len(hl.ruler) > 1:  # after the route: its notes are placed first, and a ruler's text gives way to them
        _ruler(g, frame, hl.ruler)
    if hl.spot is not None:
        _spot(g, frame, hl)
    if hl.blocked_by:
        _blocker(g, field_, frame, hl.blocked_by, hl.shot_overridden, hl.blocked_why)
    elif hl.round_by and hl.target is not None:
        _round(g, field_, frame, hl.round_by, hl.round_why)
    if hl.levels is not None and all(fid in where for fid in hl.levels):
        _dimension(g, table, frame, figures, *hl.levels, lying=hl.levels_effective)
        if hl.levels_effective is not None:
            _lying(g, table, frame, figures, *hl.levels)
        # The other fighter of the verdict is marked as a shot's target is: the dimension line alone left a
        # referee guessing which figure it measured to on a crowded stair.
        for fid in hl.levels:
            if fid != hl.selected and fid != hl.target:
                _ring(g, frame, where, figures, fid, "target-ring", 6)
    if hl.selected and hl.target and hl.selected in where and hl.target in where:
        _shot(g, field_, frame, hl, (where[hl.selected], where[hl.target]))
        _ring(g, frame, where, figures, hl.target, "target-ring", 6)
    for mark in hl.marks:
        drawn = mark(table, where)
        if drawn is not None:
            g.append(drawn)
    if hl.selected and hl.selected in where:
        _ring(g, frame, where, figures, hl.selected, "selected-ring", 5)
    return g


def _surface(g: ET.Element, field_: Battlefield, frame: _Frame, sid: str, cls: str, pad: float = 0.0) -> None:
    """A band just under a section's surface line, so the fighters standing on it stay clear."""
    s = field_.section(sid)
    x0, x1, y = frame.x(s.x0), frame.x(s.x1), frame.y(s.elevation)
    _el(g, "rect", class_=cls, data_section=sid, x=round(x0 + 2 - pad, 2),
        y=round(y + 1.5 - pad, 2), width=round(x1 - x0 - 4 + 2 * pad, 2), height=round(BAND + 2 * pad, 2),
        rx=3)


def _over(field_: Battlefield, frame: _Frame, path: tuple[str, ...], start: tuple[float, float],
          end: tuple[float, float], clearance: float, shot: bool = False) -> str:
    """The points of a line from ``start`` to ``end`` over the tops of the sections of ``path``
    (:func:`vertigo_view.lines.over_tops`; ``shot``: a line of shot), as a polyline's ``points``."""
    pts = over_tops(field_, path, start, end, sx=frame.sx, sy=frame.sy, clearance=clearance, slab=SLAB * UH,
                    shot=shot)
    return " ".join(f"{x},{y}" for x, y in pts)


def _route(g: ET.Element, field_: Battlefield, frame: _Frame, hl: Highlights,
           where: Mapping[str, tuple[float, float]]) -> None:
    """The route of a move over the surfaces of the route the core chose (H3), from the mover to the
    destination's middle."""
    last = field_.section(hl.route[-1])
    mover = where.get(hl.selected) if hl.selected is not None else None
    start = (mover[0] if mover is not None else frame.x(field_.section(hl.route[0]).centre),
             frame.y(field_.section(hl.route[0]).elevation) - 4)
    _el(g, "polyline", class_="route", data_sections=" ".join(hl.route),
        points=_over(field_, frame, hl.route, start, (frame.x(last.centre), frame.y(last.elevation) - 4), 4))


ROUTE_LIFT = 4.0
"""How far above its points a route through points is drawn, SVG units (clear of the surface line)."""


def _route_points(g: ET.Element, frame: _Frame, hl: Highlights) -> None:
    """A route through points (:attr:`Highlights.route_points`), a few units above them, classed ``allowed`` or
    ``refused`` by the verdict; its width in px at every zoom."""
    ok = "allowed" if hl.destination_ok else "refused"
    pts = " ".join(f"{frame.x(x)},{round(frame.y(h) - ROUTE_LIFT, 2)}" for x, h in hl.route_points)
    _el(g, "polyline", class_=f"route route-points {ok}", points=pts, vector_effect="non-scaling-stroke")
    for x, h, text in hl.route_notes:
        note = _pin(g, frame.x(x), round(frame.y(h) - ROUTE_LIFT, 2), rank=0)
        note.set("data-slide", "h")  # sideways, or a line up, off a token it would cover (static/view.js)
        _el(note, "text", text, class_="route-note", x=0, y=-8)


RULER_COLOUR = "#173f73"
"""The ruler's line, ticks and texts (:attr:`Highlights.ruler`)."""
_RULER_TEXT = (f"font-size: 11px; font-weight: 700; fill: {RULER_COLOUR}; paint-order: stroke; stroke: #fff; "
               "stroke-width: 3px; text-anchor: ")


def _ruler(g: ET.Element, frame: _Frame, ruler: tuple[tuple[Fraction, Fraction, str], ...]) -> None:
    """A measure (:attr:`Highlights.ruler`): a dashed line from its first point to its last, its width in px at
    every zoom, and a tick across it with a text at each point that has one (under a level line, beside an
    upright one), a label that gives way where it would cover another."""
    (x0, h0, _), (x1, h1, _) = ruler[0], ruler[-1]
    level = h0 == h1
    rg = _el(g, "g", class_="ruler")
    _el(rg, "line", class_="ruler-line", x1=frame.x(x0), y1=frame.y(h0), x2=frame.x(x1), y2=frame.y(h1),
        stroke=RULER_COLOUR, stroke_width=1.5, stroke_dasharray="5 4", vector_effect="non-scaling-stroke")
    for x, h, text in ruler:
        if not text:
            continue
        px = _pin(rg, frame.x(x), frame.y(h))
        _el(px, "path", class_="ruler-tick", d="M0,-7V7" if level else "M-7,0H7", stroke=RULER_COLOUR,
            stroke_width=2)
        note = _pin(rg, frame.x(x), frame.y(h), rank=0)
        note.set("data-slide", "h")
        _el(note, "text", text, class_="ruler-note", x=0 if level else 10, y=20 if level else 4,
            style=_RULER_TEXT + ("middle" if level else "start"))


def _spot(g: ET.Element, frame: _Frame, hl: Highlights) -> None:
    """The point judged (:attr:`Highlights.spot`): a ring in px at it, classed ``allowed`` or ``refused``."""
    assert hl.spot is not None
    ok = "allowed" if hl.destination_ok else "refused"
    x, h = hl.spot
    px = _pin(g, frame.x(x), frame.y(h), data_x=str(x), data_height=str(h))
    _el(px, "circle", class_=f"spot {ok}", cx=0, cy=0, r=7)
    _el(px, "path", class_=f"spot-cross {ok}", d="M-4,0H4M0,-4V4")


def _blocker(g: ET.Element, field_: Battlefield, frame: _Frame, sid: str, overridden: bool, why: str = "") -> None:
    """The section that blocks a shot (H5, H10, H11): a band, a cross and a label (``why``, or "blocks the
    shot"); with the DM's override (H7), a band and a label that says the rules' answer was overridden."""
    s = field_.section(sid)
    # A slab's mark hangs under it, in the space it hides (H10), clear of the fighters standing on it.
    under = s.kind == "slab"
    y = frame.y(s.elevation) + (SLAB * UH if under else 0)
    mark = _pin(g, frame.x(s.centre), y, rank=0)
    cross, text_y = ("M-9,13L9,31M-9,31L9,13", 46) if under else ("M-9,-31L9,-13M-9,-13L9,-31", -36)
    if overridden:  # H7: the DM let it through; the log keeps the rules' answer
        _surface(g, field_, frame, sid, "blocker overridden", pad=3)
        _el(mark, "text", "blocks by the rules; overridden by the DM", class_="blocker-label overridden", x=0,
            y=text_y)
    else:
        _surface(g, field_, frame, sid, "blocker", pad=3)
        _el(mark, "path", class_="blocker-mark", d=cross)
        _el(mark, "text", why or "blocks the shot", class_="blocker-label", x=0, y=text_y)


def _round(g: ET.Element, field_: Battlefield, frame: _Frame, sid: str, why: str) -> None:
    """What the shortest line of a clear shot meets and the shot goes round (H14): a light band and a label."""
    s = field_.section(sid)
    under = s.kind == "slab"
    mark = _pin(g, frame.x(s.centre), frame.y(s.elevation) + (SLAB * UH if under else 0), rank=0)
    _surface(g, field_, frame, sid, "round-by", pad=3)
    _el(mark, "text", why, class_="round-label", x=0, y=30 if under else -24)


def _shot(g: ET.Element, field_: Battlefield, frame: _Frame, hl: Highlights,
          at: tuple[tuple[float, float], tuple[float, float]]) -> None:
    """The line of shot from the selected fighter to its target (``at``: their marks' SVG points), classed by
    the answer (``clear``, ``blocked``, ``short``, ``refused``; ``overridden`` for the DM's, H7), over the tops of
    the sections of the line the core judged (H5), never through them; none where the core judged no line."""
    if hl.shot_overridden:
        state = ("clear" if hl.shot_ok else "refused") + " overridden"
    else:
        state = "clear" if hl.shot_ok else ("blocked" if hl.blocked_by else "short")
    if hl.shot_path:
        ends = [p if frame.system.true_scale else (p[0], p[1] - LINE_CLEARANCE) for p in at]
        shot = _el(g, "polyline", class_=f"shot {state}", data_sections=" ".join(hl.shot_path),
                   points=_over(field_, frame, hl.shot_path, ends[0], ends[1], LINE_CLEARANCE, shot=True))
        names = " → ".join(isolate(field_.section(sid).name) for sid in hl.shot_path)
        _el(shot, "title", f"Line of shot: {names}" + (" (overridden by the DM)" if hl.shot_overridden else ""))

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
    carried = _carried_borders(table, frame, text, (ya, yb), (fl.cx, fr.cx, x))
    if carried:
        dg.set("data-carries", " ".join(carried))
    tag = _pin(dg, x, round((ya + yb) / 2, 2), rank=0)
    tag.set("data-slide", "v")
    _el(tag, "rect", class_="levels-dimension-tag", x=8, y=-10, width=round(w, 2), height=19, rx=4,
        fill="#fffbe6", stroke=colour, stroke_width=1)
    _el(tag, "text", text, class_="levels-dimension-label", x=round(8 + w / 2, 2), y=4.5,
        text_anchor="middle", font_size=12, font_weight=700, fill="#111")


def _carried_borders(table: Table, frame: _Frame, text: str, ys: tuple[float, float],
                     xs: tuple[float, float, float]) -> list[str]:
    """The borders whose Height tag the dimension line's tag repeats (issue 22: two "3 ft" tags side by side at
    *Table-top brawl*'s table): ``["a|b", ...]`` (their ``data-border``).

    A border is carried when its tag reads the dimension's length (``text``, "3 ft"), it runs between the same
    two surfaces (``ys``: their SVG y), and it stands next to the line: between the two fighters or within
    2 × :data:`_GAP` SVG units of the line (``xs``: the two fighters' centres and the line's x, SVG units).
    """
    lo_x, hi_x = min(xs[:2]) - _GAP, max(xs[:2]) + _GAP
    surfaces = {round(y, 2) for y in ys}
    return [f"{b.a}|{b.b}" for b, m in zip(table.scenario.field.borders, _border_marks(table, frame), strict=True)
            if m.text == text and {round(m.lo, 2), round(m.hi, 2)} == surfaces
            and (lo_x <= m.x <= hi_x or abs(m.x - xs[2]) <= 2 * _GAP)]


def _lying(g: ET.Element, table: Table, frame: _Frame, figures: Mapping[str, _Figure], a: str, b: str) -> None:
    """The strange position drawn (G3): the upper fighter lying along its standing surface at the edge nearer the
    lower fighter (on stairs, the edge of the step it stands on), head at the edge, body inland, in its side's
    colour (``g.lying-down[data-fighter]``, with a
    ``<title>``), as long as the figure is tall or, on a narrower section, as the section is wide.  The page
    draws the standing figure faint meanwhile (``.lying``).  Nothing for fighters drawn as tokens (the Height
    frame has no levels verdict) or at one height.

    Source: ``docs/rules.md#g3`` ("the upper fighter lies down at the edge and reaches over").
    """
    if not frame.system.true_scale or table.surface(a) == table.surface(b):
        return
    upper, lower = (a, b) if table.surface(a) > table.surface(b) else (b, a)
    up, down = figures[upper], figures[lower]
    s = table.scenario.field.section(table.position(upper))
    toward = 1 if down.cx >= up.cx else -1
    lo, hi = s.x0, s.x1
    if s.stairs is not None:
        # On stairs the edge is its own step's: the tread it stands on ends where the drop to the lower fighter is.
        x = table.stand(upper)[1]
        step = min(max(int((x - s.x0) // s.stairs.tread), 0), s.steps - 1)
        lo, hi = s.x0 + s.stairs.tread * step, min(s.x1, s.x0 + s.stairs.tread * (step + 1))
    edge = frame.x(hi) if toward > 0 else frame.x(lo)
    h, w, feet = up.h, up.w, up.feet
    r = h * _HEAD_R
    # As long as the figure is tall, on a section as wide; on a narrower one (a wall top) it lies along the
    # section, into the page, and is drawn that much shorter.
    long = max(min(h, frame.x(hi) - frame.x(lo) if s.stairs is None else h), 2 * r + w)
    neck = edge - toward * (2 * r + h * 0.015)
    far = edge - toward * long
    fighter = table.scenario.fighter(upper)
    colour = _side_colour(table)[fighter.side]
    lg = _el(g, "g", class_="lying-down", data_fighter=upper)
    _el(lg, "title", f"{isolate(fighter.name)} lies down at the edge (G3)")
    x0, x1 = sorted((far, neck))
    _el(lg, "rect", class_="lying-body", x=round(x0, 2), y=round(feet - w, 2), width=round(x1 - x0, 2),
        height=round(w, 2), rx=round(w * 0.3, 2), fill=colour, stroke="#fff", stroke_width=1.5)
    # The legs: a notch from the feet to the crotch, as the standing figure has.
    crotch = far + toward * long * _CROTCH
    _el(lg, "line", class_="lying-legs", x1=round(far, 2), y1=round(feet - w / 2, 2), x2=round(crotch, 2),
        y2=round(feet - w / 2, 2), stroke="#fff", stroke_width=1.5)
    _el(lg, "circle", class_="lying-head", cx=round(edge - toward * r, 2), cy=round(feet - r, 2), r=round(r, 2),
        fill=colour, stroke="#fff", stroke_width=1.5)


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


STRETCH_STEPS = 64
"""Most steps of stairs a stretch is drawn along one by one; a longer stretch is one band at its lowest step."""


def _stretches(table: Table, hl: Highlights, frame: _Frame) -> str:
    """The stretches of surface and the places up ladders the selected fighter reaches
    (:attr:`Highlights.stretches`, :attr:`Highlights.ladder_reach`), as SVG text: a band under each stretch (one
    per step on stairs), a band up each ladder from its foot."""
    field_ = table.scenario.field
    g = ET.Element("g")
    for sid, spans in hl.stretches:
        s = field_.section(sid)
        for a, b in spans:
            for x0, x1, h in _flat_parts(s, a, b):
                w = max(frame.x(x1) - frame.x(x0), 2.0)
                _el(g, "rect", class_="reachable stretch", data_section=sid, data_from=str(x0), data_to=str(x1),
                    x=round(frame.x(x0) - (2.0 if x0 == x1 else 0.0) / 2, 2), y=round(frame.y(h) + 1.5, 2),
                    width=round(w, 2), height=BAND, rx=2)
    for lid, up in hl.ladder_reach:
        border = ladder(field_, lid)
        low, _ = sorted(field_.border_surfaces(border))
        outer, inner = across_px(frame.x(border.x), frame.y(low))
        g.append(outer)
        _el(inner, "rect", class_="stretch ladder-reach", data_ladder=lid, data_up=str(up), x=-7,
            y=round(-float(up) * frame.sy, 2), width=14, height=round(float(up) * frame.sy, 2), rx=3)
    return to_xml(g)[len("<g>"):-len("</g>")] if len(g) else ""


def _flat_parts(s: Section, a: Fraction, b: Fraction) -> list[tuple[Fraction, Fraction, Fraction]]:
    """``[a, b]`` on a section as flat pieces ``(from, to, surface)``: one when flat, one per step on stairs (at
    most :data:`STRETCH_STEPS`, else one at the lowest surface)."""
    if s.stairs is None:
        return [(a, b, s.elevation)]
    first, last = s.step_at(a), s.step_at(b)
    if last - first >= STRETCH_STEPS:
        return [(a, b, min(s.surface(a), s.surface(b)))]
    out = []
    for i in range(first, last + 1):
        lo = max(a, s.x0 + s.stairs.tread * i)
        hi = min(b, s.x0 + s.stairs.tread * (i + 1))
        if lo < hi or a == b:
            out.append((lo, hi, s.elevation + s.stairs.rise * i))
    return out


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


def _shading(table: Table, shading: Shading, frame: _Frame) -> str:
    """The graded stretches (:class:`Shading`), as SVG text: a band under each stretch in its grade's colour (one
    per step on stairs); written once per shading object (:data:`_MEMO`)."""
    def make() -> str:
        field_ = table.scenario.field
        fills = dict(shading.fills)
        g = ET.Element("g")
        for sid, spans in shading.stretches:
            s = field_.section(sid)
            for a, b, grade in spans:
                for x0, x1, h in _flat_parts(s, a, b):
                    _el(g, "rect", class_="reachable shade", data_section=sid, data_from=str(x0), data_to=str(x1),
                        data_grade=grade, x=frame.x(x0), y=round(frame.y(h) + 1.5, 2),
                        width=round(max(frame.x(x1) - frame.x(x0), 1.0), 2), height=BAND,
                        fill=fills.get(grade, "#888"), stroke="none")
        return to_xml(g)[len("<g>"):-len("</g>")] if len(g) else ""
    return _MEMO.get("shading", shading, make)


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
            targets, the reachable sections' bands and dice badges, the graded stretches (``#overlay-base``).
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
    stretches = _stretches(table, highlights, frame) if highlights.stretches or highlights.ladder_reach else ""
    shading = _shading(table, highlights.shading, frame) if highlights.shading is not None else ""
    return OverlayParts(places + _reachable(table, highlights, frame) + stretches + shading, marks)


def render_overlay(table: Table, highlights: Highlights) -> str:
    """Only the ``<g id="overlay">`` group, for redrawing after a click (both layers: :class:`OverlayParts`)."""
    return overlay_parts(table, highlights).text()
