"""Benchmark the Vertigo page: cold start, click latency, import time per KB, every action at the caps,
and the size of the saved table.  It prints figures; it is not a test.

A run builds the site with ``tools/site.py``'s ``build()`` and copies the bare PyScript + Pyodide hello
page (``tools/bench_hello/``: the same ``static/vendor/pyscript/core.js`` and self-hosted
``pyodide.mjs``) into it as ``bench-hello/``.  The site is built in ``bench-results/_site/`` (git-
ignored) rather than ``_site/``, so a test run rebuilding ``_site/`` at the same time cannot delete
files from under a measurement, nor the bench from under the tests; ``--site _site`` builds the usual
folder instead.  Then it runs these measurements (``--only load,clicks,...`` picks some; each runs in
its own browser, and one that fails prints why while the others go on):

Each measurement is described in the docstring of its module: load and paint in ``startup``, clicks in
``clicks``, zoom in ``zoom``, import in ``importing``, actions in ``actions``, saved in ``saved``, levels in
``levels``; ``tools/bench.py --help`` is this text with this paragraph replaced by those descriptions (all but
zoom's).  The battlefields at the caps are made in ``caps``, what every measurement shares is in ``common``,
and ``cli`` runs them (``tools/bench.py`` calls its ``main``).

The in-page probes use only DOM behaviour: ``body[data-ready=true]``, ``#fighters [data-fighter]``,
``#terrain [data-section]``, ``#overlay [data-section]``, panel buttons with ``data-action``,
``#import-file``, ``#error``.  Every figure goes to ``bench-results/bench.json`` too.

It exits 0 when a target is missed, and 1 when something could not be measured (a page never becomes
ready within 60 s, a click does not update the view, a battlefield does not import, ...).

Usage (with the project's venv, which has Playwright):
    .venv/bin/python tools/bench.py [--only load,clicks,import,actions,saved] [--loads 5] [--reps 30]
        [--split-reps 12] [--action-reps 25] [--action-budget 60] [--saved-moves 0,1,10,25,100]
        [--saved-budget 90] [--import-skip 5] [--site DIR]
"""

from .cli import PRINTERS, RUNNERS, SECTIONS, main
from .common import HELLO_DIR, BenchError, build_site, launch, load_site_module, versions

__all__ = ["main", "SECTIONS", "RUNNERS", "PRINTERS", "BenchError", "HELLO_DIR", "build_site", "launch",
           "load_site_module", "versions"]
