"""Playing Solo (the rulebook's section): the difficulty level (Lives, Time allowance, Pauper
side), the Time token (moved toward zero each turn, earned back by defeating hazards, Quests,
Recipes and Virtues, or bought for 3 Gems), removing Region cards for Time, solo Recipes, winning
and losing, and the set-up every scenario shares. Each scenario's own set-up, objectives and
special rules are in ``scenarios/``; hiding from hazards and the face-down cards are explored in
exploring.py."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tabletop.engine import Action, piles
from tabletop.engine.actions import action_of

from ..content import Content
from ..hidden import shop, shop_of, swap_in_shop
from ..state import PLState, new_context
from . import decks, ending
from .scenarios import SCENARIOS, scenario_rules


@lru_cache(maxsize=4096)
def card_remove_cost(content: Content, cid: str) -> int | None:
    """Removing Region Cards: the Time a card costs to remove by its kind and strength (None:
    too strong to remove). The content alone decides it: worked out once per card."""
    card = content.region_card[cid]
    costs = content.solo["remove_cost"]
    if card.kind == "ingredient":
        return int(costs["ingredient"])
    if card.kind != "hazard":
        return int(costs["event"])
    if card.strength >= int(costs["never_from"]):
        return None
    if card.strength >= 6:
        return int(costs["hazard_high"])
    if card.strength >= 4:
        return int(costs["hazard_mid"])
    return int(costs["hazard_low"])


def remove_cost(state: PLState, cid: str) -> int | None:
    """Time spent to remove a face-up Region card (None: it cannot be removed)."""
    if protected(state, cid):
        return None
    return card_remove_cost(state.content, cid)


def protected(state: PLState, cid: str) -> bool:
    """Scenario pieces: the necromancer and the dragons besieging the starting City."""
    solo = state.data.get("solo")
    if not solo:
        return False
    return cid == solo.get("necromancer") or cid in solo.get("siege", [])


# ---------------------------------------------------------------- the free actions of solo
def may_buy_time(state: PLState, seat: int) -> bool:
    """Earning Time: once a turn, 3 Gems move the Time token 1 away from zero."""
    data = state.data
    solo = data["solo"]
    return bool(
        not data["turn_state"].get("time_bought")
        and state.player(seat)["gems"] >= int(state.content.solo["earn_time"]["gems_for_time"])
        and solo["time"] < solo["allowance"]
    )


def buy_time(state: PLState, seat: int) -> None:
    state.data["turn_state"]["time_bought"] = True
    state.player(seat)["gems"] -= int(state.content.solo["earn_time"]["gems_for_time"])
    state.log("You pay 3 Gems for more Time.")
    earn_time(state, 1)


def removals(state: PLState, seat: int) -> list[Action]:
    """Removing Region Cards: once a turn, a face-up card away from both characters, for the
    Time it costs."""
    data = state.data
    if data["turn_state"].get("removed"):
        return []
    player = state.player(seat)
    occupied = (player["position"], player["bird_position"])
    tiles = data["tiles"]
    solo = data["solo"]
    time = solo["time"]
    # remove_cost() for each card, its scenario pieces looked up once (listed after every action)
    necromancer = solo.get("necromancer")
    siege = solo.get("siege", [])
    content = state.content
    out = []
    for region in sorted(r for r, cards in tiles.items() if cards and r not in occupied):
        for c in tiles[region]:
            if c == necromancer or c in siege:
                continue
            cost = card_remove_cost(content, c)
            if cost is not None and cost <= time:
                out.append(action_of("remove", card=c))
    return out


def remove_card(state: PLState, cid: str) -> None:
    data = state.data
    cost = int(remove_cost(state, cid) or 0)
    region = next(r for r, cards in data["tiles"].items() if cid in cards)
    data["turn_state"]["removed"] = True
    data["solo"]["time"] -= cost
    decks.remove_tile(state, region, cid)
    decks.discard_region_card(state, cid)
    state.log(
        f"You spend {cost} Time to remove the {state.card_name(cid)} from "
        f"{state.content.regions[region].name} (Time {data['solo']['time']})."
    )


# ---------------------------------------------------------------- the Time token
def earn_time(state: PLState, n: int) -> None:
    solo = state.data["solo"]
    before = solo["time"]
    solo["time"] = min(solo["allowance"], solo["time"] + n)
    if solo["time"] != before:
        state.log(f"Time moves {solo['time'] - before} away from zero: {solo['time']}.")


def earn_time_for(state: PLState, deed: str) -> None:
    """Earning Time for a deed (``hazard``, ``quest``, ``recipe``, ``virtue``), in solo."""
    if state.data.get("solo"):
        earn_time(state, int(state.content.solo["earn_time"][deed]))


def time_passes(state: PLState) -> None:
    """Solo, at the start of a turn: the Time token moves toward zero; on zero the game is
    lost."""
    solo = state.data.get("solo")
    if not solo:
        return
    if solo["time"] <= 0:
        state.log("The Time token is on zero at the start of your turn.")
        ending.solo_over(state, False, "time")
        return
    solo["time"] -= 1
    state.log(f"Time: {solo['time']}.")


# ---------------------------------------------------------------- the scenario's rules
def forced_weapon(state: PLState, hazard: str) -> str | None:
    """The one weapon a hazard may be fought with in this scenario (None: any)."""
    rules = scenario_rules(state)
    return rules.forced_weapon(state.content, state.data["solo"], hazard) if rules else None


def is_necromancer(state: PLState, hazard: str) -> bool:
    solo = state.data.get("solo")
    return solo is not None and hazard == solo.get("necromancer")


def may_enter(state: PLState, seat: int, char: str, region: str) -> bool:
    """Whether the scenario lets a character enter ``region`` (asked for every neighbouring
    Region at every step of a move: the scenario is looked up here directly)."""
    solo = state.data.get("solo")
    if not solo:
        return True
    inventory = state.player(seat)["inventory"]
    return SCENARIOS[solo["scenario"]].may_enter(
        state.content, solo, state.data["tiles"], inventory, char, region
    )


def objectives(state: PLState) -> list[dict[str, Any]]:
    """The scenario's objectives with their progress (public)."""
    return SCENARIOS[state.data["solo"]["scenario"]].objectives(state)


def side_objective(state: PLState) -> dict[str, Any] | None:
    return SCENARIOS[state.data["solo"]["scenario"]].side_objective(state)


def progress(state: PLState) -> None:
    """Winning the Game: checked after every action of the solo player's turn."""
    data = state.data
    if data["phase"] != "play":
        return
    rules = SCENARIOS[data["solo"]["scenario"]]
    rules.progress(state)
    if data["phase"] == "play" and all(rules.achieved(state)):
        ending.solo_over(state, True, "objectives")


# ---------------------------------------------------------------- solo set-up and Recipes
def set_up(state: PLState, seat: int) -> None:
    """Setting Up a Scenario: the scenario's Gems, then its own set-up."""
    solo = state.data["solo"]
    player = state.player(seat)
    solo["home"] = state.content.paupers[player["pauper"]].city
    player["gems"] = int(state.content.solo["scenarios"][solo["scenario"]]["gems"])
    SCENARIOS[solo["scenario"]].set_up(state, seat)


def first_shop_city(state: PLState, seat: int) -> str:
    """The City of a seat's first purchase (a scenario may send it to the diagonal one)."""
    solo = state.data.get("solo")
    content = state.content
    city = content.paupers[state.player(seat)["pauper"]].city
    if solo and content.solo["scenarios"][solo["scenario"]].get("first_shop") == "diagonal":
        return str(content.solo["diagonal"][city])
    return city


def put_rarity(state: PLState, city: str, rid: str) -> None:
    """Put a Rarity face down in a City Shop; the one it displaces takes its old place."""
    cards = shop(state, city)
    i = next(k for k, c in enumerate(cards) if c.startswith("rar."))
    old = cards[i]
    if old == rid:
        return
    other = shop_of(state, rid)
    if other is not None:
        swap_in_shop(state, other, shop(state, other).index(rid), old)
        swap_in_shop(state, city, i, rid)
        return
    pile = state.data["decks"]["rarity"]
    cards = piles.cards(pile)
    cards.remove(rid)
    cards.append(old)
    state.rng.shuffle(cards)
    piles.set_cards(pile, cards)
    swap_in_shop(state, city, i, rid)


def setup_card(state: PLState, deck: str, region: str) -> None:
    """A scenario's set-up card: the first card of a deck that is no natural disaster (those go
    to the bottom), face up in ``region``, its APPEAR effects run."""
    data = state.data
    decks.forget_deck(state, deck)
    pile = data["decks"][deck]
    while True:
        cid = str(piles.draw(pile, state.rng))
        if state.content.region_card[cid].kind != "disaster":
            break
        piles.set_cards(pile, [cid, *piles.cards(pile)])  # to the bottom; draw again
    piles.shuffle_all(pile, state.rng)
    data["tiles"][region].append(cid)
    data["effect_context"] = new_context(0, "pauper", cid, region)
    for e in state.content.region_card[cid].appear:
        state.run_effect(e)
    state.log(f"Set-up: the {state.card_name(cid)} lies in {state.content.regions[region].name}.")


def recipe_choice(state: PLState, seat: int) -> None:
    """Solo Recipes: a new Recipe In Learning is 1 of the top cards of the Recipe deck."""
    deck = state.data["decks"]["recipe"]
    n = int(state.content.solo["recipe_choice"]["value"])
    cards = [c for c in (piles.draw(deck, state.rng) for _ in range(n)) if c]
    if cards:
        state.push({"kind": "recipe-choice", "seat": seat, "cards": [str(c) for c in cards]})


def take_recipe(state: PLState, seat: int, frame: dict[str, Any], keep: str) -> None:
    """The Recipe chosen of a solo Recipe choice; the others are discarded."""
    rest = [c for c in frame["cards"] if c != keep]
    decks.discard_to(state, "recipe", rest)
    state.player(seat)["recipes"].append(
        {"recipe": keep, "ingredients": [], "learned": False, "learned_at": 0}
    )
    state.log(
        f"{state.seat_name(seat)} takes {state.card_name(keep)} to learn; the rest are discarded."
    )
