"""Pictures of the side view: a standalone SVG with the view's styles inlined and the verdict as a caption.

Issue 27, *Pictures*: "Download the side view as SVG and PNG, with the verdict as a caption, for a forum post or a
campaign log: a standalone SVG with its styles inlined, and a PNG drawn through a canvas at twice the size. Every
name in a picture is escaped text."  Pure: text in, text out; the download and the PNG are ``static/picture.js``'s
(``window.vertigoPicture.svg`` / ``.png``).

How the page makes one (the lead's wiring; ``style_css`` is the text of ``static/style.css``, read once from the
site — the service worker keeps it offline — and ``entry`` the newest log entry)::

    from vertigo_view import picture, side_view

    drawing = side_view.render(table, highlights)            # the side view's SVG, as drawn
    text = picture.standalone_svg(
        drawing,
        picture.caption_lines(entry.text, entry.details),    # the verdict: its headline, its explanation
        title=f"Vertigo: {table.scenario.title}",
        css=picture.view_css(style_css, drawing),            # the rules that style this drawing
    )
    # then, in the page's JavaScript: vertigoPicture.svg(text, "cliff.svg") or vertigoPicture.png(text, "cliff.png")

Everything is built with :mod:`xml.etree.ElementTree` and written by :func:`vertigo_view.markup.to_xml`, so a name
reaches the picture only as escaped text; the drawing is parsed (it must be well-formed) and written again, and
nothing in it or in the style sheet can reach outside the file: no ``<script>``, ``<foreignObject>``, ``<image>``
or ``<style>`` of its own, no ``on*`` attribute, no ``href`` but to an ``#id`` of the picture, no ``url(...)`` but to
an ``#id``, no ``@import``, ``@font-face`` or other at-rule (the text is drawn in the reader's own system fonts).

Sizes are CSS px.  The drawing keeps one SVG unit to a CSS px — the scale at which the renderer sizes its markers
(``--k`` = 1) — unless that would pass :data:`MAX_WIDTH`, :data:`MAX_HEIGHT` or :data:`MAX_DRAWING_PX`: then it is
drawn smaller, markers with it, so that the PNG at twice the size stays within 16.8 million pixels (4096², the
largest canvas iOS Safari draws).

Source: issue 27 (*Pictures*); ``docs/design.md`` › *Pictures*.
"""

from __future__ import annotations

import math
import re
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence

from vertigo.numbers import fmt

from .markup import to_xml

__all__ = ["standalone_svg", "view_css", "caption_lines", "MAX_WIDTH", "MAX_HEIGHT", "MAX_DRAWING_PX",
           "MIN_WIDTH", "MAX_CAPTION_LINES", "FONT_PX", "LINE_PX", "PAD_PX"]

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XML_NS = "http://www.w3.org/XML/1998/namespace"

MIN_WIDTH = 400
"""The narrowest picture, CSS px: a narrower drawing is centred on it, so the caption has room."""
MAX_WIDTH = 2560
"""The widest drawing, CSS px."""
MAX_HEIGHT = 4096
"""The tallest drawing, CSS px."""
MAX_DRAWING_PX = 2_900_000
"""The most CSS px² a drawing covers: with :data:`MAX_CAPTION_LINES` under :data:`MAX_WIDTH` the picture stays
within 2048² px², its PNG at twice the size within 4096²."""
MAX_CAPTION_LINES = 24
"""The most lines the caption is drawn on, after wrapping; past it the last says how many more there were."""
FONT_PX = 14
"""The caption's font size, CSS px."""
LINE_PX = 20
"""One caption line's height, CSS px."""
PAD_PX = 12
"""The caption's margin round its text, CSS px."""
MARGIN_PX = 24
"""Room above and below the drawing, CSS px: a name over the highest token or a tag under the lowest section can
stand outside the drawing's box (the page's view has room round it too); it is drawn there, not cut."""
CHAR_PX = 0.6 * FONT_PX
"""The width of a character the caption is wrapped for, CSS px (a wide average for a sans-serif)."""
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif'
"""The caption's fonts: the page's own (``static/style.css``, ``:root``), all on the reader's system."""
INK = "#1d232a"
"""The caption's colour: the page's ``--ink``."""

SVG_TYPES = frozenset({"svg", "g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text",
                       "tspan", "title", "desc", "defs", "linearGradient", "radialGradient", "stop", "*"})
"""Element types a kept selector may name: the side view's SVG elements (a rule naming an HTML element does not
style the drawing)."""
DROPPED_TAGS = frozenset({"script", "foreignObject", "image", "feImage", "style", "a", "iframe", "use"})
"""Elements of a drawing never written into a picture: what could run, fetch or bring markup or styles of its own."""
INHERITED = ("font-family", "color")
"""The page's ``:root`` properties the drawing inherits in the page, given to the drawing's root in a picture."""

_VAR_DEPTH = 16
"""The most ``var()`` substitutions inside one another before a value is taken for a cycle and dropped."""


# ---- The style sheet ----

_STRING = r"\"(?:\\.|[^\"\\])*\"?|'(?:\\.|[^'\\])*'?"
"""A CSS string, either quote, its escapes skipped (an unclosed one runs to the end)."""
_COMMENT = re.compile(rf"({_STRING})|/\*.*?(?:\*/|\Z)", re.DOTALL)
_BLOCK_MARKS = re.compile(rf"{_STRING}|[{{}};]", re.DOTALL)
_SPLIT_MARKS = {sep: re.compile(rf"{_STRING}|[()\[\]{sep}]", re.DOTALL) for sep in ",;"}


def _strip_comments(css: str) -> str:
    """``css`` without its ``/* ... */`` comments, each one space (a comment opener inside a string is kept)."""
    return _COMMENT.sub(lambda m: m.group(1) if m.group(1) is not None else " ", css)


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at each ``sep`` (``,`` or ``;``) outside parentheses, brackets and strings; parts stripped,
    empty ones dropped."""
    parts: list[str] = []
    depth, start = 0, 0
    for m in _SPLIT_MARKS[sep].finditer(text):
        c = m.group()
        if c in "([":
            depth += 1
        elif c in ")]":
            depth = max(0, depth - 1)
        elif c == sep and depth == 0:
            parts.append(text[start:m.start()])
            start = m.end()
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _blocks(css: str) -> Iterator[tuple[str, str]]:
    """The top-level rules of a style sheet without comments, in order, as (prelude, body), whitespace in the
    prelude collapsed; an at-rule's prelude starts with ``@`` (a statement such as ``@import ...;`` comes with an
    empty body; a block left open runs to the end)."""
    depth, start, open_at = 0, 0, -1
    for m in _BLOCK_MARKS.finditer(css):
        c = m.group()
        if c == "{":
            if depth == 0:
                open_at = m.start()
            depth += 1
        elif c == "}" and depth:
            depth -= 1
            if depth == 0:
                yield " ".join(css[start:open_at].split()), css[open_at + 1:m.start()]
                start = m.end()
        elif c == "}" or (c == ";" and depth == 0):
            # A stray "}" or the end of a statement: an at-statement is dropped, anything else was never a rule.
            if css[start:m.start()].strip():
                yield " ".join(css[start:m.start()].split()), ""
            start = m.end()
    if depth:
        yield " ".join(css[start:open_at].split()), css[open_at + 1:]
    elif css[start:].strip():
        yield " ".join(css[start:].split()), ""


def _declarations(body: str) -> list[tuple[str, str]]:
    """A rule's declarations, in order, as (property, value), whitespace in each collapsed."""
    found = []
    for part in _split(body, ";"):
        name, colon, value = part.partition(":")
        if colon and name.strip():
            found.append((name.strip(), " ".join(value.split())))
    return found


def _resolve(value: str, props: dict[str, str], depth: int = 0) -> str | None:
    """``value`` with every ``var(--name[, fallback])`` replaced by ``props[name]`` (itself resolved), else by its
    fallback; None when a name is neither defined nor given a fallback, or substitutions nest past
    :data:`_VAR_DEPTH` (a cycle): the declaration is then dropped, as a browser drops it."""
    if "var(" not in value:
        return value
    if depth >= _VAR_DEPTH:
        return None
    at = value.find("var(")
    i, level = at + 4, 1
    while i < len(value) and level:
        level += {"(": 1, ")": -1}.get(value[i], 0)
        i += 1
    name, _, fallback = value[at + 4:i - 1].partition(",")
    name = name.strip()
    got = _resolve(props[name], props, depth + 1) if name in props else None
    if got is None and fallback.strip():
        got = _resolve(fallback.strip(), props, depth + 1)
    if got is None:
        return None
    return _resolve(value[:at] + got + value[i:], props, depth + 1)


_URL = re.compile(r"url\(\s*['\"]?\s*([^'\")\s]*)", re.IGNORECASE)


def _reaches_out(value: str) -> bool:
    """Whether a value could load something: a ``url()`` to anything but an ``#id``, an ``image-set()``, an
    ``@import`` or an ``expression()``."""
    low = value.lower()
    if any(word in low for word in ("image-set(", "@import", "expression(", "\\")):
        return True
    return any(not target.startswith("#") for target in _URL.findall(value))


_PAREN_MARKS = re.compile(r"\(|\)")
_NAME = re.compile(r"([.#])(-?[A-Za-z_][\w-]*)")
_NOT_A_TYPE = re.compile(r"::?[\w-]+(\([^)]*\))?|[.#]-?[A-Za-z_][\w-]*")
_TYPE = re.compile(r"[A-Za-z_][\w-]*|\*")


def _required(selector: str) -> tuple[set[str], set[str]] | None:
    """The class and id names a selector needs (``.name`` → ``name``, ``#name`` → ``#name``), outside every
    parenthesis (``:not()``, ``:is()``, ``:where()``, ``:has()``: an element matched need not have them), and the
    element types it names; None for a selector whose parentheses do not pair (an attribute selector's value is
    skipped)."""
    text = re.sub(r"\[[^\]]*\]", " ", selector)
    outside: list[str] = []
    depth, last = 0, 0
    for m in _PAREN_MARKS.finditer(text):
        if depth == 0:
            outside.append(text[last:m.start()])
        depth += 1 if m.group() == "(" else -1
        if depth < 0:
            return None
        last = m.end()
    if depth:
        return None
    outside.append(text[last:])
    names = {("#" if kind == "#" else "") + name for kind, name in _NAME.findall("".join(outside))}
    return names, set(_TYPE.findall(_NOT_A_TYPE.sub(" ", text)))


def _drawing_names(drawing: str) -> set[str]:
    """Every class (``name``) and id (``#name``) an SVG text gives its elements (read in its tags only: a name
    written as text is not one)."""
    names: set[str] = set()
    for tag in re.findall(r"<[^>]*>", drawing):
        for kind, value in re.findall(r'\s(class|id)="([^"]*)"', tag):
            names.update(value.split() if kind == "class" else ["#" + value])
    return names


def view_css(style_css: str, drawing: str) -> str:
    """The rules of the page's style sheet that style the side view, to inline in a picture.

    Kept: each top-level rule's selectors that name at least one class or id and no element type but the drawing's
    (:data:`SVG_TYPES`), and whose every class and id outside ``:not()``, ``:is()``, ``:where()`` and ``:has()`` is
    one the drawing gives an element: ``.border-line``, ``.side-view .px``, ``polyline.shot``, ``.side-view #taps
    .tap:not(.tap-on)``; not ``.view svg`` (an HTML box), ``button.override``, ``.verdict.allowed`` (a panel's) nor
    ``.editing .side-view .section`` (the page's body in Edit mode).  The drawing is needed: the rule sets add
    classes of their own to it (their looks), and the panel shares some names with it (``.shot``,
    ``.allowed``), so only the drawing tells which rules style it.

    Dropped: every at-rule (``@media``: a picture has one look; ``@keyframes``; ``@import``, ``@font-face``), and
    any declaration that could load something (:func:`_reaches_out`).  Each ``var(--name, fallback)`` is resolved
    to the light theme's value (the top-level ``:root`` rule's custom properties; the style sheet has no other
    theme), else to its fallback (``var(--k, 1)`` → ``1``: one SVG unit to a CSS px, the picture's scale); a
    declaration left without a value is dropped.  The page's ``:root`` ``font-family`` and ``color``, which the
    drawing inherits in the page, come first, as a ``.side-view`` rule.

    Args:
        style_css: the text of ``static/style.css``.
        drawing: the side view's SVG text (:func:`vertigo_view.side_view.render`) the picture is made of.

    Returns:
        CSS text, one rule a line (``selector, selector { property: value; ... }``), in the style sheet's order,
        whitespace collapsed; the same text for the same arguments.
    """
    css = _strip_comments(style_css)
    props: dict[str, str] = {}
    inherited: dict[str, str] = {}
    for prelude, body in _blocks(css):
        if prelude == ":root":
            for name, value in _declarations(body):
                if name.startswith("--"):
                    props[name] = value
                elif name in INHERITED:
                    inherited[name] = value
    present = _drawing_names(drawing)
    out = []
    root = [(name, _resolve(inherited[name], props)) for name in INHERITED if name in inherited]
    if root:
        out.append(".side-view { " + " ".join(f"{k}: {v};" for k, v in root if v and not _reaches_out(v)) + " }")
    for prelude, body in _blocks(css):
        if prelude.startswith("@") or not body.strip():
            continue
        selectors = [s for s in _split(prelude, ",") if _styles_the_view(s, present)]
        if not selectors:
            continue
        kept = []
        for name, value in _declarations(body):
            if name.startswith("--"):
                continue
            got = _resolve(value, props)
            if got is not None and not _reaches_out(got) and not _reaches_out(name):
                kept.append(f"{name}: {got};")
        if kept:
            out.append(", ".join(" ".join(s.split()) for s in selectors) + " { " + " ".join(kept) + " }")
    return "\n".join(out) + "\n"


def _styles_the_view(selector: str, present: set[str]) -> bool:
    """Whether one selector is kept (:func:`view_css`): a class or id, SVG types only, and every name it needs
    among ``present`` (the drawing's classes and ids)."""
    got = _required(selector)
    if got is None:
        return False
    names, types = got
    if not names or not types <= SVG_TYPES:
        return False
    return names <= present


# ---- The caption ----

def _clean(text: str) -> str:
    """``text`` as one line of XML character data: whitespace runs (line breaks too) one space, and each character
    XML 1.0 cannot hold (C0 controls, lone surrogates, U+FFFE, U+FFFF) U+FFFD.  Bidirectional controls stay: in a
    ``<text>`` of its own a line can reorder only itself."""
    text = " ".join(text.split())
    return "".join(c if c >= " " and not 0xD800 <= ord(c) <= 0xDFFF and c not in "\ufffe\uffff" else "\ufffd"
                   for c in text)


def caption_lines(headline: str, details: Sequence[str], max_lines: int = 12) -> tuple[str, ...]:
    """A verdict's caption: its headline, then its explanation lines, at most ``max_lines`` of them.

    Args:
        headline: the log entry's headline (``LogEntry.text``).
        details: its explanation lines (``LogEntry.details``).
        max_lines: the most lines returned, at least 1.

    Returns:
        The headline then each detail, each on one line (whitespace runs one space, characters XML cannot hold
        U+FFFD), blank ones left out; when there are more than ``max_lines``, the first ``max_lines - 1`` and
        ``"… and N more lines"``.  Lines are not wrapped here: :func:`standalone_svg` wraps them to the picture.

    Raises:
        ValueError: ``max_lines`` under 1.
    """
    if max_lines < 1:
        raise ValueError(f"a caption needs at least 1 line: max_lines={max_lines!r}")
    lines = [c for c in (_clean(line) for line in (headline, *details)) if c]
    if len(lines) <= max_lines:
        return tuple(lines)
    more = len(lines) - (max_lines - 1)
    return (*lines[:max_lines - 1], f"… and {more} more lines")


def _wrapped(caption: Sequence[str], width: float) -> list[tuple[str, bool]]:
    """The caption's lines wrapped to ``width`` CSS px (:data:`CHAR_PX` a character), as (text, headline?), at most
    :data:`MAX_CAPTION_LINES`."""
    chars = max(16, int((width - 2 * PAD_PX) // CHAR_PX))
    out: list[tuple[str, bool]] = []
    for index, line in enumerate(caption):
        out += [(part, index == 0) for part in textwrap.wrap(_clean(line), chars, break_on_hyphens=False)]
    if len(out) > MAX_CAPTION_LINES:
        more = len(out) - (MAX_CAPTION_LINES - 1)
        out = [*out[:MAX_CAPTION_LINES - 1], (f"… and {more} more lines", False)]
    return out


# ---- The picture ----

def _local(name: str) -> tuple[str, str]:
    """(namespace, local name) of an ElementTree tag or attribute name (``{ns}name``)."""
    if name.startswith("{"):
        ns, _, local = name[1:].partition("}")
        return ns, local
    return "", name


_NEVER_LOADED = frozenset({"id", "class", "role", "tabindex", "href"})
"""Attributes, with every ``aria-*`` and ``data-*``, whose values a browser never reads as CSS (an ``href`` is judged
on its own)."""


def _safe_attrs(attrib: dict[str, str]) -> dict[str, str]:
    """An element's attributes as a picture writes them: plain names (``xlink:href`` → ``href``, ``xml:space``
    kept), without ``on*`` handlers, without an ``href`` but to an ``#id``, without a value that could load
    something (:func:`_reaches_out`: ``style``, ``fill`` and every other presentation attribute; the names in
    ``aria-*``, ``data-*``, ``id`` and ``class`` are never loaded and are kept as written), without other
    namespaces' attributes."""
    out: dict[str, str] = {}
    for name, value in attrib.items():
        ns, local = _local(name)
        if ns == XML_NS:
            local = "xml:" + local
        elif ns not in ("", XLINK_NS) or local.lower().startswith("on"):
            continue
        if local == "href" and not value.startswith("#"):
            continue
        if not (local in _NEVER_LOADED or local.startswith(("aria-", "data-"))) and _reaches_out(value):
            continue
        out[local] = value
    return out


def _adopted(e: ET.Element) -> ET.Element | None:
    """A parsed SVG element as the picture writes it: plain tag names, safe attributes (:func:`_safe_attrs`),
    its text and tail, its children but :data:`DROPPED_TAGS` and elements of other namespaces; None when the
    element itself is one of those."""
    ns, local = _local(e.tag) if isinstance(e.tag, str) else ("?", "")
    if ns not in ("", SVG_NS) or local in DROPPED_TAGS:
        return None
    out = ET.Element(local, _safe_attrs(dict(e.attrib)))
    out.text, out.tail = e.text, e.tail
    for child in e:
        kept = _adopted(child)
        if kept is not None:
            out.append(kept)
        elif child.tail:  # the text after a dropped element stays where it was
            if len(out):
                out[-1].tail = (out[-1].tail or "") + child.tail
            else:
                out.text = (out.text or "") + child.tail
    return out


def _view_box(drawing: ET.Element) -> tuple[float, float, float, float]:
    """The drawing's viewBox (min x, min y, width, height), SVG units.

    Raises:
        ValueError: no viewBox of four numbers with a positive width and height.
    """
    try:
        box = tuple(float(v) for v in (drawing.get("viewBox") or "").replace(",", " ").split())
    except ValueError:
        box = ()
    if len(box) != 4 or not all(math.isfinite(v) for v in box) or box[2] <= 0 or box[3] <= 0:
        raise ValueError(f"the side view's SVG needs a viewBox of four numbers: {drawing.get('viewBox')!r}")
    return box[0], box[1], box[2], box[3]


def _whole(value: float) -> int:
    """``value`` CSS px up to the next whole px (a hair over a whole number is that number)."""
    return max(1, math.ceil(round(value, 6)))


def _taken(drawing: ET.Element) -> tuple[float, float] | None:
    """The view's box when ``static/view.js`` took the drawing from the screen (its ``data-taken="W H"``, CSS px),
    or None (a drawing from :func:`vertigo_view.side_view.render`, or a malformed value)."""
    parts = (drawing.get("data-taken") or "").split()
    try:
        return (float(parts[0]), float(parts[1])) if len(parts) == 2 else None
    except ValueError:
        return None


def standalone_svg(view_svg: str, caption: Sequence[str], *, title: str, css: str,
                   size: tuple[float, float] | None = None) -> str:
    """The side view as a picture: one SVG file that shows the same drawing anywhere, with a caption under it.

    Args:
        view_svg: the side view's SVG text (:func:`vertigo_view.side_view.render`, or the live view's markup).
        caption: the lines under the drawing (:func:`caption_lines`): each wrapped to the picture's width
            (:data:`CHAR_PX` a character), the first (the headline) in bold, :data:`FONT_PX` px on
            :data:`LINE_PX` px lines with :data:`PAD_PX` px round them; at most :data:`MAX_CAPTION_LINES` in all.
        title: the picture's ``<title>`` (its name in a file browser or a screen reader).
        css: the style sheet to inline (:func:`view_css`), written as the text of a ``<style>`` element.
        size: the drawing's size on the page, (width, height) in CSS px, when it was taken from the screen (None:
            the drawing's own ``data-taken``, which the live view writes, if it has one): it is drawn at that size
            (a Height battlefield stretched to its box as it was seen), and its markers (``.px``: tokens, names,
            tags) scaled back by the same ``--k``/``--ky`` the page gives them, so they keep their shape (a drawing
            to scale, whose ``preserveAspectRatio`` is not "none", at the size it filled in that box); with neither,
            one SVG unit to a CSS px.

    Returns:
        ``<?xml ...?>`` then one ``<svg xmlns width height viewBox="0 0 width height">``, in CSS px: its
        ``<title>``, the ``<style>``, a white ground, the drawing as a nested ``<svg>`` (its own viewBox, classes
        and ``data-*`` kept; what stands outside its box drawn, not cut) :data:`MARGIN_PX` below the top,
        centred across, :data:`MARGIN_PX` above the caption, and the caption as a
        ``g.picture-caption`` of ``<text>`` lines below.  The drawing is one SVG unit to a CSS px, its width and
        height rounded up to whole px, unless the caps make it smaller (:data:`MAX_WIDTH`, :data:`MAX_HEIGHT`,
        :data:`MAX_DRAWING_PX`); the picture is at least :data:`MIN_WIDTH` wide, and as tall as the drawing plus
        ``2 × MARGIN_PX``, plus ``2 × PAD_PX + lines × LINE_PX`` when there is a caption.  Width and height are
        whole numbers.

    Raises:
        ValueError: ``view_svg`` is not well-formed XML, or its root is not an ``<svg>`` with a viewBox.
    """
    try:
        parsed = ET.fromstring(view_svg)
    except ET.ParseError as e:
        raise ValueError(f"the side view's SVG is not well-formed XML: {e}") from None
    drawing = _adopted(parsed)
    if drawing is None or drawing.tag != "svg":
        raise ValueError(f"the side view's SVG must have an <svg> root: {parsed.tag!r}")
    _, _, vb_w, vb_h = _view_box(drawing)
    if size is None:
        size = _taken(drawing)
    seen_w, seen_h = size if size is not None and size[0] > 0 and size[1] > 0 else (vb_w, vb_h)
    if size is not None and drawing.get("preserveAspectRatio", "xMidYMid") != "none":
        fit = min(seen_w / vb_w, seen_h / vb_h)  # drawn to scale: as it sat in its box, with no band round it
        seen_w, seen_h = vb_w * fit, vb_h * fit
    scale = min(1.0, MAX_WIDTH / seen_w, MAX_HEIGHT / seen_h, math.sqrt(MAX_DRAWING_PX / (seen_w * seen_h)))
    dw, dh = _whole(seen_w * scale), _whole(seen_h * scale)
    if size is not None:  # the page's own marker scale for this size (static/style.css: .px, .px-across)
        k, ky = fmt(round(vb_w / dw, 6)), fmt(round(vb_h / dh, 6))
        css += (f"\n.side-view .px {{ transform: scale({k}, {ky}); }}\n"
                f".side-view .px-across {{ transform: scale({k}, 1); }}")
    width = max(dw, MIN_WIDTH)
    lines = _wrapped(caption, width)
    height = MARGIN_PX + dh + MARGIN_PX + (2 * PAD_PX + len(lines) * LINE_PX if lines else 0)
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": str(width), "height": str(height),
                              "viewBox": f"0 0 {width} {height}", "role": "img",
                              "aria-labelledby": "picture-title"})
    ET.SubElement(root, "title", {"id": "picture-title"}).text = _clean(title)
    ET.SubElement(root, "style").text = css
    ET.SubElement(root, "rect", {"width": str(width), "height": str(height), "fill": "#fff"})
    for name in ("x", "y", "width", "height"):
        drawing.attrib.pop(name, None)
    nested = {"x": fmt((width - dw) / 2), "y": str(MARGIN_PX), "width": str(dw), "height": str(dh),
              "overflow": "visible"}
    drawing.attrib = {**nested, **drawing.attrib}
    root.append(drawing)
    if lines:  # on its own white ground: the battlefield's ground may run on under the drawing's box
        ET.SubElement(root, "rect", {"y": str(MARGIN_PX + dh + MARGIN_PX), "width": str(width),
                                     "height": str(height - (MARGIN_PX + dh + MARGIN_PX)), "fill": "#fff"})
        group = ET.SubElement(root, "g", {"class": "picture-caption", "font-family": FONT,
                                          "font-size": str(FONT_PX), "fill": INK})
        for i, (text, headline) in enumerate(lines):
            # The baseline: the line's top, plus the font's size less a fifth (its descent), plus half the leading.
            y = 2 * MARGIN_PX + dh + PAD_PX + i * LINE_PX + (LINE_PX - FONT_PX) / 2 + FONT_PX * 0.8
            line = ET.SubElement(group, "text", {"x": str(PAD_PX), "y": fmt(round(y, 2))})
            if headline:
                line.set("font-weight", "700")
            line.text = text
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + to_xml(root) + "\n"
