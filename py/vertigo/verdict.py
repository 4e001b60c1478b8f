"""Explanations shared by every verdict, and the DM's override (H7).

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("The DM can make
exception for special circumstances"), ruling H7.

Rulings restated in ``docs/rules.md``: ``#h7-the-dms-override``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import Field, dataclass, replace
from typing import Any, ClassVar, Protocol, Self

__all__ = ["Step", "Override", "Overridable", "Explained", "rule_ids", "explanation"]


@dataclass(frozen=True, slots=True)
class Step:
    """One line of an explanation.

    Attributes:
        rule: the ruling id(s) it applies, e.g. ``"H2"`` or ``"H5"``.
        text: the step in words, with its numbers.
    """

    rule: str
    text: str

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


@dataclass(frozen=True, slots=True)
class Override:
    """The DM's exception to a verdict (ruling H7).

    Attributes:
        allowed: what the DM rules instead of the verdict's own answer.
        note: the DM's reason, free text (may be empty).
    """

    allowed: bool
    note: str = ""

    def step(self, original: bool) -> Step:
        """The explanation line that records both answers."""
        was = "allowed" if original else "not allowed"
        now = "allowed" if self.allowed else "not allowed"
        reason = f" ({self.note})" if self.note else ""
        return Step("H7", f"Rules say {was}; overridden by the DM: {now}{reason}.")

    def to_json(self) -> dict[str, Any]:
        """``{"allowed": bool, "note": str}``, in that order."""
        return {"allowed": self.allowed, "note": self.note}


class Explained(Protocol):
    """Anything that explains itself: a one-line answer and its steps (what the log writes of a verdict)."""

    @property
    def summary(self) -> str:
        """The answer in one line."""

    @property
    def steps(self) -> tuple[Step, ...]:
        """The explanation, one step a line."""


class Overridable:
    """What every verdict shares: the rules' answer, its steps and the DM's exception (H7).

    A verdict dataclass that inherits this has the fields ``allowed: bool``,
    ``steps: tuple[Step, ...]`` and ``override: Override | None``.
    """

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # set by @dataclass on each verdict; lets replace() take self
    allowed: bool
    steps: tuple[Step, ...]
    override: Override | None

    @property
    def final(self) -> bool:
        """The answer after any DM override (H7)."""
        return self.allowed if self.override is None else self.override.allowed

    def overridden(self, allowed: bool, note: str = "") -> Self:
        """This verdict with the DM's exception applied; the original answer is kept (H7)."""
        o = Override(allowed, note)
        return replace(self, override=o, steps=(*self.steps, o.step(self.allowed)))

    def taken_back(self) -> Self:
        """This verdict with the DM's exception withdrawn: the rules' answer stands again (H7).

        The step :meth:`overridden` added goes with it; a verdict with no override is returned as it is.
        """
        if self.override is None:
            return self
        step = self.override.step(self.allowed)
        return replace(self, override=None, steps=tuple(s for s in self.steps if s != step))


_RULE_ID = re.compile(r"([A-Z]+)([0-9]+)")
"""A ruling id: letters, then a number (``H2``, ``G4``, ``H13``)."""


def _rule_key(rule: str) -> tuple[str, int, str]:
    """Sort ``H2`` before ``H13`` (by letters, then by number); anything else after, by its text."""
    m = _RULE_ID.fullmatch(rule)
    return (m[1], int(m[2]), "") if m else ("\uffff", 0, rule)


def rule_ids(steps: Iterable[Step]) -> list[str]:
    """Every ruling id the steps apply, each once, in order: ``["H2", "H3", "H8"]``.

    A step that applies several (``"G2, G6"``) counts for each.  Ids sort by
    their letters, then by their number, so ``H2`` comes before ``H13``.

    Args:
        steps: the steps of one or more verdicts.

    Returns:
        The sorted, de-duplicated ids (the ``rules`` of every ``to_json``).
    """
    found = {part.strip() for s in steps for part in s.rule.split(",") if part.strip()}
    return sorted(found, key=_rule_key)


def explanation(steps: Iterable[Step]) -> list[str]:
    """The steps as the page shows them, one line each: ``"[H2] Move 1 (Height 2) moves …"``."""
    return [str(s) for s in steps]
