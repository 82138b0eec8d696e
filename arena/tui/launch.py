"""What `arena play` runs: pick up a journal, a save or a new battle, then play in the terminal."""

from __future__ import annotations

import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path

import arena
from arena import files
from arena.assets import load_library, load_scenario
from arena.assets.generated import generate_checked
from arena.battle.core import Battle
from arena.errors import ArenaError
from arena.paths import saves_root
from arena.procgen import GenSpec
from arena.replay.file import Recorder
from arena.replay.journal import Resumable, load_journal, load_resumable, resume
from arena.rules import get_ruleset
from arena.text import say
from arena.tui.accessible.play import Screen, screen_for
from arena.tui.battle.app import App
from arena.tui.battle.session import JOURNAL_NAME, Session
from arena.tui.term import config
from arena.tui.term.question import Question

SEED_LIMIT = 1_000_000


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """The `arena play` arguments."""

    scenario: str = "skirmish"
    seed: int | None = None
    rules: str | None = None
    side: int | None = None
    hotseat: bool = False
    load: Path | None = None
    saves: Path = field(default_factory=saves_root)  # `--saves`, else paths.saves_root()
    generated: tuple[int, GenSpec] | None = None  # `--generated N`: (arena seed, request)
    palette: str | None = None  # `--palette`: used and saved in the config
    fresh: bool = False  # a battle was asked for by name or seed: resume only that one
    ai: str = "tactical"  # `--ai`: the AI commanding the other sides (arena/ai/sides.py)
    ai_level: str = "normal"  # `--ai-level`: easy, normal or hard
    accessible: bool = False  # `--accessible`: no map, the battle in lines (accessible/play.py)


def new_battle(options: PlayOptions) -> Recorder:
    """A fresh battle of the chosen scenario; a random seed when none is given."""
    library = load_library()
    if options.generated is not None:
        scenario = generate_checked(*options.generated, library).scenario
    else:
        scenario = load_scenario(options.scenario, library, options.rules)
    ruleset = get_ruleset(options.rules or scenario.ruleset)
    seed = options.seed if options.seed is not None else secrets.randbelow(SEED_LIMIT)
    if seed < 0:
        raise ArenaError(f"--seed must be 0 or more, got {seed}")
    return Recorder(Battle(scenario, ruleset, seed), library.hash)


def players(options: PlayOptions, recorder: Recorder, source: Resumable | None) -> frozenset[int]:
    """The sides the player commands: flags first, else what the journal or save says, else 0."""
    count = len(recorder.battle.scenario.sides)
    if options.hotseat:
        return frozenset(range(count))
    if options.side is not None:
        if not 0 <= options.side < count:
            raise ArenaError(f"--side must be 0..{count - 1} for this scenario, "
                             f"got {options.side}")
        return frozenset({options.side})
    if source is not None:
        listed = source.settings.get("players")
        if isinstance(listed, list) and all(isinstance(s, int) and 0 <= s < count
                                            for s in listed):
            return frozenset(listed)
        sides = {c.side for c in source.scenario.combatants}
        by_player = {source.scenario.combatants[cmd.actor - 1].side for cmd, by, _ in source.steps
                     if by == "player" and 0 < cmd.actor <= len(source.scenario.combatants)}
        if by_player & sides:
            return frozenset(by_player)
    return frozenset({0})


def set_aside(screen: Screen, path: Path, error: ArenaError) -> None:
    """Move a journal that cannot be resumed to `<name>.bad` (`.bad.2`, ...) and say why."""
    aside = files.set_aside(path, "bad")  # numbered: an earlier bad journal is never overwritten
    screen.run(Question([f"The unfinished battle cannot be resumed: {error}",
                         f"Its journal was moved to {aside}.",
                         "Press any key to start a new battle."], notice=True))


def offer_journal(screen: Screen, path: Path) -> Resumable | None:
    """Ask whether to resume the unfinished battle in `path`; a bad journal is set aside."""
    try:
        source = load_journal(path)
    except ArenaError as e:
        set_aside(screen, path, e)
        return None
    lost = " (the last, unfinished command is lost)" if source.dropped else ""
    question = Question([
        f"An unfinished battle was found: {source.scenario.name}, seed {source.seed}, "
        f"{len(source.steps)} commands played{lost}.",
        f"(recorded by arena {source.game_version})"
        if source.game_version != arena.__version__ else "",
        "Resume it? (y/n)",
    ])
    screen.run(question)
    if question.answer == "y":
        return source
    files.set_aside(path, "old")
    return None


def _prepared(options: PlayOptions, source: Resumable | None) -> tuple[Recorder, frozenset[int]]:
    """The battle to play, fully checked (re-run, sides chosen) before any file is touched."""
    recorder = resume(source) if source is not None else new_battle(options)
    try:
        sides = len(recorder.battle.scenario.sides)
        recorder.battle.roster.configure(options.ai, options.ai_level, sides)
        return recorder, players(options, recorder, source)
    except ArenaError:
        recorder.battle.__exit__(None, None, None)
        raise


def _session(options: PlayOptions, source: Resumable | None) -> Session:
    """The session to play: the resumed battle or a new one."""
    recorder, chosen = _prepared(options, source)
    return Session(recorder, chosen, options.saves, source=source.path if source else None)


def start(screen: Screen, options: PlayOptions, journal: Path) -> Session:
    """Offer an unfinished battle, if any; a journal that fails to resume is set aside."""
    found = offer_journal(screen, journal) if journal.exists() else None
    if found is None:
        return _session(options, None)
    try:
        return _session(options, found)
    except ArenaError as e:
        set_aside(screen, journal, e)
        return _session(options, None)


def play(options: PlayOptions) -> int:
    """Play in the terminal until the player leaves; print where the save or replay went."""
    settings = _settings(options)  # every flag is checked before any question is asked
    if not options.accessible and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise ArenaError("arena play needs a terminal (for a battle without one: arena sim)")
    files.remove_stale_temps(options.saves)  # what a write killed half-way left
    source = load_resumable(options.load) if options.load is not None else None
    if source is not None and source.game_version != arena.__version__:
        say(sys.stderr, f"warning: {options.load} was recorded by arena "
                        f"{source.game_version}; this is {arena.__version__}")
    journal = options.saves / JOURNAL_NAME
    session = None
    if source is not None:
        recorder, chosen = _prepared(options, source)  # a bad save fails here, journal untouched
        if journal.exists() and source.path.resolve() != journal.resolve():
            files.set_aside(journal, "old")  # keep the other battle, numbered, never overwritten
        session = Session(recorder, chosen, options.saves, source=source.path)
    message, code = "", 0
    aside = _unrelated(options, journal) if session is None else None
    try:
        with screen_for(options.accessible, settings.mouse) as screen:
            if session is None:
                session = start(screen, options, journal)
            app = App(session, settings.pauses and not options.accessible, settings.ask_end_turn)
            screen.run(app)
            message = app.message
    except KeyboardInterrupt:
        message, code = "Interrupted: the battle's journal is kept; run arena to resume it.", 130
    finally:
        if session is not None:
            session.close()
            session.battle.__exit__(None, None, None)
    if aside is not None:
        message += f"\n(The unfinished battle found in {journal} was kept as {aside}.)"
    if message:
        sys.stdout.write(message.strip() + "\n")
    return code


def _settings(options: PlayOptions) -> config.Config:
    """The config with `--palette` (saved when given), in force; the flags checked."""
    if options.hotseat and options.side is not None:
        raise ArenaError("--hotseat commands every side; drop --side, or drop --hotseat")
    if options.rules is not None:
        get_ruleset(options.rules)
    settings = config.with_palette(config.load(), options.palette)
    if options.palette is not None:
        config.save(settings)
    config.apply(settings)
    return settings


def _unrelated(options: PlayOptions, journal: Path) -> Path | None:
    """Set aside (numbered) a journal of another battle than the one asked for by name."""
    if not (options.fresh and journal.exists()):
        return None
    try:
        found = load_journal(journal)
    except ArenaError:
        return None  # offered, and set aside with its reason, as without the flags
    same = found.scenario.id == Path(options.scenario).stem and (
        options.seed is None or found.seed == options.seed)
    return None if same else files.set_aside(journal, "old")
