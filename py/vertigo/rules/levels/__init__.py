"""Combat at Different Levels (001) as a rule set: its core part (:mod:`.rules`); the page's parts come with it."""
