"""The Jumping rules' ``ask`` questions: ``jump_table``, ``jump``, ``jump_outcome``, ``jump_plan``,
``jump_landing``, and what the page carries out: ``jump_made`` (a jump with the referee's entries) and ``stand_up``
(``docs/api.md``).

A jumper is given by its numbers (``size``, ``move_tiles`` and optionally ``move_fraction``,
``mp_cost_per_tile``, ``athletics``, ``tumbling``), needing no scenario, or as a ``fighter`` of a ``scenario``
(with ``positions``).  Every answer is a verdict's ``to_json()``: lengths in feet rounded to hundredths with
``<name>_exact`` text beside each rational one, and ``summary``, ``rules``, ``explanation``.

Source: ``003_d3aa233771e16bb9.txt``; rulings J1–J12, H7; issue 25 (``ask`` questions).

Rulings restated in ``docs/rules.md``: ``#j1-full-move-and-the-four-jumps``, ``#j6-a-failed-long-jump-scatters``,
``#h7-the-dms-override``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vertigo import lengths
from vertigo import questions as q
from vertigo.errors import QuestionError, RulesError
from vertigo.limits import MAX_JUMP_FT, MAX_MOVE_TILES
from vertigo.ruleset import Answer, Question
from vertigo.text import isolate, quote
from vertigo.verdict import Step, rule_ids

from . import play
from .distances import Jumper, JumpError, judge_jump, jump_table
from .feet import feet
from .fields import MAX_MOVE_FRACTION, read_fraction
from .landing import check_mp_left, judge_landing
from .planner import Attempt, JumpPlan
from .scatter import check_direction, check_fail_by, high_outcome, long_outcome
from .sizes import HIGH, KINDS, SIZES

if TYPE_CHECKING:
    from vertigo.table import Table

__all__ = ["QUESTIONS"]

_NUMBERS = ("size", "move_tiles", "move_fraction", "mp_cost_per_tile", "athletics", "tumbling")
"""A jumper's numbers, when the question gives no fighter of a scenario."""


def _flag(question: Mapping[str, Any], key: str) -> bool:
    value = question.get(key, False)
    if not isinstance(value, bool):
        raise QuestionError(f"question.{key}: must be true or false: {quote(value)}")
    return value


def _by_numbers(question: Mapping[str, Any]) -> Jumper:
    """The jumper the question gives by its numbers (J1, J4, J9)."""
    size = q.missing(question, "size", f"give its Size: {', '.join(SIZES)} (or a fighter of a scenario)")
    found = next((s for s in SIZES if isinstance(size, str) and size.casefold() == s.casefold()), None)
    if found is None:
        raise QuestionError(f"question.size: must be a Size: Tiny, Small, Medium or Large: {quote(size)}")
    tiles = q.whole(q.missing(question, "move_tiles", f"give its Move in 5-ft tiles, 1 to {MAX_MOVE_TILES}"))
    if isinstance(tiles, bool) or not isinstance(tiles, int) or not 1 <= tiles <= MAX_MOVE_TILES:
        raise QuestionError(f"question.move_tiles: must be a whole number of 5-ft tiles from 1 to {MAX_MOVE_TILES}: "
                            f"{quote(tiles)}")
    fraction = Fraction(1)
    if "move_fraction" in question:
        try:
            fraction = read_fraction(question["move_fraction"])
        except RulesError:
            raise QuestionError(f"question.move_fraction: must be a number or fraction text such as \"1/2\", above 0 "
                                f"and at most {MAX_MOVE_FRACTION}: {quote(question['move_fraction'])}") from None
    cost = q.whole(question.get("mp_cost_per_tile", 0))
    if isinstance(cost, bool) or not isinstance(cost, int) or not 0 <= cost <= 9:
        raise QuestionError(f"question.mp_cost_per_tile: must be the Move points per tile of its own, a whole number "
                            f"from 0 to 9: {quote(cost)}")
    return Jumper(found, tiles, fraction, cost, _flag(question, "athletics"), _flag(question, "tumbling"))


def _jumper(table: Table | None, question: Mapping[str, Any]) -> tuple[Jumper, str | None]:
    """The question's jumper, and its fighter id when it is a fighter of the scenario."""
    if table is not None and "fighter" in question:
        for key in _NUMBERS:
            if key in question:
                raise QuestionError(f"question.{key}: give the fighter's numbers or a fighter of the scenario, not "
                                    "both")
        fid = q.fighter(table, question, "fighter")
        return play.jumper(table, fid), fid
    if "fighter" in question:
        raise QuestionError("question.fighter: a fighter needs its scenario; or give its numbers (size, move_tiles)")
    return _by_numbers(question), None


def _kind(question: Mapping[str, Any]) -> str:
    kind = q.missing(question, "kind", f"one of {', '.join(KINDS)}")
    if kind not in KINDS:
        raise QuestionError(f"question.kind: must be one of {', '.join(KINDS)}: {quote(kind)}")
    return str(kind)


def _length(question: Mapping[str, Any], key: str) -> Fraction:
    value = q.missing(question, key, "give a length in feet, a number or text such as \"24 ft\"")
    try:
        return lengths.length(value, "feet", key, low=0, high=MAX_JUMP_FT)
    except RulesError as e:
        raise QuestionError(f"question.{key}: {e}") from None


def _whole(question: Mapping[str, Any], key: str, check: Any) -> int:
    value = q.whole(q.missing(question, key, "give a whole number"))
    try:
        check(value)
    except JumpError as e:
        raise QuestionError(f"question.{key}: {e}") from None
    return int(value)


def _answer(body: dict[str, Any], summary: str, steps: Any) -> Answer:
    return {**body, "summary": summary, "rules": rule_ids(steps), "explanation": [str(s) for s in steps]}


def _ask_jump_table(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """The jumper's whole table (J1–J3, J9)."""
    return jump_table(_jumper(table, question)[0]).to_json()


def _ask_jump(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """One jump of one distance (J4)."""
    jumper = _jumper(table, question)[0]
    v = judge_jump(jump_table(jumper), _kind(question), _length(question, "distance"))
    return _answer(v.to_json(), v.summary, v.steps)


def _plan(table: Table, question: Mapping[str, Any], fid: str) -> JumpPlan:
    to = q.missing(question, "to", 'give the landing point: {"section": id, "x": feet}')
    if not isinstance(to, Mapping) or not set(to) <= {"section", "x"} or "section" not in to:
        raise QuestionError(f'question.to: must be {{"section": id, "x": feet}}: {quote(to)}')
    section = q.section(table, to["section"], "question.to.section")
    x = None
    if "x" in to:
        try:
            x = lengths.length(to["x"], "feet", "x")
        except RulesError as e:
            raise QuestionError(f"question.to.x: {e}") from None
    try:
        return play.plan(table, fid, section, x, _flag(question, "ran"))
    except JumpError as e:
        raise QuestionError(f"question.to: {e}") from None


def _ask_jump_outcome(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """What an entered check comes to: a failed high jump's height (J5), a failed long jump's scatter (J6), and
    given a fighter of a scenario and ``to``, where it lands and the fall (J7, J10, J12)."""
    jumper, fid = _jumper(table, question)
    fail_by = _whole(question, "fail_by", check_fail_by)
    direction = None
    if "direction" in question:
        direction = _whole(question, "direction", check_direction)
    if fid is not None and "to" in question:
        assert table is not None
        p = _plan(table, question, fid)
        if "kind" in question and _kind(question) != p.kind:
            raise QuestionError(f"question.kind: the jump to that point is a {p.kind} jump: {quote(question['kind'])}")
        if not p.final:
            raise QuestionError(f"question.to: {p.summary}")
        if direction is None and fail_by and p.takeoff.long and p.needs_roll:
            direction = play.next_direction(table)
        attempt = p.attempt(fail_by, direction)
        result, landing = attempt.outcome()
        body: dict[str, Any] = {"kind": p.kind, **feet("intended", p.verdict.distance), "fail_by": attempt.fail_by}
        if result is not None:
            body.update(result.to_json())
            if p.takeoff.long:
                body["direction"] = attempt.direction
        body.update(landing.to_json())
        steps = (*(result.steps if result else ()), *landing.steps)
        return _answer(body, f"{p.name} lands on {landing.section.name}" + (
            f" and falls {lengths.show(landing.drop, 'feet')}" if landing.drop else "") + ".", steps)
    kind = _kind(question)
    jumps = jump_table(jumper)
    figures = jumps.of(kind)
    intended = _length(question, "intended")
    judged = judge_jump(jumps, kind, intended)
    if not judged.possible:
        raise QuestionError(f"question.intended: {judged.summary}")
    no_roll = judged.steps if judged.auto_success else ()
    if judged.auto_success:
        fail_by = 0  # at or below the minimum it succeeds with no roll (J4): there is no check to fail
    if kind in HIGH:
        high = high_outcome(figures, intended, fail_by)
        return _answer({"kind": kind, **feet("intended", intended), "fail_by": fail_by, **high.to_json()},
                       f"It reaches {lengths.show(high.reached, 'feet')}.", (*no_roll, *high.steps))
    if fail_by and direction is None:
        if table is None:
            raise QuestionError("question.direction: missing; give the d8 face, 1 (straight ahead) to 8, clockwise "
                                "(a question with a scenario rolls it)")
        direction = play.next_direction(table)
    far = long_outcome(figures, intended, fail_by, direction)
    return _answer({"kind": kind, **feet("intended", intended), "fail_by": fail_by, **far.to_json()},
                   f"It lands {lengths.show(far.along_ft, 'feet')} along the jump from the takeoff.",
                   (*no_roll, *far.steps))


def _ask_jump_plan(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """The jump of a fighter of the scenario to a landing point: which jump, its figures and verdict, where it
    lands on a success and the fall (J1–J4, J7, J9, J10, J12; H7)."""
    t = q.ruled(table)
    fid = q.fighter(t, question, "fighter")
    p = _plan(t, question, fid)
    o = q.override(question)
    if o is not None:
        p = p.overridden(o.allowed, o.note)
    return p.to_json()


def _ask_jump_landing(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """J8's second check on landing on bad footing."""
    from vertigo.limits import MAX_FOOTING_MP

    def footing(value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_FOOTING_MP:
            raise JumpError(f"must be the footing's Move-point cost, a whole number from 0 to {MAX_FOOTING_MP}: "
                            f"{value!r}")

    mp = _whole(question, "footing_mp", footing)
    fail_by = _whole(question, "fail_by", check_fail_by)
    left = _whole(question, "mp_left", check_mp_left)
    return judge_landing(mp, fail_by, left).to_json()


def made(t: Table, question: Mapping[str, Any]) -> Attempt:
    """The attempt a ``jump_made`` question describes: the plan (``fighter``, ``to``, ``ran``, ``override``) and
    what the referee entered (``fail_by``, J8's ``landing_fail_by`` and ``mp_left``, the DM's ``knocked_down``).

    Raises:
        QuestionError: a bad field; a jump not allowed; the check missing where the jump needs a roll.
    """
    fid = q.fighter(t, question, "fighter")
    p = _plan(t, question, fid)
    o = q.override(question)
    if o is not None:
        p = p.overridden(o.allowed, o.note)
    if not p.final:
        raise QuestionError(f"question.to: {p.summary}")
    if p.needs_roll and "fail_by" not in question:
        raise QuestionError("question.fail_by: missing; the jump needs the table's check: 0 for a success, or the "
                            "points it failed by (J11)")
    fail_by = _whole(question, "fail_by", check_fail_by) if "fail_by" in question else 0
    landing = _whole(question, "landing_fail_by", check_fail_by) if "landing_fail_by" in question else None
    mp_left = _whole(question, "mp_left", check_mp_left) if "mp_left" in question else None
    if (landing is None) != (mp_left is None):
        raise QuestionError("question.landing_fail_by: J8's check needs both landing_fail_by and mp_left")
    down = question.get("knocked_down")
    if down is not None and not isinstance(down, bool):
        raise QuestionError(f"question.knocked_down: must be true or false (the DM's word on J8): {quote(down)}")
    return p.attempt(fail_by, None, landing, mp_left, down)


def _ask_jump_made(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """A jump carried out as the page carries it out: the plan's answer, then the d8 the table's next roll shows
    for a failed long jump, where it lands and J8's check (J5–J8, J11, J12, H7)."""
    t = q.ruled(table)
    a = made(t, question)
    direction = play.next_direction(t) if a.scatters else None
    try:
        result, landing = a.outcome(direction)
    except RulesError as e:
        raise QuestionError(f"question.to: {e}") from None
    if a.owes_landing(landing):
        raise QuestionError(f"question.landing_fail_by: missing; it lands on {landing.section.name}: give J8's "
                            "landing_fail_by and mp_left")
    check = a.landing_check(landing)
    steps = play.jump_steps(a, result, landing, check)
    down = None if check is None else check.knocked_down if a.knocked_down is None else a.knocked_down
    plan = {k: v for k, v in a.plan.to_json().items() if k not in ("rules", "explanation")}
    return {**plan, "fail_by": a.fail_by, "direction": direction, "lands": landing.to_json(),
            "knocked_down": bool(down), "rules": rule_ids(steps), "explanation": [str(s) for s in steps]}


def _act_jump_made(table: Table, question: Mapping[str, Any]) -> Table:
    """Carry out the jump with its entries, as the page's Confirm does: the d8, the fall, Knocked Down (J5–J8)."""
    try:
        return play.jump(table, made(table, question), asked=question)[0]
    except JumpError as e:
        raise QuestionError(f"question.to: {e}") from None


def _act_stand_up(table: Table, question: Mapping[str, Any]) -> Table:
    """Carry out Stands up (J8), as the card's button does."""
    fid = q.fighter(table, question, "fighter")
    try:
        return play.stand_up(table, fid, asked=question)
    except JumpError as e:
        raise QuestionError(f"question.fighter: {e}") from None


def _ask_stand_up(table: Table | None, question: Mapping[str, Any]) -> Answer:
    """The referee's Stands up: a Knocked Down fighter is no longer (J8)."""
    t = q.ruled(table)
    fid = q.fighter(t, question, "fighter")
    if not play.knocked_down(t, fid):
        raise QuestionError(f"question.fighter: {quote(fid)} is not Knocked Down (J8)")
    name = isolate(t.name(fid))
    steps = (Step("J8", f"{name} stands up: Knocked Down no longer."),)
    return {"fighter": fid, "knocked_down": False, "summary": f"{name} stands up.", "rules": rule_ids(steps),
            "explanation": [str(s) for s in steps]}


QUESTIONS = (
    Question("jump_table", ("fighter", *_NUMBERS, "positions"), _ask_jump_table, needs_scenario=False,
             text="a jumper's distances: the four jumps' base, minimum, maximum and Jump Modifier, run-up and cost "
                  "(J1-J3, J9)"),
    Question("jump", ("fighter", *_NUMBERS, "kind", "distance", "positions"), _ask_jump, needs_scenario=False,
             text="one jump of DISTANCE: possible, no roll, the penalty and the check (J4)"),
    Question("jump_outcome", ("fighter", *_NUMBERS, "kind", "intended", "fail_by", "direction", "to", "ran",
                              "positions"), _ask_jump_outcome, needs_scenario=False,
             text="what a check failed by FAIL_BY comes to: the height reached or the scatter, and with a scenario "
                  "where it lands (J5-J7, J12)"),
    Question("jump_plan", ("fighter", "to", "ran", "positions", "override"), _ask_jump_plan,
             text="FIGHTER's jump to a point: which jump, its figures, the penalty, the landing and the fall "
                  "(J1-J4, J7, J9, J10, J12)"),
    Question("jump_landing", ("footing_mp", "fail_by", "mp_left", "positions"), _ask_jump_landing,
             needs_scenario=False,
             text="J8's second check on landing on bad footing: Move points lost and Knocked Down"),
    Question("jump_made", ("fighter", "to", "ran", "override", "fail_by", "landing_fail_by", "mp_left",
                           "knocked_down", "positions"), _ask_jump_made, act=_act_jump_made,
             text="FIGHTER's jump to TO carried out with the check FAIL_BY and J8's entered: the d8, where it lands, "
                  "the fall, Knocked Down (J5-J8, J11, J12, H7)"),
    Question("stand_up", ("fighter", "positions"), _ask_stand_up, act=_act_stand_up,
             text="FIGHTER, Knocked Down, stands up (J8)"),
)
"""The Jumping rules' questions, in the order ``--help`` lists them."""
