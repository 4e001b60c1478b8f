"""The lantern rule set's core part: its fields, its option, its state, its question and ``RULE_SET``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vertigo import questions as q
from vertigo.fields import Field, Flag, Whole
from vertigo.numbers import fmt
from vertigo.ruleset import Answer, Question, RuleSet
from vertigo.verdict import Step, explanation, rule_ids

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["LANTERN", "HOODED", "NIGHT", "LANTERN_RANGE", "SeenVerdict", "seen", "RULE_SET"]

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


def _ask_seen(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """Is TARGET seen by FIGHTER by lantern light (L1)?"""
    t = q.ruled(table)
    fighter, target = q.pair(t, question)
    return seen(t, fighter, target).to_json()


RULE_SET = RuleSet(
    "lantern", "Lantern light", "(test only)", ("feet",),
    questions=(Question("seen", ("fighter", "target", "positions"), _ask_seen,
                        text="is TARGET seen by FIGHTER by lantern light (L1)"),),
    options=(NIGHT, LANTERN_RANGE), fields=(LANTERN, HOODED))
"""The test-only rule set."""
