"""The generator's guarantees, checked on every map it returns (DESIGN.md; issue 12 point 3).

`problems` lists every broken guarantee in words; the generator retries with the next
sub-seed until the list is empty, and the invariant sweep in the tests calls it too.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from arena.hexgrid import Hex, hex_distance
from arena.model.scenario import CombatantSpec
from arena.model.terrain import HexMap
from arena.procgen.shapes import flood, near

# Deployment zones must be at least this many hexes apart (closest pair).
MIN_ZONE_DISTANCE = 4
# Maps with at least this many open hexes need two separate ways between the zones.
LOOP_MIN_OPEN = 40


def passable(hexmap: HexMap) -> set[Hex]:
    """Every hex a combatant may stand on."""
    return {h for h, t in hexmap.cells.items() if not t.blocks_move}


def zone_distance(a: Sequence[Hex], b: Sequence[Hex]) -> int:
    """The distance between the closest hexes of two zones."""
    return min(hex_distance(x, y) for x in a for y in b)


Node = tuple[Hex, int]  # (hex, 0) entering it, (hex, 1) leaving it
SOURCE: Node = (Hex(0, 0), -1)
SINK: Node = (Hex(0, 0), 2)


def disjoint_paths(ground: set[Hex], a: Sequence[Hex], b: Sequence[Hex], want: int = 2) -> int:
    """How many hex-disjoint paths join zone `a` to zone `b` over `ground`, up to `want`.

    Max flow with each hex split in two (entering, leaving; capacity 1 outside the zones, so
    paths may share a zone hex but no other): one path means a single corridor, or a single
    hex, whose loss would part the sides. The residual graph is walked without being built.
    """
    net = _Flow(ground, frozenset(a), frozenset(b), want)
    found = 0
    while found < want and net.augment():
        found += 1
    return found


class _Flow:
    """Flow through hexes (`through`) and along hex-to-hex steps (`step`), kept sparse."""

    def __init__(self, ground: set[Hex], a: frozenset[Hex], b: frozenset[Hex], wide: int):
        self.ground, self.a, self.b, self.wide = ground, a, b, wide
        self.through: dict[Hex, int] = {}
        self.step: dict[tuple[Hex, Hex], int] = {}
        self.into: dict[Hex, set[Hex]] = {}

    def _cap(self, h: Hex) -> int:
        """How many paths may pass through `h`."""
        return self.wide if h in self.a or h in self.b else 1

    def _next(self, node: Node) -> list[Node]:
        """Nodes reachable from `node` in the residual graph."""
        h, side = node
        if node == SOURCE:
            return [(x, 0) for x in sorted(self.a)]
        out: list[Node] = []
        used = self.through.get(h, 0)
        if side == 0:
            if used < self._cap(h):
                out.append((h, 1))
            back = self.into.get(h)
            if back:
                out.extend((p, 1) for p in sorted(back))
            return out
        if used > 0:
            out.append((h, 0))
        step, ground = self.step, self.ground
        for n in near(h):
            if n in ground and (not step or not step.get((h, n)) or step.get((n, h))):
                out.append((n, 0))
        if h in self.b:
            out.append(SINK)
        return out

    def augment(self) -> bool:
        """Push one more path from zone a to zone b; False when none fits."""
        back: dict[Node, Node] = {SOURCE: SOURCE}
        queue = deque([SOURCE])
        while queue and SINK not in back:
            u = queue.popleft()
            for v in self._next(u):
                if v not in back:
                    back[v] = u
                    queue.append(v)
        if SINK not in back:
            return False
        v = back[SINK]
        while v != SOURCE:
            u = back[v]
            self._push(u, v)
            v = u
        return True

    def _push(self, u: Node, v: Node) -> None:
        """Send one unit from u to v (or cancel one going the other way)."""
        (hu, su), (hv, _) = u, v
        if u == SOURCE or v == SINK:
            return
        if hu == hv:
            self.through[hu] = self.through.get(hu, 0) + (1 if su == 0 else -1)
        elif su == 1 and self.step.get((hv, hu), 0):
            self._add(hv, hu, -1)
        elif su == 1:
            self._add(hu, hv, 1)
        else:
            self._add(hv, hu, -1)

    def _add(self, src: Hex, dst: Hex, k: int) -> None:
        """Change the flow on the step src → dst by k."""
        value = self.step.get((src, dst), 0) + k
        self.step[(src, dst)] = value
        if value > 0:
            self.into.setdefault(dst, set()).add(src)
        else:
            self.into.get(dst, set()).discard(src)


def problems(
    hexmap: HexMap, zones: Sequence[Sequence[Hex]], combatants: Sequence[CombatantSpec],
    symmetric: bool,
) -> list[str]:
    """Every guarantee the map breaks, in words (empty when all hold)."""
    found: list[str] = []
    ground = passable(hexmap)
    for side, zone in enumerate(zones):
        if not zone or not all(h in ground for h in zone):
            found.append(f"deployment zone {side} is not all on passable hexes")
            return found
        if flood(zone[0], ground) != ground:
            found.append(f"some open hexes are unreachable from zone {side}")
    if zone_distance(zones[0], zones[1]) < MIN_ZONE_DISTANCE:
        found.append(f"deployment zones closer than {MIN_ZONE_DISTANCE} hexes")
    if len(ground) >= LOOP_MIN_OPEN and disjoint_paths(ground, zones[0], zones[1]) < 2:
        found.append("a single corridor joins the zones (no loop)")
    spots = [c.at for c in combatants]
    if len(set(spots)) != len(spots):
        found.append("two combatants share a hex")
    if any(c.at not in zones[c.side] for c in combatants):
        found.append("a combatant stands outside its side's zone")
    if symmetric:
        found.extend(_asymmetries(hexmap, combatants))
    return found


def _asymmetries(hexmap: HexMap, combatants: Sequence[CombatantSpec]) -> list[str]:
    """What breaks point symmetry (q, r) → (−q, −r) of terrain and deployment."""
    found = []
    if any(hexmap.cells.get(Hex(-h.q, -h.r)) != t for h, t in hexmap.cells.items()):
        found.append("terrain is not point-symmetric")
    spots = {(c.side, c.at) for c in combatants}
    if any((1 - side, Hex(-h.q, -h.r)) not in spots for side, h in spots):
        found.append("deployment is not point-symmetric")
    return found
