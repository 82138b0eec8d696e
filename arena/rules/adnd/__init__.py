"""Ruleset `adnd`: document 002, AD&D-style THAC0 with critical hits and fumbles on the map.

d20 + modifiers against THAC0 − AC; natural 20s explode into multipliers, natural 1s throw the
weapon into a neighbouring hex where it may break, natural 2s strike allies (friendly fire,
friendly hits); heavy hits wound. The tables live in `assets/rules/adnd/` and are read once,
on first use. Sources: `docs/rules/adnd.md`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arena.dice import Dice, Roll
from arena.errors import AssetError
from arena.model.stats import StatBlock, Weapon
from arena.rules.adnd.attack import (
    FEET_PER_HEX,
    attack_modifiers,
    critical_chain,
    damage_modifiers,
    fumble,
    mishap,
    range_band,
    sweeping,
    thac0,
    wounds,
)
from arena.rules.adnd.stats import BUFFS, FIELDS, UNARMED, block_problem, buff_of
from arena.rules.adnd.tables import TableOwner
from arena.rules.base import (
    Action,
    AttackContext,
    AttackResult,
    Buff,
    Entrant,
    Initiative,
    Landing,
    OddsFunction,
    RulesetDefaults,
    Upkeep,
)
from arena.rules.routine import one_attack_refusal, routine_cost

__all__ = ["UNARMED", "AdndRuleset"]

# DECISIONS.md, common section: move 1, facing free, one attack 3, pick up 1, draw 1.
# Interpretations (docs/rules/adnd.md): reloading a crossbow 1, standing up 2, kicking 1.
COSTS: dict[Action, int] = {
    "move": 1, "face": 0, "melee": 3, "ranged": 3, "pick_up": 1, "draw": 1, "reload": 1,
    "stand_up": 2, "use_item": 3,  # an item (potion, bandages) takes the round's action
}
KICK_COST = 1


def check_entrant(entrant: Entrant) -> None:
    """Fail with one line when a combatant's stat block is inconsistent (18/xx without 18)."""
    problem = block_problem(entrant.stats)
    if problem is not None:
        raise AssetError(f"adnd stats of combatant #{entrant.entity}: {problem}")


def magical(weapon: Weapon) -> bool:
    """Whether the weapon carries any enchantment, plain or against a kind of foe."""
    return weapon.magic != 0 or any(bonus for _, bonus in weapon.conditional)


class AdndRuleset(TableOwner, RulesetDefaults):
    """Document 002: THAC0, exploding criticals, fumble scatter, breakage, friendly fire."""

    name = "adnd"
    version = "0.3"
    title = "AD&D critical hits & fumbles (THAC0)"
    fields = FIELDS
    maneuvers: tuple[tuple[str, str], ...] = ()
    unarmed: Weapon | None = UNARMED
    wants_bystanders = True
    buffs: tuple[str, ...] = tuple(BUFFS)
    kick_cost = KICK_COST

    def action_cost(self, action: Action, weapon: Weapon | None, off_turn: bool) -> int | None:
        """AP cost from DECISIONS.md's common section; nothing happens off-turn."""
        return None if off_turn else COSTS.get(action)

    def attack_cost(self, ctx: AttackContext) -> int | None:
        """One attack costs 3 AP on the own turn; the rest of a natural routine is free."""
        return routine_cost(ctx, self.action_cost(
            "ranged" if ctx.weapon.is_ranged else "melee", ctx.weapon, ctx.off_turn))

    def upkeep(self, stats: StatBlock, conditions: Mapping[str, int], dice: Dice) -> Upkeep:
        """Wounds bleed their strength in hp at the start of each of the combatant's turns."""
        bleeding = conditions.get("bleeding", 0)
        if not bleeding:
            return Upkeep()
        return Upkeep(bleeding, (), (f"bleeding {bleeding} a round from wounds",))

    def landing(self, weapon: Weapon, surface: str, dice: Dice) -> Landing:
        """Roll the break die on a hard surface: 1 breaks; magic weapons roll twice, need two 1s.

        A magic weapon that breaks is destroyed at +1; at +2 or better (its best bonus) it loses
        one point from every bonus instead.
        """
        sides = self.break_die(weapon)
        if surface != "hard" or not sides:
            return Landing()
        throws = 2 if magical(weapon) else 1
        rolls = tuple(dice.d(sides, f"break d{sides}") for _ in range(throws))
        if any(r.faces[0] != 1 for r in rolls):
            return Landing(rolls=rolls)
        best = max((weapon.magic, *(bonus for _, bonus in weapon.conditional)))
        if throws == 2 and best >= 2:
            return Landing(magic_lost=1, rolls=rolls)
        return Landing(broken=True, rolls=rolls)

    def mendable(self, weapon: Weapon) -> bool:
        """A broken ordinary weapon can be mended; a magic one that broke is destroyed.

        Document: a magic weapon that breaks is "permanently losing its magical properties",
        and "If a magical weapon with a +1 bonus breaks, it is destroyed" (a +2 or better only
        loses a point, and never breaks outright).
        """
        return not magical(weapon)

    def break_die(self, weapon: Weapon) -> int:
        """Sides of the weapon's break die: its own, else this ruleset's table's; 0 if none."""
        return weapon.break_die or self.tables.break_dice.get(weapon.id, 0)

    def weapon_problem(self, weapon: Weapon) -> str | None:
        """A weapon with no break die cannot follow the document's breakage rule."""
        if weapon.id == UNARMED.id or weapon.natural or self.break_die(weapon):
            return None
        return ("it has no adnd break die (give it `break_die` or list it in "
                "assets/rules/adnd/weapons.toml)")

    def buff(self, name: str, stats: StatBlock) -> Buff | None:
        """Chant, prayer or martial spirit, for a combatant with that ability."""
        return buff_of(name, stats)

    def roll_initiative(self, entrants: Sequence[Entrant], dice: Dice) -> Initiative:
        """d10 per combatant, lower first; ties to the lower entity id."""
        rolls = []
        keyed = []
        for e in sorted(entrants, key=lambda e: e.entity):
            check_entrant(e)
            roll = dice.roll("d10", f"initiative #{e.entity}")
            rolls.append(roll)
            keyed.append((roll.total, e.entity))
        keyed.sort()
        return Initiative(
            order=tuple(entity for _, entity in keyed),
            rolls=tuple(rolls),
            scores=tuple((entity, score) for score, entity in keyed),
        )

    def attack_refusal(self, ctx: AttackContext) -> str | None:
        """One attack per turn; melee within reach; missiles within long range (3 × range)."""
        if (spent := one_attack_refusal(ctx)) is not None:
            return spent
        weapon = ctx.weapon
        if not weapon.is_ranged:
            if ctx.distance > weapon.reach:
                return (f"{weapon.name} reaches {weapon.reach} hex(es); "
                        f"target is {ctx.distance} away")
            return None
        if range_band(weapon, ctx.distance) > 2:
            longest = 3 * weapon.range_ft // FEET_PER_HEX
            return (f"{weapon.name} reaches {longest} hexes (long range); "
                    f"target is {ctx.distance} away")
        return None

    def odds_function(self) -> OddsFunction:
        """The document's exact odds (`odds.py` beside this file), imported when first asked."""
        from arena.rules.adnd.odds import adnd_odds  # noqa: PLC0415 (keeps start-up light)

        return adnd_odds

    def resolve_attack(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        """d20 + modifiers ≥ THAC0 − AC; natural 1 fumbles, 2 may strike an ally, 20 explodes."""
        if "auto_hit" in ctx.options:
            return self.automatic(ctx, dice)
        tables = self.tables
        mods = attack_modifiers(tables, ctx)
        base, ac = thac0(tables, ctx.attacker), ctx.defender.number("ac")
        needed = base - ac
        label = f"THAC0 {base} - AC {ac} ="
        roll = dice.roll("d20", "attack d20")
        natural = roll.faces[0]
        total = natural + sum(m.value for m in mods)
        hit = natural == 20 or (natural != 1 and total >= needed)
        if not hit:
            trouble = fumble(dice, ctx, UNARMED.id) if natural == 1 else (
                mishap(tables, dice, ctx) if natural == 2 else None)
            if trouble is None:
                return AttackResult(natural, mods, total, label, needed, False, (roll,))
            return AttackResult(natural, mods, total, label, needed, False,
                                (roll, *trouble.rolls), notes=trouble.notes,
                                effects=trouble.effects, fumble=natural == 1)
        notes: list[str] = []
        rolls: list[Roll] = [roll]
        multiplier = 1
        if natural == 20 and total >= needed + 2:
            multiplier, chain, note = critical_chain(dice, ctx.defender.flag("helmet"))
            rolls.extend(chain)
            notes.append(note)
        elif natural == 20:
            notes.append(f"natural 20, but {total} < {needed} + 2: no critical")
        elif natural == 2 and (ctx.weapon.is_ranged or sweeping(tables, ctx)):
            notes.append("natural 2 hits the target: no friendly fire or friendly hit")
        return self.damage(ctx, dice, AttackResult(
            natural, mods, total, label, needed, True, tuple(rolls), critical=multiplier > 1,
            notes=tuple(notes), multiplier=multiplier,
        ))

    def automatic(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        """A strike that hits whatever the armour (friendly fire, friendly hits): damage only."""
        kind = next((o for o in sorted(ctx.options) if o.startswith("friendly_")), None)
        notes = (f"{kind.replace('_', ' ')}: whatever the armour, without chant, prayer or "
                 "martial spirit",) if kind is not None else ()
        return self.damage(ctx, dice, AttackResult(0, (), 0, "automatic", 0, True, (),
                                                   notes=notes))

    def damage(self, ctx: AttackContext, dice: Dice, hit: AttackResult) -> AttackResult:
        """Roll the weapon's damage, add the modifiers, multiply, and wound on 11+."""
        roll = dice.roll(ctx.weapon.damage, f"damage {ctx.weapon.damage}")
        dmods = damage_modifiers(self.tables, ctx)
        damage = max(1, (roll.total + sum(m.value for m in dmods)) * hit.multiplier)
        return AttackResult(
            hit.natural, hit.modifiers, hit.total, hit.target_label, hit.target, True,
            (*hit.rolls, roll), dmods, damage, critical=hit.critical, notes=hit.notes,
            effects=wounds(ctx, damage), multiplier=hit.multiplier,
        )
