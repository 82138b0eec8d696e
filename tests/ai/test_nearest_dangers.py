"""The AI weighs the nearest dangers and marks in a crowd: SHOOTERS_NEAR, TARGETS_NEAR, field."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from arena.ai import approach as ai_approach
from arena.ai import threats as ai_threats
from arena.ai.candidates import Planner
from arena.ai.field import Field
from arena.ai.imagine import OddsCache
from arena.ai.rating import EXPOSE
from arena.ai.threats import SHOOTERS_NEAR, TARGETS_NEAR
from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs import queries
from arena.hexgrid import Hex, hex_distance, hexagon
from arena.model.terrain import HexMap
from arena.rules import get_ruleset

Position = tuple[Battle, int, list[int], Planner]  # the battle, the actor, its enemies, a planner
# Twelve hexes around the origin: three at each distance 2, 3, 4 and 5 (ties at the bound).
RING = [h for d in (2, 3, 4, 5) for h in (Hex(d, 0), Hex(-d, 0), Hex(0, d))]


@contextmanager
def position(one: str, many: str, spots: list[Hex], radius: int = 10,
             walls: frozenset[Hex] = frozenset()) -> Iterator[Position]:
    """Skirmish's `one` (side 0) on the origin of a floor, pillars on `walls`, `many` on `spots`."""
    library = load_library()
    base = load_scenario("skirmish", library, None)
    floor, pillar = library.terrain["floor"], library.terrain["pillar"]
    hexmap = HexMap("open", "Open", radius,
                    {h: pillar if h in walls else floor for h in sorted(hexagon(radius))})
    specs = {c.name: c for c in base.combatants}
    placed = [dataclasses.replace(specs[one], at=Hex(0, 0))]
    placed += [dataclasses.replace(specs[many], name=f"{many} {i}", at=h)
               for i, h in enumerate(spots)]
    scenario = dataclasses.replace(base, map=hexmap, combatants=tuple(placed))
    ruleset = get_ruleset(scenario.ruleset)
    with Battle(scenario, ruleset, 1) as battle:
        actor = next(e for e in queries.living() if queries.hex_of(e) == Hex(0, 0))
        planner = Planner(battle.attacks, battle.movement, OddsCache(ruleset))
        planner.reset()
        yield battle, actor, planner.enemies(actor), planner


def nearest(spot: Hex, enemies: list[int], count: int) -> list[int]:
    """The `count` enemies nearest `spot`, ties by entity id, in entity-id order."""
    return sorted(sorted(enemies, key=lambda e: (hex_distance(spot, queries.hex_of(e)), e))[:count])


def test_exposure_weighs_only_the_nearest_archers_that_see_the_hex() -> None:
    with position("Brann", "Mira", RING) as (_, actor, enemies, planner):
        spot = Hex(0, 0)
        found = planner.strikers(spot, enemies)
        assert len(enemies) == 12 > SHOOTERS_NEAR == 8
        assert [e for e, _ in found] == nearest(spot, enemies, SHOOTERS_NEAR)
        kept = [hex_distance(spot, queries.hex_of(e)) for e, _ in found]
        assert sorted(kept) == [2, 2, 2, 3, 3, 3, 4, 4]  # the third at 4 loses on entity id
        total = sum(planner.threat(e, actor) * (1 - q / 4) for e, q in found)
        assert planner.weigh_exposure(actor, spot, enemies) == pytest.approx(EXPOSE * total)
        assert total > 0


def test_without_the_bound_every_archer_would_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_threats, "SHOOTERS_NEAR", 99)
    with position("Brann", "Mira", RING) as (_, _actor, enemies, planner):
        assert len(planner.strikers(Hex(0, 0), enemies)) == 12


def test_a_shooter_weighs_shots_at_its_nearest_marks_only(monkeypatch: pytest.MonkeyPatch) -> None:
    with position("Wren", "Aldo", RING) as (_, actor, enemies, planner):
        here = Hex(0, 0)
        kept = planner.strikable(actor, here, enemies)
        assert TARGETS_NEAR == 10
        assert kept == nearest(here, enemies, TARGETS_NEAR)
        assert sorted(hex_distance(here, queries.hex_of(e)) for e in kept)[-1] == 5
    monkeypatch.setattr(ai_threats, "TARGETS_NEAR", 99)
    with position("Wren", "Aldo", RING) as (_, actor, enemies, planner):
        assert planner.strikable(actor, Hex(0, 0), enemies) == enemies  # all twelve


def test_a_shooter_in_a_small_battle_weighs_every_enemy() -> None:
    with position("Wren", "Aldo", RING[:TARGETS_NEAR]) as (_, actor, enemies, planner):
        assert planner.strikable(actor, Hex(0, 0), enemies) == enemies


def test_the_windowed_distance_field_gives_the_whole_maps_steps() -> None:
    spots = [Hex(q, r) for q in range(6, 16, 2) for r in (-4, 0, 4)]  # far off to the east
    with position("Brann", "Aldo", spots, radius=18) as (battle, actor, enemies, planner):
        here = Hex(0, 0)
        near = [here, Hex(1, 0), Hex(2, -1), Hex(-1, 1), Hex(3, 0)]
        got = [planner.way_to_enemies(actor, h, enemies) for h in near]
        assert planner.field is not None and not planner.field.whole  # the window sufficed
        blocked = [queries.hex_of(e) for e in queries.living() if e != actor]
        goals = [n for e in enemies for n in battle.movement.hexmap.cells
                 if hex_distance(n, queries.hex_of(e)) == 1 and n not in blocked]
        whole = Field(battle.movement.base_costs, 18, goals, blocked)
        assert got == [whole.get(h) for h in near]
        assert got[0] == 5  # next to the nearest enemy (6, 0): five steps east


def test_the_index_keeps_who_stands_next_to_a_foe_through_moves_and_deaths() -> None:
    from arena.ecs import occupancy  # noqa: PLC0415
    from arena.hexgrid import hex_neighbors  # noqa: PLC0415

    scenario = load_scenario("skirmish", load_library(), None)
    checked = touching = 0
    with Battle(scenario, get_ruleset(scenario.ruleset), 3) as battle:
        for _ in range(300):
            if battle.over:
                break
            index = occupancy.index()
            for side in (0, 1):
                every = {e for e in index.living if index.side[e] == side and any(
                    (o := index.at.get(n)) is not None and index.side[o] != side
                    for n in hex_neighbors(index.where[e]))}
                assert index.contact.get(side, set()) == every
                touching += len(every)
            checked += 1
            battle.apply(battle.decide())
    assert checked > 50 and touching  # melee happened and deaths with it


WALL = frozenset(Hex(8, r) for r in range(-14, 15))  # a wall across the way east, open at its ends


@pytest.mark.parametrize("reach", [ai_approach.FIELD_REACH, 99])
def test_on_a_wide_map_a_far_enemy_is_reckoned_by_hex_distance(
        reach: int, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ai_approach.FIELD_MAP < 18 and ai_approach.FIELD_REACH < 15  # as shipped
    monkeypatch.setattr(ai_approach, "FIELD_REACH", reach)
    with position("Brann", "Aldo", [Hex(15, 0)], radius=18, walls=WALL) as (_, actor, enemies,
                                                                           planner):
        got = planner.way_to_enemies(actor, Hex(0, 0), enemies)
        if reach < 15:  # the bound: 14 steps by hex distance, no field searched
            assert (got, planner.field) == (14, None)
        else:  # without it: the walk around the wall, on the field
            assert got is not None and got > 14 and planner.field is not None


def test_on_a_map_no_wider_than_every_shipped_one_the_steps_are_searched() -> None:
    wall = frozenset(h for h in WALL if abs(h.r) <= 12)
    with position("Brann", "Aldo", [Hex(13, 0)], radius=ai_approach.FIELD_MAP,
                  walls=wall) as (_, actor, enemies, planner):
        got = planner.way_to_enemies(actor, Hex(0, 0), enemies)
        assert got is not None and got > 12 and planner.field is not None  # around the wall
