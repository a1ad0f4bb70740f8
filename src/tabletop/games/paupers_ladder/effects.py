"""One handler for each effect of the content (content.py) and each of the rules' own steps
(steps.py), registered by the model's type in its table:

- static abilities (``ABILITIES``) and ONGOING rules (``ONGOING``) answer what they amount to in a
  :class:`~.abilities.Situation`: the rules ask, they never change the state;
- triggered card effects (``TRIGGERED``) and the rules' steps (``STEPS``) run when the effect
  queue reaches them (``PLState.run_next``), acting for the seat of ``data["effect_context"]``;
- allies (``ALLIES``) act when their Outcome card is drawn in a fight.

The game's package imports this module where it assembles the game, so every table has its
handlers before a state runs; :func:`missing` proves none lacks one."""

from __future__ import annotations

from typing import Any

from tabletop.engine import piles

from . import content as cards
from .abilities import Situation, situation
from .content import ABILITIES, ALLIES, CITIES, ONGOING, TRIGGERED
from .hidden import hold_drawn, keep_cards, peek_shop, shop, take_from_shop
from .rules import cities, decks, equipment, exploring, fighting, quests, solo
from .state import PLState
from .steps import (
    DRAW_FOR_FIGHT,
    STEPS,
    AddBonuses,
    CompleteQuest,
    DrawForFight,
    EncounterCard,
    EndDisaster,
    EndEvent,
    OfferBoost,
    ResolveFight,
    TakeCityItem,
    WildDefeat,
)


def missing() -> list[str]:
    """The effects of any table without a handler (empty: every one has its handler)."""
    return [
        f"{table.family} {name}"
        for table in (ABILITIES, ALLIES, ONGOING, TRIGGERED, STEPS)
        for name in table.missing()
    ]


# ---------------------------------------------------------------- static abilities
@ABILITIES.handles(cards.Weapon)
def weapon(e: cards.Weapon, at: Situation) -> int:
    """The Strength it adds, more against its hazard type."""
    return e.bonus + (e.vs_bonus if e.vs_type == at.hazard_type else 0)


@ABILITIES.handles(cards.WeaponGems)
def weapon_gems(e: cards.WeaponGems, at: Situation) -> int:
    """The Gems on it are its Strength."""
    return at.gems


@ABILITIES.handles(cards.FightBonus)
def fight_bonus(e: cards.FightBonus, at: Situation) -> int:
    if not at.in_region(e.region) or (e.vs_type is not None and e.vs_type != at.hazard_type):
        return 0
    return e.bonus


@ABILITIES.handles(cards.Boost)
def boost(e: cards.Boost, at: Situation) -> int:
    """Its bonus, if it boosts against this hazard's type."""
    return e.bonus if e.vs_type is None or e.vs_type == at.hazard_type else 0


@ABILITIES.handles(cards.PeekOutcome)
def peek_outcome(e: cards.PeekOutcome, at: Situation) -> int:
    """The Outcome cards it peeks at."""
    return e.n


@ABILITIES.handles(cards.PeekRegion)
def peek_region(e: cards.PeekRegion, at: Situation) -> int:
    """The Region cards it peeks at."""
    return e.n


@ABILITIES.handles(cards.Recall)
def recall(e: cards.Recall, at: Situation) -> int:
    """How deep into the discards it reaches."""
    return e.n


@ABILITIES.handles(cards.FreeMoves)
def free_moves(e: cards.FreeMoves, at: Situation) -> int:
    return e.n


@ABILITIES.handles(cards.CollectGems)
def collect_gems(e: cards.CollectGems, at: Situation) -> int:
    return e.n


@ABILITIES.handles(cards.Transmute)
def transmute(e: cards.Transmute, at: Situation) -> int:
    """The Gems an ingredient transmutes into."""
    return e.gems


@ABILITIES.handles(cards.DefeatGems)
def defeat_gems(e: cards.DefeatGems, at: Situation) -> int:
    return e.n


@ABILITIES.handles(cards.TurnGems)
def turn_gems(e: cards.TurnGems, at: Situation) -> int:
    """The Gems a turn brings, if the Purse holds fewer than its limit (``at.gems``)."""
    return e.n if e.below is None or at.gems < e.below else 0


@ABILITIES.handles(cards.Discount)
def discount(e: cards.Discount, at: Situation) -> int:
    """What it takes off a price, if the card bought has its tag."""
    return e.n if e.tag is None or e.tag in at.tags else 0


@ABILITIES.handles(cards.BirdMoves)
def bird_moves(e: cards.BirdMoves, at: Situation) -> int:
    """The Regions the Bird may move."""
    return e.n


@ABILITIES.handles(cards.IdleGems)
def idle_gems(e: cards.IdleGems, at: Situation) -> int:
    return e.n


@ABILITIES.handles(cards.SellBonus)
def sell_bonus(e: cards.SellBonus, at: Situation) -> int:
    return e.n


def _holds(e: Any, at: Situation) -> int:
    """A flag: it holds wherever it is asked."""
    return 1


for _flag in (
    cards.CharmFree,
    cards.TeleportCity,
    cards.Swim,
    cards.DiscountRoll,
    cards.UnlimitedInventory,
):
    ABILITIES.handles(_flag)(_holds)


# ---------------------------------------------------------------- ONGOING rules
@ONGOING.handles(cards.Toll)
def toll(e: cards.Toll, at: Situation) -> int:
    """The Gems a character pays to explore the Region."""
    return e.n


ONGOING.handles(cards.NoAllies)(_holds)


# ---------------------------------------------------------------- allies, drawn in a fight
@ALLIES.handles(cards.AllyBonus)
def ally_bonus(state: PLState, ally: str, e: cards.AllyBonus) -> None:
    fight = state.data["fight"]
    if situation(state.content, fight["region"]).in_region(e.region):
        fight["strength"] += e.bonus
        state.log(f"The {state.content.allies[ally].name} adds {e.bonus}.")


@ALLIES.handles(cards.AllyDraw)
def ally_draw(state: PLState, ally: str, e: cards.AllyDraw) -> None:
    fight = state.data["fight"]
    if situation(state.content, fight["region"]).in_region(e.region):
        state.log(f"The {state.content.allies[ally].name} draws another Outcome card.")
        state.run([DRAW_FOR_FIGHT])


@ALLIES.handles(cards.AllyPay)
def ally_pay(state: PLState, ally: str, e: cards.AllyPay) -> None:
    seat = state.data["fight"]["seat"]
    state.push({"kind": "ally", "seat": seat, "cost": e.cost, "bonus": e.bonus, "ally": ally})


# ---------------------------------------------------------------- the rules' own steps
@STEPS.handles(DrawForFight)
def draw_for_fight(state: PLState, step: DrawForFight) -> None:
    fighting.draw(state)


@STEPS.handles(AddBonuses)
def add_bonuses(state: PLState, step: AddBonuses) -> None:
    fighting.add_bonuses(state)


@STEPS.handles(OfferBoost)
def offer_boost(state: PLState, step: OfferBoost) -> None:
    fighting.offer_boost(state)


@STEPS.handles(ResolveFight)
def resolve_fight(state: PLState, step: ResolveFight) -> None:
    fighting.resolve(state)


@STEPS.handles(WildDefeat)
def wild_defeat(state: PLState, step: WildDefeat) -> None:
    seat, _ = _acting(state)
    quests.check_wild(state, seat, step.char, "defeat", step.region, step.hazard)


@STEPS.handles(EncounterCard)
def encounter_card(state: PLState, step: EncounterCard) -> None:
    context = state.context()
    seat, _ = _acting(state)
    char = str(context.get("char", "pauper"))
    exploring.encounter(state, seat, char, step.card, context.get("region"))  # type: ignore[arg-type]


@STEPS.handles(EndEvent)
def end_event(state: PLState, step: EndEvent) -> None:
    """The event card leaves the Region if it goes once used (or is emptied, or was left)."""
    data = state.data
    context = state.context()
    region = context.get("region")
    card = state.content.region_card[step.card]
    on_tile = region is not None and step.card in data["tiles"].get(region, [])
    gone = (
        card.stays == "discard"
        or context.get("left")
        or (
            card.leave_when_empty
            and not data["card_gems"].get(step.card)
            and not data["tucked"].get(step.card)
        )
    )
    if on_tile and gone and card.stays != "forever":
        decks.remove_tile(state, region, step.card)  # type: ignore[arg-type]
        decks.discard_region_card(state, step.card)


@STEPS.handles(TakeCityItem)
def take_city_item(state: PLState, step: TakeCityItem) -> None:
    seat, _ = _acting(state)
    if step.card in shop(state, step.city):
        take_from_shop(state, step.city, step.card)
        cities.restock(state, step.city)
        equipment.acquire(state, seat, step.card)


@STEPS.handles(CompleteQuest)
def complete_quest(state: PLState, step: CompleteQuest) -> None:
    seat, _ = _acting(state)
    quests.complete(state, seat, step.city)


@STEPS.handles(EndDisaster)
def end_disaster(state: PLState, step: EndDisaster) -> None:
    data = state.data
    deck = state.content.region_deck_of[step.card]
    data["decks"][deck]["removed"].append(step.card)
    decks.forget_deck(state, deck)
    piles.shuffle_all(data["decks"][deck], state.rng)


# ---------------------------------------------------------------- triggered card effects
def _acting(state: PLState) -> tuple[int, Any]:
    """The seat a card effect acts for (the context's, else the turn's player) and the card it
    comes from."""
    context = state.context()
    seat = int(context.get("seat", state.data.get("turn") or 0) or 0)
    return seat, context.get("card")


@TRIGGERED.handles(cards.Gain)
def gain(state: PLState, e: cards.Gain) -> None:
    seat, card = _acting(state)
    state.gain(seat, e.n, state.card_name(card) if card else "")


@TRIGGERED.handles(cards.Lose)
def lose(state: PLState, e: cards.Lose) -> None:
    seat, card = _acting(state)
    state.lose(seat, e.n, state.card_name(card) if card else "")


@TRIGGERED.handles(cards.Pay)
def pay(state: PLState, e: cards.Pay) -> None:
    """Gems paid (onto the card, for a wreck's salvage: 6 and the character leaves)."""
    data = state.data
    seat, card = _acting(state)
    player = state.player(seat)
    k = min(player["gems"], e.n)
    player["gems"] -= k
    if e.onto_card and card:
        data["card_gems"][card] = data["card_gems"].get(card, 0) + k
        if data["card_gems"][card] >= 6:
            state.context()["left"] = True
    state.log(f"{state.seat_name(seat)} pays {k} Gems.")


@TRIGGERED.handles(cards.CharmTable)
def charm_table(state: PLState, e: cards.CharmTable) -> None:
    face = state.roll_charm()
    state.log(f"The lucky charm shows a {face['face']} face.")
    state.run(e.on(face["face"]))


@TRIGGERED.handles(cards.OutcomeCheck)
def outcome_check(state: PLState, e: cards.OutcomeCheck) -> None:
    seat, _ = _acting(state)
    cid = decks.draw_outcome(state, seat)
    decks.discard_outcomes(state, seat, [cid])
    number = state.content.outcome[cid].number
    ok = number >= e.min
    state.log(f"Outcome card {number}: {'success' if ok else 'failure'}.")
    state.run(e.success if ok else e.failure)


@TRIGGERED.handles(cards.DrawEquipment)
def draw_equipment(state: PLState, e: cards.DrawEquipment) -> None:
    """Draw cards to keep 1: seen only by the drawer until one is kept."""
    seat, _ = _acting(state)
    drawn = [c for c in (decks.draw_from(state, "equipment") for _ in range(e.n)) if c]
    if len(drawn) == 1:
        equipment.acquire(state, seat, drawn[0])
    elif drawn:
        state.log(f"{state.seat_name(seat)} draws {len(drawn)} Equipment cards to keep 1.")
        state.log("Drawn: " + ", ".join(state.card_name(c) for c in drawn) + ".", to=[seat])
        hold_drawn(state, seat, drawn)
        state.push({"kind": "keep", "seat": seat, "source": "drawn", "private": True})


@TRIGGERED.handles(cards.DrawRarity)
def draw_rarity(state: PLState, e: cards.DrawRarity) -> None:
    seat, _ = _acting(state)
    rarity = decks.draw_from(state, "rarity")
    if rarity:
        equipment.acquire(state, seat, rarity)


@TRIGGERED.handles(cards.ShopTake)
def shop_take(state: PLState, e: cards.ShopTake) -> None:
    """The payer looks into every Shop (the others must not see them) and keeps 1 card."""
    seat, _ = _acting(state)
    for city in CITIES:
        peek_shop(state, seat, city)
    frame = {
        "kind": "keep",
        "seat": seat,
        "source": "shops",
        "cities": list(CITIES),
        "private": True,
    }
    if keep_cards(state, frame):
        state.push(frame)


@TRIGGERED.handles(cards.TakeTucked)
def take_tucked(state: PLState, e: cards.TakeTucked) -> None:
    seat, card = _acting(state)
    tucked = state.data["tucked"].get(card, [])
    if tucked:
        state.push(
            {"kind": "keep", "seat": seat, "cards": list(tucked), "source": "tucked", "card": card}
        )


@TRIGGERED.handles(cards.TakeGemsHere)
def take_gems_here(state: PLState, e: cards.TakeGemsHere) -> None:
    seat, card = _acting(state)
    n = state.data["card_gems"].pop(card, 0)
    state.context()["found"] = n
    state.gain(seat, n, "found in the wreck")


@TRIGGERED.handles(cards.Market)
def market(state: PLState, e: cards.Market) -> None:
    """A card at random from the Equipment discards."""
    seat, _ = _acting(state)
    pile = state.data["decks"]["equipment"]["discard"]
    if pile:
        equipment.acquire(state, seat, pile.pop(state.rng.below(len(pile))))


@TRIGGERED.handles(cards.Smith)
def smith(state: PLState, e: cards.Smith) -> None:
    """A bonus for the character's fights of the player's next turn."""
    seat, _ = _acting(state)
    player = state.player(seat)
    char = str(state.context().get("char", "pauper"))
    player["smith"] = {"char": char, "turn": player["turns"] + 1, "bonus": e.bonus}


@TRIGGERED.handles(cards.MissTurn)
def miss_turn(state: PLState, e: cards.MissTurn) -> None:
    seat, _ = _acting(state)
    state.player(seat)["misses_turn"] = True
    state.log(f"{state.seat_name(seat)}'s Pauper will miss their next turn.")


@TRIGGERED.handles(cards.SellTrophy)
def sell_trophy(state: PLState, e: cards.SellTrophy) -> None:
    seat, _ = _acting(state)
    found = [
        c for c in state.player(seat)["trophies"] if state.content.region_card[c].name == e.hazard
    ]
    if found:
        state.push(_pick(seat, "trophies", f"sell:{e.gems}", found[:1], 1, optional=True))


@TRIGGERED.handles(cards.LearnRecipe)
def learn_recipe(state: PLState, e: cards.LearnRecipe) -> None:
    seat, _ = _acting(state)
    learning = [r["recipe"] for r in state.player(seat)["recipes"] if not r["learned"]]
    if learning:
        state.push(_pick(seat, "recipes", "learn at once", learning, 1))


@TRIGGERED.handles(cards.ReturnOutcomes)
def return_outcomes(state: PLState, e: cards.ReturnOutcomes) -> None:
    seat, _ = _acting(state)
    deck = state.player(seat)["outcome_deck"]
    pile = piles.discards(deck)
    if len(pile) <= e.n:  # no choice: every discard goes back
        piles.set_discards(deck, [])
        decks.return_outcomes(state, seat, pile)
    else:
        state.push({"kind": "return-outcomes", "seat": seat, "n": e.n, "chosen": []})


@TRIGGERED.handles(cards.Rescue)
def rescue(state: PLState, e: cards.Rescue) -> None:
    context = state.context()
    seat, _ = _acting(state)
    char = str(context.get("char", "pauper"))
    quests.check_wild(state, seat, char, "rescue", context.get("region"))  # type: ignore[arg-type]


@TRIGGERED.handles(cards.Shipwreck)
def shipwreck(state: PLState, e: cards.Shipwreck) -> None:
    """Treasure at Sea: Gems found in the wreck may be handed to the old pirate."""
    seat, _ = _acting(state)
    found = state.context().get("found", 0)
    if found:
        for city in CITIES:
            qid = state.data["quests"].get(city)
            if qid and state.content.quest[qid].objective.kind == "shipwreck":
                state.push({"kind": "treasure", "seat": seat, "city": city, "found": found})
                break


@TRIGGERED.handles(cards.Leave)
def leave(state: PLState, e: cards.Leave) -> None:
    state.context()["left"] = True


@TRIGGERED.handles(cards.Disaster)
def disaster(state: PLState, e: cards.Disaster) -> None:
    """Every card of the Regions of one type is lost; then 1 or 2 Quests are replaced."""
    data = state.data
    seat, _ = _acting(state)
    for region in state.content.wild_regions[e.region]:
        for c in list(data["tiles"][region]):
            if solo.protected(state, c):
                continue
            data["tiles"][region].remove(c)
            decks.discard_region_card(state, c)
    state.log(f"Natural disaster! Every card in the {e.region.capitalize()} Regions is lost.")
    state.push({"kind": "disaster", "seat": seat, "done": []})


@TRIGGERED.handles(cards.SendHome)
def send_home(state: PLState, e: cards.SendHome) -> None:
    seat, _ = _acting(state)
    char = str(state.context().get("char", "pauper"))
    home = state.content.paupers[state.player(seat)["pauper"]].city
    state.set_position(seat, char, home)
    state.log(f"{state.seat_name(seat)}'s {char} is sent back to {home.capitalize()}.")


@TRIGGERED.handles(cards.DiscardEquipment)
def discard_equipment(state: PLState, e: cards.DiscardEquipment) -> None:
    seat, _ = _acting(state)
    held = [it["card"] for it in state.player(seat)["inventory"]]
    if held:
        state.push(_pick(seat, "inventory", "FAIL", held, e.n))


@TRIGGERED.handles(cards.DiscardTrophy)
def discard_trophy(state: PLState, e: cards.DiscardTrophy) -> None:
    seat, _ = _acting(state)
    region_card = state.content.region_card
    found = [
        c for c in state.player(seat)["trophies"] if e.type is None or region_card[c].type == e.type
    ]
    if found:
        state.push(_pick(seat, "trophies", "FAIL", found, 1))


@TRIGGERED.handles(cards.DiscardIngredient)
def discard_ingredient(state: PLState, e: cards.DiscardIngredient) -> None:
    seat, _ = _acting(state)
    found = [c for r in state.player(seat)["recipes"] for c in r["ingredients"]]
    if found:
        state.push(_pick(seat, "ingredients", "FAIL", found, e.n))


def _pick(
    seat: int, zone: str, why: str, candidates: list[str], n: int, optional: bool = False
) -> dict[str, Any]:
    frame: dict[str, Any] = {
        "kind": "pick",
        "seat": seat,
        "zone": zone,
        "why": why,
        "candidates": candidates,
        "n": n,
    }
    if optional:
        frame["optional"] = True
    return frame


@TRIGGERED.handles(cards.MoveHazard)
def move_hazard(state: PLState, e: cards.MoveHazard) -> None:
    """A hazard that won moves to another Region of its type with room; with several, the player
    whose character lost places it."""
    data = state.data
    seat, card = _acting(state)
    region = state.context().get("region")
    room = [
        r
        for r in state.content.wild_regions[e.region]
        if r != region and len(data["tiles"][r]) < state.content.regions[r].tiles
    ]
    if len(room) == 1:
        exploring.move_hazard(state, card, region, room[0])  # type: ignore[arg-type]
    elif room:
        state.push(
            {"kind": "relocate", "seat": seat, "card": card, "from": region, "candidates": room}
        )


@TRIGGERED.handles(cards.ClearRegion)
def clear_region(state: PLState, e: cards.ClearRegion) -> None:
    data = state.data
    _, card = _acting(state)
    region = str(state.context().get("region"))
    for c in list(data["tiles"][region]):
        if c != card and not solo.protected(state, c):
            data["tiles"][region].remove(c)
            decks.discard_region_card(state, c)
    state.log(f"The {state.card_name(card)} clears {state.content.regions[region].name}.")


@TRIGGERED.handles(cards.PlaceGems)
def place_gems(state: PLState, e: cards.PlaceGems) -> None:
    _, card = _acting(state)
    state.data["card_gems"][card] = e.n


@TRIGGERED.handles(cards.TuckEquipment)
def tuck_equipment(state: PLState, e: cards.TuckEquipment) -> None:
    _, card = _acting(state)
    drawn = (decks.draw_from(state, "equipment") for _ in range(e.n))
    state.data["tucked"][card] = [c for c in drawn if c]


@TRIGGERED.handles(cards.TravelToCity)
def travel_to_city(state: PLState, e: cards.TravelToCity) -> None:
    seat, _ = _acting(state)
    char = str(state.context().get("char", "pauper"))
    state.push({"kind": "goto", "seat": seat, "char": char})
