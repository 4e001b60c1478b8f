"""Renderer and page-controller tests run under CPython with py/ on the path."""

import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "static" / "scenarios"
sys.path.insert(0, str(ROOT / "py"))


@pytest.fixture(scope="session")
def site_tool() -> ModuleType:
    """``tools/site.py`` (the build and the development server), loaded as a module."""
    spec = importlib.util.spec_from_file_location("vertigo_site_tool_view", ROOT / "tools" / "site.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def cliff_named() -> Callable[[str], dict[str, Any]]:
    """*The cliff* as a scenario document with ``name`` as its title, its first section's name and its first
    fighter's name and side: every kind of user string the side view writes."""
    def named(name: str) -> dict[str, Any]:
        doc: dict[str, Any] = json.loads((SCENARIOS / "cliff.json").read_text(encoding="utf-8"))
        doc["title"] = name
        doc["sections"][0]["name"] = name
        doc["fighters"][0]["name"] = name
        doc["fighters"][0]["side"] = name
        return doc
    return named
