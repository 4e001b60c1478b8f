"""Explanations shared by every verdict, and the DM's override (H7).

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("The DM can make
exception for special circumstances"), ruling H7.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TypeVar

__all__ = ["Step", "Override", "Overridable"]

_V = TypeVar("_V", bound="Overridable")


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


class Overridable:
    """What every verdict shares: the rules' answer, its steps and the DM's exception (H7).

    A verdict dataclass that inherits this has the fields ``allowed: bool``,
    ``steps: tuple[Step, ...]`` and ``override: Override | None``.
    """

    __slots__ = ()
    allowed: bool
    steps: tuple[Step, ...]
    override: Override | None

    @property
    def final(self) -> bool:
        """The answer after any DM override (H7)."""
        return self.allowed if self.override is None else self.override.allowed

    def overridden(self: _V, allowed: bool, note: str = "") -> _V:
        """This verdict with the DM's exception applied; the original answer is kept (H7)."""
        o = Override(allowed, note)
        changed: Any = replace(self, override=o, steps=(*self.steps, o.step(self.allowed)))  # type: ignore[type-var]
        return changed
