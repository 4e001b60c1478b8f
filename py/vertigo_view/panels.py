"""HTML fragments beside the side view: fighter card, verdict, log.

Pure functions of plain values, built with ElementTree so every name is
escaped as text.  Buttons carry ``data-action`` (and ``data-arg``) for the
page layer to dispatch; nothing here touches the DOM.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from vertigo import lengths
from vertigo.dice import DiceRoll
from vertigo.numbers import fmt, signed
from vertigo.rule_tags import RULE_TAGS, split_tags
from vertigo.rules.height.rules.fields import ACTIONS, HEIGHT, MOVES
from vertigo.rules.height.rules.movement import MoveVerdict
from vertigo.rules.height.rules.options import Options
from vertigo.rules.height.rules.ranged import ShotVerdict
from vertigo.rules.levels.rules.fields import SM, WEAPONS
from vertigo.rules.levels.rules.levels import Direction, LevelsVerdict
from vertigo.scenario import Fighter
from vertigo.table import LogEntry, Table
from vertigo.text import isolate
from vertigo.verdict import Step

from .markup import to_html

__all__ = ["fighter_card", "move_verdict", "shot_verdicts", "levels_verdict", "options_table", "options_offer",
           "rule_tags", "glossary", "dice_faces", "log_items", "to_html"]


def _el(parent: ET.Element | None, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    a = {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None}
    e = ET.Element(tag, a) if parent is None else ET.SubElement(parent, tag, a)
    if text is not None:
        e.text = text
    return e


def _button(parent: ET.Element, text: str, action: str, arg: object = None, **attrs: object) -> ET.Element:
    return _el(parent, "button", text, type="button", data_action=action, data_arg=arg, **attrs)


def _append_text(parent: ET.Element, more: str) -> None:
    """Text added at the end of ``parent``: after its last child (as that child's tail), else as its text."""
    if len(parent):
        parent[-1].tail = (parent[-1].tail or "") + more
    else:
        parent.text = (parent.text or "") + more


def rule_tags(parent: ET.Element, rule: str) -> ET.Element:
    """A step's rule tag (``"H5"``, ``"G2, G6"``) as ``<span class="rule">``, each ruling id in it a link to its
    entry in the page's glossary (:func:`glossary`, ``#rule-h5``), described by that entry's one-line statement
    (``aria-describedby``) and with it as the tooltip.  An id :data:`vertigo.rule_tags.RULE_TAGS` does not know
    stays plain text."""
    span = _el(parent, "span", class_="rule")
    tags = split_tags(rule)
    if not tags:
        span.text = rule
        return span
    for i, tag in enumerate(tags):
        if i:
            _append_text(span, ", ")
        entry = RULE_TAGS.get(tag)
        if entry is None:
            _append_text(span, tag)
            continue
        _el(span, "a", tag, href=f"#{entry.page_id}", class_="rule-link",
            title=f"{entry.tag} {entry.title}: {entry.statement}", aria_describedby=f"{entry.page_id}-text")
    return span


def glossary() -> ET.Element:
    """The in-page "Rules" glossary: a ``<details>`` list of every rule tag (:data:`vertigo.rule_tags.RULE_TAGS`,
    in its order), each ``<li id="rule-h5" tabindex="-1">`` (focusable: following a rule tag moves the focus
    there, py/app.py) with its title, one-line statement (``id="rule-h5-text"``), source
    seed file and the heading of ``docs/rules.md`` that restates it.  Plain text: no network."""
    details = _el(None, "details", class_="glossary", data_testid="glossary")
    _el(details, "summary", "Rules: what each tag means")
    ul = _el(details, "ul")
    for entry in RULE_TAGS.values():
        li = _el(ul, "li", id=entry.page_id, tabindex="-1")
        _el(li, "strong", entry.tag, class_="rule")
        _el(li, "span", f" {entry.title}: ", class_="rule-title")
        _el(li, "span", entry.statement, id=f"{entry.page_id}-text", class_="rule-statement")
        _el(li, "span", f" Source: {entry.source}; docs/rules.md{entry.anchor}.", class_="rule-source")
    return details


def _steps(parent: ET.Element, steps: Sequence[Step]) -> None:
    ol = _el(parent, "ol", class_="steps")
    for s in steps:
        li = _el(ol, "li")
        rule_tags(li, s.rule)
        tail = _el(li, "span", " " + s.text)
        tail.set("class", "step-text")


def fighter_card(table: Table, fighter: Fighter, entry_index: int | None, reaches: int | None = None) -> ET.Element:
    """The selected fighter: name, side, section, Move entries (buttons), actions, and what a click does next.

    ``reaches``: how many other sections the chosen Move entry reaches (None: not known). With none, the card
    says so rather than asking for a click on a highlighted section (there is none).

    Where fighters are placed by hand (no movement rules), instead: where it stands, its Size Modifier
    and weapons, and what a click does.
    """
    card = _el(None, "div", class_="card", data_testid="fighter-card")
    head = _el(card, "h2", fighter.name, class_="fighter-title")
    head.set("data-side", fighter.side)
    if not table.scenario.has_movement:
        _placed_card(card, table, fighter)
        return card
    section = table.scenario.field.section(table.position(fighter.id))
    _el(card, "p", f"{isolate(fighter.side)} · on {isolate(section.name)} (Height {fmt(section.elevation)})",
        class_="meta")
    height = fighter[HEIGHT]
    if height is not None:
        _el(card, "p", f"Height property {fmt(height)} (H2: applies to its Moves that list no Height)",
            class_="meta")
    _el(card, "h3", "Move entries")
    if not fighter[MOVES]:
        _el(card, "p", "No Move entries.", class_="meta")
    group = _el(card, "div", class_="entries", role="group", aria_label="Move entries")
    for i, m in enumerate(fighter[MOVES]):
        _button(group, str(m), "entry", i, aria_pressed="true" if i == entry_index else "false",
                class_="entry" + (" chosen" if i == entry_index else ""))
    _el(card, "h3", "Actions")
    ul = _el(card, "ul", class_="actions")
    for a in fighter[ACTIONS]:
        _el(ul, "li", a.shown)
    if not fighter[ACTIONS]:
        _el(ul, "li", "No actions.")
    if reaches == 0 and entry_index is not None and entry_index < len(fighter[MOVES]):
        hint = (f"{fighter[MOVES][entry_index]} reaches no other section from here, so none is highlighted. "
                "Click an enemy to check each action against it.")
    else:
        hint = "Click a highlighted section to move there, or an enemy to check each action against it."
    _el(card, "p", hint, class_="hint")
    return card


def _placed_card(card: ET.Element, table: Table, fighter: Fighter) -> None:
    """The fighter card's body where the referee places fighters (G1, G4: surface, SM, weapons)."""
    sc = table.scenario
    sid, x = table.stand(fighter.id)
    section = sc.field.section(sid)
    show = lengths.show
    _el(card, "p", f"{isolate(fighter.side)} · on {isolate(section.name)} {show(x, sc.units)} across · "
                   f"standing surface {show(table.surface(fighter.id), sc.units)}", class_="meta",
        data_testid="fighter-stand")
    if "levels" in sc.rules:
        _el(card, "p", f"Size Modifier {signed(fighter[SM])}" + (
            " (G4: adds to its melee reach)" if fighter[SM] > 0 else ""), class_="meta", data_testid="fighter-sm")
        _el(card, "h3", "Weapons")
        ul = _el(card, "ul", class_="actions", data_testid="fighter-weapons")
        for w in fighter[WEAPONS]:
            if w.reach is None:
                _el(ul, "li", f"{w.shown} (ranged: Combat at Different Levels governs melee only)")
                continue
            held = w.reach.with_size(fighter[SM])
            more = f" → reach {held} with SM {signed(fighter[SM])}" if str(held) != str(w.reach) else ""
            _el(ul, "li", w.shown + more)
        if not fighter[WEAPONS]:
            _el(ul, "li", "No weapons.")
    _el(card, "p", "No Move entries here: the referee places fighters. Click a section (or Enter on it) to place "
                   "this fighter there; Shift+←/→ nudges it ½ ft." + (
                       " Click another fighter to judge melee across levels, both ways."
                       if "levels" in sc.rules else ""), class_="hint")


def _cell_table(parent: ET.Element, caption: str, head: Sequence[str], rows: Sequence[Sequence[str]],
                testid: str) -> ET.Element:
    """A table with a caption, column heads and one row head per row (the first cell)."""
    t = _el(parent, "table", class_="grid", data_testid=testid)
    _el(t, "caption", caption)
    tr = _el(_el(t, "thead"), "tr")
    for h in head:
        _el(tr, "th", h, scope="col")
    body = _el(t, "tbody")
    for row in rows:
        # A location that may not be struck is greyed (its last cell says so).
        tr = _el(body, "tr", class_="barred" if row[-1] == "not allowed" else None)
        for i, cell in enumerate(row):
            if i == 0:
                _el(tr, "th", cell, scope="row")
            else:
                _el(tr, "td", cell)
    return t


def _direction(box: ET.Element, table: Table, v: LevelsVerdict, d: Direction) -> None:
    """One direction of a levels verdict: defense, weapons, hit locations, the DM's override (G2–G7, H7)."""
    a, b = isolate(table.name(d.attacker)), isolate(table.name(d.defender))
    # Possible at this difference is not a strike if no melee weapon reaches across the distance (G4, G5): the
    # line says so, in the refused colour, rather than a green "Possible".
    unreached = d.final and d.out_of_reach
    sec = _el(box, "section", class_="direction " + ("allowed" if d.final and not unreached else "refused"),
              data_testid="direction", data_attacker=d.attacker)
    role = f" ({d.attacker_side})" if d.attacker_side else ""
    _el(sec, "h3", f"{a}{role} strikes {b}")
    line = "possible" if d.final else "impossible"
    if d.override is not None:
        line += f" — overridden by the DM (the rules say {'possible' if d.allowed else 'impossible'})"
    if unreached:
        line += f" at this difference, but no weapon of {a} reaches {d.distance_yd} yd (G4, G5)"
    if d.allowed or d.final:
        line += f"; {b} defends at {signed(d.defense_modifier)}"
    _el(sec, "p", line[:1].upper() + line[1:] + ".", class_="summary", data_testid="direction-summary")
    # Weapons: reach with the SM bonus, the distance, whether it reaches (G4, G5).
    rows: list[tuple[str, ...]] = []
    for w in d.weapons:
        if not w.melee:
            rows.append((w.name, "ranged", f"{w.distance_yd} yd", "001 governs melee only"))
            continue
        reach = w.reach or ""
        if w.reach_with_bonus != w.reach:
            reach += f" → {w.reach_with_bonus}"
        rows.append((w.name, reach, f"{w.distance_yd} yd", "reaches" if w.reaches else "out of reach"))
    if rows:
        _cell_table(sec, f"Weapons of {a} (G4 reach with SM, G5 distance)",
                    ("Weapon", "Reach", "Distance", "Reaches?"), rows, "weapons")
    else:
        _el(sec, "p", f"{a} has no weapons.", class_="meta")
    for w in d.weapons:
        if not w.melee:
            _el(sec, "p", w.why, class_="meta")
    # Hit locations: base / level / net, or why not (G2, G3, G6, G7).
    if not d.allowed:
        _el(sec, "p", d.steps[0].text if d.steps else "Combat is impossible.", class_="meta")
    elif v.hit_locations:
        rows = []
        for r in d.locations:
            name = r.name[:1].upper() + r.name[1:]
            if r.allowed and r.level is not None and r.net is not None:
                rows.append((name, signed(r.base), signed(r.level), signed(r.net)))
            else:
                rows.append((name, signed(r.base), "—", "not allowed"))
        _cell_table(sec, f"Hit locations {a} may strike (G6)", ("Location", "Base", "Level", "Net"), rows,
                    "locations")
        for why in dict.fromkeys(r.why.split(": not allowed: ", 1)[-1] for r in d.locations if not r.allowed):
            _el(sec, "p", f"Not allowed: {why}", class_="meta")
    else:
        struck = [r for r in d.locations if r.allowed]
        if [r.name for r in struck] == ["torso"]:
            g7 = next((s.text for s in d.steps if s.rule == "G7"), "Hit locations off: the attack hits the torso.")
            _el(sec, "p", g7, class_="meta", data_testid="locations-off")
        else:
            rows = [(r.name[:1].upper() + r.name[1:], signed(r.base)) for r in struck]
            _cell_table(sec, f"Hit locations off (G7), but {a} may strike only these: at the normal penalty, no "
                             "level modifier", ("Location", "Penalty"), rows, "locations")
    row = _el(sec, "div", class_="buttons")
    if d.override is None:
        label = "Rule it out" if d.allowed else "Let it happen"
        _button(row, label, "override-levels", f"{d.attacker}:{'forbid' if d.allowed else 'allow'}",
                class_="override", aria_label=f"{label}: DM override on {a} striking {b}")
    else:
        _button(row, "Take back the override", "take-back-levels", d.attacker, class_="override",
                aria_label=f"Take back the override: DM override on {a} striking {b}")
    details = _el(sec, "details", class_="why")
    _el(details, "summary", "Every step")
    _steps(details, d.steps)


def _term(dl: ET.Element, term: str, rule: str | None) -> None:
    """A ``<dt>`` of a verdict's facts: the term, and its rule tag in brackets as a link (:func:`rule_tags`)."""
    dt = _el(dl, "dt", term)
    if rule:
        _append_text(dt, " (")
        rule_tags(dt, rule)
        _append_text(dt, ")")


def levels_verdict(table: Table, v: LevelsVerdict) -> ET.Element:
    """Two fighters at different levels (G1–G7): the difference with its arithmetic, the band, the upper
    fighter, the strange-position toggle (G3), then both directions at once, each with its DM override (H7)."""
    (fa, fb) = v.fighters
    a, b = isolate(fa.name), isolate(fb.name)
    box = _el(None, "div", class_="verdict levels " + ("allowed" if v.possible else "refused"),
              data_testid="levels")
    _el(box, "h2", f"{a} and {b}: combat at different levels")
    _el(box, "p", v.summary, class_="summary", data_testid="levels-summary")
    dl = _el(box, "dl", class_="facts")
    g1 = next((s.text for s in v.steps if s.rule == "G1" and s.text.startswith("Difference")), v.summary)
    for term, rule, text, testid in (
            ("Difference", "G1", g1.removeprefix("Difference: ").rstrip("."), "levels-difference"),
            ("Band", "G2", v.band.label, "levels-band"),
            ("Upper fighter", None, isolate(table.name(v.upper)) if v.upper else "none (1 ft or less)",
             "levels-upper")):
        _term(dl, term, rule)
        _el(dl, "dd", text, data_testid=testid)
    if v.strange_position:
        _term(dl, "Lying down", "G3")
        _el(dl, "dd", next((s.text.split(": ", 1)[-1] for s in v.steps if s.rule == "G3"
                            and s.text.startswith("Strange")), ""), data_testid="levels-strange")
    band = next((s for s in v.steps if "Band:" in s.text), None)
    if band is not None:
        _el(box, "p", band.text, class_="band-text")
    if not v.possible:
        _el(box, "p", "Combat is impossible at this difference" + (
            " even lying down." if v.strange_position else
            " unless the upper fighter lies down at the edge (G3)."), class_="impossible",
            data_testid="levels-impossible")
    if v.upper is not None:
        row = _el(box, "div", class_="buttons")
        _button(row, "Upper fighter lies down at the edge", "strange", None, class_="toggle",
                aria_pressed="true" if v.strange_position else "false", data_testid="strange")
    if not v.hit_locations:
        _el(box, "p", "Hit locations are off in this scenario (G7): no location modifiers.", class_="meta")
    for d in v.directions:
        _direction(box, table, v, d)
    other = fb.id
    row = _el(box, "div", class_="buttons")
    _button(row, f"Select {b} instead (S)", "select", other, aria_keyshortcuts="S")
    return box


def options_table(table: Table, o: Options) -> ET.Element:
    """Every option at a border (H2–H4): one row per section some Move entry of the fighter reaches, in
    document order, one column per Move entry, each cell the short answer of that move's verdict — ``no``,
    ``safe`` or the falling dice — with its rule tag (a click on the section with that entry gives the verdict
    with every step).

    An accessible table (caption, ``th scope``) in a box that scrolls on its own on a narrow screen.
    """
    box = _el(None, "div", class_="options", data_testid="options")
    who = isolate(o.name)
    _el(box, "h3", "Every Move entry, every section")
    if not o.entries:
        _el(box, "p", f"{who} has no Move entries.", class_="meta", data_testid="options-none")
        return box
    if not o.rows:
        _el(box, "p", f"No Move entry of {who} reaches another section from {isolate(o.start_name)}.",
            class_="meta", data_testid="options-none")
        return box
    wrap = _el(box, "div", class_="options-wrap", role="region", tabindex="0",
               aria_label=f"Move entries of {who} compared, scrolls")
    t = _el(wrap, "table", class_="grid options-grid", data_testid="options-table")
    _el(t, "caption", f"{o.summary} Each cell: that move's verdict — no, safe, or the falling dice.")
    tr = _el(_el(t, "thead"), "tr")
    _el(tr, "th", "Section", scope="col")
    for e in o.entries:
        _el(tr, "th", e, scope="col")
    body = _el(t, "tbody")
    for row in o.rows:
        tr = _el(body, "tr", data_section=row.section)
        _el(tr, "th", isolate(row.name), scope="row")
        for c in row.cells:
            kind = "no" if not c.allowed else "safe" if c.dice == 0 else "falls"
            td = _el(tr, "td", class_=f"option {kind}", data_entry=c.index)
            _el(td, "span", c.answer, class_="answer")
            td[-1].tail = " "
            rule_tags(td, c.rule)
    return box


def options_offer(fighter: Fighter) -> ET.Element:
    """Where comparing every Move entry would take the page a while (many entries on a large battlefield): a
    button that asks for the options table (``data-action="options"``)."""
    box = _el(None, "div", class_="options", data_testid="options")
    _el(box, "h3", "Every Move entry, every section")
    n = len(fighter[MOVES])
    _el(box, "p", f"{isolate(fighter.name)} has {n} Move entries on a large battlefield: comparing them all at every "
                  "section takes a moment, so it waits for you.", class_="meta")
    row = _el(box, "div", class_="buttons")
    _button(row, f"Compare all {n} Move entries", "options", data_testid="options-compare")
    return box


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
    # Confirm and the override right under the answer, before the steps: on a small screen they are seen with
    # the answer, and from the battlefield Tab reaches Confirm before any link in the steps.
    row = _el(box, "div", class_="buttons")
    if not done and v.dest != v.start:
        if v.final:
            _button(row, "Confirm move" + (f" and roll {v.pool.count}d6" if v.pool.count and v.allowed else ""),
                    "confirm", class_="primary")
        if v.override is None:
            _button(row, "DM override: forbid" if v.allowed else "DM override: allow", "override",
                    "forbid" if v.allowed else "allow", class_="override")
        else:
            _button(row, "Take back the override", "take-back", class_="override")
    _steps(box, v.steps)
    if dice is not None:
        box.append(dice_faces(dice))
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
        else:
            _button(item, "Take back the override", "take-back-shot", i, class_="override",
                    aria_label=f"Take back the override: DM override on {v.action.shown}")
    row = _el(box, "div", class_="buttons")
    _button(row, f"Select {target_name} instead (S)", "select", target_id, aria_keyshortcuts="S")
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
