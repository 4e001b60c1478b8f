"""The page's state machine (pure Python): events in, updates out."""
