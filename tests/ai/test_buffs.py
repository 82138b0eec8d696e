"""The tactical AI's area buffs: a timed one before a chant, and only once the fight is at hand."""

from __future__ import annotations

import dataclasses

from arena.battle.core import Battle
from arena.hexgrid import Hex
from arena.model.commands import EndTurn, Invoke
from arena.model.scenario import CombatantSpec
from arena.model.stats import StatBlock, Weapon
from arena.rules.adnd import AdndRuleset
from arena.rules.adnd.stats import FIELDS
from tests.factories import LONGSWORD, SHORTBOW, arena_map, fighter, scenario

ADND = AdndRuleset()


def who(name: str, side: int, at: Hex, weapon: Weapon = LONGSWORD, facing: int = 0,
        **values: object) -> CombatantSpec:
    """An `adnd` combatant holding one weapon; `values` override the stat block's defaults."""
    spec = fighter(name, side, at, facing, weapons=(weapon,))
    block = {f.name: f.default for f in FIELDS} | values
    return dataclasses.replace(spec, stats={"adnd": StatBlock("adnd", block)})  # type: ignore[arg-type]


def decide_for(battle: Battle, actor: int, ai: str = "tactical") -> object:
    """End the others' turns until `actor`'s, then what `ai` has it do."""
    battle.roster.configure(ai, "normal", 2)
    for _ in range(10):
        if battle.active == actor:
            return battle.decide()
        active = battle.active
        assert active is not None
        battle.apply(EndTurn(active))
    raise AssertionError(f"#{actor} never got a turn")


def test_a_priest_prays_before_it_chants_once_the_fight_is_at_hand():
    # A chant ends when its caster starts anything else, prayer included, and each buff is
    # started once a battle: chanting first would give the prayer up for good.
    faye = who("Faye", 0, Hex(-4, 0), **{"class": "priest", "level": 3,
                                         "abilities": "chant,prayer"})
    s = scenario(faye, who("Ann", 0, Hex(0, 0)), who("Bob", 1, Hex(2, 0), facing=3),
                 hexmap=arena_map(6))
    with Battle(dataclasses.replace(s, ruleset="adnd"), ADND, seed=5) as battle:
        assert decide_for(battle, 1) == Invoke(1, "prayer")
        battle.apply(Invoke(1, "prayer"))
        assert battle.decide() == Invoke(1, "chant")  # the 3 AP left start the chant
        battle.apply(Invoke(1, "chant"))
        assert battle.decide() == EndTurn(1)  # and it keeps chanting
    with Battle(dataclasses.replace(s, ruleset="adnd"), ADND, seed=5) as battle:
        assert decide_for(battle, 1, "basic") == Invoke(1, "chant")  # basic: the first listed


def test_a_timed_buff_waits_until_an_enemy_could_strike_or_shoot_an_ally():
    # Martial spirit lasts 3 rounds + 1 per level: started while the enemy is still walking up
    # it runs out before the fight does. Bob strikes 4 hexes away (3 steps and a blow).
    captain = who("Hale", 0, Hex(-4, 0), level=4, abilities="martial_spirit")
    spirit = Invoke(1, "martial_spirit")
    for bob, at, offered in ((LONGSWORD, Hex(4, 0), False), (LONGSWORD, Hex(0, 0), True),
                             (SHORTBOW, Hex(4, 0), True)):
        s = scenario(captain, who("Bob", 1, at, bob, facing=3), hexmap=arena_map(8))
        with Battle(dataclasses.replace(s, ruleset="adnd"), ADND, seed=5) as battle:
            decide_for(battle, 1)
            _, ranked = battle.roster.explain(1)
            assert (spirit in [c.command for c in ranked]) == offered, (at, bob.id, ranked[0])
        with Battle(dataclasses.replace(s, ruleset="adnd"), ADND, seed=5) as battle:
            assert decide_for(battle, 1, "basic") == spirit  # basic starts it at once
