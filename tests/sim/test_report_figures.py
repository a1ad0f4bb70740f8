"""Balance reports a designer can act on: sweeps of the number of players and of the mode (their
conditional parameters handled, refused before any game when they cannot be played), runs with
other seats refused, cards rated by play rate and win rate when played, a note on every
interval too wide to say anything, the first player as the game chose it, the score margin, and
seats named as the game names them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tabletop.cli.report as report_cli
from tabletop.cli.main import app
from tabletop.cli.report import sweep_plan
from tabletop.engine import BadParameter, load
from tabletop.engine.bots import make_bot
from tabletop.sim.report import (
    MIN_PLAYS,
    compute,
    games_for,
    seat_labels,
    share_note,
    write_report,
)
from tabletop.sim.runner import play_one

runner = CliRunner()


def run(rows: list[dict[str, Any]], seats: list[str] | None = None, **params: Any) -> dict:
    return {"game": "g", "params": {"players": 2, **params}, "seed": 0,
            "seats": seats or ["bot:a", "bot:b"], "results": rows}  # fmt: skip


def row(winners: list[int], seed: int = 0, **extra: Any) -> dict[str, Any]:
    return {"seed": seed, "winners": winners, "reason": "x", "actions": 10, "rounds": 5,
            "first": 0, **extra}  # fmt: skip


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game played fails the test: a refusal must come before the first game."""

    def played(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(report_cli, "simulate", played)


class TestSweepPlan:
    def test_players_sweeps_the_counts_the_mode_allows(self) -> None:
        sets, notes = sweep_plan("paupers-ladder", {}, "players")
        assert [s["players"] for s in sets] == [2, 3, 4]
        assert len(notes) == 1 and notes[0].startswith("players=1 left out")
        sets, _ = sweep_plan("paupers-ladder", {}, "players=3,4")
        assert [s["players"] for s in sets] == [3, 4]

    def test_mode_brings_its_own_parameters(self) -> None:
        sets, notes = sweep_plan("paupers-ladder", {"difficulty": "hard"}, "mode")
        assert [s["mode"] for s in sets] == ["standard", "survival", "solo"]
        assert [s["players"] for s in sets] == [2, 2, 1]  # solo's own default
        assert "difficulty" not in sets[0] and sets[2]["difficulty"] == "hard"
        assert any("difficulty left out" in n for n in notes)

    @pytest.mark.parametrize(
        ("given", "sweep", "message"),
        [
            ({}, "colour", "no such parameter"),
            ({"players": "3"}, "players", "contradict"),
            ({}, "difficulty", "no value can be played"),  # no solo mode: no difficulty
            ({"players": "3"}, "mode=standard,solo", "must be 1 in mode 'solo'"),
            ({"mode": "solo"}, "players", "only one value can be played"),
            ({"mode": "solo", "difficulty": "hard"}, "players", "only one value"),
        ],
    )
    def test_refused_when_it_cannot_be_played(
        self, given: dict[str, str], sweep: str, message: str
    ) -> None:
        with pytest.raises(BadParameter, match=message):
            sweep_plan("paupers-ladder", given, sweep)

    def test_a_parameter_of_no_swept_value_is_refused(self) -> None:
        with pytest.raises(BadParameter, match="applies to none of its values"):
            sweep_plan("paupers-ladder", {"difficulty": "hard"}, "mode=standard,survival")


class TestSweepCommand:
    def test_sweep_players_reports_every_figure_per_count(self, tmp_path: Path) -> None:
        result = runner.invoke(
            app, ["report", "paper-tales", "--sweep", "players=2,3", "-n", "2", "--out",
                  str(tmp_path)],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        (folder,) = list(tmp_path.iterdir())
        runs = json.loads((folder / "runs.json").read_text())
        assert [len(r["seats"]) for r in runs] == [2, 3]
        figures = json.loads((folder / "figures.json").read_text())
        assert figures["sweep"] == "players" and set(figures["variants"]) == {"2", "3"}
        names = load("paper-tales", players=3).new_state(0).seat_names()
        by_name = {line["figure"]: line["values"] for line in figures["figures"]}
        assert by_name[f"win share, {names[2]}"]["2"] is None  # no third seat with two
        assert by_name[f"win share, {names[0]}"]["3"]["note"].startswith("too wide to say")
        html = (folder / "index.html").read_text()
        assert "Every figure by players" in html and "players = 3" in html

    def test_sweep_mode_with_a_solo_parameter(self, tmp_path: Path) -> None:
        result = runner.invoke(
            app, ["report", "lairs", "--sweep", "mode", "--param", "difficulty=hard", "-n",
                  "1", "--out", str(tmp_path)],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "note: mode=standard: difficulty left out" in result.output
        (folder,) = list(tmp_path.iterdir())
        runs = json.loads((folder / "runs.json").read_text())
        assert [r["params"]["mode"] for r in runs] == ["standard", "intro", "solo"]
        assert runs[2]["params"]["difficulty"] == "hard" and "difficulty" not in runs[0]["params"]
        assert json.loads((folder / "figures.json").read_text())["sweep"] == "mode"

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--sweep", "difficulty"], "no value can be played"),
            (["--sweep", "players", "--seats", "bot:greedy,bot:random"], "one bot for every"),
            (["--sweep", "mode=standard,solo", "--param", "players=3"], "must be 1 in mode"),
            (["--sweep", "colour"], "no such parameter"),
        ],
    )
    def test_refused_before_any_game_is_played(
        self, args: list[str], message: str, no_games: None
    ) -> None:
        result = runner.invoke(app, ["report", "paupers-ladder", "-n", "2", *args])
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.output.split())


class TestPooledRuns:
    def test_runs_with_other_seats_are_refused(self, tmp_path: Path) -> None:
        a = run([row([0], seed=0)])
        b = run([row([1], seed=1)], seats=["bot:b", "bot:a"])
        with pytest.raises(ValueError, match="different seats"):
            compute([a, b])
        c = {**run([row([1], seed=2)], seats=["bot:a"] * 3), "params": {"players": 3}}
        with pytest.raises(ValueError, match="different seats"):
            compute([a, c])  # another number of players is another game, not a sweep of it
        paths = []
        for i, doc in enumerate((a, b)):
            paths += ["--from", str(tmp_path / f"{i}.json")]
            (tmp_path / f"{i}.json").write_text(json.dumps({**doc, "game": "toy-bids"}))
        result = runner.invoke(app, ["report", "toy-bids", *paths, "--out", str(tmp_path)])
        assert result.exit_code == 2 and "different seats" in result.output

    def test_the_same_game_twice_is_refused(self) -> None:
        with pytest.raises(ValueError, match="seed 3 is in two of these runs"):
            compute([run([row([0], seed=3)]), run([row([1], seed=3)])])
        f = compute([run([row([0], seed=3)]), run([row([1], seed=4)])])
        assert f.games == 2

    def test_a_sweep_changing_the_seats_needs_one_bot_throughout(self) -> None:
        two = {**run([row([0])], seats=["bot:a"] * 2), "params": {"players": 2}}
        three = {**run([row([0])], seats=["bot:a"] * 3), "params": {"players": 3}}
        f = compute([two, three])
        assert f.sweep == "players" and [v.players for v in f.variants.values()] == [2, 3]
        mixed = {**three, "seats": ["bot:a", "bot:b", "bot:a"]}
        with pytest.raises(ValueError, match="one bot in every seat"):
            compute([two, mixed])


class TestNotes:
    def test_wide_intervals_ask_for_more_games(self) -> None:
        note = share_note(0.2, 0.8, 10, 0.5)
        assert note.startswith("too wide to say: run more games (about ")
        assert games_for(0.3, 10) >= 300  # six times narrower: 36 times the games
        assert share_note(0.55, 0.62, 900, 0.5) == "above even"
        assert share_note(0.40, 0.45, 900, 0.5) == "below even"
        assert share_note(0.47, 0.53, 900, 0.5) == "even within ±3%"

    def test_every_figure_of_the_page_carries_its_note(self, tmp_path: Path) -> None:
        rows = [row([i % 2], seed=i, scores={"0": i % 3, "1": 1}) for i in range(6)]
        folder = write_report([run(rows)], tmp_path)
        figures = json.loads((folder / "figures.json").read_text())
        for share in figures["win_share_by_seat"]:
            assert share["note"].startswith("too wide to say")
        assert figures["first_player"]["note"].startswith("too wide to say")

    def test_games_nobody_won_are_not_read_against_an_even_share(self, tmp_path: Path) -> None:
        rows = [row([i % 2], seed=i) for i in range(400)]
        folder = write_report([run(rows)], tmp_path)
        html = (folder / "index.html").read_text()
        no_winner = html[html.index("<td>no winner</td>") :].split("</tr>")[0]
        assert "0 / 400" in no_winner and "even" not in no_winner
        assert "even within ±5%" in html  # the seats' 50% each, read against 50%


class TestFirstPlayerMarginAndNames:
    def test_the_first_player_is_the_seat_of_the_first_turn(self) -> None:
        """Lairs draws its first explorer after the build: the seat of the first prompt is not
        it."""
        firsts = []
        for seed in range(4):
            r = play_one("lairs", {}, seed, ["bot:greedy"] * 2)
            game = load("lairs")
            state = game.new_state(seed)
            bots = {s: make_bot(game, "greedy", s, seed) for s in range(2)}
            while state.prompt().turn is None:
                for seat in state.current_seats():
                    if seat in state.current_seats():
                        state.apply(bots[seat].act(state), seat)
            assert r["first"] == state.prompt().turn
            firsts.append(r["first"])
        assert set(firsts) == {0, 1}

    def test_score_margin_is_the_top_less_the_next(self) -> None:
        rows = [row([0], scores={"0": 9, "1": 4}), row([1], seed=1, scores={"0": 5, "1": 5})]
        f = compute([run(rows)])
        assert f.margins == [5.0, 0.0]
        solo = compute([{**run([row([0], scores={"0": 3})], seats=["bot:a"]),
                         "params": {"players": 1}}])  # fmt: skip
        assert solo.margins == []

    def test_seats_keep_the_games_names_where_they_never_change(self) -> None:
        rows = [row([0], names=["Red", "Blue"]), row([1], seed=1, names=["Red", "Green"])]
        assert seat_labels(rows, 2) == ["Red", "Seat 2"]
        assert seat_labels([row([0])], 2) == ["Seat 1", "Seat 2"]
        f = compute([run(rows)])
        assert f.seat_shares[0].label == "Red (bot:a)"

    def test_the_first_player_of_a_game_without_turns_is_not_made_up(self) -> None:
        rows = [row([0], first=None), row([1], seed=1, first=None)]
        f = compute([run(rows)])
        assert f.first_player is None and not f.first_named


class TestCards:
    def rows(self, n: int) -> list[dict[str, Any]]:
        """Seat 0 plays "Dragon" in every game and wins two in three; "Imp" is played in the
        first game only, by seat 1 (which loses it); both had "Elf" at the end only when it won."""
        out = []
        for i in range(n):
            won = 0 if i % 3 else 1
            played = {"0": {"Unit": ["Dragon", "Elf"]}, "1": {"Unit": ["Elf"] + ["Imp"] * (i == 0)}}
            tags = {str(s): {"Unit": ["Elf"] if s == won else []} for s in (0, 1)}
            out.append(row([won], seed=i, played=played, tags=tags))
        return out

    def test_play_rate_and_win_rate_when_played_not_survivorship(self) -> None:
        f = compute([run(self.rows(60))])
        cards = {c.label: c for c in f.cards["Unit"]}
        dragon, elf, imp = cards["Dragon"], cards["Elf"], cards["Imp"]
        assert (dragon.plays, dragon.seat_games) == (60, 120)
        assert dragon.play_rate.share == 0.5
        assert dragon.when_played.wins == 40 and dragon.when_not.wins == 20
        # Elf was played by every seat: its win rate is the average, not the winners' 100%
        assert elf.play_rate.share == 1.0 and elf.when_played.share == 0.5
        assert imp.plays == 1 and not imp.rated and dragon.rated and not elf.rated
        assert [c.label for c in f.rated("Unit")] == ["Dragon"]

    def test_page_rates_only_the_sample_and_warns_of_many_comparisons(self, tmp_path: Path) -> None:
        folder = write_report([run(self.rows(2 * MIN_PLAYS))], tmp_path)
        html = (folder / "index.html").read_text()
        assert "Many comparisons" in html and "Bonferroni" in html
        assert f"fewer than {MIN_PLAYS} seat-games played or not: not rated" in html
        cards = json.loads((folder / "figures.json").read_text())["cards"]["Unit"]
        dragon = next(c for c in cards if c["label"] == "Dragon")
        assert dragon["rated"] and dragon["stands_out"]  # 67% against 33%, 60 games each
        lo, hi = dragon["ci_corrected"]  # one card rated: no wider than its 95% interval
        assert lo == pytest.approx(dragon["ci95"][0]) and hi == pytest.approx(dragon["ci95"][1])
