"""Proof of the seam: a rule set that lives only under ``tests/seam/`` plugs in beside ``levels`` with no file
outside its folder changed.

Source: issue 19, "a test-only rule set under ``tests/`` declares one fighter field, one option, one piece of
fighter state, one question, one mode with one card action, and one mark. The test registers it itself, in
both registries, and no file outside its folder changes. It then loads a battlefield that names the test
rule set together with ``levels``, asks the new question through ``ask``, switches modes from the card,
clicks through the controller, draws the mark, and exports and imports the table again."
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from lantern.mode import LanternMode
from lantern.rules import HOODED, LANTERN, NIGHT, RULE_SET

from vertigo import ask, scenario
from vertigo.errors import ScenarioError
from vertigo.rules import REGISTRY
from vertigo.table import Table
from vertigo_page import modes
from vertigo_page.controller import Controller

DOC = {
    "vertigo": 2, "title": "Night watch", "units": "feet", "rules": ["levels", "lantern"],
    "options": {"night": True, "lantern_range": 20},
    "sections": [{"id": "yard", "name": "Yard", "elevation": 0, "x": [0, 20]},
                 {"id": "wall", "name": "Wall walk", "elevation": 8, "x": [20, 30], "kind": "slab"}],
    "borders": [["yard", "wall"]],
    "fighters": [{"id": "watch", "name": "Watchman", "side": "Town", "section": "wall", "sm": 0,
                  "weapons": ["Spear, reach 1,2"], "lantern": True},
                 {"id": "thief", "name": "Thief", "side": "Guild", "section": "yard",
                  "weapons": ["Knife, reach C"]}],
}


@pytest.fixture
def registered() -> Iterator[None]:
    """The lantern rule set in the core's registry and its mode in the page's, for one test."""
    with REGISTRY.adding(RULE_SET), modes.adding(RULE_SET.id, LanternMode):
        yield


def test_unregistered_the_battlefield_is_refused_at_its_rule_set():
    """Nothing outside ``tests/seam/`` knows the rule set: without registering it, naming it is refused."""
    with pytest.raises(ScenarioError) as info:
        scenario.load(DOC)
    assert info.value.problems[0].startswith("rules[1]: must be one of height, levels, terrain, jumping:")


def test_its_field_option_and_state_are_read_from_its_declarations(registered):
    """Issue 19: one fighter field (``lantern``), one option (``night``), one piece of state (``hooded``)."""
    sc = scenario.load(DOC)
    assert sc.rules == ("levels", "lantern")
    assert [f[LANTERN] for f in sc.fighters] == [True, False]
    assert sc.option(NIGHT.key) is True
    assert Table.start(sc).state("watch", HOODED) is False
    with pytest.raises(ScenarioError) as info:
        scenario.load({**DOC, "fighters": [{**DOC["fighters"][0], "lanterm": True}, DOC["fighters"][1]]})
    assert info.value.problems == ('fighters[0]: unknown key "lanterm"; did you mean "lantern"?',)


def test_its_question_is_asked_through_ask(registered):
    """Issue 19: "asks the new question through ask" — and the levels question still answers beside it."""
    seen = ask.answer({"scenario": DOC, "ask": "seen", "fighter": "thief", "target": "watch"})
    assert seen == {"ask": "seen", "fighter": "thief", "target": "watch", "seen": True, "summary": "seen",
                    "rules": ["L1"], "explanation": ["[L1] At night; Watchman carries a lantern, not hooded.",
                                                    "[L1] Watchman is 15 away; a lantern lights 20: within it."]}
    dark = ask.answer({"scenario": DOC, "ask": "seen", "fighter": "watch", "target": "thief"})
    assert (dark["seen"], dark["explanation"]) == (False, ["[L1] At night; Thief carries no lantern."])
    levels = ask.answer({"scenario": DOC, "ask": "levels", "fighter": "watch", "target": "thief"})
    assert levels["ask"] == "levels" and levels["rules"]


def test_the_card_switches_modes_the_controller_clicks_and_the_mark_is_drawn(registered):
    """Issue 19: "switches modes from the card, clicks through the controller, draws the mark"; the card
    offers every named rule set's card action, and choosing one switches the mode."""
    c = Controller(Table.start(scenario.load(DOC)))
    c.show()
    up = c.click_fighter("thief")
    assert 'data-action="mode" data-arg="levels"' in up.panel
    assert 'data-action="mode" data-arg="lantern"' in up.panel
    c.panel_action("mode", "lantern")
    up = c.click_fighter("watch")
    assert up.status == "watch: seen."
    assert 'data-testid="lantern-verdict"' in up.panel
    assert 'class="lantern-light"' in c.drawn_overlay() and 'data-fighter="watch"' in c.drawn_overlay()
    c.panel_action("mode", "levels")
    up = c.click_fighter("watch")
    assert "levels judged" in c.table.log[-1].text


def test_its_state_is_undone_exported_and_imported_again(registered):
    """Issue 19: the table saves, undoes and exports the rule set's per-fighter state; "exports and imports
    the table again"."""
    c = Controller(Table.start(scenario.load(DOC)))
    c.show()
    c.click_fighter("watch")
    c.panel_action("mode", "lantern")
    c.click_fighter("thief")
    c.panel_action("hood", None)
    assert c.table.state("watch", HOODED) is True
    assert 'class="lantern-light"' not in c.drawn_overlay()
    saved = c.saved()
    assert Controller.restore(saved).state("watch", HOODED) is True
    exported = json.loads(c.export_text())
    assert exported["fighters"][0]["hooded"] is True and exported["rules"] == ["levels", "lantern"]
    c.import_text(c.export_text(), "night-watch.json")
    assert c.table.state("watch", HOODED) is True
    c.undo()  # the import
    c.undo()  # the hood
    assert c.table.state("watch", HOODED) is False
