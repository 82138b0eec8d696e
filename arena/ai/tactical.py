"""The `tactical` AI (`TacticalAI`): rate a few candidate actions with exact odds, take the best.

Levels: `easy` looks only at the nearest attack hexes (no flanking) and takes the second-best
candidate about one time in four; `normal` rates every candidate (`rating`); `hard` also
looks one ply ahead: for its top candidates, each enemy's exact best reply against the hex it
would end on replaces the exposure estimate. Ties go to the candidate listed first (attacks
in enemy-id and slot order, then holding, then walks by hex), so a choice never depends on
hash order. The easy level's coin is a `random.Random` derived from the battle seed, the
round, the actor and the command count: never the battle's dice. Area buffs: a timed one
before a chant, once the fight is at hand (`buffs`).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field

from arena.ai.basic import AISystem
from arena.ai.buffs import buff_to_start
from arena.ai.candidates import Candidate, Planner
from arena.ai.imagine import OddsCache, imagine
from arena.ai.pack import shield_candidate, supply_candidates
from arena.ai.rating import EXPOSE, GUARD, HOLD_MARGIN, Rating
from arena.ai.threats import next_turn
from arena.ecs import occupancy, queries
from arena.ecs.components import ActionPoints, Facing, Health, TurnMemory, Wielded
from arena.ecs.cover import cover_quarters
from arena.ecs.store import component_for_entity
from arena.hexgrid import Hex, direction_to, hex_distance, hex_neighbors
from arena.model.commands import (
    Command,
    EndTurn,
    Face,
    Invoke,
    Kick,
    Move,
    React,
    StandUp,
)

LEVELS = ("easy", "normal", "hard")
EASY_SLIP = 0.25
HARD_TOP = 3
TEND = 2.0
BUFF = 5.0  # an area buff helps every ally in reach: worth more than one blow
REARM = 8.0  # a bare-handed combatant getting a weapon back: before any fist's blow


@dataclass
class Walked:
    """Hexes a combatant left during its current turn (to keep it from dancing)."""

    turn: tuple[int, int] = (-1, -1)
    left: set[Hex] = field(default_factory=set)
    at: Hex | None = None


class TacticalAI:
    """Chooses the active combatant's next command by rating candidates; changes nothing."""

    def __init__(self, basic: AISystem, seed: int, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}")
        self.basic = basic
        self.seed = seed
        self.level = level
        self.odds = OddsCache(basic.attacks.ruleset)
        self.planner = Planner(basic.attacks, basic.movement, self.odds)
        self.walked: dict[int, Walked] = {}
        self.decisions = 0

    def react(self, reactor: int) -> React:
        """Take every Action of Opportunity that can be taken (a free blow)."""
        return self.basic.react(reactor)

    def decide(self, actor: int) -> Command:
        """The best-rated command for `actor` now."""
        return self.choose(actor)[0].command

    def explain(self, actor: int) -> tuple[Command, list[Candidate]]:
        """The best-rated command for `actor` now, with every candidate, best first."""
        ranked = self.choose(actor)
        return ranked[0].command, ranked

    def choose(self, actor: int) -> list[Candidate]:
        """The candidates in the order chosen: the one to take first."""
        self.decisions += 1
        if self.basic.incapacitated(actor):
            return [Candidate(EndTurn(actor), "incapacitated", _fixed("incapacitated", 0.0),
                              queries.hex_of(actor))]
        memory = self.remember(actor)
        ranked = self.rank(actor, memory)
        if self.level == "easy" and len(ranked) > 1 and self.coin(actor) < EASY_SLIP:
            ranked[0], ranked[1] = ranked[1], ranked[0]
        chosen = ranked[0]
        chosen.command = self.turned(actor, chosen.command)
        if isinstance(chosen.command, Move):
            memory.left.update(chosen.walked[:-1])
        return ranked

    def rank(self, actor: int, memory: Walked) -> list[Candidate]:
        """Every candidate, best first (stable: ties keep the listed order)."""
        found = self.planner.candidates(actor, memory.left, flanks=self.level != "easy")
        found.extend(self.tending(actor))
        found.extend(supply_candidates(self.basic.attacks.ruleset, actor))
        found.extend(shield_candidate(self.basic.shield_back(actor), actor))
        for c in found:
            if isinstance(c.command, Move) and "strike" not in c.rating.terms:
                c.rating.add("hold margin", -HOLD_MARGIN)
        ranked = sorted(found, key=lambda c: -c.rating.total)
        if self.level == "hard":
            for c in ranked[:HARD_TOP]:
                self.look_ahead(actor, c)
            ranked = sorted(ranked, key=lambda c: -c.rating.total)
        return ranked

    def tending(self, actor: int) -> list[Candidate]:
        """Pick up, kick, draw, reload or chant, as the basic AI would, at a fixed rating."""
        here = queries.hex_of(actor)
        close = occupancy.index().foes_next.get(actor, 0) > 0  # a foe next to it, kept by moves
        found: list[Candidate] = []
        chosen = self.basic.tend(actor) if self.basic.extras else self.basic.recover(actor, close)
        if isinstance(chosen, Invoke) and self.basic.auras is not None:
            chosen = buff_to_start(self.basic.auras, self.planner, actor, chosen)
        bare = not component_for_entity(actor, Wielded).weapons
        if isinstance(chosen, Invoke) or (isinstance(chosen, EndTurn) and self.chanting(actor)):
            what = (f"start {chosen.buff.replace('_', ' ')}" if isinstance(chosen, Invoke)
                    else "keep the chant up")
            found.append(Candidate(chosen, what, _fixed("buff", BUFF), here))
        elif chosen is not None and (bare or isinstance(chosen, Kick)):
            # Bare-handed, every blow is a fist's: getting a weapon back comes first (its
            # fetch walk, or waiting on it when it lies at its feet, included); kicking an
            # ally's weapon back to it re-arms that ally.
            walked = (here, chosen.to) if isinstance(chosen, Move) else ()
            end = chosen.to if isinstance(chosen, Move) else here
            found.append(Candidate(chosen, f"re-arm: {chosen.type}", _fixed("re-arm", REARM),
                                   end, walked))
        elif chosen is not None and not isinstance(chosen, EndTurn | Move):
            found.append(Candidate(chosen, f"tend: {chosen.type}", _fixed("tend", TEND), here))
        ready = self.basic.get_ready(actor)
        if ready is not None:
            found.append(Candidate(ready, f"get ready: {ready.type}", _fixed("ready", TEND),
                                   here))
        if self.basic.can_stand(actor):
            found.append(Candidate(StandUp(actor), "stand up", _fixed("tend", TEND), here))
        return found

    def chanting(self, actor: int) -> bool:
        """Whether `actor` keeps a buff up by concentration (anything else would end it)."""
        return self.basic.auras is not None and self.basic.auras.keeps_up(actor)

    def look_ahead(self, actor: int, c: Candidate) -> None:
        """Replace the exposure estimate by the enemies' exact best replies on `c.end`."""
        c.rating.terms.pop("exposure", None)
        attacks = self.basic.attacks
        reply = 0.0
        for enemy in queries.enemies_of(actor):
            if not self.planner.reaches(enemy, c.end):
                continue
            best = 0.0
            origin = queries.hex_of(enemy)
            spots = [origin] if hex_distance(origin, c.end) <= 1 else [
                h for h in hex_neighbors(c.end) if attacks.hexmap.passable(h)]
            facing = component_for_entity(actor, Facing).direction
            if len(c.walked) > 1:
                facing = direction_to(c.walked[-2], c.walked[-1])
            for slot, weapon in enumerate(attacks.weapons(enemy)):
                ctx = next_turn(attacks.context(enemy, actor, slot))
                for spot in (spots if not weapon.is_ranged else [origin])[:6]:
                    if spot == c.end:
                        continue
                    seen = imagine(ctx, enemy, actor, spot, 0, attacks.hexmap, False,
                                   (c.end, facing))
                    if weapon.is_ranged:
                        seen.cover = min(cover_quarters(attacks.hexmap, spot, c.end), 3)
                    self.planner.maneuvers(seen)  # as `threat`: a smash where it pays
                    best = max(best, self.odds.outlook(seen, actor).damage)
            reply += best
        wounded = self.planner.wounded(actor)
        c.rating.add("replies", -EXPOSE * reply * (GUARD if wounded else 1.0))

    def remember(self, actor: int) -> Walked:
        """The memory of hexes left this turn, reset when a new turn starts."""
        clock = queries.clock()
        turn = (clock.round, clock.index)
        memory = self.walked.setdefault(actor, Walked())
        here = queries.hex_of(actor)
        if memory.turn != turn:
            memory.turn, memory.left = turn, set()
        elif memory.at is not None and memory.at != here:
            memory.left.add(memory.at)
        memory.at = here
        return memory

    def turned(self, actor: int, command: Command) -> Command:
        """Ending the turn: face the nearest threat first, where turning is affordable."""
        if not isinstance(command, EndTurn) or self.chanting(actor):
            return command  # turning would break the concentration a chant needs
        enemies = queries.enemies_of(actor)
        if not enemies:
            return command
        here = queries.hex_of(actor)
        nearest = min(enemies, key=lambda e: (hex_distance(here, queries.hex_of(e)), e))
        there = queries.hex_of(nearest)
        if there == here:
            return command
        toward = direction_to(here, there)
        cost = self.basic.movement.ruleset.action_cost("face", None, False)
        ap = component_for_entity(actor, ActionPoints).current
        facing = component_for_entity(actor, Facing).direction
        if facing != toward and cost is not None and cost <= ap:
            return Face(actor, toward)
        return command

    def coin(self, actor: int) -> float:
        """A seeded coin for the easy level, apart from the battle's dice."""
        clock = queries.clock()
        memory = component_for_entity(actor, TurnMemory)
        hp = component_for_entity(actor, Health).hp
        text = f"{self.seed}:{clock.round}:{clock.index}:{actor}:{memory.attacks}:{hp}"
        ap = component_for_entity(actor, ActionPoints).current
        text += f":{queries.hex_of(actor)}:{ap}"
        digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
        return random.Random(int.from_bytes(digest, "big")).random()


def _fixed(name: str, value: float) -> Rating:
    """A rating of one term."""
    return Rating({name: value})
