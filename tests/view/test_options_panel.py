"""The options table and the rule tags' glossary in the side panel (issue 7: "Every option at a border";
"rule tags (H2, H5, H8) are never explained on the page (link each to its rule)").

Source: ``000_519d8b8e373365db.txt`` › Combat (Move entries with a Height, Fly, Phase, Teleport), rulings
H2–H4, H8; ``vertigo.rule_tags`` (the glossary's one source).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from vertigo import scenario as scenario_mod
from vertigo.rule_tags import RULE_TAGS
from vertigo.rules.height.mode import OPTIONS_AUTO_WORK
from vertigo.rules.height.rules.options import judge_options
from vertigo.rules.height.view import options_table
from vertigo.table import Table
from vertigo_page.controller import Controller
from vertigo_view.panels import glossary, rule_tags, to_html

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"


def controller(name: str = "cliff.json") -> Controller:
    return Controller(Table.start(scenario_mod.loads((SCENARIOS / name).read_text())))


def parse(panel: str) -> ET.Element:
    return ET.fromstring(f"<div>{panel}</div>")


def by_testid(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("data-testid") == name]


def text(e: ET.Element) -> str:
    return "".join(e.itertext())


def grid(root: ET.Element) -> list[list[str]]:
    (t,) = by_testid(root, "options-table")
    return [[text(cell) for cell in tr] for tr in t.iter("tr")]


def test_selecting_the_blinker_compares_its_three_entries_at_every_section() -> None:
    """H2: Move 2 (Height 0) cannot climb from the foot of the cliff; H4: Teleport 4 reaches any section
    within 4 steps whose net change in Height is at most 4; Phase 2 only the boulder (1 step, Height 1)."""
    c = controller()
    up = c.click_fighter("blinker")
    root = parse(up.panel)
    assert grid(root) == [
        ["Section", "Move 2", "Teleport 4", "Phase 2"],
        ["Cliff top", "no H2", "safe H4", "no H4"],
        ["Boulder", "no H2", "safe H4", "safe H4"],
        ["Spire", "no H2", "safe H4", "no H4"],
        ["Ravine", "no H2", "safe H4", "no H4"],
        ["Far bank", "no H2", "safe H4", "no H4"],
    ]
    (t,) = by_testid(root, "options-table")
    assert text(t.find("caption")) == ("Blinker: 5 sections reachable with 3 Move entries. Each cell: that move's "
                                       "verdict — no, safe, or the falling dice.")
    assert [th.get("scope") for th in t.iter("th")] == ["col"] * 4 + ["row"] * 5
    (wrap,) = [e for e in root.iter() if e.get("class") == "options-wrap"]
    assert (wrap.get("role"), wrap.get("tabindex")) == ("region", "0")  # scrolls on its own, by keyboard too


def test_falls_show_their_dice_and_each_cell_is_the_clicks_verdict() -> None:
    """H2/H8: the kestrel's Move 1 down the Height 3 cliff falls 3d6; Fly 3 ignores Height (H4). A click on
    the foot of the cliff with Move 1 gives the same answer."""
    c = controller()
    root = parse(c.click_fighter("kestrel").panel)
    rows = grid(root)
    assert rows[0] == ["Section", "Move 1", "Fly 3"]
    assert ["Foot of the cliff", "3d6 H2", "safe H4"] in rows
    (cell,) = [td for td in root.iter("td") if td.get("data-entry") == "0" and "falls" in td.get("class", "")]
    assert text(cell) == "3d6 H2"
    assert c.click_section("cliff-foot").status == "Move to Foot of the cliff: Allowed: falls, 3d6: 3–18, mean 10.5"


def test_after_a_move_the_options_are_from_where_the_fighter_now_stands() -> None:
    """H3 from the new section: the goat, after its 1d6 drop, compares from the foot of the cliff."""
    c = controller()
    c.click_fighter("goat")
    c.click_section("cliff-foot")
    up = c.panel_action("confirm")
    assert c.mode.options(c) is not None and c.mode.options(c).start == "cliff-foot"
    assert grid(parse(up.panel)) == [["Section", "Move 1 (Height 2)"], ["Boulder", "safe H2"]]


def test_no_options_without_a_selected_height_fighter() -> None:
    """Before a selection the panel keeps its hint; a levels battlefield has no Move entries (no table)."""
    c = controller()
    assert by_testid(parse(c.show().panel), "options") == []
    lv = controller("staircase.json")
    up = lv.click_fighter(lv.table.scenario.fighters[0].id)
    assert not hasattr(lv.mode, "options") and by_testid(parse(up.panel), "options") == []


def test_a_fighter_that_reaches_nothing_says_so() -> None:
    """H2: Ada's Move 2 cannot climb the Height 1 border beside her (The four shots)."""
    c = controller("four-shots.json")
    root = parse(c.click_fighter("shooter-1").panel)
    (none,) = by_testid(root, "options-none")
    assert text(none) == "No Move entry of Ada reaches another section from Lower terrace."


def test_hostile_names_come_out_as_text() -> None:
    """Panel HTML escapes every user string: a section and a fighter named with markup stay text."""
    doc = json.loads((SCENARIOS / "cliff.json").read_text())
    doc["sections"][2]["name"] = '<img src=x onerror="alert(1)">'
    doc["fighters"][0]["name"] = "<b>Goat</b>"
    t = Table.start(scenario_mod.load(doc))
    html = to_html(options_table(t, judge_options(t, "goat")))
    assert "<img" not in html and "<b>" not in html
    assert '<th scope="row">&lt;img src=x onerror="alert(1)"&gt;</th>' in html
    assert "<caption>&lt;b&gt;Goat&lt;/b&gt;: 2 sections reachable" in html


def test_every_rule_tag_links_to_its_glossary_entry_on_the_page() -> None:
    """Issue 7: each tag is a link to an in-page glossary entry (``#rule-h5``), described by its statement;
    the glossary lists every entry of :data:`vertigo.rule_tags.RULE_TAGS`, in its order."""
    c = controller("four-shots.json")
    c.click_fighter("shooter-3")
    root = parse(c.click_fighter("target-3").panel)  # the third shot: blocked by the ridge (H5), the Dagger (H6)
    # The glossary is written once under the panel (py/app.py writes panels.glossary() into #rules).
    rules = parse(to_html(glossary()))
    ids = {e.get("id") for tree in (root, rules) for e in tree.iter() if e.get("id")}
    links = [a for a in root.iter("a") if "rule-link" in a.get("class", "")]
    assert {text(a) for a in links} == {"H5", "H6", "H14"}  # H14: no clear line
    for a in links:
        entry = RULE_TAGS[text(a)]
        assert a.get("href") == f"#rule-{entry.tag.lower()}" and a.get("href")[1:] in ids
        assert a.get("aria-describedby") == f"rule-{entry.tag.lower()}-text" and a.get("aria-describedby") in ids
        assert a.get("title") == f"{entry.tag} {entry.title}: {entry.statement}"
    assert by_testid(root, "glossary") == []
    (listed,) = by_testid(rules, "glossary")
    assert listed.tag == "details" and text(listed.find("summary")) == "Rules: what each tag means"
    assert [li.get("id") for li in listed.iter("li")] == [f"rule-{t.lower()}" for t in RULE_TAGS]
    h5 = next(li for li in listed.iter("li") if li.get("id") == "rule-h5")
    assert text(h5) == ("H5 Ranged actions: Range needed = max(steps, |net Height change|); blocked by a section "
                        "between that stands higher than both ends. Source: 000_519d8b8e373365db.txt › Height and "
                        "Range; docs/rules.md#h5-ranged-actions-range-needed-and-blocking.")


def test_a_step_citing_two_rulings_links_each() -> None:
    """G2, G6: the warden against the climber 4 steps up — a hit-location line cites the band and the location
    table; both are links."""
    c = controller("staircase.json")
    c.click_fighter("warden")
    root = parse(c.click_fighter("step-4").panel)  # 2.67 ft: up to 3 ft, the 2-ft band's location modifiers
    spans = [s for s in root.iter("span") if s.get("class") == "rule" and text(s) == "G2, G6"]
    assert spans and [text(a) for a in spans[0].iter("a")] == ["G2", "G6"]


def test_an_unknown_tag_stays_plain_text_beside_known_ones() -> None:
    """No dead links: only ids of :data:`vertigo.rule_tags.RULE_TAGS` become links; the text reads as before."""
    li = ET.Element("li")
    span = rule_tags(li, "X1, H2")
    assert text(span) == "X1, H2" and [a.get("href") for a in span.iter("a")] == ["#rule-h2"]
    span = rule_tags(ET.Element("li"), "see the DM")
    assert text(span) == "see the DM" and list(span.iter("a")) == []


def test_many_long_entries_on_a_large_battlefield_wait_for_a_click() -> None:
    """Past OPTIONS_AUTO_WORK (entries × (sections + borders)) the panel offers "Compare all N Move entries";
    the button compares them, and the table stays until another fighter is selected."""
    n = 120
    doc = {"vertigo": 2, "title": "A long road", "dice_seed": 1,
           "sections": [{"id": f"s{i}", "name": f"S{i}", "elevation": i % 3, "x": [i, i + 1]} for i in range(n)],
           "borders": [[f"s{i}", f"s{i + 1}"] for i in range(n - 1)],
           "fighters": [{"id": "f", "name": "Fen", "side": "A", "section": "s0", "actions": [],
                         "moves": ["Move 3", "Fly 2", "Teleport 2", "Phase 1", "Move 1 (Height 2)"] * 4},
                        {"id": "g", "name": "Gil", "side": "A", "section": "s5", "actions": [], "moves": ["Move 1"]}]}
    assert 20 * (n + n - 1) > OPTIONS_AUTO_WORK >= 1 * (n + n - 1)
    c = Controller(Table.start(scenario_mod.load(doc)))
    root = parse(c.click_fighter("f").panel)
    assert c.mode.options(c) is None and by_testid(root, "options-table") == []
    (button,) = by_testid(root, "options-compare")
    assert (text(button), button.get("data-action")) == ("Compare all 20 Move entries", "options")
    up = c.panel_action("options")
    assert up.status == "Fen: 2 sections reachable with 20 Move entries."
    assert grid(parse(up.panel))[0][:3] == ["Section", "Move 3", "Fly 2"]
    c.panel_action("entry", "1")
    assert by_testid(parse(c._panel()), "options-table") != []
    root = parse(c.click_fighter("g").panel)  # a fighter with one entry: compared at once
    assert grid(root)[0] == ["Section", "Move 1"]
