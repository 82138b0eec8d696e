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
from arena.tui.term.lines import Line

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

    def heading_line(self) -> str:
        """The top line: the run, the budget and what is left of it."""
        budget = party_budget(self.pool)
        left = budget - party_cost(self.pool, tuple(self.picked))
        return (f"New {self.ruleset} run, seed {self.seed}: choose a party of one to three, "
                f"{budget} threat to spend ({left} left)")

    def member_lines(self) -> list[str]:
        """One line a template: its key, how often it is picked (*), what it is."""
        return [f"{KEYS[i]}) {'*' * self.picked.count(m.template):<3}{sanitise(_describe(m))}"
                for i, m in enumerate(self.members)]

    def footer_lines(self) -> list[Line]:
        """The difficulty, the message, the party picked, the suggested one and the keys."""
        names = {m.template: m.name for m in self.pool.members}
        chosen = ", ".join(names.get(t, t) for t in self.picked) or "nobody yet"
        suggested = ", ".join(names.get(t, t) for t in self.suggested)
        spent = party_cost(self.pool, tuple(self.picked))
        hint = "Enter: take the suggested party" if not self.picked else "Enter: start"
        last = KEYS[max(0, len(self.members) - 1)]
        return [(f"Difficulty: {self.difficulty} - {DIFFICULTY_WORDS[self.difficulty]} "
                 "(Tab: change)", palette.TEXT if self.difficulty in RANKED else palette.HINT),
                (sanitise(self.message), palette.BAD),
                (sanitise(f"Picked: {chosen} ({spent} threat)"), palette.GOOD),
                (sanitise(f"Suggested: {suggested} "
                          f"({party_cost(self.pool, self.suggested)} threat)"), palette.TEXT),
                (f"a-{last}: pick  Backspace: undo pick  {hint}  Esc: back", palette.HINT)]

    def spoken(self) -> list[str]:
        """The picker as lines for the accessible mode."""
        return [self.heading_line(), *self.member_lines(),
                *(t for t, _ in self.footer_lines() if t)]

    def draw(self, console: tcod.console.Console) -> None:
        """The templates, what is picked so far and the suggested party."""
        canvas = Canvas(console)
        canvas.clear()
        w, h = canvas.width, canvas.height
        canvas.text(2, 0, fit(self.heading_line(), w - 4), palette.TITLE)
        for i, line in enumerate(self.member_lines()[: max(1, h - 7)]):
            mark = self.picked.count(self.members[i].template)
            canvas.text(2, 2 + i, fit(line, w - 4), palette.BRIGHT if mark else palette.TEXT)
        for i, (text, colour) in enumerate(self.footer_lines()):
            canvas.text(2, h - 5 + i, fit(text, w - 4), colour)
