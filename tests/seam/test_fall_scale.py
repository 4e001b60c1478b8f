"""The fall scale through the seam: a rule set declares ``fall_scale`` (``falling.fall_scale``), the document
writes it as a length, a bad one is refused at its place, a battlefield too deep for it is refused at load,
and the rule set's drop goes through ``Battlefield.below`` and ``falling.drop`` (T6, J12, H8).

Source: issue 20, "Typed options carry a length: ``"options": {"fall_scale": "3 in"}``. A scale of 0, a
negative one, text that is not a length, or a length in the wrong unit is refused at its place:
``options.fall_scale: must be a length from 1/4 in to 10 ft: "0 in"``. [...] The test rule set of the seam
uses a scale, so the path is tested before terrain"; "A scenario whose deepest possible fall passes Height
2000 at its scale is refused at load, at ``options.fall_scale`` or at the section."
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from lantern.rules import RULE_SET, SCALE
from test_a_rule_set_plugs_in import DOC

from vertigo import ask, scenario
from vertigo.errors import ScenarioError
from vertigo.falling import fall_scale
from vertigo.rules import REGISTRY

TOWER: dict[str, Any] = {
    **DOC,
    "sections": [*DOC["sections"], {"id": "tower", "name": "Tower", "elevation": 42, "x": [30, 34]}],
    "borders": [["yard", "wall"], ["wall", "tower"]],
    "fighters": [{**DOC["fighters"][0], "section": "tower"}, DOC["fighters"][1]],
}
"""Night watch with a 42-ft tower at x 30–34 beside the 8-ft wall walk (x 20–30) over the yard (x 0–20)."""


@pytest.fixture
def registered() -> Iterator[None]:
    """The lantern rule set in the core's registry, for one test."""
    with REGISTRY.adding(RULE_SET):
        yield


def drop(x: Any, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The watchman, on the tower, drops his lantern at ``x``."""
    doc = {**TOWER, "options": {**TOWER["options"], **(options or {})}}
    return ask.answer({"scenario": doc, "ask": "drop_lantern", "fighter": "watch", "x": x})


def test_default_scale_is_10_ft_and_the_drop_lands_on_the_surface_below(registered: None) -> None:
    """J12's default, 10 ft to a Height: 42 ft down to the yard at x 10 is Height 4.2, 4d6 (H8)."""
    assert scenario.load(TOWER).option(SCALE.key) == Fraction(120)
    answer = drop(10)
    assert (answer["lands"], answer["height"], answer["dice"]) == ("yard", "4.2", "4d6: 4–24, mean 14")
    assert answer["explanation"] == [
        "[L2] Dropped at 10 ft, it lands on Yard.",
        "[L2] The lantern fell: a drop of 42 ft at 10 ft to a Height level is Height 4.2.",
        "[H8] Falling Height 4.2 rounds down to 4: 4d6: 4–24, mean 14."]


def test_a_written_scale_of_3_in_turns_the_same_drop_into_height_168(registered: None) -> None:
    """T6's 3 in to a Height, written as a length: 42 ft = 504 in, ÷ 3 = Height 168, 168d6."""
    answer = drop(10, {"fall_scale": "3 in"})
    assert (answer["height"], answer["dice"].split(":")[0]) == ("168", "168d6")


def test_at_a_shared_edge_the_higher_surface_catches_it_and_past_the_field_it_is_lost(registered: None) -> None:
    """``below``: at x 20, shared by the yard (0 ft) and the wall walk (8 ft), the wall walk: 34 ft,
    Height 3.4; at x 40 nothing is below, which the rule set calls lost."""
    assert (drop(20)["lands"], drop(20)["height"]) == ("wall", "3.4")
    assert drop(40) == {"ask": "drop_lantern", "fighter": "watch", "x": 40, "lands": None, "height": None,
                        "dice": None, "rules": ["L2"],
                        "explanation": ["[L2] Nothing is below 40 ft: the lantern is lost."]}


@pytest.mark.parametrize(("raw", "shown"), [
    ("0 in", '"0 in"'), (-1, "-1"), ("-3 in", '"-3 in"'), ("ten feet", '"ten feet"'), ("3 m", '"3 m"'),
    ("2 Height", '"2 Height"'), (200, "200"), ("1/5 in", '"1/5 in"'), (True, "true"), (None, "null")])
def test_every_bad_scale_is_refused_at_its_place(registered: None, raw: Any, shown: str) -> None:
    """Issue 20: 0, negative, not a length, a wrong unit, past 10 ft (200 ft in a feet document), under
    1/4 in: each refused at ``options.fall_scale`` with the bounds."""
    with pytest.raises(ScenarioError) as info:
        scenario.load({**TOWER, "options": {"fall_scale": raw}})
    assert info.value.problems == (f"options.fall_scale: must be a length from 1/4 in to 10 ft: {shown}",)


@pytest.mark.parametrize(("raw", "written", "inches"), [
    ("3 in", "3 in", Fraction(3)), ("10 ft", "10 ft", Fraction(120)), (0.25, "3 in", Fraction(3)),
    ("1/2 in", "1/2 in", Fraction(1, 2)), ("2 ft 6 in", "30 in", Fraction(30))])
def test_a_scale_is_held_in_inches_and_written_with_its_unit(registered: None, raw: Any, written: str,
                                                            inches: Fraction) -> None:
    """A scale reads in the document's unit (0.25 in a feet document is 3 in) and is written back with its
    unit, so the dump loads again to the same scenario."""
    sc = scenario.load({**TOWER, "options": {"fall_scale": raw}})
    assert sc.option(SCALE.key) == inches
    doc = scenario.dump(sc)
    assert doc["options"]["fall_scale"] == written
    assert scenario.load(doc) == sc


DEEP: dict[str, Any] = {
    **TOWER,
    "sections": [*DOC["sections"], {"id": "tower", "name": "Tower", "elevation": 9000, "x": [30, 34]},
                 {"id": "pit", "name": "Pit", "elevation": -9000, "x": [34, 40]}],
}
"""A 9,000-ft tower beside a pit 9,000 ft down: 18,000 ft, Height 1800 at 10 ft, 72,000 at 3 in."""


def test_the_fall_cap_holds_at_the_scale_10_ft_and_9_ft(registered: None) -> None:
    """18,000 ft at 10 ft is Height 1800 and at 9 ft exactly Height 2000: both load."""
    assert scenario.load(DEEP).option(SCALE.key) == 120
    assert scenario.load({**DEEP, "options": {"fall_scale": "9 ft"}}).option(SCALE.key) == 108


def test_a_written_scale_too_small_for_the_depth_is_refused_at_the_option(registered: None) -> None:
    """At 3 in, 18,000 ft is Height 72,000: refused at ``options.fall_scale`` with the least scale, 108 in."""
    with pytest.raises(ScenarioError) as info:
        scenario.load({**DEEP, "options": {"fall_scale": "3 in"}})
    assert info.value.problems == (
        "options.fall_scale: a fall from 'tower' at 9000 ft to 'pit' at −9000 ft is Height 72000 at 3 in to a "
        "Height level; falls are counted to Height 2000, so the scale must be at least 108 in",)


def test_an_inches_battlefield_at_its_caps_is_refused_at_the_scale_that_makes_it_too_deep(registered: None) -> None:
    """Issue 20: an inches battlefield spans ±120,000 in; top to bottom, 240,000 in, is Height 2000 at the
    10-ft default and loads, while at 119 in it is Height 2016.81: refused at the option, with the least
    scale (120 in)."""
    doc = {**DEEP, "units": "inches", "rules": ["lantern"],
           "sections": [*DOC["sections"], {"id": "tower", "name": "Tower", "elevation": 120000, "x": [30, 34]},
                        {"id": "pit", "name": "Pit", "elevation": -120000, "x": [34, 40]}]}
    assert scenario.load(doc).option(SCALE.key) == 120
    with pytest.raises(ScenarioError) as info:
        scenario.load({**doc, "options": {"fall_scale": "119 in"}})
    assert info.value.problems == (
        "options.fall_scale: a fall from 'tower' at 120000 in to 'pit' at −120000 in is Height 2016.81 at 119 in "
        "to a Height level; falls are counted to Height 2000, so the scale must be at least 120 in",)


def test_at_the_default_scale_too_deep_a_battlefield_is_refused_at_its_highest_section() -> None:
    """A scale left at its default refuses at the highest section.  At the 10-ft default no battlefield can
    be too deep (±10,000 ft is Height 2000 exactly), so this uses a rule set whose default is T6's 3 in:
    the 42-ft tower over the yard is 504 in, Height 168, and loads; 9,000 ft over −9,000 ft is refused at
    the tower, ``sections[2]``."""
    skirmish = replace(RULE_SET, id="skirmish", questions=(), fields=(),
                       options=(fall_scale(Fraction(3), "one Height per 3 in (T6)"),))
    plain = [{k: v for k, v in f.items() if k != "lantern"} for f in TOWER["fighters"]]
    with REGISTRY.adding(skirmish):
        assert scenario.load({**TOWER, "rules": ["skirmish"], "options": {}, "fighters": plain}
                             ).option("fall_scale") == 3
        with pytest.raises(ScenarioError) as info:
            scenario.load({**DEEP, "rules": ["skirmish"], "options": {}, "fighters": plain})
    assert info.value.problems == (
        "sections[2]: a fall from 'tower' at 9000 ft to 'pit' at −9000 ft is Height 72000 at 3 in to a Height "
        "level; falls are counted to Height 2000: lower the section, or write a larger options.fall_scale",)
