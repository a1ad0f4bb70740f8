"""The hidden cards of Paper Tales in the kernel's knowledge zones (``tabletop.engine.knowledge``).

Every card a seat holds out of sight lives in a zone that knows who knows it: the draft hand in
front of a seat (``draft:S``: its holder looked at it; the seat that passed it on still knows
what it passed until a card it did not see leaves it), the Units recruited into a hand
(``hand:S``), the card kept face down on the Player's Aid (``kept:S``), and in solo the
Necropolis line (``line:I``, one card of pile I, with the rest of that pile set aside unseen in
``pile:I``). The views, the resample of what a seat does not know and the undo policy follow from
the zones; the draw pile stays a compact pile, and the game's ``_resample`` deals it again with
the unknown cards of the zones (see :func:`resample`). A face-down Deployment is a kernel
commitment and needs no zone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import piles
from tabletop.engine.knowledge import PUBLIC, ZONES, Zones, bit, everyone, knows
from tabletop.engine.rng import Rng

if TYPE_CHECKING:
    from .state import PaperTalesState

UNITS = "units"  # the pool of every Unit card: a hidden one may be any card its seat has not seen


def zones(state: PaperTalesState) -> Zones:
    return Zones(state.data, len(state.data["players"]))


def create(data: dict[str, Any], players: int) -> None:
    """Every seat's empty hand and kept card, at the start of a game."""
    found = Zones(data, players)
    for seat in range(players):
        for name in (f"hand:{seat}", f"kept:{seat}"):
            found.create(name, pool=UNITS)


def open_draft(state: PaperTalesState) -> None:
    """The draft hands' zones, while a draft runs (a smaller state to copy the rest of the
    time)."""
    found = zones(state)
    for seat in state.seats():
        found.create(f"draft:{seat}", pool=UNITS)


def close_draft(state: PaperTalesState) -> None:
    for seat in state.seats():
        del state.data[ZONES][f"draft:{seat}"]


def items(state: PaperTalesState, name: str) -> list[str]:
    """A zone's cards (card ids, as put there), a copy."""
    return list(state.data[ZONES][name]["items"])


def hand(state: PaperTalesState, seat: int) -> list[str]:
    """The Units in a seat's hand (recruited this turn, then the hand during Deployment)."""
    return items(state, f"hand:{seat}")


def draft_hand(state: PaperTalesState, seat: int) -> list[str]:
    """The draft hand in front of a seat (none outside a draft)."""
    zone = state.data[ZONES].get(f"draft:{seat}")
    return list(zone["items"]) if zone is not None else []


def kept(state: PaperTalesState, seat: int) -> str | None:
    """The card a seat keeps face down for the next turn."""
    found = items(state, f"kept:{seat}")
    return found[0] if found else None


def deal(
    state: PaperTalesState, name: str, cards: list[str], seat: int, how: str = "looked"
) -> None:
    """Cards from the draw pile into a seat's zone: only that seat sees them."""
    zones(state).put_all(name, list(cards), known=bit(seat), how=how)


def move(state: PaperTalesState, source: str, target: str, card: str, seat: int) -> None:
    """A card of ``seat`` from one of its zones to another, where only it sees which."""
    zones(state).move(source, target, card, seen_by=bit(seat))


def take(state: PaperTalesState, name: str, card: str, seen_by: int) -> str:
    """A card out of a zone (into play, face up, or to the discard pile)."""
    found, _ = zones(state).take(name, card, seen_by=seen_by)
    return str(found)


def reveal_hand(state: PaperTalesState, seat: int, placed: set[str], keep: str | None) -> list[str]:
    """The Deployment's reveal empties a seat's hand, card by card in the hand's order, as
    :meth:`Zones.take <tabletop.engine.knowledge.Zones.take>` would one at a time: a card of
    ``placed`` goes into play face up (everyone watches), ``keep`` to the seat's kept zone and
    the others to the discard pile (only the seat sees which). What the other seats knew of the
    cards still in the hand is lost as each leaves. Returns the cards discarded, in order."""
    zones = state.data[ZONES]
    hand = zones[f"hand:{seat}"]
    cards, masks = hand["items"], hand["known"]
    hand["items"], hand["known"] = [], []
    mine = bit(seat)
    every = everyone(len(state.data["players"]))
    watched = -1  # the seats that saw every card taken so far (and the public)
    discarded: list[str] = []
    for i, card in enumerate(cards):
        mask = masks[i]
        if mask & PUBLIC == 0:
            mask &= watched
        if card in placed:
            watched &= every | PUBLIC
            continue
        watched &= mine | PUBLIC
        if card == keep:
            kept = zones[f"kept:{seat}"]
            kept["items"].append(card)
            kept["known"].append(mask & mine)
        else:
            discarded.append(str(card))
    return discarded


def pass_hands(state: PaperTalesState, way: int) -> None:
    """Every draft hand goes to the next seat (``way`` +1) or the previous (-1): the passer still
    knows what it passed, the receiver looks at it."""
    players = len(state.data["players"])
    all_zones = state.data[ZONES]
    moved = [
        (all_zones[f"draft:{seat}"]["items"], all_zones[f"draft:{seat}"]["known"])
        for seat in range(players)
    ]
    found = zones(state)
    for seat in range(players):
        to = (seat + way) % players
        all_zones[f"draft:{to}"]["items"], all_zones[f"draft:{to}"]["known"] = moved[seat]
        if moved[seat][0]:
            found.learn(f"draft:{to}", bit(to), "passed")


def resample(state: PaperTalesState, seat: int | None, rng: Rng) -> None:
    """Deal the draw pile again together with the Unit cards of the zones that ``seat`` does not
    know (any of them may be any unseen card); the engine then redraws the unknown positions of
    every zone within its pool (the Necropolis piles included)."""
    data = state.data
    deck = piles.cards(data["deck"])
    slots = [
        (name, i)
        for name, zone in sorted(data[ZONES].items())
        if zone["pool"] == UNITS
        for i, mask in enumerate(zone["known"])
        if not knows(mask, seat)
    ]
    pool = deck + [data[ZONES][name]["items"][i] for name, i in slots]
    rng.shuffle(pool)
    piles.set_cards(data["deck"], pool[: len(deck)])
    for (name, i), card in zip(slots, pool[len(deck) :], strict=True):
        data[ZONES][name]["items"][i] = card
