"""The Terrain features rules' view part: how a terrain feature is drawn (:mod:`.looks`: an obstacle solid, low
terrain speckled, a door or an archway in an obstacle, T1, T5) and its lines of the drawing's key.

Importing it registers those looks with the renderer (the page imports every rule set's mode, and so its view,
before it draws)."""

from vertigo_view.looks import register

from .looks import LOOKS

register(LOOKS)

__all__ = ["LOOKS"]
