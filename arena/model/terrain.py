"""Terrain kinds and the hex map of a battle."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from arena.hexgrid import Hex, line_of_sight

MEMO_LIMIT = 1 << 18  # pairs remembered per map before the memo starts over

Surface = Literal["hard", "soft"]


@dataclass(frozen=True, slots=True)
class Terrain:
    """One kind of hex (`assets/terrain.toml`): how it looks and what it blocks.

    `cover` (quarters, 0..3) is what the hex gives a combatant right behind it against
    missiles that cross it: a low wall that does not block sight gives 2 (half cover).
    `move_cost` multiplies the AP of a step into the hex: 2 on difficult ground (rubble, mud).
    """

    id: str
    name: str
    glyph: str
    surface: Surface = "soft"
    blocks_move: bool = False
    blocks_sight: bool = False
    obstacle: bool = False
    hazard: bool = False
    cover: int = 0
    move_cost: int = 1


@dataclass(frozen=True, slots=True)
class HexMap:
    """A hexagonal battlefield: every hex within `radius` of the origin has a terrain."""

    id: str
    name: str
    radius: int
    cells: Mapping[Hex, Terrain]
    # What sight and cover between two hexes come to: they read only the cells, which never
    # change, so a battle keeps them (arena/ecs/cover.py); not part of the map's value.
    cover_memo: dict[tuple[Hex, Hex], int] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    sight_memo: dict[tuple[Hex, Hex], bool] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def terrain(self, h: Hex) -> Terrain | None:
        """The terrain at `h`, or None outside the map."""
        return self.cells.get(h)

    def passable(self, h: Hex) -> bool:
        """True when a combatant may stand on `h` (on the map and not a wall)."""
        t = self.cells.get(h)
        return t is not None and not t.blocks_move

    def difficult(self) -> dict[Hex, str]:
        """The hexes whose step costs more (rubble, mud), with their terrain's name."""
        return {h: t.name for h, t in sorted(self.cells.items()) if t.move_cost > 1}

    def sees(self, a: Hex, b: Hex) -> bool:
        """Line of sight between `a` and `b` on this map (`hexgrid.line_of_sight`), memoised."""
        key = (a, b) if a <= b else (b, a)
        seen = self.sight_memo.get(key)
        if seen is None:
            if len(self.sight_memo) >= MEMO_LIMIT:
                self.sight_memo.clear()
            seen = self.sight_memo[key] = line_of_sight(key[0], key[1], self.blocks_sight)
        return seen

    def blocks_sight(self, h: Hex) -> bool:
        """True when `h` blocks line of sight (off-map hexes block too)."""
        t = self.cells.get(h)
        return t is None or t.blocks_sight
