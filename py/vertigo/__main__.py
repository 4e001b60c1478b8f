"""The command line: ``python -m vertigo ask QUESTION.json`` prints the answer as one JSON object.

Exit status 0 for every answered question, whether the move or the action is
allowed or not, and for ``check`` whether the scenario has problems or not (they
are its answer), and for a ruling record that agrees; 1 for a record whose answer
differs now (its JSON, ``"agrees": false``, is printed all the same; issue 27);
2, with one line ``error: <place>: <message>`` on standard error and nothing on
standard output, for a bad question, a bad record (its ``answer`` not a JSON
object), a bad scenario (a ``check`` scenario only when it is not a JSON object)
or a bad command line.
``docs/api.md`` describes the questions and the answers.

This is the only module of the core that prints.
"""

from __future__ import annotations

import json
import os
import sys
from typing import IO, Any

from .ask import answer_file, answer_stream, registered_questions
from .errors import QuestionError

__all__ = ["main", "USAGE", "COMMANDS"]

COMMANDS = ("ask", "share", "replay")
"""The commands: ``ask`` here; ``share`` and ``replay`` each run from a module of its own (``share_cli``,
``replay_cli``: ``run(args, stdout, stderr) -> exit status``), imported when it is run (issue 27)."""

USAGE = "python -m vertigo ask QUESTION.json (or - to read the question from standard input)"
"""The one form of the command."""


def _help() -> str:
    asked = registered_questions()
    width = max(len(name) for name in asked)
    questions = "\n".join(f"  {name.ljust(width)}  {q.text}\n  {'':{width}}  fields: {', '.join(q.fields) or 'none'}"
                          for name, q in asked.items())
    return f"""usage: {USAGE}
       python -m vertigo share FILE [--base URL]: the share link of a scenario (share --help)

Answers one question about a Vertigo battlefield and prints the answer as one
JSON object. A question is a JSON object:

  {{"scenario": <a scenario document, or its path relative to the question file>,
   "ask": <question>, ...its fields, "about": <optional: what it records>}}

questions:
{questions}

entry is the 0-based index of one of the fighter's Move entries; positions
({{fighter: section}}, optional) places fighters where they stand now;
override ({{"allowed": true or false, "note": text}}, optional) is the DM's (H7);
on attack it needs action, the 0-based index of the action it rules on.

A ruling record is a question with "answer": the answer recorded (a JSON
object). It is answered again and compared: {{"ask", "agrees": true or false,
"difference": {{"path": "$.explanation[2]", "recorded", "now"}} (only when it
differs; "missing": "recorded" or "now" when one side has nothing there),
...the answer now}}.

Every answer has "ask", "rules" (the ruling ids used) and "explanation" (the
steps, one "[H2] ..." line each), but check's: "problems", "warnings" (each
{{"place", "message", "piece"}}), "proposed_borders" and "plays".

exit status: 0 answered (allowed or not; for check, a scenario with problems
too: they are the answer), or a record that agrees; 1 a record whose answer
differs now ("agrees": false, the answer still printed); 2 a bad question,
scenario (for check: not a JSON object), record (answer not an object) or
command line, with one line "error: <place>: <message>" on standard error.

See docs/api.md.
"""


def _write(stream: IO[str], text: str) -> None:
    """``text`` to a standard stream as UTF-8, whatever the console's own encoding."""
    buffer: Any = getattr(stream, "buffer", None)
    if buffer is not None:
        stream.flush()
        buffer.write(text.encode("utf-8", "backslashreplace"))
        buffer.flush()
    else:
        stream.write(text)


def main(argv: list[str] | None = None, *, stdin: IO[Any] | None = None, stdout: IO[str] | None = None,
         stderr: IO[str] | None = None) -> int:
    """Run the command line.

    Args:
        argv: the arguments after ``python -m vertigo`` (``sys.argv[1:]`` when None).
        stdin, stdout, stderr: the streams (the process's own when None);
            ``stdin`` is read as bytes when it has a ``buffer``.

    Returns:
        The exit status: 0 answered (a record: agrees) or help shown, 1 a record whose answer differs now,
        2 refused.
    """
    args = sys.argv[1:] if argv is None else argv
    out = sys.stdout if stdout is None else stdout
    err = sys.stderr if stderr is None else stderr
    if args and args[0] == "share":  # each other command is a module of its own, imported when it is run
        from . import share_cli
        return share_cli.run(args[1:], out, err)
    if args and args[0] == "replay":
        from . import replay_cli
        return replay_cli.run(args[1:], out, err)
    if args in (["-h"], ["--help"], ["ask", "-h"], ["ask", "--help"]):
        _write(out, _help())
        return 0
    if not args or args[0] != "ask":
        said = f"unknown command {json.dumps(args[0], ensure_ascii=True)}; " if args else ""
        _write(err, f"error: {said}usage: {USAGE}; --help says more\n")
        return 2
    if len(args) != 2:
        _write(err, f"error: ask takes one question file; usage: {USAGE}\n")
        return 2
    try:
        if args[1] == "-":
            source: IO[Any] = sys.stdin if stdin is None else stdin
            raw: IO[bytes] = getattr(source, "buffer", source)  # a text stream's bytes, or a byte stream as given
            result = answer_stream(raw, os.getcwd())
        else:
            result = answer_file(args[1])
    except QuestionError as e:
        _write(err, f"error: {' '.join(str(e).splitlines())}\n")  # one line, whatever a message holds
        return 2
    _write(out, json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    return 1 if result.get("agrees") is False else 0  # a record whose answer differs now (issue 27)


if __name__ == "__main__":
    sys.exit(main())
