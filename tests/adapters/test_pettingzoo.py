"""Every game and mode as a PettingZoo AEC environment, checked with PettingZoo's own tests, in
both action spaces."""

from __future__ import annotations

import copy
import pickle
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from tabletop.adapters import pettingzoo as pz
from tabletop.adapters.pettingzoo import MaskedDiscrete, TabletopEnv, env
from tabletop.engine import Rng

from ..modes import game_cases


def play(e: TabletopEnv, seed: int, sampler_seed: int) -> list[Any]:
    """A whole random episode; returns what every agent saw and got, step by step."""
    e.reset(seed=seed)
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(sampler_seed + i)
    trace: list[Any] = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        trace.append((agent, obs["observation"].tobytes(), reward, terminated, dict(info)))
        if terminated or truncated:
            e.step(None)
        else:
            e.step(e.action_space(agent).sample(obs["action_mask"]))
    return trace


@pytest.mark.parametrize(("name", "params"), game_cases())
class TestEveryGameAndMode:
    @pytest.mark.parametrize("space", ["flat", "factored"])
    def test_pettingzoo_api_test(self, name: str, params: dict[str, Any], space: str) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PettingZoo's advice on dict observations
            api_test(env(name, action_space=space, **params), num_cycles=60)

    @pytest.mark.parametrize("space", ["flat", "factored"])
    def test_pettingzoo_seed_test(self, name: str, params: dict[str, Any], space: str) -> None:
        seed_test(lambda: env(name, action_space=space, **params), num_cycles=60)

    def test_a_seed_gives_the_same_episode_twice_rewarded_by_the_outcome(
        self, name: str, params: dict[str, Any]
    ) -> None:
        """Two whole random episodes from one seed are the same step by step; rewards are 0 until
        the end, then +1 for the winners and -1 for every other seat, solo games included."""
        e = env(name, **params)
        first = play(e, seed=3, sampler_seed=9)
        assert first == play(env(name, **params), seed=3, sampler_seed=9)
        assert e.game_state is not None and e.game_state.seed == 3
        assert all(r == 0.0 for _, _, r, done, _ in first if not done)
        final = {agent: (r, info) for agent, _, r, done, info in first if done}
        assert set(final) == set(e.possible_agents)
        outcome = e.game_state.outcome()
        for s, agent in enumerate(e.possible_agents):
            reward, info = final[agent]
            assert reward == (1.0 if s in outcome.winners else -1.0)
            assert info["winners"] == list(outcome.winners)
        assert e.agents == []

    def test_observation_is_equal_across_resamples(self, name: str, params: dict[str, Any]) -> None:
        """No hidden information: redrawing everything a seat cannot see leaves its observation
        exactly as it was, at every step checked, for every seat."""
        e = env(name, **params)
        e.reset(seed=21)
        rng = Rng(8)
        for step in range(400):
            st = e.game_state
            assert st is not None
            if st.is_terminal():
                break
            if step % 5 == 0:
                for s, agent in enumerate(e.possible_agents):
                    obs = e.observe(agent)["observation"]
                    world = st.resample(s, Rng(1000 + step))
                    view = world.view(s)
                    assert view is not None
                    assert np.array_equal(obs, e.encoding.observation.encode(view))
            numbers = sorted(e.legal_actions())
            e.step(numbers[rng.below(len(numbers))])


class TestTheEnvironment:
    def test_the_mask_marks_exactly_the_legal_actions_of_the_deciding_agent(self) -> None:
        e = env("paupers-ladder", players=2)
        e.reset(seed=2)
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        assert set(np.flatnonzero(mask)) == set(e.legal_actions())
        other = next(a for a in e.possible_agents if a != agent)
        assert not e.observe(other)["action_mask"].any()

    def test_an_illegal_number_is_refused_and_changes_nothing(self) -> None:
        e = env("paupers-ladder", players=2)
        e.reset(seed=2)
        assert e.game_state is not None
        before = e.game_state.dumps()
        illegal = next(i for i in range(e.codec.size) if i not in e.legal_actions())
        with pytest.raises(ValueError, match="is not legal for seat_0"):
            e.step(illegal)
        assert e.game_state.dumps() == before

    def test_simultaneous_draft_is_asked_seat_by_seat(self) -> None:
        e = env("paupers-ladder", players=3)
        e.reset(seed=5)
        asked = []
        while e.game_state is not None and e.game_state.prompt().kind != "draft":
            e.step(min(e.legal_actions()))
        while e.game_state is not None and e.game_state.prompt().kind == "draft":
            asked.append(e.agent_selection)
            e.step(min(e.legal_actions()))
        assert asked[:3] == ["seat_0", "seat_1", "seat_2"]

    def test_render_shows_the_deciding_seat_and_its_decision(self) -> None:
        e = env("paupers-ladder", render_mode="ansi", players=2)
        e.reset(seed=1)
        text = e.render()
        assert isinstance(text, str)
        assert "seat_0 decides: choose-pauper" in text
        assert "Paupers' Ladder" in text

    def test_reset_without_seed_follows_the_seed_stream(self) -> None:
        a, b = env("toy-bids"), env("toy-bids")
        a.reset(seed=7)
        b.reset(seed=7)
        a.reset()
        b.reset()
        assert a.game_state is not None and b.game_state is not None
        assert a.game_state.seed == b.game_state.seed != 7

    def test_another_seed_deals_another_game(self) -> None:
        a, b = env("paupers-ladder", players=2), env("paupers-ladder", players=2)
        a.reset(seed=3)
        b.reset(seed=4)
        assert a.game_state is not None and b.game_state is not None
        assert a.game_state.dumps() != b.game_state.dumps()
        assert not np.array_equal(
            a.observe("seat_0")["observation"], b.observe("seat_0")["observation"]
        )

    def test_unknown_render_mode_or_action_space_is_refused(self) -> None:
        with pytest.raises(ValueError, match="render_mode must be one of"):
            env("toy-bids", render_mode="rgb_array")
        with pytest.raises(ValueError, match="action_space must be one of"):
            env("toy-bids", action_space="tree")

    def test_a_solo_loss_is_rewarded_minus_one(self) -> None:
        """A learner in a solo game sees a signal: a lost game is -1, as a loss in a game of
        several (random solo play loses nearly always)."""
        e = env("paupers-ladder", mode="solo")
        for seed in range(20):
            trace = play(e, seed=seed, sampler_seed=seed)
            assert e.game_state is not None
            if not e.game_state.outcome().winners:
                assert trace[-1][2] == -1.0
                return
        pytest.fail("no random solo game was lost in 20")


class TestLazyObservations:
    def test_arrays_are_made_when_read_and_equal_the_eager_ones(self) -> None:
        e = env("paupers-ladder", players=2)
        e.reset(seed=6)
        obs = e.observe("seat_0")
        assert dict.__getitem__(obs, "observation") is pz._PENDING  # not made yet
        assert isinstance(obs, dict) and set(obs) == {"observation", "action_mask"}
        st = e.game_state
        assert st is not None
        view = st.view(0)
        assert view is not None
        assert np.array_equal(obs["observation"], e.encoding.observation.encode(view))
        plain = dict(obs)
        assert np.array_equal(plain["observation"], obs["observation"])
        assert {**obs}.keys() == plain.keys()
        assert set(copy.deepcopy(obs)) == set(pickle.loads(pickle.dumps(obs))) == set(plain)

    def test_an_observation_read_after_the_game_moved_on_is_of_its_own_position(self) -> None:
        """PettingZoo's own api_test reads an observation after stepping: it is the observation
        of the position it was made at (replayed), not of the new one."""
        lazy, eager = env("paupers-ladder", players=2), env("paupers-ladder", players=2)
        lazy.reset(seed=8)
        eager.reset(seed=8)
        for _ in range(30):
            kept = lazy.last()[0]
            now = eager.last()[0]
            expected = {k: now[k].copy() for k in ("observation", "action_mask")}
            number = min(lazy.legal_actions())
            lazy.step(number)
            eager.step(number)
            assert np.array_equal(kept["observation"], expected["observation"])
            assert np.array_equal(kept["action_mask"], expected["action_mask"])
        assert lazy._eager  # a reader that keeps observations gets them made at once

    def test_an_observation_is_a_copy_the_reader_may_change(self) -> None:
        e = env("paupers-ladder", players=2)
        e.reset(seed=1)
        first = e.observe("seat_0")
        first["observation"][:] = 7.0
        first["action_mask"][:] = 1
        again = e.observe("seat_0")
        assert not np.all(again["observation"] == 7.0)
        assert set(np.flatnonzero(again["action_mask"])) == set(e.legal_actions())


class TestMaskedSampling:
    def test_samples_only_legal_numbers_uniformly(self) -> None:
        e = env("paupers-ladder", players=2)
        e.reset(seed=3)
        space = e.action_space(e.agent_selection)
        assert isinstance(space, MaskedDiscrete)
        space.seed(5)
        mask = e.observe(e.agent_selection)["action_mask"]
        legal = sorted(e.legal_actions())
        draws = [int(space.sample(mask)) for _ in range(2_000)]
        assert set(draws) == set(legal)
        counts = np.bincount(draws)[legal]
        assert counts.min() > 0.6 * counts.mean()

    def test_a_changed_mask_is_sampled_as_changed(self) -> None:
        e = env("paupers-ladder", players=2)
        e.reset(seed=3)
        space = e.action_space(e.agent_selection)
        mask = e.observe(e.agent_selection)["action_mask"]
        keep = int(np.flatnonzero(mask)[-1])
        mask[:] = 0
        mask[keep] = 1
        assert {int(space.sample(mask)) for _ in range(50)} == {keep}

    def test_a_seeded_space_repeats_its_draws(self) -> None:
        runs = []
        for _ in range(2):
            e = env("paupers-ladder", players=2)
            e.reset(seed=3)
            space = e.action_space(e.agent_selection)
            space.seed(11)
            mask = e.observe(e.agent_selection)["action_mask"]
            runs.append([int(space.sample(mask)) for _ in range(20)])
        assert runs[0] == runs[1]


class TestFactoredSpace:
    def deployment(self, players: int = 3) -> TabletopEnv:
        e = env("paper-tales", action_space="factored", players=players)
        e.reset(seed=2)
        while e.game_state is not None and e.game_state.prompt().kind != "deploy":
            e.step(min(e.legal_actions()))
        return e

    def test_the_deployment_is_asked_one_card_at_a_time(self) -> None:
        e = self.deployment()
        st = e.game_state
        assert st is not None
        seat = e._seat[e.agent_selection]
        (template,) = st.templates(seat) or []
        legal = set(st.legal_actions(seat))
        info = e.infos[e.agent_selection]["choice"]
        assert info["kind"] == "deploy" and info["asked"] in {p.name for p in template.params}
        assert e.codec.size < 1_000  # not the 43,284 ranks of the flat space
        moves = st.num_actions()
        chosen = 0
        while st.num_actions() == moves:
            numbers = sorted(e.legal_actions())
            assert numbers and all(n >= e.codec.choice_start for n in numbers)
            e.step(numbers[-1])
            chosen += 1
        assert 1 <= chosen <= len(template.params)
        played = st.commitment(seat) or st.history()[-1][1]
        assert played in legal

    def test_the_partial_answer_is_private(self) -> None:
        e = self.deployment()
        agent = e.agent_selection
        others = [a for a in e.possible_agents if a != agent]
        before = {a: e.observe(a)["observation"] for a in others}
        e.step(min(e.legal_actions()))
        assert e.agent_selection == agent  # the decision is still under way
        for a in others:
            assert np.array_equal(e.observe(a)["observation"], before[a])
            assert "choice" not in e.infos[a]
        block = e.observe(agent)["observation"][e.encoding.observation.size :]
        assert block.any()
