"""The run as a person plays it (arena/run/live.py, journal.py; arena/tui/run/camp.py): the run
journal flushed per command, continuing after a kill, camp keys, and the balance rules."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import tcod.console

from arena.assets import load_library
from arena.cli.main import main
from arena.errors import ArenaError
from arena.rules import get_ruleset
from arena.run.balance import foe_budget, rest_gain
from arena.run.camp import Camp
from arena.run.camppolicy import auto_next
from arena.run.config import RunConfig
from arena.run.decisions import CampChoice
from arena.run.engine import Run
from arena.run.growth import advance
from arena.run.live import LiveRun, resume
from arena.run.route import CAMP
from arena.run.runjournal import NAME, load
from arena.tui.run.camp import CampScreen
from tests.tui.battle.test_app import rows

LIBRARY = load_library()


def _fight(live: LiveRun, commands: int | None = None) -> None:
    """Let the AI give `commands` commands (None: to the end) in the bout being fought."""
    fight = live.fight
    assert fight is not None
    n = 0
    while not fight.recorder.battle.over and (commands is None or n < commands):
        fight.recorder.apply(fight.recorder.battle.decide(), "auto")
        live.record()
        n += 1


def _new(tmp_path: Path, seed: int = 7, steps: int = 2) -> LiveRun:
    """A new run that has taken the first road (step 1: always a fight)."""
    live = LiveRun.new(RunConfig("d40", seed, steps), LIBRARY, tmp_path / NAME)
    assert live.phase == "route"
    assert live.go(live.run.options()[0].id) is None
    assert live.phase == "preview"
    return live


def _to_camp(live: LiveRun) -> None:
    """Play on (the AI fights, spoils left as they are) to the first camp node."""
    while True:
        if live.phase == "route":
            ways = live.run.options()
            assert live.go(next((n for n in ways if n.kind == CAMP), ways[0]).id) is None
        elif live.phase == "preview":
            live.begin_bout()
        elif live.phase == "battle":
            _fight(live)
            live.end_bout()
        elif live.phase == "camp" and live.run.here is not None \
                and live.run.here.kind == CAMP:
            return
        else:
            assert live.phase == "camp", live.phase
            live.leave_camp()


def test_a_killed_run_continues_mid_bout_at_the_same_state(tmp_path: Path) -> None:
    live = _new(tmp_path)
    live.begin_bout()
    _fight(live, 12)
    assert live.fight is not None
    state = live.fight.recorder.battle.state_hash()
    live.close()  # the terminal dies: the journal holds every command already
    again, dropped = resume(tmp_path / NAME, LIBRARY)
    assert not dropped
    assert again.phase == "battle"
    assert again.fight is not None
    assert len(again.fight.recorder.steps) == 12
    assert again.fight.recorder.battle.state_hash() == state
    again.close()


def test_the_command_in_flight_at_a_kill_is_the_only_thing_lost(tmp_path: Path) -> None:
    live = _new(tmp_path)
    live.begin_bout()
    _fight(live, 5)
    live.close()
    with (tmp_path / NAME).open("a") as f:
        f.write('{"bout":1,"command":{"type":"end_t')  # half a line, no newline
    again, dropped = resume(tmp_path / NAME, LIBRARY)
    assert dropped
    assert again.fight is not None
    assert len(again.fight.recorder.steps) == 5
    again.close()


def test_camp_choices_are_journalled_and_a_continued_camp_keeps_them(tmp_path: Path) -> None:
    live = _new(tmp_path, steps=12)
    _to_camp(live)
    assert live.phase == "camp"
    assert live.camp is not None
    live.run.party[0].hp = 1  # the policy rests
    choice = auto_next(live.camp)
    assert choice is not None
    assert live.choose(choice) is None
    actions = live.camp.actions
    live.close()
    again, _ = resume(tmp_path / NAME, LIBRARY)
    assert again.phase == "camp"
    assert again.made == [choice]
    assert again.camp is not None
    assert again.camp.actions == actions
    again.close()


@pytest.mark.slow
def test_a_finished_terminal_run_leaves_score_morgue_and_a_verifying_record(
        tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    live = _new(tmp_path, seed=7, steps=2)
    while live.phase != "over":
        if live.phase == "route":
            assert live.go(live.run.options()[0].id) is None
        if live.phase == "preview":
            live.begin_bout()
        if live.phase == "battle":
            _fight(live)
            live.end_bout()
        elif live.phase == "camp":
            assert live.camp is not None
            while (choice := auto_next(live.camp)) is not None:
                assert live.choose(choice) is None
            live.leave_camp()
    written = live.conclude(tmp_path)
    assert not (tmp_path / NAME).exists()  # the save is gone: permadeath
    assert (tmp_path / "scores.jsonl").read_text().count("\n") == 1
    assert "== Bout by bout ==" in written.morgue.read_text()
    assert written.record is not None
    assert main(["replay", str(written.record), "--verify"]) == 0
    assert "run verified: " in capsys.readouterr().out


def test_an_unreadable_command_in_a_run_journal_is_an_arena_error_not_a_crash(
        tmp_path: Path) -> None:
    live = _new(tmp_path)
    live.begin_bout()
    _fight(live, 3)
    live.close()
    lines = (tmp_path / NAME).read_text().splitlines()
    lines[-2] = lines[-2].replace('"type":', '"type":"dance","was":', 1)
    (tmp_path / NAME).write_text("\n".join(lines) + "\n")
    with pytest.raises(ArenaError, match=r"line 4: a recorded command is unreadable: unknown "
                                         r"command type 'dance'"):
        resume(tmp_path / NAME, LIBRARY)


@pytest.mark.slow
def test_a_corrupt_run_journal_is_one_line_exit_2_and_set_aside(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / NAME).write_text('{"format":"arena-run-journal","journal_version":1}\nnot json\n'
                              '{"camp":1,"closed":true}\n')
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-m", "arena"], cwd=tmp_path, capture_output=True,
                          text=True, env=env | {"PYTHONPATH": str(Path.cwd())}, check=False,
                          stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "cannot be continued" in done.stderr
    assert not (saves / NAME).exists()
    assert (saves / f"{NAME}.bad").exists()  # kept, never deleted


def test_a_half_written_journal_header_is_not_a_run_journal(tmp_path: Path) -> None:
    (tmp_path / NAME).write_text('{"format":"arena-run-jour')
    with pytest.raises(ArenaError, match="not an arena run journal"):
        load(tmp_path / NAME)


@pytest.mark.slow
def test_camp_keys_make_the_choice_asked_for_one_question_at_a_time(tmp_path: Path) -> None:
    live = _new(tmp_path, steps=12)
    _to_camp(live)
    assert live.camp is not None
    made: list[dict[str, object]] = []

    def take(choice: CampChoice) -> str | None:
        made.append(choice.to_json())
        return live.choose(choice)

    screen = CampScreen(live.camp, "d40", 1, [], take)
    for key in "o21y":  # take an offered weapon: the second offer, for member 1; yes
        screen.feed(key)
    assert made == [{"choice": "take", "item": 1, "member": 0}]
    screen.feed("x")
    screen.feed("n")  # retiring asks first
    assert not screen.done
    screen.feed("x")
    screen.feed("y")
    assert screen.done
    assert made[-1] == {"choice": "retire"}
    live.close()


def test_the_d40_threat_budget_rises_four_points_of_the_party_a_step_from_twenty_two() -> None:
    assert [foe_budget("d40", 100, k) for k in (1, 2, 5, 10)] == [22, 26, 38, 58]


def test_a_rest_gives_back_two_thirds_of_the_lost_hit_points_rounded_up() -> None:
    assert rest_gain(30, 0) == 20
    assert rest_gain(30, 29) == 1
    assert rest_gain(30, 30) == 0


def test_a_level_up_moves_becmi_men_monsters_and_fighters_one_step_up_their_own_table(
        tmp_path: Path) -> None:
    party = ("becmi_crossbowman", "becmi_ogre", "skirmisher")
    run = LiveRun.new(RunConfig("becmi", 3, 2, party=party), LIBRARY, tmp_path / NAME).run
    man, ogre = run.party[0], run.party[1]
    assert man.stats["becmi"].get("class", "normal_man") == "normal_man"
    advance(man, "becmi")
    assert (man.stats["becmi"]["class"], man.stats["becmi"]["level"]) == ("fighter", 1)
    assert ogre.stats["becmi"]["hd"] == "4+1"
    advance(ogre, "becmi")
    assert ogre.stats["becmi"]["hd"] == "5+1"
    fighter = run.party[2]
    level = int(str(fighter.stats["becmi"]["level"]))
    advance(fighter, "becmi")
    assert fighter.stats["becmi"]["level"] == level + 1  # a step from its own level, never down


@pytest.mark.parametrize("bad", [["--rules", "nope"], ["--steps", "0"], ["--party", "a,b"]])
def test_bad_run_options_never_touch_the_run_in_progress(tmp_path: Path, bad: list[str],
                                                         capsys) -> None:  # type: ignore[no-untyped-def]
    live = _new(tmp_path)
    live.begin_bout()
    _fight(live, 3)
    live.close()
    before = (tmp_path / NAME).read_bytes()
    assert main(["run", *bad, "--saves", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert (tmp_path / NAME).read_bytes() == before


def test_the_camp_says_a_rest_stops_bleeding_only_where_healing_does() -> None:
    # d40: "A healing potion/spell/etc of any kind will immediately stop any bleeding"; in the
    # other rulesets a wound bleeds on until tended, rest or no rest.
    for ruleset, staunches in (("d40", True), ("adnd", False), ("becmi", False), ("ap", False)):
        run = Run(RunConfig(ruleset, 3, 12), LIBRARY)
        m = run.party[0]
        m.hp, m.injuries = m.max_hp - 3, {"bleeding": (0, 1)}
        camp = Camp(run.party, get_ruleset(ruleset), [], [])
        console = tcod.console.Console(100, 30, order="C")
        CampScreen(camp, ruleset, 1, [], lambda choice: None).draw(console)
        text = " ".join(" ".join(rows(console)).split())  # wrapped lines as one
        assert f"r) rest: {m.name} +2 HP" in text  # two thirds of 3; the others are whole
        assert ("bleeding stops" in text) is staunches, ruleset
