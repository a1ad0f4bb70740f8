"""Face-down draw piles kept as one space-separated string (bottom first, top last).

A state is cloned by marshalling its data, and a draw pile of 40-odd card ids as one string clones
several times faster than a list of strings. Discard piles (face up) stay lists, except the Outcome
decks' discards (joined too: ``joined_discards``). Every shuffle uses the state's RNG. Card ids
never contain spaces."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.engine import Rng

Pile = dict[str, Any]


def new_pile(
    cards: Sequence[str], rng: Rng | None = None, *, joined_discards: bool = False
) -> Pile:
    draw = list(cards)
    if rng is not None:
        rng.shuffle(draw)
    return {"draw": " ".join(draw), "discard": "" if joined_discards else [], "removed": []}


def discards(pile: Pile) -> list[str]:
    """The discard pile, oldest first, whether it is kept as a list or joined."""
    d = pile["discard"]
    if isinstance(d, str):
        return d.split(" ") if d else []
    return list(d)


def set_discards(pile: Pile, cards: Sequence[str]) -> None:
    if isinstance(pile["discard"], str):
        pile["discard"] = " ".join(cards)
    else:
        pile["discard"] = list(cards)


def add_discards(pile: Pile, cards: Sequence[str]) -> None:
    if not cards:
        return
    d = pile["discard"]
    if isinstance(d, str):
        joined = " ".join(cards)
        pile["discard"] = f"{d} {joined}" if d else joined
    else:
        d.extend(cards)


def cards(pile: Pile) -> list[str]:
    """The draw pile, bottom first."""
    s: str = pile["draw"]
    return s.split(" ") if s else []


def set_cards(pile: Pile, draw: Sequence[str]) -> None:
    pile["draw"] = " ".join(draw)


def size(pile: Pile) -> int:
    s: str = pile["draw"]
    return s.count(" ") + 1 if s else 0


def refill(pile: Pile, rng: Rng) -> bool:
    """Reshuffle the discards into an empty draw pile; False when there is nothing."""
    if pile["draw"]:
        return True
    if not pile["discard"]:
        return False
    back = discards(pile)
    set_discards(pile, [])
    rng.shuffle(back)
    set_cards(pile, back)
    return True


def draw(pile: Pile, rng: Rng) -> str | None:
    if not refill(pile, rng):
        return None
    s: str = pile["draw"]
    i = s.rfind(" ")
    pile["draw"] = s[:i] if i >= 0 else ""
    return s[i + 1 :]


def peek(pile: Pile, n: int) -> list[str]:
    """The top ``n`` cards, top first."""
    return list(reversed(cards(pile)[-n:])) if n > 0 else []


def reorder(pile: Pile, top_first: Sequence[str]) -> None:
    draw = cards(pile)
    n = len(top_first)
    if sorted(draw[len(draw) - n :]) != sorted(top_first):
        raise ValueError("reorder must use exactly the cards on top of the pile")
    set_cards(pile, draw[: len(draw) - n] + list(reversed(top_first)))


def put_top(pile: Pile, card: str) -> None:
    pile["draw"] = f"{pile['draw']} {card}" if pile["draw"] else card


def take(pile: Pile, card: str) -> None:
    draw = cards(pile)
    draw.remove(card)
    set_cards(pile, draw)


def shuffle_all(pile: Pile, rng: Rng) -> None:
    """Shuffle the discards back into the draw pile."""
    draw = cards(pile) + discards(pile)
    set_discards(pile, [])
    rng.shuffle(draw)
    set_cards(pile, draw)
