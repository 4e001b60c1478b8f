"""Actions with a range or Reach: ``Shortbow, range 3``; ``Spear, range 0, Reach``.

Source: ``000_519d8b8e373365db.txt`` › Height and Range, rulings H5 and H6.

Rulings restated in ``docs/rules.md``: ``#h5-ranged-actions-range-needed-and-blocking``,
``#h6-range-0-and-reach``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vertigo.errors import EntryError, LimitError
from vertigo.limits import MAX_DISTANCE, MAX_ENTRY_TEXT, MAX_NAME
from vertigo.text import check_named, entry_text, isolate, quote

__all__ = ["Action"]

_ACTION = re.compile(
    r"^\s*(?P<name>[^,]+?)\s*,\s*range\s+(?P<range>[0-9]+)\s*(?P<has_reach>,\s*Reach(?:\s+(?P<reach>[0-9]+))?\s*)?$",
    re.IGNORECASE | re.ASCII,
)


@dataclass(frozen=True, slots=True)
class Action:
    """An action a fighter can play against a target.

    Attributes:
        name: what it is called (``"Shortbow"``), shown as text only.
        range: its range, in section steps (0 = melee).
        reach: its Reach in section steps, or ``None`` without Reach; a bare
            ``Reach`` is 1 (ruling H6).

    Raises:
        EntryError: a name that is empty, longer than MAX_NAME or holds a
            character refused by :func:`vertigo.text.check_name`; a negative
            number.
        LimitError: range or Reach above MAX_DISTANCE.
    """

    name: str
    range: int
    reach: int | None = None

    def __post_init__(self) -> None:
        check_named(self.name, MAX_NAME, "action")
        if self.range < 0 or (self.reach is not None and self.reach < 1):
            raise EntryError(f"range must be ≥ 0 and Reach ≥ 1: {self}")
        if self.range > MAX_DISTANCE or (self.reach or 0) > MAX_DISTANCE:
            raise LimitError(f"range and Reach must be ≤ {MAX_DISTANCE}: {self}")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse ``"Shortbow, range 3"``, ``"Spear, range 0, Reach"``, ``"Glaive, range 0, Reach 2"``.

        Raises:
            EntryError: not text, or text that is not an action (quoted in the message).
            LimitError: longer than ``MAX_ENTRY_TEXT`` characters, or a number beyond the caps.
        """
        text = entry_text(text, MAX_ENTRY_TEXT, "an action")
        m = _ACTION.match(text)
        if m is None:
            raise EntryError(
                f'{quote(text, MAX_ENTRY_TEXT + 2)} is not an action '
                f'(expected e.g. "Shortbow, range 3" or "Spear, range 0, Reach")'
            )
        reach = None
        if m["has_reach"]:
            reach = int(m["reach"]) if m["reach"] else 1
        return cls(m["name"], int(m["range"]), reach)

    def __str__(self) -> str:
        text = f"{self.name}, range {self.range}"
        if self.reach is None:
            return text
        return text + (", Reach" if self.reach == 1 else f", Reach {self.reach}")

    @property
    def shown(self) -> str:
        """The action as written, its name isolated for use inside a sentence (:func:`vertigo.text.isolate`)."""
        text = str(self)
        return isolate(self.name) + text[len(self.name):]

    @property
    def effective_range(self) -> int:
        """Range used for H5: the larger of range and Reach (H6)."""
        return max(self.range, self.reach or 0)
