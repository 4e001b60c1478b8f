"""The explanation wording issue 7 asked for, as the page's panels render it (core text, shown unchanged).

H5 and H6 (``000_519d8b8e373365db.txt`` › Height and Range): a range-0 action reaches only its own section, so
its summary names that rule, not "blocked"; sight and range are two conditions, and a blocked line is never
called "enough"; an action judged by its Reach names Reach.  H4 (› Combat, "The special movement type Fly
ignores Height values"): a Fly crossing downward says why there is no fall.  H2: a fighter's Height property
is shown on its card.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_page.controller import Controller

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"


def controller(name: str) -> Controller:
    return Controller(Table.start(scenario_mod.loads((SCENARIOS / name).read_text())))


def step_texts(el: ET.Element) -> list[str]:
    """Each explanation step as shown: ``"[H5] …"`` (the rule tag and the step's text of one ``li``)."""
    out = []
    for ol in el.iter("ol"):
        for li in ol.iter("li"):
            rule, text = (("".join(span.itertext())) for span in li.iter("span"))
            out.append(f"[{rule}]{text}")
    return out


def shots(panel: str) -> list[tuple[str, list[str]]]:
    """(summary, steps) of each action the panel shows."""
    root = ET.fromstring(f"<div>{panel}</div>")
    out = []
    for div in root.iter("div"):
        if div.get("data-testid") == "shot":
            summary = "".join(next(p for p in div.iter("p") if p.get("class") == "summary").itertext())
            out.append((summary, step_texts(div)))
    return out


def test_a_blocked_shot_says_blocked_before_the_range_and_never_enough() -> None:
    """H5: Cleo's Shortbow at Bandit 3 across the Ridge: the line named, Blocked, then the range — no "enough"."""
    c = controller("four-shots.json")
    c.click_fighter("shooter-3")
    bow, sling, dagger = shots(c.click_fighter("target-3").panel)
    assert bow == ("Shortbow, range 3: cannot reach (needs range 2, blocked)", [
        "[H5] Far hollow is d = 2 steps from Near bank along Near bank → Ridge → Far hollow; Height changes across "
        "the borders: 1 then -2; net Δh = -1.",
        "[H5] Blocked: Ridge stands at Height 1, higher than both ends (max 0).",
        "[H14] No line of at most 3 steps from Near bank to Far hollow is clear; the shortest is judged, with its "
        "first blocker.",
        "[H5] Range needed = max(d, |Δh|) = max(2, 1) = 2; Shortbow has range 3, but the line is blocked: no range "
        "reaches past it."])
    assert not any("enough" in step for _, steps in (bow, sling) for step in steps)
    # H6: the Dagger (range 0) is out of reach by the range-0 rule alone; its summary does not say "blocked".
    assert dagger == ("Dagger, range 0: cannot reach (range 0: its own section only)", [
        "[H6] Dagger, range 0: a range 0 action without Reach reaches only its own section; the target is 2 steps "
        "away."])


def test_an_action_judged_by_its_reach_names_reach() -> None:
    """H6: "An action with Reach r (bare "Reach" = 1) is judged like a ranged action of range r": the Spear
    (range 0, Reach) at the Ogre one border of Height 1 up says Reach 1, not a bare number."""
    c = controller("cliff.json")
    c.click_fighter("spearman")
    spear, javelin = shots(c.click_fighter("ogre").panel)
    assert spear[1][0] == "[H6] Spear, range 0, Reach: Reach 1 is judged like a ranged action of range 1."
    assert spear[1][-1] == "[H5] Range needed = max(d, |Δh|) = max(1, 1) = 1; Spear has Reach 1 — enough."
    assert javelin[1][-1] == "[H5] Range needed = max(d, |Δh|) = max(1, 1) = 1; Javelin has range 2 — enough."


def test_a_fly_crossing_downward_says_why_there_is_no_fall() -> None:
    """H4: "Fly ignores Height values": the Kestrel's Fly 3 down the cliff (Height 3) says why it does not fall,
    as a Move says "no fall (Move Height covers it)"."""
    c = controller("cliff.json")
    c.click_fighter("kestrel")
    c.panel_action("entry", "1")
    up = c.click_section("cliff-foot")
    steps = step_texts(ET.fromstring(f"<div>{up.panel}</div>"))
    assert "[H4] Cliff top → Foot of the cliff: down Height 3 — flies down, no fall (Fly ignores Height)." in steps


def test_a_fighter_with_a_height_property_shows_it_on_its_card() -> None:
    """H2: "If an entity gains a Height property, it applies to any of their Moves that don't have other Height
    values listed": the Climber's card says Height property 1 (it once crashed on the exact number)."""
    c = controller("cliff.json")
    panel = c.click_fighter("climber").panel
    assert "Height property 1 (H2: applies to its Moves that list no Height)" in panel
