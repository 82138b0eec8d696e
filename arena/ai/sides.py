"""`Roster`: which AI commands each side (`basic`, or `tactical` at a level); the `--ai` names."""

from __future__ import annotations

from arena.ai.basic import AISystem
from arena.ai.candidates import Candidate
from arena.ai.protocol import AI
from arena.ai.tactical import LEVELS, TacticalAI
from arena.ecs import queries
from arena.errors import ArenaError
from arena.model.commands import Command

AI_NAMES = ("tactical", "basic")
DEFAULT_AI = "tactical"
DEFAULT_LEVEL = "normal"


def parse_ai(spec: str, level: str) -> list[str]:
    """`--ai NAME[,NAME...]` as a list of names, checked with `--ai-level`; one-line errors."""
    names = [n.strip() for n in spec.split(",")]
    for name in names:
        if name not in AI_NAMES:
            raise ArenaError(f"--ai: unknown AI '{name}' (choose from {', '.join(AI_NAMES)})")
    if level not in LEVELS:
        raise ArenaError(f"--ai-level: unknown level '{level}' (choose from {', '.join(LEVELS)})")
    return names


class Roster:
    """The AI of each side (default: `tactical` at `normal`), one instance per name and level.

    `sides` holds each side's assignment (name, level); `basic` is the battle's one basic AI and
    `tactical` the tactical AIs by level, made when first asked for. A snapshot saves and
    restores `sides` and each tactical AI's memory (arena/replay/snapshot.py), so the AI of a
    side is looked up from them each time it is asked for, never cached apart.
    """

    def __init__(self, basic: AISystem, seed: int) -> None:
        self.basic = basic
        self.seed = seed
        self.sides: dict[int, tuple[str, str]] = {}
        self.tactical: dict[str, TacticalAI] = {}

    def assign(self, side: int, name: str, level: str = DEFAULT_LEVEL) -> None:
        """Let `name` at `level` command `side`; an unknown name or level is a ValueError."""
        if name not in AI_NAMES:
            raise ValueError(f"unknown AI '{name}' (choose from {', '.join(AI_NAMES)})")
        if level not in LEVELS:
            raise ValueError(f"unknown AI level '{level}' (choose from {', '.join(LEVELS)})")
        self.sides[side] = (name, level)

    def configure(self, spec: str, level: str, sides: int) -> None:
        """`--ai`: one name for every side, or one per side in side order."""
        names = parse_ai(spec, level)
        if len(names) not in (1, sides):
            raise ArenaError(f"--ai names {len(names)} AIs; this scenario has {sides} sides "
                             "(give one for all or one per side)")
        for side in range(sides):
            self.assign(side, names[side if len(names) > 1 else 0], level)

    def adopt(self, actor: int, label: str) -> None:
        """Let the AI a replay step names (`tactical/hard`, `basic`; "": `basic`) command.

        A step from a file may name no combatant (#999, the clock): it has no side to adopt
        for, and `Battle.apply` refuses its command, so verification reports it as a mismatch.
        """
        if not queries.has_side(actor):
            return
        name, _, level = (label or "basic").partition("/")
        try:
            self.assign(queries.side_of(actor), name, level or DEFAULT_LEVEL)
        except ValueError as e:
            raise ArenaError(f"the replay names an unknown AI '{label}': {e}") from None

    def label(self, actor: int) -> str:
        """The AI commanding `actor`'s side, as `tactical/normal` or `basic` (it has no levels)."""
        name, level = self._assigned(actor)
        return name if name == "basic" else f"{name}/{level}"

    def _assigned(self, actor: int) -> tuple[str, str]:
        """The name and level of the AI commanding `actor`'s side (default: tactical/normal)."""
        return self.sides.get(queries.side_of(actor), (DEFAULT_AI, DEFAULT_LEVEL))

    def ai(self, actor: int) -> AI:
        """The AI commanding `actor`'s side; a tactical AI is made on first use, one per level."""
        name, level = self._assigned(actor)
        if name == "basic":
            return self.basic
        if level not in self.tactical:
            self.tactical[level] = TacticalAI(self.basic, self.seed, level)
        return self.tactical[level]

    def decide(self, actor: int, reacting: bool) -> Command:
        """The command `actor`'s AI gives now (a reaction while an opening waits)."""
        ai = self.ai(actor)
        return ai.react(actor) if reacting else ai.decide(actor)

    def explain(self, actor: int) -> tuple[Command, list[Candidate]]:
        """The command `actor`'s AI gives now, with its rated candidates best first."""
        return self.ai(actor).explain(actor)
