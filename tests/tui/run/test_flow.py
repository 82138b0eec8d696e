"""The run's pages between bouts: their wording counts in the singular and the plural."""

from __future__ import annotations

import tcod.console

from arena.run.carry import Tally
from arena.run.config import RunConfig
from arena.run.engine import Run
from arena.run.live import LiveRun
from arena.tui.run.camp import CampScreen
from arena.tui.run.flow import camp_screen, outcome
from arena.tui.run.page import Page
from arena.tui.run.routemap import route_page
from tests.run.roads import first_road
from tests.run.test_run import LIBRARY


def test_the_bout_over_page_counts_one_round_and_one_foe_in_the_singular():
    run = Run(RunConfig("ap", 3, steps=3), LIBRARY)
    run.tallies.append(Tally(bout=1, rounds=1, won=True, kills=1, threat=30))
    page = outcome(LiveRun(run, None), [])  # type: ignore[arg-type]  # the page reads the run
    assert page.body[0][0] == "Won in 1 round; 1 foe down (threat 30)."


def _text(page: Page) -> str:
    """The page drawn on an 80x40 console, as text."""
    console = tcod.console.Console(80, 40, order="C")
    page.draw(console)
    return "\n".join("".join(chr(c) for c in row).rstrip() for row in console.ch)


def test_the_map_page_draws_the_act_numbers_the_roads_and_foresees_each() -> None:
    run = Run(RunConfig("d40", 994004, 12), LIBRARY)
    page = route_page(run)
    text = _text(page)
    assert page.title == "The road: step 1 of 12 (run seed 994004)"
    lines = text.splitlines()
    act = next(i for i, line in enumerate(lines) if "Act 1:" in line)
    assert "step 1" in lines[act] and "step 6" in lines[act]
    grid = "\n".join(lines[act + 1:act + 6])
    ways = run.options()
    assert [grid.count(f"{k}F") for k in range(1, len(ways) + 1)] == [1] * len(ways)
    assert "B" in grid and "@" not in grid  # the boss at step 6; nobody on the map yet
    for k, node in enumerate(ways, 1):
        seen = run.foresee(node)
        assert f"{k}) Fight, {node.theme} - reward: coin and loot" in text
        words = " ".join(text.split())  # wrapped lines read as one
        assert f"threat {seen.foe_strength} against your {seen.party_strength} now" in words
    assert [o.value for o in page.options] == [n.id for n in ways] + ["leave"]
    assert f"Your party ({run.purse.coin} coin):" in text


def test_after_a_road_the_map_marks_where_the_party_stands_and_names_what_lies_beyond() -> None:
    run = Run(RunConfig("d40", 994004, 12), LIBRARY)
    first_road(run)
    run.camps.append([])  # the node counts as done: its camp closed
    text = _text(route_page(run))
    assert "@F" in text and "The road: step 2 of 12" in text
    for node in run.options():
        beyond = ", ".join({"fight": "fight", "elite": "elite fight", "camp": "camp",
                            "event": "event", "merchant": "merchant", "boss": "boss"}[n.kind]
                           for n in run.route.options(node.id))
        assert f"beyond: {beyond}" in " ".join(text.split())


def test_the_spoils_screen_names_who_reached_a_level_and_the_bout_page_its_lost_weapons():
    run = Run(RunConfig("ap", 3, steps=3), LIBRARY)
    name = run.party[0].name
    run.go(first_road(run).id)
    run.tallies.append(Tally(bout=1, rounds=2, won=True, lost=[f"{name}'s axe"],
                             loot=[LIBRARY.weapons["battleaxe"]]))
    live = LiveRun(run, None)  # type: ignore[arg-type]  # the screens read the run
    live.camp = run.camp()
    news: list[dict[str, object]] = [{"type": "level_up", "name": name, "what": "level 2"}]
    screen = camp_screen(live, news)
    assert isinstance(screen, CampScreen) and screen.news == [f"{name} reaches level 2"]
    page = outcome(live, news)
    assert (f"Weapons out of hand (those on the field are in the loot): {name}'s axe"
            in [text for text, _ in page.body])
