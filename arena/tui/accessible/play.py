"""`arena play --accessible`: no map, the battle spoken as plain lines for a screen reader.

The same game as the full screen: the keys go through `App.feed` (the same keymap, commands,
undo, help and history), and what the screen would show is printed as sentences instead
(`speech.py`). Input is line by line, so a screen reader's own line editing works: each line
holds keys, a single character each or a key's name (`enter`, `esc`, `tab`, `shift-tab`,
`backspace`, `space`, `pgup`); an empty line repeats where everyone stands.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol, TextIO

from arena.battle.view import reaction_plan
from arena.errors import ArenaError
from arena.model.commands import Attack
from arena.tui.accessible import speech
from arena.tui.battle import describe, help, outcome, pager
from arena.tui.battle.app import App
from arena.tui.battle.glossary import glossary_lines
from arena.tui.battle.modes import Exit, Mode
from arena.tui.battle.preview import attack_preview, plan_lines
from arena.tui.term.glyphs import sanitise
from arena.tui.term.keymap import LIVE, MENU_KEYS, label
from arena.tui.term.question import Question
from arena.tui.term.terminal import Frontend, fullscreen

WIDTH = 78
UNWRAPPED = 10_000  # a preview's width here: one sentence per line, never cut
REPEAT = frozenset({"", "where", "w?"})
INTRO = ("Accessible mode: no map; the battle is told in lines. Type keys and press Enter: "
         "one character each (l, ll for two steps) or a key's name (enter, esc, tab, "
         "shift-tab, backspace, space, pgup). Steps: y north-west, u north-east, h west, "
         "l east, b south-west, n south-east. An empty line repeats where everyone stands; "
         "? lists every key.")


class Screen(Protocol):
    """Where `arena play` runs its questions and the game: the full screen or lines."""

    def run(self, frontend: Frontend) -> None:
        """Run `frontend` until it is done."""
        ...


def keys_of(line: str) -> list[str]:
    r"""A typed line as keys: key names as words, anything else one key per character.

    >>> keys_of("ll"), keys_of("tab enter"), keys_of(" "), keys_of("a Shift-Tab"), keys_of("\t")
    (['l', 'l'], ['KEY_TAB', 'KEY_ENTER'], [], ['a', 'KEY_BTAB'], ['KEY_TAB'])
    """
    named = {label(k).lower(): k for b in LIVE for k in b.keys if len(k) > 1 or k == " "}
    named |= {"esc": "KEY_ESCAPE", "escape": "KEY_ESCAPE", "enter": "KEY_ENTER",
              "return": "KEY_ENTER", "tab": "KEY_TAB", "shift-tab": "KEY_BTAB",
              "backspace": "KEY_BACKSPACE", "space": " ", "pgup": "KEY_PGUP",
              "pgdn": "KEY_PGDOWN"}
    keys: list[str] = []
    for word in line.replace("\t", " tab ").split():  # a Tab typed into the line is Tab
        if word.lower() in named:
            keys.append(named[word.lower()])
        elif word.startswith("KEY_"):
            keys.append(word)
        else:
            keys += list(word)
    return keys


def joined(lines: Sequence[tuple[str, object]]) -> str:
    """Panel lines as one spoken line: 'a; b; c' (a ':' heading runs on into the next).

    >>> joined([("cannot attack Bob:", 0), ("  out of reach", 0), ("x", 0)])
    'cannot attack Bob: out of reach; x'
    """
    out = ""
    for raw, _ in lines:
        text = raw.strip()
        if text:
            out += ("" if not out else " " if out.endswith(":") else "; ") + text
    return out


class Reader:
    """The App read aloud: after each line of keys, what happened and what is asked now."""

    def __init__(self, app: App, out: TextIO, inp: TextIO,
                 feed: Callable[[str], None] | None = None) -> None:
        self.app, self.out, self.inp = app, out, inp
        self.feed = feed or app.feed  # a run's bout screen adds auto-fight in front of the App
        self.seen = len(app.session.log)
        self.last = app.session.log[-1] if app.session.log else None

    def say(self, *lines: str) -> None:
        """Print lines made safe for the terminal."""
        for line in lines:
            self.out.write(sanitise(line) + "\n")
        self.out.flush()

    def play(self) -> None:
        """Read lines of keys until the player leaves; end of input keeps the journal."""
        self.say(INTRO, *self.news(everything=True), *self.now(full=True))
        while not self.app.done:
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line and self.app.session.view.over:
                self.app.feed("q")  # leave the summary: the message names the replay
            if not line and not self.app.done:
                self.app.message = ("Input ended: the battle's journal is kept; run arena to "
                                    "resume it.")
                self.app.exit = Exit.DONE
            elif line:
                self.step(line.rstrip("\n"))

    def step(self, line: str) -> None:
        """Feed one line's keys and say what changed."""
        if line.strip(" ").lower() in REPEAT:
            self.say(*self.now(full=True))
            return
        before = (self.app.session.battle.state_hash(), self.app.state.mode)
        for key in keys_of(line):
            self.feed(key)
            if self.app.done:
                break
            if self.app.flush_input:  # the battle just ended: the rest of the line is dropped
                self.app.flush_input = False
                break
            if self.app.state.mode == Mode.HELP:
                self.say(*self.help_text())
                self.app.feed("KEY_ESCAPE")
            elif self.app.state.mode == Mode.HISTORY:
                self.say("Message history:", *self.history())
                self.app.feed("KEY_ESCAPE")
        if self.app.done:
            self.say(*self.news())
            return
        after = (self.app.session.battle.state_hash(), self.app.state.mode)
        self.say(*self.news(), *self.now(full=after != before))

    def news(self, everything: bool = False) -> list[str]:
        """The log lines written since last time (a line stacked again counts as new)."""
        log = self.app.session.log
        start = 0 if everything else self.seen
        if not everything and 0 < self.seen <= len(log) and log[self.seen - 1] is not self.last:
            start -= 1
        self.seen, self.last = len(log), (log[-1] if log else None)
        return [("! " if e.important else "") + e.shown for e in log[start:]]

    def now(self, full: bool) -> list[str]:
        """What the screen would show for the current mode, then the prompt line."""
        app, session = self.app, self.app.session
        state, view = app.state, session.view
        hint, prompt = app.prompt_line()
        lines: list[str] = []
        if state.mode == Mode.SUMMARY:
            lines = [text for text, _ in outcome.summary_lines(session, WIDTH) if text]
        elif view.reaction is not None and session.player_turn:
            lines = self.reaction()
        elif state.mode == Mode.TARGET:
            lines = self.aiming()
        elif state.mode == Mode.LOOK and state.cursor is not None:
            me = view.combatant(view.active)
            where = speech.bearing(me.hex, state.cursor) if me else ""
            lines = [f"Cursor {where}: " + joined(describe.hex_lines(session, state.cursor,
                                                                     UNWRAPPED))]
        elif state.mode == Mode.MENU:
            lines = [state.title, *(f"{k}) {c.label}" for k, c in zip(MENU_KEYS, state.menu,
                                                                      strict=False))]
        elif full:
            lines = speech.situation(session)
        return [*lines, ("" if hint else "Keys: ") + prompt]

    def aiming(self) -> list[str]:
        """The aimed-at enemy, where it is, and the preview: its odds or its refusal."""
        session, state = self.app.session, self.app.state
        view = session.view
        me, chosen = view.combatant(view.active), state.target
        enemy = view.combatant(chosen[0]) if chosen else None
        if me is None or enemy is None or chosen is None:
            return []
        head = (f"Aiming, target {state.index % len(state.targets) + 1} of "
                f"{len(state.targets)}: {speech.other(session, me, enemy)}, "
                f"HP {enemy.hp}/{enemy.max_hp}.")
        attack = Attack(me.id, enemy.id, chosen[1], state.options)
        preview = attack_preview(session.battle, attack, enemy.name, UNWRAPPED, enemy.hp)
        return [head, joined(preview.lines)]

    def reaction(self) -> list[str]:
        """The blow on offer off-turn and its exact odds."""
        session = self.app.session
        plan = reaction_plan(session.battle)
        if plan is None:
            return []
        reactor, target, ctx, cost = plan
        them, me = session.view.combatant(target), session.view.combatant(reactor)
        if them is None:
            return []
        odds = plan_lines(session.battle.ruleset, ctx, cost, them.name, width=UNWRAPPED)
        return [f"Opening: {speech.other(session, me, them)}.", joined(odds)]

    def help_text(self) -> list[str]:
        """The keys of the mode it was asked from, the other modes', the guide and the glossary."""
        rows = [INTRO, "Keys:"]
        rows += [text.strip() for text, _ in help.key_lines(self.app.session, UNWRAPPED,
                                                             self.app.state.help_from)]
        rows += [text for text, _ in help.guide_lines(self.app.session, WIDTH) if text]
        rows += [text for text, _ in glossary_lines(self.app.session.view.ruleset, UNWRAPPED)
                 if text]
        return rows

    def history(self) -> list[str]:
        """The whole message history."""
        return [text.strip() for text, _ in pager.history_rows(self.app.session.log, 10_000)]


class LineScreen:
    """`Screen` for accessible mode: questions and the game as lines on stdin/stdout."""

    def __init__(self, out: TextIO, inp: TextIO) -> None:
        self.out, self.inp = out, inp

    def run(self, frontend: Frontend) -> None:
        """Ask a question, or play the game, line by line."""
        if isinstance(frontend, App):
            Reader(frontend, self.out, self.inp).play()
        elif isinstance(frontend, Question):
            self.ask(frontend)
        else:
            raise ArenaError("this screen is not available in accessible mode")

    def ask(self, question: Question) -> None:
        """Print the question; read answers until one is taken (end of input: no)."""
        for line in question.lines:
            if line:
                self.out.write(line + "\n")
        while not question.done:
            self.out.write("> ")
            self.out.flush()
            answer = self.inp.readline()
            if not answer:
                question.feed("n")
            for key in keys_of(answer) or ["KEY_ENTER"]:
                question.feed(key)


@contextmanager
def line_screen() -> Iterator[LineScreen]:
    """The accessible screen on the process's stdin and stdout."""
    yield LineScreen(sys.stdout, sys.stdin)


def screen_for(accessible: bool, mouse: bool) -> AbstractContextManager[Screen]:
    """Lines for `--accessible`, else the full screen (with mouse reports if wanted)."""
    return line_screen() if accessible else fullscreen(mouse)
