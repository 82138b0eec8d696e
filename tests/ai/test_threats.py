"""The `tactical` AI reads threats right: an enemy's blows in its next turn; an archer's reach.

The engine keeps a combatant's memory of its turn (attacks made) until its next turn starts; in
`becmi`, `adnd` and `d40` one attack a turn means that memory refuses a second blow. A threat is
what the enemy can do when its turn comes, so an enemy that struck last turn is as dangerous.
"""

from __future__ import annotations

import dataclasses

import esper
import pytest

from arena.ai.candidates import Planner
from arena.battle.core import Battle
from arena.ecs.components import Health, TurnMemory
from arena.hexgrid import Hex, hex_distance
from arena.model.commands import EndTurn, Move
from tests.ai.test_tactical import BECMI, turn_of, who
from tests.factories import LONGSWORD, SHORTBOW, arena_map, scenario


def _exposure(struck_last_turn: bool) -> float:
    """Ann's rating of holding her hex next to an Orc that did or did not strike last turn."""
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD),
                 who("Orc", 1, Hex(1, 0), LONGSWORD,
                     facing=3, str=18),
                 hexmap=arena_map(6))
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        if struck_last_turn:
            esper.component_for_entity(2, TurnMemory).attacks = 1
        _, ranked = battle.roster.explain(1)
        hold = next(c for c in ranked if isinstance(c.command, EndTurn))
        return hold.rating.terms.get("exposure", 0.0)


def test_an_enemy_that_struck_last_turn_still_threatens_the_hex_next_to_it():
    fresh, struck = _exposure(False), _exposure(True)
    assert fresh < 0
    assert struck == fresh


def test_a_wounded_fighter_does_not_trade_blows_with_a_foe_that_just_struck_it():
    # Ann at 2 of 12 HP beside an Orc (Strength 18) that struck her last turn, Bea two hexes
    # behind her (Cid and Dee beside Bea: three fresh allies hold the line against one foe,
    # HOLD_LINE): the Orc's
    # next blow would likely fell her, so she falls back to Bea rather than swing (the Orc's
    # memory of last turn made it look harmless before).
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD),
                 who("Bea", 0, Hex(-4, 0), LONGSWORD),
                 who("Orc", 1, Hex(1, 0), LONGSWORD, facing=3, str=18, hp=30),
                 who("Cid", 0, Hex(-4, 1), LONGSWORD),
                 who("Dee", 0, Hex(-5, 1), LONGSWORD),
                 hexmap=arena_map(7))
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        esper.component_for_entity(1, Health).hp = 2
        esper.component_for_entity(3, TurnMemory).attacks = 1
        command = battle.decide()
        assert isinstance(command, Move) and hex_distance(command.to, Hex(-4, 0)) <= 2, command


def test_it_closes_in_on_an_archer_instead_of_waiting_on_the_edge_of_its_range(
        monkeypatch: pytest.MonkeyPatch):
    # The Orc shoots anything it sees: waiting outside its "strike zone" only hands it free
    # shots, so Ann walks as far as her AP go (6 hexes), where against a swordsman she waits.
    s = scenario(who("Ann", 0, Hex(-6, 0), LONGSWORD),
                 who("Orc", 1, Hex(4, 0), SHORTBOW, facing=3), hexmap=arena_map(8))
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        command = battle.decide()
        assert isinstance(command, Move) and command.to == Hex(0, 0), command
    # Counting the archer's sight as a zone to wait outside of, she would not walk in.
    monkeypatch.setattr(Planner, "in_melee_zone",
                        lambda self, spot, enemies: any(self.reaches(e, spot) for e in enemies))
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        command = battle.decide()
        assert not (isinstance(command, Move) and command.to == Hex(0, 0)), command
