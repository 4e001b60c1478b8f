"""The shared core names no rule set: outside the rule-set packages and the registry, no module of
``py/vertigo/`` imports a rule-set package, names a rule-set id, or asks which rule sets referee a scenario.

Source: issue 19, "Outside the rule-set packages and the two registries, no module names a rule-set id or
imports a rule-set package ... The shared core does not branch on them either (``scenario.py`` and
``table.py`` do today). A test greps for all of it." Unit names such as ``height`` are not rule-set ids:
a string equal to a unit name is refused only where it is compared with, or looked up in, a list of rule
sets.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import vertigo
from vertigo.lengths import UNITS
from vertigo.rules import PLANNED, REGISTRY

CORE = Path(vertigo.__file__).resolve().parent
REGISTRY_MODULE = CORE / "rules" / "__init__.py"
SHARED = sorted(p for p in CORE.rglob("*.py") if "rules" not in p.relative_to(CORE).parts[:-1]
                and p != REGISTRY_MODULE)
"""Every module of the shared core: all of ``py/vertigo/`` but the rule-set packages and the registry."""
RULE_IDS = frozenset(REGISTRY) | frozenset(PLANNED)
BANNED_NAMES = frozenset({"refereed_by", "moves_by_rules"})


def _mentions_rules(node: ast.AST) -> bool:
    """Whether an expression reads a list of rule sets (``scenario.rules``, ``rule_sets``, ``rule_ids``)."""
    return any((isinstance(n, ast.Attribute) and "rule" in n.attr) or (isinstance(n, ast.Name) and "rule" in n.id)
               for n in ast.walk(node))


def problems(source: str, where: str) -> list[str]:
    """Every place in ``source`` that imports a rule-set package, names a rule-set id or branches on one."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, where)):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            dotted = ("." * node.level) + module
            if module.startswith("vertigo.rules.") or (node.level and module.startswith("rules.")) \
                    or (module in ("vertigo.rules", "rules") and any(a.name in RULE_IDS for a in node.names)):
                found.append(f"{where}:{node.lineno}: imports a rule-set package ({dotted})")
        elif isinstance(node, ast.Import):
            found.extend(f"{where}:{node.lineno}: imports a rule-set package ({a.name})"
                         for a in node.names if a.name.startswith("vertigo.rules."))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in RULE_IDS \
                and node.value not in UNITS:
            found.append(f"{where}:{node.lineno}: names the rule set {node.value!r}")
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = [s for s in sides if isinstance(s, ast.Constant) and s.value in RULE_IDS]
            if named and any(_mentions_rules(s) for s in sides if s not in named):
                found.append(f"{where}:{node.lineno}: branches on the rule set {named[0].value!r}")
        elif isinstance(node, ast.Attribute | ast.Name):
            name = node.attr if isinstance(node, ast.Attribute) else node.id
            if name in BANNED_NAMES:
                found.append(f"{where}:{node.lineno}: asks {name}")
    return found


def test_the_walk_covers_the_shared_core():
    """The check reads the modules that did branch on rule sets before the seam (issue 19)."""
    names = {p.name for p in SHARED}
    assert {"scenario.py", "table.py", "ask.py", "storage.py", "ruleset.py", "fields.py"} <= names
    assert not any("rules" in p.relative_to(CORE).parts[:-1] for p in SHARED)


@pytest.mark.parametrize("path", SHARED, ids=lambda p: p.relative_to(CORE).as_posix())
def test_a_shared_core_module_names_no_rule_set(path):
    """Issue 19: no shared module imports a rule-set package, names a rule-set id or branches on one."""
    assert problems(path.read_text(encoding="utf-8"), path.relative_to(CORE).as_posix()) == []


@pytest.mark.parametrize(
    "source, problem",
    [("from .rules.height.rules.moves import MoveEntry",
      "x.py:1: imports a rule-set package (.rules.height.rules.moves)"),
     ("from vertigo.rules.levels.rules import play",
      "x.py:1: imports a rule-set package (vertigo.rules.levels.rules)"),
     ("import vertigo.rules.height.rules.movement",
      "x.py:1: imports a rule-set package (vertigo.rules.height.rules.movement)"),
     ('if "levels" in s.rules: pass', "x.py:1: names the rule set 'levels'"),
     ('if "height" in scenario.rules: pass', "x.py:1: branches on the rule set 'height'"),
     ('ok = rule_id == "height"', "x.py:1: branches on the rule set 'height'"),
     ("s.refereed_by(x)", "x.py:1: asks refereed_by"),
     ("if s.moves_by_rules: pass", "x.py:1: asks moves_by_rules")])
def test_the_check_finds_each_kind_of_naming(source, problem):
    """The check can fail: each way the core once named a rule set is found (issue 19)."""
    assert problem in problems(source, "x.py")


def test_a_unit_name_is_not_a_rule_set_id():
    """Issue 19: "Unit names such as ``height`` are not rule-set ids": a unit compared with units passes."""
    assert problems('if units == "height": pass\nLIMIT = {"height": 1}', "x.py") == []
