// Bundle the page's Python (py/ without app.py) and the bundled scenarios into
// one zip for PyScript's [files], with bytecode compiled by the pinned Pyodide
// itself (Python 3.14), so the browser neither fetches two dozen files nor
// compiles them on every load.  The sources stay beside the bytecode, so
// tracebacks still show source lines.
//
// Pyodide's standard library ships as source only, so the first import of a
// module it has not preloaded compiles it in the browser.  The renderer's
// xml.etree.ElementTree is the one large such module, so the archive also
// carries an exact copy of the interpreter's own `xml` package with its
// bytecode; PyScript's working folder comes first on sys.path, so that copy is
// what gets imported.
//
// Usage: node tools/bundle_py.mjs <root> <out.zip>
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";

const [root, out] = process.argv.slice(2).map((p) => resolve(p));
const py = await loadPyodide();
py.FS.mkdirTree("/root");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/root");
const bytes = py.runPython(`
import io, pathlib, py_compile, sys, zipfile
root = pathlib.Path("/root")
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
    def add(src, rel):
        """Add a source file and its bytecode (trusted without a source check)."""
        z.write(src, rel.as_posix())
        pyc = py_compile.compile(str(src), cfile="/tmp/out.pyc", doraise=True,
                                 invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        z.write(pyc, (rel.parent / "__pycache__" / f"{rel.stem}.{sys.implementation.cache_tag}.pyc").as_posix())

    for src in sorted((root / "py").rglob("*.py")):
        rel = src.relative_to(root / "py")
        if rel.as_posix() != "app.py" and "__pycache__" not in rel.parts:
            add(src, rel)
    stdlib = next(pathlib.Path(p) for p in sys.path if p.endswith(".zip"))
    with zipfile.ZipFile(stdlib) as lib:
        for name in sorted(n for n in lib.namelist() if n.startswith("xml/") and n.endswith(".py")):
            src = pathlib.Path("/tmp/stdlib") / name
            src.parent.mkdir(parents=True, exist_ok=True)
            src.write_bytes(lib.read(name))
            add(src, pathlib.PurePosixPath(name))
    for scenario in sorted((root / "static" / "scenarios").glob("*.json")):
        z.write(scenario, f"scenarios/{scenario.name}")
buffer.getvalue()
`);
writeFileSync(out, bytes.toJs());
bytes.destroy();
