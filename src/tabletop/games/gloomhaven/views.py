"""What the surfaces show of a campaign: plain JSON-native views built from the document."""

from __future__ import annotations

from typing import Any

from . import rules
from .model import Campaign, Character


def character_view(c: Campaign, ch: Character) -> dict[str, Any]:
    cls = rules.classes(c)[ch.class_id]
    known = rules.items(c)
    return {
        **ch.model_dump(mode="json"),
        "class_name": cls.name,
        "hp": rules.max_hp(c, ch),
        "hand_size": cls.hand_size,
        "card_pool_size": rules.pool_size(cls, ch),
        "next_level_xp": rules.next_level_xp(ch),
        "levelups_due": rules.levelups_due(ch),
        "perks_earned": rules.perks_earned(ch),
        "perks_unmarked": rules.perks_unmarked(ch),
        "item_names": [known[i].name if i in known else i for i in ch.items],
        "pool_cards": rules.pool_cards(cls, ch),
        "new_cards": rules.new_cards(cls, ch),
    }


def event_view(c: Campaign, card_id: str) -> dict[str, Any]:
    card = rules.event_cards(c)[card_id]
    return {
        "id": card.id,
        "deck": card.deck,
        "number": card.number,
        "intro": card.intro,
        "choices": {o.label: o.text for o in card.options},
    }


def campaign_view(c: Campaign) -> dict[str, Any]:
    """What the web app shows: parties, characters, city, shop prices, events, enhancements."""
    plevel = rules.prosperity_level(c)
    parties = {}
    for p in c.parties.values():
        parties[p.id] = {
            **p.model_dump(mode="json"),
            "where": rules.describe_location(p),
            "price_modifier": rules.price_modifier(p.reputation),
            "shop": rules.shop(c, p),
            "event": event_view(c, p.pending_event.card) if p.pending_event else None,
        }
    enh = {
        cls: {
            "enhanced_cards": sorted(rules.enhanced_cards(c, cls)),
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
