"""Ruleset `adnd` and the shared weapon catalogue (issue 11): every weapon an `adnd` combatant
can wield has a break die, every spear and staff sweeps, and the loader refuses a weapon
without one (DECISIONS.md `adnd`, "Breakage"; document 002, "Friendly Hits")."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest

from arena.assets import Library, load_library, load_scenario
from arena.calculator import build_query
from arena.ecs.events import Attacked, WeaponBroken, WeaponDropped
from arena.errors import AssetError
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.model.families import family
from arena.model.stats import Weapon
from arena.rules import RULESETS
from arena.rules.adnd import AdndRuleset
from arena.rules.adnd.attack import sweeping
from arena.rules.base import AttackContext
from arena.rules.odds import attack_odds
from tests.rules.adnd.test_on_the_map import STONE, battle, who

REAL = Path(__file__).resolve().parents[3] / "assets"
ADND = RULESETS["adnd"]
assert isinstance(ADND, AdndRuleset)
# The weapons the document's list does not name, with the die of the closest one it does.
CHOSEN = {"arming_sword": 6, "flame_blade": 6, "broad_axe": 8, "footmans_mace": 6,
          "war_spear": 4, "ash_staff": 6, "gladius": 6, "stiletto": 6, "throwing_axe": 6,
          "yew_longbow": 4}


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(REAL)


def test_every_weapon_of_the_catalogue_has_an_adnd_break_die(library: Library) -> None:
    # Document: "The chance of breakage is specified on the weapons list page": no weapon an
    # adnd combatant may wield is without one (every catalogue weapon can be wielded). Natural
    # weapons (claws, bites: natural.toml) never leave the body, so they never roll one.
    dice = {i: ADND.break_die(w) for i, w in sorted(library.weapons.items()) if not w.natural}
    assert [i for i, sides in dice.items() if sides < 2] == []
    assert [i for i, w in library.weapons.items() if ADND.weapon_problem(w) is not None] == []


def test_the_d40_weapons_take_the_break_die_of_their_closest_kind(library: Library) -> None:
    # DECISIONS.md: "d4 bows, ... spear; ... d6 ... dagger, ... hand axe, mace, quarterstaff,
    # long sword, short sword; d8 battle axe".
    assert {i: ADND.break_die(library.weapons[i]) for i in CHOSEN} == CHOSEN


# DECISIONS.md `adnd`, "Breakage": the document's weapon break dice, by kind of weapon.
DOCUMENT_DIE = {
    **dict.fromkeys(("lance",), 3),
    **dict.fromkeys(("bows", "club", "godentag", "spear", "broad sword"), 4),
    **dict.fromkeys(("short axe", "halberd", "bastard sword", "two-handed sword"), 5),
    **dict.fromkeys(("bola", "crossbows", "dagger", "dart", "horse flail", "guisarme",
                     "short hammer", "hand axe", "javelin", "mace", "maul", "quarterstaff",
                     "scimitar", "sling", "staff sling", "long sword", "short sword", "trident",
                     "warhammer"), 6),
    **dict.fromkeys(("ankus", "battle axe", "bo stick", "corseque", "flail", "morning star",
                     "pike"), 8),
    **dict.fromkeys(("glaive", "jo stick"), 10),
}
# Every weapon the game ships (the catalogue, the bestiary's and templates' own, the
# scenarios'), as the list's kind it is or is closest to (docs/rules/adnd.md, the kinship
# interpretation). A new weapon must be placed here.
KIND = {
    "abbots_bell_mace": "mace", "arming_sword": "long sword", "ash_staff": "quarterstaff",
    "battleaxe": "battle axe", "battleaxe_plus_3": "battle axe", "boar_spear": "spear",
    "broad_axe": "battle axe", "dagger": "dagger", "dagger_plus_1": "dagger", "dart": "dart",
    "dawnmace": "mace", "flame_blade": "long sword", "footmans_flail": "flail",
    "footmans_mace": "mace", "giant_club": "club", "giantsbane": "spear",
    "gladius": "short sword", "great_club": "club", "greatsword": "two-handed sword",
    "halberd": "halberd", "hand_axe": "hand axe", "javelin": "javelin", "lance": "lance",
    "light_crossbow": "crossbows", "long_sword_plus_1": "long sword", "longbow": "bows",
    "longspear": "pike", "longsword": "long sword", "longsword_plus_1": "long sword",
    "longsword_plus_2": "long sword", "mace": "mace", "maul": "maul",
    "morning_star": "morning star", "quarterstaff": "quarterstaff", "red_sabre": "scimitar",
    "serpent_sword": "long sword", "short_sword": "short sword", "shortbow": "bows",
    "shortbow_plus_1": "bows", "skullsplitter": "battle axe", "spear": "spear",
    "stiletto": "dagger", "sword_plus_1": "long sword", "throwing_axe": "hand axe",
    "trident": "trident", "two_handed_sword": "two-handed sword", "vessas_bow": "bows",
    "war_hammer": "warhammer", "war_spear": "spear", "wyrmbiter": "long sword",
    "yew_longbow": "bows",
}


def shipped_weapons(library: Library) -> dict[str, Weapon]:
    """Every weapon the assets arm anyone with, by id (natural weapons never break)."""
    found = dict(library.weapons)
    for template in library.templates.values():
        for weapon in cast(tuple[Weapon, ...], template.get("weapons", ())):
            found.setdefault(weapon.id, weapon)
    for path in sorted((library.root / "scenarios").glob("*.toml")):
        for combatant in load_scenario(path.stem, library).combatants:
            for weapon in combatant.weapons:
                found.setdefault(weapon.id, weapon)
    return {i: w for i, w in sorted(found.items()) if not w.natural}


def test_every_shipped_weapon_breaks_on_the_die_of_its_kind_in_the_decisions_list(
        library: Library) -> None:
    # DECISIONS.md: "d4 bows, club, godentag, spear, broad sword; ... d6 ... mace, ...
    # scimitar ...; d8 ... battle axe"; weapons it does not name take the closest kind's. The
    # bosses' too: the Abbot's bell-mace (a mace) d6, the red sabre (a scimitar) d6,
    # Skullsplitter (a great-axe: a battle axe) d8, Vessa's recurve (a bow) d4.
    weapons = shipped_weapons(library)
    assert sorted(set(weapons) - set(KIND)) == []
    assert {i: ADND.break_die(w) for i, w in weapons.items()} == {
        i: DOCUMENT_DIE[KIND[i]] for i in weapons}


def test_a_weapon_without_a_break_die_is_a_problem_and_fists_are_not() -> None:
    sickle = Weapon("bronze_sickle", "bronze sickle", "1d4")
    assert ADND.weapon_problem(sickle) == ("it has no adnd break die (give it `break_die` or "
                                           "list it in assets/rules/adnd/weapons.toml)")
    assert ADND.weapon_problem(Weapon("bronze_sickle", "bronze sickle", "1d4",
                                      break_die=6)) is None
    assert ADND.unarmed is not None and ADND.weapon_problem(ADND.unarmed) is None


def test_the_loader_refuses_an_adnd_scenario_arming_a_weapon_without_a_break_die(
        tmp_path: Path) -> None:
    # issue 11: "make the loader refuse a scenario that arms a combatant with a weapon lacking
    # a field its ruleset requires (`file: key: message`)".
    dest = tmp_path / "assets"
    shutil.copytree(REAL, dest)
    weapons = dest / "weapons.toml"
    weapons.write_text(weapons.read_text(encoding="utf-8")
                       + '\n[bronze_sickle]\nname = "bronze sickle"\ndamage = "1d4"\n',
                       encoding="utf-8")
    path = dest / "scenarios" / "adnd-melee.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        'template = "adnd_erdowan"\n', 'template = "adnd_erdowan"\nweapons = ["bronze_sickle"]\n',
        1), encoding="utf-8")
    with pytest.raises(AssetError) as error:
        load_scenario("adnd-melee", load_library(dest))
    assert str(error.value) == (
        "scenarios/adnd-melee.toml: combatants[0].weapons[0]: weapon 'bronze_sickle' is "
        "unusable under adnd: it has no adnd break die (give it `break_die` or list it in "
        "assets/rules/adnd/weapons.toml)")


def test_the_d40_scenarios_load_under_adnd_now_that_their_weapons_can_break(
        library: Library) -> None:
    for name in ("d40-duel", "d40-brawl"):
        assert load_scenario(name, library, rules="adnd").combatants


def test_a_gladius_dropped_on_stone_breaks_on_a_1_of_its_d6(library: Library) -> None:
    # DECISIONS.md: "A drop onto a hard surface ... rolls the break die: 1 breaks it"; the
    # gladius (a short sword) rolls the short sword's d6.
    gladius = library.weapons["gladius"]
    specs = (who("Ann", 0, Hex(0, 0), weapons=(gladius,)),
             who("Bob", 1, Hex(1, 0), facing=3))
    with battle(*specs, fill=STONE, script=[1, 2, 1, 1, 1]) as b:
        events = b.apply(Attack(1, 2))
        dropped = next(e for e in events if isinstance(e, WeaponDropped))
        broken = next(e for e in events if isinstance(e, WeaponBroken))
        assert (dropped.weapon, dropped.at, dropped.item) == ("gladius", Hex(0, 0), None)
        assert [(r.purpose, r.faces) for r in broken.rolls] == [("break d6", (1,))]


@pytest.mark.parametrize("weapon_id", ["war_spear", "ash_staff"])
def test_a_war_spear_or_ash_staff_natural_2_strikes_the_adjacent_ally(
        library: Library, weapon_id: str) -> None:
    # Document: "This rule applies specifically to the following weapons: ... quarterstaves,
    # spears ... an ally occupying an adjacent hex is struck automatically".
    weapon = library.weapons[weapon_id]
    specs = (who("Ann", 0, Hex(0, 0), weapons=(weapon,)), who("Bob", 1, Hex(1, 0), ac=5),
             who("Cid", 0, Hex(0, 1)))
    with battle(*specs, script=[1, 2, 3, 2, 4]) as b:
        swing, hit = [e for e in b.apply(Attack(1, 2)) if isinstance(e, Attacked)]
        assert (swing.result.natural, swing.result.hit) == (2, False)
        assert (hit.target, hit.weapon, hit.free, hit.result.damage) == (3, weapon_id, True, 4)


def test_every_spear_and_staff_of_the_catalogue_is_on_the_friendly_hit_list(
        library: Library) -> None:
    # Document: "mauls, flails, morning stars, pole arms, quarterstaves, spears, two-handed
    # swords and tridents". Spears and staves are picked by their family (a weapon's family
    # tag, else a word of its id), not by the word in the id: Giantsbane is a spear.
    melee = [w for w in library.weapons.values()
             if not w.is_ranged and family(w) in ("spear", "staff", "flail", "polearm")]
    assert {w.id for w in melee} >= {"spear", "boar_spear", "longspear", "war_spear",
                                     "giantsbane", "trident", "ash_staff", "quarterstaff"}
    assert [w.id for w in melee if not sweeping(ADND.tables, context(library, w))] == []


def test_giantsbane_a_magic_spear_natural_2_strikes_the_adjacent_ally(library: Library) -> None:
    # Document: "This rule applies specifically to the following weapons: ... spears ... an
    # ally occupying an adjacent hex is struck automatically". Giantsbane is a spear +1: the
    # d8 4 +1 magic = 5 damage to Cid.
    weapon = library.weapons["giantsbane"]
    specs = (who("Ann", 0, Hex(0, 0), weapons=(weapon,)), who("Bob", 1, Hex(1, 0), ac=5),
             who("Cid", 0, Hex(0, 1)))
    with battle(*specs, script=[1, 2, 3, 2, 4]) as b:
        swing, hit = [e for e in b.apply(Attack(1, 2)) if isinstance(e, Attacked)]
        assert (swing.result.natural, swing.result.hit) == (2, False)
        assert (hit.target, hit.weapon, hit.free, hit.result.damage) == (3, "giantsbane", True, 5)


def test_the_odds_give_giantsbane_its_friendly_hit() -> None:
    # The odds weigh the same rule: a natural 2 that misses (1 in 20) strikes the ally beside.
    query = build_query(ADND, load_library(REAL), "weapon=giantsbane", "ac=-10",
                        "ally_adjacent")
    odds = attack_odds(ADND, query.ctx)
    assert odds.extras["p_friendly_hit"] == odds.effects["strike"] == Fraction(1, 20)
    assert odds.tables["friendly_hit"] == {"ally #3": Fraction(1, 20)}


def context(library: Library, weapon: Weapon) -> AttackContext:
    """A plain attack with `weapon` (the friendly-hit list reads the weapon and the wielder)."""
    return build_query(ADND, library, f"weapon={weapon.id}").ctx
