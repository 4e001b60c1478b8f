// Make the page's Python start from a memory snapshot: an interpreter of the pinned Pyodide that has already
// started and imported everything py/app.py imports at start-up (the standard library modules and the
// vertigo packages, and what the page modules beside it import; not `js` or `pyscript`, which belong to the page), written gzip-compressed for
// static/python.mjs to inflate and hand to loadPyodide({_loadSnapshot}).
//
// A snapshot is the interpreter's whole linear memory (30 MiB here) and belongs to exactly one Pyodide build
// (Pyodide checks its build id on restore). The file system is not in it: the page still loads
// python_stdlib.zip and static/vertigo-py.zip, unpacked where the imports below found them (/home/pyodide).
//
// What the snapshot would otherwise carry from this machine into every visitor's page is taken out here:
//   * os.environ's "_" and sys.executable (the path of this script, set by Emscripten under Node) are what a
//     browser has (static/python.mjs sets LANG, the visitor's language, after the restore);
//   * sys.path loses the "" that loadPyodide adds, since it adds it again after a restore;
//   * the free memory of the C heap and the unused C stack are zeroed, which also makes the file about
//     1 MB smaller compressed.
// The build is reproducible (tools/reproducible.mjs): the string-hash seed, `random`'s state and every other
// random input derive from the build's seed (the commit), and the clock reads one fixed time, so two builds of
// one commit write the same bytes. Answers never depend on the string-hash seed (ruling H13), and
// static/python.mjs reseeds `random` after every restore (dice have their own seeded generators).
//
// The heap must not grow past its size at start: Pyodide cannot restore a larger snapshot (issue #6254, the
// heap is fixed at module creation). This script fails the build if it did.
//
// Usage: node tools/snapshot.mjs <root> <site> <out.gz> <seed>
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync, constants } from "node:zlib";
import { HASH_SEED_VAR, reproducible } from "./reproducible.mjs";

const [root, site, out] = process.argv.slice(2, 5).map((p) => resolve(p));
const { env } = reproducible(process.argv[5]);
const py = await loadPyodide({ _makeSnapshot: true, env });
const heap = py._module.HEAP8.length;
py.unpackArchive(new Uint8Array(readFileSync(resolve(site, "static/vertigo-py.zip"))), "zip",
  { extractDir: "/home/pyodide" });
py.FS.writeFile("/tmp/app.py", readFileSync(resolve(root, "py/app.py")));
const imported = py.runPython(`
import ast, gc, importlib, os, sys

PAGE_ONLY = {"js", "pyscript"}  # the browser's and PyScript's modules: not in a snapshot made here
names = set()


def scan(path, seen):
    """Gather the imports of a page module; a page module it imports (a top-level file of py/, such as
    app_dom.py, which imports js too) is scanned the same way instead of imported."""
    for node in ast.parse(open(path, encoding="utf-8").read()).body:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] not in PAGE_ONLY:
            page = f"/home/pyodide/{node.module}.py"
            if "." not in node.module and os.path.exists(page):
                if node.module not in seen:
                    seen.add(node.module)
                    scan(page, seen)
                continue
            module = importlib.import_module(node.module)
            names.add(node.module)
            # "from package import module" imports a submodule too
            names.update(f"{node.module}.{alias.name}" for alias in node.names if not hasattr(module, alias.name))


scan("/tmp/app.py", {"app"})
names = sorted(n for n in names if n.split(".")[0] not in PAGE_ONLY)
for name in names:
    importlib.import_module(name)
os.remove("/tmp/app.py")
os.environ.pop("${HASH_SEED_VAR}", None)  # the build's seed: a browser's start sets no such variable
os.environ["_"] = "./this.program"  # what a browser's Emscripten sets; Node sets this script's path
sys.executable = "/home/pyodide/this.program"  # the same
while "" in sys.path:
    sys.path.remove("")  # loadPyodide inserts it again after the restore
importlib.invalidate_caches()
gc.collect()
", ".join(names)
`);
const M = py._module;
if (M.HEAP8.length !== heap) {
  console.error(`the heap grew from ${heap} to ${M.HEAP8.length} bytes: Pyodide could not restore this snapshot`);
  process.exit(1);
}
// Zero the heap's free memory: take every free block malloc hands out, clear it, give it back. A request is made
// only while the room between the heap's break and its end could hold it and MARGIN more, so that even a block
// carved from that room never makes the heap grow (it must not). A request the free lists hold moves nothing.
// The room once had to be 1 MiB and twice the request: when the page's imports left less than that (942,080
// bytes), nothing at all was cleared and the file came out 1.1 MB larger compressed.
const MARGIN = 1 << 16;
const blocks = [];
for (let size = 1 << 22; size >= 16; size >>= 1) {
  for (;;) {
    const top = M.HEAPU32[M._emscripten_get_sbrk_ptr() >>> 2];
    if (heap - top < size + MARGIN) break;
    const p = M._malloc(size);
    if (!p) break;
    M.HEAPU8.fill(0, p, p + size);
    blocks.push(p);
  }
}
for (const p of blocks) M._free(p);
// The C stack grows down; nothing below the current frame is live while no Python code runs.
M.HEAPU8.fill(0, M._emscripten_stack_get_end(), M._emscripten_stack_get_current() - 256);
if (M.HEAP8.length !== heap) {
  console.error(`the heap grew from ${heap} to ${M.HEAP8.length} bytes while being cleared`);
  process.exit(1);
}
const snapshot = py.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: constants.Z_BEST_COMPRESSION });
writeFileSync(out, packed);
console.log(`snapshot: ${snapshot.length} bytes (heap ${heap}), ${packed.length} gzip-compressed; `
  + `imported ${imported}`);
