"""The side view's pieces kept by value (``vertigo_view.frame._Pieces``) draw exactly what drawing afresh draws.

The editor makes a new scenario at every edit; the renderer keeps each section's, border's, feature's, fighter's
and proposal's SVG text by the values it is drawn from, so a drop redraws only what it changed (issue 26: a drop's
check and redraw ≤ 100 ms on 250 sections).  Each drawing after each edit is compared, character for character,
with the drawing of a renderer that keeps nothing, and ``to_xml_holding`` with ElementTree's own text.
"""

from __future__ import annotations

import copy
import json
import random
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from vertigo import editing
from vertigo.editing.edits import length_of
from vertigo.table import Table
from vertigo_view import edit_marks, frame, markup, overlay, side_view, terrain, tokens

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
DRAWING = (frame, terrain, tokens, overlay, side_view, edit_marks)
STEP = {"height": Fraction(1), "feet": Fraction(1), "inches": Fraction(1, 2)}


def drawn(t: Table, selected: editing.Piece | None, doc: dict[str, Any]) -> str:
    """The editor's drawing of ``t``: the side view and the editor's marks (proposals, grid, selection)."""
    units = t.scenario.units
    return side_view.render(t) + edit_marks.edit_marks(t, selected, editing.proposed_borders(doc), STEP[units])


def afresh(monkeypatch: pytest.MonkeyPatch, t: Table, selected: editing.Piece | None, doc: dict[str, Any]) -> str:
    """:func:`drawn` with a renderer memo that keeps nothing from before."""
    with monkeypatch.context() as m:
        memo = frame._Memo()
        for module in DRAWING:
            m.setattr(module, "_MEMO", memo)
        return drawn(t, selected, doc)


def an_edit(doc: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    """A random edit of ``doc`` (move, resize, rename a section; add, move, delete a fighter; add, delete a
    section or a border), or None when it was refused."""
    step = float(STEP[doc.get("units", "height")])
    sections, fighters = doc["sections"], doc.get("fighters", [])
    s, other = rnd.choice(sections), rnd.choice(sections)
    x0, x1 = (float(length_of(doc, v, "x")) for v in s["x"])
    edits = [
        lambda: editing.move_section(doc, s["id"], rnd.choice([0, step, -step]), rnd.choice([0, step, -step])),
        lambda: editing.resize_section(doc, s["id"], x0 + rnd.choice([0, -step]), x1 + rnd.choice([0, step])),
        lambda: editing.set_value(doc, ("section", s["id"]), "name", f"{s.get('name', '')} <&>"),
        lambda: editing.add_fighter(doc, s["id"])[0],
        lambda: editing.add_section(doc, x0=x1 + 1, x1=x1 + 3, elevation=rnd.choice([0, 1]),
                                    kind=rnd.choice(["ground", "slab"]))[0],
        lambda: editing.delete_section(doc, s["id"], "delete") if len(sections) > 2 else None,
        lambda: editing.add_border(doc, s["id"], other["id"]) if s is not other else None,
        lambda: editing.delete_border(doc, 0) if doc.get("borders") else None,
        lambda: editing.move_fighter(doc, rnd.choice(fighters)["id"], s["id"], None) if fighters else None,
        lambda: editing.delete_fighter(doc, rnd.choice(fighters)["id"]) if fighters else None,
    ]
    try:
        return rnd.choice(edits)()
    except editing.EditError:
        return None


@pytest.mark.parametrize("name", ["ruined-house.json", "staircase.json", "table-top-brawl.json",
                                  "gantries.json", "rooftop-chase.json"])
def test_the_drawing_after_each_of_a_run_of_edits_is_the_drawing_made_afresh(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """30 edits in a row, each drawn with the pieces kept from the drafts before and by a renderer that keeps
    nothing: the same text (slabs on posts, stairs, features, ladders, fighters on them, renamed sections)."""
    doc = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    rnd = random.Random(name)
    done = 0
    for _ in range(200):
        new = an_edit(doc, rnd)
        checked = editing.check(new) if new is not None else None
        if checked is None or checked.scenario is None:
            continue
        doc, done = new, done + 1
        t = Table.start(checked.scenario, "Editing")
        sections = [s["id"] for s in doc["sections"]]
        selected: editing.Piece = ("section", sections[done % len(sections)])
        assert drawn(t, selected, doc) == afresh(monkeypatch, t, selected, doc), (name, done)
        if done == 30:
            break
    assert done == 30


def test_pieces_kept_over_generations_are_the_pieces_made_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a generation of 5 pieces (a battlefield has more), pieces move between generations and go: the
    drawing of each draft is still the one made afresh."""
    monkeypatch.setattr(frame._Pieces, "MOST", 5)
    doc = json.loads((SCENARIOS / "ruined-house.json").read_text(encoding="utf-8"))
    for dy in (1, -1, 1, -1):
        doc = editing.move_section(doc, doc["sections"][1]["id"], 0, dy)
        t = Table.start(editing.check(doc).scenario, "Editing")
        assert drawn(t, None, doc) == afresh(monkeypatch, t, None, doc)


def test_a_key_that_cannot_be_hashed_is_made_every_time() -> None:
    pieces = frame._Pieces()
    made: list[int] = []
    assert pieces.get(([1],), lambda: made.append(1) or "a") == "a"
    assert pieces.get(([1],), lambda: made.append(1) or "a") == "a"
    assert pieces.get((1,), lambda: made.append(2) or "b") == "b"
    assert pieces.get((1,), lambda: made.append(2) or "b") == "b"
    assert made == [1, 1, 2]


@pytest.mark.parametrize("children, text, tail", [
    ([], None, None), ([], "x & y", None), ([ET.Element("a", {"b": "<\"c\">"})], None, "t"),
    ([ET.Element("a"), ET.Element("b")], "text", None)])
def test_to_xml_holding_writes_what_elementtree_writes_with_the_children_appended(
        children: list[ET.Element], text: str | None, tail: str | None) -> None:
    for own in (0, 1):
        e = ET.Element("g", {"id": "terrain", "class": "a&b"})
        e.text, e.tail = text, tail
        mine = copy.deepcopy(children[:own])
        e.extend(mine)
        written = [markup.to_xml(c) for c in children[own:]]
        whole = copy.deepcopy(e)
        whole.extend(copy.deepcopy(children[own:]))
        assert markup.to_xml_holding(e, written) == ET.tostring(whole, encoding="unicode")
