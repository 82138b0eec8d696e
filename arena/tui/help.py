"""The help screen: every key of the keymap (page 1), the map legend and the rules (page 2)."""

from __future__ import annotations

from arena.rules.base import Action
from arena.tui import palette
from arena.tui.canvas import Canvas
from arena.tui.keymap import BINDINGS, first_key, keys_for
from arena.tui.layout import Rect
from arena.tui.panels import Line, lines
from arena.tui.render import CORPSE_GLYPH, FACING_ARROWS, ITEM_GLYPH
from arena.tui.session import Session
from arena.tui.text import wrap

PAGES = 2
KEY_COLUMN = 14


def key_lines() -> list[Line]:
    """Each group of the keymap: a heading, then one line per action with all its keys."""
    rows: list[Line] = []
    for group in dict.fromkeys(b.group for b in BINDINGS):
        rows.append((group, palette.TITLE))
        rows += [(f" {keys_for(b.action):<{KEY_COLUMN}} {b.help}", palette.TEXT)
                 for b in BINDINGS if b.group == group]
    return rows


def guide_lines(session: Session, width: int) -> list[Line]:
    """The map legend, what actions cost in this ruleset, and how to play."""
    ruleset = session.battle.ruleset
    costs = []
    actions: tuple[tuple[Action, str], ...] = (
        ("move", "a step"), ("melee", "a melee attack"), ("ranged", "a shot"),
        ("face", "turning"), ("pick_up", "picking up"), ("draw", "drawing a spare"),
        ("reload", "reloading"),
    )
    for action, name in actions:
        cost = ruleset.action_cost(action, None, False)
        costs.append(f"{name} {cost} AP" if cost is not None else f"{name}: not allowed")
    terrain = sorted({(t.glyph, t.name) for t in session.view.map.cells.values()})
    prose = [
        "Goal: defeat every enemy. Letters are combatants in their side's colour; the arrow "
        f"right of one ({' '.join(FACING_ARROWS)}) is where it faces. The highlighted one acts "
        f"now. {ITEM_GLYPH} is a weapon on the ground, {CORPSE_GLYPH} someone fallen. Terrain: "
        + ", ".join(f"{g} {n}" for g, n in terrain) + ".",
        f"Each turn refills your action points (AP). Costs ({ruleset.name}): "
        + ", ".join(costs) + f". {first_key('end_turn')} ends the turn; unspent AP is kept.",
        "Step into an enemy to attack it with your best weapon in reach. "
        f"{first_key('attack')} or {first_key('fire')} aims: Tab picks a target, "
        f"{first_key('maneuver')} a maneuver, and the side panel shows the roll you need and "
        "your chance; Enter attacks, Esc backs out. "
        f"{first_key('look')} moves a cursor that describes any hex and the AP to walk there; "
        "Enter walks there. When an enemy acts openly next to one of yours (walks away, "
        "say), you may be asked to strike it: y or n.",
        "Every command is written to saves/ as you play: if the terminal dies, run arena again "
        f"to resume. {first_key('save_quit')} saves and quits.",
    ]
    rows: list[Line] = [("How to play", palette.TITLE)]
    for paragraph in prose:
        rows += [(part, palette.TEXT) for part in wrap(paragraph, width, indent="")]
        rows.append(("", palette.TEXT))
    return rows


def draw(canvas: Canvas, session: Session, page: int) -> None:
    """Draw help page `page` (0 or 1) over the whole screen."""
    width, height = canvas.width, canvas.height
    more = "any key for the next page, Esc to play" if page + 1 < PAGES else "any key to play"
    title = f" Help, page {page + 1} of {PAGES}: {more}"
    canvas.fill(0, 0, width, 1, " ", palette.TEXT, palette.STATUS_BG)
    canvas.text(0, 0, title, palette.TITLE)
    body = Rect(2, 2, width - 4, height - 3)
    if page == 0:
        rows = key_lines()
        half = (len(rows) + 1) // 2
        split = next((i for i in range(half, len(rows)) if rows[i][1] == palette.TITLE), half)
        column = (body.width - 2) // 2
        lines(canvas, Rect(body.x, body.y, column, body.height), rows[:split])
        lines(canvas, Rect(body.x + column + 2, body.y, column, body.height), rows[split:])
    else:
        lines(canvas, body, guide_lines(session, body.width))
