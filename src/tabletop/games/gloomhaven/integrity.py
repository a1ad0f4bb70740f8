"""What every campaign document satisfies when only the commands have changed it.

The commands keep these by construction (reputation within its track, gold never below 0, known
classes, party lists and character sheets that agree, ...). A document that comes from outside (an
import) is checked against the same list before it is stored, so ``show``, ``buy`` and the pages
can rely on it. Each problem names the field, as a path into the document.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable, Mapping

from . import rules
from .data import game_data
from .model import Campaign, Character, Party


def problems(c: Campaign) -> list[str]:
    """Every broken invariant of the document, each naming its field; empty when it is sound."""
    out: list[str] = []
    if c.id != _slug_or_none(c.name):
        out.append(f"campaign.id: {c.id!r} does not match the name {c.name!r}")
    out += _city(c)
    out += _decks(c)
    for pid, p in c.parties.items():
        out += _party(c, pid, p)
    for cid, ch in c.characters.items():
        out += _character(c, cid, ch)
    out += _quests_held_once(c)
    if not 0 <= c.rng_state < 2**64:
        out.append(f"campaign.rng_state: {c.rng_state} is not a 64-bit generator state")
    out += _counts("campaign.player_retirements", c.player_retirements, 0, "{n} is below 0")
    return out


def _counts(where: str, counts: Mapping[str, int], least: int, says: str) -> list[str]:
    """``where.KEY: says`` for each count under ``least`` (``says`` shows the count as ``{n}``)."""
    return [f"{where}.{key}: {says.format(n=n)}" for key, n in counts.items() if n < least]


def _unknown(where: str, refs: Iterable[str], known: Container[str], what: str) -> list[str]:
    """``where[i]: unknown WHAT 'ref'`` for each reference that is not among the known."""
    return [f"{where}[{i}]: unknown {what} {r!r}" for i, r in enumerate(refs) if r not in known]


def _city(c: Campaign) -> list[str]:
    out: list[str] = []
    city = c.city
    top = rules.prosperity_maximum()
    if not 0 <= city.prosperity <= top:
        out.append(f"campaign.city.prosperity: {city.prosperity} is not on the track (0 to {top})")
    if city.donations < 0:
        out.append(f"campaign.city.donations: {city.donations} is below 0")
    if city.retirements < 0:
        out.append(f"campaign.city.retirements: {city.retirements} is below 0")
    out += _unknown(
        "campaign.city.unlocked_classes", city.unlocked_classes, rules.classes(c), "class"
    )
    out += _counts("campaign.city.loose_items", city.loose_items, 0, "{n} copies is below 0")
    out += _counts(
        "campaign.city.global_achievements", city.global_achievements, 1, "held {n} times"
    )
    return out


def _decks(c: Campaign) -> list[str]:
    """Every event card known and in one place only (a deck's pile or a party's hand); every
    personal quest of the deck known."""
    out: list[str] = []
    known_events = rules.event_cards(c)
    held = [p.pending_event.card for p in c.parties.values() if p.pending_event]
    seen: Counter[str] = Counter(held)
    for which, deck in (("road_deck", c.city.road_deck), ("city_deck", c.city.city_deck)):
        for pile in ("draw", "discard", "removed"):
            for i, card in enumerate(getattr(deck, pile)):
                seen[card] += 1
                if card not in known_events:
                    out.append(f"campaign.city.{which}.{pile}[{i}]: unknown event card {card!r}")
    out += [f"campaign.city: event card {k!r} is in {n} places" for k, n in seen.items() if n > 1]
    out += _unknown(
        "campaign.city.quest_deck", c.city.quest_deck, rules.quests(c), "personal quest"
    )
    return out


def _party(c: Campaign, pid: str, p: Party) -> list[str]:
    out: list[str] = []
    r = game_data().rules
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
    if p.pending_event is not None and p.pending_event.card not in rules.event_cards(c):
        out.append(f"{where}.pending_event.card: unknown event card {p.pending_event.card!r}")
    if p.status == "traveling" and p.pending_event is None:
        out.append(f"{where}.status: traveling, but no road event is in hand")
    return out


def _sheet(c: Campaign, where: str, ch: Character) -> list[str]:
    """Class, level and experience, counters, items and perks of one character sheet."""
    out: list[str] = []
    sheet = rules.classes(c).get(ch.class_id)
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
    known_items = {*rules.items(c), *c.city.item_designs}
    out += _unknown(f"{where}.items", ch.items, known_items, "item")
    if sheet is not None and len(ch.perks) > sheet.perk_boxes:
        out.append(f"{where}.perks: {len(ch.perks)} marked, the sheet has {sheet.perk_boxes}")
    return out


def _character(c: Campaign, cid: str, ch: Character) -> list[str]:
    where = f"campaign.characters.{cid}"
    out: list[str] = []
    if ch.id != cid:
        out.append(f"{where}.id: {ch.id!r} differs from its key {cid!r}")
    out += _sheet(c, where, ch)
    if ch.retired and ch.party is not None:
        out.append(f"{where}.party: a retired character is in party {ch.party!r}")
    if ch.party is not None:
        home = c.parties.get(ch.party)
        if home is None:
            out.append(f"{where}.party: no party {ch.party!r}")
        elif cid not in home.members:
            out.append(f"{where}.party: not among the members of {ch.party!r}")
    known_quests = rules.quests(c)
    if ch.personal_quest is not None and ch.personal_quest not in known_quests:
        out.append(f"{where}.personal_quest: unknown personal quest {ch.personal_quest!r}")
    out += _unknown(f"{where}.quest_offer", ch.quest_offer, known_quests, "personal quest")
    for i, card in enumerate(ch.cards):
        if not 1 <= card.level <= rules.MAX_LEVEL:
            out.append(f"{where}.cards[{i}].level: {card.level} is not 1 to 9")
    return out


def _quests_held_once(c: Campaign) -> list[str]:
    held = Counter(
        q
        for ch in c.characters.values()
        for q in [*ch.quest_offer, *([ch.personal_quest] if ch.personal_quest else [])]
    )
    held.update(c.city.quest_deck)
    return [
        f"campaign.city.quest_deck: personal quest {q!r} is in {n} places"
        for q, n in held.items()
        if n > 1
    ]


def _slug_or_none(name: str) -> str | None:
    try:
        return rules.slug(name)
    except rules.Refused:
        return None
