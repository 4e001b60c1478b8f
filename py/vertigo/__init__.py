"""Vertigo's rules core: the Height rules of ``000_519d8b8e373365db.txt``.

Standard library only; no ``pyscript`` and no ``js`` import, so every module
runs the same under CPython and inside Pyodide.  Values are frozen
dataclasses; every rules function returns a verdict that carries its own
explanation (:class:`vertigo.verdict.Step`).
"""

__version__ = "0.1.0"
