"""Format version 2 of the scenario document (issue 6): units, rule sets, options, stairs, a fighter's
place on its section, SM and weapons — and every version-1 document still loads, converted with nothing lost."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.errors import RuleSetError, ScenarioError
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.fields import MOVES
from vertigo.rules.levels.rules import play as levels_play
from vertigo.rules.levels.rules.fields import SM, WEAPONS
from vertigo.table import Table

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(p for p in (ROOT / "static" / "scenarios").glob("*.json") if p.name != "index.json")
REAL_CASES = sorted((ROOT.parent / "shared" / "repro" / "real-cases").glob("*.json"))
VERSION_1 = sorted((Path(__file__).resolve().parent / "version-1").glob("*.json"))
"""The three Height battlefields as they were bundled in version 1, before they were written as version 2."""


def _version_1_documents() -> list[tuple[str, dict]]:
    """Every version-1 scenario the project holds: the bundled battlefields as they were, any bundled one still
    in version 1, and the real cases of the repro folder."""
    found = []
    for path in [*VERSION_1, *BUNDLED, *REAL_CASES]:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(doc, dict) and doc.get("vertigo") == 1:
            found.append((path.name, doc))
    return found


V1 = _version_1_documents()


@pytest.mark.parametrize(("name", "doc"), V1, ids=[n for n, _ in V1])
def test_every_version_1_document_converts_to_version_2_with_nothing_lost(name, doc):
    """Issue 6: "Every version-1 file still loads (converted on load, nothing lost); exports write version 2"."""
    old = scenario.load(doc)
    new_doc = scenario.dump(old)
    assert new_doc["vertigo"] == 2
    assert new_doc["rules"] == list(old.rules) == (["height"] if doc.get("units", "height") == "height" else
                                                   list(scenario.default_rules(doc["units"])))
    again = scenario.load(json.loads(json.dumps(new_doc)))
    assert again == old
    for was, now in zip(doc["sections"], again.field.sections, strict=True):
        assert (now.id, now.elevation, now.x0, now.x1) == (
            was["id"], Fraction(repr(float(was["elevation"]))), Fraction(repr(float(was["x"][0]))),
            Fraction(repr(float(was["x"][1]))))
    for was, now in zip(doc.get("fighters", []), again.fighters, strict=True):
        assert [str(m) for m in now[MOVES]] == was.get("moves", [])
        assert now.section == was["section"]


def test_there_are_version_1_documents_to_convert():
    """The conversion test above is not vacuous: the three Height battlefields as they were in version 1."""
    assert {"cliff.json", "four-shots.json", "ruined-street.json"} <= {n for n, _ in V1}


def feet_doc(**changes) -> dict:
    doc = {
        "vertigo": 2, "title": "Steps", "units": "feet", "rules": ["levels"],
        "sections": [{"id": "floor", "name": "Floor", "elevation": 0, "x": [0, 4]},
                     {"id": "stair", "name": "Stair", "elevation": "8 in", "x": [4, 13],
                      "stairs": {"rise": "8 in"}}],
        "borders": [["floor", "stair"]],
        "fighters": [{"id": "a", "name": "Ann", "side": "A", "section": "floor", "x": "3 1/2",
                      "weapons": ["Spear, reach 1,2"]},
                     {"id": "b", "name": "Bob", "side": "B", "section": "stair", "x": "12 1/2", "sm": 1,
                      "weapons": ["Knife, reach C"]}],
    }
    doc.update(changes)
    return doc


def test_a_feet_scenario_holds_exact_lengths_stairs_places_sm_and_weapons():
    """Issue 6: coordinates in feet, stairs with 1-ft treads unless the scenario says otherwise, a fighter
    at a position on its section; G1: nine 8-inch steps up is exactly 6 ft above the floor."""
    sc = scenario.load(feet_doc())
    stair = sc.field.section("stair")
    assert stair.stairs is not None and (stair.stairs.rise, stair.stairs.tread, stair.steps) == (
        Fraction(2, 3), Fraction(1), 9)
    assert stair.surface(Fraction(25, 2)) == 6 and stair.surface(Fraction(9, 2)) == Fraction(2, 3)
    table = Table.start(sc)
    assert table.stand("a") == ("floor", Fraction(7, 2)) and table.surface("b") == 6
    assert sc.fighter("b")[SM] == 1 and str(sc.fighter("b")[WEAPONS][0]) == "Knife, reach C"
    verdict = levels_play.levels_verdict(table, "a", "b")
    assert (verdict.difference_ft, verdict.band.label, verdict.possible) == (6, "up to 6 ft", True)
    assert scenario.load(json.loads(scenario.dumps(sc))) == sc


def test_export_writes_version_2_with_where_fighters_stand_now():
    """Issue 6: exports write version 2; a placed fighter is written at its section and offset."""
    sc = scenario.load(feet_doc())
    table = Table.start(sc).place("a", "stair", Fraction(9, 2))
    doc = json.loads(scenario.dumps(sc, {"a": table.stand_of("a")}))
    assert doc["vertigo"] == 2 and doc["rules"] == ["levels"]
    assert doc["fighters"][0]["section"] == "stair" and doc["fighters"][0]["x"] == 4.5
    assert doc["sections"][1]["stairs"] == {"rise": "2/3", "tread": 1}
    assert scenario.export_size(sc) >= len(scenario.dumps(sc))


@pytest.mark.parametrize("options", [{}, {"hit_locations": False}, {"hit_locations": True}])
def test_export_keeps_the_options_the_document_set(options):
    """STYLE 2 (``load(dump(s)) == s``): an option the document sets is written back, even at its default."""
    sc = scenario.load(feet_doc(options=options))
    assert json.loads(scenario.dumps(sc)).get("options", {}) == options
    assert scenario.load(json.loads(scenario.dumps(sc))) == sc


@pytest.mark.parametrize(("change", "problem"), [
    ({"rules": ["height"]}, "rules[0]: the Height rules ('height') measure in height; this scenario's units are "
                            "'feet'"),
    ({"rules": ["levels", "jumping"]}, "fighters[0].size: Jumping ('jumping') needs it on every fighter: Tiny, "
                                       "Small, Medium or Large"),
    ({"rules": ["levels", "levels"]}, "rules[1]: repeats 'levels'"),
    ({"rules": "levels"}, 'rules: must be a list of rule-set ids (height, levels, terrain, jumping): "levels"'),
    ({"rules": None}, "rules: must be a list of rule-set ids (height, levels, terrain, jumping): null"),
    ({"options": {"hit_locations": "no"}}, 'options.hit_locations: must be true or false: "no"'),
    ({"options": {"fog": True}}, 'options.fog: is not an option of this scenario\'s rule sets (theirs: '
                                 'hit_locations): "fog"'),
    ({"options": {f"o{i}": True for i in range(10_000)}}, "options: has 10000 keys; the rule sets have 2 options "
                                                           "in all (hit_locations, fall_scale)"),
    ({"vertigo": 3}, "vertigo: must be the format version, the number 2 (or 1 for an older file): 3"),
])
def test_rule_sets_and_options_are_checked_at_their_place(change, problem):
    """Issue 6: "a scenario names its unit system and the rule sets that referee it … that fit its units";
    options belong to a rule set the scenario names."""
    with pytest.raises(ScenarioError) as info:
        scenario.load(feet_doc(**change))
    assert problem in info.value.problems


@pytest.mark.parametrize(("where", "value", "problem"), [
    (("sections", 1, "stairs"), {"rise": 0}, "sections[1].stairs.rise: must not be 0 (a flat section needs no "
                                            "stairs)"),
    (("sections", 1, "stairs"), {"rise": "8 in", "tread": "1 mm"}, None),
    (("sections", 1, "stairs"), {"rise": "8 in", "tread": "1/1000 ft"}, "sections[1].stairs: holds 9000 steps of "
                                                                       "its tread; at most 200 are allowed"),
    (("fighters", 0, "x"), 7, "fighters[0].x: must stand on its section, from 0 ft to 4 ft: 7 ft"),
    (("fighters", 0, "x"), "4 ft 1 in", "fighters[0].x: must stand on its section, from 0 ft to 4 ft: 4.08 ft"),
    (("fighters", 1, "sm"), 11, "fighters[1].sm: must be a whole Size Modifier from -10 to +10 (the reach table "
                                "of Combat at Different Levels ends at +10): 11"),
    (("fighters", 1, "weapons"), ["Knife, reach Q"], None),
])
def test_new_fields_are_checked_at_their_place(where, value, problem):
    """Issue 6 and G4: stairs, a fighter's place, SM (≤ +10) and weapons are refused at their place."""
    doc = feet_doc()
    node = doc
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    if problem is not None:
        assert problem in info.value.problems
    else:
        assert any(p.startswith(".".join([where[0] + f"[{where[1]}]", where[2]])) for p in info.value.problems)


def test_stairs_need_feet_or_inches():
    """H1 measures sections, not steps: a Height scenario has no stairs."""
    doc = feet_doc(units="height", rules=["height"])
    doc["sections"][1]["elevation"] = 1
    for f in doc["fighters"]:
        f.pop("x"), f.pop("weapons"), f.pop("sm", None)
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    assert info.value.problems == ("sections[1].stairs: stairs need a scenario in feet or inches; a Height scenario "
                                   "measures sections, not steps",)


def test_a_question_goes_to_the_rule_set_that_answers_it():
    """Issue 6: "the table and the page dispatch through one registry": Height questions of a levels
    scenario, and levels questions of a Height scenario, are refused naming the rule set."""
    table = Table.start(scenario.load(feet_doc()))
    with pytest.raises(RuleSetError, match="the Height rules do not referee “Steps”"):
        height_play.move_verdict(table, "a", 0, "stair")
    height = Table.start(scenario.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text("utf-8")))
    with pytest.raises(RuleSetError, match="Combat at Different Levels does not referee “The cliff”"):
        levels_play.levels_verdict(height, "goat", "kestrel")
    with pytest.raises(RuleSetError, match="placing by hand is for rule sets without movement rules"):
        height.place("goat", "cliff-foot")


def test_placing_is_logged_and_undone():
    """Issue 6: "in a levels-only scenario the referee moves a fighter by placing it … logged and undoable"."""
    table = Table.start(scenario.load(feet_doc()))
    placed = table.place("a", "stair", Fraction(19, 2))
    assert placed.stand("a") == ("stair", Fraction(19, 2)) and placed.surface("a") == 4
    assert placed.log[-1].text == "Ann placed: Floor → Stair at x = 9.5 ft"
    assert placed.log[-1].details == ("Placed by the referee; standing surface 4 ft.",)
    back = placed.undo()
    assert back.stand("a") == ("floor", Fraction(7, 2))
    assert back.log[-1].text == "Undone: Ann placed: Floor → Stair at x = 9.5 ft"


def test_a_saved_table_keeps_where_the_referee_placed_a_fighter():
    """Issue 6 ("no lost work"): a placed fighter's offset, and the undo back to its old place, survive a save."""
    from vertigo.storage import TableEncoder, restore

    table = Table.start(scenario.load(feet_doc())).place("a", "stair", Fraction(19, 2))
    text = TableEncoder().encode(table)
    assert '"positions":{"a":{"section":"stair","x":9.5},"b":{"section":"stair","x":12.5}}' in text  # version 3
    assert '"x":3.5' in text
    back = restore(text)
    assert back.stand("a") == ("stair", Fraction(19, 2)) and back.offsets == table.offsets
    assert back.undo().stand("a") == ("floor", Fraction(7, 2))
    bad = text.replace('"a":{"section":"stair","x":9.5}', '"a":{"section":"stair","x":99}')
    with pytest.raises(ScenarioError) as info:
        restore(bad)
    assert info.value.problems == ("saved table.positions: places fighter 'a' off its section 'stair': 99 ft",)


@pytest.mark.parametrize(("parse", "text"), [
    ("weapon", "Bow, range ٣"), ("weapon", "Pike, reach \uff11"), ("weapon", "Spear, reach 1-\uff13"),
    ("move", "Move ٢"), ("move", "Move 1 (Height ٢)"), ("action", "Sling, range ٢"),
])
def test_entries_take_ascii_digits_only(parse, text):
    """G4/G5 reach notation, H2 Move entries and H5 actions read the digits 0–9 only, as lengths do: another
    script's digit is refused, not silently read as a number."""
    from vertigo.errors import EntryError
    from vertigo.rules.height.rules.actions import Action
    from vertigo.rules.height.rules.moves import MoveEntry
    from vertigo.rules.levels.rules.reach import Weapon

    with pytest.raises(EntryError):
        {"weapon": Weapon.parse, "move": MoveEntry.parse, "action": Action.parse}[parse](text)


def test_lengths_a_document_holds_are_judged_as_they_are():
    """G1 with the lengths of a feet document: a JSON number of seven decimals, or a fighter far along a wide
    battlefield, is exact and within the document's caps, so the levels rules judge it (no second, narrower
    cap between the validator and the rules)."""
    doc = feet_doc()
    doc["fighters"][0]["x"] = 3.1234567
    doc["sections"][0]["x"] = [-20000, 4]
    table = Table.start(scenario.load(doc))
    verdict = levels_play.levels_verdict(table, "a", "b")
    assert verdict.fighters[0].x_ft == Fraction("3.1234567") and verdict.difference_ft == 6
    far = Table.start(scenario.load(feet_doc())).place("a", "floor", Fraction(1, 2))
    doc["fighters"][0]["x"] = -19999.5
    assert levels_play.levels_verdict(Table.start(scenario.load(doc)), "a", "b").directions[0].distance_yd == 6671
    assert levels_play.levels_verdict(far, "a", "b").directions[0].distance_yd == 4


def test_a_stair_whose_last_step_is_out_of_bounds_is_refused():
    """Issue 6 bounds: every standing surface of a stair stays within the elevation cap (10,000 ft)."""
    doc = feet_doc()
    doc["sections"][1]["stairs"] = {"rise": "9999 ft", "tread": "1/20 ft"}
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    # 9 ft of 1/20-ft treads: 180 steps; the last stands 8 in + 179 × 9999 ft = 1,789,821 ft 8 in up.
    assert info.value.problems == (
        "sections[1].stairs: its last step stands at 1789821.67 ft; every surface must be within 10000 ft of 0",)


@pytest.mark.parametrize(("text", "value"), [("8 inches", Fraction(2, 3)), ("8 inch", Fraction(2, 3)),
                                             ("2 feet", Fraction(2)), ("1 foot", Fraction(1)),
                                             ("1 yard", Fraction(3)), ("2 yards", Fraction(6))])
def test_units_may_be_spelt_out(text, value):
    """Issue 6 lengths: "in"/"inch"/"inches", "ft"/"foot"/"feet", "yd"/"yard"/"yards" all read."""
    from vertigo import lengths

    assert lengths.length(text, "feet") == value
