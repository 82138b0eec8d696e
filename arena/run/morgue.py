"""The morgue file: a plain-text account of a finished run in named sections (DCSS-style)."""

from __future__ import annotations

from pathlib import Path

import arena
from arena.files import write_atomically
from arena.model.scenario import CombatantSpec
from arena.model.stats import StatBlock
from arena.paths import saves_file
from arena.procgen import GENERATOR_VERSION
from arena.rules.protection import armour_points, shield_points
from arena.run.auto import outcome
from arena.run.config import RANKED
from arena.run.ending import fallen_in_order, how_it_ended
from arena.run.engine import Run
from arena.run.growth import ROW_FIELDS, table_row
from arena.run.injuries import effect_of
from arena.run.party import Member, fighting_stats
from arena.run.score import breakdown
from arena.text import counted, safe_lines


def morgue_text(run: Run, score: int, date: str) -> str:
    """The whole morgue: header, party, bouts, last log lines, cause of death."""
    c = run.config
    lines = ["== Header ==",
             f"arena {arena.__version__}, generator {GENERATOR_VERSION}, ruleset "
             f"{run.ruleset.name} {run.ruleset.version}",
             f"seed {c.seed}{' (chosen)' if c.seeded else ''}, "
             f"{'endless' if c.endless else counted(c.steps, 'step')}, difficulty "
             f"{c.difficulty}{'' if c.difficulty in RANKED else ' (unranked)'}, date {date}",
             f"result: {run.result}, bouts won {sum(t.won for t in run.tallies)}, steps reached "
             f"{run.step}, score {score}",
             f"score {breakdown(outcome(run))}",
             "", "== The party at the end ==", *LEVELS]
    for m in run.party:
        lines += _member(run, m)
    lines += ["", "== Bout by bout =="]
    for bout, t in zip(run.bouts, run.tallies, strict=True):
        lines.append(f"bout {bout.number}: {bout.scenario.name} ({bout.scenario.id}), "
                     f"{'won' if t.won else 'lost'} in {counted(t.rounds, 'round')}")
        lines.append(f"  enemies: {', '.join(t.foes)}")
        lines.append(f"  kills {t.kills} (threat {t.threat}), criticals {t.criticals}, "
                     f"fumbles {t.fumbles}, friendly fire {t.friendly_fire}")
        for what, items in (("fallen", t.fallen), ("weapons lost", t.lost),
                            ("weapons broken", t.broken)):
            if items:
                lines.append(f"  {what}: {', '.join(items)}")
    lines += ["", "== The last 30 log lines ==", *run.last_log, "", "== Cause of death =="]
    lines.append(how_it_ended(run))
    fallen = fallen_in_order(run)
    lines += ["fallen, in the order they fell:", *(f"  {m.name}: {m.cause}" for m in fallen)] \
        if fallen else ["nobody died"]
    return safe_lines("\n".join(lines) + "\n")


LEVELS = ("(run level: the member's own, gained from experience in this run; each level moves "
          "it one step along its ruleset's table, shown after its AC as 'on the ... table': "
          "docs/run.md, Growth)",)


def _member(run: Run, m: Member) -> list[str]:
    """One member: levels, HP and fate; the AC it fought at; armour, shield, weapons, wounds."""
    rs = run.ruleset
    spec = m.spec(run.spare)
    fought = fighting_stats(m, rs, run.spare)
    state = "alive" if m.alive else f"dead ({m.cause})"
    lines = [f"{m.name} ({m.template}): run level {m.level}, {m.xp} XP, "
             f"HP {max(m.hp, 0)}/{m.max_hp}, {state}"]
    row = table_row(rs.name, fought.values)
    battle = [x for x in (_ac(run, spec, fought), row and f"{row} on the {rs.name} table") if x]
    if battle:
        lines.append(f"  {'; '.join(battle)}")
    shield = "none" if m.shield is None else m.shield.name
    if m.shield is not None and spec.shield is None:
        shield += " (left off: it fights two-handed)"
    lines.append(f"  armour: {m.armour.name if m.armour else 'none'}; shield: {shield}")
    shown = {"ac", *ROW_FIELDS}
    stats = ", ".join(f"{k}={v}" for k, v in sorted(m.stats.get(rs.name, {}).items())
                      if k not in shown)
    lines.append(f"  other stats: {stats or '(the ruleset defaults)'}")
    for name, (_, amount) in sorted(m.injuries.items()):
        lines.append(f"  injury: {name.replace('_', ' ')}"
                     f"{f' ({amount})' if amount else ''}: {effect_of(name)}")
    for g in m.gear:
        lines.append(f"  weapon: {g.weapon.name} [{g.weapon.id}] {g.state}")
    return lines


def _ac(run: Run, spec: CombatantSpec, fought: StatBlock) -> str:
    """'AC 3 in battle (base 9, full plate -6)': the AC fought at, and what it is made of."""
    if "ac" not in fought.values:
        return ""
    rs, sign = run.ruleset, "+" if run.ruleset.ac_rises else "-"
    parts = [f"base {spec.stats[rs.name].number('ac')}"]
    if spec.armour is not None:
        parts.append(f"{spec.armour.name} {sign}{armour_points(rs, spec.armour)}")
    if spec.shield is not None:
        parts.append(f"{spec.shield.name} {sign}{shield_points(rs, spec.shield)}")
    return f"AC {fought.number('ac')} in battle ({', '.join(parts)})"


def write_morgue(saves: Path, run: Run, score: int, date: str, stamp: str) -> Path:
    """Write `saves/morgue/<ruleset>-s<seed>-<stamp>.txt` atomically."""
    folder = saves / "morgue"
    path = saves_file(folder, f"{run.config.ruleset}-s{run.config.seed}-{stamp}.txt")
    write_atomically(path, morgue_text(run, score, date))
    return path
