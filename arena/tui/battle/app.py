"""The game as an object: `feed(key)` plays, `draw(console)` shows; no terminal needed.

Tests feed keys and read the console's cells; the terminal loop does the same with real keys.
"""

from __future__ import annotations

from dataclasses import replace

import tcod.console

from arena.battle.view import CombatantView, reaction_plan
from arena.hexgrid import ORIGIN
from arena.model.commands import Attack
from arena.tui.battle import aim, approach, describe, help, outcome, pager, panels, pointer
from arena.tui.battle.controls import react
from arena.tui.battle.modes import Exit, Mode, Reaction, UiState
from arena.tui.battle.preview import attack_preview, plan_lines, short_odds
from arena.tui.battle.render import MapPainter, Marks
from arena.tui.battle.session import Session
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.keymap import KEYMAP, LIVE, MENU_KEYS, first_key, label
from arena.tui.term.layout import LOG_MIN, Layout, Rect, layout, map_origin, too_small
from arena.tui.term.lines import Line, wrapped


def draw_too_small(canvas: Canvas) -> None:
    """A centred message until the terminal is resized to at least 80x24."""
    w, h = canvas.width, canvas.height
    for i, line in enumerate(("Terminal too small", f"{w}x{h}; arena needs at least 80x24.",
                              "Resize the window to play.")):
        canvas.text(max(0, (w - len(line)) // 2), max(0, h // 2 - 1) + i, line, palette.HINT)


class App:
    """A session plus the interface state; every player command goes to the session."""

    def __init__(self, session: Session, pauses: bool = True, ask_end_turn: bool = True
                 ) -> None:
        self.session = session
        self.painter = MapPainter()
        self.log = panels.LogPane()
        self.page = LOG_MIN
        self.exit: Exit | None = None
        self.message = ""
        self.help_page = 0
        self.pauses = pauses
        self.ask_end_turn = ask_end_turn  # ending a turn that could still strike asks once
        self.flush_input = False  # the terminal drops typed-ahead keys when this is set
        self.small = False
        self.history_max = 0
        self.map_area: Rect | None = None
        self.origin = (0, 0)
        self.hex_size = 1  # the map's scale in the last frame (layout.hex_size)
        session.run_ai()
        self.state = UiState(mode=Mode.SUMMARY if session.view.over else Mode.NORMAL)

    hover = True  # the terminal passes pointer moves on ('MOUSE_MOVE col row')

    @property
    def done(self) -> bool:
        """True once the player has left the game."""
        return self.exit is not None

    def feed(self, key: str) -> None:
        """Handle one key (a blessed key name, a character or a 'MOUSE_CLICK col row')."""
        if self.small:  # nothing acts unseen behind the "Terminal too small" screen
            return
        if self.state.mode == Mode.HELP and self.help_page + 1 < help.PAGES and key != "KEY_ESCAPE":
            self.help_page += 1
            return
        self.help_page = 0
        if self.state.mode in (Mode.MORE, Mode.HISTORY):
            self.state = pager.key(self.state, key, self.page, self.history_max,
                                   Mode.SUMMARY if self.session.view.over else Mode.NORMAL)
            return
        moved = pointer.parse_click(key, "MOUSE_MOVE")
        if moved is not None:
            self._hover(*moved)
            return
        spot = pointer.parse_click(key)
        if spot is not None:
            key = self._click(*spot)
            if not key:
                return
        action = KEYMAP.get(key)
        if action == "history" and self.state.mode != Mode.CONFIRM_QUIT:
            self.state = UiState(mode=Mode.HISTORY, log_offset=0,
                                 last_target=self.state.last_target)
            return
        refused = self.session.unavailable.get(action or "")
        if refused is not None and self.state.mode in (Mode.NORMAL, Mode.LOOK):
            self.state = replace(self.state, hint=f"{label(key)}: {refused}")
            return
        if action == "undo" and self.state.mode in (Mode.NORMAL, Mode.LOOK):
            reason = self.session.undo()
            self.state = replace(self.state, mode=Mode.NORMAL, cursor=None, log_offset=0,
                                 hint=f"cannot undo: {reason}" if reason else "taken back")
            return
        if action == "end_turn" and self._could_strike():
            self.state = replace(self.state, mode=Mode.CONFIRM_END, hint="")
            return
        mark = len(self.session.log)
        reaction = react(self.state, key, self.session, self.page)
        state = reaction.state if reaction.command is None else self._submit(reaction)
        if self.session.view.over and state.mode != Mode.SUMMARY:
            state = UiState(mode=Mode.SUMMARY)
            self.flush_input = True  # a key typed during the last blow must not skip this
        self.state = replace(state, log_offset=min(state.log_offset,
                                                   self.log.max_offset(self.page)))
        if self.pauses:
            self.state = pager.pause(self.state, self.session.log[mark:], self.log, self.page)
        if reaction.exit is not None:
            self._leave(reaction.exit)

    def _submit(self, reaction: Reaction) -> UiState:
        """Give the reaction's command (and a planned walk's blow); the state to show after."""
        assert reaction.command is not None
        state, draws = reaction.state, self.session.battle.dice.draws
        reason = self.session.submit(reaction.command)
        if reason is not None:  # a refused walk from look mode stays in look mode
            kept = self.state if self.state.mode == Mode.LOOK else state
            return replace(kept, hint=f"cannot: {reason}")
        note = reaction.note
        if isinstance(reaction.then, Attack):  # move-and-attack: the blow, if the walk held
            note = approach.follow_up(self.session, reaction.command.actor, reaction.then,
                                      draws) or note
        self.session.run_ai()
        return replace(state, log_offset=0, hint=note or self._after_command())

    def _could_strike(self) -> CombatantView | None:
        """The enemy the player's active member could still attack, when ending asks first."""
        session = self.session
        if not self.ask_end_turn or self.state.mode != Mode.NORMAL or not session.player_turn \
                or session.view.reaction is not None:
            return None
        actor = session.view.combatant(session.view.active)
        return aim.strikable(session.battle, session.view, actor) if actor else None

    def _hover(self, col: int, row: int) -> None:
        """The pointer moved: the hex under it is looked at (in the normal and look modes)."""
        if self.state.mode in (Mode.NORMAL, Mode.LOOK):
            h = pointer.clicked_hex(self.session.view, self.map_area, self.origin, col, row,
                                    self.hex_size)
            self.state = pointer.hover(self.state, h)

    def _click(self, col: int, row: int) -> str:
        """A click as the key it stands for ('' when handled or meaningless)."""
        if self.state.mode not in (Mode.NORMAL, Mode.LOOK, Mode.TARGET):
            return ""
        view = self.session.view
        h = pointer.clicked_hex(view, self.map_area, self.origin, col, row, self.hex_size)
        if h is None:
            return ""
        self.state, action = pointer.click(self.state, view, h)
        return next((k for b in LIVE if b.action == action for k in b.keys), "") \
            if action else ""

    def _after_command(self) -> str:
        """A hint once the active player's combatant has no AP left."""
        active = self.session.view.combatant(self.session.view.active)
        if active is not None and self.session.player_turn and active.ap == 0:
            return f"{active.name} has no AP left: {first_key('end_turn')} ends the turn"
        return ""

    def _leave(self, how: Exit) -> None:
        """Save, abandon or just close, and say what happened."""
        session = self.session
        if how == Exit.SAVE:
            path = session.save()
            self.message = (f"Saved to {path}. Run arena to resume it, "
                            f"or: arena play --load {path}")
        elif how == Exit.ABANDON:
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
        self.small = too_small(canvas.width, canvas.height)
        if self.small:
            draw_too_small(canvas)
            return
        if self.state.mode == Mode.HELP:
            help.draw(canvas, self.session, self.help_page, self.state.help_from)
            return
        if self.state.mode == Mode.HISTORY:
            self.page = canvas.height - 2
            self.history_max = pager.draw_history(canvas, self.session.log,
                                                  self.state.log_offset)
            return
        lay = layout(canvas.width, canvas.height,
                     None if self.state.mode == Mode.SUMMARY else self.session.view.map.radius)
        self.page = lay.log.height
        panels.status(canvas, lay.status, self.session)
        if self.state.mode == Mode.SUMMARY:
            top = Rect(0, lay.map.y, lay.width, lay.map.height)
            outcome.draw(canvas, top, self.session)
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
        walk = approach.plan(self.session, active.id, target.id, state.target[1],
                             state.options) if state.target and active and target and \
            view.reaction is None else None
        looked = state.cursor or (state.hover if state.mode == Mode.NORMAL else None)
        path = describe.walk(self.session, looked)[0] if looked else \
            (walk.path if walk else ())
        bonus = approach.bonuses(self.session, active.id, target.id, state.target[1],
                                 state.options) if state.target and active and target and \
            state.cursor is None else {}
        marks = Marks(cursor=looked, target=target.hex if target else None, path=path,
                      bonus=tuple(sorted(bonus)))
        origin = map_origin(lay.map, view.map.radius, focus or ORIGIN, lay.hex_size)
        self.map_area, self.origin, self.hex_size = lay.map, origin, lay.hex_size
        self.painter.paint(canvas, lay.map, origin, view, marks, lay.hex_size)
        if lay.log.x > 0:  # the log beside the map (larger scale): frame it like the panel
            canvas.fill(lay.log.x - 1, lay.log.y, 1, lay.log.height, "│", palette.FRAME)
        card = describe.card(self.session, active) if active else []
        if looked is not None:
            bottom = describe.hex_lines(self.session, looked)
        elif state.target is not None and active is not None and target is not None \
                and view.reaction is None:
            attack = Attack(active.id, target.id, state.target[1], state.options)
            bottom = [describe.target_line(target), *approach.bonus_lines(bonus, lay.panel.width),
                      *(approach.lines(self.session, active.id, walk, target,
                                       lay.panel.width) if walk
                        else attack_preview(self.session.battle, attack, target.name,
                                            target_hp=target.hp).lines)]
        elif view.reaction is not None and target is not None and self.session.player_turn:
            bottom = self._reaction_lines(target)
        elif state.mode == Mode.MENU:
            bottom = [(state.title, palette.TITLE)]
            for key, choice in zip(MENU_KEYS, state.menu, strict=False):
                bottom += wrapped(f"{key}) {choice.label}", palette.TEXT, lay.panel.width, "   ")
        else:
            bottom = panels.order(self.session)
        panels.panel(canvas, lay.panel, card, bottom)

    def _reaction_lines(self, target: CombatantView) -> list[Line]:
        """The panel during a reaction: the target's HP and the exact odds of the blow."""
        plan = reaction_plan(self.session.battle)
        if plan is None:
            return [describe.target_line(target)]
        _, _, ctx, cost = plan
        return [describe.target_line(target),
                *plan_lines(self.session.battle.ruleset, ctx, cost, target.name)]

    def _reaction_odds(self) -> str:
        """The blow on offer in a few words ('longsword: hit 55%, 2-9 dmg'), or ''."""
        plan = reaction_plan(self.session.battle)
        return "" if plan is None else short_odds(self.session.battle.ruleset, plan[2])

    def prompt_line(self) -> tuple[bool, str]:
        """The prompt line as (is it a hint, its text); the accessible mode speaks it."""
        return self._prompt()

    def _prompt(self) -> tuple[bool, str]:
        """The prompt line: (is it a hint, its text)."""
        state = self.state
        if state.mode == Mode.CONFIRM_QUIT:
            return True, self.session.abandon_question
        if state.mode == Mode.CONFIRM_END:
            actor = self.session.view.combatant(self.session.view.active)
            enemy = aim.strikable(self.session.battle, self.session.view, actor) \
                if actor else None
            return True, (f"{actor.name if actor else '?'} can still attack "
                          f"{enemy.name if enemy else 'an enemy'}: end the turn anyway? "
                          f"(y/{first_key('end_turn')}: end it, any other key: go on)")
        if state.mode == Mode.MORE:
            return True, "--more-- (any key)"
        if state.hint:
            return True, state.hint
        reaction = self.session.view.reaction
        if reaction is not None and self.session.player_turn:
            names = self.session.names
            if reaction.first:
                return True, (f"{names.get(reaction.target, '?')}'s {reaction.action} comes at "
                              f"{names.get(reaction.reactor, '?')}: {reaction.first}, striking "
                              "first? (y/n)")  # its odds are in the side panel
            odds = f" {self._reaction_odds()}".rstrip()
            turn = (f", {first_key('turn_left')}/{first_key('turn_right')} turn"
                    if self.session.battle.ruleset.action_cost("face", None, True) else "")
            return True, (f"{names.get(reaction.target, '?')} acts openly ({reaction.action}) "
                          f"next to {names.get(reaction.reactor, '?')}: strike? "
                          f"(y/n{turn}){odds}")
        if state.mode == Mode.SUMMARY:
            return False, f"{first_key('confirm')} leaves; PgUp/PgDn scroll the log"
        k = {a: first_key(a) for a in ("next_target", "prev_target", "next_weapon", "confirm",
                                       "cancel", "attack", "fire", "look", "end_turn", "help",
                                       "maneuver")}
        steps = " ".join(first_key(a) for a in ("step_nw", "step_ne", "step_w", "step_e",
                                                "step_sw", "step_se"))
        if state.mode == Mode.TARGET and state.bump:
            again = first_key(state.bump)
            return False, (f"{again} again or {k['confirm']}: attack  {k['next_target']}: "
                           f"other target  {k['cancel']}: back")
        if state.mode == Mode.TARGET:
            maneuver = f"{k['maneuver']}: maneuver  " if self.session.view.maneuvers else ""
            return False, (f"{k['next_target']}/{k['prev_target']}: target  {k['next_weapon']}: "
                           f"weapon  {maneuver}{k['confirm']}: attack  {k['cancel']}: back")
        if state.mode == Mode.MENU:
            last = MENU_KEYS[max(0, len(state.menu) - 1)]
            return False, f"{state.title} {MENU_KEYS[0]}-{last}: choose  {k['cancel']}: back"
        if state.mode == Mode.LOOK:
            return False, (f"{steps}: move cursor  {k['next_target']}: next combatant  "
                           f"{k['confirm']}: walk/aim  {k['cancel']}: back")
        return False, (f"{steps}: step/attack  {k['attack']} attack  {k['fire']} fire  "
                       f"{k['look']} look  {k['end_turn']} end turn  {k['help']} help")
