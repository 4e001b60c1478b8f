"""The score of a mutmut run over the rules core (run by tools/mutate, in its scratch copy).

Reads mutmut's results (``mutants/src/vertigo/<module>.py.meta``), leaves out the survivors judged
equivalent in ``tools/mutants_equivalent.txt``, and prints per module: mutants killed / total, the
equivalent ones, and the percentage of the non-equivalent mutants killed; then every mutant that
lived, with its changed line.  A mutant that made the tests time out counts as killed (the tests
noticed it); one that no test reached ("no tests") counts as a survivor.

An entry of the equivalents file is ``name | the mutant's line | reason``.  mutmut numbers a
function's mutants in order, so an edit to the function renumbers them: an entry whose line is no
longer the mutant's is reported as stale and excluded from nothing.

Exit status: 0, or 1 when the score is under ``--min`` (a percentage, default 0).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

KILLED = {1: "killed", 3: "killed", 36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout", 255: "timeout",
          -11: "segfault", -9: "segfault", 37: "caught by type check"}
"""mutmut's exit codes of a mutant the tests noticed (mutmut.stats.status_by_exit_code)."""
LIVED = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 35: "suspicious", None: "not checked",
         2: "interrupted"}
"""mutmut's exit codes of a mutant no test noticed, or that was not run."""


def changed_lines(name: str, source: Path) -> tuple[str, str]:
    """The mutant's removed and added lines, each stripped and joined with `` ⏎ ``."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    diff = get_diff_for_mutant(name, path=source).splitlines()
    minus = [line[1:].strip() for line in diff if line.startswith("-") and not line.startswith("---")]
    plus = [line[1:].strip() for line in diff if line.startswith("+") and not line.startswith("+++")]
    return " ⏎ ".join(minus), " ⏎ ".join(plus)


def line_number(name: str, source: Path, removed: str) -> int:
    """The line of ``source`` the mutant changes (its function's first line when not found)."""
    mangled = name.rpartition(".")[2].partition("__mutmut_")[0]
    parts = mangled[2:].split("ǁ") if mangled.startswith("xǁ") else [mangled[2:]]
    lines = source.read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(lines))
    scope: list[ast.stmt] = tree.body
    node: ast.AST | None = None
    for part in parts:
        node = next((n for n in scope if isinstance(n, ast.FunctionDef | ast.ClassDef) and n.name == part), None)
        if node is None:
            return 0
        scope = node.body  # type: ignore[attr-defined]
    assert isinstance(node, ast.FunctionDef)
    first = removed.split(" ⏎ ")[0]
    for number in range(node.lineno, (node.end_lineno or node.lineno) + 1):
        if lines[number - 1].strip() == first:
            return number
    return node.lineno


def read_equivalents(path: Path) -> dict[str, tuple[str, str]]:
    """``name → (the mutant's added line, reason)`` from the equivalents file."""
    found: dict[str, tuple[str, str]] = {}
    if not path.exists():
        return found
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        name, added, reason = (part.strip() for part in raw.split(" | ", 2))
        found[name] = (added, reason)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--equivalents", type=Path, required=True)
    parser.add_argument("--min", type=float, default=0.0, help="fail under this percentage")
    parser.add_argument("modules", nargs="+", help="the mutated modules, as src/vertigo/<name>.py")
    args = parser.parse_args()
    equivalents = read_equivalents(args.equivalents)
    used: set[str] = set()
    rows: list[tuple[str, int, int, int, int]] = []
    lived: list[str] = []
    stale: list[str] = []
    for module in args.modules:
        source = Path(module)
        meta = json.loads((Path("mutants") / (module + ".meta")).read_text(encoding="utf-8"))
        killed = total = equivalent = unrun = 0
        for name, code in sorted(meta["exit_code_by_key"].items(), key=lambda kv: natural(kv[0])):
            total += 1
            if code in KILLED:
                killed += 1
                continue
            if code is None:
                unrun += 1
            removed, added = changed_lines(name, source)
            if name in equivalents:
                used.add(name)
                if equivalents[name][0] == added:
                    equivalent += 1
                    continue
                stale.append(f"  {name}: the file says {equivalents[name][0]!r}, the mutant is now {added!r}")
            status = LIVED.get(code, f"exit {code}")
            where = f"{source.name}:{line_number(name, source, removed)}"
            lived.append(f"  {name}  [{status}]  {where}\n      - {removed}\n      + {added}")
        rows.append((source.name, killed, total, equivalent, unrun))

    print()
    print(f"{'module':<16}{'killed / total':>16}{'equivalent':>12}{'score':>10}")
    all_killed = all_total = all_equivalent = 0
    for name, killed, total, equivalent, unrun in rows:
        print(f"{name:<16}{f'{killed} / {total}':>16}{equivalent:>12}{percent(killed, total - equivalent):>10}"
              + (f"   ({unrun} not run)" if unrun else ""))
        all_killed += killed
        all_total += total
        all_equivalent += equivalent
    score = 100.0 * all_killed / max(1, all_total - all_equivalent)
    print(f"{'all':<16}{f'{all_killed} / {all_total}':>16}{all_equivalent:>12}"
          f"{percent(all_killed, all_total - all_equivalent):>10}")
    print("\nscore = killed / (total − equivalent); a timeout counts as killed.")
    print(f"\nSurvivors not judged equivalent ({len(lived)}):")
    print("\n".join(lived) if lived else "  none")
    unknown = sorted(set(equivalents) - used)
    if stale or unknown:
        print(f"\nStale entries in {args.equivalents} (fix or remove them):")
        print("\n".join(stale + [f"  {name}: no such surviving mutant" for name in unknown]))
    return 1 if score < args.min else 0


def natural(name: str) -> tuple[str, int]:
    """Sort key: a mutant's function, then its number."""
    head, _, number = name.rpartition("__mutmut_")
    return head, int(number) if number.isdigit() else 0


def percent(part: int, whole: int) -> str:
    """``part / whole`` as a percentage with one decimal."""
    return f"{100.0 * part / whole:.1f} %" if whole else "—"


if __name__ == "__main__":
    sys.exit(main())
