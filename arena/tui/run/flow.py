"""`arena` with no arguments: the title screen, and a whole run played in the terminal.

Title -> new run (ruleset, party) or continue -> for each bout: a preview (theme, foes and
their threat), the battle screen, the outcome, the levels it brought (`levelup.py`), then
camp -> the end: the death screen or the summary, and the morgue read from it (`finale.py`).
The run journal (arena/run/runjournal.py) takes every command and camp choice as it is made;
closing the terminal at any point leaves the run for the next `arena` to continue.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from arena import files
from arena.assets import load_library
from arena.assets.generated import materials
from arena.assets.library import Library
from arena.errors import ArenaError
from arena.procgen.roster import pool
from arena.procgen.threat import combatant_threat, side_strength
from arena.run.config import RunConfig, check_config, suggested_party
from arena.run.live import LiveRun, resume
from arena.run.route import BOSS, CAMP, DEFAULT_STEPS, EVENT, MERCHANT
from arena.run.runjournal import NAME
from arena.run.score import load_scores, table
from arena.text import counted
from arena.tui.accessible.play import Screen
from arena.tui.battle.modes import Exit
from arena.tui.battle.session import JOURNAL_NAME
from arena.tui.run.bout import BoutScreen, RunSession
from arena.tui.run.camp import CampScreen, roster_lines
from arena.tui.run.event import EventScreen
from arena.tui.run.finale import morgue_page, summary
from arena.tui.run.levelup import levelup_page, standing
from arena.tui.run.newrun import PartyPicker, ruleset_page
from arena.tui.run.page import Option, Page
from arena.tui.run.routemap import route_page
from arena.tui.run.spoken import InputEnded, run_lines
from arena.tui.run.title import help_page, scores_page, title_page
from arena.tui.term import config, palette
from arena.tui.term.keymap import first_key
from arena.tui.term.lines import Line
from arena.tui.term.question import Question
from arena.tui.term.terminal import fullscreen

SEED_LIMIT = 1_000_000


@dataclass(frozen=True, slots=True)
class Preset:
    """What `arena run` (without --auto) fixes in advance; the rest is asked."""

    seed: int | None = None
    rules: str | None = None
    steps: int = DEFAULT_STEPS
    endless: bool = False
    party: tuple[str, ...] = ()
    difficulty: str | None = None  # None: asked (with the party)


def journal_path(saves: Path) -> Path:
    """Where the run in progress is journalled."""
    return saves / NAME


def opens_title(saves: Path) -> bool:
    """Whether `arena` opens the title (not when only an unfinished skirmish waits: offered)."""
    return journal_path(saves).exists() or not (saves / JOURNAL_NAME).exists()


def unfinished(saves: Path, library: Library) -> LiveRun | None:
    """The unfinished run, rebuilt; a journal that cannot be continued is set aside, refused."""
    path = journal_path(saves)
    if not path.exists():
        return None
    try:
        return resume(path, library)[0]
    except ArenaError as e:
        aside = files.set_aside(path, "bad")
        raise ArenaError(f"the unfinished run cannot be continued: {e} (kept as {aside})"
                         ) from None


def describe(live: LiveRun | None) -> str | None:
    """The unfinished run in a few words."""
    if live is None:
        return None
    c = live.run.config
    run = live.run
    where = {"camp": "at camp", "route": "on the map", "preview": "before a fight",
             "battle": f"in bout {run.next_bout if live.fight is None else live.fight.bout.number}",
             }.get(live.phase, "")
    return f"{c.ruleset}, seed {c.seed}, step {run.step}, {where}"


def preview(live: LiveRun, theme: str) -> Page:
    """Before a bout: its arena's theme, the foes with their threat, and the party."""
    assert live.fight is not None
    bout, run = live.fight.bout, live.run
    rs = run.config.ruleset
    foes = [c for c in bout.scenario.combatants if c.side != 0]
    threats: list[int] = []
    body: list[Line] = [(f"Arena: {bout.scenario.name} - theme: {theme}", palette.TEXT),
                        (f"Threat budget {bout.budget}; your party's at the start "
                         f"{run.start_threat}", palette.DIM), ("", palette.TEXT),
                        ("Enemies:", palette.TITLE)]
    for c in foes:
        t = combatant_threat(rs, c)
        threats.append(t)
        arms = ", ".join(w.name for w in c.weapons)
        body.append((f"  {c.name}: {c.hp} HP, {arms} - threat {t}", palette.BAD))
    # Together they count by Lanchester's square law, as the budget does (docs/procgen.md).
    body += [(f"  together: threat {side_strength(threats)} (sum {sum(threats)})", palette.BAD),
             ("", palette.TEXT),
             ("Your party:", palette.TITLE)]
    body += roster_lines(run.party, 76)
    length = "endless" if run.config.endless else f"of {run.route.last}"
    boss = " - a boss waits" if bout.node.kind == BOSS else " - an elite fight" \
        if bout.node.kind == "elite" else ""
    return Page(f"Bout {bout.number}, step {bout.node.step} {length}{boss} "
                f"(run seed {run.config.seed})", body,
                [Option("KEY_ENTER", "fight", "fight"),
                 Option("q", "leave the run for now (it is saved)", "leave")],
                back="leave", hint=f"Enter: fight (in the bout, {first_key('auto_fight')}: "
                                   "auto-fight a turn)  q/Esc: leave for now")


def outcome(live: LiveRun, news: list[dict[str, object]]) -> Page:
    """After a bout: won or lost, kills, the fallen, weapons lost or broken, levels, loot."""
    t = live.run.tallies[-1]
    body: list[Line] = [(f"{'Won' if t.won else 'Lost'} in {counted(t.rounds, 'round')}; "
                         f"{counted(t.kills, 'foe')} down (threat {t.threat}).",
                         palette.GOOD if t.won else palette.BAD),
                        (f"Bounty: {t.coin} coin ({live.run.purse.coin} in the purse).",
                         palette.ITEM)]
    lost = "Weapons out of hand (those on the field are in the loot)" if t.won and t.loot \
        else "Weapons lost"
    for label, items in (("Fallen", t.fallen), (lost, t.lost),
                         ("Weapons broken", t.broken)):
        if items:
            body.append((f"{label}: {', '.join(items)}", palette.BAD))
    ups = {x["name"]: x.get("level", "?") for x in news if x["type"] == "level_up"}
    for name, level in ups.items():  # one line a member, however many levels: the next page
        body.append((f"{name} reaches level {level} (the next page tells what changed)",
                     palette.GOOD))
    if t.loot:
        body.append((f"Loot on the field: {', '.join(w.name for w in t.loot)}", palette.ITEM))
    after = "to the end of the run" if live.run.over else "to the spoils"
    return Page(f"Bout {t.bout} is over", body, [Option("KEY_ENTER", after, "on")],
                hint="Enter: on")


def play_run(screen: Screen, live: LiveRun, saves: Path,
             settings: config.Config | None = None) -> str:
    """Play the run until it ends or the player leaves; a line to print afterwards.

    `settings`: the player's config (--more-- pauses, the end-turn question) for the bouts.
    """
    settings = settings or config.Config()
    news: list[dict[str, object]] = []
    live.run.emit = news.append
    while True:
        if live.phase == "route":
            page = route_page(live.run)
            screen.run(page)
            if page.answer in (None, "leave"):
                live.close()
                return "The run is saved; run arena to continue it."
            reason = live.go(page.answer)
            if reason is not None:  # the page offers only open roads: never refused
                raise ArenaError(reason)
            continue
        if live.phase == "preview":
            live.begin_bout()
        if live.phase == "battle" and live.fight is not None:
            if not live.fight.recorder.steps:
                theme = next((str(x.get("theme")) for x in reversed(news)
                              if x["type"] == "bout_start"), "?")
                page = preview(live, theme)
                screen.run(page)
                if page.answer == "leave":
                    live.close()
                    return "The run is saved; run arena to continue it."
            news.clear()
            session = RunSession(live, saves)
            bout = BoutScreen(session, settings.pauses, settings.ask_end_turn)
            screen.run(bout)
            if bout.app.exit == Exit.ABANDON:
                return _abandon(live)
            if not session.battle.over:
                live.close()
                return "The run is saved; run arena to continue it."
            _bout_over(screen, live, news)
        elif live.phase == "camp" and live.camp is not None:
            screen.run(camp_screen(live, news))
            live.leave_camp()
        elif live.phase == "over":
            _the_end(screen, live, saves)
            return ""


def _bout_over(screen: Screen, live: LiveRun, news: list[dict[str, object]]) -> None:
    """The bout's end carried home: its outcome, then the levels it brought, if any."""
    before = standing(live.run)
    live.end_bout()
    screen.run(outcome(live, news))
    levels = levelup_page(live.run, before, live.run.over)
    if levels is not None:
        screen.run(levels)


def _the_end(screen: Screen, live: LiveRun, saves: Path) -> None:
    """The run concluded: its last page, and the morgue read from it until the player leaves."""
    written = live.conclude(saves)
    while True:
        page = summary(live, written.morgue, written.record)
        screen.run(page)
        if page.answer != "morgue":
            return
        screen.run(morgue_page(written.morgue))


HEADINGS = {CAMP: "Camp", MERCHANT: "A merchant", EVENT: "An event"}


def camp_screen(live: LiveRun, news: list[dict[str, object]]) -> CampScreen | EventScreen:
    """The screen of the camp open at the node reached: a camp, merchant, event or spoils."""
    assert live.camp is not None
    here = live.run.here
    kind = here.kind if here is not None else ""
    heading = f"{HEADINGS[kind]} at step {live.run.step}" if kind in HEADINGS else \
        f"Spoils of bout {len(live.run.bouts)}"
    if live.camp.meeting is not None:
        return EventScreen(live.camp, live.choose, heading)
    return CampScreen(live.camp, live.run.config.ruleset, len(live.run.bouts),
                      [f"{x.get('name', '')} reaches {x.get('what', '')}"
                       for x in news if x["type"] == "level_up"],
                      live.choose, heading)


def _abandon(live: LiveRun) -> str:
    """The player abandons the run mid-bout: the journal is kept aside, never deleted."""
    live.close()
    aside = files.set_aside(live.journal.path, "abandoned")
    return f"Run abandoned; its journal is kept as {aside}."


def _seed() -> int:
    """A fresh run seed from the system's randomness (not the battle dice)."""
    return int.from_bytes(os.urandom(4), "big") % SEED_LIMIT


def new_run(screen: Screen, library: Library, saves: Path, preset: Preset) -> LiveRun | None:
    """Choose ruleset and party (unless preset), then start the run; None: the player went back."""
    seed = preset.seed if preset.seed is not None else _seed()
    ruleset = preset.rules or ""
    if not ruleset:
        page = ruleset_page(seed)
        screen.run(page)
        if not page.answer:
            return None
        ruleset = page.answer
    party, difficulty = preset.party, preset.difficulty or "normal"
    if not party:
        p = pool(materials(library), ruleset)
        picker = PartyPicker(p, suggested_party(p, seed), seed, ruleset,
                             difficulty=difficulty)
        screen.run(picker)
        if picker.answer is None:
            return None
        party, difficulty = picker.answer, picker.difficulty
    config = RunConfig(ruleset, seed, preset.steps, preset.endless, preset.seed is not None,
                       party, difficulty)
    check_config(config)
    return LiveRun.new(config, library, journal_path(saves))


def _replace(screen: Screen, live: LiveRun) -> bool:
    """Ask before a new run abandons the unfinished one (its journal is kept aside)."""
    question = Question([f"An unfinished run exists ({describe(live)}).",
                         "Abandon it for a new one? Its journal is kept aside. (y/n)"])
    screen.run(question)
    if question.answer == "y":
        live.close()
        files.set_aside(live.journal.path, "abandoned")
    return question.answer == "y"


def title(saves: Path, preset: Preset | None = None, accessible: bool = False) -> str:
    """The title screen loop; returns 'skirmish' when the player asks for one, else ''.

    `accessible`: the screens as lines (`spoken.py`), from the title, so an unfinished run can
    be continued; the preset applies to a new run.
    """
    settings, unread = _settings()
    if accessible:  # every line is printed anyway: no --more-- (as arena play --accessible)
        settings = replace(settings, pauses=False)
    library = load_library()
    files.remove_stale_temps(saves)  # what a write killed half-way left (docs/security.md)
    waiting = unfinished(saves, library)  # a corrupt journal: set aside, one line, exit 2
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    if waiting is not None and not accessible and (preset is not None or not tty):
        waiting.close()
    if not (tty or accessible):
        raise ArenaError("arena needs a terminal (headless: arena run --auto, arena sim; "
                         "plain lines: arena run --accessible)")
    if preset is not None and waiting is not None and not accessible:
        raise ArenaError(f"an unfinished run exists ({describe(waiting)}): run arena to "
                         "continue it")
    message, choice = "", "new" if preset is not None and not accessible else ""
    with run_lines() if accessible else fullscreen() as screen:
        try:
            choice, message = _titled(screen, library, saves, preset, choice, waiting,
                                      settings)
        except InputEnded:
            choice, message = "", "Input ended: the run is saved; arena run --accessible " \
                                  "continues it."
    for line in (message, unread):
        if line:
            sys.stdout.write(line + "\n")
    return choice if choice == "skirmish" else ""


def _settings() -> tuple[config.Config, str]:
    """The player's config put in force (palette, rebound keys), and why it was not read.

    A bad config file never keeps the player from the title: its defaults are used, and the
    reason is printed when the game ends.
    """
    try:
        settings, unread = config.load(), ""
    except ArenaError as e:
        settings, unread = config.Config(), f"arena: {e}; the default settings were used"
    config.apply(settings)
    return settings, unread


def _titled(screen: Screen, library: Library, saves: Path, preset: Preset | None, choice: str,
            waiting: LiveRun | None, settings: config.Config) -> tuple[str, str]:
    """The title's loop: the choice it ended on, and a line to print afterwards."""
    message = ""
    try:
        while True:
            if not choice:
                page = title_page(describe(waiting))
                screen.run(page)
                choice = page.answer or "quit"
            live: LiveRun | None = None
            if choice == "new" and (waiting is None or _replace(screen, waiting)):
                waiting = None
                live = new_run(screen, library, saves, preset or Preset())
            elif choice == "continue":
                live, waiting = waiting, None
            elif choice == "scores":
                scores = load_scores(saves)
                screen.run(scores_page(table(scores.rows, None), scores.warning()))
            elif choice == "help":
                screen.run(help_page())
            elif choice in ("skirmish", "quit"):
                return choice, message
            preset = None if choice == "new" else preset  # it fixed the first new run only
            choice = ""
            if live is not None:
                message = play_run(screen, live, saves, settings)
                waiting = unfinished(saves, library)
    finally:
        if waiting is not None:
            waiting.close()


def terminal_run(saves: Path, preset: Preset, accessible: bool = False) -> str:
    """`arena run` without --auto: the terminal run, what the preset fixes not asked.

    Returns 'skirmish' when the player asked the title for one (the caller starts it).
    """
    return title(saves, preset, accessible)
