"""The key table: every key the game understands, as data, so rebinding is a data change.

Keys are blessed key names (`KEY_TAB`, `KEY_PGUP`, `KEY_KP_7`) or the character typed.
Direction actions are named after the six pointy-top hex directions of `hexgrid.DIRECTIONS`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

# The battle screen's modes a key can work in (the values of `battle.modes.Mode`): the help
# lists, for the mode it was opened from, the bindings tagged with it.
NORMAL, LOOK, TARGET, MENU = "normal", "look", "target", "menu"
EVERY = (NORMAL, LOOK, TARGET, MENU)
MOVING = (NORMAL, LOOK)  # the step keys walk on the map and move the look cursor
AIMING = (TARGET, LOOK)  # cycling and confirming: targets while aiming, combatants in look


@dataclass(frozen=True, slots=True)
class Binding:
    """One action, its keys, its help text and section, and the battle modes it works in."""

    action: str
    keys: tuple[str, ...]
    help: str
    group: str
    modes: tuple[str, ...] = EVERY


BINDINGS: tuple[Binding, ...] = (
    Binding("step_nw", ("y", "7", "KEY_KP_7"), "step north-west", "Move", MOVING),
    Binding("step_ne", ("u", "9", "KEY_KP_9"), "step north-east", "Move", MOVING),
    Binding("step_w", ("h", "4", "KEY_KP_4", "KEY_LEFT"), "step west", "Move", MOVING),
    Binding("step_e", ("l", "6", "KEY_KP_6", "KEY_RIGHT"), "step east", "Move", MOVING),
    Binding("step_sw", ("b", "1", "KEY_KP_1"), "step south-west", "Move", MOVING),
    Binding("step_se", ("n", "3", "KEY_KP_3"), "step south-east", "Move", MOVING),
    Binding("run", ("Y", "U", "H", "L", "B", "N"), "run (look: jump 4)",
            "Move", MOVING),
    Binding("turn_left", ("[", "<"), "turn left (60°)", "Move", (NORMAL,)),
    Binding("turn_right", ("]", ">"), "turn right (60°)", "Move", (NORMAL,)),
    Binding("end_turn", (".", "5", "KEY_KP_5"), "end turn, keep the AP", "Move", (NORMAL,)),
    Binding("stand_up", ("s",), "stand up when prone", "Move", (NORMAL,)),
    Binding("attack", ("a",), "attack: pick a target", "Fight", (NORMAL,)),
    Binding("fire", ("f",), "fire a missile weapon", "Fight", (NORMAL,)),
    Binding("pick_up", ("g", ","), "pick up a weapon here", "Fight", (NORMAL,)),
    Binding("draw", ("d",), "draw a spare weapon", "Fight", (NORMAL,)),
    Binding("reload", ("r",), "reload a crossbow", "Fight", (NORMAL,)),
    Binding("kick", ("K",), "kick a weapon back", "Fight", (NORMAL,)),
    Binding("invoke", ("i",), "invoke an area buff", "Fight", (NORMAL,)),
    Binding("use_item", ("e",), "use an item (potion)", "Fight", (NORMAL,)),
    Binding("auto_fight", ("A",), "auto-fight this turn", "Fight", (NORMAL,)),
    Binding("next_target", ("KEY_TAB",), "next target/combatant", "Aim", AIMING),
    Binding("prev_target", ("KEY_BTAB",), "previous target", "Aim", AIMING),
    Binding("next_weapon", ("w",), "switch weapon", "Aim", (TARGET,)),
    Binding("maneuver", ("m",), "next maneuver", "Aim", (TARGET,)),
    Binding("confirm", ("KEY_ENTER",), "attack / walk there", "Aim", AIMING),
    Binding("cancel", ("KEY_ESCAPE",), "back out", "Aim", (TARGET, LOOK, MENU)),
    Binding("undo", ("KEY_BACKSPACE",), "undo a die-free move", "Move", MOVING),
    Binding("look", ("x", ";"), "look: describe a hex", "Info", (NORMAL, LOOK, TARGET)),
    Binding("log_up", ("KEY_PGUP",), "log: older messages", "Info"),
    Binding("log_down", ("KEY_PGDOWN",), "log: newer messages", "Info"),
    Binding("history", ("p",), "message history", "Info"),
    Binding("help", ("?",), "this help", "Info"),
    Binding("save_quit", ("S",), "save and quit", "Game"),
    Binding("quit", ("Q",), "abandon (asks first)", "Game"),
)

STEPS: dict[str, int] = {
    "step_e": 0, "step_ne": 1, "step_nw": 2, "step_w": 3, "step_sw": 4, "step_se": 5,
}
# Shift and a direction (as in Brogue, DCSS and NetHack): run that way; in look mode the
# cursor jumps `RUN_CURSOR` hexes. The `run` keys name the directions in this order.
RUN_ORDER = (STEPS["step_nw"], STEPS["step_ne"], STEPS["step_w"], STEPS["step_e"],
             STEPS["step_sw"], STEPS["step_se"])
RUN_CURSOR = 4

# In a menu (which spare to draw, which buff to invoke) these pick its entries, in order.
MENU_KEYS = "abcdefghijklmnop"

# Keys a player may try that have no hex meaning; they earn a specific hint.
NO_HEX_KEYS = frozenset({"KEY_UP", "KEY_DOWN", "k", "j", "8", "2", "KEY_KP_8", "KEY_KP_2"})

_LABELS = {
    "KEY_TAB": "Tab", "KEY_BTAB": "Shift-Tab", "KEY_ENTER": "Enter", "KEY_ESCAPE": "Esc",
    "KEY_PGUP": "PgUp", "KEY_PGDOWN": "PgDn", "KEY_LEFT": "Left", "KEY_RIGHT": "Right",
    "KEY_BACKSPACE": "Backspace", " ": "Space",
}


def build(bindings: Iterable[Binding] = BINDINGS) -> dict[str, str]:
    """Map each key to its action; a key bound twice is an error."""
    table: dict[str, str] = {}
    for binding in bindings:
        for key in binding.keys:
            if key in table:
                raise ValueError(f"key {key!r} bound to both {table[key]} and {binding.action}")
            table[key] = binding.action
    return table


KEYMAP: dict[str, str] = build()
ACTIONS = frozenset(b.action for b in BINDINGS)
# The bindings in force: the defaults with the config's changes (`use`); the help lists these.
LIVE: list[Binding] = list(BINDINGS)


def label(key: str) -> str:
    """A key as the help shows it.

    >>> label("KEY_KP_7"), label("KEY_PGUP"), label("y"), label("KEY_HOME")
    ('kp7', 'PgUp', 'y', 'Home')
    """
    if key.startswith("KEY_KP_"):
        return f"kp{key[7:].lower()}"
    if key in _LABELS:
        return _LABELS[key]
    if key.startswith("KEY_"):
        return key[4:].replace("_", " ").title()
    return key


def run_direction(key: str) -> int | None:
    """The direction a `run` key runs in (its place among the run keys), else None.

    >>> run_direction("L"), run_direction("l")
    (0, None)
    """
    keys = next((b.keys for b in LIVE if b.action == "run"), ())
    if key not in keys:
        return None
    default = next(b.keys for b in BINDINGS if b.action == "run")
    if set(keys) <= set(default):  # the defaults, less any key another action took
        keys = default
    return RUN_ORDER[keys.index(key) % len(RUN_ORDER)]


def keys_for(action: str, bindings: Iterable[Binding] | None = None) -> str:
    """The keys of an action as text: 'y 7 kp7'."""
    return " ".join(label(k) for b in (LIVE if bindings is None else bindings)
                    if b.action == action for k in b.keys)


_FIRST = {b.action: label(b.keys[0]) for b in BINDINGS if b.keys}


def rebound(changes: Mapping[str, Sequence[str]]) -> list[Binding]:
    """The default bindings with some actions' keys replaced.

    A key a change takes from another action is removed there; an unknown action or a key
    bound twice within the changes raises ValueError.
    """
    unknown = sorted(set(changes) - ACTIONS)
    if unknown:
        raise ValueError(f"no such action: {', '.join(unknown)}")
    taken = {k for keys in changes.values() for k in keys}
    out = [replace(b, keys=tuple(changes[b.action]) if b.action in changes
                   else tuple(k for k in b.keys if k not in taken)) for b in BINDINGS]
    build(out)
    return out


def use(bindings: Sequence[Binding]) -> None:
    """Put `bindings` in force for every key handler, prompt and help page."""
    table = build(bindings)
    KEYMAP.clear()
    KEYMAP.update(table)
    LIVE[:] = bindings
    _FIRST.clear()
    _FIRST.update({b.action: label(b.keys[0]) for b in bindings if b.keys})


def first_key(action: str) -> str:
    """The first key bound to `action`, as the prompts show it."""
    return _FIRST.get(action, "unbound")
