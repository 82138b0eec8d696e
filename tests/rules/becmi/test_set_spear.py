"""`becmi` (document 001): a spear set against a charge, as a reaction on the map.

Document 001, step 7: "Adjust the roll with any multipliers, such as a thief's Backstab
ability, or a charge bonus." DECISIONS.md (`becmi`, Maneuvers): "charge ×2 damage (lance
charge, spear set against a charge, a monster's charge) ... Only the weapon dice are
multiplied". The spear strikes the charger first, as the charge arrives (docs/rules/becmi.md).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from arena.battle.core import Battle
from arena.battle.narrate import attack_text
from arena.battle.view import snapshot
from arena.ecs.events import (
    Attacked,
    Died,
    Event,
    OpeningPresented,
    ReactionDeclined,
    Refused,
)
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn, Face, Move, React
from arena.model.scenario import CombatantSpec
from arena.model.stats import StatBlock, Weapon
from arena.replay.file import Recorder, load, rerun, save
from arena.rules.becmi import BecmiRuleset
from arena.tui.battle.app import App
from arena.tui.battle.session import Session
from tests.factories import LONGSWORD, fighter, scenario

BECMI = BecmiRuleset()
LANCE = Weapon("lance", "lance", "d10", tags=("lance",))
SPEAR = Weapon("spear", "spear", "d8", hands=2, tags=("spear",))
LONGSPEAR = Weapon("longspear", "longspear", "d8", hands=2, reach=2, tags=("reach", "spear"))
# Initiative: the raiders' side rolls 6, the guard's 1, so the lancer acts first.
INITIATIVE = [6, 1]


def becmi(**values: object) -> StatBlock:
    """A 1st-level `becmi` fighter's stat block with `values` changed."""
    block: dict[str, object] = {"class": "fighter", "level": 1, "hd": "", "str": 10,
                                "dex": 10, "ac": 9, "mastery": "", "curse": 0}
    block.update(values)
    return StatBlock("becmi", block)  # type: ignore[arg-type]


def combatant(name: str, side: int, at: Hex, facing: int, hp: int,
              weapon: Weapon, **values: object) -> CombatantSpec:
    """A `becmi` combatant holding one weapon."""
    spec = fighter(name, side, at, facing, hp=hp, weapons=(weapon,))
    return dataclasses.replace(spec, stats={"becmi": becmi(**values)})


def charge_battle(lancer_hp: int, dice: list[int], guard_weapon: Weapon = SPEAR,
                  guard_facing: int = 3) -> Battle:
    """Rurik (lance, AC 5) 4 hexes west of Garth (spear, AC 9) on a straight road."""
    rurik = combatant("Rurik", 0, Hex(-3, 0), 0, lancer_hp, LANCE, ac=5)
    garth = combatant("Garth", 1, Hex(1, 0), guard_facing, 30, guard_weapon)
    return Battle(scenario(rurik, garth), BECMI, seed=1, dice_script=[*INITIATIVE, *dice])


def charge(battle: Battle) -> list[Event]:
    """Rurik rides 3 hexes straight at Garth and strikes with the lance: a charge."""
    battle.apply(Move(1, Hex(0, 0)))
    return battle.apply(Attack(1, 2))


def test_a_charge_into_a_set_spear_offers_the_spear_a_blow_first():
    with charge_battle(lancer_hp=20, dice=[]) as battle:
        offered = charge(battle)
        assert offered == [OpeningPresented(1, "charge", (2,))]
        assert battle.active == 2
        assert battle.apply(EndTurn(1))[0].reason.startswith("waiting for Garth")
        view = snapshot(battle).reaction
        assert view is not None and (view.action, view.first) == ("charge",
                                                                   "set spear vs charge")


def test_a_set_spear_that_slays_the_charger_stops_the_charge():
    # DECISIONS.md: "charge ×2 damage (... spear set against a charge ...)": d8 5 ×2 = 10
    # fells Rurik (10 HP) before his lance lands; the lance's dice are never rolled.
    with charge_battle(lancer_hp=10, dice=[15, 5, 20, 10]) as battle:
        charge(battle)
        events = battle.apply(React(2, True))
        struck = events[0]
        assert isinstance(struck, Attacked) and (struck.actor, struck.target) == (2, 1)
        assert (struck.result.natural, struck.result.hit, struck.result.damage) == (15, True, 10)
        assert struck.result.multiplier == 2
        assert struck.result.notes == ("spear set against a charge: ×2 dice",)
        assert attack_text(struck.result).endswith("d8 5 = 5 x2 = 10 +0 STR = 10 damage")
        assert Died(1, 2, "slain") in events
        assert not any(isinstance(e, Attacked) and e.actor == 1 for e in events)
        assert battle.dice.script_remaining == (20, 10)


def test_a_charger_that_survives_the_set_spear_still_charges_home_with_doubled_dice():
    # The spear strikes first (d8 3 ×2 = 6); the charge then lands with its own ×2 (the
    # run-up is not lost while the spear strikes): d10 7 ×2 = 14.
    with charge_battle(lancer_hp=20, dice=[15, 3, 15, 7]) as battle:
        charge(battle)
        events = battle.apply(React(2, True))
        spear, lance = (e for e in events if isinstance(e, Attacked))
        assert (spear.actor, spear.result.damage, spear.target_hp) == (2, 6, 14)
        assert (lance.actor, lance.result.damage, lance.target_hp) == (1, 14, 16)
        assert lance.result.notes == ("charge after a 3-hex run-up: ×2 dice",)
        assert battle.active == 1 and battle.dice.script_remaining == ()


def test_a_set_spear_that_misses_leaves_the_charge_alone():
    # Garth needs 14 against AC 5 (HRM 1): a 13 misses; the charge lands as before.
    with charge_battle(lancer_hp=20, dice=[13, 15, 7]) as battle:
        charge(battle)
        spear, lance = (e for e in battle.apply(React(2, True)) if isinstance(e, Attacked))
        assert (spear.result.hit, spear.result.damage_roll) == (False, None)
        assert (lance.result.damage, lance.target_hp) == (14, 16)


def test_a_player_may_let_the_charge_come_without_setting_the_spear():
    with charge_battle(lancer_hp=20, dice=[15, 7]) as battle:
        charge(battle)
        events = battle.apply(React(2, False))
        assert events[0] == ReactionDeclined(2, 1)
        (lance,) = (e for e in events if isinstance(e, Attacked))
        assert (lance.actor, lance.result.damage) == (1, 14)


def test_the_ai_always_sets_its_spear_against_a_charge():
    with charge_battle(lancer_hp=20, dice=[15, 3, 15, 7]) as battle:
        charge(battle)
        assert battle.decide() == React(2, True)


def test_a_longspear_is_set_against_a_charge_within_its_reach():
    with charge_battle(lancer_hp=20, dice=[15, 4, 15, 7], guard_weapon=LONGSPEAR) as battle:
        charge(battle)
        spear = battle.apply(React(2, True))[0]
        assert isinstance(spear, Attacked) and spear.result.damage == 8


@pytest.mark.parametrize(("weapon", "facing", "run"), [
    (LONGSWORD, 3, True),   # no spear to set
    (SPEAR, 0, True),       # the charge comes from behind Garth (he faces away)
    (SPEAR, 3, False),      # no charge: Rurik's straight run-up is 1 hex
])
def test_no_set_spear_without_a_spear_facing_a_true_charge(weapon, facing, run):
    with charge_battle(lancer_hp=20, dice=[15, 7], guard_weapon=weapon,
                       guard_facing=facing) as battle:
        if run:
            events = charge(battle)
        else:
            battle.apply(Move(1, Hex(-1, 0)))
            battle.apply(Face(1, 1))        # turning breaks the straight run-up
            battle.apply(Move(1, Hex(0, 0)))
            events = battle.apply(Attack(1, 2))
        assert not any(isinstance(e, OpeningPresented) for e in events)
        (lance,) = (e for e in events if isinstance(e, Attacked))
        assert lance.actor == 1 and battle.active == 1


def test_a_react_without_a_charge_on_offer_is_refused():
    with charge_battle(lancer_hp=20, dice=[]) as battle:
        refused = battle.apply(React(2, True))
        assert refused == [Refused("react", "no Action of Opportunity is on offer")]


def test_every_spear_in_the_catalogue_can_be_set():
    # The issue: "only `boar_spear` has the `spear` tag, so `spear`, `longspear` and
    # `war_spear` cannot be set."
    from arena.assets import load_library  # noqa: PLC0415

    weapons = load_library().weapons
    spears = sorted(w for w in weapons if "spear" in w)
    assert spears == ["boar_spear", "longspear", "spear", "war_spear"]
    assert all("spear" in weapons[w].tags for w in spears)


def test_an_ai_battle_with_a_set_spear_records_and_verifies(tmp_path: Path):
    # The AI lancer rides 3 hexes and charges; the AI guard sets its spear: both are recorded
    # (the guard's `react` too), and re-running the replay gives the same events and hashes.
    rurik = combatant("Rurik", 0, Hex(-3, 0), 0, 20, LANCE, ac=5)
    garth = combatant("Garth", 1, Hex(1, 0), 3, 30, SPEAR)
    battle = Battle(dataclasses.replace(scenario(rurik, garth), ruleset="becmi"), BECMI,
                    seed=7, dice_script=INITIATIVE)
    with battle:
        recorder = Recorder(battle, "test", tuple(INITIATIVE))
        while not battle.over and len(recorder.steps) < 200:
            recorder.apply(battle.decide(), "ai")
        path = tmp_path / "charge.json"
        save(recorder, path)
    commands = json.loads(path.read_text())["commands"]
    assert commands[2]["command"] == {"type": "react", "actor": 2, "take": True}
    assert [e["type"] for e in commands[1]["events"]] == ["opening_presented"]
    assert list(rerun(load(path))) == []


def test_the_terminal_asks_the_player_to_set_the_spear_and_y_strikes_first(tmp_path: Path):
    # The player holds Garth; the AI rides Rurik's charge. The prompt names the charge and the
    # set spear; `y` answers with `react take`, and the spear's blow comes before the lance's.
    battle = charge_battle(lancer_hp=20, dice=[15, 3, 15, 7])
    session = Session(Recorder(battle, "test"), frozenset({1}), tmp_path, journal=False)
    app = App(session)
    try:
        session.run_ai()
        assert app._prompt() == (True, "Rurik's charge comes at Garth: set spear vs charge, "
                                       "striking first? (y/n)")
        app.feed("y")
        texts = [line.text for line in session.log]
        spear = next(i for i, t in enumerate(texts) if t.startswith("Garth strikes Rurik"))
        lance = next(i for i, t in enumerate(texts) if t.startswith("Rurik attacks Garth"))
        assert spear < lance and texts[spear].endswith("= 6 damage [Rurik 14 HP]")
        react = {"type": "react", "actor": 2, "take": True}
        assert [s["by"] for s in session.recorder.steps if s["command"] == react] == ["player"]
    finally:
        session.close()
        battle.__exit__(None, None, None)
