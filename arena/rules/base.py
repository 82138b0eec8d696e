"""The ruleset protocol: what every ruleset tells the engine (records in `records`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from arena.dice import Dice
from arena.model.stats import StatBlock, Weapon
from arena.rules.records import (
    AttackContext,
    AttackResult,
    Buff,
    Bystander,
    Counter,
    Effect,
    EffectKind,
    Entrant,
    FieldKind,
    FieldSpec,
    Initiative,
    Landing,
    Modifier,
    Upkeep,
    Who,
)

if TYPE_CHECKING:
    from arena.rules.exact import Odds

__all__ = [
    "Action",
    "AttackContext",
    "AttackResult",
    "Buff",
    "Bystander",
    "Counter",
    "Effect",
    "EffectKind",
    "Entrant",
    "Extras",
    "FieldKind",
    "FieldSpec",
    "Initiative",
    "Landing",
    "Modifier",
    "OddsFunction",
    "Ruleset",
    "RulesetDefaults",
    "Upkeep",
    "Who",
]

Action = Literal[
    "move", "face", "melee", "ranged", "pick_up", "draw", "stand_up", "reload", "provoke",
    "use_item",
]
# A ruleset's exact-odds function: the odds of one attack, computed without rolling a die.
OddsFunction = Callable[["Ruleset", "AttackContext"], "Odds"]


class RulesetDefaults:
    """What a rule document that says nothing about these matters does; rulesets inherit it."""

    ac_rises = False  # armour class is descending (lower is better) unless a ruleset says so

    def action_points(self, speed: int, conditions: frozenset[str]) -> int:
        """The AP pool is the combatant's `speed`."""
        return speed

    def hands(self, conditions: frozenset[str]) -> int:
        """Two hands, whatever the conditions."""
        return 2

    def carried_conditions(
        self, conditions: Mapping[str, tuple[int, int]]
    ) -> dict[str, tuple[int, int]]:
        """A combatant enters a battle with the lasting conditions it carries in, as they are."""
        return dict(conditions)

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

    def mendable(self, weapon: Weapon) -> bool:
        """A weapon this ruleset broke can be mended (at camp) as it was before it broke."""
        return True

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
    ac_rises: bool

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

    def carried_conditions(
        self, conditions: Mapping[str, tuple[int, int]]
    ) -> dict[str, tuple[int, int]]:
        """The conditions a combatant enters a battle with, from the lasting ones it carries.

        Name -> (own turns left, 0 = until removed; strength), as `Wounds` holds them.
        """
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

    def mendable(self, weapon: Weapon) -> bool:
        """Whether `weapon`, broken in a battle of this ruleset, can be mended (False: destroyed).

        Mending never gives back an enchantment a break took (a degraded weapon stays so).
        """
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
