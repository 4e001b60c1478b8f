"""Combat at Different Levels (``001_cbc7fc1b49bd2ff2.txt``), the core part: melee across a vertical
difference in feet (G1–G7).

Its modules: :mod:`.levels` (the bands, both directions, the verdict), :mod:`.reach` (SM → Reach and
weapons, G4, G5), :mod:`.play` (asked of a table in play), :mod:`.questions` (``levels``, ``sm_reach``).
It has no movement rules: the referee places fighters by hand.

Source: ``001_cbc7fc1b49bd2ff2.txt``; rulings G1–G7 (``docs/rules.md``).
"""

from vertigo.ruleset import RuleSet

from .fields import FIELDS, OPTIONS
from .questions import QUESTIONS

__all__ = ["RULE_SET"]

RULE_SET = RuleSet(
    "levels", "Combat at Different Levels", "001_cbc7fc1b49bd2ff2.txt", ("feet",),
    questions=QUESTIONS, options=OPTIONS, default_for=("feet",), fields=FIELDS)
"""Combat at Different Levels (001): melee across a vertical difference in feet (G1–G7)."""
