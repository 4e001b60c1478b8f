"""The ``levels`` question of ``python -m vertigo ask`` (issue 6; G1–G7, H7), on the bundled feet battlefields."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ask import QUESTION_FILES, ask_file, needs_docs, needs_processes, run, write_question

from vertigo.ask import answer
from vertigo.errors import QuestionError

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "static" / "scenarios"

HEAD = ["eyes", "skull", "face"]
EVERY = ["eyes", "skull", "face", "neck", "torso", "vitals", "groin", "arm", "hand", "leg", "foot"]


def allowed(direction: dict) -> list[str]:
    return [name for name, row in direction["locations"].items() if row["allowed"]]


# The staircase: the warden on the hall floor (0 ft) against climbers 1, 3, 4, 6, 9 and 10 steps of 8 in up.
STAIRCASE = [
    # climber, difference_ft, band, possible, warden's defense (lower), climber's defense (upper),
    # what the warden (lower) may strike, what the climber (upper) may strike
    ("step-1", 0.67, "1 ft or less", True, 0, 0, EVERY, EVERY),
    ("step-3", 2, "up to 2 ft", True, 0, 0, EVERY, EVERY),
    ("step-4", 2.67, "up to 3 ft", True, -1, 1, EVERY, EVERY),
    ("step-6", 4, "up to 4 ft", True, -2, 2, EVERY, EVERY[:9]),
    ("step-9", 6, "up to 6 ft", True, -3, 3, ["leg", "foot"], HEAD),
    ("step-10", 6.67, "over 6 ft", False, 0, 0, [], []),
]


@needs_processes
@needs_docs
@pytest.mark.parametrize(("climber", "d", "band", "possible", "low_def", "up_def", "low_hits", "up_hits"), STAIRCASE)
def test_the_staircase_six_pairs(climber, d, band, possible, low_def, up_def, low_hits, up_hits):
    """G1, G2: one step (8 in) is ignored; three (2 ft) locations only; four (2.67 ft) ±1; six (4 ft) ±2 and
    no feet or legs from above; nine (exactly 6 ft) head only from above, feet and legs only from below;
    ten (6.67 ft) impossible."""
    data = ask_file(QUESTION_FILES / f"staircase-{climber}.json")
    assert (data["ask"], data["difference_ft"], data["band"], data["possible"]) == ("levels", d, band, possible)
    assert data["upper"] == (None if climber == "step-1" else climber)
    warden, up = data["directions"]
    assert (warden["attacker"], up["attacker"]) == ("warden", climber)
    # defense_modifier is the defender's: the warden's strike meets the climber's defense, and back.
    assert (warden["defense_modifier"], up["defense_modifier"]) == (up_def, low_def)
    assert (allowed(warden), allowed(up)) == (low_hits, up_hits)


@needs_processes
@needs_docs
def test_locations_only_at_2_ft_add_the_level_modifier_to_the_normal_penalty():
    """G2 and G6 at 3 steps (2 ft): the lower fighter +2 to feet and legs, −2 to the head; the upper −2 to feet
    and legs, +1 to head and neck; each on top of the normal penalty."""
    warden, climber = ask_file(QUESTION_FILES / "staircase-step-3.json")["directions"]
    nets = {name: (row["base"], row["level"], row["net"]) for name, row in warden["locations"].items()}
    assert nets["eyes"] == (-9, -2, -11) and nets["leg"] == (-2, 2, 0) and nets["neck"] == (-5, 0, -5)
    nets = {name: (row["base"], row["level"], row["net"]) for name, row in climber["locations"].items()}
    assert nets["neck"] == (-5, 1, -4) and nets["foot"] == (-4, -2, -6) and nets["torso"] == (0, 0, 0)


@needs_processes
@needs_docs
def test_the_ogre_lying_sentry_is_5_ft_away():
    """G3: over 6 ft combat is impossible unless the upper fighter lies down at the edge: 8 − 3 = 5 ft, the
    lower fighter may strike only the head and arm; G4: the SM +1 ogre's knife (reach C) reaches 1."""
    data = ask_file(QUESTION_FILES / "ogre-strange-position.json")
    assert (data["difference_ft"], data["effective_ft"], data["band"], data["possible"], data["upper"]) == (
        8, 5, "up to 5 ft", True, "sentry")
    ogre, sentry = data["directions"]
    assert allowed(ogre) == ["eyes", "skull", "face", "arm"]
    assert [ogre["locations"][n]["net"] for n in allowed(ogre)] == [-11, -9, -7, -2]
    assert (ogre["defense_modifier"], sentry["defense_modifier"]) == (3, -3)
    assert [(w["name"], w["reach_with_bonus"], w["reaches"]) for w in ogre["weapons"]] == [
        ("Club", "1", True), ("Knife", "1", True)]
    assert any("whatever the fighters' size" in line for line in data["explanation"])


def test_without_the_strange_position_the_ogre_cannot_fight():
    """G3: "Over six feet of vertical difference: Combat is impossible unless the fighters adopt some strange
    position" — 8 ft."""
    data = answer({"scenario": "ogre-at-the-wall.json", "ask": "levels", "fighter": "ogre", "target": "sentry"},
                  SCENARIOS)
    assert (data["difference_ft"], data["possible"], data["band"]) == (8, False, "over 6 ft")
    assert [d["allowed"] for d in data["directions"]] == [False, False]


def test_g3_ask_answers_the_strange_position_at_4_ft_and_says_the_text_places_it_over_6_ft():
    """Ruling G3: "`ask` answers it at any difference over 1 ft and says that the text places it over 6 ft"
    (issue 22, "G3 in the page"): the staircase's warden against the climber 6 steps up (4 ft), lying down:
    4 − 3 = 1 ft; over 6 ft (the ogre, 8 ft) the sentence is not added."""
    data = answer({"scenario": "staircase.json", "ask": "levels", "fighter": "warden", "target": "step-6",
                   "strange_position": True}, SCENARIOS)
    assert (data["difference_ft"], data["effective_ft"], data["strange_position"]) == (4, 1, True)
    assert data["explanation"][2] == (
        "[G3] Strange position: Dogwood (6 steps) lies down at the edge and reaches over, 3 ft closer: 4 ft − 3 ft = "
        "1 ft; Warden may strike only Dogwood (6 steps)'s head and arm. Posture penalties for lying down are the GM's. "
        "The text places the strange position over 6 ft of difference; asked at 4 ft, it is answered all the same.")
    ogre = answer({"scenario": "ogre-at-the-wall.json", "ask": "levels", "fighter": "ogre", "target": "sentry",
                   "strange_position": True}, SCENARIOS)
    assert not any("places the strange position" in line for line in ogre["explanation"])


def test_the_dm_may_let_one_direction_happen():
    """H7 on a levels verdict: the DM's override turns one direction around; the answer keeps both."""
    data = answer({"scenario": "ogre-at-the-wall.json", "ask": "levels", "fighter": "ogre", "target": "sentry",
                   "override": {"attacker": "ogre", "allowed": True, "note": "the ogre jumps"}}, SCENARIOS)
    ogre, sentry = data["directions"]
    assert (ogre["allowed"], ogre["final"], ogre["override"]) == (False, True, {"allowed": True,
                                                                               "note": "the ogre jumps"})
    assert (sentry["allowed"], sentry["final"], sentry["override"]) == (False, False, None)


def test_positions_may_place_a_fighter_on_its_section():
    """Issue 6: "a fighter stands at a position on its section"; a question may place it — the guard moved
    onto the table stands level with the brawler (G1: 0 ft)."""
    data = answer({"scenario": "table-top-brawl.json", "ask": "levels", "fighter": "brawler", "target": "guard",
                   "positions": {"guard": {"section": "table", "x": "5 ft"}}}, SCENARIOS)
    assert (data["difference_ft"], data["upper"], data["directions"][0]["distance_yd"]) == (0, None, 0)


@pytest.mark.parametrize(("question", "message"), [
    ({"scenario": "cliff.json", "ask": "levels", "fighter": "goat", "target": "kestrel"},
     "scenario.rules: the question 'levels' is answered by Combat at Different Levels ('levels'), which this "
     "scenario does not name (its rules: 'height')"),
    ({"scenario": "staircase.json", "ask": "move", "fighter": "warden", "entry": 0, "to": "stair"},
     "scenario.rules: the question 'move' is answered by the Height rules ('height'), which this scenario does "
     "not name (its rules: 'levels')"),
    ({"scenario": "staircase.json", "ask": "levels", "fighter": "warden", "target": "warden"},
     'question.target: "warden" is the fighter itself; a target is another fighter'),
    ({"scenario": "staircase.json", "ask": "levels", "fighter": "warden", "target": "step-1",
      "strange_position": "yes"}, 'question.strange_position: must be true or false: "yes"'),
    ({"scenario": "staircase.json", "ask": "levels", "fighter": "warden", "target": "step-1",
      "override": {"attacker": "zed", "allowed": True}},
     'question.override.attacker: must be the fighter or the target: "zed"'),
    ({"scenario": "staircase.json", "ask": "levels", "fighter": "warden", "target": "step-1",
      "positions": {"warden": {"section": "hall", "x": "40 ft"}}},
     "question.positions.warden.x: must stand on its section, from 0 ft to 4 ft: 40 ft"),
])
def test_bad_levels_questions_name_their_place(question, message):
    """Issue 6: "exit 2 with one line error: <message naming the place>" — here through ``answer``."""
    with pytest.raises(QuestionError) as info:
        answer(question, SCENARIOS)
    assert str(info.value) == message


@needs_processes
def test_a_bad_levels_question_exits_2_with_one_line(tmp_path):
    """Issue 6: exit 2 and one ``error:`` line on stderr, nothing on stdout."""
    path = write_question(tmp_path, {"scenario": str(SCENARIOS / "staircase.json"), "ask": "levels",
                                     "fighter": "warden", "target": "nobody"})
    code, out, err = run("ask", str(path))
    assert (code, out) == (2, "")
    assert err.startswith('error: question.target: no fighter "nobody"; the fighters are warden, step-1')
    assert err.count("\n") == 1


def test_a_rules_error_inside_a_question_is_a_bad_question():
    """Issue 6: "exit 2 with one line error: <message>" for every bad question — a refusal the rules raise while
    answering (here a cap) becomes the question's error, never a traceback."""
    from vertigo.ask import QUESTIONS, Question
    from vertigo.errors import LimitError

    def capped(table, question):
        raise LimitError("a fall must be 0 to 2000 Height: 3000")

    registry = {**QUESTIONS, "capped": Question("capped", (), capped, needs_scenario=False)}
    with pytest.raises(QuestionError) as info:
        answer({"ask": "capped"}, SCENARIOS, questions=registry)
    assert str(info.value) == "question: a fall must be 0 to 2000 Height: 3000"
