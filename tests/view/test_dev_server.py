"""The development server (``tools/site.py serve``): a browser that drops a connection is not an error.

A fresh user's server log showed two ``BrokenPipeError`` tracebacks when the browser closed while the runtime
was still downloading; the site was fine. The server keeps its tracebacks for real faults.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("dropped", [BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset")])
def test_a_connection_the_browser_dropped_prints_nothing(
        dropped: OSError, capsys: pytest.CaptureFixture[str], site_tool: ModuleType) -> None:
    server = site_tool.make_server(ROOT)
    try:
        try:
            raise dropped
        except OSError:
            server.handle_error(None, ("127.0.0.1", 50000))
    finally:
        server.server_close()
    assert capsys.readouterr().err == ""


def test_any_other_fault_still_prints_its_traceback(capsys: pytest.CaptureFixture[str], site_tool: ModuleType) -> None:
    server = site_tool.make_server(ROOT)
    try:
        try:
            raise ValueError("a real fault")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 50000))
    finally:
        server.server_close()
    err = capsys.readouterr().err
    assert "Exception occurred during processing of request from ('127.0.0.1', 50000)" in err
    assert "ValueError: a real fault" in err
