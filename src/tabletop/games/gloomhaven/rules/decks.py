"""The road and city event decks (rulebook 'Completing Road Events', 'Announcing Retirement'):
event numbers added to both decks shuffle them; owners' real cards rebuild them."""

from __future__ import annotations

from tabletop.engine.rng import Rng

from ..model import Campaign, DeckState, EventNumber
from .common import event_cards


def deck(c: Campaign, which: str) -> DeckState:
    return c.city.road_deck if which == "road" else c.city.city_deck


def card_for(c: Campaign, which: str, number: int) -> str | None:
    """The card entered for event ``number`` of the ``which`` deck, if any."""
    for card in event_cards(c).values():
        if card.deck == which and card.number == number:
            return card.id
    return None


def _in_deck(state: DeckState, card: str) -> bool:
    return card in state.draw or card in state.discard or card in state.removed


def add_events(c: Campaign, which: str, number: int, rng: Rng) -> list[str]:
    """Add event ``number`` to the road and/or city deck (``both``) and shuffle that deck; a
    number whose card is not entered waits for it (ruling E7)."""
    out: list[str] = []
    for name in ("road", "city") if which == "both" else (which,):
        ref = EventNumber(deck=name, number=number)
        if ref not in c.city.added_events:
            c.city.added_events.append(ref)
        card = card_for(c, name, number)
        state = deck(c, name)
        if card is None:
            if ref not in c.city.waiting_events:
                c.city.waiting_events.append(ref)
            out.append(f"{name} event {number} is not entered yet; it joins the deck when loaded")
            continue
        if _in_deck(state, card):
            continue
        state.draw.append(card)
        rng.shuffle(state.draw)
        out.append(f"{name} event {number} shuffled into the {name} deck")
    return out


def _rebuilt(c: Campaign, which: str, rng: Rng) -> DeckState:
    """One deck rebuilt from the catalog: the initial cards and every number added, the cards
    removed from the game staying removed, shuffled."""
    cards = event_cards(c)
    old = deck(c, which)
    removed_numbers = {cards[cid].number for cid in old.removed if cid in cards}
    wanted = {e.number for e in cards.values() if e.deck == which and e.initial}
    wanted |= {r.number for r in c.city.added_events if r.deck == which}
    new = DeckState()
    for card in cards.values():
        if card.deck != which or card.number not in wanted:
            continue
        (new.removed if card.number in removed_numbers else new.draw).append(card.id)
    new.draw.sort()
    rng.shuffle(new.draw)
    return new


def rebuild_decks(c: Campaign, rng: Rng) -> list[str]:
    """Rebuild both decks from the catalog (after owners load their real cards)."""
    c.city.road_deck = _rebuilt(c, "road", rng)
    c.city.city_deck = _rebuilt(c, "city", rng)
    c.city.waiting_events = [
        r for r in c.city.added_events if card_for(c, r.deck, r.number) is None
    ]
    return [f"{which} deck rebuilt: {len(deck(c, which).draw)} cards" for which in ("road", "city")]
