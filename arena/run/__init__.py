"""The roguelike run: a party carried through a seeded sequence of generated bouts (docs/run.md).

A layer above battles, assets and replays and below the front ends: it drives battles only
through `Battle.apply` and reads their final state to carry the party home.
"""
