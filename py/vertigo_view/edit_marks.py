"""The editor's marks over the side view (issue 26): the selection, its grips, the proposed borders and the grid.

:func:`edit_marks` draws one ``<g id="edit-marks" class="edit-marks">`` that the editor's page inserts just before
``</svg>`` of :func:`vertigo_view.side_view.render`, so the marks stand over the terrain, the fighters and the
labels, in the same frame (:class:`vertigo_view.frame._Frame`), at the same zoom and pan.  Drawn from the bottom
up:

* the grid (``g.edit-grid``): a vertical line every snap step across the field's x-range;
* each proposed border (``line.proposal``, dashed, with a ``<title>`` naming both sections) at its x, from one
  section's surface to the other's, and a dot in CSS px where the two surfaces are at one height;
* the selected section's outline (``rect.edit-selected``) and its three grips (``rect.grip``): ``data-grip="x0"``
  and ``"x1"`` on its ends, ``"y"`` under the middle of its surface;
* the selected fighter's ring (``.selected-ring.edit-ring``, as the overlay rings a selected fighter).

A grip is sized in CSS px at every zoom as the overlay's bands are (``calc(px × var(--k))`` in its ``style``:
``--k`` and ``--ky`` are the SVG units per CSS px across and up, set on the ``<svg>`` by ``static/view.js``), and
not inside a ``.px`` marker group, so a ``transform`` the page sets on it while it is dragged is in SVG user units.
Its ``x``, ``y``, ``width`` and ``height`` attributes are the same box at one SVG unit per px.  Only the grips take
a press (``pointer-events``): the outline, the grid and the proposals leave the pieces under them to the click.

Pure: a table in, SVG text out; every name reaches the SVG as text (ElementTree), isolated
(:func:`vertigo.text.isolate`) as the rest of the view writes names.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING

from vertigo.battlefield import Battlefield, Section
from vertigo.lengths import exact
from vertigo.numbers import fmt
from vertigo.table import Table
from vertigo.text import isolate

from .frame import _MEMO, SLAB, UH, _el, _Frame, _low, _pin, _root
from .markup import to_xml, to_xml_holding
from .overlay import _ring
from .tokens import _figures, token_positions

if TYPE_CHECKING:
    from vertigo.editing import Piece, Proposal

__all__ = ["edit_marks", "grid_lines", "GRIP_PX", "GRIP_LONG_PX", "MAX_GRID_LINES"]

GRIP_PX = 24.0
"""The short side of a grip, CSS px at every zoom (the tap size the page asks of every target)."""
GRIP_LONG_PX = 32.0
"""The long side of a grip, CSS px: up an end's grip, across the elevation grip."""
MAX_GRID_LINES = 400
"""Most grid lines drawn: a finer grid over a wide field is drawn at a multiple of its step (bounded work)."""

_K = "var(--k, 1)"
_KY = "var(--ky, var(--k, 1))"
_ACCENT = "#1f5fae"
_MARK = "#f2b01e"


def edit_marks(table: Table, selected: Piece | None, proposals: Sequence[Proposal],
               grid: Fraction | None) -> str:
    """The editor's marks over the side view of ``table``, as SVG text.

    Args:
        table: the table drawn (the editor's drawable scenario, :func:`vertigo.editing.drawable`).
        selected: the selected piece, ``("section", id)`` or ``("fighter", id)`` (any other piece, or one the
            drawn scenario lacks, marks nothing).
        proposals: the proposed borders (:func:`vertigo.editing.proposed_borders`); one naming a section the drawn
            scenario lacks is left out.
        grid: the snap step in the scenario's unit, or None (or not above 0) for no grid.

    Returns:
        One ``<g id="edit-marks" class="edit-marks">`` element: ``g.edit-grid`` (its ``line``\\ s, ``data-step``:
        the step drawn, ``data-asked``: the step asked), then each proposal (:func:`_proposal`), then the
        selection (:func:`_section_marks`, :func:`_fighter_ring`).  The page's style sheet draws the classes; the
        marks also carry their colours, for a drawing without it.
    """
    frame = _Frame.of(table)
    field_ = table.scenario.field
    g = ET.Element("g", {"id": "edit-marks", "class": "edit-marks"})
    lines = _grid(field_, frame, exact(grid)) if grid is not None and grid > 0 else ""
    # Each proposal's marks are kept by value (vertigo_view.frame._Pieces): by the proposal and its two sections.
    kept = _MEMO.pieces("proposal", frame.scale)
    written = [kept.get((p, field_.section(p.a), field_.section(p.b)), partial(_proposal_text, field_, frame, p))
               for p in proposals if p.a in field_ and p.b in field_]
    selection = ET.Element("g")
    if selected is not None:
        kind, pid = selected
        if kind == "section" and pid in field_:
            _section_marks(selection, frame, field_.section(pid))
        elif kind == "fighter" and any(f.id == pid for f in table.scenario.fighters):
            _fighter_ring(selection, table, frame, pid)
    return to_xml_holding(g, [lines, *written, *(to_xml(e) for e in selection)])


def _proposal_text(field_: Battlefield, frame: _Frame, p: Proposal) -> str:
    """One proposal's marks (:func:`_proposal`) as SVG text."""
    holder = ET.Element("g")
    _proposal(holder, field_, frame, p)
    return "".join(to_xml(e) for e in holder)


def grid_lines(lo: Fraction, hi: Fraction, step: Fraction) -> tuple[Fraction, tuple[Fraction, ...]]:
    """Where the grid's lines stand over ``lo``–``hi`` (the scenario's unit): every multiple of ``step`` in it, or,
    when that would be more than :data:`MAX_GRID_LINES`, every multiple of the smallest whole multiple of ``step``
    that keeps to it.

    Returns:
        ``(step drawn, the lines' x, left to right)``.

    Raises:
        ValueError: ``step`` is not above 0.
    """
    if step <= 0:
        raise ValueError(f"a grid step must be above 0: {step}")
    count = math.floor(hi / step) - math.ceil(lo / step) + 1
    if count > MAX_GRID_LINES:
        step *= math.ceil(count / MAX_GRID_LINES)
    first, last = math.ceil(lo / step), math.floor(hi / step)
    return step, tuple(step * i for i in range(first, last + 1))


def _grid(field_: Battlefield, frame: _Frame, step: Fraction) -> str:
    """The grid's ``g.edit-grid`` as SVG text: one path of hairlines, from the view's top to its bottom at each of
    :func:`grid_lines` (one element, not hundreds: the drawing is rewritten on every edit)."""
    lo = min(s.x0 for s in field_.sections)
    hi = max(s.x1 for s in field_.sections)
    # Kept by value (vertigo_view.frame._Pieces): a drop that leaves the field's ends where they were draws none.
    return _MEMO.pieces("grid", frame.scale).get((lo, hi, step, frame.top), partial(_grid_of, frame, lo, hi, step))


def _grid_of(frame: _Frame, lo: Fraction, hi: Fraction, step: Fraction) -> str:
    drawn, xs = grid_lines(lo, hi, step)
    grid = _root("g", class_="edit-grid", data_step=fmt(drawn), data_asked=fmt(step), aria_hidden="true",
                 pointer_events="none", stroke=_ACCENT, stroke_opacity=0.3, stroke_width=1)
    top, bottom = frame.y(frame.top), frame.y(frame.bottom)
    span = fmt(round(bottom - top, 2))
    _el(grid, "path", d=" ".join(f"M{fmt(round(frame.x(x), 2))} {fmt(round(top, 2))}v{span}" for x in xs),
        vector_effect="non-scaling-stroke", data_lines=len(xs))
    return to_xml(grid)


def _proposal(g: ET.Element, field_: Battlefield, frame: _Frame, p: Proposal) -> None:
    """One proposed border: a dashed ``line.proposal[data-a][data-b]`` at its x from one section's surface there to
    the other's, titled with both sections' names and why it is proposed; where the two surfaces are at one height
    (a line of no length) a dot of 6 px there too (``circle.proposal-dot`` in a marker)."""
    a, b = field_.section(p.a), field_.section(p.b)
    x = exact(p.x)
    at, ya, yb = frame.x(x), frame.y(a.surface_at_border(x, b)), frame.y(b.surface_at_border(x, a))
    line = _el(g, "line", class_="proposal", data_a=a.id, data_b=b.id, x1=at, y1=ya, x2=at, y2=yb)
    _el(line, "title", f"Proposed border: {isolate(a.name)} – {isolate(b.name)} ({p.why})")
    if abs(ya - yb) < 1:
        _el(_pin(g, at, ya), "circle", class_="proposal-dot", data_a=a.id, data_b=b.id, cx=0, cy=0, r=6,
            fill="#fff", stroke=_ACCENT, stroke_width=2)


def _section_marks(g: ET.Element, frame: _Frame, s: Section) -> None:
    """The selected section: its outline round its drawn body (ground down to the view's bottom, a slab its plate)
    and its grips, the ends' centred on the surface at each end and the elevation's hanging under the middle of
    its surface."""
    x0, x1 = frame.x(s.x0), frame.x(s.x1)
    top = frame.y(s.top)
    bottom = frame.y(frame.bottom) if s.kind == "ground" else frame.y(_low(s)) + SLAB * UH
    _el(g, "rect", class_="edit-selected", data_section=s.id, x=x0, y=top, width=round(x1 - x0, 2),
        height=round(bottom - top, 2), fill="none", stroke=_MARK, stroke_width=3, stroke_dasharray="8 4",
        vector_effect="non-scaling-stroke", pointer_events="none")
    name = isolate(s.name)
    _grip(g, s.id, "x0", (x0, frame.y(s.surface(s.x0))), (GRIP_PX, GRIP_LONG_PX), (0.5, 0.5),
          f"Drag to move the left end of {name}")
    _grip(g, s.id, "x1", (x1, frame.y(s.surface(s.x1))), (GRIP_PX, GRIP_LONG_PX), (0.5, 0.5),
          f"Drag to move the right end of {name}")
    _grip(g, s.id, "y", (frame.x(s.centre), frame.y(s.surface(s.centre))), (GRIP_LONG_PX, GRIP_PX), (0.5, 0.0),
          f"Drag up or down to change the elevation of {name}")


def _grip(g: ET.Element, sid: str, which: str, at: tuple[float, float], size: tuple[float, float],
          anchor: tuple[float, float], title: str) -> None:
    """A grip: a ``rect.grip`` of ``size`` CSS px (across, up) at every zoom whose point ``anchor`` (fractions of
    its width and height from its top left) stands on SVG point ``at``."""
    (x, y), (w, h), (ax, ay) = at, size, anchor
    left, up = round(w * ax, 2), round(h * ay, 2)
    style = (f"x: calc({fmt(x)}px - {fmt(left)}px * {_K}); y: calc({fmt(y)}px - {fmt(up)}px * {_KY}); "
             f"width: calc({fmt(w)}px * {_K}); height: calc({fmt(h)}px * {_KY}); "
             f"cursor: {'ns-resize' if which == 'y' else 'ew-resize'}")
    rect = _el(g, "rect", class_="grip", data_grip=which, data_section=sid, aria_hidden="true",
               x=round(x - left, 2), y=round(y - up, 2), width=fmt(w), height=fmt(h), style=style, fill="#fff",
               fill_opacity=0.85, stroke=_ACCENT, stroke_width=2, vector_effect="non-scaling-stroke",
               pointer_events="all")
    _el(rect, "title", title)


def _fighter_ring(g: ET.Element, table: Table, frame: _Frame, fid: str) -> None:
    """The selected fighter's ring (a circle round its token in px; at true scale a frame round its figure too),
    as the overlay rings the selected fighter."""
    figures = _figures(table, frame)
    where = token_positions(table) if not frame.system.true_scale else {
        f: (fig.cx, fig.mid) for f, fig in figures.items()}
    _ring(g, frame, where, figures, fid, "selected-ring edit-ring", 5)
