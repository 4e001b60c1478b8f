"""The editor's form for a piece, built from the shared keys and the fields the rule sets declare.

Every field a rule set the draft names declares on an object (:mod:`vertigo.fields`) has a control, with the
field's own label, help and bounds, and a rule set's top-level piece (a feature) has the keys its reader
declares (:mod:`vertigo.editing.pieces`); nothing here names a rule set, so a rule set or a piece added later
has its controls with no code here.  A control's text is read back as the JSON value to write
(:func:`read`) and the importer checks it (:func:`vertigo.editing.check`), so its own messages stand at
their place.

Source: issue 26 ("edit a fighter's fields … in a form built from the declared fields, checked as you type,
with the importer's own messages at their place"; "every declared field of every rule set has a form
control").
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vertigo.battlefield import BORDER_KINDS, SECTION_KINDS
from vertigo.fields import Choice, Entries, Field, Flag, Length, Scale, Whole
from vertigo.lengths import UNITS
from vertigo.rules import REGISTRY, default_rules

from .pieces import piece_declaration

__all__ = ["Control", "KINDS", "controls", "shown", "read", "value_of", "named_rules"]

KINDS = ("text", "number", "whole", "flag", "choice", "entries", "length", "section")
"""What a control is: free text; a number in the unit (Height); a whole number; true or false; one of its
choices; a list, one entry a line; a length with its unit (``"2 ft 8 in"``, feet and inches); a section's id."""

_SEED_HIGH = 2**53 - 1


@dataclass(frozen=True)
class Control:
    """One input of the form.

    Attributes:
        key: the key :func:`vertigo.editing.set_value` writes (``"name"``, ``"x0"``, ``"stairs.rise"``,
            ``"options.fall_scale"``, ``"moves"``).
        label: what the form calls it.
        help: one line on what it takes, with its unit.
        kind: one of :data:`KINDS`.
        low, high: the bounds of a number, whole number or length (in the scenario's unit), or None.
        choices: a choice's words, ``""`` first when it may be left unset.
        rule: the title of the rule set that declares it; ``""`` for the shared keys.
    """

    key: str
    label: str
    help: str
    kind: str
    low: Any = None
    high: Any = None
    choices: tuple[str, ...] = ()
    rule: str = ""


def named_rules(doc: Mapping[str, Any]) -> tuple[str, ...]:
    """The registered rule sets a draft names, in its order (those its unit defaults to when it names none;
    unknown or repeated ids left out)."""
    units = doc.get("units", "height")
    raw = doc.get("rules")
    if raw is None:
        return default_rules(units) if units in UNITS else ()
    if not isinstance(raw, list):
        return ()
    return tuple(dict.fromkeys(r for r in raw if isinstance(r, str) and r in REGISTRY))


def _length_kind(doc: Mapping[str, Any]) -> str:
    return "length" if doc.get("units") in ("feet", "inches") else "number"


def _units(doc: Mapping[str, Any]) -> tuple[str, str]:
    """The draft's unit in words, up and across: ``("feet", "feet")``; a Height battlefield's
    ``("Height levels", "drawing units")``."""
    units = doc.get("units", "height")
    if not isinstance(units, str):  # a damaged draft (units a list, say): the importer reports it at its place
        units = "height"
    return ({"feet": "feet", "inches": "inches"}.get(units, "Height levels"),
            {"feet": "feet", "inches": "inches"}.get(units, "drawing units"))


def _shared(doc: Mapping[str, Any], on: str) -> list[Control]:
    up, unit = _units(doc)
    n = _length_kind(doc)
    if on == "section":
        out = [Control("name", "Name", "what the section is called, shown as text", "text"),
               Control("kind", "Kind", "ground is solid down to the bottom; a slab is a floor, roof or balcony",
                       "choice", choices=SECTION_KINDS),
               Control("x0", "Left end", f"where it starts across, in {unit}", n),
               Control("x1", "Right end", f"where it ends across, in {unit}; right of the left end", n),
               Control("elevation", "Elevation", f"the height of its surface, in {up}", n)]
        if n == "length":
            out += [Control("stairs.rise", "Stairs: rise", f"each step's rise over the one to its left, in {up}; "
                                                           "negative goes down to the right; empty: flat", n),
                    Control("stairs.tread", "Stairs: tread", f"each step's depth, in {unit}; 1 ft by default", n)]
        return out
    if on == "fighter":
        return [Control("name", "Name", "what the fighter is called, shown as text", "text"),
                Control("side", "Side", "the side it fights for; its colour follows the side", "text"),
                Control("section", "Section", "the section it stands on", "section"),
                Control("x", "Across", f"where it stands on its section, in {unit}; empty: the centre", n)]
    if on == "border":
        return [Control("kind", "Kind", "a plain border, a stair or a ladder", "choice", choices=("", *BORDER_KINDS)),
                Control("x", "Across", f"where the border is drawn, in {unit}; empty: where its sections meet", n),
                Control("id", "Id", "its own id, which a fighter on a ladder names", "text")]
    if on == "scenario":
        return [Control("title", "Title", "the battlefield's title", "text"),
                Control("dice_seed", "Dice seed", "every roll of the battlefield derives from it", "whole",
                        0, _SEED_HIGH)]
    return []


def _piece(doc: Mapping[str, Any], key: str) -> list[Control]:
    """The controls of a rule set's top-level piece (``features``), from the keys its reader declares
    (:func:`vertigo.editing.pieces.piece_declaration`): an id or a text is text, a section a section's id, a
    span (the piece's ``x``) its two ends ``x0`` and ``x1``, a length a length in the draft's unit (a number on
    a Height battlefield), a choice its words."""
    up, unit = _units(doc)
    n = _length_kind(doc)
    out = []
    for k in piece_declaration(key):
        help_text = k.help.replace("{unit}", unit if k.kind == "span" else up)
        if k.kind == "span":
            out += [Control("x0", f"Left {k.label}", f"where its left {k.label} stands {help_text}", n),
                    Control("x1", f"Right {k.label}", f"where its right {k.label} stands {help_text}; right of its "
                                                      f"left {k.label}", n)]
        elif k.kind in ("section", "choice"):
            out.append(Control(k.key, k.label, help_text, k.kind, choices=k.choices))
        else:
            out.append(Control(k.key, k.label, help_text, n if k.kind == "length" else "text"))
    return out


def _control(doc: Mapping[str, Any], d: Field[Any], rule: str) -> Control:
    """The control of a declared field, its kind mapped to a control's."""
    key = f"options.{d.key}" if d.on == "scenario" else d.key
    what = d.kind.describe() if d.kind is not None else ""
    help_text = d.help + (f" ({what})" if what and what not in d.help else "")
    kind = d.kind
    if isinstance(kind, Whole):
        return Control(key, d.label, help_text, "whole", kind.low, kind.high, rule=rule)
    if isinstance(kind, Length):
        return Control(key, d.label, help_text, _length_kind(doc), kind.low, kind.high, rule=rule)
    if isinstance(kind, Scale):
        return Control(key, d.label, help_text, "length", rule=rule)
    if isinstance(kind, Flag):
        return Control(key, d.label, help_text, "flag", rule=rule)
    if isinstance(kind, Choice):
        unset = ("",) if d.default is None or d.required else ()
        return Control(key, d.label, help_text, "choice", choices=(*unset, *kind.choices), rule=rule)
    if isinstance(kind, Entries):
        return Control(key, d.label, help_text, "entries", rule=rule)
    return Control(key, d.label, help_text, "text", rule=rule)


def controls(doc: Mapping[str, Any], on: str) -> tuple[Control, ...]:
    """The form of one kind of piece of a draft: the shared keys first (a rule set's top-level piece's: the keys
    its reader declares), then every field declared on ``on`` by the rule sets the draft names
    (:func:`named_rules`), rule sets in the draft's order, each one's fields in its order (a key two rule sets
    declare once, as the first declares it).

    Args:
        doc: the draft (its unit and rule sets choose the controls).
        on: ``"fighter"``, ``"section"``, ``"border"``, ``"scenario"`` (the options) or a rule set's piece key
            (``"features"``, :attr:`vertigo.ruleset.RuleSet.pieces`).

    Returns:
        The controls, in the order the form shows them; none for another ``on``.
    """
    out = _shared(doc, on) if on in ("section", "fighter", "border", "scenario") else _piece(doc, on)
    seen = {c.key for c in out}
    for rule_id in named_rules(doc):
        r = REGISTRY[rule_id]
        for d in (*r.fields, *r.options):
            c = _control(doc, d, r.title)
            if d.on == on and c.key not in seen:
                seen.add(c.key)
                out.append(c)
    return tuple(out)


def value_of(obj: Any, key: str) -> Any:
    """The value a control's key reads in a piece (a section, a fighter, a border written ``["a", "b"]`` or
    as an object, a rule set's piece, or the whole draft for the scenario); None when unset."""
    if isinstance(obj, list):
        obj = {"between": obj}
    if not isinstance(obj, Mapping):
        return None
    if key in ("x0", "x1"):
        x = obj.get("x")
        return x[0 if key == "x0" else 1] if isinstance(x, list) and len(x) == 2 else None
    for prefix in ("stairs.", "options."):
        if key.startswith(prefix):
            inner = obj.get(prefix[:-1])
            return inner.get(key.removeprefix(prefix)) if isinstance(inner, Mapping) else None
    return obj.get(key)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, (int, str)):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def shown(doc_obj: Any, control: Control) -> str:
    """The text an input shows for the piece's current value: ``""`` when unset; a flag ``"true"`` or
    ``"false"``; entries one a line; a number as written (``2.5``); an object as JSON text."""
    value = value_of(doc_obj, control.key)
    if control.kind == "entries" and isinstance(value, list):
        return "\n".join(_text(v) for v in value)
    return _text(value)


def _number(text: str) -> int | float | None:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return None
    if not math.isfinite(value):
        return None
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def read(control: Control, text: str) -> Any:
    """The JSON value to write for an input's text (:func:`vertigo.editing.set_value`).

    Empty (or blank) text is None, which removes the key.  A flag reads ``true``/``false`` (also ``on``,
    ``yes``, ``1``, ``off``, ``no``, ``0``); entries are the non-blank lines, stripped; a number, whole
    number or length is the number when the text is one (``"2"`` → 2, ``"2.5"`` → 2.5), else the text as
    typed (``"2 ft 8 in"``, or ``"abc"`` for the importer's own message to report); a declared field of
    another kind (an object such as a footing, a Move fraction) is the JSON value the text spells when it
    spells one, else the text.  Shared text (a name) is the text as typed.
    """
    stripped = text.strip()
    if not stripped:
        return None
    if control.kind == "flag":
        word = stripped.casefold()
        if word in ("true", "on", "yes", "1"):
            return True
        if word in ("false", "off", "no", "0"):
            return False
        return text
    if control.kind == "entries":
        return [line.strip() for line in text.splitlines() if line.strip()]
    if control.kind in ("number", "whole", "length"):
        number = _number(stripped)
        return text if number is None else number
    if control.kind == "text" and control.rule:
        try:
            return json.loads(stripped)
        except ValueError:
            return text
    return text
