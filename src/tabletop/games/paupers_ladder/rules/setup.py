"""Setting Up the Game and Starting the Game (the rulebook's sections). Each player chooses a
Pauper (with its Outcome deck, starting Gems and Equipment), then, in reverse order, a Bird; the
Recipe draft (choose 1 of 4 in secret, pass the rest left, until everyone has 3 Recipes In
Learning) deals the Dispensary; then each player may buy 1 card from their City Shop. Before all
that, :func:`lay_out_board` lays out the board: the decks, the Shops, the Quests, the Birds and
Paupers on offer (the game's ``new_state`` starts every game with it)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tabletop.engine import Action, Rng, Zones, piles
from tabletop.engine.actions import action_of
from tabletop.engine.knowledge import ZONES, bit
from tabletop.engine.piles import new_pile

from .. import hidden
from ..content import CITIES, WILD, Boost, Content
from ..state import PLState, new_game
from . import cities, decks, solo, turn

# The rulebook's first-game Bird set (Setting Up the Game)
FIRST_GAME_BIRDS = ("canary", "crow", "magpie", "swift")


@lru_cache(maxsize=64)
def rest_cards(content: Content, deck: str) -> tuple[str, ...]:
    """A Region deck's Rest cards, which only Survival Mode plays with (the content alone
    decides them: worked out once, not at every set-up)."""
    return tuple(c for c in content.deck_lists[deck] if content.region_card[c].kind == "rest")


def _blank(content: Content, params: Mapping[str, Any]) -> dict[str, Any]:
    """The state's records before the board is laid out: one per player, and by mode the Lives
    and the solo track."""
    data: dict[str, Any] = dict(new_game(params["mode"], int(params["players"])))
    if params["mode"] != "standard":
        lives = int(content.solo["survival"]["lives"])
        if params["mode"] == "solo":
            difficulty = content.solo["difficulties"][params["difficulty"]]
            lives = int(difficulty["lives"])
            data["solo"] = {
                "scenario": params["scenario"],
                "difficulty": params["difficulty"],
                "time": int(difficulty["time"]),
                "allowance": int(difficulty["time"]),
                "max_lives": lives,
                "bought": [],
            }
        for player in data["players"]:
            player["lives"] = {"pauper": lives, "bird": lives}
    return data


def lay_out_board(content: Content, params: Mapping[str, Any], rng: Rng) -> dict[str, Any]:
    """Setting Up the Game, the board: each Region deck shuffled (without its Rest cards outside
    Survival Mode), the City Shops dealt face down, a Quest on each City, the Recipe deck, the
    Birds and the Paupers on offer."""
    data = _blank(content, params)
    players = int(params["players"])
    for deck in WILD:
        cards = list(content.deck_lists[deck])
        rest = list(rest_cards(content, deck)) if params["mode"] != "survival" else []
        if rest:
            cards = [c for c in cards if c not in rest]
        rng.shuffle(cards)
        data["decks"][deck] = {"draw": " ".join(cards), "discard": [], "removed": rest}
    equipment = list(content.equipment_list)
    rng.shuffle(equipment)
    rarities = [c for c in content.rarity_list if c != "rar.dragonsbane"]
    rng.shuffle(rarities)
    four = ["rar.dragonsbane", *rarities[:3]]
    rng.shuffle(four)
    # each Shop: its Rarity at the bottom, 4 Equipment on top, face down (hidden.py)
    hidden.create_shops(
        data,
        players,
        {city: [four[i]] + [equipment.pop() for _ in range(4)] for i, city in enumerate(CITIES)},
    )
    data["decks"]["equipment"] = new_pile(equipment, compact=True)
    data["decks"]["rarity"] = new_pile(rarities[3:], compact=True)
    quests = list(content.quest_list)
    rng.shuffle(quests)
    for city in CITIES:
        data["quests"][city] = quests.pop()
    data["decks"]["quest"] = new_pile(quests, compact=True)
    recipes = list(content.recipe_list)
    rng.shuffle(recipes)
    data["decks"]["recipe"] = new_pile(recipes, compact=True)
    birds = list(content.birds)
    rng.shuffle(birds)
    # the top 4 are shown; no rule uses the others again: they stay in the box, not the state
    data["birds_shown"] = birds[:4]
    if params["first_game_birds"]:  # set-up: "if this is your first game, search the deck"
        data["birds_shown"] = [b for b in FIRST_GAME_BIRDS if b in content.birds]
    side = "2" if players == 2 else "3-4"
    if params["mode"] == "solo":
        side = content.solo["difficulties"][params["difficulty"]]["side"]
    data["paupers_shown"] = [p.id for p in content.paupers.values() if p.side == side]
    data["tiles"] = {r.id: [] for r in content.regions.values() if r.type != "city"}
    return data


def paupers_offered(state: PLState) -> list[Action]:
    data = state.data
    return [action_of("pauper", pauper=x) for x in data["paupers_shown"] if x not in data["taken"]]


def choose_pauper(state: PLState, seat: int, pid: str) -> None:
    """A Pauper chosen: its City, starting Gems, Outcome deck and Equipment's charges (solo: the
    scenario's set-up); when all have chosen, the Birds in reverse order."""
    data = state.data
    who = state.seat_name(seat)
    player = state.player(seat)
    pauper = state.content.paupers[pid]
    player["pauper"] = pid
    data["taken"].append(pid)
    player["position"] = player["bird_position"] = pauper.city
    player["gems"] = state.content.number["starting_gems"]
    cards = list(state.content.outcome_lists[pauper.colour])
    state.rng.shuffle(cards)
    player["outcome_deck"] = piles.new_pile(cards, compact=True, compact_discards=True)
    if data["mode"] == "solo":
        solo.set_up(state, seat)
    for e in pauper.equipment.abilities:
        if type(e) is Boost and e.charges:
            player["charges"] = int(e.charges)
    state.log(f"{who} plays {pauper.name} ({pauper.trade}) from {pauper.city.capitalize()}.")
    data["order"].pop(0)
    if not data["order"]:
        data["phase"] = "bird"
        data["order"] = list(reversed(range(state.player_count())))


def birds_offered(state: PLState) -> list[Action]:
    taken = {p["bird"] for p in state.data["players"]}
    return [action_of("bird", bird=b) for b in state.data["birds_shown"] if b not in taken]


def choose_bird(state: PLState, seat: int, bird: str) -> None:
    data = state.data
    state.player(seat)["bird"] = bird
    state.log(f"{state.seat_name(seat)} takes the {bird}.")
    data["order"].pop(0)
    if not data["order"]:
        _start_draft(state)


def _start_draft(state: PLState) -> None:
    # The draft hands live in knowledge zones: who knows which hand (its holder; the seat
    # that passed it on) is kept there, so views, resampling and undo follow from it.
    data = state.data
    data["phase"] = "draft"
    size = state.content.number["draft_hand"]
    zones = Zones(data, state.player_count())
    for s in range(state.player_count()):
        cards = [str(piles.draw(data["decks"]["recipe"], state.rng)) for _ in range(size)]
        zones.create(f"hand:{s}", pool="recipes")
        for c in cards:
            zones.put(f"hand:{s}", c, known=bit(s), how="looked")
        state.player(s)["draft_pick"] = None


def _end_draft(state: PLState) -> list[str]:
    """The cards left in the draft hands, the zones gone."""
    rest = [c for s in range(state.player_count()) for c in hidden.hand(state, s)]
    for s in range(state.player_count()):
        del state.data[ZONES][f"hand:{s}"]
    return rest


def draft_pick(state: PLState, seat: int, recipe: str) -> None:
    state.player(seat)["draft_pick"] = recipe


def draft_reveal(state: PLState) -> None:
    """Every pick is revealed and the hands pass left; with the draft done, the Dispensary is
    dealt (solo: the rest is discarded) and the first purchases begin."""
    data = state.data
    n = state.player_count()
    zones = Zones(data, n)
    for s in range(n):
        player = state.player(s)
        zones.take(f"hand:{s}", player["draft_pick"], seen_by=bit(s))
        player["recipes"].append(
            {"recipe": player["draft_pick"], "ingredients": [], "learned": False, "learned_at": 0}
        )
        state.log(f"{state.seat_name(s)} chooses {state.card_name(player['draft_pick'])} to learn.")
        player["draft_pick"] = None
    hands = [
        (data[ZONES][f"hand:{s}"]["items"], data[ZONES][f"hand:{s}"]["known"]) for s in range(n)
    ]
    for s in range(n):
        to = (s + 1) % n
        data[ZONES][f"hand:{to}"]["items"], data[ZONES][f"hand:{to}"]["known"] = hands[s]
        zones.learn(f"hand:{to}", bit(to), "passed")  # the passer still knows it too
    if data["mode"] == "solo" and len(state.player(0)["recipes"]) >= 3:
        rest = _end_draft(state)
        decks.discard_to(state, "recipe", rest)
        state.log("The other Recipe is discarded: " + ", ".join(state.card_name(c) for c in rest))
        data["phase"] = "buy"
        data["order"] = [0]
        hidden.peek_shop(state, 0, solo.first_shop_city(state, 0))
        state.log("You may buy 1 card before your first turn.")
        return
    if len(state.player(0)["recipes"]) >= state.content.number["learning_limit"]:
        _deal_dispensary(state)


def _deal_dispensary(state: PLState) -> None:
    data = state.data
    n = state.player_count()
    rest = _end_draft(state)
    deck = data["decks"]["recipe"]
    cards = piles.cards(deck) + rest
    state.rng.shuffle(cards)
    deck["draw"] = ""
    stacks: list[list[str]] = [[], [], [], []]
    for i, c in enumerate(cards):
        stacks[i % 4].append(c)
    hidden.create_dispensary(data, n, stacks)
    data["phase"] = "buy"
    data["order"] = list(range(n))
    for s in range(n):
        hidden.peek_shop(state, s, state.content.paupers[state.player(s)["pauper"]].city)
    state.log("The Dispensary is dealt. Each player may buy 1 card in their City.")


def first_purchase_offer(state: PLState, seat: int) -> list[Action]:
    city = solo.first_shop_city(state, seat)
    return [
        *(action_of("buy", card=c) for c in cities.buyable(state, seat, "pauper", city, 0)),
        action_of("pass"),
    ]


def first_purchase(state: PLState, seat: int, action: Action) -> None:
    """Starting the Game: each player may buy 1 card from their City Shop."""
    data = state.data
    if action.kind == "buy":
        city = solo.first_shop_city(state, seat)
        cities.buy(state, seat, "pauper", city, action["card"], 0)
    data["order"].pop(0)
    if not data["order"] and not data["stack"]:
        turn.begin_play(state)
