"""The rules of the town and travel chapter (the "Gloomhaven town and travel" rulebook), one
module per rulebook section, each an operation on a :class:`~..model.Campaign` document.

Operations check everything first and raise :class:`Refused` (an ``IllegalAction``) naming what
was wrong; the store runs each one on a copy, so a refusal never changes the stored campaign. Each
returns the lines saying what happened. The queries beside them (prices, who may buy, costs,
levels) are the one place the surfaces get a number from.

Sections: ``traveling`` (Traveling And Road Events), ``events`` (Completing Road and City
Events), ``gains`` (their gains and losses), ``reputation``, ``town`` (Visiting Gloomhaven,
Donating To The Sanctuary), ``characters`` (Creating New Characters), ``shopping`` (Buying And
Selling Items), ``levels`` and ``perks`` (Leveling Up, Additional Perks), ``cards`` (Building A
Hand Of Cards), ``scaling`` (Scenario Scaling), ``enhancements`` (Enhancing Ability Cards),
``retirement`` (Announcing Retirement), ``prosperity`` (Gloomhaven Prosperity), ``completion``
and ``rewards`` (Scenario Completion), ``envelopes`` (Special Conditions For Opening Envelopes);
``founding`` opens the box, ``decks`` keeps the event decks, ``catalog`` takes the owners' cards,
``common`` is what all of them read.
"""

from .cards import class_card, new_cards, pool_cards, pool_size
from .catalog import load_classes, load_events, load_items, load_quests, load_scenarios
from .characters import (
    creatable_classes,
    create_character,
    create_party,
    join_party,
    keep_quest,
    leave_party,
    starting_gold,
    starting_levels,
)
from .common import (
    Refused,
    _rng,
    character,
    class_name,
    classes,
    describe_location,
    event_cards,
    find_item,
    item_label,
    items,
    members,
    party,
    quest_name,
    quests,
    scenario_label,
    scenarios,
    slug,
)
from .completion import adjust, finish_scenario, recommended_level
from .decks import add_events
from .enhancements import (
    STICKERS,
    cost_breakdown,
    enhance,
    enhanced_cards,
    enhancement_cost,
    may_enhance,
    quote_enhancement,
)
from .envelopes import unlock_class_command
from .events import draw_city_event, resolve_event
from .founding import new_campaign
from .levels import (
    MAX_LEVEL,
    hand_size,
    level_for_xp,
    level_up,
    levelups_due,
    max_hp,
    next_level_xp,
    xp_minimum,
)
from .perks import checkmark_perks, mark_perk, perk_choices, perks_earned, perks_unmarked
from .prosperity import (
    change_prosperity,
    level_for_checkmarks,
    may_rise,
    next_level_at,
    prosperity_level,
    prosperity_maximum,
    prosperity_minimum,
    rise_to_prosperity,
)
from .reputation import price_modifier
from .retirement import fulfil_quest, retire
from .scaling import level_table, scenario_level
from .shopping import (
    available_to,
    buy,
    buy_price,
    purchase_refusal,
    sales,
    sell,
    sell_price,
    shop,
    supply_copies,
)
from .town import donate, donation_refusal, return_to_town
from .traveling import travel, travel_refusal

__all__ = [  # noqa: RUF022 (the campaign's generator first: tests drive single rules with it)
    "_rng",
    "MAX_LEVEL",
    "STICKERS",
    "Refused",
    "add_events",
    "adjust",
    "available_to",
    "buy",
    "buy_price",
    "change_prosperity",
    "character",
    "checkmark_perks",
    "class_card",
    "class_name",
    "classes",
    "cost_breakdown",
    "creatable_classes",
    "create_character",
    "create_party",
    "describe_location",
    "donate",
    "donation_refusal",
    "draw_city_event",
    "enhance",
    "enhanced_cards",
    "enhancement_cost",
    "event_cards",
    "find_item",
    "finish_scenario",
    "fulfil_quest",
    "hand_size",
    "item_label",
    "items",
    "join_party",
    "keep_quest",
    "leave_party",
    "level_for_checkmarks",
    "level_for_xp",
    "level_table",
    "level_up",
    "levelups_due",
    "load_classes",
    "load_events",
    "load_items",
    "load_quests",
    "load_scenarios",
    "mark_perk",
    "max_hp",
    "may_enhance",
    "may_rise",
    "members",
    "new_campaign",
    "new_cards",
    "next_level_at",
    "next_level_xp",
    "party",
    "perk_choices",
    "perks_earned",
    "perks_unmarked",
    "pool_cards",
    "pool_size",
    "price_modifier",
    "prosperity_level",
    "prosperity_maximum",
    "prosperity_minimum",
    "purchase_refusal",
    "quest_name",
    "quests",
    "quote_enhancement",
    "recommended_level",
    "resolve_event",
    "retire",
    "return_to_town",
    "rise_to_prosperity",
    "scenario_label",
    "scenario_level",
    "sales",
    "scenarios",
    "sell",
    "sell_price",
    "shop",
    "slug",
    "starting_gold",
    "starting_levels",
    "supply_copies",
    "travel",
    "travel_refusal",
    "unlock_class_command",
    "xp_minimum",
]
