"""Pictures of the side view (``vertigo_view.picture``): the standalone SVG, its inlined styles and its caption.

Source: issue 27, *Pictures* ("Download the side view as SVG and PNG, with the verdict as a caption, for a forum post
or a campaign log: a standalone SVG with its styles inlined, and a PNG drawn through a canvas at twice the size.
Every name in a picture is escaped text."); ``docs/design.md`` › *Pictures*.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from vertigo import scenario as scenario_mod
from vertigo.rules.height.rules import play as height_play
from vertigo.table import Table
from vertigo_page import modes  # noqa: F401  (every rule set's looks, as the page draws with them)
from vertigo_view import picture
from vertigo_view.picture import caption_lines, standalone_svg, view_css
from vertigo_view.side_view import Highlights, render

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "static" / "scenarios"
BUNDLED = sorted(p.name for p in SCENARIOS.glob("*.json") if p.name != "index.json")
STYLE = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
NS = "{http://www.w3.org/2000/svg}"
HOSTILE = "</text><script>alert(1)</script>"
ENTITIES = "&amp;\"'<>"
BIDI = "\u202eevil\u202c \u2066x\u2069 \x07bell"
"""Bidirectional overrides and isolates and a C0 control, which the importer refuses in a name, in a caption."""


def table(name: str = "cliff.json") -> Table:
    return Table.start(scenario_mod.loads((SCENARIOS / name).read_text(encoding="utf-8")))


def picture_of(drawing: str, caption: tuple[str, ...] = (), title: str = "T") -> str:
    return standalone_svg(drawing, caption, title=title, css=view_css(STYLE, drawing))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def local(tag: str) -> str:
    return tag.rpartition("}")[2]


def caption_texts(root: ET.Element) -> list[tuple[str | None, str | None]]:
    """(text, font-weight) of each caption line."""
    group = root.find(f"{NS}g[@class='picture-caption']")
    assert group is not None
    return [(t.text, t.get("font-weight")) for t in group.iter(f"{NS}text")]


# ---- Size and caption ----

def test_the_cliff_is_drawn_one_svg_unit_a_px_with_its_caption_below() -> None:
    """The cliff's view is 1056 × 416 SVG units: the picture is 1056 px wide, the drawing 416 px tall with 24 px
    above and below it (what stands outside its box is drawn, not cut), and three caption lines add
    2 × 12 + 3 × 20 = 84 px: 1056 × 548.  The drawing is nested with its own viewBox."""
    drawing = render(table())
    root = parse(picture_of(drawing, ("Goat: Cliff top → Foot of the cliff — allowed", "[H3] Height 3", "3d6")))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("1056", "548", "0 0 1056 548")
    nested = root.find(f"{NS}svg")
    assert nested is not None
    assert {k: nested.get(k) for k in ("x", "y", "width", "height", "viewBox", "class")} == {
        "x": "0", "y": "24", "width": "1056", "height": "416", "viewBox": "-76.8 -288.0 1056.0 416.0",
        "class": "side-view"}
    assert nested.get("overflow") == "visible"
    assert caption_texts(root) == [("Goat: Cliff top → Foot of the cliff — allowed", "700"), ("[H3] Height 3", None),
                                   ("3d6", None)]
    # Each baseline: 24 + 416 + 24 px, the 12 px margin, 20 px a line, half the leading (3) and 0.8 of the font.
    assert [t.get("y") for t in root.iter(f"{NS}text") if t.get("x") == "12"] == ["490.2", "510.2", "530.2"]


def seen(drawing: str, size: tuple[float, float]) -> tuple[ET.Element, tuple[str | None, str | None], list[str]]:
    """The picture of ``drawing`` taken from a box of ``size`` px: its root, the nested drawing's (width, height),
    and the last two rules of its style sheet (the markers' scale)."""
    root = parse(standalone_svg(drawing, (), title="T", css=view_css(STYLE, drawing), size=size))
    nested, style = root.find(f"{NS}svg"), root.find(f"{NS}style")
    assert nested is not None and style is not None and style.text is not None
    return root, (nested.get("width"), nested.get("height")), style.text.splitlines()[-2:]


def test_a_drawing_taken_from_the_screen_is_drawn_at_the_size_it_was_seen_with_its_markers_kept_round() -> None:
    """Issue 27, "Pictures": the page's picture is the side view as the referee saw it — the cliff's 1056 × 416
    units seen in an 856 × 631 px box (a Height battlefield stretched to its box) are drawn 856 × 631, and the
    markers get the page's own scale back (``--k`` = 1056 / 856 across, ``--ky`` = 416 / 631 down)."""
    # Stretched to its box as static/view.js stretches a Height battlefield.
    drawing = render(table()).replace('preserveAspectRatio="xMidYMax meet"', 'preserveAspectRatio="none"', 1)
    root, size, markers = seen(drawing, (856, 631))
    assert (root.get("width"), root.get("height"), size) == ("856", str(24 + 631 + 24), ("856", "631"))
    assert markers == [".side-view .px { transform: scale(1.233645, 0.659271); }",
                       ".side-view .px-across { transform: scale(1.233645, 1); }"]


def test_a_drawing_taken_by_the_page_brings_its_boxs_size_itself() -> None:
    """Issue 27, "Pictures": the page's drawing carries the size of the box it was taken from (``data-taken``,
    written by ``static/view.js``), which stands for ``size``; a malformed one is no size at all."""
    drawing = render(table()).replace('preserveAspectRatio="xMidYMax meet"', 'preserveAspectRatio="none"', 1)
    root = parse(standalone_svg(drawing.replace("<svg ", '<svg data-taken="856 631" ', 1), (), title="T", css=""))
    nested = root.find(f"{NS}svg")
    assert nested is not None
    assert (root.get("width"), root.get("height"), nested.get("width"), nested.get("height")) == (
        "856", str(24 + 631 + 24), "856", "631")
    bad = parse(standalone_svg(drawing.replace("<svg ", '<svg data-taken="wide tall" ', 1), (), title="T", css=""))
    assert (bad.get("width"), bad.get("height")) == ("1056", str(24 + 416 + 24))


def test_a_drawing_to_scale_taken_from_the_screen_keeps_its_proportions() -> None:
    """Issue 27, "Pictures": a battlefield drawn to scale sits in its box with its proportions kept (no
    ``preserveAspectRatio="none"``), so its picture is the size it filled there and its markers are scaled alike
    both ways: the ogre at the wall's 787.5 × 630 units in an 856 × 631 px box fill 788.75 × 631 px."""
    _, size, markers = seen(render(table("ogre-at-the-wall.json")), (856, 631))
    assert size == ("789", "631")
    assert markers == [".side-view .px { transform: scale(0.998099, 0.998415); }",
                       ".side-view .px-across { transform: scale(0.998099, 1); }"]


def test_no_caption_adds_no_height_and_a_narrow_drawing_is_centred_on_400_px() -> None:
    """A picture without a caption is the drawing's size and its margins; a drawing under 400 px wide is centred
    on 400 px."""
    root = parse(picture_of(render(table("ogre-at-the-wall.json"))))
    assert (root.get("width"), root.get("height")) == ("788", str(24 + 630 + 24))  # 787.5 × 630, whole px
    assert root.find(f"{NS}g[@class='picture-caption']") is None
    small = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" class="side-view"><rect /></svg>'
    root = parse(standalone_svg(small, ("One line",), title="T", css=""))
    nested = root.find(f"{NS}svg")
    assert nested is not None
    assert (root.get("width"), root.get("height")) == ("400", str(24 + 50 + 24 + 12 * 2 + 20))
    assert (nested.get("x"), nested.get("width"), nested.get("height")) == ("150", "100", "50")


def test_caption_lines_are_the_headline_then_the_details_and_say_how_many_were_left_out() -> None:
    """The headline, then each explanation line, blank ones left out and whitespace made one space; at most
    ``max_lines``, the last then saying how many more there were."""
    assert caption_lines("Goat moves", ("[H3] one", "  ", "two\nlines")) == ("Goat moves", "[H3] one", "two lines")
    details = tuple(f"step {i}" for i in range(1, 21))
    assert caption_lines("Head", details) == ("Head", *details[:10], "… and 10 more lines")
    assert caption_lines("Head", details, max_lines=3) == ("Head", "step 1", "… and 19 more lines")
    assert caption_lines("Head", ("a",), max_lines=2) == ("Head", "a")
    with pytest.raises(ValueError, match="max_lines=0"):
        caption_lines("Head", (), max_lines=0)


def test_a_long_line_wraps_to_the_pictures_width_and_the_caption_stops_at_24_lines() -> None:
    """On a 600 px picture a line wraps at (600 − 24) // 8.4 = 68 characters; its continuation is the headline's
    too (bold).  Past 24 lines in all, the 24th says how many more there were."""
    drawing = render(table("table-top-brawl.json"))  # 600 × 480
    words = " ".join(["abcdefghi"] * 20)  # 199 characters: 6 words of 10 a line (69 would take a 7th)
    root = parse(picture_of(drawing, (words, "short")))
    assert root.get("width") == "600"
    assert caption_texts(root) == [(" ".join(["abcdefghi"] * 6), "700")] * 3 + [
        (" ".join(["abcdefghi"] * 2), "700"), ("short", None)]
    assert root.get("height") == str(24 + 480 + 24 + 24 + 5 * 20)
    root = parse(picture_of(drawing, tuple(f"line {i}" for i in range(30))))
    texts = caption_texts(root)
    assert len(texts) == picture.MAX_CAPTION_LINES == 24
    assert texts[-2:] == [("line 22", None), ("… and 7 more lines", None)]
    assert root.get("height") == str(24 + 480 + 24 + 24 + 24 * 20)


def test_a_drawing_past_the_caps_is_drawn_smaller() -> None:
    """At most 2560 px wide, 4096 px tall and 2.9 million px²: a 10000 × 500 drawing is drawn 2560 × 128, a 3000 × 3000
    one at √(2.9 M / 9 M) = 0.5676: 1703 × 1703 (each picture 48 px taller for the margins)."""
    def size(w: int, h: int) -> tuple[str | None, str | None]:
        svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}"><rect /></svg>'
        root = parse(standalone_svg(svg, (), title="T", css=""))
        return root.get("width"), root.get("height")

    assert size(10000, 500) == ("2560", str(128 + 48))
    assert size(3000, 3000) == ("1703", str(1703 + 48)) and math.ceil(3000 * math.sqrt(2.9 / 9)) == 1703
    assert size(400, 10000) == ("400", str(4096 + 48))


# ---- Styles ----

def test_the_inlined_css_is_the_views_rules_with_the_light_themes_values() -> None:
    """The picture's <style> holds the page's rules for the drawing (``.border-line``, the markers' ``.px`` at one
    SVG unit a px), the page's font first, every ``var(--…)`` resolved (``--ink`` → #1d232a), and no rule of the
    page's HTML (``.bar``, ``.verdict``, ``.view svg``) nor any ``@media``."""
    drawing = render(table())
    root = parse(picture_of(drawing))
    style = root.find(f"{NS}style")
    assert style is not None and style.text == view_css(STYLE, drawing)
    css = style.text.splitlines()
    assert css[0] == ('.side-view { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", '
                      'sans-serif; color: #1d232a; }')
    assert ".side-view .px { transform: scale(1, 1); }" in css
    assert (".border-line { stroke: #222; stroke-width: 2; stroke-dasharray: 5 3; vector-effect: non-scaling-stroke; }"
            in css)
    assert ".side-view .sky { fill: url(#sky); pointer-events: none; }" in css
    assert ".side-view #taps .tap:not(.tap-on) { display: none; }" in css
    assert "var(" not in style.text and "@" not in style.text
    assert not [line for line in css if re.match(r"\.(bar|verdict|view|panel|editing)\b", line)]
    assert len(css) == 34


def test_an_overlay_brings_its_own_rules() -> None:
    """H3: a move's reachable sections are drawn ``.reachable.risky`` / ``.safe``: their rules come with them, the
    dice badge's too; the cliff alone has none."""
    t = table()
    reach = height_play.routes(t, "goat", 0)
    drawing = render(t, Highlights(selected="goat", reachable={s: r.dice for s, r in reach.items()}))
    css = view_css(STYLE, drawing).splitlines()
    assert ".reachable.risky { fill: #ffc857; stroke: #946200; }" in css
    assert ".side-view .reachable { height: calc(11px * 1); }" in css
    assert ".dice-badge.risky { fill: #7a5200; }" in css
    assert ".selected-ring { fill: none; stroke: #f2b01e; stroke-width: 4; }" in css
    assert ".reachable.risky { fill: #ffc857; stroke: #946200; }" not in view_css(STYLE, render(t))


def test_custom_properties_resolve_through_fallbacks_and_a_cycle_is_dropped() -> None:
    """``var()`` resolves to the ``:root`` value, through another var, else to its fallback; a declaration with
    neither, or caught in a cycle, is dropped, as a browser drops it.  Deterministic: the same text twice."""
    sheet = (":root { --a: red; --b: var(--a); --c: var(--d); --d: var(--c); color: var(--a) }\n"
             "/* a comment { .x { fill: blue } } */\n"
             ".x { fill: var(--b); stroke: var(--none, var(--k, 1px)); opacity: var(--none); width: var(--c) }\n"
             "@media (max-width: 10px) { .x { fill: green } }\n"
             ".y, .x > .z, div.x, .x::before { fill: #123 }\n")
    drawing = '<svg class="x"><g class="z" /></svg>'
    assert view_css(sheet, drawing) == (".side-view { color: red; }\n"
                                        ".x { fill: red; stroke: 1px; }\n"
                                        ".x > .z, .x::before { fill: #123; }\n")
    assert view_css(sheet, drawing) == view_css(sheet, drawing)


def test_the_style_sheet_is_read_by_its_blocks_strings_and_comments() -> None:
    """Braces and a comment inside a string are the string's; a stray ``}`` closes nothing; a block left open at the
    end is read to the end, as a browser reads it."""
    sheet = '.x { content: "a { b } /* c */"; fill: red }\n} .x { stroke: blue }\n.x { fill: green'
    assert view_css(sheet, '<svg class="x" />') == ('.x { content: "a { b } /* c */"; fill: red; }\n'
                                                    ".x { stroke: blue; }\n.x { fill: green; }\n")


def test_nothing_in_the_css_or_the_drawing_reaches_outside_the_picture() -> None:
    """No external reference of any kind: ``@import``, ``@font-face``, a ``url()`` to a file, an ``image-set()``,
    a CSS escape are dropped; in the drawing a ``<script>``, ``<image>``, ``<use>``, ``<foreignObject>``, ``<style>``,
    an ``on*`` handler and an ``href`` to a file go, an ``href`` to ``#id`` and ``url(#id)`` stay."""
    sheet = ('@import url("https://example.com/x.css");\n'
             '@font-face { font-family: F; src: url(https://example.com/f.woff2) }\n'
             '.x { fill: url(#grad); background: url(pic.png); mask: image-set("a.png" 1x); stroke: \\75rl(a) }\n')
    drawing = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" '
               'class="x" onload="alert(1)"><script>alert(2)</script><style>@import "y.css";</style>'
               '<image href="https://example.com/a.png" /><use xlink:href="#g" />'
               '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'
               '<a href="https://example.com"><text>link</text></a>after'
               '<rect style="fill: url(http://example.com/p)" /><rect style="fill: url(#grad)" />'
               '<linearGradient id="grad" xlink:href="#g2" /><path xlink:href="https://example.com/p" /></svg>')
    css = view_css(sheet, drawing)
    assert css == ".x { fill: url(#grad); }\n"
    out = standalone_svg(drawing, ("caption",), title="T", css=css)
    root = parse(out)
    tags = [local(e.tag) for e in root.iter()]
    assert not {"script", "image", "use", "foreignObject", "a", "div"} & set(tags)
    assert tags.count("style") == 1
    refs = [(k, v) for e in root.iter() for k, v in e.attrib.items()
            if "href" in k or "url(" in v or k.startswith("on")]
    assert refs == [("style", "fill: url(#grad)"), ("href", "#g2")]
    assert "https:" not in out and "@import" not in out and "pic.png" not in out


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_battlefields_picture_is_well_formed_and_self_contained(name: str) -> None:
    """Every bundled battlefield makes a well-formed picture as wide as its view (rounded up to a whole px), every
    reference in it to an ``#id`` of its own."""
    drawing = render(table(name))
    out = picture_of(drawing, ("Headline", "detail"))
    root = parse(out)
    nested = root.find(f"{NS}svg")
    assert nested is not None
    view_w = float((nested.get("viewBox") or "").split()[2])
    assert root.get("width") == str(max(400, math.ceil(view_w)))
    ids = {e.get("id") for e in root.iter()}
    targets = re.findall(r'href="([^"]*)"|url\(([^)]*)\)', out)
    assert all((a or b).startswith("#") and (a or b)[1:] in ids for a, b in targets)


# ---- Escaping ----

@pytest.mark.parametrize("name", [HOSTILE, ENTITIES])
def test_every_name_in_a_picture_is_escaped_text(cliff_named: Callable[[str], dict[str, Any]], name: str) -> None:
    """A battlefield, section, fighter and side named ``</text><script>alert(1)</script>`` or ``&amp;"'<>``: the
    picture parses, holds no <script>, and the name is text — in the drawing, the title and the caption."""
    t = Table.start(scenario_mod.load(cliff_named(name)))
    drawing = render(t)
    out = standalone_svg(drawing, caption_lines(f"{name}: moves", (f"{name} falls",)), title=f"Vertigo: {name}",
                         css=view_css(STYLE, drawing))
    root = parse(out)
    assert not [e for e in root.iter() if local(e.tag) == "script"]
    texts = [e.text for e in root.iter() if e.text]
    assert root.findtext(f"{NS}title") == f"Vertigo: {name}"
    assert f"{name}: moves" in texts and f"{name} falls" in texts
    assert f"Section {name}, Height 3" in texts and f"Side view: {name}" in texts  # the drawing's own titles
    assert "<script>" not in out


def test_a_name_that_looks_like_css_stays_in_the_drawings_labels(cliff_named: Callable[[str], dict[str, Any]]) -> None:
    """A section named ``C:\\maps url(x.png)`` keeps its accessible name and ``data-*``: only attributes read as CSS
    (``style``, ``fill``...) are judged for what they could load."""
    name = "C:\\maps url(x.png)"
    drawing = render(Table.start(scenario_mod.load(cliff_named(name))))
    root = parse(picture_of(drawing))
    section = root.find(f".//{NS}g[@data-section='cliff-top']")
    assert section is not None and section.get("aria-label") == f"Section {name}, Height 3"


def test_bidi_and_control_characters_in_a_caption_are_harmless_text() -> None:
    """A caption line with a right-to-left override, an isolate and a C0 control (U+0007, which XML cannot hold):
    the picture parses, the control is U+FFFD, the override stays inside its own <text>, the next line as given."""
    drawing = render(table())
    root = parse(picture_of(drawing, caption_lines(BIDI, ("next line",)), title=BIDI))
    assert caption_texts(root) == [("\u202eevil\u202c \u2066x\u2069 \ufffdbell", "700"), ("next line", None)]
    assert root.findtext(f"{NS}title") == "\u202eevil\u202c \u2066x\u2069 \ufffdbell"


def test_a_drawing_that_is_not_an_svg_with_a_viewbox_is_refused() -> None:
    """Not well-formed, not an <svg>, no viewBox: a ValueError that says which."""
    with pytest.raises(ValueError, match="not well-formed XML"):
        standalone_svg("<svg", (), title="T", css="")
    with pytest.raises(ValueError, match="<svg> root"):
        standalone_svg('<g xmlns="http://www.w3.org/2000/svg" />', (), title="T", css="")
    with pytest.raises(ValueError, match="viewBox of four numbers: '0 0 0 10'"):
        standalone_svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 10" />', (), title="T", css="")


def test_the_captions_ink_and_fonts_are_the_pages() -> None:
    """The caption's colour and fonts are the page's (``static/style.css``'s ``:root``: ``--ink`` and its
    ``font-family``), kept in step here."""
    root_rule = re.search(r":root\s*\{([^}]*)\}", STYLE)
    assert root_rule is not None
    ink = re.search(r"--ink:\s*(#[0-9a-f]+)", root_rule.group(1))
    assert ink is not None and ink.group(1) == picture.INK
    assert f"font-family: {picture.FONT};" in root_rule.group(1)
