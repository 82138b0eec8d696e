"""Starting a run in the terminal: the ruleset, the party within its budget, the difficulty."""

from __future__ import annotations

from dataclasses import dataclass, field

import tcod.console

from arena.procgen.roster import Member, Pool
from arena.rules import RULESETS
from arena.run.config import DIFFICULTIES, RANKED, party_budget, party_cost
from arena.tui.run.page import ENTER, Option, Page
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.glyphs import fit, sanitise

# What each ruleset's combat is like, in one line (the rule documents in shared/rules/).
FLAVOUR = {
    "d40": "d40: 2d20 against the Attack Table; critical hits and misses from d20 tables, "
           "bleeding and mortal wounds.",
    "ap": "ap: action points and facing; flanks matter, double criticals sever hands and legs "
          "for good.",
    "adnd": "adnd: THAC0; criticals explode, fumbles scatter weapons, friendly fire in the arc; "
            "wounds and injury points stay until tended.",
    "becmi": "becmi: the Attack Rolls table by class and level; backstab, charge, set spear "
             "and smash; nothing lingers but the damage.",
}
PARTY_SIZE = 3
DIFFICULTY_WORDS = {"easy": "foes at 4/5 of the curve, a careless AI; unranked",
                    "normal": "the curve as documented, the tactical AI",
                    "hard": "foes at 6/5 of the curve, the AI at its hardest"}
KEYS = "abcdefghijklmnopqrstuvwxyz"


def ruleset_page(seed: int) -> Page:
    """Choose the ruleset (Esc: back to the title)."""
    names = sorted(RULESETS)
    options = [Option(str(i), name, name) for i, name in enumerate(names, 1)]
    body = [("Each ruleset fights by its own document; the run's wounds are its wounds.",
             palette.TEXT), ("", palette.TEXT)]
    body += [(f"{i}) {FLAVOUR.get(name, name)}", palette.TEXT)
             for i, name in enumerate(names, 1)]
    body += [("", palette.TEXT), (f"Run seed: {seed}", palette.GOOD)]
    return Page("New run: choose a ruleset", body, options, back="",
                hint="1-4 or up/down and Enter  Esc: back")


def _describe(m: Member) -> str:
    """A template in one line: name, HP, arms, armour, shield and threat."""
    arms = ", ".join(w.name for w in m.weapons)
    armour = f", {m.armour.name}" if m.armour is not None else ""
    armour += f", {m.shield.name}" if m.shield is not None else ""
    return f"{m.name}: {m.hp} HP, {arms}{armour} (threat {m.threat})"


@dataclass(slots=True)
class PartyPicker:
    """Pick one to three templates within the budget (Enter: the suggested); Tab: difficulty."""

    pool: Pool
    suggested: tuple[str, ...]
    seed: int
    ruleset: str
    picked: list[str] = field(default_factory=list)
    answer: tuple[str, ...] | None = None
    cancelled: bool = False
    difficulty: str = "normal"
    message: str = ""

    @property
    def members(self) -> list[Member]:
        """The templates a player may pick: all but the bosses, in template order."""
        return [m for m in self.pool.members if m.role != "boss"][: len(KEYS)]

    @property
    def done(self) -> bool:
        """True once a party is chosen or the player went back."""
        return self.answer is not None or self.cancelled

    def feed(self, key: str) -> None:
        """A letter adds a template; Enter takes those picked (or suggested); Tab: difficulty."""
        members = self.members
        self.message = ""
        if key == "KEY_ESCAPE":
            self.cancelled = True
        elif key in ENTER:
            self.answer = tuple(self.picked) if self.picked else self.suggested
        elif key == "KEY_TAB":
            k = DIFFICULTIES.index(self.difficulty)
            self.difficulty = DIFFICULTIES[(k + 1) % len(DIFFICULTIES)]
        elif key == "KEY_BACKSPACE" and self.picked:
            self.picked.pop()
        elif len(key) == 1 and key in KEYS[: len(members)]:
            m = members[KEYS.index(key)]
            left = party_budget(self.pool) - party_cost(self.pool, tuple(self.picked))
            if len(self.picked) >= PARTY_SIZE:
                self.message = f"the party is full ({PARTY_SIZE}): Backspace takes one back"
            elif m.threat > left:
                self.message = f"{m.name} costs {m.threat} threat; {left} is left of the budget"
            else:
                self.picked.append(m.template)  # the same template twice is allowed

    def draw(self, console: tcod.console.Console) -> None:
        """The templates, what is picked so far and the suggested party."""
        canvas = Canvas(console)
        canvas.clear()
        w, h = canvas.width, canvas.height
        names = {m.template: m.name for m in self.pool.members}
        budget = party_budget(self.pool)
        spent = party_cost(self.pool, tuple(self.picked))
        canvas.text(2, 0, fit(f"New {self.ruleset} run, seed {self.seed}: choose a party of "
                              f"one to three, {budget} threat to spend ({budget - spent} left)",
                              w - 4), palette.TITLE)
        members = self.members
        rows = max(1, h - 7)
        for i, m in enumerate(members[:rows]):
            mark = self.picked.count(m.template)
            line = f"{KEYS[i]}) {'*' * mark:<3}{sanitise(_describe(m))}"
            canvas.text(2, 2 + i, fit(line, w - 4), palette.BRIGHT if mark else palette.TEXT)
        chosen = ", ".join(names.get(t, t) for t in self.picked) or "nobody yet"
        suggested = ", ".join(names.get(t, t) for t in self.suggested)
        word = DIFFICULTY_WORDS[self.difficulty]
        canvas.text(2, h - 5, fit(f"Difficulty: {self.difficulty} - {word} (Tab: change)",
                                  w - 4), palette.TEXT if self.difficulty in RANKED
                    else palette.HINT)
        canvas.text(2, h - 4, fit(sanitise(self.message), w - 4), palette.BAD)
        canvas.text(2, h - 3, fit(sanitise(f"Picked: {chosen} ({spent} threat)"), w - 4),
                    palette.GOOD)
        canvas.text(2, h - 2, fit(sanitise(f"Suggested: {suggested} ("
                                           f"{party_cost(self.pool, self.suggested)} threat)"),
                                  w - 4), palette.TEXT)
        hint = "Enter: take the suggested party" if not self.picked else "Enter: start"
        canvas.text(2, h - 1, fit(f"a-{KEYS[max(0, len(members) - 1)]}: pick  Backspace: "
                                  f"undo pick  {hint}  Esc: back", w - 4), palette.HINT)
