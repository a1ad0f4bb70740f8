"""Components over plain data: decks, dice, zones and counters.

Components do not own data: a :class:`Deck` is a thin view over a JSON-native dict kept inside the
state's data (``{"draw": [...], "discard": [...], "removed": [...]}``), so states stay plain data
and cloning stays cheap. Every shuffle and roll takes the state's
:class:`~tabletop.engine.rng.Rng`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from . import piles
from .rng import Rng

T = TypeVar("T")
Card = Any  # a card is any JSON-native value, usually its id string


class EmptyDeck(ValueError):
    """A draw from a deck with no cards left (and nothing to reshuffle)."""


def new_deck(
    cards: Iterable[Card], rng: Rng | None = None, *, compact: bool = False
) -> dict[str, Any]:
    """Plain data for a deck, shuffled when an RNG is given. The top of the deck is the end of
    the ``draw`` pile, so drawing is cheap. ``compact``: keep the draw pile as one string of card
    ids (see :mod:`tabletop.engine.piles`), for states with many large face-down piles."""
    return piles.new_pile(cards, rng, compact=compact)


class Deck:
    """The object interface to a deck's plain data (list or compact form, see
    :mod:`tabletop.engine.piles`).

    ``reshuffle``: when the draw pile is empty, shuffle the discard pile into a new draw pile (a
    rule option; when False an empty deck simply yields nothing)."""

    __slots__ = ("data", "reshuffle", "rng")

    def __init__(self, data: dict[str, Any], rng: Rng, *, reshuffle: bool = True) -> None:
        self.data = data
        self.rng = rng
        self.reshuffle = reshuffle

    def __len__(self) -> int:
        return piles.size(self.data)

    @property
    def discards(self) -> list[Card]:
        """The discard pile, oldest first (a copy)."""
        return piles.discards(self.data)

    def cards(self) -> list[Card]:
        """The draw pile, bottom first (a copy)."""
        return piles.cards(self.data)

    def draw(self) -> Card:
        """The top card. Raises :class:`EmptyDeck` when there is none."""
        card = piles.draw(self.data, self.rng, reshuffle=self.reshuffle)
        if card is None:
            raise EmptyDeck("the deck is empty")
        return card

    def peek(self, n: int = 1) -> list[Card]:
        """The top ``n`` cards, top first, without drawing them."""
        return piles.peek(self.data, n)

    def reorder(self, top_first: Sequence[Card]) -> None:
        """Put the top ``len(top_first)`` cards back in the given order (top first)."""
        piles.reorder(self.data, top_first)

    def put_top(self, card: Card) -> None:
        piles.put_top(self.data, card)

    def put_bottom(self, card: Card) -> None:
        piles.put_bottom(self.data, card)

    def discard(self, *cards: Card) -> None:
        piles.add_discards(self.data, cards)

    def shuffle(self) -> None:
        piles.shuffle(self.data, self.rng)

    def search(self, match: Callable[[Card], bool]) -> list[Card]:
        """Cards of the draw pile that match, top first (order is not changed)."""
        return piles.search(self.data, match)

    def take(self, card: Card) -> Card:
        """Take a given card out of the draw or discard pile (a search that finds it)."""
        return piles.take(self.data, card)

    def remove_from_game(self, card: Card) -> None:
        """Put a card out of the game for good (it never comes back by reshuffling)."""
        piles.remove_from_game(self.data, card)


@dataclass(frozen=True, slots=True)
class Die(Generic[T]):
    """A die as a table of faces (any values, e.g. ``{"face": "wink", "number": 2}``)."""

    name: str
    faces: tuple[T, ...]

    def roll(self, rng: Rng) -> T:
        return self.faces[rng.below(len(self.faces))]


def clamp(value: int, low: int | None = None, high: int | None = None) -> int:
    """A counter value kept inside ``[low, high]``."""
    if low is not None and value < low:
        return low
    if high is not None and value > high:
        return high
    return value


def pay(amount_held: int, cost: int) -> int:
    """What is left after paying ``cost``; raises ValueError when it cannot be paid."""
    if cost < 0:
        raise ValueError(f"a cost cannot be negative: {cost}")
    if cost > amount_held:
        raise ValueError(f"cannot pay {cost}: only {amount_held} held")
    return amount_held - cost


def lose(amount_held: int, loss: int) -> int:
    """Lose up to ``loss``: you lose only what you have (never below zero)."""
    return max(0, amount_held - max(0, loss))


class Zone:
    """A named place for cards with a visibility rule: ``public`` (everyone), ``owner`` (only its
    owner sees the cards, others see the count) or ``hidden`` (nobody sees them)."""

    __slots__ = ("cards", "owner", "visibility")

    def __init__(self, cards: list[Card], visibility: str = "public", owner: int | None = None):
        if visibility not in ("public", "owner", "hidden"):
            raise ValueError(f"unknown zone visibility {visibility!r}")
        self.cards = cards
        self.visibility = visibility
        self.owner = owner

    def visible_to(self, seat: int | None) -> bool:
        if self.visibility == "public":
            return True
        return self.visibility == "owner" and seat is not None and seat == self.owner

    def view(self, seat: int | None) -> dict[str, Any]:
        """The zone as ``seat`` sees it: the cards, or only their count."""
        if self.visible_to(seat):
            return {"count": len(self.cards), "cards": list(self.cards)}
        return {"count": len(self.cards)}
