"""The owners' own cards, entered on top of the shipped sample: event cards (the decks take them
in, or are rebuilt without the sample), personal quests, items, classes (a class whose box is open
unlocks at once) and Scenario Book entries."""

from __future__ import annotations

from ..data import CharacterClass, EventCard, Item, PersonalQuest, Scenario, game_data
from ..model import Campaign
from .common import Refused, _keep_rng, _rng, names, quests
from .decks import add_events, card_for, rebuild_decks
from .envelopes import unlock_class


def load_events(c: Campaign, cards: dict[str, EventCard], replace_sample: bool) -> list[str]:
    """Owners' real event cards; with ``replace_sample`` the sample deck leaves the campaign."""
    held = [p.name for p in c.parties.values() if p.pending_event is not None]
    if replace_sample and held:
        raise Refused(f"resolve the event in hand first (party {', '.join(held)})")
    rng = _rng(c)
    c.catalog.events.update(cards)
    out = [f"{len(cards)} event card(s) entered"]
    if replace_sample:
        c.catalog.replace_sample_events = True
        out += rebuild_decks(c, rng)
    else:
        for ref in list(c.city.waiting_events):
            if card_for(c, ref.deck, ref.number) is not None:
                c.city.waiting_events.remove(ref)
                out += add_events(c, ref.deck, ref.number, rng)
    _keep_rng(c, rng)
    return out


def load_items(c: Campaign, new: dict[str, Item]) -> list[str]:
    c.catalog.items.update(new)
    return [f"{len(new)} item card(s) entered: {names(sorted(new))}"]


def load_classes(c: Campaign, new: dict[str, CharacterClass]) -> list[str]:
    clash = [k for k in new if k in game_data().classes]
    if clash:
        raise Refused(f"classes {names(clash)} are shipped already")
    c.catalog.classes.update(new)
    out = [f"{len(new)} class(es) entered: {names(sorted(new))}"]
    rng = _rng(c)
    for cls in new.values():
        if cls.unlocked_by in c.city.envelopes and cls.id not in c.city.unlocked_classes:
            out += unlock_class(c, cls.id, rng)
    _keep_rng(c, rng)
    return out


def load_scenarios(c: Campaign, new: dict[str, Scenario]) -> list[str]:
    c.catalog.scenarios.update(new)
    return [f"{len(new)} scenario entr(y/ies) entered: {names(sorted(new))}"]


def load_quests(c: Campaign, new: dict[str, PersonalQuest], replace_sample: bool) -> list[str]:
    """Owners' personal quests; the deck is dealt again from every quest not held or removed."""
    rng = _rng(c)
    c.catalog.personal_quests.update(new)
    if replace_sample:
        c.catalog.replace_sample_quests = True
    in_use = {ch.personal_quest for ch in c.characters.values()}
    in_use |= {q for ch in c.characters.values() for q in ch.quest_offer}
    deck = [q for q in sorted(quests(c)) if q not in in_use and q not in c.city.removed_quests]
    rng.shuffle(deck)
    c.city.quest_deck = deck
    _keep_rng(c, rng)
    return [f"{len(new)} personal quest(s) entered; the deck now holds {len(deck)}"]
