"""The lantern rule set's core part: its fields, its options, its state, its questions and ``RULE_SET``.

L1: a lit lantern, not hooded, is seen at night within ``lantern_range``.  L2: a lantern dropped at x from
its carrier's height falls straight down to the surface below (``Battlefield.below``), its drop turned into
Height through the fall scale (``falling.drop``): the shared path that terrain (T6) and jumping (J12) use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vertigo import lengths
from vertigo import questions as q
from vertigo.errors import QuestionError, RulesError
from vertigo.falling import FALL_SCALE, Fall, drop, fall_scale
from vertigo.fields import Field, Flag, Whole
from vertigo.limits import MAX_EXTENT
from vertigo.numbers import fmt
from vertigo.ruleset import Answer, Question, RuleSet
from vertigo.verdict import Step, explanation, rule_ids

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["LANTERN", "HOODED", "NIGHT", "LANTERN_RANGE", "SCALE", "SeenVerdict", "seen", "DropVerdict",
           "dropped", "RULE_SET"]

LANTERN: Field[bool] = Field("lantern", "fighter", False, "Lantern", "carries a lantern (L1)", kind=Flag())
"""The fighter field: whether it carries a lantern."""
HOODED: Field[bool] = Field("hooded", "fighter", False, "Lantern hooded",
                            "its lantern is hooded, so it gives no light (L1)", kind=Flag(), state=True)
"""The per-fighter state: whether its lantern is hooded now."""
NIGHT: Field[bool] = Field("night", "scenario", True, "Night", "whether it is night (L1)", kind=Flag())
"""The option: night or day."""
LANTERN_RANGE: Field[int] = Field("lantern_range", "scenario", 6, "Lantern range",
                                  "how far a lantern lights, in feet (L1)", kind=Whole(1, 60))
"""The option: how far a lit lantern is seen, horizontally, in the scenario's unit."""
SCALE: Field[Fraction] = fall_scale(Fraction(120), "a lantern's drop per Height level fallen (L2)")
"""The option: the fall scale, 10 ft (120 in) to a Height level by default."""


@dataclass(frozen=True, slots=True)
class SeenVerdict:
    """Whether ``target`` is seen (L1), with its steps.

    Attributes:
        fighter, target: fighter ids.
        allowed: whether the target is seen.
        steps: the explanation.
    """

    fighter: str
    target: str
    allowed: bool
    steps: tuple[Step, ...]

    @property
    def summary(self) -> str:
        """The answer in one line."""
        return "seen" if self.allowed else "not seen"

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values (the answer of ``ask seen``)."""
        return {"fighter": self.fighter, "target": self.target, "seen": self.allowed, "summary": self.summary,
                "rules": rule_ids(self.steps), "explanation": explanation(self.steps)}


def seen(table: Table, fighter_id: str, target_id: str) -> SeenVerdict:
    """Whether ``fighter_id`` sees ``target_id`` by lantern light (L1).

    Raises:
        UnknownFighterError, RuleSetError (the scenario does not name the lantern rule set).
    """
    table.scenario.require(RULE_SET)
    target = table.scenario.fighter(target_id)
    if not table.scenario.option(NIGHT.key):
        return SeenVerdict(fighter_id, target_id, True, (Step("L1", "By day everyone is seen."),))
    lit = target[LANTERN] and not table.state(target_id, HOODED)
    why = ("carries a lantern, not hooded" if lit else
           "carries a hooded lantern" if target[LANTERN] else "carries no lantern")
    steps = [Step("L1", f"At night; {target.name} {why}.")]
    if not lit:
        return SeenVerdict(fighter_id, target_id, False, tuple(steps))
    reach = table.scenario.option(LANTERN_RANGE.key)
    apart = abs(table.stand(target_id)[1] - table.stand(fighter_id)[1])
    near = apart <= reach
    steps.append(Step("L1", f"{target.name} is {fmt(apart)} away; a lantern lights {reach}: "
                            f"{'within it' if near else 'too far'}."))
    return SeenVerdict(fighter_id, target_id, near, tuple(steps))


@dataclass(frozen=True, slots=True)
class DropVerdict:
    """Where a lantern dropped at ``x`` lands and how far it falls (L2).

    Attributes:
        fighter: who drops it.
        x: where, in the scenario's unit.
        lands: the section it lands on, or None when nothing is below (it is lost).
        fall: its fall (Height and d6), or None when lost.
        steps: the explanation.
    """

    fighter: str
    x: Fraction
    lands: str | None
    fall: Fall | None
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values (the answer of ``ask drop_lantern``)."""
        return {"fighter": self.fighter, "x": lengths.to_json(self.x), "lands": self.lands,
                "height": None if self.fall is None else fmt(self.fall.height),
                "dice": None if self.fall is None else str(self.fall.pool),
                "rules": rule_ids(self.steps), "explanation": explanation(self.steps)}


def dropped(table: Table, fighter_id: str, x: Fraction) -> DropVerdict:
    """Where ``fighter_id``'s lantern, dropped at ``x`` from the height it stands at, lands (L2).

    Raises:
        UnknownFighterError, RuleSetError (the scenario does not name the lantern rule set), LimitError (a
        drop past the fall cap, which a loaded battlefield never allows).
    """
    sc = table.scenario
    sc.require(RULE_SET)
    section_id, at = table.stand(fighter_id)
    height = sc.field.section(section_id).surface(at)
    below = sc.field.below(x, height)
    where = lengths.show(x, sc.units)
    if below is None:
        return DropVerdict(fighter_id, x, None, None, (Step("L2", f"Nothing is below {where}: the lantern is lost."),))
    fall = drop(height - below.surface(x), sc.units, sc.option(FALL_SCALE), "the lantern fell", "L2")
    steps = (Step("L2", f"Dropped at {where}, it lands on {below.name}."), *fall.steps)
    return DropVerdict(fighter_id, x, below.id, fall, steps)


def _ask_drop(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Where does FIGHTER's lantern land, dropped at X (L2)?"""
    t = q.ruled(table)
    fighter = q.fighter(t, question, "fighter")
    try:
        x = lengths.length(q.missing(question, "x", "where it is dropped, a length"), t.scenario.units,
                           "question.x", low=-MAX_EXTENT, high=MAX_EXTENT)
    except RulesError as e:
        raise QuestionError(str(e)) from None
    return dropped(t, fighter, x).to_json()


def _ask_seen(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Is TARGET seen by FIGHTER by lantern light (L1)?"""
    t = q.ruled(table)
    fighter, target = q.pair(t, question)
    return seen(t, fighter, target).to_json()


RULE_SET = RuleSet(
    "lantern", "Lantern light", "(test only)", ("feet", "inches"),
    questions=(Question("seen", ("fighter", "target", "positions"), _ask_seen,
                        text="is TARGET seen by FIGHTER by lantern light (L1)"),
               Question("drop_lantern", ("fighter", "x", "positions"), _ask_drop,
                        text="where does FIGHTER's lantern land, dropped at X (L2)")),
    options=(NIGHT, LANTERN_RANGE, SCALE), fields=(LANTERN, HOODED))
"""The test-only rule set."""
