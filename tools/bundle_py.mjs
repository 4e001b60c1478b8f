// Bundle the page's Python (py/ without main.py, the page's entry script) and the bundled scenarios into
// one zip for PyScript's [files], with bytecode compiled by the pinned Pyodide
// itself (Python 3.14), so the browser neither fetches two dozen files nor
// compiles them on every load.  The sources stay beside the bytecode, so
// tracebacks still show source lines.  The page's own bytecode leaves out its
// docstrings: the page never reads one, and the memory snapshot's heap is
// fixed (tools/snapshot.mjs), so each would be room taken from it.
//
// Pyodide's standard library ships as source only, so the first import of a
// module it has not preloaded compiles it in the browser.  The renderer's
// xml.etree.ElementTree is the one large such module, so the archive also
// carries an exact copy of the interpreter's own `xml` package with its
// bytecode; PyScript's working folder comes first on sys.path, so that copy is
// what gets imported.
//
// PyScript writes its own Python package (pyscript/*.py) into that same folder
// on every start and imports it, so the browser compiled its ~30 KB of source
// on every load too. The archive carries that package's bytecode as
// checked-hash .pyc files, compiled here from the very sources the pinned
// PyScript bundles (read out of its core script): Python uses one only when
// the source PyScript wrote hashes the same, and compiles that source as
// before otherwise, so a different PyScript can never run stale bytecode.
//
// The archive is reproducible: every entry carries one fixed time and mode, and the bytecode is compiled by a
// Pyodide whose string-hash seed derives from the build's seed (a set constant is marshalled in hash order;
// tools/reproducible.mjs).
//
// Usage: node tools/bundle_py.mjs <root> <out.zip> <seed>
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { reproducible } from "./reproducible.mjs";

// PyScript's Python package as its core script bundles it: {"__init__.py": source, ...}. The core script
// writes it with a call on the object literal `{pyscript:{"__init__.py":"...", ...}}`; this reads that literal
// (string-aware bracket matching) and evaluates it (a literal of strings, from the pinned, vendored file).
function pyscriptPackage(dist) {
  const marker = '{pyscript:{"__init__.py":';
  for (const name of readdirSync(dist).filter((n) => /^core-.*\.js$/.test(n)).sort()) {
    const text = readFileSync(resolve(dist, name), "utf8");
    const start = text.indexOf(marker);
    if (start < 0) continue;
    let depth = 0, quote = null;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === "\\") i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) {
        const files = new Function(`return (${text.slice(start, i + 1)});`)().pyscript;
        if (!Object.values(files).every((v) => typeof v === "string")) {
          throw new Error(`PyScript's package in ${name} has subfolders: tools/bundle_py.mjs reads only one level`);
        }
        return files;
      }
    }
  }
  throw new Error(`PyScript's Python package was not found in ${dist}/core-*.js: if the pinned PyScript changed `
    + "how it bundles it, update pyscriptPackage() in tools/bundle_py.mjs");
}

const [root, out] = process.argv.slice(2, 4).map((p) => resolve(p));
const { env } = reproducible(process.argv[4]);
const py = await loadPyodide({ env });
py.FS.mkdirTree("/root");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/root");
py.FS.mkdirTree("/tmp/pyscript");
for (const [name, source] of Object.entries(pyscriptPackage(resolve(root, "node_modules/@pyscript/core/dist")))) {
  py.FS.writeFile(`/tmp/pyscript/${name}`, source);
}
const bytes = py.runPython(`
import ast, importlib.util, io, pathlib, py_compile, sys, zipfile
root = pathlib.Path("/root")
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
    def put(path, name):
        """Add a file's bytes under the name given, with a fixed time and mode, whatever the checkout's."""
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        z.writestr(info, pathlib.Path(path).read_bytes())

    def put_bytes(data, name):
        """Add bytes under the name given, with the same fixed time and mode."""
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        z.writestr(info, data)

    def add(src, rel):
        """Add a source file and its bytecode (trusted without a source check)."""
        put(src, rel.as_posix())
        pyc = py_compile.compile(str(src), cfile="/tmp/out.pyc", doraise=True,
                                 invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        put(pyc, (rel.parent / "__pycache__" / f"{rel.stem}.{sys.implementation.cache_tag}.pyc").as_posix())

    def add_page(src, rel):
        """Add one of the page's own modules: its source, and bytecode compiled without its docstrings (trusted
        without a source check).  The page never reads a docstring, and every one would be a string the memory
        snapshot's fixed heap holds; the source keeps them, and every line keeps its number, so a traceback
        still shows the right source line."""
        put(src, rel.as_posix())
        text = pathlib.Path(src).read_bytes()
        tree = ast.parse(text, filename=str(src))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                        and isinstance(first.value.value, str):
                    node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
        code = compile(tree, str(src), "exec", dont_inherit=True)
        data = importlib._bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(text), False)
        put_bytes(bytes(data), (rel.parent / "__pycache__" / f"{rel.stem}.{sys.implementation.cache_tag}.pyc")
                  .as_posix())

    for src in sorted((root / "py").rglob("*.py")):
        rel = src.relative_to(root / "py")
        if rel.as_posix() != "main.py" and "__pycache__" not in rel.parts:
            add_page(src, rel)
    stdlib = next(pathlib.Path(p) for p in sys.path if p.endswith(".zip"))
    with zipfile.ZipFile(stdlib) as lib:
        for name in sorted(n for n in lib.namelist() if n.startswith("xml/") and n.endswith(".py")):
            src = pathlib.Path("/tmp/stdlib") / name
            src.parent.mkdir(parents=True, exist_ok=True)
            src.write_bytes(lib.read(name))
            add(src, pathlib.PurePosixPath(name))
    for src in sorted(pathlib.Path("/tmp/pyscript").glob("*.py")):  # bytecode only: PyScript writes the sources
        pyc = py_compile.compile(str(src), cfile="/tmp/out.pyc", doraise=True,
                                 invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
        put(pyc, f"pyscript/__pycache__/{src.stem}.{sys.implementation.cache_tag}.pyc")
    for scenario in sorted((root / "static" / "scenarios").glob("*.json")):
        put(scenario, f"scenarios/{scenario.name}")
buffer.getvalue()
`);
writeFileSync(out, bytes.toJs());
bytes.destroy();
