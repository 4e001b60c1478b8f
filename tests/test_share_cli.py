"""``python -m vertigo share FILE [--base URL]``, run as a user runs it: a new process, its exit status and output.

Source: issue 27, "Share links": "``python -m vertigo share FILE`` prints the fragment, or the whole link with
``--base URL``"; "Any link is at most 8,000 characters; past that the button says so and offers the file".
At the top of ``tests/`` (not ``tests/unit``): it starts processes, which the suite inside Pyodide cannot.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from vertigo_command import run  # noqa: E402

from vertigo import scenario, share  # noqa: E402  (py/ on the path first, as tests/unit's conftest puts it)
from vertigo.table import Table  # noqa: E402

CLIFF = ROOT / "static" / "scenarios" / "cliff.json"
USAGE = "python -m vertigo share FILE [--base URL] (FILE a scenario document, or - for standard input)"


def test_share_prints_the_fragment_of_the_file_that_opens_the_same_table():
    """Issue 27: "``python -m vertigo share FILE`` prints the fragment" — the full form, which opens the table
    the file starts."""
    code, out, err = run("share", str(CLIFF))
    table = Table.start(scenario.loads(CLIFF.read_text(encoding="utf-8")))
    assert (code, err) == (0, "")
    assert out == share.link_for(table, None) + "\n"
    opened = share.open_link(out.strip(), {})
    assert opened.table.scenario == table.scenario and opened.table.stands == table.stands


def test_share_with_base_prints_the_whole_link():
    """Issue 27: "or the whole link with ``--base URL``"."""
    code, out, err = run("share", str(CLIFF), "--base", "https://example.org/vertigo/")
    _, fragment, _ = run("share", str(CLIFF))
    assert (code, out, err) == (0, "https://example.org/vertigo/" + fragment, "")
    assert run("share", "--base=http://localhost:8000/", str(CLIFF))[1] == "http://localhost:8000/" + fragment


def test_share_reads_standard_input():
    """Issue 27, as ``ask``: FILE ``-`` is standard input."""
    code, out, err = run("share", "-", stdin=CLIFF.read_text(encoding="utf-8"))
    assert (code, out, err) == (0, run("share", str(CLIFF))[1], "")


def test_share_help_prints_its_usage():
    """``share --help`` says how it is used; ``python -m vertigo --help`` names it in one line."""
    code, out, err = run("share", "--help")
    assert (code, err) == (0, "")
    assert out.startswith(f"usage: {USAGE}\n")
    helped = run("--help")[1].splitlines()
    assert [line for line in helped if "share" in line] == [
        "       python -m vertigo share FILE [--base URL]: the share link of a scenario (share --help)"]


@pytest.mark.parametrize(("args", "message"), [
    ((), f"share needs a scenario file (or - for standard input); usage: {USAGE}"),
    (("a.json", "b.json"), f'share takes one scenario file; a second was given: "b.json"; usage: {USAGE}'),
    (("--zap", "a.json"), f'unknown option "--zap"; usage: {USAGE}'),
    (("a.json", "--base"), f"--base needs the page's address after it; usage: {USAGE}"),
    (("a.json", "--base", "ftp://example.org/"), f'--base must be an http:// or https:// address: '
                                                 f'"ftp://example.org/"; usage: {USAGE}'),
    (("a.json", "--base", "https://example.org/#v1=x"),
     f'--base must not have a fragment (#): the link\'s fragment is added after it: "https://example.org/#v1=x"; '
     f"usage: {USAGE}"),
    (("a.json", "--base", "https://example.org/\nx"), "--base must not hold spaces or control characters: "
                                                      f'"https://example.org/\\nx"; usage: {USAGE}'),
], ids=["no-file", "two-files", "option", "base-alone", "ftp", "fragment", "newline"])
def test_a_bad_command_line_is_exit_2_with_one_line(args, message):
    """Issue 27 and docs/api.md: a bad command line is exit 2, one line ``error: …``, nothing on standard output."""
    assert run("share", *args) == (2, "", f"error: {message}\n")


def test_a_file_the_importer_refuses_is_exit_2_with_its_problems_on_one_line(tmp_path):
    """Issue 27: the importer's own messages, on one line."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"vertigo": 2, "title": "<b>x</b>", "sections": []}', encoding="utf-8")
    code, out, err = run("share", str(bad))
    assert (code, out) == (2, "")
    assert err == "error: scenario: sections: must not be empty\n"
    assert run("share", str(tmp_path / "none.json")) == (
        2, "", f"error: scenario: no such file: {json.dumps(str(tmp_path / 'none.json'))}\n")
    assert run("share", "-", stdin="{") == (
        2, "", "error: scenario: line 1, column 2: not valid JSON (Expecting property name enclosed in double quotes; "
               "the text ends before the JSON does: is the file cut short?)\n")


def test_a_battlefield_whose_link_is_over_8000_characters_says_to_share_the_file(tmp_path):
    """Issue 27: "Any link is at most 8,000 characters; past that the button says so and offers the file"."""
    doc = json.loads(CLIFF.read_text(encoding="utf-8"))
    doc["sections"] += [{"id": f"s{i}", "name": hashlib.sha256(str(i).encode()).hexdigest(), "elevation": i % 9,
                         "x": [100 + i, 101 + i]} for i in range(200)]
    big = tmp_path / "big.json"
    big.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run("share", str(big))
    assert (code, out) == (2, "")
    assert err.startswith("error: link: would be ")
    assert err.endswith(" characters; a link holds at most 8,000: share the file instead (Export)\n")
