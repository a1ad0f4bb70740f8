"""4: Bird Cards. A Bird explores, shops, fights and completes Quests like a Pauper, but uses no
Equipment or Recipes and never pays to move further. You may pay 4 Gems at any time during your
turn to train it (a free action); a trained Bird has its card's ability (the swift moves further,
the magpie collects a Gem when it neither moved nor fought, and so on)."""

from __future__ import annotations

from tabletop.engine.effects import Effect

from ..abilities import amount
from ..content import BirdMoves, IdleGems
from ..state import PLState


def may_train(state: PLState, seat: int) -> bool:
    player = state.data["players"][seat]
    return not player["trained"] and player["gems"] >= state.content.number["bird_training_cost"]


def train(state: PLState, seat: int) -> None:
    player = state.player(seat)
    player["gems"] -= state.content.number["bird_training_cost"]
    player["trained"] = True
    state.log(f"{state.seat_name(seat)} trains the {player['bird']} for 4 Gems.")


def move_limit(state: PLState, seat: int) -> int:
    """How many Regions the Bird may move this turn (1; more when trained to)."""
    return bird_move_limit(state.having(seat, "bird", BirdMoves))


def turn_ends(state: PLState, seat: int) -> None:
    """The trained magpie: if it did not move or fight this turn, collect its Gems."""
    turn = state.data["turn_state"]
    if turn["moved"] or turn["fought"]:
        return
    for key, e in state.having(seat, "bird", IdleGems):
        if not state.used(key):
            state.use(key)
            state.gain(seat, amount(e), "trained magpie")


def bird_move_limit(abilities: list[tuple[str, Effect]]) -> int:
    """How many Regions a Bird with these abilities in force may move in a turn (1; more when
    trained to: the swift)."""
    return max([1, *(amount(e) for _, e in abilities if type(e) is BirdMoves)])
