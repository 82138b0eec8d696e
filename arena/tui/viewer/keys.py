"""The replay viewer's keys, as data (Brogue's playback keys); its help page lists them.

These keys are the viewer's own: `h`/`l` step through the replay here, not across the map.
Look, aim, help, the message history and log scrolling are the game's actions, so a
rebinding in the config (`[keys]`, arena/tui/term/config.py) moves them here too.
"""

from __future__ import annotations

from arena.tui.term import palette
from arena.tui.term.keymap import Binding, build, first_key, keys_for, label
from arena.tui.term.lines import Line, wrapped

VIEWER_BINDINGS: tuple[Binding, ...] = (
    Binding("play", (" ",), "play / pause", "Playback"),
    Binding("slower", ("j",), "slower", "Playback"),
    Binding("faster", ("k",), "faster", "Playback"),
    Binding("forward", ("l", "KEY_RIGHT"), "one command on", "Playback"),
    Binding("back", ("h", "KEY_LEFT"), "one command back", "Playback"),
    Binding("turn_forward", ("L",), "to the next turn", "Playback"),
    Binding("turn_back", ("H",), "back to a turn's start", "Playback"),
    Binding("round_forward", ("]",), "to the next round", "Playback"),
    Binding("round_back", ("[",), "back to a round's start", "Playback"),
    Binding("go", ("g",), "go to r12 / c340 / 340", "Playback"),
    Binding("start", ("KEY_HOME",), "the opening", "Playback"),
    Binding("end", ("KEY_END",), "the end", "Playback"),
    Binding("next_bout", (">",), "next bout of a run", "Playback"),
    Binding("prev_bout", ("<",), "previous bout of a run", "Playback"),
    Binding("continue", ("c",), "continue from here", "Playback"),
    Binding("whatif", ("w",), "what if (next command)", "Playback"),
    Binding("branches", ("B",), "branches of the replay", "Playback"),
    Binding("leave", ("q", "Q"), "leave the viewer", "Playback"),
)

VIEWER_KEYMAP: dict[str, str] = build(VIEWER_BINDINGS)

# The game's actions the viewer also takes (their keys as the config binds them).
GAME_ACTIONS = ("look", "attack", "fire", "history", "log_up", "log_down", "help")
GAME_HELP = {
    "look": "look at any hex",
    "attack": "aim: the odds now",
    "fire": "aim a missile weapon",
    "history": "message history",
    "log_up": "log: older messages",
    "log_down": "log: newer messages",
    "help": "this help",
}
KEY_COLUMN = 11
GUIDE = ("g asks where to go: r12 is round 12's first command, c340 or 340 the point after "
         "command 340. c asks which side you take, then you play on from this point in the "
         "game; the new replay, under saves/, names this file as its parent. w: the next command "
         "with dice 1,20, e (end turn) or JSON; s saves it. B: Enter, p, d a branch.")


def help_lines(width: int) -> list[Line]:
    """The viewer's keys, then the game's keys it takes, each with what it does."""
    rows: list[Line] = [("Playback", palette.TITLE)]
    for binding in VIEWER_BINDINGS:
        keys = " ".join(label(k) for k in binding.keys)
        rows.append((f" {keys:<{KEY_COLUMN}} {binding.help}", palette.TEXT))
    rows.append(("Looking", palette.TITLE))
    rows += [(f" {keys_for(action):<{KEY_COLUMN}} {GAME_HELP[action]}", palette.TEXT)
             for action in GAME_ACTIONS]
    rows.append(("", palette.TEXT))
    for paragraph in (GUIDE, f"Look and aim use the game's keys; {first_key('cancel')} goes "
                      "back. Nothing done here changes the replay."):
        rows += wrapped(paragraph, palette.DIM, width, indent="")
    return rows


def key_hint(continues: bool = True, what_if: bool = True, bouts: bool = False) -> str:
    """The prompt line's reminder of the main keys (the status line ends in '? help').

    A key is shown only where it works now: `c` (play on) not on a branch or after the end,
    `w` (what if) not after the last command, `<`/`>` only in a run record of several bouts.
    """
    offered = [*(["c play on"] if continues else []), *(["w what if"] if what_if else []),
               *(["</> bout"] if bouts else [])]
    return "  ".join(["space play  h/l step  H/L turn  [/] round  g go", *offered,
                      f"{first_key('look')} look  {first_key('attack')} aim"])
