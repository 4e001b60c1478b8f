"""The editor's page state for a rule set's top-level pieces (issue 26): a Terrain feature added from the panel,
its form rows with the importer's messages at their fields, and a feature typed in field by field.

Source: issue 26 ("add the rule sets' pieces (… features and openings …)"; "checked as you type, with the
importer's own messages at their place"; "Leaving Edit mode runs the full check and never puts an invalid
battlefield in play"); ``docs/rules.md`` › Scenario format › Feature.
"""

from __future__ import annotations

from html.parser import HTMLParser

from vertigo.editing import add_piece, templates
from vertigo.table import Table
from vertigo_page.editor import Editor

TERRAIN = next(t for t in templates() if t.key == "rules-terrain")
"""The Terrain features template: one ground section ``ground`` at 0 from 0 to 48 in, step 1/2 in."""
KEYS = ["id", "name", "on", "x0", "x1", "height", "opening"]


class _Fields(HTMLParser):
    """Each form field's ``(data-edit, data-piece)`` of a panel's HTML, in order."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.fields: list[tuple[str | None, str | None]] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag in ("input", "select", "textarea") and "data-edit" in named:
            self.fields.append((named["data-edit"], named.get("data-piece")))


def rows(e: Editor) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The panel's form: each row's key → (the input's text, the problems at it)."""
    return {r.control.key: (r.value, r.problems) for r in e.panel_state().rows}


def test_a_feature_added_from_the_panel_is_a_wall_on_the_selected_section_with_its_form() -> None:
    """Issue 26 "add the rule sets' pieces": ``edit-add`` ``features`` with a section selected adds a small wall in
    its middle, selected, its form filled in and no problem; a second goes on the same section, beside it."""
    e = Editor(TERRAIN.doc)
    assert ("features", "feature") in e.panel_state().pieces
    e.select(("section", "ground"))
    up = e.action("edit-add", "features")
    assert up is not None and (up.status, up.error) == ("Add feature.", None)
    assert e.doc["features"] == [{"id": "feature-1", "name": "Wall 1", "on": "ground", "x": [23.75, 24.25],
                                  "height": 1}]
    state = e.panel_state()
    assert (state.selected, state.selected_name, state.problems) == (("features", "0"), "Feature Wall 1", ())
    assert list(rows(e)) == KEYS
    assert rows(e) == {"id": ("feature-1", ()), "name": ("Wall 1", ()), "on": ("ground", ()),
                       "x0": ("23.75", ()), "x1": ("24.25", ()), "height": ("1", ()), "opening": ("", ())}
    assert _Fields(up.panel).fields == [(k, "features:0") for k in KEYS]
    e.action("edit-add", "features")
    assert e.selected == ("features", "1") and e.doc["features"][1]["x"] == [23.25, 23.75]
    assert e.checked.problems == ()


def test_typing_an_empty_features_fields_clears_its_problems_and_it_plays() -> None:
    """Issue 26 "checked as you type": an empty feature has the importer's five "missing" problems (the whole
    piece's, listed); each field typed writes it, a bad one shows its message at its own row (an end of its
    span at that end), and once all are typed the battlefield plays."""
    e = Editor(add_piece(TERRAIN.doc, "features", {}))
    e.select(("features", "0"))
    assert [(p.place, p.message) for p in e.checked.problems] == [
        ("features[0]", f"missing {k!r}") for k in ("id", "name", "on", "x", "height")]
    assert list(rows(e)) == KEYS and all(problems == () for _, problems in rows(e).values())
    for key, text in (("id", "gate"), ("name", "Gate"), ("on", "ground"), ("x0", "abc"), ("x1", "20.5"),
                      ("height", "1 1/2")):
        e.typed("features:0", key, text)
    assert rows(e)["x0"] == ("abc", ('must be a number or a length such as "0.5 in", "1 1/2 in", "1 ft": "abc"',))
    e.typed("features:0", "x0", "50")
    assert rows(e)["x1"][1] == ("right must be more than left: [50 in, 20.5 in]",)
    assert e.done().play is None
    e.typed("features:0", "x0", "20")
    e.typed("features:0", "opening", "door-open")
    assert e.checked.problems == () and all(problems == () for _, problems in rows(e).values())
    assert e.doc["features"] == [{"id": "gate", "name": "Gate", "on": "ground", "x": [20, 20.5],
                                  "height": "1 1/2", "opening": "door-open"}]
    assert e.panel_state().selected_name == "Feature Gate"
    assert e.history.undo_label == "Opening of Feature Gate"
    played = e.done()
    assert isinstance(played.play, Table) and played.play.scenario.field.features[0].opening == "door-open"


def test_a_feature_added_with_one_selected_goes_on_its_section() -> None:
    """With a feature selected, the next goes on the section it stands on (else the first section)."""
    e = Editor(TERRAIN.doc)
    e.add("ground")
    e.add("features")
    assert e.doc["features"][0]["on"] == "section-2"
    e.add("features")
    assert [f["on"] for f in e.doc["features"]] == ["section-2", "section-2"]
    e.select(None)
    e.add("features")
    assert e.doc["features"][2]["on"] == "ground"
