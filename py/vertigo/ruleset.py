"""What a rule set is: the facts it declares, as one value its own package builds.

A rule set lives in its own package under :mod:`vertigo.rules` (``rules/height``, ``rules/levels``); its
core part builds one :class:`RuleSet` and the registry (:mod:`vertigo.rules`) lists it.  The shared core —
the scenario document, the table, ``ask`` — reads a rule set only through these attributes and never
names one: it asks whether the scenario's rule sets have movement rules (:attr:`RuleSet.moves`), which
options they have, which questions they answer.

Source: issue 19 (rule sets as plug-ins); ``docs/design.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .fields import Field

if TYPE_CHECKING:
    from .battlefield import Battlefield
    from .stand import Stand
    from .table import Table

__all__ = ["RuleSet", "Question", "Answer"]

Answer = dict[str, Any]
"""An answer of ``ask``: plain JSON values (``"ask"`` goes first, added by :func:`vertigo.ask.answer`)."""


@dataclass(frozen=True, slots=True)
class Question:
    """One kind of ``ask`` question: its name, its fields and the function that answers it.

    Attributes:
        name: the value of ``"ask"`` (``"move"``).
        fields: the question's own fields, besides :data:`vertigo.ask.COMMON_FIELDS`;
            any other field is refused (a misspelt field would otherwise be
            silently ignored).
        run: ``run(table, question) -> answer``: the table is the scenario
            in play with the question's positions, or None when the question
            gave no scenario and needs none; the answer is the verdict's
            ``to_json()`` (or a dict shaped like one), without ``"ask"``.
            Raises :class:`~vertigo.errors.QuestionError` for a bad field.
        needs_scenario: whether ``scenario`` is required.
        text: what it asks, one line (``--help`` lists it).
        act: how the question is carried out, for a question the page carries out (a move, a push, a jump):
            ``act(table, question) -> table``, the table in play with the action done by the same play
            functions the page's mode calls, logged with ``question`` as its :attr:`vertigo.table.LogEntry.asked`
            and undoable; the question's fields are read as ``run`` reads them (``"positions"`` are not: the
            action starts where the table stands).  Raises :class:`~vertigo.errors.QuestionError` for a bad
            field and :class:`~vertigo.errors.RulesError` for what the rules refuse.  None: the question only
            answers.  A replay carries out its actions with it (:mod:`vertigo.replay`; issue 27).
    """

    name: str
    fields: tuple[str, ...]
    run: Callable[[Table | None, Mapping[str, Any]], Answer]
    needs_scenario: bool = True
    text: str = ""
    act: Callable[[Table, Mapping[str, Any]], Table] | None = None


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One rule set the product referees.

    Attributes:
        id: the name a scenario's ``rules`` list uses.
        title: the rules' own name, for messages (``"the Height rules"``).
        source: the source text's file name (``../shared/seeds``, restated in
            ``docs/rules.md``).
        units: the unit systems it measures in.
        questions: the ``ask`` questions it answers (``docs/api.md``), in the order ``--help`` lists them.
        options: every option a scenario may set for it (``"options": {"hit_locations": false}``), each
            a declared field on ``"scenario"`` with its kind, bounds and default (:class:`vertigo.fields.Field`).
        moves: whether it has movement rules; without them the referee
            places fighters by hand (logged and undoable).
        plural: whether :attr:`title` is a plural noun ("the Height rules *measure*"), for messages.
        default_for: the unit systems whose documents, naming no rule sets (always so in version 1), are
            read with it.
        fields: the fields it declares on the document's objects (:class:`vertigo.fields.Field`), its
            per-fighter state among them (``state=True``).
        checks: its checks across objects, run on every document once its battlefield is built:
            ``check(field, units)`` yields each problem as ``"place: message"`` (``"borders[2].height: …"``);
            a stated border Height no more than its sections' difference (H15) is one.
        pieces: the document's top-level pieces it reads besides sections, borders and fighters
            (``"features"``, :mod:`vertigo.features`); a document may hold a piece only when one of its rule
            sets reads it.
        stand_check: ``stand_check(field, stand)``: why a fighter may not stand there under these rules
            (inside an obstacle, T1), or None; asked of every fighter's place in the document and of every
            place ``ask`` is given.
    """

    id: str
    title: str
    source: str
    units: tuple[str, ...]
    questions: tuple[Question, ...] = ()
    options: tuple[Field[Any], ...] = ()
    moves: bool = False
    plural: bool = False
    default_for: tuple[str, ...] = ()
    fields: tuple[Field[Any], ...] = ()
    checks: tuple[Callable[[Battlefield, str], Iterable[str]], ...] = ()
    pieces: tuple[str, ...] = ()
    stand_check: Callable[[Battlefield, Stand], str | None] | None = None

    @property
    def question_names(self) -> tuple[str, ...]:
        """The names of its questions, in order."""
        return tuple(q.name for q in self.questions)

    def verb(self, singular: str) -> str:
        """``singular`` agreeing with :attr:`title` (``"does"`` → ``"do"`` for a plural title)."""
        if not self.plural:
            return singular
        return {"does": "do", "is": "are", "has": "have"}.get(singular, singular.removesuffix("s"))
