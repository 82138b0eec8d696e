"""The `tactical` AI, issue 14 follow-up: waiting on the edge, re-arming, two on one, danger.

Small hand-made positions in `becmi` (docs/ai.md, "Follow-up"). Each test also shows the
choice turns on the term it pins: with that term's weight at 0 the choice differs.
"""

from __future__ import annotations

import dataclasses

import esper
import pytest

from arena.ai import candidates as ai_candidates
from arena.ai import rating as ai_rating
from arena.ai import tactical as ai_tactical
from arena.ai.candidates import Planner
from arena.battle.core import Battle
from arena.ecs.components import Health
from arena.hexgrid import Hex, direction_to, hex_distance
from arena.model.commands import Attack, Move, PickUp
from tests.ai.test_tactical import BECMI, DAGGER, turn_of, who
from tests.factories import LONGSWORD, arena_map, scenario


def test_it_stops_on_the_edge_of_the_enemys_strike_zone_and_lets_it_come(
        monkeypatch: pytest.MonkeyPatch):
    # Orc: 6 AP, a blow costs 3, so it strikes anything within 3 steps + 1 of reach next turn.
    # Ann walks up to 5 hexes from it, not into the zone: the Orc's walk then leaves it no
    # blow, and Ann strikes first.
    s = scenario(who("Ann", 0, Hex(-6, 0), LONGSWORD),
                 who("Orc", 1, Hex(4, 0), LONGSWORD, facing=3), hexmap=arena_map(8))
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        command = battle.decide()
        assert isinstance(command, Move), command
        assert hex_distance(command.to, Hex(4, 0)) == 5
    # Without the walk stopped short, it would walk as far as its AP go: into the zone.
    monkeypatch.setattr(Planner, "closing", lambda self, actor, walked, enemies, foe: [walked])
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        command = battle.decide()
        assert isinstance(command, Move) and hex_distance(command.to, Hex(4, 0)) == 4


def test_a_bare_handed_fighter_picks_its_weapon_up_before_closing_in(
        monkeypatch: pytest.MonkeyPatch):
    # Its sword lies at its feet (a fumble): fists against a sword lose, re-arming comes first
    # (rated as any other tending, it would close in bare-handed).
    s = scenario(who("Ann", 0, Hex(-5, 0), LONGSWORD),
                 who("Orc", 1, Hex(5, 0), LONGSWORD, facing=3), hexmap=arena_map(7))
    s = dataclasses.replace(s, ruleset="becmi")
    for rearm, wanted in ((ai_tactical.REARM, PickUp), (ai_tactical.TEND, Move)):
        monkeypatch.setattr(ai_tactical, "REARM", rearm)
        with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
            battle.effects.drop(1, 0, None, 0)
            turn_of(battle, 1)
            command = battle.decide()
            assert isinstance(command, wanted), (rearm, command)


def test_it_gangs_up_on_the_foe_an_ally_already_fights(monkeypatch: pytest.MonkeyPatch):
    # Two like orcs at Ann's sword's length, both facing her; Bea already stands next to the
    # second one (#4). Two on one: Ann strikes #4; without GANG the tie goes to #3 (listed first).
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD),
                 who("Bea", 0, Hex(1, 1), LONGSWORD, facing=direction_to(Hex(1, 1), Hex(1, 0))),
                 who("Orc", 1, Hex(1, -1), LONGSWORD, facing=direction_to(Hex(1, -1), Hex(0, 0))),
                 who("Urk", 1, Hex(1, 0), LONGSWORD, facing=direction_to(Hex(1, 0), Hex(0, 0))))
    s = dataclasses.replace(s, ruleset="becmi")
    for gang, wanted in ((ai_rating.GANG, 4), (0.0, 3)):
        monkeypatch.setattr(ai_rating, "GANG", gang)
        with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
            turn_of(battle, 1)
            command = battle.decide()
            assert isinstance(command, Attack) and command.target == wanted, (gang, command)


def test_a_wounded_fighter_strikes_first_at_the_foe_that_could_fell_it(
        monkeypatch: pytest.MonkeyPatch):
    # Ann (5 HP) between a strong orc (Strength 18, fresh, 20 HP) and a weak one (Strength 3,
    # 12 HP): the weak one is the easier blow, but the strong one could kill her next turn.
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD, hp=30),
                 who("Weak", 1, Hex(-1, 0), DAGGER, facing=0, hp=12, str=3, ac=9),
                 who("Strong", 1, Hex(1, 0), LONGSWORD, facing=3, hp=20, str=18, ac=5))
    s = dataclasses.replace(s, ruleset="becmi")
    monkeypatch.setattr(ai_rating, "EFFICIENCY", 0.0)  # threat per HP also favours Strong
    for danger, wanted in ((ai_rating.DANGER, 3), (0.0, 2)):
        monkeypatch.setattr(ai_rating, "DANGER", danger)
        with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
            esper.component_for_entity(1, Health).hp = 5
            turn_of(battle, 1)
            command = battle.decide()
            assert isinstance(command, Attack) and command.target == wanted, (danger, command)


def test_walk_and_attack_looks_only_at_the_nearest_enemies_in_reach():
    # Pruning for speed: a crowd of eight foes in reach, only WALK_FOES of them rated.
    foes = [who(f"Orc {i}", 1, Hex(3, i - 4), LONGSWORD, facing=3) for i in range(8)]
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD), *foes, hexmap=arena_map(6))
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        _, ranked = battle.roster.explain(1)
        targets = {c.label.rsplit(" ", 1)[-1] for c in ranked if c.label.startswith("walk to")}
        assert 0 < len(targets) <= ai_candidates.WALK_FOES
