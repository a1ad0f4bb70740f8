"""Rulebook 'Visiting Gloomhaven' and 'Donating To The Sanctuary': a new visit after every scenario
played in campaign mode (ruling T1), and one donation of 10 gold per character per visit for two
BLESS cards in the next scenario."""

from __future__ import annotations

from ..data import game_data
from ..model import GLOOMHAVEN, Campaign, Character
from .common import (
    Refused,
    _keep_rng,
    _rng,
    character,
    describe_location,
    party,
    require_town,
    town_refusal,
)
from .envelopes import check_triggers


def return_to_town(c: Campaign, party_ref: str) -> list[str]:
    """Back to Gloomhaven; a scenario played in campaign mode starts a new visit."""
    p = party(c, party_ref)
    if p.status != "after_scenario":
        raise Refused(f"party {p.name!r} is {describe_location(p)}; return after a scenario")
    p.status = "town"
    p.location = GLOOMHAVEN
    if p.history and p.history[-1].casual:
        return [f"{p.name!r} returns to Gloomhaven (casual scenario: the same visit continues)"]
    p.visit += 1
    p.city_event_done = False
    p.donated = []
    return [f"{p.name!r} returns to Gloomhaven: visit {p.visit}"]


def donation_refusal(c: Campaign, ch: Character) -> str | None:
    """Why the character cannot donate now, if it cannot."""
    r = game_data().rules
    refusal = town_refusal(c, ch, "donating to the sanctuary")
    if refusal is not None:
        return refusal
    if ch.party is not None and ch.id in c.parties[ch.party].donated:
        return f"{ch.name} already donated during this visit to Gloomhaven"
    if ch.gold < r.sanctuary_donation:
        return f"{ch.name} has {ch.gold} gold; a donation is {r.sanctuary_donation}"
    return None


def donate(c: Campaign, char_ref: str) -> list[str]:
    r = game_data().rules
    ch = character(c, char_ref)
    refusal = donation_refusal(c, ch)
    if refusal is not None:
        raise Refused(refusal)
    p = require_town(c, ch, "donating to the sanctuary")
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
