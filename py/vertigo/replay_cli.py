"""``python -m vertigo replay FILE``: check every step of a replay with the same dice.

Reads a replay file (:mod:`vertigo.replay`; ``-``: standard input), carries out each action again from the
battlefield as loaded, and prints one JSON object on standard output::

    {"replay": 1, "steps": 12, "agrees": false,
     "first_difference": {"step": 3, "path": "$.actions[3].result.positions.goat", "recorded": "cliff-top",
                          "now": "cliff-foot"}}

(``first_difference`` only when a step differs; ``step`` is the 0-based index of the action).  Exit status 0 when
every step agrees, 1 when a step differs, 2 for bad input: a file that cannot be read, not JSON, not a replay, or
an action the rules refuse now, with one line ``error: <place>: <message>`` on standard error and nothing on
standard output.

Source: issue 27 ("``python -m vertigo replay FILE`` checks every step with the same dice"; exit codes as ask's).
"""

from __future__ import annotations

import io
import json
import os
import sys
from typing import IO

from .__main__ import _write
from .ask import read_stream, read_text
from .document import decode
from .errors import QuestionError, ScenarioError
from .replay import MAX_REPLAY_ACTIONS, MAX_REPLAY_CHARS, REPLAY_VERSION, check
from .text import quote

__all__ = ["USAGE", "run"]

USAGE = "python -m vertigo replay FILE (FILE a replay, or - for standard input)"
"""The one form of the command."""

_HELP = f"""usage: {USAGE}

Checks a replay step by step: the battlefield as loaded, then each action
(at most {MAX_REPLAY_ACTIONS:,}) carried out again with the same dice, and the table it
leaves (every fighter's place, the roll count, the states) compared with the
one recorded. Prints one JSON object:

  {{"replay": {REPLAY_VERSION}, "steps": N, "agrees": true|false,
   "first_difference": {{"step": i, "path": "$.actions[i].result...",
                        "recorded": ..., "now": ...}}}}

("first_difference" only when a step differs.)

exit status: 0 every step agrees; 1 a step differs; 2 a file that cannot be
read, not a replay, or an action refused now, with one line "error: ..." on
standard error.

See docs/api.md ("Replays").
"""


def _text(path: str) -> str:
    """The replay's text, at most :data:`~vertigo.replay.MAX_REPLAY_CHARS` characters (one more is read to tell),
    read as ``ask`` reads a question (:func:`vertigo.ask.read_text`, :func:`~vertigo.ask.read_stream`).

    Raises:
        QuestionError: no such file, a folder, unreadable, or too long.
    """
    if path != "-":
        return read_text(path, "replay", limit=MAX_REPLAY_CHARS)
    raw = getattr(sys.stdin, "buffer", None)
    stream = sys.stdin if raw is None else io.TextIOWrapper(raw, encoding="utf-8-sig", errors="replace")
    return read_stream(stream, "replay", MAX_REPLAY_CHARS)


def run(args: list[str], out: IO[str], err: IO[str]) -> int:
    """Run ``python -m vertigo replay``.

    Args:
        args: the arguments after ``replay``.
        out, err: standard output and standard error (written as UTF-8, :func:`vertigo.__main__._write`).

    Returns:
        The exit status: 0 every step agrees (or help shown), 1 a step differs, 2 bad input.
    """
    if "-h" in args or "--help" in args:
        _write(out, _HELP)
        return 0
    if len(args) != 1 or (args[0].startswith("-") and args[0] != "-"):
        said = "replay takes one replay file" if len(args) != 1 else f"unknown option {quote(args[0])}"
        _write(err, f"error: {said}; usage: {USAGE}\n")
        return 2
    try:
        text = _text(os.fspath(args[0]))
        try:
            doc = decode(text, "replay", MAX_REPLAY_CHARS)
        except ScenarioError as e:
            raise QuestionError("; ".join(p if p.startswith("replay") else f"replay: {p}" for p in e.problems)) \
                from None
        steps = check(doc)
    except QuestionError as e:
        _write(err, f"error: {' '.join(str(e).splitlines())}\n")
        return 2
    first = next(((i, s) for i, s in enumerate(steps) if not s.agrees), None)
    report: dict[str, object] = {"replay": REPLAY_VERSION, "steps": len(steps), "agrees": first is None}
    if first is not None:
        i, s = first
        assert s.difference is not None
        report["first_difference"] = {"step": i, "path": s.difference.path, "recorded": s.difference.recorded,
                                      "now": s.difference.now}
    _write(out, json.dumps(report, ensure_ascii=False) + "\n")
    return 0 if first is None else 1
