// The interpreter PyScript starts (`interpreter` in pyscript.toml): the pinned Pyodide, started from the
// build's memory snapshot when it can be, else started as usual.
//
// tools/snapshot.mjs made python.snapshot.gz at build time: an interpreter of this very Pyodide build that has
// already started and imported the page's modules. Restoring it replaces most of Python's start. PyScript
// calls loadPyodide(options) and reads `version`; both are Pyodide's own, loadPyodide called with
// `_loadSnapshot` added and indexURL pointed at the vendored copy (PyScript derives it from this file's folder),
// and already under way when PyScript asks (below).
//
// A page that a service worker controls (every visit after the first) asks for python.snapshot, the worker's
// inflated copy (tools/sw.template.js), instead: inflating 30 MiB here held the main thread, and with it the
// interpreter's WebAssembly, for a quarter of a second. Without it (no worker yet, or the worker has none),
// the .gz is fetched and inflated as it arrives.
//
// Any failure on the way (the file missing, a broken gzip, not a snapshot, a snapshot of another Pyodide
// build, one too large for the heap, an error while restoring) falls back to a normal start: the user sees
// nothing, the console gets one note. For the tests and tools/bench.py, <html data-python-start> says which
// start was taken ("snapshot" or "fresh"), data-python-start-note why a snapshot was not used and
// data-python-snapshot which copy was restored ("inflated", the worker's, or "gzip"); the performance marks
// vertigo:python-load, vertigo:snapshot-inflated and vertigo:python-started time the steps. `?snapshot=off` on the
// page's URL starts without it (for measuring).
import { loadPyodide as loadPyodideFresh, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("./python.snapshot.gz", import.meta.url).href;
const INFLATED_URL = new URL("./python.snapshot", import.meta.url).href;
let snapshotFrom = null;  // "inflated" or "gzip": the copy fetched

// The snapshot, inflated as it arrives. GitHub Pages does not compress unknown file types, so the build writes
// it gzipped and the page inflates it. A body that does not start as gzip does (a server that sent the file with
// Content-Encoding: gzip, which the browser has already undone) is taken as it is.
async function fetchSnapshot() {
  if (globalThis.navigator && navigator.serviceWorker && navigator.serviceWorker.controller) {
    const inflated = await fetch(INFLATED_URL).catch(() => null);
    if (inflated && inflated.ok) {
      const snapshot = new Uint8Array(await inflated.arrayBuffer());
      performance.mark("vertigo:snapshot-inflated");
      snapshotFrom = "inflated";
      return snapshot;
    }
  }
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`python.snapshot.gz: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const gzip = !first.done && first.value.length >= 2 && first.value[0] === 0x1f && first.value[1] === 0x8b;
  const body = new ReadableStream({
    start(controller) {
      if (!first.done) controller.enqueue(first.value);
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const snapshot = new Uint8Array(
    await new Response(gzip ? body.pipeThrough(new DecompressionStream("gzip")) : body).arrayBuffer());
  performance.mark("vertigo:snapshot-inflated");
  snapshotFrom = "gzip";
  return snapshot;
}

function mark(start, note) {
  performance.mark("vertigo:python-started");
  const root = document.documentElement;
  root.dataset.pythonStart = start;
  if (note) root.dataset.pythonStartNote = note;
  if (start === "snapshot") root.dataset.pythonSnapshot = snapshotFrom;
}

function lang() {
  // As Emscripten's start sets it (pyodide.asm.mjs).
  return ((globalThis.navigator && navigator.language) || "C").replace("-", "_") + ".UTF-8";
}

function snapshotWanted() {
  try {
    return new URLSearchParams(globalThis.location.search).get("snapshot") !== "off";
  } catch (e) {
    return true;
  }
}

// Start the interpreter with these loadPyodide settings: from the snapshot when it is wanted and works, else
// as usual.
async function start(settings) {
  performance.mark("vertigo:python-load");
  if (!snapshotWanted()) return fresh(settings, "switched off by ?snapshot=off");
  const snapshot = fetchSnapshot();
  snapshot.catch(() => {});  // a failure is handled below, where loadPyodide awaits it
  try {
    const pyodide = await loadPyodideFresh({ ...settings, _loadSnapshot: snapshot });
    // The snapshot froze what the build's start drew: the state of `random` (a new seed, as a fresh start
    // draws) and LANG (the visitor's language, as Emscripten sets it on a fresh start).
    pyodide.runPython(`import os, random\nrandom.seed()\nos.environ["LANG"] = ${JSON.stringify(lang())}`);
    mark("snapshot");
    return pyodide;
  } catch (error) {
    const note = String(error && error.message ? error.message : error).split("\n")[0];
    console.info(`Vertigo: Python starts without its snapshot (${note}); the page works the same, only slower.`);
    return fresh(settings, note);
  }
}

// A normal start, and why the snapshot was not used.
async function fresh(settings, note) {
  const pyodide = await loadPyodideFresh(settings);
  mark("fresh", note);
  return pyodide;
}

// The interpreter starts as soon as this module is evaluated — index.html loads it in <head>, before PyScript's
// core — so that it starts while PyScript's own scripts load; PyScript's later import of the same URL is the
// same module, and its loadPyodide call takes this start. Output goes to the callbacks PyScript passes then.
const output = { stdout: null, stderr: null };
const early = start({
  indexURL: INDEX_URL,
  stdout: (text) => (output.stdout || console.log)(text),
  stderr: (text) => (output.stderr || console.warn)(text),
});
early.catch(() => {});  // a normal start cannot fail here without failing loadPyodide below too

/**
 * Pyodide's loadPyodide, started from the build's snapshot when that works.
 * @param {object} options PyScript's options for loadPyodide ({stdout, stderr, indexURL}; any other option
 *   starts a second interpreter with it)
 * @returns {Promise<object>} the Pyodide API
 */
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL, ...other } = options;
  if (Object.keys(other).length) return start({ ...options, indexURL: INDEX_URL });
  output.stdout = stdout || null;
  output.stderr = stderr || null;
  return early;
}
