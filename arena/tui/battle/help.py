"""The help screen: the keys this battle takes (page 1), the map legend and the rules (page 2).

Both pages ask the session what it refuses (`Session.unavailable`, the table the App answers
those keys from), so the help never offers a key the battle on screen turns down.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.battle.view import attack_costs
from arena.rules.base import Action
from arena.tui.battle.glossary import glossary_lines
from arena.tui.battle.panels import lines
from arena.tui.battle.render import (
    CORPSE_GLYPH,
    CURSOR_MARKS,
    FACING_ARROWS,
    HEALTH_BARS,
    ITEM_GLYPH,
    TARGET_MARK,
    TARGET_MARK_RIGHT,
)
from arena.tui.battle.session import Session
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.keymap import LIVE, Binding, first_key, keys_for
from arena.tui.term.layout import LARGE_HEIGHT, LARGE_WIDTH, Rect
from arena.tui.term.lines import Line, wrapped

PAGES = 3
KEY_COLUMN = 14


def offered(session: Session) -> list[Binding]:
    """The bindings in force whose actions this session takes: the ones the help lists."""
    return [b for b in LIVE if b.action not in session.unavailable]


def key_lines(session: Session, width: int) -> list[Line]:
    """The keymap's groups with the actions the session takes, then those it refuses and why."""
    listed = offered(session)
    rows: list[Line] = []
    for group in dict.fromkeys(b.group for b in listed):
        rows.append((group, palette.TITLE))
        rows += [(f" {keys_for(b.action):<{KEY_COLUMN}} {b.help}", palette.TEXT)
                 for b in listed if b.group == group]
    refused = [(keys_for(b.action), session.unavailable[b.action]) for b in LIVE
               if b.action in session.unavailable and b.keys]
    if refused:
        rows.append(("Not here", palette.TITLE))
        for keys, why in refused:
            rows += wrapped(f" {keys}: {why}", palette.DIM, width, indent="   ")
    return rows


# Reactions exist only where the rule document has them; the prompt names them as they come.
REACTIONS = {
    "ap": "An enemy acting openly next to one of yours may be struck: y or n.",
    "becmi": "A set spear may strike first at a charging enemy: y or n.",
}


def _grouped(costs: Mapping[str, int | None]) -> str:
    """The commonest price, then the weapons priced otherwise: '4 AP (longbow 6)'."""
    prices = [c for _, c in sorted(costs.items())]
    common = max(prices, key=lambda c: (prices.count(c), c is not None, c or 0))
    odd = [f"{n} {'never' if c is None else c}" for n, c in sorted(costs.items()) if c != common]
    head = "never" if common is None else f"{common} AP"
    return head + (f" ({', '.join(odd)})" if odd else "")


def costs_text(session: Session) -> str:
    """What actions cost in this ruleset: each weapon's attack as the ruleset prices it."""
    ruleset = session.battle.ruleset
    costs = []
    actions: tuple[tuple[Action, str], ...] = (
        ("move", "a step"), ("face", "turning"), ("pick_up", "picking up"),
        ("draw", "drawing a spare"), ("reload", "reloading"),
    )
    for action, name in actions:
        cost = ruleset.action_cost(action, None, False)
        costs.append(f"{name} {cost} AP" if cost is not None else f"{name}: not allowed")
    attacks, once = attack_costs(session.battle)
    if attacks:
        costs.append("an attack " + _grouped({a.weapon: a.own for a in attacks}))
        off = {a.weapon: a.off for a in attacks if a.off is not None}
        if off:
            costs.append("striking off-turn " + _grouped(off))
    text = ", ".join(costs) + "."
    if once:
        text += f" Whatever AP are left, a combatant attacks once per turn in {ruleset.name}."
    return text


def _taking_back(session: Session) -> str:
    """What undo and auto-fight do here, or why this battle has no undo."""
    refused = session.unavailable.get("undo")
    text = (f"{first_key('undo')} takes back a step or turn that rolled no die." if refused is None
            else f"{refused[:1].upper()}{refused[1:]}.")
    if "auto_fight" not in session.unavailable:
        text += f" {first_key('auto_fight')} auto-fights: the AI plays your combatant's turn."
    return text


def guide_lines(session: Session, width: int) -> list[Line]:
    """The map legend, what actions cost in this ruleset, and how to play."""
    ruleset = session.battle.ruleset
    terrain = sorted({(t.glyph, t.name) for t in session.view.map.cells.values()})
    sides = session.view.sides
    prose = [
        f"Goal: defeat every enemy. UPPER case letters are {sides[0].name}, lower case the "
        f"other side. The arrow ({' '.join(FACING_ARROWS)}) is the facing; reverse video: "
        f"who acts now; {TARGET_MARK}: the target; {ITEM_GLYPH} a weapon, {CORPSE_GLYPH} "
        "someone fallen. Terrain: "
        + ", ".join(f"{g} {n}" for g, n in terrain) + ".",
        f"Each turn refills your action points (AP). Costs ({ruleset.name}): "
        f"{costs_text(session)} {first_key('end_turn')} ends the turn; unspent AP is kept. "
        + _taking_back(session),
        "Step into an enemy to see the odds, again to attack. "
        f"{first_key('attack')}/{first_key('fire')} aims: Tab picks a target, "
        f"{first_key('maneuver')} a maneuver; the panel shows your chance; Enter attacks. "
        f"{first_key('look')} moves a cursor; Enter walks there. Mouse: click a hex to look, "
        "again to walk, aim or attack. " + REACTIONS.get(ruleset.name, ""),
        "Log lines marked ! hit your side; --more-- waits before they scroll away; "
        f"{first_key('history')}: all messages. Palettes, pauses, mouse, keys: `arena config`. "
        "arena play --accessible: no map, plain lines for screen readers. "
        f"{session.saving}; {first_key('save_quit')} saves and quits.",
    ]
    if width >= LARGE_WIDTH - 4:  # the larger map's marks, on a terminal that can show it
        bars = ", ".join(f"{bar.rstrip()} {word}" for word, bar in HEALTH_BARS.items())
        prose[0] += (f" From {LARGE_WIDTH}x{LARGE_HEIGHT} the map is drawn larger when it fits: "
                     f"the bar under a letter is its health ({bars}); "
                     f"{' '.join(CURSOR_MARKS)} the look cursor; {TARGET_MARK} "
                     f"{TARGET_MARK_RIGHT} the target.")
    rows: list[Line] = [("How to play", palette.TITLE)]
    for paragraph in prose:
        rows += wrapped(paragraph, palette.TEXT, width, indent="")
        rows.append(("", palette.TEXT))
    return rows[:-1]


def draw(canvas: Canvas, session: Session, page: int) -> None:
    """Draw help page `page` (0 the keys, 1 the guide, 2 the glossary) over the whole screen."""
    width, height = canvas.width, canvas.height
    more = "any key for the next page, Esc to play" if page + 1 < PAGES else "any key to play"
    title = f" Help, page {page + 1} of {PAGES}: {more}"
    canvas.fill(0, 0, width, 1, " ", palette.TEXT, palette.STATUS_BG)
    canvas.text(0, 0, title, palette.TITLE)
    body = Rect(2, 2, width - 4, height - 3)
    if page == 0:
        column = (body.width - 2) // 2
        rows = key_lines(session, column)
        half = (len(rows) + 1) // 2
        split = next((i for i in range(half, len(rows)) if rows[i][1] == palette.TITLE), half)
        lines(canvas, Rect(body.x, body.y, column, body.height), rows[:split])
        lines(canvas, Rect(body.x + column + 2, body.y, column, body.height), rows[split:])
    elif page == 1:
        lines(canvas, body, guide_lines(session, body.width))
    else:
        lines(canvas, body, glossary_lines(session.view.ruleset, body.width))
