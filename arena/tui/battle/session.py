"""A battle in play: every command goes through the recorder, then the journal and the log.

The player's commands and the AI's both pass through `Battle.apply` (via `Recorder.apply`),
so a session is exactly as deterministic as `arena sim`; nothing here rolls a die.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from arena.battle.core import Battle
from arena.battle.narrate import narrate, weapon_names
from arena.battle.view import BattleView, snapshot
from arena.ecs.events import Event, Refused
from arena.model.commands import Command, EndTurn, command_from_json
from arena.paths import saves_file
from arena.replay.file import Recorder, save
from arena.replay.journal import Journal
from arena.tui.battle.alerts import important
from arena.tui.term import palette
from arena.tui.term.glyphs import sanitise

JOURNAL_NAME = "current.journal.jsonl"
AI_LIMIT = 10_000


UNDOABLE = ("move", "face")


@dataclass(frozen=True, slots=True)
class LogLine:
    """One narrated event and its colour; `count` repeats stacked, `important` must be seen."""

    text: str
    colour: palette.RGB
    count: int = 1
    important: bool = False

    @property
    def shown(self) -> str:
        """The text as the log draws it: 'Mira misses (x3)' for a stacked line."""
        return self.text if self.count == 1 else f"{self.text} (x{self.count})"


def event_colour(event: Event) -> palette.RGB:
    """The log colour of an event; unknown event types are plain text."""
    result = getattr(event, "result", None)
    if result is not None and hasattr(result, "hit"):
        return palette.HIT if result.hit else palette.MISS
    return palette.LOG.get(str(getattr(event, "type", "")), palette.TEXT)


class Session:
    """The battle, its recorder and journal, who plays which side, and the message log."""

    abandon_question = "Abandon this battle? Its journal is deleted. (y/n)"
    suffix = ""  # added to the replay's file name (a continued battle's: ".continued")
    # The keymap's actions this kind of battle refuses, each with why: the App answers their
    # keys with the reason, and the help lists the rest (help.key_lines) and these as refused.
    unavailable: Mapping[str, str] = MappingProxyType(
        {"auto_fight": "auto-fight is for a run's bouts (arena run)"})
    saving = "Saved as you play (run arena again to resume)"  # what the help says of saving

    def __init__(
        self, recorder: Recorder, players: frozenset[int], saves: Path, journal: bool = True,
        source: Path | None = None,
    ) -> None:
        self.recorder = recorder
        self.battle = recorder.battle
        self.players = players
        self.saves = saves
        self.names = self.battle.names()
        self.side_names = {i: s.name for i, s in enumerate(self.battle.scenario.sides)}
        self.log: list[LogLine] = []
        self.rough = self.battle.scenario.map.difficult()
        self.weapon_names = weapon_names(self.battle.scenario)  # shields too: dropped, broken
        self._undoable: list[bool] = [False] * len(recorder.steps)  # one flag per step
        # What the screen worked out from the battle as it stands (aiming's plans), dropped
        # whenever a command or an undo changes it.
        self.memo: dict[object, object] = {}
        self.replay_path: Path | None = None
        self.journal: Journal | None = None
        if journal and not self.battle.over:
            settings: dict[str, object] = {"players": sorted(players)}
            self.journal = Journal(saves / JOURNAL_NAME, recorder, settings)
        self.view: BattleView = snapshot(self.battle)
        self._narrate(self.battle.log)
        if self.battle.over:
            self.replay_path = source

    @property
    def player_turn(self) -> bool:
        """True when the active combatant is on a side the player commands."""
        active = self.view.combatant(self.view.active)
        return active is not None and active.side in self.players

    def submit(self, command: Command, by: str = "player") -> str | None:
        """Apply a command; return the reason if refused (nothing changed), else None."""
        draws = self.battle.dice.draws
        events = self.recorder.apply(command, by)
        if len(events) == 1 and isinstance(events[0], Refused):
            return events[0].reason
        self.memo.clear()
        if self.journal is not None:
            self.journal.append(self.recorder.steps[-1])
        quiet = self.battle.dice.draws == draws and not any(
            getattr(e, "type", "") == "opening_presented" for e in events)
        self._undoable.append(by == "player" and quiet and command.type in UNDOABLE)
        self._narrate(events)
        self.view = snapshot(self.battle)
        if self.battle.over:
            self._finish()
        return None

    def run_ai(self) -> None:
        """Let the AI play every turn until a player's combatant acts or the battle ends."""
        for _ in range(AI_LIMIT):
            active = self.view.active
            if self.view.over or active is None or self.player_turn:
                return
            reason = self.submit(self.battle.decide(), "ai")
            if reason is not None and self.submit(EndTurn(active), "ai") is not None:
                return

    def undo_refusal(self) -> str | None:
        """Why the last command cannot be taken back, or None when it can."""
        if "undo" in self.unavailable:
            return self.unavailable["undo"]
        if not (self._undoable and self._undoable[-1] and self.player_turn):
            return "only your last step or turn can be undone, and only if no die was rolled"
        return None

    def undo(self) -> str | None:
        """Take back the last command (a die-free step or turn): rebuild the battle without it.

        The journal records the undo, so resuming replays the same commands; a save or replay
        written later simply lacks the command. Returns the refusal, or None when done.
        """
        refusal = self.undo_refusal()
        if refusal is not None:
            return refusal
        undone = command_from_json(self.recorder.steps[-1]["command"])
        self.recorder = self._without_last()
        self.memo.clear()
        self.battle = self.recorder.battle
        self._undoable.pop()
        self.view = snapshot(self.battle)
        name = self.names.get(undone.actor, "?")
        what = "step" if undone.type == "move" else "turn"
        self.log.append(LogLine(f"{name}'s {what} is taken back", palette.DIM))
        return None

    def _without_last(self) -> Recorder:
        """The battle rebuilt without its last command (journalled as taken back)."""
        old = self.recorder
        battle = Battle(old.battle.scenario, old.battle.ruleset, old.battle.seed,
                        old.dice_script)
        old.battle.__exit__(None, None, None)
        recorder = Recorder(battle, old.assets_hash, old.dice_script)
        for step in old.steps[:-1]:
            recorder.apply(command_from_json(step["command"]), str(step["by"]))
        if self.journal is not None:
            self.journal.append_undo(battle.state_hash())
        return recorder

    def _narrate(self, events: Sequence[Event]) -> None:
        """Add the events' log lines, made safe to draw; a repeated line is stacked."""
        sides = {c.id: c.side for c in self.view.combatants}
        for event in events:
            for w in (getattr(event, "weapon", None),):
                if isinstance(w, str) and w not in self.weapon_names:
                    self.weapon_names[w] = _arm_name(self.battle, w)
            text = sanitise(narrate(event, self.names, self.side_names, self.weapon_names,
                                    self.rough))
            line = LogLine(text, event_colour(event),
                           important=important(event, sides, self.players))
            last = self.log[-1] if self.log else None
            if last is not None and last.text == text:
                line = LogLine(text, last.colour, last.count + 1,
                               last.important or line.important)
                self.log[-1] = line
            else:
                self.log.append(line)

    def save_path(self) -> Path:
        """Where save-and-quit writes: saves/<scenario>-<seed>.save.json."""
        return saves_file(self.saves, f"{self.battle.scenario.id}-{self.battle.seed}.save.json")

    def save(self) -> Path:
        """Write the battle so far in the replay format; the journal stays for resuming."""
        path = self.save_path()
        save(self.recorder, path)
        self.close()
        return path

    def _finish(self) -> None:
        """The battle is over: write its replay and drop the journal."""
        stem = f"{self.battle.scenario.id}-{self.battle.seed}{self.suffix}"
        path, n = saves_file(self.saves, f"{stem}.replay.json"), 1
        while path.exists():
            n += 1
            path = saves_file(self.saves, f"{stem}-{n}.replay.json")
        save(self.recorder, path)
        self.replay_path = path
        if self.journal is not None:
            self.journal.discard()
            self.journal = None

    def abandon(self) -> None:
        """The player gives the battle up: its journal is deleted."""
        if self.journal is not None:
            self.journal.discard()
            self.journal = None

    def close(self) -> None:
        """Close the journal, keeping it for the next `arena` to resume."""
        if self.journal is not None:
            self.journal.close()
            self.journal = None


def _arm_name(battle: Battle, weapon: str) -> str:
    """The display name of a weapon id any combatant wields or carries (unarmed strikes too)."""
    for c in snapshot(battle).combatants:
        for w in (*c.arms, *c.spares):
            if w.id == weapon:
                return w.name
    return weapon.replace("_", " ")
