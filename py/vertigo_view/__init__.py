"""Vertigo's pure renderers: state in, SVG or HTML text out.

Imports the rules core, never ``pyscript`` or ``js``.  Everything is built
with :mod:`xml.etree.ElementTree`, so every user string is escaped as text.
"""
