"""Running a hostile document under a hang guard, and the rules every outcome obeys.

:func:`attempt` loads one document and fails the test unless:

1. it returns a Scenario, or raises ScenarioError whose problems are each
   one printable line ``PLACE: message``, PLACE a document path
   (``title``, ``sections[3].name``, ``borders[1].between[0]``, ``vertigo``,
   ``document``) or ``line N, column M`` — never another exception;
2. it finishes within :data:`HANG_GUARD_SECONDS` (a guard against hangs, not
   a speed claim: nothing here asserts a tighter time);
3. it reports at most :data:`MOST_PROBLEMS` problems, the documents here
   having one real fault each.

Source: issue 5 "Holds up under attack"; fault kinds 7 "validation gaps"
and 1 "linear checks".
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Callable
from typing import Any

import pytest

from vertigo import scenario
from vertigo.errors import ScenarioError

HANG_GUARD_SECONDS = 10.0
"""Longest any single load may run before it counts as hung."""

MOST_PROBLEMS = 20
"""Most problem lines for a document with one real fault (no cascades)."""

LONGEST_PROBLEM = 1000
"""Most characters in one problem line (generous: an entry is quoted whole at 200)."""

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_QUOTED = r'"(?:[^"\\\x00-\x1f]|\\.)*"'
PLACE = re.compile(
    rf"line [1-9][0-9]*, column [1-9][0-9]*|(?:{_IDENT}|{_QUOTED})(?:\[[0-9]+\]|\.{_IDENT})*"
)
"""``line N, column M`` or a path: a field name (an unknown key that is not a
plain name written as a JSON string), then ``[index]`` and ``.field`` steps."""

PROBLEM = re.compile(rf"(?P<place>{PLACE.pattern}): (?P<message>\S.*)")


def expect(condition: object, message: str) -> None:
    """Fail the test with ``message`` unless ``condition`` holds.

    The failure carries no traceback: the message says all, and the many
    expected failures of known gaps stay cheap to report.
    """
    if not condition:
        pytest.fail(message, pytrace=False)


class Hung(BaseException):
    """A load ran past the hang guard (a BaseException, so no ``except Exception`` in the code swallows it)."""


def guarded(call: Callable[[], Any], seconds: float = HANG_GUARD_SECONDS) -> Any:
    """``call()``, or Hung when it runs longer than ``seconds``.

    On the main thread of a POSIX system an interval timer interrupts the
    call; elsewhere the call runs in a daemon thread that is abandoned.
    """
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
        def on_alarm(signum: int, frame: Any) -> None:
            raise Hung()
        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return call()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as e:  # handed back to the caller below
            outcome["error"] = e
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise Hung()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def check_problem(problem: Any) -> str:
    """One problem is a non-empty printable line ``PLACE: message``; returns its place."""
    expect(isinstance(problem, str) and problem, f"a problem must be non-empty text: {problem!r}")
    expect(len(problem.splitlines()) == 1, f"a problem must be one line: {problem[:200]!r}")
    expect(len(problem) <= LONGEST_PROBLEM, f"a problem must be at most {LONGEST_PROBLEM} characters: {len(problem)}")
    try:
        problem.encode("utf-8")
    except UnicodeEncodeError:
        expect(False, f"a problem must be printable as UTF-8 (no lone surrogates): {problem[:200]!r}")
    expect("Traceback" not in problem, f"a problem must not carry a traceback: {problem[:200]!r}")
    found = PROBLEM.fullmatch(problem)
    expect(found, f"a problem must read 'PLACE: message', PLACE a document path or line and column: {problem[:200]!r}")
    return found["place"]


def attempt(document: Any, *, decoded: bool = False) -> Any:
    """Load ``document`` (JSON text, or a decoded document) under the guard.

    Returns:
        The Scenario, or the tuple of problems it was refused with, each
        checked by :func:`check_problem`, at most :data:`MOST_PROBLEMS`.
    """
    load = scenario.load if decoded else scenario.loads
    try:
        result = guarded(lambda: load(document))
    except Hung:
        expect(False, f"loading did not finish within the {HANG_GUARD_SECONDS:g} s hang guard")
    except ScenarioError as e:
        problems = e.problems
        expect(isinstance(problems, tuple) and problems, f"a ScenarioError must carry its problems: {problems!r}")
        for p in problems:
            check_problem(p)
        expect(len(problems) <= MOST_PROBLEMS,
               f"{len(problems)} problems for one fault (at most {MOST_PROBLEMS}); first ones: {list(problems[:3])}")
        return problems
    except BaseException as e:
        if isinstance(e, (KeyboardInterrupt, SystemExit)):
            raise
        expect(False, f"{type(e).__name__} escaped instead of a ScenarioError: {str(e)[:300]}")
    expect(isinstance(result, scenario.Scenario), f"loads returned {type(result).__name__}, not a Scenario")
    return result


def places_of(problems: tuple[str, ...]) -> list[str]:
    """The place of every problem."""
    return [check_problem(p) for p in problems]


def is_at(found: str, wanted: str) -> bool:
    """``found`` is the place ``wanted`` or a place inside it (``LINE_COLUMN`` matches any line and column)."""
    if wanted == "line N, column M":
        return found.startswith("line ")
    return found == wanted or found.startswith(wanted + ".") or found.startswith(wanted + "[")
