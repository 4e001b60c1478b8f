"""Can an action reach a target across Height? (H5, H6)

Source: ``000_519d8b8e373365db.txt`` › Height and Range ("The range of the
Action must be equal to or greater than the total change in Height when
reaching the target. Additionally, the terrain must not obstruct the entity's
ability to see the target."; the four worked examples), rulings H5, H6, H7.

Rulings restated in ``docs/rules.md``: ``#h5-ranged-actions-range-needed-and-blocking``,
``#h6-range-0-and-reach``, ``#h7-the-dms-override``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from vertigo.battlefield import Battlefield
from vertigo.numbers import count, fmt, json_number
from vertigo.text import isolate
from vertigo.verdict import Overridable, Override, Step, explanation, rule_ids

from .actions import Action

__all__ = ["Line", "ShotVerdict", "range_needed", "line_of_shot", "judge_action"]


@dataclass(frozen=True, slots=True)
class Line:
    """The line of a shot between two sections.

    Attributes:
        path: section ids of a shortest path, shooter to target (a clear one
            when any shortest path is clear; H13: the first in document order
            of the borders).  The one line the verdict judged: its
            explanation names these sections and the side view draws the shot
            over their tops (``vertigo_view.lines``).
        steps: d, the number of section steps (borders) between them.
        rise: Δh = elevation(target) − elevation(shooter), Height levels.
        blocked_by: id of the section that blocks the sight, or None.
    """

    path: tuple[str, ...]
    steps: int
    rise: Fraction
    blocked_by: str | None

    @property
    def range_needed(self) -> int | Fraction:
        """max(d, |Δh|): the range the action needs (H5, :func:`range_needed`)."""
        return range_needed(self.steps, self.rise)

    def to_json(self) -> dict[str, Any]:
        """``{"path", "steps", "rise", "blocked_by"}``, in that order: section ids shooter to target, d in
        section steps, Δh in Height levels (whole numbers as ints), the blocking section's id or null."""
        return {"path": list(self.path), "steps": self.steps, "rise": json_number(self.rise),
                "blocked_by": self.blocked_by}


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


def line_of_shot(field: Battlefield, source: str, target: str) -> Line | None:
    """The line from ``source`` to ``target`` (H5), or None if not connected.

    d is the fewest borders between them.  Among all shortest paths, the line
    is clear if one exists whose every section strictly between the ends has
    elevation ≤ max(both ends); otherwise it is blocked by the highest such
    section on the first shortest path.  Clear-or-blocked is symmetric.

    Raises:
        UnknownSectionError: an id is not on the battlefield.
    """
    from_source = field.steps_from(source)
    if target not in from_source:
        return None
    from_target = field.steps_from(target)
    d = from_source[target]
    top = max(field.section(source).elevation, field.section(target).elevation)
    rise = field.rise(source, target)

    def on_shortest(a: str, b: str) -> bool:
        return from_source[a] + 1 == from_source.get(b, -1) and from_source[b] + from_target.get(b, 10**9) == d

    def walk(clear_only: bool) -> tuple[str, ...] | None:
        parents: dict[str, str] = {}
        layer = [source]
        while layer:
            nxt: list[str] = []
            for a in layer:
                for b in field.neighbours(a):
                    if b in parents or b == source or not on_shortest(a, b):
                        continue
                    if clear_only and b != target and field.section(b).elevation > top:
                        continue
                    parents[b] = a
                    nxt.append(b)
            layer = nxt
        if target != source and target not in parents:
            return None
        path = [target]
        while path[-1] != source:
            path.append(parents[path[-1]])
        return tuple(reversed(path))

    clear = walk(clear_only=True)
    if clear is not None:
        return Line(clear, d, rise, None)
    path = walk(clear_only=False)
    assert path is not None
    between = path[1:-1]
    blocker = max(between, key=lambda s: field.section(s).elevation)
    return Line(path, d, rise, blocker)


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
            that blocks the sight, or null), ``line`` (:meth:`Line.to_json`,
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
            "line": None if line is None else line.to_json(),
            "summary": self.summary,
            "rules": rule_ids(self.steps),
            "explanation": explanation(self.steps),
        }



_FIND = Line((), -1, Fraction(0), None)
"""Marks "find the line here" for :func:`judge_action` (None already means "no line")."""


def judge_action(field: Battlefield, source: str, target: str, action: Action,
                 line: Line | None = _FIND) -> ShotVerdict:
    """The verdict for ``action`` from ``source`` against a target on ``target`` (H5, H6).

    A range-0 action without Reach reaches only its own section.  Otherwise
    the action's range (or its Reach, judged like a range, H6) must be at
    least max(d, |Δh|) and the line must not be blocked (H5).

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
    # Sight before range: a blocked line is never called "enough" first (H5 has two conditions).
    if line.blocked_by is not None:
        b = field.section(line.blocked_by)
        steps.append(Step("H5", f"Blocked: {isolate(b.name)} stands at Height {fmt(b.elevation)}, "
                                f"higher than both ends (max {fmt(ends)})."))
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
