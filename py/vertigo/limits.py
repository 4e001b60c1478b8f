"""Hard caps that keep hostile or absurd input from hanging the tab, and the storage budget.

Every cap raises :class:`vertigo.errors.LimitError` (or a scenario problem)
naming the value and the cap.  The caps on the battlefield are set where every
action of the page stays within 100 ms, measured by ``tools/bench.py`` at
exactly these values; the storage figures are in UTF-16 code units, the unit
in which browsers count their storage quota (``String.length`` in
JavaScript; a character outside the Basic Multilingual Plane counts 2).
"""

from fractions import Fraction

__all__ = [
    "MIN_FALL_SCALE_IN", "MAX_FALL_SCALE_FT", "MAX_FALL_HEIGHT", "MAX_ACTION_ROLLS", "MAX_LADDER_UP",
    "MAX_SECTIONS", "MAX_BORDERS", "MAX_FIGHTERS", "MAX_FEATURES", "MAX_MOVE_IN", "MAX_MOVE_TILES", "MAX_JUMP_FT",
    "MAX_FAIL_BY",
    "MAX_FOOTING_MP", "MAX_MOVE_POINTS", "MAX_ELEVATION", "MAX_EXTENT",
    "MAX_DISTANCE", "MAX_DICE",
    "MAX_ENTRY_TEXT", "MAX_ENTRIES", "MAX_NAME", "MAX_DOCUMENT_CHARS", "MAX_SCENARIO_CHARS", "MAX_LOG", "MAX_ROLLS",
    "MAX_FEET", "MAX_FEET_DENOMINATOR", "MAX_FEET_TEXT", "MAX_REACH", "MAX_REACH_TEXT", "MAX_WEAPON_RANGE",
    "MAX_SIDES", "MAX_DICE_MODIFIER", "MAX_DICE_TEXT",
    "STORAGE_QUOTA", "TABLE_BUDGET", "PICTURE_BUDGET", "utf16_length",
]

MAX_SECTIONS = 250
"""Sections in one scenario."""
MAX_BORDERS = 1000
"""Borders in one scenario."""
MAX_FIGHTERS = 50
"""Fighters in one scenario."""
MAX_FEATURES = 500
"""Terrain features (walls, railings, debris) in one scenario: two per section at the section cap (issue 24)."""
MAX_MOVE_IN = 1000
"""The longest ``move`` a fighter may have, in inches (Terrain features, T8; issue 24)."""
MAX_MOVE_TILES = 50
"""The largest ``move_tiles`` a fighter may have, in 5-ft tiles (Jumping, J1; issue 25)."""
MAX_JUMP_FT = 1000
"""The longest jump distance or height a question may ask, in feet: the Full Move of the largest Move at its
largest fraction (50 tiles × 5 ft × 4), past every jump's maximum (issue 25)."""
MAX_FAIL_BY = 100
"""The most points a jump's check (or J8's second check) may be failed by (J5, J6, J8; issue 25)."""
MAX_FOOTING_MP = 20
"""The largest Move-point cost a section's ``footing`` may have (J8; issue 25)."""
MAX_MOVE_POINTS = 1000
"""The most Move points left the referee may enter for J8's second check (J8; issue 25)."""
MAX_ELEVATION = 1000
"""Largest |elevation| of a section, in Height levels."""
MAX_EXTENT = 100000
"""Largest |x| of a section's horizontal extent, in drawing units."""
MAX_DISTANCE = 50
"""Largest N of a Move entry and largest range or Reach, in section steps."""
MAX_DICE = 2 * MAX_ELEVATION * MAX_DISTANCE
"""Most dice rolled at once (100000): one Move crosses at most MAX_DISTANCE
borders, each falling at most 2 × MAX_ELEVATION (top to bottom of the
elevation range), and its falls add up (H2)."""
MAX_SIDES = 1000
"""Most sides of one die (a die has 2 … MAX_SIDES): far past the d6 of falls (000 H8), the 3d6 of
GURPS (001) and the d8 of a scatter direction (003, J6); a total stays below 10^8."""
MAX_DICE_MODIFIER = 1000
"""Largest |M| of a pool NdS+M: far past any add a rule writes (a few points), and small enough that a
pool's text stays short."""
MAX_DICE_TEXT = 40
"""Longest dice notation (``"3d6+1"``), in characters (checked before parsing)."""
MAX_ENTRY_TEXT = 200
"""Longest Move entry or action text, in characters (checked before parsing)."""
MAX_ENTRIES = 20
"""Most Move entries, or actions, on one fighter."""
MAX_NAME = 80
"""Longest name or title, in characters."""
MAX_DOCUMENT_CHARS = 2_000_000
"""Largest scenario file read, in characters of JSON text, checked before decoding."""
MAX_SCENARIO_CHARS = 1_500_000
"""Largest scenario in its canonical form, the text Export writes (UTF-16 code units).

Checked on every load with every fighter moved to the section with the
longest id, so whatever loads can be saved and exported, and whatever is
exported imports again."""
MAX_LOG = 1000
"""Most log entries kept; older ones give way first."""
MAX_ROLLS = 2**52
"""Largest roll count (a scenario's ``dice_rolls``, a saved table's ``rolls``) and roll index: far past any
game, and far enough below 2^53 (the largest whole number a JavaScript number holds exactly) that a table
keeps counting exactly."""
MAX_ACTION_ROLLS = 8
"""Most rolls one action makes (:meth:`vertigo.table.Table.apply`): a move's fall is one, a missed jump two
(J6's d8 scatter, then the fall's d6), an attack at a ladder's fighter three (the attack's, the falling test's,
the fall's, T4); a rule set that asks for a ninth has a bug, refused before the table changes (issue 20)."""
MAX_FEET = 10_000
"""Largest |elevation| or |x| of a fighter in the levels rules (001), in feet."""
MAX_FEET_DENOMINATOR = 1_000_000
"""Largest denominator of a length in feet (a millionth of a foot): exact lengths stay small numbers, and
a text such as ``"1e-999999"`` cannot become a number with a million digits."""
MAX_FEET_TEXT = 40
"""Longest length written as text (``"17/3"``, ``"6.5"``), in characters (checked before parsing)."""
MAX_REACH = 100
"""Largest reach value written on a melee weapon, in yards (GURPS reach; SM may add up to +30, G4)."""
MAX_REACH_TEXT = 40
"""Longest reach notation (``"C,1"``, ``"1-3"``), in characters (checked before parsing)."""
MAX_WEAPON_RANGE = 10_000
"""Largest range of a ranged weapon entry (``"Bow, range 150"``), in yards."""

STORAGE_QUOTA = 5_242_880
"""What a browser stores for one origin (key + value, UTF-16 code units; measured in Chromium).  Every
project site of one GitHub Pages owner shares this origin and so this quota."""
PICTURE_BUDGET = 500_000
"""Kept free for a first-paint picture of the last battlefield drawn."""
TABLE_BUDGET = 2_300_000
"""Largest saved table: the scenario (at most MAX_SCENARIO_CHARS) plus positions, dice count, undo and
as much of the log as fits.  The live table, one damaged copy of it and the picture fit the quota
together: 2 × TABLE_BUDGET + PICTURE_BUDGET = 5,100,000 ≤ STORAGE_QUOTA, with keys to spare."""


MAX_STATE_TEXT = 200
"""Longest compact JSON text of one state value, in UTF-16 code units: what one state costs a saved table
(and its undo snapshot) at most."""


def utf16_length(text: str) -> int:
    """Length of ``text`` in UTF-16 code units, as a browser counts it against its storage quota: one per
    character, two for one beyond U+FFFF (a lone surrogate counts one).

    ASCII text, as every bundled scenario is, is counted without encoding it: the first encode to UTF-16 looks
    its codec up and imports it, 10 ms of the page's start in Pyodide."""
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


assert 2 * TABLE_BUDGET + PICTURE_BUDGET + 200 <= STORAGE_QUOTA

MIN_FALL_SCALE_IN = Fraction(1, 4)
"""The shortest fall scale, in inches: a fall of 1/4 in on the table is one Height level (issue 20)."""
MAX_FALL_SCALE_FT = 10
"""The longest fall scale, in feet: 10 ft to a Height level (J12's scale, issue 20)."""
MAX_FALL_HEIGHT = 2 * MAX_ELEVATION
"""The deepest fall counted, in Height levels (:func:`vertigo.falling.fall`): a battlefield whose deepest fall
passes it at its fall scale is refused at load (issue 20)."""
MAX_LADDER_UP = 240 * MAX_ELEVATION
"""The most a fighter stands above a ladder's foot (:class:`vertigo.stand.Stand`'s ``up``), in the scenario's
unit: the tallest ladder there can be, from the lowest section to the highest of an inches battlefield
(±120,000 in); ``up`` is read within it before the ladder's own Height is checked (issue 20)."""
