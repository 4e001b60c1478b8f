"""The Height rules' panel pieces for a push (H12) and a Climbing obstacle (H9): the push's step count and
verdict, the climbs the fighter card offers, the Reaction question and the climb's verdict.  ElementTree
elements, every name escaped as text; the buttons carry ``data-action`` for the Height rules' mode."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from vertigo.battlefield import Border
from vertigo.dice import DicePool, DiceRoll
from vertigo.numbers import count, fmt
from vertigo.rules.height.rules.climbing import ClimbVerdict
from vertigo.rules.height.rules.fields import CLIMBING
from vertigo.rules.height.rules.push import MAX_PUSH, PushVerdict
from vertigo.table import Table
from vertigo.text import isolate
from vertigo_view.panels import button, dice_faces, el, step_list

__all__ = ["push_ask", "push_verdict", "climb_offers", "climb_ask", "climb_verdict"]


def push_ask(table: Table, fighter_id: str, steps: int) -> ET.Element:
    """The push being set up (H12): how many steps (− / +, 1 to 50), then a click on the section to push the
    fighter towards."""
    box = el(None, "div", class_="verdict push", data_testid="push")
    name = isolate(table.name(fighter_id))
    el(box, "h2", f"Push {name}")
    el(box, "p", f"Up to {count(steps, 'step')}. Now click the section to push it towards (or move to it with the "
                 "arrow keys and press Enter). A push falls each downward border's full Height and stops before "
                 "an upward one (H12).", class_="hint", data_testid="push-ask")
    row = el(box, "div", class_="buttons", role="group", aria_label="Steps of the push")
    el(row, "span", "Steps:", class_="push-label")
    button(row, "−", "push-steps", -1, disabled="disabled" if steps <= 1 else None, aria_label="One step fewer")
    el(row, "span", count(steps, "step"), class_="push-count", data_testid="push-count", aria_live="polite")
    button(row, "+", "push-steps", 1, disabled="disabled" if steps >= MAX_PUSH else None, aria_label="One step more")
    button(row, "Cancel the push", "push-cancel")
    return box


def push_verdict(table: Table, v: PushVerdict, dice: DiceRoll | None, done: bool) -> ET.Element:
    """A push's verdict (H12): where it ends, where it stopped and why, each crossing's fall, the dice before
    the roll, then Confirm and the DM's override (H7)."""
    f = table.scenario.field
    moved = v.final and len(v.path) > 1
    box = el(None, "div", class_="verdict " + ("allowed" if moved else "refused"), data_testid="verdict")
    el(box, "h2", f"Push towards {isolate(f.section(v.to).name)}")
    el(box, "p", v.summary, class_="summary", data_testid="verdict-summary")
    if moved:
        el(box, "p", "Path: " + " → ".join(isolate(f.section(s).name) for s in v.path), class_="path")
    if v.final and v.dice and not done:
        el(box, "p", f"Falling dice before the roll: {DicePool(v.dice)}", class_="pool", data_testid="pool")
    row = el(box, "div", class_="buttons")
    if not done and v.allowed:
        if moved:
            button(row, "Confirm push" + (f" and roll {v.dice}d6" if v.dice else ""), "push-confirm",
                   class_="primary")
        if v.override is None and len(v.path) > 1:
            button(row, "DM override: rule it out", "push-override", "forbid", class_="override")
        elif v.override is not None:
            button(row, "Take back the override", "push-take-back", class_="override")
    if not done:
        button(row, "Cancel the push", "push-cancel")
    step_list(box, v.steps)
    if dice is not None:
        box.append(dice_faces(dice))
    return box


def _way(table: Table, start: str, border: Border) -> tuple[str, bool]:
    """The section across a border from ``start`` and whether going there is down."""
    other = border.b if start == border.a else border.a
    return other, table.scenario.field.rise(start, other) < 0


def climb_offers(table: Table, fighter_id: str, borders: Sequence[tuple[int, Border]],
                 move_height: object) -> ET.Element:
    """The climbs open to the fighter from where it stands (H9): for each Climbing obstacle on its section's
    borders, climb up (or down), and going down, Move across as if it were not there."""
    box = el(None, "div", class_="climbs", data_testid="climbs")
    el(box, "h3", "Climbing obstacles")
    start = table.position(fighter_id)
    f = table.scenario.field
    for index, border in borders:
        other, down = _way(table, start, border)
        c = border[CLIMBING] or 0
        row = el(box, "div", class_="buttons", role="group",
                 aria_label=f"Climbing obstacle to {isolate(f.section(other).name)}")
        to = isolate(f.section(other).name)
        button(row, f"Climb {'down' if down else 'up'} to {to} (obstacle Height {fmt(c)})", "climb",
               f"climb:{index}", data_testid="climb")
        if down:
            button(row, f"Move down across to {to} (falls Height {fmt(c)} less the Move's {move_height})",
                   "climb", f"move:{index}", data_testid="climb-move")
    return box


def climb_ask(table: Table, fighter_id: str, border: Border) -> ET.Element:
    """The referee's entry for a climb (H9): did the obstacle's Reaction take effect?"""
    f = table.scenario.field
    other, down = _way(table, table.position(fighter_id), border)
    box = el(None, "div", class_="verdict climb", data_testid="climb-ask")
    el(box, "h2", f"{isolate(table.name(fighter_id))} climbs {'down' if down else 'up'} to "
                  f"{isolate(f.section(other).name)}")
    el(box, "p", f"The Climbing obstacle (Height {fmt(border[CLIMBING] or 0)}) is marked on the view. The fighter "
                 "plays its action against the obstacle and the obstacle's Reaction is rolled at the table: did the "
                 "Reaction take effect (H9)?", class_="hint")
    row = el(box, "div", class_="buttons")
    button(row, "It took effect: the climb fails", "climb-reaction", "yes", data_testid="reaction-yes")
    button(row, "It did not: the fighter climbs", "climb-reaction", "no", data_testid="reaction-no")
    button(row, "Cancel", "climb-cancel")
    return box


def climb_verdict(table: Table, v: ClimbVerdict, dice: DiceRoll | None, done: bool) -> ET.Element:
    """A climb's verdict (H9): where the fighter ends, its fall, Confirm."""
    f = table.scenario.field
    box = el(None, "div", class_="verdict " + ("refused" if v.took_effect else "allowed"), data_testid="verdict")
    el(box, "h2", f"Climbing obstacle: {isolate(f.section(v.start).name)} → {isolate(f.section(v.other).name)}")
    el(box, "p", v.summary, class_="summary", data_testid="verdict-summary")
    el(box, "p", f"Ends on {isolate(f.section(v.dest).name)}.", class_="path")
    if v.fall_dice and not done:
        el(box, "p", f"Falling dice before the roll: {DicePool(v.fall_dice)}", class_="pool", data_testid="pool")
    if not done:
        row = el(box, "div", class_="buttons")
        button(row, "Confirm" + (f" and roll {v.fall_dice}d6" if v.fall_dice else ""), "climb-confirm",
               class_="primary")
        button(row, "Cancel", "climb-cancel")
    step_list(box, v.steps)
    if dice is not None:
        box.append(dice_faces(dice))
    return box
