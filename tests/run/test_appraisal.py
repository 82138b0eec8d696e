"""An item's appraisal at camp: the exact damage a turn and the chance to be hit it leaves."""

from __future__ import annotations

from fractions import Fraction

from arena.model.stats import StatBlock
from arena.procgen.threat import stat_block, worn
from arena.run.appraisal import appraise, dealt, facts, foemen, hit_chance, soldier
from arena.run.config import RunConfig
from arena.run.engine import Run
from arena.run.party import Member
from arena.run.route import FIGHTS
from tests.run.test_run import LIBRARY


def axeman() -> tuple[Run, Member]:
    """The becmi party of seed 7: its first member, an Axeman (fighter 3, Str 16, leather)."""
    run = Run(RunConfig("becmi", 7, 12), LIBRARY)
    return run, run.party[0]


def test_a_longsword_deals_what_the_becmi_table_gives_a_third_level_fighter():
    # Fighter 1-3 hits AC 9 on 10; Str 16 gives +2 to hit and damage: 8+ on d20 is 13/20,
    # and 1d8+2 averages 6.5: 13/20 x 6.5 = 169/40 a turn against the plain soldier.
    run, m = axeman()
    stats = worn("becmi", _own(m), m.armour, None)
    assert dealt(run.ruleset, stats, (LIBRARY.weapons["longsword"],), m.speed,
                 soldier(run.ruleset)) == Fraction(169, 40)
    line = appraise(run.ruleset, m, LIBRARY.weapons["longsword"], ()).line
    assert line == "Axeman: 4.2 damage a turn with it vs 4.2 now (battleaxe)"


def _own(m: Member) -> StatBlock:
    """The member's own becmi stat block, unarmoured."""
    return stat_block("becmi", m.stats["becmi"])


def test_armour_shows_the_class_it_leaves_and_the_chance_a_plain_soldier_hits():
    # A normal man hits AC 7 on 13+ (8/20) and AC 5 on 15+ (6/20).
    run, m = axeman()
    chain = LIBRARY.armour["chain_mail"]
    assert facts(run.ruleset, chain) == "body armour, 4 AC"
    assert hit_chance(run.ruleset, worn("becmi", _own(m), m.armour, None), None,
                      soldier(run.ruleset)) == Fraction(2, 5)
    a = appraise(run.ruleset, m, chain, ())
    assert a.line == "Axeman: AC 7 -> 5 instead of leather armour; a plain soldier hits 40 % " \
        "-> 30 %"
    assert a.better


def test_a_bow_is_weighed_at_range_and_a_potion_by_the_hp_it_would_give():
    run, m = axeman()
    bow = appraise(run.ruleset, m, LIBRARY.weapons["longbow"], ()).line
    assert bow == "Axeman: 2.7 damage a turn with it at 4 hexes vs 4.2 now (battleaxe)"
    potion = LIBRARY.supplies["healing_potion"]
    assert appraise(run.ruleset, m, potion, ()).line == \
        f"Axeman: heals nobody whole ({m.max_hp}/{m.max_hp}): carried for battle"
    m.hp = 10
    assert appraise(run.ruleset, m, potion, ()).line == "Axeman: +7 HP used at camp (10/22)"


def test_the_foes_ahead_are_those_of_the_fights_on_the_roads_open():
    run, _ = axeman()
    fights = [n for n in run.options() if n.kind in FIGHTS]
    assert fights
    expected = [c.name for n in fights for c in run.drawn(n).foes]
    assert [c.name for c in run.ahead()] == expected
    assert len(foemen(run.ruleset, run.ahead())) == len(expected)
