"""Names and outside text: what may be shown, and how it sits in a sentence.

Source: issue 5, faults 6 ("Bidi spoofing": isolate every user string; refuse bidi override controls in
names; "a legitimate Hebrew or Arabic name must not reorder the text after it") and 7 ("Validation gaps":
NUL, LF, ESC, U+0085, U+009B and DEL; zero-width-only names); what a fresh user found beyond them (U+FFFD
from a file that is not UTF-8, line separators, Arabic-Indic digits in entries, a file name with U+202E).
"""

from __future__ import annotations

import pytest

from vertigo import scenario
from vertigo.errors import EntryError, LimitError, ScenarioError
from vertigo.rules.height.rules.moves import MoveEntry
from vertigo.text import FSI, PDI, check_name, isolate, quote, shown_name


@pytest.mark.parametrize("name, message", [
    ("Goat\x00", "must not contain control characters (U+0000)"),
    ("Goat\n", "must not contain control characters (U+000A)"),
    ("Goat\x1b[31m", "must not contain control characters (U+001B)"),
    ("Goat\x7f", "must not contain control characters (U+007F)"),
    ("Goat\x85", "must not contain control characters (U+0085)"),
    ("Goat\x9b31m", "must not contain control characters (U+009B)"),
    ("Goat\u202e dewolla ton", "must not contain bidirectional control characters (U+202E)"),
    ("Goat\u2066", "must not contain bidirectional control characters (U+2066)"),
    ("Goat\u2028", "must not contain line or paragraph separators (U+2028)"),
    ("Ti\ufffdny", "must not contain U+FFFD, the mark of a character that could not be read (is the file UTF-8?)"),
    ("\u200b", "must have at least one visible character"),
    ("\u200b\u200d\ufeff", "must have at least one visible character"),
    ("\u3164", "must have at least one visible character"),
    ("\ud800", "must not contain a lone surrogate (U+D800)"),
    ("   ", "must be non-empty text"),
])
def test_names_that_hide_or_break_text_are_refused_with_the_code_point(name, message):
    """Fault 7: control, bidi and invisible names are refused, the message naming the code point."""
    with pytest.raises(EntryError) as info:
        check_name(name, 80)
    assert str(info.value) == message


def test_a_name_over_the_cap_is_a_limit_error():
    """STYLE 5: "a cap always raises the limit error"."""
    with pytest.raises(LimitError, match=r"^must be at most 80 characters: 81$"):
        check_name("x" * 81, 80)


@pytest.mark.parametrize("name", ["שלום", "محارب", "Ørjan", "Kestrel 2", "<script>alert(1)</script>", "a\u200bb"])
def test_legitimate_names_are_kept_as_they_are(name):
    """Fault 6: a legitimate Hebrew or Arabic name is welcome; markup is only text."""
    assert check_name(name, 80) == name


def test_right_to_left_names_are_isolated_and_others_left_alone():
    """Fault 6: "Isolate every user string from the text around it": a name that could reorder the sentence
    is wrapped in FSI … PDI (the plain-text <bdi>); a left-to-right name cannot, and is left as it is."""
    assert isolate("שלום") == FSI + "שלום" + PDI
    assert isolate("Goat ٢") == FSI + "Goat ٢" + PDI  # Arabic-Indic digits reorder too
    assert isolate("Goat") == "Goat"


def test_no_ascii_character_is_one_that_isolate_wraps():
    """Fault 6, the shortcut that leaves an ASCII name as it is: no ASCII character is right-to-left or an
    Arabic digit, so the bidirectional class of each need not be looked up (the page isolates hundreds of names
    per click)."""
    import unicodedata

    from vertigo.text import _RTL_CLASSES
    assert [chr(i) for i in range(128) if unicodedata.bidirectional(chr(i)) in _RTL_CLASSES] == []
    assert isolate("".join(chr(i) for i in range(32, 127))) == "".join(chr(i) for i in range(32, 127))


def test_a_file_name_cannot_turn_the_message_around():
    """A fresh user's find: a file named with U+202E reversed the status and error lines."""
    assert shown_name("evil\u202enosj.txt") == "evil\ufffdnosj.txt"
    assert shown_name("a\nb.json") == "a\ufffdb.json"
    assert shown_name("x" * 100) == "x" * 80 + "…"


def test_quoting_a_value_keeps_the_message_on_one_printable_line():
    """Refused values are quoted with their controls, separators and bidi controls escaped, and cut short."""
    assert quote("a\u202eb\nc") == '"a\\u202eb\\nc"'  # json writes LF as \n
    assert quote([""] * 1_000_000) == '["", "", "", "", "", "", "", "", "", "", "", "", "", "", ...'
    assert len(quote({"k": "v" * 10_000})) == 60


def test_entries_read_only_ascii_digits():
    """A fresh user's find: "Move ٢" (an Arabic-Indic two) was read as Move 2."""
    with pytest.raises(EntryError):
        MoveEntry.parse("Move ٢")


def test_an_empty_file_says_it_is_empty():
    """A fresh user's find: an empty file got "line 1, column 1: not valid JSON (Expecting value)"."""
    for text in ("", "   \n"):
        with pytest.raises(ScenarioError) as info:
            scenario.loads(text)
        assert info.value.problems == ("document: is empty",)
