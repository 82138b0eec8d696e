"""The level-up page (arena/tui/run/levelup.py): each level's numbers, before -> after."""

from __future__ import annotations

from pathlib import Path

from arena.run.config import RunConfig
from arena.run.engine import Run
from arena.run.growth import advance, needed
from arena.run.live import LiveRun
from arena.run.party import Gear
from arena.run.runjournal import NAME
from arena.tui.run.flow import play_run
from arena.tui.run.levelup import levelup_page, standing
from arena.tui.run.page import Page
from tests.run.test_run import LIBRARY
from tests.tui.run.scripted import Scripted, Stop


def _texts(page: Page) -> list[str]:
    return [text for text, _ in page.body]


def test_the_level_up_page_lists_each_number_a_scripted_level_changed_before_and_after():
    run = Run(RunConfig("ap", 3, steps=3), LIBRARY)
    before = standing(run)
    spearman = run.party[0]
    advance(spearman, "ap")  # the level the run's growth gives
    page = levelup_page(run, before, last=False)
    assert page is not None and page.title == "Level up after bout 0"
    assert _texts(page)[:5] == [
        "Spearman: level 1 -> 2",
        "  max HP 18 -> 21",
        "  ap table: base attack bonus +2 -> +3",
        "  to hit a plain soldier with its longspear: 80 % -> 85 %",
        "  damage a turn against a plain soldier: 7.8 -> 8.4"]
    assert not any("Skirmisher" in text for text in _texts(page))  # no level, no block
    assert [o.label for o in page.options] == ["to the spoils"]
    assert page.spoken()[1:3] == ["Spearman: level 1 -> 2", "  max HP 18 -> 21"]  # as lines


def test_two_levels_in_one_bout_show_as_one_block_and_an_adnd_monster_s_thac0_falls():
    run = Run(RunConfig("adnd", 3, steps=3), LIBRARY)
    before = standing(run)
    archer = run.party[2]
    advance(archer, "adnd")
    advance(archer, "adnd")
    page = levelup_page(run, before, last=True)
    assert page is not None
    assert _texts(page)[:3] == ["Hobgoblin archer: level 1 -> 3", "  max HP 12 -> 16",
                                "  adnd table: THAC0 19 -> 17"]
    assert [o.label for o in page.options] == ["to the end of the run"]


def test_a_weapon_lost_in_the_bout_does_not_pass_for_the_level_s_doing():
    run = Run(RunConfig("ap", 3, steps=3), LIBRARY)
    before = standing(run)
    spearman = run.party[0]
    spearman.gear = [Gear(LIBRARY.weapons["dagger"], LIBRARY.weapons["dagger"])]
    advance(spearman, "ap")
    page = levelup_page(run, before, last=False)
    assert page is not None
    hit = next(text for text in _texts(page) if "to hit" in text)
    assert hit.startswith("  to hit a plain soldier with its dagger: ")  # both on the dagger
    before_hit, after_hit = (int(x.strip(" %")) for x in hit.split(": ")[1].split(" -> "))
    assert after_hit == before_hit + 5  # +1 base attack bonus on a d20: 5 points, no more


def test_a_bout_without_a_level_has_no_level_page():
    run = Run(RunConfig("ap", 3, steps=3), LIBRARY)
    assert levelup_page(run, standing(run), last=False) is None


def test_a_bout_that_brings_a_level_shows_its_page_after_the_outcome_and_before_the_spoils(
        tmp_path: Path):
    live = LiveRun.new(RunConfig("ap", 3, steps=3), LIBRARY, tmp_path / NAME)
    for m in live.run.party:  # one kill's experience away from level 2
        m.xp = needed(1, live.run.pool.median) - 1
    screen = Scripted(lambda page: "1" if page.title.startswith("The road") else "\r")
    try:
        play_run(screen, live, tmp_path)
    except Stop:
        pass
    finally:
        live.close()
    assert screen.shown[:3] == ["The road: step 1 of 3 (run seed 3)",
                                "Bout 1, step 1 of 3 (run seed 3)", "bout"]
    assert screen.shown[3:] == ["Bout 1 is over", "Level up after bout 1", "camp"]
    over, levels = screen.pages[2:]
    living = [m for m in live.run.party if m.alive]
    assert [text for text in _texts(over) if "reaches" in text] == [
        f"{m.name} reaches level 2 (the next page tells what changed)" for m in living]
    assert [text for text in _texts(levels) if ": level " in text] == [
        f"{m.name}: level 1 -> 2" for m in living]
