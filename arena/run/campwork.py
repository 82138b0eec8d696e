"""A camp's main actions: what each does to the party, and what it would do, in numbers.

A camp node gives one main action (`camp.ACTIONS`), so these compete:

- rest: each member standing regains two thirds of its lost HP, rounded up (`REST_SHARE`);
  the ruleset's heal hook ends what healing ends (d40 bleeding);
- train: each member standing gains a third of the experience between its level and the next
  (`TRAIN_SHARE`), levels included;
- repair (the forge): every broken weapon of the party that can be mended is made as it was
  before it broke (never its lost enchantment, `repair_refusal`);
- tend: every injury of one member that care can heal is healed (bleeding ends, every injury
  point goes; severed parts never heal);
- forage: the supplies the ground here gives (`Camp.found`, drawn from the node's own stream)
  go to the members with room in their packs;
- scout: the map shows the foes and the odds of the nodes `SCOUT_STEPS` steps beyond the roads
  open (the run keeps the sight: `Run.sight`).

`preview` says what each would do before it is taken; the camp screen and the `--json`
decision lines show it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from arena.model.stats import Supply
from arena.rules.base import Ruleset
from arena.run.balance import rest_gain
from arena.run.growth import MAX_LEVEL, advance, needed
from arena.run.injuries import tend, tendable
from arena.run.party import BROKEN, DEGRADED, WHOLE, Gear, Member, living

MAX_SUPPLIES = 8  # as a template's pack (arena/assets/templates.py)
TRAIN_SHARE = 3  # training gives 1/TRAIN_SHARE of the experience between two levels
SCOUT_STEPS = 2  # how many steps beyond the roads open scouting reveals


@dataclass(slots=True)
class Grounds:
    """What a camp node holds for its main actions besides the party."""

    ruleset: Ruleset
    xp_step: int = 0  # the experience between levels 1 and 2 (the pool's median threat)
    found: list[Supply] = field(default_factory=list)  # what foraging here finds
    beyond: tuple[int, int] = (0, 0)  # the steps scouting reveals, first..last (0: none)


def repair_refusal(ruleset: Ruleset, g: Gear) -> str | None:
    """Why weapon `g` cannot be repaired (None: it can): whole, its magic lost, or destroyed."""
    name = g.weapon.name
    if g.state == WHOLE:
        return f"{name} needs no repair"
    if g.state == DEGRADED:
        return f"{name} lost its enchantment for good: a broken magic weapon never gets it back"
    if not ruleset.mendable(g.weapon):
        return f"{name} is destroyed: a broken magic weapon cannot be mended"
    return None


def mend(g: Gear) -> None:
    """Weapon `g` as it was before it broke: whole, or degraded if a break took some magic."""
    g.state = DEGRADED if g.weapon.magic < g.original.magic else WHOLE


def mendable(party: list[Member], ruleset: Ruleset) -> list[tuple[Member, Gear]]:
    """Every broken weapon of the living party that repair would mend, in party order."""
    return [(m, g) for m in living(party) for g in m.gear
            if g.state == BROKEN and repair_refusal(ruleset, g) is None]


def train_xp(m: Member, step: int) -> int:
    """The experience a session of training gives `m`: a share of its next level's span."""
    span = needed(m.level, step) - needed(m.level - 1, step)
    return 0 if m.level >= MAX_LEVEL else -(-span // TRAIN_SHARE)


def heals(m: Member) -> list[str]:
    """The injuries of `m` that tending heals, by name."""
    return [n for n in sorted(m.injuries) if tendable(n)]


def staunches(ruleset: Ruleset) -> bool:
    """Whether the ruleset's healing ends bleeding (d40), so a rest stops it."""
    return "bleeding" not in ruleset.heal({"bleeding": 1}, 1)


def rest(party: list[Member], ruleset: Ruleset) -> list[str]:
    """The rest: its share of lost HP back for each member standing; what it did, in words."""
    said = []
    for m in living(party):
        back = rest_gain(m.max_hp, m.hp)
        m.hp += back
        kept = ruleset.heal({n: a for n, (_, a) in m.injuries.items()}, back)
        m.injuries = {n: v for n, v in m.injuries.items() if n in kept}
        said.append(f"{m.name} rests: +{back} HP")
    return said


def train(party: list[Member], grounds: Grounds) -> list[str]:
    """Training: each member standing gains `train_xp`; the levels it brings, in words."""
    said = []
    for m in living(party):
        gained = train_xp(m, grounds.xp_step)
        m.xp += gained
        said.append(f"{m.name} trains: +{gained} XP")
        while m.level < MAX_LEVEL and m.xp >= needed(m.level, grounds.xp_step):
            said.append(f"{m.name} reaches {advance(m, grounds.ruleset.name)}")
    return said


def repair(party: list[Member], ruleset: Ruleset) -> list[str]:
    """The forge: every weapon `mendable` is mended; what it did, in words."""
    said = []
    for m, g in mendable(party, ruleset):
        mend(g)
        said.append(f"{m.name}'s {g.weapon.name} is repaired ({g.state})")
    return said


def tend_all(m: Member) -> list[str]:
    """Every injury of `m` that care heals, healed in full; what it did, in words."""
    said = []
    for name in heals(m):
        while name in m.injuries:
            m.injuries = tend(m.injuries, name)
        said.append(f"{m.name}'s {name.replace('_', ' ')} is tended")
    return said


def forage(party: list[Member], found: list[Supply]) -> list[str]:
    """Each supply found goes to the member standing with the fewest supplies and room."""
    said = []
    for supply in found:
        room = [m for m in living(party) if len(m.supplies) < MAX_SUPPLIES]
        if not room:
            said.append(f"no pack has room for {supply.name}: left behind")
            continue
        m = min(room, key=lambda x: (len(x.supplies), party.index(x)))
        m.supplies.append(supply)
        said.append(f"{m.name} packs {supply.name}")
    return said


def _hp_line(party: list[Member]) -> str:
    """What a rest gives each member standing who has HP to gain."""
    parts = [f"{m.name} +{back} HP" for m in living(party)
             if (back := rest_gain(m.max_hp, m.hp))]
    return ", ".join(parts) or "no HP to gain"


def _xp_line(party: list[Member], step: int) -> str:
    """What training gives each member standing, and who it brings to a new level."""
    team = living(party)
    gains = {m.name: train_xp(m, step) for m in team}
    amounts = set(gains.values())
    said = f"+{amounts.pop()} XP each" if len(amounts) == 1 and len(team) > 1 else ", ".join(
        f"{name} +{xp} XP" for name, xp in gains.items())
    ups = [m.name for m in team if gains[m.name] and m.xp + gains[m.name] >= needed(
        m.level, step)]
    return said + (f"; {', '.join(ups)} reach{'es' if len(ups) == 1 else ''} a new level"
                   if ups else "")


def preview(kind: str, party: list[Member], grounds: Grounds) -> str:
    """What main action `kind` would do now, in numbers ('' for a kind with no preview)."""
    ruleset = grounds.ruleset
    if kind == "rest":
        bleeding = [m.name for m in living(party) if "bleeding" in m.injuries]
        stop = f"; bleeding stops ({', '.join(bleeding)})" if bleeding and staunches(
            ruleset) else ""
        return _hp_line(party) + stop
    if kind == "train":
        return _xp_line(party, grounds.xp_step)
    if kind == "repair":
        fixed = [f"{g.weapon.name} ({m.name})" for m, g in mendable(party, ruleset)]
        return "mends " + ", ".join(fixed) if fixed else "nothing to mend"
    if kind == "tend":
        hurt = [f"{m.name}'s {', '.join(n.replace('_', ' ') for n in heals(m))}"
                for m in living(party) if heals(m)]
        return "heals " + "; or ".join(hurt) if hurt else "nothing to tend"
    if kind == "forage":
        names = Counter(s.name for s in grounds.found)
        return "finds " + ", ".join(n + (f" x{k}" if k > 1 else "") for n, k in names.items()) \
            if names else "nothing to find here"
    if kind == "scout":
        first, last = grounds.beyond
        if not first:
            return "nothing beyond to scout"
        return f"shows the foes of step {first}" if first == last else \
            f"shows the foes of steps {first}-{last}"
    return ""
