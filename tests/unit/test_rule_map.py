"""``docs/rules.md`` › Rule → code names real functions (issue 6: "a table from each rule id to the function that
implements it"), and every docstring that cites a ruling can be looked up there."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") if (ROOT / "docs").exists() else ""
needs_docs = pytest.mark.skipif(not RULES, reason="docs/ is not shipped with the page")


def _table() -> list[tuple[str, list[str]]]:
    section = RULES.split("## Rule → code", 1)[1]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("ruling", "---"):
            rows.append((cells[0], re.findall(r"`([a-z_]+\.[A-Za-z_.]+)", cells[2])))
    return rows


def _resolve(dotted: str) -> object:
    """The object a dotted path under ``vertigo`` names: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module("vertigo." + ".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)  # raises AttributeError naming the bad entry
        return obj
    raise ModuleNotFoundError(f"no module of vertigo for {dotted!r}")


@needs_docs
def test_every_name_in_the_rule_map_exists():
    """Each dotted path in the Rule → code table (``rules.height.rules.movement.search``) is importable from
    the core."""
    rows = _table()
    assert len(rows) >= 20
    for _ruling, names in rows:
        for dotted in names:
            _resolve(dotted.split("(")[0])


@needs_docs
def test_every_ruling_the_core_cites_has_a_place_in_the_rules_page():
    """Docstrings cite rulings (H2, G3 …); each one cited is restated in docs/rules.md."""
    cited = set()
    for path in (ROOT / "py" / "vertigo").rglob("*.py"):
        cited |= set(re.findall(r"\b([HG][1-9][0-9]?)\b", path.read_text(encoding="utf-8")))
    mapped = {ruling for ruling, _ in _table()}
    headed = set(re.findall(r"^## ([HG][1-9][0-9]?) ", RULES, re.M))
    missing = sorted(r for r in cited if r not in mapped and r not in headed and r not in RULES)
    assert missing == []
    assert {f"G{i}" for i in range(1, 8)} <= headed and {f"H{i}" for i in range(1, 10)} <= headed
