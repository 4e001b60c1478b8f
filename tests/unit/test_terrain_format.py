"""The scenario format's Terrain features additions (issue 24, version 2): ``features``, a fighter's
``move`` and ``move_check``, ladders and ``fall_scale`` — each bad value refused at its place with a clear
message, and every accepted document exported and imported back to the same scenario.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from vertigo import scenario
from vertigo.errors import ScenarioError
from vertigo.limits import MAX_FEATURES, MAX_MOVE_IN


def house(**change: Any) -> dict[str, Any]:
    """A small ruined house: ground, an upper floor with a ladder, a wall with a door, rubble."""
    doc: dict[str, Any] = {
        "vertigo": 2, "title": "House", "units": "inches",
        "sections": [{"id": "g", "name": "Ground", "elevation": 0, "x": [0, 12]},
                     {"id": "up", "name": "Upper floor", "elevation": 3, "x": [0, 8], "kind": "slab"}],
        "borders": [{"between": ["g", "up"], "x": 7, "id": "lad", "kind": "ladder"}],
        "features": [{"id": "wall", "name": "Left wall", "on": "g", "x": [0, 0.5], "height": 4,
                      "opening": "door-closed"},
                     {"id": "rubble", "name": "Rubble", "on": "g", "x": [9, 10], "height": 0.75}],
        "fighters": [{"id": "a", "name": "Ada", "side": "x", "section": "g", "x": 3, "move": 5,
                      "move_check": {"dice": "2d6", "pass": "at_most", "target": 7}},
                     {"id": "b", "name": "Bo", "side": "y", "ladder": "lad", "up": 1.5, "move": "4 1/2"}]}
    doc.update(change)
    return doc


def problems(doc: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    return info.value.problems


def test_an_inches_document_without_rules_is_refereed_by_terrain():
    """Issue 24: "A document in inches without ``rules`` is read with terrain"; ``"rules": []`` still loads."""
    assert scenario.load(house()).rules == ("terrain",)
    assert scenario.load(house(rules=[], features=[])).rules == ()


def test_export_imports_again_to_the_same_scenario():
    """Issue 24: "every export imports again": features, move, move_check and a ladder place round-trip."""
    s = scenario.load(house())
    again = scenario.loads(scenario.dumps(s))
    assert again == s
    assert again.field.features[0].opening == "door-closed"
    assert scenario.dump(s)["fighters"][1] == {"id": "b", "name": "Bo", "side": "y", "ladder": "lad", "up": 1.5,
                                                "move": 4.5}


def feature(**change: Any) -> dict[str, Any]:
    f: dict[str, Any] = {"id": "crate", "name": "Crate", "on": "g", "x": [4, 5], "height": 2}
    f.update(change)
    return f


@pytest.mark.parametrize(("bad", "problem"), [
    (feature(on="loft"), 'features[2].on: names no section: "loft"'),
    (feature(x=[11, 13]), "features[2].x: must lie on its section 'g', from 0 in to 12 in: [11 in, 13 in]"),
    (feature(x=[5, 4]), "features[2].x: right must be more than left: [5 in, 4 in]"),
    (feature(x=[9.5, 10.5]), "features[2].x: overlaps the feature 'rubble' on the same section"),
    (feature(height=0.5, opening="archway"), "features[2].opening: only an obstacle (1 in or taller) has a door "
                                             "or an archway; \"crate\" rises 0.5 in: under 1 in is low terrain, "
                                             "part of its floor (T1)"),
    (feature(opening="window"), 'features[2].opening: must be one of door-closed, door-open, archway: "window"'),
    (feature(height=0), "features[2].height: must be more than 0"),
    (feature(id="wall"), "features[2].id: repeats the feature id 'wall'"),
    (feature(colour="red"), 'features[2]: unknown key "colour"'),
])
def test_a_bad_feature_is_refused_at_its_place(bad, problem):
    """Issue 24 › Bad input: each new field is checked at its place."""
    doc = house()
    doc["features"].append(bad)
    assert problem in problems(doc)


def test_features_are_capped():
    """Issue 24: caps for features go in ``limits.py``."""
    doc = house(features=[feature(id=f"f{i}", x=[0, 0.01]) for i in range(MAX_FEATURES + 1)])
    assert f"features: has {MAX_FEATURES + 1} entries; at most {MAX_FEATURES} are allowed" in problems(doc)


def test_a_ladder_between_equal_heights_is_refused():
    """T4 / issue 24: "a ladder between two sections of equal height" is refused."""
    doc = house()
    doc["sections"][1]["elevation"] = 0
    doc["fighters"].pop()
    assert ("borders[0].kind: a ladder joins surfaces of different heights; both of its sections are at 0 in "
            "where it stands") in problems(doc)


@pytest.mark.parametrize(("up", "problem"), [
    (-1, "fighters[1].up: must be on the ladder, 0 in or more above its foot: -1"),
    (4, "fighters[1].up: must be on the ladder, from 0 in to 3 in above its foot"),
])
def test_a_place_on_a_ladder_is_checked(up, problem):
    """T4: a negative ``up``, or one above its ladder's top, is refused at its place."""
    doc = house()
    doc["fighters"][1]["up"] = up
    assert any(p.startswith(problem) for p in problems(doc))


def test_a_fighter_inside_an_obstacle_is_refused():
    """T1 / issue 24: "a fighter inside an obstacle" is refused; on its face, or in low terrain, it stands."""
    doc = house()
    doc["fighters"][0]["x"] = 0.25
    assert ("fighters[0].x: stands inside the obstacle \"wall\" (0 in to 0.5 in) at 0.25 in; a fighter stands on a "
            "side of it (T1)") in problems(doc)
    for x in (0.5, 9.5):
        doc["fighters"][0]["x"] = x
        assert scenario.load(doc).fighters[0].x == x


@pytest.mark.parametrize(("check", "problem"), [
    ({"dice": "2x6", "pass": "at_most", "target": 7}, "fighters[0].move_check.dice: \"2x6\" is not dice"),
    ({"dice": "0d6", "pass": "at_most", "target": 7},
     'fighters[0].move_check.dice: must roll at least one die: "0d6"'),
    ({"dice": "2d6", "pass": "under", "target": 7},
     'fighters[0].move_check.pass: must be at_most or at_least: "under"'),
    ({"dice": "2d6", "pass": "at_most", "target": 7.5}, "fighters[0].move_check.target: must be a whole number"),
    ("2d6", 'fighters[0].move_check: must be {"dice": "2d6", "pass": "at_most" or "at_least", "target": a whole '
            'number}: "2d6"'),
])
def test_a_move_check_that_is_not_dice_is_refused(check, problem):
    """T3, T4 / issue 24: "a ``move_check`` that is not dice" is refused at its place."""
    doc = house()
    doc["fighters"][0]["move_check"] = check
    assert any(p.startswith(problem) for p in problems(doc)), problems(doc)


def test_move_is_capped():
    """Issue 24: the cap for ``move`` goes in ``limits.py``."""
    doc = house()
    doc["fighters"][0]["move"] = MAX_MOVE_IN + 1
    assert any(p.startswith(f"fighters[0].move: must be 0 to {MAX_MOVE_IN}") for p in problems(doc))


def test_the_new_keys_are_version_2_only():
    """Issue 24: "The new keys are version 2 only"."""
    doc = house(vertigo=1)
    found = problems(doc)
    assert 'features: is not a scenario field in version 1 (write "vertigo": 2)' in found
    assert 'fighters[0].move: is not a field in version 1 (write "vertigo": 2)' in found


def test_features_need_a_rule_set_that_reads_them():
    """Issue 24: ``features`` belong to the rule sets that read them."""
    doc = house(rules=[])
    assert "features: no rule set of this scenario reads features; Terrain features ('terrain') does" in \
        problems(doc)


def test_fall_scale_is_three_inches_by_default():
    """T6: one Height per 3 in by default; a scenario may set its own."""
    assert scenario.load(house()).option("fall_scale") == 3
    s = scenario.load(house(options={"fall_scale": "1 in"}))
    assert s.option("fall_scale") == 1
    assert json.loads(scenario.dumps(s))["options"] == {"fall_scale": "1 in"}


def test_a_fighter_inside_a_wall_is_listed_with_the_other_problems():
    """Issue 24 ("Each new field is checked at its place"), scenario format ("every problem at once"): a fighter
    inside an obstacle is listed beside a bad feature elsewhere, not only once that is put right."""
    doc = house()
    doc["fighters"][0]["x"] = 0.25
    doc["features"].append(feature(on="loft"))
    found = problems(doc)
    assert 'features[2].on: names no section: "loft"' in found
    assert any(p.startswith("fighters[0].x: stands inside the obstacle") for p in found)
