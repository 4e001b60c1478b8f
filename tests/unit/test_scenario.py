"""Scenario documents: every problem with its place, caps, and round trips.

Source: the Height rules ``000_519d8b8e373365db.txt`` (sections, borders,
Move entries, actions), rulings H1 (elevations), H2 (Move entries and the
Height property), H6 (actions with Reach); STYLE 5–6 (bounded work, every
problem at once with its path).
"""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vertigo import document, scenario
from vertigo.errors import RuleSetError, ScenarioError, UnknownFighterError
from vertigo.limits import MAX_DOCUMENT_CHARS
from vertigo.rules import REGISTRY
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.fields import ACTIONS, HEIGHT, MOVES
from vertigo.rules.height.rules.moves import MoveEntry

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
BUNDLED = sorted(p.name for p in SCENARIOS.glob("*.json") if p.name != "index.json")


def minimal() -> dict:
    """A small valid document: two sections, one border, two fighters."""
    return {
        "vertigo": 1,
        "title": "Ledge",
        "units": "height",
        "dice_seed": 7,
        "sections": [
            {"id": "ledge", "name": "Ledge", "elevation": 3, "x": [0, 2]},
            {"id": "floor", "name": "Floor", "elevation": 0, "x": [2, 5]},
        ],
        "borders": [["ledge", "floor"]],
        "fighters": [
            {"id": "ann", "name": "Ann", "side": "Heroes", "section": "ledge",
             "moves": ["Move 1 (Height 2)"], "actions": ["Shortbow, range 3"]},
            {"id": "bob", "name": "Bob", "side": "Foes", "section": "floor", "height": 1,
             "moves": ["Move 2", "Fly 1"], "actions": ["Spear, range 0, Reach"]},
        ],
    }


def problems(doc) -> tuple[str, ...]:
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    return info.value.problems


# -- a valid document ----------------------------------------------------

def test_a_valid_document_loads_into_values():
    """H1: "Every section has an elevation in Height units"; H2: "An entity's own
    Height property applies to its Moves that list none"; H6: "bare "Reach" = 1"."""
    sc = scenario.load(minimal())
    assert (sc.title, sc.units, sc.dice_seed) == ("Ledge", "height", 7)
    assert [s.id for s in sc.field.sections] == ["ledge", "floor"]
    assert sc.field.border_height("ledge", "floor") == 3
    assert sc.field.borders[0].x == 2  # drawn at the touching edge
    ann, bob = sc.fighters
    assert ann[MOVES] == (MoveEntry("Move", 1, 2.0),)
    assert ann[HEIGHT] is None
    assert bob[HEIGHT] == 1
    assert bob[ACTIONS] == (Action("Spear", 0, 1),)
    assert sc.sides == ("Heroes", "Foes")
    assert sc.fighter("bob") is bob
    with pytest.raises(UnknownFighterError, match="'zed'"):
        sc.fighter("zed")


def test_height_rules_need_height_units():
    """H1: "Every section has an elevation in Height units" — a scenario in feet
    is refereed by Combat at Different Levels (issue 6: the units' default rule
    set), not by the Height rules, and asking the Height rules says so."""
    doc = minimal()
    doc["units"] = "feet"
    sc = scenario.load(doc)
    assert sc.rules == ("levels",)
    with pytest.raises(RuleSetError) as info:
        sc.require(REGISTRY["height"])
    assert str(info.value) == (f"the Height rules do not referee “{sc.title}”: it is refereed by "
                               "Combat at Different Levels")


# -- every problem, with its path ----------------------------------------

def test_a_bad_move_entry_is_reported_at_its_path():
    """STYLE 6: "whole-scenario validation returns every problem at once, with its
    path"; H2 entries read "`Move N (Height h)`" — the problem names the fighter
    and the entry by index, and quotes the text."""
    doc = minimal()
    doc["fighters"].append({"id": "cy", "name": "Cy", "side": "Foes", "section": "floor",
                            "moves": ["Move one"], "actions": []})
    found = problems(doc)
    assert len(found) == 1
    assert found[0].startswith('fighters[2].moves[0]: "Move one" is not a Move entry')


def test_a_missing_title_is_called_missing_and_a_null_one_not_text():
    """STYLE 6, a problem with its path and what is wrong: a document with no ``title`` says it is missing (a
    newcomer's import said "must be text: null" for a title that was not there); ``"title": null`` is not text."""
    doc = minimal()
    del doc["title"]
    assert problems(doc) == ("title: missing: every scenario has one",)
    doc["title"] = None
    assert problems(doc) == ("title: must be text: null",)


def test_every_problem_is_reported_at_once_with_its_path():
    """STYLE 6: "whole-scenario validation returns every problem at once, with its
    path". Each mistake below is listed once, in document order."""
    doc = minimal()
    doc["vertigo"] = 3
    doc["colour"] = "red"
    doc["dice_seed"] = -1
    doc["sections"][0]["elevation"] = 1e9
    doc["sections"][1]["x"] = [5, 2]
    doc["sections"].append({"id": "ledge", "elevation": 0, "x": [5, 6], "kind": "cave"})
    doc["borders"] += [["floor", "floor"], ["ledge", "floor"], {"between": ["floor", "pit"], "x": 5}]
    doc["fighters"][0]["actions"] = ["Shortbow, range 3", "Bow range 2"]
    doc["fighters"][1]["section"] = "pit"
    doc["fighters"][1]["height"] = -1
    doc["fighters"][1]["moves"] = ["Move 2", "Move 500"]
    assert problems(doc) == (
        "vertigo: must be the format version, the number 2 (or 1 for an older file): 3",
        "colour: is not a scenario field",
        "dice_seed: must be a whole number from 0 to 2^53 − 1: -1",
        "sections[0].elevation: must be -1000 to 1000: 1000000000",
        "sections[1].x: right edge must be greater than left edge: [5, 2]",
        "sections[2].id: repeats the id 'ledge'",
        "sections[2].kind: must be one of ground, slab: \"cave\"",
        'borders[1]: joins a section to itself: "floor"',
        "borders[2]: repeats the border ledge – floor",
        'borders[3].between[1]: names no section: "pit"',
        'fighters[0].actions[1]: "Bow range 2" is not an action (expected e.g. "Shortbow, range 3" '
        'or "Spear, range 0, Reach")',
        'fighters[1].section: names no section: "pit"',
        "fighters[1].moves[1]: Move entry distance must be ≤ 50: 500",
        "fighters[1].height: must be 0 to 1000: -1",
    )


def test_scenario_error_message_lists_the_problems():
    """STYLE 6: "whole-scenario validation returns every problem at once" — one
    ScenarioError (a ValueError), its problems counted and listed."""
    doc = minimal()
    doc["title"] = ""
    doc["fighters"][0]["id"] = "a b"
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    assert str(info.value) == (
        "2 problems in the scenario:\n"
        '- title: must be non-empty text: ""\n'
        "- fighters[0].id: must be an id of 1–40 letters, digits, '_', '-' or '.': \"a b\""
    )
    assert isinstance(info.value, ValueError)


def test_a_section_with_a_problem_does_not_cascade():
    """STYLE 6: "every problem at once, with its path" — each once: a border or
    fighter naming a section that has its own problem is not reported again."""
    doc = minimal()
    doc["sections"][0]["elevation"] = "high"
    assert problems(doc) == ('sections[0].elevation: must be a number from -1000 to 1000: "high"',)


@pytest.mark.parametrize(
    "doc, expected",
    [([], ("document: must be a JSON object: []",)),
     ({"vertigo": 1, "title": "T"}, ("sections: must be a list: null",)),
     ({"vertigo": 1, "title": "T", "sections": []}, ("sections: must not be empty",))],
)
def test_documents_without_sections(doc, expected):
    """H1: "Every section has an elevation" and Height lies "between two sections";
    a scenario with no sections is refused, with its path."""
    assert problems(doc) == expected


def test_invalid_json_names_line_and_column():
    """STYLE 6: "every problem ... with its path" — for broken JSON, its line and
    column."""
    with pytest.raises(ScenarioError) as info:
        scenario.loads('{\n  "vertigo": 1,\n  "title": }')
    assert info.value.problems == ("line 3, column 12: not valid JSON (Expecting value)",)


def test_duplicate_json_keys_are_refused_not_last_one_wins():
    """Fault: a file with two "title" keys loaded with the second one.  JSON leaves open which of
    two equal keys counts, so a key written twice is refused at its place, every one at once."""
    text = json.dumps(minimal())
    text = text.replace('"title": "Ledge"', '"title": "Ledge", "title": "Cliff"', 1)
    text = text.replace('"id": "bob"', '"id": "bob", "id": "rob", "side": "x", "side": "y"', 1)
    with pytest.raises(ScenarioError) as info:
        scenario.loads(text)
    assert info.value.problems == (
        'document: has the key "title" twice; a key may appear only once in an object',
        'fighters[1]: has the key "id" twice; a key may appear only once in an object',
        'fighters[1]: has the key "side" twice; a key may appear only once in an object',
    )


def test_a_duplicate_key_is_found_in_a_file_with_a_huge_number():
    """The second decoding (an integer past the digit limit) refuses a key written twice too."""
    text = '{"title": "a", "sections": [{"elevation": ' + "9" * 5000 + ', "x": 1, "x": 2}]}'
    with pytest.raises(ScenarioError) as info:
        scenario.loads(text)
    assert info.value.problems == ('sections[0]: has the key "x" twice; a key may appear only once in an object',)


def test_many_duplicate_keys_are_refused_in_linear_time():
    """STYLE 5: bounded work — 50,000 keys each written twice cost one pass, not one per key."""
    pairs = ", ".join(f'"k{i}": 0, "k{i}": 1' for i in range(50_000))
    start = time.perf_counter()
    with pytest.raises(ScenarioError) as info:
        scenario.loads("{" + pairs + "}")
    assert time.perf_counter() - start < 5.0
    assert info.value.problems[0] == 'document: has the key "k0" twice; a key may appear only once in an object'
    assert len(info.value.problems) == ScenarioError.SHOWN + 1


# -- absurd sizes: refused with a clear message, quickly -----------------

def quickly(doc) -> tuple[str, ...]:
    start = time.perf_counter()
    found = problems(doc)
    assert time.perf_counter() - start < 5.0
    return found


def test_a_million_sections_are_refused():
    """STYLE 5: "caps on dice counts, sections, fighters ... with a specific error
    when exceeded" — at most 250 sections (MAX_SECTIONS)."""
    doc = minimal()
    doc["sections"] = [{"id": "x", "elevation": 0, "x": [0, 1]}] * 1_000_000
    doc["borders"] = []
    doc["fighters"] = []
    assert quickly(doc) == ("sections: has 1000000 entries; at most 250 are allowed",)


def test_a_million_borders_and_fighters_are_refused():
    """STYLE 5: "caps on dice counts, sections, fighters ... with a specific error
    when exceeded" — at most 1000 borders and 50 fighters (MAX_BORDERS, MAX_FIGHTERS)."""
    doc = minimal()
    doc["borders"] = [["ledge", "floor"]] * 1_000_000
    doc["fighters"] = [doc["fighters"][0]] * 1_000_000
    assert quickly(doc) == (
        "borders: has 1000000 entries; at most 1000 are allowed",
        "fighters: has 1000000 entries; at most 50 are allowed",
    )


@pytest.mark.parametrize(
    "elevation, message",
    [(1e9, "sections[0].elevation: must be -1000 to 1000: 1000000000"),
     (-1001, "sections[0].elevation: must be -1000 to 1000: -1001"),
     (10 ** 400, "sections[0].elevation: must be -1000 to 1000: 1.00e+400"),
     (1e308, "sections[0].elevation: must be -1000 to 1000: 1e+308"),
     (float("inf"), "sections[0].elevation: must be a number from -1000 to 1000: inf"),
     (float("nan"), "sections[0].elevation: must be a number from -1000 to 1000: nan"),
     (True, "sections[0].elevation: must be a number from -1000 to 1000: true")],
)
def test_absurd_elevations_are_refused(elevation, message):
    """H1: "Every section has an elevation in Height units (integers in the usual
    case; decimals allowed)"; STYLE 5 caps it at ±1000 — 1e9 and the like are
    refused with the cap and the value."""
    doc = minimal()
    doc["sections"][0]["elevation"] = elevation
    assert quickly(doc) == (message,)


def test_elevation_at_the_cap_is_accepted():
    """H1: "The Height of the border between two sections is the absolute
    difference of their elevations" — elevations at the ±1000 cap load and make
    a Height 2000 border."""
    doc = minimal()
    doc["sections"][0]["elevation"] = 1000
    doc["sections"][1]["elevation"] = -1000
    assert scenario.load(doc).field.border_height("ledge", "floor") == 2000


def test_absurdly_long_entries_are_refused_quickly():
    """STYLE 5: "Bounded work ... with a specific error when exceeded" — a 1 MB Move
    entry or action is refused by its length, not parsed."""
    doc = minimal()
    doc["fighters"][0]["moves"] = ["Move " + " " * 1_000_000 + "1"]
    doc["fighters"][0]["actions"] = [" " * 1_000_000]
    assert quickly(doc) == (
        "fighters[0].moves[0]: a Move entry must be at most 200 characters: 1000006",
        "fighters[0].actions[0]: an action must be at most 200 characters: 1000000",
    )


def test_a_document_too_large_is_refused_before_decoding():
    """STYLE 5: "Bounded work ... with a specific error when exceeded" — at most
    2 000 000 characters of JSON, checked before decoding."""
    start = time.perf_counter()
    with pytest.raises(ScenarioError) as info:
        scenario.loads(" " * 2_000_001)
    assert time.perf_counter() - start < 5.0
    assert info.value.problems == ("document: is 2000001 characters; at most 2000000 are allowed",)


def test_values_of_the_wrong_kind_are_problems_not_crashes():
    """STYLE 10: "any input gives a verdict or a `RulesError`" — lists where text or
    ids belong are problems with their path (STYLE 6), not crashes."""
    doc = minimal()
    doc["sections"][1]["id"] = ["floor"]
    doc["fighters"][1]["section"] = {"id": "floor"}
    found = problems(doc)
    assert "sections[1].id: must be an id of 1–40 letters, digits, '_', '-' or '.': [\"floor\"]" in found
    assert 'fighters[1].section: names no section: {"id": "floor"}' in found


# -- round trips ---------------------------------------------------------

def test_bundled_scenarios_are_listed_in_the_index():
    """Height and Range: "Consider the following examples" — the bundled scenarios
    that set them up (and the cliff) are all offered: index.json lists exactly
    the files, with their titles."""
    index = json.loads((SCENARIOS / "index.json").read_text(encoding="utf-8"))
    assert sorted(item["file"] for item in index) == BUNDLED
    for item in index:
        doc = json.loads((SCENARIOS / item["file"]).read_text(encoding="utf-8"))
        assert doc["title"] == item["title"]


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_scenario_dump_load_round_trip(name):
    """STYLE 2: "Parsers and formatters come in pairs" — every bundled scenario
    survives dump/load: its H1 elevations, H2 Move entries and H6 actions."""
    text = (SCENARIOS / name).read_text(encoding="utf-8")
    sc = scenario.loads(text)
    doc = scenario.dump(sc)
    assert scenario.load(doc) == sc
    assert scenario.load(json.loads(json.dumps(doc))) == sc
    assert scenario.loads(scenario.dumps(sc)) == sc
    assert scenario.dump(scenario.load(doc)) == doc
    original = json.loads(text)
    assert [s["id"] for s in doc["sections"]] == [s["id"] for s in original["sections"]]
    assert [f.get("moves", []) for f in doc["fighters"]] == [f.get("moves", []) for f in original["fighters"]]
    assert [f.get("actions", []) for f in doc["fighters"]] == [f.get("actions", []) for f in original["fighters"]]


def test_dump_writes_canonical_entries_and_keeps_decimals():
    """H1: "decimals allowed" — they survive a dump; H2 entries and H6 actions
    ("bare "Reach" = 1") are written back canonically."""
    doc = minimal()
    doc["sections"][0]["elevation"] = 2.5
    doc["fighters"][0]["moves"] = ["  Move 1 ( Height 2.0 )"]
    doc["fighters"][1]["actions"] = ["Spear, range 0, Reach 1"]
    out = scenario.dump(scenario.load(copy.deepcopy(doc)))
    assert out["sections"][0]["elevation"] == 2.5
    assert out["sections"][1]["elevation"] == 0 and isinstance(out["sections"][1]["elevation"], int)
    assert out["fighters"][0]["moves"] == ["Move 1 (Height 2)"]
    assert out["fighters"][1]["actions"] == ["Spear, range 0, Reach"]
    assert out["borders"] == [["ledge", "floor"]]  # drawn where it would be drawn anyway: the short form
    doc["borders"] = [{"between": ["ledge", "floor"], "x": 1.5}]
    assert scenario.dump(scenario.load(doc))["borders"] == [{"between": ["ledge", "floor"], "x": 1.5}]


@pytest.mark.parametrize("text", ["[" * 20000 + "]" * 20000, '{"a": ' * 5000 + "1" + "}" * 5000])
def test_deeply_nested_json_is_refused_before_it_is_decoded(text):
    """STYLE 5 "Bounded work … so hostile input cannot hang the process": nesting deeper than
    MAX_NESTING is refused with a message, before the decoder can exhaust the stack."""
    with pytest.raises(ScenarioError) as info:
        scenario.loads(text)
    assert info.value.problems == ("document: nests arrays and objects more than 16 deep; at most 16 are allowed",)


def test_brackets_inside_strings_do_not_count_as_nesting():
    """Only the structure counts: a name full of brackets and escaped quotes nests nothing."""
    assert scenario.nesting('{"name": "[[[[\\"{{{{", "x": [[1]]}') == 3
    assert scenario.nesting('{"a": "\\\\", "b": [["]"]]}') == 3
    assert scenario.nesting('[{"k": [1, {"m": []}]}]') == 5
    assert scenario.nesting('[[[') == 3 and scenario.nesting(']]][[') == 2
    assert scenario.nesting('"[[[[') == 0  # an unterminated string: its brackets are text


HOSTILE_SHAPES = {
    "escaped quotes in an unterminated string (R1)": lambda n: '"' + '\\"' * (n // 2),
    "nothing but backslashes": lambda n: '"' + "\\" * n,
    "many tiny strings": lambda n: '["",' * (n // 4),
    "open brackets": lambda n: "[" * n,
    "pairs of brackets": lambda n: "[]" * (n // 2),
    "nesting 16 deep, repeated": lambda n: ("[" * 16 + "]" * 16) * (n // 32),
    "brackets inside strings": lambda n: '["' + "[{" * (n // 2) + '"]',
}


@pytest.mark.parametrize("shape", HOSTILE_SHAPES, ids=list(HOSTILE_SHAPES))
def test_the_nesting_check_does_a_bounded_number_of_passes_at_every_size(shape, monkeypatch):
    """Issue 5, fault 1: "Every check on untrusted text must be linear ... tests that count work rather than
    time". The pre-scan is a fixed number of C-speed whole-text operations plus at most MAX_NESTING + 1
    passes that each scan the text once, whatever its size and shape (counted, not timed)."""
    passes = []
    real = document._innermost_removed
    monkeypatch.setattr(document, "_innermost_removed", lambda b: passes.append(len(b)) or real(b))
    for size in (1_000, 100_000, MAX_DOCUMENT_CHARS):
        passes.clear()
        scenario.nesting(HOSTILE_SHAPES[shape](size))
        assert len(passes) <= scenario.MAX_NESTING + 1
        assert all(n <= size + 2 for n in passes)


def test_an_unterminated_string_of_escaped_quotes_is_refused_as_not_json():
    """R1-redos-40KB.json: refused like any bad JSON, with its line and column; issue 22: the message no longer
    ends mid-sentence ("Unterminated string starting at)")."""
    with pytest.raises(ScenarioError) as info:
        scenario.loads('"' + '\\"' * 20000)
    assert info.value.problems == ("line 1, column 1: not valid JSON (Unterminated string starting at line 1, "
                                   "column 1; the text ends before the JSON does: is the file cut short?)",)


@pytest.mark.parametrize(("text", "problem"), [
    ('{"vertigo": 2, "title": "The cli', "line 1, column 25: not valid JSON (Unterminated string starting at line 1, "
                                         "column 25; the text ends before the JSON does: is the file cut short?)"),
    ('{"vertigo": 2,\n  "title": "x"\n\n', "line 4, column 1: not valid JSON (Expecting ',' delimiter; the text "
                                          "ends before the JSON does: is the file cut short?)"),
    ('{"title": "a\nb"}', "line 1, column 13: not valid JSON (Invalid control character at line 1, column 13)"),
    ('{"title" 1}', "line 1, column 10: not valid JSON (Expecting ':' delimiter)"),
])
def test_a_truncated_or_broken_file_gets_a_complete_message(text, problem):
    """Issue 22, "a truncated JSON file's message no longer ends mid-sentence": the decoder's reasons that end
    in "at" get their line and column, and a text that stops before its JSON does says the file may be cut
    short; a broken file that is not short says nothing of the kind."""
    with pytest.raises(ScenarioError) as info:
        scenario.loads(text)
    assert info.value.problems == (problem,)


@settings(max_examples=300, deadline=None, database=None)
@given(st.text(alphabet=st.sampled_from('[]{}"\\:,0123456789eE.-+ tfnaulrsx\u202e\u200b'), max_size=400))
def test_any_text_gives_a_scenario_or_a_scenario_error(text):
    """Issue 5: "a Hypothesis test that any text up to the limit gets a scenario or a specific error" — never
    another exception (the hang guard is Hypothesis's own, not a speed claim)."""
    try:
        scenario.loads(text)
    except ScenarioError as e:
        assert e.problems and all(": " in p for p in e.problems)
