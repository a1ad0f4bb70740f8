"""Every game and mode as an OpenSpiel game: OpenSpiel's own random-simulation test, its MCTS bot
and random rollouts run on it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from tabletop.adapters import openspiel as adapter  # noqa: E402
from tabletop.engine import load, specs  # noqa: E402

from ..modes import game_cases  # noqa: E402

adapter.register_all()  # games registered after the adapter's import (the tests' toy game)

# Long games (hundreds of decisions) take a while under OpenSpiel's own random-simulation test,
# which checks every state many ways; they run there in the slow suite, and through the Python
# equivalent below in the default one.
QUICK = {("toy-bids", "players=2"), ("toy-bids", "players=3-rounds=4")}


def load_spiel(name: str, params: dict[str, Any]) -> Any:
    return pyspiel.load_game(adapter.short_name(name), dict(params))


def quick(name: str, params: dict[str, Any]) -> bool:
    key = "-".join(f"{k}={v}" for k, v in params.items())
    return (name, key) in QUICK or params.get("mode") == "solo"


@pytest.mark.parametrize(("name", "params"), game_cases())
class TestEveryGameAndMode:
    def test_loads_by_its_openspiel_name_with_its_parameters(
        self, name: str, params: dict[str, Any]
    ) -> None:
        game = load_spiel(name, params)
        engine = load(name, **params)
        assert game.get_type().short_name == "tabletop_" + name.replace("-", "_")
        assert game.num_players() == engine.num_players
        assert game.engine.params == engine.params
        spec = engine.spec
        gt = game.get_type()
        info = gt.information
        expected = (
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if spec.hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        )
        assert info == expected
        assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert gt.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert set(gt.parameter_specification) == {p.name for p in spec.params} | {"rng_seed"}

    def test_openspiel_random_sim_test(self, name: str, params: dict[str, Any]) -> None:
        if not quick(name, params):
            pytest.skip("a long game: in the slow suite (test_openspiel_random_sim_test_slow)")
        pyspiel.random_sim_test(
            load_spiel(name, params), num_sims=2, serialize=False, verbose=False
        )

    def test_random_simulation_python_equivalent(self, name: str, params: dict[str, Any]) -> None:
        """OpenSpiel's random-simulation checks, in Python, over one whole game: legal actions
        sorted and in range, clones equal and independent, observation and information-state
        tensors of the declared size for every player, strings, returns at the end."""
        game = load_spiel(name, params)
        state = game.new_initial_state()
        rng = np.random.RandomState(3)
        obs_size = game.observation_tensor_size()
        info_size = game.information_state_tensor_size()
        step = 0
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            assert legal[0] >= 0 and legal[-1] < game.num_distinct_actions()
            assert state.legal_actions(player) == legal
            action = int(rng.choice(legal))
            if step % 25 == 0:
                for p in range(game.num_players()):
                    assert len(state.observation_tensor(p)) == obs_size
                    assert len(state.information_state_tensor(p)) == info_size
                    assert state.observation_string(p)
                    assert state.information_state_string(p).startswith(f"p{p} own:")
                    if p != player:
                        assert state.legal_actions(p) == []
                twin = state.clone()
                assert str(twin) == str(state)
                twin.apply_action(action)
                assert str(twin) != str(state)
                assert twin.history() == [*state.history(), action]
                assert state.action_to_string(player, action)
            state.apply_action(action)
            step += 1
        returns = state.returns()
        outcome = state.engine_state.outcome()
        for s, r in enumerate(returns):
            assert r == (1.0 if s in outcome.winners else (-1.0 if outcome.winners else 0.0))
        assert len(state.history()) == step

    def test_information_state_counts_own_actions(self, name: str, params: dict[str, Any]) -> None:
        game = load_spiel(name, params)
        state = game.new_initial_state()
        obs_size = game.observation_tensor_size()
        mine = np.zeros(game.num_distinct_actions())
        for _ in range(12):
            if state.is_terminal():
                break
            action = state.legal_actions()[-1]
            if state.current_player() == 0:
                mine[action] += 1
            state.apply_action(action)
        tensor = np.asarray(state.information_state_tensor(0))
        assert np.array_equal(tensor[obs_size:], mine)
        assert np.array_equal(tensor[:obs_size], np.asarray(state.observation_tensor(0)))

    def test_observation_is_equal_across_resamples(self, name: str, params: dict[str, Any]) -> None:
        game = load_spiel(name, params)
        state = game.new_initial_state()
        rng = np.random.RandomState(1)
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        for step in range(150):
            if state.is_terminal():
                break
            if step % 10 == 0:
                for p in range(game.num_players()):
                    world = state.resample_from_infostate(p, sampler)
                    assert world.observation_tensor(p) == state.observation_tensor(p)
                    assert world.information_state_string(p) == state.information_state_string(p)
            state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), game_cases())
def test_openspiel_random_sim_test_slow(name: str, params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load_spiel(name, params), num_sims=2, serialize=False, verbose=False)


class TestSeeds:
    def test_a_loaded_game_deals_the_same_games_in_order(self) -> None:
        a = load_spiel("paupers-ladder", {"players": 2, "rng_seed": 5})
        b = load_spiel("paupers-ladder", {"players": 2, "rng_seed": 5})
        first = [str(a.new_initial_state()) for _ in range(2)]
        assert first == [str(b.new_initial_state()) for _ in range(2)]
        assert first[0] != first[1]
        c = load_spiel("paupers-ladder", {"players": 2, "rng_seed": 6})
        assert str(c.new_initial_state()) != first[0]

    def test_observing_a_fresh_game_uses_no_seed(self) -> None:
        """OpenSpiel makes a throwaway initial state for every clone and tensor-shape query;
        they must not shift the games a loaded game deals."""
        a = load_spiel("paupers-ladder", {"players": 2, "rng_seed": 5})
        b = load_spiel("paupers-ladder", {"players": 2, "rng_seed": 5})
        for _ in range(3):
            a.new_initial_state().observation_tensor(0)
        first = a.new_initial_state()
        first.observation_tensor(0)
        assert str(first) == str(b.new_initial_state())

    def test_solo_parameters_as_in_the_engine(self) -> None:
        game = pyspiel.load_game(
            "tabletop_paupers_ladder(mode=solo,scenario=fiery-siege,difficulty=hard)"
        )
        assert game.num_players() == 1
        assert game.engine.params["scenario"] == "fiery-siege"
        two = pyspiel.load_game("tabletop_paupers_ladder", {"players": 2})
        assert "scenario" not in two.engine.params


class TestObservers:
    def draft_state(self) -> Any:
        game = load_spiel("paupers-ladder", {"players": 2})
        state = game.new_initial_state()
        while state.engine_state.prompt().kind != "draft":
            state.apply_action(state.legal_actions()[0])
        return game, state

    def test_public_observer_shows_no_hand(self) -> None:
        game, state = self.draft_state()
        hand = state.engine_state.view(0)["players"][0]["hand"]
        public = make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
            ),
        )
        private = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
        assert all(card in private.string_from(state, 0) for card in hand)
        assert not any(card in public.string_from(state, 0) for card in hand)
        public.set_from(state, 0)
        private.set_from(state, 0)
        assert not np.array_equal(public.tensor, private.tensor)

    def test_no_all_players_observer(self) -> None:
        game, _ = self.draft_state()
        kind = pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
        )
        with pytest.raises(ValueError, match="views are per seat"):
            game.make_py_observer(kind)


class TestAlgorithms:
    def test_mcts_bot_chooses_legal_actions_with_random_rollouts(self) -> None:
        """OpenSpiel's MCTS bot, evaluating by random rollouts to the end of the game, plays the
        first decisions of a solo game."""
        game = load_spiel("paupers-ladder", {"mode": "solo"})
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
        bot = mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=3,
            evaluator=evaluator,
            random_state=np.random.RandomState(1),
        )
        state = game.new_initial_state()
        for _ in range(4):
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)

    def test_random_rollouts_with_uniform_random_bots(self) -> None:
        game = load_spiel("paupers-ladder", {"players": 2})
        bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(2)]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random)
        assert sorted(returns) in ([-1.0, 1.0], [1.0, 1.0], [0.0, 0.0])


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for spec in specs():
        assert adapter.short_name(spec.name) in names
