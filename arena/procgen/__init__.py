"""Procedural arenas and encounters: a whole `Scenario` from a seed (docs/procgen.md).

A layer above `model/` and `rules/`, below the ECS and the battle: pure functions of the seed,
the request and the asset data handed in, drawing only from their own seeded streams.
"""

from __future__ import annotations

from arena.procgen.generate import Generated, build, generate, generator_version, scenario_id
from arena.procgen.spec import GENERATOR_VERSION, GenError, GenSpec, Materials
from arena.procgen.theme import FORMS, SHAPES, Feature, Theme

__all__ = [
    "FORMS",
    "GENERATOR_VERSION",
    "SHAPES",
    "Feature",
    "GenError",
    "GenSpec",
    "Generated",
    "Materials",
    "Theme",
    "build",
    "generate",
    "generator_version",
    "scenario_id",
]
