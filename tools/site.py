"""Build and serve the Vertigo site folder.

The site is what GitHub Pages publishes and what the tests serve: the page
(`index.html`, `pyscript.toml`, `py/`, `static/`) plus the pinned runtime
(PyScript core, Pyodide and the pan-zoom library from `node_modules/`, without
source maps) under `static/vendor/`.  It is served under a sub-path, as a project site is, and
everything outside that sub-path answers 404.

Usage:
    python3 tools/site.py build            # (re)build _site/
    python3 tools/site.py serve [--port N] # install runtime if missing, build unless _site/ is current, serve
    python3 tools/site.py serve --rebuild  # build even when _site/ is current

``serve`` reuses ``_site/`` when a digest of every input of the build (:func:`inputs_digest`: the page's
files, the build's own scripts, the pinned runtime's lock file and the build's seed) is the one the last
build wrote into it (``.inputs``), and says so; ``--site DIR`` builds and serves another folder.  Its server
sends ``/`` on to the sub-path; the tests' server (:func:`serve_in_thread`) answers 404 there.

The build also makes the page paint before Python is ready and work offline:

* the default battlefield (the first of ``static/scenarios/index.json``) is
  drawn under CPython by the page's own controller and renderer and written
  into ``<div id="view">`` of the built ``index.html`` (:func:`prerender`);
* ``static/python.snapshot.gz``, the interpreter after its start and the page's imports, which
  ``static/python.mjs`` restores instead of starting Python (:func:`make_snapshot`);
* ``sw.js``, the service worker, is written from ``tools/sw.template.js`` with
  the precache list and the build's version (a hash of every precached file,
  :func:`write_service_worker`).

The build is reproducible: two builds of one commit with the same pinned toolchain write the same bytes, so
the service worker's version stays and a returning visitor downloads nothing again.  The Node scripts draw
every random input (the string-hash seed among them) from the build's seed, the commit (:func:`build_seed`),
and read a fixed clock (``tools/reproducible.mjs``); the archive's entries carry a fixed time and mode.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import hashlib
import html
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
SUBPATH = "/vertigo/"
PAGE_PARTS = ("index.html", "pyscript.toml", "manifest.webmanifest", "py", "static")
RUNTIME = {
    # node_modules folder -> folder in the site
    "@pyscript/core/dist": "static/vendor/pyscript",
    "pyodide": "static/vendor/pyodide",
    "@panzoom/panzoom/dist": "static/vendor/panzoom",  # zoom and pan of the side view (static/view.js)
}
BUNDLE = "static/vertigo-py.zip"
"""The page's Python and scenarios in one archive, unpacked by PyScript ([files] in pyscript.toml)."""
SNAPSHOT = "static/python.snapshot.gz"
"""The pinned Pyodide's memory after start and the page's imports, gzipped; restored by static/python.mjs."""
SNAPSHOT_INFLATED = "static/python.snapshot"
"""No file of the site: the URL of the service worker's inflated copy of SNAPSHOT (tools/sw.template.js)."""
RUNTIME_SKIP = (".map", ".d.ts", ".html", ".md", "package.json")
MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".toml": "text/plain",
    ".json": "application/json",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".py": "text/plain",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
}
SW_TEMPLATE = ROOT / "tools" / "sw.template.js"
INPUTS = ".inputs"
"""The file of the site that holds the digest of the inputs it was built from (:func:`inputs_digest`)."""
BUILD_SCRIPTS = ("tools/site.py", "tools/bundle_py.mjs", "tools/snapshot.mjs", "tools/reproducible.mjs",
                 "tools/sw.template.js", "package-lock.json")
"""Inputs of the build besides the page's parts: its scripts and the lock file of the pinned runtime."""
PRECACHE_SKIP = ("py/", "sw.js", ".nojekyll", INPUTS)
"""Site files the page does not need offline: its Python is in the bundle (``py/`` is there for the tests)..."""
PRECACHE_KEEP = ("py/main.py",)
"""... except the page's entry script (``<script type="py" src="./py/main.py">``)."""
VIEW = re.compile(r'(<div id="view"[^>]*>)(</div>)')
PICKER = re.compile(r'(<select id="scenario"[^>]*>)(</select>)')
RULES = re.compile(r'(<div id="rules"[^>]*>)(</div>)')


def ensure_runtime() -> None:
    """Install the pinned npm runtime (package-lock.json) when it is missing."""
    if all((ROOT / "node_modules" / src).is_dir() for src in RUNTIME):
        return
    if shutil.which("npm") is None:
        sys.exit("npm is needed once to install the pinned PyScript and Pyodide runtime")
    print("installing the pinned PyScript + Pyodide runtime (npm ci)...", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def build_seed() -> str:
    """The build's seed: the checkout's commit id, or, outside a git checkout (an unpacked archive), the digest
    of the page's own inputs.  Every random input of the build derives from it (``tools/reproducible.mjs``)."""
    with contextlib.suppress(OSError, subprocess.CalledProcessError):
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True, capture_output=True,
                              text=True).stdout.strip()
        if re.fullmatch(r"[0-9a-f]{40,64}", head):
            return head
    return _digest_of_files()


def _input_files() -> list[Path]:
    """Every file the build reads from the checkout, sorted: the page's parts (as :func:`build` copies them)
    and :data:`BUILD_SCRIPTS`."""
    files = []
    for part in PAGE_PARTS:
        src = ROOT / part
        if src.is_dir():
            files += [p for p in src.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                      and "vendor" not in p.relative_to(src).parts and p.suffix != ".pyc"]
        elif src.is_file():
            files.append(src)
    files += [ROOT / name for name in BUILD_SCRIPTS if (ROOT / name).is_file()]
    return sorted(files)


def _digest_of_files() -> str:
    """SHA-256 over every input file's path and bytes."""
    digest = hashlib.sha256()
    for path in _input_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def inputs_digest(seed: str | None = None) -> str:
    """The digest of everything a build's output depends on: the input files and the build's seed."""
    return hashlib.sha256(f"{_digest_of_files()}/{seed or build_seed()}".encode()).hexdigest()


def is_current(site: Path) -> bool:
    """Whether ``site`` holds a whole build of the inputs as they are now (its :data:`INPUTS` matches)."""
    stamp = site / INPUTS
    return stamp.is_file() and (site / "sw.js").is_file() and stamp.read_text().strip() == inputs_digest()


def build(site: Path = SITE) -> Path:
    """Assemble the site folder and return its path."""
    ensure_runtime()
    seed = build_seed()
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "vendor")
    for part in PAGE_PARTS:
        src = ROOT / part
        if src.is_dir():
            shutil.copytree(src, site / part, ignore=ignore)
        else:
            shutil.copy2(src, site / part)
    for src, dest in RUNTIME.items():
        out = site / dest
        out.mkdir(parents=True, exist_ok=True)
        for f in sorted((ROOT / "node_modules" / src).iterdir()):
            if f.is_file() and not f.name.endswith(RUNTIME_SKIP):
                shutil.copy2(f, out / f.name)
    bundle_python(site / BUNDLE, seed)
    make_snapshot(site, site / SNAPSHOT, seed)
    (site / ".nojekyll").write_text("")
    page = site / "index.html"
    page.write_text(prerender(page.read_text(encoding="utf-8")), encoding="utf-8")
    write_service_worker(site)
    (site / INPUTS).write_text(inputs_digest(seed) + "\n")
    return site


def first_picture() -> str:
    """The SVG the page's Python draws first for a fresh visitor: the controller's first full render of the first
    bundled scenario (``py/app.py``'s ``start`` with nothing stored), here under CPython."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from vertigo import scenario as scenario_mod
        from vertigo.table import Table
        from vertigo_page.controller import Controller
    finally:
        sys.path.remove(str(ROOT / "py"))
    scenarios = ROOT / "static" / "scenarios"
    first = json.loads((scenarios / "index.json").read_text(encoding="utf-8"))[0]["file"]
    table = Table.start(scenario_mod.loads((scenarios / first).read_text(encoding="utf-8")))
    svg = Controller(table).show().svg
    assert svg is not None
    return svg


def picker_options() -> str:
    """The Battlefield picker's options, as ``py/app.py`` fills them (so the bar keeps its width when it does)."""
    index = json.loads((ROOT / "static" / "scenarios" / "index.json").read_text(encoding="utf-8"))
    return "".join(f'<option value="{html.escape(item["file"])}">{html.escape(item["title"])}</option>'
                   for item in index)


def rules_glossary() -> str:
    """The Rules glossary under the panel (``panels.glossary()``), which ``py/app.py`` would otherwise write at
    start-up: the same for every table, so it is written into the page here, under CPython.  Every rule set's
    mode is imported first, as ``py/app.py`` imports them: each rule set's view adds its lines to the drawing's
    key when it is imported (:mod:`vertigo_view.looks`)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        import vertigo_page.modes  # noqa: F401  (registers every rule set's looks)
        from vertigo_view import panels
    finally:
        sys.path.remove(str(ROOT / "py"))
    return panels.to_html(panels.glossary())


def prerender(page: str) -> str:
    """``index.html`` with the default battlefield drawn into its empty ``<div id="view">``, the picker's
    options filled in and the Rules glossary written, so the first paint is the page Python then makes live, in
    the same place."""
    for pattern, fill in ((VIEW, first_picture), (PICKER, picker_options), (RULES, rules_glossary)):
        if len(pattern.findall(page)) != 1:
            sys.exit(f"index.html must hold exactly one empty {pattern.pattern} to pre-render into")
        page = pattern.sub(lambda m, fill=fill: m.group(1) + fill() + m.group(2), page)
    return page


def precache_list(site: Path) -> list[str]:
    """Every site file the page needs offline, as URLs relative to the site root ("./" is the page itself)."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return ["./", *(f for f in files if f in PRECACHE_KEEP or not f.startswith(PRECACHE_SKIP))]


def write_service_worker(site: Path) -> str:
    """Write ``sw.js`` with the precache list, each file's SHA-256 and the build's version; return the version.

    The worker also keeps the snapshot inflated, under ``SNAPSHOT_INFLATED``, checked against the SHA-256 of
    ``SNAPSHOT`` inflated here."""
    files = precache_list(site)
    digests = {url: hashlib.sha256((site / (url if url != "./" else "index.html")).read_bytes()).hexdigest()
               for url in files}
    version = hashlib.sha256(json.dumps(digests, sort_keys=True).encode()).hexdigest()[:16]
    inflated = {"url": SNAPSHOT_INFLATED, "from": SNAPSHOT,
                "sha256": hashlib.sha256(gzip.decompress((site / SNAPSHOT).read_bytes())).hexdigest()}
    text = SW_TEMPLATE.read_text(encoding="utf-8")
    text = (text.replace('"__VERSION__"', json.dumps(version)).replace("__PRECACHE__", json.dumps(digests, indent=1))
            .replace("__INFLATED__", json.dumps(inflated)))
    (site / "sw.js").write_text(text, encoding="utf-8")
    return version


def bundle_python(out: Path, seed: str) -> None:
    """Write the page's Python and scenarios, with Pyodide-compiled bytecode, into one zip (``seed``: the
    build's, :func:`build_seed`)."""
    if shutil.which("node") is None:
        sys.exit("Node.js is needed to bundle the page's Python with the pinned Pyodide")
    subprocess.run(["node", str(ROOT / "tools" / "bundle_py.mjs"), str(ROOT), str(out), seed], check=True)


def make_snapshot(site: Path, out: Path, seed: str) -> None:
    """Write the memory snapshot the page starts Python from (``tools/snapshot.mjs``, run by Node with the pinned
    Pyodide), after the page's imports from the bundle already in ``site`` (``seed``: the build's)."""
    subprocess.run(["node", str(ROOT / "tools" / "snapshot.mjs"), str(ROOT), str(site), str(out), seed],
                   check=True)


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serve `directory` under SUBPATH only; 404 for every other path."""

    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(SUBPATH):
            return str(Path(self.directory) / "\0missing")
        return super().translate_path("/" + path[len(SUBPATH):])

    def send_head(self):  # type: ignore[no-untyped-def]
        clean = self.path.split("?", 1)[0]
        if clean == SUBPATH.rstrip("/") or (clean == "/" and getattr(self.server, "redirect_root", False)):
            self.send_response(301)
            self.send_header("Location", SUBPATH)
            self.end_headers()
            return None
        if not clean.startswith(SUBPATH):
            self.send_error(404, "outside the site's sub-path")
            return None
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threaded server that takes a browser closing a connection half-way through a file (a reload, a tab
    closed while the runtime downloads) as the browser's right, not as an error to print a traceback for."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(site: Path = SITE, port: int = 0, verbose: bool = False,
                host: str = "127.0.0.1", redirect_root: bool = False) -> http.server.ThreadingHTTPServer:
    """Return a threaded server for `site` bound to host:port (port 0: any free port); ``redirect_root``: ``/``
    is sent on to the sub-path (the local server of ``serve``), else it is a 404 like every path outside it."""
    handler = functools.partial(SubPathHandler, directory=str(site))
    server = SiteServer((host, port), handler)
    server.daemon_threads = True
    server.verbose = verbose  # type: ignore[attr-defined]
    server.redirect_root = redirect_root  # type: ignore[attr-defined]
    return server


def serve_in_thread(site: Path = SITE) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server on a free port in a daemon thread; return it and the site URL."""
    server = make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{SUBPATH}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    build_cmd = sub.add_parser("build", help="build _site/")
    serve = sub.add_parser("serve", help="build _site/ unless it is current, and serve it under /vertigo/")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the whole network; "
                                                          "offline use and install then need https)")
    serve.add_argument("--rebuild", action="store_true", help="build even when _site/ is current")
    for cmd in (build_cmd, serve):
        cmd.add_argument("--site", type=Path, default=SITE, help="the folder to build (and serve); default _site/")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if args.command == "serve" and not args.rebuild:
        ensure_runtime()
    if args.command == "serve" and not args.rebuild and is_current(site):
        print(f"reusing {site}: its sources are unchanged since it was built (--rebuild builds it again)",
              flush=True)
    else:
        build(site)
        print(f"built {site}", flush=True)
    if args.command == "build":
        return
    try:
        server = make_server(site, args.port, verbose=True, host=args.host, redirect_root=True)
    except OSError as e:
        sys.exit(f"cannot serve on {args.host}:{args.port} ({e.strerror}); choose another port with --port N")
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "") else args.host
    print(f"Vertigo is served at http://{shown}:{server.server_address[1]}{SUBPATH}  (Ctrl-C stops)", flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print("Over plain http on another address, browsers keep no offline copy and cannot install the page; "
              "serve it over https for that (see the README, On a tablet).", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
