"""Ranged actions, melee and Reach across Height (H5, H6).

Source: ``000_519d8b8e373365db.txt`` › Height and Range (its four worked
examples); rulings H5 and H6 of ``RULINGS.md``.
"""

from __future__ import annotations

import pytest

from vertigo import scenario
from vertigo.battlefield import Battlefield
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.ranged import judge_action, line_of_shot
from vertigo.table import Table

from builders import SCENARIOS, chain, field


def across(*changes: float) -> Battlefield:
    """A row whose borders change Height by ``changes`` in turn, starting at 0."""
    elevations = [0.0]
    for c in changes:
        elevations.append(elevations[-1] + c)
    return chain(*elevations)


def texts(verdict) -> list[str]:
    return [str(s) for s in verdict.steps]


# -- the four worked examples --------------------------------------------

def test_example_1_up_1_then_2_needs_range_3():
    """Height and Range: "height changes of 1, then 2 across the section borders.
    The PC must play an Action with range 3 or better since the destination section
    is a total of 3 Height above the PC's occupied section." (H5)"""
    f = across(1, 2)
    line = line_of_shot(f, "s0", "s2")
    assert line is not None
    assert (line.steps, line.rise, line.range_needed, line.blocked_by) == (2, 3, 3, None)
    shortbow = judge_action(f, "s0", "s2", Action.parse("Shortbow, range 3"))
    assert shortbow.allowed
    assert shortbow.summary == "Shortbow, range 3: reaches (needs range 3)"
    assert texts(shortbow) == [
        "[H5] S2 is d = 2 steps from S0 along S0 → S1 → S2; Height changes across the borders: 1 then 2; "
        "net Δh = 3.",
        "[H5] Line clear: no section between stands higher than both ends (max 3) — S1 at Height 1.",
        "[H5] Range needed = max(d, |Δh|) = max(2, 3) = 3; Shortbow has range 3 — enough.",
    ]
    sling = judge_action(f, "s0", "s2", Action.parse("Sling, range 2"))
    assert not sling.allowed
    assert "[H5] Range needed = max(d, |Δh|) = max(2, 3) = 3; Sling has range 2 — too short." in texts(sling)


def test_example_2_across_a_chasm_minus_6_then_6_needs_range_2():
    """Height and Range: "height changes of -6 and 6 across the section borders. The
    resulting height difference is 0, so the PC only needs an attack with range 2 or
    better in order to make the distance." (H5)"""
    f = across(-6, 6)
    line = line_of_shot(f, "s0", "s2")
    assert line is not None
    assert (line.steps, line.rise, line.range_needed, line.blocked_by) == (2, 0, 2, None)
    assert judge_action(f, "s0", "s2", Action.parse("Sling, range 2")).allowed
    short = judge_action(f, "s0", "s2", Action.parse("Stone, range 1"))
    assert not short.allowed
    assert short.summary == "Stone, range 1: cannot reach (needs range 2)"


def test_example_3_up_1_then_down_2_is_blocked():
    """Height and Range: "height changes of 1 and -2 across the two section borders.
    This attack cannot be made because the shot is blocked by the terrain." H5: the
    middle section (1) stands higher than both ends (0 and −1)."""
    f = across(1, -2)
    line = line_of_shot(f, "s0", "s2")
    assert line is not None
    assert (line.steps, line.rise, line.blocked_by) == (2, -1, "s1")
    for text in ("Shortbow, range 3", "Longbow, range 50"):
        verdict = judge_action(f, "s0", "s2", Action.parse(text))
        assert not verdict.allowed
        assert verdict.summary.endswith(": cannot reach (needs range 2, blocked)")
        assert "[H5] Blocked: S1 stands at Height 1, higher than both ends (max 0)." in texts(verdict)


def test_example_4_down_2_then_1_needs_range_3():
    """Height and Range: "height changes of -2 and -1 across the two section borders.
    The PC must use an attack with range 3 or better since the destination section
    is a total of 3 height below the PC's occupied section." (H5)"""
    f = across(-2, -1)
    line = line_of_shot(f, "s0", "s2")
    assert line is not None
    assert (line.steps, line.rise, line.range_needed, line.blocked_by) == (2, -3, 3, None)
    assert judge_action(f, "s0", "s2", Action.parse("Shortbow, range 3")).allowed
    assert not judge_action(f, "s0", "s2", Action.parse("Sling, range 2")).allowed


@pytest.mark.parametrize(
    "shooter, target, expected",
    [("shooter-1", "target-1", (True, False, False)),   # +1, +2: range 3 needed
     ("shooter-2", "target-2", (True, True, False)),    # −6, +6: range 2 needed
     ("shooter-3", "target-3", (False, False, False)),  # +1, −2: blocked
     ("shooter-4", "target-4", (True, False, False))],  # −2, −1: range 3 needed
)
def test_the_four_shots_scenario_plays_the_four_worked_examples(shooter, target, expected):
    """Height and Range, the four examples, as the bundled "four shots" scenario
    lays them out: Shortbow (range 3), Sling (range 2), Dagger (range 0). (H5, H6)"""
    table = Table.start(scenario.loads((SCENARIOS / "four-shots.json").read_text(encoding="utf-8")))
    verdicts = height_play.attack(table, shooter, target)
    assert [str(v.action) for v in verdicts] == ["Shortbow, range 3", "Sling, range 2", "Dagger, range 0"]
    assert tuple(v.allowed for v in verdicts) == expected


# -- H5 boundaries -------------------------------------------------------

@pytest.mark.parametrize("middle, blocked", [(2, False), (2.5, True), (-4, False)])
def test_a_section_between_blocks_only_when_higher_than_both_ends(middle, blocked):
    """H5: "The shot is blocked when any section strictly between them stands higher
    than both ends, i.e. its elevation > max(shooter, target)." Ends 0 and 2."""
    f = chain(0, middle, 2)
    for a, b in (("s0", "s2"), ("s2", "s0")):
        line = line_of_shot(f, a, b)
        assert line is not None
        assert (line.blocked_by == "s1") is blocked


def test_adjacent_sections_are_never_blocked_and_need_the_height():
    """H5: "the range needed is max(d, |Δh|)" and only a section "strictly between"
    blocks — with d = 1 there is none. Up a Height 4 border: range 4 reaches,
    range 3 does not."""
    f = chain(0, 4)
    assert judge_action(f, "s0", "s1", Action.parse("Javelin, range 4")).allowed
    verdict = judge_action(f, "s1", "s0", Action.parse("Sling, range 3"))
    assert not verdict.allowed
    assert verdict.summary == "Sling, range 3: cannot reach (needs range 4)"


def test_on_level_ground_range_counts_section_steps():
    """H5: "the range needed is max(d, |Δh|)" — d = 3, Δh = 0."""
    f = chain(0, 0, 0, 0)
    assert judge_action(f, "s0", "s3", Action.parse("Bow, range 3")).allowed
    assert not judge_action(f, "s0", "s3", Action.parse("Sling, range 2")).allowed


@pytest.mark.parametrize("rng, allowed", [(2, False), (3, True)])
def test_a_fractional_height_change_needs_the_next_whole_range(rng, allowed):
    """Height and Range: "The range of the Action must be equal to or greater than
    the total change in Height"; H1 "decimals allowed": Δh = 2.5, d = 1 needs
    range 2.5, so range 2 falls short and range 3 is enough."""
    verdict = judge_action(chain(0, 2.5), "s0", "s1", Action("Bow", rng))
    assert verdict.allowed is allowed
    assert verdict.summary.endswith("(needs range 2.5)")


def test_decimal_elevations_do_not_add_rounding_noise_to_range():
    """Height and Range: "The range of the Action must be equal to or greater than
    the total change in Height": 1.15 → 4.15 is exactly 3 (H1), so range 3 is enough."""
    verdict = judge_action(chain(1.15, 4.15), "s0", "s1", Action.parse("Bow, range 3"))
    assert verdict.allowed
    assert verdict.summary == "Bow, range 3: reaches (needs range 3)"


def test_a_clear_shortest_path_lets_the_shot_through():
    """H5: "The shot is blocked when any section strictly between them stands higher
    than both ends" — it names no path; the core's reading (``line_of_shot``, and
    docs/rules.md › Open rulings): clear when one shortest path is clear. Via
    the Tower (5) is blocked, via the Yard (0) is not."""
    f = field({"a": 0, "tower": 5, "yard": 0, "b": 0}, [("a", "tower"), ("tower", "b"), ("a", "yard"), ("yard", "b")])
    line = line_of_shot(f, "a", "b")
    assert line is not None
    assert line.blocked_by is None and line.path == ("a", "yard", "b")
    walled = field({"a": 0, "tower": 5, "keep": 3, "b": 0},
                   [("a", "tower"), ("tower", "b"), ("a", "keep"), ("keep", "b")])
    line = line_of_shot(walled, "a", "b")
    assert line is not None and line.blocked_by is not None
    assert not judge_action(walled, "a", "b", Action.parse("Longbow, range 5")).allowed


def test_no_line_between_unconnected_sections():
    """H5: "With d = section steps from shooter to target" — with no border linking
    them there is no d and no line."""
    f = field({"here": 0, "there": 0}, [])
    assert line_of_shot(f, "here", "there") is None
    verdict = judge_action(f, "here", "there", Action.parse("Longbow, range 5"))
    assert not verdict.allowed
    assert verdict.summary == "Longbow, range 5: cannot reach (no line)"
    assert texts(verdict) == ["[H5] There shares no border, direct or indirect, with Here: no line."]


def test_any_action_reaches_its_own_section():
    """H5: "the range needed is max(d, |Δh|)" = max(0, 0) on its own section; H6:
    "A range-0 action reaches only its own section"."""
    f = chain(3)
    for text in ("Dagger, range 0", "Bow, range 3", "Spear, range 0, Reach"):
        assert judge_action(f, "s0", "s0", Action.parse(text)).allowed


# -- H6: melee and Reach -------------------------------------------------

@pytest.mark.parametrize("elevations", [(0, 0), (0, 1), (1, 0)])
def test_melee_reaches_only_its_own_section(elevations):
    """Height and Range: "Melee and other range 0 Actions cannot cross Height
    boundaries (unless they have Reach)." H6: "A range-0 action reaches only its
    own section.\""""
    f = chain(*elevations)
    verdict = judge_action(f, "s0", "s1", Action.parse("Dagger, range 0"))
    assert not verdict.allowed
    assert texts(verdict) == [
        "[H6] Dagger, range 0: a range 0 action without Reach reaches only its own section; "
        "the target is 1 step away."
    ]
    same = judge_action(f, "s0", "s0", Action.parse("Dagger, range 0"))
    assert same.allowed
    assert texts(same)[0].endswith("the target is on it.")


@pytest.mark.parametrize(
    "elevations, allowed",
    [((0, 0), True), ((0, 1), True), ((1, 0), True),  # one border of Height 0 or 1
     ((0, 2), False), ((2, 0), False),                 # not Height 2
     ((0, 0, 0), False)],                              # nor two steps
)
def test_reach_1_is_judged_like_range_1(elevations, allowed):
    """H6: "An action with Reach r (bare "Reach" = 1) is judged like a ranged action
    of range r by H5: Reach 1 crosses one border of Height 0 or 1, not Height 2.\""""
    f = chain(*elevations)
    verdict = judge_action(f, "s0", f"s{len(elevations) - 1}", Action.parse("Spear, range 0, Reach"))
    assert verdict.allowed is allowed
    assert texts(verdict)[0] == "[H6] Spear, range 0, Reach: Reach 1 is judged like a ranged action of range 1."


@pytest.mark.parametrize(
    "elevations, allowed",
    [((0, 0, 0), True), ((0, 2), True), ((0, -2), True), ((0, 3), False),
     ((0, 0, 0, 0), False), ((0, 1, 0), False)],  # last: a Height 1 rise between blocks
)
def test_reach_2_is_judged_like_range_2(elevations, allowed):
    """H6: "An action with Reach r ... is judged like a ranged action of range r by
    H5" — so the H5 block applies too."""
    f = chain(*elevations)
    verdict = judge_action(f, "s0", f"s{len(elevations) - 1}", Action.parse("Glaive, range 0, Reach 2"))
    assert verdict.allowed is allowed


def test_a_blocked_shot_says_blocked_first_and_never_enough():
    """H5: range and sight are two conditions; a blocked line is said first, and the range step after it never
    says "enough" (which reads as a yes): range 3 would cover max(2, 1) = 2, but no range reaches past the block;
    a range too short says both."""
    f = across(1, -2)
    verdict = judge_action(f, "s0", "s2", Action.parse("Shortbow, range 3"))
    assert texts(verdict) == [
        "[H5] S2 is d = 2 steps from S0 along S0 → S1 → S2; Height changes across the borders: 1 then -2; "
        "net Δh = -1.",
        "[H5] Blocked: S1 stands at Height 1, higher than both ends (max 0).",
        "[H14] No line from S0 to S2 is clear; the shortest is judged, with its first blocker.",
        "[H5] Range needed = max(d, |Δh|) = max(2, 1) = 2; Shortbow has range 3, but the line is blocked: no range "
        "reaches past it.",
    ]
    assert not any("enough" in t for t in texts(verdict))
    sling = judge_action(f, "s0", "s2", Action.parse("Sling, range 1"))
    assert texts(sling)[-1] == ("[H5] Range needed = max(d, |Δh|) = max(2, 1) = 2; Sling has range 1 — too short, "
                                "and the line is blocked.")


def test_reach_is_named_as_reach_and_range_0_is_not_called_blocked():
    """H6: "An action with Reach r ... is judged like a ranged action of range r" — the step names Reach 2; a
    range-0 action reaches only its own section, and its summary says so rather than "blocked"."""
    f = across(1, -2)
    glaive = judge_action(f, "s0", "s1", Action.parse("Glaive, range 0, Reach 2"))
    assert "[H5] Range needed = max(d, |Δh|) = max(1, 1) = 1; Glaive has Reach 2 — enough." in texts(glaive)
    dagger = judge_action(f, "s0", "s2", Action.parse("Dagger, range 0"))
    assert dagger.summary == "Dagger, range 0: cannot reach (range 0: its own section only)"


def test_the_judged_line_is_none_for_a_range_0_action_and_the_line_for_reach():
    """H6: a range 0 action without Reach "reaches only its own section" — sight and range play no part, so the
    verdict judged no line (the side view draws none and marks no blocker), though the geometric line exists;
    an action with Reach is judged like a ranged action (H5), over its line."""
    f = across(1, -2)
    dagger = judge_action(f, "s0", "s2", Action.parse("Dagger, range 0"))
    assert dagger.line is not None and dagger.line.path == ("s0", "s1", "s2")
    assert dagger.judged_line is None
    glaive = judge_action(f, "s0", "s1", Action.parse("Glaive, range 0, Reach 2"))
    assert glaive.judged_line is glaive.line and glaive.line is not None
