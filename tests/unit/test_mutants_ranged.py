"""Lines of shot and shot verdicts, pinned where mutation testing (tools/mutate) found them loose (H5–H7, H13, H14).

Source: ``000_519d8b8e373365db.txt`` › Height and Range; rulings H5, H6, H7, H13 and H14 of ``RULINGS.md``.
"""

from __future__ import annotations

from vertigo.battlefield import Battlefield, Section
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.ranged import judge_action, line_of_shot

from builders import chain, field


def test_h14_a_clear_detour_is_the_line_used_and_d_is_its_step_count():
    """H14: "A shot may follow any line of sections from shooter to target; d in H5 is that line's step
    count": the only 2-step line runs over the high H (blocked, H5); the clear 3-step line S, X, Y, T is the
    one used, d = 3, and it says what it goes round."""
    f = field({"s": 0, "h": 5, "x": 0, "y": 0, "t": 0},
              [("s", "h"), ("h", "t"), ("s", "x"), ("x", "y"), ("y", "t")])
    line = line_of_shot(f, "s", "t")
    assert line is not None
    assert (line.path, line.steps, line.blocked_by, line.shortest) == (("s", "x", "y", "t"), 3, None, 2)
    assert line.detour == (("s", "h", "t"), "h", "H5")
    assert line.range_needed == 3


def test_h13_between_two_clear_shortest_lines_the_first_in_document_order_is_named():
    """H13: "When two ... lines of shot are equally good, the product picks one by a fixed order (document
    order of the sections)": S → P → T, not S → Q → T."""
    f = field({"s": 0, "p": 0, "q": 0, "t": 0}, [("s", "p"), ("s", "q"), ("p", "t"), ("q", "t")])
    line = line_of_shot(f, "s", "t")
    assert line is not None
    assert (line.path, line.blocked_by) == (("s", "p", "t"), None)


def test_h14_with_no_clear_line_the_first_blocker_along_the_shortest_line_is_named():
    """H14: "With no clear line at all, the answer gives the shortest line and its first blocker along the
    line": Z1 at Height 3, met before M1 at Height 5, though M1 is higher."""
    f = field({"s": 0, "z1": 3, "m1": 5, "t": 0}, [("s", "z1"), ("z1", "m1"), ("m1", "t")])
    line = line_of_shot(f, "s", "t")
    assert line is not None
    assert (line.path, line.steps, line.blocked_by, line.blocked_rule) == (("s", "z1", "m1", "t"), 3, "z1", "H5")
    verdict = judge_action(f, "s", "t", Action.parse("Longbow, range 9"))
    assert verdict.allowed is False
    assert str(verdict.steps[-3]) == "[H5] Blocked: Z1 stands at Height 3, higher than both ends (max 0)."
    assert str(verdict.steps[-2]) == ("[H14] No line from S to T is clear; the shortest is judged, with its first "
                                      "blocker.")


def test_h6_reach_equal_to_range_is_judged_as_reach():
    """H6: "An action with Reach r ... is judged like a ranged action of range r by H5": with Reach 1 and
    range 1, the explanation says so and names the Reach."""
    verdict = judge_action(chain(0, 0), "s0", "s1", Action.parse("Spear, range 1, Reach 1"))
    assert verdict.allowed is True
    assert [str(s) for s in verdict.steps] == [
        "[H6] Spear, range 1, Reach: Reach 1 is judged like a ranged action of range 1.",
        "[H5] S1 is d = 1 step from S0 along S0 → S1; Height changes across the borders: 0; net Δh = 0.",
        "[H5] Range needed = max(d, |Δh|) = max(1, 0) = 1; Spear has Reach 1 — enough.",
    ]


def test_h5_a_shot_at_its_own_section_crosses_no_border():
    """H5 with d = 0: a ranged action at a target on its own section crosses no border ("none") and needs
    range 0."""
    verdict = judge_action(chain(0, 0), "s0", "s0", Action.parse("Shortbow, range 3"))
    assert verdict.allowed is True
    assert [str(s) for s in verdict.steps] == [
        "[H5] S0 is d = 0 steps from S0; Height changes across the borders: none; net Δh = 0.",
        "[H5] Range needed = max(d, |Δh|) = max(0, 0) = 0; Shortbow has range 3 — enough.",
    ]


def test_h5_a_shot_with_no_line_keeps_its_source_and_target():
    """H5: a target on a section that shares no border with the shooter's cannot be reached; the verdict
    still names both sections."""
    f = Battlefield.build([Section("a", "A", 0, 0, 1), Section("b", "B", 0, 2, 3)], [])
    verdict = judge_action(f, "a", "b", Action.parse("Shortbow, range 3"))
    assert (verdict.source, verdict.target, verdict.line, verdict.allowed) == ("a", "b", None, False)
    assert verdict.to_json()["source"] == "a"
    assert verdict.to_json()["target"] == "b"


def test_h6_a_range_0_verdict_keeps_its_source_and_target():
    """H6: "A range-0 action reaches only its own section"; the verdict names both sections."""
    verdict = judge_action(chain(0, 0, 0), "s0", "s2", Action.parse("Sword, range 0"))
    assert (verdict.source, verdict.target, verdict.allowed) == ("s0", "s2", False)


def test_h7_an_overridden_shot_writes_the_dms_answer_in_its_json():
    """H7: "The referee can override any verdict; ... the log keeps both": ``override`` in the JSON holds
    the DM's answer and note, ``reaches`` the rules' answer."""
    verdict = judge_action(chain(0, 0, 0), "s0", "s2", Action.parse("Sword, range 0")).overridden(True, "a lunge")
    doc = verdict.to_json()
    assert (doc["reaches"], doc["final"], doc["override"]) == (False, True, {"allowed": True, "note": "a lunge"})


def test_h5_a_judged_shot_keeps_its_source_and_target():
    """H5: a shot across one border (d = 1, range 3): the verdict names the shooter's and the target's
    sections."""
    verdict = judge_action(chain(0, 0), "s0", "s1", Action.parse("Shortbow, range 3"))
    assert (verdict.source, verdict.target, verdict.allowed) == ("s0", "s1", True)


def test_h5_a_clear_line_names_every_section_between_the_ends():
    """H5 ("any section strictly between them"): a clear line of three steps names both sections between the
    ends with their Heights, in the line's order."""
    f = field({"s": 2, "m": 1, "n": 0, "t": 2}, [("s", "m"), ("m", "n"), ("n", "t")])
    verdict = judge_action(f, "s", "t", Action.parse("Longbow, range 3"))
    assert verdict.allowed is True
    assert str(verdict.steps[1]) == ("[H5] Line clear: no section between stands higher than both ends (max 2) — "
                                     "M at Height 1, N at Height 0.")


def test_h5_a_blocked_shot_whose_range_would_do_says_no_range_reaches_past_the_blocker():
    """H5 has two conditions: with range 2 against a need of exactly 2, the shot still fails on the blocked
    line, and the explanation says the range would do but nothing reaches past the blocker."""
    f = field({"s": 0, "h": 5, "t": 0}, [("s", "h"), ("h", "t")])
    verdict = judge_action(f, "s", "t", Action.parse("Sling, range 2"))
    assert verdict.allowed is False
    assert str(verdict.steps[-1]) == ("[H5] Range needed = max(d, |Δh|) = max(2, 0) = 2; Sling has range 2, but the "
                                      "line is blocked: no range reaches past it.")
