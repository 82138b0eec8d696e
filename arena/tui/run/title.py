"""The title screen of `arena` and the pages it leads to: scores and how a run works."""

from __future__ import annotations

import textwrap

import arena
from arena.text import one_line
from arena.tui.run.page import Option, Page
from arena.tui.term import palette
from arena.tui.term.keymap import first_key
from arena.tui.term.lines import Line

MAX_WARNING_ROWS = 4  # of what could not be read, above the scores

BANNER = (
    r"    _    ____  _____ _   _    _    ",
    r"   / \  |  _ \| ____| \ | |  / \   ",
    r"  / _ \ | |_) |  _| |  \| | / _ \  ",
    r" / ___ \|  _ <| |___| |\  |/ ___ \ ",
    r"/_/   \_\_| \_\_____|_| \_/_/   \_\ ",
)

HELP = (
    "A run: choose a ruleset and a party of one to three within a threat budget, then cross "
    "the run's map: twelve steps by default, each harder than the last, with a boss at the "
    "end of each act of six. At each step choose the next node among two or three (F fight, "
    "E elite fight, C camp, ? event, $ merchant, B boss); the map shows each fight's foes "
    "against your party as it stands (easy, even, hard or deadly), its reward and what lies "
    "beyond.",
    "Everything carries over: hit points as they stood, lasting injuries from the ruleset's "
    "own document (a severed hand stays severed), broken weapons stay broken. The dead stay "
    "dead; when the whole party has fallen, the run ends.",
    "After a won fight: a breather (a third of the lost HP back), coin for the foes felled, "
    "then its spoils: every weapon left on the field is loot (the foes', a dropped one of "
    "yours, a fallen member's); an elite or a boss also gives a pick of the goods. At every "
    "stop, free: take loot, give, swap or drop a belonging, use a supply, inspect an item's "
    "card (its numbers beside what each member holds).",
    "A camp gives one main action, its effect shown before you choose: rest (two thirds of "
    "the lost HP back), train (experience), repair broken weapons, tend one member's "
    "injuries, forage supplies, scout more of the road, take one of the goods, or hire a "
    "fighter for coin. A merchant buys and sells weapons, armour, shields and supplies and "
    "has fighters for hire; an event offers a choice whose chances are shown. Or retire "
    "with what you have won.",
    "The score: 100 for each step cleared, the threat felled, quick wins, and bonuses for a "
    "victory and for losing nobody; the run-over screen adds it up.",
    "There is one save per run, written after every command: a closed terminal loses "
    "nothing, and the next `arena` offers to continue. There is no going back to an older "
    "state. A finished run leaves a score line, a morgue file (saves/morgue/) and a run "
    "record that `arena replay FILE --verify` re-runs.",
    "In a bout: the battle screen's keys (? there lists them all), and {auto}: auto-fight (the "
    "AI plays the active member's turn). Nothing is taken back in a run. Headless: arena run "
    "--auto.",
)


def title_page(continuable: str | None) -> Page:
    """The title: new run first, then continue (when a run is unfinished), skirmish, scores."""
    body: list[Line] = [(row, palette.TITLE) for row in BANNER]
    body += [("", palette.TEXT),
             (f"a tactical skirmish roguelike on a hex grid - version {arena.__version__}",
              palette.DIM)]
    if continuable:
        body += [("", palette.TEXT), (f"Unfinished run: {continuable}", palette.GOOD)]
    options = [Option("n", "New run", "new")]
    if continuable:
        options.append(Option("c", "Continue the run", "continue"))
    options += [Option("s", "Single skirmish", "skirmish"), Option("o", "Scores", "scores"),
                Option("?", "Help: how a run works", "help"), Option("q", "Quit", "quit")]
    page = Page("arena", body, options, back="quit", hint="letter or up/down and Enter",
                art=len(BANNER))  # the banner is a drawing: not read aloud
    page.index = 1 if continuable else 0
    return page


def text_page(title: str, lines: list[str]) -> Page:
    """A page of plain text with one way back."""
    body: list[Line] = []
    for line in lines:
        body += [(line, palette.TEXT), ("", palette.TEXT)]
    return Page(title, body, [Option("KEY_ENTER", "back", "back")], back="back",
                hint="Enter or Esc: back")


def help_page() -> Page:
    """How a run works."""
    return text_page("How a run works",
                     [line.format(auto=first_key("auto_fight")) for line in HELP])


def scores_page(table: str, warning: str | None = None) -> Page:
    """The high-score table of saves/scores.jsonl, after what could not be read, if anything."""
    lines = table.rstrip("\n").splitlines() or ["No finished runs yet."]
    body: list[Line] = [(line, palette.TEXT) for line in lines]
    if warning is not None:
        shown = textwrap.wrap(one_line(warning), 76, break_on_hyphens=False)[:MAX_WARNING_ROWS]
        body[:0] = [*((row, palette.BAD) for row in shown), ("", palette.TEXT)]
    return Page("Scores", body,
                [Option("KEY_ENTER", "back", "back")], back="back", hint="Enter or Esc: back")
