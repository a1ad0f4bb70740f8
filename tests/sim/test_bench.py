"""The kernel benchmark (tabletop.sim.bench): its figures are measured, not made up."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.sim.bench import binomial_p, kernel_figures, mid_game, strength, throughput

runner = CliRunner()


class TestKernelFigures:
    def test_the_kernel_figures_are_measured(self) -> None:
        figures = kernel_figures(repeat=5)
        assert figures["template_options"] == 10_000
        assert figures["legal_one_action_us_median"] > 0
        assert figures["undo_at_2000_from_snapshot_ms_median"] > 0


class TestDesignersThroughput:
    def test_games_per_second_and_search_playouts_are_measured(self) -> None:
        rows = throughput(
            [("paupers-ladder", {"players": 2})],
            seconds=0.01,
            search_seconds=0.01,
            bot="ismcts?iterations=4",
        )
        (row,) = rows
        assert row["label"] == "paupers-ladder players=2"
        assert row["games"] >= 1 and row["games_per_second"] > 0
        search = row["search"]
        assert search["decisions"] >= 1 and search["playouts"] >= 4
        assert search["iterations_per_second"] > 0 and search["choices"] >= 2

    def test_the_mid_game_state_is_the_same_on_every_run(self) -> None:
        a = mid_game("paupers-ladder", {"players": 3}, seed=2)
        b = mid_game("paupers-ladder", {"players": 3}, seed=2)
        assert a.num_actions() == b.num_actions() > 0
        assert a.to_json() == b.to_json()

    def test_bench_games_alone_prints_every_mode_of_the_game(self) -> None:
        result = runner.invoke(
            app,
            [
                "bench",
                "paupers-ladder",
                "--games",
                "--seconds",
                "0.001",
                "--bot",
                "bot:ismcts?iterations=2",
            ],
        )
        assert result.exit_code == 0, result.output
        out = result.output
        assert "| mode | games / CPU s |" in out
        for label in (
            "paupers-ladder players=4",
            "paupers-ladder players=3 mode=survival",
            "scenario=fiery-siege difficulty=very-hard",
        ):
            assert label in out
        assert "tabletop's kernel and rules:" in out


class TestStrength:
    def test_seats_rotate_and_the_interval_holds_the_share(self) -> None:
        f = strength(
            "paupers-ladder",
            {"players": 2},
            games=2,
            seed=5,
            bot="bot:ismcts?iterations=2",
            against="bot:random",
        )
        assert f["games"] == 2 and f["even"] == 0.5
        assert [r["seats"] for r in f["rows"]] == [
            ["bot:ismcts?iterations=2", "bot:random"],
            ["bot:random", "bot:ismcts?iterations=2"],
        ]
        lo, hi = f["ci95"]
        assert lo <= f["share"] <= hi
        assert f["decisions"] > 0 and f["seconds_per_decision"] > 0

    def test_solo_plays_every_seed_with_both_bots(self) -> None:
        params = {"mode": "solo", "players": 1, "scenario": "fiery-siege", "difficulty": "easy"}
        f = strength(
            "paupers-ladder",
            params,
            games=2,
            seed=1,
            bot="bot:ismcts?iterations=2",
            against="bot:random",
        )
        assert f["games"] == 2 and len(f["rows"]) == 4
        assert {(r["seed"], r["seats"][0]) for r in f["rows"]} == {
            (s, b) for s in (1, 2) for b in ("bot:ismcts?iterations=2", "bot:random")
        }
        assert f["n"] <= 2

    def test_exact_binomial_p_value(self) -> None:
        assert binomial_p(5, 10, 0.5) == pytest.approx(1.0)
        assert binomial_p(10, 10, 0.5) == pytest.approx(2 / 1024)
        # 29 of 50 against an even share: the figure
        assert binomial_p(29, 50, 0.5) == pytest.approx(0.3222, abs=1e-3)

    def test_bench_strength_prints_a_table_with_intervals(self) -> None:
        result = runner.invoke(
            app,
            [
                "bench",
                "paupers-ladder",
                "--param",
                "players=2",
                "--strength",
                "--games",
                "2",
                "--bot",
                "bot:ismcts?iterations=2",
            ],
        )
        assert result.exit_code == 0, result.output
        assert "| paupers-ladder players=2 | 2 |" in result.output
        assert "win share (95% CI)" in result.output
