"""Fields a rule set declares on the scenario's objects: key, kind, bounds, default, label and help, as data.

A rule set's core part declares the fields it reads (``rules/<id>/rules/fields.py``): a fighter's Move
entries, its Size Modifier, a scenario option.  The scenario document parses, checks, writes and sizes
them from the declaration alone (:mod:`vertigo.scenario`), so its messages name the field's place and its
bounds whichever rule set declared it; a later editor builds its forms from the same declarations.  A
fighter keeps every declared field of every registered rule set, whichever rule sets referee its
scenario, and a rule set reads its own with ``fighter[FIELD]`` (:meth:`vertigo.scenario.Fighter.__getitem__`),
so the shared core holds no rule set's fields by name.

A field's **kind** says what its JSON value is:

- :class:`Whole`: a whole number from ``low`` to ``high``;
- :class:`Length`: a length in the scenario's unit from ``low`` to ``high`` (:mod:`vertigo.lengths`),
  or ``null`` where the default is None;
- :class:`Scale`: a fall scale, the length of one Height level fallen, from 1/4 in to 10 ft (feet and
  inches documents only);
- :class:`Flag`: true or false;
- :class:`Choice`: one of a list of words, in any case (a Size: ``"Medium"``);
- :class:`Entries`: a list of entry texts, each parsed (``"Move 1 (Height 2)"`` → a ``MoveEntry``).

Source: issue 19 (rule sets as plug-ins: "its scenario fields, declared as data: key, type, bounds,
default, label and help text"); ``docs/design.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from . import lengths
from .errors import RulesError
from .lengths import to_json
from .limits import MAX_ENTRIES, MAX_FALL_SCALE_FT, MIN_FALL_SCALE_IN
from .numbers import fmt

__all__ = ["Field", "OBJECTS", "Checks", "Kind", "Whole", "Length", "Scale", "Flag", "Choice", "Entries", "BAD",
           "SCALE_BOUNDS"]

T = TypeVar("T", covariant=True)
"""The value a field holds once parsed (a tuple of Move entries, an int); a field of a narrower value
serves where a wider one is asked for (read-only, so covariant)."""

OBJECTS = ("scenario", "fighter", "section", "border")
"""The objects of a document a field may be declared on (``scenario`` is the top level: an option)."""

BAD: Any = object()
"""What a kind's :meth:`Kind.read` returns for a value it refused (the problem is recorded)."""


class Checks(Protocol):
    """What a kind reads a value with: the scenario checker (:mod:`vertigo.scenario`), which records each
    problem at its place and knows the document's unit."""

    units: str
    """The document's unit system (:data:`vertigo.lengths.UNITS`)."""

    def add(self, where: str, message: str) -> None:
        """Record a problem at ``where``."""

    def number(self, where: str, value: Any, low: float, high: float) -> Fraction | None:
        """A length in the document's unit from ``low`` to ``high``, or None (a problem recorded)."""

    def items(self, where: str, value: Any, limit: int) -> list[Any]:
        """A JSON list of at most ``limit`` items, or [] (a problem recorded)."""

    def show(self, value: Any) -> str:
        """A refused value as a message shows it (quoted, cut short)."""


class Kind:
    """What a field's JSON value is: how it is read, checked and written."""

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        """The value of ``raw``, or :data:`BAD` with the problem recorded at ``where``."""
        raise NotImplementedError

    def write(self, value: Any) -> Any:
        """The value as JSON, as :func:`vertigo.scenario.dump` writes it."""
        return value

    def describe(self) -> str:
        """What the kind takes, for a form's hint and ``docs/rules.md``."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Whole(Kind):
    """A whole number from ``low`` to ``high``.

    Attributes:
        low, high: the bounds, both allowed.
        message: what a refused value is told, ``{low}`` and ``{high}`` filled in; by default ``"must be a
            whole number from {low} to {high}"``.
    """

    low: int
    high: int
    message: str = "must be a whole number from {low} to {high}"

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        if isinstance(raw, bool) or not isinstance(raw, int) or not self.low <= raw <= self.high:
            c.add(where, self.message.format(low=self.low, high=self.high) + f": {c.show(raw)}")
            return BAD
        return raw

    def describe(self) -> str:
        return f"a whole number from {self.low} to {self.high}"


@dataclass(frozen=True, slots=True)
class Length(Kind):
    """A length in the scenario's unit from ``low`` to ``high``; ``null`` reads as None.

    Attributes:
        low, high: the bounds, in the scenario's unit (Height levels, feet or inches), both allowed.
    """

    low: float
    high: float

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        if raw is None:
            return None
        value = c.number(where, raw, self.low, self.high)
        return BAD if value is None else value

    def write(self, value: Any) -> Any:
        return None if value is None else to_json(value)

    def describe(self) -> str:
        return f"a length from {fmt(self.low)} to {fmt(self.high)} in the scenario's unit"


SCALE_BOUNDS = "a length from 1/4 in to 10 ft"
"""What a fall scale may be (:class:`Scale`; :data:`vertigo.limits.MIN_FALL_SCALE_IN`,
:data:`~vertigo.limits.MAX_FALL_SCALE_FT`)."""

_INCHES_PER = {"feet": 12, "inches": 1}
"""Inches in one unit of a feet or inches document (a fall scale is held in inches)."""


@dataclass(frozen=True, slots=True)
class Scale(Kind):
    """A fall scale: how far a fall goes on the battlefield for one Height level fallen (T6, J12), from 1/4 in
    to 10 ft.  The document writes it as a length with its unit (``"3 in"``, ``"10 ft"``) or as a number in
    its own unit; it is held as a Fraction of **inches**, so that a rule set's default serves a feet and an
    inches battlefield alike.  A Height battlefield has no scale (its falls are in Height levels already,
    scale 1): one written there is refused.

    Source: issue 20 (typed options carry a length); ``002`` › Falling (T6), ``003`` (J12).
    """

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        per = _INCHES_PER.get(c.units)
        if per is None:
            c.add(where, f"a Height battlefield falls in Height levels (scale 1); a fall scale is written only on "
                         f"a feet or inches battlefield: {c.show(raw)}")
            return BAD
        try:
            value = lengths.length(raw, c.units, "the fall scale") * per
        except RulesError:
            value = None
        if value is None or not MIN_FALL_SCALE_IN <= value <= 12 * MAX_FALL_SCALE_FT:
            c.add(where, f"must be {SCALE_BOUNDS}: {c.show(raw)}")
            return BAD
        return value

    def write(self, value: Any) -> Any:
        """``"10 ft"`` for a whole number of feet, else inches, exactly (``"3 in"``, ``"1/4 in"``)."""
        if value % 12 == 0:
            return f"{value // 12} ft"
        return f"{value} in"

    def describe(self) -> str:
        return f"{SCALE_BOUNDS}, for one Height level fallen"


@dataclass(frozen=True, slots=True)
class Flag(Kind):
    """True or false."""

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        if not isinstance(raw, bool):
            c.add(where, f"must be true or false: {c.show(raw)}")
            return BAD
        return raw

    def describe(self) -> str:
        return "true or false"


@dataclass(frozen=True, slots=True)
class Choice(Kind):
    """One of a few words, read in any case and written as :attr:`choices` spells it (``"medium"`` →
    ``"Medium"``).

    Attributes:
        choices: the words, in the order a message and a form list them.
        what: what a chosen word is, for the message (``"a Size"``).
    """

    choices: tuple[str, ...]
    what: str = "one of"

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        if isinstance(raw, str):
            for choice in self.choices:
                if raw.casefold() == choice.casefold():
                    return choice
        c.add(where, f"must be {self.what}: {', '.join(self.choices[:-1])} or {self.choices[-1]}: {c.show(raw)}")
        return BAD

    def describe(self) -> str:
        return f"{', '.join(self.choices[:-1])} or {self.choices[-1]}"


@dataclass(frozen=True, slots=True)
class Entries(Kind):
    """A list of entry texts, each parsed by ``parse`` (which raises :class:`~vertigo.errors.RulesError` with
    its message); a refused entry is recorded at its place (``fighters[2].moves[0]``) and left out.

    Attributes:
        parse: text → value (``MoveEntry.parse``); ``str(value)`` gives the text back.
        example: an entry as a document writes it, for the hint.
        limit: the most entries a list may hold.
    """

    parse: Callable[[str], Any]
    example: str
    limit: int = MAX_ENTRIES

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        out = []
        for j, text in enumerate(c.items(where, raw, self.limit)):
            try:
                out.append(self.parse(text))
            except RulesError as e:
                c.add(f"{where}[{j}]", str(e))
        return tuple(out)

    def write(self, value: Any) -> Any:
        return [str(v) for v in value]

    def describe(self) -> str:
        return f'a list of entries such as "{self.example}"'


@dataclass(frozen=True, slots=True, eq=False)
class Field(Generic[T]):
    """One declared field.

    Attributes:
        key: the document's key (``"moves"``).
        on: which object it is on: one of :data:`OBJECTS`.
        default: its value when the document leaves it out.
        label: what a form calls it (``"Move entries"``).
        help: one line on what it means, with its unit and the rule it serves.
        state: whether it is per-fighter state that changes in play (lying down): the document's value is
            where it starts, the table keeps the current one, saves it, undoes it and exports it.
        kind: what its JSON value is (:class:`Kind`); None for a field read by the shared core itself.
        always: whether a document refereed by the declaring rule set writes it even at its default (a
            Height fighter with no Move entries still shows ``"moves": []``, so the file says it has none).
        required: whether every fighter of a document refereed by the declaring rule set must give it (a
            jumper's Size, J1); its default then only stands in for a fighter of another battlefield.
    """

    key: str
    on: str
    default: T
    label: str = ""
    help: str = ""
    state: bool = False
    kind: Kind | None = None
    always: bool = False
    required: bool = False

    def __repr__(self) -> str:
        return f"Field({self.key!r} on {self.on})"

    def read(self, c: Checks, where: str, raw: Any) -> Any:
        """The field's value from its raw JSON (``where`` is its place), or :data:`BAD` (problem recorded)."""
        assert self.kind is not None, f"{self!r} has no kind to read it with"
        return self.kind.read(c, where, raw)

    def write(self, value: Any) -> Any:
        """The value as the document writes it."""
        assert self.kind is not None, f"{self!r} has no kind to write it with"
        return self.kind.write(value)
