"""The side view's fighters: a round token per fighter in the Height frame, a standing figure at true scale.

Height frame: tokens spread evenly along their section's top, :data:`TOKEN_R` px in radius at every zoom,
names staggered where fighters share a section.  True scale: each fighter a figure as tall as its Size
Modifier makes it (:data:`~vertigo_view.frame.SIZE_BY_SM`), at its own place
(:meth:`vertigo.table.Table.stand`) with its feet on its standing surface (:meth:`vertigo.table.Table.surface`),
with a token on its middle; two at the very same place stand side by side.  Every fighter is a keyboard button
(``g.fighter[data-fighter]``) and a click target of at least :data:`MIN_TAP` px, coloured by side
(:data:`SIDE_COLOURS`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType

from vertigo import lengths
from vertigo.fighter_state import state_fields
from vertigo.numbers import fmt
from vertigo.rules.levels.rules.fields import SM
from vertigo.scenario import Fighter
from vertigo.table import Table
from vertigo.text import isolate

from .frame import _MEMO, _el, _Frame, _pin, _root, _short, figure_height
from .markup import to_xml

__all__ = ["SIDE_COLOURS", "TOKEN_R", "MIN_TAP", "initials", "token_positions", "state_notes", "fighter_groups",
           "render_fighters"]

TOKEN_R = 14.0
"""Radius of a fighter token, CSS px at every zoom (a marker: see :func:`_pin`)."""
MIN_TAP = 28.0
"""Smallest side of a fighter's click target, CSS px at every zoom."""


SIDE_COLOURS = ("#b3261e", "#1f5fae", "#1e7b47", "#7b3fa0", "#a0620b", "#0b7a7a", "#6d4c41", "#455a64")
"""Token colours by side, in order of first appearance (cycled)."""

# The parts of a standing figure, as fractions of its height.
_HEAD_R = 0.07
_BODY_W = 0.17
_CROTCH = 0.45


def _side_colour(table: Table) -> dict[str, str]:
    return {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(table.scenario.sides)}


def initials(fighters: tuple[Fighter, ...]) -> Mapping[str, str]:
    """What each fighter's token shows: ``{fighter id: mark}``.

    The first letter or digit of each of the first two words of its name, upper case (*Raider captain* →
    ``RC``, *Roof sniper* → ``RS``, *Hawk* → ``H``), so tokens of one colour can be told apart where their names
    give way (issue 22); where two fighters still share a mark, each of them gets its place among them as a
    digit (``RB1``, ``RB2``), in the scenario's order.  What follows a bracket is a note, not the name (*Ash (1
    step up)* → ``A``).  A name with no letter or digit keeps its first character.
    """
    def mark(name: str) -> str:
        # A note in brackets is not part of the name: "Ash (1 step up)" is A, not A1 (a grid square).
        words = name.split("(", 1)[0].split() or name.split()
        firsts = [next(c for c in w if c.isalnum()) for w in words if any(c.isalnum() for c in w)]
        return "".join(firsts[:2]).upper() if firsts else name[:1].upper()

    marks = {f.id: mark(f.name) for f in fighters}
    count: dict[str, int] = {}
    for m in marks.values():
        count[m] = count.get(m, 0) + 1
    seen: dict[str, int] = {}
    out: dict[str, str] = {}
    for f in fighters:
        m = marks[f.id]
        if count[m] > 1:
            seen[m] = seen.get(m, 0) + 1
            m = f"{m}{seen[m]}"
        out[f.id] = m
    return out


def token_positions(table: Table) -> Mapping[str, tuple[float, float]]:
    """SVG point of every fighter's token (Height frame): on its section's top at the x the rules judge it at
    (H10; the centre by default); the page parts tokens that stand too close (``static/view.js``).

    The token is a marker drawn :data:`TOKEN_R` + 1 px above that point at every zoom (:func:`_pin`).
    A fighter up a ladder stands at the ladder's x, at its height up it (T4, issue 20), and is not spread
    with its foot section's fighters.  Worked out once per stands tuple (:data:`_MEMO`, as :func:`_figures`):
    a click asks for it more than once.
    """
    return _MEMO.get("tokens", table.stands, lambda: MappingProxyType(_token_positions(table)))


def _token_positions(table: Table) -> dict[str, tuple[float, float]]:
    field_ = table.scenario.field
    out: dict[str, tuple[float, float]] = {}
    frame = _Frame.of(table)
    for sid, fids in table.crowds.items():
        s = field_.section(sid)
        # Every fighter's token stands at the x the rules judge it at (H10), the centre by default; where
        # several stand close the page parts them sideways (static/view.js), their foot marks staying put.
        for fid in fids:
            if table.stand_of(fid).ladder is None:
                out[fid] = (frame.x(table.stand(fid)[1]), frame.y(s.elevation))
        for fid in fids:
            if fid not in out:
                out[fid] = (frame.x(table.stand(fid)[1]), frame.y(table.surface(fid)))
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
    # Kept by the stands tuple, not the table: a verdict or an override logs a line (a new table) but
    # moves no one.  A move, a placing or an undo makes a new stands tuple, and a tuple belongs to one
    # scenario's tables.
    return _MEMO.get("figures", table.stands, lambda: _figures_of(table, frame))


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
        # The k-th fighter at one spot stands a body and a little more (at least half a tap target, in SVG units)
        # aside, right then left: half a body let a wide figure drawn later cover the token of the one before
        # (four fighters on one tavern floor at 1280 px, two of them not to be clicked).
        step = max(MIN_TAP / 2, w * 1.1)
        cx = round(cx + step * ((k + 1) // 2) * (1 if k % 2 else -1), 2)
        out[f.id] = _Figure(cx, feet, h, w)
    return out


def _fighters(table: Table) -> tuple[tuple[str, str], ...]:
    """Each fighter's ``g.fighter`` as SVG text, in drawing order: one token or figure, name and click target per
    fighter, for the ``<g id="fighters">`` group.

    Tokens and names are markers (:func:`_pin`): the same size in px at every zoom, a token
    :data:`TOKEN_R` px in radius standing on its section's top.  Fighters sharing a section
    alternate their names' heights so long names clear each other; a name the page cannot fit
    without overlapping another label gives way (``.lbl``, ``data-rank``: ``static/view.js``).

    Each group is kept by value (:meth:`~vertigo_view.frame._Memo.pieces`): by the fighter, its section, where it
    stands (its x and the height it stands at), its colour, its mark, its states and its place among the fighters
    drawn with it (its name's lift; at true scale, its figure), everything it is drawn from at the frame's scale.
    """
    frame = _Frame.of(table)
    if frame.system.true_scale:
        return _standing(table, frame)
    colours = _side_colour(table)
    where = token_positions(table)
    stagger: dict[str, int] = {}
    for sid in sorted(table.crowds):
        for i, fid in enumerate(table.fighters_on(sid)):
            stagger[fid] = i
    kept = _MEMO.pieces("token", frame.scale)
    out = []
    for f in table.scenario.fighters:
        lift = 13 * (stagger.get(f.id, 0) % 2)
        colour, mark, notes = colours[f.side], _initials(table)[f.id], state_notes(table, f.id)
        out.append((f.id, kept.get((*_drawn_from(table, f), lift, colour, mark, notes),
                                   partial(_token_fighter, table, frame, f, where[f.id], lift, colour, mark, notes))))
    return tuple(out)


def _drawn_from(table: Table, f: Fighter) -> tuple[object, ...]:
    """What a fighter's group is drawn from on the table, but its colour, mark, states and place among the others:
    the fighter, its section, where it stands, its x and the height it stands at."""
    stand = table.stand_of(f.id)
    return f, table.scenario.field.section(stand.section), stand, table.stand(f.id)[1], table.surface(f.id)


def _initials(table: Table) -> Mapping[str, str]:
    """:func:`initials` of the table's fighters, once per scenario (:data:`_MEMO`)."""
    return _MEMO.get("initials", table.scenario, lambda: initials(table.scenario.fighters))


def _token_fighter(table: Table, frame: _Frame, f: Fighter, at: tuple[float, float], lift: float, colour: str,
                   mark: str, notes: tuple[str, ...]) -> str:
    """A fighter's ``g.fighter`` in the Height frame as SVG text: its token standing on SVG point ``at``, its name
    ``lift`` px higher, and its foot mark."""
    cx, cy = at
    fg = _fighter_group(table, f, notes)
    _token(fg, cx, cy, f, colour, mark, notes, lift)
    _foot(fg, table, frame, f.id, cx)
    return to_xml(fg)


def _foot(fg: ET.Element, table: Table, frame: _Frame, fid: str, drawn_x: float) -> None:
    """A fighter's foot mark: a small ``path.foot`` on its surface at the x the rules judge it at (H10), which
    stays put where the page parts its token from a neighbour's (``static/view.js``); the rules never read where
    the token is drawn.  A fighter on a ladder stands at the ladder's x: none."""
    stand = table.stand_of(fid)
    if stand.ladder is not None:
        return
    x = frame.x(table.stand(fid)[1])
    pin = _pin(fg, x, frame.y(table.surface(fid)), "foot-pin")
    _el(pin, "path", class_="foot" + (" aside" if abs(x - drawn_x) > 0.5 else ""), data_foot=fid,
        d="M-4,-3L4,-3L0,2Z")


def _token(fg: ET.Element, x: float, y: float, f: Fighter, colour: str, mark: str, notes: tuple[str, ...],
           lift: float = 0.0, name_at: tuple[float, float] | None = None) -> None:
    """A token marker: a hit target, the disc and the initial (``mark``, :func:`initials`), a badge of its states
    (``notes``, :func:`state_notes`) and the fighter's name (``.lbl``, rank 1).

    Height frame: the disc stands on SVG point (x, y) and the name is above it (``lift`` px higher).
    True scale: the disc is centred on (x, y), the middle of the figure, and the name stands on
    ``name_at``, the top of the figure's head.
    """
    px = _pin(fg, x, y)
    cy = -TOKEN_R - 1 if name_at is None else 0.0
    _el(px, "rect", class_="hit", x=-MIN_TAP / 2, y=round(cy - MIN_TAP / 2, 2), width=MIN_TAP, height=MIN_TAP)
    _el(px, "circle", class_="token", cx=0, cy=cy, r=TOKEN_R, fill=colour)
    _el(px, "text", mark, class_="token-initial" + (" long" if len(mark) > 2 else ""), x=0, y=round(cy + 4.5, 2))
    _state_badge(px, cy, notes)
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


def state_notes(table: Table, fighter_id: str) -> tuple[str, ...]:
    """The fighter's per-fighter states that are on, by their labels (``("Knocked Down",)``): each true-or-false
    state field of the scenario's rule sets (:func:`vertigo.fighter_state.state_fields`) whose default is false
    and whose value is now true.  Its token says them whichever mode is active (its name, its title, a badge)."""
    return tuple(d.label or d.key for d in state_fields(table.scenario)
                 if d.default is False and table.state(fighter_id, d) is True)


def _state_badge(px: ET.Element, cy: float, notes: tuple[str, ...]) -> None:
    """A badge just under the token naming its states by their initials (``KD``: Knocked Down), in px: under it,
    not beside it, so a neighbour's token parted to 26 px does not cover it."""
    if not notes:
        return
    text = " ".join("".join(w[0] for w in n.split() if w).upper() for n in notes)
    w = round(len(text) * 7 + 6, 2)
    badge = _el(px, "g", class_="state-badge")
    _el(badge, "rect", x=round(-w / 2, 2), y=round(cy + TOKEN_R - 3, 2), width=w, height=14, rx=3, fill="#fff",
        stroke="#111", stroke_width=1.5)
    _el(badge, "text", text, x=0, y=round(cy + TOKEN_R + 8, 2), fill="#111", font_size=10, font_weight=800,
        text_anchor="middle")


def _fighter_group(table: Table, f: Fighter, notes: tuple[str, ...]) -> ET.Element:
    """A fighter's ``g.fighter`` (a keyboard button named for the fighter, where it stands and its states on:
    ``notes``, :func:`state_notes`)."""
    sec = table.scenario.field.section(table.position(f.id))
    stand = table.stand_of(f.id)
    where = f"on {isolate(sec.name)}"
    if stand.ladder is not None and stand.up is not None:
        where = f"{lengths.show(stand.up, table.scenario.units)} up the ladder from {isolate(sec.name)}"
    label = f"{isolate(f.name)} ({isolate(f.side)}) {where}" + "".join(f"; {n}" for n in notes)
    fg = _root("g", id=f"fighter-{f.id}", class_="fighter", data_fighter=f.id, data_side=f.side,
               role="button", tabindex=0, aria_label=label)
    _el(fg, "title", label)
    return fg


def _standing(table: Table, frame: _Frame) -> tuple[tuple[str, str], ...]:
    """True scale: each fighter a standing figure of its size — a head and a body in its side's colour —
    with its token marker (:func:`_token`) on its middle, so a fighter is a tap target of at least
    :data:`MIN_TAP` px and its name (over its head) reads however small the figure is drawn; each group kept by
    value as :func:`_fighters` keeps a token's.

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
    kept = _MEMO.pieces("figure", frame.scale)
    out = []
    for f in (fighters[i] for i in order):
        fig, colour, mark, notes = figures[f.id], colours[f.side], _initials(table)[f.id], state_notes(table, f.id)
        out.append((f.id, kept.get((*_drawn_from(table, f), fig, colour, mark, notes),
                                   partial(_figure_fighter, table, f, fig, colour, mark, notes))))
    return tuple(out)


def _figure_fighter(table: Table, f: Fighter, fig: _Figure, colour: str, mark: str, notes: tuple[str, ...]) -> str:
    """A fighter's ``g.fighter.figure`` at true scale as SVG text: its figure ``fig`` and its token marker."""
    fg = _fighter_group(table, f, notes)
    fg.set("class", "fighter figure")
    fg.set("data-sm", str(f[SM]))
    fg.set("data-feet", fmt(fig.feet))
    fg.set("data-top", fmt(round(fig.feet - fig.h, 2)))
    # The figure answers clicks too, however thin it is drawn.
    half = fig.w / 2 + 2
    _el(fg, "rect", class_="hit", x=round(fig.cx - half, 2), y=round(fig.feet - fig.h, 2),
        width=round(2 * half, 2), height=round(fig.h, 2))
    _figure(fg, fig, colour)
    _token(fg, fig.cx, fig.mid, f, colour, mark, notes, name_at=(fig.cx, round(fig.feet - fig.h, 2)))
    return to_xml(fg)


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


def fighter_groups(table: Table) -> tuple[tuple[str, str], ...]:
    """Each fighter's ``g.fighter`` as SVG text, in drawing order: ``((fighter id, text), ...)``.

    :func:`render_fighters` joins them; after a move the page redraws only the groups whose text changed.
    Worked out once per stands tuple and states (:data:`_MEMO`, as :func:`_figures`: names, sides and sections
    belong to the scenario that tuple belongs to; a state change, such as a jumper knocked down, keeps the stands).
    """
    by_states: dict[object, tuple[tuple[str, str], ...]] = _MEMO.get("groups", table.stands, dict)
    groups = by_states.get(table.states)
    if groups is None:
        groups = by_states[table.states] = _fighters(table)
    return groups


def render_fighters(table: Table) -> str:
    """Only the ``<g id="fighters">`` group, for redrawing after a move or an undo."""
    return '<g id="fighters">' + "".join(text for _, text in fighter_groups(table)) + "</g>"
