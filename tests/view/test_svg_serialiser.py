"""The side view's SVG is exactly what ElementTree writes (``markup.to_xml``).

``to_xml`` serialises the side view itself, since ElementTree's namespace pass and serialiser took a tenth of
the page's start-up and a share of every click in the page's Python; it must not change one character: not the
escaping of a hostile name, not an empty element's ``<tag />``, not the order of attributes.  Each drawing is
made twice, once written by ``to_xml`` and once by ``ET.tostring``, each with its own renderer memo so neither
reuses text the other wrote.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_page.controller import Controller
from vertigo_view import frame, markup, overlay, side_view, terrain, tokens
from vertigo_view.side_view import Highlights

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
BUNDLED = sorted(p.name for p in SCENARIOS.glob("*.json") if p.name != "index.json")
HOSTILE = "<b> & \"c\" > 'd' &amp;"

_T = TypeVar("_T")

DRAWING = (frame, terrain, tokens, overlay, side_view)
"""The side view's modules: each reads the renderer memo (``_MEMO``) and the serialiser (``to_xml``) it uses by
a name of its own."""


def draw_with(monkeypatch: pytest.MonkeyPatch, memo: side_view._Memo,
              write: Callable[[ET.Element], str] | None = None) -> None:
    """Every module of the side view drawing with ``memo`` and, given one, writing with ``write``."""
    for module in DRAWING:
        if hasattr(module, "_MEMO"):
            monkeypatch.setattr(module, "_MEMO", memo)
        if write is not None and hasattr(module, "to_xml"):
            monkeypatch.setattr(module, "to_xml", write)


def elementtree(e: ET.Element) -> str:
    return ET.tostring(e, encoding="unicode")


def start(name: str) -> Table:
    return Table.start(scenario_mod.loads((SCENARIOS / name).read_text()))


class BothWays:
    """Draws with the side view written by ``to_xml``, then by ``ET.tostring``, each with a memo of its own."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.memos = {markup.to_xml: side_view._Memo(), elementtree: side_view._Memo()}

    def _with(self, write: Callable[[ET.Element], str], draw: Callable[[], _T]) -> _T:
        draw_with(self.monkeypatch, self.memos[write], write)
        return draw()

    def same(self, draw: Callable[[], _T]) -> _T:
        """``draw()``'s result, asserted equal whichever serialiser wrote it."""
        ours = self._with(markup.to_xml, draw)
        assert ours == self._with(elementtree, draw)
        return ours


@pytest.fixture
def both_ways(monkeypatch: pytest.MonkeyPatch) -> BothWays:
    return BothWays(monkeypatch)


def clicked(c: Controller) -> Iterator[Highlights]:
    """The highlights after each click the referee may make on ``c``'s battlefield: each fighter selected, a
    few of the sections it reaches (or is placed on) clicked, and each other fighter clicked after it."""
    ids = [f.id for f in c.table.scenario.fighters]
    for a in ids:
        c.escape()
        c.click_fighter(a)
        yield c._highlights()
        moving = getattr(c.mode, "entry", None) is not None
        sections = list(c.mode.reached(c).dice) if moving else [s.id for s in c.table.scenario.field.sections]
        for section in sections[:3]:
            c.escape()
            c.click_fighter(a)
            c.click_section(section)
            yield c._highlights()
        for b in ids:
            if b != a:
                c.escape()
                c.click_fighter(a)
                c.click_fighter(b)
                yield c._highlights()


@pytest.mark.parametrize("name", BUNDLED)
def test_the_whole_side_view_of_every_bundled_battlefield_is_written_as_elementtree_writes_it(
        name: str, both_ways: BothWays) -> None:
    """The whole ``<svg>`` (terrain, borders, scale, empty overlay, fighters, labels), the fighters group alone
    and the labels group alone: the same text, character for character."""
    t = start(name)
    svg = both_ways.same(lambda: side_view.render(t))
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert both_ways.same(lambda: side_view.render_fighters(t)) in svg
    assert both_ways.same(lambda: side_view._labels(t, side_view._Frame.of(t))) in svg


@pytest.mark.parametrize("name", BUNDLED)
def test_every_click_overlay_of_every_bundled_battlefield_is_written_as_elementtree_writes_it(
        name: str, both_ways: BothWays) -> None:
    """After each selection and click (a fighter, a section it reaches or is placed on, another fighter): the
    overlay's two layers (selection, route, line of shot, levels dimension, place targets), the fighters as
    they now stand and the whole view."""
    c = Controller(start(name))
    seen = 0
    for hl in clicked(c):
        parts = both_ways.same(lambda hl=hl: side_view.overlay_parts(c.table, hl))
        assert parts.base or parts.marks
        both_ways.same(lambda: side_view.render_fighters(c.table))
        both_ways.same(lambda hl=hl: side_view.render(c.table, hl))
        seen += 1
    assert seen >= len(c.table.scenario.fighters)


def test_hostile_names_are_escaped_in_the_side_view_as_elementtree_escapes_them(
        both_ways: BothWays, cliff_named: Callable[[str], dict[str, Any]]) -> None:
    """Markup, quotes and ``&`` in the title, a section's name and a fighter's name and side reach the
    SVG's text and attributes escaped exactly as ElementTree escapes them."""
    c = Controller(Table.start(scenario_mod.load(cliff_named(HOSTILE))))
    svg = both_ways.same(lambda: side_view.render(c.table))
    assert "&lt;b&gt; &amp; " in svg
    for hl in clicked(c):
        both_ways.same(lambda hl=hl: side_view.render(c.table, hl))


def test_empty_elements_close_with_a_space_and_attributes_escape_quotes_and_white_space() -> None:
    """An element with no text and no child is ``<tag />``; an attribute escapes ``&``, ``<``, ``>``, ``"``
    and CR, LF, tab as references (``'`` stays); text escapes ``&``, ``<``, ``>``; attributes keep their
    order; the root's tail is written."""
    g = ET.Element("g", {"z": "a<b & \"c\" > 'd'", "a": "1\r\n2\t3", "m": ""})
    g.text = "<script>alert(1)</script> & \"q\""
    ET.SubElement(g, "rect", {"class": "sky"}).tail = "x > y\n"
    ET.SubElement(g, "text", {"x": "0"}).text = ""
    ET.SubElement(g, "br")
    g.tail = " & after"
    assert markup.to_xml(g) == (
        '<g z="a&lt;b &amp; &quot;c&quot; &gt; \'d\'" a="1&#13;&#10;2&#09;3" m="">'
        '&lt;script&gt;alert(1)&lt;/script&gt; &amp; "q"<rect class="sky" />x &gt; y\n<text x="0" /><br /></g>'
        ' &amp; after')
    assert markup.to_xml(g) == elementtree(g)


def test_a_comment_is_refused_rather_than_written_wrongly() -> None:
    """A tag that is not a string (ElementTree's comment) raises :class:`TypeError`, not some other text."""
    g = ET.Element("g")
    g.append(ET.Comment("no"))
    with pytest.raises(TypeError):
        markup.to_xml(g)


def test_the_side_view_does_not_call_elementtree_s_serialiser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The side view, its overlay and its fighters are written by ``to_xml``: ``ET.tostring`` is never called."""
    def refuse(*args: object, **kwargs: object) -> str:
        raise AssertionError("ET.tostring called")

    draw_with(monkeypatch, side_view._Memo())
    monkeypatch.setattr(ET, "tostring", refuse)
    c = Controller(start("ruined-street.json"))
    for hl in clicked(c):
        side_view.render(c.table, hl)
        side_view.render_fighters(c.table)


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)


@given(text=names, tail=names, attr=names, inner=names)
def test_any_text_and_attribute_is_escaped_in_the_svg_as_elementtree_escapes_it(text: str, tail: str, attr: str,
                                                                              inner: str) -> None:
    """Whatever a scenario's names hold (control, bidi and zero-width characters, CR, LF, tab, markup,
    quotes), the SVG's text equals ElementTree's."""
    root = ET.Element("g", {"aria-label": attr, "class": "fighter"})
    root.text = text
    child = ET.SubElement(root, "title", {"data-name": inner})
    child.text = inner
    child.tail = tail
    ET.SubElement(root, "circle", {"r": attr}).tail = text
    assert markup.to_xml(root) == elementtree(root)
