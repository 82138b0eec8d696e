"""Read-only questions about the current world that several systems ask."""

from __future__ import annotations

import esper

from arena.ecs import occupancy
from arena.ecs.components import (
    ActionPoints,
    Clock,
    Conditions,
    Dead,
    Health,
    Identity,
    Position,
    Side,
    Wielded,
    Worn,
)
from arena.hexgrid import Hex
from arena.model.stats import Armour, Weapon
from arena.rules.base import Action, Ruleset


def clock() -> Clock:
    """The battle's turn state (held by a single entity)."""
    return esper.get_component(Clock)[0][1]


def is_alive(entity: int) -> bool:
    """True for an existing combatant that has not fallen."""
    return (
        esper.entity_exists(entity)
        and esper.has_component(entity, Health)
        and not esper.has_component(entity, Dead)
    )


def living() -> list[int]:
    """Every living combatant, in entity-id order."""
    return list(occupancy.index().living)


def has_side(entity: int) -> bool:
    """True for an entity that exists and belongs to a side (a combatant, fallen or not)."""
    return esper.entity_exists(entity) and esper.has_component(entity, Side)


def side_of(entity: int) -> int:
    """The side index of a combatant."""
    return esper.component_for_entity(entity, Side).index


def hex_of(entity: int) -> Hex:
    """The hex an entity is on."""
    return esper.component_for_entity(entity, Position).hex


def name_of(entity: int) -> str:
    """A combatant's display name."""
    return esper.component_for_entity(entity, Identity).name


def occupants() -> dict[Hex, int]:
    """Hexes held by living combatants (the dead do not block)."""
    return dict(occupancy.index().at)


def occupant(h: Hex) -> int | None:
    """The living combatant on `h`, or None."""
    return occupancy.index().at.get(h)


def prone(entity: int) -> bool:
    """Whether a combatant lies prone: it must stand up before it walks (a lost leg: never)."""
    return "prone" in esper.component_for_entity(entity, Conditions).rounds


def enemies_of(entity: int) -> list[int]:
    """Living combatants of other sides, in entity-id order."""
    return list(occupancy.index().foes(side_of(entity)))


# Conditions the engine itself puts on a combatant (the `end_turn` effect) that forbid every
# action and reaction: the rest of the round, and a next turn lost to an off-turn blunder.
ENDED = {"actions_ended": "its actions are over for this round",
         "turn_lost": "it lost this turn to a blunder"}


def incapacity(ruleset: Ruleset, entity: int) -> str | None:
    """Why `entity` can take no action or reaction now but ending its turn, or None."""
    rounds = esper.component_for_entity(entity, Conditions).rounds
    if not rounds:
        return None
    conditions = frozenset(rounds)
    ended = next((why for name, why in ENDED.items() if name in conditions), None)
    return ended if ended is not None else ruleset.incapacity(conditions)


VERBS: dict[Action, tuple[str, str]] = {
    "move": ("move", "moving"),
    "face": ("turn", "turning"),
    "stand_up": ("stand up", "standing up"),
    "pick_up": ("pick up", "picking up"),
    "draw": ("draw", "drawing"),
    "reload": ("reload", "reloading"),
}


def afford(ruleset: Ruleset, action: Action, weapon: Weapon | None, actor: int) -> int | str:
    """The own-turn AP cost of `action`, or why `actor` cannot pay it (a refusal reason)."""
    verb, gerund = VERBS.get(action, (action, action))
    cost = ruleset.action_cost(action, weapon, False)
    if cost is None:
        return f"this ruleset does not allow {gerund}"
    ap = esper.component_for_entity(actor, ActionPoints).current
    if cost > ap:
        return f"needs {cost} AP to {verb}, has {ap}"
    return cost


def worn_shield(entity: int) -> Armour | None:
    """The shield `entity` wears now, or None."""
    worn = esper.try_component(entity, Worn)
    return None if worn is None else worn.shield


def natural_only(entity: int) -> bool:
    """Whether `entity` is a beast: it entered the battle with natural weapons alone."""
    wielded = esper.try_component(entity, Wielded)
    return wielded is not None and wielded.natural_only


def weapon_refusal(entity: int, weapon: Weapon | None = None) -> str | None:
    """Why `entity` cannot take up `weapon` (None: any weapon not its own body's), or None.

    A beast fights with its bites and claws only: it picks up, draws and throws nothing.
    """
    if not natural_only(entity) or (weapon is not None and weapon.natural):
        return None
    return f"{name_of(entity)} cannot use weapons"
