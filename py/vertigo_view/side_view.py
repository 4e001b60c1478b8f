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
* ``data-min-unit-px``: the fewest CSS px one scenario unit is fitted at (:attr:`vertigo_view.frame.System.min_px`).

Sections are ``g.section[data-section]``, fighters ``g.fighter[data-fighter]``.

Built with :mod:`xml.etree.ElementTree`, so every name and title is escaped
as text; nothing from a scenario reaches the SVG as markup.  Written out by
:func:`vertigo_view.markup.to_xml` (ElementTree's text, without the cost of
its serialiser).

The parts, each in a module named for what it draws: :mod:`vertigo_view.frame` (the model-to-SVG frame, the
unit systems, the renderer's memo and the markers), :mod:`vertigo_view.terrain` (sections, stairs, borders,
their tags and the scale), :mod:`vertigo_view.tokens` (the fighters) and :mod:`vertigo_view.overlay` (what a
click marks: :class:`Highlights`, :func:`overlay_parts`).  This module puts them together (:func:`render`)
and names every part the page and the tests draw with.

Each section's, border's, feature's and fighter's piece of the drawing is kept as text by the values it is drawn
from (:class:`vertigo_view.frame._Pieces`): the editor makes a new scenario at every edit, and its redraw builds
only the pieces the edit changed.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from vertigo.numbers import fmt
from vertigo.table import Table
from vertigo.text import isolate

from .frame import _MEMO as _MEMO
from .frame import SIZE_BY_SM, SLAB, SYSTEMS, TRUE_SCALE, UH, UX, System, _el, _low, figure_height
from .frame import _Frame as _Frame
from .frame import _Memo as _Memo
from .markup import to_xml
from .overlay import Highlights, OverlayParts, overlay_parts, render_overlay
from .terrain import _border_marks, _borders, _defs, _scale, _taps, _terrain
from .terrain import _labels as _labels
from .tokens import SIDE_COLOURS, fighter_groups, render_fighters

__all__ = ["Highlights", "OverlayParts", "render", "render_fighters", "render_overlay", "overlay_parts",
           "fighter_groups", "figure_height", "SIDE_COLOURS", "SIZE_BY_SM", "SYSTEMS", "System", "UX", "UH",
           "TRUE_SCALE", "SLAB"]


def _band(table: Table, frame: _Frame) -> str:
    """``data-band`` of a Height view: ``"x0 top x1 bottom tags"``, SVG units — the leftmost and rightmost
    section ends, the y of the highest surface and of the lowest, and the y of the highest Height tag's
    middle (a marker 9 px above it; the bottom when there is none)."""
    sections = table.scenario.field.sections
    bottom = frame.y(min(_low(s) for s in sections))
    tags = [m.label_y for m in _border_marks(table, frame) if m.text]
    return " ".join(fmt(v) for v in (frame.x(min(s.x0 for s in sections)), frame.y(max(s.top for s in sections)),
                                     frame.x(max(s.x1 for s in sections)), bottom, min(tags, default=bottom)))


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
        and ``#labels`` (section names and Height tags); ``#taps`` (each
        section's tap region, :func:`vertigo_view.terrain._taps`) comes after
        ``#scale``.  A Height view also carries ``data-band`` and
        ``data-level`` (:func:`_band`): the page fits that band to its box.
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
        "data-min-unit-px": fmt(frame.system.min_px),
    })
    if not frame.system.true_scale:
        # Height levels are abstract: the page chooses the vertical scale apart from the horizontal one and fits
        # this band to its box (static/view.js, stretchBase).
        svg.set("data-band", _band(table, frame))
        svg.set("data-level", fmt(frame.sy))
    _el(svg, "title", f"Side view: {isolate(table.scenario.title)}", id="view-title")
    _el(svg, "desc", f"{len(field_.sections)} sections, {len(field_.borders)} borders, "
                     f"{len(table.scenario.fighters)} fighters. {frame.system.desc}", id="view-desc")
    _defs(svg, frame, table)
    # The sky reaches well past the frame: a window of another shape shows sky, not a blank, round the field.
    _el(svg, "rect", class_="sky", x=round(frame.x(frame.left) - 4 * frame.width, 2),
        y=round(frame.y(frame.top) - 4 * frame.height, 2), width=round(9 * frame.width, 2),
        height=round(5 * frame.height, 2))
    _el(svg, "rect", class_="bedrock", x=round(frame.x(frame.left) - 4 * frame.width, 2), y=frame.y(frame.bottom),
        width=round(9 * frame.width, 2), height=round(4 * frame.height, 2), fill="#5e4a33")
    text = to_xml(svg)
    assert text.endswith("</svg>")
    # The terrain's parts are written piece by piece, each piece kept by value (vertigo_view.frame._Pieces); over
    # the terrain: the overlay, the fighters, then the labels (no line or figure hides one).
    return "".join([text[:-len("</svg>")], _terrain(table, frame), _borders(table, frame),
                    to_xml(_scale(table, frame)), _taps(table, frame),
                    overlay_parts(table, highlights or Highlights()).text(), render_fighters(table),
                    _MEMO.get("labels", frame, lambda: _labels(table, frame)), "</svg>"])
