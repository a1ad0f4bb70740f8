"""Rulebook 'Enhancing Ability Cards': once the city holds "The Power of Enhancement", a sticker on
a card of the character's active pool, paid by that character: the base cost (doubled for an
ability that targets several figures, never for an attack hex), 25 gold per card level above 1,
75 per sticker already on the same action; at most as many enhanced cards per class as the
prosperity level; stickers stay for every character of the class."""

from __future__ import annotations

from typing import Any

from ..data import game_data
from ..model import Campaign, Enhancement
from .cards import class_card
from .common import Refused, class_name, require_town
from .common import character as character_of
from .levels import MAX_LEVEL
from .prosperity import prosperity_level

# the stickers the rule prices, as the enhancement sticker sheets name them (data must agree)
STICKERS = [
    "move",
    "attack",
    "range",
    "shield",
    "push",
    "pull",
    "pierce",
    "retaliate",
    "heal",
    "target",
    "summon-move",
    "summon-attack",
    "summon-range",
    "summon-hp",
    "poison",
    "wound",
    "muddle",
    "immobilize",
    "disarm",
    "curse",
    "strengthen",
    "bless",
    "jump",
    "element",
    "any-element",
    "attack-hex",
]


def cost_breakdown(
    sticker: str,
    card_level: int,
    *,
    multi_target: bool = False,
    hexes: int | None = None,
    previous: int = 0,
) -> dict[str, Any]:
    """How one sticker's cost is made: ``base`` (the printed base, or 200 over the hexes for an
    attack hex, rounded down: ruling G3), ``doubled`` for several targets, the ``card_level``
    and ``previous`` surcharges, and the ``cost``."""
    data = game_data()
    row = data.stickers.get(sticker)
    if row is None:
        raise Refused(
            f"unknown enhancement sticker {sticker!r}; one of: {', '.join(data.stickers)}"
        )
    if card_level not in data.level_surcharge:
        raise Refused(f"card level must be 1 to {MAX_LEVEL}, got {card_level}")
    if previous < 0:
        raise Refused(f"previous enhancements cannot be negative, got {previous}")
    if row.divided_by_hexes:
        if hexes is None or hexes < 1:
            raise Refused("an attack hex needs the number of hexes the attack targets now")
        base, doubled = row.base // hexes, False
    else:
        if hexes is not None:
            raise Refused("a number of hexes only applies to the attack-hex sticker")
        base, doubled = row.base, multi_target
    # the printed table of earlier stickers stops at 3; its "+75 each" continues (ruling G4)
    extra = data.previous_surcharge.get(previous, 75 * previous)
    level_gold = data.level_surcharge[card_level]
    return {
        "sticker": sticker,
        "printed_base": row.base,
        "hexes": hexes,
        "base": base,
        "doubled": doubled,
        "card_level": card_level,
        "card_level_gold": level_gold,
        "previous": previous,
        "previous_gold": extra,
        "cost": base * (2 if doubled else 1) + level_gold + extra,
    }


def enhancement_cost(
    sticker: str,
    card_level: int,
    *,
    multi_target: bool = False,
    hexes: int | None = None,
    previous: int = 0,
) -> int:
    """Gold for one enhancement sticker (the rule and its Brute example)."""
    parts = cost_breakdown(
        sticker, card_level, multi_target=multi_target, hexes=hexes, previous=previous
    )
    return int(parts["cost"])


def enhanced_cards(c: Campaign, class_id: str) -> set[str]:
    return {e.card.lower() for e in c.city.enhancements.get(class_id, [])}


def previous_on_action(c: Campaign, class_id: str, card: str, action: str) -> int:
    """Stickers already on this action of this card, by any character of the class (ruling T4)."""
    return sum(
        1
        for e in c.city.enhancements.get(class_id, [])
        if e.card.lower() == card.lower() and e.action == action
    )


def _price(
    c: Campaign,
    class_id: str,
    card: str,
    card_level: int,
    action: str,
    sticker: str,
    multi_target: bool,
    hexes: int | None,
) -> tuple[int, int]:
    """The stickers already on the action, and what one more costs."""
    previous = previous_on_action(c, class_id, card, action)
    cost = enhancement_cost(
        sticker, card_level, multi_target=multi_target, hexes=hexes, previous=previous
    )
    return previous, cost


def may_enhance(c: Campaign) -> bool:
    """Whether the city holds the global achievement enhancing needs."""
    achievement = game_data().rules.enhancement_achievement
    return c.city.global_achievements.get(achievement, 0) > 0


def _check_enhancement(
    c: Campaign, character: str, card: str, card_level: int | None, action: str
) -> tuple[str, int]:
    """Everything but the cost: in town, the achievement, the action, the card in the pool;
    answers the card as printed and its level."""
    ch = character_of(c, character)
    require_town(c, ch, "enhancing ability cards")
    if not may_enhance(c):
        achievement = game_data().rules.enhancement_achievement
        raise Refused(f"enhancing needs the global achievement {achievement!r}")
    if action not in ("top", "bottom"):
        raise Refused(f"action must be top or bottom, not {action!r}")
    card, card_level = class_card(c, ch, card, card_level)
    if card_level > 1 and not any(
        x.name.lower() == card.lower() and x.level == card_level for x in ch.cards
    ):
        raise Refused(f"{card!r} (level {card_level}) is not in {ch.name}'s active card pool")
    if card_level > ch.level:
        raise Refused(f"{ch.name} (level {ch.level}) has no level {card_level} cards")
    return card, card_level


def enhance(
    c: Campaign,
    character: str,
    card: str,
    card_level: int | None,
    action: str,
    sticker: str,
    *,
    multi_target: bool = False,
    hexes: int | None = None,
) -> list[str]:
    """Place one sticker, paid by the character whose card it is. The arguments are the fields of
    the ``enhance`` command's model (``commands.Enhance``), which the surfaces pass as keywords."""
    card, card_level = _check_enhancement(c, character, card, card_level, action)
    ch = character_of(c, character)
    previous, cost = _price(c, ch.class_id, card, card_level, action, sticker, multi_target, hexes)
    cards_done = enhanced_cards(c, ch.class_id)
    limit = prosperity_level(c)
    if card.lower() not in cards_done and len(cards_done) >= limit:
        raise Refused(
            f"the {class_name(c, ch.class_id)} already has {len(cards_done)} enhanced cards: "
            f"at most the prosperity level ({limit})"
        )
    if ch.gold < cost:
        raise Refused(f"{ch.name} has {ch.gold} gold; this enhancement costs {cost}")
    ch.gold -= cost
    c.city.enhancements.setdefault(ch.class_id, []).append(
        Enhancement(
            card=card,
            card_level=card_level,
            action=action,  # type: ignore[arg-type]
            sticker=sticker,
            multi_target=multi_target,
            hexes=hexes,
            cost=cost,
            character=ch.id,
        )
    )
    return [
        f"{ch.name} enhances {card!r} ({action}) with {sticker} for {cost} gold "
        f"({previous} earlier on that action)"
    ]


def quote_enhancement(
    c: Campaign,
    character: str,
    card: str,
    card_level: int | None,
    action: str,
    sticker: str,
    *,
    multi_target: bool = False,
    hexes: int | None = None,
) -> dict[str, object]:
    """What an enhancement would cost this character now, and whether it would be allowed."""
    ch = character_of(c, character)
    card, card_level = class_card(c, ch, card, card_level)
    previous, cost = _price(c, ch.class_id, card, card_level, action, sticker, multi_target, hexes)
    try:
        enhance(
            c.model_copy(deep=True),
            character,
            card,
            card_level,
            action,
            sticker,
            multi_target=multi_target,
            hexes=hexes,
        )
        refusal = None
    except Refused as exc:
        refusal = str(exc)
    return {"cost": cost, "previous": previous, "allowed": refusal is None, "refusal": refusal}
