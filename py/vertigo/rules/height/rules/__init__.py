"""The Height rules (``000_519d8b8e373365db.txt``), the core part: sections, borders, falling, Move entries,
ranged across Height (H1–H13).

Its modules: :mod:`.moves` (Move entries, H2), :mod:`.actions` (actions with range or Reach, H5, H6),
:mod:`.movement` (the border graph's search and a move's verdict, H2–H4), :mod:`.ranged` (the line of
shot, H5, H6), :mod:`.options` (every Move entry at every border), :mod:`.resolve` (carrying a move out,
H7, H8), :mod:`.play` (asked of a table in play), :mod:`.questions` (``move``, ``reachable``, ``options``,
``attack``).

Source: ``000_519d8b8e373365db.txt``; rulings H1–H13 (``docs/rules.md``).
"""

from vertigo.ruleset import RuleSet

from .fields import FIELDS, stated_heights
from .questions import QUESTIONS

__all__ = ["RULE_SET"]

RULE_SET = RuleSet(
    "height", "the Height rules", "000_519d8b8e373365db.txt", ("height",),
    questions=QUESTIONS, moves=True, plural=True, default_for=("height",),
    fields=FIELDS, checks=(stated_heights,))
"""Height (000): sections, borders, falling, Move entries, ranged across Height (H1–H13)."""
