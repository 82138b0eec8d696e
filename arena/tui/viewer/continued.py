"""Continue from here: a replay's first N commands, then the player takes a side and plays on.

The new battle is re-fought from the parent's header with the parent's first N commands
(`by` and the AI that gave each kept, the AI consulted at each of its steps as `--verify`
does, so its memory and the new replay's verification agree), each checked by its state hash.
Its replay names the parent: `parent: {sha256: <hash of the parent file's bytes>, command: N}`
and is written under saves/ as `<scenario>-<seed>.continued.replay.json` (numbered, never
over another file). `view` is what `arena replay PATH` runs on a terminal.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from arena.ai.sides import DEFAULT_AI
from arena.assets import load_library
from arena.battle.core import Battle
from arena.errors import ArenaError
from arena.files import MAX_JSON_BYTES, read_bytes
from arena.paths import saves_file
from arena.replay.file import Recorder, load
from arena.text import one_line, say
from arena.tui.battle.app import App
from arena.tui.battle.modes import Exit
from arena.tui.battle.session import Session
from arena.tui.term import config
from arena.tui.term.question import Question
from arena.tui.term.terminal import Terminal, fullscreen
from arena.tui.viewer.playback import Playback, UnplayableError, load_films
from arena.tui.viewer.viewer import ViewerApp

SUFFIX = ".continued"
SLOW_OPENING = 1000  # commands: more take a second or more to check; say so


class Continued(Session):
    """A battle continued from a replay: no journal; its files never replace another file."""

    suffix = SUFFIX
    abandon_question = "Abandon this battle? Nothing of it is kept. (y/n)"
    saving = "Not saved as you play (a continued battle keeps no journal)"

    def save_path(self) -> Path:
        """The first free saves/<scenario>-<seed>.continued[-n].save.json."""
        stem = f"{self.battle.scenario.id}-{self.battle.seed}{SUFFIX}"
        path, n = saves_file(self.saves, f"{stem}.save.json"), 1
        while path.exists():
            n += 1
            path = saves_file(self.saves, f"{stem}-{n}.save.json")
        return path

    def save(self) -> Path:
        """Write the battle so far (it names its parent) and remember where."""
        self.saved: Path | None = super().save()
        return self.saved


def continued_recorder(playback: Playback, ai_level: str) -> Recorder:
    """A new battle at the playback's point: the parent's commands so far, re-applied.

    The parent is the replay file; for a run's bout, that bout's replay under saves/ (written
    now if it is not there yet), since the run record is not a battle replay.
    """
    replay, point = playback.film.replay, playback.position
    digest = playback.digest if playback.film.document is None else _bout_digest(playback)
    battle = Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice)
    try:
        recorder = Recorder(battle, load_library().hash, replay.dice,
                            parent={"sha256": digest, "command": point})
        by = replay.by or ("player",) * len(replay.steps)
        for i, (command, _, digest) in enumerate(replay.steps[:point]):
            if by[i] == "ai":  # as verification does: the AI's memory grows the same way
                battle.roster.adopt(command.actor, replay.ais[i] if replay.ais else "")
                battle.decide()
            recorder.apply(command, by[i])
            if battle.state_hash() != digest:
                raise ArenaError(f"{one_line(str(replay.path))}: command {i + 1} no longer "  # noqa: TRY301
                                 "gives its recorded state; cannot continue from it")
        battle.roster.configure(DEFAULT_AI, ai_level, len(replay.scenario.sides))
    except BaseException:
        battle.__exit__(None, None, None)
        raise
    return recorder


def _bout_digest(playback: Playback) -> str:
    """The sha256 of the watched run bout's replay file, whose main line starts this battle."""
    path = playback.bout_file()
    replay = load(path)
    point = playback.position
    if [d for _, _, d in replay.steps[:point]] != [
            d for _, _, d in playback.film.replay.steps[:point]]:
        raise ArenaError(f"{path} has another main line up to command {point} (a branch was "
                         "promoted there): continue from that file")
    return hashlib.sha256(read_bytes(path, one_line(str(path)), MAX_JSON_BYTES,
                                     what="replay file")).hexdigest()


def view(path: Path, saves: Path, bout: int = 1) -> int:
    """Watch a replay or run record; maybe play on from a point. Exit 1 if it no longer plays."""
    settings = config.load()
    config.apply(settings)
    try:
        films, digest = load_films(path)
        commands = sum(len(film.replay.steps) for film in films)
        if commands > SLOW_OPENING:
            say(sys.stderr, f"checking {commands} commands before the viewer opens ...")
        if not 1 <= bout <= len(films):
            raise ArenaError(f"--bout {bout}: the run has bouts 1 to {len(films)}")
        playback = Playback(films, path, digest, saves, bout - 1)
    except UnplayableError as e:
        say(sys.stderr, str(e))
        return 1
    message, code = "", 0
    try:
        with fullscreen(settings.mouse) as screen:
            viewer = ViewerApp(playback)
            screen.run(viewer)
            if viewer.continuing is not None:
                side, point = viewer.continuing
                screen.show(Question([f"Re-fighting the first {point} commands ..."],
                                     notice=True))
                message = _play_on(screen, playback, side, saves, settings)
    except KeyboardInterrupt:
        message, code = "Interrupted.", 130
    finally:
        playback.close()
    if message:
        sys.stdout.write(message.strip() + "\n")
    return code


def _play_on(screen: Terminal, playback: Playback, side: int, saves: Path,
             settings: config.Config) -> str:
    """Play the continued battle in the game's screen; what became of it."""
    recorder = continued_recorder(playback, settings.ai)
    playback.close()
    session = Continued(recorder, frozenset({side}), saves, journal=False)
    try:
        game = App(session, settings.pauses, settings.ask_end_turn)
        screen.run(game)
        if game.exit == Exit.SAVE:  # no journal here: the save is the way back
            return f"Saved to {session.saved}; play on with: arena play --load {session.saved}"
        return game.message
    finally:
        session.close()
        session.battle.__exit__(None, None, None)
