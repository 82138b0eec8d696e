"""The party between bouts: plain records of each member, its gear and its wounds."""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.hexgrid import Hex
from arena.model.scenario import CombatantSpec
from arena.model.stats import Armour, StatBlock, StatValue, Supply, Weapon
from arena.procgen.roster import Member as PoolMember
from arena.procgen.threat import stat_block
from arena.rules import RULESETS
from arena.rules.base import Ruleset
from arena.rules.protection import worn_stats

WHOLE, DEGRADED, BROKEN = "whole", "degraded", "broken"


@dataclass(slots=True)
class Gear:
    """A weapon a member owns: as it is now, as it was made, and its state."""

    weapon: Weapon
    original: Weapon
    state: str = WHOLE

    @property
    def usable(self) -> bool:
        """Whether it goes into battle (a broken weapon stays in the pack until repaired)."""
        return self.state != BROKEN


@dataclass(slots=True)
class Member:
    """One member of the party as it stands between bouts."""

    name: str
    template: str
    glyph: str
    base_hp: int
    max_hp: int
    hp: int
    speed: int
    armour: Armour | None
    stats: dict[str, dict[str, StatValue]]
    gear: list[Gear]
    injuries: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (rounds, amount)
    xp: int = 0
    level: int = 1
    alive: bool = True
    cause: str = ""  # how it fell and in which bout: 'slain by Orc 2 in bout 9'
    fell: tuple[int, int] = (0, 0)  # (bout, place in that bout's log) of its fall
    kills: int = 0
    recruited_at: int = 0  # the bout before which it joined (0: at the start)
    replaced: bool = False  # fallen, and a recruit has taken its place
    shield: Armour | None = None
    supplies: list[Supply] = field(default_factory=list)  # consumables, used up in battle

    def spec(self, spare: Weapon | None = None, shielded: bool = True) -> CombatantSpec:
        """The member as a combatant at full health (the battle gets its wounds apart).

        One with no usable weapon is handed `spare` from the camp stores, and keeps it; one
        without the hands for a shield (`shielded` False, `protection.bears_shield`) goes
        without it.
        """
        blocks = {rs: stat_block(rs, self.stats.get(rs, {})) for rs in sorted(RULESETS)}
        weapons = tuple(g.weapon for g in self.gear if g.usable)
        if not weapons and spare is not None:
            weapons = (spare,)
        shield = self.shield if shielded else None
        if shield is not None:  # the shield takes the off hand: a one-handed weapon leads
            weapons = (*(w for w in weapons if w.hands == 1), *(w for w in weapons if w.hands > 1))
            shield = shield if weapons and weapons[0].hands == 1 else None
        return CombatantSpec(self.template, self.name, self.glyph, 0, Hex(0, 0), 0,
                             self.max_hp, self.speed, weapons, self.armour, blocks, shield,
                             tuple(self.supplies))


def fighting_stats(m: Member, ruleset: Ruleset, spare: Weapon | None = None) -> StatBlock:
    """The stat block a battle gives `m`: its own with the armour and shield it carries in.

    As `Battle` builds it (`rules/protection.py: worn_stats`), so its `ac` is the one it fights at.
    """
    spec = m.spec(spare)
    return worn_stats(ruleset, spec.stats[ruleset.name], spec.armour, spec.shield)


def living(party: list[Member]) -> list[Member]:
    """The members still alive, in party order."""
    return [m for m in party if m.alive]


def member_from(pm: PoolMember, name: str) -> Member:
    """A fresh level-1 member from one of the generator's pool members (a template)."""
    gear = [Gear(w, w) for w in pm.weapons]
    return Member(name, pm.template, pm.glyph, pm.hp, pm.hp, pm.hp, pm.speed, pm.armour,
                  {k: dict(v) for k, v in sorted(pm.stats.items())}, gear,
                  shield=pm.shield, supplies=list(pm.supplies))
