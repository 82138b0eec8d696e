"""The run: bouts on generated arenas, carry-over, growth, camp, until victory or death.

A run is a pure function of (run seed, party, camp choices, commands). Each bout's arena is
`generate(run seed, bout)` and its battle seed is derived from (run seed, bout) alone, so no
choice made in bouts 1..k-1 changes the place or the dice of bout k.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from arena.assets.generated import generate_checked, materials
from arena.assets.library import Library
from arena.battle.core import Battle, Wounds
from arena.battle.narrate import narrate, weapon_names
from arena.battle.view import clock
from arena.ecs.events import BattleEnded, Died, Event, event_to_json
from arena.errors import ArenaError
from arena.model.commands import Command, EndTurn, command_to_json
from arena.model.scenario import Scenario
from arena.model.stats import Armour, Supply, Weapon
from arena.procgen import GenSpec
from arena.procgen.rng import Stream, derive
from arena.procgen.roster import Pool, is_boss_bout, pool
from arena.procgen.threat import combatant_threat, side_strength
from arena.procgen.values import REFERENCE_WEAPON, item_value
from arena.replay.snapshot import take
from arena.rules import RULESETS, get_ruleset
from arena.rules.base import Ruleset
from arena.rules.protection import bears_shield
from arena.run.balance import foe_budget
from arena.run.camp import Camp, choose
from arena.run.carry import Tally, carry_over, tally_events
from arena.run.decisions import CampChoice
from arena.run.growth import gain
from arena.run.party import Member, living, member_from
from arena.run.runevents import (
    BattleEnd,
    BoutEnd,
    BoutStart,
    CampMade,
    Foe,
    LevelUp,
    RunEvent,
    Spoils,
    party_states,
)

PARTY_SIZE = 3
DEFAULT_BOUTS = 10
ENDLESS_LIMIT = 1000
GOODS_BOUTS = 10  # camp goods: the cheapest (bout + 1) tenths by value are on offer
MAX_COMMANDS = 20_000  # per bout: far beyond any fight the round limit allows
Emit = Callable[[dict[str, object]], None]


@dataclass(frozen=True, slots=True)
class RunConfig:
    """What a run is started with: ruleset, seed, length and the party's templates."""

    ruleset: str
    seed: int
    bouts: int = DEFAULT_BOUTS
    endless: bool = False
    seeded: bool = False
    party: tuple[str, ...] = ()


@dataclass(slots=True)
class Bout:
    """One bout as it is fought: its arena, battle seed and the party's entity ids."""

    number: int
    scenario: Scenario
    seed: int
    budget: int
    entities: dict[int, int]  # party index -> entity id
    wounds: dict[int, Wounds]
    steps: list[dict[str, object]] = field(default_factory=list)
    keyframes: list[dict[str, object]] = field(default_factory=list)  # `--keyframes K` snapshots
    seen: list[tuple[list[Event], tuple[int, int | None]]] | None = None  # per command: events,
    # (round, whose turn) after it; kept only when asked (the replay viewer's re-fight)


def check_config(config: RunConfig) -> None:
    """Refuse a run that cannot start, in one line."""
    if config.ruleset not in RULESETS:
        known = ", ".join(sorted(RULESETS))
        raise ArenaError(f"unknown ruleset '{config.ruleset}' (available: {known})")
    if config.bouts < 1:
        raise ArenaError(f"--bouts must be 1 or more, got {config.bouts}")
    if config.seed < 0 or config.seed >= 2**63:
        raise ArenaError(f"--seed must be 0..2^63-1, got {config.seed}")


def battle_seed(seed: int, bout: int) -> int:
    """The dice seed of bout `bout`: from (run seed, bout) alone."""
    return derive("run-battle", seed, bout) >> 1


def suggested_party(p: Pool, seed: int) -> tuple[str, ...]:
    """Three soldier templates drawn from the run seed, the first a melee fighter."""
    soldiers = list(p.of("soldier", "leader")) or list(p.members)
    order = Stream("party", seed).shuffled([m.template for m in soldiers])
    melee = [t for t in order if not next(m for m in soldiers if m.template == t).ranged]
    first = melee[0] if melee else order[0]
    rest = [t for t in order if t != first]
    picked = (first, *rest[: PARTY_SIZE - 1])
    while len(picked) < PARTY_SIZE:
        picked = (*picked, first)
    return picked


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
        self.party: list[Member] = [self._fresh(t) for t in templates]
        self.start_threat = side_strength(self._threat(m) for m in self.party)
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
        """The camp stores' weapon for an unarmed member: a dagger, else a plain one-hander."""
        usable = [w for _, w in sorted(self.library.weapons.items())
                  if self.ruleset.weapon_problem(w) is None and w.kind == "melee" and not w.natural
                  and w.hands == 1 and w.magic == 0]
        daggers = [w for w in usable if w.id == "dagger"]
        return (daggers or usable)[0]

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

    def budget(self, bout: int) -> int:
        """The foes' threat budget: the run's rising curve on the starting party (balance.py)."""
        return foe_budget(self.config.ruleset, self.start_threat, bout)

    def prepare(self) -> Bout:
        """Generate the next bout's arena with the living party deployed."""
        number = self.next_bout
        team = [i for i, m in enumerate(self.party) if m.alive]
        spec = GenSpec(self.config.ruleset, bout=number, budget=self.budget(number),
                       party=tuple(self.party[i].spec(
                           self.spare, bears_shield(self.ruleset, self.party[i].injuries))
                           for i in team))
        made = generate_checked(self.config.seed, spec, self.library)
        entities = {i: k + 1 for k, i in enumerate(team)}
        wounds = {k: Wounds(self.party[i].hp, dict(self.party[i].injuries))
                  for k, i in enumerate(team)}
        bout = Bout(number, made.scenario, battle_seed(self.config.seed, number),
                    spec.budget or 0, entities, wounds)
        foes = [c for c in made.scenario.combatants if c.side != 0]
        self.tell(BoutStart(number, made.theme.name, made.scenario.id, is_boss_bout(number),
                            bout.budget,
                            tuple(Foe(c.name, c.template,
                                      combatant_threat(self.config.ruleset, c, c.hp))
                                  for c in foes),
                            party_states(self.party)))
        return bout

    def battle(self, bout: Bout) -> Battle:
        """The bout's battle (the caller enters it)."""
        return Battle(bout.scenario, self.ruleset, bout.seed, (), bout.wounds)

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
        foes = {k + 1: c for k, c in enumerate(bout.scenario.combatants) if c.side != 0}
        tally.foes = [c.name for c in foes.values()]
        dead = {e.actor for e in battle.log if isinstance(e, Died)}
        defeated = [c for e, c in foes.items() if e in dead]
        tally.kills = len(defeated)
        tally.threat = sum(combatant_threat(self.config.ruleset, c, c.hp) for c in defeated)
        carry_over(battle, self.party, bout.entities, tally)
        self.last_log = list(_log_lines(battle))[-30:]
        self.tallies.append(tally)
        self.bouts.append(bout)
        ups = gain(living(self.party), tally.threat, self.config.ruleset, self.pool.median)
        self.tell(BoutEnd(bout.number, tally.won, tally.rounds, tally.kills, tally.threat,
                          tuple(tally.fallen), tuple(tally.lost), tuple(tally.broken),
                          party_states(self.party)))
        for m, what in ups:
            self.tell(LevelUp(bout.number, m.name, m.level, what))
        if tally.loot:
            self.tell(Spoils(bout.number, tuple(w.id for w in tally.loot)))
        if not living(self.party):
            self.result = "death"
        elif not self.config.endless and bout.number >= self.config.bouts:
            self.result = "victory"
        elif self.config.endless and bout.number >= ENDLESS_LIMIT:
            self.result = "retired"
        return tally

    def offers(self, bout: int) -> list[object]:
        """Three weapons, one armour or shield, one supply: drawn from (run seed, bout) alone.

        The goods come from a stream of their own, so the weapons drawn are as they were.
        """
        usable = sorted(i for i, w in self.library.weapons.items()  # no claws for sale
                        if self.ruleset.weapon_problem(w) is None and not w.natural)
        drawn = Stream("offers", self.config.seed, bout).shuffled(usable)[:3]
        name, reference = self.config.ruleset, self.library.weapons.get(REFERENCE_WEAPON)
        worn = [a for a in self.library.armour.values() if a.given(name) is not None]
        goods = Stream("goods", self.config.seed, bout)
        armour = goods.shuffled(_cheapest(worn, bout, name, reference))[:1]
        supplies = goods.shuffled(_cheapest(list(self.library.supplies.values()), bout, name,
                                            reference))[:1]
        return [*(self.library.weapons[i] for i in drawn), *armour, *supplies]

    def camp(self) -> Camp:
        """The camp after the last bout fought."""
        tally = self.tallies[-1]
        return Camp(self.party, self.ruleset, list(tally.loot),
                    list(self.offers(self.bouts[-1].number)),  # type: ignore[arg-type]
                    self._recruit)

    def _recruit(self, template: str) -> Member:
        """A level-1 recruit joining before the next bout."""
        m = self._fresh(template)
        m.recruited_at = self.next_bout
        return m

    def camp_choice(self, camp: Camp, choice: CampChoice) -> str | None:
        """Make one camp choice and emit it; the refusal (nothing changed) or None."""
        reason = choose(camp, choice)
        if reason is None:
            self.tell(CampMade(len(self.bouts), choice))
        return reason

    def close_camp(self, camp: Camp, made: list[CampChoice]) -> None:
        """Close the camp: record the choices made; a retirement ends the run."""
        self.camps.append(list(made))
        self.recruits += camp.recruits
        if camp.retired:
            self.result = "retired"

    def make_camp(self, camp: Camp, choices: Iterable[CampChoice]) -> None:
        """Apply camp choices (each must be accepted), emit them, and close the camp."""
        made = []
        for choice in choices:
            reason = self.camp_choice(camp, choice)
            if reason is not None:
                raise ArenaError(f"camp after bout {len(self.bouts)}: {reason}")
            made.append(choice)
        self.close_camp(camp, made)


def _cheapest(items: Sequence[Armour | Supply], bout: int, ruleset: str,
              reference: Weapon | None) -> list[Armour | Supply]:
    """The goods a camp may offer after `bout`: the cheapest share by value, ties by id.

    A tenth more of them each bout (`procgen/values.py`), all from bout 9 on.
    """
    ranked = sorted(items, key=lambda x: (
        item_value(ruleset, x, reference) if reference is not None else 0, x.id))
    return ranked[:max(1, -(-len(ranked) * min(GOODS_BOUTS, bout + 1) // GOODS_BOUTS))]


def _silent(_line: dict[str, object]) -> None:
    """Emit nothing."""


def _log_lines(battle: Battle) -> Iterator[str]:
    """The battle's log as a player reads it: names, weapons by their display names."""
    names = battle.names()
    sides = {i: s.name for i, s in enumerate(battle.scenario.sides)}
    weapons = weapon_names(battle.scenario)
    rough = battle.scenario.map.difficult()
    for event in battle.log:
        yield narrate(event, names, sides, weapons, rough)


def play_commands(run: Run, bout: Bout, battle: Battle,
                  source: Callable[[Battle, int], Command | None],
                  check: Callable[[int, Command, str], None] | None = None,
                  fallback: bool = False) -> None:
    """Fight `battle` to its end with commands from `source` (None: stop), recording each.

    `check(index, command, state_hash)` sees each applied command (a verifying re-run). With
    `fallback` (the AI's commands) a refused command ends the actor's turn instead, as the
    terminal game's AI loop does; a refusal is never recorded, so the run stays a pure function.
    """
    run.events(battle, battle.opening)
    for index in range(1, MAX_COMMANDS + 1):
        if battle.over:
            return
        command = source(battle, index)
        if command is None:
            return
        events = battle.apply(command)
        if fallback and len(events) == 1 and events[0].type == "refused":
            command = EndTurn(command.actor)
            events = battle.apply(command)
        if len(events) == 1 and events[0].type == "refused":
            raise ArenaError(f"bout {bout.number}, command {index}: refused: "
                             f"{getattr(events[0], 'reason', '')}")
        bout.steps.append({"command": command_to_json(command), "by": "ai",
                           "state_hash": battle.state_hash()})
        run.events(battle, events)
        if run.keyframe_every and len(bout.steps) % run.keyframe_every == 0:
            bout.keyframes.append({"command": len(bout.steps),
                                   "snapshot": take(battle, log=False)})
        if run.keep_seen:
            bout.seen = bout.seen if bout.seen is not None else []
            now = clock(battle)
            bout.seen.append((events, (now.round, now.turn)))
        if check is not None:
            check(index, command, battle.state_hash())
    raise ArenaError(f"bout {bout.number}: over {MAX_COMMANDS} commands")
