"""The records rulesets and the engine exchange: the attack context, effects, the result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from arena.dice import Roll
from arena.hexgrid import ORIGIN, Hex
from arena.model.stats import Armour, StatBlock, StatValue, Weapon

FieldKind = Literal["int", "str", "bool", "set"]


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One stat-block field a ruleset reads: its type, default, range and meaning.

    A `set` field is a list of names from `choices` (in TOML a list of strings), kept as one
    sorted, comma-joined string.
    """

    name: str
    kind: FieldKind
    default: StatValue
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Modifier:
    """A labelled number added to a roll, shown in the combat log."""

    label: str
    value: int


@dataclass(frozen=True, slots=True)
class Entrant:
    """A combatant as initiative sees it."""

    entity: int
    side: int
    stats: StatBlock


@dataclass(frozen=True, slots=True)
class Initiative:
    """The round's acting order and the dice that decided it."""

    order: tuple[int, ...]
    rolls: tuple[Roll, ...]
    scores: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class AttackContext:
    """Everything a ruleset needs to resolve one attack, read off the map by the engine.

    `position` is where the attacker stands as seen from the defender's facing
    (`hexgrid.relative_position`); `here` and `there` are the attacker's and defender's hexes;
    `options` the maneuvers the attacker chose; `run_up` the hexes it walked this turn in one
    straight line toward the target just before attacking; `cover` the target's cover in
    quarters against this attack (0..3); `flanked` whether enemies of the defender stand in
    two opposite hexes around it; `adjacent_foes` how many of its enemies are adjacent to it;
    the condition sets name what afflicts each side (`prone`, `stunned`, …); `slot` is the
    weapon's place among `wielded` (0 = main hand; the ruleset's unarmed strike comes last);
    `primary_attacked_target` says whether the main-hand weapon already attacked this target
    this turn and `weapon_attacks` how many attacks the attacker made this turn
    (`turn_weapons` the ids of their weapons, `turn_options` the maneuvers chosen on them);
    `attacker_buffs` names the area buffs (`Buff`) acting on the attacker: `<name>` from a
    caster of its own side, `<name>_foe` from a caster of another side; `attacker_shield` and
    `defender_shield` are the shields each side wears now (None: none).
    """

    attacker: StatBlock
    defender: StatBlock
    weapon: Weapon
    distance: int
    position: str
    here: Hex = ORIGIN
    there: Hex = ORIGIN
    options: frozenset[str] = frozenset()
    run_up: int = 0
    cover: int = 0
    flanked: bool = False
    adjacent_foes: int = 0
    attacker_conditions: frozenset[str] = frozenset()
    defender_conditions: frozenset[str] = frozenset()
    off_turn: bool = False
    slot: int = 0
    wielded: tuple[Weapon, ...] = ()
    primary_attacked_target: bool = False
    weapon_attacks: int = 0
    turn_weapons: tuple[str, ...] = ()
    turn_options: frozenset[str] = frozenset()
    bystanders: tuple[Bystander, ...] = ()
    defender_wielded: tuple[Weapon, ...] = ()
    attacker_buffs: frozenset[str] = frozenset()
    attacker_shield: Armour | None = None
    defender_shield: Armour | None = None


EffectKind = Literal[
    "condition", "drop_weapon", "knockback", "kill", "damage", "end_turn", "break_weapon",
    "degrade_weapon", "provoke", "strike", "drop_shield", "break_shield",
]
Who = Literal["attacker", "defender"]


@dataclass(frozen=True, slots=True)
class Effect:
    """A lasting consequence of an attack that the engine's effects system puts on the map.

    - `condition`: `name` afflicts `who` for `rounds` of its own turns (0 = until removed);
      `amount` is its strength where it has one (hp lost per round for `bleeding`); with the
      option `stack` the amount adds to the strength it already has (several wounds).
    - `drop_weapon`: `who` drops the weapon in `slot`; it lands `amount` hexes away in
      `direction` (0..5, relative to `who`'s facing: 0 = ahead, 1 = front-left, …), or on
      `who`'s own hex when `direction` is None. Obstacles rebound it into the own hex (a hard
      obstacle counts as a hard landing); hazards lose it. `who` may pick it up again only
      `rounds` rounds later (0 = at once).
    - `knockback`: `who` is pushed `amount` hexes straight away from the other combatant,
      stopping before walls and other combatants.
    - `kill`: `who` dies at once (`name` says why).
    - `damage`: `who` takes `amount` damage outright (`name` says why: "hits itself").
    - `end_turn`: `who` can do nothing more this round, reactions included (its AP drops to
      0); off its own turn it loses its next own turn as well.
    - `break_weapon`: the weapon in `who`'s `slot` is destroyed.
    - `degrade_weapon`: the weapon in `who`'s `slot` loses `amount` from its magic bonus.
    - `drop_shield`: `who`'s shield leaves its arm and lands as `drop_weapon` says (its armour
      class bonus is gone until it is picked up again); `break_shield`: it is destroyed.
    - `provoke`: `who` presents an opening to every enemy that threatens it (no action waits).
    - `strike`: `who` makes a free attack, without AP, on entity `other` (or on the other
      combatant of this attack when `other` is None); the ruleset resolves it with `options`
      in the context's options (e.g. `auto_hit`, `friendly_fire`). The attacker strikes with
      the weapon of the attack that caused it, the defender with its main weapon.
    """

    kind: EffectKind
    who: Who
    name: str = ""
    rounds: int = 0
    amount: int = 0
    slot: int = 0
    direction: int | None = None
    other: int | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Counter:
    """A blow the defender may strike first, as a reaction, before an attack lands (set spear).

    Struck free with the weapon in `slot` and `options`; `name` says what the defender does,
    `against` what the attack is ("charge"). The attack goes on unless the blow fells its maker.
    """

    name: str
    against: str
    slot: int
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Bystander:
    """Another combatant near an attack, as a ruleset may need it (friendly fire, misses).

    `ally` is relative to the attacker; `angle` is the angle at the attacker between the target
    and this combatant (degrees); `beyond` is its distance from the target; `position` is where
    it stands as seen from the attacker's facing.
    """

    entity: int
    ally: bool
    distance: int
    beyond: int
    angle: float
    position: str


@dataclass(frozen=True, slots=True)
class Upkeep:
    """What a combatant's conditions do at the start of its turn: damage, with its dice."""

    damage: int = 0
    rolls: tuple[Roll, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Buff:
    """An area buff a combatant starts with the `invoke` command (chant, prayer, …).

    It acts on every combatant within `radius` hexes of the caster (the caster's side as
    `<name>`, other sides as `<name>_foe` when `foes`) for `rounds` rounds, counted at the
    caster's turn starts; `rounds` 0 means as long as the caster does nothing else, and then
    it does not act on the caster itself. Starting it costs `cost` AP, once per battle.
    """

    name: str
    radius: int
    rounds: int
    cost: int
    foes: bool = False


@dataclass(frozen=True, slots=True)
class Landing:
    """What becomes of a weapon that lands on a surface: broken, or magic lost, with dice."""

    broken: bool = False
    magic_lost: int = 0
    rolls: tuple[Roll, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackResult:
    """The outcome of one attack with every die (in the order rolled) and modifier that made it.

    `rolls[0]` is the attack roll, except that `natural` 0 means no attack roll was made (an
    automatic hit: friendly fire); the damage roll is the first whose purpose starts with
    "damage"; the others (confirmation, critical chain, effect tables) keep their place.
    `target` is the number compared with after `target_modifiers` (e.g. AC −10 from the rear).
    Damage is (damage roll + `damage_modifiers`) × `multiplier` + `bonus_damage`, at least
    `minimum_damage` on a hit; `sublethal` damage knocks out instead of killing. A thrown
    weapon that misses lands by the target, or `thrown_lands` = (direction relative to the
    line of the throw, hexes) away from it.
    """

    natural: int
    modifiers: tuple[Modifier, ...]
    total: int
    target_label: str
    target: int
    hit: bool
    rolls: tuple[Roll, ...]
    damage_modifiers: tuple[Modifier, ...] = ()
    damage: int = 0
    critical: bool = False
    fumble: bool = False
    notes: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    target_modifiers: tuple[Modifier, ...] = ()
    multiplier: int = 1
    bonus_damage: tuple[Modifier, ...] = ()
    sublethal: bool = False
    thrown_lands: tuple[int, int] | None = None

    @property
    def attack_roll(self) -> Roll:
        """The attack roll."""
        return self.rolls[0]

    @property
    def damage_roll(self) -> Roll | None:
        """The weapon's damage roll, if damage was rolled."""
        return next((r for r in self.rolls if r.purpose.startswith("damage")), None)
