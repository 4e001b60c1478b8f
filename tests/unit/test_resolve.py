"""The resolve step: a move verdict and its dice in, where the fighter ends up out (issue 6; H2, H7, H8)."""

from __future__ import annotations

from fractions import Fraction

from vertigo.dice import DicePool, DiceRoll
from vertigo.rules.height.rules.movement import judge_move
from vertigo.rules.height.rules.moves import MoveEntry
from vertigo.rules.height.rules.resolve import resolve_move

from builders import chain


def fixed(*faces: int):
    """A roller that always shows these faces, and records the pools it was asked to roll."""
    asked: list[DicePool] = []

    def roller(pool: DicePool) -> DiceRoll:
        asked.append(pool)
        return DiceRoll(faces[:pool.count], pool.sides, pool.modifier)

    roller.asked = asked  # type: ignore[attr-defined]
    return roller


def test_the_worked_fall_resolves_to_the_foot_with_1d6():
    """H2 worked example: with Move 1 (Height 2), going down a border of Height 3
    falls 3 − 2 = Height 1, which is 1d6 (H8); resolving rolls exactly that pool."""
    field = chain(3, 0)
    verdict = judge_move(field, "s0", "s1", MoveEntry.parse("Move 1 (Height 2)"))
    roller = fixed(4)
    outcome = resolve_move(verdict, roller)
    assert (outcome.moved, outcome.to.section, outcome.to.x, outcome.damage) == (True, "s1", None, 4)
    assert roller.asked == [DicePool(1)]
    assert [str(s) for s in outcome.steps] == ["[H8] Rolled 1d6 (4) = 4 falling damage."]


def test_a_move_with_no_fall_rolls_nothing():
    """H2: a Move whose Height covers the border falls nothing: no dice are rolled."""
    verdict = judge_move(chain(1, 0), "s0", "s1", MoveEntry.parse("Move 1 (Height 2)"))
    roller = fixed(6)
    outcome = resolve_move(verdict, roller)
    assert (outcome.moved, outcome.to.section, outcome.roll, outcome.damage) == (True, "s1", None, 0)
    assert roller.asked == []


def test_a_move_not_allowed_leaves_the_fighter_where_it_stands():
    """H2: upward across a border higher than the Move's Height is not allowed; nothing moves or rolls."""
    verdict = judge_move(chain(0, 3), "s0", "s1", MoveEntry.parse("Move 1 (Height 2)"))
    outcome = resolve_move(verdict, fixed(6))
    assert (outcome.moved, outcome.to.section, outcome.roll) == (False, "s0", None)


def test_the_dms_override_decides_and_an_allowed_move_with_no_route_does_not_fall():
    """H7: the DM may allow a move the rules refuse (it goes straight there, no
    falling dice) or refuse one they allow (the fighter stays)."""
    refused = judge_move(chain(0, 3), "s0", "s1", MoveEntry.parse("Move 1 (Height 2)"))
    allowed = resolve_move(refused.overridden(True, "the goat is nimble"), fixed(6))
    assert (allowed.moved, allowed.to.section, allowed.roll) == (True, "s1", None)
    falls = judge_move(chain(3, 0), "s0", "s1", MoveEntry.parse("Move 1"))
    kept = resolve_move(falls.overridden(False, "no"), fixed(6))
    assert (kept.moved, kept.to.section, kept.roll) == (False, "s0", None)


def test_several_falls_roll_one_pool_of_their_dice():
    """H8 and the open ruling "several falls on one Move": each crossing's fall rounds down
    on its own and the dice add up — two drops of Height 1.5 make 2d6."""
    verdict = judge_move(chain(3, 1.5, 0), "s0", "s2", MoveEntry.parse("Move 2"))
    roller = fixed(2, 5)
    outcome = resolve_move(verdict, roller)
    assert roller.asked == [DicePool(2)]
    assert outcome.damage == 7 and outcome.to.section == "s2" and verdict.move_height == Fraction(0)
