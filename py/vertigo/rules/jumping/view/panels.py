"""The Jumping rules' panel pieces: the fighter card's part (its whole jump table, run-up and cost, Ran last round,
Knocked Down and Stands up, the shading's key) and a planned jump (which jump, its takeoff, distance and figures,
the penalty, the cost, the roll or why there is none, the landing and any fall; the table's check entered as
Success or Failed by N; J8's second check; what a failure comes to before Confirm; the DM's override).
ElementTree elements, every name escaped as text; the buttons carry ``data-action`` for the mode
(:mod:`vertigo.rules.jumping.mode`).

Source: ``003_d3aa233771e16bb9.txt``; rulings J1–J12, H7, H8; issue 25 (In the page).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from fractions import Fraction

from vertigo.lengths import show
from vertigo.numbers import signed
from vertigo.resolve import Rolled
from vertigo.rules.jumping.rules.distances import JumpTable
from vertigo.rules.jumping.rules.fields import FOOTING
from vertigo.rules.jumping.rules.planner import JumpPlan
from vertigo.rules.jumping.rules.sizes import SIZE_WORDS, TITLES
from vertigo.table import Table
from vertigo.text import isolate
from vertigo_view.panels import append_text, button, cell_table, el, fact_term, rolls_shown, rule_tags, step_list

from .outcome import Entered, Preview
from .shading import BAND_WORDS, FILLS

__all__ = ["card_parts", "jump_verdict", "place_words", "FAIL_MORE"]

FAIL_MORE = "jump-fail-more"
"""The id of the check's + button (the focus goes there when a jump that needs a roll is planned)."""


def _ft(v: Fraction) -> str:
    return show(v, "feet")


def place_words(table: Table, section_id: str, x: Fraction) -> str:
    """A point in words: ``"Roof B at 56 ft"``."""
    return f"{isolate(table.scenario.field.section(section_id).name)} at {_ft(x)}"


def _key(parent: ET.Element) -> None:
    """The shading's key: each band's colour and what it means (J4)."""
    p = el(parent, "p", "Shading: the band of a jump from where it stands, by where it lands ", class_="meta")
    rule_tags(p, "J4")
    ul = el(parent, "ul", class_="jump-key", data_testid="jump-key",
            style="list-style: none; padding: 0; margin: .2rem 0; display: flex; flex-wrap: wrap; gap: .2rem .6rem")
    for band, colour in FILLS:
        li = el(ul, "li", data_band=band)
        el(li, "span", " ", aria_hidden="true", style=f"display: inline-block; width: 1.4em; height: .8em; "
                                                      f"margin-right: .3em; background: {colour}; opacity: .8")
        append_text(li, BAND_WORDS[band])


def card_parts(table: Table, fighter_id: str, jumps: JumpTable | None, ran: bool, knocked: bool) -> list[ET.Element]:
    """The fighter card's part under the Jumping rules: Knocked Down and Stands up (J8), its Size and Move, its
    whole jump table (J1), run-up and cost (J2, J3), the check (J4), Ran last round (J2) and the shading's key."""
    out = ET.Element("div")
    if knocked:
        p = el(out, "p", "Knocked Down ", class_="impossible", data_testid="knocked-down")
        rule_tags(p, "J8")
        button(el(out, "div", class_="buttons"), "Stands up", "stand-up", data_testid="stand-up",
               title="The referee's word: it stands up (logged; Undo takes it back)")
    if jumps is None:
        return list(out)
    j = jumps.jumper
    p = el(out, "p", f"{SIZE_WORDS[j.size]}, Move {j.move_tiles} (Full Move {_ft(jumps.full_move_ft)}); a jump is "
                     f"{j.check}. ", class_="meta", data_testid="jump-size")
    rule_tags(p, "J1, J4, J9")
    rows = [(TITLES[f.kind][:1].upper() + TITLES[f.kind][1:], _ft(f.base), _ft(f.minimum), _ft(f.maximum),
             _ft(f.modifier)) for f in jumps.figures]
    cell_table(out, "Its jumps (J1)", ("Jump", "Base", "No roll to", "At most", "Modifier"), rows, "jump-table")
    p = el(out, "p", f"Run-up {_ft(jumps.run_up_ft)}; a jump costs {jumps.cost_mp} Move points. ", class_="meta",
           data_testid="jump-costs")
    rule_tags(p, "J2, J3")
    row = el(out, "div", class_="buttons", role="group", aria_label="Run-up")
    button(row, "Ran last round", "ran", class_="toggle", aria_pressed=str(ran).lower(), data_testid="ran",
           title="The referee's word that it ran at least ½ Move last round without stopping: a running jump from "
                 "where it stands (J2)")
    _key(out)
    return list(out)


def _takeoff_words(table: Table, plan: JumpPlan) -> str:
    """Where it takes off and why it is running or standing (J2)."""
    t = plan.takeoff
    at = place_words(table, plan.start.section, t.x)
    run_up = _ft(plan.table.run_up_ft)
    if not t.running:
        return f"{at}, standing: {_ft(t.room)} of level surface behind it, less than the {run_up} of run-up"
    if t.room >= plan.table.run_up_ft:
        return f"{at}, running: {_ft(t.room)} of level surface behind it, at least the {run_up} of run-up"
    return f"{at}, running: the referee says it ran last round without stopping"


def _distance_words(plan: JumpPlan) -> str:
    """How far or high, with a climb and a drop (J10)."""
    t = plan.takeoff
    if not t.long:
        return f"{_ft(t.distance)} up onto a higher surface"
    words = f"{_ft(t.distance)} across"
    if t.climb is not None:
        words += f", rising {_ft(t.climb)} (judged as a high jump too)"
    elif t.rise < 0:
        words += f", landing {_ft(-t.rise)} lower (a long jump, then a fall)"
    return words


def _check_words(plan: JumpPlan) -> str:
    """The roll, or why there is none (J4, J10, H7)."""
    if plan.override is not None:
        return "none: the DM " + ("allows it: it lands where aimed, with no roll and no fall" if plan.final
                                  else "rules it out")
    if plan.takeoff.blocked is not None:
        return f"none: blocked — {plan.takeoff.blocked}"
    if not plan.allowed:
        worse = plan.verdict if not plan.verdict.possible else plan.climb
        assert worse is not None
        return f"none: impossible — past its maximum of {_ft(worse.figures.maximum)}"
    if plan.auto_success:
        return "none: at or under its minimum, it succeeds"
    return f"{plan.table.jumper.check}, " + (f"at {signed(plan.penalty)}" if plan.penalty else "no penalty")


def _landing_words(table: Table, plan: JumpPlan) -> str:
    """Where it lands on a success, and any fall (J7, J10, J12)."""
    if not plan.final:
        return "—"
    landing = plan.success() if plan.override is None else None
    if landing is None:
        return f"on {place_words(table, plan.to_section, plan.to_x)}, as the DM allows"
    words = f"on {isolate(landing.section.name)} at {_ft(landing.x)}"
    if landing.fall is not None:
        dice = landing.fall.pool.notation if landing.fall.pool.count else "no dice"
        words = (f"comes down at {_ft(landing.x)} and falls {_ft(landing.drop)} to {isolate(landing.section.name)}: "
                 f"{show(landing.fall.height, 'height')}, {dice}")
    footing = landing.section[FOOTING]
    if footing is not None:
        words += f"; {footing.words}: a second check at −{footing.mp}"
    return words


def _facts(box: ET.Element, table: Table, plan: JumpPlan) -> None:
    """The jump's facts, each with its rule tag."""
    f = plan.verdict.figures
    dl = el(box, "dl", class_="facts", data_testid="jump-facts")
    rows = [
        ("Jump", "J10", TITLES[plan.kind] + (" (long)" if plan.takeoff.long else " (high)")),
        ("Takeoff", "J2", _takeoff_words(table, plan)),
        ("Distance", "J10", _distance_words(plan)),
        ("Its figures", "J1", f"minimum {_ft(f.minimum)} · base {_ft(f.base)} · maximum {_ft(f.maximum)} · Jump "
                              f"Modifier {_ft(f.modifier)}"),
    ]
    if plan.climb is not None:
        c = plan.climb.figures
        rows.append(("The rise", "J10", f"{_ft(plan.climb.distance)} as a {TITLES[plan.climb.kind]}: minimum "
                                        f"{_ft(c.minimum)} · base {_ft(c.base)} · maximum {_ft(c.maximum)}"))
    rows += [
        ("Penalty", "J4", "—" if not plan.allowed else signed(plan.penalty) if plan.penalty else "none"),
        ("Roll", "J4", _check_words(plan)),
        ("Cost", "J3", f"{plan.table.cost_mp} Move points"),
        ("On a success", "J7", _landing_words(table, plan)),
    ]
    for term, rule, text in rows:
        fact_term(dl, term, rule)
        el(dl, "dd", text, data_fact=term.lower().replace(" ", "-"))


def _counter(row: ET.Element, what: str, action: str, shown: str, low: bool, high: bool, more_id: str | None = None,
             testid: str = "") -> None:
    """− 1, the value, + 1 (each disabled at its bound)."""
    minus = button(row, "− 1", action, "-1", aria_label=f"− 1: {what} one less")
    if low:
        minus.set("disabled", "disabled")
    el(row, "span", shown, class_="count", aria_live="polite", data_testid=testid or None)
    more = button(row, "+ 1", action, "1", aria_label=f"+ 1: {what} one more", id=more_id)
    if high:
        more.set("disabled", "disabled")


def _check_entry(box: ET.Element, entered: Entered, most: int) -> None:
    """The table's check (J11): Success, or Failed by N with − / +."""
    row = el(box, "div", class_="buttons damage", role="group", aria_label="The jump's check, the table's roll (J11)",
             data_testid="jump-check")
    button(row, "Success", "check", "0", class_="toggle", aria_pressed=str(entered.fail_by == 0).lower())
    n = entered.fail_by
    _counter(row, "failed by", "fail-by", "not entered" if n is None else "success" if n == 0 else f"failed by {n}",
             not n, (n or 0) >= most, FAIL_MORE, "fail-by")


def _landing_entry(box: ET.Element, plan: JumpPlan, seen: Preview, entered: Entered, most: int,
                   most_mp: int) -> None:
    """J8's second check: Success, or Failed by N; the Move points left; the DM's ruling on Knocked Down."""
    assert seen.footing is not None and seen.landing is not None
    p = el(box, "p", f"It lands on {isolate(seen.landing.section.name)}, {seen.footing.words}: a second check at "
                     f"−{seen.footing.mp}. ", class_="owed", data_testid="landing-owed")
    rule_tags(p, "J8")
    row = el(box, "div", class_="buttons damage", role="group", aria_label="The landing check (J8)",
             data_testid="landing-check")
    button(row, "Landed", "landing", "0", class_="toggle", aria_pressed=str(entered.landing_fail_by == 0).lower(),
           aria_label="Landed: the landing check succeeded (J8)")
    n = entered.landing_fail_by
    _counter(row, "the landing check failed by", "landing-by",
             "not entered" if n is None else "success" if n == 0 else f"failed by {n}", not n, (n or 0) >= most,
             testid="landing-by")
    row = el(box, "div", class_="buttons damage", role="group", aria_label="Move points left (J8)")
    el(row, "span", "Move points left:", class_="count")
    _counter(row, "Move points left", "mp-left", str(entered.mp_left), entered.mp_left <= 0,
             entered.mp_left >= most_mp, testid="mp-left")
    if seen.check is not None:
        el(box, "p", seen.check.summary, class_="summary", data_testid="landing-summary")
        row = el(box, "div", class_="buttons")
        if entered.knocked_down is None:
            down = seen.check.knocked_down
            label = "DM override: stays up" if down else "DM override: Knocked Down"
            button(row, label, "override-j8", "up" if down else "down", class_="override",
                   aria_label=f"{label} — the landing check (J8)")
        else:
            button(row, "Take back the J8 override", "take-back-j8", class_="override")


def _outcome(box: ET.Element, table: Table, seen: Preview) -> None:
    """What the entered check comes to, before Confirm: the d8 the table will roll, where it lands, any fall."""
    if seen.problem:
        el(box, "p", f"{seen.problem}.", class_="impossible", data_testid="jump-problem")
    if seen.landing is None:
        return
    div = el(box, "div", class_="outcome", data_testid="jump-outcome")
    if seen.direction is not None:
        el(div, "p", f"d8 will show {seen.direction}: the table's next roll (#{table.rolls + 1}) gives the scatter's "
                     "direction, 1 straight ahead, clockwise.", class_="d8", data_testid="d8")
    landing = seen.landing
    where = f"Lands on {isolate(landing.section.name)} at {_ft(landing.x)}"
    if landing.fall is not None:
        dice = landing.fall.pool.notation if landing.fall.pool.count else "no dice"
        where += f", after a fall of {_ft(landing.drop)} ({show(landing.fall.height, 'height')}, {dice})"
    if seen.knocked_down:
        where += ", Knocked Down"
    el(div, "p", where + ".", class_="summary", data_testid="jump-lands")
    steps = [*(seen.result.steps if seen.result is not None else ()), *landing.steps]
    step_list(div, steps)


def _buttons(box: ET.Element, plan: JumpPlan, seen: Preview) -> None:
    """Confirm (once every check it needs is entered), the DM's override, Place here instead."""
    row = el(box, "div", class_="buttons")
    if seen.ready and seen.landing is not None:
        rolls = []
        if seen.direction is not None:
            rolls.append("the d8")
        if seen.landing.fall is not None and seen.landing.fall.pool.count:
            rolls.append(seen.landing.fall.pool.notation)
        button(row, "Confirm the jump" + (f" and roll {' and '.join(rolls)}" if rolls else ""), "confirm",
               class_="primary", data_testid="confirm")
    if plan.override is None:
        button(row, "DM override: forbid" if plan.allowed else "DM override: allow", "override",
               "forbid" if plan.allowed else "allow", class_="override")
    else:
        button(row, "Take back the override", "take-back", class_="override")
    button(row, "Place here instead", "place-here", title="Place the fighter there by hand, with no jump")


def _next(plan: JumpPlan, seen: Preview) -> str:
    """What the referee does next."""
    if not plan.final:
        if plan.allowed:  # the rules allow it; the DM's override forbade it
            return "The DM has forbidden this jump (H7); take the override back, or click another point."
        return "The rules do not allow this jump; the DM may (H7), or click another point."
    if seen.problem:
        return "The rules cannot place this landing; enter another result, or place the fighter by hand."
    if seen.owes_check:
        return "Enter the table's check: Success, or Failed by N (− / +)."
    if seen.owes_landing:
        return "Enter the landing check (J8) and the Move points left."
    return "Confirm carries it out; Undo takes it all back."


def jump_verdict(table: Table, plan: JumpPlan, entered: Entered, seen: Preview, done: bool, rolls: Sequence[Rolled],
                 most: int, most_mp: int) -> ET.Element:
    """A planned jump: the answer, the check entered and what it comes to, Confirm and the DM's override, the facts
    and the steps; once carried out, the rolls (J1–J12, H7, H8).

    Args:
        most: the most points a check is entered as failed by; most_mp: the most Move points left.
    """
    ok = plan.final and seen.result is None
    box = el(None, "div", class_="verdict jump " + ("allowed" if ok else "refused"), data_testid="verdict")
    el(box, "h2", f"Jump: {isolate(plan.name)} → {place_words(table, plan.to_section, plan.to_x)}")
    el(box, "p", plan.summary + (" (overridden by the DM)" if plan.override is not None else ""), class_="summary",
       data_testid="verdict-summary")
    if done:
        el(box, "p", "Jumped: carried out and logged; Undo takes it all back.", class_="summary")
    else:
        if plan.needs_roll:
            _check_entry(box, entered, most)
        _outcome(box, table, seen)
        if seen.footing is not None:
            _landing_entry(box, plan, seen, entered, most, most_mp)
        el(box, "p", _next(plan, seen), class_="hint", data_testid="jump-next")
        _buttons(box, plan, seen)
    _facts(box, table, plan)
    step_list(box, plan.steps)
    rolls_shown(box, rolls)
    return box
