"""Keystrokes per bout: a whole run typed on the battle screen as a player would.

A run (ruleset, seed, steps) whose roads and camps the documented auto policies choose (as
`arena run --auto`), and whose every party command is the tactical AI's own (what `A` would
play), typed on the real battle screen (`BoutScreen`, drawn at 80x24 after every key) with
the fewest keys it takes: a step key for a walk of one hex, a run (Shift and a direction)
where the run stops on the hex, else look mode (`x`, the cursor keys, Shift and a direction
for four hexes where the screen has it, Enter); `a`, Tab to the target, `w` to the weapon,
Enter for a blow; the turn keys; `.` to end the turn and the answer when the screen asks;
one key per `--more--`; a menu letter where a menu opens. Every key is fed to the screen
and the command it made is checked against the AI's (a turn of more than 60° is typed as a
turn key each, one command each); a command the script cannot type is an error, not a guess.

With move-and-attack (issue 30, found by import), a walk the AI makes to strike this turn
(its next command, on a copy of the bout, is a blow by the same combatant) is typed as the
aiming that plans it (`a`, Tab, Enter), when the screen has a plan for that blow: the screen
walks to its own best hex and strikes. The player's choice (this enemy, this weapon, now) is
the AI's; the hex may differ, so the bouts after it may too: compare keys per bout over many.

Run it on a checkout before issue 30 (32eef31) and on today's: the difference is the goal.
    python benchmarks/keys_per_bout.py [--rules ap] [--seed 7] [--steps 6]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import tcod.console

from arena.assets import load_library
from arena.hexgrid import Hex, direction_to, hex_distance, hex_neighbor, hex_to_cell
from arena.model.commands import (
    Attack,
    Command,
    EndTurn,
    Face,
    Move,
    command_from_json,
    command_to_json,
)
from arena.run.auto import policy, road
from arena.run.config import RunConfig
from arena.run.live import LiveRun
from arena.run.runjournal import NAME
from arena.tui.battle.modes import Mode
from arena.tui.run.bout import BoutScreen, RunSession
from arena.tui.term.keymap import BINDINGS, MENU_KEYS, STEPS

try:  # after issue 30: move-and-attack, running, the look cursor's jump
    from arena.tui.battle import approach as planned
    from arena.tui.battle import running
    from arena.tui.term.keymap import RUN_CURSOR as JUMP
    from arena.tui.term.keymap import RUN_ORDER
except ImportError:  # before it
    planned = running = None  # type: ignore[assignment]
    JUMP, RUN_ORDER = 0, ()



def first_key(action: str) -> str:
    """The first key bound to `action` by default, as the terminal names it."""
    return next(k for b in BINDINGS if b.action == action for k in b.keys)


STEP_KEY = {d: first_key(a) for a, d in STEPS.items()}
RUN_KEY = dict(zip(RUN_ORDER, next((b.keys for b in BINDINGS if b.action == "run"), ()),
                   strict=False))
SIMPLE = {"pick_up": "pick_up", "kick": "kick", "stand_up": "stand_up"}
MENUS = {"draw": "draw", "reload": "reload", "use_item": "use_item", "invoke": "invoke"}


class Typist:
    """Feeds one bout's keys to the battle screen and counts them."""

    def __init__(self, bout: BoutScreen, mouse: bool = False) -> None:
        self.bout, self.session, self.mouse = bout, bout.session, mouse
        self.console = tcod.console.Console(80, 24, order="C")
        self.keys = 0
        self.kinds: dict[str, int] = {}  # keys by what they were for
        self.kind = ""
        self.combos = 0  # walks and blows typed as one plan

    def press(self, key: str, counted: bool = True) -> None:
        """One key to the screen, then a frame."""
        self.keys += counted
        self.kinds[self.kind] = self.kinds.get(self.kind, 0) + counted
        self.bout.feed(key)
        self.bout.draw(self.console)

    def clear(self) -> None:
        """The --more-- pauses and a question left open."""
        for _ in range(200):
            mode = self.bout.app.state.mode
            if mode == Mode.MORE:
                self.kind = "more"
                self.press(" ")
            elif mode.name == "CONFIRM_END":
                self.kind = "end_turn"
                self.press("y")
            else:
                return

    def play(self) -> int:
        """Type the AI's commands until the bout ends; the keys pressed."""
        self.bout.draw(self.console)
        while not self.session.view.over:
            self.clear()
            if self.session.view.over:
                break
            command = self.session.battle.decide()
            before = len(self.session.recorder.steps)
            exact = self.type(command)
            self.clear()
            made = self.session.recorder.steps[before:before + 1]
            if not exact:
                continue
            if not made and self.bout.app.state.hint.startswith("cannot"):
                self.kind = "end_turn"  # the AI's command refused: it ends the turn instead
                self.press(first_key("end_turn"))  # (as `Session.run_ai` does for the AI)
                self.clear()
                continue
            if isinstance(command, Face):  # the screen turns 60° a key: one command a key
                actor = self.session.view.combatant(command.actor)
                if actor is None or actor.facing != command.facing:
                    raise SystemExit(f"typed {command} but faces {actor}")
            elif not made or made[0]["command"] != command_to_json(command):
                raise SystemExit(f"typed {command} but made {made}: "
                                 f"{self.bout.app.state.hint or self.bout.app.state.mode}")
        return self.keys

    def type(self, command: Command) -> bool:
        """The keys for one command, pressed; False when the screen made its own walk."""
        self.kind = str(command_to_json(command)["type"])
        if isinstance(command, Move) and planned is not None and self._walk_and_strike(command):
            return False
        if isinstance(command, Move):
            self._walk(command)
        elif isinstance(command, Attack):
            self._aim(command)
        elif isinstance(command, EndTurn):
            self.press(first_key("end_turn"))
        elif isinstance(command, Face):
            self._face(command)
        else:
            self._other(command)
        return True

    def _walk_and_strike(self, command: Move) -> bool:
        """A walk the AI makes to strike this turn, typed as the aiming that plans one.

        The screen's plan may walk to another hex than the AI's (the best odds): the blow,
        at the same enemy with the same weapon, is what the player chose.
        """
        blow = self._after(command)
        if not isinstance(blow, Attack) or blow.actor != command.actor:
            return False
        if planned.plan(self.session, blow.actor, blow.target, blow.weapon,
                        tuple(blow.options)) is None:
            return False
        made = len(self.session.recorder.steps)
        self.kind = "move_and_attack"
        self._aim(blow)
        kinds = [s["command"]["type"] for s in self.session.recorder.steps[made:]]
        if kinds[:1] != ["move"]:
            raise SystemExit(f"aiming to walk and strike {blow} made {kinds}")
        self.combos += 1
        return True

    def _after(self, command: Command) -> Command | None:
        """The AI's next command once `command` is made (on a copy of the bout so far)."""
        session = self.session
        live = session.live
        assert live.fight is not None
        battle = live.run.battle(live.fight.bout)
        try:
            for step in session.recorder.steps:
                battle.apply(command_from_json(step["command"]))
            battle.apply(command)
            return None if battle.over else battle.decide()
        finally:
            battle.__exit__(None, None, None)
            session.battle.world.activate()

    def _cell(self, h: Hex) -> tuple[int, int] | None:
        """The screen cell of `h` as the last frame drew it, or None when it is off the map."""
        app = self.bout.app
        x, y = hex_to_cell(h, app.origin, app.hex_size)
        return (x, y) if app.map_area is not None and app.map_area.contains(x, y) else None

    def _click(self, h: Hex) -> bool:
        """One click on `h`; False (and no click) when it is off screen."""
        cell = self._cell(h)
        if cell is not None:
            self.press(f"MOUSE_CLICK {cell[0]} {cell[1]}")
        return cell is not None

    def _clicks(self, h: Hex, made: int, tries: int = 3) -> bool:
        """Click `h` until a command is made (a walk or a blow); False when it is off screen."""
        for _ in range(tries):
            if not self._click(h):
                return False
            if len(self.session.recorder.steps) > made:
                return True
        raise SystemExit(f"{tries} clicks on {h} made nothing: {self.bout.app.state.hint}")

    def _walk(self, command: Move) -> None:
        """One walk: a click, a run, a step key, or look mode (x, the cursor, Enter)."""
        view = self.session.view
        actor = view.combatant(command.actor)
        assert actor is not None
        way = direction_to(actor.hex, command.to)
        if self.mouse and hex_distance(actor.hex, command.to) > 1 and \
                self._clicks(command.to, len(self.session.recorder.steps)):
            return
        if hex_distance(actor.hex, command.to) == 1:
            self.press(STEP_KEY[way])
            return
        if running is not None and (running.run_end(self.session, actor.id, way) or
                                    (None, ""))[0] == command.to:
            self.press(RUN_KEY[way])
            return
        self.press(first_key("look"))
        cursor = actor.hex
        while cursor != command.to:
            way = direction_to(cursor, command.to)
            jump = cursor
            for _ in range(JUMP):
                jump = hex_neighbor(jump, way)
            far = JUMP and view.map.terrain(jump) is not None and \
                hex_distance(jump, command.to) == hex_distance(cursor, command.to) - JUMP
            cursor = jump if far else hex_neighbor(cursor, way)
            self.press(RUN_KEY[way] if far else STEP_KEY[way])
        self.press(first_key("confirm"))

    def _aim(self, command: Attack) -> int:
        """a, Tab to the target, w to the weapon, m to the maneuvers, Enter; the keys.

        With the mouse: clicks on the target until aiming at it, w and m, a click to strike.
        """
        start, app = self.keys, self.bout.app
        target = self.session.view.combatant(command.target)
        if self.mouse and target is not None and self._cell(target.hex) is not None:
            for _ in range(3):
                if app.state.target is not None and app.state.target[0] == command.target:
                    break
                self._click(target.hex)
        else:
            self.press(first_key("attack" if not self._ranged(command) else "fire"))
        for _ in range(len(self.session.view.combatants)):
            if app.state.target is not None and app.state.target[0] == command.target:
                break
            self.press(first_key("next_target"))
        for _ in range(8):
            if app.state.target is not None and app.state.target[1] == command.weapon:
                break
            self.press(first_key("next_weapon"))
        for _ in range(8):
            if tuple(app.state.options) == tuple(command.options):
                break
            self.press(first_key("maneuver"))
        if not (self.mouse and target is not None and self._click(target.hex)):
            self.press(first_key("confirm"))
        return self.keys - start

    def _ranged(self, command: Attack) -> bool:
        """Whether the blow is a missile's (fired with f)."""
        actor = self.session.view.combatant(command.actor)
        arms = actor.arms if actor is not None else ()
        return command.weapon < len(arms) and arms[command.weapon].is_ranged

    def _face(self, command: Face) -> None:
        """The turn keys, the shorter way round."""
        actor = self.session.view.combatant(command.actor)
        assert actor is not None
        left = (command.facing - actor.facing) % 6
        key = first_key("turn_left") if left <= 3 else first_key("turn_right")
        for _ in range(left if left <= 3 else 6 - left):
            self.press(key)

    def _other(self, command: Command) -> None:
        """Pick up, kick, stand up, react; draw, reload, use, invoke (a letter if a menu)."""
        data: dict[str, Any] = command_to_json(command)
        kind = str(data["type"])
        if kind == "react":
            self.press("y" if data.get("take") else "n")
        elif kind in SIMPLE:
            self.press(first_key(SIMPLE[kind]))
        elif kind in MENUS:
            self.press(first_key(MENUS[kind]))
            if self.bout.app.state.mode == Mode.MENU:
                choices = [command_to_json(c.command) for c in self.bout.app.state.menu]
                self.press(MENU_KEYS[choices.index(data)])
        else:
            raise SystemExit(f"cannot type {command}")


def run(rules: str, seed: int, steps: int, mouse: bool = False) -> list[Typist]:
    """The typist of each bout of the run, with its counts."""
    library = load_library()
    per_bout: list[Typist] = []
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        live = LiveRun.new(RunConfig(rules, seed, steps=steps), library, saves / NAME)
        while live.phase != "over":
            if live.phase == "route":
                live.go(road(live.run).id)
            elif live.phase == "preview":
                live.begin_bout()
            elif live.phase == "battle":
                typist = Typist(BoutScreen(RunSession(live, saves)), mouse)
                typist.play()
                per_bout.append(typist)
                live.end_bout()
            elif live.camp is not None:
                for choice in policy(live.camp):
                    live.choose(choice)
                live.leave_camp()
        live.close()
    return per_bout


def main(argv: list[str] | None = None) -> int:
    """Print the keys per bout of each run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", action="append", default=None)
    parser.add_argument("--seed", type=int, action="append", default=None)
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--mouse", action="store_true",
                        help="walk and aim with clicks where the hex is on screen")
    args = parser.parse_args(argv)
    results: dict[str, list[int]] = {}
    every: list[int] = []
    kinds: dict[str, int] = {}
    combos = 0
    for rules in args.rules or ["d40", "ap", "adnd", "becmi"]:
        for seed in args.seed or [7]:
            typists = run(rules, seed, args.steps, args.mouse)
            keys = [t.keys for t in typists]
            every += keys
            results[f"{rules} {seed}"] = keys
            for t in typists:
                combos += t.combos
                for kind, n in t.kinds.items():
                    kinds[kind] = kinds.get(kind, 0) + n
            if not args.json:
                print(f"{rules} seed {seed}: {len(keys)} bouts, keys per bout {keys}, "
                      f"mean {statistics.fmean(keys):.1f}")
    mean = statistics.fmean(every) if every else 0.0
    per_kind = {k: round(n / max(1, len(every)), 1) for k, n in sorted(kinds.items())}
    if args.json:
        print(json.dumps({"runs": results, "mean": mean, "per_bout_by_kind": per_kind,
                          "move_and_attack": planned is not None, "combined": combos}))
    else:
        print(f"all: {len(every)} bouts, mean {mean:.1f} keys per bout "
              f"({'with' if planned is not None else 'without'} move-and-attack, "
              f"{combos} walks and blows typed as one)")
        print("keys per bout by what they were for: "
              + ", ".join(f"{k or 'other'} {n}" for k, n in per_kind.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
