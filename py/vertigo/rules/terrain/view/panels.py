"""The Terrain features rules' panel pieces: the fighter card's body (its Move in inches, its Move check, what it
reaches, the Allow drops switch, Hit by an attack…) and a move's verdict in inches (its cost against the Move,
each crossing, the fall's dice before Confirm, the DM's override).  ElementTree elements, every name escaped as
text; the buttons carry ``data-action`` for the mode (:mod:`vertigo.rules.terrain.mode`).

Source: ``002_c9100305c0bcca6b.txt``; rulings T1–T8, H7, H8.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from vertigo.dice import DicePool, DiceRoll
from vertigo.lengths import show
from vertigo.rules.terrain.rules.fields import MOVE, MOVE_CHECK
from vertigo.rules.terrain.rules.moving import RouteVerdict, Stretches
from vertigo.rules.terrain.rules.routes import Crossing
from vertigo.scenario import Fighter
from vertigo.stand import Stand, ladder, up_ladder_words
from vertigo.table import Table
from vertigo.text import isolate, joined
from vertigo_view.panels import button, dice_faces, el, placed_stand, rule_tags, step_list

__all__ = ["card_body", "route_verdict", "place_words", "reach_words", "LISTED"]

LISTED = 6
"""Most sections the card lists by name with their stretches; more are counted."""


def inches(v: Fraction) -> str:
    """A length in inches as the panel writes it (``"4.25 in"``)."""
    return show(v, "inches")


def _bare(v: Fraction) -> str:
    """A length in inches without its unit (``"4.25"``), the first of a pair ``"4.25–9 in"``."""
    return show(v, "inches").removesuffix(" in")


def place_words(table: Table, to: Stand) -> str:
    """A place in words: ``"Ground floor at 5 in"``, ``"1.5 in up the ladder from Ground floor to Upper
    floor"``."""
    field = table.scenario.field
    if to.ladder is not None and to.up is not None:
        return up_ladder_words(field, to, "inches")
    sec = field.section(to.section)
    return f"{isolate(sec.name)} at {inches(sec.centre if to.x is None else to.x)}"


def reach_words(table: Table, reached: Stretches) -> str:
    """What a fighter reaches within its Move, in words: ``"Ground floor 4.5–9.5 in; Upper floor 4.5–7.5 in;
    3 in up the ladder from Ground floor to Upper floor"`` (at most :data:`LISTED` sections by name)."""
    field = table.scenario.field
    parts = []
    for sid, spans in reached.sections[:LISTED]:
        where = ", ".join(f"at {inches(a)}" if a == b else f"{_bare(a)}–{inches(b)}" for a, b in spans)
        parts.append(f"{isolate(field.section(sid).name)} {where}")
    if len(reached.sections) > LISTED:
        parts.append(f"and {len(reached.sections) - LISTED} more sections")
    for lid, up in reached.ladders:
        b = ladder(field, lid)
        low, high = field.border_surfaces(b)
        parts.append(place_words(table, Stand(b.a if low <= high else b.b, b.x, lid, up)))
    return "; ".join(parts) if parts else "nowhere"


def card_body(table: Table, fighter: Fighter, reached: Stretches | None, drops: bool) -> list[ET.Element]:
    """The fighter card's body under the Terrain features rules: where it stands, its Move in inches (or that it
    cannot move), its Move check, what it reaches, the Allow drops switch and Hit by an attack… (T3, T4, T7,
    T8)."""
    out = [placed_stand(table, fighter)]
    move = fighter[MOVE]
    if move is None:
        p = el(None, "p", "Cannot move: no Move in inches. ", class_="meta no-move", data_testid="fighter-move")
    else:
        p = el(None, "p", f"Move {inches(move)}. ", class_="meta", data_testid="fighter-move")
    rule_tags(p, "T8")
    out.append(p)
    check = fighter[MOVE_CHECK]
    p = el(None, "p", f"Move check: {check.text} (rolled here on request). " if check is not None else
           "Move check: the referee enters pass or fail. ", class_="meta", data_testid="fighter-check")
    rule_tags(p, "T3, T4")
    out.append(p)
    if reached is not None and move is not None:
        p = el(None, "p", f"Reaches within its Move{' (drops allowed)' if drops else ''}: "
                          f"{reach_words(table, reached)}.", class_="meta", data_testid="fighter-reach")
        out.append(p)
    row = el(None, "div", class_="buttons terrain-actions", role="group", aria_label="Move options")
    button(row, "Allow drops", "drops", aria_pressed=str(drops).lower(), class_="toggle",
           aria_label="Allow drops from unenclosed edges",
           title="Let the route drop from an unenclosed edge to the surface below: no Move, a fall (T7)",
           data_testid="drops")
    button(row, "Hit by an attack…", "attacked", title="This fighter was attacked: its damage, and the check it "
                                                       "owes near an edge or on a ladder (T3, T4)",
           data_testid="attacked")
    out.append(row)
    return out


def card_hint(fighter: Fighter) -> ET.Element:
    """What a click does next."""
    if fighter[MOVE] is None:
        text = ("It cannot move. Click a fighter of another side for melee through a door; Hit by an attack… "
                "when it is attacked.")
    else:
        text = ("Click a point on a section to judge a move there (Enter: the section's centre; Shift+←/→ moves "
                "the point ½ in). At a ladder, ↑/↓ take the point up or down it ½ in. Click a fighter of "
                "another side for melee through a door.")
    return el(None, "p", text, class_="hint")


_KIND = {"low": "low terrain", "obstacle": "climb", "ladder": "ladder", "door": "door", "archway": "archway",
         "drop": "drop"}
_RULE = {"low": "T1", "obstacle": "T2", "ladder": "T4, T8", "door": "T5", "archway": "T5", "drop": "T6, T7"}


def _crossing_text(c: Crossing, dice: int | None) -> str:
    """One crossing in words, after its kind: ``"West wall, a closed door: 0.5 in through its centre"``."""
    name = isolate(c.name)
    if c.kind == "low":
        return f"{name}, {inches(c.height)}: part of the floor, its height costs nothing"
    if c.kind in ("door", "archway"):
        what = {"door-closed": "a closed door", "door-open": "an open door"}.get(c.opening or "", "an archway")
        return f"{name}, {what}: {inches(c.across)} straight through its centre"
    if c.kind == "drop":
        return f"{name}: drops {inches(c.drop)}, no Move, a fall of {dice or 0}d6"
    moved = joined([p for p in (f"up {inches(c.up)}" if c.up else "", f"down {inches(c.down)}" if c.down else "",
                                f"across {inches(c.across)}" if c.across else "") if p]) or "no climb"
    return f"{name}, {inches(c.height)}: {moved}"


def crossings_list(parent: ET.Element, v: RouteVerdict) -> None:
    """Each crossing of the route with its kind, in order (``ul[data-testid=crossings]``)."""
    if not v.crossings:
        return
    el(parent, "h3", "Crossed on the way")
    ul = el(parent, "ul", class_="crossings", data_testid="crossings")
    fall = 0
    for c in v.crossings:
        li = el(ul, "li", data_kind=c.kind)
        el(li, "strong", _KIND.get(c.kind, c.kind), class_="crossing-kind")
        dice = None
        if c.kind == "drop":
            dice = v.falls[fall].pool.count if fall < len(v.falls) else 0
            fall += 1
        el(li, "span", f" — {_crossing_text(c, dice)} ")
        rule_tags(li, _RULE.get(c.kind, "T8"))


def route_verdict(table: Table, v: RouteVerdict, roll: DiceRoll | None, done: bool,
                  ladder_steps: tuple[bool, bool]) -> ET.Element:
    """A move's verdict in inches: the answer, its inches against the Move, what stops it, each crossing, the
    fall's dice before the roll, Confirm / the DM's override / taking it back, the ladder's ↑/↓ when the point
    is at or on a ladder (``ladder_steps``: (up offered, down offered)), then the steps and, once rolled, the
    dice (T2–T8, H7, H8)."""
    box = el(None, "div", class_="verdict route " + ("allowed" if v.final else "refused"), data_testid="verdict")
    el(box, "h2", f"Move to {place_words(table, v.to)}")
    el(box, "p", v.summary + (" (overridden by the DM)" if v.override is not None else ""), class_="summary",
        data_testid="verdict-summary")
    if v.found:
        move = "no Move" if v.move is None else f"its Move of {inches(v.move)}"
        el(box, "p", f"Inches: {inches(v.horizontal)} walked + {inches(v.vertical)} climbed = {inches(v.cost)}, "
                     f"against {move}.", class_="cost", data_testid="route-cost")
    if v.stop is not None and not v.allowed:
        el(box, "p", f"What stops it: {v.stop}.", class_="stop", data_testid="route-stop")
    if v.final and v.allowed and v.fall_dice and not done:
        el(box, "p", f"Falling dice before the roll: {DicePool(v.fall_dice)}", class_="pool", data_testid="pool")
    row = el(box, "div", class_="buttons")
    if not done:
        if v.final:
            roll_words = f" and roll {v.fall_dice}d6" if v.fall_dice and v.allowed else ""
            button(row, f"Confirm move{roll_words}", "confirm", class_="primary", data_testid="confirm")
        if v.found and v.inside is None:
            if v.override is None:
                button(row, "DM override: forbid" if v.allowed else "DM override: allow", "override",
                       "forbid" if v.allowed else "allow", class_="override")
            else:
                button(row, "Take back the override", "take-back", class_="override")
        up, down = ladder_steps
        if up:
            button(row, "½ in up the ladder (↑)", "ladder-step", "1", aria_keyshortcuts="ArrowUp")
        if down:
            button(row, "½ in down the ladder (↓)", "ladder-step", "-1", aria_keyshortcuts="ArrowDown")
    crossings_list(box, v)
    step_list(box, v.steps)
    if roll is not None:
        box.append(dice_faces(roll))
    return box
