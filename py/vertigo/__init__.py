"""Vertigo's rules core: the Height rules of ``000_519d8b8e373365db.txt`` (what the page referees), the
arithmetic of Combat at Different Levels of ``001_cbc7fc1b49bd2ff2.txt`` (:mod:`vertigo.levels`,
:mod:`vertigo.reach`; not yet in the page), scenarios, the table in play and its saved form
(:mod:`vertigo.storage`), and the ``ask`` questions (:mod:`vertigo.ask`, ``python -m vertigo ask``).

Standard library only; no ``pyscript`` and no ``js`` import, so every module
runs the same under CPython and inside Pyodide.  Values are frozen
dataclasses; every rules function returns a verdict that carries its own
explanation (:class:`vertigo.verdict.Step`).
"""

__version__ = "0.1.0"
