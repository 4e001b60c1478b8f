"""What Share…, a shared link, a ruling record and a replay put on the page (issue 27), under CPython.

:mod:`vertigo_page.sharing` chooses the link, words the question a link asks and plays a replay back;
:mod:`vertigo_view.share_panel` draws the record's and the replay's boxes.  These tests drive them as
``py/app_share.py`` does and read what they return, with exact values.

Source: issue 27, "Share links" ("Links to bundled battlefields stay short"; "Any link is at most 8,000 characters;
past that the button says so and offers the file"; "its names are shown as text only"), "Ruling records and
replays" ("Any such verdict exports as a question file"; "the page plays it back step by step").
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from vertigo import replay, share
from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_page import sharing
from vertigo_page.controller import Controller

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
BASE = "https://example.org/vertigo/"
CLIFF = (SCENARIOS / "cliff.json").read_text(encoding="utf-8")
FALL = "Allowed: falls, 1d6: 1–6, mean 3.5"


def cliff() -> Controller:
    return Controller(Table.start(scenario_mod.loads(CLIFF)))


def fell(c: Controller) -> Controller:
    """The goat's Move 1 (Height 2) drop to the foot of the cliff, judged and confirmed (H2, H8)."""
    c.click_fighter("goat")
    c.click_section("cliff-foot", None)
    c.panel_action("confirm")
    c.escape()
    return c


def test_a_bundled_battlefield_gets_the_short_link_and_an_imported_one_the_whole_document():
    """Issue 27: "Links to bundled battlefields stay short: the battlefield's name, a hash of its file's content and
    the positions"; any other carries the battlefield."""
    c = fell(cliff())
    made = sharing.make_link(c.table, BASE, ("cliff.json", CLIFF))
    assert made.short and made.link is not None and made.link.startswith(BASE + "#v1=")
    assert made.length == len(made.link) and made.length < 200
    assert made.message == ("The link names the bundled battlefield and carries the positions: "
                            f"{made.length} characters.")
    assert share.payload_of(made.link[len(BASE):])["positions"] == {"goat": "cliff-foot"}
    whole = sharing.make_link(c.table, BASE, None)
    assert not whole.short and whole.link is not None
    assert whole.message == f"The link carries the whole battlefield: {whole.length:,} characters."


def _huge() -> Table:
    """A battlefield whose link would be over 8,000 characters: 250 sections with names no compression shortens."""
    doc = json.loads(CLIFF)
    r = random.Random(27)
    base = doc["sections"][2]
    letters = "abcdefghijklmnopqrstuvwxyz"
    doc["sections"] += [{**base, "id": f"s{i}", "name": "".join(r.choice(letters) for _ in range(60)),
                         "x": [1000 + 10 * i, 1010 + 10 * i]} for i in range(240)]
    return Table.start(scenario_mod.load(doc))


def test_a_link_over_8000_characters_is_not_made_and_the_dialog_says_so():
    """Issue 27: "Any link is at most 8,000 characters; past that the button says so and offers the file"."""
    made = sharing.make_link(_huge(), BASE, None)
    assert (made.link, made.length, made.short) == (None, 0, False)
    assert made.message.startswith("No link: would be ")
    assert made.message.endswith("characters; a link holds at most 8,000: share the file instead (Export).")


def test_a_link_asks_before_it_replaces_the_table_and_a_hostile_name_stays_text():
    """Issue 27: "Opening a link asks before it replaces the table in play ... its names are shown as text only"."""
    doc = json.loads(CLIFF)
    doc["title"] = "<b>Ogre's</b> ledge"
    fragment = share.fragment({"share": 1, "scenario": doc})
    got = sharing.offer(fragment, {"cliff.json": CLIFF}, cliff().table)
    assert got.error is None and got.table is not None and got.notes == ()
    assert got.question == ("Open “<b>Ogre's</b> ledge” from the link in place of “The cliff”? Undo brings the table "
                            "in play back.")


@pytest.mark.parametrize(("fragment", "first"), [
    ("#v1=" + "A" * 8000, "link: is 8,004 characters; a link holds at most 8,000, so it was not read"),
    ("#v1=not*base64", "link: "),
    (share.fragment({"share": 1, "scenario": {**json.loads(CLIFF), "title": "x\u202ey"}}),
     "title: must not contain bidirectional control characters (U+202E)"),
])
def test_a_refused_link_gives_its_message_and_no_table(fragment: str, first: str):
    """Issue 27: "A damaged, hostile or newer-format link gets the importer's own message and changes nothing"."""
    got = sharing.offer(fragment, {"cliff.json": CLIFF}, cliff().table)
    assert got.table is None
    assert got.error is not None
    head, problem = got.error.split("\n", 1)
    assert head == "The link was not opened; the table in play is unchanged."
    assert problem.startswith(first)


def test_the_rulings_offered_are_the_verdicts_logged_with_their_question_newest_first():
    """Issue 27: "Each log entry keeps the question it answers ... Any such verdict exports as a question file" —
    Undo and a placing by hand are no rulings."""
    c = fell(fell(cliff()))
    c.click_fighter("kestrel")
    c.click_fighter("goat")  # the kestrel's actions checked against the goat (H5), logged
    c.undo()
    found = sharing.rulings(c.table)
    assert [(e.number, json.loads(e.asked or "{}")["ask"]) for e in found] == [(4, "attack"), (3, "move"),
                                                                                (2, "move")]
    assert sharing.ruling(c.table, c.table.logged) is None  # the undo's line
    record = json.loads(sharing.record_text(c.table, found[-1]))
    assert (record["ask"], record["fighter"], record["to"], record["answer"]["summary"]) == (
        "move", "goat", "cliff-foot", FALL)


def test_an_imported_record_shows_the_same_verdict_and_where_it_differs():
    """Issue 27: "The page imports a record and shows the same verdict"."""
    c = fell(cliff())
    record = json.loads(sharing.record_text(c.table, sharing.rulings(c.table)[0]))
    shown = sharing.open_record(record)
    assert (shown.agrees, shown.difference, shown.answer["summary"]) == (True, None, FALL)
    assert shown.table.stand_of("goat").section == "cliff-top"
    box = ET.fromstring(sharing.record_html(shown))
    assert [p.text for p in box.iter("p")] == [
        "Mountain goat: Cliff top → Foot of the cliff with Move 1 (Height 2) — moved, fell: 5 damage",
        "Agrees: the rules give the answer recorded.", FALL]
    record["answer"]["explanation"][0] = "[H2] <script>x</script>"
    record["about"] = "<img src=x>"
    box = ET.fromstring(sharing.record_html(sharing.open_record(record)))
    assert [p.text for p in box.iter("p")][:2] == [
        "<img src=x>", f'Differs from the answer recorded at $.explanation[0]: recorded "[H2] <script>x</script>", '
                       f'now "{shown.answer["explanation"][0]}".']
    assert not list(box.iter("script")) and not list(box.iter("img"))


def test_a_record_opened_on_the_page_must_hold_its_scenario():
    """The page reads no other file: a record naming its scenario by path is refused with the place."""
    with pytest.raises(Exception) as e:
        sharing.open_record({"scenario": "../static/scenarios/cliff.json", "ask": "move"})
    assert str(e.value) == ('question.scenario: a record opened here must hold its scenario document, not '
                            '"../static/scenarios/cliff.json"')


def _replay_of(c: Controller) -> dict[str, Any]:
    return json.loads(json.dumps(replay.build(c.table)))


def test_a_replay_plays_back_one_step_at_a_time_to_the_same_table():
    """Issue 27: "the page plays it back step by step" — each step the core's (:func:`vertigo.replay.step`)."""
    c = fell(cliff())
    c.undo()
    fell(c)
    p = sharing.Playback.open(_replay_of(c))
    assert (len(p.actions), len(p.steps), p.done) == (3, 0, False)
    assert p.status() == "Replay: 3 actions to play back from the battlefield as loaded."
    box = ET.fromstring(p.html())
    assert [e.text for e in box.iter() if e.tag in ("h2", "p")] == [
        "Replay: step 0 of 3", "The battlefield as loaded; 3 actions to play back."]
    p = p.next()
    assert p.status().startswith("Replay step 1 of 3: Mountain goat: Cliff top → Foot of the cliff with Move 1 "
                                 "(Height 2) — moved, fell: ")
    assert p.status().endswith(" damage — agrees with the replay.")
    assert p.table.stand_of("goat").section == "cliff-foot"
    p = p.to_end()
    assert p.done and p.table.stands == c.table.stands and p.table.rolls == c.table.rolls == 1
    box = ET.fromstring(p.html())
    assert [e.text for e in box.iter("p")][-2:] == ["Agrees with the replay.", "Every step agrees with the replay."]
    assert [b.get("disabled") for b in box.iter("button")] == ["disabled", "disabled", None]
    assert p.next() is p


def test_a_replay_step_that_differs_says_where():
    """Issue 27: ``replay`` "checks every step with the same dice" — a result tampered with differs at its path,
    and the box says so."""
    doc = _replay_of(fell(cliff()))
    doc["actions"][0]["result"]["positions"]["goat"] = "boulder"
    p = sharing.Playback.open(doc).next()
    assert p.status().endswith("— differs from the replay at $.actions[0].result.positions.goat.")
    assert [e.text for e in ET.fromstring(p.html()).iter("p")][-2:] == [
        "Differs from the replay at $.actions[0].result.positions.goat.", "1 step differs from the replay."]


@pytest.mark.parametrize(("doc", "kind"), [
    ({"replay": 1, "actions": []}, "replay"), ({"ask": "move"}, "record"), ({"title": "x"}, "scenario"),
    ([], "scenario"),
])
def test_import_tells_a_record_and_a_replay_from_a_scenario(doc: Any, kind: str):
    """Issue 27: Import… opens a record or a replay as such; anything else goes to the importer."""
    assert sharing.kind_of(doc) == kind
