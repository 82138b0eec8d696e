"""Generated soldiers' weapon swaps keep the template's family, hands and reach (issue 19)."""

from __future__ import annotations

import pytest

from arena.assets import load_library
from arena.assets.generated import materials
from arena.model.families import family
from arena.procgen.rng import Stream
from arena.procgen.roster import _rearm, pool

LIBRARY = load_library()
WEAPONS = LIBRARY.weapons


def test_weapon_families_put_spears_with_spears_and_swords_with_swords():
    assert {family(WEAPONS[i]) for i in ("spear", "longspear", "boar_spear", "war_spear",
                                         "trident")} == {"spear"}
    assert {family(WEAPONS[i]) for i in ("longsword", "short_sword", "arming_sword",
                                         "gladius", "greatsword", "two_handed_sword")} \
        == {"sword"}
    assert family(WEAPONS["lance"]) == "lance" and family(WEAPONS["longbow"]) == "bow"


@pytest.mark.parametrize("ruleset", ["ap", "adnd", "becmi", "d40"])
def test_a_swap_never_leaves_a_soldier_with_an_odd_weapon(ruleset):
    made = materials(LIBRARY)
    swapped = 0
    for member in pool(made, ruleset).members:
        first = member.weapons[0]
        for seed in range(40):
            armed = _rearm(member, made, ruleset, Stream("test", seed))
            new = armed.weapons[0]
            swapped += new.id != first.id
            assert (family(new), new.hands, new.reach, new.kind) == (
                family(first), first.hands, first.reach, first.kind), (member.template, new.id)
    assert swapped  # swaps still happen
