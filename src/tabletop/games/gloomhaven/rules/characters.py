"""Rulebook 'Creating New Characters' (and the parties they join): an unlocked class, a starting
level up to the prosperity level, 15 x (L + 1) gold, the level's minimum experience, two personal
quests drawn and one kept; a new party starts at reputation 0."""

from __future__ import annotations

from ..data import game_data
from ..model import Campaign, Character, Party
from .common import (
    Refused,
    _keep_rng,
    _rng,
    character,
    class_name,
    classes,
    describe_location,
    party,
    quest_name,
    quests,
    require_town,
    slug,
)
from .levels import xp_minimum
from .prosperity import prosperity_level


def create_party(c: Campaign, name: str) -> list[str]:
    pid = slug(name)
    if pid in c.parties:
        raise Refused(f"a party {name!r} already exists")
    c.parties[pid] = Party(id=pid, name=name)
    return [f"party {name!r} formed in Gloomhaven with reputation 0"]


def starting_levels(c: Campaign) -> list[int]:
    """The levels a new character may start at: 1 to the prosperity level."""
    return list(range(1, prosperity_level(c) + 1))


def creatable_classes(c: Campaign) -> list[str]:
    """The classes a new character may take: the unlocked ones whose sheet is entered."""
    known = classes(c)
    return [k for k in c.city.unlocked_classes if k in known]


def starting_gold(level: int) -> int:
    return 15 * (level + 1)


def _check_new_character(
    c: Campaign, p: Party, name: str, player: str, class_id: str, level: int
) -> str:
    """Every check of a new character; answers its class id."""
    if p.status != "town":
        raise Refused(
            f"new characters are created in Gloomhaven; party {p.name!r} is {describe_location(p)}"
        )
    cls = class_id.strip().lower()
    known = classes(c)
    if cls not in known:
        raise Refused(f"unknown class {class_id!r}; one of {', '.join(known)}")
    if cls not in c.city.unlocked_classes:
        raise Refused(f"class {class_name(c, cls)} is not unlocked yet")
    most = game_data().rules.max_party_size
    if len(p.members) >= most:
        raise Refused(f"party {p.name!r} already has {most} characters")
    if level not in starting_levels(c):
        raise Refused(
            f"a new character starts at a level from 1 to the prosperity level "
            f"{prosperity_level(c)}, not {level}"
        )
    if slug(name) in c.characters:
        raise Refused(f"a character named {name!r} already exists in this campaign")
    if not player.strip():
        raise Refused("a character needs a player name")
    return cls


def _quests_for(c: Campaign, kept: str | None) -> list[str]:
    """The personal quests a new character draws: none when the one ``kept`` was drawn at the
    table (it leaves the deck, which is shuffled: ruling T12), else two from the deck."""
    rng = _rng(c)
    deck = c.city.quest_deck
    if kept is not None:
        deck.remove(kept)
        rng.shuffle(deck)
        offer: list[str] = []
    else:
        offer = [deck.pop() for _ in range(min(2, len(deck)))]
    _keep_rng(c, rng)
    return offer


def _creation_lines(c: Campaign, ch: Character, p: Party, kept: str | None) -> list[str]:
    cls = class_name(c, ch.class_id)
    out = [f"{ch.name} the {cls} ({ch.player}) joins {p.name!r}: {ch.gold} gold, {ch.xp} XP"]
    if ch.created_level > 1:
        out.append(
            f"{ch.name} levels up {ch.created_level - 1} time(s) in town, one level at a time"
        )
    if ch.bonus_perks:
        out.append(f"{ch.bonus_perks} extra perk(s) from {ch.player}'s earlier retirements")
    if kept is not None:
        out.append(f"{ch.name} keeps personal quest {quest_name(c, kept)!r}; the deck is shuffled")
    elif ch.quest_offer:
        drawn = " and ".join(repr(quest_name(c, q)) for q in ch.quest_offer)
        out.append(f"personal quests drawn: {drawn}; {ch.name} keeps one of them")
    else:
        out.append("no personal quest cards left: this character can never retire")
    return out


def create_character(
    c: Campaign,
    party_ref: str,
    name: str,
    player: str,
    class_id: str,
    level: int = 1,
    quest: str | None = None,
) -> list[str]:
    """A new character of an unlocked class in a party in town. It starts at level 1 with its
    starting level's XP and gold and takes each level-up in town (ruling T2). With ``quest`` the
    two personal quests were drawn at the table and this one kept."""
    p = party(c, party_ref)
    cls = _check_new_character(c, p, name, player, class_id, level)
    kept = None if quest is None else _quest_in_deck(c, quest)
    player = player.strip()
    ch = Character(
        id=slug(name),
        name=name,
        player=player,
        class_id=cls,
        party=p.id,
        xp=xp_minimum(level),
        gold=starting_gold(level),
        bonus_perks=c.player_retirements.get(player, 0),
        quest_offer=_quests_for(c, kept),
        personal_quest=kept,
        created_level=level,
    )
    c.characters[ch.id] = ch
    p.members.append(ch.id)
    return _creation_lines(c, ch, p, kept)


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
        if _quest_ref(c, ref, list(quests(c))) is not None:
            raise Refused(f"personal quest {ref!r} is not in the deck (kept or removed)")
        raise Refused(f"unknown personal quest {ref!r}")
    return found


def keep_quest(c: Campaign, char_ref: str, quest_ref: str) -> list[str]:
    """Keep one of the two personal quests drawn; the other is shuffled back into the deck."""
    ch = character(c, char_ref)
    if not ch.quest_offer:
        raise Refused(f"{ch.name} has no personal quests to choose from")
    quest_id = _quest_ref(c, quest_ref, ch.quest_offer)
    if quest_id is None:
        drawn = " or ".join(f"{quest_name(c, q)!r} ({q})" for q in ch.quest_offer)
        raise Refused(f"{quest_ref!r} was not drawn; choose {drawn}")
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
