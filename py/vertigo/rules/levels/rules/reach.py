"""GURPS reach notation, melee and ranged weapon entries, and reach by Size Modifier (G4, G5).

Reach is written in yards (one hex each): ``C`` is close combat (distance
0), ``1`` one yard, ``C,1`` or ``1,2`` either of two distances, ``1-3`` every
distance from 1 to 3.  A weapon entry names the weapon and its reach
(``"Spear, reach 1,2"``) or, for a ranged weapon, its range in yards
(``"Bow, range 150"``): the levels rules govern melee only, so a ranged
weapon is kept apart and never given a levels answer.

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels (the SM /
Reach table: "A reach "C" weapon increases to reach 1, but there are no other
effects"; "This rule is for melee combat. For ranged weapons, see Firing
Upward and Downward"); rulings G4 and G5 (``docs/rules.md#g4``,
``docs/rules.md#g5``).

Rulings restated in ``docs/rules.md``: ``#g4-reach-by-size-modifier``,
``#g5-horizontal-distance-and-reach``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType
from typing import Any

from vertigo.errors import EntryError, LimitError, SizeModifierError
from vertigo.limits import MAX_ENTRY_TEXT, MAX_NAME, MAX_REACH, MAX_REACH_TEXT, MAX_WEAPON_RANGE
from vertigo.numbers import signed
from vertigo.text import check_named, entry_text, isolate, quote
from vertigo.verdict import Step, explanation, rule_ids

__all__ = ["REACH_BY_SM", "MAX_SM", "reach_bonus", "ReachBonus", "judge_reach_bonus", "WeaponReach", "Weapon"]

REACH_BY_SM: Mapping[int, int] = MappingProxyType({1: 0, 2: 1, 3: 2, 4: 3, 5: 5, 6: 7, 7: 10, 8: 15, 9: 20, 10: 30})
"""The seed's table: Size Modifier → reach bonus in yards (G4).  SM ≤ 0 adds nothing; SM +1 adds
nothing but turns reach C into reach 1 (:meth:`WeaponReach.with_size`)."""
MAX_SM = max(REACH_BY_SM)
"""The largest SM of the table (+10); a larger one is outside it and an error, not a guess (G4)."""
_MAX_VALUE = MAX_REACH + REACH_BY_SM[MAX_SM]
"""Largest reach value a :class:`WeaponReach` holds: a weapon's written reach plus the largest SM bonus."""


def reach_bonus(sm: int) -> int:
    """The reach bonus of a fighter of Size Modifier ``sm`` (G4).

    Args:
        sm: the fighter's Size Modifier, a whole number.

    Returns:
        The bonus in yards added to every reach value of its weapons: 0 for
        SM ≤ 0 and for SM +1 (whose only effect is reach C → 1), then
        +1, +2, +3, +5, +7, +10, +15, +20, +30 for SM +2 … +10.

    Raises:
        SizeModifierError: ``sm`` is above +10 (outside the table) or not a
            whole number.

    Source: ``001_cbc7fc1b49bd2ff2.txt`` › the SM / Reach table; ruling G4.
    """
    if isinstance(sm, bool) or not isinstance(sm, int):
        raise SizeModifierError(f"SM must be a whole number: {quote(sm)}")
    if sm > MAX_SM:
        raise SizeModifierError(f"SM must be at most +{MAX_SM}, the reach table covers SM ≤ 0 to +{MAX_SM}: +{sm}")
    return REACH_BY_SM.get(sm, 0)


@dataclass(frozen=True, slots=True)
class ReachBonus:
    """What a fighter's Size Modifier does to the reach of its weapons, and why (G4).

    Attributes:
        sm: the Size Modifier asked about.
        bonus: yards added to every reach value (:func:`reach_bonus`).
        steps: the explanation.
    """

    sm: int
    bonus: int
    steps: tuple[Step, ...]

    @property
    def summary(self) -> str:
        """One line: ``"SM +2: reach bonus +1 yd"``; SM +1 adds that reach C becomes 1."""
        tail = " (reach C becomes 1)" if self.sm == 1 else ""
        return f"SM {signed(self.sm)}: reach bonus +{self.bonus} yd{tail}"

    def to_json(self) -> dict[str, Any]:
        """The answer as plain JSON values, keys in a fixed order (the answer of ``ask sm_reach``).

        Returns:
            A dict: ``sm``, ``reach_bonus`` (yards, an int), ``summary``,
            ``rules`` and ``explanation`` (one ``"[G4] …"`` line).
        """
        return {"sm": self.sm, "reach_bonus": self.bonus, "summary": self.summary,
                "rules": rule_ids(self.steps), "explanation": explanation(self.steps)}


def judge_reach_bonus(sm: int) -> ReachBonus:
    """The reach bonus of a fighter of Size Modifier ``sm``, with its explanation (G4).

    Args:
        sm: the fighter's Size Modifier, a whole number.

    Returns:
        The bonus of :func:`reach_bonus` and the line that explains it.

    Raises:
        SizeModifierError: ``sm`` is above +10 (outside the table) or not a
            whole number.

    Source: ``001_cbc7fc1b49bd2ff2.txt`` › the SM / Reach table; ruling G4.
    """
    bonus = reach_bonus(sm)
    if sm > 1:
        text = (f"SM {signed(sm)}: +{bonus} yd to every reach value of its weapons, C counting as 0 "
                "(the SM / Reach table).")
    elif sm == 1:
        text = "SM +1: no reach bonus, but a reach C weapon reaches 1 (the SM / Reach table)."
    else:
        text = f"SM {signed(sm)}: no reach bonus (the SM / Reach table adds nothing at SM 0 or below)."
    return ReachBonus(sm, bonus, (Step("G4", text),))


def _show_value(value: int) -> str:
    """A reach value as GURPS writes it: ``C`` for 0 (close combat), else the yards."""
    return "C" if value == 0 else str(value)


_ITEM = re.compile(r"^\s*(?P<low>C|[0-9]+)\s*(?:[-\u2013]\s*(?P<high>C|[0-9]+)\s*)?$", re.IGNORECASE)
"""One comma-separated item of reach notation: ``C``, ``2`` or a range ``1-3`` (an en dash is read as a hyphen)."""


@dataclass(frozen=True, slots=True)
class WeaponReach:
    """The distances a melee weapon strikes at, in GURPS reach notation.

    ``WeaponReach.parse("1-3")`` / ``str(reach)`` are a parser/formatter
    pair; the formatter writes the canonical form: one value alone (``2``),
    two neighbours with a comma (``C,1``, ``1,2``), three or more in a row as
    a range (``1-3``, ``C-2``), so ``"1-2"`` reads back as ``"1,2"``.

    Attributes:
        values: the distances in yards, rising, each once; 0 is reach C
            (close combat).  At most ``MAX_REACH`` + 30 (a weapon's reach
            plus the largest SM bonus).

    Raises:
        EntryError: no values, a value below 0, not a whole number, or values
            not strictly rising.
        LimitError: a value above ``MAX_REACH`` + 30.

    Source: ``001_cbc7fc1b49bd2ff2.txt`` › the SM / Reach table; ruling G5.
    """

    values: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.values, tuple) or not self.values:
            raise EntryError(f"a reach needs at least one value: {quote(self.values)}")
        for v in self.values:
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise EntryError(f"reach values must be whole yards ≥ 0: {quote(self.values)}")
            if v > _MAX_VALUE:
                raise LimitError(f"reach values must be at most {_MAX_VALUE} yards: {v}")
        if any(a >= b for a, b in pairwise(self.values)):
            raise EntryError(f"reach values must rise, each once: {quote(self.values)}")

    @classmethod
    def parse(cls, text: str) -> WeaponReach:
        """Parse ``"C"``, ``"1"``, ``"C,1"``, ``"1,2"``, ``"1-3"`` (whitespace tolerated).

        Args:
            text: the reach as a stat block writes it.

        Returns:
            The reach; ``str(reach)`` gives its canonical text.

        Raises:
            EntryError: the text is not reach notation, a range runs down or
                stands still (``"3-1"``, ``"2-2"``), or the values do not rise
                from left to right (``"2,1"``, ``"1-3,2"``).  The text is quoted.
            LimitError: longer than ``MAX_REACH_TEXT`` characters, or a value
                above ``MAX_REACH`` yards.

        Source: ruling G5 ("its reach values (``C``, ``1``, ``2``, lists like
        ``C,1`` or ``1,2``, ranges like ``1-3``)").
        """
        text = entry_text(text, MAX_REACH_TEXT, "a reach")
        values: list[int] = []
        for item in text.split(","):
            m = _ITEM.match(item)
            if m is None:
                raise EntryError(f'{quote(text, MAX_REACH_TEXT + 2)} is not a reach (expected e.g. "C", "1", "C,1", '
                                 f'"1,2" or "1-3")')
            low = 0 if m["low"].upper() == "C" else int(m["low"])
            high = low if m["high"] is None else (0 if m["high"].upper() == "C" else int(m["high"]))
            if max(low, high) > MAX_REACH:
                raise LimitError(f"a reach value must be at most {MAX_REACH} yards: {quote(text, MAX_REACH_TEXT + 2)}")
            if high <= low and m["high"] is not None:
                raise EntryError(f"a reach range must run upward (e.g. 1-3): {quote(text, MAX_REACH_TEXT + 2)}")
            if values and low <= values[-1]:
                raise EntryError(f"reach values must rise from left to right, each once: "
                                 f"{quote(text, MAX_REACH_TEXT + 2)}")
            values.extend(range(low, high + 1))
        return cls(tuple(values))

    def __str__(self) -> str:
        runs: list[list[int]] = []
        for v in self.values:
            if runs and v == runs[-1][-1] + 1:
                runs[-1].append(v)
            else:
                runs.append([v])
        parts: list[str] = []
        for run in runs:
            if len(run) >= 3:
                parts.append(f"{_show_value(run[0])}-{_show_value(run[-1])}")
            else:
                parts.extend(_show_value(v) for v in run)
        return ",".join(parts)

    def with_size(self, sm: int) -> WeaponReach:
        """This reach in the hands of a fighter of Size Modifier ``sm`` (G4).

        The bonus of :func:`reach_bonus` adds to every value, C counting as 0
        (SM +2: ``C`` → ``1``, ``1`` → ``2``, ``1,2`` → ``2,3``).  SM +1 adds
        nothing but makes reach C reach 1 (``C,1`` → ``1``).

        Args:
            sm: the wielder's Size Modifier.

        Returns:
            The reach after the bonus.

        Raises:
            SizeModifierError: ``sm`` above +10 or not a whole number.

        Source: ``001_cbc7fc1b49bd2ff2.txt`` › the SM / Reach table ("A reach
        "C" weapon increases to reach 1, but there are no other effects");
        ruling G4.
        """
        bonus = reach_bonus(sm)
        if sm == 1:
            return WeaponReach(tuple(sorted({1 if v == 0 else v for v in self.values})))
        if bonus == 0:
            return self
        return WeaponReach(tuple(v + bonus for v in self.values))

    def reaches(self, distance_yd: int) -> bool:
        """Whether a foe ``distance_yd`` yards away is at one of these distances (G5; 0 = close combat)."""
        return distance_yd in self.values


_WEAPON = re.compile(
    r"^\s*(?P<name>[^,]+?)\s*,\s*(?:reach\s+(?P<reach>\S.*?)|range\s+(?P<range>[0-9]+))\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon a fighter carries: melee with a reach, or ranged with a range.

    ``Weapon.parse("Spear, reach 1,2")`` / ``str(weapon)`` are a
    parser/formatter pair.

    Attributes:
        name: what it is called (``"Broadsword"``), shown as text only.
        reach: a melee weapon's reach in yards, or None for a ranged weapon.
        range: a ranged weapon's range in yards, or None for a melee weapon.
            The levels rules (001) govern melee only; a ranged weapon is
            reported as out of their scope.

    Raises:
        EntryError: a name refused by :func:`vertigo.text.check_name`; both or
            neither of reach and range; a range below 1 or not whole.
        LimitError: a name longer than ``MAX_NAME``, a reach value above
            ``MAX_REACH`` or a range above ``MAX_WEAPON_RANGE`` yards.

    Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels ("This
    rule is for melee combat"); ruling G5.
    """

    name: str
    reach: WeaponReach | None = None
    range: int | None = None

    def __post_init__(self) -> None:
        check_named(self.name, MAX_NAME, "weapon")
        if (self.reach is None) == (self.range is None):
            raise EntryError(f"a weapon has either a reach (melee) or a range (ranged): {quote(self.name)}")
        if self.reach is not None:
            if not isinstance(self.reach, WeaponReach):
                raise EntryError(f"a weapon's reach must be a WeaponReach: {quote(self.reach)}")
            if self.reach.values[-1] > MAX_REACH:
                raise LimitError(f"a weapon's reach must be at most {MAX_REACH} yards: {self.reach}")
        if self.range is not None:
            if isinstance(self.range, bool) or not isinstance(self.range, int) or self.range < 1:
                raise EntryError(f"a weapon's range must be whole yards ≥ 1: {quote(self.range)}")
            if self.range > MAX_WEAPON_RANGE:
                raise LimitError(f"a weapon's range must be at most {MAX_WEAPON_RANGE} yards: {self.range}")

    @classmethod
    def parse(cls, text: str) -> Weapon:
        """Parse ``"Broadsword, reach 1"``, ``"Spear, reach 1,2"``, ``"Knife, reach C"``, ``"Bow, range 150"``.

        Args:
            text: the weapon as a stat block writes it; reach in GURPS
                notation (:meth:`WeaponReach.parse`), range in yards.

        Returns:
            The weapon; ``str(weapon)`` gives the text back in canonical form.

        Raises:
            EntryError: the text is not a weapon entry, or its reach does not
                parse (the text is quoted).
            LimitError: longer than ``MAX_ENTRY_TEXT`` characters, or a number
                beyond the caps.
        """
        text = entry_text(text, MAX_ENTRY_TEXT, "a weapon")
        m = _WEAPON.match(text)
        if m is None:
            raise EntryError(f'{quote(text, MAX_ENTRY_TEXT + 2)} is not a weapon (expected e.g. "Broadsword, reach 1", '
                             f'"Spear, reach 1,2" or "Bow, range 150")')
        if m["range"] is not None:
            return cls(m["name"], range=int(m["range"]))  # at most MAX_ENTRY_TEXT digits: int() is cheap
        try:
            reach = WeaponReach.parse(m["reach"])
        except LimitError as e:
            raise LimitError(f"{quote(text, MAX_ENTRY_TEXT + 2)}: {e}") from None
        except EntryError as e:
            raise EntryError(f"{quote(text, MAX_ENTRY_TEXT + 2)}: {e}") from None
        return cls(m["name"], reach=reach)

    def __str__(self) -> str:
        if self.reach is not None:
            return f"{self.name}, reach {self.reach}"
        return f"{self.name}, range {self.range}"

    @property
    def melee(self) -> bool:
        """Whether this is a melee weapon (has a reach), the only kind the levels rules judge."""
        return self.reach is not None

    @property
    def shown(self) -> str:
        """The weapon as written, its name isolated for use inside a sentence (:func:`vertigo.text.isolate`)."""
        text = str(self)
        return isolate(self.name) + text[len(self.name):]
