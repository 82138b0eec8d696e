"""The `tactical` AI on small hand-made positions (docs/ai.md; issue 14's "Done when")."""

from __future__ import annotations

import dataclasses

import esper

from arena.ai.candidates import Candidate
from arena.ai.rating import Rating
from arena.battle.core import Battle
from arena.ecs.components import Facing, Health, Position
from arena.ecs.events import Moved, TurnStarted
from arena.hexgrid import (
    Hex,
    direction_to,
    hex_angle,
    hex_distance,
    hex_neighbors,
    relative_position,
)
from arena.model.commands import Attack, EndTurn, Face, Move
from arena.model.scenario import CombatantSpec, Scenario
from arena.model.stats import StatBlock, Weapon
from arena.rules.adnd import AdndRuleset
from arena.rules.adnd.stats import FIELDS
from arena.rules.becmi import BecmiRuleset
from tests.factories import LONGSWORD, SHORTBOW, arena_map, fighter, scenario

BECMI = BecmiRuleset()
ADND = AdndRuleset()
BEHIND = ("rear", "rear-left", "rear-right")
DAGGER = Weapon("dagger", "dagger", "d4")


def becmi(**values: object) -> StatBlock:
    """A 1st-level `becmi` fighter's stat block with `values` changed."""
    block: dict[str, object] = {"class": "fighter", "level": 1, "hd": "", "str": 10,
                                "dex": 10, "ac": 9, "mastery": "", "curse": 0}
    block.update(values)
    return StatBlock("becmi", block)  # type: ignore[arg-type]


def adnd(**values: object) -> StatBlock:
    """An `adnd` stat block: the field defaults, overridden by `values`."""
    block = {f.name: f.default for f in FIELDS}
    block.update(values)
    return StatBlock("adnd", block)  # type: ignore[arg-type]


def who(name: str, side: int, at: Hex, weapon: Weapon, facing: int = 0, hp: int = 12,
        speed: int = 6, rules: str = "becmi", **values: object) -> CombatantSpec:
    """A combatant of `rules` holding one weapon."""
    spec = fighter(name, side, at, facing, hp=hp, speed=speed, weapons=(weapon,))
    block = becmi(**values) if rules == "becmi" else adnd(**values)
    return dataclasses.replace(spec, stats={rules: block})


def turn_of(battle: Battle, actor: int) -> None:
    """End other combatants' turns until it is `actor`'s."""
    for _ in range(20):
        if battle.active == actor:
            return
        active = battle.active
        assert active is not None
        battle.apply(EndTurn(active))
    raise AssertionError(f"#{actor} never got a turn")


def test_it_attacks_the_wounded_archer_in_reach_rather_than_the_fresh_knight():
    # Rating: kill chance and focus fire outweigh a little more expected damage on a fresh foe.
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD, str=13),
                 who("Knight", 1, Hex(1, 0), LONGSWORD, facing=3, hp=20, ac=9),
                 who("Archer", 1, Hex(0, 1), SHORTBOW, facing=2, hp=8, ac=6))
    s = dataclasses.replace(s, ruleset="becmi")
    for name, wanted in (("basic", 2), ("tactical", 3)):
        with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
            battle.roster.configure(name, "normal", 2)
            esper.component_for_entity(3, Health).hp = 2
            turn_of(battle, 1)
            command = battle.decide()
            assert isinstance(command, Attack) and command.target == wanted, (name, command)


def test_a_thief_circles_to_the_rear_for_a_backstab():
    # becmi: "a thief's Backstab" doubles the dice from the hexes behind the target.
    s = scenario(who("Sly", 0, Hex(0, -2), DAGGER, **{"class": "thief"}),
                 who("Guard", 1, Hex(0, 0), LONGSWORD, facing=2, speed=1))
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        command = battle.decide()
        assert isinstance(command, Move)
        facing = esper.component_for_entity(2, Facing).direction
        assert relative_position(Hex(0, 0), facing, command.to) in BEHIND
        battle.apply(command)
        strike = battle.decide()
        assert isinstance(strike, Attack) and strike.target == 2


def test_it_steps_out_of_an_ally_archers_fire_arc():
    # adnd: allies inside the 30° arc either side of the line of fire may be hit.
    s = scenario(who("Bow", 0, Hex(-1, 0), SHORTBOW, rules="adnd"),
                 who("Ann", 0, Hex(0, 0), LONGSWORD, speed=1, rules="adnd"),
                 who("Orc", 1, Hex(5, 0), LONGSWORD, facing=3, speed=1, rules="adnd"))
    s = dataclasses.replace(s, ruleset="adnd")
    with Battle(s, ADND, seed=3) as battle:
        turn_of(battle, 2)
        command = battle.decide()
        assert isinstance(command, Move)
        assert hex_angle(Hex(-1, 0), Hex(5, 0), command.to) > 30


def _wounded_ann_decides(*others: CombatantSpec) -> object:
    """Ann at 2 of 12 HP next to a foe, Ben four hexes behind her, and `others`: her command."""
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD, hp=12),
                 who("Ben", 0, Hex(-4, 0), LONGSWORD), *others)
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        esper.component_for_entity(1, Health).hp = 2
        turn_of(battle, 1)
        return battle.decide()


def test_a_wounded_fighter_falls_back_to_its_ally():
    # Self-preservation: below a share of its HP it leaves the foe for its friends, while
    # they are enough to hold the line (HOLD_LINE fresh allies a foe). The ogre is sturdy:
    # a blow at its 60 HP is worth less than Ann's life (EFFICIENCY weighs threat per HP).
    command = _wounded_ann_decides(
        who("Ogre", 1, Hex(1, 0), LONGSWORD, facing=3, hp=60, speed=4, str=16),
        who("Cal", 0, Hex(-4, 1), LONGSWORD),
        who("Dee", 0, Hex(-5, 1), LONGSWORD))
    assert isinstance(command, Move), command
    assert hex_distance(command.to, Hex(1, 0)) > 1
    assert hex_distance(command.to, Hex(-4, 0)) < 4


def test_it_ends_its_turn_facing_the_nearest_threat():
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD, facing=3, speed=2),
                 who("Orc", 1, Hex(4, 0), LONGSWORD, facing=3, speed=1))
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        for _ in range(10):
            command = battle.decide()
            battle.apply(command)
            if isinstance(command, EndTurn):
                break
            assert isinstance(command, Move | Face)
        here = esper.component_for_entity(1, Position).hex
        assert esper.component_for_entity(1, Facing).direction == direction_to(here, Hex(4, 0))


def returning_moves(battle: Battle) -> tuple[int, int]:
    """Play to the end: (moves, moves walking onto a hex the mover left earlier that turn)."""
    visited: dict[int, set[Hex]] = {}
    moves = back = 0
    while not battle.over:
        for event in battle.apply(battle.decide()):
            if isinstance(event, TurnStarted):
                visited[event.actor] = set()
            if isinstance(event, Moved):
                seen = visited.setdefault(event.actor, set())
                moves += 1
                back += any(h in seen for h in event.path[1:])
                seen.update(event.path)
    return moves, back


def test_it_does_not_dance_where_the_basic_ai_does():
    # Issue 14: basic returned to a hex left that turn in 12 of 26 becmi-duel moves.
    from arena.assets import load_scenario  # noqa: PLC0415

    duel = load_scenario("becmi-duel")
    totals = {}
    for name in ("basic", "tactical"):
        moves = back = 0
        for seed in (1, 2, 3):
            with Battle(duel, BECMI, seed) as battle:
                battle.roster.configure(name, "normal", 2)
                m, b = returning_moves(battle)
                moves, back = moves + m, back + b
        totals[name] = (moves, back)
    assert totals["basic"][1] > 0
    assert totals["tactical"][1] == 0


def test_after_its_blow_it_steps_back_out_of_a_second_foes_reach():
    # becmi has no attacks of opportunity: once the turn's one blow is struck, the AP left
    # carry it out of the strike zone of the foe that was coming (walk 3 + reach 1 = 4 hexes).
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD, hp=20),
                 who("Ogre", 1, Hex(1, 0), LONGSWORD, facing=3, hp=30),
                 who("Orc", 1, Hex(4, -1), LONGSWORD, facing=3, hp=30))
    assert hex_distance(Hex(0, 0), Hex(4, -1)) <= 4  # Ann starts inside the Orc's zone
    step = _after_a_missed_blow(dataclasses.replace(s, ruleset="becmi"))[0].command
    assert isinstance(step, Move), step
    assert hex_distance(step.to, Hex(4, -1)) > 4


def test_with_the_line_outnumbered_a_wounded_fighter_stays_in_the_fight():
    # Self-preservation ends when the fresh allies are too few to hold the enemy: it strikes.
    command = _wounded_ann_decides(
        who("Ogre", 1, Hex(1, 0), LONGSWORD, facing=3, hp=30, speed=4, str=16),
        who("Orc", 1, Hex(1, -1), LONGSWORD, facing=3, hp=30, speed=4))
    assert isinstance(command, Attack), command


def test_pressing_a_walk_that_gets_no_nearer_is_weighed_like_holding():
    # Pressing (an ally is in melee) lets a close-in walk take the first blow, exposure set
    # aside; a walk that gets no nearer (the way is blocked) keeps its exposure: no circling.
    s = scenario(who("Ann", 0, Hex(-3, 0), LONGSWORD),
                 who("Ben", 0, Hex(-1, 0), LONGSWORD),
                 who("Orc", 1, Hex(0, 0), LONGSWORD, facing=3, hp=30))
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        ai = battle.roster.ai(1)
        assert ai is not None
        planner = ai.planner
        planner.reset()
        enemies = planner.enemies(1)
        before = planner.way_to_enemies(1, Hex(-3, 0), enemies)
        assert before is not None and planner.pressing(1)
        steps = {h: planner.way_to_enemies(1, h, enemies) for h in hex_neighbors(Hex(-3, 0))}
        level = min((h for h, way in steps.items() if way == before), key=lambda h: (h.q, h.r))
        ahead = min((h for h, way in steps.items() if way is not None and way < before),
                    key=lambda h: (h.q, h.r))
        aside = planner.approach(1, [Hex(-3, 0), level], 3, enemies, set(), before, False)
        nearer = planner.approach(1, [Hex(-3, 0), ahead], 3, enemies, set(), before, False)
        assert "progress" not in aside.rating.terms
        assert aside.rating.terms["exposure"] < 0
        assert nearer.rating.terms["progress"] > 0
        assert "exposure" not in nearer.rating.terms


def test_out_of_every_melee_foes_reach_it_does_not_weigh_stepping_back():
    # Stepping back after the blow is for leaving the reach of foes that were coming: an
    # archer trading shots with an archer rates no step back.
    s = scenario(who("Bow", 0, Hex(0, 0), SHORTBOW),
                 who("Foe", 1, Hex(4, 0), SHORTBOW, facing=3, hp=30))
    ranked = _after_a_missed_blow(dataclasses.replace(s, ruleset="becmi"))
    assert ranked and not any(c.label == "step back after the blow" for c in ranked)


def _after_a_missed_blow(s: Scenario) -> list[Candidate]:
    """Combatant 1's rated candidates once its first blow of the battle missed (d20 2)."""
    with Battle(s, BECMI, seed=3, dice_script=[6, 1, 2]) as battle:
        turn_of(battle, 1)
        blow = battle.decide()
        assert isinstance(blow, Attack), blow
        battle.apply(blow)
        return battle.roster.explain(1)[1]


def test_it_strikes_the_foe_that_deals_most_per_hit_point_it_has_left():
    # Rating, EFFICIENCY: a blow at a hard hitter with few HP takes more of the enemy's damage
    # out of the fight than a surer blow at a sturdy foe with a dagger.
    brute_sword = Weapon("greatsword", "Two-handed sword", "d10")
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD, hp=30, str=13),
                 who("Brute", 1, Hex(1, 0), brute_sword, facing=3, hp=16, ac=4, str=18),
                 who("Lump", 1, Hex(0, 1), DAGGER, facing=2, hp=40, ac=9))
    s = dataclasses.replace(s, ruleset="becmi")
    for name, wanted in (("basic", 3), ("tactical", 2)):
        with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
            battle.roster.configure(name, "normal", 2)
            turn_of(battle, 1)
            command = battle.decide()
            assert isinstance(command, Attack) and command.target == wanted, (name, command)


def test_a_side_that_outnumbers_its_foes_closes_in_at_once():
    # SWARM: three against one do not wait on the edge of its reach for it to come.
    s = scenario(who("Ann", 0, Hex(-6, 0), LONGSWORD),
                 who("Ben", 0, Hex(-6, 1), LONGSWORD),
                 who("Cal", 0, Hex(-6, -1), LONGSWORD),
                 who("Orc", 1, Hex(3, 0), LONGSWORD, facing=3), hexmap=arena_map(8))
    s = dataclasses.replace(s, ruleset="becmi")
    for orcs, walks_into_reach in ((1, True), (3, False)):
        extra = [who(f"Orc{i}", 1, Hex(3, i), LONGSWORD, facing=3) for i in range(1, orcs)]
        three = dataclasses.replace(s, combatants=(*s.combatants, *extra))
        with Battle(three, BECMI, seed=3, dice_script=[6, 1]) as battle:
            turn_of(battle, 1)
            command = battle.decide()
            assert isinstance(command, Move), command
            # The orc strikes 4 hexes away (3 steps and a blow): waiting stops at 5.
            assert (hex_distance(command.to, Hex(3, 0)) <= 4) == walks_into_reach, command


def test_a_foe_that_smashes_threatens_its_smash():
    # becmi: a fighter of level 9+ smashes (-5 to hit, + its whole Strength score to damage)
    # when that pays. Sir Kay's plain dagger blow is weaker than the brute's sword, his smash
    # far stronger: struck first for the threat he poses (EFFICIENCY), not for his dagger.
    brute_sword = Weapon("greatsword", "Two-handed sword", "d10")
    kay = who("Kay", 1, Hex(1, 0), DAGGER, facing=3, hp=16, ac=4, level=9, str=17)
    brute = who("Brute", 1, Hex(0, 1), brute_sword, facing=2, hp=16, ac=4, str=16)
    s = scenario(who("Ann", 0, Hex(0, 0), LONGSWORD, hp=30, str=13), kay, brute)
    s = dataclasses.replace(s, ruleset="becmi")
    with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
        turn_of(battle, 1)
        command = battle.decide()
        assert isinstance(command, Attack) and command.target == 2, command


def test_the_hard_look_ahead_counts_the_smash_of_the_foe_that_replies():
    # `hard` replaces exposure by each enemy's exact best reply: a level-9 fighter's best blow
    # is its smash, a level-8 one's (same hit roll modifier) its plain blow.
    replies = {}
    for level in (8, 9):
        kay = who("Kay", 1, Hex(1, 0), DAGGER, facing=3, hp=16, level=level, str=17)
        s = dataclasses.replace(scenario(who("Ann", 0, Hex(0, 0), LONGSWORD, hp=30), kay),
                                ruleset="becmi")
        with Battle(s, BECMI, seed=3, dice_script=[6, 1]) as battle:
            battle.roster.configure("tactical", "hard", 2)
            turn_of(battle, 1)
            ai = battle.roster.ai(1)
            assert ai is not None
            ai.choose(1)  # reads the decision's scene
            hold = Candidate(EndTurn(1), "hold", Rating(), Hex(0, 0))
            ai.look_ahead(1, hold)
            replies[level] = hold.rating.terms["replies"]
    assert replies[9] < replies[8] < 0
