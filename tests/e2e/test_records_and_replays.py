"""Ruling records, replays and pictures in the page: a record round-trips through the page and ``python -m vertigo
ask``; a replay of ten actions plays back step by step; the side view downloads as SVG and as a PNG at twice its size.

Source: issue 27, "Ruling records and replays" ("Any such verdict exports as a question file in the ask format ...
The page imports a record and shows the same verdict"; "the page plays it back step by step") and "Pictures".
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from playwright.sync_api import expect

from harness import ROOT, App

CLIFF_SEED = 11  # static/scenarios/cliff.json "dice_seed"
FALL = "Allowed: falls, 1d6: 1–6, mean 3.5"
"""The goat's move to the foot of the cliff (000 › Combat: "a Move 1 (Height 2) entry ... falling damage from
Height 1")."""


def _move(app: App, fighter: str, section: str) -> None:
    """Select a fighter, judge its move to a section and confirm it (its dice rolled)."""
    app.tap(fighter)
    app.section(section).click()
    app.page.locator("#panel [data-action='confirm']").click()
    expect(app.page.locator("#status")).to_contain_text("moved")
    app.page.keyboard.press("Escape")


def _download(app: App, button: str, folder: Path) -> Path:
    with app.page.expect_download() as info:
        app.page.click(button)
    path = folder / info.value.suggested_filename
    info.value.save_as(path)
    return path


def _ask(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vertigo", "ask", str(path)], cwd=ROOT / "py", capture_output=True,
                          text=True, encoding="utf-8")


def test_a_ruling_record_round_trips_through_the_page_and_ask(app: App, tmp_path: Path) -> None:
    """Issue 27: the goat's fall, logged, exports as a record; ``ask`` checks it and exits 0 (``"agrees": true``);
    the page imports it and shows the same verdict, agreeing; a record whose summary was changed differs at
    ``$.summary``: ``ask`` exits 1 and the page says where."""
    app.load_scenario("cliff.json")
    app.tap("goat")
    app.section("cliff-foot").click()
    expect(app.page.locator("[data-testid=verdict-summary]")).to_have_text(FALL)
    app.page.locator("#panel [data-action='confirm']").click()
    expect(app.page.locator("#seed")).to_have_text(f"dice seed {CLIFF_SEED} · 1 roll")
    app.page.click("#share")
    first = app.page.locator("#share-ruling option").first
    expect(first).to_contain_text("Mountain goat: Cliff top → Foot of the cliff")
    path = _download(app, "#share-record", tmp_path)
    app.page.click("#share-close")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert (record["ask"], record["fighter"], record["to"], record["answer"]["summary"]) == (
        "move", "goat", "cliff-foot", FALL)
    assert record["scenario"]["dice_seed"] == CLIFF_SEED
    done = _ask(path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["agrees"] is True

    app.page.set_input_files("#import-file", str(path))
    box = app.page.locator("#sharing [data-testid=record]")
    expect(box.locator("[data-testid=record-agrees]")).to_have_text("Agrees: the rules give the answer recorded.")
    expect(box.locator("[data-testid=record-summary]")).to_have_text(FALL)
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Cliff top")

    record["answer"]["summary"] = "Not allowed."
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    done = _ask(path)
    assert done.returncode == 1
    assert json.loads(done.stdout)["difference"] == {"path": "$.summary", "recorded": "Not allowed.", "now": FALL}
    app.page.set_input_files("#import-file", str(path))
    expect(box.locator("[data-testid=record-agrees]")).to_have_text(
        f'Differs from the answer recorded at $.summary: recorded "Not allowed.", now "{FALL}".')
    box.get_by_role("button", name="Close").click()
    expect(app.page.locator("#sharing")).to_be_hidden()


TEN = [("goat", "cliff-foot"), ("archer", "ravine"), ("climber", "cliff-foot"), "undo", ("ogre", "cliff-foot"),
       ("kestrel", "cliff-foot"), ("goat", "boulder"), "undo", ("climber", "cliff-foot"), "undo"]
"""Ten actions on the cliff: seven moves (four of them falls) and three undos."""


def test_a_replay_of_ten_actions_plays_back_step_by_step(app: App, tmp_path: Path) -> None:
    """Issue 27: "A replay file holds the battlefield as loaded, then every action since ... the page plays it back
    step by step" — ten actions, downloaded, checked by ``python -m vertigo replay``, imported and stepped through
    to the same table, every step agreeing."""
    app.load_scenario("cliff.json")
    for action in TEN:
        if action == "undo":
            app.page.click("#undo")
        else:
            _move(app, *action)
    seed_line = app.page.locator("#seed").inner_text()
    where = {f: app.fighter(f).get_attribute("aria-label") for f in ("goat", "archer", "ogre", "kestrel", "climber")}
    app.page.click("#share")
    path = _download(app, "#share-replay", tmp_path)
    app.page.keyboard.press("Escape")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert [a["ask"] for a in doc["actions"]] == ["move", "move", "move", "undo", "move", "move", "move", "undo",
                                                   "move", "undo"]
    done = subprocess.run([sys.executable, "-m", "vertigo", "replay", str(path)], cwd=ROOT / "py",
                          capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"replay": 1, "steps": 10, "agrees": True}

    app.load_scenario("staircase.json")
    app.page.set_input_files("#import-file", str(path))
    box = app.page.locator("#sharing [data-testid=replay]")
    expect(box.locator("h2")).to_have_text("Replay: step 0 of 10")
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Cliff top")
    nxt = box.get_by_role("button", name="Next step")
    nxt.click()
    expect(box.locator("h2")).to_have_text("Replay: step 1 of 10")
    expect(box.locator("[data-testid=replay-status]")).to_contain_text("Mountain goat: Cliff top → Foot of the cliff")
    expect(box.locator("[data-testid=replay-step]")).to_have_text("Agrees with the replay.")
    expect(app.page.locator("#status")).to_contain_text("Replay step 1 of 10: Mountain goat: Cliff top → Foot")
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Foot of the cliff")
    for n in range(2, 11):
        box.get_by_role("button", name="Next step").click()
        expect(box.locator("h2")).to_have_text(f"Replay: step {n} of 10")
    expect(box.locator("[data-testid=replay-end]")).to_have_text("Every step agrees with the replay.")
    expect(box.get_by_role("button", name="Next step")).to_be_disabled()
    assert {f: app.fighter(f).get_attribute("aria-label") for f in where} == where
    expect(app.page.locator("#seed")).to_have_text(seed_line)


def test_the_side_view_downloads_as_svg_and_as_a_png_at_twice_its_size_with_the_verdict_as_caption(
        app: App, tmp_path: Path) -> None:
    """Issue 27, "Pictures": "a standalone SVG with its styles inlined, and a PNG drawn through a canvas at twice the
    size" — the caption is the ruling chosen in the dialog, as text."""
    app.load_scenario("cliff.json")
    _move(app, "goat", "cliff-foot")
    app.page.click("#share")
    svg_path = _download(app, "#share-svg", tmp_path)
    png_path = _download(app, "#share-png", tmp_path)
    assert (svg_path.name, png_path.name) == ("The-cliff.svg", "The-cliff.png")
    root = ET.fromstring(svg_path.read_text(encoding="utf-8"))
    ns = "{http://www.w3.org/2000/svg}"
    texts = ["".join(t.itertext()) for t in root.iter(f"{ns}text")]
    assert any(t.startswith("Mountain goat: Cliff top → Foot of the cliff") for t in texts)
    assert root.find(f"{ns}style") is not None and "var(--" not in (root.find(f"{ns}style").text or "")
    assert not list(root.iter(f"{ns}script"))
    png = png_path.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (2 * int(root.get("width", "0")), 2 * int(root.get("height", "0")))


def _replay_file(app: App, tmp_path: Path) -> Path:
    """The replay of the goat's fall and the archer's drop on the cliff, downloaded."""
    app.load_scenario("cliff.json")
    _move(app, "goat", "cliff-foot")
    _move(app, "archer", "ravine")
    app.page.click("#share")
    path = _download(app, "#share-replay", tmp_path)
    app.page.keyboard.press("Escape")
    return path


def test_a_replay_box_left_behind_by_a_move_or_a_load_never_replaces_the_table_in_play(app: App,
                                                                                        tmp_path: Path) -> None:
    """Issue 27 with the standard "never loses the user's current work": once the table in play changes under a
    replay (a move made, another battlefield loaded), the replay stops there and offers only Close; the move and
    the battlefield stay."""
    path = _replay_file(app, tmp_path)
    app.page.set_input_files("#import-file", str(path))
    box = app.page.locator("#sharing [data-testid=replay]")
    box.get_by_role("button", name="Next step").click()
    expect(box.locator("h2")).to_have_text("Replay: step 1 of 2")
    _move(app, "kestrel", "cliff-foot")  # the referee plays on from the replay's step
    expect(box.locator("[data-testid=replay-left]")).to_have_text(
        "The table in play has changed since step 1: the replay stops here. Import it again to play it back.")
    expect(box.get_by_role("button", name="Next step")).to_have_count(0)
    expect(app.fighter("kestrel")).to_have_attribute("aria-label", "Kestrel (Heroes) on Foot of the cliff")
    box.get_by_role("button", name="Close").click()
    expect(app.page.locator("#sharing")).to_be_hidden()

    app.page.set_input_files("#import-file", str(path))
    expect(box.locator("h2")).to_have_text("Replay: step 0 of 2")
    app.load_scenario("staircase.json")  # another battlefield: the replay's box goes with its own
    expect(app.page.locator("#sharing")).to_be_hidden()
    expect(app.page.locator("#scenario option:checked")).to_have_text("The staircase")

    app.page.set_input_files("#import-file", str(path))
    app.page.click("#edit")  # Edit mode: the view is the editor's, and the replay waits
    expect(app.page.locator("#edit")).to_have_attribute("aria-pressed", "true")
    box.get_by_role("button", name="Next step").click()
    expect(app.page.locator("#status")).to_have_text("Leave Edit mode to play the replay on.")
    expect(box.locator("h2")).to_have_text("Replay: step 0 of 2")
    expect(app.page.locator("#edit")).to_have_attribute("aria-pressed", "true")


def test_a_record_box_goes_when_another_battlefield_is_loaded_and_the_replays_last_step_hands_focus_to_close(
        app: App, tmp_path: Path) -> None:
    """The record's box stands beside the table it shows, no other; stepping a replay by keyboard keeps the focus
    in its box, on Close once Next step is spent, and Close returns it to the side view."""
    path = _replay_file(app, tmp_path)
    app.page.click("#share")
    record = _download(app, "#share-record", tmp_path)
    app.page.keyboard.press("Escape")
    app.page.set_input_files("#import-file", str(record))
    expect(app.page.locator("#sharing [data-testid=record]")).to_be_visible()
    app.load_scenario("staircase.json")
    expect(app.page.locator("#sharing")).to_be_hidden()

    app.page.set_input_files("#import-file", str(path))
    box = app.page.locator("#sharing [data-testid=replay]")
    box.get_by_role("button", name="Next step").focus()
    app.page.keyboard.press("Enter")
    expect(box.locator("h2")).to_have_text("Replay: step 1 of 2")
    expect(box.get_by_role("button", name="Next step")).to_be_focused()
    app.page.keyboard.press("Enter")
    expect(box.locator("h2")).to_have_text("Replay: step 2 of 2")
    expect(box.get_by_role("button", name="Close")).to_be_focused()
    app.page.keyboard.press("Enter")
    expect(app.page.locator("#sharing")).to_be_hidden()
    assert app.page.evaluate("!!document.activeElement.closest('#view')")


def test_a_replay_whose_step_is_refused_now_stops_after_the_steps_that_played(app: App, tmp_path: Path) -> None:
    """Issue 27: a replay is checked step by step with the same dice; a step the rules refuse now stops it there,
    with the refusal, and the steps before it stay played (To the end kept none of them)."""
    path = _replay_file(app, tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["actions"][1]["to"] = "nowhere"
    path.write_text(json.dumps(doc), encoding="utf-8")
    app.page.set_input_files("#import-file", str(path))
    box = app.page.locator("#sharing [data-testid=replay]")
    box.get_by_role("button", name="To the end").click()
    expect(app.page.locator("#error")).to_contain_text(
        'The replay stopped at step 2 of 2: replay.actions[1].to: no section "nowhere"')
    expect(box.locator("h2")).to_have_text("Replay: step 1 of 2")
    expect(app.fighter("goat")).to_have_attribute("aria-label", "Mountain goat (Wild) on Foot of the cliff")
