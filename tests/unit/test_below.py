"""Battlefield.below: the surface straight down from a point (issue 20), ties by document order (H13).

Source: issue 20 ("``Battlefield.below(x, height)`` is the highest section top at x that is at or below the
height. At an x shared by two sections, H13 decides. Where nothing is below, it says so"); ruling H13
(ties broken by document order, never by hash order: `docs/rules.md` › Rule → code); ruling G1 (a staircase's
surface is the step there).
"""

from __future__ import annotations

from fractions import Fraction

from vertigo.battlefield import Battlefield, Section, Stairs


def field(*sections: Section) -> Battlefield:
    return Battlefield(sections, ())


HALL = Section("hall", "Hall", 0, 0, 10)
LOFT = Section("loft", "Loft", 8, 2, 6, kind="slab")
LEDGE = Section("ledge", "Ledge", 3, 10, 14)


def test_the_highest_surface_at_or_below_the_height_is_taken():
    """Issue 20: under the loft (8) the hall (0) is below 5, the loft is below 9 and exactly at 8."""
    bf = field(HALL, LOFT, LEDGE)
    assert [s.id if s else None for s in (bf.below(4, 5), bf.below(4, 9), bf.below(4, 8), bf.below(1, 9))] == [
        "hall", "loft", "loft", "hall"]


def test_nothing_below_says_so():
    """Issue 20: "Where nothing is below, it says so": off every section, or under every surface."""
    bf = field(HALL, LEDGE)
    assert (bf.below(-1, 100), bf.below(20, 100), bf.below(5, Fraction(-1, 2))) == (None, None, None)


def test_at_a_shared_edge_the_higher_surface_wins_and_a_tie_goes_to_the_first_in_the_document():
    """H13: at x = 10 the hall (0) and the ledge (3) meet: from 5 the ledge; from 2 the hall.  Two surfaces
    at the same height meeting at x = 10: the one first in the document, whichever order they are written."""
    assert field(HALL, LEDGE).below(10, 5).id == "ledge"
    assert field(HALL, LEDGE).below(10, 2).id == "hall"
    flat = Section("flat", "Flat", 0, 10, 20)
    assert field(HALL, flat).below(10, 1).id == "hall"
    assert field(flat, HALL).below(10, 1).id == "flat"


def test_on_stairs_the_step_at_x_is_the_surface():
    """G1: a staircase of four 1-ft treads rising 2 ft each (0, 2, 4, 6 ft): at x = 2.5 the step is 4 ft up,
    so from 3 ft the fall goes past it to the floor below, and from 4 ft it lands on the step."""
    stair = Section("stair", "Stair", 0, 0, 4, stairs=Stairs(Fraction(2), Fraction(1)))
    floor = Section("floor", "Floor", -1, 0, 4)
    bf = field(stair, floor)
    assert bf.below(Fraction(5, 2), 3).id == "floor"
    assert bf.below(Fraction(5, 2), 4).id == "stair"
    assert bf.below(Fraction(3), 6).id == "stair" and stair.surface(Fraction(3)) == 6
