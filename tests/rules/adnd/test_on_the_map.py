"""Ruleset `adnd` on the map: scattered weapons, breakage on stone, pick-up and kick-back,
friendly fire along the line of fire, area buffs, bleeding, and the AI that tends to them."""

from __future__ import annotations

import dataclasses

import esper
import pytest

from arena.battle.core import Battle
from arena.battle.narrate import narrate
from arena.ecs.components import Item, Position, Wielded
from arena.ecs.events import (
    Attacked,
    AuraEnded,
    AuraStarted,
    Event,
    Moved,
    PickedUp,
    Refused,
    TurnStarted,
    Upkept,
    WeaponBroken,
    WeaponDropped,
    WeaponKicked,
)
from arena.hexgrid import Hex, hexagon
from arena.model.commands import (
    Attack,
    Draw,
    EndTurn,
    Invoke,
    Kick,
    Move,
    PickUp,
    command_from_json,
    command_to_json,
)
from arena.model.scenario import CombatantSpec
from arena.model.stats import StatBlock, Weapon
from arena.model.terrain import HexMap, Terrain
from arena.rules.adnd import AdndRuleset
from arena.rules.adnd.attack import friendly_fire_targets
from arena.rules.adnd.stats import FIELDS
from arena.rules.ap import ApRuleset
from tests.factories import FLOOR, fighter, scenario

ADND = AdndRuleset()
STONE = Terrain("stone", "Stone", ",", "hard")
PILLAR = Terrain("pillar", "Pillar", "O", "hard", blocks_move=True, blocks_sight=True,
                 obstacle=True)
WELL = Terrain("well", "well", "o", "hard", blocks_move=True, hazard=True)
SWORD = Weapon("longsword", "longsword", "1d8")
MACE = Weapon("mace", "mace", "1d6+1")
MAUL = Weapon("maul", "maul", "2d4", hands=2, break_die=6, tags=("sweeping",))
GREATSWORD = Weapon("greatsword", "greatsword", "2d6", hands=2)
SHORTBOW = Weapon("shortbow", "shortbow", "1d6", kind="ranged", hands=2, range_ft=60)
JAVELIN = Weapon("javelin", "javelin", "1d6", kind="thrown", range_ft=30)
SWORD_1 = Weapon("long_sword_plus_1", "long sword +1", "1d8", magic=1, break_die=6)
SERPENT = Weapon("serpent_sword", "sword +1, +4 vs reptiles", "1d8", magic=1, break_die=6,
                 conditional=(("reptiles", 4),))


def stats(**values: object) -> StatBlock:
    """An `adnd` stat block: the field defaults, overridden by `values`."""
    block = {f.name: f.default for f in FIELDS}
    for key, value in values.items():
        block[key] = ",".join(sorted(value)) if isinstance(value, list | tuple) else value
    return StatBlock("adnd", block)  # type: ignore[arg-type]


def who(name: str, side: int, at: Hex, facing: int = 0, weapons=(SWORD,), hp: int = 20,
        **values: object) -> CombatantSpec:
    """A combatant with an `adnd` stat block (a 1st-level warrior, AC 10, by default)."""
    spec = fighter(name, side, at, facing, hp=hp, weapons=weapons)
    return dataclasses.replace(spec, stats={"adnd": stats(**values)})


def battle(*specs: CombatantSpec, script=(), radius: int = 6, fill: Terrain = FLOOR,
           cells: dict[Hex, Terrain] | None = None, rules=ADND) -> Battle:
    """A battle on a floor (or `fill`) hexagon with `cells` laid over it; scripted dice first."""
    grid = dict.fromkeys(hexagon(radius), fill) | (cells or {})
    hexmap = HexMap("test", "Test", radius, grid)
    return Battle(scenario(*specs, hexmap=hexmap), rules, seed=5, dice_script=list(script))


def lines(b: Battle, events: list[Event]) -> list[str]:
    return [narrate(e, b.names(), {0: "Red", 1: "Blue"}) for e in events]


def first(events: list[Event], kind: type) -> object:
    return next(e for e in events if isinstance(e, kind))


ANN_BOB = (who("Ann", 0, Hex(0, 0)), who("Bob", 1, Hex(1, 0), facing=3, weapons=(MACE,)))


# --- scatter, rebound, hazards, breakage -------------------------------------------------------

def test_a_fumbled_weapon_lands_front_left_of_the_facing_and_waits_for_its_owner():
    # DECISIONS.md: "3–4 front-left"; Ann faces E, so front-left is NE of her.
    with battle(*ANN_BOB, script=[1, 2, 1, 3]) as b:
        events = b.apply(Attack(1, 2))
        assert first(events, Attacked).result.fumble
        dropped = first(events, WeaponDropped)
        assert (dropped.at, dropped.how, dropped.rolls) == (Hex(1, -1), "lands 1 hex away", ())
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(1, Wielded).weapons == []
        item = esper.component_for_entity(dropped.item, Item)
        assert (item.owner, item.ready) == (1, 2)


def test_a_weapon_thrown_into_a_pillar_rebounds_into_the_own_hex_and_rolls_to_break():
    # Document: "If the hex indicated is occupied by a solid object ... the weapon is presumed
    # to have rebounded into the owner's hex"; "in an urban environment where the weapon may
    # have struck a nearby pillar or wall, the combatant must roll".
    with battle(*ANN_BOB, cells={Hex(1, -1): PILLAR}, script=[1, 2, 1, 3, 4]) as b:
        events = b.apply(Attack(1, 2))
        dropped = first(events, WeaponDropped)
        assert (dropped.at, dropped.how) == (Hex(0, 0), "rebounds into its hex")
        assert [r.purpose for r in dropped.rolls] == ["break d6"]
        assert lines(b, [dropped]) == [
            "Ann drops longsword: it rebounds into its hex at (0, 0) (d6 4: holds)"]


def test_a_weapon_falling_into_the_well_is_lost():
    # Document: "if the hex is an empty space, such as a well ... the weapon may be difficult
    # or even impossible to retrieve"; DECISIONS.md: "on a hazard hex ... it is lost".
    with battle(*ANN_BOB, cells={Hex(1, -1): WELL}, script=[1, 2, 1, 4]) as b:
        dropped = first(b.apply(Attack(1, 2)), WeaponDropped)
        assert (dropped.item, dropped.how) == (None, "is lost in the well")


@pytest.mark.parametrize(("face", "broken"), [(1, True), (2, False)])
def test_a_weapon_dropped_on_stone_breaks_on_a_1(face, broken):
    # Document: "If the drop occurs on a metal, stone or tiled surface ... A roll of '1' on
    # the designated die indicates that the weapon has broken".
    with battle(*ANN_BOB, fill=STONE, script=[1, 2, 1, 1, face]) as b:
        events = b.apply(Attack(1, 2))
        assert any(isinstance(e, WeaponBroken) for e in events) is broken
        assert (first(events, WeaponDropped).item is None) is broken


def test_a_magic_weapon_of_plus_2_or_better_degrades_every_bonus_instead_of_breaking():
    # Document: "A +1, +4 vs. reptiles sword, for example, would degrade to a non-magical sword
    # against most enemies and would retain only a +3 bonus against reptiles."
    ann = who("Ann", 0, Hex(0, 0), weapons=(SERPENT,))
    with battle(ann, ANN_BOB[1], fill=STONE, script=[1, 2, 1, 1, 1, 1]) as b:
        events = b.apply(Attack(1, 2))
        assert first(events, WeaponBroken).magic_lost == 1
        esper.switch_world(b.world.name)
        weapon = esper.component_for_entity(first(events, WeaponDropped).item, Item).weapon
        assert (weapon.magic, weapon.conditional) == (0, (("reptiles", 3),))


def test_a_thrown_weapon_that_misses_onto_stone_rolls_to_break_one_that_hits_does_not():
    # Document: "If a thrown weapon results in a successful hit, no break check is required
    # ... if a thrown weapon misses and strikes an unyielding surface ..."
    specs = (who("Ann", 0, Hex(0, 0), weapons=(JAVELIN,)),
             who("Bob", 1, Hex(3, 0), facing=3, weapons=(MACE,)))
    with battle(*specs, fill=STONE, script=[1, 2, 5, 1]) as b:
        events = b.apply(Attack(1, 2))
        assert first(events, WeaponBroken).rolls[0].purpose == "break d6"
    with battle(*specs, fill=STONE, script=[1, 2, 19, 3]) as b:
        events = b.apply(Attack(1, 2))
        assert first(events, WeaponDropped).rolls == ()
        assert not any(isinstance(e, WeaponBroken) for e in events)


# --- picking up, kicking back, enemies using it ---------------------------------------------

def test_the_owner_takes_its_weapon_back_only_from_the_next_round():
    # Document: "the weapon falls at the combatant's feet and may be retrieved the following
    # round"; DECISIONS.md: "Retrieval from the own hex is possible next round".
    with battle(*ANN_BOB, script=[1, 2, 1, 1, 1, 2]) as b:
        b.apply(Attack(1, 2))
        (refused,) = b.apply(PickUp(1))
        assert refused == Refused("pick_up", "can pick up its longsword again from round 2")
        b.apply(EndTurn(1))
        b.apply(EndTurn(2))
        (picked,) = b.apply(PickUp(1))
        assert isinstance(picked, PickedUp) and picked.weapon == "longsword"


def test_an_enemy_standing_on_the_weapon_may_pick_it_up_at_once_and_use_it():
    # Document: "an enemy may also pick up the weapon if they reach it first".
    with battle(*ANN_BOB, script=[1, 2, 1, 5, 15, 4]) as b:
        assert first(b.apply(Attack(1, 2)), WeaponDropped).at == Hex(1, 0)  # front: Bob's hex
        b.apply(EndTurn(1))
        assert isinstance(b.apply(PickUp(2))[0], PickedUp)
        attacked = first(b.apply(Attack(2, 1, weapon=1)), Attacked)
        assert attacked.weapon == "longsword" and attacked.result.hit


def kick_battle() -> Battle:
    """Ann fumbles her sword onto her ally Cid's hex (front-left); Cid acts next, then Bob."""
    cid = who("Cid", 0, Hex(1, -1), facing=0)
    return battle(*ANN_BOB, cid, script=[1, 9, 2, 1, 3])


def test_an_ally_on_the_weapon_kicks_it_back_to_its_owners_hex():
    # Document: "If the weapon lands in a hex occupied by an ally, that ally may kick the
    # weapon back to its owner, allowing for quick recovery."
    with kick_battle() as b:
        item = first(b.apply(Attack(1, 2)), WeaponDropped).item
        b.apply(EndTurn(1))
        assert b.decide() == Kick(3)  # the AI kicks it back
        (kicked,) = b.apply(Kick(3))
        assert kicked == WeaponKicked(3, item, "longsword", 1, Hex(0, 0), 1, 5)
        assert lines(b, [kicked]) == ["Cid kicks Ann's longsword back to (0, 0) (1 AP)"]
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(item, Position).hex == Hex(0, 0)


def test_an_ally_on_the_weapon_may_instead_pick_it_up_at_once():
    # DECISIONS.md: "the owner, an ally standing on it ... or an enemy may pick it up".
    with kick_battle() as b:
        b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        (picked,) = b.apply(PickUp(3))
        assert isinstance(picked, PickedUp) and picked.weapon == "longsword"


def test_kicking_needs_an_adjacent_allys_weapon_and_a_ruleset_that_has_it():
    with kick_battle() as b:
        b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        b.apply(EndTurn(3))
        assert b.apply(Kick(2)) == [Refused("kick", "no dropped weapon of an ally next to you "
                                                    "lies here")]
    ap = scenario(fighter("Ann", 0, Hex(0, 0)), fighter("Bob", 1, Hex(1, 0)))
    with Battle(ap, ApRuleset(), seed=1, dice_script=[15, 1]) as b:
        assert b.apply(Kick(1)) == [Refused("kick", "this ruleset does not allow kicking "
                                                    "weapons")]


# --- friendly fire and friendly hits ----------------------------------------------------------

def test_exactly_the_allies_inside_the_30_degree_arc_and_under_8_hexes_beyond_are_at_risk():
    # DECISIONS.md: "an ally inside the 30° arc either side of the line from attacker to target
    # (angle measured at the attacker between the two hex centres) and fewer than 8 hexes
    # beyond the target".
    archer = who("Ann", 0, Hex(0, 0), weapons=(SHORTBOW,))
    target = who("Bob", 1, Hex(4, 0), facing=3)
    placed = {
        Hex(2, 0): True,     # on the line, between
        Hex(4, -1): True,    # 13.9° beside the target
        Hex(4, -2): True,    # exactly 30°
        Hex(1, 1): True,     # exactly 30° on the other side, close to the archer
        Hex(8, -4): True,    # 30°, 4 beyond
        Hex(11, 0): True,    # on the line, 7 beyond
        Hex(11, -4): True,   # 21°, 7 beyond
        Hex(12, 0): False,   # on the line, 8 beyond
        Hex(12, -4): False,  # 19°, 8 beyond
        Hex(3, -2): False,   # 40.9°
        Hex(5, -3): False,   # 36.6°
        Hex(-2, 0): False,   # behind the archer
    }
    allies = [who(f"A{i}", 0, h) for i, h in enumerate(placed)]
    enemy = who("Foe", 1, Hex(6, 1), facing=3)  # 7.6°, but no ally
    with battle(archer, target, *allies, enemy, radius=12) as b:
        esper.switch_world(b.world.name)
        at_risk = friendly_fire_targets(b.attacks.context(1, 2, 0).bystanders, 4)
        assert at_risk == [3 + i for i, inside in enumerate(placed.values()) if inside]


def test_friendly_fire_strikes_the_ally_in_the_arc_with_the_same_bow():
    # Document: "a roll of a natural 2 results in a friendly fire hit against the ally. This
    # hit is automatic ... The attacker rolls for damage".
    specs = (who("Ann", 0, Hex(0, 0), weapons=(SHORTBOW,)),
             who("Bob", 1, Hex(4, 0), facing=3, ac=5), who("Cid", 0, Hex(2, 0)))
    with battle(*specs, script=[1, 2, 3, 2, 5]) as b:
        events = b.apply(Attack(1, 2))
        shot, fire = (e for e in events if isinstance(e, Attacked))
        assert (shot.target, shot.result.hit) == (2, False)
        assert (fire.actor, fire.target, fire.weapon, fire.free) == (1, 3, "shortbow", True)
        assert (fire.result.damage, fire.target_hp) == (5, 15)
        assert lines(b, [fire]) == [
            "Ann strikes Cid with shortbow (2 hex, rear): automatic hit (friendly fire: "
            "whatever the armour, without chant, prayer or martial spirit); d6 5 = 5 damage "
            "[Cid 15 HP]"]


def test_a_thrown_weapons_friendly_fire_is_struck_with_that_weapon():
    specs = (who("Ann", 0, Hex(0, 0), weapons=(JAVELIN, MACE), str=18, str_pct=100),
             who("Bob", 1, Hex(4, 0), facing=3, ac=5), who("Cid", 0, Hex(2, 0)))
    with battle(*specs, script=[1, 2, 3, 2, 5]) as b:
        fire = [e for e in b.apply(Attack(1, 2)) if isinstance(e, Attacked)][1]
        assert (fire.target, fire.weapon, fire.result.damage) == (3, "javelin", 11)


def test_a_maul_swinging_a_natural_2_strikes_the_adjacent_ally():
    # Document: "an ally occupying an adjacent hex is struck automatically".
    specs = (who("Ann", 0, Hex(0, 0), weapons=(MAUL,)), who("Bob", 1, Hex(1, 0), ac=5),
             who("Cid", 0, Hex(0, 1)), who("Dan", 0, Hex(-2, 0)))
    with battle(*specs, script=[1, 2, 3, 4, 2, 3, 4]) as b:
        hit = [e for e in b.apply(Attack(1, 2)) if isinstance(e, Attacked)][1]
        assert (hit.target, hit.weapon, hit.result.damage) == (3, "maul", 7)


# --- chant, prayer, martial spirit ------------------------------------------------------------

def chant_battle(**faye: object) -> Battle:
    """Faye (a priest) stands back; Ann and Bob fight; Cid stands 13 hexes from Faye."""
    faye_values = {"class": "priest", "abilities": ["chant", "prayer"], **faye}
    specs = (who("Faye", 0, Hex(-6, 0), **faye_values), who("Ann", 0, Hex(0, 0)),
             who("Bob", 1, Hex(1, 0), facing=3), who("Cid", 0, Hex(7, 0)))
    return battle(*specs, radius=7, script=[1, 2, 3, 4] * 4)


def buffs(b: Battle, actor: int, target: int) -> frozenset[str]:
    esper.switch_world(b.world.name)
    return b.attacks.context(actor, target, 0).attacker_buffs


def test_chant_helps_allies_hinders_enemies_and_ends_when_the_caster_acts():
    # DECISIONS.md: "chant +1 to hit, damage and saves for allies within 12 hexes (60 ft) while
    # the caster chants and does nothing else, −1 for enemies". Faye knows no prayer here: with
    # one, the AI prays first (tests/ai/test_buffs.py).
    with chant_battle(abilities=["chant"]) as b:
        assert b.decide() == Invoke(1, "chant")
        (started,) = b.apply(Invoke(1, "chant"))
        assert started == AuraStarted(1, "chant", 12, 0, 3, 3)
        assert b.decide() == EndTurn(1)  # the AI keeps chanting
        assert buffs(b, 2, 3) == {"chant"} and buffs(b, 3, 2) == {"chant_foe"}
        assert buffs(b, 1, 3) == frozenset()  # the chanter itself is busy chanting
        assert buffs(b, 4, 3) == frozenset()  # Cid is 13 hexes away
        events = b.apply(Move(1, Hex(-5, 0)))
        assert events[0] == AuraEnded(1, "chant", "stops to act")
        assert isinstance(events[1], Moved)
        assert b.apply(Invoke(1, "chant")) == [
            Refused("invoke", "chant was already started this battle")]


def test_prayer_lasts_two_rounds_per_caster_level():
    # DECISIONS.md: "prayer ±1 to hit and damage within 12 hexes for 2 rounds per caster level".
    with chant_battle(level=1) as b:
        b.apply(Invoke(1, "prayer"))
        for _ in range(4):
            b.apply(EndTurn(b.active))
        assert buffs(b, 2, 3) == {"prayer"}
        round_3: list[Event] = []
        for _ in range(4):
            round_3 = b.apply(EndTurn(b.active))
        started = round_3.index(TurnStarted(1, 3, 6))
        assert round_3[started + 1] == AuraEnded(1, "prayer", "runs out")
        assert buffs(b, 2, 3) == frozenset()


def test_a_buff_ends_when_its_caster_falls():
    specs = (who("Faye", 0, Hex(0, 0), hp=1, abilities=["prayer"]),
             who("Bob", 1, Hex(1, 0), facing=3, weapons=(MACE,)))
    with battle(*specs, script=[1, 2, 19, 5]) as b:
        b.apply(Invoke(1, "prayer"))
        events = b.apply(EndTurn(1)) + b.apply(Attack(2, 1))
        assert AuraEnded(1, "prayer", "falls") in events


def test_invoking_is_refused_without_the_ability_the_ap_or_the_ruleset():
    with chant_battle() as b:
        assert b.apply(Invoke(1, "dance")) == [Refused(
            "invoke", "unknown buff 'dance' for adnd (valid: chant, prayer, martial_spirit)")]
        assert b.apply(Invoke(1, "martial_spirit")) == [
            Refused("invoke", "Faye cannot start martial spirit")]
        b.apply(Move(1, Hex(-2, 0)))
        assert b.apply(Invoke(1, "prayer")) == [
            Refused("invoke", "needs 3 AP to start prayer, has 2")]
    ap = scenario(fighter("Ann", 0, Hex(0, 0)), fighter("Bob", 1, Hex(1, 0)))
    with Battle(ap, ApRuleset(), seed=1, dice_script=[15, 1]) as b:
        assert b.apply(Invoke(1, "chant")) == [Refused("invoke", "this ruleset has no area "
                                                                 "buffs")]


# --- wounds ----------------------------------------------------------------------------------

def test_erdowans_blow_wounds_the_hippogriff_which_then_bleeds_every_turn():
    # Document: "his adjusted damage is 6, which is then tripled for a total of 18 damage. The
    # hippogriff suffers a wound and an injury point." DECISIONS.md: bleeds floor(18 / 11) = 1.
    erdowan = who("Erdowan", 0, Hex(0, 0), weapons=(SWORD_1,), level=5, str=16, hp=30)
    hippogriff = who("Hippogriff", 1, Hex(1, 0), facing=3, thac0=17, ac=5, hp=40)
    with battle(erdowan, hippogriff, script=[1, 2, 20, 19, 4]) as b:
        events = b.apply(Attack(1, 2))
        assert lines(b, events) == [
            "Erdowan attacks Hippogriff with long_sword_plus_1 (1 hex, front): d20 20 +1 magic "
            "= 21 vs THAC0 16 - AC 5 = 11: critical hit (critical x2; d20 19 after a 20, no "
            "helmet: x3, stop); d8 4 +1 STR +1 magic = 6 x3 = 18 damage [Hippogriff 22 HP]",
            "Hippogriff is bleeding (1) until removed",
            "Hippogriff is injured (1) until removed",
        ]
        upkept = first(b.apply(EndTurn(1)), Upkept)
        assert upkept == Upkept(2, 1, (), ("bleeding 1 a round from wounds",), 21)
        assert lines(b, [upkept]) == [
            "Hippogriff loses 1 HP (bleeding 1 a round from wounds) [21 HP]"]


def test_a_second_wound_bleeds_on_top_of_the_first():
    erdowan = who("Erdowan", 0, Hex(0, 0), weapons=(SWORD_1,), level=5, str=16, hp=30)
    target = who("Troll", 1, Hex(1, 0), facing=3, thac0=17, ac=5, hp=80)
    with battle(erdowan, target, script=[1, 2, 20, 19, 4, 2, 5, 20, 19, 4]) as b:
        b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        b.apply(EndTurn(2))
        events = b.apply(Attack(1, 2))
        assert [(e.name, e.amount) for e in events if hasattr(e, "amount")] == [
            ("bleeding", 2), ("injured", 2)]


# --- commands and the AI ----------------------------------------------------------------------

def test_kick_and_invoke_round_trip_through_json():
    for command in (Kick(3), Invoke(2, "martial_spirit")):
        assert command_from_json(command_to_json(command)) == command
    assert command_to_json(Invoke(2, "chant")) == {"type": "invoke", "actor": 2, "buff": "chant"}
    with pytest.raises(ValueError, match="invoke: 'buff' must be a name such as 'chant'"):
        command_from_json({"type": "invoke", "actor": 2, "buff": "Chant!"})


def test_the_ai_waits_for_its_bow_at_its_feet_then_takes_it_back():
    specs = (who("Ann", 0, Hex(0, 0), weapons=(SHORTBOW,)), who("Bob", 1, Hex(4, 0), facing=3))
    with battle(*specs, script=[1, 2, 1, 1, 1, 2]) as b:
        b.apply(Attack(1, 2))
        assert b.decide() == EndTurn(1)
        b.apply(EndTurn(1))
        b.apply(EndTurn(2))
        assert b.decide() == PickUp(1)


def test_the_ai_draws_a_spare_when_its_weapon_is_lost():
    ann = who("Ann", 0, Hex(0, 0), weapons=(SWORD, GREATSWORD))
    with battle(ann, ANN_BOB[1], cells={Hex(1, -1): WELL}, script=[1, 2, 1, 3]) as b:
        b.apply(Attack(1, 2))
        assert b.decide() == Draw(1, 0)


def test_the_ai_of_rulesets_without_extras_does_not_tend_weapons_or_buffs():
    ap = scenario(fighter("Ann", 0, Hex(0, 0)), fighter("Bob", 1, Hex(1, 0)))
    with Battle(ap, ApRuleset(), seed=1, dice_script=[15, 1]) as b:
        assert not b.ai.extras
    with battle(*ANN_BOB) as b:
        assert b.ai.extras
