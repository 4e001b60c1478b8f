"""The table: a scenario in play — positions, seeded rolls, the log, undo.

Every operation returns a new :class:`Table`; nothing is mutated, so undo is
a step back to an earlier snapshot and a saved table replays exactly.

Source: rulings H2–H8 (what is judged and rolled), H7 (the log keeps both
the rules' answer and the DM's).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .dice import DicePool, DiceRoll, rng_for, roll
from .errors import UndoError, UnknownFighterError
from .limits import MAX_LOG
from .movement import MoveVerdict, Reach, Route, judge_move, reachable, search
from .ranged import ShotVerdict, judge_action, line_of_shot
from .scenario import Scenario
from .text import isolate

__all__ = ["LogEntry", "Snapshot", "Table", "UNDO_DEPTH"]

UNDO_DEPTH = 100
"""Snapshots kept for undo."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log.

    Attributes:
        text: the headline (``"Goat: Cliff top → Foot of the cliff — allowed"``).
        details: the explanation lines.
        number: its place in the table's whole log, 1 for the first entry
            ever written; it keeps counting when old entries give way
            (:data:`vertigo.limits.MAX_LOG`), so the page knows which are new.
        roll_index: which roll of the table it was (None when no roll).
        dice_count: how many dice that roll had (0 when none).  The faces are
            not stored: they replay from the table's seed
            (:meth:`Table.dice_of`), so a 34,000-die fall costs a few bytes.
        dice_sides: sides of each of those dice (6: falls, H8; 8: a scatter direction, J6).
        dice_modifier: added to the roll's total (0 for falls).
    """

    text: str
    details: tuple[str, ...] = ()
    number: int = 0
    roll_index: int | None = None
    dice_count: int = 0
    dice_sides: int = 6
    dice_modifier: int = 0


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What undoing one move restores: where the moved fighter stood and the roll count.

    Attributes:
        fighter: id of the fighter moved.
        section: id of the section it left.
        rolls: the table's roll count before the move.
        label: the move's headline, for the log line of the undo.
    """

    fighter: str
    section: str
    rolls: int
    label: str


@dataclass(frozen=True)
class Table:
    """A scenario in play.

    Attributes:
        scenario: the battlefield and fighters.
        positions: (fighter id, section id) for every fighter.
        rolls: how many rolls the table has made (the next roll's index).
        log: every verdict, roll, override and undo, oldest first.
        history: snapshots for undo, oldest first.
    """

    scenario: Scenario
    positions: tuple[tuple[str, str], ...]
    rolls: int = 0
    log: tuple[LogEntry, ...] = ()
    history: tuple[Snapshot, ...] = field(default=(), repr=False)

    @classmethod
    def start(cls, scenario: Scenario, how: str = "Loaded") -> Table:
        """A fresh table: every fighter on its starting section, no rolls yet.

        Args:
            scenario: the battlefield.
            how: the first word of the log (``"Loaded"``, ``"Imported"``).
        """
        entry = LogEntry(f"{how} “{isolate(scenario.title)}”, dice seed {scenario.dice_seed}.", number=1)
        return cls(scenario, tuple((f.id, f.section) for f in scenario.fighters), 0, (entry,))

    @property
    def logged(self) -> int:
        """How many log entries the table has ever written (the newest entry's number)."""
        return self.log[-1].number if self.log else 0

    def dice_of(self, entry: LogEntry) -> DiceRoll | None:
        """The dice a log entry rolled, replayed from the seed (every die, in order, with its sides and
        modifier), or None.

        Raises:
            LimitError: the entry's count, sides or modifier outside the bounds of :class:`DicePool`.
        """
        if entry.roll_index is None:
            return None
        pool = DicePool(entry.dice_count, entry.dice_sides, entry.dice_modifier)
        return roll(pool, rng_for(self.scenario.dice_seed, entry.roll_index))

    # -- queries -------------------------------------------------------
    def position(self, fighter_id: str) -> str:
        """Section id the fighter stands on.

        Raises:
            UnknownFighterError: no such fighter.
        """
        for fid, sid in self.positions:
            if fid == fighter_id:
                return sid
        raise UnknownFighterError(f"no fighter with id {fighter_id!r}")

    def fighters_on(self, section_id: str) -> tuple[str, ...]:
        """Ids of the fighters standing on a section."""
        return tuple(fid for fid, sid in self.positions if sid == section_id)

    def reach(self, fighter_id: str, entry_index: int) -> Reach:
        """Every section the fighter's Move entry reaches, with the fewest dice and a route to each (H3, H4).

        Raises:
            UnknownFighterError, IndexError, UnitsError.
        """
        self.scenario.require_height_units()
        f = self.scenario.fighter(fighter_id)
        return search(self.scenario.field, self.position(fighter_id), f.moves[entry_index], f.height)

    def reachable(self, fighter_id: str, entry_index: int) -> dict[str, Route]:
        """Every section the fighter's Move entry reaches, with its route (H3, H4).

        Raises:
            UnknownFighterError, IndexError, UnitsError.
        """
        self.scenario.require_height_units()
        f = self.scenario.fighter(fighter_id)
        return reachable(self.scenario.field, self.position(fighter_id), f.moves[entry_index], f.height)

    def judge_move(self, fighter_id: str, entry_index: int, dest: str, reach: Reach | None = None) -> MoveVerdict:
        """The verdict for moving a fighter to ``dest`` with one of its Move entries (H2–H4).

        Args:
            fighter_id: the fighter.
            entry_index: which of its Move entries (0-based).
            dest: the section asked for.
            reach: :meth:`reach` of the same fighter and entry at the same
                positions, when the caller already has it (saves a search).

        Raises:
            UnknownFighterError, UnknownSectionError, IndexError, UnitsError.
        """
        self.scenario.require_height_units()
        f = self.scenario.fighter(fighter_id)
        return judge_move(self.scenario.field, self.position(fighter_id), dest, f.moves[entry_index], f.height, reach)

    def judge_attack(self, fighter_id: str, target_id: str) -> tuple[ShotVerdict, ...]:
        """One verdict per action of the fighter against the target (H5, H6).

        Raises:
            UnknownFighterError, UnitsError.
        """
        self.scenario.require_height_units()
        f = self.scenario.fighter(fighter_id)
        src, dst = self.position(fighter_id), self.position(target_id)
        line = line_of_shot(self.scenario.field, src, dst)  # one line of shot serves every action
        return tuple(judge_action(self.scenario.field, src, dst, a, line) for a in f.actions)

    def name(self, fighter_id: str) -> str:
        """A fighter's name."""
        return self.scenario.fighter(fighter_id).name

    # -- changes -------------------------------------------------------
    def _logged(self, *entries: LogEntry) -> tuple[LogEntry, ...]:
        """The log with ``entries`` added, numbered on from the newest; the oldest give way past MAX_LOG."""
        n = self.logged
        numbered = tuple(replace(e, number=n + i) for i, e in enumerate(entries, 1))
        return (self.log + numbered)[-MAX_LOG:]

    def note_verdict(self, headline: str, verdicts: tuple[MoveVerdict | ShotVerdict, ...]) -> Table:
        """The table with verdicts written to the log (no change to the field)."""
        details: list[str] = []
        for v in verdicts:
            details.append(v.summary)
            details.extend(str(s) for s in v.steps)
        return replace(self, log=self._logged(LogEntry(headline, tuple(details))))

    def move(self, fighter_id: str, verdict: MoveVerdict) -> tuple[Table, DiceRoll | None]:
        """Carry out a move verdict: move the fighter and roll its falling dice.

        A verdict allowed only by the DM's override (no legal route) moves the
        fighter straight there with no fall; a verdict that is finally not
        allowed changes nothing but the log.

        Returns:
            The new table and the roll (None when no dice were rolled).
        """
        f = self.scenario.fighter(fighter_id)
        start, dest = self.position(fighter_id), verdict.dest
        names = self.scenario.field
        head = (f"{isolate(f.name)}: {isolate(names.section(start).name)} → {isolate(names.section(dest).name)} "
                f"with {verdict.entry}")
        details = [verdict.summary, *(str(s) for s in verdict.steps)]
        if not verdict.final:
            entry = LogEntry(head + " — not allowed, no move", tuple(details))
            return replace(self, log=self._logged(entry)), None
        dice_roll = None
        rolls = self.rolls
        if verdict.allowed and verdict.pool.count:
            dice_roll = roll(verdict.pool, rng_for(self.scenario.dice_seed, rolls))
            details.append(f"[H8] Rolled {dice_roll.brief()} falling damage (seed {self.scenario.dice_seed}, "
                           f"roll #{rolls + 1}).")
            rolls += 1
        snap = Snapshot(fighter_id, start, self.rolls, head)
        positions = tuple((fid, dest if fid == fighter_id else sid) for fid, sid in self.positions)
        entry = LogEntry(
            head + (" — moved" if dice_roll is None else f" — moved, fell: {dice_roll.total} damage"),
            tuple(details),
            roll_index=self.rolls if dice_roll else None,
            dice_count=len(dice_roll.dice) if dice_roll else 0,
            dice_sides=dice_roll.sides if dice_roll else 6,
            dice_modifier=dice_roll.modifier if dice_roll else 0,
        )
        history = (*self.history, snap)[-UNDO_DEPTH:]
        return replace(self, positions=positions, rolls=rolls, log=self._logged(entry), history=history), dice_roll

    @property
    def can_undo(self) -> bool:
        """Whether there is a move to undo."""
        return bool(self.history)

    def undo(self) -> Table:
        """The table as it was before the last move; the dice rewind with it.

        Raises:
            UndoError: nothing to undo.
        """
        if not self.history:
            raise UndoError("nothing to undo")
        snap = self.history[-1]
        entry = LogEntry(f"Undone: {snap.label}")
        positions = tuple((fid, snap.section if fid == snap.fighter else sid) for fid, sid in self.positions)
        return replace(self, positions=positions, rolls=snap.rolls, log=self._logged(entry), history=self.history[:-1])
