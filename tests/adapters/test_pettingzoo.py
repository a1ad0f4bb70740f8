"""Every game and mode as a PettingZoo AEC environment, checked with PettingZoo's own tests."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from tabletop.adapters.pettingzoo import TabletopEnv, env
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
    def test_pettingzoo_api_test(self, name: str, params: dict[str, Any]) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PettingZoo's advice on dict observations
            api_test(env(name, **params), num_cycles=60)

    def test_pettingzoo_seed_test(self, name: str, params: dict[str, Any]) -> None:
        seed_test(lambda: env(name, **params), num_cycles=60)

    def test_a_seed_gives_the_same_episode_twice_rewarded_by_the_outcome(
        self, name: str, params: dict[str, Any]
    ) -> None:
        """Two whole random episodes from one seed are the same step by step; rewards are 0 until
        the end, then +1 for the winners and -1 for the others (0 for all if nobody won)."""
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
            expected = 1.0 if s in outcome.winners else (-1.0 if outcome.winners else 0.0)
            assert reward == expected
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
        illegal = next(i for i in range(e.encoding.actions.size) if i not in e.legal_actions())
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

    def test_unknown_render_mode_is_refused(self) -> None:
        with pytest.raises(ValueError, match="render_mode must be one of"):
            env("toy-bids", render_mode="rgb_array")
