"""The state's data, typed: what every key of ``state.data`` holds, and the one place its blank
records are built (a new game, a new turn, a new fight), used by ``PaupersLadder.new_state``, the
turn and the scenario builder alike.

The data stays plain JSON (dicts, lists, strings, numbers), cheap to clone and to save; these
TypedDicts only name it. Games saved before the keys were spelt out (``ts``, ``q``, ``inv``, ...)
still load: :func:`upgrade` renames their keys by :data:`RENAMED` (``PaupersLadder.upgrade_data``).
"""

from __future__ import annotations

from typing import Any, TypedDict

from tabletop.engine.knowledge import Zones, bit
from tabletop.engine.piles import new_pile

Pile = dict[str, Any]  # see tabletop.engine.piles: {"draw", "discard", "removed"}


class InventoryCard(TypedDict):
    card: str  # the card id
    uses: int  # uses so far (a 2-use card is rotated after the first)
    gems: int  # Gems on the card (bang bombs)


class RecipeRecord(TypedDict):
    recipe: str  # the Recipe card id
    ingredients: list[str]  # ingredients tucked under it (Region card ids)
    learned: bool
    learned_at: int  # the player's turn count when learned (usable from the next turn)


class Player(TypedDict, total=False):
    pauper: str | None
    bird: str | None
    trained: bool  # the Bird is trained
    gems: int  # the Purse
    position: str | None  # the Pauper's Region
    bird_position: str | None  # the Bird's Region
    outcome_deck: Pile
    recipes: list[RecipeRecord]  # the Recipe Book
    inventory: list[InventoryCard]
    trophies: list[str]  # the Trophy Room
    journal: list[str]  # completed Quests
    virtues: list[str]
    virtue_rounds: dict[str, int]  # the round each Virtue was learnt in
    draft_pick: str | None  # the Recipe picked in the draft, until all have picked
    turns: int  # turns started so far
    misses_turn: bool  # the Pauper misses the next turn
    charges: int  # charges left on a starting boost (Dagris's potions)
    smith: dict[str, Any] | None  # a smith's bonus for the next turn
    lives: dict[str, int]  # Survival and solo: Lives per character


class TurnState(TypedDict, total=False):
    char: str | None  # the character acting now (None: between characters)
    done: list[str]  # the characters that have finished
    stage: str  # "move" until the character explores, then "after"
    moves: int  # Regions moved this character's turn
    visited: list[str]  # Regions this character has been in this turn
    free_used: int  # free extra moves used
    used: list[str]  # abilities (by source key) used this turn
    warped: bool  # swam or teleported (no walking after)
    fought: bool
    moved: bool
    time_bought: bool  # solo
    removed: bool  # solo: a card removed this turn
    healed: list[str]  # characters healed by the City healer this turn


class Fight(TypedDict, total=False):
    seat: int
    char: str
    hazard: str  # the hazard's card id
    region: str
    strength: int  # the Strength so far
    cards: list[str]  # Outcome cards drawn
    charm: dict[str, Any] | None  # the lucky charm's face, once rolled
    boosts: list[str]  # boosts used
    weapon: str | None
    bonus: int  # ability and weapon bonuses
    hazard_strength: int  # solo: the necromancer's Strength this fight (drawn, not printed)
    hazard_cards: list[str]  # solo: the necromancer's Outcome cards


class GameData(TypedDict, total=False):
    phase: str  # pauper, bird, draft, buy, play, over
    round: int
    turn: int | None  # the seat whose turn it is
    mode: str  # standard, survival, solo
    order: list[int]  # seats still to choose in a set-up step
    players: list[Player]
    decks: dict[str, Pile]  # Region decks by type, equipment, rarity, quest, recipe
    tiles: dict[str, list[str]]  # face-up Region cards per wild Region
    card_gems: dict[str, int]  # Gems lying on a Region card
    tucked: dict[str, list[str]]  # Equipment tucked under a Region card
    quests: dict[str, str | None]  # each City's Quest
    stack: list[dict[str, Any]]  # open decisions (frames), the last on top
    effect_queue: list[str | dict[str, Any]]  # card effects waiting to run (refs), rule steps
    effect_context: dict[str, Any] | None  # who meets which card where, while its effects run
    fight: Fight | None
    turn_state: TurnState | None
    taken: list[str]  # Paupers chosen
    paupers_shown: list[str]
    birds_shown: list[str]
    log: list[dict[str, Any]]
    log_n: int
    _zones: dict[str, Any]  # the knowledge zones (hidden.py): the Shops, the cards drawn to keep
    # 1, the known tops of decks, the Dispensary, solo face-down cards
    solo: dict[str, Any]  # solo: scenario, difficulty, Time, and the scenario's own pieces
    # (the Saltash Necromancer: ``necromancer``, ``necromancer_deck``, ``necromancer_lives``,
    # ``necromancer_defeated``, ``city_hazards``; the Fiery Siege: ``markers``, ``collected``,
    # ``siege``, ``dragonfire_learned``, ``inside_home``, ``dragonsbane_bought``)


def new_player() -> Player:
    """A seat before it chooses its Pauper."""
    return {
        "pauper": None,
        "bird": None,
        "trained": False,
        "gems": 0,
        "position": None,
        "bird_position": None,
        "outcome_deck": new_pile([], compact=True, compact_discards=True),
        "recipes": [],
        "inventory": [],
        "trophies": [],
        "journal": [],
        "virtues": [],
        "virtue_rounds": {},
        "draft_pick": None,
        "turns": 0,
        "misses_turn": False,
        "charges": 0,
        "smith": None,
    }


def new_game(mode: str, players: int) -> GameData:
    """The data of a game before set-up deals anything (see ``PaupersLadder.new_state``)."""
    return {
        "phase": "pauper",
        "round": 0,
        "turn": None,
        "mode": mode,
        "order": list(range(players)),
        "players": [new_player() for _ in range(players)],
        "decks": {},
        "tiles": {},
        "card_gems": {},
        "tucked": {},
        "quests": {},
        "stack": [],
        "effect_queue": [],
        "effect_context": None,
        "fight": None,
        "turn_state": None,
        "taken": [],
        "paupers_shown": [],
        "birds_shown": [],
        "log": [],
        "log_n": 0,
    }


def new_turn(done: list[str] | None = None) -> TurnState:
    """The turn state at the start of a turn (``done``: characters that will not act)."""
    return {
        "char": None,
        "done": list(done or []),
        "stage": "move",
        "moves": 0,
        "visited": [],
        "free_used": 0,
        "used": [],
        "warped": False,
        "fought": False,
        "moved": False,
    }


def new_fight(seat: int, char: str, hz: str, region: str) -> Fight:
    return {
        "seat": seat,
        "char": char,
        "hazard": hz,
        "region": region,
        "strength": 0,
        "cards": [],
        "charm": None,
        "boosts": [],
        "weapon": None,
        "bonus": 0,
    }


def new_context(seat: int, char: str, card: str, region: str) -> dict[str, Any]:
    """Who meets which card where, while its effects run (``effect_context``); ``left`` turns
    true once the character has left the Region."""
    return {"seat": seat, "char": char, "card": card, "region": region, "left": False}


# The short keys of games saved before the state spelt its keys out, and their names now. Each old
# key named one thing wherever it stood (``hz`` the hazard of a fight, of a reward frame or of a
# queued step), so a saved game is upgraded by renaming every mapping key found in this table.
RENAMED: dict[str, str] = {
    # a player
    "pos": "position",
    "bpos": "bird_position",
    "out": "outcome_deck",
    "outk": "outcome_known",
    "rk": "region_known",
    "rec": "recipes",
    "inv": "inventory",
    "troph": "trophies",
    "pick": "draft_pick",
    "miss": "misses_turn",
    # an Inventory card
    "c": "card",
    "u": "uses",
    "g": "gems",
    # a Recipe Book entry
    "r": "recipe",
    "ing": "ingredients",
    "at": "learned_at",
    # a fight (and the last fight)
    "hz": "hazard",
    "str": "strength",
    "hs": "hazard_strength",
    "hcards": "hazard_cards",
    # the game
    "shopk": "shop_known",
    "q": "effect_queue",
    "ctx": "effect_context",
    "ts": "turn_state",
    "cardgems": "card_gems",
    # solo scenarios' own pieces
    "city_hz": "city_hazards",
    "necro": "necromancer",
    "necro_out": "necromancer_deck",
    "necro_lives": "necromancer_lives",
    "necro_dead": "necromancer_defeated",
    "o1": "dragonfire_learned",
    "o2": "inside_home",
    "o3": "dragonsbane_bought",
}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """The data of a saved game in today's layout. A game saved with the short keys (it has
    ``ts``, which every game had from its first step) gets every key renamed by
    :data:`RENAMED`: only mapping keys change, values (card ids, a pick frame's ``zone``) and the
    keys of mappings keyed by data (Regions, decks, cards) stay, since none of those is a short
    key. A game saved before the Shops and the drawn cards were knowledge zones gets its zones
    (:func:`_into_zones`), one saved before the Dispensary and the solo face-down cards were
    zones gets those and loses the unused hidden Birds (:func:`_facedown_into_zones`); one saved
    before the round of each Virtue was kept gets an empty record of them. Anything else is
    returned as it is."""
    if "ts" in data:
        data = renamed_keys(data)
        assert isinstance(data, dict)
    if "shops" in data:
        _into_zones(data)
    if any("region_known" in p for p in data["players"]):
        _tops_into_zones(data)
    if "dispensary" in data:
        _facedown_into_zones(data)
    for p in data["players"]:
        p.setdefault("virtue_rounds", {})  # saved before the rounds were kept: not known
    return data


def _facedown_into_zones(data: dict[str, Any]) -> None:
    """The Dispensary's stacks (``dispensary``) and the solo face-down cards
    (``solo["facedown"]``, by Region) into their zones (hidden.py); the Birds not shown
    (``birds_hidden``) leave the state: no rule draws them, so there is nothing to hide."""
    from .hidden import create_dispensary, lay_facedown

    players = len(data["players"])
    stacks = data.pop("dispensary")
    if any(stacks):  # an empty Dispensary (before the draft ends, or solo) has no zones
        create_dispensary(data, players, stacks)
    data.pop("birds_hidden", None)  # no rule uses them: they went back to the box
    solo = data.get("solo")
    if solo and "facedown" in solo:
        lay_facedown(data, players, solo.pop("facedown"))


def _into_zones(data: dict[str, Any]) -> None:
    """The Shops' cards and who has seen each (``shops``, ``shop_known``), and the cards an open
    "draw 2, keep 1" or "keep 1 from the Shops" choice held in its frame, into the zones
    hidden.py keeps them in."""
    from .content import CITIES
    from .hidden import EQUIPMENT, SHOP

    players = len(data["players"])
    z = Zones(data, players)
    shops, known = data.pop("shops"), data.pop("shop_known")
    for city in CITIES:
        z.create(f"shop:{city}", pool=SHOP)
        for card, mask in zip(shops[city], known[city], strict=True):
            z.put(f"shop:{city}", card, known=mask)
    for f in data["stack"]:
        if f["t"] == "keep" and f.get("src") == "drawn":
            seat = f["seat"]
            z.create(f"drawn:{seat}", pool=EQUIPMENT)
            for card in f.pop("cards"):
                z.put(f"drawn:{seat}", card, known=bit(seat), how="looked")
        elif f["t"] == "keep" and f.get("src") == "shops":
            cards = set(f.pop("cards"))
            f["cities"] = [city for city in CITIES if cards & set(shops[city])]


def _tops_into_zones(data: dict[str, Any]) -> None:
    """The top cards of a deck that seats knew (each player's ``region_known`` and
    ``outcome_known``, top first, and an open reorder's ``cards``) onto the deck as its known
    top zone (hidden.py): as many cards as anyone knew leave the pile for the zone."""
    from tabletop.engine import piles

    from .content import WILD
    from .hidden import top_zone

    players = data["players"]
    reorders = [f for f in data["stack"] if f["t"] == "reorder"]
    tops: list[tuple[str, int | None, dict[str, Any], dict[int, int]]] = []
    for dk in WILD:
        known = {s: len(p["region_known"].get(dk, [])) for s, p in enumerate(players)}
        tops.append((dk, None, data["decks"][dk], known))
    for s, p in enumerate(players):
        tops.append(("outcome", s, p["outcome_deck"], {s: len(p["outcome_known"])}))
    for f in reorders:
        for deck, owner, _pile, known in tops:
            if f["deck"] == deck and (deck != "outcome" or owner == f["seat"]):
                known[f["seat"]] = max(known.get(f["seat"], 0), len(f["cards"]))
        f["count"] = len(f.pop("cards"))
    z = Zones(data, len(players))
    for deck, owner, pile, known in tops:
        depth = min(max(known.values(), default=0), piles.size(pile))
        if not depth:
            continue
        name = top_zone(deck, owner)
        z.create(name, pool=deck if deck != "outcome" else f"outcome:{owner}")
        cards = piles.cards(pile)
        piles.set_cards(pile, cards[: len(cards) - depth])
        for i, card in enumerate(cards[len(cards) - depth :]):  # bottom of the known top first
            from_top = depth - i
            mask = sum(bit(s) for s, k in known.items() if k >= from_top)
            z.put(name, card, known=mask)
    for p in players:
        p.pop("region_known", None)
        p.pop("outcome_known", None)


def renamed_keys(value: Any) -> Any:
    """``value`` with every mapping key of :data:`RENAMED` renamed, at any depth (a saved
    state's data, or a view saved with the old names)."""
    if isinstance(value, dict):
        return {RENAMED.get(k, k): renamed_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed_keys(v) for v in value]
    return value
