"""Combat at different levels: what a vertical difference does to melee (G1–G7).

Two fighters stand on surfaces at different heights.  Their vertical
difference d, in feet, falls in one band (G1, G2) that sets both fighters'
active-defense modifiers, the hit locations each may strike and the attack
modifiers of the 2-ft band; over 6 ft, combat is impossible unless the upper
fighter lies down at the edge (the strange position, G3).  Hit locations
carry their normal GURPS penalties (G6) and may be switched off (G7).  Reach
is horizontal only: the distance between the fighters in whole yards must be
one of a weapon's reach values after the Size Modifier bonus (G4, G5).

The bands, hit locations and lengths live in :mod:`.bands` and are named
here again; this module holds the fighters and the verdict.

Lengths are exact: feet are :class:`fractions.Fraction` (a stair of nine
8-inch steps is exactly 6 ft and lands in the "up to 6 ft" band); they are
rounded only where they are shown (:func:`show_ft`), and shown exactly where
rounding would put them on an edge they are not on (6 ft and a millionth is
not "6 ft > 6 ft", 1.5 ft less a millionth is not "0.5 yd → 0 yd").

Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels; rulings
G1–G7 (``docs/rules.md#g1`` … ``#g7``) and H7 (the DM's override).

Rulings restated in ``docs/rules.md``: ``#g1-the-vertical-difference``, ``#g2-the-bands``,
``#g3-the-strange-position``, ``#g4-reach-by-size-modifier``, ``#g5-horizontal-distance-and-reach``,
``#g6-hit-locations``, ``#g7-without-hit-locations``, ``#h7-the-dms-override``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from vertigo.errors import EntryError, UnknownFighterError
from vertigo.numbers import MINUS, hundredths, rounded, signed
from vertigo.text import isolate, quote
from vertigo.verdict import Overridable, Override, Step, explanation, rule_ids

from .bands import (
    BANDS,
    FEET_OR_LEGS,
    HEAD,
    HEAD_AND_ARM,
    LOCATIONS,
    PENALTY,
    STRANGE_POSITION_FT,
    STRANGE_POSITION_OFFERED_OVER_FT,
    Band,
    Length,
    Location,
    Side,
    _difference_shown,
    _exact_ft,
    _shows_past,
    band,
    distance_yd,
    feet,
    show_ft,
)
from .fighter import Fighter
from .reach import reach_bonus

__all__ = [
    "Length", "Side", "feet", "show_ft", "signed", "distance_yd",
    "Location", "LOCATIONS", "PENALTY", "HEAD", "FEET_OR_LEGS", "HEAD_AND_ARM", "STRANGE_POSITION_FT",
    "STRANGE_POSITION_OFFERED_OVER_FT",
    "Band", "BANDS", "band",
    "Fighter", "LocationRow", "WeaponRow", "Direction", "LevelsVerdict", "judge_levels",
]


# -- the verdict -----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class LocationRow:
    """What one attacker may do against one hit location of its foe.

    Attributes:
        name: the location (:data:`LOCATIONS` order).
        allowed: whether the attack may be made at, or land on, this location.
        base: its normal penalty (G6).
        level: the modifier for attacking from above or below (the 2-ft band,
            G2), 0 when none applies; None when not allowed or when hit
            locations are off (G7: no location modifier is shown).
        net: base + level, the modifier to hit; None when not allowed.
        why: the row in words, with its arithmetic or the reason it is barred.
        rule: the ruling id(s) the row applies.
    """

    name: str
    allowed: bool
    base: int
    level: int | None
    net: int | None
    why: str
    rule: str


@dataclass(frozen=True, slots=True)
class WeaponRow:
    """Whether one of the attacker's weapons reaches its foe (G4, G5).

    Attributes:
        name: the weapon's name.
        melee: False for a ranged weapon, which 001 does not govern.
        reach: the reach as written (``"1,2"``), None for a ranged weapon.
        reach_bonus: yards added for the attacker's SM (G4), None for ranged.
        reach_with_bonus: the reach after the SM bonus, None for ranged.
        distance_yd: the horizontal distance to the foe, yards (G5).
        reaches: whether the distance is one of the reach values; None for a
            ranged weapon (no answer: out of scope).
        why: the row in words.
        rule: the ruling id(s) the row applies.
    """

    name: str
    melee: bool
    reach: str | None
    reach_bonus: int | None
    reach_with_bonus: str | None
    distance_yd: int
    reaches: bool | None
    why: str
    rule: str


OUT_OF_SCOPE = "001 governs melee only; see Firing Upward and Downward"
"""What a levels verdict says of a ranged weapon instead of an answer."""


@dataclass(frozen=True, slots=True)
class Direction(Overridable):
    """One fighter attacking the other across the difference.

    Attributes:
        attacker: the attacker's id.
        defender: the defender's id.
        attacker_name: the attacker's name, as shown (the summary's).
        defender_name: the defender's name, as shown.
        attacker_side: ``"upper"``, ``"lower"``, or None when d ≤ 1 ft.
        allowed: the rules' answer: the levels allow this attack (G2, G3).
            Reach is told per weapon in ``weapons``.
        impossible: why the levels rule this attack out, in short (``"over
            6 ft"``, ``"over 6 ft even lying down, 3 ft closer"``); ``""``
            when they allow it.
        defense_modifier: modifier to the DEFENDER's active defenses.
        distance_yd: horizontal distance between the two, yards (G5).
        locations: one row per hit location, :data:`LOCATIONS` order.
        weapons: one row per weapon of the attacker, in its order.
        steps: this direction's explanation.
        override: the DM's exception for this direction (H7), if any.
    """

    attacker: str
    defender: str
    attacker_name: str
    defender_name: str
    attacker_side: Side | None
    allowed: bool
    impossible: str
    defense_modifier: int
    distance_yd: int
    locations: tuple[LocationRow, ...]
    weapons: tuple[WeaponRow, ...]
    steps: tuple[Step, ...]
    override: Override | None = None

    @property
    def out_of_reach(self) -> bool:
        """Whether the attacker has melee weapons and none reaches the defender's distance (G4, G5): the levels
        may allow the attack (``allowed``), but no strike can be made. False with no melee weapon."""
        melee = [w for w in self.weapons if w.melee]
        return bool(melee) and not any(w.reaches for w in melee)

    @property
    def summary(self) -> str:
        """One line, the log's: the fighters by name, the answer after any DM override (H7), and why.

        Possible: ``"Sentry → Ogre: possible; Ogre defends at −3; reaches with Spear"`` (or ``"no weapon
        reaches"``; nothing of reach for an attacker without melee weapons).  Impossible: why, and nothing of
        defense or reach, which no attack reaches: ``"Ogre → Sentry: impossible (over 6 ft)"``.  An override
        adds ``" — overridden by the DM"`` after the answer; the rules' reason stays when the DM rules the
        attack out too.  Names are isolated (:func:`~vertigo.text.isolate`), not escaped.
        """
        a, b = isolate(self.attacker_name), isolate(self.defender_name)
        if not self.final:
            why = f" ({self.impossible})" if self.impossible else ""
            dm = " — overridden by the DM" if self.override is not None else ""
            return f"{a} → {b}: impossible{why}{dm}"
        head = f"{a} → {b}: possible"
        if self.override is not None:
            head += " — overridden by the DM"
        head += f"; {b} defends at {signed(self.defense_modifier)}"
        if self.out_of_reach:
            head += "; no weapon reaches"
        elif any(w.melee for w in self.weapons):
            head += f"; reaches with {', '.join(isolate(w.name) for w in self.weapons if w.melee and w.reaches)}"
        return head


def _fraction_json(value: Fraction) -> int | float:
    """A length for JSON: rounded to hundredths, an int when whole."""
    r = rounded(value)
    return r.numerator if r.denominator == 1 else float(r)


def _steps_json(steps: tuple[Step, ...]) -> list[dict[str, str]]:
    return [{"rule": s.rule, "text": s.text} for s in steps]


@dataclass(frozen=True, slots=True)
class LevelsVerdict:
    """Two fighters at different levels: the band, each direction of attack, and why (G1–G7).

    Attributes:
        fighters: (attacker, defender) as given to :func:`judge_levels`.
        difference_ft: d, the vertical difference of their standing
            surfaces, feet, exact (G1).
        effective_ft: the difference that sets the band: d, or d − 3 ft (not
            below 0) in the strange position (G3).
        band: the band of ``effective_ft`` (G2).
        possible: whether the levels allow melee between them (the rules'
            answer; a DM override changes one :class:`Direction`).
        upper: the id of the fighter on the higher surface, None when
            d ≤ 1 ft.
        strange_position: whether the strange position applies (asked for,
            and there is an upper fighter to lie down).
        hit_locations: whether the scenario uses hit locations (G7).
        directions: (attacker → defender, defender → attacker).
        steps: the explanation of what both directions share; each
            direction carries its own (:attr:`explanation` joins them).
    """

    fighters: tuple[Fighter, Fighter]
    difference_ft: Fraction
    effective_ft: Fraction
    band: Band
    possible: bool
    upper: str | None
    strange_position: bool
    hit_locations: bool
    directions: tuple[Direction, Direction]
    steps: tuple[Step, ...]

    def direction(self, attacker: str) -> Direction:
        """The direction in which ``attacker`` (an id) attacks.

        Raises:
            UnknownFighterError: ``attacker`` is neither fighter.
        """
        for d in self.directions:
            if d.attacker == attacker:
                return d
        raise UnknownFighterError(f"no fighter with id {quote(attacker)} in this verdict "
                                  f"(fighters: {', '.join(quote(f.id) for f in self.fighters)})")

    def overridden(self, attacker: str, allowed: bool, note: str = "") -> LevelsVerdict:
        """This verdict with the DM's exception for the direction in which ``attacker`` attacks (H7).

        The direction keeps the rules' answer in ``allowed`` and adds the DM's
        in ``override``; its steps end with both answers.

        Args:
            attacker: the id of the attacking fighter of the direction.
            allowed: what the DM rules for that attack.
            note: the DM's reason (may be empty).

        Returns:
            A new verdict; the other direction is unchanged.

        Raises:
            UnknownFighterError: ``attacker`` is neither fighter.
        """
        target = self.direction(attacker)
        changed = tuple(d.overridden(allowed, note) if d is target else d for d in self.directions)
        return replace(self, directions=(changed[0], changed[1]))

    def taken_back(self, attacker: str) -> LevelsVerdict:
        """This verdict with the DM's exception for ``attacker``'s direction withdrawn (H7); the other direction
        is unchanged.

        Raises:
            UnknownFighterError: ``attacker`` is neither fighter.
        """
        target = self.direction(attacker)
        changed = tuple(d.taken_back() if d is target else d for d in self.directions)
        return replace(self, directions=(changed[0], changed[1]))

    @property
    def strange_offered(self) -> bool:
        """Whether the page offers the strange position: there is an upper fighter and d is over 6 ft, where the
        text describes it ("Over six feet of vertical difference: ... the upper fighter lies down"; ruling G3).
        ``ask`` answers it at any difference over 1 ft."""
        return self.upper is not None and self.difference_ft > STRANGE_POSITION_OFFERED_OVER_FT

    @property
    def explanation(self) -> tuple[Step, ...]:
        """Every step: the shared ones, then each direction's."""
        return (*self.steps, *self.directions[0].steps, *self.directions[1].steps)

    @property
    def summary(self) -> str:
        """One line: ``"d = 6 ft (up to 6 ft): combat possible"``."""
        ft = _difference_shown(self.difference_ft, self.strange_position)
        strange = f", {ft(self.effective_ft)} lying down" if self.strange_position else ""
        return (f"d = {ft(self.difference_ft)}{strange} ({self.band.label}): "
                f"combat {'possible' if self.possible else 'impossible'}")

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values, keys in a fixed order.

        Lengths appear twice: ``<name>_ft`` is the number rounded to hundredths
        (an int when whole: what the explanations show), and
        ``<name>_ft_exact`` the exact value as text, ``"6"`` or ``"17/3"``
        (``str`` of the Fraction; ``Fraction(text)`` reads it back).
        Modifiers and yards are ints; absent values are null.

        Returns:
            A dict: ``rules``, ``difference_ft``, ``difference_ft_exact``,
            ``effective_ft``, ``effective_ft_exact``, ``band``, ``possible``,
            ``upper``, ``strange_position``, ``hit_locations``, ``fighters``
            (each ``id``, ``name``, ``elevation_ft``, ``elevation_ft_exact``,
            ``x_ft``, ``x_ft_exact``, ``sm``, ``weapons`` as text),
            ``directions`` (each ``attacker``, ``defender``, ``attacker_side``,
            ``allowed``, ``final``, ``override`` (``allowed``, ``note``) or
            null, ``defense_modifier``, ``distance_yd``, ``locations`` (an
            object keyed by location, in the order of G6: ``allowed``,
            ``base``, ``level``, ``net``, ``why``, ``rule``),
            ``weapons``, ``steps``), ``steps`` (each ``rule``, ``text``) and
            ``summary`` (one line).
        """
        def fighter(f: Fighter) -> dict[str, Any]:
            return {"id": f.id, "name": f.name,
                    "elevation_ft": _fraction_json(f.elevation_ft), "elevation_ft_exact": str(f.elevation_ft),
                    "x_ft": _fraction_json(f.x_ft), "x_ft_exact": str(f.x_ft),
                    "sm": f.sm, "weapons": [str(w) for w in f.weapons]}

        def direction(d: Direction) -> dict[str, Any]:
            return {
                "attacker": d.attacker, "defender": d.defender, "attacker_side": d.attacker_side,
                "allowed": d.allowed, "final": d.final,
                "override": None if d.override is None else {"allowed": d.override.allowed, "note": d.override.note},
                "defense_modifier": d.defense_modifier, "distance_yd": d.distance_yd,
                "locations": {r.name: {"allowed": r.allowed, "base": r.base, "level": r.level,
                                       "net": r.net, "why": r.why, "rule": r.rule} for r in d.locations},
                "weapons": [{"name": w.name, "melee": w.melee, "reach": w.reach, "reach_bonus": w.reach_bonus,
                             "reach_with_bonus": w.reach_with_bonus, "distance_yd": w.distance_yd,
                             "reaches": w.reaches, "why": w.why, "rule": w.rule} for w in d.weapons],
                "steps": _steps_json(d.steps),
            }

        return {
            "ask": "levels",
            "rule_set": "levels",
            "difference_ft": _fraction_json(self.difference_ft), "difference_ft_exact": str(self.difference_ft),
            "effective_ft": _fraction_json(self.effective_ft), "effective_ft_exact": str(self.effective_ft),
            "band": self.band.label, "possible": self.possible, "upper": self.upper,
            "strange_position": self.strange_position, "hit_locations": self.hit_locations,
            "fighters": [fighter(f) for f in self.fighters],
            "directions": [direction(d) for d in self.directions],
            "steps": _steps_json(self.steps),
            "summary": self.summary,
            "rules": rule_ids(self.explanation),
            "explanation": explanation(self.explanation),
        }


def _title(location: str) -> str:
    return location[:1].upper() + location[1:]


def _location_rows(bnd: Band, side: Side, targets: tuple[str, ...], barred: str, barred_rule: str,
                   hit_locations: bool) -> tuple[LocationRow, ...]:
    """The rows of one direction: what the attacker on ``side`` may strike (G2, G3, G6, G7)."""
    rows: list[LocationRow] = []
    torso_case = not hit_locations and "torso" in targets
    for loc in LOCATIONS:
        name, base, shown = loc.name, loc.penalty, _title(loc.name)
        if name not in targets:
            rows.append(LocationRow(name, False, base, None, None, f"{shown}: not allowed: {barred}.", barred_rule))
        elif torso_case and name != "torso":
            rows.append(LocationRow(name, False, base, None, None,
                                    f"{shown}: hit locations are off: hits go to the torso.", "G7"))
        elif not hit_locations:
            why = (f"{shown}: hit locations are off: hits go here, {signed(base)}." if torso_case else
                   f"{shown}: {signed(base)}, its normal penalty (hit locations are off, but only some locations "
                   f"may be struck: the attack is made at one of them).")
            rows.append(LocationRow(name, True, base, None, base, why, "G7"))
        else:
            level = bnd.modifier(side, name)
            net = base + level
            if level:
                where = "from above" if side == "upper" else "from below"
                why = f"{shown}: {signed(base)} normal, {signed(level)} for striking {where} = {signed(net)}."
                rule = "G2, G6"
            else:
                why = f"{shown}: {signed(base)} normal, no level modifier = {signed(net)}."
                rule = "G6"
            rows.append(LocationRow(name, True, base, level, net, why, rule))
    return tuple(rows)


def _weapon_rows(attacker: Fighter, distance: int) -> tuple[WeaponRow, ...]:
    """Whether each of ``attacker``'s weapons reaches a foe ``distance`` yards away (G4, G5)."""
    rows: list[WeaponRow] = []
    bonus = reach_bonus(attacker.sm)
    at = f"at {distance} yd" + (" (close combat)" if distance == 0 else "")
    for w in attacker.weapons:
        if w.reach is None:
            rows.append(WeaponRow(w.name, False, None, None, None, distance, None,
                                  f"{w.shown}: {OUT_OF_SCOPE}.", "G5"))
            continue
        held = w.reach.with_size(attacker.sm)
        reaches = held.reaches(distance)
        outcome = "reaches" if reaches else "out of reach"
        if attacker.sm == 1 and 0 in w.reach.values:
            arithmetic, rule = f"SM +1 turns reach C into 1 → reach {held}; ", "G4, G5"
        elif attacker.sm != 0:
            arithmetic, rule = f"{signed(bonus)} for SM {signed(attacker.sm)} → reach {held}; ", "G4, G5"
        else:
            arithmetic, rule = "", "G5"
        rows.append(WeaponRow(w.name, True, str(w.reach), bonus, str(held), distance, reaches,
                              f"{w.shown}: {arithmetic}{at}: {outcome}.", rule))
    return tuple(rows)


def _direction(attacker: Fighter, defender: Fighter, side: Side | None, bnd: Band, strange: bool,
               hit_locations: bool) -> Direction:
    """One direction of attack, with its explanation."""
    a, b = isolate(attacker.name), isolate(defender.name)
    where = f"{bnd.label}, lying down" if strange else bnd.label
    level_rule = "G3" if strange else "G2"
    steps: list[Step] = []
    look = side or "upper"  # d ≤ 1: the band treats both fighters alike
    other: Side = "lower" if look == "upper" else "upper"
    roles = f"{a} ({side}) → {b} ({other})" if side else f"{a} → {b}"
    if not bnd.possible:
        defense = 0
        targets: tuple[str, ...] = ()
        impossible = "over 6 ft even lying down, 3 ft closer" if strange else "over 6 ft"
        barred, barred_rule = f"combat is impossible {impossible}", level_rule
        steps.append(Step(level_rule, f"{roles}: impossible ({impossible})."))
    else:
        impossible = ""
        defense = bnd.defense(other)
        if strange and side == "lower":
            targets = HEAD_AND_ARM
            barred = "lying down, the upper fighter may be struck only at the head and arm"
            barred_rule = "G3"
        else:
            targets, barred, barred_rule = bnd.targets(look), bnd.rule(look), level_rule
        role = f"{other} fighter, " if side else ""
        steps.append(Step(level_rule, f"{roles}: {b} defends at {signed(defense)} ({role}{where})."))
    rows = _location_rows(bnd, look, targets, barred, barred_rule, hit_locations)
    if bnd.possible:
        if not hit_locations and "torso" in targets:
            restriction = f" (and {barred})" if len(targets) < len(LOCATIONS) else ""
            steps.append(Step("G7", f"Hit locations off: the attack hits the torso, +0{restriction}."))
        else:
            steps.extend(Step(r.rule, r.why) for r in rows)
    dx = attacker.x_ft - defender.x_ft
    distance = distance_yd(dx)
    yards = abs(dx) / 3
    # Rounded to hundredths unless that shows a half yard the distance is not on ("0.5 yd → 0 yd"): then exactly.
    exact = _shows_past(yards, lambda shown: shown.denominator == 2)
    ft, yd = (_exact_ft, str(yards)) if exact else (show_ft, hundredths(yards))
    steps.append(Step("G5", f"Horizontal distance: |{ft(attacker.x_ft)} {MINUS} {ft(defender.x_ft)}| = "
                            f"{ft(abs(dx))} ÷ 3 = {yd} yd → {distance} yd (nearest yard, halves "
                            f"up{'; 0 is close combat, reach C' if distance == 0 else ''}); the vertical difference "
                            f"does not change reach."))
    weapons = _weapon_rows(attacker, distance)
    steps.extend(Step(w.rule, w.why) for w in weapons)
    return Direction(attacker.id, defender.id, attacker.name, defender.name, side, bnd.possible, impossible,
                     defense, distance, rows, weapons, tuple(steps))


def _placed_over_6(d: Fraction) -> str:
    """The G3 step's last sentence at a difference of 6 ft or less: the text describes the strange position
    "over six feet", so the page offers it only there, while ``ask`` answers it all the same (ruling G3)."""
    if d > STRANGE_POSITION_OFFERED_OVER_FT:
        return ""
    return (f" The text places the strange position over {STRANGE_POSITION_OFFERED_OVER_FT} ft of difference; "
            f"asked at {show_ft(d)}, it is answered all the same.")


def judge_levels(attacker: Fighter, defender: Fighter, *, strange_position: bool = False,
                 hit_locations: bool = True) -> LevelsVerdict:
    """What the vertical difference between two fighters does to melee between them (G1–G7).

    Args:
        attacker: the fighter who asks.
        defender: its foe.
        strange_position: the upper fighter lies down at the edge and
            reaches over (G3): the band is set by d − 3 ft (not below 0), and
            the lower fighter may strike only the head and arm.  Ignored when
            d ≤ 1 ft (no upper fighter).
        hit_locations: whether the scenario uses hit locations (G7).

    Returns:
        The verdict, with both directions (attacker → defender first) and the
        explanation of every number.

    Raises:
        EntryError: both fighters have the same id.

    Source: ``001_cbc7fc1b49bd2ff2.txt`` › Combat At Different Levels; rulings
    G1–G7.
    """
    if attacker.id == defender.id:
        raise EntryError(f"a fighter cannot fight itself: both have the id {quote(attacker.id)}")
    d = abs(attacker.elevation_ft - defender.elevation_ft)
    high, low = sorted((attacker, defender), key=lambda f: f.elevation_ft, reverse=True)
    has_upper = d > 1
    strange = strange_position and has_upper
    effective = max(Fraction(0), d - STRANGE_POSITION_FT) if strange else d
    bnd = band(effective)
    steps: list[Step] = []
    ft = _difference_shown(d, strange)
    if d == 0:
        steps.append(Step("G1", f"Difference: 0 ft (both surfaces at {show_ft(high.elevation_ft)})."))
    else:
        steps.append(Step("G1", f"Difference: {ft(d)} (upper surface {ft(high.elevation_ft)} {MINUS} "
                                f"lower surface {ft(low.elevation_ft)})."))
    sized = sorted((f for f in (attacker, defender) if f.sm != 0), key=lambda f: (f.id, f.name))
    if sized:
        who = " and ".join(f"{isolate(f.name)} is SM {signed(f.sm)}" for f in sized)
        steps.append(Step("G1", f"Measured between the standing surfaces whatever the fighters' size ({who}): "
                                "a taller fighter is not counted higher."))
    if has_upper:
        steps.append(Step("G1", f"{isolate(high.name)} is the upper fighter, {isolate(low.name)} the lower."))
    else:
        steps.append(Step("G1", "No upper fighter: the difference is 1 ft or less."))
    if strange:
        clamp = " (not below 0)" if d < STRANGE_POSITION_FT else ""
        steps.append(Step("G3", f"Strange position: {isolate(high.name)} lies down at the edge and reaches over, "
                                f"3 ft closer: {ft(d)} {MINUS} 3 ft = {ft(effective)}{clamp}; "
                                f"{isolate(low.name)} may strike only {isolate(high.name)}'s head and arm. "
                                f"Posture penalties for lying down are the GM's.{_placed_over_6(d)}"))
    elif strange_position:
        steps.append(Step("G3", "Strange position asked for, but with a difference of 1 ft or less there is no "
                                "upper fighter to lie down: it changes nothing."))
    compare = (f"{ft(effective)} > 6 ft" if bnd.limit_ft is None
               else f"{ft(effective)} ≤ {bnd.limit_ft} ft")
    if not bnd.possible:
        tail = "" if strange else " unless the fighters adopt some strange position"
    else:
        tail = " (lying down, the lower fighter strikes the head and arm instead)" if strange else ""
    steps.append(Step("G3" if strange else "G2", f"Band: {bnd.label} ({compare}): {bnd.text}{tail}."))
    if hit_locations:
        steps.append(Step("G6", "Hit locations on: each location's normal penalty, plus the level modifier where "
                                "the band gives one."))
    else:
        steps.append(Step("G7", "Hit locations off: no location modifier; the defense modifiers and the limits on "
                                "what may be struck still apply; where only some locations may be struck, the "
                                "attack is made at one of them with its normal penalty, elsewhere hits go to the "
                                "torso."))

    def side(f: Fighter) -> Side | None:
        if not has_upper:
            return None
        return "upper" if f is high else "lower"

    forward = _direction(attacker, defender, side(attacker), bnd, strange, hit_locations)
    backward = _direction(defender, attacker, side(defender), bnd, strange, hit_locations)
    return LevelsVerdict((attacker, defender), d, effective, bnd, bnd.possible,
                         high.id if has_upper else None, strange, hit_locations, (forward, backward), tuple(steps))
