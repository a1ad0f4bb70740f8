"""Playing a Turn (the rulebook's section): you take a turn with both your characters, in either
order; each character moves (optional), then explores. Between and during them you may take the
free actions (decisions.py lists them): learn a Virtue, train your Bird, discard Equipment (and, by
mode, drink a potion, buy Time, remove a card). When both characters have finished, play passes to
the next player. Also here: what follows every answer (:func:`after_answer`): the queued effects
run and the turn moves on until a decision is due."""

from __future__ import annotations

from tabletop.engine import Action

from ..abilities import amount, situation
from ..content import TurnGems
from ..state import PLState, new_turn
from . import birds, ending, equipment, exploring, moving, recipes, solo, virtues


def begin_play(state: PLState) -> None:
    """Starting the Game: the first player's first turn."""
    data = state.data
    data["phase"] = "play"
    data["round"] = 1
    data["turn"] = 0
    start_turn(state, 0)


def start_turn(state: PLState, seat: int) -> None:
    """A seat's turn begins: solo's Time moves, Gems that come each turn, a missed turn."""
    data = state.data
    player = state.player(seat)
    player["turns"] += 1
    data["turn"] = seat
    data["turn_state"] = new_turn()
    state.log(f"Round {data['round']}: {state.seat_name(seat)}'s turn.")
    solo.time_passes(state)
    for key, e in state.having(seat, "pauper", TurnGems):
        state.gain(
            seat,
            amount(e, situation(state.content, gems=player["gems"])),
            state.source_name(seat, key),
        )
    if player.get("misses_turn"):
        player["misses_turn"] = False
        data["turn_state"]["done"].append("pauper")
        state.log(f"{state.seat_name(seat)}'s Pauper misses this turn.")


def character_actions(state: PLState, seat: int) -> list[Action]:
    """A character's turn: moving (optional; the Pauper's Equipment), then exploring."""
    char = state.data["turn_state"]["char"]
    here = state.position(seat, char)
    out = moving.move_actions(state, seat, char, here)
    if char == "pauper":
        out += equipment.use_actions(state, seat)
    out += recipes.fragile_actions(state, here)
    out += exploring.explore_actions(state, seat, char, here)
    return out


def act(state: PLState, seat: int, char: str) -> None:
    """A character starts its part of the turn."""
    here = state.position(seat, char)
    state.data["turn_state"].update(
        char=char,
        stage="move",
        moves=0,
        visited=[here],
        warped=False,
        fought=False,
        moved=False,
    )


def finish_character(state: PLState) -> None:
    data = state.data
    turn = data["turn_state"]
    char = turn["char"]
    if char == "bird":
        birds.turn_ends(state, data["turn"])
    turn["done"].append(char)
    turn["char"] = None


def end_turn(state: PLState) -> None:
    """Play passes to the next player; after the last, a new round (or the round limit)."""
    data = state.data
    following = (data["turn"] + 1) % state.player_count()
    if following == 0:
        data["round"] += 1
        if data["round"] > state.content.number["round_limit"]:
            if data.get("solo"):
                ending.solo_over(state, False, "time")
            else:
                ending.game_over(state, None, "time")
            return
    start_turn(state, following)


def settle(state: PLState) -> None:
    """Run the queued effects and move the turn on until a decision is due (or the game ends):
    the first purchases done, play begins; a character that has explored finishes; a turn with
    both characters done and nothing left to learn or train ends."""
    data = state.data
    for _ in range(10_000):
        if data["stack"] or data["phase"] == "over":
            return
        if data["effect_queue"]:
            state.run_next()
            continue
        if data["phase"] == "buy" and not data["order"]:
            begin_play(state)
            continue
        if data["phase"] != "play":
            return
        turn = data["turn_state"]
        if turn["char"] is not None and turn["stage"] == "after":
            finish_character(state)
            continue
        if turn["char"] is None and len(turn["done"]) == 2:
            seat = data["turn"]
            if not birds.may_train(state, seat) and not virtues.learnable(state, seat):
                end_turn(state)
                continue
        return
    raise AssertionError("paupers-ladder: the rules did not settle")


def after_answer(state: PLState) -> None:
    """What follows every answer: the game settles; in solo, the objectives are checked once
    nothing is open (Winning the Game), and the game settles again."""
    settle(state)
    data = state.data
    if data["mode"] == "solo" and data["phase"] == "play" and not data["stack"]:
        solo.progress(state)
        settle(state)
