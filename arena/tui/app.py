"""The game as an object: `feed(key)` plays, `draw(console)` shows; no terminal needed.

Tests feed keys and read the console's cells; the terminal loop does the same with real keys.
"""

from __future__ import annotations

from dataclasses import replace

import tcod.console

from arena.hexgrid import ORIGIN
from arena.model.commands import Attack
from arena.tui import describe, help, palette, panels, summary
from arena.tui.canvas import Canvas
from arena.tui.controls import react
from arena.tui.keymap import MENU_KEYS, first_key
from arena.tui.layout import LOG_MIN, Layout, Rect, layout, map_origin, too_small
from arena.tui.modes import Exit, UiState
from arena.tui.preview import attack_preview
from arena.tui.render import MapPainter, Marks
from arena.tui.session import Session
from arena.tui.text import wrap


def draw_too_small(canvas: Canvas) -> None:
    """A centred message until the terminal is resized to at least 80x24."""
    w, h = canvas.width, canvas.height
    for i, line in enumerate(("Terminal too small", f"{w}x{h}; arena needs at least 80x24.",
                              "Resize the window to play.")):
        canvas.text(max(0, (w - len(line)) // 2), max(0, h // 2 - 1) + i, line, palette.HINT)


class App:
    """A session plus the interface state; every player command goes to the session."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.painter = MapPainter()
        self.log = panels.LogPane()
        self.page = LOG_MIN
        self.exit: Exit | None = None
        self.message = ""
        self.help_page = 0
        session.run_ai()
        self.state = UiState(mode="summary" if session.view.over else "normal")

    @property
    def done(self) -> bool:
        """True once the player has left the game."""
        return self.exit is not None

    def feed(self, key: str) -> None:
        """Handle one key (a blessed key name or a character)."""
        if self.state.mode == "help" and self.help_page + 1 < help.PAGES and key != "KEY_ESCAPE":
            self.help_page += 1
            return
        self.help_page = 0
        reaction = react(self.state, key, self.session, self.page)
        state = reaction.state
        if reaction.command is not None:
            reason = self.session.submit(reaction.command)
            if reason is not None:
                state = replace(state, hint=f"cannot: {reason}")
            else:
                self.session.run_ai()
                state = replace(state, log_offset=0, hint=self._after_command())
        if self.session.view.over and state.mode != "summary":
            state = UiState(mode="summary")
        self.state = replace(state, log_offset=min(state.log_offset,
                                                   self.log.max_offset(self.page)))
        if reaction.exit is not None:
            self._leave(reaction.exit)

    def _after_command(self) -> str:
        """A hint once the active player's combatant has no AP left."""
        active = self.session.view.combatant(self.session.view.active)
        if active is not None and self.session.player_turn and active.ap == 0:
            return f"{active.name} has no AP left: {first_key('end_turn')} ends the turn"
        return ""

    def _leave(self, how: Exit) -> None:
        """Save, abandon or just close, and say what happened."""
        session = self.session
        if how == "save":
            path = session.save()
            self.message = (f"Saved to {path}. Run arena to resume it, "
                            f"or: arena play --load {path}")
        elif how == "abandon":
            session.abandon()
            self.message = "Battle abandoned."
        elif session.replay_path is not None:
            self.message = (f"Replay: {session.replay_path}; check it with: "
                            f"arena replay {session.replay_path} --verify")
        self.exit = how

    def draw(self, console: tcod.console.Console) -> None:
        """Draw the whole screen into `console` (any size)."""
        canvas = Canvas(console)
        canvas.clear()
        if too_small(canvas.width, canvas.height):
            draw_too_small(canvas)
            return
        if self.state.mode == "help":
            help.draw(canvas, self.session, self.help_page)
            return
        lay = layout(canvas.width, canvas.height)
        self.page = lay.log.height
        panels.status(canvas, lay.status, self.session)
        if self.state.mode == "summary":
            top = Rect(0, lay.map.y, lay.width, lay.map.height)
            summary.draw(canvas, top, self.session)
        else:
            self._draw_field(canvas, lay)
        self.log.draw(canvas, lay.log, self.session.log, self.state.log_offset)
        hint, text = self._prompt()
        panels.prompt(canvas, lay.prompt, text, hint)

    def _draw_field(self, canvas: Canvas, lay: Layout) -> None:
        """The map with its highlights and the side panel for the current mode."""
        view, state = self.session.view, self.state
        active = view.combatant(view.active)
        aimed = state.target[0] if state.target else None
        target = view.combatant(view.reaction.target if view.reaction else aimed)
        focus = state.cursor or (target.hex if target else None) or (active.hex if active else None)
        path = describe.walk(self.session, state.cursor)[0] if state.cursor else ()
        marks = Marks(cursor=state.cursor, target=target.hex if target else None, path=path)
        origin = map_origin(lay.map, view.map.radius, focus or ORIGIN)
        self.painter.paint(canvas, lay.map, origin, view, marks)
        card = describe.card(self.session, active) if active else []
        if state.cursor is not None:
            bottom = describe.hex_lines(self.session, state.cursor)
        elif state.target is not None and active is not None and target is not None \
                and view.reaction is None:
            attack = Attack(active.id, target.id, state.target[1], state.options)
            bottom = list(attack_preview(self.session.battle, attack, target.name).lines)
        elif state.mode == "menu":
            bottom = [(state.title, palette.TITLE)]
            for key, choice in zip(MENU_KEYS, state.menu, strict=False):
                bottom += [(part, palette.TEXT)
                           for part in wrap(f"{key}) {choice.label}", lay.panel.width, "   ")]
        else:
            bottom = panels.order(self.session)
        panels.panel(canvas, lay.panel, card, bottom)

    def _prompt(self) -> tuple[bool, str]:
        """The prompt line: (is it a hint, its text)."""
        state = self.state
        if state.mode == "confirm_quit":
            return True, "Abandon this battle? Its journal is deleted. (y/n)"
        if state.hint:
            return True, state.hint
        reaction = self.session.view.reaction
        if reaction is not None and self.session.player_turn:
            names = self.session.names
            if reaction.first:
                return True, (f"{names.get(reaction.target, '?')}'s {reaction.action} comes at "
                              f"{names.get(reaction.reactor, '?')}: {reaction.first}, striking "
                              "first? (y/n)")
            turn = (f", {first_key('turn_left')}/{first_key('turn_right')} turn"
                    if self.session.battle.ruleset.action_cost("face", None, True) else "")
            return True, (f"{names.get(reaction.target, '?')} acts openly ({reaction.action}) "
                          f"next to {names.get(reaction.reactor, '?')}: strike? (y/n{turn})")
        if state.mode == "summary":
            return False, f"{first_key('confirm')} leaves; PgUp/PgDn scroll the log"
        k = {a: first_key(a) for a in ("next_target", "prev_target", "next_weapon", "confirm",
                                       "cancel", "attack", "fire", "look", "end_turn", "help",
                                       "maneuver")}
        steps = " ".join(first_key(a) for a in ("step_nw", "step_ne", "step_w", "step_e",
                                                "step_sw", "step_se"))
        if state.mode == "target":
            maneuver = f"{k['maneuver']}: maneuver  " if self.session.view.maneuvers else ""
            return False, (f"{k['next_target']}/{k['prev_target']}: target  {k['next_weapon']}: "
                           f"weapon  {maneuver}{k['confirm']}: attack  {k['cancel']}: back")
        if state.mode == "menu":
            last = MENU_KEYS[max(0, len(state.menu) - 1)]
            return False, f"{state.title} {MENU_KEYS[0]}-{last}: choose  {k['cancel']}: back"
        if state.mode == "look":
            return False, (f"{steps}: move cursor  {k['next_target']}: next combatant  "
                           f"{k['confirm']}: walk/aim  {k['cancel']}: back")
        return False, (f"{steps}: step/attack  {k['attack']} attack  {k['fire']} fire  "
                       f"{k['look']} look  {k['end_turn']} end turn  {k['help']} help")
