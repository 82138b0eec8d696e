"""The help's glossary: the words the screens use, and each ruleset's own terms (issue 30)."""

from __future__ import annotations

from arena.tui.term import palette
from arena.tui.term.lines import Line, wrapped

# Words every ruleset's screens use.
GENERAL: tuple[tuple[str, str], ...] = (
    ("AP", "action points: a turn's budget for stepping, turning, attacking and using items; "
           "what a turn leaves unspent is kept for Actions of Opportunity"),
    ("Action of Opportunity", "a free strike at an enemy next to you who acts openly or walks "
                              "away, where the ruleset has them; the prompt asks y/n"),
    ("open action", "an action that offers adjacent enemies an Action of Opportunity: an "
                    "attack, standing up, picking up, reloading"),
    ("threat", "the generator's price of a combatant: the damage it deals in a turn times the "
               "damage it soaks, against the document's plain soldier"),
    ("threat N (sum M)", "a side's strength, (sum of the square roots of its members' "
                         "threat)², beside the plain sum M: two of threat 50 weigh as one of 100"),
    ("easy, even, hard, deadly", "the map's word for a fight: the foes' strength under half "
                                 "the party's, under 0.9 of it, under 1.3 times it, above"),
    ("rear, flank", "where the attacker stands as the defender faces: behind, or to a side"),
    ("sublethal", "damage that knocks out instead of killing"),
    ("level on the document's table", "the level the ruleset's own tables read for a member "
                                      "(its attack row, its mastery), which a run's levels "
                                      "raise"),
)

# Each ruleset's own terms, as its document uses them.
RULESETS: dict[str, tuple[tuple[str, str], ...]] = {
    "d40": (("Attack Table", "2d20 plus modifiers against the defender's armour class, read "
                             "off the document's table by column"),
            ("critical, fumble", "d20 tables of effects: bleeding, mortal wounds, dropped or "
                                 "broken weapons")),
    "ap": (("double critical", "a critical confirmed twice: a d10 table that can sever hands "
                               "and legs for good"),
           ("facing", "turning costs AP; attacks from the flank and rear gain")),
    "adnd": (("THAC0", "To Hit Armour Class 0: the d20 roll needed to hit AC 0; each point of "
                       "AC lower is a point more"),
             ("injury points", "lasting hurts that stay until tended at camp")),
    "becmi": (("HRM", "hit roll modifier: a row of the Attack Rolls table, by class and level "
                      "(or a monster's hit dice)"),
              ("mastery", "weapon mastery: basic to grand master, each step more damage and "
                          "special effects")),
}


def glossary_lines(ruleset: str, width: int) -> list[Line]:
    """The general words, then those of `ruleset`, each a term and what it means."""
    rows: list[Line] = [("Words the screens use", palette.TITLE)]
    for term, meaning in GENERAL:
        rows += wrapped(f"{term}: {meaning}", palette.TEXT, width, "    ")
    own = RULESETS.get(ruleset, ())
    if own:
        rows += [("", palette.TEXT), (f"{ruleset}'s own terms", palette.TITLE)]
        for term, meaning in own:
            rows += wrapped(f"{term}: {meaning}", palette.TEXT, width, "    ")
    return rows
