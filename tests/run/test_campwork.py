"""A camp node's one main action (issue 29): rest, train, repair, tend, forage and scout compete,
and each says what it will do, in numbers, before it is taken (arena/run/campwork.py)."""

from __future__ import annotations

import tcod.console

from arena.run.camp import choose, refusal
from arena.run.campwork import TRAIN_SHARE, preview, train_xp
from arena.run.config import RunConfig
from arena.run.decisions import Forage, Repair, Rest, Scout, Tend, Train
from arena.run.engine import Run
from arena.run.growth import needed
from arena.run.party import BROKEN, WHOLE
from arena.run.route import CAMP
from arena.tui.run.camp import CampScreen
from arena.tui.run.routemap import route_page
from tests.run.roads import first_road
from tests.run.test_run import LIBRARY


def _at_camp(ruleset: str = "adnd", seed: int = 3) -> Run:
    """A run standing on its first node, whose camp is asked for as a camp node's."""
    run = Run(RunConfig(ruleset, seed, 12), LIBRARY)
    first_road(run)
    return run


def test_a_camp_gives_one_main_action_and_refuses_a_second() -> None:
    run = _at_camp()
    run.party[0].hp -= 6
    camp = run.camp_for(CAMP)
    assert choose(camp, Rest()) is None and camp.actions == 0
    assert choose(camp, Train()) == "this camp's action is taken: march on"


def test_rest_is_refused_when_every_member_is_whole_and_says_what_it_gives() -> None:
    run = _at_camp()
    camp = run.camp_for(CAMP)
    assert refusal(camp, Rest()) == "nobody needs rest: every member is whole"
    run.party[1].hp -= 7
    assert preview("rest", run.party, camp.land) == f"{run.party[1].name} +5 HP"  # 2/3 of 7, up
    assert choose(camp, Rest()) is None and run.party[1].hp == run.party[1].max_hp - 2


def test_training_gives_a_third_of_a_levels_span_and_the_level_it_reaches() -> None:
    run = _at_camp()
    step = run.pool.median
    ann, bob = run.party[0], run.party[1]
    assert train_xp(ann, step) == -(-step // TRAIN_SHARE)
    bob.xp = needed(1, step) - 1  # one short of level 2
    camp = run.camp_for(CAMP)
    said = preview("train", run.party, camp.land)
    assert said == f"+{train_xp(ann, step)} XP each; {bob.name} reaches a new level"
    assert choose(camp, Train()) is None
    assert (ann.xp, ann.level, bob.level) == (train_xp(ann, step), 1, 2)
    assert f"{bob.name} reaches level 2" in " ".join(camp.log)


def test_the_forge_mends_every_broken_weapon_it_can_at_once() -> None:
    run = _at_camp("d40")
    for m in run.party[:2]:
        m.gear[0].state = BROKEN
    camp = run.camp_for(CAMP)
    names = [f"{m.gear[0].weapon.name} ({m.name})" for m in run.party[:2]]
    assert preview("repair", run.party, camp.land) == "mends " + ", ".join(names)
    assert choose(camp, Repair()) is None
    assert [m.gear[0].state for m in run.party[:2]] == [WHOLE, WHOLE]


def test_tending_heals_every_injury_care_heals_of_one_member() -> None:
    run = _at_camp("adnd")
    m = run.party[2]
    m.injuries = {"bleeding": (0, 2), "injured": (0, 3)}
    camp = run.camp_for(CAMP)
    assert preview("tend", run.party, camp.land) == f"heals {m.name}'s bleeding, injured"
    assert refusal(camp, Tend(0)) == f"{run.party[0].name} has no injury that care heals"
    assert choose(camp, Tend(2)) is None and m.injuries == {}


def test_foraging_finds_what_the_node_holds_whichever_road_reached_it() -> None:
    one, other = _at_camp(), Run(RunConfig("adnd", 3, 12), LIBRARY)
    node = one.here
    assert node is not None
    assert one.found(node) == other.found(node) and len(one.found(node)) == 2
    camp = one.camp_for(CAMP)
    names = [s.name for s in one.found(node)]
    said = "finds " + (f"{names[0]} x2" if names[0] == names[1] else ", ".join(names))
    assert preview("forage", one.party, camp.land) == said
    packs = [len(m.supplies) for m in one.party]
    assert choose(camp, Forage()) is None
    assert sum(len(m.supplies) for m in one.party) == sum(packs) + 2


def test_scouting_shows_two_more_steps_of_foes_on_the_map() -> None:
    run = _at_camp("d40", 994004)
    camp = run.camp_for(CAMP)
    assert preview("scout", run.party, camp.land) == "shows the foes of steps 3-4"
    assert not any("Scouted ahead" in line for line, _ in route_page(run).body)
    assert run.camp_choice(camp, Scout()) is None and run.sight == 4
    run.close_camp(camp, [Scout()])
    lines = [line for line, _ in route_page(run).body]
    ahead = lines[lines.index("Scouted ahead:") + 1:]
    shown = [line for line in ahead if line.startswith("  step ")]
    assert {line.split()[1] for line in shown} == {"3", "4"}
    assert len(shown) == len(run.route.step_nodes(3)) + len(run.route.step_nodes(4))


def test_the_camp_screen_asks_once_with_the_effect_before_the_action_is_made() -> None:
    run = _at_camp()
    run.party[0].hp -= 3
    camp = run.camp_for(CAMP)
    made: list[object] = []

    def live_choose(choice: object) -> str | None:
        made.append(choice)
        return choose(camp, choice)  # type: ignore[arg-type]

    screen = CampScreen(camp, "adnd", 1, [], live_choose, heading="Camp at step 1")
    screen.feed("r")
    assert made == [] and screen._prompt().startswith(f"Rest: {run.party[0].name} +2 HP.")
    screen.feed("n")
    assert made == [] and camp.actions == 1
    screen.feed("r")
    screen.feed("y")
    assert made == [Rest()] and camp.actions == 0
    console = tcod.console.Console(80, 24, order="C")
    screen.draw(console)
    text = "\n".join("".join(chr(c) for c in row) for row in console.ch)
    assert "the camp's one action: taken" in text and "t) train" in text
