"""What Share… and a shared link do on the page — pure Python, no DOM.

``py/app_share.py`` (imported on the first use of Share… or of a link, after the page is ready) reads the event,
calls one function here and writes the result.  The link, the record and the replay themselves are the core's
(:mod:`vertigo.share`, :mod:`vertigo.records`, :mod:`vertigo.replay`), so the page and ``python -m vertigo``
give the same answers; this module chooses between them and words what the page says.

Source: issue 27 (share links, ruling records, replays and pictures).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from vertigo import ask, records, replay, share
from vertigo.errors import QuestionError, RulesError, ScenarioError
from vertigo.table import LogEntry, Table
from vertigo.text import isolate, quote
from vertigo_view import share_panel

__all__ = ["LinkMade", "Offer", "RecordShown", "make_link", "offer", "rulings", "ruling", "record_text",
           "replay_text", "file_stem", "kind_of", "open_record", "record_html", "Playback"]



@dataclass(frozen=True)
class LinkMade:
    """A link to the table in play, or why there is none.

    Attributes:
        link: the whole link (the page's address and ``#v1=…``), or None when it would be too long.
        length: its length in characters (the whole link; 0 when none was made).
        short: whether it names a bundled battlefield instead of carrying the whole document.
        message: what the dialog says of it.
    """

    link: str | None
    length: int
    short: bool
    message: str


def make_link(table: Table, base: str, bundled: tuple[str, str] | None) -> LinkMade:
    """The link Share… offers: the short form for a bundled battlefield still as its file has it, else the whole
    document; never over :data:`vertigo.share.MAX_FRAGMENT` characters.

    Args:
        table: the table in play.
        base: the page's address without its fragment (``https://…/vertigo/``).
        bundled: (file name, file text) of the bundled battlefield the picker shows in play, or None.
    """
    try:
        fragment = share.link_for(table, bundled)
    except ScenarioError as e:
        why = "; ".join(p.removeprefix("link: ") for p in e.problems)
        return LinkMade(None, 0, False, f"No link: {why}.")
    link = base + fragment
    short = bundled is not None and "bundled" in share.payload_of(fragment)
    what = "names the bundled battlefield and carries the positions" if short else "carries the whole battlefield"
    return LinkMade(link, len(link), short, f"The link {what}: {len(link):,} characters.")


@dataclass(frozen=True)
class Offer:
    """A shared link, read: the table it opens and what the page asks before it replaces the one in play.

    Attributes:
        table: the table the link opens (None: the link was refused, ``error`` says why).
        question: the dialog's question, names as text.
        notes: what could not be reproduced (a bundled battlefield changed since the link was made).
        error: the importer's own message for a damaged, hostile or newer-format link, else None.
    """

    table: Table | None
    question: str
    notes: tuple[str, ...] = ()
    error: str | None = None


def offer(fragment: str, bundled_files: Mapping[str, str], in_play: Table) -> Offer:
    """What opening ``fragment`` offers: the table, or the refusal (the table in play is never touched here).

    Args:
        fragment: ``location.hash`` (``#v1=…``).
        bundled_files: every bundled battlefield's file name → its text, for a short link.
        in_play: the table the link would replace.
    """
    try:
        opened = share.open_payload(share.payload_of(fragment), bundled_files)
    except (ScenarioError, RulesError) as e:
        problems = e.problems if isinstance(e, ScenarioError) else (str(e),)
        return Offer(None, "", (), "The link was not opened; the table in play is unchanged.\n" + "\n".join(problems))
    title = isolate(opened.table.scenario.title)
    question = (f"Open “{title}” from the link in place of “{isolate(in_play.scenario.title)}”? Undo brings the "
                "table in play back.")
    return Offer(opened.table, question, tuple(opened.notes))


def rulings(table: Table) -> tuple[LogEntry, ...]:
    """The log entries a record can be made of, newest first: each verdict logged with its question since the
    battlefield was loaded (not an undo or a placing by hand)."""
    return tuple(e for e in reversed(table.log) if _asked(e) is not None and _asked(e) not in records.NOT_RULINGS)


def _asked(entry: LogEntry) -> str | None:
    """The name of the question a log entry keeps, or None."""
    if entry.asked is None:
        return None
    name = json.loads(entry.asked).get("ask")
    return name if isinstance(name, str) else None


def ruling(table: Table, number: int) -> LogEntry | None:
    """The log entry numbered ``number`` if a record can be made of it."""
    return next((e for e in rulings(table) if e.number == number), None)


def record_text(table: Table, entry: LogEntry) -> str:
    """A ruling record of ``entry`` as the file Download its record writes (:func:`vertigo.records.build`).

    Raises:
        RecordError: the entry keeps no question.
    """
    return json.dumps(records.build(table.scenario, entry), ensure_ascii=False, indent=2) + "\n"


def replay_text(table: Table) -> str:
    """The replay of the table (:func:`vertigo.replay.build`) as the file Download the replay writes.

    Raises:
        ReplayError: the log lost its first entries, holds an action without its question, or too many actions.
    """
    return json.dumps(replay.build(table), ensure_ascii=False, indent=1) + "\n"


def file_stem(table: Table) -> str:
    """The start of a file name for this table: its title kept to letters, digits, ``-`` and ``_`` (at most 40)."""
    kept = "".join(c if (c.isalnum() and c.isprintable() and c.isascii()) or c in "-_" else "-"
                   for c in table.scenario.title)
    return "-".join(p for p in kept.split("-") if p)[:40].strip("-") or "vertigo"


def kind_of(doc: Any) -> str:
    """What an imported JSON document is: ``"replay"``, ``"record"`` (an ``ask`` question, with the answer given or
    not) or ``"scenario"`` (anything else, which the importer judges).  A scenario has neither key."""
    if isinstance(doc, Mapping) and "replay" in doc:
        return "replay"
    if isinstance(doc, Mapping) and "ask" in doc:
        return "record"
    return "scenario"


@dataclass(frozen=True)
class RecordShown:
    """A ruling record opened on the page: its table and the verdict the rules give now.

    Attributes:
        table: the record's battlefield with its fighters where the question places them, its dice where they were.
        about: what the record says it records (the log headline), or "".
        answer: the answer now, as ``ask`` prints it (``summary``, ``explanation``, …).
        agrees: whether it agrees with the answer recorded; None when the file records no answer (a plain question).
        difference: the first difference (:class:`vertigo.records.Difference`), when it differs.
    """

    table: Table
    about: str
    answer: Mapping[str, Any]
    agrees: bool | None
    difference: records.Difference | None


def open_record(doc: Mapping[str, Any]) -> RecordShown:
    """A ruling record (or a plain ``ask`` question) imported on the page: answered again by the same ``ask``
    code as ``python -m vertigo ask``, and compared with the answer it recorded.

    Raises:
        QuestionError: the question or its scenario refused (the message names the place), a scenario given as a
            path (the page reads no other file), or a question of no table (``sm_reach``: nothing to show).
    """
    if not isinstance(doc.get("scenario"), Mapping):
        raise QuestionError("question.scenario: a record opened here must hold its scenario document, not "
                            f"{quote(doc.get('scenario'), 80)}")
    if "answer" in doc:
        checked = records.check(doc)
        answer, agrees, diff = checked.answer, checked.agrees, checked.difference
    else:
        answer, agrees, diff = ask.answer(doc), None, None
    table = ask.table_of(doc)
    about = doc.get("about")
    return RecordShown(table, about if isinstance(about, str) else "", answer, agrees, diff)


def record_html(shown: RecordShown) -> str:
    """The record's box on the page (:func:`vertigo_view.share_panel.record_box`)."""
    return share_panel.record_box(shown.about, shown.agrees, shown.difference, shown.answer)


@dataclass(frozen=True)
class Playback:
    """A replay played back on the page, one step at a time, by the core's own steps (:func:`vertigo.replay.step`).

    Attributes:
        start: the battlefield as loaded, in play.
        actions: the replay's actions, checked in shape (:func:`vertigo.replay.read`).
        steps: the steps carried out so far, in order.
    """

    start: Table
    actions: tuple[Mapping[str, Any], ...]
    steps: tuple[replay.Step, ...] = ()

    @classmethod
    def open(cls, doc: Any) -> Playback:
        """A replay file's document, read (its scenario by the importer); no step carried out yet.

        Raises:
            ReplayError: the document refused; the message names the place.
        """
        read = replay.read(doc)
        return cls(read.start, read.actions)

    @property
    def table(self) -> Table:
        """The table after the last step carried out (the start before any)."""
        return self.steps[-1].table if self.steps else self.start

    @property
    def done(self) -> bool:
        """Whether every step has been carried out."""
        return len(self.steps) == len(self.actions)

    def next(self) -> Playback:
        """One more step carried out (the same playback when every step is done).

        Raises:
            ReplayError: the action refused now (the message names the step).
        """
        if self.done:
            return self
        n = len(self.steps)
        return replace(self, steps=(*self.steps, replay.step(self.table, self.actions[n], n)))

    def to_end(self) -> Playback:
        """Every step left carried out."""
        played = self
        while not played.done:
            played = played.next()
        return played

    def status(self) -> str:
        """The status line after the last step: which step of how many, what it did, whether it agrees."""
        total = len(self.actions)
        if not self.steps:
            return f"Replay: {total} action{'' if total == 1 else 's'} to play back from the battlefield as loaded."
        last = self.steps[-1]
        said = "agrees with the replay" if last.agrees else f"differs from the replay at {last.difference.path}" \
            if last.difference is not None else "differs from the replay"
        return f"Replay step {len(self.steps)} of {total}: {last.headline or 'no log line'} — {said}."

    def html(self, left: bool = False) -> str:
        """The replay's box on the page (:func:`vertigo_view.share_panel.replay_box`); ``left``: the table in play
        has changed since the last step, so the replay stops there."""
        differing = sum(1 for s in self.steps if not s.agrees)
        last = self.steps[-1] if self.steps else None
        at = None if last is None or last.agrees else last.difference.path if last.difference is not None else ""
        return share_panel.replay_box(len(self.steps), len(self.actions), last.headline if last else "", at,
                                      differing, left=left)
