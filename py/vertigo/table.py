"""The table: a scenario in play — positions, seeded rolls, the log, undo.

Every operation returns a new :class:`Table`; nothing is mutated, so undo is
a step back to an earlier snapshot and a saved table replays exactly.

Source: rulings H2–H8 (what is judged and rolled), H7 (the log keeps both
the rules' answer and the DM's).

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h7-the-dms-override``,
``#h8-falling-dice``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType

from . import lengths
from .dice import DicePool, DiceRoll, rng_for, roll
from .errors import LengthError, LimitError, RuleSetError, UndoError, UnknownFighterError
from .limits import MAX_LOG, MAX_ROLLS
from .resolve import Resolvable
from .scenario import Scenario
from .text import isolate
from .verdict import Explained

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
        x: where on that section it stood (None: its default place).
    """

    fighter: str
    section: str
    rolls: int
    label: str
    x: Fraction | None = None


@dataclass(frozen=True)
class Table:
    """A scenario in play.

    Attributes:
        scenario: the battlefield and fighters.
        positions: (fighter id, section id) for every fighter.
        rolls: how many rolls the table has made (the next roll's index).
        log: every verdict, roll, override and undo, oldest first.
        history: snapshots for undo, oldest first.
        offsets: (fighter id, horizontal offset in the scenario's unit) of
            every fighter that stands at a chosen place on its section; the
            others stand at their section's default place (its centre).
    """

    scenario: Scenario
    positions: tuple[tuple[str, str], ...]
    rolls: int = 0
    log: tuple[LogEntry, ...] = ()
    history: tuple[Snapshot, ...] = field(default=(), repr=False)
    offsets: tuple[tuple[str, Fraction], ...] = ()

    @classmethod
    def start(cls, scenario: Scenario, how: str = "Loaded") -> Table:
        """A fresh table: every fighter on its starting section, rolling on from the scenario's ``dice_rolls``.

        A scenario Export wrote keeps the rolls made so far (:attr:`Scenario.dice_rolls`), so its next roll
        is the one the exported table would have made next (H8); any other starts at roll 0.

        Args:
            scenario: the battlefield.
            how: the first word of the log (``"Loaded"``, ``"Imported"``).
        """
        made = scenario.dice_rolls
        more = "" if not made else (f"; {made} roll{'' if made == 1 else 's'} already made, the next is "
                                    f"roll #{made + 1}")
        entry = LogEntry(f"{how} “{isolate(scenario.title)}”, dice seed {scenario.dice_seed}{more}.", number=1)
        return cls(scenario, tuple((f.id, f.section) for f in scenario.fighters), made, (entry,),
                   offsets=tuple((f.id, f.x) for f in scenario.fighters if f.x is not None))

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

    def offset(self, fighter_id: str) -> Fraction | None:
        """Where on its section the fighter was placed, in the scenario's unit; None for the default place."""
        for fid, x in self.offsets:
            if fid == fighter_id:
                return x
        return None

    def stand(self, fighter_id: str) -> tuple[str, Fraction]:
        """(section id, horizontal position in the scenario's unit) where the fighter stands.

        Raises:
            UnknownFighterError: no such fighter.
        """
        sid = self.position(fighter_id)
        x = self.offset(fighter_id)
        return sid, self.scenario.field.section(sid).centre if x is None else x

    def surface(self, fighter_id: str) -> Fraction:
        """Height of the surface the fighter stands on, in the scenario's unit (G1: stairs count by step)."""
        sid, x = self.stand(fighter_id)
        return self.scenario.field.section(sid).surface(x)

    @cached_property
    def crowds(self) -> Mapping[str, tuple[str, ...]]:
        """``{section id: ids of the fighters standing on it}`` for every section with any, both in the order of
        :attr:`positions`; worked out once per table (the keyboard and the renderer ask for every section)."""
        crowds: dict[str, list[str]] = {}
        for fid, sid in self.positions:
            crowds.setdefault(sid, []).append(fid)
        return MappingProxyType({sid: tuple(on) for sid, on in crowds.items()})

    def fighters_on(self, section_id: str) -> tuple[str, ...]:
        """Ids of the fighters standing on a section, in the order of :attr:`positions`."""
        return self.crowds.get(section_id, ())

    def name(self, fighter_id: str) -> str:
        """A fighter's name."""
        return self.scenario.fighter(fighter_id).name

    # -- changes -------------------------------------------------------
    def _offset_set(self, fighter_id: str, x: Fraction | None) -> tuple[tuple[str, Fraction], ...]:
        """:attr:`offsets` with one fighter's place set (None: its default place), in document order of fighters."""
        now = dict(self.offsets)
        now.pop(fighter_id, None)
        if x is not None:
            now[fighter_id] = x
        return tuple((f.id, now[f.id]) for f in self.scenario.fighters if f.id in now)

    def _logged(self, *entries: LogEntry) -> tuple[LogEntry, ...]:
        """The log with ``entries`` added, numbered on from the newest; the oldest give way past MAX_LOG."""
        n = self.logged
        numbered = tuple(replace(e, number=n + i) for i, e in enumerate(entries, 1))
        return (self.log + numbered)[-MAX_LOG:]

    def note_verdict(self, headline: str, verdicts: tuple[Explained, ...]) -> Table:
        """The table with verdicts written to the log (no change to the field): each one's summary, then its steps.

        A verdict with parts logs each part it is given on its own (a levels verdict its summary and shared
        steps, one of its directions its own: the DM's override on it ends with both answers, H7).

        A check repeated with nothing written in between (the same headline
        and the same explanation as the newest entry, e.g. the same enemy
        clicked twice) is not written again: the table is returned unchanged,
        so the log keeps one line per distinct answer.
        """
        details: list[str] = []
        for v in verdicts:
            details.append(v.summary)
            details.extend(str(s) for s in v.steps)
        entry = LogEntry(headline, tuple(details))
        if self.log and (self.log[-1].text, self.log[-1].details) == (entry.text, entry.details):
            return self
        return replace(self, log=self._logged(entry))

    def move(self, fighter_id: str, verdict: Resolvable) -> tuple[Table, DiceRoll | None]:
        """Carry out a move verdict (:meth:`~vertigo.resolve.Resolvable.resolve`): move the fighter, roll its dice.

        The verdict says where the fighter ends and what it rolls (a Height move: its destination and
        falling dice, H2, H8; one allowed only by the DM's override goes straight there with no fall, H7); a
        verdict that is finally not allowed changes nothing but the log.

        Returns:
            The new table and the roll (None when no dice were rolled).

        Raises:
            LimitError: the move needs a roll and the table has made :data:`~vertigo.limits.MAX_ROLLS` rolls
                already (the count could be neither saved nor exported past it).
        """
        f = self.scenario.fighter(fighter_id)
        start, dest = self.position(fighter_id), verdict.dest
        names = self.scenario.field
        head = (f"{isolate(f.name)}: {isolate(names.section(start).name)} → {isolate(names.section(dest).name)} "
                f"{verdict.how}")
        details = [verdict.summary, *(str(s) for s in verdict.steps)]

        def roller(pool: DicePool) -> DiceRoll:
            # A table counts its rolls up to MAX_ROLLS (a scenario may start there): one more could be neither
            # saved nor exported, so the roll is refused and the table stays as it is.
            if self.rolls >= MAX_ROLLS:
                raise LimitError(f"this table has made {self.rolls:,} rolls, the most a table counts (2^52): no "
                                 f"further dice can be rolled; a move without a fall still can be made")
            return roll(pool, rng_for(self.scenario.dice_seed, self.rolls))

        outcome = verdict.resolve(roller)
        if not outcome.moved:
            entry = LogEntry(head + " — not allowed, no move", tuple(details))
            return replace(self, log=self._logged(entry)), None
        dice_roll = outcome.roll
        rolls = self.rolls
        if dice_roll is not None:
            details.append(f"[H8] Rolled {dice_roll.brief()} falling damage (seed {self.scenario.dice_seed}, "
                           f"roll #{rolls + 1}).")
            rolls += 1
        snap = Snapshot(fighter_id, start, self.rolls, head, self.offset(fighter_id))
        positions = tuple((fid, outcome.section if fid == fighter_id else sid) for fid, sid in self.positions)
        offsets = self._offset_set(fighter_id, outcome.x)
        entry = LogEntry(
            head + (" — moved" if dice_roll is None else f" — moved, fell: {dice_roll.total} damage"),
            tuple(details),
            roll_index=self.rolls if dice_roll else None,
            dice_count=len(dice_roll.dice) if dice_roll else 0,
            dice_sides=dice_roll.sides if dice_roll else 6,
            dice_modifier=dice_roll.modifier if dice_roll else 0,
        )
        history = (*self.history, snap)[-UNDO_DEPTH:]
        return replace(self, positions=positions, rolls=rolls, log=self._logged(entry), history=history,
                       offsets=offsets), dice_roll

    def place(self, fighter_id: str, section_id: str, x: Fraction | None = None) -> Table:
        """The referee places a fighter by hand: logged and undoable.

        In a scenario none of whose rule sets has movement rules
        (:attr:`vertigo.ruleset.RuleSet.moves`), the referee moves fighters
        by placing them.

        Args:
            fighter_id: the fighter.
            section_id: where it goes.
            x: its horizontal position on that section, in the scenario's
                unit; None for the section's default place (its centre).

        Raises:
            UnknownFighterError, UnknownSectionError.
            RuleSetError: a rule set of the scenario moves fighters by its rules.
            LengthError: ``x`` off the section.
        """
        if self.scenario.has_movement:
            raise RuleSetError("fighters move by the rules here (choose a Move entry); placing by hand is for "
                               "rule sets without movement rules")
        f = self.scenario.fighter(fighter_id)
        field = self.scenario.field
        dest = field.section(section_id)
        if x is not None and not dest.x0 <= x <= dest.x1:
            raise LengthError(f"{isolate(f.name)} must stand on {isolate(dest.name)}, from "
                              f"{lengths.show(dest.x0, self.scenario.units)} to "
                              f"{lengths.show(dest.x1, self.scenario.units)}: {lengths.show(x, self.scenario.units)}")
        start = self.position(fighter_id)
        was = self.offset(fighter_id)
        at = "" if x is None else f" {lengths.show(x, self.scenario.units)} across"
        head = f"{isolate(f.name)} placed: {isolate(field.section(start).name)} → {isolate(dest.name)}{at}"
        surface = dest.surface(x)
        shown = lengths.show(surface, self.scenario.units)
        entry = LogEntry(head, (f"Placed by the referee; standing surface {shown}.",))
        snap = Snapshot(fighter_id, start, self.rolls, head, was)
        positions = tuple((fid, section_id if fid == fighter_id else sid) for fid, sid in self.positions)
        offsets = self._offset_set(fighter_id, x)
        history = (*self.history, snap)[-UNDO_DEPTH:]
        return replace(self, positions=positions, offsets=offsets, log=self._logged(entry), history=history)

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
        offsets = self._offset_set(snap.fighter, snap.x)
        return replace(self, positions=positions, rolls=snap.rolls, log=self._logged(entry), history=self.history[:-1],
                       offsets=offsets)
