"""The core's errors: one base, one subclass per kind of failure.

Each subclass also inherits the nearest builtin, so callers may catch
``ValueError`` or ``LookupError`` as they would anywhere else.  Messages name
the field, the constraint and the offending value.
"""

from __future__ import annotations

__all__ = [
    "RulesError",
    "EntryError",
    "LimitError",
    "ScenarioError",
    "UnknownSectionError",
    "UnknownFighterError",
    "RuleSetError",
    "UndoError",
    "LengthError",
    "SizeModifierError",
    "QuestionError",
    "RecordError",
    "UnknownRuleError",
    "ShareError",
    "ReplayError",
]


class RulesError(Exception):
    """Base of every error the rules core raises."""


class EntryError(RulesError, ValueError):
    """A Move entry, action, reach or dice notation text that does not parse (``"Move one"``, ``"3x6"``)."""


class LimitError(RulesError, ValueError):
    """An input beyond a hard cap of :mod:`vertigo.limits` (bounded work)."""


class UnknownSectionError(RulesError, LookupError):
    """A section id that the battlefield does not have."""


class UnknownFighterError(RulesError, LookupError):
    """A fighter id that the scenario does not have."""


class RuleSetError(RulesError, ValueError):
    """A question asked of a scenario that no rule set it names can answer
    (a move in a scenario refereed only by Combat at Different Levels, a
    levels question in a Height scenario)."""


class UndoError(RulesError, LookupError):
    """Undo asked for with nothing left to undo."""


class LengthError(RulesError, ValueError):
    """A length in feet the rules cannot use: not an exact number (a float), not a number at all,
    or a vertical difference below 0."""


class SizeModifierError(RulesError, ValueError):
    """A Size Modifier outside the reach table (above +10), or not a whole number (G4)."""


class UnknownRuleError(RulesError, LookupError):
    """A rule tag that :data:`vertigo.rule_tags.RULE_TAGS` does not explain: no ruling of the project has that id."""


class QuestionError(RulesError, ValueError):
    """A question of the ``ask`` command that cannot be answered: a bad field, or a bad scenario.

    The message is one line, ``"place: message"``, where the place is a
    field of the question (``question.entry``) or, for a scenario that does
    not load, ``scenario`` followed by the problems' own places
    (``scenario: sections[0].elevation: …``).
    """


class RecordError(QuestionError):
    """A ruling record that cannot be made: a log entry that keeps no question, or whose question is no ruling
    (an undo, a placing by hand).  A :class:`QuestionError`, so every place that refuses a bad question refuses
    it the same way (issue 27, "Ruling records"; :func:`vertigo.records.build`).
    """


class ScenarioError(RulesError, ValueError):
    """A scenario document with one or more problems.

    Attributes:
        problems: the problems found, each ``"path: message"`` where path is
            the place in the document (``fighters[2].moves[0]``); past
            :attr:`SHOWN` of them, one last line counts the rest.
    """

    SHOWN = 50
    """Problems kept; past these one line counts the rest, so a message never runs to thousands of lines."""

    def __init__(self, problems: list[str] | tuple[str, ...], what: str = "the scenario") -> None:
        """Args: problems: each ``"path: message"``; what: what holds them, for the headline."""
        found = tuple(problems)
        count = len(found)
        if count > self.SHOWN:
            found = (*found[:self.SHOWN], f"document: {count - self.SHOWN} more problems not listed; "
                                          "mend the ones above and load it again to see them")
        self.problems: tuple[str, ...] = found
        head = f"{count} problem{'s' if count != 1 else ''} in {what}"
        super().__init__(head + ":\n" + "\n".join(f"- {p}" for p in self.problems))


class ShareError(ScenarioError):
    """A share link that cannot be opened or made (issue 27): over 8,000 characters, damaged base64, deflate or
    JSON, a deflate bomb stopped at its cap, a newer share version, a payload of the wrong shape, a bundled
    battlefield the page does not have, or a battlefield the importer refuses (its own problems kept).

    A :class:`ScenarioError`, so the page's import paths catch it; each problem is one line,
    ``"link: …"`` or ``"link.positions: …"`` (a battlefield's problems keep the importer's places).
    """


class ReplayError(QuestionError):
    """A replay that cannot be made or read (issue 27, "a replay file holds the battlefield as loaded, then every
    action since"): a log that no longer starts where the battlefield was loaded, an action whose question was
    not kept, more than 1,000 actions; a replay file of the wrong shape, an action the rules refuse now.  A
    :class:`QuestionError`, as a replay file is asked like a question file (``python -m vertigo replay`` exits 2);
    each message is one line naming the place, ``replay.actions[4].fighter: …`` (:mod:`vertigo.replay`).
    """
