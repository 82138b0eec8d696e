"""Themes for generated arenas (`assets/themes.toml`), read strictly into `procgen.Theme`s."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import cast

from arena.assets.common import NAME_LIMIT, check_id, lookup
from arena.assets.validate import (
    Table,
    expect_int,
    expect_pair,
    expect_table,
    fail,
    file_label,
    join_key,
    load_toml,
)
from arena.model.terrain import Terrain
from arena.procgen import FORMS, SHAPES, Feature, Theme
from arena.procgen.theme import Form

THEME_KEYS = ("name", "foe", "radius", "shapes", "fill", "wall", "gap", "features")
FEATURE_KEYS = ("terrain", "form", "share")
RADIUS_RANGE = (4, 16)


def _radius(t: Table) -> tuple[int, int]:
    """Read `radius = [lo, hi]` within the generator's range."""
    lo, hi = expect_pair(t.raw("radius"), t.file, t.path("radius"))
    if not RADIUS_RANGE[0] <= lo <= hi <= RADIUS_RANGE[1]:
        message = f"must be [lo, hi] with {RADIUS_RANGE[0]} <= lo <= hi <= {RADIUS_RANGE[1]}"
        raise fail(t.file, t.path("radius"), message)
    return lo, hi


def _shapes(t: Table) -> tuple[tuple[str, int], ...]:
    """Read `shapes = { name = weight, ... }`: known shapes, weights 0..100, one above 0."""
    table = expect_table(t.raw("shapes"), t.file, t.path("shapes"))
    out = []
    for name in sorted(table):
        key = join_key(t.path("shapes"), name)
        if name not in SHAPES:
            raise fail(t.file, key, f"unknown shape (valid: {', '.join(SHAPES)})")
        out.append((name, expect_int(table[name], t.file, key, 0, 100)))
    if not any(w for _, w in out):
        raise fail(t.file, t.path("shapes"), "needs at least one shape with a weight above 0")
    return tuple(out)


def _feature(value: object, file: str, key: str, terrain: Mapping[str, Terrain]) -> Feature:
    """Read one `features` entry."""
    t = Table(value, file, key, FEATURE_KEYS)
    ident = t.string("terrain")
    lookup(terrain, "terrain", ident, file, t.path("terrain"))
    form = cast(Form, t.string("form", choices=FORMS))
    kind = terrain[ident]
    if form in ("patch",) and kind.blocks_move:
        raise fail(file, t.path("form"), f"a patch is open ground; {ident} blocks movement")
    if form in ("pool", "line", "scatter") and not kind.blocks_move:
        raise fail(file, t.path("form"), f"a {form} blocks movement; {ident} does not")
    return Feature(ident, form, t.integer("share", lo=0, hi=60))


def read_theme(value: object, file: str, key: str, terrain: Mapping[str, Terrain]) -> Theme:
    """Read one theme table, resolving its terrain ids against `terrain`."""
    t = Table(value, file, key, THEME_KEYS)

    def kind(name: str, blocking: bool) -> str:
        ident = t.string(name)
        found = lookup(terrain, "terrain", ident, file, t.path(name))
        if found.blocks_move != blocking:
            need = "block movement" if blocking else "be open ground"
            raise fail(file, t.path(name), f"{ident} must {need}")
        return ident

    features = tuple(_feature(v, file, k, terrain) for k, v in t.items("features", optional=True))
    return Theme(
        id=check_id(key.rsplit(".", 1)[-1], file, key), name=t.text("name", limit=NAME_LIMIT),
        foe=t.text("foe", limit=NAME_LIMIT), radius=_radius(t), shapes=_shapes(t),
        fill=kind("fill", False), wall=kind("wall", True), gap=kind("gap", True),
        features=features,
    )


def load_themes(root: Path, terrain: Mapping[str, Terrain]) -> Mapping[str, Theme]:
    """Read `root/themes.toml`: at least one theme."""
    path = root / "themes.toml"
    file = file_label(path, root)
    data = load_toml(path, root)
    themes = {ident: read_theme(value, file, join_key("", ident), terrain)
              for ident, value in data.items()}
    if not themes:
        raise fail(file, "", "defines no theme")
    return MappingProxyType(dict(sorted(themes.items())))
