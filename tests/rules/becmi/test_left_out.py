"""What `becmi` plays and what it leaves out, as docs/rules/becmi.md says (issue 28, item 15).

Document 001, step 3c: "Magic bonuses, either from spells affecting the character or magical
weapons being used"; step 8b: "Magic bonuses (from magic weapons or magic spells affecting the
attacker)". The game plays the weapons' bonus; no `becmi` combatant casts a spell, so the
page lists the spells' bonus as left out, with the reason. A monster's several attacks a
round and Expert mastery +4/+2 are played, so the page may not call them missing or deviant.
"""

from __future__ import annotations

from pathlib import Path

from arena.ecs.events import Attacked
from arena.model.commands import Attack
from arena.rules.base import Extras
from arena.rules.becmi import BecmiRuleset
from tests.assets.test_bestiary import duel, hp_of

PAGE = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "becmi.md").read_text(
    encoding="utf-8")


def section(title: str) -> str:
    """The page's section under `## title`, up to the next one, its lines joined."""
    return " ".join(PAGE.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0].split())


def test_the_page_lists_the_spells_magic_bonus_as_left_out_with_its_reason():
    left_out = section("Not in the game")
    assert "from spells" in left_out and "no `becmi` combatant casts a spell" in left_out
    assert not isinstance(BecmiRuleset(), Extras)  # no area buffs: nothing a spell could give


def test_the_page_no_longer_leaves_out_a_monsters_several_attacks_a_round():
    assert "several attacks per round" not in section("Not in the game")


def test_the_page_follows_decisions_on_expert_mastery_without_a_deviation():
    # DECISIONS.md: "Basic 0/0, Skilled +2/+2, Expert +4/+2, Master +6/+4, Grand Master +8/+6".
    assert "**Deviation**" not in PAGE and "deviation**" not in PAGE
    assert BecmiRuleset().tables.mastery["expert"] == (4, 2)


def test_a_becmi_ghoul_strikes_claw_claw_bite_in_one_turn():
    # The checklist's monsters roll "the damage listed for the weapon or attack form", all
    # their listed attacks in the round (docs/rules/becmi.md, attack routines). Initiative d6
    # per side: ghoul 6, swordsman 1; then d20 19 (claw d3 2), 19 (claw d3 3), 19 (bite d6 4).
    with duel("ghoul", "swordsman", "becmi", (6, 1, 19, 2, 19, 3, 19, 4)) as b:
        assert b.active == 1
        hits = []
        for slot in (0, 1, 2):
            (hit,) = [e for e in b.apply(Attack(1, 2, weapon=slot)) if isinstance(e, Attacked)]
            hits.append((hit.weapon, hit.result.hit, hit.result.damage, hit.ap_spent))
        assert hits == [("small_claw", True, 2, 3), ("small_claw", True, 3, 0),
                        ("ghoul_bite", True, 4, 0)]
        assert hp_of(2) == 20 - 2 - 3 - 4
