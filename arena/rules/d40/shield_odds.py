"""Exact odds of the `d40` tables' shield outcomes: a drop or shatter on the shield, rows 11-13.

`criticals.struck_shield` decides (without dice) whether rows 17-19 take the defender's
shield; `fumbles.shield_chosen` takes the fumbler's shield on rows 11-13 always (no weapon
that can be lost) or on a d2 of 2. Each weight here is exact, as in `odds`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from arena.model.stats import Armour, StatBlock
from arena.rules.base import AttackContext
from arena.rules.d40.criticals import CRITICAL_HITS
from arena.rules.d40.fumbles import CRITICAL_MISSES, losable
from arena.rules.d40.saves import MAGIC_SAVE_BONUS

FACES = 20
TOTAL = 400 * 100  # the weights of the critical hit and miss are out of this (`odds.TOTAL`)
DROP_FACES = sum(r.high - r.low + 1 for r in CRITICAL_HITS if r.drop)
SHATTER_FACES = sum(r.high - r.low + 1 for r in CRITICAL_HITS if r.shatter)
KNOCK_FACES = sum(r.high - r.low + 1 for r in CRITICAL_MISSES if r.knocked_away)
BREAK_FACES = sum(r.high - r.low + 1 for r in CRITICAL_MISSES if r.break_save)

Tables = dict[str, Mapping[str, Fraction]]


def shield_survives(shield: Armour, wearer: StatBlock) -> int:
    """Faces of 20 on which the shield survives its save vs crushing blow."""
    bonus = MAGIC_SAVE_BONUS + shield.magic if shield.magic > 0 else 0
    need = wearer.number("save_crushing")
    return sum(1 for face in range(1, FACES + 1) if face + bonus >= need)


def fumble_shield_share(ctx: AttackContext) -> Fraction:
    """The chance rows 11-13 take the fumbler's shield: 0 without one, 1 or the d2's 1/2."""
    if ctx.attacker_shield is None:
        return Fraction(0)
    return Fraction(1, 2) if losable(ctx) else Fraction(1)


def critical_shield(shield: Armour, defender: StatBlock, critical: int,
                    effects: dict[str, Fraction], tables: Tables) -> None:
    """Rows 17-19 on the defender's shield: dropped, or shattered when its save fails."""
    survives = shield_survives(shield, defender)
    effects["drop_shield"] = Fraction(critical * DROP_FACES, TOTAL * FACES)
    shatter = Fraction(critical * SHATTER_FACES, TOTAL * FACES)
    effects["break_shield"] = shatter * Fraction(FACES - survives, FACES)
    tables["shatter"] = MappingProxyType({
        "row 19, the shield saves": shatter * Fraction(survives, FACES),
        "row 19, the shield shatters": shatter * Fraction(FACES - survives, FACES)})


def fumble_shield(ctx: AttackContext, fumble: int, weapon_breaks: int | None,
                  effects: dict[str, Fraction], tables: Tables) -> None:
    """Rows 11-13 on the fumbler's shield: its share moves from the weapon to the shield.

    `weapon_breaks` is the faces of 20 on which the weapon fails row 13's save (None: nothing
    in hand that could break).
    """
    shield = ctx.attacker_shield
    share = fumble_shield_share(ctx)
    if shield is None or not share:
        return
    knock = Fraction(fumble * KNOCK_FACES, TOTAL * FACES)
    row13 = Fraction(fumble * BREAK_FACES, TOTAL * FACES)
    if losable(ctx):
        effects["drop_weapon"] = effects.get("drop_weapon", Fraction(0)) - share * knock
    if weapon_breaks is not None:
        effects["break_weapon"] = (effects.get("break_weapon", Fraction(0))
                                   - share * row13 * Fraction(weapon_breaks, FACES))
    survives = shield_survives(shield, ctx.attacker)
    effects["drop_shield"] = effects.get("drop_shield", Fraction(0)) + share * knock
    effects["break_shield"] = (effects.get("break_shield", Fraction(0))
                               + share * row13 * Fraction(FACES - survives, FACES))
    tables["fumble_shield"] = MappingProxyType({
        "rows 11-13 take the weapon": (1 - share) * (knock + row13),
        "rows 11-13 take the shield": share * (knock + row13)})


def with_shields(ctx: AttackContext, critical: int, fumble: int, on_shield: bool,
                 weapon_breaks: int | None, effects: Mapping[str, Fraction],
                 tables: Mapping[str, Mapping[str, Fraction]],
                 ) -> tuple[Mapping[str, Mapping[str, Fraction]], Mapping[str, Fraction]]:
    """The tables and effects of `odds.table_odds` with the shield outcomes weighed in.

    With `on_shield` the weapon's rows 17-19 were left out of `effects` (no disarm, nothing
    to shatter) and the shield's are added here.
    """
    if not (on_shield and critical) and not (fumble and fumble_shield_share(ctx)):
        return tables, effects
    more, rows = dict(effects), dict(tables)
    if on_shield and critical and ctx.defender_shield is not None:
        critical_shield(ctx.defender_shield, ctx.defender, critical, more, rows)
    if fumble:
        fumble_shield(ctx, fumble, weapon_breaks, more, rows)
    return (MappingProxyType(rows),
            MappingProxyType({k: v for k, v in sorted(more.items()) if v}))
