"""The run's last pages: the death screen, the summary of a run won or retired, the morgue.

The death screen shows an epitaph, the cause and the score; either last page reads the morgue
file inside the game (`m`).

The epitaph is made from the run alone, as a DCSS morgue's last line: who lies here, what felled
the last of them, and where ("slain by Orc 2 at step 4 of 12 in the ap ruleset, bout 4"). The
morgue is read from the file `conclude` wrote, every line passed through `text.one_line`, so a
file changed since cannot send the terminal a control sequence.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from arena.run.auto import outcome as score_parts
from arena.run.ending import how_it_ended, last_to_fall
from arena.run.engine import Run
from arena.run.live import LiveRun
from arena.run.score import breakdown
from arena.text import one_line
from arena.tui.run.camp import roster_lines
from arena.tui.run.page import ENTER, Option, Page
from arena.tui.term import palette
from arena.tui.term.lines import Line

MORGUE_LIMIT = 1_000_000  # characters of a morgue file read; the rest is left unread
TAB = 8
PASSIVE = ("slain", "killed", "knocked out")  # a fall said as 'Here lies X, slain by Y'
SCROLL = {"KEY_UP": -1, "k": -1, "KEY_DOWN": 1, "j": 1}


def names(members: list[str]) -> str:
    """'Aldo, Bree and Cato': names in a list as English says them.

    >>> names(["Aldo"]), names(["Aldo", "Bree"]), names(["Aldo", "Bree", "Cato"])
    ('Aldo', 'Aldo and Bree', 'Aldo, Bree and Cato')
    """
    return members[0] if len(members) == 1 else f"{', '.join(members[:-1])} and {members[-1]}"


def epitaph(run: Run) -> str:
    """The death screen's first line: who lies here, what felled the last of them, and where."""
    party = [m.name for m in run.party]
    who = names(party) if len(party) == 1 else f"the party of {names(party)}"
    m = last_to_fall(run)
    how = (m.cause.partition(" in bout ")[0] if m is not None else "") or "fell"
    bout = m.fell[0] if m is not None and m.fell[0] else len(run.bouts)
    fate = how if how.startswith(PASSIVE) else f"who {how}"
    steps = "an endless road" if run.config.endless else str(run.route.last)
    return (f"Here lies {who}, {fate} at step {run.step} of {steps} in the "
            f"{run.config.ruleset} ruleset, bout {bout}.")


def _files(morgue: Path, record: Path | None) -> list[Line]:
    """Where the morgue and the run record went."""
    rows: list[Line] = [("", palette.TEXT), (f"Morgue: {morgue}", palette.DIM)]
    if record is not None:
        rows.append((f"Run record: {record} (arena replay FILE --verify)", palette.DIM))
    return rows


ENDING = [Option("KEY_ENTER", "back to the title", "back"),
          Option("m", "read the morgue", "morgue")]
ENDING_HINT = "Enter: title  m: read the morgue"


def death_page(run: Run, morgue: Path, record: Path | None) -> Page:
    """The death screen: the epitaph, the cause, the score; the party as it fell."""
    won = sum(t.won for t in run.tallies)
    body: list[Line] = [(epitaph(run), palette.TITLE), (how_it_ended(run), palette.BAD),
                        ("", palette.TEXT),
                        (f"Score {breakdown(score_parts(run))}.", palette.TITLE),
                        (f"Bouts won: {won} of {len(run.bouts)} fought; step {run.step} "
                         "reached.", palette.TEXT), ("", palette.TEXT)]
    body += roster_lines(run.party, 76)
    body += _files(morgue, record)
    return Page(f"Rest in peace (run seed {run.config.seed})", body, list(ENDING), back="back",
                hint=ENDING_HINT)


def summary(live: LiveRun, morgue: Path, record: Path | None) -> Page:
    """The end of the run: the death screen, or result, score, the party, where the files went."""
    run = live.run
    if run.result == "death":
        return death_page(run, morgue, record)
    won = sum(t.won for t in run.tallies)
    body: list[Line] = [(f"Result: {run.result}. Bouts won: {won} of {len(run.bouts)} fought.",
                         palette.TITLE), (f"Score {breakdown(score_parts(run))}.", palette.TITLE),
                        (how_it_ended(run), palette.GOOD), ("", palette.TEXT)]
    body += roster_lines(run.party, 76)
    body += _files(morgue, record)
    return Page("The run is over", body, list(ENDING), back="back", hint=ENDING_HINT)


def morgue_lines(path: Path) -> list[str]:
    """The morgue file's lines, tabs spread and every other control character made visible."""
    try:
        with path.open(encoding="utf-8", errors="replace") as f:
            text = f.read(MORGUE_LIMIT)
    except OSError as e:
        return [one_line(f"The morgue cannot be read: {e.strerror or e}")]
    return [one_line(line.expandtabs(TAB)) for line in text.splitlines()]


@dataclass(slots=True)
class Pager(Page):
    """A page that is read, not chosen from: up/down scroll a line, Home/End jump."""

    def feed(self, key: str) -> None:
        """Scroll, or go back (Enter, Esc, q)."""
        if key in SCROLL:
            self.offset = max(0, self.offset + SCROLL[key])  # drawing keeps it on the text
        elif key == "KEY_HOME":
            self.offset = 0
        elif key == "KEY_END":
            self.offset = len(self.body)
        elif key == "KEY_PGDOWN":
            self.offset += self.rows
        elif key in (*ENTER, "KEY_ESCAPE", "q"):
            self.answer = "back"
        else:
            Page.feed(self, key)


def morgue_page(path: Path) -> Pager:
    """The morgue file at `path`, to read page by page."""
    body: list[Line] = [(line, palette.TEXT) for line in morgue_lines(path)]
    return Pager(f"Morgue: {path.name}", body, [], back="back",
                 hint="Enter/Esc/q: back  Up/Down: a line  Home/End")
