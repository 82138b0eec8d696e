"""The AIs with a combatant that is down: they never walk while prone (issue 28)."""

from __future__ import annotations

import esper
import pytest

from arena.battle.core import Battle, Wounds
from arena.cli.main import main
from arena.ecs.components import Conditions
from arena.ecs.events import Refused
from arena.hexgrid import Hex
from arena.model.commands import EndTurn, StandUp
from arena.rules.ap import ApRuleset
from tests.factories import ap_stats, fighter, scenario

AP = ApRuleset()


def apart(wounds: dict[str, tuple[int, int]]) -> Battle:
    """Ann (#1, acts first) on (0, 0); Bob (#2) three hexes away, entering with `wounds`."""
    s = scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9)),
                 fighter("Bob", 1, Hex(3, 0), facing=3))
    return Battle(s, AP, seed=5, dice_script=[15, 1], wounds={1: Wounds(12, wounds)})


@pytest.mark.parametrize("ai", ["basic", "tactical"])
def test_a_combatant_down_on_a_severed_leg_never_chooses_to_walk(ai):
    # Prone and unable to stand (DECISIONS.md `ap`): a move would be refused ("prone: stand
    # up first"), so the AI holds where it lies until an enemy comes within reach.
    with apart({"left_leg_severed": (0, 0), "prone": (0, 0)}) as b:
        b.roster.configure(ai, "normal", 2)
        b.apply(EndTurn(1))
        command = b.decide()
        assert command == EndTurn(2)
        assert not isinstance(b.apply(command)[0], Refused)


@pytest.mark.parametrize("ai", ["basic", "tactical"])
def test_a_prone_combatant_that_can_stand_stands_up_before_it_walks(ai):
    # Prone for another reason (no leg lost): standing up (2 AP, Open) comes first.
    with apart({}) as b:
        esper.switch_world(b.world.name)
        esper.component_for_entity(2, Conditions).rounds["prone"] = 0
        b.roster.configure(ai, "normal", 2)
        b.apply(EndTurn(1))
        assert b.decide() == StandUp(2)


@pytest.mark.slow
def test_the_basic_ai_plays_on_after_its_leg_is_severed_in_d40_duel_seed_9(capsys):
    # `arena sim --scenario d40-duel --seed 9 --ai basic --rules ap`: Aldric loses his right
    # leg in round 13 and the basic AI tried to walk: "AI chose a refused command".
    assert main(["sim", "--scenario", "d40-duel", "--seed", "9", "--ai", "basic",
                 "--rules", "ap"]) == 0
    out = capsys.readouterr().out
    assert "right leg severed" in out and "Battle over" in out
