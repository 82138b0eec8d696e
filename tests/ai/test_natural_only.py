"""Neither AI has a beast (natural weapons only) pick up, fetch, draw or throw a weapon."""

from __future__ import annotations

import dataclasses

import esper
import pytest

from arena.battle.core import Battle
from arena.ecs.components import Item, Position, Wielded
from arena.hexgrid import Hex
from arena.model.commands import Attack, Command, Draw, Move, PickUp
from arena.model.scenario import CombatantSpec
from arena.model.stats import StatBlock, Weapon
from arena.rules.adnd import AdndRuleset
from arena.rules.adnd.stats import FIELDS
from arena.rules.ap import ApRuleset
from tests.factories import LONGSWORD, ap_stats, fighter, scenario

BITE = Weapon("rat_bite", "bite", "1d3", hands=0, natural=True)
JAVELIN = Weapon("javelin", "javelin", "d6", kind="thrown", range_ft=30)
RULESETS = {"ap": ApRuleset(), "adnd": AdndRuleset()}
AIS = [("basic", "normal"), ("tactical", "easy"), ("tactical", "normal"), ("tactical", "hard")]


def adnd_stats() -> StatBlock:
    """The `adnd` stat block of the field defaults (a 1st-level warrior, AC 10)."""
    return StatBlock("adnd", {f.name: f.default for f in FIELDS})


def both(spec: CombatantSpec, dex: int = 2) -> CombatantSpec:
    """`spec` with a stat block for `ap` (Dexterity `dex`) and one for `adnd`."""
    return dataclasses.replace(spec, stats={"ap": ap_stats(dex=dex), "adnd": adnd_stats()})


def battle(rules: str, ai: tuple[str, str], bob_at: Hex = Hex(4, 0)) -> Battle:
    """A giant rat (entity 1, acting first) on a javelin Bob threw (entity 2, at `bob_at`)."""
    rat = both(fighter("Giant rat 1", 0, Hex(0, 0), weapons=(BITE,)), dex=9)
    bob = both(fighter("Bob", 1, bob_at, facing=3, weapons=(LONGSWORD,)))
    first = [15, 1] if rules == "ap" else [1, 2]  # initiative: the rat first
    b = Battle(scenario(rat, bob), RULESETS[rules], seed=3, dice_script=first)
    b.roster.configure(*ai, 2)
    return b


def proposed(b: Battle) -> list[Command]:
    """The command the AI gives and every candidate it rated."""
    command, candidates = b.explain()
    return [command, *(c.command for c in candidates)]


@pytest.mark.parametrize("rules", sorted(RULESETS))
@pytest.mark.parametrize("ai", AIS)
def test_a_beast_on_a_dropped_javelin_never_picks_it_up(rules: str, ai: tuple[str, str]) -> None:
    with battle(rules, ai) as b:
        assert b.active == 1
        esper.switch_world(b.world.name)
        esper.create_entity(Item(JAVELIN, 2), Position(Hex(0, 0)))
        assert not any(isinstance(c, PickUp) for c in proposed(b))
        assert not isinstance(b.decide(), PickUp)
        assert b.ai.recover(1, False) is None


@pytest.mark.parametrize("rules", sorted(RULESETS))
def test_a_beast_next_to_a_dropped_javelin_does_not_fetch_it(rules: str) -> None:
    with battle(rules, ("basic", "normal")) as b:
        esper.switch_world(b.world.name)
        esper.create_entity(Item(JAVELIN, 2), Position(Hex(-1, 0)))
        assert b.ai.fetch(1, False) is None
        assert Move(1, Hex(-1, 0)) not in proposed(b)


@pytest.mark.parametrize("rules", sorted(RULESETS))
@pytest.mark.parametrize("ai", AIS)
def test_a_beast_holding_a_javelin_never_throws_or_draws_it(rules: str,
                                                            ai: tuple[str, str]) -> None:
    # Nothing puts one in its jaws now (an old snapshot, a hand-built world): Bob stands three
    # hexes off, in the javelin's range, out of the bite's reach.
    with battle(rules, ai, bob_at=Hex(3, 0)) as b:
        esper.switch_world(b.world.name)
        esper.component_for_entity(1, Wielded).weapons.append(JAVELIN)
        for command in proposed(b):
            assert not (isinstance(command, Attack) and command.weapon == 1), command
            assert not isinstance(command, Draw | PickUp), command
