"""`generate(seed, spec, materials)`: a whole scenario from a seed, retried until it is fair.

Streams (each a `Stream` keyed by the seed and bout, never by anything the player chose): the
theme order of the run, the shape and radius, the roster, and one map stream per attempt.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arena.hexgrid import Hex
from arena.model.scenario import CombatantSpec, Scenario, SideSpec
from arena.model.terrain import HexMap, Terrain
from arena.procgen.checks import MIN_ZONE_DISTANCE, passable, problems, zone_distance
from arena.procgen.deploy import Zone, anchors, facings, mirror_zone, zone
from arena.procgen.dress import Dresser
from arena.procgen.encounter import Encounter, draw_encounter
from arena.procgen.rng import Stream
from arena.procgen.shapes import build_outline, disc, largest_region
from arena.procgen.spec import GENERATOR_VERSION, GenError, GenSpec, Materials
from arena.procgen.theme import Theme
from arena.rules import RULESETS

MAX_ATTEMPTS = 64
MIN_RADIUS, MAX_RADIUS = 3, 30
SIDES = (SideSpec("Your company", "#2e86c1"),)
FOE_COLOUR = "#c0392b"
MAX_ROUNDS = 100


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated scenario with what the catalog reports about how it was made."""

    scenario: Scenario
    theme: Theme
    shape: str
    retries: int
    zones: tuple[Zone, Zone]
    encounter: Encounter


def check_spec(seed: int, spec: GenSpec, materials: Materials) -> None:
    """Refuse a request the generator cannot honour, in one line."""
    if seed < 0:
        raise GenError(f"seed must be 0 or more, got {seed}")
    if spec.ruleset not in RULESETS:
        known = ", ".join(sorted(RULESETS))
        raise GenError(f"unknown ruleset '{spec.ruleset}' (available: {known})")
    if spec.bout < 1:
        raise GenError(f"bout must be 1 or more, got {spec.bout}")
    if spec.theme is not None and spec.theme not in materials.themes:
        known = ", ".join(sorted(materials.themes))
        raise GenError(f"unknown theme '{spec.theme}' (available: {known})")
    if spec.radius is not None and not MIN_RADIUS <= spec.radius <= MAX_RADIUS:
        raise GenError(f"radius must be {MIN_RADIUS}..{MAX_RADIUS}, got {spec.radius}")
    if spec.budget is not None and spec.budget < 1:
        raise GenError(f"budget must be 1 or more, got {spec.budget}")


def pick_theme(seed: int, spec: GenSpec, materials: Materials) -> Theme:
    """The theme asked for, else the bout's place in a seeded order of all themes.

    Bouts 1..n of one seed walk a shuffled list of the n themes, so the first fights of a run
    never repeat a theme while there are enough of them.
    """
    if spec.theme is not None:
        return materials.themes[spec.theme]
    order = Stream("themes", seed).shuffled(sorted(materials.themes))
    return materials.themes[order[(spec.bout - 1) % len(order)]]


def generate(seed: int, spec: GenSpec, materials: Materials) -> Scenario:
    """The scenario for `seed` and `spec`: the same every time, on every machine."""
    return build(seed, spec, materials).scenario


def build(seed: int, spec: GenSpec, materials: Materials) -> Generated:
    """Generate with the bookkeeping the catalog prints (shape, theme, retries, threat)."""
    check_spec(seed, spec, materials)
    theme = pick_theme(seed, spec, materials)
    setup = Stream("setup", seed, spec.bout, theme.id)
    shape = setup.weighted(list(theme.shapes))
    radius = spec.radius if spec.radius is not None else setup.between(*theme.radius)
    encounter = draw_encounter(seed, spec, materials, theme.id)
    for attempt in range(MAX_ATTEMPTS):
        rng = Stream("map", seed, spec.bout, theme.id, int(spec.symmetric), attempt)
        made = _attempt(seed, spec, materials, theme, shape, radius, encounter, rng)
        if made is not None:
            scenario, zones = made
            return Generated(scenario, theme, shape, attempt, zones, encounter)
    raise GenError(f"seed {seed}: no {shape} arena of radius {radius} met the guarantees "
                   f"in {MAX_ATTEMPTS} attempts (try a larger radius or another theme)")


def _cells(
    materials: Materials, theme: Theme, radius: int, ground: set[Hex], gap: frozenset[Hex]
) -> dict[Hex, Terrain]:
    """The bare map: open ground of the fill, the gap, walls everywhere else."""
    kinds = materials.terrain
    wall, fill, hole = kinds[theme.wall], kinds[theme.fill], kinds[theme.gap]
    return {h: fill if h in ground else hole if h in gap else wall for h in disc(radius)}


def _attempt(
    seed: int, spec: GenSpec, materials: Materials, theme: Theme, shape: str, radius: int,
    encounter: Encounter, rng: Stream,
) -> tuple[Scenario, tuple[Zone, Zone]] | None:
    """One try at a map and deployment; None if any guarantee fails."""
    outline = build_outline(shape, radius, rng, spec.symmetric)
    ground = largest_region(set(outline.open)) if outline.open else set()
    if spec.symmetric and any(Hex(-h.q, -h.r) not in ground for h in ground):
        return None
    sizes = (len(encounter.company), len(encounter.foes))
    if len(ground) < 4 * sum(sizes):
        return None
    cells = _cells(materials, theme, radius, ground, outline.gap)
    dresser = Dresser(cells, set(ground), outline.keep, rng, spec.symmetric)
    for feature in theme.features:
        dresser.lay(feature, materials.terrain[feature.terrain])
    open_ground = dresser.ground
    axis = rng.pick((0, 3)) if shape in ("hall", "rooms") else rng.below(6)
    a, b = anchors(open_ground, axis, spec.symmetric)
    zone_a = zone(open_ground, a, sizes[0])
    zone_b = mirror_zone(zone_a) if spec.symmetric else zone(open_ground, b, sizes[1])
    if len(zone_a) < sizes[0] or len(zone_b) < sizes[1] or set(zone_a) & set(zone_b):
        return None
    if zone_distance(zone_a, zone_b) < MIN_ZONE_DISTANCE:
        return None
    face_a, face_b = facings(a, b, spec.symmetric)
    combatants = (
        *_place(encounter.company, 0, zone_a, face_a),
        *_place(encounter.foes, 1, zone_b, face_b),
    )
    ident = scenario_id(seed, spec, theme)
    hexmap = HexMap(ident, theme.name, radius, {h: cells[h] for h in sorted(cells)})
    if problems(hexmap, (zone_a, zone_b), combatants, spec.symmetric):
        return None
    assert passable(hexmap) == open_ground
    description = (f"Generated arena (generator {GENERATOR_VERSION}): seed {seed}, bout "
                   f"{spec.bout}, {shape} {theme.name.lower()}, radius {radius}; threat "
                   f"{encounter.company_threat} against {encounter.foe_threat}.")
    sides = (*SIDES, SideSpec(theme.foe, FOE_COLOUR))
    scenario = Scenario(ident, f"{theme.name} #{seed}", description, spec.ruleset, MAX_ROUNDS,
                        hexmap, sides, combatants)
    return scenario, (zone_a, zone_b)


def _place(members: tuple[CombatantSpec, ...], side: int, z: Zone, facing: int
           ) -> tuple[CombatantSpec, ...]:
    """The side's combatants on its zone's hexes, in order, all facing the same way."""
    return tuple(replace(c, side=side, at=h, facing=facing)
                 for c, h in zip(members, z, strict=False))


def scenario_id(seed: int, spec: GenSpec, theme: Theme) -> str:
    """`gen<version>-<ruleset>-s<seed>-b<bout>-<theme>[-sym]`: names the generator version."""
    sym = "-sym" if spec.symmetric else ""
    return f"gen{GENERATOR_VERSION}-{spec.ruleset}-s{seed}-b{spec.bout}-{theme.id}{sym}"


def generator_version(scenario_ident: str) -> int | None:
    """The generator version a scenario id names, or None for a hand-made scenario."""
    head = scenario_ident.split("-", 1)[0]
    return int(head[3:]) if head.startswith("gen") and head[3:].isdigit() else None
