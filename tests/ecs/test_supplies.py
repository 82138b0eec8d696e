"""Consumables in battle (issue 19): the `use_item` command, its AP cost, healing and bleeding."""

from __future__ import annotations

import dataclasses

import esper
import pytest

from arena.assets import load_library, load_scenario, scenario_from_dict, scenario_to_dict
from arena.battle.core import Battle, Wounds
from arena.battle.narrate import narrate
from arena.ecs.components import ActionPoints, Conditions, Pack, Wielded
from arena.ecs.effects import weaken
from arena.ecs.events import Refused, Upkept, UsedItem
from arena.hexgrid import Hex
from arena.model.commands import UseItem, command_from_json, command_to_json
from arena.model.stats import StatBlock
from arena.replay.file import Recorder
from arena.rules import RULESETS, get_ruleset
from arena.rules.adnd import AdndRuleset
from arena.rules.adnd.stats import FIELDS as ADND_FIELDS
from arena.tui.battle.app import App
from arena.tui.battle.session import Session
from tests.factories import ap_stats, fighter, scenario
from tests.rules.d40.kit import D40
from tests.rules.d40.test_criticals_on_the_map import d40_fighter
from tests.tui.battle.test_app import press, screen_text

SUPPLIES = load_library().supplies
POTION, BANDAGES = SUPPLIES["healing_potion"], SUPPLIES["bandages"]


def bleeding_d40(*script: int, supplies=(POTION,)) -> Battle:
    """Ann (d40, 20 of 40 HP, heavy bleeding) with a pack, acting first against Bob."""
    ann = dataclasses.replace(d40_fighter("Ann", 0, Hex(0, 0)), supplies=supplies)
    s = dataclasses.replace(scenario(ann, d40_fighter("Bob", 1, Hex(3, 0), 3)), ruleset="d40")
    wounds = {0: Wounds(20, {"bleeding": (0, 0)})}
    return Battle(s, D40, seed=5, dice_script=[1, 2, *script], wounds=wounds)


def component(b: Battle, entity: int, kind: type):
    esper.switch_world(b.world.name)
    return esper.component_for_entity(entity, kind)


def test_a_healing_potion_heals_its_dice_stops_d40_bleeding_and_costs_3_ap():
    # Ann's turn starts with heavy bleeding d4 2 (20 -> 18); the potion 2d4+2 rolls 3, 3: +8.
    # Document 000: "A healing potion/spell/etc of any kind will immediately stop any bleeding".
    with bleeding_d40(2, 3, 3) as b:
        assert next(e for e in b.log if isinstance(e, Upkept)).hp == 18
        (used,) = [e for e in b.apply(UseItem(1, 0)) if isinstance(e, UsedItem)]
        assert (used.item, used.healed, used.hp, used.ended) == ("healing_potion", 8, 26,
                                                                 ("bleeding",))
        assert (used.ap_spent, used.ap_left) == (3, 3)
        assert "bleeding" not in component(b, 1, Conditions).rounds
        assert component(b, 1, Pack).supplies == []
        assert component(b, 1, ActionPoints).current == 3
        line = narrate(used, {1: "Ann"}, {1: "Red"})
        assert line.startswith("Ann uses healing potion: +8 HP") and "bleeding stops" in line


def test_a_used_potion_is_gone_and_a_second_use_is_refused():
    with bleeding_d40(2, 3, 3) as b:
        b.apply(UseItem(1, 0))
        assert b.apply(UseItem(1, 0)) == [Refused("use_item", "no item 0 in the pack "
                                                              "(carrying 0)")]


def test_healing_never_passes_the_maximum():
    with bleeding_d40(2, 4, 4, supplies=(SUPPLIES["greater_healing_potion"],)) as b:
        # 4d4+4 with faces 4, 4 then the seeded stream: at least 4+4+1+1+4 = 14; only 22 missing.
        (used,) = [e for e in b.apply(UseItem(1, 0)) if isinstance(e, UsedItem)]
        assert used.hp == min(40, 18 + used.rolls[0].total) and used.healed <= 22


def adnd_spec(name, side, at, facing=0, supplies=()):
    spec = fighter(name, side, at, facing, hp=30)
    block = StatBlock("adnd", {f.name: f.default for f in ADND_FIELDS})
    return dataclasses.replace(spec, stats={"adnd": block}, supplies=supplies)


def test_bandages_stop_adnd_wound_bleeding_that_a_potion_does_not():
    # adnd names no healing that ends a wound's bleeding (the ruleset's heal hook keeps it);
    # bandages stop it whatever the ruleset says. 3 AP each (an action, like an attack).
    for supply, stops in ((POTION, False), (BANDAGES, True)):
        s = dataclasses.replace(scenario(adnd_spec("Ann", 0, Hex(0, 0), supplies=(supply,)),
                                         adnd_spec("Bob", 1, Hex(3, 0), 3)), ruleset="adnd")
        wounds = {0: Wounds(20, {"bleeding": (0, 1)})}
        with Battle(s, AdndRuleset(), seed=5, dice_script=[1, 9, 1, 1], wounds=wounds) as b:
            (used,) = [e for e in b.apply(UseItem(1, 0)) if isinstance(e, UsedItem)]
            assert used.ap_spent == 3
            assert ("bleeding" in used.ended) is stops
            assert ("bleeding" in component(b, 1, Conditions).rounds) is not stops


@pytest.mark.parametrize(("ruleset", "cost"), [("ap", 2), ("adnd", 3), ("becmi", 3), ("d40", 3)])
def test_using_an_item_costs_the_documented_ap_and_never_off_turn(ruleset, cost):
    rules = RULESETS[ruleset]
    assert rules.action_cost("use_item", None, False) == cost
    assert rules.action_cost("use_item", None, True) is None


def test_a_use_item_command_from_a_file_is_validated():
    assert command_from_json({"type": "use_item", "actor": 1, "item": 0}) == UseItem(1, 0)
    assert command_to_json(UseItem(2, 1)) == {"type": "use_item", "actor": 2, "item": 1}
    for bad, message in (({"type": "use_item", "actor": 1}, "'item' must be an integer"),
                         ({"type": "use_item", "actor": 1, "item": 99}, "'item' must be"),
                         ({"type": "use_item", "actor": 1, "item": True}, "'item' must be"),
                         ({"type": "use_item", "actor": 1, "item": 0, "x": 1},
                          "unknown field 'x'")):
        with pytest.raises(ValueError, match=message):
            command_from_json(bad)


def test_an_item_index_past_the_pack_is_refused_not_a_crash():
    with bleeding_d40(2) as b:
        assert b.apply(UseItem(1, 5)) == [Refused("use_item", "no item 5 in the pack "
                                                              "(carrying 1)")]
        assert b.apply(UseItem(2, 0))[0].type == "refused"  # not Bob's turn


def test_supplies_survive_the_self_contained_scenario_form():
    s = load_scenario("duel")
    s = dataclasses.replace(s, combatants=(
        dataclasses.replace(s.combatants[0], supplies=(POTION, BANDAGES)), *s.combatants[1:]))
    back = scenario_from_dict(scenario_to_dict(s))
    assert back.combatants[0].supplies == (POTION, BANDAGES)


def test_the_player_drinks_a_potion_with_e_from_the_panel(tmp_path, make_battle):
    ann = dataclasses.replace(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9)),
                              supplies=(POTION,))
    battle = make_battle(scenario(ann, fighter("Bob", 1, Hex(3, 0))), get_ruleset("ap"), 1,
                         dice_script=[15, 1], wounds={0: Wounds(5)})
    session = Session(Recorder(battle, "test"), frozenset({0, 1}), tmp_path)
    app = App(session)
    try:
        assert "pack (e): potion of healing" in screen_text(app)
        press(app, "e")
        steps = [step["command"] for step in app.session.recorder.steps]
        assert steps == [{"type": "use_item", "actor": 1, "item": 0}]
        assert "Ann uses healing potion: +" in screen_text(app)
        assert "pack (e)" not in screen_text(app)
    finally:
        session.close()


def test_a_whetstone_never_gives_a_weapon_back_the_magic_a_break_took():
    # adnd (document 002): a +2 weapon that breaks loses one point from every bonus
    # (effects.weaken, as WeaponBroken applies it), "permanently losing its magical
    # properties": the whetstone cannot give it back, before or after the break (issue 28).
    sword = load_library().weapons["longsword_plus_2"]
    ann = dataclasses.replace(adnd_spec("Ann", 0, Hex(0, 0),
                                        supplies=(SUPPLIES["whetstone"],)), weapons=(sword,))
    s = dataclasses.replace(scenario(ann, adnd_spec("Bob", 1, Hex(3, 0), 3)), ruleset="adnd")
    refused = [Refused("use_item", "whetstone mends nothing in battle: a broken weapon is "
                                   "mended at camp, and a lost enchantment never comes back")]
    with Battle(s, AdndRuleset(), seed=5, dice_script=[1, 9]) as b:
        assert b.apply(UseItem(1, 0)) == refused
        wielded = component(b, 1, Wielded)
        wielded.weapons[0] = weaken(sword, 1)
        assert b.apply(UseItem(1, 0)) == refused
        assert component(b, 1, Wielded).weapons[0].magic == 1
        assert len(component(b, 1, Pack).supplies) == 1
