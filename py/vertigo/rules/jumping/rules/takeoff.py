"""Which jump a landing point asks for, and from where: the run-up (J2) and the three kinds of J10 — up onto a
higher surface, across a gap, down.

Jumps are geometric: the takeoff and the landing are points on the side view, and no border need join their
sections.  A fighter's **stretch** is the level surface it stands on: its flat section and the flat sections
at the same height that meet it end to end, with no footing on any (a run over difficult terrain or poor
footing is not unimpeded, an open ruling).  A running jump takes off from the stretch's edge toward the
landing and needs the run-up (½ Move × 5 ft) of stretch behind that edge, or the referee's word that the
fighter ran (last round, without stopping, J2); otherwise it is standing, from where the fighter stands.

Source: ``003_d3aa233771e16bb9.txt`` › Jumping ("ignores all modifiers between the tile the character is
jumping out of and into"), › Jumping Distance (the running jump); rulings J2, J10; open rulings (a landing
higher and across a gap; a surface between the ends higher than both).

Rulings restated in ``docs/rules.md``: ``#j2-running-jumps``, ``#j10-up-across-or-down``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from vertigo.lengths import show
from vertigo.verdict import Step

from .distances import JumpError
from .fields import FOOTING

if TYPE_CHECKING:
    from vertigo.battlefield import Battlefield, Section

__all__ = ["Takeoff", "takeoff", "stretch", "wall_between"]


def _level(s: Section) -> bool:
    """A section a run-up may cross: flat, and no footing on it."""
    return s.stairs is None and s[FOOTING] is None


def _stretches(field: Battlefield) -> dict[str, tuple[Fraction, Fraction, frozenset[str]]]:
    """Section id → (left, right, ids) of the level stretch it is part of; a staircase or a section with footing
    is a stretch of its own."""
    out: dict[str, tuple[Fraction, Fraction, frozenset[str]]] = {}
    chains: dict[Fraction, list[list[Section]]] = {}
    for s in sorted((s for s in field.sections if _level(s)), key=lambda s: (s.elevation, s.x0, s.x1, s.id)):
        runs = chains.setdefault(s.elevation, [])
        if runs and runs[-1][-1].x1 == s.x0:
            runs[-1].append(s)
        else:
            runs.append([s])
    for runs in chains.values():
        for run in runs:
            ids = frozenset(s.id for s in run)
            for s in run:
                out[s.id] = (run[0].x0, run[-1].x1, ids)
    for s in field.sections:
        out.setdefault(s.id, (s.x0, s.x1, frozenset((s.id,))))
    return out


def stretch(field: Battlefield, section_id: str) -> tuple[Fraction, Fraction, frozenset[str]]:
    """The level stretch a section is part of: its left and right ends (feet) and its sections' ids (J2).

    Worked out once per battlefield (``field.derived("jumping.stretches")``).

    Raises:
        KeyError: no such section.
    """
    return field.derived("jumping.stretches", _stretches)[section_id]


def wall_between(field: Battlefield, a: Fraction, b: Fraction, height: Fraction, skip: frozenset[str],
                 solid_only: bool) -> Section | None:
    """The first section met going from ``a`` to ``b`` (feet, either way) whose surface there is higher than
    ``height``, not counting the sections ``skip``; with ``solid_only``, only ground sections (drawn down to the
    bottom: a jump passes under a slab).  Of two met at one x, the first in the document (H13).
    """
    lo, hi = min(a, b), max(a, b)
    best: Section | None = None
    best_at = Fraction(0)
    for s in field.sections:
        if s.id in skip or (solid_only and s.kind != "ground") or s.x1 <= lo or s.x0 >= hi:
            continue
        if s.top <= height:
            continue
        at = max(s.x0, lo) if a < b else min(s.x1, hi)
        if best is None or (at < best_at if a < b else at > best_at):
            best, best_at = s, at
    return best


@dataclass(frozen=True, slots=True)
class Takeoff:
    """Which jump a landing point asks for (J2, J10).

    Attributes:
        long: a long jump (across or down), else a high jump (up onto a surface next to the takeoff).
        running: whether it is a running jump (J2).
        x: where it takes off, feet: the stretch's edge toward the landing (running; for a high jump the foot
            of the higher surface), else where the fighter stands.
        height: the takeoff's surface, feet.
        direction: +1 to the right, −1 to the left.
        distance: a long jump's horizontal distance from the takeoff to the landing point, or a high jump's
            rise, feet.
        rise: the landing surface less the takeoff's, feet (+ up).
        climb: for a long jump to a higher surface across a gap, the rise it must also make (an open ruling:
            judged as a high jump too); else None.
        room: the level stretch behind the takeoff, feet (J2).
        blocked: why the jump cannot be made at all (a wall higher than both ends, the landing under the
            jumper's own floor), or None.
        steps: the explanation.
    """

    long: bool
    running: bool
    x: Fraction
    height: Fraction
    direction: int
    distance: Fraction
    rise: Fraction
    climb: Fraction | None
    room: Fraction
    blocked: str | None
    steps: tuple[Step, ...]


def _run(room: Fraction, run_up: Fraction, ran: bool, edge: str) -> tuple[bool, Step]:
    if ran:
        return True, Step("J2", f"The referee says it ran last round without stopping: a running jump from {edge}.")
    if room >= run_up:
        return True, Step("J2", f"{show(room, 'feet')} of level surface lies behind {edge}, at least the "
                                f"{show(run_up, 'feet')} of run-up: a running jump.")
    return False, Step("J2", f"Only {show(room, 'feet')} of level surface lies behind {edge}, less than the "
                             f"{show(run_up, 'feet')} of run-up: a standing jump from where it stands.")


def takeoff(field: Battlefield, section_id: str, x: Fraction, to_section: str, to_x: Fraction, run_up: Fraction,
            ran: bool) -> Takeoff:
    """The jump from ``x`` on ``section_id`` to ``to_x`` on ``to_section`` (J2, J10).

    Up onto a higher surface whose near edge is on the jumper's stretch: a high jump of the rise, from that edge
    (running) or where it stands.  To a level or lower surface: a long jump of the horizontal distance from the
    takeoff, plus (lower) a fall of the drop.  Up onto a higher surface across a gap: a long jump that must also
    make the rise (an open ruling).  A ground section between the two ends higher than both blocks the jump (an
    open ruling, as a ridge blocks a shot, H5).

    Raises:
        JumpError: the landing is straight above or below the jumper (aim to one side); KeyError: no such section.
    """
    fs, ts = field.section(section_id), field.section(to_section)
    h0, h1 = fs.surface(x), ts.surface(to_x)
    if to_x == x:
        raise JumpError(f"{ts.name} at {show(to_x, 'feet')} is straight {'above' if h1 > h0 else 'below'} where it "
                        "stands: aim to one side")
    d = 1 if to_x > x else -1
    s0, s1, ids = stretch(field, section_id)
    rough = None
    if fs.stairs is not None or fs[FOOTING] is not None:
        s0 = s1 = x  # no run-up over stairs or bad footing: it jumps from where it stands
        footing = fs[FOOTING]
        rough = footing.words if footing is not None else "stairs"
    edge_x = s1 if d > 0 else s0
    rise = h1 - h0
    steps: list[Step] = []
    blocked: str | None = None
    where = f"{show(x, 'feet')} on {fs.name}"

    def room(at: Fraction) -> Fraction:
        return max(Fraction(0), at - s0 if d > 0 else s1 - at)

    if to_section in ids and rise == 0:  # along its own level surface
        running, why = _run(room(x), run_up, ran, f"where it stands ({where})")
        steps += [why, Step("J10", f"{ts.name} is the surface it stands on: a long jump of "
                                   f"{show(abs(to_x - x), 'feet')}.")]
        return Takeoff(True, running, x, h0, d, abs(to_x - x), rise, None, room(x), None, tuple(steps))
    near = ts.x0 if d > 0 else ts.x1
    if rise > 0 and ts.x0 < x < ts.x1:
        blocked = f"{ts.name} is over where it stands: it can be jumped onto only from beyond its edge"
    elif rise < 0 and s0 < to_x < s1:
        blocked = f"{ts.name} at {show(to_x, 'feet')} is under the surface it stands on"
    if rise > 0 and (near - edge_x) * d <= 0:  # the higher surface starts on its own stretch: up (J10)
        running, why = _run(room(near), run_up, ran, f"the foot of {ts.name} at {show(near, 'feet')}")
        at = near if running else x
        steps += [why, Step("J10", f"{ts.name} is {show(rise, 'feet')} higher, next to where it takes off: a high "
                                   f"jump of {show(rise, 'feet')}.")]
        return Takeoff(False, running, at, h0, d, rise, rise, None, room(near), blocked, tuple(steps))
    if rough is not None:
        running, why = _run(room(edge_x), run_up, ran, f"where it stands ({where}, {rough}, no run-up)")
    else:
        running, why = _run(room(edge_x), run_up, ran, f"the edge of {fs.name} at {show(edge_x, 'feet')}")
    at = edge_x if running else x
    distance = abs(to_x - at)
    steps.append(why)
    climb = None
    if rise > 0:
        climb = rise
        steps.append(Step("J10", f"{ts.name} is {show(rise, 'feet')} higher, across a gap: a long jump of "
                                 f"{show(distance, 'feet')} that must also rise {show(rise, 'feet')} (judged as a "
                                 "high jump too)."))
    elif rise < 0:
        steps.append(Step("J10", f"{ts.name} is {show(-rise, 'feet')} lower: a long jump of {show(distance, 'feet')} "
                                 f"and a fall of {show(-rise, 'feet')}."))
    elif near == (fs.x1 if d > 0 else fs.x0):
        steps.append(Step("J10", f"{ts.name} is level with it, next to it: a long jump of {show(distance, 'feet')}."))
    else:
        steps.append(Step("J10", f"{ts.name} is level with it, across a gap: a long jump of "
                                 f"{show(distance, 'feet')}."))
    wall = wall_between(field, at, to_x, max(h0, h1), ids | {to_section}, solid_only=True)
    if blocked is None and wall is not None:
        blocked = f"{wall.name} ({show(wall.top, 'feet')}) is between them, higher than both ends"
    return Takeoff(True, running, at, h0, d, distance, rise, climb, room(edge_x), blocked, tuple(steps))
