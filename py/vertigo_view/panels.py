"""HTML fragments beside the side view: fighter card, verdict, log.

Pure functions of plain values, built with ElementTree so every name is
escaped as text.  Buttons carry ``data-action`` (and ``data-arg``) for the
page layer to dispatch; nothing here touches the DOM.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from vertigo.dice import DiceRoll
from vertigo.movement import MoveVerdict
from vertigo.numbers import fmt, signed
from vertigo.ranged import ShotVerdict
from vertigo.scenario import Fighter
from vertigo.table import LogEntry, Table
from vertigo.text import isolate
from vertigo.verdict import Step

__all__ = ["fighter_card", "move_verdict", "shot_verdicts", "dice_faces", "log_items", "to_html"]


def to_html(e: ET.Element) -> str:
    """Serialise a fragment (HTML method: no self-closing tags)."""
    return ET.tostring(e, encoding="unicode", method="html")


def _el(parent: ET.Element | None, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    a = {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None}
    e = ET.Element(tag, a) if parent is None else ET.SubElement(parent, tag, a)
    if text is not None:
        e.text = text
    return e


def _button(parent: ET.Element, text: str, action: str, arg: object = None, **attrs: object) -> ET.Element:
    return _el(parent, "button", text, type="button", data_action=action, data_arg=arg, **attrs)


def _steps(parent: ET.Element, steps: Sequence[Step]) -> None:
    ol = _el(parent, "ol", class_="steps")
    for s in steps:
        li = _el(ol, "li")
        _el(li, "span", s.rule, class_="rule")
        tail = _el(li, "span", " " + s.text)
        tail.set("class", "step-text")


def fighter_card(table: Table, fighter: Fighter, entry_index: int | None) -> ET.Element:
    """The selected fighter: name, side, section, Move entries (buttons), actions."""
    card = _el(None, "div", class_="card", data_testid="fighter-card")
    head = _el(card, "h2", fighter.name, class_="fighter-title")
    head.set("data-side", fighter.side)
    section = table.scenario.field.section(table.position(fighter.id))
    _el(card, "p", f"{isolate(fighter.side)} · on {isolate(section.name)} (Height {fmt(section.elevation)})",
        class_="meta")
    if fighter.height is not None:
        _el(card, "p", f"Height property {fighter.height:g} (H2: applies to its Moves that list no Height)",
            class_="meta")
    _el(card, "h3", "Move entries")
    if not fighter.moves:
        _el(card, "p", "No Move entries.", class_="meta")
    group = _el(card, "div", class_="entries", role="group", aria_label="Move entries")
    for i, m in enumerate(fighter.moves):
        _button(group, str(m), "entry", i, aria_pressed="true" if i == entry_index else "false",
                class_="entry" + (" chosen" if i == entry_index else ""))
    _el(card, "h3", "Actions")
    ul = _el(card, "ul", class_="actions")
    for a in fighter.actions:
        _el(ul, "li", a.shown)
    if not fighter.actions:
        _el(ul, "li", "No actions.")
    _el(card, "p", "Click a highlighted section to move there, or an enemy to check each action against it.",
        class_="hint")
    return card


DICE_SHOWN = 60
"""Dice drawn one by one; a larger roll shows these and counts the rest."""


def dice_faces(r: DiceRoll) -> ET.Element:
    """Each die as its own box (the first DICE_SHOWN), the modifier if any, then the total.

    The label names the pool (``"Rolled 3d6: "``, ``"Rolled 1d8: "``, ``"Rolled 3d6+1: "``).
    """
    p = _el(None, "p", class_="roll", data_testid="roll")
    _el(p, "span", f"Rolled {r.pool.notation}: ", class_="roll-label")
    for d in r.dice[:DICE_SHOWN]:
        _el(p, "span", str(d), class_="die", aria_label=f"die showing {d}")
    if len(r.dice) > DICE_SHOWN:
        _el(p, "span", f" … and {len(r.dice) - DICE_SHOWN} more dice (the total counts them all; every die replays "
                       "from the dice seed and roll number in the log)", class_="roll-more")
    if r.modifier:
        _el(p, "span", f" {signed(r.modifier)}", class_="roll-modifier")
    _el(p, "span", f" = {r.total} damage", class_="roll-total")
    return p


def move_verdict(table: Table, v: MoveVerdict, dice: DiceRoll | None, done: bool) -> ET.Element:
    """A move verdict: answer, dice before the roll, steps, Confirm / Override."""
    f = table.scenario.field
    box = _el(None, "div", class_="verdict " + ("allowed" if v.final else "refused"), data_testid="verdict")
    _el(box, "h2", f"Move to {isolate(f.section(v.dest).name)}")
    _el(box, "p", v.summary, class_="summary", data_testid="verdict-summary")
    if v.route is not None and v.final:
        path = " → ".join(isolate(f.section(s).name) for s in v.route.path)
        _el(box, "p", f"Path: {path}", class_="path")
    if v.final and v.pool.count and not done:
        _el(box, "p", f"Falling dice before the roll: {v.pool}", class_="pool", data_testid="pool")
    _steps(box, v.steps)
    if dice is not None:
        box.append(dice_faces(dice))
    row = _el(box, "div", class_="buttons")
    if not done and v.dest != v.start:
        if v.final:
            _button(row, "Confirm move" + (f" and roll {v.pool.count}d6" if v.pool.count and v.allowed else ""),
                    "confirm", class_="primary")
        if v.override is None:
            _button(row, "DM override: forbid" if v.allowed else "DM override: allow", "override",
                    "forbid" if v.allowed else "allow", class_="override")
    return box


def shot_verdicts(table: Table, target_id: str, verdicts: Sequence[ShotVerdict]) -> ET.Element:
    """Every action against one target: needed range, blocked or not, Override each; or select the target."""
    target_name = isolate(table.name(target_id))
    box = _el(None, "div", class_="verdict shots", data_testid="verdict")
    any_ok = any(v.final for v in verdicts)
    box.set("class", box.get("class", "") + (" allowed" if any_ok else " refused"))
    _el(box, "h2", f"Actions against {target_name}")
    if not verdicts:
        _el(box, "p", "This fighter has no actions.", class_="summary")
    for i, v in enumerate(verdicts):
        item = _el(box, "div", class_="shot " + ("allowed" if v.final else "refused"), data_testid="shot")
        _el(item, "p", v.summary, class_="summary")
        _steps(item, v.steps)
        if v.override is None:
            _button(item, "DM override: forbid" if v.allowed else "DM override: allow", "override-shot",
                    f"{i}:{'forbid' if v.allowed else 'allow'}", class_="override")
    row = _el(box, "div", class_="buttons")
    _button(row, f"Select {target_name} instead", "select", target_id)
    return box


def log_items(entries: Sequence[LogEntry]) -> list[ET.Element]:
    """``<li>`` for each log entry, numbered by its place in the table's whole log."""
    out = []
    for e in entries:
        li = _el(None, "li", value=e.number)
        _el(li, "span", e.text, class_="log-text")
        if e.details:
            det = _el(li, "details")
            _el(det, "summary", "why")
            ul = _el(det, "ul")
            for d in e.details:
                _el(ul, "li", d)
        out.append(li)
    return out
