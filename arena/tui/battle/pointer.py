"""The mouse on the map (SGR mouse reports, read by blessed), as Brogue and DCSS use it.

Hovering looks (the panel describes the hex, the map shows the walk there); a click on a hex
walks there, a click on an enemy aims at it and a second click attacks (or walks and
strikes); while aiming, a click picks a target and a second click attacks it. In look mode
the cursor follows the pointer and a click does what Enter does. The wheel and the right
button are keys already (`terminal.key_names`: PgUp/PgDn, Escape).
"""

from __future__ import annotations

from dataclasses import replace

from arena.battle.view import BattleView
from arena.hexgrid import Hex, cell_to_hex
from arena.tui.battle.modes import Mode, UiState
from arena.tui.term.layout import Rect


def parse_click(key: str, kind: str = "MOUSE_CLICK") -> tuple[int, int] | None:
    """The (column, row) of a 'MOUSE_CLICK col row' key (or another `kind`), else None.

    >>> parse_click("MOUSE_CLICK 4 7"), parse_click("y"), parse_click("MOUSE_MOVE 1 2")
    ((4, 7), None, None)
    """
    parts = key.split()
    if len(parts) != 3 or parts[0] != kind or not all(p.isdigit() for p in parts[1:]):
        return None
    return int(parts[1]), int(parts[2])


def hover(state: UiState, h: Hex | None) -> UiState:
    """The state with the pointer over `h` (None: off the map): look mode moves its cursor."""
    if state.mode == Mode.LOOK and h is not None:
        return replace(state, cursor=h, hover=h)
    return replace(state, hover=h) if state.hover != h else state


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
    if state.mode == Mode.LOOK:
        if state.cursor == h:
            return state, "confirm"
        return replace(state, cursor=h, hint=""), None
    if state.mode == Mode.NORMAL:
        there = view.standing_at(h)
        actor = view.combatant(view.active)
        if there is not None and actor is not None and there.side != actor.side:
            return replace(state, last_target=there.id, hint=""), "attack"
        if there is not None:  # one's own side: look at them
            return replace(state, mode=Mode.LOOK, cursor=h, hint=""), None
        return replace(state, mode=Mode.LOOK, cursor=h, hint=""), "confirm"  # walk there
    return state, None
