"""Dressing an outline with a theme's features, never cutting the open ground in two.

Blocking features (pools, lines, scattered hexes) are laid one at a time and taken back if the
passable ground would fall apart (Brogue's `lakeDisruptsPassability`); in symmetric mode every
placement is mirrored through the centre.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from arena.hexgrid import Hex, hex_direction
from arena.model.terrain import Terrain
from arena.procgen.rng import Stream
from arena.procgen.shapes import near
from arena.procgen.theme import Feature


def mirrored(hexes: Iterable[Hex], symmetric: bool) -> set[Hex]:
    """`hexes`, plus their mirror images (−q, −r) in symmetric mode."""
    out = set(hexes)
    return out | {Hex(-h.q, -h.r) for h in out} if symmetric else out


class Dresser:
    """Lays features on the open ground of one map, keeping it in one piece."""

    def __init__(
        self, cells: dict[Hex, Terrain], ground: set[Hex], keep: frozenset[Hex], rng: Stream,
        sym: bool,
    ) -> None:
        self.cells, self.ground, self.keep, self.rng, self.sym = cells, ground, keep, rng, sym
        self.free = sorted(ground)
        self.blocked: set[Hex] = set()

    def _connected_without(self, lost: set[Hex]) -> bool:
        """Whether the open ground stays one region once `lost` is blocked.

        Only the open hexes around `lost` can fall apart, so a search from one of them stops
        as soon as it has met all the others (usually a few steps round the new obstacle).
        """
        rim = {n for h in lost for n in near(h) if n in self.ground and n not in lost}
        if not rim:
            return len(self.ground) > len(lost)
        start = min(rim)
        seen, queue, missing = {start}, deque([start]), len(rim) - 1
        while queue and missing:
            for n in near(queue.popleft()):
                if n in self.ground and n not in lost and n not in seen:
                    seen.add(n)
                    queue.append(n)
                    missing -= n in rim
        return missing == 0

    def _blob(self, size: int) -> set[Hex]:
        """A random blob of up to `size` open hexes grown from a random open hex."""
        start = self.rng.pick(self.free)
        blob, frontier = {start}, [start]
        while frontier and len(blob) < size:
            h = frontier[self.rng.below(len(frontier))]
            options = [n for n in near(h) if n in self.ground and n not in blob]
            if not options:
                frontier.remove(h)
                continue
            n = self.rng.pick(options)
            blob.add(n)
            frontier.append(n)
        return blob

    def _line(self, length: int) -> set[Hex]:
        """A straight run of up to `length` open hexes in a random direction."""
        h, step = self.rng.pick(self.free), hex_direction(self.rng.below(6))
        run = set()
        for _ in range(length):
            if h not in self.ground:
                break
            run.add(h)
            h = Hex(h.q + step.q, h.r + step.r)
        return run

    def _shape(self, feature: Feature) -> set[Hex]:
        """The hexes of one instance of `feature`."""
        if feature.form in ("patch", "pool"):
            return self._blob(self.rng.between(2, 9 if feature.form == "patch" else 5))
        if feature.form == "line":
            return self._line(self.rng.between(2, 4))
        return {self.rng.pick(self.free)}

    def lay(self, feature: Feature, terrain: Terrain) -> int:
        """Lay `feature` until it covers its share of the open ground; return hexes laid."""
        target, laid, tries = len(self.ground) * feature.share // 100, 0, 0
        while laid < target and tries < 4 * target + 8 and self.free:
            tries += 1
            hexes = mirrored(self._shape(feature), self.sym) & self.ground
            if terrain.blocks_move:
                hexes -= self.keep
                if feature.form in ("scatter", "line"):
                    hexes = {h for h in hexes if not self._beside_blocker(h)}
                if not hexes or not self._connected_without(hexes):
                    continue
                self.ground -= hexes
                self.blocked |= hexes
                self.free = [h for h in self.free if h not in hexes]
            for h in hexes:
                self.cells[h] = terrain
            laid += len(hexes)
        return laid

    def _beside_blocker(self, h: Hex) -> bool:
        """Whether a neighbour of `h` is already blocked by a feature (keeps lanes between)."""
        return any(n in self.blocked for n in near(h))
