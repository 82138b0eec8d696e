"""Ruleset `ap`: the action-point d20 rules of document 003 (Legends of Cphera, "Attack")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arena.dice import Dice, Roll
from arena.model.stats import StatBlock, Weapon
from arena.rules.ap.attack import (
    FEET_PER_HEX,
    attack_modifiers,
    defence_modifiers,
    overflow,
    range_increment,
)
from arena.rules.ap.hands import (
    TWO_WEAPONS,
    UNARMED,
    feats,
    mixing_refusal,
    severed_drops,
    two_weapon_penalty,
)
from arena.rules.ap.tables import (
    DOUBLE_CRITICALS,
    FOOT_OR_LEG,
    LEGS,
    LOST_HAND,
    TWO_WEAPON_FEATS,
)
from arena.rules.base import (
    Action,
    AttackContext,
    AttackResult,
    Effect,
    Entrant,
    FieldSpec,
    Initiative,
    Modifier,
    OddsFunction,
    RulesetDefaults,
)
from arena.rules.routine import in_routine

MAX_INCREMENTS = 10
MAX_THROWN_INCREMENTS = 5
FEATS = ("unarmed_strike", *TWO_WEAPON_FEATS)

FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("ac", "int", 10, "armour class (ascending); attack totals must reach it", 0, 60),
    FieldSpec("str", "int", 0, "Strength, added to attack and damage rolls", -5, 20),
    FieldSpec("dex", "int", 0, "Dexterity, added to initiative", -5, 20),
    FieldSpec("bab", "int", 0, "base attack bonus, added to attack rolls", 0, 30),
    FieldSpec("feats", "set", "", "feats: " + ", ".join(FEATS), choices=FEATS),
    FieldSpec("crit_immune", "bool", False, "immune to critical hits and overflow damage"),
)
MANEUVERS = (
    ("sublethal", "−4 to hit; sublethal damage, no overflow (melee only)"),
    (TWO_WEAPONS, "weapon and unarmed strikes this turn: two-weapon penalties on both "
                  "(on the turn's first attack)"),
)
__all__ = ["UNARMED", "ApRuleset", "attack_modifiers", "defence_modifiers", "feats", "overflow",
           "range_increment", "two_weapon_penalty"]

# (own turn, off turn); None = not allowed. DECISIONS.md, `ap`: action costs.
COSTS: dict[Action, tuple[int, int | None]] = {
    "move": (1, 1),
    "face": (0, 1),
    "melee": (4, 2),
    "ranged": (4, None),
    "pick_up": (1, 1),
    "draw": (1, 1),
    "stand_up": (2, 2),
    "reload": (3, 3),
    "use_item": (2, None),  # interpretation (issue 19): like standing up; not off-turn
}


class ApRuleset(RulesetDefaults):
    """Document 003: d20 + Strength + BAB against ascending AC, paid for in action points."""

    name = "ap"
    version = "0.4"
    title = "Action-point d20 (Legends of Cphera 'Attack')"
    fields = FIELDS
    maneuvers: tuple[tuple[str, str], ...] = MANEUVERS
    unarmed: Weapon | None = UNARMED
    wants_bystanders = False
    ac_rises = True

    def action_cost(self, action: Action, weapon: Weapon | None, off_turn: bool) -> int | None:
        """AP cost from DECISIONS.md's table."""
        own, off = COSTS[action]
        return off if off_turn else own

    def attack_cost(self, ctx: AttackContext) -> int | None:
        """Cost an attack: main weapon 4 (2 off-turn), off hand 4 (2 on the main's target).

        A natural routine's later attacks (claw after bite) cost 2, as off-hand attacks do.

        Ranged attacks cost 4 and are never made off-turn; a longbow costs 6.
        """
        if ctx.weapon.is_ranged:
            if ctx.off_turn:
                return None
            return 6 if "longbow" in ctx.weapon.tags else 4
        if ctx.off_turn:
            return 2
        if (ctx.slot > 0 and ctx.primary_attacked_target) or in_routine(ctx):
            return 2
        return 4

    def opens(self, action: Action, ctx: AttackContext | None, stats: StatBlock) -> bool:
        """Tell which actions are Open (DECISIONS.md `ap`).

        Ranged attacks, moving, standing up, picking up, reloading, and unarmed attacks
        without the Unarmed Strike feat.
        """
        if action in ("move", "stand_up", "pick_up", "reload", "ranged"):
            return True
        if action == "melee" and ctx is not None:
            return ctx.weapon.id == UNARMED.id and "unarmed_strike" not in feats(ctx.attacker)
        return False

    def hands(self, conditions: frozenset[str]) -> int:
        """Hands left to hold weapons: two, less each severed hand or arm side."""
        if not conditions:
            return 2  # (every attack asks: the common case without building a set)
        lost = {LOST_HAND[c] for c in conditions if c in LOST_HAND}
        return 2 - len(lost)

    def carried_conditions(
        self, conditions: Mapping[str, tuple[int, int]]
    ) -> dict[str, tuple[int, int]]:
        """A severed leg still leaves the combatant "prone and unable to stand" (DECISIONS.md)."""
        entering = dict(conditions)
        if any(part in entering for part in LEGS):
            entering.setdefault("prone", (0, 0))
        return entering

    def action_points(self, speed: int, conditions: frozenset[str]) -> int:
        """The pool is `speed`, halved for each severed foot or leg."""
        for part in FOOT_OR_LEG:
            if part in conditions:
                speed //= 2
        return speed

    def roll_initiative(self, entrants: Sequence[Entrant], dice: Dice) -> Initiative:
        """d20 + Dexterity each; higher first, ties to higher Dexterity, then entity id."""
        rolls = []
        keyed = []
        for e in sorted(entrants, key=lambda e: e.entity):
            dex = e.stats.number("dex")
            roll = dice.roll("d20", f"initiative #{e.entity}")
            rolls.append(roll)
            keyed.append((-(roll.total + dex), -dex, e.entity))
        keyed.sort()
        order = tuple(k[2] for k in keyed)
        scores = tuple((k[2], -k[0]) for k in keyed)
        return Initiative(order=order, rolls=tuple(rolls), scores=scores)

    def attack_refusal(self, ctx: AttackContext) -> str | None:
        """Reach for melee, 10 increments for ranged (thrown 5), hands left to hold the weapon."""
        if ctx.weapon.id != UNARMED.id and ctx.weapon.hands > self.hands(ctx.attacker_conditions):
            return f"cannot wield {ctx.weapon.name} with the hands left"
        mixing = mixing_refusal(ctx)
        if mixing is not None:
            return mixing
        if "sublethal" in ctx.options and ctx.weapon.is_ranged:
            return "sublethal attacks are melee attacks"
        if not ctx.weapon.is_ranged:
            if ctx.distance > ctx.weapon.reach:
                return (f"{ctx.weapon.name} reaches {ctx.weapon.reach} hex(es); "
                        f"target is {ctx.distance} away")
            return None
        limit = MAX_THROWN_INCREMENTS if ctx.weapon.kind == "thrown" else MAX_INCREMENTS
        if range_increment(ctx.weapon, ctx.distance) > limit:
            reach = limit * ctx.weapon.range_ft // FEET_PER_HEX
            return (f"{ctx.weapon.name} reaches {reach} hexes ({limit} increments); "
                    f"target is {ctx.distance} away")
        return None

    def odds_function(self) -> OddsFunction:
        """The document's exact odds (`odds.py` beside this file), imported when first asked."""
        from arena.rules.ap.odds import ap_odds  # noqa: PLC0415 (keeps start-up light)

        return ap_odds

    def resolve_attack(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        """Attack roll, confirmation of a threat, damage with overflow, double critical."""
        mods = attack_modifiers(ctx)
        tmods = defence_modifiers(ctx)
        bonus = sum(m.value for m in mods)
        roll = dice.roll("d20", "attack d20")
        natural = roll.faces[0]
        total = natural + bonus
        ac = ctx.defender.number("ac") + sum(m.value for m in tmods)
        hit = total >= ac or natural == 20
        notes: list[str] = ["natural 20 always hits"] if natural == 20 and total < ac else []
        if not hit:
            return AttackResult(natural, mods, total, "AC", ac, False, (roll,),
                                notes=tuple(notes), target_modifiers=tmods)
        rolls: list[Roll] = [roll]
        critical = double = False
        if natural >= ctx.weapon.threat and not ctx.defender.flag("crit_immune"):
            confirm = dice.roll("d20", "confirm d20")
            rolls.append(confirm)
            critical = confirm.faces[0] == 20 or confirm.faces[0] + bonus >= ac
            double = confirm.faces[0] == 20
            verdict = "confirmed" if critical else "not confirmed"
            notes.append(f"threat; confirm d20 {confirm.faces[0]} {bonus:+d} = "
                         f"{confirm.faces[0] + bonus}: {verdict}")
        damage_roll = dice.roll(ctx.weapon.damage, f"damage {ctx.weapon.damage}")
        rolls.append(damage_roll)
        dmods: tuple[Modifier, ...] = (Modifier("STR", ctx.attacker.number("str")),)
        if ctx.weapon.magic:
            dmods += (Modifier("magic", ctx.weapon.magic),)
        multiplier = ctx.weapon.multiplier if critical else 1
        extra: list[Modifier] = []
        spill = overflow(ctx, total, ac)
        if spill:
            extra.append(Modifier("overflow", spill))
        effects: tuple[Effect, ...] = ()
        if double:
            row_roll = dice.roll("d10", "double critical d10")
            rolls.append(row_roll)
            row = DOUBLE_CRITICALS[row_roll.faces[0]]
            notes.append(f"double critical d10 {row_roll.faces[0]}: {row.result}")
            effects = severed_drops(row.effects, ctx)
            if row.extra is not None:
                extra_roll = dice.roll(row.extra, f"double critical {row.extra}")
                rolls.append(extra_roll)
                extra.append(Modifier(f"{row.result} {row.extra}", extra_roll.total))
        base = damage_roll.total + sum(m.value for m in dmods)
        damage = max(1, base * multiplier + sum(m.value for m in extra))
        return AttackResult(
            natural, mods, total, "AC", ac, True, tuple(rolls), dmods, damage,
            critical=critical, notes=tuple(notes), effects=effects, target_modifiers=tmods,
            multiplier=multiplier, bonus_damage=tuple(extra),
            sublethal="sublethal" in ctx.options,
        )
