"""The lantern rule set's whole-number option ``lantern_range`` (L1): declared once, read, checked and used.

Source: ``docs/design.md`` › *Adding a rule set*, step 3: "Nothing else is needed: the document reads,
checks, writes and counts it from the declaration."
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lantern.rules import LANTERN_RANGE, RULE_SET
from test_a_rule_set_plugs_in import DOC

from vertigo import ask, scenario
from vertigo.errors import ScenarioError
from vertigo.rules import REGISTRY


@pytest.fixture
def registered() -> Iterator[None]:
    """The lantern rule set in the core's registry, for one test."""
    with REGISTRY.adding(RULE_SET):
        yield


def test_lantern_range_is_read_and_used_by_seen(registered: None) -> None:
    """L1: ``lantern_range`` 12 is read as 12; the watchman, 15 away, is then too far to be seen."""
    doc = {**DOC, "options": {"night": True, "lantern_range": 12}}
    assert scenario.load(doc).option(LANTERN_RANGE.key) == 12
    assert scenario.load({**DOC, "options": {"night": True}}).option(LANTERN_RANGE.key) == 6
    seen = ask.answer({"scenario": doc, "ask": "seen", "fighter": "thief", "target": "watch"})
    assert (seen["seen"], seen["explanation"]) == (False, [
        "[L1] At night; Watchman carries a lantern, not hooded.",
        "[L1] Watchman is 15 away; a lantern lights 12: too far."])


def test_lantern_range_0_is_refused(registered: None) -> None:
    """L1: a lantern lights 1 to 60; 0 is refused at the option, with its bounds."""
    with pytest.raises(ScenarioError) as info:
        scenario.load({**DOC, "options": {"night": True, "lantern_range": 0}})
    assert info.value.problems == ("options.lantern_range: must be a whole number from 1 to 60: 0",)
