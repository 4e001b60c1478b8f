"""Jumping (003): the rule set `jumping`, in feet and 5-ft tiles."""
