"""The side view's terrain: the sections, their stairs, the borders with their Height tags, and the scale.

Ground is filled down to the bottom of the view; a slab (floor, roof, balcony) is a plate with open space
beneath, on posts down to the highest surface under its middle.  Stairs are drawn as steps, each tread at its
step's surface with a riser between two, or as a ramp from the first step to the last where the treads would
be hairlines (:data:`MIN_TREAD`) or the battlefield has too many (:data:`~vertigo_view.frame.MAX_DRAWN_STEPS`).  Each
border is a line with its height difference as a tag (``H3``, ``8 ft``), measured where the border is; a border
between two sections at the same height has no tag.  A border of kind ``stair`` is drawn as a flight of treads
along it, one of kind ``ladder`` as two rails and rungs.  A terrain feature (a wall, a railing, rubble) is drawn
in the group of the section it stands on, from its left face to its right and up its height, as the rule sets
that read features draw it (a plain box where none does).  A rule set whose fields change how terrain looks adds
its marks, a border's or a feature's tag and its lines of the drawing's key through :mod:`vertigo_view.looks`.
The scale is a Height axis in the Height frame and a length bar at true scale.

Sections are ``g.section[data-section]``, borders ``g.border[data-border]``, features ``g.feature[data-feature]``
inside their section's group (not a place to stand: a click on one is a click on its section, at that x); the
section names, the Height tags and the features' tags are drawn last, in ``#labels``, as labels that may give way
to one of lower rank (``static/view.js``).
"""

from __future__ import annotations

import bisect
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import NamedTuple

from vertigo.battlefield import Battlefield, Border, Section
from vertigo.features import Feature
from vertigo.numbers import fmt
from vertigo.table import Table
from vertigo.text import isolate

from . import looks
from .frame import _BOTTOM, _MEMO, BAND, SLAB, UH, _el, _Frame, _low, _pin, _points, _root, _short, _text_width
from .looks import Look, Place, across_px, border_look, feature_look, section_look, terrain_defs
from .markup import to_xml, to_xml_holding

looks.on_change(_MEMO.clear)

MIN_TREAD = 3.0
"""Narrowest a stair's tread is drawn as its own step, SVG units (narrower: the flight is drawn as a ramp)."""


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


def _defs(svg: ET.Element, frame: _Frame, table: Table) -> None:
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
    defs.extend(terrain_defs(table.scenario.field))


def _section_label(s: Section, frame: _Frame) -> str:
    length = frame.system.length
    if s.stairs is None:
        return f"Section {isolate(s.name)}, {length(s.elevation)}"
    return (f"Section {isolate(s.name)}, {s.steps} steps from {length(s.surface(s.x0))} "
            f"to {length(s.surface(s.x1))}")


def _ordered(sections: tuple[Section, ...]) -> list[Section]:
    """Ground first so slabs, which stand above it, are drawn over it; left to right within each, which is also
    the keyboard's Tab order."""
    return sorted(sections, key=lambda s: (s.kind != "ground", s.x0, s.elevation))


class _SectionDrawn(NamedTuple):
    """A section's pieces of the drawing as SVG text: its group in ``#terrain``, its tap region in ``#taps`` with
    the order the regions are drawn in (:func:`_taps`), and its name in ``#labels``."""

    group: str
    tap_order: tuple[float, Fraction, str]
    tap: str
    label: str


def _sections_drawn(table: Table, frame: _Frame) -> list[_SectionDrawn]:
    """Every section's pieces, in drawing order (:func:`_ordered`), once per scenario and frame (:data:`_MEMO`).

    Each is kept by value (:meth:`~vertigo_view.frame._Memo.pieces`): by the section, the features standing on it
    and its posts, everything its pieces are drawn from at the frame's scale.  The editor makes a new scenario
    at every edit; a section the edit did not change is not drawn again.
    """
    return _MEMO.get("sections", frame, lambda: _sections_drawn_of(table, frame))


def _sections_drawn_of(table: Table, frame: _Frame) -> list[_SectionDrawn]:
    field_ = table.scenario.field
    marks = _feature_marks(table, frame)
    features: dict[str, list[_FeatureMark]] = {}
    for m in marks:
        features.setdefault(m.feature.on, []).append(m)
    spans = _Spans(field_.sections) if any(s.kind != "ground" for s in field_.sections) else None
    kept = _MEMO.pieces("section", frame.scale)
    out = []
    for s in _ordered(field_.sections):
        on = tuple(features.get(s.id, ()))
        posts = () if spans is None or s.kind == "ground" else _post_rects(s, spans, frame, marks)
        out.append(kept.get((s, tuple(m.feature for m in on), posts), partial(_section_drawn, s, frame, on, posts)))
    return out


def _section_drawn(s: Section, frame: _Frame, on: tuple[_FeatureMark, ...], posts: tuple[_Post, ...]
                   ) -> _SectionDrawn:
    """A section's pieces (:class:`_SectionDrawn`): its group with the features ``on`` it and its ``posts``."""
    x0, x1 = frame.x(s.x0), frame.x(s.x1)
    top = frame.y(s.top)
    bottom = frame.y(frame.bottom) if s.kind == "ground" else frame.y(_low(s)) + SLAB * UH
    taps, names = ET.Element("g"), ET.Element("g")
    _tap(taps, s, frame, (x0, top, x1 - x0, bottom - top))
    _section_name(names, s, frame)
    return _SectionDrawn(to_xml(_section_group(s, frame, on, posts)), (-((x1 - x0) * (bottom - top)), s.x0, s.id),
                         to_xml(taps[0]), to_xml(names[0]))


def _section_group(s: Section, frame: _Frame, on: tuple[_FeatureMark, ...], posts: tuple[_Post, ...]
                   ) -> ET.Element:
    """A section's ``g.section``: its body (ground down to the bottom of the view; a slab a plate on its posts),
    its surface or its steps, what the rule sets' looks add, and the features standing on it."""
    thick = SLAB * UH
    x0, x1 = frame.x(s.x0), frame.x(s.x1)
    top = frame.y(s.elevation)
    low = frame.y(_low(s))
    look = section_look(s, Place(x0, x1, frame.y(s.top), frame.y(frame.bottom) if s.kind == "ground" else
                                 low + thick, frame.sy, frame.system.short))
    label = (_section_label(s, frame) + (f"; {look.note}" if look and look.note else "")
             + "".join(f"; {m.title}" for m in on))
    sg = _root("g", id=f"section-{s.id}", class_=" ".join(["section", s.kind, *(["stairs"] if s.stairs else []),
                                                            *(look.classes if look else ())]),
               data_section=s.id, role="button", tabindex=0, aria_label=label)
    _el(sg, "title", label)
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
        for x, y, height in posts:
            _el(sg, "rect", class_="post", x=x, y=y, width=6, height=height)
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
    if look:
        sg.extend(look.marks)
    for m in on:
        _feature(sg, m)
    return sg


def _terrain(table: Table, frame: _Frame) -> str:
    """The ``<g id="terrain">`` group: each section's ``g.section`` (:func:`_section_group`), in drawing order."""
    return to_xml_holding(_root("g", id="terrain"), [d.group for d in _sections_drawn(table, frame)])


@dataclass(frozen=True)
class _FeatureMark:
    """Where a terrain feature is drawn (``place``, SVG units), what the rule sets make of it (``look``), its
    title: its name, isolated, then what the looks say of it (``"West wall — obstacle, 4 in, closed door"``), and
    its tag's marker in ``#labels`` as SVG text ("" for none)."""

    feature: Feature
    place: Place
    look: Look | None
    title: str
    label: str = ""


def _feature_marks(table: Table, frame: _Frame) -> list[_FeatureMark]:
    """Every feature's place and look, in document order (once per scenario and frame, :data:`_MEMO`; each kept
    by value, by the feature and its section, :meth:`~vertigo_view.frame._Memo.pieces`)."""
    return _MEMO.get("features", frame, lambda: _feature_marks_of(table, frame))


def _feature_marks_of(table: Table, frame: _Frame) -> list[_FeatureMark]:
    field_ = table.scenario.field
    kept = _MEMO.pieces("feature", frame.scale)
    out = []
    for f in field_.features:
        s = field_.section(f.on)
        out.append(kept.get((f, s), partial(_feature_mark, f, s, frame)))
    return out


def _feature_mark(f: Feature, s: Section, frame: _Frame) -> _FeatureMark:
    """A feature's place, look, title and tag (:class:`_FeatureMark`) on its section ``s``."""
    # Its top: its height over the surface at its centre; its foot: the lowest surface under it (stairs).
    place = Place(frame.x(f.x0), frame.x(f.x1), frame.y(s.surface(f.centre) + f.height),
                  frame.y(min(s.surface(f.x0), s.surface(f.x1))), frame.sy, frame.system.short)
    look = feature_look(f, place)
    title = isolate(f.name) + (f" — {look.note}" if look and look.note else "")
    if not (look and look.tag):
        return _FeatureMark(f, place, look, title)
    g = ET.Element("g")
    w = max(30.0, _text_width(look.tag, 11) + 4)
    # Rank 3 after the section names: a feature's tag says what its drawing shows, and gives way first.  It does
    # not slide: moved off its feature's top it would read as the tag of whatever it came to stand by.
    px = _pin(g, round((place.x0 + place.x1) / 2, 2), place.top, " ".join(["feature-mark", *look.classes]), rank=3,
              data_feature_tag=f.id)
    _el(px, "rect", class_="feature-tag", x=round(-w / 2, 2), y=-22, width=fmt(w), height=16, rx=4)
    _el(px, "text", look.tag, class_="feature-label", x=0, y=-10.5)
    return _FeatureMark(f, place, look, title, to_xml(g[0]))


def _feature(sg: ET.Element, m: _FeatureMark) -> None:
    """A feature in its section's group: ``g.feature[data-feature]`` with the looks' classes, its title and the
    looks' marks, or a plain ``rect.feature-body`` from its top to its foot where no look draws it."""
    fg = _el(sg, "g", class_=" ".join(["feature", *(m.look.classes if m.look else ())]), data_feature=m.feature.id)
    _el(fg, "title", m.title)
    if m.look and m.look.marks:
        fg.extend(m.look.marks)
        return
    p = m.place
    _el(fg, "rect", class_="feature-body", x=p.x0, y=p.top, width=round(p.x1 - p.x0, 2),
        height=round(p.bottom - p.top, 2))


TAP_PX = 24.0
"""Side of a section's tap region, CSS px: a section drawn smaller than this either way on screen answers a tap
anywhere in a square this size under the middle of its surface (issue 22)."""


def _taps(table: Table, frame: _Frame) -> str:
    """The ``<g id="taps">`` layer, over the terrain and under the fighters: a tap region per section (:func:`_tap`).

    Larger sections come first, so where two regions overlap the smaller one, drawn later, wins.
    """
    drawn = sorted(_sections_drawn(table, frame), key=lambda d: d.tap_order)
    return to_xml_holding(_root("g", id="taps"), [d.tap for d in drawn])


def _tap(g: ET.Element, s: Section, frame: _Frame, box: tuple[float, float, float, float]) -> None:
    """A section's tap region in ``g``: a marker (``g.pin.tap[data-section]``, :func:`_pin`), a :data:`TAP_PX` px
    square whose top edge is the middle of the section's surface, so a fighter standing there keeps its token.
    ``data-box``: the section's body, ``"x y width height"`` in SVG units; the page turns a region on
    (``.tap-on``) only while that body is drawn under :data:`TAP_PX` either way, so a large section's region
    never covers a neighbour drawn over it."""
    px = _pin(g, frame.x(s.centre), frame.y(s.surface(s.centre)), "tap-region")
    pin = g[-1]
    pin.set("class", "pin tap")
    pin.set("data-section", s.id)
    pin.set("data-box", " ".join(fmt(round(v, 2)) for v in box))
    _el(px, "rect", class_="tap-area", x=-TAP_PX / 2, y=0, width=TAP_PX, height=TAP_PX)


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


_Post = tuple[float, float, float]
"""A slab's post as drawn: ``(x, y, height)``, SVG units."""


def _post_rects(slab: Section, spans: _Spans, frame: _Frame, features: list[_FeatureMark]) -> tuple[_Post, ...]:
    """A slab's two posts (``rect.post``, 6 SVG units wide, inside each end) from under its plate down to the
    highest surface under its middle, or to the top of a terrain feature of another section it stands on; none
    where such a feature reaches the plate's underside (a wall holds the floor up: a post drawn over it would
    hide its door)."""
    under = frame.y(_low(slab)) + SLAB * UH
    foot = frame.y(_support_below(spans, slab, frame))
    out = []
    for px in (frame.x(slab.x0) + 3, frame.x(slab.x1) - 9):
        tops = [m.place.top for m in features if m.feature.on != slab.id and m.place.x0 <= px
                and px + 6 <= m.place.x1 and m.place.top < foot]
        if any(top <= under for top in tops):
            continue
        low = min([foot, *tops])
        out.append((round(px, 2), under, round(max(0.0, low - under), 2)))
    return tuple(out)


class _Spans:
    """The sections of a battlefield sorted by their left end, to find those over an x without a pass over all of
    them for each slab (a pass per slab made drawing 250 sections quadratic)."""

    def __init__(self, sections: tuple[Section, ...]) -> None:
        self.sections = sorted(sections, key=lambda s: s.x0)
        self.lefts = [s.x0 for s in self.sections]
        self.widest = max((s.x1 - s.x0 for s in sections), default=0)

    def over(self, x: Fraction) -> list[Section]:
        """The sections whose x-range holds ``x`` (ends included), by left end."""
        first = bisect.bisect_left(self.lefts, x - self.widest)
        last = bisect.bisect_right(self.lefts, x)
        return [s for s in self.sections[first:last] if s.x1 >= x]


def _support_below(spans: _Spans, slab: Section, frame: _Frame) -> float:
    """Height of the highest surface under a slab's middle (where its posts stand).

    With nothing under it: one Height level down in the Height frame, the bottom of the view at true scale.
    """
    mid = slab.centre
    floor = _low(slab)
    under = [s.surface(mid) for s in spans.over(mid) if s is not slab and s.surface(mid) < floor]
    if under:
        return float(max(under))
    return frame.bottom if frame.system.true_scale else float(slab.elevation - 1)


@dataclass(frozen=True)
class _BorderMark:
    """Where a border and its label are drawn, SVG units; ``look``: what the rule sets add to it."""

    h: Fraction
    x: float
    lo: float
    hi: float
    label_y: float
    text: str
    w: float
    look: Look | None = None


class _BorderDrawn(NamedTuple):
    """A border's pieces of the drawing: where it is drawn (``mark``), its group in ``#borders`` and its Height
    tag's marker in ``#labels`` ("" for none), as SVG text."""

    mark: _BorderMark
    group: str
    label: str


def _borders_drawn(table: Table, frame: _Frame) -> list[_BorderDrawn]:
    """Every border's pieces, in document order, once per scenario and frame (:data:`_MEMO`); each kept by value
    (:meth:`~vertigo_view.frame._Memo.pieces`): by the border and its two sections."""
    return _MEMO.get("borders", frame, lambda: _borders_drawn_of(table, frame))


def _borders_drawn_of(table: Table, frame: _Frame) -> list[_BorderDrawn]:
    field_ = table.scenario.field
    kept = _MEMO.pieces("border", frame.scale)
    out = []
    for b in field_.borders:
        a, c = field_.section(b.a), field_.section(b.b)
        out.append(kept.get((b, a, c), partial(_border_drawn, field_, b, frame)))
    return out


def _border_marks(table: Table, frame: _Frame) -> list[_BorderMark]:
    """Every border's line and label, in document order (once per scenario and frame, :data:`_MEMO`)."""
    return _MEMO.get("border marks", frame, lambda: [d.mark for d in _borders_drawn(table, frame)])


def _border_drawn(field_: Battlefield, b: Border, frame: _Frame) -> _BorderDrawn:
    """A border's pieces (:class:`_BorderDrawn`), drawn from the border and its two sections alone."""
    # Measured where the border is drawn: a flight of stairs meets its neighbours at the step there.
    ha, hc = field_.border_surfaces(b)
    h = abs(ha - hc)
    lo, hi = sorted((ha, hc))
    ly = (frame.y(hi) + frame.y(lo)) / 2 if h else frame.y(hi) - 14
    look = border_look(b, h, Place(frame.x(b.x), frame.x(b.x), frame.y(hi), frame.y(lo), frame.sy,
                                   frame.system.short))
    # A border between two sections at the same height gets no tag: "H0" / "0 ft" says nothing the eye
    # does not already see.  Its line and its title stay.  A rule set may tag it otherwise ("H1 ladder").
    text = look.tag if look is not None and look.tag is not None else frame.system.short(h) if h else ""
    m = _BorderMark(h, frame.x(b.x), frame.y(lo), frame.y(hi), ly, text,
                    max(30.0, _text_width(text, 11) + 4) if text else 0.0, look)
    if not m.text:
        return _BorderDrawn(m, to_xml(_border_group(field_, b, m, frame)), "")
    g = ET.Element("g")
    px = _pin(g, m.x, m.label_y, " ".join(["border-mark", *(m.look.classes if m.look else ())]), rank=2,
              data_border=f"{b.a}|{b.b}")
    px.set("data-slide", "v")  # may slide along its border's line to make room
    _el(px, "rect", class_="border-tag", x=round(-m.w / 2, 2), y=-9, width=fmt(m.w), height=16, rx=4)
    _el(px, "text", m.text, class_="border-label", x=0, y=3.5)
    return _BorderDrawn(m, to_xml(_border_group(field_, b, m, frame)), to_xml(g[0]))


TREAD_PX = 24.0
"""How wide a stair border's flight is drawn, CSS px at every zoom."""
RUNG_EVERY = 13.0
"""A ladder's rungs are this far apart or a little more, SVG units (3 a Height level in the Height frame)."""


def _kind_marks(bg: ET.Element, b: Border, m: _BorderMark, rises_right: bool) -> None:
    """A stair border as a flight of treads (``polygon.stair-mark``, its steps' outline closed along the lower
    surface and the border) from the lower surface, on the side away from the upper section, to the border at the
    upper surface; a ladder border as two rails (``line.ladder-rail``)
    and rungs (``line.ladder-rung``) from the lower surface to the upper.  Their width is CSS px, their height the
    drawing's (:func:`~vertigo_view.looks.across_px`).  Nothing where the two surfaces are level."""
    rise = m.lo - m.hi
    if b.kind not in ("stair", "ladder") or rise <= 0:
        return
    outer, g = across_px(m.x, m.lo, f"{b.kind}-marks")
    bg.append(outer)
    if b.kind == "stair":
        n = max(3, min(8, round(rise / 16)))
        way = 1 if rises_right else -1
        pts = [(-way * TREAD_PX, 0.0)]
        for i in range(1, n + 1):
            pts += [(pts[-1][0], -rise * i / n), (-way * TREAD_PX * (1 - i / n), -rise * i / n)]
        pts.append((0.0, 0.0))
        _el(g, "polygon", class_="stair-mark",
            points=" ".join(f"{round(x, 2) + 0.0},{round(y, 2) + 0.0}" for x, y in pts))  # + 0.0: no "-0.0"
        return
    for side in (-4, 4):
        _el(g, "line", class_="ladder-rail", x1=side, y1=0, x2=side, y2=round(-rise, 2))
    n = max(2, min(60, math.floor(rise / RUNG_EVERY)))
    for i in range(1, n + 1):
        y = round(-rise * (i - 0.5) / n, 2)
        _el(g, "line", class_="ladder-rung", x1=-4, y1=y, x2=4, y2=y)


def _borders(table: Table, frame: _Frame) -> str:
    """The ``<g id="borders">`` group: each border's ``g.border`` (:func:`_border_group`), in document order."""
    return to_xml_holding(_root("g", id="borders"), [d.group for d in _borders_drawn(table, frame)])


def _border_group(field_: Battlefield, b: Border, m: _BorderMark, frame: _Frame) -> ET.Element:
    """A border's ``g.border``: its title, its line, a stair's or a ladder's marks and what the looks add."""
    a, c = field_.section(b.a), field_.section(b.b)
    x, h, look = m.x, m.h, m.look
    classes = ["border", *(["flat"] if h == 0 else []), *([b.kind] if b.kind else []),
               *(look.classes if look else ())]
    bg = _root("g", id=f"border-{b.a}--{b.b}", class_=" ".join(classes), data_border=f"{b.a}|{b.b}",
               data_height=fmt(h))
    _el(bg, "title", f"Border {isolate(a.name)} – {isolate(c.name)}: {frame.system.length(h)}"
                     + (f", a {b.kind}" if b.kind else "") + (f"; {look.note}" if look and look.note else ""))
    _el(bg, "line", class_="border-line",
        x1=x, y1=m.hi - (6 if h == 0 else 0), x2=x, y2=m.lo + (6 if h == 0 else 0))
    ha, hc = field_.border_surfaces(b)
    upper = a if ha > hc else c
    _kind_marks(bg, b, m, upper.centre > b.x)
    if look:
        bg.extend(look.marks)
    return bg


def _labels(table: Table, frame: _Frame) -> str:
    """The ``<g id="labels">`` group: every border's Height tag, every section's name and every feature's tag, as
    markers.

    Drawn last, over the overlay and the fighters, so no line of a move or a shot and no figure hides a
    label.  Each is a ``.lbl`` with a
    ``data-rank`` (Height tags 2, section names and then features' tags 3; fighters' names are 1, the overlay's
    labels 0): where the page cannot show two without overlap at the current zoom, the higher rank gives way
    (``static/view.js``) and comes back as the view zooms in.  A feature's tag stands over the middle of its top,
    its ``.feature-mark`` naming it in ``data-feature-tag``; it never slides away from there.
    """
    return to_xml_holding(ET.Element("g", {"id": "labels", "aria-hidden": "true"}), [
        *(d.label for d in _borders_drawn(table, frame) if d.label),
        *(d.label for d in _sections_drawn(table, frame)),
        *(m.label for m in _feature_marks(table, frame) if m.label)])


def _section_name(g: ET.Element, s: Section, frame: _Frame) -> None:
    """A section's name in ``g``, a marker under its surface (``text.section-name``, rank 3)."""
    low = frame.y(_low(s))
    cx = round((frame.x(s.x0) + frame.x(s.x1)) / 2, 2)
    if s.kind == "ground":
        px = _pin(g, cx, low, "section-mark")
        y = BAND + 14
    else:
        px = _pin(g, cx, low + SLAB * UH, "section-mark")
        y = 13.0
    _el(px, "text", _short(s.name, 30), class_="section-name lbl", data_rank=3, data_section=s.id, x=0, y=y)


AXIS_TICKS = 200
"""Most numbers the Height axis draws: the finest step it draws is the smallest of 1, 2 or 5 × 10ⁿ that keeps
it under this many; the page shows a coarser one where those would stand under 24 px apart."""


def axis_steps(lo: Fraction, hi: Fraction) -> int:
    """The finest step of the Height axis between Heights ``lo`` and ``hi``: 1, 2 or 5 × 10ⁿ Height levels
    (n ≥ 0), the smallest with at most :data:`AXIS_TICKS` multiples between them."""
    span = max(Fraction(0), hi - lo)
    step = 1
    while span / step > AXIS_TICKS:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return step


def _scale(table: Table, frame: _Frame) -> ET.Element:
    """The ``<g id="scale">`` group: the length bar at true scale, else the Height axis."""
    g = _root("g", id="scale", aria_hidden="true")
    if frame.system.true_scale:
        _length_bar(g, table, frame)
    else:
        _height_axis(g, table, frame)
    return g


def _height_axis(g: ET.Element, table: Table, frame: _Frame) -> None:
    """The Height axis: a ruler the page keeps at the window's left edge (``static/view.js``).

    A line from the lowest surface to the highest, the lowest and highest Heights always numbered
    (``.tick.end``), and a number at every multiple of :func:`axis_steps` between them (``data-level``),
    of which the page shows the steps of 1, 2 or 5 × 10ⁿ that stand at least 24 px apart.  ``data-axis-px``:
    CSS px the numbers need left of the line.
    """
    sections = table.scenario.field.sections
    lo, hi = min(_low(s) for s in sections), max(s.top for s in sections)
    step = axis_steps(lo, hi)
    levels = [lo] + [Fraction(v) for v in range(math.floor(lo / step) * step + step, math.ceil(hi), step)
                     if lo < v < hi] + ([hi] if hi != lo else [])
    texts = [fmt(v) for v in levels]
    g.set("class", "height-axis")
    g.set("data-axis-px", fmt(round(max(len(t) for t in texts) * 7 + 14)))
    g.set("data-lo", fmt(lo))
    g.set("data-hi", fmt(hi))
    _el(g, "line", class_="scale-axis", x1=0, y1=frame.y(lo), x2=0, y2=frame.y(hi))
    for i, (v, text) in enumerate(zip(levels, texts, strict=True)):
        end = i == 0 or i == len(levels) - 1
        px = _pin(g, 0, frame.y(v), "tick" + (" end" if end else ""), data_level=text)
        _el(px, "line", class_="scale-tick", x1=-4, y1=0, x2=4, y2=0)
        _el(px, "text", text, class_="scale-label", x=-7, y=4)
    _el(_pin(g, 0, frame.y(hi), "axis-title"), "text", "Height", class_="scale-title", x=0, y=-12)


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
