"""Issue 7, keyboard: the order the arrow keys step through the side view, its Tab stops, Enter twice and S."""

from __future__ import annotations

from test_controller import controller

from vertigo_page.controller import Controller

FIGHTERS_LEFT_TO_RIGHT = ("fighter-shooter-1", "fighter-target-1", "fighter-shooter-2", "fighter-target-2",
                          "fighter-shooter-3", "fighter-target-3", "fighter-shooter-4", "fighter-target-4")


def shots() -> Controller:
    c = controller("four-shots.json")
    c.show()
    return c


def test_with_no_selection_the_arrows_go_through_the_fighters_left_to_right() -> None:
    c = shots()
    assert c.keyboard_order() == FIGHTERS_LEFT_TO_RIGHT
    assert c.arrow("fighter-shooter-1", "ArrowRight") == "fighter-target-1"
    assert c.arrow("fighter-target-1", "ArrowLeft") == "fighter-shooter-1"
    assert c.arrow("fighter-shooter-1", "ArrowLeft") == "fighter-shooter-1"  # the ends stop, no wrap
    assert c.arrow("fighter-target-4", "ArrowRight") == "fighter-target-4"
    assert c.arrow("fighter-shooter-2", "Home") == "fighter-shooter-1"
    assert c.arrow("fighter-shooter-2", "End") == "fighter-target-4"


def test_up_and_down_go_to_the_next_fighter_of_the_same_side() -> None:
    c = shots()
    assert c.arrow("fighter-shooter-1", "ArrowDown") == "fighter-shooter-2"
    assert c.arrow("fighter-shooter-2", "ArrowUp") == "fighter-shooter-1"
    assert c.arrow("fighter-target-2", "ArrowDown") == "fighter-target-3"
    assert c.arrow("fighter-shooter-4", "ArrowDown") == "fighter-shooter-4"


def test_from_outside_the_order_the_arrows_go_to_the_nearest_in_that_direction() -> None:
    c = shots()
    assert c.arrow("section-chasm", "ArrowRight") == "fighter-target-2"  # chasm x 9–11, Bandit 2 at 12
    assert c.arrow("section-chasm", "ArrowLeft") == "fighter-shooter-2"
    assert c.arrow(None, "ArrowRight") == "fighter-shooter-1"
    assert c.arrow("nonsense", "ArrowLeft") == "fighter-target-4"


def test_a_selected_fighter_goes_with_its_reachable_sections_and_the_enemies_left_to_right() -> None:
    """Bram (Move 2, West rim) reaches only the Chasm floor; its own section is not a destination."""
    c = shots()
    c.click_fighter("shooter-2")
    assert c.keyboard_order() == ("fighter-target-1", "fighter-shooter-2", "section-chasm", "fighter-target-2",
                                  "fighter-target-3", "fighter-target-4")
    assert c.arrow("fighter-shooter-2", "ArrowRight") == "section-chasm"
    assert c.arrow("fighter-shooter-2", "ArrowDown") == "section-chasm"  # ↓ is → once a fighter is selected
    assert c.arrow("section-chasm", "ArrowRight") == "fighter-target-2"
    assert c.arrow("fighter-shooter-2", "ArrowLeft") == "fighter-target-1"


def test_a_fighter_with_several_destinations_lists_them_in_place() -> None:
    """Dov (Move 2, Hilltop) reaches the Slope and the Valley floor, where Bandit 4 stands: section first."""
    c = shots()
    c.click_fighter("shooter-4")
    assert c.keyboard_order() == ("fighter-target-1", "fighter-target-2", "fighter-target-3", "fighter-shooter-4",
                                  "section-slope", "section-valley", "fighter-target-4")


def test_where_fighters_are_placed_by_hand_every_section_and_other_fighter_is_in_the_order() -> None:
    c = controller("staircase.json")
    c.show()
    first = c.table.scenario.fighters[0].id
    c.click_fighter(first)
    order = c.keyboard_order()
    sc = c.table.scenario
    assert {e for e in order if e.startswith("section-")} == {f"section-{s.id}" for s in sc.field.sections}
    assert {e for e in order if e.startswith("fighter-")} == {f"fighter-{f.id}" for f in sc.fighters}


def test_one_tab_stop_and_where_it_goes() -> None:
    c = shots()
    assert c.tab_stops(None, None) == ("fighter-shooter-1",)
    assert c.tab_stops("fighter-target-2", None) == ("fighter-target-2",)
    assert c.tab_stops(None, "fighter-target-2") == ("fighter-target-2",)  # back where the keyboard was
    c.click_fighter("shooter-2")
    assert c.tab_stops(None, "fighter-shooter-3") == ("fighter-shooter-2",)  # no longer in the order
    # The selected fighter focused: its nearest destination is one key away (→ or Shift+Tab).
    assert c.tab_stops("fighter-shooter-2", None) == ("fighter-shooter-2", "section-chasm")
    # On a destination not judged yet, the fighter stays a stop too; once judged there, Tab goes on to Confirm.
    assert c.tab_stops("section-chasm", "fighter-shooter-2") == ("section-chasm", "fighter-shooter-2")
    c.click_section("chasm")
    assert c.tab_stops("section-chasm", "section-chasm") == ("section-chasm",)
    c.click_fighter("target-2")
    assert c.tab_stops("fighter-target-2", None) == ("fighter-target-2",)
    assert c.tab_stops("fighter-target-3", None) == ("fighter-target-3", "fighter-shooter-2")


def test_enter_judges_a_move_and_enter_again_confirms_it() -> None:
    c = shots()
    c.click_fighter("shooter-2")
    up = c.enter_section("chasm")
    assert up.status == "Move to Chasm floor: Allowed: falls, 6d6: 6–36, mean 21. Enter again to confirm."
    assert c.table.position("shooter-2") == "rim-west"
    up = c.enter_section("chasm")
    assert c.table.position("shooter-2") == "chasm"
    assert up.status.startswith("Bram moved. Rolled 6d6") and up.focus == "fighter-shooter-2"


def test_enter_on_a_refused_move_only_judges_it() -> None:
    c = shots()
    c.click_fighter("shooter-1")
    assert c.enter_section("terrace-mid").status == "Move to Middle terrace: Not allowed."
    assert c.enter_section("terrace-mid").status == "Move to Middle terrace: Not allowed."
    assert c.table.position("shooter-1") == "terrace-low"


def test_s_selects_the_checked_enemy_instead() -> None:
    c = shots()
    assert c.select_instead().status == "No targeted fighter to select instead."
    c.click_fighter("shooter-2")
    up = c.click_fighter("target-2")
    assert 'aria-keyshortcuts="S"' in up.panel and "Select Bandit 2 instead (S)" in up.panel
    up = c.select_instead()
    assert c.selected == "target-2" and c.target is None
    assert up.status == "Bandit 2 selected on East rim: Move 2."


def test_the_verdict_comes_before_the_fighter_card_and_confirm_before_the_steps() -> None:
    c = shots()
    c.click_fighter("shooter-2")
    panel = c.click_section("chasm").panel
    assert panel.index('data-testid="verdict"') < panel.index('data-testid="fighter-card"')
    assert panel.index('data-action="confirm"') < panel.index('class="steps"')
