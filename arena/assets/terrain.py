"""Terrain kinds and maps: `terrain.toml`, `maps/*.toml` and inline maps, both ways."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import cast

from arena.assets.common import NAME_LIMIT, Refs, check_id, lookup, read_glyph, text_id
from arena.assets.validate import Table, expect_pair, expect_table, fail, join_key, show
from arena.hexgrid import Hex, hexagon
from arena.model.terrain import HexMap, Surface, Terrain

TERRAIN_KEYS = (
    "name", "glyph", "surface", "blocks_move", "blocks_sight", "obstacle", "hazard", "cover",
    "move_cost",
)
MAP_KEYS = ("id", "name", "radius", "fill", "terrain", "patch")
PATCH_KEYS = ("terrain", "hexes")


def read_terrain(t: Table, ident: str) -> Terrain:
    """Build a terrain kind from its table."""
    return Terrain(
        id=ident,
        name=t.text("name", limit=NAME_LIMIT),
        glyph=read_glyph(t),
        surface=cast(Surface, t.string("surface", "soft", ("hard", "soft"))),
        blocks_move=t.flag("blocks_move", False),
        blocks_sight=t.flag("blocks_sight", False),
        obstacle=t.flag("obstacle", False),
        hazard=t.flag("hazard", False),
        cover=t.integer("cover", 0, 0, 3),
        move_cost=t.integer("move_cost", 1, 1, 4),
    )


def _terrain_kinds(t: Table, refs: Refs) -> Mapping[str, Terrain]:
    """Return a map's inline `terrain` kinds, or the library's when it gives none."""
    if not t.has("terrain"):
        return refs.terrain
    kinds = {}
    for ident, value in expect_table(t.raw("terrain"), t.file, t.path("terrain")).items():
        key = join_key(t.path("terrain"), ident)
        table = Table(value, t.file, key, TERRAIN_KEYS)
        kinds[ident] = read_terrain(table, check_id(ident, t.file, key))
    return kinds


# Maps are bounded by their hexes (what the engine's work grows with), not by a radius: the
# largest battle the engine is measured on, 2,000 combatants on radius 40 (4,921 hexes;
# benchmarks/bench_scale.py), fits with room to spare. docs/security.md lists the limit.
MAX_MAP_HEXES = 10_000
MAX_RADIUS = max(r for r in range(1, 100) if 3 * r * (r + 1) + 1 <= MAX_MAP_HEXES)  # 57
MAX_PATCH_HEXES = 10_000  # at least every hex of the largest map (`map_to_dict` lists fewer)


def _radius(t: Table) -> int:
    """The map's radius, refused when its hexagon would hold more than MAX_MAP_HEXES hexes."""
    radius = t.integer("radius", lo=1)
    count = 3 * radius * (radius + 1) + 1
    if count > MAX_MAP_HEXES:
        raise fail(t.file, t.path("radius"), f"radius {radius} gives {count:,} hexes; a map "
                   f"holds at most {MAX_MAP_HEXES:,} (radius {MAX_RADIUS})")
    return radius


def read_map(value: object, refs: Refs, key: str, default_id: str | None) -> HexMap:
    """Read a map: a hexagon of `fill` terrain with `[[patch]]` hexes laid over it in order."""
    t = Table(value, refs.file, key, MAP_KEYS)
    ident = text_id(t, default_id)
    name, radius = t.text("name", limit=NAME_LIMIT), _radius(t)
    kinds = _terrain_kinds(t, refs)
    fill = lookup(kinds, "terrain", t.string("fill"), t.file, t.path("fill"))
    cells = dict.fromkeys(hexagon(radius), fill)
    listed = 0
    for patch_key, patch_value in t.items("patch", optional=True):
        patch = Table(patch_value, t.file, patch_key, PATCH_KEYS)
        terrain = lookup(kinds, "terrain", patch.string("terrain"), t.file, patch.path("terrain"))
        hexes = patch.raw("hexes")
        listed += len(hexes) if isinstance(hexes, list) else 0
        if listed > MAX_PATCH_HEXES:  # counted before any hex is read (docs/security.md)
            raise fail(t.file, patch.path("hexes"),
                       f"patches list more than {MAX_PATCH_HEXES} hexes in all")
        for hex_key, hex_value in patch.items("hexes"):
            h = Hex(*expect_pair(hex_value, t.file, hex_key))
            if h not in cells:
                raise fail(t.file, hex_key, f"hex [{h.q}, {h.r}] is outside radius {radius}")
            cells[h] = terrain
    return HexMap(ident, name, radius, {h: cells[h] for h in sorted(cells)})


def map_ref(t: Table, refs: Refs) -> HexMap:
    """Resolve `map`: a map id, or an inline map table."""
    value = t.raw("map")
    if isinstance(value, str):
        return lookup(refs.maps, "map", value, t.file, t.path("map"))
    if isinstance(value, dict):
        return read_map(value, refs, t.path("map"), None)
    raise fail(t.file, t.path("map"), f"expected a map id or a table, got {show(value)}")


def _terrain_to_dict(t: Terrain) -> dict[str, object]:
    """Return the inline table of a terrain kind."""
    table: dict[str, object] = {
        "name": t.name, "glyph": t.glyph, "surface": t.surface, "blocks_move": t.blocks_move,
        "blocks_sight": t.blocks_sight, "obstacle": t.obstacle, "hazard": t.hazard,
        "cover": t.cover,
    }
    if t.move_cost != 1:  # written only when it differs, so older files keep their bytes
        table["move_cost"] = t.move_cost
    return table


def map_to_dict(m: HexMap) -> dict[str, object]:
    """Return a map inline: its terrain kinds, the most common one as fill, the rest as patches."""
    counts = Counter(t.id for t in m.cells.values())
    fill = min(counts, key=lambda ident: (-counts[ident], ident))
    kinds = {t.id: t for t in m.cells.values()}
    patches = [
        {"terrain": ident, "hexes": [[h.q, h.r] for h in sorted(m.cells) if m.cells[h].id == ident]}
        for ident in sorted(kinds) if ident != fill
    ]
    return {
        "id": m.id, "name": m.name, "radius": m.radius, "fill": fill,
        "terrain": {ident: _terrain_to_dict(kinds[ident]) for ident in sorted(kinds)},
        "patch": patches,
    }
