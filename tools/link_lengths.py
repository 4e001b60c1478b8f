"""Print the share-link length of every bundled battlefield as a Markdown table (issue 27's figures).

For each file of ``static/scenarios`` (but ``index.json``): its size, the full link's fragment at the start
(the whole Export document, :func:`vertigo.share.full_payload`), and the short link's (the file's name, its
hash and the fighters moved, :func:`vertigo.share.bundled_payload`) at the start and after one fighter moved
(the first fighter to the left end of the last section, one roll made).  Lengths are of the fragment,
``#v1=`` included, in characters; the whole link adds the page's address.  The figures are the same on every
run with the same zlib (deflate level 9 is deterministic).

Usage: ``.venv/bin/python tools/link_lengths.py``

Source: issue 27, "Figures in docs/benchmarks.md: link length for each bundled battlefield".
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from vertigo import scenario, share  # noqa: E402  (py/ on the path first)
from vertigo.stand import Stand  # noqa: E402
from vertigo.table import Table  # noqa: E402


def lengths(name: str, text: str) -> tuple[int, int, int, int]:
    """(file characters, full link, short link at the start, short link after one fighter moved) of one file."""
    start = Table.start(scenario.loads(text))
    last = start.scenario.field.sections[-1]
    first = start.scenario.fighters[0].id
    moved = replace(start, stands=tuple((fid, Stand(last.id, last.x0) if fid == first else at)
                                        for fid, at in start.stands), rolls=start.rolls + 1)
    return (len(text), len(share.link_for(start, None)), len(share.link_for(start, (name, text))),
            len(share.link_for(moved, (name, text))))


def main() -> None:
    """Print the table."""
    print("| battlefield | file (characters) | full link | short link, at the start | short link, one fighter moved |")
    print("|---|---:|---:|---:|---:|")
    for path in sorted((ROOT / "static" / "scenarios").glob("*.json")):
        if path.name == "index.json":
            continue
        size, full, short, moved = lengths(path.name, path.read_text(encoding="utf-8"))
        print(f"| `{path.name}` | {size:,} | {full:,} | {short:,} | {moved:,} |")


if __name__ == "__main__":
    main()
