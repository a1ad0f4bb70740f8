"""Rulebook 'Completing Road Events' and 'Completing City Events': the card in hand, the choice A
or B, every outcome of the choice read top to bottom whose condition holds, then the card back to
the bottom of its deck or out of the game. A city event once per visit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.effects import Effect
from tabletop.engine.rng import Rng

from ..data import (
    EVENT_EFFECTS,
    AddEvents,
    AmountEach,
    ChangeProsperity,
    ChangeReputation,
    GainCheckmarks,
    GainGlobalAchievement,
    GainGold,
    GainItem,
    GainItemDesign,
    GainPartyAchievement,
    GainXp,
    LoseGlobalAchievement,
    LosePartyAchievement,
    NextScenarioNote,
    NoEffect,
    Outcome,
    RandomItemDesign,
    UnlockScenario,
)
from ..model import Campaign, Party, PendingEvent
from .common import (
    Refused,
    _keep_rng,
    _rng,
    character,
    describe_location,
    event_cards,
    members,
    party,
)
from .decks import add_events, deck
from .envelopes import check_triggers
from .gains import describe, distribute, each
from .prosperity import change_prosperity
from .reputation import change_reputation
from .rewards import (
    add_item_design,
    gain_global_achievement,
    gain_party_achievement,
    give_item,
    lose_global_achievement,
    lose_party_achievement,
    random_item_design,
    unlock_scenario,
)


def draw_city_event(c: Campaign, party_ref: str) -> list[str]:
    """Once per visit to Gloomhaven, in town, with no event in hand."""
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
    return [f"city event {event_cards(c)[card].number} drawn"]


def condition_holds(c: Campaign, p: Party, outcome: Outcome, applied_before: bool) -> bool:
    """A class icon in the party, the reputation in range, the collective gold held, or
    "otherwise" (no conditional outcome before it applied, ruling E1); no condition: always."""
    cond = outcome.condition
    if cond is None:
        return True
    if cond.classes:
        return any(ch.class_id in cond.classes for ch in members(c, p))
    if cond.reputation is not None:
        return cond.reputation.min <= p.reputation <= cond.reputation.max
    if cond.collective_gold:
        return sum(ch.gold for ch in members(c, p)) >= cond.collective_gold
    return not applied_before


# --------------------------------------------------------------------------- effects

Handler = Callable[[Campaign, Party, Any, Rng, "str | None"], list[str]]
EVENT = EVENT_EFFECTS.handles


@EVENT(GainGold)
@EVENT(GainXp)
@EVENT(GainCheckmarks)
def gain_amount(c: Campaign, p: Party, e: AmountEach, rng: Rng, to: str | None) -> list[str]:
    """Gold, experience or checkmarks: the amount for each character, or shared by all."""
    what, amount = e.effect, e.amount
    if e.per == "each":
        return [describe(c, each(members(c, p), what, amount), f"{what} {amount:+d} each")]
    shared = distribute(members(c, p), what, amount)
    return [describe(c, shared, f"{what} {amount:+d} collective")]


@EVENT(NextScenarioNote)
def next_scenario(
    c: Campaign, p: Party, e: NextScenarioNote, rng: Rng, to: str | None
) -> list[str]:
    p.next_scenario_notes.append(e.note)
    return [f"next scenario: {e.note}"]


# The effects whose rule is one call, registered in the event table (``data.EVENT_EFFECTS``, the one
# place handlers are found) like the two above: the campaign ``c``, the party ``p``, ``rng`` for a
# draw, ``to`` the character the players chose to receive an item.
_ONE_CALL: dict[type[Effect], Handler] = {
    ChangeReputation: lambda c, p, e, rng, to: change_reputation(p, e.amount),
    ChangeProsperity: lambda c, p, e, rng, to: change_prosperity(c, e.amount),
    GainItem: lambda c, p, e, rng, to: give_item(c, p, e.item, to),
    GainItemDesign: lambda c, p, e, rng, to: add_item_design(c, e.item),
    RandomItemDesign: lambda c, p, e, rng, to: random_item_design(c, rng),
    GainGlobalAchievement: lambda c, p, e, rng, to: gain_global_achievement(c, e.name),
    LoseGlobalAchievement: lambda c, p, e, rng, to: lose_global_achievement(c, e.name),
    GainPartyAchievement: lambda c, p, e, rng, to: gain_party_achievement(p, e.name),
    LosePartyAchievement: lambda c, p, e, rng, to: lose_party_achievement(p, e.name),
    UnlockScenario: lambda c, p, e, rng, to: unlock_scenario(c, e.scenario),
    AddEvents: lambda c, p, e, rng, to: add_events(c, e.deck, e.number, rng),
    NoEffect: lambda c, p, e, rng, to: ["no effect"],
}
for _model, _rule in _ONE_CALL.items():
    EVENT(_model)(_rule)


def apply_effect(
    c: Campaign, p: Party, effect: dict[str, Any], rng: Rng, recipient: str | None
) -> list[str]:
    """One effect of an outcome, parsed to its model (``data.EVENT_EFFECTS``) and handled."""
    model = EVENT_EFFECTS.parse(effect, "events", "outcome")
    handler: Handler = EVENT_EFFECTS.handler(model)
    return handler(c, p, model, rng, recipient)


# --------------------------------------------------------------------------- resolving


def _resolve_outcomes(
    c: Campaign, p: Party, outcomes: list[Outcome], rng: Rng, recipient: str | None
) -> tuple[list[str], bool]:
    """Every outcome whose condition holds, top to bottom (ruling E2: as the card is read); the
    lines, and whether an applied outcome removes the card."""
    out: list[str] = []
    applied_conditional = remove = False
    for outcome in outcomes:
        cond = outcome.condition
        if not condition_holds(c, p, outcome, applied_conditional):
            if cond is not None:
                out.append(f"  [{cond.describe()}] does not apply")
            continue
        if cond is not None and cond.collective_gold:
            paid = distribute(members(c, p), "gold", -cond.collective_gold)
            out.append("  " + describe(c, paid, f"paid {cond.collective_gold} gold collectively"))
        if cond is not None and not cond.otherwise:
            applied_conditional = True
        out.append(f"  [{cond.describe() if cond else 'always'}] {outcome.text}")
        for effect in outcome.effects:
            out += ["    " + line for line in apply_effect(c, p, effect, rng, recipient)]
        remove = remove or outcome.card == "remove"
    return out, remove


def resolve_event(
    c: Campaign, party_ref: str, choice: str, recipient: str | None = None
) -> list[str]:
    """Apply every outcome of the choice that holds; then return the card to the bottom of its
    deck or remove it from the game. A road event done, the party arrives at its scenario."""
    p = party(c, party_ref)
    if p.pending_event is None:
        raise Refused(f"party {p.name!r} has no event to resolve")
    choice = choice.strip().upper()
    if choice not in ("A", "B"):
        raise Refused(f"choose A or B, not {choice!r}")
    if recipient is not None and character(c, recipient).id not in p.members:
        raise Refused(f"{character(c, recipient).name} is not in party {p.name!r}")
    pending = p.pending_event
    card = event_cards(c)[pending.card]
    option = card.option(choice)
    rng = _rng(c)
    lines, remove = _resolve_outcomes(c, p, option.outcomes, rng, recipient)
    out = [f"{pending.deck} event {card.number}, choice {choice}: {option.text}", *lines]
    if remove:
        deck(c, pending.deck).removed.append(card.id)
        out.append("  the card is removed from the game")
    else:
        deck(c, pending.deck).draw.insert(0, card.id)
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
