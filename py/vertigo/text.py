"""User text: what a name may hold, and how it sits inside a sentence.

Names (titles, sections, fighters, sides, actions) come from files anyone can
write and from links anyone can share, so they are checked before they reach
the page: no control characters (they break lines, colour terminals and hide
text), no bidirectional embedding, override or isolate controls (U+202A–U+202E,
U+2066–U+2069: a name holding U+202E would flip the text after it), no lone
surrogates, and at least one visible character (a name of zero-width spaces
would be an invisible fighter).

A legitimate right-to-left name (Hebrew, Arabic) is welcome, but placed in an
English sentence it would pull neighbouring numbers and punctuation into its
own direction.  :func:`isolate` wraps such a name in FIRST STRONG ISOLATE …
POP DIRECTIONAL ISOLATE (U+2068 … U+2069), the plain-text form of HTML's
``<bdi>``: the name keeps its own direction and the sentence around it reads in
order, in the panel, the log, the status line, tooltips and the SVG alike.

Source: issue 5 (bidi spoofing, validation gaps); Unicode Standard Annex #9
(isolates).
"""

from __future__ import annotations

import json
import unicodedata

from .errors import EntryError, LimitError

__all__ = ["check_name", "check_named", "entry_text", "isolate", "joined", "quote", "shown_name", "FSI", "PDI"]

def entry_text(value: object, limit: int, what: str) -> str:
    """The one guard every parser of entry text runs first: text, at most ``limit`` characters.

    Move entries, actions, weapons, reaches, dice and lengths all pass through
    it before any pattern or number is built, so a hostile entry costs
    microseconds and every cap raises the same error.

    Args:
        value: what the document holds.
        limit: the most characters accepted.
        what: the entry's kind, with its article (``"a Move entry"``).

    Returns:
        The text, unchanged.

    Raises:
        EntryError: not text (the value quoted).
        LimitError: longer than ``limit`` (its length given).
    """
    if not isinstance(value, str):
        raise EntryError(f"{what} must be text: {quote(value)}")
    if len(value) > limit:
        raise LimitError(f"{what} must be at most {limit} characters: {len(value)}")
    return value


FSI = "\u2068"
"""FIRST STRONG ISOLATE: opens an isolated run of text."""
PDI = "\u2069"
"""POP DIRECTIONAL ISOLATE: closes it."""

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: refused in names (the page adds its own isolates)."""
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
"""Characters that are letters or symbols by category but draw nothing (Hangul fillers, the blank Braille
pattern, the Mongolian vowel separator)."""
_INVISIBLE_CATEGORIES = frozenset(("Cf", "Zs", "Zl", "Zp", "Mn", "Me", "Cc"))
"""Categories that draw no mark of their own: format characters (zero-width space, joiners, BOM), spaces,
separators and combining marks."""
_RTL_CLASSES = frozenset(("R", "AL", "AN"))
"""Bidirectional classes that reorder the text around them in a left-to-right sentence."""


def _problem(text: str) -> str | None:
    """Why ``text`` cannot be a name, or None when it can."""
    visible = False
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cc":
            return f"must not contain control characters (U+{ord(ch):04X})"
        if cat == "Cs":
            return f"must not contain a lone surrogate (U+{ord(ch):04X})"
        if ch in _BIDI_CONTROLS:
            return f"must not contain bidirectional control characters (U+{ord(ch):04X})"
        if cat in ("Zl", "Zp"):
            return f"must not contain line or paragraph separators (U+{ord(ch):04X})"
        if ch == "\ufffd":
            return "must not contain U+FFFD, the mark of a character that could not be read (is the file UTF-8?)"
        if not visible and cat not in _INVISIBLE_CATEGORIES and ch not in _BLANK_LETTERS:
            visible = True
    if not visible:
        return "must have at least one visible character"
    return None


def check_name(value: object, limit: int) -> str:
    """A name as given, if it may be shown to the user.

    Args:
        value: the decoded JSON value.
        limit: the most characters allowed (code points).

    Returns:
        ``value`` unchanged.

    Raises:
        LimitError: longer than ``limit``.
        EntryError: not text, empty or blank, holding a
            control character (C0, DEL or C1), a bidirectional embedding,
            override or isolate control, or a lone surrogate; or nothing
            visible at all (zero-width characters only).  The message names the
            constraint and, for a bad character, its code point.
    """
    if not isinstance(value, str):
        raise EntryError("must be text")
    if not value.strip():
        raise EntryError("must be non-empty text")
    if len(value) > limit:
        raise LimitError(f"must be at most {limit} characters: {len(value)}")
    problem = _problem(value)
    if problem is not None:
        raise EntryError(problem)
    return value


def check_named(value: str, limit: int, what: str) -> str:
    """:func:`check_name` for the name of a thing, the messages saying whose name (``"the action's name …"``).

    Raises:
        LimitError: longer than ``limit``.
        EntryError: any other reason :func:`check_name` refuses it, the name quoted.
    """
    try:
        return check_name(value, limit)
    except LimitError as e:
        raise LimitError(f"the {what}'s name {e}") from None
    except EntryError as e:
        raise EntryError(f"the {what}'s name {e}: {quote(value)}") from None


def shown_name(text: str, limit: int = 80) -> str:
    """Any outside text (a file's name) made safe to show in a sentence.

    Control, separator and bidirectional control characters become U+FFFD;
    the text is cut to ``limit`` characters and isolated (:func:`isolate`), so
    a file named ``evil\u202enosj.txt`` cannot turn the message around it.
    """
    safe = "".join("\ufffd" if unicodedata.category(c) in _UNSAFE_IN_MESSAGES or c in _BIDI_CONTROLS else c
                   for c in text[:limit])
    return isolate(safe + ("…" if len(text) > limit else ""))


def isolate(name: str) -> str:
    """``name`` ready to be placed inside a sentence.

    A name holding right-to-left letters or Arabic digits is wrapped in
    FSI … PDI, so it cannot reorder the text after it; any other name is
    returned as it is (it cannot reorder anything in a left-to-right line).

    Args:
        name: a name that passed :func:`check_name` (it holds no isolates of
            its own, so the pair added here always balances).

    Returns:
        The name, isolated when it needs to be.
    """
    if name.isascii():
        return name  # no ASCII character is right-to-left (R, AL) or an Arabic digit (AN)
    for ch in name:
        if unicodedata.bidirectional(ch) in _RTL_CLASSES:
            return FSI + name + PDI
    return name


def joined(names: list[str] | tuple[str, ...]) -> str:
    """Names in a sentence: ``"Sling"``, ``"Sling and Dagger"``, ``"Move 1, Fly 1 and Teleport 3"``; ``""`` for
    none.  The names are placed as given (isolate them first, :func:`isolate`)."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


_UNSAFE_IN_MESSAGES = frozenset(("Cc", "Cs", "Zl", "Zp"))
"""Categories escaped when a value is quoted in a message: controls, surrogates, line and paragraph
separators (a message is one line of printable text)."""


def quote(value: object, limit: int = 60) -> str:
    """``value`` as JSON, safe to put in a one-line message: never more than ``limit`` characters.

    Controls, lone surrogates, line separators and bidirectional controls are
    written as ``\\uXXXX`` escapes, so a quoted value can neither break the
    message over several lines, nor make it unprintable, nor reorder it.  Only
    as much of the value is written as the limit shows, so quoting a list of a
    million entries costs no more than quoting a short one.

    Args:
        value: any decoded JSON value (or other object, shown by ``repr``).
        limit: the longest result; longer ones end in ``...``.

    Returns:
        The quoted value, e.g. ``'"Move one"'``, ``'[1, 2]'``, ``'"a\\u202eb"'``.
    """
    text = _preview(value, limit + 1)
    if any(unicodedata.category(c) in _UNSAFE_IN_MESSAGES or c in _BIDI_CONTROLS for c in text):
        text = "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in _UNSAFE_IN_MESSAGES or c in _BIDI_CONTROLS
                       else c for c in text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _preview(value: object, budget: int) -> str:
    """JSON text of ``value``, written only until it is longer than ``budget`` characters."""
    if isinstance(value, str):
        return json.dumps(value[:budget], ensure_ascii=False)
    if isinstance(value, (list, tuple, dict)):
        pairs = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        parts: list[str] = []
        size = 2
        for key, item in pairs:
            if size > budget:
                parts.append("...")
                break
            head = "" if key is None else _preview(key, budget) + ": "
            part = head + _preview(item, budget - size)
            parts.append(part)
            size += len(part) + 2
        inner = ", ".join(parts)
        return f"{{{inner}}}" if isinstance(value, dict) else f"[{inner}]"
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)
