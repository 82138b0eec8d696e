"""The `d40` content: d40-duel is the document's own example, d40-brawl mixes every class and
level, and AI battles of d40-brawl show criticals and their lasting effects in the log
(issue 5, "Done when")."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import esper
import pytest

from arena.assets import Library, load_library, load_scenario
from arena.battle.core import Battle
from arena.battle.narrate import narrate
from arena.cli.main import main
from arena.ecs.components import Item, Position
from arena.rules import RULESETS
from arena.rules.d40.attack import critical_chance, fumble_chance, plan_attack
from arena.rules.d40.stats import REACTION_FROM_DEX, block_problem, reaction_adjustment
from arena.rules.d40.tables import CLASSES
from arena.rules.protection import worn_stats
from tests.rules.d40.kit import D40, ctx, d40_stats

REAL = Path(__file__).resolve().parents[3] / "assets"
BRAWL_SEEDS = (81, 154)  # together they show every effect the issue names


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(REAL)


def test_the_d40_templates_cover_all_eight_classes(library: Library) -> None:
    classes = {t["d40"]["class"] for name, t in library.templates.items()  # type: ignore[index]
               if name.startswith("d40_")}
    assert classes == set(CLASSES)


def test_reaction_left_out_comes_from_dexterity_and_an_override_is_minus_5_to_5() -> None:
    # The issue: "`reaction` (optional override of the Dexterity-derived Reaction Adjustment)".
    assert d40_stats().number("reaction") == REACTION_FROM_DEX
    assert reaction_adjustment(D40.tables, d40_stats(dex=16)) == 2
    assert reaction_adjustment(D40.tables, d40_stats(dex=16, reaction=0)) == 0
    assert block_problem(d40_stats(reaction=5)) is None
    assert block_problem(d40_stats(reaction=-7)) == (
        "reaction: must be -5..5, or left out to take it from Dexterity, got -7")


def test_the_duel_is_the_documents_example(library: Library) -> None:
    # "a first level warrior striking at an opponent with an AC of 1 ... 20% ... with a 14
    # Dexterity ... 28% chance to fumble"
    duel = load_scenario("d40-duel", library)
    # Her unarmoured AC 3 and leather armour make the AC 1 she fights at (worn_stats).
    aldric, sable = (worn_stats(D40, c.stats["d40"], c.armour, c.shield)
                     for c in duel.combatants)
    assert sable.number("ac") == 1
    assert (aldric.text("class"), aldric.number("level"), aldric.number("dex")) == (
        "warrior", 1, 14)
    plan = plan_attack(D40.tables, ctx(attacker=aldric, defender=sable))
    assert plan.needed == 30 and critical_chance(plan.needed) == 20
    assert fumble_chance(plan.needed, reaction_adjustment(D40.tables, aldric)) == 28
    assert any(w.is_ranged for w in duel.combatants[1].weapons)


def test_the_brawl_mixes_classes_levels_melee_missiles_and_thrown_weapons(library) -> None:
    brawl = load_scenario("d40-brawl", library)
    blocks = [c.stats["d40"] for c in brawl.combatants]
    assert brawl.ruleset == "d40"
    assert len({b.text("class") for b in blocks}) >= 7
    assert {b.number("level") for b in blocks} >= {1, 12}
    kinds = {w.kind for c in brawl.combatants for w in c.weapons}
    assert kinds == {"melee", "ranged", "thrown"}


def fight(seed: int) -> tuple[list[str], list[str]]:
    """An AI battle of d40-brawl: its log lines, and the weapons still lying on the map."""
    scenario = load_scenario("d40-brawl")
    with Battle(scenario, RULESETS["d40"], seed) as battle:
        battle.roster.configure("basic", "normal", len(scenario.sides))  # rules, not AI
        events = list(battle.opening)
        while not battle.over:
            events.extend(battle.apply(battle.decide()))
        names = battle.names()
        lying = [f"{item.weapon.id} at ({pos.hex.q}, {pos.hex.r})"
                 for _, (item, pos) in esper.get_components(Item, Position)]
    sides = {i: s.name for i, s in enumerate(scenario.sides)}
    return [narrate(e, names, sides) for e in events], lying


def skipped_while_stunned(lines: list[str]) -> list[str]:
    """Names whose turn began and ended with nothing between while they were stunned."""
    stunned: set[str] = set()
    skipped = []
    for line, after in pairwise(lines):
        if m := re.fullmatch(r"(.+) is stunned for \d+ turns?", line):
            stunned.add(m.group(1))
        if m := re.fullmatch(r"(.+) is no longer stunned", line):
            stunned.discard(m.group(1))
        if (m := re.fullmatch(r"(.+)'s turn \(\d+ AP\)", line)) and m.group(1) in stunned \
                and after.startswith(f"{m.group(1)} ends the turn"):
            skipped.append(m.group(1))
    return skipped


def dropped(lines: list[str]) -> list[str]:
    """'weapon at (q, r)' for each weapon a combatant dropped (not thrown) in the log."""
    return [f"{m.group(1)} at ({m.group(2)})" for line in lines
            if (m := re.search(r" drops (\w+): it .* at \((-?\d+, -?\d+)\)$", line))]


def test_brawls_show_criticals_and_their_effects_acting_on_later_turns() -> None:
    shown: dict[str, list[int]] = {}
    for seed in BRAWL_SEEDS:
        lines, lying = fight(seed)
        found = {
            "critical hit": any("(critical hit d20" in line for line in lines),
            "critical miss": any("(critical miss d20" in line for line in lines),
            "bleeding ticks": any(re.search(r"loses \d+ HP \(d4 \d; heavy bleeding\)", line)
                                  for line in lines),
            "stunned skips": bool(skipped_while_stunned(lines)),
            "weapon dropped and left on the map": bool(set(dropped(lines)) & set(lying)),
        }
        for what, seen in found.items():
            if seen:
                shown.setdefault(what, []).append(seed)
    assert set(shown) == {"critical hit", "critical miss", "bleeding ticks", "stunned skips",
                          "weapon dropped and left on the map"}, shown


@pytest.mark.slow
def test_a_recorded_brawl_replays_bit_for_bit(tmp_path, capsys) -> None:
    path = tmp_path / "brawl.json"
    assert main(["sim", "--scenario", "d40-brawl", "--seed", "154", "--ai", "basic",
                 "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "(critical hit d20" in out and "heavy bleeding" in out
    assert main(["replay", str(path), "--verify"]) == 0
    assert "replay verified" in capsys.readouterr().out
