"""``ask check``: the battlefield editor's check of a draft, asked as the page asks it.

Vertigo's rule: every question the page can ask the rules is also a documented ``ask`` question, answered by the
same verdict object.  Edit mode's panel asks three things of a draft: the importer's problems (each with its place
and piece), the drawing warnings, and the proposed borders; ``check`` answers them from the same functions
(:func:`vertigo.editing.check`, :func:`vertigo.editing.proposed_borders`), so the panel and the answer list the
same things for the same draft.  Unlike every other question, a scenario with problems is answered (exit 0); a
scenario that is not a JSON object is still refused (exit 2).

Source: issue 26 ("checked as you type, with the importer's own messages at their place"; "the problems are
listed, each a link to its piece"; the warnings; the proposed borders); ``docs/api.md`` › ``check``, exit codes.
"""

from __future__ import annotations

import copy
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from vertigo import __main__ as cli
from vertigo.ask import SHARED, answer, answer_file, registered_questions
from vertigo.errors import QuestionError
from vertigo.rules import REGISTRY

from builders import SCENARIOS

ROOT = Path(__file__).resolve().parents[2]
QUESTION_FILES = ROOT / "docs" / "questions"
"""The example question files of ``docs/api.md``."""

needs_processes = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a process")
needs_docs = pytest.mark.skipif(not QUESTION_FILES.is_dir(), reason="docs/questions/ is not staged here")


def run(*args: str, cwd: Path | None = None) -> tuple[int, str, str]:
    """``python -m vertigo *args`` in a new process: (exit status, stdout, stderr)."""
    import subprocess  # here, not at the top: the module must import inside Pyodide

    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    done = subprocess.run([sys.executable, "-m", "vertigo", *args], capture_output=True, encoding="utf-8",
                          env=env, cwd=cwd, timeout=60)
    return done.returncode, done.stdout, done.stderr


def main(path: Path) -> tuple[int, str, str]:
    """:func:`vertigo.__main__.main` on a question file, in the process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["ask", str(path)], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def write(folder: Path, value: Any, name: str = "q.json") -> Path:
    path = folder / name
    path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return path


# -- the drafts ----------------------------------------------------------------------------------------------------

HOUSE: dict[str, Any] = {
    "vertigo": 2, "title": "The street and the house", "units": "height", "rules": ["height"],
    "sections": [
        {"id": "street", "name": "Street", "elevation": 0, "x": [0, 6]},
        {"id": "ground-floor", "name": "Ground floor", "elevation": 0, "x": [6, 14]},
        {"id": "upper-floor", "name": "Upper floor", "elevation": 3, "x": [6, 14], "kind": "slab"},
        {"id": "balcony", "name": "Balcony", "elevation": 3, "x": [14, 16], "kind": "slab"},
        {"id": "garden-wall", "name": "Garden wall", "elevation": 2, "x": [16, 17]}],
    "borders": [],
    "fighters": [
        {"id": "watch", "name": "Watchman", "side": "Town", "section": "street", "moves": ["Move 2"]},
        {"id": "thief", "name": "Thief", "side": "Guild", "section": "upper-floor", "moves": ["Move 2 (Height 1)"]}]}
"""Issue 26's street and house, drawn with no borders yet (``docs/questions/check-the-house-proposes-borders.json``)."""


def mid_edit() -> dict[str, Any]:
    """The house with the balcony's ends swapped and the thief sent to an attic not drawn yet
    (``docs/questions/check-the-house-mid-edit.json``)."""
    doc = copy.deepcopy(HOUSE)
    doc["sections"][3]["x"] = [16, 14]
    doc["fighters"][1]["section"] = "attic"
    return doc


BALCONY: dict[str, Any] = {
    "vertigo": 2, "title": "Under the balcony", "units": "feet", "rules": ["levels"],
    "sections": [{"id": "street", "name": "Street", "elevation": 0, "x": [0, 20]},
                 {"id": "balcony", "name": "Balcony", "elevation": 5, "x": [12, 18], "kind": "slab"}],
    "borders": [["street", "balcony"]],
    "fighters": [{"id": "keeper", "name": "Keeper", "side": "House", "section": "balcony", "x": 16},
                 {"id": "archer", "name": "Archer", "side": "Raiders", "section": "street", "x": 14.5}]}
"""A figure through a slab (``docs/questions/check-archer-through-the-balcony.json``)."""

HOUSE_PROPOSALS = [
    {"a": "street", "b": "ground-floor", "x": 6, "why": "side by side at x 6"},
    {"a": "ground-floor", "b": "upper-floor", "x": 6, "why": "stacked over x 6–14"},
    {"a": "upper-floor", "b": "balcony", "x": 14, "why": "side by side at x 14"},
    {"a": "balcony", "b": "garden-wall", "x": 16, "why": "side by side at x 16"}]

MID_EDIT_ANSWER = {
    "ask": "check",
    "problems": [
        {"place": "sections[3].x", "message": "right edge must be greater than left edge: [16, 14]",
         "piece": ["section", "balcony"]},
        {"place": "fighters[1].section", "message": 'names no section: "attic"', "piece": ["fighter", "thief"]}],
    "warnings": [],
    "proposed_borders": HOUSE_PROPOSALS[:2],
    "plays": False}

ARCHER_WARNING = {"place": "fighters[1]", "message": "Archer's figure (6 ft) reaches through the slab Balcony at 5 ft "
                                                     "over x 14.5; move it or the slab", "piece": ["fighter", "archer"]}


def drawn_checks() -> None:
    """Skip unless the drawn checks (:mod:`vertigo.editing.drawing_checks`) are here: without them
    :func:`vertigo.editing.check` gives no warnings, and ``check`` answers none."""
    pytest.importorskip("vertigo.editing.drawing_checks", reason="the drawn checks are not here yet")


# -- the answers ---------------------------------------------------------------------------------------------------

def test_a_clean_draft_plays_and_lists_the_borders_to_propose():
    """Issue 26 ("let the editor propose them: side-by-side sections whose x-ranges meet, and stacked ones that
    overlap in x"): the house with no borders loads, and four borders are proposed, in document order; the
    ground floor meets the street at x 6 but the upper floor above it does not, and the balcony meets the upper
    floor at x 14, not the ground floor below it."""
    assert answer({"ask": "check", "scenario": HOUSE}) == {
        "ask": "check", "problems": [], "warnings": [], "proposed_borders": HOUSE_PROPOSALS, "plays": True}


def test_a_draft_with_problems_is_answered_with_each_problem_at_its_piece():
    """Issue 26 ("the importer's own messages at their place"; "the problems are listed, each a link to its
    piece"): two problems, each with its place, the importer's sentence and the piece its link selects; the
    proposals are still made, less the balcony, which cannot be measured; it does not play."""
    assert answer({"ask": "check", "scenario": mid_edit()}) == MID_EDIT_ANSWER


def test_a_figure_through_a_slab_plays_with_a_warning():
    """Issue 26 ("a fighter standing through a balcony, imported without a word"): it loads, so it plays, and the
    warning stands at the archer; the street and balcony share a border, so nothing is proposed."""
    drawn_checks()
    assert answer({"ask": "check", "scenario": BALCONY}) == {
        "ask": "check", "problems": [], "warnings": [ARCHER_WARNING], "proposed_borders": [], "plays": True}


def test_the_answer_keys_come_in_their_documented_order():
    """docs/api.md › ``check``: ``ask``, ``problems``, ``warnings``, ``proposed_borders``, ``plays``; a problem's
    keys ``place``, ``message``, ``piece``; a proposal's ``a``, ``b``, ``x``, ``why``."""
    data = answer({"ask": "check", "scenario": mid_edit()})
    assert list(data) == ["ask", "problems", "warnings", "proposed_borders", "plays"]
    assert [list(p) for p in data["problems"]] == [["place", "message", "piece"]] * 2
    assert [list(p) for p in data["proposed_borders"]] == [["a", "b", "x", "why"]] * 2


def test_a_problem_of_no_piece_has_a_null_piece_and_the_scenarios_own_is_the_scenario():
    """docs/api.md › ``check``: ``piece`` is ``null`` for a section with no id, ``["scenario", ""]`` for the
    title; the lengths of a feet draft's proposals name the unit."""
    doc = {"vertigo": 2, "title": "", "units": "feet", "rules": ["levels"],
           "sections": [{"id": "yard", "name": "Yard", "elevation": 0, "x": [0, 10]},
                        {"name": "Shed", "elevation": 4, "x": [10, 14]},
                        {"id": "wall", "name": "Wall", "elevation": "8 ft", "x": [10, "12 ft 6 in"]}]}
    assert answer({"ask": "check", "scenario": doc}) == {
        "ask": "check",
        "problems": [{"place": "title", "message": 'must be non-empty text: ""', "piece": ["scenario", ""]},
                     {"place": "sections[1].id", "message": "must be an id of 1–40 letters, digits, '_', '-' or "
                                                            "'.': null", "piece": None}],
        "warnings": [],
        "proposed_borders": [{"a": "yard", "b": "wall", "x": 10, "why": "side by side at x 10 ft"}],
        "plays": False}


def test_a_draft_naming_rules_that_do_not_exist_is_answered_not_refused():
    """``check`` belongs to no rule set: a draft naming an unknown rule set gets the importer's problem at
    ``rules[0]`` (the scenario's piece) with exit 0, where every rule set's question refuses the scenario."""
    doc = {**HOUSE, "rules": ["moon"]}
    data = answer({"ask": "check", "scenario": doc})
    assert [(p["place"], p["piece"]) for p in data["problems"]] == [("rules[0]", ["scenario", ""])]
    assert data["plays"] is False
    with pytest.raises(QuestionError):
        answer({"ask": "sm_reach", "sm": 1, "scenario": doc})


def test_a_bundled_battlefield_plays_with_no_problem():
    """The bundled battlefields import: ``check`` of a path (relative to the question's folder) reads the file
    and answers ``plays`` with no problem."""
    for path in sorted(SCENARIOS.glob("*.json")):
        if path.name == "index.json":
            continue
        data = answer({"ask": "check", "scenario": path.name}, SCENARIOS)
        assert (data["problems"], data["plays"]) == ([], True), path.name


# -- exit codes ----------------------------------------------------------------------------------------------------

def test_a_scenario_file_with_problems_is_answered_with_exit_0(tmp_path):
    """docs/api.md, exit codes: for ``check``, a scenario with problems is an answer (exit 0, nothing on standard
    error), read from a path relative to the question's folder, where every other question refuses it."""
    write(tmp_path, mid_edit(), "draft.json")
    path = write(tmp_path, {"ask": "check", "scenario": "draft.json"})
    code, out, err = main(path)
    assert (code, err) == (0, "")
    assert json.loads(out) == MID_EDIT_ANSWER
    other = write(tmp_path, {"ask": "sm_reach", "sm": 1, "scenario": "draft.json"}, "other.json")
    assert main(other) == (2, "", "error: scenario: 2 problems: sections[3].x: right edge must be greater than "
                                  'left edge: [16, 14]; fighters[1].section: names no section: "attic"\n')


@pytest.mark.parametrize("case, question, scenario_file, message", [
    ("a scenario that is a list", {"ask": "check", "scenario": [1, 2]}, None,
     "question.scenario: must be a scenario document (an object) or the path of one, relative to the question's "
     "folder: [1, 2]"),
    ("a scenario file holding a list", {"ask": "check", "scenario": "draft.json"}, "[1, 2]",
     "scenario: must be a JSON object: [1, 2]"),
    ("a scenario file that is not JSON", {"ask": "check", "scenario": "draft.json"}, "{not json",
     "scenario: line 1, column 2: not valid JSON (Expecting property name enclosed in double quotes)"),
    ("no scenario", {"ask": "check"}, None,
     "question.scenario: missing; give a scenario document or the path of one, relative to the question's folder"),
    ("a field of another question", {"ask": "check", "scenario": HOUSE, "positions": {}}, None,
     'question: unknown field "positions" for ask "check"; its fields are ask, scenario, about'),
])
def test_a_scenario_that_is_no_object_is_still_refused_with_exit_2(tmp_path, case, question, scenario_file,
                                                                     message):
    """docs/api.md, exit codes: exit 2, one line, nothing on standard output, for a scenario that cannot be a
    draft (not an object, a file that is not JSON or holds no object), as for every question."""
    if scenario_file is not None:
        write(tmp_path, scenario_file, "draft.json")
    assert main(write(tmp_path, question)) == (2, "", f"error: {message}\n")


def test_a_question_file_that_is_not_json_is_refused_with_exit_2(tmp_path):
    """docs/api.md: a question that is not JSON is exit 2, as today."""
    assert main(write(tmp_path, '{"ask": "check" "scenario": {}}')) == (
        2, "", "error: question: line 1, column 17: not valid JSON (Expecting ',' delimiter)\n")


@needs_processes
@needs_docs
def test_the_example_files_are_answered_by_the_command():
    """docs/api.md › ``check``: the command answers each example file with exit 0, as in the process."""
    files = sorted(QUESTION_FILES.glob("check-*.json"))
    assert [f.name for f in files] == ["check-archer-through-the-balcony.json", "check-the-house-mid-edit.json",
                                       "check-the-house-proposes-borders.json"]
    for path in files:
        code, out, err = run("ask", str(path))
        assert (code, err) == (0, ""), path.name
        assert json.loads(out) == answer_file(path), path.name


@needs_docs
def test_the_example_files_hold_the_drafts_tested_here():
    """The example files are the drafts above, so their documented answers are the exact ones tested here."""
    drafts = {"check-the-house-proposes-borders.json": HOUSE, "check-the-house-mid-edit.json": mid_edit(),
              "check-archer-through-the-balcony.json": BALCONY}
    for name, doc in drafts.items():
        assert json.loads((QUESTION_FILES / name).read_text(encoding="utf-8"))["scenario"] == doc, name
    assert answer_file(QUESTION_FILES / "check-the-house-mid-edit.json") == MID_EDIT_ANSWER


@needs_processes
def test_check_imports_the_editor_only_when_asked():
    """The editor's core stays out of what imports :mod:`vertigo.ask` (and out of the page's start): it is
    imported when ``check`` is asked, not before."""
    import subprocess

    code = ("import sys\nimport vertigo.ask, vertigo.__main__\nprint('vertigo.editing' in sys.modules)\n"
            "vertigo.ask.answer({'ask': 'check', 'scenario': {}})\nprint('vertigo.editing' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "py", capture_output=True, text=True,
                          check=True, timeout=60)
    assert done.stdout.split() == ["False", "True"]


# -- one of no rule set's --------------------------------------------------------------------------------------------

def test_check_is_shared_and_listed_after_the_rule_sets_questions():
    """``check`` belongs to no rule set: no registered rule set lists it; ``ask`` lists it after theirs."""
    assert "check" not in {q.name for q in REGISTRY.questions}
    assert list(registered_questions()) == [*(q.name for q in REGISTRY.questions), *SHARED]
    assert list(SHARED) == ["check"]
    with pytest.raises(QuestionError, match='unknown ask "check"'):
        answer({"ask": "check", "scenario": HOUSE}, questions={q.name: q for q in REGISTRY.questions})


# -- the page's panel lists what `ask check` answers ------------------------------------------------------------------

def panel(doc: dict[str, Any]) -> dict[str, Any]:
    """What Edit mode's panel lists for ``doc`` (``Editor(doc).panel_state()``), as ``check`` writes it."""
    editor = pytest.importorskip("vertigo_page.editor", reason="the page's modules are not staged here")
    state = editor.Editor(copy.deepcopy(doc)).panel_state()

    def listed(problems: Any) -> list[dict[str, Any]]:
        return [{"place": p.place, "message": p.message, "piece": None if p.piece is None else list(p.piece)}
                for p in problems]

    return {"problems": listed(state.problems), "warnings": listed(state.warnings),
            "proposed_borders": [{"a": p.a, "b": p.b, "x": p.x, "why": p.why} for p in state.proposals]}


@pytest.mark.parametrize("name, doc", [
    ("clean", HOUSE), ("problems", mid_edit()), ("warning", BALCONY),
    ("no id", {"vertigo": 2, "title": "", "units": "feet",
               "sections": [{"name": "Shed", "elevation": 4, "x": [0, 4]}]}),
    ("not a scenario", {"sections": "none", "units": "furlongs", "borders": [["a"]], "fighters": 3}),
], ids=lambda v: v if isinstance(v, str) else "")
def test_the_editors_panel_lists_exactly_what_ask_check_answers(name, doc):
    """Vertigo's rule: the page's question is the ``ask`` question, answered by the same objects — the panel's
    problems, warnings and proposals for a draft are the answer's, item for item and in order."""
    asked = answer({"ask": "check", "scenario": copy.deepcopy(doc)})
    assert panel(doc) == {k: asked[k] for k in ("problems", "warnings", "proposed_borders")}
