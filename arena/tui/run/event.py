"""The event screen: a stranger's offer, its options with what each would do, and the answer.

Each option shows its price and its outcome in numbers when it is certain, or both outcomes
and their chances when it is not (`eventwork.preview`). A number picks an option and asks
once; Enter marches on (asking first if the event is not answered: leaving is declining it).
The answer goes through `LiveRun.choose` (journalled at once).
"""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from arena.run.camp import Camp, refusal, table_of
from arena.run.decisions import Answer, CampChoice
from arena.run.eventwork import preview
from arena.tui.run.camp import roster_lines
from arena.tui.run.page import ENTER
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.glyphs import fit, sanitise
from arena.tui.term.lines import Line, wrapped

WIDTH = 78
SPOKEN = 200  # the accessible mode's width: an option on one line


class EventScreen:
    """An event node as a front end: done when the party marches on."""

    def __init__(self, camp: Camp, live_choose: Callable[[CampChoice], str | None],
                 heading: str) -> None:
        assert camp.meeting is not None, "an event screen shows an event"
        self.camp = camp
        self.meeting = camp.meeting
        self.live_choose = live_choose
        self.heading = heading
        self.asked: int | None = None  # the option asked about
        self.leaving = False  # asked whether to walk on unanswered
        self.message = ""
        self.left = False

    @property
    def done(self) -> bool:
        """True once the party marches on."""
        return self.left

    def feed(self, key: str) -> None:
        """A number picks an option (then y/Enter or n/Esc); Enter marches on."""
        if self.asked is not None:
            k, self.asked = self.asked, None
            if key in ("y", "Y", *ENTER):
                self._answer(k)
            else:
                self.message = "never mind"
            return
        if self.leaving:
            self.leaving = False
            self.left = key in ("y", "Y", *ENTER)
            return
        if key in ENTER:
            if self.meeting.answered is None:
                self.leaving = True
            else:
                self.left = True
            return
        if key.isdigit() and self.meeting.answered is None:
            k = int(key) - 1
            if 0 <= k < len(self.meeting.card.options):
                reason = refusal(self.camp, Answer(k))
                if reason is None:
                    self.asked = k
                else:
                    self.message = f"cannot: {reason}"

    def _answer(self, k: int) -> None:
        """Answer with option `k`; show what happened."""
        before = len(self.camp.log)
        reason = self.live_choose(Answer(k))
        said = self.camp.log[before:]
        self.message = f"cannot: {reason}" if reason is not None else \
            f"{said[0]}: {' '.join(said[1:])}" if len(said) > 1 else " ".join(said)

    def lines(self, width: int) -> list[Line]:
        """The event's text, its options with their previews, and the party."""
        card, camp = self.meeting.card, self.camp
        rows: list[Line] = [(fit(sanitise(card.name), width), palette.TITLE)]
        rows += wrapped(sanitise(card.text), palette.TEXT, width, "")
        rows.append(("", palette.TEXT))
        for k, option in enumerate(card.options):
            chosen = self.meeting.answered == k
            colour = palette.GOOD if chosen else palette.DIM if (
                self.meeting.answered is not None or refusal(camp, Answer(k)) is not None) \
                else palette.TEXT
            said = preview(option, table_of(camp))
            mark = " (chosen)" if chosen else ""
            rows += wrapped(sanitise(f"{k + 1}) {option.label}{mark}: {said}"), colour, width,
                            "   ")
        rows.append(("", palette.TEXT))
        return rows + roster_lines(camp.party, width)

    def draw(self, console: tcod.console.Console) -> None:
        """The heading, the event and its options, the party; the message and the keys."""
        canvas = Canvas(console)
        canvas.clear()
        w, h = canvas.width, canvas.height
        canvas.text(1, 0, fit(f"{self.heading} - {self.camp.purse.coin} coin", w - 2),
                    palette.TITLE)
        width = min(w - 2, WIDTH)
        said = wrapped(sanitise(self.message), palette.HINT, w - 2)[:3]  # what befell: whole
        for i, (text, colour) in enumerate(self.lines(width)[: h - 4 - len(said)]):
            canvas.text(1, 2 + i, fit(text, width), colour)
        for i, (text, colour) in enumerate(said):
            canvas.text(1, h - 1 - len(said) + i, fit(text, w - 2), colour)
        canvas.text(1, h - 1, fit(self._prompt(), w - 2), palette.HINT)

    def spoken(self) -> list[str]:
        """The screen as lines for the accessible mode."""
        rows = [t.strip() for t, _ in self.lines(SPOKEN) if t.strip()]
        return [f"{self.heading} - {self.camp.purse.coin} coin", *rows,
                sanitise(self.message), self._prompt()]

    def _prompt(self) -> str:
        """The question being asked, or the keys."""
        if self.asked is not None:
            label = self.meeting.card.options[self.asked].label
            return sanitise(f"{label}? y/Enter: yes  n/Esc: not now")
        if self.leaving:
            return "Walk on without answering? y/Enter: yes  n/Esc: stay"
        if self.meeting.answered is None:
            count = len(self.meeting.card.options)
            return f"1-{count}: answer  Enter: walk on"
        return "Enter: march on (the run's map)"
