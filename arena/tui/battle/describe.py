"""Words for what is on screen: a combatant's card, a hex under the look cursor, a walk there."""

from __future__ import annotations

from arena.battle.view import AuraView, CombatantView, ConditionView, path_to, step_cost
from arena.hexgrid import FACING_NAMES, Hex, hex_distance
from arena.model.stats import Weapon
from arena.tui.battle.lore import lore_lines
from arena.tui.battle.panels import side_glyph
from arena.tui.battle.preview import WIDTH
from arena.tui.battle.session import Session
from arena.tui.term import palette
from arena.tui.term.keymap import first_key
from arena.tui.term.lines import Line, wrapped


def weapon_text(w: Weapon) -> str:
    """'longsword 1d8', 'shortbow 1d6, 60 ft', 'longspear 1d8, reach 2'.

    >>> weapon_text(Weapon("bow", "shortbow", "1d6", kind="ranged", range_ft=60))
    'shortbow 1d6, 60 ft'
    """
    extra = f", {w.range_ft} ft" if w.is_ranged else (f", reach {w.reach}" if w.reach > 1 else "")
    magic = f" {w.magic:+d}" if w.magic and not w.name.endswith(f"{w.magic:+d}") else ""
    return f"{w.name}{magic} {w.damage}{extra}"


def condition_text(c: ConditionView) -> str:
    """'prone', 'bleeding 2, 3 rd': the name, its strength (if any), the rounds left (if any).

    >>> condition_text(ConditionView("bleeding", 3, 2))
    'bleeding 2, 3 rd'
    >>> condition_text(ConditionView("prone", 0, 0))
    'prone'
    """
    return c.name + (f" {c.amount}" if c.amount else "") + (f", {c.rounds} rd" if c.rounds else "")


def aura_text(a: AuraView) -> str:
    """A buff a combatant keeps up: its reach and how long it lasts.

    >>> aura_text(AuraView("chant", 12, 0)), aura_text(AuraView("martial_spirit", 9, 4))
    ('keeps chant r12 until it acts', 'keeps martial spirit r9, 4 rd')
    """
    when = f", {a.left} rd" if a.left else " until it acts"
    return f"keeps {a.buff.replace('_', ' ')} r{a.radius}{when}"


def buff_text(name: str) -> str:
    """A buff acting on a combatant: 'prayer' from its side, 'enemy chant' from the other.

    >>> buff_text("chant_foe"), buff_text("martial_spirit")
    ('enemy chant', 'martial spirit')
    """
    base = name.removesuffix("_foe")
    return ("enemy " if base != name else "") + base.replace("_", " ")


def health(c: CombatantView) -> str:
    """How hurt a combatant looks: unhurt, wounded, badly wounded (half), near death (a quarter)."""
    if not c.alive:
        return "fallen"
    if c.hp >= c.max_hp:
        return "unhurt"
    if 4 * c.hp <= c.max_hp:
        return "near death"
    return "badly wounded" if 2 * c.hp <= c.max_hp else "wounded"


def target_line(c: CombatantView) -> Line:
    """The aimed-at combatant's hit points: 'Bob HP 7/12, wounded'."""
    colour = palette.GOOD if 2 * c.hp > c.max_hp else palette.BAD
    return (f"{c.name} HP {c.hp}/{c.max_hp}, {health(c)}", colour)


def _guard(session: Session, c: CombatantView) -> str:
    """The shield a combatant bears, and in `ap` the arc it guards: ', heater shield (…)'."""
    arc = " (guards front and left)" if session.view.ruleset == "ap" else ""
    return f", {c.shield}{arc}" if c.shield else ""


def _weapon_lines(c: CombatantView) -> list[Line]:
    """One line per weapon in hand, an unloaded one marked with the key that reloads it."""
    return [(f"- {w.name} (unloaded: {first_key('reload')})", palette.BAD)
            if i in c.unloaded else (f"- {weapon_text(w)}", palette.TEXT)
            for i, w in enumerate(c.weapons)] or [("- no weapon in hand", palette.DIM)]


def _kit_lines(c: CombatantView) -> list[Line]:
    """Spares, the pack, the auras it keeps up, the buffs on it and its conditions."""
    lines: list[Line] = []
    if c.spares:
        lines.append((f"spare{'s' if len(c.spares) > 1 else ''}: "
                      + ", ".join(w.name for w in c.spares), palette.TEXT))
    if c.supplies:
        lines.append((f"pack ({first_key('use_item')}): " + ", ".join(c.supplies), palette.TEXT))
    lines += [(aura_text(a), palette.GOOD) for a in c.auras]
    if c.buffs:
        lines.append(("under " + ", ".join(buff_text(b) for b in c.buffs), palette.GOOD))
    if c.conditions:
        lines.append(("; ".join(condition_text(k) for k in c.conditions), palette.HINT))
    return lines


def card(session: Session, c: CombatantView) -> list[Line]:
    """A combatant's name, side, HP, AP, facing, armour, weapons, spares, buffs, conditions."""
    side = session.view.sides[c.side]
    colour = palette.side_colour(side.colour, c.side)
    hp_colour = palette.GOOD if 2 * c.hp > c.max_hp else palette.BAD
    lines: list[Line] = [
        (f"{side_glyph(c.glyph, c.side)} {c.name}", colour),
        (f"  {side.name}", colour),
        (f"HP {c.hp}/{c.max_hp}  AP {c.ap}/{c.max_ap}" if c.alive else "fallen", hp_colour),
        (f"facing {FACING_NAMES[c.facing]}" + (f", {c.armour}" if c.armour else ""),
         palette.TEXT),
    ]
    if c.ac is not None:
        lines.append((f"AC {c.ac}{_guard(session, c)}", palette.TEXT))
    return lines + _weapon_lines(c) + _kit_lines(c)


def look_card(session: Session, c: CombatantView, width: int) -> list[Line]:
    """The card in fewer rows for look mode: the weapons on one line, all wrapped to `width`."""
    side = session.view.sides[c.side]
    colour = palette.side_colour(side.colour, c.side)
    hp_colour = palette.GOOD if 2 * c.hp > c.max_hp else palette.BAD
    ac = f" AC {c.ac}" if c.ac is not None else ""
    worn = f", {c.armour}" if c.armour else ""
    arms = ", ".join(text.removeprefix("- ") for text, _ in _weapon_lines(c))
    unloaded = bool(c.unloaded)
    return [
        *wrapped(f"{side_glyph(c.glyph, c.side)} {c.name}, {side.name}", colour, width),
        (f"HP {c.hp}/{c.max_hp} AP {c.ap}/{c.max_ap}{ac}" if c.alive else "fallen", hp_colour),
        *wrapped(f"facing {FACING_NAMES[c.facing]}{worn}{_guard(session, c)}", palette.TEXT,
                 width),
        *wrapped(arms, palette.BAD if unloaded else palette.TEXT if c.weapons else palette.DIM,
                 width),
        *_kit_lines(c),
    ]


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
    need = sum(cost * t.move_cost for h in path[1:] if (t := view.map.terrain(h)) is not None)
    colour = palette.GOOD if need <= actor.ap else palette.BAD
    text = f"walk {steps} hex{'es' if steps != 1 else ''}: {need} AP (have {actor.ap})"
    return tuple(path), (text, colour)


def hex_lines(session: Session, h: Hex, width: int = WIDTH) -> list[Line]:
    """The look cursor's hex: terrain, who stands there (card, specials, flavour), the walk."""
    view = session.view
    terrain = view.map.terrain(h)
    where = f"hex ({h.q}, {h.r})"
    actor = view.combatant(view.active)
    if actor is not None and actor.hex != h:
        where += f", {hex_distance(actor.hex, h)} away"
    if terrain is not None:
        flags = [f for f, on in (("blocks moving", terrain.blocks_move),
                                 ("blocks sight", terrain.blocks_sight),
                                 ("hazard", terrain.hazard),
                                 (f"difficult ground: {terrain.move_cost}x AP a step",
                                  terrain.move_cost > 1)) if on]
        where += f": {terrain.name}" + (f" ({', '.join(flags)})" if flags else "")
    lines = wrapped(where, palette.BRIGHT, width)
    standing = view.standing_at(h)
    if standing is not None:
        lines += [*look_card(session, standing, width),
                  *lore_lines(session, standing, width)]
    lines += [(f"{c.name} lies here, fallen", palette.CORPSE) for c in view.fallen_at(h)]
    lines += [(f"on the ground: {i.weapon.name}", palette.ITEM) for i in view.items_at(h)]
    line = walk(session, h)[1]
    if line is not None:
        lines.append(line)
    return lines
