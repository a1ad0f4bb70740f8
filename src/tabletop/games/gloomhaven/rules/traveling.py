"""Rulebook 'Traveling And Road Events': from town or straight on from a scenario, a road event
unless the scenario is the same one, linked to the last one (or, from town, to Gloomhaven), or
played casually."""

from __future__ import annotations

from ..model import Campaign, Party, PendingEvent
from .common import (
    Refused,
    _keep_rng,
    _rng,
    describe_location,
    event_cards,
    members,
    party,
    scenarios,
)
from .levels import levelups_due


def linked(c: Campaign, a: str, b: str) -> bool:
    known = scenarios(c)
    sa, sb = known.get(a), known.get(b)
    return bool((sa and b in sa.linked) or (sb and a in sb.linked))


def road_event_needed(c: Campaign, p: Party, scenario_id: str, casual: bool) -> bool:
    if casual:
        return False
    if p.status == "town":
        s = scenarios(c).get(scenario_id)
        return not (s is not None and s.linked_to_gloomhaven)
    last = p.location
    return not (scenario_id == last or linked(c, last, scenario_id))


def travel_refusal(c: Campaign, p: Party, scenario_id: str, casual: bool) -> str | None:
    """Why the party cannot set out for the scenario now, if it cannot."""
    if p.status not in ("town", "after_scenario"):
        return f"party {p.name!r} is {describe_location(p)}: finish that first"
    if not p.members:
        return f"party {p.name!r} has no characters"
    if scenario_id not in c.city.unlocked_scenarios:
        return f"scenario {scenario_id} is not unlocked"
    if not casual and scenario_id in c.city.completed_scenarios:
        return f"scenario {scenario_id} was completed in campaign mode; replay it casually"
    for ch in members(c, p):
        if ch.quest_offer:
            return f"{ch.name} must first keep one of the personal quests drawn"
        if ch.quest_fulfilled:
            return f"{ch.name} fulfilled a personal quest and must retire, not adventure"
        if p.status == "town" and levelups_due(ch):
            return f"{ch.name} must level up in Gloomhaven before leaving"
    return None


def travel(c: Campaign, party_ref: str, scenario_id: str, casual: bool = False) -> list[str]:
    """Set out: a road event is drawn when the trip needs one (none left: ruling E6)."""
    p = party(c, party_ref)
    scenario_id = scenario_id.strip().lstrip("#")
    refusal = travel_refusal(c, p, scenario_id, casual)
    if refusal is not None:
        raise Refused(refusal)
    rng = _rng(c)
    need = road_event_needed(c, p, scenario_id, casual)
    p.casual = casual
    if need and c.city.road_deck.draw:
        card = c.city.road_deck.draw.pop()  # the top of the deck is the end of the list
        p.pending_event = PendingEvent(deck="road", card=card)
        p.status = "traveling"
        p.destination = scenario_id
        number = event_cards(c)[card].number
        out = [f"{p.name!r} sets out for scenario {scenario_id}: road event {number} drawn"]
    else:
        out = [
            "the road deck is empty: no road event (ruling E6)" if need else "no road event needed"
        ]
        p.status = "scenario"
        p.location = scenario_id
        p.destination = None
        out.append(f"{p.name!r} arrives at scenario {scenario_id}{' (casual)' if casual else ''}")
    _keep_rng(c, rng)
    return out
