"""Several rule sets on one battlefield: one mode active at a time, the fighter card offers every mode's card
action, choosing one switches the mode, and a mode draws its own mark.

Source: issue 19 ("Several rule sets on one battlefield. ... One mode is active at a time. The fighter card
offers every named rule set's card actions, and choosing one switches the mode"; "its mode: what a click on a
fighter ... means ... which marks it draws"); ``docs/design.md`` › *What a rule set declares*.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path

import pytest

from vertigo import scenario as scenario_mod
from vertigo.rules import REGISTRY
from vertigo.ruleset import RuleSet
from vertigo.table import Table
from vertigo.text import isolate
from vertigo_page import modes
from vertigo_page.controller import Controller, Update
from vertigo_page.placing import PlacingMode
from vertigo_view.overlay import Highlights

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"

TALLY = RuleSet("tally", "the tally", "none", ("feet",))
"""A rule set that exists only for this test: it counts the fighters a referee points at."""


def _tally_mark(table: Table, where: Mapping[str, tuple[float, float]]) -> ET.Element | None:
    """A small square over the warden (in the mark layer), if it is drawn."""
    if "warden" not in where:
        return None
    x, y = where["warden"]
    return ET.Element("rect", {"class": "tally-mark", "x": f"{x - 2:g}", "y": f"{y - 2:g}", "width": "4",
                               "height": "4"})


class TallyMode(PlacingMode):
    """Placing by hand, and a click on another fighter counts it."""

    rule_id = TALLY.id
    card_action = ("Count heads", "Click another fighter to count it")

    def __init__(self) -> None:
        self.counted: list[str] = []

    def help(self, ctl: Controller) -> str:
        return "Count heads."

    def clear(self) -> None:
        self.counted = []

    def click_fighter(self, ctl: Controller, fighter_id: str) -> Update:
        self.counted.append(fighter_id)
        return ctl.update(f"{isolate(ctl.table.name(fighter_id))} counted: {len(self.counted)}.")

    def highlights(self, ctl: Controller, hl: Highlights) -> Highlights:
        hl = super().highlights(ctl, hl)
        return replace(hl, marks=(_tally_mark,)) if self.counted else hl


@pytest.fixture
def tally() -> Iterator[None]:
    with REGISTRY.adding(TALLY), modes.adding(TALLY.id, TallyMode):
        yield


def staircase(rules: list[str]) -> Controller:
    doc = json.loads((SCENARIOS / "staircase.json").read_text())
    doc["rules"] = rules
    return Controller(Table.start(scenario_mod.load(doc)))


def mode_buttons(c: Controller) -> list[tuple[str, str, str]]:
    """(label, rule-set id, aria-pressed) of the fighter card's mode buttons."""
    root = ET.fromstring(f"<div>{c._panel()}</div>")
    return [(b.text or "", b.get("data-arg") or "", b.get("aria-pressed") or "")
            for b in root.iter("button") if b.get("data-action") == "mode"]


def test_one_mode_shows_no_mode_buttons() -> None:
    """A battlefield of one rule set looks as it always did: no mode buttons on the card."""
    c = staircase(["levels"])
    c.click_fighter("warden")
    assert [m.rule_id for m in c.modes] == ["levels"] and mode_buttons(c) == []


def test_the_card_offers_every_mode_and_choosing_one_switches(tally: None) -> None:
    """Two rule sets: both card actions on the card, the first (levels) active; choosing the tally switches the
    mode, keeps the fighter selected, and a click on another fighter is now the tally's."""
    c = staircase(["levels", "tally"])
    c.click_fighter("warden")
    assert mode_buttons(c) == [("Melee across levels", "levels", "true"), ("Count heads", "tally", "false")]
    up = c.panel_action("mode", "tally")
    assert c.mode.rule_id == "tally" and c.selected == "warden"
    assert up.status.startswith("Warden selected on ")
    assert mode_buttons(c) == [("Melee across levels", "levels", "false"), ("Count heads", "tally", "true")]
    up = c.click_fighter("step-1")
    assert up.status == f"{isolate(c.table.name('step-1'))} counted: 1."
    assert 'class="tally-mark"' in c.drawn_overlay()
    c.panel_action("mode", "levels")
    up = c.click_fighter("step-1")
    assert up.status.startswith("Warden and ") and 'class="tally-mark"' not in c.drawn_overlay()


def test_an_unknown_mode_is_refused(tally: None) -> None:
    """A mode the battlefield does not name changes nothing."""
    c = staircase(["levels", "tally"])
    c.click_fighter("warden")
    assert c.panel_action("mode", "height").status == "No such mode on this battlefield."
    assert c.mode.rule_id == "levels" and c.selected == "warden"


def test_a_mode_is_registered_once() -> None:
    """The page's registry refuses a second mode for a rule set that has one."""
    with pytest.raises(ValueError, match="a mode is registered for rule set 'levels' already"), \
            modes.adding("levels", TallyMode):
        pass
