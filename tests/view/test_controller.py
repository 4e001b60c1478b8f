"""The page's state machine under CPython: each event gives the update the page will show."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from vertigo import scenario as scenario_mod
from vertigo.dice import DicePool, DiceRoll, rng_for, roll
from vertigo.errors import RulesError
from vertigo.rules.height.rules import play as height_play
from vertigo.rules.height.rules.fields import MOVES
from vertigo.table import Table
from vertigo_page.controller import Controller, Update
from vertigo_view.panels import dice_faces, to_html
from vertigo_view.side_view import fighter_groups, render_fighters

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"


def controller(name: str = "cliff.json") -> Controller:
    return Controller(Table.start(scenario_mod.loads((SCENARIOS / name).read_text())))


def test_select_judge_confirm_rolls_the_seeded_die_and_saves() -> None:
    """000 › Combat worked example through the controller: Move 1 (Height 2) down Height 3 → 1d6, rolled once."""
    c = controller()
    c.show()
    c.click_fighter("goat")
    up = c.click_section("cliff-foot")
    assert up.status == "Move to Foot of the cliff: Allowed: falls, 1d6: 1–6, mean 3.5"
    # The goat's bands and badges are as drawn by the selection: only the marks layer is sent.
    assert up.svg is None and up.overlay is None and up.marks is not None
    assert 'class="destination' in up.marks and 'class="reachable' not in up.marks
    up = c.panel_action("confirm")
    expected = roll(DicePool(1), rng_for(11, 0))
    # The goat is drawn anew, and so is every fighter on the section it left or reached (their tokens spread out
    # again along it); a fighter elsewhere is not sent again.
    assert up.save and up.svg is None and up.fighters is None and up.overlay is not None
    beside = {fid for fid, sid in c.table.positions if sid in ("cliff-top", "cliff-foot")}
    assert {fid for fid, _ in up.fighter_groups or ()} == beside
    assert len(beside) < len(c.table.positions)
    assert up.status == f"Mountain goat moved. Rolled {expected}."
    assert c.table.position("goat") == "cliff-foot"


def test_a_bad_import_changes_nothing_and_lists_every_problem() -> None:
    """Bad input gets a specific message and never loses the current work."""
    c = controller()
    before = c.table
    doc = json.loads((SCENARIOS / "cliff.json").read_text())
    doc["fighters"][1]["moves"] = ["Move one"]
    up = c.import_text(json.dumps(doc), "bad.json")
    assert c.table is before
    assert up.error is not None
    assert up.error.splitlines()[1] == (
        'fighters[1].moves[0]: "Move one" is not a Move entry (expected e.g. "Move 2", '
        '"Move 1 (Height 2)", "Fly 3", "Phase 2", "Teleport 4")')
    assert not up.save


def test_a_file_too_large_for_any_scenario_is_refused_unread_and_changes_nothing() -> None:
    """Bounded work (STYLE 5): a file over 4 bytes per allowed character (8,000,000 bytes) is refused by its size,
    with the numbers, before the page reads it; the battlefield in play stays."""
    from vertigo_page.controller import MAX_IMPORT_BYTES

    c = controller()
    before = c.table
    up = c.import_too_large("huge.json", 74_000_123)
    assert MAX_IMPORT_BYTES == 8_000_000
    assert c.table is before
    assert up.error == ("huge.json was not loaded; the current battlefield is unchanged.\n"
                        "document: 74000123 bytes; at most 8000000 are allowed (a scenario is at most 2000000 "
                        "characters of at most 4 bytes each)")
    assert up.status == "huge.json was not loaded."
    assert not up.save


def test_a_rules_error_is_shown_and_clears_the_selection() -> None:
    """A feet scenario is refereed by Combat at Different Levels: selecting a fighter asks nothing of the Height
    rules (no Move entries, placing instead), and a Height question asked anyway is refused with a clear error
    that the page shows, keeping the table."""
    doc = json.loads((SCENARIOS / "cliff.json").read_text())
    doc["units"] = "feet"
    del doc["rules"]
    c = Controller(Table.start(scenario_mod.load(doc)))
    c.show()
    c.click_fighter("goat")
    assert c.selected == "goat" and not hasattr(c.mode, "entry")
    try:
        height_play.attack(c.table, "goat", "ogre")
    except RulesError as e:  # the page layer catches RulesError and calls error()
        up = c.error(e)
    else:
        raise AssertionError("a feet scenario must not be judged by the Height rules")
    assert up.error == "the Height rules do not referee “The cliff”: it is refereed by Combat at Different Levels"
    assert c.selected is None


def test_escape_clears_and_undo_restores_a_replaced_battlefield() -> None:
    """Escape clears the selection; loading another battlefield is one undo away."""
    c = controller()
    c.click_fighter("goat")
    c.escape()
    assert c.selected is None
    c.load(Table.start(scenario_mod.loads((SCENARIOS / "four-shots.json").read_text())), "Loaded")
    assert c.table.scenario.title == "The four shots"
    up = c.undo()
    assert c.table.scenario.title == "The cliff"
    assert up.status == "Back to “The cliff”."


def test_new_log_lines_still_reach_the_page_when_the_log_is_at_its_cap() -> None:
    """Issue 5, fault 2: "The page's log stops showing new lines at 2000 entries" — with the log full, each
    new entry still comes out as a new line, numbered by its place in the whole log."""
    from vertigo.limits import MAX_LOG
    c = controller()
    c.show()
    for i in range(MAX_LOG + 5):
        c.select("spearman")
        up = c.click_fighter(("goat", "archer")[i % 2])  # the same check twice running is logged once
    assert len(c.table.log) == MAX_LOG
    assert len(up.log_items) == 1 and up.log_keep == MAX_LOG
    assert f'value="{c.table.logged}"' in up.log_items[0]
    c.select("spearman")
    up = c.click_fighter("ogre")
    assert len(up.log_items) == 1 and f'value="{c.table.logged}"' in up.log_items[0]


def test_a_right_to_left_name_is_isolated_in_the_status_line() -> None:
    """Issue 5, fault 6: a legitimate Hebrew name is wrapped in FSI … PDI wherever it sits in a sentence."""
    doc = json.loads((SCENARIOS / "cliff.json").read_text())
    doc["fighters"][0]["name"] = "עז"
    c = Controller(Table.start(scenario_mod.load(doc)))
    c.show()
    up = c.click_fighter("goat")
    assert up.status.startswith("\u2068עז\u2069 selected on Cliff top: ")


def test_export_is_named_after_the_battlefield_and_cannot_fake_its_extension() -> None:
    """Issue 7 (small things): exports were always named vertigo-scenario.json; the battlefield's name is used,
    with everything but letters, digits, '-' and '_' made '-', so a title cannot fake the extension."""
    assert controller().export_name() == "The-cliff.json"
    doc = json.loads((SCENARIOS / "cliff.json").read_text())
    for title, name in (("Orders.pdf   .exe", "Orders-pdf-exe.json"), ("..//..", "vertigo-scenario.json"),
                        ("עז ההרים", "עז-ההרים.json")):
        doc["title"] = title
        assert Controller(Table.start(scenario_mod.load(doc))).export_name() == name


def test_the_dice_panel_names_the_pool_and_its_modifier() -> None:
    """H8: the panel shows each die on its own, then the total — for falls "Rolled 1d6: ", unchanged; for
    other pools (J6's d8, 001's 3d6+1) the label names the pool and the modifier is shown before the total."""
    assert "Rolled 3d6: " in to_html(dice_faces(DiceRoll((2, 5, 6))))
    html = to_html(dice_faces(DiceRoll((2, 5, 6), 6, 1)))
    assert "Rolled 3d6+1: " in html and "> +1<" in html and " = 14 damage" in html
    assert "Rolled 1d8: " in to_html(dice_faces(DiceRoll((7,), 8)))


def buttons(html_text: str) -> list[tuple[str, str | None, str]]:
    """(data-action, data-arg, text) of every button in a panel's HTML."""
    root = ET.fromstring(f"<div>{html_text}</div>")
    return [(b.get("data-action", ""), b.get("data-arg"), "".join(b.itertext())) for b in root.iter("button")]


def test_taking_back_a_move_override_restores_the_rules_answer_and_logs_it() -> None:
    """Product owner's list, "Taking back a DM override" (H7): the goat's Move 1 (Height 2) drop to the foot of
    the cliff is allowed (1d6); the DM forbids it, then takes the override back: the verdict, its Confirm
    button and its dice are the rules' again, and the log keeps the override and says it was taken back."""
    c = controller()
    c.click_fighter("goat")
    c.click_section("cliff-foot")
    rules = c.mode.pending
    up = c.panel_action("override", "forbid")
    assert [a for a, _, _ in buttons(up.panel) if a in ("confirm", "override", "take-back")] == ["take-back"]
    assert ("take-back", None, "Take back the override") in buttons(up.panel)
    logged = len(c.table.log)
    up = c.panel_action("take-back")
    assert c.mode.pending == rules
    assert up.save
    assert up.status == "DM override taken back — move: Allowed: falls, 1d6: 1–6, mean 3.5"
    assert [(a, arg, t) for a, arg, t in buttons(up.panel) if a in ("confirm", "override", "take-back")] == [
        ("confirm", None, "Confirm move and roll 1d6"), ("override", "forbid", "DM override: forbid")]
    assert len(c.table.log) == logged + 1
    # Both lines name who moves, with which entry, from where to where (issue 7: the take-back names the parties).
    assert [e.text for e in c.table.log[-2:]] == [
        "DM override: Mountain goat's Move 1 (Height 2) from Cliff top to Foot of the cliff — rules: allowed; "
        "DM: not allowed",
        "DM override taken back: Mountain goat's Move 1 (Height 2) from Cliff top to Foot of the cliff — the "
        "rules' answer stands: allowed"]
    assert c.table.log[-2].details[-1] == "[H7] Rules say allowed; overridden by the DM: not allowed."
    assert c.table.log[-1].details[0] == "Allowed: falls, 1d6: 1–6, mean 3.5"
    assert c.panel_action("take-back").status == "No override to take back."


def test_taking_back_an_action_override_restores_that_action_only() -> None:
    """Product owner's list, "Taking back a DM override" (H7) on H5: Ada's Shortbow reaches Bandit 1 (needs
    range 3); the DM rules it out, then takes that back; the Sling's verdict is untouched throughout."""
    c = controller("four-shots.json")
    c.click_fighter("shooter-1")
    c.click_fighter("target-1")
    rules = c.mode.shots
    assert rules is not None
    c.panel_action("override-shot", "0:forbid")
    up = c.panel_action("override-shot", "1:allow")
    assert [(a, arg) for a, arg, _ in buttons(up.panel) if a.endswith("shot")] == [
        ("take-back-shot", "0"), ("take-back-shot", "1"), ("override-shot", "2:allow")]
    up = c.panel_action("take-back-shot", "0")
    assert c.mode.shots is not None and c.mode.shots[0] == rules[0] and c.mode.shots[1] == rules[1].overridden(True)
    assert up.status == "DM override taken back — Shortbow, range 3: reaches (needs range 3)"
    assert [(a, arg) for a, arg, _ in buttons(up.panel) if a.endswith("shot")] == [
        ("override-shot", "0:forbid"), ("take-back-shot", "1"), ("override-shot", "2:allow")]
    assert c.table.log[-1].text == "DM override taken back: Ada's Shortbow against Bandit 1 — the rules' answer " \
                                   "stands: reaches"
    assert c.table.log[-1].details[0] == "Shortbow, range 3: reaches (needs range 3)"
    assert c.panel_action("take-back-shot", "2").status == "No override to take back."
    assert c.panel_action("take-back-shot", "7").status == "No override to take back."


def test_after_confirm_the_chosen_entry_still_shows_what_it_reaches_from_the_new_place() -> None:
    """Product owner's list, item 1 (H3): after Confirm of a Height move the fighter card and the side view
    agree — Move 1 (Height 2) stays chosen and the view shows what it reaches from the Foot of the cliff,
    where a section click now judges the next move from."""
    c = controller()
    c.click_fighter("goat")
    c.click_section("cliff-foot")
    up = c.panel_action("confirm")
    assert c.mode.entry == 0
    assert ('<button type="button" data-action="entry" data-arg="0" aria-pressed="true" class="entry chosen">'
            'Move 1 (Height 2)</button>') in up.panel
    assert up.overlay is not None
    assert 'class="reachable dice-0 safe" data-section="boulder"' in up.overlay
    assert 'data-section="overhang"' not in up.overlay  # the way it came is 2 Height up: out of reach now
    assert height_play.reach(c.table, "goat", 0).dice == {"cliff-foot": 0, "boulder": 0}
    assert c.click_section("boulder").status == "Move to Boulder: Allowed."


def test_the_first_screen_gives_the_instructions_once() -> None:
    """Product owner's list, item 2: the status line says the battlefield is ready; the instructions are
    the panel's hint alone."""
    up = controller("four-shots.json").show()
    assert up.status == "The four shots: ready."
    assert up.panel == (
        '<p class="hint">Select a fighter (click or Enter), choose a Move entry, then click a section to see the '
        'verdict; click an enemy to check each action; Push… and the climbs are on the fighter card. Shift+←/→ '
        'steps the fighter along its section. Escape clears, Ctrl+Z undoes.</p>')
    # The Rules glossary is written once under the panel (py/app.py), not into every panel: it keeps its
    # open or closed state across clicks.
    assert "glossary" not in up.panel
    assert up.panel.count("Select a fighter") == 1


def test_an_import_is_logged_as_imported() -> None:
    """Product owner's list, item 3: the first log line of an imported battlefield says "Imported"."""
    c = controller("four-shots.json")
    c.show()
    up = c.import_text((SCENARIOS / "cliff.json").read_text(), "cliff.json")
    assert [e.text for e in c.table.log] == ["Imported “The cliff”, dice seed 11."]
    assert up.log_reset and len(up.log_items) == 1 and "Imported “The cliff”, dice seed 11." in up.log_items[0]
    assert up.status == "Imported “The cliff”. Undo brings back the previous battlefield."


def test_an_action_override_is_logged_with_fighter_action_target_and_both_answers() -> None:
    """Product owner's list, item 4 (H7): the log line of a DM override on an action names the fighter, the
    action and the target, then the rules' answer and the DM's."""
    c = controller("four-shots.json")
    c.click_fighter("shooter-3")
    c.click_fighter("target-3")
    c.panel_action("override-shot", "0:allow")
    assert c.table.log[-1].text == "DM override: Cleo's Shortbow against Bandit 3 — rules: blocked; DM: reaches"
    assert c.table.log[-1].details[0] == (
        "Shortbow, range 3: reaches — overridden by the DM (rules: needs range 2, blocked)")
    c = controller("four-shots.json")
    c.click_fighter("shooter-1")
    c.click_fighter("target-1")
    c.panel_action("override-shot", "0:forbid")
    assert c.table.log[-1].text == "DM override: Ada's Shortbow against Bandit 1 — rules: reaches; DM: cannot reach"
    c.panel_action("override-shot", "1:allow")
    assert c.table.log[-1].text == "DM override: Ada's Sling against Bandit 1 — rules: cannot reach; DM: reaches"


def test_export_then_import_keeps_the_roll_count() -> None:
    """Issue 7: "export then import replays the dice from roll 0 (keep the roll count)" — H8 replayable dice:
    the goat's drop is roll #1 (seed 11, roll 0); after Export and Import, the kestrel's 3d6 drop is roll #2,
    exactly the dice the exported table would have rolled next."""
    c = controller()
    c.click_fighter("goat")
    c.click_section("cliff-foot")
    c.panel_action("confirm")
    assert c.table.rolls == 1
    text = c.export_text()
    assert '  "dice_rolls": 1,\n' in text
    on = c.table
    up = c.import_text(text, "The-cliff.json")
    assert c.table.rolls == 1 and up.error is None
    assert c.table.log[0].text == "Imported “The cliff”, dice seed 11; 1 roll already made, the next is roll #2."
    c.click_fighter("kestrel")
    c.click_section("cliff-foot")
    c.panel_action("confirm")
    _, expected = on.move("kestrel", height_play.move_verdict(on, "kestrel", 0, "cliff-foot"))
    assert c.mode.roll == expected == roll(DicePool(3), rng_for(11, 1))


def test_a_click_that_leaves_the_bands_as_drawn_redraws_only_the_marks_layer() -> None:
    """The page's overlay in two layers (side_view.OverlayParts): selecting a fighter draws the whole overlay
    (its bands and dice badges, H3); judging a section with the same entry sends only #overlay-marks, and what
    the page then shows is exactly the overlay a redraw from scratch would give; a move redraws the bands."""
    from vertigo_view.side_view import render_overlay

    c = controller()
    c.show()
    first = c.click_fighter("goat")
    assert first.overlay is not None and first.marks is None
    reached = [s for s in c.mode.reached(c).dice if s != c.table.position("goat")]
    assert first.overlay.count('class="reachable ') == len(reached) == 2
    judged = c.click_section("cliff-foot")
    assert judged.overlay is None and judged.marks is not None
    assert judged.marks.startswith('<g id="overlay-marks">')
    assert c.drawn_overlay() == render_overlay(c.table, c._highlights())
    moved = c.panel_action("confirm")
    assert moved.overlay is not None and moved.marks is None
    assert c.drawn_overlay() == moved.overlay


def test_checking_the_same_enemy_again_adds_no_log_line_and_says_so() -> None:
    """Issue 7's leftovers, item 1: a referee re-clicking the enemy just checked gets the same verdict again,
    one log line for it, and a status line that says why nothing was logged."""
    c = controller("four-shots.json")
    c.click_fighter("shooter-1")
    first = c.click_fighter("target-1")
    again = c.click_fighter("target-1")
    verdict = ("Ada against Bandit 1: Shortbow, range 3: reaches (needs range 3); Sling, range 2: cannot reach "
               "(needs range 3); Dagger, range 0: cannot reach (range 0: its own section only).")
    assert first.status == verdict and len(first.log_items) == 1
    assert again.status == verdict + " The same as the last line of the log: not logged again."
    assert again.log_items == ()
    # Issue 22, "an attack's log line gives the outcome" (H5, H6): which actions reach and which cannot.
    assert [e.text for e in c.table.log] == ["Loaded “The four shots”, dice seed 4.",
                                             "Ada → Bandit 1: Shortbow reaches, Sling and Dagger cannot"]
    c.click_fighter("target-2")
    c.click_fighter("target-1")
    assert [e.text for e in c.table.log][1:] == ["Ada → Bandit 1: Shortbow reaches, Sling and Dagger cannot",
                                                 "Ada → Bandit 2: Shortbow, Sling and Dagger cannot reach",
                                                 "Ada → Bandit 1: Shortbow reaches, Sling and Dagger cannot"]


def test_a_fall_past_the_roll_cap_is_refused_on_the_page_and_the_table_kept() -> None:
    """limits.MAX_ROLLS (2^52), found by a fresh user: an imported cliff at dice_rolls 2^52, the goat's Confirm
    (a 1d6 fall) is refused with the LimitError's message and the table, its rolls and its export are kept
    (before, the roll made 2^52 + 1, which neither the saved table nor the export could hold)."""
    from vertigo.limits import MAX_ROLLS

    c = controller()
    c.show()
    doc = json.loads((SCENARIOS / "cliff.json").read_text())
    doc["vertigo"], doc["dice_rolls"] = 2, MAX_ROLLS
    c.import_text(json.dumps(doc), "cliff.json")
    before = c.table
    c.click_fighter("goat")
    c.click_section("cliff-foot")
    try:  # as py/app.py's run() does
        up = c.panel_action("confirm")
    except RulesError as e:
        up = c.error(e)
    assert up.error == ("this table has made 4,503,599,627,370,496 rolls, the most a table counts (2^52): no further "
                        "dice can be rolled; a move without a fall still can be made")
    assert c.table is before and c.table.position("goat") == "cliff-top"
    assert json.loads(c.export_text())["dice_rolls"] == MAX_ROLLS


def test_the_card_asks_for_a_highlighted_section_only_when_the_move_entry_reaches_one() -> None:
    """000 › Combat, ruling H2 (up across a border of Height H only when h ≥ H; no Height listed and none on the
    fighter is h = 0): on *The four shots* Ada's Move 2 reaches no other section from Lower terrace (Height 0;
    its one neighbour, Middle terrace, is Height 1), so nothing is highlighted and the card says so; Bandit 1's
    Move 2 reaches two sections (down is always allowed), and the card asks for a click on one."""
    c = controller("four-shots.json")
    c.show()
    card = c.click_fighter("shooter-1").panel
    assert "Move 2 reaches no other section from here, so none is highlighted." in card
    assert "Click a highlighted section" not in card
    c.escape()
    card = c.click_fighter("target-1").panel
    assert "Click a highlighted section to move there, or an enemy to check each action against it." in card
    assert "reaches no other section" not in card


def test_a_move_entry_that_reaches_nothing_names_the_entries_that_do() -> None:
    """Issue 22, "a card saying 'Move 2 reaches no other section' while Teleport 4 reaches five names the
    entries that do" (H2: Move 2 with h = 0 climbs nothing; H4: Teleport 4 and Phase 2 reach by steps and net
    Height): the cliff's Blinker on the Foot of the cliff."""
    c = controller("cliff.json")
    c.show()
    card = ET.fromstring(f"<div>{c.click_fighter('blinker').panel}</div>")
    (hint,) = [p.text for p in card.iter("p") if p.get("class") == "hint"]
    assert hint == ("Move 2 reaches no other section from here, so none is highlighted; Teleport 4 (5 sections) and "
                    "Phase 2 (1 section) do: choose one above to move. Click an enemy to check each action against it.")


def test_a_panel_is_written_on_first_read_and_never_from_a_later_state() -> None:
    """The page draws a click's view first and reads its panel a frame later (py/app.py, text_later): the panel
    is the one of that click's state, and an update whose controller has moved on refuses to give one."""
    from vertigo_page.controller import StaleUpdate

    c = controller()
    c.show()
    first = c.click_fighter("goat")
    assert "Mountain goat" in first.panel  # read before the next call: the selected fighter's card
    second = c.click_section("cliff-foot")
    third = c.escape()
    with pytest.raises(StaleUpdate):
        _ = second.panel
    assert first.panel == first.panel and "Mountain goat" in first.panel  # kept once read
    assert "Mountain goat" not in third.panel


def _fighters_drawn(before: tuple[tuple[str, str], ...], up: Update) -> str:
    """The fighters group as the page has it after writing ``up`` over ``before`` (py/app.py's apply)."""
    if up.fighters is not None:
        return up.fighters
    changed = dict(up.fighter_groups or ())
    return '<g id="fighters">' + "".join(changed.get(fid, text) for fid, text in before) + "</g>"


def _by_entries_or_placing(name: str) -> bool:
    """Whether a bundled battlefield is played by Move entries (Height) or by placing (levels): an inches one
    moves to points, checked the same way in ``test_terrain_page.py``."""
    return json.loads((SCENARIOS / name).read_text()).get("units") != "inches"


@pytest.mark.parametrize("name", sorted(p.name for p in SCENARIOS.glob("*.json")
                                        if p.name != "index.json" and _by_entries_or_placing(p.name)))
def test_after_each_move_and_undo_the_fighters_the_page_redrew_read_as_a_whole_redraw(name: str) -> None:
    """Every bundled battlefield played by Move entries or by placing, each fighter moved by its first Move entry
    to each section it reaches (H3) or placed (levels), then undone: the fighters' groups sent (only those whose
    drawing changed) written over what the page showed give exactly the whole fighters group drawn afresh."""
    c = controller(name)
    c.show()
    shown = fighter_groups(c.table)
    checked = 0
    for f in c.table.scenario.fighters:
        c.escape()
        c.click_fighter(f.id)
        here = c.table.position(f.id)
        if c.table.scenario.has_movement:
            if not f[MOVES]:
                continue
            c.panel_action("entry", "0")
            spots = [s for s in sorted(c.mode.reached(c).dice) if s != here][:3]
        else:
            spots = [s.id for s in c.table.scenario.field.sections if s.id != here][:3]
        for sid in spots:
            up = c.click_section(sid)
            if c.table.scenario.has_movement:
                if c.mode.pending is None or not c.mode.pending.final:
                    continue
                up = c.panel_action("confirm")
            assert up.fighters is not None or up.fighter_groups is not None
            assert _fighters_drawn(shown, up) == render_fighters(c.table)
            checked += 1
            shown = fighter_groups(c.table)
            up = c.undo()
            assert _fighters_drawn(shown, up) == render_fighters(c.table)
            shown = fighter_groups(c.table)
            c.escape()
            c.click_fighter(f.id)
            if c.table.scenario.has_movement:
                c.panel_action("entry", "0")
    assert checked >= 2


def test_clicking_the_fighters_own_section_says_it_is_already_there_and_nothing_moves() -> None:
    """Issue 22, "clicking a fighter's own section says 'Allowed. Already there: no move'" (H3: the route to the
    start is the start alone): the status line and the panel say plainly that the goat is already on the Cliff top
    and nothing moves, not "Allowed"; no Confirm, no override, no path."""
    c = controller()
    c.click_fighter("goat")
    up = c.click_section("cliff-top")
    assert up.status == "Mountain goat is already on Cliff top: nothing moves."
    box = ET.fromstring(f"<div>{c._panel()}</div>").find(".//div[@data-testid='verdict']")
    assert box is not None and box.get("class") == "verdict already-there"
    summary = box.find("p[@data-testid='verdict-summary']")
    assert summary is not None and summary.text == "Already there: the fighter is on that section, nothing moves."
    assert [b.text for b in box.iter("button") if b.get("data-action") in ("confirm", "override")] == []
    assert box.find("p[@class='path']") is None
    assert ["".join(li.itertext()) for li in box.iter("li")] == [
        "H2 Move 1 (Height 2) moves up to 1 step with Height 2 (its own).", "H3 Already on Cliff top: nothing moves."]


def test_clicking_a_fighter_of_the_same_side_mid_fight_says_the_selection_changed() -> None:
    """Issue 22, "clicking a same-side fighter mid-fight says in the status line that the selection changed"
    (H5 checks actions against an enemy, a fighter of another side): Ada has just checked her actions against
    Bandit 1; a click on Bram, of her own side, selects him instead, and the status line says so first. Selecting
    on purpose (S, *Select … instead*) says nothing of the kind."""
    c = controller("four-shots.json")
    c.show()
    c.click_fighter("shooter-1")
    c.click_fighter("target-1")
    up = c.click_fighter("shooter-2")
    assert up.status == "Selection changed from Ada to Bram. Bram selected on West rim: Move 2."
    assert c.selected == "shooter-2" and c.target is None
    assert c.select("target-2").status == "Bandit 2 selected on East rim: Move 2."


def test_hide_dice_seed_hides_it_in_the_log_the_panel_and_the_status_line_and_export_keeps_it() -> None:
    """Issue 22, "a Hide dice seed switch hides the seed in the log, the panel and the status line ... and says
    that Export still carries it" (H8: the rolls replay from the seed and the roll number). The cliff (seed 11):
    the goat's 1d6 fall rolled, then the switch: the whole log is written again without the seed, the bar's dice
    line says Export still carries it, and Export does; off again, it is back."""
    c = controller()
    c.show()
    c.click_fighter("goat")
    c.click_section("cliff-foot")
    c.panel_action("confirm")
    assert c.seed_line() == "dice seed 11 · 1 roll"
    up = c.hide_seed(True)
    assert up.status == ("Dice seed hidden in the log, the panel and the status line. Export still carries it (the "
                         "battlefield's file keeps the seed and the rolls made).")
    assert up.log_reset and len(up.log_items) == 2
    logged = "".join(up.log_items)
    assert "Loaded “The cliff”, dice seed hidden." in logged and "(seed hidden, roll #1)." in logged
    assert "seed 11" not in logged and "seed 11" not in up.panel
    assert c.seed_line() == "dice seed hidden (Export still carries it) · 1 roll"
    assert json.loads(c.export_text())["dice_seed"] == 11
    assert c.update("Loaded “The cliff”, dice seed 11.").status == "Loaded “The cliff”, dice seed hidden."
    c.undo()
    back = c.hide_seed(False)
    assert back.status == "Dice seed shown again: 11."
    assert back.log_reset and "Loaded “The cliff”, dice seed 11." in "".join(back.log_items)
    assert c.seed_line() == "dice seed 11 · 0 rolls"


def test_without_seed_hides_only_the_tables_own_seed() -> None:
    """Issue 22 (the Hide dice seed switch): the seed is hidden where the table writes it, "dice seed 11" and
    "(seed 11, roll #2)", and nowhere else: another number that starts with it stays."""
    from vertigo_page.controller import without_seed

    assert without_seed("Loaded “The cliff”, dice seed 11.", 11) == "Loaded “The cliff”, dice seed hidden."
    assert without_seed("[H8] Rolled 1d6 (4) (seed 11, roll #2).", 11) == "[H8] Rolled 1d6 (4) (seed hidden, roll #2)."
    assert without_seed("dice seed 112; seed 11 elsewhere", 11) == "dice seed 112; seed 11 elsewhere"
