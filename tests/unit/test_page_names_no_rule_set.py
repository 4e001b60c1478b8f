"""The page asks the rule set: outside the rule-set packages and the page's registry, the page, the renderer
and ``app.py`` name no rule-set id, import no rule-set package and switch on no rule-specific verdict type; the
parts of a rule set import in one direction only; and the page layers stay small.

Source: issue 19 ("Outside the rule-set packages and the two registries, no module names a rule-set id or
imports a rule-set package. No ``refereed_by(``, ``moves_by_rules`` or switch on a rule-specific verdict type
anywhere in ``py/vertigo_page/``, ``py/vertigo_view/`` or ``py/app.py`` ... Unit names such as ``height`` are
not rule-set ids. A test greps for all of it"; "One package per rule set, in three parts ... A test checks the
direction of those imports"; "No Python module under ``py/`` over 600 lines, and no function over 60 lines in
the page layers"); ``docs/design.md`` › *A rule set is a package*.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from vertigo.lengths import UNITS
from vertigo.rules import REGISTRY

PY = Path(__file__).resolve().parents[2] / "py"
RULES = PY / "vertigo" / "rules"
RULE_IDS = frozenset(REGISTRY)
RULE_SET_PACKAGES = sorted(p.name for p in RULES.iterdir() if (p / "__init__.py").is_file())
PAGE_MODULES = sorted([*(PY / "vertigo_page").rglob("*.py"), *(PY / "vertigo_view").rglob("*.py"), *PY.glob("app*.py")])
REGISTRY_MODULE = PY / "vertigo_page" / "modes.py"
"""The page's registry: the one page module that imports the rule sets' modes, by name."""
NOT_YET = frozenset({PY / "vertigo_view" / "frame.py", PY / "vertigo_view" / "tokens.py"})
"""Renderer modules that still read a rule set's field (the levels rules' Size Modifier draws a figure's
height): the only imports of a rule-set package left in the renderer, checked to stay these alone."""
VERDICT_TYPES = frozenset({"MoveVerdict", "ShotVerdict", "LevelsVerdict", "Options", "Direction"})
ASKED_BY_NAME = frozenset({"refereed_by", "moves_by_rules", "has_movement"})
"""The scenario's answers to which rule sets referee it: the page asks the active mode instead."""


def rel(path: Path) -> str:
    return path.relative_to(PY).as_posix()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PY).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, source: str | None = None) -> list[tuple[int, str]]:
    """Every module ``path`` imports (``source``: its text, else read), as (line, absolute dotted name); a
    relative import resolved from its package, ``from x import y`` as ``x.y`` (y may be a module)."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    text = path.read_text(encoding="utf-8") if source is None else source
    for node in ast.walk(ast.parse(text, rel(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, *([base] if base else [])])
            found += [(node.lineno, f"{base}.{a.name}") for a in node.names]
    return found


def rule_set_of(name: str) -> tuple[str, str] | None:
    """(rule-set id, part) of a dotted name inside a rule-set package (``vertigo.rules.height.view.x`` →
    ("height", "view")); part "" for the package itself; None outside every rule-set package."""
    parts = name.split(".")
    if parts[:2] != ["vertigo", "rules"] or len(parts) < 3 or parts[2] not in RULE_SET_PACKAGES:
        return None
    return parts[2], parts[3] if len(parts) > 3 else ""


def names_problems(path: Path, source: str | None = None) -> list[str]:
    """What a page, renderer or app module must not do (``source``: its text, else read): name a rule-set id
    (a unit name is not one), import a rule-set package, use a rule-specific verdict type, or ask the scenario
    which rule sets referee it."""
    text = path.read_text(encoding="utf-8") if source is None else source
    tree = ast.parse(text, rel(path))
    found: list[str] = []
    # An SVG element's id (``_el(svg, "g", id="terrain")``: the side view's terrain layer) names a layer,
    # not a rule set.
    element_ids = {id(k.value) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg == "id"}
    for node in ast.walk(tree):
        if id(node) in element_ids:
            continue
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in RULE_IDS:
                    found.append(f"{rel(path)}:{node.lineno}: compares with the rule-set id {side.value!r}")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in RULE_IDS
              and node.value not in UNITS):
            found.append(f"{rel(path)}:{node.lineno}: names the rule-set id {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in VERDICT_TYPES:
            found.append(f"{rel(path)}:{node.lineno}: uses the rule-specific type {node.id}")
        elif isinstance(node, ast.alias) and node.name.rpartition(".")[2] in VERDICT_TYPES:
            found.append(f"{rel(path)}:{node.lineno}: imports the rule-specific type {node.name}")
        elif isinstance(node, ast.Attribute) and node.attr in ASKED_BY_NAME:
            found.append(f"{rel(path)}:{node.lineno}: asks the scenario .{node.attr}")
    if path != REGISTRY_MODULE and path not in NOT_YET:
        found += [f"{rel(path)}:{line}: imports the rule-set package {name}"
                  for line, name in imports(path, text) if rule_set_of(name) is not None]
    return found


@pytest.mark.parametrize("path", PAGE_MODULES, ids=rel)
def test_the_page_names_no_rule_set(path: Path) -> None:
    """Issue 19: the page, the renderer and app.py name no rule set and switch on none of its types."""
    assert names_problems(path) == []


def test_the_renderer_reads_a_rule_sets_field_only_where_it_did() -> None:
    """The two renderer modules left reading a rule set's field import its ``rules`` part's fields, nothing
    else of a rule set."""
    for path in sorted(NOT_YET):
        for line, name in imports(path):
            where = rule_set_of(name)
            assert where is None or name.startswith(f"vertigo.rules.{where[0]}.rules.fields."), (rel(path), line)


def test_the_checks_catch_what_they_look_for() -> None:
    """The checks are not blind: a page module that imports a verdict type of a rule-set package, tests
    ``"levels" in sc.rules`` and asks ``has_movement`` is refused on each count; a unit name passes."""
    probe = PY / "vertigo_page" / "probe.py"
    source = ('from vertigo.rules.levels.rules.levels import LevelsVerdict\n'
              'def f(sc, v):\n'
              '    return "levels" in sc.rules or sc.has_movement or isinstance(v, LevelsVerdict)\n'
              'UNIT = "height"\n')
    assert sorted(names_problems(probe, source)) == [
        "vertigo_page/probe.py:1: imports the rule-set package vertigo.rules.levels.rules.levels.LevelsVerdict",
        "vertigo_page/probe.py:1: imports the rule-specific type LevelsVerdict",
        "vertigo_page/probe.py:3: asks the scenario .has_movement",
        "vertigo_page/probe.py:3: compares with the rule-set id 'levels'",
        "vertigo_page/probe.py:3: names the rule-set id 'levels'",
        "vertigo_page/probe.py:3: uses the rule-specific type LevelsVerdict",
    ]


PARTS_MAY_IMPORT = {
    "rules": frozenset({"vertigo"}),
    "view": frozenset({"vertigo", "vertigo_view"}),
    "mode": frozenset({"vertigo", "vertigo_view", "vertigo_page"}),
}
"""The top-level packages each part of a rule set may import besides the standard library."""
OWN_PARTS = {"rules": frozenset({"", "rules"}), "view": frozenset({"", "rules", "view"}),
             "mode": frozenset({"", "rules", "view", "mode"})}
"""The parts of its own rule set each part may import."""
PART_MODULES = sorted(p for p in RULES.rglob("*.py") if len(p.relative_to(RULES).parts) > 2)


def direction_problems(path: Path) -> list[str]:
    """Imports of a rule set's part that go against the direction rules → view → mode, or into another rule
    set."""
    own, part = path.relative_to(RULES).parts[:2]
    found = []
    for line, name in imports(path):
        top = name.split(".")[0]
        where = rule_set_of(name)
        if where is not None:
            if where[0] != own:
                found.append(f"{rel(path)}:{line}: imports another rule set, {name}")
            elif where[1] not in OWN_PARTS[part]:
                found.append(f"{rel(path)}:{line}: its {part} part imports its {where[1]} part, {name}")
        elif top not in PARTS_MAY_IMPORT[part] and top not in sys.stdlib_module_names:
            found.append(f"{rel(path)}:{line}: its {part} part imports {name}")
    return found


@pytest.mark.parametrize("path", PART_MODULES, ids=rel)
def test_a_rule_sets_parts_import_in_one_direction(path: Path) -> None:
    """Issue 19 and docs/design.md: ``rules`` imports the standard library and the shared core, ``view`` also
    the renderer, ``mode`` also the page and its own view; none imports another rule set."""
    assert path.relative_to(RULES).parts[1] in PARTS_MAY_IMPORT, rel(path)
    assert direction_problems(path) == []


MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60
SMALL = sorted([*(PY / "vertigo_page").rglob("*.py"), *PY.glob("app*.py"),
                *(p for p in PART_MODULES if p.relative_to(RULES).parts[1] in ("view", "mode"))])
"""The page layers: the page, app.py and what it is split into, and the rule sets' view and mode parts."""


@pytest.mark.parametrize("path", sorted(PY.rglob("*.py")), ids=rel)
def test_no_module_under_py_passes_600_lines(path: Path) -> None:
    """Issue 19: "No Python module under ``py/`` over 600 lines" — the core and the rule sets too."""
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_MODULE_LINES


@pytest.mark.parametrize("path", SMALL, ids=rel)
def test_the_page_layers_stay_small(path: Path) -> None:
    """Issue 19: no module over 600 lines, no function over 60 lines, in the page layers."""
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_MODULE_LINES
    long = [(node.name, node.end_lineno - node.lineno + 1)  # type: ignore[operator]
            for node in ast.walk(ast.parse(text)) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]  # type: ignore[operator]
    assert long == []
