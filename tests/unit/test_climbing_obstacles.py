"""Climbing obstacles: a border any fighter may climb by playing an action against it, and the fall when the
obstacle's Reaction takes effect (H9).

Source: ``000_519d8b8e373365db.txt`` › Exploration ("Climbing obstacle"); ruling H9 of ``RULINGS.md`` ("A Climbing
obstacle has a Height; when its Reaction takes effect the actor falls that Height (less the Move's Height when
moving down). Going down, the actor may instead simply Move as if the obstacle were not there and takes the
falling damage of its Height (less the Move's Height)."), H8; issue 23 (*Climbing obstacles*: "Any fighter may
try to climb it upward by playing an action against it, whatever its Move's Height ... If not, the fighter
crosses. If it did, the fighter stays where it started and falls Height c."; ``ask climb_fails``; *Bad input*).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.ask import answer
from vertigo.dice import DicePool, rng_for, roll
from vertigo.errors import QuestionError, RulesError, ScenarioError
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.climbing import climbing_borders, judge_climb
from vertigo.rules.height.rules.fields import CLIMBING
from vertigo.table import Table

from builders import SCENARIOS

WALL = {
    "vertigo": 2, "title": "The wall", "rules": ["height"], "dice_seed": 9,
    "sections": [{"id": "ditch", "name": "Ditch", "elevation": 0, "x": [0, 2]},
                 {"id": "rampart", "name": "Rampart", "elevation": 3, "x": [2, 4]},
                 {"id": "walk", "name": "Wall walk", "elevation": 3, "x": [4, 6]}],
    "borders": [{"between": ["ditch", "rampart"], "id": "wall", "climbing": 3}, ["rampart", "walk"]],
    "fighters": [
        {"id": "guard", "name": "Guard", "side": "A", "section": "rampart",
         "moves": ["Move 1 (Height 1)", "Move 2", "Move 1 (Height 4)"]},
        {"id": "raider", "name": "Raider", "side": "B", "section": "ditch", "moves": ["Move 1 (Height 5)"]}],
}
"""A ditch (0) under a rampart (3), the border between them a Climbing obstacle of Height 3."""

TOWER = json.loads((SCENARIOS / "tower-and-wood.json").read_text(encoding="utf-8"))

QUESTIONS = Path(__file__).resolve().parents[2] / "docs" / "questions"
"""The example question files of ``docs/api.md`` (not staged inside Pyodide)."""


def texts(verdict) -> list[str]:
    return [str(s) for s in verdict.steps]


def walled() -> Table:
    return Table.start(scenario.load(copy.deepcopy(WALL)))


def wall(t: Table):
    return t.scenario.field.borders[0]


# -- up ----------------------------------------------------------------------------------

def test_climbing_up_when_the_reaction_takes_effect_the_fighter_stays_and_falls_c():
    """H9: "when its Reaction takes effect the actor falls that Height"; issue 23: "If it did, the fighter stays
    where it started and falls Height c" — whatever its Move's Height: the raider's Move Height 5 takes nothing
    off the fall going up. Carried out, it stays in the ditch and rolls 3d6 (H8, the table's seed)."""
    t = walled()
    verdict = height_play.climb(t, "raider", wall(t), took_effect=True, entry_index=0)
    assert (verdict.downward, verdict.dest, verdict.fall_dice, verdict.move_height) == (False, "ditch", 3, 0)
    assert verdict.summary == "The obstacle's Reaction takes effect: falls, 3d6: 3–18, mean 10.5."
    assert texts(verdict) == [
        "[H9] Ditch → Rampart: a Climbing obstacle of Height 3, climbed up, whatever the Move's Height.",
        "[H9] The obstacle's Reaction took effect: the climb fails, and the fighter falls back where it started.",
        "[H9] Climbing obstacle of Height 3: falls Height 3.",
        "[H8] Falling Height 3 deals 1d6 per whole Height fallen: 3d6: 3–18, mean 10.5.",
    ]
    after, outcome = t.apply("raider", verdict.resolve, "Raider: climbing up")
    assert (outcome.moved, after.position("raider")) == (False, "ditch")
    assert outcome.roll == roll(DicePool(3), rng_for(9, 0))


def test_climbing_up_when_the_reaction_does_not_take_effect_the_fighter_crosses():
    """Issue 23: "The referee enters whether the obstacle's Reaction took effect. If not, the fighter crosses" —
    onto the rampart, no fall, though the raider's Move could not have fallen short anyway."""
    t = walled()
    verdict = height_play.climb(t, "raider", wall(t), took_effect=False)
    assert (verdict.dest, verdict.fall_dice, verdict.summary) == ("rampart", 0, "Climbs up past the obstacle.")
    assert texts(verdict) == [
        "[H9] Ditch → Rampart: a Climbing obstacle of Height 3, climbed up, whatever the Move's Height.",
        "[H9] The obstacle's Reaction did not take effect: the fighter climbs up, no fall.",
    ]
    after, outcome = t.apply("raider", verdict.resolve, "Raider: climbing up")
    assert (outcome.moved, outcome.roll, after.position("raider")) == (True, None, "rampart")


# -- down ---------------------------------------------------------------------------------

def test_climbing_down_when_the_reaction_takes_effect_falls_c_less_the_moves_height_to_the_foot():
    """H9: "the actor falls that Height (less the Move's Height when moving down)": the guard climbing down with
    ``Move 1 (Height 1)`` falls 3 − 1 = 2 (2d6) and ends at the foot (``climbing.py``: "a Reaction that takes
    effect drops it to the foot")."""
    t = walled()
    verdict = height_play.climb(t, "guard", wall(t), took_effect=True, entry_index=0)
    assert (verdict.downward, verdict.dest, verdict.fall_dice, verdict.move_height) == (True, "ditch", 2, 1)
    assert verdict.summary == "The obstacle's Reaction takes effect: falls, 2d6: 2–12, mean 7."
    assert texts(verdict) == [
        "[H9] Rampart → Ditch: a Climbing obstacle of Height 3, climbed down with a Move of Height 1.",
        "[H9] The obstacle's Reaction took effect: the climb fails, and the fighter falls to the foot.",
        "[H9] Climbing obstacle of Height 3 traversed downward with Height 1: falls Height 2.",
        "[H8] Falling Height 2 deals 1d6 per whole Height fallen: 2d6: 2–12, mean 7.",
    ]
    after, outcome = t.apply("guard", verdict.resolve, "Guard: climbing down")
    assert (outcome.moved, after.position("guard")) == (True, "ditch")
    assert outcome.roll == roll(DicePool(2), rng_for(9, 0))


def test_climbing_down_when_the_reaction_does_not_take_effect_the_fighter_climbs_down_unhurt():
    """H9: a climb whose Reaction does not take effect crosses, going down as going up: no fall."""
    t = walled()
    verdict = height_play.climb(t, "guard", wall(t), took_effect=False, entry_index=1)
    assert (verdict.dest, verdict.fall_dice) == ("ditch", 0)
    assert texts(verdict)[1] == "[H9] The obstacle's Reaction did not take effect: the fighter climbs down, no fall."


@pytest.mark.parametrize("entry, h, dice", [(0, 1, 2), (1, 0, 3)])
def test_moving_down_across_the_obstacle_falls_c_less_the_moves_height(entry, h, dice):
    """H9: "Going down, the actor may instead simply Move as if the obstacle were not there and takes the falling
    damage of its Height (less the Move's Height)": c = 3, with ``Move 1 (Height 1)`` 2d6, with ``Move 2`` 3d6."""
    t = walled()
    verdict = height_play.climb(t, "guard", wall(t), how="move", entry_index=entry)
    assert (verdict.manner, verdict.took_effect, verdict.dest, verdict.fall_dice) == ("move", None, "ditch", dice)
    assert texts(verdict)[:3] == [
        f"[H9] Rampart → Ditch: a Climbing obstacle of Height 3, climbed down with a Move of Height {h}.",
        "[H9] Moves across as if the obstacle were not there, and takes its fall less the Move's Height.",
        f"[H9] Climbing obstacle of Height 3 traversed downward with Height {h}: falls Height {3 - h}.",
    ]
    assert verdict.how == "moving down across the climbing obstacle"


def test_going_down_a_move_height_above_c_falls_nothing():
    """H9: "less the Move's Height", never below 0 (max(0, c − h)): ``Move 1 (Height 4)`` past c = 3."""
    t = walled()
    moved = height_play.climb(t, "guard", wall(t), how="move", entry_index=2)
    assert (moved.fall_dice, moved.summary) == (0, "Moves down across the obstacle, no fall.")
    failed = height_play.climb(t, "guard", wall(t), took_effect=True, entry_index=2)
    assert (failed.fall_dice, failed.summary) == (0, "The obstacle's Reaction takes effect, no fall.")


# -- what a climb needs ------------------------------------------------------------------------

def test_only_going_down_may_a_fighter_move_across_as_if_the_obstacle_were_not_there():
    """H9: "Going down, the actor may instead simply Move" — going up, the obstacle must be climbed."""
    t = walled()
    with pytest.raises(RulesError) as caught:
        height_play.climb(t, "raider", wall(t), how="move", entry_index=0)
    assert str(caught.value) == "only going down may a fighter Move across a Climbing obstacle as if it were not there"


def test_a_climb_needs_the_referees_entry_and_a_fighter_beside_the_border():
    """Issue 23: "The referee enters whether the obstacle's Reaction took effect"; the climber stands on one of
    the border's two sections."""
    t = walled()
    with pytest.raises(RulesError) as caught:
        height_play.climb(t, "raider", wall(t))
    assert str(caught.value) == "a climb needs the referee's entry: did the obstacle's Reaction take effect?"
    t = Table.start(scenario.load(copy.deepcopy(TOWER)))
    at = next(b for b in t.scenario.field.borders if b.id == "wall")
    with pytest.raises(RulesError) as caught:
        height_play.climb(t, "hunter", at, took_effect=True)
    assert str(caught.value) == '"hunter" stands on "hill-w", not beside the border ditch – rampart'


def test_a_border_with_no_obstacle_cannot_be_climbed():
    """H9 applies to "a Climbing obstacle"; a border without ``climbing`` is refused by the core."""
    t = walled()
    plain = t.scenario.field.borders[1]
    assert plain[CLIMBING] is None
    assert climbing_borders(t.scenario.field, "rampart") == (wall(t),)
    with pytest.raises(RulesError) as caught:
        judge_climb(t.scenario.field, "rampart", plain, took_effect=True)
    assert str(caught.value) == 'the border rampart – walk has no Climbing obstacle ("climbing")'


# -- ask climb_fails -------------------------------------------------------------------------

def ask(**fields: object) -> dict:
    return answer({"scenario": "tower-and-wood.json", "ask": "climb_fails", **fields}, SCENARIOS)


def test_ask_climb_fails_up_the_wall():
    """Issue 23: "``climb_fails``: ``fighter``, ``entry``, ``border``, ``downward`` (true or false), ``positions`` →
    ``fall``, ``fall_dice``, ``summary``, ``rules``, ``explanation``": the climber at the foot of *Tower and
    wood*'s wall (c = 2) falls 2d6 and stays in the ditch."""
    assert ask(fighter="climber", border="wall", downward=False) == {
        "ask": "climb_fails", "fall": 2, "fall_dice": 2, "start": "ditch", "dest": "ditch", "downward": False,
        "summary": "The obstacle's Reaction takes effect: falls, 2d6: 2–12, mean 7.", "rules": ["H8", "H9"],
        "explanation": [
            "[H9] Ditch → Rampart: a Climbing obstacle of Height 2, climbed up, whatever the Move's Height.",
            "[H9] The obstacle's Reaction took effect: the climb fails, and the fighter falls back where it started.",
            "[H9] Climbing obstacle of Height 2: falls Height 2.",
            "[H8] Falling Height 2 deals 1d6 per whole Height fallen: 2d6: 2–12, mean 7."]}


def test_ask_climb_fails_down_the_wall_names_the_border_by_its_two_sections():
    """docs/api.md › ``climb_fails``: ``border`` is the border's id or its two section ids in either order;
    going down, ``entry`` gives the Move's Height (the sentry's ``Move 1``: 0), so it falls the whole c."""
    data = ask(fighter="sentry", border=["ditch", "rampart"], downward=True, entry=0)
    assert (data["fall"], data["fall_dice"], data["start"], data["dest"], data["downward"]) == (
        2, 2, "rampart", "ditch", True)
    assert data["explanation"][:3] == [
        "[H9] Rampart → Ditch: a Climbing obstacle of Height 2, climbed down with a Move of Height 0.",
        "[H9] The obstacle's Reaction took effect: the climb fails, and the fighter falls to the foot.",
        "[H9] Climbing obstacle of Height 2 traversed downward with Height 0: falls Height 2.",
    ]


@pytest.mark.parametrize("fields, message", [
    ({"fighter": "climber", "border": "ladder", "downward": False},
     'question.border: the border tower-floor – tower-top has no Climbing obstacle ("climbing")'),
    ({"fighter": "climber", "border": ["hill-e", "ditch"], "downward": False},
     'question.border: the border hill-e – ditch has no Climbing obstacle ("climbing")'),
    ({"fighter": "climber", "border": "gate", "downward": False},
     'question.border: must name a border, by its id or as ["a", "b"]: "gate"; the borders with an id are ladder, '
     "stair, wall"),
    ({"fighter": "climber", "border": ["ditch", "loft"], "downward": False},
     'question.border: must name a border, by its id or as ["a", "b"]: ["ditch", "loft"]; the borders with an id '
     "are ladder, stair, wall"),
    ({"fighter": "climber", "border": "wall", "downward": "no"}, 'question.downward: must be true or false: "no"'),
    ({"fighter": "climber", "border": "wall", "downward": True, "entry": 0},
     "question.downward: \"climber\" stands on the lower side of the border; climbing down starts on the higher side "
     "(give positions)"),
    ({"fighter": "sentry", "border": "wall", "downward": True},
     'question.entry: missing; give the index of a Move entry; fighter "sentry" has 1 Move entry (0 to 0)'),
    ({"fighter": "hunter", "border": "wall", "downward": False},
     "question.border: \"hunter\" stands on \"hill-w\", not beside the border ditch – rampart (give positions)"),
])
def test_ask_climb_fails_refuses_a_border_with_no_obstacle_and_other_bad_fields(fields, message):
    """Issue 23, *Bad input*: "``climb_fails`` naming a border with no ``climbing``" is refused at its place, as
    are a border that is not there, a ``downward`` that is not true or false or not the fighter's side, and a
    climb down with no Move entry; the scenario document is left as it was, and a good question after answers as
    before."""
    document = copy.deepcopy(TOWER)
    good = {"scenario": document, "ask": "climb_fails", "fighter": "climber", "border": "wall", "downward": False}
    first = answer(good)
    with pytest.raises(QuestionError) as caught:
        answer({"scenario": document, "ask": "climb_fails", **fields})
    assert str(caught.value) == message
    assert document == TOWER
    assert answer(good) == first


# -- bad input in the scenario ------------------------------------------------------------

WALL_INDEX = next(i for i, b in enumerate(TOWER["borders"]) if isinstance(b, dict) and b.get("id") == "wall")


@pytest.mark.parametrize("value, problem", [
    (-1, "must be 0 to 1000: -1"),
    (-0.25, "must be 0 to 1000: -0.25"),
    (1000.5, "must be 0 to 1000: 1000.5"),
    (1001, "must be 0 to 1000: 1001"),
    ("2", 'must be a number from 0 to 1000: "2"'),
])
def test_a_climbing_height_below_0_or_above_the_elevation_cap_is_refused_at_its_place(value, problem):
    """Issue 23, *Bad input*: "a ``climbing`` below 0 or above the elevation cap" (``limits.MAX_ELEVATION``, 1000)
    is refused at its place — the one problem, and the document is left as it was."""
    doc = copy.deepcopy(TOWER)
    doc["borders"][WALL_INDEX]["climbing"] = value
    before = copy.deepcopy(doc)
    with pytest.raises(ScenarioError) as caught:
        scenario.load(doc)
    assert caught.value.problems == (f"borders[{WALL_INDEX}].climbing: {problem}",)
    assert doc == before


@pytest.mark.parametrize("value", [0, 1000, 1.5])
def test_a_climbing_height_from_0_to_the_cap_loads_and_is_fallen_whole(value):
    """H9: "A Climbing obstacle has a Height" — 0 to 1000 (``docs/rules.md`` › H9), decimals allowed, and it is
    not bounded by the border's difference: the climb up that fails falls exactly c (H8: whole Heights rolled)."""
    doc = copy.deepcopy(TOWER)
    doc["borders"][WALL_INDEX]["climbing"] = value
    t = Table.start(scenario.load(doc))
    at = next(b for b in t.scenario.field.borders if b.id == "wall")
    verdict = height_play.climb(t, "climber", at, took_effect=True)
    assert verdict.fall is not None and verdict.fall.height == value
    assert verdict.fall_dice == int(value)


@pytest.mark.skipif(not QUESTIONS.is_dir(), reason="docs/questions/ is not staged here")
def test_the_question_file_has_the_climber_fall_from_the_wall():
    """docs/api.md › ``climb_fails``: ``docs/questions/climb-fails-at-the-wall.json`` — the climber's Reaction takes
    effect on the wall (c = 2) going up: it stays in the ditch and falls 2d6 (H9, H8)."""
    path = QUESTIONS / "climb-fails-at-the-wall.json"
    data = answer(json.loads(path.read_text(encoding="utf-8")), path.parent)
    assert data == ask(fighter="climber", border="wall", downward=False)
    assert (data["fall"], data["fall_dice"], data["start"], data["dest"]) == (2, 2, "ditch", "ditch")
