"""Every option at a border: each Move entry's answer for every section some entry reaches (H2–H4).

With a fighter selected, comparing its Move entries should take no clicks:
for every section that at least one of its entries reaches, the table gives
each entry's answer — allowed or not, and how many falling dice (``"safe"``
for none) — as in ``Move 2: no · Move 1 (Height 3): safe · Fly 1: safe``.
Each answer is read off the entry's :class:`~vertigo.rules.height.rules.movement.Reach`, the
search a click's verdict takes its route from, and each cell builds that very
:class:`~vertigo.rules.height.rules.movement.MoveVerdict` on demand
(:func:`~vertigo.rules.height.rules.play.move_verdict` with the same reach), so the table and
the single-click verdict cannot disagree (``tests/unit/test_options.py``
holds them equal on every cell of every bundled battlefield).
:attr:`Options.badges` is the compact per-section form a drawing could show
as badges.

Rows come in the sections' document order and cells in the fighter's order
of Move entries: never a hash or dict order (H13).

Source: ``000_519d8b8e373365db.txt`` › Combat (Move entries with a Height,
Fly, Phase, Teleport; falling), rulings H2, H3, H4, H8, H13; issue 7 ("Every
option at a border").

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``,
``#h3-choice-of-path-and-highlighting``, ``#h4-fly-phase-teleport``, ``#h8-falling-dice``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from vertigo.numbers import count
from vertigo.text import isolate
from vertigo.verdict import Step, explanation, rule_ids

from . import play
from .fields import MOVES
from .movement import MoveVerdict, Reach
from .moves import MoveEntry

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["OptionCell", "OptionRow", "Options", "judge_options", "SAFE", "NO"]

SAFE = "safe"
"""The short answer of an allowed move with no falling dice."""
NO = "no"
"""The short answer of a move the rules do not allow."""


@dataclass(frozen=True, slots=True)
class OptionCell:
    """One Move entry's answer for one section.

    The answer is read off the entry's :class:`~.movement.Reach` — the very search a click's verdict
    takes its route from (:func:`~.play.move_verdict` with that reach): allowed exactly when the
    section is reached, with the fewest falling dice of its route (H3).  The full verdict, with every step,
    is built only when asked for (:attr:`verdict`), so comparing 20 entries at 250 sections stays quick.

    Attributes:
        index: the entry's place in the fighter's ``moves`` (0-based).
        entry: the entry as text (``"Move 1 (Height 2)"``).
        section: the section id.
        allowed: the rules' answer (H2–H4): the section is in the entry's reach.
        dice: falling d6 of the chosen route (H2, H3, H8); 0 when not allowed.
        rule: the ruling that decides it — the rule of the verdict's first step for an allowed move (H2 for
            Move, H4 for Fly, Phase and Teleport), of its first reason for a refused one (H1 not connected,
            H4 for Phase and Teleport, else H2).
    """

    index: int
    entry: str
    section: str
    allowed: bool
    dice: int
    rule: str
    _judge: Callable[[], MoveVerdict] = field(repr=False, compare=False)

    @property
    def verdict(self) -> MoveVerdict:
        """The move verdict a click on the section gives with this entry (built now, from the same reach)."""
        return self._judge()

    @property
    def answer(self) -> str:
        """The short answer: ``"no"``, ``"safe"`` or the dice (``"2d6"``)."""
        if not self.allowed:
            return NO
        return SAFE if self.dice == 0 else f"{self.dice}d6"

    def to_json(self) -> dict[str, Any]:
        """``{"index", "entry", "allowed", "answer", "fall_dice", "rule"}``, in that order."""
        return {"index": self.index, "entry": self.entry, "allowed": self.allowed, "answer": self.answer,
                "fall_dice": self.dice, "rule": self.rule}


def _rule(entry: MoveEntry, allowed: bool, connected: bool) -> str:
    """The ruling a verdict of ``entry`` opens with (allowed) or gives first as its reason (refused).

    Mirrors :func:`.movement.judge_move`'s first steps; ``tests/unit/test_options.py`` holds the two
    equal on every cell of every bundled battlefield and of the worst-case grid.
    """
    special = entry.kind in ("Phase", "Teleport")
    if allowed:
        return "H2" if entry.kind == "Move" else "H4"
    if not connected:
        return "H1"
    return "H4" if special else "H2"


@dataclass(frozen=True, slots=True)
class OptionRow:
    """One section, with every Move entry's answer for it.

    Attributes:
        section: the section id.
        name: its name (shown as text only).
        cells: one per Move entry, in the fighter's order.
    """

    section: str
    name: str
    cells: tuple[OptionCell, ...]

    @property
    def badges(self) -> tuple[tuple[str, str], ...]:
        """``(entry label, short answer)`` per entry: ``(("Move 2", "no"), ("Fly 1", "safe"))``."""
        return tuple((c.entry, c.answer) for c in self.cells)

    @property
    def rule(self) -> str:
        """The rulings of its cells, each once, sorted (``"H2, H4"``)."""
        return ", ".join(rule_ids(Step(c.rule, "") for c in self.cells))

    @property
    def line(self) -> str:
        """``"Middle terrace: Move 2: no · Fly 1: safe"``."""
        return f"{isolate(self.name)}: " + " · ".join(f"{e}: {a}" for e, a in self.badges)

    def to_json(self) -> dict[str, Any]:
        """``{"section", "options": [cell, …]}``."""
        return {"section": self.section, "options": [c.to_json() for c in self.cells]}


@dataclass(frozen=True, slots=True)
class Options:
    """Every section a fighter's Move entries reach, with every entry's answer for each (H2–H4).

    Attributes:
        fighter: the fighter's id.
        name: its name.
        start: the section it stands on.
        start_name: that section's name.
        entries: its Move entries as text, in its order.
        rows: one per section some entry reaches (the start left out), in the sections' document order.
    """

    fighter: str
    name: str
    start: str
    start_name: str
    entries: tuple[str, ...]
    rows: tuple[OptionRow, ...]

    @property
    def badges(self) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
        """What a drawing could show as badges: ``(section id, ((entry label, short answer), …))`` per row,
        in row order."""
        return tuple((r.section, r.badges) for r in self.rows)

    @property
    def summary(self) -> str:
        """``"Ada: 2 sections reachable with 1 Move entry."``."""
        n = len(self.entries)
        entries = f"{n} Move entr{'y' if n == 1 else 'ies'}"
        return f"{isolate(self.name)}: {count(len(self.rows), 'section')} reachable with {entries}."

    @property
    def steps(self) -> tuple[Step, ...]:
        """The head line, then one line per row, tagged with its cells' rulings."""
        head = Step("H3", f"From {isolate(self.start_name)}: every section some Move entry reaches, in document "
                          "order, with each entry's answer — its move verdict: no, safe, or the falling dice.")
        return (head, *(Step(r.rule, r.line) for r in self.rows))

    def to_json(self) -> dict[str, Any]:
        """The table as plain JSON values, keys in a fixed order (the answer of ``ask options``).

        Returns:
            A dict: ``fighter``, ``start`` (ids), ``entries`` (texts, in the
            fighter's order), ``sections`` (one per row, in document order:
            ``{"section", "options": [{"index", "entry", "allowed", "answer",
            "fall_dice", "rule"}, …]}``), ``summary``, ``rules`` (the sorted
            ruling ids of the explanation: H3 and each cell's rule) and
            ``explanation``.
        """
        return {
            "fighter": self.fighter,
            "start": self.start,
            "entries": list(self.entries),
            "sections": [r.to_json() for r in self.rows],
            "summary": self.summary,
            "rules": rule_ids(self.steps),
            "explanation": explanation(self.steps),
        }


def judge_options(table: Table, fighter_id: str, reaches: Mapping[int, Reach] | None = None) -> Options:
    """Every Move entry's answer for every section some entry of the fighter reaches (H2–H4).

    Each entry's reach is searched once (:meth:`Table.reach`, H3); a cell's answer is read off it, and its
    full verdict is :func:`.play.move_verdict` with that same reach — the verdict a click gives.

    Args:
        table: the table in play (the fighter stands where it now stands).
        fighter_id: the fighter.
        reaches: entry index → :meth:`Table.reach` of this fighter at these positions, for entries the caller
            has already searched (the page's highlight); the others are searched here.

    Returns:
        The options, rows in the sections' document order.

    Raises:
        UnknownFighterError: no such fighter.
        RuleSetError: the Height rules do not referee the scenario.
    """
    sc = table.scenario
    play.ruled(table)
    f = sc.fighter(fighter_id)
    start = table.position(fighter_id)
    known = reaches or {}
    found = [known[i] if i in known else play.reach(table, fighter_id, i) for i in range(len(f[MOVES]))]
    reached = {sid for r in found for sid in r.dice if sid != start}
    connected = sc.field.steps_from(start)
    rows = []
    for s in sc.field.sections:  # document order, never set order
        if s.id not in reached:
            continue
        cells = []
        for i, m in enumerate(f[MOVES]):
            dice = found[i].dice.get(s.id)
            ok = dice is not None
            cells.append(OptionCell(i, str(m), s.id, ok, dice or 0, _rule(m, ok, s.id in connected),
                                    partial(play.move_verdict, table, fighter_id, i, s.id, found[i])))
        rows.append(OptionRow(s.id, s.name, tuple(cells)))
    return Options(f.id, f.name, start, sc.field.section(start).name, tuple(str(m) for m in f[MOVES]), tuple(rows))
