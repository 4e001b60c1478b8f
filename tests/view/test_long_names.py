"""Issue 22: an 80-character name (legal, ``MAX_NAME``) is drawn cut in the panel and the status line
(:func:`vertigo_view.panels.long_names`), never in a tag or an attribute, and with its whole text kept."""

from __future__ import annotations

import json
from pathlib import Path

from vertigo import scenario as scenario_mod
from vertigo_view.panels import LONG_NAME, long_names

CLIFF = Path(__file__).resolve().parents[2] / "static" / "scenarios" / "cliff.json"
LONG = "Foot & the" + "x" * 70


def _cliff(foot: str) -> scenario_mod.Scenario:
    doc = json.loads(CLIFF.read_text())
    for s in doc["sections"]:
        if s["id"] == "cliff-foot":
            s["name"] = foot
    return scenario_mod.load(doc)


def test_a_name_over_24_characters_is_wrapped_in_text_and_left_alone_in_attributes() -> None:
    """The 80-character foot of the cliff, escaped as HTML text writes it ("&amp;"), is wrapped where it is text
    (a heading, the status line) with the whole name as the tooltip, and left as it is inside an attribute."""
    sc = _cliff(LONG)
    name = "Foot &amp; the" + "x" * 70
    html = f'<h2 aria-label="Move to {name}">Move to {name}</h2>'
    assert long_names(html, sc) == (f'<h2 aria-label="Move to {name}">Move to <span class="long-name" '
                                    f'title="{name}">{name}</span></h2>')


def test_a_battlefield_without_long_names_gets_its_text_back_as_it_was() -> None:
    """Names of 24 characters or fewer (every bundled battlefield's) are shown whole: the same string comes back."""
    sc = _cliff("y" * LONG_NAME)
    html = f"<p>Move to {'y' * LONG_NAME}: Allowed</p>"
    assert LONG_NAME == 24
    assert long_names(html, sc) is html
