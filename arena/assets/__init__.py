"""The asset loader: terrain, weapons, armour, templates, maps and scenarios from `assets/`.

Every problem in a file is an AssetError reading `file: key: message`. A scenario also has a
self-contained dict form (for replay headers) that the same validator reads back, so a replay
still runs after the asset files change. One module per kind of asset: `equipment` (weapons,
armour), `terrain` (terrain kinds, maps), `templates`, `scenarios`, and `library` (the whole
root, hashed, and scenarios by name).
"""

from arena.assets.common import Template
from arena.assets.equipment import ARMOUR_KEYS, WEAPON_KEYS
from arena.assets.library import (
    Library,
    assets_hash,
    load_library,
    load_scenario,
    scenario_names,
)
from arena.assets.scenarios import scenario_from_dict, scenario_to_dict
from arena.assets.terrain import TERRAIN_KEYS
from arena.paths import asset_root

__all__ = [
    "ARMOUR_KEYS", "TERRAIN_KEYS", "WEAPON_KEYS", "Library", "Template", "asset_root",
    "assets_hash", "load_library", "load_scenario", "scenario_from_dict", "scenario_names",
    "scenario_to_dict",
]
