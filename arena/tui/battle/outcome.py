"""The end of a battle: who won, in how many rounds, and each combatant's tally from the events."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arena.ecs.events import Event
from arena.text import counted, wins
from arena.tui.battle.panels import lines, side_glyph, side_label
from arena.tui.battle.session import Session
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.glyphs import fit_left
from arena.tui.term.layout import Rect
from arena.tui.term.lines import Line


@dataclass(slots=True)
class Tally:
    """One combatant's attacks: damage dealt and taken, hits, misses, criticals, fumbles."""

    dealt: int = 0
    taken: int = 0
    hits: int = 0
    misses: int = 0
    criticals: int = 0
    fumbles: int = 0


def tally(events: Iterable[Event]) -> dict[int, Tally]:
    """Tallies by combatant id from every event that carries an attack result.

    Damage is the result's damage as rolled (a killing blow counts in full); events of types
    this front end does not know are skipped.
    """
    out: dict[int, Tally] = {}
    for event in events:
        result = getattr(event, "result", None)
        actor, target = getattr(event, "actor", None), getattr(event, "target", None)
        if result is None or not isinstance(actor, int) or not isinstance(target, int):
            continue
        mine, theirs = out.setdefault(actor, Tally()), out.setdefault(target, Tally())
        damage = int(getattr(result, "damage", 0))
        mine.dealt += damage
        theirs.taken += damage
        if getattr(result, "hit", False):
            mine.hits += 1
        else:
            mine.misses += 1
        mine.criticals += bool(getattr(result, "critical", False))
        mine.fumbles += bool(getattr(result, "fumble", False))
    return out


def verdict(session: Session) -> str:
    """'You won.', 'You lost.' or '' (a draw, or hotseat where every side is yours)."""
    winner = session.view.winner
    if winner is None or len(session.players) != 1:
        return "Draw." if winner is None else ""
    return "You won." if winner in session.players else "You lost."


def summary_lines(session: Session, width: int = 78) -> list[Line]:
    """The summary's rows: the outcome, a table of tallies, the replay file."""
    view = session.view
    outcome = wins(view.sides[view.winner].name) if view.winner is not None else "a draw"
    rows: list[Line] = [
        (f"{verdict(session)} Battle over after {counted(view.round, 'round')}: {outcome} "
         f"({view.reason})"
         .strip(),
         palette.TITLE),
        ("", palette.TEXT),
        (f"{'combatant':<16}{'side':<7}{'dealt':>6}{'taken':>6}{'hits':>6}{'miss':>6}"
         f"{'crits':>6}{'fumbl':>6}", palette.BRIGHT),
    ]
    tallies = tally(session.battle.log)
    for c in view.combatants:
        t = tallies.get(c.id, Tally())
        colour = palette.side_colour(view.sides[c.side].colour, c.side) if c.alive else palette.DIM
        name = f"{side_glyph(c.glyph, c.side)} {c.name}"[:15]
        side = side_label(session, c.side)
        rows.append((f"{name:<16}{side:<7}{t.dealt:>6}{t.taken:>6}{t.hits:>6}{t.misses:>6}"
                     f"{t.criticals:>6}{t.fumbles:>6}" + ("" if c.alive else "  fallen"), colour))
    rows.append(("", palette.TEXT))
    if session.replay_path is not None:
        path = fit_left(str(session.replay_path), width - 8)
        rows.append((f"Replay: {path}", palette.GOOD))
        rows.append(("check it with: arena replay PATH --verify", palette.DIM))
    return rows


def draw(canvas: Canvas, area: Rect, session: Session) -> None:
    """Draw the summary into `area`."""
    lines(canvas, Rect(area.x + 1, area.y, area.width - 2, area.height),
          summary_lines(session, area.width - 2))
