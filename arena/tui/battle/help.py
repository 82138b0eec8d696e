"""The help screen: the keys of the mode it came from, the other modes', the guide, the glossary.

Page 1 lists the keys of the mode the help was opened from, page 2 the other modes' keys,
page 3 the map legend and the rules, page 4 the glossary. The key pages ask the session what
it refuses (`Session.unavailable`, the table the App answers those keys from), so the help
never offers a key the battle on screen turns down; each binding names the modes it works in
(`Binding.modes`), so page 1 offers only what works now.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from arena.battle.view import attack_costs
from arena.rules.base import Action
from arena.tui.battle.glossary import glossary_lines
from arena.tui.battle.modes import Mode
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
from arena.tui.term.keymap import EVERY, LIVE, MENU_KEYS, STEPS, Binding, first_key, keys_for
from arena.tui.term.layout import LARGE_HEIGHT, LARGE_WIDTH, Rect
from arena.tui.term.lines import Line, wrapped

PAGES = 4
KEY_COLUMN = 14
# The modes the key pages list, in the order page 2 gives the others; any other mode (none
# opens the help) lists the map's keys.
LISTED = (Mode.NORMAL, Mode.TARGET, Mode.LOOK, Mode.MENU)
WHERE = {Mode.NORMAL: "on the map", Mode.TARGET: "while aiming", Mode.LOOK: "in look mode",
         Mode.MENU: "in a menu"}
DIRECTION = re.compile(r"\b(north-west|north-east|south-west|south-east|west|east)\b")
# Look mode's words for the keys whose binding says what they do on the map.
LOOK_WORDS = {
    "step_nw": "cursor north-west", "step_ne": "cursor north-east", "step_w": "cursor west",
    "step_e": "cursor east", "step_sw": "cursor south-west", "step_se": "cursor south-east",
    "next_target": "next combatant", "prev_target": "previous combatant",
    "confirm": "walk there, or aim", "look": "leave look mode",
}


def shown_mode(mode: Mode) -> Mode:
    """The mode whose keys the help lists when opened from `mode`."""
    return mode if mode in LISTED else Mode.NORMAL


def offered(session: Session, mode: Mode | None = None) -> list[Binding]:
    """The bindings in force whose actions this session takes (those of `mode`, when given)."""
    return [b for b in LIVE if b.action not in session.unavailable
            and (mode is None or mode.value in b.modes)]


def _row(binding: Binding, mode: Mode) -> Line:
    """One binding's keys and what it does in `mode`."""
    words = LOOK_WORDS.get(binding.action, binding.help) if mode == Mode.LOOK else binding.help
    return (f" {keys_for(binding.action):<{KEY_COLUMN}} {words}", palette.TEXT)


def _steps_row(mode: Mode) -> Line:
    """The six step keys on one row, as page 2 lists them."""
    keys = " ".join(first_key(a) for a in ("step_nw", "step_ne", "step_w", "step_e", "step_sw",
                                           "step_se"))
    what = "move the cursor" if mode == Mode.LOOK else "step, or bump to aim"
    return (f" {keys:<{KEY_COLUMN}} {what}", palette.TEXT)


def _collapsed(bindings: Sequence[Binding], mode: Mode) -> list[Line]:
    """Rows of bindings, the six of one move in the six directions on one row (as page 2 has)."""
    rows: list[Line] = []
    done: set[str] = set()
    for b in bindings:
        shape = " ".join(DIRECTION.sub("", b.help).split())
        same = [o for o in bindings if DIRECTION.search(o.help)
                and " ".join(DIRECTION.sub("", o.help).split()) == shape]
        if b.action in done:
            continue
        if len(same) != len(STEPS):
            rows.append(_row(b, mode))
            continue
        done |= {o.action for o in same}
        if b.action in STEPS:
            rows.append(_steps_row(mode))
        else:
            keys = " ".join(first_key(o.action) for o in same)
            rows.append((f" {keys:<{KEY_COLUMN}} {shape}", palette.TEXT))
    return rows


def _extras(mode: Mode, width: int) -> list[Line]:
    """What a mode takes beyond its bindings: a menu's letters, the bump's second step."""
    if mode == Mode.MENU:
        return [(f" {MENU_KEYS[0]}-{MENU_KEYS[-1]:<{KEY_COLUMN - 2}} choose that entry",
                 palette.TEXT)]
    if mode == Mode.TARGET:
        return wrapped(" after a step into an enemy: the same step again attacks, another "
                       "one walks on", palette.DIM, width, indent="   ")
    return []


def _refused(session: Session, bindings: Sequence[Binding], width: int) -> list[Line]:
    """The bindings this battle refuses, each with why, under "Not here"."""
    refused = [b for b in bindings if b.action in session.unavailable and b.keys]
    if not refused:
        return []
    rows: list[Line] = [("Not here", palette.TITLE)]
    for b in refused:
        rows += wrapped(f" {keys_for(b.action)}: {session.unavailable[b.action]}", palette.DIM,
                        width, indent="   ")
    return rows


def _opening(session: Session) -> str:
    """A word on the opening waiting for an answer, when one is."""
    if session.view.reaction is None or not session.player_turn:
        return ""
    return " An enemy's opening waits: y strikes, n lets it pass."


def mode_keys(session: Session, mode: Mode, width: int) -> tuple[str, list[Line]]:
    """Page 1: a heading naming the mode, then its keys by group, then those refused here."""
    mode = shown_mode(mode)
    heading = (f"Keys {WHERE[mode]}: only these work now. Page 2: the other modes' keys."
               + _opening(session))
    listed = offered(session, mode)
    rows: list[Line] = [("Menu", palette.TITLE), *_extras(mode, width)] \
        if mode == Mode.MENU else []
    for n, group in enumerate(dict.fromkeys(b.group for b in listed)):
        rows.append((group, palette.TITLE))
        rows += [_row(b, mode) for b in listed if b.group == group]
        rows += _extras(mode, width) if n == 0 and mode == Mode.TARGET else []
    return heading, rows + _refused(session, [b for b in LIVE if mode.value in b.modes], width)


def other_keys(session: Session, mode: Mode, width: int) -> tuple[str, list[Line]]:
    """Page 2: each other mode's own keys (how to get there in its title), then the refused."""
    mode = shown_mode(mode)
    everywhere = " ".join(first_key(b.action) for b in LIVE if b.modes == EVERY and b.keys)
    heading = f"The other modes' keys. In every mode (page 1): {everywhere}."
    how = {Mode.NORMAL: f"{first_key('cancel')} from the others",
           Mode.TARGET: f"{first_key('attack')}, {first_key('fire')} or a bump",
           Mode.LOOK: first_key("look"),
           Mode.MENU: " ".join(first_key(a) for a in ("draw", "reload", "invoke", "use_item"))}
    rows: list[Line] = []
    for other in (m for m in LISTED if m != mode):
        rows.append((f"{WHERE[other][0].upper()}{WHERE[other][1:]} ({how[other]})",
                     palette.TITLE))
        rows += _extras(other, width) if other == Mode.MENU else []
        rows += _collapsed([b for b in offered(session, other) if b.modes != EVERY], other)
        rows += _extras(other, width) if other == Mode.TARGET else []
    away = [b for b in LIVE if mode.value not in b.modes]
    return heading, rows + _refused(session, away, width)


def key_lines(session: Session, width: int, mode: Mode = Mode.NORMAL) -> list[Line]:
    """Both key pages as one list: `mode`'s keys (and what is refused), the other modes'."""
    head, rows = mode_keys(session, mode, width)
    more_head, more = other_keys(session, mode, width)
    return [*_heading(head, width), *rows, ("", palette.TEXT), *_heading(more_head, width),
            *more]


def _heading(text: str, width: int) -> list[Line]:
    """A key page's heading, wrapped."""
    return wrapped(text, palette.BRIGHT, width, indent="")


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


def _columns(canvas: Canvas, body: Rect, heading: str, rows: Sequence[Line]) -> None:
    """A heading across the page, then `rows` in two columns split at a group title."""
    top = lines(canvas, body, _heading(heading, body.width)) + 1
    column = (body.width - 2) // 2
    height = body.height - top
    split = _split(rows, height)
    left, right = list(rows[:split]), list(rows[split:])
    if right and right[0][1] != palette.TITLE and len(right) < height:  # a group goes on
        group = next((t for t, colour in reversed(left) if colour == palette.TITLE), "")
        right.insert(0, (f"{group} (more)", palette.TITLE))
    if len(right) > height:  # a terminal too short for every key: say so, never cut silently
        right = [*right[:height - 1], (f"… {len(right) - height + 1} more: a taller terminal",
                                       palette.DIM)]
    lines(canvas, Rect(body.x, body.y + top, column, height), left)
    lines(canvas, Rect(body.x + column + 2, body.y + top, column, height), right)


def _split(rows: Sequence[Line], height: int) -> int:
    """Where the second column starts: at the group title best halving `rows` that fits."""
    fits = [i for i, (_, colour) in enumerate(rows) if colour == palette.TITLE and i > 0
            and i <= height and len(rows) - i <= height]
    if fits:
        return min(fits, key=lambda i: abs(2 * i - len(rows)))
    return min(len(rows), height, max(height - 1, (len(rows) + 1) // 2))


def draw(canvas: Canvas, session: Session, page: int, mode: Mode = Mode.NORMAL) -> None:
    """Draw help page `page` (0 `mode`'s keys, 1 the others', 2 the guide, 3 the glossary)."""
    width, height = canvas.width, canvas.height
    more = "any key for the next page, Esc to play" if page + 1 < PAGES else "any key to play"
    title = f" Help, page {page + 1} of {PAGES}: {more}"
    canvas.fill(0, 0, width, 1, " ", palette.TEXT, palette.STATUS_BG)
    canvas.text(0, 0, title, palette.TITLE)
    body = Rect(2, 2, width - 4, height - 3)
    if page in (0, 1):  # the key pages take the last row too
        heading, rows = (mode_keys if page == 0 else other_keys)(session, mode,
                                                                  (body.width - 2) // 2)
        _columns(canvas, Rect(body.x, body.y, body.width, body.height + 1), heading, rows)
    elif page == 2:
        lines(canvas, body, guide_lines(session, body.width))
    else:
        lines(canvas, body, glossary_lines(session.view.ruleset, body.width))
