"""Jumping (``003_d3aa233771e16bb9.txt``), the core part: a jump planner in feet and 5-ft tiles (J1–J12).

Its modules: :mod:`.sizes` (the four jumps by Size, J1), :mod:`.distances` (figures, cost, penalty: J1, J3,
J4, J9), :mod:`.takeoff` (run-up and which jump: J2, J10), :mod:`.scatter` and :mod:`.surd` (failed jumps,
exactly: J5, J6), :mod:`.landing` (the landing, its fall and J8: J7, J8, J12), :mod:`.planner` (a jump's
verdict and its outcome), :mod:`.play` (asked of a table in play), :mod:`.questions` (its ``ask`` questions),
:mod:`.fields`.  It has no walking rules: the referee places fighters by hand, and a jump is its own action.

Source: ``003_d3aa233771e16bb9.txt``; rulings J1–J12 (``docs/rules.md``).
"""

from vertigo.ruleset import RuleSet

from .fields import FIELDS, OPTIONS
from .questions import QUESTIONS

__all__ = ["RULE_SET"]

RULE_SET = RuleSet(
    "jumping", "Jumping", "003_d3aa233771e16bb9.txt", ("feet",), questions=QUESTIONS, options=OPTIONS,
    fields=FIELDS)
"""Jumping (003): the jump planner in feet (J1–J12)."""
