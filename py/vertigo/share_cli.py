"""``python -m vertigo share FILE [--base URL]``: the share link of a scenario document.

Prints the fragment (``#v1=…``, :mod:`vertigo.share`'s full form: the battlefield as the file has it, every
fighter where the file puts it), or with ``--base`` the whole link, the page's address followed by the
fragment.  Exit status 0 with the link and a newline on standard output; 2 with one line ``error: …`` on
standard error and nothing on standard output for a file that cannot be read, a scenario the importer
refuses, a link over :data:`vertigo.share.MAX_FRAGMENT` characters (share the file instead) or a bad
command line.

Source: issue 27 ("``python -m vertigo share FILE`` prints the fragment, or the whole link with ``--base URL``").
"""

from __future__ import annotations

import io
import sys
from typing import IO
from urllib.parse import urlsplit

from . import scenario as scenario_mod
from .__main__ import _write
from .ask import read_stream, read_text
from .errors import QuestionError, ScenarioError
from .scenario import Scenario
from .share import MAX_FRAGMENT, link_for
from .table import Table
from .text import quote

__all__ = ["USAGE", "run"]

USAGE = "python -m vertigo share FILE [--base URL] (FILE a scenario document, or - for standard input)"
"""The one form of the command."""

_HELP = f"""usage: {USAGE}

Prints the share link of a scenario document: the fragment "#v1=..." that
carries the battlefield, every fighter where the file puts it, the dice rolls
made and the per-fighter state (raw deflate, then base64url), or with --base
the whole link, URL followed by the fragment. Opening the link on the page
gives the same table.

--base URL  the page's address, http:// or https://, without a fragment

exit status: 0 the link printed; 2 a file that cannot be read, a scenario the
importer refuses, a link over {MAX_FRAGMENT:,} characters (share the file
instead) or a bad command line, with one line "error: ..." on standard error.

See docs/api.md.
"""


def _base(url: str) -> str | None:
    """Why ``url`` cannot be a link's base (an http or https address with a host and no fragment), or None."""
    if any(c.isspace() or not c.isprintable() for c in url):
        return "must not hold spaces or control characters"
    try:
        parts = urlsplit(url)
    except ValueError as e:
        return f"is not an address ({e})"
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return "must be an http:// or https:// address"
    if "#" in url:
        return "must not have a fragment (#): the link's fragment is added after it"
    return None


def _arguments(args: list[str]) -> tuple[str, str | None]:
    """``(FILE, base or None)`` from the arguments after ``share``.

    Raises:
        QuestionError: no FILE, two, an unknown option, ``--base`` without its URL or twice.
    """
    path: str | None = None
    base: str | None = None
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--base" or arg.startswith("--base="):
            if base is not None:
                raise QuestionError("--base is given twice")
            if arg == "--base" and not rest:
                raise QuestionError("--base needs the page's address after it")
            base = rest.pop(0) if arg == "--base" else arg.removeprefix("--base=")
        elif arg.startswith("-") and arg != "-":
            raise QuestionError(f"unknown option {quote(arg)}")
        elif path is not None:
            raise QuestionError(f"share takes one scenario file; a second was given: {quote(arg)}")
        else:
            path = arg
    if path is None:
        raise QuestionError("share needs a scenario file (or - for standard input)")
    return path, base


def run(args: list[str], out: IO[str], err: IO[str]) -> int:
    """Run ``python -m vertigo share``.

    Args:
        args: the arguments after ``share``.
        out, err: standard output and standard error (written as UTF-8, :func:`vertigo.__main__._write`).

    Returns:
        The exit status: 0 the link printed or help shown, 2 refused.
    """
    if "-h" in args or "--help" in args:
        _write(out, _HELP)
        return 0
    try:
        path, base = _arguments(args)
        if base is not None and (why := _base(base)) is not None:
            raise QuestionError(f"--base {why}: {quote(base, 200)}")
    except QuestionError as e:
        _write(err, f"error: {e}; usage: {USAGE}\n")
        return 2
    try:
        fragment = link_for(Table.start(_scenario(path)), None)
    except QuestionError as e:
        _write(err, f"error: {' '.join(str(e).splitlines())}\n")
        return 2
    except ScenarioError as e:  # the link would be too long (ShareError)
        _write(err, f"error: {'; '.join(e.problems)}\n")
        return 2
    _write(out, (base or "") + fragment + "\n")
    return 0


def _scenario(path: str) -> Scenario:
    """The scenario of the file at ``path`` (``-``: standard input, read as UTF-8).

    Raises:
        QuestionError: no such file, unreadable, too large, or a scenario the importer refuses (its problems
            on one line, ``scenario: title: missing; …``).
    """
    if path == "-":
        raw = getattr(sys.stdin, "buffer", None)
        stream = sys.stdin if raw is None else io.TextIOWrapper(raw, encoding="utf-8-sig", errors="replace")
        text = read_stream(stream, "scenario")
    else:
        text = read_text(path, "scenario")
    try:
        return scenario_mod.loads(text)
    except ScenarioError as e:
        raise QuestionError(f"scenario: {'; '.join(p.removeprefix('document: ') for p in e.problems)}") from None
