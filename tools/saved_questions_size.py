"""Print what log entries that keep their question cost a saved table (issue 27's figure): a table of 1000 log
lines, each an attack checked and logged with its question, on the largest bundled battlefield (Ruined street),
saved as the page saves it (:class:`vertigo.storage.TableEncoder`), against the same log without questions.

Usage: ``.venv/bin/python tools/saved_questions_size.py``

Source: issue 27, "Each log entry keeps the question it answers …; state the cost against the saved table's
budget" (the figure is in ``docs/design.md``, "Replays").
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from vertigo import scenario as scenario_mod  # noqa: E402  (after the path above)
from vertigo.limits import TABLE_BUDGET, utf16_length  # noqa: E402
from vertigo.rules.height.rules import play  # noqa: E402
from vertigo.storage import TableEncoder  # noqa: E402
from vertigo.table import Table  # noqa: E402


def main() -> None:
    """Build the table, save it with and without its questions, print both sizes."""
    path = ROOT / "static" / "scenarios" / "ruined-street.json"
    t = Table.start(scenario_mod.loads(path.read_text(encoding="utf-8")))
    sc = t.scenario
    pairs = [(a.id, b.id) for a in sc.fighters for b in sc.fighters if a.side != b.side]
    i = 0
    while t.logged < 1000:
        a, b = pairs[i % len(pairs)]
        t = t.note_verdict(f"{a} → {b} #{i}", play.attack(t, a, b), asked={"ask": "attack", "fighter": a, "target": b})
        i += 1
    plain = TableEncoder().encode(replace(t, log=tuple(replace(e, asked=None) for e in t.log)))
    for what, table in (("checks", t), ("actions", replace(t, log=tuple(replace(e, action=True) for e in t.log)))):
        text = TableEncoder().encode(table)
        print(f"{path.name}: {len(sc.fighters)} fighters, {len(t.log)} log lines as {what}; saved "
              f"{utf16_length(text):,} UTF-16 code units ({utf16_length(plain):,} without questions) of TABLE_BUDGET "
              f"{TABLE_BUDGET:,}; one question {len(t.log[-1].asked or ''):,} characters")


if __name__ == "__main__":
    main()
