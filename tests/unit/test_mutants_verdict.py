"""The order of ruling ids in every verdict, pinned where mutation testing (tools/mutate) found it loose (H13).

Source: ruling H13 of ``RULINGS.md`` (a fixed order, so the same table gives the same explanation).
"""

from __future__ import annotations

from vertigo.verdict import Step, rule_ids


def test_h13_ruling_ids_sort_by_letters_then_number_and_anything_else_comes_after():
    """H13 (a fixed order): ``rule_ids`` sorts H2 before H13, letters first (G before H before Y), and puts
    anything that is not a ruling id after every id, by its text — even after an id starting with Y."""
    steps = [Step("note", ""), Step("Y1", ""), Step("H13", ""), Step("H2, G4", ""), Step("aside", "")]
    assert rule_ids(steps) == ["G4", "H2", "H13", "Y1", "aside", "note"]
