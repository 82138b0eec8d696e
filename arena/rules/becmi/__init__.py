"""Ruleset `becmi`: the Rules Cyclopedia attack roll checklist of document 001.

d20 + adjustments against the Attack Rolls Table (hit roll modifier × armour class), natural 1
and natural 20 rules, weapon mastery, cover, backstab, charge and smash. The tables live in
`assets/rules/becmi/` and are read once, on first use. Sources: `docs/rules/becmi.md`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from arena.dice import Dice
from arena.errors import AssetError
from arena.model.stats import Weapon
from arena.rules.base import (
    Action,
    AttackContext,
    AttackResult,
    Counter,
    Entrant,
    Initiative,
    OddsFunction,
    RulesetDefaults,
)
from arena.rules.becmi.attack import (
    FEET_PER_HEX,
    SET_VS_CHARGE,
    attack_effects,
    damage_modifiers,
    decide_hit,
    expected_damage,
    plan_attack,
    set_spear_slot,
)
from arena.rules.becmi.stats import FIELDS, block_problem
from arena.rules.becmi.tables import TableOwner
from arena.rules.routine import one_attack_refusal, routine_cost

LONG_RANGE = 3
SMASH_LEVEL = 9

# DECISIONS.md, common section: move 1, facing free, one attack 3, pick up 1, draw 1.
# Interpretations (docs/rules/becmi.md): reloading a crossbow 1, standing up 2.
COSTS: dict[Action, int] = {
    "move": 1, "face": 0, "melee": 3, "ranged": 3, "pick_up": 1, "draw": 1, "reload": 1,
    "stand_up": 2, "use_item": 3,  # an item (potion, bandages) takes the round's action
}


def check_entrant(entrant: Entrant) -> None:
    """Fail with one line when a combatant's `hd` or `mastery` is malformed."""
    problem = block_problem(entrant.stats)
    if problem is not None:
        raise AssetError(f"becmi stats of combatant #{entrant.entity}: {problem}")


def smash_refusal(ctx: AttackContext) -> str | None:
    """Why this combatant cannot smash with this weapon, or None."""
    stats = ctx.attacker
    if ctx.weapon.is_ranged:
        return "smash needs a melee weapon"
    if stats.text("class") != "fighter" or stats.number("level") < SMASH_LEVEL:
        return f"only fighters of level {SMASH_LEVEL} or higher can smash"
    return None


def reach_refusal(ctx: AttackContext) -> str | None:
    """Melee within reach; missiles within long range (three times `range_ft`)."""
    weapon = ctx.weapon
    if not weapon.is_ranged:
        if ctx.distance > weapon.reach:
            return f"{weapon.name} reaches {weapon.reach} hex(es); target is {ctx.distance} away"
        return None
    longest = LONG_RANGE * weapon.range_ft // FEET_PER_HEX
    if ctx.distance > longest:
        return f"{weapon.name} reaches {longest} hexes (long range); target is {ctx.distance} away"
    return None


class BecmiRuleset(TableOwner, RulesetDefaults):
    """Document 001: the D&D Rules Cyclopedia attack roll, on a hex map with action points."""

    name = "becmi"
    version = "0.3"
    title = "D&D Rules Cyclopedia attack roll checklist"
    fields = FIELDS
    maneuvers: tuple[tuple[str, str], ...] = (
        ("smash", "-5 to hit, the whole Strength score added to damage, lose initiative"),
    )
    unarmed: Weapon | None = None
    wants_bystanders = False

    def action_cost(self, action: Action, weapon: Weapon | None, off_turn: bool) -> int | None:
        """AP cost from DECISIONS.md's common section; nothing happens off-turn."""
        return None if off_turn else COSTS.get(action)

    def attack_cost(self, ctx: AttackContext) -> int | None:
        """One attack costs 3 AP on the own turn; the rest of a natural routine is free."""
        return routine_cost(ctx, self.action_cost(
            "ranged" if ctx.weapon.is_ranged else "melee", ctx.weapon, ctx.off_turn))

    def roll_initiative(self, entrants: Sequence[Entrant], dice: Dice) -> Initiative:
        """d6 per side, higher first; ties to the lower side index; entity id within a side."""
        for entrant in entrants:
            check_entrant(entrant)
        scores = {}
        rolls = []
        for side in sorted({e.side for e in entrants}):
            roll = dice.roll("d6", f"initiative side {side}")
            rolls.append(roll)
            scores[side] = roll.total
        ranked = sorted(entrants, key=lambda e: (-scores[e.side], e.side, e.entity))
        return Initiative(
            order=tuple(e.entity for e in ranked),
            rolls=tuple(rolls),
            scores=tuple((e.entity, scores[e.side]) for e in ranked),
        )

    def attack_refusal(self, ctx: AttackContext) -> str | None:
        """One attack per turn; reach or range; smash only for fighters of level 9+ in melee."""
        if (spent := one_attack_refusal(ctx)) is not None:
            return spent
        reason = reach_refusal(ctx)
        if reason is None and "smash" in ctx.options:
            reason = smash_refusal(ctx)
        return reason

    def ai_options(self, ctx: AttackContext) -> tuple[str, ...]:
        """Smash when the fighter may and its expected damage beats a plain blow."""
        if "smash" in ctx.options or smash_refusal(ctx) is not None:
            return ()
        smash = dataclasses.replace(ctx, options=ctx.options | {"smash"})
        better = expected_damage(self.tables, smash) > expected_damage(self.tables, ctx)
        return ("smash",) if better else ()

    def odds_function(self) -> OddsFunction:
        """The document's exact odds (`odds.py` beside this file), imported when first asked."""
        from arena.rules.becmi.odds import becmi_odds  # noqa: PLC0415 (keeps start-up light)

        return becmi_odds

    def resolve_attack(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        """Steps 1-9: table entry, d20 + modifiers, natural 1/20, damage with multipliers."""
        tables = self.tables
        plan = plan_attack(tables, ctx)
        roll = dice.roll("d20", "attack d20")
        natural = roll.faces[0]
        total = natural + sum(m.value for m in plan.modifiers)
        hit, why = decide_hit(natural, total, plan.cell)
        notes = (*plan.notes, why) if why else plan.notes
        effects = attack_effects(ctx)
        if not hit:
            return AttackResult(natural, plan.modifiers, total, plan.label, plan.cell.needed,
                                False, (roll,), notes=notes, effects=effects)
        damage_roll = dice.roll(ctx.weapon.damage, f"damage {ctx.weapon.damage}")
        flat = damage_modifiers(tables, ctx, plan)
        damage = max(1, damage_roll.total * plan.factor + sum(m.value for m in flat))
        # Step 7 multiplies the dice alone: step 8's bonuses come after it (`bonus_damage`).
        dmods, bonus = (flat, ()) if plan.factor == 1 else ((), flat)
        return AttackResult(natural, plan.modifiers, total, plan.label, plan.cell.needed, True,
                            (roll, damage_roll), dmods, damage, notes=notes, effects=effects,
                            multiplier=plan.factor, bonus_damage=bonus)

    def counter(self, ctx: AttackContext) -> Counter | None:
        """A spear set against a charge strikes the charger first, its dice doubled."""
        slot = set_spear_slot(ctx)
        if slot is None:
            return None
        return Counter("set spear vs charge", "charge", slot, (SET_VS_CHARGE,))
