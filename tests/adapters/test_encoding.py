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


class TestPaperTalesHasItsOwnEncoding:
    def test_own_encoding_is_used_with_one_layout_for_every_mode(self) -> None:
        sizes = set()
        for params in ({"players": 2}, {"players": 7, "new_units": True}, {"mode": "solo"}):
            enc = encoding_for(load("paper-tales", **params))
            assert enc.own
            assert [b.name for b in enc.observation.blocks] == [
                "decision", "players", "private", "board", "solo",
            ]  # fmt: skip
            sizes.add((enc.observation.size, enc.actions.size))
        assert len(sizes) == 1

    def test_deployment_bound_counts_every_arrangement(self) -> None:
        """The rank slot of the Deployment is as large as the most arrangements a Kingdom can
        have: counted by brute force (each card to the Front, the Back, kept or discarded; a Unit
        in play is never kept; at most one card kept) it is exact when Gold is no limit."""
        from itertools import product

        from tabletop.games.paper_tales.encoding import deployment_bound

        for in_play, hand in ((0, 1), (2, 3), (3, 4), (1, 6)):
            n = 0
            places = [("f", "b", "d")] * in_play + [("f", "b", "k", "d")] * hand
            for combo in product(*places):
                if combo.count("f") <= 3 and combo.count("b") <= 2 and combo.count("k") <= 1:
                    n += 1
            assert deployment_bound(in_play, hand, 3, 2) == n

    def test_the_deployment_is_numbered_by_rank(self) -> None:
        game = load("paper-tales", players=3)
        enc = encoding_for(game)
        state = game.new_state(2)
        while state.prompt().kind != "deploy":
            seat = min(state.current_seats())
            state.apply(state.legal_actions(seat)[0], seat)
        seat = min(state.current_seats())
        legal = state.legal_actions(seat)
        numbers = enc.actions.indices(legal)
        deploy = next(s for s in enc.actions.slots() if s.kind == "deploy")
        assert numbers == list(range(deploy.start, deploy.start + len(legal)))
        assert enc.actions.label(numbers[-1]) == f"deploy#{len(legal) - 1}"

    def test_the_hand_is_private(self) -> None:
        """A seat's observation counts its own hand by Unit; another seat's observation of the
        same moment has nothing there for it."""
        game = load("paper-tales", players=3)
        enc = encoding_for(game)
        state = game.new_state(5)
        while state.prompt().kind != "deploy":
            seat = min(state.current_seats())
            state.apply(state.legal_actions(seat)[0], seat)
        impl = enc.observation.impl
        at = sum(n for name, n, _ in impl.observation_blocks()[:2])
        for seat in range(3):
            hand = enc.observation.encode(state.view(seat))[at : at + len(impl.units)]
            cards = state.view(seat)["players"][seat]["hand"]
            assert hand.sum() == len(cards) > 0
            for c in cards:
                assert hand[impl.units.at[c.split(".")[0]]] >= 1


class TestLairsHasItsOwnEncoding:
    def test_own_encoding_is_used_with_one_layout_for_every_mode(self) -> None:
        sizes = set()
        for params in ({"mode": "intro"}, {"mode": "standard", "pack": True}, {"mode": "solo"}):
            enc = encoding_for(load("lairs", **params))
            assert enc.own
            assert [b.name for b in enc.observation.blocks] == [
                "decision", "table", "lair", "maps", "mats", "checks", "ask",
            ]  # fmt: skip
            sizes.add((enc.observation.size, enc.actions.size))
        assert len(sizes) == 1

    def test_the_build_template_is_spelt_out(self) -> None:
        """Building starts with hundreds of legal placements; each gets its number from the
        piece, space and side, and the number names the placement."""
        game = load("lairs", mode="standard")
        enc = encoding_for(game)
        state = game.new_state(1)
        while state.prompt().kind != "build":
            seat = min(state.current_seats())
            state.apply(state.legal_actions(seat)[0], seat)
        legal = state.legal_actions(0)
        assert len(legal) > 256  # more than the fallback's ordinal space
        for number, action in legal_map(enc.actions, legal).items():
            if action.kind == "build":
                label = f"build(cell={action['cell']} piece={action['piece']} "
                assert enc.actions.label(number) == label + f"side={action['side']})"

    def test_the_own_lair_is_the_builders_alone(self) -> None:
        """While building, a seat's observation shows its own lair; the other seat's lair
        never shows in it."""
        game = load("lairs", mode="standard")
        enc = encoding_for(game)
        state = game.new_state(1)
        while state.prompt().kind != "build":
            seat = min(state.current_seats())
            state.apply(state.legal_actions(seat)[0], seat)
        for _ in range(12):
            for seat in (0, 1):
                builds = [a for a in state.legal_actions(seat) if a.kind == "build"]
                state.apply(builds[0] if seat == 0 else builds[-1], seat)  # different lairs
        impl = enc.observation.impl
        at = sum(n for name, n, _ in impl.observation_blocks()[:2])
        size = impl.observation_blocks()[2][1]
        own = [enc.observation.encode(state.view(s))[at : at + size] for s in (0, 1)]
        assert own[0][0] == own[1][0] == 1.0
        assert not np.array_equal(own[0], own[1])
        world = state.resample(0, Rng(9))
        assert np.array_equal(enc.observation.encode(world.view(0))[at : at + size], own[0])


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

    def test_a_decision_of_one_ordinal_kind_is_numbered_by_rank_at_once(self) -> None:
        orders = [Action.of("order", cards=(str(i),)) for i in range(4)]
        found = self.codec.numbered(orders)
        assert list(found) == [10, 11, 12, 13] and len(found) == 4
        assert found[12] is orders[2] and found.get(13) is orders[3]
        assert 14 not in found and found.get(9) is None and 9 not in found
        with pytest.raises(KeyError):
            found[14]
        assert dict(found) == dict(zip([10, 11, 12, 13], orders, strict=True))
        # mixed with another kind: numbered one by one, the ranks the same
        mixed = self.codec.numbered([Action.of("pass"), *orders[:2]])
        assert dict(mixed) == {0: Action.of("pass"), 10: orders[0], 11: orders[1]}

    def test_too_many_of_one_ordinal_kind_are_refused(self) -> None:
        orders = [Action.of("order", cards=(str(i),)) for i in range(7)]
        with pytest.raises(EncodingError, match="more than 6 legal 'order' actions"):
            self.codec.numbered(orders)
        with pytest.raises(EncodingError, match="more than 6 legal 'order' actions"):
            self.codec.indices(orders)
