"""The fixed-size encodings behind both adapters: observations read only what a seat may see, and
every legal action of a decision gets its own number."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tabletop.adapters.encoding import (
    EncodingError,
    HashedViewEncoder,
    OrdinalCodec,
    TableCodec,
    encoding_for,
    legal_map,
)
from tabletop.engine import Action, Rng, load

from ..modes import game_cases


@pytest.mark.parametrize(("name", "params"), game_cases())
class TestEveryGameAndMode:
    def test_random_playout_encodes_every_decision(self, name: str, params: dict[str, Any]) -> None:
        """Through a whole random game: every legal action has a distinct number in range, the
        observation has the declared size, and a resampled world (others' secrets redrawn) gives
        the deciding seat and every other seat the same observation."""
        game = load(name, **params)
        enc = encoding_for(game)
        state = game.new_state(11)
        rng = Rng(5)
        step = 0
        while not state.is_terminal():
            seat = min(state.current_seats())
            legal = state.legal_actions(seat)
            numbers = enc.actions.indices(legal)
            assert len(set(numbers)) == len(legal)
            assert all(0 <= i < enc.actions.size for i in numbers)
            if step % 7 == 0:
                for s in range(game.num_players):
                    view = state.view(s)
                    assert view is not None
                    obs = enc.observation.encode(view)
                    assert obs.shape == (enc.observation.size,)
                    assert obs.dtype == np.float32
                    world = state.resample(s, Rng(step + 100 * s))
                    other = world.view(s)
                    assert other is not None
                    assert np.array_equal(obs, enc.observation.encode(other)), (
                        f"{name} step {step}: seat {s}'s observation changes when hidden "
                        "information is resampled"
                    )
            state.apply(legal[rng.below(len(legal))], seat)
            step += 1


class TestPaupersLadderHasItsOwnEncoding:
    def test_own_encoding_is_used(self) -> None:
        enc = encoding_for(load("paupers-ladder", players=2))
        assert enc.own
        names = [b.name for b in enc.observation.blocks]
        assert names == ["decision", "players", "private", "board", "turn", "solo"]

    def test_an_action_number_names_its_action(self) -> None:
        enc = encoding_for(load("paupers-ladder", players=2))
        state = load("paupers-ladder", players=2).new_state(3)
        legal = state.legal_actions()
        mapping = legal_map(enc.actions, legal)
        for number, action in mapping.items():
            assert enc.actions.label(number) == f"pauper(pauper={action['pauper']})"

    def test_the_draft_hand_is_private(self) -> None:
        """During the Recipe draft a seat's observation shows its own hand, and another seat's
        observation of the same moment differs only where the hands are, never by the cards."""
        game = load("paupers-ladder", players=2)
        enc = encoding_for(game)
        state = game.new_state(4)
        while state.prompt().kind != "draft":
            state.apply(state.legal_actions()[0])
        impl = enc.observation.impl
        at = sum(n for name, n, _ in impl.observation_blocks()[:2])
        hand0 = enc.observation.encode(state.view(0))[at : at + len(impl.recipes)]
        hand1 = enc.observation.encode(state.view(1))[at : at + len(impl.recipes)]
        cards0 = {impl.recipes.ids[i] for i in np.flatnonzero(hand0)}
        cards1 = {impl.recipes.ids[i] for i in np.flatnonzero(hand1)}
        assert cards0 == set(state.view(0)["players"][0]["hand"])
        assert cards1 == set(state.view(1)["players"][1]["hand"])
        assert not cards0 & cards1


class TestFallbacks:
    def test_a_game_without_encoding_gets_the_fallbacks(self) -> None:
        enc = encoding_for(load("toy-bids", players=2))
        assert not enc.own
        assert isinstance(enc.observation, HashedViewEncoder)
        assert isinstance(enc.actions, OrdinalCodec)

    def test_hashed_encoder_is_stable_and_ignores_order_of_a_hand(self) -> None:
        enc = HashedViewEncoder("g", size=64)
        a = enc.encode({"hand": ["x", "y"], "score": [1, 2], "log": ["ignored"]})
        b = enc.encode({"hand": ["y", "x"], "score": [1, 2], "log": ["other"]})
        c = enc.encode({"hand": ["y", "x"], "score": [2, 1]})
        assert np.array_equal(a, b)
        assert not np.array_equal(a, c)

    def test_ordinal_codec_refuses_too_many_actions(self) -> None:
        codec = OrdinalCodec("g", size=2)
        with pytest.raises(EncodingError, match="3 legal actions exceed"):
            codec.indices([Action.of("a", n=i) for i in range(3)])


class TestTableCodec:
    codec = TableCodec(
        "g",
        [
            ("pass", {}),
            ("move", {"to": ("a", "b", "c")}),
            ("reward", {"take": ("gems", "card"), "card": (None, "x", "y")}),
            ("order", 6),
        ],
    )

    def test_numbers_follow_the_slots(self) -> None:
        assert self.codec.size == 1 + 3 + 6 + 6
        legal = [
            Action.of("pass"),
            Action.of("move", to="c"),
            Action.of("reward", take="gems"),
            Action.of("reward", take="card", card="y"),
            Action.of("order", cards=("q", "r")),
            Action.of("order", cards=("r", "q")),
        ]
        assert self.codec.indices(legal) == [0, 3, 4, 9, 10, 11]
        assert self.codec.label(9) == "reward(card=y take=card)"
        assert self.codec.label(11) == "order#1"

    def test_unknown_kinds_arguments_and_values_are_named(self) -> None:
        with pytest.raises(EncodingError, match="kind the action encoding does not know"):
            self.codec.indices([Action.of("jump")])
        with pytest.raises(EncodingError, match="to='d' is not in the encoding's domain"):
            self.codec.indices([Action.of("move", to="d")])
        with pytest.raises(EncodingError, match=r"argument\(s\) speed"):
            self.codec.indices([Action.of("move", to="a", speed=2)])
