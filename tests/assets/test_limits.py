"""The loader's limits (arena/assets/terrain.py, validate.py): a battle the engine plays fits."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.assets import load_library, load_scenario, scenario_from_dict, scenario_to_dict
from arena.assets.common import Refs
from arena.assets.generated import scenario_toml
from arena.assets.terrain import MAX_MAP_HEXES, read_map
from arena.errors import AssetError
from arena.hexgrid import hex_to_pixel, hexagon
from arena.model.scenario import CombatantSpec, Scenario
from arena.model.terrain import HexMap

LIBRARY = load_library()


def hexes(radius: int) -> int:
    """The hexes of a hexagonal map of `radius`."""
    return 3 * radius * (radius + 1) + 1


def _map(radius: int) -> dict[str, object]:
    """An open map of `radius` as a file holds it."""
    return {"id": "big", "name": "Big", "radius": radius, "fill": "floor",
            "terrain": {"floor": {"name": "Floor", "glyph": "."}}}


def test_maps_are_bounded_by_hex_count_not_by_a_radius_of_30() -> None:
    largest = max(r for r in range(1, 100) if hexes(r) <= MAX_MAP_HEXES)
    for radius in (31, 40, largest):
        assert len(read_map(_map(radius), Refs("m.toml"), "map", None).cells) == hexes(radius)
    with pytest.raises(AssetError, match=f"{hexes(largest + 1):,} hexes; a map holds at most "
                                         f"{MAX_MAP_HEXES:,}"):
        read_map(_map(largest + 1), Refs("m.toml"), "map", None)


def crowd(count: int, radius: int) -> Scenario:
    """`count` of the skirmish's combatants spread over an open map of `radius`, two sides."""
    skirmish = load_scenario("skirmish", LIBRARY)
    floor = LIBRARY.terrain["floor"] if "floor" in LIBRARY.terrain else next(
        t for t in LIBRARY.terrain.values() if not t.blocks_move)
    cells = dict.fromkeys(sorted(hexagon(radius)), floor)
    ground = sorted(cells, key=lambda h: (hex_to_pixel(h)[0], h))
    step = len(ground) / count
    placed = []
    for i in range(count):
        side = 0 if i < count // 2 else 1
        model = skirmish.combatants[(i % 4) + 4 * side]
        placed.append(CombatantSpec(
            model.template, f"{model.name} {i + 1}", model.glyph, side, ground[int(i * step)],
            0 if side == 0 else 3, model.hp, model.speed, model.weapons, model.armour,
            model.stats))
    return Scenario(f"crowd-{count}", f"Crowd {count}", "", skirmish.ruleset, 50,
                    HexMap(f"crowd-{count}", "Crowd", radius, cells), skirmish.sides,
                    tuple(placed))


@pytest.mark.slow
def test_a_battle_of_2000_on_a_radius_40_map_loads_from_its_file_and_its_replay_form(
        tmp_path: Path) -> None:
    big = crowd(2000, 40)  # benchmarks/bench_scale.py's big battle: 4,921 hexes
    path = tmp_path / "crowd.toml"
    path.write_text(scenario_toml(big))
    loaded = load_scenario(str(path), LIBRARY)
    assert len(loaded.combatants) == 2000 and len(loaded.map.cells) == hexes(40)
    assert scenario_to_dict(loaded) == scenario_to_dict(big)
    again = scenario_from_dict(scenario_to_dict(big))  # as a replay's header holds it
    assert scenario_to_dict(again) == scenario_to_dict(big)
