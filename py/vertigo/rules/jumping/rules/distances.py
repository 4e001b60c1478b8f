"""A jumper's distances and a jump's verdict against them: the Full Move in feet, each jump's base, minimum,
maximum and Jump Modifier (J1), the Move modifiers (J9), the cost (J3), and the penalty, the roll and the check
of one jump (J4).

Every length is an exact Fraction of feet; nothing here rounds but the cost (J3) and the penalty's steps (J4).

Source: ``003_d3aa233771e16bb9.txt`` › Jumping Distance, › Jumping Distance & Height, › Move Modifiers,
› Attempting a Jump; rulings J1, J3, J4, J9.

Rulings restated in ``docs/rules.md``: ``#j1-full-move-and-the-four-jumps``, ``#j3-the-cost``,
``#j4-the-roll-and-the-penalty``, ``#j9-move-modifiers``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo.errors import RulesError
from vertigo.lengths import show
from vertigo.numbers import fmt, signed
from vertigo.verdict import Step, rule_ids

from .feet import feet
from .sizes import HIGH, KINDS, RUNNING, SIZE_WORDS, TITLES, fraction_of_move

__all__ = ["JumpError", "Jumper", "Figures", "JumpTable", "JumpVerdict", "jump_table", "judge_jump", "TILE_FT"]

TILE_FT = 5
"""Feet in one tile (J1: "as each tile is 5 feet")."""


class JumpError(RulesError, ValueError):
    """A jump that cannot be asked: a kind that is not one of the four, a negative distance, a failure margin
    or a direction out of bounds, a landing the jumper cannot aim at (J1–J12)."""


@dataclass(frozen=True, slots=True)
class Jumper:
    """A fighter as the Jumping rules see it (J1, J4, J9).

    Attributes:
        size: one of :data:`.sizes.SIZES`.
        move_tiles: its Move in 5-ft tiles, 1 … 50.
        move_fraction: what a fraction or percentage applied to its Move leaves of it (½ slowed), > 0 (J9).
        mp_cost_per_tile: the Move points per tile of its own (a heavy load, fatigue), 0 … 9: −10 % of
            every distance each (J9).
        athletics, tumbling: whether it has the skill (the check one step easier, J4).
    """

    size: str
    move_tiles: int
    move_fraction: Fraction = Fraction(1)
    mp_cost_per_tile: int = 0
    athletics: bool = False
    tumbling: bool = False

    @property
    def full_move_ft(self) -> Fraction:
        """Its Full Move in feet: Move (tiles) × 5, under its Move fraction (J1, J9)."""
        return self.move_tiles * TILE_FT * self.move_fraction

    @property
    def scale(self) -> Fraction:
        """What J9's Move-point cost leaves of every distance: 1 − 10 % a point, added, not compounded."""
        return 1 - Fraction(self.mp_cost_per_tile, 10)

    @property
    def check(self) -> str:
        """The check a jump past its minimum takes (J4), with the easier skill it may use instead."""
        skills = [s for s, has in (("Athletics", self.athletics), ("Tumbling", self.tumbling)) if has]
        text = "a Hard Strength or Dexterity Feat"
        if skills:
            text += f", or {'an' if skills[0] == 'Athletics' else 'a'} {' or '.join(skills)} check one step easier"
        return text


@dataclass(frozen=True, slots=True)
class Figures:
    """One kind of jump's four figures for one jumper, in feet (J1, J9).

    Attributes:
        kind: one of :data:`.sizes.KINDS`.
        base: how far (or high) it jumps with no penalty.
        minimum: ½ base: at or below it no roll is made (J4); a failure never lands closer (J5, J6).
        maximum: 1.5 × base: past it the jump is impossible (J4); a scatter past it undershoots (J6).
        modifier: the Jump Modifier, 10 % of base: one penalty step (J4), one point of failure (J5, J6).
    """

    kind: str
    base: Fraction
    minimum: Fraction
    maximum: Fraction
    modifier: Fraction

    def to_json(self) -> dict[str, Any]:
        """``{"base", "base_exact", "minimum", …, "modifier_exact"}``: feet rounded to hundredths, exactly."""
        return {**feet("base", self.base), **feet("minimum", self.minimum), **feet("maximum", self.maximum),
                **feet("modifier", self.modifier)}


def _figures(jumper: Jumper, kind: str) -> Figures:
    base = jumper.full_move_ft * fraction_of_move(jumper.size, kind) * jumper.scale
    return Figures(kind, base, base / 2, base * 3 / 2, base / 10)


def _cost(jumper: Jumper) -> int:
    """½ the Full Move points, rounded up, the points under its Move fraction (J3)."""
    return math.ceil(jumper.move_tiles * jumper.move_fraction / 2)


@dataclass(frozen=True, slots=True)
class JumpTable:
    """A jumper's whole table: its Full Move, the four jumps' figures, the run-up a running jump needs and the
    cost (J1, J2, J3, J9).

    Attributes:
        jumper: who jumps.
        full_move_ft: Move × 5 ft, under its Move fraction (J1, J9).
        figures: each kind's figures, in :data:`.sizes.KINDS` order.
        run_up_ft: ½ Move × 5 ft of unimpeded running before a running jump (J2), under its Move fraction.
        cost_mp: the Move points a jump costs (J3).
        steps: the explanation.
    """

    jumper: Jumper
    full_move_ft: Fraction
    figures: tuple[Figures, ...]
    run_up_ft: Fraction
    cost_mp: int
    steps: tuple[Step, ...]

    def of(self, kind: str) -> Figures:
        """The figures of one kind.

        Raises:
            JumpError: not one of :data:`.sizes.KINDS`.
        """
        for f in self.figures:
            if f.kind == kind:
                return f
        raise JumpError(f"must be one of {', '.join(KINDS)}: {kind!r}")

    @property
    def summary(self) -> str:
        """``"Medium, Full Move 60 ft: running jump 20 ft (no roll to 10 ft, at most 30 ft) after …"``."""
        running = self.of("running")
        return (f"{SIZE_WORDS[self.jumper.size]}, Full Move {show(self.full_move_ft, 'feet')}: running jump "
                f"{show(running.base, 'feet')} (no roll to {show(running.minimum, 'feet')}, at most "
                f"{show(running.maximum, 'feet')}) after {show(self.run_up_ft, 'feet')} of run-up; a jump costs "
                f"{self.cost_mp} Move points.")

    def to_json(self) -> dict[str, Any]:
        """The ``jump_table`` answer (``docs/api.md``)."""
        return {**feet("full_move_ft", self.full_move_ft), **{f.kind: f.to_json() for f in self.figures},
                **feet("run_up_ft", self.run_up_ft), "cost_mp": self.cost_mp, "summary": self.summary,
                "rules": rule_ids(self.steps), "explanation": [str(s) for s in self.steps]}


def jump_table(jumper: Jumper) -> JumpTable:
    """The jumper's whole table (J1, J2, J3, J9).

    Args:
        jumper: its Size, Move in tiles and Move modifiers (read and bounded by the fields or ``ask``).

    Returns:
        The table; the seed's Medium human with Move 12 has a 60-ft Full Move, a 20-ft running jump (no roll to
        10 ft, at most 30 ft, Jump Modifier 2 ft), 30 ft of run-up and a cost of 6 Move points.
    """
    full = jumper.full_move_ft
    figures = tuple(_figures(jumper, k) for k in KINDS)
    steps = [Step("J1", f"Move {jumper.move_tiles} × 5 ft = {show(Fraction(jumper.move_tiles * TILE_FT), 'feet')} Full "
                        f"Move" + (f", × {jumper.move_fraction} for its Move fraction = {show(full, 'feet')}"
                                   if jumper.move_fraction != 1 else "") + ".")]
    if jumper.mp_cost_per_tile:
        steps.append(Step("J9", f"{jumper.mp_cost_per_tile} Move point(s) a tile of its own: −"
                                f"{10 * jumper.mp_cost_per_tile} % of every distance (× {fmt(jumper.scale)})."))
    for f in figures:
        steps.append(Step("J1", f"{SIZE_WORDS[jumper.size]} {TITLES[f.kind]}: "
                                f"{fraction_of_move(jumper.size, f.kind)} of the Full Move"
                                + (f" × {fmt(jumper.scale)}" if jumper.mp_cost_per_tile else "")
                                + f" = {show(f.base, 'feet')}; minimum {show(f.minimum, 'feet')}, maximum "
                                  f"{show(f.maximum, 'feet')}, Jump Modifier {show(f.modifier, 'feet')}."))
    run_up = jumper.move_tiles * jumper.move_fraction / 2 * TILE_FT
    steps.append(Step("J2", f"A running jump needs {show(run_up, 'feet')} (½ Move) of unimpeded running first."))
    cost = _cost(jumper)
    steps.append(Step("J3", f"A jump costs ½ the Full Move points, rounded up: {cost}."))
    return JumpTable(jumper, full, figures, run_up, cost, tuple(steps))


@dataclass(frozen=True, slots=True)
class JumpVerdict:
    """One jump of one distance judged against the jumper's figures (J4).

    Attributes:
        kind: one of :data:`.sizes.KINDS`.
        distance: how far (long) or high (high) it is meant to go, feet ≥ 0.
        figures: that kind's figures for the jumper.
        possible: at most the maximum.
        auto_success: at most the minimum: it succeeds with no roll.
        penalty: 0, or −1 for each started 10 % of base beyond base (−5 at the maximum); 0 when impossible.
        check: the check it takes, or the reason it takes none.
        cost_mp: the Move points it costs (J3).
        steps: the explanation.
    """

    kind: str
    distance: Fraction
    figures: Figures
    possible: bool
    auto_success: bool
    penalty: int
    check: str
    cost_mp: int
    steps: tuple[Step, ...]

    @property
    def needs_roll(self) -> bool:
        """Whether the table rolls its check: possible, and past the minimum."""
        return self.possible and not self.auto_success

    @property
    def summary(self) -> str:
        """``"A running jump of 24 ft: −2, a Hard Strength or Dexterity Feat."``"""
        head = f"A {TITLES[self.kind]} of {show(self.distance, 'feet')}"
        if not self.possible:
            return f"{head} is impossible: past its maximum of {show(self.figures.maximum, 'feet')}."
        if self.auto_success:
            return f"{head} succeeds with no roll (minimum {show(self.figures.minimum, 'feet')})."
        penalty = f"at {signed(self.penalty)}" if self.penalty else "with no penalty"
        return f"{head} needs {self.check} {penalty}."

    def to_json(self) -> dict[str, Any]:
        """The ``jump`` answer's keys (``docs/api.md``), without ``summary``/``rules``/``explanation``."""
        return {"kind": self.kind, **feet("distance_ft", self.distance), "possible": self.possible,
                "auto_success": self.auto_success, "penalty": self.penalty, "check": self.check,
                "cost_mp": self.cost_mp, **self.figures.to_json()}


def judge_jump(table: JumpTable, kind: str, distance: Fraction) -> JumpVerdict:
    """Judge a jump of ``distance`` feet of ``kind`` against the jumper's table (J4).

    At or below the minimum it succeeds with no roll; up to the base it rolls with no penalty; past the base
    each started 10 % of base is −1 (base 20 ft: 21 ft −1, 24 ft −2, 30 ft −5); past the maximum it is
    impossible.

    Raises:
        JumpError: a kind not in :data:`.sizes.KINDS`, or a negative distance.
    """
    f = table.of(kind)
    if distance < 0:
        raise JumpError(f"a jump's distance must be 0 ft or more: {show(distance, 'feet')}")
    what = "height" if kind in HIGH else "distance"
    run = " (after a run-up)" if kind in RUNNING else ""
    head = f"A {TITLES[kind]}{run} of {show(distance, 'feet')}"
    steps: list[Step] = []
    penalty = 0
    if distance > f.maximum:
        possible, auto, check = False, False, "none: the jump is impossible"
        steps.append(Step("J4", f"{head} is past its maximum {what} of {show(f.maximum, 'feet')} (base + 50 %): "
                                "impossible."))
    elif distance <= f.minimum:
        possible, auto, check = True, True, "none: no roll at or below the minimum"
        steps.append(Step("J4", f"{head} is at most its minimum of {show(f.minimum, 'feet')} (½ base): it "
                                "succeeds with no roll."))
    else:
        possible, auto, check = True, False, table.jumper.check
        if distance > f.base:
            beyond = distance - f.base
            penalty = -math.ceil(beyond / f.modifier)
            steps.append(Step("J4", f"{head} is {show(beyond, 'feet')} past its base of {show(f.base, 'feet')}: "
                                    f"{show(beyond, 'feet')} ÷ {show(f.modifier, 'feet')} (10 % of base) = "
                                    f"{fmt(beyond / f.modifier)} step(s), a started one in full: {signed(penalty)}."))
        else:
            steps.append(Step("J4", f"{head} is past its minimum of {show(f.minimum, 'feet')} and at most its base "
                                    f"of {show(f.base, 'feet')}: a roll with no penalty."))
        steps.append(Step("J4", f"The check: {check}."))
    return JumpVerdict(kind, distance, f, possible, auto, penalty, check, table.cost_mp, tuple(steps))
