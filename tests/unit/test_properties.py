"""Invariants of the Height rules on random inputs (Hypothesis).

Source: ``000_519d8b8e373365db.txt`` › Falling, › Combat, › Height and Range;
rulings H1, H2, H3, H5, H8; STYLE 10 ("falls never hurt less when higher; sight
is symmetric; any input gives a verdict or a ``RulesError``").
"""

from __future__ import annotations

import itertools
import json
import math
from decimal import Decimal
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vertigo import scenario
from vertigo.battlefield import Battlefield, Section
from vertigo.errors import ScenarioError
from vertigo.falling import fall, fall_across
from vertigo.limits import MAX_DISTANCE
from vertigo.rules.height.rules.actions import Action
from vertigo.rules.height.rules.movement import MoveVerdict, judge_move
from vertigo.rules.height.rules.moves import MoveEntry
from vertigo.rules.height.rules.ranged import judge_action, line_of_shot

FAST = settings(max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def chain(elevations: list[float]) -> Battlefield:
    sections = [Section(f"s{i}", f"S{i}", e, i, i + 1) for i, e in enumerate(elevations)]
    return Battlefield.build(sections, [(f"s{i}", f"s{i + 1}") for i in range(len(elevations) - 1)])


heights = st.floats(min_value=0, max_value=2000, allow_nan=False)
move_heights = st.one_of(st.none(), st.integers(0, 1000), st.decimals(0, 1000, places=2).map(float))
elevations = st.one_of(st.integers(-1000, 1000),
                       st.decimals(-1000, 1000, places=2).map(float),
                       st.integers(-3, 3))


# -- a higher fall never rolls fewer dice --------------------------------

@FAST
@given(a=heights, b=heights)
def test_a_higher_fall_never_rolls_fewer_dice(a, b):
    """Falling: "1d6 damage for each Height value fallen" (H8: whole Heights, rounded
    down) — monotone in the Height fallen."""
    low, high = sorted((a, b))
    assert fall(low).pool.count <= fall(high).pool.count
    assert fall(high).pool.count == math.floor(high)


@FAST
@given(a=heights, b=heights, h=st.floats(0, 1000, allow_nan=False))
def test_a_higher_border_never_falls_fewer_dice(a, b, h):
    """Combat: "subtract the two and use the resulting number as the # for falling
    damage" (H2: max(0, H − h)) — more border, never fewer dice; more Move Height,
    never more dice."""
    low, high = sorted((a, b))
    assert fall_across(low, h).pool.count <= fall_across(high, h).pool.count
    assert fall_across(high, h).pool.count <= fall_across(high, 0).pool.count


@FAST
@given(top1=st.integers(0, 1000), top2=st.integers(0, 1000), bottom=st.integers(-1000, 0),
       entry=st.sampled_from(["Move 1", "Move 1 (Height 1)", "Move 1 (Height 2.5)", "Move 1 (Height 40)"]))
def test_dropping_from_higher_up_never_rolls_fewer_dice(top1, top2, bottom, entry):
    """Combat: "Any entity may freely Move across a section border with a Height
    value if the entity is moving in a downward direction. However, doing so results
    in falling." — a higher drop with the same Move never rolls fewer dice (H2, H8)."""
    low, high = sorted((top1, top2))
    move = MoveEntry.parse(entry)
    d_low = judge_move(chain([low, bottom]), "s0", "s1", move).pool.count
    d_high = judge_move(chain([high, bottom]), "s0", "s1", move).pool.count
    assert d_low <= d_high
    assert d_high == max(0, math.floor(high - bottom - move.height_with(None)))


# -- line of sight is symmetric ------------------------------------------

@st.composite
def battlefields(draw):
    n = draw(st.integers(2, 8))
    elev = draw(st.lists(st.integers(-4, 4), min_size=n, max_size=n))
    pairs = list(itertools.combinations(range(n), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    sections = [Section(f"s{i}", f"S{i}", e, i, i + 1) for i, e in enumerate(elev)]
    return Battlefield.build(sections, [(f"s{a}", f"s{b}") for a, b in chosen])


def clear_line_exists(field: Battlefield, a: str, b: str, top: Fraction) -> bool:
    """Whether some line from a to b, of any length, has no section strictly between them higher than ``top``
    (the test's own oracle: a search over sections no higher than both ends, H5, H14)."""
    seen, todo = {a}, [a]
    while todo:
        here = todo.pop()
        for n in field.neighbours(here):
            if n == b:
                return True
            if n not in seen and field.section(n).elevation <= top:
                seen.add(n)
                todo.append(n)
    return a == b


def shortest_paths(field: Battlefield, a: str, b: str) -> list[tuple[str, ...]]:
    """Every shortest path from a to b, by brute force (the test's own oracle)."""
    d = field.steps_from(a).get(b)
    if d is None:
        return []
    paths = [(a,)]
    for _ in range(d):
        paths = [(*p, n) for p in paths for n in field.neighbours(p[-1]) if n not in p]
    return [p for p in paths if p[-1] == b]


@FAST
@given(field=battlefields(), data=st.data())
def test_line_of_sight_is_symmetric(field, data):
    """H5: "The shot is blocked when any section strictly between them stands higher
    than both ends" — a rule about the pair, so blocked-or-not, d, |Δh| and the range
    needed are the same both ways; and, the shot taking any clear line (H14, with no
    bound here), it is blocked exactly when no line of any length is clear."""
    ids = [s.id for s in field.sections]
    a = data.draw(st.sampled_from(ids))
    b = data.draw(st.sampled_from(ids))
    there, back = line_of_shot(field, a, b), line_of_shot(field, b, a)
    assert (there is None) == (back is None)
    if there is None or back is None:
        assert shortest_paths(field, a, b) == []
        return
    assert there.steps == back.steps
    assert there.rise == -back.rise
    assert there.range_needed == back.range_needed
    assert (there.blocked_by is None) == (back.blocked_by is None)
    top = max(field.section(a).elevation, field.section(b).elevation)
    assert (there.blocked_by is None) == clear_line_exists(field, a, b, top)
    for action in (Action("Bow", 3), Action("Spear", 0, 1), Action("Dagger", 0)):
        assert judge_action(field, a, b, action).allowed == judge_action(field, b, a, action).allowed


# -- any document: a Scenario or a ScenarioError -------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
ids = st.sampled_from(["a", "b", "c"]) | json_values
numbers = st.integers(-1500, 1500) | st.floats() | json_values
entries = st.sampled_from(["Move 2", "Move 1 (Height 2)", "Fly 3", "Teleport 4", "Move one", "Phase 2 (Height 1)",
                           "Move 999", "Shortbow, range 3", "Spear, range 0, Reach",
                           "Bow, range 0, Reach 0"]) | json_values
sections_ = st.fixed_dictionaries(
    {"id": ids, "elevation": numbers},
    optional={"name": st.text(max_size=5) | json_values, "x": st.tuples(numbers, numbers).map(list) | json_values,
              "kind": st.sampled_from(["ground", "slab", "cave"]) | json_values},
)
borders_ = (st.tuples(ids, ids).map(list)
            | st.fixed_dictionaries({"between": st.tuples(ids, ids).map(list) | json_values},
                                    optional={"x": numbers})
            | json_values)
fighters_ = st.fixed_dictionaries(
    {"id": ids, "name": st.text(max_size=5) | json_values, "side": st.text(max_size=5) | json_values, "section": ids},
    optional={"moves": st.lists(entries, max_size=3) | json_values,
              "actions": st.lists(entries, max_size=3) | json_values,
              "height": numbers | st.none()},
)
documents = st.fixed_dictionaries(
    {},
    optional={"vertigo": st.just(1) | json_values, "title": st.text(max_size=5) | json_values,
              "units": st.sampled_from(["height", "feet", "yards"]) | json_values,
              "dice_seed": st.integers(-5, 2**60) | json_values,
              "sections": st.lists(sections_, max_size=4) | json_values,
              "borders": st.lists(borders_, max_size=4) | json_values,
              "fighters": st.lists(fighters_, max_size=3) | json_values,
              "extra": json_values},
) | json_values


@FAST
@given(doc=documents)
def test_any_document_gives_a_scenario_or_a_scenario_error(doc):
    """STYLE 10: "any input gives a verdict or a ``RulesError``" — for documents, a
    Scenario or a ScenarioError with at least one "path: message" problem."""
    try:
        result = scenario.load(doc)
    except ScenarioError as e:
        assert e.problems and all(": " in p for p in e.problems)
    else:
        assert isinstance(result, scenario.Scenario)
        assert scenario.load(scenario.dump(result)) == result


@FAST
@given(text=st.text(max_size=60) | documents.map(json.dumps))
def test_any_text_gives_a_scenario_or_a_scenario_error(text):
    """STYLE 10: "any input gives a verdict or a `RulesError`" — for JSON text, a
    Scenario or a ScenarioError, nothing else."""
    try:
        assert isinstance(scenario.loads(text), scenario.Scenario)
    except ScenarioError as e:
        assert e.problems


# -- any chain and Move entry: a verdict ---------------------------------

move_entries = st.one_of(
    st.builds(MoveEntry, st.just("Move"), st.integers(0, MAX_DISTANCE), move_heights),
    st.builds(MoveEntry, st.sampled_from(["Fly", "Phase", "Teleport"]), st.integers(0, MAX_DISTANCE)),
)


@FAST
@given(elev=st.lists(elevations, min_size=1, max_size=25), entry=move_entries,
       fighter_height=move_heights, data=st.data())
def test_any_chain_and_move_entry_give_a_verdict(elev, entry, fighter_height, data):
    """STYLE 10: "any input gives a verdict or a `RulesError`"; H2: "Upward across
    Height H needs h ≥ H. Downward across H: a fall of max(0, H − h)"; H4:
    "Fly ignores Height", Phase/Teleport "at most r steps away whose net change
    in Height is at most r". Every chain and entry gets a verdict that agrees
    with an exact decimal oracle."""
    field = chain(elev)
    start = data.draw(st.integers(0, len(elev) - 1))
    dest = data.draw(st.integers(0, len(elev) - 1))
    verdict = judge_move(field, f"s{start}", f"s{dest}", entry, fighter_height)
    assert isinstance(verdict, MoveVerdict)
    assert verdict.steps and isinstance(verdict.summary, str)
    distance = abs(dest - start)  # a chain has one path
    if entry.kind in ("Phase", "Teleport"):
        net = abs(field.rise(f"s{start}", f"s{dest}"))
        assert verdict.allowed == (distance <= entry.distance and net <= entry.distance)
        assert verdict.pool.count == 0
        return
    # The test's own oracle, in exact decimal arithmetic (every input has ≤ 2 places).
    h = Decimal(repr(float(entry.height_with(fighter_height))))
    exact = [Decimal(repr(float(e))) for e in elev]
    step = 1 if dest >= start else -1
    climbs = [exact[i + step] - exact[i] for i in range(start, dest, step)]
    legal = distance <= entry.distance and (entry.kind == "Fly" or all(r <= h for r in climbs))
    assert verdict.allowed == legal
    if legal:
        assert verdict.route is not None
        assert list(verdict.route.path) == [f"s{i}" for i in range(start, dest + step, step)]
        expected = 0 if entry.kind == "Fly" else sum(int(max(Decimal(0), -r - h)) for r in climbs)
        assert verdict.pool.count == expected
