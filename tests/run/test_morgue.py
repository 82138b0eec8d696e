"""The morgue's account of the party: what each member wore and wielded, the AC it fought at."""

from __future__ import annotations

from arena.run.config import RunConfig
from arena.run.engine import Run
from arena.run.morgue import morgue_text
from arena.run.party import Gear
from tests.run.test_run import LIBRARY


def _party_section(run: Run) -> str:
    """The morgue's 'party at the end' section."""
    text = morgue_text(run, 0, "2026-01-01T00:00:00Z")
    return text.split("== The party at the end ==")[1].split("== Bout by bout ==")[0]


def test_the_morgue_shows_a_lancer_in_full_plate_at_the_ac_it_fought_at():
    run = Run(RunConfig("becmi", 1, 3, party=("becmi_lancer",)), LIBRARY)
    lancer = run.party[0]
    lancer.level, lancer.stats["becmi"]["level"] = 4, 8  # three run levels: 5 -> 8 on the table
    section = _party_section(run)
    assert "armour: full plate" in section, section
    assert "AC 3 in battle (base 9, full plate -6)" in section, section
    assert "ac=9" not in section and "level=" not in section, section
    assert "run level 4" in section and "fighter level 8 on the becmi table" in section, section


def test_the_morgue_shows_a_shield_and_counts_it_in_the_ac():
    run = Run(RunConfig("ap", 3, steps=3), LIBRARY)
    m = run.party[0]
    sword = LIBRARY.weapons["longsword"]
    m.gear, m.shield = [Gear(sword, sword)], LIBRARY.armour["buckler"]
    section = _party_section(run)
    assert "armour: leather armour; shield: buckler" in section, section
    # ap's base AC is 10 + DEX (2 for this spearman), leather armour is AC 12, a buckler +1
    assert "AC 15 in battle (base 12, leather armour +2, buckler +1)" in section, section


def test_the_morgue_says_a_shield_stays_off_beside_a_two_handed_weapon():
    run = Run(RunConfig("becmi", 1, 3, party=("becmi_lancer",)), LIBRARY)
    lancer = run.party[0]
    greatsword = LIBRARY.weapons["greatsword"]
    lancer.gear = [Gear(greatsword, greatsword)]
    lancer.shield = LIBRARY.armour["buckler"]
    section = _party_section(run)
    assert "shield: buckler (left off: it fights two-handed)" in section, section
    assert "AC 3 in battle (base 9, full plate -6)" in section, section
