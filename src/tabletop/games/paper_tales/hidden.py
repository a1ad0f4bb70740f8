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
from tabletop.engine.knowledge import ZONES, Zones, bit, knows
from tabletop.engine.rng import Rng

if TYPE_CHECKING:
    from .play import PTState

UNITS = "units"  # the pool of every Unit card: a hidden one may be any card its seat has not seen


def zones(st: PTState) -> Zones:
    return Zones(st.data, len(st.data["players"]))


def create(data: dict[str, Any], players: int) -> None:
    """Every seat's empty hand and kept card, at the start of a game."""
    z = Zones(data, players)
    for s in range(players):
        for name in (f"hand:{s}", f"kept:{s}"):
            z.create(name, pool=UNITS)


def open_draft(st: PTState) -> None:
    """The draft hands' zones, while a draft runs (a smaller state to copy the rest of the
    time)."""
    z = zones(st)
    for s in range(len(st.data["players"])):
        z.create(f"draft:{s}", pool=UNITS)


def close_draft(st: PTState) -> None:
    for s in range(len(st.data["players"])):
        del st.data[ZONES][f"draft:{s}"]


def items(st: PTState, name: str) -> list[str]:
    """A zone's cards (card ids, as put there), a copy."""
    return list(st.data[ZONES][name]["items"])


def hand(st: PTState, seat: int) -> list[str]:
    """The Units in a seat's hand (recruited this turn, then the hand during Deployment)."""
    return items(st, f"hand:{seat}")


def draft_hand(st: PTState, seat: int) -> list[str]:
    """The draft hand in front of a seat (none outside a draft)."""
    zone = st.data[ZONES].get(f"draft:{seat}")
    return list(zone["items"]) if zone is not None else []


def kept(st: PTState, seat: int) -> str | None:
    """The card a seat keeps face down for the next turn."""
    found = items(st, f"kept:{seat}")
    return found[0] if found else None


def deal(st: PTState, name: str, cards: list[str], seat: int, how: str = "looked") -> None:
    """Cards from the draw pile into a seat's zone: only that seat sees them."""
    z = zones(st)
    for c in cards:
        z.put(name, c, known=bit(seat), how=how)


def move(st: PTState, src: str, dst: str, card: str, seat: int) -> None:
    """A card of ``seat`` from one of its zones to another, where only it sees which."""
    zones(st).move(src, dst, card, seen_by=bit(seat))


def take(st: PTState, name: str, card: str, seen_by: int) -> str:
    """A card out of a zone (into play, face up, or to the discard pile)."""
    found, _ = zones(st).take(name, card, seen_by=seen_by)
    return str(found)


def pass_hands(st: PTState, way: int) -> None:
    """Every draft hand goes to the next seat (``way`` +1) or the previous (-1): the passer still
    knows what it passed, the receiver looks at it."""
    n = len(st.data["players"])
    zs = st.data[ZONES]
    moved = [(zs[f"draft:{s}"]["items"], zs[f"draft:{s}"]["known"]) for s in range(n)]
    z = zones(st)
    for s in range(n):
        to = (s + way) % n
        zs[f"draft:{to}"]["items"], zs[f"draft:{to}"]["known"] = moved[s]
        if moved[s][0]:
            z.learn(f"draft:{to}", bit(to), "passed")


def resample(st: PTState, seat: int | None, rng: Rng) -> None:
    """Deal the draw pile again together with the Unit cards of the zones that ``seat`` does not
    know (any of them may be any unseen card); the engine then redraws the unknown positions of
    every zone within its pool (the Necropolis piles included)."""
    d = st.data
    deck = piles.cards(d["deck"])
    slots = [
        (name, i)
        for name, z in sorted(d[ZONES].items())
        if z["pool"] == UNITS
        for i, mask in enumerate(z["known"])
        if not knows(mask, seat)
    ]
    pool = deck + [d[ZONES][name]["items"][i] for name, i in slots]
    rng.shuffle(pool)
    piles.set_cards(d["deck"], pool[: len(deck)])
    for (name, i), card in zip(slots, pool[len(deck) :], strict=True):
        d[ZONES][name]["items"][i] = card
