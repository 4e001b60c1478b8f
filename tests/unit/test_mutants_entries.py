"""Move entries, actions, move explanations and where sections are drawn, pinned where mutation testing
(tools/mutate) found them loose (H2, H3, H4, H5, H6).

Source: ``000_519d8b8e373365db.txt`` › Combat (Move entries; Fly, Phase, Teleport), › Height and Range;
rulings H2–H6 of ``RULINGS.md``.
"""

from __future__ import annotations

import pytest

from vertigo.battlefield import Section, default_border_x
from vertigo.errors import EntryError, LimitError
from vertigo.limits import MAX_DISTANCE, MAX_ENTRY_TEXT
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.movement import judge_move
from vertigo.rules.height.rules.moves import MoveEntry

from builders import chain


def test_h2_a_move_entry_may_be_200_characters_and_no_more():
    """H2 ``Move N (Height h)`` entries are bounded by MAX_ENTRY_TEXT (200): 200 characters parse, 201 are
    refused."""
    assert MoveEntry.parse("Move 2".ljust(MAX_ENTRY_TEXT)) == MoveEntry("Move", 2)
    with pytest.raises(LimitError) as e:  # issue 6: a cap always raises the limit error
        MoveEntry.parse("Move 2".ljust(MAX_ENTRY_TEXT + 1))
    assert str(e.value) == "a Move entry must be at most 200 characters: 201"


def test_h2_h4_a_text_that_is_not_a_move_entry_is_quoted_in_at_most_202_characters():
    """H2, H4: the refusal quotes the text (200 characters and two quote marks at most) and names the kinds
    Move, Fly, Phase and Teleport: a 200-character text holding a newline is cut to 199 and ``...``."""
    with pytest.raises(EntryError) as e:
        MoveEntry.parse("x" * 199 + "\n")
    assert str(e.value) == ('"' + "x" * 198 + '... is not a Move entry (expected e.g. "Move 2", "Move 1 (Height 2)", '
                            '"Fly 3", "Phase 2", "Teleport 4")')


def test_h5_h6_range_and_reach_may_be_50_and_no_more():
    """H5, H6: range and Reach are section steps capped at MAX_DISTANCE (50): 50 each is kept, a Reach of 51
    is refused."""
    assert Action("Glaive", MAX_DISTANCE, MAX_DISTANCE) == Action.parse("Glaive, range 50, Reach 50")
    with pytest.raises(LimitError) as e:
        Action("Glaive", 0, MAX_DISTANCE + 1)
    assert str(e.value) == "range and Reach must be ≤ 50: Glaive, range 0, Reach 51"


def test_h5_an_action_may_be_200_characters_and_no_more():
    """H5 actions (``Shortbow, range 3``) are bounded by MAX_ENTRY_TEXT (200): 200 characters parse, 201 are
    refused; a value that is not text is refused, quoted."""
    assert Action.parse("Bow, range 3".ljust(MAX_ENTRY_TEXT)) == Action("Bow", 3)
    with pytest.raises(LimitError) as e:  # issue 6: a cap always raises the limit error
        Action.parse("Bow, range 3".ljust(MAX_ENTRY_TEXT + 1))
    assert str(e.value) == "an action must be at most 200 characters: 201"
    with pytest.raises(EntryError) as e:
        Action.parse(5)  # type: ignore[arg-type]
    assert str(e.value) == "an action must be text: 5"


def test_h5_a_text_that_is_not_an_action_is_quoted_in_at_most_202_characters():
    """H5: the refusal quotes the text (200 characters and two quote marks at most): a 200-character text
    holding a newline is cut to 199 and ``...``."""
    with pytest.raises(EntryError) as e:
        Action.parse("x" * 199 + "\n")
    assert str(e.value) == ('"' + "x" * 198 + '... is not an action (expected e.g. "Shortbow, range 3" or '
                            '"Spear, range 0, Reach")')


def steps(entry: str, dest: str) -> list[str]:
    """The explanation of ``entry`` from S0 to ``dest`` on two level sections."""
    return [str(s) for s in judge_move(chain(0, 0), "s0", dest, MoveEntry.parse(entry)).steps]


def test_h2_a_move_explains_its_crossings_not_a_phase_line():
    """H2: a Move lists each crossing; the H4 line ("is 1 step away, net change in Height") belongs to Phase and
    Teleport only."""
    assert steps("Move 2", "s1") == [
        "[H2] Move 2 moves up to 2 steps with Height 0 (none listed: 0).",
        "[H2] S0 → S1: Height 0 (no Height).",
        "[H8] No falling dice.",
        "[H3] Route chosen: fewest falling dice (0), then fewest steps (1).",
    ]


def test_h4_a_phase_to_its_own_section_has_no_distance_line():
    """H4: "Phase r and Teleport r reach a section at most r steps away": to another section the explanation
    says how far and the net change; to its own section there is nothing to measure."""
    intro = ("[H4] Phase 2: reaches a section ≤ 2 steps away with net change in Height ≤ 2; no borders are "
             "crossed, so no fall.")
    assert steps("Phase 2", "s0") == [intro, "[H3] Already on S0: nothing moves."]
    assert steps("Phase 2", "s1") == [intro, "[H4] S1 is 1 step away, net change in Height 0: within 2.",
                                      "[H8] No falling dice."]


def test_h1_a_sections_centre_and_the_border_between_side_by_side_sections():
    """H1 (sections and their borders, as drawn): a section from 2 to 6 has its centre at 4; the border of
    sections 0–2 and 4–6 is drawn in the middle of the gap, at 3, whichever is given first."""
    assert Section("a", "A", 0, 2, 6).centre == 4
    assert default_border_x(Section("a", "A", 0, 0, 2), Section("b", "B", 0, 4, 6)) == 3
    assert default_border_x(Section("a", "A", 0, 4, 6), Section("b", "B", 0, 0, 2)) == 3


def test_h1_a_border_under_a_higher_section_is_drawn_at_its_edge_nearer_the_lower_one():
    """H1 (stacked sections): the border is the higher section's edge nearer the lower one's centre — 0 for a
    lower section at 1–3, 10 for one at 7–9, under a higher one spanning 0–10."""
    assert default_border_x(Section("a", "A", 3, 0, 10), Section("b", "B", 0, 1, 3)) == 0
    assert default_border_x(Section("a", "A", 3, 0, 10), Section("b", "B", 0, 7, 9)) == 10
