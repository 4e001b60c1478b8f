"""The caps and the budget agree: whatever loads can be saved and exported, and whatever exports imports.

Source: issue 5 ("Export makes a file that Import refuses": an accepted 1.6 M-char battlefield exported at
2.57 M chars; "The import size limit applies to the canonical form that Export writes, so whatever loads
also saves and re-exports"; "Whatever Vertigo exports, it imports: a test round-trips the largest accepted
battlefield").
"""

from __future__ import annotations

import pytest

from vertigo import scenario
from vertigo.errors import ScenarioError
from vertigo.limits import (
    MAX_BORDERS,
    MAX_ENTRIES,
    MAX_FIGHTERS,
    MAX_LOG,
    MAX_NAME,
    MAX_SCENARIO_CHARS,
    MAX_SECTIONS,
    TABLE_BUDGET,
    utf16_length,
)
from vertigo.rules.height.rules import play as height_play
from vertigo.stand import Stand
from vertigo.storage import TableEncoder, restore
from vertigo.table import Table


def cap_document(pad: int) -> dict:
    """A battlefield at every count cap: MAX_SECTIONS sections (40-character ids, long names) in a grid with
    MAX_BORDERS borders, MAX_FIGHTERS fighters with MAX_ENTRIES Move entries and actions each, the first
    ``pad`` action names grown to MAX_NAME characters."""
    cols = 40
    sections = [{"id": f"s{i:039d}", "name": f"Section {i} " + "n" * 60, "elevation": (i * 7) % 21 - 10,
                 "x": [i % cols, i % cols + 0.9]} for i in range(MAX_SECTIONS)]
    borders = []
    for i in range(MAX_SECTIONS):
        for j in (i + 1, i + cols, i + cols + 1, i + cols - 1):
            if j < MAX_SECTIONS and len(borders) < MAX_BORDERS and (j != i + 1 or (i + 1) % cols):
                borders.append([sections[i]["id"], sections[j]["id"]])
    fighters = []
    k = 0
    for f in range(MAX_FIGHTERS):
        actions = []
        for a in range(MAX_ENTRIES):
            name = ("A" * MAX_NAME) if k < pad else f"Bow{a}"
            k += 1
            actions.append(f"{name}, range 3")
        fighters.append({"id": f"f{f}", "name": f"Fighter {f}", "side": "Red" if f % 2 else "Blue",
                         "section": sections[f]["id"],
                         "moves": [f"Move {m + 1} (Height 2)" for m in range(MAX_ENTRIES)],
                         "actions": actions})
    return {"vertigo": 1, "title": "At the caps", "units": "height", "dice_seed": 3,
            "sections": sections, "borders": borders, "fighters": fighters}


@pytest.fixture(scope="module")
def largest() -> tuple[dict, scenario.Scenario]:
    """The cap document with every text at its longest and every border drawn at an explicit x with many
    decimals: at these count caps the largest battlefield there is (it stays under MAX_SCENARIO_CHARS)."""
    doc = cap_document(MAX_FIGHTERS * MAX_ENTRIES)
    doc["title"] = "T" * MAX_NAME
    for f in doc["fighters"]:
        f["name"], f["side"] = "F" * (MAX_NAME - len(f["id"])) + f["id"], "S" * MAX_NAME
    doc["borders"] = [{"between": b, "x": -99999.123456789} for b in doc["borders"]]
    return doc, scenario.load(doc)


def test_the_largest_accepted_battlefield_exports_a_file_that_imports_again(largest):
    """Issue 5: "Whatever Vertigo exports, it imports" — with every fighter moved to the section with the
    longest id, Export's text is within MAX_SCENARIO_CHARS and imports to the same battlefield."""
    _, sc = largest
    assert scenario.export_size(sc) <= MAX_SCENARIO_CHARS
    longest = max(sc.field.sections, key=lambda s: len(s.id)).id
    moved = {f.id: Stand(longest, None) for f in sc.fighters}
    text = scenario.dumps(sc, moved)
    assert utf16_length(text) <= scenario.export_size(sc)
    again = scenario.loads(text)
    assert [f.id for f in again.fighters] == [f.id for f in sc.fighters]
    assert all(f.section == longest for f in again.fighters)
    assert again.field == sc.field


def test_a_battlefield_over_the_canonical_size_is_refused_with_its_size(largest, monkeypatch):
    """Issue 5: the import limit applies to the canonical form: the message names it and the limit (shown
    with the limit set just under this battlefield's size)."""
    doc, sc = largest
    size = scenario.export_size(sc)
    monkeypatch.setattr(scenario, "MAX_SCENARIO_CHARS", size - 1)
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    assert info.value.problems == (
        f"document: as Export writes it (every fighter on the section with the longest id), this battlefield "
        f"takes {size} characters; at most {size - 1} are allowed, so that it can always be saved, exported and "
        "imported again",)


def test_the_largest_battlefield_saves_within_the_budget_and_restores(largest):
    """Issue 5: "Keep the saved table within one budget": the largest accepted battlefield, with a full log,
    saves within TABLE_BUDGET and restores."""
    _, sc = largest
    table = Table.start(sc)
    verdicts = height_play.attack(table, "f0", "f1")
    for i in range(MAX_LOG):
        table = table.note_verdict(f"check {i} " + "x" * 300, verdicts)
    text = TableEncoder().encode(table)
    assert utf16_length(text) <= TABLE_BUDGET
    again = restore(text)
    assert again.positions == table.positions and again.log[-1] == table.log[-1]


@pytest.mark.parametrize(("text", "units"), [
    ("", 0), ("Middle terrace", 14), ("é", 1), ("Kestrel \U0001F985", 10), ("\ud800", 1), ("a\U00010000\ud83d", 4)])
def test_utf16_length_counts_code_units_as_a_browsers_storage_does(text: str, units: int) -> None:
    """Storage budgets (vertigo.limits): ASCII is counted without encoding, anything else by its UTF-16 encoding —
    a character beyond U+FFFF is two units, a lone surrogate one."""
    assert utf16_length(text) == units
    assert utf16_length(text) == len(text.encode("utf-16-le", "surrogatepass")) // 2
