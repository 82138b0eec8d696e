"""Shields off the arm: taken off by a blow or a fumble, lying on the map, put back on."""

from __future__ import annotations

import esper

from arena.ecs import queries
from arena.ecs.components import LyingShield, Position, Stats, Wielded, Worn
from arena.hexgrid import Hex
from arena.model.stats import Armour
from arena.rules.base import Ruleset
from arena.rules.protection import shield_changed


def take_off(ruleset: Ruleset, who: int) -> Armour | None:
    """Take `who`'s shield off its arm (its armour class loses the shield); None without one."""
    worn = esper.try_component(who, Worn)
    if worn is None or worn.shield is None:
        return None
    shield, worn.shield = worn.shield, None
    stats = esper.component_for_entity(who, Stats)
    stats.block = shield_changed(ruleset, stats.block, shield, worn=False)
    return shield


def put_on(ruleset: Ruleset, who: int, shield: Armour) -> None:
    """Put `shield` back on `who`'s arm (its armour class gains it again)."""
    esper.component_for_entity(who, Worn).shield = shield
    stats = esper.component_for_entity(who, Stats)
    stats.block = shield_changed(ruleset, stats.block, shield, worn=True)


def lay(shield: Armour, owner: int, spot: Hex, ready: int) -> int:
    """Leave `shield` lying on `spot`; return its entity."""
    return esper.create_entity(LyingShield(shield, owner, ready), Position(spot))


def shields_at(h: Hex) -> list[int]:
    """Shield entities lying on `h`, in entity-id order."""
    return sorted(e for e, (_, pos) in esper.get_components(LyingShield, Position)
                  if pos.hex == h)


def takeable_shields(actor: int) -> list[int]:
    """Shields on `actor`'s hex it may put on now (none while it wears one; `ready` kept)."""
    worn = esper.try_component(actor, Worn)
    if worn is None or worn.shield is not None:
        return []
    now = queries.clock().round
    return [e for e in shields_at(queries.hex_of(actor))
            if not (esper.component_for_entity(e, LyingShield).owner == actor
                    and esper.component_for_entity(e, LyingShield).ready > now)]


def arm_free(actor: int, hands: int) -> bool:
    """Whether the weapons in hand leave the off hand free for a shield (`hands` in all)."""
    held = sum(w.hands for w in esper.component_for_entity(actor, Wielded).weapons)
    return hands > 1 and held <= hands - 1
