"""A rule set that exists only for the tests: who is seen by lantern light at night.

It follows ``docs/design.md`` › *Adding a rule set*, with its three parts :mod:`.rules`, :mod:`.view` and
:mod:`.mode`, and no file outside ``tests/seam/`` names it: a test registers it in both registries.

The rule (L1): by day everyone is seen; at night (the option ``night``, default true) a fighter is seen
only while it carries a lantern (the fighter field ``lantern``) that is not hooded (the per-fighter state
``hooded``, which the fighter may change in play).
"""
