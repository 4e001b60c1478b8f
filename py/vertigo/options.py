"""Every option at a border: each Move entry's answer for every section some entry reaches (H2–H4).

With a fighter selected, comparing its Move entries should take no clicks:
for every section that at least one of its entries reaches, the table gives
each entry's answer — allowed or not, and how many falling dice (``"safe"``
for none) — as in ``Move 2: no · Move 1 (Height 3): safe · Fly 1: safe``.
Each answer is the very :class:`~vertigo.movement.MoveVerdict` a click on
that section gives (:meth:`vertigo.table.Table.judge_move`, with the same
reach), so the table and the single-click verdict cannot disagree.

Rows come in the sections' document order and cells in the fighter's order
of Move entries: never a hash or dict order (H13).

Source: ``000_519d8b8e373365db.txt`` › Combat (Move entries with a Height,
Fly, Phase, Teleport; falling), rulings H2, H3, H4, H8, H13; issue 7 ("Every
option at a border").

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``,
``#h3-choice-of-path-and-highlighting``, ``#h4-fly-phase-teleport``, ``#h8-falling-dice``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .movement import MoveVerdict
from .numbers import count
from .text import isolate
from .verdict import Step, explanation, rule_ids

if TYPE_CHECKING:
    from .table import Table

__all__ = ["OptionCell", "OptionRow", "Options", "judge_options", "SAFE", "NO"]

SAFE = "safe"
"""The short answer of an allowed move with no falling dice."""
NO = "no"
"""The short answer of a move the rules do not allow."""


@dataclass(frozen=True, slots=True)
class OptionCell:
    """One Move entry's answer for one section.

    Attributes:
        index: the entry's place in the fighter's ``moves`` (0-based).
        entry: the entry as text (``"Move 1 (Height 2)"``).
        verdict: the move verdict a click on the section gives with this entry.
    """

    index: int
    entry: str
    verdict: MoveVerdict = field(repr=False)

    @property
    def allowed(self) -> bool:
        """The rules' answer (H2–H4)."""
        return self.verdict.allowed

    @property
    def dice(self) -> int:
        """Falling d6 of the chosen route (H2, H3, H8); 0 when not allowed."""
        return self.verdict.route.dice if self.verdict.route is not None and self.allowed else 0

    @property
    def answer(self) -> str:
        """The short answer: ``"no"``, ``"safe"`` or the dice (``"2d6"``)."""
        if not self.allowed:
            return NO
        return SAFE if self.dice == 0 else f"{self.dice}d6"

    @property
    def rule(self) -> str:
        """The ruling that decides it: an allowed move's entry rule (H2 for Move, H4 for Fly, Phase and Teleport);
        for a refused one, the rule of the first reason given (H1 unconnected, H2 too far or too high, H4)."""
        steps = self.verdict.steps
        if self.allowed or len(steps) < 2:
            return steps[0].rule
        return steps[1].rule

    @property
    def why(self) -> str:
        """A refused move's first reason, or the allowed move's summary (the page's tooltip)."""
        steps = self.verdict.steps
        if not self.allowed and len(steps) > 1:
            return steps[1].text
        return self.verdict.summary

    def to_json(self) -> dict[str, Any]:
        """``{"index", "entry", "allowed", "answer", "fall_dice", "rule"}``, in that order."""
        return {"index": self.index, "entry": self.entry, "allowed": self.allowed, "answer": self.answer,
                "fall_dice": self.dice, "rule": self.rule}


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
            ruling ids of every verdict's steps) and ``explanation``.
        """
        verdict_steps = [s for r in self.rows for c in r.cells for s in c.verdict.steps]
        return {
            "fighter": self.fighter,
            "start": self.start,
            "entries": list(self.entries),
            "sections": [r.to_json() for r in self.rows],
            "summary": self.summary,
            "rules": rule_ids([*self.steps[:1], *verdict_steps]),
            "explanation": explanation(self.steps),
        }


def judge_options(table: Table, fighter_id: str) -> Options:
    """Every Move entry's answer for every section some entry of the fighter reaches (H2–H4).

    Each entry's reach is searched once (:meth:`Table.reach`, H3); each cell
    is :meth:`Table.judge_move` with that reach — the verdict a click gives.

    Args:
        table: the table in play (the fighter stands where it now stands).
        fighter_id: the fighter.

    Returns:
        The options, rows in the sections' document order.

    Raises:
        UnknownFighterError: no such fighter.
        RuleSetError: the Height rules do not referee the scenario.
    """
    sc = table.scenario
    sc.require("height")
    f = sc.fighter(fighter_id)
    start = table.position(fighter_id)
    reaches = [table.reach(fighter_id, i) for i in range(len(f.moves))]
    reached = {sid for r in reaches for sid in r.dice if sid != start}
    rows = []
    for s in sc.field.sections:  # document order, never set order
        if s.id not in reached:
            continue
        cells = tuple(OptionCell(i, str(m), table.judge_move(fighter_id, i, s.id, reaches[i]))
                      for i, m in enumerate(f.moves))
        rows.append(OptionRow(s.id, s.name, cells))
    return Options(f.id, f.name, start, sc.field.section(start).name, tuple(str(m) for m in f.moves), tuple(rows))
