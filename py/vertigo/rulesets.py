"""The rule sets a scenario may name, and the one registry every question is dispatched through.

A scenario document names its unit system (``units``) and the rule sets that
referee it (``rules``).  Each rule set here says which unit systems it
measures in, which ``ask`` questions it answers, which options a scenario
may set for it, and whether it has movement rules (a rule set without them,
like Combat at Different Levels, leaves moving to the referee, who places
fighters by hand).  The table, the ``ask`` command and the page look a rule
set up here; nothing else in the core branches on unit names.

Terrain features (002, inches) and Jumping (003, feet and 5-ft tiles) are
listed as planned: a scenario may not name them yet, and the message says so.

Source: issue 6 (the rule-set seam); ``docs/rules.md#rule-sets``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import RuleSetError

__all__ = ["RuleSet", "HEIGHT", "LEVELS", "REGISTRY", "PLANNED", "default_rules", "rule_set", "answering"]


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One rule set the product referees.

    Attributes:
        id: the name a scenario's ``rules`` list uses (``"height"``).
        title: the rules' own name, for messages.
        source: the source text's file name (``../shared/seeds``, restated in
            ``docs/rules.md``).
        units: the unit systems it measures in.
        questions: the ``ask`` questions it answers (``docs/api.md``).
        options: ``(name, default)`` of every option a scenario may set for
            it (``"options": {"hit_locations": false}``).
        moves: whether it has movement rules; without them the referee
            places fighters by hand (logged and undoable).
    """

    id: str
    title: str
    source: str
    units: tuple[str, ...]
    questions: tuple[str, ...]
    options: tuple[tuple[str, bool], ...] = ()
    moves: bool = False


HEIGHT = RuleSet("height", "the Height rules", "000_519d8b8e373365db.txt", ("height",),
                 ("move", "reachable", "options", "attack"), moves=True)
"""Height (000): sections, borders, falling, Move entries, ranged across Height (H1–H13)."""

LEVELS = RuleSet("levels", "Combat at Different Levels", "001_cbc7fc1b49bd2ff2.txt", ("feet",),
                 ("levels",), options=(("hit_locations", True),))
"""Combat at Different Levels (001): melee across a vertical difference in feet (G1–G7)."""

REGISTRY: dict[str, RuleSet] = {r.id: r for r in (HEIGHT, LEVELS)}
"""Every rule set a scenario may name, by id, in a fixed order."""

PLANNED: dict[str, tuple[str, str]] = {
    "terrain": ("Terrain features", "inches"),
    "jumping": ("Jumping", "feet"),
}
"""Rule sets announced but not yet refereed: id → (title, units)."""

_DEFAULT = {"height": ("height",), "feet": ("levels",), "inches": ()}


def default_rules(units: str) -> tuple[str, ...]:
    """The rule sets a scenario that names none is refereed by: Height for ``height``, levels for ``feet``.

    A version-1 document has no ``rules`` list; this is what it is read with.
    """
    return _DEFAULT.get(units, ())


def rule_set(rule_id: str) -> RuleSet:
    """The rule set with this id.

    Raises:
        RuleSetError: no such rule set, or one that is planned but not yet refereed.
    """
    found = REGISTRY.get(rule_id)
    if found is not None:
        return found
    if rule_id in PLANNED:
        raise RuleSetError(f"{PLANNED[rule_id][0]} ({rule_id!r}) is not refereed yet")
    raise RuleSetError(f"no rule set {rule_id!r}; the rule sets are {', '.join(REGISTRY)}")


def answering(rules: Iterable[str], question: str) -> RuleSet:
    """The first of a scenario's rule sets that answers ``question``.

    Args:
        rules: the scenario's rule set ids, in its order.
        question: an ``ask`` question (``"move"``, ``"levels"``).

    Raises:
        RuleSetError: none of them answers it; the message names which rule
            set would and which ones the scenario names.
    """
    named = tuple(rules)
    for rule_id in named:
        found = REGISTRY.get(rule_id)
        if found is not None and question in found.questions:
            return found
    owners = [r for r in REGISTRY.values() if question in r.questions]
    wanted = f"{owners[0].title} ({owners[0].id!r})" if owners else "no rule set"
    have = ", ".join(repr(r) for r in named) if named else "none"
    raise RuleSetError(f"the question {question!r} is answered by {wanted}, which this scenario does not name "
                       f"(its rules: {have})")
