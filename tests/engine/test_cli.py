"""The `tabletop` command, driven through typer's test runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.engine import Record

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.db'}"


class TestCli:
    def test_games_lists_registered_games(self) -> None:
        result = runner.invoke(app, ["games"])
        assert result.exit_code == 0 and "toy-bids" in result.output

    def test_simulate_prints_a_table_and_writes_json(self, tmp_path: Path) -> None:
        out = tmp_path / "sim.json"
        result = runner.invoke(
            app,
            [
                "simulate",
                "toy-bids",
                "--param",
                "players=3",
                "--param",
                "rounds=4",
                "-n",
                "6",
                "--seed",
                "9",
                "--seats",
                "bot:random",
                "--json",
                str(out),
            ],
        )
        assert result.exit_code == 0, result.output
        assert "win share seat 2" in result.output
        doc = json.loads(out.read_text())
        assert doc["params"] == {"players": 3, "rounds": 4} and len(doc["results"]) == 6

    def test_simulate_seats_default_to_the_games_own_bot(self) -> None:
        result = runner.invoke(
            app, ["simulate", "paupers-ladder", "--param", "mode=solo", "-n", "2"]
        )
        assert result.exit_code == 0, result.output
        assert "win share seat 0 (bot:greedy)" in result.output
        result = runner.invoke(app, ["simulate", "toy-bids", "-n", "2"])
        assert "win share seat 0 (bot:random)" in result.output

    def test_bad_params_are_clear_errors(self) -> None:
        result = runner.invoke(app, ["simulate", "toy-bids", "--param", "players=9"])
        assert result.exit_code == 2 and "'players' must be <= 7" in result.output
        result = runner.invoke(app, ["simulate", "nope"])
        assert result.exit_code == 2 and "unknown game 'nope'" in result.output

    def test_bench_prints_figures(self) -> None:
        result = runner.invoke(app, ["bench", "toy-bids", "--games", "3"])
        assert result.exit_code == 0, result.output
        assert "clone() us, median" in result.output

    def test_play_with_a_human_saves_and_replays(self, tmp_path: Path, db: str) -> None:
        record = tmp_path / "game.json"
        # the human always picks option 1 until the game ends
        result = runner.invoke(
            app,
            [
                "play",
                "toy-bids",
                "--param",
                "rounds=2",
                "--seats",
                "human,bot:random",
                "--seed",
                "4",
                "--save",
                str(record),
                "--db",
                db,
            ],
            input="1\n" * 20,
        )
        assert result.exit_code == 0, result.output
        assert "Game over" in result.output
        saved = Record.load(record)
        assert saved.replay().is_terminal()
        result = runner.invoke(app, ["replay", str(record), "--no-pause", "--seat", "0"])
        assert result.exit_code == 0 and "action 1/" in result.output
        result = runner.invoke(app, ["saves", "--db", db])
        assert "toy-bids" in result.output and "over" in result.output

    def test_quit_and_resume_from_the_store(self, db: str) -> None:
        result = runner.invoke(
            app,
            ["play", "toy-bids", "--seats", "human,human", "--seed", "2", "--db", db],
            input="1\n\n1\nq\n",
        )
        assert result.exit_code == 0, result.output
        assert "Pass the keyboard to seat 1" in result.output
        game_id = result.output.split("game id ")[1].split()[0]
        result = runner.invoke(
            app, ["play", "toy-bids", "--resume", game_id, "--db", db], input="1\n" * 40 + "\n" * 40
        )
        assert result.exit_code == 0, result.output

    def test_an_invalid_choice_is_explained(self, db: str) -> None:
        result = runner.invoke(
            app,
            ["play", "toy-bids", "--param", "rounds=1", "--seats", "human,bot:random", "--db", db],
            input="99\nh\n1\n1\n1\n",
        )
        assert "'99' is not an option" in result.output

    def test_lint_content_of_an_unknown_game(self) -> None:
        result = runner.invoke(app, ["lint-content", "nope"])
        assert result.exit_code == 2 and "unknown game" in result.output
