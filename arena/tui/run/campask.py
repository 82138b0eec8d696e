"""The camp screen's questions: which item, which member, which belonging, one at a time.

A pending choice is the JSON of a camp choice being made (`decisions.py`), its fields filled
one answer at a time; `question` asks for the next missing one. Taking loot, goods or a ware
for a member whose slots of that sort are full asks what it drops to make room (`drop`: the
screen makes that `Drop` first, then the choice).
"""

from __future__ import annotations

from arena.model.stats import Armour, Supply, Weapon
from arena.run.camp import Camp, cannot_hold, cannot_take
from arena.run.campwork import heals
from arena.run.holding import belongings, cannot_part, slot_full, sort_of
from arena.run.market import sell_refusal
from arena.run.party import Member

Ask = tuple[str, str, list[tuple[str, object]]]  # field, question, (label, value) options
Item = Weapon | Armour | Supply
TAKING = ("loot", "take", "buy")  # the choices that put an item into a member's hands


def pile(camp: Camp, kind: str) -> list[Item | None]:
    """The items the choice `kind` takes from: the loot, the goods or the merchant's wares."""
    if kind == "loot":
        return [*camp.loot]
    if kind == "buy":
        wares = camp.market.wares if camp.market is not None else []
        return [w.item if w is not None else None for w in wares]
    return [*camp.offers]


def chosen_item(camp: Camp, pending: dict[str, object]) -> Item | None:
    """The item a pending loot, take or buy has picked, or a give's or swap's belonging."""
    kind = str(pending["choice"])
    if kind in TAKING and "item" in pending:
        items = pile(camp, kind)
        k = int(str(pending["item"]))
        return items[k] if 0 <= k < len(items) else None
    if kind in ("give", "swap", "drop") and "item" in pending:
        return belongings(camp.party[int(str(pending["member"]))])[int(str(pending["item"]))]
    return None


def kept_from(camp: Camp, m: Member, item: Item | None) -> str | None:
    """Why `m` cannot take `item` even by dropping one of its sort (None: it can)."""
    return cannot_hold(camp.ruleset, m, item) or (
        None if slot_full(m, item) else cannot_take(m, item))


def takeable(camp: Camp, item: Item | None) -> bool:
    """Whether someone can take `item`, dropping one of its own of that sort if full."""
    return item is not None and any(kept_from(camp, m, item) is None
                                    for m in camp.party if m.alive)


def _wants(kind: str, m: Member) -> bool:
    """Whether `m` has something the choice `kind` could work on."""
    return bool(heals(m)) if kind == "tend" else bool(belongings(m))


def _unable(text: str, camp: Camp, members: list[tuple[int, Member]], item: Item | None
            ) -> str:
    """`text`, with why each member left out for want of a hand cannot hold `item`."""
    why = [r for _, m in members if (r := cannot_hold(camp.ruleset, m, item)) is not None]
    return f"{text} ({'; '.join(why)})" if why else text


def _owned(m: Member, sort: str | None = None) -> list[tuple[str, object]]:
    """`m`'s belongings it can part with (of one sort when given), as answers."""
    return [(x.name, k) for k, x in enumerate(belongings(m))
            if cannot_part(m, k) is None and (sort is None or sort_of(x) == sort)]


def _taking(camp: Camp, p: dict[str, object]) -> Ask | None:
    """The questions of loot, take and buy: the item, who takes it, what a full one drops."""
    kind = str(p["choice"])
    alive = [(i, m) for i, m in enumerate(camp.party) if m.alive]
    if "item" not in p:
        wares = camp.market.wares if kind == "buy" and camp.market is not None else []
        prices = [f" ({w.price})" if w is not None else "" for w in wares]
        return ("item", "Which ware?" if kind == "buy" else "Which item?",
                [(x.name + (prices[k] if k < len(prices) else ""), k)
                 for k, x in enumerate(pile(camp, kind)) if x is not None and takeable(camp, x)])
    item = chosen_item(camp, p)
    if "member" not in p:
        why = [r for _, m in alive if (r := kept_from(camp, m, item)) is not None]
        return ("member", f"Who takes it? ({'; '.join(why)})" if why else "Who takes it?",
                [(m.name + (" (full: drops one)" if slot_full(m, item) else ""), i)
                 for i, m in alive if kept_from(camp, m, item) is None])
    m = camp.party[int(str(p["member"]))]
    if "drop" not in p and item is not None and slot_full(m, item):
        return ("drop", f"{m.name} is full: drop which?", _owned(m, sort_of(item)))
    return None


def _handing(camp: Camp, p: dict[str, object]) -> Ask | None:
    """The questions of give, swap and drop: whose, which belonging, to whom, for which."""
    kind = str(p["choice"])
    alive = [(i, m) for i, m in enumerate(camp.party) if m.alive]
    if "member" not in p:
        return ("member", "Whose?", [(m.name, i) for i, m in alive if _owned(m)])
    m = camp.party[int(str(p["member"]))]
    if "item" not in p:
        return ("item", "Which?", _owned(m))
    if kind == "drop":
        return None
    item = chosen_item(camp, p)
    others = [(i, x) for i, x in alive if i != p["member"]]
    if "to" not in p:
        return ("to", _unable("To whom?", camp, others, item),
                [(x.name, i) for i, x in others if cannot_hold(camp.ruleset, x, item) is None
                 and (kind == "give" or _owned(x, sort_of(item) if item else None))])
    if kind == "swap" and "other" not in p:
        to = camp.party[int(str(p["to"]))]
        return ("other", f"For which of {to.name}'s?",
                _owned(to, sort_of(item) if item is not None else None))
    return None


def question(camp: Camp, p: dict[str, object]) -> Ask | None:
    """The next question the pending choice `p` needs answered, or None when it is complete."""
    kind = p["choice"]
    alive = [(i, m) for i, m in enumerate(camp.party) if m.alive]
    if kind == "inspect" and "item" not in p:
        return ("item", "Inspect which?", [(x.name, f"{where}:{k}") for where in TAKING
                                           for k, x in enumerate(pile(camp, where)) if x])
    if kind in TAKING:
        return _taking(camp, p)
    if kind in ("give", "swap", "drop"):
        return _handing(camp, p)
    if kind == "recruit" and "offer" not in p:
        return ("offer", "Whom?", [(f"{h.member.name} ({h.price} coin)", k)
                                   for k, h in enumerate(camp.hires) if not h.joined])
    if kind == "sell" and "member" not in p:
        return ("member", "Whose?", [(m.name, i) for i, m in alive if belongings(m)])
    if kind == "sell" and "item" not in p:
        m = camp.party[int(str(p["member"]))]
        market = camp.market
        assert market is not None
        return ("item", "Which?", [(f"{x.name} ({market.sale(x)})", k)
                                   for k, x in enumerate(belongings(m))
                                   if sell_refusal(m, k) is None])
    if kind == "use" and "member" not in p:
        return ("member", "Whose supply?", [(m.name, i) for i, m in alive if m.supplies])
    if kind == "use" and "item" not in p:
        m = camp.party[int(str(p["member"]))]
        return ("item", "Which supply?", [(x.name, k) for k, x in enumerate(m.supplies)])
    if kind == "tend" and "member" not in p:
        return ("member", "Whose?", [(m.name, i) for i, m in alive if _wants(str(kind), m)])
    return None
