"""What every campaign document satisfies when only the commands have changed it.

The commands keep these by construction (reputation within its track, gold never below 0, known
classes, party lists and character sheets that agree, ...). A document that comes from outside (an
import) is checked against the same list before it is stored, so ``show``, ``buy`` and the pages
can rely on it. Each problem names the field, as a path into the document.
"""

from __future__ import annotations

from collections import Counter

from . import campaign as ops
from . import rules
from .data import game_data
from .model import Campaign


def problems(c: Campaign) -> list[str]:
    """Every broken invariant of the document, each naming its field; empty when it is sound."""
    out: list[str] = []
    r = game_data().rules
    known_classes = ops.classes(c)
    known_events = ops.events(c)
    known_quests = ops.quests(c)
    known_items = ops.items(c)

    if c.id != _slug_or_none(c.name):
        out.append(f"campaign.id: {c.id!r} does not match the name {c.name!r}")

    city = c.city
    top = rules.prosperity_maximum()
    if not 0 <= city.prosperity <= top:
        out.append(f"campaign.city.prosperity: {city.prosperity} is not on the track (0 to {top})")
    if city.donations < 0:
        out.append(f"campaign.city.donations: {city.donations} is below 0")
    if city.retirements < 0:
        out.append(f"campaign.city.retirements: {city.retirements} is below 0")
    for i, cls in enumerate(city.unlocked_classes):
        if cls not in known_classes:
            out.append(f"campaign.city.unlocked_classes[{i}]: unknown class {cls!r}")
    for item_id, n in city.loose_items.items():
        if n < 0:
            out.append(f"campaign.city.loose_items.{item_id}: {n} copies is below 0")
    for name, n in city.global_achievements.items():
        if n < 1:
            out.append(f"campaign.city.global_achievements.{name}: held {n} times")
    held = [p.pending_event.card for p in c.parties.values() if p.pending_event]
    seen: Counter[str] = Counter(held)
    for which, deck in (("road_deck", city.road_deck), ("city_deck", city.city_deck)):
        for pile in ("draw", "discard", "removed"):
            for i, card in enumerate(getattr(deck, pile)):
                seen[card] += 1
                if card not in known_events:
                    out.append(f"campaign.city.{which}.{pile}[{i}]: unknown event card {card!r}")
    out += [f"campaign.city: event card {k!r} is in {n} places" for k, n in seen.items() if n > 1]
    for i, q in enumerate(city.quest_deck):
        if q not in known_quests:
            out.append(f"campaign.city.quest_deck[{i}]: unknown personal quest {q!r}")

    for pid, p in c.parties.items():
        where = f"campaign.parties.{pid}"
        if p.id != pid:
            out.append(f"{where}.id: {p.id!r} differs from its key {pid!r}")
        if not r.reputation_min <= p.reputation <= r.reputation_max:
            out.append(
                f"{where}.reputation: {p.reputation} is outside {r.reputation_min} to "
                f"{r.reputation_max}"
            )
        if p.visit < 1:
            out.append(f"{where}.visit: {p.visit} is below 1")
        if len(p.members) > r.max_party_size:
            out.append(f"{where}.members: {len(p.members)} characters, at most {r.max_party_size}")
        if len(set(p.members)) != len(p.members):
            out.append(f"{where}.members: a character is listed twice")
        for i, m in enumerate(p.members):
            ch = c.characters.get(m)
            if ch is None:
                out.append(f"{where}.members[{i}]: no character {m!r}")
            elif ch.party != pid:
                out.append(f"{where}.members[{i}]: {m!r} belongs to party {ch.party!r}")
        for i, m in enumerate(p.donated):
            if m not in c.characters:
                out.append(f"{where}.donated[{i}]: no character {m!r}")
        if p.pending_event is not None and p.pending_event.card not in known_events:
            out.append(f"{where}.pending_event.card: unknown event card {p.pending_event.card!r}")
        if p.status == "traveling" and p.pending_event is None:
            out.append(f"{where}.status: traveling, but no road event is in hand")

    for cid, ch in c.characters.items():
        where = f"campaign.characters.{cid}"
        if ch.id != cid:
            out.append(f"{where}.id: {ch.id!r} differs from its key {cid!r}")
        sheet = known_classes.get(ch.class_id)
        if sheet is None:
            out.append(f"{where}.class_id: unknown class {ch.class_id!r}")
        if not 1 <= ch.level <= rules.MAX_LEVEL:
            out.append(f"{where}.level: {ch.level} is not 1 to {rules.MAX_LEVEL}")
        elif ch.xp < rules.xp_minimum(ch.level):
            out.append(
                f"{where}.xp: {ch.xp} is below the level {ch.level} minimum "
                f"{rules.xp_minimum(ch.level)}"
            )
        for field in ("gold", "checkmarks", "bonus_perks", "blesses_next_scenario"):
            if getattr(ch, field) < 0:
                out.append(f"{where}.{field}: {getattr(ch, field)} is below 0")
        if len(set(ch.items)) != len(ch.items):
            out.append(f"{where}.items: no character may own two copies of an item")
        for i, item in enumerate(ch.items):
            if item not in known_items and item not in city.item_designs:
                out.append(f"{where}.items[{i}]: unknown item {item!r}")
        if sheet is not None and len(ch.perks) > sheet.perk_boxes:
            out.append(f"{where}.perks: {len(ch.perks)} marked, the sheet has {sheet.perk_boxes}")
        if ch.retired and ch.party is not None:
            out.append(f"{where}.party: a retired character is in party {ch.party!r}")
        if ch.party is not None:
            home = c.parties.get(ch.party)
            if home is None:
                out.append(f"{where}.party: no party {ch.party!r}")
            elif cid not in home.members:
                out.append(f"{where}.party: not among the members of {ch.party!r}")
        if ch.personal_quest is not None and ch.personal_quest not in known_quests:
            out.append(f"{where}.personal_quest: unknown personal quest {ch.personal_quest!r}")
        for i, q in enumerate(ch.quest_offer):
            if q not in known_quests:
                out.append(f"{where}.quest_offer[{i}]: unknown personal quest {q!r}")
        for i, card in enumerate(ch.cards):
            if not 1 <= card.level <= rules.MAX_LEVEL:
                out.append(f"{where}.cards[{i}].level: {card.level} is not 1 to 9")

    held_quests = Counter(
        q
        for ch in c.characters.values()
        for q in [*ch.quest_offer, *([ch.personal_quest] if ch.personal_quest else [])]
    )
    held_quests.update(city.quest_deck)
    for q, n in held_quests.items():
        if n > 1:
            out.append(f"campaign.city.quest_deck: personal quest {q!r} is in {n} places")
    if not 0 <= c.rng_state < 2**64:
        out.append(f"campaign.rng_state: {c.rng_state} is not a 64-bit generator state")
    for player, n in c.player_retirements.items():
        if n < 0:
            out.append(f"campaign.player_retirements.{player}: {n} is below 0")
    return out


def _slug_or_none(name: str) -> str | None:
    try:
        return ops.slug(name)
    except ops.Refused:
        return None
