"""Same table, same answer: no verdict depends on the interpreter's string-hash seed (ruling H13).

Source: ruling H13 ("the same table always gives the same path and explanation, on any interpreter");
``shared/repro/real-cases/case-21c.json`` (two equally good ways down: the path shown changed with the
hash seed); issue 5 ("Same table, same answer") — Pyodide seeds string hashing randomly on every load.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.rules.height.rules import play as height_play
from vertigo.table import Table

PY = Path(__file__).resolve().parents[2] / "py"
SCENARIOS = PY.parent / "static" / "scenarios"

CASE_21C = {
    "vertigo": 1, "title": "Case 21c: two equally good ways down", "dice_seed": 1,
    "sections": [{"id": "start", "name": "Start", "elevation": 3, "x": [0, 2]},
                 {"id": "a", "name": "Ledge A", "elevation": 2, "x": [2, 4]},
                 {"id": "b", "name": "Ledge B", "elevation": 1, "x": [2, 4], "kind": "slab"},
                 {"id": "end", "name": "End", "elevation": 0, "x": [4, 6]}],
    "borders": [["start", "a"], ["start", "b"], ["a", "end"], ["b", "end"]],
    "fighters": [{"id": "f", "name": "f", "side": "A", "section": "start", "moves": ["Move 2"], "actions": []}],
}
"""``case-21c.json``: start 3, a 2, b 1, end 0; ``Move 2`` from start to end falls 3d6 either way."""

JUMPS = {
    "vertigo": 2, "title": "Jumps every way", "units": "feet", "rules": ["levels", "jumping"], "dice_seed": 3,
    "sections": [{"id": "roof", "name": "Roof", "elevation": 30, "x": [0, 40]},
                 {"id": "street", "name": "Street", "elevation": 0, "x": [40, 63]},
                 {"id": "balcony", "name": "Balcony", "elevation": 40, "x": [44, 48], "kind": "slab"},
                 {"id": "roof-2", "name": "Roof two", "elevation": 30, "x": [63, 90]},
                 {"id": "tower", "name": "Tower", "elevation": 45, "x": [90, 96]},
                 {"id": "mud", "name": "Mud", "elevation": 30, "x": [96, 110], "footing": {"kind": "poor", "mp": 2}},
                 {"id": "wall", "name": "Wall", "elevation": 34, "x": [110, 112]}],
    "fighters": [{"id": "runner", "name": "Runner", "side": "A", "section": "roof", "x": 4, "size": "Medium",
                  "move_tiles": 12},
                 {"id": "beast", "name": "Beast", "side": "B", "section": "roof-2", "x": 80, "size": "Large",
                  "move_tiles": 15, "mp_cost_per_tile": 1},
                 {"id": "imp", "name": "Imp", "side": "B", "section": "mud", "x": 100, "size": "tiny",
                  "move_tiles": 7, "move_fraction": "1/2", "tumbling": True}],
}
"""Jumps up, across, down, past a tower, under a balcony, into and out of mud: every kind of J2 and J10, with
falls (J12) and diagonal scatters in Q(√2) (J6)."""

EVERY_ANSWER = r'''
import hashlib, json, sys
sys.path.insert(0, sys.argv[1])
from vertigo import scenario
from vertigo.rules.height.rules.options import judge_options
from vertigo.table import Table
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.levels.rules import play as levels_play
from vertigo.rules.height.rules.fields import MOVES
from vertigo.rules.terrain.rules import moves as terrain_moves, play as terrain_play
from vertigo.stand import Stand
from vertigo.errors import RulesError
from vertigo.rules.jumping.rules import play as jumping_play
out = []
for text in sys.stdin.read().split("\n\x00\n"):
    table = Table.start(scenario.loads(text))
    sc = table.scenario
    for f in sc.fighters:
        if "levels" in sc.rules:
            for g in sc.fighters:
                if g.id != f.id:
                    out.extend(repr(levels_play.levels_verdict(table, f.id, g.id, strange_position=s).to_json())
                               for s in (False, True))
        if "terrain" in sc.rules:
            for drops in (False, True):
                out.append(json.dumps(terrain_moves.reachable(table, f.id, drops).to_json()))
                for s in sc.field.sections:
                    for x in (s.x0, s.centre, s.x1):
                        out.append(json.dumps(terrain_moves.route(table, f.id, Stand(s.id, x), drops).to_json()))
            out.append(json.dumps(terrain_play.after_attack(table, f.id, 1).to_json()))
        if "jumping" in sc.rules:
            out.append(json.dumps(jumping_play.figures(table, f.id).to_json()))
            for s in sc.field.sections:
                for x in (s.x0, s.centre, s.x1):
                    for ran in (False, True):
                        try:
                            out.append(json.dumps(jumping_play.plan(table, f.id, s.id, x, ran).to_json()))
                        except RulesError as e:
                            out.append(str(e))
                    try:
                        p = jumping_play.plan(table, f.id, s.id, x)
                    except RulesError as e:
                        out.extend((str(e), str(e)))
                        continue
                    try:
                        far, landing = p.attempt(3, 2).outcome()
                        out.append(repr((far and far.to_json(), landing.to_json(), landing.steps)))
                    except RulesError as e:
                        out.append(str(e))
                    try:
                        after, done = jumping_play.jump(table, p.attempt(3, landing_fail_by=1, mp_left=5))
                        out.append(repr((after.stands, after.rolls, after.states, after.log[-1], done.steps)))
                    except RulesError as e:
                        out.append(str(e))
        if not "height" in sc.rules:
            continue
        out.append(json.dumps(judge_options(table, f.id).to_json()))
        for i in range(len(f[MOVES])):
            out.append(json.dumps(list(height_play.reach(table, f.id, i).dice.items())))
            for s in sc.field.sections:
                v = height_play.move_verdict(table, f.id, i, s.id)
                out.append(repr((v.route, v.steps)))
        for g in sc.fighters:
            if g.id != f.id:
                out.extend(repr((v.line, v.steps)) for v in height_play.attack(table, f.id, g.id))
        for s in sc.field.sections:
            out.append(json.dumps(height_play.push(table, f.id, s.id, 50).to_json()))
print(len(out), hashlib.sha256("\n".join(out).encode()).hexdigest())
'''


def _texts() -> str:
    import json
    files = [p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.json")) if p.name != "index.json"]
    return "\n\x00\n".join([json.dumps(CASE_21C), json.dumps(JUMPS), *files])


def test_case_21c_takes_the_way_down_by_the_first_ledge_in_the_document():
    """H13: "the product picks one by a fixed order (document order of the sections)": Ledge A comes before
    Ledge B in the document, so the 3d6 way down goes by Ledge A."""
    table = Table.start(scenario.load(CASE_21C))
    verdict = height_play.move_verdict(table, "f", 0, "end")
    assert verdict.route is not None
    assert verdict.route.path == ("start", "a", "end")
    assert verdict.route.dice == 3


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses inside Pyodide")
def test_every_answer_is_the_same_under_every_hash_seed():
    """H13 across interpreters: every reach, move verdict, options table, line of shot and push (H12), every
    route, stretch and check after an attack in inches (T3, T4, T8), and every jumper's table, jump planned to a
    section's ends and centre (run or not), its outcome failed by 3 on a diagonal and the jump carried out with the
    table's d8 (J2, J6, J10, J12), of every bundled battlefield, of case 21c and of the jumps battlefield, with its
    explanation, is the same under PYTHONHASHSEED 0, 1, 2, 12345 and 4294967295."""
    answers = set()
    for seed in ("0", "1", "2", "12345", "4294967295"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", EVERY_ANSWER, str(PY)], input=_texts(), text=True,
                              capture_output=True, env=env, timeout=300, check=True)
        answers.add(done.stdout.strip())
    assert len(answers) == 1
    count, digest = answers.pop().split()
    assert int(count) == _expected_count() and len(digest) == 64


def _expected_count() -> int:
    """How many answers the script writes, counted from the documents themselves: per Height fighter one
    options table, per Move entry one reach and one move verdict per section, one shot verdict per action per
    other fighter, one push (H12) per section; per feet battlefield with levels, each ordered pair of fighters
    standing and lying down; per inches battlefield, per fighter each way (drops or not) its stretches and a route
    to each section's ends and centre, and what an attack doing 1 damage leaves it owing; per jumping battlefield,
    per fighter its table, and at each section's ends and centre two plans (run or not), an outcome and a jump."""
    import json
    n = 0
    for text in _texts().split("\n\x00\n"):
        doc = json.loads(text)
        fighters, sections = doc.get("fighters", []), len(doc["sections"])
        rules = doc.get("rules", ["levels"] if doc.get("units") == "feet" else ["height"])
        if "levels" in rules:
            n += len(fighters) * (len(fighters) - 1) * 2
        if "terrain" in rules:
            n += len(fighters) * (2 * (1 + 3 * sections) + 1)
        if "jumping" in rules:
            n += len(fighters) * (1 + 3 * sections * 4)
        if "height" in rules:
            for f in fighters:
                entries = len(f.get("moves", []))
                n += 1 + entries * (1 + sections) + len(f.get("actions", [])) * (len(fighters) - 1) + sections
    return n
