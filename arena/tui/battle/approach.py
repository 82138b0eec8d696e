"""Move-and-attack on the battle screen: the walk planned to strike an enemy out of reach.

Aiming at an enemy the blow cannot reach from here shows the plan (`arena.battle.reach`):
the hex, the path on the map, the AP of the walk and of the blow, and the odds from there.
Enter walks, then strikes if the walk went as planned: no die rolled on the way, no enemy
reaction waiting, the same combatant still acting on the planned hex. Otherwise the walk
stands and the hint says why the blow was not made.
"""

from __future__ import annotations

from arena.battle.reach import Approach, approach, bonus_hexes
from arena.battle.view import CombatantView, attack_plan
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.tui.battle.preview import WIDTH, plan_lines
from arena.tui.battle.render import BONUS_MARK
from arena.tui.battle.session import Session
from arena.tui.term import palette
from arena.tui.term.lines import Line, wrapped


def plan(session: Session, actor: int, enemy: int, slot: int,
         options: tuple[str, ...] = ()) -> Approach | None:
    """The walk-and-strike plan on `enemy`, or None when the blow can be made from here.

    Kept in the session's memo (dropped by every command and undo): the screen redraws the
    same plan many times.
    """
    key = ("plan", actor, enemy, slot, options)
    if key not in session.memo:
        found = None
        if isinstance(attack_plan(session.battle, Attack(actor, enemy, slot, options)), str):
            found = approach(session.battle, actor, enemy, slot, options)
        session.memo[key] = found
    kept = session.memo[key]
    return kept if isinstance(kept, Approach) else None


def bonuses(session: Session, actor: int, enemy: int, slot: int,
            options: tuple[str, ...] = ()) -> dict[Hex, str]:
    """The hexes from which a blow at `enemy` earns a ruleset bonus, each with its name."""
    key = ("bonus", actor, enemy, slot, options)
    if key not in session.memo:
        session.memo[key] = bonus_hexes(session.battle, actor, enemy, slot, options)
    kept = session.memo[key]
    return kept if isinstance(kept, dict) else {}


def bonus_lines(bonus: dict[Hex, str], width: int = WIDTH) -> list[Line]:
    """The panel's legend for the marked hexes: each bonus named once, with how many."""
    if not bonus:
        return []
    names = sorted(set(bonus.values()))
    counts = [f"{name} ({sum(v == name for v in bonus.values())})" for name in names]
    return wrapped(f"{BONUS_MARK} bonus from: {'; '.join(counts)}", palette.HINT, width)


def lines(session: Session, actor: int, walk: Approach, target: CombatantView,
          width: int = WIDTH) -> list[Line]:
    """The panel for a planned walk and blow: where, the AP, what the hex adds, the odds."""
    steps, spot, ctx = len(walk.path) - 1, walk.spot, walk.context
    here = attack_plan(session.battle, Attack(actor, target.id, walk.slot, ctx_options(walk)))
    head: list[Line] = wrapped(f"from here: {here}", palette.BAD, width) \
        if isinstance(here, str) else []
    head += [("Enter: walk there and strike", palette.HINT),
             (f"walk {steps} hex{'es' if steps != 1 else ''}, {walk.walk_ap} AP, "
              f"to {spot.q},{spot.r}", palette.HINT)]
    extras = [f"run-up {ctx.run_up}" if ctx.run_up else "", "flanking" if ctx.flanked else "",
              f"cover {ctx.cover}/4" if ctx.cover else ""]
    said = ", ".join(x for x in extras if x)
    head += wrapped(f"there: {said}", palette.TEXT, width) if said else []
    return [*head, *plan_lines(session.battle.ruleset, ctx, walk.attack_ap, target.name,
                               ctx_options(walk), width, target.hp)]


def ctx_options(walk: Approach) -> tuple[str, ...]:
    """The maneuvers the planned blow is made with."""
    return tuple(sorted(walk.context.options))


def follow_up(session: Session, actor: int, blow: Attack, draws: int) -> str:
    """After the planned walk: strike if it went as planned; '' when struck, else why not."""
    view = session.view
    here = view.combatant(actor)
    if session.battle.dice.draws != draws:
        return "the walk was interrupted (a die was rolled on the way): aim again"
    if view.reaction is not None or view.active != actor or not session.player_turn:
        return "the walk was interrupted: no blow struck"
    if here is None:
        return "the walk was interrupted: no blow struck"
    reason = session.submit(blow)
    return f"walked, but cannot strike: {reason}" if reason is not None else ""
