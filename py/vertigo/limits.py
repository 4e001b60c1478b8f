"""Hard caps that keep hostile or absurd input from hanging the tab.

Every cap raises :class:`vertigo.errors.LimitError` (or a scenario problem)
naming the value and the cap.
"""

__all__ = [
    "MAX_SECTIONS", "MAX_BORDERS", "MAX_FIGHTERS", "MAX_ELEVATION", "MAX_EXTENT",
    "MAX_DISTANCE", "MAX_DICE", "MAX_ENTRY_TEXT", "MAX_ENTRIES", "MAX_NAME", "MAX_DOCUMENT_BYTES", "MAX_LOG",
]

MAX_SECTIONS = 2000
"""Sections in one scenario."""
MAX_BORDERS = 8000
"""Borders in one scenario."""
MAX_FIGHTERS = 500
"""Fighters in one scenario."""
MAX_ELEVATION = 1000
"""Largest |elevation| of a section, in Height levels."""
MAX_EXTENT = 100000
"""Largest |x| of a section's horizontal extent, in drawing units."""
MAX_DISTANCE = 100
"""Largest N of a Move entry and largest range or Reach, in section steps."""
MAX_DICE = 2 * MAX_ELEVATION * MAX_DISTANCE
"""Most d6 rolled at once (200000): one Move crosses at most MAX_DISTANCE
borders, each falling at most 2 × MAX_ELEVATION (top to bottom of the
elevation range), and its falls add up (H2)."""
MAX_ENTRY_TEXT = 200
"""Longest Move entry or action text, in characters (checked before parsing)."""
MAX_ENTRIES = 20
"""Most Move entries, or actions, on one fighter."""
MAX_NAME = 80
"""Longest name or title, in characters."""
MAX_DOCUMENT_BYTES = 2_000_000
"""Largest scenario document, in bytes of JSON."""
MAX_LOG = 2000
"""Most log entries kept; older ones are dropped first."""
