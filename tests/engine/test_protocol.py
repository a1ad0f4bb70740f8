"""The state/action protocol, on the engine's test game (Secret Bids)."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import Action, BadParameter, IllegalAction, UnknownGame, load, names
from tabletop.engine.rng import Rng


def bids(players: int = 2, rounds: int = 6, seed: int = 3):  # type: ignore[no-untyped-def]
    return load("toy-bids", players=players, rounds=rounds).new_state(seed)


class TestRegistry:
    def test_load_gives_a_shared_game(self) -> None:
        assert load("toy-bids", players=2) is load("toy-bids", players=2)
        assert "toy-bids" in names()

    def test_unknown_game_names_the_known_ones(self) -> None:
        with pytest.raises(UnknownGame, match=r"registered games: .*toy-bids"):
            load("chess-960")

    def test_bad_parameters_are_named(self) -> None:
        with pytest.raises(BadParameter, match=r"unknown parameter.*colour"):
            load("toy-bids", colour="red")
        with pytest.raises(BadParameter, match="'players' must be <= 7"):
            load("toy-bids", players=9)
        with pytest.raises(BadParameter, match="'players' must be a int"):
            load("toy-bids", players="many")

    def test_parameters_from_the_command_line_are_coerced(self) -> None:
        assert load("toy-bids", players="3").params["players"] == 3


class TestPrompt:
    def test_simultaneous_choice_names_every_deciding_seat(self) -> None:
        state = bids(players=3)
        prompt = state.prompt()
        assert prompt.kind == "bid" and prompt.seats == (0, 1, 2) and prompt.turn == 0

    def test_a_committed_choice_is_hidden_from_the_others(self) -> None:
        state = bids()
        card = state.legal_actions(1)[0]["card"]
        state.apply(Action.of("bid", card=card), 1)
        assert state.prompt().seats == (0,)
        assert state.view(0)["commitments"] == {"committed": [1], "mine": None}
        assert "bids" not in state.view(0)
        # what seat 1 committed cannot be told apart from any other card it might have bid
        for i in range(5):
            other = state.resample(0, Rng(i))
            assert json.dumps(other.view(0), sort_keys=True) == json.dumps(
                state.view(0), sort_keys=True
            )
        assert state.view(1)["commitments"]["mine"] == {"kind": "bid", "args": {"card": card}}

    def test_a_decision_can_belong_to_another_seat_than_the_turn(self) -> None:
        state = load("toy-bids", players=2).build_state({"hands": [[9, 1, 1], [1, 2, 3]]}, 0)
        state.apply(Action.of("bid", card=1), 0)
        state.apply(Action.of("bid", card=3), 1)  # seat 0 bid lowest... turn is 0 -> next round
        state2 = load("toy-bids", players=2).build_state({"hands": [[9, 1, 1], [1, 2, 3]]}, 0)
        state2.apply(Action.of("bid", card=9), 0)
        state2.apply(Action.of("bid", card=2), 1)
        prompt = state2.prompt()
        assert prompt.seats == (1,) and prompt.turn == 0 and prompt.kind == "steal-or-pass"
        assert state.prompt().kind == "bid"


class TestApply:
    def test_illegal_action_is_refused_with_a_reason_and_changes_nothing(self) -> None:
        state = bids()
        before = state.dumps()
        with pytest.raises(IllegalAction, match=r"bid\(card=99\) is not legal for Seat 1 at 'bid'"):
            state.apply(Action.of("bid", card=99), 0)
        assert state.dumps() == before
        assert isinstance(IllegalAction("x"), ValueError)

    def test_simultaneous_prompts_need_the_seat(self) -> None:
        state = bids()
        with pytest.raises(IllegalAction, match="decide at once"):
            state.apply(state.legal_actions(0)[0])

    def test_out_of_turn_is_refused(self) -> None:
        # (a seat that has committed its bid may still change it: see test_commitments.py)
        state = load("toy-bids", players=2).build_state({"hands": [[9, 1, 1], [1, 2, 3]]}, 0)
        state.apply(Action.of("bid", card=9), 0)
        state.apply(Action.of("bid", card=2), 1)
        assert state.prompt().seats == (1,)
        with pytest.raises(IllegalAction, match="Seat 1 may not act now"):
            state.apply(Action.of("pass"), 0)

    def test_the_game_over_refuses_everything(self) -> None:
        state = bids(rounds=1)
        state.apply(state.legal_actions(0)[0], 0)
        state.apply(state.legal_actions(1)[0], 1)
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
        with pytest.raises(IllegalAction, match="game is over"):
            state.apply(Action.of("pass"), 0)
        assert state.outcome().reason == "rounds"

    def test_outcome_before_the_end_is_an_error(self) -> None:
        with pytest.raises(ValueError, match="not over"):
            bids().outcome()


class TestCloneAndJson:
    def test_clone_is_equal_and_independent(self) -> None:
        state = bids()
        twin = state.clone()
        assert twin == state
        twin.apply(twin.legal_actions(0)[0], 0)
        assert twin != state and state.num_actions() == 0

    def test_json_round_trip(self) -> None:
        state = bids()
        state.apply(state.legal_actions(0)[0], 0)
        back = state.game.state_from_json(json.loads(state.dumps()))
        assert back == state and back.history() == state.history()

    def test_json_for_another_game_is_refused(self) -> None:
        blob = bids().to_json()
        blob["game"] = "other"
        with pytest.raises(ValueError, match="is for 'other'"):
            load("toy-bids", players=2).state_from_json(blob)


class TestViews:
    def test_a_seat_sees_its_own_hand_only(self) -> None:
        state = bids()
        mine, theirs = state.view(0), state.view(1)
        assert mine["hand"] == state.data["hands"][0]
        assert str(state.data["hands"][1]) not in json.dumps(mine["hand"])
        assert state.view(None)["hand"] is None
        assert theirs["actions"] and mine["prompt"]["kind"] == "bid"

    def test_resampling_keeps_the_view_and_changes_hidden_cards(self) -> None:
        state = bids(players=3)
        changed = 0
        for i in range(10):
            other = state.resample(0, Rng(i))
            assert json.dumps(other.view(0), sort_keys=True) == json.dumps(
                state.view(0), sort_keys=True
            )
            changed += other != state
        assert changed

    def test_resampling_always_draws_the_dice_to_come_afresh(self) -> None:
        """The future draws are hidden from every seat: a resampled world never carries the
        true RNG, in any game, so a search cannot plan against the real dice."""
        state = bids(players=3)
        for seat in (0, 1, None):
            worlds = [state.resample(seat, Rng(i)) for i in range(5)]
            assert all(w.rng != state.rng for w in worlds)
            assert len({w.rng.state for w in worlds}) == len(worlds)
