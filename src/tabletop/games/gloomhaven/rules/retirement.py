"""Rulebook 'Announcing Retirement': a character whose personal quest is fulfilled retires in town;
its items return to the supply, its gold is gone, the city gains 1 prosperity, the quest's box or
envelope opens, the player's future characters gain a perk, and a class retiring for the first
time adds its events to both decks."""

from __future__ import annotations

from ..model import Campaign, Character
from .common import (
    Refused,
    _keep_rng,
    _rng,
    character,
    class_name,
    classes,
    item_label,
    quest_name,
    quests,
    require_town,
)
from .decks import add_events
from .envelopes import check_triggers, open_envelope
from .prosperity import change_prosperity
from .shopping import return_to_supply


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


def _give_up_belongings(c: Campaign, ch: Character) -> list[str]:
    out: list[str] = []
    for item_id in ch.items:
        return_to_supply(c, item_id)
    if ch.items:
        out.append(f"items back to the supply: {', '.join(item_label(c, i) for i in ch.items)}")
    out.append(f"{ch.gold} gold is gone")
    ch.items = []
    ch.gold = 0
    return out


def retire(c: Campaign, char_ref: str) -> list[str]:
    ch = character(c, char_ref)
    p = require_town(c, ch, "retirement")
    if not ch.quest_fulfilled:
        raise Refused(f"{ch.name} can only retire with a fulfilled personal quest")
    rng = _rng(c)
    out = [f"{ch.name} the {class_name(c, ch.class_id)} retires", *_give_up_belongings(c, ch)]
    ch.retired = True
    p.members.remove(ch.id)
    ch.party = None
    out += change_prosperity(c, 1)
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
