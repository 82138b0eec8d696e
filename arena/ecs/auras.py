"""Aura system: area buffs (chant, prayer, martial spirit) a combatant starts and keeps up.

The ruleset defines each buff (`rules/base.py: Buff`, through `Extras`); this system starts it
on an `invoke` command, tells attacks which buffs act on an attacker (`buffs_on`, a query the
attack system asks), counts the rounds down at the caster's turn starts (`tick`, which the turn
system calls), and ends a buff kept up by concentration as soon as
its caster does anything else, and any buff when its caster falls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from arena.ecs import queries
from arena.ecs.components import ActionPoints, Stats
from arena.ecs.events import AuraEnded, AuraStarted, Event
from arena.hexgrid import hex_distance
from arena.model.commands import Invoke
from arena.rules.base import Buff, Extras, Ruleset


@dataclass(slots=True)
class Aura:
    """One buff a caster keeps up: `left` rounds to go (0: while it does nothing else)."""

    buff: Buff
    left: int


@dataclass(slots=True)
class Auras:
    """The buffs a combatant keeps up, and every buff it has started this battle."""

    active: list[Aura] = field(default_factory=list)
    used: list[str] = field(default_factory=list)


def casters() -> list[tuple[int, Auras]]:
    """Every living combatant keeping a buff up, in entity-id order."""
    return sorted(((e, a) for e, a in esper.get_component(Auras)
                   if a.active and queries.is_alive(e)), key=lambda pair: pair[0])


def buffs_on(entity: int) -> frozenset[str]:
    """The buffs acting on `entity`: `<name>` from its side, `<name>_foe` from the others."""
    here, side = queries.hex_of(entity), queries.side_of(entity)
    found = set()
    for caster, auras in casters():
        ally = queries.side_of(caster) == side
        distance = hex_distance(queries.hex_of(caster), here)
        for aura in auras.active:
            if distance > aura.buff.radius or (caster == entity and not aura.buff.rounds):
                continue
            if ally:
                found.add(aura.buff.name)
            elif aura.buff.foes:
                found.add(f"{aura.buff.name}_foe")
    return frozenset(found)


def tick(actor: int) -> list[Event]:
    """At the start of `actor`'s turn, count its timed buffs down and end the spent ones."""
    auras = esper.try_component(actor, Auras)
    if auras is None:
        return []
    ended: list[Event] = []
    for aura in list(auras.active):
        if aura.left == 0:
            continue
        aura.left -= 1
        if aura.left == 0:
            auras.active.remove(aura)
            ended.append(AuraEnded(actor, aura.buff.name, "runs out"))
    return ended


class AuraSystem:
    """Starts, times and ends area buffs; answers which ones act on a combatant."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def buff(self, actor: int, name: str) -> Buff | None:
        """The buff `name` as the ruleset defines it for `actor`, or None."""
        if not isinstance(self.ruleset, Extras) or name not in self.ruleset.buffs:
            return None
        return self.ruleset.buff(name, esper.component_for_entity(actor, Stats).block)

    def refusal(self, command: Invoke) -> str | None:
        """Why `actor` cannot start this buff now, or None."""
        if not isinstance(self.ruleset, Extras) or not self.ruleset.buffs:
            return "this ruleset has no area buffs"
        if command.buff not in self.ruleset.buffs:
            valid = ", ".join(self.ruleset.buffs)
            return f"unknown buff '{command.buff}' for {self.ruleset.name} (valid: {valid})"
        buff = self.buff(command.actor, command.buff)
        name = command.buff.replace("_", " ")
        if buff is None:
            return f"{queries.name_of(command.actor)} cannot start {name}"
        auras = esper.try_component(command.actor, Auras)
        if auras is not None and command.buff in auras.used:
            return f"{name} was already started this battle"
        ap = esper.component_for_entity(command.actor, ActionPoints).current
        return f"needs {buff.cost} AP to start {name}, has {ap}" if buff.cost > ap else None

    def invoke(self, command: Invoke) -> str | list[Event]:
        """Start the buff: pay its AP and keep it up; other buffs kept by concentration end."""
        reason = self.refusal(command)
        if reason is not None:
            return reason
        buff = self.buff(command.actor, command.buff)
        assert buff is not None
        events = self.interrupt(command.actor)
        if not esper.has_component(command.actor, Auras):
            esper.add_component(command.actor, Auras())
        auras = esper.component_for_entity(command.actor, Auras)
        auras.active.append(Aura(buff, buff.rounds))
        auras.used.append(buff.name)
        ap = esper.component_for_entity(command.actor, ActionPoints)
        ap.current -= buff.cost
        return [*events, AuraStarted(command.actor, buff.name, buff.radius, buff.rounds,
                                     buff.cost, ap.current)]

    def buffs_on(self, entity: int) -> frozenset[str]:
        """The buffs acting on `entity` (`buffs_on`: the function the attack system asks)."""
        return buffs_on(entity)

    def interrupt(self, actor: int) -> list[Event]:
        """`actor` did something else: the buffs it keeps up by concentration end."""
        auras = esper.try_component(actor, Auras)
        if auras is None:
            return []
        kept = [a for a in auras.active if not a.buff.rounds]
        for aura in kept:
            auras.active.remove(aura)
        return [AuraEnded(actor, a.buff.name, "stops to act") for a in kept]

    def settle(self) -> list[Event]:
        """End every buff whose caster has fallen."""
        ended: list[Event] = []
        for caster, auras in sorted(esper.get_component(Auras), key=lambda pair: pair[0]):
            if auras.active and not queries.is_alive(caster):
                ended.extend(AuraEnded(caster, a.buff.name, "falls") for a in auras.active)
                auras.active.clear()
        return ended

    def keeps_up(self, actor: int) -> bool:
        """Whether `actor` keeps a buff up by concentration (the AI then does nothing else)."""
        auras = esper.try_component(actor, Auras)
        return auras is not None and any(not a.buff.rounds for a in auras.active)

    def ai_invoke(self, actor: int) -> Invoke | None:
        """A buff worth starting now: the fight is within its reach and no ally's acts here.

        A buff kept up by concentration is started only with no enemy adjacent and an ally
        within reach, since the caster can then do nothing else.
        """
        if not isinstance(self.ruleset, Extras):
            return None
        here = queries.hex_of(actor)
        foes = [hex_distance(here, queries.hex_of(e)) for e in queries.enemies_of(actor)]
        side = queries.side_of(actor)
        allies = [hex_distance(here, queries.hex_of(e)) for e in queries.living()
                  if e != actor and queries.side_of(e) == side]
        acting = buffs_on(actor)
        for name in self.ruleset.buffs:
            buff = self.buff(actor, name)
            if buff is None or name in acting or self.refusal(Invoke(actor, name)) is not None:
                continue
            if not any(d <= buff.radius for d in foes):
                continue
            if not buff.rounds and (1 in foes or not any(d <= buff.radius for d in allies)):
                continue
            return Invoke(actor, name)
        return None
