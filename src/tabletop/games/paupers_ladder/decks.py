"""Card Decks (the rulebook's section). Cards are drawn from the top; discarded cards go face up
next to their deck, and "when the last card in a deck has been discarded" the deck is reshuffled
from its discards at once. Also here: each player's Outcome deck, what a seat knows of a deck's
top (peeking, putting cards back in order: the known top cards lie in knowledge zones, see
hidden.py) and shuffling discarded Outcome cards back."""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action, Rng, piles

from . import hidden
from .base import A, J
from .content import WILD
from .decisions import Decision, decision

if TYPE_CHECKING:
    from .rules import PLState


def discard_into(pile: J, cards: list[str], rng: Rng, held: bool = False) -> bool:
    """Put cards on a pile's discards; a run-out pile is reshuffled at once (True when it was;
    ``held``: the deck still has a known top on it, so it has not run out)."""
    piles.add_discards(pile, cards)
    if cards and not pile["draw"] and not held:
        return piles.refill(pile, rng)
    return False


@trait
class CardDecks:
    """Drawing from and discarding to every deck, the Outcome decks too."""

    __slots__ = ()

    def draw_from(self: PLState, name: str) -> str | None:
        known = hidden.draw_top(self, name)
        if known is not None:
            return known
        d = self.data["decks"][name]
        if not d["draw"] and not d["discard"]:
            return None
        return str(piles.draw(d, self.rng))

    def discard_to(self: PLState, name: str, cards: list[str]) -> None:
        """Card Decks: discarded cards go face up next to their deck; "when the last card in a
        deck has been discarded", the deck is reshuffled from its discards at once (so nothing
        can be taken from a discard pile the rulebook has already shuffled back)."""
        pile = self.data["decks"][name]
        held = not pile["draw"] and hidden.top_size(self, name) > 0
        discard_into(pile, cards, self.rng, held)

    def discard_outcomes(self: PLState, seat: int, cards: list[str]) -> None:
        """Outcome cards are discarded after use; a used-up Outcome deck is reshuffled at once."""
        pile = self.P(seat)["outcome_deck"]
        held = not pile["draw"] and hidden.top_size(self, "outcome", seat) > 0
        discard_into(pile, cards, self.rng, held)

    def _forget_deck(self: PLState, name: str) -> None:
        """Nobody knows the deck's top any more (it is about to be shuffled)."""
        hidden.forget_top(self, name)

    def deck_available(self: PLState, name: str) -> bool:
        d = self.data["decks"][name]
        return bool(d["draw"] or d["discard"] or hidden.top_size(self, name))

    def draw_outcome(self: PLState, seat: int) -> str:
        known = hidden.draw_top(self, "outcome", seat)
        if known is not None:
            return known
        return str(piles.draw(self.P(seat)["outcome_deck"], self.rng))

    def discard_region_card(self: PLState, cid: str) -> None:
        self.discard_to(self.C.region_deck_of[cid], [cid])
        self.data["card_gems"].pop(cid, None)
        tucked = self.data["tucked"].pop(cid, None)
        if tucked:
            self._discard_items(tucked)

    def _discard_items(self: PLState, cids: list[str]) -> None:
        for c in cids:
            self.discard_to("rarity" if c.startswith("rar.") else "equipment", [c])

    def _return_outcomes(self: PLState, seat: int, cards: list[str]) -> None:
        p = self.P(seat)
        hidden.forget_top(self, "outcome", seat)
        draw = piles.cards(p["outcome_deck"]) + list(cards)
        self.rng.shuffle(draw)
        piles.set_cards(p["outcome_deck"], draw)
        self.log(
            f"{self.pname(seat)} shuffles {len(cards)} Outcome cards back"
            + (f" ({', '.join(self.cname(c) for c in cards)})." if cards else ".")
        )


# ---------------------------------------------------------------- peeking and putting back
@decision
class PeekDeck(Decision):
    """Foresight, the crystal ball: choose the Region deck to peek at."""

    kind = "peek-deck"
    actions = ("peek",)

    def text(self, s: PLState, f: J) -> str:
        return "Choose a Region deck to peek at."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("peek", deck=dk) for dk in WILD if hidden.deck_size(s, dk)] or [A("done")]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Peek at the {a['deck']} deck"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind != "peek":
            return
        dk = a["deck"]
        n = int(f["n"])
        top = hidden.peek_top(s, dk, seat, n)
        s.log(f"{s.pname(seat)} peeks at the {dk} deck.")
        s.log(f"Top of the {dk} deck: {', '.join(s.cname(c) for c in top)}.", to=[seat])
        if n > 1 and len(top) > 1:
            s.push({"t": "reorder", "seat": seat, "deck": dk, "count": len(top), "private": True})


@decision
class Reorder(Decision):
    """The fatestone, the crystal ball: put the peeked cards back in any order."""

    kind = "reorder"
    actions = ("order",)

    def text(self, s: PLState, f: J) -> str:
        return "Put the peeked cards back in any order."

    def legal(self, s: PLState, f: J) -> list[Action]:
        cards = hidden.reorder_cards(s, f)
        return [A("order", cards=perm) for perm in sorted(set(permutations(cards)))]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return "Order: " + ", ".join(s.cname(c) for c in a["cards"])

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        owner = seat if f["deck"] == "outcome" else None
        hidden.reorder_top(s, f["deck"], seat, list(a["cards"]), owner)
        s.log(f"{s.pname(seat)} puts the cards back in a chosen order.")


@decision
class ReturnOutcomes(Decision):
    """Lost Villagers' reward: choose discarded Outcome cards to shuffle back into your deck
    (identical cards are one choice)."""

    kind = "return-outcomes"
    actions = ("return",)

    def text(self, s: PLState, f: J) -> str:
        return (
            "Choose a discarded Outcome card to shuffle back "
            f"({f.get('n', 0) - len(f.get('chosen', []))} to go)."
        )

    def legal(self, s: PLState, f: J) -> list[Action]:
        seen: set[tuple[int, str | None]] = set()
        acts = []
        for c in sorted(piles.discards(s.P(f["seat"])["outcome_deck"])):
            oc = s.C.outcome[c]
            if (oc.number, oc.ally) not in seen:
                seen.add((oc.number, oc.ally))
                acts.append(A("return", card=c))
        return acts

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Shuffle a discarded {s.cname(a['card'])} back into your Outcome deck"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        p = s.P(seat)
        pile = piles.discards(p["outcome_deck"])
        pile.remove(a["card"])
        piles.set_discards(p["outcome_deck"], pile)
        f["chosen"].append(a["card"])
        if len(f["chosen"]) < f["n"] and pile:
            s.push(f)
        else:
            s._return_outcomes(seat, f["chosen"])
