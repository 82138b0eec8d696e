"""The run: a road of nodes on the run's map, bouts on generated arenas, carry-over, camps.

A run is a pure function of (run seed, party, route, camp choices, commands). The map comes
from the run seed alone (`route.py`); each fight node's arena is `generate(node seed, ...)` and
its battle seed is derived from (run seed, node id) alone, so the road taken changes which
bouts follow, never the place, the foes or the dice of a node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from arena.assets.eventcards import load_events
from arena.assets.generated import generate_checked, materials
from arena.assets.library import Library
from arena.battle.core import Battle, Wounds
from arena.ecs.events import BattleEnded, Event, event_to_json
from arena.errors import ArenaError
from arena.model.scenario import CombatantSpec
from arena.model.stats import Armour, Supply, Weapon
from arena.procgen import GenSpec
from arena.procgen.encounter import Encounter, draw_encounter
from arena.procgen.roster import pool
from arena.procgen.threat import combatant_threat, side_strength
from arena.procgen.values import REFERENCE_WEAPON
from arena.rules import get_ruleset
from arena.rules.base import Ruleset
from arena.rules.protection import bears_shield
from arena.run import goods
from arena.run.appraisal import foemen
from arena.run.balance import BREATHER, FOE_AI, foe_budget, rest_gain
from arena.run.bout import Bout, battle_seed, log_lines
from arena.run.camp import COSTED, MARKET, MEETING, SPOILS, Camp, choose
from arena.run.campwork import SCOUT_STEPS, Grounds
from arena.run.carry import Tally, carry_over, tally_events, tally_foes
from arena.run.coin import Purse, bounty, wage
from arena.run.config import RunConfig, check_config, over_budget, suggested_party
from arena.run.decisions import CampChoice, Scout
from arena.run.eventwork import meeting, usable_events
from arena.run.foresight import Foresight
from arena.run.growth import gain
from arena.run.market import Hire, Market, Ware
from arena.run.party import Member, living, member_from
from arena.run.route import (
    BOSS,
    CAMP,
    ELITE,
    EVENT,
    FIGHTS,
    MERCHANT,
    TIER,
    Node,
    Route,
    node_seed,
)
from arena.run.runevents import (
    BattleEnd,
    BoutEnd,
    BoutStart,
    CampMade,
    Foe,
    LevelUp,
    RouteTaken,
    RunEvent,
    Spoils,
    party_states,
)

ELITE_BUDGET = (7, 5)  # an elite fight's foes: this share of the step's budget
Emit = Callable[[dict[str, object]], None]


class Run:
    """A run in progress: the party, the bouts fought and the camps made."""

    def __init__(self, config: RunConfig, library: Library, emit: Emit | None = None) -> None:
        check_config(config)
        self.config = config
        self.library = library
        self.ruleset: Ruleset = get_ruleset(config.ruleset)
        self.materials = materials(library)
        self.pool = pool(self.materials, config.ruleset)
        self.emit: Emit = emit or _silent
        templates = config.party or suggested_party(self.pool, config.seed)
        if config.party and (why := over_budget(self.pool, config.party)) is not None:
            raise ArenaError(why)
        self.party: list[Member] = [self._fresh(t) for t in templates]
        self.start_threat = side_strength(self._threat(m) for m in self.party)
        self.purse = Purse()
        self.cards = usable_events(load_events(library.root, library.weapons, library.supplies),
                                   self.ruleset, library.weapons)
        self.route = Route(config.seed, None if config.endless else config.steps,
                           sorted(self.materials.themes))
        self.path: list[Node] = []  # the nodes reached, in order
        self.sight = 0  # the last step whose foes scouting has shown (the map shows the next)
        self.tallies: list[Tally] = []
        self.camps: list[list[CampChoice]] = []
        self.bouts: list[Bout] = []
        self.recruits = 0
        self.result: str | None = None
        self.keyframe_every = 0  # store a snapshot after every this many commands of a bout
        self.keep_seen = False  # keep each bout's events and clock (`Bout.seen`)
        self.last_log: list[str] = []

    def tell(self, event: RunEvent) -> None:
        """Emit one of the run's own events (its JSON)."""
        self.emit(event.to_json())

    @property
    def spare(self) -> Weapon:
        """The camp stores' weapon for an unarmed member (`goods.spare`)."""
        return goods.spare(self.library, self.ruleset)

    def _fresh(self, template: str) -> Member:
        """A level-1 member of `template`, named uniquely within the party."""
        found = [m for m in self.pool.members if m.template == template]
        if not found:
            usable = ", ".join(m.template for m in self.pool.members)
            raise ArenaError(f"no template '{template}' can fight under {self.config.ruleset}"
                             f" (available: {usable})")
        names = {m.name for m in getattr(self, "party", [])}
        name, n = found[0].name, 1
        while name in names:
            n += 1
            name = f"{found[0].name} {n}"
        return member_from(found[0], name)

    def _threat(self, m: Member) -> int:
        """A member's threat at full health (the generator's measure)."""
        spec = m.spec(shielded=bears_shield(self.ruleset, m.injuries))
        return combatant_threat(self.config.ruleset, spec, m.max_hp)

    @property
    def over(self) -> bool:
        """True once the run has a result."""
        return self.result is not None

    @property
    def next_bout(self) -> int:
        """The number of the bout to fight next."""
        return len(self.bouts) + 1

    @property
    def here(self) -> Node | None:
        """The node the party has reached (None: the start, before the first step)."""
        return self.path[-1] if self.path else None

    @property
    def step(self) -> int:
        """The step the party has reached (0 before the first)."""
        return len(self.path)

    def options(self) -> list[Node]:
        """The nodes the party may go to next (none once the run is over)."""
        if self.over:
            return []
        return self.route.options(None if self.here is None else self.here.id)

    def go(self, ident: str) -> str | None:
        """Take the road to node `ident`: the refusal (nothing changed), or None.

        The node reached must be done first: its fight fought and its camp (or spoils) closed.
        """
        if self.here is not None and len(self.camps) < self.step and not self.over:
            return f"step {self.step} is not done: fight there and leave its camp first"
        ways = self.options()
        node = next((n for n in ways if n.id == ident), None)
        if node is None:
            known = ", ".join(n.id for n in ways) or "none: the run is over"
            return f"no road to node {ident[:40]!r} from here (the roads: {known})"
        self.path.append(node)
        self.tell(RouteTaken(node.step, node.id, node.kind, node.theme))
        return None

    def budget(self, node: Node) -> int:
        """The foes' threat budget at `node`: the curve at its step, an elite `ELITE_BUDGET`."""
        budget = foe_budget(self.config.ruleset, self.start_threat, node.step,
                            self.config.difficulty)
        num, den = ELITE_BUDGET
        return budget * num // den if node.kind == ELITE else budget

    def spec(self, node: Node, team: list[int]) -> GenSpec:
        """What the generator is asked for at fight node `node` with party members `team`."""
        return GenSpec(self.config.ruleset, bout=node.step, budget=self.budget(node),
                       party=tuple(self.party[i].spec(
                           self.spare, bears_shield(self.ruleset, self.party[i].injuries))
                           for i in team), theme=node.theme, boss=node.kind == BOSS)

    def strength(self) -> int:
        """The living party's side strength at the HP it has now."""
        return side_strength(
            combatant_threat(self.config.ruleset, m.spec(self.spare, bears_shield(
                self.ruleset, m.injuries)), m.hp) for m in self.party if m.alive)

    def foresee(self, node: Node) -> Foresight:
        """What the map shows of `node`: its foes, the party's strength now, reward, beyond."""
        beyond = ("any",) if node.kind == BOSS and node.step < self.route.last else tuple(
            n.kind for n in self.route.options(node.id))
        if node.kind not in FIGHTS:
            return Foresight(node, (), 0, self.strength(), TIER[node.kind], beyond)
        drawn = self.drawn(node)
        foes = tuple(Foe(c.name, c.template, combatant_threat(self.config.ruleset, c, c.hp))
                     for c in drawn.foes)
        return Foresight(node, foes, drawn.foe_threat, self.strength(), TIER[node.kind], beyond)

    def drawn(self, node: Node) -> Encounter:
        """The foes fight node `node` holds, drawn as its arena will draw them."""
        team = [i for i, m in enumerate(self.party) if m.alive]
        return draw_encounter(node_seed(self.config.seed, node.id), self.spec(node, team),
                              self.materials, node.theme)

    def ahead(self) -> tuple[CombatantSpec, ...]:
        """The foes a camp appraises items against: the fights on the roads open, else beyond."""
        near = self.options()
        fights = [n for n in near if n.kind in FIGHTS] or [
            n for o in near for n in self.route.options(o.id) if n.kind in FIGHTS]
        return tuple(c for n in dict.fromkeys(fights) for c in self.drawn(n).foes)

    def prepare(self) -> Bout:
        """Generate the arena of the fight node reached, with the living party deployed."""
        node = self.here
        if node is None or node.kind not in FIGHTS:
            raise ArenaError("no fight here: choose a fight on the run's map first")
        if self.bouts and self.bouts[-1].node.id == node.id:
            raise ArenaError(f"the fight at step {node.step} is fought: choose the next road")
        number = self.next_bout
        team = [i for i, m in enumerate(self.party) if m.alive]
        spec = self.spec(node, team)
        made = generate_checked(node_seed(self.config.seed, node.id), spec, self.library)
        entities = {i: k + 1 for k, i in enumerate(team)}
        wounds = {k: Wounds(self.party[i].hp, dict(self.party[i].injuries))
                  for k, i in enumerate(team)}
        bout = Bout(number, node, made.scenario, battle_seed(self.config.seed, node.id),
                    spec.budget or 0, entities, wounds)
        foes = [c for c in made.scenario.combatants if c.side != 0]
        self.tell(BoutStart(number, node.step, node.id, node.kind, made.theme.name,
                            made.scenario.id, node.kind == BOSS, bout.budget,
                            tuple(Foe(c.name, c.template,
                                      combatant_threat(self.config.ruleset, c, c.hp))
                                  for c in foes),
                            party_states(self.party)))
        return bout

    def battle(self, bout: Bout) -> Battle:
        """The bout's battle (the caller enters it); the foes' AI at the difficulty's level."""
        battle = Battle(bout.scenario, self.ruleset, bout.seed, (), bout.wounds)
        for side in range(1, len(bout.scenario.sides)):
            battle.roster.assign(side, "tactical", FOE_AI[self.config.difficulty])
        return battle

    def events(self, battle: Battle, events: list[Event]) -> None:
        """Emit battle events as JSON Lines (the end as `battle_end`, as `arena sim` does)."""
        for event in events:
            if isinstance(event, BattleEnded):
                self.tell(BattleEnd(event.winner, event.rounds, event.reason,
                                    battle.state_hash()))
            else:
                self.emit(event_to_json(event))

    def finish(self, bout: Bout, battle: Battle) -> Tally:
        """Carry the party home from the ended battle; growth; the run's result if decided."""
        ended = [e for e in battle.log if isinstance(e, BattleEnded)]
        tally = Tally(bout=bout.number, rounds=ended[-1].rounds if ended else 0,
                      won=bool(ended) and ended[-1].winner == 0)
        sides = {e: (0 if e in bout.entities.values() else 1)
                 for e in range(1, len(bout.scenario.combatants) + 1)}
        tally_events(battle.log, sides, tally)
        felled = tally_foes(battle.log, bout.scenario.combatants, self.config.ruleset, tally)
        tally.coin = bounty(felled, self.start_threat, bout.node.kind)
        self.purse.coin += tally.coin
        carry_over(battle, self.party, bout.entities, tally)
        if tally.won:  # a breather after a won fight (balance.BREATHER)
            for m in living(self.party):
                m.hp += rest_gain(m.max_hp, m.hp, BREATHER)
        self.last_log = list(log_lines(battle))[-30:]
        self.tallies.append(tally)
        self.bouts.append(bout)
        ups = gain(living(self.party), tally.threat, self.config.ruleset, self.pool.median)
        self.tell(BoutEnd(bout.number, tally.won, tally.rounds, tally.kills, tally.threat,
                          tuple(tally.fallen), tuple(tally.lost), tuple(tally.broken),
                          party_states(self.party), tally.coin, self.purse.coin))
        for m, what in ups:
            self.tell(LevelUp(bout.number, m.name, m.level, what))
        if tally.loot:
            self.tell(Spoils(bout.number, tuple(w.id for w in tally.loot)))
        self._decide()
        return tally

    def _decide(self) -> None:
        """The run's result once the party is gone or the last step is behind it."""
        if not living(self.party):
            self.result = "death"
        elif self.step >= self.route.last:
            self.result = "retired" if self.config.endless else "victory"

    def offers(self, node: Node) -> list[Weapon | Armour | Supply]:
        """The goods at `node` (`goods.offers`): drawn from (run seed, node) alone."""
        return list(goods.offers(self.library, self.ruleset, self.config.seed, node))

    def found(self, node: Node) -> list[Supply]:
        """What foraging at camp node `node` finds (`goods.found`)."""
        return goods.found(self.library, self.config.ruleset, self.config.seed, node)

    def scouting(self, node: Node) -> tuple[int, int]:
        """The steps scouting at `node` would reveal beyond the roads open ((0, 0): none)."""
        first, last = node.step + 2, min(self.route.last, node.step + 1 + SCOUT_STEPS)
        return (first, last) if first <= last and self.sight < last else (0, 0)

    def camp(self) -> Camp:
        """The camp at the node reached: a camp node's, or the spoils after a fight."""
        node = self.here
        assert node is not None, "a camp comes at a node"
        return self.camp_for(node.kind)

    def camp_for(self, kind: str) -> Camp:
        """The camp a node of `kind` gives at the node reached, with the loot fought for there.

        A camp node: rest, repair, tend, take one of the goods, hire (`camp.COSTED`). After a
        fight: the loot and the free choices; an elite's or a boss's spoils add the pick of
        one of the goods (`camp.SPOILS`). A merchant: its wares and fighters for hire
        (`camp.MARKET`); an event: its question (`camp.MEETING`).
        """
        node = self.here
        assert node is not None, "a camp comes at a node"
        fought = bool(self.bouts) and self.bouts[-1].node.id == node.id
        loot: list[Weapon | None] = list(self.tallies[-1].loot) if fought else []
        grounds = Grounds(self.ruleset, self.pool.median, self.found(node) if kind == CAMP
                          else [], self.scouting(node) if kind == CAMP else (0, 0))
        camp = Camp(self.party, self.ruleset, loot, [], self.purse, grounds=grounds,
                    actions=0, allowed=frozenset(), costed=frozenset(),
                    ahead=foemen(self.ruleset, self.ahead()))
        if kind == CAMP:
            camp.offers, camp.hires = list(self.offers(node)), self.hires(node)
            camp.actions, camp.allowed, camp.costed = 1, COSTED, COSTED
        elif kind in (ELITE, BOSS):
            camp.offers, camp.actions, camp.allowed, camp.costed = \
                list(self.offers(node)), 1, SPOILS, SPOILS
        elif kind == MERCHANT:
            reference = self.library.weapons.get(REFERENCE_WEAPON)
            market = Market(self.config.ruleset, reference, [])
            market.wares = [Ware(i, market.price(i)) for i in goods.stock(
                self.library, self.ruleset, self.config.seed, node)]
            camp.market, camp.hires, camp.allowed = market, self.hires(node), MARKET
        elif kind == EVENT:
            camp.meeting = meeting(self.cards, self.config.seed, node.id, self.library.weapons,
                                   self.library.supplies)
            camp.hires = self.hires(node)[:1]
            camp.actions, camp.allowed, camp.costed = 1, MEETING, MEETING
        return camp

    def hires(self, node: Node) -> list[Hire]:
        """The fighters for hire at `node` (`goods.hires`), as level-1 recruits at their wage."""
        offered = []
        for pm in goods.hires(self.pool, self.config.seed, node):
            m = self._recruit(pm.template)
            offered.append(Hire(m, wage(self._threat(m), self.start_threat)))
        return offered

    def _recruit(self, template: str) -> Member:
        """A level-1 recruit of `template`, to join before the next bout."""
        m = self._fresh(template)
        m.recruited_at = self.next_bout
        return m

    def camp_choice(self, camp: Camp, choice: CampChoice) -> str | None:
        """Make one camp choice and emit it; the refusal (nothing changed) or None."""
        reason = choose(camp, choice)
        if reason is None:
            if isinstance(choice, Scout):
                self.sight = camp.land.beyond[1]
            self.tell(CampMade(self.step, choice))
        return reason

    def close_camp(self, camp: Camp, made: list[CampChoice]) -> None:
        """Close the camp: record the choices made; a retirement ends the run."""
        self.camps.append(list(made))
        self.recruits += camp.recruits
        if camp.retired:
            self.result = "retired"
        elif self.here is not None and self.here.kind not in FIGHTS:
            self._decide()

    def make_camp(self, camp: Camp, choices: Iterable[CampChoice]) -> None:
        """Apply camp choices (each must be accepted), emit them, and close the camp."""
        made = []
        for choice in choices:
            reason = self.camp_choice(camp, choice)
            if reason is not None:
                raise ArenaError(f"camp at step {self.step}: {reason}")
            made.append(choice)
        self.close_camp(camp, made)


def _silent(_line: dict[str, object]) -> None:
    """Emit nothing."""
