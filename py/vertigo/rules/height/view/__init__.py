"""The Height rules' panel pieces: the fighter card's body, a move's verdict, the actions against a target,
and every Move entry compared (H2–H7).  ElementTree elements, every name escaped as text; the buttons carry
``data-action`` for the Height rules' mode (:mod:`vertigo.rules.height.mode`).

Importing it registers how the Height rules' terrain fields are drawn (:mod:`.looks`: hatched sight-blocking
sections, stated Heights, Climbing obstacles) with the renderer."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from vertigo.dice import DiceRoll
from vertigo.numbers import count, fmt
from vertigo.rules.height.rules.fields import ACTIONS, HEIGHT, MOVES
from vertigo.rules.height.rules.movement import MoveVerdict
from vertigo.rules.height.rules.options import Options
from vertigo.rules.height.rules.ranged import ShotVerdict
from vertigo.scenario import Fighter
from vertigo.table import Table
from vertigo.text import isolate, joined
from vertigo_view.looks import register
from vertigo_view.panels import button, dice_faces, el, rule_tags, step_list

from .looks import LOOKS

register(LOOKS)

__all__ = ["card_body", "move_verdict", "shot_verdicts", "options_table", "options_offer"]


def card_body(table: Table, fighter: Fighter, entry_index: int | None, reaches: int | None = None,
              elsewhere: Sequence[tuple[str, int]] = ()) -> list[ET.Element]:
    """The fighter card's body under the Height rules: side, section, Move entries (buttons), actions, and
    what a click does next.

    ``reaches``: how many other sections the chosen Move entry reaches (None: not known). With none, the card
    says so rather than asking for a click on a highlighted section (there is none), and names the fighter's
    other entries that do reach some, ``elsewhere``: ``(entry as text, how many other sections)`` (H2–H4;
    issue 22: "Move 2 reaches no other section" while Teleport 4 reached five).
    """
    card = ET.Element("div")
    section = table.scenario.field.section(table.position(fighter.id))
    el(card, "p", f"{isolate(fighter.side)} · on {isolate(section.name)} (Height {fmt(section.elevation)})",
        class_="meta")
    height = fighter[HEIGHT]
    if height is not None:
        el(card, "p", f"Height property {fmt(height)} (H2: applies to its Moves that list no Height)",
            class_="meta")
    el(card, "h3", "Move entries")
    if not fighter[MOVES]:
        el(card, "p", "No Move entries.", class_="meta")
    group = el(card, "div", class_="entries", role="group", aria_label="Move entries")
    for i, m in enumerate(fighter[MOVES]):
        button(group, str(m), "entry", i, aria_pressed="true" if i == entry_index else "false",
                class_="entry" + (" chosen" if i == entry_index else ""))
    el(card, "h3", "Actions")
    ul = el(card, "ul", class_="actions")
    for a in fighter[ACTIONS]:
        el(ul, "li", a.shown)
    if not fighter[ACTIONS]:
        el(ul, "li", "No actions.")
    if reaches == 0 and entry_index is not None and entry_index < len(fighter[MOVES]):
        one = len(elsewhere) == 1
        others = joined([f"{m} ({count(n, 'section')})" for m, n in elsewhere])
        hint = (f"{fighter[MOVES][entry_index]} reaches no other section from here, so none is highlighted"
                + (f"; {others} {'does' if one else 'do'}: choose {'it' if one else 'one'} above to move. "
                   if elsewhere else ", nor does its other Move entry. " if len(fighter[MOVES]) == 2
                   else ", nor does any of its other Move entries. " if len(fighter[MOVES]) > 2 else ". ")
                + "Click an enemy to check each action against it.")
    else:
        hint = "Click a highlighted section to move there, or an enemy to check each action against it."
    el(card, "p", hint, class_="hint")
    return list(card)


def options_table(table: Table, o: Options) -> ET.Element:
    """Every option at a border (H2–H4): one row per section some Move entry of the fighter reaches, in
    document order, one column per Move entry, each cell the short answer of that move's verdict — ``no``,
    ``safe`` or the falling dice — with its rule tag (a click on the section with that entry gives the verdict
    with every step).

    An accessible table (caption, ``th scope``) in a box that scrolls on its own on a narrow screen.
    """
    box = el(None, "div", class_="options", data_testid="options")
    who = isolate(o.name)
    el(box, "h3", "Every Move entry, every section")
    if not o.entries:
        el(box, "p", f"{who} has no Move entries.", class_="meta", data_testid="options-none")
        return box
    if not o.rows:
        el(box, "p", f"No Move entry of {who} reaches another section from {isolate(o.start_name)}.",
            class_="meta", data_testid="options-none")
        return box
    wrap = el(box, "div", class_="options-wrap", role="region", tabindex="0",
               aria_label=f"Move entries of {who} compared, scrolls")
    t = el(wrap, "table", class_="grid options-grid", data_testid="options-table")
    el(t, "caption", f"{o.summary} Each cell: that move's verdict — no, safe, or the falling dice.")
    tr = el(el(t, "thead"), "tr")
    el(tr, "th", "Section", scope="col")
    for e in o.entries:
        el(tr, "th", e, scope="col")
    body = el(t, "tbody")
    for row in o.rows:
        tr = el(body, "tr", data_section=row.section)
        el(tr, "th", isolate(row.name), scope="row")
        for c in row.cells:
            kind = "no" if not c.allowed else "safe" if c.dice == 0 else "falls"
            td = el(tr, "td", class_=f"option {kind}", data_entry=c.index)
            el(td, "span", c.answer, class_="answer")
            td[-1].tail = " "
            rule_tags(td, c.rule)
    return box


def options_offer(fighter: Fighter) -> ET.Element:
    """Where comparing every Move entry would take the page a while (many entries on a large battlefield): a
    button that asks for the options table (``data-action="options"``)."""
    box = el(None, "div", class_="options", data_testid="options")
    el(box, "h3", "Every Move entry, every section")
    n = len(fighter[MOVES])
    el(box, "p", f"{isolate(fighter.name)} has {n} Move entries on a large battlefield: comparing them all at every "
                  "section takes a moment, so it waits for you.", class_="meta")
    row = el(box, "div", class_="buttons")
    button(row, f"Compare all {n} Move entries", "options", data_testid="options-compare")
    return box


def move_verdict(table: Table, v: MoveVerdict, dice: DiceRoll | None, done: bool) -> ET.Element:
    """A move verdict: answer, dice before the roll, steps, Confirm / Override."""
    f = table.scenario.field
    # On its own section nothing moves: neither the green of an allowed move nor the red of a refused one.
    verdict = "already-there" if v.already_there else "allowed" if v.final else "refused"
    box = el(None, "div", class_="verdict " + verdict, data_testid="verdict")
    el(box, "h2", f"Move to {isolate(f.section(v.dest).name)}")
    el(box, "p", v.summary, class_="summary", data_testid="verdict-summary")
    if v.route is not None and v.final and not v.already_there:
        path = " → ".join(isolate(f.section(s).name) for s in v.route.path)
        el(box, "p", f"Path: {path}", class_="path")
    if v.final and v.pool.count and not done:
        el(box, "p", f"Falling dice before the roll: {v.pool}", class_="pool", data_testid="pool")
    # Confirm and the override right under the answer, before the steps: on a small screen they are seen with
    # the answer, and from the battlefield Tab reaches Confirm before any link in the steps.
    row = el(box, "div", class_="buttons")
    if not done and v.dest != v.start:
        if v.final:
            button(row, "Confirm move" + (f" and roll {v.pool.count}d6" if v.pool.count and v.allowed else ""),
                    "confirm", class_="primary")
        if v.override is None:
            button(row, "DM override: forbid" if v.allowed else "DM override: allow", "override",
                    "forbid" if v.allowed else "allow", class_="override")
        else:
            button(row, "Take back the override", "take-back", class_="override")
    step_list(box, v.steps)
    if dice is not None:
        box.append(dice_faces(dice))
    return box


def shot_verdicts(table: Table, target_id: str, verdicts: Sequence[ShotVerdict]) -> ET.Element:
    """Every action against one target: needed range, blocked or not, Override each; or select the target."""
    target_name = isolate(table.name(target_id))
    box = el(None, "div", class_="verdict shots", data_testid="verdict")
    any_ok = any(v.final for v in verdicts)
    box.set("class", box.get("class", "") + (" allowed" if any_ok else " refused"))
    el(box, "h2", f"Actions against {target_name}")
    if not verdicts:
        el(box, "p", "This fighter has no actions.", class_="summary")
    for i, v in enumerate(verdicts):
        item = el(box, "div", class_="shot " + ("allowed" if v.final else "refused"), data_testid="shot")
        el(item, "p", v.summary, class_="summary")
        step_list(item, v.steps)
        if v.override is None:
            button(item, "DM override: forbid" if v.allowed else "DM override: allow", "override-shot",
                    f"{i}:{'forbid' if v.allowed else 'allow'}", class_="override")
        else:
            button(item, "Take back the override", "take-back-shot", i, class_="override",
                    aria_label=f"Take back the override: DM override on {v.action.shown}")
    row = el(box, "div", class_="buttons")
    button(row, f"Select {target_name} instead (S)", "select", target_id, aria_keyshortcuts="S")
    return box
