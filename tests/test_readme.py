"""The README is a referee's guide: short, its example battlefield loads and says what the README says, and
its links lead somewhere.

Source: issue 21 ("The README is a user's guide of at most 12,288 bytes (a test checks it) ... how to write a
battlefield, with a small complete example and a link to the format's reference").
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_BYTES = 12_288

sys.path.insert(0, str(ROOT / "py"))
from vertigo import ask  # noqa: E402


def _example() -> dict[str, Any]:
    """The README's one JSON block: the battlefield it tells the referee to import."""
    blocks = re.findall(r"```json\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, f"the README should hold one JSON example, it holds {len(blocks)}"
    return json.loads(blocks[0])


def test_the_readme_fits_in_12_kb() -> None:
    """Issue 21: at most 12,288 bytes, so a referee reads it in five minutes."""
    size = len(README.read_bytes())
    assert size <= MAX_BYTES, f"README.md is {size} bytes; at most {MAX_BYTES}"


def test_the_example_battlefield_falls_as_the_readme_says() -> None:
    """README, *Build your own battlefield*: "Select the Scout and click the Yard: Move 1 (Height 1) drops
    Height 2, a fall of Height 1 (1d6)" — H2 (a fall of max(0, H − h)) and H8 (1d6 per Height)."""
    answer = ask.answer({"ask": "move", "scenario": _example(), "fighter": "scout", "entry": 0, "to": "yard"})
    assert answer["allowed"] is True
    assert answer["crossings"] == [{"from": "ledge", "to": "yard", "rise": -2, "fall": 1, "dice": 1}]
    assert answer["fall_dice"] == 1


def test_the_example_shots_reach_as_the_readme_says() -> None:
    """README: "the Sling needs range 3 (Height 3 up), so it does not reach; the Archer's Longbow reaches the
    Scout" — H5: range needed = max(d, |Δh|) = max(1, 3) = 3."""
    doc = _example()
    sling = ask.answer({"ask": "attack", "scenario": doc, "fighter": "scout", "target": "archer"})["actions"]
    assert [(a["name"], a["range_needed"], a["reaches"]) for a in sling] == [("Sling", 3, False)]
    bow = ask.answer({"ask": "attack", "scenario": doc, "fighter": "archer", "target": "scout"})["actions"]
    assert [(a["name"], a["reaches"]) for a in bow] == [("Longbow", True), ("Knife", False)]


def test_every_link_of_the_readme_leads_to_a_file_of_the_repository() -> None:
    """The README's links to ``docs/`` and its pictures name files that exist (an anchor is not checked)."""
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text) + re.findall(r'src="([^"]+)"', text)
    local = [t for t in targets if not re.match(r"[a-z]+:", t)]
    assert local, "the README links no file of its own"
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing, f"the README links files that do not exist: {missing}"
