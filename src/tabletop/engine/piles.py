"""Card piles as plain data, in two interchangeable forms.

A pile is ``{"draw": ..., "discard": ..., "removed": [...]}``; the top of the draw pile is its
end. ``draw`` and ``discard`` are either lists (any JSON-native cards) or, in the *compact* form,
one space-separated string of card ids (ids must not contain spaces). A state is cloned by
marshalling its data, and a 40-card pile as one string clones several times faster than a list
of strings, so games with many large face-down piles keep them compact. Every function here works
on both forms and keeps the form it finds; :class:`~tabletop.engine.components.Deck` is the
object interface over the same functions. Every shuffle takes the state's RNG.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .rng import Rng

Pile = dict[str, Any]
Card = Any


def new_pile(
    cards: Iterable[Card],
    rng: Rng | None = None,
    *,
    compact: bool = False,
    compact_discards: bool = False,
) -> Pile:
    """A pile with ``cards`` in its draw pile (shuffled when an RNG is given), the last on top."""
    draw = list(cards)
    if rng is not None:
        rng.shuffle(draw)
    return {
        "draw": " ".join(draw) if compact else draw,
        "discard": "" if compact_discards else [],
        "removed": [],
    }


def _split(value: Any) -> list[Card]:
    if isinstance(value, str):
        return value.split(" ") if value else []
    return list(value)


def _store(pile: Pile, key: str, cards: Sequence[Card]) -> None:
    pile[key] = " ".join(cards) if isinstance(pile[key], str) else list(cards)


def cards(pile: Pile) -> list[Card]:
    """The draw pile, bottom first (a copy)."""
    return _split(pile["draw"])


def set_cards(pile: Pile, draw: Sequence[Card]) -> None:
    """Replace the draw pile (bottom first), keeping the pile's form."""
    _store(pile, "draw", draw)


def size(pile: Pile) -> int:
    draw = pile["draw"]
    if isinstance(draw, str):
        return draw.count(" ") + 1 if draw else 0
    return len(draw)


def discards(pile: Pile) -> list[Card]:
    """The discard pile, oldest first (a copy)."""
    return _split(pile["discard"])


def set_discards(pile: Pile, cards: Sequence[Card]) -> None:
    _store(pile, "discard", cards)


def add_discards(pile: Pile, cards: Sequence[Card]) -> None:
    """Put cards face up on the discard pile."""
    if not cards:
        return
    d = pile["discard"]
    if isinstance(d, str):
        joined = " ".join(cards)
        pile["discard"] = f"{d} {joined}" if d else joined
    else:
        d.extend(cards)


def refill(pile: Pile, rng: Rng) -> bool:
    """Shuffle the discards into an empty draw pile; False when there is nothing to draw."""
    if pile["draw"]:
        return True
    if not pile["discard"]:
        return False
    back = discards(pile)
    set_discards(pile, [])
    rng.shuffle(back)
    set_cards(pile, back)
    return True


def draw(pile: Pile, rng: Rng, *, reshuffle: bool = True) -> Card | None:
    """The top card, or None when the pile is empty (after reshuffling the discards into it,
    when ``reshuffle``)."""
    if not (refill(pile, rng) if reshuffle else pile["draw"]):
        return None
    top = pile["draw"]
    if isinstance(top, str):
        i = top.rfind(" ")
        pile["draw"] = top[:i] if i >= 0 else ""
        return top[i + 1 :]
    return top.pop()


def peek(pile: Pile, n: int) -> list[Card]:
    """The top ``n`` cards, top first, without drawing them."""
    return list(reversed(cards(pile)[-n:])) if n > 0 else []


def reorder(pile: Pile, top_first: Sequence[Card]) -> None:
    """Put the top ``len(top_first)`` cards back in the given order (top first)."""
    draw = cards(pile)
    n = len(top_first)
    if sorted(map(repr, draw[len(draw) - n :])) != sorted(map(repr, top_first)):
        raise ValueError("reorder must use exactly the cards on top of the pile")
    set_cards(pile, draw[: len(draw) - n] + list(reversed(top_first)))


def put_top(pile: Pile, card: Card) -> None:
    set_cards(pile, [*cards(pile), card])


def put_bottom(pile: Pile, card: Card) -> None:
    set_cards(pile, [card, *cards(pile)])


def shuffle(pile: Pile, rng: Rng) -> None:
    """Shuffle the draw pile."""
    draw = cards(pile)
    rng.shuffle(draw)
    set_cards(pile, draw)


def shuffle_all(pile: Pile, rng: Rng) -> None:
    """Shuffle the discards back into the draw pile."""
    draw = cards(pile) + discards(pile)
    set_discards(pile, [])
    rng.shuffle(draw)
    set_cards(pile, draw)


def search(pile: Pile, match: Callable[[Card], bool]) -> list[Card]:
    """Cards of the draw pile that match, top first (the order is not changed)."""
    return [c for c in reversed(cards(pile)) if match(c)]


def take(pile: Pile, card: Card) -> Card:
    """Take a given card out of the draw or the discard pile."""
    for key in ("draw", "discard"):
        held = _split(pile[key])
        if card in held:
            held.remove(card)
            _store(pile, key, held)
            return card
    raise ValueError(f"card {card!r} is not in the deck")


def remove_from_game(pile: Pile, card: Card) -> None:
    """Put a card out of the game for good (it never comes back by reshuffling)."""
    pile["removed"].append(card)
