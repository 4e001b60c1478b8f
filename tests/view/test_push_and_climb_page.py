"""The push (H12) and the climb (H9) on the page's controller: what Push… and a climb clear, what the view marks
while they are set up (issue 23, "Push on the fighter card asks for N and then the destination")."""

from __future__ import annotations

import json
from pathlib import Path

from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_page.controller import Controller

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"


def controller() -> Controller:
    return Controller(Table.start(scenario_mod.load(json.loads((SCENARIOS / "tower-and-wood.json").read_text()))))


def test_push_drops_the_move_verdict_on_show_so_its_buttons_cannot_act_during_the_push():
    """A fresh user judged a move, pressed Push…, then the old verdict's DM override turned it into a move the
    push box sat over: Push… now clears the move verdict and the move shading (every section is a push target)."""
    c = controller()
    c.click_fighter("hunter")
    c.click_section("rocks", None)
    assert c.mode.pending is not None and c._highlights().reachable
    up = c.panel_action("push-start", None)
    assert c.mode.pending is None and "Move to" not in up.panel and 'data-action="override"' not in up.panel
    hl = c._highlights()
    assert (hl.placing, dict(hl.reachable)) == (True, {})


def test_a_push_judged_then_cancelled_leaves_no_verdict_and_a_move_then_judges_normally():
    """Cancel the push: nothing of it stays; the next click on a section judges a move with the Move entry."""
    c = controller()
    c.click_fighter("hunter")
    c.panel_action("push-start", None)
    c.click_section("wood", None)
    assert c.mode.push is not None
    assert c.panel_action("push-cancel", None).status == "Cancelled."
    assert (c.mode.push, c.mode.push_steps) == (None, None)
    up = c.click_section("rocks", None)
    assert up.status.startswith("Move to Rocks:")


def test_the_climb_question_marks_the_obstacle_being_climbed():
    """H9: while the referee is asked whether the Reaction took effect, the view marks the crossing Ditch →
    Rampart (the route), so the wall being climbed is plain."""
    c = controller()
    c.click_fighter("climber")
    wall = next(i for i, b in enumerate(c.table.scenario.field.borders) if b.id == "wall")
    c.panel_action("climb", f"climb:{wall}")
    assert c._highlights().route == ("ditch", "rampart")
