"""A beast (natural weapons only) cannot pick up, draw or throw a weapon; a humanoid still can."""

from __future__ import annotations

import esper

from arena.battle.core import Battle
from arena.ecs import queries
from arena.ecs.components import ActionPoints, Carried, Item, LyingShield, Position, Wielded
from arena.ecs.events import Attacked, Drew, PickedUp, Refused, WeaponDropped
from arena.hexgrid import Hex
from arena.model.commands import Attack, Draw, PickUp
from arena.model.stats import Armour, Weapon
from arena.rules.ap import ApRuleset
from tests.factories import DAGGER, LONGSWORD, ap_stats, fighter, scenario

AP = ApRuleset()
BITE = Weapon("rat_bite", "bite", "1d3", hands=0, natural=True)
CLAW = Weapon("small_claw", "claw", "1d3", hands=0, natural=True)
JAVELIN = Weapon("javelin", "javelin", "d6", kind="thrown", range_ft=30)
BUCKLER = Armour("buckler", "buckler", shield=True, protection=(("ap", 1),))


def battle(weapons: tuple[Weapon, ...], *script: int, name: str = "Giant rat 1") -> Battle:
    """`name` (entity 1, acting first) with `weapons` against Bob three hexes away."""
    s = scenario(fighter(name, 0, Hex(0, 0), stats=ap_stats(dex=9), weapons=weapons),
                 fighter("Bob", 1, Hex(3, 0), facing=3))
    return Battle(s, AP, seed=2, dice_script=[15, 1, *script])


def javelin_at_its_feet() -> int:
    """A javelin lying on entity 1's hex, dropped by no one."""
    return esper.create_entity(Item(JAVELIN, None), Position(Hex(0, 0)))


def test_only_a_kit_of_natural_weapons_makes_a_beast() -> None:
    for weapons, beast in [((BITE,), True), ((CLAW, CLAW, BITE), True), ((BITE, DAGGER), False),
                           ((LONGSWORD,), False), ((), False)]:
        with battle(weapons) as b:
            esper.switch_world(b.world.name)
            assert esper.component_for_entity(1, Wielded).natural_only is beast
            assert queries.natural_only(1) is beast
            assert "natural_only" not in repr(esper.component_for_entity(1, Wielded))


def test_a_beast_cannot_pick_up_a_weapon_at_its_feet() -> None:
    with battle((BITE,)) as b:
        esper.switch_world(b.world.name)
        item = javelin_at_its_feet()
        before = b.state_hash()
        assert b.apply(PickUp(1)) == [Refused("pick_up", "Giant rat 1 cannot use weapons")]
        esper.switch_world(b.world.name)
        assert b.state_hash() == before and b.dice.script_used == 2
        assert esper.component_for_entity(item, Item).weapon == JAVELIN
        assert esper.component_for_entity(1, Wielded).weapons == [BITE]
        assert esper.component_for_entity(1, ActionPoints).current == 6


def test_a_beast_cannot_put_on_a_shield_at_its_feet() -> None:
    with battle((BITE,)) as b:
        esper.switch_world(b.world.name)
        esper.create_entity(LyingShield(BUCKLER, None), Position(Hex(0, 0)))
        before = b.state_hash()
        assert b.apply(PickUp(1)) == [Refused("pick_up", "Giant rat 1 cannot use shields")]
        assert b.state_hash() == before


def test_a_beast_cannot_draw_a_weapon_it_carries() -> None:
    # Nothing gives a beast a spare; one carried (an old snapshot, a hand-built world) stays put.
    with battle((BITE,)) as b:
        esper.switch_world(b.world.name)
        esper.component_for_entity(1, Carried).weapons.append(JAVELIN)
        before = b.state_hash()
        assert b.apply(Draw(1, 0)) == [Refused("draw", "Giant rat 1 cannot use weapons")]
        assert b.state_hash() == before


def test_a_beast_cannot_throw_a_weapon_it_holds() -> None:
    # The javelin in its jaws (an old snapshot, a hand-built world) is not thrown; the bite's
    # slot and the unarmed strike's are still its own.
    with battle((BITE,), 20, 3) as b:
        esper.switch_world(b.world.name)
        esper.component_for_entity(1, Wielded).weapons.append(JAVELIN)
        before = b.state_hash()
        assert b.apply(Attack(1, 2, weapon=1)) == [Refused("attack",
                                                           "Giant rat 1 cannot use weapons")]
        esper.switch_world(b.world.name)
        assert b.state_hash() == before and b.dice.script_used == 2
        assert esper.component_for_entity(1, Wielded).weapons == [BITE, JAVELIN]
        assert "cannot use weapons" not in b.attacks.plan(Attack(1, 2, weapon=0))
        assert "cannot use weapons" not in b.attacks.plan(Attack(1, 2, weapon=2))


def test_a_humanoid_still_picks_up_draws_and_throws() -> None:
    # Ann picks up the javelin (1 AP), throws it at Bob (d20 20 hits, d6 3), draws her spare.
    with battle((DAGGER, LONGSWORD), 20, 3, name="Ann") as b:
        esper.switch_world(b.world.name)
        esper.component_for_entity(1, Wielded).weapons.remove(LONGSWORD)
        esper.component_for_entity(1, Carried).weapons.append(LONGSWORD)
        javelin_at_its_feet()
        (picked,) = b.apply(PickUp(1))
        assert isinstance(picked, PickedUp) and picked.weapon == "javelin"
        thrown = b.apply(Attack(1, 2, weapon=1))
        assert isinstance(thrown[0], Attacked) and thrown[0].weapon == "javelin"
        assert thrown[0].result.hit
        assert any(isinstance(e, WeaponDropped) and e.weapon == "javelin" for e in thrown)
        (drew,) = b.apply(Draw(1, 0))
        assert isinstance(drew, Drew) and drew.weapon == "longsword"
