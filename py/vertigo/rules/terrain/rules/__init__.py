"""Terrain features (``002_c9100305c0bcca6b.txt``), the core part: moves in inches over obstacles, low
terrain, platforms, ladders, stairs and doors, and the falls off edges (T1–T8).

Its modules: :mod:`.kinds` (obstacle or low terrain, T1), :mod:`.checks` (the battlefield's checks),
:mod:`.fields` (``move``, ``move_check``, ``fall_scale``).

Source: ``002_c9100305c0bcca6b.txt``; rulings T1–T8 (``docs/rules.md``).
"""

from vertigo.ruleset import RuleSet

from .checks import ladders, not_in_obstacle, openings
from .fields import FIELDS, OPTIONS
from .questions import QUESTIONS

__all__ = ["RULE_SET"]

RULE_SET = RuleSet(
    "terrain", "Terrain features", "002_c9100305c0bcca6b.txt", ("inches",),
    options=OPTIONS, moves=True, default_for=("inches",), fields=FIELDS, checks=(openings, ladders),
    pieces=("features",), stand_check=not_in_obstacle, questions=QUESTIONS)
"""Terrain features (002): moves in inches, edges, ladders, stairs and doors (T1–T8)."""
