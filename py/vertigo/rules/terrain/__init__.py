"""Terrain features (002): the rule set `terrain`, in inches."""
