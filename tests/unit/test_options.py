"""Every option at a border: each Move entry's answer for every section some entry reaches (H2–H4, H8).

Source: ``000_519d8b8e373365db.txt`` › Combat — "The Height value provided permits the entity to freely
Move across section borders having a Height value equal to or less than the value in the Move entry";
"An entity cannot Move upward if the Height value of the Move entry is less than the Height value of the
section border"; "The special movement type Fly ignores Height values. Phase and Teleport … must have a
range equal to or greater than the Height value"; rulings H2, H3, H4, H8, H13; issue 7 ("Every option at a
border": "Move 2: no · Move 1 (Height 3): safe · Fly 1: safe · Teleport 3: safe").
"""

from __future__ import annotations

import pytest

from vertigo import scenario
from vertigo.ask import answer, answer_file
from vertigo.errors import QuestionError, RuleSetError, UnknownFighterError
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.moves import MoveEntry
from vertigo.rules.height.rules.options import _rule, judge_options
from vertigo.table import Table

from builders import SCENARIOS

LEDGE = {
    "vertigo": 2, "title": "A ledge", "units": "height", "dice_seed": 1,
    "sections": [{"id": "foot", "name": "Foot", "elevation": 0, "x": [0, 2]},
                 {"id": "ledge", "name": "Ledge", "elevation": 3, "x": [2, 4]},
                 {"id": "pit", "name": "Pit", "elevation": -2, "x": [-2, 0]},
                 {"id": "far", "name": "Far", "elevation": 3, "x": [4, 6]}],
    "borders": [["foot", "ledge"], ["pit", "foot"], ["ledge", "far"]],
    "fighters": [{"id": "f", "name": "Fen", "side": "A", "section": "foot",
                  "moves": ["Move 2", "Move 1 (Height 3)", "Fly 1", "Teleport 3"], "actions": []},
                 {"id": "still", "name": "Still", "side": "A", "section": "far", "moves": [], "actions": []}],
}
"""foot 0 between a pit (−2) and a ledge (3), the ledge level with far (3); Fen has the issue's four entries."""


def ledge() -> Table:
    return Table.start(scenario.load(LEDGE))


def test_the_issues_example_row_comes_out_exactly():
    """H2: "cannot Move upward if the Height value of the Move entry is less than the Height value of the
    section border" (Move 2 moves with Height 0: no); Move 1 (Height 3) climbs Height 3 (safe); H4: Fly
    ignores Height, Teleport 3 needs range ≥ Height 3 (safe)."""
    o = judge_options(ledge(), "f")
    row = next(r for r in o.rows if r.section == "ledge")
    assert row.badges == (("Move 2", "no"), ("Move 1 (Height 3)", "safe"), ("Fly 1", "safe"),
                          ("Teleport 3", "safe"))
    assert row.line == "Ledge: Move 2: no · Move 1 (Height 3): safe · Fly 1: safe · Teleport 3: safe"
    assert [c.rule for c in row.cells] == ["H2", "H2", "H4", "H4"]
    assert row.rule == "H2, H4"


def test_rows_are_every_section_some_entry_reaches_in_document_order():
    """H3 marks every section an entry reaches; H13: a fixed order — the document's (foot, ledge, pit, far),
    not the search's (fewest dice first), and never the start itself."""
    o = judge_options(ledge(), "f")
    assert [r.section for r in o.rows] == ["ledge", "pit", "far"]
    assert o.badges == (
        ("ledge", (("Move 2", "no"), ("Move 1 (Height 3)", "safe"), ("Fly 1", "safe"), ("Teleport 3", "safe"))),
        ("pit", (("Move 2", "2d6"), ("Move 1 (Height 3)", "safe"), ("Fly 1", "safe"), ("Teleport 3", "safe"))),
        ("far", (("Move 2", "no"), ("Move 1 (Height 3)", "no"), ("Fly 1", "no"), ("Teleport 3", "safe"))),
    )


def test_a_section_only_one_entry_reaches_says_why_the_others_do_not():
    """Far (Height 3, two steps away) is reached only by Teleport 3 (H4: 2 steps, |Δh| = 3 ≤ 3). Move 2
    meets the Height 3 border with Height 0 (H2: "cannot Move upward"); Move 1 (Height 3) and Fly 1 are
    one step short."""
    o = judge_options(ledge(), "f")
    far = next(r for r in o.rows if r.section == "far")
    assert [(c.answer, c.rule) for c in far.cells] == [("no", "H2"), ("no", "H2"), ("no", "H2"), ("safe", "H4")]
    assert [c.verdict.steps[1].text for c in far.cells] == [
        "Foot → Ledge: up Height 3 needs a Move Height ≥ 3; Move 2 moves with Height 0.",
        "Far is 2 steps away; Move 1 (Height 3) moves at most 1.",
        "Far is 2 steps away; Fly 1 moves at most 1.",
        "Far is 2 steps away, net change in Height 3: within 3.",
    ]


def _agrees(t: Table, fighter: str) -> int:
    """Every cell of the fighter's options against the verdict a click gives: allowed, dice and the deciding
    rule (the verdict's first step when allowed, its first reason when not) are the same.  Returns the count."""
    n = 0
    for row in judge_options(t, fighter).rows:
        for c in row.cells:
            click = height_play.move_verdict(t, fighter, c.index, row.section)
            first = click.steps[0] if click.allowed or len(click.steps) < 2 else click.steps[1]
            dice = click.route.dice if click.route is not None and click.allowed else 0
            assert (c.allowed, c.dice, c.rule) == (click.allowed, dice, first.rule), (fighter, row.section, c)
            assert (c.verdict.allowed, c.verdict.route, c.verdict.steps) == (click.allowed, click.route, click.steps)
            n += 1
    return n


def test_each_answer_is_the_verdict_a_click_gives():
    """The table compares the very move verdicts of a single click (H2–H4): on the ledge and on every bundled
    Height battlefield, every cell's answer, dice and rule are the click's."""
    total = _agrees(ledge(), "f")
    for name in ("four-shots.json", "cliff.json", "ruined-street.json", "tower-and-wood.json"):
        t = Table.start(scenario.loads((SCENARIOS / name).read_text(encoding="utf-8")))
        total += sum(_agrees(t, f.id) for f in t.scenario.fighters)
    # The ledge: 3 rows × 4 entries; the bundled battlefields: 82 cells before Tower and wood (Ruined street's
    # bakery stair of stated Height 0 opens one more, H15), and Tower and wood's own.
    assert total == 12 + 82 + 21  # Tower and wood: 21 cells (the Brute 4, the Hunter 3, seven others 2)


def test_unconnected_sections_are_refused_by_h1():
    """docs/rules.md › Open rulings, *Unconnected sections*: nothing moves between sections no borders link
    (Phase and Teleport included); the refusal cites H1."""
    doc = {**LEDGE, "sections": [*LEDGE["sections"], {"id": "island", "name": "Island", "elevation": 0,
                                                        "x": [8, 9]}],
           "fighters": [{"id": "f", "name": "Fen", "side": "A", "section": "foot",
                         "moves": ["Fly 1", "Teleport 9"], "actions": []}]}
    t = Table.start(scenario.load(doc))
    o = judge_options(t, "f")
    assert "island" not in [r.section for r in o.rows]
    assert _agrees(t, "f") == 3 * 2
    assert (_rule(MoveEntry.parse("Teleport 9"), False, False) == "H1"
            == height_play.move_verdict(t, "f", 1, "island").steps[1].rule)


def test_falls_show_their_dice_h8():
    """H2: "moves downward across a Height 3 section border with a Move 1 (Height 2) entry … falling damage
    from Height 1"; H8: 1d6 per Height — the goat's answer for the foot of the cliff is 1d6."""
    t = Table.start(scenario.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8")))
    o = judge_options(t, "goat")
    assert o.badges == (("overhang", (("Move 1 (Height 2)", "safe"),)),
                        ("cliff-foot", (("Move 1 (Height 2)", "1d6"),)))
    assert o.rows[1].cells[0].dice == 1
    assert o.summary == "Mountain goat: 2 sections reachable with 1 Move entry."


def test_a_fighter_that_reaches_nothing_has_no_rows():
    """H2: Ada's Move 2 (Height 0) cannot climb the Height 1 border next to her (The four shots)."""
    t = Table.start(scenario.loads((SCENARIOS / "four-shots.json").read_text(encoding="utf-8")))
    o = judge_options(t, "shooter-1")
    assert o.rows == ()
    assert o.summary == "Ada: 0 sections reachable with 1 Move entry."
    o = judge_options(ledge(), "still")
    assert (o.entries, o.rows) == ((), ())


def test_json_keys_and_values():
    """``ask options`` (docs/api.md): keys in a fixed order, whole numbers as ints, rulings sorted."""
    data = judge_options(ledge(), "f").to_json()
    assert list(data) == ["fighter", "start", "entries", "sections", "summary", "rules", "explanation"]
    assert data["entries"] == ["Move 2", "Move 1 (Height 3)", "Fly 1", "Teleport 3"]
    assert data["sections"][1] == {"section": "pit", "options": [
        {"index": 0, "entry": "Move 2", "allowed": True, "answer": "2d6", "fall_dice": 2, "rule": "H2"},
        {"index": 1, "entry": "Move 1 (Height 3)", "allowed": True, "answer": "safe", "fall_dice": 0, "rule": "H2"},
        {"index": 2, "entry": "Fly 1", "allowed": True, "answer": "safe", "fall_dice": 0, "rule": "H4"},
        {"index": 3, "entry": "Teleport 3", "allowed": True, "answer": "safe", "fall_dice": 0, "rule": "H4"}]}
    assert data["rules"] == ["H2", "H3", "H4"]
    assert data["explanation"][1] == ("[H2, H4] Ledge: Move 2: no · Move 1 (Height 3): safe · Fly 1: safe · "
                                      "Teleport 3: safe")


def test_ask_options_answers_with_the_same_json():
    """docs/api.md › ``options``: the answer is ``Options.to_json()`` with ``ask`` first."""
    data = answer({"scenario": LEDGE, "ask": "options", "fighter": "f"})
    assert data == {"ask": "options", **judge_options(ledge(), "f").to_json()}
    moved = answer({"scenario": LEDGE, "ask": "options", "fighter": "f", "positions": {"f": "ledge"}})
    assert moved["start"] == "ledge"
    with pytest.raises(QuestionError, match=r'question.fighter: no fighter "zed"; the fighters are f, still'):
        answer({"scenario": LEDGE, "ask": "options", "fighter": "zed"})
    with pytest.raises(QuestionError, match=r'unknown field "entry" for ask "options"'):
        answer({"scenario": LEDGE, "ask": "options", "fighter": "f", "entry": 0})


def test_only_the_height_rules_answer_it():
    """Rule sets (docs/rules.md): Combat at Different Levels has no Move entries, so no options."""
    t = Table.start(scenario.loads((SCENARIOS / "staircase.json").read_text(encoding="utf-8")))
    with pytest.raises(RuleSetError, match="the Height rules do not referee"):
        judge_options(t, t.scenario.fighters[0].id)
    with pytest.raises(UnknownFighterError):
        judge_options(ledge(), "nobody")


def test_the_example_question_file_of_the_api_page():
    """docs/api.md › ``options``: ``docs/questions/climber-options.json`` — the climber (Height property 1) on
    the boulder: Move 2 moves with Height 1 and cannot climb the Height 3 border to the spire (H2: "cannot Move
    upward if the Height value of the Move entry is less than the Height value of the section border");
    Move 1 (Height 3) can."""
    path = SCENARIOS.parents[1] / "docs" / "questions" / "climber-options.json"
    if not path.exists():
        pytest.skip("docs/questions/ is not staged here")
    data = answer_file(path)
    assert data["explanation"][1:] == ["[H2] Foot of the cliff: Move 2: safe · Move 1 (Height 3): safe",
                                       "[H2] Spire: Move 2: no · Move 1 (Height 3): safe"]
    assert (data["start"], data["entries"], data["rules"]) == ("boulder", ["Move 2", "Move 1 (Height 3)"],
                                                               ["H2", "H3"])
