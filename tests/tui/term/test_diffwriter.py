"""The diff writer: only changed cells are sent, in the colour mode the terminal asks for."""

from __future__ import annotations

import pyte
import pytest
import tcod.console
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.tui.term.diffwriter import ColourMode, DiffWriter, colour_mode, sgr, xterm256


def console(w: int = 20, h: int = 5) -> tcod.console.Console:
    return tcod.console.Console(w, h, order="C")


def replay_into_pyte(chunks: list[str], w: int, h: int) -> list[str]:
    screen = pyte.Screen(w, h)
    stream = pyte.Stream(screen)
    for chunk in chunks:
        stream.feed(chunk)
    return screen.display


def text_of(c: tcod.console.Console) -> list[str]:
    return ["".join(chr(ch) for ch in row) for row in c.rgb["ch"]]


def test_first_frame_clears_the_screen_and_draws_every_cell():
    c = console()
    c.print(0, 0, "hello")
    out = DiffWriter(ColourMode.XTERM256).frame(c)
    assert out.startswith("\x1b[0m\x1b[2J")
    assert replay_into_pyte([out], 20, 5) == text_of(c)


def test_an_unchanged_frame_writes_nothing():
    c = console()
    writer = DiffWriter(ColourMode.TRUECOLOR)
    writer.frame(c)
    assert writer.frame(c) == ""


def test_only_the_changed_cells_are_written():
    c = console(80, 24)
    writer = DiffWriter(ColourMode.TRUECOLOR)
    writer.frame(c)
    c.print(10, 3, "X", fg=(255, 0, 0))
    out = writer.frame(c)
    assert "\x1b[4;11H" in out and out.count("X") == 1
    assert "\x1b[38;2;255;0;0;48;2;0;0;0m" in out
    assert len(out) < 50


def test_resize_or_invalidate_redraws_in_full():
    c = console()
    writer = DiffWriter(ColourMode.XTERM256)
    writer.frame(c)
    writer.invalidate()
    assert writer.frame(c).startswith("\x1b[0m\x1b[2J")
    assert writer.frame(console(10, 3)).startswith("\x1b[0m\x1b[2J")


def test_colour_mode_follows_no_color_then_colorterm():
    assert colour_mode({"COLORTERM": "truecolor"}) == ColourMode.TRUECOLOR
    assert colour_mode({"COLORTERM": "24bit"}) == ColourMode.TRUECOLOR
    assert colour_mode({"TERM": "xterm-256color"}) == ColourMode.XTERM256
    assert colour_mode({"NO_COLOR": "1", "COLORTERM": "truecolor"}) == ColourMode.NONE
    assert colour_mode({"NO_COLOR": ""}) == ColourMode.XTERM256


def test_256_colours_pick_the_nearest_cube_or_grey():
    assert xterm256((255, 0, 0)) == 196
    assert xterm256((0, 0, 255)) == 21
    assert xterm256((128, 128, 128)) == 244
    assert sgr((255, 0, 0), (0, 0, 0), ColourMode.XTERM256) == "\x1b[38;5;196;48;5;16m"


def test_without_colour_highlights_become_reverse_video_and_no_colour_is_sent():
    c = console()
    c.print(0, 0, "ab", fg=(255, 0, 0))
    c.print(0, 1, "c", bg=(40, 90, 130))
    out = DiffWriter(ColourMode.NONE).frame(c)
    assert "38;" not in out and "48;" not in out
    assert "\x1b[7m" in out


frames = st.lists(
    st.lists(st.tuples(st.integers(0, 11), st.integers(0, 3), st.sampled_from("ab.#→%"),
                       st.sampled_from([(255, 0, 0), (0, 200, 0), (9, 9, 9)])),
             max_size=12),
    min_size=1, max_size=5,
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(frames)
def test_the_terminal_ends_up_showing_exactly_the_last_frame(changes):
    c = console(12, 4)
    writer = DiffWriter(ColourMode.TRUECOLOR)
    chunks = [writer.frame(c)]
    for frame in changes:
        for x, y, ch, fg in frame:
            c.print(x, y, ch, fg=fg)
        chunks.append(writer.frame(c))
    assert replay_into_pyte(chunks, 12, 4) == text_of(c)
