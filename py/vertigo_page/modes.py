"""The page's registry: the mode of each rule set, by rule-set id, each imported by name (no discovery at run
time, so the site's bundle and its memory snapshot hold them all).  A battlefield is played in the modes of
its rule sets, in their order; one none of whose rule sets has a mode of its own, or has movement rules, is
played by placing fighters by hand (:class:`vertigo_page.placing.PlacingMode`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from vertigo.rules.height.mode import HeightMode
from vertigo.rules.jumping.mode import JumpingMode
from vertigo.rules.levels.mode import LevelsMode
from vertigo.rules.terrain.mode import TerrainMode
from vertigo.scenario import Scenario

from .mode import Mode
from .placing import PlacingMode

__all__ = ["MODES", "modes_for", "adding"]

MODES: dict[str, Callable[[], Mode]] = {
    HeightMode.rule_id: HeightMode,
    LevelsMode.rule_id: LevelsMode,
    TerrainMode.rule_id: TerrainMode,
    JumpingMode.rule_id: JumpingMode,
}
"""Rule-set id → a new mode of that rule set (each controller holds its own, with its own state)."""


def modes_for(scenario: Scenario) -> tuple[Mode, ...]:
    """New modes for a battlefield: its rule sets' modes in its rule-set order, else the placing mode alone."""
    found = tuple(MODES[r]() for r in scenario.rules if r in MODES)
    return found or (PlacingMode(),)


@contextmanager
def adding(rule_id: str, mode: Callable[[], Mode]) -> Iterator[None]:
    """Register one more mode inside a ``with`` block (a test's rule set).

    Raises:
        ValueError: a mode is registered for that id already.
    """
    if rule_id in MODES:
        raise ValueError(f"a mode is registered for rule set {rule_id!r} already")
    MODES[rule_id] = mode
    try:
        yield
    finally:
        del MODES[rule_id]
