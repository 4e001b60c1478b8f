"""The side panel's HTML is exactly what ElementTree's HTML method writes (``panels.to_html``).

``to_html`` serialises the panels itself, since ElementTree's namespace pass doubled the time of a click on a
large levels verdict in the page's Python; it must not change one character: not the escaping of a hostile
name, not a void element, not the order of attributes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from vertigo import scenario as scenario_mod
from vertigo.dice import DicePool, rng_for, roll
from vertigo.table import Table
from vertigo_page.controller import Controller
from vertigo_view import panels

SCENARIOS = Path(__file__).resolve().parents[2] / "static" / "scenarios"
BUNDLED = sorted(p.name for p in SCENARIOS.glob("*.json") if p.name != "index.json")


def elementtree(e: ET.Element) -> str:
    return ET.tostring(e, encoding="unicode", method="html")


def every_panel(name: str) -> Iterator[ET.Element]:
    """Every panel fragment the controller shows on a bundled battlefield: each fighter's card, every pair's
    verdict (levels, actions), a move verdict at each reachable section, the options table, the log."""
    c = Controller(Table.start(scenario_mod.loads((SCENARIOS / name).read_text())))
    ids = [f.id for f in c.table.scenario.fighters]
    for a in ids:
        c.escape()
        c.click_fighter(a)
        yield from c.mode.panel_parts(c)  # the fighter card, the options table
        for section in c.keyboard_order():
            if section.startswith("section-"):
                c.select(a)
                c.click_section(section.removeprefix("section-"))
                yield from c.mode.panel_parts(c)  # a move verdict, or a fighter placed there
        for b in ids:
            if b == a:
                continue
            c.escape()
            c.click_fighter(a)
            c.click_fighter(b)
            yield from c.mode.panel_parts(c)  # a levels verdict, the actions against b
    yield from panels.log_items(c.table.log)


def test_every_panel_of_every_bundled_battlefield_is_written_as_elementtree_writes_it() -> None:
    """Cards, verdicts, options and log lines of all six bundled battlefields: the same text, character for
    character."""
    seen = 0
    for name in BUNDLED:
        for e in every_panel(name):
            assert panels.to_html(e) == elementtree(e), name
            seen += 1
    assert seen > 300


def test_the_glossary_and_the_dice_are_written_as_elementtree_writes_them() -> None:
    """The Rules glossary (written once under the panel) and a roll's dice, void-free and link-rich."""
    assert panels.to_html(panels.glossary()) == elementtree(panels.glossary())
    dice = panels.dice_faces(roll(DicePool(70, 6, -2), rng_for(7, 0)))
    assert panels.to_html(dice) == elementtree(dice)


def test_void_elements_get_no_end_tag_and_markup_in_names_stays_text() -> None:
    """HTML's void elements (``<br>``, ``<img>``) end without ``</br>``; ``&``, ``<``, ``>`` in text and ``&``,
    ``>``, ``"`` in attributes are escaped exactly as ElementTree escapes them (``<`` and ``'`` stay in an
    attribute)."""
    p = ET.Element("p", {"title": "a<b & \"c\" > 'd'", "data-x": ""})
    p.text = "<script>alert(1)</script> & more"
    ET.SubElement(p, "br").tail = "x > y"
    ET.SubElement(p, "img", {"alt": "&amp;"})
    assert panels.to_html(p) == (
        '<p title="a<b &amp; &quot;c&quot; &gt; \'d\'" data-x="">&lt;script&gt;alert(1)&lt;/script&gt; &amp; more'
        '<br>x &gt; y<img alt="&amp;amp;"></p>')
    assert panels.to_html(p) == elementtree(p)


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)


@given(text=names, tail=names, attr=names, inner=names)
def test_any_text_and_attribute_is_escaped_as_elementtree_escapes_it(text: str, tail: str, attr: str,
                                                                   inner: str) -> None:
    """Whatever a scenario's names hold (control, bidi and zero-width characters, markup, quotes), the
    panel's text equals ElementTree's."""
    root = ET.Element("div", {"aria-label": attr, "class": "card"})
    root.text = text
    child = ET.SubElement(root, "span", {"title": inner})
    child.text = inner
    child.tail = tail
    ET.SubElement(root, "hr").tail = text
    assert panels.to_html(root) == elementtree(root)
