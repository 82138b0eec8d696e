"""`arena replay PATH` on a terminal: the battle in the game's screen with playback controls.

`ViewerApp` is the game's `App` over a read-only session (arena/tui/viewer/playback.py): the same
map, panel and log, a status line of its own (command i of n, round, whose turn, speed, bout)
and Brogue's playback keys (arena/tui/viewer/keys.py). Look and aim are the game's own modes;
any command they would give is dropped. `c` ends the viewer with a side and a point chosen:
`view` then plays on from there in the normal game (arena/tui/viewer/continued.py). `w` asks what if
the next command had other dice or was another command, and shows the page comparing the two
lines, where `s` saves the new one as a branch (arena/tui/viewer/whatif_page.py). `B` lists the
replay's branches to watch, promote or delete (arena/tui/viewer/branch_page.py).
"""

from __future__ import annotations

import time
from dataclasses import replace

import tcod.console

from arena.hexgrid import ORIGIN
from arena.tui.battle import panels, pointer
from arena.tui.battle.app import App
from arena.tui.battle.controls import react
from arena.tui.battle.modes import Exit, Mode, UiState
from arena.tui.battle.panels import lines
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.keymap import KEYMAP, first_key, label
from arena.tui.term.layout import Rect, too_small
from arena.tui.viewer import branch_page
from arena.tui.viewer.keys import GAME_ACTIONS, VIEWER_KEYMAP, help_lines, key_hint
from arena.tui.viewer.pages import Asking, Pages
from arena.tui.viewer.playback import SPEEDS, Playback
from arena.tui.viewer.whatif_page import CHANGE_HELP, MAX_CHANGE, Asked

MAX_TYPED = 12
READ_ONLY = "read-only: the replay is not changed (c continues from here)"
STEP_ACTIONS = ("step_nw", "step_ne", "step_w", "step_e", "step_sw", "step_se")
GO_HELP = "type r12 for round 12, c340 or 340 for command 340"


class ViewerApp(Pages, App):
    """The game's screen over a replay: playback keys, look and aim, continue from here."""

    def __init__(self, playback: Playback) -> None:
        assert playback.session is not None
        self.playback = playback
        super().__init__(playback.session, pauses=False)
        self.state = UiState()
        self.asking: Asking | None = None  # the question the prompt line asks
        self.typed = ""
        self.continuing: tuple[int, int] | None = None  # (side, command) to play on from
        self.mark = time.monotonic()
        self.shown = (0, 0)  # the film and point whose log the pane holds
        self.whatif: Asked | None = None  # the what-if page, while it shows
        self.branches: branch_page.Page | None = None  # the branches page, while it shows

    # --- keys ---

    def feed(self, key: str) -> None:
        """Handle one key: an open question first, then the mode's keys."""
        if self.small:
            return
        self.state = replace(self.state, hint="")
        spot = pointer.parse_click(key)
        if spot is not None:
            self._click(*spot)
        elif self.asking is not None:
            self._answer(key)
        elif self.whatif is not None:
            self._on_page(key)
        elif self.branches is not None:
            self._on_branches(key)
        elif self.state.mode == Mode.HELP:
            self.state = UiState()
        elif self.state.mode in (Mode.MORE, Mode.HISTORY):
            self._game_feed(key)
        elif self.state.mode == Mode.NORMAL:
            self._normal(key)
        else:
            self._looking(key)

    def _normal(self, key: str) -> None:
        """Playback keys first, then the game's look, aim, help, history and log keys."""
        action = VIEWER_KEYMAP.get(key)
        if action is not None:
            self._playback(action)
            return
        game = KEYMAP.get(key)
        if game not in GAME_ACTIONS:
            self.state = replace(self.state, hint=f"'{label(key)}' does nothing in the viewer; "
                                                  f"{first_key('help')} lists the keys")
        elif game == "help":
            self.playback.playing = False
            self.state = UiState(mode=Mode.HELP)
        elif game in ("history", "log_up", "log_down"):
            self._game_feed(key)
        elif game == "look":
            self._look()
        else:
            self._aim(key)

    def _game_feed(self, key: str) -> None:
        """The game's history and log keys; the game's end-of-battle summary never shows here."""
        super().feed(key)
        if self.state.mode == Mode.SUMMARY:
            self.state = replace(self.state, mode=Mode.NORMAL)

    def _click(self, col: int, row: int) -> str:
        """A click on the map looks at that hex (while aiming: picks that target)."""
        h = pointer.clicked_hex(self.session.view, self.map_area, self.origin, col, row,
                                self.hex_size)
        if h is not None and self.asking is None and self.state.mode in (Mode.NORMAL, Mode.LOOK,
                                                                      Mode.TARGET):
            self.playback.playing = False
            self.state, _ = pointer.click(self.state, self.session.view, h)
        return ""

    def _playback(self, action: str) -> None:
        """Move, play, change speed, ask where to go, change bout, continue or leave."""
        pb = self.playback
        moves = {
            "forward": lambda: pb.step(1), "back": lambda: pb.step(-1),
            "turn_forward": lambda: pb.next_turn(True), "turn_back": lambda: pb.next_turn(False),
            "round_forward": lambda: pb.next_round(True),
            "round_back": lambda: pb.next_round(False),
            "start": lambda: pb.goto(0), "end": lambda: pb.goto(pb.count),
        }
        if action in moves:
            pb.playing = False
            moves[action]()
            self._moved()
        elif action == "play":
            if not pb.playing and pb.position >= pb.count:
                pb.goto(0)
                self._moved()
            pb.playing = not pb.playing
            self.mark = time.monotonic()
        elif action in ("slower", "faster"):
            pb.faster(1 if action == "faster" else -1)
        elif action == "go":
            pb.playing, self.asking, self.typed = False, Asking.GO, ""
        elif action in ("next_bout", "prev_bout"):
            self._bout(1 if action == "next_bout" else -1)
        elif action == "continue":
            self._offer_continue()
        elif action == "whatif":
            self._offer_whatif()
        elif action == "branches":
            self._list_branches()
        elif action == "leave":
            self.exit = Exit.DONE

    def _moved(self) -> None:
        """After a seek: the log shows its newest lines."""
        self.state = replace(self.state, log_offset=0)

    def _bout(self, step: int) -> None:
        """The next or previous bout of a run record."""
        pb = self.playback
        if len(pb.films) == 1:
            self.state = replace(self.state, hint="this file holds one battle: < and > move "
                                                  "between the bouts of a run record")
            return
        index = pb.index + step
        if not 0 <= index < len(pb.films):
            self.state = replace(self.state, hint=f"no bout {index + 1}: the run has "
                                                  f"{len(pb.films)}")
            return
        pb.open(index)
        assert pb.session is not None
        self.session = pb.session
        self.state = UiState()

    def _offer_continue(self) -> None:
        """Ask which side to play, unless continuing cannot work here."""
        pb = self.playback
        pb.playing = False
        if pb.film.line is not None:
            self.state = replace(self.state, hint=f"branch {pb.film.line!r} cannot be continued:"
                                 " promote it (B) or continue from the main line")
        elif self.session.view.over:
            self.state = replace(self.state, hint="the battle is over here: step back (h, H, "
                                 "[) to play on from earlier")
        else:
            self.asking = Asking.SIDE

    def _answer(self, key: str) -> None:
        """A key for the open question: typed text, or the side to take."""
        assert self.asking is not None
        if key == "KEY_ESCAPE":
            self.asking = None
        elif self.asking == Asking.SIDE:
            sides = self.session.view.sides
            if key.isdigit() and 1 <= int(key) <= len(sides):
                self.continuing = (int(key) - 1, self.playback.position)
                self.asking = None
                self.exit = Exit.DONE
        elif key == "KEY_ENTER":
            asked, self.asking = self.asking, None
            {Asking.GO: self._go, Asking.CHANGE: self._whatif,
             Asking.NAME: self._save}[asked](self.typed)
        elif key == "KEY_BACKSPACE":
            self.typed = self.typed[:-1]
        elif len(key) == 1 and key.isprintable() and len(self.typed) < (
                MAX_TYPED if self.asking == Asking.GO else MAX_CHANGE):
            self.typed += key

    def _go(self, text: str) -> None:
        """Go to `r12` (round 12's first command), `c340` or `340` (after command 340)."""
        pb = self.playback
        text = text.strip().lower()
        number = text[1:] if text[:1] in ("r", "c") else text
        if not number.isdigit() or len(number) > 9:
            self.state = replace(self.state, hint=f"'{text}': {GO_HELP}" if text else GO_HELP)
            return
        if text.startswith("r"):
            found = pb.round_start(int(number))
            if found is None:
                last = pb.clock[-1][0]
                self.state = replace(self.state, hint=f"no round {int(number)} here: this "
                                                      f"battle has rounds 1 to {last}")
                return
            pb.goto(found)
        elif int(number) > pb.count:
            self.state = replace(self.state, hint=f"no command {int(number)}: this battle has "
                                                  f"0 to {pb.count}")
            return
        else:
            pb.goto(int(number))
        self._moved()

    def _look(self) -> None:
        """Look mode at the acting combatant (else anyone standing, else the map's centre)."""
        self.playback.playing = False
        view = self.session.view
        who = view.combatant(view.active) or next((c for c in view.combatants if c.alive), None)
        self.state = replace(self.state, mode=Mode.LOOK, cursor=who.hex if who else ORIGIN)

    def _aim(self, key: str) -> None:
        """Aim as the acting combatant: the panel shows the odds it would have."""
        self.playback.playing = False
        view = self.session.view
        if view.over or view.active is None:
            self.state = replace(self.state, hint="nobody acts here: the battle is over")
            return
        if view.reaction is not None:
            self.state = replace(self.state, hint="a reaction is pending here: step on (l) to "
                                                  "see it")
            return
        self.session.players = frozenset(range(len(view.sides)))  # aim as whoever acts
        try:
            self.state = react(self.state, key, self.session, self.page).state
        finally:
            self.session.players = frozenset()

    def _looking(self, key: str) -> None:
        """Look, aim and menu modes as in the game; a command they give is dropped."""
        if KEYMAP.get(key) in ("save_quit", "quit", "undo", "history") or (
                self.state.mode == Mode.LOOK and KEYMAP.get(key) == "confirm"):
            self.state = replace(self.state, hint=READ_ONLY)
            return
        reaction = react(self.state, key, self.session, self.page)
        if reaction.command is not None:
            self.state = replace(self.state, hint=READ_ONLY)
        else:
            self.state = reaction.state

    # --- time ---

    def tick(self) -> bool:
        """Play on by the time since the last tick; True when the screen must be drawn."""
        now, last = time.monotonic(), self.mark
        self.mark = now
        if (self.asking is not None or self.whatif is not None or self.branches is not None
                or self.state.mode != Mode.NORMAL or not self.playback.playing):
            return False
        playing = self.playback.playing
        moved = self.playback.advance(now - last)
        if moved:
            self._moved()
        return moved > 0 or playing != self.playback.playing

    # --- drawing ---

    def draw(self, console: tcod.console.Console) -> None:
        """The game's screen with the viewer's status line, or the viewer's help."""
        canvas = Canvas(console)
        if self.whatif is not None and not too_small(canvas.width, canvas.height):
            self.small = False
            self._draw_whatif(canvas, self.whatif, self._prompt()[1])
            return
        if self.branches is not None and not too_small(canvas.width, canvas.height):
            self.small = False
            self.branches.draw(canvas, self.session.view.title)
            return
        if self.state.mode == Mode.HELP and not too_small(canvas.width, canvas.height):
            self.small = False
            self._draw_help(canvas)
            return
        shown = (self.playback.index, self.playback.position)
        if shown != self.shown:  # another point's log: wrapped afresh, not extended
            self.log, self.shown = panels.LogPane(), shown
        super().draw(console)
        if not self.small and self.state.mode != Mode.HISTORY:
            self._status(canvas)

    def status_text(self) -> str:
        """Command i of n, round, whose turn, speed and the bout."""
        pb, view = self.playback, self.session.view
        active = view.combatant(view.turn)
        if active is not None:
            turn = f"{active.name}'s turn ({view.sides[active.side].name})"
        else:
            turn = "battle over" if view.over else "between turns"
        speed = f"{SPEEDS[pb.speed]:g}/s"
        playing = f"playing {speed}" if pb.playing else f"paused ({speed})"
        bout = f" bout {pb.film.bout}/{len(pb.films)} ·" if pb.film.bout else ""
        bout += f" branch {pb.film.line} ·" if pb.film.line else ""
        return f"{bout} command {pb.position}/{pb.count} · round {view.round} · {playing} · {turn}"

    def _status(self, canvas: Canvas) -> None:
        """The top line, over the game's."""
        width = canvas.width
        canvas.fill(0, 0, width, 1, " ", palette.TEXT, palette.STATUS_BG)
        right = f"{first_key('help')} help "
        left = self.status_text()
        title = f" {self.session.view.title} ·{left}"
        shown = title if len(title) <= width - len(right) - 1 else left
        canvas.text(0, 0, shown, palette.TITLE, width - len(right) - 1)
        canvas.text(width - len(right), 0, right, palette.DIM)

    def _draw_help(self, canvas: Canvas) -> None:
        """The viewer's keys over the whole screen, in two columns."""
        canvas.clear()
        canvas.fill(0, 0, canvas.width, 1, " ", palette.TEXT, palette.STATUS_BG)
        canvas.text(0, 0, " Replay viewer keys: any key to go back", palette.TITLE)
        column = (canvas.width - 6) // 2
        rows = help_lines(column)
        split = next(i for i, (_, colour) in enumerate(rows) if i and colour == palette.TITLE)
        lines(canvas, Rect(2, 2, column, canvas.height - 3), rows[:split])
        lines(canvas, Rect(4 + column, 2, column, canvas.height - 3), rows[split:])

    def _prompt(self) -> tuple[bool, str]:
        """The prompt line: an open question, a hint, or the mode's keys."""
        if self.asking == Asking.GO:
            return True, f"go to ({GO_HELP}; Esc: back): {self.typed}_"
        if self.asking == Asking.CHANGE:
            return True, (f"what if at command {self.playback.position + 1} ({CHANGE_HELP}; "
                          f"Esc: back): {self.typed[-60:]}_")
        if self.asking == Asking.NAME:
            return True, f"save the new line as branch (a name; Esc: back): {self.typed}_"
        if self.asking == Asking.SIDE:
            sides = "  ".join(f"{i}) {s.name}" for i, s in enumerate(self.session.view.sides, 1))
            return True, (f"play on from command {self.playback.position} as: "
                          f"{sides}  Esc: back")
        if self.state.hint:
            return True, self.state.hint
        if self.state.mode == Mode.NORMAL:
            pb = self.playback
            return False, key_hint(continues=pb.film.line is None and not self.session.view.over,
                                   what_if=pb.position < pb.count, bouts=len(pb.films) > 1)
        if self.state.mode == Mode.LOOK:
            steps = " ".join(first_key(a) for a in STEP_ACTIONS)
            return False, (f"{steps}: move the cursor  {first_key('next_target')}: next "
                           f"combatant  {first_key('cancel')}: back (read-only)")
        return super()._prompt()
