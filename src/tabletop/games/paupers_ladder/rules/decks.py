"""Card Decks (the rulebook's section). Cards are drawn from the top; discarded cards go face up
next to their deck, and "when the last card in a deck has been discarded" the deck is reshuffled
from its discards at once. Also here: each player's Outcome deck, the known tops of decks (peeking
and putting cards back in order leave them in knowledge zones, see hidden.py) and shuffling
discarded Outcome cards back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine import Rng, piles

from .. import hidden
from ..state import PLState


def discard_into(pile: dict[str, Any], cards: list[str], rng: Rng, held: bool = False) -> bool:
    """Put cards on a pile's discards; a run-out pile is reshuffled at once (True when it was;
    ``held``: the deck still has a known top on it, so it has not run out)."""
    piles.add_discards(pile, cards)
    if cards and not pile["draw"] and not held:
        return piles.refill(pile, rng)
    return False


def draw_from(state: PLState, name: str) -> str | None:
    """The top card of a deck (its known top first), or None when it and its discards are
    empty."""
    known = hidden.draw_top(state, name)
    if known is not None:
        return known
    deck = state.data["decks"][name]
    if not deck["draw"] and not deck["discard"]:
        return None
    return str(piles.draw(deck, state.rng))


def discard_to(state: PLState, name: str, cards: list[str]) -> None:
    """Card Decks: discarded cards go face up next to their deck; "when the last card in a deck
    has been discarded", the deck is reshuffled from its discards at once (so nothing can be
    taken from a discard pile the rulebook has already shuffled back)."""
    pile = state.data["decks"][name]
    held = not pile["draw"] and hidden.top_size(state, name) > 0
    discard_into(pile, cards, state.rng, held)


def discard_outcomes(state: PLState, seat: int, cards: list[str]) -> None:
    """Outcome cards are discarded after use; a used-up Outcome deck is reshuffled at once."""
    pile = state.player(seat)["outcome_deck"]
    held = not pile["draw"] and hidden.top_size(state, "outcome", seat) > 0
    discard_into(pile, cards, state.rng, held)


def forget_deck(state: PLState, name: str) -> None:
    """Nobody knows the deck's top any more (it is about to be shuffled)."""
    hidden.forget_top(state, name)


def deck_available(state: PLState, name: str) -> bool:
    deck = state.data["decks"][name]
    return bool(deck["draw"] or deck["discard"] or hidden.top_size(state, name))


def draw_outcome(state: PLState, seat: int) -> str:
    known = hidden.draw_top(state, "outcome", seat)
    if known is not None:
        return known
    return str(piles.draw(state.player(seat)["outcome_deck"], state.rng))


def discard_region_card(state: PLState, cid: str) -> None:
    """A Region card to its deck's discards, with the Gems on it gone and the Equipment tucked
    under it discarded too."""
    discard_to(state, state.content.region_deck_of[cid], [cid])
    state.data["card_gems"].pop(cid, None)
    tucked = state.data["tucked"].pop(cid, None)
    if tucked:
        discard_items(state, tucked)


def discard_items(state: PLState, cids: list[str]) -> None:
    """Equipment and Rarity cards to their own decks' discards."""
    for c in cids:
        discard_to(state, "rarity" if c.startswith("rar.") else "equipment", [c])


def return_outcomes(state: PLState, seat: int, cards: list[str]) -> None:
    """Shuffle discarded Outcome cards back into a seat's Outcome deck."""
    player = state.player(seat)
    hidden.forget_top(state, "outcome", seat)
    draw = piles.cards(player["outcome_deck"]) + list(cards)
    state.rng.shuffle(draw)
    piles.set_cards(player["outcome_deck"], draw)
    state.log(
        f"{state.seat_name(seat)} shuffles {len(cards)} Outcome cards back"
        + (f" ({', '.join(state.card_name(c) for c in cards)})." if cards else ".")
    )


def take_from_deck(state: PLState, name: str, wanted: Callable[[str], bool]) -> list[str]:
    """The cards of a deck that ``wanted`` picks, out of it (a scenario's set-up
    scans whole decks: each card is asked once)."""
    pile = state.data["decks"][name]
    out: list[str] = []
    rest: list[str] = []
    for c in piles.cards(pile):
        (out if wanted(c) else rest).append(c)
    piles.set_cards(pile, rest)
    return out


def remove_tile(state: PLState, region: str, cid: str) -> None:
    """A face-up card leaves a Region's tiles."""
    state.data["tiles"][region].remove(cid)
