"""The camp screen between bouts: the roster, the loot and offers, and the choices.

It serves a camp node, the spoils after a fight and a merchant (its wares, what the party can
sell and the fighters for hire, for coin). A camp node's main action (one a camp) is shown
with what it would do, in numbers, before it is taken (`campwork.preview`). A choice is a
letter, then (when it needs them) numbers picking the item, member or weapon, one question at
a time; Esc drops a half-made choice. Enter marches on to the run's map. Every made choice
goes through `LiveRun.choose` (journalled at once).
"""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from arena.model.stats import Armour, Supply, Weapon
from arena.run.appraisal import appraise, facts
from arena.run.camp import (
    FREE,
    MAIN,
    Camp,
    no_room,
    refusal,
)
from arena.run.campwork import heals, preview
from arena.run.decisions import CampChoice, Drop, choice_from_json
from arena.run.holding import belongings
from arena.run.injuries import effect_of
from arena.run.market import Hire
from arena.run.party import WHOLE, Member
from arena.tui.run.campask import Ask, chosen_item, pile, question, takeable
from arena.tui.run.page import ENTER
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.glyphs import fit, sanitise
from arena.tui.term.lines import Line, wrapped

ANSWERS = "123456789abcdefghijklmnopqrstuvwxyz"  # an answer's key: digits, then letters

LEFT = 47
SPOKEN = 200  # the accessible mode's width: a card's rows unwrapped
ANYWHERE = FREE | {"inspect"}  # the free choices, and looking at an item

ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("l", "loot", "take the loot (free)"),
    ("g", "give", "give a belonging (free)"),
    ("w", "swap", "swap belongings (free)"),
    ("d", "drop", "drop a belonging (free)"),
    ("u", "use", "use a supply (free)"),
    ("r", "rest", "rest"),
    ("t", "train", "train"),
    ("p", "repair", "repair"),
    ("h", "tend", "tend"),
    ("f", "forage", "forage"),
    ("s", "scout", "scout"),
    ("o", "take", "take one of the goods"),
    ("b", "buy", "buy a ware"),
    ("v", "sell", "sell a belonging"),
    ("c", "recruit", "hire a fighter"),
    ("i", "inspect", "inspect an item (free)"),
    ("x", "retire", "retire: end the run here"),
)


def _gear(m: Member) -> str:
    """A member's weapons with their states."""
    return ", ".join(g.weapon.name + ("" if g.state == WHOLE else f" ({g.state})")
                     for g in m.gear) or "none"


def roster_lines(party: list[Member], width: int) -> list[Line]:
    """Each member: HP, level and XP; injuries with their effects; weapons."""
    rows: list[Line] = []
    for i, m in enumerate(party):
        if not m.alive:
            rows += wrapped(f"{i + 1}. {m.name}: dead ({m.cause})", palette.DIM, width, "   ")
            continue
        colour = palette.GOOD if m.hp * 3 >= m.max_hp * 2 else palette.BAD
        rows.append((fit(f"{i + 1}. {m.name}  HP {m.hp}/{m.max_hp}  level {m.level}  "
                         f"XP {m.xp}", width), colour))
        for name in sorted(m.injuries):
            text = f"{name.replace('_', ' ')}: {effect_of(name)}"
            rows += wrapped("   " + text, palette.HINT, width, "     ")
        rows += wrapped(f"   weapons: {_gear(m)}", palette.TEXT, width, "     ")
        worn = [a.name for a in (m.armour, m.shield) if a is not None]
        worn += [s.name for s in m.supplies]
        if worn:
            rows += wrapped(f"   kit: {', '.join(worn)}", palette.TEXT, width, "     ")
    return rows


def _pile_lines(camp: Camp, title: str, items: list[Weapon | Armour | Supply | None],
                prices: list[int] | None = None, width: int = LEFT - 2) -> list[Line]:
    """A pile's items with their stats; those nobody has room for marked, with what helps."""
    rows: list[Line] = [(f"{title}:", palette.ITEM)]
    for k, x in enumerate(items):
        if x is not None:
            price = f" - {prices[k]} coin" if prices is not None else ""
            rows += wrapped(f"  {x.name} ({facts(camp.ruleset, x)}){price}", palette.ITEM,
                            width, "     ")
    for why in dict.fromkeys(w for x in items if (w := no_room(camp, x)) is not None):
        rows += wrapped(f"   no room: {why}", palette.DIM, width, "     ")
    return rows


def card_lines(camp: Camp, item: Weapon | Armour | Supply, width: int) -> list[Line]:
    """An item's card: its stats, then what it would change for each member (`appraisal`)."""
    rows = wrapped(f"{item.name}: {facts(camp.ruleset, item)}", palette.ITEM, width, "  ")
    ahead = "the foes ahead" if camp.ahead else "a plain soldier"
    rows.append((fit(f"against {ahead}, for each member:", width), palette.DIM))
    for m in camp.party:
        if m.alive:
            a = appraise(camp.ruleset, m, item, camp.ahead)
            rows += wrapped(a.line, palette.GOOD if a.better else palette.TEXT, width, "    ")
    return rows


def _hire_lines(hires: list[Hire], width: int) -> list[Line]:
    """The fighters for hire: name, kind, HP, weapons and wage."""
    rows: list[Line] = []
    for h in hires:
        if h.joined:
            continue
        m = h.member
        weapons = ", ".join(g.weapon.name for g in m.gear) or "unarmed"
        kit = ", ".join(a.name for a in (m.armour, m.shield) if a is not None)
        rows += wrapped(f"{m.name}: HP {m.max_hp}, {weapons}{', ' + kit if kit else ''} - "
                        f"{h.price} coin", palette.ITEM, width, "     ")
    return [("For hire:", palette.ITEM), *rows] if rows else []


class CampScreen:
    """The camp as a front end: `live_choose` makes each choice; done when the party leaves."""

    def __init__(self, camp: Camp, ruleset: str, bout: int, news: list[str],
                 live_choose: Callable[[CampChoice], str | None], heading: str = "") -> None:
        self.camp = camp
        self.heading = heading or f"Camp after bout {bout}"
        self.ruleset = ruleset
        self.bout = bout
        self.news = [sanitise(n) for n in news]
        self.live_choose = live_choose
        self.pending: dict[str, object] | None = None
        self.message = ""
        self.confirm_retire = False
        self.confirm: dict[str, object] | None = None  # a main action asked about once
        self.left = False
        self.card: Weapon | Armour | Supply | None = None  # an item inspected, shown until a key

    @property
    def done(self) -> bool:
        """True once the party marches on or retires."""
        return self.left or self.camp.retired

    def feed(self, key: str) -> None:
        """A choice letter, a number answering the question asked, Esc, or Enter."""
        if self.card is not None:
            self.card = None
            return
        if self.confirm_retire:
            self.confirm_retire = False
            if key in ("y", "Y"):
                self._make({"choice": "retire"})
            else:
                self.message = "not retiring"
            return
        if self.confirm is not None:
            choice, self.confirm = self.confirm, None
            if key in ("y", "Y", *ENTER):
                self._make(choice)
            else:
                self.message = "never mind: the camp's action is still free"
            return
        if self.pending is not None:
            self._answer(key)
            return
        if key in ENTER:
            self.left = True
            return
        kind = next((k for letter, k, _ in ACTIONS if letter == key), None)
        if kind is not None and kind not in ANYWHERE and kind not in self.camp.allowed:
            self.message = f"no {kind} here" + (
                ": only at a merchant" if kind in ("buy", "sell") else
                ": only at a camp or a merchant" if kind == "recruit" else
                ": only at a camp on the run's map")
        elif kind == "retire":
            self.confirm_retire = True
        elif kind is not None:
            self.pending = {"choice": kind}
            self._advance()

    def _answer(self, key: str) -> None:
        """Fill the pending choice's next field from a number key."""
        assert self.pending is not None
        if key == "KEY_ESCAPE":
            self.pending, self.message = None, "never mind"
            return
        ask = self._ask()
        if ask is None or len(key) != 1 or key not in ANSWERS:
            return
        field, _, options = ask
        k = ANSWERS.index(key)
        if k < len(options):
            self.pending[field] = options[k][1]
            self._advance()

    def _advance(self) -> None:
        """Make the pending choice once it has every field; drop it if nothing fits."""
        assert self.pending is not None
        ask = self._ask()
        if ask is not None and not ask[2]:
            self.message = f"cannot {self.pending['choice']}: {self._nothing(ask)}"
            self.pending = None
        elif ask is None and self.pending["choice"] == "inspect":
            where, k = str(self.pending["item"]).split(":")
            self.card, self.pending = pile(self.camp, where)[int(k)], None
        elif ask is None:
            choice, self.pending = self.pending, None
            bare = {k: v for k, v in choice.items() if k != "drop"}
            if choice["choice"] in self.camp.costed and (
                    "drop" in choice or refusal(self.camp, choice_from_json(bare)) is None):
                self.confirm = choice  # the camp's one action: its effect shown, asked once
            else:
                self._make(choice)

    def _nothing(self, ask: Ask) -> str:
        """Why the question asked has no answer: for loot and offers, why nobody has room."""
        kind = self.pending["choice"] if self.pending else ""
        if kind in ("loot", "take") and ask[0] == "item":
            items = pile(self.camp, str(kind))
            why = dict.fromkeys(w for x in items if (w := no_room(self.camp, x)))
            return "; ".join(why) or f"nothing left to {kind}"
        return f"{ask[1].lower()} - nothing fits"

    def _make(self, choice: dict[str, object]) -> None:
        """Make a complete choice (a full taker's drop first); show the camp's word or refusal."""
        before = len(self.camp.log)
        choice = dict(choice)
        drop = choice.pop("drop", None)
        reason = None if drop is None else self.live_choose(
            Drop(int(str(choice["member"])), int(str(drop))))
        reason = reason or self.live_choose(choice_from_json(choice))
        if reason is not None:
            self.message = f"cannot {choice['choice']}: {reason}"
        else:
            self.message = "; ".join(self.camp.log[before:])

    def _ask(self) -> Ask | None:
        """The next question the pending choice needs answered, or None when complete."""
        assert self.pending is not None
        return question(self.camp, self.pending)

    def heading_line(self) -> str:
        """The top line: where, whether the camp's action is taken, the purse."""
        camp = self.camp
        left = "" if not camp.costed else " - the camp's one action: " + (
            "taken" if camp.actions <= 0 else "free")
        return f"{self.heading}{left} - {camp.purse.coin} coin"

    def left_lines(self, width: int = LEFT - 2) -> list[Line]:
        """The roster, then the piles: loot, the goods, the wares, the fighters for hire."""
        camp = self.camp
        rows = roster_lines(camp.party, width)
        rows.append(("", palette.TEXT))
        for title, kind in (("Loot", "loot"), ("Offered", "take")):
            if any(pile(camp, kind)):
                rows += _pile_lines(camp, title, pile(camp, kind), width=width)
        if camp.market is not None:
            rows += _pile_lines(camp, "Wares", pile(camp, "buy"),
                                [w.price if w else 0 for w in camp.market.wares], width) \
                if any(camp.market.wares) else [("Wares: sold out", palette.DIM)]
        if "recruit" in camp.allowed:
            rows += _hire_lines(camp.hires, width)
        return rows

    def right_lines(self, width: int) -> list[Line]:
        """The item being chosen about (its card), else the choices and marching on."""
        camp = self.camp
        asked = self.pending or self.confirm
        shown = self.card or (chosen_item(camp, asked) if asked else None)
        if shown is not None:  # the item being chosen about, beside what each member holds
            return card_lines(camp, shown, width)
        rows: list[Line] = []
        for letter, kind, label in ACTIONS:
            if kind not in ANYWHERE and kind not in camp.allowed:
                continue  # e.g. the spoils after a fight: a camp node's choices are not offered
            if kind == "loot" and not camp.loot:
                continue  # no fight here: nothing was ever on the field
            ok, text = self._label(kind, label)
            rows.append((f"{letter}) {text}", palette.TEXT if ok else palette.DIM))
        return [*rows, ("", palette.TEXT), ("Enter) march on (the run's map)", palette.GOOD)]

    def spoken(self) -> list[str]:
        """The screen as lines for the accessible mode, in reading order."""
        return [self.heading_line(), *(t for t, _ in self.left_lines(SPOKEN) if t.strip()),
                *(t.strip() for t, _ in self.right_lines(SPOKEN) if t.strip()),
                *self.news[-2:], sanitise(self.message), self._prompt()]

    def draw(self, console: tcod.console.Console) -> None:
        """Roster and piles on the left, the choices on the right, news and prompt below."""
        canvas = Canvas(console)
        canvas.clear()
        w, h = canvas.width, canvas.height
        canvas.text(1, 0, fit(self.heading_line(), w - 2), palette.TITLE)
        prompt = wrapped(self._prompt(), palette.HINT, w - 2)[:3]  # a long question: 2-3 rows
        bottom = h - 3 - len(prompt)
        for i, (text, colour) in enumerate(self.left_lines()[: bottom - 2]):
            canvas.text(1, 2 + i, fit(text, LEFT - 2), colour)
        right = min(w - LEFT - 1, 64)
        for i, (text, colour) in enumerate(self.right_lines(right)[: bottom - 2]):
            canvas.text(LEFT, 2 + i, fit(text, right), colour)
        for i, line in enumerate(self.news[-2:]):
            canvas.text(1, bottom + i, fit(line, w - 2), palette.DIM)
        canvas.text(1, bottom + 2, fit(sanitise(self.message), w - 2), palette.HINT)
        for i, (text, colour) in enumerate(prompt):
            canvas.text(1, h - len(prompt) + i, fit(text, w - 2), colour)

    def _label(self, kind: str, label: str) -> tuple[bool, str]:
        """Whether choice `kind` can be made now, and its line (an action's effect or why not)."""
        camp = self.camp
        if kind == "tend" and not any(heals(m) for m in camp.party if m.alive):
            return False, f"{label}: nothing to tend"
        if kind == "recruit":
            return self._hire_label(label)
        if kind in MAIN:
            who = next((i for i, m in enumerate(camp.party) if m.alive and heals(m)), 0)
            reason = refusal(camp, choice_from_json(
                {"choice": kind, "member": who} if kind == "tend" else {"choice": kind}))
            said = preview(kind, camp.party, camp.land)
            if reason is not None and camp.actions > 0:  # the short word for it, if any
                return False, f"{label}: {said if said.startswith('nothing') else reason}"
            return reason is None, f"{label}: {said}" if said else label
        ok = not (kind in camp.costed and camp.actions <= 0)
        if kind == "buy":
            wares = camp.market.wares if camp.market is not None else []
            ok = ok and any(w and w.price <= camp.purse.coin and takeable(camp, w.item)
                            for w in wares)
        if kind in ("loot", "take"):  # dim when nobody can hold anything on the pile
            ok = ok and any(takeable(camp, x) for x in pile(self.camp, kind))
        if kind == "inspect":
            ok = any(x for where in ("loot", "take", "buy") for x in pile(camp, where))
        return ok, label

    def _hire_label(self, label: str) -> tuple[bool, str]:
        """The hire line: how many fighters, from what wage, or why none can join."""
        camp = self.camp
        open_ = [(k, h) for k, h in enumerate(camp.hires) if not h.joined]
        if not open_:
            return False, f"{label}: nobody for hire here"
        reasons = [refusal(camp, choice_from_json({"choice": "recruit", "offer": k}))
                   for k, _ in open_]
        cheapest = min(h.price for _, h in open_)
        said = f"{len(open_)} for hire, from {cheapest} coin"
        if all(r is not None for r in reasons):
            why = next(r for r in reasons if r is not None)
            short = "party full" if "full" in why else why if "taken" in why else said
            return False, f"{label}: {short}"
        return True, f"{label}: {said}"

    def _effect(self, choice: dict[str, object]) -> str:
        """What a complete main action will do, in words, for the question asked before it."""
        kind = str(choice["choice"])
        if kind == "tend":
            m = self.camp.party[int(str(choice["member"]))]
            return f"heals {m.name}'s {', '.join(n.replace('_', ' ') for n in heals(m))}"
        if kind == "recruit":
            hire = self.camp.hires[int(str(choice["offer"]))]
            return f"{hire.member.name} joins for {hire.price} coin"
        if kind == "take":
            item = self.camp.offers[int(str(choice["item"]))]
            m = self.camp.party[int(str(choice["member"]))]
            drop = belongings(m)[int(str(choice["drop"]))].name if "drop" in choice else ""
            return f"{m.name} takes {item.name}" + (f", dropping {drop}" if drop else "") \
                if item is not None else "nothing"
        return preview(kind, self.camp.party, self.camp.land)

    def _prompt(self) -> str:
        """The question being asked, or the keys."""
        if self.confirm_retire:
            return "Retire? The run ends with what it has won. (y/n)"
        if self.confirm is not None:
            return sanitise(f"{str(self.confirm['choice']).capitalize()}: "
                            f"{self._effect(self.confirm)}. The camp's one action: y/Enter "
                            "do it, n/Esc not now")
        if self.card is not None:
            return "any key: back to the camp"
        if self.pending is not None:
            ask = self._ask()
            if ask is not None:
                opts = "  ".join(f"{ANSWERS[k]}) {label}"
                                 for k, (label, _) in enumerate(ask[2][: len(ANSWERS)]))
                return sanitise(f"{ask[1]} {opts}  Esc: never mind")
        return "letter: choose  Enter: march on"
