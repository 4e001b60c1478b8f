"""The side view renderer: parse the SVG and check its structure, not its bytes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from vertigo import scenario as scenario_mod
from vertigo.rules.height.rules import play as height_play
from vertigo.table import Table
from vertigo_view.side_view import Highlights, render, render_overlay

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
NS = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(1)</script>"


def table(name: str = "cliff.json", **changes: object) -> Table:
    doc = json.loads((SCENARIOS / name).read_text())
    doc.update(changes)
    return Table.start(scenario_mod.load(doc))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


@pytest.mark.parametrize("name", ["four-shots.json", "cliff.json", "ruined-street.json"])
def test_one_element_per_section_border_and_fighter_with_stable_ids(name: str) -> None:
    """Every section, border and fighter is drawn once, with an id derived from its own id."""
    t = table(name)
    root = parse(render(t))
    sections = by_class(root, "section")
    assert sorted(e.get("data-section") for e in sections) == sorted(s.id for s in t.scenario.field.sections)
    assert all(e.get("id") == f"section-{e.get('data-section')}" for e in sections)
    fighters = by_class(root, "fighter")
    assert sorted(e.get("data-fighter") for e in fighters) == sorted(f.id for f in t.scenario.fighters)
    assert len(by_class(root, "border")) == len(t.scenario.field.borders)


def test_each_border_is_labelled_with_its_height() -> None:
    """H1: the Height of a border is the difference of the two elevations — the cliff edge is H3."""
    root = parse(render(table()))
    border = root.find(f".//{NS}g[@id='border-cliff-top--cliff-foot']")
    assert border is not None
    assert border.get("data-height") == "3"
    tag = root.find(f".//{NS}g[@id='labels']/{NS}g/{NS}g[@data-border='cliff-top|cliff-foot']")
    assert tag is not None and [t.text for t in tag.iter(f"{NS}text")] == ["H3"]
    ravine = root.find(f".//{NS}g[@id='border-spire--ravine']")
    assert ravine is not None and ravine.get("data-height") == "6"


def test_a_border_between_sections_at_the_same_height_keeps_its_line_and_title_but_has_no_h0_tag() -> None:
    """Product owner's list, "No H0 tags": the six Height 0 borders of Ruined street draw their line and keep
    their accessible title, and no tag; the Height 1+ borders keep theirs."""
    root = parse(render(table("ruined-street.json")))
    flat = [g for g in by_class(root, "border") if g.get("data-height") == "0"]
    assert [g.get("id") for g in flat] == [
        "border-west-gate--market-west", "border-market-east--bakery-floor", "border-bakery-floor--street",
        "border-pavement--tower-base", "border-tower-1--wall-walk", "border-tower-base--alley"]
    assert all(g.get("class") == "border flat" for g in flat)
    assert [[e.tag.removeprefix(NS) + ("." + e.get("class", "") if e.get("class") else "") for e in g]
            for g in flat] == [["title", "line.border-line"]] * 6
    assert flat[0].find(f"{NS}title").text == "Border West gate – Market, west side: Height 0"  # type: ignore[union-attr]
    line = flat[0].find(f"{NS}line")
    assert line is not None and (line.get("y1"), line.get("y2")) == ("-6.0", "6.0")
    labels = [e.text for e in by_class(root, "border-label")]
    assert "H0" not in labels
    assert len(labels) == len(by_class(root, "border-tag")) == len(by_class(root, "border")) - 6


def test_stacked_slab_is_drawn_above_the_ground_it_covers() -> None:
    """The overhang (Height 5) is a slab drawn higher (smaller y) than the cliff top (Height 3) below it."""
    root = parse(render(table()))
    over = root.find(f".//{NS}g[@data-section='overhang']")
    top = root.find(f".//{NS}g[@data-section='cliff-top']")
    assert over is not None and top is not None
    assert "slab" in over.get("class", "")
    y_over = float(over.find(f"{NS}rect[@class='body']").get("y"))  # type: ignore[union-attr]
    y_top = float(top.find(f"{NS}rect[@class='body']").get("y"))  # type: ignore[union-attr]
    assert y_over == -5 * 40 and y_top == -3 * 40


def test_reachable_sections_carry_their_minimum_falling_dice() -> None:
    """H3: highlight every reachable section with its minimum falling dice."""
    t = table()
    reach = height_play.routes(t, "goat", 0)
    hl = Highlights(selected="goat", reachable={s: r.dice for s, r in reach.items()})
    root = parse(render_overlay(t, hl))
    marked = {e.get("data-section"): e.get("class") for e in by_class(root, "reachable")}
    assert marked == {"cliff-foot": "reachable dice-1 risky", "overhang": "reachable dice-0 safe"}
    assert len(by_class(root, "selected-ring")) == 1


def test_a_blocked_shot_draws_its_line_and_marks_the_blocking_section() -> None:
    """H5: the line of the shot is drawn and the section that blocks it is marked."""
    t = table("four-shots.json")
    hl = Highlights(selected="shooter-3", target="target-3", shot_ok=False,
                    blocked_by="ridge", shot_path=("bank-near", "ridge", "hollow"))
    root = parse(render(t, hl))
    assert [e.get("class") for e in root.iter(f"{NS}polyline") if "shot" in (e.get("class") or "")] == [
        "shot blocked"]
    assert [e.get("data-section") for e in by_class(root, "blocker")] == ["ridge"]


def test_a_hostile_name_comes_out_as_text(cliff_named: Callable[[str], dict[str, Any]]) -> None:
    """Every user string is escaped: a name like <script>alert(1)</script> is text, never an element."""
    svg = render(Table.start(scenario_mod.load(cliff_named(HOSTILE))))
    root = parse(svg)
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    assert "<script>" not in svg
    texts = [e.text for e in root.iter() if e.text]
    assert f"Side view: {HOSTILE}" in texts and HOSTILE in texts


def test_the_view_has_a_title_and_description_for_screen_readers() -> None:
    """<title>/<desc> give a text alternative; sections and fighters are named buttons."""
    root = parse(render(table()))
    assert root.find(f"{NS}title").text == "Side view: The cliff"  # type: ignore[union-attr]
    assert root.find(f"{NS}desc").text == "7 sections, 6 borders, 7 fighters. Elevations in Height levels."  # type: ignore[union-attr]
    goat = root.find(f".//{NS}g[@data-fighter='goat']")
    assert goat is not None and goat.get("aria-label") == "Mountain goat (Wild) on Cliff top"
    assert goat.get("role") == "button" and goat.get("tabindex") == "0"


def test_a_long_section_name_is_cut_with_an_ellipsis_and_kept_whole_in_its_accessible_name() -> None:
    """Issue 7, "Legible": long names are shortened in the drawing (30 characters at most for a section, 18
    for a fighter: "Dogwood (6 steps)" whole, where 14 cut it to "Dogwood (6 st…"), with the full name in the
    accessible name and tooltip."""
    doc = json.loads((SCENARIOS / "cliff.json").read_text())
    long = "Cliff" + "x" * 70
    doc["sections"][0]["name"] = long
    doc["fighters"][0]["name"] = "Mountain goat of the northern ridge"
    root = parse(render(Table.start(scenario_mod.load(doc))))
    sid, fid = doc["sections"][0]["id"], doc["fighters"][0]["id"]
    label = root.find(f".//{NS}g[@id='labels']//{NS}text[@data-section='{sid}']")
    assert label is not None and label.text == "Cliff" + "x" * 24 + "…"
    section = root.find(f".//{NS}g[@id='section-{sid}']")
    assert section is not None and long in (section.get("aria-label") or "")
    name = root.find(f".//{NS}g[@id='fighter-{fid}']//{NS}text[@class='token-name lbl']")
    assert name is not None and name.text == "Mountain goat of…"
    fighter = root.find(f".//{NS}g[@id='fighter-{fid}']/{NS}title")
    assert fighter is not None and "Mountain goat of the northern ridge" in (fighter.text or "")
