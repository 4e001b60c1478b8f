"""Share links: the codec round-trips every battlefield, and a damaged, hostile or newer link changes nothing.

Source: issue 27, "Share links": "the battlefield, the positions and the dice state in the URL fragment, ``#v1=``
followed by raw-deflate and base64url"; "A fragment over 8,000 characters is refused unread, and inflating stops
at 2,000,000 characters. A damaged, hostile or newer-format link gets the importer's own message and changes
nothing, and its names are shown as text only"; "Links to bundled battlefields stay short: the battlefield's
name, a hash of its file's content and the positions. When the file has changed since, the page says so and
offers what it can reproduce"; and "Tests and figures": "the codec round-trips every bundled battlefield and
every ``docs/questions`` scenario; Hypothesis: any document the importer accepts round-trips through a link; a
compressed bomb stops at the cap".
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import zlib
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from vertigo import lengths, scenario, share
from vertigo.errors import ScenarioError, ShareError
from vertigo.limits import MAX_ROLLS
from vertigo.stand import Stand
from vertigo.table import Table, state_fields

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "static" / "scenarios"
FILES = {p.name: p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.json")) if p.name != "index.json"}
"""Every bundled battlefield's file name → its text, as the page hands them to :func:`share.open_payload`."""
QUESTIONS = sorted((ROOT / "docs" / "questions").glob("*.json"))


def deflated(data: bytes, flush: int = zlib.Z_FINISH) -> bytes:
    """Raw deflate of ``data`` (level 9), ended by ``flush``."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush(flush)


def encoded(data: bytes) -> str:
    """``#v1=`` and base64url of ``data``, without padding."""
    return share.PREFIX + base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def packed(data: bytes, flush: int = zlib.Z_FINISH) -> str:
    """A fragment of raw deflate of ``data``, made by hand (the codec's own steps, so each can be broken)."""
    return encoded(deflated(data, flush))


def refused(fragment: str) -> tuple[str, ...]:
    """The problems :func:`share.open_link` gives a fragment (it must refuse it)."""
    with pytest.raises(ShareError) as info:
        share.open_link(fragment, FILES)
    return info.value.problems


def same_table(opened: Table, table: Table) -> None:
    """The opened table is the shared one: battlefield, every place, the rolls and the states."""
    assert opened.scenario == table.scenario
    assert opened.stands == table.stands
    assert opened.rolls == table.rolls
    assert opened.states == table.states


def moved(table: Table) -> Table:
    """``table`` with its first fighter on the last section's left end and 3 rolls made (issue 27: "the
    positions and the dice state")."""
    last = table.scenario.field.sections[-1]
    fid = table.scenario.fighters[0].id
    return replace(table, stands=table._stand_set(fid, Stand(last.id, last.x0)), rolls=table.rolls + 3)


# -- round trips -------------------------------------------------------------

@pytest.mark.parametrize("name", FILES)
def test_every_bundled_battlefield_round_trips_through_both_forms(name):
    """Issue 27: "the codec round-trips every bundled battlefield" — at its start and with a fighter moved and
    dice rolled, through the full link and the short one that names the file."""
    sc = scenario.loads(FILES[name])
    for table in (Table.start(sc), moved(Table.start(sc))):
        full = share.fragment(share.full_payload(table))
        short = share.link_for(table, (name, FILES[name]))
        assert full.startswith("#v1=") and short.startswith("#v1=")
        assert len(short) < len(full) <= share.MAX_FRAGMENT
        opened = share.open_link(short, FILES)
        same_table(opened.table, table)
        assert (opened.title, opened.notes, opened.bundled) == (sc.title, (), name)
        assert opened.table.log[0].text.startswith(f"Opened “{sc.title}”")
        again = share.open_link(full, FILES)  # the full form starts a scenario where the table stands
        assert again.table.scenario == scenario.load(share.full_payload(table)["scenario"])
        assert again.table.stands == table.stands and again.table.rolls == table.rolls
        assert (again.notes, again.bundled) == ((), None)


def test_the_short_form_lists_only_the_fighters_moved_and_always_the_rolls():
    """Issue 27: "Links to bundled battlefields stay short: the battlefield's name, a hash of its file's content
    and the positions" — only the fighters not at their start, the rolls always, no states when none."""
    table = moved(Table.start(scenario.loads(FILES["cliff.json"])))
    payload = share.payload_of(share.link_for(table, ("cliff.json", FILES["cliff.json"])))
    assert payload == {"share": 1, "bundled": "cliff.json", "sha256": share.file_hash(FILES["cliff.json"]),
                       "positions": {"goat": {"section": "far-bank", "x": 17}}, "rolls": 3}
    assert list(payload) == ["share", "bundled", "sha256", "positions", "rolls"]
    assert len(payload["sha256"]) == 16


def test_a_table_whose_battlefield_is_not_the_file_gets_the_full_form():
    """Issue 27: the short link names a bundled battlefield only while the table's is that file's."""
    sc = scenario.loads(FILES["cliff.json"])
    other = Table.start(replace(sc, title="Another cliff"))
    payload = share.payload_of(share.link_for(other, ("cliff.json", FILES["cliff.json"])))
    assert list(payload) == ["share", "scenario"]
    assert payload["scenario"]["title"] == "Another cliff"


def test_a_per_fighter_state_travels_in_both_forms():
    """Issue 27 and issue 19: the link carries the per-fighter state the table keeps (a jumper knocked down)."""
    name = "rooftop-chase.json"
    start = Table.start(scenario.loads(FILES[name]))
    (declared,) = state_fields(start.scenario)
    fid = start.scenario.fighters[1].id
    table = start.set_state(fid, declared, True, "Down")
    payload = share.bundled_payload(table, name, FILES[name])
    assert payload["states"] == {fid: {declared.key: True}}
    same_table(share.open_link(share.link_for(table, (name, FILES[name])), FILES).table, table)
    opened = share.open_link(share.link_for(table, None), FILES).table
    assert opened.state(fid, declared) is True


def question_scenarios() -> list[tuple[str, dict]]:
    """Every ``docs/questions`` file's scenario document, inline or by its path."""
    found = []
    for path in QUESTIONS:
        value = json.loads(path.read_text(encoding="utf-8")).get("scenario")
        if isinstance(value, str):
            value = json.loads((path.parent / value).read_text(encoding="utf-8"))
        if value is not None:
            found.append((path.name, value))
    return found


@pytest.mark.parametrize(("name", "doc"), question_scenarios(), ids=[n for n, _ in question_scenarios()])
def test_every_docs_questions_scenario_round_trips_or_gets_the_importers_own_message(name, doc):
    """Issue 27: "the codec round-trips ... every docs/questions scenario"; a draft the importer refuses is
    refused through a link with the importer's own problems (issue 27: "gets the importer's own message")."""
    try:
        sc = scenario.load(doc)
    except ScenarioError as e:
        assert refused(share.fragment({"share": 1, "scenario": doc})) == e.problems
        return
    table = Table.start(sc)
    same_table(share.open_link(share.link_for(table, None), FILES).table, table)


# -- Hypothesis: any document the importer accepts ------------------------------

TITLES = st.text(alphabet=st.sampled_from("Ab <>&\"'/\\\u05d0\u05d1\u0627\u202e\u2066\u200b\u00e9\U0001f409 "),
                 min_size=1, max_size=20)
"""Titles with markup, right-to-left letters, bidi controls and invisible characters (the importer refuses some)."""


@st.composite
def documents(draw):
    """``(file name, document)``: a bundled battlefield with its fighters on any section at any eighth of it
    (or its default place, or where the file puts them), any dice seed and roll count, any title, and each
    per-fighter state of its rule sets set or not."""
    name = draw(st.sampled_from(sorted(FILES)))
    doc = json.loads(FILES[name])
    sections = doc["sections"]
    held = state_fields(scenario.loads(FILES[name]))
    for f in doc["fighters"]:
        for declared in held:
            if draw(st.booleans()):
                f[declared.key] = declared.write(not declared.default if isinstance(declared.default, bool)
                                                 else declared.default)
        if draw(st.booleans()):
            continue  # where the file puts it (on a ladder, for some)
        s = draw(st.sampled_from(sections))
        for key in ("ladder", "up", "x"):
            f.pop(key, None)
        f["section"] = s["id"]
        eighth = draw(st.none() | st.integers(0, 8))
        if eighth is not None:
            x0, x1 = (lengths.length(v, doc.get("units", "height"), "x") for v in s["x"])
            f["x"] = lengths.to_json(x0 + (x1 - x0) * Fraction(eighth, 8))
    doc["dice_seed"] = draw(st.integers(0, 2**53 - 1))
    doc["dice_rolls"] = draw(st.sampled_from([0, 1, 7, MAX_ROLLS]))
    doc["title"] = draw(TITLES)
    return name, doc


@settings(max_examples=120, deadline=None, database=None)
@given(documents())
def test_any_document_the_importer_accepts_round_trips_through_a_link(drawn):
    """Issue 27: "Hypothesis: any document the importer accepts round-trips through a link" — the full link
    opens the same scenario; and the bundled battlefield, its fighters placed as the document places them
    with its rolls made, comes back through the short link the same."""
    name, doc = drawn
    try:
        sc = scenario.load(doc)
    except ScenarioError as e:
        assert refused(share.fragment({"share": 1, "scenario": doc})) == e.problems  # the importer's own words
        assume(False)
        return
    table = Table.start(sc)
    opened = share.open_link(share.link_for(table, None), FILES)
    same_table(opened.table, table)
    assert opened.title == doc["title"]
    bundled = Table.start(scenario.loads(FILES[name]))
    bundled = replace(bundled, stands=tuple((f.id, f.start) for f in sc.fighters), rolls=sc.dice_rolls)
    for f in sc.fighters:
        for declared in state_fields(sc):
            bundled = bundled.set_state(f.id, declared, f[declared], "Set as the document sets it")
    short = share.link_for(bundled, (name, FILES[name]))
    same_table(share.open_link(short, FILES).table, bundled)


def test_a_hostile_name_round_trips_as_text_and_a_bidi_control_gets_the_importers_message():
    """Issue 27: "A damaged, hostile or newer-format link gets the importer's own message and changes nothing,
    and its names are shown as text only" — markup is a name like any other; a right-to-left override is
    refused by the importer, its character written as an escape."""
    doc = json.loads(FILES["cliff.json"])
    doc["title"] = "<script>alert(1)</script>"
    doc["fighters"][0]["name"] = "<img src=x onerror=alert(1)> \u05d0\u05d1"
    opened = share.open_link(share.link_for(Table.start(scenario.load(doc)), None), FILES)
    assert opened.title == "<script>alert(1)</script>"
    assert opened.table.scenario.fighters[0].name == "<img src=x onerror=alert(1)> \u05d0\u05d1"
    doc["fighters"][0]["name"] = "Goat\u202eevil"
    assert refused(share.fragment({"share": 1, "scenario": doc})) == (
        "fighters[0].name: must not contain bidirectional control characters (U+202E)",)


# -- refused links -----------------------------------------------------------------

def test_a_fragment_over_8000_characters_is_refused_unread(monkeypatch):
    """Issue 27: "A fragment over 8,000 characters is refused unread" — neither base64 nor zlib is called."""
    def never(*_args, **_kwargs):
        raise AssertionError("read")
    monkeypatch.setattr(share.zlib, "decompressobj", never)
    monkeypatch.setattr(share.base64, "urlsafe_b64decode", never)
    assert refused("#v1=" + "A" * 7997) == ("link: is 8,001 characters; a link holds at most 8,000, so it was not "
                                            "read",)


def test_a_deflate_bomb_stops_at_2_000_000(monkeypatch):
    """Issue 27: "inflating stops at 2,000,000 characters" and "a compressed bomb stops at the cap" — 6 MB of
    zeros in under 8,000 characters; zlib is asked for at most one byte past the cap, and gives no more."""
    bomb = packed(b"\0" * 6_000_000)
    assert len(bomb) <= share.MAX_FRAGMENT
    produced: list[int] = []
    real = zlib.decompressobj

    class Counting:
        def __init__(self, wbits):
            self.inner = real(wbits)

        def decompress(self, data, max_length=0):
            assert 0 < max_length <= share.MAX_INFLATED + 1
            out = self.inner.decompress(data, max_length)
            produced.append(len(out))
            return out

    monkeypatch.setattr(share.zlib, "decompressobj", Counting)
    assert refused(bomb) == ("link: inflates to more than 2,000,000 characters, the most a link may hold; it was "
                             "stopped there and not opened",)
    assert produced == [2_000_001]


@pytest.mark.parametrize(("fragment", "problem"), [
    ("#v1=", "link: is empty after #v1="),
    ("#v2=abc", 'link: does not start with #v1=, so it is not a Vertigo share link: "#v2="'),
    ("#v1=ab$c", 'link: is damaged: character 3 after #v1= is "$"; a link holds only letters, digits, - and _ there '
                 "(base64url)"),
    ("#v1=ab+/", 'link: is damaged: character 3 after #v1= is "+"; a link holds only letters, digits, - and _ there '
                 "(base64url)"),
    ("#v1=AAAAA", "link: is damaged: its 5 characters after #v1= are not whole base64url (one character too many "
                  "or too few: was it cut short?)"),
    (encoded(b"\xff\xff\xff\xff"),
     "link: is damaged: its compressed data does not inflate (Error -3 while decompressing data: invalid block "
     "type)"),
    (packed(b'{"share":1}', zlib.Z_SYNC_FLUSH),
     "link: is damaged: its compressed data ends before its last block (was it cut short?)"),
    (encoded(deflated(b'{"share":1}') + b"xx"), "link: is damaged: 2 bytes follow the end of its compressed data"),
    (packed(b"\xff\xfe"), "link: is damaged: its contents are not UTF-8 text (byte 1)"),
    (packed(b"{share"), "link: line 1, column 2: not valid JSON (Expecting property name enclosed in double quotes)"),
    (packed(b"[1,2]"), "link: must hold a JSON object: [1, 2]"),
    (packed(b'"<script>"'), 'link: must hold a JSON object: "<script>"'),
    (packed(b'{"share":2}'), "link: this link was made by a newer Vertigo (share version 2); this page reads "
                             "version 1"),
    (packed(b'{"share":true}'), 'link: is not a Vertigo share link: its "share" must be 1: true'),
    (packed(b'{"scenario":{}}'), 'link: is not a Vertigo share link: its "share" must be 1: null'),
    (packed(b'{"share":1,"share":1}'), 'link: has the key "share" twice; a key may appear only once in an object'),
    (packed(b"[" * 40 + b"]" * 40), "link: nests arrays and objects more than 16 deep; at most 16 are allowed"),
], ids=["empty", "prefix", "dollar", "plus-slash", "length", "deflate", "truncated", "trailing", "utf8", "json",
        "array", "string", "newer", "bool", "no-version", "twice", "deep"])
def test_a_damaged_link_gets_one_specific_line(fragment, problem):
    """Issue 27: "Damaged base64 / deflate / JSON / shape → a specific one-line message", and a newer link says
    it is newer."""
    assert refused(fragment) == (problem,)


def payload(**fields) -> str:
    """A fragment of a bundled cliff payload with ``fields`` changed (None: left out)."""
    doc = {"share": 1, "bundled": "cliff.json", "sha256": share.file_hash(FILES["cliff.json"]), "positions": {},
           "rolls": 0, **fields}
    return share.fragment({k: v for k, v in doc.items() if v is not None})


@pytest.mark.parametrize(("fields", "problem"), [
    ({"extra": 1}, 'link: must hold "share" and either "scenario" or "bundled", "sha256", "positions", "rolls" and '
                   '"states": not "extra"'),
    ({"bundled": None}, 'link: must hold "share" and either "scenario" or "bundled", "sha256", "positions", "rolls" '
                        'and "states"'),
    ({"scenario": {}}, 'link: must hold "share" and either "scenario" or "bundled", "sha256", "positions", "rolls" '
                       'and "states"'),
    ({"rolls": None}, 'link: a link to a bundled battlefield must have "rolls"'),
    ({"bundled": "../secret.json"}, 'link.bundled: names no battlefield this page has: "../secret.json"'),
    ({"bundled": "\u202eevil.json"}, 'link.bundled: names no battlefield this page has: "\\u202eevil.json"'),
    ({"sha256": "ABC"}, 'link.sha256: must be 16 lowercase hexadecimal digits: "ABC"'),
    ({"positions": {"goat": "nowhere"}}, "link.positions: places fighter 'goat' on no section: 'nowhere'"),
    ({"positions": {"goat": {"section": "far-bank", "x": 99}}},
     "link.positions: places fighter 'goat' off its section 'far-bank': Height 99"),
    ({"positions": {"zed": "far-bank"}}, 'link.positions: places no fighter of “The cliff”: "zed"'),
    ({"positions": ["goat"]}, "link.positions: must map fighter ids to places"),
    ({"rolls": -1}, "link.rolls: must be a whole number from 0 to 4503599627370496: -1"),
    ({"states": {"goat": {"lying": True}}},
     "link.states: fighter 'goat' has no state \"lying\"; the rule sets of this scenario keep no state"),
])
def test_a_bundled_link_of_the_wrong_shape_is_refused_at_its_field(fields, problem):
    """Issue 27: a hostile link "gets the importer's own message and changes nothing": places, rolls and states
    are checked as a saved table's are (issue 5), an unknown file name is named as text."""
    assert refused(payload(**fields)) == (problem,)


def test_a_full_link_with_a_field_besides_the_scenario_is_refused():
    """Issue 27: the full form is ``{"share": 1, "scenario": ...}`` and nothing else."""
    doc = json.loads(FILES["cliff.json"])
    assert refused(share.fragment({"share": 1, "scenario": doc, "rolls": 3})) == (
        'link: a link with a "scenario" holds nothing else but "share": "rolls"',)


def test_a_link_over_8000_characters_is_not_made_and_says_to_share_the_file():
    """Issue 27: "Any link is at most 8,000 characters; past that the button says so and offers the file"."""
    doc = json.loads(FILES["cliff.json"])
    doc["sections"] += [{"id": f"s{i}", "name": hashlib.sha256(str(i).encode()).hexdigest(), "elevation": i % 9,
                         "x": [100 + i, 101 + i]} for i in range(200)]
    table = Table.start(scenario.load(doc))
    with pytest.raises(ShareError) as info:
        share.link_for(table, None)
    (problem,) = info.value.problems
    assert problem.startswith("link: would be ")
    assert problem.endswith(" characters; a link holds at most 8,000: share the file instead (Export)")
    assert int(problem.split()[3].replace(",", "")) > 8000


# -- a bundled battlefield changed since the link ---------------------------------

def test_a_changed_bundled_file_is_said_and_what_can_be_placed_is():
    """Issue 27: "When the file has changed since, the page says so and offers what it can reproduce" — the
    fighters that still exist stand where the link put them wherever that place still exists; the others are
    named, each in a note."""
    sc = scenario.loads(FILES["cliff.json"])
    fighters = [f.id for f in sc.fighters]
    table = Table.start(sc)
    for fid, to in zip(fighters[:3], ("far-bank", "boulder", "far-bank"), strict=True):
        table = replace(table, stands=table._stand_set(fid, Stand(to, None)))
    table = replace(table, rolls=5)
    link = share.link_for(table, ("cliff.json", FILES["cliff.json"]))
    doc = json.loads(FILES["cliff.json"])
    doc["title"] = "The cliff, redrawn"
    doc["fighters"] = [f for f in doc["fighters"] if f["id"] != fighters[1]]
    for s in doc["sections"]:
        if s["id"] == "far-bank":
            s["id"] = "far-shore"
    doc["borders"] = [[("far-shore" if x == "far-bank" else x) for x in b] if isinstance(b, list) else b
                      for b in doc["borders"]]
    for f in doc["fighters"]:
        if f.get("section") == "far-bank":
            f["section"] = "far-shore"
    changed = dict(FILES, **{"cliff.json": json.dumps(doc)})
    opened = share.open_link(link, changed)
    assert opened.notes == (
        "the battlefield “The cliff, redrawn” (\"cliff.json\") has changed since this link was made: the fighters "
        "are placed where the link put them wherever that still exists",
        f"link.positions: places fighter {fighters[0]!r} on no section: 'far-bank'; it stands at its start",
        f'link.positions: no fighter "{fighters[1]}" on the battlefield now, so it was left out',
        f"link.positions: places fighter {fighters[2]!r} on no section: 'far-bank'; it stands at its start",
    )
    assert opened.table.scenario == scenario.loads(changed["cliff.json"])
    assert opened.table.stands == Table.start(opened.table.scenario).stands
    assert opened.table.rolls == 5
    assert opened.bundled == "cliff.json"


def test_a_changed_bundled_file_keeps_the_places_that_still_exist():
    """Issue 27: "offers what it can reproduce" — a fighter moved to a section the new file still has is
    placed there."""
    sc = scenario.loads(FILES["cliff.json"])
    fid = sc.fighters[0].id
    table = replace(Table.start(sc), stands=Table.start(sc)._stand_set(fid, Stand("boulder", None)))
    link = share.link_for(table, ("cliff.json", FILES["cliff.json"]))
    changed = dict(FILES, **{"cliff.json": FILES["cliff.json"].replace('"The cliff"', '"The cliff (2)"')})
    opened = share.open_link(link, changed)
    assert opened.table.stand_of(fid) == Stand("boulder", None)
    assert len(opened.notes) == 1 and opened.notes[0].startswith("the battlefield “The cliff (2)” (\"cliff.json\")")


def test_the_payload_is_written_in_the_order_given_whatever_the_hash_seed():
    """Issue 27 spec: "keys in the order written, never sorted-by-hash" — the same table gives the same
    fragment, and its JSON keeps the document's order of fighters."""
    table = moved(Table.start(scenario.loads(FILES["tower-and-wood.json"])))
    first = share.link_for(table, None)
    assert share.link_for(copy.deepcopy(table), None) == first
    doc = share.payload_of(first)["scenario"]
    assert [f["id"] for f in doc["fighters"]] == [f.id for f in table.scenario.fighters]
