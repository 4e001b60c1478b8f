"""What each rule tag means: tag → short title, one-line statement, place in ``docs/rules.md``.

Every explanation line starts with the ruling it applies (``[H2]``,
``[G2, G6]``).  The page links each tag to its entry in an in-page glossary,
with the statement as its description; this module is that glossary's one
source, so the page, the ``ask`` answers and the docs cannot drift apart
(a unit test checks that every tag the core emits has an entry here and that
every anchor exists in ``docs/rules.md``).

Source: ``000_519d8b8e373365db.txt`` (Height: rulings H1–H15),
``001_cbc7fc1b49bd2ff2.txt`` (Combat at Different Levels: rulings G1–G7) and
``002_c9100305c0bcca6b.txt`` (Terrain features: rulings T1–T8) and ``003_d3aa233771e16bb9.txt`` (Jumping:
rulings J1–J12), as
``../shared/RULINGS.md`` rules them and ``docs/rules.md`` restates them;
issue 7 ("rule tags (H2, H5, H8) are never explained on the page").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .errors import UnknownRuleError
from .text import quote

__all__ = ["RuleTag", "RULE_TAGS", "rule_tag", "split_tags", "page_id"]

_HEIGHT = "000_519d8b8e373365db.txt"
_LEVELS = "001_cbc7fc1b49bd2ff2.txt"
_TERRAIN = "002_c9100305c0bcca6b.txt"
_JUMPING = "003_d3aa233771e16bb9.txt"


@dataclass(frozen=True, slots=True)
class RuleTag:
    """One ruling, as a tag on an explanation line names it.

    Attributes:
        tag: the ruling id (``"H5"``).
        title: a short title (``"Ranged actions"``).
        statement: the ruling in one line, in the project's words.
        anchor: where ``docs/rules.md`` restates it, a fragment with its ``#``
            (``"#h5-ranged-actions-range-needed-and-blocking"``).
        source: the seed file and heading it comes from
            (``"000_519d8b8e373365db.txt › Height and Range"``).
    """

    tag: str
    title: str
    statement: str
    anchor: str
    source: str

    @property
    def page_id(self) -> str:
        """The id of its glossary entry on the page: ``"rule-h5"``."""
        return page_id(self.tag)

    def to_json(self) -> dict[str, str]:
        """``{"tag", "title", "statement", "anchor", "source"}``, in that order."""
        return {"tag": self.tag, "title": self.title, "statement": self.statement, "anchor": self.anchor,
                "source": self.source}


_ALL = (
    RuleTag("H1", "Elevation and border Height",
            "A border's Height is the difference of the two sections' elevations; crossing it goes up or down by "
            "its sign.", "#h1-elevation-and-border-height", f"{_HEIGHT} › Combat"),
    RuleTag("H2", "Move entries and falls",
            "Move N (Height h) crosses up to N borders; up needs h ≥ the border's Height, down falls "
            "max(0, Height − h).", "#h2-move-entries-and-falls", f"{_HEIGHT} › Combat, › Falling"),
    RuleTag("H3", "Choice of path",
            "The route taken has the fewest falling dice, then the fewest steps; every section reached is marked "
            "with that least.", "#h3-choice-of-path-and-highlighting", f"{_HEIGHT} › Combat"),
    RuleTag("H4", "Fly, Phase, Teleport",
            "Fly ignores Height; Phase r and Teleport r reach a section ≤ r steps away with net change in "
            "Height ≤ r, and never fall.", "#h4-fly-phase-teleport", f"{_HEIGHT} › Combat"),
    RuleTag("H5", "Ranged actions",
            "Range needed = max(steps, |net Height change|); blocked by a section between that stands higher "
            "than both ends.", "#h5-ranged-actions-range-needed-and-blocking", f"{_HEIGHT} › Height and Range"),
    RuleTag("H6", "Range 0 and Reach",
            "A range 0 action reaches only its own section; Reach r is judged like range r (bare Reach is 1).",
            "#h6-range-0-and-reach", f"{_HEIGHT} › Height and Range"),
    RuleTag("H7", "The DM's override",
            "The DM may turn any verdict around; it then says so, and the log keeps both answers.",
            "#h7-the-dms-override", f"{_HEIGHT} › Height and Range"),
    RuleTag("H8", "Falling dice",
            "A fall deals 1d6 per whole Height level fallen (fractions round down); the dice are seeded and "
            "every die is shown.", "#h8-falling-dice", f"{_HEIGHT} › Falling"),
    RuleTag("H9", "Climbing obstacles",
            "A Climbing obstacle's Reaction drops the actor its Height, less the Move's Height going down.",
            "#h9-climbing-obstacles-exploration", f"{_HEIGHT} › Exploration"),
    RuleTag("H10", "Floors block sight",
            "A floor, roof or balcony hides a fighter beneath it, inside its extent, from one on it or above it.",
            "#h10-floors-block-sight", f"{_HEIGHT} › Height and Range"),
    RuleTag("H11", "Terrain that hides",
            "Woods, smoke or a curtain wall between the two ends block the shot, whatever their height.",
            "#h11-terrain-that-hides", f"{_HEIGHT} › Height and Range"),
    RuleTag("H12", "Forced movement",
            "A push falls each downward border's full Height and stops before an upward border with a Height.",
            "#h12-forced-movement", f"{_HEIGHT} › Combat"),
    RuleTag("H13", "Ties",
            "Equally good paths are split by the sections' document order, so every load gives the same answer.",
            "#h13-ties", f"{_HEIGHT} › Combat"),
    RuleTag("H14", "Several lines of shot",
            "A shot takes the clear line of sections with the fewest steps; d is that line's step count.",
            "#h14-several-lines-of-shot", f"{_HEIGHT} › Height and Range"),
    RuleTag("H15", "Stairs and ladders",
            "A border may state its own Height for moves and falls; range and sight still use the elevations.",
            "#h15-stairs-and-ladders", f"{_HEIGHT} › Combat"),
    RuleTag("G1", "The vertical difference",
            "d is the vertical distance in feet between the two fighters' standing surfaces; the higher is the "
            "upper fighter.", "#g1-the-vertical-difference", f"{_LEVELS} › Combat At Different Levels"),
    RuleTag("G2", "The bands",
            "Up to 1, 2, 3, 4, 5, 6 ft: what may be struck and each side's defense modifier; over 6 ft combat is "
            "impossible.", "#g2-the-bands", f"{_LEVELS} › Combat At Different Levels"),
    RuleTag("G3", "The strange position",
            "The upper fighter lies down at the edge: d − 3 ft sets the band, and the lower fighter strikes only "
            "head and arm.", "#g3-the-strange-position", f"{_LEVELS} › Combat At Different Levels"),
    RuleTag("G4", "Reach by Size Modifier",
            "SM +2 and up adds yards to every reach value (C counts as 0); SM +1 turns reach C into 1.",
            "#g4-reach-by-size-modifier", f"{_LEVELS} › SM / Reach table"),
    RuleTag("G5", "Horizontal distance",
            "Distance = |Δx| ft ÷ 3 to the nearest yard (halves up); a weapon reaches when that is one of its "
            "reach values.", "#g5-horizontal-distance-and-reach", _LEVELS),
    RuleTag("G6", "Hit locations",
            "Each location's normal GURPS penalty, plus the level modifier of the band where one applies.",
            "#g6-hit-locations", _LEVELS),
    RuleTag("G7", "Without hit locations",
            "Hit locations off: no location modifier, but the defense modifiers and the limits on what may be "
            "struck stay.", "#g7-without-hit-locations", f"{_LEVELS} (\"unless you are using hit locations\")"),
    RuleTag("T1", "Kinds",
            "By measured height: a face or feature rising 1 in or more is an obstacle, under 1 in low terrain, part "
            "of its floor.", "#t1-kinds", f"{_TERRAIN} › Obstacles, › Low terrain, › Platforms"),
    RuleTag("T2", "Climbing cost",
            "The vertical inches climbed over an obstacle count against the move; low terrain's count nothing.",
            "#t2-climbing-cost", f"{_TERRAIN} › Low terrain"),
    RuleTag("T3", "Edges",
            "Damaged by an attack action within ½ in of an edge no obstacle encloses: a Move check, and a failure "
            "falls.", "#t3-edges", f"{_TERRAIN} › Falling Off Platform"),
    RuleTag("T4", "Ladders and stairs",
            "A fighter may end part way up; an attack action against it there, hit or miss, calls for a falling "
            "test.", "#t4-ladders-and-stairs", f"{_TERRAIN} › Stairs and ladders"),
    RuleTag("T5", "Doors",
            "Through a door or archway is measured straight through its centre; melee through a closed door "
            "reaches 1 in past it.", "#t5-doors", f"{_TERRAIN} › Archways and doors"),
    RuleTag("T6", "Falls in inches",
            "A drop in inches becomes Height at the scenario's scale (one Height per 3 in by default), then 1d6 "
            "per Height.", "#t6-falls-in-inches", f"{_TERRAIN} › Falling Off Platform"),
    RuleTag("T7", "Dropping down",
            "Where drops are allowed, a fighter may drop from an unenclosed edge as part of a move: no cost, and "
            "a fall.", "#t7-dropping-down", f"{_TERRAIN} › Platforms, › Falling Off Platform"),
    RuleTag("T8", "Movement in inches",
            "A move costs the inches walked plus the inches climbed up and down; no passing through an obstacle "
            "but by its opening.", "#t8-movement-in-inches", f"{_TERRAIN} › Obstacles, › Low terrain, › Archways "
            "and doors"),
    RuleTag("J1", "Full Move and the four jumps",
            "Full Move = Move tiles × 5 ft; each jump's base is a fraction of it by Size, its minimum ½ base, its "
            "maximum 1½ × base, its modifier 10 % of base.", "#j1-full-move-and-the-four-jumps",
            f"{_JUMPING} › Jumping Distance, › Jumping Distance & Height"),
    RuleTag("J2", "Running jumps",
            "A running jump needs ½ Move × 5 ft of level, unimpeded surface behind its takeoff edge, or the "
            "referee's word that the fighter ran; otherwise it is standing.", "#j2-running-jumps",
            f"{_JUMPING} › Jumping Distance"),
    RuleTag("J3", "The cost of a jump",
            "A jump costs ½ the fighter's Full Move points, rounded up.", "#j3-the-cost",
            f"{_JUMPING} › Attempting a Jump"),
    RuleTag("J4", "The roll and the penalty",
            "No roll at or below the minimum; −1 per 10 % of base beyond the base, a step begun counting in full; "
            "impossible past the maximum.", "#j4-the-roll-and-the-penalty", f"{_JUMPING} › Attempting a Jump"),
    RuleTag("J5", "A failed high jump",
            "A high jump failed by N reaches the height intended less N × the modifier, never below the minimum.",
            "#j5-a-failed-high-jump", f"{_JUMPING} › Attempting a Jump"),
    RuleTag("J6", "A failed long jump scatters",
            "A long jump failed by N scatters N × the modifier in a d8 direction; past the maximum it undershoots, "
            "and it never lands closer than the minimum.", "#j6-a-failed-long-jump-scatters",
            f"{_JUMPING} › Attempting a Jump, › Scatter"),
    RuleTag("J7", "Landing where there is no surface",
            "With no surface at its landing the jumper falls to the surface below; a jump down lands at its "
            "takeoff's height, then falls.", "#j7-landing-where-there-is-no-surface", f"{_JUMPING} › Scatter"),
    RuleTag("J8", "Landing on bad footing",
            "Landing on difficult terrain or poor footing: a second check at −its Move-point cost, 2 Move points "
            "lost per point failed, Knocked Down at 0 or less.", "#j8-landing-on-bad-footing",
            f"{_JUMPING} › Landing in Terrain Features"),
    RuleTag("J9", "Move modifiers",
            "A fraction of Move scales every distance; each Move point per tile of the fighter's own takes 10 % "
            "off, added, not compounded.", "#j9-move-modifiers", f"{_JUMPING} › Move Modifiers"),
    RuleTag("J10", "Up, across or down",
            "Up is a high jump of the rise, across a long jump of the gap, down a long jump and a fall; the "
            "terrain between is ignored.", "#j10-up-across-or-down", f"{_JUMPING} › Jumping, › Jumping Distance & "
            "Height"),
    RuleTag("J11", "The check is the table's",
            "The referee enters the check's outcome, success or failed by N; Vertigo rolls only the d8 and the "
            "falling dice.", "#j11-the-check-is-the-tables", f"{_JUMPING} › Attempting a Jump"),
    RuleTag("J12", "Falls in feet",
            "A fall in feet becomes Height at the fall scale (one Height per 10 ft by default), then 1d6 per whole "
            "Height.", "#j12-falls-in-feet", f"{_JUMPING} › Scatter"),
)

RULE_TAGS: Mapping[str, RuleTag] = MappingProxyType({t.tag: t for t in _ALL})
"""Every tag the core can put on an explanation line, in the order of ``docs/rules.md`` (H, then G, then T,
then J, each by number): tag → :class:`RuleTag`.  Iterating it gives that fixed order, never a hash order."""

_TAG = re.compile(r"[A-Z][0-9]{1,2}")


def rule_tag(tag: str) -> RuleTag:
    """The entry of one ruling id.

    Args:
        tag: a single ruling id (``"H5"``), not a list.

    Raises:
        UnknownRuleError: no such ruling in :data:`RULE_TAGS` (the message quotes it and lists the tags).
    """
    found = RULE_TAGS.get(tag) if isinstance(tag, str) else None
    if found is None:
        raise UnknownRuleError(f"no rule tag {quote(tag)}; the tags are {', '.join(RULE_TAGS)}")
    return found


def split_tags(rule: str) -> tuple[str, ...]:
    """The ruling ids of a step's tag, in its order: ``"G2, G6"`` → ``("G2", "G6")``; ``"H5"`` → ``("H5",)``.

    Parts that are not ruling ids (empty, stray text) are left out.
    """
    return tuple(p for p in (part.strip() for part in rule.split(",")) if _TAG.fullmatch(p))


def page_id(tag: str) -> str:
    """The id of a tag's glossary entry on the page: ``"H13"`` → ``"rule-h13"``."""
    return "rule-" + tag.lower()
