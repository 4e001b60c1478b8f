"""Issue 26 and the brief's standard: "Bad input (a malformed scenario …) gets a clear, specific message and never
loses the user's current work."  A draft kept on the device or imported may be damaged anywhere; the editor opens
it, draws what it can, and lists the importer's own messages — it never fails on it.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from vertigo.editing import check, templates
from vertigo_page.editor import Editor

ROOT = Path(__file__).resolve().parents[2]
STARTS = [t.doc for t in templates()] + [json.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text())]

JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
                           | st.text(max_size=12), lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)


def _damaged(doc: dict[str, Any], where: int, key: str, value: Any) -> dict[str, Any]:
    """``doc`` with one value replaced: a top-level key, or a key of one of its sections or fighters."""
    out = copy.deepcopy(doc)
    lists = [out] + [s for s in out.get("sections", []) if isinstance(s, dict)] \
        + [f for f in out.get("fighters", []) if isinstance(f, dict)]
    lists[where % len(lists)][key] = value
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STARTS), st.integers(0, 20),
       st.sampled_from(["units", "rules", "title", "sections", "fighters", "borders", "id", "x", "elevation", "kind",
                        "section", "name", "options", "stairs", "features", "moves"]), JSON_VALUES)
@example(STARTS[0], 0, "sections", None)  # found: the panel iterated a null section list
@example(STARTS[0], 0, "rules", True)  # found: the Add buttons' rule-set pieces read a non-list
@example(STARTS[0], 0, "units", ["feet"])  # found: the form's unit words hashed a list
def test_a_damaged_draft_opens_draws_and_lists_its_problems(start: dict[str, Any], where: int, key: str,
                                                           value: Any) -> None:
    """Issue 26 ("a draft that cannot be saved says so at once"; bad input never loses work): any one value of a
    draft replaced by any JSON value — the editor draws it (or the last drawing), its panel lists exactly the
    importer's problems, and every key it takes leaves it working."""
    doc = _damaged(start, where, key, value)
    e = Editor(doc)
    up = e.draw("Opened.")
    assert up.panel.startswith("<div")
    assert e.panel_state().problems == check(doc).problems
    for k in ("ArrowRight", "PageUp", "s", "Delete"):
        e.key(k, False)
    e.select(None)
    assert e.add("ground").panel
    e.undo()
