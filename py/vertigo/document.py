"""Decoding a document's JSON text safely: its size, its nesting depth, a key written twice, a huge integer.

:func:`decode` checks a text's size and depth before the decoder sees it (a deeply nested document would
otherwise exhaust the stack, inside Pyodide fatally for the page), refuses a JSON key written twice in one
object at its place, and marks an integer too long to convert so that the validator names its place.
Every check takes time linear in the length of the text.  Scenarios, saved tables and ``ask`` questions
are all decoded here.

Source: issues 2 and 5 (hostile input gets a clear, specific message and never hangs the page).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from .errors import ScenarioError
from .limits import MAX_DOCUMENT_CHARS
from .text import quote

__all__ = ["MAX_NESTING", "decode", "nesting", "show", "key_place"]

_PLAIN_KEY = re.compile(r"[A-Za-z0-9_]{1,40}")
"""A key a place names bare (``fighters[0].moves``); any other is quoted."""


MAX_NESTING = 16
"""Deepest nesting of JSON arrays and objects accepted; a scenario needs 4, a saved table 5."""


class _Huge:
    """An integer too long to convert, kept as a marker so the validator can name its place."""

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"a {self.digits}-digit number"


def _parse_int(text: str) -> int | _Huge:
    """``int(text)``, or a :class:`_Huge` marker past the interpreter's digit limit."""
    try:
        return int(text)
    except ValueError:
        return _Huge(text)


def decode(text: str | bytes, what: str = "document", max_chars: int = MAX_DOCUMENT_CHARS) -> Any:
    """Decode JSON text after checking its size and nesting depth.

    The depth check runs before the decoder: a deeply nested document would
    otherwise exhaust the stack (inside Pyodide, fatally for the page).  Both
    checks take time linear in the length of the text (:func:`nesting`).  An
    integer longer than the interpreter converts (4300 digits) decodes as a marker that the
    validator reports at its place, like any other value of the wrong kind.

    Args:
        text: the JSON text.
        what: how messages name the text (``"document"``, ``"saved table"``).
        max_chars: the largest text accepted, in characters.

    Raises:
        ScenarioError: too large, nested deeper than MAX_NESTING, not JSON
            (with line and column), or with a key written twice in one object
            (at its place: ``fighters[1]: has the key "id" twice; ...``).
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if len(text) > max_chars:
        raise ScenarioError([f"{what}: is {len(text)} characters; at most {max_chars} are allowed"])
    if not text.strip():
        raise ScenarioError([f"{what}: is empty"])
    if nesting(text) > MAX_NESTING:
        raise ScenarioError([f"{what}: nests arrays and objects more than {MAX_NESTING} deep; "
                             f"at most {MAX_NESTING} are allowed"])
    repeats: list[_Doubled] = []  # the objects with a repeated key: the walk for their places only if any

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = _object(pairs)
        if isinstance(obj, _Doubled):
            repeats.append(obj)
        return obj
    try:
        try:
            doc = json.loads(text, object_pairs_hook=hook)
        except json.JSONDecodeError:
            raise
        except ValueError:  # an integer past the interpreter's digit limit: decode it again, marking it
            repeats.clear()
            doc = json.loads(text, parse_int=_parse_int, object_pairs_hook=hook)
    except json.JSONDecodeError as e:
        raise ScenarioError([_not_json(e, text)]) from None
    except RecursionError:
        raise ScenarioError([f"{what}: nests arrays and objects too deep to decode"]) from None
    if repeats:
        raise ScenarioError(_doubled_keys(doc, what))
    return doc


def _not_json(e: json.JSONDecodeError, text: str) -> str:
    """The problem of text the JSON decoder refused, as one complete sentence with its line and column.

    The decoder's own reasons that name a place end in " at" ("Unterminated string starting at", "Invalid
    control character at"), the place being kept apart: the place is written after them. A text that ends
    before its JSON does (a truncated file: an unterminated string, or a value or delimiter expected at the
    very end) says so.  ``"line 1, column 11: not valid JSON (Unterminated string starting at line 1, column
    11; the text ends before the JSON does: is the file cut short?)"``.  Source: issue 22 (a truncated file's
    message ended mid-sentence).
    """
    reason = e.msg + (f" line {e.lineno}, column {e.colno}" if e.msg.endswith(" at") else "")
    if e.msg.startswith("Unterminated string") or e.pos >= len(text.rstrip()):
        reason += "; the text ends before the JSON does: is the file cut short?"
    return f"line {e.lineno}, column {e.colno}: not valid JSON ({reason})"


class _Doubled(dict[str, Any]):
    """A decoded JSON object that had a key more than once (the keys in ``doubled``)."""

    __slots__ = ("doubled",)

    def __init__(self, pairs: list[tuple[str, Any]], doubled: list[str]) -> None:
        super().__init__(pairs)
        self.doubled = doubled


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` of :func:`decode`: a dict, or a :class:`_Doubled` when a key repeats.

    JSON leaves open which of two equal keys counts (``json.loads`` keeps the
    last); a document that says two things in one place is refused instead.
    Linear in the number of pairs.
    """
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    doubled: dict[str, None] = {}  # in the order the second copies come
    for key, _ in pairs:
        if key in seen:
            doubled[key] = None
        seen.add(key)
    return _Doubled(pairs, list(doubled))


_BARE_PLACES = ("document", "scenario")
"""Names of a text that is a scenario itself: places inside it are written bare, as :func:`load` writes them."""


def _doubled_keys(doc: Any, what: str) -> list[str]:
    """Every key written twice in one object of ``doc``, each ``place: has the key "k" twice; ...``.

    A walk of the decoded document in its order, iterative and linear in its
    size.  Places read as the validator's do (``fighters[0].moves``); the
    top object is ``what``, and inside a saved table or a question the
    places start with its name (``saved table.scenario.title``).

    Args:
        doc: what :func:`decode` decoded (objects with a repeated key are :class:`_Doubled`).
        what: how messages name the whole text (``"document"``, ``"saved table"``).
    """
    problems: list[str] = []
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            if isinstance(value, _Doubled):
                where = what if not path else path if what in _BARE_PLACES else f"{what}.{path}"
                problems.extend(f"{where}: has the key {quote(key)} twice; a key may appear only once in an object"
                                for key in value.doubled)
            stack.extend((f"{path}{'.' if path else ''}{key_place(key)}", item)
                         for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item) for i, item in reversed(list(enumerate(value))))
    return problems


def key_place(key: str) -> str:
    """A key as a step of a place: bare when plain (``title``), quoted otherwise (``"a b"``)."""
    return key if _PLAIN_KEY.fullmatch(key) else quote(key if len(key) <= 40 else key[:37] + "...", 400)


_KEEP_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
"""Every byte but the four brackets (deleted by ``bytes.translate``)."""
_ONE_BRACKET = bytes.maketrans(b"{}", b"[]")
"""Objects and arrays nest alike: ``{`` counts as ``[``."""


def nesting(text: str, limit: int = MAX_NESTING) -> int:
    """How deep the arrays and objects of JSON text nest, strings skipped; exact up to ``limit``.

    Linear in the length of ``text`` whatever it holds, and in C-speed string
    operations only (no regular expression that could backtrack, no loop per
    character): escaped backslashes and escaped quotes are removed, the
    remaining quotes split strings from the rest, every byte but a bracket is
    deleted, and then at most ``limit + 1`` passes each remove the innermost
    ``[]`` pairs.  Whatever stays unmatched is counted as open to the end.

    Args:
        text: JSON text (or anything: it need not be valid JSON).
        limit: the depth past which the exact answer does not matter.

    Returns:
        The depth when it is at most ``limit``; some number above ``limit``
        otherwise (an upper bound of the depth).
    """
    raw = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(raw.split(b'"')[0::2]).translate(_ONE_BRACKET, _KEEP_BRACKETS)
    passes = 0
    while brackets and passes <= limit:
        inner = _innermost_removed(brackets)
        if len(inner) == len(brackets):
            break
        brackets, passes = inner, passes + 1
    return passes + brackets.count(b"[")


def _innermost_removed(brackets: bytes) -> bytes:
    """One pass of :func:`nesting`: every ``[]`` pair with nothing inside removed (one C-speed scan)."""
    return brackets.replace(b"[]", b"")


def show(value: Any) -> str:
    """A value as a message shows it: quoted and cut short; a huge integer by its number of digits."""
    if isinstance(value, _Huge):
        return repr(value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return quote(value)
