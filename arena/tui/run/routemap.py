r"""The run's map as a page: the act drawn in characters, and a line or two per road to take.

Each step of the act is a column, each node a letter (`F` fight, `E` elite, `C` camp, `?`
event, `$` merchant, `B` boss); the roads open now are numbered, the nodes behind the party
are `*`, where it stands is `@`, and `-`, `/`, `\` join a node to those it leads to. Below,
each road: its kind and theme, the foes and their threat against the party as it stands now,
the reward, and the kinds of the nodes beyond it.
"""

from __future__ import annotations

from arena.run.engine import Run
from arena.run.foresight import Foresight
from arena.run.route import ACT, BOSS, CAMP, ELITE, EVENT, FIGHT, MERCHANT, Node
from arena.text import counted
from arena.tui.run.camp import roster_lines
from arena.tui.run.page import Option, Page
from arena.tui.term import palette
from arena.tui.term.lines import Line

GLYPH = {FIGHT: "F", ELITE: "E", CAMP: "C", EVENT: "?", MERCHANT: "$", BOSS: "B"}
NAMES = {FIGHT: "Fight", ELITE: "Elite fight", CAMP: "Camp", EVENT: "Event", MERCHANT: "Merchant",
         BOSS: "Boss"}
COLUMN = 11  # characters between two steps' nodes
ROWS = 3  # node rows: a step's lanes are centred on them


def _row(node: Node, count: int) -> int:
    """The node row of `node` in a step of `count` nodes: one in the middle, two at the edges."""
    return 1 if count == 1 else node.lane * (ROWS - 1) // (count - 1)


def act_lines(run: Run, ways: list[Node]) -> list[str]:
    """The act the party is in (or enters), one text line per grid row."""
    step = max(1, run.step + (1 if run.here is None or run.here.kind == BOSS else 0))
    first = (step - 1) // ACT * ACT + 1
    span = [s for s in range(first, first + ACT) if s <= run.route.last]
    width = 4 + COLUMN * len(span)
    grid = [[" "] * width for _ in range(2 * ROWS - 1)]
    walked = {n.id for n in run.path}
    numbered = {n.id: str(k) for k, n in enumerate(ways, 1)}
    for col, s in enumerate(span):
        nodes = run.route.step_nodes(s)
        x = 4 + col * COLUMN
        for n in nodes:
            y = 2 * _row(n, len(nodes))
            mark = "@" if run.here is not None and n.id == run.here.id else \
                "*" if n.id in walked else numbered.get(n.id, " ")
            grid[y][x - 1], grid[y][x] = mark, GLYPH[n.kind]
            if s + 1 in span:
                _roads(grid, n, y, x, run.route.step_nodes(s + 1))
    header = "".join(f"{'step ' + str(s):<{COLUMN}}" for s in span)
    return [f"Act {(first - 1) // ACT + 1}:  " + header.rstrip(),
            *("".join(r).rstrip() for r in grid)]


def _roads(grid: list[list[str]], n: Node, y: int, x: int, after: list[Node]) -> None:
    """Draw the roads from node `n` (at row `y`, column `x`) to the next step's nodes."""
    for m in after:
        if m.id not in n.leads:
            continue
        to = 2 * _row(m, len(after))
        if to == y:
            for i in range(x + 2, x + COLUMN - 1):
                grid[y][i] = "-"
            continue
        glyph, down = ("\\", 1) if to > y else ("/", -1)
        for r in range(y + down, to, down):  # the rows between, on the straight line
            cell = x + round((r - y) / (to - y) * COLUMN)
            grid[r][cell] = "X" if grid[r][cell] in ("/", "\\") and grid[r][cell] != glyph \
                else glyph


def road_lines(k: int, seen: Foresight) -> list[Line]:
    """One road to take: kind, theme, reward, what lies beyond, the foes against the party."""
    node = seen.node
    beyond = "a new act" if seen.beyond == ("any",) else ", ".join(
        NAMES[b].lower() for b in seen.beyond) or "the end of the run"
    lines: list[Line] = [(f"{k}) {NAMES[node.kind]}, {node.theme} - reward: "
                          f"{seen.reward} - beyond: {beyond}", palette.TITLE)]
    if seen.foes:
        names = ", ".join(f.name for f in seen.foes)
        lines.append((f"   {counted(len(seen.foes), 'foe')}: {names} - threat "
                      f"{seen.foe_strength} against your {seen.party_strength} now: "
                      f"{seen.odds}", palette.BAD))
    return lines


def scouted_lines(run: Run) -> list[Line]:
    """What scouting has shown beyond the roads open: each node's foes and odds, step by step."""
    steps = range(run.step + 2, min(run.sight, run.route.last) + 1)
    if not steps:
        return []
    lines: list[Line] = [("", palette.TEXT), ("Scouted ahead:", palette.TITLE)]
    for step in steps:
        for node in run.route.step_nodes(step):
            seen = run.foresee(node)
            foes = f"{counted(len(seen.foes), 'foe')}, threat {seen.foe_strength}: {seen.odds}" \
                if seen.foes else seen.reward
            lines.append((f"  step {step} {GLYPH[node.kind]} {NAMES[node.kind].lower()}, "
                          f"{node.theme} - {foes}", palette.TEXT))
    return lines


def route_page(run: Run) -> Page:
    """Choose the next node: the map, each road open with what is known of it, the party."""
    ways = run.options()
    drawing = act_lines(run, ways)
    body: list[Line] = [(line, palette.TEXT) for line in drawing]
    body.append(("F fight E elite C camp ? event $ merchant B boss  @ you * behind 1-3 roads",
                 palette.DIM))
    body.append(("", palette.TEXT))
    for k, node in enumerate(ways, 1):
        body += road_lines(k, run.foresee(node))
    body += scouted_lines(run)
    body += [("", palette.TEXT), (f"Your party ({run.purse.coin} coin):", palette.TITLE),
             *roster_lines(run.party, 76)]
    length = "endless" if run.config.endless else f"of {run.route.last}"
    options = [Option(str(k), f"{NAMES[n.kind].lower()}, {n.theme}", n.id)
               for k, n in enumerate(ways, 1)]
    options.append(Option("q", "leave the run for now (it is saved)", "leave"))
    return Page(f"The road: step {run.step + 1} {length} (run seed {run.config.seed})", body,
                options, back="leave",
                hint=f"1-{len(ways)} or up/down and Enter: take the road  q/Esc: leave for now",
                art=len(drawing) + 1)  # the map and its legend: not read aloud
