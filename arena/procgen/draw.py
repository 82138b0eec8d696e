"""The text picture `arena gen` prints: the map as the game draws it, a legend and the roster."""

from __future__ import annotations

from arena.hexgrid import FACING_NAMES, hex_to_cell
from arena.model.scenario import CombatantSpec, Scenario
from arena.procgen.threat import side_strength


def map_lines(scenario: Scenario) -> list[str]:
    """The map in characters: pointy-top hexes two columns apart, rows offset, as in the game."""
    radius = scenario.map.radius
    width, height = 4 * radius + 1, 2 * radius + 1
    grid = [[" "] * width for _ in range(height)]
    origin = (2 * radius, radius)
    for h, terrain in scenario.map.cells.items():
        col, row = hex_to_cell(h, origin)
        grid[row][col] = terrain.glyph
    for c in scenario.combatants:
        col, row = hex_to_cell(c.at, origin)
        grid[row][col] = c.glyph
    return ["".join(row).rstrip() for row in grid]


def legend_lines(scenario: Scenario) -> list[str]:
    """One entry per terrain kind on the map: glyph, name and what it does to the rules."""
    kinds = {t.id: t for t in scenario.map.cells.values()}
    out = []
    for ident in sorted(kinds):
        t = kinds[ident]
        notes = [t.surface] + [word for flag, word in (
            (t.blocks_move, "blocks movement"), (t.blocks_sight, "blocks sight"),
            (t.obstacle, "weapons rebound"), (t.hazard, "weapons are lost"),
            (t.cover > 0, f"cover {t.cover}/4"),
            (t.move_cost > 1, f"difficult ground: a step costs {t.move_cost}x")) if flag]
        out.append(f"  {t.glyph}  {t.name} ({', '.join(notes)})")
    return out


def _arms(c: CombatantSpec) -> str:
    """Weapons, then armour."""
    arms = ", ".join(w.name for w in c.weapons)
    return arms + (f"; {c.armour.name}" if c.armour is not None else "")


def roster_lines(scenario: Scenario, threats: dict[int, int], roles: dict[int, str]) -> list[str]:
    """Each side, then one line per combatant: glyph, name, role, hex, facing, HP, arms, threat."""
    out = []
    for index, side in enumerate(scenario.sides):
        members = [(i, c) for i, c in enumerate(scenario.combatants) if c.side == index]
        total = side_strength(threats[i] for i, _ in members)
        out.append(f"Side {index}: {side.name} (threat {total})")
        for i, c in members:
            role = f" [{roles[i]}]" if roles.get(i, "soldier") != "soldier" else ""
            out.append(f"  {c.glyph} {c.name}{role} at [{c.at.q}, {c.at.r}] facing "
                       f"{FACING_NAMES[c.facing]}, {c.hp} HP, speed {c.speed}: {_arms(c)}"
                       f" (threat {threats[i]})")
    return out
