"""Honest lines (issue 7): the drawn line of a shot and path of a move follow the sections the core used, and a
line the rules call clear never passes through solid ground or a slab.

H5 ("the terrain must not obstruct the entity's ability to see the target", ``000_519d8b8e373365db.txt`` ›
Height and Range): a shot is blocked only when a section strictly between stands higher than both ends, so a
clear line may pass over a section higher than the shooter (it is drawn over that section's top, not through
it).  H7: an override changes the drawing, drawn as overridden; the log keeps both answers.  H3: a move is
drawn over the route the core chose.

The terrain check here is the test's own, independent of :mod:`vertigo_view.lines`: ground is solid from its
surface all the way down, a slab for its drawn thickness (``SLAB × UH``); each drawn segment is cut at the
sections' edges and no piece may pass strictly inside a solid.
"""

from __future__ import annotations

import json
import math
import random
import xml.etree.ElementTree as ET
from fractions import Fraction
from itertools import pairwise, permutations
from pathlib import Path

import pytest

from vertigo import scenario as scenario_mod
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.fields import BLOCKS_SIGHT, MOVES
from vertigo.rules.height.view.looks import SCREEN
from vertigo.rules.terrain.rules.fields import MOVE
from vertigo.table import Table
from vertigo_page.controller import Controller
from vertigo_view.lines import GAP
from vertigo_view.side_view import SLAB, UH, UX, Highlights, render, render_overlay

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
BUNDLED = sorted(p.name for p in SCENARIOS.glob("*.json") if p.name != "index.json")
NS = "{http://www.w3.org/2000/svg}"
INSIDE = 0.05
"""How far inside a solid a drawn point must be to count as passing through it, SVG units (rounding)."""


def points(e: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in (e.get("points") or "").split())]


def classes(e: ET.Element) -> list[str]:
    return (e.get("class") or "").split()


def drawn(overlay: str, cls: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(overlay).iter() if cls in classes(e)]


def solids(table: Table) -> list[tuple[str, float, float, float, float]]:
    """(section, x0, x1, top, bottom) of every section's solid part, SVG units, y downward (Height frame)."""
    out = []
    for s in table.scenario.field.sections:
        top = -float(s.top) * UH
        out.append((s.id, float(s.x0) * UX, float(s.x1) * UX, top, top + SLAB * UH if s.kind == "slab" else math.inf))
    return out


def screens(table: Table, ends: set[str]) -> list[tuple[str, float, float, float, float]]:
    """(section, x0, x1, top, bottom) of the hatched screen over each sight-blocking section but ``ends``
    (H11: :data:`vertigo.rules.height.view.looks.SCREEN` tall over its surface), SVG units, y downward."""
    return [(s.id, float(s.x0) * UX, float(s.x1) * UX, -float(s.top + SCREEN) * UH, -float(s.top) * UH)
            for s in table.scenario.field.sections if s[BLOCKS_SIGHT] and s.id not in ends]


def through(table: Table, pts: list[tuple[float, float]],
            boxes: list[tuple[str, float, float, float, float]] | None = None) -> list[tuple[str, float, float]]:
    """Every (section, x, y) where the polyline passes inside solid terrain (by more than INSIDE).

    Each segment is cut at every section's left and right edge; on each piece y is linear in x, so the piece is
    inside a section's solid exactly when the piece lies over the section's span and its y range meets the
    solid's open (top, bottom) range.
    """
    out = []
    boxes = solids(table) if boxes is None else boxes
    for (ax, ay), (bx, by) in pairwise(pts):
        for sid, x0, x1, top, bottom in boxes:
            lo, hi = max(min(ax, bx), x0 + INSIDE), min(max(ax, bx), x1 - INSIDE)
            if lo > hi:
                continue
            if ax == bx:
                ys = (ay, by)
            else:
                ys = (ay + (by - ay) * (lo - ax) / (bx - ax), ay + (by - ay) * (hi - ax) / (bx - ax))
            if max(ys) > top + INSIDE and min(ys) < bottom - INSIDE:
                out.append((sid, round(lo, 2), round(max(top, min(ys)), 2)))
    return out


def over_each(table: Table, path: list[str], pts: list[tuple[float, float]], clearance: float) -> bool:
    """Whether the polyline passes, in the path's order, each section's level (``clearance`` above its surface)
    over its span or right beside it (within GAP: a climb past a floor whose hatch it cannot go through)."""
    at = 0
    for sid in path:
        s = table.scenario.field.section(sid)
        level = round(-float(s.elevation) * UH - clearance, 2)
        lo, hi = float(s.x0) * UX - GAP - 0.01, float(s.x1) * UX + GAP + 0.01
        runs = [i for i in range(at, len(pts))
                if pts[i][1] == level and (lo <= pts[i][0] <= hi or (
                    i + 1 < len(pts) and pts[i + 1][1] == level
                    and min(pts[i][0], pts[i + 1][0]) <= hi and max(pts[i][0], pts[i + 1][0]) >= lo))]
        if not runs:
            return False
        at = runs[0]
    return True


def table_of(doc: dict[str, object]) -> Table:
    return Table.start(scenario_mod.load(doc))


def bundled(name: str) -> Table:
    return table_of(json.loads((SCENARIOS / name).read_text()))


def field(sections: list[tuple[str, str, int, int, int]], fighters: list[tuple[str, str, str, list[str]]]) -> Table:
    """A Height battlefield: sections (id, name, elevation, x0, x1) side by side in a row, bordering in turn."""
    return table_of({
        "vertigo": 1, "title": "Test", "units": "height",
        "sections": [{"id": i, "name": n, "elevation": e, "x": [a, b], "kind": "ground"} for i, n, e, a, b in sections],
        "borders": [[a[0], b[0]] for a, b in pairwise(sections)],
        "fighters": [{"id": i, "name": i.title(), "side": side, "section": sec, "moves": ["Move 2"], "actions": acts}
                     for i, side, sec, acts in fighters],
    })


def shot(c: Controller, shooter: str, target: str) -> str:
    c.escape()
    c.click_fighter(shooter)
    up = c.click_fighter(target)
    assert up.svg is None and (up.overlay or up.marks) is not None
    return c.drawn_overlay()


# -- the failures issue 7 found --------------------------------------------------------------------------------

def test_a_clear_shot_over_a_higher_middle_terrace_is_drawn_over_its_top() -> None:
    """H5: low (0, x 0–2), mid (2, x 2–4), high (3, x 4–6), range 3: mid (2) is not higher than both ends (max 3),
    so the line is clear; it was drawn straight through mid's ground.  Now over mid's top, then up to high."""
    t = field([("low", "Low", 0, 0, 2), ("mid", "Mid", 2, 2, 4), ("high", "High", 3, 4, 6)],
              [("archer", "A", "low", ["Bow, range 3"]), ("foe", "B", "high", ["Club, range 0"])])
    c = Controller(t)
    overlay = shot(c, "archer", "foe")
    assert c.mode.shots is not None and c.mode.shots[0].final and c.mode.shots[0].line is not None
    assert c.mode.shots[0].line.path == ("low", "mid", "high")
    (line,) = drawn(overlay, "shot")
    assert classes(line) == ["shot", "clear"]
    assert line.get("data-sections") == "low mid high"
    # Token centres 12 units above the surfaces (TOKEN_R + 1): low at y −12, mid −92, high −132; x 48 / 240.
    # Climbs GAP (20) before each border, clear of the border's Height tag.
    assert points(line) == [(48.0, -12.0), (76.0, -12.0), (76.0, -92.0), (172.0, -92.0), (172.0, -132.0),
                            (240.0, -132.0)]
    assert through(t, points(line)) == []


def test_a_clear_shot_out_of_a_pit_is_drawn_over_the_rim() -> None:
    """H5: pit (−2), rim (0), back (0): the rim (0) is not higher than both ends (max 0): clear; the straight line
    from the pit ran through the rim's ground.  Now it climbs beside the pit's wall and runs over the rim."""
    t = field([("pit", "Pit", -2, 0, 2), ("rim", "Rim", 0, 2, 4), ("back", "Back", 0, 4, 6)],
              [("caster", "A", "pit", ["Firebolt, range 3"]), ("foe", "B", "back", ["Club, range 0"])])
    c = Controller(t)
    overlay = shot(c, "caster", "foe")
    assert c.mode.shots is not None and c.mode.shots[0].final
    (line,) = drawn(overlay, "shot")
    assert line.get("data-sections") == "pit rim back"
    assert points(line) == [(48.0, 68.0), (76.0, 68.0), (76.0, -12.0), (240.0, -12.0)]
    assert through(t, points(line)) == []


def test_of_two_equally_short_lines_the_drawing_and_the_explanation_name_the_one_the_core_used() -> None:
    """H13/H14: two clear lines of 2 steps from Start (0) to Goal (1): through the Ford (−1) or over the Ledge (a
    slab at 1).  The core takes the first in document order, the Ford; the explanation names it, and the drawing
    drops into the Ford and climbs out, never along the Ledge a straight line would follow."""
    t = table_of({
        "vertigo": 1, "title": "Fork", "units": "height",
        "sections": [{"id": "a", "name": "Start", "elevation": 0, "x": [0, 2]},
                     {"id": "ford", "name": "Ford", "elevation": -1, "x": [2, 4]},
                     {"id": "ledge", "name": "Ledge", "elevation": 1, "x": [2.5, 3.5], "kind": "slab"},
                     {"id": "z", "name": "Goal", "elevation": 1, "x": [4, 6]}],
        "borders": [["a", "ford"], ["a", "ledge"], ["ford", "z"], ["ledge", "z"]],
        "fighters": [{"id": "p", "name": "P", "side": "A", "section": "a", "actions": ["Bow, range 3"]},
                     {"id": "q", "name": "Q", "side": "B", "section": "z", "actions": ["Bow, range 3"]}],
    })
    c = Controller(t)
    overlay = shot(c, "p", "q")
    assert c.mode.shots is not None and c.mode.shots[0].final and c.mode.shots[0].line is not None
    assert c.mode.shots[0].line.path == ("a", "ford", "z")
    assert [s.text for s in c.mode.shots[0].steps] == [
        "Goal is d = 2 steps from Start along Start → Ford → Goal; Height changes across the borders: -1 then 2; "
        "net Δh = 1.",
        "Line clear: no section between stands higher than both ends (max 1) — Ford at Height -1.",
        "Range needed = max(d, |Δh|) = max(2, 1) = 2; Bow has range 3 — enough."]
    (line,) = drawn(overlay, "shot")
    assert line.get("data-sections") == "a ford z"
    # Start's token at (48, −12); down beside the border into the Ford (level 28), up beside Goal's wall (−52).
    assert points(line) == [(48.0, -12.0), (116.0, -12.0), (116.0, 28.0), (172.0, 28.0), (172.0, -52.0),
                            (240.0, -52.0)]
    assert over_each(t, ["a", "ford", "z"], points(line), 12)
    assert through(t, points(line)) == []


def test_an_overridden_blocked_shot_is_drawn_as_overridden_and_the_log_keeps_both() -> None:
    """H7: the DM lets Cleo's blocked Shortbow through the ridge: the line is drawn ``.overridden`` (not plain
    clear), the ridge is no longer said to block it, the log keeps the rules' answer and the DM's; taking the
    override back draws the rules' blocked line again; the blocker's label says why it blocks (H5, issue 23)."""
    c = Controller(bundled("four-shots.json"))
    before = shot(c, "shooter-3", "target-3")
    assert [classes(e) for e in drawn(before, "shot")] == [["shot", "blocked"]]
    assert [e.text for e in drawn(before, "blocker-label")] == ["Ridge is higher than both ends (H5)"]
    c.panel_action("override-shot", "0:allow")
    after = c.drawn_overlay()
    (line,) = drawn(after, "shot")
    assert classes(line) == ["shot", "clear", "overridden"]
    assert line.get("data-sections") == "bank-near ridge hollow"
    assert [classes(e) for e in drawn(after, "blocker")] == [["blocker", "overridden"]]
    assert [e.text for e in drawn(after, "blocker-label")] == ["blocks by the rules; overridden by the DM"]
    assert drawn(after, "blocker-mark") == []
    assert "higher than both ends" not in after
    log = [e.text for e in c.table.log]
    assert log[-2:] == ["Cleo → Bandit 3: Shortbow, Sling and Dagger cannot reach",
                        "DM override: Cleo's Shortbow against Bandit 3 — rules: blocked; DM: reaches"]
    c.panel_action("take-back-shot", "0")
    back = c.drawn_overlay()
    assert [classes(e) for e in drawn(back, "shot")] == [["shot", "blocked"]]
    assert [e.text for e in drawn(back, "blocker-label")] == ["Ridge is higher than both ends (H5)"]


def test_a_clear_shot_the_dm_forbids_is_drawn_refused_and_overridden() -> None:
    """H7: Ada's shot at Bandit 1 is clear by the rules; the DM forbids every action: drawn refused, overridden."""
    c = Controller(bundled("four-shots.json"))
    shot(c, "shooter-1", "target-1")
    assert c.mode.shots is not None
    for i in range(len(c.mode.shots)):
        if c.mode.shots[i].allowed:
            c.panel_action("override-shot", f"{i}:forbid")
            overlay = c.drawn_overlay()
    assert overlay
    assert [classes(e) for e in drawn(overlay, "shot")] == [["shot", "refused", "overridden"]]
    assert [e.findtext("title") for e in drawn(overlay, "shot")] == [
        "Line of shot: Lower terrace → Middle terrace → Upper terrace (overridden by the DM)"]


def test_fighters_with_no_line_between_them_get_no_line() -> None:
    """H5: sections that share no border have no line of shot; none is drawn (the target is still ringed)."""
    c = Controller(bundled("four-shots.json"))
    overlay = shot(c, "shooter-1", "target-2")
    assert c.mode.shots is not None and all(v.line is None for v in c.mode.shots)
    assert drawn(overlay, "shot") == []
    assert len(drawn(overlay, "target-ring")) == 1


def test_a_range_0_action_alone_draws_no_line_and_marks_no_blocker() -> None:
    """H6: a range 0 action without Reach reaches only its own section, "sight and range play no part": the
    Kestrel (Talons, range 0) in the ravine checked against the ogre is refused by H6 alone, so the drawing
    marks no section "blocks the shot" (it marked the Spire, which the verdict never named) and draws no line;
    the target is still ringed."""
    doc = json.loads((SCENARIOS / "cliff.json").read_text())
    next(f for f in doc["fighters"] if f["id"] == "kestrel")["section"] = "ravine"
    c = Controller(table_of(doc))
    overlay = shot(c, "kestrel", "ogre")
    assert c.mode.shots is not None and [v.action.effective_range for v in c.mode.shots] == [0]
    assert [s.rule for v in c.mode.shots for s in v.steps] == ["H6"]
    assert drawn(overlay, "blocker") == [] and drawn(overlay, "blocker-label") == []
    assert drawn(overlay, "shot") == []
    assert len(drawn(overlay, "target-ring")) == 1


def test_a_renderer_caller_without_a_path_draws_no_line() -> None:
    """The line is drawn only over sections the core named: Highlights without ``shot_path`` draw none."""
    t = bundled("four-shots.json")
    svg = render(t, Highlights(selected="shooter-3", target="target-3", shot_ok=False, blocked_by="ridge"))
    assert drawn(svg, "shot") == []


# -- every bundled battlefield ----------------------------------------------------------------------------------

def pairs(t: Table) -> list[tuple[str, str]]:
    sc = t.scenario
    return [(a.id, b.id) for a, b in permutations(sc.fighters, 2) if a.side != b.side]


@pytest.mark.parametrize("name", [n for n in BUNDLED if not bundled(n).scenario.has_movement
                                  or "height" in bundled(n).scenario.rules])
def test_every_shot_of_every_bundled_battlefield_follows_the_core_and_a_clear_one_never_enters_terrain(
        name: str) -> None:
    """H5, H13: for every ordered pair of fighters on different sides, the drawn line names the sections of the
    line the core judged, runs over each of them in that order, and — when any action reaches — never passes
    inside ground or a slab, nor through the hatched screen of a sight-blocking section other than its ends'
    (H10, H11).  A blocked line may not enter ground or a slab either: it is drawn over the blocker's top.  On a feet
    battlefield (Combat at Different Levels, G1) no shot is judged or drawn: the only line is the dimension
    line between the two standing surfaces, as long as the verdict's difference.  A fighter with range 0 actions
    only (H6: sight and range play no part) gets no line."""
    t = bundled(name)
    c = Controller(t)
    checked = 0
    for a, b in pairs(t):
        overlay = shot(c, a, b)
        if not t.scenario.has_movement:
            assert getattr(c.mode, "shots", None) is None and c.mode.levels is not None
            assert drawn(overlay, "shot") == []
            (dim,) = drawn(overlay, "levels-dimension")
            ticks = [e for e in dim if "levels-dimension-tick" in classes(e)]
            ys = sorted(float(e.get("y1") or 0) for e in ticks)
            per = float(ET.fromstring(render(t)).get("data-per-unit") or 0)
            assert Fraction(round((ys[1] - ys[0]) / per * 100)) / 100 == round(c.mode.levels.difference_ft, 2)
            checked += 1
            continue
        assert c.mode.shots is not None
        # The line an action's verdict judged (H5): a range 0 action's is judged by H6 alone and not drawn.
        line = next((v.line for v in c.mode.shots if v.line is not None and v.action.effective_range != 0), None)
        lines = drawn(overlay, "shot")
        if line is None:
            assert lines == []
            continue
        (e,) = lines
        pts = points(e)
        assert e.get("data-sections") == " ".join(line.path)
        assert over_each(t, list(line.path), pts, 12), (a, b, pts)
        if any(v.final for v in c.mode.shots):
            assert "clear" in classes(e)
        assert through(t, pts) == [], (a, b, line.path)
        if line.blocked_by is None:  # H11: a clear line passes through no hiding screen but its own ends'
            ends = {line.path[0], line.path[-1]}
            assert through(t, pts, screens(t, ends)) == [], (a, b, line.path)
        checked += 1
    assert checked == len(pairs(t)) or t.scenario.has_movement


@pytest.mark.parametrize("name", [n for n in BUNDLED if "height" in bundled(n).scenario.rules])
def test_every_move_route_of_every_bundled_battlefield_follows_the_route_the_core_chose(name: str) -> None:
    """H3: on every Height battlefield, the route drawn for a move names the sections of the route the core chose
    and runs over each of them in that order, never inside ground or a slab (every fighter, every entry, every
    section it reaches)."""
    t = bundled(name)
    c = Controller(t)
    routes = 0
    for f in t.scenario.fighters:
        for entry in range(len(f[MOVES])):
            c.escape()
            c.click_fighter(f.id)
            c.panel_action("entry", str(entry))
            for dest in sorted(height_play.routes(t, f.id, entry)):
                up = c.click_section(dest)
                pending = c.mode.pending
                assert pending is not None and pending.route is not None and (up.overlay or up.marks) is not None
                path = c.mode.pending.route.path
                drawn_routes = drawn(c.drawn_overlay(), "route")
                if len(path) < 2:
                    assert drawn_routes == []
                    continue
                (e,) = drawn_routes
                assert e.get("data-sections") == " ".join(path)
                assert over_each(t, list(path), points(e), 4), (f.id, dest, points(e))
                assert through(t, points(e)) == [], (f.id, dest)
                routes += 1
    assert routes > 0


def test_a_highlight_caller_gets_the_same_line_as_the_page() -> None:
    """The renderer alone draws what the page does, given the core's line (Highlights.shot_path)."""
    t = bundled("four-shots.json")
    (v, *_) = height_play.attack(t, "shooter-1", "target-1")
    assert v.line is not None
    hl = Highlights(selected="shooter-1", target="target-1", shot_ok=True, shot_path=v.line.path)
    (line,) = drawn(render_overlay(t, hl), "shot")
    assert line.get("data-sections") == "terrace-low terrace-mid terrace-high"
    assert through(t, points(line)) == []


def test_the_terrain_check_catches_the_straight_line_drawn_before() -> None:
    """The check has teeth: the straight line once drawn from the archer on Low to the foe on High (tokens at
    (48, −12) and (240, −132)) passes inside Mid's ground from its left edge (x 96) and cuts the corner of High's
    (from x 192)."""
    t = field([("low", "Low", 0, 0, 2), ("mid", "Mid", 2, 2, 4), ("high", "High", 3, 4, 6)],
              [("archer", "A", "low", ["Bow, range 3"]), ("foe", "B", "high", ["Club, range 0"])])
    assert through(t, [(48.0, -12.0), (240.0, -132.0)]) == [("mid", 96.05, -80.0), ("high", 192.05, -120.0)]


def generated(seed: int, n_ground: int = 40, n_fighters: int = 12) -> Table:
    """A seeded street of ground sections (2 units wide, elevations in a random walk from −3 to 6) with slabs
    over some (inset 0.3 units, 2–3 levels up, a border down to the ground under them, some side by side with a
    border between): the shapes the bundled battlefields have, in numbers they do not."""
    rng = random.Random(seed)
    sections: list[dict[str, object]] = []
    borders: list[list[str]] = []
    elev = 0
    for i in range(n_ground):
        elev = min(6, max(-3, elev + rng.choice((-3, -2, -1, 0, 0, 1, 1, 2, 3))))
        sections.append({"id": f"g{i}", "name": f"Ground {i}", "elevation": elev, "x": [2 * i, 2 * i + 2]})
        if i:
            borders.append([f"g{i - 1}", f"g{i}"])
    for i in range(1, n_ground - 1, 3):
        if rng.random() < 0.5:
            continue
        sections.append({"id": f"s{i}", "name": f"Slab {i}", "elevation": int(sections[i]["elevation"])  # type: ignore[call-overload]
                         + rng.choice((2, 3)), "x": [2 * i + 0.3, 2 * i + 1.7], "kind": "slab"})
        borders.append([f"s{i}", f"g{i}"])
        if f"s{i - 3}" in {s["id"] for s in sections} and rng.random() < 0.5:
            borders.append([f"s{i - 3}", f"s{i}"])
    ids = [str(s["id"]) for s in sections]
    fighters = [{"id": f"f{k}", "name": f"F{k}", "side": "AB"[k % 2], "section": rng.choice(ids),
                 "moves": ["Move 3", "Fly 3", "Teleport 4"], "actions": ["Bow, range 9"]} for k in range(n_fighters)]
    return table_of({"vertigo": 1, "title": f"Street {seed}", "units": "height", "sections": sections,
                     "borders": borders, "fighters": fighters})


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_on_generated_streets_no_drawn_line_enters_terrain(seed: int) -> None:
    """H5, H3, H4: on seeded streets with slabs, every shot between the two sides (clear, short or blocked) and
    every route of three fighters' Move and Fly entries is drawn over the sections the core named, in order, and
    never inside ground or a slab.  A Teleport (H4: no border crossed, the route is its two ends) is drawn as a
    hop over what lies between; into a pocket walled on both sides and roofed by a slab, the hop can still cut
    terrain on such generated streets, so for Teleport only the sections are checked here (the bundled
    Teleports and Phases are held to the terrain by the test of every bundled battlefield)."""
    t = generated(seed)
    c = Controller(t)
    lines = 0
    for a, b in pairs(t):
        overlay = shot(c, a, b)
        assert c.mode.shots is not None
        line = c.mode.shots[0].line
        for e in drawn(overlay, "shot"):
            assert line is not None and e.get("data-sections") == " ".join(line.path)
            assert over_each(t, list(line.path), points(e), 12), (a, b)
            assert through(t, points(e)) == [], (a, b)
            lines += 1
    for f in t.scenario.fighters[:3]:
        for entry in range(3):
            c.escape()
            c.click_fighter(f.id)
            c.panel_action("entry", str(entry))
            for dest in sorted(height_play.routes(t, f.id, entry)):
                up = c.click_section(dest)
                pending = c.mode.pending
                assert pending is not None and pending.route is not None and (up.overlay or up.marks) is not None
                for e in drawn(c.drawn_overlay(), "route"):
                    assert e.get("data-sections") == " ".join(c.mode.pending.route.path)
                    assert over_each(t, list(c.mode.pending.route.path), points(e), 4), (f.id, entry, dest)
                    if f[MOVES][entry].kind != "Teleport":  # see the note below
                        assert through(t, points(e)) == [], (f.id, entry, dest)
    assert lines > 0


def test_a_clear_shot_past_a_floors_edge_is_drawn_past_that_edge_never_under_the_floor() -> None:
    """H10: the loft (x 9 to 12) hides what is under it; the Lookout stands beyond its edge (x 13.5) and the
    Archer on it sees him.  The line, both ways, passes the loft's right edge, the one nearer the Lookout, and no
    point of it lies under the loft's floor (the stair the border is drawn at is at the loft's far end)."""
    t = bundled("tower-and-wood.json")
    c = Controller(t)
    loft = t.scenario.field.section("loft")
    x0, x1 = float(loft.x0) * UX, float(loft.x1) * UX
    underside = -float(loft.elevation) * UH + SLAB * UH
    for a, b in (("archer", "lookout"), ("lookout", "archer")):
        (e,) = drawn(shot(c, a, b), "shot")
        assert "clear" in classes(e)
        pts = points(e)
        under = [(p, q) for p, q in pairwise(pts)
                 if min(p[1], q[1]) > underside and min(p[0], q[0]) < x1 and max(p[0], q[0]) > x0]
        assert under == [], (a, b, pts)
        assert any(x1 < p[0] < float(t.scenario.field.section("hall").x1) * UX and p[1] > underside
                   for p in pts), pts


def test_a_shot_that_goes_round_marks_what_blocks_the_shortest_line() -> None:
    """H14: the Ranger's clear shot at the Bandit goes round through the pass; the view marks the Ridge, which
    blocks the shortest line, lighter than a blocker and says so — no blocker mark, since the shot is clear."""
    c = Controller(bundled("tower-and-wood.json"))
    overlay = shot(c, "ranger", "bandit")
    assert [e.get("data-section") for e in drawn(overlay, "round-by")] == ["ridge"]
    assert [e.text for e in drawn(overlay, "round-label")] == ["the shot goes round (H14)"]
    assert drawn(overlay, "blocker") == [] and drawn(overlay, "blocker-label") == []
    # A shot along its shortest line marks nothing of the kind.
    assert drawn(shot(c, "archer", "lookout"), "round-by") == []


# -- moves in inches (Terrain features, issue 24) ------------------------------------------------------------------
def walls(t: Table, per: float, passable: set[str]) -> list[tuple[str, float, float, float, float]]:
    """(feature, x0, x1, top, bottom) of every obstacle (a feature rising 1 in or more, T1) but ``passable`` (the
    openings a route goes through, T5), SVG units, y downward.  An obstacle stops movement on the section it
    stands on: a wall rising past an upper floor laid over it is solid up to that floor's surface, where the floor
    carries a route (``docs/rules.md``, Open rulings: "A wall past an upper floor")."""
    f = t.scenario.field
    out = []
    for w in f.features:
        if w.height < 1 or w.id in passable:
            continue
        floor = f.section(w.on).surface(w.centre)
        over = [s.surface(w.centre) for s in f.sections
                if s.id != w.on and s.x0 < w.x1 and w.x0 < s.x1 and s.surface(w.centre) > floor]
        top = min([floor + w.height, *over])
        out.append((w.id, float(w.x0) * per, float(w.x1) * per, -float(top) * per, -float(floor) * per))
    return out


INCHES = [n for n in BUNDLED if "terrain" in bundled(n).scenario.rules]


@pytest.mark.parametrize("name", INCHES)
@pytest.mark.parametrize("drops", [False, True])
def test_every_route_in_inches_passes_through_no_wall_except_by_its_door(name: str, drops: bool) -> None:
    """T8: "A fighter may not pass through an obstacle except through a door or archway (T5)"; T2: an obstacle is
    climbed over.  Every fighter with a Move, to the ends, the quarters and the centre of every section, with and
    without drops (T7): the route drawn passes inside no obstacle, except the openings its verdict goes through;
    the ruined house's routes include climbs over a wall and passes through its door."""
    t = bundled(name)
    c = Controller(t)
    per = float(ET.fromstring(render(t, Highlights())).get("data-per-unit") or "0")
    kinds: set[str] = set()
    for f in t.scenario.fighters:
        if f[MOVE] is None:
            continue
        for s in t.scenario.field.sections:
            for k in range(5):
                c.escape()
                c.click_fighter(f.id)
                if drops:
                    c.panel_action("drops")
                c.click_section(s.id, s.x0 + (s.x1 - s.x0) * Fraction(k, 4))
                v = c.mode.pending
                lines = drawn(c.drawn_overlay(), "route-points")
                if v is None or not v.path or len(lines) != 1:
                    continue
                doors = {x.feature for x in v.crossings if x.kind in ("door", "archway") and x.feature}
                kinds |= {x.kind for x in v.crossings}
                assert through(t, points(lines[0]), walls(t, per, doors)) == [], (f.id, s.id, k)
    if name == "ruined-house.json":
        assert {"door", "obstacle", "ladder", "low"} <= kinds


def test_the_wall_check_catches_a_route_drawn_straight_through_a_wall() -> None:
    """The check has teeth: the core's points alone, joined straight, run along the yard's floor through the east
    wall of the ruined house (11.5 to 12 in, 4 in tall) where the drawing climbs over it."""
    t = bundled("ruined-house.json")
    c = Controller(t)
    per = float(ET.fromstring(render(t, Highlights())).get("data-per-unit") or "0")
    c.click_fighter("yard-1")
    c.click_section("house", 10)
    v = c.mode.pending
    assert v is not None and [x.feature for x in v.crossings if x.kind == "obstacle"] == ["east-wall"]
    straight = [(float(x) * per, -float(h) * per - 4) for _, x, h in v.path]
    assert [w for w, *_ in through(t, straight, walls(t, per, set()))] == ["east-wall"]
    (line,) = drawn(c.drawn_overlay(), "route-points")
    assert through(t, points(line), walls(t, per, set())) == []
