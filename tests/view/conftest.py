"""Renderer and page-controller tests run under CPython with py/ on the path."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))


@pytest.fixture(scope="session")
def site_tool() -> ModuleType:
    """``tools/site.py`` (the build and the development server), loaded as a module."""
    spec = importlib.util.spec_from_file_location("vertigo_site_tool_view", ROOT / "tools" / "site.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
