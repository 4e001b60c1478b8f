"""The Height rules (000) as a rule set: its core part (:mod:`.rules`); the page's parts come with it."""
