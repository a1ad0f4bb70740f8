"""Set-up: the draw pile shuffled, every seat with its starting Gold and an empty Kingdom; with
Beyond the Gates' Buildings, 3 of the 7 tiles revealed so that everyone has the same 7 Buildings
(the four every Kingdom has, and those three); in solo, the Necropolis line and the Lich King
cards. Then the first turn begins."""

from __future__ import annotations

from functools import lru_cache

from tabletop.engine import Game, new_rng
from tabletop.engine.piles import new_pile
from tabletop.engine.rng import Rng

from .. import hidden
from ..content import game_content
from ..state import LAYOUT, Data, PaperTalesState, new_player
from . import solo, turn

START_GOLD = 3
BASE_BUILDINGS = ("mine", "tavern", "temple", "town", "barracks")
FIXED_BUILDINGS = ("mine", "tavern", "temple", "town")  # Beyond the Gates: everyone's four
TILES_REVEALED = 3


def new_data(
    players: int, deck: list[str], buildings: list[str], tiles: list[str], gold: int, rng: Rng
) -> Data:
    """The data of a game at its start: shuffled draw pile, every seat with its starting Gold."""
    data: Data = {
        "layout": LAYOUT,
        "turn": 1,
        "phase": "setup",
        "deck": new_pile(deck, rng, compact=True, compact_discards=True),
        "players": [new_player(gold) for _ in range(players)],
        "draft": None,
        "pending": [],
        "buildings": list(buildings),
        "tiles": list(tiles),
        "solo": None,
        "log": [],
        "log_n": 0,
    }
    hidden.create(data, players)  # type: ignore[arg-type]
    return data


def buildings_of(game: Game, rng: Rng) -> tuple[list[str], list[str]]:
    """The Buildings of a game, in order, and the tiles revealed (Beyond the Gates)."""
    if not game.params["new_buildings"]:
        return list(BASE_BUILDINGS), []
    pool = sorted(b.id for b in game_content().buildings.values() if b.tile)
    rng.shuffle(pool)
    tiles = sorted(pool[:TILES_REVEALED])
    return [*FIXED_BUILDINGS, *tiles], tiles


@lru_cache(maxsize=2)
def _deck(expansion: bool) -> tuple[str, ...]:
    """The Unit cards of the draw pile, with or without Beyond the Gates' (static content: listed
    once per process, not at every set-up)."""
    return tuple(game_content().deck(base=True, expansion=expansion))


def blank_state(game: Game, seed: int, gold: int = START_GOLD) -> PaperTalesState:
    """A game set up and not yet begun (the scenario builder starts from it too)."""
    rng = new_rng(seed)
    deck = list(_deck(bool(game.params["new_units"])))
    buildings, tiles = buildings_of(game, rng)
    data = new_data(game.num_players, deck, buildings, tiles, gold, rng)
    state = PaperTalesState(game, dict(data), rng, seed)
    if game.params["mode"] == "solo":
        solo.setup(state, int(game.params["lich_cards"]))
    return state


def new_game(game: Game, seed: int) -> PaperTalesState:
    state = blank_state(game, seed)
    turn.advance(state)
    state.run_automata()
    return state
