"""The table: a scenario in play — positions, seeded rolls, the log, undo.

Every operation returns a new :class:`Table`; nothing is mutated, so undo is
a step back to an earlier snapshot and a saved table replays exactly.

Source: rulings H2–H8 (what is judged and rolled), H7 (the log keeps both
the rules' answer and the DM's).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from . import scenario as scenario_mod
from .dice import DiceRoll, roll, rng_for
from .errors import ScenarioError, UndoError, UnknownFighterError
from .limits import MAX_LOG
from .movement import MoveVerdict, judge_move, reachable, Route
from .ranged import ShotVerdict, judge_action
from .scenario import Scenario

__all__ = ["LogEntry", "Table"]

UNDO_DEPTH = 100
"""Snapshots kept for undo."""
SAVED_DETAILS = 200
"""Log entries whose explanation lines are saved with the table."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log.

    Attributes:
        text: the headline (``"Goat: Cliff top → Foot of the cliff — allowed"``).
        details: the explanation lines and any dice.
        dice: every die rolled for this entry, in order (empty when none).
        roll_index: which roll of the table it was (None when no roll).
    """

    text: str
    details: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    roll_index: int | None = None


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """What undoing one move restores: where the moved fighter stood and the roll count."""

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
    history: tuple[_Snapshot, ...] = field(default=(), repr=False)

    @classmethod
    def start(cls, scenario: Scenario) -> "Table":
        """A fresh table: every fighter on its starting section, no rolls yet."""
        entry = LogEntry(f"Loaded “{scenario.title}”, dice seed {scenario.dice_seed}.")
        return cls(scenario, tuple((f.id, f.section) for f in scenario.fighters), 0, (entry,))

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

    def reachable(self, fighter_id: str, entry_index: int) -> dict[str, Route]:
        """Every section the fighter's Move entry reaches, with its route (H3, H4).

        Raises:
            UnknownFighterError, IndexError, UnitsError.
        """
        self.scenario.require_height_units()
        f = self.scenario.fighter(fighter_id)
        return reachable(self.scenario.field, self.position(fighter_id), f.moves[entry_index], f.height)

    def judge_move(self, fighter_id: str, entry_index: int, dest: str) -> MoveVerdict:
        """The verdict for moving a fighter to ``dest`` with one of its Move entries (H2–H4).

        Raises:
            UnknownFighterError, UnknownSectionError, IndexError, UnitsError.
        """
        self.scenario.require_height_units()
        f = self.scenario.fighter(fighter_id)
        return judge_move(self.scenario.field, self.position(fighter_id), dest, f.moves[entry_index], f.height)

    def judge_attack(self, fighter_id: str, target_id: str) -> tuple[ShotVerdict, ...]:
        """One verdict per action of the fighter against the target (H5, H6).

        Raises:
            UnknownFighterError, UnitsError.
        """
        self.scenario.require_height_units()
        f = self.scenario.fighter(fighter_id)
        src, dst = self.position(fighter_id), self.position(target_id)
        return tuple(judge_action(self.scenario.field, src, dst, a) for a in f.actions)

    def name(self, fighter_id: str) -> str:
        """A fighter's name."""
        return self.scenario.fighter(fighter_id).name

    # -- changes -------------------------------------------------------
    def _logged(self, *entries: LogEntry) -> tuple[LogEntry, ...]:
        return (self.log + entries)[-MAX_LOG:]

    def note_verdict(self, headline: str, verdicts: tuple[MoveVerdict | ShotVerdict, ...]) -> "Table":
        """The table with verdicts written to the log (no change to the field)."""
        details: list[str] = []
        for v in verdicts:
            details.append(v.summary)
            details.extend(str(s) for s in v.steps)
        return replace(self, log=self._logged(LogEntry(headline, tuple(details))))

    def move(self, fighter_id: str, verdict: MoveVerdict) -> tuple["Table", DiceRoll | None]:
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
        head = f"{f.name}: {names.section(start).name} → {names.section(dest).name} with {verdict.entry}"
        details = [verdict.summary, *(str(s) for s in verdict.steps)]
        if not verdict.final:
            entry = LogEntry(head + " — not allowed, no move", tuple(details))
            return replace(self, log=self._logged(entry)), None
        dice_roll = None
        rolls = self.rolls
        if verdict.allowed and verdict.pool.count:
            dice_roll = roll(verdict.pool, rng_for(self.scenario.dice_seed, rolls))
            details.append(f"[H8] Rolled {dice_roll} falling damage (seed {self.scenario.dice_seed}, roll #{rolls + 1}).")
            rolls += 1
        snap = _Snapshot(fighter_id, start, self.rolls, head)
        positions = tuple((fid, dest if fid == fighter_id else sid) for fid, sid in self.positions)
        entry = LogEntry(
            head + (" — moved" if dice_roll is None else f" — moved, fell: {dice_roll.total} damage"),
            tuple(details),
            dice_roll.dice if dice_roll else (),
            self.rolls if dice_roll else None,
        )
        history = (self.history + (snap,))[-UNDO_DEPTH:]
        return replace(self, positions=positions, rolls=rolls, log=self._logged(entry), history=history), dice_roll

    @property
    def can_undo(self) -> bool:
        """Whether there is a move to undo."""
        return bool(self.history)

    def undo(self) -> "Table":
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

    # -- storage -------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready document of the whole table (scenario, positions, dice, log, undo).

        Every log headline is kept; the explanation lines only for the last
        :data:`SAVED_DETAILS` entries, so a long session still fits the browser's storage.
        """
        return {
            "table": 1,
            "scenario": scenario_mod.dump(self.scenario),
            "positions": dict(self.positions),
            "rolls": self.rolls,
            "log": [
                {"text": e.text, "details": list(e.details) if i >= len(self.log) - SAVED_DETAILS else [],
                 "dice": list(e.dice), "roll_index": e.roll_index}
                for i, e in enumerate(self.log)
            ],
            "history": [{"fighter": s.fighter, "section": s.section, "rolls": s.rolls, "label": s.label}
                        for s in self.history],
        }

    @classmethod
    def from_dict(cls, doc: Any) -> "Table":
        """Restore a table saved by :meth:`to_dict`.

        Raises:
            ScenarioError: the document or its scenario is malformed.
        """
        if not isinstance(doc, dict) or doc.get("table") != 1:
            raise ScenarioError(["saved table: not a saved Vertigo table"])
        sc = scenario_mod.load(doc.get("scenario"))
        ids = [f.id for f in sc.fighters]
        where = "saved table"

        def whole(value: Any, low: int = 0, high: int = 2**53) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"must be a whole number from {low} to {high}: {value!r}")
            return value

        def positions(raw: Any) -> tuple[tuple[str, str], ...]:
            if not isinstance(raw, dict):
                raise ValueError("must map fighter ids to section ids")
            out = []
            for fid in ids:
                if raw.get(fid) not in sc.field:
                    raise ValueError(f"places fighter {fid!r} on no section: {raw.get(fid)!r}")
                out.append((fid, raw[fid]))
            return tuple(out)

        def snapshot(s: Any) -> _Snapshot:
            fighter, section = s.get("fighter"), s.get("section")
            if fighter not in ids or section not in sc.field:
                raise ValueError(f"undoes a move of no fighter or to no section: {fighter!r}, {section!r}")
            return _Snapshot(fighter, section, whole(s.get("rolls")), str(s.get("label", "")))

        def entry(e: Any) -> LogEntry:
            if not isinstance(e, dict) or not isinstance(e.get("text"), str) or not isinstance(e.get("details"), list):
                raise ValueError("must have a text and a list of details")
            roll_index = e.get("roll_index")
            return LogEntry(e["text"], tuple(map(str, e["details"])), tuple(whole(d, 1, 6) for d in e.get("dice", [])),
                            None if roll_index is None else whole(roll_index))

        try:
            where = "saved table.positions"
            current = positions(doc.get("positions"))
            where = "saved table.rolls"
            rolls = whole(doc.get("rolls"))
            where = "saved table.log"
            log = tuple(entry(e) for e in doc.get("log", []))[-MAX_LOG:]
            where = "saved table.history"
            history = tuple(snapshot(s) for s in doc.get("history", []))
        except (AttributeError, TypeError, ValueError) as e:
            raise ScenarioError([f"{where}: {e}"]) from None
        return cls(sc, current, rolls, log, history[-UNDO_DEPTH:])
