"""The run's last pages (arena/tui/run/finale.py): the death screen, the summary, the morgue."""

from __future__ import annotations

from pathlib import Path

import tcod.console

from arena.run.auto import play_auto
from arena.run.config import RunConfig
from arena.run.engine import Run
from arena.run.finish import conclude
from arena.run.live import LiveRun
from arena.tui.run.finale import epitaph, morgue_page, summary
from arena.tui.run.flow import play_run
from arena.tui.run.page import Page
from tests.run.roads import first_road
from tests.run.test_run import LIBRARY
from tests.tui.run.scripted import Scripted

# ap seed 5: the third member falls in bout 2, the first in bout 3, the archer in bout 4.
EPITAPH = ("Here lies the party of Spearman, Archer and Skirmisher, slain by Skeleton 1 at "
           "step 4 of 12 in the ap ruleset, bout 4.")
CAUSE = "The run ended in death: Archer, the last of the party standing, slain by Skeleton 1 " \
        "in bout 4."


class Kept:
    """A journal the test keeps nowhere: the run is over, so it is only discarded."""

    def discard(self) -> None:
        """Nothing to delete."""


def _dead() -> LiveRun:
    """The ap run of seed 5, played to its death."""
    run, _ = play_auto(RunConfig("ap", 5), LIBRARY)
    assert run.result == "death"
    return LiveRun(run, Kept())  # type: ignore[arg-type]  # the end only discards it


def _text(page: Page, rows: int = 24) -> str:
    """The page drawn on an 80-column console, as text."""
    console = tcod.console.Console(80, rows, order="C")
    page.draw(console)
    return "\n".join("".join(chr(c) for c in row).rstrip() for row in console.ch)


def test_the_death_page_shows_the_epitaph_names_the_cause_and_the_score(tmp_path: Path):
    live = _dead()
    points = 839
    written = conclude(live.run, points, tmp_path)
    page = summary(live, written.morgue, None)
    texts = [text for text, _ in page.body]
    assert page.title == "Rest in peace (run seed 5)"
    assert texts[:2] == [EPITAPH, CAUSE]
    assert texts[3].startswith(f"Score {points} = ")
    assert f"Morgue: {written.morgue}" in texts
    assert [(o.key, o.label) for o in page.options] == [("KEY_ENTER", "back to the title"),
                                                       ("m", "read the morgue")]
    words = " ".join(_text(page).split())  # the wrapped lines read as one
    assert EPITAPH in words and CAUSE in words
    assert page.spoken()[1:3] == [EPITAPH, CAUSE]  # --accessible: as lines


def test_the_epitaph_of_one_who_bled_out_says_who_bled_out():
    run = Run(RunConfig("d40", 3, steps=3), LIBRARY)
    first_road(run)
    del run.party[1:]
    m = run.party[0]
    m.alive, m.cause, m.fell = False, "bled out in bout 1", (1, 12)
    run.result = "death"
    assert epitaph(run) == ("Here lies Shieldbearer, who bled out at step 1 of 3 in the d40 "
                            "ruleset, bout 1.")


def test_the_morgue_key_shows_the_morgue_s_text_and_enter_goes_back_to_the_title(
        tmp_path: Path):
    live = _dead()
    keys = iter(["m", "KEY_DOWN", "q", "KEY_ENTER"])
    screen = Scripted(lambda page: next(keys))
    assert play_run(screen, live, tmp_path) == ""
    (morgue,) = (tmp_path / "morgue").iterdir()
    assert screen.shown == ["Rest in peace (run seed 5)", f"Morgue: {morgue.name}",
                            "Rest in peace (run seed 5)"]
    pager = screen.pages[1]
    assert [text for text, _ in pager.body] == morgue.read_text().splitlines()
    assert pager.offset == 1  # Down scrolled a line; q went back
    assert "== Cause of death ==" in [text for text, _ in pager.body]
    assert next(keys, None) is None  # every key was taken


def test_control_characters_in_a_morgue_file_are_stripped(tmp_path: Path):
    path = tmp_path / "morgue.txt"
    path.write_text("== Header ==\nseed 3\x1b[2J\x1b]0;owned\x07\n\tindented\x00\n")
    page = morgue_page(path)
    texts = [text for text, _ in page.body]
    assert texts == ["== Header ==", "seed 3\\x1b[2J\\x1b]0;owned\\x07",
                     "        indented\\x00"]
    assert all(text.isprintable() for text in texts)
    drawn = _text(page)
    assert "\x1b" not in drawn and "\x07" not in drawn and "seed 3\\x1b[2J" in drawn
    assert all(line.isprintable() for line in page.spoken())


def test_a_morgue_that_cannot_be_read_says_so_on_its_page(tmp_path: Path):
    page = morgue_page(tmp_path / "gone.txt")
    assert [text for text, _ in page.body] == [
        "The morgue cannot be read: No such file or directory"]


def test_the_morgue_page_scrolls_by_line_and_to_either_end(tmp_path: Path):
    path = tmp_path / "long.txt"
    path.write_text("".join(f"line {n}\n" for n in range(1, 101)))
    page = morgue_page(path)
    _text(page)
    page.feed("j")
    page.feed("KEY_DOWN")
    assert page.offset == 2 and "line 3" in _text(page).splitlines()[2]
    page.feed("KEY_END")
    drawn = _text(page)  # drawing keeps the offset on the text
    assert page.offset == 100 - page.rows and "line 100" in drawn
    page.feed("KEY_HOME")
    assert page.offset == 0 and not page.done
    page.feed("KEY_ESCAPE")
    assert page.answer == "back"


def test_a_won_run_keeps_its_summary_and_offers_the_morgue_key_too(tmp_path: Path):
    run = Run(RunConfig("ap", 3, steps=3), LIBRARY)
    run.result = "victory"
    page = summary(LiveRun(run, Kept()), tmp_path / "m.txt", None)  # type: ignore[arg-type]
    assert page.title == "The run is over"
    assert page.body[0][0].startswith("Result: victory.")
    assert ("m", "read the morgue") in [(o.key, o.label) for o in page.options]
    page.feed("m")
    assert page.answer == "morgue"
