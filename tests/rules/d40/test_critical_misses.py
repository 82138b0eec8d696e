"""`d40` Critical Miss Table (d20): every row, with scripted dice (natural 2, then the table).

"If a player suffers a Critical Miss of any kind then they automatically lose any additional
attacks or actions for the rest of that round": every row ends with `end_turn`.
"""

from __future__ import annotations

import pytest

from arena.rules.base import Effect
from arena.rules.d40.fumbles import CRITICAL_MISSES, fumble_row
from arena.rules.d40.stats import UNARMED
from tests.rules.d40.kit import (
    BOW,
    BRITTLE,
    D40,
    JAVELIN,
    MAGIC_SWORD,
    SWORD,
    bystander,
    ctx,
    d40_stats,
    dice,
    purposes,
)

END = Effect("end_turn", "attacker")
LOSE_INIT = Effect("condition", "attacker", "lose_initiative")
PROVOKE = Effect("provoke", "attacker")
FLAT = Effect("condition", "attacker", "flat_footed", rounds=2)


def fumble(*row_dice, **kw):
    """A natural-2 critical miss whose table d20 and row dice are `row_dice`."""
    result = D40.resolve_attack(ctx(**kw), dice(1, 1, *row_dice))
    assert result.fumble and not result.hit
    return result


def drop(direction, amount, slot=0):
    return Effect("drop_weapon", "attacker", slot=slot, direction=direction, amount=amount)


def test_every_d20_face_has_exactly_one_row():
    assert all(fumble_row(f).low <= f <= fumble_row(f).high for f in range(1, 21))
    assert sum(row.high - row.low + 1 for row in CRITICAL_MISSES) == 20


@pytest.mark.parametrize("face", [1, 2])
def test_rows_1_2_stumble_and_lose_initiative_next_round(face):
    assert fumble(face).effects == (LOSE_INIT, END)


@pytest.mark.parametrize("face", [3, 4])
def test_rows_3_4_stumble_lose_initiative_and_provoke_an_attack_of_opportunity(face):
    assert fumble(face).effects == (LOSE_INIT, PROVOKE, END)


@pytest.mark.parametrize(("feet", "hexes"), [(1, 1), (5, 1), (6, 2)])
def test_rows_5_6_lose_the_weapon_d6_feet_away_in_a_random_direction(feet, hexes):
    # "fallen 1d6 ft. in a random direction": feet to hexes rounding up; d6 - 1 = the
    # direction from the fumbler's facing (0 ahead, 1 front-left, ...).
    result = fumble(5, feet, 4)
    assert result.effects == (drop(3, hexes), END)
    assert purposes(result)[-2:] == ["loses the weapon d6 feet", "loses the weapon direction d6"]


def test_a_bow_falls_at_the_feet_and_rolls_no_dice():
    # "If the character is using a bow it falls at their feet."
    result = fumble(6, weapon=BOW, distance=4)
    assert result.effects == (Effect("drop_weapon", "attacker", slot=0), END)
    assert purposes(result) == ["attack 2d20", "critical miss d20"]


def test_a_thrown_weapon_veers_10_to_20_feet_from_its_target():
    # DECISIONS.md `d40`: "thrown weapons veer 10–20 feet": d3 2 -> 15 ft = 3 hexes, d6 4 ->
    # direction 3 from the line of the throw (straight back toward the thrower's side).
    result = fumble(5, 2, 4, weapon=JAVELIN, distance=3)
    assert result.thrown_lands == (3, 3)
    assert [r.purpose for r in result.rolls][-2:] == ["loses the weapon veer d3",
                                                      "loses the weapon direction d6"]


def test_a_thrown_weapon_is_already_away_and_fists_cannot_be_lost():
    # The thrown weapon left the hand with the throw; it lands where `thrown_lands` says.
    assert fumble(5, 1, 1, weapon=JAVELIN, distance=3).effects == (END,)
    assert fumble(5, weapon=UNARMED).effects == (END,)
    assert fumble(5, attacker=d40_stats(attached=True)).effects == (END,)


def test_the_weapon_used_is_the_one_lost():
    result = fumble(5, 3, 1, weapon=SWORD, slot=1, wielded=(MAGIC_SWORD, SWORD, UNARMED))
    assert result.effects == (drop(0, 1, slot=1), END)


@pytest.mark.parametrize("face", [7, 8])
def test_rows_7_8_lose_the_weapon_and_provoke(face):
    assert fumble(face, 2, 2).effects == (drop(1, 1), PROVOKE, END)


@pytest.mark.parametrize("face", [9, 10])
def test_rows_9_10_lose_the_weapon_provoke_and_lose_initiative(face):
    assert fumble(face, 2, 6).effects == (drop(5, 1), LOSE_INIT, PROVOKE, END)


@pytest.mark.parametrize("face", [11, 12])
def test_rows_11_12_weapon_knocked_1d10_feet_away_and_an_automatic_hit_by_the_opponent(face):
    # "suffered an automatic hit against them by their opponent ... Weapon or Shield falls
    # 1d10 ft. in a random direction."
    result = fumble(face, 7, 1)
    assert result.effects == (
        drop(0, 2), Effect("strike", "defender", options=("free", "auto_hit", "target_turn")),
        END)
    assert purposes(result)[-2:] == ["weapon knocked away d10 feet",
                                     "weapon knocked away direction d6"]


def test_the_automatic_hit_needs_the_opponent_within_reach():
    result = fumble(11, 3, 1, weapon=BOW, distance=5)
    assert result.effects == (drop(0, 1), END)
    assert "the opponent is out of reach: no automatic hit" in result.notes


def test_row_13_the_weapon_saves_vs_crushing_blow_or_breaks():
    # "A weapon gains a bonus for each quality level above Good": quality 1, save 12.
    broken = fumble(13, 10)
    assert broken.effects == (Effect("break_weapon", "attacker", slot=0), END)
    assert ("the longsword saves vs crushing blow: d20 10 +1 quality = 11 vs 12: it breaks"
            in broken.notes)
    assert fumble(13, 11).effects == (END,)


def test_magic_weapons_save_with_5_plus_their_magic_bonus():
    # "magikal weapons get an automatic +5 to rolls along with their magikal bonuses"
    result = fumble(13, 3, weapon=MAGIC_SWORD)
    assert result.effects == (END,)
    assert ("the flame blade saves vs crushing blow: d20 3 +2 quality +7 magic = 12 vs 12: "
            "saved" in result.notes)


def test_row_13_a_weapon_without_its_own_save_saves_with_its_wielders():
    # DECISIONS.md `d40`: "Saves (... "save vs crushing blow") use a saving-throw number from
    # the combatant's stat block". The club has none: the wielder's `save_crushing` 10.
    broken = fumble(13, 9, weapon=BRITTLE)
    assert broken.effects == (Effect("break_weapon", "attacker", slot=0), END)
    assert purposes(broken) == ["attack 2d20", "critical miss d20", "crushing blow save d20"]
    assert fumble(13, 10, weapon=BRITTLE).effects == (END,)
    sturdy = fumble(13, 5, weapon=BRITTLE, attacker=d40_stats(save_crushing=5))
    assert sturdy.effects == (END,)


@pytest.mark.parametrize("face", [14, 15])
def test_rows_14_15_trip_prone_and_stunned_d3_rounds_and_the_weapon_slips_d6_feet(face):
    # "If a character is stunned they have lost the grip on their weapon which has landed D6
    # feet away." Own turn: d3 2 rounds = this turn and the next two.
    result = fumble(face, 2, 4, 3)
    assert result.effects == (
        Effect("condition", "attacker", "prone", rounds=3),
        Effect("condition", "attacker", "stunned", rounds=3), drop(2, 1), END)
    assert purposes(result)[2:] == ["stunned d3 rounds", "stunned, loses its grip d6 feet",
                                    "stunned, loses its grip direction d6"]


def test_row_16_trip_stun_and_provoke():
    result = fumble(16, 1, 6, 1)
    assert result.effects == (
        Effect("condition", "attacker", "prone", rounds=2),
        Effect("condition", "attacker", "stunned", rounds=2), drop(0, 2), PROVOKE, END)


def test_a_fumble_off_turn_counts_rounds_from_the_next_turn():
    result = fumble(16, 1, 6, 1, off_turn=True)
    assert result.effects[:2] == (Effect("condition", "attacker", "prone", rounds=1),
                                  Effect("condition", "attacker", "stunned", rounds=1))


@pytest.mark.parametrize("face", [17, 18])
def test_rows_17_18_hit_the_nearest_in_the_forward_hexes_provoke_and_flat_footed(face):
    # "Those with hand held weapons will strike the nearest target in their forward facing
    # hexes." #5 stands beside the target (60 degrees), #4 behind the attacker (180).
    near = (bystander(4, 1, 2, 180.0), bystander(5, 1, 1, 60.0), bystander(6, 1, 1, 60.0))
    result = fumble(face, bystanders=near)
    assert result.effects == (
        Effect("strike", "attacker", other=5, options=("free", "auto_hit", "own_turn")),
        FLAT, PROVOKE, END)


def test_no_alternative_target_in_the_forward_hexes_hits_nobody():
    result = fumble(17, bystanders=(bystander(4, 1, 2, 120.0), bystander(5, 2, 1, 30.0)))
    assert result.effects == (FLAT, PROVOKE, END)
    assert "no other target in the way" in result.notes


def test_missiles_hit_the_one_nearest_to_the_intended_target():
    # "Those using either hurled/thrown weapons or bows will hit the nearest target to their
    # intended opponent." Ties go to the lower entity id.
    crowd = (bystander(7, 2, 3, 10.0), bystander(9, 6, 1, 5.0), bystander(8, 5, 1, 5.0))
    result = fumble(18, weapon=BOW, distance=5, bystanders=crowd)
    assert result.effects[0] == Effect("strike", "attacker", other=8,
                                       options=("free", "auto_hit", "own_turn"))


def test_row_19_hit_alternative_target_provoke_flat_footed_and_lose_initiative():
    result = fumble(19, bystanders=(bystander(3, 1, 1, 60.0),))
    assert result.effects == (
        Effect("strike", "attacker", other=3, options=("free", "auto_hit", "own_turn")),
        FLAT, LOSE_INIT, PROVOKE, END)


def test_row_20_hit_self_provoke_flat_footed_stunned_1_round():
    # "straight weapon damage including magikal bonus but excluding Strength bonuses"
    result = fumble(20, 5, 3, 2, weapon=MAGIC_SWORD, attacker=d40_stats(str=18))
    assert result.effects == (
        Effect("damage", "attacker", "hits itself", amount=7),
        Effect("condition", "attacker", "stunned", rounds=2), drop(1, 1), FLAT, PROVOKE, END)
    assert purposes(result)[2:] == ["hits itself d8", "stunned, loses its grip d6 feet",
                                    "stunned, loses its grip direction d6"]
