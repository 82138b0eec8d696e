"""The interface's state between keys: the mode, the cursor, targets, the hint, log scrolling."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from arena.hexgrid import Hex
from arena.model.commands import Command

Mode = Literal["normal", "look", "target", "menu", "help", "confirm_quit", "summary", "more",
               "history"]
Exit = Literal["save", "abandon", "done"]


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

    mode: Mode = "normal"
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

    @property
    def target(self) -> tuple[int, int] | None:
        """The (enemy, weapon slot) being aimed at in target mode."""
        if self.mode != "target" or not self.targets:
            return None
        return self.targets[self.index % len(self.targets)]


@dataclass(frozen=True, slots=True)
class Reaction:
    """What a key did: the new state, maybe a command for the battle, maybe leaving the game."""

    state: UiState
    command: Command | None = None
    exit: Exit | None = None
