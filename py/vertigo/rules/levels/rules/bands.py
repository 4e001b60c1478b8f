"""The bands of vertical difference and the hit locations (G1, G2, G5, G6).

Lengths in feet, exact (:class:`fractions.Fraction`): :func:`feet` reads one,
:func:`show_ft` shows one, :func:`distance_yd` turns a horizontal distance in
feet into whole yards (G5).  :data:`LOCATIONS` are the GURPS hit locations
with their penalties (G6); :data:`BANDS` are the four bands of the vertical
difference d (G1, G2), each with both fighters' defense modifiers, the hit
locations each may strike and the 2-ft band's attack modifiers; :func:`band`
finds the band of a difference.  :data:`STRANGE_POSITION_FT` is the 3 ft the
strange position adds (G3).

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels; rulings
G1, G2, G3, G5, G6 (``docs/rules.md#g1-the-vertical-difference``,
``#g2-the-bands``, ``#g3-the-strange-position``,
``#g5-horizontal-distance-and-reach``, ``#g6-hit-locations``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

from vertigo.errors import LengthError, LimitError
from vertigo.limits import MAX_FEET, MAX_FEET_DENOMINATOR, MAX_FEET_TEXT
from vertigo.numbers import MINUS, hundredths, rounded, signed
from vertigo.text import entry_text, quote

__all__ = [
    "Length", "Side", "feet", "show_ft", "signed", "distance_yd",
    "Location", "LOCATIONS", "PENALTY", "HEAD", "FEET_OR_LEGS", "HEAD_AND_ARM", "STRANGE_POSITION_FT",
    "STRANGE_POSITION_OFFERED_OVER_FT", "Band", "BANDS", "band",
]

Length = int | Fraction
"""A length in feet, exact: a whole number or a :class:`~fractions.Fraction`."""
Side = Literal["upper", "lower"]
"""Which fighter: the one on the higher surface, or the one on the lower."""

# -- lengths ---------------------------------------------------------------

_FEET_TEXT = re.compile(r"^\s*-?[0-9]+(?:\.[0-9]+)?\s*$|^\s*-?[0-9]+\s*/\s*[0-9]+\s*$")
"""A length as text: a decimal (``6``, ``-2.5``) or a fraction (``17/3``); no exponent."""


def _exact(value: object, what: str) -> Fraction:
    """``value`` as a Fraction, when it is an int or a Fraction (not a bool, not a float)."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, float):
        raise LengthError(f"{what} must be exact feet, an int or a Fraction (a float is a binary "
                          f"approximation; write it as text, e.g. \"6.5\"): {quote(value)}")
    raise LengthError(f"{what} must be a length in feet, an int or a Fraction: {quote(value)}")


def feet(value: int | Fraction | str, what: str = "length") -> Fraction:
    """A fighter's elevation or position in feet, exact and within the caps.

    Args:
        value: an int, a :class:`~fractions.Fraction`, or text holding a
            decimal or a fraction (``"6"``, ``"-2.5"``, ``"17/3"``).  A float
            is refused: ``0.1`` is not a tenth in binary.
        what: the field's name, for messages (``"elevation_ft"``).

    Returns:
        The length as a Fraction, in feet.

    Raises:
        LengthError: not a number of one of those kinds, or text that is not
            a decimal or a fraction (quoted in the message).
        LimitError: text longer than ``MAX_FEET_TEXT`` characters, a
            magnitude above ``MAX_FEET`` ft, or a denominator above
            ``MAX_FEET_DENOMINATOR``.

    Source: ruling G1 (d in feet).
    """
    if isinstance(value, str):
        entry_text(value, MAX_FEET_TEXT, what)
        if not _FEET_TEXT.match(value):
            raise LengthError(f"{what} must be feet as a decimal or a fraction (e.g. \"6.5\", \"17/3\"): "
                              f"{quote(value)}")
        try:
            number = Fraction(re.sub(r"\s", "", value))
        except ZeroDivisionError:
            raise LengthError(f"{what} must not divide by zero: {quote(value)}") from None
    else:
        number = _exact(value, what)
    if number.denominator > MAX_FEET_DENOMINATOR:
        raise LimitError(f"{what} must be exact to 1/{MAX_FEET_DENOMINATOR:,} ft: {quote(str(number), 40)}")
    if abs(number) > MAX_FEET:
        raise LimitError(f"{what} must be between {MINUS}{MAX_FEET:,} and {MAX_FEET:,} ft: {quote(str(number), 40)}")
    return number


def show_ft(value: Length) -> str:
    """A length the way every explanation shows it, rounded to hundredths of a foot.

    Args:
        value: feet, exact.

    Returns:
        ``"6 ft"``, ``"2.5 ft"``, ``"0.67 ft"`` (2/3 ft), ``"−3 ft"``; halves
        round away from zero (``0.125`` → ``"0.13 ft"``), and a length that
        rounds to 0 is ``"0 ft"``, never ``"−0 ft"``.
    """
    return f"{hundredths(value)} ft"


_BAND_EDGES_FT = frozenset(range(1, 7))
"""The edges of the bands, feet (G1: "up to N feet" means d ≤ N)."""
_LYING_EDGES_FT = frozenset(range(1, 10))
"""The edges d is judged against in the strange position: the bands' edges, 3 ft (the reduction) and each band's
edge plus 3 (G3)."""


def _shows_past(value: Fraction, on_edge: Callable[[Fraction], bool]) -> bool:
    """Whether rounding ``value`` to hundredths would show it on an edge (``on_edge``) that it is not on."""
    shown = rounded(value)
    return shown != value and on_edge(shown)


def _exact_ft(value: Length) -> str:
    """A length exactly, as the JSON's ``_exact`` fields write it: ``"6000001/1000000 ft"``, ``"6 ft"``."""
    return f"{Fraction(value)} ft"


def _difference_shown(difference_ft: Fraction, strange: bool) -> Callable[[Length], str]:
    """How an explanation shows the lengths of a vertical difference (G1, G3).

    Rounded to hundredths (:func:`show_ft`), unless that would put d on an edge it is decided against but not on
    (6 ft and a millionth is over 6 ft, and may not read "6 ft > 6 ft"): then exactly (:func:`_exact_ft`).
    """
    edges = _LYING_EDGES_FT if strange else _BAND_EDGES_FT
    return _exact_ft if _shows_past(difference_ft, edges.__contains__) else show_ft


def distance_yd(dx_ft: Length) -> int:
    """The horizontal distance between two fighters in whole yards (G5).

    |dx| ÷ 3, rounded to the nearest whole yard with halves up: under 1.5 ft
    is 0 yd (close combat, reach C), 1.5 ft is 1 yd, 4.5 ft (1.5 yd) is 2 yd,
    7.5 ft (2.5 yd) is 3 yd.  Exact, so a half is a half.

    Args:
        dx_ft: the difference of the fighters' horizontal positions, feet
            (either sign).

    Returns:
        The distance in yards (hexes); 0 is close combat.

    Raises:
        LengthError: ``dx_ft`` is not an int or a Fraction.

    Source: ruling G5 ("|Δx| in feet ÷ 3, rounded to the nearest whole yard,
    halves up").
    """
    yards = abs(_exact(dx_ft, "dx_ft")) / 3
    return math.floor(yards + Fraction(1, 2))


# -- hit locations (G6) ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Location:
    """A hit location and its normal penalty to hit (G6).

    Attributes:
        name: ``"eyes"``, ``"skull"``, … as GURPS names it.
        penalty: the normal modifier to hit it, ≤ 0.
    """

    name: str
    penalty: int


LOCATIONS: tuple[Location, ...] = (
    Location("eyes", -9), Location("skull", -7), Location("face", -5), Location("neck", -5),
    Location("torso", 0), Location("vitals", -3), Location("groin", -3), Location("arm", -2),
    Location("hand", -4), Location("leg", -2), Location("foot", -4),
)
"""The eleven hit locations, in the fixed order of every verdict (G6)."""
PENALTY: Mapping[str, int] = MappingProxyType({loc.name: loc.penalty for loc in LOCATIONS})
"""Location name → its normal penalty (G6)."""
HEAD: tuple[str, ...] = ("eyes", "skull", "face")
""""The head (skull, face, or eyes)" (G6), in verdict order."""
FEET_OR_LEGS: tuple[str, ...] = ("leg", "foot")
""""Feet or legs" (G6), in verdict order."""
HEAD_AND_ARM: tuple[str, ...] = ("eyes", "skull", "face", "arm")
"""What the lower fighter may strike at a fighter in the strange position, "his head and arm" (G3, G6)."""
_ALL: tuple[str, ...] = tuple(loc.name for loc in LOCATIONS)

_UPPER_MODIFIERS: Mapping[str, int] = MappingProxyType(
    {"eyes": 1, "skull": 1, "face": 1, "neck": 1, "leg": -2, "foot": -2})
"""The 2-ft band's modifiers for the upper fighter: −2 to hit feet or legs, +1 the head or neck."""
_LOWER_MODIFIERS: Mapping[str, int] = MappingProxyType({"eyes": -2, "skull": -2, "face": -2, "leg": 2, "foot": 2})
"""The 2-ft band's modifiers for the lower fighter: +2 to hit feet or legs, −2 the head."""


# -- bands (G1, G2) --------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Band:
    """One band of vertical difference and what it does (G2).

    Attributes:
        limit_ft: the band's inclusive upper edge in feet (1 … 6), or None
            for "over 6 ft".
        possible: whether melee is possible at all.
        upper_defense: modifier to the upper fighter's active defenses.
        lower_defense: modifier to the lower fighter's active defenses.
        location_modifiers: whether the 2-ft band's attack modifiers apply
            (with hit locations on, to the locations that may be struck).
        upper_targets: locations the upper fighter may strike, verdict order.
        lower_targets: locations the lower fighter may strike, verdict order.
        upper_rule: why the upper fighter may not strike the others ("" when
            it may strike all).
        lower_rule: the same for the lower fighter.
        text: what the band does, in words.

    Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels, the
    seven paragraphs from "One foot of vertical difference, or less" to "Over
    six feet"; rulings G1, G2.
    """

    limit_ft: int | None
    possible: bool
    upper_defense: int
    lower_defense: int
    location_modifiers: bool
    upper_targets: tuple[str, ...]
    lower_targets: tuple[str, ...]
    upper_rule: str
    lower_rule: str
    text: str

    @property
    def label(self) -> str:
        """``"1 ft or less"``, ``"up to 4 ft"``, ``"over 6 ft"``."""
        if self.limit_ft is None:
            return "over 6 ft"
        return "1 ft or less" if self.limit_ft == 1 else f"up to {self.limit_ft} ft"

    def defense(self, side: Side) -> int:
        """The modifier to the active defenses of the fighter on ``side``."""
        return self.upper_defense if side == "upper" else self.lower_defense

    def targets(self, side: Side) -> tuple[str, ...]:
        """The locations the fighter on ``side`` may strike."""
        return self.upper_targets if side == "upper" else self.lower_targets

    def rule(self, side: Side) -> str:
        """Why the fighter on ``side`` may not strike the other locations ("" when none are barred)."""
        return self.upper_rule if side == "upper" else self.lower_rule

    def modifier(self, side: Side, location: str) -> int:
        """The 2-ft band's attack modifier for the fighter on ``side`` against ``location`` (0 when none)."""
        if not self.location_modifiers:
            return 0
        return (_UPPER_MODIFIERS if side == "upper" else _LOWER_MODIFIERS).get(location, 0)


def _without(*barred: tuple[str, ...]) -> tuple[str, ...]:
    gone = {name for group in barred for name in group}
    return tuple(name for name in _ALL if name not in gone)


_LOCATION_TEXT = (f"with hit locations, the upper fighter {MINUS}2 to hit feet or legs, +1 the head (skull, face, "
                  f"eyes) or neck, and the lower fighter +2 to hit feet or legs, {MINUS}2 the head, in addition to the "
                  f"normal penalties")
_NO_UPPER_LEGS = "the upper fighter cannot strike feet or legs"

BANDS: tuple[Band, ...] = (
    Band(1, True, 0, 0, False, _ALL, _ALL, "", "", "the difference is ignored"),
    Band(2, True, 0, 0, True, _ALL, _ALL, "", "", f"no defense modifier; {_LOCATION_TEXT}"),
    Band(3, True, 1, -1, True, _ALL, _ALL, "", "",
         f"the upper fighter +1 to active defenses, the lower {MINUS}1; {_LOCATION_TEXT}"),
    Band(4, True, 2, -2, True, _without(FEET_OR_LEGS), _ALL, _NO_UPPER_LEGS, "",
         f"the upper fighter +2 to defend, the lower {MINUS}2; {_NO_UPPER_LEGS}; {_LOCATION_TEXT}"),
    Band(5, True, 3, -3, True, _without(FEET_OR_LEGS), _without(HEAD), _NO_UPPER_LEGS,
         "the lower fighter cannot strike the head",
         f"the upper fighter +3 to defend, the lower {MINUS}3; {_NO_UPPER_LEGS}, the lower fighter cannot "
         f"strike the head; the 2-ft modifiers still apply to the locations that remain ({_LOCATION_TEXT})"),
    Band(6, True, 3, -3, False, HEAD, FEET_OR_LEGS, "the upper fighter may only strike the head",
         "the lower fighter may only strike feet or legs",
         f"the upper fighter +3 to defend, the lower {MINUS}3; the upper fighter may only strike the head "
         f"(skull, face, eyes), the lower only feet or legs; neither gets any bonus or penalty to attack"),
    Band(None, False, 0, 0, False, (), (), "combat is impossible", "combat is impossible",
         "combat is impossible"),
)
"""The seven bands, d ≤ 1, ≤ 2, ≤ 3, ≤ 4, ≤ 5, ≤ 6 and over 6 ft (G2)."""

STRANGE_POSITION_FT = 3
"""Feet the upper fighter brings himself closer by lying down at the edge (G3)."""

STRANGE_POSITION_OFFERED_OVER_FT = 6
"""The difference in feet the text describes the strange position for, "Over six feet of vertical difference":
the page offers it only over this; ``ask`` answers it at any difference over 1 ft (G3)."""


def band(difference_ft: Length) -> Band:
    """The band of a vertical difference (G1, G2).

    Args:
        difference_ft: d, the vertical difference between the two fighters'
            standing surfaces, in feet, exact (≥ 0).

    Returns:
        The first band whose inclusive upper edge is at least d: d ≤ 1, ≤ 2,
        … ≤ 6, else "over 6 ft" (6 ft is "up to 6 ft"; 6 1/12 ft is over).

    Raises:
        LengthError: d is below 0, or not an int or a Fraction.

    Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels; rulings
    G1 ("Up to N feet" means d ≤ N), G2.
    """
    d = _exact(difference_ft, "difference_ft")
    if d < 0:
        raise LengthError(f"a vertical difference must be ≥ 0 ft: {quote(str(d), 40)}")
    for b in BANDS:
        if b.limit_ft is None or d <= b.limit_ft:
            return b
    raise AssertionError("unreachable: the last band has no limit")  # pragma: no cover
