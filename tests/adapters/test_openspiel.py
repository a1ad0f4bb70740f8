"""Every game and mode as an OpenSpiel game: OpenSpiel's own random-simulation test (states
serialised and restored along the way), pickling, its MCTS bot and random rollouts run on it."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402
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


def load_spiel(name: str, params: dict[str, Any], space: str = "flat") -> Any:
    return pyspiel.load_game(adapter.short_name(name), {**params, "action_space": space})


def quick(name: str, params: dict[str, Any]) -> bool:
    key = "-".join(f"{k}={v}" for k, v in params.items())
    return (name, key) in QUICK or params.get("mode") == "solo"


def expected_returns(state: Any) -> list[float]:
    winners = state.engine_state.outcome().winners
    return [1.0 if s in winners else -1.0 for s in range(state.get_game().num_players())]


def check_round_trips(game: Any, state: Any, rng: np.random.RandomState) -> None:
    """OpenSpiel's serialisation and pickling give back the same state, which then plays on as
    the original does."""
    text = pyspiel.serialize_game_and_state(game, state)
    other_game, other = pyspiel.deserialize_game_and_state(text)
    assert str(other_game) == str(game)
    pickled = pickle.loads(pickle.dumps(state))
    assert type(pickle.loads(pickle.dumps(game))) is type(game)
    for twin in (other, pickled):
        assert str(twin) == str(state)
        assert twin.history() == state.history()
        assert twin.current_player() == state.current_player()
        assert twin.legal_actions() == state.legal_actions()
        if not state.is_terminal():
            p = state.current_player()
            if p >= 0:
                assert twin.information_state_string(p) == state.information_state_string(p)
                assert twin.observation_tensor(p) == state.observation_tensor(p)
            ahead, mirror = state.clone(), twin.clone()
            for _ in range(3):
                if ahead.is_terminal():
                    break
                action = int(rng.choice(ahead.legal_actions()))
                ahead.apply_action(action)
                mirror.apply_action(action)
                assert str(mirror) == str(ahead)


def play_checked(game: Any, max_steps: int | None = None) -> Any:
    """OpenSpiel's random-simulation checks, in Python, over one whole game (or its first
    ``max_steps`` actions): the deal as four uniform chance nodes, legal actions sorted and in
    range, clones equal and independent, tensors of the declared sizes for every player,
    strings, serialisation and pickling at every power of two, returns at the end."""
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    obs_size = game.observation_tensor_size()
    info_size = game.information_state_tensor_size()
    for k in range(adapter.DEAL_BYTES):
        assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(256))
        assert all(p == pytest.approx(1 / 256) for _, p in outcomes)
        for p in range(game.num_players()):
            assert len(state.observation_tensor(p)) == obs_size
            assert not any(state.information_state_tensor(p))
        if k == 1:
            check_round_trips(game, state, rng)
        state.apply_action(int(rng.choice(state.legal_actions())))
    step = 0
    while not state.is_terminal() and (max_steps is None or step < max_steps):
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
        if step < 4 or step & (step - 1) == 0:
            check_round_trips(game, state, rng)
        state.apply_action(action)
        step += 1
    if state.is_terminal():
        assert state.returns() == expected_returns(state)
        check_round_trips(game, state, rng)
    assert len(state.history()) == step + adapter.DEAL_BYTES
    return state


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
        assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game.max_chance_outcomes() == 256
        assert gt.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert set(gt.parameter_specification) == {p.name for p in spec.params} | {"action_space"}

    def test_openspiel_random_sim_test_serialising(self, name: str, params: dict[str, Any]) -> None:
        if not quick(name, params):
            pytest.skip("a long game: in the slow suite (test_openspiel_random_sim_test_slow)")
        pyspiel.random_sim_test(load_spiel(name, params), num_sims=2, serialize=True, verbose=False)

    def test_random_simulation_python_equivalent(self, name: str, params: dict[str, Any]) -> None:
        play_checked(load_spiel(name, params))

    def test_factored_space_through_its_templated_decisions(
        self, name: str, params: dict[str, Any]
    ) -> None:
        """The same checks in the factored space over a game's first 300 actions (every
        templated decision of the three games comes early: the lair building, the first
        Deployment)."""
        play_checked(load_spiel(name, params, "factored"), max_steps=300)

    def test_information_state_counts_own_actions(self, name: str, params: dict[str, Any]) -> None:
        game = load_spiel(name, params)
        codec = game.codec
        state = game.deal(12)
        obs_size = game.observation_tensor_size()
        mine = np.zeros(codec.recall_size)
        for _ in range(12):
            if state.is_terminal():
                break
            action = state.legal_actions()[-1]
            if state.current_player() == 0 and codec.recall_number(action) >= 0:
                mine[codec.recall_number(action)] += 1
            state.apply_action(action)
        tensor = np.asarray(state.information_state_tensor(0))
        assert np.array_equal(tensor[obs_size:], mine)
        assert np.array_equal(tensor[:obs_size], np.asarray(state.observation_tensor(0)))

    def test_observation_is_equal_across_resamples(self, name: str, params: dict[str, Any]) -> None:
        game = load_spiel(name, params)
        state = game.deal(5)
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
@pytest.mark.parametrize("space", ["flat", "factored"])
def test_openspiel_random_sim_test_slow(name: str, params: dict[str, Any], space: str) -> None:
    if space == "factored" and name == "lairs":
        pytest.skip(
            "a uniformly random builder in the factored space takes a piece back about as often "
            "as it places one, so a random game runs to tens of thousands of choices; the "
            "default suite checks the factored space over every mode's first 300 actions"
        )
    pyspiel.random_sim_test(
        load_spiel(name, params, space), num_sims=2, serialize=True, verbose=False
    )


class TestTheDeal:
    def test_a_deal_is_the_engine_game_of_its_seed(self) -> None:
        game = load_spiel("paupers-ladder", {"players": 2})
        state = game.deal(123_456)
        assert state.engine_state == load("paupers-ladder", players=2).new_state(123_456)
        assert state.history() == list((123_456).to_bytes(4, "big"))
        assert str(game.deal(7)) == str(game.deal(7)) != str(game.deal(8))

    def test_the_game_keeps_no_state(self) -> None:
        """Every initial state is the same deal node, however many games were played, and a
        pickled game deals the same games from the same chance outcomes."""
        game = load_spiel("paupers-ladder", {"players": 2})
        first = str(game.new_initial_state())
        evaluate_bots.evaluate_bots(
            game.new_initial_state(),
            [pyspiel.make_uniform_random_bot(p, p) for p in range(2)],
            np.random.RandomState(0),
        )
        assert str(game.new_initial_state()) == first
        again = pickle.loads(pickle.dumps(game))
        assert str(again.deal(99)) == str(game.deal(99))

    def test_an_illegal_deal_outcome_or_action_is_refused(self) -> None:
        game = load_spiel("paupers-ladder", {"players": 2})
        state = game.new_initial_state()
        with pytest.raises(ValueError, match=r"deal outcome is 0\.\.255"):
            state._apply_action(256)
        dealt = game.deal(1)
        with pytest.raises(ValueError, match="is not legal now"):
            dealt._apply_action(game.num_distinct_actions() - 1)
        with pytest.raises(ValueError, match="not dealt yet"):
            _ = game.new_initial_state().engine_state

    def test_rl_environment_deals_by_its_own_seed(self) -> None:
        game = load_spiel("paupers-ladder", {"players": 2})
        seen = []
        for _ in range(2):
            env = rl_environment.Environment(game, seed=4)
            step = env.reset()
            seen.append(step.observations["info_state"][0][:50])
        assert seen[0] == seen[1]

    def test_solo_parameters_as_in_the_engine(self) -> None:
        game = pyspiel.load_game(
            "tabletop_paupers_ladder(mode=solo,scenario=fiery-siege,difficulty=hard)"
        )
        assert game.num_players() == 1
        assert game.engine.params["scenario"] == "fiery-siege"
        two = pyspiel.load_game("tabletop_paupers_ladder", {"players": 2})
        assert "scenario" not in two.engine.params

    def test_a_solo_loss_returns_minus_one(self) -> None:
        game = load_spiel("paupers-ladder", {"mode": "solo"})
        rng = np.random.RandomState(0)
        for seed in range(20):
            state = game.deal(seed)
            while not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
            if not state.engine_state.outcome().winners:
                assert state.returns() == [-1.0]
                return
        pytest.fail("no random solo game was lost in 20")


class TestObservers:
    def draft_state(self) -> Any:
        game = load_spiel("paupers-ladder", {"players": 2})
        state = game.deal(0)
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

    def test_the_information_state_leaves_ordinal_ranks_out(self) -> None:
        """Paper Tales' Deployment is numbered by rank (its meaning changes every decision):
        the information state counts the argument slots only, a few hundred numbers rather than
        the 43,284 ranks."""
        game = load_spiel("paper-tales", {"players": 3})
        codec = game.codec
        assert codec.recall_size < 1_000 < game.num_distinct_actions()
        assert game.information_state_tensor_size() == (
            game.observation_tensor_size() + codec.recall_size
        )

    def test_a_partial_factored_answer_is_the_choosers_alone(self) -> None:
        """In the factored space, the Deployment's choices made so far show in the deciding
        seat's observation only."""
        game = load_spiel("paper-tales", {"players": 3}, "factored")
        state = game.deal(2)
        while state.engine_state.prompt().kind != "deploy":
            state.apply_action(state.legal_actions()[0])
        before = [state.observation_tensor(p) for p in range(3)]
        seat = state.current_player()
        state.apply_action(state.legal_actions()[0])
        assert state.current_player() == seat and state._engine.chosen  # under way
        others = [p for p in range(3) if p != seat]
        assert [state.observation_tensor(p) for p in others] == [before[p] for p in others]
        assert state.observation_tensor(seat) != before[seat]
        assert "choice:" in state.observation_string(seat)
        assert all("choice:" not in state.observation_string(p) for p in others)


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
        state = game.deal(3)
        for _ in range(4):
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)

    def test_random_rollouts_with_uniform_random_bots(self) -> None:
        game = load_spiel("paupers-ladder", {"players": 2})
        bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(2)]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random)
        assert sorted(returns) in ([-1.0, 1.0], [1.0, 1.0], [-1.0, -1.0])


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for spec in specs():
        assert adapter.short_name(spec.name) in names
