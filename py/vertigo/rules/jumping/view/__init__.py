"""The Jumping rules' view part: the Jump mode's shading (:mod:`.shading`), the planner's marks on the side view
(:mod:`.marks`), its panel pieces (:mod:`.panels`), and how a section's footing is drawn (:mod:`.looks`).

Importing it registers those looks with the renderer (the page imports every rule set's mode, and so its view,
before it draws)."""

from vertigo_view.looks import register

from .looks import LOOKS

register(LOOKS)

__all__ = ["LOOKS"]
