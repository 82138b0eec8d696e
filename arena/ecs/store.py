"""The component store as the layers above the engine read it: esper's lookups, read-only.

The AI reads components (it never adds or removes one) through these names, so that esper is
imported by the engine alone (`arena/ecs/`, `arena/battle/`). They are esper's own functions,
not wrappers: a lookup costs what it costs in the engine, and reads the current battle world.
"""

from __future__ import annotations

import esper

component_for_entity = esper.component_for_entity
try_component = esper.try_component
get_components = esper.get_components

__all__ = ["component_for_entity", "get_components", "try_component"]
