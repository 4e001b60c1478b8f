"""A move in inches to a point: its route, its cost against the fighter's Move, its falls (T2, T5, T7, T8),
and the stretches a fighter can reach.

Among the routes whose cost is within the fighter's ``move``, the one with the fewest falling dice, then the
fewest inches, then the first in the graph's order (H13).  With none, the move is not allowed, and the
verdict gives the cheapest route (the fewest inches, whatever stops it) and what stops it: an obstacle it
cannot climb, a drop the user has not allowed, or the inches over.  A move ends on a surface or part way up a
ladder, never inside an obstacle.

Source: ``002_c9100305c0bcca6b.txt`` › Obstacles, Low terrain, Stairs and ladders, Archways and doors;
rulings T1, T2, T4, T5, T6, T7, T8, H7, H13.

Rulings restated in ``docs/rules.md``: ``#t8-movement-in-inches``, ``#t7-dropping-down``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any

from vertigo.battlefield import Battlefield, Section
from vertigo.errors import LengthError
from vertigo.falling import Fall, drop
from vertigo.lengths import show
from vertigo.stand import Stand, on_ladder, up_ladder_words
from vertigo.text import isolate
from vertigo.verdict import Overridable, Override, Step, explanation, rule_ids

from .answers import inches
from .checks import not_in_obstacle
from .routes import ZERO, Crossing, Edge, Label, RouteGraph, Search, graph_of, search, walk_cost

__all__ = ["RouteVerdict", "judge_route", "searched", "stretches", "Stretches", "SEARCHES_KEPT"]

SEARCHES_KEPT = 8
"""How many searches a battlefield keeps (the selected fighter's, with and without drops, and a few more)."""


def searched(field: Battlefield, stand: Stand, drops: bool, scale: Fraction) -> Search:
    """The search from ``stand`` (:func:`.routes.search`), kept with the battlefield: a fighter's selection
    searches once, and every click after reads the same labels."""
    kept: dict[tuple[Stand, bool, Fraction], Search] = field.derived("terrain.searches", lambda f: {})
    key = (stand, drops, scale)
    found = kept.get(key)
    if found is None:
        found = search(graph_of(field), stand, drops, scale)
        if len(kept) >= SEARCHES_KEPT:
            del kept[next(iter(kept))]
        kept[key] = found
    return found


@dataclass(frozen=True, slots=True)
class RouteVerdict(Overridable):
    """Whether a fighter can move to a point in inches, and by which route (T2, T5, T7, T8).

    Attributes:
        fighter: the fighter's id; name: its name.
        start: where it stands; to: the point asked for (a section and x, or a ladder and up).
        move: its Move in inches, or None (it cannot move).
        allowed: the rules' answer (a route within its Move, stopped by nothing).
        found: whether any route reaches the point at all.
        horizontal, vertical: the route's inches walked and climbed (T8).
        path: the route's points, ``(section id, x, height)`` in inches (a ladder's points are at its x).
        crossings: the pieces crossed, in order.
        falls: each drop's fall (T6, H8), in order.
        stop: what stops the cheapest route, in words, or None when allowed.
        drops: whether drops were allowed.
        steps: the explanation; override: the DM's exception (H7).
    """

    fighter: str
    name: str
    start: Stand
    to: Stand
    move: Fraction | None
    allowed: bool
    found: bool
    horizontal: Fraction
    vertical: Fraction
    path: tuple[tuple[str, Fraction, Fraction], ...]
    crossings: tuple[Crossing, ...]
    falls: tuple[Fall, ...]
    stop: str | None
    drops: bool
    steps: tuple[Step, ...]
    override: Override | None = field(default=None)

    @property
    def cost(self) -> Fraction:
        """Inches of Move the route costs: horizontal plus vertical (T8)."""
        return self.horizontal + self.vertical

    @property
    def final(self) -> bool:
        """The answer after any DM override (H7); never allowed into an obstacle, which the DM cannot overrule:
        the place could be neither drawn nor exported (T1)."""
        return False if self.inside is not None else Overridable.final.fget(self)  # type: ignore[attr-defined]

    @property
    def inside(self) -> str | None:
        """Why the point asked for is no place to stand (inside an obstacle, T1), or None."""
        return self.stop if self.stop is not None and self.stop.startswith("stands inside") else None

    @property
    def fall_dice(self) -> int:
        """Falling dice on the route, every drop's together (T6, H8)."""
        return sum(f.pool.count for f in self.falls)

    @property
    def summary(self) -> str:
        """The answer in one line: ``"allowed: 6 in of Move 6 in, 1d6 falling"``."""
        if not self.found:
            return "not allowed: no route reaches it"
        word = "allowed" if self.final else "not allowed"
        move = "no Move" if self.move is None else f"Move {show(self.move, 'inches')}"
        falls = f", {self.fall_dice}d6 falling" if self.fall_dice else ""
        if self.final and not self.allowed and self.fall_dice:
            falls = ", no fall: the DM's ruling (H7)"
        return f"{word}: {show(self.cost, 'inches')} of {move}{falls}"

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values (the answer of ``ask route``)."""
        def point(p: tuple[str, Fraction, Fraction]) -> dict[str, Any]:
            return {"section": p[0], **inches("x_in", p[1]), **inches("height_in", p[2])}

        return {"fighter": self.fighter, "allowed": self.allowed, "final": self.final,
                **inches("move_in", self.move), **inches("cost_in", self.cost if self.found else None),
                **inches("horizontal_in", self.horizontal), **inches("vertical_in", self.vertical),
                "fall_dice": self.fall_dice, "drops": self.drops, "path": [point(p) for p in self.path],
                "crossings": [_crossing_json(c, self.falls, self.crossings) for c in self.crossings],
                "stop": self.stop, "summary": self.summary, "override": None if self.override is None
                else self.override.to_json(), "rules": rule_ids(self.steps), "explanation": explanation(self.steps)}


def _crossing_json(c: Crossing, falls: tuple[Fall, ...], all_: tuple[Crossing, ...]) -> dict[str, Any]:
    drops = [x for x in all_ if x.kind == "drop"]
    dice = falls[drops.index(c)].pool.count if c.kind == "drop" else 0
    return {"border": c.border, "feature": c.feature, "kind": c.kind, **inches("height_in", c.height),
            **inches("up_in", c.up), **inches("down_in", c.down), **inches("drop_in", c.drop), "dice": dice}


def _candidates(s: Search, to: Stand) -> list[Label]:
    """Every complete way to ``to``: the labels at its nodes, then the last walk or climb (T4, T8)."""
    g = s.graph
    f = g.field
    out: list[Label] = []

    def on(lab: Label, e: Edge) -> None:
        nxt = Label(lab.stops, lab.dice, lab.inches + e.inches, -2, lab, e)
        out.append(nxt)

    begin = Label(0, 0, ZERO, -1, None, None)
    if to.ladder is not None and to.up is not None:
        k = next(i for i, b in enumerate(f.borders) if b.id == to.ladder)
        foot, top, height = g.ladders[k]
        b = f.borders[k]
        name = f"{f.section(b.a).name} → {f.section(b.b).name}"
        if s.start.ladder == to.ladder and s.start.up is not None:
            d = to.up - s.start.up
            on(begin, Edge(-2, ZERO, abs(d), Crossing("ladder", k, None, name, b.x, height, up=max(d, ZERO),
                                                      down=max(-d, ZERO))))
        for lab in s.at(foot):
            on(lab, Edge(-2, ZERO, to.up, Crossing("ladder", k, None, name, b.x, height, up=to.up)))
        for lab in s.at(top):
            on(lab, Edge(-2, ZERO, height - to.up, Crossing("ladder", k, None, name, b.x, height,
                                                            down=height - to.up)))
        return out
    i = f.order(to.section)
    sec = f.sections[i]
    x = sec.centre if to.x is None else to.x
    exact_node = g.node_at(i, x)
    if exact_node is not None:
        for lab in s.at(exact_node):
            on(lab, Edge(-2, ZERO, ZERO))
    else:
        for n in g.around(i, x):
            if n is None:
                continue
            h, v = walk_cost(sec, g.x[n], x)
            for lab in s.at(n):
                on(lab, Edge(-2, h, v))
    if s.start.ladder is None and s.start.section == to.section:
        sx = sec.centre if s.start.x is None else s.start.x
        if g.node_at(i, sx) is None and exact_node is None and g.around(i, sx) == g.around(i, x):
            h, v = walk_cost(sec, sx, x)
            on(begin, Edge(-2, h, v))
    return out


def judge_route(field: Battlefield, fighter: str, name: str, start: Stand, to: Stand, move: Fraction | None,
                drops: bool, scale: Fraction) -> RouteVerdict:
    """Whether a fighter at ``start`` with Move ``move`` inches can move to ``to`` (T2, T5, T7, T8).

    Args:
        field: the battlefield (inches).
        fighter, name: the fighter's id and name.
        start: where it stands; to: where it would go: a section and x (None: the centre), or a ladder and
            its height above the foot.
        move: its Move in inches; None: it cannot move (the verdict says so).
        drops: whether the route may drop from an unenclosed edge (T7).
        scale: the fall scale, inches to a Height level (T6).

    Returns:
        The verdict: the chosen route (fewest falling dice, then inches, then H13) or, not allowed, the
        cheapest route and what stops it.

    Raises:
        LengthError: ``to`` is off its section, or above its ladder's top.
        UnknownSectionError: no such section or ladder.

    Source: rulings T2, T4, T5, T7, T8, H13.
    """
    to = _checked(field, to)
    steps: list[Step] = []
    where = _where(field, to)
    inside = not_in_obstacle(field, to)
    if move is None:
        steps.append(Step("T8", f"{isolate(name)} has no Move in inches: it cannot move."))
    s = searched(field, start, drops, scale)
    candidates = _candidates(s, to)
    fine = [c for c in candidates if c.stops == 0 and move is not None and c.inches <= move]
    best: Label | None
    g = s.graph

    def sections(c: Label) -> tuple[int, ...]:  # H13: of equals, the route through sections first in the document
        return tuple(g.section_of[e.to] for e in c.edges() if e.to >= 0)

    if inside is None and fine:
        best = min(fine, key=lambda c: (c.dice, c.inches, sections(c)))
    else:
        best = min(candidates, key=lambda c: (c.inches, c.stops, c.dice, sections(c)), default=None)
    if best is None:
        steps.append(Step("T8", f"No route reaches {where} from where {isolate(name)} stands."))
        return RouteVerdict(fighter, name, start, to, move, False, False, ZERO, ZERO, (), (), (),
                            "no route reaches it", drops, tuple(steps))
    edges = best.edges()
    horizontal = sum((e.horizontal for e in edges), ZERO)
    vertical = sum((e.vertical for e in edges), ZERO)
    crossings = tuple(e.crossing for e in edges if e.crossing is not None)
    falls = tuple(drop(c.drop, "inches", scale, "dropped off the edge", "T6")
                  for c in crossings if c.kind == "drop")
    path = _path(s.graph, start, to, edges)
    steps.extend(_explain(crossings, falls, horizontal, vertical))
    stop = None
    if inside is not None:
        stop = inside
        steps.append(Step("T1", f"It cannot end there: {inside}."))
    elif best.stops:
        stop = _stop_of(edges, drops)
        steps.append(Step("T7" if "drop" in stop else "T2", f"Stopped: {stop}."))
    elif move is not None and best.inches > move:
        stop = f"{show(best.inches - move, 'inches')} over its Move"
        steps.append(Step("T8", f"{show(best.inches, 'inches')} is more than its Move of {show(move, 'inches')}: "
                                f"{stop}."))
    elif move is not None:
        steps.append(Step("T8", f"{show(best.inches, 'inches')} is within its Move of {show(move, 'inches')}."))
    allowed = stop is None and move is not None
    return RouteVerdict(fighter, name, start, to, move, allowed, True, horizontal, vertical, path, crossings,
                        falls, stop if move is not None else "no Move", drops, tuple(steps))


def _checked(field: Battlefield, to: Stand) -> Stand:
    """``to`` with a ladder place's foot and x found, checked on its section or ladder."""
    if to.ladder is not None:
        try:
            return on_ladder(field, to.ladder, Fraction(0) if to.up is None else to.up, "inches")
        except ValueError as e:
            raise LengthError(str(e)) from None
    sec = field.section(to.section)
    if to.x is not None and not sec.x0 <= to.x <= sec.x1:
        raise LengthError(f"must be on {isolate(sec.name)}, from {show(sec.x0, 'inches')} to "
                          f"{show(sec.x1, 'inches')}: {show(to.x, 'inches')}")
    return to


def _where(field: Battlefield, to: Stand) -> str:
    if to.ladder is not None and to.up is not None:
        return up_ladder_words(field, to, "inches")
    sec = field.section(to.section)
    return f"{isolate(sec.name)} at {show(sec.centre if to.x is None else to.x, 'inches')}"


def _stop_of(edges: list[Edge], drops: bool) -> str:
    for e in edges:
        if e.stop is not None:
            return e.stop
        if e.crossing is not None and e.crossing.kind == "drop" and not drops:
            return f"a drop of {show(e.crossing.drop, 'inches')} from {e.crossing.name}, and drops are not allowed"
    return "an obstacle"


def _path(g: RouteGraph, start: Stand, to: Stand, edges: list[Edge]) -> tuple[tuple[str, Fraction, Fraction], ...]:
    """The route's points: where it starts, each node it passes, where it ends."""
    f = g.field

    def at(stand: Stand) -> tuple[str, Fraction, Fraction]:
        sec = f.section(stand.section)
        x = sec.centre if stand.x is None else stand.x
        if stand.ladder is not None and stand.up is not None:
            return (stand.section, x, sec.surface(x) + stand.up)
        return (stand.section, x, sec.surface(x))

    out = [at(start)]
    for e in edges:
        if e.to >= 0:
            sec = f.sections[g.section_of[e.to]]
            out.append((sec.id, g.x[e.to], sec.surface(g.x[e.to])))
    out.append(at(to))
    return tuple(p for i, p in enumerate(out) if i == 0 or p != out[i - 1])


def _explain(crossings: tuple[Crossing, ...], falls: tuple[Fall, ...], horizontal: Fraction,
             vertical: Fraction) -> list[Step]:
    steps = []
    fall_at = iter(falls)
    for c in crossings:
        name = isolate(c.name)
        if c.kind == "low":
            steps.append(Step("T1", f"Over {name}, low terrain ({show(c.height, 'inches')}): part of the floor, "
                                    f"its height costs nothing."))
        elif c.kind in ("door", "archway"):
            what = "a closed door" if c.opening == "door-closed" else "an open door" if c.kind == "door" \
                else "an archway"
            steps.append(Step("T5", f"Through {name} by {what}, straight through its centre: "
                                    f"{show(c.across, 'inches')}."))
        elif c.kind == "drop":
            fall = next(fall_at)
            steps.append(Step("T7", f"Drops {show(c.drop, 'inches')} from {name}: no Move, a fall."))
            steps.extend(fall.steps)
        else:
            what = "ladder" if c.kind == "ladder" else "obstacle"
            moves = " and ".join(p for p in (f"up {show(c.up, 'inches')}" if c.up else "",
                                              f"down {show(c.down, 'inches')}" if c.down else "") if p)
            across = f", across {show(c.across, 'inches')}" if c.across else ""
            steps.append(Step("T2" if c.kind == "obstacle" else "T8",
                              f"Climbs the {what} {name} ({show(c.height, 'inches')}): {moves or 'no climb'}{across}."))
    steps.append(Step("T8", f"Cost: {show(horizontal, 'inches')} walked + {show(vertical, 'inches')} climbed = "
                            f"{show(horizontal + vertical, 'inches')}."))
    return steps


@dataclass(frozen=True, slots=True)
class Stretches:
    """Where a fighter can reach within its Move (T8): per section, the stretches of x; per ladder, the
    highest place up it.

    Attributes:
        sections: ``(section id, ((from, to), …))`` in document order, inches, each stretch closed.
        ladders: ``(ladder id, highest up)`` in document order, inches.
    """

    sections: tuple[tuple[str, tuple[tuple[Fraction, Fraction], ...]], ...]
    ladders: tuple[tuple[str, Fraction], ...]

    def to_json(self) -> dict[str, Any]:
        """``{"sections": {id: [[from, to], …]}, "ladders": {id: up}}``, lengths rounded to hundredths."""
        return {"sections": {sid: [[inches("x", a)["x"], inches("x", b)["x"]] for a, b in spans]
                             for sid, spans in self.sections},
                "ladders": {lid: inches("up", up)["up"] for lid, up in self.ladders}}

    def holds(self, section_id: str, x: Fraction) -> bool:
        """Whether ``x`` on the section is within a stretch."""
        for sid, spans in self.sections:
            if sid == section_id:
                return any(a <= x <= b for a, b in spans)
        return False


def stretches(field: Battlefield, start: Stand, move: Fraction | None, drops: bool, scale: Fraction) -> Stretches:
    """Every point a fighter at ``start`` reaches within ``move`` inches, by routes nothing stops (T8): the
    same search :func:`judge_route` reads, so the two agree at every point.

    Returns:
        The stretches (none when ``move`` is None).

    Source: rulings T7, T8.
    """
    if move is None:
        return Stretches((), ())
    s = searched(field, start, drops, scale)
    g = s.graph
    best = s.least()
    spans: dict[int, list[tuple[Fraction, Fraction]]] = {}
    for n, d in enumerate(best):
        if d is None or d > move:
            continue
        i = g.section_of[n]
        spans.setdefault(i, []).append((g.x[n], g.x[n]))
        for m in (n - 1, n + 1):
            if 0 <= m < len(g.x) and g.section_of[m] == i and _walkable(g, i, g.x[n], g.x[m]):
                spans[i].append(_reach(field.sections[i], g.x[n], g.x[m], move - d))
    if start.ladder is None:
        i = field.order(start.section)
        sec = field.sections[i]
        sx = sec.centre if start.x is None else start.x
        for near in g.around(i, sx):
            if near is not None and _walkable(g, i, sx, g.x[near]):
                spans.setdefault(i, []).append(_reach(sec, sx, g.x[near], move))
    out = []
    for i, sec in enumerate(field.sections):
        merged = _merged(spans.get(i, []))
        if merged:
            out.append((sec.id, merged))
    lad = []
    for k, (foot, top, height) in g.ladders.items():
        lid = field.borders[k].id
        if lid is None:
            continue
        ups = []
        to_top, to_foot = best[top], best[foot]
        if to_top is not None and to_top <= move:
            ups.append(height)
        if to_foot is not None and to_foot <= move:
            ups.append(min(height, move - to_foot))
        if start.ladder == lid and start.up is not None:
            ups.append(min(height, start.up + move))
        if ups and max(ups) > 0:
            lad.append((k, lid, max(ups)))
    return Stretches(tuple(out), tuple((lid, up) for _, lid, up in sorted(lad)))


def _walkable(g: RouteGraph, i: int, xa: Fraction, xb: Fraction) -> bool:
    """Whether the stretch between ``xa`` and ``xb`` on a section is a place to stand (not in an obstacle)."""
    return g.obstacle_between(i, xa, xb) is None


def _reach(sec: Section, xa: Fraction, xb: Fraction, budget: Fraction) -> tuple[Fraction, Fraction]:
    """The stretch from ``xa`` toward ``xb`` walked within ``budget`` inches, stairs' rises counting (T8).

    Walking away from ``xa`` costs more the further it goes, so the stretch runs from ``xa`` to the last
    point within the budget: piece by piece between step boundaries, the surface flat within each.
    """
    h, v = walk_cost(sec, xa, xb)
    if h + v <= budget:
        return (min(xa, xb), max(xa, xb))
    direction = 1 if xb >= xa else -1
    marks = [xa, xb]
    if sec.stairs is not None:
        tread = sec.stairs.tread
        k = 1
        while sec.x0 + k * tread < sec.x1:
            b = sec.x0 + k * tread
            if min(xa, xb) < b < max(xa, xb):
                marks.append(b)
            k += 1
    marks.sort(key=lambda m: abs(m - xa))
    base = sec.surface(xa)
    reached = xa
    for near, far in pairwise(marks):
        flat = abs(sec.surface((near + far) / 2) - base)
        if abs(near - xa) + flat > budget:
            break
        if abs(far - xa) + flat > budget:
            reached = xa + direction * (budget - flat)
            break
        reached = far
    return (min(xa, reached), max(xa, reached))


def _merged(spans: list[tuple[Fraction, Fraction]]) -> tuple[tuple[Fraction, Fraction], ...]:
    out: list[tuple[Fraction, Fraction]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return tuple(out)

