"""Stairs and ladders: a border that states its own Height, which moves and falls use (H15).

Source: ``000_519d8b8e373365db.txt`` › Combat ("Height is a somewhat abstract method of denoting the vertical
distance between two sections at that crossing"); ruling H15 of ``RULINGS.md`` ("A border may state its own
Height (``"height": h`` on the border), at most the difference of its two sections' elevations ... Movement and
falls (H2, H3, H12) use the stated Height; range and sight (H5, H10, H11, H14) still use the elevations");
issue 23 (*Stairs and ladders*, *Bad input*).
"""

from __future__ import annotations

import copy
import json

import pytest

from vertigo import scenario
from vertigo.errors import ScenarioError
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.stairs import describe_crossing, move_rise
from vertigo.table import Table

from builders import SCENARIOS

STAIR = {
    "vertigo": 2, "title": "Stair to the gallery", "rules": ["height"],
    "sections": [{"id": "hall", "name": "Hall", "elevation": 0, "x": [0, 4]},
                 {"id": "gallery", "name": "Gallery", "elevation": 2, "x": [0, 2], "kind": "slab"},
                 {"id": "yard", "name": "Yard", "elevation": 0, "x": [-2, 0]}],
    "borders": [{"between": ["hall", "gallery"], "x": 2, "kind": "stair", "height": 1},
                ["gallery", "yard"]],
    "fighters": [
        {"id": "cat", "name": "Cat", "side": "A", "section": "hall", "x": 3,
         "moves": ["Move 1 (Height 1)", "Move 1"]},
        {"id": "owl", "name": "Owl", "side": "B", "section": "gallery",
         "moves": ["Move 1"], "actions": ["Sling, range 1", "Bow, range 2"]}],
}
"""A gallery 2 above the hall: a stair of stated Height 1 between them, and a plain drop of 2 to the yard."""


def table(doc: dict | None = None) -> Table:
    return Table.start(scenario.load(copy.deepcopy(doc or STAIR)))


def texts(verdict) -> list[str]:
    return [str(s) for s in verdict.steps]


# -- moves use the stated Height ----------------------------------------------

def test_up_a_stair_of_stated_height_1_a_move_of_height_1_climbs():
    """H15: "Movement and falls (H2, H3, H12) use the stated Height": the floors are 2 apart, but the stair states
    Height 1, so ``Move 1 (Height 1)`` climbs it (H2: "Upward across Height H needs h ≥ H")."""
    verdict = height_play.move_verdict(table(), "cat", 0, "gallery")
    assert (verdict.allowed, verdict.pool.count) == (True, 0)
    assert verdict.to_json()["crossings"] == [{"from": "hall", "to": "gallery", "rise": 1, "fall": 0, "dice": 0}]
    assert texts(verdict) == [
        "[H2] Move 1 (Height 1) moves up to 1 step with Height 1 (its own).",
        "[H2] Hall → Gallery: up Height 1 by the stair (stated; the elevations are 2 apart, H15) — climbs "
        "(Height 1 ≤ 1).",
        "[H8] No falling dice.",
        "[H3] Route chosen: fewest falling dice (0), then fewest steps (1).",
    ]


def test_up_a_stair_of_stated_height_1_a_move_of_height_0_cannot_climb():
    """H15 with H2: the stated Height 1 still needs a Move Height of at least 1; ``Move 1`` has 0."""
    verdict = height_play.move_verdict(table(), "cat", 1, "gallery")
    assert verdict.allowed is False
    assert texts(verdict) == [
        "[H2] Move 1 moves up to 1 step with Height 0 (none listed: 0).",
        "[H2] Hall → Gallery: up Height 1 by the stair (stated; the elevations are 2 apart, H15) needs a Move "
        "Height ≥ 1; Move 1 moves with Height 0.",
    ]


def test_down_a_stair_of_stated_height_1_falls_height_1_not_the_2_between_the_floors():
    """H15: falls use the stated Height: down the stair ``Move 1`` falls max(0, 1 − 0) = 1 (1d6, H2, H8); down the
    plain edge to the yard, which states none, the difference 2 (2d6, H1)."""
    t = table()
    stair = height_play.move_verdict(t, "owl", 0, "hall")
    assert stair.to_json()["crossings"] == [{"from": "gallery", "to": "hall", "rise": -1, "fall": 1, "dice": 1}]
    assert texts(stair) == [
        "[H2] Move 1 moves up to 1 step with Height 0 (none listed: 0).",
        "[H2] Gallery → Hall: down Height 1 by the stair (stated; the elevations are 2 apart, H15) — falls Height 1 "
        "(1d6).",
        "[H8] Falling dice: 1d6: 1–6, mean 3.5.",
        "[H3] Route chosen: fewest falling dice (1), then fewest steps (1).",
    ]
    edge = height_play.move_verdict(t, "owl", 0, "yard")
    assert edge.to_json()["crossings"] == [{"from": "gallery", "to": "yard", "rise": -2, "fall": 2, "dice": 2}]
    assert texts(edge)[1] == "[H2] Gallery → Yard: down Height 2 — falls Height 2 (2d6)."


def test_a_ladder_of_stated_height_1_is_the_gentler_way_off_the_tower():
    """H15 with H3 ("the legal path within N steps with the fewest falling dice"): on *Tower and wood* the brute's
    ``Move 2`` reaches the Rocks by the ladder (stated Height 1, though the tower top is 3 up) and the tower floor,
    1d6, rather than straight down the Height 3 edge, 3d6."""
    t = Table.start(scenario.loads((SCENARIOS / "tower-and-wood.json").read_text(encoding="utf-8")))
    assert height_play.reach(t, "brute", 0).to_json()["sections"] == {
        "tower-top": 0, "tower-floor": 1, "field": 1, "rocks": 1, "hall": 3}
    verdict = height_play.move_verdict(t, "brute", 0, "rocks")
    assert texts(verdict) == [
        "[H2] Move 2 moves up to 2 steps with Height 0 (none listed: 0).",
        "[H2] Tower top → Tower floor: down Height 1 by the ladder (stated; the elevations are 3 apart, H15) — "
        "falls Height 1 (1d6).",
        "[H2] Tower floor → Rocks: Height 0 (no Height).",
        "[H8] Falling dice: 1d6: 1–6, mean 3.5.",
        "[H3] Route chosen: fewest falling dice (1), then fewest steps (2).",
    ]


def test_a_border_that_states_no_kind_still_names_its_stated_height():
    """H15: "Without a stated Height the border's Height is the difference (H1)"; with one, the crossing names it
    and the elevations' difference; a border with no ``kind`` is named without "by the stair"."""
    doc = copy.deepcopy(STAIR)
    doc["borders"][0] = {"between": ["hall", "gallery"], "x": 2, "height": 0.5}
    f = table(doc).scenario.field
    assert (move_rise(f, "hall", "gallery"), move_rise(f, "gallery", "hall")) == (0.5, -0.5)
    assert move_rise(f, "gallery", "yard") == -2
    assert describe_crossing(f, "gallery", "hall") == (
        "Gallery → Hall: down Height 0.5 (stated; the elevations are 2 apart, H15)")
    assert describe_crossing(f, "gallery", "yard") == "Gallery → Yard: down Height 2"


# -- range and sight still use the elevations ---------------------------------

def test_a_shot_down_the_stair_needs_the_range_of_the_elevations_not_the_stated_height():
    """H15: "range and sight (H5, H10, H11, H14) still use the elevations": from the gallery to the cat in the
    hall (x 3, beyond the gallery's extent 0 to 2, so no floor hides it, H10) Δh = −2, whatever the stair states:
    the Sling (range 1) falls short, the Bow (range 2) reaches."""
    sling, bow = height_play.attack(table(), "owl", "cat")
    assert (sling.allowed, bow.allowed) == (False, True)
    assert texts(sling) == [
        "[H5] Hall is d = 1 step from Gallery along Gallery → Hall; Height changes across the borders: -2; "
        "net Δh = -2.",
        "[H5] Range needed = max(d, |Δh|) = max(1, 2) = 2; Sling has range 1 — too short.",
    ]


# -- a stated Height is at most the difference ------------------------------

@pytest.mark.parametrize("stated, problem", [
    (3, "borders[0].height: must be from 0 to the difference of its sections' elevations, Height 2: Height 3"),
    (2.5, "borders[0].height: must be from 0 to the difference of its sections' elevations, Height 2: Height 2.5"),
    (-1, "borders[0].height: must be 0 to 1000: -1"),
    (-0.5, "borders[0].height: must be 0 to 1000: -0.5"),
    ("1", 'borders[0].height: must be a number from 0 to 1000: "1"'),
])
def test_a_stated_height_below_0_or_above_the_difference_is_refused_at_its_place(stated, problem):
    """H15: "A border may state its own Height ..., at most the difference of its two sections' elevations";
    issue 23, *Bad input*: "a border ``height`` below 0 or above the difference" is "refused at its place" — the
    one problem, and the document it was read from is left as it was."""
    doc = copy.deepcopy(STAIR)
    doc["borders"][0]["height"] = stated
    before = copy.deepcopy(doc)
    with pytest.raises(ScenarioError) as caught:
        scenario.load(doc)
    assert caught.value.problems == (problem,)
    assert doc == before


def test_a_stated_height_above_the_difference_is_listed_with_the_documents_other_problems():
    """docs/rules.md, *Scenario format*: loading "lists every problem at once": a stated Height of 3 over a
    difference of 2 is listed beside a ``blocks_sight`` that is not true or false, in the order found."""
    doc = copy.deepcopy(STAIR)
    doc["borders"][0]["height"] = 3
    doc["sections"][2]["blocks_sight"] = "yes"
    with pytest.raises(ScenarioError) as caught:
        scenario.load(doc)
    assert caught.value.problems == (
        'sections[2].blocks_sight: must be true or false: "yes"',
        "borders[0].height: must be from 0 to the difference of its sections' elevations, Height 2: Height 3")


@pytest.mark.parametrize("stated", [0, 2])
def test_a_stated_height_of_0_or_of_the_whole_difference_loads(stated):
    """H15: "at most the difference" — the difference itself is allowed, and so is 0 (*Ruined street*'s bakery
    stair): both ends of the range load, and the move uses them."""
    doc = copy.deepcopy(STAIR)
    doc["borders"][0]["height"] = stated
    verdict = height_play.move_verdict(table(doc), "owl", 0, "hall")
    assert verdict.to_json()["crossings"][0]["fall"] == stated


def test_a_stated_height_on_a_level_border_must_be_0():
    """H15: "at most the difference": two sections at one elevation have difference 0, so a stated Height 1 there
    is refused."""
    doc = copy.deepcopy(STAIR)
    doc["sections"][2]["elevation"] = 2
    doc["borders"][1] = {"between": ["gallery", "yard"], "height": 1}
    with pytest.raises(ScenarioError) as caught:
        scenario.load(doc)
    assert caught.value.problems == (
        "borders[1].height: must be from 0 to the difference of its sections' elevations, Height 0: Height 1",)


def test_a_version_1_document_cannot_state_a_height():
    """H15 is a field of format version 2: a version-1 document that writes a border ``height`` is told so."""
    doc = json.loads(json.dumps(STAIR))
    doc["vertigo"] = 1
    del doc["rules"]
    doc["borders"][0] = {"between": ["hall", "gallery"], "height": 1}
    for f in doc["fighters"]:
        f.pop("x", None)
    with pytest.raises(ScenarioError) as caught:
        scenario.load(doc)
    assert caught.value.problems == ('borders[0].height: is not a field in version 1 (write "vertigo": 2)',)
