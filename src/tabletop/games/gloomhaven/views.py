"""What the surfaces show of a campaign: plain JSON-native views built from the document by the
rules' own queries. The CLI, the web pages and the JSON API render these and compute nothing:
every price, cost, level, limit and refusal in them comes from :mod:`.rules`."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from . import rules
from .commands import Enhance
from .data import game_data
from .model import Campaign, Character, Party


def character_view(c: Campaign, ch: Character) -> dict[str, Any]:
    """A character sheet: the document's fields, then what the rules derive from them."""
    cls = rules.classes(c)[ch.class_id]
    known = rules.items(c)
    home = c.parties.get(ch.party) if ch.party else None
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
        "perk_boxes": cls.perk_boxes,
        "perk_list": rules.perk_choices(cls, ch),
        "item_names": [known[i].name if i in known else i for i in ch.items],
        "pool_cards": [list(card) for card in rules.pool_cards(cls, ch)],
        "new_cards": [list(card) for card in rules.new_cards(cls, ch)],
        "where": "retired" if ch.retired else rules.describe_location(home) if home else "no party",
        "quest_name": rules.quest_name(c, ch.personal_quest) if ch.personal_quest else None,
        "quest_offer_names": [rules.quest_name(c, q) for q in ch.quest_offer],
        "may_rise": not ch.retired and rules.may_rise(c, ch.id),
        "donation_refusal": None if ch.retired else rules.donation_refusal(c, ch),
        "sales": [] if ch.retired else rules.sales(c, ch),
    }


def character_sheet(c: Campaign, ref: str) -> dict[str, Any]:
    """The sheet of the character named by ``ref`` (id or name); refused when none is."""
    return character_view(c, rules.character(c, ref))


def event_view(c: Campaign, card_id: str) -> dict[str, Any]:
    card = rules.event_cards(c)[card_id]
    return {
        "id": card.id,
        "deck": card.deck,
        "number": card.number,
        "intro": card.intro,
        "choices": {o.label: o.text for o in card.options},
    }


def party_view(c: Campaign, p: Party) -> dict[str, Any]:
    """A party sheet with its shop (prices at its reputation, who may buy what) and the event in
    hand."""
    return {
        **p.model_dump(mode="json"),
        "where": rules.describe_location(p),
        "price_modifier": rules.price_modifier(p.reputation),
        "shop": rules.shop(c, p),
        "event": event_view(c, p.pending_event.card) if p.pending_event else None,
    }


def party_sheet(c: Campaign, ref: str) -> dict[str, Any]:
    return party_view(c, rules.party(c, ref))


def city_view(c: Campaign) -> dict[str, Any]:
    achievement = game_data().rules.enhancement_achievement
    return {
        **c.city.model_dump(mode="json", exclude={"road_deck", "city_deck", "enhancements"}),
        "prosperity_level": rules.prosperity_level(c),
        "prosperity_next": rules.next_level_at(c),
        "prosperity_max": rules.prosperity_maximum(),
        "road_deck_size": len(c.city.road_deck.draw),
        "city_deck_size": len(c.city.city_deck.draw),
        "enhancement_achievement": achievement,
        "can_enhance": rules.may_enhance(c),
    }


def choices_view(c: Campaign) -> dict[str, Any]:
    """What the forms may offer now: the classes and starting levels of a new character, the
    scenarios a party may set out for (a completed one only casually), the stickers."""
    done = set(c.city.completed_scenarios)
    return {
        "classes": [[k, rules.class_name(c, k)] for k in rules.creatable_classes(c)],
        "starting_levels": rules.starting_levels(c),
        "scenarios": [
            [s, rules.scenario_label(c, s) + (" (completed)" if s in done else "")]
            for s in c.city.unlocked_scenarios
        ],
        "stickers": list(game_data().stickers),
    }


def names_view(c: Campaign) -> dict[str, Any]:
    """The names the pages print for ids: classes, scenarios, personal quests (with goals)."""
    return {
        "classes": {k: cls.name for k, cls in rules.classes(c).items()},
        "scenarios": {k: s.name for k, s in rules.scenarios(c).items()},
        "quests": {k: {"name": q.name, "goal": q.goal} for k, q in rules.quests(c).items()},
    }


def campaign_view(c: Campaign) -> dict[str, Any]:
    """What the web app shows: parties, characters, city, shop prices, events, enhancements."""
    plevel = rules.prosperity_level(c)
    enhancements = {
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
        "city": city_view(c),
        "parties": {pid: party_view(c, p) for pid, p in c.parties.items()},
        "characters": {k: character_view(c, ch) for k, ch in c.characters.items()},
        "enhancements": enhancements,
        "player_retirements": dict(c.player_retirements),
        "choices": choices_view(c),
        "names": names_view(c),
    }


def enhancement_quote(c: Campaign, form: dict[str, Any]) -> dict[str, Any]:
    """The quote for an enhancement as a form gives it (read-only): the arguments with the card
    as printed and its level, the cost and whether the rules allow it; or why it cannot be
    quoted at all (``problem``)."""
    try:
        body = Enhance.model_validate(form)
    except ValidationError as exc:
        return {"body": None, "problem": validation_message(exc)}
    try:
        ch = rules.character(c, body.character)
        card, level = rules.class_card(c, ch, body.card, body.card_level)
        body = body.model_copy(update={"card": card, "card_level": level})
        quote = rules.quote_enhancement(c, **body.model_dump())
    except ValueError as exc:
        return {"body": body.model_dump(), "problem": str(exc)}
    return {"body": body.model_dump(), "problem": None, **quote}


def validation_message(exc: ValidationError) -> str:
    """A form's malformed fields in players' words: ``card: please fill this in``."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err.get("loc", ()))
        msg = str(err.get("msg", ""))
        if msg == "Field required":
            msg = "please fill this in"
        parts.append(f"{where or 'form'}: {msg}")
    return "; ".join(parts)


def enhancement_cost(sticker: str, card_level: int, **options: Any) -> dict[str, Any]:
    """One sticker's cost and how it is made, with the words that say so; ``options`` are those
    of ``rules.cost_breakdown`` (multi_target, hexes, previous)."""
    parts = rules.cost_breakdown(sticker, card_level, **options)
    words = [f"{parts['sticker']}: base {parts['printed_base']}"]
    if parts["hexes"] is not None:
        words.append(f"/ {parts['hexes']} hexes")
    elif parts["doubled"]:
        words.append("x2 multi-target")
    words.append(f"+ card level {parts['card_level']}, + {parts['previous']} earlier on the action")
    return {**parts, "explained": " ".join(words)}


def scenario_scaling(levels: list[int], difficulty: str = "normal") -> dict[str, Any]:
    """The recommended scenario level for these character levels and what that level sets."""
    level = rules.scenario_level(levels, difficulty)
    return {"level": level, **rules.level_table(level).model_dump(exclude={"source"})}
