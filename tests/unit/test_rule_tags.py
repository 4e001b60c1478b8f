"""Rule tags explained: every tag the core can put on an explanation line has an entry, and every entry
points to a heading that exists in ``docs/rules.md``.

Source: issue 7 ("rule tags (H2, H5, H8) are never explained on the page (link each to its rule)");
``../shared/RULINGS.md`` (rulings H1–H14, G1–G7); ``docs/rules.md`` (the restated rulings, one heading each).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from vertigo import scenario
from vertigo.errors import UnknownRuleError
from vertigo.rule_tags import RULE_TAGS, page_id, rule_tag, split_tags
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.fields import MOVES
from vertigo.rules.height.rules.options import judge_options
from vertigo.rules.levels.rules import play as levels_play
from vertigo.table import Table
from vertigo.verdict import rule_ids

from builders import SCENARIOS

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "py" / "vertigo"
RULES = ROOT / "docs" / "rules.md"
needs_docs = pytest.mark.skipif(not RULES.exists(), reason="docs/ is not shipped with the page")

_LITERAL_TAG = re.compile(r'"((?:[A-Z][0-9]{1,2})(?:, [A-Z][0-9]{1,2})*)"')
"""A string literal that is nothing but ruling ids: ``"H2"``, ``"G2, G6"`` (a step's or row's rule)."""


def github_anchor(heading: str) -> str:
    """The fragment GitHub gives a Markdown heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return "#" + kept.replace(" ", "-")


def rules_anchors() -> set[str]:
    text = RULES.read_text(encoding="utf-8")
    return {github_anchor(h) for h in re.findall(r"^#{1,6} (.+)$", text, re.M)}


def emitted_in_source() -> set[str]:
    """Every ruling id written as a whole string literal in the core (``Step("H2", …)``, ``rule = "G2, G6"``)."""
    found: set[str] = set()
    for path in sorted(CORE.rglob("*.py")):
        if path.name == "rule_tags.py":
            continue
        for literal in _LITERAL_TAG.findall(path.read_text(encoding="utf-8")):
            found.update(split_tags(literal))
    return found


def emitted_by_verdicts() -> set[str]:
    """Every ruling id on a step of every verdict of every bundled battlefield (moves, options, shots, levels)."""
    found: set[str] = set()
    for path in sorted(SCENARIOS.glob("*.json")):
        if path.name == "index.json":
            continue
        t = Table.start(scenario.loads(path.read_text(encoding="utf-8")))
        sc = t.scenario
        for f in sc.fighters:
            steps = []
            if "height" in sc.rules:
                o = judge_options(t, f.id)
                steps.extend(o.steps)
                for i in range(len(f[MOVES])):
                    steps.extend(height_play.reach(t, f.id, i).steps)
                    for s in sc.field.sections:
                        v = height_play.move_verdict(t, f.id, i, s.id)
                        steps.extend(v.steps)
                        steps.extend(v.overridden(not v.allowed).steps)
                for g in sc.fighters:
                    if g.id != f.id:
                        steps.extend(s for v in height_play.attack(t, f.id, g.id) for s in v.steps)
            if "levels" in sc.rules:
                for g in sc.fighters:
                    if g.id != f.id:
                        for strange in (False, True):
                            v = levels_play.levels_verdict(t, f.id, g.id, strange_position=strange)
                            steps.extend(v.steps)
                            steps.extend(s for d in v.directions for s in d.steps)
            found.update(rule_ids(steps))
    return found


def test_every_tag_written_in_the_core_has_an_entry():
    """Issue 7: "link each to its rule" — a tag with no entry would be a dead link."""
    emitted = emitted_in_source()
    assert {"H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "G1", "G2", "G3", "G4", "G5", "G6", "G7"} <= emitted
    assert sorted(emitted - set(RULE_TAGS)) == []


def test_every_tag_a_verdict_of_a_bundled_battlefield_carries_has_an_entry():
    """The same, read off the verdicts themselves: every move, options table, shot and levels verdict (both
    directions, standing and lying down) of every bundled battlefield, and every DM override (H7)."""
    emitted = emitted_by_verdicts()
    assert {"H2", "H3", "H4", "H5", "H6", "H7", "H8", "G1", "G2", "G3", "G5", "G6"} <= emitted
    assert sorted(emitted - set(RULE_TAGS)) == []


@needs_docs
def test_every_entry_points_to_a_heading_of_the_rules_page():
    """``docs/rules.md`` restates each ruling under its own heading; each anchor exists."""
    anchors = rules_anchors()
    assert "#h5-ranged-actions-range-needed-and-blocking" in anchors  # the slug rule, checked on one heading
    assert {t: e.anchor for t, e in RULE_TAGS.items() if e.anchor not in anchors} == {}
    for tag, e in RULE_TAGS.items():
        assert e.anchor.startswith(f"#{tag.lower()}-"), tag


def test_entries_are_in_the_order_of_the_rules_page_and_say_something():
    """A fixed order (H, then G, then T, then J, each by number) for the glossary; each entry has a title, a
    one-line statement and a source seed file."""
    assert list(RULE_TAGS) == ["H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "H10", "H11", "H12", "H13",
                               "H14", "H15",
                               "G1", "G2", "G3", "G4", "G5", "G6", "G7",
                               "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8",
                               "J1", "J2", "J3", "J4", "J5", "J6", "J7", "J8", "J9", "J10", "J11", "J12"]
    for tag, e in RULE_TAGS.items():
        assert e.tag == tag and e.title and e.statement.endswith(".") and "\n" not in e.statement
        assert e.source.startswith(("000_519d8b8e373365db.txt", "001_cbc7fc1b49bd2ff2.txt",
                                    "002_c9100305c0bcca6b.txt", "003_d3aa233771e16bb9.txt"))
        assert e.page_id == page_id(tag) == f"rule-{tag.lower()}"
        assert list(e.to_json()) == ["tag", "title", "statement", "anchor", "source"]


def test_h5_says_what_the_ruling_says():
    """H5: "the range needed is max(d, |Δh|) … blocked when any section strictly between them stands
    higher than both ends"."""
    h5 = rule_tag("H5")
    assert (h5.title, h5.anchor) == ("Ranged actions", "#h5-ranged-actions-range-needed-and-blocking")
    assert "max(steps, |net Height change|)" in h5.statement and "higher than both ends" in h5.statement


def test_split_tags_and_unknown_tags():
    """A step may cite several rulings (``"G2, G6"``); an unknown id is refused, quoted."""
    assert split_tags("G2, G6") == ("G2", "G6")
    assert split_tags("H5") == ("H5",)
    assert split_tags(" , x, H13") == ("H13",)
    with pytest.raises(UnknownRuleError, match=r'no rule tag "H99"; the tags are H1, H2'):
        rule_tag("H99")
    with pytest.raises(LookupError):
        rule_tag("G2, G6")
