"""Move entries as stat blocks write them: parse, format, errors (H2, H4).

Source: ``000_519d8b8e373365db.txt`` › Combat ("Some Move entries include a
Height value in parentheses, such as Move 1 (Height 2)"; Fly, Phase, Teleport);
rulings H2 and H4 of ``RULINGS.md``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from vertigo.errors import EntryError, LimitError, RulesError
from vertigo.limits import MAX_DISTANCE, MAX_ENTRY_TEXT
from vertigo.rules.height.rules.moves import MoveEntry


@pytest.mark.parametrize(
    "text, kind, distance, height",
    [("Move 2", "Move", 2, None),
     ("Move 1 (Height 2)", "Move", 1, 2),
     ("Fly 3", "Fly", 3, None),
     ("Phase 2", "Phase", 2, None),
     ("Teleport 4", "Teleport", 4, None)],
)
def test_entries_parse_and_format_back(text, kind, distance, height):
    """Combat: "Some Move entries include a Height value in parentheses, such as
    Move 1 (Height 2)"; H2 `Move N (Height h)`; H4 Fly, Phase r, Teleport r."""
    entry = MoveEntry.parse(text)
    assert (entry.kind, entry.distance, entry.height) == (kind, distance, height)
    assert str(entry) == text
    assert MoveEntry.parse(str(entry)) == entry


@pytest.mark.parametrize("text", ["Move 2", "Move 1 (Height 2)", "Move 1 (Height 1.5)", "Teleport 4"])
def test_repr_round_trips(text):
    """STYLE 2: "Parsers and formatters come in pairs (`MoveEntry.parse("Move 1
    (Height 2)")` / `str(entry)`), and `repr` round-trips."
    """
    entry = MoveEntry.parse(text)
    assert eval(repr(entry), {"MoveEntry": MoveEntry, "Fraction": Fraction}) == entry


@pytest.mark.parametrize(
    "text, canonical",
    [("  Move   1  ( Height 2 )  ", "Move 1 (Height 2)"),
     ("Move 1(Height 2)", "Move 1 (Height 2)"),
     ("Move 1 (Height 2.0)", "Move 1 (Height 2)"),
     ("Move 1 (Height 1.5)", "Move 1 (Height 1.5)"),
     ("Move 0", "Move 0")],
)
def test_spacing_and_decimals_normalise(text, canonical):
    """Combat: "Some Move entries include a Height value in parentheses, such as
    Move 1 (Height 2)"; H1 "decimals allowed". Spacing and "2.0" normalise to
    the canonical text."""
    assert str(MoveEntry.parse(text)) == canonical


@pytest.mark.parametrize(
    "text",
    ["Move one", "Move", "Walk 2", "move 2", "Move -1", "Move 1.5", "Move 2 (Height)",
     "Move 2 (Height -1)", "Move 2 Height 2", "2 Move", "", "   ", "Move 2 (Height 2", "Fly 3 (Speed 2)"],
)
def test_text_that_is_not_a_move_entry_is_quoted_in_the_error(text):
    """H2: "`Move N (Height h)`: up to N section steps" — anything else is an
    EntryError (a RulesError and a ValueError) that quotes the text."""
    with pytest.raises(EntryError) as info:
        MoveEntry.parse(text)
    assert str(info.value).startswith(f'"{text}" is not a Move entry (expected e.g. "Move 2"')
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", ["Fly 3 (Height 2)", "Phase 2 (Height 1)", "Teleport 4 (Height 0)"])
def test_only_move_entries_take_a_height(text):
    """Combat: "Some Move entries include a Height value in parentheses"; Fly ignores
    Height and Phase/Teleport use their range (H4), so a Height on them is an error."""
    with pytest.raises(EntryError) as info:
        MoveEntry.parse(text)
    assert str(info.value) == f"only Move entries take a (Height h): {text.split(' (')[0]}"


def test_non_text_is_an_entry_error():
    """H2: an entry is text like "Move 2"; a number is not."""
    with pytest.raises(EntryError, match=r"^a Move entry must be text: 2$"):
        MoveEntry.parse(2)  # type: ignore[arg-type]


def test_distance_and_height_caps():
    """STYLE 5: "caps on ... with a specific error when exceeded": N ≤ 50 and a
    Move's Height ≤ 1000 (H1 elevations lie within ±1000), each a LimitError
    naming the cap and the value."""
    assert MoveEntry.parse(f"Move {MAX_DISTANCE}").distance == 50
    with pytest.raises(LimitError) as info:
        MoveEntry.parse("Move 51")
    assert str(info.value) == "Move entry distance must be ≤ 50: 51"
    assert MoveEntry.parse("Move 1 (Height 1000)").height == 1000
    with pytest.raises(LimitError) as info:
        MoveEntry.parse("Move 1 (Height 1001)")
    assert str(info.value) == "Move entry Height must be 0 to 1000: 1001"


def test_absurdly_long_text_is_refused_before_parsing():
    """STYLE 5: "Bounded work" — a text longer than 200 characters is refused with
    its length, quickly, whatever it holds."""
    text = "Move " + "9" * 5000
    with pytest.raises(LimitError) as info:  # issue 6: "a cap always raises the limit error"
        MoveEntry.parse(text)
    assert str(info.value) == f"a Move entry must be at most {MAX_ENTRY_TEXT} characters: 5005"


def test_direct_construction_checks_kind_and_distance():
    """Combat names "Move", "Fly", "Phase" and "Teleport" (H2, H4: "`Move N (Height
    h)`: up to N section steps", N ≥ 0); any other kind is an EntryError."""
    with pytest.raises(EntryError) as info:
        MoveEntry("Swim", 2)
    assert str(info.value) == "Move entry kind must be one of Move, Fly, Phase, Teleport: 'Swim'"
    with pytest.raises(EntryError) as info:
        MoveEntry("Move", -1)
    assert str(info.value) == "Move entry distance must be ≥ 0: -1"
