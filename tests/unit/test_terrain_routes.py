"""Moves in inches (Terrain features, ``002_c9100305c0bcca6b.txt``): what a route costs and which one is
chosen — T1 (obstacle or low terrain), T2 (climbing counts), T5 (doors and archways), T7 (drops), T8 (the
cost), H13 (ties) — each exactly at its edge and just past it.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from typing import Any

import pytest

from vertigo import scenario
from vertigo.errors import LengthError
from vertigo.rules.terrain.rules import moves
from vertigo.stand import Stand
from vertigo.table import Table


def doc(sections: list[dict[str, Any]], borders: list[Any] = (), features: list[dict[str, Any]] = (),
        move: Any = 6, x: Any = 1, section: str = "g", **extra: Any) -> dict[str, Any]:
    """A one-fighter inches battlefield: fighter ``f`` on ``section`` at ``x`` with Move ``move``."""
    fighter = {"id": "f", "name": "Fen", "side": "a", "section": section, "x": x}
    if move is not None:
        fighter["move"] = move
    return {"vertigo": 2, "title": "t", "units": "inches", "rules": ["terrain"], "sections": sections,
            "borders": list(borders), "features": list(features), "fighters": [fighter], **extra}


def table(d: dict[str, Any]) -> Table:
    return Table.start(scenario.loads(json.dumps(d)))


GROUND = {"id": "g", "name": "Ground", "elevation": 0, "x": [0, 24]}


def wall(x0: float, x1: float, height: float, opening: str | None = None, on: str = "g",
         ident: str = "w") -> dict[str, Any]:
    out: dict[str, Any] = {"id": ident, "name": "Wall", "on": on, "x": [x0, x1], "height": height}
    if opening:
        out["opening"] = opening
    return out


def test_walking_costs_its_inches_and_a_move_just_over_is_not_allowed():
    """T8: "a move's cost is the horizontal inches walked"; 6 in of Move reaches 6 in, not 6.01 in."""
    t = table(doc([GROUND]))
    v = moves.route(t, "f", Stand("g", F(7)))
    assert (v.allowed, v.cost, v.horizontal, v.vertical) == (True, F(6), F(6), F(0))
    v = moves.route(t, "f", Stand("g", F(701, 100)))
    assert (v.allowed, v.stop) == (False, "0.01 in over its Move")


def test_low_terrain_costs_only_its_horizontal_distance():
    """T1, T2: low terrain (under 1 in) "does not count against the total number of inches"."""
    t = table(doc([GROUND], features=[wall(3, 4, 0.99)]))
    v = moves.route(t, "f", Stand("g", F(7)))
    assert (v.allowed, v.cost, v.vertical) == (True, F(6), F(0))
    assert [(c.kind, c.feature) for c in v.crossings] == [("low", "w")]


def test_an_obstacle_of_one_inch_is_climbed_up_and_down():
    """T1, T2: a feature of exactly 1 in is an obstacle; climbing it costs up 1 in and down 1 in, plus its
    thickness walked: 6 in walked + 2 in climbed = 8 in."""
    t = table(doc([GROUND], features=[wall(3, 4, 1)], move=8))
    v = moves.route(t, "f", Stand("g", F(7)))
    assert (v.allowed, v.horizontal, v.vertical, v.cost) == (True, F(6), F(2), F(8))
    c = v.crossings[0]
    assert (c.kind, c.up, c.down, c.across) == ("obstacle", F(1), F(1), F(1))
    assert moves.route(table(doc([GROUND], features=[wall(3, 4, 1)], move="7.99")), "f",
                       Stand("g", F(7))).stop == "0.01 in over its Move"


@pytest.mark.parametrize("opening", ["door-closed", "door-open", "archway"])
def test_a_door_or_archway_costs_its_thickness_through_its_centre(opening):
    """T5: "measure the distance in a straight line through the horizontal centre"; a closed door does not
    stop movement: 6 in walked, nothing climbed, through a 4 in wall."""
    t = table(doc([GROUND], features=[wall(3, 3.5, 4, opening)]))
    v = moves.route(t, "f", Stand("g", F(7)))
    assert (v.allowed, v.cost, v.vertical) == (True, F(6), F(0))
    assert v.crossings[0].kind == ("archway" if opening == "archway" else "door")
    assert v.crossings[0].across == F(1, 2)


SLAB = {"id": "s", "name": "Loft", "elevation": 5, "x": [2, 6], "kind": "slab"}


@pytest.mark.parametrize(("height", "stopped"), [(4, False), (F(41, 10), True)])
def test_no_climbing_over_a_wall_within_one_inch_of_a_slab_above(height, stopped):
    """Issue 24: "A feature cannot be climbed over when its top comes within 1" of a slab whose extent
    overlaps it": a wall 4 in under a loft at 5 in is climbed (1 in of headroom), one of 4.1 in is not."""
    d = doc([GROUND, SLAB], features=[wall(3, 3.5, float(height))], move=20)
    v = moves.route(table(d), "f", Stand("g", F(7)))
    assert v.allowed is not stopped
    if stopped:
        assert v.stop == "Wall cannot be climbed over: its top is within 1 in of Loft above it"


def test_a_fighter_cannot_end_inside_an_obstacle():
    """T8 / issue 24: "A move may end part way up a ladder or stairs, never inside an obstacle"."""
    v = moves.route(table(doc([GROUND], features=[wall(3, 4, 2)], move=20)), "f", Stand("g", F(7, 2)))
    assert v.allowed is False
    assert v.stop.startswith("stands inside the obstacle")


TWO = [{"id": "g", "name": "Ground", "elevation": 0, "x": [0, 12]},
       {"id": "up", "name": "Upper floor", "elevation": 3, "x": [0, 8], "kind": "slab"}]
LADDER = {"between": ["g", "up"], "x": 7, "id": "lad", "kind": "ladder"}


def test_a_ladder_costs_its_height_and_a_move_may_end_part_way_up():
    """T4, T8: vertical inches climbed on ladders count; "fighters … can remain part way up"."""
    t = table(doc(TWO, [LADDER], x=5))
    v = moves.route(t, "f", Stand("up", F(6)))
    assert (v.allowed, v.horizontal, v.vertical) == (True, F(3), F(3))
    part = moves.route(t, "f", Stand("g", F(7), "lad", F(3, 2)))
    assert (part.allowed, part.cost) == (True, F(7, 2))
    with pytest.raises(LengthError):
        moves.route(t, "f", Stand("g", F(7), "lad", F(4)))


def test_from_part_way_up_a_ladder():
    """T4: a fighter part way up climbs the rest (1.5 in of a 3 in ladder), then walks."""
    d = doc(TWO, [LADDER])
    d["fighters"][0] = {"id": "f", "name": "Fen", "side": "a", "ladder": "lad", "up": 1.5, "move": 4}
    v = moves.route(table(d), "f", Stand("up", F(5)))
    assert (v.allowed, v.horizontal, v.vertical) == (True, F(2), F(3, 2))


def test_dropping_is_offered_only_where_allowed_and_costs_a_fall():
    """T7: a drop from an unenclosed edge costs no movement and is a fall (3 in at 3 in a Height: 1d6);
    the path finder drops only where the user allows drops."""
    d = doc(TWO, [], x=6, section="up", move=3)
    t = table(d)
    no = moves.route(t, "f", Stand("g", F(9)))
    assert no.allowed is False
    assert no.stop == "a drop of 3 in from Upper floor → Ground, and drops are not allowed"
    yes = moves.route(t, "f", Stand("g", F(9)), drops=True)
    assert (yes.allowed, yes.cost, yes.fall_dice) == (True, F(3), 1)
    assert [(c.kind, c.drop) for c in yes.crossings] == [("drop", F(3))]


def test_fewest_falling_dice_first_then_inches():
    """Issue 24: "Among the routes whose cost is within the fighter's move: fewest falling dice, then fewest
    inches": with Move 6 the ladder (no fall) wins over the drop; with Move 4 only the drop is within it."""
    d = doc(TWO, [LADDER], x=6, section="up", move=6)
    v = moves.route(table(d), "f", Stand("g", F(9)), drops=True)
    assert (v.allowed, v.fall_dice, v.cost) == (True, 0, F(6))
    d = doc(TWO, [LADDER], x=6, section="up", move=4)
    v = moves.route(table(d), "f", Stand("g", F(9)), drops=True)
    assert (v.allowed, v.fall_dice, v.cost) == (True, 1, F(3))
    assert [c.kind for c in v.crossings] == ["drop"]


def test_fall_scale_sets_the_dice():
    """T6: falls in inches turn into Height with the scenario's scale: a 3 in drop at 1 in a level is 3d6."""
    d = doc(TWO, [], x=6, section="up", move=4, options={"fall_scale": "1 in"})
    v = moves.route(table(d), "f", Stand("g", F(9)), drops=True)
    assert (v.allowed, v.fall_dice) == (True, 3)


@pytest.mark.parametrize(("rise", "vertical", "kind"), [(F(99, 100), F(0), "low"), (F(1), F(1), "obstacle")])
def test_a_border_face_under_an_inch_is_low_terrain(rise, vertical, kind):
    """T1, T8: a face rising under 1 in costs nothing vertical; 1 in or more is climbed for its height."""
    d = doc([{"id": "g", "name": "Ground", "elevation": 0, "x": [0, 6]},
             {"id": "h", "name": "Step", "elevation": float(rise), "x": [6, 12]}], [["g", "h"]], x=2)
    v = moves.route(table(d), "f", Stand("h", F(7)))
    assert (v.allowed, v.vertical, v.crossings[0].kind) == (True, vertical, kind)


def test_stairs_count_their_rises():
    """T8: vertical inches climbed on stairs count: 4 treads of 1 in, rising ½ in each, from the bottom to
    the top step: 3 in walked and 1.5 in climbed."""
    d = doc([{"id": "g", "name": "Stairs", "elevation": 0, "x": [0, 4], "stairs": {"rise": 0.5, "tread": 1}}],
            x=0.5)
    v = moves.route(table(d), "f", Stand("g", F(7, 2)))
    assert (v.horizontal, v.vertical) == (F(3), F(3, 2))


def test_a_fighter_without_move_cannot_move():
    """Issue 24: "its fighters without ``move`` cannot move (their card says so)"."""
    v = moves.route(table(doc([GROUND], move=None)), "f", Stand("g", F(2)))
    assert (v.allowed, v.stop) == (False, "no Move")
    assert v.steps[0].text == "Fen has no Move in inches: it cannot move."


@pytest.mark.parametrize(("first", "via"), [("a", 1), ("b", 2)])
def test_ties_fall_in_document_order(first, via):
    """H13: of two routes of equal cost and dice (up a ladder 1 in either side, then a 3 in face), the one
    through the section first in the document; list the other first and the choice follows it."""
    a = {"id": "a", "name": "West ledge", "elevation": 3, "x": [2, 5], "kind": "slab"}
    b = {"id": "b", "name": "East ledge", "elevation": 3, "x": [7, 10], "kind": "slab"}
    ledges = [a, b] if first == "a" else [b, a]
    d = doc([{"id": "g", "name": "Ground", "elevation": 0, "x": [0, 12]}, *ledges,
             {"id": "t", "name": "Top", "elevation": 6, "x": [4, 8], "kind": "slab"}],
            [{"between": ["g", "a"], "x": 5, "id": "la", "kind": "ladder"},
             {"between": ["g", "b"], "x": 7, "id": "lb", "kind": "ladder"},
             {"between": ["a", "t"], "x": 4.5}, {"between": ["b", "t"], "x": 7.5}], x=6, move=10)
    v = moves.route(table(d), "f", Stand("t", F(6)))
    assert (v.allowed, v.cost) == (True, F(9))
    assert v.crossings[0].border == (0 if first == "a" else 1)
    assert [p[0] for p in v.path][1:3] == ["g", first]


def test_stretches_agree_with_the_route():
    """T8: the shaded stretches are the points a route within the Move reaches."""
    t = table(doc(TWO, [LADDER], x=5, move=4))
    s = moves.reachable(t, "f")
    assert s.to_json() == {"sections": {"g": [[1, 9]]}, "ladders": {"lad": 2}}
    assert moves.route(t, "f", Stand("g", F(7), "lad", F(2))).allowed is True
    assert moves.route(t, "f", Stand("g", F(7), "lad", F(201, 100))).allowed is False



def test_the_dm_cannot_put_a_fighter_inside_a_wall():
    """T1, H7: the DM may allow a move the rules refuse, but not one that ends inside an obstacle: that
    place could be neither drawn nor exported, so the override leaves the answer not allowed."""
    t = table(doc([GROUND], features=[wall(3, 4, 2)], move=20))
    v = moves.route(t, "f", Stand("g", F(7, 2))).overridden(True, "let it")
    assert (v.allowed, v.final) == (False, False)
    after, outcome = moves.move(t, v)
    assert (outcome.moved, after.stand_of("f")) == (False, Stand("g", F(1)))


def test_a_drop_the_dm_allows_says_it_falls_nothing():
    """H7 ("a move allowed only by the DM's override goes straight there with no fall"): its summary says no
    fall, not the route's dice."""
    t = table(doc(TWO, [], x=6, section="up", move=1))
    v = moves.route(t, "f", Stand("g", F(10)), drops=True)
    assert (v.allowed, v.fall_dice) == (False, 1)
    assert v.overridden(True).summary == "allowed: 4 in of Move 1 in, no fall: the DM's ruling (H7)"


def test_a_place_part_way_up_a_ladder_is_saved_exported_and_undone():
    """T4: "Fighters that finish their activation climbing stairs or ladders … can remain part way up (… make
    a note of where they are)": a move that ends 2.5 in up the ladder is kept in the saved table, written by
    Export, read back by Import, and taken back by Undo."""
    from vertigo import storage

    t = table(doc(TWO, [LADDER], x=5, move=5))
    v = moves.route(t, "f", Stand("g", F(7), "lad", F(5, 2)))
    assert (v.allowed, v.cost) == (True, F(9, 2))
    after, _ = moves.move(t, v)
    here = Stand("g", F(7), "lad", F(5, 2))
    assert after.stand_of("f") == here
    assert storage.restore(storage.TableEncoder().encode(after)).stand_of("f") == here
    exported = scenario.dumps(after.scenario, dict(after.stands))
    assert json.loads(exported)["fighters"][0] == {"id": "f", "name": "Fen", "side": "a", "ladder": "lad",
                                                        "up": 2.5, "move": 5}
    assert Table.start(scenario.loads(exported)).stand_of("f") == here
    assert after.undo().stand_of("f") == Stand("g", F(5))
