"""The table: a scenario in play — where each fighter stands (:class:`vertigo.stand.Stand`), seeded rolls,
the log, undo.

Every operation returns a new :class:`Table`; nothing is mutated, so undo is
a step back to an earlier snapshot and a saved table replays exactly.

Source: rulings H2–H8 (what is judged and rolled), H7 (the log keeps both
the rules' answer and the DM's).

A rule set's per-fighter state (a declared fighter field with ``state=True``, :class:`vertigo.fields.Field`:
say, lying down) starts where the scenario document puts it; the table keeps the current value
(:attr:`Table.states`, :meth:`Table.state`), changes it by :meth:`Table.set_state` (logged and undoable like a
move), and hands it to Export (:meth:`Table.export_states`).

Rulings restated in ``docs/rules.md``: ``#h2-move-entries-and-falls``, ``#h7-the-dms-override``,
``#h8-falling-dice``.  Per-fighter state: issue 19 (rule sets as plug-ins: "its per-fighter state where it
has any (say, lying down), which the table saves, undoes and exports").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType
from typing import Any, TypeVar, cast

from . import lengths
from .dice import DicePool, DiceRoll, rng_for, roll
from .errors import LengthError, LimitError, RuleSetError, UndoError, UnknownFighterError
from .fields import Field
from .fighter_state import (
    MAX_STATE_TEXT,
    StateJSON,
    checked_state,
    same_state,
    state_fields,
    state_json,
    states_doc,
    states_in_order,
    text_problem,
)
from .limits import MAX_ACTION_ROLLS, MAX_LOG, MAX_ROLLS
from .numbers import fmt
from .resolve import Outcome, Resolvable, Resolve, Rolled
from .rules import REGISTRY
from .scenario import Scenario
from .stand import Stand, ladder, place_json
from .text import isolate, quote
from .verdict import Explained

__all__ = ["LogEntry", "Snapshot", "Table", "UNDO_DEPTH", "MAX_STATE_TEXT", "MAX_HEADLINE", "StateJSON",
           "state_fields", "state_json", "checked_state", "states_in_order"]

UNDO_DEPTH = 100
"""Snapshots kept for undo."""
MAX_HEADLINE = 400
"""Longest headline a rule set gives a state change (:meth:`Table.set_state`), in characters: it is the
undo label too, and every undo label is saved."""

_T = TypeVar("_T")
"""A declared field's value."""


def _dice(index: int, rolled: Rolled | None) -> dict[str, Any]:
    """A log entry's dice fields for one roll (the roll's index in the table, its count, sides and modifier)."""
    if rolled is None:
        return {}
    r = rolled.roll
    return {"roll_index": index, "dice_count": len(r.dice), "dice_sides": r.sides, "dice_modifier": r.modifier}


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
        asked: the question the entry answers, as compact JSON text (:meth:`Table.asked_text`): ``{"ask": name,
            ...its fields, "positions": {every fighter: place}, "rolls": N, "states"?: {...}}``, the table as it
            stood before; None for an entry written without one (a load, a further roll).  Issue 27.
        action: whether it is the entry of an action one Undo takes back (a move, a placing, a state change) or
            of an undo; False for a verdict noted and an action that changed nothing (:mod:`vertigo.replay`).
    """

    text: str
    details: tuple[str, ...] = ()
    number: int = 0
    roll_index: int | None = None
    dice_count: int = 0
    dice_sides: int = 6
    dice_modifier: int = 0
    asked: str | None = None
    action: bool = False


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What undoing one move, placing or state change restores: where the fighter stood, the roll count, and
    the state it changed.

    Attributes:
        fighter: id of the fighter moved, placed or whose state changed.
        stand: where it stood before (a state change: where it stands).
        rolls: the table's roll count before the change.
        label: the change's headline, for the log line of the undo.
        state: ``(field key, value before)`` of a state change (:meth:`Table.set_state`); None for a move or
            a placing, which change no state.
    """

    fighter: str
    stand: Stand
    rolls: int
    label: str
    state: tuple[str, object] | None = None


@dataclass(frozen=True)
class Table:
    """A scenario in play.

    Attributes:
        scenario: the battlefield and fighters.
        stands: (fighter id, :class:`~vertigo.stand.Stand`) for every fighter, in document order: its
            section, its x there (None: the section's default place, its centre), and its ladder and
            height up it when it is on one (issue 20).
        rolls: how many rolls the table has made (the next roll's index).
        log: every verdict, roll, override and undo, oldest first.
        history: snapshots for undo, oldest first.
        states: (fighter id, field key, value) of every per-fighter state (:func:`state_fields`) whose
            current value differs from the fighter's starting value (``fighter[FIELD]``), fighters in
            document order, keys in :func:`state_fields` order (:func:`states_in_order`).
    """

    scenario: Scenario
    stands: tuple[tuple[str, Stand], ...]
    rolls: int = 0
    log: tuple[LogEntry, ...] = ()
    history: tuple[Snapshot, ...] = field(default=(), repr=False)
    states: tuple[tuple[str, str, object], ...] = ()

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
        return cls(scenario, tuple((f.id, f.start) for f in scenario.fighters), made, (entry,))

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
    @cached_property
    def _stand_of(self) -> Mapping[str, Stand]:
        return MappingProxyType(dict(self.stands))

    def stand_of(self, fighter_id: str) -> Stand:
        """Where the fighter stands, as the table keeps it (x None: its section's default place).

        Raises:
            UnknownFighterError: no such fighter.
        """
        try:
            return self._stand_of[fighter_id]
        except KeyError:
            raise UnknownFighterError(f"no fighter with id {fighter_id!r}") from None

    @cached_property
    def positions(self) -> tuple[tuple[str, str], ...]:
        """(fighter id, section id) for every fighter, in document order (a fighter on a ladder: its foot's
        section); derived from :attr:`stands`."""
        return tuple((fid, s.section) for fid, s in self.stands)

    @cached_property
    def offsets(self) -> tuple[tuple[str, Fraction], ...]:
        """(fighter id, x in the scenario's unit) of every fighter at a chosen place (on a ladder: the
        ladder's x), in document order; the others stand at their section's default place.  Derived from
        :attr:`stands`."""
        return tuple((fid, s.x) for fid, s in self.stands if s.x is not None)

    def position(self, fighter_id: str) -> str:
        """Section id the fighter stands on (on a ladder: the section at its foot).

        Raises:
            UnknownFighterError: no such fighter.
        """
        return self.stand_of(fighter_id).section

    def offset(self, fighter_id: str) -> Fraction | None:
        """Where on its section the fighter was placed, in the scenario's unit; None for the default place.

        Raises:
            UnknownFighterError: no such fighter.
        """
        return self.stand_of(fighter_id).x

    def stand(self, fighter_id: str) -> tuple[str, Fraction]:
        """(section id, horizontal position in the scenario's unit) where the fighter stands (on a ladder:
        the foot's section and the ladder's x).

        Raises:
            UnknownFighterError: no such fighter.
        """
        s = self.stand_of(fighter_id)
        return s.section, self.scenario.field.section(s.section).centre if s.x is None else s.x

    def surface(self, fighter_id: str) -> Fraction:
        """Height the fighter stands at, in the scenario's unit: its section's surface at its x (G1: stairs
        count by step), or on a ladder its foot's surface plus how far up it is (T4, issue 20)."""
        s = self.stand_of(fighter_id)
        section = self.scenario.field.section(s.section)
        if s.ladder is None or s.up is None:
            return section.surface(self.stand(fighter_id)[1])
        return min(self.scenario.field.border_surfaces(ladder(self.scenario.field, s.ladder))) + s.up

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

    def state(self, fighter_id: str, field: Field[_T]) -> _T:
        """A fighter's current value of a per-fighter state field: the table's, else where the scenario
        starts it (``fighter[field]``).

        Raises:
            UnknownFighterError: no such fighter.

        Source: issue 19 (the table keeps a rule set's per-fighter state).
        """
        for fid, key, value in self.states:
            if fid == fighter_id and key == field.key:
                return cast(_T, value)
        return self.scenario.fighter(fighter_id)[field]

    def export_states(self) -> Mapping[str, tuple[tuple[str, StateJSON], ...]]:
        """What Export writes of the per-fighter state: ``{fighter id: ((field key, JSON value), ...)}`` with
        every fighter, in document order, and every state field of the scenario's rule sets
        (:func:`state_fields`), in order, at its current value (:func:`state_json`); empty when they declare
        none.  The scenario writer takes it as ``states=`` and writes each value in place of the fighter's
        own, so the exported document starts where the table stands.

        Raises:
            RuleSetError: a starting value of a kind the table keeps none of (:func:`state_json`).

        Source: issue 19 ("which the table saves, undoes and exports").
        """
        fields = state_fields(self.scenario)
        if not fields:
            return MappingProxyType({})
        return MappingProxyType({f.id: tuple((d.key, state_json(self.state(f.id, d))) for d in fields)
                                 for f in self.scenario.fighters})

    # -- changes -------------------------------------------------------
    def _stand_set(self, fighter_id: str, stand: Stand) -> tuple[tuple[str, Stand], ...]:
        """:attr:`stands` with one fighter's place set."""
        return tuple((fid, stand if fid == fighter_id else was) for fid, was in self.stands)

    def asked_text(self, question: Mapping[str, Any] | None) -> str | None:
        """A log entry's question (:attr:`LogEntry.asked`) on this table as it stands, as compact JSON: ``question``
        (``"ask"`` and fields; its own ``"positions"``, ``"rolls"``, ``"states"`` left out), then every fighter's
        ``"positions"`` (:func:`vertigo.stand.place_json`), ``"rolls"`` and any ``"states"`` (issue 27); None for None.

        Raises:
            RuleSetError: no ``"ask"`` name, or a field that is not JSON.
        """
        if question is None:
            return None
        if not isinstance(question.get("ask"), str):
            raise RuleSetError(f"a logged question needs its \"ask\" name: {quote(dict(question))}")
        doc = {k: v for k, v in question.items() if k not in ("scenario", "positions", "rolls", "states")}
        doc |= {"positions": {fid: place_json(s) for fid, s in self.stands}, "rolls": self.rolls}
        if self.states:
            doc["states"] = states_doc(self.states)
        try:
            return json.dumps(doc, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError) as e:
            raise RuleSetError(f"a logged question must be JSON: {e}") from None

    def _logged(self, *entries: LogEntry) -> tuple[LogEntry, ...]:
        """The log with ``entries`` added, numbered on from the newest; the oldest give way past MAX_LOG."""
        n = self.logged
        numbered = tuple(replace(e, number=n + i) for i, e in enumerate(entries, 1))
        return (self.log + numbered)[-MAX_LOG:]

    def note_verdict(self, headline: str, verdicts: tuple[Explained, ...], *,
                     asked: Mapping[str, Any] | None = None) -> Table:
        """The table with verdicts written to the log (no change to the field): each one's summary, then its steps.

        A verdict with parts logs each part it is given on its own (a levels verdict its summary and shared
        steps, one of its directions its own: the DM's override on it ends with both answers, H7).

        A check repeated with nothing written in between (the same headline
        and the same explanation as the newest entry, e.g. the same enemy
        clicked twice) is not written again: the table is returned unchanged,
        so the log keeps one line per distinct answer.

        ``asked``: the ``ask`` question the verdict answers (:meth:`asked_text`, kept in :attr:`LogEntry.asked`);
        the same keyword on :meth:`move`, :meth:`apply`, :meth:`place`, :meth:`set_state` and :meth:`undo`.
        """
        details: list[str] = []
        for v in verdicts:
            details.append(v.summary)
            details.extend(str(s) for s in v.steps)
        entry = LogEntry(headline, tuple(details), asked=self.asked_text(asked))
        if self.log and (self.log[-1].text, self.log[-1].details) == (entry.text, entry.details):
            return self
        return replace(self, log=self._logged(entry))

    def move(self, fighter_id: str, verdict: Resolvable, *,
             asked: Mapping[str, Any] | None = None) -> tuple[Table, DiceRoll | None]:
        """Carry out a move verdict (:meth:`~vertigo.resolve.Resolvable.resolve`) through :meth:`apply`: move
        the fighter, roll its dice.

        The verdict says where the fighter ends and what it rolls (a Height move: its destination and
        falling dice, H2, H8; one allowed only by the DM's override goes straight there with no fall, H7); a
        verdict that is finally not allowed changes nothing but the log.

        Returns:
            The new table and the first roll (None when no dice were rolled).

        Raises:
            LimitError: the move needs a roll and the table has made :data:`~vertigo.limits.MAX_ROLLS` rolls
                already (the count could be neither saved nor exported past it).
        """
        f = self.scenario.fighter(fighter_id)
        start, dest = self.position(fighter_id), verdict.dest
        names = self.scenario.field
        head = (f"{isolate(f.name)}: {isolate(names.section(start).name)} → {isolate(names.section(dest).name)} "
                f"{verdict.how}")
        table, outcome = self.apply(fighter_id, verdict.resolve, head, (verdict.summary, *map(str, verdict.steps)),
                                    asked=asked)
        return table, outcome.roll

    def apply(self, fighter_id: str, resolve: Resolve, headline: str, details: tuple[str, ...] = (), *,
              asked: Mapping[str, Any] | None = None) -> tuple[Table, Outcome]:
        """Carry out an action: ``resolve(roller)`` says where the fighter ends and what it rolled.

        The roller rolls the table's next roll each time it is called (seeded by the scenario's dice seed
        and the roll's number, so a saved table replays exactly, H8).  The first roll goes into the action's
        own log entry (``headline — moved, fell: 3 damage``, with a detail line per roll: ``[H8] Rolled 1d6
        (3) = 3 falling damage (seed 7, roll #1).``); each further roll writes a log entry of its own
        (``Goat: scattered: 5``).  One :meth:`undo` takes back the whole action: the place, every roll and the
        state the outcome set (:attr:`~vertigo.resolve.Outcome.state`: Knocked Down where a jumper lands, J8).
        An outcome that neither moved the fighter nor rolled is logged as ``headline — not allowed, no move``
        and leaves nothing to undo.

        Args:
            fighter_id: the fighter who acts.
            resolve: ``resolve(roller) -> Outcome`` (:data:`vertigo.resolve.Resolve`).
            headline: the action's log headline (a move's "Goat: Cliff top → Foot of the cliff with Move 1").
            details: the explanation lines that come before the rolls'.
            asked: the action's ``ask`` question (:meth:`note_verdict`), kept by its first log entry.

        Returns:
            The new table and the outcome.

        Raises:
            LimitError: a roll past :data:`~vertigo.limits.MAX_ROLLS` (the table is left as it was).
            RuleSetError: the outcome's rolls are not the rolls the roller made, in order, or the action
                asked for more than :data:`~vertigo.limits.MAX_ACTION_ROLLS` rolls.
        """
        made: list[DiceRoll] = []

        def roller(pool: DicePool) -> DiceRoll:
            # A table counts its rolls up to MAX_ROLLS (a scenario may start there): one more could be neither
            # saved nor exported, so the roll is refused and the table stays as it is.
            at = self.rolls + len(made)
            if len(made) >= MAX_ACTION_ROLLS:
                raise RuleSetError(f"an action may make at most {MAX_ACTION_ROLLS} rolls; this one asked for "
                                   f"roll {len(made) + 1}")
            if at >= MAX_ROLLS:
                raise LimitError(f"this table has made {at:,} rolls, the most a table counts (2^52): no "
                                 f"further dice can be rolled; a move without a fall still can be made")
            made.append(roll(pool, rng_for(self.scenario.dice_seed, at)))
            return made[-1]

        question = self.asked_text(asked)
        outcome = resolve(roller)
        if [r.roll for r in outcome.rolls] != made:
            raise RuleSetError(f"an action's outcome must list the {len(made)} roll(s) it made, in order; it "
                               f"lists {len(outcome.rolls)}")
        if not outcome.moved and not outcome.rolls:
            entry = LogEntry(headline + " — not allowed, no move", details, asked=question)
            return replace(self, log=self._logged(entry)), outcome
        lines = [*details, *(f"[{r.rule}] Rolled {r.roll.brief()} {r.what} (seed {self.scenario.dice_seed}, "
                             f"roll #{self.rolls + i + 1})." for i, r in enumerate(outcome.rolls))]
        went = "moved" if outcome.moved else "stayed"
        first = outcome.rolls[0] if outcome.rolls else None
        entries = [LogEntry(headline + f" — {went}" + ("" if first is None else f", {first.headline}"),
                            tuple(lines), **_dice(self.rolls, first), asked=question, action=True)]
        name = isolate(self.scenario.fighter(fighter_id).name)
        entries += [LogEntry(f"{name}: {r.headline}", (lines[len(details) + i],), **_dice(self.rolls + i, r))
                    for i, r in enumerate(outcome.rolls) if i]
        states, was = self.states, None
        if outcome.state is not None:
            declared, value = outcome.state
            value = checked_state(self._state_field(declared), value)
            was = (declared.key, self.state(fighter_id, declared))
            states = self._states_set(fighter_id, declared.key, value)
            label = declared.label or declared.key
            entries[0] = replace(entries[0], details=(*entries[0].details,
                                                      f"{label}: {self._shown(was[1])} → {self._shown(value)}."))
        snap = Snapshot(fighter_id, self.stand_of(fighter_id), self.rolls, headline, was)
        return replace(self, stands=self._stand_set(fighter_id, outcome.to), rolls=self.rolls + len(made),
                       log=self._logged(*entries), history=(*self.history, snap)[-UNDO_DEPTH:],
                       states=states), outcome

    def place(self, fighter_id: str, section_id: str, x: Fraction | None = None, *,
              asked: Mapping[str, Any] | None = None) -> Table:
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
        at = "" if x is None else f" at x = {lengths.show(x, self.scenario.units)}"
        head = f"{isolate(f.name)} placed: {isolate(field.section(start).name)} → {isolate(dest.name)}{at}"
        surface = dest.surface(x)
        shown = lengths.show(surface, self.scenario.units)
        entry = LogEntry(head, (f"Placed by the referee; standing surface {shown}.",), asked=self.asked_text(asked),
                         action=True)
        snap = Snapshot(fighter_id, self.stand_of(fighter_id), self.rolls, head)
        history = (*self.history, snap)[-UNDO_DEPTH:]
        return replace(self, stands=self._stand_set(fighter_id, Stand(section_id, x)), log=self._logged(entry),
                       history=history)

    def _states_set(self, fighter_id: str, key: str, value: object) -> tuple[tuple[str, str, object], ...]:
        """:attr:`states` with one fighter's state set (left out when it is back at its start)."""
        now = {(fid, k): v for fid, k, v in self.states}
        now[fighter_id, key] = value
        return states_in_order(self.scenario, now)

    def _state_field(self, declared: Field[Any]) -> Field[Any]:
        """``declared``, if it is per-fighter state of a rule set of the scenario.

        Raises:
            RuleSetError: a field that is not state, or that no rule set of the scenario declares.
        """
        what = f"{declared.key!r}" + (f" ({declared.label})" if declared.label else "")
        if not declared.state or declared.on != "fighter":
            raise RuleSetError(f"{what} is a field of the {declared.on} the scenario sets, not per-fighter state "
                               "the table keeps")
        if not any(d is declared for d in state_fields(self.scenario)):
            have = ", ".join(REGISTRY[r].title for r in self.scenario.rules if r in REGISTRY) or "no rule set"
            raise RuleSetError(f"{what} is the state of no rule set of “{isolate(self.scenario.title)}”: it is "
                               f"refereed by {have}")
        return declared

    def set_state(self, fighter_id: str, field: Field[_T], value: _T, headline: str, *,
                  asked: Mapping[str, Any] | None = None) -> Table:
        """A rule set changes a fighter's per-fighter state (it lies down): logged and undoable like a move.

        The log gets ``headline`` and one detail line, ``"<label>: <before> → <after>."``; one Undo takes
        this one change back.  The position, the dice and every other state stay as they are.  A value equal
        to the current one changes nothing: the table is returned as it is, with no log line.

        Args:
            fighter_id: the fighter.
            field: a state field (``state=True``, on the fighter) of a rule set of the scenario.
            value: its new value, of the kind of the field's default (:func:`checked_state`).
            headline: the log line, one line of text written for the user (names isolated,
                :func:`vertigo.text.isolate`), at most :data:`MAX_HEADLINE` characters; the undo's log line
                repeats it.

        Raises:
            UnknownFighterError: no such fighter.
            RuleSetError: a field that is not per-fighter state or that no rule set of the scenario
                declares; a value of another kind; a headline that is not one line of text.
            LimitError: a value or headline over its bound (:data:`MAX_STATE_TEXT`, :data:`MAX_HEADLINE`).

        Source: issue 19 ("its per-fighter state where it has any (say, lying down), which the table
        saves, undoes and exports").
        """
        self.scenario.fighter(fighter_id)
        self._state_field(field)
        new = checked_state(field, value)
        if not isinstance(headline, str) or not headline.strip() or text_problem(headline):
            raise RuleSetError(f"a state change's headline must be one line of text: {quote(headline)}")
        if len(headline) > MAX_HEADLINE:
            raise LimitError(f"a state change's headline must be at most {MAX_HEADLINE} characters: "
                             f"{len(headline)}")
        was = self.state(fighter_id, field)
        if same_state(was, new):
            return self
        label = field.label or field.key
        entry = LogEntry(headline, (f"{label}: {self._shown(was)} → {self._shown(new)}.",),
                         asked=self.asked_text(asked), action=True)
        snap = Snapshot(fighter_id, self.stand_of(fighter_id), self.rolls, headline, (field.key, was))
        history = (*self.history, snap)[-UNDO_DEPTH:]
        return replace(self, states=self._states_set(fighter_id, field.key, new), log=self._logged(entry),
                       history=history)

    def _shown(self, value: object) -> str:
        """A state value as a log line shows it: yes or no, a number, a length with its unit, quoted text."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, Fraction):
            return lengths.show(value, self.scenario.units)
        if isinstance(value, int):
            return fmt(value)
        if isinstance(value, str):
            return f"“{isolate(value)}”"
        return "none" if value is None else quote(value)

    @property
    def can_undo(self) -> bool:
        """Whether there is a move to undo."""
        return bool(self.history)

    def undo(self, *, asked: Mapping[str, Any] | None = None) -> Table:
        """The table as it was before the last move, placing or state change; the dice rewind with it.

        Undoing a state change (:meth:`set_state`) puts that one state back; undoing a move or a placing
        leaves every state as it is.

        Raises:
            UndoError: nothing to undo.
        """
        if not self.history:
            raise UndoError("nothing to undo")
        snap = self.history[-1]
        entry = LogEntry(f"Undone: {snap.label}", asked=self.asked_text(asked), action=True)
        states = self.states if snap.state is None else self._states_set(snap.fighter, *snap.state)
        return replace(self, stands=self._stand_set(snap.fighter, snap.stand), rolls=snap.rolls,
                       log=self._logged(entry), history=self.history[:-1], states=states)
