"""The state's data, typed: what every key of ``state.data`` holds, and the one place its blank
records are built (a new game, a new turn, a new fight), used by ``PaupersLadder.new_state``, the
turn and the scenario builder alike.

The data stays plain JSON (dicts, lists, strings, numbers), cheap to clone and to save; these
TypedDicts only name it. The keys are short because saved games and golden playthroughs hold them;
each is spelt out here.
"""

from __future__ import annotations

from typing import Any, TypedDict

from tabletop.engine.piles import new_pile

Pile = dict[str, Any]  # see tabletop.engine.piles: {"draw", "discard", "removed"}


class InventoryCard(TypedDict):
    c: str  # the card id
    u: int  # uses so far (a 2-use card is rotated after the first)
    g: int  # Gems on the card (bang bombs)


class RecipeRecord(TypedDict):
    r: str  # the Recipe card id
    ing: list[str]  # ingredients tucked under it (Region card ids)
    learned: bool
    at: int  # the player's turn count when learned (usable from the next turn)


class Player(TypedDict, total=False):
    pauper: str | None
    bird: str | None
    trained: bool  # the Bird is trained
    gems: int  # the Purse
    pos: str | None  # the Pauper's Region
    bpos: str | None  # the Bird's Region
    out: Pile  # the Outcome deck
    outk: list[str]  # the Outcome cards this player knows on top of its deck, top first
    rk: dict[str, list[str]]  # per Region deck, the cards this player knows on top
    rec: list[RecipeRecord]  # the Recipe Book
    inv: list[InventoryCard]  # the Inventory
    troph: list[str]  # the Trophy Room
    journal: list[str]  # completed Quests
    virtues: list[str]
    pick: str | None  # the Recipe picked in the draft, until all have picked
    turns: int  # turns started so far
    miss: bool  # the Pauper misses the next turn
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
    hz: str  # the hazard's card id
    region: str
    str: int  # the Strength so far
    cards: list[str]  # Outcome cards drawn
    charm: dict[str, Any] | None  # the lucky charm's face, once rolled
    boosts: list[str]  # boosts used
    weapon: str | None
    bonus: int  # ability and weapon bonuses
    hs: int  # solo: the necromancer's Strength this fight
    hcards: list[str]  # solo: the necromancer's Outcome cards


class GameData(TypedDict, total=False):
    phase: str  # pauper, bird, draft, buy, play, over
    round: int
    turn: int | None  # the seat whose turn it is
    mode: str  # standard, survival, solo
    order: list[int]  # seats still to choose in a set-up step
    players: list[Player]
    decks: dict[str, Pile]  # Region decks by type, equipment, rarity, quest, recipe
    tiles: dict[str, list[str]]  # face-up Region cards per wild Region
    cardgems: dict[str, int]  # Gems lying on a Region card
    tucked: dict[str, list[str]]  # Equipment tucked under a Region card
    shops: dict[str, list[str]]  # each City Shop's cards (face down)
    shopk: dict[str, list[int]]  # per Shop card, the seats (bits) that have seen it
    quests: dict[str, str | None]  # each City's Quest
    dispensary: list[list[str]]  # 4 stacks, the top (last) face up
    stack: list[dict[str, Any]]  # open decisions (frames), the last on top
    q: list[str | dict[str, Any]]  # card effects waiting to run (refs) and rule steps (mappings)
    ctx: dict[str, Any] | None  # who meets which card where, while its effects run
    fight: Fight | None
    ts: TurnState | None
    taken: list[str]  # Paupers chosen
    paupers_shown: list[str]
    birds_shown: list[str]
    birds_hidden: list[str]
    log: list[dict[str, Any]]
    log_n: int
    solo: dict[str, Any]  # solo: scenario, difficulty, Time, and the scenario's own pieces


def new_player() -> Player:
    """A seat before it chooses its Pauper."""
    return {
        "pauper": None,
        "bird": None,
        "trained": False,
        "gems": 0,
        "pos": None,
        "bpos": None,
        "out": new_pile([], compact=True, compact_discards=True),
        "outk": [],
        "rk": {},
        "rec": [],
        "inv": [],
        "troph": [],
        "journal": [],
        "virtues": [],
        "pick": None,
        "turns": 0,
        "miss": False,
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
        "cardgems": {},
        "tucked": {},
        "shops": {},
        "shopk": {},
        "quests": {},
        "dispensary": [[], [], [], []],
        "stack": [],
        "q": [],
        "ctx": None,
        "fight": None,
        "ts": None,
        "taken": [],
        "paupers_shown": [],
        "birds_shown": [],
        "birds_hidden": [],
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
        "hz": hz,
        "region": region,
        "str": 0,
        "cards": [],
        "charm": None,
        "boosts": [],
        "weapon": None,
        "bonus": 0,
    }
