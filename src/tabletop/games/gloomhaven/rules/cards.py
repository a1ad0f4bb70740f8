"""Rulebook 'Building A Hand Of Cards': a class's ability cards by name and level, the active card
pool (the Level 1 and X cards, then one card per level-up) and the cards a level-up may add."""

from __future__ import annotations

from ..data import CharacterClass
from ..model import Campaign, Character
from .common import Refused, classes


def class_card(c: Campaign, ch: Character, card: str, card_level: int | None) -> tuple[str, int]:
    """One of the character's class's ability cards, by name in any case, and the level it is
    enhanced at (X cards: 1). Unknown names are refused listing the class's cards; a class whose
    card names are not entered takes any name with its level (ruling T13)."""
    cls = classes(c)[ch.class_id]
    if not card.strip():
        raise Refused("name the ability card")
    if not cls.cards:
        if card_level is None:
            raise Refused(f"give the card's level: the {cls.name}'s card names are not entered")
        return card.strip(), card_level
    name = cls.card_name(card)
    if name is None:
        listing = "; ".join(f"level {lvl}: {', '.join(cards)}" for lvl, cards in cls.cards.items())
        raise Refused(f"the {cls.name} has no ability card {card.strip()!r}. Its cards: {listing}")
    printed = cls.card_levels()[name.lower()]
    level = 1 if printed == "X" else int(printed)
    if card_level is not None and card_level != level:
        raise Refused(f"{name} is a level {printed} card, not level {card_level}")
    return name, level


def pool_size(cls: CharacterClass, ch: Character) -> int:
    return cls.starting_pool + len(ch.cards)


def pool_cards(cls: CharacterClass, ch: Character) -> list[tuple[str, str]]:
    """The character's active card pool by name and printed level: the X and level 1 cards,
    then the cards added on level-ups."""
    start = [(n, lvl) for lvl in ("X", "1") for n in cls.cards.get(lvl, [])]
    return start + [(x.name, str(x.level)) for x in ch.cards]


def new_cards(cls: CharacterClass, ch: Character) -> list[tuple[str, str]]:
    """The cards a level-up may add now: level 2 to the next level, not yet in the pool."""
    have = {x.name.lower() for x in ch.cards}
    return [
        (n, lvl)
        for lvl, card_names in cls.cards.items()
        if lvl not in ("X", "1") and int(lvl) <= ch.level + 1
        for n in card_names
        if n.lower() not in have
    ]
