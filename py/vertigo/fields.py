"""Fields a rule set declares on the scenario's objects: key, default, label and help, as data.

A rule set's core part declares the fields it reads (``rules/<id>/rules/fields.py``): a fighter's Move
entries, its Size Modifier.  A fighter keeps every declared field of every registered rule set,
whichever rule sets referee its scenario, and a rule set reads its own with ``fighter[FIELD]``
(:meth:`vertigo.scenario.Fighter.__getitem__`), so the shared core holds no rule set's fields by name.

Source: issue 19 (rule sets as plug-ins: "its scenario fields, declared as data"); ``docs/design.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Field", "OBJECTS"]

T = TypeVar("T", covariant=True)
"""The value a field holds once parsed (a tuple of Move entries, an int); a field of a narrower value
serves where a wider one is asked for (read-only, so covariant)."""

OBJECTS = ("scenario", "fighter", "section", "border")
"""The objects of a document a field may be declared on (``scenario`` is the top level)."""


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
    """

    key: str
    on: str
    default: T
    label: str = ""
    help: str = ""
    state: bool = False

    def __repr__(self) -> str:
        return f"Field({self.key!r} on {self.on})"
