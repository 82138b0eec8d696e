"""Mouse clicks on the map (SGR mouse reports, read by blessed).

A click looks at a hex and a second click on it walks there or aims; while aiming, a click
picks a target and a second click attacks it.
"""

from __future__ import annotations

from dataclasses import replace

from arena.battle.view import BattleView
from arena.hexgrid import Hex, cell_to_hex
from arena.tui.battle.modes import Mode, UiState
from arena.tui.term.layout import Rect


def parse_click(key: str) -> tuple[int, int] | None:
    """The (column, row) of a 'MOUSE_CLICK col row' key, else None.

    >>> parse_click("MOUSE_CLICK 4 7"), parse_click("y")
    ((4, 7), None)
    """
    parts = key.split()
    if len(parts) != 3 or parts[0] != "MOUSE_CLICK" or not all(p.isdigit() for p in parts[1:]):
        return None
    return int(parts[1]), int(parts[2])


def clicked_hex(view: BattleView, area: Rect | None, origin: tuple[int, int], col: int,
                row: int, size: int = 1) -> Hex | None:
    """The map hex under a click (any cell of its block at hex size `size`), or None off the map."""
    if area is None or not area.contains(col, row):
        return None
    h = cell_to_hex(col, row, origin, size)
    return h if view.map.terrain(h) is not None else None


def click(state: UiState, view: BattleView, h: Hex) -> tuple[UiState, str | None]:
    """The state after a click on `h`, and the action it stands for ('confirm' to commit)."""
    if state.mode == Mode.TARGET:
        for i, (enemy, _) in enumerate(state.targets):
            there = view.combatant(enemy)
            if there is not None and there.hex == h:
                if i == state.index % len(state.targets):
                    return state, "confirm"
                return replace(state, index=i), None
        return replace(state, hint="not a target: click a highlighted enemy, or Esc"), None
    if state.mode in (Mode.NORMAL, Mode.LOOK):
        if state.mode == Mode.LOOK and state.cursor == h:
            return state, "confirm"
        return replace(state, mode=Mode.LOOK, cursor=h, hint=""), None
    return state, None
