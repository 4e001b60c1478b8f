"""HTML fragments beside the side view: the fighter card's frame, rule tags, the glossary, dice, the log.

Pure functions of plain values, built with ElementTree so every name is
escaped as text.  Buttons carry ``data-action`` (and ``data-arg``) for the
page layer to dispatch; nothing here touches the DOM.  A rule set's own
panel pieces (its verdicts, its part of the fighter card) are in its
package's ``view`` part and use the helpers here.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from vertigo import lengths
from vertigo.dice import DiceRoll
from vertigo.numbers import signed
from vertigo.resolve import Rolled
from vertigo.rule_tags import RULE_TAGS, split_tags
from vertigo.scenario import Fighter, Scenario
from vertigo.stand import up_ladder_words
from vertigo.table import LogEntry, Table
from vertigo.text import isolate
from vertigo.verdict import Step

from .looks import drawing_key
from .markup import to_html
from .tokens import state_notes

__all__ = ["el", "button", "append_text", "step_list", "cell_table", "fact_term", "fighter_card", "placed_stand",
           "hint", "rule_tags", "glossary", "dice_faces", "log_items", "to_html", "long_names", "LONG_NAME"]


def el(parent: ET.Element | None, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    a = {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None}
    e = ET.Element(tag, a) if parent is None else ET.SubElement(parent, tag, a)
    if text is not None:
        e.text = text
    return e


def button(parent: ET.Element, text: str, action: str, arg: object = None, **attrs: object) -> ET.Element:
    return el(parent, "button", text, type="button", data_action=action, data_arg=arg, **attrs)


def append_text(parent: ET.Element, more: str) -> None:
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
    span = el(parent, "span", class_="rule")
    tags = split_tags(rule)
    if not tags:
        span.text = rule
        return span
    for i, tag in enumerate(tags):
        if i:
            append_text(span, ", ")
        entry = RULE_TAGS.get(tag)
        if entry is None:
            append_text(span, tag)
            continue
        el(span, "a", tag, href=f"#{entry.page_id}", class_="rule-link",
            title=f"{entry.tag} {entry.title}: {entry.statement}", aria_describedby=f"{entry.page_id}-text")
    return span


def glossary() -> ET.Element:
    """The in-page "Rules" glossary: a ``<details>`` list of every rule tag (:data:`vertigo.rule_tags.RULE_TAGS`,
    in its order), each ``<li id="rule-h5" tabindex="-1">`` (focusable: following a rule tag moves the focus
    there, py/app.py) with its title, one-line statement (``id="rule-h5-text"``), source
    seed file and the heading of ``docs/rules.md`` that restates it; then the drawing's key
    (:func:`_drawing_key`).  Plain text: no network."""
    details = el(None, "details", class_="glossary", data_testid="glossary")
    el(details, "summary", "Rules: what each tag means")
    ul = el(details, "ul")
    for entry in RULE_TAGS.values():
        li = el(ul, "li", id=entry.page_id, tabindex="-1")
        el(li, "strong", entry.tag, class_="rule")
        el(li, "span", f" {entry.title}: ", class_="rule-title")
        el(li, "span", entry.statement, id=f"{entry.page_id}-text", class_="rule-statement")
        el(li, "span", f" Source: {entry.source}; docs/rules.md{entry.anchor}.", class_="rule-source")
    _drawing_key(details)
    return details


def _drawing_key(details: ET.Element) -> None:
    """Under the rules, what the side view draws: one ``dt`` per mark (a small picture, ``span.swatch``, and its
    term) and one ``dd`` saying what it means, with its rule tag (:func:`rule_tags`) where it has one; the
    renderer's own marks first, then each rule set's (:func:`vertigo_view.looks.drawing_key`)."""
    el(details, "h3", "In the side view", class_="key-title")
    dl = el(details, "dl", class_="drawing-key", data_testid="drawing-key")
    for entry in drawing_key():
        dt = el(dl, "dt", data_swatch=entry.swatch)
        el(dt, "span", class_=f"swatch {entry.swatch}", aria_hidden="true")
        el(dt, "span", entry.term, class_="key-term")
        dd = el(dl, "dd", entry.text)
        if entry.rule:
            append_text(dd, " ")
            rule_tags(dd, entry.rule)


def step_list(parent: ET.Element, steps: Sequence[Step]) -> None:
    ol = el(parent, "ol", class_="steps")
    for s in steps:
        li = el(ol, "li")
        rule_tags(li, s.rule)
        tail = el(li, "span", " " + s.text)
        tail.set("class", "step-text")


def fighter_card(fighter: Fighter, body: Sequence[ET.Element]) -> ET.Element:
    """The selected fighter: its name (``data-side``: its side), then ``body``, what the active mode shows of it
    (where it stands, its Move entries or weapons, what a click does next)."""
    card = el(None, "div", class_="card", data_testid="fighter-card")
    head = el(card, "h2", fighter.name, class_="fighter-title")
    head.set("data-side", fighter.side)
    card.extend(body)
    return card


def placed_stand(table: Table, fighter: Fighter) -> ET.Element:
    """Where a fighter placed by hand stands: its side, section, place across it (or its height up a ladder,
    T4) and standing surface (G1), then each per-fighter state that is on (Knocked Down), whichever mode is
    active."""
    sc = table.scenario
    sid, x = table.stand(fighter.id)
    section = sc.field.section(sid)
    show = lengths.show
    at = table.stand_of(fighter.id)
    where = (f"on {isolate(section.name)} at x = {show(x, sc.units)}" if at.ladder is None or at.up is None else
             up_ladder_words(sc.field, at, sc.units))
    states = "".join(f" · {isolate(n)}" for n in state_notes(table, fighter.id))
    return el(None, "p", f"{isolate(fighter.side)} · {where} · "
                         f"standing surface {show(table.surface(fighter.id), sc.units)}{states}", class_="meta",
              data_testid="fighter-stand")


def hint(text: str) -> ET.Element:
    """A hint line of the panel (``<p class="hint">``)."""
    return el(None, "p", text, class_="hint")


def cell_table(parent: ET.Element, caption: str, head: Sequence[str], rows: Sequence[Sequence[str]],
                testid: str) -> ET.Element:
    """A table with a caption, column heads and one row head per row (the first cell)."""
    t = el(parent, "table", class_="grid", data_testid=testid)
    el(t, "caption", caption)
    tr = el(el(t, "thead"), "tr")
    for h in head:
        el(tr, "th", h, scope="col")
    body = el(t, "tbody")
    for row in rows:
        # A location that may not be struck is greyed (its last cell says so).
        tr = el(body, "tr", class_="barred" if row[-1] == "not allowed" else None)
        for i, cell in enumerate(row):
            if i == 0:
                el(tr, "th", cell, scope="row")
            else:
                el(tr, "td", cell)
    return t


def fact_term(dl: ET.Element, term: str, rule: str | None) -> None:
    """A ``<dt>`` of a verdict's facts: the term, and its rule tag in brackets as a link (:func:`rule_tags`)."""
    dt = el(dl, "dt", term)
    if rule:
        append_text(dt, " (")
        rule_tags(dt, rule)
        append_text(dt, ")")


DICE_SHOWN = 60
"""Dice drawn one by one; a larger roll shows these and counts the rest."""


def dice_faces(r: DiceRoll) -> ET.Element:
    """Each die as its own box (the first DICE_SHOWN), the modifier if any, then the total.

    The label names the pool (``"Rolled 3d6: "``, ``"Rolled 1d8: "``, ``"Rolled 3d6+1: "``).
    """
    p = el(None, "p", class_="roll", data_testid="roll")
    el(p, "span", f"Rolled {r.pool.notation}: ", class_="roll-label")
    for d in r.dice[:DICE_SHOWN]:
        el(p, "span", str(d), class_="die", aria_label=f"die showing {d}")
    if len(r.dice) > DICE_SHOWN:
        el(p, "span", f" … and {len(r.dice) - DICE_SHOWN} more dice (the total counts them all; every die replays "
                       "from the dice seed and roll number in the log)", class_="roll-more")
    if r.modifier:
        el(p, "span", f" {signed(r.modifier)}", class_="roll-modifier")
    el(p, "span", f" = {r.total} damage", class_="roll-total")
    return p


def rolls_shown(parent: ET.Element, rolls: Sequence[Rolled]) -> None:
    """Each roll an action made, its dice as boxes (:func:`dice_faces`): damage as ``= 3 damage``, any other roll
    by what it is (``Rolled 1d8 scatter direction: (8) = 8``, ``Rolled 2d6 Move check: …``)."""
    for r in rolls:
        p = dice_faces(r.roll)
        if not r.damage:
            p[0].text = f"Rolled {r.roll.pool.notation} {r.what}: "
            p[-1].text = f" = {r.roll.total}"
        parent.append(p)


def log_items(entries: Sequence[LogEntry]) -> list[ET.Element]:
    """``<li>`` for each log entry, numbered by its place in the table's whole log."""
    out = []
    for e in entries:
        li = el(None, "li", value=e.number)
        el(li, "span", e.text, class_="log-text")
        if e.details:
            det = el(li, "details")
            el(det, "summary", "why")
            ul = el(det, "ul")
            for d in e.details:
                el(ul, "li", d)
        out.append(li)
    return out


LONG_NAME = 24
"""Longest name, in characters, that the panel and the status line show whole; a longer one is drawn on one line
cut with an ellipsis (:func:`long_names`)."""
_TAG = re.compile(r"(<[^>]*>)")  # an attribute value escapes ">", so a tag ends at its first ">"
_PATTERNS: dict[int, tuple[Scenario, re.Pattern[str] | None]] = {}
"""The long names' pattern of the last scenarios asked about, by ``id`` (the scenario is kept beside it)."""


def _long_pattern(scenario: Scenario) -> re.Pattern[str] | None:
    """A pattern matching the scenario's section, fighter and side names over :data:`LONG_NAME` characters as
    HTML text writes them (escaped), longest first; None when it has none (the usual case)."""
    kept = _PATTERNS.get(id(scenario))
    if kept is not None and kept[0] is scenario:
        return kept[1]
    names = {n for n in (*(s.name for s in scenario.field.sections), *(f.name for f in scenario.fighters),
                         *scenario.sides) if len(n) > LONG_NAME}
    escaped = sorted((html.escape(n, quote=False) for n in names), key=lambda n: (-len(n), n))
    pattern = re.compile("|".join(map(re.escape, escaped))) if escaped else None
    if len(_PATTERNS) > 4:
        _PATTERNS.clear()
    _PATTERNS[id(scenario)] = (scenario, pattern)
    return pattern


def long_names(markup: str, scenario: Scenario) -> str:
    """HTML text (the panel's, or the status line's escaped text) with every name of ``scenario`` (a section's,
    a fighter's, a side's) over :data:`LONG_NAME` characters wrapped in ``<span class="long-name" title="the
    name">``, which ``static/style.css`` draws on one line cut with an ellipsis, whole on hover.

    The name stays in the text (screen readers and copying get all of it) and in the tooltip; only its drawing
    is cut, so an 80-character name (legal, :data:`vertigo.limits.MAX_NAME`) no longer fills three lines of a
    phone's sheet in the status line, the verdict's heading and its path and pushes Confirm below the screen
    (issue 22).  Only character data is touched, never a tag or an attribute value (an ``aria-label`` holds
    names too); with no long name in the scenario the text comes back unchanged, as the same string.

    Args:
        markup: HTML as :func:`to_html` writes it (text escaped, attribute values with ``"`` and ``>`` escaped).
        scenario: the scenario in play, whose names are looked for.

    Returns:
        The same HTML with the long names wrapped.
    """
    pattern = _long_pattern(scenario)
    if pattern is None or not pattern.search(markup):
        return markup

    def wrap(m: re.Match[str]) -> str:
        title = m.group(0).replace('"', "&quot;")
        return f'<span class="long-name" title="{title}">{m.group(0)}</span>'

    parts = _TAG.split(markup)
    return "".join(part if i % 2 else pattern.sub(wrap, part) for i, part in enumerate(parts))
