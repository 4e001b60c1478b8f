"""A fighter attacked: the check it owes (T3, T4), the referee's entry or the product's roll, and the fall a
failure makes (T6, H8), as one verdict the table carries out.

The referee enters the check's outcome, ``"pass"`` or ``"fail"``, or asks the product to ``"roll"`` the
fighter's ``move_check`` (its dice, and whether a roll at most or at least its target passes).  A fighter with
no ``move_check`` cannot have its check rolled: the referee enters it.  Confirming the verdict
(:meth:`AttackedVerdict.resolve` through :meth:`vertigo.table.Table.apply`) rolls the check when asked to,
then, on a failure, the fall's dice, in one logged entry that one Undo takes back.

Source: ``002_c9100305c0bcca6b.txt`` › Platforms (Falling Off Platform), › Stairs and ladders; rulings T3, T4,
T6, H8.

Rulings restated in ``docs/rules.md``: ``#t3-edges``, ``#t4-ladders-and-stairs``, ``#t6-falls-in-inches``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from vertigo.battlefield import Battlefield
from vertigo.dice import DiceRoll
from vertigo.errors import RulesError
from vertigo.lengths import show
from vertigo.resolve import Outcome, Rolled, Roller
from vertigo.stand import Stand
from vertigo.text import isolate, quote
from vertigo.verdict import Step, explanation, rule_ids

from .answers import inches
from .edges import Climbing, Drop, Edge, Owed, judge_owed
from .fields import MoveCheck

__all__ = ["CHECKS", "AttackError", "AttackedVerdict", "judge_attacked", "place_json"]

CHECKS = ("pass", "fail", "roll")
"""What the referee enters for a check owed: its outcome, or ``"roll"`` for the product to roll ``move_check``."""


def _passes(dice: MoveCheck) -> str:
    """``"at most 7 passes"``."""
    return f"{'at most' if dice.at_most else 'at least'} {dice.target} passes"


class AttackError(RulesError, ValueError):
    """An attack the rules cannot take: damage that is not a whole number ≥ 0, a check that is not one of
    :data:`CHECKS`, a roll asked of a fighter with no ``move_check``, or a check owed and none entered."""


def place_json(stand: Stand, x: Fraction) -> dict[str, Any]:
    """A fighter's place in an answer: ``{"section", "x_in", "x_in_exact"}`` (``x``: where on the section, in
    inches), or on a ladder ``{"ladder", "up_in", "up_in_exact"}``, as a question's ``positions`` writes it."""
    if stand.ladder is not None and stand.up is not None:
        return {"ladder": stand.ladder, **inches("up_in", stand.up)}
    return {"section": stand.section, **inches("x_in", x)}


@dataclass(frozen=True, slots=True)
class AttackedVerdict:
    """What an attack action leaves a fighter owing, and, with a check entered, what it comes to (T3, T4).

    Attributes:
        target: id of the fighter attacked.
        name: its name, as text (isolated for display).
        damage: the damage the attack action did, a whole number ≥ 0 (0 for a miss).
        stand: where it stands.
        at: its x, in inches (its section's centre for the section's default place; a ladder's x).
        owed: the checks owed, the edge, where it is up a ladder or stairs, and the fall a failure makes.
        check: what the referee entered (:data:`CHECKS`), or None.
        dice: the fighter's Move check for a roll, or None when it has none.
        roll: the Move check's roll once rolled (``check == "roll"``), else None.
        steps: the explanation.
        landing: the name, as text, of the section a failure lands on ("" with no fall).
    """

    target: str
    name: str
    damage: int
    stand: Stand
    at: Fraction
    owed: Owed
    check: str | None
    dice: MoveCheck | None
    roll: DiceRoll | None
    steps: tuple[Step, ...]
    landing: str = ""

    @property
    def move_check(self) -> bool:
        """Whether a Move check is owed for an unenclosed edge within ½ in (T3)."""
        return self.owed.move_check

    @property
    def falling_test(self) -> bool:
        """Whether a falling test is owed on a ladder or stairs (T4)."""
        return self.owed.falling_test

    @property
    def owes(self) -> bool:
        """Whether any check is owed (one check, whatever the reasons)."""
        return self.owed.owes

    @property
    def edge(self) -> Edge | None:
        """The edge that counts for the fighter, or None (:func:`.edges.edge_for`)."""
        return self.owed.edge

    @property
    def climbing(self) -> Climbing | None:
        """Where the fighter is up a ladder or stairs, or None."""
        return self.owed.climbing

    @property
    def fall(self) -> Drop | None:
        """The fall a failure makes, or None (no check owed, or nothing below)."""
        return self.owed.fall

    @property
    def what(self) -> str:
        """The check's name: ``"Move check"`` (owed by T3, with or without T4) or ``"falling test"`` (T4)."""
        return "Move check" if self.move_check else "falling test"

    @property
    def passed(self) -> bool | None:
        """Whether the check was passed: None when none is owed, none is entered, or the roll is still to come."""
        if not self.owes or self.check is None:
            return None
        if self.check == "roll":
            return None if self.roll is None or self.dice is None else self.dice.passes(self.roll.total)
        return self.check == "pass"

    @property
    def ends(self) -> Stand | None:
        """Where the fighter ends: the fall's landing on a failure with something below, else where it stands;
        None while a check owed is not yet entered or rolled."""
        if not self.owes:
            return self.stand
        if self.passed is None:
            return None
        return self.fall.stand if self.passed is False and self.fall is not None else self.stand

    @property
    def headline(self) -> str:
        """The log's headline: ``"Vera: hit, 2 damage"``, ``"Krag: attacked, missed"``."""
        return f"{self.name}: " + (f"hit, {self.damage} damage" if self.damage else "attacked, missed")

    def _falls_text(self) -> str:
        if self.fall is None:
            return "nothing is below, it stays where it is"
        return f"falls {show(self.fall.distance, 'inches')} to {self.landing}, {self.fall.fall.pool}"

    @property
    def summary(self) -> str:
        """One line: ``"Owes a Move check (T3): failing, falls 3 in to Upper floor, 1d6: 1–6, mean 3.5"``,
        ``"Move check failed: falls …"``, ``"No check owed."``."""
        if not self.owes:
            return "No check owed."
        what = self.what
        both = ", also its falling test" if self.move_check and self.falling_test else ""
        if self.passed is None:
            rolled = f", to be rolled ({self.dice.text})" if self.check == "roll" and self.dice is not None else ""
            return f"Owes a {what}{both} ({self.owed.rule}){rolled}: failing, {self._falls_text()}."
        how = ""
        if self.roll is not None and self.dice is not None:
            how = f" (rolled {self.roll.brief()}; {_passes(self.dice)})"
        if self.passed:
            return f"{what.capitalize()} passed{how}: it stays where it is."
        return f"{what.capitalize()} failed{how}: {self._falls_text()}."

    def rolled(self, roll: DiceRoll) -> AttackedVerdict:
        """This verdict with its Move check rolled (``check == "roll"``): the roll, and the line that says whether
        it passed.

        Raises:
            AttackError: the check was not asked to be rolled, or the fighter has no ``move_check``.
        """
        if self.check != "roll" or self.dice is None or not self.owes:
            raise AttackError("only a check owed and asked to be rolled, with the fighter's move_check, is rolled")
        ok = self.dice.passes(roll.total)
        then = "it stays where it is" if ok else self._falls_text()
        line = Step(self.owed.rule, f"Rolled {roll.brief()} for the {self.what} ({_passes(self.dice)}): "
                                    f"{'passed' if ok else 'failed'}; {then}.")
        return replace(self, roll=roll, steps=(*self.steps, line))

    def resolve(self, roller: Roller) -> Outcome:
        """Carry the verdict out (:meth:`vertigo.table.Table.apply`): roll the Move check when asked to (its own
        log entry's roll), then, on a failure with something below, move the fighter to where it lands and roll
        the fall's d6 (H8).  A pass, no check owed, or nothing below leaves the fighter where it stands.

        Raises:
            AttackError: a check is owed and none was entered.
        """
        if not self.owes:
            return Outcome(False, self.stand, (), ())
        if self.check is None:
            raise AttackError(f"{self.name} owes a {self.what}: enter pass, fail or roll")
        v, rolls, steps = self, [], []
        if self.check == "roll":
            assert self.dice is not None  # judge_attacked refuses a roll without move_check
            r = roller(self.dice.pool)
            v = self.rolled(r)
            verb = f"{'passed' if v.passed else 'failed'} the {self.what}"
            rolls.append(Rolled(r, self.owed.rule, f"for the {self.what}, {_passes(self.dice)}", verb, damage=False))
            steps.append(v.steps[-1])
        if v.passed or v.fall is None:
            return Outcome(False, self.stand, tuple(rolls), tuple(steps))
        pool = v.fall.fall.pool
        if pool.count:
            d = roller(pool)
            rolls.append(Rolled(d, "H8", "falling damage", "fell"))
            steps.append(Step("H8", f"Rolled {d.brief()} falling damage."))
        return Outcome(True, v.fall.stand, tuple(rolls), tuple(steps))

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values (the answer of ``ask after_attack``), keys in a fixed order.

        Returns:
            ``target``, ``damage``, ``move_check``, ``falling_test`` (the checks owed), ``edge`` (:meth:`Edge.to_json`
            or null), ``climbing`` (:meth:`Climbing.to_json` or null), ``fall`` (:meth:`Drop.to_json` or null); with
            a check entered also ``check``, ``passed`` (null when none is owed), ``roll`` (``{"dice", "faces",
            "total", "pass", "target"}`` or null) and ``ends`` (:func:`place_json`, or null while a roll is to
            come); then ``summary``, ``rules`` and ``explanation``.
        """
        out: dict[str, Any] = {
            "target": self.target, "damage": self.damage, "move_check": self.move_check,
            "falling_test": self.falling_test, "edge": None if self.edge is None else self.edge.to_json(),
            "climbing": None if self.climbing is None else self.climbing.to_json(),
            "fall": None if self.fall is None else self.fall.to_json(),
        }
        if self.check is not None:
            roll = None
            if self.roll is not None and self.dice is not None:
                roll = {"dice": self.dice.pool.notation, "faces": list(self.roll.dice), "total": self.roll.total,
                        "pass": "at_most" if self.dice.at_most else "at_least", "target": self.dice.target}
            ends = self.ends
            x = self.fall.x if self.fall is not None and ends == self.fall.stand else self.at
            out.update(check=self.check, passed=self.passed, roll=roll,
                       ends=None if ends is None else place_json(ends, x))
        out.update(summary=self.summary, rules=rule_ids(self.steps), explanation=explanation(self.steps))
        return out


def _check_step(v: AttackedVerdict) -> Step | None:
    """The line about the referee's entry: what it comes to, or that the check is to be rolled."""
    if v.check is None:
        return None
    if not v.owes:
        return Step("T3, T4", f"No check is owed: the entry {quote(v.check)} changes nothing.")
    if v.check == "roll":
        assert v.dice is not None
        return Step(v.owed.rule, f"The {v.what} is rolled: {v.dice.pool.notation}, {_passes(v.dice)}.")
    if v.check == "pass":
        return Step(v.owed.rule, f"The {v.what} is passed (entered by the referee): it stays where it is.")
    return Step(v.owed.rule, f"The {v.what} is failed (entered by the referee): {v._falls_text()}.")


def judge_attacked(field: Battlefield, target: str, name: str, stand: Stand, damage: int, scale: Fraction,
                   dice: MoveCheck | None, check: str | None = None) -> AttackedVerdict:
    """The verdict for a fighter after an attack action against it (T3, T4): what it owes, and with ``check``
    what the check comes to.

    Args:
        field: the battlefield, in inches.
        target: the fighter's id.
        name: its name (shown as text).
        stand: where it stands.
        damage: the attack action's damage, a whole number ≥ 0 (0 for a miss).
        scale: the fall scale, inches to one Height level (T6).
        dice: the fighter's ``move_check``, or None.
        check: ``"pass"``, ``"fail"``, ``"roll"`` (:data:`CHECKS`) or None (nothing entered yet).

    Returns:
        The verdict; with ``"roll"`` its roll is still to come (:meth:`AttackedVerdict.resolve`,
        :meth:`AttackedVerdict.rolled`).

    Raises:
        AttackError: ``damage`` not a whole number ≥ 0; ``check`` not one of :data:`CHECKS`; ``"roll"`` for a
            fighter with no ``move_check`` when a check is owed.
        UnknownSectionError: the place is not on the battlefield.

    Source: ``002_c9100305c0bcca6b.txt`` › Falling Off Platform, › Stairs and ladders; rulings T3, T4, T6, H8.
    """
    if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
        raise AttackError(f"damage must be a whole number, 0 or more (0 for a miss): {quote(damage)}")
    if check is not None and check not in CHECKS:
        raise AttackError(f"a check is pass, fail or roll: {quote(check)}")
    owed = judge_owed(field, stand, damage, scale)
    shown = isolate(name)
    if check == "roll" and owed.owes and dice is None:
        raise AttackError(f"fighter {quote(target)} has no move_check (its dice and target) to roll: the referee "
                          "enters pass or fail")
    landing = "" if owed.fall is None else isolate(field.section(owed.fall.to).name)
    at = field.section(stand.section).centre if stand.x is None else stand.x
    v = AttackedVerdict(target, shown, damage, stand, at, owed, check, dice, None, owed.steps, landing)
    line = _check_step(v)
    return v if line is None else replace(v, steps=(*v.steps, line))
