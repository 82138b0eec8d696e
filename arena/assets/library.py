"""The asset library: every file under one root loaded and hashed, and scenarios by name."""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from arena.assets.bestiary import BESTIARY_FILE, read_foe
from arena.assets.common import FILE_ID_PATTERN, Refs, Template, check_id
from arena.assets.equipment import (
    ARMOUR_KEYS,
    SUPPLY_KEYS,
    WEAPON_KEYS,
    read_armour,
    read_supply,
    read_weapon,
)
from arena.assets.scenarios import check_arms, read_scenario
from arena.assets.templates import read_template
from arena.assets.terrain import TERRAIN_KEYS, read_map, read_terrain
from arena.assets.validate import Table, fail, file_label, join_key, load_toml, show
from arena.errors import AssetError
from arena.files import MAX_SCENARIO_BYTES
from arena.model.scenario import Scenario
from arena.model.stats import Armour, Supply, Weapon
from arena.model.terrain import HexMap, Terrain
from arena.paths import asset_root
from arena.rules import get_ruleset
from arena.text import one_line

NATURAL_FILE = "natural.toml"


@dataclass(frozen=True)
class Library:
    """Every asset under one root, validated; `hash` identifies the exact bytes of its TOML files.

    A template record holds the keys it gives among name, glyph, hp, speed, weapons (a tuple of
    Weapon), armour (Armour or None) and one partial stat table (field -> value) per ruleset.
    """

    root: Path
    weapons: Mapping[str, Weapon]
    armour: Mapping[str, Armour]
    terrain: Mapping[str, Terrain]
    templates: Mapping[str, Template]
    maps: Mapping[str, HexMap]
    hash: str
    supplies: Mapping[str, Supply] = field(default_factory=dict)


def assets_hash(root: Path) -> str:
    """Return the sha256 hex digest of the sorted relative paths and bytes of every `*.toml`."""
    digest = hashlib.sha256()
    files = {p.relative_to(root).as_posix(): p for p in root.rglob("*.toml") if p.is_file()}
    for rel in sorted(files):
        name, data = rel.encode(), files[rel].read_bytes()
        digest.update(len(name).to_bytes(8, "big") + name + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def _read_table_file(root: Path, name: str) -> tuple[str, dict[str, object]]:
    """Load `root/name`, returning its label for errors and its top-level table."""
    path = root / name
    return file_label(path, root), load_toml(path, root)


# Libraries already loaded, by resolved root: the signature of the files they were read from.
_LOADED: dict[str, tuple[tuple[tuple[str, int, int], ...], Library]] = {}
_LOADED_LIMIT = 8


def _signature(root: Path) -> tuple[tuple[str, int, int], ...]:
    """Every `*.toml` under `root` (the files `assets_hash` reads) with its mtime and size."""
    found = []
    for path in root.rglob("*.toml"):
        if path.is_file():
            stat = path.stat()
            found.append((path.relative_to(root).as_posix(), stat.st_mtime_ns, stat.st_size))
    return tuple(sorted(found))


def load_library(root: Path | None = None) -> Library:
    """Load and validate every asset file under `root` (default: `asset_root()`).

    Parsed once per process: a later call for the same root returns the same (immutable)
    library while no `*.toml` under it was added, removed or changed (modification time and
    size); any change, or another root, reads the files again.
    """
    root = asset_root() if root is None else root
    if not root.is_dir():
        raise AssetError(one_line(f"{root}: no such asset directory (set ARENA_ASSETS)"))
    key, signature = str(root.resolve()), _signature(root)
    cached = _LOADED.get(key)
    if cached is not None and cached[0] == signature:
        library = cached[1]
        return library if library.root == root else dataclasses.replace(library, root=root)
    library = _read_library(root)
    if len(_LOADED) >= _LOADED_LIMIT:
        _LOADED.clear()
    _LOADED[key] = signature, library
    return library


def _read_library(root: Path) -> Library:
    """Read, validate and hash every asset file under `root`."""
    file, data = _read_table_file(root, "terrain.toml")
    terrain = {i: read_terrain(Table(v, file, k, TERRAIN_KEYS), check_id(i, file, k))
               for i, v, k in _entries(data)}
    file, data = _read_table_file(root, "weapons.toml")
    weapons = {i: read_weapon(Table(v, file, k, WEAPON_KEYS), check_id(i, file, k))
               for i, v, k in _entries(data)}
    if (root / NATURAL_FILE).is_file():
        file, data = _read_table_file(root, NATURAL_FILE)
        for i, v, k in _entries(data):
            _unique(i, weapons, file, k, "weapons.toml")
            weapons[i] = read_weapon(Table(v, file, k, WEAPON_KEYS), check_id(i, file, k), True)
    file, data = _read_table_file(root, "armour.toml")
    armour = {i: read_armour(Table(v, file, k, ARMOUR_KEYS), check_id(i, file, k))
              for i, v, k in _entries(data)}
    supplies: dict[str, Supply] = {}
    if (root / "supplies.toml").is_file():
        file, data = _read_table_file(root, "supplies.toml")
        supplies = {i: read_supply(Table(v, file, k, SUPPLY_KEYS), check_id(i, file, k))
                    for i, v, k in _entries(data)}
    file, data = _read_table_file(root, "templates.toml")
    refs = Refs(file, weapons, armour, terrain, supplies=supplies)
    templates = {check_id(i, file, k): read_template(v, refs, k) for i, v, k in _entries(data)}
    if (root / BESTIARY_FILE).is_file():
        file, data = _read_table_file(root, BESTIARY_FILE)
        refs = Refs(file, weapons, armour, terrain)
        haunts = frozenset(load_toml(root / "themes.toml", root)) if (
            root / "themes.toml").is_file() else frozenset()
        for i, v, k in _entries(data):
            _unique(i, templates, file, k, "templates.toml")
            templates[check_id(i, file, k)] = read_foe(v, refs, k, haunts)
    maps = {}
    for path in sorted((root / "maps").glob("*.toml")):
        label = file_label(path, root)
        refs = Refs(label, terrain=terrain)
        maps[path.stem] = read_map(load_toml(path, root), refs, "", path.stem)
    return Library(
        root, MappingProxyType(weapons), MappingProxyType(armour), MappingProxyType(terrain),
        MappingProxyType(templates), MappingProxyType(maps), assets_hash(root),
        MappingProxyType(supplies),
    )


def _unique(ident: str, taken: Mapping[str, object], file: str, key: str, other: str) -> None:
    """Fail when `ident` is already an id of `other`: ids are unique across both files."""
    if ident in taken:
        raise fail(file, key, f"id {show(ident)} is already taken in {other}")


def _entries(data: Mapping[str, object]) -> list[tuple[str, object, str]]:
    """Return (id, value, key) for each top-level entry of an asset file, in file order."""
    return [(ident, value, join_key("", ident)) for ident, value in data.items()]


def scenario_names(root: Path | None = None) -> list[str]:
    """Return the sorted ids of `scenarios/*.toml` under `root` (default: `asset_root()`)."""
    folder = (asset_root() if root is None else root) / "scenarios"
    return sorted(p.stem for p in folder.glob("*.toml") if p.is_file())


def _scenario_path(name_or_path: str, root: Path) -> Path:
    """Return the file of a scenario given by name or by path (a path ends in .toml or has a /)."""
    if name_or_path.endswith(".toml") or "/" in name_or_path or os.sep in name_or_path:
        return Path(name_or_path)
    path = root / "scenarios" / f"{name_or_path}.toml"
    if not FILE_ID_PATTERN.fullmatch(name_or_path) or not path.is_file():  # a name is an id
        available = ", ".join(scenario_names(root)) or "none"
        message = f"unknown scenario {show(name_or_path)} (available: {available})"
        raise AssetError(one_line(message))
    return path


def load_scenario(
    name_or_path: str, library: Library | None = None, rules: str | None = None
) -> Scenario:
    """Load a scenario by name (`scenarios/<name>.toml`) or path, resolved against `library`.

    Every combatant's weapons must carry what the ruleset needs: `rules` (the `--rules`
    override) or else the scenario's own.
    """
    library = load_library() if library is None else library
    path = _scenario_path(name_or_path, library.root)
    file = file_label(path, library.root)
    refs = Refs(
        file, library.weapons, library.armour, library.terrain, library.templates, library.maps,
        library.supplies,
    )
    scenario = read_scenario(load_toml(path, library.root, MAX_SCENARIO_BYTES), refs, path.stem)
    return check_arms(scenario, get_ruleset(rules or scenario.ruleset), file)
