"""The interface's state between keys: the mode, the cursor, targets, the hint, log scrolling."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from arena.hexgrid import Hex
from arena.model.commands import Command


class Mode(Enum):
    """What the keys do now, and what the screen shows for it."""

    NORMAL = "normal"  # step, turn, end the turn, enter another mode
    LOOK = "look"  # a cursor over the map, describing the hex under it
    TARGET = "target"  # aiming: the enemies to cycle through, the odds in the panel
    MENU = "menu"  # a lettered menu (draw, reload, invoke, use)
    HELP = "help"  # the help pages
    CONFIRM_QUIT = "confirm_quit"  # asking whether to abandon
    CONFIRM_END = "confirm_end"  # asking whether to end a turn that could still strike
    SUMMARY = "summary"  # the end of the battle
    MORE = "more"  # --more--: important lines paging past
    HISTORY = "history"  # the whole message history


class Exit(Enum):
    """How the player left the battle screen."""

    SAVE = "save"  # saved to play on later
    ABANDON = "abandon"  # given up
    DONE = "done"  # left once it was over (or the input ended)


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of a menu: what it shows and the command it issues."""

    label: str
    command: Command


@dataclass(frozen=True, slots=True)
class UiState:
    """Everything the screen shows besides the battle itself; replaced, never mutated.

    `options` are the maneuvers chosen for the attack being aimed; `title` and `menu` the
    question and the entries of menu mode; `bump` the step key's action when a step into an
    enemy opened aiming (the same step again commits, as Enter does).
    """

    mode: Mode = Mode.NORMAL
    cursor: Hex | None = None
    targets: tuple[tuple[int, int], ...] = ()
    index: int = 0
    fire: bool = False
    hint: str = ""
    log_offset: int = 0
    last_target: int | None = None
    options: tuple[str, ...] = ()
    title: str = ""
    menu: tuple[Choice, ...] = ()
    bump: str = ""  # the step action that opened aiming: that step again attacks
    hover: Hex | None = None  # the map hex under the mouse pointer (the panel describes it)
    help_from: Mode = Mode.NORMAL  # the mode the help was opened from: it lists its keys

    @property
    def target(self) -> tuple[int, int] | None:
        """The (enemy, weapon slot) being aimed at in target mode."""
        if self.mode != Mode.TARGET or not self.targets:
            return None
        return self.targets[self.index % len(self.targets)]


@dataclass(frozen=True, slots=True)
class Reaction:
    """What a key did: the new state, maybe a command for the battle, maybe leaving the game."""

    state: UiState
    command: Command | None = None
    exit: Exit | None = None
    note: str = ""  # said once the command is made (a walk cut short by the AP)
    then: Command | None = None  # the blow struck after a planned walk (move-and-attack)
