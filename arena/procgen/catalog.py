"""One catalog line per seed (`arena gen --catalog`): what a tester compares between versions."""

from __future__ import annotations

from arena.procgen.checks import passable, zone_distance
from arena.procgen.generate import Generated

COLUMNS = ("seed", "shape", "theme", "radius", "open", "walls", "water", "wells", "pits",
           "hard_pct", "deploy_dist", "roster", "threat", "retries")


def catalog_row(seed: int, made: Generated) -> dict[str, str]:
    """The catalog fields of one generated scenario, as text."""
    m = made.scenario.map
    cells = list(m.cells.values())
    ground = passable(m)
    hard = sum(1 for h in ground if m.cells[h].surface == "hard")
    blocked_solid = sum(1 for t in cells if t.blocks_move and not t.hazard)
    sides = [[c.glyph for c in made.scenario.combatants if c.side == s] for s in (0, 1)]
    enc = made.encounter
    return {
        "seed": str(seed), "shape": made.shape, "theme": made.theme.id, "radius": str(m.radius),
        "open": str(len(ground)), "walls": str(blocked_solid),
        "water": str(sum(1 for t in cells if t.id == "water")),
        "wells": str(sum(1 for t in cells if t.id == "well")),
        "pits": str(sum(1 for t in cells if t.id == "pit")),
        "hard_pct": str(round(100 * hard / len(ground))),
        "deploy_dist": str(zone_distance(*made.zones)),
        "roster": "".join(sides[0]) + "/" + "".join(sides[1]),
        "threat": f"{enc.company_threat}/{enc.foe_threat}", "retries": str(made.retries),
    }


def catalog_text(rows: list[dict[str, str]], csv: bool) -> str:
    """Rows as CSV (with a header) or as aligned columns."""
    if csv:
        lines = [",".join(COLUMNS), *(",".join(r[c] for c in COLUMNS) for r in rows)]
        return "\n".join(lines) + "\n"
    widths = {c: max(len(c), *(len(r[c]) for r in rows)) for c in COLUMNS}
    head = "  ".join(c.ljust(widths[c]) for c in COLUMNS).rstrip()
    body = ["  ".join(r[c].ljust(widths[c]) for c in COLUMNS).rstrip() for r in rows]
    return "\n".join([head, *body]) + "\n"
