"""Which AI commands each side: `basic` (the first AI, kept for comparison) or `tactical`."""

from __future__ import annotations

from arena.ai.basic import AISystem
from arena.ai.candidates import Candidate
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
    """The AI of each side (default: `tactical` at `normal`), one instance per name and level."""

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
        """Let the AI a replay step names (`tactical/hard`, `basic`; "": `basic`) command."""
        name, _, level = (label or "basic").partition("/")
        try:
            self.assign(queries.side_of(actor), name, level or DEFAULT_LEVEL)
        except ValueError as e:
            raise ArenaError(f"the replay names an unknown AI '{label}': {e}") from None

    def label(self, actor: int) -> str:
        """The AI commanding `actor`'s side, as `tactical/normal` or `basic`."""
        name, level = self.sides.get(queries.side_of(actor), (DEFAULT_AI, DEFAULT_LEVEL))
        return name if name == "basic" else f"{name}/{level}"

    def _tactical(self, actor: int) -> TacticalAI | None:
        """The tactical AI commanding `actor`, or None when `basic` does."""
        name, level = self.sides.get(queries.side_of(actor), (DEFAULT_AI, DEFAULT_LEVEL))
        if name == "basic":
            return None
        if level not in self.tactical:
            self.tactical[level] = TacticalAI(self.basic, self.seed, level)
        return self.tactical[level]

    def decide(self, actor: int, reacting: bool) -> Command:
        """The command `actor`'s AI gives now (a reaction while an opening waits)."""
        ai = self._tactical(actor)
        if reacting:
            return self.basic.react(actor) if ai is None else ai.react(actor)
        return self.basic.decide(actor) if ai is None else ai.decide(actor)

    def explain(self, actor: int) -> tuple[Command, list[Candidate]]:
        """The command `actor`'s AI gives now, with its rated candidates best first."""
        ai = self._tactical(actor)
        if ai is None:
            return self.basic.decide(actor), []
        ranked = ai.choose(actor)
        return ranked[0].command, ranked
