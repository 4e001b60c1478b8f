"""Every panel button's accessible name holds its visible label (WCAG 2.5.3 "Label in Name").

Fault: after a DM override on a levels verdict the button showed "Take back the override" but was named
"Take back the DM override on Warden striking Cedar (4 steps)", so a voice-control user saying what the
button shows found nothing.  A button's ``aria-label`` now starts with its visible text.  The panels are
rendered through the controller for the bundled battlefields: every fighter selected, every section it
may move to judged, every other fighter targeted, and each verdict overridden.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_page.controller import Controller

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
BUNDLED = sorted(p.name for p in SCENARIOS.glob("*.json") if p.name != "index.json")


def controller(name: str) -> Controller:
    c = Controller(Table.start(scenario_mod.loads((SCENARIOS / name).read_text(encoding="utf-8"))))
    c.show()
    return c


def panels(name: str) -> Iterator[str]:
    """The panel's HTML after each step of the walk through one battlefield described above."""
    c = controller(name)
    sc = c.table.scenario
    for f in sc.fighters:
        yield c.select(f.id).panel
        if sc.has_movement:
            for s in sc.field.sections:
                c.select(f.id)
                yield c.click_section(s.id).panel
                if getattr(c.mode, "pending", None) is not None:
                    yield c.panel_action("override", "allow" if not c.mode.pending.allowed else "forbid").panel
                    c.panel_action("take-back")
        for other in sc.fighters:
            if other.id == f.id:
                continue
            c.select(f.id)
            yield c.click_fighter(other.id).panel
            if getattr(c.mode, "levels", None) is not None:
                for d in c.mode.levels.directions:
                    ruling = "forbid" if d.allowed else "allow"
                    yield c.panel_action("override-levels", f"{d.attacker}:{ruling}").panel
            elif getattr(c.mode, "shots", None) is not None:
                for i, v in enumerate(c.mode.shots):
                    yield c.panel_action("override-shot", f"{i}:{'allow' if not v.allowed else 'forbid'}").panel
    c.escape()


def named_buttons(html_text: str) -> list[tuple[str, str]]:
    """(visible text, aria-label) of every button in a panel's HTML that has an aria-label."""
    root = ET.fromstring(f"<div>{html_text}</div>")
    return [(" ".join("".join(b.itertext()).split()), b.get("aria-label", ""))
            for b in root.iter("button") if b.get("aria-label") is not None]


@pytest.mark.parametrize("name", BUNDLED)
def test_every_panel_buttons_accessible_name_contains_its_visible_label(name: str) -> None:
    """WCAG 2.5.3: a button named by ``aria-label`` holds its visible text, whatever the panel shows."""
    seen = {pair for html_text in panels(name) for pair in named_buttons(html_text)}
    assert seen, "the walk rendered no named button"
    assert [(t, label) for t, label in sorted(seen) if t.casefold() not in label.casefold()] == []


def test_taking_back_a_levels_override_is_named_by_its_visible_label_first() -> None:
    """The fault as found: the Warden against Cedar on the staircase, the DM's override, then its button."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    c.click_fighter("step-4")
    assert c.mode.levels is not None
    d = c.mode.levels.directions[0]
    up = c.panel_action("override-levels", f"{d.attacker}:{'allow' if not d.allowed else 'forbid'}")
    assert ("Take back the override", "Take back the override: DM override on Warden striking Cedar (4 steps)") \
        in named_buttons(up.panel)


def test_taking_back_an_action_override_is_named_by_its_visible_label_first() -> None:
    """The same on an action's verdict (H5/H7): Ada's Shortbow against Bandit 1, overridden."""
    c = controller("four-shots.json")
    c.click_fighter("shooter-1")
    c.click_fighter("target-1")
    up = c.panel_action("override-shot", "0:forbid")
    assert ("Take back the override", "Take back the override: DM override on Shortbow, range 3") \
        in named_buttons(up.panel)
