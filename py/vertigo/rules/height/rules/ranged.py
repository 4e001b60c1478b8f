"""Can an action reach a target across Height? (H5, H6)

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("The range of the
Action must be equal to or greater than the total change in Height when
reaching the target. Additionally, the terrain must not obstruct the entity's
ability to see the target."; the four worked examples), rulings H5, H6, H7.

Rulings restated in ``docs/rules.md``: ``#h5-ranged-actions-range-needed-and-blocking``,
``#h6-range-0-and-reach``, ``#h7-the-dms-override``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from vertigo.battlefield import Battlefield, Section
from vertigo.numbers import count, fmt, json_number
from vertigo.text import isolate
from vertigo.verdict import Overridable, Override, Step, explanation, rule_ids

from .actions import Action
from .fields import BLOCKS_SIGHT

__all__ = ["Line", "ShotVerdict", "range_needed", "floors_between", "line_of_shot", "judge_action"]


@dataclass(frozen=True, slots=True)
class Line:
    """The line of a shot between two sections: the one the verdict judged (H5, H14).

    Attributes:
        path: section ids from the shooter's section to the target's: the clear line with the fewest steps
            (H14; H13 among equals: the first in document order of the borders), or, with no clear line, the
            shortest line.  Its explanation names these sections and the side view draws the shot over
            their tops (``vertigo_view.lines``).
        steps: d, the number of section steps (borders) along :attr:`path`.
        rise: Δh = elevation(target) − elevation(shooter), Height levels.
        blocked_by: id of the section that blocks it (the first blocker along the line; a floor between the
            fighters, H10, comes first), or None for a clear line.
        blocked_rule: the ruling that blocks it, ``"H10"``, ``"H11"`` or ``"H5"``, or None.
        shortest: the fewest steps of any line between the two sections (no fewer than :attr:`steps` when the
            shortest line is the one used; fewer when the shot goes round, H14).
        bound: with no clear line, the most steps the search looked along (the longest range among the
            shooter's actions, or the shortest line if longer; H14), or None when the search was unbounded.
        detour: when the shot goes round (a clear line longer than the shortest), the shortest line, its first
            blocker and that blocker's ruling: ``(path, section id, "H5" | "H11")``; else None.
    """

    path: tuple[str, ...]
    steps: int
    rise: Fraction
    blocked_by: str | None
    blocked_rule: str | None = None
    shortest: int = -1
    bound: int | None = None
    detour: tuple[tuple[str, ...], str, str] | None = None

    @property
    def range_needed(self) -> int | Fraction:
        """max(d, |Δh|): the range the action needs (H5, :func:`range_needed`)."""
        return range_needed(self.steps, self.rise)

    def to_json(self) -> dict[str, Any]:
        """``{"path", "steps", "rise", "blocked_by", "blocked_rule"}``, in that order: section ids shooter to
        target, d in section steps, Δh in Height levels (whole numbers as ints), the blocking section's id or
        null, the ruling that blocks it (``"H5"``, ``"H10"``, ``"H11"``) or null."""
        return {"path": list(self.path), "steps": self.steps, "rise": json_number(self.rise),
                "blocked_by": self.blocked_by, "blocked_rule": self.blocked_rule}


def range_needed(steps: int, rise: Fraction) -> int | Fraction:
    """max(d, |Δh|): the range needed to reach ``steps`` section steps away across a net change ``rise``.

    The one home of that rule: a ranged action needs it (H5), and so do
    Phase r and Teleport r, which reach a section when r covers it (H4).

    Args:
        steps: d, the fewest borders between the two sections.
        rise: Δh, the net change in Height levels (either sign).

    Returns:
        The larger of d and |Δh|; d when they are equal (an int).

    Source: ``000_519d8b8e373365db.txt`` › Height and Range; rulings H4, H5.
    """
    up = abs(rise)
    return up if up > steps else steps


def floors_between(field: Battlefield, source: str, source_x: Fraction | None, target: str,
                   target_x: Fraction | None) -> tuple[str, ...]:
    """The slabs that hide one fighter from the other (H10), the one nearest the shooter first (then document
    order).

    A slab hides a fighter beneath it, whose section stands lower than the slab and whose x lies strictly
    inside the slab's extent (x0 < x < x1), from a fighter above it: one standing on it, or on a section
    higher than the slab with its x inside the slab's extent (edges included).

    Args:
        field: the battlefield.
        source, target: the shooter's and the target's section ids.
        source_x, target_x: where each stands on its section, drawing units; None is the section's centre.

    Raises:
        UnknownSectionError: an id is not on the battlefield.

    Source: ``RULINGS.md`` H10; issue 23 ("A fighter is above a slab when it stands on it, or on a section
    whose top is higher than the slab and whose x lies inside the slab's extent").
    """
    a, b = field.section(source), field.section(target)
    ax = a.centre if source_x is None else source_x
    bx = b.centre if target_x is None else target_x

    def above(s: Section, x: Fraction, slab: Section) -> bool:
        return s is slab or (s.elevation > slab.elevation and slab.x0 <= x <= slab.x1)

    def beneath(s: Section, x: Fraction, slab: Section) -> bool:
        return s.elevation < slab.elevation and slab.x0 < x < slab.x1

    hiding = [slab for slab in field.sections if slab.kind == "slab" and (
        (above(a, ax, slab) and beneath(b, bx, slab)) or (above(b, bx, slab) and beneath(a, ax, slab)))]
    hiding.sort(key=lambda slab: abs(slab.elevation - a.elevation))  # stable: document order among equals
    return tuple(slab.id for slab in hiding)


def _distances(field: Battlefield, start: str, end: str, clear: Callable[[str], bool],
               bound: int | None) -> dict[str, int]:
    """Steps from ``start`` to each section reached through sections ``clear`` lets the line pass, at most
    ``bound`` steps (None: no bound); ``end`` is always entered, never passed through."""
    dist = {start: 0}
    layer = [start]
    while layer and (bound is None or dist[layer[0]] < bound):
        nxt: list[str] = []
        for here in layer:
            if here != start and here == end:
                continue
            for there in field.neighbours(here):
                if there not in dist and (there == end or clear(there)):
                    dist[there] = dist[here] + 1
                    nxt.append(there)
        layer = nxt
    return dist


def _walk(field: Battlefield, source: str, target: str, ds: Mapping[str, int], dt: Mapping[str, int],
          d: int) -> tuple[str, ...]:
    """A line of ``d`` steps from ``source`` to ``target`` along sections at distance ``ds`` from the source
    and ``dt`` from the target: layer by layer, each section's parent the first found in document order of the
    borders (H13)."""
    parents: dict[str, str] = {}
    layer = [source]
    while layer:
        nxt: list[str] = []
        for a in layer:
            for b in field.neighbours(a):
                if b in parents or b == source or ds.get(b) != ds[a] + 1 or ds[b] + dt.get(b, d + 1) != d:
                    continue
                parents[b] = a
                nxt.append(b)
        layer = nxt
    path = [target]
    while path[-1] != source:
        path.append(parents[path[-1]])
    return tuple(reversed(path))


def line_of_shot(field: Battlefield, source: str, target: str, source_x: Fraction | None = None,
                 target_x: Fraction | None = None, longest: int | None = None) -> Line | None:
    """The line of a shot from ``source`` to ``target`` (H5, H10, H11, H14), or None if not connected.

    A line is any path of sections from the shooter's section to the target's.  It is clear when no floor
    lies between the two fighters (H10, :func:`floors_between`: such a floor blocks every line), no section
    strictly between its ends blocks sight (H11) and none strictly between stands higher than both ends (H5).
    The line used is the clear line with the fewest steps (H14), the first in document order of the borders
    among equals (H13).  With no clear line, it is the shortest line, blocked by its first blocker along the
    line: a floor between the fighters first, then each section in turn, H11 named before H5 on one section.

    Args:
        field: the battlefield.
        source, target: the shooter's and the target's section ids.
        source_x, target_x: where each fighter stands on its section (drawing units); None is the centre.
        longest: the longest range among the shooter's actions, in section steps: no clear line longer than
            it (or than the shortest line, if that is longer) is looked for, since no action could reach
            along it (H14's bound); None looks along every line.

    Raises:
        UnknownSectionError: an id is not on the battlefield.

    Source: ``000_519d8b8e373365db.txt`` › Height and Range; rulings H5, H10, H11, H13, H14.
    """
    from_source = field.steps_from(source)
    if target not in from_source:
        return None
    shortest = from_source[target]
    rise = field.rise(source, target)
    top = max(field.section(source).elevation, field.section(target).elevation)

    def hides(sid: str) -> bool:
        return bool(field.section(sid)[BLOCKS_SIGHT])

    def clear(sid: str) -> bool:
        return not hides(sid) and field.section(sid).elevation <= top

    def first_blocker(path: tuple[str, ...]) -> tuple[str, str]:
        for sid in path[1:-1]:
            if hides(sid):
                return sid, "H11"
            if field.section(sid).elevation > top:
                return sid, "H5"
        raise AssertionError("a shortest line with no blocker is clear")  # the bounded search looks that far

    floors = floors_between(field, source, source_x, target, target_x)
    bound = None if longest is None else max(longest, shortest)
    if not floors:
        ds = _distances(field, source, target, clear, bound)
        if target in ds:
            d = ds[target]
            dt = _distances(field, target, source, clear, d)
            path = _walk(field, source, target, ds, dt, d)
            if d == shortest:
                return Line(path, d, rise, None, None, shortest)
            first = _walk(field, source, target, from_source, field.steps_from(target), shortest)
            return Line(path, d, rise, None, None, shortest, detour=(first, *first_blocker(first)))
    path = _walk(field, source, target, from_source, field.steps_from(target), shortest)
    if floors:
        return Line(path, shortest, rise, floors[0], "H10", shortest, bound)
    return Line(path, shortest, rise, *first_blocker(path), shortest, bound)


@dataclass(frozen=True, slots=True)
class ShotVerdict(Overridable):
    """Can ``action`` played from ``source`` reach ``target``?

    Attributes:
        action: the action judged.
        source: shooter's section id.
        target: target's section id.
        line: the line of the shot, or None when the sections are not connected.
        allowed: the rules' answer.
        steps: the explanation.
        override: the DM's exception (H7), if any.
    """

    action: Action
    source: str
    target: str
    line: Line | None
    allowed: bool
    steps: tuple[Step, ...]
    override: Override | None = None

    @property
    def judged_line(self) -> Line | None:
        """The line this verdict judged sight and range over (H5), or None: the sections are not connected, or
        the action is range 0 without Reach, which reaches only its own section and for which sight and range
        play no part (H6) — its ``line`` is still found, but no step of the explanation names it."""
        return None if self.line is None or self.action.effective_range == 0 else self.line

    @property
    def summary(self) -> str:
        """One line: ``"Shortbow, range 3: reaches (needs range 3)"``."""
        verdict = "reaches" if self.final else "cannot reach"
        rules = ""
        if self.override is not None:
            verdict += " — overridden by the DM"
            rules = "rules: "
        if self.line is None:
            return f"{self.action.shown}: {verdict} ({rules}no line)"
        if self.action.effective_range == 0:  # H6: only its own section; sight and range play no part
            return f"{self.action.shown}: {verdict} ({rules}range 0: its own section only)"
        blocked = ", blocked" if self.line.blocked_by else ""
        return f"{self.action.shown}: {verdict} ({rules}needs range {fmt(self.line.range_needed)}{blocked})"

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON values, keys in a fixed order (one action of ``ask attack``).

        Returns:
            A dict: ``name`` (the action's name), ``action`` (its text),
            ``range`` (what it is judged with: the larger of range and Reach,
            section steps, H6), ``reaches`` (the rules' answer, H5, H6),
            ``final`` (after the DM's override, H7), ``override``
            (``{"allowed", "note"}`` or null), ``source`` and ``target``
            (section ids), ``range_needed`` (max(d, |Δh|), H5; null when the
            sections are not connected), ``blocked_by`` (the id of the section
            that blocks the sight, or null), ``blocked_rule`` (``"H5"``, ``"H10"``, ``"H11"`` or null),
            ``line`` (:meth:`Line.to_json`,
            or null when not connected), ``summary``, ``rules`` and
            ``explanation``.
        """
        line = self.line
        return {
            "name": self.action.name,
            "action": str(self.action),
            "range": self.action.effective_range,
            "reaches": self.allowed,
            "final": self.final,
            "override": None if self.override is None else self.override.to_json(),
            "source": self.source,
            "target": self.target,
            "range_needed": None if line is None else json_number(line.range_needed),
            "blocked_by": None if line is None else line.blocked_by,
            "blocked_rule": None if line is None else line.blocked_rule,
            "line": None if line is None else line.to_json(),
            "summary": self.summary,
            "rules": rule_ids(self.steps),
            "explanation": explanation(self.steps),
        }



def _blocked_step(field: Battlefield, source: str, target: str, line: Line, ends: Fraction) -> Step:
    """Why the line is blocked: a floor between the fighters (H10), a section that hides (H11) or one higher
    than both ends (H5)."""
    assert line.blocked_by is not None
    b = field.section(line.blocked_by)
    name = isolate(b.name)
    if line.blocked_rule == "H10":
        upper, lower = (source, target) if field.section(source).elevation >= b.elevation else (target, source)
        on = "stands on it" if upper == b.id else "stands above it"
        return Step("H10", f"Blocked: the floor of {name} (Height {fmt(b.elevation)}) is between them: the fighter "
                           f"on {isolate(field.section(upper).name)} {on}, and the fighter on "
                           f"{isolate(field.section(lower).name)} is beneath it, inside its extent "
                           f"{fmt(b.x0)} to {fmt(b.x1)}.")
    if line.blocked_rule == "H11":
        return Step("H11", f"Blocked: {name} blocks sight, between the two ends.")
    return Step("H5", f"Blocked: {name} stands at Height {fmt(b.elevation)}, higher than both ends (max {fmt(ends)}).")


_FIND = Line((), -1, Fraction(0), None)
"""Marks "find the line here" for :func:`judge_action` (None already means "no line")."""


def judge_action(field: Battlefield, source: str, target: str, action: Action,
                 line: Line | None = _FIND) -> ShotVerdict:
    """The verdict for ``action`` from ``source`` against a target on ``target`` (H5, H6).

    A range-0 action without Reach reaches only its own section.  Otherwise
    the action's range (or its Reach, judged like a range, H6) must be at
    least max(d, |Δh|) along the line used and that line must be clear (H5, H10, H11, H14).

    Args:
        field: the battlefield.
        source: the acting fighter's section id.
        target: the target's section id.
        action: the action played.
        line: :func:`line_of_shot` of ``source`` and ``target`` when the
            caller has it (the same for every action of one fighter); left
            out, it is found here.

    Returns:
        A verdict with the numbers: d, Δh, range needed, any blocking section.

    Raises:
        UnknownSectionError: an id is not on the battlefield.
    """
    steps: list[Step] = []
    if line is _FIND:
        line = line_of_shot(field, source, target)
    s_name, t_name = isolate(field.section(source).name), isolate(field.section(target).name)
    if line is None:
        steps.append(Step("H5", f"{t_name} shares no border, direct or indirect, with {s_name}: no line."))
        return ShotVerdict(action, source, target, None, False, tuple(steps))
    if action.effective_range == 0:
        ok = line.steps == 0
        there = "the target is on it." if ok else f"the target is {count(line.steps, 'step')} away."
        steps.append(Step("H6", f"{action.shown}: a range 0 action without Reach reaches only its own section; "
                                f"{there}"))
        return ShotVerdict(action, source, target, line, ok, tuple(steps))
    have = action.effective_range
    if action.reach is not None and action.reach >= action.range:
        steps.append(Step("H6", f"{action.shown}: Reach {action.reach} is judged like a ranged action "
                                f"of range {action.reach}."))
    borders = " then ".join(
        fmt(field.rise(a, b)) for a, b in pairwise(line.path)
    ) or "none"
    # The line named section by section: the one the core judged, which the side view draws (H13).
    along = " along " + " → ".join(isolate(field.section(sid).name) for sid in line.path) if line.steps else ""
    steps.append(Step("H5", f"{t_name} is d = {count(line.steps, 'step')} from {s_name}{along}; "
                            f"Height changes across the borders: {borders}; net Δh = {fmt(line.rise)}."))
    ends = max(field.section(source).elevation, field.section(target).elevation)
    if line.detour is not None:
        first, by, rule = line.detour
        names = " → ".join(isolate(field.section(sid).name) for sid in first)
        steps.append(Step("H14", f"The shortest line, {count(len(first) - 1, 'step')} along {names}, is blocked by "
                                 f"{isolate(field.section(by).name)} ({rule}); the shot goes round by the clear "
                                 f"line with the fewest steps, {line.steps}."))
    # Sight before range: a blocked line is never called "enough" first (H5 has two conditions).
    if line.blocked_by is not None:
        steps.append(_blocked_step(field, source, target, line, ends))
        within = "" if line.bound is None else f" of at most {count(line.bound, 'step')}"
        steps.append(Step("H14", f"No line{within} from {s_name} to {t_name} is clear; the shortest is judged, "
                                 "with its first blocker."))
    elif line.steps > 1:
        between = ", ".join(f"{isolate(field.section(sid).name)} at Height {fmt(field.section(sid).elevation)}"
                            for sid in line.path[1:-1])
        steps.append(Step("H5", f"Line clear: no section between stands higher than both ends "
                                f"(max {fmt(ends)}) — {between}."))
    need = line.range_needed
    by_reach = action.reach is not None and action.reach >= action.range
    has = f"{isolate(action.name)} has {'Reach' if by_reach else 'range'} {have}"
    if line.blocked_by is not None:
        judged = ", but the line is blocked: no range reaches past it." if have >= need \
            else " — too short, and the line is blocked."
    else:
        judged = " — enough." if have >= need else " — too short."
    steps.append(Step("H5", f"Range needed = max(d, |Δh|) = max({line.steps}, {fmt(abs(line.rise))}) = {fmt(need)}; "
                            f"{has}{judged}"))
    ok = have >= need and line.blocked_by is None
    return ShotVerdict(action, source, target, line, ok, tuple(steps))
