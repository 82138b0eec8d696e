"""Key handling: (state, key) -> new state, maybe a command, maybe leaving; no I/O here.

The battle is only read (through `arena.battle.view`); commands are returned for the app to submit.
"""

from __future__ import annotations

from dataclasses import replace

from arena.battle.view import CombatantView, known_buffs, make_command, path_to
from arena.hexgrid import Hex, hex_neighbor
from arena.model.commands import (
    Attack,
    Command,
    Draw,
    EndTurn,
    Face,
    Invoke,
    Kick,
    Move,
    PickUp,
    Reload,
    UseItem,
)
from arena.tui.battle import aim, approach, running
from arena.tui.battle.describe import weapon_text
from arena.tui.battle.modes import Choice, Exit, Mode, Reaction, UiState
from arena.tui.battle.session import Session
from arena.tui.term.keymap import (
    KEYMAP,
    MENU_KEYS,
    NO_HEX_KEYS,
    RUN_CURSOR,
    STEPS,
    first_key,
    label,
    run_direction,
)


def nothing(state: UiState, key: str) -> Reaction:
    """A key with no meaning here: a hint, nothing else."""
    if key in NO_HEX_KEYS:
        hint = (f"hexes have no north or south: {first_key('step_nw')} {first_key('step_ne')}"
                f" go NW NE, {first_key('step_sw')} {first_key('step_se')} go SW SE")
    else:
        hint = f"'{label(key)}' does nothing here; {first_key('help')} lists the keys"
    return Reaction(replace(state, hint=hint))


def react(state: UiState, key: str, session: Session, page: int) -> Reaction:
    """What `key` does in `state`; `page` is the log's height, for scrolling."""
    state = replace(state, hint="")
    if state.mode == Mode.HELP:  # back to the mode it was opened from, its cursor or aim kept
        return Reaction(replace(state, mode=state.help_from))
    if state.mode in (Mode.CONFIRM_QUIT, Mode.CONFIRM_END):
        return _answer(state, key, session)
    action = KEYMAP.get(key)
    if action in ("log_up", "log_down"):
        step = page - 1 if action == "log_up" else 1 - page
        return Reaction(replace(state, log_offset=max(0, state.log_offset + step)))
    if state.mode == Mode.SUMMARY:
        if action in ("confirm", "cancel") or key in ("q", "Q"):
            return Reaction(state, exit=Exit.DONE)
        return Reaction(replace(state, hint="Enter leaves; PgUp/PgDn scroll the log"))
    if action == "help":
        return Reaction(replace(state, mode=Mode.HELP, help_from=state.mode))
    if action == "save_quit":
        return Reaction(state, exit=Exit.SAVE)
    if action == "quit":
        return Reaction(replace(state, mode=Mode.CONFIRM_QUIT, cursor=None, targets=()))
    if session.view.reaction is not None and session.player_turn:
        return _reaction(state, key, session)
    if state.mode == Mode.MENU:
        return _menu(state, key, action)
    if state.mode == Mode.TARGET:
        return _target(state, action, session)
    if state.mode == Mode.LOOK:
        return _look(state, key, action, session)
    return _normal(state, key, action, session)


def _answer(state: UiState, key: str, session: Session) -> Reaction:
    """A y/n question: abandon the battle, or end a turn that could still strike."""
    yes = key in ("y", "Y")
    if state.mode == Mode.CONFIRM_QUIT:
        return Reaction(state, exit=Exit.ABANDON) if yes else \
            Reaction(replace(state, mode=Mode.NORMAL, hint="carry on"))
    actor = session.view.active  # y, or the end-turn key again, ends it; any other key not
    if (yes or KEYMAP.get(key) == "end_turn") and actor is not None:
        return Reaction(replace(state, mode=Mode.NORMAL), EndTurn(actor))
    return Reaction(replace(state, mode=Mode.NORMAL, hint="the turn goes on"))


def _carried(actor: CombatantView) -> str:
    """What `w` cannot reach: the spares carried, not in hand, and the key that draws one."""
    if not actor.spares:
        return ""
    names = ", ".join(w.name for w in actor.spares)
    return f"{names}: carried, not in hand ({first_key('draw')} draws a spare)"


def _one_weapon(actor: CombatantView) -> str:
    """Why `w` finds no other weapon: the one in hand is all, or the rest is carried."""
    if actor.spares:
        return f"{actor.name} holds one weapon for this; {_carried(actor)}"
    return f"{actor.name} has no other weapon for this"


def _normal(state: UiState, key: str, action: str | None, session: Session) -> Reaction:
    """The main mode: step or bump, turn, pick up, end the turn, enter a mode."""
    view = session.view
    actor = view.combatant(view.active)
    if action == "look":
        return Reaction(replace(state, mode=Mode.LOOK, cursor=actor.hex if actor else None))
    if actor is None or not session.player_turn:
        return Reaction(replace(state, hint="it is not your turn"))
    if action in STEPS:
        return _step(state, action, session, actor)
    way = run_direction(key) if action == "run" else None
    if way is not None:
        run = running.run_end(session, actor.id, way)
        if run is None:
            return Reaction(replace(state, hint=f"{actor.name} cannot run that way"))
        return Reaction(state, Move(actor.id, run[0]), note=f"{actor.name} stops running: {run[1]}")
    if action in ("attack", "fire"):
        return _aim(state, session, action == "fire", state.last_target)
    if action in ("draw", "reload", "invoke", "use_item"):
        return _offer(state, action, session, actor)
    if action == "maneuver":
        return Reaction(replace(state, hint=_no_maneuver(session) or (
            f"maneuvers are chosen while aiming: {first_key('attack')} or {first_key('fire')}, "
            f"then {first_key('maneuver')}")))
    command = _command(action, actor)
    if command is None:
        return nothing(state, key)
    if isinstance(command, str):
        return Reaction(replace(state, hint=command))
    return Reaction(state, command)


def _step(state: UiState, action: str, session: Session, actor: CombatantView) -> Reaction:
    """A step key: walk one hex, or bump an enemy (the preview first, the same step attacks)."""
    view = session.view
    there = hex_neighbor(actor.hex, STEPS[action])
    other = view.standing_at(there)
    if other is not None and other.side == actor.side:
        return Reaction(replace(state, hint=f"{other.name} is in the way"))
    if other is not None:  # a bump: the preview first, the same step again attacks
        attack = aim.bump(session.battle, actor, other)
        if isinstance(attack, str):
            return Reaction(replace(state, hint=attack))
        aimed = _aim(state, session, False, other.id, attack.weapon)
        return Reaction(replace(aimed.state, bump=action))
    return Reaction(state, Move(actor.id, there))


def _command(action: str | None, actor: CombatantView) -> Command | str | None:
    """The command a key gives at once, a hint why it gives none, or None for any other key."""
    if action in ("turn_left", "turn_right"):
        return Face(actor.id, (actor.facing + (1 if action == "turn_left" else 5)) % 6)
    if action == "end_turn":
        return EndTurn(actor.id)
    if action == "pick_up":
        return PickUp(actor.id)
    if action == "stand_up":
        made = make_command("stand_up", actor=actor.id)
        return made if made is not None else "nobody falls prone in this game"
    if action == "kick":
        return Kick(actor.id)
    return None


def _offer(state: UiState, action: str, session: Session, actor: CombatantView) -> Reaction:
    """Draw, reload or invoke: at once when there is one choice, else a menu; a hint if none."""
    view = session.view
    if action == "draw":
        title = "Draw which spare?"
        choices = [Choice(weapon_text(w), Draw(actor.id, i)) for i, w in enumerate(actor.spares)]
        none = f"{actor.name} carries no spare weapon"
    elif action == "use_item":
        title = "Use which item?"
        choices = [Choice(name, UseItem(actor.id, i)) for i, name in enumerate(actor.supplies)]
        none = f"{actor.name} carries no potion, bandages or other supplies"
    elif action == "reload":
        title = "Reload which?"
        choices = [Choice(actor.weapons[s].name, Reload(actor.id, s)) for s in actor.unloaded]
        none = f"{actor.name} has nothing to reload"
    else:
        title = "Invoke which buff?"
        choices = [Choice(f"{b.name.replace('_', ' ')}: {b.cost} AP, r{b.radius}, "
                          + (f"{b.rounds} rd" if b.rounds else "while idle"),
                          Invoke(actor.id, b.name))
                   for b in known_buffs(session.battle, actor.id)]
        none = (f"{actor.name} cannot start any area buff ({', '.join(view.buffs)})"
                if view.buffs else f"there are no area buffs in {view.ruleset}")
    if not choices:
        return Reaction(replace(state, hint=none))
    if len(choices) == 1 and action != "invoke":  # a buff is once a battle: always ask
        return Reaction(state, choices[0].command)
    return Reaction(replace(state, mode=Mode.MENU, title=title, menu=tuple(choices)))


def _menu(state: UiState, key: str, action: str | None) -> Reaction:
    """Menu mode: a letter picks an entry, Esc backs out."""
    keys = MENU_KEYS[:len(state.menu)]
    if len(key) == 1 and key in keys:
        return Reaction(replace(state, mode=Mode.NORMAL, title="", menu=()),
                        state.menu[keys.index(key)].command)
    if action == "cancel":
        return Reaction(replace(state, mode=Mode.NORMAL, title="", menu=()))
    return Reaction(replace(state, hint=f"{keys[0]}-{keys[-1]} chooses, "
                                        f"{first_key('cancel')} backs out"))


def _no_maneuver(session: Session) -> str:
    """Why no maneuver can be chosen, or '' when the ruleset has some."""
    view = session.view
    return "" if view.maneuvers else f"there are no maneuvers in {view.ruleset}"


def _reaction(state: UiState, key: str, session: Session) -> Reaction:
    """An enemy acts openly next to the player's combatant: y strikes it, n lets it pass.

    The turn keys turn the reactor first, off-turn (its ruleset prices it: `ap` 1 AP).
    """
    actor = session.view.active
    action = KEYMAP.get(key)
    reactor = session.view.combatant(actor)
    if action in ("turn_left", "turn_right") and reactor is not None:
        turn = 1 if action == "turn_left" else 5
        return Reaction(state, Face(reactor.id, (reactor.facing + turn) % 6))
    if key in ("y", "Y", "n", "N", "KEY_ESCAPE") and actor is not None:
        command = make_command("react", actor=actor, take=key in ("y", "Y"))
        if command is not None:
            return Reaction(replace(state, mode=Mode.NORMAL, cursor=None), command)
    return Reaction(replace(state, hint=f"answer y (strike) or n (let it pass); "
                                        f"{first_key('turn_left')} {first_key('turn_right')} "
                                        "turn first"))


def _aim(state: UiState, session: Session, fire: bool, prefer: int | None,
         slot: int | None = None) -> Reaction:
    """Enter target mode on every enemy (attackable ones first), `prefer` first when listed.

    An enemy that cannot be attacked now is still listed, so Tab shows each one's reason.
    """
    actor = session.view.combatant(session.view.active)
    if actor is None or not session.player_turn:
        return Reaction(replace(state, hint="it is not your turn"))
    found = aim.targets(session.battle, session.view, actor, fire)
    if not found:
        return Reaction(replace(state, hint=aim.why_not(actor, fire)))
    index = next((i for i, (e, _) in enumerate(found) if e == prefer), 0)
    if slot is not None:
        found[index] = (found[index][0], slot)
    return Reaction(replace(state, mode=Mode.TARGET, targets=tuple(found), index=index, fire=fire,
                            options=(), bump=""))


def _target(state: UiState, action: str | None, session: Session) -> Reaction:
    """Target mode: cycle targets and weapons, commit or back out."""
    chosen = state.target
    actor = session.view.combatant(session.view.active)
    if chosen is None or actor is None:
        return Reaction(replace(state, mode=Mode.NORMAL))
    enemy, slot = chosen
    if action in STEPS and state.bump:  # the bump's own step attacks, another one walks on
        if action != state.bump:
            return _normal(replace(state, mode=Mode.NORMAL, bump="", options=()), "", action,
                           session)
        action = "confirm"
    if action in ("next_target", "prev_target"):
        step = 1 if action == "next_target" else -1
        return Reaction(replace(state, index=(state.index + step) % len(state.targets)))
    if action == "next_weapon":
        slots = aim.valid_slots(session.battle, actor, enemy, state.fire) or \
            aim.candidate_slots(actor, state.fire)  # a refused target: each weapon's reason
        nxt = slots[(slots.index(slot) + 1) % len(slots)] if slot in slots else slot
        if nxt == slot and len(slots) <= 1:
            return Reaction(replace(state, hint=_one_weapon(actor)))
        targets = list(state.targets)
        targets[state.index % len(targets)] = (enemy, nxt)
        carried = _carried(actor)
        return Reaction(replace(state, targets=tuple(targets), hint=carried))
    if action == "maneuver":
        if _no_maneuver(session):
            return Reaction(replace(state, hint=_no_maneuver(session)))
        cycle: list[tuple[str, ...]] = [(), *((n,) for n, _ in session.view.maneuvers)]
        at = cycle.index(state.options) if state.options in cycle else 0
        return Reaction(replace(state, options=cycle[(at + 1) % len(cycle)]))
    if action == "confirm":
        there = session.view.combatant(enemy)
        refused = (aim.refusal(session.battle, actor, there, slot, state.options)
                   if there else "that target is gone")
        walk = approach.plan(session, actor.id, enemy, slot, state.options) if there else None
        if refused is not None and walk is not None:  # move-and-attack: walk, then strike
            return Reaction(replace(state, mode=Mode.NORMAL, last_target=enemy, options=(),
                                    bump=""), Move(actor.id, walk.spot),
                            then=Attack(actor.id, enemy, slot, state.options))
        if refused is not None:  # stay aiming: Tab may find a target that can be attacked
            return Reaction(replace(state, hint=refused))
        return Reaction(replace(state, mode=Mode.NORMAL, last_target=enemy, options=(), bump=""),
                        Attack(actor.id, enemy, slot, state.options))
    if action == "cancel":
        return Reaction(replace(state, mode=Mode.NORMAL, options=(), bump=""))
    if action == "look":
        there = session.view.combatant(enemy)
        return Reaction(replace(state, mode=Mode.LOOK, cursor=there.hex if there else None))
    return Reaction(replace(state, hint=f"{first_key('next_target')} next target, "
                                        f"{first_key('confirm')} attack, "
                                        f"{first_key('cancel')} back out"))


def _look(state: UiState, key: str, action: str | None, session: Session) -> Reaction:
    """Look mode: move the cursor; Enter walks there or aims at the enemy under it."""
    view = session.view
    cursor = state.cursor
    if cursor is None or action in ("cancel", "look"):
        return Reaction(replace(state, mode=Mode.NORMAL, cursor=None))
    if action in STEPS:
        there = hex_neighbor(cursor, STEPS[action])
        if view.map.terrain(there) is None:
            return Reaction(replace(state, hint="that is the edge of the map"))
        return Reaction(replace(state, cursor=there))
    way = run_direction(key) if action == "run" else None
    if way is not None:  # the cursor jumps a few hexes, up to the map's edge
        for _ in range(RUN_CURSOR):
            there = hex_neighbor(cursor, way)
            if view.map.terrain(there) is None:
                break
            cursor = there
        return Reaction(replace(state, cursor=cursor))
    if action in ("next_target", "prev_target"):
        living = [c for c in view.combatants if c.alive]
        at = next((i for i, c in enumerate(living) if c.hex == cursor), -1)
        step = 1 if action == "next_target" else -1
        return Reaction(replace(state, cursor=living[(at + step) % len(living)].hex))
    if action == "confirm":
        actor = view.combatant(view.active)
        other = view.standing_at(cursor)
        if actor is None or not session.player_turn:
            return Reaction(replace(state, hint="it is not your turn"))
        if other is not None and other.side != actor.side:  # aim: the panel says if it can
            return _aim(replace(state, mode=Mode.NORMAL, cursor=None), session, False, other.id)
        return _walk(state, session, actor, cursor)
    return nothing(state, key)


def _walk(looking: UiState, session: Session, actor: CombatantView, to: Hex) -> Reaction:
    """Walk to `to`; a walk longer than the AP goes as far as they pay for, and says so.

    Not a step paid for: look mode stays, with why (as for a walk the engine refuses).
    """
    state = replace(looking, mode=Mode.NORMAL, cursor=None)
    path = path_to(session.battle, actor.id, to)
    walk = path_to(session.battle, actor.id, to, actor.ap)
    if path is None or walk is None or len(path) < 2:
        return Reaction(state, Move(actor.id, to))  # the engine says why not
    reach = len(walk) - 1
    if reach == len(path) - 1:
        return Reaction(state, Move(actor.id, to))
    if reach == 0:
        return Reaction(replace(looking, hint=f"{actor.name} has {actor.ap} AP: not enough "
                                              "for a step that way"))
    return Reaction(state, Move(actor.id, path[reach]),
                    note=f"{actor.name} walks {reach} of {len(path) - 1} hexes: out of AP "
                         f"(the rest next turn)")
