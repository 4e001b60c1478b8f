"""``static/picture.js`` alone, in Chromium: the side view's picture downloaded as SVG, and as a PNG drawn through a
canvas at twice its size, on a blank page of its own (no Python).

Source: issue 27, *Pictures* ("Download the side view as SVG and PNG, with the verdict as a caption ... a standalone
SVG with its styles inlined, and a PNG drawn through a canvas at twice the size."); ``docs/design.md`` › *Pictures*.
"""

from __future__ import annotations

import shutil
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from vertigo import scenario as scenario_mod
from vertigo.table import Table
from vertigo_page import modes  # noqa: F401  (every rule set's looks, as the page draws with them)
from vertigo_view.picture import caption_lines, standalone_svg, view_css
from vertigo_view.side_view import render

from harness import ROOT, serving

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>picture.js</title><link rel="icon" href="data:,"></head>
<body><script src="picture.js"></script></body></html>
"""

# A small picture: a 150 × 75 px blue box with a red square at its top left (10 × 10 px).
SMALL = ('<svg xmlns="http://www.w3.org/2000/svg" width="150" height="75" viewBox="0 0 150 75">'
         '<rect width="150" height="75" fill="#0000ff" /><rect width="10" height="10" fill="#ff0000" /></svg>')


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A blank page with the page's own ``picture.js``, served on a free port."""
    where: Path = tmp_path_factory.mktemp("picture-js")
    shutil.copy(ROOT / "static" / "picture.js", where / "picture.js")
    (where / "index.html").write_text(PAGE, encoding="utf-8")
    with serving(where) as served:
        yield served


@pytest.fixture
def page(browser: Browser, url: str) -> Iterator[Page]:
    """The blank page, ready; its test fails on a page error, a console error or a request anywhere but this page's
    own two files and its object URLs."""
    ctx = browser.new_context(accept_downloads=True)
    p = ctx.new_page()
    problems: list[str] = []
    p.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    p.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    p.on("request", lambda r: None if r.url in (url, url + "picture.js") or r.url.startswith("blob:")
         else problems.append(f"request: {r.url}"))
    p.goto(url)
    p.wait_for_function("() => window.vertigoPicture")
    yield p
    ctx.close()
    assert problems == []


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG, from its IHDR chunk (PNG spec §11.2.2), after checking its signature."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def png_pixels(data: bytes) -> list[bytes]:
    """The rows of an 8-bit RGBA PNG without interlace, unfiltered (PNG spec §9), 4 bytes a pixel."""
    width, height = png_size(data)
    assert data[24:29] == bytes([8, 6, 0, 0, 0])  # 8 bits, RGBA, deflate, adaptive filtering, no interlace
    idat, at = b"", 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    raw, stride, rows, prior = zlib.decompress(idat), width * 4, [], bytes(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b, c = prior[i], prior[i - 4] if i >= 4 else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pred = [0, a, b, (a + b) // 2, a if pa <= pb and pa <= pc else b if pb <= pc else c][kind]
            line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line))
        prior = bytes(line)
    return rows


def test_png_draws_the_svg_at_twice_its_width_and_height(page: Page, tmp_path: Path) -> None:
    """A 150 × 75 px SVG downloads as a 300 × 150 px PNG under the name given; its red square is 20 px now, the
    rest blue; the promise gives the Blob downloaded."""
    with page.expect_download() as got:
        size = page.evaluate("(svg) => vertigoPicture.png(svg, 'small.png').then((blob) => [blob.type, blob.size])",
                             SMALL)
    download = got.value
    assert download.suggested_filename == "small.png"
    data = Path(download.path()).read_bytes()
    assert size == ["image/png", len(data)]
    assert png_size(data) == (300, 150)
    rows = png_pixels(data)
    assert rows[5][5 * 4:5 * 4 + 4] == rows[19][19 * 4:19 * 4 + 4] == b"\xff\x00\x00\xff"
    assert rows[25][25 * 4:25 * 4 + 4] == rows[149][299 * 4:] == b"\x00\x00\xff\xff"


def test_a_scale_of_one_keeps_the_svgs_size(page: Page) -> None:
    """``png(svg, name, 1)``: 150 × 75 px."""
    with page.expect_download() as got:
        page.evaluate("(svg) => vertigoPicture.png(svg, 'one.png', 1)", SMALL)
    assert png_size(Path(got.value.path()).read_bytes()) == (150, 75)


def test_svg_downloads_the_same_text(page: Page) -> None:
    """``svg(text, name)`` downloads exactly the text given, as UTF-8, a name with a hostile character in it
    too (the text is a Blob, never markup of the page)."""
    text = SMALL.replace("</svg>", "<text>é &amp; &lt;script&gt; \u202e</text></svg>")
    with page.expect_download() as got:
        kind = page.evaluate("(svg) => vertigoPicture.svg(svg, 'small.svg').type", text)
    assert kind == "image/svg+xml;charset=utf-8"
    assert got.value.suggested_filename == "small.svg"
    assert Path(got.value.path()).read_bytes() == text.encode("utf-8")


def test_the_picture_of_a_battlefield_becomes_a_png_twice_its_size(page: Page) -> None:
    """The cliff's picture (``vertigo_view.picture``: its styles inlined, a two-line caption) loads as an image from
    its Blob, with no request, and downloads as a PNG of 2 × 1056 by 2 × (24 + 416 + 24 + 24 + 40) px (the drawing,
    its room above and below, the caption's margins and two lines), and its SVG as the same
    text; the caption's white ground is white in the PNG."""
    table = Table.start(scenario_mod.loads((ROOT / "static" / "scenarios" / "cliff.json").read_text(encoding="utf-8")))
    drawing = render(table)
    css = view_css((ROOT / "static" / "style.css").read_text(encoding="utf-8"), drawing)
    text = standalone_svg(drawing, caption_lines("Goat: Cliff top → Foot of the cliff — allowed", ("[H3] H3",)),
                          title="Vertigo: The cliff", css=css)
    with page.expect_download() as got:
        page.evaluate("(svg) => vertigoPicture.png(svg, 'cliff.png')", text)
    data = Path(got.value.path()).read_bytes()
    assert png_size(data) == (2112, 1056)
    rows = png_pixels(data)
    assert rows[1055][-8:] == b"\xff\xff\xff\xff" * 2  # the caption's ground, bottom right
    assert rows[600][4:8] != b"\xff\xff\xff\xff"  # the drawing's ground, under the cliff's foot
    with page.expect_download() as got:
        page.evaluate("(svg) => vertigoPicture.svg(svg, 'cliff.svg')", text)
    assert Path(got.value.path()).read_text(encoding="utf-8") == text


def test_a_picture_that_cannot_be_drawn_rejects_with_an_error_that_says_why(page: Page) -> None:
    """Not SVG, no size, an image that does not load: the promise rejects with a clear Error, and nothing is
    downloaded."""
    downloads: list[object] = []
    page.on("download", lambda d: downloads.append(d))
    reject = "(args) => vertigoPicture.png(...args).then(() => 'resolved', (e) => e instanceof Error && e.message)"
    assert page.evaluate(reject, ["<svg", "x.png"]) == "vertigoPicture: the picture is not an SVG document"
    no_size = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>'
    assert page.evaluate(reject, [no_size, "x.png"]) == (
        "vertigoPicture: the SVG's root needs a width and height in px (got null × null)")
    # Well-formed for the parser, but an image must be an SVG in the SVG namespace: this one does not load.
    not_svg = '<svg width="10" height="10"/>'
    assert page.evaluate(reject, [not_svg, "x.png"]) == (
        "vertigoPicture: the SVG could not be loaded as an image, so no PNG was made")
    assert page.evaluate(reject, [SMALL, "x.png", 0]) == "vertigoPicture: the scale must be a positive number (got 0)"
    assert downloads == []
