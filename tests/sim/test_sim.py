"""Simulation: same seed, same results, whatever the number of workers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.engine import load
from tabletop.engine.bots import make_bot
from tabletop.sim.runner import parse_params, parse_seats, simulate


class TestSimulate:
    def test_results_do_not_depend_on_workers(self) -> None:
        one = simulate("toy-bids", {"players": 3}, 12, 100, ["bot:random"] * 3, workers=1)
        two = simulate("toy-bids", {"players": 3}, 12, 100, ["bot:random"] * 3, workers=2)
        strip = lambda doc: [{k: v for k, v in r.items() if k != "seconds"} for r in doc["results"]]  # noqa: E731
        assert strip(one) == strip(two)
        assert [r["seed"] for r in one["results"]] == list(range(100, 112))

    def test_document_shape_and_summary(self) -> None:
        doc = simulate("toy-bids", {}, 10, 0, ["bot:random", "bot:random"])
        assert set(doc) == {"game", "params", "seed", "seats", "rotate", "results", "summary"}
        row = doc["results"][0]
        assert set(row) >= {"seed", "winners", "scores", "reason", "actions", "rounds"}
        s = doc["summary"]
        assert s["games"] == 10 and s["reasons"] == {"rounds": 10}
        assert set(s["win_share"]) == {"0", "1"}

    def test_rotated_seats_give_each_bot_every_seat(self) -> None:
        """``rotate``: game i seats the bots rotated by i places; each bot's win share comes
        with its Wilson interval, counting a shared win 1/k."""
        seats = ["bot:ismcts?iterations=5", "bot:random", "bot:random"]
        doc = simulate("toy-bids", {"players": 3}, 6, 40, seats, rotate=True)
        rows = doc["results"]
        assert rows[1]["seats"] == ["bot:random", "bot:random", "bot:ismcts?iterations=5"]
        assert [r["seats"].index(seats[0]) for r in rows] == [0, 2, 1, 0, 2, 1]
        by_bot = doc["summary"]["win_share_by_bot"]
        assert by_bot[seats[0]]["games"] == 6 and by_bot["bot:random"]["games"] == 12
        wins = sum(
            1 / len(r["winners"]) for r in rows if r["seats"].index(seats[0]) in r["winners"]
        )
        assert by_bot[seats[0]]["wins"] == pytest.approx(wins)
        lo, hi = by_bot[seats[0]]["ci95"]
        assert lo <= by_bot[seats[0]]["share"] <= hi
        assert sum(b["wins"] for b in by_bot.values()) == pytest.approx(
            sum(1 for r in rows if r["winners"])
        )
        again = simulate("toy-bids", {"players": 3}, 6, 40, seats, rotate=True, workers=2)
        assert [r["winners"] for r in again["results"]] == [r["winners"] for r in rows]

    def test_simulate_command_rotates_and_prints_each_bots_interval(self, tmp_path: Path) -> None:
        seats = "bot:ismcts?iterations=5,bot:random"
        out = tmp_path / "results.json"
        args = ["simulate", "toy-bids", "-n", "4", "--seats", seats, "--rotate", "--json", str(out)]
        result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert "win share seat 1 (bots rotated)" in result.output
        # the table's label may be cut to the terminal's width: each bot's row, then its figures
        text = " ".join(result.output.split())
        assert "win share bot:ismcts" in text and "win share bot:random" in text
        assert len(re.findall(r"\d+\.\d% \(95% CI \d+\.\d% - \d+\.\d%\)", text)) >= 2
        by_bot = json.loads(out.read_text())["summary"]["win_share_by_bot"]
        assert by_bot["bot:ismcts?iterations=5"]["games"] == 4

    def test_seat_and_param_parsing(self) -> None:
        assert parse_seats("bot:random", 3) == ["bot:random"] * 3
        with pytest.raises(ValueError, match="names 2 seats; the game has 3"):
            parse_seats("bot:a,bot:b", 3)
        assert parse_params(["players=3", "mode=solo"]) == {"players": "3", "mode": "solo"}
        with pytest.raises(ValueError, match="key=value"):
            parse_params(["players"])

    def test_unknown_bot_kind(self) -> None:
        with pytest.raises(ValueError, match="has no bot 'genius'; available: ismcts, random"):
            make_bot(load("toy-bids"), "genius", 0, 1)
