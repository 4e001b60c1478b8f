"""The editor's check of a draft: the importer's own problems, each at its place and its piece, and the
drawn warnings once it loads; and what to draw while it does not.

Source: issue 26 ("checked as you type, with the importer's own messages at their place"; "Leaving Edit mode
runs the full check and never puts an invalid battlefield in play; the problems are listed, each a link to
its piece"; the warnings "in the editor and on Import").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vertigo.errors import RulesError, ScenarioError
from vertigo.scenario import Scenario, load

from .edits import Doc, EditError, Piece, delete_section, piece_keys

__all__ = ["Problem", "Checked", "check", "drawable", "piece_at", "key_at"]

_STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]")
"""A place's first step when it is an item of a list: ``sections[3]``."""
_SCENARIO_KEYS = ("vertigo", "title", "units", "rules", "options", "dice_seed", "dice_rolls")
"""Top-level keys whose problems are the scenario's (``("scenario", "")``)."""


@dataclass(frozen=True)
class Problem:
    """A problem (or a warning) of a draft.

    Attributes:
        place: where it is, as the importer says (``"sections[3].x"``, ``"options.fall_scale"``, ``"title"``).
        message: what is wrong, the importer's own sentence.
        piece: the piece it belongs to (``("section", "hall")``, ``("border", "2")``, ``("features", "0")``,
            ``("scenario", "")``), or None when it is the whole document's or names no piece that can be
            found.
    """

    place: str
    message: str
    piece: Piece | None

    @property
    def key(self) -> str:
        """The form control it stands at (:func:`key_at`): ``"x0"``, ``"moves"``, ``"options.fall_scale"``;
        ``""`` for the whole piece."""
        return key_at(self.place)


@dataclass(frozen=True)
class Checked:
    """A draft checked.

    Attributes:
        scenario: the scenario it loads as, or None when it does not load.
        problems: the importer's problems, in its order (empty when it loads).
        warnings: the drawn checks' warnings (:mod:`vertigo.editing.drawing_checks`) once it loads.
    """

    scenario: Scenario | None
    problems: tuple[Problem, ...]
    warnings: tuple[Problem, ...]


def piece_at(doc: Mapping[str, Any], place: str) -> Piece | None:
    """The piece a place is in: ``"sections[3].x"`` → ``("section", doc["sections"][3]["id"])``,
    ``"fighters[0]"`` → ``("fighter", id)``, ``"borders[2].kind"`` → ``("border", "2")``, ``"features[0]"`` →
    ``("features", "0")``, ``"title"`` or ``"options.x"`` → ``("scenario", "")``; None for ``"document"``, a
    section or fighter with no id, or a place that is no piece's."""
    m = _STEP.match(place)
    if m is None:
        head = re.split(r"[.\[]", place, maxsplit=1)[0]
        return ("scenario", "") if head in _SCENARIO_KEYS else None
    key, index = m.group(1), int(m.group(2))
    if key in ("sections", "fighters"):
        items = doc.get(key)
        item = items[index] if isinstance(items, list) and index < len(items) else None
        ident = item.get("id") if isinstance(item, Mapping) else None
        return (key[:-1], ident) if isinstance(ident, str) else None
    if key == "borders":
        return ("border", str(index))
    if key in _SCENARIO_KEYS:
        return ("scenario", "")
    return (key, str(index))


def key_at(place: str) -> str:
    """The form control's key a place stands at (:mod:`vertigo.editing.form`): ``"sections[3].x[0]"`` →
    ``"x0"``, ``"sections[3].x"`` → ``"x1"`` (its right end is refused), ``"fighters[2].moves[0]"`` →
    ``"moves"``, ``"sections[1].stairs.rise"`` → ``"stairs.rise"``, ``"sections[1].stairs"`` →
    ``"stairs.rise"``, ``"options.fall_scale"`` → itself, ``"title"`` → itself; ``""`` for a whole piece or
    the document."""
    m = _STEP.match(place)
    if m is None:
        if place.startswith("options."):
            return re.split(r"\[", place, maxsplit=1)[0]
        head = re.split(r"[.\[]", place, maxsplit=1)[0]
        return head if head in _SCENARIO_KEYS and head != "options" else ""
    rest = place[m.end():].lstrip(".")
    if m.group(1) == "sections":
        if rest.startswith("x[0]"):
            return "x0"
        if rest.startswith("x"):
            return "x1"
        if rest.startswith("stairs"):
            return "stairs.tread" if rest.startswith("stairs.tread") else "stairs.rise"
    return re.split(r"[.\[]", rest, maxsplit=1)[0]


def _problems(doc: Mapping[str, Any], lines: tuple[str, ...]) -> tuple[Problem, ...]:
    out = []
    for line in lines:
        place, _, message = line.partition(": ")
        out.append(Problem(place, message, piece_at(doc, place)))
    return tuple(out)


def _warnings(doc: Mapping[str, Any], scenario: Scenario) -> tuple[Problem, ...]:
    """The drawn checks' warnings as problems at their pieces; none while the drawn checks are not there."""
    try:
        from .drawing_checks import drawing_warnings
    except ImportError:
        return ()
    return tuple(Problem(w.place, w.message, piece_at(doc, w.place)) for w in drawing_warnings(scenario))


def check(doc: Mapping[str, Any]) -> Checked:
    """Check a draft with the importer (:func:`vertigo.scenario.load`): every problem at its place and its piece;
    once it loads, the drawn warnings.  The draft is not changed."""
    try:
        scenario = load(doc)
    except ScenarioError as e:
        return Checked(None, _problems(doc, e.problems), ())
    return Checked(scenario, (), _warnings(doc, scenario))


def drawable(doc: Mapping[str, Any], last: Scenario | None = None) -> Scenario | None:
    """What to draw for a draft: the scenario when it loads; else, tried once, the draft with the pieces its
    problems name removed (fighters, borders, the rule sets' pieces, then sections, each section with what
    stands on it and the borders naming it); else ``last``.  The draft is not changed."""
    try:
        return load(doc)
    except ScenarioError as e:
        problems = _problems(doc, e.problems)
    pruned = _pruned(doc, problems)
    if pruned is None:
        return last
    try:
        return load(pruned)
    except RulesError:
        return last


def _pruned(doc: Mapping[str, Any], problems: tuple[Problem, ...]) -> Doc | None:
    """The draft without the pieces ``problems`` name, or None when a problem is no piece's (the whole draft's
    or the scenario's: nothing to remove would mend it)."""
    named: dict[str, list[int]] = {}
    for p in problems:
        m = _STEP.match(p.place)
        if m is None:
            return None
        named.setdefault(m.group(1), []).append(int(m.group(2)))
    out: Doc = dict(doc)
    for key in ("fighters", "borders", *piece_keys()):
        gone = frozenset(named.pop(key, ()))
        if gone and isinstance(out.get(key), list):
            out[key] = [item for i, item in enumerate(out[key]) if i not in gone]
    raw = doc.get("sections")
    gone = frozenset(named.pop("sections", ()))
    if named or not isinstance(raw, list):
        return None
    ids = [s["id"] for i, s in enumerate(raw) if i in gone and isinstance(s, Mapping) and isinstance(s.get("id"), str)]
    out["sections"] = [s for i, s in enumerate(raw) if i not in gone or (isinstance(s, Mapping) and s.get("id") in ids)]
    for sid in dict.fromkeys(ids):
        try:
            out = delete_section(out, sid, "delete")
        except EditError:
            return None
    return out
