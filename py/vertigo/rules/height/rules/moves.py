"""Move entries as the Height rules write them: ``Move 1 (Height 2)``.

Source: ``000_519d8b8e373365db.txt`` › Combat ("Some Move entries include a
Height value in parentheses"; Fly, Phase, Teleport), rulings H2 and H4.

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h4-fly-phase-teleport``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from vertigo.errors import EntryError, LimitError
from vertigo.lengths import exact
from vertigo.limits import MAX_DISTANCE, MAX_ELEVATION, MAX_ENTRY_TEXT
from vertigo.numbers import fmt
from vertigo.text import entry_text, quote

__all__ = ["MoveEntry", "KINDS"]

KINDS = ("Move", "Fly", "Phase", "Teleport")
"""The movement types the Height rules name."""

_ENTRY = re.compile(
    r"^\s*(?P<kind>[A-Za-z]+)\s+(?P<n>[0-9]+)\s*(?:\(\s*Height\s+(?P<h>[0-9]+(?:\.[0-9]+)?)\s*\))?\s*$",
    re.ASCII,
)


@dataclass(frozen=True, slots=True)
class MoveEntry:
    """One Move entry of a fighter.

    Attributes:
        kind: ``"Move"``, ``"Fly"``, ``"Phase"`` or ``"Teleport"``.
        distance: N, in section steps (Move, Fly) or range in steps
            (Phase, Teleport).
        height: the entry's own Height value in Height levels, or ``None``
            when it lists none (then the fighter's Height property, else 0).

    Raises:
        EntryError: unknown kind, or a Height on a kind other than Move.
        LimitError: distance above MAX_DISTANCE or Height above MAX_ELEVATION.
    """

    kind: str
    distance: int
    height: Fraction | None = None

    def __post_init__(self) -> None:
        if self.height is not None:
            object.__setattr__(self, "height", exact(self.height))
        if self.kind not in KINDS:
            raise EntryError(f"Move entry kind must be one of {', '.join(KINDS)}: {self.kind!r}")
        if self.distance < 0:
            raise EntryError(f"Move entry distance must be ≥ 0: {self.distance}")
        if self.distance > MAX_DISTANCE:
            raise LimitError(f"Move entry distance must be ≤ {MAX_DISTANCE}: {self.distance}")
        if self.height is not None:
            if self.kind != "Move":
                raise EntryError(f"only Move entries take a (Height h): {self.kind} {self.distance}")
            if not 0 <= self.height <= MAX_ELEVATION:
                raise LimitError(f"Move entry Height must be 0 to {MAX_ELEVATION}: {fmt(self.height)}")

    @classmethod
    def parse(cls, text: str) -> MoveEntry:
        """Parse ``"Move 2"``, ``"Move 1 (Height 2)"``, ``"Fly 3"``, ``"Phase 2"``, ``"Teleport 4"``.

        Args:
            text: the entry as written in a stat block.

        Returns:
            The entry; ``str(entry)`` gives the text back in canonical form.

        Raises:
            EntryError: not text, or text that is not a Move entry (quoted in the message).
            LimitError: longer than ``MAX_ENTRY_TEXT`` characters, or a number beyond the caps.
        """
        text = entry_text(text, MAX_ENTRY_TEXT, "a Move entry")
        m = _ENTRY.match(text)
        if m is None or m["kind"] not in KINDS:
            raise EntryError(
                f'{quote(text, MAX_ENTRY_TEXT + 2)} is not a Move entry (expected e.g. "Move 2", "Move 1 (Height 2)", '
                '"Fly 3", "Phase 2", "Teleport 4")'
            )
        h = m["h"]
        return cls(m["kind"], int(m["n"]), None if h is None else Fraction(h))

    def __str__(self) -> str:
        base = f"{self.kind} {self.distance}"
        return base if self.height is None else f"{base} (Height {fmt(self.height)})"

    def height_with(self, fighter_height: Fraction | None) -> Fraction:
        """The Height value this entry moves with (ruling H2).

        Args:
            fighter_height: the fighter's Height property, Height levels, or None.

        Returns:
            The entry's own Height if listed, else the fighter's Height
            property, else 0.
        """
        if self.height is not None:
            return self.height
        return fighter_height if fighter_height is not None else Fraction(0)
