"""Edges, ladders and stairs after an attack action (T3, T4): which check a fighter owes, the edge that counts,
enclosed or not, and where a failure falls (T6, H8).

Source: ``002_c9100305c0bcca6b.txt`` › Platforms (Falling Off Platform: "When a fighter within ½\\" of the edge of
a platform that is not enclosed by an obstacle (such as a wall) takes damage from an attack action, their
controlling player must take a Move check"), › Stairs and ladders ("When an attack action targets an enemy
fighter that has ended their activation climbing stairs or ladders, the target fighter must take a falling
test"); rulings T1, T3, T4, T6, H8 and the rulings chosen for their gaps (``docs/rules.md`` › Open rulings).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from vertigo import scenario
from vertigo.rules.terrain.rules.edges import edge_for, edges_of
from vertigo.rules.terrain.rules.play import after_attack
from vertigo.table import Table

F = Fraction


def table(sections, fighters, features=(), borders=(), options=None) -> Table:
    """A Terrain features battlefield in inches, from its pieces."""
    doc = {"vertigo": 2, "title": "Edges", "units": "inches", "rules": ["terrain"], "dice_seed": 5,
           "sections": list(sections), "borders": list(borders), "features": list(features),
           "fighters": [{"name": f["id"].title(), "side": "S", "move": 4, **f} for f in fighters]}
    if options:
        doc["options"] = options
    return Table.start(scenario.loads(json.dumps(doc)))


YARD = {"id": "yard", "name": "Yard", "elevation": 0, "x": [0, 30]}
DECK = {"id": "deck", "name": "Deck", "elevation": 3, "x": [10, 20], "kind": "slab"}


def deck(x, features=(), elevation=3, options=None, **more) -> Table:
    """The yard (0 in, 0 to 30 in) and a deck above it (``elevation``, 10 to 20 in); fighter "f" on the deck
    at ``x``."""
    return table([YARD, {**DECK, "elevation": elevation}], [{"id": "f", "section": "deck", "x": x, **more}],
                 features, options=options)


def rail(x0, x1, height=1.25, fid="rail") -> dict:
    return {"id": fid, "name": fid.title(), "on": "deck", "x": [x0, x1], "height": height}


@pytest.mark.parametrize(("x", "near", "owed"), [(19.5, True, True), (19.49, False, False), (10.5, True, True),
                                                 (10.51, False, False)])
def test_within_half_an_inch_is_at_most_half_an_inch(x, near, owed):
    """T3: "Within ½\\" means ≤ 0.5\\"": 0.5 in from the deck's side owes the Move check, 0.51 in does not."""
    v = after_attack(deck(x), "f", 2)
    assert v.edge is not None and v.edge.near is near and v.move_check is owed
    assert v.edge.distance == abs(F(str(x)) - (20 if x > 15 else 10))


def test_the_edge_answer_names_the_side_the_drop_and_the_surface_below():
    """T3: an edge is a side of the fighter's section with a surface 1 in or more lower straight below it."""
    v = after_attack(deck(19.75), "f", 1)
    assert v.edge.to_json() == {"section": "deck", "side": "right", "x_in": 20, "x_in_exact": "20",
                                "distance_in": 0.25, "distance_in_exact": "1/4", "enclosed": False, "by": None,
                                "below": "yard", "drop_in": 3, "drop_in_exact": "3"}
    assert v.falling_test is False and v.climbing is None


@pytest.mark.parametrize(("elevation", "edge"), [(1, True), (0.99, False)])
def test_a_side_is_an_edge_only_1_in_or_more_above_what_lies_below(elevation, edge):
    """T3 (ruling): "the surface below it at least 1\\" lower": a deck 1 in up has edges, one 0.99 in up none."""
    v = after_attack(deck(19.75, elevation=elevation), "f", 1)
    assert (v.edge is not None, v.move_check) == (edge, edge)


def test_a_side_with_nothing_below_is_no_edge():
    """T3 (ruling, nothing below): the yard's own ends have no section beyond them: not an edge with a fall."""
    t = table([YARD], [{"id": "f", "section": "yard", "x": 0.25}])
    v = after_attack(t, "f", 3)
    assert (v.edge, v.move_check, v.fall, v.summary) == (None, False, None, "No check owed.")
    assert v.steps[0].text == "Yard has no edge: no side has a surface 1 in or more lower beyond it."


@pytest.mark.parametrize(("damage", "owed"), [(0, False), (1, True)])
def test_only_damage_from_the_attack_action_owes_the_move_check(damage, owed):
    """T3: the fighter "takes damage from an attack action": a miss (0 damage) owes nothing at the edge."""
    v = after_attack(deck(19.75), "f", damage)
    assert (v.move_check, v.owes) == (owed, owed)
    assert [s.text for s in v.steps if s.text.startswith("The attack did")] == [
        "The attack did 1 damage: a Move check is owed." if owed else
        "The attack did no damage: no Move check is owed for the edge."]


@pytest.mark.parametrize(("height", "enclosed"), [(1, True), (0.99, False)])
def test_a_1_in_feature_encloses_the_edge_and_a_0_99_in_one_does_not(height, enclosed):
    """T1, T3: an obstacle rises 1 in or more and encloses the edge; a 0.99 in feature is low terrain, part of
    the floor, and does not."""
    v = after_attack(deck(19.5, [rail(19.75, 19.9, height)]), "f", 2)
    assert (v.edge.enclosed, v.edge.by, v.move_check) == (enclosed, "rail" if enclosed else None, not enclosed)
    if not enclosed:
        assert "Rail between rises 0.99 in, under 1 in: low terrain, part of the floor, does not enclose the edge." \
            in [s.text for s in v.steps]


def test_a_railing_between_encloses_but_one_behind_the_fighter_does_not():
    """T3 (ruling): an obstacle encloses the edge for a fighter when it stands between the fighter and the edge;
    a face at the fighter's x counts when the feature lies on the edge's side of it."""
    assert after_attack(deck(19.5, [rail(19.5, 19.75)]), "f", 2).edge.enclosed is True
    behind = after_attack(deck(19.5, [rail(19.25, 19.5)]), "f", 2)
    assert (behind.edge.enclosed, behind.move_check) == (False, True)
    assert after_attack(deck(19.75, [rail(19.25, 19.5)]), "f", 2).edge.enclosed is False


def test_of_two_enclosing_features_the_one_nearest_the_fighter_is_named():
    """T3: "by" names the obstacle between nearest the fighter."""
    v = after_attack(deck(19.5, [rail(19.8, 20, fid="outer"), rail(19.6, 19.7, fid="inner")]), "f", 2)
    assert v.edge.by == "inner"


def test_the_nearer_edge_counts():
    """T3 (ruling): of the section's two edges, the nearer counts: 2 in from the left, 8 in from the right."""
    t = deck(12)
    assert [(e.side, e.distance) for e in edges_of(t.scenario.field, "deck", F(12))] == [("left", 2), ("right", 8)]
    v = after_attack(t, "f", 5)
    assert (v.edge.side, v.edge.distance, v.move_check) == ("left", 2, False)


def narrow(x, features=()) -> Table:
    """A plank 0.8 in wide (10 to 10.8 in) 3 in above the yard; fighter "f" on it at ``x``."""
    plank = {"id": "deck", "name": "Plank", "elevation": 3, "x": [10, 10.8], "kind": "slab"}
    return table([YARD, plank], [{"id": "f", "section": "deck", "x": x}], features)


def test_on_a_narrow_plank_both_sides_within_half_an_inch_the_left_wins_a_tie():
    """T3 (ruling): both sides within ½ in: the unenclosed one, then the nearer, then the left."""
    assert edge_for(narrow(10.4).scenario.field, "deck", F("10.4")).side == "left"
    assert edge_for(narrow(10.4).scenario.field, "deck", F("10.5")).side == "right"


def test_on_a_narrow_plank_the_unenclosed_side_counts_though_farther():
    """T3 (ruling): with the nearer side enclosed and the other within ½ in and open, the open one counts."""
    t = narrow(10.3, [rail(10, 10.1)])
    v = after_attack(t, "f", 1)
    assert (v.edge.side, v.edge.distance, v.edge.enclosed, v.move_check) == ("right", F(1, 2), False, True)


def test_a_fall_off_the_edge_lands_below_it_at_its_x_3_in_a_height_by_default():
    """T3, T6, H8: a failure falls to the surface below the edge, at the edge's x; 3 in is one Height (the
    default scale), 1d6."""
    v = after_attack(deck(19.75), "f", 2)
    fall = v.fall
    assert (fall.rule, fall.source, fall.to, fall.x, fall.distance, fall.fall.height, fall.fall.pool.count) == (
        "T3", "edge", "yard", 20, 3, 1, 1)
    assert fall.to_json() == {"from": "edge", "to": "yard", "x_in": 20, "x_in_exact": "20", "height_in": 3,
                              "height_in_exact": "3", "height": 1, "height_exact": "1", "dice": 1}
    assert [str(s) for s in v.steps[-3:]] == [
        "[T3] Failing, it falls 3 in to Yard at 20 in.",
        "[T6] Fell off the right edge of Deck: a drop of 3 in at 3 in to a Height level is Height 1.",
        "[H8] Falling Height 1 deals 1d6 per whole Height fallen: 1d6: 1–6, mean 3.5."]
    assert v.summary == "Owes a Move check (T3): failing, falls 3 in to Yard, 1d6: 1–6, mean 3.5."


def test_a_scenario_setting_fall_scale_1_in_makes_the_same_drop_3d6():
    """T6: "a scenario may set its own" scale: at 1 in to a Height level the 3 in drop is Height 3, 3d6."""
    v = after_attack(deck(19.75, options={"fall_scale": "1 in"}), "f", 2)
    assert (v.fall.fall.height, v.fall.fall.pool.count) == (3, 3)


def ladder_table(up, x=15, **more) -> Table:
    """The yard and the deck with a ladder between them at ``x``; fighter "f" ``up`` in up it."""
    return table([YARD, DECK], [{"id": "f", "ladder": "ladder", "up": up, **more}],
                 borders=[{"between": ["yard", "deck"], "x": x, "id": "ladder", "kind": "ladder"}])


@pytest.mark.parametrize("damage", [0, 4])
def test_a_miss_on_a_ladder_still_owes_the_falling_test(damage):
    """T4: "Any attack action that targets it there triggers a falling test after the attack, hit or miss"."""
    v = after_attack(ladder_table(1.5), "f", damage)
    assert (v.falling_test, v.move_check, v.climbing.to_json()) == (
        True, False, {"ladder": "ladder", "up_in": 1.5, "up_in_exact": "3/2"})
    assert (v.fall.source, v.fall.to, v.fall.x, v.fall.distance, v.fall.fall.height, v.fall.fall.pool.count) == (
        "ladder", "yard", 15, F(3, 2), F(1, 2), 0)
    assert v.summary == "Owes a falling test (T4): failing, falls 1.5 in to Yard, no dice."


def test_at_the_foot_of_a_ladder_up_0_it_is_not_on_the_ladder():
    """T4 (ruling): on a ladder means ``up`` above 0; at the foot, no falling test."""
    v = after_attack(ladder_table(0), "f", 0)
    assert (v.climbing, v.falling_test, v.owes) == (None, False, False)


def test_a_ladder_with_nothing_below_it_leaves_a_failing_fighter_where_it_is():
    """T4 (ruling, nothing below): a ladder over a gap between two sections: failing, it stays."""
    low = {"id": "low", "name": "Low", "elevation": 0, "x": [0, 10]}
    high = {"id": "high", "name": "High", "elevation": 3, "x": [12, 20]}
    t = table([low, high], [{"id": "f", "ladder": "gap", "up": 1}],
              borders=[{"between": ["low", "high"], "x": 11, "id": "gap", "kind": "ladder"}])
    v = after_attack(t, "f", 0, "fail")
    assert (v.falling_test, v.fall, v.passed, v.ends) == (True, None, False, t.stand_of("f"))
    assert "[T4] Nothing is below: failing, it stays where it is." in [str(s) for s in v.steps]
    assert v.summary == "Falling test failed: nothing is below, it stays where it is."


STAIR = {"id": "stair", "name": "Stair", "elevation": 0, "x": [20, 24], "stairs": {"rise": 1, "tread": 1}}


@pytest.mark.parametrize(("x", "owed"), [(20.5, False), (21, True), (23.5, True)])
def test_stairs_owe_the_falling_test_on_any_step_but_the_lowest(x, owed):
    """T4 (ruling): on stairs means on any step but the staircase's lowest surface."""
    t = table([{**YARD, "x": [0, 20]}, STAIR], [{"id": "f", "section": "stair", "x": x}])
    v = after_attack(t, "f", 0)
    assert v.falling_test is owed
    if owed:
        assert v.climbing.to_json()["section"] == "stair"


def test_a_fall_from_solid_stairs_goes_to_their_lowest_step():
    """T4 (ruling): with nothing else below, a fall from the stairs goes to their foot, the lowest step (its
    middle); 2 in is Height 2/3, no dice."""
    t = table([{**YARD, "x": [0, 20]}, STAIR], [{"id": "f", "section": "stair", "x": 22.5}])
    v = after_attack(t, "f", 0)
    assert (v.climbing.up, v.fall.to, v.fall.x, v.fall.distance, v.fall.fall.pool.count) == (2, "stair", F(41, 2),
                                                                                              2, 0)


def test_stairs_going_down_to_the_right_have_their_lowest_step_on_the_right():
    """T4: the foot of stairs that fall to the right is their last step."""
    down = {**STAIR, "elevation": 3, "stairs": {"rise": -1, "tread": 1}}
    t = table([{**YARD, "x": [0, 20]}, down], [{"id": "f", "section": "stair", "x": 20.5}])
    v = after_attack(t, "f", 0)
    assert (v.fall.to, v.fall.x, v.fall.distance) == ("stair", F(47, 2), 3)


def test_a_fall_from_open_stairs_goes_to_the_surface_below_them():
    """T4 (ruling): a fall from stairs goes to the surface below its x other than the stairs."""
    open_stair = {**STAIR, "elevation": 3, "kind": "slab"}
    t = table([YARD, open_stair], [{"id": "f", "section": "stair", "x": 21.5}])
    v = after_attack(t, "f", 0)
    assert (v.fall.to, v.fall.x, v.fall.distance, v.fall.fall.pool.count) == ("yard", F(43, 2), 4, 1)


def stairs_near_edge(cellar: bool) -> Table:
    """Open stairs 3 to 6 in up (20 to 24 in) above the yard, optionally a cellar roof 2 in up beneath them
    (20 to 23.9 in); fighter "f" on the top step, 0.4 in from the right side."""
    sections = [YARD, {**STAIR, "elevation": 3, "kind": "slab"}]
    if cellar:
        sections.append({"id": "cellar", "name": "Cellar roof", "elevation": 2, "x": [20, 23.9], "kind": "slab"})
    return table(sections, [{"id": "f", "section": "stair", "x": 23.6}])


def test_owing_both_takes_one_check_and_falls_the_longer_fall():
    """T4 (ruling): "A fighter that owes both checks (on stairs, near an edge) takes one, with both reasons given,
    and falls once": the longer fall, off the edge to the yard (6 in) rather than onto the cellar roof (4 in)."""
    v = after_attack(stairs_near_edge(cellar=True), "f", 1)
    assert (v.move_check, v.falling_test, v.owed.rule) == (True, True, "T3, T4")
    assert (v.fall.rule, v.fall.to, v.fall.x, v.fall.distance, v.fall.fall.pool.count) == ("T3", "yard", 24, 6, 2)
    assert ("[T3, T4] It owes both: one check, for both reasons; failing, it falls once, the longer fall."
            in [str(s) for s in v.steps])
    assert v.summary == ("Owes a Move check, also its falling test (T3, T4): failing, falls 6 in to Yard, "
                         "2d6: 2–12, mean 7.")


def test_owing_both_with_falls_of_equal_length_it_falls_from_the_stairs():
    """T4 (ruling): two falls of 6 in: the stairs' fall is taken, at the fighter's own x."""
    v = after_attack(stairs_near_edge(cellar=False), "f", 1)
    assert (v.fall.rule, v.fall.source, v.fall.to, v.fall.x, v.fall.distance) == ("T4", "stairs", "yard", F("23.6"), 6)


def test_a_miss_near_the_edge_on_stairs_owes_only_the_falling_test():
    """T3, T4: no damage, no Move check for the edge; the falling test is still owed, and its fall is the
    stairs' own."""
    v = after_attack(stairs_near_edge(cellar=True), "f", 0)
    assert (v.move_check, v.falling_test, v.fall.rule, v.fall.to, v.fall.distance) == (False, True, "T4", "cellar", 4)


def test_off_a_right_edge_a_fighter_lands_on_the_section_beyond_it():
    """T3, T6 (rules.md: "the 6 in from the ruined house's roof to its yard is 2d6"): the roof's right edge at
    12 in stands over both the house's floor, which ends there, and the yard, which runs on past it; the fall
    goes outward, into the yard, 6 in: Height 2, 2d6."""
    import json
    from pathlib import Path

    from vertigo.ask import answer

    doc = json.loads((Path(__file__).resolve().parents[2] / "static/scenarios/ruined-house.json").read_text())
    fall = answer({"ask": "after_attack", "scenario": doc, "target": "roof-edge", "damage": 1,
                   "positions": {"roof-edge": {"section": "roof", "x": 11.75}}})["fall"]
    assert (fall["to"], fall["x_in"], fall["height_in"], fall["dice"]) == ("yard", 12, 6, 2)


def test_a_fall_onto_a_wall_comes_to_stand_at_its_outer_face():
    """T1 ("no fighter stands inside an obstacle") with T3: a fighter failing its Move check at a ledge's right
    edge over a wall on the floor below comes to stand at that wall's outer face, so the table can be drawn and
    exported again."""
    import json

    from vertigo import scenario
    from vertigo.rules.terrain.rules import play
    from vertigo.table import Table

    doc = {"vertigo": 2, "title": "t", "units": "inches", "rules": ["terrain"],
           "sections": [{"id": "g", "name": "Ground", "elevation": 0, "x": [0, 12]},
                        {"id": "ledge", "name": "Ledge", "elevation": 4, "x": [0, 6], "kind": "slab"}],
           "features": [{"id": "w", "name": "Wall", "on": "g", "x": [5.5, 6.5], "height": 2}],
           "fighters": [{"id": "f", "name": "Fen", "side": "a", "section": "ledge", "x": 5.75, "move": 3}]}
    table = Table.start(scenario.loads(json.dumps(doc)))
    after, _ = play.hit(table, "f", 1, "fail")
    assert after.stand_of("f").section == "g" and after.stand_of("f").x == 6.5
    assert scenario.loads(scenario.dumps(after.scenario, dict(after.stands))).fighters[0].x == 6.5
