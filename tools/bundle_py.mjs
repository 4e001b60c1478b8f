// Bundle the page's Python (py/ without app.py) and the bundled scenarios into
// one zip for PyScript's [files], with bytecode compiled by the pinned Pyodide
// itself (Python 3.14), so the browser neither fetches two dozen files nor
// compiles them on every load.  The sources stay beside the bytecode, so
// tracebacks still show source lines.
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
import io, pathlib, py_compile, zipfile
root = pathlib.Path("/root")
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
    for src in sorted((root / "py").rglob("*.py")):
        rel = src.relative_to(root / "py")
        if rel.as_posix() == "app.py" or "__pycache__" in rel.parts:
            continue
        z.write(src, rel.as_posix())
        pyc = py_compile.compile(str(src), cfile="/tmp/out.pyc", doraise=True,
                                 invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        cached = rel.parent / "__pycache__" / f"{rel.stem}.{__import__('sys').implementation.cache_tag}.pyc"
        z.write(pyc, cached.as_posix())
    for scenario in sorted((root / "static" / "scenarios").glob("*.json")):
        z.write(scenario, f"scenarios/{scenario.name}")
buffer.getvalue()
`);
writeFileSync(out, bytes.toJs());
bytes.destroy();
