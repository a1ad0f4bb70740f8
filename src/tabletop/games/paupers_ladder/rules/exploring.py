"""2: Exploring, Exploring Wild Regions and Encounters (the rulebook's sections). A character
that has finished moving explores its Region: a hazard there must be fought; otherwise it draws a
card onto an empty tile and encounters it, or encounters a face-up card already there (a City is
explored by shopping, completing a Quest or, with Lives, the healer). Drawn cards with APPEAR
instructions act first; an event offers its options; the Pauper and Bird icons limit who may
encounter a card; a toll bridge charges first. Solo adds Hiding From Hazards, the undead holding a
City and the face-down cards of a scenario."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tabletop.engine import Action
from tabletop.engine.actions import action_of
from tabletop.engine.effects import Effect

from .. import hidden
from ..abilities import amount
from ..content import CITIES, LearnRecipe, Pay, Recall, SellTrophy, TakeTucked, Toll, Transmute
from ..state import PLState, new_context, step
from ..steps import EncounterCard, EndDisaster, EndEvent
from . import cities, decks, equipment, fighting, quests, recipes, survival
from .scenarios import scenario_rules


def explore_actions(state: PLState, seat: int, char: str, here: str) -> list[Action]:
    """What a character may explore in its Region."""
    if state.data["mode"] == "solo":
        special = _solo_explore_actions(state, seat, char, here)
        if special is not None:
            return special
    if state.region_type(here) == "city":
        return _city_actions(state, seat, char, here)
    found = fighting.hazards_in(state, here)
    if found:
        return hazard_actions(state, seat, char, found)
    return _wild_actions(state, seat, char, here) or [action_of("pass")]


def _city_actions(state: PLState, seat: int, char: str, here: str) -> list[Action]:
    out = []
    if state.data["mode"] != "standard" and survival.may_heal_now(state, seat, char):
        out.append(action_of("heal"))
    out.append(action_of("shop"))
    for city in CITIES:
        if quests.completable(state, seat, char, city, here):
            out.append(action_of("quest", city=city))
    out.append(action_of("pass"))
    return out


def _wild_actions(state: PLState, seat: int, char: str, here: str) -> list[Action]:
    """A wild Region: draw onto an empty tile, encounter a face-up card, or (the Pauper's
    Recipes and Equipment) transmute an ingredient, recall a discard."""
    data = state.data
    out: list[Action] = []
    tiles = data["tiles"][here]
    deck = state.region_type(here)
    room = len(tiles) < state.content.regions[here].tiles
    if room and decks.deck_available(state, deck):
        out.append(action_of("draw"))
    for c in tiles:
        out.append(action_of("encounter", card=c))
    if char != "pauper":
        return out
    cards = state.content.region_card
    for key, _ in state.having(seat, "pauper", Transmute):
        if not state.used(key):
            for c in tiles:
                if cards[c].kind == "ingredient":
                    out.append(action_of("transmute", card=c, via=key))
            break
    if room:
        for key, e in state.having(seat, "pauper", Recall):
            pile = data["decks"][deck]["discard"]
            for c in pile[-amount(e) :][::-1]:
                if cards[c].kind not in ("disaster",):
                    out.append(action_of("recall", card=c, via=key))
            break
    return out


def hazard_actions(state: PLState, seat: int, char: str, found: list[str]) -> list[Action]:
    """A hazard must be fought (solo: or hidden from); one this character cannot fight is held
    back from."""
    out: list[Action] = []
    for hazard in found:
        if not fighting.can_fight(state, seat, char, hazard):
            out.append(action_of("withdraw", card=hazard))
            continue
        out.append(action_of("fight", card=hazard))
        if state.data["mode"] == "solo" and state.content.region_card[hazard].type != "trap":
            out.append(action_of("hide", card=hazard))
    return out


def _solo_explore_actions(state: PLState, seat: int, char: str, here: str) -> list[Action] | None:
    """Solo: a City held by an undead cannot be explored until it is defeated; a face-down card
    (no hazard beside it) is turned up."""
    hazard = state.data["solo"].get("city_hazards", {}).get(here)
    if hazard:
        return hazard_actions(state, seat, char, [hazard])
    if hidden.facedown_in(state, here) and not fighting.hazards_in(state, here):
        return [action_of("reveal", region=here)]
    return None


# ---------------------------------------------------------------- exploring, by what is chosen
def explore(state: PLState, seat: int, action: Action) -> None:
    """2: Exploring. The character's turn ends once this resolves; a toll is paid first."""
    turn = state.data["turn_state"]
    char = turn["char"]
    here = state.position(seat, char)
    turn["stage"] = "after"
    _toll(state, seat, here)
    EXPLORING[action.kind](state, seat, char, here, action)


def _toll(state: PLState, seat: int, here: str) -> None:
    for c in state.data["tiles"].get(here, ()):
        for e in state.content.region_card[c].ongoing:
            if type(e) is Toll:
                state.lose(seat, amount(e), "toll")


def _nothing(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    state.log(
        f"{state.seat_name(seat)}'s {char} explores {state.content.regions[here].name}: nothing."
    )


def _shop(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    cities.visit_shop(state, seat, char, here)


def _quest(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    quests.attempt(state, seat, action["city"])


def _heal(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    survival.heal(state, seat, char)


def _fight(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    fighting.start(state, seat, char, action["card"], here)


def _withdraw(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    state.log(f"The {char} cannot fight the {state.card_name(action['card'])}; its turn ends.")


def _hide(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    hide(state, seat, char, action["card"], here)


def _draw(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    cid = decks.draw_from(state, state.region_type(here))
    assert cid is not None
    place(state, here, cid, seat, char)


def _encounter(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    encounter(state, seat, char, action["card"], here)


def _recall(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    equipment.spend_item(state, seat, action["via"])
    state.data["decks"][state.region_type(here)]["discard"].remove(action["card"])
    state.log(f"{state.seat_name(seat)} drinks the recall potion.")
    place(state, here, action["card"], seat, char)


def _transmute(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    state.use(action["via"])
    decks.remove_tile(state, here, action["card"])
    decks.discard_region_card(state, action["card"])
    e = next(e for key, e in state.having(seat, "pauper", Transmute) if key == action["via"])
    state.gain(seat, amount(e), f"transmuting the {state.card_name(action['card'])}")


def _reveal(state: PLState, seat: int, char: str, here: str, action: Action) -> None:
    """Solo: the face-down card of a Region turned up and met (the necromancer gets its Lives)."""
    data = state.data
    cid = hidden.reveal_facedown(state, here)
    state.log(
        f"The face-down card in {state.content.regions[here].name} is the {state.card_name(cid)}!"
    )
    if cid == data["solo"].get("necromancer"):
        scenario = state.content.solo["scenarios"][data["solo"]["scenario"]]
        data["solo"]["necromancer_lives"] = int(scenario["necromancer_lives"])
    data["tiles"][here].append(cid)
    encounter(state, seat, char, cid, here)


Explore = Callable[[PLState, int, str, str, Action], None]
# what each kind of exploring action does (the character's decision offers them)
EXPLORING: dict[str, Explore] = {
    "pass": _nothing,
    "shop": _shop,
    "quest": _quest,
    "heal": _heal,
    "fight": _fight,
    "withdraw": _withdraw,
    "hide": _hide,
    "draw": _draw,
    "encounter": _encounter,
    "recall": _recall,
    "transmute": _transmute,
    "reveal": _reveal,
}


# ---------------------------------------------------------------- drawing and encountering
def place(state: PLState, region: str, cid: str, seat: int, char: str) -> None:
    """A drawn card placed face up (APPEAR first, then it is encountered); a place of rest set
    aside outside Survival Mode; a natural disaster strikes and leaves the game."""
    data = state.data
    card = state.content.region_card[cid]
    where = state.content.regions[region].name
    state.log(f"{state.seat_name(seat)}'s {char} draws {card.name} in {where}.")
    if card.kind == "rest" and data["mode"] != "survival":  # set aside outside Survival
        data["decks"][state.content.region_deck_of[cid]]["removed"].append(cid)
        return
    if card.kind == "disaster":
        state.run([*card.options[0].effects, step(EndDisaster, card=cid)])
        data["effect_context"] = {"seat": seat, "char": char, "card": cid, "region": region}
        return
    data["tiles"][region].append(cid)
    data["effect_context"] = new_context(seat, char, cid, region)
    rules = scenario_rules(state)  # a solo scenario's rule for a card drawn (a nest)
    if rules is not None:
        rules.drawn(state, seat, cid, region)
    state.run([*card.appear, step(EncounterCard, card=cid)])


def encounter(state: PLState, seat: int, char: str, cid: str, region: str) -> None:
    """Encounters: a hazard is fought (solo: or hidden from), an ingredient may be tucked, an
    event (for the character its icon allows) offers its options."""
    data = state.data
    card = state.content.region_card[cid]
    data["effect_context"] = new_context(seat, char, cid, region)
    state.log(f"{state.seat_name(seat)}'s {char} encounters {card.name}.")
    if card.kind == "hazard":
        if not fighting.can_fight(state, seat, char, cid):
            state.log(f"Your {char} cannot fight the {card.name}; its turn ends.")
            return
        if data["mode"] == "solo" and card.type != "trap":
            state.push({"kind": "hide", "seat": seat, "card": cid, "region": region, "char": char})
            return
        fighting.start(state, seat, char, cid, region)
        return
    if card.kind == "ingredient":
        recipes.meet_ingredient(state, seat, cid, region)
        return
    if card.icon == "pauper" and char != "pauper":
        state.log("Only a Pauper can encounter this: no effect.")
        return
    if card.icon == "bird" and not (char == "bird" and state.player(seat)["trained"]):
        state.log("Only a trained Bird can encounter this: no effect.")
        return
    state.push({"kind": "event", "seat": seat, "card": cid})


def hide(state: PLState, seat: int, char: str, hazard: str, region: str) -> None:
    """Hiding From Hazards: the lucky charm's neutral face finds no hiding place (the fight goes
    on); the wink finds a Gem."""
    face = state.roll_charm()
    state.log(f"Your {char} tries to hide: the lucky charm shows a {face['face']} face.")
    if face["face"] == "neutral":
        state.log("No hiding place: the fight goes on.")
        fighting.start(state, seat, char, hazard, region)
    elif face["face"] == "wink":
        state.gain(seat, 1, "found while hiding")


def move_hazard(state: PLState, card: str, source: str, destination: str) -> None:
    decks.remove_tile(state, source, card)
    state.data["tiles"][destination].append(card)
    state.log(f"The {state.card_name(card)} moves to {state.content.regions[destination].name}.")


# ---------------------------------------------------------------- an event's options
def event_options(state: PLState, seat: int, frame: Any) -> list[Action]:
    """Encounters: the options a player can pay for and carry out (a natural disaster must be
    met; other events may be walked away from); Survival: a place of rest."""
    player = state.player(seat)
    card = state.content.region_card[frame["card"]]
    out = []
    for i, option in enumerate(card.options):
        cost = sum(e.n for e in option.effects if type(e) is Pay)
        if player["gems"] >= cost and option_possible(state, seat, option.effects):
            out.append(action_of("option", n=i))
    if card.kind == "rest" and state.data["mode"] == "survival":
        char = state.data["effect_context"]["char"]
        if player["lives"][char] < survival.max_lives(state):
            out.insert(0, action_of("rest"))
    if card.kind != "disaster":
        out.append(action_of("decline"))
    return out


def option_possible(state: PLState, seat: int, effects: Iterable[Effect]) -> bool:
    """Whether an option's effects can be carried out: a trophy to sell, a card tucked here,
    a Recipe In Learning to learn."""
    player = state.player(seat)
    for e in effects:
        if type(e) is SellTrophy and not any(
            state.content.region_card[c].name == e.hazard for c in player["trophies"]
        ):
            return False
        if type(e) is TakeTucked and not state.data["tucked"].get(
            state.data["effect_context"].get("card"), []
        ):
            return False
        if type(e) is LearnRecipe and not any(not r["learned"] for r in player["recipes"]):
            return False
    return True


def choose_option(state: PLState, frame: Any, n: int) -> None:
    """An event's option: its effects run, then the card leaves when they say so."""
    card = state.content.region_card[frame["card"]]
    state.run([*card.options[n].effects, step(EndEvent, card=frame["card"])])


def rest(state: PLState, seat: int, frame: Any) -> None:
    char = state.data["effect_context"]["char"]
    survival.restore(state, seat, char, 1, f"resting at the {state.card_name(frame['card'])}")
