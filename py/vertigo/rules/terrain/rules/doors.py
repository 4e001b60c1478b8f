"""Melee through a closed door (T5): the attacker within 1 in of the door's near face, the target within 1 in
of its far face.

Both fighters stand level with the door's floor, on opposite sides of a feature whose opening is
``"door-closed"``: each on the door's section (the section the feature is ``on``), or on a section that shares
a border with it, its standing surface the door's section's at the door (a lane outside a house whose wall has
the door at the house's very end).  The distance from a fighter to a face is the horizontal distance from its
x to the face's x, in inches; within 1 in means at most 1 in (1 in allowed, 1.01 in not).  Of several closed
doors between them, the one nearest the attacker counts (then the first in the document, H13).  A fighter part
way up a ladder stands on no floor: no melee through a door.

Source: ``002_c9100305c0bcca6b.txt`` › Archways and doors ("when making a melee attack action, if the attacking
fighter is within 1” of a closed door, they may target enemy fighters within 1” of the other side of the
door"); rulings T5, H13.

Rulings restated in ``docs/rules.md``: ``#t5-doors``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vertigo.battlefield import Battlefield
from vertigo.features import Feature
from vertigo.lengths import show
from vertigo.stand import Stand
from vertigo.text import isolate
from vertigo.verdict import Step, explanation, rule_ids

from .answers import inches
from .edges import standing_height

__all__ = ["DOOR_REACH", "CLOSED", "DoorVerdict", "judge_door_melee"]

DOOR_REACH = Fraction(1)
"""How near each fighter must be to its face of a closed door, in inches: at most 1 in (T5)."""
CLOSED = "door-closed"
"""The opening of a closed door (:data:`vertigo.features.OPENINGS`)."""
OPEN_AS = {"door-open": "an open door", "archway": "an archway"}
"""How an explanation names an opening that is not a closed door."""


@dataclass(frozen=True, slots=True)
class DoorVerdict:
    """Whether ``fighter`` may make a melee attack on ``target`` through a closed door (T5).

    Attributes:
        fighter: the attacker's id.
        target: the target's id.
        melee: the answer: a closed door between them, the attacker within 1 in of its near face and the target
            within 1 in of its far face.
        door: id of the closed door between them (the nearest the attacker), or None.
        state: that door's opening (``"door-closed"``), or None.
        attacker_to_door: from the attacker's x to the door's near face, in inches; None without a door.
        target_to_door: from the target's x to the door's far face, in inches; None without a door.
        steps: the explanation.
        door_name: the door's name, as text ("" without a door).
    """

    fighter: str
    target: str
    melee: bool
    door: str | None
    state: str | None
    attacker_to_door: Fraction | None
    target_to_door: Fraction | None
    steps: tuple[Step, ...]
    door_name: str = ""

    @property
    def summary(self) -> str:
        """One line: ``"Melee through the closed door in West wall: the attacker 0.5 in from it, the target 1 in
        (each at most 1 in)."``."""
        if self.door is None:
            return "No melee through a door: no closed door stands between them."
        a, t = self.attacker_to_door, self.target_to_door
        assert a is not None and t is not None
        head = f"{'Melee' if self.melee else 'No melee'} through the closed door in {self.door_name}"
        return f"{head}: the attacker {show(a, 'inches')} from it, the target {show(t, 'inches')} (each at most 1 in)."

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values (the answer of ``ask door_melee``), keys in a fixed order:
        ``fighter``, ``target``, ``melee``, ``door``, ``state``, ``attacker_to_door_in`` and
        ``target_to_door_in`` (each with its ``_exact`` text; null without a door), ``summary``, ``rules``,
        ``explanation``."""
        return {"fighter": self.fighter, "target": self.target, "melee": self.melee, "door": self.door,
                "state": self.state, **inches("attacker_to_door_in", self.attacker_to_door),
                **inches("target_to_door_in", self.target_to_door), "summary": self.summary,
                "rules": rule_ids(self.steps), "explanation": explanation(self.steps)}


def _level(field: Battlefield, door: Feature, stand: Stand, x: Fraction) -> bool:
    """Whether a fighter at ``stand`` (its x ``x``) stands level with ``door``'s floor: on its section, or on a
    section sharing a border with it at the door's surface; never part way up a ladder."""
    if stand.ladder is not None and stand.up:
        return False
    if stand.section == door.on:
        return True
    on = field.section(door.on)
    face = door.x0 if x <= door.x0 else door.x1
    return (field.border_between(stand.section, door.on) is not None
            and standing_height(field, stand) == on.surface(face))


def _sides(door: Feature, a: Fraction, t: Fraction) -> tuple[Fraction, Fraction] | None:
    """``(attacker to its near face, target to the far face)`` when the door stands between x ``a`` and x ``t``;
    None when both are on one side."""
    if a <= door.x0 and t >= door.x1:
        return door.x0 - a, t - door.x1
    if a >= door.x1 and t <= door.x0:
        return a - door.x1, door.x0 - t
    return None


def judge_door_melee(field: Battlefield, fighter: str, fighter_name: str, stand: Stand, target: str,
                     target_name: str, target_stand: Stand) -> DoorVerdict:
    """Whether the fighter may make a melee attack on the target through a closed door (T5).

    Args:
        field: the battlefield, in inches.
        fighter, target: the attacker's and the target's ids.
        fighter_name, target_name: their names (shown as text).
        stand, target_stand: where each stands.

    Returns:
        The verdict: the door nearest the attacker among the closed doors between them, both distances, and
        whether each is at most 1 in; ``door`` None, with the reason, when no closed door stands between them.

    Raises:
        UnknownSectionError: a place is not on the battlefield.

    Source: ``002_c9100305c0bcca6b.txt`` › Archways and doors; rulings T5, H13.
    """
    def x_of(s: Stand) -> Fraction:
        return field.section(s.section).centre if s.x is None else s.x

    a, t = x_of(stand), x_of(target_stand)
    who, whom = isolate(fighter_name), isolate(target_name)
    found: list[tuple[Fraction, int, Feature, Fraction, Fraction]] = []
    others: list[Feature] = []
    for i, f in enumerate(field.features):
        if f.opening is None:
            continue
        apart = _sides(f, a, t)
        if apart is None or not (_level(field, f, stand, a) and _level(field, f, target_stand, t)):
            continue
        if f.opening == CLOSED:
            found.append((apart[0], i, f, *apart))
        else:
            others.append(f)
    if not found:
        steps = [Step("T5", f"No closed door stands between {who} and {whom} on the floor they stand on: melee "
                            "through a door needs one.")]
        steps += [Step("T5", f"{isolate(f.name)} between them is {OPEN_AS[str(f.opening)]}: melee goes through a "
                             "closed door only.") for f in others]
        return DoorVerdict(fighter, target, False, None, None, None, None, tuple(steps))
    _, _, door, to_near, to_far = min(found, key=lambda d: (d[0], d[1]))
    ok_a, ok_t = to_near <= DOOR_REACH, to_far <= DOOR_REACH
    name = isolate(door.name)
    steps = [Step("T5", f"The closed door in {name} ({show(door.x0, 'inches')} to {show(door.x1, 'inches')}) stands "
                        f"between {who} and {whom}" + (", the nearest to the attacker." if len(found) > 1 else ".")),
             Step("T5", f"{who} is {show(to_near, 'inches')} from its near face: "
                        + ("within 1 in." if ok_a else "more than 1 in.")),
             Step("T5", f"{whom} is {show(to_far, 'inches')} from its far face: "
                        + ("within 1 in." if ok_t else "more than 1 in."))]
    steps.append(Step("T5", f"{who} may make a melee attack on {whom} through it." if ok_a and ok_t else
                            "No melee through it: each must be within 1 in of its own side of the door."))
    return DoorVerdict(fighter, target, ok_a and ok_t, door.id, door.opening, to_near, to_far, tuple(steps), name)
