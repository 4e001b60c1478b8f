"""The Terrain features rules' panel pieces for a fighter attacked and for melee through a door: Hit by an
attack… (the damage, the check owed and why, Pass / Fail / Roll, the fall's dice before Confirm, the rolls once
confirmed; T3, T4, T6, H8) and the door melee verdict with both distances (T5).  ElementTree elements, every name
escaped as text; the buttons carry ``data-action`` for the mode (:mod:`vertigo.rules.terrain.mode`).

Source: ``002_c9100305c0bcca6b.txt`` › Falling Off Platform, › Stairs and ladders, › Archways and doors; rulings
T3, T4, T5, T6, H8.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from fractions import Fraction

from vertigo.dice import DicePool
from vertigo.lengths import show
from vertigo.resolve import Rolled
from vertigo.rules.terrain.rules.attacked import AttackedVerdict
from vertigo.rules.terrain.rules.doors import DOOR_REACH, DoorVerdict
from vertigo.table import Table
from vertigo.text import isolate
from vertigo_view.panels import button, el, fact_term, rolls_shown, step_list

from .panels import place_words

__all__ = ["attack_box", "door_verdict", "MAX_DAMAGE", "DAMAGE_MORE"]

MAX_DAMAGE = 99
"""The most damage the panel's + button enters (the rules need only whether it is 0 or more, T3)."""
DAMAGE_MORE = "attack-more"
"""The id of the + button, which takes the focus when the box opens."""


def _inches(v: Fraction) -> str:
    return show(v, "inches")


def _owed_facts(table: Table, v: AttackedVerdict) -> ET.Element:
    """Why the check is owed, or not: the edge (how far, enclosed or not, the drop) and where it is climbing."""
    field = table.scenario.field
    dl = el(None, "dl", class_="facts", data_testid="attack-facts")
    e = v.edge
    fact_term(dl, "Edge", "T3")
    if e is None:
        el(dl, "dd", "none: no side of its section drops 1 in or more")
    else:
        by = next((f.name for f in field.features if f.id == e.by), "") if e.by is not None else ""
        enclosed = f"enclosed by {isolate(by)}" if e.enclosed else "not enclosed"
        near = "within ½ in" if e.near else "more than ½ in away"
        el(dl, "dd", f"the {e.side} side of {isolate(field.section(e.section).name)}, {_inches(e.distance)} away "
                     f"({near}), {enclosed}; it drops {_inches(e.drop)} to "
                     f"{isolate(field.section(e.below).name)}")
    fact_term(dl, "Climbing", "T4")
    c = v.climbing
    if c is None:
        el(dl, "dd", "no: not part way up a ladder or stairs")
    elif c.ladder is not None:
        el(dl, "dd", place_words(table, v.stand))
    else:
        el(dl, "dd", f"{_inches(c.up)} up the stairs {isolate(field.section(c.section or '').name)}")
    return dl


def _owed_line(v: AttackedVerdict) -> str:
    """Which check is owed, and why: ``"Owes a Move check (T3): near an unenclosed edge."``."""
    if not v.owes:
        return "No check owed: the attack leaves it where it stands."
    if v.move_check and v.falling_test:
        return "Owes one check for both reasons (T3, T4): near an unenclosed edge, and part way up; it falls once."
    if v.move_check:
        return "Owes a Move check (T3): damaged within ½ in of an unenclosed edge."
    return "Owes a falling test (T4): attacked part way up a ladder or stairs, hit or miss; its Move check."


def _check_buttons(box: ET.Element, v: AttackedVerdict) -> None:
    """Pass / Fail / Roll (Roll only with the fighter's ``move_check``), the one chosen pressed."""
    row = el(box, "div", class_="buttons", role="group", aria_label=f"The {v.what}")
    for value, label in (("pass", "Pass"), ("fail", "Fail")):
        button(row, label, "attack-check", value, class_="toggle", aria_pressed=str(v.check == value).lower())
    if v.dice is not None:
        button(row, f"Roll {v.dice.text}", "attack-check", "roll", class_="toggle",
               aria_pressed=str(v.check == "roll").lower())


def _confirm_words(v: AttackedVerdict) -> str:
    """Confirm's label: what it rolls."""
    if not v.owes:
        return "Confirm: log the attack"
    if v.check == "roll" and v.dice is not None:
        return f"Confirm and roll {v.dice.pool.notation}"
    if v.passed is False and v.fall is not None and v.fall.fall.pool.count:
        return f"Confirm the fall and roll {v.fall.fall.pool.count}d6"
    return "Confirm"


def attack_box(table: Table, v: AttackedVerdict, done: bool, rolls: Sequence[Rolled]) -> ET.Element:
    """Hit by an attack…: the damage (− / +, 0 for a miss), the check owed and why, Pass / Fail / Roll, the fall's
    dice before the roll, Confirm and Cancel; once confirmed, the rolls (T3, T4, T6, H8)."""
    box = el(None, "div", class_="verdict attack " + ("refused" if v.owes else "allowed"), data_testid="attack")
    el(box, "h2", f"Hit by an attack: {v.name}")
    if not done:
        row = el(box, "div", class_="buttons damage", role="group", aria_label="Damage of the attack action")
        minus = button(row, "− 1", "damage", "-1", aria_label="− 1 damage")
        if v.damage == 0:
            minus.set("disabled", "disabled")
        el(row, "span", f"{v.damage} damage" + (" (a miss)" if v.damage == 0 else ""), class_="count",
           data_testid="damage", aria_live="polite")
        more = button(row, "+ 1", "damage", "1", aria_label="+ 1 damage", id=DAMAGE_MORE)
        if v.damage >= MAX_DAMAGE:
            more.set("disabled", "disabled")
    el(box, "p", _owed_line(v), class_="owed", data_testid="attack-owed")
    box.append(_owed_facts(table, v))
    el(box, "p", v.summary, class_="summary", data_testid="verdict-summary")
    if not done and v.owes:
        _check_buttons(box, v)
        if v.fall is not None and v.fall.fall.pool.count and v.passed is not True:
            el(box, "p", f"Falling dice before the roll, on a failure: {DicePool(v.fall.fall.pool.count)}",
               class_="pool", data_testid="pool")
    if not done:
        row = el(box, "div", class_="buttons")
        if not v.owes or v.check is not None:
            button(row, _confirm_words(v), "attack-confirm", class_="primary", data_testid="attack-confirm")
        button(row, "Cancel", "attack-cancel")
    step_list(box, v.steps)
    rolls_shown(box, rolls)
    return box


def door_verdict(table: Table, v: DoorVerdict) -> ET.Element:
    """Melee through a closed door: the answer, the door, the attacker's and the target's distance to its faces
    (each at most 1 in), the steps, and Select the target instead (T5)."""
    box = el(None, "div", class_="verdict door " + ("allowed" if v.melee else "refused"), data_testid="verdict")
    target = isolate(table.name(v.target))
    el(box, "h2", f"Melee through a door: {isolate(table.name(v.fighter))} → {target}")
    el(box, "p", v.summary, class_="summary", data_testid="verdict-summary")
    if v.door is not None and v.attacker_to_door is not None and v.target_to_door is not None:
        dl = el(box, "dl", class_="facts", data_testid="door-facts")
        fact_term(dl, "Door", "T5")
        el(dl, "dd", f"{v.door_name}, closed")
        for who, d in (("Attacker to its face", v.attacker_to_door), ("Target to the far face", v.target_to_door)):
            fact_term(dl, who, "T5")
            el(dl, "dd", f"{_inches(d)}: " + ("within 1 in" if d <= DOOR_REACH else "more than 1 in"))
    step_list(box, v.steps)
    row = el(box, "div", class_="buttons")
    button(row, f"Select {target} instead (S)", "select", v.target, aria_keyshortcuts="S")
    return box
