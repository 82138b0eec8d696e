"""The roguelike run (docs/run.md): carry-over, camp, records, bad input, determinism."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import esper
import pytest

from arena.assets import load_library
from arena.battle.core import Battle
from arena.cli.main import main
from arena.ecs.components import Conditions, Wielded
from arena.ecs.events import ConditionAdded, WeaponBroken
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.run.bout import Bout
from arena.run.camp import choose
from arena.run.campwork import preview
from arena.run.carry import Tally, carry_over
from arena.run.config import RunConfig
from arena.run.decisions import Repair, Rest, Tend
from arena.run.engine import Run
from arena.run.party import BROKEN, Gear
from arena.run.route import CAMP, DEFAULT_STEPS, MAX_STEPS
from tests.factories import ap_stats, fighter, scenario
from tests.rules.d40.kit import SWORD, d40_stats
from tests.run.roads import first_road, next_bout

LIBRARY = load_library()


def _staged(ruleset: str, foe, script, gear=None, facing=3):  # type: ignore[no-untyped-def]
    """Bout 1 staged as a duel: a foe (entity 1, acts first) against party member 0 (entity 2).

    The dice are scripted, so the foe's blow is an exact rule case of the document; the party
    is then carried home from the battle as from any won bout.
    """
    run = Run(RunConfig(ruleset, 3, steps=3), LIBRARY)
    m = run.party[0]
    m.max_hp = m.hp = 60
    if gear is not None:
        m.gear = [Gear(w, w) for w in gear]
        m.stats[ruleset] = {}
    me = dataclasses.replace(m.spec(), side=0, at=Hex(1, 0), facing=facing)
    s = dataclasses.replace(scenario(foe, me), ruleset=ruleset)
    bout = Bout(1, first_road(run), s, 5, 0, {0: 2}, {})
    return run, bout, Battle(s, run.ruleset, 5, script)


def _carry(run, bout, battle, won=True) -> Tally:  # type: ignore[no-untyped-def]
    """Carry the party home from the staged battle."""
    tally = Tally(bout=1, won=won)
    carry_over(battle, run.party, bout.entities, tally)
    run.bouts.append(bout)
    run.tallies.append(tally)
    return tally


def _next_member(run):  # type: ignore[no-untyped-def]
    """Bout 2 (a generated arena): the member's conditions and weapons in hand."""
    nxt = next_bout(run)
    with run.battle(nxt) as b:
        e = nxt.entities[0]
        return (dict(esper.component_for_entity(e, Conditions).rounds),
                [w.id for w in esper.component_for_entity(e, Wielded).weapons], b)


def test_ap_severed_hand_still_severed_next_bout_and_the_dropped_weapon_is_offered_as_loot():
    # Document 003, double critical d10 "2 | Right hand severed": threat 20, confirm 20, d8 5,
    # d10 2, 2d6 1 1. The weapon falls at the member's feet and nobody picks it up: it leaves
    # the member's gear, and the won field offers it back with the loot.
    ann = fighter("Ann", 1, Hex(0, 0), stats=ap_stats(dex=9))
    run, bout, battle = _staged("ap", ann, [15, 1, 20, 20, 5, 2, 1, 1])
    axe = run.party[0].gear[0].weapon.id
    with battle:
        events = battle.apply(Attack(1, 2))
        assert ConditionAdded(2, "right_hand_severed", 0, 0) in events
        tally = _carry(run, bout, battle)
    assert "right_hand_severed" in run.party[0].injuries
    assert axe not in [g.weapon.id for g in run.party[0].gear]
    assert tally.lost and axe not in [w.id for w in run.party[0].spec().weapons]
    assert [w.id for w in tally.loot] == [axe]
    conditions, _, b = _next_member(run)
    assert "right_hand_severed" in conditions
    assert b.ruleset.hands(frozenset(conditions)) == 1


def test_d40_shattered_weapon_still_broken_next_bout_until_repaired():
    # Document 000, critical hit 19: the weapon saves vs crushing blow d20 + 1 >= 12; a 1 fails.
    # The member wears a shield: Ann strikes from its weapon side (front-right), so the blow
    # takes the sword (docs/rules/d40.md, shields in the tables).
    ann = dataclasses.replace(fighter("Ann", 1, Hex(0, 0), weapons=(SWORD,)),
                              stats={"d40": d40_stats(str=16)})
    run, bout, battle = _staged("d40", ann, [1, 2, 20, 20, 19, 1], gear=(SWORD,), facing=4)
    with battle:
        assert WeaponBroken(2, "longsword", 0, ()) in battle.apply(Attack(1, 2))
        _carry(run, bout, battle)
    assert [(g.weapon.id, g.state) for g in run.party[0].gear] == [("longsword", BROKEN)]
    camp = run.camp_for(CAMP)
    _, held, _ = _next_member(run)
    assert "longsword" not in held
    assert preview("repair", run.party, camp.land) == f"mends longsword ({run.party[0].name})"
    assert choose(camp, Repair()) is None
    assert run.party[0].gear[0].state == "whole"
    assert camp.log == [f"{run.party[0].name}'s longsword is repaired (whole)"]


def test_d40_bleeding_carries_over_and_rest_stops_it_through_the_heal_hook():
    # Document 000, critical hit 14: heavy bleeding 1d4 a round, "A healing potion/spell/etc of
    # any kind will immediately stop any bleeding" (Ruleset.heal).
    ann = dataclasses.replace(fighter("Ann", 1, Hex(0, 0), weapons=(SWORD,)),
                              stats={"d40": d40_stats(str=16)})
    run, bout, battle = _staged("d40", ann, [1, 2, 20, 20, 14, 3], gear=(SWORD,))
    with battle:
        battle.apply(Attack(1, 2))
        _carry(run, bout, battle)
    m = run.party[0]
    assert "bleeding" in m.injuries and m.hp < m.max_hp
    lost = m.max_hp - m.hp
    assert choose(run.camp_for(CAMP), Rest()) is None
    assert "bleeding" not in m.injuries
    assert m.max_hp - m.hp == lost - (2 * lost + 2) // 3  # two thirds back, rounded up


def test_ap_head_severed_member_is_dead_and_absent_from_the_next_bout():
    # Document 003, double critical d10 "10 | Head severed".
    ann = fighter("Ann", 1, Hex(0, 0), stats=ap_stats(dex=9))
    run, bout, battle = _staged("ap", ann, [15, 1, 20, 20, 5, 10])
    name = run.party[0].name
    with battle:
        battle.apply(Attack(1, 2))
        _carry(run, bout, battle)
    assert not run.party[0].alive and "Ann" in run.party[0].cause
    nxt = next_bout(run)
    assert name not in [c.name for c in nxt.scenario.combatants if c.side == 0]
    assert len(nxt.entities) == 2


def test_severed_parts_cannot_be_tended():
    ann = fighter("Ann", 1, Hex(0, 0), stats=ap_stats(dex=9))
    run, bout, battle = _staged("ap", ann, [15, 1, 20, 20, 5, 5, 1, 1])
    with battle:
        battle.apply(Attack(1, 2))
        _carry(run, bout, battle)
    reason = choose(run.camp_for(CAMP), Tend(member=0))
    assert reason == f"{run.party[0].name}'s left foot severed never heals"


@pytest.mark.slow
def test_recorded_run_verifies_and_a_tampered_copy_names_bout_and_command(tmp_path, capsys):
    record = tmp_path / "r.json"
    assert main(["run", "--auto", "--seed", "3", "--rules", "d40", "--steps", "2",
                 "--saves", str(tmp_path / "saves"), "--record", str(record)]) == 0
    assert main(["replay", str(record), "--verify"]) == 0
    doc = json.loads(record.read_text())
    doc["fights"][0]["commands"][4]["state_hash"] = "0" * 16
    tampered = tmp_path / "t.json"
    tampered.write_text(json.dumps(doc))
    capsys.readouterr()
    assert main(["replay", str(tampered), "--verify"]) == 1
    assert "run differs at bout 1, command 5" in capsys.readouterr().err
    assert (tmp_path / "saves" / "scores.jsonl").read_text().count("\n") == 1
    assert list((tmp_path / "saves" / "morgue").glob("d40-s3-*.txt"))


@pytest.mark.slow
def test_an_unreadable_command_in_a_run_record_is_one_line_naming_bout_and_command_exit_2(
        tmp_path, capsys):
    record = tmp_path / "r.json"
    assert main(["run", "--auto", "--seed", "3", "--rules", "d40", "--steps", "1",
                 "--saves", str(tmp_path / "saves"), "--record", str(record)]) == 0
    doc = json.loads(record.read_text())
    doc["fights"][0]["commands"][2]["command"] = {"type": "dance"}
    record.write_text(json.dumps(doc))
    capsys.readouterr()
    assert main(["replay", str(record), "--verify"]) == 2  # malformed, not a divergence
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "r.json: bout 1, command 3: unknown command type" in err


@pytest.mark.parametrize("argv", [
    ["run", "--auto", "--rules", "nope"],
    ["run", "--auto", "--steps", "0"],
    ["run", "--auto", "--party", "a,b"],
])
def test_bad_run_options_are_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_corrupt_run_record_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format":"arena-run","run_version":1,"seed":"x"')
    assert main(["replay", str(bad), "--verify"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.slow
def test_auto_run_json_is_the_same_bytes_under_any_hash_seed(tmp_path):
    outs = set()
    for hashseed in ("0", "1"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        done = subprocess.run(
            [sys.executable, "-m", "arena", "run", "--auto", "--seed", "5", "--rules", "ap",
             "--steps", "2", "--json", "--saves", str(tmp_path / hashseed)],
            capture_output=True, check=True, env=env, cwd=Path(__file__).parents[2])
        outs.add(done.stdout)
    (out,) = outs
    last = json.loads(out.splitlines()[-1])
    assert last["type"] == "run_end" and last["seed"] == 5 and last["ruleset"] == "ap"
    assert {json.loads(x)["type"] for x in out.splitlines()} >= {
        "run_start", "bout_start", "bout_end", "run_end"}


def test_an_endless_run_s_map_goes_on_past_the_last_step_of_a_run_of_set_length():
    run = Run(RunConfig("adnd", 3, endless=True), LIBRARY)
    assert run.route.last == MAX_STEPS
    for _ in range(DEFAULT_STEPS + 1):  # the road alone: no fight needs fighting to walk it
        first_road(run)
    assert run.step == DEFAULT_STEPS + 1 and not run.over
    assert run.here is not None and run.here.id.startswith("a3s13")


@pytest.mark.slow
def test_an_endless_run_plays_until_the_party_falls(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "arena", "run", "--auto", "--seed", "3", "--rules", "adnd",
         "--endless", "--json", "--saves", str(tmp_path)],
        capture_output=True, check=True, cwd=Path(__file__).parents[2])
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    start, last = lines[0], lines[-1]
    assert start["type"] == "run_start" and start["endless"] and start["steps"] is None
    assert last["type"] == "run_end" and last["result"] == "death"
    bouts = [x["bout"] for x in lines if x["type"] == "bout_start"]
    assert bouts == list(range(1, last["bouts_won"] + 2))  # every bout won, then the last lost


@pytest.mark.slow
def test_the_morgue_log_names_weapons_as_the_player_saw_them(tmp_path):
    assert main(["run", "--auto", "--seed", "11", "--rules", "becmi", "--steps", "3",
                 "--saves", str(tmp_path)]) == 0
    (morgue,) = (tmp_path / "morgue").glob("becmi-s11-*.txt")
    log = morgue.read_text().split("== The last 30 log lines ==")[1]
    assert " with " in log  # attacks are in the log, each naming its weapon
    assert not re.search(r" with [a-z]+_[a-z_]+ \(", log), log  # no ids like light_crossbow
