"""Vertigo's rules core: the rule sets it referees, found through one registry (:mod:`vertigo.rulesets`) —
the Height rules of ``000_519d8b8e373365db.txt`` and Combat at Different Levels of
``001_cbc7fc1b49bd2ff2.txt`` (:mod:`vertigo.levels`, :mod:`vertigo.reach`) — exact lengths
(:mod:`vertigo.lengths`), scenarios, dice, the resolve step (:mod:`vertigo.resolve`), the table in play and
its saved form (:mod:`vertigo.storage`), and the ``ask`` questions (:mod:`vertigo.ask`,
``python -m vertigo ask``).

Standard library only; no ``pyscript`` and no ``js`` import, so every module
runs the same under CPython and inside Pyodide.  Values are frozen
dataclasses; every rules function returns a verdict that carries its own
explanation (:class:`vertigo.verdict.Step`).
"""

__version__ = "0.1.0"
