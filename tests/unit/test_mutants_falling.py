"""Falling, pinned where mutation testing (tools/mutate) found it loose (H8, H9).

Source: ``000_519d8b8e373365db.txt`` › Falling, › Exploration (Climbing obstacles); rulings H8 and H9 of
``RULINGS.md``.
"""

from __future__ import annotations

from vertigo.falling import climbing_obstacle_fall


def test_h9_going_down_an_obstacle_without_a_move_height_falls_its_full_height():
    """H9: "the actor falls that Height (less the Move's Height when moving down)": with no Move Height
    given, a Height 3 obstacle traversed downward is a fall of 3, 3d6 (H8)."""
    fallen = climbing_obstacle_fall(3, downward=True)
    assert (fallen.height, fallen.pool.count) == (3, 3)
    assert [str(s) for s in fallen.steps] == [
        "[H9] Climbing obstacle of Height 3 traversed downward with Height 0: falls Height 3.",
        "[H8] Falling Height 3 deals 1d6 per whole Height fallen: 3d6: 3–18, mean 10.5.",
    ]
