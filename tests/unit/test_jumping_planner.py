"""A jump planned on a battlefield and carried out on the table: the run-up (J2), up, across and down (J10), what
stands in the way, where a failed jump comes down and the fall it takes (J7, J12, H8), J8's landing check, and
the table's action — the d8, the falling dice, Knocked Down — with its Undo, Stands up, the saved table and the
export.

Every battlefield is built here, small, in feet; the fighter is the seed's Medium human, Move 12 (running base
20 ft, minimum 10 ft, maximum 30 ft, Jump Modifier 2 ft; run-up 30 ft; high jump base 4 ft; standing high base 3
ft, modifier 0.3 ft).

Source: ``003_d3aa233771e16bb9.txt`` › Jumping, › Jumping Distance ("For a Running Jump…"), › Scatter ("If a
character would not land on a tile within 10 feet of their origin, see Falling"), › Landing in Terrain Features;
rulings J2, J6–J8, J10–J12, H8, H13; issue 25 (open rulings; Knocked Down is per-fighter state, undone with the
jump, cleared by the referee's "Stands up").
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from typing import Any

import pytest

from vertigo import scenario
from vertigo.dice import DicePool, rng_for, roll
from vertigo.errors import RuleSetError, ScenarioError, UndoError
from vertigo.rules.jumping.rules import play
from vertigo.rules.jumping.rules.distances import JumpError
from vertigo.rules.jumping.rules.fields import KNOCKED_DOWN
from vertigo.rules.jumping.rules.surd import Surd
from vertigo.stand import Stand
from vertigo.storage import TableEncoder, restore
from vertigo.table import Table

HUMAN = {"size": "Medium", "move_tiles": 12}


def section(sid: str, elevation: Any, x0: Any, x1: Any, **more: Any) -> dict[str, Any]:
    """A section named after its id (``"roof-2"`` → ``"Roof-2"``)."""
    return {"id": sid, "name": sid.capitalize(), "elevation": elevation, "x": [x0, x1], **more}


def table(sections: list[dict[str, Any]], x: Any = 4, *, on: str | None = None, seed: int = 7,
          options: dict[str, Any] | None = None, **fighter: Any) -> Table:
    """A feet battlefield refereed by ``["levels", "jumping"]`` with one fighter, the runner (the seed's Medium
    human unless ``fighter`` says otherwise), standing at ``x`` on ``on`` (the first section by default)."""
    runner = {"id": "runner", "name": "Runner", "side": "A", "section": on or sections[0]["id"], "x": x, **HUMAN,
              **fighter}
    doc: dict[str, Any] = {"vertigo": 2, "title": "Jumps", "units": "feet", "rules": ["levels", "jumping"],
                           "dice_seed": seed, "sections": sections, "fighters": [runner]}
    if options is not None:
        doc["options"] = options
    return Table.start(scenario.load(doc))


ROOFS = [section("roof", 30, 0, 40), section("street", 0, 40, 60), section("roof-2", 30, 60, 100)]
"""Two roofs 30 ft up with a 20-ft street between them."""


# -- J2: the run-up ------------------------------------------------------------------------------------------


def test_j2_with_the_run_up_behind_the_edge_a_running_jump_takes_off_at_the_edge():
    """J2: "A running jump needs at least ½ Move × 5 ft of surface behind the takeoff edge, in the jump's
    direction, with the fighter standing on that stretch ... Its takeoff is the edge": 40 ft of roof behind its
    edge at 40 ft, the runner at 4 ft — a running jump from 40 ft to 63 ft is 23 ft, −2 (J4)."""
    p = play.plan(table(ROOFS), "runner", "roof-2", F(63))
    assert (p.kind, p.takeoff.x, p.takeoff.room, p.verdict.distance, p.penalty) == ("running", 40, 40, 23, -2)
    assert (p.allowed, p.needs_roll) == (True, True)
    assert str(p.steps[0]) == ("[J2] 40 ft of level surface lies behind the edge of Roof at 40 ft, at least the 30 "
                               "ft of run-up: a running jump.")


@pytest.mark.parametrize(("left", "running"), [(10, True), ("10.01", False)])
def test_j2_exactly_the_run_up_is_enough_and_a_hair_less_is_not(left, running):
    """J2 and the open ruling on part tiles: "Lengths are exact feet": a roof from 10 ft to its edge at 40 ft is
    exactly the 30 ft of run-up — running, from the edge (23 ft to 63 ft); from 10.01 ft it is 29.99 ft — a
    standing jump from the runner's own x, 20 ft: 63 − 20 = 43 ft, past the standing long maximum of 11.25 ft."""
    sections = [section("roof", 30, left, 40), *ROOFS[1:]]
    p = play.plan(table(sections, x=20), "runner", "roof-2", F(63))
    assert (p.takeoff.running, p.takeoff.room) == (running, 40 - F(str(left)))
    if running:
        assert (p.kind, p.takeoff.x, p.verdict.distance, p.allowed) == ("running", 40, 23, True)
    else:
        assert (p.kind, p.takeoff.x, p.verdict.distance, p.allowed) == ("standing_long", 20, 43, False)
        assert p.summary == "Runner: standing long jump of 43 ft: impossible, past its maximum."


def test_j2_the_referee_says_it_ran():
    """J2: "or the referee's word that the fighter has already run (last round, without stopping)": on 10 ft of
    roof, with ``ran`` the jump is running, from the edge."""
    sections = [section("roof", 30, 30, 40), *ROOFS[1:]]
    standing = play.plan(table(sections, x=35), "runner", "roof-2", F(63))
    assert (standing.kind, standing.takeoff.x, standing.verdict.distance) == ("standing_long", 35, 28)
    ran = play.plan(table(sections, x=35), "runner", "roof-2", F(63), ran=True)
    assert (ran.kind, ran.takeoff.x, ran.verdict.distance, ran.penalty) == ("running", 40, 23, -2)
    assert str(ran.steps[0]) == ("[J2] The referee says it ran last round without stopping: a running jump from the "
                                 "edge of Roof at 40 ft.")


def test_j2_a_stretch_is_level_sections_end_to_end():
    """J2: the run-up is "surface behind the takeoff edge ... with the fighter standing on that stretch": two roofs
    of one height meeting at 20 ft are one 40-ft stretch; the runner on the first takes off at the second's
    edge."""
    sections = [section("roof-a", 30, 0, 20), section("roof-b", 30, 20, 40), *ROOFS[1:]]
    p = play.plan(table(sections, x=5), "runner", "roof-2", F(63))
    assert (p.kind, p.takeoff.x, p.takeoff.room, p.verdict.distance) == ("running", 40, 40, 23)
    assert p.to_json()["takeoff"] == {"section": "roof-a", "x": 40, "x_exact": "40"}


def test_j2_a_run_up_over_poor_footing_is_not_unimpeded():
    """J2 ("unimpeded") and the open ruling on an impeded run-up: a roof of poor footing spoils the run — the jump
    is standing, from where the runner stands."""
    sections = [section("roof", 30, 0, 40, footing={"kind": "poor", "mp": 2}), *ROOFS[1:]]
    p = play.plan(table(sections, x=35), "runner", "roof-2", F(63))
    assert (p.kind, p.takeoff.x, p.takeoff.room, p.verdict.distance) == ("standing_long", 35, 0, 28)


def test_j2_a_jump_along_its_own_roof_counts_the_room_behind_the_fighter():
    """J2 on one surface: a jump along the roof it stands on takes off where it stands; running with 30 ft behind
    it (at 30 ft, to 40 ft: 10 ft, no roll), standing with 4 ft (at 4 ft, to 14 ft: 10 ft, standing long −4)."""
    far = play.plan(table(ROOFS, x=30), "runner", "roof", F(40))
    assert (far.kind, far.takeoff.x, far.verdict.distance, far.auto_success) == ("running", 30, 10, True)
    near = play.plan(table(ROOFS, x=4), "runner", "roof", F(14))
    assert (near.kind, near.takeoff.x, near.verdict.distance, near.penalty) == ("standing_long", 4, 10, -4)


def test_j2_the_run_up_runs_the_way_of_the_jump():
    """J2: "in the jump's direction": on roof-2 (60–100 ft), at 95 ft, a jump left back to the first roof has 35
    ft of roof behind its left edge — running, from 60 ft, 60 − 37 = 23 ft; at 65 ft a jump right along the roof
    has only 5 ft behind the runner — standing."""
    left = play.plan(table(ROOFS, x=95, on="roof-2"), "runner", "roof", F(37))
    assert (left.kind, left.takeoff.x, left.takeoff.direction, left.verdict.distance) == ("running", 60, -1, 23)
    along = play.plan(table(ROOFS, x=65, on="roof-2"), "runner", "roof-2", F(70))
    assert (along.kind, along.takeoff.x) == ("standing_long", 65)


# -- J10: up, across, down -----------------------------------------------------------------------------------


def test_j10_up_onto_a_higher_surface_is_a_high_jump_of_the_difference():
    """J10: "Up onto a higher surface is a high jump of the difference": a 4-ft wall at the end of 40 ft of field
    is a running high jump of 4 ft from its foot (base 4 ft: a roll, no penalty); it lands on the wall."""
    sections = [section("field", 0, 0, 40), section("wall", 4, 40, 44)]
    p = play.plan(table(sections, x=5), "runner", "wall", F(42))
    assert (p.kind, p.takeoff.long, p.takeoff.x, p.verdict.distance, p.penalty) == ("high", False, 40, 4, 0)
    data = p.to_json()
    assert (data["rise_ft"], data["drop_ft"], data["lands_on"], data["fall"]) == (4, 0, "wall", None)


def test_j10_up_from_a_short_field_is_a_standing_high_jump():
    """J10 then J2: with 20 ft of field the 4-ft wall is a standing high jump from the runner's x: base 3 ft,
    modifier 0.3 ft, 1 ft past — 3.33 steps, −4."""
    sections = [section("field", 0, 20, 40), section("wall", 4, 40, 44)]
    p = play.plan(table(sections, x=35), "runner", "wall", F(42))
    assert (p.kind, p.takeoff.x, p.verdict.distance, p.penalty) == ("standing_high", 35, 4, -4)


def test_j10_across_a_gap_is_a_long_jump_of_the_gap():
    """J10: "across a gap is a long jump of the gap", from the takeoff to the point clicked: 40 ft → 75 ft is 35
    ft — past the 30-ft maximum, impossible; to 60 ft, 20 ft — the base, a roll with no penalty; no fall."""
    too_far = play.plan(table(ROOFS), "runner", "roof-2", F(75))
    assert (too_far.kind, too_far.verdict.distance, too_far.allowed) == ("running", 35, False)
    assert too_far.summary == "Runner: running jump of 35 ft: impossible, past its maximum."
    edge = play.plan(table(ROOFS), "runner", "roof-2", F(60))
    assert (edge.verdict.distance, edge.penalty, edge.allowed) == (20, 0, True)
    assert edge.to_json()["fall"] is None


def test_j10_down_is_a_long_jump_and_a_fall_of_the_drop():
    """J10: "down is a long jump plus a fall of the drop"; J12 at the default 10 ft: 5 ft out from the roof's edge
    into the street 30 ft below — no roll (5 ≤ 10 ft), and a fall of 30 ft, Height 3, 3d6."""
    p = play.plan(table(ROOFS), "runner", "street", F(45))
    data = p.to_json()
    assert (data["kind"], data["distance_ft"], data["auto_success"], data["drop_ft"]) == ("running", 5, True, 30)
    assert data["lands_on"] == "street"
    assert data["fall"] == {"drop_ft": 30, "drop_ft_exact": "30", "height": 3, "dice": "3d6"}
    landing = p.success()
    assert (landing.section.id, landing.x, landing.drop, landing.fall.pool.notation) == ("street", 45, 30, "3d6")


def test_j10_higher_and_across_is_judged_as_both_jumps():
    """Open ruling "Higher and across at once (J10)": "judged as both jumps: a long jump of the horizontal distance
    and a high jump of the rise ... its penalty is the worse of the two": 10 ft across (no roll) to a platform 3
    ft up (a high jump of 3 ft: a roll) — the jump needs a roll."""
    sections = [section("field", 0, 0, 40), section("platform", 3, 45, 60)]
    p = play.plan(table(sections, x=5), "runner", "platform", F(50))
    assert (p.kind, p.verdict.distance, p.verdict.auto_success) == ("running", 10, True)
    assert p.climb is not None and (p.climb.kind, p.climb.distance, p.climb.auto_success) == ("high", 3, False)
    assert (p.auto_success, p.needs_roll, p.penalty, p.allowed) == (False, True, 0, True)
    steep = [section("field", 0, 0, 40), section("platform", 7, 45, 60)]
    q = play.plan(table(steep, x=5), "runner", "platform", F(50))
    assert (q.verdict.possible, q.climb.possible, q.allowed) == (True, False, False)


def test_j10_a_ground_section_higher_than_both_ends_blocks_the_jump():
    """Open ruling "A surface in the way (J10)": "A surface between the two ends that stands higher than both
    blocks the jump, as a higher section blocks a shot (H5)": a 40-ft tower between two 30-ft roofs."""
    sections = [section("roof", 30, 0, 40), section("tower", 40, 44, 48), section("roof-2", 30, 52, 90)]
    p = play.plan(table(sections), "runner", "roof-2", F(55))
    assert (p.verdict.distance, p.verdict.possible, p.allowed) == (15, True, False)
    assert p.takeoff.blocked == "Tower (40 ft) is between them, higher than both ends"
    assert p.summary == "Runner: running jump of 15 ft: blocked, Tower (40 ft) is between them, higher than both ends."
    assert p.to_json()["lands_on"] is None


def test_j10_a_section_as_high_as_an_end_or_a_slab_above_does_not_block():
    """The same ruling: only a surface higher than both ends blocks — a 30-ft one does not, and a slab (a floor
    drawn above, not down to the ground) is passed under."""
    level = [section("roof", 30, 0, 40), section("tower", 30, 44, 48), section("roof-2", 30, 52, 90)]
    assert play.plan(table(level), "runner", "roof-2", F(55)).allowed is True
    slab = [section("roof", 30, 0, 40), section("street", 0, 40, 52), section("balcony", 40, 44, 48, kind="slab"),
            section("roof-2", 30, 52, 90)]
    assert play.plan(table(slab), "runner", "roof-2", F(55)).allowed is True


def test_a_landing_straight_above_or_off_its_section_is_refused():
    """J10 reads the landing point against the takeoff: a point straight above the fighter cannot be aimed at, nor
    one off the section named."""
    sections = [section("field", 0, 0, 40), section("loft", 10, 0, 40, kind="slab")]
    with pytest.raises(JumpError) as e:
        play.plan(table(sections, x=20), "runner", "loft", F(20))
    assert str(e.value) == "Loft at 20 ft is straight above where it stands: aim to one side"
    with pytest.raises(JumpError) as e:
        play.plan(table(ROOFS), "runner", "roof-2", F(101))
    assert str(e.value) == "must be on Roof-2, from 60 ft to 100 ft: 101 ft"


# -- J7, J12: where a failed jump comes down, and the fall ----------------------------------------------------


def yard(elevation: Any, options: dict[str, Any] | None = None) -> Table:
    """Two 20-ft roofs with a yard between them (40–60 ft) at ``elevation``."""
    return table([section("roof", 20, 0, 40), section("yard", elevation, 40, 60), section("roof-2", 20, 60, 100)],
                 options=options)


@pytest.mark.parametrize(("elevation", "options", "drop", "height", "dice"), [
    (12, None, 8, F(4, 5), 0),
    (10, None, 10, 1, 1),
    (0, None, 20, 2, 2),
    (0, {"fall_scale": "5 ft"}, 20, 4, 4),
    (5, {"fall_scale": "7 ft 6 in"}, 15, 2, 2),
])
def test_j7_a_failed_jump_that_lands_lower_falls(elevation, options, drop, height, dice):
    """J6: 23 ft (40 → 63 ft) failed by 3 back (6 ft) lands 17 ft out, at 57 ft, over the yard; J10: "A long jump
    that lands lower than its takeoff lands at the takeoff's height at the landing x, then falls to the surface
    below" (J7, J12); J12: "a drop under 10 ft rolls no dice" at the default 10-ft scale — 8 ft is Height 0.8, no
    dice; 10 ft is 1d6; 20 ft is 2d6; at a scenario's ``fall_scale`` of 5 ft, 20 ft is 4d6; at 7.5 ft, 15 ft is
    Height 2, 2d6."""
    p = play.plan(yard(elevation, options), "runner", "roof-2", F(63))
    result, landing = p.attempt(3, 5).outcome()
    assert result is not None and result.along == Surd(F(17))
    assert (landing.section.id, landing.x, landing.surface, landing.drop) == ("yard", 57, elevation, drop)
    assert landing.fall is not None
    assert (landing.fall.height, landing.fall.pool.count) == (height, dice)
    assert str(landing.steps[0]) == (f"[J7] It comes down at 57 ft and falls {drop} ft to Yard ({elevation} ft).")


def test_j7_a_failed_jump_that_still_reaches_the_roof_lands_on_its_feet():
    """J6: the same jump failed by 3 straight ahead lands at 40 + 29 = 69 ft, on the far roof: no fall."""
    _, landing = play.plan(yard(0), "runner", "roof-2", F(63)).attempt(3, 1).outcome()
    assert (landing.section.id, landing.x, landing.drop, landing.fall) == ("roof-2", 69, 0, None)


def test_j7_a_scatter_into_a_taller_building_comes_down_at_its_face():
    """docs/rules.md, J7: "A failed jump that meets a surface higher than its takeoff height ... comes down at
    that surface's near face, and falls to the surface below it there": 29 ft out would be inside a 40-ft tower
    from 66 ft; the runner comes down at 66 ft, on the 20-ft roof before it."""
    sections = [section("roof", 20, 0, 40), section("street", 0, 40, 56), section("roof-2", 20, 56, 66),
                section("tower", 40, 66, 80)]
    _, landing = play.plan(table(sections), "runner", "roof-2", F(63)).attempt(3, 1).outcome()
    assert (landing.section.id, landing.x, landing.drop) == ("roof-2", 66, 0)
    assert str(landing.steps[0]) == ("[J7] Tower rises above the height it jumped from: it comes down at its face, "
                                     "66 ft.")


def test_j7_a_failed_jump_passes_under_a_slab_as_a_planned_one_does():
    """J10 (a jump passes under a slab) for a failure too: 15 ft under a balcony failed by 1 ahead lands at 57 ft
    on the far roof."""
    sections = [section("roof", 30, 0, 40), section("street", 0, 40, 52), section("balcony", 40, 44, 48, kind="slab"),
                section("roof-2", 30, 52, 90)]
    _, landing = play.plan(table(sections), "runner", "roof-2", F(55)).attempt(1, 1).outcome()
    assert (landing.section.id, landing.x, landing.drop) == ("roof-2", 57, 0)


def test_j6_a_diagonal_landing_is_stored_in_hundredths():
    """Issue 25: "store the landing x rounded to 1/100 ft": 23 ft failed by 3 ahead-right lands 23 + 3√2 =
    27.2426… ft out, at x = 40 + 27.24 = 67.24 ft exactly (1681/25)."""
    _, landing = play.plan(yard(0), "runner", "roof-2", F(63)).attempt(3, 2).outcome()
    assert (landing.section.id, landing.x) == ("roof-2", F(6724, 100))


def test_j5_a_failed_high_jump_comes_back_down_where_it_took_off():
    """J5 and the open ruling "A failed high jump": "the jumper lands back at its takeoff and falls nothing" —
    the 4-ft wall failed by 3 reaches 4 − 1.2 = 2.8 ft and lands on the field at the wall's foot, 40 ft."""
    sections = [section("field", 0, 0, 40), section("wall", 4, 40, 44)]
    high, landing = play.plan(table(sections, x=5), "runner", "wall", F(42)).attempt(3).outcome()
    assert high is not None and (high.reached, high.at_minimum) == (F(14, 5), False)
    assert (landing.section.id, landing.x, landing.drop, landing.fall) == ("field", 40, 0, None)


def test_j8_a_landing_on_footing_owes_the_second_check():
    """J8: "Landing in Difficult Terrain or on an area of Poor Footing ... causes the character to need to make an
    additional check": the plan names the footing; carried out without the check it is refused, naming it."""
    t = table([section("roof", 20, 0, 40), section("mud", 0, 40, 60, footing={"kind": "poor", "mp": 2})])
    p = play.plan(t, "runner", "mud", F(45))
    assert p.to_json()["footing"] == {"kind": "poor", "mp": 2}
    with pytest.raises(JumpError) as e:
        play.jump(t, p.attempt(0))
    assert str(e.value) == "Runner lands on Mud, poor footing (2 Move points): enter the landing check (J8)"


# -- The table's action: the d8, the fall, Knocked Down, one Undo --------------------------------------------------


SEED = 8
"""A dice seed whose first d8 shows 5 (straight back) — checked against the generator in the test."""
PIT = [section("roof", 20, 0, 40), section("mud", 0, 40, 60, footing={"kind": "poor", "mp": 2}),
       section("roof-2", 20, 60, 100)]
"""Two 20-ft roofs with a pit of mud (poor footing, 2 Move points) between."""


def jumped() -> tuple[Table, Table]:
    """The runner's 23-ft running jump over the mud pit, failed by 3, its landing check failed by 3 with 4 Move
    points left: the table before and after."""
    t0 = table(PIT, seed=SEED)
    p = play.plan(t0, "runner", "roof-2", F(63))
    t1, _ = play.jump(t0, p.attempt(3, landing_fail_by=3, mp_left=4))
    return t0, t1


def test_the_next_direction_is_the_tables_next_roll():
    """J6, J11: the d8 is rolled "from the table's seed" as its next roll — seed 8's roll #1 is a 5; the planner
    shows it before anything is confirmed."""
    t0 = table(PIT, seed=SEED)
    assert roll(DicePool(1, 8), rng_for(SEED, 0)).total == 5
    assert play.next_direction(t0) == 5


def test_jump_moves_the_fighter_rolls_the_d8_then_the_fall_and_knocks_it_down():
    """J6: a 5 scatters 6 ft back, 17 ft out, at 57 ft over the mud; J7, J12: it falls 20 ft, 2d6 (H8); J8:
    landing check at −2 failed by 3, 4 → −2 Move points: Knocked Down. One action, two rolls in order: the d8 as
    roll #1, the 2d6 as roll #2."""
    t0, t1 = jumped()
    assert t1.stand_of("runner") == Stand("mud", F(57))
    assert t1.rolls == 2
    assert play.knocked_down(t1, "runner") is True
    assert t1.states == (("runner", "knocked_down", True),)
    action, fall = t1.log[-2], t1.log[-1]
    assert action.text == ("Runner jumps: Roof → Roof-2, running jump of 23 ft, failed by 3, landing check failed by 3 "
                           "— moved, scattered: 5")
    assert (action.roll_index, action.dice_count, action.dice_sides) == (0, 1, 8)
    assert (fall.roll_index, fall.dice_count, fall.dice_sides) == (1, 2, 6)
    faces = roll(DicePool(2), rng_for(SEED, 1))
    assert t1.dice_of(fall) == faces
    assert fall.text == f"Runner: fell: {faces.total} damage"
    assert action.details[-3:] == (
        "[J6] Rolled 1d8 (5) = 5 scatter direction (seed 8, roll #1).",
        f"[H8] Rolled 2d6 ({faces.dice[0]}, {faces.dice[1]}) = {faces.total} falling damage (seed 8, roll #2).",
        "Knocked Down: no → yes.")
    # The log keeps what the check came to, not only its dice: the scatter, the fall, J8's check (issue 25: "The
    # log records the jump, the entered check, the d8 and the fall").
    assert "[J6] Failed by 3: it scatters 3 × 2 ft = 6 ft straight back (d8: 5)." in action.details
    assert "[J8] Failed by 3: 2 Move points a point, −6: 4 → −2, 0 or less: Knocked Down." in action.details
    assert t0.stand_of("runner") == Stand("roof", F(4)) and t0.rolls == 0


def test_one_undo_takes_the_whole_jump_back():
    """Issue 25: "Undo takes it all back": the place, both rolls and Knocked Down, in one step."""
    t0, t1 = jumped()
    u = t1.undo()
    assert u.stand_of("runner") == t0.stand_of("runner")
    assert (u.rolls, u.states, u.can_undo) == (0, (), False)
    assert play.knocked_down(u, "runner") is False
    assert u.log[-1].text == ("Undone: Runner jumps: Roof → Roof-2, running jump of 23 ft, failed by 3, landing check "
                              "failed by 3")
    with pytest.raises(UndoError):
        u.undo()


def test_stands_up_is_logged_and_undoable():
    """J8: Knocked Down is "cleared by the referee's 'Stands up' (logged)": the log says so, the state clears, and
    its Undo knocks the fighter down again without touching the jump."""
    _, t1 = jumped()
    t2 = play.stand_up(t1, "runner")
    assert play.knocked_down(t2, "runner") is False
    assert (t2.log[-1].text, t2.log[-1].details) == ("Runner stands up", ("Knocked Down: yes → no.",))
    assert (t2.stand_of("runner"), t2.rolls) == (Stand("mud", F(57)), 2)
    back = t2.undo()
    assert play.knocked_down(back, "runner") is True
    assert (back.log[-1].text, back.stand_of("runner"), back.rolls) == ("Undone: Runner stands up", Stand("mud", F(57)),
                                                                        2)
    with pytest.raises(JumpError) as e:
        play.stand_up(t2, "runner")
    assert str(e.value) == "Runner is not Knocked Down"


def test_the_saved_table_keeps_knocked_down_and_its_undo():
    """Issue 25: Knocked Down is "saved ... and undone with the jump": the saved table restores equal, Knocked Down,
    and its Undo takes the jump back as the live table's does."""
    _, t1 = jumped()
    text = TableEncoder().encode(t1)
    doc = json.loads(text)
    assert doc["states"] == {"runner": {"knocked_down": True}}
    assert doc["history"][-1]["state"] == ["knocked_down", False]
    restored = restore(text)
    assert restored == t1
    assert play.knocked_down(restored, "runner") is True
    assert restored.undo() == t1.undo()


def test_the_export_writes_knocked_down_and_imports_again():
    """Issue 25: Knocked Down is "exported"; "every export imports again": the exported document has the runner in
    the mud at 57 ft, ``"knocked_down": true``, two rolls made; imported, the table starts there."""
    _, t1 = jumped()
    text = scenario.dumps(t1.scenario, dict(t1.stands), rolls=t1.rolls, states=t1.export_states())
    doc = json.loads(text)
    runner = doc["fighters"][0]
    assert (runner["section"], runner["x"], runner["knocked_down"], doc["dice_rolls"]) == ("mud", 57, True, 2)
    imported = Table.start(scenario.loads(text), "Imported")
    assert imported.state("runner", KNOCKED_DOWN) is True
    assert (imported.stand_of("runner"), imported.rolls) == (Stand("mud", F(57)), 2)
    assert scenario.dumps(imported.scenario) == text


def test_a_jump_planned_before_the_fighter_moved_is_refused_and_changes_nothing():
    """Issue 25: "A refusal changes nothing in play and loses nothing logged": a plan made before the runner was
    placed elsewhere is refused; the table is the one placed."""
    t0 = table(PIT, seed=SEED)
    p = play.plan(t0, "runner", "roof-2", F(63))
    moved = t0.place("runner", "roof", F(10))
    with pytest.raises(JumpError) as e:
        play.jump(moved, p.attempt(0))
    assert str(e.value) == "Runner has moved since the jump was planned: plan it again"
    assert (moved.rolls, len(moved.log), moved.stand_of("runner")) == (0, 2, Stand("roof", F(10)))


def test_a_jump_with_no_roll_rolls_nothing_and_a_success_lands_where_asked():
    """J4, J11: a jump at or below the minimum needs no check and rolls no d8 — a failure entered for it is taken
    as the success it is; a success at 63 ft lands at 63 ft."""
    t0 = table(ROOFS)
    near = play.plan(t0, "runner", "roof", F(14))  # standing long, 10 ft: a roll
    short = play.plan(t0, "runner", "roof-2", F(60))  # running, 20 ft: a roll
    free = play.plan(table(ROOFS, x=30), "runner", "roof", F(40))  # running, 10 ft: none
    assert (near.needs_roll, short.needs_roll, free.needs_roll) == (True, True, False)
    t1, outcome = play.jump(table(ROOFS, x=30), free.attempt(5))
    assert (t1.rolls, outcome.rolls, t1.stand_of("runner")) == (0, (), Stand("roof", F(40)))
    t2, _ = play.jump(t0, play.plan(t0, "runner", "roof-2", F(63)).attempt(0))
    assert (t2.rolls, t2.stand_of("runner")) == (0, Stand("roof-2", F(63)))


def test_a_jump_down_rolls_its_fall_as_the_first_roll():
    """J10, J12, H8: the jump down into the street (no check) lands 30 ft lower: 3d6, the table's roll #1."""
    t0 = table(ROOFS, seed=SEED)
    t1, outcome = play.jump(t0, play.plan(t0, "runner", "street", F(45)).attempt(0))
    faces = roll(DicePool(3), rng_for(SEED, 0))
    assert (t1.rolls, t1.stand_of("runner")) == (1, Stand("street", F(45)))
    assert [r.roll for r in outcome.rolls] == [faces]
    assert t1.log[-1].text == (f"Runner jumps: Roof → Street, running jump of 5 ft, no roll — moved, fell: "
                               f"{faces.total} damage")


def test_a_scenario_without_jumping_has_no_jumps():
    """Issue 25: the rule set referees only the battlefields that name it: on ``["levels"]`` the table's figures
    are refused."""
    doc = {"vertigo": 2, "title": "Levels only", "units": "feet", "rules": ["levels"], "sections": ROOFS,
           "fighters": [{"id": "runner", "name": "Runner", "side": "A", "section": "roof", **HUMAN}]}
    t = Table.start(scenario.load(doc))
    with pytest.raises(RuleSetError) as e:
        play.figures(t, "runner")
    assert str(e.value) == "Jumping does not referee “Levels only”: it is refereed by Combat at Different Levels"
    with pytest.raises(ScenarioError):
        scenario.load({**doc, "rules": ["levels", "jumping"], "fighters": [{"id": "runner", "name": "Runner",
                                                                           "side": "A", "section": "roof"}]})


def test_a_knocked_down_fighter_stands_up_before_it_jumps():
    """J8 ("Knocked Down"), found by a fresh user: a Knocked Down runner could plan and make a jump as if standing.
    Its plan is not allowed — "it is Knocked Down and stands up first" — until Stands up; the DM may still allow it
    (H7)."""
    _, t1 = jumped()
    p = play.plan(t1, "runner", "mud", F(60))
    assert (p.allowed, p.final, p.knocked_down) == (False, False, True)
    assert p.summary.endswith(": it is Knocked Down and stands up first.")
    assert "[J8] Runner is Knocked Down: it stands up before it jumps." in map(str, p.steps)
    assert p.overridden(True, "adrenaline").final is True
    up = play.stand_up(t1, "runner")
    assert play.plan(up, "runner", "mud", F(60)).knocked_down is False
