"""The headless run: the AI commands every side; the road and camp policies choose (`--auto`).

A plan (`plan.py`, `--plan`) makes the choices it gives at the decision points it names, the
policies the rest; with `decisions` each point first emits its `decision` line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from arena.assets.library import Library
from arena.battle.core import Battle
from arena.model.commands import Command
from arena.run.camp import Camp, refusal
from arena.run.camppolicy import REST_BELOW, auto_next
from arena.run.coin import WAGE
from arena.run.config import PARTY_SIZE, RunConfig
from arena.run.decisions import CampChoice
from arena.run.engine import Emit, Run
from arena.run.fight import play_commands
from arena.run.foresight import DEADLY
from arena.run.party import BROKEN, living
from arena.run.plan import CAMP_POINT, ROAD_POINT, Plan, camp_decision, road_decision, shown
from arena.run.route import CAMP, ELITE, EVENT, FIGHT, FIGHTS, MERCHANT, Node
from arena.run.runevents import RunEnd, RunStart, party_states
from arena.run.score import Outcome, score

SHOPPING = 80  # the road policy seeks a merchant with this much coin


def ai_command(battle: Battle, _index: int) -> Command:
    """The AI's command for whoever acts (both sides in a headless run)."""
    return battle.decide()


def policy(camp: Camp) -> Iterator[CampChoice]:
    """The auto policy's choices, each decided on the camp as the previous ones left it."""
    while (choice := auto_next(camp)) is not None:
        yield choice


def road(run: Run) -> Node:
    """The road policy's next node (docs/run.md).

    A camp when the party needs one, a merchant when it has `SHOPPING` coin (or a member
    short and a wage's worth), an elite when it is whole, else a fight, then an event; a fight
    the map calls deadly only when nothing else is open; among equals the easier fight (the
    foes' strength over the party's, as the map shows it), then the first lane.
    """
    team = living(run.party)
    hurt = any(m.hp < REST_BELOW * m.max_hp or m.injuries for m in team) or any(
        g.state == BROKEN for m in team for g in m.gear)
    whole = all(m.hp == m.max_hp for m in team) and len(team) == len(run.party)
    shop = run.purse.coin >= SHOPPING or (len(team) < PARTY_SIZE and run.purse.coin >= WAGE)
    wanted = [CAMP, EVENT, FIGHT, ELITE] if hurt else [ELITE, FIGHT, EVENT, CAMP] if whole \
        else [FIGHT, EVENT, ELITE, CAMP]
    wanted.insert(0 if shop else len(wanted), MERCHANT)

    def rank(n: Node) -> tuple[int, float, int]:
        odds = run.foresee(n).ratio if n.kind in FIGHTS else 0.0
        place = wanted.index(n.kind) if n.kind in wanted else 0
        return place + len(wanted) * (odds >= DEADLY), odds, n.lane

    return min(run.options(), key=rank)


@dataclass(frozen=True, slots=True)
class Policies:
    """Who chooses the roads and the camps of a headless run (`play_on`)."""

    road: Callable[[Run], Node] = road
    camp: Callable[[Camp], Iterator[CampChoice]] = policy


def fight_here(run: Run) -> None:
    """Fight the bout of the node just reached, if it is a fight, the AI on both sides."""
    if run.here is not None and run.here.kind in FIGHTS:
        bout = run.prepare()
        with run.battle(bout) as battle:
            play_commands(run, bout, battle, ai_command, fallback=True)
            run.finish(bout, battle)


def play_on(run: Run, policies: Policies = Policies()) -> None:
    """Play a run on from the start of a step to its end (no `run_end`): the policies choose."""
    while not run.over:
        run.go(policies.road(run).id)
        fight_here(run)
        if not run.over:
            camp = run.camp()
            run.make_camp(camp, policies.camp(camp))


def start(run: Run) -> None:
    """Announce the run."""
    c = run.config
    run.tell(RunStart(c.seed, c.ruleset, None if c.endless else c.steps, c.endless, c.seeded,
                      party_states(run.party)))


def outcome(run: Run) -> Outcome:
    """The run's score components (a lost bout's step is not cleared)."""
    won = [t for t in run.tallies if t.won]
    cleared = run.step - (len(run.tallies) - len(won))
    return Outcome(cleared, sum(t.threat for t in run.tallies),
                   tuple(t.rounds for t in won), run.result == "victory",
                   any(not m.alive for m in run.party))


def end(run: Run) -> int:
    """Emit `run_end` and return the score."""
    points = score(outcome(run))
    run.tell(RunEnd(run.result, sum(t.won for t in run.tallies), points, run.config.seed,
                    run.config.ruleset))
    return points


def play_auto(config: RunConfig, library: Library, emit: Emit | None = None,
              keyframes: int = 0, plan: Plan | None = None,
              decisions: bool = False) -> tuple[Run, int]:
    """Play a whole run headless; return it and its score (`keyframes`: see Run).

    `plan`: the choices it gives at the points it names (a choice the run refuses is an
    ArenaError naming its line); `decisions`: emit a `decision` line at every point.
    """
    run = Run(config, library, emit)
    run.keyframe_every = keyframes
    start(run)
    while not run.over:
        take_road(run, plan, decisions)
        fight_here(run)
        if not run.over:
            camp = run.camp()
            if decisions and run.here is not None:
                run.emit(camp_decision(run.step, run.here.kind, camp))
            run.make_camp(camp, planned_camp(run, camp, plan))
    return run, end(run)


def take_road(run: Run, plan: Plan | None, decisions: bool) -> None:
    """Take the plan's road at the next step if it gives one, else the road policy's."""
    ways = run.options()
    step = run.step + 1
    if decisions:
        run.emit(road_decision(step, ways))
    planned = plan.take(step, ROAD_POINT) if plan is not None else None
    if planned is None:
        run.go(road(run).id)
        return
    reason = run.go(planned.road)
    if reason is not None:
        assert plan is not None
        raise plan.refused(planned, planned.road, reason)


def planned_camp(run: Run, camp: Camp, plan: Plan | None) -> Iterator[CampChoice]:
    """The plan's choices at this camp first, each checked as its turn comes; then the policy.

    A retirement the plan makes ends the camp there.
    """
    planned = plan.take(run.step, CAMP_POINT) if plan is not None else None
    if planned is not None:
        assert plan is not None
        for k, choice in enumerate(planned.choices, 1):
            reason = refusal(camp, choice)
            if reason is not None:
                what = shown(choice) if len(planned.choices) == 1 else \
                    f"choice {k}, {shown(choice)}"
                raise plan.refused(planned, what, reason)
            yield choice
        if camp.retired:
            return
    yield from policy(camp)
