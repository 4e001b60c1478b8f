"""The battlefield editor's core: edits of a draft, their history, proposed borders, templates, the form built
from the declared fields, and the check.

A draft is a scenario document (``docs/rules.md`` › Scenario format) as plain JSON values, never mutated:
every edit returns a new one.  Nothing here names a rule set: the templates and the form's controls come from
the registry (:data:`vertigo.rules.REGISTRY`) and the fields the rule sets declare, so a rule set added later
appears in the editor with no code here.  Only the page imports this package, once the referee first presses
Edit.

Source: issue 26 ("Your own battlefield in five minutes: an editor on the side view that referees as you
build").
"""

from __future__ import annotations

from .check import Checked, Problem, check, drawable, key_at, piece_at
from .edits import (
    Doc,
    EditError,
    Piece,
    add_border,
    add_fighter,
    add_piece,
    add_section,
    delete_border,
    delete_fighter,
    delete_piece,
    delete_section,
    move_fighter,
    move_section,
    piece_keys,
    resize_section,
    section_at,
    set_value,
)
from .form import Control, controls, named_rules, read, shown, value_of
from .history import MAX_EDITS, History
from .pieces import new_piece, piece_declaration
from .proposals import Proposal, border_ends, geometry, proposed_borders
from .templates import Template, blank, templates

__all__ = ["Doc", "Piece", "EditError", "add_section", "move_section", "resize_section", "set_value",
           "delete_section", "add_border", "delete_border", "add_fighter", "move_fighter", "delete_fighter",
           "add_piece", "delete_piece", "new_piece", "piece_declaration", "section_at", "geometry", "border_ends",
           "piece_keys", "History", "MAX_EDITS",
           "Proposal", "proposed_borders", "Template", "blank", "templates", "Control", "controls", "shown",
           "read", "value_of", "named_rules", "Problem", "Checked", "check", "drawable", "piece_at", "key_at"]
