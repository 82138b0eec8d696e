"""The ruleset protocol: what every ruleset tells the engine, and the records it returns."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from arena.dice import Dice, Roll
from arena.hexgrid import ORIGIN, Hex
from arena.model.stats import StatBlock, StatValue, Weapon

if TYPE_CHECKING:
    from arena.rules.odds.core import Odds

Action = Literal[
    "move", "face", "melee", "ranged", "pick_up", "draw", "stand_up", "reload", "provoke"
]
FieldKind = Literal["int", "str", "bool", "set"]
# A ruleset's exact-odds function: the odds of one attack, computed without rolling a die.
OddsFunction = Callable[["Ruleset", "AttackContext"], "Odds"]


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
    caster of its own side, `<name>_foe` from a caster of another side.
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


EffectKind = Literal[
    "condition", "drop_weapon", "knockback", "kill", "damage", "end_turn", "break_weapon",
    "degrade_weapon", "provoke", "strike",
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


class RulesetDefaults:
    """What a rule document that says nothing about these matters does; rulesets inherit it."""

    def action_points(self, speed: int, conditions: frozenset[str]) -> int:
        """The AP pool is the combatant's `speed`."""
        return speed

    def hands(self, conditions: frozenset[str]) -> int:
        """Two hands, whatever the conditions."""
        return 2

    def opens(self, action: Action, ctx: AttackContext | None, stats: StatBlock) -> bool:
        """No action presents an opening."""
        return False

    def incapacity(self, conditions: frozenset[str]) -> str | None:
        """No condition takes a combatant's actions away."""
        return None

    def counter(self, ctx: AttackContext) -> Counter | None:
        """No attack can be met by a blow struck first."""
        return None

    def ends_turn(self, action: Action) -> bool:
        """No action takes the rest of the turn beyond its AP."""
        return False

    def heal(self, conditions: Mapping[str, int], amount: int) -> dict[str, int]:
        """Healing ends no condition: the conditions (name -> strength) stay as they were."""
        return dict(conditions)

    def upkeep(self, stats: StatBlock, conditions: Mapping[str, int], dice: Dice) -> Upkeep:
        """No condition acts at the start of a turn."""
        return Upkeep()

    def landing(self, weapon: Weapon, surface: str, dice: Dice) -> Landing:
        """Weapons do not break when they land."""
        return Landing()

    def ai_options(self, ctx: AttackContext) -> tuple[str, ...]:
        """The AI makes plain attacks."""
        return ()

    def odds_function(self) -> OddsFunction | None:
        """No exact odds unless the ruleset's package brings them."""
        return None

    def weapon_problem(self, weapon: Weapon) -> str | None:
        """Every weapon carries what the document needs."""
        return None


class Ruleset(Protocol):
    """A rule document as a plug-in: costs, initiative and attack resolution."""

    name: str
    version: str
    title: str
    fields: tuple[FieldSpec, ...]
    maneuvers: tuple[tuple[str, str], ...]
    unarmed: Weapon | None
    wants_bystanders: bool

    def action_cost(self, action: Action, weapon: Weapon | None, off_turn: bool) -> int | None:
        """AP cost of an action, or None when the ruleset does not allow it."""
        ...

    def attack_cost(self, ctx: AttackContext) -> int | None:
        """AP cost of this attack, or None when the ruleset does not allow it (e.g. off-turn)."""
        ...

    def action_points(self, speed: int, conditions: frozenset[str]) -> int:
        """The AP pool refilled at the start of the combatant's turn."""
        ...

    def hands(self, conditions: frozenset[str]) -> int:
        """How many hands a combatant with these conditions can hold weapons in."""
        ...

    def opens(self, action: Action, ctx: AttackContext | None, stats: StatBlock) -> bool:
        """Whether the action presents an opening to threatening enemies (None: no reactions)."""
        ...

    def incapacity(self, conditions: frozenset[str]) -> str | None:
        """Why a combatant with these conditions can take no action but ending its turn."""
        ...

    def counter(self, ctx: AttackContext) -> Counter | None:
        """The blow the defender may strike first against this attack, or None."""
        ...

    def ends_turn(self, action: Action) -> bool:
        """Whether doing `action` takes the rest of the turn (its AP drops to 0 after it)."""
        ...

    def heal(self, conditions: Mapping[str, int], amount: int) -> dict[str, int]:
        """The conditions (name -> strength) left after healing `amount` hit points."""
        ...

    def upkeep(
        self, stats: StatBlock, conditions: Mapping[str, int], dice: Dice
    ) -> Upkeep:
        """What the conditions (name -> strength) do at the start of the combatant's turn."""
        ...

    def landing(self, weapon: Weapon, surface: str, dice: Dice) -> Landing:
        """What happens to a dropped or missed thrown weapon landing on `surface`."""
        ...

    def roll_initiative(self, entrants: Sequence[Entrant], dice: Dice) -> Initiative:
        """Roll the round's initiative and return the acting order."""
        ...

    def attack_refusal(self, ctx: AttackContext) -> str | None:
        """Why this attack cannot be made (checked before any die), or None."""
        ...

    def resolve_attack(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        """Resolve one attack with the battle's dice."""
        ...

    def ai_options(self, ctx: AttackContext) -> tuple[str, ...]:
        """The maneuvers (sorted) the AI chooses for this attack; () for a plain attack."""
        ...

    def odds_function(self) -> OddsFunction | None:
        """The ruleset's exact-odds function (imported when first asked for), or None."""
        ...

    def weapon_problem(self, weapon: Weapon) -> str | None:
        """What this ruleset needs of a weapon that it lacks, or None (the loader refuses it)."""
        ...


@runtime_checkable
class Extras(Protocol):
    """Members a ruleset may add to `Ruleset`; the engine asks `isinstance(ruleset, Extras)`.

    `buffs` names the area buffs combatants may start (`invoke`); `kick_cost` is the AP an
    ally pays to kick a dropped weapon back to its owner's hex (`kick`). The AI of a ruleset
    with extras also goes back for dropped weapons and starts buffs.
    """

    buffs: tuple[str, ...]
    kick_cost: int

    def buff(self, name: str, stats: StatBlock) -> Buff | None:
        """The buff `name` a combatant with these stats can start, or None when it cannot."""
        ...
