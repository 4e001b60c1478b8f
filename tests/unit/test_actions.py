"""Actions with a range or Reach: parse, format, errors (H5, H6).

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("Melee and other
range 0 Actions cannot cross Height boundaries (unless they have Reach)");
rulings H5 and H6 of ``RULINGS.md``.
"""

from __future__ import annotations

import pytest

from vertigo.errors import EntryError, LimitError, RulesError
from vertigo.limits import MAX_DISTANCE, MAX_ENTRY_TEXT
from vertigo.rules.height.rules.actions import Action


@pytest.mark.parametrize(
    "text, name, rng, reach, effective",
    [("Shortbow, range 3", "Shortbow", 3, None, 3),
     ("Spear, range 0, Reach", "Spear", 0, 1, 1),
     ("Glaive, range 0, Reach 2", "Glaive", 0, 2, 2)],
)
def test_actions_parse_and_format_back(text, name, rng, reach, effective):
    """H6: "An action with Reach r (bare "Reach" = 1) is judged like a ranged action
    of range r"; H5 uses its range."""
    action = Action.parse(text)
    assert (action.name, action.range, action.reach) == (name, rng, reach)
    assert action.effective_range == effective
    assert str(action) == text
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize("text", ["Shortbow, range 3", "Spear, range 0, Reach", "Glaive, range 0, Reach 2"])
def test_repr_round_trips(text):
    """STYLE 2: "Parsers and formatters come in pairs ... and `repr` round-trips." —
    for the H6 actions ("bare "Reach" = 1")."""
    action = Action.parse(text)
    assert eval(repr(action), {"Action": Action}) == action


@pytest.mark.parametrize(
    "text, canonical",
    [("Spear, range 0, Reach 1", "Spear, range 0, Reach"),   # H6: bare Reach = 1
     ("  Long bow ,RANGE 5 ", "Long bow, range 5"),
     ("Pike, range 0, reach", "Pike, range 0, Reach"),
     ("Halberd,range 1,Reach 3", "Halberd, range 1, Reach 3")],
)
def test_spacing_and_case_normalise(text, canonical):
    """H6: "bare "Reach" = 1" — written back as bare Reach; spacing normalised."""
    assert str(Action.parse(text)) == canonical


def test_reach_wider_than_range_sets_the_effective_range():
    """H6: Reach r "is judged like a ranged action of range r"; the larger counts."""
    assert Action.parse("Halberd, range 1, Reach 3").effective_range == 3
    assert Action.parse("Javelin, range 4, Reach").effective_range == 4


@pytest.mark.parametrize(
    "text",
    ["Shortbow", "Shortbow range 3", "Shortbow, range three", ", range 3", "Shortbow, range -1",
     "Shortbow, range 3, Reach -1", "Shortbow, 3", "Bow, long, range 3", "", "Spear, range 0, Reach two"],
)
def test_text_that_is_not_an_action_is_quoted_in_the_error(text):
    """H5/H6 actions read "Name, range r[, Reach[ r]]"; anything else is an
    EntryError (a RulesError and a ValueError) quoting the text."""
    with pytest.raises(EntryError) as info:
        Action.parse(text)
    assert str(info.value).startswith(f'"{text}" is not an action (expected e.g. "Shortbow, range 3"')
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)


def test_reach_0_is_an_entry_error():
    """H6: a Reach is at least 1 (bare "Reach" = 1); Reach 0 is no Reach."""
    with pytest.raises(EntryError) as info:
        Action.parse("Bow, range 3, Reach 0")
    assert str(info.value) == "range must be ≥ 0 and Reach ≥ 1: Bow, range 3, Reach 0"


def test_caps_on_range_name_and_text():
    """STYLE 5: "Bounded work: caps on ... with a specific error when exceeded" —
    range and Reach ≤ 50 (MAX_DISTANCE), names ≤ 80 characters, texts ≤ 200 characters."""
    assert MAX_DISTANCE == 50
    assert Action.parse("Bow, range 50").range == 50
    with pytest.raises(LimitError) as info:
        Action.parse("Bow, range 51")
    assert str(info.value) == "range and Reach must be ≤ 50: Bow, range 51"
    with pytest.raises(LimitError) as info:
        Action.parse("Spear, range 0, Reach 51")
    assert str(info.value) == "range and Reach must be ≤ 50: Spear, range 0, Reach 51"
    with pytest.raises(LimitError) as info:
        Action.parse("B" * 81 + ", range 1")
    assert str(info.value) == "the action's name must be at most 80 characters: 81"
    with pytest.raises(LimitError) as info:  # issue 6: "a cap always raises the limit error"
        Action.parse(" " * 100_000)
    assert str(info.value) == f"an action must be at most {MAX_ENTRY_TEXT} characters: 100000"


def test_non_text_and_empty_names_are_entry_errors():
    """H6 actions are written like "Spear, range 0, Reach"; STYLE 6: "messages name
    the field, the constraint and the value"."""
    with pytest.raises(EntryError, match=r"^an action must be text: null$"):
        Action.parse(None)  # type: ignore[arg-type]
    with pytest.raises(EntryError, match=r'^the action\'s name must be non-empty text: "  "$'):
        Action("  ", 1)
