"""Melee through a closed door (T5): the attacker within 1 in of the door's near face, the target within 1 in of
its far face; both distances reported.

Source: ``002_c9100305c0bcca6b.txt`` › Archways and doors ("when making a melee attack action, if the attacking
fighter is within 1” of a closed door, they may target enemy fighters within 1” of the other side of the
door"); rulings T5, H13 and the rulings chosen for its gaps (``docs/rules.md`` › Open rulings).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from vertigo import scenario
from vertigo.rules.terrain.rules.play import door_melee
from vertigo.table import Table

HALL = {"id": "hall", "name": "Hall", "elevation": 0, "x": [0, 20]}


def door(x0=10, x1=10.5, opening="door-closed", fid="door", on="hall") -> dict:
    return {"id": fid, "name": fid.title(), "on": on, "x": [x0, x1], "height": 4, "opening": opening}


DOOR = door()


def table(a, b, features=(DOOR,), sections=(HALL,), borders=()) -> Table:
    """Ann at place ``a`` and Bo at place ``b`` (each a fighter document's place: a section and x, or a ladder)."""
    doc = {"vertigo": 2, "title": "Doors", "units": "inches", "rules": ["terrain"], "sections": list(sections),
           "borders": list(borders), "features": list(features),
           "fighters": [{"id": "a", "name": "Ann", "side": "A", **a}, {"id": "b", "name": "Bo", "side": "B", **b}]}
    return Table.start(scenario.loads(json.dumps(doc)))


def at(x, section="hall") -> dict:
    return {"section": section, "x": x}


@pytest.mark.parametrize(("a", "b", "melee", "to_a", "to_b"), [
    (9, 11.5, True, 1, 1),
    (8.99, 11.5, False, Fraction("1.01"), 1),
    (9, 11.51, False, 1, Fraction("1.01")),
    (10, 10.5, True, 0, 0),
    (11.5, 9, True, 1, 1),
])
def test_each_within_1_in_of_its_face_exactly_1_in_allowed_1_01_not(a, b, melee, to_a, to_b):
    """T5: "within 1\\"": at most 1 in from the near face (attacker) and the far face (target); 1.01 in is not."""
    v = door_melee(table(at(a), at(b)), "a", "b")
    assert (v.melee, v.door, v.state, v.attacker_to_door, v.target_to_door) == (melee, "door", "door-closed", to_a,
                                                                                 to_b)


def test_the_answer_gives_both_distances_and_why():
    """T5: both distances, each with its exact text, and the steps."""
    v = door_melee(table(at(9.5), at(11.25)), "a", "b")
    assert v.to_json() == {
        "fighter": "a", "target": "b", "melee": True, "door": "door", "state": "door-closed",
        "attacker_to_door_in": 0.5, "attacker_to_door_in_exact": "1/2",
        "target_to_door_in": 0.75, "target_to_door_in_exact": "3/4",
        "summary": ("Melee through the closed door in Door: the attacker 0.5 in from it, the target 0.75 in (each at "
                    "most 1 in)."),
        "rules": ["T5"],
        "explanation": ["[T5] The closed door in Door (10 in to 10.5 in) stands between Ann and Bo.",
                        "[T5] Ann is 0.5 in from its near face: within 1 in.",
                        "[T5] Bo is 0.75 in from its far face: within 1 in.",
                        "[T5] Ann may make a melee attack on Bo through it."]}


@pytest.mark.parametrize("opening", ["door-open", "archway"])
def test_an_open_door_or_an_archway_is_no_closed_door(opening):
    """T5: melee *through a closed door*; an open one or an archway gives none, with the reason."""
    v = door_melee(table(at(9.5), at(11), [door(opening=opening)]), "a", "b")
    assert (v.melee, v.door, v.state, v.attacker_to_door, v.target_to_door) == (False, None, None, None, None)
    name = "an open door" if opening == "door-open" else "an archway"
    assert v.to_json()["explanation"][-1] == f"[T5] Door between them is {name}: melee goes through a closed door only."
    assert v.summary == "No melee through a door: no closed door stands between them."


def test_both_on_one_side_of_the_door_is_no_melee_through_it():
    """T5: the door must stand between them."""
    v = door_melee(table(at(9), at(9.5)), "a", "b")
    assert (v.melee, v.door) == (False, None)
    assert v.to_json()["attacker_to_door_in"] is None


def test_of_several_doors_the_one_nearest_the_attacker_counts():
    """T5 (ruling): of several closed doors between them, the one nearest the attacker."""
    doors = [door(10, 10.5, fid="first"), door(12, 12.5, fid="second")]
    v = door_melee(table(at(13), at(9.5), doors), "a", "b")
    assert (v.door, v.attacker_to_door, v.target_to_door, v.melee) == ("second", Fraction(1, 2), Fraction(5, 2), False)
    assert v.steps[0].text.endswith("the nearest to the attacker.")
    assert door_melee(table(at(9.5), at(13), doors), "a", "b").door == "first"


LANE = {"id": "lane", "name": "Lane", "elevation": 0, "x": [-6, 0]}
HOUSE = {"id": "house", "name": "House", "elevation": 0, "x": [0, 12]}
WALL = door(0, 0.5, fid="wall", on="house")


@pytest.mark.parametrize(("x", "melee"), [(-1, True), (-1.01, False)])
def test_a_fighter_outside_a_door_at_the_houses_end_stands_level_with_its_floor(x, melee):
    """T5 (ruling): a fighter on a section bordering the door's section, level with its floor, is at the door:
    the lane outside the house's west wall."""
    t = table(at(x, "lane"), at(1.5, "house"), [WALL], [LANE, HOUSE], [["lane", "house"]])
    v = door_melee(t, "a", "b")
    assert (v.melee, v.door, v.attacker_to_door, v.target_to_door) == (melee, "wall", -Fraction(str(x)), 1)


def test_a_fighter_on_a_floor_above_is_not_at_the_door():
    """T5: a slab above the lane, bordering the house, is not level with the door's floor."""
    loft = {"id": "loft", "name": "Loft", "elevation": 3, "x": [-6, 0], "kind": "slab"}
    t = table(at(-0.5, "loft"), at(1, "house"), [WALL], [LANE, HOUSE, loft], [["lane", "house"], ["loft", "house"]])
    assert (door_melee(t, "a", "b").melee, door_melee(t, "a", "b").door) == (False, None)


def test_a_fighter_up_a_ladder_is_not_at_the_door():
    """T5: part way up a ladder a fighter stands on no floor."""
    loft = {"id": "loft", "name": "Loft", "elevation": 3, "x": [8, 10], "kind": "slab"}
    t = table({"ladder": "steps", "up": 1}, at(11), [door()], [HALL, loft],
              [{"between": ["hall", "loft"], "x": 9.5, "id": "steps", "kind": "ladder"}])
    assert door_melee(t, "a", "b").melee is False
