"""The page's entry script (``<script type="py" src="./py/main.py">`` in index.html).

The page layer itself is :mod:`app` (``py/app.py``), which ``tools/site.py`` bundles with its bytecode into
``static/vertigo-py.zip``: importing it from there spares the browser compiling ~600 lines of source on every
load, which PyScript would do for the script it is given. Its names are brought into this namespace, the one
``pyodide.runPython`` runs in, for the tests and ``tools/bench.py`` (``ctl``, ``run``).
"""

from app import *  # noqa: F403
