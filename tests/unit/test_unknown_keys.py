"""Unknown keys are refused at their place, with the nearest known key; declared fields and options are
read from their declarations.

Source: issue 19, "Unknown keys refused in every object of a version-2 document and of an ``ask``
question, at their place, with a suggestion from ``difflib.get_close_matches(key, known, n=1,
cutoff=0.6)``: ``sections[3]: unknown key "kindd"; did you mean "kind"?``. "Known" means declared by any
registered rule set, so a fighter keeps every field whichever rule sets referee the scenario. In a
version-1 file unknown keys are still ignored, except keys that only version 2 defines: those are refused
with the hint ``write "vertigo": 2``."
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.errors import ScenarioError
from vertigo.reading import SUGGESTED, UNKNOWN_SHOWN, declared
from vertigo.rules import REGISTRY
from vertigo.rules.levels.rules.fields import SM, WEAPONS

ROOT = Path(__file__).resolve().parents[2]
CLIFF = json.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text(encoding="utf-8"))
STAIRCASE = json.loads((ROOT / "static" / "scenarios" / "staircase.json").read_text(encoding="utf-8"))
CLIFF_V1 = json.loads((Path(__file__).parent / "version-1" / "cliff.json").read_text(encoding="utf-8"))


def problems(doc: dict) -> tuple[str, ...]:
    with pytest.raises(ScenarioError) as info:
        scenario.load(doc)
    return info.value.problems


def cliff(**edits) -> dict:
    doc = json.loads(json.dumps(CLIFF))
    for path, value in edits.items():
        where, _, key = path.rpartition(".")
        obj = doc
        for step in where.split("."):
            obj = obj[int(step)] if step.isdigit() else obj[step]
        obj[key] = value
    return doc


def test_a_misspelt_section_key_is_refused_with_its_suggestion():
    """Issue 19: a roof written with ``"kindd": "slab"`` had imported as solid ground."""
    found = problems(cliff(**{"sections.3.kindd": "slab"}))
    assert found == ('sections[3]: unknown key "kindd"; did you mean "kind"?',)


def test_a_misspelt_fighter_field_of_another_rule_set_is_suggested():
    """Issue 19: "Known" means declared by any registered rule set: the Height cliff's fighter may carry
    ``sm`` (Combat at Different Levels' field), and ``smm`` is offered it."""
    assert problems(cliff(**{"fighters.0.smm": 1})) == ('fighters[0]: unknown key "smm"; did you mean "sm"?',)
    assert scenario.load(cliff(**{"fighters.0.sm": 2})).fighters[0][SM] == 2


def test_a_key_with_nothing_near_it_is_refused_without_a_suggestion():
    """Issue 19: get_close_matches with cutoff 0.6 finds nothing near ``zz``."""
    assert problems(cliff(**{"fighters.1.zz": True})) == ('fighters[1]: unknown key "zz"',)


def test_a_misspelt_key_inside_stairs_and_a_border_object():
    """Issue 19: every object of a version-2 document, nested ones and border objects included."""
    doc = json.loads(json.dumps(STAIRCASE))
    stairs_at = next(i for i, s in enumerate(doc["sections"]) if "stairs" in s)
    doc["sections"][stairs_at]["stairs"]["treed"] = 1
    doc["borders"][0] = {"between": doc["borders"][0] if isinstance(doc["borders"][0], list)
                         else doc["borders"][0]["between"], "kinds": "stair"}
    assert problems(doc) == (f'sections[{stairs_at}].stairs: unknown key "treed"; did you mean "tread"?',
                             'borders[0]: unknown key "kinds"; did you mean "kind"?')


def test_a_top_level_key_is_refused_with_its_suggestion():
    """Issue 19: the document's own keys too (``titel`` → ``title``)."""
    doc = cliff()
    doc["titel"] = "x"
    assert problems(doc) == ('titel: is not a scenario field; did you mean "title"?',)


def test_version_1_ignores_unknown_keys_but_refuses_version_2_keys():
    """Issue 19: "In a version-1 file unknown keys are still ignored, except keys that only version 2
    defines: those are refused with the hint write "vertigo": 2"."""
    doc = json.loads(json.dumps(CLIFF_V1))
    doc["fighters"][0]["colour"] = "red"
    doc["sections"][0]["kindd"] = "slab"
    assert scenario.load(doc).fighters[0].id == doc["fighters"][0]["id"]
    doc["fighters"][0]["sm"] = 1
    doc["sections"][1]["stairs"] = {"rise": 1}
    assert problems(doc) == ('sections[1].stairs: is not a field in version 1 (write "vertigo": 2)',
                             'fighters[0].sm: is not a field in version 1 (write "vertigo": 2)')


def test_a_border_object_takes_an_id_and_a_kind_and_writes_them_back():
    """Issue 19: "One border object for every rule set: {"between", "x", "id"?, "kind"?: "stair" |
    "ladder"}"; a kind outside those two is refused at its place."""
    doc = cliff()
    first = doc["borders"][0]
    pair = first if isinstance(first, list) else first["between"]
    doc["borders"][0] = {"between": pair, "id": "rope", "kind": "ladder"}
    loaded = scenario.load(doc)
    assert (loaded.field.borders[0].id, loaded.field.borders[0].kind) == ("rope", "ladder")
    assert scenario.dump(loaded)["borders"][0] == {"between": pair, "id": "rope", "kind": "ladder"}
    assert scenario.load(scenario.dump(loaded)) == loaded
    doc["borders"][0]["kind"] = "rope"
    assert problems(doc) == ('borders[0].kind: must be one of stair, ladder: "rope"',)


def test_many_unknown_keys_in_one_object_are_counted_on_one_line():
    """Issue 5's bound, kept for issue 19: 10,000 unknown keys in one fighter are a handful of lines, not
    10,000, and past SUGGESTED unknown keys no suggestion is searched for."""
    doc = cliff()
    doc["fighters"][0].update({f"k{i}": i for i in range(10_000)})
    started = time.perf_counter()
    found = problems(doc)
    took = time.perf_counter() - started
    assert len(found) == UNKNOWN_SHOWN + 1
    assert found[-1].startswith(f"fighters[0]: {10_000 - UNKNOWN_SHOWN} more unknown keys; the keys it may have are ")
    assert took < 2.0, took  # a bound on work, not a timing figure: 10,000 difflib searches took seconds
    assert UNKNOWN_SHOWN <= SUGGESTED


def test_every_registered_fighter_field_is_kept_whichever_rule_sets_referee():
    """Issue 19: "a fighter keeps every field whichever rule sets referee the scenario": a Height fighter's
    weapons and SM are kept and written back."""
    doc = cliff(**{"fighters.0.weapons": ["Spear, reach 1,2"], "fighters.0.sm": 1})
    loaded = scenario.load(doc)
    assert [str(w) for w in loaded.fighters[0][WEAPONS]] == ["Spear, reach 1,2"]
    assert [key for key, _ in loaded.fighters[0].values] == [f.key for f in declared("fighter")]
    again = scenario.dump(loaded)["fighters"][0]
    assert (again["sm"], again["weapons"]) == (1, ["Spear, reach 1,2"])


def test_an_option_is_read_by_its_declared_kind():
    """Issue 19: options are typed; ``hit_locations`` is true or false (G7), default true."""
    doc = json.loads(json.dumps(STAIRCASE))
    doc["options"] = {"hit_locations": 0}
    assert problems(doc) == ("options.hit_locations: must be true or false: 0",)
    doc["options"] = {"hit_locations": False}
    assert scenario.load(doc).option("hit_locations") is False
    del doc["options"]
    assert scenario.load(doc).option("hit_locations") is True
    assert REGISTRY["levels"].options[0].label == "Hit locations"
