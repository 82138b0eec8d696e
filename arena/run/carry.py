"""Carry-over: the party's records after a bout, read off the battle's holdings (its final state).

The rules (docs/run.md): hit points as they stood; lasting conditions as `injuries` decides;
weapons in hand or carried at the end come home (degraded ones stay degraded), a broken one
stays broken in the pack, one left on the floor or lost in a hazard is gone (after a win, the
floor's are offered back as loot); so is a shield broken or left on the floor (`d40`'s tables),
and one worn at the end is the member's (unless a hand or an arm is lost: the hand left holds
the weapon); what a member picked up is its own; the dead stay dead. After a win, every weapon
left on the field is offered as loot: the foes', the dropped ones (the party's too) and what the
members who died held.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from arena.battle.core import Battle
from arena.battle.holdings import Holdings, holdings
from arena.ecs.events import Attacked, Died, Event, WeaponBroken
from arena.model.scenario import CombatantSpec
from arena.model.stats import Armour, Weapon
from arena.procgen.threat import combatant_threat, side_strength
from arena.rules.protection import bears_shield
from arena.run.injuries import lasts
from arena.run.party import BROKEN, DEGRADED, WHOLE, Gear, Member
from arena.text import downfall


@dataclass(slots=True)
class Tally:
    """What happened in one bout, for the morgue and the JSON Lines."""

    bout: int = 0
    rounds: int = 0
    won: bool = False
    kills: int = 0
    threat: int = 0
    criticals: int = 0
    fumbles: int = 0
    friendly_fire: int = 0
    fallen: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    loot: list[Weapon] = field(default_factory=list)
    foes: list[str] = field(default_factory=list)
    coin: int = 0  # the bounty it paid


def tally_events(log: list[Event], sides: Mapping[int, int], tally: Tally) -> None:
    """Count criticals, fumbles and friendly fire of the party's side (0) in the log."""
    for event in log:
        if isinstance(event, Attacked) and sides.get(event.actor) == 0:
            tally.criticals += int(event.result.critical)
            tally.fumbles += int(event.result.fumble)
            tally.friendly_fire += int(sides.get(event.target) == 0 and event.result.hit)


def tally_foes(log: list[Event], combatants: Sequence[CombatantSpec], ruleset: str,
               tally: Tally) -> int:
    """Name the bout's foes in `tally`, count those felled and their threat; their strength."""
    foes = {k + 1: c for k, c in enumerate(combatants) if c.side != 0}
    tally.foes = [c.name for c in foes.values()]
    dead = {e.actor for e in log if isinstance(e, Died)}
    defeated = [c for e, c in foes.items() if e in dead]
    tally.kills = len(defeated)
    tally.threat = sum(combatant_threat(ruleset, c, c.hp) for c in defeated)
    return side_strength(combatant_threat(ruleset, c, c.hp) for c in defeated)


def _falls(log: list[Event], names: Mapping[int, str]) -> dict[int, tuple[int, str]]:
    """How each combatant fell, by entity id: its place in the log, and 'slain by Orc 2'."""
    return {e.actor: (place, downfall(e.how, None if e.by == e.actor
                                      else names.get(e.by, "unknown")))
            for place, e in enumerate(log) if isinstance(e, Died)}


def _broken_ids(log: list[Event], who: int) -> list[str]:
    """The weapons of `who` destroyed outright in this bout (in order)."""
    return [e.weapon for e in log
            if isinstance(e, WeaponBroken) and e.actor == who and e.magic_lost == 0]


def _gear_after(member: Member, held: list[Weapon], broken: list[str], tally: Tally
                ) -> list[Gear]:
    """Match the weapons brought in with those held at the end: kept, broken or lost."""
    left = list(held)
    gear: list[Gear] = []
    for g in member.gear:
        if not g.usable:
            gear.append(g)
            continue
        match = next((w for w in left if w.id == g.weapon.id), None)
        if match is not None:
            left.remove(match)
            state = DEGRADED if match.magic < g.original.magic else g.state
            gear.append(Gear(match, g.original, state))
        elif g.weapon.id in broken:
            broken.remove(g.weapon.id)
            gear.append(Gear(g.weapon, g.original, BROKEN))
            tally.broken.append(f"{member.name}'s {g.weapon.name}")
        else:
            tally.lost.append(f"{member.name}'s {g.weapon.name}")
    gear.extend(Gear(w, w, WHOLE) for w in left)  # picked up in the fight: its own now
    return gear


def drawn_first(gear: list[Gear], wielded: Sequence[Weapon]) -> list[Gear]:
    """`gear` with the weapons in hand at the end first, so the next bout starts with them drawn.

    The rest keep their order; of two alike, as many as are in hand come first.
    """
    hands = [w.id for w in wielded]
    first: list[Gear] = []
    rest: list[Gear] = []
    for g in gear:
        if g.usable and g.weapon.id in hands:
            hands.remove(g.weapon.id)
            first.append(g)
        else:
            rest.append(g)
    return first + rest


def _shield_after(member: Member, now: Armour | None, broken: list[str], tally: Tally,
                  bears: bool) -> None:
    """The shield worn at the end is the member's; one it lost is broken or left behind.

    A member with a hand or an arm lost (`bears` False) leaves its shield on the field: the
    hand left holds the weapon (`protection.bears_shield`).
    """
    now = now if bears else None
    if member.shield is not None and now is None:
        lost = tally.broken if member.shield.id in broken else tally.lost
        lost.append(f"{member.name}'s {member.shield.name}")
    member.shield = now


def carry_over(battle: Battle, party: list[Member], entities: Mapping[int, int], tally: Tally
               ) -> None:
    """Update `party` (members by index -> entity id) from the battle's final state."""
    left = holdings(battle)
    names = battle.names()
    falls = _falls(battle.log, names)
    for index, entity in sorted(entities.items()):
        m = party[index]
        end = left.of(entity)
        knocked_out = end.fallen and end.hp > 0
        if end.fallen and not (knocked_out and tally.won):
            m.alive, m.hp = False, min(end.hp, 0)
            place, how = falls.get(entity, (len(battle.log), "fell"))
            behind = ", left behind on the lost field" if knocked_out else ""
            m.cause, m.fell = f"{how} in bout {tally.bout}{behind}", (tally.bout, place)
            tally.fallen.append(m.name)
            continue
        m.hp = max(1, min(end.hp - end.sublethal, m.max_hp))
        m.injuries = {c.name: (c.rounds, c.amount)
                      for c in end.conditions if lasts(battle.ruleset.name, c.name)}
        m.gear = drawn_first(_gear_after(m, [*end.wielded, *end.carried],
                                         _broken_ids(battle.log, entity), tally), end.wielded)
        _shield_after(m, end.shield, _broken_ids(battle.log, entity), tally,
                      bears_shield(battle.ruleset, m.injuries))
        m.supplies = list(end.supplies)  # the used ones are gone
    if tally.won:
        tally.loot = loot({e for i, e in entities.items() if not party[i].alive}, left)


def loot(dead: set[int], left: Holdings) -> list[Weapon]:
    """Every weapon left on a won field, in entity-id order: the floor's, then the fallen's.

    The floor's are anyone's (a member's dropped sword too); the fallen's are the foes' and the
    members' who died (`dead`), not those of a member knocked out, who keeps them. A beast's
    claws and bite are part of it, not loot (`Weapon.natural`).
    """
    found = [d.weapon for d in left.floor]
    for fallen in (b for b in left.combatants if b.fallen and (b.side != 0 or b.id in dead)):
        found.extend(fallen.wielded)
        found.extend(fallen.carried)
    return [w for w in found if not w.natural]
