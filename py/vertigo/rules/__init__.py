"""The core's registry of rule sets: every rule set a scenario may name, by explicit import.

Each rule set is a package here (``rules/height``, ``rules/levels``) whose core part, ``rules``, builds one
:class:`~vertigo.ruleset.RuleSet`.  They are listed by import, not discovered at run time, so the site's
bundle and the memory snapshot hold them.  The scenario document, the table and ``ask`` look a rule set up
here; nothing outside the rule-set packages and this registry (and the page's, :mod:`vertigo_page.modes`)
names one.  ``docs/design.md`` says how to add one.

A rule set announced but not yet refereed is listed in :data:`PLANNED`: a scenario may not name it, and the
message says so.  None is announced today.

Source: issues 6 and 19 (the rule-set seam, rule sets as plug-ins); ``docs/rules.md#rule-sets``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager

from vertigo.errors import RuleSetError
from vertigo.ruleset import Question, RuleSet

from .height.rules import RULE_SET as _HEIGHT
from .jumping.rules import RULE_SET as _JUMPING
from .levels.rules import RULE_SET as _LEVELS
from .terrain.rules import RULE_SET as _TERRAIN

__all__ = ["Registry", "REGISTRY", "PLANNED", "default_rules", "rule_set", "answering"]


class Registry(Mapping[str, RuleSet]):
    """The rule sets a scenario may name, by id, in a fixed order (the order messages list them).

    A mapping ``id → RuleSet``.  :meth:`adding` registers one more for the length of a ``with`` block (a
    test's rule set); nothing else changes it.
    """

    def __init__(self, rule_sets: Iterable[RuleSet]) -> None:
        self._by_id: dict[str, RuleSet] = {}
        for r in rule_sets:
            self._add(r)

    def _add(self, rule_set: RuleSet) -> None:
        if rule_set.id in self._by_id:
            raise RuleSetError(f"a rule set {rule_set.id!r} is registered already")
        taken = {q.name for q in self.questions}
        for question in rule_set.questions:
            if question.name in taken:
                raise RuleSetError(f"the question {question.name!r} of {rule_set.id!r} is another rule set's")
        self._by_id[rule_set.id] = rule_set

    def __getitem__(self, rule_id: str) -> RuleSet:
        return self._by_id[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    @contextmanager
    def adding(self, rule_set: RuleSet) -> Iterator[RuleSet]:
        """Register ``rule_set`` inside a ``with`` block, and take it out again after.

        Raises:
            RuleSetError: its id, or one of its questions' names, is taken.
        """
        self._add(rule_set)
        try:
            yield rule_set
        finally:
            del self._by_id[rule_set.id]

    @property
    def questions(self) -> tuple[Question, ...]:
        """Every rule set's questions, rule sets in order, each one's in its own order."""
        return tuple(q for r in self._by_id.values() for q in r.questions)

    @property
    def options(self) -> tuple[str, ...]:
        """Every option of every rule set, in order: the most keys an ``options`` object can usefully hold."""
        return tuple(dict.fromkeys(o.key for r in self._by_id.values() for o in r.options))


REGISTRY = Registry((_HEIGHT, _LEVELS, _TERRAIN, _JUMPING))
"""Every rule set a scenario may name, by id, in a fixed order."""

PLANNED: Mapping[str, tuple[str, str]] = {}
"""Rule sets announced but not yet refereed: id → (title, units)."""


def default_rules(units: str) -> tuple[str, ...]:
    """The rule sets a scenario that names none is refereed by: those that declare its units their default
    (:attr:`~vertigo.ruleset.RuleSet.default_for`): Height for ``height``, levels for ``feet``.

    A version-1 document has no ``rules`` list; this is what it is read with.
    """
    return tuple(r.id for r in REGISTRY.values() if units in r.default_for)


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
        if found is not None and question in found.question_names:
            return found
    owners = [r for r in REGISTRY.values() if question in r.question_names]
    wanted = f"{owners[0].title} ({owners[0].id!r})" if owners else "no rule set"
    have = ", ".join(repr(r) for r in named) if named else "none"
    raise RuleSetError(f"the question {question!r} is answered by {wanted}, which this scenario does not name "
                       f"(its rules: {have})")
