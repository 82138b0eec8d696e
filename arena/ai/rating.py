"""The tactical AI's rating: one documented formula, in hit points, over a candidate's terms.

    rating = strike - risk - exposure + progress + position - dither

- strike = D·(1 + FOCUS·w + GANG·g + DANGER·d - FRIENDLY·ff)·e + kill·(KILL + KILL_THREAT·t),
  summed over the attack the candidate makes (now, or from the hex it walks to). D is the
  exact mean damage capped at the target's HP, kill the exact chance of felling it (both from
  the odds engine), w the share of its HP the target has already lost (focus fire), g 1 when
  an ally already stands at arm's length of the target (two on one), d = min(1, t / this
  combatant's HP) how near the target is to felling it (hit first what would kill you; 0 while
  it falls back, below RETREAT with allies), t the target's threat (its best blow against this
  combatant: mean damage capped at this one's HP + KILL·its chance of felling it), ff the
  chance of striking an ally, and e = (1 + EFFICIENCY·t/hp) / (1 + EFFICIENCY·REFERENCE) the
  target's threat per hit point it has left (hp): a blow takes that share of its damage out of
  the fight, so the hard hitter with few HP goes first (1 at REFERENCE).
- risk = the threat of every enemy offered an Action of Opportunity on the way (rulesets
  where moving or the attack is Open).
- exposure = EXPOSE·Σ threat of the enemies that can strike the end hex next round, reduced by
  the cover the hex gives against archers; counted GUARD times over when the combatant is below
  RETREAT of its HP and its fresh allies (at or above RETREAT) number HOLD_LINE or more per
  living enemy (wounded: it falls back; with fewer it fights on); `hard` replaces it by the
  enemies' exact best replies.
- progress = PROGRESS per hex walked toward the nearest enemy when no blow is possible this
  turn; hexes inside an enemy's strike zone (its walk plus reach, keeping AP for a blow)
  count only from round PRESS, once an ally is in melee, or while its side numbers SWARM per
  living enemy: before, it walks to the zone's edge and lets the enemy come; then an
  unwounded combatant presses on, its exposure no longer holding it.
- position = ALLY·allies within 2 hexes (when wounded), LANE for a straight run-up lane,
  -ARC for standing in an ally archer's 30° friendly-fire arc (not when in melee),
  KEEP_AP per AP kept.
- dither = REVISIT for each hex walked that this combatant left earlier this turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FOCUS = 3.0
EFFICIENCY = 16.0  # damage to a foe counts its threat per remaining HP this many times
REFERENCE = 0.1  # the threat per HP at which a blow counts as before EFFICIENCY
GANG = 0.5
DANGER = 1.0
KILL = 3.0
KILL_THREAT = 2.0
FRIENDLY = 1.5
EXPOSE = 0.4
GUARD = 3.0
RETREAT = 0.35
HOLD_LINE = 3.0  # fall back only while the fresh allies are at least this many per enemy
ALLY = 0.5
LANE = 0.8
PROGRESS = 0.6
PRESS = 3
SWARM = 1.5  # a side numbering this many per living enemy presses from the start
ARC = 1.0
KEEP_AP = 0.05
REVISIT = 3.0
HOLD_MARGIN = 0.25  # a move must beat holding the place by this much: no shuffling


@dataclass
class Rating:
    """A candidate's rating, term by term (hit points; higher is better)."""

    terms: dict[str, float] = field(default_factory=dict)

    def add(self, name: str, value: float) -> None:
        """Add `value` to the term `name` (terms of 0 are not listed)."""
        if value:
            self.terms[name] = self.terms.get(name, 0.0) + value

    @property
    def total(self) -> float:
        """The rating: the sum of its terms."""
        return sum(self.terms.values())

    def text(self) -> str:
        """The terms as `name +1.25`, largest first."""
        parts = sorted(self.terms.items(), key=lambda kv: (-abs(kv[1]), kv[0]))
        return ", ".join(f"{name} {value:+.2f}" for name, value in parts)


def strike_value(damage: float, kill: float, wounded: float, threat: float,
                 friendly_fire: float, engaged: bool = False, danger: float = 0.0,
                 rate: float = 0.0) -> float:
    """The strike term of one attack (see the module's formula)."""
    blow = damage * (1 + FOCUS * wounded + (GANG if engaged else 0.0) + DANGER * danger
                     - FRIENDLY * friendly_fire)
    return (blow * (1 + EFFICIENCY * rate) / (1 + EFFICIENCY * REFERENCE)
            + kill * (KILL + KILL_THREAT * threat))
