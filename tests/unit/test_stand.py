"""A fighter's place as one value, ``Stand(section, x, ladder=None, up=None)`` (issue 20; ruling T4: "A
fighter may end part way up (its height on the ladder is kept and drawn)"): through the scenario, Export,
the saved table (version 3, and versions 1 and 2 restoring), undo and every form of ``ask``'s ``positions``.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from vertigo import scenario
from vertigo.ask import answer
from vertigo.errors import QuestionError, ScenarioError
from vertigo.limits import MAX_LADDER_UP
from vertigo.stand import Stand
from vertigo.storage import TableEncoder, restore
from vertigo.table import Table


def loft(**changes) -> dict:
    """A feet battlefield (Combat at Different Levels): a floor, a loft 10 ft up, a ladder "rope" between them
    at x 10 ft; Ann 4 ft up the ladder, Bo on the floor at 3 ft."""
    doc = {"vertigo": 2, "title": "Loft", "units": "feet", "rules": ["levels"],
           "sections": [{"id": "floor", "name": "Floor", "elevation": 0, "x": [0, 10]},
                        {"id": "loft", "name": "Loft", "elevation": 10, "x": [10, 20]}],
           "borders": [{"between": ["floor", "loft"], "id": "rope", "kind": "ladder"}],
           "fighters": [{"id": "a", "name": "Ann", "side": "A", "ladder": "rope", "up": 4},
                        {"id": "b", "name": "Bo", "side": "B", "section": "floor", "x": 3}]}
    doc.update(changes)
    return doc


def test_a_fighter_up_a_ladder_stands_at_its_height_on_it():
    """T4: its height on the ladder is kept — Ann 4 ft up the rope stands at the foot's section (the floor),
    at the ladder's x, 4 ft above the floor; Bo stands at his spot."""
    t = Table.start(scenario.load(loft()))
    assert t.stand_of("a") == Stand("floor", Fraction(10), "rope", Fraction(4))
    assert t.stand_of("b") == Stand("floor", Fraction(3))
    assert (t.surface("a"), t.surface("b"), t.stand("a")) == (4, 0, ("floor", Fraction(10)))


def test_export_writes_the_ladder_place_and_imports_it_again():
    """STYLE 2 (``load(dump(s)) == s``) with a ladder place: Export writes ``"ladder"`` and ``"up"`` instead of
    a section, and the written document loads to the same places."""
    sc = scenario.load(loft())
    doc = scenario.dump(sc)
    assert doc["fighters"][0] == {"id": "a", "name": "Ann", "side": "A", "ladder": "rope", "up": 4}
    assert scenario.load(doc) == sc
    t = Table.start(sc).place("a", "loft", Fraction(15))
    again = Table.start(scenario.loads(scenario.dumps(sc, dict(t.stands))))
    assert again.stands == t.stands
    back = t.undo()
    assert Table.start(scenario.loads(scenario.dumps(sc, dict(back.stands)))).stands == back.stands


def test_the_saved_table_keeps_ladder_places_and_their_undo():
    """Issue 20 ("the saved table becomes version 3"): a place on a ladder, a spot on a section and a section's
    default place each save in ``"positions"``; the undo back up the ladder survives a save."""
    t = Table.start(scenario.load(loft())).place("a", "loft").place("b", "floor", Fraction(7))
    text = TableEncoder().encode(t)
    doc = json.loads(text)
    assert (doc["table"], doc["positions"]) == (3, {"a": "loft", "b": {"section": "floor", "x": 7}})
    assert doc["history"][0] == {"fighter": "a", "section": "floor", "rolls": 0, "label": "Ann placed: Floor → Loft",
                                 "ladder": "rope", "up": 4}
    back = restore(text)
    assert back == t
    assert back.undo().undo().stands == Table.start(scenario.load(loft())).stands
    up = json.loads(TableEncoder().encode(back.undo().undo()))
    assert up["positions"] == {"a": {"ladder": "rope", "up": 4}, "b": {"section": "floor", "x": 3}}


def test_a_version_2_saved_table_still_restores_its_offsets():
    """Issue 20: "Tables of versions 1 and 2 still restore" — version 2 kept a section id per fighter and the
    referee's spots in ``"offsets"``; its snapshot an ``"x"``.  (Version 1: test_storage.)"""
    sc = scenario.load(loft(fighters=[{"id": "a", "name": "Ann", "side": "A", "section": "floor"},
                                      {"id": "b", "name": "Bo", "side": "B", "section": "floor", "x": 3}]))
    v2 = {"table": 2, "scenario": scenario.dump(sc), "positions": {"a": "loft", "b": "floor"},
          "offsets": {"a": 12, "b": 3}, "rolls": 0,
          "history": [{"fighter": "a", "section": "floor", "rolls": 0, "label": "Ann placed", "x": 2}],
          "log": [{"n": 1, "text": "Loaded"}, {"n": 2, "text": "Ann placed"}]}
    t = restore(json.dumps(v2))
    assert t.stands == (("a", Stand("loft", Fraction(12))), ("b", Stand("floor", Fraction(3))))
    assert t.undo().stand_of("a") == Stand("floor", Fraction(2))
    v3 = dict(v2, table=3)
    with pytest.raises(ScenarioError) as info:
        restore(json.dumps(v3))
    assert info.value.problems == ('saved table.offsets: is version 2\'s field: version 3 writes a spot in '
                                   '"positions"',)


@pytest.mark.parametrize(("where", "raw", "message"), [
    ("positions", {"ladder": "rope", "up": 11},
     "saved table.positions: places fighter 'a' on a ladder: must be on the ladder, from 0 ft to 10 ft above its "
     "foot: 11 ft"),
    ("positions", {"ladder": "hatch", "up": 1},
     "saved table.positions: places fighter 'a' on a ladder: no ladder \"hatch\"; its ladders: rope"),
    ("positions", {"section": "floor"},
     "saved table.positions: places fighter 'a' nowhere: a place is a section id, {\"section\", \"x\"} or "
     "{\"ladder\", \"up\"}: {\"section\": \"floor\"}"),
])
def test_a_damaged_place_in_a_saved_table_is_refused_at_its_field(where, raw, message):
    """STYLE 5–6: a saved place up a ladder is held to the ladder (its id, its Height) and named at its field."""
    doc = json.loads(TableEncoder().encode(Table.start(scenario.load(loft()))))
    doc[where]["a"] = raw
    with pytest.raises(ScenarioError) as info:
        restore(json.dumps(doc))
    assert info.value.problems == (message,)


@pytest.mark.parametrize(("fighter", "problem"), [
    ({"ladder": "rope", "up": 10.5},
     "fighters[0].up: must be on the ladder, from 0 ft to 10 ft above its foot: 10.5 ft"),
    ({"ladder": "rope", "up": -1}, "fighters[0].up: must be on the ladder, 0 ft or more above its foot: -1"),
    ({"ladder": "stairs", "up": 1}, 'fighters[0].ladder: no ladder "stairs"; its ladders: rope'),
    ({"ladder": "rope", "section": "floor"},
     'fighters[0].section: a fighter on a ladder stands at the ladder\'s x above its foot: give "ladder" and '
     '"up", or "section" and "x", not both'),
    ({"section": "floor", "up": 2}, 'fighters[0].up: is how far up a ladder the fighter stands: it needs "ladder", '
                                    "the ladder's id"),
])
def test_a_bad_ladder_place_is_refused_at_its_place(fighter, problem):
    """Issue 20 with STYLE 5: a ladder place names a ladder border and a height from 0 to the ladder's Height
    (10 ft from the floor to the loft), and stands nowhere else."""
    doc = loft()
    doc["fighters"][0] = {"id": "a", "name": "Ann", "side": "A", **fighter}
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    assert info.value.problems == (problem,)


def test_border_ids_are_unique():
    """Issue 20: a ladder place names its border by id, so two borders may not share one."""
    doc = loft()
    doc["sections"].append({"id": "roof", "name": "Roof", "elevation": 20, "x": [20, 30]})
    doc["borders"].append({"between": ["loft", "roof"], "id": "rope", "kind": "ladder"})
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    assert info.value.problems == ("borders[1].id: repeats the border id 'rope'",)


def question(**fields) -> dict:
    return {"scenario": loft(), "ask": "levels", "fighter": "b", "target": "a", **fields}


@pytest.mark.parametrize(("positions", "difference"), [
    ({}, 4),                                          # as the scenario has it: 4 ft up the rope
    ({"a": {"ladder": "rope", "up": "6 ft"}}, 6),     # {"ladder", "up"}
    ({"a": "loft"}, 10),                              # "id": the loft's default place
    ({"a": {"section": "floor", "x": 9}}, 0),         # {"section", "x"}
])
def test_every_form_of_positions_places_the_fighter(positions, difference):
    """Issue 20 (``ask``'s ``positions``: ``"id"``, ``{"section", "x"}`` and ``{"ladder", "up"}``) with G1: the
    vertical difference is measured from where each stands, up a ladder at its height on it."""
    assert answer(question(positions=positions))["difference_ft"] == difference


@pytest.mark.parametrize(("spot", "message"), [
    ({"ladder": "rope", "up": 12}, "question.positions.a.up: must be on the ladder, from 0 ft to 10 ft above its "
                                   "foot: 12 ft"),
    ({"ladder": "attic"}, 'question.positions.a.ladder: no ladder "attic"; its ladders: rope'),
    ({"ladder": "rope", "x": 1}, 'question.positions.a: unknown field "x"; a place on a ladder has the fields '
                                 "ladder and up"),
    ({"ladder": 3}, "question.positions.a.ladder: must be a ladder's id: 3"),
])
def test_a_bad_ladder_position_in_a_question_is_refused_at_its_field(spot, message):
    """STYLE 5: a question's ladder place is checked as a scenario's is, at its own field."""
    with pytest.raises(QuestionError) as info:
        answer(question(positions={"a": spot}))
    assert str(info.value) == message


def test_export_size_counts_spots_and_ladder_places_for_rule_sets_with_movement():
    """Issue 20: "``export_size`` counts the offsets and ladder places of rule sets that have movement" — on a
    Height battlefield, every fighter at the longest spot, or up the ladder at the longest ``up``, fits."""
    doc = {"vertigo": 2, "title": "Rungs", "rules": ["height"],
           "sections": [{"id": "pit-" + "p" * 36, "name": "Pit", "elevation": -1000, "x": [0, 99_999]},
                        {"id": "top", "name": "Top", "elevation": 1000, "x": [99_999, 100_000]}],
           "borders": [{"between": ["pit-" + "p" * 36, "top"], "id": "r" * 40, "kind": "ladder"}],
           "fighters": [{"id": f"f{i}", "name": "F", "side": "A", "section": "top"} for i in range(3)]}
    sc = scenario.load(doc)
    longest = sc.field.sections[0].id
    spot = Fraction(99_998_999_999, 1_000_000)
    up = Fraction(1_999_999_999, 1_000_000)
    assert up <= MAX_LADDER_UP
    for place in (Stand(longest, spot), Stand(longest, Fraction(99_999), "r" * 40, up)):
        text = scenario.dumps(sc, {f.id: place for f in sc.fighters})
        assert len(text) <= scenario.export_size(sc)
        assert scenario.loads(text).fighters[0].start == place
