"""Difficult ground (rubble, mud): a step into it costs its `move_cost` times the ruleset's step."""

from __future__ import annotations

import pytest

from arena.assets import load_library
from arena.assets.generated import generate_checked
from arena.assets.terrain import TERRAIN_KEYS, read_terrain
from arena.assets.validate import Table
from arena.battle.core import Battle
from arena.battle.narrate import narrate
from arena.ecs.events import Moved, Refused
from arena.errors import ArenaError
from arena.hexgrid import Hex, hexagon
from arena.model.commands import Move
from arena.model.terrain import HexMap, Terrain
from arena.procgen import GenSpec
from arena.rules.ap import ApRuleset
from tests.factories import FLOOR, ap_stats, fighter, scenario

AP = ApRuleset()
MUD = Terrain("mud", "Mud", ";", move_cost=2)


def muddy(mud: tuple[Hex, ...]) -> HexMap:
    """A radius-4 floor with mud on the given hexes."""
    return HexMap("test", "Test", 4, {h: (MUD if h in mud else FLOOR) for h in hexagon(4)})


def duel(mud: tuple[Hex, ...], ann_at: Hex = Hex(0, 0)) -> Battle:
    """Ann (speed 6, acts first) and Bob far away on a floor with mud."""
    s = scenario(fighter("Ann", 0, ann_at, stats=ap_stats(dex=9)),
                 fighter("Bob", 1, Hex(0, 4), facing=3), hexmap=muddy(mud))
    return Battle(s, AP, seed=5, dice_script=[15, 1])


def test_a_step_into_mud_costs_twice_the_rulesets_step():
    with duel(mud=(Hex(1, 0),)) as b:
        (moved,) = b.apply(Move(1, Hex(1, 0)))
        assert isinstance(moved, Moved)
        assert (moved.ap_spent, moved.ap_left) == (2, 4)


def test_leaving_mud_costs_only_the_hex_entered():
    with duel(mud=(Hex(0, 0),)) as b:
        (moved,) = b.apply(Move(1, Hex(1, 0)))
        assert isinstance(moved, Moved) and moved.ap_spent == 1


def test_the_path_goes_around_mud_when_that_is_cheaper():
    # Straight east through two muddy hexes costs 2 + 2 + 1 = 5; around them, 4 dry steps.
    with duel(mud=(Hex(1, 0), Hex(2, 0))) as b:
        (moved,) = b.apply(Move(1, Hex(3, 0)))
        assert isinstance(moved, Moved)
        assert not {Hex(1, 0), Hex(2, 0)} & set(moved.path)
        assert moved.ap_spent == len(moved.path) - 1 == 4


def test_a_band_of_mud_is_crossed_at_one_hex_for_one_extra_ap():
    band = tuple(h for h in hexagon(4) if h.q == 1)
    with duel(mud=band) as b:
        (moved,) = b.apply(Move(1, Hex(2, 0)))
        assert isinstance(moved, Moved)
        assert len(set(moved.path) & set(band)) == 1 and moved.ap_spent == 3


def test_a_walk_through_mud_beyond_the_ap_is_refused_and_spends_nothing():
    mud = tuple(h for h in hexagon(4) if h != Hex(0, 0))
    with duel(mud=mud) as b:
        (refused,) = b.apply(Move(1, Hex(4, 0)))
        assert isinstance(refused, Refused)
        assert refused.reason == "needs 8 AP for 4 hexes, has 6"
        (moved,) = b.apply(Move(1, Hex(3, 0)))
        assert isinstance(moved, Moved) and (moved.ap_spent, moved.ap_left) == (6, 0)


def test_move_cost_out_of_range_is_a_load_error():
    table = Table({"name": "bog", "glyph": "&", "move_cost": 9}, "terrain.toml", "bog",
                  TERRAIN_KEYS)
    with pytest.raises(ArenaError, match=r"terrain.toml: bog.move_cost"):
        read_terrain(table, "bog")


def test_rubble_is_hard_difficult_ground_and_mud_soft():
    terrain = load_library().terrain
    assert (terrain["rubble"].surface, terrain["rubble"].move_cost) == ("hard", 2)
    assert (terrain["mud"].surface, terrain["mud"].move_cost) == ("soft", 2)


def test_generated_quarries_and_crypts_have_difficult_ground():
    library = load_library()
    found = set()
    for seed in range(1, 13):
        for theme in ("quarry", "crypt"):
            made = generate_checked(seed, GenSpec(ruleset="d40", theme=theme), library)
            if any(t.move_cost > 1 for t in made.scenario.map.cells.values()):
                found.add(theme)
    assert found == {"quarry", "crypt"}


def test_the_log_names_the_difficult_ground_a_walk_paid_for():
    with duel(mud=(Hex(1, 0),)) as b:
        (moved,) = b.apply(Move(1, Hex(2, 0)))
        rough = b.scenario.map.difficult()
        assert rough == {Hex(1, 0): "Mud"}
        assert narrate(moved, {1: "Ann"}, {}, rough=rough) == (
            "Ann moves 2 hexes from (0, 0) to (2, 0), facing E "
            "(3 AP: 1 hex of difficult ground (Mud); 3 left)")
        assert narrate(moved, {1: "Ann"}, {}) == (
            "Ann moves 2 hexes from (0, 0) to (2, 0), facing E (3 AP, 3 left)")
