"""Properties of the editor's core over any sequence of edits (issue 26, "Unit: Hypothesis: any sequence of
edits followed by as many undos gives back the starting document exactly; any document the editor accepts
imports again; every declared field of every rule set has a form control").

Drafts start from the bundled battlefields (``static/scenarios``) and the templates; edits are drawn from the
pieces the draft has now, so most of them can be made.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from vertigo import scenario
from vertigo.battlefield import BORDER_KINDS, SECTION_KINDS
from vertigo.editing import (
    EditError,
    History,
    add_border,
    add_fighter,
    add_section,
    check,
    controls,
    delete_border,
    delete_fighter,
    delete_section,
    move_fighter,
    move_section,
    proposed_borders,
    resize_section,
    section_at,
    set_value,
    templates,
)
from vertigo.rules import REGISTRY

BUNDLED = Path(__file__).resolve().parents[2] / "static" / "scenarios"
STARTS = tuple([json.loads(p.read_text(encoding="utf-8")) for p in sorted(BUNDLED.glob("*.json"))
                if p.name != "index.json"] + [t.doc for t in templates()])
"""Every bundled battlefield and every template, as drafts."""
SETTINGS = settings(max_examples=80, deadline=None, database=None)

LENGTHS = st.sampled_from([-2, -1, -0.5, 0, 0.25, 0.5, 1, 1.5, 2, 3, 5, 8, 12, 20])
"""Lengths as a snapped drag or a typed value writes them, in the draft's unit."""


def _ids(doc, key):
    return [x["id"] for x in doc.get(key, []) if isinstance(x, dict) and isinstance(x.get("id"), str)]


@st.composite
def an_edit(draw, doc):
    """One edit of ``doc``: ``(label, function of the draft)``, its arguments drawn from the draft as it is."""
    sections, fighters = _ids(doc, "sections"), _ids(doc, "fighters")
    borders = len(doc.get("borders", []))
    some_section = st.sampled_from(sections) if sections else st.just("nowhere")
    some_fighter = st.sampled_from(fighters) if fighters else st.just("nobody")
    kind = draw(st.sampled_from(["add_section", "move_section", "resize_section", "set_section", "delete_section",
                                 "add_border", "accept", "delete_border", "set_border", "add_fighter",
                                 "move_fighter", "set_fighter", "delete_fighter", "set_scenario", "drop"]))
    if kind == "add_section":
        x0, width, up = draw(LENGTHS), draw(st.sampled_from([0.5, 1, 2, 4, 6])), draw(LENGTHS)
        k = draw(st.sampled_from(SECTION_KINDS))
        return kind, lambda d: add_section(d, x0=x0, x1=x0 + width, elevation=up, kind=k)[0]
    if kind == "move_section":
        sid, dx, dy = draw(some_section), draw(LENGTHS), draw(LENGTHS)
        return kind, lambda d: move_section(d, sid, dx, dy)
    if kind == "resize_section":
        sid, x0, x1 = draw(some_section), draw(LENGTHS), draw(LENGTHS)
        return kind, lambda d: resize_section(d, sid, x0, x1)
    if kind == "set_section":
        sid = draw(some_section)
        key, value = draw(st.sampled_from([("name", "Loft"), ("kind", "slab"), ("kind", "ground"), ("x0", 1),
                                           ("x1", 30), ("elevation", 2), ("id", "renamed"), ("blocks_sight", True),
                                           ("elevation", "high")]))
        return kind, lambda d: set_value(d, ("section", sid), key, value)
    if kind == "delete_section":
        sid, how = draw(some_section), draw(st.sampled_from([None, "below", "delete"]))
        return kind, lambda d: delete_section(d, sid, how)
    if kind == "add_border":
        a, b = draw(some_section), draw(some_section)
        k = draw(st.sampled_from([None, *BORDER_KINDS]))
        return kind, lambda d: add_border(d, a, b, kind=k)
    if kind == "accept":
        i = draw(st.integers(0, 3))
        return kind, lambda d: (lambda ps: add_border(d, ps[i].a, ps[i].b) if i < len(ps) else d)(
            proposed_borders(d))
    if kind == "delete_border":
        i = draw(st.integers(0, max(borders, 1)))
        return kind, lambda d: delete_border(d, i)
    if kind == "set_border":
        i = str(draw(st.integers(0, max(borders, 1))))
        key, value = draw(st.sampled_from([("kind", "stair"), ("kind", "ladder"), ("kind", None), ("x", 3),
                                           ("x", None), ("id", "ladder-1"), ("id", None)]))
        return kind, lambda d: set_value(d, ("border", i), key, value)
    if kind == "add_fighter":
        sid, x = draw(some_section), draw(st.none() | LENGTHS)
        return kind, lambda d: add_fighter(d, sid, x)[0]
    if kind == "move_fighter":
        fid, sid, x = draw(some_fighter), draw(some_section), draw(st.none() | LENGTHS)
        return kind, lambda d: move_fighter(d, fid, sid, x)
    if kind == "set_fighter":
        fid = draw(some_fighter)
        key, value = draw(st.sampled_from([("name", "Archer"), ("side", "B"), ("x", None), ("x", 2),
                                           ("section", sections[0] if sections else "nowhere"), ("id", "hero"),
                                           ("moves", ["Move 1"]), ("sm", 2), ("moves", ["Move one"])]))
        return kind, lambda d: set_value(d, ("fighter", fid), key, value)
    if kind == "delete_fighter":
        fid = draw(some_fighter)
        return kind, lambda d: delete_fighter(d, fid)
    if kind == "set_scenario":
        key, value = draw(st.sampled_from([("title", "Renamed"), ("dice_seed", 7), ("title", None),
                                           ("options.fall_scale", "5 ft"), ("options.fall_scale", None)]))
        return kind, lambda d: set_value(d, ("scenario", ""), key, value)
    fid, x, y = draw(some_fighter), draw(LENGTHS), draw(LENGTHS)
    return kind, lambda d: (lambda sid: move_fighter(d, fid, sid, x) if sid is not None else d)(section_at(d, x, y))


@st.composite
def edited(draw):
    """``(start, history)``: a starting draft and the history of up to 12 edits of it (those that can be
    made); every edit checked not to change the draft it was given."""
    start = copy.deepcopy(draw(st.sampled_from(STARTS)))
    h = History(start)
    for _ in range(draw(st.integers(0, 12))):
        label, edit = draw(an_edit(h.present))
        before = copy.deepcopy(h.present)
        try:
            doc = edit(h.present)
        except EditError:
            doc = h.present
        assert h.present == before and json.dumps(h.present) == json.dumps(before), label
        h = h.do(doc, label)
    return start, h


@SETTINGS
@given(edited(), st.integers(0, 3))
def test_any_edits_then_as_many_undos_give_the_start_back(case, extra):
    """Issue 26: "any sequence of edits followed by as many undos gives back the starting document exactly"
    (equal, and the same JSON text); redo then walks them again to the same draft."""
    start, h = case
    text = json.dumps(start)
    end = h.present
    for _ in range(len(h.past) + extra):
        h = h.undo()
    assert h.present == start and json.dumps(h.present) == text
    for _ in range(len(h.future)):
        h = h.redo()
    assert h.present == end and json.dumps(h.present) == json.dumps(end)


@SETTINGS
@given(edited())
def test_any_draft_the_editor_accepts_imports_again(case):
    """Issue 26: "any document the editor accepts imports again": with no problems, its JSON text loads, and
    the scenario's own document loads back as the same scenario; its proposals are the same each time."""
    _, h = case
    checked = check(h.present)
    assert proposed_borders(h.present) == proposed_borders(copy.deepcopy(h.present))
    if checked.problems:
        assert checked.scenario is None
        assert all(p.place and p.message for p in checked.problems)
        return
    loaded = scenario.loads(json.dumps(h.present))
    assert loaded == checked.scenario
    assert scenario.load(scenario.dump(loaded)) == loaded
    assert scenario.loads(scenario.dumps(loaded)) == loaded


@SETTINGS
@given(st.sampled_from(list(REGISTRY)), st.data())
def test_every_declared_field_has_a_control(rule_id, data):
    """Issue 26: "every declared field of every rule set has a form control", in any draft naming the rule
    set (alone or beside others of its unit, in any order), with the field's own label."""
    r = REGISTRY[rule_id]
    units = data.draw(st.sampled_from(r.units))
    others = [o for o in REGISTRY if o != rule_id and units in REGISTRY[o].units]
    named = data.draw(st.permutations([rule_id, *data.draw(st.lists(st.sampled_from(others), unique=True)
                                                            if others else st.just([]))]))
    doc = next(t.doc for t in templates() if t.key == f"blank-{units}")
    doc = {**doc, "rules": list(named)}
    for d in (*r.fields, *r.options):
        key = f"options.{d.key}" if d.on == "scenario" else d.key
        found = [c for c in controls(doc, d.on) if c.key == key]
        assert len(found) == 1, (rule_id, d.key)
        owner = next(REGISTRY[n] for n in named if any(f.key == d.key and f.on == d.on
                                                       for f in (*REGISTRY[n].fields, *REGISTRY[n].options)))
        assert found[0].rule == owner.title
        if found[0].rule == r.title:
            assert found[0].label == d.label
