"""What the renderer gives the page so the side view fills its box and every piece can be tapped (issue 22).

Source: issue 22, "Fill the box" (a Height battlefield's vertical scale is chosen apart from the horizontal one:
the renderer states the band the page fits), "Tappable" (every section has a tap region; where regions overlap,
the smaller section's is drawn later and wins), "Nothing the referee needs gives way" (a token whose name is
hidden shows the first letters of its name's first two words, RC, RB, RS, and a digit where two still collide;
the Height axis always shows its lowest and highest levels, plus steps of 1, 2 or 5 × 10ⁿ).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest

from vertigo import scenario
from vertigo.table import Table
from vertigo_view.side_view import render
from vertigo_view.terrain import TAP_PX, axis_steps
from vertigo_view.tokens import initials

NS = "{http://www.w3.org/2000/svg}"
SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"


def _svg(file: str) -> ET.Element:
    doc = json.loads((SCENARIOS / file).read_text())
    return ET.fromstring(render(Table.start(scenario.load(doc))))


def _named(*names: str) -> dict[str, str]:
    return dict(initials(tuple(SimpleNamespace(id=str(i), name=n) for i, n in enumerate(names))))  # type: ignore[arg-type]


def test_a_tokens_mark_is_the_first_letters_of_its_names_first_two_words() -> None:
    """Issue 22: Raider captain, Raider bowman and Roof sniper were three blue "R" tokens; now RC, RB, RS."""
    assert _named("Raider captain", "Raider bowman", "Roof sniper", "Hawk") == {"0": "RC", "1": "RB", "2": "RS",
                                                                                 "3": "H"}


def test_two_fighters_still_sharing_a_mark_get_a_digit_each_in_the_scenarios_order() -> None:
    """Issue 22: "and a digit where two still collide"."""
    assert _named("Raider boss", "Hawk", "Raider bowman", "Red baron") == {"0": "RB1", "1": "H", "2": "RB2",
                                                                            "3": "RB3"}


def test_a_words_first_letter_or_digit_is_taken_past_its_punctuation() -> None:
    """A name in quotes or with a number: «Ada» the bold → AT; Bandit 1 → B1; a name of only signs keeps its first."""
    assert _named("«Ada» the bold", "Bandit 1", "¶¶") == {"0": "AT", "1": "B1", "2": "¶"}


def test_a_note_in_brackets_is_not_part_of_the_mark() -> None:
    """Found by a fresh user: the staircase's tokens read A1, B3, C4, D6 — grid squares, from "Ash (1 step up)",
    "Birch (3 steps)"; the note in brackets is not the name."""
    assert _named("Ash (1 step up)", "Birch (3 steps)", "(Nameless)") == {"0": "A", "1": "B", "2": "N"}


def test_ruined_streets_blue_tokens_can_be_told_apart() -> None:
    """Issue 22's own case, drawn: the three blue tokens of Ruined street read RC, RB and RS."""
    svg = _svg("ruined-street.json")
    marks = {g.get("data-fighter"): g.find(f".//{NS}text[@class='token-initial']").text  # type: ignore[union-attr]
             for g in svg.iter(f"{NS}g") if g.get("class") == "fighter"}
    assert (marks["captain"], marks["bowman-tower"], marks["bowman-roof"]) == ("RC", "RB", "RS")


@pytest.mark.parametrize(("lo", "hi", "step"), [(0, 9, 1), (-5, 9, 1), (0, 200, 1), (0, 201, 2), (0, 400, 2),
                                                (0, 401, 5), (-1000, 1000, 10), (0, 100_000, 500)])
def test_the_height_axis_finest_step_is_1_2_or_5_times_a_power_of_ten_with_at_most_200_numbers(
        lo: int, hi: int, step: int) -> None:
    """Issue 22: "steps of 1, 2 or 5 × 10ⁿ"; the renderer draws the finest that keeps 200 numbers or fewer."""
    assert axis_steps(lo, hi) == step


def test_the_height_axis_numbers_its_lowest_and_highest_surfaces_and_each_level_between() -> None:
    """Issue 22: "The Height axis always shows its lowest and highest levels" — Ruined street runs from the
    sinkhole at Height −5 to the tower top at 9: both ends are marked .end, and every level between is drawn
    for the page to pick its steps from."""
    svg = _svg("ruined-street.json")
    axis = svg.find(f".//{NS}g[@id='scale']")
    assert axis is not None and (axis.get("class"), axis.get("data-lo"), axis.get("data-hi")) == ("height-axis", "-5",
                                                                                                   "9")
    ticks = [(g.get("data-level"), "end" in (g.get("class") or "")) for g in axis.iter(f"{NS}g")
             if g.get("data-level")]
    assert ticks == [(str(v), v in (-5, 9)) for v in range(-5, 10)]


def test_a_height_view_states_its_band_and_a_feet_view_does_not() -> None:
    """Issue 22, "Fill the box": a Height battlefield's band (x0 top x1 bottom tags, SVG units) is what the page
    stretches to its box; a battlefield drawn to scale keeps its aspect, so states none."""
    svg = _svg("cliff.json")
    band = [float(v) for v in (svg.get("data-band") or "").split()]
    # The cliff: sections from x 0 to 20 (48 SVG units each), surfaces from Height -2 (the ravine) to 5 (the
    # overhang's top), 40 SVG units per level, up being negative y.
    assert band[:4] == [0.0, -200.0, 960.0, 80.0] and svg.get("data-level") == "40"
    assert _svg("staircase.json").get("data-band") is None


def test_every_section_has_a_tap_region_larger_sections_first() -> None:
    """Issue 22, "Tappable": one region per section in #taps, TAP_PX wide, larger sections drawn first so the
    smaller one wins where two overlap; each states its section's body for the page (data-box)."""
    svg = _svg("ruined-street.json")
    taps = svg.find(f".//{NS}g[@id='taps']")
    assert taps is not None
    regions = list(taps)
    assert sorted(r.get("data-section") or "" for r in regions) == sorted(
        g.get("data-section") or "" for g in svg.iter(f"{NS}g") if "section" in (g.get("class") or "").split())
    areas = [float(w) * float(h) for w, h in ((r.get("data-box") or "").split()[2:] for r in regions)]
    assert areas == sorted(areas, reverse=True)
    rect = regions[0].find(f".//{NS}rect")
    assert rect is not None and (rect.get("width"), rect.get("height"), rect.get("y")) == (str(TAP_PX), str(TAP_PX),
                                                                                          "0")
