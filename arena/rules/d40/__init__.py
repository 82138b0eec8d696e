"""Ruleset `d40`: the 2d20 Attack Table, class progression and critical tables of document 000.

2d20 + modifiers against the table number for (target AC, class column at the attacker's
level); unmodified 40 / 2 are automatic critical hits / misses, 37-39 / 3-4 may be (a d100);
the Critical Hit and Critical Miss Tables (d20) put their effects on the map. The tables live
in `assets/rules/d40/` and are read once, on first use. Sources: `docs/rules/d40.md`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arena.dice import Dice, Roll
from arena.model.stats import StatBlock, Weapon
from arena.rules.base import (
    Action,
    AttackContext,
    AttackResult,
    Effect,
    Entrant,
    Initiative,
    Modifier,
    OddsFunction,
    RulesetDefaults,
    Upkeep,
)
from arena.rules.d40.attack import (
    AUTO_HIT,
    NATURAL_CRITICAL,
    NATURAL_FUMBLE,
    Plan,
    damage_modifiers,
    decide_critical,
    decide_fumble,
    longest_range,
    maximum_damage,
    plan_attack,
    signed,
)
from arena.rules.d40.criticals import BLEEDING_DIE, critical_hit
from arena.rules.d40.fumbles import critical_miss
from arena.rules.d40.stats import FIELDS, UNARMED
from arena.rules.d40.tables import TableOwner
from arena.rules.routine import one_attack_refusal, routine_cost

ATTACK_COST = 3
# DECISIONS.md, common section: move 1, facing free, one attack 3, pick up 1, draw 1; picking
# up then ends the turn ("spend 1 round to pick it up": `ends_turn`). Interpretations
# (docs/rules/d40.md): standing up 2, reloading 3.
COSTS: dict[Action, int] = {
    "move": 1, "face": 0, "melee": ATTACK_COST, "ranged": ATTACK_COST, "pick_up": 1,
    "draw": 1, "stand_up": 2, "reload": 3, "use_item": ATTACK_COST,
}
WHOLE_TURN: frozenset[Action] = frozenset({"pick_up"})


class D40Ruleset(TableOwner, RulesetDefaults):
    """Document 000: the D40 (2d20) Attack Table with critical hits and critical misses."""

    name = "d40"
    version = "0.3"
    title = "D40: the 2d20 Attack Table with critical hit and miss tables"
    fields = FIELDS
    maneuvers: tuple[tuple[str, str], ...] = ()
    unarmed: Weapon | None = UNARMED
    wants_bystanders = True

    def action_cost(self, action: Action, weapon: Weapon | None, off_turn: bool) -> int | None:
        """AP cost on the own turn; nothing is done off-turn but an attack of opportunity."""
        return None if off_turn else COSTS.get(action)

    def attack_cost(self, ctx: AttackContext) -> int | None:
        """3 AP an attack; free: an attack of opportunity (melee only), a natural routine's rest."""
        if ctx.off_turn:
            return None if ctx.weapon.is_ranged else 0
        return routine_cost(ctx, ATTACK_COST)

    def action_points(self, speed: int, conditions: frozenset[str]) -> int:
        """The pool is `speed`; blind: half (rounded up), but enough for one attack."""
        if "blind" in conditions:
            return min(speed, max(ATTACK_COST, -(-speed // 2)))
        return speed

    def incapacity(self, conditions: frozenset[str]) -> str | None:
        """A stunned combatant "can take no actions"."""
        return "stunned" if "stunned" in conditions else None

    def ends_turn(self, action: Action) -> bool:
        """Picking a weapon up takes the round: "spend 1 round to pick it up"."""
        return action in WHOLE_TURN

    def heal(self, conditions: Mapping[str, int], amount: int) -> dict[str, int]:
        """"A healing potion/spell/etc of any kind will immediately stop any bleeding"."""
        left = dict(conditions)
        if amount > 0:
            left.pop("bleeding", None)
        return left

    def upkeep(self, stats: StatBlock, conditions: Mapping[str, int], dice: Dice) -> Upkeep:
        """Heavy bleeding: 1d4 damage at the start of each of the bleeder's turns."""
        if "bleeding" not in conditions:
            return Upkeep()
        sides = conditions["bleeding"] or BLEEDING_DIE
        roll = dice.roll(f"d{sides}", f"bleeding d{sides}")
        return Upkeep(roll.total, (roll,), ("heavy bleeding",))

    def roll_initiative(self, entrants: Sequence[Entrant], dice: Dice) -> Initiative:
        """d10 per combatant, lower first; ties to the lower entity id."""
        rolls: list[Roll] = []
        keyed: list[tuple[int, int]] = []
        for e in sorted(entrants, key=lambda e: e.entity):
            roll = dice.roll("d10", f"initiative #{e.entity}")
            rolls.append(roll)
            keyed.append((roll.total, e.entity))
        keyed.sort()
        return Initiative(order=tuple(e for _, e in keyed), rolls=tuple(rolls),
                          scores=tuple((e, score) for score, e in keyed))

    def attack_refusal(self, ctx: AttackContext) -> str | None:
        """One attack per turn; melee within reach; missiles within long range."""
        weapon = ctx.weapon
        if (spent := one_attack_refusal(ctx)) is not None:
            return spent
        if not weapon.is_ranged:
            if ctx.distance > weapon.reach:
                return (f"{weapon.name} reaches {weapon.reach} hex(es); "
                        f"target is {ctx.distance} away")
            return None
        if ctx.distance > longest_range(weapon):
            return (f"{weapon.name} reaches {longest_range(weapon)} hexes (long range); "
                    f"target is {ctx.distance} away")
        return None

    def odds_function(self) -> OddsFunction:
        """The document's exact odds (`odds.py` beside this file), imported when first asked."""
        from arena.rules.d40.odds import d40_odds  # noqa: PLC0415 (keeps start-up light)

        return d40_odds

    def resolve_attack(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        """2d20 + modifiers against the table; chance rolls; damage; the critical tables."""
        if AUTO_HIT in ctx.options:
            return self.automatic(ctx, dice)
        plan = plan_attack(self.tables, ctx)
        roll = dice.roll("2d20", "attack 2d20")
        natural = roll.total
        total = natural + sum(m.value for m in plan.modifiers)
        hit = natural == NATURAL_CRITICAL or (natural != NATURAL_FUMBLE and total >= plan.needed)
        rolls: list[Roll] = [roll]
        notes = self.verdict_notes(natural, total, plan.needed)
        if hit:
            critical = decide_critical(natural, plan.needed, dice, rolls, notes)
            return self.hit(ctx, plan, dice, (natural, total), rolls, notes, critical)
        return self.miss(ctx, plan, dice, (natural, total), rolls, notes)

    @staticmethod
    def verdict_notes(natural: int, total: int, needed: int) -> list[str]:
        """Why the verdict overrides the numbers, when it does."""
        if natural == NATURAL_CRITICAL and total < needed:
            return ["natural 40 always hits"]
        if natural == NATURAL_FUMBLE and total >= needed:
            return ["natural 2 always misses"]
        return []

    def automatic(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        """An automatic hit: the weapon's damage; no attack roll, so no critical."""
        dmods = damage_modifiers(self.tables, ctx)
        roll = dice.roll(ctx.weapon.damage, f"damage {ctx.weapon.damage}")
        damage = max(1, roll.total + sum(m.value for m in dmods))
        return AttackResult(0, (), 0, "automatic", 0, True, (roll,), dmods, damage)

    def hit(
        self, ctx: AttackContext, plan: Plan, dice: Dice, numbers: tuple[int, int],
        rolls: list[Roll], notes: list[str], critical: bool,
    ) -> AttackResult:
        """Damage: the weapon's dice + modifiers, or the Critical Hit Table's row."""
        if critical:
            return self.critical_damage(ctx, plan, dice, numbers, rolls, notes)
        natural, total = numbers
        dmods = damage_modifiers(self.tables, ctx)
        damage_roll = dice.roll(ctx.weapon.damage, f"damage {ctx.weapon.damage}")
        rolls.append(damage_roll)
        damage = max(1, damage_roll.total + sum(m.value for m in dmods))
        return AttackResult(natural, plan.modifiers, total, plan.label, plan.needed, True,
                            tuple(rolls), dmods, damage, notes=tuple(notes))

    def critical_damage(
        self, ctx: AttackContext, plan: Plan, dice: Dice, numbers: tuple[int, int],
        rolls: list[Roll], notes: list[str],
    ) -> AttackResult:
        """The Critical Hit Table's row: MWD (no damage dice) × its multiplier + its bonus."""
        natural, total = numbers
        dmods = damage_modifiers(self.tables, ctx)
        crit = critical_hit(ctx, dice)
        rolls.extend(crit.rolls)
        top = maximum_damage(ctx.weapon)
        base = top + sum(m.value for m in dmods)
        row = crit.row
        damage = max(1, base * row.multiplier + row.bonus)
        times = f" x{row.multiplier} = {base * row.multiplier}" if row.multiplier > 1 else ""
        plus = f" +{row.bonus} = {damage}" if row.bonus else ""
        crit.notes.insert(1, f"MWD: {ctx.weapon.damage} max {top}{signed(dmods)} = {base}"
                             f"{times}{plus} damage")
        bonus = (Modifier("critical", row.bonus),) if row.bonus else ()
        return AttackResult(
            natural, plan.modifiers, total, plan.label, plan.needed, True, tuple(rolls), dmods,
            damage, critical=True, notes=(*notes, *crit.notes), effects=tuple(crit.effects),
            multiplier=row.multiplier, bonus_damage=bonus,
        )

    def miss(
        self, ctx: AttackContext, plan: Plan, dice: Dice, numbers: tuple[int, int],
        rolls: list[Roll], notes: list[str],
    ) -> AttackResult:
        """A miss, and on a critical miss the Critical Miss Table's row."""
        natural, total = numbers
        effects: tuple[Effect, ...] = ()
        lands = None
        fumbled = decide_fumble(self.tables, ctx, plan.needed, dice, rolls, notes)
        if fumbled:
            result = critical_miss(ctx, dice)
            rolls.extend(result.rolls)
            notes.extend(result.notes)
            effects = tuple(result.effects)
            lands = result.thrown_lands
        return AttackResult(natural, plan.modifiers, total, plan.label, plan.needed, False,
                            tuple(rolls), notes=tuple(notes), fumble=fumbled, effects=effects,
                            thrown_lands=lands)
