"""`arena run --accessible` (arena/tui/run/spoken.py): the run's screens as plain lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arena.run.camp import choose
from arena.run.config import RunConfig
from arena.run.engine import Run
from arena.tui.run.camp import CampScreen
from arena.tui.run.routemap import route_page
from arena.tui.run.title import title_page
from tests.run.test_camp import full_camp
from tests.run.test_run import LIBRARY

KEYS = "n\nenter\n1\nenter\n" + "A\n" * 40 + "enter\nenter\n"  # new, party, road 1, fight


def _arena(cwd: Path, keys: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", "run", "--accessible", *args],
                          input=keys, capture_output=True, text=True, cwd=cwd, timeout=120,
                          check=False)


def test_the_map_is_read_as_a_line_per_road_without_its_drawing():
    run = Run(RunConfig("d40", 5, 12), LIBRARY)
    lines = route_page(run).spoken()
    assert lines[0] == "The road: step 1 of 12 (run seed 5)"
    assert not any("----" in line or "F fight E elite" in line for line in lines)
    roads = [line for line in lines if line[:3] in ("1) ", "2) ", "3) ")]
    assert roads[0].startswith("1) Fight, ") and "reward: coin and loot" in roads[0]
    assert lines[-1].startswith("1-") and "take the road" in lines[-1]


def test_the_title_s_banner_is_not_read_aloud():
    lines = title_page(None).spoken()
    assert lines[:2] == ["arena", "a tactical skirmish roguelike on a hex grid - version 0.1.0"]


@pytest.mark.slow
def test_a_run_is_played_in_lines_to_its_spoils_and_continued_after_the_input_ends(tmp_path):
    done = _arena(tmp_path, KEYS, "--seed", "5", "--rules", "d40")
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "New d40 run, seed 5: choose a party of one to three" in out
    assert "1) Fight, crypt - reward: coin and loot - beyond: merchant, fight" in out
    assert "Huntsman, your d40 huntsman, decides:" in out  # the bout: the accessible battle
    assert "You won." in out and "Spoils of bout 1 - 49 coin" in out
    assert "Enter) march on (the run's map)" in out
    assert out.rstrip().endswith("Input ended: the run is saved; arena run --accessible "
                                 "continues it.")
    again = _arena(tmp_path, "c\nenter\n")  # continue: the spoils again, then march on
    assert "Unfinished run: d40, seed 5, step 1, at camp" in again.stdout
    assert "Spoils of bout 1 - 49 coin" in again.stdout
    assert "The road: step 2 of 12 (run seed 5)" in again.stdout, again.stdout


@pytest.mark.slow
def test_accessible_goes_with_a_run_played_by_hand_only(tmp_path):
    done = _arena(tmp_path, "", "--auto")
    assert done.returncode == 2
    assert done.stderr.strip() == ("arena: --accessible is for a run played by hand, not with "
                                   "--auto")


def test_a_camp_is_read_as_roster_piles_and_one_line_per_choice_the_question_last():
    camp = full_camp()
    screen = CampScreen(camp, "ap", 5, [], lambda c: choose(camp, c))
    screen.feed("l")
    lines = screen.spoken()
    assert lines[0] == "Camp after bout 5 - the camp's one action: free - 30 coin"
    assert "  sword +1, +4 vs reptiles (1d8, melee, one hand, +1)" in lines  # one line
    assert lines[-1].startswith("Which item? 1) sword +1, +4 vs reptiles  Esc: never mind"), lines


@pytest.mark.slow
def test_a_skirmish_chosen_at_the_accessible_title_is_played_in_lines_too(tmp_path):
    done = _arena(tmp_path, "s\n")
    assert done.returncode == 0, done.stderr
    assert "your archer" in done.stdout and "Keys: " in done.stdout  # the accessible battle
    assert done.stdout.rstrip().endswith("the battle's journal is kept; run arena to resume it.")
