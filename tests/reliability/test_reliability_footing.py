"""The reliability suite's own footing: the hang guard stops what never ends,
and the check of problem lines reads every documented place and refuses
malformed ones.

Source: issue 5 "Holds up under attack"; fault kind 1 "linear checks".
"""

from __future__ import annotations

import pytest

from guard import HANG_GUARD_SECONDS, Hung, check_problem, guarded


def test_the_hang_guard_stops_a_load_that_never_ends():
    """Fault kind 1: the guard interrupts an endless loop (here after 0.2 s), so a
    hanging load fails its test instead of stalling the suite."""
    def forever():
        while True:
            pass
    with pytest.raises(Hung):
        guarded(forever, seconds=0.2)
    assert guarded(lambda: 42) == 42
    assert HANG_GUARD_SECONDS >= 10


@pytest.mark.parametrize("problem, place", [
    ("title: must be non-empty text", "title"),
    ("sections[3].name: must be at most 80 characters: 81", "sections[3].name"),
    ("fighters[0].moves[2]: Move entry distance must be ≤ 100: 500", "fighters[0].moves[2]"),
    ("borders[1].between[0]: names no section", "borders[1].between[0]"),
    ("vertigo: must be the format version 1: true", "vertigo"),
    ("document: is 2000001 bytes", "document"),
    ("line 3, column 12: not valid JSON (Expecting value)", "line 3, column 12"),
    ('"<script>": is not a scenario field', '"<script>"'),
])
def test_the_problem_check_reads_every_documented_place(problem, place):
    """Issue 5: the shared check accepts each documented form of place."""
    assert check_problem(problem) == place


@pytest.mark.parametrize("problem", [
    "", "no place here", ": is not a scenario field", "title:missing space", "title: two\nlines",
    "<script>: is not a scenario field", "title: \ud800", "line 0, column 1: not JSON", "x" * 2000 + ": y",
])
def test_the_problem_check_refuses_malformed_problems(problem):
    """Issue 5: the shared check refuses an empty, placeless, multi-line, unprintable
    or overlong problem."""
    with pytest.raises(pytest.fail.Exception):
        check_problem(problem)
