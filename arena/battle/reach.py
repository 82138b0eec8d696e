"""Move-and-attack: the hex from which to strike an enemy out of reach, and the walk there.

`approach` tries every hex the actor can walk to with the AP it has and still pay for the
blow, reads the attack as it would be from there (`arena.ai.imagine`: distance, flank, rear,
run-up, cover and bystanders re-read for that hex, as the AI rates its own walks), and keeps
the one with the best exact chance to hit (then the most expected damage, then the cheapest
walk, then the hex). Nothing
changes: the walk and the blow go through the battle's door as two commands.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arena.ai.imagine import imagine, run_up_along
from arena.battle.core import Battle
from arena.ecs import queries
from arena.ecs.components import ActionPoints, Facing, Wielded
from arena.ecs.cover import cover_quarters
from arena.ecs.store import component_for_entity
from arena.errors import ArenaError
from arena.hexgrid import Hex, hex_distance, hex_neighbor, hex_ring, hex_spiral
from arena.model.terrain import HexMap
from arena.rules.base import AttackContext
from arena.rules.odds import attack_odds, has_odds

FULL_COVER = 4  # quarters: a missile is refused
LANE = 4  # the longest charge lane marked, in hexes of run-up


@dataclass(frozen=True, slots=True)
class Approach:
    """A walk then a blow: the path (both ends in), its AP, the blow's context and AP."""

    path: tuple[Hex, ...]
    walk_ap: int
    slot: int
    context: AttackContext
    attack_ap: int
    hit: Fraction  # the exact chance to hit from the end of the walk (0 without odds)

    @property
    def spot(self) -> Hex:
        """Where the blow is struck from."""
        return self.path[-1]


def approach(battle: Battle, actor: int, enemy: int, slot: int,
             options: tuple[str, ...] = ()) -> Approach | None:
    """The best walk after which `actor` can strike `enemy` with `slot` this turn, or None.

    None when no hex reachable with the AP left lets the blow be paid for and made (the
    caller shows the engine's own reason for the blow from where the actor stands).
    """
    battle.world.activate()
    ruleset, step = battle.ruleset, battle.ruleset.action_cost("move", None, False)
    if not step or enemy not in queries.living() or actor not in queries.living():
        return None
    ap = component_for_entity(actor, ActionPoints).current
    weapons = battle.attacks.weapons(actor)
    if slot >= len(weapons):
        return None
    weapon = weapons[slot]
    wielded = component_for_entity(actor, Wielded)
    if weapon.id in wielded.unloaded:
        return None
    here, there = queries.hex_of(actor), queries.hex_of(enemy)
    paths = battle.movement.paths_from(actor)
    taken = queries.occupants()
    base = battle.attacks.context(actor, enemy, slot, options)
    best: tuple[tuple[object, ...], Approach] | None = None
    for spot in hex_spiral(here, ap // step):
        walk = _walk(paths.distance(spot), step, ap, spot, here, taken)
        if walk is None or (not weapon.is_ranged and hex_distance(spot, there) > weapon.reach):
            continue
        if weapon.is_ranged and (cover_quarters(battle.scenario.map, spot, there) >= FULL_COVER
                                 or not battle.scenario.map.sees(spot, there)):
            continue
        path = paths.path_to(spot)
        if path is None:
            continue
        ctx = imagine(base, actor, enemy, spot, run_up_along(actor, path, there),
                      battle.scenario.map, ruleset.wants_bystanders, occupied=taken)
        cost = ruleset.attack_cost(ctx)
        if ruleset.attack_refusal(ctx) is not None or cost is None or walk + cost > ap:
            continue
        hit, damage = _hit(battle, ctx)
        found = Approach(tuple(path), walk, slot, ctx, cost, hit)
        key = (-hit, -damage, walk, spot)
        if best is None or key < best[0]:
            best = (key, found)
    return best[1] if best else None


def _walk(distance: int | None, step: int, ap: int, spot: Hex, here: Hex,
          taken: dict[Hex, int]) -> int | None:
    """The AP a walk to `spot` costs, or None: unreachable, unaffordable, taken or no walk."""
    if distance is None or spot == here or spot in taken or distance * step > ap:
        return None
    return distance * step


def _hit(battle: Battle, ctx: AttackContext) -> tuple[Fraction, Fraction]:
    """The exact chance to hit and expected damage (0, 0 where the odds are not computed)."""
    if not has_odds(battle.ruleset):
        return Fraction(0), Fraction(0)
    try:
        odds = attack_odds(battle.ruleset, ctx)
    except ArenaError:
        return Fraction(0), Fraction(0)
    return odds.hit, Fraction(odds.expected_damage)


def bonus_hexes(battle: Battle, actor: int, enemy: int, slot: int,
                options: tuple[str, ...] = ()) -> dict[Hex, str]:
    """The open hexes from which a blow at `enemy` earns a ruleset bonus, each with its name.

    Melee: the hexes in reach of the enemy where its side or rear pays (against the blow from
    its front), and the straight charge lanes where the ruleset counts a run-up. Missiles: the
    hexes the actor can walk to this turn from which the enemy has less cover than from here.
    """
    battle.world.activate()
    living = queries.living()
    if enemy not in living or actor not in living or not has_odds(battle.ruleset):
        return {}
    weapons = battle.attacks.weapons(actor)
    if slot >= len(weapons):
        return {}
    weapon, there = weapons[slot], queries.hex_of(enemy)
    base = battle.attacks.context(actor, enemy, slot, options)
    taken, hexmap = queries.occupants(), battle.scenario.map
    if weapon.is_ranged:
        return _clear_shots(battle, actor, there, taken)
    facing = component_for_entity(enemy, Facing).direction
    front = hex_neighbor(there, facing)
    plain = _rated(battle, imagine(base, actor, enemy, front, 0, hexmap, False, occupied=taken))
    if plain is None:
        return {}
    found: dict[Hex, str] = {}
    for distance in range(1, weapon.reach + 1):
        for h in hex_ring(there, distance):
            if (h in taken and h != queries.hex_of(actor)) or not _open(hexmap, h):
                continue
            named = _better(battle, plain, imagine(base, actor, enemy, h, 0, hexmap, False,
                                                   occupied=taken))
            if named:
                found[h] = named
    for h, named in _lanes(battle, base, actor, enemy, taken).items():
        found.setdefault(h, named)
    return found


def _lanes(battle: Battle, base: AttackContext, actor: int, enemy: int,
           taken: dict[Hex, int]) -> dict[Hex, str]:
    """The charge lanes: the hexes from which a straight walk at the enemy earns a run-up bonus.

    Each lane hex is named by what the run-up adds over a standing blow from the same hex.
    """
    hexmap, there, me = battle.scenario.map, queries.hex_of(enemy), queries.hex_of(actor)
    found: dict[Hex, str] = {}
    for direction in range(6):
        spot = hex_neighbor(there, direction)
        if (spot in taken and spot != me) or not _open(hexmap, spot):
            continue
        standing = _rated(battle, imagine(base, actor, enemy, spot, 0, hexmap, False,
                                          occupied=taken))
        back = spot
        for run in range(1, LANE + 1):
            back = hex_neighbor(back, direction)
            if (back in taken and back != me) or not _open(hexmap, back) or standing is None:
                break
            named = _better(battle, standing, imagine(base, actor, enemy, spot, run, hexmap,
                                                      False, occupied=taken))
            if named:
                found.setdefault(back, f"charge lane, {named}")
    return found


def _clear_shots(battle: Battle, actor: int, there: Hex,
                 taken: dict[Hex, int]) -> dict[Hex, str]:
    """The hexes the actor can walk to this turn with a clearer shot than from here."""
    hexmap, here = battle.scenario.map, queries.hex_of(actor)
    now = cover_quarters(hexmap, here, there) if hexmap.sees(here, there) else FULL_COVER
    step = battle.ruleset.action_cost("move", None, False)
    if not now or not step:
        return {}
    ap = component_for_entity(actor, ActionPoints).current
    paths, found = battle.movement.paths_from(actor), {}
    for h in hex_spiral(here, ap // step):
        if _walk(paths.distance(h), step, ap, h, here, taken) is None or not hexmap.sees(h, there):
            continue
        cover = cover_quarters(hexmap, h, there)
        if cover < now:
            found[h] = f"clear shot (cover {now}/4 -> {cover}/4)"
    return found


def _open(hexmap: HexMap, h: Hex) -> bool:
    """Whether `h` is on the map and can be stood on."""
    terrain = hexmap.terrain(h)
    return terrain is not None and not terrain.blocks_move


def _rated(battle: Battle, ctx: AttackContext) -> tuple[Fraction, Fraction, frozenset[str]] | None:
    """(hit chance, expected damage, the modifiers named) of a blow, or None without odds."""
    if battle.ruleset.attack_refusal(ctx) is not None:
        return None
    try:
        odds = attack_odds(battle.ruleset, ctx)
    except ArenaError:
        return None
    named = frozenset(f"{m.label} {m.value:+d}" for m in odds.modifiers) | frozenset(
        f"{m.label} {m.value:+d} {odds.target_label}" for m in odds.target_modifiers)
    return odds.hit, Fraction(odds.expected_damage), named


def _better(battle: Battle, plain: tuple[Fraction, Fraction, frozenset[str]],
            ctx: AttackContext) -> str:
    """The bonus a blow has over the plain one from the front ('' when none), by name."""
    rated = _rated(battle, ctx)
    if rated is None or (rated[0], rated[1]) <= (plain[0], plain[1]):
        return ""
    extra = sorted(rated[2] - plain[2])
    if extra:
        return ", ".join(extra)
    if ctx.run_up:
        return f"run-up: expected damage {float(plain[1]):.1f} -> {float(rated[1]):.1f}"
    return f"from the {ctx.position}"
