"""What the surfaces show of a campaign: plain JSON-native views built from the document."""

from __future__ import annotations

from typing import Any

from . import campaign as ops
from . import model, rules
from .data import CharacterClass
from .model import Campaign


def character_view(c: Campaign, ch: model.Character) -> dict[str, Any]:
    cls = ops.classes(c)[ch.class_id]
    next_xp = rules.xp_minimum(ch.level + 1) if ch.level < rules.MAX_LEVEL else None
    known = ops.items(c)
    return {
        **ch.model_dump(mode="json"),
        "class_name": cls.name,
        "hp": ops.max_hp(c, ch),
        "hand_size": cls.hand_size,
        "card_pool_size": cls.starting_pool + len(ch.cards),
        "next_level_xp": next_xp,
        "levelups_due": ops.levelups_due(ch),
        "perks_earned": ops.perks_earned(ch),
        "perks_unmarked": ops.perks_unmarked(ch),
        "item_names": [known[i].name if i in known else i for i in ch.items],
        "pool_cards": pool_cards(cls, ch),
        "new_cards": new_cards(cls, ch),
    }


def pool_cards(cls: CharacterClass, ch: model.Character) -> list[tuple[str, str]]:
    """The character's active card pool by name and printed level: the X and level 1 cards,
    then the cards added on level-ups."""
    start = [(n, lvl) for lvl in ("X", "1") for n in cls.cards.get(lvl, [])]
    return start + [(x.name, str(x.level)) for x in ch.cards]


def new_cards(cls: CharacterClass, ch: model.Character) -> list[tuple[str, str]]:
    """The cards a level-up may add now: level 2 to the next level, not yet in the pool."""
    have = {x.name.lower() for x in ch.cards}
    return [
        (n, lvl)
        for lvl, names in cls.cards.items()
        if lvl not in ("X", "1") and int(lvl) <= ch.level + 1
        for n in names
        if n.lower() not in have
    ]


def event_view(c: Campaign, card_id: str) -> dict[str, Any]:
    card = ops.events(c)[card_id]
    return {
        "id": card.id,
        "deck": card.deck,
        "number": card.number,
        "intro": card.intro,
        "choices": {o.label: o.text for o in card.options},
    }


def campaign_view(c: Campaign) -> dict[str, Any]:
    """What the web app shows: parties, characters, city, shop prices, events, enhancements."""
    plevel = ops.prosperity_level(c)
    parties = {}
    for p in c.parties.values():
        parties[p.id] = {
            **p.model_dump(mode="json"),
            "where": ops.describe_location(p),
            "price_modifier": rules.price_modifier(p.reputation),
            "shop": ops.shop(c, p),
            "event": event_view(c, p.pending_event.card) if p.pending_event else None,
        }
    enh = {
        cls: {
            "enhanced_cards": sorted(ops.enhanced_cards(c, cls)),
            "limit": plevel,
            "stickers": [e.model_dump(mode="json") for e in lst],
        }
        for cls, lst in c.city.enhancements.items()
    }
    return {
        "id": c.id,
        "name": c.name,
        "schema_version": c.schema_version,
        "city": {
            **c.city.model_dump(mode="json", exclude={"road_deck", "city_deck", "enhancements"}),
            "prosperity_level": plevel,
            "road_deck_size": len(c.city.road_deck.draw),
            "city_deck_size": len(c.city.city_deck.draw),
        },
        "parties": parties,
        "characters": {k: character_view(c, ch) for k, ch in c.characters.items()},
        "enhancements": enh,
        "player_retirements": dict(c.player_retirements),
    }
