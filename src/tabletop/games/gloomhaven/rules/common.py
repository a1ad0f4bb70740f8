"""What every section reads: the refusal, the campaign's content (the shipped data with the
owners' cards on top), finding characters, parties and items by what a player types, where a
party is, and the campaign's own random generator."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeVar

from tabletop.engine.errors import IllegalAction
from tabletop.engine.rng import Rng

from ..data import CharacterClass, EventCard, Item, PersonalQuest, Scenario, game_data
from ..model import Campaign, Character, Party


class Refused(IllegalAction):
    """A command the campaign refused; nothing was changed."""


def slug(name: str) -> str:
    """The id made from a name: lower case, runs of other characters as one hyphen."""
    s = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    if not s:
        raise Refused(f"name {name!r} needs at least one letter or digit")
    return s


def names(values: Iterable[str]) -> str:
    return ", ".join(values) or "none"


# --------------------------------------------------------------------------- content


def items(c: Campaign) -> dict[str, Item]:
    return {**game_data().items, **c.catalog.items}


def scenarios(c: Campaign) -> dict[str, Scenario]:
    return {**game_data().scenarios, **c.catalog.scenarios}


def event_cards(c: Campaign) -> dict[str, EventCard]:
    base = {} if c.catalog.replace_sample_events else dict(game_data().events)
    return {**base, **c.catalog.events}


def quests(c: Campaign) -> dict[str, PersonalQuest]:
    base = {} if c.catalog.replace_sample_quests else dict(game_data().personal_quests)
    return {**base, **c.catalog.personal_quests}


def classes(c: Campaign) -> dict[str, CharacterClass]:
    return {**game_data().classes, **c.catalog.classes}


def class_name(c: Campaign, class_id: str) -> str:
    cls = classes(c).get(class_id)
    return cls.name if cls else class_id


def quest_name(c: Campaign, quest_id: str) -> str:
    q = quests(c).get(quest_id)
    return q.name if q else quest_id


def item_label(c: Campaign, item_id: str) -> str:
    """``001 Boots of Striding``: the number and the name printed on the card."""
    item = items(c).get(item_id)
    return f"{item_id} {item.name}" if item else f"item {item_id}"


def scenario_label(c: Campaign, scenario_id: str) -> str:
    s = scenarios(c).get(scenario_id)
    return f"#{scenario_id} {s.name}" if s else f"#{scenario_id}"


def find_item(c: Campaign, ref: str) -> str:
    """An item by its number (``1``, ``001``) or its name in any case."""
    key = ref.strip()
    if key.isdigit():
        return key.zfill(3)
    for item_id, item in items(c).items():
        if item.name.lower() == key.lower():
            return item_id
    raise Refused(f"unknown item {ref!r}: give its number or its name as printed on the card")


# --------------------------------------------------------------------------- characters, parties

Named = TypeVar("Named", Character, Party)


def _by_id_or_name(c: Campaign, table: dict[str, Named], ref: str, what: str) -> Named:
    key = ref.strip().lower()
    if key in table:
        return table[key]
    for entry in table.values():
        if entry.name.lower() == key:
            return entry
    known = ", ".join(sorted(entry.name for entry in table.values())) or "none yet"
    raise Refused(f"no {what} {ref!r} in campaign {c.name!r} (known: {known})")


def character(c: Campaign, ref: str) -> Character:
    return _by_id_or_name(c, c.characters, ref, "character")


def party(c: Campaign, ref: str) -> Party:
    return _by_id_or_name(c, c.parties, ref, "party")


def party_of(c: Campaign, ch: Character) -> Party:
    if ch.retired:
        raise Refused(f"{ch.name} has retired")
    if ch.party is None:
        raise Refused(f"{ch.name} is not in a party")
    return c.parties[ch.party]


def members(c: Campaign, p: Party) -> list[Character]:
    return [c.characters[m] for m in p.members]


def describe_location(p: Party) -> str:
    if p.status == "town":
        return "in Gloomhaven"
    if p.status == "traveling":
        return f"on the road to scenario {p.destination}"
    if p.status == "scenario":
        return f"at scenario {p.location}"
    return f"just finished scenario {p.location}"


def town_refusal(c: Campaign, ch: Character, activity: str) -> str | None:
    """Why ``activity`` cannot happen for ``ch`` now: town activities need the character's party
    in Gloomhaven (Visiting Gloomhaven)."""
    try:
        p = party_of(c, ch)
    except Refused as exc:
        return str(exc)
    if p.status != "town":
        return (
            f"{activity} only happens in Gloomhaven; {ch.name}'s party {p.name!r} is "
            f"{describe_location(p)}"
        )
    return None


def require_town(c: Campaign, ch: Character, activity: str) -> Party:
    refusal = town_refusal(c, ch, activity)
    if refusal is not None:
        raise Refused(refusal)
    return party_of(c, ch)


# --------------------------------------------------------------------------- randomness


def _rng(c: Campaign) -> Rng:
    """The campaign's generator, at the state the document keeps (every shuffle and draw)."""
    return Rng(c.rng_state)


def _keep_rng(c: Campaign, rng: Rng) -> None:
    c.rng_state = rng.state
