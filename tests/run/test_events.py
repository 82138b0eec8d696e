"""Events (arena/run/eventwork.py): outcomes drawn from the node, previews in numbers, effects."""

from __future__ import annotations

import pytest

from arena.assets.eventcards import load_events
from arena.model.eventcard import Effect, EventCard, EventOption
from arena.procgen.rng import Stream
from arena.rules import get_ruleset
from arena.run.camp import MEETING, Camp, choose
from arena.run.campwork import MAX_SUPPLIES, Grounds
from arena.run.coin import Purse
from arena.run.config import RunConfig
from arena.run.decisions import Answer, Buy, Rest
from arena.run.engine import Run
from arena.run.eventwork import Meeting, Outcome, Table, happen, meeting, preview, usable_events
from arena.run.growth import needed
from arena.run.holding import MAX_GEAR
from arena.run.market import Hire
from arena.run.party import Gear, Member
from arena.run.route import EVENT, Route
from tests.run.test_run import LIBRARY

NODE = "a1s3n1"
XP_STEP = 10  # the experience between levels 1 and 2 in these tests
CARD = EventCard("test_fork", "A Fork in the Road", "A stranger waits at the fork.", (
    EventOption("Take the coin", 0, 100, Effect(text="A purse by the road.", coin=20), None),
    EventOption("Gamble", 10, 50, Effect(coin=40), Effect(hp=-10)),
    EventOption("Pray", 15, 60, Effect(xp=25), Effect(hp=-15)),
))


def party() -> list[Member]:
    """A fresh d40 party, every member at 20 of 20 HP."""
    members = Run(RunConfig("d40", 3, 12), LIBRARY).party
    for m in members:
        m.max_hp = m.hp = 20
    return members


def table(members: list[Member], coin: int = 30, hires: list[Hire] | None = None) -> Table:
    """What an outcome acts on: `members`, a purse of `coin`, fighters `hires`, d40."""
    return Table(members, Purse(coin), hires or [], get_ruleset("d40"), XP_STEP)


def certain(**effect: object) -> Outcome:
    """An outcome of `effect` with no item."""
    return Outcome(Effect(**effect), True, None, None)  # type: ignore[arg-type]


def test_an_option_s_outcome_comes_from_the_seed_the_node_and_the_option_alone() -> None:
    won = set()
    for seed in range(1, 60):
        drawn = meeting([CARD], seed, NODE, LIBRARY.weapons, LIBRARY.supplies)
        assert drawn is not None and drawn.card is CARD and drawn.answered is None
        again = meeting([CARD], seed, NODE, LIBRARY.weapons, LIBRARY.supplies)
        assert again is not None and again.outcomes == drawn.outcomes
        assert drawn.outcomes[0] == Outcome(CARD.options[0].win, True, None, None)  # 100%: won
        for k in (1, 2):
            option = CARD.options[k]
            roll = Stream("event", seed, NODE, k).below(100)
            assert drawn.outcomes[k].won is (roll < option.chance)
            assert drawn.outcomes[k].effect == (option.win if roll < option.chance
                                                else option.lose)
        won.add(drawn.outcomes[1].won)
        other = EventCard(CARD.id, CARD.name, CARD.text, (*CARD.options[:2], EventOption(
            "Pray", 15, 5, Effect(xp=25), Effect(hp=-15))))
        changed = meeting([other], seed, NODE, LIBRARY.weapons, LIBRARY.supplies)
        assert changed is not None and changed.outcomes[:2] == drawn.outcomes[:2]
    assert won == {True, False}  # a 50% option both wins and loses over the seeds


def test_no_event_can_be_held_without_cards_and_the_card_is_drawn_from_seed_and_node() -> None:
    assert meeting([], 3, NODE, LIBRARY.weapons, LIBRARY.supplies) is None
    events = load_events(LIBRARY.root, LIBRARY.weapons, LIBRARY.supplies)
    cards = usable_events(events, get_ruleset("d40"), LIBRARY.weapons)
    picked = {meeting(cards, seed, NODE, LIBRARY.weapons, LIBRARY.supplies).card.id  # type: ignore[union-attr]
              for seed in range(1, 40)}
    assert len(picked) > 3
    for seed in (1, 2, 3):
        drawn = meeting(cards, seed, NODE, LIBRARY.weapons, LIBRARY.supplies)
        assert drawn is not None and drawn.card == Stream("event-pick", seed, NODE).pick(cards)


def test_an_outcome_carries_the_items_its_effect_names() -> None:
    card = EventCard("gift", "A Gift", "A cart by the road.", (
        EventOption("Search it", 0, 100, Effect(supply="bandages", weapon="dagger"), None),
        EventOption("Walk on", 0, 100, Effect(), None)))
    drawn = meeting([card], 1, NODE, LIBRARY.weapons, LIBRARY.supplies)
    assert drawn is not None
    assert (drawn.outcomes[0].supply, drawn.outcomes[0].weapon) == (
        LIBRARY.supplies["bandages"], LIBRARY.weapons["dagger"])
    assert (drawn.outcomes[1].supply, drawn.outcomes[1].weapon) == (None, None)


def test_a_certain_option_s_preview_states_its_numbers() -> None:
    members = party()
    assert preview(CARD.options[0], table(members)) == "+20 coin"
    members[0].hp = 10
    heal = EventOption("Leave an offering", 15, 100, Effect(hp=30), None)
    assert preview(heal, table(members)) == f"costs 15 coin: {members[0].name} +6 HP"
    for m in members:
        m.hp = m.max_hp
    assert preview(heal, table(members)) == "costs 15 coin: no HP to gain"
    assert preview(EventOption("Walk on", 0, 100, Effect(text="You walk on."), None),
                   table(members)) == "nothing happens"


def test_a_risky_option_s_preview_states_both_outcomes_and_their_chances() -> None:
    members = party()
    names = [m.name for m in members]
    assert preview(CARD.options[1], table(members)) == (
        f"costs 10 coin: 50%: +40 coin; 50%: {names[0]} -2 HP, {names[1]} -2 HP, "
        f"{names[2]} -2 HP")
    assert preview(CARD.options[2], table(members)) == (
        f"costs 15 coin: 60%: {names[0]} +2 XP, {names[1]} +2 XP, {names[2]} +2 XP; "
        f"40%: {names[0]} -3 HP, {names[1]} -3 HP, {names[2]} -3 HP")


def test_coin_is_gained_and_lost_but_the_purse_never_goes_below_nothing() -> None:
    t = table(party(), coin=30)
    assert happen(certain(text="A purse by the road.", coin=25), t) == [
        "A purse by the road.", "+25 coin (55 now)"]
    assert t.purse.coin == 55
    assert happen(certain(coin=-100), t) == ["-100 coin (0 now)"]
    assert t.purse.coin == 0


def test_hp_is_a_share_of_each_member_s_maximum_never_above_it_nor_below_one() -> None:
    members = party()
    a, b, c = members
    a.hp, b.hp, c.hp = 10, 19, 20
    said = happen(certain(hp=30), table(members))  # 30% of 20: 6
    assert (a.hp, b.hp, c.hp) == (16, 20, 20)
    assert said == [f"{a.name} +6 HP", f"{b.name} +1 HP"]  # nothing said of the whole
    a.hp, b.hp, c.hp = 5, 20, 1
    said = happen(certain(hp=-90), table(members))  # 90% of 20: 18
    assert (a.hp, b.hp, c.hp) == (1, 2, 1)
    assert said[:2] == [f"{a.name} -4 HP", f"{b.name} -18 HP"]
    c.max_hp = c.hp = 25
    happen(certain(hp=-10), table([c]))  # 2.5 HP: a loss rounds up
    assert c.hp == 22


def test_healing_from_an_event_ends_what_the_ruleset_s_healing_ends() -> None:
    members = party()
    members[0].hp, members[0].injuries = 10, {"bleeding": (0, 1)}
    happen(certain(hp=10), table(members))  # d40: any healing stops bleeding
    assert members[0].hp == 12 and "bleeding" not in members[0].injuries


def test_experience_is_a_share_of_a_level_and_crossing_a_level_raises_it() -> None:
    members = party()
    a, b, c = members
    a.xp = needed(1, XP_STEP) - 1  # one short of level 2
    said = happen(certain(xp=50), table(members))  # half of the 10 between levels 1 and 2
    assert (a.xp, b.xp, c.xp) == (14, 5, 5)
    assert (a.level, b.level, c.level) == (2, 1, 1)
    assert len(said) == 1 and said[0].startswith(f"{a.name} reaches level 2: +")
    assert a.max_hp > 20


def test_a_supply_goes_to_the_member_with_the_fewest_supplies_who_has_room() -> None:
    members = party()
    bandages, flask = LIBRARY.supplies["bandages"], LIBRARY.supplies["healing_potion"]
    members[0].supplies, members[1].supplies, members[2].supplies = [flask] * 2, [], [flask]
    t = table(members)
    gift = Outcome(Effect(supply="bandages"), True, bandages, None)
    assert happen(gift, t) == [f"{members[1].name} takes bandages"]
    assert members[1].supplies == [bandages]
    assert happen(gift, t) == [f"{members[1].name} takes bandages"]  # a tie: party order
    members[0].supplies = members[1].supplies = members[2].supplies = [flask] * MAX_SUPPLIES
    assert happen(gift, t) == ["nobody has room for bandages: it stays behind"]
    assert all(len(m.supplies) == MAX_SUPPLIES for m in members)


def test_a_weapon_goes_to_a_member_with_room_and_stays_behind_when_nobody_has_any() -> None:
    members = party()
    dagger = LIBRARY.weapons["dagger"]
    for m in members:
        m.gear = [Gear(dagger, dagger) for _ in range(MAX_GEAR)]
    members[2].gear.pop()
    spear = LIBRARY.weapons["boar_spear"]
    gift = Outcome(Effect(weapon="boar_spear"), True, None, spear)
    t = table(members)
    assert happen(gift, t) == [f"{members[2].name} takes {spear.name}"]
    assert members[2].gear[-1].weapon is spear
    assert happen(gift, t) == [f"nobody has room for {spear.name}: it stays behind"]
    assert all(len(m.gear) == MAX_GEAR for m in members)


def test_an_item_s_preview_names_it_and_who_would_carry_it_or_that_it_would_stay() -> None:
    members = party()
    bandages, flask = LIBRARY.supplies["bandages"], LIBRARY.supplies["healing_potion"]
    members[0].supplies, members[1].supplies, members[2].supplies = [flask], [], [flask]
    t = table(members)
    t.items = {"bandages": bandages}
    gift = EventOption("Search the cart", 0, 100, Effect(supply="bandages"), None)
    assert preview(gift, t) == f"bandages for {members[1].name}"
    for m in members:
        m.supplies = [flask] * MAX_SUPPLIES
    assert preview(gift, t) == "bandages (nobody has room: it would stay behind)"


def test_a_join_s_preview_names_the_fighter_and_says_when_the_party_is_full() -> None:
    run = Run(RunConfig("d40", 3, 12), LIBRARY)
    offered = run.hires(run.route.step_nodes(3)[0])
    t = table(run.party, hires=offered)
    join = EventOption("Take them on", 0, 100, Effect(join=True), None)
    assert preview(join, t) == f"{offered[0].member.name} would join, but the party is full"
    run.party[1].alive = False
    assert preview(join, t) == f"{offered[0].member.name} joins for free"
    assert preview(join, table(run.party)) == "nobody is here to join"


def test_a_join_brings_the_first_fighter_here_for_free_if_the_party_has_room() -> None:
    run = Run(RunConfig("d40", 3, 12), LIBRARY)
    members = run.party
    offered = run.hires(run.route.step_nodes(3)[0])
    t = table(members, coin=30, hires=offered)
    assert happen(certain(join=True), t) == [
        f"{offered[0].member.name} would join, but the party is full"]
    assert len(members) == 3 and not offered[0].joined
    members[1].alive = False
    assert happen(certain(join=True), t) == [f"{offered[0].member.name} joins the party"]
    assert members[-1] is offered[0].member and members[1].replaced and offered[0].joined
    assert t.purse.coin == 30  # for free
    assert happen(certain(join=True), table(members)) == ["nobody is here to join"]


def test_tending_heals_every_injury_care_heals_on_every_member_standing() -> None:
    members = party()
    members[0].injuries = {"bleeding": (0, 1), "injured": (0, 2)}
    members[1].injuries = {"left_hand_severed": (0, 0)}
    said = happen(certain(tend=True), table(members))
    assert members[0].injuries == {} and members[1].injuries == {"left_hand_severed": (0, 0)}
    assert said == [f"{members[0].name}'s bleeding is tended",
                    f"{members[0].name}'s injured is tended"]


def event_camp(coin: int, card: EventCard = CARD, seed: int = 1) -> Camp:
    """An event camp holding `card` at `NODE` of run seed `seed`, the purse at `coin`."""
    drawn = meeting([card], seed, NODE, LIBRARY.weapons, LIBRARY.supplies)
    assert drawn is not None
    members = party()
    return Camp(members, get_ruleset("d40"), [], [], Purse(coin), actions=1, allowed=MEETING,
                costed=MEETING, grounds=Grounds(get_ruleset("d40"), XP_STEP), meeting=drawn)


@pytest.mark.parametrize("won", [True, False])
def test_an_answer_pays_the_option_s_price_and_its_drawn_outcome_happens(won: bool) -> None:
    seed = next(s for s in range(1, 100) if Stream("event", s, NODE, 1).below(100) < 50) if won \
        else next(s for s in range(1, 100) if Stream("event", s, NODE, 1).below(100) >= 50)
    camp = event_camp(30, seed=seed)
    assert camp.meeting is not None and camp.meeting.outcomes[1].won is won
    assert choose(camp, Answer(1)) is None
    assert camp.meeting.answered == 1 and camp.actions == 0
    if won:
        assert camp.purse.coin == 30 - 10 + 40
        assert camp.log == ["Gamble (-10 coin)", "+40 coin (60 now)"]
        assert all(m.hp == 20 for m in camp.party)
    else:
        assert camp.purse.coin == 20 and all(m.hp == 18 for m in camp.party)
        assert camp.log == ["Gamble (-10 coin)", *(f"{m.name} -2 HP" for m in camp.party)]


def test_an_event_is_answered_once() -> None:
    camp = event_camp(30)
    assert choose(camp, Answer(0)) is None
    assert camp.purse.coin == 50 and camp.log == ["Take the coin", "A purse by the road.",
                                                  "+20 coin (50 now)"]
    assert choose(camp, Answer(0)) == "this camp's action is taken: march on"
    assert choose(camp, Answer(1)) == "this camp's action is taken: march on"
    assert camp.purse.coin == 50 and len(camp.log) == 3


def test_an_option_dearer_than_the_purse_is_refused_and_nothing_changes() -> None:
    camp = event_camp(14)
    assert choose(camp, Answer(2)) == "it costs 15 coin; the party has 14"
    assert camp.purse.coin == 14 and camp.actions == 1 and camp.log == []
    assert camp.meeting is not None and camp.meeting.answered is None
    assert choose(camp, Answer(3)) == "no option #3"
    assert choose(camp, Rest()) == "no rest here: only at a camp on the run's map"
    assert choose(camp, Buy(0, 0)) == "no buy here: only at a merchant"
    assert choose(camp, Answer(1)) is None  # 10 coin: it can pay that


def test_an_answer_where_no_event_is_held_is_refused() -> None:
    camp = event_camp(30)
    camp.meeting = None
    assert choose(camp, Answer(0)) == "no event is held here"
    assert isinstance(event_camp(30).meeting, Meeting)


SHIPPED = load_events(LIBRARY.root, LIBRARY.weapons, LIBRARY.supplies)


@pytest.mark.parametrize("ruleset", ["d40", "becmi", "adnd", "ap"])
def test_the_shipped_events_load_and_at_least_eight_serve_every_ruleset(ruleset: str) -> None:
    assert len(SHIPPED) == 12
    usable = usable_events(SHIPPED, get_ruleset(ruleset), LIBRARY.weapons)
    assert len(usable) >= 8
    assert [c.id for c in usable] == sorted(c.id for c in usable)
    for card in usable:
        assert all(get_ruleset(ruleset).weapon_problem(LIBRARY.weapons[i]) is None
                   for i in card.items() if i in LIBRARY.weapons)


def test_every_shipped_event_keeps_an_option_that_is_free_and_certain() -> None:
    for card in SHIPPED.values():
        assert 2 <= len(card.options) <= 3
        assert any(o.price == 0 and o.certain and o.lose is None for o in card.options), card.id
        for option in card.options:
            assert (option.lose is None) is option.certain


def test_an_event_node_holds_the_same_event_and_outcomes_whichever_road_reached_it() -> None:
    themes = sorted(Run(RunConfig("d40", 1), LIBRARY).materials.themes)
    seed, node, came = next(
        (seed, n.id, [m.id for m in route.step_nodes(1) if n.id in m.leads])
        for seed in range(1, 200) for route in [Route(seed, 12, themes)]
        for n in route.step_nodes(2)
        if n.kind == EVENT and sum(n.id in m.leads for m in route.step_nodes(1)) >= 2)
    seen = []
    for road in came[:2]:
        run = Run(RunConfig("d40", seed), LIBRARY)
        assert run.go(road) is None
        run.close_camp(run.camp(), [])
        assert run.go(node) is None
        camp = run.camp()
        assert camp.allowed == MEETING and camp.costed == MEETING and camp.actions == 1
        assert camp.meeting == meeting(run.cards, seed, node, LIBRARY.weapons, LIBRARY.supplies)
        assert camp.meeting is not None and camp.meeting.card in run.cards
        assert [h.member.template for h in camp.hires] == \
            [h.member.template for h in run.hires(run.route.node(node))][:1]
        seen.append(camp.meeting)
    assert seen[0] == seen[1]
