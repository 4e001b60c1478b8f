"""Moving across Height: Move entries, the chosen path, Fly, Phase, Teleport (H1–H4).

Source: ``000_519d8b8e373365db.txt`` › Combat; rulings H1, H2, H3 and H4 of
``RULINGS.md``.
"""

from __future__ import annotations

import pytest

from vertigo import scenario
from vertigo.battlefield import Battlefield
from vertigo.errors import UnknownSectionError
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.movement import Crossing, judge_move, reachable
from vertigo.rules.height.rules.moves import MoveEntry
from vertigo.table import Table

from builders import SCENARIOS, chain, field


def texts(verdict) -> list[str]:
    return [str(s) for s in verdict.steps]


# -- H1: borders ---------------------------------------------------------

def test_border_height_is_the_absolute_difference_of_elevations():
    """H1: "The Height of the border between two sections is the absolute difference
    of their elevations; crossing it is *upward* or *downward* by the sign.\""""
    f = field({"low": 1, "high": 4}, [("low", "high")])
    assert f.border_height("low", "high") == 3
    assert f.border_height("high", "low") == 3
    assert f.rise("low", "high") == 3
    assert f.rise("high", "low") == -3
    assert f.describe_border("low", "high") == "Low → High: up Height 3"
    assert f.describe_border("high", "low") == "High → Low: down Height 3"


def test_a_border_of_height_0_has_no_height():
    """H1: "A border of Height 0 has no Height.\""""
    f = chain(2, 2)
    assert f.border_height("s0", "s1") == 0
    assert f.describe_border("s0", "s1") == "S0 → S1: Height 0 (no Height)"


def test_decimal_elevations_give_exact_border_heights():
    """H1: "Every section has an elevation in Height units (integers in the usual
    case; decimals allowed)": 4.15 − 1.15 is Height 3 and 1.15 − 0.15 Height 1."""
    assert chain(1.15, 4.15).rise("s0", "s1") == 3
    assert chain(0.15, 1.15).border_height("s1", "s0") == 1


# -- H2: Move entries ----------------------------------------------------

@pytest.mark.parametrize("rise", [1, 2, 0.5])
def test_a_move_without_height_cannot_climb(rise):
    """Combat: "Move entries that lack Height values, including most base movement,
    is presumed to have a Height value of 0." and "An entity cannot Move upward if
    the Height value of the Move entry is less than the Height value of the section
    border." (H2: "Upward across Height H needs h ≥ H")."""
    verdict = judge_move(chain(0, rise), "s0", "s1", MoveEntry.parse("Move 1"))
    assert not verdict.allowed
    assert verdict.route is None
    assert verdict.move_height == 0
    assert verdict.summary == "Not allowed."
    assert texts(verdict)[-1] == (
        f"[H2] S0 → S1: up Height {rise} needs a Move Height ≥ {rise}; Move 1 moves with Height 0."
    )


@pytest.mark.parametrize("rise, allowed", [(1, True), (2, True), (3, False)])
def test_move_height_climbs_borders_up_to_and_equal_to_its_value(rise, allowed):
    """Combat: "The Height value provided permits the entity to freely Move across
    section borders having a Height value equal to or less than the value in the
    Move entry." Move 1 (Height 2): up 1 and up 2 (equal) climb; up 3 does not."""
    verdict = judge_move(chain(0, rise), "s0", "s1", MoveEntry.parse("Move 1 (Height 2)"))
    assert verdict.allowed is allowed
    if allowed:
        assert verdict.route is not None
        assert verdict.route.crossings == (Crossing("s0", "s1", rise, 0, 0),)
        assert verdict.pool.count == 0
        assert f"[H2] S0 → S1: up Height {rise} — climbs (Height {rise} ≤ 2)." in texts(verdict)
    else:
        assert ("[H2] S0 → S1: up Height 3 needs a Move Height ≥ 3; Move 1 (Height 2) moves with Height 2."
                in texts(verdict))


@pytest.mark.parametrize("drop", [1, 2])
def test_move_height_descends_borders_up_to_its_value_without_falling(drop):
    """Combat: "An entity that makes such a Move in a downward direction suffers no
    falling damage." Move 1 (Height 2) down Height 1 and down Height 2 (equal)."""
    verdict = judge_move(chain(drop, 0), "s0", "s1", MoveEntry.parse("Move 1 (Height 2)"))
    assert verdict.allowed
    assert verdict.pool.count == 0
    assert verdict.summary == "Allowed."
    assert f"[H2] S0 → S1: down Height {drop} — no fall (Move Height covers it)." in texts(verdict)
    assert "[H8] No falling dice." in texts(verdict)


def test_a_decimal_border_equal_to_the_moves_height_is_climbed():
    """Combat: "equal to or less than the value in the Move entry": elevations 1.15
    → 4.15 make a Height 3 border (H1), which Move 1 (Height 3) climbs."""
    verdict = judge_move(chain(1.15, 4.15), "s0", "s1", MoveEntry.parse("Move 1 (Height 3)"))
    assert verdict.allowed
    assert verdict.pool.count == 0


@pytest.mark.parametrize("entry", ["Move 1", "Move 1 (Height 2)", "Fly 1"])
@pytest.mark.parametrize("start, dest", [("s0", "s1"), ("s1", "s0")])
def test_height_0_borders_are_crossed_freely_both_ways(entry, start, dest):
    """H1: "A border of Height 0 has no Height." — nothing to climb, nothing to fall."""
    verdict = judge_move(chain(5, 5), start, dest, MoveEntry.parse(entry))
    assert verdict.allowed
    assert verdict.route is not None
    assert verdict.route.crossings == (Crossing(start, dest, 0, 0, 0),)
    assert verdict.pool.count == 0


@pytest.mark.parametrize(
    "start, dest, allowed, dice",
    [("s0", "s1", False, 0),  # up Height 2 with h = 1
     ("s1", "s0", True, 1)],  # down Height 2 with h = 1: falls 2 − 1 = 1
)
def test_up_and_down_across_the_same_border_differ(start, dest, allowed, dice):
    """H2: "Upward across Height H needs h ≥ H. Downward across H: a fall of
    max(0, H − h)." One border of Height 2, Move 1 (Height 1)."""
    verdict = judge_move(chain(0, 2), start, dest, MoveEntry.parse("Move 1 (Height 1)"))
    assert verdict.allowed is allowed
    assert verdict.pool.count == dice


def test_an_entitys_height_applies_to_moves_that_list_none():
    """Combat: "If an entity gains a Height property, it applies to any of their
    Moves that don't have other Height values listed." (H2). Height 3 → Move 1
    climbs a Height 3 border and drops one without falling."""
    f = chain(0, 3)
    up = judge_move(f, "s0", "s1", MoveEntry.parse("Move 1"), fighter_height=3)
    assert up.allowed
    assert up.move_height == 3
    assert texts(up)[0] == "[H2] Move 1 moves up to 1 step with Height 3 (the fighter's Height property)."
    down = judge_move(f, "s1", "s0", MoveEntry.parse("Move 1"), fighter_height=3)
    assert down.allowed and down.pool.count == 0


@pytest.mark.parametrize("text, own", [("Move 1 (Height 1)", 1), ("Move 1 (Height 0)", 0)])
def test_an_entitys_height_does_not_replace_a_listed_height(text, own):
    """Combat: the Height property applies only to "Moves that don't have other
    Height values listed": with Height 3 on the fighter, Move 1 (Height 1) still
    moves with 1 and Move 1 (Height 0) with 0."""
    f = chain(0, 3)
    entry = MoveEntry.parse(text)
    assert entry.height_with(3) == own
    up = judge_move(f, "s0", "s1", entry, fighter_height=3)
    assert not up.allowed
    assert up.move_height == own
    assert texts(up)[0] == f"[H2] {text} moves up to 1 step with Height {own} (its own)."
    down = judge_move(f, "s1", "s0", entry, fighter_height=3)
    assert down.pool.count == 3 - own


@pytest.mark.parametrize("own, fighter, used", [(None, None, 0), (None, 2, 2), (1, 3, 1), (0, 3, 0)])
def test_height_with_picks_the_entry_then_the_fighter_then_0(own, fighter, used):
    """H2: "An entity's own Height property applies to its Moves that list none;
    otherwise h = 0.\""""
    assert MoveEntry("Move", 1, own).height_with(fighter) == used


def test_the_cliff_climber_uses_its_height_property_only_on_its_plain_move():
    """Combat: the Height property applies to "Moves that don't have other Height
    values listed". The bundled cliff's Climber (Height 1; "Move 2", "Move 1
    (Height 3)") stands on the Boulder (1) next to the Spire (4): up Height 3."""
    table = Table.start(scenario.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8")))
    plain = height_play.move_verdict(table, "climber", 0, "spire")
    assert not plain.allowed and plain.move_height == 1
    listed = height_play.move_verdict(table, "climber", 1, "spire")
    assert listed.allowed and listed.move_height == 3 and listed.pool.count == 0
    down = height_play.move_verdict(table, "climber", 0, "cliff-foot")  # down Height 1 with h = 1
    assert down.allowed and down.pool.count == 0


@pytest.mark.parametrize("entry, allowed", [("Move 2", True), ("Move 1", False)])
def test_move_n_takes_at_most_n_section_steps(entry, allowed):
    """H2: "`Move N (Height h)`: up to N section steps." Level ground, 2 steps away."""
    verdict = judge_move(chain(0, 0, 0), "s0", "s2", MoveEntry.parse(entry))
    assert verdict.allowed is allowed
    if not allowed:
        assert texts(verdict)[-1] == "[H2] S2 is 2 steps away; Move 1 moves at most 1."


def test_staying_put_is_allowed_with_no_dice():
    """H3: "the legal path within N steps with the fewest falling dice" — for the
    start itself the empty path: no border, no fall."""
    verdict = judge_move(chain(0, 9), "s0", "s0", MoveEntry.parse("Move 1"))
    assert verdict.allowed
    assert verdict.route is not None and verdict.route.path == ("s0",)
    assert "[H3] Already on S0: nothing moves." in texts(verdict)
    # Issue 22: the answer says plainly that the fighter is already there and nothing moves, not "Allowed".
    assert verdict.already_there
    assert verdict.summary == "Already there: the fighter is on that section, nothing moves."
    assert verdict.to_json()["summary"] == "Already there: the fighter is on that section, nothing moves."


def test_unconnected_sections_cannot_be_reached():
    """Combat: Height denotes "the vertical distance between two sections at that
    crossing"; H1: sections meet only at borders — with none between them,
    neither Move, Fly (H2) nor Phase/Teleport "at most r steps away" (H4) reaches."""
    f = field({"home": 0, "island": 0}, [])
    for entry in ("Move 5", "Fly 5", "Teleport 5", "Phase 5"):
        verdict = judge_move(f, "home", "island", MoveEntry.parse(entry))
        assert not verdict.allowed
        assert texts(verdict)[-1] == "[H1] Island shares no border, direct or indirect, with Home."


def test_unknown_sections_are_errors():
    """H1: "Every section has an elevation" — an id that names no section has
    none, and is an UnknownSectionError naming it."""
    with pytest.raises(UnknownSectionError, match="'nowhere'"):
        judge_move(chain(0, 0), "s0", "nowhere", MoveEntry.parse("Move 1"))
    with pytest.raises(UnknownSectionError, match="'nowhere'"):
        judge_move(chain(0, 0), "nowhere", "s0", MoveEntry.parse("Move 1"))


# -- H3: the path --------------------------------------------------------

def stairs() -> Battlefield:
    """Top (3) drops straight to Bottom (0), or by steps B (2) and C (1); East (0)
    lies beyond Bottom; Wall (5) stands next to Top."""
    return field(
        {"top": 3, "bottom": 0, "b": 2, "c": 1, "east": 0, "wall": 5},
        [("top", "bottom"), ("top", "b"), ("b", "c"), ("c", "bottom"), ("bottom", "east"), ("top", "wall")],
    )


def test_path_with_fewest_dice_beats_a_shorter_one():
    """H3: "the legal path within N steps with the fewest falling dice". Move 3
    (Height 1): straight down Height 3 falls 2 (2d6); down the steps falls 0."""
    verdict = judge_move(stairs(), "top", "bottom", MoveEntry.parse("Move 3 (Height 1)"))
    assert verdict.route is not None
    assert verdict.route.path == ("top", "b", "c", "bottom")
    assert verdict.pool.count == 0
    assert "[H3] Route chosen: fewest falling dice (0), then fewest steps (3)." in texts(verdict)


def test_path_must_fit_within_n_steps():
    """H3: "within N steps": with Move 2 (Height 1) the steps (3 long) are out of
    reach, so the straight drop and its 2d6 it is."""
    verdict = judge_move(stairs(), "top", "bottom", MoveEntry.parse("Move 2 (Height 1)"))
    assert verdict.route is not None
    assert verdict.route.path == ("top", "bottom")
    assert verdict.pool.count == 2


@pytest.mark.parametrize("entry, path, dice",
                         [("Move 4 (Height 1)", ("top", "b", "c", "bottom", "east"), 0),
                          ("Move 3 (Height 1)", ("top", "bottom", "east"), 2)])
def test_beyond_the_cheap_detour_the_step_limit_decides(entry, path, dice):
    """H3: fewest dice among paths "within N steps": East is 4 steps by the stairs
    (0 dice) but 2 by the drop (2d6)."""
    verdict = judge_move(stairs(), "top", "east", MoveEntry.parse(entry))
    assert verdict.route is not None
    assert verdict.route.path == path
    assert verdict.pool.count == dice


def test_equal_dice_then_fewest_steps():
    """H3: "the fewest falling dice, then the fewest steps" — two level routes."""
    f = field({"s": 0, "y": 0, "z": 0, "x": 0, "t": 0},
              [("s", "y"), ("y", "z"), ("z", "t"), ("s", "x"), ("x", "t")])
    verdict = judge_move(f, "s", "t", MoveEntry.parse("Move 3"))
    assert verdict.route is not None
    assert verdict.route.path == ("s", "x", "t")


def test_reachable_highlights_every_section_with_its_minimum():
    """H3: "it highlights every reachable section with that minimum". Move 3
    (Height 1) from Top: Wall (up 2) is out; East only by the drop."""
    routes = reachable(stairs(), "top", MoveEntry.parse("Move 3 (Height 1)"))
    assert {sid: (r.dice, r.steps) for sid, r in routes.items()} == {
        "top": (0, 0), "b": (0, 1), "c": (0, 2), "bottom": (0, 3), "east": (2, 2),
    }


def test_a_path_goes_around_a_border_too_high_to_climb():
    """H2: "Upward across Height H needs h ≥ H" — a Wall (3) is avoided by a Step
    (1) with Move 2 (Height 1); with no Height neither can be climbed."""
    f = field({"s": 0, "wall": 3, "step": 1, "t": 0}, [("s", "wall"), ("wall", "t"), ("s", "step"), ("step", "t")])
    verdict = judge_move(f, "s", "t", MoveEntry.parse("Move 2 (Height 1)"))
    assert verdict.route is not None and verdict.route.path == ("s", "step", "t")
    blocked = judge_move(f, "s", "t", MoveEntry.parse("Move 2"))
    assert not blocked.allowed
    assert set(texts(blocked)[1:]) == {
        "[H2] S → Wall: up Height 3 needs a Move Height ≥ 3; Move 2 moves with Height 0.",
        "[H2] S → Step: up Height 1 needs a Move Height ≥ 1; Move 2 moves with Height 0.",
    }


# -- H4: Fly, Phase, Teleport --------------------------------------------

@pytest.mark.parametrize("start, dest", [("s0", "s1"), ("s1", "s0")])
def test_fly_ignores_height(start, dest):
    """Combat: "The special movement type Fly ignores Height values." H4: "Fly
    ignores Height (no fall, any climb)." One border of Height 50."""
    verdict = judge_move(chain(0, 50), start, dest, MoveEntry.parse("Fly 1"))
    assert verdict.allowed
    assert verdict.pool.count == 0
    assert verdict.route is not None and verdict.route.crossings[0].fall == 0


def test_fly_n_flies_at_most_n_steps():
    """H4: "Fly ignores Height" — but not distance; H2: "`Move N (Height h)`: up to N
    section steps". Fly 2 reaches 2 steps, not 3."""
    f = chain(0, 9, 0, 9)
    assert judge_move(f, "s0", "s2", MoveEntry.parse("Fly 2")).allowed
    beyond = judge_move(f, "s0", "s3", MoveEntry.parse("Fly 2"))
    assert not beyond.allowed
    assert texts(beyond)[-1] == "[H2] S3 is 3 steps away; Fly 2 moves at most 2."


@pytest.mark.parametrize("kind", ["Phase", "Teleport"])
@pytest.mark.parametrize("dest, allowed", [("s2", True), ("s3", False)])
def test_phase_and_teleport_reach_exactly_r_steps(kind, dest, allowed):
    """H4: "Phase r and Teleport r reach a section at most r steps away" — level
    ground, r = 2: 2 steps yes, 3 steps no."""
    verdict = judge_move(chain(0, 0, 0, 0), "s0", dest, MoveEntry.parse(f"{kind} 2"))
    assert verdict.allowed is allowed
    if not allowed:
        assert texts(verdict)[-1] == f"[H4] S3 is 3 steps away; {kind} 2 reaches 2."


@pytest.mark.parametrize("kind", ["Phase", "Teleport"])
@pytest.mark.parametrize("net, allowed", [(2, True), (-2, True), (3, False), (-3, False)])
def test_phase_and_teleport_need_range_at_least_the_height(kind, net, allowed):
    """Combat: "Phase and Teleport special movement types must have a range equal to
    or greater than the Height value to perform the movement." H4: "whose net
    change in Height is at most r". r = 2, one border."""
    verdict = judge_move(chain(0, net), "s0", "s1", MoveEntry.parse(f"{kind} 2"))
    assert verdict.allowed is allowed
    if not allowed:
        assert texts(verdict)[-1] == f"[H4] Net change in Height {net}: {kind} 2 needs range ≥ 3."


@pytest.mark.parametrize("entry, allowed", [("Teleport 4", True), ("Teleport 3", False),
                                            ("Phase 4", True), ("Phase 3", False)])
def test_phase_and_teleport_at_exactly_their_range_in_steps_and_height(entry, allowed):
    """H4: "Phase r and Teleport r reach a section at most r steps away whose net
    change in Height is at most r". 0 → 2 → 4 is 2 steps and net Height 4:
    r = 4 reaches it; r = 3 is one short of the Height."""
    assert judge_move(chain(0, 2, 4), "s0", "s2", MoveEntry.parse(entry)).allowed is allowed


def test_phase_and_teleport_use_the_net_change_and_cross_no_border():
    """H4: "no borders are crossed on the way, so there is no fall" and the net
    change counts: over a Height 10 wall to level ground with Phase 2; 4 down
    with Teleport 4 and no dice (Move 1 would fall 4d6)."""
    over = judge_move(chain(0, 10, 0), "s0", "s2", MoveEntry.parse("Phase 2"))
    assert over.allowed
    assert over.route is not None
    assert over.route.path == ("s0", "s2") and over.route.crossings == ()
    assert "[H4] S2 is 2 steps away, net change in Height 0: within 2." in texts(over)
    down = judge_move(chain(4, 0), "s0", "s1", MoveEntry.parse("Teleport 4"))
    assert down.allowed and down.pool.count == 0
    assert judge_move(chain(4, 0), "s0", "s1", MoveEntry.parse("Move 1")).pool.count == 4


def test_teleport_reachable_set():
    """H4: "Phase r and Teleport r reach a section at most r steps away whose net
    change in Height is at most r" — every such section, start included. Chain
    0, 1, 5, 2, 0, 0 with Teleport 4: not S2 (net 5) nor S5 (5 steps)."""
    routes = reachable(chain(0, 1, 5, 2, 0, 0), "s0", MoveEntry.parse("Teleport 4"))
    assert sorted(routes) == ["s0", "s1", "s3", "s4"]


def test_a_refusal_names_the_border_that_actually_blocks_the_way():
    """H2: "Upward across Height H needs h ≥ H" — Wren (Move 3 (Height 1)) on the ruined street can
    drop into the sinkhole but not climb the Height 5 far side; the refusal names that border and
    no other, not the bakery's stairs that lie on no path short enough."""
    table = Table.start(scenario.loads((SCENARIOS / "ruined-street.json").read_text(encoding="utf-8")))
    verdict = height_play.move_verdict(table, "wren", 0, "pavement")
    assert not verdict.allowed
    assert [str(s) for s in verdict.steps][1:] == [
        "[H2] Sinkhole → Broken pavement: up Height 5 needs a Move Height ≥ 5; Move 3 (Height 1) moves with Height 1."
    ]


def test_fly_says_why_a_downward_crossing_has_no_fall():
    """H4: "Fly ignores Height (no fall, any climb)" — a Fly crossing downward says why it does not fall, as a
    Move says "no fall (Move Height covers it)"."""
    verdict = judge_move(chain(3, 0), "s0", "s1", MoveEntry.parse("Fly 1"))
    assert "[H4] S0 → S1: down Height 3 — flies down, no fall (Fly ignores Height)." in texts(verdict)
