"""Small scenarios built in code, so battle tests do not depend on the asset files."""

from __future__ import annotations

from arena.hexgrid import Hex, hexagon
from arena.model.scenario import CombatantSpec, Scenario, SideSpec
from arena.model.stats import StatBlock, Weapon
from arena.model.terrain import HexMap, Terrain

FLOOR = Terrain("floor", "Floor", ".")
WALL = Terrain("wall", "Wall", "#", "hard", blocks_move=True, blocks_sight=True, obstacle=True)
LONGSWORD = Weapon("longsword", "Longsword", "d8", threat=19)
SHORTBOW = Weapon("shortbow", "Shortbow", "d6", kind="ranged", hands=2, range_ft=60, multiplier=3)
DAGGER = Weapon("dagger", "Dagger", "d4", light=True, threat=19)


def ap_stats(ac: int = 15, strength: int = 3, dex: int = 2, bab: int = 2,
             feats: str = "", crit_immune: bool = False) -> StatBlock:
    """An `ap` stat block."""
    return StatBlock("ap", {"ac": ac, "str": strength, "dex": dex, "bab": bab, "feats": feats,
                            "crit_immune": crit_immune})


def fighter(
    name: str, side: int, at: Hex, facing: int = 0, hp: int = 12, speed: int = 6,
    weapons: tuple[Weapon, ...] = (LONGSWORD,), stats: StatBlock | None = None,
) -> CombatantSpec:
    """A combatant spec with sensible defaults."""
    return CombatantSpec(
        template=name.lower(), name=name, glyph=name[0], side=side, at=at, facing=facing,
        hp=hp, speed=speed, weapons=weapons, armour=None,
        stats={"ap": stats or ap_stats()},
    )


def arena_map(radius: int = 4, walls: tuple[Hex, ...] = ()) -> HexMap:
    """A hexagonal floor with optional walls."""
    cells = {h: (WALL if h in walls else FLOOR) for h in hexagon(radius)}
    return HexMap("test", "Test arena", radius, cells)


def scenario(*combatants: CombatantSpec, hexmap: HexMap | None = None,
             max_rounds: int = 50) -> Scenario:
    """A two-sided scenario around the given combatants."""
    return Scenario(
        id="test", name="Test", description="", ruleset="ap", max_rounds=max_rounds,
        map=hexmap or arena_map(), sides=(SideSpec("Red", "#ff0000"), SideSpec("Blue", "#0000ff")),
        combatants=combatants,
    )
