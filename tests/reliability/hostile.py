"""Hostile and malformed scenario documents, built from the cliff scenario (version 1, Height)
and the staircase (version 2, feet: rules, options, length text, stairs, SM, weapons).

Every document here has ONE real fault (a wrong type, a bad number, an
invisible character, one entry over a cap …), or none at all, so a refusal
must name that fault in a few lines.  Each :class:`Case` says what the
referee must do with it:

* ``LOADS``: it is a legal scenario and loads;
* ``REFUSED``: it is refused, and one problem is at one of ``places``
  (the place itself or a place inside it: ``sections[0]`` covers
  ``sections[0].id``); :data:`LINE_COLUMN` stands for ``line N, column M``;
* ``EITHER``: nothing beyond the rules every document obeys (see ``guard``).

Documents are built lazily (``Case.make``) and the large ones only once per
session (the ``documents`` fixture), all in memory: nothing big is committed.
The caps come from :mod:`vertigo.limits`, so the battery follows them when
they change.

Cases the current validator gets wrong carry a reason from
:data:`KNOWN_GAPS` and run as strict expected failures; when a fix lands,
set its entry to ``None`` and the cases it covers must pass.

Source: issue 5 "Holds up under attack"; fault kinds 7 "validation gaps"
and 1 "linear checks"; issue 6 (format version 2: rule sets, lengths, stairs,
weapons).
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

from vertigo import lengths, limits
from vertigo.rules.height.rules.fields import ACTIONS, MOVES
from vertigo.rules.levels.rules.fields import SM, WEAPONS

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
CLIFF_FILE = Path(__file__).resolve().parents[2] / "tests" / "unit" / "version-1" / "cliff.json"
"""The valid document every case starts from: the cliff as it was bundled in version 1, so that a case may
set ``"vertigo"`` to 1 or 2 and load either way."""

CLIFF: dict[str, Any] = json.loads(CLIFF_FILE.read_text(encoding="utf-8"))

LOADS, REFUSED, EITHER = "loads", "refused", "either"
LINE_COLUMN = "line N, column M"
"""In ``Case.places``: any ``line N, column M`` place (a JSON syntax error)."""

KNOWN_GAPS: dict[str, str | None] = {
    "version-bool": None,
    "c1-del": None,
    "bidi": None,
    "zero-width": None,
    "surrogate": None,
    "action-name": None,
    "id-newline": None,
    "big-int": None,
    "cascade": None,
    "prescan": None,
    "raw-entry": None,
    "raw-quote": None,
    "unknown-key": None,
}
"""What the validator gets wrong today, by key; ``None`` once fixed."""


@dataclass(frozen=True)
class Case:
    """One hostile document and what must happen to it.

    Attributes:
        id: the readable test id.
        make: builds the JSON text (or bytes); for ``decoded`` cases the
            decoded document itself.
        expect: ``LOADS``, ``REFUSED`` or ``EITHER``.
        places: when refused, where (one problem at or inside one of these;
            empty: anywhere).
        echo: for values that must survive exactly: (read it from the
            Scenario, read it from the decoded ``dumps`` JSON, the value) —
            a name as plain text, a length as its exact Fraction.
        gap: key of :data:`KNOWN_GAPS` when the current code gets it wrong.
        decoded: ``make`` gives a decoded document, for ``scenario.load``.
    """

    id: str
    make: Callable[[], Any]
    expect: str = EITHER
    places: tuple[str, ...] = ()
    echo: tuple[Callable[[Any], Any], Callable[[Any], Any], Any] | None = None
    gap: str | None = None
    decoded: bool = False

    @property
    def reason(self) -> str | None:
        """Why it is expected to fail today, or None."""
        return KNOWN_GAPS.get(self.gap) if self.gap else None


# -- building documents --------------------------------------------------

MISSING = object()
"""A value that deletes the field instead."""

RAW = "@@raw@@"
"""Placeholder replaced by a raw JSON token (NaN, a 5001-digit number …)."""


def cliff(*, object_border: bool = False) -> dict[str, Any]:
    """A fresh copy of the cliff scenario; its first border in object form if asked."""
    doc = copy.deepcopy(CLIFF)
    if object_border:
        doc["borders"][0] = {"between": list(doc["borders"][0]), "x": 2}
    return doc


def put(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """Set (or with MISSING, delete) the field at ``path``; returns ``doc``."""
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    if value is MISSING:
        if isinstance(parent, dict):
            parent.pop(path[-1], None)
        else:
            del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


def place(path: tuple[Any, ...]) -> str:
    """The validator's name for a path: ``("fighters", 0, "moves", 2)`` → ``fighters[0].moves[2]``."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out


def text(doc: Any, raw: str | None = None) -> str:
    """JSON text of ``doc``, compact; the RAW placeholder replaced by ``raw``.

    Written as UTF-8 would store it (Hebrew, markup and bidi controls as they
    are); only when the text holds lone surrogates, which UTF-8 cannot store,
    is it written with ``\\u`` escapes (``"\\ud800"`` in the JSON text).
    """
    out = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    try:
        out.encode("utf-8")
    except UnicodeEncodeError:
        out = json.dumps(doc, separators=(",", ":"))
    if raw is not None:
        out = out.replace(json.dumps(RAW), raw)
    return out


@dataclass(frozen=True)
class Raw:
    """A JSON token written into the text as is (``NaN``, ``1e999``, 5001 digits)."""

    token: str


def edited(path: tuple[Any, ...], value: Any, *, object_border: bool = False) -> Callable[[], str]:
    """Builder: the cliff with one field set to ``value`` (a raw token if it is a :class:`Raw`)."""
    def make() -> str:
        doc = cliff(object_border=object_border)
        if isinstance(value, Raw):
            return text(put(doc, path, RAW), value.token)
        return text(put(doc, path, value if value is MISSING else copy.deepcopy(value)))
    return make


# -- 1. wrong JSON types in every field ----------------------------------

WRONG_VALUES: list[tuple[str, Any]] = [
    ("5", 5),
    ("1.5", 1.5),
    ('"text"', "text"),
    ("[]", []),
    ("[[[]]]", [[[]]]),
    ('["a",["b"]]', ["a", ["b"]]),
    ("{}", {}),
    ('{"a":1}', {"a": 1}),
    ("null", None),
    ("true", True),
    ("false", False),
    ("missing", MISSING),
]
"""A value of every JSON type, lists nested and not, and the field left out."""

# field path, its kind, whether it may be left out, whether its first border is in object form
FIELDS: list[tuple[tuple[Any, ...], str, bool, bool]] = [
    (("title",), "text", False, False),
    (("units",), "enum", True, False),
    (("dice_seed",), "whole", True, False),
    (("sections",), "sections", False, False),
    (("borders",), "list", True, False),
    (("fighters",), "list", True, False),
    (("sections", 0), "object", False, False),
    (("sections", 0, "id"), "id", False, False),
    (("sections", 0, "name"), "text", True, False),
    (("sections", 0, "elevation"), "number", False, False),
    (("sections", 0, "x"), "pair", False, False),
    (("sections", 0, "x", 0), "number", False, False),
    (("sections", 0, "x", 1), "number", False, False),
    (("sections", 0, "kind"), "enum", True, False),
    (("borders", 0), "pair", False, False),
    (("borders", 0, 0), "ref", False, False),
    (("borders", 0, 1), "ref", False, False),
    (("borders", 0, "between"), "pair", False, True),
    (("borders", 0, "between", 0), "ref", False, True),
    (("borders", 0, "x"), "number", True, True),
    (("fighters", 0), "object", False, False),
    (("fighters", 0, "id"), "id", False, False),
    (("fighters", 0, "name"), "text", False, False),
    (("fighters", 0, "side"), "text", False, False),
    (("fighters", 0, "section"), "ref", False, False),
    (("fighters", 0, "moves"), "list", True, False),
    (("fighters", 0, "moves", 0), "entry", False, False),
    (("fighters", 0, "height"), "height", True, False),
    (("fighters", 0, "actions"), "list", True, False),
    (("fighters", 0, "actions", 0), "entry", False, False),
]
"""Every field of the document, of a section, a border (both forms) and a fighter."""


def _wrong_type_expectation(kind: str, label: str, optional: bool) -> str:
    """What a field of this kind must do with the value labelled ``label``."""
    if label == "missing":
        return LOADS if optional else REFUSED
    fits = {
        "text": {'"text"': LOADS},
        "id": {'"text"': EITHER},           # a legal id; what names the old one may break
        "number": {"5": EITHER, "1.5": EITHER},  # a number; its range or the other edge decide
        "height": {"5": LOADS, "1.5": LOADS, "null": LOADS},
        "whole": {"5": LOADS},
        "list": {"[]": LOADS},
    }
    return fits.get(kind, {}).get(label, REFUSED)


_CASCADING = {("sections", '["a",["b"]]')}
"""Wrong types whose refusal cascades past 20 lines today (see KNOWN_GAPS["cascade"])."""


def wrong_type_cases() -> list[Case]:
    """Every field × every JSON type (and left out)."""
    cases = []
    for path, kind, optional, object_border in FIELDS:
        where = place(path)
        for label, value in WRONG_VALUES:
            if value is MISSING and isinstance(path[-1], int):
                continue  # leaving out a list element only shifts the others
            expect = _wrong_type_expectation(kind, label, optional)
            places = (where,)
            if kind == "ref" and isinstance(path[-1], int):
                places += (place(path[:-1]),)  # an end of the wrong type spoils the whole pair
            cases.append(Case(
                id=f"{where}={label}", make=edited(path, value, object_border=object_border),
                expect=expect, places=places if expect == REFUSED else (),
                gap="cascade" if (where, label) in _CASCADING else None,
            ))
    return cases


# -- 2. the format version -----------------------------------------------

def version_cases() -> list[Case]:
    """``"vertigo"``: a JSON number equal to 1 or 2 is the version (1, 1.0, 1e0, 2, 2.0 load); nothing else is.

    JSON does not tell 1 from 1.0, so both load; booleans and strings are
    refused even where Python would compare them equal to 1.
    """
    accepted = ["1", "1.0", "1e0", "1E0", "10e-1", "2", "2.0", "2e0"]
    refused = [
        ("true", "true", "version-bool"), ("false", "false", None), ('"1"', '"1"', None),
        ('"1.0"', '"1.0"', None), ("null", "null", None), ("0", "0", None), ("3", "3", None),
        ("-1", "-1", None), ("1.5", "1.5", None), ("0.999", "0.999", None), ("[1]", "[1]", None),
        ('{"v":1}', '{"v":1}', None), ("[]", "[]", None), ("{}", "{}", None), ("NaN", "NaN", None),
        ("Infinity", "Infinity", None), ("1e999", "1e999", None), ("5001-digits", "1" * 5001, "big-int"),
    ]
    cases = [Case(id=f"vertigo={token}", make=edited(("vertigo",), Raw(token)), expect=LOADS) for token in accepted]
    for label, token, gap in refused:
        places = ("vertigo", LINE_COLUMN) if gap == "big-int" else ("vertigo",)
        cases.append(Case(id=f"vertigo={label}", make=edited(("vertigo",), Raw(token)),
                          expect=REFUSED, places=places, gap=gap))
    cases.append(Case(id="vertigo=missing", make=edited(("vertigo",), MISSING), expect=REFUSED, places=("vertigo",)))
    return cases


# -- 3. references that do not add up ------------------------------------

def _appended(key: str, item: Callable[[dict[str, Any]], Any]) -> Callable[[], str]:
    def make() -> str:
        doc = cliff()
        doc[key].append(item(doc))
        return text(doc)
    return make


def reference_cases() -> list[Case]:
    """Duplicate ids and borders, borders to self or to nowhere, fighters on missing sections."""
    n_sections, n_borders, n_fighters = len(CLIFF["sections"]), len(CLIFF["borders"]), len(CLIFF["fighters"])
    b, s, f = f"borders[{n_borders}]", f"sections[{n_sections}]", f"fighters[{n_fighters}]"
    first = CLIFF["borders"][0]
    return [
        Case("a-duplicate-section-id", _appended("sections", lambda d: copy.deepcopy(d["sections"][0])),
             REFUSED, (f"{s}.id",)),
        Case("a-duplicate-fighter-id", _appended("fighters", lambda d: copy.deepcopy(d["fighters"][0])),
             REFUSED, (f"{f}.id",)),
        Case("a-duplicate-border", _appended("borders", lambda d: list(first)), REFUSED, (b,)),
        Case("a-duplicate-border-reversed", _appended("borders", lambda d: list(reversed(first))), REFUSED, (b,)),
        Case("a-duplicate-border-as-object", _appended("borders", lambda d: {"between": list(reversed(first))}),
             REFUSED, (b,)),
        Case("a-border-from-a-section-to-itself", _appended("borders", lambda d: [first[0], first[0]]),
             REFUSED, (b,)),
        Case("a-border-from-a-section-to-itself-as-object",
             _appended("borders", lambda d: {"between": [first[1], first[1]], "x": 1}), REFUSED, (b,)),
        Case("a-border-to-a-missing-section", _appended("borders", lambda d: [first[0], "nowhere"]),
             REFUSED, (f"{b}[1]",)),
        Case("a-border-between-two-missing-sections", _appended("borders", lambda d: ["nowhere", "elsewhere"]),
             REFUSED, (f"{b}[0]",)),
        Case("a-border-to-a-missing-section-as-object",
             _appended("borders", lambda d: {"between": ["nowhere", first[1]]}), REFUSED, (f"{b}.between[0]",)),
        Case("a-fighter-on-a-missing-section", edited(("fighters", 0, "section"), "nowhere"),
             REFUSED, ("fighters[0].section",)),
        Case("a-fighter-on-a-section-named-by-its-name", edited(("fighters", 0, "section"), "Cliff top"),
             REFUSED, ("fighters[0].section",)),
        Case("a-section-id-in-another-case", edited(("fighters", 0, "section"), "CLIFF-TOP"),
             REFUSED, ("fighters[0].section",)),
    ]


# -- 4. numbers no rule expects ------------------------------------------

NUMERIC_FIELDS: list[tuple[tuple[Any, ...], bool]] = [
    (("dice_seed",), False),
    (("sections", 0, "elevation"), False),
    (("sections", 0, "x", 0), False),
    (("sections", 0, "x", 1), False),
    (("borders", 0, "x"), True),
    (("fighters", 0, "height"), False),
]
"""Every numeric field (path, first border in object form)."""

NUMBER_TOKENS: list[tuple[str, str, str, str | None]] = [
    ("NaN", "NaN", REFUSED, None),
    ("Infinity", "Infinity", REFUSED, None),
    ("-Infinity", "-Infinity", REFUSED, None),
    ("1e999", "1e999", REFUSED, None),
    ("-1e999", "-1e999", REFUSED, None),
    ("1e999999999999", "1e999999999999", REFUSED, None),
    ("-1e999999999999", "-1e999999999999", REFUSED, None),
    ("1E+308", "1E+308", REFUSED, None),
    ("-1.5e300", "-1.5e300", REFUSED, None),
    ("4300-digits", "9" * 4300, REFUSED, None),
    ("5001-digits", "1" * 5001, REFUSED, "big-int"),
    ("-5001-digits", "-" + "1" * 5001, REFUSED, "big-int"),
    ("-0.0", "-0.0", EITHER, None),
    ("1e-999", "1e-999", EITHER, None),
    ("1e-999999999999", "1e-999999999999", EITHER, None),
    ("5000-digit-fraction", "0." + "0" * 4999 + "1", EITHER, None),
]
"""(label, JSON token, outcome, known gap).  Non-finite or out-of-range numbers are
refused at their field; -0.0 and numbers that underflow to 0 are ordinary."""

ENTRY_NUMBERS: list[tuple[str, tuple[Any, ...], str]] = [
    ("Move-190-nines", ("fighters", 0, "moves", 0), "Move " + "9" * 190),
    ("Move-1-Height-180-nines", ("fighters", 0, "moves", 0), "Move 1 (Height " + "9" * 180 + ".5)"),
    ("Move-1e999", ("fighters", 0, "moves", 0), "Move 1e999"),
    ("Move-1-Height-Infinity", ("fighters", 0, "moves", 0), "Move 1 (Height Infinity)"),
    ("range-185-nines", ("fighters", 0, "actions", 0), "Bow, range " + "9" * 185),
    ("Reach-170-nines", ("fighters", 0, "actions", 0), "Spear, range 0, Reach " + "9" * 170),
    ("range-NaN", ("fighters", 0, "actions", 0), "Bow, range NaN"),
]
"""Huge or non-finite numbers inside Move entries and actions."""


def number_cases() -> list[Case]:
    """Every numeric field × NaN, infinities, huge exponents, huge and long numbers."""
    cases = []
    for path, object_border in NUMERIC_FIELDS:
        where = place(path)
        for label, token, expect, gap in NUMBER_TOKENS:
            places = (where, LINE_COLUMN) if gap == "big-int" else (where,)
            cases.append(Case(id=f"{where}={label}", make=edited(path, Raw(token), object_border=object_border),
                              expect=expect, places=places if expect == REFUSED else (), gap=gap))
    for label, path, value in ENTRY_NUMBERS:
        cases.append(Case(id=f"{place(path)}={label}", make=edited(path, value), expect=REFUSED, places=(place(path),)))
    return cases


# -- 5. JSON text that is broken, deep or tricky -------------------------

def _nested_title(depth: int) -> Callable[[], str]:
    def make() -> str:
        return text(put(cliff(), ("title",), RAW), "[" * depth + "]" * depth)
    return make


def _title(value: str) -> Callable[[], str]:
    return edited(("title",), value)


def syntax_cases() -> list[Case]:
    """Not JSON, not an object, nested 10,000 deep, unterminated strings, brackets inside strings."""
    doc_or_line = ("document", LINE_COLUMN)
    cliff_text = text(cliff())
    cases = [
        Case("empty", lambda: "", REFUSED, doc_or_line),
        Case("only-spaces", lambda: "   \n\t ", REFUSED, doc_or_line),
        Case("an-open-brace", lambda: "{", REFUSED, doc_or_line),
        Case("cut-in-half", lambda: cliff_text[: len(cliff_text) // 2], REFUSED, doc_or_line),
        Case("a-trailing-comma", lambda: cliff_text[:-1] + ",}", REFUSED, doc_or_line),
        Case("single-quotes", lambda: cliff_text.replace('"', "'"), REFUSED, doc_or_line),
        Case("a-comment", lambda: "// scenario\n" + cliff_text, REFUSED, doc_or_line),
        Case("a-byte-order-mark", lambda: "\ufeff" + cliff_text, EITHER),
        Case("two-documents", lambda: cliff_text + cliff_text, REFUSED, doc_or_line),
        Case("a-raw-NUL-in-a-string", lambda: cliff_text.replace("The cliff", "The\x00cliff"), REFUSED, doc_or_line),
        Case("a-raw-LF-in-a-string", lambda: cliff_text.replace("The cliff", "The\ncliff"), REFUSED, doc_or_line),
        Case("a-bad-unicode-escape", lambda: cliff_text.replace("The cliff", "The \\uZZZZ"), REFUSED, doc_or_line),
        Case("invalid-UTF-8-bytes",
             lambda: cliff_text.replace("The cliff", "The \udcff").encode("utf-8", "surrogateescape"), EITHER),
        Case("UTF-16-bytes", lambda: cliff_text.encode("utf-16"), REFUSED, doc_or_line),
        Case("null", lambda: "null", REFUSED, ("document",)),
        Case("a-list", lambda: "[]", REFUSED, ("document",)),
        Case("a-string-holding-a-lone-surrogate", lambda: '"\\ud800"', REFUSED, ("document",),
             gap="raw-quote"),
        Case("a-5001-digit-number", lambda: "1" * 5001, REFUSED, doc_or_line),
        Case("10000-open-brackets", lambda: "[" * 10_000, REFUSED, doc_or_line),
        Case("10000-nested-lists", lambda: "[" * 10_000 + "]" * 10_000, REFUSED, doc_or_line),
        Case("10000-nested-objects", lambda: '{"a":' * 10_000 + "1" + "}" * 10_000, REFUSED, doc_or_line),
        Case("10000-close-brackets", lambda: "]" * 10_000, REFUSED, doc_or_line),
        Case("a-title-nested-10000-deep", _nested_title(10_000), REFUSED, ("document", "title")),
        Case("a-title-nested-200-deep", _nested_title(200), REFUSED, ("document", "title")),
        # 100,000 rather than 20,000 escaped quotes: today 20,000 take 8–15 s depending on the machine's
        # load, straddling the hang guard, so a strict expected failure would flip; once the scan is
        # linear both are instant.
        Case("an-unterminated-string-of-100000-escaped-quotes", lambda: '"' + '\\"' * 100_000, REFUSED,
             doc_or_line, gap="prescan"),
        Case("an-unterminated-string-of-backslashes", lambda: '"' + "\\\\" * 20_000, REFUSED, doc_or_line),
        Case("brackets-inside-a-title", _title('[[[{{{"]]]}}}\\'), LOADS,
             echo=(lambda sc: sc.title, lambda d: d["title"], '[[[{{{"]]]}}}\\')),
        Case("brackets-inside-every-name", lambda: text(_bracket_names(cliff())), LOADS),
        Case("10000-brackets-inside-a-title", _title("[{" * 5_000), REFUSED, ("title",)),
        Case("a-title-of-escaped-quotes", _title('"' * 20_000), REFUSED, ("title",)),
        Case("units-holding-a-lone-surrogate", edited(("units",), "\ud800"), REFUSED, ("units",),
             gap="raw-quote"),
    ]
    return cases


def _bracket_names(doc: dict[str, Any]) -> dict[str, Any]:
    doc["title"] = "]]]}}}"
    for i, s in enumerate(doc["sections"]):
        s["name"] = "[" * (i + 1) + '"{'
    for f in doc["fighters"]:
        f["name"], f["side"] = "}" + f["name"], "[" + f["side"] + "]"
    return doc


# -- 6. large documents and one past every cap ---------------------------

def _extra_sections(n: int) -> list[dict[str, Any]]:
    return [{"id": f"s{i}", "name": f"S{i}", "elevation": i % 7, "x": [100 + i, 101 + i]} for i in range(n)]


def _pairs(ids: list[str], count: int) -> list[list[str]]:
    """``count`` distinct unordered pairs of ``ids``."""
    out = []
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            if len(out) == count:
                return out
            out.append([ids[i], ids[j]])
    if len(out) < count:
        raise ValueError(f"{len(ids)} sections cannot have {count} distinct borders")
    return out


def with_sections(total: int) -> str:
    """The cliff grown to ``total`` sections, each new one bordering the next."""
    doc = cliff()
    extra = _extra_sections(total - len(doc["sections"]))
    doc["sections"] += extra
    doc["borders"] += [[a["id"], b["id"]] for a, b in pairwise(extra)][: limits.MAX_BORDERS - len(doc["borders"])]
    return text(doc)


def with_borders(total: int) -> str:
    """The cliff grown to ``total`` distinct borders (over enough new sections)."""
    doc = cliff()
    need = total - len(doc["borders"])
    n = 2
    while n * (n - 1) // 2 < need:
        n += 1
    if len(doc["sections"]) + n > limits.MAX_SECTIONS:
        raise ValueError(f"MAX_SECTIONS {limits.MAX_SECTIONS} is too few for {total} distinct borders")
    extra = _extra_sections(n)
    doc["sections"] += extra
    doc["borders"] += _pairs([s["id"] for s in extra], need)
    return text(doc)


def with_fighters(total: int) -> str:
    """The cliff grown to ``total`` fighters (copies of the goat)."""
    doc = cliff()
    goat = doc["fighters"][0]
    doc["fighters"] += [dict(goat, id=f"goat{i}") for i in range(total - len(doc["fighters"]))]
    return text(doc)


def with_entries(key: str, total: int) -> str:
    """The goat with ``total`` Move entries or actions."""
    doc = cliff()
    entries = doc["fighters"][0][key]
    doc["fighters"][0][key] = (entries * total)[:total]
    return text(doc)


def padded(size: int) -> str:
    """The cliff padded with spaces to exactly ``size`` characters."""
    body = text(cliff())
    return body[:-1] + " " * (size - len(body)) + "}"


def _filling(key: str, unit: str) -> Callable[[], str]:
    """The cliff whose field ``key`` is one string of ``unit`` repeated up to just under the size cap."""
    def make() -> str:
        body = text(put(cliff(), (key,), ""))
        room = limits.MAX_DOCUMENT_CHARS - len(body) - 16
        return text(put(cliff(), (key,), json.loads(f'"{unit * (room // len(unit))}"')))
    return make


def _million_list() -> str:
    return text(put(cliff(), ("sections",), RAW), "[" + ",".join(["0"] * 1_000_000) + "]")


def _many_small_lists() -> str:
    unit = '[[[["Move 1 (Height 2)"]]]],'
    body = text(put(cliff(), ("fighters", 0, "moves"), RAW), "[]")
    room = limits.MAX_DOCUMENT_CHARS - len(body) - 16
    return text(put(cliff(), ("fighters", 0, "moves"), RAW), "[" + (unit * (room // len(unit)))[:-1] + "]")


def cap_cases() -> list[Case]:
    """At each cap of vertigo.limits a document loads; one past it, it is refused in a few lines."""
    m = limits
    name_fields = [("title",), ("sections", 0, "name"), ("fighters", 0, "name"), ("fighters", 0, "side")]
    cases = [
        Case(f"{m.MAX_SECTIONS}-sections", lambda: with_sections(m.MAX_SECTIONS), LOADS),
        Case(f"{m.MAX_SECTIONS + 1}-sections", lambda: with_sections(m.MAX_SECTIONS + 1), REFUSED, ("sections",),
             gap="cascade"),
        Case(f"{m.MAX_BORDERS}-borders", lambda: with_borders(m.MAX_BORDERS), LOADS),
        Case(f"{m.MAX_BORDERS + 1}-borders", lambda: with_borders(m.MAX_BORDERS + 1), REFUSED, ("borders",)),
        Case(f"{m.MAX_FIGHTERS}-fighters", lambda: with_fighters(m.MAX_FIGHTERS), LOADS),
        Case(f"{m.MAX_FIGHTERS + 1}-fighters", lambda: with_fighters(m.MAX_FIGHTERS + 1), REFUSED, ("fighters",)),
        Case(f"{m.MAX_ENTRIES}-Move-entries", lambda: with_entries("moves", m.MAX_ENTRIES), LOADS),
        Case(f"{m.MAX_ENTRIES + 1}-Move-entries", lambda: with_entries("moves", m.MAX_ENTRIES + 1), REFUSED,
             ("fighters[0].moves",)),
        Case(f"{m.MAX_ENTRIES}-actions", lambda: with_entries("actions", m.MAX_ENTRIES), LOADS),
        Case(f"{m.MAX_ENTRIES + 1}-actions", lambda: with_entries("actions", m.MAX_ENTRIES + 1), REFUSED,
             ("fighters[0].actions",)),
        Case(f"a-Move-entry-of-{m.MAX_ENTRY_TEXT}-characters",
             edited(("fighters", 0, "moves", 0), "Move 1".ljust(m.MAX_ENTRY_TEXT)), LOADS),
        Case(f"a-Move-entry-of-{m.MAX_ENTRY_TEXT + 1}-characters",
             edited(("fighters", 0, "moves", 0), "Move 1".ljust(m.MAX_ENTRY_TEXT + 1)), REFUSED,
             ("fighters[0].moves[0]",)),
        Case(f"an-action-of-{m.MAX_ENTRY_TEXT + 1}-characters",
             edited(("fighters", 0, "actions", 0), "Bow, range 1".ljust(m.MAX_ENTRY_TEXT + 1)), REFUSED,
             ("fighters[0].actions[0]",)),
        Case(f"an-action-name-of-{m.MAX_NAME + 1}-characters",
             edited(("fighters", 0, "actions", 0), "x" * (m.MAX_NAME + 1) + ", range 1"), REFUSED,
             ("fighters[0].actions[0]",)),
        Case(f"a-document-of-{m.MAX_DOCUMENT_CHARS}-characters", lambda: padded(m.MAX_DOCUMENT_CHARS), LOADS),
        Case(f"a-document-of-{m.MAX_DOCUMENT_CHARS + 1}-characters", lambda: padded(m.MAX_DOCUMENT_CHARS + 1),
             REFUSED, ("document",)),
        Case("a-1000000-element-list", _million_list, REFUSED, ("document", "sections")),
        Case("a-2-MB-title-of-brackets", _filling("title", "[[{{"), REFUSED, ("title",)),
        Case("a-2-MB-title-of-escaped-quotes", _filling("title", '\\"'), REFUSED, ("title",)),
        Case("a-2-MB-list-of-nested-lists", _many_small_lists, REFUSED, ("fighters[0].moves",)),
    ]
    for label, path, at_cap, past in [
        ("an-elevation", ("sections", 0, "elevation"), m.MAX_ELEVATION, m.MAX_ELEVATION + 1),
        ("a-depth", ("sections", 0, "elevation"), -m.MAX_ELEVATION, -m.MAX_ELEVATION - 1),
        ("a-right-edge", ("sections", 6, "x", 1), m.MAX_EXTENT, m.MAX_EXTENT + 1),
        ("a-Height-property", ("fighters", 0, "height"), m.MAX_ELEVATION, m.MAX_ELEVATION + 1),
        ("a-Move", ("fighters", 0, "moves", 0), f"Move {m.MAX_DISTANCE}", f"Move {m.MAX_DISTANCE + 1}"),
        ("a-Move-Height", ("fighters", 0, "moves", 0), f"Move 1 (Height {m.MAX_ELEVATION})",
         f"Move 1 (Height {m.MAX_ELEVATION + 1})"),
        ("a-range", ("fighters", 0, "actions", 0), f"Bow, range {m.MAX_DISTANCE}", f"Bow, range {m.MAX_DISTANCE + 1}"),
        ("a-Reach", ("fighters", 0, "actions", 0), f"Spear, range 0, Reach {m.MAX_DISTANCE}",
         f"Spear, range 0, Reach {m.MAX_DISTANCE + 1}"),
    ]:
        cases.append(Case(f"{label}-at-the-cap", edited(path, at_cap), LOADS))
        cases.append(Case(f"{label}-one-past-the-cap", edited(path, past), REFUSED, (place(path),)))
    for path in name_fields:
        where = place(path)
        cases.append(Case(f"{where}-of-{m.MAX_NAME}-characters", edited(path, "n" * m.MAX_NAME), LOADS))
        cases.append(Case(f"{where}-of-{m.MAX_NAME + 1}-characters", edited(path, "n" * (m.MAX_NAME + 1)),
                          REFUSED, (where,)))
    return cases


def decoded_cases() -> list[Case]:
    """Already-decoded documents (``scenario.load``) with a 1,000,000-element list in each list field."""
    fields = [("title",), ("sections",), ("sections", 0, "x"), ("borders",), ("borders", 0), ("fighters",),
              ("fighters", 0, "moves"), ("fighters", 0, "actions")]
    cases = []
    for path in fields:
        def make(path: tuple[Any, ...] = path) -> dict[str, Any]:
            doc = cliff()
            return put(doc, path, [copy.deepcopy(_get(doc, (*path, 0)) if _is_list(doc, path) else 0)] * 1_000_000)
        cases.append(Case(f"{place(path)}-of-1000000", make, REFUSED, (place(path),), decoded=True))
    return cases


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _is_list(doc: Any, path: tuple[Any, ...]) -> bool:
    value = _get(doc, path)
    return isinstance(value, list) and bool(value)


# -- 7. invisible, control and surrogate characters in names -------------

CONTROLS: list[tuple[str, str, str | None]] = [
    ("NUL", "\x00", None), ("LF", "\n", None), ("TAB", "\t", None), ("ESC", "\x1b", None),
    ("DEL", "\x7f", "c1-del"), ("U+0085", "\u0085", "c1-del"), ("U+009B", "\u009b", "c1-del"),
] + [(f"U+{cp:04X}", chr(cp), "bidi") for cp in [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]]
"""Characters that must never be inside a name (label, character, known gap)."""

BLANKS: list[tuple[str, str, str | None]] = [
    ("only-U+200B", "\u200b", "zero-width"), ("only-U+200D", "\u200d", "zero-width"),
    ("only-U+FEFF", "\ufeff", "zero-width"), ("only-U+2060", "\u2060", "zero-width"),
    ("only-zero-widths", "\u200b\u200d\ufeff\u2060", "zero-width"),
    ("zero-width-between-spaces", " \u200b ", "zero-width"),
    ("only-a-space", " ", None), ("only-NBSP-and-EM-SPACE", "\u00a0\u2003", None),
    ("only-IDEOGRAPHIC-SPACE", "\u3000", None),
    ("only-a-lone-surrogate", "\ud800", "surrogate"), ("a-lone-low-surrogate", "Ann\udfff", "surrogate"),
    ("reversed-surrogates", "\udc00\ud800", "surrogate"),
]
"""Whole names that show nothing, or cannot be stored as UTF-8 (label, name, known gap)."""

NAME_FIELDS: list[tuple[str, tuple[Any, ...], str]] = [
    ("title", ("title",), "{}"),
    ("section-name", ("sections", 0, "name"), "{}"),
    ("fighter-name", ("fighters", 0, "name"), "{}"),
    ("side", ("fighters", 0, "side"), "{}"),
    ("action-name", ("fighters", 0, "actions", 0), "{}, range 1"),
]
"""Every free-text name: (label, path, how the name is written in the field)."""


def invisible_cases() -> list[Case]:
    """Names and ids with control, bidi, zero-width or surrogate characters: refused at their field."""
    cases = []
    for label, path, form in NAME_FIELDS:
        where = place(path)
        for char_label, char, gap in CONTROLS:
            value = form.format(f"Ann{char}Bob")
            cases.append(Case(f"{label}-with-{char_label}", edited(path, value), REFUSED, (where,),
                              gap="action-name" if label == "action-name" else gap))
        for blank_label, name, gap in BLANKS:
            value = form.format(name)
            action_gap = "action-name" if gap else None
            cases.append(Case(f"{label}-{blank_label}", edited(path, value), REFUSED, (where,),
                              gap=action_gap if label == "action-name" else gap))
    suffixes = [(c_label, c) for c_label, c, _ in CONTROLS] + [
        ("U+200B", "\u200b"), ("U+FEFF", "\ufeff"), ("lone-surrogate", "\ud800"), ("trailing-space", " ")]
    for id_label, path, base in [("section-id", ("sections", 0, "id"), "cliff-top"),
                                 ("fighter-id", ("fighters", 0, "id"), "goat")]:
        for char_label, char in suffixes:
            gap = {"\n": "id-newline", "\u0085": "raw-quote", "\ud800": "raw-quote"}.get(char)
            cases.append(Case(f"{id_label}-ending-in-{char_label}", edited(path, base + char), REFUSED,
                              (place(path),), gap=gap))
    return cases


def entry_text_cases() -> list[Case]:
    """Move entries and actions with line breaks and surrogates: refused, each problem on one printable line.

    Whitespace between the words of an entry is whitespace (``"Move\\r2"`` is
    ``Move 2``): the entry is written back canonically, so nothing of it stays raw.
    """
    moves, actions = ("fighters", 0, "moves", 0), ("fighters", 0, "actions", 0)
    return [
        Case("a-Move-entry-of-30-lines", edited(moves, "Move\n" * 30), REFUSED, (place(moves),), gap="raw-entry"),
        Case("a-Move-entry-with-CR", edited(moves, "Move\rtwo"), REFUSED, (place(moves),), gap="raw-entry"),
        Case("a-Move-entry-with-U+2028", edited(moves, "Move\u2028two"), REFUSED, (place(moves),), gap="raw-entry"),
        Case("a-Move-entry-with-CR-between-its-words", edited(moves, "Move\r2"), LOADS,
             echo=(lambda sc: str(sc.fighters[0][MOVES][0]), lambda d: d["fighters"][0]["moves"][0], "Move 2")),
        Case("a-Move-entry-with-a-lone-surrogate", edited(moves, "Move 1\ud800"), REFUSED, (place(moves),),
             gap="raw-entry"),
        Case("an-action-of-30-lines", edited(actions, "Bow\n" * 30 + "range"), REFUSED, (place(actions),),
             gap="raw-entry"),
        Case("a-Move-entry-with-ESC", edited(moves, "Move\x1b[2J 1"), REFUSED, (place(moves),)),
        Case("a-Move-entry-of-markup", edited(moves, "<script>alert(1)</script>"), REFUSED, (place(moves),)),
    ]


def unknown_key_cases() -> list[Case]:
    """Unknown top-level keys: refused, named by a place that is a path, on one short line."""
    def key(name: str) -> Callable[[], str]:
        return edited((name,), 1)
    return [
        Case("an-unknown-key", key("colour"), REFUSED, ("colour",)),
        Case("an-empty-key", key(""), REFUSED, ('""',), gap="unknown-key"),
        Case("a-key-with-LF", key("colour\nred"), REFUSED, ('"colour\\nred"',), gap="unknown-key"),
        Case("a-markup-key", key("<script>alert(1)</script>"), REFUSED, ('"<script>alert(1)</script>"',),
             gap="unknown-key"),
        Case("a-1-MB-key", key("k" * 1_000_000), REFUSED, gap="unknown-key"),  # any place, on a short line
    ]


# -- 8. markup and right-to-left names -----------------------------------

MARKUP = [
    ("script", "<script>alert(1)</script>"),
    ("img-onerror", "<img src=x onerror=alert(1)>"),
    ("svg-onload", '"><svg onload=alert(1)>'),
    ("javascript-url", "javascript:alert(1)"),
    ("cdata-comment", "]]><!--"),
    ("escaped-script", "&lt;script&gt;"),
    ("template", "{{7*7}}"),
    ("template-literal", "${alert(1)}"),
    ("close-text", "</text><script>"),
]
"""Markup payloads: legal names, which must stay text."""

RIGHT_TO_LEFT = [
    ("Hebrew", "שלום"),
    ("Arabic", "محارب"),
    ("Arabic-with-vowel-marks", "مُحارِب"),
    ("Hebrew-and-Latin", "Ann שלום 2"),
]
"""Legitimate right-to-left names."""

ECHO_FIELDS: list[tuple[str, tuple[Any, ...], str, Callable[[Any], str], Callable[[Any], str]]] = [
    ("title", ("title",), "{}", lambda sc: sc.title, lambda d: d["title"]),
    ("section-name", ("sections", 0, "name"), "{}",
     lambda sc: sc.field.sections[0].name, lambda d: d["sections"][0]["name"]),
    ("fighter-name", ("fighters", 0, "name"), "{}",
     lambda sc: sc.fighters[0].name, lambda d: d["fighters"][0]["name"]),
    ("side", ("fighters", 0, "side"), "{}", lambda sc: sc.fighters[0].side, lambda d: d["fighters"][0]["side"]),
    ("action-name", ("fighters", 0, "actions", 0), "{}, range 1",
     lambda sc: sc.fighters[0][ACTIONS][0].name, lambda d: d["fighters"][0]["actions"][0].rsplit(", range", 1)[0]),
]
"""Every string field that holds a name: (label, path, its form, read from Scenario, read from dumps)."""


def _echo_cases(payloads: list[tuple[str, str]]) -> list[Case]:
    cases = []
    for label, path, form, from_scenario, from_dump in ECHO_FIELDS:
        for payload_label, payload in payloads:
            cases.append(Case(f"{label}-{payload_label}", edited(path, form.format(payload)), LOADS,
                              echo=(from_scenario, from_dump, payload)))
    return cases


def markup_cases() -> list[Case]:
    """Every markup payload in every name field: loads, as text."""
    return _echo_cases(MARKUP)


def right_to_left_cases() -> list[Case]:
    """Hebrew and Arabic names in every name field: load, as written."""
    return _echo_cases(RIGHT_TO_LEFT)


# -- 9. version 2: rule sets, options, lengths, stairs, SM and weapons ----

STAIRCASE_FILE = SCENARIOS / "staircase.json"
"""The valid version-2 feet document the v2 cases start from: a hall, a stair of 8-inch steps, a landing."""

STAIRCASE: dict[str, Any] = json.loads(STAIRCASE_FILE.read_text(encoding="utf-8"))


def staircase(*, object_border: bool = False) -> dict[str, Any]:
    """A fresh copy of the staircase; its first border (hall – stair, drawn at 4 ft) in object form if asked."""
    doc = copy.deepcopy(STAIRCASE)
    if object_border:
        doc["borders"][0] = {"between": list(doc["borders"][0]), "x": 4}
    return doc


def cliff_v2() -> dict[str, Any]:
    """The cliff as a version-2 document (``rules`` and ``options`` are fields of version 2 only)."""
    return dict(cliff(), vertigo=2, rules=["height"])


def stair_edited(path: tuple[Any, ...], value: Any, *, object_border: bool = False,
                 base: Callable[[], dict[str, Any]] | None = None) -> Callable[[], str]:
    """Builder: the staircase (or ``base()``) with one field set to ``value`` (a raw token if a :class:`Raw`)."""
    def make() -> str:
        doc = base() if base is not None else staircase(object_border=object_border)
        if isinstance(value, Raw):
            return text(put(doc, path, RAW), value.token)
        return text(put(doc, path, value if value is MISSING else copy.deepcopy(value)))
    return make


STAIR = ("sections", 1)
"""The stair section: ``x`` [4, 14] ft, ``stairs`` {rise 8 in, tread 1 ft}; fighters 1–6 stand on it (4.5 … 13.5 ft)."""

LENGTH_FIELDS: list[tuple[tuple[Any, ...], bool, Callable[[Any], Any]]] = [
    ((*STAIR, "elevation"), False, lambda sc: sc.field.sections[1].elevation),
    ((*STAIR, "x", 0), False, lambda sc: sc.field.sections[1].x0),
    ((*STAIR, "x", 1), False, lambda sc: sc.field.sections[1].x1),
    ((*STAIR, "stairs", "rise"), False, lambda sc: sc.field.sections[1].stairs.rise),
    ((*STAIR, "stairs", "tread"), False, lambda sc: sc.field.sections[1].stairs.tread),
    (("borders", 0, "x"), True, lambda sc: sc.field.borders[0].x),
    (("fighters", 1, "x"), False, lambda sc: sc.fighters[1].x),
]
"""Every length field of a version-2 document: (path, first border in object form, read it from the Scenario)."""

HOSTILE_LENGTHS: list[tuple[str, Any]] = [
    ("exponent-1e-5000000", "1e-5000000"),
    ("divide-by-zero", "1/0 ft"),
    ("13-digits", "1234567890123"),
    ("41-characters", "1 ft".rjust(41)),
    ("5000-nines", "9" * 5000),
    ("denominator-3000000", "1/3000000 ft"),
    ("denominator-10000000-as-a-decimal", "0.0000001 ft"),
    ("Arabic-Indic-digit", "\u0663 ft"),
    ("fullwidth-digit", "\uff13 ft"),
    ("Latin-and-Arabic-Indic-digits", "1\u0663 ft"),
    ("infinity-sign", "\u221e"),
    ("text-NaN", "NaN"),
    ("text-Infinity", "Infinity"),
    ("a-minus", "-"),
    ("a-unit-alone", "ft"),
    ("two-numbers", "1 1"),
    ("furlongs", "2 furlongs"),
    ("millimetres", "20 mm"),
    ("a-plus", "+1 ft"),
    ("a-zero-width-space", "1 ft\u200b"),
    ("negative-denominator", "-1/-2"),
    ("empty-text", ""),
    ("true", True),
    ("false", False),
    ("list", [1]),
    ("empty-list", []),
    ("object", {"ft": 1}),
    ("1e308", 1e308),
    ("-1e308", -1e308),
    ("raw-NaN", Raw("NaN")),
    ("raw-1e999", Raw("1e999")),
    ("raw-5001-digits", Raw("1" * 5001)),
]
"""Length values that are not a length of this scenario: refused at their field wherever they stand."""

NULLABLE_LENGTHS = {"fighters[1].x"}
"""Length fields where ``null`` is read as absent (a fighter's ``x``: the centre of its section, like
``height: null``); ``null`` anywhere else is refused."""

TINY = 1e-300
"""A legal JSON number with a 300-digit denominator: exact, and written back as ``1e-300`` (never as text over
the caps)."""

TINY_REFUSED = {
    "sections[1].x[1]": "sections[1].x",        # the right edge falls left of the left edge
    "sections[1].stairs.tread": "sections[1].stairs",  # 10^301 steps
    "fighters[1].x": "fighters[1].x",          # off the stair
}
"""Where ``1e-300`` is refused for what it does to the battlefield, not for being a length; it loads elsewhere."""

LEGAL_LENGTHS: dict[str, list[tuple[str, Any, Fraction]]] = {}
"""Legal length forms per field (each fits the battlefield there): label, value, exact value it must load as."""


def _legal(values: list[tuple[str, Any, Fraction]], *fields: str) -> None:
    for where in fields:
        LEGAL_LENGTHS[where] = values


_legal([("2-ft-8-in", "2 ft 8 in", Fraction(8, 3)), ("8-inch-mark", '8"', Fraction(2, 3)),
        ("6-foot-mark", "6'", Fraction(6)), ("0.1", 0.1, Fraction(1, 10)), ("1-1/2-in", "1 1/2 in", Fraction(1, 8)),
        ("2/3-ft", "2/3 ft", Fraction(2, 3))],
       "sections[1].elevation", "sections[1].stairs.rise", "sections[1].stairs.tread", "borders[0].x")
_legal([("2-ft-8-in", "2 ft 8 in", Fraction(8, 3)), ("8-inch-mark", '8"', Fraction(2, 3)),
        ("4-foot-mark", "4'", Fraction(4)), ("0.1", 0.1, Fraction(1, 10))], "sections[1].x[0]")
_legal([("14-ft-8-in", "14 ft 8 in", Fraction(44, 3)), ("176-inch-mark", '176"', Fraction(44, 3)),
        ("15-foot-mark", "15'", Fraction(15)), ("13.6", 13.6, Fraction(68, 5))], "sections[1].x[1]")
_legal([("4-ft-8-in", "4 ft 8 in", Fraction(14, 3)), ("56-inch-mark", '56"', Fraction(14, 3)),
        ("6-foot-mark", "6'", Fraction(6)), ("4.1", 4.1, Fraction(41, 10)), ("left-edge", "4 ft", Fraction(4)),
        ("right-edge", 14, Fraction(14))], "fighters[1].x")


def _length_in_dump(path: tuple[Any, ...]) -> Callable[[Any], Fraction]:
    """Reads a length back from the decoded ``dumps`` JSON, exactly (a border written in object form)."""
    def read(doc: Any) -> Fraction:
        return lengths.length(_get(doc, path), "feet")
    return read


def v2_length_cases() -> list[Case]:
    """Every length field × every hostile length (refused at the field) and the legal forms (load exactly)."""
    cases = []
    for path, object_border, from_scenario in LENGTH_FIELDS:
        where = place(path)
        for label, value in HOSTILE_LENGTHS:
            cases.append(Case(f"v2.{where}={label}", stair_edited(path, value, object_border=object_border),
                              REFUSED, (where,)))
        null_ok = where in NULLABLE_LENGTHS
        cases.append(Case(f"v2.{where}=null", stair_edited(path, None, object_border=object_border),
                          LOADS if null_ok else REFUSED, () if null_ok else (where,)))
        refused_at = TINY_REFUSED.get(where)
        cases.append(Case(f"v2.{where}=1e-300", stair_edited(path, TINY, object_border=object_border),
                          REFUSED if refused_at else LOADS, (refused_at,) if refused_at else (),
                          echo=None if refused_at else (from_scenario, _length_in_dump(path), Fraction(repr(TINY)))))
        for label, value, exact in LEGAL_LENGTHS[where]:
            cases.append(Case(f"v2.{where}={label}", stair_edited(path, value, object_border=object_border), LOADS,
                              echo=(from_scenario, _length_in_dump(path), exact)))
    # A Height scenario's lengths are JSON numbers of Height levels: no units, no text.
    for path, object_border in [(("sections", 0, "elevation"), False), (("sections", 0, "x", 0), False),
                                (("sections", 0, "x", 1), False), (("borders", 0, "x"), True),
                                (("fighters", 0, "x"), False)]:
        for label, value in [("2-in", "2 in"), ("1-ft", "1 ft"), ("2/3-as-text", "2/3")]:
            cases.append(Case(f"v2.height.{place(path)}={label}", edited(path, value, object_border=object_border),
                              REFUSED, (place(path),)))
    cases.append(Case("v2.height.sections[0].elevation=1e-05", edited(("sections", 0, "elevation"), 1e-5), LOADS,
                      echo=(lambda sc: sc.field.sections[0].elevation,
                            lambda d: lengths.length(d["sections"][0]["elevation"], "height"), Fraction(1, 100_000))))
    return cases


def v2_rules_cases() -> list[Case]:
    """``rules`` and ``options``: unknown, of other units, repeated, wrong types, huge, hostile keys; jumping
    named over fighters with no Size (J1: refused at each fighter's ``size``)."""
    rules, options = ("rules",), ("options",)
    many_keys = {f"option{i}": True for i in range(10_000)}
    cases = [
        Case("v2.rules=unknown-id", stair_edited(rules, ["chess"]), REFUSED, ("rules[0]",)),
        Case("v2.rules=planned-terrain", stair_edited(rules, ["terrain"]), REFUSED, ("rules[0]",)),
        Case("v2.rules=jumping-without-sizes", stair_edited(rules, ["jumping"]), REFUSED, ("fighters[0].size",)),
        Case("v2.rules=height-in-feet", stair_edited(rules, ["height"]), REFUSED, ("rules[0]",)),
        Case("v2.rules=levels-then-height-in-feet", stair_edited(rules, ["levels", "height"]), REFUSED,
             ("rules[1]",)),
        Case("v2.rules=levels-in-Height", stair_edited(rules, ["levels"], base=cliff_v2), REFUSED, ("rules[0]",)),
        Case("v2.rules=duplicate", stair_edited(rules, ["levels", "levels"]), REFUSED, ("rules[1]",)),
        Case("v2.rules=not-a-list", stair_edited(rules, "levels"), REFUSED, rules),
        Case("v2.rules=an-object", stair_edited(rules, {"levels": True}), REFUSED, rules),
        Case("v2.rules=10000-entries", stair_edited(rules, ["levels"] * 10_000), REFUSED, rules),
        Case("v2.rules=null", stair_edited(rules, None), REFUSED, rules),
        Case("v2.rules=1e999", stair_edited(rules, Raw("1e999")), REFUSED, rules),
        Case("v2.rules=nested-list", stair_edited(rules, [["levels"]]), REFUSED, ("rules[0]",)),
        Case("v2.rules=nested-list-second", stair_edited(rules, ["levels", ["levels"]]), REFUSED, ("rules[1]",)),
        Case("v2.rules=markup-id", stair_edited(rules, ["<script>alert(1)</script>"]), REFUSED, ("rules[0]",)),
        Case("v2.rules=bidi-id", stair_edited(rules, ["lev\u202eels"]), REFUSED, ("rules[0]",)),
        Case("v2.rules=5000-character-id", stair_edited(rules, ["l" * 5000]), REFUSED, ("rules[0]",)),
        Case("v2.rules=LEVELS", stair_edited(rules, ["LEVELS"]), REFUSED, ("rules[0]",)),
        Case("v2.rules=empty", stair_edited(rules, []), LOADS,
             echo=(lambda sc: sc.rules, lambda d: tuple(d["rules"]), ())),
        Case("v2.rules=missing", stair_edited(rules, MISSING), LOADS,
             echo=(lambda sc: sc.rules, lambda d: tuple(d["rules"]), ("levels",))),
        Case("v2.rules-in-version-1", stair_edited(("vertigo",), 1), REFUSED, rules),
        Case("v2.options-in-version-1", stair_edited(("vertigo",), 1, base=lambda: dict(cliff(), options={})),
             REFUSED, options),
        Case("v2.options=unknown-key", stair_edited(options, {"colour": True}), REFUSED, ("options.colour",)),
        Case("v2.options=number-value", stair_edited(options, {"hit_locations": 1}), REFUSED,
             ("options.hit_locations",)),
        Case("v2.options=text-value", stair_edited(options, {"hit_locations": "false"}), REFUSED,
             ("options.hit_locations",)),
        Case("v2.options=null-value", stair_edited(options, {"hit_locations": None}), REFUSED,
             ("options.hit_locations",)),
        Case("v2.options=list-value", stair_edited(options, {"hit_locations": [False]}), REFUSED,
             ("options.hit_locations",)),
        Case("v2.options=5001-digit-value",
             stair_edited((*options, "hit_locations"), Raw("1" * 5001), base=lambda: dict(staircase(), options={})),
             REFUSED, ("options.hit_locations",)),
        Case("v2.options=hit_locations-false", stair_edited(options, {"hit_locations": False}), LOADS,
             echo=(lambda sc: sc.option("hit_locations"), lambda d: d["options"]["hit_locations"], False)),
        Case("v2.options=hit_locations-true", stair_edited(options, {"hit_locations": True}), LOADS,
             echo=(lambda sc: sc.option("hit_locations"), lambda d: d["options"]["hit_locations"], True)),
        Case("v2.options=of-a-rule-set-not-named", stair_edited(options, {"hit_locations": False},
                                                                base=lambda: dict(staircase(), rules=[])),
             REFUSED, ("options.hit_locations",)),
        Case("v2.options=of-levels-in-Height", stair_edited(options, {"hit_locations": False}, base=cliff_v2),
             REFUSED, ("options.hit_locations",)),
        Case("v2.options=10000-keys", stair_edited(options, many_keys), REFUSED, options),
        Case("v2.options=10000-keys-and-hit_locations", stair_edited(options, {"hit_locations": False, **many_keys}),
             REFUSED, options),
        Case("v2.options=markup-key", stair_edited(options, {"<script>alert(1)</script>": True}), REFUSED, options),
        Case("v2.options=img-key", stair_edited(options, {"<img src=x onerror=alert(1)>": False}), REFUSED, options),
        Case("v2.options=bidi-key", stair_edited(options, {"hit\u202elocations": True}), REFUSED, options),
        Case("v2.options=isolate-key", stair_edited(options, {"\u2067hit_locations\u2069": True}), REFUSED, options),
        Case("v2.options=5000-character-key", stair_edited(options, {"k" * 5000: True}), REFUSED, options),
        Case("v2.options=empty-key", stair_edited(options, {"": True}), REFUSED, options),
        Case("v2.options=key-with-LF", stair_edited(options, {"hit\nlocations": True}), REFUSED, options),
        Case("v2.options=lone-surrogate-key", stair_edited(options, {"\ud800": True}), REFUSED, options),
        Case("v2.options=a-list", stair_edited(options, []), REFUSED, options),
        Case("v2.options=null", stair_edited(options, None), REFUSED, options),
        Case("v2.options=text", stair_edited(options, "hit_locations"), REFUSED, options),
        Case("v2.options=empty", stair_edited(options, {}), LOADS),
    ]
    return cases


def _steps_in_dump(doc: Any) -> int:
    """How many steps the stair holds as ``dumps`` wrote it: its width ÷ tread, a part step counting in full."""
    stair = doc["sections"][1]
    x0, x1, tread = (lengths.length(v, "feet") for v in (*stair["x"], stair["stairs"]["tread"]))
    return math.ceil((x1 - x0) / tread)


def v2_stairs_cases() -> list[Case]:
    """``stairs``: zero rise or tread, negative tread, past 200 steps, in a Height scenario, not an object."""
    stairs = (*STAIR, "stairs")
    at, rise, tread = place(stairs), place((*stairs, "rise")), place((*stairs, "tread"))
    return [
        Case("v2.stairs.rise=0", stair_edited((*stairs, "rise"), 0), REFUSED, (rise,)),
        Case("v2.stairs.rise=0-in", stair_edited((*stairs, "rise"), "0 in"), REFUSED, (rise,)),
        Case("v2.stairs.rise=-0-ft", stair_edited((*stairs, "rise"), "-0 ft"), REFUSED, (rise,)),
        Case("v2.stairs.rise=-8-in", stair_edited((*stairs, "rise"), "-8 in"), LOADS,
             echo=(lambda sc: sc.field.sections[1].stairs.rise, _length_in_dump((*stairs, "rise")), Fraction(-2, 3))),
        Case("v2.stairs.rise=past-the-elevation-cap", stair_edited((*stairs, "rise"), 10_001), REFUSED, (rise,)),
        Case("v2.stairs.tread=0", stair_edited((*stairs, "tread"), 0), REFUSED, (tread,)),
        Case("v2.stairs.tread=0-ft-0-in", stair_edited((*stairs, "tread"), "0 ft 0 in"), REFUSED, (tread,)),
        Case("v2.stairs.tread=-1", stair_edited((*stairs, "tread"), -1), REFUSED, (tread,)),
        Case("v2.stairs.tread=-1-in", stair_edited((*stairs, "tread"), "-1 in"), REFUSED, (tread,)),
        Case("v2.stairs.tread=past-the-extent-cap", stair_edited((*stairs, "tread"), limits.MAX_EXTENT + 1), REFUSED,
             (tread,)),
        Case("v2.stairs.tread=wider-than-the-stair", stair_edited((*stairs, "tread"), 50), LOADS),
        Case("v2.stairs=200-steps", stair_edited((*stairs, "tread"), "1/20"), LOADS,
             echo=(lambda sc: sc.field.sections[1].steps, _steps_in_dump, 200)),
        Case("v2.stairs=201-steps", stair_edited((*stairs, "tread"), "10/201"), REFUSED, (at,)),
        Case("v2.stairs=10000000-steps", stair_edited((*stairs, "tread"), "1/1000000 ft"), REFUSED, (at,)),
        Case("v2.stairs=in-a-Height-scenario", edited(("sections", 1, "stairs"), {"rise": 1, "tread": 1}), REFUSED,
             ("sections[1].stairs",)),
        Case("v2.stairs=in-a-Height-scenario-and-not-an-object", edited(("sections", 1, "stairs"), "steps"),
             REFUSED, ("sections[1].stairs",)),
        Case("v2.stairs=text", stair_edited(stairs, "8 in"), REFUSED, (at,)),
        Case("v2.stairs=a-list", stair_edited(stairs, ["8 in", "1 ft"]), REFUSED, (at,)),
        Case("v2.stairs=null", stair_edited(stairs, None), REFUSED, (at,)),
        Case("v2.stairs=true", stair_edited(stairs, True), REFUSED, (at,)),
        Case("v2.stairs=a-number", stair_edited(stairs, 8), REFUSED, (at,)),
        Case("v2.stairs=empty-object", stair_edited(stairs, {}), REFUSED, (at,)),
        Case("v2.stairs=no-rise", stair_edited((*stairs, "rise"), MISSING), REFUSED, (at,)),
        Case("v2.stairs=no-tread", stair_edited((*stairs, "tread"), MISSING), LOADS,
             echo=(lambda sc: sc.field.sections[1].stairs.tread, _length_in_dump((*stairs, "tread")), Fraction(1))),
        Case("v2.stairs=an-extra-key", stair_edited((*stairs, "colour"), "red"), REFUSED, (at,)),
        Case("v2.stairs=10000-extra-keys",
             stair_edited(stairs, {"rise": "8 in", **{f"k{i}": 1 for i in range(10_000)}}), REFUSED, (at,)),
        Case("v2.stairs=a-5000-character-markup-key",
             stair_edited(stairs, {"rise": "8 in", "<script>" + "k" * 5000: 1}), REFUSED, (at,)),
        Case("v2.stairs=a-bidi-key", stair_edited(stairs, {"rise": "8 in", "tr\u202eead": 1}), REFUSED, (at,)),
    ]


WEAPON = ("fighters", 1, "weapons", 0)
"""Ash's first weapon, ``"Broadsword, reach 1"``."""


def _weapon_name(sc: Any) -> str:
    return str(sc.fighters[1][WEAPONS][0].name)


def _weapon_name_in_dump(doc: Any) -> str:
    return str(doc["fighters"][1]["weapons"][0].rsplit(", reach", 1)[0])


def v2_fighter_cases() -> list[Case]:
    """A fighter's ``x``, ``sm`` and ``weapons``: off its section, out of range, malformed, over the caps."""
    x, section, sm, weapons = (("fighters", 1, k) for k in ("x", "section", "sm", "weapons"))
    wx, wsec, wsm, wweapons, wfirst = (place(p) for p in (x, section, sm, weapons, WEAPON))
    cases = [
        Case("v2.fighters[1].x=right-of-its-section", stair_edited(x, 20), REFUSED, (wx,)),
        Case("v2.fighters[1].x=left-of-its-section", stair_edited(x, -1), REFUSED, (wx,)),
        Case("v2.fighters[1].x=an-inch-past-its-section", stair_edited(x, "14 ft 1 in"), REFUSED, (wx,)),
        Case("v2.fighters[1].x=on-the-next-section", stair_edited(x, 16), REFUSED, (wx,)),
        Case("v2.fighters[1].x=past-the-extent-cap", stair_edited(x, limits.MAX_EXTENT + 1), REFUSED, (wx,)),
        Case("v2.fighters[1].x=on-a-missing-section", stair_edited(section, "nowhere"), REFUSED, (wsec,)),
        Case("v2.fighters[1].x=on-a-section-named-by-its-name", stair_edited(section, "Stair"), REFUSED, (wsec,)),
        Case("v2.fighters[1].x=on-a-section-that-is-not-text", stair_edited(section, 1), REFUSED, (wsec,)),
        Case("v2.fighters[1].x=missing", stair_edited(x, MISSING), LOADS,
             echo=(lambda sc: sc.fighters[1].x, lambda d: d["fighters"][1].get("x"), None)),
    ]
    for label, value, expect in [
        ("11", 11, REFUSED), ("-11", -11, REFUSED), ("1.5", 1.5, REFUSED), ('"1"', "1", REFUSED),
        ("true", True, REFUSED), ("false", False, REFUSED), ("null", None, REFUSED), ("[1]", [1], REFUSED),
        ('{"sm":1}', {"sm": 1}, REFUSED), ("1e999", Raw("1e999"), REFUSED), ("NaN", Raw("NaN"), REFUSED),
        ("5001-digits", Raw("1" * 5001), REFUSED), ("-5001-digits", Raw("-" + "1" * 5001), REFUSED),
        ("1.0", 1.0, EITHER),  # JSON does not tell 1.0 from 1; like dice_seed, a whole-number field may refuse it
    ]:
        cases.append(Case(f"v2.{wsm}={label}", stair_edited(sm, value), expect, (wsm,) if expect == REFUSED else ()))
    for value in (10, -10, 0):
        cases.append(Case(f"v2.{wsm}={value}", stair_edited(sm, value), LOADS,
                          echo=(lambda sc: sc.fighters[1][SM], lambda d: d["fighters"][1].get("sm", 0), value)))
    malformed = [
        ("no-reach-or-range", "Broadsword"), ("reach-without-a-value", "Broadsword, reach"),
        ("no-name", ", reach 1"), ("reach-and-range", "Pike, reach 1, range 5"), ("reach-Q", "Knife, reach Q"),
        ("reach-running-down", "Pike, reach 3-1"), ("reach-C-to-C", "Pike, reach C-C"), ("range-0", "Bow, range 0"),
        ("range-negative", "Bow, range -1"), ("range-decimal", "Bow, range 1.5"), ("range-1e3", "Bow, range 1e3"),
        ("range-NaN", "Bow, range NaN"), ("reach-185-nines", "Pike, reach " + "9" * 185),
        ("range-185-nines", "Bow, range " + "9" * 185), ("reach-90-commas", "Pike, reach " + ",".join(["1"] * 90)),
        ("reach-101", "Pike, reach 101"), ("reach-1-to-101", "Pike, reach 1-101"),
        ("reach-C-to-12-nines", "Pike, reach C-" + "9" * 12), ("range-10001", "Bow, range 10001"),
        ("201-characters", "Bow, range 5".ljust(limits.MAX_ENTRY_TEXT + 1)),
        ("201-characters-of-name", "B" * (limits.MAX_ENTRY_TEXT + 1 - len(", range 5")) + ", range 5"),
        (f"name-of-{limits.MAX_NAME + 1}", "B" * (limits.MAX_NAME + 1) + ", reach 1"),
        ("markup-reach", "Spear, reach <b>1</b>"),
        ("a-number", 5), ("null", None), ("a-list", ["Spear", "reach 1"]), ("an-object", {"name": "Spear"}),
        ("empty-text", ""),
    ]
    for label, value in malformed:
        cases.append(Case(f"v2.{wfirst}={label}", stair_edited(WEAPON, value), REFUSED, (wfirst,)))
    at_caps = [
        ("reach-100", "Pike, reach 100"), ("reach-C-to-100", "Pike, reach C-100"), ("range-10000", "Bow, range 10000"),
        ("200-characters", "Bow, range 5".ljust(limits.MAX_ENTRY_TEXT)),
        (f"name-of-{limits.MAX_NAME}", "B" * limits.MAX_NAME + ", reach 1"),
        ("RANGE-in-capitals", "Bow, RANGE 5"), ("reach-with-an-en-dash", "Pike, reach 1\u20133"),
    ]
    for label, value in at_caps:
        cases.append(Case(f"v2.{wfirst}={label}", stair_edited(WEAPON, value), LOADS))
    # Digits of other scripts inside a weapon's numbers: read as numbers today (unlike lengths); either
    # outcome is fine so long as it is a clean one (a refusal at the weapon, or a weapon that round-trips).
    for label, value in [("range-Arabic-Indic", "Bow, range \u0663"), ("reach-fullwidth", "Pike, reach \uff11")]:
        cases.append(Case(f"v2.{wfirst}={label}", stair_edited(WEAPON, value), EITHER))
    cases += [
        Case(f"v2.{wweapons}=not-a-list", stair_edited(weapons, "Bow, range 5"), REFUSED, (wweapons,)),
        Case(f"v2.{wweapons}=an-object", stair_edited(weapons, {"0": "Bow, range 5"}), REFUSED, (wweapons,)),
        Case(f"v2.{wweapons}=null", stair_edited(weapons, None), REFUSED, (wweapons,)),
        Case(f"v2.{wweapons}=empty", stair_edited(weapons, []), LOADS),
        Case(f"v2.{wweapons}=nested-lists", stair_edited(weapons, [["Bow, range 5"]]), REFUSED, (wfirst,)),
        Case(f"v2.{wweapons}={limits.MAX_ENTRIES}", stair_edited(weapons, ["Bow, range 5"] * limits.MAX_ENTRIES),
             LOADS),
        Case(f"v2.{wweapons}={limits.MAX_ENTRIES + 1}",
             stair_edited(weapons, ["Bow, range 5"] * (limits.MAX_ENTRIES + 1)), REFUSED, (wweapons,)),
        Case(f"v2.{wweapons}=10000", stair_edited(weapons, ["Bow, range 5"] * 10_000), REFUSED, (wweapons,)),
    ]
    for label, payload in MARKUP:
        cases.append(Case(f"v2.weapon-name-{label}", stair_edited(WEAPON, f"{payload}, reach 1"), LOADS,
                          echo=(_weapon_name, _weapon_name_in_dump, payload)))
    for label, payload in RIGHT_TO_LEFT:
        cases.append(Case(f"v2.weapon-name-{label}", stair_edited(WEAPON, f"{payload}, reach 1"), LOADS,
                          echo=(_weapon_name, _weapon_name_in_dump, payload)))
    for label, char, gap in CONTROLS:
        cases.append(Case(f"v2.weapon-name-with-{label}", stair_edited(WEAPON, f"Ann{char}Bob, reach 1"), REFUSED,
                          (wfirst,), gap=gap))
    for label, name, gap in BLANKS:
        cases.append(Case(f"v2.weapon-name-{label}", stair_edited(WEAPON, f"{name}, reach 1"), REFUSED, (wfirst,),
                          gap=gap))
    return cases


def v2_dice_rolls_cases() -> list[Case]:
    """``dice_rolls`` (the rolls Export says were made, issue 7): whole numbers 0 … 2^52 only, version 2 only."""
    rolls = ("dice_rolls",)
    cases = []
    for label, value in [
        ("-1", -1), ("2^52+1", limits.MAX_ROLLS + 1), ("2^53", 2**53), ("1.5", 1.5), ('"3"', "3"), ("true", True),
        ("false", False), ("null", None), ("[3]", [3]), ('{"rolls":3}', {"rolls": 3}), ("1e999", Raw("1e999")),
        ("-1e999", Raw("-1e999")), ("NaN", Raw("NaN")), ("Infinity", Raw("Infinity")),
        ("5001-digits", Raw("1" * 5001)), ("-5001-digits", Raw("-" + "1" * 5001)), ("markup", "<b>3</b>"),
        ("bidi", "3\u202e"),
    ]:
        cases.append(Case(f"v2.dice_rolls={label}", stair_edited(rolls, value), REFUSED, ("dice_rolls",)))
    cases.append(Case("v2.dice_rolls=3.0", stair_edited(rolls, 3.0), EITHER))  # JSON does not tell 3.0 from 3
    cases.append(Case("v1.dice_rolls=3", stair_edited(rolls, 3, base=lambda: dict(cliff(), vertigo=1)), REFUSED,
                      ("dice_rolls",)))
    for value in (0, 1, 3, limits.MAX_ROLLS):
        cases.append(Case(f"v2.dice_rolls={value}", stair_edited(rolls, value), LOADS,
                          echo=(lambda sc: sc.dice_rolls, lambda d: d.get("dice_rolls", 0), value)))
    cases.append(Case("v2.dice_rolls=missing", stair_edited(rolls, MISSING), LOADS,
                      echo=(lambda sc: sc.dice_rolls, lambda d: d.get("dice_rolls", 0), 0)))
    return cases


def v2_cases() -> list[Case]:
    """Version 2, built from the staircase: lengths in every length field, rules and options, stairs, SM, weapons,
    the rolls made so far."""
    return v2_length_cases() + v2_rules_cases() + v2_stairs_cases() + v2_fighter_cases() + v2_dice_rolls_cases()
