"""Themes: a weighted mix of arena shapes and terrain features (`assets/themes.toml`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Form = Literal["patch", "pool", "line", "scatter"]
FORMS: tuple[Form, ...] = ("patch", "pool", "line", "scatter")
SHAPES = ("hexagon", "hall", "ring", "cave", "rooms")


@dataclass(frozen=True, slots=True)
class Feature:
    """Terrain laid over the open ground: `share` percent of it, in blobs, lines or single hexes.

    `patch` is passable ground in blobs (paving, grass); `pool` blocking blobs (water, pits);
    `line` short straight runs (low walls, barricades); `scatter` single hexes (pillars, wells).
    """

    terrain: str
    form: Form
    share: int


@dataclass(frozen=True, slots=True)
class Theme:
    """One theme: its name, the foes' side name, radius range, shapes by weight and terrain."""

    id: str
    name: str
    foe: str
    radius: tuple[int, int]
    shapes: tuple[tuple[str, int], ...]
    fill: str
    wall: str
    gap: str
    features: tuple[Feature, ...]

    def terrain_ids(self) -> tuple[str, ...]:
        """Every terrain id the theme names, sorted."""
        return tuple(sorted({self.fill, self.wall, self.gap, *(f.terrain for f in self.features)}))
