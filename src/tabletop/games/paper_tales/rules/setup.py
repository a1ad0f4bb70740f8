"""Set-up: the draw pile shuffled, every seat with its starting Gold and an empty Kingdom; with
Beyond the Gates' Buildings, 3 of the 7 tiles revealed so that everyone has the same 7 Buildings
(the four every Kingdom has, and those three); in solo, the Necropolis line and the Lich King
cards. Then the first turn begins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import new_rng

from ..state import new_data
from . import solo, turn

if TYPE_CHECKING:
    from .. import PaperTales
    from ..play import PTState

START_GOLD = 3
BASE_BUILDINGS = ("mine", "tavern", "temple", "town", "barracks")
FIXED_BUILDINGS = ("mine", "tavern", "temple", "town")  # Beyond the Gates: everyone's four
TILES_REVEALED = 3


def new_game(game: PaperTales, seed: int) -> PTState:
    from ..play import PTState

    rng = new_rng(seed)
    deck = game.content.deck(base=True, expansion=bool(game.params["new_units"]))
    tiles: list[str] = []
    if game.params["new_buildings"]:
        pool = sorted(b.id for b in game.content.buildings.values() if b.tile)
        rng.shuffle(pool)
        tiles = sorted(pool[:TILES_REVEALED])
        buildings = [*FIXED_BUILDINGS, *tiles]
    else:
        buildings = list(BASE_BUILDINGS)
    data = new_data(game.num_players, deck, buildings, tiles, START_GOLD, rng)
    state = PTState(game, dict(data), rng, seed)
    if game.params["mode"] == "solo":
        solo.setup(state, int(game.params["lich_cards"]))
    turn.advance(state)
    state.run_automata()
    return state
