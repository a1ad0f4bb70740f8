"""ISMCTS: bot parameters, searching only through resample, determinism, and its strength."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import load
from tabletop.engine.bots import make_bot, parse_bot, play_out
from tabletop.engine.protocol import State
from tabletop.engine.rng import Rng
from tabletop.engine.search import STUCK, ISMCTSBot, bar, turn_of
from tabletop.sim.bench import mid_game


class ResampleOnly:
    """The real state as a search bot may see it: its own legal actions, whose turn it is, its
    own view (for a prior bot), and determinizations through ``resample``; any other attribute
    is refused, and a view may only be its own seat's."""

    ALLOWED = frozenset({"resample", "legal_actions", "current_seats", "prompt", "game", "view"})

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat
        self.touched: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"the search read state.{name} of the real state")
        self.touched.add(name)
        if name == "view":
            return self._view
        return getattr(self._state, name)

    def _view(self, seat: int | None) -> Any:
        assert seat == self.seat, f"the search looked at seat {seat}'s view"
        return self._state.view(seat)


@pytest.fixture(scope="module")
def paupers_mid() -> State:
    return mid_game("paupers-ladder", {"players": 2}, seed=5, at=120)


class TestBotParameters:
    def test_kind_and_parameters_are_parsed(self) -> None:
        assert parse_bot("ismcts?iterations=1000&c=0.5") == (
            "ismcts",
            {"iterations": "1000", "c": "0.5"},
        )
        assert parse_bot("greedy") == ("greedy", {})
        with pytest.raises(ValueError, match="key=value"):
            parse_bot("ismcts?iterations")

    def test_make_bot_sets_the_parameters(self) -> None:
        bot = make_bot(load("toy-bids"), "ismcts?iterations=250&seconds=0.5&c=0.3", 1, 7)
        assert isinstance(bot, ISMCTSBot)
        assert (bot.iterations, bot.seconds, bot.c) == (250, 0.5, 0.3)

    def test_bad_parameters_are_refused_by_name(self) -> None:
        game = load("toy-bids")
        with pytest.raises(ValueError, match="no parameter 'depth'"):
            make_bot(game, "ismcts?depth=3", 0, 1)
        with pytest.raises(ValueError, match="'iterations' must be a int, got 'many'"):
            make_bot(game, "ismcts?iterations=many", 0, 1)
        with pytest.raises(ValueError, match="'iterations' is out of range"):
            make_bot(game, "ismcts?iterations=0", 0, 1)
        with pytest.raises(ValueError, match="bot 'random' takes no parameters"):
            make_bot(game, "random?x=1", 0, 1)
        with pytest.raises(
            ValueError, match=r"'prior' names a bot of the game, one of random \(or own"
        ):
            make_bot(game, "ismcts?prior=greedy", 0, 1)

    def test_own_names_the_games_own_bot(self) -> None:
        """``own`` fits every game: the game's own bot, or random where it has none."""
        bot = make_bot(load("paupers-ladder"), "ismcts?prior=own&policy=own", 0, 1)
        assert isinstance(bot, ISMCTSBot) and (bot.prior, bot.policy) == ("greedy", "greedy")
        bot = make_bot(load("toy-bids"), "ismcts?policy=own", 0, 1)
        assert isinstance(bot, ISMCTSBot) and bot.policy == "random"

    def test_the_default_method_improves_on_the_games_own_bot_where_it_has_one(self) -> None:
        bot = make_bot(load("paupers-ladder"), "ismcts", 0, 1)
        assert isinstance(bot, ISMCTSBot)
        assert (bot.method, bot.prior, bot.policy) == ("paired", "greedy", "greedy")
        assert bot.seconds == 0.8  # within the 1 s a decision aimed at
        bot = make_bot(load("toy-bids"), "ismcts", 0, 1)  # no bot of its own: the tree
        assert isinstance(bot, ISMCTSBot) and (bot.method, bot.prior) == ("tree", "")
        bot = make_bot(load("paupers-ladder"), "ismcts?method=tree", 0, 1)
        assert isinstance(bot, ISMCTSBot) and (bot.iterations, bot.prior) == (1000, "")
        with pytest.raises(ValueError, match="'method' must be one of paired, tree; got 'x'"):
            make_bot(load("toy-bids"), "ismcts?method=x", 0, 1)

    def test_bot_stream_does_not_depend_on_parameters(self) -> None:
        game = load("toy-bids")
        a = make_bot(game, "ismcts", 0, 3)
        b = make_bot(game, "ismcts?iterations=5", 0, 3)
        assert a.rng == b.rng


class TestInformationSets:
    def test_the_real_state_is_read_only_through_resample(self, paupers_mid: State) -> None:
        seat = paupers_mid.current_seats()[0]
        for spec in ("ismcts?iterations=40", "ismcts?iterations=20&prior=greedy&policy=greedy"):
            bot = make_bot(paupers_mid.game, spec, seat, 1)
            guard = ResampleOnly(paupers_mid, seat)
            action = bot.act(guard)  # type: ignore[arg-type]
            assert action in paupers_mid.legal_actions(seat)
            assert "resample" in guard.touched

    def test_toy_game_simultaneous_bids_through_resample(self) -> None:
        state = load("toy-bids").new_state(3)
        bot = make_bot(state.game, "ismcts?iterations=60", 1, 3)
        guard = ResampleOnly(state, 1)
        assert bot.act(guard) in state.legal_actions(1)  # type: ignore[arg-type]

    def test_same_seed_same_choice(self, paupers_mid: State) -> None:
        """Without a wall-clock budget (``seconds=0``): a budget cuts the search wherever a busy
        machine leaves it, so only the iterations make the choice repeatable."""
        seat = paupers_mid.current_seats()[0]
        picks = {
            make_bot(paupers_mid.game, "ismcts?iterations=60&seconds=0", seat, 9).act(paupers_mid)
            for _ in range(2)
        }
        assert len(picks) == 1

    def test_searching_leaves_the_state_alone(self, paupers_mid: State) -> None:
        before = paupers_mid.dumps()
        seat = paupers_mid.current_seats()[0]
        make_bot(paupers_mid.game, "ismcts?iterations=30", seat, 2).act(paupers_mid)
        assert paupers_mid.dumps() == before


class TestCycles:
    def test_back_at_the_same_view_again_it_tries_something_else(self, paupers_mid: State) -> None:
        """Free actions can cycle (learn bravery, back out, learn it again...): the third time
        the bot decides from the same view, it leaves out what it chose there before."""
        seat = paupers_mid.current_seats()[0]
        bot = make_bot(paupers_mid.game, "ismcts?iterations=10", seat, 3)
        first, second = bot.act(paupers_mid), bot.act(paupers_mid)
        third = bot.act(paupers_mid)
        assert third not in (first, second)
        assert third in paupers_mid.legal_actions(seat)

    def test_a_turn_that_does_not_move_on_is_handed_to_the_games_own_bot(self) -> None:
        """Building a lair, every placement looks alike to a small search, and a placement can be
        taken back: the search built and took back pieces for ever and never declared its lair
        ready. After STUCK decisions in one turn the game's own bot decides, so the game ends."""
        game = load("lairs")
        state = game.new_state(seed=1)
        bots = [make_bot(game, "ismcts?iterations=10", 0, 1), make_bot(game, "greedy", 1, 2)]
        for _ in range(2000):
            if state.is_terminal():
                break
            seat = state.current_seats()[0]
            state.apply(bots[seat].act(state), seat)
        assert state.is_terminal()

    def test_the_hand_over_waits_for_a_long_turn(self, paupers_mid: State) -> None:
        seat = paupers_mid.current_seats()[0]
        bot = make_bot(paupers_mid.game, "ismcts?iterations=10", seat, 3)
        assert isinstance(bot, ISMCTSBot)
        own = bot.helper(next(iter(paupers_mid.game.bots())), seat)
        choices = [bot.act(paupers_mid) for _ in range(STUCK)]
        assert all(c in paupers_mid.legal_actions(seat) for c in choices)
        assert bot.act(paupers_mid) == own.act(paupers_mid)

    def test_a_solo_game_is_searched_past_the_hand_over_count(self) -> None:
        """A solo game's turn never changes hands: only returns to a view already decided from
        count toward the hand-over, so the search goes on deciding after STUCK decisions."""
        game = load("paupers-ladder", mode="solo", scenario="fiery-siege", difficulty="hard")
        state = game.new_state(seed=3)
        bot = make_bot(game, "ismcts?iterations=2&seconds=0", 0, 3)
        assert isinstance(bot, ISMCTSBot)
        searched = decided = 0
        while not state.is_terminal() and decided < STUCK + 40:
            choices = len(state.legal_actions(0))
            action = bot.act(state)
            if choices > 1:
                decided += 1
                searched += decided > STUCK and bot.last_rounds > 0
            state.apply(action, 0)
        assert decided == STUCK + 40
        assert searched > 20


class TestConfidence:
    def test_the_bar_is_z_for_one_rival_and_many_pairs(self) -> None:
        assert bar(1.0, 1, 10_000) == pytest.approx(1.0, abs=1e-3)
        assert bar(2.0, 1, 10_000) == pytest.approx(2.0, abs=1e-3)

    def test_few_pairs_and_several_rivals_raise_the_bar(self) -> None:
        # Student's t with 2 degrees of freedom at the one-sided 84.1% level is 1.32
        assert bar(1.0, 1, 3) == pytest.approx(1.32, abs=0.02)
        assert bar(1.0, 3, 8) > bar(1.0, 1, 8) > bar(1.0, 1, 100)
        assert bar(1.0, 3, 3) > bar(1.0, 3, 8)

    def test_an_unreachable_bar_is_infinite(self) -> None:
        assert bar(1000.0, 3, 8) == float("inf")


class TestBudget:
    def test_iterations_budget(self, paupers_mid: State) -> None:
        seat = paupers_mid.current_seats()[0]
        bot = make_bot(paupers_mid.game, "ismcts?method=tree&iterations=48", seat, 4)
        assert isinstance(bot, ISMCTSBot)
        bot.stop_early = False
        bot.act(paupers_mid)
        assert bot.last_iterations == 48

    def test_paired_iterations_are_determinizations_each_playing_every_candidate(
        self, paupers_mid: State
    ) -> None:
        seat = paupers_mid.current_seats()[0]
        bot = make_bot(paupers_mid.game, "ismcts?iterations=5&width=3", seat, 4)
        assert isinstance(bot, ISMCTSBot) and bot.method == "paired"
        bot.stop_early = False
        bot.act(paupers_mid)
        width = min(3, len(paupers_mid.legal_actions(seat)))
        assert bot.last_rounds == 5
        assert 5 <= bot.last_iterations <= 5 * width

    def test_search_stops_once_the_choice_cannot_change(self, paupers_mid: State) -> None:
        """Looked at after every iteration: the search stops as soon as the most visited action
        leads by more than the iterations left, and the choice is the full search's."""
        seat = paupers_mid.current_seats()[0]
        spec = "ismcts?method=tree&iterations=200&prior=greedy"
        early = make_bot(paupers_mid.game, spec, seat, 4)
        full = make_bot(paupers_mid.game, spec, seat, 4)
        assert isinstance(early, ISMCTSBot) and isinstance(full, ISMCTSBot)
        full.stop_early = False
        root = early.search(paupers_mid)
        visits = sorted((c.visits for c in root.children.values()), reverse=True)
        left = 200 - early.last_iterations
        assert left > 0 and visits[0] - visits[1] > left
        # it stopped at the first such iteration: one iteration before, the lead was at most the
        # iterations then left (left + 1); an iteration adds 1 to the lead at most, so the lead is
        # now at most left + 2 (a check every other iteration would allow left + 4)
        assert visits[0] - visits[1] <= left + 2
        again = make_bot(paupers_mid.game, spec, seat, 4)  # same stream as ``full``
        assert again.act(paupers_mid) == full.act(paupers_mid)

    def test_time_budget_ends_the_search(self, paupers_mid: State) -> None:
        seat = paupers_mid.current_seats()[0]
        spec = "ismcts?method=tree&iterations=1000000&seconds=0.000001"
        bot = make_bot(paupers_mid.game, spec, seat, 4)
        assert isinstance(bot, ISMCTSBot)
        bot.act(paupers_mid)
        assert bot.last_iterations == 16  # the clock is read every 16 iterations
        paired = make_bot(paupers_mid.game, "ismcts?iterations=1000&seconds=0.000001", seat, 4)
        assert isinstance(paired, ISMCTSBot)
        paired.act(paupers_mid)
        assert paired.last_rounds == 1  # the clock is read before every determinization

    def test_a_forced_move_is_not_searched(self) -> None:
        game = load("toy-bids", rounds=1)
        state = game.new_state(1)
        bots = {s: make_bot(game, "random", s, 1) for s in range(2)}
        while not state.is_terminal() and all(
            len(state.legal_actions(s)) > 1 for s in state.current_seats()
        ):
            s = state.current_seats()[0]
            state.apply(bots[s].act(state), s)
        if state.is_terminal():
            pytest.skip("no forced move in this game")
        seat = next(s for s in state.current_seats() if len(state.legal_actions(s)) == 1)
        bot = make_bot(game, "ismcts", seat, 1)
        assert bot.act(state) == state.legal_actions(seat)[0]
        assert isinstance(bot, ISMCTSBot) and bot.last_iterations == 0


class TestPairedSearch:
    def test_the_candidates_start_with_the_priors_choice(self, paupers_mid: State) -> None:
        seat = paupers_mid.current_seats()[0]
        legal = paupers_mid.legal_actions(seat)
        bot = make_bot(paupers_mid.game, "ismcts?width=2", seat, 4)
        assert isinstance(bot, ISMCTSBot)
        cands = bot.candidates(legal, legal[-1])
        assert cands[0] == legal[-1] and len(cands) == 2 and cands[1] in legal[:-1]

    def test_without_a_clear_gain_it_plays_the_priors_choice(self, paupers_mid: State) -> None:
        """``z`` standard errors of the paired gains: with an unreachable bar the bot is its
        prior, the game's own bot fed the same decisions."""
        seat = paupers_mid.current_seats()[0]
        bot = make_bot(paupers_mid.game, "ismcts?iterations=4&z=1000", seat, 4)
        assert isinstance(bot, ISMCTSBot)
        greedy = make_bot(paupers_mid.game, "greedy", seat, 4)
        assert bot.act(paupers_mid) == greedy.act(paupers_mid)

    def test_the_real_state_is_read_only_through_resample_in_lairs(self) -> None:
        state = mid_game("lairs", {})
        seat = state.current_seats()[0]
        bot = make_bot(state.game, "ismcts?iterations=3", seat, 1)
        guard = ResampleOnly(state, seat)
        assert bot.act(guard) in state.legal_actions(seat)  # type: ignore[arg-type]
        assert "resample" in guard.touched


class TestCutOffByTurns:
    """``turns=N``: a playout stops where the N-th next turn begins, then the game evaluates."""

    @staticmethod
    def turn_changes(start: State, played: State) -> list[int]:
        """Replay the playout's actions on the start state: the action counts at which the turn
        changed (the replay gives the same chance: same game RNG)."""
        replay = start.clone()
        changes = []
        current = turn_of(replay)
        for seat, action in played.history()[start.num_actions() :]:
            replay.apply(action, seat)
            if not replay.is_terminal() and turn_of(replay) != current:
                current = turn_of(replay)
                changes.append(replay.num_actions())
        return changes

    @pytest.mark.parametrize("turns", [1, 2])
    @pytest.mark.parametrize("policy", ["", "greedy"])
    def test_playout_ends_where_the_nth_turn_begins(
        self, paupers_mid: State, turns: int, policy: str
    ) -> None:
        seat = paupers_mid.current_seats()[0]
        spec = f"ismcts?turns={turns}" + (f"&policy={policy}" if policy else "")
        bot = make_bot(paupers_mid.game, spec, seat, 1)
        assert isinstance(bot, ISMCTSBot)
        for k in range(3):
            start = paupers_mid.resample(seat, Rng(k))
            det = start.clone()
            values = bot.playout(det, Rng(10 + k))
            assert values == pytest.approx(det.evaluate())  # type: ignore[attr-defined]
            changes = self.turn_changes(start, det)
            assert len(changes) == turns and changes[-1] == det.num_actions()

    def test_without_an_evaluation_playouts_run_to_the_end(self) -> None:
        state = load("toy-bids", rounds=2).new_state(5)
        bot = make_bot(state.game, "ismcts?turns=1", 0, 1)
        assert isinstance(bot, ISMCTSBot)
        det = state.clone()
        bot.playout(det, Rng(3))
        assert det.is_terminal()

    def test_search_with_a_turn_cut_off_picks_a_legal_action(self, paupers_mid: State) -> None:
        seat = paupers_mid.current_seats()[0]
        bot = make_bot(paupers_mid.game, "ismcts?iterations=12&turns=1&policy=greedy", seat, 2)
        guard = ResampleOnly(paupers_mid, seat)
        assert bot.act(guard) in paupers_mid.legal_actions(seat)  # type: ignore[arg-type]


class TestStrength:
    def test_beats_random_at_secret_bids_with_playouts_to_the_end(self) -> None:
        """toy-bids has no evaluation: playouts run to the end and score the outcome."""
        game = load("toy-bids", rounds=4)
        wins = 0
        for seed in range(12):
            me = seed % 2
            state = game.new_state(seed)
            bots = {
                me: make_bot(game, "ismcts?iterations=150", me, seed),
                1 - me: make_bot(game, "random", 1 - me, seed),
            }
            play_out(state, bots)
            wins += me in state.outcome().winners
        assert wins >= 9, f"ISMCTS won {wins} of 12 against random"

    def test_paupers_ladder_evaluation_ranks_the_race(self, paupers_mid: State) -> None:
        values = paupers_mid.evaluate()  # type: ignore[attr-defined]
        assert len(values) == 2 and abs(sum(values) - 1) < 1e-9
        ahead = paupers_mid.clone()
        ahead.data["players"][0]["virtues"] = ["generosity", "bravery"]
        ahead.data["players"][1]["virtues"] = []
        v = ahead.evaluate()  # type: ignore[attr-defined]
        assert v[0] > 0.9 > 0.1 > v[1]
