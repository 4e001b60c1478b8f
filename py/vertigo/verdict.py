"""Explanations shared by every verdict, and the DM's override (H7).

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("The DM can make
exception for special circumstances"), ruling H7.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Step", "Override"]


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
