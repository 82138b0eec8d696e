"""What the generator is asked for (`GenSpec`) and what it builds from (`Materials`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arena.errors import ArenaError
from arena.model.scenario import CombatantSpec
from arena.model.stats import Armour, Weapon
from arena.model.terrain import Terrain
from arena.procgen.theme import Theme

# Bump when the same (seed, spec) would give a different scenario; then re-bless the catalog
# (`python scripts/bless_catalog.py`). Replays record it; old replays still verify.
GENERATOR_VERSION = 2

# A template record as the asset library holds it (see arena.assets.library.Library).
Template = Mapping[str, object]


class GenError(ArenaError):
    """The generator was asked for something it cannot build (one line, exit 2)."""


@dataclass(frozen=True, slots=True)
class GenSpec:
    """A request: ruleset, difficulty, the player's party, an optional theme and radius.

    Difficulty is the bout number, or an explicit foe threat `budget`; an empty `party` has
    the generator draft a company.

    A run calls `generate(run_seed, GenSpec(ruleset, bout=k, party=...))`: the place depends
    on (run seed, bout) only; the party changes the foes' budget and who deploys, never the map.
    """

    ruleset: str = "d40"
    bout: int = 1
    budget: int | None = None
    party: tuple[CombatantSpec, ...] = ()
    theme: str | None = None
    symmetric: bool = False
    radius: int | None = None
    boss: bool | None = None  # whether a boss leads the foes (None: every fifth bout)


@dataclass(frozen=True, slots=True)
class Materials:
    """The asset data the generator draws from, handed in by the asset layer."""

    terrain: Mapping[str, Terrain]
    templates: Mapping[str, Template]
    weapons: Mapping[str, Weapon]
    armour: Mapping[str, Armour]
    themes: Mapping[str, Theme]
    cache: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
