"""Every campaign rule as an operation on a :class:`~.model.Campaign` document.

Operations check everything first and raise :class:`Refused` (an ``IllegalAction``) naming what
was wrong; the service runs each one on a copy, so a refusal never changes the stored campaign.
Each operation returns a list of human-readable lines saying what happened.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeVar

from tabletop.engine.errors import IllegalAction
from tabletop.engine.rng import Rng

from . import rules
from .data import (
    CharacterClass,
    EventCard,
    Item,
    Outcome,
    PersonalQuest,
    Scenario,
    ScenarioRewards,
    game_data,
)
from .model import (
    GLOOMHAVEN,
    Campaign,
    CardRef,
    Character,
    City,
    DeckState,
    Enhancement,
    EventNumber,
    Party,
    PendingEvent,
    ScenarioRecord,
)


class Refused(IllegalAction):
    """A command the campaign refused; nothing was changed."""


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    if not s:
        raise Refused(f"name {name!r} needs at least one letter or digit")
    return s


# --------------------------------------------------------------------------- content


def items(c: Campaign) -> dict[str, Item]:
    return {**game_data().items, **c.catalog.items}


def scenarios(c: Campaign) -> dict[str, Scenario]:
    return {**game_data().scenarios, **c.catalog.scenarios}


def events(c: Campaign) -> dict[str, EventCard]:
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
    for iid, item in items(c).items():
        if item.name.lower() == key.lower():
            return iid
    raise Refused(f"unknown item {ref!r}: give its number or its name as printed on the card")


# --------------------------------------------------------------------------- look-ups


T = TypeVar("T", Character, Party)


def _by_id_or_name(c: Campaign, table: dict[str, T], ref: str, what: str) -> T:
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


def require_town(c: Campaign, ch: Character, activity: str) -> Party:
    p = party_of(c, ch)
    if p.status != "town":
        raise Refused(
            f"{activity} only happens in Gloomhaven; {ch.name}'s party {p.name!r} is "
            f"{describe_location(p)}"
        )
    return p


def describe_location(p: Party) -> str:
    if p.status == "town":
        return "in Gloomhaven"
    if p.status == "traveling":
        return f"on the road to scenario {p.destination}"
    if p.status == "scenario":
        return f"at scenario {p.location}"
    return f"just finished scenario {p.location}"


def _rng(c: Campaign) -> Rng:
    return Rng(c.rng_state)


def _keep_rng(c: Campaign, rng: Rng) -> None:
    c.rng_state = rng.state


# --------------------------------------------------------------------------- derived values


def prosperity_level(c: Campaign) -> int:
    return rules.prosperity_level(c.city.prosperity)


def levelups_due(ch: Character) -> int:
    return max(0, rules.level_for_xp(ch.xp) - ch.level)


def checkmark_perks(ch: Character) -> int:
    r = game_data().rules
    return min(ch.checkmarks // r.checkmarks_per_perk, r.max_checkmark_perks)


def perks_earned(ch: Character) -> int:
    return ch.bonus_perks + (ch.level - 1) + checkmark_perks(ch)


def perks_unmarked(ch: Character) -> int:
    return perks_earned(ch) - len(ch.perks)


def max_hp(c: Campaign, ch: Character) -> int:
    return classes(c)[ch.class_id].hp[ch.level - 1]


def hand_size(c: Campaign, ch: Character) -> int:
    return classes(c)[ch.class_id].hand_size


def supply_copies(c: Campaign, item_id: str) -> int:
    """Copies of an item that belong to the city's supply (owned or not)."""
    item = items(c).get(item_id)
    if item is None:
        return 0
    if item_id in c.city.item_designs:
        return item.copies
    return min(item.copies, c.city.loose_items.get(item_id, 0))


def available_to(c: Campaign, p: Party, item_id: str) -> int:
    """Copies a member of this party can still buy: the supply less what the party's members own
    (characters of other parties do not hold copies back, rulebook p. 43)."""
    owned = sum(1 for ch in members(c, p) if item_id in ch.items)
    return max(0, supply_copies(c, item_id) - owned)


def shop(c: Campaign, p: Party) -> list[dict[str, object]]:
    """The party's view of the shop: every item in the city's supply with its price."""
    known = items(c)
    ids = sorted(set(c.city.item_designs) | {k for k, v in c.city.loose_items.items() if v > 0})
    rows: list[dict[str, object]] = []
    for item_id in ids:
        item = known.get(item_id)
        if item is None:
            rows.append(
                {
                    "id": item_id,
                    "name": None,
                    "cost": None,
                    "price": None,
                    "available": 0,
                    "copies": None,
                    "note": "card not entered",
                }
            )
            continue
        rows.append(
            {
                "id": item_id,
                "name": item.name,
                "cost": item.cost,
                "price": rules.buy_price(item.cost, p.reputation),
                "sell": rules.sell_price(item.cost),
                "available": available_to(c, p, item_id),
                "copies": supply_copies(c, item_id),
                "slot": item.slot,
                "note": "",
            }
        )
    return rows


def enhanced_cards(c: Campaign, class_id: str) -> set[str]:
    return {e.card.lower() for e in c.city.enhancements.get(class_id, [])}


def previous_on_action(c: Campaign, class_id: str, card: str, action: str) -> int:
    return sum(
        1
        for e in c.city.enhancements.get(class_id, [])
        if e.card.lower() == card.lower() and e.action == action
    )


# --------------------------------------------------------------------------- decks


def _deck(c: Campaign, which: str) -> DeckState:
    return c.city.road_deck if which == "road" else c.city.city_deck


def _card_for(c: Campaign, deck: str, number: int) -> str | None:
    for card in events(c).values():
        if card.deck == deck and card.number == number:
            return card.id
    return None


def _in_deck(state: DeckState, card: str) -> bool:
    return card in state.draw or card in state.discard or card in state.removed


def add_events(c: Campaign, deck: str, number: int, rng: Rng) -> list[str]:
    """Add event ``number`` to the road and/or city deck and shuffle that deck."""
    out: list[str] = []
    for which in ("road", "city") if deck == "both" else (deck,):
        ref = EventNumber(deck=which, number=number)
        if ref not in c.city.added_events:
            c.city.added_events.append(ref)
        card = _card_for(c, which, number)
        state = _deck(c, which)
        if card is None:
            if ref not in c.city.waiting_events:
                c.city.waiting_events.append(ref)
            out.append(f"{which} event {number} is not entered yet; it joins the deck when loaded")
            continue
        if _in_deck(state, card):
            continue
        state.draw.append(card)
        rng.shuffle(state.draw)
        out.append(f"{which} event {number} shuffled into the {which} deck")
    return out


def rebuild_decks(c: Campaign, rng: Rng) -> list[str]:
    """Rebuild both decks from the catalog: initial cards plus every added number, less removed
    cards, shuffled (after owners load their real cards)."""
    out: list[str] = []
    for which in ("road", "city"):
        old = _deck(c, which)
        # numbers removed from the game stay removed (cards no longer in the catalog are gone)
        removed_numbers = {events(c)[cid].number for cid in old.removed if cid in events(c)}
        wanted = {e.number for e in events(c).values() if e.deck == which and e.initial}
        wanted |= {r.number for r in c.city.added_events if r.deck == which}
        new = DeckState()
        for card in events(c).values():
            if card.deck != which or card.number not in wanted:
                continue
            if card.number in removed_numbers:
                new.removed.append(card.id)
            else:
                new.draw.append(card.id)
        new.draw.sort()
        rng.shuffle(new.draw)
        if which == "road":
            c.city.road_deck = new
        else:
            c.city.city_deck = new
        out.append(f"{which} deck rebuilt: {len(new.draw)} cards")
    c.city.waiting_events = [
        r for r in c.city.added_events if _card_for(c, r.deck, r.number) is None
    ]
    return out


# --------------------------------------------------------------------------- campaign setup


def new_campaign(name: str, seed: int) -> Campaign:
    data = game_data()
    rng = Rng(seed)
    c = Campaign(id=slug(name), name=name, seed=seed, rng_state=rng.state)
    c.city = City(
        item_designs=data.prosperity_unlocks[1].item_ids(),
        unlocked_classes=[k for k, v in data.classes.items() if v.starting],
        unlocked_scenarios=list(data.rules.starting_scenarios),
    )
    rebuild_decks(c, rng)
    deck = sorted(quests(c))
    rng.shuffle(deck)
    c.city.quest_deck = deck
    _keep_rng(c, rng)
    return c


def create_party(c: Campaign, name: str) -> list[str]:
    pid = slug(name)
    if pid in c.parties:
        raise Refused(f"a party {name!r} already exists")
    c.parties[pid] = Party(id=pid, name=name)
    return [f"party {name!r} formed in Gloomhaven with reputation 0"]


def create_character(
    c: Campaign,
    party_ref: str,
    name: str,
    player: str,
    class_id: str,
    level: int = 1,
    quest: str | None = None,
) -> list[str]:
    """Rulebook 'Creating New Characters'. With ``quest`` the two personal quests were drawn at
    the table and this one kept: it leaves the deck, which is shuffled (ruling T12)."""
    data = game_data()
    p = party(c, party_ref)
    if p.status != "town":
        raise Refused(
            f"new characters are created in Gloomhaven; party {p.name!r} is {describe_location(p)}"
        )
    cls = class_id.strip().lower()
    known_classes = classes(c)
    if cls not in known_classes:
        raise Refused(f"unknown class {class_id!r}; one of {', '.join(known_classes)}")
    if cls not in c.city.unlocked_classes:
        raise Refused(f"class {class_name(c, cls)} is not unlocked yet")
    if len(p.members) >= data.rules.max_party_size:
        raise Refused(f"party {p.name!r} already has {data.rules.max_party_size} characters")
    plevel = prosperity_level(c)
    if not 1 <= level <= plevel:
        raise Refused(
            f"a new character starts at a level from 1 to the prosperity level {plevel}, "
            f"not {level}"
        )
    cid = slug(name)
    if cid in c.characters:
        raise Refused(f"a character named {name!r} already exists in this campaign")
    if not player.strip():
        raise Refused("a character needs a player name")
    kept = None if quest is None else _quest_in_deck(c, quest)
    rng = _rng(c)
    if kept is not None:
        c.city.quest_deck.remove(kept)
        rng.shuffle(c.city.quest_deck)
        offer: list[str] = []
    else:
        offer = [c.city.quest_deck.pop() for _ in range(min(2, len(c.city.quest_deck)))]
    _keep_rng(c, rng)
    ch = Character(
        id=cid,
        name=name,
        player=player.strip(),
        class_id=cls,
        party=p.id,
        xp=rules.xp_minimum(level),
        gold=15 * (level + 1),
        bonus_perks=c.player_retirements.get(player.strip(), 0),
        quest_offer=offer,
        personal_quest=kept,
        created_level=level,
    )
    c.characters[cid] = ch
    p.members.append(cid)
    out = [
        f"{name} the {class_name(c, cls)} ({player}) joins {p.name!r}: {ch.gold} gold, {ch.xp} XP",
    ]
    if level > 1:
        out.append(f"{name} levels up {level - 1} time(s) in town, one level at a time")
    if ch.bonus_perks:
        out.append(f"{ch.bonus_perks} extra perk(s) from {player}'s earlier retirements")
    if kept is not None:
        out.append(f"{name} keeps personal quest {quest_name(c, kept)!r}; the deck is shuffled")
    elif offer:
        drawn = " and ".join(repr(quest_name(c, q)) for q in offer)
        out.append(f"personal quests drawn: {drawn}; {name} keeps one of them")
    else:
        out.append("no personal quest cards left: this character can never retire")
    return out


def _quest_ref(c: Campaign, ref: str, among: list[str]) -> str | None:
    """A personal quest among ``among``, by its id or its name in any case."""
    key = ref.strip().lower()
    for q in among:
        if q.lower() == key or quest_name(c, q).lower() == key:
            return q
    return None


def _quest_in_deck(c: Campaign, ref: str) -> str:
    found = _quest_ref(c, ref, c.city.quest_deck)
    if found is None:
        known = quests(c)
        if _quest_ref(c, ref, list(known)) is not None:
            raise Refused(f"personal quest {ref!r} is not in the deck (kept or removed)")
        raise Refused(f"unknown personal quest {ref!r}")
    return found


def keep_quest(c: Campaign, char_ref: str, quest_ref: str) -> list[str]:
    ch = character(c, char_ref)
    if not ch.quest_offer:
        raise Refused(f"{ch.name} has no personal quests to choose from")
    found = _quest_ref(c, quest_ref, ch.quest_offer)
    if found is None:
        drawn = " or ".join(f"{quest_name(c, q)!r} ({q})" for q in ch.quest_offer)
        raise Refused(f"{quest_ref!r} was not drawn; choose {drawn}")
    quest_id = found
    rng = _rng(c)
    back = [q for q in ch.quest_offer if q != quest_id]
    c.city.quest_deck.extend(back)
    rng.shuffle(c.city.quest_deck)
    _keep_rng(c, rng)
    ch.personal_quest = quest_id
    ch.quest_offer = []
    return [
        f"{ch.name} keeps personal quest {quest_name(c, quest_id)!r}; {len(back)} shuffled back"
    ]


def join_party(c: Campaign, char_ref: str, party_ref: str) -> list[str]:
    ch = character(c, char_ref)
    p = party(c, party_ref)
    if ch.retired:
        raise Refused(f"{ch.name} has retired")
    if ch.party == p.id:
        raise Refused(f"{ch.name} is already in {p.name!r}")
    if p.status != "town":
        raise Refused(
            f"characters join a party in Gloomhaven; {p.name!r} is {describe_location(p)}"
        )
    if ch.party is not None and c.parties[ch.party].status != "town":
        raise Refused(f"{ch.name}'s current party is not in Gloomhaven")
    if len(p.members) >= game_data().rules.max_party_size:
        raise Refused(f"party {p.name!r} is full")
    if ch.party is not None:
        c.parties[ch.party].members.remove(ch.id)
    ch.party = p.id
    p.members.append(ch.id)
    return [f"{ch.name} joins {p.name!r}"]


def leave_party(c: Campaign, char_ref: str) -> list[str]:
    ch = character(c, char_ref)
    p = require_town(c, ch, "leaving a party")
    p.members.remove(ch.id)
    ch.party = None
    return [f"{ch.name} leaves {p.name!r}"]


# --------------------------------------------------------------------------- gains and losses


def _floor_gold(ch: Character) -> int:
    return 0


def _floor_xp(ch: Character) -> int:
    return rules.xp_minimum(ch.level)


def _floor_checkmarks(ch: Character) -> int:
    """Never lose a checkmark that would cost a perk."""
    r = game_data().rules
    return checkmark_perks(ch) * r.checkmarks_per_perk


FLOORS: dict[str, Callable[[Character], int]] = {
    "gold": _floor_gold,
    "xp": _floor_xp,
    "checkmarks": _floor_checkmarks,
}


def change(ch: Character, what: str, amount: int) -> int:
    """Gain ``amount`` (or lose what can be lost); the actual change."""
    current = int(getattr(ch, what))
    new = current + amount if amount >= 0 else max(current + amount, min(current, FLOORS[what](ch)))
    setattr(ch, what, new)
    return new - current


def _can_lose(ch: Character, what: str) -> int:
    return max(0, int(getattr(ch, what)) - FLOORS[what](ch))


def distribute(chars: list[Character], what: str, amount: int) -> dict[str, int]:
    """A collective amount shared among the party (ruling R4): gains split evenly, the remainder
    one each to members in party order; losses likewise, and what a member cannot lose is taken
    from the others in party order."""
    result = {ch.id: 0 for ch in chars}
    if not chars or amount == 0:
        return result
    n = len(chars)
    if amount > 0:
        share, rest = divmod(amount, n)
        for i, ch in enumerate(chars):
            result[ch.id] = change(ch, what, share + (1 if i < rest else 0))
        return result
    loss = -amount
    share, rest = divmod(loss, n)
    owed = 0
    for i, ch in enumerate(chars):
        want = share + (1 if i < rest else 0)
        got = min(want, _can_lose(ch, what))
        result[ch.id] = change(ch, what, -got)
        owed += want - got
    for ch in chars:
        if owed <= 0:
            break
        got = min(owed, _can_lose(ch, what))
        result[ch.id] += change(ch, what, -got)
        owed -= got
    return result


def _fmt(results: dict[str, int], c: Campaign, what: str) -> str:
    parts = [f"{c.characters[k].name} {v:+d}" for k, v in results.items()]
    return f"{what}: " + ", ".join(parts) if parts else f"{what}: nobody in the party"


def change_prosperity(c: Campaign, delta: int, rng: Rng) -> list[str]:
    """Move the prosperity track; never below the current level's minimum (rulebook p. 41)."""
    old_level = prosperity_level(c)
    old = c.city.prosperity
    if delta >= 0:
        c.city.prosperity = min(old + delta, rules.prosperity_maximum())
    else:
        c.city.prosperity = max(old + delta, rules.prosperity_minimum(old_level))
    out = [f"prosperity {old} -> {c.city.prosperity}"]
    new_level = prosperity_level(c)
    for level in range(old_level + 1, new_level + 1):
        unlock = game_data().prosperity_unlocks[level]
        for item_id in unlock.item_ids():
            if item_id not in c.city.item_designs:
                c.city.item_designs.append(item_id)
        out.append(
            f"prosperity level {level}: items {unlock.first:03d}-{unlock.last:03d} enter the "
            f"supply; characters below level {level} may rise to that level"
        )
    return out


def change_reputation(p: Party, delta: int) -> list[str]:
    r = game_data().rules
    old = p.reputation
    p.reputation = max(r.reputation_min, min(r.reputation_max, old + delta))
    return [f"{p.name!r} reputation {old} -> {p.reputation}"]


def add_item_design(c: Campaign, item_id: str) -> list[str]:
    if item_id in c.city.item_designs:
        return [f"item design {item_id} was already in the supply"]
    c.city.item_designs.append(item_id)
    note = "" if item_id in items(c) else " (its card is not entered yet)"
    return [f"item design {item_label(c, item_id)}: every copy enters the city's supply{note}"]


def random_item_design(c: Campaign, rng: Rng) -> list[str]:
    pool = [i for i in game_data().rules.random_item_designs if i not in c.city.item_designs]
    if not pool:
        return ["no random item designs are left"]
    return ["random item design drawn:", *add_item_design(c, rng.choice(pool))]


def random_side_scenario(c: Campaign, rng: Rng) -> list[str]:
    pool = [
        s for s in game_data().rules.random_side_scenarios if s not in c.city.unlocked_scenarios
    ]
    if not pool:
        return ["no random side scenarios are left"]
    pick = rng.choice(pool)
    c.city.unlocked_scenarios.append(pick)
    return [f"random side scenario {pick} unlocked"]


def give_item(c: Campaign, p: Party, item_id: str, recipient: str | None) -> list[str]:
    """One copy of an item to one present character (rulebook p. 49)."""
    chars = members(c, p)
    if recipient is not None:
        ch = character(c, recipient)
        if ch.id not in p.members:
            raise Refused(f"{ch.name} is not in party {p.name!r}")
        targets = [ch]
    else:
        targets = chars
    for ch in targets:
        if item_id not in ch.items:
            ch.items.append(item_id)
            return [f"{ch.name} gains {item_label(c, item_id)}"]
    return [f"{item_label(c, item_id)}: no present character can take another copy"]


def unlock_scenario(c: Campaign, scenario_id: str) -> list[str]:
    if scenario_id in c.city.unlocked_scenarios:
        return [f"scenario {scenario_id} was already unlocked"]
    c.city.unlocked_scenarios.append(scenario_id)
    s = scenarios(c).get(scenario_id)
    name = f" {s.name}" if s else ""
    links = (
        f" (linked: {', '.join(s.linked) or 'none'}; Gloomhaven: "
        f"{'yes' if s.linked_to_gloomhaven else 'no'})"
        if s
        else ""
    )
    return [f"scenario {scenario_id}{name} unlocked{links}"]


def open_envelope(c: Campaign, label: str, rng: Rng) -> list[str]:
    """Open a box or envelope; if it was opened before, a random item design and a random side
    scenario instead (rulebook p. 48)."""
    if label in c.city.envelopes:
        return [
            f"{label} was already opened, so instead:",
            *random_item_design(c, rng),
            *random_side_scenario(c, rng),
        ]
    c.city.envelopes.append(label)
    out = [f"open {label}"]
    for cls in classes(c).values():
        if cls.unlocked_by == label and cls.id not in c.city.unlocked_classes:
            out += unlock_class(c, cls.id, rng)
    return out


def unlock_class(c: Campaign, class_id: str, rng: Rng) -> list[str]:
    """A new class: playable from now on, and its unlock events join both decks (p. 48)."""
    cls = classes(c).get(class_id)
    if cls is None:
        raise Refused(f"unknown class {class_id!r}: enter its class sheet first")
    if class_id in c.city.unlocked_classes:
        raise Refused(f"class {cls.name} is already unlocked")
    c.city.unlocked_classes.append(class_id)
    out = [f"class {cls.name} unlocked"]
    if cls.unlock_event is not None:
        out += add_events(c, "both", cls.unlock_event, rng)
    return out


def unlock_class_command(c: Campaign, class_id: str) -> list[str]:
    rng = _rng(c)
    out = unlock_class(c, class_id.strip().lower(), rng)
    _keep_rng(c, rng)
    return out


def check_triggers(c: Campaign, rng: Rng) -> list[str]:
    """Special conditions for opening envelopes (rulebook p. 49); each fires once."""
    out: list[str] = []
    for t in game_data().rules.triggers:
        if t.id in c.city.triggers_fired:
            continue
        if t.when == "reputation_at_least":
            hit = any(p.reputation >= t.value for p in c.parties.values())
        elif t.when == "reputation_at_most":
            hit = any(p.reputation <= t.value for p in c.parties.values())
        elif t.when == "donations_at_least":
            hit = c.city.donations >= t.value
        elif t.when == "global_achievement_count":
            hit = c.city.global_achievements.get(t.achievement or "", 0) >= t.value
        elif t.when == "party_achievements_all":
            hit = any(all(a in p.achievements for a in t.achievements) for p in c.parties.values())
        else:
            hit = c.city.retirements >= t.value
        if not hit:
            continue
        c.city.triggers_fired.append(t.id)
        out.append(f"special condition {t.id!r} met:")
        if t.open:
            out += open_envelope(c, t.open, rng)
        for ref in t.add_events:
            out += add_events(c, ref.deck, ref.number, rng)
        if t.global_achievement:
            c.city.global_achievements[t.global_achievement] = (
                c.city.global_achievements.get(t.global_achievement, 0) + 1
            )
            out.append(f"global achievement {t.global_achievement!r}")
    return out


# --------------------------------------------------------------------------- town activities


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


def level_up(c: Campaign, char_ref: str, card: str, card_level: int | None, perk: str) -> list[str]:
    """Rulebook 'Leveling Up': one card of level <= the new level, one perk, more HP."""
    ch = character(c, char_ref)
    require_town(c, ch, "leveling up")
    if levelups_due(ch) <= 0:
        need = rules.xp_minimum(ch.level + 1) if ch.level < rules.MAX_LEVEL else None
        why = f"needs {need} XP, has {ch.xp}" if need is not None else "is at the top level"
        raise Refused(f"{ch.name} cannot level up: {why}")
    new_level = ch.level + 1
    if card_level is not None and not 1 <= card_level <= new_level:
        raise Refused(f"the new card must be of level 1 to {new_level}, not {card_level}")
    card, card_level = class_card(c, ch, card, card_level)
    if not 1 <= card_level <= new_level:
        raise Refused(f"the new card must be of level 1 to {new_level}; {card} is {card_level}")
    if classes(c)[ch.class_id].cards and card_level == 1:
        raise Refused(f"{card} is a starting card, always in {ch.name}'s pool: add a new one")
    if any(x.name.lower() == card.strip().lower() for x in ch.cards):
        raise Refused(f"{card!r} is already in {ch.name}'s card pool")
    _check_perk(c, ch, perk, extra=1)
    old_hp = max_hp(c, ch)
    ch.level = new_level
    ch.cards.append(CardRef(name=card.strip(), level=card_level))
    ch.perks.append(perk.strip())
    return [
        f"{ch.name} reaches level {new_level}: card {card!r} (level {card_level}) added, "
        f"perk {perk!r} marked, HP {old_hp} -> {max_hp(c, ch)}"
    ]


def _check_perk(c: Campaign, ch: Character, perk: str, extra: int = 0) -> None:
    if not perk.strip():
        raise Refused("name the perk box marked")
    boxes = classes(c)[ch.class_id].perk_boxes
    if len(ch.perks) + 1 > boxes:
        raise Refused(
            f"{ch.name} has no perk boxes left ({boxes} on the {class_name(c, ch.class_id)} sheet)"
        )
    if extra == 0 and perks_unmarked(ch) <= 0:
        raise Refused(f"{ch.name} has no unmarked perk (earned {perks_earned(ch)})")


def mark_perk(c: Campaign, char_ref: str, perk: str) -> list[str]:
    """Mark a perk earned by checkmarks or by the player's earlier retirements."""
    ch = character(c, char_ref)
    if ch.retired:
        raise Refused(f"{ch.name} has retired")
    _check_perk(c, ch, perk)
    ch.perks.append(perk.strip())
    return [f"{ch.name} marks perk {perk!r} ({perks_unmarked(ch)} unmarked left)"]


def rise_to_prosperity(c: Campaign, char_ref: str) -> list[str]:
    """Rulebook 'Gloomhaven Prosperity': a character below the prosperity level may rise to it."""
    ch = character(c, char_ref)
    require_town(c, ch, "rising to the prosperity level")
    plevel = prosperity_level(c)
    target = max(ch.level + levelups_due(ch), ch.level)
    if target >= plevel:
        raise Refused(f"{ch.name} is not below the prosperity level {plevel}")
    old = ch.xp
    ch.xp = rules.xp_minimum(plevel)
    return [f"{ch.name} XP {old} -> {ch.xp}: {levelups_due(ch)} level-up(s) due"]


def buy(c: Campaign, char_ref: str, item_id: str) -> list[str]:
    """Rulebook 'Buying And Selling Items'."""
    ch = character(c, char_ref)
    p = require_town(c, ch, "buying items")
    item_id = find_item(c, item_id)
    known = items(c)
    in_supply = item_id in c.city.item_designs or c.city.loose_items.get(item_id, 0) > 0
    if item_id not in known:
        if in_supply:
            raise Refused(f"item {item_id} is in the supply but its card is not entered yet")
        raise Refused(f"unknown item {item_id!r}")
    item = known[item_id]
    if not in_supply:
        raise Refused(f"item {item_id} {item.name} is not in the city's supply yet")
    if item_id in ch.items:
        raise Refused(f"{ch.name} already owns {item.name}: no character may own duplicates")
    if available_to(c, p, item_id) <= 0:
        raise Refused(f"no copy of {item.name} is left in the supply for party {p.name!r}")
    price = rules.buy_price(item.cost, p.reputation)
    if ch.gold < price:
        raise Refused(f"{ch.name} has {ch.gold} gold; {item.name} costs {price}")
    ch.gold -= price
    ch.items.append(item_id)
    return [f"{ch.name} buys {item_id} {item.name} for {price} gold ({ch.gold} left)"]


def _return_to_supply(c: Campaign, item_id: str) -> None:
    if item_id not in c.city.item_designs:
        c.city.loose_items[item_id] = c.city.loose_items.get(item_id, 0) + 1


def sell(c: Campaign, char_ref: str, item_id: str) -> list[str]:
    ch = character(c, char_ref)
    require_town(c, ch, "selling items")
    item_id = find_item(c, item_id)
    if item_id not in ch.items:
        raise Refused(f"{ch.name} does not own item {item_id}")
    item = items(c).get(item_id)
    if item is None:
        raise Refused(f"item {item_id}'s card is not entered yet, so its price is unknown")
    gain = rules.sell_price(item.cost)
    ch.items.remove(item_id)
    ch.gold += gain
    _return_to_supply(c, item_id)
    return [f"{ch.name} sells {item.name} for {gain} gold; it goes back to the supply"]


def donate(c: Campaign, char_ref: str) -> list[str]:
    """Rulebook 'Donating To The Sanctuary': 10 gold once per visit, 2 bless next scenario."""
    r = game_data().rules
    ch = character(c, char_ref)
    p = require_town(c, ch, "donating to the sanctuary")
    if ch.id in p.donated:
        raise Refused(f"{ch.name} already donated during this visit to Gloomhaven")
    if ch.gold < r.sanctuary_donation:
        raise Refused(f"{ch.name} has {ch.gold} gold; a donation is {r.sanctuary_donation}")
    ch.gold -= r.sanctuary_donation
    ch.blesses_next_scenario = r.sanctuary_blesses
    c.city.donations += r.sanctuary_donation
    p.donated.append(ch.id)
    rng = _rng(c)
    out = [
        f"{ch.name} donates {r.sanctuary_donation} gold: {r.sanctuary_blesses} BLESS next "
        f"scenario (city total {c.city.donations})"
    ]
    out += check_triggers(c, rng)
    _keep_rng(c, rng)
    return out


def enhance(
    c: Campaign,
    char_ref: str,
    card: str,
    card_level: int | None,
    action: str,
    sticker: str,
    *,
    multi_target: bool = False,
    hexes: int | None = None,
) -> list[str]:
    """Rulebook 'Enhancing Ability Cards'."""
    r = game_data().rules
    ch = character(c, char_ref)
    require_town(c, ch, "enhancing ability cards")
    if c.city.global_achievements.get(r.enhancement_achievement, 0) <= 0:
        raise Refused(f"enhancing needs the global achievement {r.enhancement_achievement!r}")
    if action not in ("top", "bottom"):
        raise Refused(f"action must be top or bottom, not {action!r}")
    card, card_level = class_card(c, ch, card, card_level)
    if card_level > 1 and not any(
        x.name.lower() == card.lower() and x.level == card_level for x in ch.cards
    ):
        raise Refused(f"{card!r} (level {card_level}) is not in {ch.name}'s active card pool")
    if card_level > ch.level:
        raise Refused(f"{ch.name} (level {ch.level}) has no level {card_level} cards")
    previous = previous_on_action(c, ch.class_id, card, action)
    cost = rules.enhancement_cost(
        sticker, card_level, multi_target=multi_target, hexes=hexes, previous=previous
    )
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
    char_ref: str,
    card: str,
    card_level: int | None,
    action: str,
    sticker: str,
    *,
    multi_target: bool = False,
    hexes: int | None = None,
) -> dict[str, object]:
    """What an enhancement would cost this character now, and whether it would be allowed."""
    ch = character(c, char_ref)
    card, card_level = class_card(c, ch, card, card_level)
    previous = previous_on_action(c, ch.class_id, card, action)
    cost = rules.enhancement_cost(
        sticker, card_level, multi_target=multi_target, hexes=hexes, previous=previous
    )
    try:
        enhance(
            c.model_copy(deep=True),
            char_ref,
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


def fulfil_quest(c: Campaign, char_ref: str) -> list[str]:
    ch = character(c, char_ref)
    if ch.retired:
        raise Refused(f"{ch.name} has retired")
    if ch.personal_quest is None:
        raise Refused(f"{ch.name} has no personal quest and can never retire")
    if ch.quest_fulfilled:
        raise Refused(f"{ch.name}'s personal quest is already fulfilled")
    ch.quest_fulfilled = True
    return [
        f"{ch.name} fulfils personal quest {quest_name(c, ch.personal_quest)!r}: must retire "
        "in Gloomhaven"
    ]


def retire(c: Campaign, char_ref: str) -> list[str]:
    """Rulebook 'Announcing Retirement'."""
    ch = character(c, char_ref)
    p = require_town(c, ch, "retirement")
    if not ch.quest_fulfilled:
        raise Refused(f"{ch.name} can only retire with a fulfilled personal quest")
    rng = _rng(c)
    out = [f"{ch.name} the {class_name(c, ch.class_id)} retires"]
    for item_id in ch.items:
        _return_to_supply(c, item_id)
    if ch.items:
        out.append(f"items back to the supply: {', '.join(item_label(c, i) for i in ch.items)}")
    out.append(f"{ch.gold} gold is gone")
    ch.items = []
    ch.gold = 0
    ch.retired = True
    p.members.remove(ch.id)
    ch.party = None
    out += change_prosperity(c, 1, rng)
    quest = quests(c).get(ch.personal_quest or "")
    if ch.personal_quest:
        c.city.removed_quests.append(ch.personal_quest)
    if quest is not None and quest.opens:
        out += open_envelope(c, quest.opens, rng)
    c.player_retirements[ch.player] = c.player_retirements.get(ch.player, 0) + 1
    out.append(
        f"{ch.player}'s future characters gain {c.player_retirements[ch.player]} extra perk(s)"
    )
    c.city.retirements += 1
    if ch.class_id not in c.city.retired_classes:
        c.city.retired_classes.append(ch.class_id)
        number = classes(c)[ch.class_id].retire_event
        if number is not None:
            out += add_events(c, "both", number, rng)
    out += check_triggers(c, rng)
    _keep_rng(c, rng)
    return out


# --------------------------------------------------------------------------- travel and events


def linked(c: Campaign, a: str, b: str) -> bool:
    known = scenarios(c)
    sa, sb = known.get(a), known.get(b)
    return bool((sa and b in sa.linked) or (sb and a in sb.linked))


def road_event_needed(c: Campaign, p: Party, scenario_id: str, casual: bool) -> bool:
    """Rulebook 'Traveling And Road Events'."""
    if casual:
        return False
    if p.status == "town":
        s = scenarios(c).get(scenario_id)
        return not (s is not None and s.linked_to_gloomhaven)
    last = p.location
    return not (scenario_id == last or linked(c, last, scenario_id))


def travel(c: Campaign, party_ref: str, scenario_id: str, casual: bool = False) -> list[str]:
    p = party(c, party_ref)
    if p.status not in ("town", "after_scenario"):
        raise Refused(f"party {p.name!r} is {describe_location(p)}: finish that first")
    if not p.members:
        raise Refused(f"party {p.name!r} has no characters")
    scenario_id = scenario_id.strip().lstrip("#")
    if scenario_id not in c.city.unlocked_scenarios:
        raise Refused(f"scenario {scenario_id} is not unlocked")
    if not casual and scenario_id in c.city.completed_scenarios:
        raise Refused(f"scenario {scenario_id} was completed in campaign mode; replay it casually")
    for ch in members(c, p):
        if ch.quest_offer:
            raise Refused(f"{ch.name} must first keep one of the personal quests drawn")
        if ch.quest_fulfilled:
            raise Refused(f"{ch.name} fulfilled a personal quest and must retire, not adventure")
        if p.status == "town" and levelups_due(ch):
            raise Refused(f"{ch.name} must level up in Gloomhaven before leaving")
    rng = _rng(c)
    out: list[str] = []
    need = road_event_needed(c, p, scenario_id, casual)
    p.casual = casual
    if need and c.city.road_deck.draw:
        card = c.city.road_deck.draw.pop()  # the top of the deck is the end of the list
        p.pending_event = PendingEvent(deck="road", card=card)
        p.status = "traveling"
        p.destination = scenario_id
        ev = events(c)[card]
        out.append(f"{p.name!r} sets out for scenario {scenario_id}: road event {ev.number} drawn")
    else:
        if need:
            out.append("the road deck is empty: no road event (ruling R6)")
        else:
            out.append("no road event needed")
        p.status = "scenario"
        p.location = scenario_id
        p.destination = None
        out.append(f"{p.name!r} arrives at scenario {scenario_id}{' (casual)' if casual else ''}")
    _keep_rng(c, rng)
    return out


def draw_city_event(c: Campaign, party_ref: str) -> list[str]:
    """Rulebook 'Completing City Events': once per visit."""
    p = party(c, party_ref)
    if p.status != "town":
        raise Refused(f"city events happen in Gloomhaven; {p.name!r} is {describe_location(p)}")
    if not p.members:
        raise Refused(f"party {p.name!r} has no characters")
    if p.pending_event is not None:
        raise Refused(f"{p.name!r} must first resolve the event in hand")
    if p.city_event_done:
        raise Refused(f"{p.name!r} already completed a city event during this visit")
    if not c.city.city_deck.draw:
        raise Refused("the city event deck is empty")
    card = c.city.city_deck.draw.pop()
    p.pending_event = PendingEvent(deck="city", card=card)
    p.city_event_done = True
    return [f"city event {events(c)[card].number} drawn"]


def condition_holds(c: Campaign, p: Party, outcome: Outcome, applied_before: bool) -> bool:
    cond = outcome.condition
    if cond is None:
        return True
    if cond.classes:
        return any(ch.class_id in cond.classes for ch in members(c, p))
    if cond.reputation is not None:
        return cond.reputation.min <= p.reputation <= cond.reputation.max
    if cond.collective_gold:
        return sum(ch.gold for ch in members(c, p)) >= cond.collective_gold
    return not applied_before  # otherwise


def apply_effect(
    c: Campaign, p: Party, effect: dict[str, object], rng: Rng, recipient: str | None
) -> list[str]:
    name = effect["effect"]
    chars = members(c, p)
    if name in ("gold", "xp", "checkmarks"):
        amount = int(effect["amount"])  # type: ignore[call-overload]
        what = str(name)
        if effect["per"] == "each":
            results = {ch.id: change(ch, what, amount) for ch in chars}
            return [_fmt(results, c, f"{what} {amount:+d} each")]
        return [_fmt(distribute(chars, what, amount), c, f"{what} {amount:+d} collective")]
    if name == "reputation":
        return change_reputation(p, int(effect["amount"]))  # type: ignore[call-overload]
    if name == "prosperity":
        return change_prosperity(c, int(effect["amount"]), rng)  # type: ignore[call-overload]
    if name == "item":
        return give_item(c, p, str(effect["item"]), recipient)
    if name == "item_design":
        return add_item_design(c, str(effect["item"]))
    if name == "random_item_design":
        return random_item_design(c, rng)
    if name == "global_achievement":
        n = str(effect["name"])
        c.city.global_achievements[n] = c.city.global_achievements.get(n, 0) + 1
        return [f"global achievement {n!r}"]
    if name == "lose_global_achievement":
        n = str(effect["name"])
        if c.city.global_achievements.get(n, 0) <= 0:
            return [f"global achievement {n!r} was not held"]
        c.city.global_achievements[n] -= 1
        if not c.city.global_achievements[n]:
            del c.city.global_achievements[n]
        return [f"global achievement {n!r} lost"]
    if name == "party_achievement":
        n = str(effect["name"])
        if n not in p.achievements:
            p.achievements.append(n)
        return [f"party achievement {n!r}"]
    if name == "lose_party_achievement":
        n = str(effect["name"])
        if n not in p.achievements:
            return [f"party achievement {n!r} was not held"]
        p.achievements.remove(n)
        return [f"party achievement {n!r} lost"]
    if name == "unlock_scenario":
        return unlock_scenario(c, str(effect["scenario"]))
    if name == "add_events":
        return add_events(c, str(effect.get("deck", "both")), int(effect["number"]), rng)  # type: ignore[call-overload]
    if name == "next_scenario":
        p.next_scenario_notes.append(str(effect["note"]))
        return [f"next scenario: {effect['note']}"]
    return ["no effect"]


def resolve_event(
    c: Campaign, party_ref: str, choice: str, recipient: str | None = None
) -> list[str]:
    """Rulebook 'Completing Road Events': apply every outcome of the choice, top to bottom,
    whose condition holds; then return the card to the bottom of its deck or remove it."""
    p = party(c, party_ref)
    if p.pending_event is None:
        raise Refused(f"party {p.name!r} has no event to resolve")
    choice = choice.strip().upper()
    if choice not in ("A", "B"):
        raise Refused(f"choose A or B, not {choice!r}")
    pending = p.pending_event
    card = events(c)[pending.card]
    option = card.option(choice)
    if recipient is not None:
        rc = character(c, recipient)
        if rc.id not in p.members:
            raise Refused(f"{rc.name} is not in party {p.name!r}")
    rng = _rng(c)
    out = [f"{pending.deck} event {card.number}, choice {choice}: {option.text}"]
    applied_conditional = False
    remove = False
    for outcome in option.outcomes:
        if not condition_holds(c, p, outcome, applied_conditional):
            if outcome.condition is not None:
                out.append(f"  [{outcome.condition.describe()}] does not apply")
            continue
        cond = outcome.condition
        label = cond.describe() if cond else "always"
        if cond is not None and cond.collective_gold:
            paid = distribute(members(c, p), "gold", -cond.collective_gold)
            out.append("  " + _fmt(paid, c, f"paid {cond.collective_gold} gold collectively"))
        if cond is not None and not cond.otherwise:
            applied_conditional = True
        out.append(f"  [{label}] {outcome.text}")
        for effect in outcome.effects:
            out += ["    " + line for line in apply_effect(c, p, effect, rng, recipient)]
        remove = remove or outcome.card == "remove"
    state = _deck(c, pending.deck)
    if remove:
        state.removed.append(card.id)
        out.append("  the card is removed from the game")
    else:
        state.draw.insert(0, card.id)
        out.append("  the card returns to the bottom of the deck")
    p.pending_event = None
    if pending.deck == "road" and p.status == "traveling":
        p.status = "scenario"
        p.location = p.destination or p.location
        p.destination = None
        out.append(f"{p.name!r} arrives at scenario {p.location}")
    out += check_triggers(c, rng)
    _keep_rng(c, rng)
    return out


def apply_rewards(
    c: Campaign, p: Party, rewards: ScenarioRewards, rng: Rng, recipient: str | None
) -> list[str]:
    """Scenario rewards; losses never take more than the party has (rulebook p. 49)."""
    out: list[str] = []
    chars = members(c, p)
    if rewards.gold_each:
        out.append(
            _fmt(
                {ch.id: change(ch, "gold", rewards.gold_each) for ch in chars},
                c,
                f"gold {rewards.gold_each:+d} each",
            )
        )
    if rewards.xp_each:
        out.append(
            _fmt(
                {ch.id: change(ch, "xp", rewards.xp_each) for ch in chars},
                c,
                f"xp {rewards.xp_each:+d} each",
            )
        )
    if rewards.prosperity:
        out += change_prosperity(c, rewards.prosperity, rng)
    if rewards.reputation:
        out += change_reputation(p, rewards.reputation)
    for n in rewards.global_achievements:
        out += apply_effect(c, p, {"effect": "global_achievement", "name": n}, rng, None)
    for n in rewards.lose_global_achievements:
        out += apply_effect(c, p, {"effect": "lose_global_achievement", "name": n}, rng, None)
    for n in rewards.party_achievements:
        out += apply_effect(c, p, {"effect": "party_achievement", "name": n}, rng, None)
    for n in rewards.lose_party_achievements:
        out += apply_effect(c, p, {"effect": "lose_party_achievement", "name": n}, rng, None)
    for s in rewards.unlock_scenarios:
        out += unlock_scenario(c, s)
    for i in rewards.items:
        out += give_item(c, p, i, recipient)
    for i in rewards.item_designs:
        out += add_item_design(c, i)
    for ref in rewards.add_events:
        out += add_events(c, ref.deck, ref.number, rng)
    return out


def finish_scenario(
    c: Campaign,
    party_ref: str,
    success: bool,
    *,
    scenario_level: int | None = None,
    xp: dict[str, int] | None = None,
    coins: dict[str, int] | None = None,
    checkmarks: dict[str, int] | None = None,
    extra: ScenarioRewards | None = None,
    recipient: str | None = None,
) -> list[str]:
    """End the scenario at hand: XP and gold earned in play, the completion bonus, battle-goal
    checkmarks and (on a campaign success) the scenario's rewards."""
    p = party(c, party_ref)
    if p.status != "scenario":
        raise Refused(f"party {p.name!r} is {describe_location(p)}, not playing a scenario")
    chars = members(c, p)
    ids = {ch.id for ch in chars}
    per_char: dict[str, dict[str, int]] = {}
    for label, given in (("xp", xp), ("coins", coins), ("checkmarks", checkmarks)):
        for ref, value in (given or {}).items():
            ch = character(c, ref)
            if ch.id not in ids:
                raise Refused(f"{ch.name} is not in party {p.name!r}")
            if value < 0:
                raise Refused(f"{label} for {ch.name} cannot be negative")
            per_char.setdefault(ch.id, {})[label] = value
    if not success and any("checkmarks" in v and v["checkmarks"] for v in per_char.values()):
        raise Refused("battle goals only pay checkmarks when the scenario is successful")
    level = (
        scenario_level
        if scenario_level is not None
        else rules.scenario_level([ch.level for ch in chars])
    )
    table = game_data().scenario_levels.get(level)
    if table is None:
        raise Refused(f"scenario level must be 0 to 7, not {level}")
    rng = _rng(c)
    scen = p.location
    out = [f"{p.name!r} {'completes' if success else 'fails'} scenario {scen} at level {level}"]
    for ch in chars:
        got = per_char.get(ch.id, {})
        gained_xp = got.get("xp", 0) + (table.bonus_xp if success else 0)
        gained_gold = got.get("coins", 0) * table.gold_per_coin
        ch.xp += gained_xp
        ch.gold += gained_gold
        ch.checkmarks += got.get("checkmarks", 0)
        ch.blesses_next_scenario = 0
        line = f"{ch.name}: +{gained_xp} XP, +{gained_gold} gold"
        if got.get("checkmarks"):
            line += f", +{got['checkmarks']} checkmark(s)"
        if levelups_due(ch):
            line += " (level-up due in town)"
        out.append(line)
    p.next_scenario_notes = []
    p.history.append(
        ScenarioRecord(scenario=scen, success=success, casual=p.casual, level=level, visit=p.visit)
    )
    if success and not p.casual:
        if scen not in c.city.completed_scenarios:
            c.city.completed_scenarios.append(scen)
        s = scenarios(c).get(scen)
        if s is not None:
            out += apply_rewards(c, p, s.rewards, rng, recipient)
        if extra is not None:
            out += apply_rewards(c, p, extra, rng, recipient)
    elif success:
        out.append("casual mode: no story rewards")
    p.status = "after_scenario"
    out += check_triggers(c, rng)
    _keep_rng(c, rng)
    return out


def return_to_town(c: Campaign, party_ref: str) -> list[str]:
    """Back to Gloomhaven; a scenario played in campaign mode starts a new visit."""
    p = party(c, party_ref)
    if p.status != "after_scenario":
        raise Refused(f"party {p.name!r} is {describe_location(p)}; return after a scenario")
    p.status = "town"
    p.location = GLOOMHAVEN
    new_visit = not (p.history and p.history[-1].casual)
    if new_visit:
        p.visit += 1
        p.city_event_done = False
        p.donated = []
        return [f"{p.name!r} returns to Gloomhaven: visit {p.visit}"]
    return [f"{p.name!r} returns to Gloomhaven (casual scenario: the same visit continues)"]


def adjust(
    c: Campaign, what: str, amount: int = 0, party_ref: str | None = None, name: str = ""
) -> list[str]:
    """Gains and losses by hand, for rewards the catalog lacks: prosperity, reputation, global
    or party achievements (amount > 0 gains, < 0 loses)."""
    rng = _rng(c)
    if what in ("global-achievement", "party-achievement"):
        if not name.strip():
            raise Refused("name the achievement")
        kind = what.replace("-", "_")
        if amount < 0:
            kind = "lose_" + kind
        if what == "party-achievement":
            if party_ref is None:
                raise Refused("a party achievement belongs to a party: name the party")
            p = party(c, party_ref)
        else:
            p = Party(id="-", name="-")
        out = apply_effect(c, p, {"effect": kind, "name": name.strip()}, rng, None)
    elif what == "prosperity":
        out = change_prosperity(c, amount, rng)
    elif what == "reputation":
        if party_ref is None:
            raise Refused("reputation belongs to a party: name the party")
        out = change_reputation(party(c, party_ref), amount)
    else:
        raise Refused(
            "can adjust prosperity, reputation, global-achievement or party-achievement, "
            f"not {what!r}"
        )
    out += check_triggers(c, rng)
    _keep_rng(c, rng)
    return out


def names(values: Iterable[str]) -> str:
    return ", ".join(values) or "none"


# --------------------------------------------------------------------------- owners' content


def load_events(c: Campaign, cards: dict[str, EventCard], replace_sample: bool) -> list[str]:
    """Owners' real event cards; with ``replace_sample`` the sample deck leaves the campaign."""
    held = [p.name for p in c.parties.values() if p.pending_event is not None]
    if replace_sample and held:
        raise Refused(f"resolve the event in hand first (party {', '.join(held)})")
    rng = _rng(c)
    c.catalog.events.update(cards)
    if replace_sample:
        c.catalog.replace_sample_events = True
    out = [f"{len(cards)} event card(s) entered"]
    out += rebuild_decks(c, rng) if replace_sample else []
    if not replace_sample:
        for ref in list(c.city.waiting_events):
            if _card_for(c, ref.deck, ref.number) is not None:
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
