"""The battle in plain sentences for a screen reader: who is where, in the movement keys' words.

Directions are the six hex directions the step keys are named after (`keymap.STEPS`): a hex
off those six lines is given as the two steps that reach it ('3 hexes: 2 east, 1 north-east').
"""

from __future__ import annotations

from arena.battle.view import CombatantView
from arena.hexgrid import DIRECTIONS, Hex, hex_distance
from arena.tui.battle.describe import health, weapon_text
from arena.tui.battle.session import Session

# hexgrid.DIRECTIONS order, named as the step keys' help names them ("step north-east").
DIRECTION_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")


def _steps(vector: Hex) -> list[tuple[int, int]]:
    """The vector as counts along two neighbouring directions: [(count, direction), ...]."""
    for i in range(6):
        a, b = DIRECTIONS[i], DIRECTIONS[(i + 1) % 6]
        det = a.q * b.r - b.q * a.r
        m = (vector.q * b.r - b.q * vector.r) // det
        n = (a.q * vector.r - vector.q * a.r) // det
        if m >= 0 and n >= 0 and a.q * m + b.q * n == vector.q and a.r * m + b.r * n == vector.r:
            return sorted([(m, i), (n, (i + 1) % 6)], key=lambda p: -p[0])
    return []


def bearing(here: Hex, there: Hex) -> str:
    """Where `there` lies from `here`, in hexes and step directions.

    >>> bearing(Hex(0, 0), Hex(3, -3)), bearing(Hex(0, 0), Hex(3, -1))
    ('3 hexes north-east', '3 hexes: 2 east, 1 north-east')
    >>> bearing(Hex(0, 0), Hex(-1, 0)), bearing(Hex(2, 2), Hex(2, 2))
    ('1 hex west', 'here')
    """
    distance = hex_distance(here, there)
    if distance == 0:
        return "here"
    parts = [(n, d) for n, d in _steps(Hex(there.q - here.q, there.r - here.r)) if n]
    size = f"{distance} hex{'es' if distance != 1 else ''}"
    if len(parts) == 1:
        return f"{size} {DIRECTION_NAMES[parts[0][1]]}"
    return f"{size}: " + ", ".join(f"{n} {DIRECTION_NAMES[d]}" for n, d in parts)


def kind(session: Session, c: CombatantView) -> str:
    """'enemy archer', 'your swordsman', or with several sides played, 'Gold swordsman'."""
    specs = session.battle.scenario.combatants
    role = specs[c.id - 1].template.replace("_", " ") if 0 < c.id <= len(specs) else "fighter"
    if len(session.players) > 1:
        return f"{session.view.sides[c.side].name} {role}"
    return f"{'your' if c.side in session.players else 'enemy'} {role}"


def conditions(c: CombatantView) -> str:
    """', prone, bleeding' or ''."""
    return "".join(f", {k.name}" for k in c.conditions)


def other(session: Session, viewer: CombatantView | None, c: CombatantView) -> str:
    """'Mira, enemy archer, 3 hexes north-east, wounded, faces west'."""
    where = f", {bearing(viewer.hex, c.hex)}" if viewer is not None else ""
    return (f"{c.name}, {kind(session, c)}{where}, {health(c)}{conditions(c)}, "
            f"faces {DIRECTION_NAMES[c.facing]}")


def actor_line(session: Session, c: CombatantView) -> str:
    """The combatant who decides now: HP, AP, facing, weapons, what lies at its feet."""
    arms = ", ".join(weapon_text(w) + (" (unloaded)" if i in c.unloaded else "")
                     for i, w in enumerate(c.weapons)) or "no weapon"
    text = (f"{c.name}, {kind(session, c)}, decides: HP {c.hp}/{c.max_hp} ({health(c)}), "
            f"AP {c.ap}/{c.max_ap}, faces {DIRECTION_NAMES[c.facing]}, holds {arms}"
            f"{conditions(c)}")
    if c.spares:
        text += "; carries " + ", ".join(w.name for w in c.spares)
    return text + "."


def situation(session: Session) -> list[str]:
    """The round, the one deciding, then everyone else nearest first, then what lies about."""
    view = session.view
    me = view.combatant(view.active)
    lines = [f"Round {view.round}."]
    if me is None:
        return lines
    lines.append(actor_line(session, me))
    others = sorted((c for c in view.combatants if c.alive and c.id != me.id),
                    key=lambda c: (c.side == me.side, hex_distance(me.hex, c.hex), c.id))
    lines += [other(session, me, c) + "." for c in others]
    items = sorted(view.items, key=lambda i: (hex_distance(me.hex, i.hex), i.id))
    lines += [f"On the ground, {bearing(me.hex, i.hex)}: {i.weapon.name}." for i in items[:6]]
    return lines
