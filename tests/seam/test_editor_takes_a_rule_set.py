"""The battlefield editor (issue 26) takes a rule set registered later with no editor code: its template, its
fighter fields and its options reach the form from its declarations.  Here, not in tests/unit, because the
test-only lantern rule set is on the path only for the seam tests (tests/seam/conftest.py)."""

from __future__ import annotations

from vertigo.editing import controls, templates
from vertigo.rules import REGISTRY


def test_a_rule_set_added_later_has_its_template_and_controls_with_no_editor_code() -> None:
    """Issue 26: "a rule set added later appears in it with no editor code": the test-only lantern rule set
    (tests/seam) registered gets a template, its fighter field and its options."""
    from lantern.rules import RULE_SET
    before = [t.key for t in templates()]
    with REGISTRY.adding(RULE_SET):
        found = [t for t in templates() if t.key == "rules-lantern"]
        assert [t.key for t in templates()] == [*before, "rules-lantern"]
        doc = found[0].doc
        assert (doc["units"], doc["rules"]) == ("feet", ["lantern"])
        assert [(c.key, c.kind, c.rule) for c in controls(doc, "fighter")][4:] == [
            ("lantern", "flag", "Lantern light"), ("hooded", "flag", "Lantern light")]
        assert [(c.key, c.kind, c.low, c.high) for c in controls(doc, "scenario")][2:] == [
            ("options.night", "flag", None, None), ("options.lantern_range", "whole", 1, 60),
            ("options.fall_scale", "length", None, None)]
    assert "rules-lantern" not in [t.key for t in templates()]
