"""A short hash of a battle's whole state: every entity's components and the dice position."""

from __future__ import annotations

import hashlib

import esper

from arena.dice import Dice


def state_hash(dice: Dice) -> str:
    """Hash the current esper world (entities in id order) and the dice state."""
    parts: list[str] = [repr(dice.state())]
    for entity in sorted(esper.get_entities()):
        components: list[object] = sorted(
            esper.components_for_entity(entity), key=lambda c: type(c).__name__
        )
        parts.append(f"{entity}:{components!r}")
    return hashlib.blake2b("\n".join(parts).encode(), digest_size=8).hexdigest()
