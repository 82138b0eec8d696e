"""Shared fixtures for the generator tests: the library, its materials, one theme per shape."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from arena.assets import load_library
from arena.assets.generated import materials
from arena.assets.library import Library
from arena.procgen import Feature, Materials, Theme

RULESETS = ("adnd", "ap", "becmi", "d40")


@cache
def library() -> Library:
    """The shipped asset library, loaded once."""
    return load_library()


@cache
def shipped() -> Materials:
    """The shipped materials (themes from assets/themes.toml)."""
    return materials(library())


@cache
def one_shape(shape: str) -> Materials:
    """Materials with a single theme, `only`, that always draws `shape` (dressed like a yard)."""
    base = shipped()
    theme = Theme("only", "Test yard", "Testers", (6, 8), ((shape, 1),), "floor", "wall",
                  "water", (Feature("stone", "patch", 30), Feature("pillar", "scatter", 4),
                            Feature("low_wall", "line", 4), Feature("water", "pool", 4),
                            Feature("well", "scatter", 1)))
    return replace(base, themes={"only": theme}, cache={})
