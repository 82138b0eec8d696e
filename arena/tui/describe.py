"""Words for what is on screen: a combatant's card, a hex under the look cursor, a walk there."""

from __future__ import annotations

from arena.hexgrid import FACING_NAMES, Hex, hex_distance
from arena.model.stats import Weapon
from arena.tui import palette
from arena.tui.session import Session
from arena.view import CombatantView, path_to, step_cost

Line = tuple[str, palette.RGB]


def weapon_text(w: Weapon) -> str:
    """'longsword 1d8', 'shortbow 1d6, 60 ft', 'longspear 1d8, reach 2'.

    >>> weapon_text(Weapon("bow", "shortbow", "1d6", kind="ranged", range_ft=60))
    'shortbow 1d6, 60 ft'
    """
    extra = f", {w.range_ft} ft" if w.is_ranged else (f", reach {w.reach}" if w.reach > 1 else "")
    magic = f" {w.magic:+d}" if w.magic else ""
    return f"{w.name}{magic} {w.damage}{extra}"


def card(session: Session, c: CombatantView) -> list[Line]:
    """A combatant's name, side, HP, AP, facing, armour, weapons and conditions."""
    side = session.view.sides[c.side]
    colour = palette.parse_colour(side.colour)
    hp_colour = palette.GOOD if 2 * c.hp > c.max_hp else palette.BAD
    lines: list[Line] = [
        (f"{c.glyph} {c.name}", colour),
        (f"  {side.name}", colour),
        (f"HP {c.hp}/{c.max_hp}  AP {c.ap}/{c.max_ap}" if c.alive else "fallen", hp_colour),
        (f"facing {FACING_NAMES[c.facing]}" + (f", {c.armour}" if c.armour else ""),
         palette.TEXT),
    ]
    lines += [(f"- {weapon_text(w)}", palette.TEXT) for w in c.weapons] or [
        ("- no weapon in hand", palette.DIM)
    ]
    if c.conditions:
        text = ", ".join(f"{name} {n}" if n else name for name, n in c.conditions)
        lines.append((text, palette.HINT))
    return lines


def walk(session: Session, to: Hex) -> tuple[tuple[Hex, ...], Line | None]:
    """The path the active combatant would walk to `to`, and its AP cost as a line."""
    view = session.view
    actor = view.combatant(view.active)
    if actor is None or not session.player_turn or to == actor.hex:
        return (), None
    terrain = view.map.terrain(to)
    if terrain is None or terrain.blocks_move or view.standing_at(to) is not None:
        return (), None
    path = path_to(session.battle, actor.id, to)
    cost = step_cost(session.battle)
    if path is None or cost is None:
        return (), ("no way there", palette.BAD)
    steps = len(path) - 1
    need = steps * cost
    colour = palette.GOOD if need <= actor.ap else palette.BAD
    text = f"walk {steps} hex{'es' if steps != 1 else ''}: {need} AP (have {actor.ap})"
    return tuple(path), (text, colour)


def hex_lines(session: Session, h: Hex) -> list[Line]:
    """What the look cursor shows: terrain, who stands or lies there, items, the walk."""
    view = session.view
    terrain = view.map.terrain(h)
    lines: list[Line] = [(f"hex ({h.q}, {h.r})", palette.BRIGHT)]
    actor = view.combatant(view.active)
    if actor is not None and actor.hex != h:
        lines[0] = (f"hex ({h.q}, {h.r}), {hex_distance(actor.hex, h)} away", palette.BRIGHT)
    if terrain is not None:
        flags = [f for f, on in (("blocks moving", terrain.blocks_move),
                                 ("blocks sight", terrain.blocks_sight),
                                 ("hazard", terrain.hazard)) if on]
        lines.append((terrain.name + (f" ({', '.join(flags)})" if flags else ""), palette.TEXT))
    standing = view.standing_at(h)
    if standing is not None:
        lines += card(session, standing)
    lines += [(f"{c.name} lies here, fallen", palette.CORPSE) for c in view.fallen_at(h)]
    lines += [(f"on the ground: {i.weapon.name}", palette.ITEM) for i in view.items_at(h)]
    line = walk(session, h)[1]
    if line is not None:
        lines.append(line)
    return lines
