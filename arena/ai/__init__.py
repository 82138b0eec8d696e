"""The AIs that command a side, behind one protocol (`protocol.AI`), reading the battle.

- `protocol`: `AI`, what every AI answers: `decide`, `react`, `explain`.
- `sides`: `Roster`, which AI commands each side; the `--ai` names and defaults.
- `basic`: `AISystem`, the first AI (kept for comparison): tend, attack, close in, end turn.
- `tactical`: `TacticalAI`, rating candidate actions with exact odds, at three levels.
- `candidates`: `Candidate` and `Planner`, the tactical AI's candidates for one decision.
- `rating`: `Rating`, the one documented formula a candidate is rated by, and its constants.
- `approach`: `Approach`, the position terms: the way to the enemy, pressing, archers' arcs.
- `threats`: `Threats`, the danger around a hex: threats, reach, exposure, risk.
- `imagine`: what-if attacks from another hex, and `OddsCache`, their exact odds.
- `field`: `Field` (a distance field to many goals) and `Scene` (who stands where).
- `kits`: `Kits`, an enemy's strike zone and reach as read from its kit.
- `sightings`: the missile users nearest a hex that see it.
- `buffs`: when to start an area buff.
- `pack`: using a supply from the pack, or putting a dropped shield back on.
"""
